//! Graph construction: bytecode -> basic blocks -> graph.
//!
//! The builder runs the stack machine abstractly. Instead of values it keeps,
//! for each local and each operand slot, the node that computes it; an
//! instruction turns its operand nodes into new nodes. Basic blocks are
//! visited in reverse post-order, so every forward predecessor of a block is
//! done before it: where several meet, a `merge` (a `loop` at a loop header)
//! joins them, with a `phi` for each local and operand that differs. A loop
//! header gets phis for every live local before its back edges are seen;
//! the back edges fill them in, and the no-choice-phis pass removes those
//! that turn out to carry one value.
//!
//! ```text
//!  8  branch   12       v9  = branch v8          (truthy(cond))
//!  9  ...               v10 = if_false v9  -> block at 9
//! 12  ...               v11 = if_true v9   -> block at 12
//! ```
//!
//! Every node that may deoptimise gets the frame state of the instruction it
//! comes from, taken *before* the instruction pops its operands: a guard
//! that fails there resumes the interpreter at that instruction, which runs
//! it again in full. Branches the profile never saw go one way mark that
//! side `uncommon`.
//!
//! Instructions compiled code does not implement become `deopt` nodes, and
//! so do paths after them: compiled code is never wrong, at worst it leaves
//! early.
//!
//! A `rescue` clause that ran while the method was profiled is built like
//! any other block: each call inside the range it protects gets an
//! exceptional successor (a `catch`) arriving at the clause with the frame
//! as it was at the call, its operand stack cut to the handler's depth and
//! the exception pushed (see `passes::exceptions`). So is an `ensure`
//! clause that no jump leaves: the exception is pending in the frame
//! while the clause runs (its states name it), and `end_ensure` raises it
//! again. A call inside another protected range hands its frame back to
//! the interpreter when it raises, and the interpreter's handlers run.

use crate::ir::*;
use crate::liveness::Liveness;
use crate::passes::exceptions;
use crate::runtime::Runtime;
use bytecode::{HandlerKind, Insn, Literal, Method, MethodKind};
use fxhash::FxHashMap;
use std::ops::ControlFlow;
use std::rc::Rc;

/// Where the frame being built sits in the compilation.
#[derive(Clone, Copy, Debug)]
pub struct FrameContext {
    pub frame: FrameId,
    /// Built for inlining: frame states chain to `Param::CallerState`.
    pub inlined: bool,
    /// Where `break` in this frame (a block) goes.
    pub break_target: ExitTarget,
    /// Where `return` in this frame (a block) goes.
    pub home: ExitTarget,
}

impl FrameContext {
    /// The context of the method a compilation starts from.
    pub fn root(frame: FrameId) -> FrameContext {
        FrameContext {
            frame,
            inlined: false,
            break_target: ExitTarget::BlockCreator,
            home: ExitTarget::BlockHome,
        }
    }
}

/// How many arguments a frame of `code` holds (after the runtime laid them
/// out): its parameter slots.
pub fn param_count(code: &Method) -> u32 {
    if code.needs_arg_layout() {
        code.positional_slots() + code.keywords.len() as u32 + u32::from(code.keyword_rest)
    } else {
        code.required + code.post
    }
}

/// The abstract frame at one point: the node of each local and operand,
/// and of each exception an `ensure` clause being run raises again at its
/// end (`pending`, innermost last).
#[derive(Clone, Debug)]
struct Frame {
    control: NodeId,
    locals: Vec<NodeId>,
    pending: Vec<NodeId>,
    stack: Vec<NodeId>,
}

impl Frame {
    /// Every slot's node: locals, pending exceptions, operands (the order
    /// of a loop header's phis).
    fn slots(&self) -> impl Iterator<Item = &NodeId> {
        self.locals.iter().chain(&self.pending).chain(&self.stack)
    }
}

struct Block {
    start: usize,
    end: usize,
}

/// A `rescue` or `ensure` clause built into the graph: where it starts,
/// the operand stack's depth there, how many exceptions are pending there
/// (the `ensure` clauses whose code its protected range is in), and what
/// it does with an exception.
#[derive(Clone, Copy)]
struct Clause {
    target: usize,
    depth: usize,
    pending: usize,
    kind: HandlerKind,
}

/// Why a method cannot be built.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BuildError {
    /// A method with no instructions (never happens for compiled Ruby).
    Empty,
    /// An on-stack replacement asked for at an index that starts no block.
    NotALoopHeader,
}

/// Builds the graph of `method`.
pub fn build(
    rt: &dyn Runtime,
    method: MethodRef,
    context: FrameContext,
) -> Result<Graph, BuildError> {
    build_from(rt, method, context, None)
}

/// Builds the graph of `method` entered by on-stack replacement at the loop
/// header `ip`, with `depth` operands on the stack there: the graph starts
/// at the header, its locals and operands parameters (what the
/// interpreter's frame holds), and has only the code reachable from there.
pub fn build_osr(
    rt: &dyn Runtime,
    method: MethodRef,
    context: FrameContext,
    ip: u32,
    depth: u32,
) -> Result<Graph, BuildError> {
    build_from(rt, method, context, Some((ip, depth)))
}

fn build_from(
    rt: &dyn Runtime,
    method: MethodRef,
    context: FrameContext,
    osr: Option<(u32, u32)>,
) -> Result<Graph, BuildError> {
    let code = rt.code(method);
    if code.insns.is_empty() {
        return Err(BuildError::Empty);
    }
    let mut builder = Builder {
        rt,
        method,
        liveness: Liveness::compute(&code),
        graph: Graph::new(method, context.frame),
        code,
        context,
        params: FxHashMap::default(),
        nil: None,
        landings: Vec::new(),
    };
    builder.graph.osr_entry = osr.map(|(ip, _)| ip);
    if let Some((ip, _)) = osr {
        if !builder.blocks().iter().any(|b| b.start == ip as usize) {
            return Err(BuildError::NotALoopHeader);
        }
    }
    builder.run(osr);
    Ok(builder.graph)
}

struct Builder<'a> {
    rt: &'a dyn Runtime,
    method: MethodRef,
    code: Rc<Method>,
    context: FrameContext,
    liveness: Liveness,
    graph: Graph,
    params: FxHashMap<Param, NodeId>,
    nil: Option<NodeId>,
    /// The arrivals at clauses (the clause's first index and the
    /// frame a `catch` brings) made by the block being translated.
    landings: Vec<(usize, Frame)>,
}

