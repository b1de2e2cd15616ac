//! Calls: sends, `yield` and every instruction the graph leaves to the
//! runtime.
//!
//! Each becomes a call of the runtime's `run_insn` (or `call_direct` for a
//! send bound to its target, which may also call the target's compiled
//! code natively; `call_core` for one bound to a core method) with the
//! values it pops stored in the frame. After it, a
//! result of `UNDEF` (a pending exception or jump) leaves the method, goes
//! to the landing pad of its clause (a call with a `raised` test: see
//! `catch`), or, inside a protected range without one, is a `transfer` to
//! the interpreter's handlers; and a poll deoptimises, resuming after the
//! call, if the call invalidated this code (for a call with a landing pad,
//! on the side where it returned). `Integer(s)` inside a protected range
//! without a landing pad:
//!
//! ```text
//! v3 = call call_core(ctx, 0x0, 0x8000000000000008, 0x2, [v0, v1])
//! transfer v3 site 2
//! poll site 3
//! site 2: transfer -> @8 transfer [v0, v1, v2]
//! site 3: invalidated -> @8 after call [v0, v1, v2]
//! ```
//!
//! A call in inlined code also passes the values of the inlined frames
//! around it, for the runtime to rebuild them while the callee runs.

use super::{Lowering, MapState, Unsupported};
use crate::backend::lir::*;
use crate::ir::{NodeId, Op, Param};
use crate::passes::deopt_maps;
use crate::runtime::CallAt;
use bytecode::{call_flags, Insn};
use deopt::Source;

