//! The profiling interpreter.
//!
//! One Ruby call is one Rust call of [`Vm::execute`], so the machine stack
//! mirrors the Ruby stack (and `SystemStackError` is raised by counting frames
//! before the native stack runs out). Operands live on the VM's value stack:
//!
//! ```text
//! stack: ... | receiver | arg 0 .. arg n-1 | local 0 .. local m-1 | operands ...
//!              ^ base                        ^ locals()
//! ```
//!
//! ([`crate::frame_layout::FrameLayout`] finds the slots.)
//!
//! A `send` leaves the receiver and arguments where the caller pushed them;
//! the callee's locals go right above them, and when the callee returns the
//! caller truncates the stack back to the receiver and pushes the result.
//!
//! While it runs, the interpreter profiles (see `bytecode::profile`): for
//! every send the kinds of the receiver and each argument, for every branch
//! how often it was taken, for every method how often it was called. A send
//! looks its method up through a per-site inline cache keyed by the
//! receiver's class and the global method serial.
//!
//! [`Vm::execute`] can start at any instruction index with any operand stack:
//! deoptimisation (`crate::compiled`) resumes compiled frames there.
//! [`Vm::run_one`] runs a single instruction in a frame: how compiled code
//! runs what it leaves to the runtime.

mod blocks;
mod case_dispatch;
mod fast_paths;
mod frameless;
mod ivars;
mod run;
mod send;
mod send_lines;

use crate::method::{status, BasicOp, LoadedMethod, SiteState, ARRAY_OPS, BASIC_OPS};

use crate::frame_layout::FrameLayout;
use crate::inline_cache::IvarCache;
use crate::object::Cref;
use crate::object::{RArray, RString, Visibility};
use crate::value::Value;
use crate::vm::{Control, FrameCode, FrameRecord, Jump, Vm, VmResult};
use bytecode::{call_flags, Literal, Method, RangeEnd};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

