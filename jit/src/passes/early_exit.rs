//! Early-exit inlining: a call the inliner will not inline whole (past the
//! recursion limit, or a callee too big) still gets the callee's guard
//! clause inlined, when the callee starts with one. The clause's cheap
//! side returns in place; its other side makes the call as before.
//!
//! ```text
//! def fib(n)                 caller, at the recursion limit:
//!   if n < 2                   v = send fib(k)
//!     n          ------->
//!   else                       if k < 2 then v = k            (no call)
//!     fib(n - 1) + fib(n - 2)            else v = send fib(k)  (the call)
//!   end
//! end
//! ```
//!
//! Half of the calls of a recursion end in its base case; each of them
//! cost a whole activation (the record, the prologue and epilogue) to
//! compare and return. With the clause inlined, they cost the compare.
//!
//! The callee qualifies when its graph (built and speculated on as for
//! inlining) runs from its start through guards only to a branch, and one
//! side of the branch returns, directly or through the merge that ends the
//! method, with nothing but pure nodes on the way. The other side (the
//! "slow side") is everything else the callee does: it is cut off, and
//! the original call, with its own frame state, takes its place. Nothing
//! before the call has an effect, so the call runs the callee from its
//! start, as it would have without the clause; a guard of the clause that
//! fails resumes the interpreter in the callee's frame, as any guard of
//! inlined code does.

use crate::ir::*;
use crate::passes::inlining::{copy_node, param_value};
use fxhash::{FxHashMap, FxHashSet};

/// Where the callee's graph splits into its clause and its slow side.
pub struct EarlyExit {
    /// The side of the branch that does the callee's real work: the call
    /// is made there.
    slow_head: NodeId,
    /// The nodes of the callee the clause needs (copied into the caller).
    keep: FxHashSet<NodeId>,
    /// The clause's return.
    ret: NodeId,
    /// When both sides meet before returning: the merge, and its
    /// predecessor on the slow side (whose value the call's result takes).
    join: Option<(NodeId, NodeId)>,
}

/// Whether a fixed node may be part of a guard clause: control and guards,
/// nothing with an effect.
fn clause_node(op: &Op) -> bool {
    matches!(
        op,
        Op::Start | Op::Guard(_) | Op::Branch | Op::IfTrue | Op::IfFalse | Op::Merge | Op::Return
    )
}

impl EarlyExit {
    /// The guard clause of `callee`, if it starts with one.
    pub fn find(callee: &Graph) -> Option<EarlyExit> {
        // From the start, through guards, to the first branch.
        let mut at = callee.start;
        loop {
            let successors = callee.successors(at);
            let [next] = successors[..] else {
                return None;
            };
            match callee.op(next) {
                Op::Guard(_) => at = next,
                Op::Branch => {
                    at = next;
                    break;
                }
                _ => return None,
            }
        }
        let sides = callee.successors(at);
        let [first, second] = sides[..] else {
            return None;
        };
        let (cheap, ret, join) =
            [(first, second), (second, first)]
                .into_iter()
                .find_map(|(side, other)| {
                    Self::returns(callee, side, other).map(|(r, j)| (side, r, j))
                })?;
        let slow_head = if cheap == first { second } else { first };
        // The slow side: every fixed node reachable from its head before
        // the join.
        let mut slow = FxHashSet::default();
        let mut work = vec![slow_head];
        while let Some(node) = work.pop() {
            for next in callee.successors(node) {
                if Some(next) == join {
                    continue;
                }
                if next == ret || next == cheap {
                    return None;
                }
                if slow.insert(next) {
                    work.push(next);
                }
            }
        }
        let slow_pred = match join {
            Some(merge) => {
                let preds = callee.control(merge);
                let [a, b] = preds[..] else {
                    return None;
                };
                let other = if a == cheap { b } else { a };
                if !slow.contains(&other) && other != slow_head {
                    return None;
                }
                Some((merge, other))
            }
            None => None,
        };
        // What the clause needs: the return's inputs, back to the start,
        // leaving out the slow side.
        let mut keep = FxHashSet::default();
        let mut work = vec![ret, slow_head];
        while let Some(node) = work.pop() {
            if !keep.insert(node) {
                continue;
            }
            let n = callee.node(node);
            if !n.control.is_empty() && !clause_node(&n.op) && !matches!(n.op, Op::Phi) {
                return None;
            }
            if slow.contains(&node) {
                return None;
            }
            let from_slow = |&input: &NodeId| slow_pred.is_some_and(|(_, pred)| pred == input);
            match (&n.op, slow_pred) {
                (Op::Merge, Some((merge, pred))) if node == merge => {
                    work.extend(n.control.iter().copied().filter(|&c| c != pred));
                }
                (Op::Phi, Some((merge, _))) if n.control[0] == merge => {
                    let position = callee
                        .control(merge)
                        .iter()
                        .position(from_slow)
                        .expect("the slow side meets the merge");
                    work.push(merge);
                    work.extend(
                        n.inputs
                            .iter()
                            .enumerate()
                            .filter(|&(i, _)| i != position)
                            .map(|(_, &input)| input),
                    );
                }
                _ => {
                    work.extend(n.control.iter().copied());
                    work.extend(n.inputs.iter().copied());
                    work.extend(n.state);
                }
            }
        }
        Some(EarlyExit {
            slow_head,
            keep,
            ret,
            join: slow_pred,
        })
    }

