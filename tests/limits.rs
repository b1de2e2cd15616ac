//! The command line's budgets (`--max-steps`, `--max-memory`): how a run
//! that spends one ends, as a user of the binary sees it.

use std::process::Command;

/// Runs `rhizome FLAGS -e SOURCE`: (exit status, stderr).
fn run(flags: &[&str], source: &str) -> (Option<i32>, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .args(flags)
        .args(["-e", source])
        .output()
        .expect("rhizome runs");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (output.status.code(), stderr)
}

/// The fatal of a spent budget is reported alone: the exception being
/// handled when the budget ran out (its cause) is not why the run ended,
/// and a recursion that rescues and recurses would leave thousands of
/// causes to write.
#[test]
fn a_spent_budget_is_reported_without_causes() {
    let source = "begin\n  raise 'handled'\nrescue\n  loop {}\nend";
    let (status, stderr) = run(&["--max-steps", "10000"], source);
    assert_eq!(status, Some(1));
    assert_eq!(
        stderr,
        "-e:4:in `loop': execution step limit reached (fatal)\n\
         \tfrom -e:4:in `rescue in <main>'\n\
         \tfrom -e:1:in `<main>'\n"
    );
}

/// Without a budget, an uncaught exception's causes follow it, as MRI
/// prints them.
#[test]
fn an_uncaught_exception_is_reported_with_its_causes() {
    let source = "begin\n  raise 'handled'\nrescue\n  raise 'again'\nend";
    let (status, stderr) = run(&[], source);
    assert_eq!(status, Some(1));
    assert!(stderr.contains("again (RuntimeError)"), "{stderr}");
    assert!(stderr.contains("handled (RuntimeError)"), "{stderr}");
}

/// A loop of long Strings reaches a 32 MB budget, though each String
/// takes one cell of the heap.
#[test]
fn long_strings_reach_the_memory_budget() {
    let (status, stderr) = run(
        &["--max-memory", "32"],
        "list = []\nloop { list << 'x' * (1 << 20) }",
    );
    assert_eq!(status, Some(1));
    assert!(stderr.contains("memory limit reached (fatal)"), "{stderr}");
}

/// A width or precision that asks for more than the memory budget is
/// refused before the padding is made: NoMemoryError, which no plain
/// `rescue` takes, at once and without the memory (cargo-fuzz found
/// `format("%999999999f", 1)` taking 2 GB under a 256 MB budget).
#[test]
fn a_width_beyond_the_memory_budget_is_no_memory() {
    for expression in [
        "format('%999999999f', 1)",
        "format('%-300000000s|', 'x')",
        "format('%.300000000d', 1)",
        "'a'.ljust(300_000_000)",
    ] {
        let source = format!("begin\n  {expression}\nrescue\n  p :rescued\nend");
        let (status, stderr) = run(&["--max-memory", "32"], &source);
        assert_eq!(status, Some(1), "{expression}");
        assert_eq!(
            stderr, "-e: failed to allocate memory (NoMemoryError)\n",
            "{expression}"
        );
    }
}
