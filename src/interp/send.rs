//! Sends: looking the method up through the site's inline cache, laying
//! out the arguments the way the callee's parameters take them, and
//! calling it (a Ruby method's frame, or a core method's Rust function).
//!
//! ```text
//! send add(1, k: 2) -> cache hit: entry `add`
//!   lay_out_args:     receiver | 1 | k: 2       (positional, keywords, block)
//!   invoke:           push_method_frame, execute (or compiled code)
//! ```
//!
//! Most sends are plain (positional arguments only, no block) and call a
//! method that takes them as they are: [`Vm::send_plain`] makes those
//! from the cache hit straight to the callee's frame.
//!
//! `method_missing`, `super`, and calls the runtime makes itself
//! ([`Vm::call`], [`Vm::call_with_block`]) go through here too.

use crate::block::Block;
use crate::method::NativeFrame;
use crate::method::{BasicOp, LoadedMethod};
use crate::method::{BlockCall, CallKind};
use crate::object::{MethodBody, MethodEntry, Visibility};
use crate::splitting::Polymorphism;
use crate::value::Value;
use crate::vm::{Control, FrameCode, FrameRecord, Vm, VmResult};
use bytecode::{call_flags, Method};
use std::rc::Rc;

/// The keyword arguments of a call, as the callee's keyword slots get
/// them: none, a Hash (`f(**opts)`, a call through the runtime), or the
/// values of a site's literal keywords, on the stack after the positional
/// arguments (`call_flags::KEYWORD_OPERANDS`), with their names.
#[derive(Clone, Copy)]
pub(crate) enum Keywords<'a> {
    None,
    Hash(Value),
    Operands(&'a [bytecode::Sym]),
}

impl Vm {
    /// The number of arguments a call passes: its site's count, or, for a
    /// `*args` call, the elements of the Array on the stack (spread there);
    /// and whether the last is a keyword Hash.
    fn spread_arguments(&mut self, site: &bytecode::CallSite) -> (usize, bool) {
        let argc = if site.flags & call_flags::SPLAT == 0 {
            site.argc as usize
        } else {
            let list = self.pop();
            let items = self
                .array_items(list)
                .expect("a splat call passes an Array");
            let count = items.len();
            self.context.stack.extend(items);
            count
        };
        let kwargs = site.flags & call_flags::KWARGS != 0;
        self.drop_empty_keywords(argc, kwargs)
    }

    /// A call's keyword Hash is dropped when empty: `f(**{})` and
    /// `f(**opts)` with no options pass no arguments at all (keyword
    /// syntax with pairs is never empty). Returns the new count and
    /// whether keywords remain.
    fn drop_empty_keywords(&mut self, argc: usize, kwargs: bool) -> (usize, bool) {
        if kwargs {
            let last = *self.context.stack.last().expect("the keyword Hash");
            if last.get::<crate::object::RHash>().is_some()
                && crate::hash_table::hash_data(last).borrow().is_empty()
            {
                self.context.stack.pop();
                return (argc - 1, false);
            }
        }
        (argc, kwargs)
    }

    /// Methods Ruby makes private wherever they are defined.
    pub(super) fn always_private(&self, name: bytecode::Sym) -> bool {
        matches!(
            self.symbols.name(name),
            "initialize"
                | "initialize_copy"
                | "initialize_clone"
                | "initialize_dup"
                | "respond_to_missing?"
        )
    }

    /// `super`: self and the arguments are on the stack; calls the next
    /// method up the ancestry from the running method's owner.
    pub(super) fn invoke_super(
        &mut self,
        method: &LoadedMethod,
        site_index: usize,
        owner: Value,
        frame: usize,
        base: usize,
    ) -> VmResult<()> {
        let site = &method.code.sites[site_index];
        let name = if site.flags & call_flags::SUPER_IN_BLOCK != 0 {
            let Some(name) = self.context.frames.last().and_then(|f| f.method_name) else {
                let class = self.c.no_method_error;
                return Err(self.raise(class, "super called outside of method".into()));
            };
            if site.flags & call_flags::ZSUPER != 0 {
                let class = self.c.runtime_error;
                return Err(self.raise(
                    class,
                    "implicit argument passing of super from method defined by define_method() \
                     is not supported. Specify all arguments explicitly."
                        .into(),
                ));
            }
            name
        } else {
            site.name
        };
        // A literal block, an `&blk` argument, or else the method's own
        // block passed along.
        let block = if let Some(child) = site.block {
            let block = self.literal_block(method, child, frame, base);
            self.context.frames[frame].sending_block = block.id;
            Some(Rc::new(block))
        } else if site.flags & call_flags::BLOCK_ARG != 0 {
            let value = self.pop();
            self.block_from_value(value)?
        } else {
            self.context.frames[frame].block.clone()
        };
        let (argc, kwargs) = self.spread_arguments(site);
        let receiver_index = self.context.stack.len() - argc - 1;
        let receiver = self.context.stack[receiver_index];
        let class = self.class_of(receiver);
        let Some(entry) = self.find_super_method(class, owner, name) else {
            return Err(self.no_superclass_method(receiver, name));
        };
        let result = self.invoke_with_kwargs(
            &entry,
            receiver_index,
            argc,
            name,
            block,
            CallKind {
                kwargs,
                direct: false,
            },
        );
        self.context.frames[frame].sending_block = 0;
        let result = result?;
        self.context.stack.truncate(receiver_index);
        self.context.stack.push(result);
        Ok(())
    }

