//! Inlining: calls to Ruby methods (user code and the core methods of
//! `rb/`) and `yield`s to literal blocks are replaced by the callee's graph.
//!
//! A send bound to a kind whose method is bytecode, and a `yield` whose
//! block is a literal block of an enclosing inlined frame, are inlined when
//! `inline_policy::decide` says so. The callee's graph is built as a frame
//! of its own (its frame states chain to the caller's, suspended in the
//! call), speculated on with its own profile, and spliced in:
//!
//! ```text
//! caller:   ... -> send times(0) @fixnum {block} -> rest
//! callee:   start -> ... -> return v
//! spliced:  ... -> (callee's body) -> merge [returns] -> rest
//!                                     phi [returned values] replaces the send's value
//! ```
//!
//! The callee's parameters become the call's operands (its block: the
//! call's literal block, or for `f(&block)` that passes the calling frame's
//! block on, the block that frame was given). Its returns meet at
//! a continuation merge after which the caller goes on. A literal block
//! inlined at a `yield` returns to the yield; its `break` leaves the method
//! it was passed to (joining that frame's continuation: the frame that
//! yielded, or, when the `yield` is in an inlined block, that block's home
//! method, as in `def m = [1].each { |x| yield x }`), and its `return`
//! leaves the method that wrote it (its home's continuation, or a real
//! `return` when the home is the compiled method). So non-local exits of
//! inlined blocks become plain control flow.
//!
//! A block with several parameters yielded one value takes an Array's
//! items: the inlined block guards that the value is an Array and loads
//! them (`nil` past its end).
//!
//! A send the policy will not inline whole (past the recursion limit, or a
//! callee too big) may still have the callee's guard clause inlined in
//! front of it (`early_exit.rs`).
//!
//! Inlined code keeps speculating: the spliced callee's own sends are new
//! candidates (up to the policy's depth), and `Integer#times` with its block
//! becomes a loop with the block's body in it.

use crate::builder::{param_count, FrameContext};
use crate::inline_policy::{decide, profiled_size, Decision};
use crate::ir::*;
use crate::passes::early_exit::EarlyExit;
use crate::passes::exceptions;
use crate::runtime::{Callee, Runtime};
use crate::Session;
use bytecode::{call_flags, MethodKind};
use fxhash::FxHashMap;
use std::collections::VecDeque;

/// Callees larger than this are not looked at for a guard clause (the
/// graph of the whole callee is built to find it).
const MAX_EARLY_EXIT_CALLEE_INSNS: usize = 400;

pub fn run(graph: &mut Graph, session: &mut Session) -> bool {
    let mut inliner = Inliner {
        continuations: FxHashMap::default(),
        early_exits: FxHashMap::default(),
        blocks: FxHashMap::default(),
        homes: FxHashMap::default(),
    };
    let mut worklist: VecDeque<NodeId> = graph.live().collect();
    let mut changed = false;
    while let Some(node) = worklist.pop_front() {
        if graph.is_dead(node) || graph.control(node).is_empty() {
            continue;
        }
        let added = match graph.op(node).clone() {
            // A constructor's frame returns its receiver to the `new`,
            // which the interpreter could not resume: it stays a call.
            Op::Send(info) if info.constructor => None,
            Op::Send(info) => inliner.send(graph, session, node, &info),
            Op::Yield {
                argc,
                splat: false,
                kwargs: false,
            } => inliner.yield_block(graph, session, node, argc),
            _ => None,
        };
        if let Some(added) = added {
            worklist.extend(added);
            changed = true;
        }
    }
    changed
}

struct Inliner {
    /// For each inlined frame, where its returns meet: a merge and the phi
    /// of the returned values.
    continuations: FxHashMap<FrameId, (NodeId, NodeId)>,
    /// For each callee looked at for early-exit inlining: its cleaned-up
    /// graph and guard clause (None: it has none). Built once, copied at
    /// each call.
    early_exits: FxHashMap<MethodRef, Option<(Graph, EarlyExit)>>,
    /// For each inlined frame, the block it was given (its `Param::Block`):
    /// what a call in it that passes its block on (`f(&block)`) passes.
    blocks: FxHashMap<FrameId, NodeId>,
    /// For each inlined frame, the method frame a `yield` in it yields
    /// for: its own when it is a method's, its home when it is a block's.
    homes: FxHashMap<FrameId, ExitTarget>,
}

