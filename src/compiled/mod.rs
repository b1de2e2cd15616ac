//! Compiled code in the runtime: the runtime's side of the JIT. When to
//! compile, the narrow interface (`jit::runtime::Runtime`) through which
//! the compiler (the `jit` crate) sees methods, profiles, lookups and
//! names, and (in [`helpers`]) entering compiled code, the calls it makes
//! back, its virtual frames and deoptimisation.
//!
//! A method is compiled once its calls reach `--jit-threshold`, or later
//! when compiling it would not pay yet ([`tiering`]). A compilation builds
//! and optimises the
//! graph, then generates machine code ([`jit::backend`]); from then on
//! [`Vm::run_method`] enters the code instead of the interpreter. Compiled
//! code calls back into the runtime through the helpers of [`helpers`],
//! which also holds deoptimisation: a failed guard rebuilds the
//! interpreter's frame and the interpreter finishes the method.
//!
//! Compiled code assumes what the lookups it made answered. Defining a
//! method with a name it looked up (or including a module, which may change
//! any lookup) *invalidates* it: new calls interpret, and activations
//! running it deoptimise at their next poll (after every call). A method
//! invalidated, or whose guards keep failing, is compiled again after
//! another `--jit-threshold` calls, without the speculations that failed
//! (from its third compilation on, without pruning any branch the profile
//! saw go one way); after [`MAX_COMPILATIONS`] it stays interpreted.
//!
//! The JIT builds core operations as IR only while they are the original
//! core methods: [`Intrinsics`] remembers each one's method entry as the
//! VM defined it, and a lookup answers an intrinsic only when it finds that
//! very entry (a redefinition or an `alias` over it is another entry).

use crate::frame_layout::FrameLayout;
use crate::heap::Marker;
use crate::method::{status, CompiledMethod, DirectTarget, LoadedMethod};
use crate::object::{MethodBody, MethodEntry, RBignum, RFloat, RString, Visibility};
use crate::value::Value;
use crate::vm::{class_data, JitRuntime, VirtualFrameList, VirtualFrames, Vm, VmResult};
use bytecode::profile::{builtin_kind_name, BranchProfile, Kind};
use bytecode::{Insn, Method, MethodKind, Sym};
use jit::backend::lir::KindTest;
use jit::ir::{Cmp, MethodRef, ShapeRef};
use jit::runtime::{
    CallTarget, Callee, DirectCall, Helpers, Intrinsic, IvarLine, IvarProfile, NativeCallee,
    Runtime, SendProfile,
};
pub use run_stats::{CalleeCounts, RunStats};
use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;

mod call_blocks;
mod code_space;
mod core_calls;
mod deoptimise;
mod entry;
mod frameless_blocks;
pub mod helpers;
mod run_stats;
mod tiering;
pub mod verify_deopt;
pub mod virtual_blocks;
pub mod virtual_frames;

/// How often one method may be compiled (first time included). Each
/// compilation after a guard kept failing drops that speculation for good
/// (and after [`SPECULATIVE_BRANCH_COMPILATIONS`] no branch is pruned), so
/// a method runs out of them only if it is invalidated again and again,
/// or has very many sites whose kinds change.
pub const MAX_COMPILATIONS: u32 = 10;

/// How many of those compilations prune the sides of branches the
/// profile never saw taken (see `Runtime::prunes_one_way_branches`).
pub const SPECULATIVE_BRANCH_COMPILATIONS: u32 = 2;

/// The most bytes of compiled code kept at once, unless `--jit-code-limit`
/// says (see [`code_space`]).
pub const DEFAULT_CODE_LIMIT: usize = 64 << 20;

/// A guard that fails this often (not counting `--jit-stress-deopt`)
/// makes its method compile again without that speculation.
pub const MAX_GUARD_FAILURES: u32 = 8;

/// How many deoptimised frames may be running (nested) when a loop enters
/// compiled code by on-stack replacement.
const MAX_NESTED_RESUMES: u32 = 64;

/// The JIT's settings, from the command line.
#[derive(Clone, Debug)]
pub struct JitOptions {
    /// Calls after which a method is compiled.
    pub threshold: u64,
    /// Where `--dump-ir` writes graphs.
    pub dump_dir: Option<PathBuf>,
    /// Where `--dump-asm` writes disassembly.
    pub dump_asm: Option<PathBuf>,
    /// `--jit-stress-deopt=SEED`.
    pub stress_seed: Option<u64>,
    /// `--trace-deopt`.
    pub trace_deopt: bool,
    /// `--jit-verify-deopt` (see [`verify_deopt`]).
    pub verify_deopt: bool,
    /// `--stats`: count what compiled code leaves to the runtime by
    /// instruction and callee (hash-table updates on every such call, so
    /// only when they will be printed).
    pub count_steps: bool,
    /// `--inlining-expansion-budget`, `--inlining-budget`.
    pub inlining_budgets: jit::inline_policy::Budgets,
    /// `--trace-inlining`: print each compilation's call tree to stderr.
    pub trace_inlining: bool,
    /// `--jit-code-limit`: the most bytes of code kept at once.
    pub code_limit: usize,
}

/// The JIT's settings and counters for one run.
pub struct JitState {
    pub options: JitOptions,
    pub stats: jit::Stats,
    pub run_stats: RunStats,
    intrinsics: Intrinsics,
    /// Dump file names given out so far (two methods may share a name).
    dump_names: fxhash::FxHashMap<String, u32>,
    /// The code compiled and not freed yet: valid code, and retired code
    /// that activations may still run (see [`code_space`]).
    pub code: Vec<Rc<CompiledMethod>>,
    /// Where compiled code is placed.
    pub arena: jit::backend::CodeArena,
    /// The handle of the next code compiled.
    next_handle: u32,
    /// Where the search for cold code goes on (an index into `code`).
    eviction_hand: usize,
    /// Under `--jit-stress-deopt`: the countdown guards decrement, and the
    /// generator of the next count.
    pub stress_countdown: Option<Box<Cell<u64>>>,
    pub stress_state: u64,
    /// Sends (method, ip) whose speculation failed too often: compiled
    /// again, they stay plain calls.
    pub failed_speculations: fxhash::FxHashSet<(u32, u32)>,
    /// Sends whose bounds guards (of an index into an Array) failed too
    /// often: compiled again, they read without them.
    pub failed_bounds: fxhash::FxHashSet<(u32, u32)>,
    /// Compilations per method.
    compilations: fxhash::FxHashMap<u32, u32>,
}

impl Vm {
    /// Whether `code` itself reads or sets its frame's last match (`$~`,
    /// `$1`, `Regexp.last_match`).
    pub fn reads_last_match(&self, code: &bytecode::Method) -> bool {
        let last_match = self.symbols.lookup("last_match");
        code.insns.iter().any(|insn| {
            matches!(
                insn,
                bytecode::Insn::GetSpecial(_) | bytecode::Insn::SetLastMatch
            )
        }) || code.sites.iter().any(|site| Some(site.name) == last_match)
    }

