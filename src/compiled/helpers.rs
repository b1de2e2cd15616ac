//! Where compiled code meets the runtime: entering a compiled method, the
//! helpers it calls (`jit::runtime::Helpers` lists their signatures), and
//! deoptimisation.
//!
//! A compiled method runs inside the interpreter frame its caller pushed
//! (the `FrameRecord`, and the receiver, arguments and locals on the value
//! stack): that is what makes both directions cheap. An instruction the
//! compiled code leaves to the runtime (`run_insn`) runs in that frame
//! exactly as the interpreter would run it. A deoptimisation writes the
//! values its map names back into the frame's stack slots and lets
//! [`Vm::execute`] carry on from the map's index:
//!
//! ```text
//! compiled add_with_side_effects: guard kind fixnum fails at the `+`
//!   stub: push rbx, r12, r13; call deoptimise(ctx, code, site 4, rbp, rsp)
//!   deoptimise: receiver, 2 args, stack [r12, r13] -> value stack
//!               execute(add_with_side_effects, from index 12)
//!   the compiled method returns what the interpreter returned
//! ```
//!
//! Compiled code calls compiled code natively (no interpreter frame, see
//! `jit::runtime::ActivationRecord`); such a callee's frame is pushed only
//! when a helper needs it ([`Vm::materialise`], called by every helper that
//! may run Ruby code, raise, or deoptimise), so a chain of compiled calls
//! that never leaves compiled code costs no frame records at all.
//!
//! Code inlined into a compiled method has no frames of its own either. A
//! call it makes through `run_insn` runs in its frames rebuilt from the
//! call's map ([`Vm::push_inlined_frames`]: each with the block its caller
//! passes made again, and its environment); a native call from it leaves
//! them to [`Vm::materialise`], which rebuilds them under the callee's
//! frame only if that frame is needed:
//!
//! ```text
//! compiled run: dispatch, each, block in dispatch inlined
//!   send pop @HeapQueue (native) -> callee's frame virtual, nothing rebuilt
//!   send log(1) (run_insn)       -> frames dispatch, each, block rebuilt,
//!                                   log called in them, popped
//! ```
//!
//! The commonest instructions `run_insn` is given skip the interpreter's
//! loop: a send bound to a core method calls its Rust function with the
//! operands where compiled code stored them (pushing the method's frame as
//! `invoke` would), and a `yield` calls the frame's block. Everything else
//! runs as one step of the interpreter:
//!
//! ```text
//! send fetch(1) @Array -> call_core_directly: frame for `fetch`, fetch(recv, [arg])
//! yield(1)             -> yield_directly: invoke_block(frame.block, [arg])
//! getconst Foo         -> run_one: the interpreter's loop, for one instruction
//! ```

use super::{CompiledMethod, MAX_GUARD_FAILURES};
use crate::frame_layout::FrameLayout;
use crate::interp::LoadedMethod;
use crate::object::{MethodBody, MethodEntry, RArray, RFloat, RObject};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use bytecode::{abi, call_flags, Insn};
use jit::backend::lir::SiteReason;
use jit::backend::EntryFrame;
use jit::ir::GuardReason;
use jit::runtime::{ActivationRecord, CallAt, Helpers};
use std::cell::Cell;
use std::rc::Rc;

/// One activation of compiled code: what its `ctx` points to (the layout
/// compiled code shares, since it makes the records of native calls).
type Activation = ActivationRecord;

/// The code an activation runs.
fn compiled<'a>(activation: &Activation) -> &'a CompiledMethod {
    activation.assert_stored("compiled");
    // SAFETY: `compiled` comes from an `Rc<CompiledMethod>` the JIT keeps
    // for the whole run (`JitState::code`): code is never freed.
    unsafe { &*(activation.compiled as *const CompiledMethod) }
}

/// Where an activation's operands start on the value stack (materialised
/// activations only).
fn operand_base(activation: &Activation) -> usize {
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
    fn result_for_compiled(&mut self, result: VmResult) -> u64 {
        match result {
            Ok(value) => value.bits(),
            Err(control) => {
                self.compiled_pending = Some(control);
                abi::UNDEF
            }
        }
    }

    /// Gives the virtual frames of native calls up to `activation` their
    /// interpreter frames, outermost first, as `invoke` would have pushed
    /// them (see [`ActivationRecord`]).
    ///
    /// # Safety
    /// `activation` and the records it links to are live activations.
    unsafe fn materialise(&mut self, activation: *mut Activation) {
        // SAFETY: the caller's contract.
        let (activation, caller) = unsafe {
            (*activation).assert_stored("materialise");
            if (*activation).frame_id != 0 {
                return;
            }
            let caller = (*activation).caller;
            self.materialise(caller);
            (&mut *activation, &*caller)
        };
        // SAFETY: a virtual activation is a native call's, running.
        let return_address = unsafe { activation.return_address() };
        let site = compiled(caller)
            .code
            .native_site(return_address)
            .expect("a native call returns into its caller's code");
        if let Some(frame) = self.frames.last_mut() {
            frame.ip = site.at.ip();
        }
        let base = operand_base(caller);
        self.stack.truncate(base);
        let count = activation.argc as usize + 1;
        // SAFETY: the caller stored the receiver and arguments at `values`
        // (in its frame, where they stay during the call).
        let operands = unsafe { std::slice::from_raw_parts(activation.values, count) };
        let base = if let Some(frames) = site.at.inlined() {
            // A call in inlined code: its frames first (the innermost
            // holds the receiver and arguments on its stack).
            let code = compiled(caller);
            let call = &code.code.call_frames[frames];
            let mut words: smallvec::SmallVec<[u64; 16]> = operands.into();
            // SAFETY: the call is running, made by the caller's code the
            // site describes.
            words.extend(
                site.extra
                    .iter()
                    .map(|word| unsafe { word.read(activation.values) }),
            );
            debug_assert_eq!(words.len(), count + call.extra as usize);
            let (ids, _) =
                self.push_inlined_frames(code, call, &words, count, caller.base as usize);
            activation.inlined = ids.len() as u64;
            self.stack.len() - count
        } else {
            activation.inlined = 0;
            self.stack
                .extend(operands.iter().map(|&word| Value::from_bits(word)));
            base
        };
        // SAFETY: `entry` is the method entry the caller's code calls, kept
        // by that code (`CompiledMethod::direct_calls`).
        let entry = unsafe { &*(site.entry as *const MethodEntry) };
        let callee = &compiled(activation).method;
        let block = activation_block(activation);
        self.check_rebuilt_receiver(callee, entry.owner, self.stack[base], "materialise");
        let id = self.push_method_frame(entry, callee, block);
        self.push_locals(callee);
        activation.base = base as u64;
        activation.frame_id = id;
        // The call now returns through the trampoline, which pops the
        // frame.
        let slot = activation.values.wrapping_sub(1) as *mut u64;
        self.native_returns
            .push((activation as *mut Activation, return_address));
        // SAFETY: the word below `values` is the running call's return
        // address (read above), on the machine stack.
        unsafe { *slot = native_return_address() };
        if let Some(jit) = &mut self.jit {
            jit.run_stats.materialised_frames += 1;
        }
    }
}

/// The helpers, for the code generator.
pub fn table() -> Helpers {
    Helpers {
        run_insn,
        deoptimise,
        frame_block,
        frame_env,
        load_env,
        new_env,
        string_literal,
        string_char_at,
        yield_block,
        yield_splat,
        new_array,
        concat_strings,
        new_object,
        array_push,
        string_compare,
        string_length,
        kind_of,
        array_get,
        string_eq,
        store_env,
        load_ivar,
        store_ivar,
        unbox_float,
        box_float,
        leave_block,
    }
}

