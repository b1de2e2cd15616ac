//! Blocks and their environments: making a block from a literal, a Proc or
//! a Symbol, calling it (`yield`, `Proc#call`), and the environments that
//! hold the locals blocks capture.
//!
//! ```text
//! [1, 2].each { |x| sum += x }
//!   literal_block: Block { code, self, env (holds sum) }
//!   yield 1 -> invoke_block_with: a block frame, x = 1, sum read via env
//! ```
//!
//! `break` and a block's `return` leave through the frames their block was
//! made in ([`Vm::break_block`], [`Vm::return_from_block`]).

use crate::block::{Block, BlockCode};
use crate::heap::HeapObject;
use crate::method::{BlockCall, LoadedMethod};
use crate::object::{RArray, REnv, RProc};
use crate::value::Value;
use crate::vm::{Control, FrameCode, FrameRecord, Vm, VmResult};
use bytecode::Method;
use std::cell::RefCell;
use std::rc::Rc;

impl Vm {
    /// The environment for a frame running `code`: a new one when blocks
    /// capture its locals (linked to `parent`), else `parent` itself.
    #[inline]
    pub fn new_env(&mut self, code: &Method, parent: Value) -> Value {
        if !code.has_env {
            return parent;
        }
        self.alloc_env(code.locals.len(), parent)
    }

    /// The environment of frame `frame` (the captured locals its blocks
    /// share). A method's is made the first time something asks for it
    /// (a captured local read or written, a block made, compiled code's
    /// `frame_env`): a call that takes a path touching none makes none,
    /// as MRI keeps a method's locals on its stack until a block escapes.
    ///
    /// ```ruby
    /// def permute(n)
    ///   return if n == 0        # this call makes no environment
    ///   n1 = n - 1              # this one does, here
    ///   n1.downto(0) { |i| swap(n1, i) }
    /// end
    /// ```
    #[inline(always)]
    pub(crate) fn frame_env(&mut self, frame: usize) -> Value {
        let env = self.context.frames[frame].env;
        if !env.is_nil() {
            return env;
        }
        self.make_frame_env(frame)
    }

    /// [`Vm::frame_env`] of a frame that has none yet: a method's, made
    /// now when its code has captured locals; nil for any other.
    #[cold]
    #[inline(never)]
    fn make_frame_env(&mut self, frame: usize) -> Value {
        let FrameCode::Bytecode(method) = &self.context.frames[frame].code else {
            return Value::NIL;
        };
        if !method.code.has_env || method.code.kind != bytecode::MethodKind::Method {
            return Value::NIL;
        }
        let locals = method.code.locals.len();
        let env = self.alloc_env(locals, Value::NIL);
        self.context.frames[frame].env = env;
        env
    }

    /// A fresh environment for the captured locals of code with `locals`
    /// locals, all nil.
    fn alloc_env(&mut self, locals: usize, parent: Value) -> Value {
        let slots = RefCell::new(smallvec::smallvec![Value::NIL; locals]);
        self.alloc(REnv {
            header: crate::heap::Header::new(REnv::KIND, Value::NIL),
            parent,
            slots,
        })
    }

