//! Conditions and control: flags, conditional jumps, kind tests, and the
//! instructions that leave a block or the method.
//!
//! A [`Test`] sets the flags and names the condition code that means it
//! holds; a guard jumps to its site's stub when it does not, a branch to
//! the block that it chooses (falling through into the next block when it
//! can), and `set` makes the condition a 0 or 1:
//!
//! ```text
//! guard v1 & 0x1 != 0 else site 0       test r, 1 ; je stub
//! branch v1 gt v3 ? b2 : b3             cmp a, b ; jle b3      (b2 next)
//! v5 = set v2 gt v1                     cmp a, b ; setg al ; movzx eax, al
//! ```
//!
//! A poll tests the code's invalidated flag, a transfer a call's result
//! (`UNDEF`), and a return jumps to the epilogue unless it is the last
//! instruction.

use super::{spill_offset, Cc, Emitter};
use crate::backend::lir::*;
use crate::backend::regalloc::{Loc, Reg};
use crate::ir::Cmp;
use bytecode::abi;
use dynasmrt::{dynasm, DynamicLabel, DynasmApi, DynasmLabelApi};

impl Emitter<'_> {
    /// A condition as a value: `set` and kind tests.
    pub(super) fn condition(&mut self, inst: &Inst) {
        match inst {
            Inst::SetCond { dst, test } => {
                let cc = self.test(*test);
                self.set_if(cc);
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
            _ => unreachable!("conditions only"),
        }
    }

    /// Guards, branches, jumps, polls, transfers, returns and
    /// deoptimisations.
    pub(super) fn control(&mut self, index: usize, inst: &Inst) {
        match inst {
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
            _ => unreachable!("control only"),
        }
    }

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
    pub(super) fn kind(&mut self, value: Reg, test: KindTest, fail: Option<DynamicLabel>) {
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
}
