//! Code generation: one dynasm template per LIR instruction, x86-64,
//! System V calling convention.
//!
//! The compiled method is `extern "C" fn(ctx, entry) -> u64`: `ctx` is the
//! runtime's context of this activation (kept in `r15` and passed to every
//! helper), `entry` points to an [`EntryFrame`] (the receiver and
//! arguments). Its frame:
//!
//! ```text
//! rbp + 0     saved rbp
//! rbp - 8..40 saved rbx, r12, r13, r14, r15
//! rbp - 48    the entry pointer (saved when a parameter reads it later)
//! rbp - 56    spill slot 0, then 1, ... downwards
//!             the activation record of native calls (when the code makes any)
//! rsp + 0     values a call passes by pointer (the operands of run_insn)
//! ```
//!
//! A native call (`call native or call_direct(...)` in the LIR) goes
//! straight into the callee's compiled code when it has some: it fills in
//! the callee's [`ActivationRecord`] in the caller's frame, enters the
//! callee with it, and afterwards lets the runtime pop the callee's frame
//! if it was materialised. Otherwise the helper call runs:
//!
//! ```text
//!   store the receiver and arguments at rsp
//!   mov r10, &target ; mov rax, [r10] ; test rax, rax ; jz helper
//!   depth check ; fill in the record at rsp + area ; call rax
//!   cmp [record.frame_id], 0 ; jne finish ; jmp done
//! helper: store the rest of the spread ; ... call call_direct ...
//! done:
//! ```
//!
//! The native way stores only the receiver and arguments. What else the
//! runtime may need to materialise the callee's frame (the call's index,
//! the values of the caller's inlined frames) it finds from the return
//! address, in the call's [`NativeSite`]: a value in a callee-saved
//! register is where the callee's prologue pushed it (`rbx` at
//! `rsp - 24` at the call, then `r12`, `r13`, `r14` below), one in a spill
//! slot is in the caller's frame, whose `rbp` the callee pushed at
//! `rsp - 16` (see [`SavedWord`](crate::runtime::SavedWord)). The
//! prologue below is what makes that layout; it does not change without
//! `SavedWord::read`.
//!
//! Templates compute into the destination's register when it has one
//! (the allocator gives it the register of a value the instruction reads
//! only when that is the operand the template starts from and reads
//! nowhere else: `mov d, a ; add d, b` with `d` = `a`), else into the
//! scratch registers (`rax`, `r10`, `r11`), and then store to the
//! destination's stack slot. Every site that may deoptimise jumps forward to a stub
//! after the method's code; the stub pushes the registers its map names and
//! calls the runtime's `deoptimise(ctx, code, site, fp, sp)`, and the method
//! returns what the interpreter returned.
//!
//! The templates are grouped by kind, one file each, `Emitter::inst`
//! dispatching to them:
//!
//! - `moves`: moving values between registers, spill slots, immediates
//!   and memory (parameters, loads, stores, parallel moves);
//! - `arith`: Integer and Float arithmetic, tagging, Bool values;
//! - `conditions`: flags, conditional jumps, kind tests, guards, branches,
//!   jumps, polls and the other ways out of a block;
//! - `calls`: helper calls and native calls;
//! - `record`: what the record of native calls holds before each
//!   instruction.

mod arith;
mod calls;
mod conditions;
mod moves;
mod record;

use super::lir::*;
use super::regalloc::{Allocation, Loc, Reg};
use crate::ir::NodeId;
use crate::runtime::{ActivationRecord, NativeSite};
use dynasmrt::x64::X64Relocation;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi, VecAssembler};
use record::{record_states, RecordState};

/// What the caller of a compiled method passes.
#[repr(C)]
pub struct EntryFrame {
    /// The receiver, then the arguments (and, for on-stack replacement,
    /// the locals and operands). Read only on entry, before the code calls
    /// anything: the runtime may point it into its value stack.
    pub values: *const u64,
    pub argc: u64,
}

/// Offset of the entry pointer from `rbp`.
const ENTRY_SLOT: i32 = -48;

fn spill_offset(slot: u32) -> i32 {
    -56 - 8 * slot as i32
}

/// A condition code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cc {
    E,
    Ne,
    L,
    Le,
    G,
    Ge,
    A,
    Ae,
    B,
    Be,
}