    /// Whether `method`'s home method (itself, or the method a block is
    /// written in) or any block in it reads or sets the frame's last match.
    /// (Not the methods defined in it: each has a frame of its own.)
    fn family_reads_last_match(&self, method: &LoadedMethod) -> bool {
        fn family(vm: &Vm, method: &LoadedMethod) -> bool {
            vm.reads_last_match(&method.code)
                || method
                    .children
                    .iter()
                    .any(|child| child.code.kind == MethodKind::Block && family(vm, child))
        }
        let mut home = method;
        while home.code.kind == MethodKind::Block {
            let Some(parent) = home.parent.get() else {
                break;
            };
            home = &self.methods[parent as usize];
        }
        family(self, home)
    }
}

/// The core methods the JIT builds as IR, by their original entries.
#[derive(Default)]
pub struct Intrinsics {
    entries: Vec<(Rc<MethodEntry>, Intrinsic)>,
    /// The basic operations of Integer, Float and Array by class and name:
    /// what the core's Ruby code calls whatever the program redefined
    /// (`crate::method::SiteState::core`).
    core_operations: Vec<(Value, Sym, Intrinsic)>,
    /// `Struct#initialize` (built as stores for each Struct class).
    struct_initialize: Option<Rc<MethodEntry>>,
    /// `Kernel#respond_to_missing?` (false for every name).
    respond_to_missing: Option<Rc<MethodEntry>>,
}

impl Intrinsics {
    /// Records the core's own entries (call once the core is defined).
    pub fn record(vm: &mut Vm) -> Intrinsics {
        let mut entries = Vec::new();
        let integer_ops = [
            "+",
            "-",
            "*",
            "/",
            "%",
            "&",
            "|",
            "^",
            "<<",
            ">>",
            "<",
            "<=",
            ">",
            ">=",
            "==",
            "!=",
            "~",
            "-@",
            "<=>",
            "odd?",
            "even?",
            "zero?",
            "abs",
            "magnitude",
        ];
        let float_ops = ["+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!=", "-@"];
        let mut table: Vec<(Value, &str, Intrinsic)> = Vec::new();
        for op in integer_ops {
            let sym = vm.symbols.intern(op);
            table.push((vm.c.integer, op, Intrinsic::FixnumArith(sym)));
        }
        for op in float_ops {
            let sym = vm.symbols.intern(op);
            table.push((vm.c.float, op, Intrinsic::FloatArith(sym)));
        }
        table.push((vm.c.array, "[]", Intrinsic::ArrayIndex));
        table.push((vm.c.array, "[]=", Intrinsic::ArraySet));
        table.push((vm.c.array, "size", Intrinsic::ArraySize));
        table.push((vm.c.array, "length", Intrinsic::ArraySize));
        table.push((vm.c.object, "block_given?", Intrinsic::BlockGiven));
        table.push((vm.c.basic_object, "!", Intrinsic::Not));
        table.push((vm.c.object, "nil?", Intrinsic::IsNil));
        table.push((vm.c.nil, "nil?", Intrinsic::IsNil));
        table.push((vm.c.string, "==", Intrinsic::StringEq));
        table.push((vm.c.string, "===", Intrinsic::StringEq));
        table.push((vm.c.string, "<=>", Intrinsic::StringOrder));
        table.push((vm.c.array, "<<", Intrinsic::ArrayPush));
        table.push((vm.c.array, "push", Intrinsic::ArrayPush));
        table.push((vm.c.array, "empty?", Intrinsic::ArrayEmpty));
        table.push((vm.c.kernel, "is_a?", Intrinsic::KindOf));
        table.push((vm.c.kernel, "kind_of?", Intrinsic::KindOf));
        table.push((vm.c.string, "length", Intrinsic::StringLength));
        table.push((vm.c.string, "size", Intrinsic::StringLength));
        table.push((vm.c.string, "[]", Intrinsic::StringIndex));
        table.push((vm.c.module, "===", Intrinsic::ModuleCaseEq));
        table.push((vm.c.symbol, "===", Intrinsic::SymbolCaseEq));
        table.push((vm.c.integer, "===", Intrinsic::FixnumCaseEq));
        table.push((vm.c.range, "===", Intrinsic::RangeCaseEq));
        table.push((vm.c.basic_object, "equal?", Intrinsic::Identical));
        table.push((vm.c.basic_object, "==", Intrinsic::Identical));
        table.push((vm.c.symbol, "==", Intrinsic::Identical));
        let math_name = vm.symbols.intern("Math");
        if let Some(math) = vm.constant(vm.c.object, math_name) {
            let functions = vm.singleton_class(math);
            table.push((functions, "sqrt", Intrinsic::MathSqrt));
            for function in jit::ir::MathFn::ALL {
                table.push((functions, function.name(), Intrinsic::Math(function)));
            }
        }
        let (to_ary, to_hash) = (vm.symbols.intern("to_ary"), vm.symbols.intern("to_hash"));
        table.push((vm.c.array, "==", Intrinsic::ConvertingEq(to_ary)));
        table.push((vm.c.hash, "==", Intrinsic::ConvertingEq(to_hash)));
        let equal = vm.symbols.intern("==");
        table.push((vm.c.basic_object, "!=", Intrinsic::NotEqual(equal)));
        for name in ["to_i", "to_int", "truncate"] {
            table.push((vm.c.float, name, Intrinsic::FloatToI));
        }
        table.push((vm.c.range, "begin", Intrinsic::RangeBegin));
        table.push((vm.c.range, "end", Intrinsic::RangeEnd));
        table.push((vm.c.range, "exclude_end?", Intrinsic::RangeExcludeEnd));
        table.push((vm.c.kernel, "respond_to?", Intrinsic::RespondTo));
        let mut core_operations = Vec::new();
        for (class, name, intrinsic) in table {
            let sym = vm.symbols.intern(name);
            let basic = if class == vm.c.array {
                crate::method::is_array_op(name)
            } else {
                [vm.c.integer, vm.c.float].contains(&class) && crate::method::is_basic_op(name)
            };
            if basic {
                core_operations.push((class, sym, intrinsic));
            }
            // A number's operators are the class's own: Integer's `!=` is
            // BasicObject's, the negation of whatever `==` is.
            let inherited = |entry: &MethodEntry| {
                [vm.c.integer, vm.c.float].contains(&class) && entry.owner != class
            };
            if let Some(entry) = vm.find_method(class, sym) {
                if matches!(entry.body, MethodBody::Native(_)) && !inherited(&entry) {
                    entries.push((entry, intrinsic));
                }
            }
        }
        // Comparable's operators are Ruby (rb/comparable.rb): on a String
        // they compare bytes.
        let comparisons = [
            ("<", Cmp::Lt),
            ("<=", Cmp::Le),
            (">", Cmp::Gt),
            (">=", Cmp::Ge),
        ];
        for (name, cmp) in comparisons {
            let sym = vm.symbols.intern(name);
            if let Some(entry) = vm.find_method(vm.c.comparable, sym) {
                entries.push((entry, Intrinsic::StringCompare(cmp)));
            }
        }
        let (initialize, structure) = (vm.sym.initialize, vm.symbols.intern("Struct"));
        let struct_initialize = vm
            .constant(vm.c.object, structure)
            .and_then(|structure| vm.find_method(structure, initialize));
        let respond_to_missing = vm.symbols.intern("respond_to_missing?");
        let respond_to_missing = vm.find_method(vm.c.kernel, respond_to_missing);
        Intrinsics {
            entries,
            core_operations,
            struct_initialize,
            respond_to_missing,
        }
    }

