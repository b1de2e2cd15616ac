//! The low-level IR: a linear list of machine-sized instructions on
//! virtual registers, one step above x86-64.
//!
//! Lowering ([`super::lower`]) produces it from the scheduled graph;
//! register allocation ([`super::regalloc`]) gives every virtual register a
//! machine register or a stack slot; the emitter ([`super::x64`]) has one
//! template per instruction. Everything a template needs is explicit here:
//! tags (`tag`, `untag`), immediates, compare-and-jump conditions, calls to
//! runtime helpers with their arguments, and the deoptimisation site of
//! every instruction that may leave.
//!
//! ```text
//! b0:
//!   v0 = param arg 0
//!   guard v0 & 0x1 != 0 else site 0
//!   v1 = tagged_add v0, 0x2 check site 1
//!   return v1
//! ```

use super::schedule::BlockId;
use crate::ir::{Cmp, DeoptReason, GuardReason, IntOp, NodeId};
use crate::runtime::Runtime;
use std::fmt;

/// A virtual register: one 64-bit value (a tagged value, an integer, a
/// double's bits or a condition).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct VReg(pub u32);

/// An instruction operand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Opd {
    Reg(VReg),
    Imm(i64),
}

/// A deoptimisation site's index in [`Lir::sites`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SiteId(pub u32);

/// What the compiled frame receives from its caller.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ParamSlot {
    Receiver,
    Arg(u32),
    /// Whether argument n was passed: `true` or `false`.
    HasArg(u32),
    /// Word n of the interpreter's frame (receiver, arguments, locals,
    /// operands): what code entered by on-stack replacement starts with.
    Frame(u32),
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    /// The larger or smaller, signed.
    Max,
    Min,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatBinOp {
    Add,
    Sub,
    Mul,
    Div,
}

/// A condition a branch or guard tests.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Test {
    /// Signed integer comparison.
    Cmp(Cmp, VReg, Opd),
    /// Doubles (as bits) compared; false when either is NaN, except `ne`.
    FloatCmp(Cmp, VReg, VReg),
    /// `value & mask != 0` (or `== 0` when `zero`).
    Mask { value: VReg, mask: i32, zero: bool },
}

impl Test {
    pub fn negate(self) -> Option<Test> {
        Some(match self {
            Test::Cmp(cmp, a, b) => Test::Cmp(cmp.negated(), a, b),
            // NaN makes the negation of a float comparison another
            // comparison than its complement.
            Test::FloatCmp(..) => return None,
            Test::Mask { value, mask, zero } => Test::Mask {
                value,
                mask,
                zero: !zero,
            },
        })
    }

    pub fn uses(&self) -> impl Iterator<Item = VReg> {
        let (a, b) = match *self {
            Test::Cmp(_, a, Opd::Reg(b)) | Test::FloatCmp(_, a, b) => (a, Some(b)),
            Test::Cmp(_, a, Opd::Imm(_)) => (a, None),
            Test::Mask { value, .. } => (value, None),
        };
        std::iter::once(a).chain(b)
    }
}

/// How a kind test looks at a value (the runtime says, per kind).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KindTest {
    /// The low bit set.
    Fixnum,
    /// The flonum tag in the low two bits.
    Flonum,
    /// One immediate (`nil`, `true`, `false`).
    Immediate(u64),
    /// Static symbols (the symbol tag in the low byte).
    StaticSymbol,
    /// A heap object whose header word at `offset` is `word`: its class
    /// pointer, or its kind byte when `byte`.
    Heap { offset: i32, word: u64, byte: bool },
    /// Nothing is of this kind.
    Never,
}

/// A function compiled code calls: a runtime helper's address, named for
/// dumps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Helper {
    pub name: &'static str,
    pub address: u64,
}

