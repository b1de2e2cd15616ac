//! Deoptimise: prune every uncommon path into a transfer to the
//! interpreter (seed 004).
//!
//! A branch one of whose sides is uncommon becomes a guard: it checks the
//! condition and deoptimises when it fails, and the code of the uncommon
//! side is gone. The guard takes the branch's frame state, so a failure
//! resumes the interpreter at the branch itself, which then goes the rare
//! way. Any other uncommon node (a send that never ran) becomes a
//! `deopt` with the node's own frame state.
//!
//! ```text
//! v5 = branch v4 state=v3 ctrl=v0              v5 = guard(kind fixnum) v4 state=v3 ctrl=v0
//! v6 = if_true ctrl=v5            ------->     v7 = fixnum_add ... ctrl=v5
//! v7 = fixnum_add ... ctrl=v6
//! v8 = if_false ctrl=v5 (uncommon)
//! v9 = send +(1) ... ctrl=v8
//! ```
//!
//! The pruned path never comes back, so the merge where it rejoined has one
//! predecessor fewer and its phis one input fewer (dead code), and a merge
//! left with one predecessor goes with its phis (no-choice phis): the code
//! after the guard sees only what the common path produces.

use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let uncommon: Vec<NodeId> = graph
        .live()
        .filter(|&n| graph.is_uncommon(n) && !graph.control(n).is_empty())
        .collect();
    let mut changed = false;
    for node in uncommon {
        if graph.is_dead(node) || graph.control(node).is_empty() {
            continue;
        }
        match graph.op(node) {
            Op::IfTrue | Op::IfFalse => {
                let branch = graph.control(node)[0];
                let other = graph
                    .successors(branch)
                    .into_iter()
                    .find(|&s| s != node)
                    .expect("a branch has two sides");
                if graph.is_uncommon(other) {
                    // Both sides rare: nothing to prefer.
                    continue;
                }
                prune_branch(graph, branch, node, other);
            }
            _ => {
                let pred = graph.control(node)[0];
                let state = graph.state(node);
                let reason = match graph.op(node) {
                    Op::Send(_) => DeoptReason::NeverRan,
                    op => DeoptReason::Unsupported(match op {
                        Op::Insn { insn, .. } => insn.mnemonic(),
                        _ => "node",
                    }),
                };
                let deopt = graph.add(Op::Deopt(reason), &[pred], &[], state);
                graph.add_end(deopt);
                graph.clear_control(node);
            }
        }
        changed = true;
    }
    changed
}

/// Turns `branch` into a guard that the `common` side's condition holds.
fn prune_branch(graph: &mut Graph, branch: NodeId, rare: NodeId, common: NodeId) {
    let cond = graph.input(branch, 0);
    let pred = graph.control(branch)[0];
    let state = graph.state(branch);
    let reason = match graph.op(cond) {
        Op::IsKind(kind) => GuardReason::Kind(*kind),
        _ => GuardReason::Branch,
    };
    let cond = if graph.op(common) == &Op::IfTrue {
        cond
    } else {
        graph.add(Op::BoolNot, &[], &[cond], None)
    };
    let guard = graph.add(Op::Guard(reason), &[pred], &[cond], state);
    graph.replace_control_uses(common, guard);
    graph.kill(common);
    graph.clear_control(rare);
    graph.clear_control(branch);
    graph.kill(branch);
}
