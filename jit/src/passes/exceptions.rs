//! Exceptions: a `rescue` clause as a landing pad in the graph.
//!
//! A call inside a range that a `rescue` protects may come back with
//! `UNDEF` and a transfer pending: an exception, or a `break` or `throw`
//! passing through. The builder gives such a call an exceptional
//! successor, so the clause runs compiled like any other code:
//!
//! ```ruby
//! def parse(s)
//!   Integer(s)
//! rescue ArgumentError
//!   0
//! end
//! ```
//!
//! ```text
//! v6  = send Integer(1) v2, v1 state=v5 ctrl=v4
//! v7  = raised v6                      # UNDEF: a transfer is pending
//! v9  = branch v7 state=v8 ctrl=v6
//! v10 = if_true ctrl=v9
//! v11 = catch state=v8 ctrl=v10        # the exception ($! set)
//! v12 = if_false ctrl=v9               # the call returned: go on
//! ...                                  # the clause, from v11 on its stack:
//!                                      # rescue_match, its body, `retry`
//! ```
//!
//! The calls of one protected range all arrive at their clause's merge,
//! the exception a phi of their `catch`es. An `ensure` clause gets the
//! exception as pending instead (`pending=[v11]` in its states: a
//! deoptimisation inside it gives the interpreter's frame that pending
//! transfer), and its `end_ensure` is a `reraise` of it. A `catch` takes only an
//! exception: any other transfer (which only an `ensure` could stop) goes
//! to the interpreter with the frames of the `catch`'s state, as a call
//! without a landing pad does.
//!
//! Passes that replace a call keep its landing pad. Inlining hands it down
//! to every call of the callee (and of the blocks inlined into it) that
//! an exception could leave the callee from: each gets a `catch` of its
//! own, whose state names the inlined frames, arriving at the same clause.
//! Inline caching, which splits a send by kind, gives each copy the
//! send's landing pad ([`hand_down`]).
//!
//! A call inside a protected range without a landing pad (in a `rescue`
//! clause's range that never ran while the method was profiled, an
//! `ensure` clause's that a jump may leave, or made by a pass that could
//! not hand one down) keeps lowering's
//! `transfer`: the interpreter's handlers run. A missing landing pad is
//! slower, never wrong.

use crate::ir::*;
use crate::runtime::Runtime;
use bytecode::{call_flags, Insn};

/// Whether `node` is a call that may come back with a transfer pending
/// (lowered as a call of the runtime that returns `UNDEF` then). A
/// destructuring is not: its parts are loaded from its result at once.
pub fn leaves_pending(graph: &Graph, node: NodeId) -> bool {
    if graph.state(node).is_none() || graph.control(node).is_empty() {
        return false;
    }
    match graph.op(node) {
        Op::Send(_) | Op::Yield { .. } => true,
        Op::Insn { insn, .. } => !matches!(
            insn,
            Insn::LoadEnv { .. }
                | Insn::StoreEnv { .. }
                | Insn::Push(_)
                | Insn::GetGlobal(_)
                | Insn::Destructure { .. }
        ),
        _ => false,
    }
}

/// How many operands the instruction of call `node` pops off its frame's
/// stack (the top of its state's stack).
fn popped(graph: &Graph, node: NodeId) -> usize {
    match graph.op(node) {
        Op::Send(info) => call_flags::popped(info.argc, info.flags),
        Op::Yield { .. } => graph.inputs(node).len() - 1,
        _ => graph.inputs(node).len(),
    }
}

/// How many operands the innermost frame of `state` holds.
fn frame_stack(graph: &Graph, state: NodeId) -> usize {
    match graph.op(state) {
        Op::FrameState(info) => info.stack as usize,
        _ => 0,
    }
}

/// Gives `call` an exceptional successor: a `raised` branch right after
/// it, whose false side takes over the call's successors. Returns the
/// `catch` on the true side (with `state`: the frames a transfer that is
/// not an exception goes to the interpreter with) and the false side.
pub fn catch_after(graph: &mut Graph, call: NodeId, state: NodeId) -> (NodeId, NodeId) {
    let successors = graph.successors(call);
    let raised = graph.add(Op::Raised, &[], &[call], None);
    let branch = graph.add(Op::Branch, &[call], &[raised], Some(state));
    let if_true = graph.add(Op::IfTrue, &[branch], &[], None);
    let if_false = graph.add(Op::IfFalse, &[branch], &[], None);
    for succ in successors {
        for (index, &pred) in graph.control(succ).to_vec().iter().enumerate() {
            if pred == call {
                graph.set_control(succ, index, if_false);
            }
        }
    }
    let catch = graph.add(Op::Catch, &[if_true], &[], Some(state));
    (catch, if_false)
}

