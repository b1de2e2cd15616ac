//! Direct calls of core methods from compiled code.
//!
//! A send bound to a core method (the receiver's kind guarded, the method
//! found while compiling) calls the `call_core` helper with the operands
//! where compiled code stored them: no lookup, no value stack. It takes
//! the cheapest way the call allows:
//!
//! 1. A method that is pure on plain operands (see
//!    [`crate::method::NativeMethod::pure`]: it changes nothing and calls no
//!    Ruby code) runs its function without a frame. One that fails runs
//!    again with its frame, to raise as MRI does.
//! 2. `Proc#call` of a Proc whose block is compiled and takes the arguments
//!    as they are runs the block as a `yield` does (see
//!    [`super::virtual_blocks`]): MRI shows no frame for `Proc#call`.
//! 3. Anything else runs as the interpreter's direct call would: the
//!    method's frame pushed, above the virtual frames of the code around the
//!    call.
//!
//! A send that passes a literal block (`Array.new(4) { ... }`) calls
//! `call_with_literal_block` instead (see [`super::call_blocks`]).
//!
//! `--stats` counts the calls (`jit.core_calls`) and those that took a frame
//! (`jit.core_calls_with_frames`), by method.
//!
//! ```text
//! compiled Parser#read_string:   @input[@capture_start..end_]
//!   v12 = new_range v9, v11                  a Range of two fixnums
//!   v13 = call call_core(ctx, handle, at, 2, [v8, v12])
//!     -> String#[] is pure on a String and a Range of fixnums: no frame
//! ```

use super::entry::{compiled, running_vm, stored_values, Activation};
use super::helpers::{run_step, Passing, Step};
use crate::object::MethodBody;
use jit::runtime::CallAt;

/// [`jit::runtime::Helpers::call_core`].
pub(super) extern "C" fn call_core(
    ctx: *mut Activation,
    handle: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    // SAFETY: compiled code passes its own ctx, live while it runs.
    let target = &compiled(unsafe { &*ctx }).direct_calls[handle as usize];
    let MethodBody::Native(core) = &target.entry.body else {
        unreachable!("call_core calls core methods")
    };
    // SAFETY: compiled code stored `count` values at `values`.
    let operands = unsafe { stored_values(values, count) };
    let counts = vm.jit_state_mut().filter(|jit| jit.options.count_steps);
    if let Some(jit) = counts {
        jit.run_stats.count_core_call(&target.entry);
    }
    if !target.forwards_block {
        if let Some(result) = vm.pure_core_call(core, operands) {
            return result.bits();
        }
        let proc_call = vm.proc_call.as_ref();
        if proc_call.is_some_and(|entry| std::rc::Rc::ptr_eq(entry, &target.entry)) {
            let block = crate::core::proc::proc_block(operands[0]);
            // SAFETY: compiled code passes its own ctx, running call `at`;
            // the Proc, among the operands, holds the block.
            let called = unsafe { vm.call_block_virtually(ctx, at, &block, &operands[1..]) };
            if let Some(result) = called {
                return vm.result_for_compiled(result);
            }
        }
    }
    if let Some(jit) = vm.jit_state_mut().filter(|jit| jit.options.count_steps) {
        jit.run_stats.count_core_call_with_frame(&target.entry);
    }
    let step = Step::Call(
        target.entry.clone(),
        Passing::forwarding(target.forwards_block),
    );
    run_step(ctx, &step, at, count, values)
}
