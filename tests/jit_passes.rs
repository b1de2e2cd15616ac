//! Snapshot tests of the JIT's passes, in the style of ZJIT's HIR tests:
//! each runs a small Ruby program with the interpreter (so the profiles
//! fill), compiles one of its methods, and compares the printed graph after
//! a pass with an inline snapshot. A change in what a pass does shows here
//! as a diff (`cargo insta review` updates them).

use rhizome::jit::graphs_after_run;

/// The graph after `pass` (the last time it changed the graph), or after
/// the whole pipeline for `"final"`.
fn after(graphs: &[(String, String)], pass: &str) -> String {
    if pass == "final" {
        return graphs.last().expect("the build ran").1.clone();
    }
    graphs
        .iter()
        .rev()
        .find(|(name, _)| name == pass)
        .unwrap_or_else(|| panic!("{pass} did not change the graph"))
        .1
        .clone()
}

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
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
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
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
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
    v4 = state add_with_side_effects@8 self=v1 args=[v2, v3] locals=[b=v3] stack=[v1, v2]
    v5 = send side_effect(1) v1, v2 state=v4 ctrl=v0
    v6 = state add_with_side_effects@11 self=v1 args=[v2, v3] locals=[] stack=[v5, v1, v3]
    v7 = send side_effect(1) v1, v3 state=v6 ctrl=v5
    v8 = state add_with_side_effects@12 self=v1 args=[v2, v3] locals=[] stack=[v5, v7]
    v9 = send +(1) v5, v7 state=v8 ctrl=v7
    v10 = return v9 ctrl=v9
    v11 = finish ctrl=[v10]
    "#);
}

/// `fib`: the recursive sends stay calls (bound to Object), the arithmetic
/// and comparison are fixnum operations, and the guard on `n` is checked
/// once.
#[test]
fn fib_keeps_recursive_calls_and_inlines_arithmetic() {
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
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state fib@6 self=v3 args=[v1] locals=[n=v1] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 2
    v9 = int_lt v7, v8
    v10 = bool_not v9
    v11 = bool_to_value v10
    v12 = state fib@8 self=v3 args=[v1] locals=[n=v1] stack=[v11]
    v13 = branch v10 state=v12 ctrl=v6
    v14 = if_false ctrl=v13
    v15 = if_true ctrl=v13
    v16 = const int 1
    v17 = const 1
    v18 = state fib@16 self=v3 args=[v1] locals=[n=v1] stack=[v3, v1, v17]
    v19 = fixnum_sub v7, v16 state=v18 ctrl=v15
    v20 = is_kind(Object) v3
    v21 = tag_fixnum v19
    v22 = state fib@17 self=v3 args=[v1] locals=[n=v1] stack=[v3, v21]
    v23 = guard(kind Object) v20 state=v22 ctrl=v19
    v24 = send fib(1) @Object v3, v21 state=v22 ctrl=v23
    v25 = state fib@21 self=v3 args=[v1] locals=[] stack=[v24, v3, v1, v4]
    v26 = fixnum_sub v7, v8 state=v25 ctrl=v24
    v27 = tag_fixnum v26
    v28 = state fib@22 self=v3 args=[v1] locals=[] stack=[v24, v3, v27]
    v29 = send fib(1) @Object v3, v27 state=v28 ctrl=v26
    v30 = is_kind(fixnum) v24
    v31 = state fib@23 self=v3 args=[v1] locals=[] stack=[v24, v29]
    v32 = guard(kind fixnum) v30 state=v31 ctrl=v29
    v33 = is_kind(fixnum) v29
    v34 = guard(kind fixnum) v33 state=v31 ctrl=v32
    v35 = untag_fixnum v24
    v36 = untag_fixnum v29
    v37 = fixnum_add v35, v36 state=v31 ctrl=v34
    v38 = merge ctrl=[v14, v37]
    v39 = phi v1, v41 ctrl=v38
    v40 = return v39 ctrl=v38
    v41 = tag_fixnum v37
    v42 = finish ctrl=[v40]
    "#);
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
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
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
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
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
    v4 = state get_x@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send x(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = load_shape v1 ctrl=v8
    v10 = shape_is(S2) v9
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
    v4 = state get_x@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = guard(kind Point) v2 state=v4 ctrl=v0
    v6 = load_shape v1 ctrl=v5
    v7 = shape_is(S2) v6
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
    v5 = state sum@5 self=v3 args=[v4] locals=[n=v4] stack=[v2]
    v6 = insn storeenv total 0 v1, v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = state sum@8 self=v3 args=[v4] locals=[] stack=[v4]
    v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
    v10 = loop ctrl=[v9, v38]
    v11 = phi v2, v39 ctrl=v10
    v12 = untag_fixnum v11
    v13 = untag_fixnum v4
    v14 = int_lt v12, v13
    v15 = state sum@8 self=v3 args=[v4] locals=[] stack=[]
    v16 = bool_to_value v14
    v17 = state times@32 self=v4 args=[] locals=[i=v11] stack=[v16] outer=v15
    v18 = branch v14 state=v17 ctrl=v10
    v19 = if_false ctrl=v18
    v20 = state sum@11 self=v3 args=[v4] locals=[] stack=[]
    v21 = insn loadenv total 0 v1 state=v20 ctrl=v19
    v22 = return v21 ctrl=v21
    v23 = if_true ctrl=v18
    v24 = state times@22 self=v4 args=[] locals=[i=v11] stack=[] outer=v15
    v25 = state block in sum@3 self=v3 args=[v11] locals=[i=v11] stack=[] outer=v24
    v26 = insn loadenv total 1 v1 state=v25 ctrl=v23
    v27 = is_kind(fixnum) v26
    v28 = state block in sum@5 self=v3 args=[v11] locals=[] stack=[v26, v11] outer=v24
    v29 = guard(kind fixnum) v27 state=v28 ctrl=v26
    v30 = untag_fixnum v26
    v31 = fixnum_add v30, v12 state=v28 ctrl=v29
    v32 = tag_fixnum v31
    v33 = state block in sum@7 self=v3 args=[v11] locals=[] stack=[v32, v32] outer=v24
    v34 = insn storeenv total 1 v1, v32 state=v33 ctrl=v31
    v35 = const int 1
    v36 = const 1
    v37 = state times@27 self=v4 args=[] locals=[] stack=[v11, v36] outer=v15
    v38 = fixnum_add v12, v35 state=v37 ctrl=v34
    v39 = tag_fixnum v38
    v40 = finish ctrl=[v22]
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
    v4 = state sign@6 self=v3 args=[v1] locals=[] stack=[v1, v2]
    v5 = send >(1) v1, v2 state=v4 ctrl=v0
    v6 = truthy v5
    v7 = bool_not v6
    v8 = bool_to_value v7
    v9 = truthy v8
    v10 = state sign@8 self=v3 args=[v1] locals=[] stack=[v8]
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
    v5 = state sign@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
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
    v20 = state sign@8 self=v3 args=[v1] locals=[] stack=[v17]
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
    v5 = state sign@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 0
    v9 = int_gt v7, v8
    v10 = bool_not v9
    v11 = bool_to_value v10
    v12 = state sign@8 self=v3 args=[v1] locals=[] stack=[v11]
    v13 = guard(branch) v9 state=v12 ctrl=v6
    v14 = const :positive
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
}