    /// The environment `hops` links out from `env`.
    #[inline]
    pub(crate) fn env_at(env: Value, hops: u8) -> &'static REnv {
        let mut current = env
            .get::<REnv>()
            .expect("a captured local has an environment");
        for _ in 0..hops {
            current = current
                .parent
                .get::<REnv>()
                .expect("environments chain to the captured local");
        }
        current
    }

    #[inline]
    pub(crate) fn push_locals(&mut self, method: &LoadedMethod) {
        let len = self.context.stack.len();
        self.context
            .stack
            .resize(len + method.code.locals.len(), Value::NIL);
    }

    /// `break` with `value` from the block running in frame `frame`: ends
    /// the call the block was passed to (a lambda: the lambda itself).
    pub fn break_block(&mut self, frame: usize, value: Value) -> VmResult {
        if self.context.frames[frame].is_lambda {
            return Ok(value);
        }
        let (target, block_id) = (
            self.context.frames[frame].break_target,
            self.context.frames[frame].block_id,
        );
        // From the innermost frame: the target is a few frames below.
        if !self
            .context
            .frames
            .iter()
            .rev()
            .any(|f| f.id == target && f.sending_block == block_id)
        {
            let class = self.c.local_jump_error;
            let reason = Value::symbol(self.symbols.intern("break"));
            return Err(self.raise_with(
                class,
                "break from proc-closure".into(),
                &[("reason", reason), ("exit_value", value)],
            ));
        }
        Err(Control::break_to(target, value))
    }

    /// `return` with `value` from the block running in frame `frame`:
    /// leaves the method the block was written in (a lambda: the lambda).
    pub fn return_from_block(&mut self, frame: usize, value: Value) -> VmResult {
        let record = &self.context.frames[frame];
        if record.is_lambda {
            // A lambda's `return` leaves the lambda itself, through its own
            // `ensure` clauses when it is inside one: as a transfer to its
            // own frame, which the call of the lambda catches.
            let in_ensure = matches!(&record.code, FrameCode::Bytecode(code)
                if code.code.handler_at(record.ip as usize, false).is_some());
            return if in_ensure {
                Err(Control::return_to(record.id, value))
            } else {
                Ok(value)
            };
        }
        let target = self.context.frames[frame].home;
        // From the innermost frame: the home is a few frames below (a
        // scan from the bottom cost each `return` the depth of the stack).
        if !self.context.frames.iter().rev().any(|f| f.id == target) {
            let class = self.c.local_jump_error;
            let reason = Value::symbol(self.symbols.intern("return"));
            return Err(self.raise_with(
                class,
                "unexpected return".into(),
                &[("reason", reason), ("exit_value", value)],
            ));
        }
        Err(Control::return_to(target, value))
    }

    /// The block a literal `{ ... }` in the code of frame `frame` denotes.
    pub(crate) fn literal_block(
        &mut self,
        method: &LoadedMethod,
        child: u32,
        frame: usize,
        base: usize,
    ) -> Block {
        let id = self.new_frame_id();
        // (A method with no captured locals has no environment to make.)
        let env = if method.code.has_env {
            self.frame_env(frame)
        } else {
            self.context.frames[frame].env
        };
        let record = &self.context.frames[frame];
        Block {
            id,
            code: BlockCode::Bytecode(method.children[child as usize].clone()),
            receiver: self.context.stack[base],
            env,
            cref: record.cref.clone(),
            owner: record.owner,
            home: record.home,
            creator: record.id,
            outer_block: record.block.clone(),
            is_lambda: false,
            method_name: record.method_name,
        }
    }

    /// The block a literal `{ ... }` in the code of frame `frame` denotes,
    /// shared: [`Vm::literal_block`] in the allocation a finished call
    /// left when there is one (see [`Vm::recycle_block`]), filled in place.
    /// A loop passing the same literal block on every call finds the same
    /// code, scope and outer block there: those are kept, not cloned anew
    /// and dropped.
    ///
    /// ```text
    /// while i < n; y { }; end     # the second call's block:
    ///   pooled block: code, cref, outer_block as they were -> kept
    ///                 id, receiver, env, creator          -> written
    /// ```
    pub(crate) fn shared_literal_block(
        &mut self,
        method: &LoadedMethod,
        child: u32,
        frame: usize,
        base: usize,
    ) -> Rc<Block> {
        let Some(mut shared) = self.block_pool.pop() else {
            let block = self.literal_block(method, child, frame, base);
            return Rc::new(block);
        };
        let id = self.new_frame_id();
        let env = if method.code.has_env {
            self.frame_env(frame)
        } else {
            self.context.frames[frame].env
        };
        let receiver = self.context.stack[base];
        let record = &self.context.frames[frame];
        let block = Rc::get_mut(&mut shared).expect("a pooled block is not shared");
        let code = &method.children[child as usize];
        if !matches!(&block.code, BlockCode::Bytecode(pooled) if Rc::ptr_eq(pooled, code)) {
            block.code = BlockCode::Bytecode(code.clone());
        }
        if !Rc::ptr_eq(&block.cref, &record.cref) {
            block.cref = record.cref.clone();
        }
        let same_outer = match (&block.outer_block, &record.block) {
            (Some(pooled), Some(outer)) => Rc::ptr_eq(pooled, outer),
            (None, None) => true,
            _ => false,
        };
        if !same_outer {
            block.outer_block = record.block.clone();
        }
        block.id = id;
        block.receiver = receiver;
        block.env = env;
        block.owner = record.owner;
        block.home = record.home;
        block.creator = record.id;
        block.is_lambda = false;
        block.method_name = record.method_name;
        shared
    }

    /// The call a literal block was made for returned: unless something
    /// kept the block (a Proc made of it, a frame still running it), its
    /// allocation serves the next literal block. (Nothing reads a pooled
    /// block: its values need no marking.)
    pub(crate) fn recycle_block(&mut self, block: Rc<Block>) {
        const POOLED: usize = 16;
        if Rc::strong_count(&block) == 1
            && Rc::weak_count(&block) == 0
            && self.block_pool.len() < POOLED
        {
            self.block_pool.push(block);
        }
    }

    /// The block an `&expr` argument passes: none for nil, a Proc's block, a
    /// Symbol's `to_proc` block; anything else must convert with `to_proc`.
    pub fn block_from_value(&mut self, value: Value) -> VmResult<Option<Rc<Block>>> {
        if value.is_nil() {
            return Ok(None);
        }
        if let Some(proc) = value.get::<RProc>() {
            return Ok(Some(proc.block.clone()));
        }
        if let Some(name) = value.as_symbol() {
            return Ok(Some(Rc::new(self.symbol_block(name))));
        }
        let to_proc = self.symbols.intern("to_proc");
        let class = self.class_of(value);
        if self.find_method(class, to_proc).is_some() {
            let converted = self.call(value, to_proc, &[])?;
            if let Some(proc) = converted.get::<RProc>() {
                return Ok(Some(proc.block.clone()));
            }
        }
        let name = self.class_name(self.real_class_of(value));
        Err(self.type_error(format!("wrong argument type {name} (expected Proc)")))
    }

    /// `:name.to_proc`: a lambda calling `name` on its first argument.
    pub fn symbol_block(&self, name: bytecode::Sym) -> Block {
        Block {
            id: 0,
            code: BlockCode::Symbol(name),
            receiver: Value::NIL,
            env: Value::NIL,
            cref: self.top_cref(),
            owner: self.c.object,
            home: 0,
            creator: 0,
            outer_block: None,
            is_lambda: true,
            method_name: None,
        }
    }

    /// The Proc object for `block`: the one made before if there is one
    /// (a Proc passed as `&blk` comes back as itself from a `&b`
    /// parameter), else a new one.
    pub fn new_proc(&mut self, block: Rc<Block>) -> Value {
        let address = Rc::as_ptr(&block) as usize;
        if let Some(&proc) = self.procs_of_blocks.get(&address) {
            return proc;
        }
        let class = self.c.proc_class;
        let proc = self.alloc(RProc {
            header: crate::heap::Header::new(RProc::KIND, class),
            block,
        });
        self.procs_of_blocks.insert(address, proc);
        proc
    }

    /// Calls a block with `args`: proc semantics (a single Array spread over
    /// several parameters, missing arguments nil, extra ones dropped) or
    /// lambda semantics (exact arity).
    pub fn invoke_block(&mut self, block: &Rc<Block>, args: &[Value]) -> VmResult {
        self.invoke_block_with(block, args, BlockCall::default())
    }

    /// What `blockproxy` pushes in a frame with `block`: nil without one,
    /// else the block proxy, or a Proc of the block once `Proc#call` is
    /// redefined (the Proc calls it).
    pub fn block_proxy_for(&mut self, block: Option<&Rc<Block>>) -> Value {
        let Some(block) = block else {
            return Value::NIL;
        };
        let proc_call = self.find_method(self.c.proc_class, self.sym.call);
        match (&proc_call, &self.proc_call) {
            (Some(now), Some(core)) if Rc::ptr_eq(now, core) => self.block_proxy,
            _ => self.new_proc(block.clone()),
        }
    }

    /// [`Vm::invoke_block`] with keyword arguments or a block of its own.
    pub fn invoke_block_with(
        &mut self,
        block: &Rc<Block>,
        args: &[Value],
        call: BlockCall,
    ) -> VmResult {
        let code = match &block.code {
            BlockCode::Bytecode(code) => code.clone(),
            BlockCode::Symbol(name) => {
                let Some((&receiver, rest)) = args.split_first() else {
                    return Err(self.argument_error("no receiver given".into()));
                };
                return self.call_public(receiver, *name, rest);
            }
            BlockCode::Method(name) => return self.call(block.receiver, *name, args),
        };
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        self.spend_step()?;
        let (min, max) = (
            code.code.min_args() as usize,
            code.code.max_args().map(|m| m as usize),
        );
        // The common call: the arguments are the block's as they are.
        let fits = args.len() >= min && max.is_none_or(|max| args.len() <= max);
        let splats = !block.is_lambda && code.code.auto_splat && args.len() == 1;
        if fits && !call.kwargs && !splats {
            let id = self.new_frame_id();
            return self.enter_block(block, &code, args, None, call.block_arg, id);
        }
        let mut args: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(args);
        let mut kwargs = call.kwargs;
        if kwargs
            && args.last().is_some_and(|&last| {
                last.get::<crate::object::RHash>().is_some()
                    && crate::hash_table::hash_data(last).borrow().is_empty()
            })
        {
            args.pop();
            kwargs = false;
        }
        let keywords = if kwargs && code.code.takes_keywords() {
            args.pop()
        } else {
            None
        };
        if !block.is_lambda && code.code.auto_splat && args.len() == 1 {
            if let Some(items) = self.auto_splat_items(args[0])? {
                args = items;
            }
        }
        let id = self.new_frame_id();
        if block.is_lambda {
            if args.len() < min || max.is_some_and(|max| args.len() > max) {
                let block_arg = call.block_arg;
                self.push_frame_with(|| Self::block_record(block, &code, block_arg, id));
                let error = self.code_arity_error(&code.code, args.len());
                self.pop_frame();
                return Err(error);
            }
        } else {
            if let Some(max) = max {
                args.truncate(max);
            }
            while args.len() < min {
                args.push(Value::NIL);
            }
        }
        self.enter_block(block, &code, &args, keywords, call.block_arg, id)
    }

    /// The arguments a block with several parameters takes from one
    /// argument: an Array's items, or those of what `to_ary` converts it
    /// to (None: it is the only argument).
    fn auto_splat_items(&mut self, arg: Value) -> VmResult<Option<smallvec::SmallVec<[Value; 8]>>> {
        let converted = if arg.get::<RArray>().is_some() {
            arg
        } else {
            let to_ary = self.sym.to_ary;
            let class = self.class_of(arg);
            if self.find_method(class, to_ary).is_none() {
                return Ok(None);
            }
            self.call(arg, to_ary, &[])?
        };
        Ok(converted
            .get::<RArray>()
            .map(|array| smallvec::SmallVec::from_slice(&array.items())))
    }

    /// The frame of a call of `block` (running `code`), and its id.
    pub(crate) fn block_frame(
        &mut self,
        block: &Block,
        code: &Rc<LoadedMethod>,
        block_arg: Option<Rc<Block>>,
    ) -> (FrameRecord, u64) {
        let id = self.new_frame_id();
        (Self::block_record(block, code, block_arg, id), id)
    }

    /// The record of frame `id`, a call of `block` (running `code`).
    /// (Inlined, so that [`Vm::push_frame_with`] builds it in its place:
    /// returned from a call, it was built on the machine stack and copied.)
    #[inline(always)]
    pub(crate) fn block_record(
        block: &Block,
        code: &Rc<LoadedMethod>,
        block_arg: Option<Rc<Block>>,
        id: u64,
    ) -> FrameRecord {
        let mut frame = FrameRecord::new(
            FrameCode::Bytecode(code.clone()),
            block.cref.clone(),
            block.owner,
            id,
        );
        frame.block = block.outer_block.clone();
        frame.home = if block.is_lambda { id } else { block.home };
        frame.break_target = block.creator;
        frame.block_id = block.id;
        frame.is_lambda = block.is_lambda;
        frame.block_arg = block_arg;
        frame.method_name = block.method_name;
        frame
    }

    /// Runs `block`'s code in a new frame `id` (given `block_arg`) with
    /// `args`, which fit its parameters (`keywords`: the Hash of keyword
    /// arguments it takes).
    fn enter_block(
        &mut self,
        block: &Block,
        code: &Rc<LoadedMethod>,
        args: &[Value],
        keywords: Option<Value>,
        block_arg: Option<Rc<Block>>,
        id: u64,
    ) -> VmResult {
        if block_arg.is_none() && keywords.is_none() {
            if let Some(compiled) = Self::virtual_block_code(code, args) {
                return self.enter_block_virtually(block, code, &compiled, args, id);
            }
        }
        let base = self.context.stack.len();
        self.context.stack.push(block.receiver);
        self.context.stack.extend_from_slice(args);
        self.run_block_frame(block, code, (base, args.len()), (keywords, block_arg), id)
    }

    /// `yield` to `block` of the `argc` values on top of the value stack,
    /// which it consumes. When the block takes them on the stack
    /// ([`Vm::block_takes_on_stack`]), they stay where they are and become
    /// its arguments, the block's self slid in below them, where the
    /// general way ([`Vm::invoke_block`]) copies them out and pushes them
    /// back.
    ///
    /// ```text
    /// yield a, b    stack: ... a b  ->  ... self a b  (the block's frame)
    /// yield a, b    to { |x| }:  ... a b  ->  ... self a
    /// ```
    pub(super) fn yield_on_stack(&mut self, block: &Rc<Block>, argc: usize) -> VmResult {
        let start = self.context.stack.len() - argc;
        if let Some(code) = Self::block_takes_on_stack(block, argc) {
            let stack = &mut self.context.stack;
            match argc {
                0 => stack.push(block.receiver),
                1 => {
                    stack.push(stack[start]);
                    stack[start] = block.receiver;
                }
                _ => {
                    stack.push(Value::NIL);
                    for at in (start..start + argc).rev() {
                        stack[at + 1] = stack[at];
                    }
                    stack[start] = block.receiver;
                }
            }
            return self.run_block_on_stack(block, code, start, argc);
        }
        let args: smallvec::SmallVec<[Value; 8]> =
            smallvec::SmallVec::from_slice(&self.context.stack[start..]);
        let result = self.invoke_block(block, &args);
        self.context.stack.truncate(start);
        result
    }

    /// `proc.call(...)`: calls `block` with the `argc` values above the
    /// Proc at `receiver_index` on the value stack, which it consumes (the
    /// Proc's slot too). When the block takes them on the stack, its self
    /// takes the Proc's slot and they stay where they are.
    ///
    /// ```text
    /// proc.call(a, b)    stack: ... proc a b  ->  ... self a b
    /// ```
    pub(super) fn call_block_on_stack(
        &mut self,
        block: &Rc<Block>,
        receiver_index: usize,
        argc: usize,
    ) -> VmResult {
        if let Some(code) = Self::block_takes_on_stack(block, argc) {
            self.context.stack[receiver_index] = block.receiver;
            return self.run_block_on_stack(block, code, receiver_index, argc);
        }
        let args: smallvec::SmallVec<[Value; 8]> =
            smallvec::SmallVec::from_slice(&self.context.stack[receiver_index + 1..]);
        let result = self.invoke_block(block, &args);
        self.context.stack.truncate(receiver_index);
        result
    }

    /// The code of `block` when it takes `argc` values where they lie on
    /// the value stack: interpreted code that does not spread one Array
    /// over its parameters, and either has only required parameters, given
    /// as many values or for a proc any number (see
    /// [`Vm::run_block_on_stack`]), or has optional, rest or post
    /// parameters but no keywords, and `argc` fits them: the frame lays the
    /// values out in its parameters' slots (`each { |*xs| }`).
    #[inline]
    fn block_takes_on_stack(block: &Block, argc: usize) -> Option<&Rc<LoadedMethod>> {
        let BlockCode::Bytecode(code) = &block.code else {
            return None;
        };
        let params = &code.code;
        let spreads = argc == 1 && params.auto_splat && !block.is_lambda;
        let takes = if code.lays_out_args {
            !params.takes_keywords()
                && argc >= params.min_args() as usize
                && params.max_args().is_none_or(|max| argc <= max as usize)
        } else {
            argc == params.required as usize || !block.is_lambda
        };
        // Compiled blocks may run without a frame: the general way.
        let compiled = code.jit.get() == crate::method::status::COMPILED;
        (takes && !spreads && !compiled).then_some(code)
    }

    /// Runs `block`'s `code` (which takes its arguments on the stack) in a
    /// new frame whose self is at `base` with `argc` values above it. A
    /// proc of only required parameters drops the values beyond them and
    /// gets nil for each one missing (`3.times { puts "x" }`,
    /// `each_with_index { |x| }`). The stack is cut back to `base`.
    #[inline(always)]
    fn run_block_on_stack(
        &mut self,
        block: &Block,
        code: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
    ) -> VmResult {
        if self.too_deep() {
            self.context.stack.truncate(base);
            return Err(self.stack_overflow());
        }
        if let Err(fatal) = self.spend_step() {
            self.context.stack.truncate(base);
            return Err(fatal);
        }
        let argc = if code.lays_out_args {
            argc
        } else {
            let required = code.code.required as usize;
            let stack = &mut self.context.stack;
            if argc > required {
                stack.truncate(base + 1 + required);
            }
            for _ in argc..required {
                stack.push(Value::NIL);
            }
            required
        };
        let id = self.new_frame_id();
        if code.lays_out_args {
            return self.run_block_frame(block, code, (base, argc), (None, None), id);
        }
        // [`Vm::run_block_frame`] for a block that needs nothing laid out,
        // inline: a call of it cost each `yield` thirty instructions.
        self.push_frame_with(|| Self::block_record(block, code, None, id));
        self.run_pushed_block(block, code, base, argc, id)
    }

    /// Runs `block`'s code in a new frame `id` with its self at `base` on
    /// the value stack and the `given` arguments above it, which fit its
    /// parameters (`keywords`: the Hash of keyword arguments it takes;
    /// `block_arg`: the block its call passed). The stack is cut back to
    /// `base` when it returns.
    fn run_block_frame(
        &mut self,
        block: &Block,
        code: &Rc<LoadedMethod>,
        (base, given): (usize, usize),
        (keywords, block_arg): (Option<Value>, Option<Rc<Block>>),
        id: u64,
    ) -> VmResult {
        self.push_frame_with(|| Self::block_record(block, code, block_arg, id));
        let argc = if code.lays_out_args {
            let keywords =
                keywords.map_or(super::send::Keywords::None, super::send::Keywords::Hash);
            match self.lay_out_args(&code.code, base, given, keywords) {
                Ok(argc) => argc,
                Err(error) => {
                    self.pop_frame();
                    self.context.stack.truncate(base);
                    return Err(error);
                }
            }
        } else {
            given
        };
        self.run_pushed_block(block, code, base, argc, id)
    }

    /// Runs `block`'s `code` in its frame `id`, just pushed, with its self
    /// at `base` and `argc` arguments laid out above it: its environment,
    /// its locals, its run; pops the frame and cuts the stack back to
    /// `base`.
    #[inline(always)]
    fn run_pushed_block(
        &mut self,
        block: &Block,
        code: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        id: u64,
    ) -> VmResult {
        let env = self.new_env(&code.code, block.env);
        self.context
            .frames
            .last_mut()
            .expect("the block's frame")
            .env = env;
        code.calls.set(code.calls.get() + 1);
        self.jit_entering(code);
        self.push_locals(code);
        let result = self.run_method(code, base, argc);
        self.jit_leaving(code);
        self.pop_frame();
        self.context.stack.truncate(base);
        crate::vm::returned_to(result, id)
    }

    /// The block passed to the running method (for a core method: to it).
    pub fn current_block(&self) -> Option<Rc<Block>> {
        self.context.frames.last().and_then(|f| f.block.clone())
    }

    /// LocalJumpError for `yield` without a block.
    pub fn no_block_given(&mut self) -> Control {
        let class = self.c.local_jump_error;
        let reason = Value::symbol(self.symbols.intern("noreason"));
        self.raise_with(
            class,
            "no block given (yield)".into(),
            &[("reason", reason)],
        )
    }
}
