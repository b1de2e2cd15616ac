//! The interpreter loop: one frame's instructions, from a start index until
//! the frame returns, a transfer (exception, `break`, `throw`) leaves it,
//! or (for [`Vm::run_one`]) its one instruction has run.
//!
//! Each instruction is one arm of the `match` in [`Vm::run`]; sends,
//! blocks, fast paths and instance variables are their own modules
//! (`super::send`, `super::blocks`, `super::fast_paths`, `super::ivars`).
//! A loop's back edge counts towards on-stack replacement
//! ([`Vm::back_edge`]).
//!
//! The loop runs the method's quickened copy of its code
//! ([`crate::method::quicken`]), in which `send +` is `opt_plus` and so on:
//! `i + 1` is one dispatch straight to the fixnum addition, as in MRI,
//! where a single `send` dispatched again on its site's operation.
//! Measured against that (`--no-jit`, min of 3 alternating runs), with the
//! unchecked fetch that `quicken`'s check allows: AWFY 7% faster on the
//! geometric mean, Sieve 24%, NBody 12%. The arms stay small: only the
//! two-fixnum case is inline, everything else is the out-of-line
//! `basic_send` (inlining the Float and Array cases too made the loop
//! keep its instruction pointer on the machine stack, and Queens 14%
//! slower).
//!
//! Each Ruby call the interpreter makes runs in a `run` of its own: a
//! machine frame per Ruby frame. Running a plain call in the same loop
//! instead, its frame pushed and the loop switched to its code as MRI's
//! `vm_exec` does, was measured (December 2026): a call cost what it did
//! (the lookup and the frame record stay; the switch costs what the
//! machine frame did) and AWFY ran 3-6% more instructions, the loop's
//! registers spread over the state of two frames.
//!
//! Every lookup the loop makes goes through a cache on its site: a send's
//! method (`CallCache`), an instance variable's slot (`IvarCache`), a
//! constant's value (`ConstantCache`, checked against the VM's constant
//! serial). The profile the JIT reads (the kinds at each send, the counts
//! of each branch) is recorded only while [`Vm::profiling`]: `--no-jit`
//! records none.

use crate::frame_layout::FrameLayout;
use crate::method::LoadedMethod;
use crate::method::{BasicOp, BlockCall};
use crate::object::{MethodBody, RArray, Visibility};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use bytecode::profile::Kind;
use bytecode::{call_flags, Insn, Literal, Method};
use std::rc::Rc;

