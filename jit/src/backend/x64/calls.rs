//! Calls: of the runtime's helpers, and native calls of compiled code.
//!
//! A helper call stores the spread (the values the helper reads through a
//! pointer) at `rsp`, passes `ctx` and the arguments in registers, and
//! calls the helper's address; a call that may leave a transfer pending
//! then leaves the method when the result is `UNDEF`:
//!
//! ```text
//! v4 = call string_char_at(ctx, v1, v3)
//!     mov rdi, r15 ; mov rsi, a ; mov rdx, b
//!     mov rax, QWORD string_char_at ; call rax
//! ```
//!
//! A native call (see the module doc of `x64`) runs the callee's compiled
//! code straight on, its helper's way out of line after the epilogue.

use super::record::RecordState;
use super::{spill_offset, Emitter, MoveSrc};
use crate::backend::lir::*;
use crate::backend::regalloc::{Loc, Reg, CALLEE_SAVED};
use crate::runtime::{ActivationRecord, CallTarget, NativeSite, SavedWord};
use bytecode::abi;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};

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

impl Emitter<'_> {
    /// A call: its spread stored, then the native way or the helper's.
    pub(super) fn call(&mut self, index: usize, inst: &Inst) {
        match inst {
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
            _ => unreachable!("calls only"),
        }
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
        if let Some(block) = call.made_block {
            // Read before `rdi` is the record's (the block may be in it).
            let r = self.reg_of(block, Reg::RAX).0;
            dynasm!(self.ops ; .arch x64 ; mov rax, Rq(r));
        }
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
        if call.made_block.is_some() {
            dynasm!(self.ops ; .arch x64 ; mov [rdi + ActivationRecord::BLOCK], rax);
        } else if block_stored != Some(call.forwards_block) {
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
        // Not part of the record's state: the callee fills it in when its
        // code first asks for its environment, which any callee's may (an
        // inlined block's frame state names it), so every call clears it.
        dynasm!(self.ops ; .arch x64 ; mov QWORD [rdi + ActivationRecord::ENV], 0);
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
        if call.made_block.is_some() {
            // No block made: the helper's way makes the call.
            dynasm!(self.ops
                ; .arch x64
                ; cmp QWORD [rdi + ActivationRecord::BLOCK], 0
                ; je =>helper
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
                ; mov BYTE [r10 + CallTarget::USED], 1
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
    pub(super) fn helper_call(&mut self, index: usize) {
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
}