impl Cc {
    fn invert(self) -> Cc {
        match self {
            Cc::E => Cc::Ne,
            Cc::Ne => Cc::E,
            Cc::L => Cc::Ge,
            Cc::Le => Cc::G,
            Cc::G => Cc::Le,
            Cc::Ge => Cc::L,
            Cc::A => Cc::Be,
            Cc::Ae => Cc::B,
            Cc::Be => Cc::A,
            Cc::B => Cc::Ae,
        }
    }
}

/// The generated code, before it is placed in executable memory.
pub struct Emitted {
    pub code: Vec<u8>,
    /// For each LIR instruction, the offset where its code starts.
    pub inst_offsets: Vec<usize>,
    /// Where the helper's ways of native calls start (after the epilogue).
    pub helper_ways_offset: usize,
    /// Where the stubs start.
    pub stubs_offset: usize,
    /// Per site: how its stub reads the values back.
    pub site_maps: Vec<deopt::SiteMap>,
    /// The native calls, by the offset they return to (ascending).
    pub native_sites: Vec<(usize, NativeSite)>,
}

/// Options the runtime sets for one compilation.
pub struct EmitOptions {
    /// The runtime's handle for this code (passed to `deoptimise`).
    pub code_handle: u64,
    pub deoptimise: u64,
    pub stress_countdown: Option<u64>,
    pub invalidated_flag: u64,
}

struct Emitter<'a> {
    ops: VecAssembler<X64Relocation>,
    lir: &'a Lir,
    alloc: &'a Allocation,
    options: &'a EmitOptions,
    labels: Vec<DynamicLabel>,
    /// Each block's parameters (its phis), by block.
    params: Vec<Vec<VReg>>,
    stubs: Vec<DynamicLabel>,
    exit: DynamicLabel,
    frame_size: i32,
    /// Where the record of native calls sits (from `rsp`).
    record_offset: i32,
    /// Whether the frame has that record (the code makes native calls).
    has_record: bool,
    /// The native calls made so far, by the offset they return to.
    native_sites: Vec<(usize, NativeSite)>,
    /// Per instruction: the record's state before it.
    record_states: Vec<RecordState>,
    /// The code's first instruction.
    start: DynamicLabel,
    /// The helper's ways of native calls, emitted after the epilogue: the
    /// call, where the way starts, where it goes back to.
    helper_ways: Vec<(usize, DynamicLabel, DynamicLabel)>,
}

/// Whether `rsi` still holds the entry pointer at instruction `index`:
/// nothing but labels comes before it.
fn entry_at_hand(insts: &[Inst], index: usize) -> bool {
    insts[..index]
        .iter()
        .all(|inst| matches!(inst, Inst::Label { .. }))
}

/// Whether `r11` still points at the entry's values at instruction `index`
/// (parameters come first: the one before it loaded through `r11`).
fn values_at_hand(insts: &[Inst], index: usize) -> bool {
    index > 0
        && matches!(
            insts[index - 1],
            Inst::Param {
                slot: ParamSlot::Receiver | ParamSlot::Arg(_) | ParamSlot::Frame(_),
                ..
            }
        )
}

/// Whether a parameter is read through the entry pointer the prologue
/// saves at [`ENTRY_SLOT`] (not when they all read it at hand).
fn reads_entry_slot(insts: &[Inst]) -> bool {
    insts.iter().enumerate().any(|(index, inst)| match inst {
        Inst::Param {
            slot: ParamSlot::HasArg(_),
            ..
        } => true,
        Inst::Param { .. } => !entry_at_hand(insts, index) && !values_at_hand(insts, index),
        _ => false,
    })
}

