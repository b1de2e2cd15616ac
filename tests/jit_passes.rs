//! Snapshot tests of the JIT's passes, in the style of ZJIT's HIR tests:
//! each runs a small Ruby program with the interpreter (so the profiles
//! fill), compiles one of its methods, and compares the printed graph with
//! an inline snapshot: after the whole pipeline or a stage of it, and for
//! each pass, before and after the first time it changes the graph. A
//! change in what a pass does shows here as a diff (`cargo insta review`
//! updates them). Each pass also has tests from written graphs next to
//! it in the `jit` crate; whole programs are in `jit_speculation.rs`.

mod common;

use common::after;
use rhizome::compiled::graphs_after_run;

/// The graph before and after the first change `pass` made.
fn around(graphs: &[(String, String)], pass: &str) -> (String, String) {
    let at = graphs
        .iter()
        .position(|(name, _)| name == pass)
        .unwrap_or_else(|| panic!("{pass} did not change the graph"));
    let before = match at {
        0 => String::new(),
        _ => graphs[at - 1].1.clone(),
    };
    (before, graphs[at].1.clone())
}

/// build: a `while` loop becomes a `loop` node whose phis carry the live
/// locals round the back edge (`n` never changes: its phi has no choice).
#[test]
fn build_makes_a_loop_with_phis() {
    let graphs = graphs_after_run(
        r#"def count_up(n)
  i = 0
  while i < n
    i += 1
  end
  i
end
count_up(5)
"#,
        "count_up",
    );
    let (before, after) = around(&graphs, "build");
    insta::assert_snapshot!(before, @r#"

    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = loop ctrl=[v0, v16]
    v2 = phi v5, v2 ctrl=v1
    v3 = phi v17, v16 ctrl=v1
    v4 = self
    v5 = arg 0
    v6 = state count_up@11 self=v4 args=[v5] locals=[n=v2, i=v3] stack=[v3, v2]
    v7 = send <(1) v3, v2 state=v6 ctrl=v1
    v8 = truthy v7
    v9 = state count_up@12 self=v4 args=[v5] locals=[n=v2, i=v3] stack=[v7]
    v10 = branch v8 state=v9 ctrl=v7
    v11 = if_false ctrl=v10
    v12 = return v3 ctrl=v11
    v13 = if_true ctrl=v10
    v14 = const 1
    v15 = state count_up@7 self=v4 args=[v5] locals=[n=v2] stack=[v3, v14]
    v16 = send +(1) v3, v14 state=v15 ctrl=v13
    v17 = const 0
    v18 = finish ctrl=[v12]
    "#);
}

/// inline_caching: the send is tested against the one class it saw and
/// bound to it; the fallback is uncommon.
#[test]
fn inline_caching_binds_a_monomorphic_send() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area_of",
    );
    let (before, after) = around(&graphs, "inline_caching");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = self
    v3 = state area_of@3 self=v2 args=[v1] locals=[] stack=[v1]
    v4 = send area(0) v1 state=v3 ctrl=v0
    v5 = return v4 ctrl=v4
    v6 = finish ctrl=[v5]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Square) v1
    v3 = self
    v4 = state area_of@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send area(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = send area(0) @Square v1 state=v4 ctrl=v8
    v10 = merge ctrl=[v9, v7]
    v11 = phi v9, v7 ctrl=v10
    v12 = return v11 ctrl=v10
    v13 = finish ctrl=[v12]
    "#);
}

