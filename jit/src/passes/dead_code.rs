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
//! through other values, and the parts of a destructuring the runtime
//! makes (`a, _ = pair`: the `_` part unused) all stay with it: the
//! interpreter, resuming after the instruction, finds every part on the
//! stack.

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
        // Every part of a destructuring stays, used or not: a
        // deoptimisation after it puts them all back on the stack.
        if matches!(
            n.op,
            Op::Insn {
                insn: bytecode::Insn::Destructure { .. },
                ..
            }
        ) {
            for &part in graph.users(node) {
                if matches!(graph.op(part), Op::Project(_)) && !live[part.0 as usize] {
                    live[part.0 as usize] = true;
                    stack.push(part);
                }
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

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `dead_code_drops_the_pruned_path` before dead_code: the
    /// edge from the pruned fallback (`v?18`) leaves the merge and its
    /// phi.
    #[test]
    fn the_pruned_path_leaves_the_merge() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 2
            v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = const bool true
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1
            v10 = const int 2
            v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
            v12 = merge ctrl=[v11, v?16]
            v13 = phi v15, v?16 ctrl=v12
            v14 = return v13 ctrl=v12
            v15 = tag_fixnum v11
            v16 = finish ctrl=[v14]
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
        v7 = const bool true
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1
        v10 = const int 2
        v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
        v12 = merge ctrl=[v11]
        v13 = phi v15 ctrl=v12
        v14 = return v13 ctrl=v12
        v15 = tag_fixnum v11
        v16 = finish ctrl=[v14]
        ");
    }

    /// A pure node pinned on the control flow that nothing uses comes off
    /// it and goes.
    #[test]
    fn an_unused_pinned_value_goes() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = untag_fixnum v1 ctrl=v0
            v3 = return v1 ctrl=v2
            v4 = finish ctrl=[v3]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = return v1 ctrl=v0
        v3 = finish ctrl=[v2]
        ");
    }

    /// An end `finish` lists but no path reaches (`v?9`, the `return` of
    /// a side canonicalise cut off) leaves `finish`.
    #[test]
    fn an_unreachable_end_leaves_finish() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = return v1 ctrl=v0
            v3 = finish ctrl=[v2, v?9]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = return v1 ctrl=v0
        v3 = finish ctrl=[v2]
        ");
    }
}
