//! A [`Runtime`] for the crate's tests: tables instead of a VM.
//!
//! A pass test writes its graph as text ([`crate::ir::parse`]); the names
//! in it (symbols, kinds, methods, locals, heap constants, instructions)
//! are made up by this runtime the first time the reader asks for them,
//! and printed back as they were written. What the passes ask the runtime
//! (profiles, method lookups, shape caches) the test sets with the
//! builder methods; the rest has a plain answer:
//!
//! ```text
//! let rt = TestRuntime::new();
//! rt.profile("add", 8, &["fixnum"], &[&["fixnum"]])   // the send at add@8
//!     .callee("fixnum", "+", Callee::Intrinsic(Intrinsic::FixnumArith(rt.sym("+"))));
//! rt.run(text, |graph| intrinsics::run(graph, &rt))
//! ```
//!
//! - a send's profile is the one set for its state's `method@ip`, else
//!   empty (the send never ran);
//! - a lookup finds what [`TestRuntime::callee`] set, else a method of no
//!   interest to the JIT ([`Callee::Other`]);
//! - an ivar site's cache is the one set for its variable, else empty;
//! - there is no bytecode (methods have locals and nothing else) and no
//!   code generation: the back end's questions panic.
//!
//! Instructions are read from their listing: `concat 2`, `array 2`,
//! `arraymax 2`, `tostring`, `getivar @x`, `setivar @x`, `getglobal $x`,
//! `const X`, `push <literal>`, `loadenv name depth`, `storeenv name
//! depth`, and the mnemonics without operands; each ivar, literal or env
//! local gets the next site, literal or slot.

use crate::ir::parse::{parse, Names};
use crate::ir::print::print;
use crate::ir::verify::verify;
use crate::ir::{Graph, MethodRef, ShapeRef};
use crate::runtime::{
    ArrayLayout, Callee, DirectCall, Helpers, Intrinsic, IvarLine, IvarProfile, ObjectLayout,
    Runtime, SendProfile,
};
use bytecode::profile::{builtin_kind_name, BranchProfile, Kind, KindSet};
use bytecode::{Insn, Method, MethodKind, Sym};
use fxhash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::rc::Rc;

/// The first heap "address" handed out, and the step between them (heap
/// words are 8-byte aligned pointers).
const HEAP_BASE: u64 = 0x1000;
const HEAP_STEP: u64 = 0x10;

#[derive(Default)]
struct Tables {
    symbols: Vec<String>,
    /// `Kind::Class(n)` is named `classes[n]`.
    classes: Vec<String>,
    /// `MethodRef(n)`: its name and its locals by slot.
    methods: Vec<(String, Vec<String>)>,
    /// Heap constant n is at `HEAP_BASE + n * HEAP_STEP`.
    heap: Vec<String>,
    insns: Vec<(String, Insn)>,
    /// Ivar site n reads or writes `ivars[n]`.
    ivars: Vec<String>,
    /// Constant site n reads `constants[n]`.
    constants: Vec<String>,
    literals: Vec<String>,
    env_locals: Vec<String>,
    send_profiles: FxHashMap<(MethodRef, u32), SendProfile>,
    ivar_profiles: FxHashMap<u32, IvarProfile>,
    callees: Vec<(Kind, Sym, Callee)>,
    /// Class constants whose `new` makes plain objects: the instances'
    /// kind.
    plain: FxHashMap<u64, Kind>,
    modules: FxHashSet<u64>,
    /// Methods with parameters beyond none: required and optional
    /// positional counts, and keyword names (and whether each is
    /// required).
    parameters: FxHashMap<MethodRef, Parameters>,
}

/// A test method's required and optional positional parameter counts, and
/// its keywords (name, required).
type Parameters = (u32, u32, Vec<(String, bool)>);

fn intern(table: &mut Vec<String>, name: &str) -> usize {
    match table.iter().position(|known| known == name) {
        Some(at) => at,
        None => {
            table.push(name.to_string());
            table.len() - 1
        }
    }
}

/// The runtime of the crate's tests (see the module doc).
#[derive(Default)]
pub struct TestRuntime {
    tables: RefCell<Tables>,
}

impl TestRuntime {
    pub fn new() -> TestRuntime {
        TestRuntime::default()
    }

    pub fn sym(&self, name: &str) -> Sym {
        Sym(intern(&mut self.tables.borrow_mut().symbols, name) as u32)
    }

