//! Redundant loads: reading the same memory twice, with nothing between
//! the reads that could write it, reads it once.
//!
//! ```ruby
//! def area
//!   @side * @side
//! end
//! ```
//!
//! Each `@side` checks the shape and loads the slot. The second shape load
//! finds the first one up the control flow with no store or call between
//! them, so it is the same value; value numbering then makes the two shape
//! tests one node, and the redundant-guards pass drops the second guard.
//!
//! ```text
//! v2 = load_shape v1 ctrl=v0                  v2 = load_shape v1 ctrl=v0
//! v5 = guard(shape) v3 ...                    v5 = guard(shape) v3 ...
//! v6 = load_ivar(0) v1 ctrl=v5       ---->    v6 = load_ivar(0) v1 ctrl=v5
//! v7 = load_shape v1 ctrl=v6                  (uses of v7 use v2, of v11 use v6)
//! v11 = load_ivar(0) v1 ctrl=v10
//! ```
//!
//! The search walks up single-predecessor control only, stopping at a merge
//! or at anything with a side effect; a store to the same slot of the same
//! object on the way answers the load with the value stored.

use crate::ir::*;

/// Whether `node` reads memory this pass knows how to reuse.
fn is_load(op: &Op) -> bool {
    matches!(
        op,
        Op::LoadShape | Op::LoadIvar { .. } | Op::LoadIvarNamed(_) | Op::ArrayLength
    )
}

/// The value an earlier node up the control flow already has for `load`.
fn earlier(graph: &Graph, load: NodeId) -> Option<NodeId> {
    let op = graph.op(load);
    let inputs = graph.inputs(load);
    let mut at = *graph.control(load).first()?;
    loop {
        let node = graph.node(at);
        if node.op == *op && node.inputs[..] == *inputs {
            return Some(at);
        }
        match (&node.op, op) {
            (Op::StoreIvar { slot: stored, .. }, Op::LoadIvar { slot })
                if stored == slot && node.inputs[0] == inputs[0] =>
            {
                return Some(node.inputs[1]);
            }
            _ => {}
        }
        if node.op.has_side_effect() || node.op.is_merge() || node.control.len() != 1 {
            return None;
        }
        at = node.control[0];
    }
}

