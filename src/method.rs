//! A method's life as data: its bytecode as loaded into the VM, with the
//! profile and caches the interpreter fills ([`LoadedMethod`]), and the
//! machine code the JIT made of it ([`CompiledMethod`]).
//!
//! ```text
//! bytecode::Method --load--> LoadedMethod --calls reach the threshold-->
//!   CompiledMethod (code, what it assumed) --a lookup changed--> retired
//! ```
//!
//! These are the types; what acts on them lives above: loading and running
//! in [`crate::interp`], compiling, entering and deoptimising in
//! `crate::compiled`. Keeping them here, beside the objects that name them
//! (a method entry's body is a `LoadedMethod`), lets the layers below the
//! interpreter hold methods without naming it.

use crate::block::Block;
use crate::inline_cache::{CallCache, ConstantCache, IvarCache, SendLine};
use crate::object::{Cref, MethodEntry};
use crate::value::Value;
use bytecode::profile::{BranchCounter, KindRecorder};
use bytecode::{Insn, Method, Sym};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// A method's code as loaded into the VM, with its profile and caches.
pub struct LoadedMethod {
    /// The method's number in `Vm::methods` (the JIT's handle for it).
    pub id: u32,
    pub code: Rc<Method>,
    /// `code.needs_arg_layout()`, asked at every call: a parameter beyond
    /// the required ones (optional, rest, post, keyword) makes a call lay
    /// its arguments out in the parameters' slots.
    pub lays_out_args: bool,
    /// The instructions the interpreter runs: `code.insns` quickened
    /// ([`quicken`]), index for index.
    pub insns: Box<[Insn]>,
    /// The most operands the code has on the stack at once
    /// ([`Method::max_operand_depth`]): the room the interpreter makes
    /// sure of on entering a frame, so that its instructions push without
    /// a capacity check. [`LoadedMethod::UNWALKED`] until the interpreter
    /// first runs the method, which walks its code then: most of the
    /// prelude's methods never run, and walking them all at load was a
    /// fifth of start-up.
    pub max_depth: Cell<u32>,
    /// Literals as values; `UNDEF` for String literals (a fresh String is
    /// made from the bytecode's bytes at every `push`).
    pub literals: Vec<Value>,
    pub sites: Vec<SiteState>,
    /// Per site: a basic operation's profile holds Fixnum as the first
    /// kind of its receiver and its argument, so recording two fixnums
    /// again would add nothing and the interpreter's inline path takes
    /// them without it. (A byte per site, apart from the sites' states: a
    /// method's flags share a cache line or a few, where reading one from
    /// each site's state touched a line per site, and on a program of many
    /// long methods missed the cache at every operation.)
    pub fixnums_recorded: Box<[Cell<bool>]>,
    pub branches: Box<[BranchCounter]>,
    pub calls: Cell<u64>,
    /// Runs the interpreter made of the method from its first instruction
    /// to its end: the calls its branch profiles count (never reset, as
    /// they are not; `calls` also counts calls that ran compiled code, and
    /// restarts when its code is invalidated). A call that goes on in
    /// compiled code at a loop (on-stack replacement) is taken back.
    pub interpreted_calls: Cell<u64>,
    /// Whether the JIT compiled it yet ([`status`]).
    pub jit: Cell<u8>,
    /// Its compiled code, while valid.
    pub compiled: RefCell<Option<Rc<CompiledMethod>>>,
    /// The same, where native calls from compiled code find it.
    pub call_target: jit::runtime::CallTarget,
    /// The lexical scope and owner of the first method entry made of it
    /// (what a frame of it rebuilt by deoptimisation runs with, when the
    /// receiver's lookup no longer finds it).
    pub defined_in: RefCell<Option<(Rc<Cref>, Value)>>,
    /// Made into methods of more than one scope or owner: `defined_in`
    /// is not the scope of every frame of it.
    pub defined_twice: Cell<bool>,
    /// Loop back edges taken (towards on-stack replacement).
    pub back_edges: Cell<u64>,
    /// The calls after which it is compiled, once its calls reached
    /// `--jit-threshold` and its profile said what a call runs (0 until
    /// then; see `Vm::calls_to_pay_compilation`).
    pub compile_at: Cell<u64>,
    /// Code entered by on-stack replacement, by loop header (None: the
    /// loop could not be compiled).
    pub osr: RefCell<Vec<(u32, Option<Rc<CompiledMethod>>)>>,
    pub children: Vec<Rc<LoadedMethod>>,
    /// The id of the code this one is written in (a block's enclosing
    /// method or block), if any.
    pub parent: Cell<Option<u32>>,
    /// Per `getivar`/`setivar` site: the shapes seen and their slots.
    pub ivar_caches: Vec<IvarCache>,
    /// Per `const` site: the value it found, while constants stand.
    pub constant_caches: Box<[ConstantCache]>,
    /// For a block: whether it may be made without the records of the
    /// frames it is written in (`compiled::frameless_blocks`), once asked.
    pub frameless: std::cell::OnceCell<bool>,
    /// What call-target splitting knows of it ([`crate::splitting`]).
    pub split: SplitState,
    /// Its case tables as hashes, each made at its first use
    /// (`interp::case_dispatch`).
    pub case_lookups: Vec<std::cell::OnceCell<crate::case_table::CaseLookup>>,
}