    /// The basic operation `name` of instances of `class`, as the core
    /// defines it.
    fn core_operation(&self, class: Value, name: Sym) -> Option<Intrinsic> {
        self.core_operations
            .iter()
            .find(|(c, n, _)| *c == class && *n == name)
            .map(|(_, _, intrinsic)| *intrinsic)
    }

    fn of(&self, entry: &Rc<MethodEntry>) -> Option<Intrinsic> {
        self.entries
            .iter()
            .find(|(original, _)| Rc::ptr_eq(original, entry))
            .map(|(_, intrinsic)| *intrinsic)
    }
}

impl JitState {
    pub fn new(vm: &mut Vm, options: JitOptions) -> JitState {
        if let Some(path) = &options.dump_asm {
            // Each compiled method is appended; start empty.
            let _ = std::fs::write(path, "");
        }
        let stress_state = options
            .stress_seed
            .map_or(0, |seed| seed ^ 0x9e37_79b9_7f4a_7c15);
        let arena = jit::backend::CodeArena::new(options.code_limit);
        let mut state = JitState {
            arena,
            stress_countdown: options.stress_seed.map(|_| Box::new(Cell::new(0))),
            stress_state,
            options,
            stats: jit::Stats::default(),
            run_stats: RunStats::default(),
            intrinsics: Intrinsics::record(vm),
            dump_names: Default::default(),
            code: Vec::new(),
            next_handle: 0,
            eviction_hand: 0,
            failed_speculations: Default::default(),
            failed_bounds: Default::default(),
            compilations: Default::default(),
        };
        state.rearm_stress();
        state
    }

    /// Sets the stress countdown to the next pseudo-random count (1 to 16
    /// guards from now), from the seed: the same run fails the same guards.
    pub fn rearm_stress(&mut self) {
        if let Some(countdown) = &self.stress_countdown {
            // xorshift64*
            let mut x = self.stress_state.max(1);
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            self.stress_state = x;
            countdown.set(1 + (x.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 60));
        }
    }
}

/// The VM holds the state as a [`JitRuntime`] (it lives above the VM).
impl JitRuntime for JitState {
    fn trace(&self, marker: &mut Marker) {
        for code in &self.code {
            marker.mark_all(&code.folded_constants);
        }
    }

