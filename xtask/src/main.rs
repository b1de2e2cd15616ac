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
//!
//! Every task that runs rhizome builds it first with `cargo build --release`
//! (honouring `CARGO_TARGET_DIR`), so the numbers are always for the current tree.

mod bench;
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
    /// Median wall time and peak RSS of benches/ruby/*.rb, the benchmark sizes of spec/programs/ and start-up under
    /// rhizome, ruby and ruby --yjit; checks rhizome prints what ruby prints.
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
            filter,
        } => bench::run(&bench::Options {
            runs: runs as usize,
            startup_runs: startup_runs as usize,
            rhizome_flags,
            filter,
        }),
        Task::Iai { args } => iai::run(&args),
        Task::GcCheck => gc_check::run(),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
