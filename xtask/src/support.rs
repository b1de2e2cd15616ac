//! What the tasks share: where the workspace is, building the release binary,
//! installing system packages, finding `ruby`, measuring a child process (wall
//! time and peak RSS through `wait4`), and running work on all cores.

use std::env;
use std::ffi::OsString;
use std::io::{self, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// The error type of every task: a message for the user.
pub type Error = Box<dyn std::error::Error>;

/// Result of a task step.
pub type Result<T> = std::result::Result<T, Error>;

/// The workspace root (the parent of `xtask/`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives in the workspace root")
        .to_path_buf()
}

/// The cargo that runs us (`$CARGO`), or `cargo` from `PATH`.
pub fn cargo() -> OsString {
    env::var_os("CARGO").unwrap_or_else(|| "cargo".into())
}

/// The target directory cargo uses for the workspace: `CARGO_TARGET_DIR` (or
/// `CARGO_BUILD_TARGET_DIR`), relative to the root, else `target/`.
pub fn target_dir() -> PathBuf {
    let configured = env::var_os("CARGO_TARGET_DIR")
        .or_else(|| env::var_os("CARGO_BUILD_TARGET_DIR"))
        .filter(|dir| !dir.is_empty());
    match configured {
        Some(dir) => root().join(dir),
        None => root().join("target"),
    }
}

/// Runs `command`, failing with a message naming `what` unless it succeeds.
pub fn run_checked(command: &mut Command, what: &str) -> Result<()> {
    let status = command
        .status()
        .map_err(|e| format!("could not start {what}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})").into())
    }
}

/// Builds the release binary with `cargo build --release` and returns its path.
pub fn build_release() -> Result<PathBuf> {
    eprintln!("building rhizome: cargo build --release");
    run_checked(
        Command::new(cargo())
            .args(["build", "--release"])
            .current_dir(root()),
        "cargo build --release",
    )?;
    let binary = target_dir().join("release").join("rhizome");
    if binary.is_file() {
        Ok(binary)
    } else {
        Err(format!(
            "the build succeeded but {} does not exist",
            binary.display()
        )
        .into())
    }
}

/// Whether we run as root (and so may use apt-get).
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Installs Debian packages with `apt-get install -y`, running `apt-get update`
/// and trying again if the first attempt fails (e.g. no package lists yet).
pub fn apt_install(packages: &[&str]) -> Result<()> {
    if !is_root() {
        return Err(format!(
            "{} missing and we are not root: run `apt-get install -y {}`",
            packages.join(", "),
            packages.join(" ")
        )
        .into());
    }
    let install = || {
        Command::new("apt-get")
            .args(["install", "-y", "--no-install-recommends"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .map(|s| s.success())
            .unwrap_or(false)
    };
    eprintln!("installing {} with apt-get", packages.join(" "));
    if install() {
        return Ok(());
    }
    run_checked(
        Command::new("apt-get")
            .arg("update")
            .env("DEBIAN_FRONTEND", "noninteractive"),
        "apt-get update",
    )?;
    if install() {
        Ok(())
    } else {
        Err(format!("apt-get install -y {} failed", packages.join(" ")).into())
    }
}

/// The version `ruby -v` reports (e.g. `3.1.2p20`), or `None` if there is no ruby.
pub fn ruby_version() -> Option<String> {
    let output = Command::new("ruby").arg("-v").output().ok()?;
    if !output.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&output.stdout);
    text.split_whitespace().nth(1).map(str::to_owned)
}

/// Makes sure `ruby` is installed, installing Debian's when it is missing and we
/// are root; returns its version.
pub fn ensure_ruby() -> Result<String> {
    if let Some(version) = ruby_version() {
        return Ok(version);
    }
    apt_install(&["ruby"])?;
    ruby_version().ok_or_else(|| "ruby is still missing after apt-get install ruby".into())
}

/// Whether `ruby --yjit` really runs with YJIT enabled.
pub fn yjit_available() -> bool {
    Command::new("ruby")
        .args([
            "--yjit",
            "-e",
            "exit(defined?(RubyVM::YJIT) && RubyVM::YJIT.enabled? ? 0 : 1)",
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// What one run of a child process did and cost.
pub struct Measurement {
    /// Wall-clock time from spawn to reaping.
    pub wall: Duration,
    /// Peak resident set size of the child, in bytes (`ru_maxrss`).
    pub peak_rss: u64,
    /// How it ended.
    pub status: ExitStatus,
    /// Everything it wrote to stdout.
    pub stdout: Vec<u8>,
    /// Everything it wrote to stderr.
    pub stderr: Vec<u8>,
}

/// Runs `command` to completion (stdin from /dev/null, output captured) and
/// measures its wall time and peak RSS. The child is reaped with `wait4`, whose
/// `rusage` is that child's alone.
pub fn measure(command: &mut Command) -> io::Result<Measurement> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = command.spawn()?;
    let pid = child.id() as libc::pid_t;
    let mut stdout_pipe = child.stdout.take().expect("stdout is piped");
    let mut stderr_pipe = child.stderr.take().expect("stderr is piped");
    let stdout_reader = thread::spawn(move || {
        let mut bytes = Vec::new();
        stdout_pipe.read_to_end(&mut bytes).map(|_| bytes)
    });
    let stderr_reader = thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr_pipe.read_to_end(&mut bytes).map(|_| bytes)
    });
    let mut raw_status: libc::c_int = 0;
    // SAFETY: an all-zero rusage is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: both pointers are to live locals of the right types; `pid`
        // is our unreaped child (std never waits for it: we do not call wait).
        let reaped = unsafe { libc::wait4(pid, &mut raw_status, 0, &mut usage) };
        if reaped == pid {
            break;
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
    let wall = start.elapsed();
    drop(child);
    let stdout = stdout_reader
        .join()
        .map_err(|_| io::Error::other("stdout reader panicked"))??;
    let stderr = stderr_reader
        .join()
        .map_err(|_| io::Error::other("stderr reader panicked"))??;
    Ok(Measurement {
        wall,
        // On Linux ru_maxrss is in kilobytes (KiB).
        peak_rss: (usage.ru_maxrss.max(0) as u64) * 1024,
        status: ExitStatus::from_raw(raw_status),
        stdout,
        stderr,
    })
}

/// Bytes as megabytes (10^6 bytes), the unit every report uses.
pub fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

/// The median of some durations or sizes (the mean of the middle two for an
/// even count). `values` must not be empty.
pub fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    }
}

/// Applies `work` to every item on all cores, returning the results in order.
pub fn parallel_map<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .min(items.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else {
                    break;
                };
                let result = work(item);
                results.lock().expect("no worker panics holding the lock")[index] = Some(result);
            });
        }
    });
    results
        .into_inner()
        .expect("no worker panicked")
        .into_iter()
        .map(|r| r.expect("every item was processed"))
        .collect()
}