    /// Performs the `send` at `site` of `method`, running in frame `frame`
    /// whose receiver is at `base`: receiver and arguments (and a `&blk`
    /// value) are on the stack; they are replaced by the result.
    pub(super) fn send(
        &mut self,
        method: &LoadedMethod,
        site_index: usize,
        frame: usize,
        base: usize,
    ) -> VmResult<()> {
        let site = &method.code.sites[site_index];
        if let Some(child) = site
            .block
            .filter(|_| site.flags & call_flags::NOT_PLAIN == 0)
        {
            let plain = self.send_plain_with_block(method, (site_index, child), (frame, base));
            if let Some(sent) = plain {
                return sent;
            }
        }
        let state = &method.sites[site_index];
        let mut literal = None;
        let block = if let Some(child) = site.block {
            let shared = self.shared_literal_block(method, child, frame, base);
            self.context.frames[frame].sending_block = shared.id;
            literal = Some(shared.clone());
            Some(shared)
        } else if site.flags & call_flags::BLOCK_ARG != 0 {
            let value = self.pop();
            self.block_from_value(value)?
        } else if site.flags & call_flags::BLOCK_FORWARD != 0 {
            // A block frame's block is its method's.
            self.context.frames[frame].block.clone()
        } else {
            None
        };
        let caller_self = self.context.stack[base];
        let (argc, kwargs) = self.spread_arguments(site);
        let receiver_index = self.context.stack.len() - argc - 1;
        let receiver = self.context.stack[receiver_index];

        let class = self.class_of(receiver);
        self.record_kinds(method, site_index, class, receiver_index, argc);

        if self.numeric_op_inline(state) {
            let arg = self.context.stack[receiver_index + 1];
            if let Some(result) = self.basic_op(state.op, receiver, arg)? {
                self.context.stack.truncate(receiver_index);
                self.context.stack.push(result);
                return Ok(());
            }
        }

        let cached = state
            .cache
            .borrow()
            .lookup(class, self.method_serial)
            .cloned();
        let entry = match cached {
            Some(entry) => entry,
            None => match self.find_method(class, site.name) {
                Some(entry) => {
                    self.cache_method(method, site_index, class, &entry);
                    entry
                }
                None => {
                    let argc = if site.keywords.is_empty() {
                        argc
                    } else {
                        self.keyword_operands_to_hash(site, receiver_index)?
                    };
                    let kwargs = kwargs || !site.keywords.is_empty();
                    let args =
                        self.context.stack[receiver_index + 1..receiver_index + 1 + argc].to_vec();
                    let result = if self.has_method_missing(class) {
                        let result = self.call_method_missing(
                            receiver,
                            site.name,
                            &args,
                            block,
                            kwargs,
                            site.is_vcall(),
                        );
                        self.context.frames[frame].sending_block = 0;
                        result?
                    } else {
                        return Err(self.method_missing_error(receiver, site, &method.code, &args));
                    };
                    self.context.stack.truncate(receiver_index);
                    self.context.stack.push(result);
                    return Ok(());
                }
            },
        };
        match entry.visibility {
            Visibility::Private if !site.is_fcall() => {
                return Err(self.private_method_error(receiver, site, &method.code));
            }
            Visibility::Protected
                if !site.is_fcall() && !self.is_kind_of(caller_self, entry.owner) =>
            {
                return Err(self.protected_method_error(receiver, site, &method.code));
            }
            _ => {}
        }
        let entry = match &entry.body {
            MethodBody::Bytecode(callee) if callee.split.needs_split.get() => {
                self.split_at(method, site_index, &entry).unwrap_or(entry)
            }
            _ => entry,
        };
        let result = if site.keywords.is_empty() {
            let kind = CallKind {
                kwargs,
                direct: true,
            };
            self.invoke_with_kwargs(&entry, receiver_index, argc, site.name, block, kind)
        } else {
            self.invoke_with_keyword_operands(&entry, site, receiver_index, block)
        };
        self.context.frames[frame].sending_block = 0;
        if let Some(literal) = literal {
            self.recycle_block(literal);
        }
        let result = result?;
        self.context.stack.truncate(receiver_index);
        self.context.stack.push(result);
        Ok(())
    }