/// A call compiled code makes straight into the callee's compiled code:
/// the callee's [`crate::runtime::CallTarget`], the runtime's method entry,
/// and the index of the send (for the caller's frame, if materialised).
/// The receiver and arguments are the call's `spread`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NativeCall {
    pub target: u64,
    pub entry: u64,
    /// Where the call is (never direct: a native call site is).
    pub at: crate::runtime::CallAt,
    /// The arguments (the spread's first words are the receiver and
    /// them; the values of inlined frames follow).
    pub argc: u32,
    /// How many Ruby calls deeper the callee runs than the caller's own
    /// frame: 1, plus the frames inlined around the call. The callee's
    /// [`crate::runtime::ActivationRecord::depth_left`] is the caller's
    /// less this, so compiled code nests as deep as the interpreter.
    pub depth: u32,
    /// The callee gets the caller's block
    /// ([`crate::runtime::ActivationRecord::block`]); else none.
    pub forwards_block: bool,
    /// The callee gets the block in this register, which
    /// [`crate::runtime::Helpers::call_block`] made (0: it could not, and
    /// the call takes the helper's way).
    pub made_block: Option<VReg>,
    /// The callee is the method compiled (entered at its start): the call
    /// goes straight to the code making it (see `x64::Emitter::native_call`).
    pub recursive: bool,
}

#[derive(Clone, PartialEq, Debug)]
pub enum Inst {
    /// The start of a block; `params` are its phis, given by each jump in.
    Label {
        block: BlockId,
        params: Vec<VReg>,
    },
    Param {
        dst: VReg,
        slot: ParamSlot,
    },
    Mov {
        dst: VReg,
        src: Opd,
    },
    /// Integer arithmetic; with `check`, deoptimises at that site when the
    /// result is not a fixnum: outside 63 bits, or a machine overflow.
    /// With `tagged`, the operands and the result are tagged fixnums
    /// (`2n + 1`; see [`super::lower`]) and the check is the machine
    /// overflow alone.
    Bin {
        op: BinOp,
        dst: VReg,
        a: VReg,
        b: Opd,
        check: Option<SiteId>,
        tagged: bool,
    },
    /// A fixnum's integer (arithmetic shift right).
    Untag {
        dst: VReg,
        src: VReg,
    },
    /// An integer in the fixnum range to its fixnum.
    Tag {
        dst: VReg,
        src: VReg,
    },
    /// A condition as 0 or 1.
    SetCond {
        dst: VReg,
        test: Test,
    },
    /// 0 or 1 to `false` or `true`.
    BoolToValue {
        dst: VReg,
        src: VReg,
    },
    /// A kind test as 0 or 1, or (with a site) a guard.
    Kind {
        dst: Option<VReg>,
        value: VReg,
        test: KindTest,
        guard: Option<SiteId>,
    },
    /// A Float's double: decoded inline from a flonum, else by calling
    /// `helper`. Not a call for the register allocator: the rare call
    /// saves and restores the caller-saved registers around itself, so a
    /// Float loop's values stay in registers.
    UnboxFloat {
        dst: VReg,
        src: VReg,
        helper: Helper,
    },
    /// A double as a Float: a flonum made inline when it has one, else a
    /// heap Float made by calling `helper(ctx, bits)` (which, as
    /// `UnboxFloat`'s, saves the caller-saved registers: not a call).
    BoxFloat {
        dst: VReg,
        src: VReg,
        helper: Helper,
    },
    /// An object's shape, the `u32` at `offset`, when `shaped` holds for
    /// it; else -1 (which no shape equals).
    LoadShape {
        dst: VReg,
        object: VReg,
        shaped: KindTest,
        offset: i32,
    },
    /// The word at `base + offset`, or with an index at
    /// `base + 8 * index + offset`.
    Load {
        dst: VReg,
        base: VReg,
        index: Option<VReg>,
        offset: i32,
    },
    /// Writes `src` to `base + offset` (with an index, to
    /// `base + 8 * index + offset`): the whole word, or with `half` its low
    /// 32 bits.
    Store {
        base: VReg,
        index: Option<VReg>,
        offset: i32,
        src: Opd,
        half: bool,
    },
    FloatBin {
        op: FloatBinOp,
        dst: VReg,
        a: VReg,
        b: VReg,
    },
    IntToFloat {
        dst: VReg,
        src: VReg,
    },
    FloatToInt {
        dst: VReg,
        src: VReg,
    },
    FloatSqrt {
        dst: VReg,
        src: VReg,
    },
    /// Deoptimises at `site` unless `test` holds.
    Guard {
        test: Test,
        site: SiteId,
    },
    Branch {
        test: Test,
        if_true: BlockId,
        if_false: BlockId,
    },
    /// Jumps to `to`, passing `args` to its parameters.
    Jump {
        to: BlockId,
        args: Vec<Opd>,
    },
    /// Calls a helper: `ctx` first when `with_ctx`, then `args` in
    /// registers, then (with `spread`) a pointer to the `spread` values
    /// stored in the frame and their count. With
    /// `pending`, a result of `UNDEF` (a pending exception or jump) leaves
    /// the compiled method with it. With `native`, the call first tries
    /// the callee's compiled code directly (see
    /// [`crate::runtime::ActivationRecord`]); the helper is the way taken
    /// while the callee has none.
    Call {
        dst: Option<VReg>,
        helper: Helper,
        with_ctx: bool,
        args: Vec<Opd>,
        spread: Option<Vec<Opd>>,
        pending: bool,
        native: Option<NativeCall>,
    },
    /// A safepoint: deoptimises at `site` when the code was invalidated.
    Poll {
        site: SiteId,
    },
    /// After a call in a method with `rescue`/`ensure` handlers: when the
    /// call's result `value` is `UNDEF` (a transfer pending), hands the
    /// frame to the interpreter at `site`, whose handlers see the transfer.
    Transfer {
        value: VReg,
        site: SiteId,
    },
    /// Under `--jit-stress-deopt`: deoptimises at `site` when the stress
    /// countdown runs out (placed before what the site guards).
    Stress {
        site: SiteId,
    },
    Return {
        value: Opd,
    },
    Deopt {
        site: SiteId,
    },
}