    fn virtual_frame_list(&self, frames: &VirtualFrames) -> (Option<u32>, VirtualFrameList) {
        virtual_frames::virtual_frame_list(frames)
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

impl Vm {
    /// The JIT's state, when the JIT is on.
    pub fn jit_state(&self) -> Option<&JitState> {
        let jit = self.jit.as_ref()?;
        Some(jit.state.as_any().downcast_ref().expect("the JIT's state"))
    }

    /// [`Vm::jit_state`], to change.
    pub fn jit_state_mut(&mut self) -> Option<&mut JitState> {
        let jit = self.jit.as_mut()?;
        Some(
            jit.state
                .as_any_mut()
                .downcast_mut()
                .expect("the JIT's state"),
        )
    }
}

impl Vm {
    #[cold]
    fn jit_compile(&mut self, method: &Rc<LoadedMethod>) {
        match self.jit_compile_code(method, None) {
            Some(code) => {
                method.call_target.compiled.set(Rc::as_ptr(&code) as u64);
                method.call_target.code.set(code.code.memory.address());
                *method.compiled.borrow_mut() = Some(code);
                method.jit.set(status::COMPILED);
            }
            None => method.jit.set(status::BAILED_OUT),
        }
    }

    /// Compiles `method` (for on-stack replacement at `osr`: the loop
    /// header and the operands there), or None when it is not compiled.
    fn jit_compile_code(
        &mut self,
        method: &Rc<LoadedMethod>,
        osr: Option<(u32, u32)>,
    ) -> Option<Rc<CompiledMethod>> {
        self.jit_keep_code_under_limit();
        let mut slot = self.jit.take()?;
        let jit = slot
            .state
            .as_any_mut()
            .downcast_mut::<JitState>()
            .expect("the JIT's state");
        let dump = jit
            .options
            .dump_dir
            .clone()
            .filter(|_| !crate::prelude::is_internal(&method.code.file));
        let stem = dump.as_ref().map(|_| {
            let mut name = file_stem(self.symbols.name(method.code.name));
            if let Some(of) = method.split.of {
                name = format!("{name}_split_{}", of.number);
            }
            let count = jit.dump_names.entry(name.clone()).or_default();
            *count += 1;
            if *count == 1 {
                name
            } else {
                format!("{name}_{count}")
            }
        });
        let count = jit.compilations.entry(method.id).or_default();
        *count += 1;
        let compilations = *count;
        if compilations > MAX_COMPILATIONS {
            self.jit = Some(slot);
            return None;
        }
        let handle = jit.next_handle;
        jit.next_handle += 1;
        let invalidated = Box::new(Cell::new(0u8));
        let rt = VmRuntime {
            vm: self,
            intrinsics: &jit.intrinsics,
            failed: &jit.failed_speculations,
            failed_bounds: &jit.failed_bounds,
            looked_up: RefCell::new(Default::default()),
            direct_calls: RefCell::new(Vec::new()),
            assumed_constants: Default::default(),
            folded_constants: Default::default(),
            stress_countdown: jit.stress_countdown.as_ref().map(|c| c.as_ptr() as u64),
            invalidated_flag: invalidated.as_ptr() as u64,
            prunes_branches: compilations <= SPECULATIVE_BRANCH_COMPILATIONS,
        };
        let request = jit::Request {
            method: MethodRef(method.id),
            osr,
            inline: true,
            budgets: jit.options.inlining_budgets,
        };
        let options = jit::driver::Options {
            code_handle: u64::from(handle),
            dump_graphs: stem.is_some(),
            dump_lir: false,
            dump_asm: jit.options.dump_asm.is_some(),
            trace_inlining: jit.options.trace_inlining,
        };
        let started = std::time::Instant::now();
        let output = jit::compile(&rt, request, &options, &jit.arena, &mut jit.stats);
        jit.run_stats.compile_micros += started.elapsed().as_micros() as u64;
        if !output.inlining_trace.is_empty() {
            eprint!("{}", output.inlining_trace);
        }
        if let (Some(dir), Some(stem)) = (&dump, &stem) {
            for (index, graph) in output.graphs.iter().enumerate() {
                let name = format!("{stem}.{index:02}-{}", graph.pass);
                write_dump(dir, &name, graph);
            }
        }
        let assumed_names = rt.looked_up.take();
        let direct_calls = rt.direct_calls.take();
        let (assumed_constants, folded_constants) =
            (rt.assumed_constants.take(), rt.folded_constants.take());
        let compiled = output.code.map(|code| {
            if let (Some(path), Some(listing)) = (&jit.options.dump_asm, &output.listing) {
                let title = self.method_display_name(method);
                let text = format!("== {title} ({} bytes)\n{listing}\n", code.size());
                use std::io::Write;
                if let Ok(mut file) = std::fs::OpenOptions::new().append(true).open(path) {
                    let _ = file.write_all(text.as_bytes());
                }
            }
            jit.run_stats.compiled_methods += 1;
            jit.run_stats.code_bytes += code.size() as u64;
            let failures = (0..code.site_maps.len()).map(|_| Cell::new(0)).collect();
            let compiled = Rc::new(CompiledMethod {
                handle,
                method: method.clone(),
                code,
                invalidated,
                assumed_names,
                failures,
                osr_entry: osr.map(|(ip, _)| ip),
                direct_calls,
                assumed_constants,
                folded_constants,
                reads_last_match: self.family_reads_last_match(method),
            });
            jit.code.push(compiled.clone());
            compiled
        });
        self.jit = Some(slot);
        compiled
    }

    /// Methods were defined, or lookups changed: invalidates the code that
    /// assumed a lookup of `name` (of any name when None).
    pub fn jit_methods_changed(&mut self, name: Option<Sym>) {
        self.jit_invalidate(|code| name.is_none_or(|name| code.assumed_names.contains(&name)));
    }

    /// Constant `name` was assigned: invalidates the code that used its
    /// value.
    pub fn jit_constant_changed(&mut self, name: Sym) {
        self.jit_invalidate(|code| code.assumed_constants.contains(&name));
    }

    /// The method `original` was defined a second time, in another scope
    /// or class: the code compiled for it, its splits and the blocks
    /// written in them, which took the constants and the `super` of its
    /// first definition as known, is stale.
    pub fn jit_method_defined_again(&mut self, original: u32) {
        let homes: Vec<bool> = match self.jit_state() {
            Some(jit) => jit
                .code
                .iter()
                .map(|compiled| {
                    self.methods[self.home_method(compiled.method.id) as usize].origin() == original
                })
                .collect(),
            None => return,
        };
        let mut homes = homes.into_iter();
        self.jit_invalidate(|_| homes.next().unwrap_or(false));
    }

    /// Whether `method`, or the method it is a split of, was defined in
    /// more than one scope or class (see [`LoadedMethod::defined_twice`]).
    pub fn defined_more_than_once(&self, method: &LoadedMethod) -> bool {
        method.defined_twice.get() || self.methods[method.origin() as usize].defined_twice.get()
    }

    /// Retires the code that `assumed` says relied on what changed.
    fn jit_invalidate(&mut self, mut assumed: impl FnMut(&CompiledMethod) -> bool) {
        let Some(jit) = self.jit_state_mut() else {
            return;
        };
        for compiled in &jit.code {
            if assumed(compiled) && compiled.retire() {
                jit.run_stats.invalidations += 1;
            }
        }
    }

    /// A loop of `method` jumped back to `header`: counts it, and once the
    /// loop has run `--jit-threshold` times enters compiled code there
    /// (compiling it first). Returns the method's result when compiled code
    /// finished the frame.
    #[inline]
    pub fn jit_back_edge(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        header: usize,
    ) -> Option<VmResult> {
        let threshold = self.jit.as_ref()?.threshold;
        let count = method.back_edges.get() + 1;
        method.back_edges.set(count);
        // A loop in a deoptimised frame enters compiled code above the code
        // that deoptimised, which stays on the machine stack: a loop that
        // keeps deoptimising would nest without bound.
        if count < threshold || self.context.deopt_resumes() >= MAX_NESTED_RESUMES {
            return None;
        }
        self.jit_osr(method, base, argc, header)
    }

    #[cold]
    fn jit_osr(
        &mut self,
        method: &Rc<LoadedMethod>,
        base: usize,
        argc: usize,
        header: usize,
    ) -> Option<VmResult> {
        let known = method
            .osr
            .borrow()
            .iter()
            .find(|(ip, _)| *ip as usize == header)
            .map(|(_, code)| code.clone());
        let code = match known {
            Some(code) => code?,
            None => {
                let frame_end = FrameLayout::new(base, argc, method.code.locals.len()).operands();
                let depth = (self.context.stack.len() - frame_end) as u32;
                let code = self.jit_compile_code(method, Some((header as u32, depth)));
                method.osr.borrow_mut().push((header as u32, code.clone()));
                code?
            }
        };
        if let Some(jit) = self.jit_state_mut() {
            jit.run_stats.osr_entries += 1;
        }
        // The rest of this call runs unprofiled: its branches are not
        // counted, so neither is the call (see `interpreted_calls`).
        method
            .interpreted_calls
            .set(method.interpreted_calls.get().saturating_sub(1));
        let end = self.context.stack.len();
        let frame = self.context.frames.len() - 1;
        let result = self.enter_compiled(&code, base, argc, end);
        // A transfer that compiled code finished the frame with has been
        // through the frame's handlers (in compiled code, or in the
        // interpreter where it deoptimised): its `ip` becomes one no
        // handler covers. It was the `ip` of the compiled code's last
        // call, and an `ensure` around that call ran a second time in the
        // interpreter as the transfer left.
        if result.is_err() {
            self.context.frames[frame].ip = crate::vm::FrameRecord::FINISHED;
        }
        Some(result)
    }
}

/// A method name as a file name (`block in run` -> `block_in_run`,
/// `<main>` -> `main`, `+` -> `op_2b`).
fn file_stem(name: &str) -> String {
    let trimmed = name.trim_start_matches('<').trim_end_matches('>');
    let mut out = String::new();
    for c in trimmed.chars() {
        match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '_' => out.push(c),
            ' ' | ':' | '<' | '>' => out.push('_'),
            other => out.push_str(&format!("op_{:x}", other as u32)),
        }
    }
    out
}

fn write_dump(dir: &std::path::Path, stem: &str, graph: &jit::driver::GraphDump) {
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(dir.join(format!("{stem}.txt")), &graph.text))
        .and_then(|()| match &graph.dot {
            Some(dot) => std::fs::write(dir.join(format!("{stem}.dot")), dot),
            None => Ok(()),
        })
        .and_then(|()| std::fs::write(dir.join(format!("{stem}.cfg.dot")), &graph.control_dot));
    if written.is_err() {
        eprintln!("rhizome: cannot write {}/{stem}.txt", dir.display());
    }
}