    /// A builtin kind by its name (`fixnum`), or the class named `name`.
    pub fn kind(&self, name: &str) -> Kind {
        let builtin = [Kind::Fixnum, Kind::Bignum, Kind::Flonum, Kind::HeapFloat]
            .into_iter()
            .find(|&k| builtin_kind_name(k) == Some(name));
        builtin.unwrap_or_else(|| {
            Kind::Class(intern(&mut self.tables.borrow_mut().classes, name) as u32)
        })
    }

    pub fn method(&self, name: &str) -> MethodRef {
        let mut tables = self.tables.borrow_mut();
        let at = match tables.methods.iter().position(|(known, _)| known == name) {
            Some(at) => at,
            None => {
                tables.methods.push((name.to_string(), Vec::new()));
                tables.methods.len() - 1
            }
        };
        MethodRef(at as u32)
    }

    /// The heap constant printed as `text` (`#<Point>`, `"abc"`).
    pub fn heap(&self, text: &str) -> u64 {
        HEAP_BASE + HEAP_STEP * intern(&mut self.tables.borrow_mut().heap, text) as u64
    }

    /// The send at `method@ip` saw receivers of `receiver` and arguments
    /// of `args` (kinds by name).
    pub fn profile(&self, method: &str, ip: u32, receiver: &[&str], args: &[&[&str]]) -> &Self {
        let kinds = |names: &[&str]| {
            names
                .iter()
                .fold(KindSet::default(), |set, name| set.with(self.kind(name)))
        };
        let profile = SendProfile {
            receiver: kinds(receiver),
            args: args.iter().map(|names| kinds(names)).collect(),
            megamorphic: false,
            split_pending: false,
        };
        let key = (self.method(method), ip);
        self.tables.borrow_mut().send_profiles.insert(key, profile);
        self
    }

    /// Receivers of `kind` call `callee` for `name`.
    pub fn callee(&self, kind: &str, name: &str, callee: Callee) -> &Self {
        let entry = (self.kind(kind), self.sym(name), callee);
        self.tables.borrow_mut().callees.push(entry);
        self
    }

    /// The sites of instance variable `ivar` (`@side`) saw objects of
    /// class `class` and shape `shape`, holding it in `slot`; a write
    /// moves them to shape `next`. (Each call adds a shape seen.)
    pub fn ivar(&self, ivar: &str, shape: u32, slot: u32, next: u32, class: &str) -> &Self {
        let line = IvarLine {
            shape: ShapeRef(shape),
            slot,
            next: ShapeRef(next),
            class: self.kind(class),
        };
        let site = intern(&mut self.tables.borrow_mut().ivars, ivar) as u32;
        let mut tables = self.tables.borrow_mut();
        tables
            .ivar_profiles
            .entry(site)
            .or_default()
            .lines
            .push(line);
        self
    }

    /// Method `name` takes `required` and `optional` positional
    /// parameters and `keywords` (name, required).
    pub fn parameters(
        &self,
        name: &str,
        required: u32,
        optional: u32,
        keywords: &[(&str, bool)],
    ) -> &Self {
        let method = self.method(name);
        let keywords = keywords
            .iter()
            .map(|&(name, required)| (name.to_string(), required))
            .collect();
        let entry = (required, optional, keywords);
        self.tables.borrow_mut().parameters.insert(method, entry);
        self
    }

    /// The heap constant printed as `class` is a class whose `new` makes
    /// plain objects of kind `instances` (whose `initialize` may be called
    /// directly).
    pub fn plain_class(&self, class: &str, instances: &str) -> &Self {
        let (class, kind) = (self.heap(class), self.kind(instances));
        let mut tables = self.tables.borrow_mut();
        tables.plain.insert(class, kind);
        tables.modules.insert(class);
        drop(tables);
        self
    }

    /// The graph `text` describes; it must print as written (so that a
    /// test's graph is what it looks like) and verify.
    pub fn graph(&self, text: &str) -> Graph {
        let graph = parse(text, self).unwrap_or_else(|error| panic!("{error}"));
        let expected = canonical(text);
        let printed = print(&graph, self);
        assert_eq!(
            printed, expected,
            "the graph does not print as written: printed\n{printed}"
        );
        if let Err(error) = verify(&graph) {
            panic!("the graph as written is invalid: {error}");
        }
        graph
    }

