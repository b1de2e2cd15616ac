//! Acceptance tests of the profiling interpreter (issue 2): the send
//! profiles `--dump-profile` prints for fib, and the inline caches. (Starting
//! a method in the middle, with the frame the interpreter would have had
//! there, is what deoptimisation does: `tests/jit_runtime.rs`.)

use std::process::Command;

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
            "ip=4 send < receiver_kinds={fixnum} args_kinds=[{fixnum}]",
            "ip=12 send - receiver_kinds={fixnum} args_kinds=[{fixnum}]",
            "ip=13 send fib receiver_kinds={Object} args_kinds=[{fixnum}]",
            "ip=17 send - receiver_kinds={fixnum} args_kinds=[{fixnum}]",
            "ip=18 send fib receiver_kinds={Object} args_kinds=[{fixnum}]",
            "ip=19 send + receiver_kinds={fixnum} args_kinds=[{fixnum}]",
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
            "ip=4 call_cache < cache=empty",
            "ip=12 call_cache - cache=empty",
            "ip=13 call_cache fib cache=mono",
            "ip=17 call_cache - cache=empty",
            "ip=18 call_cache fib cache=mono",
            "ip=19 call_cache + cache=empty",
        ]
    );
    assert!(
        fib_section.contains(&"ip=6 branch taken=88 not_taken=89"),
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
