//! Moving values: between registers, spill slots and immediates, and to
//! and from memory.
//!
//! A template loads what it reads into registers (a spilled value into a
//! scratch register), computes into its destination's register (or
//! `rax`), and stores to the destination's spill slot when it has one.
//! The parameters are read from the entry's values; the moves of a jump
//! into its target's parameters happen at once (a cycle goes through
//! `r11`):
//!
//! ```text
//! v0 = param self            mov r11, [rsi] ; mov d, [r11]
//! v1 = param arg 0           mov d, [r11 + 8]
//! v2 = load [v0 + 24]        mov rax, QWORD [v0 + 24] ; mov d, rax
//! jump b1(v4, v3)            mov r11, a ; mov a, b ; mov b, r11
//!   (v3 and v4 in the registers of b1's parameters, swapped)
//! ```

use super::{entry_at_hand, spill_offset, values_at_hand, Emitter, MoveSrc, ENTRY_SLOT};
use crate::backend::lir::*;
use crate::backend::regalloc::{Loc, Reg};
use bytecode::abi;
use dynasmrt::{dynasm, DynasmApi, DynasmLabelApi};

impl Emitter<'_> {
    /// Parameters, moves, loads and stores.
    pub(super) fn moves(&mut self, index: usize, inst: &Inst) {
        match inst {
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
            _ => unreachable!("moves, loads and stores only"),
        }
    }

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

    pub(super) fn load(&mut self, reg: Reg, opd: Opd) {
        match opd {
            Opd::Imm(imm) => self.mov_imm(reg, imm),
            Opd::Reg(v) => self.load_loc(reg, self.alloc.loc(v)),
        }
    }

    /// The register an instruction computes `dst` in: its own when it has
    /// one (the allocator gives it the register of a value the instruction
    /// reads, deoptimisation maps included, only for the operand a template
    /// loads first: see `regalloc::in_place_operand`), else `rax`.
    pub(super) fn target(&self, dst: VReg) -> Reg {
        match self.alloc.loc(dst) {
            Loc::Reg(r) => r,
            Loc::Stack(_) => Reg::RAX,
        }
    }

    /// The register holding `v`, loading it into `scratch` when spilled.
    pub(super) fn reg_of(&mut self, v: VReg, scratch: Reg) -> Reg {
        match self.alloc.loc(v) {
            Loc::Reg(r) => r,
            loc => {
                self.load_loc(scratch, loc);
                scratch
            }
        }
    }

    pub(super) fn store(&mut self, dst: VReg, from: Reg) {
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
    pub(super) fn source(&self, opd: Opd) -> MoveSrc {
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
    pub(super) fn parallel_move(&mut self, moves: Vec<(Loc, MoveSrc)>) {
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
}
