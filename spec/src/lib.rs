//! The spec suite: Ruby snippets paired with the output MRI 3.1 printed for them.
//!
//! # The idea
//!
//! rhizome promises to behave exactly like MRI 3.1, so its main test suite is a
//! directory of small Ruby programs (`spec/<group>/<name>.rb`) stored next to the
//! exact bytes MRI wrote for them. A spec passes when rhizome, run the same way,
//! writes the same bytes and exits with the same status. The expectations are
//! recorded once from a real `ruby` (`cargo xtask spec --record`), so running the
//! suite (`cargo test --workspace`) never needs Ruby installed.
//!
//! # The format (everything relies on it)
//!
//! - `<name>.rb` is the snippet; beside it `<name>.out` holds the exact stdout,
//!   `<name>.err` the exact stderr (present only when non-empty) and
//!   `<name>.status` the exit status as a decimal number and a newline (present
//!   only when non-zero), or `signal N` when the process was killed by signal
//!   N (a program that ends with an uncaught SignalException ends so).
//! - A spec is run with its directory as the working directory, the bare file name
//!   as the script argument (so messages read `name.rb:3:in ...`), stdin from
//!   `<name>.in` when that file exists and `/dev/null` otherwise, `LC_ALL=C.UTF-8`,
//!   and no other arguments unless it asks for some.
//! - A comment line `# spec: stderr-first-line` means only the first line of
//!   stderr is compared (the `.err` file still holds all MRI wrote), for errors
//!   whose tail is implementation-defined (e.g. the depth of a
//!   `SystemStackError`).
//! - A comment line `# spec: args A B C` passes those arguments to the script.
//! - A comment line `# spec: skip-mode MODE REASON...` leaves the spec out of
//!   one mode of [`MODES`]; the reason is required, so the spec itself says
//!   why (a program too slow for `--gc-stress` within CI's time, say).
//! - A comment line `# spec: slow REASON...` gives the spec [`SLOW_FACTOR`]
//!   times the timeout in every mode, for the reason written.
//! - Specs under `spec/rhizome/` describe rhizome-only behaviour: their
//!   expectations are written by hand and never re-recorded from MRI.
//!
//! # Modes
//!
//! Every spec must pass in every execution [`Mode`]: a name plus the extra
//! command-line flags given to the binary before the script. [`MODES`] lists
//! them; adding a mode (say `--gc-stress`) is adding one line there, and both
//! `cargo test` and `cargo xtask spec` pick it up.
//!
//! # Using it
//!
//! [`discover`] lists the specs in a deterministic order; [`Spec::check`] runs one
//! on a binary and returns a [`Failure`] whose `Display` is a readable report
//! with unified diffs; [`Spec::record`] regenerates one spec's expectations with
//! `ruby`. Processes that outlive their timeout are killed and reported as
//! hangs. The timeout counts the CPU time the process used, not the time
//! that passed: on a machine busy with other work (a parallel test run, a
//! build), a slow spec is not a hang. A wall-clock bound of
//! [`WALL_CLOCK_FACTOR`] timeouts still ends a process that waits forever. (Snippets start no subprocesses, so the child is killed alone and
//! stays in our process group, where a Ctrl-C reaches it too.)

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// One way of running the binary: every spec must pass in every mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mode {
    /// Short name, used as the prefix of test names (`interp::language/if_else`).
    pub name: &'static str,
    /// Flags passed to the binary before the script's file name.
    pub flags: &'static [&'static str],
}

/// All execution modes, in the order they are run and reported.
///
/// To add a mode, add a line such as
/// `Mode { name: "jit-stress-3", flags: &["--jit-stress-deopt=3"] },`.
pub const MODES: &[Mode] = &[
    Mode {
        name: "interp",
        flags: &["--no-jit"],
    },
    // Every method compiled before its first call (no profile: every send
    // is uncommon, so compiled code deoptimises as it meets them).
    Mode {
        name: "jit-eager",
        flags: &["--jit-threshold=0"],
    },
    // Every method compiled after one run, with its profile.
    Mode {
        name: "jit-compile",
        flags: &["--jit-threshold=1"],
    },
    // What users run.
    Mode {
        name: "jit-default",
        flags: &[],
    },
    // Guards fail on pseudo-random schedules: deoptimisation everywhere.
    Mode {
        name: "jit-stress-1",
        flags: &["--jit-threshold=1", "--jit-stress-deopt=1"],
    },
    Mode {
        name: "jit-stress-2",
        flags: &["--jit-threshold=0", "--jit-stress-deopt=2"],
    },
    // Every method compiled after one run, in a code space so small that
    // compiling evicts cold code and frees the code no activation runs:
    // code freed while something still ran it would crash or misbehave.
    Mode {
        name: "jit-evict",
        flags: &["--jit-threshold=1", "--jit-code-limit=8K"],
    },
    // A collection at every allocation: a value the collector cannot see
    // (a missing root, in the runtime or in compiled code) is freed at once.
    // A spec too slow for it in a debug build says so with
    // `# spec: skip-mode gc-stress REASON`.
    Mode {
        name: "gc-stress",
        flags: &["--gc-stress"],
    },
];

