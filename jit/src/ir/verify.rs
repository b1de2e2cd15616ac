//! The graph verifier: the invariants every pass must keep. It runs after
//! every pass in debug builds and in tests; a failure names the pass that
//! broke the graph and the node.
//!
//! - every edge points at a live node, and the use index agrees with the
//!   edges;
//! - inputs have the types their operations expect (a `branch` tests a
//!   Bool, `fixnum_add` adds Ints, a state is a frame state);
//! - control is well formed: `start` has no predecessor, a merge has at
//!   least one, other fixed nodes exactly one; a branch has one `if_true`
//!   and one `if_false` and nothing else follows it; other nodes have at
//!   most one successor; end nodes have none and `finish` lists exactly the
//!   live ones that are reachable;
//! - a phi hangs off a merge and has one input per predecessor;
//! - nodes that may deoptimise have a frame state whose shape matches its
//!   description;
//! - a value computed on the control flow is used only where its node
//!   dominates the use (for a phi: the matching predecessor).

use crate::ir::dominators::Dominators;
use crate::ir::print::control_order;
use crate::ir::*;

/// What is wrong with a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyError(pub String);

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

macro_rules! ensure {
    ($cond:expr, $($msg:tt)*) => {
        if !$cond {
            return Err(VerifyError(format!($($msg)*)));
        }
    };
}

/// Checks the graph; the first broken invariant is the error.
pub fn verify(graph: &Graph) -> Result<(), VerifyError> {
    edges_and_uses(graph)?;
    let order = control_order(graph);
    let reachable: fxhash::FxHashSet<NodeId> = order.iter().copied().collect();
    for id in graph.live() {
        node(graph, id, &reachable)?;
    }
    let ends: Vec<NodeId> = graph.control(graph.finish).to_vec();
    for &end in &ends {
        ensure!(
            graph.op(end).is_end(),
            "finish lists n{} which is not an end",
            end.0
        );
    }
    for &id in &order {
        if graph.op(id).is_end() {
            ensure!(ends.contains(&id), "end n{} is not listed by finish", id.0);
        }
    }
    dominance(graph, &order)?;
    Ok(())
}

fn edges_and_uses(graph: &Graph) -> Result<(), VerifyError> {
    // The users each node should have, from the edges.
    let mut expected: Vec<Vec<NodeId>> = vec![Vec::new(); graph.capacity()];
    for id in graph.live() {
        let n = graph.node(id);
        for &used in n.control.iter().chain(&n.inputs).chain(n.state.iter()) {
            ensure!(
                (used.0 as usize) < graph.capacity() && !graph.is_dead(used),
                "n{} uses dead or missing node n{}",
                id.0,
                used.0
            );
            expected[used.0 as usize].push(id);
        }
    }
    for id in graph.live() {
        let expected = &mut expected[id.0 as usize];
        expected.sort_unstable();
        let mut listed: Vec<NodeId> = graph.users(id).to_vec();
        listed.sort_unstable();
        ensure!(
            listed == *expected,
            "the use index of n{} lists {listed:?}, the edges say {expected:?}",
            id.0
        );
    }
    Ok(())
}

