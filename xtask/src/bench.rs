//! `cargo xtask bench [--runs N] [--startup-runs N] [--rhizome-flag=F]... [--variant=FLAGS]... [--awfy DIR] [FILTER]`.
//!
//! Wall-clock comparison of rhizome with MRI. Every `benches/ruby/*.rb` (run
//! with no arguments, so with its default size), every program of
//! `spec/programs/` whose header names a benchmark size in a line such as
//! ``# Benchmark: `ruby sudoku_solver.rb 12` takes ...`` (run with those
//! arguments; the spec itself runs the small default), the fourteen Are We
//! Fast Yet programs through their harness at the sizes it verifies (from
//! `--awfy`, by default `../shared/benchmarks/awfy`, where the project keeps
//! programs nobody here wrote; their output is compared with the timings
//! masked), the programs `generated` writes to `target/bench-generated/`
//! (`generated/case_2000_whens`, `generated/if_elsif_chains`,
//! `generated/many_small_methods`), and a start-up case
//! (`-e 'puts 1'`) are run under the release rhizome, `ruby` and
//! `ruby --yjit` in turn, N times round, so that drifts in machine load hit all
//! three alike. Each run is reaped with `wait4`, which gives its wall time and
//! peak RSS. The table shows medians; ratios are rhizome's time over the
//! other's, so a ratio below 1 means rhizome is faster. Every rhizome run's
//! stdout must equal ruby's: a difference, or any run exiting with a failure,
//! is reported loudly and makes the task fail.
//!
//! Each `--variant=FLAGS` adds a rhizome run with those flags to the
//! rotation (`--variant=--no-splitting`, `--variant='--inlining-budget=500'`),
//! and a second table compares every variant with rhizome's defaults: its
//! median time and the ratio to the defaults', the machine code it
//! generated and the time it spent compiling (`jit.code_bytes` and
//! `jit.compile_ms` of one more, untimed run with `--stats`, which counts
//! at some cost).

mod generated;

use crate::support::{
    build_release, ensure_ruby, measure, median, megabytes, root, yjit_available, Result,
};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

/// What `cargo xtask bench` was asked to do.
pub struct Options {
    /// Runs of each benchmark under each implementation.
    pub runs: usize,
    /// Runs of the start-up case under each implementation.
    pub startup_runs: usize,
    /// Extra flags given to rhizome before the script.
    pub rhizome_flags: Vec<String>,
    /// More rhizome runs, each with these flags (space-separated).
    pub variants: Vec<String>,
    /// The Are We Fast Yet suite's folder.
    pub awfy: PathBuf,
    /// Only cases whose name contains this text.
    pub filter: Option<String>,
}

/// The Are We Fast Yet programs and the outer and inner iterations their
/// harness verifies the result for.
const AWFY: [(&str, &str, &str); 14] = [
    ("DeltaBlue", "5", "2000"),
    ("Richards", "10", "1"),
    ("Json", "5", "20"),
    ("CD", "3", "100"),
    ("Havlak", "2", "1"),
    ("Bounce", "5", "200"),
    ("Storage", "5", "50"),
    ("List", "5", "200"),
    ("Mandelbrot", "3", "500"),
    ("NBody", "2", "250000"),
    ("Permute", "5", "100"),
    ("Queens", "5", "100"),
    ("Sieve", "5", "200"),
    ("Towers", "5", "50"),
];

/// One Ruby implementation under test: a program and the flags it always gets.
struct Implementation {
    label: String,
    program: PathBuf,
    flags: Vec<OsString>,
    /// A rhizome (its output is checked against ruby's).
    rhizome: bool,
}

/// One thing to measure: the arguments after the implementation's own flags.
struct Case {
    name: String,
    args: Vec<OsString>,
    runs: usize,
    /// The directory the case runs in (a program's own, as the spec runner
    /// runs it, so the files its header names are found beside it).
    dir: PathBuf,
    /// The output prints timings (the AWFY harness's): digits are masked
    /// before rhizome's output is compared with ruby's.
    timed_output: bool,
}

/// The measurements of one case under one implementation.
#[derive(Default)]
struct Samples {
    seconds: Vec<f64>,
    rss_bytes: Vec<f64>,
}