/// How much CPU time one spec may use before it is killed and reported as
/// a hang.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// A process is also killed once it has run this many timeouts of wall-clock
/// time, whatever CPU time it used (one blocked forever uses none).
pub const WALL_CLOCK_FACTOR: u32 = 10;

/// How often a running process's CPU time is read.
const POLL_INTERVAL: Duration = Duration::from_millis(100);

/// Environment variable that overrides [`DEFAULT_TIMEOUT`] (a number of seconds).
pub const TIMEOUT_ENV: &str = "RHIZOME_SPEC_TIMEOUT";

/// The group whose expectations are written by hand (never recorded from MRI).
pub const HAND_WRITTEN_GROUP: &str = "rhizome";

/// Specs (recorded from MRI) for features still being built: `cargo test`
/// skips them; `cargo xtask spec --pending` reports how many already pass.
/// They move to their real group when their feature lands.
pub const PENDING_GROUP: &str = "pending";

/// Captured stdout or stderr beyond this many bytes is dropped (and noted), so a
/// runaway program cannot exhaust memory before its timeout.
const CAPTURE_LIMIT: usize = 64 << 20;

/// Diffs longer than this many lines are cut, with a note saying how much was cut.
const DIFF_LINE_LIMIT: usize = 200;

/// The timeout to use: `RHIZOME_SPEC_TIMEOUT` seconds if set and valid, else
/// [`DEFAULT_TIMEOUT`].
pub fn timeout_from_env() -> Duration {
    std::env::var(TIMEOUT_ENV)
        .ok()
        .and_then(|s| s.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0)
        .map(Duration::from_secs_f64)
        .unwrap_or(DEFAULT_TIMEOUT)
}

/// The `spec/` directory of this workspace (where this crate lives).
pub fn spec_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every spec under [`spec_root`], sorted by name.
pub fn discover() -> Result<Vec<Spec>, Error> {
    discover_in(&spec_root())
}

/// Every `*.rb` file under `root` (recursively), sorted by name. The crate's own
/// `src/` and any `target/` or hidden directory are skipped.
pub fn discover_in(root: &Path) -> Result<Vec<Spec>, Error> {
    let mut specs = Vec::new();
    collect(root, root, &mut specs)?;
    specs.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(specs)
}

fn collect(root: &Path, dir: &Path, specs: &mut Vec<Spec>) -> Result<(), Error> {
    let entries =
        fs::read_dir(dir).map_err(|e| Error::io(format!("reading {}", dir.display()), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| Error::io(format!("reading {}", dir.display()), e))?;
        let path = entry.path();
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        let file_type = entry
            .file_type()
            .map_err(|e| Error::io(format!("inspecting {}", path.display()), e))?;
        if file_type.is_dir() {
            // `lib/` directories hold files that specs require, not specs.
            let skipped = file_name.starts_with('.')
                || file_name == "target"
                || file_name == "lib"
                || (dir == root && file_name == "src");
            if !skipped {
                collect(root, &path, specs)?;
            }
        } else if file_name.ends_with(".rb") {
            specs.push(Spec::from_path(root, path)?);
        }
    }
    Ok(())
}

/// One Ruby snippet and the files that hold its expectations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    name: String,
    path: PathBuf,
}

/// Directives read from a spec's `# spec: ...` comment lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// `# spec: stderr-first-line`: compare only the first line of stderr.
    pub stderr_first_line: bool,
    /// `# spec: args A B C`: arguments given to the script after its file name.
    pub args: Vec<String>,
    /// `# spec: skip-mode MODE REASON`: modes the spec does not run in, each
    /// with the reason given.
    pub skipped_modes: Vec<(String, String)>,
    /// `# spec: slow REASON`: the spec gets [`SLOW_FACTOR`] times the
    /// timeout in every mode (a big program in the slowest modes of a
    /// debug build), for the reason given.
    pub slow: Option<String>,
}

/// How many timeouts a spec marked `# spec: slow` may use.
pub const SLOW_FACTOR: u32 = 2;

/// What a spec is expected to do: the contents of its `.out`, `.err`, `.status`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Expected {
    /// Exact stdout.
    pub stdout: Vec<u8>,
    /// Exact stderr (empty when there is no `.err` file).
    pub stderr: Vec<u8>,
    /// How it ends (`Exit::Code(0)` when there is no `.status` file).
    pub status: Exit,
}

/// How a process ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status.
    Code(i32),
    /// It was killed by this signal (a crash, or killed from outside).
    Signal(i32),
    /// It had used this much CPU time, or (with `wall_clock`) had run this
    /// long ([`WALL_CLOCK_FACTOR`] times the CPU timeout: blocked, or
    /// stopped from outside), and was killed.
    TimedOut { after: Duration, wall_clock: bool },
}

impl Default for Exit {
    fn default() -> Self {
        Exit::Code(0)
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Code(code) => write!(f, "exit status {code}"),
            Exit::Signal(signal) => {
                write!(f, "killed by signal {signal} ({})", signal_name(*signal))
            }
            Exit::TimedOut { after, wall_clock } => {
                let clock = if *wall_clock { "wall-clock" } else { "CPU" };
                write!(f, "still running after {after:.0?} of {clock} time; killed")
            }
        }
    }
}