    /// The send at `site` of `method` when it is plain (`argc` arguments,
    /// no block, no splat, no keywords), its cache holds the receiver's
    /// class, and the method found takes the arguments as given: a Ruby
    /// method of only required parameters, an `attr_reader`, or a core
    /// method. The common call, without the general path's steps (block,
    /// argument spreading, keyword and arity checks). None when the send
    /// is not such a call: the general [`Vm::send`] makes it (or, with a
    /// literal block, [`Vm::send_plain_with_block`]).
    #[inline]
    pub(super) fn send_plain(
        &mut self,
        method: &LoadedMethod,
        site: &bytecode::CallSite,
        site_index: usize,
    ) -> Option<VmResult<()>> {
        let argc = site.argc as usize;
        let (receiver_index, receiver, class, entry) =
            self.plain_cache_hit(method, site, site_index)?;
        let result = match &entry.body {
            MethodBody::Bytecode(callee)
                if !callee.split.needs_split.get()
                    && !callee.lays_out_args
                    && argc == callee.code.required as usize =>
            {
                self.record_kinds(method, site_index, class, receiver_index, argc);
                if let Err(error) = self.enter_call() {
                    return Some(Err(error));
                }
                let id = self.push_method_frame(&entry, callee, None, None);
                self.run_pushed_method(callee, receiver_index, argc, id)
            }
            MethodBody::AttrReader(accessor) if argc == 0 => {
                self.record_kinds(method, site_index, class, receiver_index, argc);
                let value = self.ivar_get_through(&accessor.cache, receiver);
                self.remember_accessor(method, site_index, accessor, receiver, false);
                Ok(value)
            }
            MethodBody::AttrWriter(accessor) if argc == 1 => {
                self.record_kinds(method, site_index, class, receiver_index, argc);
                let value = self.attr_write(accessor, receiver_index);
                if value.is_ok() {
                    self.remember_accessor(method, site_index, accessor, receiver, true);
                }
                value
            }
            MethodBody::Native(native) => {
                self.record_kinds(method, site_index, class, receiver_index, argc);
                if let Err(error) = self.enter_call() {
                    return Some(Err(error));
                }
                if let Some(proc) = receiver.get::<crate::object::RProc>() {
                    if self
                        .proc_call
                        .as_ref()
                        .is_some_and(|core| Rc::ptr_eq(core, &entry))
                    {
                        // The core `Proc#call`: the block called as
                        // `yield` calls it, without the core method's frame
                        // (which backtraces leave out, as MRI has none).
                        let block = proc.block.clone();
                        let result = self.call_block_on_stack(&block, receiver_index, argc);
                        return Some(result.map(|value| self.context.stack.push(value)));
                    }
                }
                if argc == 1 && native.pure.is_none() {
                    self.remember_not_equal(method, site_index, class, &entry);
                }
                if argc == 0 && native.pure.is_none() {
                    self.remember_block_given(method, site_index, class, &entry);
                }
                if native.pure.is_some() && argc < 3 {
                    // The receiver and (at most two) arguments, copied off
                    // the value stack one by one: a copy of a slice of
                    // unknown length calls `memcpy`.
                    let at = |i: usize| {
                        let stack = &self.context.stack;
                        stack.get(receiver_index + i).copied().unwrap_or(Value::NIL)
                    };
                    let operands = [at(0), at(1), at(2)];
                    if let Some(result) = self.pure_core_call(native, &operands[..=argc]) {
                        self.remember_pure(method, site_index, (receiver, class), native, argc);
                        self.context.stack.truncate(receiver_index);
                        self.context.stack.push(result);
                        return Some(Ok(()));
                    }
                }
                // The receiver and arguments, copied once: the call may
                // push onto the value stack.
                let operands: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(
                    &self.context.stack[receiver_index..=receiver_index + argc],
                );
                if native.pure.is_some() && argc >= 3 {
                    if let Some(result) = self.pure_core_call(native, &operands) {
                        self.context.stack.truncate(receiver_index);
                        self.context.stack.push(result);
                        return Some(Ok(()));
                    }
                }
                let kind = CallKind {
                    kwargs: false,
                    direct: true,
                };
                self.call_core(&entry, native, receiver, &operands[1..], None, kind)
            }
            _ => return None,
        };
        Some(result.map(|value| {
            self.context.stack.truncate(receiver_index);
            self.context.stack.push(value);
        }))
    }

    /// The send at site `site_index` of `method`, running in frame
    /// `frame`, when it passes the literal block `child` of `method` and
    /// is otherwise plain (`argc` arguments, no splat, no keywords), its
    /// cache holds the receiver's class, and the method found is a Ruby
    /// method of only required parameters or a core method: the call
    /// [`Vm::send_plain`] makes, with the block made as the general
    /// [`Vm::send`] makes it (its allocation recycled when the call
    /// returns, the frame's `sending_block` naming it while the call runs,
    /// so that a `break` from it ends this call). None when the send is
    /// not such a call.
    ///
    /// ```text
    /// a.each { |x| s += x }   cache hit: Array#each (core)
    ///   shared_literal_block -> call_core(each, block) -> recycle_block
    /// ```
    fn send_plain_with_block(
        &mut self,
        method: &LoadedMethod,
        (site_index, child): (usize, u32),
        (frame, base): (usize, usize),
    ) -> Option<VmResult<()>> {
        let site = &method.code.sites[site_index];
        let argc = site.argc as usize;
        let (receiver_index, receiver, class, entry) =
            self.plain_cache_hit(method, site, site_index)?;
        match &entry.body {
            MethodBody::Bytecode(callee)
                if !callee.split.needs_split.get()
                    && !callee.lays_out_args
                    && argc == callee.code.required as usize => {}
            MethodBody::Native(_) => {}
            _ => return None,
        }
        self.record_kinds(method, site_index, class, receiver_index, argc);
        if let Err(error) = self.enter_call() {
            return Some(Err(error));
        }
        let block = self.shared_literal_block(method, child, frame, base);
        self.context.frames[frame].sending_block = block.id;
        let result = match &entry.body {
            MethodBody::Bytecode(callee) => {
                let id = self.push_method_frame(&entry, callee, Some(block.clone()), None);
                self.run_pushed_method(callee, receiver_index, argc, id)
            }
            MethodBody::Native(native) => {
                let args: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(
                    &self.context.stack[receiver_index + 1..=receiver_index + argc],
                );
                let kind = CallKind {
                    kwargs: false,
                    direct: true,
                };
                self.call_core(&entry, native, receiver, &args, Some(block.clone()), kind)
            }
            _ => unreachable!("only Ruby and core methods are called here"),
        };
        self.context.frames[frame].sending_block = 0;
        self.recycle_block(block);
        Some(result.map(|value| {
            self.context.stack.truncate(receiver_index);
            self.context.stack.push(value);
        }))
    }

