//! Deoptimisation: leaving compiled code for the interpreter.
//!
//! A deoptimisation writes the values its map names back into the frame's
//! stack slots (rebuilding the frames of inlined code around it) and lets
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
//! A guard that keeps failing makes the method compile again without that
//! speculation ([`Vm::count_deopt`]); `--trace-deopt` prints every
//! deoptimisation with the frames rebuilt ([`Vm::trace_deopt`]).

use super::entry::{compiled, context, Activation};
use super::MAX_GUARD_FAILURES;
use crate::method::CompiledMethod;
use crate::method::LoadedMethod;
use crate::object::RFloat;
use crate::value::Value;
use crate::vm::{Control, Jump, Vm, VmResult};
use bytecode::{abi, Insn};
use jit::backend::lir::SiteReason;
use jit::ir::GuardReason;
use std::rc::Rc;

/// A site's stub gave up: rebuilds the interpreter's frame from the site's
/// map and finishes the method in the interpreter.
pub(super) extern "C" fn deoptimise(
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
    if site_map.transfer && vm.passes_through(map, activation.frame_id) {
        // Nothing in these frames takes the transfer: the compiled method
        // leaves with it, as its frames would have.
        return abi::UNDEF;
    }
    // A Float compiled code kept unboxed is boxed as the frames are read
    // back, and the next one boxed may collect: each is a root until the
    // frames holding it are rebuilt and resumed (their values are then on
    // the interpreter's stack), or a collection would free it and hand its
    // cell to the next (spec jit/deopt_boxes_floats_under_collection).
    let roots = vm.temp_roots.borrow().len();
    let mut box_float = |d| {
        let float = vm.new_float(d);
        vm.temp_roots.borrow_mut().push(float);
        float.bits()
    };
    // SAFETY: the stub passed its frame and stack pointers; the values it
    // names stay on the machine stack (seen by the collector) meanwhile.
    let (frames, returned) = unsafe { site_map.read(map, fp, sp, &mut box_float) };
    vm.count_deopt(compiled, site);
    if vm.jit_state().is_some_and(|jit| jit.options.trace_deopt) {
        vm.trace_deopt(compiled, site, &frames, returned, site_map.after_call);
    }
    // The compiled method's own frame is the interpreter frame it runs in:
    // its values go back to its stack slots.
    activation.assert_materialised("deoptimise");
    let base = activation.base as usize;
    let method = compiled.method.clone();
    vm.context.stack.truncate(base);
    vm.lay_out_frame(&method, &frames[0]);
    if let Some(frame) = vm.context.frames.last() {
        let receiver = Value::from_bits(frames[0].receiver);
        vm.check_rebuilt_receiver(&method, frame.owner, receiver, "deoptimise");
    }
    let verify = vm.jit_state().is_some_and(|jit| jit.options.verify_deopt);
    if verify && frames.len() == 1 && !site_map.after_call && !site_map.transfer {
        vm.check_rebuilt_frame(compiled, site, &method, &frames[0]);
    }
    let resume = Resume {
        after_call: site_map.after_call,
        returned: returned.map(Value::from_bits),
        transfer: site_map.transfer.then(|| {
            vm.context
                .take_compiled_pending()
                .expect("a transfer site runs with a transfer pending")
        }),
    };
    vm.context.enter_deopt_resume();
    let result = vm.resume_frames(&method, base, &frames, resume, 0);
    vm.context.leave_deopt_resume();
    vm.temp_roots.borrow_mut().truncate(roots);
    vm.result_for_compiled(result)
}

/// A `return` or `break` that ends one of the inlined frames rebuilt for a
/// call (`ids`, outermost first) names it by its depth below the compiled
/// method's frame (as `u64::MAX - depth`): the frames are gone when the
/// compiled code hands the transfer over, and the interpreter takes it in
/// the frames a transfer site rebuilds ([`Vm::resume_frames`]).
pub(super) fn retarget_to_depth(control: Control, ids: &[u64]) -> Control {
    let depth_of = |target: u64| {
        ids.iter()
            .position(|&id| id == target)
            .map(|at| u64::MAX - (at as u64 + 1))
    };
    let Control::Jump(mut jump) = control else {
        return control;
    };
    if let Jump::Return { target, .. } | Jump::Break { target, .. } = &mut *jump {
        *target = depth_of(*target).unwrap_or(*target);
    }
    Control::Jump(jump)
}

