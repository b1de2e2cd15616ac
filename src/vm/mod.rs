//! The virtual machine's state: classes, method tables, the value stack, the
//! frame records used for backtraces, globals, and the heap.
//!
//! The interpreter itself is in `interp/`; the core library's methods in
//! `core/`. Everything a Ruby program can reach is reachable from here, which
//! is what the collector's precise roots are (see [`Vm::collect`]).

use crate::heap::{Heap, HeapObject};
use crate::method::LoadedMethod;
use crate::object::*;
use crate::value::Value;
use bytecode::{Sym, SymbolTable};
use fxhash::{FxBuildHasher, FxHashMap};
use indexmap::IndexMap;
use std::cell::RefCell;
use std::rc::Rc;

mod alloc;
mod context;
mod frames;
mod globals;
mod io;
mod ivars;
mod jit_runtime;
mod methods;

pub use context::{ExecutionContext, VirtualBlock};
pub use frames::*;
pub use globals::Globals;
pub use io::Io;
pub use jit_runtime::{Jit, JitRuntime, VirtualFrameList};
pub use methods::{private, public, CoreMethod, NativeFn};

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
    pub signal_exception: Value,
    pub interrupt: Value,
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
    pub to_ary: Sym,
    pub to_hash: Sym,
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
    pub splitting: crate::splitting::SplittingOptions,
    /// Profile nothing: no JIT will read it (`--no-jit`, unless
    /// `--dump-profile` or `--trace-splitting` asks to see it).
    pub no_profiling: bool,
}

pub struct Vm {
    pub symbols: SymbolTable,
    pub heap: Heap,
    /// Where objects keep their instance variables.
    pub shapes: crate::shape::ShapeTree,
    /// The stacks and frames of the code running (one per fiber, when
    /// there are fibers): see [`ExecutionContext`].
    pub context: ExecutionContext,
    /// Standard output and the files the program opened.
    pub io: Io,
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
    /// The core `BasicObject#==` (`!=` of a receiver whose `==` it is
    /// compares identities without calling it).
    pub basic_object_eq: Option<Rc<MethodEntry>>,
    /// Kernel's and NilClass's `nil?`, which send lines answer without a
    /// call.
    pub nil_p: [Option<Rc<MethodEntry>>; 2],
    /// Kernel's `is_a?` and `kind_of?`, which send lines answer without a
    /// call.
    pub kind_of: [Option<Rc<MethodEntry>>; 2],
    /// Range's `begin`, `end` and `exclude_end?`, which read slots 0, 1
    /// and 2 of a Range in `range_shape`: send lines read them as an
    /// `attr_reader`'s.
    pub range_readers: [Option<Rc<MethodEntry>>; 3],
    /// Kernel's `block_given?`, which send lines answer from the running
    /// frame without a call.
    pub block_given: Option<Rc<MethodEntry>>,
    /// The core `BasicObject#!=` (a send line calls the receiver's `==`
    /// for it when that is a pure core method).
    pub basic_object_ne: Option<Rc<MethodEntry>>,
    pub block_proxy_call: Option<Rc<MethodEntry>>,
    /// The core `Array#max` and `#min` (`arraymax` and `arraymin` call
    /// them only once redefined).
    pub array_max: Option<Rc<MethodEntry>>,
    pub array_min: Option<Rc<MethodEntry>>,
    /// The core's `Array#initialize` (`Array.new` without a frame is built
    /// on it being the method).
    pub array_initialize: Option<Rc<MethodEntry>>,
    /// The shape of every Range (its three variables in order), once the
    /// first Range has made it.
    pub range_shape: Option<crate::shape::ShapeId>,
    /// The lexical scope of the top level (Object).
    pub top_cref: Rc<Cref>,
    /// The global variables (`$name`) and their aliases.
    pub globals: Globals,
    /// Heap values owned by loaded code (bignum and float literals).
    pub pinned: Vec<Value>,
    /// The `Encoding` object of each encoding, by tag (pinned).
    pub encodings: [Value; 3],
    /// Every method loaded, in load order (for `--dump-profile`).
    pub loaded: Vec<Rc<LoadedMethod>>,
    /// Every method loaded, by `LoadedMethod::id` (splits too).
    pub methods: Vec<Rc<LoadedMethod>>,
    /// Call-target splitting's settings and counts.
    pub splitting: crate::splitting::Splitting,
    /// The JIT's settings and counters (None: the JIT is off).
    pub jit: Option<Jit>,
    /// Source text of every loaded file (error_highlight prints lines).
    pub sources: FxHashMap<Rc<str>, Rc<[u8]>>,
    /// Whether the last call handed to a user's `method_missing` was a
    /// bare name (see [`Vm::call_method_missing`]).
    pub method_missing_vcall: bool,
    /// The script's name as given (`-e` for code on the command line):
    /// what the report of an exception with no backtrace starts with.
    pub script_name: String,
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
    /// Whether Integer, Float, Symbol, String, NilClass, TrueClass and
    /// FalseClass answer `===` with the core's (`casedispatch`).
    pub native_case_equalities: std::cell::Cell<Option<(u64, [bool; 7])>>,
    /// Bumped whenever a module is included: cached ancestries are stale.
    pub hierarchy_serial: u64,
    /// Moves on whenever a constant lookup may find something else: a
    /// constant assigned or removed, a module included (the `const`
    /// sites' caches hold while it stands).
    pub constant_serial: u64,
    /// The id the next frame gets.
    pub next_frame_id: u64,
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
    /// The interpreter records profiles (the kinds at sends, branch
    /// counts): a JIT will read them. Off, they cost nothing.
    pub profiling: bool,
    /// Set when Array's `[]`, `[]=`, `size` or `length` is redefined.
    pub array_ops_redefined: bool,
    pub options: VmOptions,
    /// The files `require` is running now (their `$LOADED_FEATURES`
    /// names): requiring one of them again, a cycle, returns false.
    pub features_loading: fxhash::FxHashSet<std::path::PathBuf>,
    /// Procs registered with `at_exit`, in registration order.
    pub at_exit: Vec<Value>,
    /// The program's signal handlers (`trap`).
    pub traps: crate::traps::Traps,
    /// The instance variables of objects that have no slots of their own
    /// (Strings, Arrays, Hashes...), by object: MRI's generic ivar table.
    /// Weak in its keys: an entry goes when its object is collected.
    pub generic_ivars: FxHashMap<Value, IndexMap<Sym, Value, FxBuildHasher>>,
    /// The Proc object made for each block (by its address), so that
    /// passing a Proc as `&blk` and taking it back with a `&b` parameter
    /// gives the same object. Weak: an entry goes with its Proc.
    pub procs_of_blocks: FxHashMap<usize, Value>,
    /// Allocations of literal blocks whose calls returned, for the next
    /// ones (see `Vm::shared_literal_block`).
    pub(crate) block_pool: Vec<Rc<crate::block::Block>>,
    /// The method each Method and UnboundMethod object stands for, as it
    /// was when the object was made (redefining the method later does not
    /// change it). Weak in its keys, like `generic_ivars`.
    pub method_entries: FxHashMap<Value, Rc<MethodEntry>>,
    /// The functions of core methods, by `NativeId` (`Vm::native_fn`).
    natives: Vec<NativeFn>,
    /// Values that native code keeps alive while it allocates.
    pub temp_roots: RefCell<Vec<Value>>,
    /// The random number generators (see `core/random.rs`).
    pub randoms: crate::random_state::Generators,
    /// Patterns compiled so far and the text last matched (see
    /// `core/regexp.rs`).
    pub regexp_state: crate::pattern::PatternCache,
}