pub fn emit(lir: &Lir, alloc: &Allocation, options: &EmitOptions) -> Emitted {
    let blocks = lir
        .insts
        .iter()
        .filter(|i| matches!(i, Inst::Label { .. }))
        .count();
    let mut ops = VecAssembler::<X64Relocation>::new(0);
    let labels = (0..blocks).map(|_| ops.new_dynamic_label()).collect();
    let stubs = (0..lir.sites.len())
        .map(|_| ops.new_dynamic_label())
        .collect();
    let exit = ops.new_dynamic_label();
    let start = ops.new_dynamic_label();
    let spread = lir
        .insts
        .iter()
        .map(|i| match i {
            Inst::Call {
                spread: Some(spread),
                ..
            } => spread.len() as i32,
            _ => 0,
        })
        .max()
        .unwrap_or(0);
    let native = lir.insts.iter().any(|i| {
        matches!(
            i,
            Inst::Call {
                native: Some(_),
                ..
            }
        )
    });
    let record_size = if native { ActivationRecord::SIZE } else { 0 };
    // 40 bytes of saved registers after rbp; the frame keeps rsp 16-byte
    // aligned at calls.
    let mut frame_size = 8 + 8 * alloc.spill_slots as i32 + 8 * spread + record_size;
    if frame_size % 16 != 8 {
        frame_size += 8;
    }
    let mut params = vec![Vec::new(); blocks];
    for inst in &lir.insts {
        if let Inst::Label { block, params: p } = inst {
            params[block.0 as usize] = p.clone();
        }
    }
    let mut emitter = Emitter {
        ops,
        lir,
        alloc,
        options,
        labels,
        params,
        stubs,
        exit,
        frame_size,
        record_offset: 8 * spread,
        has_record: native,
        native_sites: Vec::new(),
        record_states: record_states(lir),
        start,
        helper_ways: Vec::new(),
    };
    emitter.prologue();
    let mut inst_offsets = Vec::with_capacity(lir.insts.len());
    for (index, inst) in lir.insts.iter().enumerate() {
        inst_offsets.push(emitter.ops.offset().0);
        emitter.inst(index, inst);
    }
    emitter.epilogue();
    let helper_ways_offset = emitter.ops.offset().0;
    for (index, helper, done) in std::mem::take(&mut emitter.helper_ways) {
        dynasm!(emitter.ops ; .arch x64 ; =>helper);
        emitter.helper_call(index);
        dynasm!(emitter.ops ; .arch x64 ; jmp =>done);
    }
    let stubs_offset = emitter.ops.offset().0;
    let site_maps = (0..lir.sites.len()).map(|s| emitter.stub(s)).collect();
    let code = emitter.ops.finalize().expect("every label used is defined");
    Emitted {
        code,
        inst_offsets,
        helper_ways_offset,
        stubs_offset,
        site_maps,
        native_sites: emitter.native_sites,
    }
}

/// The code a native call returns through once the runtime has
/// materialised the callee's frame (it replaced the call's return address
/// with this code's; see [`ActivationRecord`]). It calls
/// `finish(result) -> (result, return address)`, which pops the frame and
/// answers the call's result and where the call returns to (in `rax` and
/// `rdx`), and goes there:
///
/// ```text
/// mov rdi, rax ; mov rax, finish ; call rax ; jmp rdx
/// ```
///
/// `rsp` is the caller's at the call, 16-byte aligned, as a call needs.
pub fn native_return_trampoline(finish: u64) -> Vec<u8> {
    let mut ops = VecAssembler::<X64Relocation>::new(0);
    let finish = finish as i64;
    dynasm!(ops
        ; .arch x64
        ; mov rdi, rax
        ; mov rax, QWORD finish
        ; call rax
        ; jmp rdx
    );
    ops.finalize().expect("the trampoline uses no labels")
}

/// A value a move reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum MoveSrc {
    Loc(Loc),
    Imm(i64),
}

