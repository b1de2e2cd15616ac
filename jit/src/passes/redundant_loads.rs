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
    matches!(op, Op::LoadShape | Op::LoadIvar { .. } | Op::ArrayLength)
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
