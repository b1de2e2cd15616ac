//! Blocks for native calls: a call from compiled code that passes a
//! literal block (or an inlined frame's block) runs its callee's compiled
//! code directly, as a call without a block does.
//!
//! The block is made by a helper just before the call, from the values
//! compiled code passes (see `frameless_blocks`: the innermost frame's
//! `self`, environment, block and scope, worked out without rebuilding a
//! frame), and held in the execution context's list of call blocks until
//! the call returns, when a second helper lets it go. The callee's
//! activation record borrows it, as it borrows a block its caller passes
//! on:
//!
//! ```text
//! compiled step_d:   node_pool.has_some { |it| it == ydash }
//!   b = call_block(ctx, child 3, at, ...)     block made, held in the list
//!   r = native call Set#has_some, record.block = b
//!   r = release_block(ctx, r, b)              the list lets it go
//! ```
//!
//! Only what `frameless_block` can make is made this way: a block that
//! never leaves through the frames it was made in (`break`, `return`), of a
//! method that keeps no last match. For anything else the helper answers
//! 0 and the call takes its helper's way, `call_with_literal_block`, as
//! when the callee has no compiled code yet or the calls nest too deep.
//! That helper, which is also the way of every such call of a core method
//! (`Array.new(4) { ... }`), makes the block again from the virtual frames
//! and calls the method without the send's lookup; where only frame
//! records could make the block, the send runs in them, as the
//! interpreter's.

use super::entry::{compiled, running_vm, Activation};
use super::helpers::{run_step, Passing, Step};
use crate::object::MethodBody;
use jit::runtime::{CallAt, FORWARDED_BLOCK};
use std::rc::Rc;

/// [`jit::runtime::Helpers::call_block`].
pub(super) extern "C" fn call_block(
    ctx: *mut Activation,
    child: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    // SAFETY: compiled code passes its own ctx, live while it runs.
    let compiled = compiled(unsafe { &*ctx });
    let extra = at
        .inlined()
        .map_or(0, |frames| compiled.code.call_frames[frames].extra as usize);
    // SAFETY: compiled code stored the call's operands at `values`, then
    // the values of the inlined frames around it.
    let words = unsafe { std::slice::from_raw_parts(values, count as usize + extra) };
    // SAFETY: `ctx` and the records it links to are live, running call
    // `at`.
    let Some(scope) = (unsafe { vm.innermost_scope(ctx, at, words) }) else {
        return 0;
    };
    let block = if child == FORWARDED_BLOCK {
        scope.block
    } else {
        vm.frameless_block(&scope, child as u32)
    };
    let Some(block) = block else {
        return 0;
    };
    let handle = Rc::as_ptr(&block) as u64;
    vm.context.push_call_block(block);
    handle
}

/// [`jit::runtime::Helpers::release_block`].
pub(super) extern "C" fn release_block(_ctx: *mut Activation, result: u64, block: u64) -> u64 {
    if block != 0 {
        // SAFETY: compiled code calls this helper while it runs.
        let vm = unsafe { running_vm() };
        vm.context.pop_call_block();
    }
    result
}

/// [`jit::runtime::Helpers::call_with_literal_block`].
pub(super) extern "C" fn call_with_literal_block(
    ctx: *mut Activation,
    handle: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    // SAFETY: compiled code passes its own ctx, live while it runs.
    let compiled = compiled(unsafe { &*ctx });
    let entry = compiled.direct_calls[handle as usize].entry.clone();
    let sender = match at.inlined() {
        Some(frames) => {
            let map = compiled
                .code
                .maps
                .get(compiled.code.call_frames[frames].map);
            let innermost = map.frames.last().expect("a call's frames");
            vm.methods[innermost.method as usize].clone()
        }
        None => compiled.method.clone(),
    };
    let (bytecode::Insn::Send(site) | bytecode::Insn::InvokeSuper(site)) =
        sender.code.insns[at.ip() as usize]
    else {
        unreachable!("call_with_literal_block calls at a send or super")
    };
    let child = sender.code.sites[site as usize]
        .block
        .expect("call_with_literal_block calls at a call with a literal block");
    let core = matches!(entry.body, MethodBody::Native(_));
    let step = Step::Call(entry, Passing::Literal(child));
    if let Some(jit) = vm.jit_state_mut().filter(|jit| jit.options.count_steps) {
        match &step {
            Step::Call(entry, _) if core => {
                jit.run_stats.count_core_call(entry);
                jit.run_stats.count_core_call_with_frame(entry);
            }
            _ => jit.run_stats.count_run_insn(&step, at.ip() as usize),
        }
    }
    run_step(ctx, &step, at, count, values)
}
