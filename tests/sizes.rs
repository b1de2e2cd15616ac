//! Sizes a reader can hold: no source file over 1,500 lines and no function
//! over 200, in every crate of the workspace.
//!
//! The one function allowed to be longer is the interpreter's dispatch loop
//! (`Vm::run` in `src/interp/run.rs`): one `match` arm per
//! instruction, kept together so that the hot loop stays one function for
//! the compiler. What is over a limit today and not yet split is listed in
//! [`KNOWN_LONG`]: a new one fails the test, and so does one that is split
//! but still listed, so the list only shrinks.
//!
//! A function's length is counted from its `fn` line to the line that
//! closes it at the same indentation, which `cargo fmt` makes exact.

use std::fs;
use std::path::Path;

const MAX_FILE_LINES: usize = 1_500;
const MAX_FN_LINES: usize = 200;

/// The folders of the workspace that hold Rust source.
const SOURCE_DIRS: &[&str] = &[
    "src",
    "tests",
    "benches",
    "examples",
    "bytecode/src",
    "deopt/src",
    "jit/src",
    "spec/src",
    "xtask/src",
    "fuzz/fuzz_targets",
];

/// Allowed to be long: (file, function or `""` for the file itself).
const ALLOWED: &[(&str, &str)] = &[("src/interp/run.rs", "run")];

/// Over a limit and still to split: (file, function or `""` for the file).
const KNOWN_LONG: &[(&str, &str)] = &[];

/// Every `.rs` file below `dir`, as paths relative to `root`.
fn rust_files(root: &Path, dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(root, &path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let relative = path.strip_prefix(root).expect("below the root");
            files.push(relative.to_string_lossy().replace('\\', "/"));
        }
    }
}

/// The name of the function a line declares with a body, if it does.
fn declared_fn(line: &str) -> Option<&str> {
    let code = line.trim_start();
    let at = code.find("fn ")?;
    let before = &code[..at];
    let qualifiers = before.split_whitespace().all(|word| {
        word.starts_with("pub") || matches!(word, "const" | "async" | "unsafe" | "extern" | "\"C\"")
    });
    if !qualifiers || line.trim_end().ends_with(';') {
        return None;
    }
    let name = &code[at + 3..];
    let end = name
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(name.len());
    (end > 0).then(|| &name[..end])
}

/// The functions of `source` with their length in lines.
fn function_lengths(source: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = source.lines().collect();
    let mut lengths = Vec::new();
    for (start, line) in lines.iter().enumerate() {
        let Some(name) = declared_fn(line) else {
            continue;
        };
        let indent = &line[..line.len() - line.trim_start().len()];
        let close = format!("{indent}}}");
        if let Some(end) = lines[start..].iter().position(|l| *l == close) {
            lengths.push((name.to_owned(), end + 1));
        }
    }
    lengths
}

/// Everything over a limit: (file, function or `""`, lines).
fn over_limits() -> Vec<(String, String, usize)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in SOURCE_DIRS {
        rust_files(root, &root.join(dir), &mut files);
    }
    files.sort();
    let mut over = Vec::new();
    for file in files {
        let source = fs::read_to_string(root.join(&file)).expect("a readable file");
        let lines = source.lines().count();
        if lines > MAX_FILE_LINES {
            over.push((file.clone(), String::new(), lines));
        }
        for (name, length) in function_lengths(&source) {
            if length > MAX_FN_LINES {
                over.push((file.clone(), name, length));
            }
        }
    }
    over
}

#[test]
fn files_and_functions_stay_short() {
    let over = over_limits();
    let listed = |file: &str, name: &str| {
        ALLOWED
            .iter()
            .chain(KNOWN_LONG)
            .any(|&(f, n)| f == file && n == name)
    };
    let new: Vec<_> = over
        .iter()
        .filter(|(file, name, _)| !listed(file, name))
        .collect();
    assert!(
        new.is_empty(),
        "over {MAX_FILE_LINES} lines per file or {MAX_FN_LINES} per function (split by job): {new:?}"
    );
    let split: Vec<_> = KNOWN_LONG
        .iter()
        .filter(|&&(file, name)| !over.iter().any(|(f, n, _)| f == file && n == name))
        .collect();
    assert!(
        split.is_empty(),
        "no longer over the limit, remove from KNOWN_LONG: {split:?}"
    );
}

#[test]
fn function_lengths_count_to_the_closing_brace() {
    let source = "fn a() {\n    1\n}\n\npub(crate) unsafe fn b(x: u8) -> u8 {\n    let f = |y| {\n        y\n    };\n    f(x)\n}\nfn declared();\n";
    assert_eq!(
        function_lengths(source),
        [("a".to_owned(), 3), ("b".to_owned(), 6)]
    );
}
