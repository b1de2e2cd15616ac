//! Blocks that run compiled without frame records.
//!
//! A block whose code is compiled, called with arguments that fit its
//! parameters as they are, runs its code with an activation record of its
//! own and no interpreter frame, as a native call's callee does: its
//! `self` and arguments are in the record's values, its environment (a
//! new one when it captures locals of its own, else its block's) and the
//! block `yield` in it calls (its home method's) are fields of the record.
//! Nothing is pushed on the value stack or the frame list, and nothing is
//! popped after:
//!
//! ```text
//! compiled each_constraint:  yield c      (yield_block helper)
//!   -> block { |c| c.mark }: compiled, virtual (frame_id = 0, caller = null)
//!        c.mark: a native call (its record's caller is the block's)
//!   <- returns: no record to pop
//! ```
//!
//! The block's frame is made only when something needs it: a helper that
//! runs Ruby code, raises, leaves through `break` or `return`, or
//! deoptimises materialises it ([`Vm::materialise_block`]), exactly as
//! `enter_block` would have pushed it, above the frames the call runs in;
//! the call pops it once the code returns. A native call the block makes
//! has the block's record as its caller, so materialising the callee
//! materialises the block first, outermost first as always.
//!
//! A call the runtime runs for the block's code *above* virtual frames
//! (see `super::virtual_frames`: a send with a literal block, a `yield`)
//! leaves it virtual too: the chain of records without frames that such a
//! call describes for backtraces ends at the block (no caller) instead of
//! at a record with a frame, and the block's own frame is in it; a block
//! made in the virtual block's scope takes its `self`, environment and
//! lexical scope from the record and the block running.
//!
//! A lambda runs so too: its `return` and `break` leave through the
//! runtime (`leave_block`), which materialises the frame first, and the
//! record says it is a lambda's, so they end the lambda's call (a `return`
//! from inside an `ensure` is a transfer to the frame's id, caught where
//! the call returns, as `enter_block` catches it). A block given a block,
//! keyword arguments or arguments that need laying out (optional, rest,
//! destructured parameters) take the frame as before.

use super::entry::{compiled, Activation};
use crate::block::{Block, BlockCode};
use crate::method::{status, CompiledMethod, LoadedMethod};
use crate::value::Value;
use crate::vm::{VirtualBlock, Vm, VmResult};
use jit::backend::EntryFrame;
use jit::runtime::CallAt;
use std::rc::Rc;

/// The most arguments a virtual block call passes (its values are an
/// array on the machine stack, where the collector finds them).
const MAX_ARGS: usize = 7;

impl Vm {
    /// The compiled code to run a block whose code is `code` with `args`
    /// without a frame record, if it may (see the module doc).
    pub(crate) fn virtual_block_code(
        code: &LoadedMethod,
        args: &[Value],
    ) -> Option<Rc<CompiledMethod>> {
        if args.len() > MAX_ARGS || code.jit.get() != status::COMPILED || code.lays_out_args {
            return None;
        }
        code.compiled.borrow().clone()
    }

    /// A `yield` of `args` at `at` by activation `ctx` to its block, when
    /// that block runs compiled without a record and takes the arguments
    /// as they are: straight into its code (above the virtual frames
    /// around the yield, if there are any), none of the checks and
    /// conversions of a block call that the block does not need. None
    /// otherwise (the runtime's general way then).
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    pub(super) unsafe fn yield_to_virtual_block(
        &mut self,
        ctx: *mut Activation,
        at: CallAt,
        args: &[Value],
    ) -> Option<VmResult> {
        // SAFETY: the caller's contract.
        let activation = unsafe { &*ctx };
        activation.assert_stored("yield_to_virtual_block");
        let block = activation.block as *const Block;
        if block.is_null() {
            return None;
        }
        // SAFETY: a nonzero `block` is the handle of a block a frame below
        // holds, alive while the activation runs.
        let block = unsafe { &*block };
        // SAFETY: the caller's contract.
        unsafe { self.call_block_virtually(ctx, at, block, args) }
    }

