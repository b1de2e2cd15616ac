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
        Op::ShapeIs(_) => GuardReason::Shape,
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

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `deoptimise_prunes_the_uncommon_fallback` before
    /// deoptimise: the kind test's branch becomes a guard, and the generic
    /// send is cut off (the root's dump names it `v?16`: here it is node
    /// 8, the arena being laid out from the text).
    #[test]
    fn the_uncommon_fallback_becomes_a_guard() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 2
            v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
            v6 = branch v2 state=v5 ctrl=v0
            v7 = if_false ctrl=v6 (uncommon)
            v8 = send *(1) v1, v4 state=v5 ctrl=v7
            v9 = if_true ctrl=v6
            v10 = is_kind(fixnum) v4
            v11 = guard(kind fixnum) v10 state=v5 ctrl=v9
            v12 = untag_fixnum v1 ctrl=v11
            v13 = untag_fixnum v4 ctrl=v12
            v14 = fixnum_mul v12, v13 state=v5 ctrl=v13
            v15 = tag_fixnum v14 ctrl=v14
            v16 = merge ctrl=[v15, v8]
            v17 = phi v15, v8 ctrl=v16
            v18 = return v17 ctrl=v16
            v19 = finish ctrl=[v18]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = const 2
        v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = is_kind(fixnum) v4
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1 ctrl=v8
        v10 = untag_fixnum v4 ctrl=v9
        v11 = fixnum_mul v9, v10 state=v5 ctrl=v10
        v12 = tag_fixnum v11 ctrl=v11
        v13 = merge ctrl=[v12, v?8]
        v14 = phi v12, v?8 ctrl=v13
        v15 = return v14 ctrl=v13
        v16 = finish ctrl=[v15]
        ");
    }

    /// An uncommon send (one the profile never saw run) becomes a
    /// `deopt(never ran)` with its frame state.
    #[test]
    fn a_send_that_never_ran_deoptimises() {
        let after = run(
            r"
            v0 = start
            v1 = self
            v2 = arg 0
            v3 = state log_it@4 self=v1 args=[v2] locals=[] stack=[v1, v2]
            v4 = send log(1) v1, v2 state=v3 ctrl=v0 (uncommon)
            v5 = return v4 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = arg 0
        v3 = state log_it@4 self=v1 args=[v2] locals=[] stack=[v1, v2]
        v4 = deopt(never ran) state=v3 ctrl=v0
        v5 = finish ctrl=[v?5, v4]
        ");
    }

    /// When the `if_true` side is the rare one, the guard checks the
    /// negated condition (a `guard(branch)`, not a kind guard).
    #[test]
    fn an_uncommon_true_side_guards_the_negation() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_nil v1
            v3 = self
            v4 = state or_zero@3 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = branch v2 state=v4 ctrl=v0
            v6 = if_true ctrl=v5 (uncommon)
            v7 = const 0
            v8 = return v7 ctrl=v6
            v9 = if_false ctrl=v5
            v10 = return v1 ctrl=v9
            v11 = finish ctrl=[v8, v10]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_nil v1
        v3 = bool_not v2
        v4 = self
        v5 = state or_zero@3 self=v4 args=[v1] locals=[] stack=[v1]
        v6 = guard(branch) v3 state=v5 ctrl=v0
        v7 = return v1 ctrl=v6
        v8 = finish ctrl=[v?8, v7]
        ");
    }

    /// An uncommon instruction becomes a `deopt` naming it.
    #[test]
    fn an_uncommon_instruction_deoptimises_as_unsupported() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = self
            v3 = state show@5 self=v2 args=[v1] locals=[] stack=[v1]
            v4 = insn tostring v1 state=v3 ctrl=v0 (uncommon)
            v5 = return v4 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = arg 0
        v3 = state show@5 self=v1 args=[v2] locals=[] stack=[v2]
        v4 = deopt(unsupported tostring) state=v3 ctrl=v0
        v5 = finish ctrl=[v?5, v4]
        ");
    }
}