impl Inst {
    /// The virtual registers read.
    pub fn uses(&self) -> Vec<VReg> {
        let regs = |opds: &[Opd]| -> Vec<VReg> {
            opds.iter()
                .filter_map(|o| match o {
                    Opd::Reg(r) => Some(*r),
                    Opd::Imm(_) => None,
                })
                .collect()
        };
        match self {
            Inst::Label { .. }
            | Inst::Param { .. }
            | Inst::Poll { .. }
            | Inst::Stress { .. }
            | Inst::Deopt { .. } => vec![],
            Inst::Mov { src, .. } => regs(&[*src]),
            Inst::Bin { a, b, .. } => {
                let mut v = vec![*a];
                v.extend(regs(&[*b]));
                v
            }
            Inst::Untag { src, .. }
            | Inst::Tag { src, .. }
            | Inst::UnboxFloat { src, .. }
            | Inst::BoxFloat { src, .. }
            | Inst::BoolToValue { src, .. }
            | Inst::IntToFloat { src, .. }
            | Inst::FloatToInt { src, .. }
            | Inst::FloatSqrt { src, .. } => vec![*src],
            Inst::LoadShape { object, .. } => vec![*object],
            Inst::Load { base, index, .. } => std::iter::once(*base).chain(*index).collect(),
            Inst::Store {
                base, index, src, ..
            } => {
                let mut v = vec![*base];
                v.extend(*index);
                v.extend(regs(&[*src]));
                v
            }
            Inst::SetCond { test, .. } | Inst::Guard { test, .. } | Inst::Branch { test, .. } => {
                test.uses().collect()
            }
            Inst::Kind { value, .. } | Inst::Transfer { value, .. } => vec![*value],
            Inst::FloatBin { a, b, .. } => vec![*a, *b],
            Inst::Jump { args, .. } => regs(args),
            Inst::Call {
                args,
                spread,
                native,
                ..
            } => {
                let mut v = regs(args);
                v.extend(regs(spread.as_deref().unwrap_or_default()));
                v.extend(native.and_then(|call| call.made_block));
                v
            }
            Inst::Return { value } => regs(&[*value]),
        }
    }