    /// A call of `block` with `args` at `at` by activation `ctx` (a `yield`
    /// of its block, or `Proc#call`, whose frame MRI hides), when the block
    /// runs compiled without a record and takes the arguments as they are:
    /// straight into its code (above the virtual frames around the call, if
    /// there are any). None otherwise.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations, running
    /// call `at`.
    pub(super) unsafe fn call_block_virtually(
        &mut self,
        ctx: *mut Activation,
        at: CallAt,
        block: &Block,
        args: &[Value],
    ) -> Option<VmResult> {
        // SAFETY: the caller's contract.
        let activation = unsafe { &*ctx };
        let BlockCode::Bytecode(code) = &block.code else {
            return None;
        };
        let block_code = Self::virtual_block_code(code, args)?;
        // (Without laid out parameters a block takes its required ones; a
        // single argument to several parameters may be an Array to splat.)
        let fits =
            args.len() == code.code.required as usize && !(code.code.auto_splat && args.len() == 1);
        // (Above virtual frames, a last match set there would be lost.)
        let above = activation.frame_id == 0 || at.inlined().is_some();
        if !fits || (above && compiled(activation).reads_last_match) || self.too_deep() {
            return None;
        }
        if let Err(limit) = self.spend_step() {
            return Some(Err(limit));
        }
        let id = self.new_frame_id();
        let call = |vm: &mut Vm| vm.enter_block_virtually(block, code, &block_code, args, id);
        if above {
            let at = CallAt::new(at.ip(), at.inlined().map(|index| index as u32));
            // SAFETY: the caller's contract.
            return Some(unsafe { self.above_virtual_frames(ctx, at, call) });
        }
        // The activation's frame is the innermost record: it is at the yield.
        if let Some(frame) = self.context.frames.last_mut() {
            frame.ip = at.ip();
        }
        Some(call(self))
    }

    /// Runs `block`'s compiled code `compiled` with `args` without a frame
    /// record; `id` is the frame's if it is materialised.
    pub(crate) fn enter_block_virtually(
        &mut self,
        block: &Block,
        code: &Rc<LoadedMethod>,
        compiled: &CompiledMethod,
        args: &[Value],
        id: u64,
    ) -> VmResult {
        let mut values = [0u64; MAX_ARGS + 1];
        values[0] = block.receiver.bits();
        for (slot, arg) in values[1..].iter_mut().zip(args) {
            *slot = arg.bits();
        }
        let env = self.new_env(&code.code, block.env);
        code.calls.set(code.calls.get() + 1);
        let entry_frame = EntryFrame {
            values: values.as_ptr(),
            argc: args.len() as u64,
        };
        let depth = self.call_depth() + 1;
        let mut activation = Activation {
            compiled: compiled as *const CompiledMethod as *const std::ffi::c_void,
            caller: std::ptr::null_mut(),
            values: entry_frame.values,
            argc: args.len() as u64,
            base: 0,
            depth_left: crate::vm::MAX_DEPTH.saturating_sub(depth) as u64,
            frame_id: 0,
            inlined: 0,
            block: block
                .outer_block
                .as_ref()
                .map_or(0, |outer| Rc::as_ptr(outer) as u64),
            env: env.bits(),
        };
        self.context.push_virtual_block(VirtualBlock {
            activation: &activation,
            block,
            id,
        });
        let result = self.call_compiled(compiled, &mut activation, &entry_frame);
        self.context.pop_virtual_block();
        if activation.frame_id != 0 {
            self.pop_frame();
            self.context.stack.truncate(activation.base as usize);
        }
        crate::vm::returned_to(result, id)
    }

    /// Gives the virtual block running with `activation` its frame, as
    /// `enter_block` pushes it (receiver, arguments and locals on the value
    /// stack, its record above the frames the call runs in).
    ///
    /// # Safety
    /// `activation` is a virtual block's record, running.
    pub(super) unsafe fn materialise_block(&mut self, activation: &mut Activation) {
        let call = self
            .context
            .virtual_block(activation)
            .expect("an activation without a caller or a frame is a virtual block's");
        let id = call.id;
        // SAFETY: the call running the block borrows it until it removes
        // the entry.
        let block = unsafe { &*call.block };
        let code = compiled(activation).method.clone();
        let base = self.context.stack.len();
        // SAFETY: the call's values stay on its machine frame while the
        // block runs.
        let values =
            unsafe { std::slice::from_raw_parts(activation.values, activation.argc as usize + 1) };
        self.context
            .stack
            .extend(values.iter().map(|&word| Value::from_bits(word)));
        self.push_frame_with(|| Vm::block_record(block, &code, None, id));
        self.context
            .frames
            .last_mut()
            .expect("the block's frame")
            .env = Value::from_bits(activation.env);
        self.push_locals(&code);
        activation.base = base as u64;
        activation.frame_id = id;
        if let Some(jit) = self.jit_state_mut() {
            jit.run_stats.materialised_frames += 1;
        }
    }
}
