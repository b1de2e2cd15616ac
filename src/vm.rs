//! The virtual machine's state: classes, method tables, the value stack, the
//! frame records used for backtraces, globals, and the heap.
//!
//! The interpreter itself is in `interp/`; the core library's methods in
//! `core/`. Everything a Ruby program can reach is reachable from here, which
//! is what the collector's precise roots are (see [`Vm::collect`]).

use crate::core::{NativeFn, NativeMethod};
use crate::heap::{Heap, HeapObject, Marker};
use crate::interp::LoadedMethod;
use crate::object::*;
use crate::output::Output;
use crate::value::Value;
use bytecode::{Sym, SymbolTable};
use fxhash::{FxBuildHasher, FxHashMap};
use indexmap::IndexMap;
use num_bigint::BigInt;
use std::cell::RefCell;
use std::rc::Rc;

/// A transfer of control that unwinds Rust frames: for now a raised
/// exception (`break`, `throw` and non-local `return` join it later).
#[derive(Clone, Debug)]
pub enum Control {
    Raise(Value),
    /// `break` from a block: ends the call running in frame `target`.
    Break {
        target: u64,
        value: Value,
    },
    /// `return` from a block: returns from the method in frame `target`.
    Return {
        target: u64,
        value: Value,
    },
    /// `throw tag, value`: ends the `catch` of the same tag.
    Throw {
        tag: Value,
        value: Value,
    },
}

impl Control {
    /// The values a pending transfer carries (GC roots while it unwinds).
    pub fn value(&self) -> Value {
        match self {
            Control::Raise(value)
            | Control::Break { value, .. }
            | Control::Return { value, .. }
            | Control::Throw { value, .. } => *value,
        }
    }
}

pub type VmResult<T = Value> = Result<T, Control>;

/// What a frame is running, for backtraces.
#[derive(Clone)]
pub enum FrameCode {
    Bytecode(Rc<LoadedMethod>),
    Native(Sym),
}

/// The lexical scope: the `class`/`module` bodies a piece of code is
/// written in, innermost first. Constants are looked up along it before the
/// ancestry, and `def` defines methods in its innermost module.
///
/// The block form of `class_eval` (and `Class.new`...) runs its block with
/// the module as an *evaluated* scope: `def` defines methods there, but
/// constants are still those of where the block was written, as in MRI.
#[derive(Debug)]
pub struct Cref {
    pub module: Value,
    pub parent: Option<Rc<Cref>>,
    /// Pushed by `class_eval` and the like, not by a `class` body.
    pub evaluated: bool,
}

impl Cref {
    /// The innermost scope that is not an evaluated one: where constants
    /// are looked up and assigned.
    pub fn lexical(&self) -> &Cref {
        let mut cref = self;
        while cref.evaluated {
            match cref.parent.as_deref() {
                Some(parent) => cref = parent,
                None => break,
            }
        }
        cref
    }
}

/// The frames of compiled code that have no records around a call the
/// runtime makes for it, when the callee needs no more of them than their
/// place in backtraces: the inlined frames of the call, and the frames of
/// native calls (compiled code calling compiled code) up to it. They sit
/// between `frames[..below]` and the frames above.
///
/// Rebuilding a frame record costs several hundred instructions (its
/// block is made again, its scope looked up); a call to a core method such
/// as `String#[]` from code inlined five frames deep would pay that five
/// times. Only a callee that reads its caller's frame
/// (`NativeMethod::uses_caller_frame`), a `yield`, or a call passing a
/// literal block needs the records. The frames are named from the
/// activation making the call, and only when a backtrace asks
/// (`compiled::virtual_frames::virtual_frame_list`).
///
/// ```text
/// frames:   <main>  run (compiled)                 String#[]
/// virtual:                   \-- parse -- block in parse --/
/// backtrace: String#[] < block in parse < parse < run < <main>
/// ```
#[derive(Debug)]
pub struct VirtualFrames {
    pub below: usize,
    /// How many Ruby calls are live below the call, virtual frames
    /// included: the depth the runtime's calls above it count from
    /// ([`Vm::call_depth`]).
    pub depth: usize,
    /// The activation of compiled code making the call (live while the
    /// call runs), and where.
    pub activation: *const jit::runtime::ActivationRecord,
    pub at: jit::runtime::CallAt,
}

/// One Ruby-level frame.
#[derive(Clone)]
pub struct FrameRecord {
    pub code: FrameCode,
    /// The instruction running (bytecode frames), updated before every call.
    pub ip: u32,
    /// The lexical scope of the code running.
    pub cref: Rc<Cref>,
    /// The visibility `def` gives new methods here (`private` with no
    /// arguments changes it for the rest of a class body).
    pub visibility: Visibility,
    /// `module_function` with no arguments ran here: each later `def` also
    /// gets a public copy on the module's singleton class.
    pub module_function: bool,
    /// The class or module owning the running method (where `super` starts
    /// looking), or the cref module for class bodies and the top level.
    pub owner: Value,
    /// A number no other frame of this run has.
    pub id: u64,
    /// The frame's environment: its own when blocks capture its locals,
    /// else the one of the scope it was written in (blocks), or nil.
    pub env: Value,
    /// The block `yield` calls: the one passed to this method (for a block
    /// frame, the one passed to the method the block is written in).
    pub block: Option<Rc<crate::block::Block>>,
    /// The frame `return` leaves: this one, or for a block the method it is
    /// written in.
    pub home: u64,
    /// For a block frame, the frame whose call `break` ends.
    pub break_target: u64,
    /// For a block frame, the id of its block.
    pub block_id: u64,
    /// The id of the literal block the call this frame is making passed
    /// (0 when none): a `break` from that block ends that call.
    pub sending_block: u64,
    /// For a block frame, the block its call passed (what the block's
    /// `&blk` parameter receives: `define_method(:m) { |&blk| }`).
    pub block_arg: Option<Rc<crate::block::Block>>,
    /// For the frame of a method `define_method` made (and the blocks in
    /// it), that method's name: what `__method__` and `super` use.
    pub method_name: Option<bytecode::Sym>,
    /// A lambda's frame: `return` and `break` leave the lambda itself.
    pub is_lambda: bool,
    /// Left out of backtraces (core methods MRI runs without a frame).
    pub hidden: bool,
    /// A core method's call had keyword arguments (the last argument is
    /// their Hash).
    pub kwargs: bool,
    /// Transfers interrupted by the `ensure` clauses now running, innermost
    /// last; `end_ensure` resumes them. (Boxed, and absent until an `ensure`
    /// runs, to keep the record small: every call pushes one.)
    pub pending: Option<Box<Vec<Control>>>,
}

impl FrameRecord {
    /// A frame running `code` with lexical scope `cref` for a method of
    /// `owner`: public `def`s, no environment, no block, `return` leaving
    /// this frame.
    pub fn new(code: FrameCode, cref: Rc<Cref>, owner: Value, id: u64) -> FrameRecord {
        FrameRecord {
            code,
            ip: 0,
            cref,
            visibility: Visibility::Public,
            module_function: false,
            block_arg: None,
            method_name: None,
            owner,
            id,
            env: Value::NIL,
            block: None,
            home: id,
            break_target: 0,
            block_id: 0,
            sending_block: 0,
            is_lambda: false,
            hidden: false,
            kwargs: false,
            pending: None,
        }
    }
}

