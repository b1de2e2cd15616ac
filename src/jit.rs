//! The runtime's side of the JIT: when to compile, and the narrow interface
//! (`jit::runtime::Runtime`) through which the compiler sees methods,
//! profiles, lookups and names.
//!
//! A method is compiled once its calls reach `--jit-threshold` (checked as
//! it returns, so its profile holds at least one run; a threshold of 0
//! compiles before the first call). Code generation is the JIT's next
//! stage: for now a compilation builds and optimises the graph, counts
//! what it did (`--stats`) and writes the graphs out (`--dump-ir`); the
//! interpreter keeps running the method.
//!
//! The JIT builds core operations as IR only while they are the original
//! core methods: [`Intrinsics`] remembers each one's method entry as the
//! VM defined it, and a lookup answers an intrinsic only when it finds that
//! very entry (a redefinition or an `alias` over it is another entry).

use crate::interp::LoadedMethod;
use crate::object::{MethodBody, MethodEntry, RBignum, RFloat, RString};
use crate::value::Value;
use crate::vm::{class_data, Vm};
use bytecode::profile::{builtin_kind_name, BranchProfile, Kind};
use bytecode::{Insn, Method, Sym};
use jit::ir::{MethodRef, ShapeRef};
use jit::runtime::{Callee, Intrinsic, IvarLine, IvarProfile, Runtime, SendProfile};
use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;

/// The JIT's settings and counters for one run.
pub struct JitState {
    /// Calls after which a method is compiled.
    pub threshold: u64,
    /// Where `--dump-ir` writes graphs.
    pub dump_dir: Option<PathBuf>,
    pub stats: jit::Stats,
    intrinsics: Intrinsics,
    /// Dump file names given out so far (two methods may share a name).
    dump_names: fxhash::FxHashMap<String, u32>,
}

/// Whether a method was compiled yet (`LoadedMethod::jit`).
pub mod status {
    pub const NOT_YET: u8 = 0;
    pub const COMPILED: u8 = 1;
    pub const BAILED_OUT: u8 = 2;
}

/// The core methods the JIT builds as IR, by their original entries.
#[derive(Default)]
pub struct Intrinsics {
    entries: Vec<(Rc<MethodEntry>, Intrinsic)>,
}

impl Intrinsics {
    /// Records the core's own entries (call once the core is defined).
    pub fn record(vm: &mut Vm) -> Intrinsics {
        let mut entries = Vec::new();
        let integer_ops = [
            "+", "-", "*", "/", "%", "&", "|", "^", "<", "<=", ">", ">=", "==", "!=",
        ];
        let float_ops = ["+", "-", "*", "/", "<", "<=", ">", ">=", "==", "!="];
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
        for (class, name, intrinsic) in table {
            let sym = vm.symbols.intern(name);
            if let Some(entry) = vm.find_method(class, sym) {
                if matches!(entry.body, MethodBody::Native(_)) {
                    entries.push((entry, intrinsic));
                }
            }
        }
        Intrinsics { entries }
    }

    fn of(&self, entry: &Rc<MethodEntry>) -> Option<Intrinsic> {
        self.entries
            .iter()
            .find(|(original, _)| Rc::ptr_eq(original, entry))
            .map(|(_, intrinsic)| *intrinsic)
    }
}

impl JitState {
    pub fn new(vm: &mut Vm, threshold: u64, dump_dir: Option<PathBuf>) -> JitState {
        JitState {
            threshold,
            dump_dir,
            stats: jit::Stats::default(),
            intrinsics: Intrinsics::record(vm),
            dump_names: Default::default(),
        }
    }
}

impl Vm {
    /// Called as a method starts running (after its call was counted).
    #[inline]
    pub fn jit_entering(&mut self, method: &Rc<LoadedMethod>) {
        if let Some(jit) = &self.jit {
            if jit.threshold == 0 && method.jit.get() == status::NOT_YET {
                self.jit_compile(method);
            }
        }
    }

    /// Called as a method's run ends (returned or raised).
    #[inline]
    pub fn jit_leaving(&mut self, method: &Rc<LoadedMethod>) {
        if let Some(jit) = &self.jit {
            if method.jit.get() == status::NOT_YET && method.calls.get() >= jit.threshold {
                self.jit_compile(method);
            }
        }
    }

    #[cold]
    fn jit_compile(&mut self, method: &Rc<LoadedMethod>) {
        let Some(mut jit) = self.jit.take() else {
            return;
        };
        let dump = jit
            .dump_dir
            .clone()
            .filter(|_| !crate::prelude::is_internal(&method.code.file));
        let stem = dump.as_ref().map(|_| {
            let name = file_stem(self.symbols.name(method.code.name));
            let count = jit.dump_names.entry(name.clone()).or_default();
            *count += 1;
            if *count == 1 {
                name
            } else {
                format!("{name}_{count}")
            }
        });
        let result = {
            let rt = VmRuntime {
                vm: self,
                intrinsics: &jit.intrinsics,
            };
            let mut index = 0;
            let mut observe = |pass: &str, graph: &jit::ir::Graph| {
                if let (Some(dir), Some(stem)) = (&dump, &stem) {
                    let title = format!("{} {pass}", rt.method_name(graph.method));
                    let text = jit::ir::print::print(graph, &rt);
                    let dot = jit::ir::dot::dot(graph, &title, &rt);
                    write_dump(dir, &format!("{stem}.{index:02}-{pass}"), &text, &dot);
                    index += 1;
                }
            };
            jit::compile(&rt, MethodRef(method.id), &mut jit.stats, &mut observe)
        };
        method.jit.set(match result {
            Ok(_) => status::COMPILED,
            Err(_) => status::BAILED_OUT,
        });
        self.jit = Some(jit);
    }

