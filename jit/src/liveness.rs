//! Which locals are live at each instruction: read later on some path
//! before being written.
//!
//! Frame states name only live locals. A dead local is never read again,
//! so the interpreter can resume with nil in it; leaving it out keeps the
//! deoptimisation maps small and frees the value earlier. In
//!
//! ```ruby
//! def add_with_side_effects(a, b)
//!   side_effect(a) + side_effect(b)
//! end
//! ```
//!
//! neither `a` nor `b` is read after the second `load`, so the state at
//! the `send +` (index 12) has no locals at all, as in the seed's
//! deoptimisation map.
//!
//! The analysis is the textbook backward one over instructions. A handler
//! may run after any instruction of its protected range, so its entry is a
//! successor of each of them.

use bytecode::{Insn, Method};

/// Live locals per instruction (before it runs).
pub struct Liveness {
    words: usize,
    live_in: Vec<u64>,
}

impl Liveness {
    pub fn compute(code: &Method) -> Liveness {
        let words = code.locals.len().div_ceil(64).max(1);
        let n = code.insns.len();
        let mut live_in = vec![0u64; n * words];
        let successors: Vec<Vec<usize>> = (0..n).map(|ip| successors(code, ip)).collect();
        let mut changed = true;
        let mut out = vec![0u64; words];
        while changed {
            changed = false;
            for ip in (0..n).rev() {
                out.iter_mut().for_each(|w| *w = 0);
                for &succ in &successors[ip] {
                    for (w, word) in out.iter_mut().enumerate() {
                        *word |= live_in[succ * words + w];
                    }
                }
                match code.insns[ip] {
                    Insn::Store(slot) => clear(&mut out, slot as usize),
                    Insn::Load(slot) => set(&mut out, slot as usize),
                    _ => {}
                }
                let row = &mut live_in[ip * words..(ip + 1) * words];
                if row != out.as_slice() {
                    row.copy_from_slice(&out);
                    changed = true;
                }
            }
        }
        Liveness { words, live_in }
    }

    /// Whether local `slot` is live before instruction `ip`.
    pub fn is_live(&self, ip: usize, slot: usize) -> bool {
        self.live_in[ip * self.words + slot / 64] & (1 << (slot % 64)) != 0
    }

    /// The live locals before `ip`, in slot order.
    pub fn live_locals(&self, ip: usize, count: usize) -> Vec<u16> {
        (0..count)
            .filter(|&slot| self.is_live(ip, slot))
            .map(|slot| slot as u16)
            .collect()
    }
}

fn set(words: &mut [u64], slot: usize) {
    words[slot / 64] |= 1 << (slot % 64);
}

fn clear(words: &mut [u64], slot: usize) {
    words[slot / 64] &= !(1 << (slot % 64));
}

/// Where control may go after instruction `ip` (handlers included).
pub fn successors(code: &Method, ip: usize) -> Vec<usize> {
    let insn = &code.insns[ip];
    let mut out = Vec::new();
    if !insn.ends_flow() && ip + 1 < code.insns.len() {
        out.push(ip + 1);
    }
    if let Some(target) = insn.target() {
        out.push(target as usize);
    }
    if let Insn::CaseDispatch(table) = *insn {
        let targets = code.case_tables[table as usize].targets();
        out.extend(targets.into_iter().map(|target| target as usize));
    }
    for handler in &code.handlers {
        if (handler.start as usize..handler.end as usize).contains(&ip) {
            out.push(handler.target as usize);
        }
    }
    // `end_ensure` resumes a transfer; `retry` and the like jump back
    // through ordinary jumps, so nothing else is needed.
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_local_is_dead_after_its_last_read() {
        let mut symbols = bytecode::SymbolTable::new();
        let main = bytecode::compile_file(
            b"def f(a)\n  x = a + 1\n  y = x * 2\n  y\nend\n",
            "t.rb",
            &mut symbols,
        )
        .unwrap();
        let f = &main.children[0];
        let live = Liveness::compute(f);
        let x = f
            .locals
            .iter()
            .position(|&s| symbols.name(s) == "x")
            .unwrap();
        let load_x = f
            .insns
            .iter()
            .position(|i| *i == Insn::Load(x as u32))
            .unwrap();
        assert!(live.is_live(load_x, x));
        assert!(!live.is_live(load_x + 1, x));
        assert!(!live.is_live(0, x), "x is written before it is read");
    }
}