impl Vm {
    /// Turns compiled bytecode into a loaded method (recursively for the
    /// methods it defines).
    pub fn load(&mut self, code: Rc<Method>) -> Rc<LoadedMethod> {
        let literals = code
            .literals
            .iter()
            .enumerate()
            .map(|(index, literal)| match literal {
                Literal::Nil => Value::NIL,
                Literal::True => Value::TRUE,
                Literal::False => Value::FALSE,
                Literal::Fixnum(n) => Value::small(*n),
                Literal::Bignum(n) => {
                    let v = self.new_integer(n.clone());
                    self.pinned.push(v);
                    v
                }
                Literal::Float(f) => {
                    let v = self.new_float(*f);
                    self.pinned.push(v);
                    v
                }
                Literal::String(_) => Value::UNDEF,
                Literal::FrozenString(bytes) => {
                    let v = self.frozen_literal_string(bytes, code.literal_encoding(index));
                    self.pinned.push(v);
                    v
                }
                Literal::Symbol(sym) => Value::symbol(*sym),
                Literal::ObjectClass => self.c.object,
                Literal::SourceEncoding => {
                    crate::core::encoding::object(self, code.encoding.into())
                }
                Literal::Regexp {
                    source, options, ..
                } => {
                    let v = crate::core::regexp::literal(self, source, *options);
                    self.pinned.push(v);
                    v
                }
                Literal::Range {
                    first,
                    last,
                    exclusive,
                } => {
                    // (Pinned: an end lives while the Range is made.)
                    let [first, last] = [first, last].map(|end| {
                        let v = match end {
                            RangeEnd::Nil => return Value::NIL,
                            RangeEnd::Integer(n) => self.new_integer(n.clone()),
                            RangeEnd::String(bytes) => {
                                self.frozen_literal_string(bytes, code.literal_encoding(index))
                            }
                        };
                        self.pinned.push(v);
                        v
                    });
                    let v = self
                        .make_range(first, last, *exclusive)
                        .expect("a new Range takes its ends");
                    self.pinned.push(v);
                    v
                }
            })
            .collect();
        let core = crate::prelude::is_internal(&code.file);
        let sites: Vec<SiteState> = code
            .sites
            .iter()
            .map(|site| {
                let name = self.symbols.name(site.name);
                let plain = site.block.is_none() && site.flags & call_flags::NOT_PLAIN == 0;
                let numeric = BASIC_OPS
                    .iter()
                    .find(|(n, _)| *n == name && plain && site.argc == 1)
                    .map(|(_, op)| *op);
                let array = ARRAY_OPS
                    .iter()
                    .find(|(n, argc, _)| *n == name && plain && site.argc as usize == *argc)
                    .map(|(_, _, op)| *op);
                let op = numeric.or(array).unwrap_or(BasicOp::None);
                SiteState::new(op, core, site.argc as usize)
            })
            .collect();
        // Parents are listed before the methods they define.
        let index = self.loaded.len();
        let children = code
            .children
            .iter()
            .map(|child| self.load(child.clone()))
            .collect();
        let ivar_caches = code
            .ivars
            .iter()
            .map(|&name| IvarCache::new(name))
            .collect();
        let case_lookups = (0..code.case_tables.len())
            .map(|_| Default::default())
            .collect();
        let insns = crate::method::quicken(&code, &sites);
        let loaded = Rc::new(LoadedMethod {
            insns,
            max_depth: Cell::new(LoadedMethod::UNWALKED),
            lays_out_args: code.needs_arg_layout(),
            id: self.methods.len() as u32,
            jit: Cell::new(status::NOT_YET),
            compiled: RefCell::new(None),
            call_target: Default::default(),
            defined_in: RefCell::new(None),
            defined_twice: Cell::new(false),
            back_edges: Cell::new(0),
            compile_at: Cell::new(0),
            osr: RefCell::new(Vec::new()),
            ivar_caches,
            constant_caches: code.constants.iter().map(|_| Default::default()).collect(),
            fixnums_recorded: sites.iter().map(|_| Cell::new(false)).collect(),
            branches: (0..code.branches).map(|_| Default::default()).collect(),
            code,
            literals,
            sites,
            calls: Cell::new(0),
            interpreted_calls: Cell::new(0),
            children,
            parent: Cell::new(None),
            frameless: std::cell::OnceCell::new(),
            split: Default::default(),
            case_lookups,
        });
        for child in &loaded.children {
            child.parent.set(Some(loaded.id));
        }
        self.splitting.loaded_size += loaded.code.insns.len() as u64;
        self.loaded.insert(index, loaded.clone());
        self.methods.push(loaded.clone());
        loaded
    }

    /// A loop's back edge from `ip` to `header`: a step spent, and the
    /// JIT's chance to enter compiled code (Some: the method's result, or
    /// the `fatal` of a reached limit).
    #[inline]
    fn back_edge(
        &mut self,
        method: &Rc<LoadedMethod>,
        frame: usize,
        ip: usize,
        base: usize,
        argc: usize,
        header: usize,
    ) -> Option<VmResult> {
        if self.step_needs_attention() {
            // A signal's handler may run: backtraces see this line.
            self.context.frames[frame].ip = (ip - 1) as u32;
            if let Err(error) = self.spend_step_attentively() {
                return Some(Err(error));
            }
        } else {
            self.steps_left -= 1;
        }
        self.jit_back_edge(method, base, argc, header)
    }

    /// Runs a top-level method (a file) with `main` as self.
    pub fn run_main(&mut self, main: Rc<LoadedMethod>) -> VmResult {
        self.run_main_in(main, None)
    }

