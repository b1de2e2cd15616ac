//! `cargo xtask fuzz`: a differential fuzzer. It generates random Ruby
//! programs within the language rhizome runs (the README's status), runs
//! each under MRI (the reference) and under rhizome in every mode of the
//! spec matrix plus two GC-stress modes, and reports every program whose
//! output, error output or exit status differs, or that crashes or hangs.
//! A failing program is minimised by delta debugging over the tree it was
//! generated as, and written to the out directory as a candidate spec
//! (`NAME.rb`, `.out`, `.err`, `.status` recorded from MRI) with a report
//! (`NAME.txt`).
//!
//! Programs are made from a seed (SplitMix64, no dependency), so
//! `--seed S --count N` always tests the same N programs, and
//! `--seed S --index I` (or `--print`) reproduces the I-th one.
//!
//! Each mode's run gets a verdict against the reference: `diff` (stdout,
//! stderr or exit status differ), `crash` (a signal, a Rust panic, an abort)
//! or `hang` (still running after `--timeout` seconds of CPU time, or ten
//! times as long in wall-clock time). A
//! program the reference itself fails on (non-zero exit, timeout) or whose
//! reference output shows object addresses is skipped as invalid. The
//! minimiser keeps a candidate only if the reference still exits the same
//! way and every mode gets the same verdict as before, with the same error
//! report fingerprint (uncaught exception message, panic location), so it
//! does not drift to another bug. `--avoid` leaves out constructs behind
//! known findings so that a run can look past them.
//!
//! The last line of the output is `N passed, M failed`; the exit status is
//! non-zero when M > 0.
//!
//! The generator (`fuzz/gen/`, `stmts.rs`, `program.rs`,
//! `scenarios/`) writes deep object-oriented programs: class hierarchies
//! three or four deep with `super` chains, methods overridden down the
//! hierarchy and called through polymorphic collections, call chains ten
//! deep, recursion over nested data, and hot loops calling methods more
//! than the JIT's default threshold of 1000 times before the kinds they see
//! change. `fuzz/minimize.rs` is the minimiser, `fuzz/ast.rs` the tree.

mod ast;
mod gen;
mod minimize;
mod program;
mod rng;
mod scenarios;
mod stmts;

use crate::support::{root, ruby_version, target_dir, Result};
use rhizome_spec::{run_with_timeout, Exit, Expected, Options as SpecOptions, Outcome};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Constructs `--avoid` can leave out of the programs (to look past a
/// known finding); the random choices stay the same, so the rest of each
/// program is unchanged.
pub const AVOIDABLE: &[&str] = &["safe-nav-block", "arity-message", "backtraces"];

/// Generates the program with this seed.
#[cfg(test)]
pub fn generate(seed: u64) -> ast::Program {
    generate_avoiding(seed, &[])
}

/// Generates the program with this seed, without the constructs `avoid`.
pub fn generate_avoiding(seed: u64, avoid: &[String]) -> ast::Program {
    let mut g = gen::Gen::new(seed);
    g.avoid = avoid.to_vec();
    g.program(seed)
}

/// The source text of the program with this seed.
#[cfg(test)]
pub fn source(seed: u64) -> String {
    ast::render(&generate(seed))
}

/// A way of running rhizome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mode {
    pub name: String,
    pub flags: Vec<String>,
}

/// Every mode: the spec matrix, then the GC-stress modes.
pub fn all_modes() -> Vec<Mode> {
    let mut modes: Vec<Mode> = rhizome_spec::MODES
        .iter()
        .map(|m| Mode {
            name: m.name.to_owned(),
            flags: m.flags.iter().map(|f| (*f).to_owned()).collect(),
        })
        .collect();
    // The GC-stress modes, unless the spec matrix has them already.
    for (name, flags) in [
        ("gc-stress", &["--gc-stress"][..]),
        ("gc-stress-jit", &["--gc-stress", "--jit-threshold=0"][..]),
    ] {
        let same_flags = |m: &Mode| m.flags.iter().map(String::as_str).eq(flags.iter().copied());
        if !modes.iter().any(|m| m.name == name || same_flags(m)) {
            modes.push(Mode {
                name: name.into(),
                flags: flags.iter().map(|f| (*f).to_owned()).collect(),
            });
        }
    }
    modes
}