    /// Runs `pass` once on the graph of `text`; the graph after it,
    /// verified (and checked to read back as itself).
    pub fn run(&self, text: &str, pass: impl FnOnce(&mut Graph) -> bool) -> String {
        let mut graph = self.graph(text);
        let changed = pass(&mut graph);
        if let Err(error) = verify(&graph) {
            panic!("invalid graph after the pass: {error}");
        }
        let printed = print(&graph, self);
        assert!(
            changed || printed == canonical(text),
            "the pass changed the graph but says it did not"
        );
        // What a pass makes reads back too.
        let again = parse(&printed, self).unwrap_or_else(|error| panic!("{error}\n{printed}"));
        assert_eq!(
            print(&again, self),
            printed,
            "the result does not read back"
        );
        printed
    }
}

/// `text` as the printer writes it: no indentation, no blank lines.
fn canonical(text: &str) -> String {
    text.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(|line| format!("{line}\n"))
        .collect()
}

/// Runs an optimisation pass once on the graph of `text`, with a runtime
/// that knows nothing but names (see [`TestRuntime::run`]).
pub fn run(text: &str, pass: fn(&mut Graph) -> bool) -> String {
    TestRuntime::new().run(text, pass)
}

impl Names for TestRuntime {
    fn symbol(&self, name: &str) -> Option<Sym> {
        Some(self.sym(name))
    }

    fn kind(&self, name: &str) -> Option<Kind> {
        Some(TestRuntime::kind(self, name))
    }

    fn method(&self, name: &str) -> Option<MethodRef> {
        Some(TestRuntime::method(self, name))
    }

    fn local(&self, method: MethodRef, name: &str) -> Option<u16> {
        if name.starts_with('%') {
            return None;
        }
        let mut tables = self.tables.borrow_mut();
        let locals = &mut tables.methods[method.0 as usize].1;
        Some(intern(locals, name) as u16)
    }

    fn heap_constant(&self, text: &str) -> Option<u64> {
        let looks_heap =
            text.starts_with("#<") || text.starts_with('"') || text.parse::<f64>().is_ok();
        looks_heap.then(|| self.heap(text))
    }

    fn insn(&self, _method: MethodRef, text: &str) -> Option<Insn> {
        let mut tables = self.tables.borrow_mut();
        if let Some((_, insn)) = tables.insns.iter().find(|(known, _)| known == text) {
            return Some(*insn);
        }
        let insn = decode(&mut tables, text)?;
        tables.insns.push((text.to_string(), insn));
        Some(insn)
    }
}

/// An instruction from its listing (see the module doc).
fn decode(tables: &mut Tables, text: &str) -> Option<Insn> {
    let (mnemonic, operands) = text.split_once(' ').unwrap_or((text, ""));
    let count = || operands.parse::<u32>().ok();
    let word = (!operands.is_empty() && !operands.contains(' ')).then_some(operands);
    let symbol = |tables: &mut Tables| -> Option<Sym> {
        Some(Sym(intern(&mut tables.symbols, word?) as u32))
    };
    Some(match mnemonic {
        "concat" => Insn::Concat(count()?),
        "array" => Insn::NewArray(count()?),
        "hash" => Insn::NewHash(count()?),
        "arraymax" | "arraymin" => Insn::NewArrayExtremum {
            count: count()?,
            max: mnemonic == "arraymax",
        },
        "getivar" | "setivar" if word?.starts_with('@') => {
            let site = intern(&mut tables.ivars, operands) as u32;
            match mnemonic {
                "getivar" => Insn::GetIvar(site),
                _ => Insn::SetIvar(site),
            }
        }
        "getglobal" if word?.starts_with('$') => Insn::GetGlobal(symbol(tables)?),
        "setglobal" if word?.starts_with('$') => Insn::SetGlobal(symbol(tables)?),
        "const" => Insn::GetConst(intern(&mut tables.constants, operands) as u32),
        "push" if !operands.is_empty() => Insn::Push(intern(&mut tables.literals, operands) as u32),
        "loadenv" | "storeenv" => {
            let (name, depth) = operands.split_once(' ')?;
            let depth: u8 = depth.parse().ok()?;
            let slot = intern(&mut tables.env_locals, name) as u16;
            let (slot, hops) = (slot, depth);
            match mnemonic {
                "loadenv" => Insn::LoadEnv { slot, depth, hops },
                _ => Insn::StoreEnv { slot, depth, hops },
            }
        }
        _ if operands.is_empty() => [
            Insn::PushSelf,
            Insn::Not,
            Insn::Return,
            Insn::Pop,
            Insn::Dup,
            Insn::ToS,
            Insn::BlockParam,
            Insn::BlockProxy,
            Insn::BreakBlock,
            Insn::ReturnFromBlock,
            Insn::RescueMatch,
            Insn::Reraise,
            Insn::EndEnsure,
            Insn::ArrayAppend,
            Insn::ArrayConcat,
            Insn::Alias,
            Insn::Undef,
        ]
        .into_iter()
        .find(|insn| insn.mnemonic() == mnemonic)?,
        _ => return None,
    })
}

