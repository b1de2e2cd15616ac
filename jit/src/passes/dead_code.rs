//! Dead code: what no path from `start` reaches, and values nothing needs.
//!
//! After the deoptimise pass cuts an uncommon path off its branch, the path
//! hangs from nothing: its nodes, its end nodes in `finish`, and its edges
//! into merges all go here.
//!
//! ```text
//! v4 = merge ctrl=[v2, v3]     v3 unreachable      v4 = merge ctrl=[v2]
//! v5 = phi v1, v9              ------------->      v5 = phi v1
//! ```
//!
//! (The merge with one predecessor left is the no-choice-phis pass's.) Then
//! values are kept only if a reachable fixed node uses them, directly or
//! through other values.

use crate::ir::print::control_order;
use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let order = control_order(graph);
    let mut reachable = vec![false; graph.capacity()];
    for &n in &order {
        reachable[n.0 as usize] = true;
    }
    let mut changed = false;
    // Edges from unreachable code into reachable merges (and finish).
    for &node in &order {
        if !graph.op(node).is_merge() && node != graph.finish {
            continue;
        }
        let phis = graph.phis(node);
        let mut index = 0;
        while index < graph.control(node).len() {
            let pred = graph.control(node)[index];
            if reachable[pred.0 as usize] {
                index += 1;
                continue;
            }
            graph.remove_control(node, index);
            for &phi in &phis {
                graph.remove_input(phi, index);
            }
            changed = true;
        }
    }
    // Live values: everything reachable fixed nodes use.
    let mut live = reachable.clone();
    let mut stack: Vec<NodeId> = order.clone();
    while let Some(node) = stack.pop() {
        let n = graph.node(node);
        let used = n
            .inputs
            .iter()
            .chain(n.state.iter())
            .chain(if matches!(n.op, Op::Phi) {
                n.control.iter()
            } else {
                [].iter()
            });
        for &input in used {
            if !live[input.0 as usize] {
                live[input.0 as usize] = true;
                stack.push(input);
            }
        }
    }
    // Pinned pure nodes nobody uses come off the chain.
    for &node in &order {
        if !graph.op(node).is_pure() {
            continue;
        }
        let used_as_value = graph
            .users(node)
            .iter()
            .any(|&u| graph.inputs(u).contains(&node) || graph.state(u) == Some(node));
        if !used_as_value {
            graph.unlink(node);
            live[node.0 as usize] = false;
            changed = true;
        }
    }
    let dead: Vec<NodeId> = graph
        .live()
        .filter(|&n| !live[n.0 as usize] && n != graph.finish && n != graph.start)
        .collect();
    if !dead.is_empty() {
        graph.kill_all(&dead);
        changed = true;
    }
    changed
}