/// What `cargo xtask fuzz` was asked to do.
#[derive(Debug, Clone)]
pub struct Options {
    pub seed: u64,
    pub count: u64,
    /// The index of the first program.
    pub start: u64,
    /// Only this program of the run (reproducing one finding).
    pub index: Option<u64>,
    pub minimize: bool,
    pub out: Option<PathBuf>,
    /// Mode names to run (empty: all).
    pub modes: Vec<String>,
    pub rhizome: Option<PathBuf>,
    pub jobs: usize,
    pub timeout: Duration,
    /// Time the minimiser may spend on one finding.
    pub minimize_time: Duration,
    /// Print the programs instead of running them.
    pub print: bool,
    /// Constructs not to generate (see [`AVOIDABLE`]).
    pub avoid: Vec<String>,
}

/// How one mode did on a program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Pass,
    /// Different output, error output or status.
    Diff,
    /// A signal, a panic or an abort.
    Crash,
    /// Still running after the timeout while the reference finished.
    Hang,
}

impl Verdict {
    fn name(self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Diff => "diff",
            Verdict::Crash => "crash",
            Verdict::Hang => "hang",
        }
    }
}

/// The failing modes and how each failed: what minimising must preserve.
type Signature = Vec<(String, Verdict)>;

/// How a mode did, with the fingerprint of its error report (the message
/// of an uncaught exception, the place of a panic), which minimising must
/// keep too so that it does not drift to another bug.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ModeResult {
    mode: String,
    verdict: Verdict,
    fingerprint: Option<String>,
}

/// The fingerprint of a run that went wrong: the place of a panic, the
/// message of an uncaught exception, or else the first line of stdout where
/// it parts from the reference's (both lines, with digits blurred, since
/// minimising renumbers the lines a backtrace names). Without the last, a
/// difference in output could be minimised into another one.
fn fingerprint(reference: &Outcome, outcome: &Outcome) -> Option<String> {
    let err = String::from_utf8_lossy(&outcome.stderr);
    if let Some(at) = err.find("panicked at ") {
        let rest = &err[at..];
        let end = rest.find('\n').unwrap_or(rest.len());
        return Some(rest[..end].trim_end_matches(':').to_owned());
    }
    // `file:line:in `method': message (Class)`, after any warnings.
    let uncaught = err
        .lines()
        .filter(|line| line.contains(":in `"))
        .find_map(|line| {
            line.split_once("': ")
                .map(|(_, message)| message.to_owned())
        });
    uncaught.or_else(|| first_divergence(&reference.stdout, &outcome.stdout))
}

/// The first line where `actual` parts from `expected`, as
/// `expected line => actual line` with every run of digits made `#`.
fn first_divergence(expected: &[u8], actual: &[u8]) -> Option<String> {
    let blur = |line: Option<&[u8]>| match line {
        None => "(end)".to_owned(),
        Some(bytes) => {
            let mut text = String::new();
            for c in String::from_utf8_lossy(bytes).chars() {
                if !c.is_ascii_digit() {
                    text.push(c);
                } else if !text.ends_with('#') {
                    text.push('#');
                }
            }
            text
        }
    };
    let lines = |bytes: &[u8]| -> Vec<Vec<u8>> {
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect()
    };
    let (expected, actual) = (lines(expected), lines(actual));
    let mut expected_lines = expected.iter().map(Vec::as_slice);
    let mut actual_lines = actual.iter().map(Vec::as_slice);
    loop {
        match (expected_lines.next(), actual_lines.next()) {
            (None, None) => return None,
            (e, a) if e == a => continue,
            (e, a) => return Some(format!("{} => {}", blur(e), blur(a))),
        }
    }
}

/// Whether output shows an object address (`#<Foo:0x000055d5c8a0e0a8>`),
/// which differs from run to run.
fn shows_addresses(bytes: &[u8]) -> bool {
    bytes
        .windows(10)
        .any(|w| w.starts_with(b"0x") && w[2..].iter().all(|b| b.is_ascii_hexdigit()))
}