impl Vm {
    /// Enters a frame whose record `make` builds. The record is built in
    /// its place on the frame stack: built on the machine stack and copied
    /// there, its small fields, stored a byte at a time, stalled the copy's
    /// wide loads (store forwarding) on every call.
    #[inline]
    pub fn push_frame_with(&mut self, make: impl FnOnce() -> FrameRecord) {
        let mut make = Some(make);
        let depth = self.frames.len();
        self.frames
            .resize_with(depth + 1, || (make.take().expect("one frame"))());
    }

    /// Leaves the innermost frame. (Dropping it where it lies, rather than
    /// `pop`, spares moving the record out of the vector on every return.)
    #[inline]
    pub fn pop_frame(&mut self) {
        let depth = self.frames.len();
        self.frames.truncate(depth - 1);
    }
}

impl Vm {
    /// An id for a new frame.
    #[inline]
    pub fn new_frame_id(&mut self) -> u64 {
        self.next_frame_id += 1;
        self.next_frame_id
    }

    /// How many Ruby calls are live: the frame records, and the frames of
    /// compiled code that have none (native calls and inlined frames)
    /// below the innermost call the runtime made for compiled code (see
    /// [`VirtualFrames`]). Counting the records alone would let each call
    /// the runtime makes above virtual frames start the depth over, and a
    /// compiled recursion go on until the machine stack runs out.
    #[inline]
    pub fn call_depth(&self) -> usize {
        match self.virtual_frames.last() {
            Some(frames) => frames.depth + (self.frames.len() - frames.below),
            None => self.frames.len(),
        }
    }

    /// Whether one more call would nest too deep: `SystemStackError` then.
    #[inline]
    pub fn too_deep(&self) -> bool {
        self.call_depth() >= MAX_DEPTH || crate::stack::near_limit()
    }
}

/// How deep Ruby calls may nest before `SystemStackError`.
pub const MAX_DEPTH: usize = 10_000;
/// Value-stack capacity (values); reserved once so it never moves.
pub const VALUE_STACK_CAPACITY: usize = 4 * 1024 * 1024;

#[derive(Clone, Copy, PartialEq, Eq)]
enum ClassFlavour {
    Class,
    Module,
    Singleton,
}

/// The classes the runtime refers to directly.
pub struct CoreClasses {
    pub basic_object: Value,
    pub object: Value,
    pub module: Value,
    pub class: Value,
    pub kernel: Value,
    pub comparable: Value,
    pub numeric: Value,
    pub integer: Value,
    pub float: Value,
    pub string: Value,
    pub symbol: Value,
    pub array: Value,
    pub nil: Value,
    pub true_class: Value,
    pub false_class: Value,
    pub gc: Value,
    pub proc_class: Value,
    pub range: Value,
    pub method: Value,
    pub unbound_method: Value,
    pub hash: Value,
    pub key_error: Value,
    pub stop_iteration: Value,
    pub system_exit: Value,
    /// MRI's `fatal` (no constant names it): what a reached execution
    /// limit raises, and no rescue clause catches.
    pub fatal: Value,
    pub local_jump_error: Value,
    pub uncaught_throw_error: Value,
    pub load_error: Value,
    pub syntax_error: Value,
    pub exception: Value,
    pub script_error: Value,
    pub not_implemented_error: Value,
    pub standard_error: Value,
    pub runtime_error: Value,
    pub argument_error: Value,
    pub type_error: Value,
    pub name_error: Value,
    pub no_method_error: Value,
    pub zero_division_error: Value,
    pub range_error: Value,
    pub float_domain_error: Value,
    pub index_error: Value,
    pub frozen_error: Value,
    pub system_stack_error: Value,
    pub no_memory_error: Value,
    pub io: Value,
    pub io_error: Value,
    pub eof_error: Value,
    pub regexp: Value,
    pub match_data: Value,
    pub regexp_error: Value,
    pub encoding: Value,
    pub encoding_error: Value,
    pub compatibility_error: Value,
    pub undefined_conversion_error: Value,
    pub invalid_byte_sequence_error: Value,
}

/// Interned names the runtime uses often.
pub struct CommonSyms {
    pub to_s: Sym,
    pub to_str: Sym,
    pub inspect: Sym,
    pub eq: Sym,
    pub mesg: Sym,
    pub backtrace: Sym,
    /// An exception's backtrace before anyone read it: its frames, packed
    /// (see `Vm::set_backtrace_here`).
    pub backtrace_frames: Sym,
    pub main: Sym,
    pub range_begin: Sym,
    pub range_end: Sym,
    pub range_exclusive: Sym,
    /// `$stdout`, which Kernel's `puts`, `print` and `p` write to.
    pub stdout_global: Sym,
    /// The hidden instance variable holding an IO's stream.
    pub io_fd: Sym,
    pub case_eq: Sym,
    pub call: Sym,
    pub initialize: Sym,
    pub new: Sym,
    /// `$!`, the exception being handled.
    pub errinfo: Sym,
    /// `<=>`, which sorting and `min`/`max` call.
    pub compare: Sym,
    pub max: Sym,
    pub min: Sym,
}

/// Method lookups by (class, name), valid under the method serial held.
pub type MethodCache = (u64, FxHashMap<(Value, Sym), Option<Rc<MethodEntry>>>);

/// Command-line settings the VM consults.
#[derive(Clone, Default, Debug)]
pub struct VmOptions {
    pub gc_stress: bool,
    pub limits: crate::limits::Limits,
}

