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
