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
