//! The runtime crate's layers, and a check that no module reaches up.
//!
//! ```text
//! 6  cli, main, lib                    the command line
//! 5  compiled, profile_dump            the JIT's runtime side, profile dumps
//! 4  core                              the core library
//! 3  interp                            the interpreter
//! 2  vm, classes, limits, errors,      the VM state: class definitions
//!    output, prelude, diagnostics      and constants, exceptions, I/O
//! 1  object, shape, block,             objects, shapes, blocks
//!    inline_cache, frame_layout
//! 0  value, heap, stack                values and the heap
//! ```
//!
//! A module may name (`crate::x`) modules of its own layer or below. The
//! references upward that the code still has are listed in
//! [`KNOWN_UPWARD`], file by file: a new one fails the test, and so does
//! one that is gone from the code but still listed, so the list only
//! shrinks.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

const LAYERS: &[&[&str]] = &[
    &["value", "heap", "stack"],
    &[
        "object",
        "shape",
        "block",
        "inline_cache",
        "frame_layout",
        "method",
    ],
    &[
        "vm",
        "classes",
        "limits",
        "errors",
        "output",
        "prelude",
        "diagnostics",
    ],
    &["interp"],
    &["core"],
    &["compiled", "profile_dump"],
    &["cli", "main", "lib"],
];

/// (file under `src/`, module it names from a lower layer): the upward
/// references still to remove.
const KNOWN_UPWARD: &[(&str, &str)] = &[
    ("interp/blocks.rs", "core"),
    ("interp/fast_paths.rs", "core"),
    ("interp/mod.rs", "core"),
    ("interp/run.rs", "core"),
    ("interp/send.rs", "core"),
    ("object.rs", "core"),
    ("vm/methods.rs", "core"),
    ("vm/mod.rs", "core"),
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
    let known: BTreeSet<(String, String)> = KNOWN_UPWARD
        .iter()
        .map(|&(file, name)| (file.to_owned(), name.to_owned()))
        .collect();
    let new: Vec<_> = upward.difference(&known).collect();
    assert!(
        new.is_empty(),
        "modules that name a higher layer (move the type down, or pass it in): {new:?}"
    );
    let paid: Vec<_> = known.difference(&upward).collect();
    assert!(
        paid.is_empty(),
        "no longer upward, remove from KNOWN_UPWARD: {paid:?}"
    );
}

#[test]
fn named_modules_skip_comments() {
    let source = "use crate::vm::Vm; // crate::core\nlet x = crate::interp::run();";
    let names: Vec<String> = named_modules(source).into_iter().collect();
    assert_eq!(names, ["interp", "vm"]);
}