impl Emitter<'_> {
    fn prologue(&mut self) {
        let frame_size = self.frame_size;
        let start = self.start;
        dynasm!(self.ops
            ; .arch x64
            ; =>start
            ; push rbp
            ; mov rbp, rsp
            ; push rbx
            ; push r12
            ; push r13
            ; push r14
            ; push r15
            ; sub rsp, frame_size
            ; mov r15, rdi
        );
        if cfg!(debug_assertions) && self.has_record {
            // Debug builds poison the record of native calls: the runtime
            // asserts each field it reads was stored (`assert_stored`).
            let record = self.record_offset;
            let poison = ActivationRecord::UNSTORED as i64;
            dynasm!(self.ops ; .arch x64 ; mov rax, QWORD poison);
            for word in 0..ActivationRecord::SIZE / 8 {
                dynasm!(self.ops ; .arch x64 ; mov [rsp + record + 8 * word], rax);
            }
        }
        if reads_entry_slot(&self.lir.insts) {
            dynasm!(self.ops ; .arch x64 ; mov [rbp + ENTRY_SLOT], rsi);
        }
    }

    fn epilogue(&mut self) {
        let exit = self.exit;
        dynasm!(self.ops
            ; .arch x64
            ; =>exit
            ; lea rsp, [rbp - 40]
            ; pop r15
            ; pop r14
            ; pop r13
            ; pop r12
            ; pop rbx
            ; pop rbp
            ; ret
        );
    }

    fn next_block_is(&self, index: usize, block: super::schedule::BlockId) -> bool {
        matches!(self.lir.insts.get(index + 1), Some(Inst::Label { block: b, .. }) if *b == block)
    }

    /// Emits one LIR instruction, by kind: each kind has its method (in
    /// the file of its kind; see the module doc).
    fn inst(&mut self, index: usize, inst: &Inst) {
        match inst {
            Inst::Label { block, .. } => {
                let label = self.labels[block.0 as usize];
                dynasm!(self.ops ; .arch x64 ; =>label);
            }
            Inst::Param { .. }
            | Inst::Mov { .. }
            | Inst::LoadShape { .. }
            | Inst::Load { .. }
            | Inst::Store { .. } => self.moves(index, inst),
            Inst::Bin { .. } | Inst::Untag { .. } | Inst::Tag { .. } | Inst::BoolToValue { .. } => {
                self.int_arith(inst)
            }
            Inst::FloatBin { .. }
            | Inst::UnboxFloat { .. }
            | Inst::BoxFloat { .. }
            | Inst::IntToFloat { .. }
            | Inst::FloatToInt { .. }
            | Inst::FloatSqrt { .. } => self.float_arith(inst),
            Inst::SetCond { .. } | Inst::Kind { .. } => self.condition(inst),
            Inst::Guard { .. }
            | Inst::Branch { .. }
            | Inst::Jump { .. }
            | Inst::Transfer { .. }
            | Inst::Poll { .. }
            | Inst::Stress { .. }
            | Inst::Return { .. }
            | Inst::Deopt { .. } => self.control(index, inst),
            Inst::Call { .. } => self.call(index, inst),
        }
    }

    /// A site's stub: pushes the registers its values are in, calls
    /// `deoptimise`, and leaves with what it returned.
    fn stub(&mut self, index: usize) -> deopt::SiteMap {
        let site = &self.lir.sites[index];
        let mut pushed: Vec<Reg> = Vec::new();
        let mut locate = |value: &SiteValue, alloc: &Allocation| -> deopt::Located {
            match *value {
                SiteValue::Constant(bits) => deopt::Located {
                    location: deopt::Location::Constant(bits),
                    repr: deopt::Repr::Value,
                },
                SiteValue::Reg(v, repr) => {
                    let location = match alloc.loc(v) {
                        Loc::Reg(r) => {
                            let n = pushed.iter().position(|&p| p == r).unwrap_or_else(|| {
                                pushed.push(r);
                                pushed.len() - 1
                            });
                            deopt::Location::Pushed(n as u8)
                        }
                        Loc::Stack(slot) => deopt::Location::Frame(spill_offset(slot)),
                    };
                    deopt::Located { location, repr }
                }
            }
        };
        let values: Vec<deopt::Located> =
            site.values.iter().map(|v| locate(v, self.alloc)).collect();
        let returned = site.returned.as_ref().map(|v| locate(v, self.alloc));
        let label = self.stubs[index];
        dynasm!(self.ops ; .arch x64 ; =>label);
        if pushed.len() % 2 == 1 {
            dynasm!(self.ops ; .arch x64 ; sub rsp, 8);
        }
        for reg in &pushed {
            dynasm!(self.ops ; .arch x64 ; push Rq(reg.0));
        }
        let handle = self.options.code_handle as i64;
        let deoptimise = self.options.deoptimise as i64;
        let site_index = index as i32;
        let exit = self.exit;
        dynasm!(self.ops
            ; .arch x64
            ; mov rdi, r15
            ; mov rsi, QWORD handle
            ; mov edx, site_index
            ; mov rcx, rbp
            ; mov r8, rsp
            ; mov rax, QWORD deoptimise
            ; call rax
            ; jmp =>exit
        );
        deopt::SiteMap {
            map: site.map,
            values,
            pushed: pushed.len() as u8,
            after_call: site.after_call,
            returned,
            transfer: site.is_transfer(),
        }
    }
}

/// The IR node each byte range of the code came from.
pub fn origins(lir: &Lir, emitted: &Emitted) -> Vec<(usize, Option<NodeId>)> {
    let mut out: Vec<(usize, Option<NodeId>)> = Vec::new();
    for (offset, origin) in emitted.inst_offsets.iter().zip(&lir.origins) {
        if out.last().is_none_or(|(_, last)| last != origin) {
            out.push((*offset, *origin));
        }
    }
    out
}
