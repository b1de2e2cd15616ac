//! Redundant guards: a guard dominated by a guard of the same condition can
//! never fail, and a branch on a condition a dominating guard checked
//! always goes the same way. Checked arithmetic is a guard too: a
//! `fixnum_add` of the same operands as one that dominates it did not
//! overflow there and will not here, so it is that one's value.
//!
//! ```text
//! v5 = guard(kind fixnum) v4 ctrl=v0            v5 = guard(kind fixnum) v4 ctrl=v0
//! ...                             ------->      ...
//! v9 = guard(kind fixnum) v4 ctrl=v8            (gone)
//! ```
//!
//! Value numbering first makes equal conditions one node, so "the same
//! condition" is "the same node".

use crate::ir::dominators::Dominators;
use crate::ir::print::control_order;
use crate::ir::*;
use fxhash::FxHashMap;

pub fn run(graph: &mut Graph) -> bool {
    let order = control_order(graph);
    let dominators = Dominators::of(graph, &order);
    // The guards by condition, in control order.
    let mut guards: FxHashMap<NodeId, Vec<NodeId>> = FxHashMap::default();
    for &node in &order {
        if let Op::Guard(_) = graph.op(node) {
            guards.entry(graph.input(node, 0)).or_default().push(node);
        }
    }
    let mut changed = repeated_arithmetic(graph, &order, &dominators);
    for &node in &order {
        if graph.is_dead(node) {
            continue;
        }
        let is_guard = matches!(graph.op(node), Op::Guard(_));
        if !is_guard && !matches!(graph.op(node), Op::Branch) {
            continue;
        }
        let cond = graph.input(node, 0);
        let Some(candidates) = guards.get(&cond) else {
            continue;
        };
        let proven = candidates.iter().any(|&other| {
            other != node && !graph.is_dead(other) && dominators.dominates(other, node)
        });
        if !proven {
            continue;
        }
        if is_guard {
            graph.unlink(node);
            graph.kill(node);
        } else {
            let yes = graph.constant(Const::Bool(true));
            graph.set_input(node, 0, yes);
        }
        changed = true;
    }
    changed
}