pub struct Vm {
    pub symbols: SymbolTable,
    pub heap: Heap,
    /// Where objects keep their instance variables.
    pub shapes: crate::shape::ShapeTree,
    /// Receivers, arguments, locals and operands of every active bytecode
    /// frame (a precise GC root).
    pub stack: Vec<Value>,
    pub frames: Vec<FrameRecord>,
    /// Inlined frames of compiled code that a call from it runs above
    /// without their records, innermost last (see [`VirtualFrames`]).
    pub virtual_frames: Vec<VirtualFrames>,
    /// The records of native calls whose frames were materialised, with
    /// the return addresses their calls had, innermost last: each call
    /// returns through the JIT's trampoline, which pops the last.
    pub native_returns: Vec<(*mut jit::runtime::ActivationRecord, u64)>,
    /// Every class and module by id (ids key profiles and inline caches).
    pub classes: Vec<Value>,
    pub c: CoreClasses,
    pub sym: CommonSyms,
    pub main: Value,
    /// What `blockproxy` pushes for a method that has a block: an object
    /// whose `call` calls its caller's block (and `Proc#call`, to tell
    /// whether it was redefined), and the proxy's `call`.
    pub block_proxy: Value,
    pub proc_call: Option<Rc<MethodEntry>>,
    pub block_proxy_call: Option<Rc<MethodEntry>>,
    /// The core `Array#max` and `#min` (`arraymax` and `arraymin` call
    /// them only once redefined).
    pub array_max: Option<Rc<MethodEntry>>,
    pub array_min: Option<Rc<MethodEntry>>,
    /// The lexical scope of the top level (Object).
    pub top_cref: Rc<Cref>,
    pub globals: FxHashMap<Sym, Value>,
    /// Global variables that are other names of others (`alias $new $old`).
    pub global_aliases: FxHashMap<Sym, Sym>,
    /// Heap values owned by loaded code (bignum and float literals).
    pub pinned: Vec<Value>,
    /// The `Encoding` object of each encoding, by tag (pinned).
    pub encodings: [Value; 3],
    /// Every method loaded, in load order (for `--dump-profile`).
    pub loaded: Vec<Rc<LoadedMethod>>,
    /// Every method loaded, by `LoadedMethod::id`.
    pub methods: Vec<Rc<LoadedMethod>>,
    /// The JIT's settings and counters (None: the JIT is off).
    pub jit: Option<crate::compiled::JitState>,
    /// Source text of every loaded file (error_highlight prints lines).
    pub sources: FxHashMap<Rc<str>, Rc<[u8]>>,
    /// Whether the last call handed to a user's `method_missing` was a
    /// bare name (see [`Vm::call_method_missing`]).
    pub method_missing_vcall: bool,
    /// The script's name as given (`-e` for code on the command line):
    /// what the report of an exception with no backtrace starts with.
    pub script_name: String,
    pub out: Output,
    /// Bumped whenever a method is defined: inline caches keyed on an older
    /// serial are stale.
    pub method_serial: u64,
    /// The VM-wide method cache: lookups by (class, name) under the method
    /// serial it holds (megamorphic sites and calls from Rust use it).
    pub method_cache: RefCell<MethodCache>,
    /// Whether Integer, Float and String compare with the core's `<=>`
    /// (`core::array::Comparer`), String and Symbol with the core's `==`
    /// (`core::array::values_equal`), and Integer, Symbol and NilClass
    /// write themselves with the core's `to_s` (`Vm::interpolate`), under
    /// the method serial held (see [`Vm::core_methods_stand`]).
    pub native_comparisons: std::cell::Cell<Option<(u64, [bool; 3])>>,
    pub native_equalities: std::cell::Cell<Option<(u64, [bool; 2])>>,
    pub native_to_s: std::cell::Cell<Option<(u64, [bool; 3])>>,
    /// Bumped whenever a module is included: cached ancestries are stale.
    pub hierarchy_serial: u64,
    /// The id the next frame gets.
    pub next_frame_id: u64,
    /// The transfer (exception, jump) a helper left for compiled code,
    /// which returns `UNDEF` up to whoever entered it.
    pub compiled_pending: Option<Control>,
    /// How many deoptimised frames the interpreter is finishing, each
    /// above the compiled code that gave it up (on the machine stack).
    pub deopt_resumes: u32,
    /// Steps (calls and loop back edges) the program may still take
    /// (`crate::limits`).
    pub(crate) steps_left: u64,
    /// Bytes the heap, or one allocation, may take.
    pub(crate) memory_limit: u64,
    /// Whether a NameError's message is calling `inspect` on its receiver
    /// (`Vm::describe_receiver`).
    pub(crate) describing_receiver: bool,
    /// The limit that ended the run, once one did.
    pub(crate) limit_reached: Option<crate::limits::LimitReached>,
    /// Set when a core arithmetic or comparison method is redefined: the
    /// interpreter's fast paths then give way to real calls.
    pub basic_ops_redefined: bool,
    /// Set when Array's `[]`, `[]=`, `size` or `length` is redefined.
    pub array_ops_redefined: bool,
    pub options: VmOptions,
    /// Absolute paths of the files `require` ran.
    pub loaded_features: fxhash::FxHashSet<std::path::PathBuf>,
    /// Procs registered with `at_exit`, in registration order.
    pub at_exit: Vec<Value>,
    /// The tags of the `catch` blocks running, innermost last.
    pub catch_tags: Vec<Value>,
    /// The instance variables of objects that have no slots of their own
    /// (Strings, Arrays, Hashes...), by object: MRI's generic ivar table.
    /// Weak in its keys: an entry goes when its object is collected.
    pub generic_ivars: FxHashMap<Value, IndexMap<Sym, Value, FxBuildHasher>>,
    /// The Proc object made for each block (by its address), so that
    /// passing a Proc as `&blk` and taking it back with a `&b` parameter
    /// gives the same object. Weak: an entry goes with its Proc.
    pub procs_of_blocks: FxHashMap<usize, Value>,
    /// The method each Method and UnboundMethod object stands for, as it
    /// was when the object was made (redefining the method later does not
    /// change it). Weak in its keys, like `generic_ivars`.
    pub method_entries: FxHashMap<Value, Rc<MethodEntry>>,
    /// The files `File.open` opened and nobody closed yet, by descriptor.
    pub files: FxHashMap<i64, crate::core::io::OpenFile>,
    /// Lines read from standard input so far (`$stdin.lineno`).
    pub stdin_lineno: i64,
    /// Values that native code keeps alive while it allocates.
    pub temp_roots: RefCell<Vec<Value>>,
    /// The random number generators (see `core/random.rs`).
    pub randoms: crate::core::random::Generators,
    /// `$~` of the frames that have one, by frame index: the id of the
    /// frame that set it and the MatchData (or nil). An entry whose id is
    /// not its frame's any more is stale (see `core/regexp.rs`).
    pub last_match: Vec<(u64, Value)>,
    /// Patterns compiled so far and the text last matched (see
    /// `core/regexp.rs`).
    pub regexp_state: crate::core::regexp::State,
}

