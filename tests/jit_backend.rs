//! Snapshot tests of the back end: the LIR lowering makes of a compiled
//! method (explicit tags, fused compare-and-jumps, deoptimisation sites
//! with the maps they roll back to), compared with inline snapshots as the
//! pass tests in `jit_passes.rs` compare graphs.

use rhizome::jit::lir_after_run;

/// The seed's `add`: two kind guards and a checked add. With no side
/// effect before them, all three sites roll back to index 0, whose map is
/// the method's entry (receiver and arguments).
#[test]
fn guards_before_any_side_effect_roll_back_to_the_entry() {
    let lir = lir_after_run(
        "def add(a, b)\n  a + b\nend\n2000.times { |i| add(i, 1) }\n",
        "add",
    );
    insta::assert_snapshot!(lir, @r"
    b0:
      v0 = param self
      v1 = param arg 0
      v2 = param arg 1
      guard v1 & 0x1 != 0 else site 0
      guard v2 & 0x1 != 0 else site 1
      v3 = untag v2
      v4 = untag v1
      v5 = add v4, v3 check site 2
      v6 = tag v5
      return v6
    site 0: kind fixnum -> @0 [v0, v1, v2]
    site 1: kind fixnum -> @0 [v0, v1, v2]
    site 2: overflow -> @0 [v0, v1, v2]
    ");
}

/// A loop counting to `n`: the condition is fused into the branch (`lt`
/// on untagged integers, no Bool value), the counter's phi is a block
/// parameter passed by the jumps, the back edge polls for invalidation
/// (rolling back, like the guards, to the loop's test at @15), and tagging
/// happens only where a value leaves the loop.
#[test]
fn a_loop_condition_is_a_compare_and_jump() {
    let lir = lir_after_run(
        "def count(n)\n  i = 0\n  while i < n\n    i += 1\n  end\n  i\nend\n20.times { count(100) }\n",
        "count",
    );
    insta::assert_snapshot!(lir, @r"
    b0:
      v0 = param self
      v1 = param arg 0
      v2 = untag v1
      jump b1(0x1)
    b1(v3):
      guard v1 & 0x1 != 0 else site 0
      v4 = untag v3
      branch v4 lt v2 ? b2 : b3
    b2:
      v5 = add v4, 0x1 check site 1
      v6 = tag v5
      poll site 2
      jump b1(v6)
    b3:
      return v3
    site 0: kind fixnum -> @15 [v0, v1, v1, v3, v3, v1]
    site 1: overflow -> @15 [v0, v1, v1, v3, v3, v1]
    site 2: invalidated -> @15 [v0, v1, v1, v3, v3, v1]
    ");
}