/// The methods of the frames around a call (its state's chain), innermost
/// first.
fn chain(graph: &Graph, state: NodeId) -> Vec<MethodRef> {
    let mut methods = Vec::new();
    let mut current = Some(state);
    while let Some(state) = current {
        let Op::FrameState(info) = graph.op(state) else {
            break;
        };
        methods.push(info.method);
        current = info
            .outer
            .then(|| graph.input(state, 0))
            .filter(|&outer| matches!(graph.op(outer), Op::FrameState(_)));
    }
    methods
}

/// Whether a `return` or `break` of `callee`, inlined at `call`, would
/// leave an `ensure`: the callee's around the exit, or one around the call
/// in a frame the exit leaves (those of the call's state chain, innermost
/// first, up to the frame it returns from or breaks out of). Joined to a
/// continuation, the exit would skip it:
///
/// ```text
/// def score
///   begin
///     1.times { return 5 }   # the block, inlined into `times`, inlined
///   ensure                   # into `score`: its `return` must run the
///     $runs += 1             # ensure before `score` returns
///   end
/// end
/// ```
///
/// Such a call is not inlined: the exit then reaches the frames as a
/// transfer, which compiled code hands to the interpreter's handlers.
fn exit_passes_ensure(rt: &dyn Runtime, graph: &Graph, callee: &Graph, call: NodeId) -> bool {
    let code = rt.code(callee.method);
    callee.control(callee.finish).iter().any(|&end| {
        let Op::NonLocalExit(ExitTarget::Frame(to), ip) = *callee.op(end) else {
            return false;
        };
        if code.handler_at(ip as usize, false).is_some() {
            return true;
        }
        let mut current = graph.state(call);
        while let Some(state) = current {
            let Op::FrameState(info) = graph.op(state) else {
                break;
            };
            if rt
                .code(info.method)
                .handler_at(info.ip as usize, false)
                .is_some()
            {
                return true;
            }
            if info.frame == to {
                break;
            }
            current = info.outer.then(|| graph.input(state, 0));
        }
        false
    })
}

/// A copy of `state` with `pop` operands fewer: the caller's frame as it
/// waits in the call (the callee's receiver and arguments are the callee's
/// now), or as a call that raised left it (`exceptions::hand_down`).
pub(crate) fn suspended(graph: &mut Graph, state: NodeId, pop: usize) -> NodeId {
    let Op::FrameState(info) = graph.op(state).clone() else {
        unreachable!("calls have frame states")
    };
    let mut info = *info;
    info.stack -= pop as u32;
    let inputs: Vec<NodeId> = graph.inputs(state).to_vec();
    let kept = &inputs[..inputs.len() - pop];
    graph.add(Op::FrameState(Box::new(info)), &[], kept, None)
}

/// What a callee's parameter is in the caller: the call's operand, or for
/// `has_arg` (a parameter not in `params`) true, the arguments being all
/// given.
/// The receiver and argument parameters of a callee of `code` called by
/// send `info` with `inputs` (the receiver first): its arguments, `UNDEF`
/// in the slots of optional parameters not given (which a rebuilt frame
/// shows the interpreter) with `has_arg` false for them; a laid-out send's
/// inputs are the slots themselves, `UNDEF` where not given.
fn argument_params(
    graph: &mut Graph,
    info: &SendInfo,
    code: &bytecode::Method,
    inputs: &[NodeId],
) -> FxHashMap<Param, NodeId> {
    let mut params: FxHashMap<Param, NodeId> = FxHashMap::default();
    params.insert(Param::SelfValue, inputs[0]);
    let undef = graph.constant(Const::Value(bytecode::abi::UNDEF));
    let not_given = graph.constant(Const::Value(bytecode::abi::FALSE));
    let given = if info.laid_out {
        inputs.len() as u32 - 1
    } else {
        info.argc
    };
    for n in 0..given {
        let value = inputs[1 + n as usize];
        params.insert(Param::Arg(n), value);
        if graph.as_const(value) == Some(Const::Value(bytecode::abi::UNDEF)) {
            params.insert(Param::HasArg(n), not_given);
        }
    }
    if !info.laid_out {
        for n in info.argc..code.required + code.optional {
            params.insert(Param::Arg(n), undef);
            params.insert(Param::HasArg(n), not_given);
        }
    }
    params
}

