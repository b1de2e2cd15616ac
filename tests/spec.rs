//! The spec suite as a `cargo test` target.
//!
//! One libtest trial per (mode, spec), named `MODE::GROUP/NAME` (for example
//! `interp::language/if_else`), each running the `rhizome` binary cargo built
//! for this test on one snippet under `spec/` and comparing its stdout, stderr
//! and exit status with the recorded expectations (see the `rhizome-spec`
//! crate for the format). No Ruby is needed: the expectations are files.
//! Specs staged under `spec/pending/` are left out (see
//! `cargo xtask spec --pending`), and a spec is ignored in a mode its
//! `# spec: skip-mode MODE REASON` names.
//! libtest-mimic runs the trials in parallel and prints libtest's usual
//! report, so filters (`cargo test --test spec -- if_else`), `--list`,
//! `--exact` and `--test-threads` work as with ordinary tests.

use libtest_mimic::{Arguments, Trial};
use rhizome_spec::MODES;
use std::path::PathBuf;

fn main() {
    let args = Arguments::from_args();
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_rhizome"));
    let timeout = rhizome_spec::timeout_from_env();
    let specs = match rhizome_spec::discover() {
        Ok(specs) => specs,
        Err(error) => {
            eprintln!("error: could not list the specs: {error}");
            std::process::exit(101);
        }
    };
    let mut trials = Vec::with_capacity(MODES.len() * specs.len());
    for mode in MODES {
        for spec in specs.iter().filter(|spec| !spec.is_pending()) {
            let spec = spec.clone();
            let binary = binary.clone();
            let name = format!("{}::{}", mode.name, spec.name());
            let skipped = !spec.runs_in(mode);
            let trial = Trial::test(name, move || {
                spec.check(&binary, mode.flags, timeout)
                    .map_err(|failure| failure.to_string().into())
            });
            // A `# spec: skip-mode` shows as ignored, with its reason in
            // the spec.
            trials.push(trial.with_ignored_flag(skipped));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
