//! Entering compiled code, and what its helpers find when it calls them.
//!
//! A compiled method runs inside the interpreter frame its caller pushed
//! (the `FrameRecord`, and the receiver, arguments and locals on the value
//! stack): that is what makes both directions cheap. [`Vm::enter_compiled`]
//! calls the code with an activation record (`ctx`, see
//! `jit::runtime::ActivationRecord`); every helper gets that record back,
//! and finds the VM through the thread's running VM ([`context`]):
//!
//! ```text
//! run_method(sum) -> enter_compiled: record {base, argc, compiled}, call code
//!   code: send puts (run_insn) -> helper(ctx, ...) -> context(ctx): (record, vm)
//!   code returns -> the value, or UNDEF with a transfer pending
//! ```
//!
//! A native call whose callee's frame was made later (see
//! `super::virtual_frames`) returns through a trampoline
//! ([`finish_native`]) that pops that frame.

use super::deoptimise::retarget_to_depth;
use crate::frame_layout::FrameLayout;
use crate::method::CompiledMethod;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use bytecode::abi;
use jit::backend::EntryFrame;
use jit::runtime::ActivationRecord;
use std::cell::Cell;
use std::rc::Rc;

/// One activation of compiled code: what its `ctx` points to (the layout
/// compiled code shares, since it makes the records of native calls).
pub(super) type Activation = ActivationRecord;

/// The code an activation runs.
pub(super) fn compiled<'a>(activation: &Activation) -> &'a CompiledMethod {
    activation.assert_stored("compiled");
    // SAFETY: `compiled` comes from an `Rc<CompiledMethod>` the JIT keeps
    // (`JitState::code`) while any activation record on the machine stack
    // names it (`compiled::code_space` frees only code no word of the
    // stack points to), and `activation` is live.
    unsafe { &*(activation.compiled as *const CompiledMethod) }
}

/// Where an activation's operands start on the value stack (materialised
/// activations only).
pub(super) fn operand_base(activation: &Activation) -> usize {
    activation.assert_materialised("operand_base");
    let local_count = compiled(activation).method.code.locals.len();
    FrameLayout::new(
        activation.base as usize,
        activation.argc as usize,
        local_count,
    )
    .operands()
}

impl Vm {
    /// A helper's result for compiled code: the value, or `UNDEF` with the
    /// transfer left pending.
    pub(super) fn result_for_compiled(&mut self, result: VmResult) -> u64 {
        match result {
            Ok(value) => value.bits(),
            Err(control) => {
                self.context.set_compiled_pending(control);
                abi::UNDEF
            }
        }
    }

    /// Runs a method's compiled code in the frame at `base` (pushed by the
    /// caller, as for the interpreter).
    pub fn run_compiled(
        &mut self,
        compiled: &Rc<CompiledMethod>,
        base: usize,
        argc: usize,
    ) -> VmResult {
        let end = FrameLayout::new(base, argc, 0).locals();
        self.enter_compiled(compiled, base, argc, end)
    }

    /// Enters `compiled` with the frame's words from `base` to `end` (the
    /// receiver and arguments, or for on-stack replacement the whole frame).
    pub fn enter_compiled(
        &mut self,
        compiled: &Rc<CompiledMethod>,
        base: usize,
        argc: usize,
        end: usize,
    ) -> VmResult {
        // Compiled code reads its entry values before it calls anything
        // (which could move the value stack).
        debug_assert!(end <= self.context.stack.len());
        let entry_frame = EntryFrame {
            values: self.context.stack[base..end].as_ptr() as *const u64,
            argc: argc as u64,
        };
        let depth = self.call_depth();
        let mut activation = Activation {
            compiled: Rc::as_ptr(compiled) as *const std::ffi::c_void,
            caller: std::ptr::null_mut(),
            values: entry_frame.values,
            argc: argc as u64,
            base: base as u64,
            depth_left: crate::vm::MAX_DEPTH.saturating_sub(depth) as u64,
            // Materialised: the interpreter pushed the frame.
            frame_id: self.context.frames.last().map_or(u64::MAX, |f| f.id.max(1)),
            inlined: 0,
            block: self
                .context
                .frames
                .last()
                .and_then(|f| f.block.as_ref())
                .map_or(0, |block| Rc::as_ptr(block) as u64),
            // The frame holds the environment.
            env: 0,
        };
        self.call_compiled(compiled, &mut activation, &entry_frame)
    }

    /// Calls `compiled`'s code with `activation` and the entry values of
    /// `entry_frame`: the value it returns, or the transfer it left.
    pub(super) fn call_compiled(
        &mut self,
        compiled: &CompiledMethod,
        activation: &mut Activation,
        entry_frame: &EntryFrame,
    ) -> VmResult {
        let entry = compiled.code.entry();
        compiled.method.call_target.used.set(1);
        let outer = RUNNING_VM.replace(self as *mut Vm);
        // SAFETY: the code was generated for this signature; `activation`
        // and `entry_frame` outlive the call, and the VM is only reached
        // through `RUNNING_VM` until it returns.
        let result = unsafe {
            entry(
                activation as *mut Activation as *mut std::ffi::c_void,
                entry_frame,
            )
        };
        RUNNING_VM.set(outer);
        if result == abi::UNDEF {
            Err(self
                .context
                .take_compiled_pending()
                .expect("compiled code returns UNDEF only with a transfer pending"))
        } else {
            Ok(Value::from_bits(result))
        }
    }
}