impl LoadedMethod {
    /// [`LoadedMethod::max_depth`] before the walk: more room than any
    /// value stack has, so that the interpreter's check of the room on
    /// entering a frame takes the path that walks.
    pub const UNWALKED: u32 = u32::MAX;

    /// A copy of this method's code for a split: the same bytecode and
    /// literals, fresh profiles, inline caches and JIT state, numbered
    /// `id`, with `children` (the copies of its blocks) as its own.
    pub fn copy_for_split(
        &self,
        id: u32,
        of: SplitOf,
        children: Vec<Rc<LoadedMethod>>,
    ) -> LoadedMethod {
        LoadedMethod {
            id,
            code: self.code.clone(),
            lays_out_args: self.lays_out_args,
            insns: self.insns.clone(),
            max_depth: Cell::new(self.max_depth.get()),
            literals: self.literals.clone(),
            sites: self
                .sites
                .iter()
                .map(|site| SiteState::new(site.op, site.core, site.args.len()))
                .collect(),
            fixnums_recorded: self.sites.iter().map(|_| Cell::new(false)).collect(),
            branches: self.branches.iter().map(|_| Default::default()).collect(),
            calls: Cell::new(0),
            interpreted_calls: Cell::new(0),
            jit: Cell::new(status::NOT_YET),
            compiled: RefCell::new(None),
            call_target: Default::default(),
            defined_in: RefCell::new(self.defined_in.borrow().clone()),
            defined_twice: Cell::new(self.defined_twice.get()),
            back_edges: Cell::new(0),
            compile_at: Cell::new(0),
            osr: RefCell::new(Vec::new()),
            children,
            parent: Cell::new(None),
            ivar_caches: self
                .ivar_caches
                .iter()
                .map(|cache| IvarCache::new(cache.name()))
                .collect(),
            constant_caches: self
                .constant_caches
                .iter()
                .map(|_| Default::default())
                .collect(),
            frameless: std::cell::OnceCell::new(),
            split: SplitState {
                of: Some(of),
                ..SplitState::default()
            },
            case_lookups: self
                .code
                .case_tables
                .iter()
                .map(|_| Default::default())
                .collect(),
        }
    }

    /// The id of the method this one is a split of, or its own.
    pub fn origin(&self) -> u32 {
        self.split.of.map_or(self.id, |of| of.original)
    }
}

/// A split's original and its number (`add<split-2>`; a split's blocks
/// carry the number of the split they belong to).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SplitOf {
    pub original: u32,
    pub number: u32,
}