/// Checked operations dominated by the same operation on the same inputs.
fn repeated_arithmetic(graph: &mut Graph, order: &[NodeId], dominators: &Dominators) -> bool {
    let mut seen: FxHashMap<(IntOp, NodeId, NodeId), Vec<NodeId>> = FxHashMap::default();
    let mut changed = false;
    for &node in order {
        let Op::Int(op) = *graph.op(node) else {
            continue;
        };
        if !op.is_checked() {
            continue;
        }
        let key = (op, graph.input(node, 0), graph.input(node, 1));
        let earlier = seen.entry(key).or_default();
        let first = earlier
            .iter()
            .copied()
            .find(|&other| dominators.dominates(other, node));
        match first {
            Some(first) => {
                graph.replace_uses(node, first);
                graph.unlink(node);
                graph.kill(node);
                changed = true;
            }
            None => earlier.push(node),
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `redundant_guards_drops_a_dominated_guard` before
    /// redundant_guards: `a` is checked to be a fixnum once.
    #[test]
    fn the_root_graph_checks_a_once() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 1
            v5 = state twice@6 self=v3 args=[v1] locals=[a=v1] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = const bool true
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1
            v10 = const int 1
            v11 = fixnum_add v9, v10 state=v5 ctrl=v8
            v12 = merge ctrl=[v11, v?18]
            v13 = phi v23, v?18 ctrl=v12
            v14 = is_kind(fixnum) v13
            v15 = state twice@8 self=v3 args=[v1] locals=[] stack=[v13, v1]
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
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = const 1
        v5 = state twice@6 self=v3 args=[v1] locals=[a=v1] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = const bool true
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1
        v10 = const int 1
        v11 = fixnum_add v9, v10 state=v5 ctrl=v8
        v12 = merge ctrl=[v11, v?18]
        v13 = phi v22, v?18 ctrl=v12
        v14 = is_kind(fixnum) v13
        v15 = state twice@8 self=v3 args=[v1] locals=[] stack=[v13, v1]
        v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
        v17 = untag_fixnum v13
        v18 = fixnum_add v17, v9 state=v15 ctrl=v16
        v19 = merge ctrl=[v18, v?26]
        v20 = phi v23, v?26 ctrl=v19
        v21 = return v20 ctrl=v19
        v22 = tag_fixnum v11
        v23 = tag_fixnum v18
        v24 = finish ctrl=[v21]
        ");
    }

    /// A branch on a condition a dominating guard checked tests
    /// `const bool true` (canonicalise then cuts its other side).
    #[test]
    fn a_branch_on_a_guarded_condition_goes_the_guarded_way() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = state check@2 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
            v6 = branch v2 state=v4 ctrl=v5
            v7 = if_true ctrl=v6
            v8 = return v1 ctrl=v7
            v9 = if_false ctrl=v6
            v10 = const nil
            v11 = return v10 ctrl=v9
            v12 = finish ctrl=[v8, v11]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = state check@2 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
        v6 = const bool true
        v7 = branch v6 state=v4 ctrl=v5
        v8 = if_true ctrl=v7
        v9 = return v1 ctrl=v8
        v10 = if_false ctrl=v7
        v11 = const nil
        v12 = return v11 ctrl=v10
        v13 = finish ctrl=[v9, v12]
        ");
    }

    /// `x * x` computed twice: the second is dominated by the first, which
    /// did not overflow, so it is the first's value.
    #[test]
    fn repeated_checked_arithmetic_is_the_first() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = state squares@6 self=v3 args=[v1] locals=[] stack=[v1, v1]
            v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
            v6 = untag_fixnum v1
            v7 = fixnum_mul v6, v6 state=v4 ctrl=v5
            v8 = tag_fixnum v7
            v9 = state squares@10 self=v3 args=[v1] locals=[] stack=[v8, v1, v1]
            v10 = fixnum_mul v6, v6 state=v9 ctrl=v7
            v11 = tag_fixnum v10
            v12 = state squares@11 self=v3 args=[v1] locals=[] stack=[v8, v11]
            v13 = fixnum_add v7, v10 state=v12 ctrl=v10
            v14 = tag_fixnum v13
            v15 = return v14 ctrl=v13
            v16 = finish ctrl=[v15]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = state squares@6 self=v3 args=[v1] locals=[] stack=[v1, v1]
        v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
        v6 = untag_fixnum v1
        v7 = fixnum_mul v6, v6 state=v4 ctrl=v5
        v8 = tag_fixnum v7
        v9 = tag_fixnum v7
        v10 = state squares@11 self=v3 args=[v1] locals=[] stack=[v8, v9]
        v11 = fixnum_add v7, v7 state=v10 ctrl=v7
        v12 = tag_fixnum v11
        v13 = return v12 ctrl=v11
        v14 = finish ctrl=[v13]
        ");
    }

    /// A guard on one side of a branch does not dominate the merge: the
    /// guard after the merge stays, and only the one after that goes.
    #[test]
    fn a_guard_on_one_side_does_not_cover_the_merge() {
        let after = run(
            r"
            v0 = start
            v1 = arg 1
            v2 = truthy v1
            v3 = self
            v4 = arg 0
            v5 = state maybe@3 self=v3 args=[v4, v1] locals=[] stack=[v1]
            v6 = branch v2 state=v5 ctrl=v0
            v7 = if_true ctrl=v6
            v8 = is_kind(fixnum) v4
            v9 = guard(kind fixnum) v8 state=v5 ctrl=v7
            v10 = if_false ctrl=v6
            v11 = merge ctrl=[v9, v10]
            v12 = guard(kind fixnum) v8 state=v5 ctrl=v11
            v13 = guard(kind fixnum) v8 state=v5 ctrl=v12
            v14 = return v4 ctrl=v13
            v15 = finish ctrl=[v14]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 1
        v2 = truthy v1
        v3 = self
        v4 = arg 0
        v5 = state maybe@3 self=v3 args=[v4, v1] locals=[] stack=[v1]
        v6 = branch v2 state=v5 ctrl=v0
        v7 = if_true ctrl=v6
        v8 = is_kind(fixnum) v4
        v9 = guard(kind fixnum) v8 state=v5 ctrl=v7
        v10 = if_false ctrl=v6
        v11 = merge ctrl=[v9, v10]
        v12 = guard(kind fixnum) v8 state=v5 ctrl=v11
        v13 = return v4 ctrl=v12
        v14 = finish ctrl=[v13]
        ");
    }
}