/// The VM as the JIT sees it.
pub struct VmRuntime<'a> {
    pub vm: &'a Vm,
    pub intrinsics: &'a Intrinsics,
    /// Sends whose speculation failed too often.
    pub failed: &'a fxhash::FxHashSet<(u32, u32)>,
    /// Sends whose bounds guards failed too often.
    pub failed_bounds: &'a fxhash::FxHashSet<(u32, u32)>,
    /// The names looked up so far (what the code will assume).
    pub looked_up: RefCell<fxhash::FxHashSet<Sym>>,
    /// The methods direct calls were made to, by handle.
    pub direct_calls: RefCell<Vec<DirectTarget>>,
    /// The constants folded, by name, and their values.
    pub assumed_constants: RefCell<fxhash::FxHashSet<Sym>>,
    pub folded_constants: RefCell<Vec<Value>>,
    pub stress_countdown: Option<u64>,
    pub invalidated_flag: u64,
    /// See [`Runtime::prunes_one_way_branches`]: while the method being
    /// compiled has been compiled fewer than
    /// [`SPECULATIVE_BRANCH_COMPILATIONS`] times.
    pub prunes_branches: bool,
}

impl VmRuntime<'_> {
    fn method(&self, method: MethodRef) -> &Rc<LoadedMethod> {
        &self.vm.methods[method.0 as usize]
    }

    fn class_of_kind(&self, kind: Kind) -> Value {
        match kind {
            Kind::Fixnum | Kind::Bignum => self.vm.c.integer,
            Kind::Flonum | Kind::HeapFloat => self.vm.c.float,
            Kind::Class(id) => self.vm.classes[id as usize],
        }
    }

    /// The method a send with call flags `flags` calls on receivers of
    /// `kind`: none when there is none, or when it is private or protected
    /// and the send has an explicit receiver (the interpreter's send
    /// raises, or calls `method_missing`; a protected method called on
    /// another object is left to it too).
    fn callable(&self, kind: Kind, name: Sym, flags: u16) -> Option<Rc<MethodEntry>> {
        self.looked_up.borrow_mut().insert(name);
        let entry = self.vm.find_method(self.class_of_kind(kind), name)?;
        let fcall = flags & bytecode::call_flags::FCALL != 0;
        (fcall || entry.visibility == Visibility::Public).then_some(entry)
    }

    /// The intrinsic `pattern`'s `===` is, if any (the lookup is assumed:
    /// defining `===` invalidates the code).
    fn case_eq_of(&self, pattern: Value) -> Option<Intrinsic> {
        let case_eq = self.vm.symbols.lookup("===")?;
        self.looked_up.borrow_mut().insert(case_eq);
        let entry = self.vm.find_method(self.vm.class_of(pattern), case_eq)?;
        self.intrinsics.of(&entry)
    }

    /// Whether receivers of `kind` are Strings whose `<=>` is `String#<=>`.
    fn orders_strings(&self, kind: Kind) -> bool {
        let order = self.vm.symbols.lookup("<=>");
        kind == Kind::Class(class_data(self.vm.c.string).id)
            && order
                .and_then(|order| self.callable(kind, order, 0))
                .is_some_and(|entry| self.intrinsics.of(&entry) == Some(Intrinsic::StringOrder))
    }

    /// The stores `Struct#initialize` makes on a new instance of `kind`, a
    /// Struct class with positional members, each with the shape it moves
    /// the instance to: None when an instance never made one of those
    /// moves yet (compiled code moves objects only along transitions the
    /// runtime made).
    fn struct_member_stores(&self, kind: Kind) -> Option<Vec<IvarLine>> {
        let Kind::Class(_) = kind else {
            return None;
        };
        let members = crate::core::structs::positional_members(self.class_of_kind(kind))?;
        let mut shape = crate::shape::ShapeId::ROOT;
        let mut stores = Vec::with_capacity(members.len());
        for (slot, &name) in members.iter().enumerate() {
            let next = self.vm.shapes.existing_transition(shape, name)?;
            stores.push(IvarLine {
                shape: ShapeRef(shape.0),
                slot: slot as u32,
                next: ShapeRef(next.0),
                class: kind,
            });
            shape = next;
        }
        Some(stores)
    }

    fn ivar_profile_of(&self, cache: &crate::inline_cache::IvarCache) -> IvarProfile {
        IvarProfile {
            lines: cache
                .lines()
                .map(|line| IvarLine {
                    shape: ShapeRef(line.shape.0),
                    slot: line.slot,
                    next: ShapeRef(line.next.0),
                    class: Kind::Class(class_data(line.class).id),
                })
                .collect(),
            megamorphic: cache.is_megamorphic(),
        }
    }

    /// [`Runtime::direct_call`] of method `entry` (found for `name`, on
    /// receivers of `kind` when known).
    fn direct_call_to(
        &self,
        entry: Rc<MethodEntry>,
        kind: Option<Kind>,
        name: Sym,
        argc: u32,
        flags: u16,
    ) -> Option<DirectCall> {
        let forwards_block = flags & bytecode::call_flags::BLOCK_FORWARD != 0;
        let core = matches!(entry.body, MethodBody::Native(_));
        let native = match &entry.body {
            MethodBody::Bytecode(callee) => {
                let code = &callee.code;
                // A call with literal keywords passes the callee's slots
                // as the runtime lays them out (`keyword_arguments`).
                let simple = if flags & bytecode::call_flags::KEYWORD_OPERANDS != 0 {
                    code.takes_laid_out(argc)
                } else {
                    code.takes_as_given(argc)
                };
                if !simple {
                    return None;
                }
                // A native call's frame is pushed only if needed (a method
                // whose blocks capture its locals makes its environment
                // without it, see `helpers::frame_env`).
                Some(NativeCallee {
                    target: &callee.call_target as *const CallTarget as u64,
                    entry: Rc::as_ptr(&entry) as u64,
                    forwards_block,
                })
            }
            // A core method taking that many arguments: the runtime calls
            // its function without the send's lookup. (Not a numeric
            // operator on a Float: the interpreter's send runs those
            // without a frame, and so must the call. On an Integer it runs
            // one without a frame only when both operands are fixnums, and
            // the core method is pure on those: `call_core` runs it without
            // a frame too.)
            MethodBody::Native(core)
                if !(kind.is_none_or(|kind| matches!(kind, Kind::Flonum | Kind::HeapFloat))
                    && crate::method::is_basic_op(self.vm.symbols.name(name)))
                    && u32::from(core.min) <= argc
                    && core.max.is_none_or(|max| argc <= u32::from(max)) =>
            {
                None
            }
            _ => return None,
        };
        let mut calls = self.direct_calls.borrow_mut();
        let known = calls.iter().position(|t| {
            Rc::ptr_eq(&t.entry, &entry) && t.name == name && t.forwards_block == forwards_block
        });
        let handle = match known {
            Some(handle) => handle,
            None => {
                calls.push(DirectTarget {
                    entry,
                    name,
                    forwards_block,
                });
                calls.len() - 1
            }
        };
        Some(DirectCall {
            handle: handle as u32,
            native,
            core,
        })
    }
}