    /// The virtual register written.
    pub fn def(&self) -> Option<VReg> {
        match self {
            Inst::Param { dst, .. }
            | Inst::Mov { dst, .. }
            | Inst::Bin { dst, .. }
            | Inst::Untag { dst, .. }
            | Inst::Tag { dst, .. }
            | Inst::SetCond { dst, .. }
            | Inst::BoolToValue { dst, .. }
            | Inst::FloatBin { dst, .. }
            | Inst::UnboxFloat { dst, .. }
            | Inst::BoxFloat { dst, .. }
            | Inst::IntToFloat { dst, .. }
            | Inst::FloatToInt { dst, .. }
            | Inst::FloatSqrt { dst, .. }
            | Inst::LoadShape { dst, .. }
            | Inst::Load { dst, .. } => Some(*dst),
            Inst::Kind { dst, .. } | Inst::Call { dst, .. } => *dst,
            _ => None,
        }
    }

    /// The deoptimisation site, if the instruction may leave through one.
    pub fn site(&self) -> Option<SiteId> {
        match self {
            Inst::Bin { check, .. } => *check,
            Inst::Kind { guard, .. } => *guard,
            Inst::Guard { site, .. }
            | Inst::Poll { site }
            | Inst::Transfer { site, .. }
            | Inst::Stress { site }
            | Inst::Deopt { site } => Some(*site),
            _ => None,
        }
    }

    /// Whether the instruction does nothing but compute its result (so it
    /// may go when nothing reads the result).
    fn is_pure(&self) -> bool {
        match self {
            Inst::Mov { .. }
            | Inst::Untag { .. }
            | Inst::Tag { .. }
            | Inst::SetCond { .. }
            | Inst::BoolToValue { .. }
            | Inst::LoadShape { .. }
            | Inst::Load { .. }
            | Inst::FloatBin { .. }
            | Inst::IntToFloat { .. }
            | Inst::FloatToInt { .. }
            | Inst::FloatSqrt { .. } => true,
            Inst::Bin { check, .. } => check.is_none(),
            Inst::Kind { guard, .. } => guard.is_none(),
            _ => false,
        }
    }

    /// Whether the instruction calls out (machine registers the callee may
    /// change are lost across it).
    pub fn is_call(&self) -> bool {
        matches!(self, Inst::Call { .. })
    }
}

/// A value a deoptimisation site reads back, and how it is held.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SiteValue {
    Reg(VReg, deopt::Repr),
    Constant(u64),
}

/// Why compiled code may leave for the interpreter at a site.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SiteReason {
    /// A guard's speculation failed (the value was not the kind the profile
    /// saw, the object had another shape, the index was out of bounds...).
    Guard(GuardReason),
    /// A path compiled as a deoptimisation (the profile never saw it run).
    Deopt(DeoptReason),
    /// Checked Fixnum arithmetic went out of range, or divided by zero: the
    /// interpreter makes the Bignum or raises.
    Arithmetic(IntOp),
    /// A String comparison met an operand that is not a String.
    Conversion,
    /// A poll: the method was invalidated while a call it made ran, or
    /// (on a back edge) while its loop ran.
    Invalidated,
    /// A call left a transfer (`break`, `throw`, an exception) for the
    /// interpreter's handlers to take.
    Transfer,
}

impl SiteReason {
    /// The reason as dumps, `--trace-deopt` and `--stats` show it:
    /// `kind Integer`, `shape`, `never ran`, `overflow`, `transfer`.
    pub fn name(self, rt: &dyn Runtime) -> String {
        match self {
            SiteReason::Guard(reason) => crate::ir::print::guard_reason(reason, rt),
            SiteReason::Deopt(reason) => crate::ir::print::deopt_reason(reason),
            SiteReason::Arithmetic(IntOp::Div | IntOp::Mod) => "zero division or overflow".into(),
            SiteReason::Arithmetic(IntOp::Shl | IntOp::Shr) => "shift out of range".into(),
            SiteReason::Arithmetic(_) => "overflow".into(),
            SiteReason::Conversion => "conversion".into(),
            SiteReason::Invalidated => "invalidated".into(),
            SiteReason::Transfer => "transfer".into(),
        }
    }
}

