//! `cargo xtask gc-check`: the memory acceptance test of issue 2.
//!
//! `benches/gc/churn.rb` allocates 50 million short-lived strings and arrays
//! (plus their temporaries) in a while loop and prints a checksum. With a
//! working collector the live set stays tiny, so the peak RSS of the whole run
//! must stay under 100 MB; without one it grows to gigabytes. The task builds
//! the release binary, runs the program under rhizome, prints the peak RSS and
//! wall time, and fails if the limit is reached, if rhizome fails, or if its
//! output differs from `ruby`'s (checked when ruby is installed).

use crate::support::{build_release, measure, megabytes, root, ruby_version, Result};
use std::process::{Command, ExitCode};

/// Peak RSS (bytes) at or above which the check fails: 100 MB.
const LIMIT: u64 = 100_000_000;

/// Runs the check.
pub fn run() -> Result<ExitCode> {
    let binary = build_release()?;
    let script = root().join("benches").join("gc").join("churn.rb");
    eprintln!("running {} under rhizome", script.display());
    let rhizome = measure(Command::new(&binary).arg(&script))
        .map_err(|e| format!("could not run {}: {e}", binary.display()))?;
    println!(
        "gc-check: rhizome peak RSS {:.1} MB (limit {:.0} MB), {:.2} s",
        megabytes(rhizome.peak_rss),
        megabytes(LIMIT),
        rhizome.wall.as_secs_f64()
    );
    let mut failures = Vec::new();
    if !rhizome.status.success() {
        failures.push(format!(
            "rhizome exited with {}; stderr:\n{}",
            rhizome.status,
            String::from_utf8_lossy(&rhizome.stderr)
        ));
    }
    if rhizome.peak_rss >= LIMIT {
        failures.push(format!(
            "peak RSS {:.1} MB is not under {:.0} MB",
            megabytes(rhizome.peak_rss),
            megabytes(LIMIT)
        ));
    }
    match ruby_version() {
        None => println!("gc-check: ruby is not installed; output not compared"),
        Some(version) => {
            let ruby = measure(Command::new("ruby").arg(&script))
                .map_err(|e| format!("could not run ruby: {e}"))?;
            println!(
                "gc-check: ruby {version} peak RSS {:.1} MB, {:.2} s",
                megabytes(ruby.peak_rss),
                ruby.wall.as_secs_f64()
            );
            if ruby.stdout != rhizome.stdout {
                failures.push(format!(
                    "rhizome's output differs from ruby's (- ruby, + rhizome):\n{}",
                    rhizome_spec::diff("stdout", &ruby.stdout, &rhizome.stdout)
                ));
            }
        }
    }
    if failures.is_empty() {
        println!("gc-check: passed");
        Ok(ExitCode::SUCCESS)
    } else {
        for failure in &failures {
            println!("gc-check: FAILED: {failure}");
        }
        Ok(ExitCode::FAILURE)
    }
}