impl Builder<'_> {
    fn param(&mut self, param: Param) -> NodeId {
        if let Some(&node) = self.params.get(&param) {
            return node;
        }
        let node = self.graph.add(Op::Param(param), &[], &[], None);
        self.params.insert(param, node);
        node
    }

    fn nil(&mut self) -> NodeId {
        if let Some(nil) = self.nil {
            return nil;
        }
        let nil = self.graph.constant(Const::Value(bytecode::abi::NIL));
        self.nil = Some(nil);
        nil
    }

    /// The basic blocks, by first instruction.
    fn blocks(&self) -> Vec<Block> {
        let insns = &self.code.insns;
        let mut leader = vec![false; insns.len() + 1];
        leader[0] = true;
        for (ip, insn) in insns.iter().enumerate() {
            let targets = self.jump_targets(insn);
            for &target in &targets {
                leader[target] = true;
            }
            if !targets.is_empty() || insn.ends_flow() {
                leader[ip + 1] = true;
            }
        }
        let starts: Vec<usize> = (0..insns.len()).filter(|&ip| leader[ip]).collect();
        starts
            .iter()
            .enumerate()
            .map(|(i, &start)| Block {
                start,
                end: starts.get(i + 1).copied().unwrap_or(insns.len()),
            })
            .collect()
    }

    fn block_successors(&self, block: &Block) -> Vec<usize> {
        let last = &self.code.insns[block.end - 1];
        let mut out = self.jump_targets(last);
        if !last.ends_flow() && block.end < self.code.insns.len() && !out.contains(&block.end) {
            out.push(block.end);
        }
        out
    }

    /// Where an instruction jumps: a jump's or branch's target, or each
    /// target of a `casedispatch`'s table (which ends its block, see
    /// [`Builder::case_dispatch`]).
    fn jump_targets(&self, insn: &Insn) -> Vec<usize> {
        match *insn {
            Insn::CaseDispatch(table) => self.code.case_tables[table as usize]
                .targets()
                .into_iter()
                .map(|target| target as usize)
                .collect(),
            _ => insn
                .target()
                .map(|target| target as usize)
                .into_iter()
                .collect(),
        }
    }

    fn run(&mut self, osr: Option<(u32, u32)>) {
        let blocks = self.blocks();
        let index_of: FxHashMap<usize, usize> = blocks
            .iter()
            .enumerate()
            .map(|(i, b)| (b.start, i))
            .collect();
        let succs: Vec<Vec<usize>> = blocks
            .iter()
            .map(|b| {
                let mut succs: Vec<usize> = self
                    .block_successors(b)
                    .into_iter()
                    .map(|s| index_of[&s])
                    .collect();
                // The clauses its calls may land in.
                for ip in b.start..b.end {
                    if let Some(clause) = self.clause_at(ip) {
                        let clause = index_of[&clause.target];
                        if !succs.contains(&clause) {
                            succs.push(clause);
                        }
                    }
                }
                succs
            })
            .collect();
        // Depth-first: post-order, and the back edges (to a block on the
        // stack).
        let first = osr.map_or(0, |(ip, _)| index_of[&(ip as usize)]);
        let mut order = Vec::new();
        let mut state = vec![0u8; blocks.len()];
        let mut headers = vec![false; blocks.len()];
        let mut stack = vec![(first, 0usize)];
        state[first] = 1;
        while let Some(&mut (block, ref mut next)) = stack.last_mut() {
            if let Some(&succ) = succs[block].get(*next) {
                *next += 1;
                match state[succ] {
                    0 => {
                        state[succ] = 1;
                        stack.push((succ, 0));
                    }
                    1 => headers[succ] = true,
                    _ => {}
                }
            } else {
                state[block] = 2;
                order.push(block);
                stack.pop();
            }
        }
        order.reverse();

        let mut incoming: Vec<Vec<Frame>> = vec![Vec::new(); blocks.len()];
        // Loop headers built so far: their loop node and the phis of each
        // local and operand slot (None where a dead local has no phi).
        let mut loops: FxHashMap<usize, (NodeId, Vec<Option<NodeId>>)> = FxHashMap::default();
        let entry = match osr {
            Some((ip, depth)) => self.osr_frame(ip as usize, depth),
            None => self.entry_frame(),
        };
        incoming[first].push(entry);
        for &b in &order {
            let arriving = std::mem::take(&mut incoming[b]);
            if arriving.is_empty() {
                continue;
            }
            let start = blocks[b].start;
            let frame = if headers[b] {
                let (frame, phis) = self.loop_header(start, &arriving);
                loops.insert(b, (frame.control, phis));
                frame
            } else if arriving.len() == 1 {
                arriving.into_iter().next().expect("one frame")
            } else {
                self.merge(start, &arriving)
            };
            let exits = self.translate(&blocks[b], frame).unwrap_or_default();
            let landings = std::mem::take(&mut self.landings);
            for (target_ip, exit) in exits.into_iter().chain(landings) {
                let target = index_of[&target_ip];
                if let Some((header, phis)) = loops.get(&target) {
                    self.graph.push_control(*header, exit.control);
                    let values = exit.slots();
                    for (phi, &value) in phis.iter().zip(values) {
                        if let Some(phi) = *phi {
                            self.graph.push_input(phi, value);
                        }
                    }
                } else {
                    incoming[target].push(exit);
                }
            }
        }
    }

    fn entry_frame(&mut self) -> Frame {
        let nil = self.nil();
        Frame {
            control: self.graph.start,
            locals: vec![nil; self.code.locals.len()],
            pending: Vec::new(),
            stack: Vec::new(),
        }
    }

    /// The frame an on-stack replacement enters with: the interpreter's
    /// live locals and operands at the header.
    fn osr_frame(&mut self, ip: usize, depth: u32) -> Frame {
        let nil = self.nil();
        let locals = (0..self.code.locals.len())
            .map(|slot| {
                if self.liveness.is_live(ip, slot) {
                    self.param(Param::Local(slot as u32))
                } else {
                    nil
                }
            })
            .collect();
        let stack = (0..depth).map(|n| self.param(Param::Operand(n))).collect();
        Frame {
            control: self.graph.start,
            locals,
            pending: Vec::new(),
            stack,
        }
    }

    /// A merge of several frames, with phis where they differ.
    fn merge(&mut self, ip: usize, frames: &[Frame]) -> Frame {
        let controls: Vec<NodeId> = frames.iter().map(|f| f.control).collect();
        let merge = self.graph.add(Op::Merge, &controls, &[], None);
        let nil = self.nil();
        let mut merged = Frame {
            control: merge,
            locals: Vec::with_capacity(frames[0].locals.len()),
            pending: Vec::new(),
            stack: Vec::with_capacity(frames[0].stack.len()),
        };
        for slot in 0..frames[0].locals.len() {
            let value = if self.liveness.is_live(ip, slot) {
                self.phi_if_needed(merge, frames.iter().map(|f| f.locals[slot]))
            } else {
                nil
            };
            merged.locals.push(value);
        }
        // (Paths into an `ensure` clause all come from its landing pads,
        // and no path leaves it but its end: they hold as many.)
        for slot in 0..frames[0].pending.len() {
            let value = self.phi_if_needed(merge, frames.iter().map(|f| f.pending[slot]));
            merged.pending.push(value);
        }
        for slot in 0..frames[0].stack.len() {
            let value = self.phi_if_needed(merge, frames.iter().map(|f| f.stack[slot]));
            merged.stack.push(value);
        }
        merged
    }

    fn phi_if_needed(&mut self, merge: NodeId, values: impl Iterator<Item = NodeId>) -> NodeId {
        let values: Vec<NodeId> = values.collect();
        if values.iter().all(|&v| v == values[0]) {
            values[0]
        } else {
            self.graph.add(Op::Phi, &[merge], &values, None)
        }
    }

    /// A loop header: phis for every live local, pending exception and
    /// operand, their back-edge inputs to come.
    fn loop_header(&mut self, ip: usize, frames: &[Frame]) -> (Frame, Vec<Option<NodeId>>) {
        let controls: Vec<NodeId> = frames.iter().map(|f| f.control).collect();
        let header = self.graph.add(Op::Loop, &controls, &[], None);
        let nil = self.nil();
        let mut phis = Vec::new();
        let mut frame = Frame {
            control: header,
            locals: Vec::new(),
            pending: Vec::new(),
            stack: Vec::new(),
        };
        let locals = frames[0].locals.len();
        let pending = frames[0].pending.len();
        for slot in 0..frames[0].slots().count() {
            let live = slot >= locals || self.liveness.is_live(ip, slot);
            let (value, phi) = if live {
                let values: Vec<NodeId> = frames
                    .iter()
                    .map(|f| *f.slots().nth(slot).expect("slot"))
                    .collect();
                let phi = self.graph.add(Op::Phi, &[header], &values, None);
                (phi, Some(phi))
            } else {
                (nil, None)
            };
            phis.push(phi);
            if slot < locals {
                frame.locals.push(value);
            } else if slot < locals + pending {
                frame.pending.push(value);
            } else {
                frame.stack.push(value);
            }
        }
        (frame, phis)
    }

    /// The `when` pattern under the subject on `frame`'s stack, when it is
    /// a constant.
    /// The bounds of `when pattern` when it tests a fixnum subject against
    /// a constant Range of fixnums (see `Runtime::case_fixnum_range`).
    fn case_fixnum_range(&self, frame: &Frame) -> Option<(Option<i64>, Option<i64>)> {
        self.rt.case_fixnum_range(self.case_pattern(frame)?)
    }

    fn case_pattern(&self, frame: &Frame) -> Option<u64> {
        let at = frame.stack.len().wrapping_sub(2);
        match frame
            .stack
            .get(at)
            .and_then(|&pattern| self.graph.as_const(pattern))
        {
            Some(Const::Value(bits)) => Some(bits),
            _ => None,
        }
    }

    /// `Scope::Name` when the scope is a constant the runtime knows.
    fn scoped_constant(&self, scope: Option<&NodeId>, name: bytecode::Sym) -> Option<u64> {
        match self.graph.as_const(*scope?)? {
            Const::Value(bits) => self.rt.scoped_constant(bits, name),
            _ => None,
        }
    }

    /// The frame state before instruction `ip`.
    fn state(&mut self, ip: usize, frame: &Frame) -> NodeId {
        let mut inputs = Vec::new();
        if self.context.inlined {
            inputs.push(self.param(Param::CallerState));
        }
        inputs.push(self.param(Param::SelfValue));
        let args = param_count(&self.code);
        for n in 0..args {
            inputs.push(self.param(Param::Arg(n)));
        }
        let env = self.context.inlined && self.code.has_env;
        if env {
            inputs.push(self.param(Param::Env));
        }
        let locals = self.liveness.live_locals(ip, self.code.locals.len());
        inputs.extend(locals.iter().map(|&slot| frame.locals[slot as usize]));
        inputs.extend(&frame.pending);
        inputs.extend(&frame.stack);
        let info = FrameStateInfo {
            method: self.method,
            frame: self.context.frame,
            ip: ip as u32,
            args,
            locals,
            pending: frame.pending.len() as u32,
            stack: frame.stack.len() as u32,
            outer: self.context.inlined,
            env,
        };
        self.graph
            .add(Op::FrameState(Box::new(info)), &[], &inputs, None)
    }

    /// Adds a fixed node after the frame's control.
    fn fixed(
        &mut self,
        frame: &mut Frame,
        op: Op,
        inputs: &[NodeId],
        state: Option<NodeId>,
    ) -> NodeId {
        let node = self.graph.add(op, &[frame.control], inputs, state);
        frame.control = node;
        node
    }

    /// Instruction `insn` at `ip` (whose state, `inputs` not yet popped,
    /// is `state`) run by the runtime with `inputs`, unless `test` holds,
    /// when its result is `fast`: a branch, the instruction on its false
    /// side, and the phi of the two results.
    fn unless_fast(
        &mut self,
        frame: &mut Frame,
        (ip, state): (usize, NodeId),
        insn: Insn,
        inputs: &[NodeId],
        test: NodeId,
        fast: NodeId,
    ) -> NodeId {
        let branch = self
            .graph
            .add(Op::Branch, &[frame.control], &[test], Some(state));
        let if_true = self.graph.add(Op::IfTrue, &[branch], &[], None);
        let if_false = self.graph.add(Op::IfFalse, &[branch], &[], None);
        let op = Op::Insn {
            insn,
            method: self.method,
            ip: ip as u32,
        };
        let slow = self.graph.add(op, &[if_false], inputs, Some(state));
        let merge = self.graph.add(Op::Merge, &[], &[], None);
        self.graph.push_control(merge, if_true);
        self.graph.push_control(merge, slow);
        let phi = self.graph.add(Op::Phi, &[merge], &[], None);
        self.graph.push_input(phi, fast);
        self.graph.push_input(phi, slow);
        frame.control = merge;
        phi
    }

    fn end(&mut self, frame: &Frame, op: Op, inputs: &[NodeId], state: Option<NodeId>) {
        let node = self.graph.add(op, &[frame.control], inputs, state);
        self.graph.add_end(node);
    }

    fn pop(frame: &mut Frame) -> NodeId {
        frame
            .stack
            .pop()
            .expect("the bytecode keeps its stack balanced")
    }

    fn pop_n(frame: &mut Frame, n: usize) -> Vec<NodeId> {
        let at = frame.stack.len() - n;
        frame.stack.split_off(at)
    }

    /// The block a literal block argument of this frame makes.
    fn block_literal(&mut self, child: u32) -> NodeId {
        let method = self.rt.child(self.method, child);
        let home = match self.code.kind {
            MethodKind::Block => self.context.home,
            _ => ExitTarget::Frame(self.context.frame),
        };
        let receiver = self.param(Param::SelfValue);
        let env = self.param(Param::Env);
        let block = self.param(Param::Block);
        self.graph.add(
            Op::BlockLiteral { method, home },
            &[],
            &[receiver, env, block],
            None,
        )
    }

    /// Runs one block's instructions; returns its exits (target
    /// instruction and frame), or None when it ends the method. Calls in
    /// the range of a clause also arrive at it (`landings`).
    fn translate(&mut self, block: &Block, mut frame: Frame) -> Option<Vec<(usize, Frame)>> {
        let code = self.code.clone();
        for ip in block.start..block.end {
            let Some(clause) = self.clause_at(ip) else {
                frame = match self.instruction(&code, ip, frame) {
                    ControlFlow::Continue(frame) => frame,
                    ControlFlow::Break(exits) => return exits,
                };
                continue;
            };
            let first = self.graph.capacity();
            let at = frame.clone();
            match self.instruction(&code, ip, frame) {
                ControlFlow::Continue(after) => {
                    frame = after;
                    self.catch_calls(ip, (first, at), clause, &mut frame);
                }
                ControlFlow::Break(exits) => {
                    // A `reraise` (or an `end_ensure`, which raised its
                    // pending exception): the path ends after its call.
                    let mut at = at;
                    if matches!(code.insns[ip], Insn::EndEnsure) {
                        at.pending.pop();
                    }
                    let mut ended = at.clone();
                    self.catch_calls(ip, (first, at), clause, &mut ended);
                    return exits;
                }
            }
        }
        Some(vec![(block.end, frame)])
    }

    /// The clause an exception out of a call at `ip` lands in, if it is
    /// built: the innermost handler there is a `rescue` whose clause ran
    /// while the method was profiled (its first branch, the
    /// `rescue_match`'s, has counts), or an `ensure` whose clause no path
    /// leaves but its end (or a `return`).
    fn clause_at(&self, ip: usize) -> Option<Clause> {
        let handler = self.code.handler_at(ip, true)?;
        let (start, end) = (handler.target as usize, handler.code_end as usize);
        let clause = &self.code.insns[start..end];
        let built = match handler.kind {
            HandlerKind::Rescue => self.first_branch_ran(clause),
            HandlerKind::Ensure => clause.iter().all(|insn| {
                !matches!(insn, Insn::BreakBlock | Insn::ReturnFromBlock)
                    && insn
                        .target()
                        .is_none_or(|to| (start..=end).contains(&(to as usize)))
            }),
        };
        // (An exception out of an `ensure` clause leaves the one it was
        // running for behind.)
        let pending = self
            .code
            .handlers
            .iter()
            .filter(|outer| {
                outer.kind == HandlerKind::Ensure
                    && (outer.target..outer.code_end).contains(&handler.start)
            })
            .count();
        built.then_some(Clause {
            target: start,
            depth: handler.depth as usize,
            pending,
            kind: handler.kind,
        })
    }

    /// Whether the first `branch` of `insns` ran while the method was
    /// profiled (its counts are not both zero), or there is none.
    fn first_branch_ran(&self, insns: &[Insn]) -> bool {
        insns
            .iter()
            .find_map(|insn| match *insn {
                Insn::Branch { profile, .. } => Some(profile),
                _ => None,
            })
            .is_none_or(|profile| {
                let counts = self.rt.branch_profile(self.method, profile);
                counts.taken + counts.not_taken > 0
            })
    }

    /// Gives the calls instruction `ip` made (the nodes from `first` on)
    /// exceptional successors landing in `clause`, with the frame `at` it
    /// started with: its stack cut to the clause's depth, the exception
    /// pushed for a `rescue`, pending for an `ensure`. `frame`, after the
    /// instruction, goes on from the side where the last call returned.
    fn catch_calls(
        &mut self,
        ip: usize,
        (first, at): (usize, Frame),
        clause: Clause,
        frame: &mut Frame,
    ) {
        let calls: Vec<NodeId> = (first as u32..self.graph.capacity() as u32)
            .map(NodeId)
            .filter(|&node| exceptions::leaves_pending(&self.graph, node))
            .collect();
        if calls.is_empty() {
            return;
        }
        let mut landing = at;
        landing.stack.truncate(clause.depth);
        landing.pending.truncate(clause.pending);
        let state = self.state(ip, &landing);
        for call in calls {
            let (catch, returned) = exceptions::catch_after(&mut self.graph, call, state);
            if frame.control == call {
                frame.control = returned;
            }
            let mut arrival = landing.clone();
            arrival.control = catch;
            match clause.kind {
                HandlerKind::Rescue => arrival.stack.push(catch),
                HandlerKind::Ensure => arrival.pending.push(catch),
            }
            self.landings.push((clause.target, arrival));
        }
    }

    /// Runs instruction `ip` on `frame`, by kind: each kind has its method.
    /// Continues with the frame after it, or breaks with the exits of the
    /// block it ends (None when it ends the method).
    fn instruction(
        &mut self,
        code: &Method,
        ip: usize,
        mut frame: Frame,
    ) -> ControlFlow<Option<Vec<(usize, Frame)>>, Frame> {
        let insn = code.insns[ip];
        match insn {
            Insn::PushSelf
            | Insn::Arg(_)
            | Insn::HasArg(_)
            | Insn::Load(_)
            | Insn::Store(_)
            | Insn::Pop
            | Insn::Dup
            | Insn::Push(_)
            | Insn::Not => self.stack(ip, insn, &mut frame),
            Insn::Send(_) | Insn::Yield { .. } | Insn::YieldSplat { .. } | Insn::InvokeSuper(_) => {
                self.call(code, ip, insn, &mut frame)
            }
            Insn::Jump(_)
            | Insn::Branch { .. }
            | Insn::BranchNil(_)
            | Insn::Return
            | Insn::BreakBlock
            | Insn::ReturnFromBlock
            | Insn::Unsupported(_)
            | Insn::Reraise
            | Insn::EndEnsure => return ControlFlow::Break(self.block_end(ip, insn, frame)),
            Insn::CaseDispatch(table) => {
                return ControlFlow::Break(Some(self.case_dispatch(ip, table, frame)))
            }
            Insn::LoadEnv { .. } | Insn::StoreEnv { .. } => self.environment(ip, insn, &mut frame),
            // `a, b = x, y`: the literal Array's elements, as they are.
            Insn::Destructure {
                before,
                splat: false,
                after: 0,
            } if self.destructures_literal(code, ip, &frame, before) => {
                self.literal_destructure(&mut frame)
            }
            Insn::Destructure { .. } => self.destructure(ip, insn, &mut frame),
            Insn::GetConst(site)
                if self
                    .rt
                    .constant(self.method, code.constants[site as usize])
                    .is_some() =>
            {
                self.known_constant(code.constants[site as usize], &mut frame)
            }
            Insn::GetConstFrom(name)
                if self.scoped_constant(frame.stack.last(), name).is_some() =>
            {
                self.known_scoped_constant(name, &mut frame)
            }
            Insn::CheckMatch { splat: false }
                if self
                    .case_pattern(&frame)
                    .is_some_and(|pattern| self.rt.case_tests_identity(pattern)) =>
            {
                self.identity_when(&mut frame)
            }
            Insn::CheckMatch { splat: false }
                if self
                    .case_pattern(&frame)
                    .is_some_and(|pattern| self.rt.case_tests_fixnum(pattern)) =>
            {
                self.fixnum_when(ip, insn, &mut frame)
            }
            Insn::CheckMatch { splat: false }
                if self
                    .case_pattern(&frame)
                    .is_some_and(|pattern| self.rt.case_tests_string(pattern)) =>
            {
                self.string_when(ip, &mut frame)
            }
            Insn::ToS => self.interpolated_string(ip, insn, &mut frame),
            Insn::RescueMatch
                if frame
                    .stack
                    .last()
                    .and_then(|&class| self.graph.as_const(class))
                    .is_some_and(|class| match class {
                        Const::Value(bits) => self.rt.case_tests_kind(bits),
                        _ => false,
                    }) =>
            {
                self.rescue_kind(&mut frame)
            }
            Insn::CheckMatch { splat: false } if self.case_fixnum_range(&frame).is_some() => {
                let bounds = self.case_fixnum_range(&frame).expect("tested");
                self.range_when(ip, insn, bounds, &mut frame)
            }
            Insn::CheckMatch { splat: false }
                if self
                    .case_pattern(&frame)
                    .is_some_and(|pattern| self.rt.case_tests_kind(pattern)) =>
            {
                self.kind_when(&mut frame)
            }
            _ => self.runtime_insn(ip, insn, &mut frame),
        }
        ControlFlow::Continue(frame)
    }

    /// Locals, the receiver and arguments, and the operand stack: pushes,
    /// pops, literals and `!`.
    fn stack(&mut self, ip: usize, insn: Insn, frame: &mut Frame) {
        match insn {
            Insn::PushSelf => frame.stack.push(self.param(Param::SelfValue)),
            Insn::Arg(n) => frame.stack.push(self.param(Param::Arg(n))),
            Insn::HasArg(n) => frame.stack.push(self.param(Param::HasArg(n))),
            Insn::Load(slot) => frame.stack.push(frame.locals[slot as usize]),
            Insn::Store(slot) => frame.locals[slot as usize] = Self::pop(frame),
            Insn::Pop => {
                Self::pop(frame);
            }
            Insn::Dup => {
                let top = *frame.stack.last().expect("a value to dup");
                frame.stack.push(top);
            }
            Insn::Push(literal) => {
                let value = match self.rt.literal(self.method, literal) {
                    Some(bits) => self.graph.constant(Const::Value(bits)),
                    None => {
                        let op = Op::Insn {
                            insn,
                            method: self.method,
                            ip: ip as u32,
                        };
                        self.fixed(frame, op, &[], None)
                    }
                };
                frame.stack.push(value);
            }
            Insn::Not => {
                let value = Self::pop(frame);
                let truthy = self.graph.add(Op::Truthy, &[], &[value], None);
                let not = self.graph.add(Op::BoolNot, &[], &[truthy], None);
                let result = self.graph.add(Op::BoolToValue, &[], &[not], None);
                frame.stack.push(result);
            }
            _ => unreachable!("locals and stack only"),
        }
    }

    /// A send, a `yield` (of arguments or of an Array's elements) or a
    /// `super` call: a call with the frame state before it, its block
    /// literal (if any) an input.
    fn call(&mut self, code: &Method, ip: usize, insn: Insn, frame: &mut Frame) {
        match insn {
            Insn::Send(site_index) => {
                let site = &code.sites[site_index as usize];
                let state = self.state(ip, frame);
                let mut inputs = Self::pop_n(frame, site.popped());
                let block = site.block.map(|child| self.rt.child(self.method, child));
                if let Some(child) = site.block {
                    let literal = self.block_literal(child);
                    inputs.push(literal);
                }
                let info = SendInfo {
                    name: site.name,
                    argc: site.argc,
                    flags: site.flags,
                    method: self.method,
                    site: site_index,
                    block,
                    receiver_kind: None,
                    constructor: false,
                    keywords: site.keywords.clone(),
                    laid_out: false,
                };
                let send = self.fixed(frame, Op::Send(Box::new(info)), &inputs, Some(state));
                frame.stack.push(send);
            }
            Insn::Yield { argc, kwargs } => {
                let state = self.state(ip, frame);
                let mut inputs = vec![self.param(Param::Block)];
                inputs.extend(Self::pop_n(frame, argc as usize));
                let op = Op::Yield {
                    argc,
                    splat: false,
                    kwargs,
                };
                let node = self.fixed(frame, op, &inputs, Some(state));
                frame.stack.push(node);
            }
            Insn::YieldSplat { kwargs } => {
                let state = self.state(ip, frame);
                let array = Self::pop(frame);
                let block = self.param(Param::Block);
                let op = Op::Yield {
                    argc: 1,
                    splat: true,
                    kwargs,
                };
                let node = self.fixed(frame, op, &[block, array], Some(state));
                frame.stack.push(node);
            }
            Insn::InvokeSuper(site_index) => {
                let site = &code.sites[site_index as usize];
                let state = self.state(ip, frame);
                let mut inputs = Self::pop_n(frame, site.popped());
                if let Some(child) = site.block {
                    let literal = self.block_literal(child);
                    inputs.push(literal);
                }
                let op = Op::Insn {
                    insn,
                    method: self.method,
                    ip: ip as u32,
                };
                let node = self.fixed(frame, op, &inputs, Some(state));
                frame.stack.push(node);
            }
            _ => unreachable!("calls only"),
        }
    }

    /// An instruction that ends the block: a jump, a branch, a return, a
    /// block's `break` or `return`, or one compiled code does not run (a
    /// `deopt`). Returns the block's exits (None when the path ends).
    fn block_end(
        &mut self,
        ip: usize,
        insn: Insn,
        mut frame: Frame,
    ) -> Option<Vec<(usize, Frame)>> {
        match insn {
            Insn::Jump(target) => Some(vec![(target as usize, frame)]),
            Insn::Branch { target, profile } => {
                let state = self.state(ip, &frame);
                let cond = Self::pop(&mut frame);
                let truthy = self.graph.add(Op::Truthy, &[], &[cond], None);
                let counts = self.rt.branch_profile(self.method, profile);
                Some(self.branch(frame, truthy, state, target, ip, counts))
            }
            Insn::BranchNil(target) => {
                let state = self.state(ip, &frame);
                let value = Self::pop(&mut frame);
                let is_nil = self.graph.add(Op::IsNil, &[], &[value], None);
                let counts = bytecode::profile::BranchProfile {
                    taken: 1,
                    not_taken: 1,
                };
                Some(self.branch(frame, is_nil, state, target, ip, counts))
            }
            Insn::Return => {
                let value = Self::pop(&mut frame);
                self.end(&frame, Op::Return, &[value], None);
                None
            }
            Insn::BreakBlock => {
                let value = Self::pop(&mut frame);
                let target = self.context.break_target;
                self.end(&frame, Op::NonLocalExit(target, ip as u32), &[value], None);
                None
            }
            Insn::ReturnFromBlock => {
                let value = Self::pop(&mut frame);
                let target = self.context.home;
                self.end(&frame, Op::NonLocalExit(target, ip as u32), &[value], None);
                None
            }
            Insn::Reraise => {
                // The runtime raises the exception again: a call that
                // always leaves it pending (for an outer clause, or the
                // method's caller).
                let state = self.state(ip, &frame);
                let exception = Self::pop(&mut frame);
                self.raise_again(ip, frame, exception, (state, state));
                None
            }
            Insn::EndEnsure if !frame.pending.is_empty() => {
                // The exception the clause's landing pad took goes on: a
                // `reraise` of it, as if it were the operand (the frame
                // that raises holds it no longer).
                let state = self.state(ip, &frame);
                let mut raising = frame.clone();
                let exception = raising.pending.pop().expect("tested");
                raising.stack.push(exception);
                let raise_state = self.state(ip, &raising);
                self.raise_again(ip, frame, exception, (raise_state, state));
                None
            }
            Insn::Unsupported(_) | Insn::EndEnsure => {
                let state = self.state(ip, &frame);
                let reason = DeoptReason::Unsupported(insn.mnemonic());
                self.end(&frame, Op::Deopt(reason), &[], Some(state));
                None
            }
            _ => unreachable!("block ends only"),
        }
    }

    /// `casedispatch`: while the table answers for its literals, the
    /// runtime looks the subject up (`case_target`: the instruction to go
    /// to, or -1 for the `when` checks that follow) and a binary search
    /// over the table's targets branches there. For
    ///
    /// ```ruby
    /// case x
    /// when 1, 2 then :low   # body at 20
    /// when 3 then :high     # body at 23
    /// else :other           # at 17
    /// end
    /// ```
    ///
    /// the targets are -1, 17, 20 and 23: `t < 20`, then `t < 17` or
    /// `t < 23`, two branches to any of them. Once `===` is redefined,
    /// compiled code runs the checks, as the interpreter does. When the
    /// profile saw the checks never run (the table always answered), their
    /// path is uncommon.
    ///
    /// A `case` of a few `when`s and no String among them runs its checks
    /// instead: each is then a compare of the subject with a constant
    /// (the kinds the profile saw), cheaper than the lookup's call.
    fn case_dispatch(&mut self, ip: usize, table: u32, mut frame: Frame) -> Vec<(usize, Frame)> {
        let state = self.state(ip, &frame);
        let subject = Self::pop(&mut frame);
        let entries = &self.code.case_tables[table as usize].entries;
        let has_string = entries.iter().any(|&(literal, _)| {
            matches!(
                self.code.literals[literal as usize],
                Literal::String(_) | Literal::FrozenString(_)
            )
        });
        let worth_a_lookup = has_string || entries.len() > CASE_CHECKS_MAX_WHENS;
        if !worth_a_lookup || !self.rt.case_tables_decide() {
            return vec![(ip + 1, frame)];
        }
        let op = Op::CaseTarget {
            method: self.method,
            table,
        };
        let target = self.fixed(&mut frame, op, &[subject], None);
        let checks_ran = self.first_branch_ran(&self.code.insns[ip + 1..]);
        let checks_uncommon =
            !checks_ran && self.rt.calls(self.method) > 0 && self.rt.prunes_one_way_branches();
        let mut targets = vec![-1];
        let table = &self.code.case_tables[table as usize];
        targets.extend(table.targets().into_iter().map(i64::from));
        let mut exits = Vec::new();
        self.case_search(frame, (target, state), &targets, &mut exits);
        for (to, exit) in &mut exits {
            if *to == -1 {
                *to = ip as i64 + 1;
                if checks_uncommon {
                    self.graph.mark_uncommon(exit.control);
                }
            }
        }
        exits
            .into_iter()
            .map(|(to, exit)| (to as usize, exit))
            .collect()
    }

    /// Branches on `target` (an Int, one of `targets`, sorted) to each of
    /// `targets`: halves by `target < middle` until one is left.
    fn case_search(
        &mut self,
        frame: Frame,
        (target, state): (NodeId, NodeId),
        targets: &[i64],
        exits: &mut Vec<(i64, Frame)>,
    ) {
        if let [only] = targets {
            exits.push((*only, frame));
            return;
        }
        let (below, above) = targets.split_at(targets.len() / 2);
        let middle = self.graph.constant(Const::Int(above[0]));
        let less = self
            .graph
            .add(Op::IntCmp(Cmp::Lt), &[], &[target, middle], None);
        let branch = self
            .graph
            .add(Op::Branch, &[frame.control], &[less], Some(state));
        let if_true = self.graph.add(Op::IfTrue, &[branch], &[], None);
        let if_false = self.graph.add(Op::IfFalse, &[branch], &[], None);
        let low = Frame {
            control: if_true,
            ..frame.clone()
        };
        self.case_search(low, (target, state), below, exits);
        let high = Frame {
            control: if_false,
            ..frame
        };
        self.case_search(high, (target, state), above, exits);
    }

    /// Ends the path at `ip` with a `reraise` of `exception` (its state
    /// `raise_state`: the call always leaves the exception pending), then
    /// a `deopt` that never runs (at `state`, the instruction's).
    fn raise_again(
        &mut self,
        ip: usize,
        mut frame: Frame,
        exception: NodeId,
        (raise_state, state): (NodeId, NodeId),
    ) {
        let op = Op::Insn {
            insn: Insn::Reraise,
            method: self.method,
            ip: ip as u32,
        };
        self.fixed(&mut frame, op, &[exception], Some(raise_state));
        let reason = DeoptReason::Unsupported(self.code.insns[ip].mnemonic());
        self.end(&frame, Op::Deopt(reason), &[], Some(state));
    }

    /// A captured local read or written (`getlocal`/`setlocal` of the
    /// frame's environment).
    fn environment(&mut self, ip: usize, insn: Insn, frame: &mut Frame) {
        match insn {
            Insn::LoadEnv { .. } => {
                let state = self.state(ip, frame);
                let env = self.param(Param::Env);
                let op = Op::Insn {
                    insn,
                    method: self.method,
                    ip: ip as u32,
                };
                let node = self.fixed(frame, op, &[env], Some(state));
                frame.stack.push(node);
            }
            Insn::StoreEnv { .. } => {
                let state = self.state(ip, frame);
                let value = Self::pop(frame);
                let env = self.param(Param::Env);
                let op = Op::Insn {
                    insn,
                    method: self.method,
                    ip: ip as u32,
                };
                self.fixed(frame, op, &[env, value], Some(state));
            }
            _ => unreachable!("environment accesses only"),
        }
    }

    /// Whether the destructuring of `before` values at `ip` takes apart
    /// the Array literal just made (`a, b = x, y`: `newarray`, `dup`,
    /// `destructure`), which is still on the stack.
    fn destructures_literal(&self, code: &Method, ip: usize, frame: &Frame, before: u8) -> bool {
        ip >= 2
            && code.insns[ip - 1] == Insn::Dup
            && code.insns[ip - 2] == Insn::NewArray(before.into())
            && frame
                .stack
                .last()
                .is_some_and(|&top| match self.graph.op(top) {
                    Op::Insn {
                        insn: Insn::NewArray(n),
                        ..
                    } => *n == u32::from(before),
                    _ => false,
                })
    }

    /// `a, b = x, y`: the literal Array's elements, as they are.
    fn literal_destructure(&mut self, frame: &mut Frame) {
        let array = Self::pop(frame);
        let elements = self.graph.inputs(array).to_vec();
        frame.stack.extend(elements.iter().rev());
    }

    /// A destructuring of any other value: the runtime makes an Array of
    /// its parts, each a projection of the instruction.
    fn destructure(&mut self, ip: usize, insn: Insn, frame: &mut Frame) {
        let Insn::Destructure {
            before,
            splat,
            after,
        } = insn
        else {
            unreachable!("destructurings only")
        };
        let state = self.state(ip, frame);
        let value = Self::pop(frame);
        let op = Op::Insn {
            insn,
            method: self.method,
            ip: ip as u32,
        };
        let node = self.fixed(frame, op, &[value], Some(state));
        let outputs = before as u32 + u32::from(splat) + after as u32;
        for n in 0..outputs {
            let part = self.graph.add(Op::Project(n), &[], &[node], None);
            frame.stack.push(part);
        }
    }

    /// A constant the runtime knows: its value.
    fn known_constant(&mut self, name: bytecode::Sym, frame: &mut Frame) {
        let bits = self.rt.constant(self.method, name).expect("checked");
        let value = self.graph.constant(Const::Value(bits));
        frame.stack.push(value);
    }

    /// `Scope::Name` of a constant scope the runtime knows: its value.
    fn known_scoped_constant(&mut self, name: bytecode::Sym, frame: &mut Frame) {
        let bits = self
            .scoped_constant(frame.stack.last(), name)
            .expect("checked");
        frame.stack.pop();
        let value = self.graph.constant(Const::Value(bits));
        frame.stack.push(value);
    }

    /// `when :name`, tested by the core's `Symbol#===`: identity.
    fn identity_when(&mut self, frame: &mut Frame) {
        let subject = Self::pop(frame);
        let pattern = Self::pop(frame);
        let test = self
            .graph
            .add(Op::SameValue, &[], &[pattern, subject], None);
        let value = self.graph.add(Op::BoolToValue, &[], &[test], None);
        frame.stack.push(value);
    }

    /// `when 3`, tested by the core's `Integer#===`: on a fixnum
    /// subject, identity; the runtime tests any other.
    fn fixnum_when(&mut self, ip: usize, insn: Insn, frame: &mut Frame) {
        self.when_of_fixnum(ip, insn, frame, |graph, pattern, subject| {
            let same = graph.add(Op::SameValue, &[], &[pattern, subject], None);
            graph.add(Op::BoolToValue, &[], &[same], None)
        });
    }

    /// `when 0..4`, a Range of fixnums tested by the core's `Range#===`,
    /// of a fixnum subject: whether the subject, clamped to the bounds, is
    /// itself (`max(low, min(x, high)) == x`; `...` lowered the high bound
    /// by one). The runtime tests any other subject.
    fn range_when(
        &mut self,
        ip: usize,
        insn: Insn,
        (low, high): (Option<i64>, Option<i64>),
        frame: &mut Frame,
    ) {
        self.when_of_fixnum(ip, insn, frame, |graph, _, subject| {
            if matches!((low, high), (Some(low), Some(high)) if low > high) {
                return graph.constant(Const::Value(bytecode::abi::FALSE));
            }
            let x = graph.add(Op::UntagFixnum, &[], &[subject], None);
            let mut clamped = x;
            for (bound, op) in [(high, IntOp::Min), (low, IntOp::Max)] {
                if let Some(bound) = bound {
                    let bound = graph.constant(Const::Int(bound));
                    clamped = graph.add(Op::Int(op), &[], &[clamped, bound], None);
                }
            }
            let inside = graph.add(Op::IntCmp(Cmp::Eq), &[], &[clamped, x], None);
            graph.add(Op::BoolToValue, &[], &[inside], None)
        });
    }

    /// A `when` whose test of a fixnum subject is `fast` (made of the
    /// pattern and the subject); the runtime tests any other subject.
    fn when_of_fixnum(
        &mut self,
        ip: usize,
        insn: Insn,
        frame: &mut Frame,
        fast: impl FnOnce(&mut Graph, NodeId, NodeId) -> NodeId,
    ) {
        let state = self.state(ip, frame);
        let subject = Self::pop(frame);
        let pattern = Self::pop(frame);
        let is_fixnum = self.graph.add(
            Op::IsKind(bytecode::profile::Kind::Fixnum),
            &[],
            &[subject],
            None,
        );
        let fast = fast(&mut self.graph, pattern, subject);
        let inputs = [pattern, subject];
        let value = self.unless_fast(frame, (ip, state), insn, &inputs, is_fixnum, fast);
        frame.stack.push(value);
    }

    /// `when "n"`, a String (frozen literal) tested by the core's
    /// `String#===`: a comparison of the bytes when the subject is a
    /// String, false for anything else that does not convert (the guard
    /// on the comparison's answer leaves one that does to the interpreter).
    fn string_when(&mut self, ip: usize, frame: &mut Frame) {
        let state = self.state(ip, frame);
        let subject = Self::pop(frame);
        let pattern = Self::pop(frame);
        let equal = self.fixed(frame, Op::StringEq, &[pattern, subject], Some(state));
        let value = self.graph.add(Op::BoolToValue, &[], &[equal], None);
        frame.stack.push(value);
    }

    /// Interpolating a String: the String itself; the runtime
    /// converts anything else.
    fn interpolated_string(&mut self, ip: usize, insn: Insn, frame: &mut Frame) {
        let state = self.state(ip, frame);
        let value = Self::pop(frame);
        let kind = self.rt.string_kind();
        let is_string = self.graph.add(Op::IsKind(kind), &[], &[value], None);
        let string = self.unless_fast(frame, (ip, state), insn, &[value], is_string, value);
        frame.stack.push(string);
    }

    /// `when Foo`, Foo a constant class or module tested by the
    /// core's `Module#===`: a kind test.
    fn kind_when(&mut self, frame: &mut Frame) {
        let subject = Self::pop(frame);
        let pattern = Self::pop(frame);
        let test = self.fixed(frame, Op::IsKindOf, &[subject, pattern], None);
        let value = self.graph.add(Op::BoolToValue, &[], &[test], None);
        frame.stack.push(value);
    }

    /// `rescue Foo` of a constant class whose `===` is the core's: whether
    /// the exception is a Foo. (A `fatal` error never gets here: compiled
    /// code catches no fatal error.)
    fn rescue_kind(&mut self, frame: &mut Frame) {
        let class = Self::pop(frame);
        let exception = Self::pop(frame);
        let test = self.fixed(frame, Op::IsKindOf, &[exception, class], None);
        let value = self.graph.add(Op::BoolToValue, &[], &[test], None);
        frame.stack.push(value);
    }

    /// Any other instruction: run by the runtime, with the frame state
    /// before it when it may raise.
    fn runtime_insn(&mut self, ip: usize, insn: Insn, frame: &mut Frame) {
        let (pops, pushes) = generic_stack_effect(&insn);
        let state = insn_may_raise(&insn).then(|| self.state(ip, frame));
        let inputs = Self::pop_n(frame, pops);
        let op = Op::Insn {
            insn,
            method: self.method,
            ip: ip as u32,
        };
        let node = self.fixed(frame, op, &inputs, state);
        if pushes {
            frame.stack.push(node);
        }
    }

    /// Ends a block with a branch on `cond`: `if_true` to `target`,
    /// `if_false` to the next instruction. A side the profile never saw
    /// taken (while the other was) is uncommon.
    fn branch(
        &mut self,
        frame: Frame,
        cond: NodeId,
        state: NodeId,
        target: u32,
        ip: usize,
        counts: bytecode::profile::BranchProfile,
    ) -> Vec<(usize, Frame)> {
        let branch = self
            .graph
            .add(Op::Branch, &[frame.control], &[cond], Some(state));
        let if_true = self.graph.add(Op::IfTrue, &[branch], &[], None);
        let if_false = self.graph.add(Op::IfFalse, &[branch], &[], None);
        if self.rt.prunes_one_way_branches() {
            if counts.taken == 0 && counts.not_taken > 0 {
                self.graph.mark_uncommon(if_true);
            }
            if counts.not_taken == 0 && counts.taken > 0 {
                self.graph.mark_uncommon(if_false);
            }
        }
        let taken = Frame {
            control: if_true,
            ..frame.clone()
        };
        let fallthrough = Frame {
            control: if_false,
            ..frame
        };
        vec![(target as usize, taken), (ip + 1, fallthrough)]
    }
}