/// What a process did: its output, how it ended and how long it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// Captured stdout (at most 64 MiB; see `stdout_truncated`).
    pub stdout: Vec<u8>,
    /// Captured stderr (at most 64 MiB; see `stderr_truncated`).
    pub stderr: Vec<u8>,
    /// Whether stdout went past the capture limit and was cut.
    pub stdout_truncated: bool,
    /// Whether stderr went past the capture limit and was cut.
    pub stderr_truncated: bool,
    /// How the process ended.
    pub exit: Exit,
    /// Wall-clock time from spawn to exit.
    pub elapsed: Duration,
}

/// Whether recording changed a spec's expectations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recorded {
    /// The spec had no `.out` before.
    New,
    /// At least one expectation file changed.
    Changed,
    /// MRI printed exactly what was already recorded.
    Unchanged,
}

/// A problem running the harness itself (not a spec failure): an unreadable or
/// malformed file, a program that cannot be started, a refused recording.
#[derive(Debug)]
pub struct Error {
    message: String,
    source: Option<io::Error>,
}

impl Error {
    fn new(message: impl Into<String>) -> Error {
        Error {
            message: message.into(),
            source: None,
        }
    }

    fn io(message: impl Into<String>, source: io::Error) -> Error {
        Error {
            message: message.into(),
            source: Some(source),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.source {
            Some(source) => write!(f, "{}: {}", self.message, source),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// Why a spec did not pass.
#[derive(Debug)]
pub enum Failure {
    /// The spec could not be run or its expectations could not be read.
    Error(Error),
    /// The process did not finish within the timeout.
    Hang {
        /// The timeout that expired.
        timeout: Duration,
        /// What the process had written when it was killed.
        outcome: Outcome,
    },
    /// The process finished but did something else than expected.
    Mismatch {
        /// Readable description: a status line and unified diffs.
        report: String,
        /// What the process did.
        outcome: Outcome,
    },
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::Error(error)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Error(error) => write!(f, "error: {error}"),
            Failure::Hang { timeout, outcome } => {
                writeln!(f, "hang: still running after {timeout:.0?}; killed")?;
                write_tail(f, "stdout", &outcome.stdout)?;
                write_tail(f, "stderr", &outcome.stderr)
            }
            Failure::Mismatch { report, .. } => f.write_str(report),
        }
    }
}

impl std::error::Error for Failure {}

/// Writes the last few lines of a hung process's output, for context.
fn write_tail(f: &mut fmt::Formatter<'_>, what: &str, bytes: &[u8]) -> fmt::Result {
    if bytes.is_empty() {
        return Ok(());
    }
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.len().saturating_sub(10);
    writeln!(f, "last {} line(s) of {what}:", lines.len() - start)?;
    for line in &lines[start..] {
        writeln!(f, "  {line}")?;
    }
    Ok(())
}

impl Spec {
    /// The spec whose snippet is `path`, named relative to `root`.
    pub fn from_path(root: &Path, path: PathBuf) -> Result<Spec, Error> {
        let relative = path.strip_prefix(root).map_err(|_| {
            Error::new(format!(
                "{} is not under {}",
                path.display(),
                root.display()
            ))
        })?;
        let name = relative
            .with_extension("")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        if path.file_name().and_then(|n| n.to_str()).is_none() {
            return Err(Error::new(format!(
                "spec file name is not UTF-8: {}",
                path.display()
            )));
        }
        Ok(Spec { name, path })
    }

    /// The name: the path under `spec/` without `.rb`, e.g. `language/if_else`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The first component of the name, e.g. `language`.
    pub fn group(&self) -> &str {
        self.name.split('/').next().unwrap_or("")
    }

    /// Whether the expectations are hand-written (the `rhizome` group).
    /// Whether the spec is staged under spec/pending/ (see [`PENDING_GROUP`]).
    pub fn is_pending(&self) -> bool {
        self.group() == PENDING_GROUP
    }

    pub fn is_hand_written(&self) -> bool {
        self.group() == HAND_WRITTEN_GROUP && self.name.contains('/')
    }

    /// Path of the `.rb` file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The directory the spec runs in.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }

    /// The bare file name given to the interpreter, e.g. `if_else.rb`.
    pub fn file_name(&self) -> &str {
        self.path
            .file_name()
            .and_then(|n| n.to_str())
            .expect("checked in Spec::from_path")
    }

    /// Path of the expectation file with this extension (`out`, `err`, `status`).
    pub fn expectation_path(&self, extension: &str) -> PathBuf {
        self.path.with_extension(extension)
    }

    /// The snippet's source text.
    /// The snippet's text. A snippet may hold bytes that are no UTF-8
    /// (a binary source file, or one whose invalid bytes are the point):
    /// they read as U+FFFD, which no directive contains.
    pub fn source(&self) -> Result<String, Error> {
        fs::read(&self.path)
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
            .map_err(|e| Error::io(format!("reading {}", self.path.display()), e))
    }

    /// The directives in the snippet's `# spec: ...` comment lines.
    pub fn options(&self) -> Result<Options, Error> {
        parse_options(&self.source()?).map_err(|e| Error::new(format!("{}: {e}", self.name)))
    }

    /// Whether the spec runs in `mode` (no `# spec: skip-mode` names it).
    /// A spec whose directives do not parse runs, and fails on them.
    pub fn runs_in(&self, mode: &Mode) -> bool {
        self.options().map_or(true, |options| {
            !options
                .skipped_modes
                .iter()
                .any(|(name, _)| name == mode.name)
        })
    }

    /// The recorded (or hand-written) expectations.
    pub fn expected(&self) -> Result<Expected, Error> {
        let out = self.expectation_path("out");
        let stdout = fs::read(&out).map_err(|e| {
            let hint = if self.is_hand_written() {
                "write it by hand"
            } else {
                "record it with `cargo xtask spec --record`"
            };
            Error::io(format!("reading {} ({hint})", out.display()), e)
        })?;
        let stderr = read_optional(&self.expectation_path("err"))?.unwrap_or_default();
        let status = match read_optional(&self.expectation_path("status"))? {
            None => Exit::Code(0),
            Some(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                let text = text.trim();
                let parsed = match text.strip_prefix("signal ") {
                    Some(signal) => signal.parse::<i32>().map(Exit::Signal),
                    None => text.parse::<i32>().map(Exit::Code),
                };
                parsed.map_err(|_| {
                    Error::new(format!(
                        "{}: malformed status {:?} (expected a decimal number or `signal N`)",
                        self.expectation_path("status").display(),
                        text
                    ))
                })?
            }
        };
        Ok(Expected {
            stdout,
            stderr,
            status,
        })
    }

    /// Runs `program` on this spec the way specs are run (in the spec's
    /// directory, bare file name, stdin from `NAME.in` or /dev/null, the
    /// spec's `args`): `program FLAGS... NAME.rb ARGS...`.
    pub fn run(&self, program: &Path, flags: &[&str], timeout: Duration) -> Result<Outcome, Error> {
        let options = self.options()?;
        let timeout = if options.slow.is_some() {
            timeout * SLOW_FACTOR
        } else {
            timeout
        };
        let mut command = Command::new(absolute_program(program));
        command
            .args(flags)
            .arg(self.file_name())
            .args(&options.args)
            .current_dir(self.dir())
            .env("LC_ALL", "C.UTF-8")
            .env_remove("RUBYOPT")
            .env_remove("RUBYLIB");
        let input = self.expectation_path("in");
        if input.exists() {
            let file = fs::File::open(&input)
                .map_err(|e| Error::io(format!("opening {}", input.display()), e))?;
            command.stdin(file);
        } else {
            command.stdin(Stdio::null());
        }
        run_with_timeout(command, timeout)
            .map_err(|e| Error::io(format!("running {} on {}", program.display(), self.name), e))
    }

    /// Runs `binary` with `flags` on this spec and compares what it did with the
    /// expectations.
    pub fn check(&self, binary: &Path, flags: &[&str], timeout: Duration) -> Result<(), Failure> {
        let expected = self.expected()?;
        let options = self.options()?;
        let outcome = self.run(binary, flags, timeout)?;
        if let Exit::TimedOut { after, .. } = outcome.exit {
            return Err(Failure::Hang {
                timeout: after,
                outcome,
            });
        }
        match compare(&expected, &outcome, &options) {
            None => Ok(()),
            Some(report) => Err(Failure::Mismatch { report, outcome }),
        }
    }

    /// Runs `ruby` on this spec and writes what it did as the expectations:
    /// `.out` always, `.err` only when stderr is non-empty, `.status` only when
    /// the status is non-zero.
    /// Stale `.err`/`.status` files are removed. Hand-written specs are refused.
    pub fn record(&self, ruby: &Path, timeout: Duration) -> Result<Recorded, Error> {
        if self.is_hand_written() {
            return Err(Error::new(format!(
                "{}: expectations under spec/{HAND_WRITTEN_GROUP}/ are hand-written; not recording",
                self.name
            )));
        }
        let outcome = self.run(ruby, &[], timeout)?;
        let status_text = match outcome.exit {
            Exit::Code(0) => None,
            Exit::Code(code) => Some(format!("{code}\n")),
            Exit::Signal(signal) => Some(format!("signal {signal}\n")),
            other => {
                return Err(Error::new(format!(
                    "{}: {} {other}; nothing recorded",
                    self.name,
                    ruby.display()
                )))
            }
        };
        if outcome.stdout_truncated || outcome.stderr_truncated {
            return Err(Error::new(format!(
                "{}: output is larger than {CAPTURE_LIMIT} bytes; nothing recorded",
                self.name
            )));
        }
        let stderr = outcome.stderr;
        let status_text = status_text.map(String::into_bytes);
        let had_out = self.expectation_path("out").exists();
        let mut changed = write_if_changed(&self.expectation_path("out"), Some(&outcome.stdout))?;
        changed |= write_if_changed(
            &self.expectation_path("err"),
            (!stderr.is_empty()).then_some(&stderr[..]),
        )?;
        changed |= write_if_changed(&self.expectation_path("status"), status_text.as_deref())?;
        Ok(if !had_out {
            Recorded::New
        } else if changed {
            Recorded::Changed
        } else {
            Recorded::Unchanged
        })
    }
}

/// Parses the `# spec: ...` directives of a snippet. Unknown directives are
/// errors, so that a typo does not silently change what is checked.
pub fn parse_options(source: &str) -> Result<Options, String> {
    let mut options = Options::default();
    for (index, line) in source.lines().enumerate() {
        let Some(comment) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let Some(directive) = comment.trim_start().strip_prefix("spec:") else {
            continue;
        };
        let mut words = directive.split_whitespace();
        match words.next() {
            Some("stderr-first-line") if words.next().is_none() => {
                options.stderr_first_line = true;
            }
            Some("args") => options.args.extend(words.map(str::to_owned)),
            Some("slow") => {
                let reason = words.collect::<Vec<_>>().join(" ");
                if reason.is_empty() {
                    return Err(format!("line {}: `# spec: slow REASON` needs a reason", index + 1));
                }
                options.slow = Some(reason);
            }
            Some("skip-mode") => {
                let mode = words.next().unwrap_or_default();
                let reason = words.collect::<Vec<_>>().join(" ");
                if !MODES.iter().any(|m| m.name == mode) || reason.is_empty() {
                    return Err(format!(
                        "line {}: `# spec: skip-mode MODE REASON` needs one of the modes ({}) and a reason",
                        index + 1,
                        MODES.iter().map(|m| m.name).collect::<Vec<_>>().join(", ")
                    ));
                }
                options.skipped_modes.push((mode.to_owned(), reason));
            }
            _ => {
                return Err(format!(
                    "line {}: unknown spec directive {:?} (known: `# spec: stderr-first-line`, `# spec: args A B C`, `# spec: skip-mode MODE REASON`, `# spec: slow REASON`)",
                    index + 1,
                    directive.trim()
                ))
            }
        }
    }
    Ok(options)
}

/// Compares what a process did with the expectations. Returns `None` when they
/// agree, or a readable report: a status line and a unified diff (`-` expected,
/// `+` actual) of each stream that differs.
pub fn compare(expected: &Expected, outcome: &Outcome, options: &Options) -> Option<String> {
    let mut report = String::new();
    let status_ok = outcome.exit == expected.status;
    if !status_ok {
        report.push_str(&format!(
            "expected {}, got {}\n",
            expected.status, outcome.exit
        ));
    }
    if outcome.stdout != expected.stdout {
        report.push_str(&diff("stdout", &expected.stdout, &outcome.stdout));
    }
    let (want_err, got_err) = if options.stderr_first_line {
        (first_line(&expected.stderr), first_line(&outcome.stderr))
    } else {
        (&expected.stderr[..], &outcome.stderr[..])
    };
    if want_err != got_err {
        let what = if options.stderr_first_line {
            "stderr (first line only)"
        } else {
            "stderr"
        };
        report.push_str(&diff(what, want_err, got_err));
    }
    for (truncated, what) in [
        (outcome.stdout_truncated, "stdout"),
        (outcome.stderr_truncated, "stderr"),
    ] {
        if truncated {
            report.push_str(&format!("note: {what} was cut at {CAPTURE_LIMIT} bytes\n"));
        }
    }
    if report.is_empty() {
        None
    } else {
        Some(report)
    }
}

/// A unified diff (`--- expected` / `+++ actual`) of two byte strings shown as
/// text, cut after [`DIFF_LINE_LIMIT`] lines. Differences the line view cannot
/// show (a missing final newline, invalid UTF-8) are spelled out.
pub fn diff(what: &str, expected: &[u8], actual: &[u8]) -> String {
    let old = String::from_utf8_lossy(expected);
    let new = String::from_utf8_lossy(actual);
    let text_diff = similar::TextDiff::configure()
        .timeout(Duration::from_secs(2))
        .diff_lines(old.as_ref(), new.as_ref());
    let unified = text_diff
        .unified_diff()
        .context_radius(3)
        .missing_newline_hint(true)
        .header(&format!("expected {what}"), &format!("actual {what}"))
        .to_string();
    let mut out = String::new();
    let lines: Vec<&str> = unified.lines().collect();
    for line in lines.iter().take(DIFF_LINE_LIMIT) {
        out.push_str(line);
        out.push('\n');
    }
    if lines.len() > DIFF_LINE_LIMIT {
        out.push_str(&format!(
            "... ({} more diff lines)\n",
            lines.len() - DIFF_LINE_LIMIT
        ));
    }
    if old == new {
        // Same text after lossy decoding: the difference is in invalid bytes.
        out.push_str(&format!(
            "{what} differs in bytes that are not valid UTF-8:\n  expected {:?}\n  actual   {:?}\n",
            String::from_utf8_lossy(&escape_bytes(expected)),
            String::from_utf8_lossy(&escape_bytes(actual)),
        ));
    }
    out
}

fn escape_bytes(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .take(4096)
        .flat_map(|b| std::ascii::escape_default(*b))
        .collect()
}

/// The first line of `bytes`, including its newline if it has one.
fn first_line(bytes: &[u8]) -> &[u8] {
    match bytes.iter().position(|&b| b == b'\n') {
        Some(end) => &bytes[..=end],
        None => bytes,
    }
}

fn read_optional(path: &Path) -> Result<Option<Vec<u8>>, Error> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::io(format!("reading {}", path.display()), e)),
    }
}