/// What call-target splitting ([`crate::splitting`]) keeps per method.
#[derive(Default)]
pub struct SplitState {
    /// For a split: what it is a split of.
    pub of: Option<SplitOf>,
    /// Marked: a monomorphic call site that calls it calls a split of its
    /// own instead (for good: later new callers split again).
    pub needs_split: Cell<bool>,
    /// The call sites seen calling it (method id, site index): the first
    /// two, which is all splitting asks (none, one, or several).
    pub callers: RefCell<smallvec::SmallVec<[(u32, u32); 2]>>,
    /// An original's splits, by id.
    pub splits: RefCell<Vec<u32>>,
    /// Which of its parameters its code dispatches on, once asked
    /// (`Vm::depends_on_param`).
    pub param_uses: std::cell::OnceCell<bytecode::param_uses::ParamUses>,
    /// A split's calls past `--jit-threshold` while it waited for its
    /// caller to be compiled (`Vm::split_waits_for_caller`).
    pub calls_waited: Cell<u64>,
}

impl SplitState {
    /// Remembers that site `site` of method `caller` called the method.
    #[inline]
    pub fn note_caller(&self, caller: u32, site: u32) {
        let mut callers = self.callers.borrow_mut();
        if callers.len() < 2 && !callers.contains(&(caller, site)) {
            callers.push((caller, site));
        }
    }
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
    /// The split this site calls instead of the method its monomorphic
    /// cache found, once that method needed splitting.
    pub split: RefCell<Option<SiteSplit>>,
    /// What the site called last, for the run loop's call without a
    /// lookup ([`SendLine`]).
    pub line: SendLine,
}

impl SiteState {
    pub fn new(op: BasicOp, core: bool, argc: usize) -> SiteState {
        SiteState {
            op,
            core,
            cache: RefCell::new(CallCache::default()),
            receiver: KindRecorder::default(),
            args: (0..argc).map(|_| KindRecorder::default()).collect(),
            split: RefCell::new(None),
            line: SendLine::default(),
        }
    }

    /// The entry of the split the site calls where its cache finds
    /// `entry`, if it made one.
    pub fn split_for(&self, entry: &Rc<MethodEntry>) -> Option<Rc<MethodEntry>> {
        let split = self.split.borrow();
        let split = split.as_ref()?;
        Rc::ptr_eq(&split.of, entry).then(|| split.entry.clone())
    }
}

/// A site's split: the method entry its cache found, and the entry it
/// calls instead (the same scope, owner and visibility; the split as its
/// body).
pub struct SiteSplit {
    pub of: Rc<MethodEntry>,
    pub entry: Rc<MethodEntry>,
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
    /// Every operation, in the order of their numbers (`op as u8`).
    const ALL: [BasicOp; 20] = [
        BasicOp::None,
        BasicOp::ArrayIndex,
        BasicOp::ArraySet,
        BasicOp::ArraySize,
        BasicOp::Plus,
        BasicOp::Minus,
        BasicOp::Mult,
        BasicOp::Div,
        BasicOp::Mod,
        BasicOp::Lt,
        BasicOp::Le,
        BasicOp::Gt,
        BasicOp::Ge,
        BasicOp::Eq,
        BasicOp::Ne,
        BasicOp::BitAnd,
        BasicOp::BitOr,
        BasicOp::BitXor,
        BasicOp::Shl,
        BasicOp::Shr,
    ];

    /// The operation numbered `n` (`op as u8`): how the interpreter's
    /// quickened sends name theirs as a constant parameter, so that each
    /// has its own code, with no dispatch on the operation.
    pub const fn numbered(n: u8) -> BasicOp {
        Self::ALL[n as usize]
    }
}

const _: () = {
    let mut n = 0;
    while n < BasicOp::ALL.len() {
        assert!(
            BasicOp::ALL[n] as usize == n,
            "BasicOp::ALL is in number order"
        );
        n += 1;
    }
};