thread_local! {
    /// The VM whose compiled code runs on this thread, for the helpers
    /// compiled code calls (records carry no pointer to it: native calls
    /// would copy it for every call).
    static RUNNING_VM: Cell<*mut Vm> = const { Cell::new(std::ptr::null_mut()) };
}

/// The activation behind a `ctx` pointer, and the VM, the activation's
/// frame materialised (every helper that may run Ruby code, raise or look
/// at the frame starts here).
///
/// # Safety
/// `ctx` must be the record compiled code was entered with, during that
/// activation.
pub(super) unsafe fn context<'a>(ctx: *mut Activation) -> (&'a mut Activation, &'a mut Vm) {
    // SAFETY: the caller's contract; the VM outlives the activation.
    unsafe {
        let vm = running_vm();
        (*ctx).assert_stored("context");
        if (*ctx).frame_id == 0 {
            vm.materialise(ctx);
        }
        (&mut *ctx, vm)
    }
}

/// The VM running compiled code on this thread, its frames left as they
/// are: for a helper that only allocates (a collection finds the values of
/// virtual frames on the machine stack, and needs no frame record for
/// them) or only reads.
///
/// # Safety
/// Compiled code must be running (called from a helper it calls), and the
/// reference must not outlive the helper.
pub(super) unsafe fn running_vm<'a>() -> &'a mut Vm {
    // SAFETY: the caller's contract: `enter_compiled` set the pointer and
    // keeps the VM borrowed only through it until the code returns.
    unsafe { &mut *RUNNING_VM.get() }
}

/// The block of a running activation (its `block` handle), with a
/// reference of the caller's own.
pub(super) fn activation_block(activation: &Activation) -> Option<Rc<crate::block::Block>> {
    activation.assert_stored("activation_block");
    let block = activation.block as *const crate::block::Block;
    // SAFETY: a nonzero `block` is the handle of a block a frame below
    // holds (see `ActivationRecord::block`), alive while the activation
    // runs; the count taken here is the returned `Rc`'s.
    (!block.is_null()).then(|| unsafe {
        Rc::increment_strong_count(block);
        Rc::from_raw(block)
    })
}

/// The `count` values compiled code stored at `values` (in its frame).
///
/// # Safety
/// `values` must point at `count` words compiled code stored for the call
/// that is running.
pub(super) unsafe fn stored_values<'a>(values: *const u64, count: u64) -> &'a [Value] {
    // SAFETY: the caller's contract; a Value is its word
    // (`repr(transparent)`).
    unsafe { std::slice::from_raw_parts(values as *const Value, count as usize) }
}

/// What [`finish_native`] answers the trampoline: the call's result, and
/// where the call returns to (a pair returned in `rax` and `rdx`).
#[repr(C)]
struct NativeReturn {
    result: u64,
    return_address: u64,
}

/// The address of the trampoline materialised native calls return through
/// (`jit::backend::x64::native_return_trampoline`), made once.
pub(super) fn native_return_address() -> u64 {
    static TRAMPOLINE: std::sync::OnceLock<jit::backend::CodeMemory> = std::sync::OnceLock::new();
    TRAMPOLINE
        .get_or_init(|| {
            let code =
                jit::backend::x64::native_return_trampoline(finish_native as *const () as u64);
            jit::backend::CodeMemory::new(&code).expect("memory for the native return trampoline")
        })
        .address()
}

/// After a native call whose callee's frame was materialised, from the
/// trampoline the call returned through: pops the frame (the callee has
/// returned `result`) and leaves the record virtual again for the caller's
/// next native call.
extern "C" fn finish_native(result: u64) -> NativeReturn {
    // SAFETY: the trampoline runs for a call compiled code made, which
    // has just returned.
    let vm = unsafe { running_vm() };
    let (record, return_address) = vm
        .context
        .pop_native_return()
        .expect("a call returns through the trampoline only once materialised");
    // SAFETY: the record is in the frame of the caller, which is running
    // again.
    let record = unsafe { &mut *record };
    record.assert_materialised("finish_native");
    let frame_id = std::mem::take(&mut record.frame_id);
    vm.pop_frame();
    vm.context.stack.truncate(record.base as usize);
    let mut result = result;
    if result == abi::UNDEF {
        // `return` from a block to the callee: the callee's result.
        let returned = vm
            .context
            .compiled_pending()
            .and_then(|control| control.returning_to(frame_id));
        if let Some(value) = returned {
            vm.context.take_compiled_pending();
            result = value.bits();
        }
    }
    if record.inlined > 0 {
        // The caller's inlined frames rebuilt for the callee: a `return`
        // or `break` that ends one of them is the caller's to take.
        let top = vm.context.frames.len();
        let ids: smallvec::SmallVec<[u64; 4]> = vm.context.frames[top - record.inlined as usize..]
            .iter()
            .map(|frame| frame.id)
            .collect();
        for _ in &ids {
            vm.pop_frame();
        }
        if let Some(control) = vm.context.take_compiled_pending() {
            vm.context
                .set_compiled_pending(retarget_to_depth(control, &ids));
        }
    }
    NativeReturn {
        result,
        return_address,
    }
}
