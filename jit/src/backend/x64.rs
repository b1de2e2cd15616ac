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
//! `rsp - 16` (see [`SavedWord`]). The prologue below is what makes that
//! layout; it does not change without `SavedWord::read`.
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

use super::lir::*;
use super::regalloc::{Allocation, Loc, Reg, CALLEE_SAVED};
use crate::ir::{Cmp, NodeId};
use crate::runtime::{ActivationRecord, CallTarget, NativeSite, SavedWord};
use bytecode::abi;
use dynasmrt::x64::X64Relocation;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi, VecAssembler};

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

/// Whether word `i` of a native call's spread stays where its caller keeps
/// it on the native way (`extra` says where: see `Emitter::saved_words`).
fn kept_word(native: Option<&NativeCall>, extra: Option<&[SavedWord]>, i: usize) -> bool {
    match (native, extra) {
        (Some(call), Some(extra)) if i > call.argc as usize => {
            !matches!(extra[i - call.argc as usize - 1], SavedWord::Passed(_))
        }
        _ => false,
    }
}

/// What the record of native calls in the frame holds where an
/// instruction starts. The fields that stay the same for all the calls an
/// activation makes (the caller, the values' place, the depth left, the
/// frame id, which the runtime sets back to 0 after materialising a
/// callee) are filled in by the first native call on each path; the
/// others find them there, and what the previous call stored that they
/// would store again (the block passed, the argument count, the caller's
/// own code after a recursive call):
///
/// ```text
/// fib(n - 1)   Empty                          fill in the record, check the depth, call
/// fib(n - 2)   Filled { argc: Some(1), .. }   check the depth stored, call
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RecordState {
    /// Not filled in on some path here.
    Empty,
    /// Filled in; the block field holds the caller's block (`Some(true)`),
    /// none (`Some(false)`) or either; the code field the caller's own
    /// code (after a recursive call on every path); the argument count
    /// and depth fields the count and the caller's depth left less
    /// [`NativeCall::depth`], when every path stored the same.
    Filled {
        forwarded_block: Option<bool>,
        own_code: bool,
        argc: Option<u32>,
        depth: Option<u32>,
    },
}

impl RecordState {
    /// The state where paths in these states meet (`None`: a path not
    /// analysed yet).
    fn meet(a: Option<RecordState>, b: RecordState) -> RecordState {
        fn same<T: PartialEq>(x: Option<T>, y: Option<T>) -> Option<T> {
            if x == y {
                x
            } else {
                None
            }
        }
        match (a, b) {
            (None, b) => b,
            (
                Some(RecordState::Filled {
                    forwarded_block: block_a,
                    own_code: own_a,
                    argc: argc_a,
                    depth: depth_a,
                }),
                RecordState::Filled {
                    forwarded_block: block_b,
                    own_code: own_b,
                    argc: argc_b,
                    depth: depth_b,
                },
            ) => RecordState::Filled {
                forwarded_block: same(block_a, block_b),
                own_code: own_a && own_b,
                argc: same(argc_a, argc_b),
                depth: same(depth_a, depth_b),
            },
            _ => RecordState::Empty,
        }
    }
}