/// Early-exit inlining: `score` is too big to inline, but it starts with a
/// guard clause. The clause is inlined (its guard on `x`, the compare, the
/// branch), its `return 0` returns in place, and only the other side
/// calls `score`, with the caller's frame state, as before.
#[test]
fn early_exit_inlines_a_big_callees_guard_clause() {
    let graphs = graphs_after_run(
        r#"def score(x)
  return 0 if x < 0
  a = x * 3 + 1
  b = a * a - x
  c = b % 7 + a
  d = c * 2 - b
  e = d + a * b
  f = e % 11 + c
  g = f * f - d
  h = g + e * 2
  i = h % 13 + f
  j = i * 3 - g
  k = j + a - b
  l = k * 5 % 17
  m = l + c * d
  n = m - e % 19
  o = n + f + g
  q = o * 2 - h
  r = q % 23 + i
  s = r + j * k
  t = s - l + m
  t % 1000
end

def total(x) = score(x) + 1
100.times { |i| total(i - 50) }
"#,
        "total",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = self
    v2 = is_kind(Object) v1
    v3 = arg 0
    v4 = state total@4 self=v1 args=[v3] locals=[] stack=[v1, v3]
    v5 = guard(kind Object) v2 state=v4 ctrl=v0
    v6 = is_kind(fixnum) v3
    v7 = state total@4 self=v1 args=[v3] locals=[] stack=[]
    v8 = const 0
    v9 = state score@4 self=v1 args=[v3] locals=[x=v3] stack=[v3, v8] outer=v7
    v10 = guard(kind fixnum) v6 state=v9 ctrl=v5
    v11 = untag_fixnum v3
    v12 = const int 0
    v13 = int_lt v11, v12
    v14 = bool_not v13
    v15 = bool_to_value v14
    v16 = state score@6 self=v1 args=[v3] locals=[x=v3] stack=[v15] outer=v7
    v17 = branch v14 state=v16 ctrl=v10
    v18 = if_false ctrl=v17
    v19 = if_true ctrl=v17
    v20 = send score(1) @Object v1, v3 state=v4 ctrl=v19
    v21 = merge ctrl=[v18, v20]
    v22 = phi v8, v20 ctrl=v21
    v23 = is_kind(fixnum) v22
    v24 = const 1
    v25 = state total@6 self=v1 args=[v3] locals=[] stack=[v22, v24]
    v26 = guard(kind fixnum) v23 state=v25 ctrl=v21
    v27 = untag_fixnum v22
    v28 = const int 1
    v29 = fixnum_add v27, v28 state=v25 ctrl=v26
    v30 = tag_fixnum v29
    v31 = return v30 ctrl=v29
    v32 = finish ctrl=[v31]
    ");
}

/// inlining: the bound call to `Square#area` is replaced by its body, whose
/// frame states chain to the caller's. The body comes as exploring it
/// left it: without the paths its profile never saw (the `*`'s fallback
/// for other kinds is a guard), and cleaned up (`@side * @side` loads
/// `@side` once and checks its kind once).
#[test]
fn inlining_splices_a_method_body() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area_of",
    );
    let (before, after) = around(&graphs, "inlining");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Square) v1
    v3 = self
    v4 = state area_of@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send area(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = send area(0) @Square v1 state=v4 ctrl=v8
    v10 = merge ctrl=[v9, v7]
    v11 = phi v9, v7 ctrl=v10
    v12 = return v11 ctrl=v10
    v13 = finish ctrl=[v12]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Square) v1
    v3 = self
    v4 = state area_of@3 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send area(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = load_shape v1 ctrl=v8
    v10 = shape_is(S7) v9
    v11 = state area_of@3 self=v3 args=[v1] locals=[] stack=[]
    v12 = state area@0 self=v1 args=[] locals=[] stack=[] outer=v11
    v13 = guard(shape) v10 state=v12 ctrl=v9
    v14 = load_ivar(0) v1 ctrl=v13
    v15 = is_kind(fixnum) v14
    v16 = state area@2 self=v1 args=[] locals=[] stack=[v14, v14] outer=v11
    v17 = guard(kind fixnum) v15 state=v16 ctrl=v14
    v18 = untag_fixnum v14
    v19 = fixnum_mul v18, v18 state=v16 ctrl=v17
    v20 = merge ctrl=[v19]
    v21 = phi v25 ctrl=v20
    v22 = merge ctrl=[v20, v7]
    v23 = phi v21, v7 ctrl=v22
    v24 = return v23 ctrl=v22
    v25 = tag_fixnum v19
    v26 = finish ctrl=[v24]
    "#);
}

/// intrinsics: `@side` through a monomorphic site is a shape guard and a
/// slot load; `*` on fixnums is a checked multiplication.
#[test]
fn intrinsics_read_an_ivar_by_shape() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area",
    );
    let (before, after) = around(&graphs, "intrinsics");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = self
    v2 = state area@0 self=v1 args=[] locals=[] stack=[]
    v3 = insn getivar @side state=v2 ctrl=v0
    v4 = state area@1 self=v1 args=[] locals=[] stack=[v3]
    v5 = insn getivar @side state=v4 ctrl=v3
    v6 = is_kind(fixnum) v3
    v7 = state area@2 self=v1 args=[] locals=[] stack=[v3, v5]
    v8 = branch v6 state=v7 ctrl=v5
    v9 = if_false ctrl=v8 (uncommon)
    v10 = send *(1) v3, v5 state=v7 ctrl=v9
    v11 = if_true ctrl=v8
    v12 = send *(1) @fixnum v3, v5 state=v7 ctrl=v11
    v13 = merge ctrl=[v12, v10]
    v14 = phi v12, v10 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = self
    v2 = load_shape v1 ctrl=v0
    v3 = shape_is(S7) v2
    v4 = state area@0 self=v1 args=[] locals=[] stack=[]
    v5 = guard(shape) v3 state=v4 ctrl=v2
    v6 = load_ivar(0) v1 ctrl=v5
    v7 = load_shape v1 ctrl=v6
    v8 = shape_is(S7) v7
    v9 = state area@1 self=v1 args=[] locals=[] stack=[v6]
    v10 = guard(shape) v8 state=v9 ctrl=v7
    v11 = load_ivar(0) v1 ctrl=v10
    v12 = is_kind(fixnum) v6
    v13 = state area@2 self=v1 args=[] locals=[] stack=[v6, v11]
    v14 = branch v12 state=v13 ctrl=v11
    v15 = if_false ctrl=v14 (uncommon)
    v16 = send *(1) v6, v11 state=v13 ctrl=v15
    v17 = if_true ctrl=v14
    v18 = is_kind(fixnum) v11
    v19 = guard(kind fixnum) v18 state=v13 ctrl=v17
    v20 = untag_fixnum v6 ctrl=v19
    v21 = untag_fixnum v11 ctrl=v20
    v22 = fixnum_mul v20, v21 state=v13 ctrl=v21
    v23 = tag_fixnum v22 ctrl=v22
    v24 = merge ctrl=[v23, v16]
    v25 = phi v23, v16 ctrl=v24
    v26 = return v25 ctrl=v24
    v27 = finish ctrl=[v26]
    "#);
}

