//! Overflow checks proven away: checked fixnum arithmetic with a constant
//! operand (`n - 1`, `i + 1`) cannot leave the fixnum range when the
//! branches that dominate it bound its other operand far enough from the
//! range's ends. It becomes the pure `int_add` / `int_sub`, with no check,
//! no deoptimisation site, and the freedom to compute anywhere.
//!
//! ```text
//! v9  = int_lt v7, v8                    (v8 = const int 2)
//! v10 = bool_not v9
//! v13 = branch v10
//! v15 = if_true ctrl=v13                 here n >= 2, so n - 1 >= 1
//! v19 = fixnum_sub v7, v16 ctrl=v15  ->  v40 = int_sub v7, v16
//! ```
//!
//! A bound comes from a comparison of the operand with a constant
//! (`n < 2` false: `n >= 2`), or with any other integer, which bounds it by
//! one inside the fixnum range (`i < limit` true: `i <= MAX - 1`, so
//! `i + 1` fits, the step of every counting loop).

use crate::ir::dominators::Dominators;
use crate::ir::print::control_order;
use crate::ir::*;

/// The fixnum range (63 bits).
const MIN: i64 = -(1 << 62);
const MAX: i64 = (1 << 62) - 1;

/// What a branch says about an integer on one of its ways.
#[derive(Clone, Copy, Debug)]
struct Fact {
    /// The `if_true` or `if_false` node the fact holds after.
    after: NodeId,
    value: NodeId,
    /// The value compared `cmp` with `other`.
    cmp: Cmp,
    other: NodeId,
}

pub fn run(graph: &mut Graph) -> bool {
    let order = control_order(graph);
    let dominators = Dominators::of(graph, &order);
    let facts = branch_facts(graph, &order);
    let mut changed = false;
    for &node in &order {
        let Op::Int(op @ (IntOp::Add | IntOp::Sub)) = *graph.op(node) else {
            continue;
        };
        let (a, b) = (graph.input(node, 0), graph.input(node, 1));
        let (value, constant) = match (graph.as_const(a), graph.as_const(b)) {
            (None, Some(Const::Int(k))) => (a, k),
            (Some(Const::Int(k)), None) if op == IntOp::Add => (b, k),
            _ => continue,
        };
        let (low, high) = bounds(graph, &facts, &dominators, node, value);
        // The result's extremes, from the operand's.
        let fits = match op {
            IntOp::Add => {
                low.checked_add(constant).is_some_and(|r| r >= MIN)
                    && high.checked_add(constant).is_some_and(|r| r <= MAX)
            }
            _ => {
                low.checked_sub(constant).is_some_and(|r| r >= MIN)
                    && high.checked_sub(constant).is_some_and(|r| r <= MAX)
            }
        };
        if !fits {
            continue;
        }
        let in_range = match op {
            IntOp::Add => IntOp::AddInRange,
            _ => IntOp::SubInRange,
        };
        let pure = graph.add(Op::Int(in_range), &[], &[a, b], None);
        graph.replace_uses(node, pure);
        graph.unlink(node);
        graph.kill(node);
        changed = true;
    }
    changed
}

/// The facts of every branch on an integer comparison (or its negation),
/// on both of its ways.
fn branch_facts(graph: &Graph, order: &[NodeId]) -> Vec<Fact> {
    let mut facts = Vec::new();
    for &branch in order {
        if !matches!(graph.op(branch), Op::Branch) {
            continue;
        }
        let mut cond = graph.input(branch, 0);
        let mut negated = false;
        while matches!(graph.op(cond), Op::BoolNot) {
            cond = graph.input(cond, 0);
            negated = !negated;
        }
        let Op::IntCmp(cmp) = *graph.op(cond) else {
            continue;
        };
        let (left, right) = (graph.input(cond, 0), graph.input(cond, 1));
        for way in graph.successors(branch) {
            let holds = match graph.op(way) {
                Op::IfTrue => !negated,
                Op::IfFalse => negated,
                _ => continue,
            };
            let cmp = if holds { cmp } else { cmp.negated() };
            facts.push(Fact {
                after: way,
                value: left,
                cmp,
                other: right,
            });
            facts.push(Fact {
                after: way,
                value: right,
                cmp: cmp.swapped(),
                other: left,
            });
        }
    }
    facts
}

