//! Code memory under its limit: compiled code is freed once it is retired
//! and no activation runs it, and cold code is evicted as the code in use
//! nears `--jit-code-limit`.
//!
//! **Freeing.** Retired code (invalidated, or evicted) may still run: an
//! activation that entered it before it was retired runs on until its
//! next poll, and every caller of a running activation is suspended in its
//! own code, its return address on the machine stack. Code is freed only
//! when no word of the machine stack, and no return address the trampoline
//! keeps for a materialised native call, points into its range or at its
//! [`CompiledMethod`] (what activation records name). The test is
//! conservative, like the collector's scan of the same stack: a word that
//! only looks like such a pointer keeps code a while longer, never frees
//! code that runs.
//!
//! **Evicting.** Before each compilation, when the code in use passes
//! three quarters of the limit, the runtime frees the retired code no
//! activation runs; if that leaves more than half the limit in use, it
//! evicts cold code, with the clock algorithm: a hand goes round the code,
//! clearing the mark of code used since it last passed and retiring code
//! whose mark is clear.
//!
//! ```text
//! code:  [fib *] [parse  ] [run *] [to_s *] [lex  ]      * used since the hand passed
//!                 ^ hand:  parse is retired (freed at once unless it runs);
//!                          run's mark is cleared, and run is evicted when
//!                          the hand comes back unless a call marked it again
//! ```
//!
//! Every call of compiled code marks it used
//! ([`jit::runtime::CallTarget::used`]): the runtime's entries
//! (`Vm::call_compiled`), and compiled code's native calls (a byte store).
//! An evicted method goes back to the interpreter, its calls counted from
//! zero, and is compiled again if it gets hot again; each compilation
//! counts towards [`super::MAX_COMPILATIONS`], so a method evicted over
//! and over stays interpreted.

use super::{CompiledMethod, JitState};
use crate::vm::Vm;

/// Reclaiming starts when the code in use passes this share of the limit...
const HIGH_WATER_PERCENT: usize = 75;
/// ...and evicts cold code until it is under this one.
const LOW_WATER_PERCENT: usize = 50;

impl Vm {
    /// Before a compilation: frees retired code and evicts cold code when
    /// the code in use is near the limit (see the module doc).
    pub(super) fn jit_keep_code_under_limit(&mut self) {
        let Some(jit) = self.jit_state() else {
            return;
        };
        let limit = jit.arena.limit();
        if jit.arena.in_use() <= limit / 100 * HIGH_WATER_PERCENT {
            return;
        }
        let running = self.words_on_machine_stack();
        let jit = self.jit_state_mut().expect("the JIT's state");
        jit.free_retired_code(&running);
        jit.evict_cold_code(&running, limit / 100 * LOW_WATER_PERCENT);
    }

    /// The words of the machine stack and the return addresses kept for
    /// materialised native calls, sorted.
    fn words_on_machine_stack(&self) -> Vec<u64> {
        let mut words = Vec::new();
        self.heap
            .each_machine_stack_word(|word| words.push(word as u64));
        words.extend(self.context.native_return_addresses());
        words.sort_unstable();
        words.dedup();
        words
    }
}

impl JitState {
    /// Frees the retired code that none of the `running` words points to.
    fn free_retired_code(&mut self, running: &[u64]) {
        let before = self.code.len();
        self.code
            .retain(|compiled| !compiled.is_retired() || may_run(compiled, running));
        self.run_stats.code_freed += (before - self.code.len()) as u64;
    }

    /// Retires code not used since the clock's hand last passed it until
    /// no more than `target` bytes are in use, freeing what no activation
    /// runs; the hand goes round at most twice.
    fn evict_cold_code(&mut self, running: &[u64], target: usize) {
        let mut steps = 2 * self.code.len();
        while self.arena.in_use() > target && steps > 0 && !self.code.is_empty() {
            steps -= 1;
            if self.eviction_hand >= self.code.len() {
                self.eviction_hand = 0;
            }
            let compiled = &self.code[self.eviction_hand];
            if compiled.is_retired() {
                self.eviction_hand += 1;
                continue;
            }
            let used = &compiled.method.call_target.used;
            if used.get() != 0 {
                used.set(0);
                self.eviction_hand += 1;
                continue;
            }
            compiled.retire();
            self.run_stats.evictions += 1;
            if may_run(compiled, running) {
                self.eviction_hand += 1;
            } else {
                self.code.remove(self.eviction_hand);
                self.run_stats.code_freed += 1;
            }
        }
    }
}

/// Whether an activation may run `compiled`: one of the `running` words
/// (sorted) points into its code or at it.
fn may_run(compiled: &CompiledMethod, running: &[u64]) -> bool {
    let start = compiled.code.memory.address();
    let end = start + compiled.code.memory.reserved() as u64;
    let first = running.partition_point(|&word| word < start);
    let into_code = running.get(first).is_some_and(|&word| word < end);
    into_code
        || running
            .binary_search(&(compiled as *const CompiledMethod as u64))
            .is_ok()
}