/// redundant_loads: the second read of the shape and of `@side` reuses the
/// first (nothing between them writes).
#[test]
fn redundant_loads_reads_an_ivar_once() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area",
    );
    let (before, after) = around(&graphs, "redundant_loads");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = self
    v2 = load_shape v1 ctrl=v0
    v3 = shape_is(S7) v2
    v4 = state area@0 self=v1 args=[] locals=[] stack=[]
    v5 = guard(shape) v3 state=v4 ctrl=v2
    v6 = load_ivar(0) v1 ctrl=v5
    v7 = load_shape v1 ctrl=v6
    v8 = shape_is(S7) v7
    v9 = state area@1 self=v1 args=[] locals=[] stack=[v6]
    v10 = guard(shape) v8 state=v9 ctrl=v7
    v11 = load_ivar(0) v1 ctrl=v10
    v12 = is_kind(fixnum) v6
    v13 = state area@2 self=v1 args=[] locals=[] stack=[v6, v11]
    v14 = guard(kind fixnum) v12 state=v13 ctrl=v11
    v15 = is_kind(fixnum) v11
    v16 = guard(kind fixnum) v15 state=v13 ctrl=v14
    v17 = untag_fixnum v6
    v18 = untag_fixnum v11
    v19 = fixnum_mul v17, v18 state=v13 ctrl=v16
    v20 = merge ctrl=[v19, v?18]
    v21 = phi v23, v?18 ctrl=v20
    v22 = return v21 ctrl=v20
    v23 = tag_fixnum v19
    v24 = finish ctrl=[v22]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = self
    v2 = load_shape v1 ctrl=v0
    v3 = shape_is(S7) v2
    v4 = state area@0 self=v1 args=[] locals=[] stack=[]
    v5 = guard(shape) v3 state=v4 ctrl=v2
    v6 = load_ivar(0) v1 ctrl=v5
    v7 = shape_is(S7) v2
    v8 = state area@1 self=v1 args=[] locals=[] stack=[v6]
    v9 = guard(shape) v7 state=v8 ctrl=v6
    v10 = is_kind(fixnum) v6
    v11 = state area@2 self=v1 args=[] locals=[] stack=[v6, v6]
    v12 = guard(kind fixnum) v10 state=v11 ctrl=v9
    v13 = is_kind(fixnum) v6
    v14 = guard(kind fixnum) v13 state=v11 ctrl=v12
    v15 = untag_fixnum v6
    v16 = untag_fixnum v6
    v17 = fixnum_mul v15, v16 state=v11 ctrl=v14
    v18 = merge ctrl=[v17, v?18]
    v19 = phi v21, v?18 ctrl=v18
    v20 = return v19 ctrl=v18
    v21 = tag_fixnum v17
    v22 = finish ctrl=[v20]
    "#);
}

/// deoptimise: the kind test's branch becomes a guard and the generic send
/// is cut off.
#[test]
fn deoptimise_prunes_the_uncommon_fallback() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "deoptimise");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6 (uncommon)
    v8 = send *(1) v1, v4 state=v5 ctrl=v7
    v9 = if_true ctrl=v6
    v10 = is_kind(fixnum) v4
    v11 = guard(kind fixnum) v10 state=v5 ctrl=v9
    v12 = untag_fixnum v1 ctrl=v11
    v13 = untag_fixnum v4 ctrl=v12
    v14 = fixnum_mul v12, v13 state=v5 ctrl=v13
    v15 = tag_fixnum v14 ctrl=v14
    v16 = merge ctrl=[v15, v8]
    v17 = phi v15, v8 ctrl=v16
    v18 = return v17 ctrl=v16
    v19 = finish ctrl=[v18]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = untag_fixnum v4 ctrl=v9
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v10
    v12 = tag_fixnum v11 ctrl=v11
    v13 = merge ctrl=[v12, v?16]
    v14 = phi v12, v?16 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
}

/// no_choice_phis: the merge left with one predecessor goes, with its phi.
#[test]
fn no_choice_phis_removes_a_merge_with_one_way_in() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "no_choice_phis");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 2
    v9 = fixnum_mul v7, v8 state=v5 ctrl=v6
    v10 = merge ctrl=[v9]
    v11 = phi v13 ctrl=v10
    v12 = return v11 ctrl=v10
    v13 = tag_fixnum v9
    v14 = finish ctrl=[v12]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 2
    v9 = fixnum_mul v7, v8 state=v5 ctrl=v6
    v10 = tag_fixnum v9
    v11 = return v10 ctrl=v9
    v12 = finish ctrl=[v11]
    "#);
}

/// dead_code: the edges from the pruned fallback leave the merge and its
/// phi.
#[test]
fn dead_code_drops_the_pruned_path() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "dead_code");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?16]
    v13 = phi v15, v?16 ctrl=v12
    v14 = return v13 ctrl=v12
    v15 = tag_fixnum v11
    v16 = finish ctrl=[v14]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11]
    v13 = phi v15 ctrl=v12
    v14 = return v13 ctrl=v12
    v15 = tag_fixnum v11
    v16 = finish ctrl=[v14]
    "#);
}

/// refloat: the untag and tag the intrinsic put on the control flow float.
#[test]
fn refloat_frees_pure_nodes() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "refloat");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v9
    v12 = tag_fixnum v11 ctrl=v11
    v13 = merge ctrl=[v12, v?16]
    v14 = phi v12, v?16 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@4 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?16]
    v13 = phi v15, v?16 ctrl=v12
    v14 = return v13 ctrl=v12
    v15 = tag_fixnum v11
    v16 = finish ctrl=[v14]
    "#);
}