impl Vm {
    pub fn new(options: VmOptions) -> Box<Vm> {
        let mut symbols = SymbolTable::new();
        let sym = CommonSyms {
            to_s: symbols.intern("to_s"),
            to_str: symbols.intern("to_str"),
            inspect: symbols.intern("inspect"),
            eq: symbols.intern("=="),
            mesg: symbols.intern("mesg"),
            backtrace: symbols.intern("bt"),
            backtrace_frames: symbols.intern("bt_frames"),
            main: symbols.intern("main"),
            range_begin: symbols.intern("begin"),
            range_end: symbols.intern("end"),
            range_exclusive: symbols.intern("excl"),
            stdout_global: symbols.intern("$stdout"),
            io_fd: symbols.intern("fd"),
            case_eq: symbols.intern("==="),
            call: symbols.intern("call"),
            initialize: symbols.intern("initialize"),
            new: symbols.intern("new"),
            errinfo: symbols.intern("$!"),
            compare: symbols.intern("<=>"),
            max: symbols.intern("max"),
            min: symbols.intern("min"),
        };
        let mut heap = Heap::new(crate::object::drop_cell);
        heap.stress = false;
        let placeholder = Value::NIL;
        let mut vm = Box::new(Vm {
            symbols,
            heap,
            shapes: crate::shape::ShapeTree::new(),
            stack: Vec::with_capacity(VALUE_STACK_CAPACITY),
            frames: Vec::new(),
            virtual_frames: Vec::new(),
            native_returns: Vec::new(),
            classes: Vec::new(),
            c: CoreClasses {
                basic_object: placeholder,
                object: placeholder,
                module: placeholder,
                class: placeholder,
                kernel: placeholder,
                comparable: placeholder,
                numeric: placeholder,
                integer: placeholder,
                float: placeholder,
                string: placeholder,
                symbol: placeholder,
                array: placeholder,
                nil: placeholder,
                true_class: placeholder,
                false_class: placeholder,
                gc: placeholder,
                proc_class: placeholder,
                range: placeholder,
                method: placeholder,
                unbound_method: placeholder,
                hash: placeholder,
                key_error: placeholder,
                stop_iteration: placeholder,
                system_exit: placeholder,
                fatal: placeholder,
                local_jump_error: placeholder,
                uncaught_throw_error: placeholder,
                load_error: placeholder,
                syntax_error: placeholder,
                exception: placeholder,
                script_error: placeholder,
                not_implemented_error: placeholder,
                standard_error: placeholder,
                runtime_error: placeholder,
                argument_error: placeholder,
                type_error: placeholder,
                name_error: placeholder,
                no_method_error: placeholder,
                zero_division_error: placeholder,
                range_error: placeholder,
                float_domain_error: placeholder,
                index_error: placeholder,
                frozen_error: placeholder,
                system_stack_error: placeholder,
                no_memory_error: placeholder,
                io: placeholder,
                io_error: placeholder,
                eof_error: placeholder,
                regexp: placeholder,
                match_data: placeholder,
                regexp_error: placeholder,
                encoding: placeholder,
                encoding_error: placeholder,
                compatibility_error: placeholder,
                undefined_conversion_error: placeholder,
                invalid_byte_sequence_error: placeholder,
            },
            sym,
            main: placeholder,
            block_proxy: Value::NIL,
            proc_call: None,
            block_proxy_call: None,
            array_max: None,
            array_min: None,
            top_cref: Rc::new(Cref {
                module: placeholder,
                parent: None,
                evaluated: false,
            }),
            globals: FxHashMap::default(),
            global_aliases: FxHashMap::default(),
            pinned: Vec::new(),
            encodings: [Value::NIL; 3],
            loaded: Vec::new(),
            methods: Vec::new(),
            jit: None,
            sources: FxHashMap::default(),
            script_name: String::new(),
            method_missing_vcall: false,
            out: Output::stdout(),
            method_serial: 0,
            method_cache: RefCell::new((0, FxHashMap::default())),
            native_comparisons: std::cell::Cell::new(None),
            native_equalities: std::cell::Cell::new(None),
            native_to_s: std::cell::Cell::new(None),
            hierarchy_serial: 0,
            next_frame_id: 1,
            compiled_pending: None,
            deopt_resumes: 0,
            steps_left: options.limits.steps.unwrap_or(u64::MAX),
            memory_limit: options
                .limits
                .memory
                .unwrap_or(u64::MAX)
                .min(crate::errors::machine_memory()),
            limit_reached: None,
            describing_receiver: false,
            basic_ops_redefined: false,
            array_ops_redefined: false,
            options: options.clone(),
            temp_roots: RefCell::new(Vec::new()),
            randoms: Default::default(),
            catch_tags: Vec::new(),
            generic_ivars: FxHashMap::default(),
            procs_of_blocks: FxHashMap::default(),
            method_entries: FxHashMap::default(),
            at_exit: Vec::new(),
            files: FxHashMap::default(),
            stdin_lineno: 0,
            loaded_features: Default::default(),
            last_match: Vec::new(),
            regexp_state: Default::default(),
        });
        vm.bootstrap_classes();
        crate::core::define_core(&mut vm);
        crate::core::hide_frameless_methods(&mut vm);
        crate::core::mark_caller_frame_methods(&mut vm);
        crate::core::mark_pure_methods(&mut vm);
        // Marking core methods replaces their entries: the final one.
        vm.proc_call = vm.find_method(vm.c.proc_class, vm.sym.call);
        vm.block_proxy_call = vm.find_method(vm.class_of(vm.block_proxy), vm.sym.call);
        vm.array_max = vm.find_method(vm.c.array, vm.sym.max);
        vm.array_min = vm.find_method(vm.c.array, vm.sym.min);
        if let Err(control) = vm.load_prelude() {
            let exception = vm.uncaught(control);
            panic!("the prelude raised: {}", vm.error_report(exception));
        }
        // Defining the core's own arithmetic is not a redefinition.
        vm.basic_ops_redefined = false;
        vm.array_ops_redefined = false;
        vm.heap.stress = options.gc_stress;
        vm
    }

