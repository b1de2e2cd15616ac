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
//! deoptimisation (`crate::compiled::helpers`) resumes compiled frames there.
//! [`Vm::run_one`] runs a single instruction in a frame: how compiled code
//! runs what it leaves to the runtime.

use crate::block::{Block, BlockCode};
use crate::core::NativeFrame;
use crate::frame_layout::FrameLayout;
use crate::heap::HeapObject;
use crate::inline_cache::{CallCache, IvarCache, IvarLine};
use crate::object::{MethodBody, MethodEntry, RArray, REnv, RObject, RProc, RString, Visibility};
use crate::value::Value;
use crate::vm::{class_data, Control, Cref, FrameCode, FrameRecord, Vm, VmResult};
use bytecode::profile::{BranchProfile, Kind, KindRecorder};
use bytecode::{abi, call_flags, Insn, Literal, Method};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How a method is being called.
#[derive(Clone, Copy, Default, Debug)]
pub struct CallKind {
    /// The last argument is the Hash of keyword arguments.
    pub kwargs: bool,
    /// Straight from a call site (not through `send` or from Rust).
    pub direct: bool,
}

/// How a block is being called, beyond its positional arguments.
#[derive(Default)]
pub struct BlockCall {
    /// The last argument is the Hash of keyword arguments.
    pub kwargs: bool,
    /// The block the call passes (to the block's `&blk` parameter).
    pub block_arg: Option<Rc<Block>>,
}

/// Core operations the interpreter performs inline while nobody has
/// redefined them: arithmetic and comparison on fixnums and floats, and
/// indexing and size of plain Arrays (MRI's `opt_plus`, `opt_aref`,
/// `opt_length`...). Anything else, or an operand of another kind, takes the
/// ordinary send.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BasicOp {
    None,
    /// `array[i]` with a fixnum index.
    ArrayIndex,
    /// `array[i] = v` with a fixnum index inside the Array.
    ArraySet,
    /// `array.size`, `array.length`.
    ArraySize,
    Plus,
    Minus,
    Mult,
    Div,
    Mod,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

impl BasicOp {
    fn is_array(self) -> bool {
        matches!(
            self,
            BasicOp::ArrayIndex | BasicOp::ArraySet | BasicOp::ArraySize
        )
    }

    pub(crate) fn is_numeric(self) -> bool {
        self != BasicOp::None && !self.is_array()
    }
}

/// The Array methods with an inline path, and their argument counts.
const ARRAY_OPS: [(&str, usize, BasicOp); 4] = [
    ("[]", 1, BasicOp::ArrayIndex),
    ("[]=", 2, BasicOp::ArraySet),
    ("size", 0, BasicOp::ArraySize),
    ("length", 0, BasicOp::ArraySize),
];

const BASIC_OPS: [(&str, BasicOp); 16] = [
    ("+", BasicOp::Plus),
    ("-", BasicOp::Minus),
    ("*", BasicOp::Mult),
    ("/", BasicOp::Div),
    ("%", BasicOp::Mod),
    ("<", BasicOp::Lt),
    ("<=", BasicOp::Le),
    (">", BasicOp::Gt),
    (">=", BasicOp::Ge),
    ("==", BasicOp::Eq),
    ("!=", BasicOp::Ne),
    ("&", BasicOp::BitAnd),
    ("|", BasicOp::BitOr),
    ("^", BasicOp::BitXor),
    ("<<", BasicOp::Shl),
    (">>", BasicOp::Shr),
];

/// Whether redefining `name` on Integer or Float disables the fast paths.
pub fn is_basic_op(name: &str) -> bool {
    BASIC_OPS.iter().any(|(n, _)| *n == name)
}

/// Whether redefining `name` on Array disables the fast paths.
pub fn is_array_op(name: &str) -> bool {
    ARRAY_OPS.iter().any(|(n, _, _)| *n == name)
}

/// A method's code as loaded into the VM, with its profile and caches.
pub struct LoadedMethod {
    /// The method's number in `Vm::methods` (the JIT's handle for it).
    pub id: u32,
    pub code: Rc<Method>,
    /// Literals as values; `UNDEF` for String literals (a fresh String is
    /// made from the bytecode's bytes at every `push`).
    pub literals: Vec<Value>,
    pub sites: Vec<SiteState>,
    pub branches: Vec<Cell<BranchProfile>>,
    pub calls: Cell<u64>,
    /// Whether the JIT compiled it yet (`crate::compiled::status`).
    pub jit: Cell<u8>,
    /// Its compiled code, while valid.
    pub compiled: RefCell<Option<Rc<crate::compiled::CompiledMethod>>>,
    /// The same, where native calls from compiled code find it.
    pub call_target: jit::runtime::CallTarget,
    /// The lexical scope and owner of the first method entry made of it
    /// (what a frame of it rebuilt by deoptimisation runs with, when the
    /// receiver's lookup no longer finds it).
    pub defined_in: RefCell<Option<(Rc<crate::vm::Cref>, Value)>>,
    /// Made into methods of more than one scope or owner: `defined_in`
    /// is not the scope of every frame of it.
    pub defined_twice: Cell<bool>,
    /// Loop back edges taken (towards on-stack replacement).
    pub back_edges: Cell<u64>,
    /// Code entered by on-stack replacement, by loop header (None: the
    /// loop could not be compiled).
    pub osr: RefCell<Vec<(u32, Option<Rc<crate::compiled::CompiledMethod>>)>>,
    pub children: Vec<Rc<LoadedMethod>>,
    /// The id of the code this one is written in (a block's enclosing
    /// method or block), if any.
    pub parent: Cell<Option<u32>>,
    /// Per `getivar`/`setivar` site: the shapes seen and their slots.
    pub ivar_caches: Vec<RefCell<IvarCache>>,
}