/// constant_fold: `2 + 3` is 5, and the kind tests of constants are known.
#[test]
fn constant_fold_computes_constants() {
    let graphs = graphs_after_run(
        r#"def five
  2 + 3
end
five
"#,
        "five",
    );
    let (before, after) = around(&graphs, "constant_fold");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = const 2
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 3
    v5 = state five@2 self=v3 args=[] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = untag_fixnum v4 ctrl=v9
    v11 = fixnum_add v9, v10 state=v5 ctrl=v10
    v12 = tag_fixnum v11 ctrl=v11
    v13 = merge ctrl=[v12, v?16]
    v14 = phi v12, v?16 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = const bool true
    v2 = self
    v3 = const 2
    v4 = const 3
    v5 = state five@2 self=v2 args=[] locals=[] stack=[v3, v4]
    v6 = guard(kind fixnum) v1 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = merge ctrl=[v8, v?16]
    v10 = phi v12, v?16 ctrl=v9
    v11 = return v10 ctrl=v9
    v12 = const 5
    v13 = finish ctrl=[v11]
    "#);
}

/// canonicalise: a guard of `true` goes, and `bool_not(bool_not(x))` is `x`.
#[test]
fn canonicalise_drops_guards_of_true_and_double_negations() {
    let graphs = graphs_after_run(
        r#"def pick
  x = 1 < 2
  if x
    :yes
  else
    :no
  end
end
pick
"#,
        "pick",
    );
    let (before, after) = around(&graphs, "canonicalise");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = const bool true
    v2 = self
    v3 = const 1
    v4 = const 2
    v5 = state pick@2 self=v2 args=[] locals=[] stack=[v3, v4]
    v6 = guard(kind fixnum) v1 state=v5 ctrl=v0
    v7 = merge ctrl=[v6]
    v8 = phi v18 ctrl=v7
    v9 = truthy v8
    v10 = bool_not v9
    v11 = bool_not v10
    v12 = bool_to_value v10
    v13 = state pick@6 self=v2 args=[] locals=[] stack=[v12]
    v14 = guard(branch) v11 state=v13 ctrl=v7
    v15 = merge ctrl=[v14]
    v16 = phi v19 ctrl=v15
    v17 = return v16 ctrl=v15
    v18 = const true
    v19 = const :yes
    v20 = finish ctrl=[v17]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = merge ctrl=[v0]
    v2 = phi v12 ctrl=v1
    v3 = truthy v2
    v4 = self
    v5 = bool_not v3
    v6 = bool_to_value v5
    v7 = state pick@6 self=v4 args=[] locals=[] stack=[v6]
    v8 = guard(branch) v3 state=v7 ctrl=v1
    v9 = merge ctrl=[v8]
    v10 = phi v13 ctrl=v9
    v11 = return v10 ctrl=v9
    v12 = const true
    v13 = const :yes
    v14 = finish ctrl=[v11]
    "#);
}

/// tag_untag: `untag_fixnum(tag_fixnum(x))` between the two additions is `x`.
#[test]
fn tag_untag_annihilates_a_retag() {
    let graphs = graphs_after_run(
        r#"def sum3(a, b, c)
  a + b + c
end
sum3(1, 2, 3)
"#,
        "sum3",
    );
    let (before, after) = around(&graphs, "tag_untag");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = arg 2
    v6 = state sum3@8 self=v3 args=[v1, v4, v5] locals=[c=v5] stack=[v1, v4]
    v7 = guard(kind fixnum) v2 state=v6 ctrl=v0
    v8 = is_kind(fixnum) v4
    v9 = guard(kind fixnum) v8 state=v6 ctrl=v7
    v10 = untag_fixnum v1
    v11 = untag_fixnum v4
    v12 = fixnum_add v10, v11 state=v6 ctrl=v9
    v13 = is_kind(fixnum) v5
    v14 = tag_fixnum v12
    v15 = state sum3@10 self=v3 args=[v1, v4, v5] locals=[] stack=[v14, v5]
    v16 = guard(kind fixnum) v13 state=v15 ctrl=v12
    v17 = untag_fixnum v14
    v18 = untag_fixnum v5
    v19 = fixnum_add v17, v18 state=v15 ctrl=v16
    v20 = tag_fixnum v19
    v21 = return v20 ctrl=v19
    v22 = finish ctrl=[v21]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = arg 2
    v6 = state sum3@8 self=v3 args=[v1, v4, v5] locals=[c=v5] stack=[v1, v4]
    v7 = guard(kind fixnum) v2 state=v6 ctrl=v0
    v8 = is_kind(fixnum) v4
    v9 = guard(kind fixnum) v8 state=v6 ctrl=v7
    v10 = untag_fixnum v1
    v11 = untag_fixnum v4
    v12 = fixnum_add v10, v11 state=v6 ctrl=v9
    v13 = is_kind(fixnum) v5
    v14 = tag_fixnum v12
    v15 = state sum3@10 self=v3 args=[v1, v4, v5] locals=[] stack=[v14, v5]
    v16 = guard(kind fixnum) v13 state=v15 ctrl=v12
    v17 = untag_fixnum v5
    v18 = fixnum_add v12, v17 state=v15 ctrl=v16
    v19 = tag_fixnum v18
    v20 = return v19 ctrl=v18
    v21 = finish ctrl=[v20]
    "#);
}