    fn bootstrap_classes(&mut self) {
        let basic_object = self.new_class_raw("BasicObject", None, false);
        let object = self.new_class_raw("Object", Some(basic_object), false);
        let module = self.new_class_raw("Module", Some(object), false);
        let class = self.new_class_raw("Class", Some(module), false);
        for c in [basic_object, object, module, class] {
            c.header().unwrap().set_class(class);
        }
        self.c.basic_object = basic_object;
        self.c.object = object;
        self.c.module = module;
        self.c.class = class;
        for c in [basic_object, object, module, class] {
            let name = class_data(c)
                .name
                .get()
                .expect("bootstrap classes are named");
            self.set_constant(object, name, c);
            self.attach_metaclass(c);
        }
        self.c.kernel = self.define_module("Kernel");
        self.include_module(object, self.c.kernel);
        self.c.comparable = self.define_module("Comparable");
        self.c.numeric = self.define_class("Numeric", object);
        self.c.integer = self.define_class("Integer", self.c.numeric);
        self.c.float = self.define_class("Float", self.c.numeric);
        self.c.string = self.define_class("String", object);
        self.c.symbol = self.define_class("Symbol", object);
        self.c.array = self.define_class("Array", object);
        self.c.nil = self.define_class("NilClass", object);
        self.c.true_class = self.define_class("TrueClass", object);
        self.c.false_class = self.define_class("FalseClass", object);
        self.c.gc = self.define_module("GC");
        self.c.proc_class = self.define_class("Proc", object);
        self.c.range = self.define_class("Range", object);
        self.c.hash = self.define_class("Hash", object);
        let exception = self.define_class("Exception", object);
        self.c.exception = exception;
        self.c.script_error = self.define_class("ScriptError", exception);
        self.c.not_implemented_error =
            self.define_class("NotImplementedError", self.c.script_error);
        self.c.load_error = self.define_class("LoadError", self.c.script_error);
        self.c.syntax_error = self.define_class("SyntaxError", self.c.script_error);
        self.c.standard_error = self.define_class("StandardError", exception);
        let standard = self.c.standard_error;
        self.c.runtime_error = self.define_class("RuntimeError", standard);
        self.c.frozen_error = self.define_class("FrozenError", self.c.runtime_error);
        self.c.argument_error = self.define_class("ArgumentError", standard);
        self.c.uncaught_throw_error =
            self.define_class("UncaughtThrowError", self.c.argument_error);
        self.c.type_error = self.define_class("TypeError", standard);
        self.c.name_error = self.define_class("NameError", standard);
        self.c.no_method_error = self.define_class("NoMethodError", self.c.name_error);
        self.c.zero_division_error = self.define_class("ZeroDivisionError", standard);
        self.c.range_error = self.define_class("RangeError", standard);
        self.c.float_domain_error = self.define_class("FloatDomainError", self.c.range_error);
        self.c.index_error = self.define_class("IndexError", standard);
        self.c.key_error = self.define_class("KeyError", self.c.index_error);
        self.c.stop_iteration = self.define_class("StopIteration", self.c.index_error);
        self.c.local_jump_error = self.define_class("LocalJumpError", standard);
        self.c.io_error = self.define_class("IOError", standard);
        self.c.eof_error = self.define_class("EOFError", self.c.io_error);
        self.c.system_stack_error = self.define_class("SystemStackError", exception);
        self.c.no_memory_error = self.define_class("NoMemoryError", exception);
        self.c.regexp_error = self.define_class("RegexpError", standard);
        self.c.encoding = self.define_class("Encoding", object);
        self.c.encoding_error = self.define_class("EncodingError", standard);
        for (name, slot) in [
            ("CompatibilityError", 0),
            ("UndefinedConversionError", 1),
            ("InvalidByteSequenceError", 2),
            ("ConverterNotFoundError", 3),
        ] {
            let path = format!("Encoding::{name}");
            let class = self.new_class_raw(&path, Some(self.c.encoding_error), false);
            let sym = self.symbols.intern(name);
            self.set_constant(self.c.encoding, sym, class);
            match slot {
                0 => self.c.compatibility_error = class,
                1 => self.c.undefined_conversion_error = class,
                2 => self.c.invalid_byte_sequence_error = class,
                _ => {}
            }
        }
        self.c.regexp = self.define_class("Regexp", object);
        self.c.match_data = self.define_class("MatchData", object);
        self.define_class("NoMatchingPatternError", standard);
        self.define_class("SecurityError", exception);
        self.define_class("Interrupt", exception);
        self.c.system_exit = self.define_class("SystemExit", exception);
        self.c.fatal = self.new_class_raw("fatal", Some(exception), false);
        self.main = self.new_object(object);
        self.top_cref = Rc::new(Cref {
            module: object,
            parent: None,
            evaluated: false,
        });
    }

    fn new_class_raw(&mut self, name: &str, superclass: Option<Value>, is_module: bool) -> Value {
        let flavour = if is_module {
            ClassFlavour::Module
        } else {
            ClassFlavour::Class
        };
        self.new_class_with(name, superclass, flavour)
    }

    fn new_class_with(
        &mut self,
        name: &str,
        superclass: Option<Value>,
        flavour: ClassFlavour,
    ) -> Value {
        let is_module = flavour == ClassFlavour::Module;
        let name = self.symbols.intern(name);
        let id = self.classes.len() as u32;
        let class_class = if self.c.class.is_nil() {
            Value::NIL
        } else {
            self.c.class
        };
        let class_class = if is_module && !self.c.module.is_nil() {
            self.c.module
        } else {
            class_class
        };
        let value = self.heap.place(RClass {
            header: crate::heap::Header::new(RClass::KIND, class_class),
            data: Box::new(ClassData {
                id,
                name: std::cell::Cell::new(Some(name)),
                superclass,
                is_module,
                is_singleton: flavour == ClassFlavour::Singleton,
                methods: RefCell::new(IndexMap::default()),
                constants: RefCell::new(IndexMap::default()),
                constant_locations: RefCell::new(FxHashMap::default()),
                ivars: RefCell::new(IndexMap::default()),
                class_variables: RefCell::new(IndexMap::default()),
                includes: RefCell::new(Vec::new()),
                ivar_order: RefCell::new(Vec::new()),
                ancestors: RefCell::new(None),
                struct_layout: std::cell::OnceCell::new(),
            }),
        });
        self.classes.push(value);
        // Every class gets its metaclass at once (the bootstrap classes get
        // theirs when Class exists), so class methods are inherited.
        if flavour == ClassFlavour::Class && !self.c.class.is_nil() {
            self.attach_metaclass(value);
        }
        value
    }

    /// Gives a class its metaclass: the singleton class whose superclass is
    /// the superclass's metaclass (Class for BasicObject).
    fn attach_metaclass(&mut self, class: Value) {
        let superclass_meta = match class_data(class).superclass {
            Some(superclass) => superclass.header().expect("a class").class(),
            None => self.c.class,
        };
        let name = format!("#<Class:{}>", self.class_name(class));
        let meta = self.new_class_with(&name, Some(superclass_meta), ClassFlavour::Singleton);
        class.header().expect("a class").set_class(meta);
    }

    /// A new class named `name` (a full path such as `M::Foo`).
    pub fn new_class_named(&mut self, name: &str, superclass: Value) -> Value {
        self.new_class_with(name, Some(superclass), ClassFlavour::Class)
    }

    /// A new anonymous class (`Class.new`), named when first assigned to a
    /// constant.
    pub fn new_anonymous_class(&mut self, superclass: Value) -> Value {
        let class = self.new_class_named("", superclass);
        class_data(class).name.set(None);
        self.name_singleton_class(class);
        class
    }

    /// Names the singleton class of `module` (if it has one) after it, as
    /// `#<Class:Foo>`: again once an anonymous module takes a name.
    fn name_singleton_class(&mut self, module: Value) {
        let class = module.header().expect("a module").class();
        if class_data(class).is_singleton {
            let name = format!("#<Class:{}>", self.class_name(module));
            class_data(class).name.set(Some(self.symbols.intern(&name)));
        }
    }

    /// A new anonymous module (`Module.new`).
    pub fn new_anonymous_module(&mut self) -> Value {
        let module = self.new_module_named("");
        class_data(module).name.set(None);
        module
    }

    /// A new module named `name`.
    pub fn new_module_named(&mut self, name: &str) -> Value {
        self.new_class_with(name, None, ClassFlavour::Module)
    }

    /// Defines (or returns the existing) top-level class `name`.
    pub fn define_class(&mut self, name: &str, superclass: Value) -> Value {
        let sym = self.symbols.intern(name);
        if let Some(existing) = self.constant(self.c.object, sym) {
            return existing;
        }
        let class = self.new_class_raw(name, Some(superclass), false);
        self.set_constant(self.c.object, sym, class);
        class
    }

    pub fn define_module(&mut self, name: &str) -> Value {
        let sym = self.symbols.intern(name);
        let module = self.new_class_raw(name, None, true);
        self.set_constant(self.c.object, sym, module);
        module
    }

    // --- constants and globals -------------------------------------------