/// The code of a test method: its name and locals, no instructions.
fn code(name: Sym, locals: Vec<Sym>, ivars: Vec<Sym>) -> Method {
    Method {
        kind: MethodKind::Method,
        name,
        file: Rc::from("test.rb"),
        encoding: Default::default(),
        line: 1,
        required: 0,
        optional: 0,
        rest: false,
        post: 0,
        keywords: Vec::new(),
        keyword_rest: false,
        no_keywords: false,
        locals,
        insns: Vec::new(),
        lines: Vec::new(),
        literals: Vec::new(),
        literal_encodings: Vec::new(),
        sites: Vec::new(),
        branches: 0,
        children: Vec::new(),
        spans: Vec::new(),
        ivars,
        constants: Vec::new(),
        has_env: false,
        auto_splat: false,
        block_param: false,
        outer_names: Vec::new(),
        handlers: Vec::new(),
        case_tables: Vec::new(),
    }
}

const NO_CODE_GENERATION: &str = "the test runtime generates no code";

impl Runtime for TestRuntime {
    fn code(&self, method: MethodRef) -> Rc<Method> {
        let (name, locals) = self.tables.borrow().methods[method.0 as usize].clone();
        let locals = locals.iter().map(|local| self.sym(local)).collect();
        let ivars = self.tables.borrow().ivars.clone();
        let ivars = ivars.iter().map(|ivar| self.sym(ivar)).collect();
        let mut code = code(self.sym(&name), locals, ivars);
        let constants = self.tables.borrow().constants.clone();
        code.constants = constants.iter().map(|name| self.sym(name)).collect();
        let parameters = self.tables.borrow().parameters.get(&method).cloned();
        if let Some((required, optional, keywords)) = parameters {
            code.required = required;
            code.optional = optional;
            code.keywords = keywords
                .iter()
                .map(|(name, required)| (self.sym(name), *required))
                .collect();
        }
        Rc::new(code)
    }

    fn reads_last_match(&self, _method: MethodRef) -> bool {
        false
    }

    fn child(&self, method: MethodRef, index: u32) -> MethodRef {
        panic!("the test method {method:?} has no child {index}: no bytecode")
    }

    fn calls(&self, _method: MethodRef) -> u64 {
        0
    }

    fn send_profile(&self, method: MethodRef, site: u32) -> SendProfile {
        let tables = self.tables.borrow();
        tables
            .send_profiles
            .get(&(method, site))
            .cloned()
            .unwrap_or_default()
    }

    fn branch_profile(&self, _method: MethodRef, _index: u16) -> BranchProfile {
        BranchProfile::default()
    }

    fn ivar_profile(&self, _method: MethodRef, site: u32) -> IvarProfile {
        let tables = self.tables.borrow();
        tables.ivar_profiles.get(&site).cloned().unwrap_or_default()
    }

    fn literal(&self, _method: MethodRef, _index: u32) -> Option<u64> {
        None
    }

    fn lookup(&self, _caller: MethodRef, kind: Kind, name: Sym, _flags: u16) -> Option<Callee> {
        let tables = self.tables.borrow();
        let set = tables
            .callees
            .iter()
            .find(|(k, n, _)| *k == kind && *n == name);
        Some(set.map_or(Callee::Other, |(_, _, callee)| callee.clone()))
    }

    /// The test runtime makes no splits (`tests/jit_passes.rs` shows the
    /// runtime's in graphs).
    fn split_at(&self, _caller: MethodRef, _site: u32, callee: MethodRef) -> MethodRef {
        callee
    }

    fn speculation_failed(&self, _method: MethodRef, _ip: u32) -> bool {
        false
    }