/// gvn: the second `a + b` tests and untags the same values as the first,
/// so those nodes become one.
#[test]
fn gvn_merges_equal_values() {
    let graphs = graphs_after_run(
        r#"def square_sum(a, b)
  (a + b) * (a + b)
end
square_sum(1, 2)
"#,
        "square_sum",
    );
    let (before, after) = around(&graphs, "gvn");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state square_sum@6 self=v3 args=[v1, v4] locals=[a=v1, b=v4] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?20]
    v13 = phi v35, v?20 ctrl=v12
    v14 = is_kind(fixnum) v1
    v15 = state square_sum@9 self=v3 args=[v1, v4] locals=[] stack=[v13, v1, v4]
    v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
    v17 = is_kind(fixnum) v4
    v18 = guard(kind fixnum) v17 state=v15 ctrl=v16
    v19 = untag_fixnum v1
    v20 = untag_fixnum v4
    v21 = fixnum_add v19, v20 state=v15 ctrl=v18
    v22 = merge ctrl=[v21, v?28]
    v23 = phi v36, v?28 ctrl=v22
    v24 = is_kind(fixnum) v13
    v25 = state square_sum@10 self=v3 args=[v1, v4] locals=[] stack=[v13, v23]
    v26 = guard(kind fixnum) v24 state=v25 ctrl=v22
    v27 = is_kind(fixnum) v23
    v28 = guard(kind fixnum) v27 state=v25 ctrl=v26
    v29 = untag_fixnum v13
    v30 = untag_fixnum v23
    v31 = fixnum_mul v29, v30 state=v25 ctrl=v28
    v32 = merge ctrl=[v31, v?36]
    v33 = phi v37, v?36 ctrl=v32
    v34 = return v33 ctrl=v32
    v35 = tag_fixnum v11
    v36 = tag_fixnum v21
    v37 = tag_fixnum v31
    v38 = finish ctrl=[v34]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state square_sum@6 self=v3 args=[v1, v4] locals=[a=v1, b=v4] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?20]
    v13 = phi v31, v?20 ctrl=v12
    v14 = state square_sum@9 self=v3 args=[v1, v4] locals=[] stack=[v13, v1, v4]
    v15 = guard(kind fixnum) v2 state=v14 ctrl=v12
    v16 = guard(kind fixnum) v7 state=v14 ctrl=v15
    v17 = fixnum_add v9, v10 state=v14 ctrl=v16
    v18 = merge ctrl=[v17, v?28]
    v19 = phi v32, v?28 ctrl=v18
    v20 = is_kind(fixnum) v13
    v21 = state square_sum@10 self=v3 args=[v1, v4] locals=[] stack=[v13, v19]
    v22 = guard(kind fixnum) v20 state=v21 ctrl=v18
    v23 = is_kind(fixnum) v19
    v24 = guard(kind fixnum) v23 state=v21 ctrl=v22
    v25 = untag_fixnum v13
    v26 = untag_fixnum v19
    v27 = fixnum_mul v25, v26 state=v21 ctrl=v24
    v28 = merge ctrl=[v27, v?36]
    v29 = phi v33, v?36 ctrl=v28
    v30 = return v29 ctrl=v28
    v31 = tag_fixnum v11
    v32 = tag_fixnum v17
    v33 = tag_fixnum v27
    v34 = finish ctrl=[v30]
    "#);
}

/// redundant_guards: `a` is checked to be a fixnum once.
#[test]
fn redundant_guards_drops_a_dominated_guard() {
    let graphs = graphs_after_run(
        r#"def twice(a)
  a + 1 + a
end
twice(1)
"#,
        "twice",
    );
    let (before, after) = around(&graphs, "redundant_guards");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 1
    v5 = state twice@4 self=v3 args=[v1] locals=[a=v1] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 1
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?18]
    v13 = phi v23, v?18 ctrl=v12
    v14 = is_kind(fixnum) v13
    v15 = state twice@6 self=v3 args=[v1] locals=[] stack=[v13, v1]
    v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
    v17 = guard(kind fixnum) v2 state=v15 ctrl=v16
    v18 = untag_fixnum v13
    v19 = fixnum_add v18, v9 state=v15 ctrl=v17
    v20 = merge ctrl=[v19, v?26]
    v21 = phi v24, v?26 ctrl=v20
    v22 = return v21 ctrl=v20
    v23 = tag_fixnum v11
    v24 = tag_fixnum v19
    v25 = finish ctrl=[v22]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 1
    v5 = state twice@4 self=v3 args=[v1] locals=[a=v1] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 1
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?18]
    v13 = phi v22, v?18 ctrl=v12
    v14 = is_kind(fixnum) v13
    v15 = state twice@6 self=v3 args=[v1] locals=[] stack=[v13, v1]
    v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
    v17 = untag_fixnum v13
    v18 = fixnum_add v17, v9 state=v15 ctrl=v16
    v19 = merge ctrl=[v18, v?26]
    v20 = phi v23, v?26 ctrl=v19
    v21 = return v20 ctrl=v19
    v22 = tag_fixnum v11
    v23 = tag_fixnum v18
    v24 = finish ctrl=[v21]
    "#);
}

