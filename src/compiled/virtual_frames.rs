//! Frames compiled code does not push: native calls and inlined code.
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
//! When what a call runs needs nothing of those frames but their place in
//! backtraces, it runs *above* them instead ([`Vm::run_above_virtual_frames`]):
//! `crate::vm::VirtualFrames` records where, and backtraces read them back
//! ([`virtual_frame_list`]).

use super::deoptimise::{retarget_to_depth, Rebuilt};
use super::entry::{activation_block, compiled, native_return_address, operand_base, Activation};
use super::helpers::{Passing, Step};
use crate::method::CompiledMethod;
use crate::object::{MethodBody, MethodEntry};
use crate::value::Value;
use crate::vm::{VirtualFrameList, VirtualFrames, Vm, VmResult};
use bytecode::{call_flags, Insn};
use jit::runtime::CallAt;
use std::rc::Rc;

impl Vm {
    /// Gives the virtual frames of native calls up to `activation` their
    /// interpreter frames, outermost first, as `invoke` would have pushed
    /// them (see [`ActivationRecord`]).
    ///
    /// # Safety
    /// `activation` and the records it links to are live activations.
    pub(super) unsafe fn materialise(&mut self, activation: *mut Activation) {
        // SAFETY: the caller's contract.
        let (activation, caller) = unsafe {
            (*activation).assert_stored("materialise");
            if (*activation).frame_id != 0 {
                return;
            }
            let caller = (*activation).caller;
            if caller.is_null() {
                return self.materialise_block(&mut *activation);
            }
            self.materialise(caller);
            (&mut *activation, &*caller)
        };
        // SAFETY: a virtual activation is a native call's, running.
        let return_address = unsafe { activation.return_address() };
        let site = compiled(caller)
            .code
            .native_site(return_address)
            .expect("a native call returns into its caller's code");
        if let Some(frame) = self.context.frames.last_mut() {
            frame.ip = site.at.ip();
        }
        let base = operand_base(caller);
        self.context.stack.truncate(base);
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
            self.context.stack.len() - count
        } else {
            activation.inlined = 0;
            self.context
                .stack
                .extend(operands.iter().map(|&word| Value::from_bits(word)));
            base
        };
        // SAFETY: `entry` is the method entry the caller's code calls, kept
        // by that code (`CompiledMethod::direct_calls`).
        let entry = unsafe { &*(site.entry as *const MethodEntry) };
        let callee = &compiled(activation).method;
        let block = activation_block(activation);
        self.check_rebuilt_receiver(callee, entry.owner, self.context.stack[base], "materialise");
        // The environment the code made while the frame was virtual, if
        // it asked for one (`helpers::frame_env`).
        let env =
            (callee.code.has_env && activation.env != 0).then(|| Value::from_bits(activation.env));
        let id = self.push_method_frame(entry, callee, block, env);
        self.push_locals(callee);
        activation.base = base as u64;
        activation.frame_id = id;
        // The call now returns through the trampoline, which pops the
        // frame.
        let slot = activation.values.wrapping_sub(1) as *mut u64;
        self.context
            .push_native_return(activation as *mut Activation, return_address);
        // SAFETY: the word below `values` is the running call's return
        // address (read above), on the machine stack.
        unsafe { *slot = native_return_address() };
        if let Some(jit) = self.jit_state_mut() {
            jit.run_stats.materialised_frames += 1;
        }
    }
}

