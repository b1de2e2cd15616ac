//! Lowering: the scheduled graph to LIR.
//!
//! Each node becomes the machine-level steps it stands for:
//!
//! - *Tagging is explicit*: `untag_fixnum` is a shift right, `tag_fixnum`
//!   `2n + 1`, and checked arithmetic checks the fixnum range itself.
//!   Addition, subtraction and comparisons of fixnums at hand work on the
//!   fixnums themselves (`tagged_add`; see `Lowering::tagged_arith`), and
//!   untags nothing reads are removed.
//! - *Branches are specialised*: a condition used only by branches and
//!   guards is not computed as a value but fused into the compare-and-jump
//!   (`branch v1 lt v2`), negations folded in.
//! - *Immediates are converted*: constants become operands.
//! - *Calls are expanded*: a send, a `yield` or any instruction the graph
//!   left to the runtime becomes a call of the runtime's `run_insn` helper
//!   with the values it pops stored in the frame; object and Array accesses
//!   call small helpers; after each call, a result of `UNDEF` (a pending
//!   exception or jump) leaves the method, and a poll deoptimises if the
//!   call invalidated this code.
//! - *Handlers are the interpreter's*: in a method with `rescue`/`ensure`
//!   (or a call inside an inlined one), `UNDEF` does not leave the method:
//!   a `transfer` hands the frame, as it is at the call, to the
//!   interpreter, whose handlers take the pending exception or jump there.
//!
//! ```text
//! def parse(s)                                   # rescue ArgumentError; 0
//!   Integer(s)
//!
//!   v3 = call call_direct(ctx, ..., [v0, v1])    # Integer(s)
//!   transfer v3 site 2                           # UNDEF: to the handlers
//!   site 2: transfer -> @8 transfer [v0, v1, v2]
//! ```
//!
//! Lowering also decides the deoptimisation map of each site, as seed 004
//! does: the *current* map moves forward only past a side effect. A guard
//! with no side effect between the method's entry and itself rolls back to
//! index 0; after a call it uses its own state:
//!
//! ```ruby
//! def add(a, b)               # guard at `+`: map @0 (nothing happened yet)
//!   a + b
//! end
//!
//! def add_with_side_effects(a, b)
//!   side_effect(a) + side_effect(b)   # guard at `+`: map @12, the two
//! end                                 # side_effect results on the stack
//! ```

use super::lir::*;
use super::schedule::{self, BlockId, Schedule};
use crate::ir::{Cmp, Const, ExitTarget, FloatOp, Graph, GuardReason, IntOp, NodeId, Op, Param};
use crate::passes::deopt_maps;
use crate::runtime::{CallAt, Helpers, Runtime};
use bytecode::{abi, Insn};
use deopt::{DeoptMap, FrameMap, Source};
use fxhash::FxHashMap;

/// Why a graph could not be lowered (the method stays interpreted).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Unsupported(pub &'static str);

/// Where the current map stands in a block.
#[derive(Clone, Debug)]
struct MapState {
    /// The map a site uses now (None: the next state seen).
    current: Option<DeoptMapRef>,
}

#[derive(Clone, Debug)]
enum DeoptMapRef {
    /// The method's entry: index 0, with the receiver and arguments.
    Entry,
    /// A frame state node.
    State(NodeId),
}

struct Lowering<'a> {
    graph: &'a Graph,
    schedule: &'a Schedule,
    rt: &'a dyn Runtime,
    helpers: Helpers,
    lir: Lir,
    vreg_of: FxHashMap<NodeId, VReg>,
    /// Entry parameters: receiver and arguments.
    entry: Vec<VReg>,
    /// Bool nodes fused into their branches and guards.
    fused: fxhash::FxHashSet<NodeId>,
    /// Kind tests only guards use (each guard tests for itself).
    guarded_kinds: fxhash::FxHashSet<NodeId>,
    /// Integer nodes whose fixnum is at hand: the register holding it.
    tagged: FxHashMap<NodeId, VReg>,
    origin: Option<NodeId>,
    block_exit: Vec<Option<MapState>>,
    /// The compiled method has `rescue`/`ensure` handlers: its own
    /// `return`/`break` (a compiled block's) would leave without them.
    /// (Transfers pending after calls go to the interpreter's handlers:
    /// `transfer_site`.)
    has_handlers: bool,
}

pub fn lower(graph: &Graph, schedule: &Schedule, rt: &dyn Runtime) -> Result<Lir, Unsupported> {
    let mut lowering = Lowering {
        graph,
        schedule,
        rt,
        helpers: rt.helpers(),
        lir: Lir::default(),
        vreg_of: FxHashMap::default(),
        entry: Vec::new(),
        fused: Default::default(),
        guarded_kinds: Default::default(),
        tagged: Default::default(),
        origin: None,
        block_exit: vec![None; schedule.blocks.len()],
        has_handlers: !rt.code(graph.method).handlers.is_empty(),
    };
    lowering.find_fused();
    for b in 0..schedule.blocks.len() {
        lowering.block(BlockId(b as u32))?;
    }
    lowering.lir.remove_dead_values();
    Ok(lowering.lir)
}

/// The root frame's argument count, from any of its states (None when no
/// state names the root frame: nothing deoptimises into it).
fn root_args(graph: &Graph) -> Option<u32> {
    graph.live().find_map(|n| match graph.op(n) {
        Op::FrameState(info) if info.frame == graph.frame => Some(info.args),
        _ => None,
    })
}

