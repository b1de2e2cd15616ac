//! The graph verifier: the invariants every pass must keep. It runs after
//! every pass that changed the graph, in debug builds and in tests; a
//! failure names the pass that broke the graph and the node.
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
use std::fmt;

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

/// How an error names a node: `n12 (Send(...))`. Formatted only when an
/// error is reported (the verifier runs after every pass in debug builds,
/// and formatting every node's operation made it the compiler's hot spot).
struct NodeLabel<'a>(NodeId, &'a Op);

impl fmt::Display for NodeLabel<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{} ({:?})", self.0 .0, self.1)
    }
}

fn node(
    graph: &Graph,
    id: NodeId,
    reachable: &fxhash::FxHashSet<NodeId>,
) -> Result<(), VerifyError> {
    let n = graph.node(id);
    let what = NodeLabel(id, &n.op);
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
    let mut anchors = Anchors {
        graph,
        idom: &idom,
        found: fxhash::FxHashMap::default(),
    };
    // The control node each floating node is needed at, found through its
    // users: a floating node may be used from several places, so its fixed
    // inputs must dominate each of them.
    for &user in order {
        let n = graph.node(user);
        for &input in n.inputs.iter().chain(n.state.iter()) {
            anchors.check_use(input, user, user)?;
        }
        if graph.op(user).is_merge() {
            for phi in graph.phis(user) {
                for (index, &input) in graph.inputs(phi).iter().enumerate() {
                    let pred = graph.control(user)[index];
                    if !idom.contains(pred) {
                        // An edge from unreachable code, for dead code to cut.
                        continue;
                    }
                    anchors.check_use(input, pred, phi)?;
                }
            }
        }
    }
    Ok(())
}

/// The control node a value is tied to: a fixed node is tied to itself, a
/// phi to its merge, and a floating node to the deepest anchor among its
/// inputs (all of which must lie on one chain of the dominator tree, or
/// no place could compute it). A value may be used at control node `at`
/// only if its anchor dominates `at`.
#[derive(Clone, Copy)]
struct Anchor {
    control: NodeId,
    /// The fixed node or phi the anchor comes from.
    via: NodeId,
}

/// The anchors of the values seen so far. Each floating node's anchor is
/// found once, so checking every use costs time linear in the graph
/// (walking a use's floating inputs afresh each time, frame states
/// included, made the verifier quadratic).
struct Anchors<'a> {
    graph: &'a Graph,
    idom: &'a Dominators,
    /// `None` while a node's inputs are being visited; then its anchor
    /// (`None` inside: a value that depends on no control node).
    found: fxhash::FxHashMap<NodeId, Option<Option<Anchor>>>,
}

impl Anchors<'_> {
    /// `value` is needed at control node `at` by `user`.
    fn check_use(&mut self, value: NodeId, at: NodeId, user: NodeId) -> Result<(), VerifyError> {
        let Some(anchor) = self.anchor(value)? else {
            return Ok(());
        };
        let graph = self.graph;
        ensure!(
            self.idom.dominates(anchor.control, at),
            "n{} ({:?} at n{}) uses n{} ({:?}), whose control n{} does not dominate it",
            user.0,
            graph.op(user),
            at.0,
            anchor.via.0,
            graph.op(anchor.via),
            anchor.control.0
        );
        Ok(())
    }

    /// The anchor of `value`, found depth-first without recursion (chains
    /// of frame states are deep).
    fn anchor(&mut self, value: NodeId) -> Result<Option<Anchor>, VerifyError> {
        let mut stack = vec![(value, false)];
        while let Some((id, inputs_done)) = stack.pop() {
            if !inputs_done && self.found.contains_key(&id) {
                // Done, or still being visited: then it is an input of
                // one of its own inputs.
                ensure!(
                    self.found[&id].is_some(),
                    "n{} ({:?}) depends on itself",
                    id.0,
                    self.graph.op(id)
                );
                continue;
            }
            let n = self.graph.node(id);
            let anchor = if n.op == Op::Phi {
                Some(Anchor {
                    control: n.control[0],
                    via: id,
                })
            } else if !n.control.is_empty() {
                Some(Anchor {
                    control: id,
                    via: id,
                })
            } else if !inputs_done {
                self.found.insert(id, None);
                stack.push((id, true));
                for &input in n.inputs.iter().chain(n.state.iter()) {
                    if !matches!(self.found.get(&input), Some(Some(_))) {
                        stack.push((input, false));
                    }
                }
                continue;
            } else {
                let mut deepest: Option<Anchor> = None;
                for &input in n.inputs.iter().chain(n.state.iter()) {
                    let Some(Some(next)) = self.found[&input] else {
                        continue;
                    };
                    deepest = Some(match deepest {
                        None => next,
                        Some(so_far) if self.idom.dominates(so_far.control, next.control) => next,
                        Some(so_far) if self.idom.dominates(next.control, so_far.control) => so_far,
                        Some(so_far) => {
                            return Err(VerifyError(format!(
                                "n{} ({:?}) uses n{} and n{}, and neither's control dominates the other's",
                                id.0,
                                n.op,
                                so_far.via.0,
                                next.via.0
                            )))
                        }
                    });
                }
                deepest
            };
            self.found.insert(id, Some(anchor));
        }
        Ok(self.found[&value].expect("found"))
    }
}