    fn bounds_failed(&self, _method: MethodRef, _ip: u32) -> bool {
        false
    }

    fn prunes_one_way_branches(&self) -> bool {
        true
    }

    fn constant(&self, _method: MethodRef, _name: Sym) -> Option<u64> {
        None
    }

    fn scoped_constant(&self, _scope: u64, _name: Sym) -> Option<u64> {
        None
    }

    fn direct_call(
        &self,
        _caller: MethodRef,
        _site: u32,
        kind: Kind,
        _name: Sym,
        _argc: u32,
        _flags: u16,
    ) -> Option<DirectCall> {
        let plain = self.tables.borrow().plain.values().any(|&k| k == kind);
        plain.then_some(DirectCall {
            handle: 0,
            native: None,
            core: false,
        })
    }

    fn super_call(&self, _caller: MethodRef, _argc: u32, _flags: u16) -> Option<DirectCall> {
        None
    }

    fn call_target(&self, _method: MethodRef) -> u64 {
        panic!("{NO_CODE_GENERATION}")
    }

    fn array_kind(&self) -> Kind {
        self.kind("Array")
    }

    fn array_extremum_is_core(&self, _max: bool) -> bool {
        true
    }

    fn is_module(&self, value: u64) -> bool {
        self.tables.borrow().modules.contains(&value)
    }

    fn allocates_array(&self, _receiver: u64, _name: Sym) -> bool {
        false
    }

    fn plain_construction(&self, class: u64) -> Option<(Kind, Sym)> {
        let kind = *self.tables.borrow().plain.get(&class)?;
        Some((kind, self.sym("initialize")))
    }

    fn case_tests_kind(&self, _pattern: u64) -> bool {
        false
    }

    fn case_tests_identity(&self, _pattern: u64) -> bool {
        false
    }

    fn case_tests_fixnum(&self, _pattern: u64) -> bool {
        false
    }

    fn case_tests_string(&self, _pattern: u64) -> bool {
        false
    }

    fn case_tables_decide(&self) -> bool {
        true
    }

    fn case_fixnum_range(&self, _pattern: u64) -> Option<(Option<i64>, Option<i64>)> {
        None
    }

    fn range_part_ivar(&self, _part: &Intrinsic) -> Option<(Sym, IvarProfile)> {
        None
    }

    fn sole_value(&self, _kind: Kind) -> Option<u64> {
        None
    }

    fn responds_to(&self, _kind: Kind, _name: u64) -> Option<bool> {
        None
    }

    fn string_kind(&self) -> Kind {
        self.kind("String")
    }

    fn kind_test(&self, _kind: Kind) -> crate::backend::lir::KindTest {
        panic!("{NO_CODE_GENERATION}")
    }

    fn object_layout(&self) -> ObjectLayout {
        panic!("{NO_CODE_GENERATION}")
    }

    fn array_layout(&self) -> ArrayLayout {
        panic!("{NO_CODE_GENERATION}")
    }

    fn helpers(&self) -> Helpers {
        panic!("{NO_CODE_GENERATION}")
    }

    fn stress_countdown(&self) -> Option<u64> {
        None
    }

    fn invalidated_flag(&self) -> u64 {
        panic!("{NO_CODE_GENERATION}")
    }

    fn symbol_name(&self, sym: Sym) -> String {
        self.tables.borrow().symbols[sym.0 as usize].clone()
    }

    fn kind_name(&self, kind: Kind) -> String {
        match (builtin_kind_name(kind), kind) {
            (Some(name), _) => name.to_string(),
            (None, Kind::Class(n)) => self.tables.borrow().classes[n as usize].clone(),
            (None, _) => unreachable!("builtin kinds have names"),
        }
    }

    fn method_name(&self, method: MethodRef) -> String {
        self.tables.borrow().methods[method.0 as usize].0.clone()
    }

    fn inspect_heap(&self, bits: u64) -> String {
        let index = (bits - HEAP_BASE) / HEAP_STEP;
        self.tables.borrow().heap[index as usize].clone()
    }

    fn insn_text(&self, _method: MethodRef, insn: &bytecode::Insn) -> String {
        let tables = self.tables.borrow();
        match tables.insns.iter().find(|(_, known)| known == insn) {
            Some((text, _)) => text.clone(),
            None => insn.mnemonic().to_string(),
        }
    }
}