impl Vm {
    /// A VM with its symbols, heap and the classes every other one is made
    /// of (BasicObject, Object, Module, Class...), but no methods yet:
    /// `Vm::new` (the core library's) defines them and calls
    /// [`Vm::finish_boot`].
    pub fn with_bootstrap_classes(options: VmOptions) -> Box<Vm> {
        let mut symbols = SymbolTable::new();
        let sym = CommonSyms {
            to_s: symbols.intern("to_s"),
            to_str: symbols.intern("to_str"),
            to_ary: symbols.intern("to_ary"),
            to_hash: symbols.intern("to_hash"),
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
            context: ExecutionContext::new(),
            io: Io::new(),
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
                signal_exception: placeholder,
                interrupt: placeholder,
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
            basic_object_eq: None,
            nil_p: [None, None],
            kind_of: [None, None],
            range_readers: [None, None, None],
            block_given: None,
            basic_object_ne: None,
            block_proxy_call: None,
            array_max: None,
            array_min: None,
            array_initialize: None,
            range_shape: None,
            top_cref: Rc::new(Cref {
                module: placeholder,
                parent: None,
                evaluated: false,
            }),
            globals: Globals::default(),
            pinned: Vec::new(),
            encodings: [Value::NIL; 3],
            loaded: Vec::new(),
            methods: Vec::new(),
            splitting: crate::splitting::Splitting {
                options: options.splitting,
                ..Default::default()
            },
            jit: None,
            sources: FxHashMap::default(),
            script_name: String::new(),
            method_missing_vcall: false,
            method_serial: 0,
            method_cache: RefCell::new((0, FxHashMap::default())),
            native_comparisons: std::cell::Cell::new(None),
            native_equalities: std::cell::Cell::new(None),
            native_case_equalities: std::cell::Cell::new(None),
            native_to_s: std::cell::Cell::new(None),
            hierarchy_serial: 0,
            constant_serial: 0,
            next_frame_id: 1,
            steps_left: options.limits.steps.unwrap_or(u64::MAX),
            memory_limit: options
                .limits
                .memory
                .unwrap_or(u64::MAX)
                .min(crate::errors::machine_memory()),
            limit_reached: None,
            describing_receiver: false,
            basic_ops_redefined: false,
            profiling: !options.no_profiling,
            array_ops_redefined: false,
            options: options.clone(),
            temp_roots: RefCell::new(Vec::new()),
            randoms: Default::default(),
            generic_ivars: FxHashMap::default(),
            procs_of_blocks: FxHashMap::default(),
            block_pool: Vec::new(),
            method_entries: FxHashMap::default(),
            natives: Vec::new(),
            at_exit: Vec::new(),
            traps: Default::default(),
            features_loading: Default::default(),
            regexp_state: Default::default(),
        });
        vm.bootstrap_classes();
        vm
    }

    /// The entry of core method `name` of `class` (as the start defined it).
    fn core_method(&mut self, class: Value, name: &str) -> Option<Rc<MethodEntry>> {
        let name = self.symbols.intern(name);
        self.find_method(class, name)
    }

    /// Ends the start once the core methods are defined: remembers the
    /// entries the interpreter's fast paths check against, and loads the
    /// prelude (the core methods written in Ruby).
    pub fn finish_boot(&mut self) {
        let vm = self;
        // Marking core methods replaces their entries: the final one.
        vm.proc_call = vm.find_method(vm.c.proc_class, vm.sym.call);
        vm.basic_object_eq = vm.find_method(vm.c.basic_object, vm.sym.eq);
        let (kernel, range, nil) = (vm.c.kernel, vm.c.range, vm.c.nil);
        vm.block_given = vm.core_method(kernel, "block_given?");
        vm.kind_of = ["is_a?", "kind_of?"].map(|name| vm.core_method(kernel, name));
        vm.range_readers = ["begin", "end", "exclude_end?"].map(|name| vm.core_method(range, name));
        vm.nil_p = [kernel, nil].map(|class| vm.core_method(class, "nil?"));
        let ne = vm.symbols.intern("!=");
        vm.basic_object_ne = vm.find_method(vm.c.basic_object, ne);
        vm.block_proxy_call = vm.find_method(vm.class_of(vm.block_proxy), vm.sym.call);
        vm.array_max = vm.find_method(vm.c.array, vm.sym.max);
        vm.array_min = vm.find_method(vm.c.array, vm.sym.min);
        vm.array_initialize = vm.find_method(vm.c.array, vm.sym.initialize);
        if let Err(control) = vm.load_prelude() {
            let exception = vm.uncaught(control);
            panic!("the prelude raised: {}", vm.error_report(exception));
        }
        // Defining the core's own arithmetic is not a redefinition.
        vm.basic_ops_redefined = false;
        vm.array_ops_redefined = false;
        vm.heap.stress = vm.options.gc_stress;
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
        self.c.signal_exception = self.define_class("SignalException", exception);
        self.c.interrupt = self.define_class("Interrupt", self.c.signal_exception);
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
                attached: std::cell::Cell::new(Value::NIL),
                methods: RefCell::new(IndexMap::default()),
                constants: RefCell::new(IndexMap::default()),
                constant_locations: RefCell::new(FxHashMap::default()),
                ivars: RefCell::new(IndexMap::default()),
                class_variables: RefCell::new(IndexMap::default()),
                includes: RefCell::new(Vec::new()),
                ivar_order: RefCell::new(Vec::new()),
                ancestors: RefCell::new(None),
                struct_layout: std::cell::OnceCell::new(),
                allocator: std::cell::OnceCell::new(),
                initialize: RefCell::new(None),
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
        class_data(meta).attached.set(class);
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
                crate::output::write_stderr(self.io.out(), &note);
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
        if self.context.frames.is_empty() {
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
        self.globals.get(name)
    }

    /// `$name = value`. `$stdout` and `$stderr` take only objects with a
    /// `write` method (MRI's TypeError otherwise); a read-only variable
    /// (`$LOAD_PATH`) takes nothing (NameError).
    pub fn set_global(&mut self, name: Sym, value: Value) -> VmResult<()> {
        if self.globals.is_read_only(name) {
            let message = format!("{} is a read-only variable", self.symbols.name(name));
            let class = self.c.name_error;
            return Err(self.raise_with(class, message, &[("name", Value::symbol(name))]));
        }
        let name = self.globals.resolve(name);
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
        self.globals.set(name, value);
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

    /// `#<Foo:0x000055d5c5a0a0a8>`: Object#to_s (a String's own text).
    pub fn default_to_s(&self, value: Value) -> String {
        if let Some(string) = value.get::<RString>() {
            return String::from_utf8_lossy(&string.bytes()).into_owned();
        }
        let class = self.class_name(self.real_class_of(value));
        format!("#<{class}:0x{:016x}>", value.bits())
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

    /// A profile kind's name: `fixnum`, `bignum`, `flonum`, `heap_float`,
    /// or a class name (a singleton class profiles as the object's class).
    pub fn kind_name(&self, kind: bytecode::profile::Kind) -> String {
        use bytecode::profile::Kind;
        if let Some(name) = bytecode::profile::builtin_kind_name(kind) {
            return name.to_string();
        }
        let Kind::Class(id) = kind else {
            unreachable!("builtin kinds are named above")
        };
        let class = self.classes[id as usize];
        let data = class_data(class);
        match data.superclass {
            Some(superclass) if data.is_singleton => self.class_name(superclass),
            _ => self.class_name(class),
        }
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
                // A recursive call of a split calls the split.
                site.split.borrow_mut().take();
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