impl Vm {
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
        debug_assert!(end <= self.stack.len());
        let entry_frame = EntryFrame {
            values: self.stack[base..end].as_ptr() as *const u64,
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
            frame_id: self.frames.last().map_or(u64::MAX, |f| f.id.max(1)),
            inlined: 0,
            block: self
                .frames
                .last()
                .and_then(|f| f.block.as_ref())
                .map_or(0, |block| Rc::as_ptr(block) as u64),
        };
        let entry = compiled.code.entry();
        let outer = RUNNING_VM.replace(self as *mut Vm);
        // SAFETY: the code was generated for this signature; `activation`
        // and `entry_frame` outlive the call, and the VM is only reached
        // through `RUNNING_VM` until it returns.
        let result = unsafe {
            entry(
                &mut activation as *mut Activation as *mut std::ffi::c_void,
                &entry_frame,
            )
        };
        RUNNING_VM.set(outer);
        if result == abi::UNDEF {
            Err(self
                .compiled_pending
                .take()
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
unsafe fn context<'a>(ctx: *mut Activation) -> (&'a mut Activation, &'a mut Vm) {
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
unsafe fn running_vm<'a>() -> &'a mut Vm {
    // SAFETY: the caller's contract: `enter_compiled` set the pointer and
    // keeps the VM borrowed only through it until the code returns.
    unsafe { &mut *RUNNING_VM.get() }
}

/// The block of a running activation (its `block` handle), with a
/// reference of the caller's own.
fn activation_block(activation: &Activation) -> Option<Rc<crate::block::Block>> {
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
unsafe fn stored_values<'a>(values: *const u64, count: u64) -> &'a [Value] {
    // SAFETY: the caller's contract; a Value is its word
    // (`repr(transparent)`).
    unsafe { std::slice::from_raw_parts(values as *const Value, count as usize) }
}

extern "C" fn run_insn(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    let compiled = compiled(unsafe { &*ctx });
    let ip = at.ip() as usize;
    let inlined = at.inlined();
    let step = if at.is_direct() {
        let target = &compiled.direct_calls[method as usize];
        Step::Call(target.entry.clone(), target.name, target.forwards_block)
    } else {
        Step::Insn(vm.methods[method as usize].clone())
    };
    // SAFETY: compiled code stored `count` values at `values`.
    let operands = unsafe { stored_values(values, count) };
    let count = count as usize;
    // SAFETY: as above.
    let unmaterialised = unsafe { (*ctx).frame_id } == 0;
    if inlined.is_some() || unmaterialised {
        // Frames without records: inlined ones, or a native call's.
        let receiver = || match inlined {
            Some(frames) => {
                let call = &compiled.code.call_frames[frames];
                // SAFETY: compiled code passes the operands, then the
                // call's extra words.
                let words =
                    unsafe { std::slice::from_raw_parts(values, count + call.extra as usize) };
                innermost_receiver(compiled, call, words)
            }
            // SAFETY: a native call's record points at its receiver.
            None => Some(Value::from_bits(unsafe { *(*ctx).values })),
        };
        if let Some(result) = vm.frameless(&step, ip, operands, receiver) {
            return result.bits();
        }
        if inlined.is_none() {
            // SAFETY: compiled code passes its own ctx.
            if let Some(result) =
                unsafe { vm.own_block_above_virtual_frames(ctx, &step, ip, operands) }
            {
                return vm.result_for_compiled(result);
            }
        }
        // SAFETY: `ctx` and the records it links to are live.
        if let Some(result) = unsafe { vm.run_above_virtual_frames(ctx, &step, at, operands) } {
            return vm.result_for_compiled(result);
        }
    }
    // SAFETY: compiled code passes its own ctx.
    let (activation, vm) = unsafe { context(ctx) };
    let operand_base = operand_base(activation);
    vm.stack.truncate(operand_base);
    let result = if let Some(frames) = inlined {
        let call = &compiled.code.call_frames[frames];
        // SAFETY: compiled code passes the operands, then the call's extra
        // words.
        let words = unsafe { std::slice::from_raw_parts(values, count + call.extra as usize) };
        let root_base = activation.base as usize;
        let result = vm.run_in_inlined_frames(&step, ip, count, compiled, call, words, root_base);
        vm.stack.truncate(operand_base);
        result
    } else {
        // Lean paths: a core method's function, the frame's block, or an
        // allocation gets the operands where compiled code stored them.
        let lean = match &step {
            Step::Call(entry, name, forwards) => match &entry.body {
                MethodBody::Native(core) => {
                    vm.set_ip(ip);
                    let block = vm.forwarded_block(*forwards);
                    Some(vm.call_core_directly(entry, core, *name, operands, block))
                }
                _ => None,
            },
            Step::Insn(method) => vm.run_lean(method, ip, operands),
        };
        if let Some(result) = lean {
            return vm.result_for_compiled(result);
        }
        vm.stack.extend_from_slice(operands);
        let (base, argc) = (activation.base as usize, activation.argc as usize);
        vm.step(&step, base, argc, ip, operand_base)
    };
    let result = result.map(|pushed| pushed.unwrap_or(Value::NIL));
    vm.result_for_compiled(result)
}

extern "C" fn yield_block(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // `count` values at `values`.
    let args = unsafe { stored_values(values, count) };
    yield_values(ctx, method, at, count, values, args)
}

extern "C" fn yield_splat(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // the Array at `values`.
    let list = unsafe { stored_values(values, count) }[0];
    let args: smallvec::SmallVec<[Value; 8]> = list
        .get::<RArray>()
        .expect("yield * passes an Array")
        .items()
        .iter()
        .copied()
        .collect();
    yield_values(ctx, method, at, count, values, &args)
}

/// A yield of `args` to the block of activation `ctx` (`count` values at
/// `values` are what compiled code passed, for the runtime's path).
fn yield_values(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
    args: &[Value],
) -> u64 {
    // SAFETY: compiled code calls the helpers while it runs.
    let vm = unsafe { running_vm() };
    // SAFETY: compiled code passes its own ctx.
    if let Some(result) = unsafe { vm.yield_above_virtual_frames(ctx, at, args) } {
        return vm.result_for_compiled(result);
    }
    if at.inlined().is_some() {
        // In inlined code: the runtime runs it in the inlined frames.
        return run_insn(ctx, method, at, count, values);
    }
    // SAFETY: compiled code passes its own ctx.
    let (_, vm) = unsafe { context(ctx) };
    let result = vm.yield_directly(at.ip() as usize, args);
    vm.result_for_compiled(result)
}

extern "C" fn new_array(
    _ctx: *mut Activation,
    _method: u64,
    _at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored `count` values
    // at `values` (in its frame, where a collection finds them).
    let (vm, items) = unsafe { (running_vm(), stored_values(values, count)) };
    vm.new_array(items.to_vec()).bits()
}

extern "C" fn concat_strings(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored `count` Strings
    // at `values`.
    let (vm, parts) = unsafe { (running_vm(), stored_values(values, count)) };
    let encoding = vm.methods[method as usize].code.encoding;
    if crate::interp::interpolation_encoding(encoding.into(), parts).is_err() {
        // Parts in incompatible encodings: the instruction runs through
        // the runtime, which raises in the right frame.
        return run_insn(ctx, method, at, count, values);
    }
    vm.concat_strings(encoding, parts)
        .expect("the encodings are compatible")
        .bits()
}

extern "C" fn leave_block(ctx: *mut Activation, leave: i64, ip: u64, value: u64) -> u64 {
    // SAFETY: compiled code passes its own ctx.
    let (_, vm) = unsafe { context(ctx) };
    let frame = vm.frames.len() - 1;
    vm.frames[frame].ip = ip as u32;
    let value = Value::from_bits(value);
    let result = if leave == jit::runtime::LEAVE_BREAK {
        vm.break_block(frame, value)
    } else {
        vm.return_from_block(frame, value)
    };
    vm.result_for_compiled(result)
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
fn native_return_address() -> u64 {
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
        .native_returns
        .pop()
        .expect("a call returns through the trampoline only once materialised");
    // SAFETY: the record is in the frame of the caller, which is running
    // again.
    let record = unsafe { &mut *record };
    record.assert_materialised("finish_native");
    let frame_id = std::mem::take(&mut record.frame_id);
    vm.pop_frame();
    vm.stack.truncate(record.base as usize);
    let mut result = result;
    if result == abi::UNDEF {
        // `return` from a block to the callee: the callee's result.
        if let Some(Control::Return { target, value }) = vm.compiled_pending {
            if target == frame_id {
                vm.compiled_pending = None;
                result = value.bits();
            }
        }
    }
    if record.inlined > 0 {
        // The caller's inlined frames rebuilt for the callee: a `return`
        // or `break` that ends one of them is the caller's to take.
        let top = vm.frames.len();
        let ids: smallvec::SmallVec<[u64; 4]> = vm.frames[top - record.inlined as usize..]
            .iter()
            .map(|frame| frame.id)
            .collect();
        for _ in &ids {
            vm.pop_frame();
        }
        if let Some(control) = vm.compiled_pending.take() {
            vm.compiled_pending = Some(retarget_to_depth(control, &ids));
        }
    }
    NativeReturn {
        result,
        return_address,
    }
}

/// The frames of a [`crate::vm::VirtualFrames`], as (method, ip) pairs:
/// room on the stack for a recursion's worth before any allocation.
pub type VirtualFrameList = smallvec::SmallVec<[(u32, u32); 32]>;

/// The virtual frames `frames` stands for, outermost first, as (method
/// id, index): the inlined frames of the call, and when a native call
/// made the activation without a record, its frame and those of the
/// native calls up to the innermost frame with a record, each with the
/// inlined frames of its call. Also the index of the call that record is
/// making.
pub fn virtual_frame_list(frames: &crate::vm::VirtualFrames) -> (u32, VirtualFrameList) {
    let ctx = frames.activation;
    // The activations without records, innermost first, and the innermost
    // one with a record.
    let mut chain: smallvec::SmallVec<[*const Activation; 32]> = smallvec::SmallVec::new();
    let mut record = ctx;
    // SAFETY: the activation of a `VirtualFrames` and the records it links
    // to are live while it is on the VM's list (the call it makes runs).
    unsafe {
        loop {
            (*record).assert_stored("virtual_frame_list");
            if (*record).frame_id != 0 {
                break;
            }
            chain.push(record);
            record = (*record).caller;
        }
    }
    // The call an activation makes (`inner`: the activation it called
    // natively, None for the innermost): the innermost's is the one
    // running; each other's is the native call that made the next
    // activation in, found by that one's return address.
    let call_at = |activation: *const Activation, inner: Option<*const Activation>| {
        let Some(inner) = inner else {
            return frames.at;
        };
        // SAFETY: as above; `inner` is a native call's record, running.
        let return_address = unsafe { (*inner).return_address() };
        // SAFETY: as above.
        compiled(unsafe { &*activation })
            .code
            .native_site(return_address)
            .expect("a native call returns into its caller's code")
            .at
    };
    let mut list = smallvec::SmallVec::new();
    // SAFETY: as above.
    let record_code = compiled(unsafe { &*record });
    let record_ip = call_position(
        record_code,
        call_at(record, chain.last().copied()),
        &mut list,
    );
    for (index, &activation) in chain.iter().enumerate().rev() {
        // SAFETY: as above.
        let code = compiled(unsafe { &*activation });
        let own = list.len();
        list.push((code.method.id, 0));
        let inner = index.checked_sub(1).map(|inner| chain[inner]);
        list[own].1 = call_position(code, call_at(activation, inner), &mut list);
    }
    if let Some(innermost) = list.last_mut() {
        innermost.1 = frames.at.ip();
    }
    (record_ip, list)
}

/// Where compiled code's call `at` is: the index in the compiled method's
/// own code, returned, after pushing the call's inlined frames (method,
/// index) to `frames`, outermost first.
fn call_position(compiled: &CompiledMethod, at: CallAt, frames: &mut VirtualFrameList) -> u32 {
    let Some(inlined) = at.inlined() else {
        return at.ip();
    };
    let call = &compiled.code.call_frames[inlined];
    let map = compiled.code.maps.get(call.map);
    frames.extend(map.frames[1..].iter().map(|frame| (frame.method, frame.ip)));
    map.frames[0].ip
}

/// The receiver of the innermost frame of a call in inlined code, from
/// `words` (what the call passed: see `lir::CallFrames`): None when it is
/// not held as a value.
fn innermost_receiver(
    compiled: &CompiledMethod,
    call: &jit::backend::lir::CallFrames,
    words: &[u64],
) -> Option<Value> {
    let map = compiled.code.maps.get(call.map);
    let (_, outer) = map.frames.split_last()?;
    let at: usize = outer.iter().skip(1).map(|frame| frame.source_count()).sum();
    let (word, repr) = call.source(words, at);
    matches!(repr, deopt::Repr::Value).then(|| Value::from_bits(word))
}

/// What a call from inlined code runs above virtual frames.
enum Above {
    /// A direct call (the arguments fit the method's parameters).
    Direct(Rc<MethodEntry>, bytecode::Sym),
    /// A send, to the method found for this name.
    Send(Rc<MethodEntry>, bytecode::Sym),
    /// A `when` test: `pattern === subject`.
    CaseEq,
    /// Interpolation's `to_s`.
    ToS,
}

/// What `run_insn` runs.
enum Step {
    /// The instruction at the index, of this method.
    Insn(Rc<LoadedMethod>),
    /// A send bound to this method (the receiver's kind was guarded), by
    /// this name: called directly, without the send's lookup; passing the
    /// frame's block when the flag says so.
    Call(Rc<MethodEntry>, bytecode::Sym, bool),
}

impl Vm {
    /// Runs `step` at `ip` in the frame at `base`, its operands on the stack
    /// from `operand_base`; returns what it pushed.
    fn step(
        &mut self,
        step: &Step,
        base: usize,
        argc: usize,
        ip: usize,
        operand_base: usize,
    ) -> VmResult<Option<Value>> {
        match step {
            Step::Insn(method) => {
                if let Insn::Destructure {
                    before,
                    splat,
                    after,
                } = method.code.insns[ip]
                {
                    // Its parts, as one Array (compiled code loads them).
                    if let Some(frame) = self.frames.last_mut() {
                        frame.ip = ip as u32;
                    }
                    let value = self.stack.pop().expect("the destructured value");
                    self.destructure(value, before.into(), splat, after.into())?;
                    // The parts stay on the stack (rooted) while the Array
                    // is allocated.
                    let parts = self.stack[operand_base..].to_vec();
                    let array = self.new_array(parts);
                    self.stack.truncate(operand_base);
                    return Ok(Some(array));
                }
                self.run_one(method, base, argc, ip, operand_base)
            }
            Step::Call(entry, name, forwards) => {
                self.set_ip(ip);
                let block = self.forwarded_block(*forwards);
                if let MethodBody::Native(core) = &entry.body {
                    let operands: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.stack[operand_base..]);
                    let result = self.call_core_directly(entry, core, *name, &operands, block);
                    self.stack.truncate(operand_base);
                    return result.map(Some);
                }
                self.call_ruby_directly(entry, operand_base, block)
                    .map(Some)
            }
        }
    }

    /// The block a direct call passes: with `forwards`, that of the frame
    /// making it (a block frame's is its method's), else none.
    fn forwarded_block(&self, forwards: bool) -> Option<Rc<crate::block::Block>> {
        if !forwards {
            return None;
        }
        self.frames.last().and_then(|frame| frame.block.clone())
    }

    /// Records that the innermost frame is running instruction `ip`.
    fn set_ip(&mut self, ip: usize) {
        if let Some(frame) = self.frames.last_mut() {
            frame.ip = ip as u32;
        }
    }

    /// A direct call of a Ruby method from compiled code, with the receiver
    /// and arguments on the stack from `operand_base` (popped).
    fn call_ruby_directly(
        &mut self,
        entry: &Rc<MethodEntry>,
        operand_base: usize,
        block: Option<Rc<crate::block::Block>>,
    ) -> VmResult {
        let MethodBody::Bytecode(callee) = &entry.body else {
            unreachable!("direct calls go to Ruby or core methods")
        };
        // The arguments match the method's parameters exactly (the runtime
        // said so when the call was compiled): no checks and no layout, as
        // `invoke` would do.
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        self.spend_step()?;
        let argc = self.stack.len() - operand_base - 1;
        let id = self.push_method_frame(entry, callee, block);
        let result = self.run_pushed_method(callee, operand_base, argc, id);
        self.stack.truncate(operand_base);
        result
    }

    /// Runs `step`, a call at `ip` of activation `ctx` (in its
    /// `inlined`-th inlined call site, or 0), above virtual frames for the
    /// frames around it that have no records (see
    /// [`crate::vm::VirtualFrames`]),
    /// instead of rebuilding them, when what it calls needs nothing of them
    /// but their place in backtraces: a direct call, a send without a
    /// block, a `when` test or interpolation's `to_s`, calling a Ruby method
    /// or a core method that does not look at its caller's frame. Not when
    /// the compiled method reads its last match, which matching core
    /// methods called from its own frame or its inlined blocks set. None
    /// otherwise.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    unsafe fn run_above_virtual_frames(
        &mut self,
        ctx: *mut Activation,
        step: &Step,
        at: CallAt,
        operands: &[Value],
    ) -> Option<VmResult> {
        // SAFETY: the caller's contract.
        if compiled(unsafe { &*ctx }).reads_last_match {
            return None;
        }
        let ip = at.ip() as usize;
        let callee = self.callee_above_virtual_frames(step, ip, operands)?;
        if let Some(jit) = &mut self.jit {
            jit.run_stats.calls_above_virtual_frames += 1;
        }
        // SAFETY: the caller's contract.
        let depth = unsafe { self.depth_above(ctx, at.inlined()) };
        self.virtual_frames.push(crate::vm::VirtualFrames {
            below: self.frames.len(),
            depth,
            activation: ctx,
            at,
        });
        let result = match callee {
            Above::Direct(entry, name) => match &entry.body {
                MethodBody::Native(core) => {
                    self.call_core_directly(&entry, core, name, operands, None)
                }
                _ => {
                    let operand_base = self.stack.len();
                    self.stack.extend_from_slice(operands);
                    self.call_ruby_directly(&entry, operand_base, None)
                }
            },
            Above::Send(entry, name) => self.send_found(&entry, name, operands),
            Above::CaseEq => {
                let case_eq = self.sym.case_eq;
                self.call(operands[0], case_eq, &[operands[1]])
                    .map(|matched| Value::bool(matched.truthy()))
            }
            Above::ToS => self.interpolate(operands[0]),
        };
        self.virtual_frames.pop();
        Some(result)
    }

    /// The call depth of activation `ctx` running a call in the inlined
    /// frames of its `inlined`-th call site (None: in its own code): its own depth
    /// ([`Activation::depth_left`] counts down from
    /// [`crate::vm::MAX_DEPTH`] by one per native call) and the inlined
    /// frames around the call, or the frame records when its frames and
    /// those below it have them already.
    ///
    /// # Safety
    /// `ctx` is a live activation.
    unsafe fn depth_above(&self, ctx: *const Activation, inlined: Option<usize>) -> usize {
        // SAFETY: the caller's contract.
        let activation = unsafe { &*ctx };
        activation.assert_stored("depth_above");
        let own = (crate::vm::MAX_DEPTH as i64 - activation.depth_left as i64).max(0) as usize;
        let inlined_frames = inlined.map_or(0, |index| {
            let code = &compiled(activation).code;
            code.maps.get(code.call_frames[index].map).frames.len() - 1
        });
        (own + inlined_frames).max(self.frames.len())
    }

    /// Calls the block of activation `ctx` with `args` (a `yield` at `at`,
    /// as for a call, or a call of its block proxy)
    /// when the activation is a native call's with no frame record or the
    /// yield is in its inlined code: above virtual frames for the inlined
    /// frames, the activation and those below it without records either,
    /// as [`Vm::run_above_virtual_frames`] runs a call:
    /// the block runs in a frame of its own on its home's variables, and
    /// needs nothing of the frame yielding to it but its place in
    /// backtraces (a `break` leaves through the frame that passed the
    /// block, which has its record since it made the block). Not for an
    /// activation without a block (raising needs its frame) or whose
    /// method reads its last match. None when not.
    ///
    /// In a recursive walk that passes its block down (`walk(node.left,
    /// &block)`), each `yield` would otherwise give every frame of the walk
    /// a record; a `yield` in a block inlined into an iterator (`edges.each
    /// { |e| yield e }`) would push frames for both.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    unsafe fn yield_above_virtual_frames(
        &mut self,
        ctx: *mut Activation,
        at: CallAt,
        args: &[Value],
    ) -> Option<VmResult> {
        // SAFETY: the caller's contract.
        let activation = unsafe { &*ctx };
        let at = CallAt::new(at.ip(), at.inlined().map(|index| index as u32));
        if (activation.frame_id != 0 && at.inlined().is_none())
            || compiled(activation).reads_last_match
        {
            return None;
        }
        let block = activation_block(activation)?;
        if let Some(jit) = &mut self.jit {
            jit.run_stats.calls_above_virtual_frames += 1;
        }
        // SAFETY: the caller's contract.
        let depth = unsafe { self.depth_above(ctx, at.inlined()) };
        self.virtual_frames.push(crate::vm::VirtualFrames {
            below: self.frames.len(),
            depth,
            activation: ctx,
            at,
        });
        let result = self.invoke_block(&block, args);
        self.virtual_frames.pop();
        Some(result)
    }

    /// `step` when it only reads or calls the block of activation `ctx`, a
    /// native call's with no frame record: `blockproxy`, and the proxy's
    /// `call` (see [`Vm::yield_above_virtual_frames`]). None otherwise.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    unsafe fn own_block_above_virtual_frames(
        &mut self,
        ctx: *mut Activation,
        step: &Step,
        ip: usize,
        operands: &[Value],
    ) -> Option<VmResult> {
        match step {
            Step::Insn(method) if matches!(method.code.insns[ip], Insn::BlockProxy) => {
                // SAFETY: the caller's contract.
                let block = activation_block(unsafe { &*ctx });
                Some(Ok(self.block_proxy_for(block.as_ref())))
            }
            Step::Call(entry, _, false)
                if operands[0] == self.block_proxy
                    && self
                        .block_proxy_call
                        .as_ref()
                        .is_some_and(|call| Rc::ptr_eq(call, entry)) =>
            {
                // SAFETY: the caller's contract.
                unsafe {
                    self.yield_above_virtual_frames(
                        ctx,
                        CallAt::new(ip as u32, None),
                        &operands[1..],
                    )
                }
            }
            _ => None,
        }
    }

    /// What `step` calls, when that may run above virtual frames.
    fn callee_above_virtual_frames(
        &self,
        step: &Step,
        ip: usize,
        operands: &[Value],
    ) -> Option<Above> {
        let method = match step {
            // Passing a block on takes the frame it is passed from.
            Step::Call(_, _, true) => return None,
            Step::Call(entry, name, false) => {
                return self
                    .ignores_caller_frame(entry)
                    .then(|| Above::Direct(entry.clone(), *name))
            }
            Step::Insn(method) => method,
        };
        let uses = |name: bytecode::Sym| {
            let entry = self.find_method(self.class_of(operands[0]), name)?;
            self.ignores_caller_frame(&entry).then_some(entry)
        };
        match method.code.insns[ip] {
            Insn::Send(site) => {
                let site = &method.code.sites[site as usize];
                let plain = site.flags & !(call_flags::FCALL | call_flags::VCALL) == 0;
                if site.block.is_some() || !plain || operands.len() != site.argc as usize + 1 {
                    return None;
                }
                let entry = uses(site.name)?;
                // A private or protected method may need the caller's self
                // (or raise, naming the call): the send itself decides.
                let public = entry.visibility == crate::object::Visibility::Public;
                (public || site.is_fcall()).then(|| Above::Send(entry, site.name))
            }
            Insn::CheckMatch { splat: false } => uses(self.sym.case_eq).map(|_| Above::CaseEq),
            Insn::ToS if operands[0].get::<crate::object::RString>().is_some() => Some(Above::ToS),
            Insn::ToS => uses(self.sym.to_s).map(|_| Above::ToS),
            _ => None,
        }
    }

    /// Whether a method runs the same above virtual frames: anything but a
    /// core method that reads or changes its caller's frame.
    fn ignores_caller_frame(&self, entry: &MethodEntry) -> bool {
        !matches!(&entry.body, MethodBody::Native(core) if core.uses_caller_frame)
    }

    /// Calls `entry`, found for `name` on `operands[0]`, with the other
    /// operands as arguments (no block): what a plain send does once it has
    /// looked the method up.
    fn send_found(
        &mut self,
        entry: &Rc<MethodEntry>,
        name: bytecode::Sym,
        operands: &[Value],
    ) -> VmResult {
        if let MethodBody::Native(core) = &entry.body {
            return self.call_core_directly(entry, core, name, operands, None);
        }
        let kind = crate::interp::CallKind {
            kwargs: false,
            direct: true,
        };
        let receiver_index = self.stack.len();
        self.stack.extend_from_slice(operands);
        let argc = operands.len() - 1;
        let result = self.invoke_with_kwargs(entry, receiver_index, argc, name, None, kind);
        self.stack.truncate(receiver_index);
        result
    }

    /// The instruction at `ip` of `method`, with `operands`, when it has a
    /// path that skips the interpreter's loop: `yield`, a numeric operator
    /// on two numbers (frameless, as the interpreter's send runs it), a
    /// `when` test, string interpolation's `to_s`, and the literals that
    /// allocate (an Array, a Range; String literals have a helper of their
    /// own, `string_literal`).
    fn run_lean(
        &mut self,
        method: &LoadedMethod,
        ip: usize,
        operands: &[Value],
    ) -> Option<VmResult> {
        Some(match method.code.insns[ip] {
            Insn::Send(site)
                if self.numeric_op_inline(&method.sites[site as usize]) && operands.len() == 2 =>
            {
                if let Some(frame) = self.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                let op = method.sites[site as usize].op;
                match self.basic_op(op, operands[0], operands[1]) {
                    Ok(Some(result)) => Ok(result),
                    Ok(None) => return None,
                    Err(control) => Err(control),
                }
            }
            Insn::Yield { kwargs: false, .. } => self.yield_directly(ip, operands),
            Insn::NewArray(_) => Ok(self.new_array(operands.to_vec())),
            Insn::Concat(_) => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                self.concat_strings(method.code.encoding, operands)
            }
            Insn::ToS => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                self.interpolate(operands[0])
            }
            // `when pattern`: `pattern === subject`.
            Insn::CheckMatch { splat: false } => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                let case_eq = self.sym.case_eq;
                self.call(operands[0], case_eq, &[operands[1]])
                    .map(|matched| Value::bool(matched.truthy()))
            }
            Insn::NewRange { exclusive } => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                self.new_range(operands[0], operands[1], exclusive)
            }
            _ => return None,
        })
    }

    /// An instruction that needs no frame records (for a frame that has
    /// none: inlined, or a native call's): its result, or None. A numeric
    /// operator on two numbers (but a Float modulo, which may raise), a
    /// global variable, a Range of two fixnums, an Array literal,
    /// interpolation's String, the parts of an Array for a multiple
    /// assignment, and the frame's own instance variables
    /// (`receiver` tells whose; a write that raises is made again in
    /// rebuilt frames, which raise).
    fn frameless(
        &mut self,
        step: &Step,
        ip: usize,
        operands: &[Value],
        receiver: impl FnOnce() -> Option<Value>,
    ) -> Option<Value> {
        let Step::Insn(method) = step else {
            return None;
        };
        match method.code.insns[ip] {
            Insn::Send(site) => {
                let op = method.sites[site as usize].op;
                if !self.numeric_op_inline(&method.sites[site as usize]) || operands.len() != 2 {
                    return None;
                }
                let (a, b) = (operands[0], operands[1]);
                if op == crate::interp::BasicOp::Mod && !(a.is_fixnum() && b.is_fixnum()) {
                    return None;
                }
                self.basic_op(op, a, b).ok().flatten()
            }
            Insn::GetGlobal(name) => Some(self.global(name)),
            // Fixnums compare without calling anything.
            Insn::NewArrayExtremum { max, .. } if operands.iter().all(|v| v.is_fixnum()) => {
                self.array_literal_extremum(operands, max).ok()
            }
            Insn::NewRange { exclusive }
                if operands.iter().all(|v| v.is_fixnum() || v.is_nil()) =>
            {
                self.new_range(operands[0], operands[1], exclusive).ok()
            }
            Insn::NewArray(_) | Insn::Concat(_) => self.run_lean(method, ip, operands)?.ok(),
            Insn::GetIvar(site) => Some(self.get_ivar_cached(method, site as usize, receiver()?)),
            // The parts of an Array, as `Vm::destructure` lays them out.
            Insn::Destructure {
                before,
                splat: false,
                after,
            } => {
                let array = operands[0].get::<RArray>()?;
                let items = array.items();
                let parts: Vec<Value> = std::iter::repeat_n(Value::NIL, after.into())
                    .chain(
                        (0..usize::from(before))
                            .rev()
                            .map(|i| items.get(i).copied().unwrap_or(Value::NIL)),
                    )
                    .collect();
                drop(items);
                // The items stay alive in the Array, which compiled code
                // holds.
                Some(self.new_array(parts))
            }
            Insn::SetIvar(site) => {
                let object = receiver()?;
                self.set_ivar_cached(method, site as usize, object, operands[0])
                    .ok()
                    .map(|()| Value::NIL)
            }
            _ => None,
        }
    }

    /// A `yield` of compiled code at `ip` (no keyword arguments): calls
    /// the frame's block with `args`.
    fn yield_directly(&mut self, ip: usize, args: &[Value]) -> VmResult {
        let frame = self.frames.last_mut().expect("the compiled method's frame");
        frame.ip = ip as u32;
        let Some(block) = frame.block.clone() else {
            return Err(self.no_block_given());
        };
        self.invoke_block(&block, args)
    }

    /// A direct call of a core method from compiled code: the
    /// receiver and arguments are `operands`, wherever compiled code keeps
    /// them (no round trip through the value stack, no lookup).
    fn call_core_directly(
        &mut self,
        entry: &MethodEntry,
        core: &crate::core::NativeMethod,
        name: bytecode::Sym,
        operands: &[Value],
        block: Option<Rc<crate::block::Block>>,
    ) -> VmResult {
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        self.spend_step()?;
        // `Proc#call` given no block runs the Proc's block at once: its own
        // frame is hidden, and it reads nothing of it but a block and
        // keywords, which a direct call passes none of.
        let proc_call = self.proc_call.as_deref();
        if block.is_none() && proc_call.is_some_and(|core| std::ptr::eq(core, entry)) {
            let block = crate::core::proc::proc_block(operands[0]);
            let call = crate::interp::BlockCall {
                kwargs: false,
                block_arg: None,
            };
            return self.invoke_block_with(&block, &operands[1..], call);
        }
        // A pure core method of Integers and Strings runs without its
        // frame; one that fails runs again with it, to raise as MRI does.
        let argc = operands.len() - 1;
        let fits = usize::from(core.min) <= argc && core.max.is_none_or(|max| argc <= max.into());
        // (Of an Integer, Integers only: another argument is coerced.)
        let string = |v: &Value| v.get::<crate::object::RString>().is_some();
        let plain = match operands[0] {
            receiver if receiver.is_fixnum() => operands.iter().all(|v| v.is_fixnum()),
            receiver => string(&receiver) && operands.iter().all(|v| v.is_fixnum() || string(v)),
        };
        if core.pure && block.is_none() && fits && plain {
            if let Ok(result) = (core.func)(self, operands[0], &operands[1..]) {
                return Ok(result);
            }
        }
        let kind = crate::interp::CallKind {
            kwargs: false,
            direct: true,
        };
        self.call_core(entry, core, name, operands[0], &operands[1..], block, kind)
    }
}