/// The frame id a transfer retargeted by [`retarget_to_depth`] names,
/// among `frames` (the compiled method's frame record and the inlined ones
/// rebuilt above it).
fn retarget_to_frame(control: Control, frames: &[crate::vm::FrameRecord]) -> Control {
    let frame_of = |target: u64| {
        let depth = u64::MAX - target;
        (depth as usize) < frames.len() && depth > 0
    };
    let Control::Jump(mut jump) = control else {
        return control;
    };
    if let Jump::Return { target, .. } | Jump::Break { target, .. } = &mut *jump {
        if frame_of(*target) {
            *target = frames[(u64::MAX - *target) as usize].id;
        }
    }
    Control::Jump(jump)
}

impl Vm {
    /// Whether the pending transfer a transfer site hands over would leave
    /// all the frames of `map` untouched: no frame has a handler for it
    /// around its call, and it ends none of them: an exception, a `throw`,
    /// or a `break` or `return` to a frame outside them (say, out of a
    /// block through `loop`'s `rescue StopIteration`). The compiled
    /// method's frame is `own` (materialised); an inlined one is named by
    /// its depth ([`retarget_to_depth`]).
    fn passes_through(&self, map: &deopt::DeoptMap, own: u64) -> bool {
        let control = self
            .context
            .compiled_pending()
            .expect("a transfer site runs with a transfer pending");
        let (is_exception, target) = match control.jump() {
            None => (true, None),
            Some(Jump::Throw { .. }) => (false, None),
            Some(Jump::Return { target, .. } | Jump::Break { target, .. }) => {
                (false, Some(*target))
            }
        };
        let ends_one = target
            .is_some_and(|target| target == own || u64::MAX - target < map.frames.len() as u64);
        !ends_one
            && map.frames.iter().all(|frame| {
                let code = &self.methods[frame.method as usize].code;
                code.handler_at(frame.ip as usize, is_exception).is_none()
            })
    }
}

