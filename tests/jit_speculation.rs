//! Snapshot tests of what the JIT makes of whole small programs: the
//! speculation the profiles allow (fixnum arithmetic, shape guards,
//! branches never taken, inlined blocks and recursion, constructors, core
//! methods as intrinsics), compared as printed graphs with inline
//! snapshots after the whole pipeline or a stage of it (`cargo insta
//! review` updates them). The tests of one pass at a time are in
//! `jit_passes.rs` and, from written graphs, in the `jit` crate.

mod common;

use common::after;
use rhizome::compiled::graphs_after_run;

/// The seed's `add`, profiled with fixnums: inline caching and the
/// intrinsic leave two kind guards and a `fixnum_add` that deoptimises on
/// overflow; the deoptimise pass prunes the generic `send +`.
#[test]
fn add_speculates_on_fixnums() {
    let graphs = graphs_after_run(
        r#"def add(a, b)
  a + b
end
i = 0
while i < 20
  add(i, 2)
  i += 1
end
"#,
        "add",
    );
    insta::assert_snapshot!(after(&graphs, "intrinsics"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6 (uncommon)
    v8 = send +(1) v1, v4 state=v5 ctrl=v7
    v9 = if_true ctrl=v6
    v10 = is_kind(fixnum) v4
    v11 = guard(kind fixnum) v10 state=v5 ctrl=v9
    v12 = untag_fixnum v1 ctrl=v11
    v13 = untag_fixnum v4 ctrl=v12
    v14 = fixnum_add v12, v13 state=v5 ctrl=v13
    v15 = tag_fixnum v14 ctrl=v14
    v16 = merge ctrl=[v15, v8]
    v17 = phi v15, v8 ctrl=v16
    v18 = return v17 ctrl=v16
    v19 = finish ctrl=[v18]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = tag_fixnum v11
    v13 = return v12 ctrl=v11
    v14 = finish ctrl=[v13]
    "#);
}

/// The seed's deoptimisation map: the state at the `+` names index 12,
/// the receiver, both arguments and the two `side_effect` results on the
/// stack (no local is live any more).
#[test]
fn add_with_side_effects_state_at_the_plus() {
    let graphs = graphs_after_run(
        r#"def side_effect(n)
  n
end

def add_with_side_effects(a, b)
  side_effect(a) + side_effect(b)
end
add_with_side_effects(1, 2)
"#,
        "add_with_side_effects",
    );
    insta::assert_snapshot!(after(&graphs, "build"), @r#"
    v0 = start
    v1 = self
    v2 = arg 0
    v3 = arg 1
    v4 = state add_with_side_effects@6 self=v1 args=[v2, v3] locals=[b=v3] stack=[v1, v2]
    v5 = send side_effect(1) v1, v2 state=v4 ctrl=v0
    v6 = state add_with_side_effects@9 self=v1 args=[v2, v3] locals=[] stack=[v5, v1, v3]
    v7 = send side_effect(1) v1, v3 state=v6 ctrl=v5
    v8 = state add_with_side_effects@10 self=v1 args=[v2, v3] locals=[] stack=[v5, v7]
    v9 = send +(1) v5, v7 state=v8 ctrl=v7
    v10 = return v9 ctrl=v9
    v11 = finish ctrl=[v10]
    "#);
}

/// `fib`: the recursion is unrolled three times (each recursive send inlines a
/// copy of `fib`, with `outer=` states naming the frame waiting in the
/// call, and so do the copies' sends), and the innermost copies' own
/// recursive sends stay calls (bound to Object) behind `fib`'s guard
/// clause, inlined: an `n` below 2 is returned without the call (early
/// exit). The arithmetic and comparisons are fixnum operations, and the
/// guards on `n` and on `self` are checked once: the copies' `n` is the
/// untagged `n - 1` and `n - 2` of the outer frame.
#[test]
fn fib_unrolls_its_recursion_three_times() {
    let graphs = graphs_after_run(
        r#"def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end
fib(12)
"#,
        "fib",
    );
    // Over 500 lines: the snapshot is a file, snapshots/jit_speculation__fib_unrolled_final.snap.
    insta::assert_snapshot!("fib_unrolled_final", after(&graphs, "final"));
}

/// A `+` that saw fixnums and floats: one kind test per kind, the
/// fallback uncommon; afterwards both specialised paths remain.
#[test]
fn polymorphic_plus_tests_each_kind() {
    let graphs = graphs_after_run(
        r#"def add(a, b)
  a + b
end
add(1, 2)
add(1.5, 2.5)
"#,
        "add",
    );
    insta::assert_snapshot!(after(&graphs, "inline_caching"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6
    v8 = is_kind(flonum) v1
    v9 = branch v8 state=v5 ctrl=v7
    v10 = if_false ctrl=v9 (uncommon)
    v11 = send +(1) v1, v4 state=v5 ctrl=v10
    v12 = if_true ctrl=v9
    v13 = send +(1) @flonum v1, v4 state=v5 ctrl=v12
    v14 = if_true ctrl=v6
    v15 = send +(1) @fixnum v1, v4 state=v5 ctrl=v14
    v16 = merge ctrl=[v15, v13, v11]
    v17 = phi v15, v13, v11 ctrl=v16
    v18 = return v17 ctrl=v16
    v19 = finish ctrl=[v18]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6
    v8 = is_kind(flonum) v1
    v9 = guard(kind flonum) v8 state=v5 ctrl=v7
    v10 = is_kind(flonum) v4
    v11 = guard(kind flonum) v10 state=v5 ctrl=v9
    v12 = if_true ctrl=v6
    v13 = is_kind(fixnum) v4
    v14 = guard(kind fixnum) v13 state=v5 ctrl=v12
    v15 = untag_fixnum v1
    v16 = untag_fixnum v4
    v17 = fixnum_add v15, v16 state=v5 ctrl=v14
    v18 = merge ctrl=[v17, v11]
    v19 = phi v21, v25 ctrl=v18
    v20 = return v19 ctrl=v18
    v21 = tag_fixnum v17
    v22 = unbox_float v1
    v23 = unbox_float v4
    v24 = float_add v22, v23
    v25 = box_float v24
    v26 = finish ctrl=[v20]
    "#);
}

/// An `attr_reader` through a monomorphic site: a shape guard and a slot
/// load, no call.
#[test]
fn attr_reader_becomes_a_shape_guard_and_a_load() {
    let graphs = graphs_after_run(
        r#"class Point
  attr_reader :x
  def initialize(x)
    @x = x
  end
end

def get_x(point)
  point.x
end
p = Point.new(3)
get_x(p)
get_x(p)
"#,
        "get_x",
    );
    insta::assert_snapshot!(after(&graphs, "intrinsics"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Point) v1
    v3 = self
    v4 = state get_x@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send x(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = load_shape v1 ctrl=v8
    v10 = shape_is(S7) v9
    v11 = guard(shape) v10 state=v4 ctrl=v9
    v12 = load_ivar(0) v1 ctrl=v11
    v13 = merge ctrl=[v12, v7]
    v14 = phi v12, v7 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Point) v1
    v3 = self
    v4 = state get_x@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = guard(kind Point) v2 state=v4 ctrl=v0
    v6 = load_shape v1 ctrl=v5
    v7 = shape_is(S7) v6
    v8 = guard(shape) v7 state=v4 ctrl=v6
    v9 = load_ivar(0) v1 ctrl=v8
    v10 = return v9 ctrl=v9
    v11 = finish ctrl=[v10]
    "#);
}

/// `Integer#times` (Ruby, in `rb/`) inlined with its block: a loop whose
/// body is the block's, with frame states chaining block -> times -> sum.
#[test]
fn times_block_inlined_into_a_loop() {
    let graphs = graphs_after_run(
        r#"def sum(n)
  total = 0
  n.times { |i| total += i }
  total
end
sum(10)
"#,
        "sum",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = env
    v2 = const 0
    v3 = self
    v4 = arg 0
    v5 = state sum@3 self=v3 args=[v4] locals=[n=v4] stack=[v2]
    v6 = insn storeenv total 0 v1, v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = state sum@5 self=v3 args=[v4] locals=[] stack=[v4]
    v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
    v10 = loop ctrl=[v9, v34]
    v11 = phi v2, v37 ctrl=v10
    v12 = untag_fixnum v11
    v13 = untag_fixnum v4
    v14 = int_lt v12, v13
    v15 = state sum@5 self=v3 args=[v4] locals=[] stack=[]
    v16 = bool_to_value v14
    v17 = state times@24 self=v4 args=[] locals=[i=v11] stack=[v16] outer=v15
    v18 = branch v14 state=v17 ctrl=v10
    v19 = if_false ctrl=v18
    v20 = state sum@7 self=v3 args=[v4] locals=[] stack=[]
    v21 = insn loadenv total 0 v1 state=v20 ctrl=v19
    v22 = return v21 ctrl=v21
    v23 = if_true ctrl=v18
    v24 = state times@15 self=v4 args=[] locals=[i=v11] stack=[] outer=v15
    v25 = state block in sum@2 self=v3 args=[v11] locals=[i=v11] stack=[] outer=v24
    v26 = insn loadenv total 1 v1 state=v25 ctrl=v23
    v27 = is_kind(fixnum) v26
    v28 = state block in sum@4 self=v3 args=[v11] locals=[] stack=[v26, v11] outer=v24
    v29 = guard(kind fixnum) v27 state=v28 ctrl=v26
    v30 = untag_fixnum v26
    v31 = fixnum_add v30, v12 state=v28 ctrl=v29
    v32 = tag_fixnum v31
    v33 = state block in sum@6 self=v3 args=[v11] locals=[] stack=[v32, v32] outer=v24
    v34 = insn storeenv total 1 v1, v32 state=v33 ctrl=v31
    v35 = const int 1
    v36 = int_add v12, v35
    v37 = tag_fixnum v36
    v38 = finish ctrl=[v22]
    "#);
}

/// A branch the profile never saw go one way: its other side is marked
/// uncommon, then pruned into a guard.
#[test]
fn branch_never_taken_becomes_a_guard() {
    let graphs = graphs_after_run(
        r#"def sign(x)
  if x > 0
    :positive
  else
    :negative
  end
end
sign(3)
sign(4)
"#,
        "sign",
    );
    insta::assert_snapshot!(after(&graphs, "build"), @r#"
    v0 = start
    v1 = arg 0
    v2 = const 0
    v3 = self
    v4 = state sign@4 self=v3 args=[v1] locals=[] stack=[v1, v2]
    v5 = send >(1) v1, v2 state=v4 ctrl=v0
    v6 = truthy v5
    v7 = bool_not v6
    v8 = bool_to_value v7
    v9 = truthy v8
    v10 = state sign@6 self=v3 args=[v1] locals=[] stack=[v8]
    v11 = branch v9 state=v10 ctrl=v5
    v12 = if_false ctrl=v11
    v13 = if_true ctrl=v11 (uncommon)
    v14 = merge ctrl=[v12, v13]
    v15 = phi v17, v18 ctrl=v14
    v16 = return v15 ctrl=v14
    v17 = const :positive
    v18 = const :negative
    v19 = finish ctrl=[v16]
    "#);
    insta::assert_snapshot!(after(&graphs, "deoptimise"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 0
    v5 = state sign@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = untag_fixnum v4 ctrl=v9
    v11 = int_gt v9, v10 ctrl=v10
    v12 = bool_to_value v11 ctrl=v11
    v13 = merge ctrl=[v12, v?28]
    v14 = phi v12, v?28 ctrl=v13
    v15 = truthy v14
    v16 = bool_not v15
    v17 = bool_to_value v16
    v18 = truthy v17
    v19 = bool_not v18
    v20 = state sign@6 self=v3 args=[v1] locals=[] stack=[v17]
    v21 = guard(branch) v19 state=v20 ctrl=v13
    v22 = merge ctrl=[v21, v?14]
    v23 = phi v25, v26 ctrl=v22
    v24 = return v23 ctrl=v22
    v25 = const :positive
    v26 = const :negative
    v27 = finish ctrl=[v24]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 0
    v5 = state sign@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 0
    v9 = int_gt v7, v8
    v10 = bool_not v9
    v11 = bool_to_value v10
    v12 = state sign@6 self=v3 args=[v1] locals=[] stack=[v11]
    v13 = guard(branch) v9 state=v12 ctrl=v6
    v14 = const :positive
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
}

/// intrinsics: `String#==` on a String the profile saw becomes
/// `string_eq`, which deoptimises only for an argument with `to_str`.
#[test]
fn intrinsics_compare_strings_inline() {
    let graphs = graphs_after_run(
        r#"def same?(a, b)
  a == b
end
same?("x", "y")
"#,
        "same?",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(String) v1
    v3 = self
    v4 = arg 1
    v5 = state same?@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = guard(kind String) v2 state=v5 ctrl=v0
    v7 = string_eq v1, v4 state=v5 ctrl=v6
    v8 = bool_to_value v7
    v9 = return v8 ctrl=v7
    v10 = finish ctrl=[v9]
    "#);
}

/// intrinsics: `Point.new(x, y)` of a plain class allocates the object
/// itself (`new_object`) and calls `initialize` bound to Point, marked a
/// constructor (the inlining pass leaves it a call: a deoptimisation in it
/// could not return the object to the `new`); the object is the result.
#[test]
fn class_new_is_an_allocation_and_a_constructor_call() {
    let graphs = graphs_after_run(
        r#"class Point
  def initialize(x, y)
    @x = x
    @y = y
  end
end
def make(x, y)
  Point.new(x, y)
end
i = 0
while i < 20
  make(i, 2)
  i += 1
end
"#,
        "make",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = const #<#<Class:Point>>
    v2 = is_kind(#<Class:Object>) v1
    v3 = self
    v4 = arg 0
    v5 = arg 1
    v6 = state make@7 self=v3 args=[v4, v5] locals=[] stack=[v1, v4, v5]
    v7 = guard(kind #<Class:Object>) v2 state=v6 ctrl=v0
    v8 = new_object v1 ctrl=v7
    v9 = send initialize(2) @Point constructor v8, v4, v5 state=v6 ctrl=v8
    v10 = return v8 ctrl=v9
    v11 = finish ctrl=[v10]
    ");
}

/// intrinsics: `Pair.new(x)` of a Struct class is the allocation and the
/// stores `Struct#initialize` makes: each member in order (nil for the
/// one not passed), each moving the new object to its next shape.
#[test]
fn struct_new_is_an_allocation_and_member_stores() {
    let graphs = graphs_after_run(
        r#"Pair = Struct.new(:left, :right)
def make(x)
  Pair.new(x)
end
i = 0
while i < 20
  make(i)
  i += 1
end
"#,
        "make",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = const #<#<Class:Pair>>
    v2 = is_kind(#<Class:Struct>) v1
    v3 = self
    v4 = arg 0
    v5 = state make@4 self=v3 args=[v4] locals=[] stack=[v1, v4]
    v6 = guard(kind #<Class:Struct>) v2 state=v5 ctrl=v0
    v7 = new_object v1 ctrl=v6
    v8 = store_ivar(0 -> S7) v7, v4 state=v5 ctrl=v7
    v9 = const nil
    v10 = store_ivar(1 -> S8) v7, v9 state=v5 ctrl=v8
    v11 = return v7 ctrl=v10
    v12 = finish ctrl=[v11]
    ");
}

/// intrinsics: `[a, b].max` (`arraymax`) on fixnums is two kind guards and
/// a conditional move: no Array.
#[test]
fn array_literal_max_picks_without_an_array() {
    let graphs = graphs_after_run(
        r#"def larger(a, b) = [a, b].max
i = 0
while i < 20
  larger(i, 10)
  i += 1
end
"#,
        "larger",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state larger@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = int_max v9, v10
    v12 = tag_fixnum v11
    v13 = return v12 ctrl=v8
    v14 = finish ctrl=[v13]
    ");
}

/// constant_fold: a boolean made from a condition may be `true` or `false`
/// (of TrueClass or FalseClass): `!x.nil?` tests its kind, rather than
/// folding the test to false and deoptimising at every call.
#[test]
fn negated_predicate_keeps_its_boolean_kind_tests() {
    let graphs = graphs_after_run(
        r#"def present(x) = !x.nil?
i = 0
while i < 20
  present(i.even? ? "s" : nil)
  i += 1
end
"#,
        "present",
    );
    let last = after(&graphs, "final");
    assert!(!last.contains("guard always fails"), "{last}");
    insta::assert_snapshot!(last, @r"
    v0 = start
    v1 = arg 0
    v2 = is_kind(String) v1
    v3 = self
    v4 = state present@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5
    v7 = is_kind(NilClass) v1
    v8 = guard(kind NilClass) v7 state=v4 ctrl=v6
    v9 = if_true ctrl=v5
    v10 = merge ctrl=[v9, v8]
    v11 = is_nil v1
    v12 = bool_to_value v11
    v13 = is_kind(FalseClass) v12
    v14 = state present@4 self=v3 args=[v1] locals=[] stack=[v12]
    v15 = branch v13 state=v14 ctrl=v10
    v16 = if_false ctrl=v15
    v17 = is_kind(TrueClass) v12
    v18 = guard(kind TrueClass) v17 state=v14 ctrl=v16
    v19 = if_true ctrl=v15
    v20 = merge ctrl=[v19, v18]
    v21 = bool_not v11
    v22 = bool_to_value v21
    v23 = return v22 ctrl=v20
    v24 = finish ctrl=[v23]
    ");
}

/// intrinsics: `odd?` of a fixnum is its low bit.
#[test]
fn fixnum_odd_is_a_bit_test() {
    let graphs = graphs_after_run(
        r#"def odd(x) = x.odd?
i = 0
while i < 20
  odd(i)
  i += 1
end
"#,
        "odd",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = state odd@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
    v6 = untag_fixnum v1
    v7 = const int 1
    v8 = int_and v6, v7
    v9 = const int 0
    v10 = int_ne v8, v9
    v11 = bool_to_value v10
    v12 = return v11 ctrl=v5
    v13 = finish ctrl=[v12]
    ");
}

/// build: interpolating a value is the value itself when it is a String
/// (a branch on its kind); only the other side runs `tostring` in the
/// runtime, and a phi joins the two.
#[test]
fn interpolation_tests_for_a_string_first() {
    let graphs = graphs_after_run(
        "def show(a)\n  \"#{a}!\"\nend\n20.times { |i| show(i.to_s) }\n",
        "show",
    );
    insta::assert_snapshot!(after(&graphs, "build"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(String) v1
    v3 = self
    v4 = state show@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5
    v7 = insn tostring v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = merge ctrl=[v8, v7]
    v10 = phi v1, v7 ctrl=v9
    v11 = insn push "!" ctrl=v9
    v12 = state show@5 self=v3 args=[v1] locals=[] stack=[v10, v11]
    v13 = insn concat 2 v10, v11 state=v12 ctrl=v11
    v14 = return v13 ctrl=v13
    v15 = finish ctrl=[v14]
    "#);
}

/// A block taking `*rest` inlined into the `yield` of `Integer#times`:
/// its Array is a new `array` instruction of the yielded value, no run of
/// the `yield` by the runtime.
#[test]
fn rest_block_inlined_gathers_its_arguments() {
    let graphs = graphs_after_run(
        r#"def count(n)
  total = 0
  n.times { |*xs| total += xs.size }
  total
end
count(10)
"#,
        "count",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = env
    v2 = const 0
    v3 = self
    v4 = arg 0
    v5 = state count@3 self=v3 args=[v4] locals=[n=v4] stack=[v2]
    v6 = insn storeenv total 0 v1, v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = state count@5 self=v3 args=[v4] locals=[] stack=[v4]
    v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
    v10 = loop ctrl=[v9, v40]
    v11 = phi v2, v43 ctrl=v10
    v12 = untag_fixnum v11
    v13 = untag_fixnum v4
    v14 = int_lt v12, v13
    v15 = state count@5 self=v3 args=[v4] locals=[] stack=[]
    v16 = bool_to_value v14
    v17 = state times@24 self=v4 args=[] locals=[i=v11] stack=[v16] outer=v15
    v18 = branch v14 state=v17 ctrl=v10
    v19 = if_false ctrl=v18
    v20 = state count@7 self=v3 args=[v4] locals=[] stack=[]
    v21 = insn loadenv total 0 v1 state=v20 ctrl=v19
    v22 = return v21 ctrl=v21
    v23 = if_true ctrl=v18
    v24 = insn array 1 v11 ctrl=v23
    v25 = state times@15 self=v4 args=[] locals=[i=v11] stack=[] outer=v15
    v26 = state block in count@2 self=v3 args=[v24] locals=[xs=v24] stack=[] outer=v25
    v27 = insn loadenv total 1 v1 state=v26 ctrl=v24
    v28 = is_kind(Array) v24
    v29 = state block in count@4 self=v3 args=[v24] locals=[] stack=[v27, v24] outer=v25
    v30 = guard(kind Array) v28 state=v29 ctrl=v27
    v31 = array_length v24 ctrl=v30
    v32 = is_kind(fixnum) v27
    v33 = tag_fixnum v31
    v34 = state block in count@5 self=v3 args=[v24] locals=[] stack=[v27, v33] outer=v25
    v35 = guard(kind fixnum) v32 state=v34 ctrl=v31
    v36 = untag_fixnum v27
    v37 = fixnum_add v36, v31 state=v34 ctrl=v35
    v38 = tag_fixnum v37
    v39 = state block in count@7 self=v3 args=[v24] locals=[] stack=[v38, v38] outer=v25
    v40 = insn storeenv total 1 v1, v38 state=v39 ctrl=v37
    v41 = const int 1
    v42 = int_add v12, v41
    v43 = tag_fixnum v42
    v44 = finish ctrl=[v22]
    "#);
}

/// A `case` of literals with Strings: `case_target` looks the subject up
/// in the table and a binary search over the targets branches to the body;
/// the `when` checks, which the profile never saw run, end in a guard.
#[test]
fn case_of_literals_dispatches_through_its_table() {
    let graphs = graphs_after_run(
        r#"def number(word)
  case word
  when "one" then 1
  when "two", "deux" then 2
  when :three then 3
  else 0
  end
end
%w[one two deux three].each { |word| number(word) }
"#,
        "number",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = case_target {number} table=0 v1 ctrl=v0
    v3 = const int 24
    v4 = int_lt v2, v3
    v5 = self
    v6 = state number@5 self=v5 args=[v1] locals=[%tmp0=v1] stack=[v1]
    v7 = branch v4 state=v6 ctrl=v2
    v8 = if_false ctrl=v7
    v9 = const int 26
    v10 = int_lt v2, v9
    v11 = branch v10 state=v6 ctrl=v8
    v12 = if_false ctrl=v11
    v13 = const int 28
    v14 = int_lt v2, v13
    v15 = branch v14 state=v6 ctrl=v12
    v16 = if_false ctrl=v15
    v17 = if_true ctrl=v15
    v18 = if_true ctrl=v11
    v19 = if_true ctrl=v7
    v20 = const int 22
    v21 = int_lt v2, v20
    v22 = bool_not v21
    v23 = guard(branch) v22 state=v6 ctrl=v19
    v24 = merge ctrl=[v16, v17, v18, v23]
    v25 = phi v27, v28, v29, v30 ctrl=v24
    v26 = return v25 ctrl=v24
    v27 = const 3
    v28 = const 2
    v29 = const 1
    v30 = const 0
    v31 = finish ctrl=[v26]
    "#);
}