    /// What a plain send at `site` (index `site_index`) of `method` finds
    /// in its inline cache for the receiver on the stack: the receiver, its
    /// index on the stack, its class and the method entry; None on a miss,
    /// or when the entry's visibility needs the general path's checks.
    #[inline(always)]
    fn plain_cache_hit(
        &self,
        method: &LoadedMethod,
        site: &bytecode::CallSite,
        site_index: usize,
    ) -> Option<(usize, Value, Value, Rc<MethodEntry>)> {
        let receiver_index = self.context.stack.len() - site.argc as usize - 1;
        let receiver = self.context.stack[receiver_index];
        let class = self.class_of(receiver);
        let entry = method.sites[site_index]
            .cache
            .borrow()
            .lookup(class, self.method_serial)?
            .clone();
        match entry.visibility {
            Visibility::Public => {}
            Visibility::Private if site.is_fcall() => {}
            _ => return None,
        }
        Some((receiver_index, receiver, class, entry))
    }

    /// An `attr_writer` called by a plain send: its argument (above the
    /// receiver at `receiver_index`) stored and returned. (Out of line:
    /// inlined, it cost the plain send's other calls more than it saved.)
    #[inline(never)]
    fn attr_write(
        &mut self,
        accessor: &crate::object::IvarAccessor,
        receiver_index: usize,
    ) -> VmResult {
        let (receiver, value) = (
            self.context.stack[receiver_index],
            self.context.stack[receiver_index + 1],
        );
        self.ivar_set_through(&accessor.cache, receiver, value)?;
        Ok(value)
    }

    /// What every call checks before it runs: SystemStackError when it
    /// would nest too deep, and one step of the `--max-steps` budget.
    #[inline(always)]
    fn enter_call(&mut self) -> VmResult<()> {
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        self.spend_step()
    }

    /// Records the kinds of a send's receiver (of class `class`) and
    /// arguments in the profile of site `site` of `method`. A receiver kind
    /// new after the first is reported to splitting (the send dispatches
    /// on it), and so is the first argument's of a basic operation, which
    /// compiled code specialises on it (`+`, `<`, an index): an argument
    /// only passed on or stored (`a[i] = v`) is the same code whatever its
    /// kind.
    #[inline(always)]
    pub(super) fn record_kinds(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        class: Value,
        receiver_index: usize,
        argc: usize,
    ) {
        if !self.profiling {
            return;
        }
        let state = &method.sites[site];
        let receiver = self.context.stack[receiver_index];
        if state.receiver.record(self.kind_of_in(receiver, class)) {
            self.report_kinds(method, site);
        }
        for (i, recorder) in state.args.iter().enumerate().take(argc) {
            if recorder.record(self.kind_of(self.context.stack[receiver_index + 1 + i]))
                && i == 0
                && state.op != BasicOp::None
            {
                self.report_kinds(method, site);
            }
        }
    }

    /// Reports that the kinds of site `site` of `method` grew (the trace
    /// names the first polymorphic position).
    #[cold]
    pub(super) fn report_kinds(&mut self, method: &LoadedMethod, site: usize) {
        let state = &method.sites[site];
        let position = std::iter::once(&state.receiver)
            .chain(state.args.iter())
            .position(|recorder| recorder.snapshot().monomorphic().is_none())
            .unwrap_or(0);
        let what = Polymorphism::Kinds {
            site: site as u32,
            position,
        };
        self.report_polymorphic(method, what);
    }

    /// Fills the inline cache of site `site` of `method` with `entry`,
    /// found for receivers of `class`: a Ruby method learns the site is a
    /// caller, and a cache that grows is reported to splitting.
    fn cache_method(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        class: Value,
        entry: &Rc<MethodEntry>,
    ) {
        let state = &method.sites[site];
        let grew = state
            .cache
            .borrow_mut()
            .insert(class, entry.clone(), self.method_serial);
        if let MethodBody::Bytecode(callee) = &entry.body {
            callee.split.note_caller(method.id, site as u32);
        }
        if grew {
            self.report_polymorphic(method, Polymorphism::Cache { site: site as u32 });
        }
    }

