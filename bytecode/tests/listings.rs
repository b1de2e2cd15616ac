//! The listings of RhizomeRuby's deoptimisation document, instruction for
//! instruction, without their `trace` instructions (the line of each
//! instruction is in the method's line table).

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
        "0  arg      0
1  store    a
2  arg      1
3  store    b
4  load     a
5  load     b
6  send     +      1
7  return
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
 4  self
 5  load     a
 6  send     side_effect 1
 7  self
 8  load     b
 9  send     side_effect 1
10  send     +      1
11  return
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
 2  load     n
 3  push     2
 4  send     <      1
 5  not
 6  branch   9
 7  load     n
 8  jump     20
 9  self
10  load     n
11  push     1
12  send     -      1
13  send     fib    1
14  self
15  load     n
16  push     2
17  send     -      1
18  send     fib    1
19  send     +      1
20  return
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
11  load     b
12  return
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
 2  jump     7
 3  load     n
 4  push     1
 5  send     -      1
 6  store    n
 7  load     n
 8  push     0
 9  send     >      1
10  branch   3
11  push     nil
12  return
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
    assert!(line_at(small).contains(":small"), "{listing}");
    assert!(line_at(ex).contains(":ex"), "{listing}");
    assert!(line_at(other).contains(":other"), "{listing}");
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
 2  load     x
 3  push     9
 4  send     >      1
 5  not
 6  branch   9
 7  push     9
 8  store    x
 9  load     x
10  push     0
11  send     >      1
12  not
13  branch   19
14  load     x
15  push     1
16  send     +      1
17  store    x
18  jump     21
19  push     0
20  store    x
21  load     x
22  return
"
    );
}
