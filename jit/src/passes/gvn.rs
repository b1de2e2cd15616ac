//! Global value numbering: equal pure nodes are one node.
//!
//! Two pure nodes with the same operation and the same inputs compute the
//! same value, wherever they are; one of them stays and takes the other's
//! uses. Frame states are pure too, so equal deoptimisation maps are
//! shared. Phis are equal when they hang off the same merge with the same
//! inputs.
//!
//! ```text
//! v4 = untag_fixnum v1                  v4 = untag_fixnum v1
//! v9 = untag_fixnum v1    ------->      (uses of v9 use v4)
//! ```

use crate::ir::*;
use fxhash::FxHashMap;
use smallvec::SmallVec;
use std::mem::Discriminant;

/// What equal nodes share: the kind of op (a constant's value, which
/// tells `0.0` from `-0.0`), the inputs, the control inputs and the state.
/// Nodes with equal keys are then compared op for op.
#[derive(PartialEq, Eq, Hash)]
struct Key {
    op: Discriminant<Op>,
    constant: Option<(u8, u64)>,
    inputs: SmallVec<[NodeId; 4]>,
    control: SmallVec<[NodeId; 2]>,
    state: Option<NodeId>,
}

/// Whether two ops of nodes with equal keys compute the same value.
fn same_op(a: &Op, b: &Op) -> bool {
    match (a, b) {
        (Op::Const(x), Op::Const(y)) => x.key() == y.key(),
        _ => a == b,
    }
}

pub fn run(graph: &mut Graph) -> bool {
    let mut changed = false;
    loop {
        let mut seen: FxHashMap<Key, SmallVec<[NodeId; 1]>> = FxHashMap::default();
        let mut round = false;
        let nodes: Vec<NodeId> = graph.live().collect();
        for node in nodes {
            if graph.is_dead(node) {
                continue;
            }
            let op = graph.op(node);
            let numbered =
                (op.is_pure() && graph.control(node).is_empty()) || matches!(op, Op::Phi);
            if !numbered {
                continue;
            }
            let key = Key {
                op: std::mem::discriminant(op),
                constant: match op {
                    Op::Const(c) => Some(c.key()),
                    _ => None,
                },
                inputs: graph.inputs(node).iter().copied().collect(),
                control: graph.control(node).iter().copied().collect(),
                state: graph.state(node),
            };
            let candidates = seen.entry(key).or_default();
            match candidates
                .iter()
                .copied()
                .find(|&first| same_op(graph.op(first), graph.op(node)))
            {
                Some(first) => {
                    graph.replace_uses(node, first);
                    graph.kill(node);
                    round = true;
                }
                None => candidates.push(node),
            }
        }
        if !round {
            break;
        }
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `gvn_merges_equal_values` before gvn: the second `a + b`
    /// tests and untags the same values as the first, and uses those.
    #[test]
    fn the_root_graph_merges_equal_values() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = arg 1
            v5 = state square_sum@8 self=v3 args=[v1, v4] locals=[a=v1, b=v4] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = is_kind(fixnum) v4
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1
            v10 = untag_fixnum v4
            v11 = fixnum_add v9, v10 state=v5 ctrl=v8
            v12 = merge ctrl=[v11, v?20]
            v13 = phi v35, v?20 ctrl=v12
            v14 = is_kind(fixnum) v1
            v15 = state square_sum@11 self=v3 args=[v1, v4] locals=[] stack=[v13, v1, v4]
            v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
            v17 = is_kind(fixnum) v4
            v18 = guard(kind fixnum) v17 state=v15 ctrl=v16
            v19 = untag_fixnum v1
            v20 = untag_fixnum v4
            v21 = fixnum_add v19, v20 state=v15 ctrl=v18
            v22 = merge ctrl=[v21, v?28]
            v23 = phi v36, v?28 ctrl=v22
            v24 = is_kind(fixnum) v13
            v25 = state square_sum@12 self=v3 args=[v1, v4] locals=[] stack=[v13, v23]
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
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 1
        v5 = state square_sum@8 self=v3 args=[v1, v4] locals=[a=v1, b=v4] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = is_kind(fixnum) v4
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1
        v10 = untag_fixnum v4
        v11 = fixnum_add v9, v10 state=v5 ctrl=v8
        v12 = merge ctrl=[v11, v?20]
        v13 = phi v31, v?20 ctrl=v12
        v14 = state square_sum@11 self=v3 args=[v1, v4] locals=[] stack=[v13, v1, v4]
        v15 = guard(kind fixnum) v2 state=v14 ctrl=v12
        v16 = guard(kind fixnum) v7 state=v14 ctrl=v15
        v17 = fixnum_add v9, v10 state=v14 ctrl=v16
        v18 = merge ctrl=[v17, v?28]
        v19 = phi v32, v?28 ctrl=v18
        v20 = is_kind(fixnum) v13
        v21 = state square_sum@12 self=v3 args=[v1, v4] locals=[] stack=[v13, v19]
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
        ");
    }

    /// Two `0.0` constants are one node; `-0.0` stays another.
    #[test]
    fn equal_constants_are_one_but_zero_is_not_minus_zero() {
        let after = run(
            r"
            v0 = start
            v1 = const float 0.0
            v2 = const float 0.0
            v3 = float_add v1, v2
            v4 = const float -0.0
            v5 = float_add v3, v4
            v6 = box_float v5
            v7 = return v6 ctrl=v0
            v8 = finish ctrl=[v7]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = const float 0.0
        v2 = float_add v1, v1
        v3 = const float -0.0
        v4 = float_add v2, v3
        v5 = box_float v4
        v6 = return v5 ctrl=v0
        v7 = finish ctrl=[v6]
        ");
    }

    /// Two guards with equal frame states share one.
    #[test]
    fn equal_frame_states_are_shared() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = arg 1
            v5 = state pair@5 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = is_kind(fixnum) v4
            v8 = state pair@5 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
            v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
            v10 = return v1 ctrl=v9
            v11 = finish ctrl=[v10]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 1
        v5 = state pair@5 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = is_kind(fixnum) v4
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = return v1 ctrl=v8
        v10 = finish ctrl=[v9]
        ");
    }

    /// Two phis of the same merge with the same inputs are one value.
    #[test]
    fn phis_of_one_merge_with_the_same_inputs_are_one() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = truthy v1
            v3 = self
            v4 = state twice@2 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = branch v2 state=v4 ctrl=v0
            v6 = if_true ctrl=v5
            v7 = if_false ctrl=v5
            v8 = merge ctrl=[v6, v7]
            v9 = phi v14, v15 ctrl=v8
            v10 = phi v14, v15 ctrl=v8
            v11 = state twice@9 self=v3 args=[v1] locals=[] stack=[v9, v10]
            v12 = send +(1) v9, v10 state=v11 ctrl=v8
            v13 = return v12 ctrl=v12
            v14 = const 1
            v15 = const 2
            v16 = finish ctrl=[v13]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = truthy v1
        v3 = self
        v4 = state twice@2 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = branch v2 state=v4 ctrl=v0
        v6 = if_true ctrl=v5
        v7 = if_false ctrl=v5
        v8 = merge ctrl=[v6, v7]
        v9 = phi v13, v14 ctrl=v8
        v10 = state twice@9 self=v3 args=[v1] locals=[] stack=[v9, v9]
        v11 = send +(1) v9, v9 state=v10 ctrl=v8
        v12 = return v11 ctrl=v11
        v13 = const 1
        v14 = const 2
        v15 = finish ctrl=[v12]
        ");
    }
}