/// The `catch` of `call`'s landing pad, if it has one.
pub fn catch_of(graph: &Graph, call: NodeId) -> Option<NodeId> {
    graph
        .users(call)
        .iter()
        .filter(|&&raised| matches!(graph.op(raised), Op::Raised))
        .flat_map(|&raised| graph.users(raised).iter())
        .filter(|&&branch| matches!(graph.op(branch), Op::Branch))
        .flat_map(|&branch| graph.successors(branch))
        .filter(|&side| matches!(graph.op(side), Op::IfTrue))
        .flat_map(|side| graph.successors(side))
        .find(|&catch| matches!(graph.op(catch), Op::Catch))
}

/// The merge a `catch` arrives at, made when the clause has no merge yet
/// (one arrival): every use of the exception then goes through a phi of
/// it.
fn landing_merge(graph: &mut Graph, catch: NodeId) -> NodeId {
    if let [merge] = graph.successors(catch)[..] {
        if matches!(graph.op(merge), Op::Merge) {
            return merge;
        }
    }
    let merge = graph.add(Op::Merge, &[], &[], None);
    graph.insert_after(catch, merge);
    let phi = graph.add(Op::Phi, &[merge], &[], None);
    graph.replace_uses(catch, phi);
    graph.push_input(phi, catch);
    merge
}

/// Makes each of `arrivals` (`catch`es) arrive where `catch` does, with
/// the same frame: each phi of the clause's merge takes, for a new
/// arrival, what it takes from `catch` (the arrival itself for the
/// exception).
fn arrive_with(graph: &mut Graph, catch: NodeId, arrivals: &[NodeId]) {
    let merge = landing_merge(graph, catch);
    let index = graph
        .control(merge)
        .iter()
        .position(|&pred| pred == catch)
        .expect("the catch arrives at its merge");
    let phis = graph.phis(merge);
    for &arrival in arrivals {
        graph.push_control(merge, arrival);
        for &phi in &phis {
            let value = graph.input(phi, index);
            let value = if value == catch { arrival } else { value };
            graph.push_input(phi, value);
        }
    }
}

/// `call`'s landing pad is no longer its own (the call is replaced, after
/// [`hand_down`]): its `raised` test is false, and constant folding
/// removes the path.
pub fn forget(graph: &mut Graph, call: NodeId) {
    let raised: Vec<NodeId> = graph
        .users(call)
        .iter()
        .copied()
        .filter(|&user| matches!(graph.op(user), Op::Raised))
        .collect();
    if raised.is_empty() {
        return;
    }
    let no = graph.constant(Const::Bool(false));
    for test in raised {
        graph.replace_uses(test, no);
    }
}

/// A call's landing pad: its `catch`, and the frame whose handler the
/// clause is.
#[derive(Clone, Copy, Debug)]
pub struct Landing {
    catch: NodeId,
    frame: FrameId,
}

/// `call`'s landing pad, if it has one (taken before a pass replaces the
/// call, for [`hand_down`]).
pub fn landing_of(graph: &Graph, call: NodeId) -> Option<Landing> {
    let catch = catch_of(graph, call)?;
    match graph.op(graph.state(catch)?) {
        Op::FrameState(info) => Some(Landing {
            catch,
            frame: info.frame,
        }),
        _ => None,
    }
}

/// `nodes` run in place of the call whose landing pad is `landing` (the
/// calls of an inlined callee or of its guard clause, the copies of a send
/// split by kind, an intrinsic's expansion): each of them that may leave a
/// transfer pending, with no handler of its own between it and the
/// clause's frame, gets a `catch` arriving at the same clause.
pub fn hand_down(graph: &mut Graph, rt: &dyn Runtime, landing: Landing, nodes: &[NodeId]) {
    if graph.is_dead(landing.catch) {
        return;
    }
    let mut arrivals = Vec::new();
    for &node in nodes {
        if graph.is_dead(node)
            || !leaves_pending(graph, node)
            || catch_of(graph, node).is_some()
            || handled_before(graph, rt, node, landing.frame)
        {
            continue;
        }
        let state = graph
            .state(node)
            .expect("a call that may raise has a state");
        let pop = popped(graph, node).min(frame_stack(graph, state));
        let state = crate::passes::inlining::suspended(graph, state, pop);
        arrivals.push(catch_after(graph, node, state).0);
    }
    if !arrivals.is_empty() {
        arrive_with(graph, landing.catch, &arrivals);
    }
}

/// Whether a frame around `node`, inside `frame` (which is not looked
/// at), has a handler at its index: the exception must stop there first.
fn handled_before(graph: &Graph, rt: &dyn Runtime, node: NodeId, frame: FrameId) -> bool {
    let mut current = graph.state(node);
    while let Some(state) = current {
        let Op::FrameState(info) = graph.op(state) else {
            return true;
        };
        if info.frame == frame {
            return false;
        }
        if rt
            .code(info.method)
            .handler_at(info.ip as usize, true)
            .is_some()
        {
            return true;
        }
        current = info.outer.then(|| graph.input(state, 0));
    }
    // The chain ended without reaching the frame: not a callee of it.
    true
}