    /// The `--stats` report.
    pub fn stats_report(&self) -> String {
        let mut out = String::new();
        let mut line = |key: &str, value: u64| out.push_str(&format!("{key} {value}\n"));
        if let Some(jit) = &self.jit {
            let stats = &jit.stats;
            line("jit.compiled_methods", stats.compiled);
            let mut bailouts: Vec<_> = stats.bailouts.iter().collect();
            bailouts.sort();
            for (reason, count) in bailouts {
                line(&format!("jit.bailout.{}", reason.replace(' ', "_")), *count);
            }
            let mut inlining: Vec<_> = stats.inlining.iter().collect();
            inlining.sort();
            for (decision, count) in inlining {
                line(
                    &format!("jit.inlining.{}", decision.replace(' ', "_")),
                    *count,
                );
            }
            line("jit.graph_nodes", stats.nodes);
            line("jit.guards", stats.guards);
            line("jit.deopt_maps", stats.deopt_maps);
        }
        line("gc.runs", self.heap.stats.collections);
        out
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

fn write_dump(dir: &std::path::Path, stem: &str, text: &str, dot: &str) {
    let written = std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(dir.join(format!("{stem}.txt")), text))
        .and_then(|()| std::fs::write(dir.join(format!("{stem}.dot")), dot));
    if written.is_err() {
        eprintln!("rhizome: cannot write {}/{stem}.txt", dir.display());
    }
}

/// The VM as the JIT sees it.
pub struct VmRuntime<'a> {
    pub vm: &'a Vm,
    pub intrinsics: &'a Intrinsics,
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

    fn ivar_profile_of(&self, cache: &RefCell<crate::inline_cache::IvarCache>) -> IvarProfile {
        let cache = cache.borrow();
        IvarProfile {
            lines: cache
                .lines()
                .iter()
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
}

impl Runtime for VmRuntime<'_> {
    fn code(&self, method: MethodRef) -> Rc<Method> {
        self.method(method).code.clone()
    }

    fn child(&self, method: MethodRef, index: u32) -> MethodRef {
        MethodRef(self.method(method).children[index as usize].id)
    }

    fn calls(&self, method: MethodRef) -> u64 {
        self.method(method).calls.get()
    }

    fn send_profile(&self, method: MethodRef, site: u32) -> SendProfile {
        let state = &self.method(method).sites[site as usize];
        SendProfile {
            receiver: state.receiver.snapshot(),
            args: state.args.iter().map(|a| a.snapshot()).collect(),
            megamorphic: state.cache.borrow().is_megamorphic(),
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

    fn lookup(&self, kind: Kind, name: Sym) -> Option<Callee> {
        let class = self.class_of_kind(kind);
        let entry = self.vm.find_method(class, name)?;
        Some(match &entry.body {
            MethodBody::Bytecode(method) => Callee::Bytecode(MethodRef(method.id)),
            MethodBody::AttrReader(accessor) => Callee::AttrReader {
                ivar: accessor.ivar,
                profile: self.ivar_profile_of(&accessor.cache),
            },
            MethodBody::AttrWriter(accessor) => Callee::AttrWriter {
                ivar: accessor.ivar,
                profile: self.ivar_profile_of(&accessor.cache),
            },
            MethodBody::Native(_) => match self.intrinsics.of(&entry) {
                Some(intrinsic) => Callee::Intrinsic(intrinsic),
                None => Callee::Other,
            },
            MethodBody::Block(_) => Callee::Other,
            MethodBody::Undefined => return None,
        })
    }

    fn symbol_name(&self, sym: Sym) -> String {
        self.vm.symbols.name(sym).to_string()
    }

    fn kind_name(&self, kind: Kind) -> String {
        match builtin_kind_name(kind) {
            Some(name) => name.to_string(),
            None => crate::profile_dump::kind_name(self.vm, kind),
        }
    }

    fn method_name(&self, method: MethodRef) -> String {
        self.vm
            .symbols
            .name(self.method(method).code.name)
            .to_string()
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
            return format!("{:?}", String::from_utf8_lossy(&string.bytes.borrow()));
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
/// fill), then compiles its method `name` and returns the graph as printed
/// after each pass that changed it: what the IR snapshot tests compare.
pub fn graphs_after_run(source: &str, name: &str) -> Vec<(String, String)> {
    let mut vm = Vm::new(crate::vm::VmOptions { gc_stress: false });
    let code = bytecode::compile_file(source.as_bytes(), "test.rb", &mut vm.symbols)
        .unwrap_or_else(|error| panic!("{}", error.report));
    vm.set_program("test.rb", &[]);
    let main = vm.load(Rc::new(code));
    if let Err(control) = vm.run_main(main) {
        let exception = vm.uncaught(control);
        panic!("the snippet raised: {}", vm.error_report(exception));
    }
    vm.out.flush();
    let method = vm
        .methods
        .iter()
        .rev()
        .find(|m| m.code.file.as_ref() == "test.rb" && vm.symbols.name(m.code.name) == name)
        .unwrap_or_else(|| panic!("no method {name} in the snippet"))
        .clone();
    let intrinsics = Intrinsics::record(&mut vm);
    let rt = VmRuntime {
        vm: &vm,
        intrinsics: &intrinsics,
    };
    let mut graphs = Vec::new();
    let mut stats = jit::Stats::default();
    let mut observe = |pass: &str, graph: &jit::ir::Graph| {
        graphs.push((pass.to_string(), jit::ir::print::print(graph, &rt)));
    };
    // A bail-out still shows the passes that ran.
    let _ = jit::compile(&rt, MethodRef(method.id), &mut stats, &mut observe);
    graphs
}
