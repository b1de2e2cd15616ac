//! The helpers compiled code calls (`jit::runtime::Helpers` is the table
//! the code generator gets, typed).
//!
//! An instruction the compiled code leaves to the runtime (`run_insn`)
//! runs in the method's frame exactly as the interpreter would run it. The
//! commonest ones skip the interpreter's loop: a send bound to a core
//! method calls its Rust function with the operands where compiled code
//! stored them (pushing the method's frame as `invoke` would), and a
//! `yield` calls the frame's block. Everything else runs as one step of the
//! interpreter:
//!
//! ```text
//! send fetch(1) @Array -> call_core_directly: frame for `fetch`, fetch(recv, [arg])
//! yield(1)             -> yield_directly: invoke_block(frame.block, [arg])
//! getconst Foo         -> run_one: the interpreter's loop, for one instruction
//! ```
//!
//! The small helpers below them (`load_env`, `array_get`, `box_float`...)
//! are the operations the back end calls out for instead of inlining.

use super::deoptimise::deoptimise;
use super::entry::{compiled, context, operand_base, running_vm, stored_values, Activation};
use super::virtual_frames::innermost_receiver;
use crate::method::LoadedMethod;
use crate::object::{MethodBody, MethodEntry, RArray, RFloat, RObject};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use bytecode::{abi, Insn};
use jit::runtime::{CallAt, Helpers};
use std::rc::Rc;

/// The helpers, for the code generator.
pub fn table() -> Helpers {
    Helpers {
        run_insn,
        call_core: super::core_calls::call_core,
        call_with_literal_block: super::call_blocks::call_with_literal_block,
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
        new_range,
        concat_strings,
        interpolate,
        set_global,
        raise_again,
        new_object,
        array_push,
        string_compare,
        string_length,
        kind_of,
        array_get,
        string_eq,
        case_target,
        store_env,
        store_ivar,
        load_ivar_named,
        store_ivar_named,
        global_get,
        array_new,
        unbox_float,
        box_float,
        leave_block,
        call_block: super::call_blocks::call_block,
        release_block: super::call_blocks::release_block,
        catch_raise,
    }
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
    // SAFETY: compiled code passes its own ctx, live while it runs.
    let compiled = compiled(unsafe { &*ctx });
    let step = if at.is_direct() {
        let target = &compiled.direct_calls[method as usize];
        Step::Call(
            target.entry.clone(),
            Passing::forwarding(target.forwards_block),
        )
    } else {
        Step::Insn(vm.methods[method as usize].clone())
    };
    if let Some(jit) = vm.jit_state_mut().filter(|jit| jit.options.count_steps) {
        jit.run_stats.count_run_insn(&step, at.ip() as usize);
    }
    run_step(ctx, &step, at, count, values)
}