    /// Rearranges the `argc` positional arguments above the receiver at
    /// `receiver_index` (and the `keywords` after them) into `code`'s
    /// canonical slots: leading required, optional (`UNDEF` when not
    /// given), the `*rest` Array, trailing required, then the keyword
    /// slots. Returns the new count. The arity was checked.
    pub(super) fn lay_out_args(
        &mut self,
        code: &Method,
        receiver_index: usize,
        argc: usize,
        keywords: Keywords,
    ) -> VmResult<usize> {
        if code.rest && code.optional == 0 && !code.takes_keywords() {
            // Required, `*rest`, post (`|*xs|`): the rest's arguments
            // become one Array where they are.
            let start = receiver_index + 1 + code.required as usize;
            let end = receiver_index + 1 + argc - code.post as usize;
            let rest = self.new_array(self.context.stack[start..end].to_vec());
            self.context.stack.splice(start..end, [rest]);
            return Ok(argc - (end - start) + 1);
        }
        let in_place = receiver_index + 1 + argc;
        let slot_count = code.required as usize + code.optional as usize;
        if !code.rest
            && code.post == 0
            && !code.takes_keywords()
            && matches!(keywords, Keywords::None)
            && self.context.stack.len() == in_place
            && argc <= slot_count
        {
            // Required and optional parameters only (`def find(if_none =
            // nil)`): the arguments are in place, and each optional one not
            // given is UNDEF (its default runs).
            for _ in argc..slot_count {
                self.context.stack.push(Value::UNDEF);
            }
            return Ok(slot_count);
        }
        let args: smallvec::SmallVec<[Value; 8]> =
            smallvec::SmallVec::from_slice(&self.context.stack[receiver_index + 1..]);
        let (required, optional, post) = (
            code.required as usize,
            code.optional as usize,
            code.post as usize,
        );
        let given_optional = optional.min(argc - required - post);
        let mut slots: smallvec::SmallVec<[Value; 8]> =
            smallvec::SmallVec::from_slice(&args[..required + given_optional]);
        slots.extend(std::iter::repeat_n(Value::UNDEF, optional - given_optional));
        if code.rest {
            let rest = args[required + given_optional..argc - post].to_vec();
            let rest = self.new_array(rest);
            slots.push(rest);
        }
        slots.extend_from_slice(&args[argc - post..argc]);
        if code.takes_keywords() {
            let pairs = match keywords {
                Keywords::None => Vec::new(),
                Keywords::Hash(hash) => self.hash_pairs(hash),
                Keywords::Operands(names) => names
                    .iter()
                    .zip(&args[argc..])
                    .map(|(&name, &value)| (Value::symbol(name), value))
                    .collect(),
            };
            self.lay_out_keywords(code, &pairs, &mut slots)?;
        }
        self.context.stack.truncate(receiver_index + 1);
        self.context.stack.extend_from_slice(&slots);
        Ok(slots.len())
    }

    /// Splits a call's keyword pairs over `code`'s keyword slots (`UNDEF`
    /// for an optional one not given) and its `**rest` Hash; MRI's errors
    /// for missing and unknown keywords.
    fn lay_out_keywords(
        &mut self,
        code: &Method,
        pairs: &[(Value, Value)],
        slots: &mut smallvec::SmallVec<[Value; 8]>,
    ) -> VmResult<()> {
        let mut used = vec![false; pairs.len()];
        let mut missing = Vec::new();
        for &(name, required) in &code.keywords {
            match pairs
                .iter()
                .position(|&(key, _)| key == Value::symbol(name))
            {
                Some(index) => {
                    used[index] = true;
                    slots.push(pairs[index].1);
                }
                None => {
                    if required {
                        missing.push(format!(":{}", self.symbols.name(name)));
                    }
                    slots.push(Value::UNDEF);
                }
            }
        }
        if !missing.is_empty() {
            let noun = if missing.len() == 1 {
                "keyword"
            } else {
                "keywords"
            };
            return Err(self.argument_error(format!("missing {noun}: {}", missing.join(", "))));
        }
        let leftovers: Vec<(Value, Value)> = pairs
            .iter()
            .zip(&used)
            .filter(|(_, &used)| !used)
            .map(|(&pair, _)| pair)
            .collect();
        if code.keyword_rest {
            let rest = self.new_hash();
            slots.push(rest);
            for (key, value) in leftovers {
                self.hash_set(rest, key, value)?;
            }
        } else if !leftovers.is_empty() {
            let mut names = Vec::new();
            for (key, _) in &leftovers {
                names.push(self.inspect(*key)?);
            }
            let noun = if names.len() == 1 {
                "keyword"
            } else {
                "keywords"
            };
            return Err(self.argument_error(format!("unknown {noun}: {}", names.join(", "))));
        }
        Ok(())
    }

    /// Calls a public method (what `&:name` blocks and `public_send` do).
    pub fn call_public(
        &mut self,
        receiver: Value,
        name: bytecode::Sym,
        args: &[Value],
    ) -> VmResult {
        let class = self.class_of(receiver);
        match self.find_method(class, name) {
            Some(entry) if entry.visibility == Visibility::Public => {
                let receiver_index = self.context.stack.len();
                self.context.stack.push(receiver);
                self.context.stack.extend_from_slice(args);
                let result = self.invoke(&entry, receiver_index, args.len(), name, None);
                self.context.stack.truncate(receiver_index);
                result
            }
            Some(entry) => {
                let kind = if entry.visibility == Visibility::Private {
                    "private"
                } else {
                    "protected"
                };
                let head = format!("{kind} method `{}' called for ", self.symbols.name(name));
                let class = self.c.no_method_error;
                let attributes = [("name", Value::symbol(name))];
                Err(self.raise_about_receiver(class, &head, receiver, String::new(), &attributes))
            }
            None => self.call_method_missing(receiver, name, args, None, false, false),
        }
    }

    /// Calls a method entry whose receiver and `argc` arguments are on the
    /// stack from `receiver_index`. Leaves the stack as it found it.
    pub fn invoke(
        &mut self,
        entry: &MethodEntry,
        receiver_index: usize,
        argc: usize,
        name: bytecode::Sym,
        block: Option<Rc<Block>>,
    ) -> VmResult {
        self.invoke_with_kwargs(
            entry,
            receiver_index,
            argc,
            name,
            block,
            CallKind::default(),
        )
    }