    /// Runs a file's top level; with `wrap` (`load(file, true)`) its
    /// constants and methods go into that module instead of Object, and
    /// self is a copy of main extended with it.
    pub fn run_main_in(&mut self, main: Rc<LoadedMethod>, wrap: Option<Value>) -> VmResult {
        let base = self.context.stack.len();
        let (receiver, cref, owner) = match wrap {
            None => (self.main, self.top_cref(), self.c.object),
            Some(module) => {
                let object = self.c.object;
                let receiver = self.new_object(object);
                self.context.stack.push(receiver);
                let singleton = self.singleton_class(receiver);
                self.include_module(singleton, module);
                self.context.stack.pop();
                let cref = Rc::new(Cref {
                    module,
                    parent: Some(self.top_cref()),
                    evaluated: false,
                });
                (receiver, cref, module)
            }
        };
        self.context.stack.push(receiver);
        // Its scope, for compiled code to look its constants up in.
        *main.defined_in.borrow_mut() = Some((cref.clone(), owner));
        let id = self.new_frame_id();
        let mut frame = FrameRecord::new(FrameCode::Bytecode(main.clone()), cref, owner, id);
        frame.visibility = Visibility::Private;
        frame.env = self.new_env(&main.code, Value::NIL);
        self.context.frames.push(frame);
        main.calls.set(main.calls.get() + 1);
        self.jit_entering(&main);
        self.push_locals(&main);
        let result = self.run_method(&main, base, 0);
        self.jit_leaving(&main);
        self.pop_frame();
        self.context.stack.truncate(base);
        // `return` in a block at the top level ends the script.
        crate::vm::returned_to(result, id)
    }

    /// Runs the frame whose receiver is at `base` from instruction `start`,
    /// sending transfers (exceptions, `break`, `return`, `throw`) out of
    /// protected ranges to their `rescue`/`ensure` handlers. (The loop
    /// runs directly; a transfer leaving it goes to the handlers, if the
    /// method has any.)
    #[inline]
    pub fn execute(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        start: usize,
    ) -> VmResult {
        match self.run::<false>(method, base, argc, start) {
            Ok(value) => Ok(value),
            Err(control) if method.code.handlers.is_empty() => Err(control),
            Err(control) => self.execute_from(method, base, argc, Err(control)),
        }
    }

    /// [`Vm::execute`] from instruction `start`, or with `Err(control)`
    /// from a transfer that the instruction at the frame's `ip` made
    /// (compiled code that met it hands the frame over): the frame's
    /// handlers see it as if the interpreter had run that instruction.
    pub fn execute_from(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        start: Result<usize, Control>,
    ) -> VmResult {
        let frame = self.context.frames.len() - 1;
        let operand_base = FrameLayout::new(base, argc, method.code.locals.len()).operands();
        let mut next = start;
        loop {
            let control = match next {
                Ok(ip) => match self.run::<false>(method, base, argc, ip) {
                    Ok(value) => return Ok(value),
                    Err(control) => control,
                },
                Err(control) => control,
            };
            let at = self.context.frames[frame].ip as usize;
            let is_exception = matches!(control, Control::Raise(_));
            let Some(handler) = method.code.handler_at(at, is_exception) else {
                return Err(control);
            };
            self.context
                .stack
                .truncate(operand_base + handler.depth as usize);
            match (handler.kind, control) {
                (bytecode::HandlerKind::Rescue, Control::Raise(exception)) => {
                    let current = self.sym.errinfo;
                    self.globals.set(current, exception);
                    self.context.stack.push(exception);
                }
                (_, control) => {
                    // An `ensure` run by an exception sees it in `$!` (and
                    // an exception raised there takes it as its cause).
                    if let Control::Raise(exception) = control {
                        let current = self.sym.errinfo;
                        self.globals.set(current, exception);
                    }
                    self.context.frames[frame]
                        .pending
                        .get_or_insert_with(Box::default)
                        .push(control)
                }
            }
            next = Ok(handler.target as usize);
        }
    }

    /// Runs a method's frame from its start: its compiled code when it has
    /// some, else the interpreter. (Inlined into every caller: a call of
    /// its own cost each Ruby call 34 instructions.)
    #[inline(always)]
    pub fn run_method(&mut self, method: &Rc<LoadedMethod>, base: usize, argc: usize) -> VmResult {
        if method.jit.get() == status::COMPILED {
            let compiled = method.compiled.borrow().clone();
            if let Some(compiled) = compiled {
                return self.run_compiled(&compiled, base, argc);
            }
        }
        method
            .interpreted_calls
            .set(method.interpreted_calls.get() + 1);
        self.execute(method, base, argc, 0)
    }