/// overflow_checks: `i + 1` under `i < limit` and `n - 1` under `n > 0`
/// cannot leave the fixnum range, and become `int_add` / `int_sub` with no
/// state; `n * 3 - 1` has no bound and keeps its check.
#[test]
fn overflow_checks_go_where_branches_bound_the_operand() {
    let graphs = graphs_after_run(
        r#"def count(limit, n)
  i = 0
  while i < limit
    i += 1
  end
  if n > 0
    i += n - 1
  end
  i + n * 3 - 1
end
count(10, 4)
count(3, 0)
"#,
        "count",
    );
    insta::assert_snapshot!(after(&graphs, "overflow_checks"), @r"
    v0 = start
    v1 = loop ctrl=[v0, v50]
    v2 = phi v17, v52 ctrl=v1
    v3 = arg 0
    v4 = is_kind(fixnum) v3
    v5 = self
    v6 = arg 1
    v7 = state count@13 self=v5 args=[v3, v6] locals=[limit=v3, n=v6, i=v2] stack=[v2, v3]
    v8 = guard(kind fixnum) v4 state=v7 ctrl=v1
    v9 = untag_fixnum v2
    v10 = untag_fixnum v3
    v11 = int_lt v9, v10
    v12 = bool_to_value v11
    v13 = state count@14 self=v5 args=[v3, v6] locals=[limit=v3, n=v6, i=v2] stack=[v12]
    v14 = branch v11 state=v13 ctrl=v8
    v15 = if_false ctrl=v14
    v16 = is_kind(fixnum) v6
    v17 = const 0
    v18 = state count@19 self=v5 args=[v3, v6] locals=[n=v6, i=v2] stack=[v6, v17]
    v19 = guard(kind fixnum) v16 state=v18 ctrl=v15
    v20 = untag_fixnum v6
    v21 = const int 0
    v22 = int_gt v20, v21
    v23 = bool_not v22
    v24 = bool_to_value v23
    v25 = state count@21 self=v5 args=[v3, v6] locals=[n=v6, i=v2] stack=[v24]
    v26 = branch v23 state=v25 ctrl=v19
    v27 = if_false ctrl=v26
    v28 = const int 1
    v29 = int_sub v20, v28
    v30 = tag_fixnum v29
    v31 = state count@26 self=v5 args=[v3, v6] locals=[n=v6] stack=[v2, v30]
    v32 = fixnum_add v9, v29 state=v31 ctrl=v27
    v33 = if_true ctrl=v26
    v34 = merge ctrl=[v33, v32]
    v35 = phi v2, v53 ctrl=v34
    v36 = const int 3
    v37 = const 3
    v38 = state count@31 self=v5 args=[v3, v6] locals=[] stack=[v35, v6, v37]
    v39 = fixnum_mul v20, v36 state=v38 ctrl=v34
    v40 = untag_fixnum v35
    v41 = tag_fixnum v39
    v42 = state count@32 self=v5 args=[v3, v6] locals=[] stack=[v35, v41]
    v43 = fixnum_add v40, v39 state=v42 ctrl=v39
    v44 = tag_fixnum v43
    v45 = const 1
    v46 = state count@34 self=v5 args=[v3, v6] locals=[] stack=[v44, v45]
    v47 = fixnum_sub v43, v28 state=v46 ctrl=v43
    v48 = tag_fixnum v47
    v49 = return v48 ctrl=v47
    v50 = if_true ctrl=v14
    v51 = int_add v9, v28
    v52 = tag_fixnum v51
    v53 = tag_fixnum v32
    v54 = finish ctrl=[v49]
    ");
}

/// build: `when 0..4` (a Range literal, one frozen object) of a fixnum is
/// a bounds test in the graph, the subject clamped to the bounds and
/// compared with itself; `when 5...` has one bound. Any other subject goes
/// to the runtime's `===`.
#[test]
fn build_tests_a_fixnum_range_when_by_clamping() {
    let graphs = graphs_after_run(
        r#"def size_of(n)
  case n
  when 0..4 then :small
  when 5... then :large
  end
end
size_of(3)
"#,
        "size_of",
    );
    insta::assert_snapshot!(around(&graphs, "build").1, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const #<Range>
    v5 = state size_of@6 self=v3 args=[v1] locals=[%tmp0=v1] stack=[v4, v1]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6
    v8 = insn checkmatch v4, v1 state=v5 ctrl=v7
    v9 = if_true ctrl=v6
    v10 = merge ctrl=[v9, v8]
    v11 = phi v40, v8 ctrl=v10
    v12 = truthy v11
    v13 = state size_of@7 self=v3 args=[v1] locals=[%tmp0=v1] stack=[v11]
    v14 = branch v12 state=v13 ctrl=v10
    v15 = if_false ctrl=v14 (uncommon)
    v16 = is_kind(fixnum) v1
    v17 = const #<Range>
    v18 = state size_of@10 self=v3 args=[v1] locals=[] stack=[v17, v1]
    v19 = branch v16 state=v18 ctrl=v15
    v20 = if_false ctrl=v19
    v21 = insn checkmatch v17, v1 state=v18 ctrl=v20
    v22 = if_true ctrl=v19
    v23 = merge ctrl=[v22, v21]
    v24 = phi v45, v21 ctrl=v23
    v25 = truthy v24
    v26 = state size_of@11 self=v3 args=[v1] locals=[] stack=[v24]
    v27 = branch v25 state=v26 ctrl=v23
    v28 = if_false ctrl=v27
    v29 = if_true ctrl=v27
    v30 = if_true ctrl=v14
    v31 = merge ctrl=[v28, v29, v30]
    v32 = phi v46, v47, v48 ctrl=v31
    v33 = return v32 ctrl=v31
    v34 = untag_fixnum v1
    v35 = const int 4
    v36 = int_min v34, v35
    v37 = const int 0
    v38 = int_max v36, v37
    v39 = int_eq v38, v34
    v40 = bool_to_value v39
    v41 = untag_fixnum v1
    v42 = const int 5
    v43 = int_max v41, v42
    v44 = int_eq v43, v41
    v45 = bool_to_value v44
    v46 = const nil
    v47 = const :large
    v48 = const :small
    v49 = finish ctrl=[v33]
    "#);
}

/// A method whose `rescue` clause ran (`half(1)` raised) before it is
/// compiled.
const SAFE_HALF: &str = r#"def half(n)
  raise ArgumentError, "odd" if n.odd?
  n / 2
end
def safe_half(n)
  half(n)
rescue ArgumentError
  -1
end
safe_half(1)
safe_half(2)
"#;

/// build: a call inside the range of a `rescue` whose clause ran gets an
/// exceptional successor: a `raised` branch after it, a `catch` on its
/// true side arriving at the clause (the locals as at the call, the stack
/// cut to the handler's depth, the exception pushed). `rescue
/// ArgumentError` of the constant class is a kind test.
#[test]
fn build_lands_a_call_in_its_rescue_clause() {
    let graphs = graphs_after_run(SAFE_HALF, "safe_half");
    insta::assert_snapshot!(around(&graphs, "build").1, @r"
    v0 = start
    v1 = self
    v2 = arg 0
    v3 = state safe_half@2 self=v1 args=[v2] locals=[n=v2] stack=[]
    v4 = insn getglobal $! state=v3 ctrl=v0
    v5 = state safe_half@6 self=v1 args=[v2] locals=[%tmp0=v4] stack=[v1, v2]
    v6 = send half(1) v1, v2 state=v5 ctrl=v4
    v7 = raised v6
    v8 = state safe_half@6 self=v1 args=[v2] locals=[%tmp0=v4] stack=[]
    v9 = branch v7 state=v8 ctrl=v6
    v10 = if_false ctrl=v9
    v11 = if_true ctrl=v9
    v12 = catch state=v8 ctrl=v11
    v13 = const #<#<Class:ArgumentError>>
    v14 = is_kind_of v12, v13 ctrl=v12
    v15 = bool_to_value v14
    v16 = truthy v15
    v17 = state safe_half@11 self=v1 args=[v2] locals=[%tmp0=v4] stack=[v12, v15]
    v18 = branch v16 state=v17 ctrl=v14
    v19 = if_false ctrl=v18 (uncommon)
    v20 = state safe_half@18 self=v1 args=[v2] locals=[] stack=[v12]
    v21 = insn reraise v12 state=v20 ctrl=v19
    v22 = deopt(unsupported reraise) state=v20 ctrl=v21
    v23 = if_true ctrl=v18
    v24 = const -1
    v25 = state safe_half@16 self=v1 args=[v2] locals=[] stack=[v24, v4]
    v26 = insn setglobal $! v4 state=v25 ctrl=v23
    v27 = merge ctrl=[v10, v26]
    v28 = phi v6, v24 ctrl=v27
    v29 = return v28 ctrl=v27
    v30 = finish ctrl=[v22, v29]
    ");
}

/// inlining: `half` inlined into the protected range hands the landing
/// pad down: its `raise` gets a `catch` of its own, whose state names the
/// inlined frame, arriving at the same clause; the inlined call's own
/// test is false.
#[test]
fn inlining_hands_a_landing_pad_down() {
    let graphs = graphs_after_run(SAFE_HALF, "safe_half");
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = self
    v2 = arg 0
    v3 = state safe_half@2 self=v1 args=[v2] locals=[n=v2] stack=[]
    v4 = insn getglobal $! state=v3 ctrl=v0
    v5 = is_kind(Object) v1
    v6 = state safe_half@6 self=v1 args=[v2] locals=[%tmp0=v4] stack=[v1, v2]
    v7 = guard(kind Object) v5 state=v6 ctrl=v4
    v8 = is_kind(fixnum) v2
    v9 = state safe_half@6 self=v1 args=[v2] locals=[%tmp0=v4] stack=[]
    v10 = state half@3 self=v1 args=[v2] locals=[n=v2] stack=[v2] outer=v9
    v11 = guard(kind fixnum) v8 state=v10 ctrl=v7
    v12 = untag_fixnum v2
    v13 = const int 1
    v14 = int_and v12, v13
    v15 = const int 0
    v16 = int_ne v14, v15
    v17 = bool_not v16
    v18 = bool_to_value v17
    v19 = state half@5 self=v1 args=[v2] locals=[n=v2] stack=[v18] outer=v9
    v20 = branch v17 state=v19 ctrl=v11
    v21 = if_false ctrl=v20
    v22 = insn push "odd" ctrl=v21
    v23 = const #<#<Class:ArgumentError>>
    v24 = state half@9 self=v1 args=[v2] locals=[n=v2] stack=[v1, v23, v22] outer=v9
    v25 = send raise(2) @Object v1, v23, v22 state=v24 ctrl=v22
    v26 = raised v25
    v27 = state half@9 self=v1 args=[v2] locals=[n=v2] stack=[] outer=v9
    v28 = branch v26 state=v27 ctrl=v25
    v29 = if_false ctrl=v28
    v30 = if_true ctrl=v28
    v31 = catch state=v27 ctrl=v30
    v32 = is_kind_of v31, v23 ctrl=v31
    v33 = bool_to_value v32
    v34 = state safe_half@11 self=v1 args=[v2] locals=[%tmp0=v4] stack=[v31, v33]
    v35 = guard(branch) v32 state=v34 ctrl=v32
    v36 = const -1
    v37 = state safe_half@16 self=v1 args=[v2] locals=[] stack=[v36, v4]
    v38 = insn setglobal $! v4 state=v37 ctrl=v35
    v39 = if_true ctrl=v20
    v40 = merge ctrl=[v39, v29]
    v41 = const int 2
    v42 = const 2
    v43 = state half@13 self=v1 args=[v2] locals=[] stack=[v2, v42] outer=v9
    v44 = fixnum_div v12, v41 state=v43 ctrl=v40
    v45 = merge ctrl=[v44, v38]
    v46 = phi v48, v36 ctrl=v45
    v47 = return v46 ctrl=v45
    v48 = tag_fixnum v44
    v49 = finish ctrl=[v47]
    "#);
}

/// build: a call inside the range of an `ensure` lands in its clause with
/// the exception pending (the states of the clause name it: `pending=`),
/// and the clause's `end_ensure` raises it again (a `reraise` whose
/// operand is the pending exception; nothing comes after it).
#[test]
fn build_lands_a_call_in_its_ensure_clause() {
    let graphs = graphs_after_run(
        r#"def half(n)
  raise ArgumentError, "odd" if n.odd?
  n / 2
end
def logged_half(n, log)
  half(n)
ensure
  log << n
end
logged_half(2, [])
"#,
        "logged_half",
    );
    insta::assert_snapshot!(around(&graphs, "build").1, @r"
    v0 = start
    v1 = self
    v2 = arg 0
    v3 = arg 1
    v4 = state logged_half@6 self=v1 args=[v2, v3] locals=[n=v2, log=v3] stack=[v1, v2]
    v5 = send half(1) v1, v2 state=v4 ctrl=v0
    v6 = raised v5
    v7 = state logged_half@6 self=v1 args=[v2, v3] locals=[n=v2, log=v3] stack=[]
    v8 = branch v6 state=v7 ctrl=v5
    v9 = if_false ctrl=v8
    v10 = state logged_half@9 self=v1 args=[v2, v3] locals=[] stack=[v5, v3, v2]
    v11 = send <<(1) v3, v2 state=v10 ctrl=v9
    v12 = return v5 ctrl=v11
    v13 = if_true ctrl=v8
    v14 = catch state=v7 ctrl=v13
    v15 = state logged_half@14 self=v1 args=[v2, v3] locals=[] pending=[v14] stack=[v3, v2]
    v16 = send <<(1) v3, v2 state=v15 ctrl=v14
    v17 = state logged_half@16 self=v1 args=[v2, v3] locals=[] stack=[v14]
    v18 = insn reraise v14 state=v17 ctrl=v16
    v19 = state logged_half@16 self=v1 args=[v2, v3] locals=[] pending=[v14] stack=[]
    v20 = deopt(unsupported end_ensure) state=v19 ctrl=v18
    v21 = finish ctrl=[v20, v12]
    ");
}

/// Seed 000's example (the spec's program): `double` and `add` are split
/// per call site, so `calls_double` inlines a `double` whose profile saw
/// fixnums only and another that saw Strings only, each with its own
/// `add`: one `+` is a fixnum addition, the other a direct call of
/// `String#+`, and no test of the argument's kind chooses between them.
#[test]
fn inlining_takes_each_sites_split() {
    let graphs = graphs_after_run(
        include_str!("../spec/jit/call_target_splitting.rb"),
        "calls_double",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = self
    v2 = is_kind(Object) v1
    v3 = arg 0
    v4 = state calls_double@4 self=v1 args=[v3] locals=[] stack=[v1, v3]
    v5 = guard(kind Object) v2 state=v4 ctrl=v0
    v6 = is_kind(fixnum) v3
    v7 = state calls_double@4 self=v1 args=[v3] locals=[] stack=[]
    v8 = state double<split-1>@5 self=v1 args=[v3] locals=[] stack=[] outer=v7
    v9 = state add<split-2>@6 self=v1 args=[v3, v3] locals=[] stack=[v3, v3] outer=v8
    v10 = guard(kind fixnum) v6 state=v9 ctrl=v5
    v11 = untag_fixnum v3
    v12 = fixnum_add v11, v11 state=v9 ctrl=v10
    v13 = insn push "foo" ctrl=v12
    v14 = is_kind(String) v13
    v15 = tag_fixnum v12
    v16 = state calls_double@7 self=v1 args=[v3] locals=[] stack=[v15]
    v17 = state double<split-3>@5 self=v1 args=[v13] locals=[] stack=[] outer=v16
    v18 = state add<split-4>@6 self=v1 args=[v13, v13] locals=[] stack=[v13, v13] outer=v17
    v19 = guard(kind String) v14 state=v18 ctrl=v13
    v20 = send +(1) @String v13, v13 state=v18 ctrl=v19
    v21 = insn array 2 v15, v20 ctrl=v20
    v22 = return v21 ctrl=v21
    v23 = finish ctrl=[v22]
    "#);
}