/// Runs the benchmarks and prints the table.
pub fn run(options: &Options) -> Result<ExitCode> {
    let cases = cases(options)?;
    if cases.is_empty() {
        return Err(format!(
            "no benchmark matches {:?}",
            options.filter.as_deref().unwrap_or("")
        )
        .into());
    }
    let mut problems = Vec::new();
    if !options.awfy.join("harness.rb").is_file() {
        problems.push(format!(
            "no Are We Fast Yet harness in {}: its programs were not run",
            options.awfy.display()
        ));
    }
    let rhizome = build_release()?;
    let mut implementations = vec![Implementation {
        label: "rhizome".into(),
        program: rhizome.clone(),
        flags: options.rhizome_flags.iter().map(OsString::from).collect(),
        rhizome: true,
    }];
    for variant in &options.variants {
        let mut flags: Vec<OsString> = options.rhizome_flags.iter().map(OsString::from).collect();
        flags.extend(variant.split_whitespace().map(OsString::from));
        implementations.push(Implementation {
            label: format!("rhizome {variant}"),
            program: rhizome.clone(),
            flags,
            rhizome: true,
        });
    }
    let variants = implementations.len();
    match ensure_ruby() {
        Ok(version) => {
            eprintln!("comparing with ruby {version}");
            implementations.push(Implementation {
                label: "ruby".into(),
                program: "ruby".into(),
                flags: vec![],
                rhizome: false,
            });
            if yjit_available() {
                implementations.push(Implementation {
                    label: "yjit".into(),
                    program: "ruby".into(),
                    flags: vec!["--yjit".into()],
                    rhizome: false,
                });
            } else {
                problems.push("`ruby --yjit` does not enable YJIT here: no yjit column".into());
            }
        }
        Err(error) => problems.push(format!("no ruby to compare with: {error}")),
    }

    let mut rows = Vec::new();
    for case in &cases {
        eprintln!(
            "measuring {} ({} run(s) each of {})",
            case.name,
            case.runs,
            implementations
                .iter()
                .map(|i| i.label.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
        rows.push(measure_case(case, &implementations, &mut problems)?);
    }

    print_table(options, &implementations, &cases, &rows);
    if variants > 1 {
        let compiled = cases
            .iter()
            .map(|case| {
                implementations[..variants]
                    .iter()
                    .map(|implementation| compile_stats(case, implementation))
                    .collect()
            })
            .collect::<Result<Vec<Vec<CompileStats>>>>()?;
        print_variants(&implementations[..variants], &cases, &rows, &compiled);
    }
    if let Some(index) = cases.iter().position(|case| case.name == "fib") {
        let rhizome_fib = median(&rows[index][0].seconds);
        match c_fib(options.runs) {
            Ok(seconds) => println!(
                "\nfib in C (benches/c/fib.c, gcc -O2, same N): {seconds:.3} s; rhizome/C {:.2}",
                rhizome_fib / seconds
            ),
            Err(error) => problems.push(format!("no C fib to compare with: {error}")),
        }
    }
    if problems.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        println!();
        for problem in &problems {
            println!("!!! {problem}");
        }
        Ok(ExitCode::FAILURE)
    }
}

/// Compiles `benches/c/fib.c` with `gcc -O2` and times it at fib.rb's
/// default size: the median of `runs` runs, in seconds.
fn c_fib(runs: usize) -> Result<f64> {
    let binary = crate::support::target_dir().join("fib-c");
    let source = root().join("benches").join("c").join("fib.c");
    let status = Command::new("gcc")
        .arg("-O2")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
        .map_err(|e| format!("running gcc: {e}"))?;
    if !status.success() {
        return Err(format!("gcc failed on {}", source.display()).into());
    }
    let fib_rb = fs::read_to_string(root().join("benches").join("ruby").join("fib.rb"))
        .map_err(|e| format!("reading fib.rb: {e}"))?;
    let n = fib_rb
        .lines()
        .find_map(|line| line.strip_prefix("n = ARGV[0] ? ARGV[0].to_i : "))
        .ok_or("fib.rb names no default size")?
        .trim()
        .to_string();
    let mut seconds = Vec::new();
    for _ in 0..runs.max(1) {
        let measurement = measure(Command::new(&binary).arg(&n))
            .map_err(|e| format!("running {}: {e}", binary.display()))?;
        seconds.push(measurement.wall.as_secs_f64());
    }
    Ok(median(&seconds))
}

/// The cases to run: each benches/ruby/*.rb by file name, the programs of
/// spec/programs/ with a benchmark size, the [`generated`] programs, the
/// AWFY suite, then start-up.
fn cases(options: &Options) -> Result<Vec<Case>> {
    let dir = root().join("benches").join("ruby");
    let mut scripts: Vec<PathBuf> = fs::read_dir(&dir)
        .map_err(|e| format!("reading {}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rb"))
        .collect();
    scripts.sort();
    let stem = |path: &PathBuf| {
        path.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let mut cases: Vec<Case> = scripts
        .into_iter()
        .map(|path| Case {
            name: stem(&path),
            args: vec![path.into_os_string()],
            runs: options.runs,
            dir: root(),
            timed_output: false,
        })
        .collect();
    let programs_dir = root().join("spec").join("programs");
    let mut programs: Vec<PathBuf> = fs::read_dir(&programs_dir)
        .map_err(|e| format!("reading {}: {e}", programs_dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "rb"))
        .collect();
    programs.sort();
    for path in programs {
        let source =
            fs::read_to_string(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
        if let Some(arguments) = benchmark_arguments(&source) {
            let file = path.file_name().expect("a program file").to_os_string();
            let mut args = vec![file];
            args.extend(arguments.into_iter().map(OsString::from));
            cases.push(Case {
                name: format!("programs/{}", stem(&path)),
                args,
                runs: options.runs,
                dir: programs_dir.clone(),
                timed_output: false,
            });
        }
    }
    let generated_dir = root().join("target").join("bench-generated");
    fs::create_dir_all(&generated_dir)
        .map_err(|e| format!("creating {}: {e}", generated_dir.display()))?;
    for (name, source) in generated::programs() {
        let path = generated_dir.join(format!("{name}.rb"));
        fs::write(&path, source).map_err(|e| format!("writing {}: {e}", path.display()))?;
        cases.push(Case {
            name: format!("generated/{name}"),
            args: vec![path.into_os_string()],
            runs: options.runs,
            dir: root(),
            timed_output: false,
        });
    }
    if options.awfy.join("harness.rb").is_file() {
        for (name, outer, inner) in AWFY {
            cases.push(Case {
                name: format!("awfy/{name}"),
                args: ["harness.rb", name, outer, inner]
                    .into_iter()
                    .map(OsString::from)
                    .collect(),
                runs: options.runs,
                dir: options.awfy.clone(),
                timed_output: true,
            });
        }
    }
    cases.push(Case {
        name: "startup (-e 'puts 1')".into(),
        args: vec!["-e".into(), "puts 1".into()],
        runs: options.startup_runs,
        dir: root(),
        timed_output: false,
    });
    cases.retain(|case| {
        options
            .filter
            .as_deref()
            .is_none_or(|f| case.name.contains(f))
    });
    Ok(cases)
}

/// The arguments a program's header asks to be benchmarked with: the words
/// after the script in ``# Benchmark: `ruby NAME.rb ARGS...` ``.
fn benchmark_arguments(source: &str) -> Option<Vec<String>> {
    source
        .lines()
        .take_while(|line| line.starts_with('#'))
        .find_map(|line| {
            let command = line.strip_prefix("# Benchmark: `ruby ")?;
            let command = &command[..command.find('`')?];
            Some(
                command
                    .split_whitespace()
                    .skip(1)
                    .map(str::to_owned)
                    .collect(),
            )
        })
}

/// Runs one case under every implementation, alternating, and checks outputs.
fn measure_case(
    case: &Case,
    implementations: &[Implementation],
    problems: &mut Vec<String>,
) -> Result<Vec<Samples>> {
    let mut samples: Vec<Samples> = implementations.iter().map(|_| Samples::default()).collect();
    let mut reference: Option<Vec<u8>> = None;
    let mut rhizome_outputs: Vec<Vec<u8>> = Vec::new();
    // Implementations already reported as failing in this case (once is enough).
    let mut failed: Vec<&str> = Vec::new();
    for _ in 0..case.runs {
        for (implementation, samples) in implementations.iter().zip(&mut samples) {
            let mut command = Command::new(&implementation.program);
            command
                .args(&implementation.flags)
                .args(&case.args)
                .current_dir(&case.dir);
            let m = measure(&mut command)
                .map_err(|e| format!("could not run {}: {e}", implementation.program.display()))?;
            if !m.status.success() && !failed.contains(&implementation.label.as_str()) {
                failed.push(&implementation.label);
                problems.push(format!(
                    "{}: {} exited with {}; stderr:\n{}",
                    case.name,
                    implementation.label,
                    m.status,
                    String::from_utf8_lossy(&m.stderr)
                ));
            }
            samples.seconds.push(m.wall.as_secs_f64());
            samples.rss_bytes.push(m.peak_rss as f64);
            if implementation.rhizome {
                rhizome_outputs.push(m.stdout);
            } else if implementation.label == "ruby" && reference.is_none() {
                reference = Some(m.stdout);
            }
        }
    }
    if let Some(expected) = &reference {
        let comparable = |output: &[u8]| {
            if case.timed_output {
                mask_digits(output)
            } else {
                output.to_vec()
            }
        };
        let expected = &comparable(expected);
        if let Some(bad) = rhizome_outputs
            .iter()
            .map(|out| comparable(out))
            .find(|out| out != expected)
        {
            problems.push(format!(
                "OUTPUT MISMATCH in {}: rhizome's stdout differs from ruby's \
                 (- ruby, + rhizome)\n{}",
                case.name,
                rhizome_spec::diff("stdout", expected, &bad)
            ));
        }
    }
    Ok(samples)
}

/// What one rhizome run with `--stats` says of its compilations.
struct CompileStats {
    code_bytes: u64,
    compile_ms: u64,
}

/// Runs `case` once more under `implementation` (a rhizome) with
/// `--stats`, for its code bytes and compile time.
fn compile_stats(case: &Case, implementation: &Implementation) -> Result<CompileStats> {
    let mut command = Command::new(&implementation.program);
    command
        .args(&implementation.flags)
        .arg("--stats")
        .args(&case.args)
        .current_dir(&case.dir);
    let m = measure(&mut command)
        .map_err(|e| format!("could not run {}: {e}", implementation.program.display()))?;
    let stderr = String::from_utf8_lossy(&m.stderr);
    let stat = |key: &str| {
        stderr
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(' ')?.parse().ok())
            .unwrap_or(0)
    };
    Ok(CompileStats {
        code_bytes: stat("jit.code_bytes"),
        compile_ms: stat("jit.compile_ms"),
    })
}

/// The table of rhizome's variants against its defaults (the first).
fn print_variants(
    variants: &[Implementation],
    cases: &[Case],
    rows: &[Vec<Samples>],
    compiled: &[Vec<CompileStats>],
) {
    let mut header = vec!["benchmark".to_string()];
    for (index, variant) in variants.iter().enumerate() {
        let name = if index == 0 {
            "defaults"
        } else {
            variant.label.trim_start_matches("rhizome ")
        };
        header.push(format!("{name} s"));
        if index > 0 {
            header.push("ratio".into());
        }
        header.push("code KB".into());
        header.push("compile ms".into());
    }
    let mut table = vec![header];
    let mut logs = vec![0.0f64; variants.len()];
    let mut counted = 0;
    for ((case, samples), stats) in cases.iter().zip(rows).zip(compiled) {
        let times: Vec<f64> = samples[..variants.len()]
            .iter()
            .map(|s| median(&s.seconds))
            .collect();
        let mut row = vec![case.name.clone()];
        for (index, (time, stats)) in times.iter().zip(stats).enumerate() {
            row.push(format!("{time:.4}"));
            if index > 0 {
                row.push(format!("{:.2}", time / times[0]));
            }
            row.push(format!("{}", stats.code_bytes / 1024));
            row.push(format!("{}", stats.compile_ms));
        }
        if case.name.starts_with("awfy/") {
            counted += 1;
            for (log, time) in logs.iter_mut().zip(&times) {
                *log += (time / times[0]).ln();
            }
        }
        table.push(row);
    }
    println!();
    println!("rhizome's variants against its defaults (ratio: the variant's time / the defaults'; code and compile time from one more run with --stats)");
    println!();
    print_rows(&table);
    if counted > 0 {
        let geomeans: Vec<String> = logs[1..]
            .iter()
            .zip(&variants[1..])
            .map(|(log, variant)| {
                format!(
                    "{}: {:.3}",
                    variant.label.trim_start_matches("rhizome "),
                    (log / counted as f64).exp()
                )
            })
            .collect();
        println!(
            "\ngeomean over the AWFY programs, variant / defaults: {}",
            geomeans.join(", ")
        );
    }
}

/// The output with every run of digits as one `#`: timings that differ
/// from run to run compare equal, the words around them must not.
fn mask_digits(output: &[u8]) -> Vec<u8> {
    let mut masked = Vec::with_capacity(output.len());
    for &byte in output {
        if !byte.is_ascii_digit() {
            masked.push(byte);
        } else if masked.last() != Some(&b'#') {
            masked.push(b'#');
        }
    }
    masked
}

fn print_table(
    options: &Options,
    implementations: &[Implementation],
    cases: &[Case],
    rows: &[Vec<Samples>],
) {
    let mut header = vec!["benchmark".to_string()];
    for i in implementations {
        header.push(format!("{} s", i.label));
    }
    for i in &implementations[1..] {
        header.push(format!("rhizome/{}", i.label));
    }
    for i in implementations {
        header.push(format!("{} MB", i.label));
    }
    let mut table = vec![header];
    for (case, samples) in cases.iter().zip(rows) {
        let times: Vec<f64> = samples.iter().map(|s| median(&s.seconds)).collect();
        let mut row = vec![case.name.clone()];
        row.extend(times.iter().map(|t| format!("{t:.4}")));
        row.extend(times[1..].iter().map(|t| format!("{:.2}", times[0] / t)));
        row.extend(
            samples
                .iter()
                .map(|s| format!("{:.1}", megabytes(median(&s.rss_bytes) as u64))),
        );
        table.push(row);
    }

    let flags = if options.rhizome_flags.is_empty() {
        String::new()
    } else {
        format!(" (rhizome flags: {})", options.rhizome_flags.join(" "))
    };
    println!();
    println!(
        "median wall time in seconds over {} run(s) ({} for start-up){flags}",
        options.runs, options.startup_runs
    );
    println!("ratios are rhizome's time / the other's: a ratio < 1 means rhizome is faster");
    println!("MB = median peak RSS in megabytes (10^6 bytes)");
    println!();
    print_rows(&table);
}

/// Prints `table` aligned, its first row as a header.
fn print_rows(table: &[Vec<String>]) {
    let columns = table[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| table.iter().map(|row| row[c].len()).max().unwrap_or(0))
        .collect();
    for (index, row) in table.iter().enumerate() {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            if c == 0 {
                let _ = write!(line, "{cell:<w$}", w = widths[c]);
            } else {
                let _ = write!(line, "  {cell:>w$}", w = widths[c]);
            }
        }
        println!("{}", line.trim_end());
        if index == 0 {
            println!("{}", "-".repeat(line.trim_end().len()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{benchmark_arguments, mask_digits};

    #[test]
    fn timings_are_masked_and_words_kept() {
        let a = mask_digits(b"Richards: iterations=1 runtime: 1234us\n");
        let b = mask_digits(b"Richards: iterations=1 runtime: 98us\n");
        assert_eq!(a, b);
        assert_eq!(a, b"Richards: iterations=# runtime: #us\n");
        assert_ne!(a, mask_digits(b"Richards: failed runtime: 98us\n"));
    }

    #[test]
    fn reads_benchmark_arguments_from_the_header() {
        let source = "# A solver.\n#\n# Benchmark: `ruby solver.rb 12 fast` takes 1 s.\nputs 1\n";
        assert_eq!(
            benchmark_arguments(source),
            Some(vec!["12".to_string(), "fast".to_string()])
        );
        assert_eq!(benchmark_arguments("# No size.\nputs 1\n"), None);
        let late = "puts 1\n# Benchmark: `ruby x.rb 3`\n";
        assert_eq!(benchmark_arguments(late), None);
    }
}
