//! The listings of RhizomeRuby's deoptimisation document, instruction for
//! instruction (trace operands are the lines of this file's snippets).

use bytecode::{compile_file, SymbolTable};

fn listing(source: &str, method: &str) -> String {
    let mut symbols = SymbolTable::new();
    let main = compile_file(source.as_bytes(), "t.rb", &mut symbols).expect("compiles");
    let wanted = symbols.lookup(method).expect("method name interned");
    let found = main
        .children
        .iter()
        .find(|m| m.name == wanted)
        .expect("method defined");
    found.disassemble(&symbols)
}

#[test]
fn add() {
    let source = "def add(a, b)\n  a + b\nend\n";
    assert_eq!(
        listing(source, "add"),
        " 0  arg      0
 1  store    a
 2  arg      1
 3  store    b
 4  trace    1
 5  trace    2
 6  load     a
 7  load     b
 8  send     +      1
 9  trace    3
10  return
"
    );
}

#[test]
fn add_with_side_effects() {
    let source = "def side_effect(n)\n  n\nend\n\ndef add_with_side_effects(a, b)\n  side_effect(a) + side_effect(b)\nend\n";
    assert_eq!(
        listing(source, "add_with_side_effects"),
        " 0  arg      0
 1  store    a
 2  arg      1
 3  store    b
 4  trace    5
 5  trace    6
 6  self
 7  load     a
 8  send     side_effect 1
 9  self
10  load     b
11  send     side_effect 1
12  send     +      1
13  trace    7
14  return
"
    );
}

#[test]
fn fib() {
    let source = "def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end
";
    assert_eq!(
        listing(source, "fib"),
        " 0  arg      0
 1  store    n
 2  trace    1
 3  trace    2
 4  load     n
 5  push     2
 6  send     <      1
 7  not
 8  branch   12
 9  trace    3
10  load     n
11  jump     24
12  trace    5
13  self
14  load     n
15  push     1
16  send     -      1
17  send     fib    1
18  self
19  load     n
20  push     2
21  send     -      1
22  send     fib    1
23  send     +      1
24  trace    7
25  return
"
    );
}

#[test]
fn optional_parameters_have_a_prologue() {
    let source = "def f(a, b = a + 1)\n  b\nend\n";
    assert_eq!(
        listing(source, "f"),
        " 0  arg      0
 1  store    a
 2  has_arg  1
 3  branch   9
 4  load     a
 5  push     1
 6  send     +      1
 7  store    b
 8  jump     11
 9  arg      1
10  store    b
11  trace    1
12  trace    2
13  load     b
14  trace    3
15  return
"
    );
}

#[test]
fn while_loops_test_at_the_bottom() {
    let source = "def f(n)\n  while n > 0\n    n -= 1\n  end\nend\n";
    assert_eq!(
        listing(source, "f"),
        " 0  arg      0
 1  store    n
 2  trace    1
 3  trace    2
 4  jump     10
 5  trace    3
 6  load     n
 7  push     1
 8  send     -      1
 9  store    n
10  load     n
11  push     0
12  send     >      1
13  branch   5
14  push     nil
15  trace    5
16  return
"
    );
}

#[test]
fn a_case_of_literal_whens_dispatches_through_a_table() {
    let source = "def kind(x)\n  case x\n  when 1, 2 then :small\n  when :x then :ex\n  else :other\n  end\nend\n";
    let listing = listing(source, "kind");
    let dispatch = listing
        .lines()
        .find(|line| line.contains("casedispatch"))
        .unwrap_or_else(|| panic!("no casedispatch in\n{listing}"));
    // Both literals of the first `when` go to its body, the Symbol to the
    // second's; the checks follow the dispatch for what it cannot decide.
    let ip = |text: &str| -> usize {
        let (_, target) = dispatch.split_once(text).unwrap();
        let digits: String = target.chars().take_while(char::is_ascii_digit).collect();
        digits.parse().unwrap()
    };
    let (small, ex, other) = (ip("1=>"), ip(":x=>"), ip("else=>"));
    assert_eq!(ip("2=>"), small);
    let line_at = |n: usize| listing.lines().nth(n).unwrap().to_string();
    assert!(line_at(small + 1).contains(":small"), "{listing}");
    assert!(line_at(ex + 1).contains(":ex"), "{listing}");
    assert!(line_at(other + 1).contains(":other"), "{listing}");
    assert!(listing.contains("checkmatch"));
}

#[test]
fn a_case_with_a_pattern_that_is_no_literal_tests_every_when() {
    for source in [
        "def kind(x)\n  case x\n  when 1 then :a\n  when y then :b\n  end\nend\n",
        "def kind(x)\n  case x\n  when 1, *[2] then :a\n  end\nend\n",
        "def kind(x)\n  case x\n  when \"a#{x}\" then :a\n  end\nend\n",
        "def kind(x)\n  case\n  when x then :a\n  end\nend\n",
    ] {
        assert!(
            !listing(source, "kind").contains("casedispatch"),
            "{source}"
        );
    }
}

#[test]
fn an_if_as_a_statement_leaves_no_value_to_pop() {
    let source = "def clamp(x)\n  if x > 9\n    x = 9\n  end\n  unless x > 0 then x = 0 else x += 1 end\n  x\nend\n";
    assert_eq!(
        listing(source, "clamp"),
        " 0  arg      0
 1  store    x
 2  trace    1
 3  trace    2
 4  load     x
 5  push     9
 6  send     >      1
 7  not
 8  branch   12
 9  trace    3
10  push     9
11  store    x
12  trace    5
13  load     x
14  push     0
15  send     >      1
16  not
17  branch   24
18  trace    5
19  load     x
20  push     1
21  send     +      1
22  store    x
23  jump     27
24  trace    5
25  push     0
26  store    x
27  trace    6
28  load     x
29  trace    7
30  return
"
    );
}