    pub fn constant(&self, class: Value, name: Sym) -> Option<Value> {
        let mut current = Some(class);
        while let Some(c) = current {
            let data = class_data(c);
            if let Some(&value) = data.constants.borrow().get(&name) {
                return Some(value);
            }
            current = data.superclass;
        }
        None
    }

    pub fn set_constant(&mut self, class: Value, name: Sym, value: Value) {
        // An anonymous class or module takes its name from the first
        // constant it is assigned to.
        if let Some(assigned) = value.get::<RClass>() {
            if assigned.data.name.get().is_none() {
                let path = if class == self.c.object || self.c.object.is_nil() {
                    self.symbols.name(name).to_string()
                } else {
                    format!("{}::{}", self.class_name(class), self.symbols.name(name))
                };
                let path = self.symbols.intern(&path);
                assigned.data.name.set(Some(path));
                self.name_singleton_class(value);
            }
        }
        let location = self.user_code_location();
        let previous = class_data(class).constants.borrow_mut().insert(name, value);
        self.constant_changed(name);
        if previous.is_some() && location.is_some() {
            let shown = if class == self.c.object {
                self.symbols.name(name).to_string()
            } else {
                format!("{}::{}", self.class_name(class), self.symbols.name(name))
            };
            self.warn(&format!("already initialized constant {shown}"));
            if let Some((file, line)) = self.constant_location(class, name) {
                let note = format!(
                    "{file}:{line}: warning: previous definition of {} was here\n",
                    self.symbols.name(name)
                );
                crate::output::write_stderr(&mut self.out, &note);
            }
        }
        if let Some(location) = location {
            class_data(class)
                .constant_locations
                .borrow_mut()
                .insert(name, location);
        }
    }

    /// Where Ruby code last assigned constant `name` of `class`.
    pub fn constant_location(&self, class: Value, name: Sym) -> Option<(Rc<str>, u32)> {
        class_data(class)
            .constant_locations
            .borrow()
            .get(&name)
            .cloned()
    }

    /// `FILE:LINE: previous definition of NAME was here`, the note MRI adds
    /// to "X is not a class", when Ruby code defined the constant.
    pub fn previous_definition_note(&self, class: Value, name: Sym) -> Option<String> {
        let (file, line) = self.constant_location(class, name)?;
        Some(format!(
            "{file}:{line}: previous definition of {} was here",
            self.symbols.name(name)
        ))
    }

    /// The location of the Ruby code running, unless that is the VM booting
    /// or the prelude (MRI's core classes have no Ruby source).
    fn user_code_location(&self) -> Option<(Rc<str>, u32)> {
        if self.frames.is_empty() {
            return None;
        }
        let (file, line) = self.current_location();
        (!crate::prelude::is_internal(&file)).then_some((file, line))
    }

    /// A global by its name (`$!`), nil when unset.
    pub fn global_named(&self, name: &str) -> Value {
        self.symbols
            .lookup(name)
            .map_or(Value::NIL, |sym| self.global(sym))
    }

    pub fn global(&self, name: Sym) -> Value {
        let name = self.global_aliases.get(&name).copied().unwrap_or(name);
        self.globals.get(&name).copied().unwrap_or(Value::NIL)
    }

    /// `$name = value`. `$stdout` and `$stderr` take only objects with a
    /// `write` method (MRI's TypeError otherwise).
    pub fn set_global(&mut self, name: Sym, value: Value) -> VmResult<()> {
        let name = self.global_aliases.get(&name).copied().unwrap_or(name);
        let text = self.symbols.name(name);
        if text == "$stdout" || text == "$stderr" {
            let write = self.symbols.intern("write");
            if self.find_method(self.class_of(value), write).is_none() {
                let text = self.symbols.name(name).to_string();
                let class = self.class_name(self.real_class_of(value));
                return Err(
                    self.type_error(format!("{text} must have write method, {class} given"))
                );
            }
        }
        self.globals.insert(name, value);
        Ok(())
    }

    // --- classes and methods ---------------------------------------------

    /// The class of any value.
    #[inline]
    pub fn class_of(&self, value: Value) -> Value {
        if value.is_fixnum() {
            self.c.integer
        } else if value.is_flonum() {
            self.c.float
        } else if value.is_symbol() {
            self.c.symbol
        } else if let Some(header) = value.header() {
            header.class()
        } else if value == Value::NIL {
            self.c.nil
        } else if value == Value::TRUE {
            self.c.true_class
        } else {
            self.c.false_class
        }
    }

    /// The class to report for a value: its class, skipping singleton
    /// classes.
    pub fn real_class_of(&self, value: Value) -> Value {
        let mut class = self.class_of(value);
        while class_data(class).is_singleton {
            class = class_data(class)
                .superclass
                .expect("a singleton class has a superclass");
        }
        class
    }

    /// The ancestry of a class or module, as `ancestors` lists it: the
    /// class, the modules it includes (last included first, each with its
    /// own ancestry), then its superclass's ancestry. A module already in the
    /// superclass's ancestry is not repeated.
    pub fn ancestors(&self, class: Value) -> Rc<[Value]> {
        let data = class_data(class);
        if let Some((serial, ancestors)) = data.ancestors.borrow().as_ref() {
            if *serial == self.hierarchy_serial {
                return ancestors.clone();
            }
        }
        let mut own = vec![class];
        for &module in data.includes.borrow().iter().rev() {
            for &ancestor in self.ancestors(module).iter() {
                if !own.contains(&ancestor) {
                    own.push(ancestor);
                }
            }
        }
        let inherited = data.superclass.map(|s| self.ancestors(s));
        if let Some(inherited) = &inherited {
            own.retain(|m| !inherited.contains(m));
            own.extend(inherited.iter().copied());
        }
        let ancestors: Rc<[Value]> = own.into();
        *data.ancestors.borrow_mut() = Some((self.hierarchy_serial, ancestors.clone()));
        ancestors
    }

    /// `include`: adds `module` to `class`'s ancestry. Returns false when it
    /// was already there.
    pub fn include_module(&mut self, class: Value, module: Value) -> bool {
        if self.ancestors(class).contains(&module) {
            return false;
        }
        class_data(class).includes.borrow_mut().push(module);
        self.hierarchy_serial += 1;
        self.methods_changed(None);
        true
    }

    /// A method table changed (a method named `name` defined or removed;
    /// any lookup may have changed when None): the inline caches and the
    /// compiled code that assumed a lookup are stale.
    pub fn methods_changed(&mut self, name: Option<Sym>) {
        self.method_serial += 1;
        self.jit_methods_changed(name);
    }

    /// Constant `name` was set or removed somewhere: the compiled code
    /// that assumed its value is stale.
    pub fn constant_changed(&mut self, name: Sym) {
        self.jit_constant_changed(name);
    }