impl Lowering<'_> {
    fn new_vreg(&mut self) -> VReg {
        let v = VReg(self.lir.vregs);
        self.lir.vregs += 1;
        v
    }

    fn emit(&mut self, inst: Inst) {
        self.lir.insts.push(inst);
        self.lir.origins.push(self.origin);
    }

    fn vreg(&mut self, node: NodeId) -> VReg {
        if let Some(&v) = self.vreg_of.get(&node) {
            return v;
        }
        let v = self.new_vreg();
        self.vreg_of.insert(node, v);
        v
    }

    /// An operand for a node's value (constants as immediates).
    fn opd(&mut self, node: NodeId) -> Result<Opd, Unsupported> {
        match self.graph.as_const(node) {
            Some(c) => Ok(Opd::Imm(const_bits(c)?)),
            None => Ok(Opd::Reg(self.value(node)?)),
        }
    }

    /// An integer node's fixnum, when it is at hand: a register holding
    /// it (see [`Self::tagged_arith`]) or a constant's fixnum bits.
    fn tagged_opd(&self, node: NodeId) -> Option<Opd> {
        match self.graph.as_const(node) {
            Some(Const::Int(n)) => abi::fixnum(n).map(|bits| Opd::Imm(bits as i64)),
            Some(_) => None,
            None => self.tagged.get(&node).map(|&v| Opd::Reg(v)),
        }
    }

    /// A node's value in a register (constants moved into one).
    fn value(&mut self, node: NodeId) -> Result<VReg, Unsupported> {
        if let Some(c) = self.graph.as_const(node) {
            let v = self.new_vreg();
            self.emit(Inst::Mov {
                dst: v,
                src: Opd::Imm(const_bits(c)?),
            });
            return Ok(v);
        }
        if self.fused.contains(&node) {
            // A fused condition also needed as a value (by a state).
            let test = self.test(node)?;
            let v = self.new_vreg();
            self.emit(Inst::SetCond { dst: v, test });
            return Ok(v);
        }
        self.vreg_of
            .get(&node)
            .copied()
            .ok_or(Unsupported("a value used before it is computed"))
    }

    /// Conditions used only as branch and guard conditions.
    fn find_fused(&mut self) {
        let graph = self.graph;
        // Branches and guards test the condition themselves; a frame
        // state that names it (through `bool_to_value`) gets it computed
        // at its site; a fused negation tests it negated.
        let only_tests = |node: NodeId, nots: &fxhash::FxHashSet<NodeId>| {
            !graph.users(node).is_empty()
                && graph.users(node).iter().all(|&u| match graph.op(u) {
                    Op::Branch | Op::Guard(_) => graph.input(u, 0) == node,
                    Op::FrameState(_) => true,
                    Op::BoolToValue => graph
                        .users(u)
                        .iter()
                        .all(|&w| matches!(graph.op(w), Op::FrameState(_))),
                    Op::BoolNot => nots.contains(&u),
                    _ => false,
                })
        };
        let fusable = |node: NodeId| match graph.op(node) {
            Op::IntCmp(_)
            | Op::FloatCmp(_)
            | Op::IsNil
            | Op::Truthy
            | Op::ShapeIs(_)
            | Op::SameValue => true,
            Op::IsKind(kind) => matches!(
                self.rt.kind_test(*kind),
                KindTest::Fixnum | KindTest::Immediate(_)
            ),
            _ => false,
        };
        // Negations of conditions that negate as compare-and-jumps (a
        // float comparison does not: NaN).
        let none = fxhash::FxHashSet::default();
        let nots: fxhash::FxHashSet<NodeId> = graph
            .live()
            .filter(|&n| matches!(graph.op(n), Op::BoolNot))
            .filter(|&n| {
                let input = graph.input(n, 0);
                fusable(input) && !matches!(graph.op(input), Op::FloatCmp(_))
            })
            .filter(|&n| only_tests(n, &none))
            .collect();
        for node in graph.live() {
            if fusable(node) && only_tests(node, &nots) {
                self.fused.insert(node);
            }
        }
        for &not in &nots {
            if self.fused.contains(&graph.input(not, 0)) {
                self.fused.insert(not);
            }
        }
        // Other kind tests that only guards use: each guard tests the
        // value itself (`Inst::Kind` with a site).
        for node in graph.live() {
            let guards_only = !graph.users(node).is_empty()
                && graph
                    .users(node)
                    .iter()
                    .all(|&u| matches!(graph.op(u), Op::Guard(_)));
            if matches!(graph.op(node), Op::IsKind(_)) && guards_only {
                self.guarded_kinds.insert(node);
            }
        }
    }

    /// The compare-and-jump condition of a Bool node.
    fn test(&mut self, node: NodeId) -> Result<Test, Unsupported> {
        let graph = self.graph;
        if self.fused.contains(&node) {
            let inputs = graph.inputs(node);
            return Ok(match graph.op(node) {
                // Fixnums compare as their integers do.
                Op::IntCmp(cmp) => match (self.tagged_opd(inputs[0]), self.tagged_opd(inputs[1])) {
                    (Some(a), Some(Opd::Reg(b))) => Test::Cmp(cmp.swapped(), b, a),
                    (Some(Opd::Reg(a)), Some(b)) => Test::Cmp(*cmp, a, b),
                    _ => match (graph.as_const(inputs[0]), graph.as_const(inputs[1])) {
                        (Some(_), None) => {
                            let b = self.opd(inputs[0])?;
                            Test::Cmp(cmp.swapped(), self.value(inputs[1])?, b)
                        }
                        _ => {
                            let b = self.opd(inputs[1])?;
                            Test::Cmp(*cmp, self.value(inputs[0])?, b)
                        }
                    },
                },
                Op::FloatCmp(cmp) => {
                    Test::FloatCmp(*cmp, self.value(inputs[0])?, self.value(inputs[1])?)
                }
                Op::IsNil => Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(abi::NIL as i64)),
                Op::SameValue => match graph.as_const(inputs[0]) {
                    Some(_) => {
                        let b = self.opd(inputs[0])?;
                        Test::Cmp(Cmp::Eq, self.value(inputs[1])?, b)
                    }
                    None => {
                        let b = self.opd(inputs[1])?;
                        Test::Cmp(Cmp::Eq, self.value(inputs[0])?, b)
                    }
                },
                Op::ShapeIs(shape) => {
                    Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(shape.0 as i64))
                }
                Op::Truthy => Test::Mask {
                    value: self.value(inputs[0])?,
                    mask: !(abi::NIL as i32),
                    zero: false,
                },
                Op::BoolNot => self
                    .test(inputs[0])?
                    .negate()
                    .expect("only negatable conditions fuse under a negation"),
                Op::IsKind(kind) => match self.rt.kind_test(*kind) {
                    KindTest::Fixnum => Test::Mask {
                        value: self.value(inputs[0])?,
                        mask: abi::FIXNUM_FLAG as i32,
                        zero: false,
                    },
                    KindTest::Immediate(bits) => {
                        Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(bits as i64))
                    }
                    _ => unreachable!("only fixnum and immediate kind tests fuse"),
                },
                _ => unreachable!("only comparisons and tests fuse"),
            });
        }
        let v = self.value(node)?;
        Ok(Test::Mask {
            value: v,
            mask: 1,
            zero: false,
        })
    }

    fn block(&mut self, id: BlockId) -> Result<(), Unsupported> {
        let graph = self.graph;
        let block = &self.schedule.blocks[id.0 as usize];
        let head = block.head;
        let mut params = Vec::new();
        if graph.op(head).is_merge() {
            for phi in graph.phis(head) {
                params.push(self.vreg(phi));
            }
        }
        self.origin = Some(head);
        self.emit(Inst::Label { block: id, params });
        let mut map = if id.0 == 0 {
            self.entry_params()?;
            // Code entered by on-stack replacement starts mid-method: its
            // first site uses its own state.
            let entry = graph.osr_entry.is_none() && root_args(graph).is_some();
            MapState {
                current: entry.then_some(DeoptMapRef::Entry),
            }
        } else if block.preds.len() == 1 && block.preds[0] < id {
            self.block_exit[block.preds[0].0 as usize]
                .clone()
                .expect("a single predecessor comes first")
        } else {
            MapState { current: None }
        };
        let nodes = block.nodes.clone();
        for &node in &nodes {
            self.origin = Some(node);
            self.node(node, &mut map)?;
        }
        let last = nodes.last().copied().unwrap_or(head);
        let op = graph.op(last);
        if !(matches!(op, Op::Branch) || op.is_end()) {
            // Falls into a merge (or the next block): pass the phi values.
            let to = block.succs[0];
            let target = &self.schedule.blocks[to.0 as usize];
            let index = target
                .preds
                .iter()
                .position(|&p| p == id)
                .expect("a jump's target lists its predecessor");
            let mut args = Vec::new();
            if graph.op(target.head).is_merge() {
                for phi in graph.phis(target.head) {
                    args.push(self.opd(graph.input(phi, index))?);
                }
            }
            if to <= id {
                self.back_edge_poll(last, &mut map)?;
            }
            self.emit(Inst::Jump { to, args });
        }
        self.block_exit[id.0 as usize] = Some(map);
        Ok(())
    }

    /// A poll on a loop's back edge, with the current map: the loop
    /// deoptimises there once its code is invalidated. When the map is not
    /// known (a call ran since the loop header), the poll after that call
    /// already checked.
    fn back_edge_poll(&mut self, node: NodeId, map: &mut MapState) -> Result<(), Unsupported> {
        let Some(current) = map.current.clone() else {
            return Ok(());
        };
        let deopt_map = match current {
            DeoptMapRef::Entry => self.entry_map(),
            DeoptMapRef::State(state) => deopt_maps::map_of(self.graph, state),
        };
        let site = self.make_site(node, SiteReason::Invalidated, deopt_map, false, None)?;
        self.emit(Inst::Poll { site });
        Ok(())
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
                stack: vec![],
            }],
        }
    }

    fn entry_params(&mut self) -> Result<(), Unsupported> {
        let graph = self.graph;
        let receiver = self.new_vreg();
        self.emit(Inst::Param {
            dst: receiver,
            slot: ParamSlot::Receiver,
        });
        self.entry.push(receiver);
        for n in 0..root_args(graph).unwrap_or(0) {
            let arg = self.new_vreg();
            self.emit(Inst::Param {
                dst: arg,
                slot: ParamSlot::Arg(n),
            });
            self.entry.push(arg);
        }
        // The graph's own parameter nodes are these registers.
        for node in graph.live() {
            match graph.op(node) {
                Op::Param(Param::SelfValue) => {
                    self.vreg_of.insert(node, receiver);
                }
                Op::Param(Param::Arg(n)) => {
                    let arg = match self.entry.get(1 + *n as usize) {
                        Some(&arg) => arg,
                        None => {
                            let arg = self.new_vreg();
                            self.emit(Inst::Param {
                                dst: arg,
                                slot: ParamSlot::Arg(*n),
                            });
                            arg
                        }
                    };
                    self.vreg_of.insert(node, arg);
                }
                Op::Param(Param::HasArg(n)) => {
                    let dst = self.vreg(node);
                    self.emit(Inst::Param {
                        dst,
                        slot: ParamSlot::HasArg(*n),
                    });
                }
                Op::Param(Param::Local(n)) | Op::Param(Param::Operand(n)) => {
                    let code = self.rt.code(graph.method);
                    let first_local = 1 + crate::builder::param_count(&code);
                    let index = match graph.op(node) {
                        Op::Param(Param::Local(_)) => first_local + n,
                        _ => first_local + code.locals.len() as u32 + n,
                    };
                    let dst = self.vreg(node);
                    self.emit(Inst::Param {
                        dst,
                        slot: ParamSlot::Frame(index),
                    });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The site of a guarding node, with the current map; under
    /// `--jit-stress-deopt` the site may also be taken before the node runs.
    fn site(
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
    fn site_at(
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

    fn make_site(
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
    fn handlers_around(&self, state: NodeId) -> bool {
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
    fn check_rebuildable(&self, method: crate::ir::MethodRef) -> Result<(), Unsupported> {
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
    fn site_value(&mut self, node: NodeId) -> Result<SiteValue, Unsupported> {
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

    /// Integer `+ - & |` computed on the operands' fixnums, when both are
    /// at hand, so that neither is untagged nor the result tagged:
    ///
    /// ```text
    /// a + b   ->  (A - 1) + B     (A = 2a + 1, B = 2b + 1)
    /// a - b   ->  (A - B) + 1
    /// a + 3   ->  A + 6
    /// a & b   ->  A & B           (and | alike)
    /// ```
    ///
    /// A fixnum has 63 bits, so the machine's overflow flag alone says
    /// when the result leaves the fixnum range. The result's fixnum is at
    /// hand for its users (a `tag_fixnum` of it is that register, a
    /// comparison compares fixnums); the integer is untagged from it for
    /// any other user, and the untag goes again when there is none
    /// ([`Lir::remove_dead_values`]).
    fn tagged_arith(
        &mut self,
        node: NodeId,
        int: IntOp,
        check: Option<SiteId>,
    ) -> Result<bool, Unsupported> {
        let inputs = self.graph.inputs(node);
        let int = int.checked_form();
        let (a, b) = match (self.tagged_opd(inputs[0]), self.tagged_opd(inputs[1])) {
            (Some(Opd::Reg(a)), Some(b)) => (a, b),
            (Some(a @ Opd::Imm(_)), Some(Opd::Reg(b))) if int != IntOp::Sub => (b, a),
            _ => return Ok(false),
        };
        if !matches!(
            int,
            IntOp::Add | IntOp::Sub | IntOp::And | IntOp::Or | IntOp::Max | IntOp::Min
        ) {
            return Ok(false);
        }
        let fixnum = self.new_vreg();
        let bin = |this: &mut Self, op, dst, a, b, check| {
            this.emit(Inst::Bin {
                op,
                dst,
                a,
                b,
                check,
                tagged: check.is_some(),
            })
        };
        match (int, b) {
            (IntOp::Add, Opd::Imm(bits)) => {
                bin(self, BinOp::Add, fixnum, a, Opd::Imm(bits - 1), check)
            }
            (IntOp::Sub, Opd::Imm(bits)) => {
                bin(self, BinOp::Sub, fixnum, a, Opd::Imm(bits - 1), check)
            }
            (IntOp::Add, b) => {
                let untagged = self.new_vreg();
                bin(self, BinOp::Sub, untagged, a, Opd::Imm(1), None);
                bin(self, BinOp::Add, fixnum, untagged, b, check);
            }
            (IntOp::Sub, b) => {
                let difference = self.new_vreg();
                bin(self, BinOp::Sub, difference, a, b, check);
                bin(self, BinOp::Add, fixnum, difference, Opd::Imm(1), None);
            }
            (IntOp::And, b) => bin(self, BinOp::And, fixnum, a, b, check),
            (IntOp::Max, b) => bin(self, BinOp::Max, fixnum, a, b, None),
            (IntOp::Min, b) => bin(self, BinOp::Min, fixnum, a, b, None),
            (_, b) => bin(self, BinOp::Or, fixnum, a, b, check),
        }
        self.tagged.insert(node, fixnum);
        let dst = self.vreg(node);
        self.emit(Inst::Untag { dst, src: fixnum });
        Ok(true)
    }

    /// Element `index` (inside it) of `array`, into `dst`.
    fn array_load(&mut self, dst: VReg, array: VReg, index: Opd) {
        let (base, index, offset) = self.element_address(array, index);
        self.emit(Inst::Load {
            dst,
            base,
            index,
            offset,
        });
    }

    /// Deoptimises at `node`'s site when `object` is frozen.
    fn frozen_guard(
        &mut self,
        node: NodeId,
        object: VReg,
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let layout = self.rt.object_layout();
        let site = self.site(node, SiteReason::Guard(GuardReason::Frozen), map)?;
        let flags = self.new_vreg();
        self.emit(Inst::Load {
            dst: flags,
            base: object,
            index: None,
            offset: layout.frozen_offset,
        });
        self.emit(Inst::Guard {
            test: Test::Mask {
                value: flags,
                mask: layout.frozen_mask,
                zero: true,
            },
            site,
        });
        Ok(())
    }

    /// Where element `index` of `array` is: the elements' address (loaded
    /// now), and the index register and offset from it.
    fn element_address(&mut self, array: VReg, index: Opd) -> (VReg, Option<VReg>, i32) {
        let elements = self.new_vreg();
        self.emit(Inst::Load {
            dst: elements,
            base: array,
            index: None,
            offset: self.rt.array_layout().elements_offset,
        });
        let (index, offset) = match index {
            Opd::Imm(n) => match n.checked_mul(8).and_then(|o| i32::try_from(o).ok()) {
                Some(offset) => (None, offset),
                None => {
                    let register = self.new_vreg();
                    self.emit(Inst::Mov {
                        dst: register,
                        src: index,
                    });
                    (Some(register), 0)
                }
            },
            Opd::Reg(register) => (Some(register), 0),
        };
        (elements, index, offset)
    }

    /// A write made by a helper that answers 1 when the object is frozen
    /// (nothing written): the node's site deoptimises then, and later sites
    /// resume after the write.
    fn guarded_write(
        &mut self,
        node: NodeId,
        (address, name): (u64, &'static str),
        with_ctx: bool,
        args: Vec<Opd>,
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let site = self.site(node, SiteReason::Guard(GuardReason::Frozen), map)?;
        let failed = self.new_vreg();
        self.call(Some(failed), address, name, with_ctx, args);
        self.emit(Inst::Guard {
            test: Test::Cmp(Cmp::Eq, failed, Opd::Imm(0)),
            site,
        });
        map.current = None;
        Ok(())
    }

    fn call(
        &mut self,
        dst: Option<VReg>,
        address: u64,
        name: &'static str,
        with_ctx: bool,
        args: Vec<Opd>,
    ) {
        self.emit(Inst::Call {
            dst,
            helper: Helper { name, address },
            with_ctx,
            args,
            spread: None,
            pending: false,
            native: None,
        });
    }

    /// The root frame runs instructions through the runtime; inlined
    /// frames have no interpreter frame to run them in (yet).
    fn in_root_frame(&self, node: NodeId) -> bool {
        match self.graph.state(node).map(|s| self.graph.op(s)) {
            Some(Op::FrameState(info)) => info.frame == self.graph.frame && !info.outer,
            _ => false,
        }
    }

    fn node(&mut self, node: NodeId, map: &mut MapState) -> Result<(), Unsupported> {
        let graph = self.graph;
        let op = graph.op(node).clone();
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        if self.fused.contains(&node) || self.guarded_kinds.contains(&node) {
            return Ok(());
        }
        match op {
            Op::Start | Op::Finish | Op::IfTrue | Op::IfFalse | Op::Merge | Op::Loop | Op::Phi => {}
            // Read at the entry (`entry_params`), before any call: the
            // entry frame points into the value stack, which calls may move.
            Op::Param(
                Param::SelfValue
                | Param::Arg(_)
                | Param::HasArg(_)
                | Param::Local(_)
                | Param::Operand(_),
            ) => {}
            // A `yield` and a block literal find the frame's block
            // themselves (reading it would materialise a virtual frame).
            Op::Param(Param::Block)
                if graph.users(node).iter().all(|&u| {
                    matches!(graph.op(u), Op::Yield { .. } | Op::BlockLiteral { .. })
                }) => {}
            Op::Param(Param::Block) => {
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.frame_block as usize as u64,
                    "frame_block",
                    true,
                    vec![],
                );
            }
            Op::Param(Param::Env) => {
                // Instructions that take the environment as an input
                // (`getlocal`/`setlocal` of captured locals) find it in the
                // frame themselves; this is for any other user.
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.frame_env as usize as u64,
                    "frame_env",
                    true,
                    vec![],
                );
            }
            Op::Param(Param::CallerState) => {
                unreachable!("caller states are replaced when a callee is spliced in")
            }
            Op::Const(_) | Op::FrameState(_) => {}
            Op::BlockLiteral { .. } => {}
            Op::Int(int) => {
                let a = self.value(inputs[0])?;
                let b = self.opd(inputs[1])?;
                let dst = self.vreg(node);
                let check = if int.is_checked() {
                    Some(self.site(node, SiteReason::Arithmetic(int), map)?)
                } else {
                    None
                };
                if int == IntOp::Order {
                    let args = vec![Opd::Reg(a), b];
                    let address = int_order as *const () as u64;
                    self.call(Some(dst), address, "int_order", false, args);
                    return Ok(());
                }
                if self.tagged_arith(node, int, check)? {
                    return Ok(());
                }
                let bin = match int {
                    IntOp::Order => unreachable!("a call"),
                    IntOp::Add | IntOp::AddInRange => BinOp::Add,
                    IntOp::Sub | IntOp::SubInRange => BinOp::Sub,
                    IntOp::Mul => BinOp::Mul,
                    IntOp::And => BinOp::And,
                    IntOp::Or => BinOp::Or,
                    IntOp::Xor => BinOp::Xor,
                    IntOp::Max => BinOp::Max,
                    IntOp::Min => BinOp::Min,
                    IntOp::Div | IntOp::Mod | IntOp::Shl | IntOp::Shr => {
                        let site = check.expect("division and shifts are checked");
                        let b = self.value(inputs[1])?;
                        let (address, name) = match int {
                            IntOp::Div => (floor_div as *const () as u64, "floor_div"),
                            IntOp::Mod => (floor_mod as *const () as u64, "floor_mod"),
                            IntOp::Shl => (shift_left as *const () as u64, "shift_left"),
                            _ => (shift_right as *const () as u64, "shift_right"),
                        };
                        if matches!(int, IntOp::Div | IntOp::Mod) {
                            self.emit(Inst::Guard {
                                test: Test::Cmp(Cmp::Ne, b, Opd::Imm(0)),
                                site,
                            });
                        }
                        let raw = self.new_vreg();
                        self.call(
                            Some(raw),
                            address,
                            name,
                            false,
                            vec![Opd::Reg(a), Opd::Reg(b)],
                        );
                        // The range check (min / -1 leaves it, and a shift
                        // out of the word answers a value outside it).
                        self.emit(Inst::Bin {
                            op: BinOp::Add,
                            dst,
                            a: raw,
                            b: Opd::Imm(0),
                            check: Some(site),
                            tagged: false,
                        });
                        return Ok(());
                    }
                };
                self.emit(Inst::Bin {
                    op: bin,
                    dst,
                    a,
                    b,
                    check,
                    tagged: false,
                });
            }
            Op::UntagFixnum => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.tagged.insert(node, src);
                self.emit(Inst::Untag { dst, src });
            }
            Op::TagFixnum => match self.tagged.get(&inputs[0]) {
                Some(&fixnum) if !self.vreg_of.contains_key(&node) => {
                    self.vreg_of.insert(node, fixnum);
                }
                _ => {
                    let src = self.value(inputs[0])?;
                    let dst = self.vreg(node);
                    self.emit(Inst::Tag { dst, src });
                }
            },
            Op::IntCmp(_) | Op::FloatCmp(_) | Op::IsNil | Op::Truthy | Op::SameValue => {
                let dst = self.vreg(node);
                self.fused.insert(node);
                let test = self.test(node);
                self.fused.remove(&node);
                self.emit(Inst::SetCond { dst, test: test? });
            }
            Op::BoolNot => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::Bin {
                    op: BinOp::Xor,
                    dst,
                    a: src,
                    b: Opd::Imm(1),
                    check: None,
                    tagged: false,
                });
            }
            Op::BoolToValue => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::BoolToValue { dst, src });
            }
            Op::IsKind(kind) => {
                let value = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let test = self.rt.kind_test(kind);
                self.emit(Inst::Kind {
                    dst: Some(dst),
                    value,
                    test,
                    guard: None,
                });
            }
            Op::ShapeIs(shape) => {
                let value = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::SetCond {
                    dst,
                    test: Test::Cmp(Cmp::Eq, value, Opd::Imm(shape.0 as i64)),
                });
            }
            Op::FloatArith(float) => {
                let a = self.value(inputs[0])?;
                let b = self.value(inputs[1])?;
                let dst = self.vreg(node);
                let op = match float {
                    FloatOp::Add => FloatBinOp::Add,
                    FloatOp::Sub => FloatBinOp::Sub,
                    FloatOp::Mul => FloatBinOp::Mul,
                    FloatOp::Div => FloatBinOp::Div,
                };
                self.emit(Inst::FloatBin { op, dst, a, b });
            }
            Op::IntToFloat => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::IntToFloat { dst, src });
            }
            Op::UnboxFloat => {
                let src = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.unbox_float as usize as u64,
                    "unbox_float",
                    false,
                    vec![src],
                );
            }
            Op::BoxFloat => {
                let src = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.box_float as usize as u64,
                    "box_float",
                    true,
                    vec![src],
                );
            }
            Op::LoadShape => {
                let object = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let layout = self.rt.object_layout();
                self.emit(Inst::LoadShape {
                    dst,
                    object,
                    shaped: layout.shaped,
                    offset: layout.shape_offset,
                });
            }
            Op::LoadIvar { slot } => {
                let layout = self.rt.object_layout();
                let dst = self.vreg(node);
                if slot < layout.embedded_slots {
                    let base = self.value(inputs[0])?;
                    let offset = layout.slots_offset + 8 * slot as i32;
                    self.emit(Inst::Load {
                        dst,
                        base,
                        index: None,
                        offset,
                    });
                } else {
                    let object = self.opd(inputs[0])?;
                    let args = vec![object, Opd::Imm(slot as i64)];
                    self.call(
                        Some(dst),
                        self.helpers.load_ivar as usize as u64,
                        "load_ivar",
                        false,
                        args,
                    );
                }
            }
            Op::ArrayLength => {
                let array = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::Load {
                    dst,
                    base: array,
                    index: None,
                    offset: self.rt.array_layout().length_offset,
                });
            }
            Op::ArrayGet => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.array_get as usize as u64,
                    "array_get",
                    false,
                    args,
                );
            }
            Op::ArrayLoad => {
                let (array, index) = (self.value(inputs[0])?, self.opd(inputs[1])?);
                let dst = self.vreg(node);
                self.array_load(dst, array, index);
            }
            Op::StoreIvar { slot, to } if slot < self.rt.object_layout().embedded_slots => {
                let layout = self.rt.object_layout();
                let object = self.value(inputs[0])?;
                let src = self.opd(inputs[1])?;
                self.frozen_guard(node, object, map)?;
                let offset = layout.slots_offset + 8 * slot as i32;
                self.emit(Inst::Store {
                    base: object,
                    index: None,
                    offset,
                    src,
                    half: false,
                });
                if let Some(shape) = to {
                    let half_words = [
                        (layout.shape_offset, shape.0 as i64),
                        (layout.len_offset, slot as i64 + 1),
                    ];
                    for (offset, word) in half_words {
                        self.emit(Inst::Store {
                            base: object,
                            index: None,
                            offset,
                            src: Opd::Imm(word),
                            half: true,
                        });
                    }
                }
                map.current = None;
            }
            Op::StoreIvar { slot, to } => {
                let object = self.opd(inputs[0])?;
                let value = self.opd(inputs[1])?;
                let shape = to.map_or(-1, |s| s.0 as i64);
                let args = vec![object, Opd::Imm(slot as i64), value, Opd::Imm(shape)];
                let helper = self.helpers.store_ivar as usize as u64;
                self.guarded_write(node, (helper, "store_ivar"), true, args, map)?;
            }
            Op::ArrayStore => {
                let array = self.value(inputs[0])?;
                let (index, src) = (self.opd(inputs[1])?, self.opd(inputs[2])?);
                self.frozen_guard(node, array, map)?;
                let (elements, index, offset) = self.element_address(array, index);
                self.emit(Inst::Store {
                    base: elements,
                    index,
                    offset,
                    src,
                    half: false,
                });
                map.current = None;
            }
            Op::ArrayPush => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let helper = self.helpers.array_push as usize as u64;
                self.guarded_write(node, (helper, "array_push"), false, args, map)?;
            }
            Op::NewObject => {
                let args = vec![self.opd(inputs[0])?];
                let dst = self.vreg(node);
                let helper = self.helpers.new_object as usize as u64;
                self.call(Some(dst), helper, "new_object", true, args);
            }
            Op::StringCharAt => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                let helper = self.helpers.string_char_at as usize as u64;
                self.call(Some(dst), helper, "string_char_at", true, args);
            }
            Op::StringLength => {
                let args = vec![self.opd(inputs[0])?];
                let dst = self.vreg(node);
                let helper = self.helpers.string_length as usize as u64;
                self.call(Some(dst), helper, "string_length", false, args);
            }
            Op::IsKindOf => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.kind_of as usize as u64,
                    "kind_of",
                    true,
                    args,
                );
            }
            Op::StringCompare => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                let helper = self.helpers.string_compare as usize as u64;
                self.call(Some(dst), helper, "string_compare", false, args);
            }
            Op::StringEq => {
                let site = self.site(node, SiteReason::Conversion, map)?;
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.string_eq as usize as u64,
                    "string_eq",
                    true,
                    args,
                );
                self.emit(Inst::Guard {
                    test: Test::Cmp(Cmp::Ne, dst, Opd::Imm(2)),
                    site,
                });
            }
            Op::Guard(reason) => {
                let site = self.site(node, SiteReason::Guard(reason), map)?;
                match graph.op(inputs[0]) {
                    Op::IsKind(kind) if !self.fused.contains(&inputs[0]) => {
                        let value = self.value(graph.input(inputs[0], 0))?;
                        let test = self.rt.kind_test(*kind);
                        self.emit(Inst::Kind {
                            dst: None,
                            value,
                            test,
                            guard: Some(site),
                        });
                    }
                    _ => {
                        let test = self.test(inputs[0])?;
                        self.emit(Inst::Guard { test, site });
                    }
                }
            }
            Op::Branch => {
                let block = self.schedule.block_of[&node];
                let succs = &self.schedule.blocks[block.0 as usize].succs;
                let (if_true, if_false) = (succs[0], succs[1]);
                let test = self.test(inputs[0])?;
                self.emit(Inst::Branch {
                    test,
                    if_true,
                    if_false,
                });
            }
            Op::Deopt(reason) => {
                map.current = None;
                let site = self.site_at(node, SiteReason::Deopt(reason), map)?;
                self.emit(Inst::Deopt { site });
            }
            Op::Return => {
                let value = self.opd(inputs[0])?;
                self.emit(Inst::Return { value });
            }
            Op::NonLocalExit(target, ip) => {
                // A compiled block's own `return` or `break`: the runtime
                // makes the transfer (or, from a lambda, the result). With
                // inlined frames the frame it leaves could be an inlined
                // one, which the runtime does not see.
                let leave = match target {
                    ExitTarget::BlockHome => crate::runtime::LEAVE_RETURN,
                    ExitTarget::BlockCreator => crate::runtime::LEAVE_BREAK,
                    ExitTarget::Frame(_) => return Err(Unsupported("a non-local exit")),
                };
                if self.graph.has_inlined_frames() || self.has_handlers {
                    return Err(Unsupported("a non-local exit"));
                }
                let value = self.opd(inputs[0])?;
                let result = self.new_vreg();
                self.emit(Inst::Call {
                    dst: Some(result),
                    helper: Helper {
                        name: "leave_block",
                        address: self.helpers.leave_block as usize as u64,
                    },
                    with_ctx: true,
                    args: vec![Opd::Imm(leave), Opd::Imm(ip as i64), value],
                    spread: None,
                    pending: true,
                    native: None,
                });
                self.emit(Inst::Return {
                    value: Opd::Reg(result),
                });
            }
            // A captured local: a slot of the environment `hops` links out
            // from the frame's (or an inlined frame's) environment.
            Op::Insn {
                insn: Insn::LoadEnv { slot, hops, .. },
                ..
            } => {
                let env = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                let args = vec![env, Opd::Imm(hops.into()), Opd::Imm(slot.into())];
                self.call(
                    Some(dst),
                    self.helpers.load_env as usize as u64,
                    "load_env",
                    false,
                    args,
                );
            }
            Op::Insn {
                insn: Insn::StoreEnv { slot, hops, .. },
                ..
            } => {
                let env = self.opd(inputs[0])?;
                let value = self.opd(inputs[1])?;
                let args = vec![env, Opd::Imm(hops.into()), Opd::Imm(slot.into()), value];
                self.call(
                    None,
                    self.helpers.store_env as usize as u64,
                    "store_env",
                    false,
                    args,
                );
                // Running it again would show: later sites resume after it.
                map.current = None;
            }
            // A String literal: a new String each time.
            Op::Insn {
                insn: Insn::Push(index),
                method,
                ..
            } => {
                let dst = self.vreg(node);
                let args = vec![Opd::Imm(method.0.into()), Opd::Imm(index.into())];
                let helper = self.helpers.string_literal as usize as u64;
                self.call(Some(dst), helper, "string_literal", true, args);
            }
            Op::Send(_) | Op::Yield { .. } | Op::Insn { .. } => self.run_insn(node, map)?,
            // Loaded from the destructuring's Array right after it ran
            // (`destructured_parts`).
            Op::Project(_) => {
                if !self.vreg_of.contains_key(&node) {
                    return Err(Unsupported("a destructuring"));
                }
            }
            Op::NewEnv { method } => {
                let parent = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                let args = vec![Opd::Imm(method.0.into()), parent];
                self.call(
                    Some(dst),
                    self.helpers.new_env as usize as u64,
                    "new_env",
                    true,
                    args,
                );
            }
        }
        Ok(())
    }

    /// A send, `yield` or other instruction, run by the runtime in the
    /// compiled frame.
    fn run_insn(&mut self, node: NodeId, map: &mut MapState) -> Result<(), Unsupported> {
        let graph = self.graph;
        let inputs = graph.inputs(node);
        let mut direct = None;
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
                let spread = bytecode::call_flags::NOT_PLAIN & !bytecode::call_flags::BLOCK_FORWARD;
                let plain = info.flags & spread == 0 && info.block.is_none();
                if let (Some(kind), true) = (info.receiver_kind, plain) {
                    direct = self.rt.direct_call(kind, info.name, info.argc, info.flags);
                }
                if info.constructor && direct.is_none() {
                    // Its site is the `new`, which the runtime would run.
                    return Err(Unsupported("a constructor without a direct call"));
                }
                (info.method, frame.ip, operands, operands.len())
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
                (*method, frame.ip, operands, operands.len())
            }
            _ => unreachable!("run_insn runs sends and instructions"),
        };
        self.emit_run_insn(
            node,
            InsnAt { method, direct, ip },
            operands,
            Some(pops),
            map,
        )
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
        let InsnAt { method, direct, ip } = insn;
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
        // the others may leave a transfer pending.
        let transfers = pops.is_some()
            && graph
                .state(node)
                .is_some_and(|state| self.handlers_around(state));
        let (target, name) = match direct {
            Some(call) => {
                // A native call from inlined code leaves the frames it is
                // in to be rebuilt when the callee's frame is materialised.
                // (One that passes an inlined frame's block on goes through
                // the runtime, which has that block once it rebuilds them.)
                native = call
                    .native
                    .filter(|callee| !(callee.forwards_block && in_inlined_code))
                    .map(|callee| NativeCall {
                        target: callee.target,
                        entry: callee.entry,
                        at,
                        argc: count as u32 - 1,
                        depth,
                        forwards_block: callee.forwards_block,
                        recursive: graph.osr_entry.is_none()
                            && callee.target == self.rt.call_target(graph.method),
                    });
                at = at.direct();
                (call.handle as i64, "call_direct")
            }
            None => (method.0 as i64, "run_insn"),
        };
        // A `yield` or `yield(*list)` of the compiled method's own block
        // (also from a block inlined into it), an Array literal and an
        // interpolation's String have helpers of their own (the same
        // arguments).
        let (name, address) = match graph.op(node) {
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
            Op::Insn {
                insn: Insn::Concat(_),
                ..
            } => (
                "concat_strings",
                self.helpers.concat_strings as usize as u64,
            ),
            _ => (name, self.helpers.run_insn as usize as u64),
        };
        self.emit(Inst::Call {
            dst: Some(result),
            helper: Helper { name, address },
            with_ctx: true,
            args: vec![
                Opd::Imm(target),
                Opd::Imm(at.bits() as i64),
                Opd::Imm(count as i64),
            ],
            spread: Some(spread),
            pending: !transfers,
            native,
        });
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
                self.emit(Inst::Poll { site });
            }
        }
        Ok(())
    }
}