pub(crate) fn param_value(
    graph: &mut Graph,
    params: &FxHashMap<Param, NodeId>,
    param: &Param,
) -> NodeId {
    params
        .get(param)
        .copied()
        .unwrap_or_else(|| graph.constant(Const::Value(bytecode::abi::TRUE)))
}

/// Adds to `graph` a copy of callee node `node` with operation `op`, as
/// uncommon as the original; its edges are added once every node is copied.
pub(crate) fn copy_node(graph: &mut Graph, callee: &Graph, node: NodeId, op: Op) -> NodeId {
    let copy = graph.add(op, &[], &[], None);
    if callee.is_uncommon(node) {
        graph.mark_uncommon(copy);
    }
    copy
}

/// How deep in inlined frames a call is whose frames are `around`
/// (innermost first). Blocks do not count: an iterator inlined with its
/// block is one level.
fn inlined_depth(session: &Session, around: &[MethodRef]) -> usize {
    around
        .iter()
        .skip(1)
        .filter(|&&method| session.rt.code(method).kind != MethodKind::Block)
        .count()
}

/// The block a call passes: the literal block's method, if it is one, and
/// whether it is the caller's own block passed on (`f(&block)`).
#[derive(Clone, Copy, Default)]
struct Passing {
    literal: Option<MethodRef>,
    forwards: bool,
}

/// Asks the policy whether to inline `method` at a call with frame state
/// `state` (`plain`: its arguments need no laying out; `passing`: the
/// block it is passed), and counts the answer. A literal block at
/// a `yield` (`method` is a block) is code of the method that wrote it,
/// already in the graph's frames: it is inlined whatever its size.
///
/// A method already on the chain is recursion (the policy unrolls it
/// once), unless it is passed a literal block that is not: an iterator
/// nested in its own block's caller (`rows.each { |row| row.each { ... } }`)
/// runs other code.
fn judge(
    graph: &Graph,
    session: &mut Session,
    code: &bytecode::Method,
    method: MethodRef,
    state: NodeId,
    plain: bool,
    passing: Passing,
) -> Decision {
    let around = chain(graph, state);
    let depth = inlined_depth(session, &around);
    let decision = if plain {
        let size = (code.kind != MethodKind::Block)
            .then(|| profiled_size(code, |index| session.rt.branch_profile(method, index)));
        decide(
            code,
            size,
            depth,
            graph.live_count(),
            if passing.literal.is_none_or(|block| around.contains(&block)) {
                // A split shares its original's code: recursion too.
                around
                    .iter()
                    .filter(|&&m| m == method || std::ptr::eq(&*session.rt.code(m), code))
                    .count()
            } else {
                0
            },
            session.rt.reads_last_match(method),
            passing.forwards,
        )
    } else {
        Decision::Arguments
    };
    session.stats.count_inlining(decision);
    decision
}

