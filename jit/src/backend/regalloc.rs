//! Register allocation: linear scan over the LIR's linear order.
//!
//! Each virtual register gets one *interval*, from its definition to its
//! last use, widened over every block where it is live on entry or exit
//! (so a value used around a loop covers the whole loop). Intervals are
//! visited by start; a register is free again once its interval has ended.
//! Uses include the values a deoptimisation site reads back: a guard keeps
//! the registers of its map alive.
//!
//! A value computed in place of an operand whose interval ends there
//! (`v2 = v1 - 1` where `v1` is not read again) takes that operand's
//! register, which saves the template a move.
//!
//! Calls clobber the caller-saved registers, so an interval that lives
//! across a call may only take a callee-saved one (`rbx`, `r12`-`r14`);
//! the others prefer caller-saved registers, leaving callee-saved ones for
//! the intervals that need them. When no register is left the interval is
//! *spilled*: it lives in a stack slot of the frame for its whole life.
//!
//! ```text
//! v0 = param arg 0          v0: [0, 5] crosses the call -> rbx
//! v1 = call run_insn(...)   v1: [1, 3]                  -> rcx
//! ...
//! ```
//!
//! `rax`, `r10` and `r11` are the emitter's scratch registers, `r15` holds
//! the context pointer and `rbp` the frame: none is allocated.

use super::lir::{Inst, Lir, SiteValue, VReg};

/// An x86-64 general-purpose register by its encoding number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Reg(pub u8);

impl Reg {
    pub const RAX: Reg = Reg(0);
    pub const RCX: Reg = Reg(1);
    pub const RDX: Reg = Reg(2);
    pub const RBX: Reg = Reg(3);
    pub const RSP: Reg = Reg(4);
    pub const RBP: Reg = Reg(5);
    pub const RSI: Reg = Reg(6);
    pub const RDI: Reg = Reg(7);
    pub const R8: Reg = Reg(8);
    pub const R9: Reg = Reg(9);
    pub const R10: Reg = Reg(10);
    pub const R11: Reg = Reg(11);
    pub const R12: Reg = Reg(12);
    pub const R13: Reg = Reg(13);
    pub const R14: Reg = Reg(14);
    pub const R15: Reg = Reg(15);

    pub fn name(self) -> &'static str {
        [
            "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11",
            "r12", "r13", "r14", "r15",
        ][self.0 as usize]
    }
}

/// Registers a call may change, in the order intervals take them.
pub const CALLER_SAVED: [Reg; 6] = [Reg::RCX, Reg::RDX, Reg::RSI, Reg::RDI, Reg::R8, Reg::R9];
/// Registers a call keeps.
pub const CALLEE_SAVED: [Reg; 4] = [Reg::RBX, Reg::R12, Reg::R13, Reg::R14];

/// Where a virtual register lives.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    Reg(Reg),
    /// Spill slot n of the frame.
    Stack(u32),
}

#[derive(Debug)]
pub struct Allocation {
    pub locs: Vec<Loc>,
    pub spill_slots: u32,
}

impl Allocation {
    pub fn loc(&self, v: VReg) -> Loc {
        self.locs[v.0 as usize]
    }
}

/// The registers an instruction reads, deoptimisation sites included.
fn uses_of(lir: &Lir, inst: &Inst) -> Vec<VReg> {
    let mut uses = inst.uses();
    if let Some(site) = inst.site() {
        let site = &lir.sites[site.0 as usize];
        for value in site.values.iter().chain(&site.returned) {
            if let SiteValue::Reg(v, _) = value {
                uses.push(*v);
            }
        }
    }
    uses
}

/// The operand `v`'s defining instruction (at `at`) computes `v` in the
/// place of, if it has one: the template loads it into the result's
/// register and works there (`mov d, a ; add d, b`), and reads it nowhere
/// else (not as another operand, nor in its deoptimisation map).
fn in_place_operand(lir: &Lir, at: usize, v: VReg) -> Option<VReg> {
    let inst = &lir.insts[at];
    if inst.def() != Some(v) {
        return None;
    }
    let a = match *inst {
        Inst::Bin { a, .. } | Inst::Untag { src: a, .. } | Inst::Tag { src: a, .. } => a,
        Inst::Mov {
            src: super::lir::Opd::Reg(a),
            ..
        } => a,
        _ => return None,
    };
    (uses_of(lir, inst).iter().filter(|&&u| u == a).count() == 1).then_some(a)
}