    /// [`Vm::invoke`] for a call of kind `kind`: with `kind.kwargs`, the
    /// last argument is the Hash of the call's keyword arguments (a method
    /// taking keywords splits it over its keyword parameters; others get it
    /// as a positional argument).
    pub fn invoke_with_kwargs(
        &mut self,
        entry: &MethodEntry,
        receiver_index: usize,
        argc: usize,
        name: bytecode::Sym,
        block: Option<Rc<Block>>,
        kind: CallKind,
    ) -> VmResult {
        let kwargs = kind.kwargs;
        self.enter_call()?;
        match &entry.body {
            MethodBody::Bytecode(callee) => {
                let (argc, keywords) = match (callee.code.takes_keywords(), kwargs) {
                    (true, true) => (
                        argc - 1,
                        Keywords::Hash(self.context.stack[receiver_index + argc]),
                    ),
                    // `**nil`: MRI raises in the caller's frame.
                    (false, true) if callee.code.no_keywords => {
                        return Err(self.argument_error("no keywords accepted".into()));
                    }
                    _ => (argc, Keywords::None),
                };
                self.invoke_bytecode(entry, callee, receiver_index, argc, block, keywords)
            }
            MethodBody::Native(native) => {
                let receiver = self.context.stack[receiver_index];
                let args: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(
                    &self.context.stack[receiver_index + 1..receiver_index + 1 + argc],
                );
                self.call_core(entry, native, receiver, &args, block, kind)
            }
            MethodBody::Block(body) => {
                // `define_method`: the block runs with the receiver as self
                // and lambda semantics.
                let args: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(
                    &self.context.stack[receiver_index + 1..receiver_index + 1 + argc],
                );
                let method_block = Block {
                    receiver: self.context.stack[receiver_index],
                    is_lambda: true,
                    owner: entry.owner,
                    ..(**body).clone()
                };
                let call = BlockCall {
                    kwargs,
                    block_arg: block,
                };
                self.invoke_block_with(&Rc::new(method_block), &args, call)
            }
            MethodBody::AttrReader(accessor) => {
                if argc != 0 {
                    return Err(self.arity_error_in(name, argc, 0, Some(0)));
                }
                let receiver = self.context.stack[receiver_index];
                Ok(self.ivar_get_through(&accessor.cache, receiver))
            }
            MethodBody::AttrWriter(accessor) => {
                if argc != 1 {
                    return Err(self.arity_error_in(name, argc, 1, Some(1)));
                }
                let (receiver, value) = (
                    self.context.stack[receiver_index],
                    self.context.stack[receiver_index + 1],
                );
                self.ivar_set_through(&accessor.cache, receiver, value)?;
                Ok(value)
            }
            // Lookup never answers a tombstone; a caller holding one calls
            // a method that is gone.
            MethodBody::Undefined => {
                let receiver = self.context.stack[receiver_index];
                Err(self.no_method_error_for(receiver, name))
            }
        }
    }

    /// Calls the Ruby method `callee` (of `entry`) with the `argc`
    /// positional arguments above the receiver at `receiver_index`, and
    /// `keywords`: checks the arity, lays the arguments out in its
    /// parameters' slots, and runs it in a frame of its own.
    fn invoke_bytecode(
        &mut self,
        entry: &MethodEntry,
        callee: &Rc<LoadedMethod>,
        receiver_index: usize,
        argc: usize,
        block: Option<Rc<Block>>,
        keywords: Keywords,
    ) -> VmResult {
        let code = &callee.code;
        let id = self.push_method_frame(entry, callee, block, None);
        let (min, max) = (
            code.min_args() as usize,
            code.max_args().map(|m| m as usize),
        );
        if argc < min || max.is_some_and(|max| argc > max) {
            let error = self.code_arity_error(code, argc);
            self.pop_frame();
            return Err(error);
        }
        let argc = if callee.lays_out_args {
            match self.lay_out_args(code, receiver_index, argc, keywords) {
                Ok(argc) => argc,
                Err(error) => {
                    self.pop_frame();
                    return Err(error);
                }
            }
        } else {
            argc
        };
        self.run_pushed_method(callee, receiver_index, argc, id)
    }

    /// The call of `entry` at `site`, whose last operands are the values
    /// of literal keywords (`call_flags::KEYWORD_OPERANDS`): a Ruby method
    /// taking keywords gets them in its keyword slots; any other callee
    /// gets the Hash they make, as the call's last argument. Returns the
    /// callee's result.
    fn invoke_with_keyword_operands(
        &mut self,
        entry: &MethodEntry,
        site: &bytecode::CallSite,
        receiver_index: usize,
        block: Option<Rc<Block>>,
    ) -> VmResult {
        let positional = site.positional_argc() as usize;
        match &entry.body {
            MethodBody::Bytecode(callee) if callee.code.takes_keywords() => {
                self.enter_call()?;
                let keywords = Keywords::Operands(&site.keywords);
                self.invoke_bytecode(entry, callee, receiver_index, positional, block, keywords)
            }
            _ => {
                let argc = self.keyword_operands_to_hash(site, receiver_index)?;
                let kind = CallKind {
                    kwargs: true,
                    direct: true,
                };
                self.invoke_with_kwargs(entry, receiver_index, argc, site.name, block, kind)
            }
        }
    }