/// Makes `path` hold `contents` (or not exist, for `None`); returns whether
/// anything changed.
fn write_if_changed(path: &Path, contents: Option<&[u8]>) -> Result<bool, Error> {
    let current = read_optional(path)?;
    if current.as_deref() == contents {
        return Ok(false);
    }
    match contents {
        Some(bytes) => fs::write(path, bytes)
            .map_err(|e| Error::io(format!("writing {}", path.display()), e))?,
        None => fs::remove_file(path)
            .map_err(|e| Error::io(format!("removing {}", path.display()), e))?,
    }
    Ok(true)
}

/// A program path that still means the same file after a change of working
/// directory: relative paths with a directory part are made absolute; bare
/// names (`ruby`) are left to the `PATH` lookup.
fn absolute_program(program: &Path) -> PathBuf {
    if program.is_relative() && program.components().count() > 1 {
        std::path::absolute(program).unwrap_or_else(|_| program.to_path_buf())
    } else {
        program.to_path_buf()
    }
}

/// Spawns `command`, trying again for up to half a second while its
/// executable is busy: a file just written (a test's stand-in `ruby`) may
/// still be open for writing in a child another thread forked before the
/// writer closed it, until that child execs (`ETXTBSY`).
fn spawn_when_not_busy(command: &mut Command) -> io::Result<std::process::Child> {
    let mut tries = 0;
    loop {
        match command.spawn() {
            Err(error) if error.kind() == io::ErrorKind::ExecutableFileBusy && tries < 50 => {
                tries += 1;
                thread::sleep(Duration::from_millis(10));
            }
            spawned => return spawned,
        }
    }
}

