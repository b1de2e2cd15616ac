//! `cargo xtask spec [--record] [FILTER]`.
//!
//! Without `--record`: builds the release binary and runs every spec in every
//! mode of [`rhizome_spec::MODES`] on all cores, prints each failure with its
//! diffs, and ends with `N passed, N failed` (exit status 1 if any failed).
//! This is the same matrix `cargo test --workspace` runs, but on the release
//! build and with full reports in one place.
//!
//! With `--pending`: the same for the specs staged under `spec/pending/`,
//! as a progress report (always exits 0).
//!
//! With `--record`: checks that `ruby` is MRI 3.1.x (installing Debian's when it
//! is missing and we are root) and regenerates the expectations of every
//! matching spec except the hand-written ones under `spec/rhizome/`.

use crate::support::{build_release, ensure_ruby, parallel_map, Result};
use rhizome_spec::{Failure, Mode, Recorded, Spec, MODES};
use std::path::Path;
use std::process::ExitCode;

/// Runs (or, with `record`, records) the specs matching `filter`; with
/// `pending`, runs only the staged specs of spec/pending/ as a progress
/// report.
pub fn run(record: bool, pending: bool, filter: Option<&str>) -> Result<ExitCode> {
    let all = rhizome_spec::discover()?;
    if record {
        return record_specs(&all, filter);
    }
    let specs: Vec<Spec> = all
        .into_iter()
        .filter(|spec| spec.is_pending() == pending)
        .collect();
    if pending && specs.is_empty() {
        println!("no staged specs in spec/pending");
        return Ok(ExitCode::SUCCESS);
    }
    let status = check_specs(&specs, filter)?;
    Ok(if pending { ExitCode::SUCCESS } else { status })
}

fn check_specs(specs: &[Spec], filter: Option<&str>) -> Result<ExitCode> {
    let jobs: Vec<(String, &Mode, &Spec)> = MODES
        .iter()
        .flat_map(|mode| {
            specs
                .iter()
                .map(move |spec| (format!("{}::{}", mode.name, spec.name()), mode, spec))
        })
        .filter(|(name, mode, spec)| spec.runs_in(mode) && filter.is_none_or(|f| name.contains(f)))
        .collect();
    if jobs.is_empty() {
        return Err(format!("no spec matches {:?}", filter.unwrap_or("")).into());
    }
    let binary = build_release()?;
    let timeout = rhizome_spec::timeout_from_env();
    eprintln!("running {} spec(s) with {}", jobs.len(), binary.display());
    let results = parallel_map(&jobs, |(_, mode, spec)| {
        spec.check(&binary, mode.flags, timeout)
    });
    let mut passed = 0;
    let mut failed = 0;
    for ((name, _, _), result) in jobs.iter().zip(results) {
        match result {
            Ok(()) => passed += 1,
            Err(failure) => {
                failed += 1;
                print_failure(name, &failure);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_failure(name: &str, failure: &Failure) {
    let kind = match failure {
        Failure::Error(_) => "ERROR",
        Failure::Hang { .. } => "HANG",
        Failure::Mismatch { .. } => "FAIL",
    };
    println!("{kind} {name}");
    for line in failure.to_string().lines() {
        println!("    {line}");
    }
    println!();
}

fn record_specs(specs: &[Spec], filter: Option<&str>) -> Result<ExitCode> {
    let version = ensure_ruby()?;
    if !version.starts_with("3.1.") {
        return Err(format!(
            "`ruby -v` reports {version}; expectations must be recorded with MRI 3.1.x"
        )
        .into());
    }
    let matching: Vec<&Spec> = specs
        .iter()
        .filter(|spec| filter.is_none_or(|f| spec.name().contains(f)))
        .collect();
    if matching.is_empty() {
        return Err(format!("no spec matches {:?}", filter.unwrap_or("")).into());
    }
    let (hand_written, to_record): (Vec<&Spec>, Vec<&Spec>) = matching
        .into_iter()
        .partition(|spec| spec.is_hand_written());
    eprintln!("recording {} spec(s) with ruby {version}", to_record.len());
    let timeout = rhizome_spec::timeout_from_env();
    let results = parallel_map(&to_record, |spec| spec.record(Path::new("ruby"), timeout));
    let (mut new, mut changed, mut unchanged, mut errors) = (0, 0, 0, 0);
    for (spec, result) in to_record.iter().zip(results) {
        match result {
            Ok(Recorded::New) => {
                new += 1;
                println!("new     {}", spec.name());
            }
            Ok(Recorded::Changed) => {
                changed += 1;
                println!("changed {}", spec.name());
            }
            Ok(Recorded::Unchanged) => unchanged += 1,
            Err(error) => {
                errors += 1;
                println!("ERROR   {error}");
            }
        }
    }
    println!(
        "recorded {}: {new} new, {changed} changed, {unchanged} unchanged, {errors} error(s); \
         {} hand-written spec(s) under spec/rhizome/ left alone",
        to_record.len(),
        hand_written.len()
    );
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