/// The interpreter's copy of `code`'s instructions: each `send` of a site
/// with a basic operation (`sites`, made by the loader) becomes that
/// operation's quickened send (`opt_plus`, `opt_aref`, ...), so the
/// dispatch on the instruction is the dispatch on the operation too, as
/// MRI's `opt_*` instructions do. Before, one `send` instruction dispatched
/// again on its site's operation: two indirect jumps per `i + 1`, where the
/// second mispredicted whenever the previous operation was another one.
///
/// A prologue of pairs `arg i; store i` (the parameters, each copied to
/// the local slot of its index) becomes one `opt_args n` in place of the
/// first `arg`, when no jump lands inside it: one dispatch where there
/// were `2n`.
///
/// ```text
/// def swap(i, j)      0  arg 0        0  opt_args 2
///                     1  store i      1  store i     (skipped)
///                     2  arg 1        2  arg 1       (skipped)
///                     3  store j      3  store j     (skipped)
///                     4  getivar @v   4  getivar @v
/// ```
///
/// The run loop fetches instructions without a bounds check, on the
/// promise checked here: execution cannot leave the code. Its last
/// instruction ends the flow (`return`, `jump`, ...), so every other one
/// has a next, and every jump, branch, `case` table and handler target is
/// an instruction. Panics otherwise (a compiler bug).
pub fn quicken(code: &Method, sites: &[SiteState]) -> Box<[Insn]> {
    let len = code.insns.len() as u32;
    assert!(
        code.insns.last().is_some_and(Insn::ends_flow) && code.targets().all(|at| at < len),
        "the code of {:?} can run past its end",
        code.name
    );
    let mut insns: Box<[Insn]> = code
        .insns
        .iter()
        .map(|&insn| match insn {
            Insn::Send(site) => match sites[site as usize].op {
                BasicOp::None => insn,
                BasicOp::ArrayIndex => Insn::OptAref(site),
                BasicOp::ArraySet => Insn::OptAset(site),
                BasicOp::ArraySize => Insn::OptSize(site),
                BasicOp::Plus => Insn::OptPlus(site),
                BasicOp::Minus => Insn::OptMinus(site),
                BasicOp::Mult => Insn::OptMult(site),
                BasicOp::Div => Insn::OptDiv(site),
                BasicOp::Mod => Insn::OptMod(site),
                BasicOp::Lt => Insn::OptLt(site),
                BasicOp::Le => Insn::OptLe(site),
                BasicOp::Gt => Insn::OptGt(site),
                BasicOp::Ge => Insn::OptGe(site),
                BasicOp::Eq => Insn::OptEq(site),
                BasicOp::Ne => Insn::OptNeq(site),
                BasicOp::BitAnd => Insn::OptAnd(site),
                BasicOp::BitOr => Insn::OptOr(site),
                BasicOp::BitXor => Insn::OptXor(site),
                BasicOp::Shl => Insn::OptLtLt(site),
                BasicOp::Shr => Insn::OptGtGt(site),
            },
            other => other,
        })
        .collect();
    let prologue = arg_prologue(code);
    if prologue > 0 {
        insns[0] = Insn::OptArgs(prologue);
    }
    insns
}

/// How many pairs `arg i; store i` start `code`, none of whose
/// instructions but the first a jump, branch, `case` table or handler
/// targets.
fn arg_prologue(code: &Method) -> u32 {
    let pairs = (0u32..)
        .take_while(|&i| {
            let at = 2 * i as usize;
            code.insns.get(at..at + 2) == Some(&[Insn::Arg(i), Insn::Store(i)])
        })
        .count() as u32;
    if code.targets().any(|at| (1..2 * pairs).contains(&at)) {
        0
    } else {
        pairs
    }
}

impl BasicOp {
    pub fn is_array(self) -> bool {
        matches!(
            self,
            BasicOp::ArrayIndex | BasicOp::ArraySet | BasicOp::ArraySize
        )
    }

    pub fn is_numeric(self) -> bool {
        self != BasicOp::None && !self.is_array()
    }
}

