//! Benchmark programs made by code, too long to keep as files: shapes of
//! code that tiering and the interpreter must handle well, written out to
//! `target/bench-generated/` before a `cargo xtask bench` run.
//!
//! - `case_2000_whens`: a `case` of 2,000 Integer `when`s, called 300,000
//!   times (a jump table's work: MRI's `opt_case_dispatch`);
//! - `if_elsif_chains`: 300 methods, each a 200-branch `if`/`elsif` chain,
//!   called 2,000 times each through `send` (a JIT that compiles them all
//!   spends more than it saves);
//! - `many_small_methods`: 20,000 one-line methods, each called 3 times
//!   (none is ever hot).

use std::fmt::Write;

/// Each generated program: its name and its source.
pub fn programs() -> Vec<(&'static str, String)> {
    vec![
        ("case_2000_whens", case_2000_whens()),
        ("if_elsif_chains", if_elsif_chains()),
        ("many_small_methods", many_small_methods()),
    ]
}

fn case_2000_whens() -> String {
    let mut source = String::from("def classify(n)\n  case n\n");
    for i in 0..2000 {
        writeln!(source, "  when {i} then {}", i * 3 % 7).expect("a String takes writes");
    }
    source.push_str("  else -1\n  end\nend\n\n");
    source.push_str(
        "sum = 0\ni = 0\nwhile i < 300_000\n  sum += classify(i % 2100)\n  i += 1\nend\np sum\n",
    );
    source
}

fn if_elsif_chains() -> String {
    let mut source = String::new();
    for method in 0..300 {
        writeln!(source, "def chain{method}(x)").expect("a String takes writes");
        for test in 0..200 {
            let keyword = if test == 0 { "if" } else { "elsif" };
            writeln!(
                source,
                "  {keyword} x == {test} then {}",
                test * method % 13
            )
            .expect("a String takes writes");
        }
        source.push_str("  else -1\n  end\nend\n\n");
    }
    source.push_str(
        "s = 0\ni = 0\nwhile i < 2000\n  j = 0\n  while j < 300\n    \
         s += send(:\"chain#{j}\", (i * 7 + j) % 220)\n    j += 1\n  end\n  i += 1\nend\np s\n",
    );
    source
}

fn many_small_methods() -> String {
    let mut source = String::new();
    for method in 0..20_000 {
        writeln!(source, "def m{method}(x) = x + {}", method % 7).expect("a String takes writes");
    }
    source.push_str("s = 0\n3.times do\n");
    for method in 0..20_000 {
        writeln!(source, "  s += m{method}({method})").expect("a String takes writes");
    }
    source.push_str("end\np s\n");
    source
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_programs_are_the_sizes_their_doc_says() {
        let programs = programs();
        let lines = |name: &str| {
            let (_, source) = programs.iter().find(|(n, _)| *n == name).unwrap();
            source.lines().count()
        };
        assert_eq!(
            programs[0].1.matches("  when ").count(),
            2000,
            "2,000 whens"
        );
        assert_eq!(programs[1].1.matches("\ndef chain").count() + 1, 300);
        assert!(lines("many_small_methods") > 40_000);
    }
}