    /// Runs the one instruction at `ip` of `method` in the frame at `base`,
    /// whose operands are on the stack: how compiled code runs what it
    /// leaves to the runtime. Returns the value it pushed, if any.
    pub fn run_one(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        ip: usize,
        operand_base: usize,
    ) -> VmResult<Option<Value>> {
        self.run::<true>(method, base, argc, ip)?;
        Ok((self.context.stack.len() > operand_base).then(|| self.pop()))
    }

    /// The constant a class body defines: `Foo` for `<class:Foo>`.
    fn class_body_constant(&mut self, body: &LoadedMethod) -> bytecode::Sym {
        let label = self.symbols.name(body.code.name);
        let name = label
            .strip_prefix("<class:")
            .or_else(|| label.strip_prefix("<module:"))
            .and_then(|rest| rest.strip_suffix('>'))
            .expect("class bodies are named <class:Name> or <module:Name>")
            .to_string();
        self.symbols.intern(&name)
    }

    /// The singleton class of `object`; TypeError for immediates, which
    /// cannot have one.
    pub fn singleton_class_for(&mut self, object: Value) -> VmResult {
        if object.is_heap() {
            return Ok(self.singleton_class(object));
        }
        Err(self.type_error("can't define singleton".into()))
    }

    /// A frozen String of a literal's bytes, in the literal's encoding.
    fn frozen_literal_string(&mut self, bytes: &[u8], encoding: bytecode::SourceEncoding) -> Value {
        let v = self.new_string(bytes.to_vec());
        crate::core::string::string_of(v).set_encoding(encoding.into());
        v.header().expect("a String").freeze();
        v
    }

    /// What [`Vm::interpolate`] makes of `value` without calling Ruby
    /// code: a String itself, and the String of a fixnum, Symbol or nil
    /// while their `to_s` is the core's. None for anything else.
    pub(crate) fn interpolate_core(&mut self, value: Value) -> Option<Value> {
        if value.get::<RString>().is_some() {
            return Some(value);
        }
        if !(value.is_fixnum() || value.is_symbol() || value.is_nil()) {
            return None;
        }
        let classes = [self.c.integer, self.c.symbol, self.c.nil];
        let [integer, symbol, nil] =
            self.core_methods_stand(&self.native_to_s, classes, self.sym.to_s);
        if integer && value.is_fixnum() {
            let digits = crate::core::integer::decimal_bytes(value.fixnum_value());
            return Some(crate::core::string::new_ascii_string(self, digits));
        }
        if let Some(name) = value.as_symbol().filter(|_| symbol) {
            let bytes = self.symbols.name(name).as_bytes().to_vec();
            return Some(crate::core::string::new_symbol_string(self, &bytes));
        }
        if nil && value.is_nil() {
            let empty = crate::object::StringBytes::new();
            return Some(crate::core::string::new_ascii_string(self, empty));
        }
        None
    }

    /// `"#{value}"`: Strings stay, others are converted with `to_s`, and a
    /// `to_s` that returns a non-String gives the default `#<Foo>` form.
    /// A fixnum, a Symbol and nil are written here while their `to_s` is
    /// the core's, as MRI's `objtostring` does, without a call.
    pub(crate) fn interpolate(&mut self, value: Value) -> VmResult {
        if let Some(string) = self.interpolate_core(value) {
            return Ok(string);
        }
        let to_s = self.sym.to_s;
        let string = self.call(value, to_s, &[])?;
        if string.get::<RString>().is_some() {
            Ok(string)
        } else {
            let text = self.default_to_s(value);
            Ok(self.new_str(&text))
        }
    }

