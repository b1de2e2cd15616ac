//! Canonicalise: rewrite nodes into the simplest equivalent form, so that
//! other passes have fewer shapes to recognise.
//!
//! - A branch on a constant goes one way: the other side is cut off.
//! - A guard of `true` never fails and goes; a guard of `false` always
//!   fails and becomes a `deopt`.
//! - `bool_not(bool_not(x))` is `x`; a comparison with its constant on the
//!   left is turned round; `x + 0`, `x - 0`, `x * 1` are `x`.
//! - A non-local exit that leaves the compiled method itself is a `return`.
//!
//! ```text
//! v6 = guard(branch) v5 ctrl=v4        (v5 = const bool true)
//! v7 = send ... ctrl=v6      ------->  v7 = send ... ctrl=v4
//! ```

use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let nodes: Vec<NodeId> = graph.live().collect();
    let mut changed = false;
    for node in nodes {
        if graph.is_dead(node) {
            continue;
        }
        changed |= match graph.op(node).clone() {
            Op::Branch => branch(graph, node),
            Op::Guard(_) => guard(graph, node),
            Op::BoolNot => {
                let input = graph.input(node, 0);
                if graph.op(input) == &Op::BoolNot {
                    let inner = graph.input(input, 0);
                    graph.replace_uses(node, inner);
                    true
                } else {
                    false
                }
            }
            Op::IntCmp(cmp) | Op::FloatCmp(cmp) => {
                let (a, b) = (graph.input(node, 0), graph.input(node, 1));
                if graph.as_const(a).is_some() && graph.as_const(b).is_none() {
                    let swapped = match graph.op(node) {
                        Op::IntCmp(_) => Op::IntCmp(cmp.swapped()),
                        _ => Op::FloatCmp(cmp.swapped()),
                    };
                    graph.set_op(node, swapped);
                    graph.set_input(node, 0, b);
                    graph.set_input(node, 1, a);
                    true
                } else {
                    false
                }
            }
            Op::Int(op) => identity(graph, node, op),
            Op::NonLocalExit(ExitTarget::Frame(frame), _) if frame == graph.frame => {
                graph.set_op(node, Op::Return);
                true
            }
            _ => false,
        };
    }
    changed
}

fn branch(graph: &mut Graph, node: NodeId) -> bool {
    let Some(Const::Bool(taken)) = graph.as_const(graph.input(node, 0)) else {
        return false;
    };
    let pred = graph.control(node)[0];
    let succs = graph.successors(node);
    let (going, gone): (Vec<NodeId>, Vec<NodeId>) = succs
        .into_iter()
        .partition(|&s| (graph.op(s) == &Op::IfTrue) == taken);
    for side in going {
        graph.replace_control_uses(side, pred);
        graph.kill(side);
    }
    for side in gone {
        graph.clear_control(side);
    }
    graph.clear_control(node);
    graph.kill(node);
    true
}

fn guard(graph: &mut Graph, node: NodeId) -> bool {
    match graph.as_const(graph.input(node, 0)) {
        Some(Const::Bool(true)) => {
            graph.unlink(node);
            graph.kill(node);
            true
        }
        Some(Const::Bool(false)) => {
            let pred = graph.control(node)[0];
            let state = graph.state(node);
            let deopt = graph.add(
                Op::Deopt(DeoptReason::GuardAlwaysFails),
                &[pred],
                &[],
                state,
            );
            graph.add_end(deopt);
            // What followed the guard is unreachable now.
            graph.clear_control(node);
            true
        }
        _ => false,
    }
}