impl Inliner {
    fn send(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        node: NodeId,
        info: &SendInfo,
    ) -> Option<Vec<NodeId>> {
        let kind = info.receiver_kind?;
        let Some(Callee::Bytecode(method)) =
            session.rt.lookup(info.method, kind, info.name, info.flags)
        else {
            return None;
        };
        let method = session.rt.split_at(info.method, info.site, method);
        let code = session.rt.code(method);
        let state = graph.state(node)?;
        // `f(&block)` of a frame's own block parameter passes that frame's
        // block on: the callee gets the node the frame has for it.
        let forwarded = if info.flags & call_flags::BLOCK_FORWARD != 0 {
            Some(self.frame_block(graph, state)?)
        } else {
            None
        };
        let plain = if info.laid_out {
            // Literal keywords in the callee's slots (keyword_arguments).
            let passes = call_flags::NOT_PLAIN & !call_flags::KEYWORD_OPERANDS;
            info.flags & passes & !call_flags::BLOCK_FORWARD == 0
        } else {
            info.flags & call_flags::NOT_PLAIN & !call_flags::BLOCK_FORWARD == 0
                && code.kind == MethodKind::Method
                && code.takes_positionally(info.argc)
        };
        let passed = match forwarded {
            Some(block) => Some(block),
            None => info.block.and_then(|_| graph.inputs(node).last().copied()),
        };
        let literal = passed.and_then(|block| match graph.op(block) {
            Op::BlockLiteral { method, .. } => Some(*method),
            _ => None,
        });
        let passing = Passing {
            literal,
            forwards: forwarded.is_some(),
        };
        match judge(graph, session, &code, method, state, plain, passing) {
            Decision::Inline => {}
            // Past the recursion limit, or too big to inline whole: the
            // callee's guard clause may still be (see `early_exit`).
            Decision::Recursive | Decision::TooBig
                if plain
                    && info.block.is_none()
                    && forwarded.is_none()
                    && !code.has_env
                    && code.insns.len() <= MAX_EARLY_EXIT_CALLEE_INSNS =>
            {
                return self.early_exit(graph, session, node, info, method);
            }
            _ => return None,
        }
        let frame = session.new_frame();
        let context = FrameContext {
            frame,
            inlined: true,
            break_target: ExitTarget::BlockCreator,
            home: ExitTarget::BlockHome,
        };
        let callee = session.callee_graph(method, context)?;
        if exit_passes_ensure(session.rt, graph, &callee, node) {
            session.stats.uncount_inlining(Decision::Inline);
            session.stats.count_inlining(Decision::ExitThroughEnsure);
            return None;
        }
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        let operands = 1 + info.argc as usize;
        let block = match forwarded {
            Some(block) => block,
            None if info.block.is_some() => inputs[operands],
            None => graph.constant(Const::Value(bytecode::abi::NIL)),
        };
        self.blocks.insert(frame, block);
        self.homes.insert(frame, ExitTarget::Frame(frame));
        let caller = suspended(graph, state, operands);
        let mut params = argument_params(graph, info, &code, &inputs);
        params.insert(Param::Block, block);
        params.insert(Param::CallerState, caller);
        let entry = graph.control(node)[0];
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        let (entry, env) = self.env(graph, entry, method, code.has_env, nil);
        params.insert(Param::Env, env);
        Some(self.splice(graph, session.rt, &callee, node, (entry, params), frame))
    }

    /// A call not inlined whole: inlines the callee's guard clause, if it
    /// starts with one, and makes the call only past it (see
    /// [`crate::passes::early_exit`]). Returns the new nodes, the call
    /// left out: it is not inlined again.
    fn early_exit(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        node: NodeId,
        info: &SendInfo,
        method: MethodRef,
    ) -> Option<Vec<NodeId>> {
        let state = graph.state(node)?;
        let frame = session.new_frame();
        let (callee, exit) = self
            .early_exits
            .entry(method)
            .or_insert_with(|| {
                let context = FrameContext {
                    frame,
                    inlined: true,
                    break_target: ExitTarget::BlockCreator,
                    home: ExitTarget::BlockHome,
                };
                let mut callee = session.callee_graph(method, context)?;
                crate::simplify(&mut callee);
                let exit = EarlyExit::find(&callee)?;
                Some((callee, exit))
            })
            .as_ref()?;
        *session.stats.inlining.entry("early exit").or_default() += 1;
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        let mut params = argument_params(graph, info, &session.rt.code(method), &inputs);
        params.insert(Param::Block, nil);
        params.insert(Param::Env, nil);
        params.insert(
            Param::CallerState,
            suspended(graph, state, 1 + info.argc as usize),
        );
        let entry = graph.control(node)[0];
        let before = graph.capacity();
        let landing = exceptions::landing_of(graph, node);
        exit.splice(graph, callee, node, entry, &params, frame);
        if let Some(landing) = landing {
            let added: Vec<NodeId> = (before as u32..graph.capacity() as u32)
                .map(NodeId)
                .collect();
            exceptions::hand_down(graph, session.rt, landing, &added);
        }
        Some(
            (before as u32..graph.capacity() as u32)
                .map(NodeId)
                .filter(|&n| !graph.is_dead(n) && !matches!(graph.op(n), Op::Send(_)))
                .collect(),
        )
    }