/// The inline cache and profile of one call site.
pub struct SiteState {
    pub op: BasicOp,
    /// A site of the core's Ruby code (`rb/`): its basic operation is the
    /// core's even after a program redefines it, as in MRI's C methods
    /// (`3.times` counts with Integer's own `+` and `<`).
    pub core: bool,
    pub cache: RefCell<CallCache>,
    pub receiver: KindRecorder,
    pub args: Box<[KindRecorder]>,
}

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
                    let v = self.new_string(bytes.clone());
                    let encoding = code.literal_encoding(index);
                    crate::core::string::string_of(v).set_encoding(encoding.into());
                    v.header().expect("a String").freeze();
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
            })
            .collect();
        let core = crate::prelude::is_internal(&code.file);
        let sites = code
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
                SiteState {
                    op,
                    core,
                    cache: RefCell::new(CallCache::default()),
                    receiver: KindRecorder::default(),
                    args: (0..site.argc).map(|_| KindRecorder::default()).collect(),
                }
            })
            .collect();
        // Parents are listed before the methods they define.
        let index = self.loaded.len();
        let children = code
            .children
            .iter()
            .map(|child| self.load(child.clone()))
            .collect();
        let ivar_caches = (0..code.ivars.len())
            .map(|_| RefCell::new(IvarCache::default()))
            .collect();
        let loaded = Rc::new(LoadedMethod {
            id: self.methods.len() as u32,
            jit: Cell::new(crate::compiled::status::NOT_YET),
            compiled: RefCell::new(None),
            call_target: Default::default(),
            defined_in: RefCell::new(None),
            defined_twice: Cell::new(false),
            back_edges: Cell::new(0),
            osr: RefCell::new(Vec::new()),
            ivar_caches,
            branches: (0..code.branches)
                .map(|_| Cell::new(BranchProfile::default()))
                .collect(),
            code,
            literals,
            sites,
            calls: Cell::new(0),
            children,
            parent: Cell::new(None),
        });
        for child in &loaded.children {
            child.parent.set(Some(loaded.id));
        }
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
        if let Err(fatal) = self.spend_step() {
            self.frames[frame].ip = (ip - 1) as u32;
            return Some(Err(fatal));
        }
        self.jit_back_edge(method, base, argc, header)
    }

    /// Whether the send of `state` may take its numeric operation's
    /// inline path: nobody redefined the operations, or it is core code.
    #[inline]
    pub(crate) fn numeric_op_inline(&self, state: &SiteState) -> bool {
        state.op.is_numeric() && (!self.basic_ops_redefined || state.core)
    }

    /// [`Vm::numeric_op_inline`] for the Array operations.
    #[inline]
    fn array_op_inline(&self, state: &SiteState) -> bool {
        state.op.is_array() && (!self.array_ops_redefined || state.core)
    }

    /// The profile kind of a value.
    #[inline]
    pub fn kind_of(&self, value: Value) -> Kind {
        self.kind_of_in(value, self.class_of(value))
    }

    /// [`Vm::kind_of`] for a value whose class the caller has at hand.
    #[inline]
    fn kind_of_in(&self, value: Value, class: Value) -> Kind {
        if value.is_fixnum() {
            Kind::Fixnum
        } else if value.is_flonum() {
            Kind::Flonum
        } else {
            match value.header().map(|h| h.kind()) {
                Some(crate::heap::ObjKind::Bignum) => Kind::Bignum,
                Some(crate::heap::ObjKind::Float) => Kind::HeapFloat,
                _ => Kind::Class(class_data(class).id),
            }
        }
    }

    /// Runs a top-level method (a file) with `main` as self.
    pub fn run_main(&mut self, main: Rc<LoadedMethod>) -> VmResult {
        self.run_main_in(main, None)
    }

    /// Runs a file's top level; with `wrap` (`load(file, true)`) its
    /// constants and methods go into that module instead of Object, and
    /// self is a copy of main extended with it.
    pub fn run_main_in(&mut self, main: Rc<LoadedMethod>, wrap: Option<Value>) -> VmResult {
        let base = self.stack.len();
        let (receiver, cref, owner) = match wrap {
            None => (self.main, self.top_cref(), self.c.object),
            Some(module) => {
                let object = self.c.object;
                let receiver = self.new_object(object);
                self.stack.push(receiver);
                let singleton = self.singleton_class(receiver);
                self.include_module(singleton, module);
                self.stack.pop();
                let cref = Rc::new(Cref {
                    module,
                    parent: Some(self.top_cref()),
                    evaluated: false,
                });
                (receiver, cref, module)
            }
        };
        self.stack.push(receiver);
        let id = self.new_frame_id();
        let mut frame = FrameRecord::new(FrameCode::Bytecode(main.clone()), cref, owner, id);
        frame.visibility = Visibility::Private;
        frame.env = self.new_env(&main.code, Value::NIL);
        self.frames.push(frame);
        main.calls.set(main.calls.get() + 1);
        self.jit_entering(&main);
        self.push_locals(&main);
        let result = self.run_method(&main, base, 0);
        self.jit_leaving(&main);
        self.pop_frame();
        self.stack.truncate(base);
        match result {
            // `return` in a block at the top level ends the script.
            Err(Control::Return { target, value }) if target == id => Ok(value),
            other => other,
        }
    }

    /// The environment for a frame running `code`: a new one when blocks
    /// capture its locals (linked to `parent`), else `parent` itself.
    #[inline]
    pub fn new_env(&mut self, code: &Method, parent: Value) -> Value {
        if !code.has_env {
            return parent;
        }
        self.alloc_env(code, parent)
    }

    /// A fresh environment for `code`'s captured locals, all nil.
    fn alloc_env(&mut self, code: &Method, parent: Value) -> Value {
        let slots = RefCell::new(vec![Value::NIL; code.locals.len()]);
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
        let len = self.stack.len();
        self.stack
            .resize(len + method.code.locals.len(), Value::NIL);
    }

    /// Runs the frame whose receiver is at `base` from instruction `start`,
    /// sending transfers (exceptions, `break`, `return`, `throw`) out of
    /// protected ranges to their `rescue`/`ensure` handlers.
    pub fn execute(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        start: usize,
    ) -> VmResult {
        self.execute_from(method, base, argc, Ok(start))
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
        let frame = self.frames.len() - 1;
        let operand_base = FrameLayout::new(base, argc, method.code.locals.len()).operands();
        let mut next = start;
        loop {
            let control = match next {
                Ok(ip) => match self.run(method, base, argc, ip, usize::MAX) {
                    Ok(value) => return Ok(value),
                    Err(control) => control,
                },
                Err(control) => control,
            };
            let at = self.frames[frame].ip as usize;
            let is_exception = matches!(control, Control::Raise(_));
            let Some(handler) = method.code.handler_at(at, is_exception) else {
                return Err(control);
            };
            self.stack.truncate(operand_base + handler.depth as usize);
            match (handler.kind, control) {
                (bytecode::HandlerKind::Rescue, Control::Raise(exception)) => {
                    let current = self.sym.errinfo;
                    self.globals.insert(current, exception);
                    self.stack.push(exception);
                }
                (_, control) => {
                    // An `ensure` run by an exception sees it in `$!` (and
                    // an exception raised there takes it as its cause).
                    if let Control::Raise(exception) = control {
                        let current = self.sym.errinfo;
                        self.globals.insert(current, exception);
                    }
                    self.frames[frame]
                        .pending
                        .get_or_insert_with(Box::default)
                        .push(control)
                }
            }
            next = Ok(handler.target as usize);
        }
    }

    /// `break` with `value` from the block running in frame `frame`: ends
    /// the call the block was passed to (a lambda: the lambda itself).
    pub fn break_block(&mut self, frame: usize, value: Value) -> VmResult {
        if self.frames[frame].is_lambda {
            return Ok(value);
        }
        let (target, block_id) = (self.frames[frame].break_target, self.frames[frame].block_id);
        if !self
            .frames
            .iter()
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
        Err(Control::Break { target, value })
    }

    /// `return` with `value` from the block running in frame `frame`:
    /// leaves the method the block was written in (a lambda: the lambda).
    pub fn return_from_block(&mut self, frame: usize, value: Value) -> VmResult {
        if self.frames[frame].is_lambda {
            return Ok(value);
        }
        let target = self.frames[frame].home;
        if !self.frames.iter().any(|f| f.id == target) {
            let class = self.c.local_jump_error;
            let reason = Value::symbol(self.symbols.intern("return"));
            return Err(self.raise_with(
                class,
                "unexpected return".into(),
                &[("reason", reason), ("exit_value", value)],
            ));
        }
        Err(Control::Return { target, value })
    }

    /// Runs a method's frame from its start: its compiled code when it has
    /// some, else the interpreter.
    #[inline]
    pub fn run_method(&mut self, method: &Rc<LoadedMethod>, base: usize, argc: usize) -> VmResult {
        if method.jit.get() == crate::compiled::status::COMPILED {
            let compiled = method.compiled.borrow().clone();
            if let Some(compiled) = compiled {
                return self.run_compiled(&compiled, base, argc);
            }
        }
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
        self.run(method, base, argc, ip, ip + 1)?;
        Ok((self.stack.len() > operand_base).then(|| self.pop()))
    }

    /// The interpreter loop for one frame, until it returns or a transfer
    /// leaves it (or, for [`Vm::run_one`], until it reaches `stop`).
    fn run(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        start: usize,
        stop: usize,
    ) -> VmResult {
        let code: &Method = &method.code;
        let insns = &code.insns[..];
        let layout = FrameLayout::new(base, argc, code.locals.len());
        let locals = layout.locals();
        let frame = self.frames.len() - 1;
        let mut ip = start;
        loop {
            if ip == stop {
                return Ok(Value::UNDEF);
            }
            let insn = insns[ip];
            ip += 1;
            match insn {
                Insn::Trace(_) => {}
                Insn::PushSelf => {
                    let receiver = self.stack[base];
                    self.stack.push(receiver);
                }
                Insn::Arg(n) => {
                    let arg = self.stack[layout.arg(n as usize)];
                    self.stack.push(arg);
                }
                Insn::HasArg(n) => {
                    let given =
                        (n as usize) < argc && self.stack[layout.arg(n as usize)] != Value::UNDEF;
                    self.stack.push(Value::bool(given));
                }
                Insn::Load(slot) => {
                    let value = self.stack[locals + slot as usize];
                    self.stack.push(value);
                }
                Insn::Store(slot) => {
                    let value = self.pop();
                    self.stack[locals + slot as usize] = value;
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
                    self.stack.push(value);
                }
                Insn::Send(site) => {
                    let state = &method.sites[site as usize];
                    if self.array_op_inline(state) && self.array_op(state, state.op) {
                        continue;
                    }
                    if self.numeric_op_inline(state) {
                        let top = self.stack.len() - 1;
                        let (a, b) = (self.stack[top - 1], self.stack[top]);
                        let inline = if a.is_fixnum() && b.is_fixnum() {
                            self.fixnum_op(state.op, a, b)
                                .map(|result| (result, Kind::Fixnum))
                        } else if a.is_flonum() && b.is_flonum() {
                            self.float_op(state.op, a.flonum_value(), b.flonum_value())
                                .map(|result| (result, Kind::Flonum))
                        } else {
                            None
                        };
                        if let Some((result, kind)) = inline {
                            state.receiver.record(kind);
                            state.args[0].record(kind);
                            self.stack.truncate(top);
                            self.stack[top - 1] = result;
                            continue;
                        }
                    }
                    self.frames[frame].ip = (ip - 1) as u32;
                    let call = &code.sites[site as usize];
                    let operands = call.argc as usize
                        + 1
                        + usize::from(call.flags & call_flags::BLOCK_ARG != 0);
                    let receiver_index = self.stack.len() - operands;
                    match self.send(method, site as usize, frame, base) {
                        Ok(()) => {}
                        // `break` in the block this call was given.
                        Err(Control::Break { target, value })
                            if target == self.frames[frame].id =>
                        {
                            self.stack.truncate(receiver_index);
                            self.stack.push(value);
                        }
                        Err(control) => return Err(control),
                    }
                }
                Insn::LoadEnv { slot, hops, .. } => {
                    let env = Self::env_at(self.frames[frame].env, hops);
                    let value = env.slots.borrow()[slot as usize];
                    self.stack.push(value);
                }
                Insn::StoreEnv { slot, hops, .. } => {
                    let value = self.pop();
                    let env = Self::env_at(self.frames[frame].env, hops);
                    env.slots.borrow_mut()[slot as usize] = value;
                }
                Insn::Yield { argc, kwargs } => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let Some(block) = self.frames[frame].block.clone() else {
                        return Err(self.no_block_given());
                    };
                    let start = self.stack.len() - argc as usize;
                    let args: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.stack[start..]);
                    let result = if kwargs {
                        let call = BlockCall {
                            kwargs,
                            block_arg: None,
                        };
                        self.invoke_block_with(&block, &args, call)?
                    } else {
                        self.invoke_block(&block, &args)?
                    };
                    self.stack.truncate(start);
                    self.stack.push(result);
                }
                Insn::YieldSplat { kwargs } => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let Some(block) = self.frames[frame].block.clone() else {
                        return Err(self.no_block_given());
                    };
                    let list = self.pop();
                    let args = self.array_items(list).expect("yield * passes an Array");
                    let call = BlockCall {
                        kwargs,
                        block_arg: None,
                    };
                    let result = self.invoke_block_with(&block, &args, call)?;
                    self.stack.push(result);
                }
                Insn::BlockProxy => {
                    let block = self.frames[frame].block.clone();
                    let proxy = self.block_proxy_for(block.as_ref());
                    self.stack.push(proxy);
                }
                Insn::BlockParam => {
                    let record = &self.frames[frame];
                    let passed = if record.block_id != 0 {
                        record.block_arg.clone()
                    } else {
                        record.block.clone()
                    };
                    let value = match passed {
                        Some(block) => self.new_proc(block),
                        None => Value::NIL,
                    };
                    self.stack.push(value);
                }
                Insn::Lambda(child) => {
                    let mut block = self.literal_block(method, child, frame, base);
                    block.is_lambda = true;
                    let lambda = self.new_proc(Rc::new(block));
                    self.stack.push(lambda);
                }
                Insn::BreakBlock => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    return self.break_block(frame, value);
                }
                Insn::Alias => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let old = self.pop().as_symbol().expect("alias pushes Symbols");
                    let new = self.pop().as_symbol().expect("alias pushes Symbols");
                    if self.symbols.name(new).starts_with('$') {
                        let target = self.global_aliases.get(&old).copied().unwrap_or(old);
                        self.global_aliases.insert(new, target);
                    } else {
                        let module = self.frames[frame].cref.module;
                        crate::core::module::alias_method(self, module, new, old)?;
                    }
                    self.stack.push(Value::NIL);
                }
                Insn::Undef => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let name = self.pop().as_symbol().expect("undef pushes a Symbol");
                    let module = self.frames[frame].cref.module;
                    crate::core::module::undef_method(self, module, name)?;
                    self.stack.push(Value::NIL);
                }
                Insn::NewHash(pairs) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let start = self.stack.len() - 2 * pairs as usize;
                    let hash = self.new_hash();
                    self.stack.push(hash);
                    for pair in 0..pairs as usize {
                        let (key, value) = (
                            self.stack[start + 2 * pair],
                            self.stack[start + 2 * pair + 1],
                        );
                        self.hash_set(hash, key, value)?;
                    }
                    self.stack.truncate(start);
                    self.stack.push(hash);
                }
                Insn::NewRange { exclusive } => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let end = self.pop();
                    let begin = self.pop();
                    let range = self.new_range(begin, end, exclusive)?;
                    self.stack.push(range);
                }
                Insn::ArrayAppend => {
                    let value = self.pop();
                    let array = *self.stack.last().expect("operand");
                    array
                        .get::<RArray>()
                        .expect("append builds an Array")
                        .items_mut()
                        .push(value);
                }
                Insn::ArrayConcat => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    let items = self.splat_items(value)?;
                    let array = *self.stack.last().expect("operand");
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
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    self.destructure(value, before as usize, splat, after as usize)?;
                }
                Insn::CheckMatch { splat } => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let subject = self.pop();
                    let pattern = self.pop();
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
                    self.stack.push(Value::bool(matched));
                }
                Insn::Defined { kind, name } => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let description = self.defined_at(frame, base, kind, name)?;
                    let value = match description {
                        Some(text) => self.new_str(text),
                        None => Value::NIL,
                    };
                    self.stack.push(value);
                }
                Insn::RescueMatch => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let class = self.pop();
                    let exception = self.pop();
                    let matched = self.rescue_matches(exception, class)?;
                    self.stack.push(Value::bool(matched));
                }
                Insn::Reraise => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let exception = self.pop();
                    return Err(Control::Raise(exception));
                }
                Insn::EndEnsure => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let control = self.frames[frame]
                        .pending
                        .as_mut()
                        .and_then(|pending| pending.pop())
                        .expect("an ensure handler saved a transfer");
                    return Err(control);
                }
                Insn::ReturnFromBlock => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    return self.return_from_block(frame, value);
                }
                Insn::Not => {
                    let value = self.pop();
                    self.stack.push(Value::bool(!value.truthy()));
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
                    if self.pop().is_nil() {
                        ip = target as usize;
                    }
                }
                Insn::Branch { target, profile } => {
                    let taken = self.pop().truthy();
                    let cell = &method.branches[profile as usize];
                    let mut counts = cell.get();
                    if taken {
                        counts.taken += 1;
                        cell.set(counts);
                        let target = target as usize;
                        if target < ip {
                            if let Some(result) =
                                self.back_edge(method, frame, ip, base, argc, target)
                            {
                                return result;
                            }
                        }
                        ip = target;
                    } else {
                        counts.not_taken += 1;
                        cell.set(counts);
                    }
                }
                Insn::Return => return Ok(self.pop()),
                Insn::Pop => {
                    self.stack.pop();
                }
                Insn::Dup => {
                    let value = *self.stack.last().expect("operand");
                    self.stack.push(value);
                }
                Insn::NewArray(n) => {
                    let start = self.stack.len() - n as usize;
                    let items = self.stack[start..].to_vec();
                    let array = self.new_array(items);
                    self.stack.truncate(start);
                    self.stack.push(array);
                }
                Insn::ToS => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    let string = self.interpolate(value)?;
                    self.stack.push(string);
                }
                Insn::NewArrayExtremum { count, max } => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let start = self.stack.len() - count as usize;
                    let values: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.stack[start..]);
                    let result = self.array_literal_extremum(&values, max)?;
                    self.stack.truncate(start);
                    self.stack.push(result);
                }
                Insn::Concat(n) => {
                    let start = self.stack.len() - n as usize;
                    let parts: smallvec::SmallVec<[Value; 8]> =
                        smallvec::SmallVec::from_slice(&self.stack[start..]);
                    self.frames[frame].ip = (ip - 1) as u32;
                    let string = self.concat_strings(code.encoding, &parts)?;
                    self.stack.truncate(start);
                    self.stack.push(string);
                }
                Insn::GetConst(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let cref = self.frames[frame].cref.clone();
                    let value = match self.lookup_constant(&cref, name) {
                        Some(value) => value,
                        None => {
                            return Err(self.uninitialized_constant(
                                name,
                                Some(cref.lexical().module),
                                code,
                                ip - 1,
                            ))
                        }
                    };
                    self.stack.push(value);
                }
                Insn::SetConst(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    let module = self.frames[frame].cref.lexical().module;
                    self.set_constant(module, name, value);
                }
                Insn::GetConstFrom(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let scope = self.pop();
                    let value = self.scoped_constant(scope, name, code, ip - 1)?;
                    self.stack.push(value);
                }
                Insn::SetConstIn(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    let scope = self.pop();
                    self.expect_module(scope)?;
                    self.set_constant(scope, name, value);
                }
                Insn::GetIvar(site) => {
                    let receiver = self.stack[base];
                    let value = self.get_ivar_cached(method, site as usize, receiver);
                    self.stack.push(value);
                }
                Insn::SetIvar(site) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    let receiver = self.stack[base];
                    self.set_ivar_cached(method, site as usize, receiver, value)?;
                }
                Insn::GetCvar(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let cref = self.frames[frame].cref.clone();
                    let value = self.class_variable_get(&cref, name)?;
                    self.stack.push(value);
                }
                Insn::SetCvar(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    let cref = self.frames[frame].cref.clone();
                    self.class_variable_set(&cref, name, value)?;
                }
                Insn::DefineClass(index) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let superclass = self.pop();
                    let scope = self.pop();
                    let cref = self.frames[frame].cref.clone();
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
                    self.stack.push(value);
                }
                Insn::DefineModule(index) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let scope = self.pop();
                    let cref = self.frames[frame].cref.clone();
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
                    self.stack.push(value);
                }
                Insn::OpenSingleton(index) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let object = self.pop();
                    let singleton = self.singleton_class_for(object)?;
                    let body = method.children[index as usize].clone();
                    let cref = self.frames[frame].cref.clone();
                    let value = self.run_class_body(&body, singleton, cref)?;
                    self.stack.push(value);
                }
                Insn::DefineSingletonMethod(index) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let object = self.pop();
                    let singleton = self.singleton_class_for(object)?;
                    let child = method.children[index as usize].clone();
                    let name = child.code.name;
                    let cref = self.frames[frame].cref.clone();
                    self.add_method_in(
                        singleton,
                        name,
                        MethodBody::Bytecode(child),
                        Visibility::Public,
                        Some(cref),
                    );
                    self.stack.push(Value::symbol(name));
                }
                Insn::InvokeSuper(site) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let owner = self.frames[frame].owner;
                    self.invoke_super(method, site as usize, owner, frame, base)?;
                }
                Insn::GetGlobal(name) => {
                    let value = self.global(name);
                    self.stack.push(value);
                }
                Insn::SetGlobal(name) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    self.set_global(name, value)?;
                }
                Insn::DefineMethod(index) => {
                    let child = method.children[index as usize].clone();
                    let name = child.code.name;
                    let cref = self.frames[frame].cref.clone();
                    let visibility = if self.always_private(name) {
                        Visibility::Private
                    } else {
                        self.frames[frame].visibility
                    };
                    if self.frames[frame].module_function {
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
                    self.add_method_in(
                        module,
                        name,
                        MethodBody::Bytecode(child),
                        visibility,
                        Some(cref),
                    );
                    self.frames[frame].ip = (ip - 1) as u32;
                    crate::core::module::method_added(self, module, name)?;
                    self.stack.push(Value::symbol(name));
                }
                Insn::ToRegexp(options) => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let source = self.pop();
                    let regexp = crate::core::regexp::from_interpolation(self, source, options)?;
                    self.stack.push(regexp);
                }
                Insn::GetSpecial(special) => {
                    let value = crate::core::regexp::special(self, special);
                    self.stack.push(value);
                }
                Insn::SetLastMatch => {
                    self.frames[frame].ip = (ip - 1) as u32;
                    let value = self.pop();
                    crate::core::regexp::assign_last_match(self, value)?;
                }
                Insn::Unsupported(index) => {
                    self.frames[frame].ip = (ip - 1) as u32;
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

    #[inline]
    fn pop(&mut self) -> Value {
        self.stack.pop().expect("operand stack underflow")
    }

    /// `@x` through the site's shape cache: one compare and a slot load
    /// when the receiver has the shape the site saw last.
    pub(crate) fn get_ivar_cached(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        receiver: Value,
    ) -> Value {
        self.ivar_get_through(&method.ivar_caches[site], method.code.ivars[site], receiver)
    }

    /// `@name` of `receiver` through `cache` (an ivar site's, or an
    /// `attr_reader` method's).
    pub fn ivar_get_through(
        &mut self,
        cache: &RefCell<IvarCache>,
        name: bytecode::Sym,
        receiver: Value,
    ) -> Value {
        if let Some(object) = receiver.get::<RObject>() {
            let shape = object.shape.get();
            if let Some(line) = cache.borrow().lookup(shape) {
                return object.slot(line.slot as usize);
            }
            if let Some(slot) = self.shapes.slot(shape, name) {
                cache.borrow_mut().insert(IvarLine {
                    shape,
                    slot,
                    next: shape,
                    class: object.header.class(),
                });
                return object.slot(slot as usize);
            }
            return Value::NIL;
        }
        self.ivar_get(receiver, name)
    }

    /// `@x = value` through the site's shape cache (a hit needs the slot to
    /// exist already; a new variable takes the shape transition).
    pub(crate) fn set_ivar_cached(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        receiver: Value,
        value: Value,
    ) -> VmResult<()> {
        self.ivar_set_through(
            &method.ivar_caches[site],
            method.code.ivars[site],
            receiver,
            value,
        )
    }

    /// `@name = value` on `receiver` through `cache` (an ivar site's, or an
    /// `attr_writer` method's).
    pub fn ivar_set_through(
        &mut self,
        cache: &RefCell<IvarCache>,
        name: bytecode::Sym,
        receiver: Value,
        value: Value,
    ) -> VmResult<()> {
        if let Some(object) = receiver.get::<RObject>() {
            let shape = object.shape.get();
            let cached = cache.borrow().lookup(shape);
            if let Some(line) = cached.filter(|_| !object.header.is_frozen()) {
                if line.next == shape {
                    object.set_slot(line.slot as usize, value);
                    return Ok(());
                }
                // The cached transition: the variable is new here.
                if line.class == object.header.class() {
                    object.push_slot(value);
                    object.shape.set(line.next);
                    return Ok(());
                }
            }
            self.ivar_set(receiver, name, value)?;
            let next = object.shape.get();
            if let Some(slot) = self.shapes.slot(next, name) {
                let class = object.header.class();
                let line = IvarLine {
                    shape,
                    slot,
                    next,
                    class,
                };
                if cache.borrow().lookup(shape).is_none() {
                    cache.borrow_mut().insert(line);
                }
            }
            return Ok(());
        }
        self.ivar_set(receiver, name, value)
    }

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
            self.stack.extend(items);
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
            let last = *self.stack.last().expect("the keyword Hash");
            if last.get::<crate::object::RHash>().is_some()
                && crate::core::hash::hash_data(last).borrow().is_empty()
            {
                self.stack.pop();
                return (argc - 1, false);
            }
        }
        (argc, kwargs)
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

    /// Methods Ruby makes private wherever they are defined.
    fn always_private(&self, name: bytecode::Sym) -> bool {
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
    fn invoke_super(
        &mut self,
        method: &LoadedMethod,
        site_index: usize,
        owner: Value,
        frame: usize,
        base: usize,
    ) -> VmResult<()> {
        let site = &method.code.sites[site_index];
        let name = if site.flags & call_flags::SUPER_IN_BLOCK != 0 {
            let Some(name) = self.frames.last().and_then(|f| f.method_name) else {
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
            self.frames[frame].sending_block = block.id;
            Some(Rc::new(block))
        } else if site.flags & call_flags::BLOCK_ARG != 0 {
            let value = self.pop();
            self.block_from_value(value)?
        } else {
            self.frames[frame].block.clone()
        };
        let (argc, kwargs) = self.spread_arguments(site);
        let receiver_index = self.stack.len() - argc - 1;
        let receiver = self.stack[receiver_index];
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
        self.frames[frame].sending_block = 0;
        let result = result?;
        self.stack.truncate(receiver_index);
        self.stack.push(result);
        Ok(())
    }

    /// `"#{value}"`: Strings stay, others are converted with `to_s`, and a
    /// `to_s` that returns a non-String gives the default `#<Foo>` form.
    /// A fixnum, a Symbol and nil are written here while their `to_s` is
    /// the core's, as MRI's `objtostring` does, without a call.
    pub(crate) fn interpolate(&mut self, value: Value) -> VmResult {
        if value.get::<RString>().is_some() {
            return Ok(value);
        }
        if value.is_fixnum() || value.is_symbol() || value.is_nil() {
            let classes = [self.c.integer, self.c.symbol, self.c.nil];
            let [integer, symbol, nil] =
                self.core_methods_stand(&self.native_to_s, classes, self.sym.to_s);
            if integer && value.is_fixnum() {
                let digits = crate::core::integer::decimal_bytes(value.fixnum_value());
                return Ok(crate::core::string::new_ascii_string(self, digits));
            }
            if let Some(name) = value.as_symbol().filter(|_| symbol) {
                let bytes = self.symbols.name(name).as_bytes().to_vec();
                return Ok(crate::core::string::new_symbol_string(self, &bytes));
            }
            if nil && value.is_nil() {
                let empty = crate::object::StringBytes::new();
                return Ok(crate::core::string::new_ascii_string(self, empty));
            }
        }
        let to_s = self.sym.to_s;
        let string = self.call(value, to_s, &[])?;
        if string.get::<RString>().is_some() {
            Ok(string)
        } else {
            let text = crate::core::object::default_to_s(self, value);
            Ok(self.new_str(&text))
        }
    }

    /// Performs the `send` at `site` of `method`, running in frame `frame`
    /// whose receiver is at `base`: receiver and arguments (and a `&blk`
    /// value) are on the stack; they are replaced by the result.
    fn send(
        &mut self,
        method: &LoadedMethod,
        site_index: usize,
        frame: usize,
        base: usize,
    ) -> VmResult<()> {
        let site = &method.code.sites[site_index];
        let state = &method.sites[site_index];
        let block = if let Some(child) = site.block {
            let block = self.literal_block(method, child, frame, base);
            self.frames[frame].sending_block = block.id;
            Some(Rc::new(block))
        } else if site.flags & call_flags::BLOCK_ARG != 0 {
            let value = self.pop();
            self.block_from_value(value)?
        } else if site.flags & call_flags::BLOCK_FORWARD != 0 {
            // A block frame's block is its method's.
            self.frames[frame].block.clone()
        } else {
            None
        };
        let caller_self = self.stack[base];
        let (argc, kwargs) = self.spread_arguments(site);
        let receiver_index = self.stack.len() - argc - 1;
        let receiver = self.stack[receiver_index];

        let class = self.class_of(receiver);
        state.receiver.record(self.kind_of_in(receiver, class));
        for (i, recorder) in state.args.iter().enumerate().take(argc) {
            recorder.record(self.kind_of(self.stack[receiver_index + 1 + i]));
        }

        if self.numeric_op_inline(state) {
            let arg = self.stack[receiver_index + 1];
            if let Some(result) = self.basic_op(state.op, receiver, arg)? {
                self.stack.truncate(receiver_index);
                self.stack.push(result);
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
                    state
                        .cache
                        .borrow_mut()
                        .insert(class, entry.clone(), self.method_serial);
                    entry
                }
                None => {
                    let args = self.stack[receiver_index + 1..].to_vec();
                    let result = if self.has_method_missing(class) {
                        let result = self.call_method_missing(
                            receiver,
                            site.name,
                            &args,
                            block,
                            kwargs,
                            site.is_vcall(),
                        );
                        self.frames[frame].sending_block = 0;
                        result?
                    } else {
                        return Err(self.method_missing_error(receiver, site, &method.code, &args));
                    };
                    self.stack.truncate(receiver_index);
                    self.stack.push(result);
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
        let result = self.invoke_with_kwargs(
            &entry,
            receiver_index,
            argc,
            site.name,
            block,
            CallKind {
                kwargs,
                direct: true,
            },
        );
        self.frames[frame].sending_block = 0;
        let result = result?;
        self.stack.truncate(receiver_index);
        self.stack.push(result);
        Ok(())
    }

    /// Rearranges the `argc` arguments above the receiver at
    /// `receiver_index` into `code`'s canonical slots: leading required,
    /// optional (`UNDEF` when not given), the `*rest` Array, trailing
    /// required. Returns the new count. The arity was checked.
    fn lay_out_args(
        &mut self,
        code: &Method,
        receiver_index: usize,
        argc: usize,
        keywords: Option<Value>,
    ) -> VmResult<usize> {
        if code.rest && code.optional == 0 && !code.takes_keywords() {
            // Required, `*rest`, post (`|*xs|`): the rest's arguments
            // become one Array where they are.
            let start = receiver_index + 1 + code.required as usize;
            let end = receiver_index + 1 + argc - code.post as usize;
            let rest = self.new_array(self.stack[start..end].to_vec());
            self.stack.splice(start..end, [rest]);
            return Ok(argc - (end - start) + 1);
        }
        let args: smallvec::SmallVec<[Value; 8]> =
            smallvec::SmallVec::from_slice(&self.stack[receiver_index + 1..]);
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
            self.lay_out_keywords(code, keywords, &mut slots)?;
        }
        self.stack.truncate(receiver_index + 1);
        self.stack.extend_from_slice(&slots);
        Ok(slots.len())
    }

    /// Splits a call's keyword Hash over `code`'s keyword slots (`UNDEF` for
    /// an optional one not given) and its `**rest` Hash; MRI's errors for
    /// missing and unknown keywords.
    fn lay_out_keywords(
        &mut self,
        code: &Method,
        keywords: Option<Value>,
        slots: &mut smallvec::SmallVec<[Value; 8]>,
    ) -> VmResult<()> {
        let pairs = keywords
            .map(|hash| self.hash_pairs(hash))
            .unwrap_or_default();
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

    /// The block a literal `{ ... }` in the code of frame `frame` denotes.
    pub(crate) fn literal_block(
        &mut self,
        method: &LoadedMethod,
        child: u32,
        frame: usize,
        base: usize,
    ) -> Block {
        let id = self.new_frame_id();
        let record = &self.frames[frame];
        Block {
            id,
            code: BlockCode::Bytecode(method.children[child as usize].clone()),
            receiver: self.stack[base],
            env: record.env,
            cref: record.cref.clone(),
            owner: record.owner,
            home: record.home,
            creator: record.id,
            outer_block: record.block.clone(),
            is_lambda: false,
            method_name: record.method_name,
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

    /// `[values...].max` (`max`) or `.min`: without an Array while the
    /// method is the core one, else the Array made and the method called.
    pub fn array_literal_extremum(&mut self, values: &[Value], max: bool) -> VmResult {
        let (name, core) = if max {
            (self.sym.max, &self.array_max)
        } else {
            (self.sym.min, &self.array_min)
        };
        let found = self.find_method(self.c.array, name);
        if let (Some(found), Some(core)) = (&found, core) {
            if Rc::ptr_eq(found, core) {
                let want = if max {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Less
                };
                return crate::core::array::literal_extreme(self, values, want);
            }
        }
        let array = self.new_array(values.to_vec());
        self.call_public(array, name, &[])
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
                    && crate::core::hash::hash_data(last).borrow().is_empty()
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
            let to_ary = self.symbols.intern("to_ary");
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
    fn block_record(
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
        let base = self.stack.len();
        self.stack.push(block.receiver);
        self.stack.extend_from_slice(args);
        self.push_frame_with(|| Self::block_record(block, code, block_arg, id));
        let argc = if code.code.needs_arg_layout() {
            match self.lay_out_args(&code.code, base, args.len(), keywords) {
                Ok(argc) => argc,
                Err(error) => {
                    self.pop_frame();
                    self.stack.truncate(base);
                    return Err(error);
                }
            }
        } else {
            args.len()
        };
        let env = self.new_env(&code.code, block.env);
        self.frames.last_mut().expect("the block's frame").env = env;
        code.calls.set(code.calls.get() + 1);
        self.jit_entering(code);
        self.push_locals(code);
        let result = self.run_method(code, base, argc);
        self.jit_leaving(code);
        self.pop_frame();
        self.stack.truncate(base);
        match result {
            Err(Control::Return { target, value }) if target == id => Ok(value),
            other => other,
        }
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
                let receiver_index = self.stack.len();
                self.stack.push(receiver);
                self.stack.extend_from_slice(args);
                let result = self.invoke(&entry, receiver_index, args.len(), name, None);
                self.stack.truncate(receiver_index);
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

    /// The interpreter's inline path for two fixnums: arithmetic on 64-bit
    /// integers (both operands are 63-bit, so `+`, `-` cannot overflow i64;
    /// `*` is checked), the result re-tagged when it is still a fixnum.
    /// `None` sends the slow way (Bignum results, division by zero).
    #[inline(always)]
    fn fixnum_op(&mut self, op: BasicOp, a: Value, b: Value) -> Option<Value> {
        let (x, y) = (a.fixnum_value(), b.fixnum_value());
        match op {
            BasicOp::Plus => Value::fixnum(x + y),
            BasicOp::Minus => Value::fixnum(x - y),
            BasicOp::Mult => x.checked_mul(y).and_then(Value::fixnum),
            // Fixnums are 63-bit, so `/` and `%` cannot overflow i64.
            BasicOp::Div if y != 0 => Value::fixnum(abi::floor_div(x, y)),
            BasicOp::Mod if y != 0 => Some(Value::small(abi::floor_mod(x, y))),
            BasicOp::Lt => Some(Value::bool(x < y)),
            BasicOp::Le => Some(Value::bool(x <= y)),
            BasicOp::Gt => Some(Value::bool(x > y)),
            BasicOp::Ge => Some(Value::bool(x >= y)),
            BasicOp::Eq => Some(Value::bool(x == y)),
            BasicOp::Ne => Some(Value::bool(x != y)),
            BasicOp::BitAnd => Some(Value::small(x & y)),
            BasicOp::BitOr => Some(Value::small(x | y)),
            BasicOp::BitXor => Some(Value::small(x ^ y)),
            // Shifts that stay within a fixnum; the rest (large or negative
            // counts, bignum results) go to Integer#<< and #>>.
            BasicOp::Shl if (0..63).contains(&y) => {
                let shifted = x << y;
                (shifted >> y == x)
                    .then_some(())
                    .and_then(|()| Value::fixnum(shifted))
            }
            BasicOp::Shr if (0..64).contains(&y) => Some(Value::small(x >> y)),
            _ => None,
        }
    }

    /// Float arithmetic and comparisons (the inline path for two flonums,
    /// and the fast path for any two Floats). `None` for a modulo by zero,
    /// which raises.
    #[inline(always)]
    fn float_op(&mut self, op: BasicOp, x: f64, y: f64) -> Option<Value> {
        Some(match op {
            BasicOp::Plus => self.new_float(x + y),
            BasicOp::Minus => self.new_float(x - y),
            BasicOp::Mult => self.new_float(x * y),
            BasicOp::Div => self.new_float(x / y),
            BasicOp::Mod if y != 0.0 => self.new_float(crate::core::float::float_mod_value(x, y)),
            BasicOp::Lt => Value::bool(x < y),
            BasicOp::Le => Value::bool(x <= y),
            BasicOp::Gt => Value::bool(x > y),
            BasicOp::Ge => Value::bool(x >= y),
            BasicOp::Eq => Value::bool(x == y),
            BasicOp::Ne => Value::bool(x != y),
            _ => return None,
        })
    }

    /// Fixnum and Float arithmetic and comparisons without a call, as MRI's
    /// `opt_*` instructions do them. A fixnum division by zero falls back to
    /// the real call (so the error comes from `Integer#/`); a Float modulo by
    /// zero raises right here, without a frame of its own, as in MRI.
    #[inline]
    pub(crate) fn basic_op(&mut self, op: BasicOp, a: Value, b: Value) -> VmResult<Option<Value>> {
        if a.is_fixnum() && b.is_fixnum() {
            if let Some(result) = self.fixnum_op(op, a, b) {
                return Ok(Some(result));
            }
            // The result left the fixnum range: compute it in 128 bits.
            let (x, y) = (a.fixnum_value() as i128, b.fixnum_value() as i128);
            return Ok(match op {
                BasicOp::Plus => Some(self.new_int(x + y)),
                BasicOp::Minus => Some(self.new_int(x - y)),
                BasicOp::Mult => Some(self.new_int(x * y)),
                _ => None,
            });
        }
        let (Some(x), Some(y)) = (
            crate::core::integer::float_of(a),
            crate::core::integer::float_of(b),
        ) else {
            return Ok(None);
        };
        if op == BasicOp::Mod && y == 0.0 {
            return Err(self.zero_division());
        }
        Ok(self.float_op(op, x, y))
    }

    /// The inline path of the Array operations, on the operands at the top
    /// of the stack: replaces them with the result and returns true when the
    /// receiver is a plain Array (not a subclass, no singleton class) and
    /// the index a fixnum it can answer without allocating or raising.
    #[inline]
    fn array_op(&mut self, state: &SiteState, op: BasicOp) -> bool {
        let top = self.stack.len() - 1;
        let (receiver_index, argc) = match op {
            BasicOp::ArraySize => (top, 0),
            BasicOp::ArrayIndex => (top - 1, 1),
            _ => (top - 2, 2),
        };
        let receiver = self.stack[receiver_index];
        let Some(array) = receiver.get::<RArray>() else {
            return false;
        };
        if array.header.class() != self.c.array {
            return false;
        }
        let result = if op == BasicOp::ArraySize {
            Value::small(array.items().len() as i64)
        } else {
            let index = self.stack[receiver_index + 1];
            if !index.is_fixnum() {
                return false;
            }
            let len = array.items().len() as i64;
            let i = index.fixnum_value();
            let i = if i < 0 { i + len } else { i };
            if op == BasicOp::ArrayIndex {
                if (0..len).contains(&i) {
                    array.items()[i as usize]
                } else {
                    Value::NIL
                }
            } else {
                if !(0..len).contains(&i) || array.header.is_frozen() {
                    return false;
                }
                let value = self.stack[top];
                array.items_mut()[i as usize] = value;
                value
            }
        };
        let class = self.class_of(receiver);
        state.receiver.record(self.kind_of_in(receiver, class));
        for (i, recorder) in state.args.iter().enumerate().take(argc) {
            recorder.record(self.kind_of(self.stack[receiver_index + 1 + i]));
        }
        self.stack.truncate(receiver_index);
        self.stack.push(result);
        true
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
        if self.too_deep() {
            return Err(self.stack_overflow());
        }
        self.spend_step()?;
        match &entry.body {
            MethodBody::Bytecode(callee) => {
                let code = &callee.code;
                let id = self.push_method_frame(entry, callee, block);
                let (argc, keywords) = match (code.takes_keywords(), kwargs) {
                    (true, true) => (argc - 1, Some(self.stack[receiver_index + argc])),
                    _ => (argc, None),
                };
                let (min, max) = (
                    code.min_args() as usize,
                    code.max_args().map(|m| m as usize),
                );
                if argc < min || max.is_some_and(|max| argc > max) {
                    let error = self.code_arity_error(code, argc);
                    self.pop_frame();
                    return Err(error);
                }
                let argc = if code.needs_arg_layout() {
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
            MethodBody::Native(native) => {
                let receiver = self.stack[receiver_index];
                let args: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(
                    &self.stack[receiver_index + 1..receiver_index + 1 + argc],
                );
                self.call_core(entry, native, name, receiver, &args, block, kind)
            }
            MethodBody::Block(body) => {
                // `define_method`: the block runs with the receiver as self
                // and lambda semantics.
                let args: smallvec::SmallVec<[Value; 8]> = smallvec::SmallVec::from_slice(
                    &self.stack[receiver_index + 1..receiver_index + 1 + argc],
                );
                let method_block = Block {
                    receiver: self.stack[receiver_index],
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
                let receiver = self.stack[receiver_index];
                Ok(self.ivar_get_through(&accessor.cache, accessor.ivar, receiver))
            }
            MethodBody::AttrWriter(accessor) => {
                if argc != 1 {
                    return Err(self.arity_error_in(name, argc, 1, Some(1)));
                }
                let (receiver, value) =
                    (self.stack[receiver_index], self.stack[receiver_index + 1]);
                self.ivar_set_through(&accessor.cache, accessor.ivar, receiver, value)?;
                Ok(value)
            }
            // Lookup never answers a tombstone; a caller holding one calls
            // a method that is gone.
            MethodBody::Undefined => {
                let receiver = self.stack[receiver_index];
                Err(self.no_method_error_for(receiver, name))
            }
        }
    }

    /// Calls the core method `native` (of `entry`, called as `name`) in a
    /// frame of its own, after checking the arity.
    #[allow(clippy::too_many_arguments)]
    pub fn call_core(
        &mut self,
        entry: &MethodEntry,
        native: &crate::core::NativeMethod,
        name: bytecode::Sym,
        receiver: Value,
        args: &[Value],
        block: Option<Rc<Block>>,
        kind: CallKind,
    ) -> VmResult {
        let cref = self
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
            let mut frame = FrameRecord::new(FrameCode::Native(name), cref, entry.owner, id);
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
                (native.func)(self, receiver, args)
            };
        self.pop_frame();
        result
    }

    /// Interpolation's String: the bytes of `parts` (Strings, as `tostring`
    /// left them), one after the other, in [`interpolation_encoding`]'s
    /// encoding (CompatibilityError when there is none). The parts stay
    /// where the caller keeps them (rooted) while the String is allocated.
    pub fn concat_strings(
        &mut self,
        encoding: bytecode::SourceEncoding,
        parts: &[Value],
    ) -> VmResult {
        let encoding = match interpolation_encoding(encoding.into(), parts) {
            Ok(encoding) => encoding,
            Err((first, second)) => {
                return Err(crate::core::encoding::incompatible(self, first, second))
            }
        };
        let mut bytes = crate::object::StringBytes::new();
        for part in parts {
            let string = part.get::<RString>().expect("tostring left a String");
            bytes.extend_from_slice(&string.bytes());
        }
        let string = self.new_string_of(bytes);
        if encoding != crate::core::encoding::Encoding::Utf8 {
            crate::core::string::string_of(string).set_encoding(encoding);
        }
        Ok(string)
    }

    /// Pushes the frame of a call of the Ruby method `callee` (as `entry`
    /// defines it: its scope and owner); returns the frame's id.
    #[inline]
    pub fn push_method_frame(
        &mut self,
        entry: &MethodEntry,
        callee: &Rc<LoadedMethod>,
        block: Option<Rc<Block>>,
    ) -> u64 {
        let id = self.new_frame_id();
        let cref = entry.cref.clone().unwrap_or_else(|| self.top_cref());
        let env = self.new_env(&callee.code, Value::NIL);
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
        match result {
            // `return` from a block written in this method.
            Err(Control::Return { target, value }) if target == id => Ok(value),
            other => other,
        }
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
            .frames
            .last()
            .map_or_else(|| self.top_cref(), |f| f.cref.clone());
        let id = self.new_frame_id();
        self.frames.push(FrameRecord::new(
            FrameCode::Native(name),
            cref,
            self.c.object,
            id,
        ));
        let error = self.arity_error(given, min, max);
        self.pop_frame();
        error
    }

    /// The block passed to the running method (for a core method: to it).
    pub fn current_block(&self) -> Option<Rc<Block>> {
        self.frames.last().and_then(|f| f.block.clone())
    }

    /// A transfer that reached the top of the program: an exception, or a
    /// `break`/`return` with nowhere to go (reported as LocalJumpError).
    pub fn uncaught(&mut self, control: Control) -> Value {
        match control {
            Control::Raise(exception) => exception,
            Control::Break { .. } => {
                let class = self.c.local_jump_error;
                self.new_exception(class, "break from proc-closure")
            }
            Control::Return { .. } => {
                let class = self.c.local_jump_error;
                self.new_exception(class, "unexpected return")
            }
            Control::Throw { tag, .. } => {
                let description = self.inspect(tag).unwrap_or_default();
                let class = self.c.uncaught_throw_error;
                self.new_exception(class, &format!("uncaught throw {description}"))
            }
        }
    }

    /// The elements `*value` spreads: an Array's, `to_a`'s for other
    /// objects that have it, none for nil, else the value itself.
    fn splat_items(&mut self, value: Value) -> VmResult<Vec<Value>> {
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
            self.stack.extend(std::iter::repeat_n(Value::NIL, after));
            let items = array.items();
            self.stack.extend(
                (0..before)
                    .rev()
                    .map(|i| items.get(i).copied().unwrap_or(Value::NIL)),
            );
            return Ok(());
        }
        let items = match self.array_items(value) {
            Some(items) => items,
            None => {
                let to_ary = self.symbols.intern("to_ary");
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
            self.stack.push(value);
        }
        if splat {
            let rest = self.new_array(middle.to_vec());
            self.stack.push(rest);
        }
        for &value in lead.iter().rev() {
            self.stack.push(value);
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
        let receiver = self.stack[base];
        Ok(match kind {
            K::Ivar => self
                .ivar_names(receiver)
                .contains(&name)
                .then_some("instance-variable"),
            K::Global => self
                .globals
                .contains_key(&name)
                .then_some("global-variable"),
            K::ClassVariable => {
                let cref = self.frames[frame].cref.clone();
                self.class_variable_get(&cref, name)
                    .ok()
                    .map(|_| "class variable")
            }
            K::Constant => {
                let cref = self.frames[frame].cref.clone();
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
            K::Yield => self.frames[frame].block.is_some().then_some("yield"),
            K::Super => {
                let class = self.class_of(receiver);
                let owner = self.frames[frame].owner;
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
                let receiver_index = self.stack.len();
                self.stack.push(receiver);
                self.stack.push(Value::symbol(name));
                self.stack.extend_from_slice(args);
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
                self.stack.truncate(receiver_index);
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
        self.frames.last().is_some_and(|f| f.kwargs)
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
        let receiver_index = self.stack.len();
        self.stack.push(receiver);
        self.stack.extend_from_slice(args);
        let kind = CallKind {
            kwargs,
            direct: false,
        };
        let result = self.invoke_with_kwargs(entry, receiver_index, args.len(), name, block, kind);
        self.stack.truncate(receiver_index);
        result
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
    encoding: crate::core::encoding::Encoding,
    parts: &[Value],
) -> Result<
    crate::core::encoding::Encoding,
    (
        crate::core::encoding::Encoding,
        crate::core::encoding::Encoding,
    ),
> {
    use crate::core::encoding::{compatible, Encoding, Operand};
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