impl Runtime for VmRuntime<'_> {
    fn code(&self, method: MethodRef) -> Rc<Method> {
        self.method(method).code.clone()
    }

    fn reads_last_match(&self, method: MethodRef) -> bool {
        self.vm.reads_last_match(&self.method(method).code)
    }

    fn child(&self, method: MethodRef, index: u32) -> MethodRef {
        MethodRef(self.method(method).children[index as usize].id)
    }

    fn calls(&self, method: MethodRef) -> u64 {
        self.method(method).interpreted_calls.get()
    }

    fn send_profile(&self, method: MethodRef, site: u32) -> SendProfile {
        let state = &self.method(method).sites[site as usize];
        SendProfile {
            receiver: state.receiver.snapshot(),
            args: state.args.iter().map(|a| a.snapshot()).collect(),
            megamorphic: state.cache.borrow().is_megamorphic(),
            split_pending: self.vm.split_pending(self.method(method), site as usize),
        }
    }

    fn branch_profile(&self, method: MethodRef, index: u16) -> BranchProfile {
        self.method(method).branches[index as usize].get()
    }

    fn ivar_profile(&self, method: MethodRef, site: u32) -> IvarProfile {
        self.ivar_profile_of(&self.method(method).ivar_caches[site as usize])
    }

    fn literal(&self, method: MethodRef, index: u32) -> Option<u64> {
        let value = self.method(method).literals[index as usize];
        (value != Value::UNDEF).then(|| value.bits())
    }

    fn lookup(&self, caller: MethodRef, kind: Kind, name: Sym, flags: u16) -> Option<Callee> {
        if crate::prelude::is_internal(&self.method(caller).code.file) {
            if let Some(intrinsic) = self
                .intrinsics
                .core_operation(self.class_of_kind(kind), name)
            {
                return Some(Callee::Intrinsic(intrinsic));
            }
        }
        let entry = self.callable(kind, name, flags)?;
        Some(match &entry.body {
            MethodBody::Bytecode(method) => match self.intrinsics.of(&entry) {
                Some(Intrinsic::StringCompare(cmp)) if self.orders_strings(kind) => {
                    Callee::Intrinsic(Intrinsic::StringCompare(cmp))
                }
                _ => Callee::Bytecode(MethodRef(method.id)),
            },
            MethodBody::AttrReader(accessor) => Callee::AttrReader {
                ivar: accessor.ivar(),
                profile: self.ivar_profile_of(&accessor.cache),
            },
            MethodBody::AttrWriter(accessor) => Callee::AttrWriter {
                ivar: accessor.ivar(),
                profile: self.ivar_profile_of(&accessor.cache),
            },
            MethodBody::Native(native) if native.constructs => {
                Callee::Intrinsic(Intrinsic::ClassNew)
            }
            MethodBody::Native(_)
                if self
                    .intrinsics
                    .struct_initialize
                    .as_ref()
                    .is_some_and(|original| Rc::ptr_eq(original, &entry)) =>
            {
                match self.struct_member_stores(kind) {
                    Some(members) => Callee::StructInitialize { members },
                    None => Callee::Other,
                }
            }
            MethodBody::Native(_) => match self.intrinsics.of(&entry) {
                Some(intrinsic) => Callee::Intrinsic(intrinsic),
                None => Callee::Other,
            },
            MethodBody::Block(_) => Callee::Other,
            MethodBody::Undefined => return None,
        })
    }

    fn split_at(&self, caller: MethodRef, site: u32, callee: MethodRef) -> MethodRef {
        MethodRef(
            self.vm
                .split_for_jit(self.method(caller), site as usize, callee.0),
        )
    }

    fn speculation_failed(&self, method: MethodRef, ip: u32) -> bool {
        self.failed.contains(&(method.0, ip))
    }

    fn bounds_failed(&self, method: MethodRef, ip: u32) -> bool {
        self.failed_bounds.contains(&(method.0, ip))
    }

    fn prunes_one_way_branches(&self) -> bool {
        self.prunes_branches
    }

    fn constant(&self, method: MethodRef, name: Sym) -> Option<u64> {
        // A block looks constants up in the scope of the method it is
        // written in (`class_eval` does not change that).
        let home = &self.vm.methods[self.vm.home_method(method.0) as usize];
        let scoped = matches!(home.code.kind, MethodKind::Method | MethodKind::TopLevel);
        if !scoped || self.vm.defined_more_than_once(home) {
            return None;
        }
        let (cref, _) = home.defined_in.borrow().clone()?;
        let value = self.vm.lookup_constant(&cref, name)?;
        self.assumed_constants.borrow_mut().insert(name);
        self.folded_constants.borrow_mut().push(value);
        Some(value.bits())
    }

    fn scoped_constant(&self, scope: u64, name: Sym) -> Option<u64> {
        let scope = Value::from_bits(scope);
        scope.get::<crate::object::RClass>()?;
        let value = self.vm.constant_in_scope(scope, name)?;
        self.assumed_constants.borrow_mut().insert(name);
        self.folded_constants.borrow_mut().push(value);
        Some(value.bits())
    }

    fn call_target(&self, method: MethodRef) -> u64 {
        &self.vm.methods[method.0 as usize].call_target as *const CallTarget as u64
    }

    fn direct_call(
        &self,
        caller: MethodRef,
        site: u32,
        kind: Kind,
        name: Sym,
        argc: u32,
        flags: u16,
    ) -> Option<DirectCall> {
        let internal = crate::prelude::is_internal(&self.method(caller).code.file);
        let class = self.class_of_kind(kind);
        if internal && self.intrinsics.core_operation(class, name).is_some() {
            return None;
        }
        let entry = self.callable(kind, name, flags)?;
        let state = &self.method(caller).sites[site as usize];
        let entry = state.split_for(&entry).unwrap_or(entry);
        self.direct_call_to(entry, Some(kind), name, argc, flags)
    }

    fn super_call(&self, caller: MethodRef, argc: u32, flags: u16) -> Option<DirectCall> {
        let method = self.method(caller);
        if method.code.kind != MethodKind::Method || self.vm.defined_more_than_once(method) {
            return None;
        }
        let (_, owner) = method.defined_in.borrow().clone()?;
        let data = class_data(owner);
        if data.is_module || data.is_singleton {
            // What follows a module among the receiver's ancestors depends
            // on where it is included.
            return None;
        }
        let name = method.code.name;
        self.looked_up.borrow_mut().insert(name);
        let entry = self.vm.find_super_method(owner, owner, name)?;
        self.direct_call_to(entry, None, name, argc, flags)
    }

    fn is_module(&self, value: u64) -> bool {
        Value::from_bits(value)
            .get::<crate::object::RClass>()
            .is_some()
    }

    fn plain_construction(&self, class: u64) -> Option<(Kind, Sym)> {
        let class = Value::from_bits(class);
        let is_class = class.get::<crate::object::RClass>().is_some_and(|_| {
            let data = class_data(class);
            !data.is_module && !data.is_singleton
        });
        if !is_class || !crate::core::module::allocates_plain_objects(self.vm, class) {
            return None;
        }
        Some((Kind::Class(class_data(class).id), self.vm.sym.initialize))
    }

    fn case_tests_kind(&self, pattern: u64) -> bool {
        let pattern = Value::from_bits(pattern);
        pattern.get::<crate::object::RClass>().is_some()
            && self.case_eq_of(pattern) == Some(Intrinsic::ModuleCaseEq)
    }

    fn case_tests_identity(&self, pattern: u64) -> bool {
        let pattern = Value::from_bits(pattern);
        pattern.as_symbol().is_some() && self.case_eq_of(pattern) == Some(Intrinsic::SymbolCaseEq)
    }

    fn case_tests_fixnum(&self, pattern: u64) -> bool {
        let pattern = Value::from_bits(pattern);
        pattern.is_fixnum() && self.case_eq_of(pattern) == Some(Intrinsic::FixnumCaseEq)
    }

    fn sole_value(&self, kind: Kind) -> Option<u64> {
        let Kind::Class(_) = kind else {
            return None;
        };
        let attached = class_data(self.class_of_kind(kind)).attached.get();
        (!attached.is_nil()).then(|| attached.bits())
    }

    fn responds_to(&self, kind: Kind, name: u64) -> Option<bool> {
        // As `Kernel#respond_to?` answers (see core::reflection).
        let name = Value::from_bits(name).as_symbol()?;
        let class = self.class_of_kind(kind);
        let mut looked_up = self.looked_up.borrow_mut();
        looked_up.insert(name);
        if let Some(entry) = self.vm.find_method(class, name) {
            return Some(entry.visibility == Visibility::Public);
        }
        let missing = self.vm.symbols.lookup("respond_to_missing?")?;
        looked_up.insert(missing);
        let entry = self.vm.find_method(class, missing)?;
        let default = self.intrinsics.respond_to_missing.as_ref();
        default
            .is_some_and(|default| Rc::ptr_eq(default, &entry))
            .then_some(false)
    }

    fn range_part_ivar(&self, part: &Intrinsic) -> Option<(Sym, IvarProfile)> {
        let names = [
            self.vm.sym.range_begin,
            self.vm.sym.range_end,
            self.vm.sym.range_exclusive,
        ];
        let name = match part {
            Intrinsic::RangeBegin => names[0],
            Intrinsic::RangeEnd => names[1],
            Intrinsic::RangeExcludeEnd => names[2],
            _ => return None,
        };
        let mut shape = crate::shape::ShapeId::ROOT;
        for variable in names {
            shape = self.vm.shapes.existing_transition(shape, variable)?;
        }
        let line = IvarLine {
            shape: ShapeRef(shape.0),
            slot: self.vm.shapes.slot(shape, name)?,
            next: ShapeRef(shape.0),
            class: Kind::Class(class_data(self.vm.c.range).id),
        };
        let profile = IvarProfile {
            lines: vec![line],
            megamorphic: false,
        };
        Some((name, profile))
    }

    fn case_fixnum_range(&self, pattern: u64) -> Option<(Option<i64>, Option<i64>)> {
        let pattern = Value::from_bits(pattern);
        if self.vm.class_of(pattern) != self.vm.c.range
            || self.case_eq_of(pattern) != Some(Intrinsic::RangeCaseEq)
        {
            return None;
        }
        let (first, last, exclusive) = self.vm.range_parts(pattern);
        let bound = |end: Value| match end.as_fixnum() {
            Some(n) => Some(Some(n)),
            None => end.is_nil().then_some(None),
        };
        let (low, high) = (bound(first)?, bound(last)?);
        let high = if exclusive { high.map(|n| n - 1) } else { high };
        (low.is_some() || high.is_some()).then_some((low, high))
    }

    fn case_tests_string(&self, pattern: u64) -> bool {
        let pattern = Value::from_bits(pattern);
        pattern.get::<RString>().is_some() && self.case_eq_of(pattern) == Some(Intrinsic::StringEq)
    }

    fn case_tables_decide(&self) -> bool {
        self.looked_up.borrow_mut().insert(self.vm.sym.case_eq);
        self.vm.case_tables_decide()
    }

    fn string_kind(&self) -> Kind {
        Kind::Class(class_data(self.vm.c.string).id)
    }

    fn array_kind(&self) -> Kind {
        Kind::Class(class_data(self.vm.c.array).id)
    }

    fn array_extremum_is_core(&self, max: bool) -> bool {
        let (name, core) = if max {
            (self.vm.sym.max, &self.vm.array_max)
        } else {
            (self.vm.sym.min, &self.vm.array_min)
        };
        let found = self.callable(self.array_kind(), name, 0);
        matches!((found, core), (Some(found), Some(core)) if Rc::ptr_eq(&found, core))
    }

    fn allocates_array(&self, receiver: u64, name: Sym) -> bool {
        let array = self.vm.c.array;
        if Value::from_bits(receiver) != array {
            return false;
        }
        let new = self.callable(self.vm.kind_of(array), name, 0);
        let is_class_new =
            new.is_some_and(|new| matches!(&new.body, MethodBody::Native(core) if core.constructs));
        let fcall = bytecode::call_flags::FCALL;
        let initialize = self.callable(self.array_kind(), self.vm.sym.initialize, fcall);
        let core = &self.vm.array_initialize;
        is_class_new
            && matches!((initialize, core), (Some(found), Some(core)) if Rc::ptr_eq(&found, core))
    }

    fn kind_test(&self, kind: Kind) -> KindTest {
        use crate::heap::ObjKind;
        let heap_kind = |kind: ObjKind| KindTest::Heap {
            offset: crate::heap::Header::KIND_OFFSET,
            word: kind as u64,
            byte: true,
        };
        match kind {
            Kind::Fixnum => KindTest::Fixnum,
            Kind::Flonum => KindTest::Flonum,
            Kind::Bignum => heap_kind(ObjKind::Bignum),
            Kind::HeapFloat => heap_kind(ObjKind::Float),
            Kind::Class(_) => {
                let class = self.class_of_kind(kind);
                let c = &self.vm.c;
                if class == c.nil {
                    KindTest::Immediate(Value::NIL.bits())
                } else if class == c.true_class {
                    KindTest::Immediate(Value::TRUE.bits())
                } else if class == c.false_class {
                    KindTest::Immediate(Value::FALSE.bits())
                } else if class == c.symbol {
                    KindTest::StaticSymbol
                } else if class == c.integer || class == c.float {
                    // Their values are told apart by the kinds above.
                    KindTest::Never
                } else {
                    KindTest::Heap {
                        offset: crate::heap::Header::CLASS_OFFSET,
                        word: class.bits(),
                        byte: false,
                    }
                }
            }
        }
    }

    fn object_layout(&self) -> jit::runtime::ObjectLayout {
        use crate::heap::ObjKind;
        jit::runtime::ObjectLayout {
            shaped: KindTest::Heap {
                offset: crate::heap::Header::KIND_OFFSET,
                word: ObjKind::Object as u64,
                byte: true,
            },
            shape_offset: crate::object::RObject::SHAPE_OFFSET,
            slots_offset: crate::object::RObject::EMBEDDED_OFFSET,
            embedded_slots: crate::object::RObject::EMBEDDED_SLOTS as u32,
            overflow_offset: crate::object::RObject::OVERFLOW_OFFSET,
            len_offset: crate::object::RObject::LEN_OFFSET,
            frozen_offset: crate::heap::Header::FLAGS_WORD_OFFSET,
            frozen_mask: crate::heap::Header::FROZEN_MASK,
        }
    }

    fn array_layout(&self) -> jit::runtime::ArrayLayout {
        let (elements_offset, length_offset) = crate::object::RArray::elements_and_length_offsets();
        jit::runtime::ArrayLayout {
            elements_offset,
            length_offset,
        }
    }

    fn helpers(&self) -> Helpers {
        helpers::table()
    }

    fn stress_countdown(&self) -> Option<u64> {
        self.stress_countdown
    }

    fn invalidated_flag(&self) -> u64 {
        self.invalidated_flag
    }

    fn symbol_name(&self, sym: Sym) -> String {
        self.vm.symbols.name(sym).to_string()
    }

    fn kind_name(&self, kind: Kind) -> String {
        match builtin_kind_name(kind) {
            Some(name) => name.to_string(),
            None => self.vm.kind_name(kind),
        }
    }

    fn method_name(&self, method: MethodRef) -> String {
        self.vm.method_display_name(self.method(method))
    }

    fn inspect_heap(&self, bits: u64) -> String {
        let value = Value::from_bits(bits);
        if let Some(float) = value.get::<RFloat>() {
            return format!("{:?}", float.value);
        }
        if let Some(big) = value.get::<RBignum>() {
            return big.value.to_string();
        }
        if let Some(string) = value.get::<RString>() {
            return format!("{:?}", String::from_utf8_lossy(&string.bytes()));
        }
        format!("#<{}>", self.vm.class_name(self.vm.class_of(value)))
    }

    fn insn_text(&self, method: MethodRef, insn: &Insn) -> String {
        let code = &self.method(method).code;
        let operands = code.operand_text(insn, &self.vm.symbols);
        let mut text = insn.mnemonic().to_string();
        for word in operands.split_whitespace() {
            text.push(' ');
            text.push_str(word);
        }
        text
    }
}