impl Vm {
    /// The interpreter loop for one frame, from instruction `start` until
    /// it returns or a transfer leaves it; with `ONE` (for
    /// [`Vm::run_one`]), after the one instruction at `start`. (A constant
    /// parameter, so the loop that runs programs tests nothing per
    /// instruction for it.)
    pub(super) fn run<const ONE: bool>(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        start: usize,
    ) -> VmResult {
        let code: &Method = &method.code;
        let insns = &method.insns[..];
        let layout = FrameLayout::new(base, argc, code.locals.len());
        let locals = layout.locals();
        let frame = self.context.frames.len() - 1;
        assert!(start < insns.len(), "a start past the end of the code");
        if self.context.stack.capacity() - self.context.stack.len()
            < method.max_depth.get() as usize
        {
            self.make_room(method)?;
        }
        let mut ip = start;
        let mut ran_one = false;
        // A quickened send of a numeric operation: two fixnums inline,
        // anything else out of line. One of the Array operations: out of
        // line (`array_op` is).
        macro_rules! numeric_send {
            ($site:expr, $op:expr) => {
                if !self.fixnum_op_inline::<ONE>(method, $site, $op) {
                    self.basic_send::<ONE, { $op as u8 }>(method, $site, (frame, base), ip)?;
                }
            };
        }
        macro_rules! array_send {
            ($site:expr, $op:expr) => {
                self.array_send::<ONE, { $op as u8 }>(method, $site, (frame, base), ip)?
            };
        }
        loop {
            if ONE {
                if ran_one {
                    return Ok(Value::UNDEF);
                }
                ran_one = true;
            }
            debug_assert!(ip < insns.len());
            debug_assert!(
                self.context.stack.len() <= layout.operands() + method.max_depth.get() as usize,
                "{:?} left more operands than its max_depth before {ip}",
                code.name
            );
            debug_assert!(
                ONE || self.context.stack.len()
                    >= layout.operands() + code.operands_taken(&insns[ip]) as usize,
                "{:?} has fewer operands than instruction {ip} takes",
                code.name
            );
            // SAFETY: `quicken` checked that execution cannot leave the
            // code (its last instruction ends the flow, every target is an
            // instruction), and `start` was checked on entry.
            let insn = unsafe { insns.get_unchecked(ip) };
            ip += 1;
            match *insn {
                Insn::PushSelf => {
                    let receiver = self.stack_at::<ONE>(base);
                    self.push_operand(receiver);
                }
                Insn::Arg(n) => {
                    let arg = self.context.stack[layout.arg(n as usize)];
                    self.push_operand(arg);
                }
                Insn::OptArgs(count) => {
                    if ONE {
                        // Running one instruction: the `arg 0` it stands for.
                        let arg = self.context.stack[layout.arg(0)];
                        self.push_operand(arg);
                    } else {
                        let count = count as usize;
                        for i in 0..count {
                            self.context.stack[locals + i] = self.context.stack[layout.arg(i)];
                        }
                        ip = 2 * count;
                    }
                }
                Insn::HasArg(n) => {
                    let given = (n as usize) < argc
                        && self.context.stack[layout.arg(n as usize)] != Value::UNDEF;
                    self.push_operand(Value::bool(given));
                }
                Insn::Load(slot) => {
                    let value = self.stack_at::<ONE>(locals + slot as usize);
                    self.push_operand(value);
                }
                Insn::Store(slot) => {
                    let value = self.pop_operand::<ONE>();
                    self.set_stack_at::<ONE>(locals + slot as usize, value);
                }
                Insn::Push(index) => {
                    let value = method.literals[index as usize];
                    let value = if value == Value::UNDEF {
                        let Literal::String(bytes) = &code.literals[index as usize] else {
                            unreachable!("only String literals load as UNDEF")
                        };
                        let string =
                            self.new_string_of(crate::object::StringBytes::from_slice(bytes));
                        if code.encoding != bytecode::SourceEncoding::Utf8 {
                            let encoding = code.literal_encoding(index as usize);
                            crate::core::string::string_of(string).set_encoding(encoding.into());
                        }
                        string
                    } else {
                        value
                    };
                    self.push_operand(value);
                }
                Insn::Send(site) => {
                    if !self.line_send(method, site) {
                        self.send_insn(method, site, (frame, base), ip)?
                    }
                }
                Insn::OptPlus(site) => numeric_send!(site, BasicOp::Plus),
                Insn::OptMinus(site) => numeric_send!(site, BasicOp::Minus),
                Insn::OptMult(site) => numeric_send!(site, BasicOp::Mult),
                Insn::OptDiv(site) => numeric_send!(site, BasicOp::Div),
                Insn::OptMod(site) => numeric_send!(site, BasicOp::Mod),
                Insn::OptLt(site) => numeric_send!(site, BasicOp::Lt),
                Insn::OptLe(site) => numeric_send!(site, BasicOp::Le),
                Insn::OptGt(site) => numeric_send!(site, BasicOp::Gt),
                Insn::OptGe(site) => numeric_send!(site, BasicOp::Ge),
                Insn::OptEq(site) => numeric_send!(site, BasicOp::Eq),
                Insn::OptNeq(site) => numeric_send!(site, BasicOp::Ne),
                Insn::OptAnd(site) => numeric_send!(site, BasicOp::BitAnd),
                Insn::OptOr(site) => numeric_send!(site, BasicOp::BitOr),
                Insn::OptXor(site) => numeric_send!(site, BasicOp::BitXor),
                Insn::OptLtLt(site) => numeric_send!(site, BasicOp::Shl),
                Insn::OptGtGt(site) => numeric_send!(site, BasicOp::Shr),
                Insn::OptAref(site) => array_send!(site, BasicOp::ArrayIndex),
                Insn::OptAset(site) => array_send!(site, BasicOp::ArraySet),
                Insn::OptSize(site) => array_send!(site, BasicOp::ArraySize),
                Insn::LoadEnv { slot, hops, .. } => {
                    let env = self.frame_env(frame);
                    let env = Self::env_at(env, hops);
                    let value = env.slots.borrow()[slot as usize];
                    self.push_operand(value);
                }
                Insn::StoreEnv { slot, hops, .. } => {
                    let value = self.pop_operand::<ONE>();
                    let env = self.frame_env(frame);
                    let env = Self::env_at(env, hops);
                    env.slots.borrow_mut()[slot as usize] = value;
                }
                Insn::Yield { argc, kwargs } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let Some(block) = self.context.frames[frame].block.clone() else {
                        return Err(self.no_block_given());
                    };
                    let result = if kwargs {
                        let start = self.context.stack.len() - argc as usize;
                        let args: smallvec::SmallVec<[Value; 8]> =
                            smallvec::SmallVec::from_slice(&self.context.stack[start..]);
                        let call = BlockCall {
                            kwargs,
                            block_arg: None,
                        };
                        let result = self.invoke_block_with(&block, &args, call)?;
                        self.context.stack.truncate(start);
                        result
                    } else {
                        self.yield_on_stack(&block, argc as usize)?
                    };
                    self.push_operand(result);
                }
                Insn::YieldSplat { kwargs } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let Some(block) = self.context.frames[frame].block.clone() else {
                        return Err(self.no_block_given());
                    };
                    let list = self.pop_operand::<ONE>();
                    let args = self.array_items(list).expect("yield * passes an Array");
                    let call = BlockCall {
                        kwargs,
                        block_arg: None,
                    };
                    let result = self.invoke_block_with(&block, &args, call)?;
                    self.push_operand(result);
                }
                Insn::BlockProxy => {
                    let block = self.context.frames[frame].block.clone();
                    let proxy = self.block_proxy_for(block.as_ref());
                    self.push_operand(proxy);
                }
                Insn::BlockParam => {
                    let record = &self.context.frames[frame];
                    let passed = if record.block_id != 0 {
                        record.block_arg.clone()
                    } else {
                        record.block.clone()
                    };
                    let value = match passed {
                        Some(block) => self.new_proc(block),
                        None => Value::NIL,
                    };
                    self.push_operand(value);
                }
                Insn::Lambda(child) => {
                    let mut block = self.literal_block(method, child, frame, base);
                    block.is_lambda = true;
                    let lambda = self.new_proc(Rc::new(block));
                    self.push_operand(lambda);
                }
                Insn::BreakBlock => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    return self.break_block(frame, value);
                }
                Insn::Alias => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let old = self
                        .pop_operand::<ONE>()
                        .as_symbol()
                        .expect("alias pushes Symbols");
                    let new = self
                        .pop_operand::<ONE>()
                        .as_symbol()
                        .expect("alias pushes Symbols");
                    if self.symbols.name(new).starts_with('$') {
                        self.globals.alias(new, old);
                    } else {
                        let module = self.context.frames[frame].cref.module;
                        crate::core::module::alias_method(self, module, new, old)?;
                    }
                    self.push_operand(Value::NIL);
                }
                Insn::Undef => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let name = self
                        .pop_operand::<ONE>()
                        .as_symbol()
                        .expect("undef pushes a Symbol");
                    let module = self.context.frames[frame].cref.module;
                    crate::core::module::undef_method(self, module, name)?;
                    self.push_operand(Value::NIL);
                }
                Insn::NewHash(pairs) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let start = self.context.stack.len() - 2 * pairs as usize;
                    let hash = self.new_hash();
                    // Above the pairs, deeper than the instruction leaves.
                    self.context.stack.push(hash);
                    for pair in 0..pairs as usize {
                        let (key, value) = (
                            self.context.stack[start + 2 * pair],
                            self.context.stack[start + 2 * pair + 1],
                        );
                        self.hash_set(hash, key, value)?;
                    }
                    self.context.stack.truncate(start);
                    self.push_operand(hash);
                }
                Insn::NewRange { exclusive } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let end = self.pop_operand::<ONE>();
                    let begin = self.pop_operand::<ONE>();
                    let range = self.new_range(begin, end, exclusive)?;
                    self.push_operand(range);
                }
                Insn::ArrayAppend => {
                    let value = self.pop_operand::<ONE>();
                    let array = *self.context.stack.last().expect("operand");
                    array
                        .get::<RArray>()
                        .expect("append builds an Array")
                        .items_mut()
                        .push(value);
                }
                Insn::ArrayConcat => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    let items = self.splat_items(value)?;
                    let array = *self.context.stack.last().expect("operand");
                    array
                        .get::<RArray>()
                        .expect("concatarray builds an Array")
                        .items_mut()
                        .extend(items);
                }
                Insn::Destructure {
                    before,
                    splat,
                    after,
                } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    self.destructure(value, before as usize, splat, after as usize)?;
                }
                Insn::CaseDispatch(table) => {
                    let subject = self.pop_operand::<ONE>();
                    if let Some(target) = self.case_dispatch(method, table, subject) {
                        ip = target as usize;
                    }
                }
                Insn::CheckMatch { splat } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let subject = self.pop_operand::<ONE>();
                    let pattern = self.pop_operand::<ONE>();
                    let patterns = if splat {
                        self.splat_items(pattern)?
                    } else {
                        vec![pattern]
                    };
                    let eqq = self.sym.case_eq;
                    let mut matched = false;
                    for pattern in patterns {
                        if self.call(pattern, eqq, &[subject])?.truthy() {
                            matched = true;
                            break;
                        }
                    }
                    self.push_operand(Value::bool(matched));
                }
                Insn::Defined { kind, name } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let description = self.defined_at(frame, base, kind, name)?;
                    let value = match description {
                        Some(text) => self.new_str(text),
                        None => Value::NIL,
                    };
                    self.push_operand(value);
                }
                Insn::RescueMatch => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let class = self.pop_operand::<ONE>();
                    let exception = self.pop_operand::<ONE>();
                    let matched = self.rescue_matches(exception, class)?;
                    self.push_operand(Value::bool(matched));
                }
                Insn::Reraise => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let exception = self.pop_operand::<ONE>();
                    return Err(Control::Raise(exception));
                }
                Insn::EndEnsure => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let control = self.context.frames[frame]
                        .pending
                        .as_mut()
                        .and_then(|pending| pending.pop())
                        .expect("an ensure handler saved a transfer");
                    return Err(control);
                }
                Insn::ReturnFromBlock => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    return self.return_from_block(frame, value);
                }
                Insn::Not => {
                    let value = self.pop_operand::<ONE>();
                    // `not, branch` (how `if` and `unless` test): one
                    // dispatch, a branch on the value's falsity (not when
                    // running one instruction: its caller stops at the
                    // `branch`, as the deoptimisation verifier does).
                    let next = if ONE { None } else { insns.get(ip) };
                    if let Some(&Insn::Branch { target, profile }) = next {
                        ip += 1;
                        let taken = !value.truthy();
                        let branch = (target, profile);
                        if let Some(result) =
                            self.branch(method, (frame, base, argc), &mut ip, taken, branch)
                        {
                            return result;
                        }
                    } else {
                        self.push_operand(Value::bool(!value.truthy()));
                    }
                }
                Insn::Jump(target) => {
                    let target = target as usize;
                    if target < ip {
                        if let Some(result) = self.back_edge(method, frame, ip, base, argc, target)
                        {
                            return result;
                        }
                    }
                    ip = target;
                }
                Insn::BranchNil(target) => {
                    if self.pop_operand::<ONE>().is_nil() {
                        ip = target as usize;
                    }
                }
                Insn::Branch { target, profile } => {
                    let taken = self.pop_operand::<ONE>().truthy();
                    let branch = (target, profile);
                    if let Some(result) =
                        self.branch(method, (frame, base, argc), &mut ip, taken, branch)
                    {
                        return result;
                    }
                }
                Insn::Return => return Ok(self.pop_operand::<ONE>()),
                Insn::Pop => {
                    self.context.stack.pop();
                }
                Insn::Dup => {
                    let value = *self.context.stack.last().expect("operand");
                    self.push_operand(value);
                }
                Insn::NewArray(n) => {
                    let start = self.context.stack.len() - n as usize;
                    let items = self.context.stack[start..].to_vec();
                    let array = self.new_array(items);
                    self.context.stack.truncate(start);
                    self.push_operand(array);
                }
                Insn::ToS => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    let string = self.interpolate(value)?;
                    self.push_operand(string);
                }
                Insn::NewArrayExtremum { count, max } => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let start = self.context.stack.len() - count as usize;
                    let values: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.context.stack[start..]);
                    let result = self.array_literal_extremum(&values, max)?;
                    self.context.stack.truncate(start);
                    self.push_operand(result);
                }
                Insn::Concat(n) => {
                    let start = self.context.stack.len() - n as usize;
                    let parts: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.context.stack[start..]);
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let string = self.concat_strings(code.encoding, &parts)?;
                    self.context.stack.truncate(start);
                    self.push_operand(string);
                }
                Insn::GetConst(site) => {
                    let cache = &method.constant_caches[site as usize];
                    let scope =
                        crate::object::Cref::lexical_shared(&self.context.frames[frame].cref);
                    let value = match cache.lookup(scope, self.constant_serial) {
                        Some(value) => value,
                        None => {
                            self.context.frames[frame].ip = (ip - 1) as u32;
                            self.constant_at(method, site as usize, frame, ip - 1)?
                        }
                    };
                    self.push_operand(value);
                }
                Insn::SetConst(name) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    let module = self.context.frames[frame].cref.lexical().module;
                    self.set_constant(module, name, value);
                }
                Insn::GetConstFrom(name) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let scope = self.pop_operand::<ONE>();
                    let value = self.scoped_constant(scope, name, code, ip - 1)?;
                    self.push_operand(value);
                }
                Insn::SetConstIn(name) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    let scope = self.pop_operand::<ONE>();
                    self.expect_module(scope)?;
                    self.set_constant(scope, name, value);
                }
                Insn::GetIvar(site) => {
                    let receiver = self.stack_at::<ONE>(base);
                    let value = self.get_ivar_cached(method, site as usize, receiver);
                    self.push_operand(value);
                }
                Insn::SetIvar(site) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    let receiver = self.stack_at::<ONE>(base);
                    self.set_ivar_cached(method, site as usize, receiver, value)?;
                }
                Insn::GetCvar(name) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let cref = self.context.frames[frame].cref.clone();
                    let value = self.class_variable_get(&cref, name)?;
                    self.push_operand(value);
                }
                Insn::SetCvar(name) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    let cref = self.context.frames[frame].cref.clone();
                    self.class_variable_set(&cref, name, value)?;
                }
                Insn::DefineClass(index) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let superclass = self.pop_operand::<ONE>();
                    let scope = self.pop_operand::<ONE>();
                    let cref = self.context.frames[frame].cref.clone();
                    let scope = if scope.is_nil() {
                        cref.lexical().module
                    } else {
                        scope
                    };
                    self.expect_module(scope)?;
                    let body = method.children[index as usize].clone();
                    let name = self.class_body_constant(&body);
                    let class =
                        self.open_class(scope, name, (!superclass.is_nil()).then_some(superclass))?;
                    let value = self.run_class_body(&body, class, cref)?;
                    self.push_operand(value);
                }
                Insn::DefineModule(index) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let scope = self.pop_operand::<ONE>();
                    let cref = self.context.frames[frame].cref.clone();
                    let scope = if scope.is_nil() {
                        cref.lexical().module
                    } else {
                        scope
                    };
                    self.expect_module(scope)?;
                    let body = method.children[index as usize].clone();
                    let name = self.class_body_constant(&body);
                    let module = self.open_module(scope, name)?;
                    let value = self.run_class_body(&body, module, cref)?;
                    self.push_operand(value);
                }
                Insn::OpenSingleton(index) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let object = self.pop_operand::<ONE>();
                    let singleton = self.singleton_class_for(object)?;
                    let body = method.children[index as usize].clone();
                    let cref = self.context.frames[frame].cref.clone();
                    let value = self.run_class_body(&body, singleton, cref)?;
                    self.push_operand(value);
                }
                Insn::DefineSingletonMethod(index) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let object = self.pop_operand::<ONE>();
                    let singleton = self.singleton_class_for(object)?;
                    self.check_singleton_modifiable(object)?;
                    let child = method.children[index as usize].clone();
                    let name = child.code.name;
                    crate::core::module::warn_redefining(self, singleton, name);
                    let cref = self.context.frames[frame].cref.clone();
                    self.add_method_in(
                        singleton,
                        name,
                        MethodBody::Bytecode(child),
                        Visibility::Public,
                        Some(cref),
                    );
                    self.push_operand(Value::symbol(name));
                }
                Insn::InvokeSuper(site) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let owner = self.context.frames[frame].owner;
                    self.invoke_super(method, site as usize, owner, frame, base)?;
                }
                Insn::GetGlobal(name) => {
                    let value = self.global(name);
                    self.push_operand(value);
                }
                Insn::SetGlobal(name) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    self.set_global(name, value)?;
                }
                Insn::DefineMethod(index) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let child = method.children[index as usize].clone();
                    let name = child.code.name;
                    let cref = self.context.frames[frame].cref.clone();
                    self.check_class_modifiable(cref.module)?;
                    let visibility = if self.always_private(name) {
                        Visibility::Private
                    } else {
                        self.context.frames[frame].visibility
                    };
                    if self.context.frames[frame].module_function {
                        let singleton = self.singleton_class(cref.module);
                        self.add_method_in(
                            singleton,
                            name,
                            MethodBody::Bytecode(child.clone()),
                            Visibility::Public,
                            Some(cref.clone()),
                        );
                    }
                    let module = cref.module;
                    crate::core::module::warn_redefining(self, module, name);
                    self.add_method_in(
                        module,
                        name,
                        MethodBody::Bytecode(child),
                        visibility,
                        Some(cref),
                    );
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    crate::core::module::method_added(self, module, name)?;
                    self.push_operand(Value::symbol(name));
                }
                Insn::ToRegexp(options) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let source = self.pop_operand::<ONE>();
                    let regexp = crate::core::regexp::from_interpolation(self, source, options)?;
                    self.push_operand(regexp);
                }
                Insn::GetSpecial(special) => {
                    let value = crate::core::regexp::special(self, special);
                    self.push_operand(value);
                }
                Insn::SetLastMatch => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop_operand::<ONE>();
                    crate::core::regexp::assign_last_match(self, value)?;
                }
                Insn::Unsupported(index) => {
                    self.context.frames[frame].ip = (ip - 1) as u32;
                    let Literal::String(message) = &code.literals[index as usize] else {
                        unreachable!("unsupported carries its message")
                    };
                    let message = String::from_utf8_lossy(message).into_owned();
                    let class = self.c.not_implemented_error;
                    return Err(self.raise(class, message));
                }
            }
        }
    }

    /// The `branch` to `target` (with profile `profile`) before `ip`, in
    /// frame `frame` of `method` (receiver at `base`, `argc` arguments),
    /// when `taken`: counts it, and jumps. A jump back counts towards
    /// on-stack replacement; Some when compiled code finished the frame.
    #[inline(always)]
    fn branch(
        &mut self,
        method: &Rc<LoadedMethod>,
        (frame, base, argc): (usize, usize, usize),
        ip: &mut usize,
        taken: bool,
        (target, profile): (u32, u16),
    ) -> Option<VmResult> {
        if self.profiling {
            method.branches[profile as usize].record(taken);
        }
        if taken {
            let target = target as usize;
            if target < *ip {
                if let Some(result) = self.back_edge(method, frame, *ip, base, argc, target) {
                    return Some(result);
                }
            }
            *ip = target;
        }
        None
    }

    /// Constant site `site` of `method` (at `ip`, running in frame
    /// `frame`) missed its cache: looks the constant up, and caches what
    /// it finds.
    #[cold]
    fn constant_at(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        frame: usize,
        ip: usize,
    ) -> VmResult {
        let name = method.code.constants[site];
        let cref = self.context.frames[frame].cref.clone();
        let Some(value) = self.lookup_constant(&cref, name) else {
            let scope = Some(cref.lexical().module);
            return Err(self.uninitialized_constant(name, scope, &method.code, ip));
        };
        let scope = crate::object::Cref::lexical_shared(&cref);
        method.constant_caches[site].fill(scope, self.constant_serial, value);
        Ok(value)
    }

    /// The inline path of a quickened send of numeric operation `op`
    /// (`opt_plus`, ...) for two fixnums, while the operation is the
    /// core's and recording the profile would add nothing (no profiles, or
    /// the site's already holds two fixnums): true when it answered. Small, so
    /// that the run loop keeps its registers; everything else is
    /// [`Vm::basic_send`]'s, out of line.
    #[inline(always)]
    fn fixnum_op_inline<const ONE: bool>(
        &mut self,
        method: &LoadedMethod,
        site: u32,
        op: BasicOp,
    ) -> bool {
        if (self.profiling && !method.fixnums_recorded[site as usize].get())
            || (self.basic_ops_redefined && !method.sites[site as usize].core)
        {
            return false;
        }
        let top = self.context.stack.len() - 1;
        let (a, b) = (self.stack_at::<ONE>(top - 1), self.stack_at::<ONE>(top));
        if !(a.is_fixnum() && b.is_fixnum()) {
            return false;
        }
        let Some(result) = self.fixnum_op(op, a, b) else {
            return false;
        };
        self.pop_operand::<ONE>();
        self.set_stack_at::<ONE>(top - 1, result);
        true
    }

    /// A quickened send of numeric operation `OP` (its number, see
    /// [`BasicOp::numbered`]) at site `site`: the inline path of its
    /// Integer or Float operation (recording the profile) when the operands
    /// are ones it handles and the operation is the core's, else the send.
    /// (One function per operation: the operation's dispatch folds away.)
    #[inline(never)]
    fn basic_send<const ONE: bool, const OP: u8>(
        &mut self,
        method: &Rc<LoadedMethod>,
        site: u32,
        at: (usize, usize),
        ip: usize,
    ) -> VmResult<()> {
        let op = BasicOp::numbered(OP);
        if !self.basic_ops_redefined || method.sites[site as usize].core {
            let top = self.context.stack.len() - 1;
            let (a, b) = (self.stack_at::<ONE>(top - 1), self.stack_at::<ONE>(top));
            let inline = if a.is_fixnum() && b.is_fixnum() {
                self.fixnum_op(op, a, b)
                    .map(|result| (result, Kind::Fixnum))
            } else if a.is_flonum() && b.is_flonum() {
                self.float_op(op, a.flonum_value(), b.flonum_value())
                    .map(|result| (result, Kind::Flonum))
            } else {
                None
            };
            if let Some((result, kind)) = inline {
                if self.profiling {
                    let state = &method.sites[site as usize];
                    if state.receiver.record(kind) | state.args[0].record(kind) {
                        self.report_kinds(method, site as usize);
                    }
                    method.fixnums_recorded[site as usize].set(
                        state.receiver.first_is(Kind::Fixnum)
                            && state.args[0].first_is(Kind::Fixnum),
                    );
                }
                self.pop_operand::<ONE>();
                self.set_stack_at::<ONE>(top - 1, result);
                return Ok(());
            }
        }
        self.operator_send(method, site, at, ip)
    }

    /// The send of a quickened operation whose inline path did not apply
    /// (`s == "x"` of Strings, `2 * x` of an Integer and a Float): through
    /// the site's send line when it holds the method they call, else the
    /// send. (Out of line: the inline paths pay for none of it.)
    #[inline(never)]
    fn operator_send(
        &mut self,
        method: &Rc<LoadedMethod>,
        site: u32,
        at: (usize, usize),
        ip: usize,
    ) -> VmResult<()> {
        if self.line_send(method, site) {
            return Ok(());
        }
        self.send_insn(method, site, at, ip)
    }

    /// A quickened send of an Array operation at site `site` (`OP`: the
    /// number of `[]`, `[]=` or `size`, see [`BasicOp::numbered`]): its inline path
    /// when it applies (see [`Vm::array_index_inline`]), else the send.
    /// (Apart from [`Vm::basic_send`], one function per operation, and
    /// with the send out of line, so that the inline path pays for no more
    /// registers and tests than it uses.)
    #[inline(never)]
    fn array_send<const ONE: bool, const OP: u8>(
        &mut self,
        method: &Rc<LoadedMethod>,
        site: u32,
        at: (usize, usize),
        ip: usize,
    ) -> VmResult<()> {
        if !self.array_ops_redefined || method.sites[site as usize].core {
            let site = site as usize;
            let done = match BasicOp::numbered(OP) {
                BasicOp::ArrayIndex => self.array_index_inline::<ONE>(method, site),
                BasicOp::ArraySet => self.array_set_inline::<ONE>(method, site),
                _ => self.array_size_inline::<ONE>(method, site),
            };
            if done {
                return Ok(());
            }
        }
        self.operator_send(method, site, at, ip)
    }

    /// `send site` of `method`, the instruction before `ip`, in frame
    /// `at.0` whose receiver is at `at.1`; a `break` from the block it
    /// passed ends the call with the break's value.
    #[inline(always)]
    fn send_insn(
        &mut self,
        method: &Rc<LoadedMethod>,
        site: u32,
        (frame, base): (usize, usize),
        ip: usize,
    ) -> VmResult<()> {
        self.context.frames[frame].ip = (ip - 1) as u32;
        let call = &method.code.sites[site as usize];
        let receiver_index = self.context.stack.len() - call.popped();
        let plain = if call.flags & call_flags::NOT_PLAIN == 0 && call.block.is_none() {
            self.send_plain(method, call, site as usize)
        } else {
            None
        };
        let sent = match plain {
            Some(sent) => sent,
            None => self.send(method, site as usize, frame, base),
        };
        if let Err(control) = sent {
            // `break` in the block this call was given.
            let Some(value) = control.breaking_to(self.context.frames[frame].id) else {
                return Err(control);
            };
            self.context.stack.truncate(receiver_index);
            self.push_operand(value);
        }
        Ok(())
    }

    /// What [`Vm::run`] does when the value stack may lack the room for
    /// `method`'s operands: the first time the method runs, walks its code
    /// for that room (and for the proofs the run loop's unchecked
    /// operations rest on: see [`bytecode::Method::max_operand_depth`]);
    /// then SystemStackError if the room is not there.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, method: &LoadedMethod) -> VmResult<()> {
        if method.max_depth.get() == LoadedMethod::UNWALKED {
            let depth = method
                .code
                .max_operand_depth()
                .unwrap_or_else(|error| panic!("{error}"));
            method.max_depth.set(depth);
        }
        let room = self.context.stack.capacity() - self.context.stack.len();
        if room < method.max_depth.get() as usize {
            return Err(self.stack_overflow());
        }
        Ok(())
    }

    /// Pushes `value`, what an instruction leaves, without the capacity
    /// check of `Vec::push`: [`Vm::run`] made sure on entering the frame
    /// that the value stack has room for the method's `max_depth`
    /// operands, and no instruction leaves more than that
    /// ([`bytecode::Method::max_operand_depth`]; debug builds check it
    /// before every instruction).
    #[inline(always)]
    fn push_operand(&mut self, value: Value) {
        let stack = &mut self.context.stack;
        let len = stack.len();
        debug_assert!(len < stack.capacity(), "the frame's room was made sure of");
        // SAFETY: `len < capacity`, as above: the slot is allocated, and
        // counting it in once written keeps the vector's invariant.
        unsafe {
            stack.as_mut_ptr().add(len).write(value);
            stack.set_len(len + 1);
        }
    }

    /// Pops an operand of the frame the run loop runs, without checking
    /// that there is one: before the method's first instruction ran,
    /// [`Vm::make_room`] walked its code and found that every path to an instruction leaves at least the operands the
    /// instruction takes ([`bytecode::Method::max_operand_depth`]; debug
    /// builds check it before every instruction). Running `ONE`
    /// instruction for compiled code, which laid its operands out itself,
    /// it checks.
    #[inline(always)]
    pub(super) fn pop_operand<const ONE: bool>(&mut self) -> Value {
        if ONE {
            return self.pop();
        }
        let stack = &mut self.context.stack;
        let len = stack.len();
        debug_assert!(len > 0, "the frame's operands lie above its receiver");
        // SAFETY: the operand taken is the frame's own (see above), above
        // its receiver: `len >= 1`, the slot below `len` is initialised,
        // and no longer counting it keeps the vector's invariant.
        unsafe {
            let value = *stack.as_ptr().add(len - 1);
            stack.set_len(len - 1);
            value
        }
    }

    /// The value at `index` of the stack, where the run loop's frame keeps
    /// its receiver, a local or an operand: without a bounds check, as the
    /// index is below the stack's length (the receiver and the locals lie
    /// below the operands, the depth walk checked that each `load` and
    /// `store` names one of the method's locals and that each instruction
    /// has the operands it takes; debug builds check both). Running `ONE` instruction for compiled
    /// code, it checks.
    #[inline(always)]
    pub(super) fn stack_at<const ONE: bool>(&self, index: usize) -> Value {
        if ONE {
            return self.context.stack[index];
        }
        debug_assert!(index < self.context.stack.len());
        // SAFETY: `index < len`, as above.
        unsafe { *self.context.stack.get_unchecked(index) }
    }

    /// Stores `value` at `index` of the stack, as [`Vm::stack_at`] reads it.
    #[inline(always)]
    pub(super) fn set_stack_at<const ONE: bool>(&mut self, index: usize, value: Value) {
        if ONE {
            self.context.stack[index] = value;
            return;
        }
        debug_assert!(index < self.context.stack.len());
        // SAFETY: `index < len`, as for [`Vm::stack_at`].
        unsafe { *self.context.stack.get_unchecked_mut(index) = value }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Value {
        self.context.stack.pop().expect("operand stack underflow")
    }
}