/// A place compiled code may leave for the interpreter.
#[derive(Clone, PartialEq, Debug)]
pub struct Site {
    /// The IR node that leaves (a guard, checked arithmetic, a poll's
    /// call), for dumps and `--trace-deopt`.
    pub node: NodeId,
    pub reason: SiteReason,
    /// The reason as dumps show it ([`SiteReason::name`]).
    pub reason_name: String,
    /// The method and index of the node's own state (where the speculation
    /// that failed was made).
    pub origin: Option<(u32, u32)>,
    pub map: deopt::MapId,
    /// One per source of the map, in its order.
    pub values: Vec<SiteValue>,
    /// A poll after a call: the interpreter resumes after the call...
    pub after_call: bool,
    /// ...with the value it returned pushed (when it pushes one).
    pub returned: Option<SiteValue>,
}

impl Site {
    /// A transfer site (`Inst::Transfer`): the interpreter takes the
    /// transfer the call left pending at the map's index.
    pub fn is_transfer(&self) -> bool {
        self.reason == SiteReason::Transfer
    }
}

/// The frames a call in inlined code runs in: the map of its state (the
/// compiled method's frame first), and where the inlined frames' values
/// are. The call passes its operands, then each value of those frames it
/// does not pass already, once; the compiled method's own frame is the
/// runtime's, and needs none of them.
///
/// ```text
/// fib(n - 1), inlined in fib:   passed  [self, n - 1, n]
///   frame 1: self n | stack self n-1    slots  [0, 2, 0, 1]
/// ```
#[derive(Clone, PartialEq, Debug)]
pub struct CallFrames {
    pub map: deopt::MapId,
    /// How each value of the inlined frames is held, in the order of
    /// [`deopt::DeoptMap::sources`] from the first inlined frame on.
    pub reprs: Vec<deopt::Repr>,
    /// For each of them, the passed word that holds it.
    pub slots: Vec<u32>,
    /// How many words the call passes after its operands.
    pub extra: u32,
}

impl CallFrames {
    /// Value `at` of the inlined frames, from the words the call passed
    /// (operands first), and how it is held.
    pub fn source(&self, passed: &[u64], at: usize) -> (u64, deopt::Repr) {
        (passed[self.slots[at] as usize], self.reprs[at])
    }
}

/// A lowered method.
#[derive(Debug, Default)]
pub struct Lir {
    pub insts: Vec<Inst>,
    /// For each instruction, the IR node it came from (for `--dump-asm`).
    pub origins: Vec<Option<NodeId>>,
    pub vregs: u32,
    pub sites: Vec<Site>,
    pub call_frames: Vec<CallFrames>,
    pub maps: deopt::DeoptMaps,
}

impl Lir {
    /// Removes the pure instructions whose results nothing reads, to a
    /// fixed point. Lowering leaves some behind on purpose: it untags
    /// every fixnum that arithmetic may want untagged, and most end up
    /// computed on the tagged form instead.
    pub fn remove_dead_values(&mut self) {
        loop {
            let mut read = vec![false; self.vregs as usize];
            for inst in &self.insts {
                for v in inst.uses() {
                    read[v.0 as usize] = true;
                }
            }
            for site in &self.sites {
                for value in site.values.iter().chain(&site.returned) {
                    if let SiteValue::Reg(v, _) = value {
                        read[v.0 as usize] = true;
                    }
                }
            }
            let dead =
                |inst: &Inst| inst.is_pure() && inst.def().is_some_and(|d| !read[d.0 as usize]);
            if !self.insts.iter().any(dead) {
                return;
            }
            let mut origins = self.origins.iter();
            let (insts, kept): (Vec<Inst>, Vec<Option<NodeId>>) = self
                .insts
                .drain(..)
                .zip(origins.by_ref())
                .filter(|(inst, _)| !dead(inst))
                .map(|(inst, origin)| (inst, *origin))
                .unzip();
            self.insts = insts;
            self.origins = kept;
        }
    }
}

