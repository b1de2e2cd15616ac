//! Acceptance tests of the profiling interpreter (issue 2): the send
//! profiles `--dump-profile` prints for fib, and starting a method in the
//! middle with the frame the interpreter would have had there.

use rhizome::{Value, Vm, VmOptions};
use std::process::Command;
use std::rc::Rc;

const FIB: &str = "def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end

fib(10)
";

#[test]
fn dump_profile_shows_the_kinds_fib_saw() {
    let dir = std::env::temp_dir().join(format!("rhizome-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("fib.rb");
    std::fs::write(&script, FIB).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .arg("--dump-profile")
        .arg(&script)
        .output()
        .unwrap();
    assert!(output.status.success());
    let profile = String::from_utf8(output.stderr).unwrap();
    let fib_section: Vec<&str> = profile
        .split("== ")
        .find(|section| section.starts_with("fib "))
        .expect("a section for fib")
        .lines()
        .collect();
    assert!(fib_section[0].ends_with("calls=177"), "{}", fib_section[0]);
    let sends: Vec<&str> = fib_section
        .iter()
        .copied()
        .filter(|l| l.contains(" send "))
        .collect();
    assert_eq!(
        sends,
        [
            "ip=6 send < receiver_kinds={fixnum} args_kinds=[{fixnum}]",
            "ip=16 send - receiver_kinds={fixnum} args_kinds=[{fixnum}]",
            "ip=17 send fib receiver_kinds={Object} args_kinds=[{fixnum}]",
            "ip=21 send - receiver_kinds={fixnum} args_kinds=[{fixnum}]",
            "ip=22 send fib receiver_kinds={Object} args_kinds=[{fixnum}]",
            "ip=23 send + receiver_kinds={fixnum} args_kinds=[{fixnum}]",
        ]
    );
    // Only the program's own methods: fib and the top level.
    let sections: Vec<&str> = profile.lines().filter(|l| l.starts_with("== ")).collect();
    assert_eq!(sections.len(), 2, "{sections:?}");
    let caches: Vec<&str> = fib_section
        .iter()
        .copied()
        .filter(|l| l.contains(" call_cache "))
        .collect();
    assert_eq!(
        caches,
        [
            "ip=6 call_cache < cache=empty",
            "ip=16 call_cache - cache=empty",
            "ip=17 call_cache fib cache=mono",
            "ip=21 call_cache - cache=empty",
            "ip=22 call_cache fib cache=mono",
            "ip=23 call_cache + cache=empty",
        ]
    );
    assert!(
        fib_section.contains(&"ip=8 branch taken=88 not_taken=89"),
        "{fib_section:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

const SHAPES: &str = "class Circle
  def initialize(r) = @r = r
  def area = 3 * @r * @r
end

class Square
  def initialize(s) = @s = s
  def area = @s * @s
end

class Tagged < Square
  def initialize(s)
    @tag = :t
    super
  end
end

def total(shapes) = shapes.sum { |s| s.area }

total([Circle.new(1), Square.new(2)] * 3)
total([Circle.new(1), Square.new(2), Tagged.new(3)] * 3)
";

/// The profile lines of method `name` in a `--dump-profile` of `source`.
fn profile_of(source: &str, name: &str) -> Vec<String> {
    let dir = std::env::temp_dir().join(format!("rhizome-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("shapes.rb");
    std::fs::write(&script, source).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .arg("--dump-profile")
        .arg(&script)
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(output.status.success());
    let profile = String::from_utf8(output.stderr).unwrap();
    profile
        .split("== ")
        .filter(|section| section.starts_with(&format!("{name} ")))
        .flat_map(|section| section.lines().skip(1).map(String::from))
        .collect()
}

#[test]
fn inline_caches_go_polymorphic_and_cache_shapes() {
    let block = profile_of(SHAPES, "block in total");
    assert!(
        block
            .iter()
            .any(|l| l.contains("send area receiver_kinds={Circle, Square, Tagged}")),
        "{block:?}"
    );
    assert!(
        block
            .iter()
            .any(|l| l.contains(" call_cache area ") && l.ends_with("cache=poly")),
        "{block:?}"
    );
    // `@s * @s` in Square#area sees Squares and Tagged objects (@tag
    // first): two shapes.
    let area = profile_of(SHAPES, "area");
    assert!(
        area.iter().any(|l| l.contains("getivar @s cache=poly")),
        "{area:?}"
    );
    assert!(
        area.iter().any(|l| l.contains("getivar @r cache=mono")),
        "{area:?}"
    );
}

#[test]
fn a_method_can_start_at_any_instruction() {
    let source = "def side_effect(n)\n  n\nend\n\ndef add_with_side_effects(a, b)\n  side_effect(a) + side_effect(b)\nend\n";
    let mut vm = Vm::new(VmOptions::default());
    let code = bytecode::compile_file(source.as_bytes(), "t.rb", &mut vm.symbols).unwrap();
    let main = vm.load(Rc::new(code));
    vm.run_main(main.clone()).unwrap();
    let method = main
        .children
        .iter()
        .find(|m| vm.symbols.name(m.code.name) == "add_with_side_effects")
        .unwrap()
        .clone();
    assert_eq!(
        method.code.insns[12],
        bytecode::Insn::Send(2),
        "index 12 is the send of +"
    );
    // At index 12 both side_effect calls have run: their results are the
    // operand stack; the arguments are in their locals. Different operands
    // give different sums: the interpreter really continues from there
    // rather than recomputing from the arguments.
    let (a, b) = (Value::small(30), Value::small(12));
    let receiver = vm.main;
    for (operands, sum) in [([30, 12], 42), ([1, 2], 3)] {
        let operands = operands.map(Value::small);
        let result = vm
            .resume(&method, 12, receiver, &[a, b], &[a, b], &operands)
            .unwrap();
        assert_eq!(result, Value::small(sum));
    }
}