    /// Whether each of `classes` still finds the core's own (native)
    /// method `name`: a fast path may then skip calling it. The answer is
    /// kept in `cache` until a method is defined or removed anywhere (the
    /// method serial moves).
    pub fn core_methods_stand<const N: usize>(
        &self,
        cache: &std::cell::Cell<Option<(u64, [bool; N])>>,
        classes: [Value; N],
        name: Sym,
    ) -> [bool; N] {
        if let Some((serial, natives)) = cache.get() {
            if serial == self.method_serial {
                return natives;
            }
        }
        let natives = classes.map(|class| {
            self.find_method(class, name)
                .is_some_and(|entry| matches!(entry.body, MethodBody::Native(_)))
        });
        cache.set(Some((self.method_serial, natives)));
        natives
    }

    /// Looks `name` up along `class`'s ancestry.
    pub fn find_method(&self, class: Value, name: Sym) -> Option<Rc<MethodEntry>> {
        let mut cache = self.method_cache.borrow_mut();
        if cache.0 != self.method_serial {
            *cache = (self.method_serial, FxHashMap::default());
        }
        if let Some(found) = cache.1.get(&(class, name)) {
            return found.clone();
        }
        let found = self
            .ancestors(class)
            .iter()
            .find_map(|&c| class_data(c).methods.borrow().get(&name).cloned())
            .filter(|entry| !entry.is_undefined());
        cache.1.insert((class, name), found.clone());
        found
    }

    /// The method `super` calls from a method of `owner` named `name`, for a
    /// receiver of class `class`: the next one after `owner` in the ancestry.
    pub fn find_super_method(
        &self,
        class: Value,
        owner: Value,
        name: Sym,
    ) -> Option<Rc<MethodEntry>> {
        let ancestors = self.ancestors(class);
        let start = ancestors.iter().position(|&c| c == owner)? + 1;
        ancestors[start..]
            .iter()
            .find_map(|&c| class_data(c).methods.borrow().get(&name).cloned())
            .filter(|entry| !entry.is_undefined())
    }

    /// Every method name callable on instances of `class` (for
    /// did_you_mean), with private ones only if `include_private`.
    pub fn method_names(&self, class: Value, include_private: bool) -> Vec<Sym> {
        method_names_in(&self.ancestors(class), |visibility| {
            include_private || visibility != Visibility::Private
        })
    }

    pub fn add_method(
        &mut self,
        class: Value,
        name: Sym,
        body: MethodBody,
        visibility: Visibility,
    ) {
        self.add_method_in(class, name, body, visibility, None);
    }

    /// Adds a method defined in the lexical scope `cref` (Ruby methods run
    /// with it, for constant lookup).
    pub fn add_method_in(
        &mut self,
        class: Value,
        name: Sym,
        body: MethodBody,
        visibility: Visibility,
        cref: Option<Rc<Cref>>,
    ) {
        if [self.c.integer, self.c.float].contains(&class)
            && crate::interp::is_basic_op(self.symbols.name(name))
        {
            self.basic_ops_redefined = true;
        }
        if class == self.c.array && crate::interp::is_array_op(self.symbols.name(name)) {
            self.array_ops_redefined = true;
        }
        if let (MethodBody::Bytecode(method), Some(cref)) = (&body, &cref) {
            let mut defined_in = method.defined_in.borrow_mut();
            match &*defined_in {
                None => *defined_in = Some((cref.clone(), class)),
                Some((first, owner)) => {
                    if !Rc::ptr_eq(first, cref) || *owner != class {
                        method.defined_twice.set(true);
                    }
                }
            }
        }
        let entry = MethodEntry {
            body,
            visibility,
            owner: class,
            cref,
        };
        class_data(class)
            .methods
            .borrow_mut()
            .insert(name, Rc::new(entry));
        self.methods_changed(Some(name));
    }

    /// Defines a core method written in Rust.
    pub fn define_native(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
    ) {
        self.define_native_with(class, name, min, max, func, Visibility::Public);
    }

    /// Defines a table of core methods on `class`, in order.
    pub fn define_methods(&mut self, class: Value, methods: &[crate::core::CoreMethod]) {
        for method in methods {
            let visibility = if method.private {
                Visibility::Private
            } else {
                Visibility::Public
            };
            self.define_native_with(
                class,
                method.name,
                method.min,
                method.max,
                method.func,
                visibility,
            );
        }
    }

    /// Defines a private core method (Kernel's functions).
    pub fn define_private_native(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
    ) {
        self.define_native_with(class, name, min, max, func, Visibility::Private);
    }

    fn define_native_with(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
        visibility: Visibility,
    ) {
        let sym = self.symbols.intern(name);
        let native = NativeMethod {
            name: sym,
            min,
            max,
            func,
            frame: crate::core::NativeFrame::Shown,
            uses_caller_frame: false,
            constructs: false,
            pure: false,
        };
        self.add_method(class, sym, MethodBody::Native(native), visibility);
    }

    /// Defines `name` of `class` as `Class#new`: allocate an instance, then
    /// call its `initialize` with the arguments.
    pub fn define_constructor(&mut self, class: Value, name: &str) {
        let sym = self.symbols.intern(name);
        let native = NativeMethod {
            name: sym,
            min: 0,
            max: None,
            func: crate::core::module::class_new,
            frame: crate::core::NativeFrame::Shown,
            uses_caller_frame: false,
            constructs: true,
            pure: false,
        };
        self.add_method(class, sym, MethodBody::Native(native), Visibility::Public);
    }

    /// Changes core method `name` of `class`, if defined, with `change`.
    /// The entry is replaced (caches may hold it as it was).
    fn change_native(&mut self, class: Value, name: &str, change: impl FnOnce(&mut NativeMethod)) {
        let sym = self.symbols.intern(name);
        if let Some(entry) = class_data(class).methods.borrow_mut().get_mut(&sym) {
            if let MethodBody::Native(native) = &mut Rc::make_mut(entry).body {
                change(native);
            }
        }
        self.method_serial += 1;
    }

    /// Sets whether core method `name` of `class` shows in backtraces.
    pub fn set_native_frame(&mut self, class: Value, name: &str, frame: crate::core::NativeFrame) {
        self.change_native(class, name, |native| native.frame = frame);
        let sym = self.symbols.intern(name);
        self.jit_methods_changed(Some(sym));
    }

    /// Marks core method `name` of `class`, if defined, as pure on Integers
    /// and Strings (`NativeMethod::pure`).
    pub fn set_native_pure(&mut self, class: Value, name: &str) {
        self.change_native(class, name, |native| native.pure = true);
    }

    /// Marks core method `name` of `class`, if defined, as one that reads
    /// or changes its caller's frame.
    pub fn set_native_uses_caller_frame(&mut self, class: Value, name: &str) {
        self.change_native(class, name, |native| native.uses_caller_frame = true);
    }

    /// The singleton class of a heap object (a class's singleton class is
    /// where its class methods live: `GC.start`). Created on first use.
    pub fn singleton_class(&mut self, object: Value) -> Value {
        let header = object
            .header()
            .expect("only heap objects have singleton classes");
        let current = header.class();
        if class_data(current).is_singleton {
            return current;
        }
        let name = if object.get::<RClass>().is_some() {
            format!("#<Class:{}>", self.class_name(object))
        } else {
            format!(
                "#<Class:{}>",
                crate::core::object::default_to_s(self, object)
            )
        };
        let singleton = self.new_class_with(&name, Some(current), ClassFlavour::Singleton);
        header.set_class(singleton);
        singleton
    }