    /// Whether branch side `side` returns (`other` being the branch's other
    /// side): straight away, or through the merge that ends the method
    /// returning one of its phis. Gives the return, and the merge.
    fn returns(callee: &Graph, side: NodeId, other: NodeId) -> Option<(NodeId, Option<NodeId>)> {
        let successors = callee.successors(side);
        let [next] = successors[..] else {
            return None;
        };
        match callee.op(next) {
            Op::Return => Some((next, None)),
            Op::Merge => {
                let after = callee.successors(next);
                let [ret] = after[..] else {
                    return None;
                };
                let value = *callee.inputs(ret).first()?;
                let returns_phi = matches!(callee.op(ret), Op::Return)
                    && matches!(callee.op(value), Op::Phi)
                    && callee.control(value) == [next];
                (returns_phi
                    && callee.control(next).len() == 2
                    && !callee.control(next).contains(&other))
                .then_some((ret, Some(next)))
            }
            _ => None,
        }
    }

    /// Copies the clause into `graph` in place of `call`, following
    /// `entry`, with the callee's parameters as `params`, as frame `frame`
    /// (the clause of one callee is copied at each call); the call is made
    /// on the slow side. Where the clause's return and the call meet, a
    /// phi takes the call's value.
    pub fn splice(
        &self,
        graph: &mut Graph,
        callee: &Graph,
        call: NodeId,
        entry: NodeId,
        params: &FxHashMap<Param, NodeId>,
        frame: FrameId,
    ) {
        let continuation = graph.add(Op::Merge, &[], &[], None);
        let result = graph.add(Op::Phi, &[continuation], &[], None);
        let mut map: FxHashMap<NodeId, NodeId> = FxHashMap::default();
        map.insert(callee.start, entry);
        let mut copied = Vec::new();
        let mut ordered: Vec<NodeId> = self.keep.iter().copied().collect();
        ordered.sort();
        for node in ordered {
            if node == callee.start || node == self.ret {
                continue;
            }
            let op = callee.op(node);
            if let Op::Param(param) = op {
                map.insert(node, param_value(graph, params, param));
                continue;
            }
            let op = match op {
                Op::FrameState(info) if info.frame == callee.frame => {
                    Op::FrameState(Box::new(FrameStateInfo {
                        frame,
                        ..(**info).clone()
                    }))
                }
                _ => op.clone(),
            };
            let copy = copy_node(graph, callee, node, op);
            map.insert(node, copy);
            copied.push(node);
        }
        // The call, as it was, on the slow side.
        let (op, inputs, state) = (
            graph.op(call).clone(),
            graph.inputs(call).to_vec(),
            graph.state(call),
        );
        let slow_call = graph.add(op, &[map[&self.slow_head]], &inputs, state);
        let slow_pred = self.join.map(|(_, pred)| pred);
        let translate = |node: NodeId| match slow_pred {
            Some(pred) if pred == node => slow_call,
            _ => map[&node],
        };
        for &node in &copied {
            let copy = map[&node];
            let n = callee.node(node);
            for &c in &n.control {
                graph.push_control(copy, translate(c));
            }
            for (i, &input) in n.inputs.iter().enumerate() {
                // A phi of the join takes the call's value from the slow side.
                let from_slow = matches!(n.op, Op::Phi)
                    && self.join.is_some_and(|(merge, pred)| {
                        n.control[0] == merge && callee.control(merge)[i] == pred
                    });
                graph.push_input(copy, if from_slow { slow_call } else { map[&input] });
            }
            if let Some(state) = n.state {
                graph.set_state(copy, Some(map[&state]));
            }
        }
        let ret = callee.node(self.ret);
        graph.push_control(continuation, map[&ret.control[0]]);
        graph.push_input(result, map[&ret.inputs[0]]);
        if self.join.is_none() {
            graph.push_control(continuation, slow_call);
            graph.push_input(result, slow_call);
        }
        crate::passes::exceptions::forget(graph, call);
        graph.replace_control_uses(call, continuation);
        graph.replace_uses(call, result);
        graph.clear_control(call);
        graph.kill(call);
    }
}