    fn yield_block(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        node: NodeId,
        argc: u32,
    ) -> Option<Vec<NodeId>> {
        let block = graph.input(node, 0);
        let Op::BlockLiteral { method, home } = *graph.op(block) else {
            return None;
        };
        let state = graph.state(node)?;
        let Op::FrameState(yielding) = graph.op(state) else {
            return None;
        };
        let break_target = self.method_of(graph, session, yielding.frame)?;
        let code = session.rt.code(method);
        let params_wanted = param_count(&code);
        // One argument for several parameters: an Array's items (guarded).
        let splat = argc == 1 && params_wanted > 1 && code.auto_splat;
        // `|*xs|` or `|a, *xs|`: the arguments after the required ones
        // gathered into a new Array (unless one Array argument would be
        // spread over the parameters).
        let gathers = code.rest
            && code.optional == 0
            && code.post == 0
            && !code.takes_keywords()
            && !(argc == 1 && code.auto_splat);
        let plain = code.kind == MethodKind::Block
            && (!code.needs_arg_layout() || gathers)
            && !(splat && crate::passes::speculation_failed(graph, session.rt, node));
        if judge(
            graph,
            session,
            &code,
            method,
            state,
            plain,
            Passing::default(),
        ) != Decision::Inline
        {
            return None;
        }
        let frame = session.new_frame();
        let context = FrameContext {
            frame,
            inlined: true,
            break_target,
            home,
        };
        let callee = session.callee_graph(method, context)?;
        if exit_passes_ensure(session.rt, graph, &callee, node) {
            session.stats.uncount_inlining(Decision::Inline);
            session.stats.count_inlining(Decision::ExitThroughEnsure);
            return None;
        }
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        let (receiver, outer_env, outer_block) = (
            graph.input(block, 0),
            graph.input(block, 1),
            graph.input(block, 2),
        );
        let caller = suspended(graph, state, argc as usize);
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        let mut entry = graph.control(node)[0];
        let args: Vec<NodeId> = if splat {
            let array_kind = session.rt.array_kind();
            let array = inputs[1];
            let test = graph.add(Op::IsKind(array_kind), &[], &[array], None);
            let reason = GuardReason::Kind(array_kind);
            entry = graph.add(Op::Guard(reason), &[entry], &[test], Some(state));
            (0..params_wanted)
                .map(|n| {
                    let index = graph.constant(Const::Int(n.into()));
                    entry = graph.add(Op::ArrayGet, &[entry], &[array, index], None);
                    entry
                })
                .collect()
        } else if gathers {
            let lead = code.required as usize;
            let mut args: Vec<NodeId> = (0..lead)
                .map(|n| inputs.get(1 + n).copied().unwrap_or(nil))
                .collect();
            let rest = inputs.get(1 + lead..).unwrap_or_default();
            let Op::FrameState(at) = graph.op(state) else {
                unreachable!("checked above")
            };
            let gather = Op::Insn {
                insn: bytecode::Insn::NewArray(rest.len() as u32),
                method: at.method,
                ip: at.ip,
            };
            entry = graph.add(gather, &[entry], rest, None);
            args.push(entry);
            args
        } else {
            (0..params_wanted)
                .map(|n| inputs.get(1 + n as usize).copied().unwrap_or(nil))
                .collect()
        };
        let mut params: FxHashMap<Param, NodeId> = FxHashMap::default();
        params.insert(Param::SelfValue, receiver);
        for (n, arg) in args.into_iter().enumerate() {
            params.insert(Param::Arg(n as u32), arg);
        }
        params.insert(Param::Block, outer_block);
        self.blocks.insert(frame, outer_block);
        self.homes.insert(frame, home);
        params.insert(Param::CallerState, caller);
        let (entry, env) = self.env(graph, entry, method, code.has_env, outer_env);
        params.insert(Param::Env, env);
        Some(self.splice(graph, session.rt, &callee, node, (entry, params), frame))
    }

    /// The method frame a `yield` made in `frame` yields for: `frame`
    /// itself when it is a method's, else the home of the inlined block it
    /// is. A `break` in the block yielded to ends that frame's call. None
    /// when it is not a frame of this compilation.
    fn method_of(&self, graph: &Graph, session: &Session, frame: FrameId) -> Option<ExitTarget> {
        if frame == graph.frame {
            let root = session.rt.code(graph.method);
            return (root.kind != MethodKind::Block).then_some(ExitTarget::Frame(frame));
        }
        match self.homes.get(&frame)? {
            home @ ExitTarget::Frame(_) => Some(*home),
            _ => None,
        }
    }

