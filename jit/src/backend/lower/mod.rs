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
//! - *Clauses are landing pads*: a call with a `raised` test (see
//!   `passes::exceptions`) keeps its `UNDEF` for the branch to its
//!   clause, whose `catch` takes the exception (`catch_raise`) and hands
//!   any other transfer to the interpreter. A call inside a protected
//!   range without one (or a call inside an inlined frame a `break` may
//!   end) does not leave the method either: a `transfer` hands the frame,
//!   as it is at the call, to the interpreter, whose handlers take the
//!   pending exception or jump there.
//!
//! ```text
//! def parse(s)                                   # rescue ArgumentError; 0
//!   Integer(s)
//!
//!   v3 = call call_core(ctx, ..., [v0, v1])      # Integer(s)
//!   branch v3 eq 0x34 b1 b2                      # UNDEF: to the clause
//! b1:
//!   v4 = call catch_raise(ctx)
//!   transfer v4 site 2                           # not an exception
//!   site 2: transfer -> @8 transfer [v0, v1]
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
//!
//! The lowering is split by kind of node, one file each, `Lowering::node`
//! dispatching to them:
//!
//! - `conditions`: fused compare-and-jumps, Bool values, guards, branches
//!   and the ends of paths (`return`, `deopt`, a block's `return`/`break`);
//! - `arith`: Integer and Float arithmetic, tagging and untagging;
//! - `objects`: instance variables, Arrays, Strings and the core's other
//!   helpers;
//! - `frame`: the entry's parameters and captured locals' environments;
//! - `calls`: sends, `yield` and every instruction the runtime runs;
//! - `sites`: deoptimisation sites and the maps they roll back to.

mod arith;
mod calls;
mod conditions;
mod frame;
mod objects;
mod sites;

pub use arith::{floor_div, floor_mod, int_order, shift_left, shift_right};

use super::lir::*;
use super::schedule::{BlockId, Schedule};
use crate::ir::{Const, Graph, NodeId, Op};
use crate::runtime::{Helpers, Runtime};
use bytecode::{abi, Insn};
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
    /// The polls of calls with a landing pad, made where the call returned
    /// (the `if_false` of its `raised` branch), not with a transfer
    /// pending.
    deferred_polls: FxHashMap<NodeId, SiteId>,
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
        deferred_polls: FxHashMap::default(),
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
        if let Some(site) = self.returned_poll(head) {
            self.poll(site);
        }
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

    /// At the side of a `raised` branch where its call returned: the
    /// call's poll (see `deferred_polls`).
    fn returned_poll(&mut self, head: NodeId) -> Option<SiteId> {
        let graph = self.graph;
        if !matches!(graph.op(head), Op::IfFalse) {
            return None;
        }
        let test = graph.input(graph.control(head)[0], 0);
        if !matches!(graph.op(test), Op::Raised) {
            return None;
        }
        self.deferred_polls.remove(&graph.input(test, 0))
    }

    /// A call of the helper `name` at `address`, `ctx` its first argument
    /// when `with_ctx`, its result (if any) in `dst`.
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

    /// Lowers one node, by kind: each kind of node has its method (in the
    /// file of its kind; see the module doc).
    fn node(&mut self, node: NodeId, map: &mut MapState) -> Result<(), Unsupported> {
        let graph = self.graph;
        let op = graph.op(node).clone();
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        if self.fused.contains(&node) || self.guarded_kinds.contains(&node) {
            return Ok(());
        }
        match op {
            Op::Start | Op::Finish | Op::IfTrue | Op::IfFalse | Op::Merge | Op::Loop | Op::Phi => {}
            Op::Const(_) | Op::FrameState(_) => {}
            Op::BlockLiteral { .. } => {}
            Op::Param(_) => self.param(node, op)?,
            Op::Int(int) => self.int_arith(node, int, &inputs, map)?,
            Op::UntagFixnum | Op::TagFixnum => self.tagging(node, op, &inputs)?,
            Op::FloatArith(_)
            | Op::IntToFloat
            | Op::FloatToInt
            | Op::FloatSqrt
            | Op::FloatMath(_)
            | Op::UnboxFloat
            | Op::BoxFloat => self.float(node, op, &inputs)?,
            Op::IntCmp(_)
            | Op::FloatCmp(_)
            | Op::IsNil
            | Op::Raised
            | Op::Truthy
            | Op::SameValue
            | Op::BoolNot
            | Op::BoolToValue
            | Op::IsKind(_)
            | Op::ShapeIs(_) => self.condition(node, op, &inputs)?,
            Op::Guard(_) | Op::Branch | Op::Deopt(_) | Op::Return | Op::NonLocalExit(..) => {
                self.control(node, op, &inputs, map)?
            }
            Op::LoadShape
            | Op::LoadIvar { .. }
            | Op::StoreIvar { .. }
            | Op::LoadIvarNamed(_)
            | Op::StoreIvarNamed(_) => self.ivar(node, op, &inputs, map)?,
            Op::ArrayLength | Op::ArrayGet | Op::ArrayLoad | Op::ArrayStore | Op::ArrayPush => {
                self.array(node, op, &inputs, map)?
            }
            Op::NewObject
            | Op::StringCharAt
            | Op::StringLength
            | Op::IsKindOf
            | Op::StringCompare
            | Op::StringEq
            | Op::CaseTarget { .. } => self.core_helper(node, op, &inputs, map)?,
            Op::Insn {
                insn: Insn::LoadEnv { .. } | Insn::StoreEnv { .. },
                ..
            }
            | Op::NewEnv { .. } => self.environment(node, op, &inputs, map)?,
            Op::Insn {
                insn: Insn::Push(_),
                ..
            } => self.string_literal(node, op),
            Op::Insn {
                insn: Insn::GetGlobal(name),
                ..
            } => {
                // A table read, which needs no frame (`$!` at every
                // `rescue`'s start).
                let dst = self.vreg(node);
                let helper = self.helpers.global_get as usize as u64;
                self.call(
                    Some(dst),
                    helper,
                    "global_get",
                    false,
                    vec![Opd::Imm(name.0.into())],
                );
            }
            Op::Send(_) | Op::Yield { .. } | Op::Insn { .. } => self.run_insn(node, map)?,
            Op::Catch => self.catch(node, map)?,
            // Loaded from the destructuring's Array right after it ran
            // (`destructured_parts`).
            Op::Project(_) => {
                if !self.vreg_of.contains_key(&node) {
                    return Err(Unsupported("a destructuring"));
                }
            }
        }
        Ok(())
    }
}

fn const_bits(c: Const) -> Result<i64, Unsupported> {
    Ok(match c {
        Const::Value(bits) => bits as i64,
        Const::Int(n) => n,
        Const::Float(d) => d.to_bits() as i64,
        Const::Bool(b) => b as i64,
    })
}