extern "C" fn frame_block(ctx: *mut Activation) -> u64 {
    // SAFETY: compiled code passes its own ctx.
    let (_, vm) = unsafe { context(ctx) };
    let has_block = vm.frames.last().is_some_and(|f| f.block.is_some());
    if has_block {
        Value::TRUE.bits()
    } else {
        Value::NIL.bits()
    }
}

extern "C" fn frame_env(ctx: *mut Activation) -> u64 {
    // SAFETY: compiled code passes its own ctx.
    let (_, vm) = unsafe { context(ctx) };
    vm.frames.last().map_or(Value::NIL, |f| f.env).bits()
}

extern "C" fn new_env(ctx: *mut Activation, method: u64, parent: u64) -> u64 {
    // SAFETY: compiled code passes its own ctx.
    let (_, vm) = unsafe { context(ctx) };
    let code = vm.methods[method as usize].code.clone();
    vm.new_env(&code, Value::from_bits(parent)).bits()
}

extern "C" fn new_object(_ctx: *mut Activation, class: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    vm.new_object(Value::from_bits(class)).bits()
}

extern "C" fn string_char_at(_ctx: *mut Activation, string: u64, index: i64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs. Taking a character only
    // allocates.
    let vm = unsafe { running_vm() };
    crate::core::string::char_at(vm, Value::from_bits(string), index).bits()
}

