//! The runtime crate's layers, and a check that no module reaches up.
//!
//! ```text
//! 6  cli, main, lib, sandbox           the command line, the fuzz runner
//! 5  compiled, profile_dump            the JIT's runtime side, profile dumps
//! 4  interp                            the interpreter
//! 3  core                              the core library
//! 2  vm, classes, limits, traps,       the VM state: class definitions
//!    errors, output, prelude,          and constants, exceptions, I/O,
//!    diagnostics, random_state,        random generators, open files,
//!    open_file                         signal handlers
//! 1  object, shape, block,             objects, shapes, blocks, methods,
//!    inline_cache, frame_layout,       String encodings, Hash tables,
//!    method, encoding, hash_table,     the regexp engine, case tables
//!    pattern, case_table
//! 0  value, heap, stack, signals,      values and the heap, the buffers
//!    overflow_slots, array_items       of objects and Arrays, signals
//! ```
//!
//! The interpreter is above the core library, as CPython's `ceval.c` is
//! above its `Objects/`: its instructions do what core methods do (build a
//! Regexp, alias a method, `[a, b].max`) by calling them, while the core
//! library runs Ruby code only through `Vm` methods (`call`,
//! `call_block`) that the interpreter defines, never by naming it. The
//! JIT's runtime side is reached the same way (`Vm::run_compiled`,
//! `Vm::jit_entering`), and the VM holds its state as a `dyn JitRuntime`.
//!
//! A module may name (`crate::x`) modules of its own layer or below; the
//! test fails on any that names a higher one, and on a module in no layer.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

const LAYERS: &[&[&str]] = &[
    &[
        "value",
        "heap",
        "stack",
        "signals",
        "overflow_slots",
        "array_items",
    ],
    &[
        "object",
        "shape",
        "block",
        "inline_cache",
        "frame_layout",
        "method",
        "encoding",
        "hash_table",
        "pattern",
        "case_table",
    ],
    &[
        "vm",
        "classes",
        "limits",
        "traps",
        "errors",
        "output",
        "prelude",
        "diagnostics",
        "random_state",
        "open_file",
        "splitting",
    ],
    &["core"],
    &["interp"],
    &["compiled", "profile_dump"],
    &["cli", "main", "lib", "sandbox"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every `.rs` file below `dir`, as paths relative to `root`.
fn rust_files(root: &Path, dir: &Path, files: &mut Vec<String>) {
    for entry in fs::read_dir(dir).expect("a readable source folder") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("below the root");
            files.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The modules `crate::x` names in `source`, comments left out.
fn named_modules(source: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for line in source.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            names.insert(name);
        }
    }
    names
}

#[test]
fn no_module_names_a_higher_layer() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    files.sort();
    let mut upward = BTreeSet::new();
    for file in &files {
        let module = file.split('/').next().unwrap_or("").trim_end_matches(".rs");
        let Some(own) = layer_of(module) else {
            panic!("src/{file}: module `{module}` is in no layer; add it to LAYERS");
        };
        let source = fs::read_to_string(root.join(file)).expect("a readable file");
        for name in named_modules(&source) {
            if layer_of(&name).is_some_and(|layer| layer > own) {
                upward.insert((file.clone(), name));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "modules that name a higher layer (move the type down, or pass it in): {upward:?}"
    );
}

#[test]
fn named_modules_skip_comments() {
    let source = "use crate::vm::Vm; // crate::core\nlet x = crate::interp::run();";
    let names: Vec<String> = named_modules(source).into_iter().collect();
    assert_eq!(names, ["interp", "vm"]);
}
