//! No-choice phis: a phi whose inputs are all one value (or itself, around
//! a loop) is that value; a merge left with one predecessor is no merge.
//!
//! ```text
//! v7 = loop ctrl=[v0, v12]              v7 = loop ctrl=[v0, v12]
//! v8 = phi v3, v8        ---------->    (uses of v8 use v3)
//! ```
//!
//! The builder gives loop headers a phi for every live local before it
//! knows what the back edges bring, and pruning uncommon paths leaves
//! merges with one way in: this pass tidies up after both.

use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let mut changed = false;
    loop {
        let mut round = false;
        let phis: Vec<NodeId> = graph
            .live()
            .filter(|&n| matches!(graph.op(n), Op::Phi))
            .collect();
        for phi in phis {
            if graph.is_dead(phi) {
                continue;
            }
            let mut only: Option<NodeId> = None;
            let mut choice = false;
            for &input in graph.inputs(phi) {
                if input == phi || Some(input) == only {
                    continue;
                }
                if only.is_some() {
                    choice = true;
                    break;
                }
                only = Some(input);
            }
            if choice {
                continue;
            }
            if let Some(value) = only {
                graph.replace_uses(phi, value);
                graph.kill(phi);
                round = true;
            }
        }
        let merges: Vec<NodeId> = graph
            .live()
            .filter(|&n| graph.op(n).is_merge() && graph.control(n).len() == 1)
            .collect();
        for merge in merges {
            if !graph.phis(merge).is_empty() {
                continue;
            }
            graph.unlink(merge);
            graph.kill(merge);
            round = true;
        }
        if !round {
            break;
        }
        changed = true;
    }
    changed
}
