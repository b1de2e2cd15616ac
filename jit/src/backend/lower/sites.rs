//! Deoptimisation sites: where compiled code may leave, and the map of
//! frames the runtime rebuilds there.
//!
//! A site takes the *current* map, which moves forward only past a side
//! effect (see the module doc of `lower`); each of its values says where
//! the stub finds it and how it is represented (a register holding an
//! integer, a Bool, a double, or a value):
//!
//! ```text
//! guard v1 & 0x1 != 0 else site 0
//! site 0: kind fixnum -> @0 [v0, v1, v2]
//! ```
//!
//! Polls make sites too: after a call, and on a loop's back edge, code
//! that was invalidated meanwhile leaves there.

use super::{DeoptMapRef, Lowering, MapState, Unsupported};
use crate::backend::lir::*;
use crate::backend::schedule;
use crate::ir::{Const, NodeId, Op};
use crate::passes::deopt_maps;
use bytecode::{abi, Insn};
use deopt::{DeoptMap, FrameMap, Source};

impl Lowering<'_> {
    /// A poll on a loop's back edge, with the current map: the loop
    /// deoptimises there once its code is invalidated. When the map is not
    /// known (a call ran since the loop header), the poll after that call
    /// already checked.
    pub(super) fn back_edge_poll(
        &mut self,
        node: NodeId,
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let Some(current) = map.current.clone() else {
            return Ok(());
        };
        let deopt_map = match current {
            DeoptMapRef::Entry => self.entry_map(),
            DeoptMapRef::State(state) => deopt_maps::map_of(self.graph, state),
        };
        let site = self.make_site(node, SiteReason::Invalidated, deopt_map, false, None)?;
        self.poll(site);
        Ok(())
    }

    /// A poll of the code's `invalidated` flag, deoptimising at `site`
    /// when it is set. Under `--jit-stress-deopt` the site is also taken
    /// on the stress schedule, as guards' are: a poll after a call then
    /// resumes the interpreter after the call, so every map of the state
    /// after a call (the call's operands off the stack, its result on it)
    /// is run by the stress modes, not only when code is retired.
    pub(super) fn poll(&mut self, site: SiteId) {
        self.emit(Inst::Poll { site });
        if self.rt.stress_countdown().is_some() {
            self.emit(Inst::Stress { site });
        }
    }

    /// The map of the method's entry: index 0, the receiver and arguments.
    fn entry_map(&self) -> DeoptMap {
        DeoptMap {
            frames: vec![FrameMap {
                method: self.graph.method.0,
                ip: 0,
                receiver: Source::Entry(0),
                args: (1..self.entry.len() as u32).map(Source::Entry).collect(),
                env: None,
                locals: vec![],
                pending: vec![],
                stack: vec![],
            }],
        }
    }

    /// The site of a guarding node, with the current map; under
    /// `--jit-stress-deopt` the site may also be taken before the node runs.
    pub(super) fn site(
        &mut self,
        node: NodeId,
        reason: SiteReason,
        map: &mut MapState,
    ) -> Result<SiteId, Unsupported> {
        let site = self.site_at(node, reason, map)?;
        if self.rt.stress_countdown().is_some() {
            self.emit(Inst::Stress { site });
        }
        Ok(site)
    }

    /// The site of a node that may deoptimise, with the current map.
    pub(super) fn site_at(
        &mut self,
        node: NodeId,
        reason: SiteReason,
        map: &mut MapState,
    ) -> Result<SiteId, Unsupported> {
        if map.current.is_none() {
            let state = self
                .graph
                .state(node)
                .ok_or(Unsupported("a guard without a state"))?;
            map.current = Some(DeoptMapRef::State(state));
        }
        let deopt_map = match map.current.clone().expect("set above") {
            DeoptMapRef::Entry => self.entry_map(),
            DeoptMapRef::State(state) => deopt_maps::map_of(self.graph, state),
        };
        self.make_site(node, reason, deopt_map, false, None)
    }

    pub(super) fn make_site(
        &mut self,
        node: NodeId,
        reason: SiteReason,
        map: DeoptMap,
        after_call: bool,
        returned: Option<SiteValue>,
    ) -> Result<SiteId, Unsupported> {
        for frame in &map.frames[1..] {
            self.check_rebuildable(crate::ir::MethodRef(frame.method))?;
        }
        let mut values = Vec::new();
        for source in map.sources() {
            values.push(match source {
                Source::Constant(bits) => SiteValue::Constant(bits),
                Source::Entry(n) => SiteValue::Reg(self.entry[n as usize], deopt::Repr::Value),
                Source::Node(n) => self.site_value(NodeId(n))?,
            });
        }
        let map = self.lir.maps.intern(map);
        let id = SiteId(self.lir.sites.len() as u32);
        let origin = match self.graph.state(node).map(|s| self.graph.op(s)) {
            Some(Op::FrameState(info)) => Some((info.method.0, info.ip)),
            _ => None,
        };
        self.lir.sites.push(Site {
            node,
            origin,
            reason,
            reason_name: reason.name(self.rt),
            map,
            values,
            after_call,
            returned,
        });
        Ok(id)
    }

    /// Whether a transfer out of a call with state `state` may have to
    /// stop in one of its frames: a frame of the chain (the compiled
    /// method's, or an inlined one around it) has `rescue`/`ensure`
    /// handlers, or writes blocks (a `return` or `break` in them, run by
    /// the runtime, ends that frame or its call), unless it is the
    /// compiled method's own frame making the call: the runtime's send
    /// takes a `break` from the block it passes itself.
    pub(super) fn handlers_around(&self, state: NodeId) -> bool {
        let call = state;
        let mut current = Some(state);
        while let Some(state) = current {
            let Op::FrameState(info) = self.graph.op(state) else {
                break;
            };
            let code = self.rt.code(info.method);
            if !code.handlers.is_empty() {
                return true;
            }
            let writes_blocks = code.insns.iter().any(|insn| {
                matches!(insn, Insn::Send(site) if code.sites[*site as usize].block.is_some())
            });
            if writes_blocks && (info.outer || state != call) {
                return true;
            }
            current = info.outer.then(|| self.graph.input(state, 0));
        }
        false
    }

    /// Whether the runtime can rebuild the frame of an inlined call of
    /// `method` from a map. Its block is made again each time (from its
    /// caller's call), so a frame that makes a Proc of its block (`&blk`)
    /// is not: a `break` from the Proc would not find the block its
    /// caller passes.
    pub(super) fn check_rebuildable(
        &self,
        method: crate::ir::MethodRef,
    ) -> Result<(), Unsupported> {
        let code = self.rt.code(method);
        if code
            .insns
            .iter()
            .any(|insn| matches!(insn, Insn::BlockParam))
        {
            return Err(Unsupported("an inlined frame's block parameter"));
        }
        Ok(())
    }

    /// How a site reads a frame-state value back.
    pub(super) fn site_value(&mut self, node: NodeId) -> Result<SiteValue, Unsupported> {
        let graph = self.graph;
        let inner = schedule::state_value(graph, node);
        let repr = match graph.op(node) {
            Op::TagFixnum => deopt::Repr::Int,
            Op::BoolToValue => deopt::Repr::Bool,
            Op::BoxFloat => deopt::Repr::Float,
            _ => deopt::Repr::Value,
        };
        if let Some(c) = graph.as_const(inner) {
            let bits = match (c, repr) {
                (Const::Value(bits), _) => bits,
                (Const::Int(n), _) => abi::fixnum(n).ok_or(Unsupported("a big constant"))?,
                (Const::Bool(b), _) => abi::bool(b),
                (Const::Float(d), _) => {
                    abi::flonum(d).ok_or(Unsupported("a heap Float constant"))?
                }
            };
            return Ok(SiteValue::Constant(bits));
        }
        if let Op::BlockLiteral { .. } = graph.op(inner) {
            return Err(Unsupported("a block in a frame state"));
        }
        if let (deopt::Repr::Int, Some(Opd::Reg(fixnum))) = (repr, self.tagged_opd(inner)) {
            return Ok(SiteValue::Reg(fixnum, deopt::Repr::Value));
        }
        Ok(SiteValue::Reg(self.value(inner)?, repr))
    }
}