    /// Replaces the literal keywords' values of `site` on the stack (the
    /// last operands above the receiver at `receiver_index`) with the Hash
    /// the call would have passed; returns the new argument count.
    fn keyword_operands_to_hash(
        &mut self,
        site: &bytecode::CallSite,
        receiver_index: usize,
    ) -> VmResult<usize> {
        let start = receiver_index + 1 + site.positional_argc() as usize;
        let hash = self.new_hash();
        self.context.stack.push(hash);
        for (i, &name) in site.keywords.iter().enumerate() {
            let value = self.context.stack[start + i];
            self.hash_set(hash, Value::symbol(name), value)?;
        }
        self.context.stack.truncate(start);
        self.context.stack.push(hash);
        Ok(site.positional_argc() as usize + 1)
    }

    /// Calls the core method `native` (of `entry`) in a
    /// frame of its own, after checking the arity. The frame is named as
    /// the method was defined: called through an alias (`alias foo size`,
    /// `Time.gm` for `Time.utc`) it still shows its own name, as in MRI.
    #[allow(clippy::too_many_arguments)]
    pub fn call_core(
        &mut self,
        entry: &MethodEntry,
        native: &crate::method::NativeMethod,
        receiver: Value,
        args: &[Value],
        block: Option<Rc<Block>>,
        kind: CallKind,
    ) -> VmResult {
        let cref = self
            .context
            .frames
            .last()
            .map_or_else(|| self.top_cref(), |f| f.cref.clone());
        let id = self.new_frame_id();
        let hidden = match native.frame {
            NativeFrame::Shown => false,
            NativeFrame::Hidden => true,
            NativeFrame::HiddenWhenDirect => kind.direct,
        };
        self.push_frame_with(|| {
            let mut frame = FrameRecord::new(FrameCode::Native(native.name), cref, entry.owner, id);
            frame.block = block;
            frame.kwargs = kind.kwargs;
            frame.hidden = hidden;
            frame
        });
        let argc = args.len();
        let result =
            if argc < native.min as usize || native.max.is_some_and(|max| argc > max as usize) {
                Err(self.arity_error(argc, native.min as usize, native.max.map(|m| m as usize)))
            } else {
                (self.native_fn(native.func))(self, receiver, args)
            };
        self.pop_frame();
        result
    }

    /// Pushes the frame of a call of the Ruby method `callee` (as `entry`
    /// defines it: its scope and owner), with `env` as its environment if
    /// compiled code made it already (else a new one); returns the frame's
    /// id.
    #[inline(always)]
    pub fn push_method_frame(
        &mut self,
        entry: &MethodEntry,
        callee: &Rc<LoadedMethod>,
        block: Option<Rc<Block>>,
        env: Option<Value>,
    ) -> u64 {
        let id = self.new_frame_id();
        let cref = entry.cref.clone().unwrap_or_else(|| self.top_cref());
        // A method's environment is made when first asked for
        // (`Vm::frame_env`): a call that never touches a captured local
        // makes none.
        let env = env.unwrap_or(Value::NIL);
        self.push_frame_with(|| {
            let mut frame =
                FrameRecord::new(FrameCode::Bytecode(callee.clone()), cref, entry.owner, id);
            frame.block = block;
            frame.env = env;
            frame
        });
        id
    }

    /// Runs `callee`, whose frame `id` was just pushed and whose `argc`
    /// arguments are laid out after the receiver at `receiver_index`; pops
    /// the frame.
    #[inline]
    pub fn run_pushed_method(
        &mut self,
        callee: &Rc<LoadedMethod>,
        receiver_index: usize,
        argc: usize,
        id: u64,
    ) -> VmResult {
        callee.calls.set(callee.calls.get() + 1);
        self.jit_entering(callee);
        self.push_locals(callee);
        let result = self.run_method(callee, receiver_index, argc);
        self.jit_leaving(callee);
        self.pop_frame();
        // `return` from a block written in this method.
        crate::vm::returned_to(result, id)
    }

    /// An ArgumentError raised inside method `name` (a frame of its own in
    /// the backtrace, as MRI shows for attribute methods).
    fn arity_error_in(
        &mut self,
        name: bytecode::Sym,
        given: usize,
        min: usize,
        max: Option<usize>,
    ) -> Control {
        let cref = self
            .context
            .frames
            .last()
            .map_or_else(|| self.top_cref(), |f| f.cref.clone());
        let id = self.new_frame_id();
        self.context.frames.push(FrameRecord::new(
            FrameCode::Native(name),
            cref,
            self.c.object,
            id,
        ));
        let error = self.arity_error(given, min, max);
        self.pop_frame();
        error
    }

    /// The elements `*value` spreads: an Array's, `to_a`'s for other
    /// objects that have it, none for nil, else the value itself.
    pub(super) fn splat_items(&mut self, value: Value) -> VmResult<Vec<Value>> {
        if let Some(items) = self.array_items(value) {
            return Ok(items);
        }
        if value.is_nil() {
            return Ok(Vec::new());
        }
        let to_a = self.symbols.intern("to_a");
        let class = self.class_of(value);
        if self.find_method(class, to_a).is_some() {
            let converted = self.call(value, to_a, &[])?;
            if let Some(items) = self.array_items(converted) {
                return Ok(items);
            }
        }
        Ok(vec![value])
    }