/// Runs `source` as the file `test.rb` with the JIT off (so the profiles
/// fill) and returns the VM with its method `name`.
fn run_snippet(source: &str, name: &str) -> (Box<Vm>, Rc<LoadedMethod>) {
    let mut vm = Vm::new(crate::vm::VmOptions::default());
    let code = bytecode::compile_file(source.as_bytes(), "test.rb", &mut vm.symbols)
        .unwrap_or_else(|error| panic!("{}", error.report));
    vm.set_program("test.rb", &[]);
    let main = vm.load(Rc::new(code));
    if let Err(control) = vm.run_main(main) {
        let exception = vm.uncaught(control);
        panic!("the snippet raised: {}", vm.error_report(exception));
    }
    vm.io.out().flush();
    let method = vm
        .methods
        .iter()
        .rev()
        .find(|m| m.code.file.as_ref() == "test.rb" && vm.symbols.name(m.code.name) == name)
        .unwrap_or_else(|| panic!("no method {name} in the snippet"))
        .clone();
    (vm, method)
}

/// Runs `source` (see `run_snippet`), then compiles its method `name` and
/// returns the graph as printed after each pass that changed it: what the
/// IR snapshot tests compare.
pub fn graphs_after_run(source: &str, name: &str) -> Vec<(String, String)> {
    // A bail-out still shows the passes that ran.
    compile_after_run(source, name, |options| options.dump_graphs = true)
        .graphs
        .into_iter()
        .map(|graph| (graph.pass.to_string(), graph.text))
        .collect()
}