/// The Array methods with an inline path, and their argument counts.
pub const ARRAY_OPS: [(&str, usize, BasicOp); 4] = [
    ("[]", 1, BasicOp::ArrayIndex),
    ("[]=", 2, BasicOp::ArraySet),
    ("size", 0, BasicOp::ArraySize),
    ("length", 0, BasicOp::ArraySize),
];

pub const BASIC_OPS: [(&str, BasicOp); 16] = [
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

/// What a direct call of compiled code calls: the method entry its send
/// found, the name it was called by (a core method's frame shows it), and
/// whether it passes the calling frame's block (`&blk` of a forwarded
/// block parameter).
pub struct DirectTarget {
    pub entry: Rc<MethodEntry>,
    pub name: Sym,
    pub forwards_block: bool,
}

/// A method's machine code and what it assumed.
pub struct CompiledMethod {
    pub handle: u32,
    pub method: Rc<LoadedMethod>,
    pub code: jit::backend::CompiledCode,
    /// Non-zero once invalidated (polls read it; boxed so its address is
    /// stable).
    pub invalidated: Box<Cell<u8>>,
    /// The method names whose lookups the code relies on.
    pub assumed_names: fxhash::FxHashSet<Sym>,
    /// Failures per site.
    pub failures: Vec<Cell<u32>>,
    /// For code entered by on-stack replacement: its loop header.
    pub osr_entry: Option<u32>,
    /// The methods its direct calls call (by the handle the code passes).
    pub direct_calls: Vec<DirectTarget>,
    /// The constants it uses as constants, by name, and their values
    /// (kept alive: a GC root while the code exists).
    pub assumed_constants: fxhash::FxHashSet<Sym>,
    pub folded_constants: Vec<Value>,
    /// The method (for a block, the method it is written in) or a block
    /// in it reads the frame's last match: the matching methods its
    /// inlined code calls must set that of their rebuilt frames, not of
    /// the compiled frame (see `Vm::run_above_virtual_frames`).
    pub reads_last_match: bool,
}

impl CompiledMethod {
    /// Whether it was retired: no new activation enters it.
    pub fn is_retired(&self) -> bool {
        self.invalidated.get() != 0
    }

    /// Stops new activations from entering the code, and makes running
    /// ones deoptimise at their next poll; the method is interpreted (and
    /// counted towards compiling it again). False when it was retired
    /// already.
    pub fn retire(&self) -> bool {
        if self.invalidated.get() != 0 {
            return false;
        }
        self.invalidated.set(1);
        let method = &self.method;
        match self.osr_entry {
            Some(header) => {
                method.osr.borrow_mut().retain(|(ip, _)| *ip != header);
                method.back_edges.set(0);
            }
            None => {
                *method.compiled.borrow_mut() = None;
                method.call_target.code.set(0);
                method.call_target.compiled.set(0);
                method.jit.set(status::NOT_YET);
                method.calls.set(0);
                method.compile_at.set(0);
            }
        }
        true
    }
}

/// Whether a method was compiled yet (`LoadedMethod::jit`).
pub mod status {
    pub const NOT_YET: u8 = 0;
    pub const COMPILED: u8 = 1;
    pub const BAILED_OUT: u8 = 2;
}

/// A core method: its name, arity (`max` None means any number) and code.
#[derive(Clone, Copy)]
pub struct NativeMethod {
    pub name: Sym,
    pub min: u8,
    pub max: Option<u8>,
    /// Its function, in the VM's table (`Vm::native_fn`).
    pub func: NativeId,
    pub frame: NativeFrame,
    /// The method reads or changes the frame of the Ruby code calling it
    /// (its block, its visibility, its file, its last match): a call from
    /// inlined compiled code runs it above that frame rebuilt, never above
    /// virtual frames (see `ExecutionContext::virtual_frames`).
    pub uses_caller_frame: bool,
    /// The method is `Class#new` (or a Struct class's `new` and `[]`):
    /// allocate, then `initialize` (compiled code may do both itself).
    pub constructs: bool,
    /// The operands on which the method changes nothing and calls no Ruby
    /// code (no conversion method such as `to_int`), even when it fails:
    /// compiled code may run it on them without its frame (and again with
    /// it when it fails, to raise as MRI does). None: never.
    pub pure: Option<PureOn>,
}

/// The operands a pure core method ([`NativeMethod::pure`]) is pure on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PureOn {
    /// Any receiver and arguments, which the method only reads: an
    /// identity, class or kind test (`BasicObject#==`, `Kernel#nil?`,
    /// `#is_a?`) or a field (`Range#exclude_end?`).
    AnyOperands,
    /// Receiver and arguments all Integers, fixnums or Bignums
    /// (`Integer#+`, `#to_s`, `#divmod`).
    Integers,
    /// Any receiver (of the method's class) not frozen, the arguments all
    /// fixnums (`Array#pop`, `#first(n)`, `#length`).
    FixnumArguments,
    /// Any receiver not frozen, any arguments, which the method only
    /// stores (`Array#push`, `#unshift`).
    AnyArguments,
    /// A String receiver not frozen, its one argument a String or a
    /// fixnum (`String#<<`: no `to_str` to call).
    StringAppend,
    /// A String receiver indexed by a fixnum, a String or a Range of
    /// fixnums, then an optional fixnum length (`String#[]`, `#slice`).
    StringIndex,
    /// A String receiver, a fixnum width, then an optional String padding
    /// (`String#rjust`, `#ljust`, `#center`).
    StringPadding,
    /// A String receiver and String arguments (`String#==`, `#<=>`: no
    /// `to_str`, nor another object's `==` or `<=>`, to call).
    Strings,
}