/// Everything a worker needs to run programs.
struct Runner {
    rhizome: PathBuf,
    /// `None`: MRI is the reference; else rhizome with these flags.
    reference_flags: Option<Vec<String>>,
    modes: Vec<Mode>,
    timeout: Duration,
    work: PathBuf,
}

/// What became of one program.
enum ProgramResult {
    Passed,
    Skipped(String),
    Failed(Box<Finding>),
}

struct Finding {
    name: String,
    signature: Signature,
    report: String,
    written: Vec<PathBuf>,
    original_lines: usize,
    minimized_lines: usize,
}

/// Runs `cargo xtask fuzz`.
pub fn run(options: &Options) -> Result<ExitCode> {
    for what in &options.avoid {
        if !AVOIDABLE.contains(&what.as_str()) {
            return Err(format!(
                "--avoid {what:?}: not a construct the generator can leave out (known: {})",
                AVOIDABLE.join(", ")
            )
            .into());
        }
    }
    if options.print {
        for index in indices(options) {
            let seed = rng::program_seed(options.seed, index);
            println!(
                "# ---- program {} (seed {}, index {index})",
                name(options.seed, index),
                options.seed
            );
            print!("{}", ast::render(&generate_avoiding(seed, &options.avoid)));
        }
        return Ok(ExitCode::SUCCESS);
    }
    let rhizome = options
        .rhizome
        .clone()
        .unwrap_or_else(|| target_dir().join("release").join("rhizome"));
    let rhizome = std::path::absolute(&rhizome)?;
    if !rhizome.is_file() {
        return Err(format!(
            "{} does not exist: build it (`cargo build --release`) or pass --rhizome PATH",
            rhizome.display()
        )
        .into());
    }
    let mut modes = all_modes();
    if !options.modes.is_empty() {
        for wanted in &options.modes {
            if !modes.iter().any(|m| &m.name == wanted) {
                let known: Vec<&str> = modes.iter().map(|m| m.name.as_str()).collect();
                return Err(
                    format!("unknown mode {wanted:?} (known: {})", known.join(", ")).into(),
                );
            }
        }
        modes.retain(|m| options.modes.contains(&m.name));
    }
    let reference_flags = match ruby_version() {
        Some(version) => {
            eprintln!("reference: ruby {version}");
            None
        }
        None => {
            eprintln!("reference: rhizome --no-jit (ruby is not installed)");
            modes.retain(|m| m.name != "interp");
            Some(vec!["--no-jit".to_owned()])
        }
    };
    let out = options
        .out
        .clone()
        .unwrap_or_else(|| target_dir().join("fuzz"));
    let out = if out.is_relative() {
        root().join(out)
    } else {
        out
    };
    fs::create_dir_all(&out)?;
    let work = out.join(".work");
    fs::create_dir_all(&work)?;
    let runner = Runner {
        rhizome,
        reference_flags,
        modes,
        timeout: options.timeout,
        work,
    };
    let list: Vec<u64> = indices(options).collect();
    eprintln!(
        "fuzzing {} program(s) from seed {}, from index {}, in {} mode(s) ({}) with {} job(s); findings go to {}",
        list.len(),
        options.seed,
        list.first().copied().unwrap_or(options.start),
        runner.modes.len(),
        runner
            .modes
            .iter()
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>()
            .join(", "),
        options.jobs,
        out.display()
    );
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(u64, ProgramResult, Duration)>();
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut findings: Vec<Finding> = Vec::new();
    let mut skips: Vec<String> = Vec::new();
    thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            let sender = sender.clone();
            let (runner, list, next, out) = (&runner, &list, &next, &out);
            scope.spawn(move || loop {
                let at = next.fetch_add(1, Ordering::Relaxed);
                let Some(&index) = list.get(at) else { break };
                let t = Instant::now();
                let result = runner.fuzz_one(options, index, out);
                if sender.send((index, result, t.elapsed())).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut done = 0;
        for (index, result, took) in receiver {
            done += 1;
            let progress = format!("[{done:>4}/{}]", list.len());
            let name = name(options.seed, index);
            match result {
                ProgramResult::Passed => {
                    passed += 1;
                    println!("{progress} {name} ok ({:.1}s)", took.as_secs_f64());
                }
                ProgramResult::Skipped(why) => {
                    skipped += 1;
                    println!("{progress} {name} skipped: {why}");
                    skips.push(format!("{name}: {why}"));
                }
                ProgramResult::Failed(finding) => {
                    failed += 1;
                    let modes: Vec<String> = finding
                        .signature
                        .iter()
                        .map(|(m, v)| format!("{m} ({})", v.name()))
                        .collect();
                    println!(
                        "{progress} {name} FAILED in {} ({:.1}s; {} -> {} lines)",
                        modes.join(", "),
                        took.as_secs_f64(),
                        finding.original_lines,
                        finding.minimized_lines
                    );
                    for line in finding.report.lines().take(40) {
                        println!("    {line}");
                    }
                    for path in &finding.written {
                        println!("    wrote {}", path.display());
                    }
                    findings.push(*finding);
                }
            }
        }
    });
    let _ = fs::remove_dir_all(out.join(".work"));
    println!();
    println!(
        "{} program(s) in {:.1}s",
        list.len(),
        started.elapsed().as_secs_f64()
    );
    if skipped > 0 {
        println!("skipped: invalid: {skipped} (the reference failed or timed out on them)");
        for s in skips.iter().take(10) {
            println!("    {s}");
        }
    }
    for f in &findings {
        let modes: Vec<String> = f
            .signature
            .iter()
            .map(|(m, v)| format!("{m} ({})", v.name()))
            .collect();
        println!("finding {}: {}", f.name, modes.join(", "));
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn indices(options: &Options) -> impl Iterator<Item = u64> {
    match options.index {
        Some(i) => i..i + 1,
        None => options.start..options.start + options.count,
    }
}

/// The name of the `index`-th program of a run from `seed`.
fn name(seed: u64, index: u64) -> String {
    format!("fuzz_{seed}_{index}")
}

impl Runner {
    /// Generates, runs and (if it fails) minimises one program.
    fn fuzz_one(&self, options: &Options, index: u64, out: &Path) -> ProgramResult {
        let name = name(options.seed, index);
        let program = generate_avoiding(rng::program_seed(options.seed, index), &options.avoid);
        let text = ast::render(&program);
        let dir = self.work.join(&name);
        if let Err(e) = fs::create_dir_all(&dir) {
            return ProgramResult::Skipped(format!("cannot create {}: {e}", dir.display()));
        }
        let result = self.fuzz_in(options, &name, &dir, program, &text, out);
        let _ = fs::remove_dir_all(&dir);
        result
    }

    fn fuzz_in(
        &self,
        options: &Options,
        name: &str,
        dir: &Path,
        program: ast::Program,
        text: &str,
        out: &Path,
    ) -> ProgramResult {
        let reference = match self.run_reference(dir, name, text) {
            Ok(r) => r,
            Err(why) => return ProgramResult::Skipped(why),
        };
        if shows_addresses(&reference.stdout) || shows_addresses(&reference.stderr) {
            return ProgramResult::Skipped("the reference's output shows object addresses".into());
        }
        let mut verdicts = Vec::new();
        let mut reports = Reports::default();
        for mode in &self.modes {
            let outcome = match self.run_mode(dir, name, text, mode) {
                Ok(o) => o,
                Err(e) => return ProgramResult::Skipped(format!("cannot run rhizome: {e}")),
            };
            let (verdict, report) = judge(&reference, &outcome);
            if verdict != Verdict::Pass {
                reports.add(mode, verdict, report);
            }
            verdicts.push(ModeResult {
                mode: mode.name.clone(),
                verdict,
                fingerprint: if verdict == Verdict::Pass {
                    None
                } else {
                    fingerprint(&reference, &outcome)
                },
            });
        }
        let signature: Signature = verdicts
            .iter()
            .filter(|r| r.verdict != Verdict::Pass)
            .map(|r| (r.mode.clone(), r.verdict))
            .collect();
        if signature.is_empty() {
            return ProgramResult::Passed;
        }
        let original_lines = text.lines().count();
        let modes: Vec<String> = signature
            .iter()
            .map(|(m, v)| format!("{m} ({})", v.name()))
            .collect();
        if options.minimize {
            eprintln!(
                "{name}: fails in {}; minimising (for at most {}s)",
                modes.join(", "),
                options.minimize_time.as_secs()
            );
        }
        let (final_text, minimized_note) = if options.minimize {
            let deadline = Instant::now() + options.minimize_time;
            let expected_status = reference.exit;
            let mut test =
                |candidate: &str| self.reproduces(dir, name, candidate, expected_status, &verdicts);
            let mut m = minimize::Minimizer::new(&mut test, deadline);
            let small = m.run(program);
            let note = format!(
                "minimised in {} test(s), {} kept{}",
                m.tests,
                m.kept,
                if Instant::now() >= deadline {
                    " (stopped at the time limit)"
                } else {
                    ""
                }
            );
            (small, note)
        } else {
            (text.to_owned(), "not minimised (--no-minimize)".to_owned())
        };
        // The report for the final program.
        let final_reference = self
            .run_reference(dir, name, &final_text)
            .unwrap_or_else(|_| reference.clone());
        let mut final_reports = Reports::default();
        for mode in &self.modes {
            if !signature.iter().any(|(m, _)| m == &mode.name) {
                continue;
            }
            if let Ok(outcome) = self.run_mode(dir, name, &final_text, mode) {
                let (verdict, report) = judge(&final_reference, &outcome);
                final_reports.add(mode, verdict, report);
            }
        }
        let final_reports = final_reports.render(&format!("{name}.rb"));
        let reports = reports.render(&format!("{name}.original"));
        let written = write_finding(
            out,
            name,
            options,
            &final_text,
            text,
            &final_reference,
            &signature,
            &format!("{minimized_note}\n\n{final_reports}\n== the original program\n{reports}"),
        );
        ProgramResult::Failed(Box::new(Finding {
            name: name.to_owned(),
            signature,
            report: final_reports,
            written,
            original_lines,
            minimized_lines: final_text.lines().count(),
        }))
    }

    /// Whether `candidate` still fails the way the original did: the
    /// reference ends with the same status, and each mode passes or fails
    /// as before (failing modes are checked first, GC-stress modes last).
    fn reproduces(
        &self,
        dir: &Path,
        name: &str,
        candidate: &str,
        expected_status: Exit,
        verdicts: &[ModeResult],
    ) -> bool {
        let Ok(reference) = self.run_reference(dir, name, candidate) else {
            return false;
        };
        if reference.exit != expected_status
            || shows_addresses(&reference.stdout)
            || shows_addresses(&reference.stderr)
        {
            return false;
        }
        let mut order: Vec<&ModeResult> = verdicts.iter().collect();
        order.sort_by_key(|r| (r.verdict == Verdict::Pass, r.mode.starts_with("gc-stress")));
        for want in order {
            let Some(mode) = self.modes.iter().find(|m| m.name == want.mode) else {
                continue;
            };
            let Ok(outcome) = self.run_mode(dir, name, candidate, mode) else {
                return false;
            };
            if judge(&reference, &outcome).0 != want.verdict {
                return false;
            }
            if want.fingerprint.is_some() && fingerprint(&reference, &outcome) != want.fingerprint {
                return false;
            }
        }
        true
    }

    /// Runs the reference; `Err` (a reason to skip) unless it exits 0.
    fn run_reference(
        &self,
        dir: &Path,
        name: &str,
        text: &str,
    ) -> std::result::Result<Outcome, String> {
        let outcome = match &self.reference_flags {
            None => self.run_program(dir, name, text, Path::new("ruby"), &[]),
            Some(flags) => self.run_program(dir, name, text, &self.rhizome, flags),
        }
        .map_err(|e| format!("cannot run the reference: {e}"))?;
        match outcome.exit {
            Exit::Code(0) => Ok(outcome),
            other => {
                let first = String::from_utf8_lossy(&outcome.stderr)
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_owned();
                Err(format!("reference: {other}: {first}"))
            }
        }
    }

    fn run_mode(
        &self,
        dir: &Path,
        name: &str,
        text: &str,
        mode: &Mode,
    ) -> std::io::Result<Outcome> {
        self.run_program(dir, name, text, &self.rhizome, &mode.flags)
    }

    fn run_program(
        &self,
        dir: &Path,
        name: &str,
        text: &str,
        program: &Path,
        flags: &[String],
    ) -> std::io::Result<Outcome> {
        let file = format!("{name}.rb");
        fs::write(dir.join(&file), text)?;
        let mut command = Command::new(program);
        command
            .args(flags)
            .arg(&file)
            .current_dir(dir)
            .env("LC_ALL", "C.UTF-8")
            .env_remove("RUBYOPT")
            .env_remove("RUBYLIB")
            .stdin(Stdio::null());
        run_with_timeout(command, self.timeout)
    }
}

/// The reports of the failing modes, modes with the same report together.
#[derive(Default)]
struct Reports {
    groups: Vec<ReportGroup>,
}

/// A report, its verdict, and the modes (name, flags) that got it.
type ReportGroup = (String, Verdict, Vec<(String, String)>);

impl Reports {
    fn add(&mut self, mode: &Mode, verdict: Verdict, report: String) {
        let entry = (mode.name.clone(), mode.flags.join(" "));
        match self
            .groups
            .iter_mut()
            .find(|(r, v, _)| *r == report && *v == verdict)
        {
            Some((_, _, modes)) => modes.push(entry),
            None => self.groups.push((report, verdict, vec![entry])),
        }
    }

    fn render(&self, file: &str) -> String {
        let mut out = String::new();
        for (report, verdict, modes) in &self.groups {
            let names: Vec<String> = modes
                .iter()
                .map(|(name, flags)| format!("{name} [rhizome {flags} {file}]").replace("  ", " "))
                .collect();
            let _ = writeln!(
                out,
                "== {} ({})\n{report}",
                names.join(", "),
                verdict.name()
            );
        }
        out
    }
}

/// How a mode's outcome compares with the reference's, with a report.
fn judge(reference: &Outcome, outcome: &Outcome) -> (Verdict, String) {
    let expected = Expected {
        stdout: reference.stdout.clone(),
        stderr: reference.stderr.clone(),
        status: reference.exit,
    };
    let report = rhizome_spec::compare(&expected, outcome, &SpecOptions::default());
    let stderr = String::from_utf8_lossy(&outcome.stderr);
    let crashed = match outcome.exit {
        // (A program may end by a signal, as MRI's does: by its own.)
        Exit::Signal(_) => reference.exit != outcome.exit,
        Exit::Code(code) => {
            (matches!(code, 101 | 134 | 139) && reference.exit != outcome.exit)
                || (stderr.contains("panicked")
                    && !String::from_utf8_lossy(&reference.stderr).contains("panicked"))
        }
        Exit::TimedOut { .. } => false,
    };
    let verdict = if matches!(outcome.exit, Exit::TimedOut { .. }) {
        Verdict::Hang
    } else if crashed {
        Verdict::Crash
    } else if report.is_some() {
        Verdict::Diff
    } else {
        Verdict::Pass
    };
    let mut text = report.unwrap_or_default();
    if verdict == Verdict::Hang {
        text = format!("still running after the timeout; killed\n{text}");
    }
    (verdict, text)
}

/// Writes a finding as a candidate spec plus its report; returns the paths.
#[allow(clippy::too_many_arguments)]
fn write_finding(
    out: &Path,
    name: &str,
    options: &Options,
    text: &str,
    original: &str,
    reference: &Outcome,
    signature: &Signature,
    report: &str,
) -> Vec<PathBuf> {
    let mut written = Vec::new();
    let mut write = |ext: &str, contents: Option<&[u8]>| {
        let path = out.join(format!("{name}.{ext}"));
        match contents {
            Some(bytes) => {
                if fs::write(&path, bytes).is_ok() {
                    written.push(path);
                }
            }
            None => {
                let _ = fs::remove_file(&path);
            }
        }
    };
    write("rb", Some(text.as_bytes()));
    write("out", Some(&reference.stdout));
    write(
        "err",
        (!reference.stderr.is_empty()).then_some(&reference.stderr[..]),
    );
    let status = match reference.exit {
        Exit::Code(c) => c,
        _ => -1,
    };
    let status_text = format!("{status}\n");
    write("status", (status != 0).then_some(status_text.as_bytes()));
    write("original", Some(original.as_bytes()));
    let modes: Vec<String> = signature
        .iter()
        .map(|(m, v)| format!("{m} ({})", v.name()))
        .collect();
    let header = format!(
        "{name}: rhizome differs from the reference in {}\n\
         reproduce: cargo xtask fuzz --seed {} --index {}{} (the unminimised program is {name}.original)\n\n",
        modes.join(", "),
        options.seed,
        name.rsplit('_').next().unwrap_or("0"),
        if options.avoid.is_empty() {
            String::new()
        } else {
            format!(" --avoid {}", options.avoid.join(","))
        },
    );
    write("txt", Some(format!("{header}{report}").as_bytes()));
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_are_the_matrix_and_gc_stress() {
        let modes = all_modes();
        let names: Vec<&str> = modes.iter().map(|m| m.name.as_str()).collect();
        for m in rhizome_spec::MODES {
            assert!(names.contains(&m.name));
        }
        assert!(names.contains(&"gc-stress") && names.contains(&"gc-stress-jit"));
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn fingerprints_name_the_error() {
        let with_output = |stdout: &str, stderr: &str| Outcome {
            stdout: stdout.as_bytes().to_vec(),
            stderr: stderr.as_bytes().to_vec(),
            stdout_truncated: false,
            stderr_truncated: false,
            exit: Exit::Code(1),
            elapsed: Duration::ZERO,
        };
        let outcome = |stderr: &str| with_output("", stderr);
        let fingerprint = |outcome: &Outcome| fingerprint(&with_output("", ""), outcome);
        assert_eq!(
            fingerprint(&outcome(
                "a.rb:3: warning: already initialized constant K\na.rb:9:in `f': boom (RuntimeError)\n\tfrom a.rb:1:in `<main>'\n"
            )),
            Some("boom (RuntimeError)".to_owned())
        );
        assert_eq!(
            fingerprint(&outcome(
                "thread 'main' panicked at src/vm.rs:10:5:\nindex out of bounds\n"
            )),
            Some("panicked at src/vm.rs:10:5".to_owned())
        );
        assert_eq!(fingerprint(&outcome("")), None);
        let reference = with_output("1\n[\"a.rb:341:in `each'\"]\n2\n", "");
        assert_eq!(
            super::fingerprint(
                &reference,
                &with_output("1\n[\"a.rb:17:in `each_slice'\"]\n2\n", "")
            ),
            Some("[\"a.rb:#:in `each'\"] => [\"a.rb:#:in `each_slice'\"]".to_owned())
        );
        assert_eq!(
            super::fingerprint(&reference, &with_output("1\n", "")),
            Some("[\"a.rb:#:in `each'\"] => (end)".to_owned())
        );
        assert!(shows_addresses(b"#<Foo:0x000055d5c8a0e0a8>"));
        assert!(!shows_addresses(b"0x1f and 123456789"));
    }

    #[test]
    fn programs_are_reproducible() {
        assert_eq!(source(5), source(5));
        assert_ne!(source(5), source(6));
    }

    #[test]
    fn programs_are_large_and_structured() {
        for seed in 0..20 {
            let text = source(seed);
            assert!(text.contains("class "), "seed {seed}");
            assert!(text.contains("super"), "seed {seed}");
            assert!(text.lines().count() > 80, "seed {seed}");
        }
    }

    /// Generated programs are valid Ruby (`ruby -c`), when ruby is here.
    #[test]
    fn programs_parse_under_ruby() {
        if ruby_version().is_none() {
            eprintln!("ruby is not installed; skipping");
            return;
        }
        let dir = std::env::temp_dir().join(format!("xtask-fuzz-test-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        for seed in 0..12 {
            let path = dir.join(format!("p{seed}.rb"));
            fs::write(&path, source(seed)).unwrap();
            let output = Command::new("ruby").arg("-c").arg(&path).output().unwrap();
            assert!(
                output.status.success(),
                "seed {seed}: {}\n{}",
                String::from_utf8_lossy(&output.stderr),
                source(seed)
            );
        }
        let _ = fs::remove_dir_all(&dir);
    }
}
