//! `cargo xtask iai [-- HARNESS ARGS]`.
//!
//! iai-callgrind benchmarks count instructions under valgrind's callgrind,
//! which makes them repeatable to a few instructions. They need two things
//! outside cargo's reach: `valgrind` (installed with apt-get when missing) and
//! an `iai-callgrind-runner` binary of exactly the version of the
//! `iai-callgrind` crate in Cargo.lock (installed with `cargo install` when
//! missing or different). Then `cargo bench --bench interpreter` runs
//! `benches/interpreter.rs`, pointed at that runner by `IAI_CALLGRIND_RUNNER`.

use crate::support::{apt_install, cargo, root, run_checked, Result};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

const RUNNER: &str = "iai-callgrind-runner";

/// Installs what the benchmarks need and runs them.
pub fn run(harness_args: &[String]) -> Result<ExitCode> {
    ensure_valgrind()?;
    let version = locked_version("iai-callgrind")?;
    let runner = ensure_runner(&version)?;
    eprintln!(
        "running cargo bench --bench interpreter with {}",
        runner.display()
    );
    let mut command = Command::new(cargo());
    command
        .args(["bench", "--bench", "interpreter"])
        .current_dir(root())
        .env("IAI_CALLGRIND_RUNNER", &runner);
    if !harness_args.is_empty() {
        command.arg("--").args(harness_args);
    }
    run_checked(&mut command, "cargo bench --bench interpreter")?;
    Ok(ExitCode::SUCCESS)
}

fn ensure_valgrind() -> Result<()> {
    let works = || {
        Command::new("valgrind")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    if works() {
        return Ok(());
    }
    apt_install(&["valgrind"])?;
    if works() {
        Ok(())
    } else {
        Err("valgrind is still missing after apt-get install valgrind".into())
    }
}

/// The version of `package` recorded in the workspace's Cargo.lock (generated
/// with `cargo metadata` if there is none yet).
fn locked_version(package: &str) -> Result<String> {
    let lock = root().join("Cargo.lock");
    if !lock.exists() {
        run_checked(
            Command::new(cargo())
                .args(["metadata", "--format-version", "1"])
                .current_dir(root())
                .stdout(Stdio::null()),
            "cargo metadata (to create Cargo.lock)",
        )?;
    }
    let text = fs::read_to_string(&lock).map_err(|e| format!("reading {}: {e}", lock.display()))?;
    parse_locked_version(&text, package)
        .ok_or_else(|| format!("{package} is not in {}", lock.display()).into())
}

/// Finds `version = "..."` in the `[[package]]` entry named `package`.
fn parse_locked_version(lock: &str, package: &str) -> Option<String> {
    let wanted = format!("name = \"{package}\"");
    let mut in_entry = false;
    for line in lock.lines().map(str::trim) {
        if line == "[[package]]" {
            in_entry = false;
        } else if line == wanted {
            in_entry = true;
        } else if in_entry {
            if let Some(version) = line.strip_prefix("version = ") {
                return Some(version.trim_matches('"').to_owned());
            }
        }
    }
    None
}

/// Makes sure an `iai-callgrind-runner` of `version` is installed; returns its path.
fn ensure_runner(version: &str) -> Result<PathBuf> {
    if let Some(path) = find_runner() {
        if runner_version(&path).as_deref() == Some(version) {
            return Ok(path);
        }
    }
    eprintln!("installing {RUNNER} {version} (cargo install)");
    let install = |locked: bool| {
        let mut command = Command::new(cargo());
        command.args(["install", RUNNER, "--version", version]);
        if locked {
            command.arg("--locked");
        }
        run_checked(
            &mut command,
            &format!("cargo install {RUNNER} --version {version}"),
        )
    };
    // The runner's own lock file first (known-good dependencies), then fresh ones.
    install(true).or_else(|_| install(false))?;
    let path = find_runner().ok_or_else(|| format!("{RUNNER} not found after cargo install"))?;
    match runner_version(&path) {
        Some(found) if found == version => Ok(path),
        found => Err(format!(
            "{} reports version {found:?} after installing {version}",
            path.display()
        )
        .into()),
    }
}

/// The runner in cargo's install directory, else the first one on `PATH`.
fn find_runner() -> Option<PathBuf> {
    let cargo_home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let installed = cargo_home.map(|home| home.join("bin").join(RUNNER));
    let on_path: Vec<PathBuf> = env::var_os("PATH")
        .map(|paths| {
            env::split_paths(&paths)
                .map(|dir| dir.join(RUNNER))
                .collect()
        })
        .unwrap_or_default();
    installed
        .into_iter()
        .chain(on_path)
        .find(|candidate| candidate.is_file())
}

/// The version of the runner at `path`. Runners 0.16 have no real `--version`:
/// given an unknown first argument they print an error naming their version
/// (`... iai-callgrind-runner (0.16.1) is >= '0.3.0' ...`), so both that form
/// and a plain `iai-callgrind-runner 0.16.1` are understood.
fn runner_version(path: &Path) -> Option<String> {
    let output = Command::new(path).arg("--version").output().ok()?;
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    parse_runner_version(&text)
}

/// The version in the output of `iai-callgrind-runner --version`.
fn parse_runner_version(text: &str) -> Option<String> {
    let is_version = |word: &str| {
        !word.is_empty()
            && word.split('.').count() == 3
            && word
                .split('.')
                .all(|part| part.chars().all(|c| c.is_ascii_digit()))
    };
    text.split("iai-callgrind-runner")
        .skip(1)
        .find_map(|after| {
            let word = after
                .trim_start()
                .split(|c: char| c.is_whitespace() || c == ')')
                .next()?
                .trim_start_matches('(');
            is_version(word).then(|| word.to_owned())
        })
}

#[cfg(test)]
mod tests {
    use super::{parse_locked_version, parse_runner_version};

    #[test]
    fn reads_runner_versions() {
        let error = "iai_callgrind_runner: Error: No version information found for \
                     iai-callgrind but iai-callgrind-runner (0.16.1) is >= '0.3.0'.";
        assert_eq!(parse_runner_version(error).as_deref(), Some("0.16.1"));
        assert_eq!(
            parse_runner_version("iai-callgrind-runner 0.17.0\n").as_deref(),
            Some("0.17.0")
        );
        assert_eq!(parse_runner_version("command not found"), None);
    }

    #[test]
    fn reads_versions_from_cargo_lock() {
        let lock = "[[package]]\nname = \"iai-callgrind-runner\"\nversion = \"9.9.9\"\n\n\
                    [[package]]\nname = \"iai-callgrind\"\nversion = \"0.16.1\"\n";
        assert_eq!(
            parse_locked_version(lock, "iai-callgrind").as_deref(),
            Some("0.16.1")
        );
        assert_eq!(parse_locked_version(lock, "valgrind"), None);
    }
}