/// Whether a core method shows in backtraces. MRI runs some methods
/// without a frame of their own: `Proc#call` and `Kernel#send` always, and
/// `<<`, `[]` and `[]=` of String/Array/Hash when a call site calls them
/// directly (its specialised instructions).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NativeFrame {
    Shown,
    Hidden,
    HiddenWhenDirect,
}

/// A core method's function, by its place in the VM's table of native
/// functions (`Vm::native_fn`): methods name the code of core methods
/// without naming the VM it runs on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NativeId(pub u32);

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

#[cfg(test)]
mod tests {
    use super::arg_prologue;
    use bytecode::{Method, SymbolTable};

    /// The method or block labelled `name` in the program `source`.
    fn compiled(source: &str, name: &str) -> Method {
        fn find(method: &Method, name: &str, symbols: &SymbolTable) -> Option<Method> {
            if symbols.name(method.name) == name {
                return Some(method.clone());
            }
            method
                .children
                .iter()
                .find_map(|child| find(child, name, symbols))
        }
        let mut symbols = SymbolTable::default();
        let main = bytecode::compile_file(source.as_bytes(), "t.rb", &mut symbols).unwrap();
        find(&main, name, &symbols).expect("the method")
    }

    #[test]
    fn prologues_of_parameters_copied_to_their_locals() {
        let cases = [
            ("def swap(i, j); [j, i]; end", "swap", 2),
            ("[1].each { |x| p x }", "block in <main>", 1),
            ("def m; 1; end", "m", 0),
            // `b` lives in the environment the lambda captures.
            ("def m(a, b); -> { b }; a; end", "m", 1),
            ("def m(a = 1); a; end", "m", 0),
        ];
        for (source, name, pairs) in cases {
            assert_eq!(arg_prologue(&compiled(source, name)), pairs, "{source}");
        }
    }

    #[test]
    fn no_prologue_when_a_jump_lands_inside_it() {
        let mut method = compiled("def swap(i, j); [j, i]; end", "swap");
        assert_eq!(arg_prologue(&method), 2);
        method.insns.push(bytecode::Insn::Jump(2));
        assert_eq!(arg_prologue(&method), 0);
    }
}