impl Lowering<'_> {
    /// The root frame runs instructions through the runtime; inlined
    /// frames have no interpreter frame to run them in (yet).
    fn in_root_frame(&self, node: NodeId) -> bool {
        match self.graph.state(node).map(|s| self.graph.op(s)) {
            Some(Op::FrameState(info)) => info.frame == self.graph.frame && !info.outer,
            _ => false,
        }
    }

    /// A send, `yield` or other instruction, run by the runtime in the
    /// compiled frame.
    pub(super) fn run_insn(&mut self, node: NodeId, map: &mut MapState) -> Result<(), Unsupported> {
        let graph = self.graph;
        let inputs = graph.inputs(node);
        let mut direct = None;
        let mut literal_block = None;
        let (method, ip, operands, pops): (_, u32, &[NodeId], usize) = match graph.op(node) {
            Op::Send(info) => {
                let state = graph
                    .state(node)
                    .ok_or(Unsupported("a send without a state"))?;
                let Op::FrameState(frame) = graph.op(state) else {
                    unreachable!("states are frame states")
                };
                let operands = if info.block.is_some() {
                    &inputs[..inputs.len() - 1]
                } else {
                    inputs
                };
                // Passing the frame's own block on is plain enough: the
                // runtime finds it.
                let mut spread =
                    bytecode::call_flags::NOT_PLAIN & !bytecode::call_flags::BLOCK_FORWARD;
                if info.laid_out {
                    // The inputs are the callee's slots (keyword_arguments).
                    spread &= !bytecode::call_flags::KEYWORD_OPERANDS;
                }
                let plain = info.flags & spread == 0 && info.block.is_none();
                // (A constructor's `initialize` may have more operands than
                // the `new` had arguments: `UNDEF` for optional parameters
                // not given.)
                let argc = operands.len() as u32 - 1;
                if let (Some(kind), true) = (info.receiver_kind, plain) {
                    direct = self.rt.direct_call(
                        info.method,
                        info.site,
                        kind,
                        info.name,
                        argc,
                        info.flags,
                    );
                }
                if info.flags & spread == 0 && info.block.is_some() {
                    if let Some((call, child)) = self.literal_block_call(info, argc) {
                        direct = Some(call);
                        // A core method's helper makes the block itself.
                        literal_block = call.native.is_some().then_some(child);
                    }
                }
                if info.constructor && direct.is_none() {
                    // Its site is the `new`, which the runtime would run.
                    return Err(Unsupported("a constructor without a direct call"));
                }
                if info.laid_out && direct.is_none() {
                    // The runtime's send would take the slots for operands.
                    return Err(Unsupported("laid-out arguments without a direct call"));
                }
                // What the bytecode's send pops (its `&expr` value too:
                // a deoptimisation after the call resumes without it).
                let pops = call_flags::popped(info.argc, info.flags);
                (info.method, frame.ip, operands, pops)
            }
            Op::Yield { .. } => {
                let state = graph
                    .state(node)
                    .ok_or(Unsupported("a yield without a state"))?;
                let Op::FrameState(frame) = graph.op(state) else {
                    unreachable!("states are frame states")
                };
                (frame.method, frame.ip, &inputs[1..], inputs.len() - 1)
            }
            Op::Insn { insn, method, ip } => {
                let code = self.rt.code(*method);
                let Some(state) = graph.state(node) else {
                    // Instructions that neither raise nor depend on the
                    // frame (a String literal, an Array).
                    let at = InsnAt {
                        method: *method,
                        direct: None,
                        ip: *ip,
                        literal_block: None,
                    };
                    return self.emit_run_insn(node, at, inputs, None, map);
                };
                let Op::FrameState(frame) = graph.op(state) else {
                    unreachable!("states are frame states")
                };
                let operands: &[NodeId] = match insn {
                    Insn::LoadEnv { .. } => &[],
                    Insn::StoreEnv { .. } => &inputs[1..],
                    Insn::InvokeSuper(site) if code.sites[*site as usize].block.is_some() => {
                        &inputs[..inputs.len() - 1]
                    }
                    _ => inputs,
                };
                if let Insn::InvokeSuper(site) = insn {
                    (direct, literal_block) = self.super_call(*method, *site, operands.len());
                }
                (*method, frame.ip, operands, operands.len())
            }
            _ => unreachable!("run_insn runs sends and instructions"),
        };
        self.emit_run_insn(
            node,
            InsnAt {
                method,
                direct,
                ip,
                literal_block,
            },
            operands,
            Some(pops),
            map,
        )
    }

    /// A send `info` (with `argc` arguments) that passes a literal block:
    /// a direct call and the block's index among the children of the
    /// send's method. A Ruby method is called natively when it is
    /// compiled, its block made by `call_block` (see
    /// `runtime::Helpers::call_block`); a core method, or a Ruby method on
    /// the native call's helper way, by `call_with_literal_block`, which
    /// makes the block. None when the block could leave through the frames
    /// it is made in (`break`, `return`) or its method keeps a last match:
    /// only rebuilt frames make those.
    fn literal_block_call(
        &self,
        info: &crate::ir::SendInfo,
        argc: u32,
    ) -> Option<(crate::runtime::DirectCall, u32)> {
        let kind = info.receiver_kind?;
        let code = self.rt.code(info.method);
        let child = code.sites[info.site as usize].block?;
        if code.children[child as usize].leaves_through_frames()
            || self.rt.reads_last_match(info.method)
        {
            return None;
        }
        let call =
            self.rt
                .direct_call(info.method, info.site, kind, info.name, argc, info.flags)?;
        (call.native.is_some() || call.core).then_some((call, child))
    }

    /// A call of `helper` with `ctx`, `args` and `spread`, its result in
    /// `dst`; with `pending`, a result of `UNDEF` leaves the method.
    pub(super) fn emit_helper_call(
        &mut self,
        dst: VReg,
        helper: Helper,
        args: Vec<Opd>,
        spread: Option<Vec<Opd>>,
        pending: bool,
    ) {
        self.emit(Inst::Call {
            dst: Some(dst),
            helper,
            with_ctx: true,
            args,
            spread,
            pending,
            native: None,
        });
    }

    /// A `super` call at `site` of `method` with `operands` (self and the
    /// arguments), made directly: the method it calls is known from the
    /// caller's owner (see [`crate::runtime::Runtime::super_call`]). It
    /// passes its literal block (made by `call_block`, so only to a Ruby
    /// method that may be called natively), or the frame's own block.
    fn super_call(
        &self,
        method: crate::ir::MethodRef,
        site: u32,
        operands: usize,
    ) -> (Option<crate::runtime::DirectCall>, Option<u32>) {
        let code = self.rt.code(method);
        let site = &code.sites[site as usize];
        let passes = call_flags::NOT_PLAIN | call_flags::SUPER_IN_BLOCK;
        if site.flags & passes != 0 {
            return (None, None);
        }
        let argc = operands as u32 - 1;
        match site.block {
            Some(child) => {
                let call = self.rt.super_call(method, argc, site.flags);
                let made = !code.children[child as usize].leaves_through_frames()
                    && !self.rt.reads_last_match(method);
                match call {
                    Some(call) if made && call.native.is_some() => (Some(call), Some(child)),
                    _ => (None, None),
                }
            }
            None => {
                let flags = site.flags | call_flags::BLOCK_FORWARD;
                (self.rt.super_call(method, argc, flags), None)
            }
        }
    }

    /// Whether the inlined method frame making call `node` is known to
    /// have no block: its caller's send passes none (no literal block, no
    /// `&block`). A `super` or `f(&block)` there forwards nothing.
    fn inlined_frame_blockless(&self, node: NodeId) -> bool {
        let graph = self.graph;
        let info = |state: NodeId| match graph.op(state) {
            Op::FrameState(info) => info,
            _ => unreachable!("states are frame states"),
        };
        let Some(state) = graph.state(node) else {
            return false;
        };
        let frame = info(state);
        if !frame.outer || self.rt.code(frame.method).kind != bytecode::MethodKind::Method {
            return false;
        }
        let caller = info(graph.input(state, 0));
        let code = self.rt.code(caller.method);
        match code.insns[caller.ip as usize] {
            Insn::Send(site) => {
                let site = &code.sites[site as usize];
                let passes = bytecode::call_flags::BLOCK_ARG | bytecode::call_flags::BLOCK_FORWARD;
                site.block.is_none() && site.flags & passes == 0
            }
            _ => false,
        }
    }

    /// For a call in inlined code: the frames the runtime rebuilds while
    /// the call runs (the inlined callers are real frames for it: `self`,
    /// the lexical scope, backtraces), and the values to pass for them
    /// after the `operands` (see [`CallFrames`]). None for a call in the
    /// compiled method's own frame.
    fn call_frames(
        &mut self,
        node: NodeId,
        operands: &[Opd],
    ) -> Result<Option<(u32, Vec<Opd>)>, Unsupported> {
        let graph = self.graph;
        let Some(state) = graph.state(node) else {
            return Ok(None);
        };
        if self.in_root_frame(node) {
            return Ok(None);
        }
        let chain = deopt_maps::map_of(graph, state);
        for frame in &chain.frames[1..] {
            self.check_rebuildable(crate::ir::MethodRef(frame.method))?;
        }
        let mut passed = operands.to_vec();
        let mut reprs = Vec::new();
        let mut slots = Vec::new();
        let root = chain.frames[0].source_count();
        for source in chain.sources().skip(root) {
            let value = match source {
                Source::Constant(bits) => SiteValue::Constant(bits),
                Source::Entry(n) => SiteValue::Reg(self.entry[n as usize], deopt::Repr::Value),
                Source::Node(n) => self.site_value(NodeId(n))?,
            };
            let (opd, repr) = match value {
                SiteValue::Constant(bits) => (Opd::Imm(bits as i64), deopt::Repr::Value),
                SiteValue::Reg(v, repr) => (Opd::Reg(v), repr),
            };
            let slot = passed.iter().position(|&p| p == opd).unwrap_or_else(|| {
                passed.push(opd);
                passed.len() - 1
            });
            slots.push(slot as u32);
            reprs.push(repr);
        }
        let extra = passed.split_off(operands.len());
        let map = self.lir.maps.intern(chain);
        let index = self.lir.call_frames.len() as u32;
        self.lir.call_frames.push(CallFrames {
            map,
            reprs,
            slots,
            extra: extra.len() as u32,
        });
        Ok(Some((index, extra)))
    }

    fn emit_run_insn(
        &mut self,
        node: NodeId,
        insn: InsnAt,
        operands: &[NodeId],
        pops: Option<usize>,
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let InsnAt {
            method,
            direct,
            ip,
            literal_block,
        } = insn;
        let graph = self.graph;
        if operands.iter().any(|&o| {
            matches!(
                graph.op(o),
                Op::BlockLiteral { .. } | Op::Param(Param::Block | Param::Env)
            )
        }) {
            return Err(Unsupported("a block passed as a value"));
        }
        let mut spread = operands
            .iter()
            .map(|&o| self.opd(o))
            .collect::<Result<Vec<_>, _>>()?;
        let count = spread.len();
        // The call's index and, for inlined code, its frames (whose values
        // follow the operands).
        let mut at = CallAt::new(ip, None);
        let mut in_inlined_code = false;
        let mut depth = 1;
        if let Some((frames, values)) = self.call_frames(node, &spread)? {
            spread.extend(values);
            at = CallAt::new(ip, Some(frames));
            in_inlined_code = true;
            let map = self.lir.call_frames[frames as usize].map;
            depth = self.lir.maps.get(map).frames.len() as u32;
        }
        let pushes = graph.op(node).ty() == crate::ir::Type::Value && !graph.users(node).is_empty();
        let dst = pushes.then(|| self.vreg(node));
        let result = dst.unwrap_or_else(|| self.new_vreg());
        let mut native = None;
        // An instruction without a state neither raises nor calls: only
        // the others may leave a transfer pending. One with a landing pad
        // (a `raised` test) goes on to it; others in a protected range
        // transfer.
        let caught = graph
            .users(node)
            .iter()
            .any(|&user| matches!(graph.op(user), Op::Raised));
        let transfers = pops.is_some()
            && !caught
            && graph
                .state(node)
                .is_some_and(|state| self.handlers_around(state));
        // The block a native call gets made for it: its literal block, or
        // the block of the inlined frame making it, which it passes on
        // (none to make when that frame was called without one).
        let forwards_nothing = in_inlined_code && self.inlined_frame_blockless(node);
        let made_block = match direct.and_then(|call| call.native) {
            _ if literal_block.is_some() => literal_block.map(u64::from),
            Some(callee) if callee.forwards_block && in_inlined_code && !forwards_nothing => {
                Some(crate::runtime::FORWARDED_BLOCK)
            }
            _ => None,
        };
        let made_block = made_block.map(|child| {
            let block = self.new_vreg();
            let helper = Helper {
                name: "call_block",
                address: self.helpers.call_block as usize as u64,
            };
            let args = vec![
                Opd::Imm(child as i64),
                Opd::Imm(at.bits() as i64),
                Opd::Imm(count as i64),
            ];
            self.emit_helper_call(block, helper, args, Some(spread.clone()), false);
            block
        });
        let (target, name) = match direct {
            Some(call) => {
                // A native call from inlined code leaves the frames it is
                // in to be rebuilt when the callee's frame is materialised.
                native = call.native.map(|callee| NativeCall {
                    target: callee.target,
                    entry: callee.entry,
                    at,
                    argc: count as u32 - 1,
                    depth,
                    forwards_block: callee.forwards_block
                        && made_block.is_none()
                        && !forwards_nothing,
                    made_block,
                    recursive: graph.osr_entry.is_none()
                        && callee.target == self.rt.call_target(graph.method),
                });
                at = at.direct();
                (call.handle as i64, "call_direct")
            }
            None => (method.0 as i64, "run_insn"),
        };
        let (name, address) = self.helper_for(node, direct, literal_block, in_inlined_code, name);
        let returned = match made_block {
            Some(_) => self.new_vreg(),
            None => result,
        };
        self.emit(Inst::Call {
            dst: Some(returned),
            helper: Helper { name, address },
            with_ctx: true,
            args: vec![
                Opd::Imm(target),
                Opd::Imm(at.bits() as i64),
                Opd::Imm(count as i64),
            ],
            spread: Some(spread),
            pending: !transfers && !caught && made_block.is_none(),
            native,
        });
        if let Some(block) = made_block {
            // The block made for the call is let go before anything else
            // (a pending transfer leaves the method).
            let helper = Helper {
                name: "release_block",
                address: self.helpers.release_block as usize as u64,
            };
            let args = vec![Opd::Reg(returned), Opd::Reg(block)];
            self.emit_helper_call(result, helper, args, None, !transfers && !caught);
        }
        if transfers {
            self.transfer_site(node, result, pops.unwrap_or_default())?;
        }
        let parts = self.destructured_parts(node, result)?;
        if graph.op(node).has_side_effect() {
            map.current = None;
            if let (Some(pops), Some(state)) = (pops, graph.state(node)) {
                // Poll: resume after the call, with its result pushed (or
                // a destructuring's parts).
                let mut after = deopt_maps::map_of(graph, state);
                let frame = after.frames.last_mut().expect("a frame");
                frame.stack.truncate(frame.stack.len() - pops);
                let code = self.rt.code(method);
                let pushed = bytecode_pushes(&code.insns[ip as usize]) && parts.is_none();
                if let Some(parts) = parts {
                    frame
                        .stack
                        .extend(parts.iter().map(|part| Source::Node(part.0)));
                }
                // A constructor's `new` returns the new object.
                let returned_value = match graph.op(node) {
                    Op::Send(info) if info.constructor => self.value(graph.input(node, 0))?,
                    _ => result,
                };
                let returned = pushed.then_some(SiteValue::Reg(returned_value, deopt::Repr::Value));
                let site = self.make_site(node, SiteReason::Invalidated, after, true, returned)?;
                if caught {
                    // Not with the transfer pending: where the call
                    // returned (`raised_poll`).
                    self.deferred_polls.insert(node, site);
                } else {
                    self.poll(site);
                }
            }
        }
        Ok(())
    }

    /// The helper a call of `node` makes (its name and address): `name`
    /// (`run_insn` or `call_direct`), unless it has one of its own (the
    /// same arguments): a `yield` or `yield(*list)` of the compiled
    /// method's own block (also from a block inlined into it), an Array or
    /// Range literal, an interpolation's String, `Array.new`, a direct call
    /// of a core method.
    fn helper_for(
        &self,
        node: NodeId,
        direct: Option<crate::runtime::DirectCall>,
        literal_block: Option<u32>,
        in_inlined_code: bool,
        name: &'static str,
    ) -> (&'static str, u64) {
        let graph = self.graph;
        match graph.op(node) {
            &Op::Yield {
                splat,
                kwargs: false,
                ..
            } if !in_inlined_code
                || matches!(graph.op(graph.input(node, 0)), Op::Param(Param::Block)) =>
            {
                if splat {
                    ("yield_splat", self.helpers.yield_splat as usize as u64)
                } else {
                    ("yield_block", self.helpers.yield_block as usize as u64)
                }
            }
            Op::Insn {
                insn: Insn::NewArray(_),
                ..
            } => ("new_array", self.helpers.new_array as usize as u64),
            Op::Send(info)
                if direct.is_some()
                    && info.block.is_none()
                    && matches!(graph.as_const(graph.input(node, 0)),
                        Some(crate::ir::Const::Value(class)) if self.rt.allocates_array(class, info.name)) =>
            {
                ("array_new", self.helpers.array_new as usize as u64)
            }
            Op::Insn {
                insn: Insn::NewRange { .. },
                ..
            } => ("new_range", self.helpers.new_range as usize as u64),
            Op::Insn {
                insn: Insn::Concat(_),
                ..
            } => (
                "concat_strings",
                self.helpers.concat_strings as usize as u64,
            ),
            Op::Insn {
                insn: Insn::ToS, ..
            } => ("interpolate", self.helpers.interpolate as usize as u64),
            Op::Insn {
                insn: Insn::SetGlobal(_),
                ..
            } => ("set_global", self.helpers.set_global as usize as u64),
            Op::Insn {
                insn: Insn::Reraise,
                ..
            } => ("raise_again", self.helpers.raise_again as usize as u64),
            // A direct call passing its literal block (a `super`'s too).
            op if direct.is_some()
                && (literal_block.is_some()
                    || matches!(op, Op::Send(info) if info.block.is_some())) =>
            {
                (
                    "call_with_literal_block",
                    self.helpers.call_with_literal_block as usize as u64,
                )
            }
            // A core method's own helper.
            _ if direct.is_some_and(|call| call.core) => {
                ("call_core", self.helpers.call_core as usize as u64)
            }
            _ => (name, self.helpers.run_insn as usize as u64),
        }
    }

    /// After a call (whose result is `result`) in a method with handlers:
    /// a transfer it leaves pending hands the frame, as it is at the call
    /// (its `pops` operands consumed), to the interpreter.
    fn transfer_site(
        &mut self,
        node: NodeId,
        result: VReg,
        pops: usize,
    ) -> Result<(), Unsupported> {
        let graph = self.graph;
        let state = graph
            .state(node)
            .expect("a call that may transfer has a state");
        let mut at = deopt_maps::map_of(graph, state);
        let frame = at.frames.last_mut().expect("a frame");
        frame.stack.truncate(frame.stack.len() - pops);
        let site = self.make_site(node, SiteReason::Transfer, at, false, None)?;
        self.emit(Inst::Transfer {
            value: result,
            site,
        });
        Ok(())
    }

    /// The `catch` of a landing pad: takes the pending exception (the
    /// runtime's `catch_raise`); any other transfer is handed, with the
    /// frames of the catch's state, to the interpreter.
    pub(super) fn catch(&mut self, node: NodeId, map: &mut MapState) -> Result<(), Unsupported> {
        let state = self
            .graph
            .state(node)
            .ok_or(Unsupported("a catch without a state"))?;
        let exception = self.vreg(node);
        let helper = self.helpers.catch_raise as usize as u64;
        self.call(Some(exception), helper, "catch_raise", true, vec![]);
        let at = deopt_maps::map_of(self.graph, state);
        let site = self.make_site(node, SiteReason::Transfer, at, false, None)?;
        self.emit(Inst::Transfer {
            value: exception,
            site,
        });
        map.current = None;
        Ok(())
    }

    /// For a destructuring (`a, b = pair`), which the runtime answers with
    /// an Array of its parts: loads each part (the node's `Project`s) from
    /// that Array. Returns the parts in order (all must be used: a
    /// deoptimisation after the instruction puts them all back on the
    /// stack), or None for another instruction.
    fn destructured_parts(
        &mut self,
        node: NodeId,
        array: VReg,
    ) -> Result<Option<Vec<NodeId>>, Unsupported> {
        let graph = self.graph;
        let Op::Insn {
            insn:
                Insn::Destructure {
                    before,
                    splat,
                    after,
                },
            ..
        } = *graph.op(node)
        else {
            return Ok(None);
        };
        let count = usize::from(before) + usize::from(splat) + usize::from(after);
        let mut parts = vec![None; count];
        for &user in graph.users(node) {
            if let Op::Project(n) = *graph.op(user) {
                parts[n as usize].get_or_insert(user);
                let dst = self.vreg(user);
                self.array_load(dst, array, Opd::Imm(i64::from(n)));
            }
        }
        parts
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .map(Some)
            .ok_or(Unsupported("a destructuring with an unused part"))
    }
}

/// An instruction compiled code runs through the runtime: the method and
/// index, and for a send called directly the runtime's handle of its
/// target.
#[derive(Clone, Copy)]
struct InsnAt {
    method: crate::ir::MethodRef,
    direct: Option<crate::runtime::DirectCall>,
    ip: u32,
    /// With `direct`: the send passes literal block `child` of `method`,
    /// which a native call gets made by `call_block` (see
    /// [`Lowering::literal_block_call`]).
    literal_block: Option<u32>,
}

/// Whether an instruction pushes a result.
fn bytecode_pushes(insn: &Insn) -> bool {
    !matches!(
        insn,
        Insn::SetConst(_)
            | Insn::SetGlobal(_)
            | Insn::SetIvar(_)
            | Insn::SetCvar(_)
            | Insn::SetConstIn(_)
            | Insn::SetLastMatch
            | Insn::StoreEnv { .. }
    )
}