/// The bounds the facts that hold at `node` put on `value` (an integer in
/// the fixnum range).
fn bounds(
    graph: &Graph,
    facts: &[Fact],
    dominators: &Dominators,
    node: NodeId,
    value: NodeId,
) -> (i64, i64) {
    let (mut low, mut high) = (MIN, MAX);
    for fact in facts {
        if fact.value != value || !dominators.dominates(fact.after, node) {
            continue;
        }
        match graph.as_const(fact.other) {
            Some(Const::Int(m)) => match fact.cmp {
                Cmp::Lt => high = high.min(m.saturating_sub(1)),
                Cmp::Le => high = high.min(m),
                Cmp::Gt => low = low.max(m.saturating_add(1)),
                Cmp::Ge => low = low.max(m),
                Cmp::Eq => {
                    low = low.max(m);
                    high = high.min(m);
                }
                Cmp::Ne => {}
            },
            // Below or above another fixnum: one inside the range.
            _ => match fact.cmp {
                Cmp::Lt => high = high.min(MAX - 1),
                Cmp::Gt => low = low.max(MIN + 1),
                _ => {}
            },
        }
    }
    (low, high)
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// `i + 1` where `i < limit` holds cannot overflow (it is below another
    /// fixnum): `int_add`. Where it does not hold, the add keeps its
    /// check.
    #[test]
    fn an_increment_under_less_than_fits() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = arg 1
            v5 = state step@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = is_kind(fixnum) v4
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1
            v10 = untag_fixnum v4
            v11 = int_lt v9, v10
            v12 = bool_to_value v11
            v13 = state step@7 self=v3 args=[v1, v4] locals=[] stack=[v12]
            v14 = branch v11 state=v13 ctrl=v8
            v15 = if_true ctrl=v14
            v16 = const int 1
            v17 = const 1
            v18 = state step@12 self=v3 args=[v1, v4] locals=[] stack=[v1, v17]
            v19 = fixnum_add v9, v16 state=v18 ctrl=v15
            v20 = tag_fixnum v19
            v21 = return v20 ctrl=v19
            v22 = if_false ctrl=v14
            v23 = state step@18 self=v3 args=[v1, v4] locals=[] stack=[v1, v17]
            v24 = fixnum_add v9, v16 state=v23 ctrl=v22
            v25 = tag_fixnum v24
            v26 = return v25 ctrl=v24
            v27 = finish ctrl=[v21, v26]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 1
        v5 = state step@6 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = is_kind(fixnum) v4
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1
        v10 = untag_fixnum v4
        v11 = int_lt v9, v10
        v12 = bool_to_value v11
        v13 = state step@7 self=v3 args=[v1, v4] locals=[] stack=[v12]
        v14 = branch v11 state=v13 ctrl=v8
        v15 = if_true ctrl=v14
        v16 = const int 1
        v17 = int_add v9, v16
        v18 = tag_fixnum v17
        v19 = return v18 ctrl=v15
        v20 = if_false ctrl=v14
        v21 = const 1
        v22 = state step@18 self=v3 args=[v1, v4] locals=[] stack=[v1, v21]
        v23 = fixnum_add v9, v16 state=v22 ctrl=v20
        v24 = tag_fixnum v23
        v25 = return v24 ctrl=v23
        v26 = finish ctrl=[v19, v25]
        ");
    }

    /// `n - 1` where `!(n < 2)` holds (fib's pattern) is at least 1:
    /// `int_sub`. Where `n < 2`, `n` has no lower bound and the subtraction
    /// keeps its check.
    #[test]
    fn a_decrement_under_not_less_than_two_fits() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 2
            v5 = state down@6 self=v3 args=[v1] locals=[n=v1] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = untag_fixnum v1
            v8 = const int 2
            v9 = int_lt v7, v8
            v10 = bool_not v9
            v11 = bool_to_value v10
            v12 = state down@8 self=v3 args=[v1] locals=[n=v1] stack=[v11]
            v13 = branch v10 state=v12 ctrl=v6
            v14 = if_true ctrl=v13
            v15 = const int 1
            v16 = const 1
            v17 = state down@15 self=v3 args=[v1] locals=[n=v1] stack=[v1, v16]
            v18 = fixnum_sub v7, v15 state=v17 ctrl=v14
            v19 = tag_fixnum v18
            v20 = return v19 ctrl=v18
            v21 = if_false ctrl=v13
            v22 = state down@11 self=v3 args=[v1] locals=[n=v1] stack=[v1, v16]
            v23 = fixnum_sub v7, v15 state=v22 ctrl=v21
            v24 = tag_fixnum v23
            v25 = return v24 ctrl=v23
            v26 = finish ctrl=[v20, v25]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = const 2
        v5 = state down@6 self=v3 args=[v1] locals=[n=v1] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = untag_fixnum v1
        v8 = const int 2
        v9 = int_lt v7, v8
        v10 = bool_not v9
        v11 = bool_to_value v10
        v12 = state down@8 self=v3 args=[v1] locals=[n=v1] stack=[v11]
        v13 = branch v10 state=v12 ctrl=v6
        v14 = if_true ctrl=v13
        v15 = const int 1
        v16 = int_sub v7, v15
        v17 = tag_fixnum v16
        v18 = return v17 ctrl=v14
        v19 = if_false ctrl=v13
        v20 = const 1
        v21 = state down@11 self=v3 args=[v1] locals=[n=v1] stack=[v1, v20]
        v22 = fixnum_sub v7, v15 state=v21 ctrl=v19
        v23 = tag_fixnum v22
        v24 = return v23 ctrl=v22
        v25 = finish ctrl=[v18, v24]
        ");
    }

    /// Under `n == 5`, `n + 1` is 6 (`int_add`); the multiplication keeps
    /// its check (only additions and subtractions of a constant are
    /// bounded), and so does `n + 1` on the other way.
    #[test]
    fn only_bounded_adds_and_subtractions_lose_their_checks() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 5
            v5 = state five@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = untag_fixnum v1
            v8 = const int 5
            v9 = int_eq v7, v8
            v10 = bool_to_value v9
            v11 = state five@7 self=v3 args=[v1] locals=[] stack=[v10]
            v12 = branch v9 state=v11 ctrl=v6
            v13 = if_true ctrl=v12
            v14 = const int 1
            v15 = const 1
            v16 = state five@12 self=v3 args=[v1] locals=[] stack=[v1, v15]
            v17 = fixnum_add v7, v14 state=v16 ctrl=v13
            v18 = const int 3
            v19 = fixnum_mul v17, v18 state=v16 ctrl=v17
            v20 = tag_fixnum v19
            v21 = return v20 ctrl=v19
            v22 = if_false ctrl=v12
            v23 = fixnum_add v7, v14 state=v16 ctrl=v22
            v24 = tag_fixnum v23
            v25 = return v24 ctrl=v23
            v26 = finish ctrl=[v21, v25]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = const 5
        v5 = state five@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = untag_fixnum v1
        v8 = const int 5
        v9 = int_eq v7, v8
        v10 = bool_to_value v9
        v11 = state five@7 self=v3 args=[v1] locals=[] stack=[v10]
        v12 = branch v9 state=v11 ctrl=v6
        v13 = if_true ctrl=v12
        v14 = const int 1
        v15 = int_add v7, v14
        v16 = const int 3
        v17 = const 1
        v18 = state five@12 self=v3 args=[v1] locals=[] stack=[v1, v17]
        v19 = fixnum_mul v15, v16 state=v18 ctrl=v13
        v20 = tag_fixnum v19
        v21 = return v20 ctrl=v19
        v22 = if_false ctrl=v12
        v23 = fixnum_add v7, v14 state=v18 ctrl=v22
        v24 = tag_fixnum v23
        v25 = return v24 ctrl=v23
        v26 = finish ctrl=[v21, v25]
        ");
    }
}