pub fn allocate(lir: &Lir) -> Allocation {
    let count = lir.vregs as usize;
    let insts = &lir.insts;
    // Block boundaries in the linear order.
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    for (i, inst) in insts.iter().enumerate() {
        if let Inst::Label { .. } = inst {
            if let Some(last) = blocks.last_mut() {
                last.1 = i;
            }
            blocks.push((i, insts.len()));
        }
    }
    let block_at = |label: u32| -> usize {
        blocks
            .iter()
            .position(
                |&(start, _)| matches!(insts[start], Inst::Label { block, .. } if block.0 == label),
            )
            .expect("every block has a label")
    };
    let successors: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&(_, end)| match &insts[end - 1] {
            Inst::Branch {
                if_true, if_false, ..
            } => vec![block_at(if_true.0), block_at(if_false.0)],
            Inst::Jump { to, .. } => vec![block_at(to.0)],
            _ => vec![],
        })
        .collect();
    // Liveness per block, to a fixed point.
    let mut gen = vec![Vec::new(); blocks.len()];
    let mut kill = vec![Vec::new(); blocks.len()];
    for (b, &(start, end)) in blocks.iter().enumerate() {
        let mut defined = vec![false; count];
        for inst in &insts[start..end] {
            for v in uses_of(lir, inst) {
                if !defined[v.0 as usize] {
                    gen[b].push(v);
                }
            }
            if let Inst::Label { params, .. } = inst {
                for p in params {
                    defined[p.0 as usize] = true;
                    kill[b].push(*p);
                }
            }
            if let Some(d) = inst.def() {
                defined[d.0 as usize] = true;
                kill[b].push(d);
            }
        }
    }
    let mut live_in: Vec<fxhash::FxHashSet<VReg>> = vec![Default::default(); blocks.len()];
    let mut live_out: Vec<fxhash::FxHashSet<VReg>> = vec![Default::default(); blocks.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for b in (0..blocks.len()).rev() {
            let mut out = fxhash::FxHashSet::default();
            for &s in &successors[b] {
                out.extend(live_in[s].iter().copied());
            }
            let mut inn: fxhash::FxHashSet<VReg> = out.clone();
            for k in &kill[b] {
                inn.remove(k);
            }
            inn.extend(gen[b].iter().copied());
            if inn != live_in[b] || out != live_out[b] {
                live_in[b] = inn;
                live_out[b] = out;
                changed = true;
            }
        }
    }
    // Intervals.
    let mut start = vec![usize::MAX; count];
    let mut end = vec![0usize; count];
    let mut touch = |v: VReg, at: usize| {
        let v = v.0 as usize;
        start[v] = start[v].min(at);
        end[v] = end[v].max(at);
    };
    for (i, inst) in insts.iter().enumerate() {
        for v in uses_of(lir, inst) {
            touch(v, i);
        }
        if let Some(d) = inst.def() {
            touch(d, i);
        }
        if let Inst::Label { params, .. } = inst {
            for &p in params {
                touch(p, i);
            }
        }
    }
    for (b, &(first, last)) in blocks.iter().enumerate() {
        for &v in &live_in[b] {
            touch(v, first);
        }
        for &v in &live_out[b] {
            touch(v, last - 1);
        }
    }
    let calls: Vec<usize> = insts
        .iter()
        .enumerate()
        .filter(|(_, inst)| inst.is_call())
        .map(|(i, _)| i)
        .collect();
    let crosses_call = |s: usize, e: usize| {
        let first = calls.partition_point(|&c| c <= s);
        calls.get(first).is_some_and(|&c| c < e)
    };
    // Linear scan.
    let mut order: Vec<usize> = (0..count).filter(|&v| start[v] != usize::MAX).collect();
    order.sort_by_key(|&v| (start[v], v));
    let mut locs = vec![Loc::Stack(0); count];
    let mut spill_slots = 0;
    let mut active: Vec<(usize, Reg)> = Vec::new();
    let mut free_caller: Vec<Reg> = CALLER_SAVED.iter().rev().copied().collect();
    let mut free_callee: Vec<Reg> = CALLEE_SAVED.iter().rev().copied().collect();
    for v in order {
        active.retain(|&(other, reg)| {
            if end[other] < start[v] {
                if CALLEE_SAVED.contains(&reg) {
                    free_callee.push(reg);
                } else {
                    free_caller.push(reg);
                }
                false
            } else {
                true
            }
        });
        let crosses = crosses_call(start[v], end[v]);
        // An operand whose interval ends where `v` is computed hands `v`
        // its register, when the template computes in place.
        let handed = in_place_operand(lir, start[v], VReg(v as u32))
            .filter(|a| end[a.0 as usize] == start[v])
            .and_then(|a| {
                let at = active
                    .iter()
                    .position(|&(other, _)| other == a.0 as usize)?;
                let reg = active[at].1;
                (!crosses || CALLEE_SAVED.contains(&reg)).then(|| {
                    active.remove(at);
                    reg
                })
            });
        let reg = if handed.is_some() {
            handed
        } else if crosses {
            free_callee.pop()
        } else {
            free_caller.pop().or_else(|| free_callee.pop())
        };
        match reg {
            Some(reg) => {
                locs[v] = Loc::Reg(reg);
                active.push((v, reg));
            }
            None => {
                locs[v] = Loc::Stack(spill_slots);
                spill_slots += 1;
            }
        }
    }
    Allocation { locs, spill_slots }
}