/// The types an operation expects of its inputs (None: any Value-typed
/// list, checked by the caller).
fn expect_inputs(op: &Op, count: usize) -> Option<Vec<Type>> {
    use Type::*;
    Some(match op {
        Op::Branch | Op::Guard(_) | Op::BoolNot | Op::BoolToValue => vec![Bool],
        Op::Return | Op::NonLocalExit(..) => vec![Value],
        Op::IsKind(_) | Op::IsNil | Op::Truthy | Op::UntagFixnum | Op::UnboxFloat => vec![Value],
        Op::Raised => vec![Value],
        Op::LoadShape | Op::ArrayLength | Op::LoadIvar { .. } | Op::Project(_) => vec![Value],
        Op::LoadIvarNamed(_) => vec![Value],
        Op::StoreIvar { .. } | Op::StoreIvarNamed(_) => vec![Value, Value],
        Op::ArrayLoad => vec![Value, Int],
        Op::StringEq | Op::StringCompare | Op::ArrayPush | Op::IsKindOf | Op::SameValue => {
            vec![Value, Value]
        }
        Op::StringLength => vec![Value],
        Op::StringCharAt => vec![Value, Int],
        Op::NewObject => vec![Value],
        Op::ArrayGet => vec![Value, Int],
        Op::ArrayStore => vec![Value, Int, Value],
        Op::ShapeIs(_) | Op::TagFixnum | Op::IntToFloat => vec![Int],
        Op::Int(_) | Op::IntCmp(_) => vec![Int, Int],
        Op::BoxFloat | Op::FloatSqrt | Op::FloatMath(_) | Op::FloatToInt => vec![Float],
        Op::FloatArith(_) | Op::FloatCmp(_) => vec![Float, Float],
        Op::BlockLiteral { .. } => vec![Value, Value, Value],
        Op::NewEnv { .. } | Op::CaseTarget { .. } => vec![Value],
        Op::Send(_) | Op::Yield { .. } | Op::Insn { .. } | Op::Phi => vec![Value; count],
        Op::Start
        | Op::Finish
        | Op::Merge
        | Op::Loop
        | Op::IfTrue
        | Op::IfFalse
        | Op::Deopt(_)
        | Op::Catch
        | Op::Const(_)
        | Op::Param(_) => vec![],
        Op::FrameState(_) => return None,
    })
}

fn node(
    graph: &Graph,
    id: NodeId,
    reachable: &fxhash::FxHashSet<NodeId>,
) -> Result<(), VerifyError> {
    let n = graph.node(id);
    let what = format!("n{} ({:?})", id.0, n.op);
    // Types of inputs.
    match &n.op {
        Op::FrameState(info) => {
            ensure!(
                n.inputs.len() == info.input_count(),
                "{what}: {} inputs for a state of {}",
                n.inputs.len(),
                info.input_count()
            );
            for (index, &input) in n.inputs.iter().enumerate() {
                let expected = if info.outer && index == 0 {
                    Type::State
                } else {
                    Type::Value
                };
                ensure!(
                    graph.ty(input) == expected,
                    "{what}: input {index} is {:?}, not {expected:?}",
                    graph.ty(input)
                );
            }
        }
        op => {
            let expected = expect_inputs(op, n.inputs.len()).unwrap_or_default();
            ensure!(
                expected.len() == n.inputs.len(),
                "{what}: {} inputs, expected {}",
                n.inputs.len(),
                expected.len()
            );
            for (index, (&input, &ty)) in n.inputs.iter().zip(&expected).enumerate() {
                ensure!(
                    graph.ty(input) == ty,
                    "{what}: input {index} is {:?}, not {ty:?}",
                    graph.ty(input)
                );
            }
        }
    }
    // The frame state.
    if n.op.needs_state() && reachable.contains(&id) {
        let Some(state) = n.state else {
            return Err(VerifyError(format!("{what} has no frame state")));
        };
        ensure!(
            matches!(graph.op(state), Op::FrameState(_)),
            "{what}: its state n{} is not a frame state",
            state.0
        );
    }
    if let Some(state) = n.state {
        ensure!(
            graph.ty(state) == Type::State,
            "{what}: state n{} is not a frame state",
            state.0
        );
    }
    // Control.
    let preds = n.control.len();
    match &n.op {
        Op::Start => ensure!(preds == 0, "{what}: start has predecessors"),
        Op::Finish => {}
        Op::Merge | Op::Loop => ensure!(
            preds >= 1 || !reachable.contains(&id),
            "{what}: a reachable merge without predecessors"
        ),
        Op::Phi => {
            ensure!(preds == 1, "{what}: a phi needs its merge");
            let merge = n.control[0];
            ensure!(
                graph.op(merge).is_merge(),
                "{what}: phi of a non-merge n{}",
                merge.0
            );
            ensure!(
                graph.control(merge).len() == n.inputs.len(),
                "{what}: {} inputs for a merge of {}",
                n.inputs.len(),
                graph.control(merge).len()
            );
        }
        Op::IfTrue | Op::IfFalse if reachable.contains(&id) => {
            ensure!(preds == 1, "{what}: a projection needs its branch");
            ensure!(
                graph.op(n.control[0]) == &Op::Branch,
                "{what}: projection of a non-branch"
            );
        }
        op if op.is_fixed() => ensure!(
            preds == 1 || !reachable.contains(&id),
            "{what}: {preds} control predecessors"
        ),
        // A pure node may be pinned on the control flow, by one edge.
        _ => ensure!(preds <= 1, "{what}: {preds} control predecessors"),
    }
    if reachable.contains(&id) && !matches!(n.op, Op::Finish) {
        let succs = graph.successors(id);
        match &n.op {
            Op::Branch => {
                ensure!(
                    succs.len() == 2,
                    "{what}: a branch with {} successors",
                    succs.len()
                );
                let ops: Vec<&Op> = succs.iter().map(|&s| graph.op(s)).collect();
                ensure!(
                    ops.contains(&&Op::IfTrue) && ops.contains(&&Op::IfFalse),
                    "{what}: a branch needs if_true and if_false"
                );
            }
            op if op.is_end() => {
                ensure!(
                    succs.iter().all(|&s| s == graph.finish),
                    "{what}: an end with successors"
                );
            }
            _ => {
                ensure!(succs.len() <= 1, "{what}: {} successors", succs.len());
                ensure!(
                    succs
                        .iter()
                        .all(|&s| !matches!(graph.op(s), Op::IfTrue | Op::IfFalse)),
                    "{what}: a projection off a non-branch"
                );
            }
        }
        if !n.op.is_end() && !matches!(n.op, Op::Start) && n.op.is_fixed() {
            // Every path goes on somewhere (or ends).
            ensure!(
                !succs.is_empty(),
                "{what}: control stops here without an end"
            );
        }
    }
    Ok(())
}

