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

pub fn run(graph: &mut Graph) -> bool {
    let mut changed = false;
    loop {
        let mut seen: FxHashMap<String, NodeId> = FxHashMap::default();
        let mut round = false;
        let nodes: Vec<NodeId> = graph.live().collect();
        for node in nodes {
            if graph.is_dead(node) {
                continue;
            }
            let op = graph.op(node);
            let numbered = (op.is_pure() && graph.control(node).is_empty()) || op == &Op::Phi;
            if !numbered {
                continue;
            }
            let key = format!(
                "{:?}|{:?}|{:?}|{:?}",
                op,
                graph.inputs(node),
                graph.control(node),
                graph.state(node)
            );
            let key = match op {
                // Distinguish -0.0 and 0.0, which Debug prints alike enough.
                Op::Const(c) => format!("const {:?}", c.key()),
                _ => key,
            };
            match seen.get(&key) {
                Some(&first) => {
                    graph.replace_uses(node, first);
                    graph.kill(node);
                    round = true;
                }
                None => {
                    seen.insert(key, node);
                }
            }
        }
        if !round {
            break;
        }
        changed = true;
    }
    changed
}