    /// A transfer that reached the top of the program: an exception, or a
    /// `break`/`return` with nowhere to go (reported as LocalJumpError).
    pub fn uncaught(&mut self, control: Control) -> Value {
        let jump = match control {
            Control::Raise(exception) => return exception,
            Control::Jump(jump) => jump,
        };
        match *jump {
            Jump::Break { .. } => {
                let class = self.c.local_jump_error;
                self.new_exception(class, "break from proc-closure")
            }
            Jump::Return { .. } => {
                let class = self.c.local_jump_error;
                self.new_exception(class, "unexpected return")
            }
            Jump::Throw { tag, .. } => {
                let description = self.inspect(tag).unwrap_or_default();
                let class = self.c.uncaught_throw_error;
                self.new_exception(class, &format!("uncaught throw {description}"))
            }
        }
    }

    /// Pushes the parts multiple assignment stores (see `Insn::Destructure`).
    pub(crate) fn destructure(
        &mut self,
        value: Value,
        before: usize,
        splat: bool,
        after: usize,
    ) -> VmResult<()> {
        // The common case, an Array and no splat: its items straight onto
        // the stack, last part deepest.
        if let (false, Some(array)) = (splat, value.get::<RArray>()) {
            self.context
                .stack
                .extend(std::iter::repeat_n(Value::NIL, after));
            let items = array.items();
            self.context.stack.extend(
                (0..before)
                    .rev()
                    .map(|i| items.get(i).copied().unwrap_or(Value::NIL)),
            );
            return Ok(());
        }
        let items = match self.array_items(value) {
            Some(items) => items,
            None => {
                let to_ary = self.sym.to_ary;
                let class = self.class_of(value);
                match self.find_method(class, to_ary) {
                    Some(_) => {
                        let converted = self.call(value, to_ary, &[])?;
                        self.array_items(converted).unwrap_or_else(|| vec![value])
                    }
                    None => vec![value],
                }
            }
        };
        let lead: Vec<Value> = (0..before)
            .map(|i| items.get(i).copied().unwrap_or(Value::NIL))
            .collect();
        let remaining = items.get(before..).unwrap_or(&[]);
        let post_count = if splat {
            after.min(remaining.len())
        } else {
            after
        };
        let middle = &remaining[..remaining.len().saturating_sub(post_count)];
        let mut post: Vec<Value> = if splat {
            remaining[remaining.len() - post_count..].to_vec()
        } else {
            Vec::new()
        };
        post.resize(after, Value::NIL);
        for &value in post.iter().rev() {
            self.context.stack.push(value);
        }
        if splat {
            let rest = self.new_array(middle.to_vec());
            self.context.stack.push(rest);
        }
        for &value in lead.iter().rev() {
            self.context.stack.push(value);
        }
        Ok(())
    }