extern "C" fn string_literal(_ctx: *mut Activation, method: u64, index: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs. A literal only allocates.
    let vm = unsafe { running_vm() };
    let code = &vm.methods[method as usize].code;
    let bytecode::Literal::String(bytes) = &code.literals[index as usize] else {
        unreachable!("only String literals are pushed by compiled code")
    };
    let encoding = code.literal_encoding(index as usize);
    let bytes = crate::object::StringBytes::from_slice(bytes);
    let string = vm.new_string_of(bytes);
    if encoding != bytecode::SourceEncoding::Utf8 {
        crate::core::string::string_of(string).set_encoding(encoding.into());
    }
    string.bits()
}

extern "C" fn load_env(env: u64, hops: u64, slot: u64) -> u64 {
    let env = Vm::env_at(Value::from_bits(env), hops as u8);
    env.slots.borrow()[slot as usize].bits()
}

extern "C" fn store_env(env: u64, hops: u64, slot: u64, value: u64) {
    let env = Vm::env_at(Value::from_bits(env), hops as u8);
    env.slots.borrow_mut()[slot as usize] = Value::from_bits(value);
}

extern "C" fn string_eq(_ctx: *mut Activation, string: u64, value: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs; comparing needs no frame.
    let vm = unsafe { running_vm() };
    let (string, value) = (Value::from_bits(string), Value::from_bits(value));
    match crate::core::string::string_equal(vm, string, value) {
        Some(equal) => u64::from(equal),
        // `value` converts itself: the interpreter asks it.
        None => 2,
    }
}