/// Runs `command` (whose stdin the caller set) with stdout/stderr captured, killing
/// it once it has used `timeout` of CPU time, or run [`WALL_CLOCK_FACTOR`]
/// times `timeout`. (The output is read to its end,
/// so a grandchild that kept the pipes open would delay the return until it
/// exits; the programs run here start none.)
pub fn run_with_timeout(mut command: Command, timeout: Duration) -> io::Result<Outcome> {
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let start = Instant::now();
    let mut child = spawn_when_not_busy(&mut command)?;
    let pid = child.id() as libc::pid_t;
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = child.stderr.take().expect("stderr is piped");
    let stdout_reader = thread::spawn(move || read_capped(stdout));
    let stderr_reader = thread::spawn(move || read_capped(stderr));

    // A waiter thread owns the child; this thread waits on the channel with a
    // deadline, so a finished process is noticed at once and a hung one killed.
    let (sender, receiver) = mpsc::channel::<io::Result<ExitStatus>>();
    let waiter = thread::spawn(move || {
        let _ = sender.send(child.wait());
    });
    let deadline = start + timeout * WALL_CLOCK_FACTOR;
    let mut wall_clock = true;
    let finished = loop {
        match receiver.recv_timeout(POLL_INTERVAL) {
            Ok(status) => break Some(status),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Some(Err(io::Error::other("waiter thread died")))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if Instant::now() >= deadline {
                    break None;
                }
                if cpu_time(pid).is_some_and(|used| used >= timeout) {
                    wall_clock = false;
                    break None;
                }
            }
        }
    };
    let (status, timed_out) = match finished {
        Some(status) => (status, false),
        None => {
            // SAFETY: kill(2) has no memory-safety preconditions. `pid` is our
            // child's: the waiter, the only one to reap it, had not sent its
            // status a moment ago (were it reaped in between, the pid could
            // not have been reused by the kernel in that time).
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            let status = receiver
                .recv()
                .unwrap_or_else(|_| Err(io::Error::other("waiter thread died")));
            (status, true)
        }
    };
    let elapsed = start.elapsed();
    let _ = waiter.join();
    let status = status?;
    let (stdout, stdout_truncated) = stdout_reader
        .join()
        .map_err(|_| io::Error::other("stdout reader panicked"))??;
    let (stderr, stderr_truncated) = stderr_reader
        .join()
        .map_err(|_| io::Error::other("stderr reader panicked"))??;
    let exit = if timed_out {
        Exit::TimedOut {
            after: if wall_clock {
                timeout * WALL_CLOCK_FACTOR
            } else {
                timeout
            },
            wall_clock,
        }
    } else if let Some(code) = status.code() {
        Exit::Code(code)
    } else {
        Exit::Signal(status.signal().unwrap_or(0))
    };
    Ok(Outcome {
        stdout,
        stderr,
        stdout_truncated,
        stderr_truncated,
        exit,
        elapsed,
    })
}