/// What the frame record of a rebuilt inlined frame takes from its map.
pub(super) struct Rebuilt {
    pub(super) receiver: Value,
    /// The index it is at (of a call it is suspended in).
    pub(super) ip: u32,
    /// Its own environment, when blocks capture its locals.
    pub(super) env: Option<Value>,
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
    pub(super) fn check_rebuilt_receiver(
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
        let Some(jit) = self.jit_state_mut() else {
            return;
        };
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

    /// Pushes a frame's receiver, arguments, locals and operands, and gives
    /// its record (on top) the exceptions its `ensure` clauses raise again.
    fn lay_out_frame(&mut self, method: &LoadedMethod, frame: &deopt::FrameValues) {
        self.give_pending(&frame.pending);
        self.context.stack.push(Value::from_bits(frame.receiver));
        self.context
            .stack
            .extend(frame.args.iter().map(|&bits| Value::from_bits(bits)));
        let locals = self.context.stack.len();
        self.context
            .stack
            .resize(locals + method.code.locals.len(), Value::NIL);
        for &(slot, bits) in &frame.locals {
            self.context.stack[locals + slot as usize] = Value::from_bits(bits);
        }
        self.context
            .stack
            .extend(frame.stack.iter().map(|&bits| Value::from_bits(bits)));
    }

    /// Gives the frame record on top the exceptions `pending` (as a
    /// compiled frame's map holds them) that its running `ensure` clauses
    /// raise again at their `end_ensure`.
    pub(super) fn give_pending(&mut self, pending: &[u64]) {
        if pending.is_empty() {
            return;
        }
        let record = self.context.frames.last_mut().expect("a frame record");
        record.pending = Some(Box::new(
            pending
                .iter()
                .map(|&bits| Control::Raise(Value::from_bits(bits)))
                .collect(),
        ));
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
        self.context.frames.last_mut().expect("the frame").ip = ip as u32;
        let start = if frames.len() > 1 {
            // A transfer out of the inlined call goes to this frame's
            // handlers, as it would from a call the interpreter made; a
            // `break` from the block this frame passed ends the call.
            let id = self.context.frames.last().expect("the frame").id;
            let callee = self.methods[frames[1].method as usize].clone();
            match self.resume_inlined(&callee, &frames[1..], resume, base, depth + 1) {
                Ok(result) => Ok(result),
                Err(control) => control.breaking_to(id).ok_or(control),
            }
            .map(|result| {
                self.context.stack.push(result);
                ip + 1
            })
        } else if let Some(control) = resume.transfer {
            // The innermost frame is `depth` frames above the compiled
            // method's own.
            let root = self.context.frames.len() - 1 - depth;
            Err(retarget_to_frame(control, &self.context.frames[root..]))
        } else if resume.after_call {
            if let Some(value) = resume.returned {
                self.context.stack.push(value);
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
        let base = self.context.stack.len();
        self.lay_out_frame(method, &frames[0]);
        let result = self.resume_frames(method, base, frames, resume, depth);
        self.pop_frame();
        self.context.stack.truncate(base);
        crate::vm::returned_to(result, id)
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
    pub(super) fn push_rebuilt_frame(
        &mut self,
        method: &Rc<LoadedMethod>,
        values: Rebuilt,
        caller_base: usize,
    ) -> VmResult<u64> {
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        let caller = self.context.frames.len() - 1;
        let Rebuilt { receiver, ip, env } = values;
        let mut record = if method.code.kind == bytecode::MethodKind::Block {
            let block = self.context.frames[caller]
                .block
                .clone()
                .expect("an inlined block's caller yields to it");
            let (mut record, _) = self.block_frame(&block, method, None);
            record.env = env.unwrap_or(block.env);
            record
        } else {
            let crate::vm::FrameCode::Bytecode(caller_code) = &self.context.frames[caller].code
            else {
                unreachable!("inlined frames are called from bytecode")
            };
            let caller_code = caller_code.clone();
            let call = caller_code.code.insns[self.context.frames[caller].ip as usize];
            let site = match call {
                Insn::Send(site) => Some(&caller_code.code.sites[site as usize]),
                _ => None,
            };
            // The call's literal block, made again, or the caller's own
            // block when the call passes it on (`f(&block)`).
            let block = match site {
                Some(site) if site.flags & bytecode::call_flags::BLOCK_FORWARD != 0 => {
                    self.context.frames[caller].block.clone()
                }
                Some(&bytecode::CallSite {
                    block: Some(child), ..
                }) => {
                    let block = self.literal_block(&caller_code, child, caller, caller_base);
                    self.context.frames[caller].sending_block = block.id;
                    Some(Rc::new(block))
                }
                _ => None,
            };
            let (cref, owner) = self.inlined_frame_scope(method, receiver);
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
        self.context.frames.push(record);
        Ok(id)
    }

    /// The scope and owner of a frame of `method` called on `receiver`:
    /// where the method was defined, when that was once; else those of
    /// the method entry the receiver's lookup finds, if it is still
    /// `method`.
    pub(super) fn inlined_frame_scope(
        &self,
        method: &Rc<LoadedMethod>,
        receiver: Value,
    ) -> (Rc<crate::object::Cref>, Value) {
        if !self.defined_more_than_once(method) {
            if let Some(known) = method.defined_in.borrow().clone() {
                return known;
            }
        }
        let class = self.class_of(receiver);
        match self.find_method(class, method.code.name) {
            Some(entry) if matches!(&entry.body, crate::object::MethodBody::Bytecode(m) if m.id == method.origin()) => {
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
            if let Some(jit) = self.jit_state_mut() {
                jit.run_stats.transfers += 1;
            }
            return;
        }
        let stressed = self
            .jit_state()
            .is_some_and(|jit| jit.stress_countdown.as_ref().is_some_and(|c| c.get() == 0));
        // Only real guard failures are named (stress mode deoptimises often).
        let real = info.reason != SiteReason::Invalidated && !stressed;
        let name = real.then(|| self.site_name(compiled, site));
        let Some(jit) = self.jit_state_mut() else {
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
            // The exceptions its `ensure` clauses raise again, if any.
            let pending = match frame.pending.as_slice() {
                [] => String::new(),
                values => {
                    let shown: Vec<String> = values.iter().map(|&b| show(self, b)).collect();
                    format!(" pending=[{}]", shown.join(", "))
                }
            };
            out.push_str(&format!(
                "  {} resume at {resume}: self={} args=[{}] locals={{{}}}{pending} stack=[{}]\n",
                self.symbols.name(method.code.name),
                show(self, frame.receiver),
                args.join(", "),
                locals.join(", "),
                stack.join(", "),
            ));
        }
        crate::output::write_stderr(self.io.out(), &out);
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