/// Runs `source` (see `run_snippet`), compiles its method `name` and
/// returns its LIR as lowered (or why the back end gave up): what the
/// back end's snapshot tests compare.
pub fn lir_after_run(source: &str, name: &str) -> String {
    let output = compile_after_run(source, name, |options| options.dump_lir = true);
    output
        .lir
        .unwrap_or_else(|| panic!("{name} was not compiled"))
}

/// Runs `source` (see `run_snippet`) and compiles its method `name` with
/// the options `choose` sets.
fn compile_after_run(
    source: &str,
    name: &str,
    choose: impl FnOnce(&mut jit::driver::Options),
) -> jit::driver::Output {
    let (mut vm, method) = run_snippet(source, name);
    let intrinsics = Intrinsics::record(&mut vm);
    let failed = Default::default();
    let rt = VmRuntime::for_tests(&vm, &intrinsics, &failed);
    let mut options = jit::driver::Options::default();
    choose(&mut options);
    let request = jit::Request::method(MethodRef(method.id));
    let arena = jit::backend::CodeArena::new(DEFAULT_CODE_LIMIT);
    jit::compile(&rt, request, &options, &arena, &mut jit::Stats::default())
}

impl<'a> VmRuntime<'a> {
    fn for_tests(
        vm: &'a Vm,
        intrinsics: &'a Intrinsics,
        failed: &'a fxhash::FxHashSet<(u32, u32)>,
    ) -> VmRuntime<'a> {
        VmRuntime {
            vm,
            intrinsics,
            failed,
            failed_bounds: failed,
            looked_up: Default::default(),
            direct_calls: Default::default(),
            assumed_constants: Default::default(),
            folded_constants: Default::default(),
            stress_countdown: None,
            invalidated_flag: 0,
            prunes_branches: true,
        }
    }
}