    /// What `defined?` says about something checked at run time, for the
    /// frame `frame` whose self is at `base` (a receiver for
    /// `PublicMethod` is on the stack).
    fn defined_at(
        &mut self,
        frame: usize,
        base: usize,
        kind: bytecode::DefinedKind,
        name: bytecode::Sym,
    ) -> VmResult<Option<&'static str>> {
        use bytecode::DefinedKind as K;
        let receiver = self.context.stack[base];
        Ok(match kind {
            K::Ivar => self
                .ivar_names(receiver)
                .contains(&name)
                .then_some("instance-variable"),
            K::Global => self.globals.is_set(name).then_some("global-variable"),
            K::ClassVariable => {
                let cref = self.context.frames[frame].cref.clone();
                self.class_variable_get(&cref, name)
                    .ok()
                    .map(|_| "class variable")
            }
            K::Constant => {
                let cref = self.context.frames[frame].cref.clone();
                self.lookup_constant(&cref, name).map(|_| "constant")
            }
            K::Method => {
                let class = self.class_of(receiver);
                self.find_method(class, name).map(|_| "method")
            }
            K::PublicMethod => {
                let target = self.pop();
                let class = self.class_of(target);
                self.find_method(class, name)
                    .filter(|e| e.visibility != Visibility::Private)
                    .map(|_| "method")
            }
            K::ScopedConstant => {
                let scope = self.pop();
                let found = scope.get::<crate::object::RClass>().is_some()
                    && self
                        .ancestors(scope)
                        .iter()
                        .any(|&m| self.own_constant(m, name).is_some());
                found.then_some("constant")
            }
            K::Yield => self.context.frames[frame]
                .block
                .is_some()
                .then_some("yield"),
            K::Super => {
                let class = self.class_of(receiver);
                let owner = self.context.frames[frame].owner;
                self.find_super_method(class, owner, name).map(|_| "super")
            }
        })
    }

    /// Whether `rescue class` catches `exception` (`class` may be an Array
    /// of classes, from `rescue *LIST`).
    fn rescue_matches(&mut self, exception: Value, class: Value) -> VmResult<bool> {
        if self.is_fatal(exception) {
            return Ok(false);
        }
        if let Some(classes) = self.array_items(class) {
            for class in classes {
                if self.rescue_matches(exception, class)? {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        if class.get::<crate::object::RClass>().is_none() {
            return Err(self.type_error("class or module required for rescue clause".into()));
        }
        // A class may define its own `===` to choose what it rescues.
        let case_eq = self.symbols.intern("===");
        let matched = self.call(class, case_eq, &[exception])?;
        Ok(matched.truthy())
    }

    /// Raises `error` as a Ruby exception of `class` with `message`, with the
    /// current backtrace.
    /// [`Vm::raise`], also giving the exception internal attributes its
    /// reader methods return (`NameError#name`, `FrozenError#receiver`,
    /// `LocalJumpError#reason`, ...).
    pub fn raise_with(
        &mut self,
        class: Value,
        message: String,
        attributes: &[(&str, Value)],
    ) -> Control {
        let control = self.raise(class, message);
        if let Control::Raise(exception) = &control {
            let exception = *exception;
            for &(name, value) in attributes {
                let name = self.symbols.intern(name);
                let _ = self.ivar_set(exception, name, value);
            }
        }
        control
    }

    pub fn raise(&mut self, class: Value, mut message: String) -> Control {
        // A NameError raised by a core method underlines the Ruby call of
        // that method, as error_highlight does for MRI's C methods.
        if self.ancestors(class).contains(&self.c.name_error) {
            message.push_str(&self.core_method_call_snippet());
        }
        let exception = self.new_exception(class, &message);
        // Raised while another exception is being handled: that one is
        // the cause (except for a stack overflow, which MRI raises without
        // setting one up).
        let current = self.global_named("$!");
        if !current.is_nil() && class != self.c.system_stack_error {
            let cause = self.symbols.intern("cause");
            self.set_internal(exception, cause, current);
        }
        Control::Raise(exception)
    }
}

/// The encoding of an interpolation's String (MRI's
/// `rb_str_concat_literals`): it starts in the source file's `encoding`
/// and each part is appended as `<<` appends; the two encodings that
/// cannot be joined when non-ASCII parts differ.
pub fn interpolation_encoding(
    encoding: crate::encoding::Encoding,
    parts: &[Value],
) -> Result<crate::encoding::Encoding, (crate::encoding::Encoding, crate::encoding::Encoding)> {
    use crate::encoding::{compatible, Encoding, Operand};
    let bytes_of = |part: &Value| {
        part.get::<RString>()
            .expect("tostring left a String")
            .bytes()
    };
    let mut result = encoding;
    for (index, part) in parts.iter().enumerate() {
        let part_encoding = part
            .get::<RString>()
            .expect("tostring left a String")
            .encoding();
        if part_encoding == result {
            continue;
        }
        // The String so far matters only by being empty or ASCII (the
        // rare case of parts in several encodings looks at them again).
        let before = &parts[..index];
        let so_far: &[u8] = if before.iter().all(|p| bytes_of(p).is_empty()) {
            b""
        } else if before.iter().all(|p| bytes_of(p).is_ascii()) {
            b"a"
        } else {
            b"\x80"
        };
        result = match compatible(
            Operand::String(result, so_far),
            Operand::String(part_encoding, &bytes_of(part)),
        ) {
            Some(Encoding::UsAscii) => part_encoding,
            Some(joined) => joined,
            None => return Err((result, part_encoding)),
        };
    }
    Ok(result)
}