    /// The block of the frame a call with frame state `state` is made in:
    /// the compiled method's own (its parameter), or the one an inlined
    /// frame was given. None for a frame inlined before this pass (an
    /// early exit's), whose block is not at hand.
    fn frame_block(&self, graph: &mut Graph, state: NodeId) -> Option<NodeId> {
        let Op::FrameState(info) = graph.op(state) else {
            return None;
        };
        let frame = info.frame;
        if frame != graph.frame {
            return self.blocks.get(&frame).copied();
        }
        let own = graph
            .live()
            .find(|&node| matches!(graph.op(node), Op::Param(Param::Block)));
        Some(own.unwrap_or_else(|| graph.add(Op::Param(Param::Block), &[], &[], None)))
    }

    /// The environment of an inlined frame: a new one after `entry` when
    /// its locals are captured, else the enclosing one.
    fn env(
        &mut self,
        graph: &mut Graph,
        entry: NodeId,
        method: MethodRef,
        has_env: bool,
        parent: NodeId,
    ) -> (NodeId, NodeId) {
        if !has_env {
            return (entry, parent);
        }
        let env = graph.add(Op::NewEnv { method }, &[entry], &[parent], None);
        (env, env)
    }

    /// Copies `callee` into `graph` in place of `call`, its body following
    /// `entry`, its parameters `params`; returns the new nodes. A landing
    /// pad of the call is handed down to the callee's calls (see
    /// `exceptions`).
    fn splice(
        &mut self,
        graph: &mut Graph,
        rt: &dyn Runtime,
        callee: &Graph,
        call: NodeId,
        (entry, params): (NodeId, FxHashMap<Param, NodeId>),
        frame: FrameId,
    ) -> Vec<NodeId> {
        let continuation = graph.add(Op::Merge, &[], &[], None);
        let result = graph.add(Op::Phi, &[continuation], &[], None);
        self.continuations.insert(frame, (continuation, result));
        let mut map: FxHashMap<NodeId, NodeId> = FxHashMap::default();
        map.insert(callee.start, entry);
        let ends: Vec<NodeId> = callee.control(callee.finish).to_vec();
        let mut added = Vec::new();
        for node in callee.live() {
            if node == callee.start || node == callee.finish {
                continue;
            }
            let op = callee.op(node);
            if let Op::Param(param) = op {
                map.insert(node, param_value(graph, &params, param));
                continue;
            }
            if matches!(op, Op::Return | Op::NonLocalExit(..)) {
                continue;
            }
            let copy = copy_node(graph, callee, node, op.clone());
            map.insert(node, copy);
            added.push(node);
        }
        let new_nodes: Vec<NodeId> = added.iter().map(|n| map[n]).collect();
        for &node in &added {
            let copy = map[&node];
            let n = callee.node(node);
            for c in &n.control {
                graph.push_control(copy, map[c]);
            }
            for i in &n.inputs {
                graph.push_input(copy, map[i]);
            }
            if let Some(state) = n.state {
                graph.set_state(copy, Some(map[&state]));
            }
        }
        for end in ends {
            let n = callee.node(end);
            let pred = n.control.first().map(|c| map[c]);
            match &n.op {
                Op::Return => {
                    let pred = pred.expect("an end has a predecessor");
                    graph.push_control(continuation, pred);
                    graph.push_input(result, map[&n.inputs[0]]);
                }
                Op::NonLocalExit(target, _) => {
                    let pred = pred.expect("an end has a predecessor");
                    let value = map[&n.inputs[0]];
                    let joined = match target {
                        ExitTarget::Frame(to) => self.continuations.get(to).copied(),
                        _ => None,
                    };
                    if let Some((merge, phi)) = joined {
                        graph.push_control(merge, pred);
                        graph.push_input(phi, value);
                    } else {
                        let op = match target {
                            ExitTarget::Frame(to) if *to == graph.frame => Op::Return,
                            _ => n.op.clone(),
                        };
                        let exit = graph.add(op, &[pred], &[value], None);
                        graph.add_end(exit);
                    }
                }
                _ => graph.add_end(map[&end]),
            }
        }
        if let Some(landing) = exceptions::landing_of(graph, call) {
            exceptions::hand_down(graph, rt, landing, &new_nodes);
            exceptions::forget(graph, call);
        }
        graph.replace_control_uses(call, continuation);
        graph.replace_uses(call, result);
        graph.clear_control(call);
        graph.kill(call);
        new_nodes
    }
}