impl Lowering<'_> {
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

fn const_bits(c: Const) -> Result<i64, Unsupported> {
    Ok(match c {
        Const::Value(bits) => bits as i64,
        Const::Int(n) => n,
        Const::Float(d) => d.to_bits() as i64,
        Const::Bool(b) => b as i64,
    })
}

/// Ruby's `/` on two fixnum integers (the divisor is not zero).
pub extern "C" fn floor_div(a: i64, b: i64) -> i64 {
    if b == -1 {
        return a.wrapping_neg();
    }
    abi::floor_div(a, b)
}

/// Integer `<=>`: -1, 0 or 1.
pub extern "C" fn int_order(a: i64, b: i64) -> i64 {
    a.cmp(&b) as i64
}

/// Ruby's `<<` on two fixnum integers: a word outside the fixnum range
/// when the result is not a fixnum (the caller's range check deoptimises).
pub extern "C" fn shift_left(a: i64, b: i64) -> i64 {
    abi::shift_left(a, b).unwrap_or(i64::MAX)
}

/// Ruby's `>>` on two fixnum integers, as [`shift_left`].
pub extern "C" fn shift_right(a: i64, b: i64) -> i64 {
    abi::shift_left(a, -b).unwrap_or(i64::MAX)
}

/// Ruby's `%` on two fixnum integers (the divisor is not zero).
pub extern "C" fn floor_mod(a: i64, b: i64) -> i64 {
    if b == -1 {
        return 0;
    }
    abi::floor_mod(a, b)
}
