//! Instruction-count benchmarks (iai-callgrind): the interpreter alone and
//! with the JIT.
//!
//! Each benchmark runs the release-profile `rhizome` binary on one of the
//! wall-clock programs in `benches/ruby/`, with a smaller size given as the
//! script's argument so that a run under callgrind takes seconds: once with
//! `--no-jit` (the interpreter) and once as users run it (the JIT compiles
//! `fib` after 1000 calls and enters the loops by on-stack replacement
//! after 1000 iterations). Callgrind counts instructions, which are
//! repeatable where wall time is not, so a change in either tier's speed
//! shows as a change in these counts.
//!
//! Run with `cargo xtask iai`, which installs valgrind and the matching
//! `iai-callgrind-runner` first (plain `cargo bench --bench interpreter` works
//! once they are installed).

use iai_callgrind::{binary_benchmark, binary_benchmark_group, main, Command};

/// Path of a benchmark program in `benches/ruby/`.
fn script(name: &str) -> String {
    format!("{}/benches/ruby/{name}", env!("CARGO_MANIFEST_DIR"))
}

// `rhizome --no-jit benches/ruby/SCRIPT SIZE` (the macro accepts no doc
// comment here).
#[binary_benchmark]
#[bench::fib_20("fib.rb", "20")]
#[bench::while_loop_200k("while_loop.rb", "200000")]
#[bench::float_loop_200k("float_loop.rb", "200000")]
#[bench::list_shuffle_10("list_shuffle.rb", "10")]
#[bench::string_build_200k("string_build.rb", "200000")]
fn interpreter(name: &str, size: &str) -> Command {
    Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .arg("--no-jit")
        .arg(script(name))
        .arg(size)
        .build()
}

// `rhizome benches/ruby/SCRIPT SIZE`: compiled.
#[binary_benchmark]
#[bench::fib_20("fib.rb", "20")]
#[bench::while_loop_200k("while_loop.rb", "200000")]
#[bench::float_loop_200k("float_loop.rb", "200000")]
#[bench::list_shuffle_10("list_shuffle.rb", "10")]
#[bench::string_build_200k("string_build.rb", "200000")]
fn jit(name: &str, size: &str) -> Command {
    Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .arg(script(name))
        .arg(size)
        .build()
}

binary_benchmark_group!(
    name = ruby_programs;
    benchmarks = interpreter, jit
);

main!(binary_benchmark_groups = ruby_programs);
