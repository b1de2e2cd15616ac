//! `cargo xtask`: the project's automation, written in Rust so it runs wherever
//! cargo does (the alias lives in `.cargo/config.toml`).
//!
//! - `spec`: run the MRI-compatibility specs (every spec in every mode) against
//!   the release binary, or `--record` their expectations with a real `ruby`.
//! - `bench`: wall-clock time and peak RSS of `benches/ruby/*.rb` (and of
//!   start-up) under rhizome, `ruby` and `ruby --yjit`, run alternately.
//! - `iai`: instruction counts of the interpreter under callgrind
//!   (`benches/interpreter.rs`), installing valgrind and the matching
//!   `iai-callgrind-runner` first.
//! - `gc-check`: the memory acceptance test, a program that churns through 50
//!   million short-lived objects must stay under 100 MB of peak RSS.
//! - `fuzz`: a differential fuzzer: random object-oriented Ruby programs run
//!   under MRI and under rhizome in every mode (plus GC stress); findings are
//!   minimised by delta debugging and written out as candidate specs.
//!
//! Every task that runs rhizome builds it first with `cargo build --release`
//! (honouring `CARGO_TARGET_DIR`), so the numbers are always for the current
//! tree; `fuzz` is the exception: it tests the binary it is given
//! (`--rhizome PATH`, by default the release build already there).

mod bench;
mod fuzz;
mod gc_check;
mod iai;
mod spec;
mod support;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The command line of `cargo xtask`.
#[derive(Parser)]
#[command(
    name = "cargo xtask",
    bin_name = "cargo xtask",
    about = "rhizome's project automation"
)]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Run every spec in every mode against the release binary (prints failures
    /// with diffs and `N passed, N failed`), or record expectations with ruby.
    Spec {
        /// Regenerate the expectations (.out/.err/.status) with `ruby` 3.1
        /// (installed with apt-get when missing); spec/rhizome/ is never recorded.
        #[arg(long)]
        record: bool,
        /// Run only the specs staged under spec/pending/ (features still being
        /// built) and report how many pass; never fails.
        #[arg(long, conflicts_with = "record")]
        pending: bool,
        /// Only specs whose test name (`MODE::GROUP/NAME`) contains this text.
        filter: Option<String>,
    },
    /// Median wall time and peak RSS of benches/ruby/*.rb, the benchmark sizes of spec/programs/, the Are We Fast
    /// Yet programs and start-up under rhizome, ruby and ruby --yjit; checks rhizome prints what ruby prints.
    Bench {
        /// Runs of each benchmark under each implementation.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
        runs: u32,
        /// Runs of the start-up case (`-e 'puts 1'`) under each implementation.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
        startup_runs: u32,
        /// Extra flag for rhizome (repeatable), e.g. `--rhizome-flag=--no-jit`.
        #[arg(long = "rhizome-flag", value_name = "FLAG", allow_hyphen_values = true)]
        rhizome_flags: Vec<String>,
        /// Also run rhizome with these flags (space-separated; repeatable),
        /// e.g. `--variant=--no-splitting`, and print a table comparing
        /// each variant with rhizome's defaults: time, code bytes, compile
        /// time.
        #[arg(long = "variant", value_name = "FLAGS", allow_hyphen_values = true)]
        variants: Vec<String>,
        /// The Are We Fast Yet suite's Ruby folder (its `harness.rb`), from the
        /// project's root; skipped with a note when it is not there.
        #[arg(long, value_name = "DIR", default_value = "../shared/benchmarks/awfy")]
        awfy: std::path::PathBuf,
        /// Only benchmarks whose name contains this text (`startup` for start-up).
        filter: Option<String>,
    },
    /// Run the iai-callgrind benchmarks (`cargo bench --bench interpreter`),
    /// installing valgrind and the matching iai-callgrind-runner when missing.
    Iai {
        /// Arguments passed on to the benchmark harness (after `--`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Run benches/gc/churn.rb and fail if rhizome's peak RSS reaches 100 MB or
    /// its output differs from ruby's (when ruby is installed).
    GcCheck,
    /// Differential fuzzing: generate random Ruby programs (deep class
    /// hierarchies, hot polymorphic calls, closures, exceptions, overflow),
    /// run each under MRI and under rhizome in every spec mode plus
    /// --gc-stress, minimise the ones that differ and write them to the out
    /// directory as candidate specs. Ends with `N passed, M failed`.
    Fuzz {
        /// Seed of the run: program I of seed S is always the same program.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many programs to generate and run.
        #[arg(long, default_value_t = 100)]
        count: u64,
        /// Index of the first program: a long run can go on where an earlier
        /// one stopped (`--start 30000 --count 70000` finishes a run of
        /// 100000 that stopped after program 29999).
        #[arg(long, default_value_t = 0)]
        start: u64,
        /// Run (or print) only the program with this index (to reproduce one).
        #[arg(long)]
        index: Option<u64>,
        /// Minimise each failing program by delta debugging (the default).
        #[arg(long, overrides_with = "no_minimize")]
        minimize: bool,
        /// Report failing programs as generated, without minimising them.
        #[arg(long, overrides_with = "minimize")]
        no_minimize: bool,
        /// Seconds the minimiser may spend on one failing program.
        #[arg(long, default_value_t = 300)]
        minimize_time: u64,
        /// Where findings go (default: target/fuzz/).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Modes to run, comma-separated (default: all): interp, jit-eager,
        /// jit-compile, jit-default, jit-stress-1, jit-stress-2, jit-evict, gc-stress,
        /// gc-stress-jit.
        #[arg(long, value_delimiter = ',', num_args = 1..)]
        modes: Vec<String>,
        /// The rhizome binary to test (default: target/release/rhizome; not built).
        #[arg(long)]
        rhizome: Option<std::path::PathBuf>,
        /// Programs run at the same time.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
        jobs: u64,
        /// Seconds of CPU time one run may take before it counts as a hang.
        #[arg(long, default_value_t = 20)]
        timeout: u64,
        /// Print the generated programs instead of running them.
        #[arg(long)]
        print: bool,
        /// Constructs to leave out of the programs, comma-separated, to look
        /// past known findings: safe-nav-block (`x&.m { }`), arity-message
        /// (ArgumentError messages of arity errors), backtraces (printed or
        /// checksummed backtraces).
        #[arg(long, value_delimiter = ',', num_args = 1..)]
        avoid: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Spec {
            record,
            pending,
            filter,
        } => spec::run(record, pending, filter.as_deref()),
        Task::Bench {
            runs,
            startup_runs,
            rhizome_flags,
            variants,
            awfy,
            filter,
        } => bench::run(&bench::Options {
            runs: runs as usize,
            startup_runs: startup_runs as usize,
            rhizome_flags,
            variants,
            // Relative to the project's root, wherever the task runs from.
            awfy: crate::support::root().join(awfy),
            filter,
        }),
        Task::Iai { args } => iai::run(&args),
        Task::GcCheck => gc_check::run(),
        Task::Fuzz {
            seed,
            count,
            start,
            index,
            minimize: _,
            no_minimize,
            minimize_time,
            out,
            modes,
            rhizome,
            jobs,
            timeout,
            print,
            avoid,
        } => fuzz::run(&fuzz::Options {
            seed,
            count,
            start,
            index,
            minimize: !no_minimize,
            out,
            modes,
            rhizome,
            jobs: jobs as usize,
            timeout: std::time::Duration::from_secs(timeout),
            minimize_time: std::time::Duration::from_secs(minimize_time),
            print,
            avoid,
        }),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
