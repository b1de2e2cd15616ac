//! When a method is compiled: tiering that pays for itself.
//!
//! A method is compiled once its calls reach `--jit-threshold` (checked as
//! it returns, so its profile holds at least one run; a threshold of 0
//! compiles before the first call), or later when compiling it would not
//! pay yet: a method whose calls run a small part of the code compiled
//! (a long `if`/`elsif` chain that a call leaves early) saves little per
//! call for what it costs to compile.
//!
//! ```ruby
//! def chain(x)             # 200 tests: 1,400 instructions compiled,
//!   if x == 0 then 1       # a call runs 100 of them on average
//!   elsif x == 1 then 2    # -> compiled after 14 x 1,000 calls
//!   ...
//! end
//! def whole(x) = x * 2 + 1 # a call runs all of it -> after 1,000
//! ```
//!
//! A split waits for the caller it was made for
//! (`Vm::split_waits_for_caller`). Loops are counted per iteration and
//! entered in compiled code where they run (`Vm::jit_back_edge`).

use super::status;
use crate::method::LoadedMethod;
use crate::vm::Vm;
use std::rc::Rc;

impl Vm {
    /// Called as a method starts running (after its call was counted).
    #[inline]
    pub fn jit_entering(&mut self, method: &Rc<LoadedMethod>) {
        if let Some(jit) = &self.jit {
            if jit.threshold == 0 && method.jit.get() == status::NOT_YET {
                self.jit_compile(method);
            }
        }
    }

    /// Called as a method's run ends (returned or raised).
    #[inline]
    pub fn jit_leaving(&mut self, method: &Rc<LoadedMethod>) {
        if let Some(jit) = &self.jit {
            if method.jit.get() == status::NOT_YET
                && method.calls.get() >= jit.threshold
                && self.compilation_pays(method, jit.threshold)
                && !self.split_waits_for_caller(method, jit.threshold)
            {
                self.jit_compile(method);
            }
        }
    }

    /// Whether `method`, called `--jit-threshold` times, has been called
    /// often enough for its compilation to pay: see
    /// [`calls_to_pay_compilation`], asked once per compilation.
    fn compilation_pays(&self, method: &LoadedMethod, threshold: u64) -> bool {
        if method.compile_at.get() == 0 {
            method
                .compile_at
                .set(calls_to_pay_compilation(method, threshold));
        }
        method.calls.get() >= method.compile_at.get()
    }
}

/// How many calls compiling `method` takes to pay, given that
/// `threshold` calls pay for a method whose calls run all its code.
///
/// Compiling costs about the same per instruction compiled (those the
/// profile saw run: the sides of branches that never ran are left to the
/// interpreter, `jit::inline_policy::profiled_size`), and a compiled call
/// saves about the same per instruction it runs; a method whose calls run
/// a small part of it (a long `if`/`elsif` chain, a `case` that picks one
/// of many bodies) saves little per call for all it costs to compile. So
/// the calls needed grow with the instructions compiled over the
/// instructions a call runs (from its branch profile,
/// `jit::inline_policy::frequencies`): a method of 1,400 instructions
/// whose calls run 100 of them waits for about 14 times the threshold.
/// Its loops do not wait: they are counted per iteration (on-stack
/// replacement) and make what a call runs large.
fn calls_to_pay_compilation(method: &LoadedMethod, threshold: u64) -> u64 {
    let runs = method.interpreted_calls.get();
    let code = &method.code;
    if runs == 0 || code.insns.is_empty() {
        return threshold.max(1);
    }
    let branch = |index: u16| method.branches[index as usize].get();
    let executed: f64 = jit::inline_policy::frequencies(code, runs, branch)
        .iter()
        .sum();
    let compiled = jit::inline_policy::profiled_size(code, branch);
    let share = compiled as f64 / executed.max(1.0);
    ((threshold as f64 * share.max(1.0)) as u64).max(1)
}