/// The most `when` literals (none a String) a `case` compiled code tests
/// one by one rather than through its table: a check of a fixnum, Symbol,
/// nil, true or false is a compare of words, about as many instructions as
/// a few of the binary search's branches; the table's lookup is a call
/// that hashes the subject.
const CASE_CHECKS_MAX_WHENS: usize = 8;

/// What an instruction run through the runtime pops, and whether it pushes
/// a result.
fn generic_stack_effect(insn: &Insn) -> (usize, bool) {
    match *insn {
        Insn::ToS => (1, true),
        Insn::Concat(n) => (n as usize, true),
        Insn::GetConst(_) | Insn::GetGlobal(_) | Insn::GetIvar(_) | Insn::GetCvar(_) => (0, true),
        Insn::SetConst(_) | Insn::SetGlobal(_) | Insn::SetIvar(_) | Insn::SetCvar(_) => (1, false),
        Insn::GetConstFrom(_) => (1, true),
        Insn::SetConstIn(_) => (2, false),
        Insn::NewArray(n) | Insn::NewArrayExtremum { count: n, .. } => (n as usize, true),
        Insn::NewHash(n) => (2 * n as usize, true),
        Insn::NewRange { .. } => (2, true),
        Insn::ArrayAppend | Insn::ArrayConcat => (2, true),
        Insn::CheckMatch { .. } | Insn::RescueMatch => (2, true),
        Insn::Defined { kind, .. } => match kind {
            bytecode::DefinedKind::PublicMethod | bytecode::DefinedKind::ScopedConstant => {
                (1, true)
            }
            _ => (0, true),
        },
        Insn::ToRegexp(_) => (1, true),
        Insn::GetSpecial(_) => (0, true),
        Insn::SetLastMatch => (1, false),
        Insn::BlockParam | Insn::BlockProxy | Insn::Lambda(_) | Insn::DefineMethod(_) => (0, true),
        Insn::Alias => (2, true),
        Insn::Undef => (1, true),
        Insn::DefineSingletonMethod(_) | Insn::DefineModule(_) | Insn::OpenSingleton(_) => {
            (1, true)
        }
        Insn::DefineClass(_) => (2, true),
        _ => unreachable!("{} has its own translation", insn.mnemonic()),
    }
}