/// Runs `step` for compiled code at `at` as [`run_insn`] does, with the
/// `count` operands stored at `values` (then, in inlined code, the values
/// of the frames around it).
pub(super) fn run_step(
    ctx: *mut Activation,
    step: &Step,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls the helpers while it runs.
    let vm = unsafe { running_vm() };
    // SAFETY: compiled code passes its own ctx, live while it runs.
    let compiled = compiled(unsafe { &*ctx });
    let ip = at.ip() as usize;
    let inlined = at.inlined();
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
        if let Some(result) = vm.frameless(step, ip, operands, receiver) {
            return result.bits();
        }
        if inlined.is_none() {
            // SAFETY: compiled code passes its own ctx.
            let own = unsafe { vm.own_block_above_virtual_frames(ctx, step, ip, operands) };
            if let Some(result) = own {
                return vm.result_for_compiled(result);
            }
        }
        let extra = inlined.map_or(0, |frames| compiled.code.call_frames[frames].extra as usize);
        // SAFETY: compiled code passes the operands, then the call's extra
        // words; `ctx` and the records it links to are live.
        let words = unsafe { std::slice::from_raw_parts(values, count + extra) };
        // SAFETY: as above.
        let above = unsafe { vm.run_above_virtual_frames(ctx, step, at, words, operands) };
        if let Some(result) = above {
            return vm.result_for_compiled(result);
        }
    }
    // SAFETY: compiled code passes its own ctx.
    let (activation, vm) = unsafe { context(ctx) };
    let operand_base = operand_base(activation);
    vm.context.stack.truncate(operand_base);
    let result = if let Some(frames) = inlined {
        let call = &compiled.code.call_frames[frames];
        // SAFETY: compiled code passes the operands, then the call's extra
        // words.
        let words = unsafe { std::slice::from_raw_parts(values, count + call.extra as usize) };
        let root_base = activation.base as usize;
        let result = vm.run_in_inlined_frames(step, ip, count, compiled, call, words, root_base);
        vm.context.stack.truncate(operand_base);
        result
    } else {
        // Lean paths: a core method's function, the frame's block, or an
        // allocation gets the operands where compiled code stored them.
        let lean = match step {
            Step::Call(entry, passing @ (Passing::Nothing | Passing::OwnBlock)) => {
                match &entry.body {
                    MethodBody::Native(core) => {
                        vm.set_ip(ip);
                        let block = vm.forwarded_block(*passing == Passing::OwnBlock);
                        Some(vm.call_core_directly(entry, core, operands, block))
                    }
                    _ => None,
                }
            }
            // The send makes its literal block in the frame (below).
            Step::Call(_, Passing::Literal(_)) => None,
            Step::Insn(method) => vm.run_lean(method, ip, operands),
        };
        if let Some(result) = lean {
            return vm.result_for_compiled(result);
        }
        vm.context.stack.extend_from_slice(operands);
        let (base, argc) = (activation.base as usize, activation.argc as usize);
        vm.step(step, base, argc, ip, operand_base)
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
    if let Some(result) = unsafe { vm.yield_to_virtual_block(ctx, at, args) } {
        return vm.result_for_compiled(result);
    }
    // SAFETY: as above.
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

extern "C" fn new_range(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // the two ends at `values` (in its frame, where a collection finds
    // them).
    let (vm, ends) = unsafe { (running_vm(), stored_values(values, count)) };
    let Insn::NewRange { exclusive } = vm.methods[method as usize].code.insns[at.ip() as usize]
    else {
        unreachable!("new_range runs Range literals")
    };
    if !ends.iter().all(|end| end.is_fixnum() || end.is_nil()) {
        // Others are compared first, which may call Ruby code or raise:
        // the runtime runs it in the right frame.
        return run_insn(ctx, method, at, count, values);
    }
    let range = vm.new_range(ends[0], ends[1], exclusive);
    vm.result_for_compiled(range)
}

/// The longest Array [`array_new`] makes itself (a longer one may meet the
/// memory budget: the runtime's path raises NoMemoryError in the right
/// frame).
const ARRAY_NEW_LIMIT: i64 = 1 << 16;

extern "C" fn array_new(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // the class and the arguments at `values` (in its frame, where a
    // collection finds them).
    let (vm, operands) = unsafe { (running_vm(), stored_values(values, count)) };
    let size = operands.get(1).map_or(Some(0), |size| size.as_fixnum());
    match size {
        Some(size) if (0..=ARRAY_NEW_LIMIT).contains(&size) && count <= 3 => {
            let fill = operands.get(2).copied().unwrap_or(Value::NIL);
            vm.new_array(vec![fill; size as usize]).bits()
        }
        // A negative or huge size, an Array to copy, an object with
        // `to_int`: the runtime's `new`.
        _ => run_insn(ctx, method, at, count, values),
    }
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

extern "C" fn interpolate(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // the value at `values`.
    let (vm, operands) = unsafe { (running_vm(), stored_values(values, count)) };
    match vm.interpolate_core(operands[0]) {
        Some(string) => string.bits(),
        None => run_insn(ctx, method, at, count, values),
    }
}

extern "C" fn set_global(
    ctx: *mut Activation,
    method: u64,
    at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // the value at `values`.
    let (vm, operands) = unsafe { (running_vm(), stored_values(values, count)) };
    let Insn::SetGlobal(name) = vm.methods[method as usize].code.insns[at.ip() as usize] else {
        unreachable!("set_global runs a setglobal")
    };
    match vm.set_global(name, operands[0]) {
        Ok(()) => Value::NIL.bits(),
        // Raised again where the frames are known.
        Err(_) => run_insn(ctx, method, at, count, values),
    }
}

extern "C" fn raise_again(
    _ctx: *mut Activation,
    _method: u64,
    _at: CallAt,
    count: u64,
    values: *const u64,
) -> u64 {
    // SAFETY: compiled code calls this helper while it runs, and stored
    // the exception at `values`.
    let (vm, operands) = unsafe { (running_vm(), stored_values(values, count)) };
    vm.result_for_compiled(Err(Control::Raise(operands[0])))
}

extern "C" fn leave_block(ctx: *mut Activation, leave: i64, ip: u64, value: u64) -> u64 {
    // SAFETY: compiled code passes its own ctx.
    let (_, vm) = unsafe { context(ctx) };
    let frame = vm.context.frames.len() - 1;
    vm.context.frames[frame].ip = ip as u32;
    let value = Value::from_bits(value);
    let result = if leave == jit::runtime::LEAVE_BREAK {
        vm.break_block(frame, value)
    } else {
        vm.return_from_block(frame, value)
    };
    vm.result_for_compiled(result)
}

/// What `run_insn` runs.
pub(super) enum Step {
    /// The instruction at the index, of this method.
    Insn(Rc<LoadedMethod>),
    /// A send bound to this method (the receiver's kind was guarded):
    /// called directly, without the send's lookup, passing the block the
    /// send passes.
    Call(Rc<MethodEntry>, Passing),
}

/// The block a direct call ([`Step::Call`]) passes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Passing {
    Nothing,
    /// The block of the frame making the call (`f(&block)`, `super`).
    OwnBlock,
    /// The send's literal block, this child of the sending frame's code.
    Literal(u32),
}

impl Passing {
    pub(super) fn forwarding(forwards: bool) -> Passing {
        if forwards {
            Passing::OwnBlock
        } else {
            Passing::Nothing
        }
    }
}

impl Vm {
    /// Runs `step` at `ip` in the frame at `base`, its operands on the stack
    /// from `operand_base`; returns what it pushed.
    pub(super) fn step(
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
                    if let Some(frame) = self.context.frames.last_mut() {
                        frame.ip = ip as u32;
                    }
                    let value = self.context.stack.pop().expect("the destructured value");
                    self.destructure(value, before.into(), splat, after.into())?;
                    // The parts stay on the stack (rooted) while the Array
                    // is allocated.
                    let parts = self.context.stack[operand_base..].to_vec();
                    let array = self.new_array(parts);
                    self.context.stack.truncate(operand_base);
                    return Ok(Some(array));
                }
                self.run_one(method, base, argc, ip, operand_base)
            }
            Step::Call(_, Passing::Literal(_)) => {
                // In the frame that sends: the send itself makes the block
                // (and catches a `break` from it).
                let sender = match &self.context.frames.last().map(|frame| &frame.code) {
                    Some(crate::vm::FrameCode::Bytecode(method)) => method.clone(),
                    _ => unreachable!("a literal block's send is in a bytecode frame"),
                };
                self.run_one(&sender, base, argc, ip, operand_base)
            }
            Step::Call(entry, passing) => {
                self.set_ip(ip);
                let block = self.forwarded_block(*passing == Passing::OwnBlock);
                if let MethodBody::Native(core) = &entry.body {
                    let operands: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.context.stack[operand_base..]);
                    let result = self.call_core_directly(entry, core, &operands, block);
                    self.context.stack.truncate(operand_base);
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
        self.context
            .frames
            .last()
            .and_then(|frame| frame.block.clone())
    }

    /// Records that the innermost frame is running instruction `ip`.
    fn set_ip(&mut self, ip: usize) {
        if let Some(frame) = self.context.frames.last_mut() {
            frame.ip = ip as u32;
        }
    }

    /// A direct call of a Ruby method from compiled code, with the receiver
    /// and arguments on the stack from `operand_base` (popped).
    pub(super) fn call_ruby_directly(
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
        let argc = self.context.stack.len() - operand_base - 1;
        let id = self.push_method_frame(entry, callee, block, None);
        let result = self.run_pushed_method(callee, operand_base, argc, id);
        self.context.stack.truncate(operand_base);
        result
    }

    /// Calls `entry`, found for `name` on `operands[0]`, with the other
    /// operands as arguments (no block): what a plain send does once it has
    /// looked the method up.
    pub(super) fn send_found(
        &mut self,
        entry: &Rc<MethodEntry>,
        name: bytecode::Sym,
        operands: &[Value],
        block: Option<Rc<crate::block::Block>>,
    ) -> VmResult {
        if let MethodBody::Native(core) = &entry.body {
            return self.call_core_directly(entry, core, operands, block);
        }
        let kind = crate::method::CallKind {
            kwargs: false,
            direct: true,
        };
        let receiver_index = self.context.stack.len();
        self.context.stack.extend_from_slice(operands);
        let argc = operands.len() - 1;
        let result = self.invoke_with_kwargs(entry, receiver_index, argc, name, block, kind);
        self.context.stack.truncate(receiver_index);
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
                if let Some(frame) = self.context.frames.last_mut() {
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
                if let Some(frame) = self.context.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                self.concat_strings(method.code.encoding, operands)
            }
            Insn::ToS => {
                if let Some(frame) = self.context.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                self.interpolate(operands[0])
            }
            // `when pattern`: `pattern === subject`.
            Insn::CheckMatch { splat: false } => {
                if let Some(frame) = self.context.frames.last_mut() {
                    frame.ip = ip as u32;
                }
                let case_eq = self.sym.case_eq;
                self.call(operands[0], case_eq, &[operands[1]])
                    .map(|matched| Value::bool(matched.truthy()))
            }
            Insn::NewRange { exclusive } => {
                if let Some(frame) = self.context.frames.last_mut() {
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
                if op == crate::method::BasicOp::Mod && !(a.is_fixnum() && b.is_fixnum()) {
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
        let frame = self
            .context
            .frames
            .last_mut()
            .expect("the compiled method's frame");
        frame.ip = ip as u32;
        let Some(block) = frame.block.clone() else {
            return Err(self.no_block_given());
        };
        self.invoke_block(&block, args)
    }

    /// A direct call of a core method from compiled code: the
    /// receiver and arguments are `operands`, wherever compiled code keeps
    /// them (no round trip through the value stack, no lookup).
    pub(super) fn call_core_directly(
        &mut self,
        entry: &MethodEntry,
        core: &crate::method::NativeMethod,
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
            let call = crate::method::BlockCall {
                kwargs: false,
                block_arg: None,
            };
            return self.invoke_block_with(&block, &operands[1..], call);
        }
        if block.is_none() {
            if let Some(result) = self.pure_core_call(core, operands) {
                return Ok(result);
            }
        }
        let kind = crate::method::CallKind {
            kwargs: false,
            direct: true,
        };
        self.call_core(entry, core, operands[0], &operands[1..], block, kind)
    }
}

/// Whether the activation was called with a block: its record says, so a
/// virtual frame stays virtual.
extern "C" fn frame_block(ctx: *mut Activation) -> u64 {
    // SAFETY: compiled code passes its own ctx, a live record.
    let activation = unsafe { &*ctx };
    activation.assert_stored("frame_block");
    if activation.block != 0 {
        Value::TRUE.bits()
    } else {
        Value::NIL.bits()
    }
}

/// The activation's environment (its captured locals). A virtual frame
/// gets one of its own the first time it asks, kept in its record until
/// the frame is materialised with it (see `Vm::materialise`); so does a
/// frame the interpreter pushed (`Vm::frame_env`).
extern "C" fn frame_env(ctx: *mut Activation) -> u64 {
    // SAFETY: compiled code passes its own ctx, a live record.
    let activation = unsafe { &mut *ctx };
    activation.assert_stored("frame_env");
    if activation.frame_id == 0 {
        // SAFETY: compiled code calls this helper while it runs.
        let vm = unsafe { running_vm() };
        return vm.virtual_frame_env(activation).bits();
    }
    // SAFETY: as above.
    let (_, vm) = unsafe { context(ctx) };
    match vm.context.frames.len() {
        0 => Value::NIL.bits(),
        depth => vm.frame_env(depth - 1).bits(),
    }
}

impl Vm {
    /// The environment of `activation`'s virtual frame, whose method's
    /// blocks capture its locals: made the first time it is asked for
    /// (making one only allocates; the record, on the machine stack, holds
    /// it from then on, and the frame gets it when materialised).
    pub(super) fn virtual_frame_env(&mut self, activation: &mut Activation) -> Value {
        if activation.env == 0 {
            let code = &compiled(activation).method.code;
            debug_assert_eq!(
                code.kind,
                bytecode::MethodKind::Method,
                "only methods run virtual"
            );
            activation.env = self.new_env(code, Value::NIL).bits();
        }
        Value::from_bits(activation.env)
    }
}

extern "C" fn new_env(_ctx: *mut Activation, method: u64, parent: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs. Making an
    // environment only allocates: virtual frames stay virtual.
    let vm = unsafe { running_vm() };
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

extern "C" fn case_target(method: u64, table: u64, subject: u64) -> i64 {
    // SAFETY: compiled code calls this helper while it runs; the lookup
    // calls no Ruby code and allocates no object.
    let vm = unsafe { running_vm() };
    let method = &vm.methods[method as usize];
    vm.case_dispatch(method, table as u32, Value::from_bits(subject))
        .map_or(-1, i64::from)
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
    debug_assert_eq!(object.len(), slot as usize, "the write adds the slot");
    object.push_slot(Value::from_bits(value));
    object.shape.set(crate::shape::ShapeId(shape as u32));
    0
}

extern "C" fn load_ivar_named(object: u64, name: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    vm.ivar_get(Value::from_bits(object), bytecode::Sym(name as u32))
        .bits()
}

extern "C" fn catch_raise(_ctx: *mut Activation) -> u64 {
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    let Some(&Control::Raise(exception)) = vm.context.compiled_pending() else {
        return abi::UNDEF;
    };
    if vm.is_fatal(exception) {
        // No clause rescues it: the interpreter's handlers pass it on.
        return abi::UNDEF;
    }
    vm.context.take_compiled_pending();
    let current = vm.sym.errinfo;
    vm.globals.set(current, exception);
    if let Some(jit) = vm.jit_state_mut() {
        jit.run_stats.caught += 1;
    }
    exception.bits()
}

extern "C" fn global_get(name: u64) -> u64 {
    // SAFETY: compiled code calls this helper while it runs; reading a
    // global reads a table.
    let vm = unsafe { running_vm() };
    vm.global(bytecode::Sym(name as u32)).bits()
}

extern "C" fn store_ivar_named(_ctx: *mut Activation, object: u64, name: u64, value: u64) -> u64 {
    let object = Value::from_bits(object);
    if object.is_frozen() {
        return 1;
    }
    // SAFETY: compiled code calls this helper while it runs.
    let vm = unsafe { running_vm() };
    vm.ivar_set(object, bytecode::Sym(name as u32), Value::from_bits(value))
        .expect("only a frozen object refuses the write");
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