#[cfg(test)]
mod tests {
    use super::verify;
    use crate::ir::parse::parse;
    use crate::test_runtime::TestRuntime;

    /// A graph with a branch on its argument: the `if_true` arm reads the
    /// length of an Array (a value made on the control flow, `v7`), the
    /// `if_false` arm reads one too (`v9`) and then loads the element at
    /// index `index_in_false_arm`, and the merge after them returns
    /// `returned`.
    fn verify_two_arms(index_in_false_arm: &str, returned: &str) -> Result<(), String> {
        let text = format!(
            "
            v0 = start
            v1 = arg 0
            v2 = truthy v1
            v3 = self
            v4 = state m@0 self=v3 args=[v1] locals=[] stack=[]
            v5 = branch v2 state=v4 ctrl=v0
            v6 = if_true ctrl=v5
            v7 = array_length v1 ctrl=v6
            v8 = if_false ctrl=v5
            v9 = array_length v1 ctrl=v8
            v10 = int_add v7, v7
            v11 = tag_fixnum v10
            v12 = int_add v7, v9
            v13 = tag_fixnum v12
            v14 = tag_fixnum v7
            v15 = array_load v1, {index_in_false_arm} ctrl=v9
            v16 = merge ctrl=[v7, v15]
            v17 = phi v14, v1 ctrl=v16
            v18 = return {returned} ctrl=v16
            v19 = finish ctrl=[v18]
            v20 = untag_fixnum v17
            "
        );
        let rt = TestRuntime::new();
        let graph = parse(&text, &rt).unwrap_or_else(|error| panic!("{error}"));
        verify(&graph).map_err(|error| error.to_string())
    }

    #[test]
    fn values_used_where_they_dominate_verify() {
        assert_eq!(verify_two_arms("v9", "v17"), Ok(()));
    }

    #[test]
    fn a_value_of_the_other_arm_is_rejected_through_floating_nodes() {
        let error = verify_two_arms("v10", "v17").unwrap_err();
        assert!(
            error.contains("ArrayLength") && error.contains("does not dominate"),
            "{error}"
        );
    }

    #[test]
    fn a_value_of_one_arm_is_rejected_after_the_merge() {
        let error = verify_two_arms("v9", "v14").unwrap_err();
        assert!(error.contains("does not dominate"), "{error}");
    }

    #[test]
    fn a_value_made_of_both_arms_is_rejected() {
        let error = verify_two_arms("v9", "v13").unwrap_err();
        assert!(error.contains("neither's control dominates"), "{error}");
    }

    #[test]
    fn a_phi_is_rejected_before_its_merge() {
        let error = verify_two_arms("v20", "v17").unwrap_err();
        assert!(
            error.contains("Phi") && error.contains("does not dominate"),
            "{error}"
        );
    }
}
