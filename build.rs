//! Compiles the prelude (`rb/*.rb`, the core methods written in Ruby) into
//! a bytecode snapshot at build time, so that starting rhizome loads
//! compiled methods instead of parsing two thousand lines of Ruby
//! (`src/prelude.rs` loads it; `bytecode::snapshot` says how).

use std::path::PathBuf;

/// The prelude files, in load order (`src/prelude.rs` names them too).
const PRELUDE: &[&str] = &[
    "kernel",
    "comparable",
    "enumerable",
    "numeric",
    "integer",
    "array",
    "hash",
    "range",
    "proc",
    "enumerator",
    "struct",
    "thread",
];

fn main() {
    let mut symbols = bytecode::SymbolTable::new();
    let methods: Vec<bytecode::Method> = PRELUDE
        .iter()
        .map(|name| {
            let path = format!("rb/{name}.rb");
            println!("cargo:rerun-if-changed={path}");
            let source = std::fs::read(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
            let file = format!("<internal:{name}>");
            bytecode::compile_file(&source, &file, &mut symbols)
                .unwrap_or_else(|error| panic!("{path} does not compile: {}", error.report))
        })
        .collect();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(
        out.join("prelude.bin"),
        bytecode::snapshot::save(&methods, &symbols),
    )
    .expect("writing the prelude snapshot");
}
