//! Instruction-count benchmarks of the interpreter (iai-callgrind).
//!
//! Each benchmark runs the release-profile `rhizome` binary on one of the
//! wall-clock programs in `benches/ruby/`, with a smaller size given as the
//! script's argument so that a run under callgrind takes seconds. Callgrind
//! counts instructions, which are repeatable where wall time is not, so a
//! change in the interpreter's speed shows as a change in these counts.
//!
//! Run with `cargo xtask iai`, which installs valgrind and the matching
//! `iai-callgrind-runner` first (plain `cargo bench --bench interpreter` works
//! once they are installed).

use iai_callgrind::{binary_benchmark, binary_benchmark_group, main, Command};

/// Path of a benchmark program in `benches/ruby/`.
fn script(name: &str) -> String {
    format!("{}/benches/ruby/{name}", env!("CARGO_MANIFEST_DIR"))
}

// `rhizome benches/ruby/SCRIPT SIZE` (the macro accepts no doc comment here).
#[binary_benchmark]
#[bench::fib_20("fib.rb", "20")]
#[bench::while_loop_200k("while_loop.rb", "200000")]
#[bench::float_loop_200k("float_loop.rb", "200000")]
fn interpreter(name: &str, size: &str) -> Command {
    Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .arg(script(name))
        .arg(size)
        .build()
}

binary_benchmark_group!(
    name = ruby_programs;
    benchmarks = interpreter
);

main!(binary_benchmark_groups = ruby_programs);