    pub fn define_singleton_native(
        &mut self,
        class: Value,
        name: &str,
        min: u8,
        max: Option<u8>,
        func: NativeFn,
    ) {
        let singleton = self.singleton_class(class);
        self.define_native(singleton, name, min, max, func);
    }

    pub fn class_name(&self, class: Value) -> String {
        match class_data(class).name.get() {
            Some(name) => self.symbols.name(name).to_string(),
            None => {
                let kind = if class_data(class).is_module {
                    "Module"
                } else {
                    "Class"
                };
                format!("#<{kind}:0x{:016x}>", class.bits())
            }
        }
    }

    // --- allocation --------------------------------------------------------

    /// Places a new object on the heap, collecting first if it is time (the
    /// object being placed is a root of that collection).
    pub fn alloc<T: HeapObject>(&mut self, object: T) -> Value {
        if self.heap.needs_collection() {
            self.collect(|marker| object.trace(marker));
        }
        self.heap.place(object)
    }

    pub fn new_string(&mut self, bytes: Vec<u8>) -> Value {
        self.new_string_of(crate::object::string_bytes(bytes))
    }

    /// A String of `bytes` (in the String's cell when they fit).
    pub fn new_string_from(&mut self, bytes: &[u8]) -> Value {
        self.new_string_of(crate::object::StringBytes::from_slice(bytes))
    }

    pub fn new_string_of(&mut self, bytes: crate::object::StringBytes) -> Value {
        if bytes.spilled() {
            self.heap.note_external(bytes.capacity());
        }
        let class = self.c.string;
        self.alloc(RString::new(class, bytes))
    }

    pub fn new_str(&mut self, text: &str) -> Value {
        self.new_string_from(text.as_bytes())
    }

    pub fn new_array(&mut self, items: Vec<Value>) -> Value {
        self.heap.note_external(items.capacity() * 8);
        let class = self.c.array;
        self.alloc(RArray::new(class, items))
    }

    pub fn new_float(&mut self, value: f64) -> Value {
        match Value::flonum(value) {
            Some(v) => v,
            None => {
                let class = self.c.float;
                self.alloc(RFloat {
                    header: crate::heap::Header::new(RFloat::KIND, class),
                    value,
                })
            }
        }
    }

    /// An Integer: a fixnum when it fits, else a Bignum.
    pub fn new_integer(&mut self, value: BigInt) -> Value {
        if let Ok(n) = i64::try_from(&value) {
            if let Some(v) = Value::fixnum(n) {
                return v;
            }
        }
        let class = self.c.integer;
        self.alloc(RBignum {
            header: crate::heap::Header::new(RBignum::KIND, class),
            value,
        })
    }

    /// An Integer from an i128 (results of fixnum arithmetic).
    #[inline]
    pub fn new_int(&mut self, value: i128) -> Value {
        if let Ok(n) = i64::try_from(value) {
            if let Some(v) = Value::fixnum(n) {
                return v;
            }
        }
        self.new_integer(BigInt::from(value))
    }

    pub fn new_object(&mut self, class: Value) -> Value {
        self.alloc(RObject::new(class))
    }

    // --- garbage collection ----------------------------------------------

    /// A full collection. `extra` reports additional roots.
    pub fn collect(&mut self, extra: impl FnOnce(&mut Marker)) {
        let mut marker = self.heap.start_collection();
        marker.mark_all(&self.stack);
        marker.mark_all(&self.classes);
        marker.mark_all(&self.pinned);
        marker.mark_all(&self.temp_roots.borrow());
        marker.mark_all(&self.catch_tags);
        marker.mark_all(&self.at_exit);
        marker.mark(self.main);
        for &value in self.globals.values() {
            marker.mark(value);
        }
        let mark_control = |marker: &mut Marker, control: &Control| {
            marker.mark(control.value());
            if let Control::Throw { tag, .. } = control {
                marker.mark(*tag);
            }
        };
        for frame in &self.frames {
            marker.mark(frame.owner);
            marker.mark(frame.env);
            for block in [&frame.block, &frame.block_arg].into_iter().flatten() {
                block.trace(&mut marker);
            }
            for control in frame.pending.iter().flat_map(|pending| pending.iter()) {
                mark_control(&mut marker, control);
            }
        }
        if let Some(control) = &self.compiled_pending {
            mark_control(&mut marker, control);
        }
        for (index, &(id, value)) in self.last_match.iter().enumerate() {
            if self.frames.get(index).is_some_and(|frame| frame.id == id) {
                marker.mark(value);
            }
        }
        for ivars in self.generic_ivars.values() {
            for &value in ivars.values() {
                marker.mark(value);
            }
        }
        for entry in self.method_entries.values() {
            entry.trace(&mut marker);
        }
        if let Some(jit) = &self.jit {
            for code in &jit.code {
                marker.mark_all(&code.folded_constants);
            }
        }
        extra(&mut marker);
        let (generic_ivars, procs_of_blocks, method_entries, randoms) = (
            &mut self.generic_ivars,
            &mut self.procs_of_blocks,
            &mut self.method_entries,
            &mut self.randoms,
        );
        self.heap
            .finish_collection(marker, crate::object::trace_cell, || {
                let marked = |value: &Value| value.header().is_some_and(|h| h.is_marked());
                generic_ivars.retain(|object, _| marked(object));
                procs_of_blocks.retain(|_, proc| marked(proc));
                method_entries.retain(|method, _| marked(method));
                randoms.retain_live(marked);
            });
        self.check_heap_limit();
    }

    pub fn symbol_name(&self, value: Value) -> &str {
        self.symbols.name(value.as_symbol().expect("a Symbol"))
    }
}

/// A VM dropped (an embedder's, the fuzz target's) breaks the reference
/// cycles of its code: a method's call sites cache the entries of the
/// methods they call, which hold their code, which may be the caller's own
/// (recursion). The heap frees its objects itself.
impl Drop for Vm {
    fn drop(&mut self) {
        for method in &self.methods {
            for site in &method.sites {
                site.cache.borrow_mut().clear();
            }
        }
    }
}

/// The names of the methods `modules` define, in order, each once: a name
/// an earlier module defines (or undefines) hides it in the later ones.
/// Only methods whose visibility `wanted` accepts are listed.
pub fn method_names_in(modules: &[Value], wanted: impl Fn(Visibility) -> bool) -> Vec<Sym> {
    let mut names = Vec::new();
    let mut seen = Vec::new();
    for &module in modules {
        for (&name, entry) in class_data(module).methods.borrow().iter() {
            if !seen.contains(&name) {
                seen.push(name);
                if wanted(entry.visibility) && !entry.is_undefined() {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// The class data of a class or module value.
#[inline]
pub fn class_data(class: Value) -> &'static ClassData {
    &class.get::<RClass>().expect("a class or module").data
}