/// `x + 0`, `x - 0`, `x * 1`, `x / 1`: `x`, with nothing to check.
fn identity(graph: &mut Graph, node: NodeId, op: IntOp) -> bool {
    let (a, b) = (graph.input(node, 0), graph.input(node, 1));
    let (a, b) = match (graph.as_const(a), graph.as_const(b)) {
        (Some(_), None) if op.is_commutative() => (b, a),
        _ => (a, b),
    };
    let unit = match op {
        IntOp::Add
        | IntOp::Sub
        | IntOp::AddInRange
        | IntOp::SubInRange
        | IntOp::Or
        | IntOp::Xor => 0,
        IntOp::Mul | IntOp::Div => 1,
        _ => return false,
    };
    if graph.as_const(b) != Some(Const::Int(unit)) {
        return false;
    }
    graph.replace_uses(node, a);
    if !graph.control(node).is_empty() {
        graph.unlink(node);
    }
    graph.set_state(node, None);
    true
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `canonicalise_drops_guards_of_true_and_double_negations`
    /// before canonicalise: the guard of `const bool true` goes, and the
    /// branch on `bool_not(bool_not(c))` tests `c`.
    #[test]
    fn guards_of_true_go_and_double_negations_cancel() {
        let after = run(
            r"
            v0 = start
            v1 = const bool true
            v2 = self
            v3 = const 1
            v4 = const 2
            v5 = state pick@4 self=v2 args=[] locals=[] stack=[v3, v4]
            v6 = guard(kind fixnum) v1 state=v5 ctrl=v0
            v7 = merge ctrl=[v6]
            v8 = phi v18 ctrl=v7
            v9 = truthy v8
            v10 = bool_not v9
            v11 = bool_not v10
            v12 = bool_to_value v10
            v13 = state pick@9 self=v2 args=[] locals=[] stack=[v12]
            v14 = guard(branch) v11 state=v13 ctrl=v7
            v15 = merge ctrl=[v14]
            v16 = phi v19 ctrl=v15
            v17 = return v16 ctrl=v15
            v18 = const true
            v19 = const :yes
            v20 = finish ctrl=[v17]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = merge ctrl=[v0]
        v2 = phi v12 ctrl=v1
        v3 = truthy v2
        v4 = self
        v5 = bool_not v3
        v6 = bool_to_value v5
        v7 = state pick@9 self=v4 args=[] locals=[] stack=[v6]
        v8 = guard(branch) v3 state=v7 ctrl=v1
        v9 = merge ctrl=[v8]
        v10 = phi v13 ctrl=v9
        v11 = return v10 ctrl=v9
        v12 = const true
        v13 = const :yes
        v14 = finish ctrl=[v11]
        ");
    }

    /// A branch on `const bool true` goes: its `if_true` side follows
    /// `start`, and the `if_false` side hangs from nothing (its `return`,
    /// still listed by `finish`, is for dead code).
    #[test]
    fn a_branch_on_a_constant_goes_one_way() {
        let after = run(
            r"
            v0 = start
            v1 = const bool true
            v2 = self
            v3 = arg 0
            v4 = state pick@3 self=v2 args=[v3] locals=[] stack=[v3]
            v5 = branch v1 state=v4 ctrl=v0
            v6 = if_true ctrl=v5
            v7 = return v3 ctrl=v6
            v8 = if_false ctrl=v5
            v9 = const nil
            v10 = return v9 ctrl=v8
            v11 = finish ctrl=[v7, v10]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = return v1 ctrl=v0
        v3 = finish ctrl=[v2, v?10]
        ");
    }

    /// A guard of `const bool false` always fails: a `deopt` with its state
    /// takes its place, and what followed it is cut off.
    #[test]
    fn a_guard_of_false_always_deoptimises() {
        let after = run(
            r"
            v0 = start
            v1 = const bool false
            v2 = self
            v3 = state never@2 self=v2 args=[] locals=[] stack=[]
            v4 = guard(branch) v1 state=v3 ctrl=v0
            v5 = return v2 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = state never@2 self=v1 args=[] locals=[] stack=[]
        v3 = deopt(guard always fails) state=v2 ctrl=v0
        v4 = finish ctrl=[v?5, v3]
        ");
    }

    /// `10 < x` is turned round into `x > 10`.
    #[test]
    fn a_constant_goes_to_the_right_of_a_comparison() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = state big@4 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
            v6 = const int 10
            v7 = untag_fixnum v1
            v8 = int_lt v6, v7
            v9 = bool_to_value v8
            v10 = return v9 ctrl=v5
            v11 = finish ctrl=[v10]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = state big@4 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
        v6 = untag_fixnum v1
        v7 = const int 10
        v8 = int_gt v6, v7
        v9 = bool_to_value v8
        v10 = return v9 ctrl=v5
        v11 = finish ctrl=[v10]
        ");
    }

    /// `x + 0` is `x`: the checked add leaves the control flow and its uses
    /// use `x`.
    #[test]
    fn adding_zero_is_the_value() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 0
            v5 = state plus_zero@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = untag_fixnum v1
            v8 = const int 0
            v9 = fixnum_add v7, v8 state=v5 ctrl=v6
            v10 = tag_fixnum v9
            v11 = return v10 ctrl=v9
            v12 = finish ctrl=[v11]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = const 0
        v5 = state plus_zero@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = untag_fixnum v1
        v8 = tag_fixnum v7
        v9 = return v8 ctrl=v6
        v10 = finish ctrl=[v9]
        ");
    }

    /// A non-local exit to the compiled method's own frame (frame 1) is a
    /// plain `return`.
    #[test]
    fn an_exit_from_the_compiled_frame_is_a_return() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = exit(frame 1) v1 ctrl=v0
            v3 = finish ctrl=[v2]
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