pub fn run(graph: &mut Graph) -> bool {
    let loads: Vec<NodeId> = graph
        .live()
        .filter(|&n| is_load(graph.op(n)) && !graph.control(n).is_empty())
        .collect();
    let mut changed = false;
    for load in loads {
        if graph.is_dead(load) {
            continue;
        }
        if let Some(value) = earlier(graph, load) {
            graph.replace_uses(load, value);
            graph.unlink(load);
            graph.kill(load);
            changed = true;
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `redundant_loads_reads_an_ivar_once` before
    /// redundant_loads: the second shape load and `@side` load reuse the
    /// first ones.
    #[test]
    fn the_root_graph_reads_an_ivar_once() {
        let after = run(
            r"
            v0 = start
            v1 = self
            v2 = load_shape v1 ctrl=v0
            v3 = shape_is(S2) v2
            v4 = state area@2 self=v1 args=[] locals=[] stack=[]
            v5 = guard(shape) v3 state=v4 ctrl=v2
            v6 = load_ivar(0) v1 ctrl=v5
            v7 = load_shape v1 ctrl=v6
            v8 = shape_is(S2) v7
            v9 = state area@3 self=v1 args=[] locals=[] stack=[v6]
            v10 = guard(shape) v8 state=v9 ctrl=v7
            v11 = load_ivar(0) v1 ctrl=v10
            v12 = is_kind(fixnum) v6
            v13 = state area@4 self=v1 args=[] locals=[] stack=[v6, v11]
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
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_shape v1 ctrl=v0
        v3 = shape_is(S2) v2
        v4 = state area@2 self=v1 args=[] locals=[] stack=[]
        v5 = guard(shape) v3 state=v4 ctrl=v2
        v6 = load_ivar(0) v1 ctrl=v5
        v7 = shape_is(S2) v2
        v8 = state area@3 self=v1 args=[] locals=[] stack=[v6]
        v9 = guard(shape) v7 state=v8 ctrl=v6
        v10 = is_kind(fixnum) v6
        v11 = state area@4 self=v1 args=[] locals=[] stack=[v6, v6]
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
        ");
    }

    /// A load of the slot a store just wrote is the value stored.
    #[test]
    fn a_load_after_a_store_reads_the_stored_value() {
        let after = run(
            r"
            v0 = start
            v1 = self
            v2 = load_shape v1 ctrl=v0
            v3 = shape_is(S2) v2
            v4 = arg 0
            v5 = state set_get@3 self=v1 args=[v4] locals=[] stack=[v4]
            v6 = guard(shape) v3 state=v5 ctrl=v2
            v7 = store_ivar(0) v1, v4 state=v5 ctrl=v6
            v8 = load_ivar(0) v1 ctrl=v7
            v9 = return v8 ctrl=v8
            v10 = finish ctrl=[v9]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_shape v1 ctrl=v0
        v3 = shape_is(S2) v2
        v4 = arg 0
        v5 = state set_get@3 self=v1 args=[v4] locals=[] stack=[v4]
        v6 = guard(shape) v3 state=v5 ctrl=v2
        v7 = store_ivar(0) v1, v4 state=v5 ctrl=v6
        v8 = return v4 ctrl=v7
        v9 = finish ctrl=[v8]
        ");
    }

    /// A send may write anything: the load after it stays. Two Array
    /// lengths with nothing between are one.
    #[test]
    fn a_call_between_two_loads_keeps_both() {
        let after = run(
            r"
            v0 = start
            v1 = self
            v2 = load_ivar(0) v1 ctrl=v0
            v3 = state reload@4 self=v1 args=[] locals=[] stack=[v2]
            v4 = send reset(0) v1 state=v3 ctrl=v2
            v5 = load_ivar(0) v1 ctrl=v4
            v6 = array_length v5 ctrl=v5
            v7 = array_length v5 ctrl=v6
            v8 = int_add v6, v7
            v9 = tag_fixnum v8
            v10 = return v9 ctrl=v7
            v11 = finish ctrl=[v10]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_ivar(0) v1 ctrl=v0
        v3 = state reload@4 self=v1 args=[] locals=[] stack=[v2]
        v4 = send reset(0) v1 state=v3 ctrl=v2
        v5 = load_ivar(0) v1 ctrl=v4
        v6 = array_length v5 ctrl=v5
        v7 = int_add v6, v6
        v8 = tag_fixnum v7
        v9 = return v8 ctrl=v6
        v10 = finish ctrl=[v9]
        ");
    }

    /// The search walks up straight-line control only: a shape load after
    /// a merge stays, though both ways in come from the same load.
    #[test]
    fn a_merge_stops_the_search() {
        let after = run(
            r"
            v0 = start
            v1 = self
            v2 = load_shape v1 ctrl=v0
            v3 = arg 0
            v4 = truthy v3
            v5 = state either@3 self=v1 args=[v3] locals=[] stack=[v3]
            v6 = branch v4 state=v5 ctrl=v2
            v7 = if_true ctrl=v6
            v8 = if_false ctrl=v6
            v9 = merge ctrl=[v7, v8]
            v10 = load_shape v1 ctrl=v9
            v11 = int_eq v2, v10
            v12 = bool_to_value v11
            v13 = return v12 ctrl=v10
            v14 = finish ctrl=[v13]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_shape v1 ctrl=v0
        v3 = arg 0
        v4 = truthy v3
        v5 = state either@3 self=v1 args=[v3] locals=[] stack=[v3]
        v6 = branch v4 state=v5 ctrl=v2
        v7 = if_true ctrl=v6
        v8 = if_false ctrl=v6
        v9 = merge ctrl=[v7, v8]
        v10 = load_shape v1 ctrl=v9
        v11 = int_eq v2, v10
        v12 = bool_to_value v11
        v13 = return v12 ctrl=v10
        v14 = finish ctrl=[v13]
        ");
    }
}
