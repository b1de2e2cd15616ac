//! The native stack guard.
//!
//! Ruby calls are Rust calls, so deep recursion grows the machine stack. The
//! VM thread is started with a large stack ([`VM_STACK_SIZE`]) and every call
//! checks that at least [`SAFETY_MARGIN`] bytes remain; below that the call
//! raises `SystemStackError` instead of overflowing.

use std::cell::Cell;

/// The stack of the thread that runs Ruby code.
pub const VM_STACK_SIZE: usize = 1 << 30;
/// Room kept free for raising the error and printing the report.
pub const SAFETY_MARGIN: usize = 4 << 20;

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(0) };
}

/// Records the lowest safe stack address for the current thread, given the
/// thread's stack size.
pub fn set_limit_for_current_thread(stack_size: usize) {
    let here = approximate_stack_pointer();
    LIMIT.with(|limit| limit.set(here.saturating_sub(stack_size) + SAFETY_MARGIN));
}

#[inline(always)]
fn approximate_stack_pointer() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Whether the stack is so deep that another call must not be made.
#[inline]
pub fn near_limit() -> bool {
    let limit = LIMIT.with(|limit| limit.get());
    approximate_stack_pointer() < limit
}