/// The virtual frames `frames` stands for, outermost first, as (method
/// id, index): the inlined frames of the call, and when a native call
/// made the activation without a record, its frame and those of the
/// native calls up to the innermost frame with a record, each with the
/// inlined frames of its call. Also the index of the call that record is
/// making: None when the chain starts at a block running without a
/// record (see `super::virtual_blocks`), whose frame is in the list.
pub(super) fn virtual_frame_list(frames: &VirtualFrames) -> (Option<u32>, VirtualFrameList) {
    let ctx = frames.activation;
    // The activations without records, innermost first, and the innermost
    // one with a record (None for a virtual block's chain).
    let mut chain: smallvec::SmallVec<[*const Activation; 32]> = smallvec::SmallVec::new();
    let mut record = ctx;
    // SAFETY: the activation of a `VirtualFrames` and the records it links
    // to are live while it is on the VM's list (the call it makes runs).
    let record = unsafe {
        loop {
            (*record).assert_stored("virtual_frame_list");
            if (*record).frame_id != 0 {
                break Some(record);
            }
            chain.push(record);
            if (*record).caller.is_null() {
                break None;
            }
            record = (*record).caller;
        }
    };
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
    let record_ip = record.map(|record| {
        // SAFETY: as above.
        let record_code = compiled(unsafe { &*record });
        call_position(
            record_code,
            call_at(record, chain.last().copied()),
            &mut list,
        )
    });
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
pub(super) fn innermost_receiver(
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
    Direct(Rc<MethodEntry>),
    /// A send, to the method found for this name.
    Send(Rc<MethodEntry>, bytecode::Sym),
    /// A `when` test: `pattern === subject`.
    CaseEq,
    /// Interpolation's `to_s`.
    ToS,
    /// A `yield` of the innermost frame's block.
    Yield,
}

impl Vm {
    /// Runs `step`, a call at `at` of activation `ctx` that passed `words`
    /// (its operands, then the values of the inlined frames around it),
    /// above virtual frames for the frames around it that have no records
    /// (see [`crate::vm::VirtualFrames`]),
    /// instead of rebuilding them, when what it calls needs nothing of them
    /// but their place in backtraces: a direct call, a send, a `when`
    /// test or interpolation's `to_s`, calling a Ruby method or a core
    /// method that does not look at its caller's frame, and a `yield`. A
    /// block it passes or yields to is made without the frames (see
    /// [`super::frameless_blocks`]) or not at all. Not when the compiled
    /// method reads its last match, which matching core methods called
    /// from its own frame or its inlined blocks set. None otherwise.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    pub(super) unsafe fn run_above_virtual_frames(
        &mut self,
        ctx: *mut Activation,
        step: &Step,
        at: CallAt,
        words: &[u64],
        operands: &[Value],
    ) -> Option<VmResult> {
        // SAFETY: the caller's contract.
        if compiled(unsafe { &*ctx }).reads_last_match {
            return None;
        }
        let ip = at.ip() as usize;
        let (callee, passes) = self.callee_above_virtual_frames(step, ip, operands)?;
        let block = if passes == Passing::Nothing && !matches!(callee, Above::Yield) {
            None
        } else {
            // SAFETY: the caller's contract.
            let scope = unsafe { self.innermost_scope(ctx, at, words) }?;
            match passes {
                Passing::Literal(child) => Some(self.frameless_block(&scope, child)?),
                _ => Some(scope.block?),
            }
        };
        let call = |vm: &mut Vm| match callee {
            Above::Direct(entry) => match &entry.body {
                MethodBody::Native(core) => vm.call_core_directly(&entry, core, operands, block),
                _ => {
                    let operand_base = vm.context.stack.len();
                    vm.context.stack.extend_from_slice(operands);
                    vm.call_ruby_directly(&entry, operand_base, block)
                }
            },
            Above::Send(entry, name) => vm.send_found(&entry, name, operands, block),
            Above::CaseEq => {
                let case_eq = vm.sym.case_eq;
                vm.call(operands[0], case_eq, &[operands[1]])
                    .map(|matched| Value::bool(matched.truthy()))
            }
            Above::ToS => vm.interpolate(operands[0]),
            Above::Yield => {
                let block = block.expect("a yield above virtual frames has a block");
                vm.invoke_block(&block, operands)
            }
        };
        // SAFETY: the caller's contract.
        Some(unsafe { self.above_virtual_frames(ctx, at, call) })
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
        (own + inlined_frames).max(self.context.frames.len())
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
    pub(super) unsafe fn yield_above_virtual_frames(
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
        // SAFETY: the caller's contract.
        Some(unsafe { self.above_virtual_frames(ctx, at, |vm| vm.invoke_block(&block, args)) })
    }

    /// Runs `call`, made by call `at` of activation `ctx`, above the
    /// virtual frames around it (see [`crate::vm::VirtualFrames`]).
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    pub(super) unsafe fn above_virtual_frames(
        &mut self,
        ctx: *mut Activation,
        at: CallAt,
        call: impl FnOnce(&mut Vm) -> VmResult,
    ) -> VmResult {
        if let Some(jit) = self.jit_state_mut() {
            jit.run_stats.calls_above_virtual_frames += 1;
        }
        // SAFETY: the caller's contract.
        let depth = unsafe { self.depth_above(ctx, at.inlined()) };
        self.context.push_virtual_frames(crate::vm::VirtualFrames {
            below: self.context.frames.len(),
            depth,
            activation: ctx,
            at,
        });
        let result = call(self);
        self.context.pop_virtual_frames();
        result
    }

    /// `step` when it only reads or calls the block of activation `ctx`, a
    /// native call's with no frame record: `blockproxy`, and the proxy's
    /// `call` (see [`Vm::yield_above_virtual_frames`]). None otherwise.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations.
    pub(super) unsafe fn own_block_above_virtual_frames(
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
            Step::Call(entry, Passing::Nothing)
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

    /// What `step` calls, and the block it passes, when that may run
    /// above virtual frames.
    fn callee_above_virtual_frames(
        &self,
        step: &Step,
        ip: usize,
        operands: &[Value],
    ) -> Option<(Above, Passing)> {
        let method = match step {
            Step::Call(entry, passing) => {
                return self
                    .ignores_caller_frame(entry)
                    .then(|| (Above::Direct(entry.clone()), *passing));
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
                let passes = match site.block {
                    Some(child) => Passing::Literal(child),
                    None if site.flags & call_flags::BLOCK_FORWARD != 0 => Passing::OwnBlock,
                    None => Passing::Nothing,
                };
                let plain_flags = call_flags::FCALL | call_flags::VCALL | call_flags::BLOCK_FORWARD;
                if site.flags & !plain_flags != 0 || operands.len() != site.argc as usize + 1 {
                    return None;
                }
                let entry = uses(site.name)?;
                // A private or protected method may need the caller's self
                // (or raise, naming the call): the send itself decides.
                let public = entry.visibility == crate::object::Visibility::Public;
                (public || site.is_fcall()).then(|| (Above::Send(entry, site.name), passes))
            }
            Insn::Yield {
                argc,
                kwargs: false,
            } if operands.len() == argc as usize => Some((Above::Yield, Passing::Nothing)),
            Insn::CheckMatch { splat: false } => {
                uses(self.sym.case_eq).map(|_| (Above::CaseEq, Passing::Nothing))
            }
            Insn::ToS if operands[0].get::<crate::object::RString>().is_some() => {
                Some((Above::ToS, Passing::Nothing))
            }
            Insn::ToS => uses(self.sym.to_s).map(|_| (Above::ToS, Passing::Nothing)),
            _ => None,
        }
    }

    /// Whether a method runs the same above virtual frames: anything but a
    /// core method that reads or changes its caller's frame.
    fn ignores_caller_frame(&self, entry: &MethodEntry) -> bool {
        !matches!(&entry.body, MethodBody::Native(core) if core.uses_caller_frame)
    }

    /// Runs `step` at `ip`, a call in inlined code, in the frames it would
    /// have run in: the inlined ones (the frames of `call`'s map after the
    /// compiled method's own, whose frame is laid out at `root_base`; read
    /// from `words`, what the call passed, the innermost holding the
    /// `count` operands on its stack) are pushed for the call, then popped.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_in_inlined_frames(
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
            let operand_base = self.context.stack.len() - count;
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
        self.context
            .frames
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
            let base = self.context.stack.len();
            let receiver = next(self);
            self.context.stack.push(receiver);
            for _ in &frame.args {
                let arg = next(self);
                self.context.stack.push(arg);
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
            let locals = self.context.stack.len();
            self.context
                .stack
                .resize(locals + code.code.locals.len(), Value::NIL);
            for &(slot, _) in &frame.locals {
                let local = next(self);
                self.context.stack[locals + slot as usize] = local;
            }
            let pending: smallvec::SmallVec<[u64; 1]> =
                frame.pending.iter().map(|_| next(self).bits()).collect();
            self.give_pending(&pending);
            for _ in &frame.stack {
                let operand = next(self);
                self.context.stack.push(operand);
            }
            caller_base = base;
        }
        if pushed.len() == map.frames.len() - 1 {
            let operands = self.context.stack.len() - count;
            for (slot, &word) in self.context.stack[operands..]
                .iter_mut()
                .zip(&words[..count])
            {
                *slot = Value::from_bits(word);
            }
        }
        if let Some(jit) = self.jit_state_mut() {
            jit.run_stats.rebuilt_frames += pushed.len() as u64;
        }
        (pushed, caller_base)
    }
}
