//! Arithmetic: Integer operations on words, tagging, Bool values, and
//! Float operations in `xmm0` and `xmm1`.
//!
//! An Integer operation computes in its destination's register, starting
//! from its first operand (`mov d, a ; add d, b`). A checked one jumps to
//! its site's stub when the result leaves the fixnum range: a tagged one
//! (on fixnums) at the machine's overflow flag, an untagged one when
//! doubling the result overflows (a multiplication at the flag too):
//!
//! ```text
//! v6 = tagged_add v7, v2 check site 2    mov d, a ; add d, b ; jo stub
//! v5 = mul v4, v3 check site 2           mov d, a ; imul d, b ; jo stub
//!                                        mov r11, d ; add r11, r11 ; jo stub
//! v4 = untag v2                          mov d, s ; sar d, 1
//! v6 = bool_to_value v5                  mov rax, s ; lea rax, [rax + rax * 4]
//!                                        shl rax, 2 ; mov d, rax
//! ```
//!
//! Unboxing and boxing a Float handle flonums inline and call the
//! runtime's helper for a heap Float.

use super::Emitter;
use crate::backend::lir::*;
use crate::backend::regalloc::Reg;
use bytecode::abi;
use dynasmrt::{dynasm, DynasmApi, DynasmLabelApi};

impl Emitter<'_> {
    /// Integer operations (checked or not), tagging, untagging and Bool
    /// values.
    pub(super) fn int_arith(&mut self, inst: &Inst) {
        match inst {
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
            _ => unreachable!("Integer operations only"),
        }
    }

    /// Float operations, unboxing, boxing and conversion.
    pub(super) fn float_arith(&mut self, inst: &Inst) {
        match inst {
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
                    ; push rcx ; push rdx ; push rsi ; push rdi ; push r8 ; push r9
                    ; mov rdi, rax
                    ; mov rax, QWORD address
                    ; call rax
                    ; pop r9 ; pop r8 ; pop rdi ; pop rsi ; pop rdx ; pop rcx
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
                    ; push rcx ; push rdx ; push rsi ; push rdi ; push r8 ; push r9
                    ; mov rdi, r15
                    ; mov rsi, rax
                    ; mov rax, QWORD address
                    ; call rax
                    ; pop r9 ; pop r8 ; pop rdi ; pop rsi ; pop rdx ; pop rcx
                    ; =>done
                );
                self.store(*dst, Reg::RAX);
            }
            Inst::IntToFloat { dst, src } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                dynasm!(self.ops ; .arch x64 ; cvtsi2sd xmm0, rax ; movq rax, xmm0);
                self.store(*dst, Reg::RAX);
            }
            Inst::FloatToInt { dst, src } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                dynasm!(self.ops ; .arch x64 ; movq xmm0, rax ; cvttsd2si rax, xmm0);
                self.store(*dst, Reg::RAX);
            }
            Inst::FloatSqrt { dst, src } => {
                self.load(Reg::RAX, Opd::Reg(*src));
                dynasm!(self.ops ; .arch x64 ; movq xmm0, rax ; sqrtsd xmm0, xmm0 ; movq rax, xmm0);
                self.store(*dst, Reg::RAX);
            }
            _ => unreachable!("Float operations only"),
        }
    }
}