/// Values made on the control flow are used only where they dominate.
fn dominance(graph: &Graph, order: &[NodeId]) -> Result<(), VerifyError> {
    let idom = Dominators::of(graph, order);
    // The control node each floating node is needed at, found through its
    // users: a floating node may be used from several places, so its fixed
    // inputs must dominate each of them.
    for &user in order {
        check_uses(graph, &idom, user, user)?;
        if graph.op(user).is_merge() {
            for phi in graph.phis(user) {
                for (index, &input) in graph.inputs(phi).iter().enumerate() {
                    let pred = graph.control(user)[index];
                    if !idom.contains(pred) {
                        // An edge from unreachable code, for dead code to cut.
                        continue;
                    }
                    check_value(graph, &idom, input, pred, phi)?;
                }
            }
        }
    }
    Ok(())
}

fn check_uses(
    graph: &Graph,
    idom: &Dominators,
    user: NodeId,
    at: NodeId,
) -> Result<(), VerifyError> {
    let n = graph.node(user);
    for &input in n.inputs.iter().chain(n.state.iter()) {
        check_value(graph, idom, input, at, user)?;
    }
    Ok(())
}

/// `value` is needed at control node `at` (by `user`): a fixed value must
/// dominate it, and a floating one's own inputs likewise.
fn check_value(
    graph: &Graph,
    idom: &Dominators,
    value: NodeId,
    at: NodeId,
    user: NodeId,
) -> Result<(), VerifyError> {
    let mut stack = vec![value];
    let mut seen = fxhash::FxHashSet::default();
    while let Some(v) = stack.pop() {
        if !seen.insert(v) {
            continue;
        }
        let n = graph.node(v);
        if n.op == Op::Phi {
            let merge = n.control[0];
            ensure!(
                idom.dominates(merge, at),
                "n{} ({:?} at n{}) uses phi n{} of merge n{} which does not dominate it",
                user.0,
                graph.op(user),
                at.0,
                v.0,
                merge.0
            );
        } else if !n.control.is_empty() {
            ensure!(
                idom.dominates(v, at),
                "n{} uses n{} ({:?}) where it does not dominate",
                user.0,
                v.0,
                n.op
            );
        } else {
            stack.extend(n.inputs.iter().chain(n.state.iter()));
        }
    }
    Ok(())
}