extern "C" fn load_ivar(object: u64, slot: u64) -> u64 {
    let object = Value::from_bits(object)
        .get::<RObject>()
        .expect("a shape guard checked the object");
    object.slot(slot as usize).bits()
}

extern "C" fn store_ivar(
    _ctx: *mut Activation,
    object: u64,
    slot: u64,
    value: u64,
    shape: u64,
) -> u64 {
    let object = Value::from_bits(object)
        .get::<RObject>()
        .expect("a shape guard checked the object");
    if object.header.is_frozen() {
        return 1;
    }
    let value = Value::from_bits(value);
    if shape == u64::MAX {
        object.set_slot(slot as usize, value);
    } else {
        object.push_slot(value);
        object.shape.set(crate::shape::ShapeId(shape as u32));
    }
    0
}

extern "C" fn array_get(array: u64, index: i64) -> u64 {
    let items = Value::from_bits(array)
        .get::<RArray>()
        .expect("a kind guard checked the Array")
        .items();
    let at = if index < 0 {
        index.checked_add(items.len() as i64)
    } else {
        Some(index)
    };
    at.and_then(|at| items.get(usize::try_from(at).ok()?))
        .map_or(Value::NIL, |v| *v)
        .bits()
}

extern "C" fn array_push(array: u64, value: u64) -> u64 {
    let array = Value::from_bits(array)
        .get::<RArray>()
        .expect("a kind guard checked the Array");
    if array.header.is_frozen() {
        return 1;
    }
    array.items_mut().push(Value::from_bits(value));
    0
}

