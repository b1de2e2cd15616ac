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