impl fmt::Display for VReg {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Display for Opd {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Opd::Reg(r) => write!(f, "{r}"),
            Opd::Imm(n) => write!(f, "{n:#x}"),
        }
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Test::Cmp(cmp, a, b) => write!(f, "{a} {} {b}", cmp.name()),
            Test::FloatCmp(cmp, a, b) => write!(f, "{a} float_{} {b}", cmp.name()),
            Test::Mask { value, mask, zero } => {
                let op = if *zero { "==" } else { "!=" };
                write!(f, "{value} & {mask:#x} {op} 0")
            }
        }
    }
}

fn list(opds: &[Opd]) -> String {
    opds.iter()
        .map(|o| o.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let site = |s: &SiteId| format!(" site {}", s.0);
        match self {
            Inst::Label { block, params } => {
                let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
                if params.is_empty() {
                    write!(f, "b{}:", block.0)
                } else {
                    write!(f, "b{}({}):", block.0, params.join(", "))
                }
            }
            Inst::Param { dst, slot } => match slot {
                ParamSlot::Receiver => write!(f, "  {dst} = param self"),
                ParamSlot::Arg(n) => write!(f, "  {dst} = param arg {n}"),
                ParamSlot::HasArg(n) => write!(f, "  {dst} = param has_arg {n}"),
                ParamSlot::Frame(n) => write!(f, "  {dst} = param frame {n}"),
            },
            Inst::Mov { dst, src } => write!(f, "  {dst} = {src}"),
            Inst::Bin {
                op,
                dst,
                a,
                b,
                check,
                tagged,
            } => {
                let name = format!("{}{op:?}", if *tagged { "tagged_" } else { "" }).to_lowercase();
                let check = check.as_ref().map(|s| format!(" check{}", site(s)));
                write!(f, "  {dst} = {name} {a}, {b}{}", check.unwrap_or_default())
            }
            Inst::Untag { dst, src } => write!(f, "  {dst} = untag {src}"),
            Inst::Tag { dst, src } => write!(f, "  {dst} = tag {src}"),
            Inst::SetCond { dst, test } => write!(f, "  {dst} = set {test}"),
            Inst::BoolToValue { dst, src } => write!(f, "  {dst} = bool_to_value {src}"),
            Inst::Kind {
                dst,
                value,
                test,
                guard,
            } => match (dst, guard) {
                (Some(dst), _) => write!(f, "  {dst} = kind {value} {test:?}"),
                (None, Some(s)) => write!(f, "  guard kind {value} {test:?} else{}", site(s)),
                (None, None) => write!(f, "  kind {value} {test:?}"),
            },
            Inst::FloatBin { op, dst, a, b } => {
                let name = format!("{op:?}").to_lowercase();
                write!(f, "  {dst} = float_{name} {a}, {b}")
            }
            Inst::IntToFloat { dst, src } => write!(f, "  {dst} = int_to_float {src}"),
            Inst::FloatToInt { dst, src } => write!(f, "  {dst} = float_to_int {src}"),
            Inst::FloatSqrt { dst, src } => write!(f, "  {dst} = float_sqrt {src}"),
            Inst::LoadShape {
                dst,
                object,
                shaped,
                offset,
            } => write!(f, "  {dst} = load_shape {object} [{offset}] if {shaped:?}"),
            Inst::Load {
                dst,
                base,
                index: None,
                offset,
            } => write!(f, "  {dst} = load [{base} + {offset}]"),
            Inst::Load {
                dst,
                base,
                index: Some(index),
                offset,
            } => write!(f, "  {dst} = load [{base} + 8*{index} + {offset}]"),
            Inst::Store {
                base,
                index,
                offset,
                src,
                half,
            } => {
                let width = if *half { "store32" } else { "store" };
                match index {
                    None => write!(f, "  {width} [{base} + {offset}], {src}"),
                    Some(index) => write!(f, "  {width} [{base} + 8*{index} + {offset}], {src}"),
                }
            }
            Inst::UnboxFloat { dst, src, helper } => {
                write!(f, "  {dst} = unbox_float {src} (else call {})", helper.name)
            }
            Inst::BoxFloat { dst, src, helper } => {
                write!(f, "  {dst} = box_float {src} (else call {})", helper.name)
            }
            Inst::Guard { test, site: s } => write!(f, "  guard {test} else{}", site(s)),
            Inst::Branch {
                test,
                if_true,
                if_false,
            } => write!(f, "  branch {test} ? b{} : b{}", if_true.0, if_false.0),
            Inst::Jump { to, args } => {
                if args.is_empty() {
                    write!(f, "  jump b{}", to.0)
                } else {
                    write!(f, "  jump b{}({})", to.0, list(args))
                }
            }
            Inst::Call {
                dst,
                helper,
                with_ctx,
                args,
                spread,
                pending,
                native,
            } => {
                let mut all: Vec<String> = Vec::new();
                if *with_ctx {
                    all.push("ctx".into());
                }
                all.extend(args.iter().map(|a| a.to_string()));
                if let Some(spread) = spread {
                    all.push(format!("[{}]", list(spread)));
                }
                let dst = dst.map(|d| format!("{d} = ")).unwrap_or_default();
                let pending = if *pending { " pending" } else { "" };
                let made = native.and_then(|call| call.made_block);
                let native = match native {
                    Some(_) if made.is_some() => {
                        format!("native with block {} or ", made.expect("a block"))
                    }
                    Some(call) if call.forwards_block => "native with block or ".into(),
                    Some(call) if call.recursive => "native recursive or ".into(),
                    Some(_) => "native or ".into(),
                    None => String::new(),
                };
                write!(
                    f,
                    "  {dst}call {native}{}({}){pending}",
                    helper.name,
                    all.join(", ")
                )
            }
            Inst::Poll { site: s } => write!(f, "  poll{}", site(s)),
            Inst::Transfer { value, site: s } => write!(f, "  transfer {value}{}", site(s)),
            Inst::Stress { site: s } => write!(f, "  stress{}", site(s)),
            Inst::Return { value } => write!(f, "  return {value}"),
            Inst::Deopt { site: s } => write!(f, "  deopt{}", site(s)),
        }
    }
}