extern "C" fn string_compare(a: u64, b: u64) -> i64 {
    let string = |bits: u64| {
        Value::from_bits(bits)
            .get::<crate::object::RString>()
            .expect("kind guards checked the Strings")
    };
    crate::core::string::string_order(string(a), string(b)) as i64
}

extern "C" fn string_length(string: u64) -> i64 {
    let string = Value::from_bits(string)
        .get::<crate::object::RString>()
        .expect("a kind guard checked the String");
    string.char_len() as i64
}

extern "C" fn kind_of(_ctx: *mut Activation, value: u64, module: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs; the VM outlives it (the
    // test reads classes only: no frame is needed).
    let vm = unsafe { running_vm() };
    u64::from(vm.is_kind_of(Value::from_bits(value), Value::from_bits(module)))
}

/// The double of a Float. `unbox_float` floats: the scheduler may run it
/// ahead of the branch that tells Floats from other kinds (hoisted to
/// where both ways need its input), on a value that is not one. Its result
/// is then unused; NaN stands in.
extern "C" fn unbox_float(value: u64) -> u64 {
    if abi::is_flonum(value) {
        return abi::flonum_value(value).to_bits();
    }
    match Value::from_bits(value).get::<RFloat>() {
        Some(float) => float.value.to_bits(),
        None => f64::NAN.to_bits(),
    }
}

extern "C" fn box_float(_ctx: *mut Activation, bits: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    vm.new_float(f64::from_bits(bits)).bits()
}

/// A site's stub gave up: rebuilds the interpreter's frame from the site's
/// map and finishes the method in the interpreter.
extern "C" fn deoptimise(
    ctx: *mut Activation,
    handle: u64,
    site: u64,
    fp: *const u64,
    sp: *const u64,
) -> u64 {
    // SAFETY: compiled code passes its own ctx.
    let (activation, vm) = unsafe { context(ctx) };
    let compiled = compiled(activation);
    debug_assert_eq!(compiled.handle as u64, handle);
    let site = site as usize;
    let site_map = &compiled.code.site_maps[site];
    let map = compiled.code.maps.get(site_map.map);
    if site_map.transfer && vm.passes_through(map) {
        // Nothing in these frames takes the transfer: the compiled method
        // leaves with it, as its frames would have.
        return abi::UNDEF;
    }
    // SAFETY: the stub passed its frame and stack pointers; the values it
    // names stay on the machine stack (seen by the collector) meanwhile.
    let (frames, returned) = unsafe { site_map.read(map, fp, sp, &mut |d| vm.new_float(d).bits()) };
    vm.count_deopt(compiled, site);
    if vm.jit.as_ref().is_some_and(|jit| jit.options.trace_deopt) {
        vm.trace_deopt(compiled, site, &frames, returned, site_map.after_call);
    }
    // The compiled method's own frame is the interpreter frame it runs in:
    // its values go back to its stack slots.
    activation.assert_materialised("deoptimise");
    let base = activation.base as usize;
    let method = compiled.method.clone();
    vm.stack.truncate(base);
    vm.lay_out_frame(&method, &frames[0]);
    if let Some(frame) = vm.frames.last() {
        let receiver = Value::from_bits(frames[0].receiver);
        vm.check_rebuilt_receiver(&method, frame.owner, receiver, "deoptimise");
    }
    let verify = vm.jit.as_ref().is_some_and(|jit| jit.options.verify_deopt);
    if verify && frames.len() == 1 && !site_map.after_call && !site_map.transfer {
        vm.check_rebuilt_frame(compiled, site, &method, &frames[0]);
    }
    let resume = Resume {
        after_call: site_map.after_call,
        returned: returned.map(Value::from_bits),
        transfer: site_map.transfer.then(|| {
            vm.compiled_pending
                .take()
                .expect("a transfer site runs with a transfer pending")
        }),
    };
    vm.deopt_resumes += 1;
    let result = vm.resume_frames(&method, base, &frames, resume, 0);
    vm.deopt_resumes -= 1;
    vm.result_for_compiled(result)
}

/// A `return` or `break` that ends one of the inlined frames rebuilt for a
/// call (`ids`, outermost first) names it by its depth below the compiled
/// method's frame (as `u64::MAX - depth`): the frames are gone when the
/// compiled code hands the transfer over, and the interpreter takes it in
/// the frames a transfer site rebuilds ([`Vm::resume_frames`]).
fn retarget_to_depth(control: Control, ids: &[u64]) -> Control {
    let depth_of = |target: u64| {
        ids.iter()
            .position(|&id| id == target)
            .map(|at| u64::MAX - (at as u64 + 1))
    };
    match control {
        Control::Return { target, value } => Control::Return {
            target: depth_of(target).unwrap_or(target),
            value,
        },
        Control::Break { target, value } => Control::Break {
            target: depth_of(target).unwrap_or(target),
            value,
        },
        other => other,
    }
}

/// The frame id a transfer retargeted by [`retarget_to_depth`] names,
/// among `frames` (the compiled method's frame record and the inlined ones
/// rebuilt above it).
fn retarget_to_frame(control: Control, frames: &[crate::vm::FrameRecord]) -> Control {
    let frame_of = |target: u64| {
        let depth = u64::MAX - target;
        (depth as usize) < frames.len() && depth > 0
    };
    match control {
        Control::Return { target, value } if frame_of(target) => Control::Return {
            target: frames[(u64::MAX - target) as usize].id,
            value,
        },
        Control::Break { target, value } if frame_of(target) => Control::Break {
            target: frames[(u64::MAX - target) as usize].id,
            value,
        },
        other => other,
    }
}

impl Vm {
    /// Whether the pending transfer a transfer site hands over would leave
    /// all the frames of `map` untouched: an exception or a `throw` (a
    /// `break` or `return` may end one of them) that no frame has a
    /// handler for around its call.
    fn passes_through(&self, map: &deopt::DeoptMap) -> bool {
        let control = self
            .compiled_pending
            .as_ref()
            .expect("a transfer site runs with a transfer pending");
        let is_exception = match control {
            Control::Raise(_) => true,
            Control::Throw { .. } => false,
            Control::Return { .. } | Control::Break { .. } => return false,
        };
        map.frames.iter().all(|frame| {
            let code = &self.methods[frame.method as usize].code;
            code.handler_at(frame.ip as usize, is_exception).is_none()
        })
    }
}

/// What the frame record of a rebuilt inlined frame takes from its map.
struct Rebuilt {
    receiver: Value,
    /// The index it is at (of a call it is suspended in).
    ip: u32,
    /// Its own environment, when blocks capture its locals.
    env: Option<Value>,
}

/// How the innermost rebuilt frame continues.
struct Resume {
    /// After the call at its index (a poll after a call)...
    after_call: bool,
    /// ...with what the call returned pushed.
    returned: Option<Value>,
    /// Or with the transfer the call at its index made (a transfer site),
    /// which the frame's handlers take.
    transfer: Option<Control>,
}

impl Vm {
    /// Debug builds check each method frame the JIT's runtime builds for
    /// the interpreter (materialising a native call, rebuilding an inlined
    /// frame, deoptimising) against what the interpreter would have made:
    /// its receiver is an instance of the class or module that owns the
    /// method. A frame laid out from the wrong words (the class where the
    /// object allocated for `Foo.new` belonged) fails here, where it is
    /// built, instead of running on and printing a wrong value.
    fn check_rebuilt_receiver(
        &self,
        method: &LoadedMethod,
        owner: Value,
        receiver: Value,
        what: &str,
    ) {
        if cfg!(debug_assertions)
            && method.code.kind == bytecode::MethodKind::Method
            && !owner.is_nil()
            && !self.is_kind_of(receiver, owner)
        {
            panic!(
                "{what}: a frame of `{}` (owned by {}) built with a receiver of {}",
                self.symbols.name(method.code.name),
                self.class_name(owner),
                self.class_name(self.class_of(receiver)),
            );
        }
    }

    /// `--jit-verify-deopt`: checks the frame deoptimisation at `site`
    /// rebuilt (laid out on the value stack, where it stays rooted while
    /// the check allocates) against a re-run in the interpreter (see
    /// [`crate::compiled::verify_deopt`]); a frame the interpreter cannot be
    /// in aborts with both.
    fn check_rebuilt_frame(
        &mut self,
        compiled: &CompiledMethod,
        site: usize,
        method: &Rc<LoadedMethod>,
        frame: &deopt::FrameValues,
    ) {
        use crate::compiled::verify_deopt::Verdict;
        let verdict = self.verify_rebuilt_frame(method, frame);
        let Some(jit) = &mut self.jit else { return };
        match verdict {
            Verdict::Same => jit.run_stats.verified_deopts += 1,
            Verdict::Unverifiable(_) => jit.run_stats.unverifiable_deopts += 1,
            Verdict::Differs(difference) => panic!(
                "deoptimise: the frame rebuilt for `{}` at {} (resuming at instruction {}) is not one the interpreter reaches: {difference}",
                self.symbols.name(method.code.name),
                self.site_name(compiled, site),
                frame.ip,
            ),
        }
    }

    /// Pushes a frame's receiver, arguments, locals and operands.
    fn lay_out_frame(&mut self, method: &LoadedMethod, frame: &deopt::FrameValues) {
        self.stack.push(Value::from_bits(frame.receiver));
        self.stack
            .extend(frame.args.iter().map(|&bits| Value::from_bits(bits)));
        let locals = self.stack.len();
        self.stack
            .resize(locals + method.code.locals.len(), Value::NIL);
        for &(slot, bits) in &frame.locals {
            self.stack[locals + slot as usize] = Value::from_bits(bits);
        }
        self.stack
            .extend(frame.stack.iter().map(|&bits| Value::from_bits(bits)));
    }

    /// Runs `frames[0]` (laid out at `base`, its frame record pushed) to
    /// its end. When code inlined into it deoptimised, `frames[1..]` are
    /// the inlined calls it was suspended in: they are rebuilt and run
    /// first, innermost first, each result pushed on its caller's stack.
    fn resume_frames(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        frames: &[deopt::FrameValues],
        resume: Resume,
        depth: usize,
    ) -> VmResult {
        let frame = &frames[0];
        let argc = frame.args.len();
        let ip = frame.ip as usize;
        // Handlers are found by the index of the call that transferred.
        self.frames.last_mut().expect("the frame").ip = ip as u32;
        let start = if frames.len() > 1 {
            // A transfer out of the inlined call goes to this frame's
            // handlers, as it would from a call the interpreter made; a
            // `break` from the block this frame passed ends the call.
            let id = self.frames.last().expect("the frame").id;
            let callee = self.methods[frames[1].method as usize].clone();
            match self.resume_inlined(&callee, &frames[1..], resume, base, depth + 1) {
                Ok(result) => Ok(result),
                Err(Control::Break { target, value }) if target == id => Ok(value),
                Err(control) => Err(control),
            }
            .map(|result| {
                self.stack.push(result);
                ip + 1
            })
        } else if let Some(control) = resume.transfer {
            // The innermost frame is `depth` frames above the compiled
            // method's own.
            let root = self.frames.len() - 1 - depth;
            Err(retarget_to_frame(control, &self.frames[root..]))
        } else if resume.after_call {
            if let Some(value) = resume.returned {
                self.stack.push(value);
            }
            Ok(ip + 1)
        } else {
            Ok(ip)
        };
        self.execute_from(method, base, argc, start)
    }

    /// Rebuilds the frame of an inlined call (as `invoke` or a `yield`
    /// would have made it; its caller's frame is on top, laid out at
    /// `caller_base`) and runs it to its end.
    fn resume_inlined(
        &mut self,
        method: &Rc<LoadedMethod>,
        frames: &[deopt::FrameValues],
        resume: Resume,
        caller_base: usize,
        depth: usize,
    ) -> VmResult {
        let frame = &frames[0];
        let rebuilt = Rebuilt {
            receiver: Value::from_bits(frame.receiver),
            ip: frame.ip,
            env: frame.env.map(Value::from_bits),
        };
        let id = self.push_rebuilt_frame(method, rebuilt, caller_base)?;
        let base = self.stack.len();
        self.lay_out_frame(method, &frames[0]);
        let result = self.resume_frames(method, base, frames, resume, depth);
        self.pop_frame();
        self.stack.truncate(base);
        match result {
            Err(Control::Return { target, value }) if target == id => Ok(value),
            other => other,
        }
    }

    /// Runs `step` at `ip`, a call in inlined code, in the frames it would
    /// have run in: the inlined ones (the frames of `call`'s map after the
    /// compiled method's own, whose frame is laid out at `root_base`; read
    /// from `words`, what the call passed, the innermost holding the
    /// `count` operands on its stack) are pushed for the call, then popped.
    #[allow(clippy::too_many_arguments)]
    fn run_in_inlined_frames(
        &mut self,
        step: &Step,
        ip: usize,
        count: usize,
        compiled: &CompiledMethod,
        call: &jit::backend::lir::CallFrames,
        words: &[u64],
        root_base: usize,
    ) -> VmResult<Option<Value>> {
        let (pushed, base) = self.push_inlined_frames(compiled, call, words, count, root_base);
        let map = compiled.code.maps.get(call.map);
        let result = if pushed.len() == map.frames.len() - 1 {
            let argc = map.frames.last().expect("an inlined frame").args.len();
            let operand_base = self.stack.len() - count;
            self.step(step, base, argc, ip, operand_base)
        } else {
            Err(self.stack_overflow())
        };
        for _ in &pushed {
            self.pop_frame();
        }
        result.map_err(|control| retarget_to_depth(control, &pushed))
    }

    /// Pushes the inlined frames of a call in inlined code (the frames of
    /// `call`'s map after the compiled method's own, whose frame is laid
    /// out at `root_base`), with their values read from `words`; returns
    /// their ids, outermost first (fewer than the map's when the stack
    /// ran out), and where the innermost is laid out.
    ///
    /// The innermost frame's stack ends with the call's `count` operands,
    /// the first words: what the call passes, which is not always what
    /// the map names there. A constructor's `initialize` (in `Foo.new`)
    /// is called on the object compiled code allocated, while the map,
    /// the state of the `new` send a deoptimisation resumes after, holds
    /// the class there.
    fn push_inlined_frames(
        &mut self,
        compiled: &CompiledMethod,
        call: &jit::backend::lir::CallFrames,
        words: &[u64],
        count: usize,
        root_base: usize,
    ) -> (smallvec::SmallVec<[u64; 4]>, usize) {
        let map = compiled.code.maps.get(call.map);
        let root = &map.frames[0];
        self.frames
            .last_mut()
            .expect("the compiled method's frame")
            .ip = root.ip;
        // The compiled method's own frame is the one it runs in; `call`
        // has the values of the others.
        let mut at = 0;
        // A Float boxed here may collect: the words stay on the machine
        // stack, and the frames laid out so far are on the value stack.
        let mut next = |vm: &mut Vm| {
            let (word, repr) = call.source(words, at);
            let value = repr.to_value(word, &mut |d| vm.new_float(d).bits());
            at += 1;
            Value::from_bits(value)
        };
        let mut pushed = smallvec::SmallVec::new();
        let mut caller_base = root_base;
        for frame in &map.frames[1..] {
            let code = self.methods[frame.method as usize].clone();
            let base = self.stack.len();
            let receiver = next(self);
            self.stack.push(receiver);
            for _ in &frame.args {
                let arg = next(self);
                self.stack.push(arg);
            }
            let env = frame.env.map(|_| next(self));
            let rebuilt = Rebuilt {
                receiver,
                ip: frame.ip,
                env,
            };
            match self.push_rebuilt_frame(&code, rebuilt, caller_base) {
                Ok(id) => pushed.push(id),
                Err(_) => break,
            }
            let locals = self.stack.len();
            self.stack
                .resize(locals + code.code.locals.len(), Value::NIL);
            for &(slot, _) in &frame.locals {
                let local = next(self);
                self.stack[locals + slot as usize] = local;
            }
            for _ in &frame.stack {
                let operand = next(self);
                self.stack.push(operand);
            }
            caller_base = base;
        }
        if pushed.len() == map.frames.len() - 1 {
            let operands = self.stack.len() - count;
            for (slot, &word) in self.stack[operands..].iter_mut().zip(&words[..count]) {
                *slot = Value::from_bits(word);
            }
        }
        if let Some(jit) = &mut self.jit {
            jit.run_stats.rebuilt_frames += pushed.len() as u64;
        }
        (pushed, caller_base)
    }

    /// Pushes the frame record of an inlined frame of `method` (with
    /// `values`' receiver, index and environment) on top of its caller's,
    /// laid out at `caller_base`, as the interpreter would have made it;
    /// returns its id.
    ///
    /// The block it was given is made again: an inlined method's is the
    /// literal block its caller's call passes (the caller's `sending_block`
    /// then names it, for `break`); an inlined block is the one its caller
    /// (the method yielding to it) was given.
    fn push_rebuilt_frame(
        &mut self,
        method: &Rc<LoadedMethod>,
        values: Rebuilt,
        caller_base: usize,
    ) -> VmResult<u64> {
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        let caller = self.frames.len() - 1;
        let Rebuilt { receiver, ip, env } = values;
        let mut record = if method.code.kind == bytecode::MethodKind::Block {
            let block = self.frames[caller]
                .block
                .clone()
                .expect("an inlined block's caller yields to it");
            let (mut record, _) = self.block_frame(&block, method, None);
            record.env = env.unwrap_or(block.env);
            record
        } else {
            let crate::vm::FrameCode::Bytecode(caller_code) = &self.frames[caller].code else {
                unreachable!("inlined frames are called from bytecode")
            };
            let caller_code = caller_code.clone();
            let call = caller_code.code.insns[self.frames[caller].ip as usize];
            let literal = match call {
                Insn::Send(site) => caller_code.code.sites[site as usize].block,
                _ => None,
            };
            let block = literal.map(|child| {
                let block = self.literal_block(&caller_code, child, caller, caller_base);
                self.frames[caller].sending_block = block.id;
                Rc::new(block)
            });
            let defined_in = if method.defined_twice.get() {
                None
            } else {
                method.defined_in.borrow().clone()
            };
            let (cref, owner) = match defined_in {
                Some(known) => known,
                None => self.inlined_frame_scope(method, receiver),
            };
            self.check_rebuilt_receiver(method, owner, receiver, "an inlined frame rebuilt");
            let id = self.new_frame_id();
            let mut record = crate::vm::FrameRecord::new(
                crate::vm::FrameCode::Bytecode(method.clone()),
                cref,
                owner,
                id,
            );
            record.block = block;
            record.env = env.unwrap_or(Value::NIL);
            record
        };
        record.ip = ip;
        let id = record.id;
        self.frames.push(record);
        Ok(id)
    }

    /// The scope and owner of a frame of `method` called on `receiver`:
    /// those of the method entry the receiver's lookup finds, if it is
    /// still `method`.
    fn inlined_frame_scope(
        &self,
        method: &Rc<LoadedMethod>,
        receiver: Value,
    ) -> (Rc<crate::vm::Cref>, Value) {
        let class = self.class_of(receiver);
        match self.find_method(class, method.code.name) {
            Some(entry) if matches!(&entry.body, crate::object::MethodBody::Bytecode(m) if Rc::ptr_eq(m, method)) => {
                (
                    entry.cref.clone().unwrap_or_else(|| self.top_cref()),
                    entry.owner,
                )
            }
            _ => method
                .defined_in
                .borrow()
                .clone()
                .unwrap_or_else(|| (self.top_cref(), self.c.object)),
        }
    }

    /// Counts a deoptimisation; a real guard failure (not one
    /// `--jit-stress-deopt` made) that keeps happening makes the method
    /// compile again without that speculation.
    fn count_deopt(&mut self, compiled: &CompiledMethod, site: usize) {
        let info = &compiled.code.sites[site];
        if info.reason == SiteReason::Transfer {
            if let Some(jit) = &mut self.jit {
                jit.run_stats.transfers += 1;
            }
            return;
        }
        let stressed = self
            .jit
            .as_ref()
            .is_some_and(|jit| jit.stress_countdown.as_ref().is_some_and(|c| c.get() == 0));
        // Only real guard failures are named (stress mode deoptimises often).
        let real = info.reason != SiteReason::Invalidated && !stressed;
        let name = real.then(|| self.site_name(compiled, site));
        let Some(jit) = &mut self.jit else {
            return;
        };
        jit.run_stats.deopts += 1;
        if stressed {
            jit.rearm_stress();
            return;
        }
        let Some(name) = name else {
            return;
        };
        *jit.run_stats.guard_failures.entry(name).or_default() += 1;
        let failures = &compiled.failures[site];
        failures.set(failures.get() + 1);
        if failures.get() < MAX_GUARD_FAILURES {
            return;
        }
        // Compile again, without this speculation.
        if let Some(origin) = info.origin {
            if info.reason == SiteReason::Guard(GuardReason::Bounds) {
                jit.failed_bounds.insert(origin);
            } else {
                jit.failed_speculations.insert(origin);
            }
        }
        if compiled.retire() {
            jit.run_stats.recompilations += 1;
        }
    }

    /// `method@ip reason` for a site.
    fn site_name(&self, compiled: &CompiledMethod, site: usize) -> String {
        let info = &compiled.code.sites[site];
        let reason = &info.reason_name;
        let name = self.symbols.name(compiled.method.code.name);
        match info.origin {
            Some((_, ip)) => format!("{name}@{ip} {reason}"),
            None => format!("{name} {reason}"),
        }
    }

    /// The `--trace-deopt` lines: the site, then each rebuilt frame,
    /// outermost first.
    fn trace_deopt(
        &mut self,
        compiled: &CompiledMethod,
        site: usize,
        frames: &[deopt::FrameValues],
        returned: Option<u64>,
        after_call: bool,
    ) {
        let show = |vm: &Vm, bits: u64| vm.trace_value(Value::from_bits(bits));
        let reason = &compiled.code.sites[site].reason_name;
        let transfer = compiled.code.site_maps[site].transfer;
        let mut out = format!(
            "deopt {} ({reason})\n",
            self.symbols.name(compiled.method.code.name)
        );
        for (depth, frame) in frames.iter().enumerate() {
            let method = &self.methods[frame.method as usize];
            let innermost = depth + 1 == frames.len();
            let args: Vec<String> = frame.args.iter().map(|&b| show(self, b)).collect();
            let locals: Vec<String> = frame
                .locals
                .iter()
                .map(|&(slot, b)| {
                    let name = method.code.locals.get(slot as usize).map_or_else(
                        || format!("#{slot}"),
                        |&sym| self.symbols.name(sym).to_string(),
                    );
                    format!("{name}: {}", show(self, b))
                })
                .collect();
            let mut stack: Vec<String> = frame.stack.iter().map(|&b| show(self, b)).collect();
            let resume = if !innermost {
                format!("after call at {}", frame.ip)
            } else if transfer {
                format!("the handlers of the transfer at {}", frame.ip)
            } else if after_call {
                if let Some(value) = returned {
                    stack.push(show(self, value));
                }
                format!("after call at {}", frame.ip)
            } else {
                frame.ip.to_string()
            };
            out.push_str(&format!(
                "  {} resume at {resume}: self={} args=[{}] locals={{{}}} stack=[{}]\n",
                self.symbols.name(method.code.name),
                show(self, frame.receiver),
                args.join(", "),
                locals.join(", "),
                stack.join(", "),
            ));
        }
        crate::output::write_stderr(&mut self.out, &out);
    }

    /// A value for traces, without running Ruby code: immediates and
    /// Strings as `inspect` shows them, other objects by class.
    fn trace_value(&self, value: Value) -> String {
        if let Some(n) = value.as_fixnum() {
            return n.to_string();
        }
        if value == Value::NIL {
            return "nil".into();
        }
        if value == Value::TRUE {
            return "true".into();
        }
        if value == Value::FALSE {
            return "false".into();
        }
        if value.is_flonum() {
            return format!("{:?}", value.flonum_value());
        }
        if abi::is_symbol(value.bits()) {
            return format!(
                ":{}",
                self.symbols.name(bytecode::Sym((value.bits() >> 8) as u32))
            );
        }
        if value == self.main {
            return "main".into();
        }
        if let Some(big) = value.get::<crate::object::RBignum>() {
            return big.value.to_string();
        }
        if let Some(float) = value.get::<RFloat>() {
            return format!("{:?}", float.value);
        }
        if let Some(string) = value.get::<crate::object::RString>() {
            return format!("{:?}", String::from_utf8_lossy(&string.bytes()));
        }
        format!("#<{}>", self.class_name(self.class_of(value)))
    }
}