/// The CPU time (user and system, all threads) process `pid` has used so
/// far, from `/proc/PID/stat`; None where that cannot be read.
fn cpu_time(pid: libc::pid_t) -> Option<Duration> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces:
    // the fields after it start past the last `)`. utime and stime are
    // fields 14 and 15, in clock ticks.
    let mut fields = stat.get(stat.rfind(')')? + 2..)?.split_whitespace();
    let utime: u64 = fields.nth(11)?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // SAFETY: sysconf has no memory-safety preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    let ticks = u64::try_from(ticks).ok().filter(|&t| t > 0)?;
    Some(Duration::from_millis((utime + stime) * 1000 / ticks))
}

/// Reads a pipe to its end, keeping at most [`CAPTURE_LIMIT`] bytes (and
/// draining the rest so the writer never blocks).
fn read_capped(mut pipe: impl Read) -> io::Result<(Vec<u8>, bool)> {
    let mut kept = Vec::new();
    let mut truncated = false;
    let mut buffer = [0u8; 64 * 1024];
    loop {
        let n = match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let room = CAPTURE_LIMIT - kept.len();
        if n > room {
            truncated = true;
        }
        kept.extend_from_slice(&buffer[..n.min(room)]);
    }
    Ok((kept, truncated))
}

/// The conventional name of a signal, for reports.
pub fn signal_name(signal: i32) -> &'static str {
    match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        _ => "unknown signal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    /// A fresh directory under the system temp dir, removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(tag: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!(
                "rhizome-spec-test-{tag}-{}-{:?}",
                std::process::id(),
                thread::current().id()
            ));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            TempDir(dir)
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    /// Writes an executable shell script standing in for the interpreter.
    fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
        let path = dir.join(name);
        fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
        path
    }

    fn outcome(stdout: &str, stderr: &str, exit: Exit) -> Outcome {
        Outcome {
            stdout: stdout.into(),
            stderr: stderr.into(),
            stdout_truncated: false,
            stderr_truncated: false,
            exit,
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn parses_directives() {
        let source = "# spec: stderr-first-line\n# spec: args a  b\nputs 1 # spec: args c\n";
        let options = parse_options(source).unwrap();
        assert!(options.stderr_first_line);
        assert_eq!(options.args, ["a", "b"]);
        assert_eq!(parse_options("puts 1\n").unwrap(), Options::default());
        assert!(parse_options("# spec: stderr-first-lines\n").is_err());
    }

    #[test]
    fn skip_mode_names_a_mode_and_a_reason() {
        let options = parse_options("# spec: skip-mode jit-eager too slow here\n").unwrap();
        assert_eq!(
            options.skipped_modes,
            [("jit-eager".to_owned(), "too slow here".to_owned())]
        );
        assert!(parse_options("# spec: skip-mode jit-eager\n").is_err());
        assert!(parse_options("# spec: skip-mode no-such-mode because\n").is_err());
    }

    #[test]
    fn slow_gives_a_reason() {
        let options = parse_options("# spec: slow forced deoptimisation\n").unwrap();
        assert_eq!(options.slow.as_deref(), Some("forced deoptimisation"));
        assert!(parse_options("# spec: slow\n").is_err());
    }

    #[test]
    fn compares_streams_and_status() {
        let expected = Expected {
            stdout: b"1\n2\n".to_vec(),
            stderr: b"t.rb:1: boom (RuntimeError)\n\tfrom x\n".to_vec(),
            status: Exit::Code(1),
        };
        let first_only = Options {
            stderr_first_line: true,
            ..Options::default()
        };
        let same = outcome(
            "1\n2\n",
            "t.rb:1: boom (RuntimeError)\n\tfrom y\n",
            Exit::Code(1),
        );
        assert_eq!(compare(&expected, &same, &first_only), None);
        let report = compare(&expected, &same, &Options::default()).unwrap();
        assert!(report.contains("-\tfrom x"), "{report}");
        assert!(report.contains("+\tfrom y"), "{report}");

        let wrong = outcome("1\n3\n", "", Exit::Signal(libc::SIGSEGV));
        let report = compare(&expected, &wrong, &first_only).unwrap();
        assert!(report.contains("expected exit status 1, got killed by signal 11 (SIGSEGV)"));
        assert!(report.contains("--- expected stdout"), "{report}");
        assert!(report.contains("-2\n+3\n"), "{report}");
    }

    #[test]
    fn diff_notes_missing_newline() {
        let report = diff("stdout", b"1\n", b"1");
        assert!(report.contains("No newline at end of file"), "{report}");
    }

    #[test]
    fn discovers_runs_checks_and_records() {
        let tmp = TempDir::new("flow");
        let root = tmp.0.join("spec");
        fs::create_dir_all(root.join("language")).unwrap();
        fs::create_dir_all(root.join("rhizome")).unwrap();
        fs::create_dir_all(root.join("src")).unwrap();
        fs::write(root.join("src/ignored.rb"), "").unwrap();
        fs::write(root.join("language/b.rb"), "# spec: args x y\n").unwrap();
        fs::write(root.join("language/a.rb"), "").unwrap();
        fs::write(root.join("rhizome/c.rb"), "").unwrap();
        let specs = discover_in(&root).unwrap();
        let names: Vec<&str> = specs.iter().map(Spec::name).collect();
        assert_eq!(names, ["language/a", "language/b", "rhizome/c"]);
        assert!(specs[2].is_hand_written() && !specs[1].is_hand_written());

        // A stand-in "ruby" that reports its cwd-relative arguments and fails.
        let fake = script(
            &tmp.0,
            "fake-ruby",
            r#"echo "args: $*"; ls "$1" >/dev/null && echo "warn" >&2; read x; exit 3"#,
        );
        let b = &specs[1];
        assert_eq!(b.record(&fake, DEFAULT_TIMEOUT).unwrap(), Recorded::New);
        assert_eq!(
            fs::read(b.expectation_path("out")).unwrap(),
            b"args: b.rb x y\n"
        );
        assert_eq!(fs::read(b.expectation_path("err")).unwrap(), b"warn\n");
        assert_eq!(fs::read(b.expectation_path("status")).unwrap(), b"3\n");
        assert_eq!(
            b.record(&fake, DEFAULT_TIMEOUT).unwrap(),
            Recorded::Unchanged
        );
        assert!(specs[2].record(&fake, DEFAULT_TIMEOUT).is_err());

        // The same program passes; flags change the output and fail it.
        b.check(&fake, &[], DEFAULT_TIMEOUT).unwrap();
        let failure = b.check(&fake, &["--flag"], DEFAULT_TIMEOUT).unwrap_err();
        let text = failure.to_string();
        assert!(text.contains("+args: --flag b.rb x y"), "{text}");

        // A program that succeeds quietly removes the stale .err and .status.
        let quiet = script(&tmp.0, "quiet-ruby", "echo ok");
        assert_eq!(
            b.record(&quiet, DEFAULT_TIMEOUT).unwrap(),
            Recorded::Changed
        );
        assert!(!b.expectation_path("err").exists());
        assert!(!b.expectation_path("status").exists());
        assert_eq!(b.expected().unwrap().status, Exit::Code(0));

        // A missing .out is an error, not a pass.
        assert!(matches!(
            specs[0].check(&quiet, &[], DEFAULT_TIMEOUT),
            Err(Failure::Error(_))
        ));
    }

    #[test]
    fn feeds_the_in_file_to_stdin() {
        let tmp = TempDir::new("stdin");
        fs::create_dir_all(tmp.0.join("language")).unwrap();
        fs::write(tmp.0.join("language/i.rb"), "").unwrap();
        fs::write(tmp.0.join("language/i.in"), "line one\nline two\n").unwrap();
        fs::write(tmp.0.join("language/n.rb"), "").unwrap();
        let specs = discover_in(&tmp.0).unwrap();
        let names: Vec<&str> = specs.iter().map(Spec::name).collect();
        assert_eq!(names, ["language/i", "language/n"]);
        let cat = script(&tmp.0, "cat-stdin", "cat");
        let with_input = specs[0].run(&cat, &[], DEFAULT_TIMEOUT).unwrap();
        assert_eq!(with_input.stdout, b"line one\nline two\n");
        let without = specs[1].run(&cat, &[], DEFAULT_TIMEOUT).unwrap();
        assert_eq!(without.stdout, b"");
    }

    #[test]
    fn kills_hung_processes() {
        let tmp = TempDir::new("hang");
        fs::create_dir_all(tmp.0.join("language")).unwrap();
        fs::write(tmp.0.join("language/h.rb"), "").unwrap();
        fs::write(tmp.0.join("language/h.out"), "").unwrap();
        let spec = &discover_in(&tmp.0).unwrap()[0];
        let timeout = Duration::from_millis(500);
        // A busy loop is killed once it has used the timeout's CPU time.
        let spin = script(&tmp.0, "spin", "echo started; while :; do :; done");
        let start = Instant::now();
        let failure = spec.check(&spin, &[], timeout).unwrap_err();
        assert!(start.elapsed() < timeout * WALL_CLOCK_FACTOR);
        match failure {
            Failure::Hang { outcome, .. } => {
                assert_eq!(outcome.stdout, b"started\n");
                assert!(outcome.exit.to_string().contains("of CPU time"));
            }
            other => panic!("expected a hang, got {other}"),
        }
        // A process that waits uses no CPU time: the wall-clock bound ends it.
        let sleep = script(&tmp.0, "sleep", "echo started; exec sleep 30");
        let start = Instant::now();
        let failure = spec.check(&sleep, &[], timeout).unwrap_err();
        let elapsed = start.elapsed();
        assert!(elapsed >= timeout * WALL_CLOCK_FACTOR && elapsed < Duration::from_secs(20));
        match failure {
            // The report says which bound ended it.
            Failure::Hang { outcome, .. } => assert_eq!(
                outcome.exit.to_string(),
                "still running after 5s of wall-clock time; killed"
            ),
            other => panic!("expected a hang, got {other}"),
        }
    }
}