    /// Whether instances of `class` define their own `method_missing`.
    fn has_method_missing(&mut self, class: Value) -> bool {
        let method_missing = self.symbols.intern("method_missing");
        self.find_method(class, method_missing)
            .is_some_and(|entry| !matches!(entry.body, MethodBody::Native(_)))
    }

    /// A call of a method that does not exist: the receiver's own
    /// `method_missing` gets the name, the arguments and the block if it
    /// defines one (`kwargs`: the last argument is a keyword Hash, passed on
    /// as keywords); otherwise NoMethodError. `vcall`: the call was a bare
    /// name (`foo`, no receiver, arguments or parentheses), which makes
    /// the error of a `super` that reaches `BasicObject#method_missing` a
    /// NameError, as MRI's last call status does.
    pub fn call_method_missing(
        &mut self,
        receiver: Value,
        name: bytecode::Sym,
        args: &[Value],
        block: Option<Rc<Block>>,
        kwargs: bool,
        vcall: bool,
    ) -> VmResult {
        self.method_missing_vcall = vcall;
        let method_missing = self.symbols.intern("method_missing");
        let class = self.class_of(receiver);
        match self.find_method(class, method_missing) {
            Some(entry) if !matches!(entry.body, MethodBody::Native(_)) => {
                let receiver_index = self.context.stack.len();
                self.context.stack.push(receiver);
                self.context.stack.push(Value::symbol(name));
                self.context.stack.extend_from_slice(args);
                let kind = CallKind {
                    kwargs,
                    direct: false,
                };
                let result = self.invoke_with_kwargs(
                    &entry,
                    receiver_index,
                    args.len() + 1,
                    method_missing,
                    block,
                    kind,
                );
                self.context.stack.truncate(receiver_index);
                result
            }
            _ => Err(self.no_method_error_for(receiver, name)),
        }
    }

    /// Calls `name` on `receiver` from Rust (public and private methods alike,
    /// as Ruby's internal calls do).
    pub fn call(&mut self, receiver: Value, name: bytecode::Sym, args: &[Value]) -> VmResult {
        self.call_with_block(receiver, name, args, None)
    }

    /// [`Vm::call`] passing a block.
    pub fn call_with_block(
        &mut self,
        receiver: Value,
        name: bytecode::Sym,
        args: &[Value],
        block: Option<Rc<Block>>,
    ) -> VmResult {
        self.call_forwarding(receiver, name, args, block, false)
    }

    /// Whether the running core method was called with keyword arguments
    /// (its last argument is their Hash).
    pub fn called_with_keywords(&self) -> bool {
        self.context.frames.last().is_some_and(|f| f.kwargs)
    }

    /// A core method's keyword arguments: splits `args` into the positional
    /// ones and the values of the keywords `names` (None when not given).
    /// Any other keyword is an ArgumentError (`unknown keyword: :k`).
    pub fn native_keywords<'a>(
        &mut self,
        args: &'a [Value],
        names: &[&str],
    ) -> VmResult<(&'a [Value], Vec<Option<Value>>)> {
        let mut values = vec![None; names.len()];
        let Some((&options, positional)) =
            args.split_last().filter(|_| self.called_with_keywords())
        else {
            return Ok((args, values));
        };
        let mut unknown = Vec::new();
        for (key, value) in self.hash_pairs(options) {
            let slot = key
                .as_symbol()
                .and_then(|sym| names.iter().position(|n| *n == self.symbols.name(sym)));
            match slot {
                Some(slot) => values[slot] = Some(value),
                None => unknown.push(key),
            }
        }
        if !unknown.is_empty() {
            let mut listed = Vec::new();
            for key in unknown {
                listed.push(self.inspect(key)?);
            }
            let noun = if listed.len() == 1 {
                "keyword"
            } else {
                "keywords"
            };
            let message = format!("unknown {noun}: {}", listed.join(", "));
            return Err(self.argument_error(message));
        }
        Ok((positional, values))
    }

    /// [`Vm::call_with_block`] where, if `kwargs`, the last argument is a
    /// keyword Hash (core methods such as `new` and `send` pass on the
    /// keywords they were called with).
    pub fn call_forwarding(
        &mut self,
        receiver: Value,
        name: bytecode::Sym,
        args: &[Value],
        block: Option<Rc<Block>>,
        kwargs: bool,
    ) -> VmResult {
        let class = self.class_of(receiver);
        let Some(entry) = self.find_method(class, name) else {
            return self.call_method_missing(receiver, name, args, block, kwargs, false);
        };
        self.call_entry(&entry, receiver, name, args, block, kwargs)
    }

    /// Runs method `entry` (found or captured earlier) on `receiver` as
    /// `name`, with [`Vm::call_forwarding`]'s arguments.
    pub fn call_entry(
        &mut self,
        entry: &MethodEntry,
        receiver: Value,
        name: bytecode::Sym,
        args: &[Value],
        block: Option<Rc<Block>>,
        kwargs: bool,
    ) -> VmResult {
        let receiver_index = self.context.stack.len();
        self.context.stack.push(receiver);
        self.context.stack.extend_from_slice(args);
        let kind = CallKind {
            kwargs,
            direct: false,
        };
        let result = self.invoke_with_kwargs(entry, receiver_index, args.len(), name, block, kind);
        self.context.stack.truncate(receiver_index);
        result
    }
}