impl fmt::Display for SiteValue {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            SiteValue::Reg(v, deopt::Repr::Value) => write!(f, "{v}"),
            SiteValue::Reg(v, repr) => write!(f, "{v} as {}", format!("{repr:?}").to_lowercase()),
            SiteValue::Constant(bits) => write!(f, "{bits:#x}"),
        }
    }
}

/// The instructions, then each site: why it leaves, the index the
/// interpreter resumes at, and the values its map reads back (receiver,
/// arguments, locals, stack, frame by frame).
impl fmt::Display for Lir {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        for inst in &self.insts {
            writeln!(f, "{inst}")?;
        }
        for (index, site) in self.sites.iter().enumerate() {
            let map = self.maps.get(site.map);
            let frames: Vec<String> = map
                .frames
                .iter()
                .map(|frame| format!("@{}", frame.ip))
                .collect();
            let values: Vec<String> = site.values.iter().map(|v| v.to_string()).collect();
            let after = match (site.after_call, site.is_transfer()) {
                (true, _) => " after call",
                (_, true) => " transfer",
                _ => "",
            };
            writeln!(
                f,
                "site {index}: {} -> {}{after} [{}]",
                site.reason_name,
                frames.join(" "),
                values.join(", ")
            )?;
        }
        Ok(())
    }
}