/// The record's state before each instruction: a forward data flow over
/// the blocks, to a fixed point (loops carry states around).
fn record_states(lir: &Lir) -> Vec<RecordState> {
    let insts = &lir.insts;
    let mut starts = Vec::new();
    for (i, inst) in insts.iter().enumerate() {
        if let Inst::Label { block, .. } = inst {
            starts.push((block.0 as usize, i));
        }
    }
    let block_count = starts.iter().map(|&(b, _)| b + 1).max().unwrap_or(0);
    let after = |state: RecordState, inst: &Inst| match inst {
        Inst::Call {
            native: Some(call), ..
        } => RecordState::Filled {
            forwarded_block: Some(call.forwards_block),
            own_code: call.recursive,
            argc: Some(call.argc),
            depth: Some(call.depth),
        },
        _ => state,
    };
    let mut entry: Vec<Option<RecordState>> = vec![None; block_count];
    if let Some(&(first, _)) = starts.first() {
        entry[first] = Some(RecordState::Empty);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for (n, &(block, start)) in starts.iter().enumerate() {
            let Some(mut state) = entry[block] else {
                continue;
            };
            let end = starts.get(n + 1).map_or(insts.len(), |&(_, i)| i);
            for inst in &insts[start..end] {
                state = after(state, inst);
            }
            let successors = match insts[end - 1] {
                Inst::Branch {
                    if_true, if_false, ..
                } => vec![if_true, if_false],
                Inst::Jump { to, .. } => vec![to],
                _ => vec![],
            };
            for to in successors {
                let to = to.0 as usize;
                let met = RecordState::meet(entry[to], state);
                if entry[to] != Some(met) {
                    entry[to] = Some(met);
                    changed = true;
                }
            }
        }
    }
    let mut states = Vec::with_capacity(insts.len());
    let mut state = RecordState::Empty;
    for inst in insts {
        if let Inst::Label { block, .. } = inst {
            state = entry[block.0 as usize].unwrap_or(RecordState::Empty);
        }
        states.push(state);
        state = after(state, inst);
    }
    states
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

    /// The native way of a call (see the module doc): jumps to `done`
    /// with the result in `rax`, or falls through to the helper's way when
    /// the callee has no compiled code or the calls nest too deep. The
    /// first native call on a path fills in the fields of the record that
    /// stay the same for all the activation's calls (see [`RecordState`]);
    /// the others only check that the calls may nest.
    fn native_call(
        &mut self,
        call: &NativeCall,
        extra: Vec<SavedWord>,
        state: RecordState,
        helper: DynamicLabel,
    ) {
        let argc = call.argc as i32;
        let target = call.target as i64;
        let record = self.record_offset;
        let depth = call.depth as i32;
        let (filled, block_stored, own_code_stored, argc_stored, depth_stored) = match state {
            RecordState::Empty => (false, None, false, None, None),
            RecordState::Filled {
                forwarded_block,
                own_code,
                argc,
                depth,
            } => (true, forwarded_block, own_code, argc, depth),
        };
        // Every field the record's state after this call claims is stored
        // (see [`record_states`]) is stored before the first jump to the
        // helper's way: the way a call takes must not change what the next
        // call finds in the record.
        if filled {
            dynasm!(self.ops ; .arch x64 ; lea rdi, [rsp + record]);
        } else {
            dynasm!(self.ops
                ; .arch x64
                ; lea rdi, [rsp + record]
                ; mov r11, [r15 + ActivationRecord::DEPTH_LEFT]
                ; mov [rdi + ActivationRecord::CALLER], r15
                ; mov [rdi + ActivationRecord::VALUES], rsp
                ; mov QWORD [rdi + ActivationRecord::FRAME_ID], 0
            );
        }
        if block_stored != Some(call.forwards_block) {
            if call.forwards_block {
                dynasm!(self.ops
                    ; .arch x64
                    ; mov rax, [r15 + ActivationRecord::BLOCK]
                    ; mov [rdi + ActivationRecord::BLOCK], rax
                );
            } else {
                dynasm!(self.ops ; .arch x64 ; mov QWORD [rdi + ActivationRecord::BLOCK], 0);
            }
        }
        if argc_stored != Some(call.argc) {
            dynasm!(self.ops ; .arch x64 ; mov QWORD [rdi + ActivationRecord::ARGC], argc);
        }
        if call.recursive && !own_code_stored {
            // Code that is running is valid until its next poll: it calls
            // itself without looking, with its own record's code.
            dynasm!(self.ops
                ; .arch x64
                ; mov rax, [r15 + ActivationRecord::COMPILED]
                ; mov [rdi + ActivationRecord::COMPILED], rax
            );
        }
        if filled && depth_stored == Some(call.depth) {
            dynasm!(self.ops
                ; .arch x64
                ; cmp QWORD [rdi + ActivationRecord::DEPTH_LEFT], 0
                ; jle =>helper
            );
        } else {
            if filled {
                dynasm!(self.ops ; .arch x64 ; mov r11, [r15 + ActivationRecord::DEPTH_LEFT]);
            }
            // `mov` leaves the flags of `sub` for `jle`: the depth is
            // stored on both ways, too deep or not.
            dynasm!(self.ops
                ; .arch x64
                ; sub r11, depth
                ; mov [rdi + ActivationRecord::DEPTH_LEFT], r11
                ; jle =>helper
            );
        }
        if !call.recursive {
            // The code field is not part of the state after a call to
            // another method: it may be left unstored on the helper's way.
            dynasm!(self.ops
                ; .arch x64
                ; mov r10, QWORD target
                ; mov rax, [r10 + CallTarget::CODE]
                ; test rax, rax
                ; jz =>helper
                ; mov r11, [r10 + CallTarget::COMPILED]
                ; mov [rdi + ActivationRecord::COMPILED], r11
            );
        }
        dynasm!(self.ops ; .arch x64 ; lea rsi, [rdi + ActivationRecord::VALUES]);
        if call.recursive {
            let start = self.start;
            dynasm!(self.ops ; .arch x64 ; call =>start);
        } else {
            dynasm!(self.ops ; .arch x64 ; call rax);
        }
        let returns_to = self.ops.offset().0;
        self.native_sites.push((
            returns_to,
            NativeSite {
                entry: call.entry,
                at: call.at,
                extra,
            },
        ));
    }

    /// The helper's way of call `index`: the spread words a native way
    /// left where they were stored too, the arguments in registers, then
    /// the helper called (its result in `rax`).
    fn helper_call(&mut self, index: usize) {
        let Inst::Call {
            helper,
            with_ctx,
            args,
            spread,
            native,
            ..
        } = &self.lir.insts[index]
        else {
            unreachable!("a call")
        };
        let words = spread.as_deref().unwrap_or_default();
        if let Some(call) = native {
            let extra = self.saved_words(call.argc, words);
            for (i, &value) in words.iter().enumerate() {
                if kept_word(Some(call), Some(&extra), i) {
                    self.store_spread(i, value);
                }
            }
        }
        const ARGS: [Reg; 6] = [Reg::RDI, Reg::RSI, Reg::RDX, Reg::RCX, Reg::R8, Reg::R9];
        let mut moves = Vec::new();
        let mut next = 0;
        if *with_ctx {
            moves.push((Loc::Reg(ARGS[0]), MoveSrc::Loc(Loc::Reg(Reg::R15))));
            next = 1;
        }
        for arg in args {
            moves.push((Loc::Reg(ARGS[next]), self.source(*arg)));
            next += 1;
        }
        self.parallel_move(moves);
        if spread.is_some() {
            let pointer = ARGS[next].0;
            dynasm!(self.ops ; .arch x64 ; lea Rq(pointer), [rsp]);
        }
        let address = helper.address as i64;
        dynasm!(self.ops
            ; .arch x64
            ; mov rax, QWORD address
            ; call rax
        );
    }

    /// Where a native call's caller keeps each word of `spread` after the
    /// receiver and arguments while the callee runs: a callee-saved
    /// register or a spill slot keeps its value (the callee's prologue
    /// saves those registers), so only a word in a caller-saved register
    /// is stored with the arguments.
    fn saved_words(&self, argc: u32, spread: &[Opd]) -> Vec<SavedWord> {
        spread
            .iter()
            .enumerate()
            .skip(argc as usize + 1)
            .map(|(i, word)| match *word {
                Opd::Imm(imm) => SavedWord::Constant(imm as u64),
                Opd::Reg(v) => match self.alloc.loc(v) {
                    Loc::Stack(slot) => SavedWord::Spilled(spill_offset(slot)),
                    Loc::Reg(r) => match CALLEE_SAVED.iter().position(|&saved| saved == r) {
                        Some(n) => SavedWord::Register(n as u8),
                        None => SavedWord::Passed(i as u32),
                    },
                },
            })
            .collect()
    }

    /// Stores word `i` of a call's spread at `rsp + 8 * i`.
    fn store_spread(&mut self, i: usize, value: Opd) {
        let offset = 8 * i as i32;
        match value {
            Opd::Imm(imm) if i32::try_from(imm).is_ok() => {
                let imm = imm as i32;
                dynasm!(self.ops ; .arch x64 ; mov QWORD [rsp + offset], imm);
            }
            Opd::Reg(v) => {
                let r = self.reg_of(v, Reg::RAX).0;
                dynasm!(self.ops ; .arch x64 ; mov [rsp + offset], Rq(r));
            }
            imm => {
                self.load(Reg::RAX, imm);
                dynasm!(self.ops ; .arch x64 ; mov [rsp + offset], rax);
            }
        }
    }

    // --- moving values --------------------------------------------------

    fn mov_imm(&mut self, reg: Reg, imm: i64) {
        let r = reg.0;
        if imm == 0 {
            dynasm!(self.ops ; .arch x64 ; xor Rd(r), Rd(r));
        } else if let Ok(small) = i32::try_from(imm) {
            dynasm!(self.ops ; .arch x64 ; mov Rq(r), DWORD small);
        } else {
            dynasm!(self.ops ; .arch x64 ; mov Rq(r), QWORD imm);
        }
    }

    fn load_loc(&mut self, reg: Reg, loc: Loc) {
        let r = reg.0;
        match loc {
            Loc::Reg(src) if src == reg => {}
            Loc::Reg(src) => dynasm!(self.ops ; .arch x64 ; mov Rq(r), Rq(src.0)),
            Loc::Stack(slot) => {
                let offset = spill_offset(slot);
                dynasm!(self.ops ; .arch x64 ; mov Rq(r), [rbp + offset])
            }
        }
    }

    fn load(&mut self, reg: Reg, opd: Opd) {
        match opd {
            Opd::Imm(imm) => self.mov_imm(reg, imm),
            Opd::Reg(v) => self.load_loc(reg, self.alloc.loc(v)),
        }
    }

    /// The register an instruction computes `dst` in: its own when it has
    /// one (the allocator gives it the register of a value the instruction
    /// reads, deoptimisation maps included, only for the operand a template
    /// loads first: see `regalloc::in_place_operand`), else `rax`.
    fn target(&self, dst: VReg) -> Reg {
        match self.alloc.loc(dst) {
            Loc::Reg(r) => r,
            Loc::Stack(_) => Reg::RAX,
        }
    }

    /// The register holding `v`, loading it into `scratch` when spilled.
    fn reg_of(&mut self, v: VReg, scratch: Reg) -> Reg {
        match self.alloc.loc(v) {
            Loc::Reg(r) => r,
            loc => {
                self.load_loc(scratch, loc);
                scratch
            }
        }
    }

    fn store(&mut self, dst: VReg, from: Reg) {
        match self.alloc.loc(dst) {
            Loc::Reg(r) if r == from => {}
            Loc::Reg(r) => dynasm!(self.ops ; .arch x64 ; mov Rq(r.0), Rq(from.0)),
            Loc::Stack(slot) => {
                let offset = spill_offset(slot);
                dynasm!(self.ops ; .arch x64 ; mov [rbp + offset], Rq(from.0))
            }
        }
    }

    /// Where a move finds an operand.
    fn source(&self, opd: Opd) -> MoveSrc {
        match opd {
            Opd::Imm(imm) => MoveSrc::Imm(imm),
            Opd::Reg(v) => MoveSrc::Loc(self.alloc.loc(v)),
        }
    }

    fn move_to(&mut self, dst: Loc, src: MoveSrc) {
        match (dst, src) {
            (Loc::Reg(r), MoveSrc::Imm(imm)) => self.mov_imm(r, imm),
            (Loc::Reg(r), MoveSrc::Loc(loc)) => self.load_loc(r, loc),
            (Loc::Stack(slot), src) => {
                match src {
                    MoveSrc::Imm(imm) => self.mov_imm(Reg::RAX, imm),
                    MoveSrc::Loc(loc) => self.load_loc(Reg::RAX, loc),
                }
                let offset = spill_offset(slot);
                dynasm!(self.ops ; .arch x64 ; mov [rbp + offset], rax)
            }
        }
    }

    /// Moves that happen at once: no move reads a location an earlier one
    /// wrote. Cycles go through `r11`.
    fn parallel_move(&mut self, moves: Vec<(Loc, MoveSrc)>) {
        let mut pending: Vec<(Loc, MoveSrc)> = moves
            .into_iter()
            .filter(|(dst, src)| *src != MoveSrc::Loc(*dst))
            .collect();
        while !pending.is_empty() {
            let ready = (0..pending.len()).find(|&i| {
                let dst = pending[i].0;
                !pending
                    .iter()
                    .enumerate()
                    .any(|(j, (_, src))| j != i && *src == MoveSrc::Loc(dst))
            });
            match ready {
                Some(i) => {
                    let (dst, src) = pending.remove(i);
                    self.move_to(dst, src);
                }
                None => {
                    // A cycle: park one destination's old value in r11.
                    let dst = pending[0].0;
                    self.load_loc(Reg::R11, dst);
                    for (_, src) in pending.iter_mut() {
                        if *src == MoveSrc::Loc(dst) {
                            *src = MoveSrc::Loc(Loc::Reg(Reg::R11));
                        }
                    }
                }
            }
        }
    }

    // --- conditions -----------------------------------------------------

    /// Sets the flags for `test`; the condition code that means it holds.
    fn test(&mut self, test: Test) -> Cc {
        match test {
            Test::Cmp(cmp, a, b) => {
                match (self.alloc.loc(a), b) {
                    // A spilled value is compared where it lies.
                    (Loc::Stack(slot), Opd::Imm(imm)) if i32::try_from(imm).is_ok() => {
                        let (offset, imm) = (spill_offset(slot), imm as i32);
                        dynasm!(self.ops ; .arch x64 ; cmp QWORD [rbp + offset], imm);
                    }
                    (_, Opd::Imm(imm)) if i32::try_from(imm).is_ok() => {
                        let ra = self.reg_of(a, Reg::R10);
                        let imm = imm as i32;
                        dynasm!(self.ops ; .arch x64 ; cmp Rq(ra.0), imm);
                    }
                    _ => {
                        let ra = self.reg_of(a, Reg::R10);
                        self.load(Reg::R11, b);
                        dynasm!(self.ops ; .arch x64 ; cmp Rq(ra.0), r11);
                    }
                }
                match cmp {
                    Cmp::Lt => Cc::L,
                    Cmp::Le => Cc::Le,
                    Cmp::Gt => Cc::G,
                    Cmp::Ge => Cc::Ge,
                    Cmp::Eq => Cc::E,
                    Cmp::Ne => Cc::Ne,
                }
            }
            Test::FloatCmp(cmp, a, b) => {
                self.load(Reg::R10, Opd::Reg(a));
                self.load(Reg::R11, Opd::Reg(b));
                dynasm!(self.ops
                    ; .arch x64
                    ; movq xmm0, r10
                    ; movq xmm1, r11
                );
                // Unordered (NaN) sets ZF, PF and CF: `a`/`ae` are false
                // then, and equality also checks PF.
                match cmp {
                    Cmp::Gt | Cmp::Ge => {
                        dynasm!(self.ops ; .arch x64 ; ucomisd xmm0, xmm1);
                        if cmp == Cmp::Gt {
                            Cc::A
                        } else {
                            Cc::Ae
                        }
                    }
                    Cmp::Lt | Cmp::Le => {
                        dynasm!(self.ops ; .arch x64 ; ucomisd xmm1, xmm0);
                        if cmp == Cmp::Lt {
                            Cc::A
                        } else {
                            Cc::Ae
                        }
                    }
                    Cmp::Eq | Cmp::Ne => {
                        dynasm!(self.ops
                            ; .arch x64
                            ; ucomisd xmm0, xmm1
                            ; sete al
                            ; setnp r11b
                            ; and al, r11b
                            ; test al, al
                        );
                        if cmp == Cmp::Eq {
                            Cc::Ne
                        } else {
                            Cc::E
                        }
                    }
                }
            }
            Test::Mask { value, mask, zero } => {
                let r = self.reg_of(value, Reg::R10);
                dynasm!(self.ops ; .arch x64 ; test Rq(r.0), mask);
                if zero {
                    Cc::E
                } else {
                    Cc::Ne
                }
            }
        }
    }

    fn jump_if(&mut self, cc: Cc, label: DynamicLabel) {
        match cc {
            Cc::E => dynasm!(self.ops ; .arch x64 ; je =>label),
            Cc::Ne => dynasm!(self.ops ; .arch x64 ; jne =>label),
            Cc::L => dynasm!(self.ops ; .arch x64 ; jl =>label),
            Cc::Le => dynasm!(self.ops ; .arch x64 ; jle =>label),
            Cc::G => dynasm!(self.ops ; .arch x64 ; jg =>label),
            Cc::Ge => dynasm!(self.ops ; .arch x64 ; jge =>label),
            Cc::A => dynasm!(self.ops ; .arch x64 ; ja =>label),
            Cc::Ae => dynasm!(self.ops ; .arch x64 ; jae =>label),
            Cc::Be => dynasm!(self.ops ; .arch x64 ; jbe =>label),
            Cc::B => dynasm!(self.ops ; .arch x64 ; jb =>label),
        }
    }

    /// `al` = 1 when `cc` holds, else 0; `rax` zero-extended.
    fn set_if(&mut self, cc: Cc) {
        match cc {
            Cc::E => dynasm!(self.ops ; .arch x64 ; sete al),
            Cc::Ne => dynasm!(self.ops ; .arch x64 ; setne al),
            Cc::L => dynasm!(self.ops ; .arch x64 ; setl al),
            Cc::Le => dynasm!(self.ops ; .arch x64 ; setle al),
            Cc::G => dynasm!(self.ops ; .arch x64 ; setg al),
            Cc::Ge => dynasm!(self.ops ; .arch x64 ; setge al),
            Cc::A => dynasm!(self.ops ; .arch x64 ; seta al),
            Cc::Ae => dynasm!(self.ops ; .arch x64 ; setae al),
            Cc::Be => dynasm!(self.ops ; .arch x64 ; setbe al),
            Cc::B => dynasm!(self.ops ; .arch x64 ; setb al),
        }
        dynasm!(self.ops ; .arch x64 ; movzx eax, al);
    }

    /// Counts the stress countdown down, and takes the site when it
    /// reaches zero.
    fn stress(&mut self, site: SiteId) {
        if let Some(countdown) = self.options.stress_countdown {
            let stub = self.stubs[site.0 as usize];
            dynasm!(self.ops
                ; .arch x64
                ; mov r11, QWORD countdown as i64
                ; sub QWORD [r11], 1
                ; je =>stub
            );
        }
    }

    /// Sets `rax` to 1 when the value in `value` is of the kind, else 0
    /// (or, with a stub, jumps there when it is not).
    fn kind(&mut self, value: Reg, test: KindTest, fail: Option<DynamicLabel>) {
        let no = fail.unwrap_or_else(|| self.ops.new_dynamic_label());
        let r = value.0;
        match test {
            KindTest::Fixnum => {
                dynasm!(self.ops ; .arch x64 ; test Rb(r), 1 ; je =>no)
            }
            KindTest::Flonum => {
                dynasm!(self.ops
                    ; .arch x64
                    ; mov r11d, Rd(r)
                    ; and r11d, 3
                    ; cmp r11d, 2
                    ; jne =>no
                )
            }
            KindTest::Immediate(bits) => {
                let bits = bits as i32;
                dynasm!(self.ops ; .arch x64 ; cmp Rq(r), bits ; jne =>no)
            }
            KindTest::StaticSymbol => {
                let tag = abi::SYMBOL_FLAG as i8;
                dynasm!(self.ops ; .arch x64 ; cmp Rb(r), tag ; jne =>no)
            }
            KindTest::Heap { offset, word, byte } => {
                let not_nil = !(abi::NIL as i32);
                dynasm!(self.ops
                    ; .arch x64
                    ; test Rq(r), 7
                    ; jne =>no
                    ; test Rq(r), not_nil
                    ; je =>no
                );
                if byte {
                    let word = word as i8;
                    dynasm!(self.ops ; .arch x64 ; cmp BYTE [Rq(r) + offset], word ; jne =>no);
                } else {
                    dynasm!(self.ops
                        ; .arch x64
                        ; mov r11, QWORD word as i64
                        ; cmp [Rq(r) + offset], r11
                        ; jne =>no
                    );
                }
            }
            KindTest::Never => dynasm!(self.ops ; .arch x64 ; jmp =>no),
        }
        if fail.is_none() {
            let done = self.ops.new_dynamic_label();
            dynasm!(self.ops
                ; .arch x64
                ; mov eax, 1
                ; jmp =>done
                ; =>no
                ; xor eax, eax
                ; =>done
            );
        }
    }

    // --- instructions ---------------------------------------------------

    fn next_block_is(&self, index: usize, block: super::schedule::BlockId) -> bool {
        matches!(self.lir.insts.get(index + 1), Some(Inst::Label { block: b, .. }) if *b == block)
    }

    fn inst(&mut self, index: usize, inst: &Inst) {
        match inst {
            Inst::Label { block, .. } => {
                let label = self.labels[block.0 as usize];
                dynasm!(self.ops ; .arch x64 ; =>label);
            }
            Inst::Param { dst, slot } => {
                let values_at_hand = values_at_hand(&self.lir.insts, index);
                let offset = match slot {
                    ParamSlot::Receiver => 0,
                    ParamSlot::Arg(n) => 8 * (*n as i32 + 1),
                    ParamSlot::Frame(n) => 8 * *n as i32,
                    ParamSlot::HasArg(n) => {
                        let n32 = *n as i32;
                        let offset = 8 * (n32 + 1);
                        let done = self.ops.new_dynamic_label();
                        let (yes, no, undef) =
                            (abi::TRUE as i32, abi::FALSE as i32, abi::UNDEF as i32);
                        dynasm!(self.ops
                            ; .arch x64
                            ; mov r11, [rbp + ENTRY_SLOT]
                            ; mov eax, no
                            ; cmp QWORD [r11 + 8], n32
                            ; jbe =>done
                            ; mov r11, [r11]
                            ; cmp QWORD [r11 + offset], undef
                            ; je =>done
                            ; mov eax, yes
                            ; =>done
                        );
                        self.store(*dst, Reg::RAX);
                        return;
                    }
                };
                if entry_at_hand(&self.lir.insts, index) {
                    dynasm!(self.ops ; .arch x64 ; mov r11, [rsi]);
                } else if !values_at_hand {
                    dynasm!(self.ops
                        ; .arch x64
                        ; mov r11, [rbp + ENTRY_SLOT]
                        ; mov r11, [r11]
                    );
                }
                let d = self.target(*dst);
                dynasm!(self.ops ; .arch x64 ; mov Rq(d.0), [r11 + offset]);
                self.store(*dst, d);
            }
            Inst::Mov { dst, src } => match (self.alloc.loc(*dst), src) {
                (Loc::Reg(r), _) => self.load(r, *src),
                (_, _) => {
                    self.load(Reg::RAX, *src);
                    self.store(*dst, Reg::RAX);
                }
            },
            Inst::Bin {
                op,
                dst,
                a,
                b,
                check,
                tagged,
            } => {
                let d = self.target(*dst);
                self.load(d, Opd::Reg(*a));
                let r = d.0;
                let small = match *b {
                    // A conditional move takes no immediate.
                    Opd::Imm(_) if matches!(op, BinOp::Max | BinOp::Min) => None,
                    Opd::Imm(imm) => i32::try_from(imm).ok(),
                    Opd::Reg(_) => None,
                };
                match small {
                    Some(imm) => match op {
                        BinOp::Add => dynasm!(self.ops ; .arch x64 ; add Rq(r), imm),
                        BinOp::Sub => dynasm!(self.ops ; .arch x64 ; sub Rq(r), imm),
                        BinOp::Mul => dynasm!(self.ops ; .arch x64 ; imul Rq(r), Rq(r), imm),
                        BinOp::And => dynasm!(self.ops ; .arch x64 ; and Rq(r), imm),
                        BinOp::Or => dynasm!(self.ops ; .arch x64 ; or Rq(r), imm),
                        BinOp::Xor => dynasm!(self.ops ; .arch x64 ; xor Rq(r), imm),
                        BinOp::Max | BinOp::Min => unreachable!("no immediate operand"),
                    },
                    None => {
                        let rb = match *b {
                            Opd::Reg(v) => self.reg_of(v, Reg::R10),
                            imm => {
                                self.load(Reg::R10, imm);
                                Reg::R10
                            }
                        }
                        .0;
                        match op {
                            BinOp::Add => dynasm!(self.ops ; .arch x64 ; add Rq(r), Rq(rb)),
                            BinOp::Sub => dynasm!(self.ops ; .arch x64 ; sub Rq(r), Rq(rb)),
                            BinOp::Mul => dynasm!(self.ops ; .arch x64 ; imul Rq(r), Rq(rb)),
                            BinOp::And => dynasm!(self.ops ; .arch x64 ; and Rq(r), Rq(rb)),
                            BinOp::Or => dynasm!(self.ops ; .arch x64 ; or Rq(r), Rq(rb)),
                            BinOp::Xor => dynasm!(self.ops ; .arch x64 ; xor Rq(r), Rq(rb)),
                            BinOp::Max => dynasm!(self.ops
                                ; .arch x64
                                ; cmp Rq(r), Rq(rb)
                                ; cmovl Rq(r), Rq(rb)
                            ),
                            BinOp::Min => dynasm!(self.ops
                                ; .arch x64
                                ; cmp Rq(r), Rq(rb)
                                ; cmovg Rq(r), Rq(rb)
                            ),
                        }
                    }
                }
                if let Some(site) = check {
                    let stub = self.stubs[site.0 as usize];
                    if *tagged || *op == BinOp::Mul {
                        dynasm!(self.ops ; .arch x64 ; jo =>stub);
                    }
                    if !*tagged {
                        // A fixnum has 63 bits: doubling must not overflow.
                        dynasm!(self.ops
                            ; .arch x64
                            ; mov r11, Rq(r)
                            ; add r11, r11
                            ; jo =>stub
                        );
                    }
                }
                self.store(*dst, d);
            }
            Inst::Untag { dst, src } => {
                let d = self.target(*dst);
                self.load(d, Opd::Reg(*src));
                dynasm!(self.ops ; .arch x64 ; sar Rq(d.0), 1);
                self.store(*dst, d);
            }
            Inst::Tag { dst, src } => {
                let d = self.target(*dst);
                let s = self.reg_of(*src, Reg::RAX).0;
                dynasm!(self.ops ; .arch x64 ; lea Rq(d.0), [Rq(s) + Rq(s) + 1]);
                self.store(*dst, d);
            }
            Inst::SetCond { dst, test } => {
                let cc = self.test(*test);
                self.set_if(cc);
                self.store(*dst, Reg::RAX);
            }
            Inst::BoolToValue { dst, src } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                // 0 -> false (0x00), 1 -> true (0x14 = 20).
                dynasm!(self.ops
                    ; .arch x64
                    ; lea rax, [rax + rax * 4]
                    ; shl rax, 2
                );
                self.store(*dst, Reg::RAX);
            }
            Inst::Kind {
                dst,
                value,
                test,
                guard,
            } => {
                let fail = guard.map(|site| self.stubs[site.0 as usize]);
                match (self.alloc.loc(*value), test, fail) {
                    // A spilled fixnum's tag is tested where it lies.
                    (Loc::Stack(slot), KindTest::Fixnum, Some(fail)) => {
                        let offset = spill_offset(slot);
                        dynasm!(self.ops ; .arch x64 ; test BYTE [rbp + offset], 1 ; je =>fail);
                    }
                    _ => {
                        let r = self.reg_of(*value, Reg::R10);
                        self.kind(r, *test, fail);
                    }
                }
                if let Some(dst) = dst {
                    self.store(*dst, Reg::RAX);
                }
            }
            Inst::LoadShape {
                dst,
                object,
                shaped,
                offset,
            } => {
                self.load(Reg::R10, Opd::Reg(*object));
                let (none, done) = (self.ops.new_dynamic_label(), self.ops.new_dynamic_label());
                self.kind(Reg::R10, *shaped, Some(none));
                dynasm!(self.ops
                    ; .arch x64
                    ; mov eax, DWORD [r10 + *offset]
                    ; jmp =>done
                    ; =>none
                    ; mov rax, -1
                    ; =>done
                );
                self.store(*dst, Reg::RAX);
            }
            Inst::Load {
                dst,
                base,
                index,
                offset,
            } => {
                let base = self.reg_of(*base, Reg::R10);
                match index {
                    None => dynasm!(self.ops ; .arch x64 ; mov rax, QWORD [Rq(base.0) + *offset]),
                    Some(index) => {
                        let index = self.reg_of(*index, Reg::R11);
                        dynasm!(self.ops
                            ; .arch x64
                            ; mov rax, QWORD [Rq(base.0) + Rq(index.0) * 8 + *offset]
                        );
                    }
                }
                self.store(*dst, Reg::RAX);
            }
            Inst::Store {
                base,
                index,
                offset,
                src,
                half,
            } => {
                let base = self.reg_of(*base, Reg::R10);
                let src = match *src {
                    Opd::Reg(v) => self.reg_of(v, Reg::R11),
                    imm => {
                        self.load(Reg::R11, imm);
                        Reg::R11
                    }
                };
                match (index, half) {
                    (None, true) => {
                        dynasm!(self.ops ; .arch x64 ; mov DWORD [Rq(base.0) + *offset], Rd(src.0))
                    }
                    (None, false) => {
                        dynasm!(self.ops ; .arch x64 ; mov QWORD [Rq(base.0) + *offset], Rq(src.0))
                    }
                    (Some(index), half) => {
                        let index = self.reg_of(*index, Reg::RAX);
                        if *half {
                            dynasm!(self.ops
                                ; .arch x64
                                ; mov DWORD [Rq(base.0) + Rq(index.0) * 8 + *offset], Rd(src.0)
                            );
                        } else {
                            dynasm!(self.ops
                                ; .arch x64
                                ; mov QWORD [Rq(base.0) + Rq(index.0) * 8 + *offset], Rq(src.0)
                            );
                        }
                    }
                }
            }
            Inst::FloatBin { op, dst, a, b } => {
                self.load(Reg::R10, Opd::Reg(*a));
                self.load(Reg::R11, Opd::Reg(*b));
                dynasm!(self.ops ; .arch x64 ; movq xmm0, r10 ; movq xmm1, r11);
                match op {
                    FloatBinOp::Add => dynasm!(self.ops ; .arch x64 ; addsd xmm0, xmm1),
                    FloatBinOp::Sub => dynasm!(self.ops ; .arch x64 ; subsd xmm0, xmm1),
                    FloatBinOp::Mul => dynasm!(self.ops ; .arch x64 ; mulsd xmm0, xmm1),
                    FloatBinOp::Div => dynasm!(self.ops ; .arch x64 ; divsd xmm0, xmm1),
                }
                dynasm!(self.ops ; .arch x64 ; movq rax, xmm0);
                self.store(*dst, Reg::RAX);
            }
            Inst::UnboxFloat { dst, src, helper } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                let (slow, zero, done) = (
                    self.ops.new_dynamic_label(),
                    self.ops.new_dynamic_label(),
                    self.ops.new_dynamic_label(),
                );
                let flonum_zero = abi::flonum(0.0).expect("0.0 is a flonum") as i64;
                let address = helper.address as i64;
                // bytecode::abi::flonum_value: rotate the tag bits back
                // out, restoring the exponent's top bits from bit 63.
                dynasm!(self.ops
                    ; .arch x64
                    ; mov r11d, eax
                    ; and r11d, 3
                    ; cmp r11d, 2
                    ; jne =>slow
                    ; mov r10, QWORD flonum_zero
                    ; cmp rax, r10
                    ; je =>zero
                    ; mov r11, rax
                    ; shr r11, 63
                    ; mov r10d, 2
                    ; sub r10, r11
                    ; and rax, -4
                    ; or rax, r10
                    ; ror rax, 3
                    ; jmp =>done
                    ; =>zero
                    ; xor eax, eax
                    ; jmp =>done
                    ; =>slow
                    ; mov rdi, rax
                    ; mov rax, QWORD address
                    ; call rax
                    ; =>done
                );
                self.store(*dst, Reg::RAX);
            }
            Inst::BoxFloat { dst, src, helper } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                let (slow, check, maybe_zero, done) = (
                    self.ops.new_dynamic_label(),
                    self.ops.new_dynamic_label(),
                    self.ops.new_dynamic_label(),
                    self.ops.new_dynamic_label(),
                );
                let flonum_zero = abi::flonum(0.0).expect("0.0 is a flonum") as i64;
                let excluded = 0x3000_0000_0000_0000u64 as i64;
                let address = helper.address as i64;
                // bytecode::abi::flonum: exponents whose top bits are 3 or
                // 4 rotate into a flonum; 0.0 has its own; others are heap
                // Floats.
                dynasm!(self.ops
                    ; .arch x64
                    ; mov r11, rax
                    ; shr r11, 60
                    ; and r11d, 7
                    ; cmp r11d, 3
                    ; je =>check
                    ; cmp r11d, 4
                    ; jne =>maybe_zero
                    ; =>check
                    ; mov r10, QWORD excluded
                    ; cmp rax, r10
                    ; je =>slow
                    ; rol rax, 3
                    ; and rax, -2
                    ; or rax, 2
                    ; jmp =>done
                    ; =>maybe_zero
                    ; test rax, rax
                    ; jne =>slow
                    ; mov rax, QWORD flonum_zero
                    ; jmp =>done
                    ; =>slow
                    ; mov rdi, r15
                    ; mov rsi, rax
                    ; mov rax, QWORD address
                    ; call rax
                    ; =>done
                );
                self.store(*dst, Reg::RAX);
            }
            Inst::IntToFloat { dst, src } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                dynasm!(self.ops ; .arch x64 ; cvtsi2sd xmm0, rax ; movq rax, xmm0);
                self.store(*dst, Reg::RAX);
            }
            Inst::Guard { test, site } => {
                let cc = self.test(*test);
                let stub = self.stubs[site.0 as usize];
                self.jump_if(cc.invert(), stub);
            }
            Inst::Branch {
                test,
                if_true,
                if_false,
            } => {
                let cc = self.test(*test);
                let (t, f) = (
                    self.labels[if_true.0 as usize],
                    self.labels[if_false.0 as usize],
                );
                if self.next_block_is(index, *if_true) {
                    self.jump_if(cc.invert(), f);
                } else {
                    self.jump_if(cc, t);
                    if !self.next_block_is(index, *if_false) {
                        dynasm!(self.ops ; .arch x64 ; jmp =>f);
                    }
                }
            }
            Inst::Jump { to, args } => {
                let moves = self.params[to.0 as usize]
                    .iter()
                    .zip(args)
                    .map(|(p, a)| (self.alloc.loc(*p), self.source(*a)))
                    .collect();
                self.parallel_move(moves);
                if !self.next_block_is(index, *to) {
                    let label = self.labels[to.0 as usize];
                    dynasm!(self.ops ; .arch x64 ; jmp =>label);
                }
            }
            Inst::Call {
                dst,
                spread,
                pending,
                native,
                ..
            } => {
                let words = spread.as_deref().unwrap_or_default();
                // A native call leaves the words its caller keeps anyway
                // where they are; the helper's way stores them.
                let extra = native.map(|call| self.saved_words(call.argc, words));
                for (i, &value) in words.iter().enumerate() {
                    if !kept_word(native.as_ref(), extra.as_deref(), i) {
                        self.store_spread(i, value);
                    }
                }
                let done = self.ops.new_dynamic_label();
                match (native, extra) {
                    (Some(call), Some(extra)) => {
                        // The helper's way is out of line, after the
                        // epilogue: the native way runs straight on.
                        let helper = self.ops.new_dynamic_label();
                        let state = self.record_states[index];
                        self.native_call(call, extra, state, helper);
                        self.helper_ways.push((index, helper, done));
                    }
                    _ => self.helper_call(index),
                }
                dynasm!(self.ops ; .arch x64 ; =>done);
                if *pending {
                    let undef = abi::UNDEF as i32;
                    let exit = self.exit;
                    dynasm!(self.ops ; .arch x64 ; cmp rax, undef ; je =>exit);
                }
                if let Some(dst) = dst {
                    self.store(*dst, Reg::RAX);
                }
            }
            Inst::Transfer { value, site } => {
                let undef = abi::UNDEF as i32;
                let stub = self.stubs[site.0 as usize];
                self.load(Reg::RAX, Opd::Reg(*value));
                dynasm!(self.ops ; .arch x64 ; cmp rax, undef ; je =>stub);
            }
            Inst::Poll { site } => {
                let flag = self.options.invalidated_flag as i64;
                let stub = self.stubs[site.0 as usize];
                dynasm!(self.ops
                    ; .arch x64
                    ; mov r11, QWORD flag
                    ; cmp BYTE [r11], 0
                    ; jne =>stub
                );
            }
            Inst::Stress { site } => self.stress(*site),
            Inst::Return { value } => {
                self.load(Reg::RAX, *value);
                // The epilogue follows the last instruction.
                if index + 1 < self.lir.insts.len() {
                    let exit = self.exit;
                    dynasm!(self.ops ; .arch x64 ; jmp =>exit);
                }
            }
            Inst::Deopt { site } => {
                let stub = self.stubs[site.0 as usize];
                dynasm!(self.ops ; .arch x64 ; jmp =>stub);
            }
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
