//! The program generator's core: a small static type system over the values
//! the programs compute, the classes and methods a program declares, the
//! context of the code being generated (locals in scope, enclosing loops and
//! blocks, a cost budget), and expressions of a requested type.
//!
//! Types keep programs valid: every expression is generated for a type and
//! only uses operations that type supports, so MRI does not raise where the
//! generator did not mean it to. Ranks keep them terminating: a method may
//! only call methods of a higher rank (or `super`), so the call graph is a
//! DAG apart from the recursion the scenarios write on purpose. Costs keep
//! them fast: each method's body is generated after those it may call, so
//! their estimated cost and allocations are known and charged, multiplied by
//! the iteration counts of the enclosing loops, against a budget.

use super::ast::*;
use super::rng::Rng;

/// The static type of a generated expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Int,
    Float,
    /// An Integer or a Float (the kind changes under compiled code).
    Num,
    Str,
    Bool,
    Sym,
    /// An Array of Integers.
    ArrInt,
    /// A Hash whose values are Integers (keys are symbols or integers).
    HashInt,
    /// An instance of the class or one of its subclasses.
    Obj(usize),
    /// A non-empty Array of such instances.
    ArrObj(usize),
    /// A proc or lambda with the signature `procs[i]`.
    Proc(usize),
}

/// How a parameter is declared.
#[derive(Debug, Clone, PartialEq)]
pub enum PKind {
    Req,
    Opt(Expr),
    /// `*rest` (its type is the Array).
    Rest,
    /// A keyword, required when there is no default.
    Key(Option<Expr>),
    /// `**opts` (its type is the Hash).
    KwRest,
    /// `&blk`.
    Block,
}

/// A parameter with its type.
#[derive(Debug, Clone, PartialEq)]
pub struct PSpec {
    pub name: String,
    pub ty: Ty,
    pub kind: PKind,
}

/// What a method does with its block.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockSig {
    pub params: Vec<Ty>,
    pub ret: Ty,
    /// Callers may leave the block out (the body checks `block_given?`).
    pub optional: bool,
    /// The block is taken as a `&blk` parameter (else only `yield`).
    pub explicit: bool,
}

/// The signature of a proc or lambda value.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcSig {
    pub params: Vec<Ty>,
    pub ret: Ty,
    /// Cost of the most expensive body made for it.
    pub cost: u64,
    pub allocs: u64,
}

/// An instance variable a class sets.
#[derive(Debug, Clone, PartialEq)]
pub struct Ivar {
    /// Without the `@`.
    pub name: String,
    pub ty: Ty,
    /// Not set by every constructor: read as `(@x || default)`.
    pub maybe_nil: bool,
    pub reader: bool,
    pub writer: bool,
}

/// A generated class.
#[derive(Debug, Clone)]
pub struct Class {
    pub name: String,
    pub parent: Option<usize>,
    pub hier: usize,
    pub depth: usize,
    /// The instance variables its own `initialize` (or its methods) set.
    pub ivars: Vec<Ivar>,
    /// The parameters of its own `initialize` (None: inherited).
    pub init: Option<Vec<PSpec>>,
    /// Cost of `new` (its constructor chain).
    pub new_cost: u64,
    pub new_allocs: u64,
    /// `include Comparable` with `<=>` (on the root).
    pub comparable: bool,
    /// Defines `==` on its first instance variable (on the root).
    pub equality: bool,
}

/// Who owns a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// A top-level `def` (a private method of Object).
    Function,
    /// An instance method of a class.
    Method(usize),
    /// A class method (`def self.x`).
    ClassMethod(usize),
}

/// Limits of one method's body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tier {
    pub cost: u64,
    pub allocs: u64,
}

/// A generated method.
#[derive(Debug, Clone)]
pub struct Callable {
    pub name: String,
    pub owner: Owner,
    pub params: Vec<PSpec>,
    pub ret: Ty,
    pub block: Option<BlockSig>,
    /// Calls go only to higher ranks.
    pub rank: usize,
    pub tier: Tier,
    /// Estimated steps and allocations of one call (its own body).
    pub cost: u64,
    pub allocs: u64,
    /// Estimated number of times one call runs its block.
    pub yields: u64,
    pub may_raise: bool,
    pub private: bool,
    /// Body generated (cost known).
    pub done: bool,
    /// Forced first statement of the body (e.g. the call down a chain).
    pub chain_next: Option<usize>,
    pub def: Option<Def>,
}

/// An enclosing loop or block.
#[derive(Debug, Clone, PartialEq)]
pub enum LoopCx {
    /// A `while`/`until`: `break`/`next` without values.
    While,
    /// A block: `next` takes a value of `next_ty` (None: any or none);
    /// `break` only when the call's value is unused.
    Block {
        next_ty: Option<Ty>,
        break_ok: bool,
        kind: BlockKind,
    },
}

/// What `return` means inside a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// A block given to a call: `return` leaves the method.
    Direct,
    /// A lambda body: `return` leaves the lambda with a value of this type.
    Lambda(Ty),
    /// A proc called later: no `return`, no `break`.
    Proc,
}

/// The method being generated.
#[derive(Debug, Clone)]
pub struct MethodCx {
    pub ret: Ty,
    pub block: Option<BlockSig>,
    /// The method overrides one of an ancestor: `super` is allowed and costs this.
    pub super_def: Option<usize>,
}

/// Where code is being generated.
#[derive(Debug, Clone)]
pub struct Cx {
    pub scopes: Vec<Vec<(String, Ty)>>,
    pub self_class: Option<usize>,
    pub rank: usize,
    pub method: Option<MethodCx>,
    pub loops: Vec<LoopCx>,
    /// How many times the current point runs per run of the whole body.
    pub mult: u64,
    pub cost: u64,
    pub allocs: u64,
    pub cost_limit: u64,
    pub alloc_limit: u64,
    pub yields: u64,
    pub may_raise: bool,
    /// Output statements are allowed (top-level code, not hot methods).
    pub can_print: bool,
    /// Nesting depth of compound statements.
    pub depth: u32,
    /// Inside `initialize` (no calls to other methods of self).
    pub in_init: bool,
}

impl Cx {
    /// A context for a body with these limits.
    pub fn new(rank: usize, cost_limit: u64, alloc_limit: u64) -> Cx {
        Cx {
            scopes: vec![Vec::new()],
            self_class: None,
            rank,
            method: None,
            loops: Vec::new(),
            mult: 1,
            cost: 0,
            allocs: 0,
            cost_limit,
            alloc_limit,
            yields: 0,
            may_raise: false,
            can_print: false,
            depth: 0,
            in_init: false,
        }
    }

    /// Declares a local in the innermost scope.
    pub fn declare(&mut self, name: &str, ty: Ty) {
        self.scopes
            .last_mut()
            .expect("a scope")
            .push((name.to_owned(), ty));
    }

    pub fn push_scope(&mut self) {
        self.scopes.push(Vec::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    /// Every local in scope.
    pub fn locals(&self) -> impl Iterator<Item = &(String, Ty)> {
        self.scopes.iter().flatten()
    }

    /// Charges `steps` and `allocs` at the current multiplier.
    pub fn charge(&mut self, steps: u64, allocs: u64) {
        self.cost = self.cost.saturating_add(steps.saturating_mul(self.mult));
        self.allocs = self.allocs.saturating_add(allocs.saturating_mul(self.mult));
    }

    /// Whether `steps` and `allocs` more fit the budget here.
    pub fn affords(&self, steps: u64, allocs: u64) -> bool {
        self.cost.saturating_add(steps.saturating_mul(self.mult)) <= self.cost_limit
            && self.allocs.saturating_add(allocs.saturating_mul(self.mult)) <= self.alloc_limit
    }

    /// Whether the type of `return` here, if a `return` is allowed.
    pub fn return_ty(&self) -> Option<Ty> {
        for l in self.loops.iter().rev() {
            if let LoopCx::Block { kind, .. } = l {
                match kind {
                    BlockKind::Direct => {}
                    BlockKind::Lambda(ty) => return Some(*ty),
                    BlockKind::Proc => return None,
                }
            }
        }
        self.method.as_ref().map(|m| m.ret)
    }

    /// Whether the innermost block or loop would leave a proc or lambda
    /// body (where `yield` and `super` mean something else or fail later).
    pub fn in_proc_body(&self) -> bool {
        self.loops.iter().any(|l| {
            matches!(
                l,
                LoopCx::Block {
                    kind: BlockKind::Proc | BlockKind::Lambda(_),
                    ..
                }
            )
        })
    }
}

/// Integer moduli the generator bounds loop-carried values with: around the
/// fixnum limits, so arithmetic overflows into Bignums and comes back.
pub const MODULI: &[&str] = &[
    "1000003",
    "1000000007",
    "4294967296",
    "2305843009213693951",
    "4611686018427387904",
    "4611686018427387903",
    "9223372036854775808",
    "18446744073709551616",
];

const WORDS: &[&str] = &[
    "ab",
    "xyz",
    "hello",
    "",
    "a b c",
    "Zz9",
    "ruby",
    "ok",
    "node",
    "k-v",
    "q",
    "mixed Case",
    "h\u{e9}llo",
    "\u{65e5}\u{672c}",
];

/// Float literals; the last ones are outside the range of immediate
/// (flonum) Floats, so they live on the heap.
const FLOATS: &[&str] = &[
    "0.5",
    "1.5",
    "2.25",
    "(-0.75)",
    "3.0",
    "0.1",
    "1.0e-3",
    "2.5e10",
    "100.0",
    "(-12.5)",
    "0.2",
    "7.75",
    "1.0e+16",
    "4.6e18",
    "0.0",
    "1.0e+200",
    "3.0e-200",
    "(-1.5e+250)",
    "(-0.0)",
];

/// Keys of the generated hashes.
pub const KEYS: &[&str] = &[":a", ":b", ":c", ":d", ":e"];

/// The generator's state for one program.
pub struct Gen {
    pub rng: Rng,
    /// Constructs not to generate (`--avoid`), to look past known findings.
    pub avoid: Vec<String>,
    pub classes: Vec<Class>,
    pub callables: Vec<Callable>,
    pub procs: Vec<ProcSig>,
    counter: usize,
}

impl Gen {
    pub fn new(seed: u64) -> Gen {
        Gen {
            rng: Rng::new(seed),
            avoid: Vec::new(),
            classes: Vec::new(),
            callables: Vec::new(),
            procs: Vec::new(),
            counter: 0,
        }
    }

    /// Whether the construct `what` may be generated.
    pub fn allows(&self, what: &str) -> bool {
        !self.avoid.iter().any(|a| a == what)
    }

    /// A fresh name.
    pub fn fresh(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }

    // -- classes -------------------------------------------------------------

    /// The class and its ancestors, nearest first.
    pub fn ancestors(&self, class: usize) -> Vec<usize> {
        let mut out = vec![class];
        let mut c = class;
        while let Some(parent) = self.classes[c].parent {
            out.push(parent);
            c = parent;
        }
        out
    }

    /// Whether `class` is `ancestor` or inherits from it.
    pub fn is_a(&self, class: usize, ancestor: usize) -> bool {
        self.ancestors(class).contains(&ancestor)
    }

    /// The class and all classes inheriting from it.
    pub fn subtree(&self, class: usize) -> Vec<usize> {
        (0..self.classes.len())
            .filter(|&c| self.is_a(c, class))
            .collect()
    }

    /// Whether a value of type `have` may be used where `want` is expected.
    pub fn fits(&self, have: Ty, want: Ty) -> bool {
        match (have, want) {
            (a, b) if a == b => true,
            (Ty::Int | Ty::Float, Ty::Num) => true,
            (Ty::Obj(h), Ty::Obj(w)) | (Ty::ArrObj(h), Ty::ArrObj(w)) => self.is_a(h, w),
            _ => false,
        }
    }

    /// Instance variables readable in methods of `class` (its own and its
    /// ancestors').
    pub fn visible_ivars(&self, class: usize) -> Vec<Ivar> {
        self.ancestors(class)
            .iter()
            .flat_map(|&c| self.classes[c].ivars.iter().cloned())
            .collect()
    }

    /// The parameters of `class.new`.
    pub fn new_params(&self, class: usize) -> Vec<PSpec> {
        for c in self.ancestors(class) {
            if let Some(init) = &self.classes[c].init {
                return init.clone();
            }
        }
        Vec::new()
    }

    /// Instance methods callable on a value of static class `class`, one
    /// per name (the nearest definition), as callable ids.
    pub fn methods_of(&self, class: usize) -> Vec<usize> {
        let mut seen: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for c in self.ancestors(class) {
            for (id, m) in self.callables.iter().enumerate() {
                if m.owner == Owner::Method(c) && !seen.contains(&m.name.as_str()) {
                    seen.push(&m.name);
                    out.push(id);
                }
            }
        }
        out
    }

    /// The cost of calling method `id` (found on static class `class`):
    /// the most expensive definition that may answer.
    pub fn dispatch_cost(&self, class: usize, id: usize) -> (u64, u64, bool) {
        let name = &self.callables[id].name;
        let mut cost = self.callables[id].cost;
        let mut allocs = self.callables[id].allocs;
        let mut raises = self.callables[id].may_raise;
        for sub in self.subtree(class) {
            for m in &self.callables {
                if m.owner == Owner::Method(sub) && &m.name == name {
                    cost = cost.max(m.cost);
                    allocs = allocs.max(m.allocs);
                    raises |= m.may_raise;
                }
            }
        }
        (cost, allocs, raises)
    }

    /// The definition `super` reaches from a method named `name` in `class`.
    pub fn super_def(&self, class: usize, name: &str) -> Option<usize> {
        let parent = self.classes[class].parent?;
        for c in self.ancestors(parent) {
            if let Some(id) = self
                .callables
                .iter()
                .position(|m| m.owner == Owner::Method(c) && m.name == name)
            {
                return Some(id);
            }
        }
        None
    }

    // -- literals --------------------------------------------------------------

    /// An interesting Integer.
    pub fn int_value(&mut self) -> i128 {
        match self.rng.weighted(&[40, 12, 5, 6]) {
            0 => i128::from(self.rng.range(-3, 20)),
            1 => i128::from(self.rng.range(21, 5000)),
            2 => *self.rng.pick(&[
                1_000_003,
                65_536,
                2_147_483_647,
                4_294_967_295,
                1 << 40,
                999_999_999_999,
            ]),
            _ => {
                let base: i128 = *self.rng.pick(&[
                    1 << 62,
                    -(1 << 62),
                    1 << 63,
                    -(1 << 63),
                    1 << 64,
                    1 << 61,
                    1 << 32,
                    1 << 31,
                ]);
                base + i128::from(self.rng.range(-3, 3))
            }
        }
    }

    pub fn int_lit(&mut self) -> Expr {
        let v = self.int_value();
        int(v)
    }

    /// A small non-negative count.
    pub fn small(&mut self, lo: i64, hi: i64) -> Expr {
        int(i128::from(self.rng.range(lo, hi)))
    }

    pub fn float_lit(&mut self) -> Expr {
        atom(*self.rng.pick(FLOATS))
    }

    pub fn str_lit(&mut self) -> Expr {
        let word: &&str = self.rng.pick(WORDS);
        string(word)
    }

    pub fn sym_lit(&mut self) -> Expr {
        atom(
            *self
                .rng
                .pick(&[":a", ":b", ":c", ":ok", ":name", ":\"x y\""]),
        )
    }

    pub fn key_lit(&mut self) -> Expr {
        atom(*self.rng.pick(KEYS))
    }

    /// A modulus literal.
    pub fn modulus(&mut self) -> Expr {
        atom(*self.rng.pick(MODULI))
    }

    /// `e` bounded so that reassigning it in a loop cannot grow without end.
    pub fn bounded(&mut self, e: Expr, ty: Ty) -> Expr {
        match ty {
            Ty::Int | Ty::Num => {
                let m = self.modulus();
                bin(e, "%", m)
            }
            Ty::Float => bin(e, "%", atom("1000.0")),
            Ty::Str => Expr::Index(Box::new(e), vec![int(0), int(24)]),
            Ty::ArrInt => call(Some(e), "last", vec![self.small(3, 8)]),
            _ => e,
        }
    }

    // -- expressions -------------------------------------------------------------

    /// Locals (and readable instance variables) of a type that fits `ty`.
    pub fn vars_of(&self, cx: &Cx, ty: Ty) -> Vec<Expr> {
        let mut out: Vec<Expr> = cx
            .locals()
            .filter(|(_, t)| self.fits(*t, ty))
            .map(|(n, _)| atom(n.clone()))
            .collect();
        if let Some(class) = cx.self_class {
            if !cx.in_init {
                for ivar in self.visible_ivars(class) {
                    if self.fits(ivar.ty, ty) {
                        out.push(self.ivar_read(&ivar));
                    }
                }
            }
        }
        out
    }

    /// `obj.attr` for an attribute reader of a type that fits `ty`, on an
    /// object in scope (or on self).
    fn attr_read(&mut self, cx: &mut Cx, ty: Ty) -> Option<Expr> {
        let mut cands: Vec<(Expr, Ivar)> = Vec::new();
        let objs: Vec<(String, usize)> = cx
            .locals()
            .filter_map(|(n, t)| match t {
                Ty::Obj(c) => Some((n.clone(), *c)),
                _ => None,
            })
            .collect();
        for (name, class) in objs {
            for ivar in self.visible_ivars(class) {
                if ivar.reader && self.fits(ivar.ty, ty) {
                    cands.push((atom(name.clone()), ivar));
                }
            }
        }
        if let (Some(class), false) = (cx.self_class, cx.in_init) {
            for ivar in self.visible_ivars(class) {
                if ivar.reader && self.fits(ivar.ty, ty) {
                    cands.push((atom("self"), ivar));
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (recv, ivar) = self.rng.pick(&cands).clone();
        cx.charge(2, 0);
        let read = call(Some(recv), &ivar.name, vec![]);
        if !ivar.maybe_nil {
            return Some(read);
        }
        let default = self.ivar_read(&Ivar {
            maybe_nil: true,
            ..ivar
        });
        match default {
            Expr::Bin(_, _, d) => Some(bin(read, "||", *d)),
            _ => Some(read),
        }
    }

    /// Reading an instance variable (with a default when it may be unset).
    pub fn ivar_read(&self, ivar: &Ivar) -> Expr {
        let name = atom(format!("@{}", ivar.name));
        if !ivar.maybe_nil {
            return name;
        }
        let default = match ivar.ty {
            Ty::Int | Ty::Num => int(0),
            Ty::Float => atom("0.0"),
            Ty::Str => string(""),
            Ty::Sym => atom(":none"),
            Ty::ArrInt => Expr::Array(vec![]),
            Ty::HashInt => Expr::Hash(vec![]),
            Ty::Bool => atom("false"),
            _ => return name,
        };
        bin(name, "||", default)
    }

    /// An expression of type `ty`, at most `d` levels deep.
    pub fn expr(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Expr {
        cx.charge(1, 0);
        let d = if cx.affords(40, 2) { d } else { 0 };
        if cx.in_init {
            // Constructors stay simple: no calls (a constructor that made an
            // object of its own hierarchy would recurse without end).
            return match ty {
                Ty::Obj(_) | Ty::ArrObj(_) | Ty::Proc(_) => self.leaf(cx, ty),
                Ty::Int => self.int_expr(cx, d.min(1)),
                _ => self.leaf(cx, ty),
            };
        }
        if d > 0 && self.rng.chance(22) {
            if let Some(e) = self.call_expr(cx, ty, d - 1) {
                return e;
            }
        }
        if d > 0 && self.rng.chance(5) {
            if let Some(e) = self.control_expr(cx, ty, d - 1) {
                return e;
            }
        }
        if self.rng.chance(8) {
            if let Some(e) = self.attr_read(cx, ty) {
                return e;
            }
        }
        match ty {
            Ty::Int => self.int_expr(cx, d),
            Ty::Float => self.float_expr(cx, d),
            Ty::Num => self.num_expr(cx, d),
            Ty::Str => self.str_expr(cx, d),
            Ty::Bool => self.bool_expr(cx, d),
            Ty::Sym => self.sym_expr(cx, d),
            Ty::ArrInt => self.arr_expr(cx, d),
            Ty::HashInt => self.hash_expr(cx, d),
            Ty::Obj(c) => self.obj_expr(cx, c, d),
            Ty::ArrObj(c) => self.arr_obj_expr(cx, c, d),
            Ty::Proc(p) => self.proc_expr(cx, p, d),
        }
    }

    /// A variable of type `ty` if there is one (sometimes), else a literal
    /// or other leaf.
    pub fn leaf(&mut self, cx: &mut Cx, ty: Ty) -> Expr {
        let vars = self.vars_of(cx, ty);
        if !vars.is_empty() && self.rng.chance(70) {
            return self.rng.pick(&vars).clone();
        }
        match ty {
            Ty::Int if self.rng.chance(6) => atom("FZ_K"),
            Ty::Int => self.int_lit(),
            Ty::Float => self.float_lit(),
            Ty::Num => {
                if self.rng.chance(50) {
                    self.int_lit()
                } else {
                    self.float_lit()
                }
            }
            Ty::Str => {
                cx.charge(1, 1);
                self.str_lit()
            }
            Ty::Bool => atom(if self.rng.chance(50) { "true" } else { "false" }),
            Ty::Sym => self.sym_lit(),
            Ty::ArrInt => {
                cx.charge(1, 1);
                let n = self.rng.urange(0, 4);
                Expr::Array((0..n).map(|_| self.int_lit()).collect())
            }
            Ty::HashInt => {
                cx.charge(1, 1);
                if self.rng.chance(10) {
                    // A default block, run from the Hash's native code.
                    let k = self.fresh("k");
                    let h = self.fresh("h");
                    return call_block(
                        Some(atom("Hash")),
                        "new",
                        vec![],
                        &[&h, &k],
                        vec![Stmt::Assign(
                            Expr::Index(Box::new(atom(h.clone())), vec![atom(k.clone())]),
                            call(
                                Some(call(Some(atom(k.clone())), "to_s", vec![])),
                                "size",
                                vec![],
                            ),
                        )],
                    );
                }
                let n = self.rng.urange(0, 3);
                let mut keys: Vec<&str> = KEYS.to_vec();
                self.rng.shuffle(&mut keys);
                Expr::Hash(
                    keys[..n]
                        .iter()
                        .map(|k| (atom(*k), self.int_lit()))
                        .collect(),
                )
            }
            Ty::Obj(c) => self.new_obj(cx, c, 0),
            Ty::ArrObj(c) => {
                let o = self.new_obj(cx, c, 0);
                cx.charge(1, 1);
                Expr::Array(vec![o])
            }
            Ty::Proc(p) => self.lambda_lit(cx, p),
        }
    }

    fn int_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 {
            return self.leaf(cx, Ty::Int);
        }
        let d1 = d - 1;
        for _ in 0..8 {
            let choice = self.rng.weighted(&[14, 16, 5, 4, 4, 5, 3, 3, 3, 3, 3, 2]);
            let e = match choice {
                0 => Some(self.leaf(cx, Ty::Int)),
                1 => {
                    let op = *self.rng.pick(&["+", "-", "*", "+", "-"]);
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(bin(a, op, b))
                }
                2 => {
                    let op = *self.rng.pick(&["/", "%"]);
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    let divisor = bin(call(Some(b), "abs", vec![]), "+", int(1));
                    let divisor = if self.rng.chance(30) {
                        Expr::Unary("-".into(), Box::new(divisor))
                    } else {
                        divisor
                    };
                    Some(bin(a, op, divisor))
                }
                3 => {
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(match self.rng.index(4) {
                        0 => bin(a, "&", b),
                        1 => bin(a, "|", b),
                        2 => bin(a, "^", b),
                        _ => {
                            let op = *self.rng.pick(&["<<", ">>"]);
                            let count = bin(b, "&", int(7));
                            if self.rng.chance(20) {
                                bin(a, op, Expr::Unary("-".into(), Box::new(count)))
                            } else {
                                bin(a, op, count)
                            }
                        }
                    })
                }
                4 => {
                    let a = self.expr(cx, Ty::Int, d1);
                    Some(match self.rng.index(6) {
                        5 => Expr::Unary("~".into(), Box::new(a)),
                        0 => Expr::Unary("-".into(), Box::new(a)),
                        1 => call(Some(a), "abs", vec![]),
                        2 => call(Some(a), "succ", vec![]),
                        3 => call(Some(a), "pred", vec![]),
                        _ => bin(a, "**", int(2)),
                    })
                }
                5 => self.int_from_other(cx, d1),
                6 => {
                    let c = self.expr(cx, Ty::Bool, d1);
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(Expr::Ternary(Box::new(c), Box::new(a), Box::new(b)))
                }
                7 => {
                    let f = self.expr(cx, Ty::Float, d1);
                    Some(call(None, "fz_i", vec![f]))
                }
                8 if cx.affords(12, 1) => self.int_from_array_block(cx, d1),
                9 => {
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(match self.rng.index(6) {
                        0 => call(Some(a), "gcd", vec![b]),
                        1 => call(Some(a), "pow", vec![self.small(2, 5), atom("1000003")]),
                        2 => call(Some(a), "clamp", vec![int(-100), self.small(0, 5000)]),
                        3 => call(Some(a), "bit_length", vec![]),
                        4 => call(
                            Some(atom("Integer")),
                            "sqrt",
                            vec![call(Some(a), "abs", vec![])],
                        ),
                        _ => bin(a, "<=>", b),
                    })
                }
                10 => {
                    let n = self.expr(cx, Ty::Num, d1);
                    Some(call(None, "fz_i", vec![call(Some(n), "to_f", vec![])]))
                }
                _ => {
                    // A Struct-free pair: [a, b].max / .min / .sum
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    cx.charge(1, 1);
                    let m = *self.rng.pick(&["max", "min", "sum"]);
                    Some(call(Some(Expr::Array(vec![a, b])), m, vec![]))
                }
            };
            if let Some(e) = e {
                return e;
            }
        }
        self.leaf(cx, Ty::Int)
    }

    /// An Integer computed from a value of another type.
    fn int_from_other(&mut self, cx: &mut Cx, d: u32) -> Option<Expr> {
        Some(match self.rng.index(9) {
            0 => {
                let s = self.expr(cx, Ty::Str, d);
                let m = *self.rng.pick(&["length", "size", "bytesize", "to_i"]);
                call(Some(s), m, vec![])
            }
            1 => {
                let s = self.expr(cx, Ty::Str, d);
                call(Some(s), "count", vec![string("a-m")])
            }
            2 => {
                let a = self.expr(cx, Ty::ArrInt, d);
                match self.rng.index(5) {
                    0 => call(Some(a), "size", vec![]),
                    1 => call(Some(a), "sum", vec![]),
                    2 => bin(call(Some(a), "max", vec![]), "||", int(0)),
                    3 => bin(call(Some(a), "first", vec![]), "||", int(-1)),
                    _ => {
                        let i = self.expr(cx, Ty::Int, d);
                        bin(
                            Expr::Index(Box::new(a), vec![bin(i, "%", int(9))]),
                            "||",
                            int(0),
                        )
                    }
                }
            }
            3 => {
                let h = self.expr(cx, Ty::HashInt, d);
                match self.rng.index(4) {
                    0 => call(Some(h), "size", vec![]),
                    1 => {
                        let k = self.key_lit();
                        call(Some(h), "fetch", vec![k, int(0)])
                    }
                    2 => call(Some(call(Some(h), "values", vec![])), "sum", vec![]),
                    _ => {
                        let k = self.key_lit();
                        bin(Expr::Index(Box::new(h), vec![k]), "||", int(0))
                    }
                }
            }
            4 => {
                let s = self.expr(cx, Ty::Sym, d);
                call(Some(s), "length", vec![])
            }
            5 => {
                let b = self.expr(cx, Ty::Bool, d);
                Expr::Ternary(Box::new(b), Box::new(int(1)), Box::new(int(0)))
            }
            6 => {
                let class = self.some_class(cx)?;
                let objs = self.expr(cx, Ty::ArrObj(class), d);
                call(Some(objs), "size", vec![])
            }
            7 => {
                let f = self.expr(cx, Ty::Float, d);
                let m = *self.rng.pick(&["floor", "ceil", "round", "to_i"]);
                // Guard against Infinity/NaN.
                Expr::Ternary(
                    Box::new(call(Some(f.clone()), "finite?", vec![])),
                    Box::new(call(Some(f), m, vec![])),
                    Box::new(int(0)),
                )
            }
            _ => {
                let a = self.expr(cx, Ty::Int, d);
                call(
                    Some(call(Some(call(Some(a), "to_s", vec![])), "size", vec![])),
                    "+",
                    vec![int(0)],
                )
            }
        })
    }

    /// An Integer from an Array with a block (count, inject, sum, ...).
    fn int_from_array_block(&mut self, cx: &mut Cx, d: u32) -> Option<Expr> {
        let use_objs = self.rng.chance(35);
        let (recv, elem_ty) = match (use_objs, self.some_class(cx)) {
            (true, Some(c)) => (self.expr(cx, Ty::ArrObj(c), d), Ty::Obj(c)),
            _ => (self.expr(cx, Ty::ArrInt, d), Ty::Int),
        };
        let x = self.fresh("x");
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(6);
        let e = match self.rng.index(4) {
            0 => {
                let body = self.block_value(cx, &[(&x, elem_ty)], Ty::Bool, d, false);
                call_block(Some(recv), "count", vec![], &[&x], body)
            }
            1 => {
                let s = self.fresh("s");
                let init = self.small(0, 3);
                let body = self.block_value(cx, &[(&s, Ty::Int), (&x, elem_ty)], Ty::Int, d, true);
                let m = *self.rng.pick(&["inject", "reduce"]);
                call_block(Some(recv), m, vec![init], &[&s, &x], body)
            }
            2 => {
                let body = self.block_value(cx, &[(&x, elem_ty)], Ty::Int, d, false);
                call_block(Some(recv), "sum", vec![], &[&x], body)
            }
            _ => {
                let body = self.block_value(cx, &[(&x, elem_ty)], Ty::Bool, d, false);
                bin(
                    call_block(Some(recv), "find_index", vec![], &[&x], body),
                    "||",
                    int(-1),
                )
            }
        };
        cx.mult = saved;
        Some(e)
    }

    fn float_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 {
            return self.leaf(cx, Ty::Float);
        }
        let d1 = d - 1;
        match self.rng.weighted(&[14, 14, 6, 5, 4, 3, 3]) {
            0 => self.leaf(cx, Ty::Float),
            1 => {
                // Float with Float, or Float with Integer in either order.
                let op = *self.rng.pick(&["+", "-", "*"]);
                let a = self.expr(cx, Ty::Float, d1);
                let b = if self.rng.chance(40) {
                    self.expr(cx, Ty::Int, d1)
                } else {
                    self.expr(cx, Ty::Float, d1)
                };
                if self.rng.chance(50) {
                    bin(a, op, b)
                } else {
                    bin(b, op, a)
                }
            }
            2 => {
                let a = self.expr(cx, Ty::Float, d1);
                let b = self.expr(cx, Ty::Num, d1);
                bin(a, "/", bin(call(Some(b), "abs", vec![]), "+", atom("1.0")))
            }
            3 => {
                let i = self.expr(cx, Ty::Int, d1);
                match self.rng.index(3) {
                    0 => call(Some(i), "to_f", vec![]),
                    1 => {
                        let j = self.expr(cx, Ty::Int, d1);
                        call(
                            Some(i),
                            "fdiv",
                            vec![bin(call(Some(j), "abs", vec![]), "+", int(1))],
                        )
                    }
                    _ => bin(i, "*", atom("0.5")),
                }
            }
            4 => {
                let f = self.expr(cx, Ty::Float, d1);
                match self.rng.index(5) {
                    0 => call(Some(f), "abs", vec![]),
                    1 => Expr::Unary("-".into(), Box::new(f)),
                    2 => call(Some(f), "round", vec![self.small(1, 3)]),
                    3 => call(
                        Some(atom("Math")),
                        "sqrt",
                        vec![call(Some(f), "abs", vec![])],
                    ),
                    _ => bin(f, "%", atom("7.5")),
                }
            }
            5 => {
                let c = self.expr(cx, Ty::Bool, d1);
                let a = self.expr(cx, Ty::Float, d1);
                let b = self.expr(cx, Ty::Float, d1);
                Expr::Ternary(Box::new(c), Box::new(a), Box::new(b))
            }
            _ => {
                let n = self.expr(cx, Ty::Num, d1);
                call(Some(n), "to_f", vec![])
            }
        }
    }

    fn num_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || self.rng.chance(30) {
            return self.leaf(cx, Ty::Num);
        }
        let d1 = d - 1;
        match self.rng.weighted(&[5, 5, 8, 3, 2]) {
            0 => self.expr(cx, Ty::Int, d),
            1 => self.expr(cx, Ty::Float, d),
            2 => {
                let op = *self.rng.pick(&["+", "-", "*"]);
                let a = self.expr(cx, Ty::Num, d1);
                let b = self.expr(cx, Ty::Num, d1);
                bin(a, op, b)
            }
            3 => {
                let a = self.expr(cx, Ty::Num, d1);
                let b = self.expr(cx, Ty::Num, d1);
                let op = *self.rng.pick(&["%", "/"]);
                bin(a, op, bin(call(Some(b), "abs", vec![]), "+", int(1)))
            }
            _ => {
                let a = self.expr(cx, Ty::Num, d1);
                match self.rng.index(3) {
                    0 => call(Some(a), "abs", vec![]),
                    1 => Expr::Unary("-".into(), Box::new(a)),
                    _ => {
                        let b = self.expr(cx, Ty::Num, d1);
                        cx.charge(1, 1);
                        call(Some(Expr::Array(vec![a, b])), "max", vec![])
                    }
                }
            }
        }
    }

    fn str_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || !cx.affords(4, 2) {
            return self.leaf(cx, Ty::Str);
        }
        let d1 = d - 1;
        cx.charge(1, 1);
        match self.rng.weighted(&[10, 6, 12, 8, 4, 3, 3, 2]) {
            0 => self.leaf(cx, Ty::Str),
            1 => {
                let a = self.expr(cx, Ty::Str, d1);
                let b = self.expr(cx, Ty::Str, d1);
                bin(a, "+", b)
            }
            2 => {
                let n = self.rng.urange(1, 3);
                let mut parts = Vec::new();
                for i in 0..n {
                    if i > 0 || self.rng.chance(50) {
                        parts.push(Part::Text(
                            self.rng.pick(&["", "-", ":", " ", "x="]).to_string(),
                        ));
                    }
                    let ty = self.printable_ty(cx);
                    let e = self.expr(cx, ty, d1);
                    parts.push(Part::Code(e));
                }
                Expr::Interp(parts)
            }
            3 => {
                let s = self.expr(cx, Ty::Str, d1);
                let m = *self.rng.pick(&[
                    "upcase",
                    "downcase",
                    "capitalize",
                    "reverse",
                    "strip",
                    "succ",
                    "swapcase",
                    "squeeze",
                ]);
                call(Some(s), m, vec![])
            }
            4 => {
                let s = self.expr(cx, Ty::Str, d1);
                match self.rng.index(8) {
                    7 => {
                        let i = self.expr(cx, Ty::Int, d1);
                        bin(
                            Expr::Index(Box::new(s), vec![bin(i, "%", int(7))]),
                            "||",
                            string("-"),
                        )
                    }
                    0 => Expr::Index(Box::new(s), vec![int(0), self.small(0, 4)]),
                    1 => call(Some(s), "center", vec![self.small(0, 12), string("*")]),
                    2 => call(Some(s), "tr", vec![string("a-y"), string("b-z")]),
                    3 => call(Some(s), "sub", vec![string("o"), string("0")]),
                    4 => call(Some(s), "gsub", vec![string("a"), string("4")]),
                    5 => call(Some(s), "delete", vec![string("l")]),
                    _ => {
                        let n = self.expr(cx, Ty::Int, d1);
                        bin(s, "*", bin(n, "%", int(3)))
                    }
                }
            }
            5 => {
                let ty = self.printable_ty(cx);
                let e = self.expr(cx, ty, d1);
                let m = *self.rng.pick(&["to_s", "inspect"]);
                call(Some(e), m, vec![])
            }
            6 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                let sep = *self.rng.pick(&[",", "-", ""]);
                call(Some(a), "join", vec![string(sep)])
            }
            _ => {
                let i = self.expr(cx, Ty::Int, d1);
                match self.rng.index(3) {
                    0 => call(None, "format", vec![string("%05d|%x"), i.clone(), i]),
                    1 => {
                        let f = self.expr(cx, Ty::Float, d1);
                        call(None, "format", vec![string("%.3f/%d"), f, i])
                    }
                    _ => call(Some(i), "to_s", vec![self.small(2, 16)]),
                }
            }
        }
    }

    /// A type that prints deterministically (for interpolation and `p`).
    pub fn printable_ty(&mut self, cx: &Cx) -> Ty {
        let mut options = vec![
            Ty::Int,
            Ty::Int,
            Ty::Float,
            Ty::Num,
            Ty::Str,
            Ty::Bool,
            Ty::Sym,
            Ty::ArrInt,
            Ty::HashInt,
        ];
        if let Some(c) = self.some_class(cx) {
            options.push(Ty::Obj(c));
        }
        *self.rng.pick(&options)
    }

    fn bool_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 {
            let vars = self.vars_of(cx, Ty::Bool);
            if !vars.is_empty() && self.rng.chance(40) {
                return self.rng.pick(&vars).clone();
            }
            // A cheap comparison rather than a constant.
            let a = self.leaf(cx, Ty::Int);
            let b = self.leaf(cx, Ty::Int);
            let op = *self.rng.pick(&["<", ">", "==", "!=", "<=", ">="]);
            return bin(a, op, b);
        }
        let d1 = d - 1;
        match self.rng.weighted(&[14, 6, 4, 4, 5, 4, 3, 3, 3]) {
            0 => {
                let ty = *self.rng.pick(&[Ty::Int, Ty::Int, Ty::Num, Ty::Float]);
                let ty2 = if ty == Ty::Int { Ty::Int } else { Ty::Num };
                let a = self.expr(cx, ty, d1);
                let b = self.expr(cx, ty2, d1);
                let op = *self.rng.pick(&["<", ">", "==", "!=", "<=", ">="]);
                bin(a, op, b)
            }
            1 => {
                let a = self.expr(cx, Ty::Int, d1);
                let m = *self
                    .rng
                    .pick(&["even?", "odd?", "zero?", "positive?", "negative?"]);
                call(Some(a), m, vec![])
            }
            2 => {
                let op = *self.rng.pick(&["&&", "||"]);
                let a = self.expr(cx, Ty::Bool, d1);
                let b = self.expr(cx, Ty::Bool, d1);
                bin(a, op, b)
            }
            3 => {
                let a = self.expr(cx, Ty::Bool, d1);
                Expr::Unary("!".into(), Box::new(a))
            }
            4 => {
                let s = self.expr(cx, Ty::Str, d1);
                match self.rng.index(5) {
                    0 => call(Some(s), "empty?", vec![]),
                    1 => call(Some(s), "start_with?", vec![string("a")]),
                    2 => call(Some(s), "include?", vec![string("o")]),
                    3 => {
                        let t = self.expr(cx, Ty::Str, d1);
                        let op = *self.rng.pick(&["<", "<=", ">", ">="]);
                        bin(s, op, t)
                    }
                    _ => {
                        let t = self.expr(cx, Ty::Str, d1);
                        bin(s, "==", t)
                    }
                }
            }
            5 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                match self.rng.index(3) {
                    0 => call(Some(a), "empty?", vec![]),
                    1 => {
                        let x = self.expr(cx, Ty::Int, d1);
                        call(Some(a), "include?", vec![x])
                    }
                    _ => {
                        let x = self.fresh("x");
                        let saved = cx.mult;
                        cx.mult = cx.mult.saturating_mul(6);
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Bool, d1, false);
                        cx.mult = saved;
                        let m = *self.rng.pick(&["any?", "all?", "none?"]);
                        call_block(Some(a), m, vec![], &[&x], body)
                    }
                }
            }
            6 => {
                let Some(c) = self.some_class(cx) else {
                    return self.bool_expr(cx, 0);
                };
                let o = self.expr(cx, Ty::Obj(c), d1);
                let sub = self.subtree(c);
                let target = self.classes[*self.rng.pick(&sub)].name.clone();
                if self.rng.chance(30) {
                    // Identity or a user-defined `==` (compiled code may only
                    // compare identities while `==` is BasicObject's).
                    let o2 = self.expr(cx, Ty::Obj(c), d1);
                    return match self.rng.index(3) {
                        0 => bin(o, "==", o2),
                        1 => bin(o, "!=", o2),
                        _ => call(Some(o), "equal?", vec![o2]),
                    };
                }
                match self.rng.index(4) {
                    0 => call(Some(o), "is_a?", vec![atom(target)]),
                    1 => call(Some(o), "instance_of?", vec![atom(target)]),
                    2 => bin(atom(target), "===", o),
                    _ => {
                        let methods = self.methods_of(c);
                        let name = if methods.is_empty() || self.rng.chance(30) {
                            "nope".to_owned()
                        } else {
                            self.callables[*self.rng.pick(&methods)].name.clone()
                        };
                        call(Some(o), "respond_to?", vec![atom(format!(":{name}"))])
                    }
                }
            }
            7 => {
                let h = self.expr(cx, Ty::HashInt, d1);
                let k = self.key_lit();
                call(Some(h), "key?", vec![k])
            }
            _ => {
                let lo = self.small(-2, 5);
                let hi = self.small(5, 40);
                let x = self.expr(cx, Ty::Int, d1);
                bin(Expr::Range(Box::new(lo), Box::new(hi), false), "===", x)
            }
        }
    }

    fn sym_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || self.rng.chance(60) {
            return self.leaf(cx, Ty::Sym);
        }
        let s = self.expr(cx, Ty::Str, d - 1);
        call(Some(s), "to_sym", vec![])
    }

    fn arr_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || !cx.affords(20, 3) {
            return self.leaf(cx, Ty::ArrInt);
        }
        let d1 = d - 1;
        cx.charge(2, 1);
        match self.rng.weighted(&[8, 8, 8, 6, 4, 4, 3, 3]) {
            0 => self.leaf(cx, Ty::ArrInt),
            1 => {
                let n = self.rng.urange(1, 4);
                Expr::Array((0..n).map(|_| self.expr(cx, Ty::Int, d1)).collect())
            }
            2 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                let x = self.fresh("x");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(6);
                let e = match self.rng.index(5) {
                    0 | 1 => {
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Int, d1, false);
                        call_block(Some(a), "map", vec![], &[&x], body)
                    }
                    2 => {
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Bool, d1, false);
                        let m = *self.rng.pick(&["select", "reject", "filter"]);
                        call_block(Some(a), m, vec![], &[&x], body)
                    }
                    3 => {
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Int, d1, false);
                        // Keys made unique with the element itself.
                        let body = match body.as_slice() {
                            [Stmt::Expr(k)] => {
                                vec![Stmt::Expr(Expr::Array(vec![k.clone(), atom(x.clone())]))]
                            }
                            _ => vec![Stmt::Expr(Expr::Array(vec![int(0), atom(x.clone())]))],
                        };
                        call_block(Some(a), "sort_by", vec![], &[&x], body)
                    }
                    _ => {
                        let i = self.fresh("i");
                        let body = self.block_value(
                            cx,
                            &[(&x, Ty::Int), (&i, Ty::Int)],
                            Ty::Int,
                            d1,
                            false,
                        );
                        call_block(
                            Some(call(Some(a), "each_with_index", vec![])),
                            "map",
                            vec![],
                            &[&x, &i],
                            body,
                        )
                    }
                };
                cx.mult = saved;
                e
            }
            3 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                match self.rng.index(8) {
                    0 => call(Some(a), "sort", vec![]),
                    1 => call(Some(a), "reverse", vec![]),
                    2 => call(Some(a), "uniq", vec![]),
                    3 => call(Some(a), "first", vec![self.small(0, 3)]),
                    4 => call(Some(a), "drop", vec![self.small(0, 2)]),
                    5 => call(Some(a), "rotate", vec![self.small(-2, 3)]),
                    6 => call(
                        Some(call(Some(a), "each_slice", vec![int(2)])),
                        "map",
                        vec![],
                    )
                    .with_block_pass(":sum"),
                    _ => call(Some(a), "take", vec![self.small(1, 4)]),
                }
            }
            4 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                let b = self.expr(cx, Ty::ArrInt, d1);
                let op = *self.rng.pick(&["+", "-", "&", "|"]);
                bin(a, op, b)
            }
            5 => {
                let Some(c) = self.some_class(cx) else {
                    return self.leaf(cx, Ty::ArrInt);
                };
                let objs = self.expr(cx, Ty::ArrObj(c), d1);
                let o = self.fresh("o");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(6);
                let body = self.block_value(cx, &[(&o, Ty::Obj(c))], Ty::Int, d1, false);
                cx.mult = saved;
                call_block(Some(objs), "map", vec![], &[&o], body)
            }
            6 => {
                let h = self.expr(cx, Ty::HashInt, d1);
                call(Some(h), "values", vec![])
            }
            _ => {
                let n = self.expr(cx, Ty::Int, d1);
                match self.rng.index(3) {
                    0 => call(
                        Some(Expr::Range(
                            Box::new(int(0)),
                            Box::new(bin(n, "%", int(5))),
                            true,
                        )),
                        "to_a",
                        vec![],
                    ),
                    1 => call(Some(call(Some(n), "abs", vec![])), "digits", vec![]),
                    _ => {
                        let s = self.expr(cx, Ty::Str, d1);
                        call(Some(s), "bytes", vec![])
                    }
                }
            }
        }
    }

    fn hash_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || !cx.affords(20, 3) {
            return self.leaf(cx, Ty::HashInt);
        }
        let d1 = d - 1;
        cx.charge(2, 1);
        match self.rng.weighted(&[6, 6, 4, 4, 3]) {
            0 => self.leaf(cx, Ty::HashInt),
            1 => {
                let n = self.rng.urange(1, 3);
                let mut keys: Vec<&str> = KEYS.to_vec();
                self.rng.shuffle(&mut keys);
                Expr::Hash(
                    keys[..n]
                        .iter()
                        .map(|k| (atom(*k), self.expr(cx, Ty::Int, d1)))
                        .collect(),
                )
            }
            2 => {
                let a = self.expr(cx, Ty::HashInt, d1);
                let b = self.expr(cx, Ty::HashInt, d1);
                call(Some(a), "merge", vec![b])
            }
            3 => {
                let h = self.expr(cx, Ty::HashInt, d1);
                let v = self.fresh("v");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(4);
                let body = self.block_value(cx, &[(&v, Ty::Int)], Ty::Int, d1, false);
                cx.mult = saved;
                call_block(Some(h), "transform_values", vec![], &[&v], body)
            }
            _ => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                call(Some(a), "tally", vec![])
            }
        }
    }

    /// A class some object expression can be made of here.
    pub fn some_class(&mut self, cx: &Cx) -> Option<usize> {
        if self.classes.is_empty() || cx.in_init {
            return None;
        }
        // Prefer classes of objects in scope.
        let in_scope: Vec<usize> = cx
            .locals()
            .filter_map(|(_, t)| match t {
                Ty::Obj(c) | Ty::ArrObj(c) => Some(*c),
                _ => None,
            })
            .collect();
        if !in_scope.is_empty() && self.rng.chance(75) {
            return Some(*self.rng.pick(&in_scope));
        }
        Some(self.rng.index(self.classes.len()))
    }

    fn obj_expr(&mut self, cx: &mut Cx, class: usize, d: u32) -> Expr {
        let vars = self.vars_of(cx, Ty::Obj(class));
        if !vars.is_empty() && self.rng.chance(75) {
            let v = self.rng.pick(&vars).clone();
            return v;
        }
        let arrs = self.vars_of(cx, Ty::ArrObj(class));
        if !arrs.is_empty() && self.rng.chance(50) {
            let a = self.rng.pick(&arrs).clone();
            return match self.rng.index(3) {
                0 => call(Some(a), "first", vec![]),
                1 => call(Some(a), "last", vec![]),
                _ => {
                    let i = self.leaf(cx, Ty::Int);
                    Expr::Index(
                        Box::new(a.clone()),
                        vec![bin(i, "%", call(Some(a), "size", vec![]))],
                    )
                }
            };
        }
        self.new_obj(cx, class, d)
    }

    /// `K.new(args)` for `class` or one of its subclasses.
    pub fn new_obj(&mut self, cx: &mut Cx, class: usize, d: u32) -> Expr {
        let sub = self.subtree(class);
        let k = *self.rng.pick(&sub);
        let (cost, allocs) = (self.classes[k].new_cost, self.classes[k].new_allocs);
        cx.charge(cost, allocs);
        let params = self.new_params(k);
        let args = self.args_for(cx, &params, d.min(1));
        call_full(Some(atom(self.classes[k].name.clone())), "new", args, None)
    }

    fn arr_obj_expr(&mut self, cx: &mut Cx, class: usize, d: u32) -> Expr {
        let vars = self.vars_of(cx, Ty::ArrObj(class));
        if !vars.is_empty() && (d == 0 || self.rng.chance(70)) {
            let v = self.rng.pick(&vars).clone();
            if d > 0 && self.rng.chance(30) {
                return match self.rng.index(3) {
                    0 => call(Some(v), "reverse", vec![]),
                    1 => call(Some(v), "rotate", vec![self.small(1, 3)]),
                    _ => {
                        let o = self.obj_expr(cx, class, d - 1);
                        cx.charge(1, 1);
                        bin(v, "+", Expr::Array(vec![o]))
                    }
                };
            }
            return v;
        }
        let n = self.rng.urange(1, 4);
        cx.charge(1, 1);
        Expr::Array(
            (0..n)
                .map(|_| self.obj_expr(cx, class, d.saturating_sub(1)))
                .collect(),
        )
    }

    fn proc_expr(&mut self, cx: &mut Cx, p: usize, _d: u32) -> Expr {
        let vars = self.vars_of(cx, Ty::Proc(p));
        if !vars.is_empty() && self.rng.chance(80) {
            return self.rng.pick(&vars).clone();
        }
        self.lambda_lit(cx, p)
    }

    /// A lambda or proc literal of signature `p`, closing over the locals.
    pub fn lambda_lit(&mut self, cx: &mut Cx, p: usize) -> Expr {
        let sig = self.procs[p].clone();
        let names: Vec<String> = sig.params.iter().map(|_| self.fresh("l")).collect();
        let kind = *self.rng.pick(&[
            LambdaKind::Stabby,
            LambdaKind::Lambda,
            LambdaKind::Proc,
            LambdaKind::ProcNew,
        ]);
        let block_kind = match kind {
            LambdaKind::Stabby | LambdaKind::Lambda => BlockKind::Lambda(sig.ret),
            _ => BlockKind::Proc,
        };
        let (saved_cost, saved_allocs, saved_mult) = (cx.cost, cx.allocs, cx.mult);
        let (saved_cost_limit, saved_alloc_limit) = (cx.cost_limit, cx.alloc_limit);
        cx.cost = 0;
        cx.allocs = 0;
        cx.mult = 1;
        // A lambda's body is small: it runs wherever the lambda goes.
        cx.cost_limit = 150;
        cx.alloc_limit = 2;
        let params: Vec<(&str, Ty)> = names
            .iter()
            .zip(&sig.params)
            .map(|(n, t)| (n.as_str(), *t))
            .collect();
        let body = self.block_body(cx, &params, Some(sig.ret), block_kind, false, 1);
        let (cost, allocs) = (cx.cost, cx.allocs);
        cx.cost = saved_cost;
        cx.allocs = saved_allocs;
        cx.mult = saved_mult;
        cx.cost_limit = saved_cost_limit;
        cx.alloc_limit = saved_alloc_limit;
        cx.charge(1, 1);
        let entry = &mut self.procs[p];
        entry.cost = entry.cost.max(cost);
        entry.allocs = entry.allocs.max(allocs);
        Expr::Lambda(
            kind,
            Box::new(Block {
                params: names.into_iter().map(Param::Req).collect(),
                body,
            }),
        )
    }

    /// A proc signature with these parameter and result types (reused).
    pub fn proc_sig(&mut self, params: Vec<Ty>, ret: Ty) -> usize {
        if let Some(i) = self
            .procs
            .iter()
            .position(|p| p.params == params && p.ret == ret)
        {
            return i;
        }
        self.procs.push(ProcSig {
            params,
            ret,
            cost: 1,
            allocs: 0,
        });
        self.procs.len() - 1
    }

    /// A block body that computes a value (an expression, sometimes after a
    /// statement or two).
    pub fn block_value(
        &mut self,
        cx: &mut Cx,
        params: &[(&str, Ty)],
        ret: Ty,
        d: u32,
        allow_stmts: bool,
    ) -> Vec<Stmt> {
        if (allow_stmts || self.rng.chance(20)) && !cx.in_init {
            return self.block_body(cx, params, Some(ret), BlockKind::Direct, false, d);
        }
        cx.push_scope();
        for (n, t) in params {
            cx.declare(n, *t);
        }
        let e = self.expr(cx, ret, d);
        cx.pop_scope();
        vec![Stmt::Expr(e)]
    }

    /// A block's body: a few statements, then a value of `ret` (if any).
    pub fn block_body(
        &mut self,
        cx: &mut Cx,
        params: &[(&str, Ty)],
        ret: Option<Ty>,
        kind: BlockKind,
        break_ok: bool,
        d: u32,
    ) -> Vec<Stmt> {
        cx.push_scope();
        for (n, t) in params {
            cx.declare(n, *t);
        }
        cx.loops.push(LoopCx::Block {
            next_ty: ret,
            break_ok,
            kind,
        });
        cx.depth += 1;
        let n = if cx.depth >= 3 {
            0
        } else {
            self.rng.urange(0, 2)
        };
        let mut body = self.stmts(cx, n);
        if let Some(ret) = ret {
            let e = self.expr(cx, ret, d.max(1));
            body.push(Stmt::Expr(e));
        }
        cx.depth -= 1;
        cx.loops.pop();
        cx.pop_scope();
        body
    }

    // -- calls -------------------------------------------------------------------

    /// Arguments for parameters `params`.
    pub fn args_for(&mut self, cx: &mut Cx, params: &[PSpec], d: u32) -> Vec<Arg> {
        let mut positional = Vec::new();
        let mut keywords = Vec::new();
        // Optional positionals may be left out from the end only.
        let opt_count = params
            .iter()
            .filter(|p| matches!(p.kind, PKind::Opt(_)))
            .count();
        let given_opts = self.rng.urange(0, opt_count);
        let mut opts_seen = 0;
        let mut skipped_opt = false;
        for p in params {
            match &p.kind {
                PKind::Req => {
                    let e = self.expr(cx, p.ty, d);
                    positional.push(Arg::Pos(e));
                }
                PKind::Opt(_) => {
                    opts_seen += 1;
                    if opts_seen <= given_opts {
                        let e = self.expr(cx, p.ty, d);
                        positional.push(Arg::Pos(e));
                    } else {
                        skipped_opt = true;
                    }
                }
                PKind::Rest => {
                    if skipped_opt {
                        continue;
                    }
                    match self.rng.index(3) {
                        0 => {}
                        1 => {
                            for _ in 0..self.rng.urange(1, 3) {
                                let e = self.expr(cx, Ty::Int, d);
                                positional.push(Arg::Pos(e));
                            }
                        }
                        _ => {
                            let a = self.expr(cx, Ty::ArrInt, d);
                            positional.push(Arg::Splat(a));
                        }
                    }
                }
                PKind::Key(default) => {
                    if default.is_none() || self.rng.chance(55) {
                        let e = self.expr(cx, p.ty, d);
                        keywords.push(Arg::Key(p.name.clone(), e));
                    }
                }
                PKind::KwRest => {
                    if self.rng.chance(50) {
                        let e = self.expr(cx, Ty::Int, d);
                        keywords.push(Arg::Key("extra".into(), e));
                    }
                }
                PKind::Block => {}
            }
        }
        self.rng.shuffle(&mut keywords);
        positional.extend(keywords);
        positional
    }

    /// The block for a call to a method with block signature `sig`
    /// (None when an optional block is left out).
    pub fn block_for(
        &mut self,
        cx: &mut Cx,
        sig: &BlockSig,
        yields: u64,
        break_ok: bool,
        d: u32,
    ) -> Option<BlockArg> {
        if sig.optional && self.rng.chance(25) {
            return None;
        }
        let p = self.proc_sig(sig.params.clone(), sig.ret);
        let procs: Vec<Expr> = self.vars_of(cx, Ty::Proc(p));
        if !procs.is_empty() && self.rng.chance(40) {
            let pr = self.rng.pick(&procs).clone();
            cx.charge(
                self.procs[p].cost * yields.max(1),
                self.procs[p].allocs * yields.max(1),
            );
            return Some(BlockArg::Pass(pr));
        }
        if sig.params == [Ty::Int] && sig.ret == Ty::Int && self.rng.chance(15) {
            return Some(BlockArg::Pass(atom(
                *self.rng.pick(&[":succ", ":abs", ":pred", ":-@"]),
            )));
        }
        let names: Vec<String> = sig.params.iter().map(|_| self.fresh("b")).collect();
        let params: Vec<(&str, Ty)> = names
            .iter()
            .zip(&sig.params)
            .map(|(n, t)| (n.as_str(), *t))
            .collect();
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(yields.max(1));
        let body = self.block_body(cx, &params, Some(sig.ret), BlockKind::Direct, break_ok, d);
        cx.mult = saved;
        Some(BlockArg::Literal(Block {
            params: names.into_iter().map(Param::Req).collect(),
            body,
        }))
    }

    /// A call to a generated method returning `ty`, if one is reachable
    /// and affordable from here.
    pub fn call_expr(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Option<Expr> {
        self.call_expr_with(cx, ty, d, false)
    }

    /// As `call_expr`; `stmt` when the call's value is unused (a block may
    /// then `break`).
    pub fn call_expr_with(&mut self, cx: &mut Cx, ty: Ty, d: u32, stmt: bool) -> Option<Expr> {
        if cx.in_init {
            return None;
        }
        // Candidates: (callable, static receiver class or None for functions
        // and self calls, via self).
        let mut cands: Vec<(usize, Option<usize>, bool)> = Vec::new();
        for (id, m) in self.callables.iter().enumerate() {
            if m.rank <= cx.rank || !m.done || !self.fits(m.ret, ty) && !stmt {
                continue;
            }
            match m.owner {
                Owner::Function => cands.push((id, None, false)),
                Owner::ClassMethod(_) => cands.push((id, None, false)),
                Owner::Method(c) => {
                    if let Some(sc) = cx.self_class {
                        if !cx.in_init && self.is_a(sc, c) {
                            cands.push((id, Some(c), true));
                        }
                    }
                    if !m.private {
                        cands.push((id, Some(c), false));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        for _ in 0..4 {
            let (id, class, via_self) = *self.rng.pick(&cands);
            let m = self.callables[id].clone();
            let (cost, allocs, raises) = match (m.owner, class) {
                (Owner::Method(_), Some(c)) => {
                    let static_class = if via_self {
                        cx.self_class.expect("self class")
                    } else {
                        c
                    };
                    self.dispatch_cost(static_class, id)
                }
                _ => (m.cost, m.allocs, m.may_raise),
            };
            if !cx.affords(cost + 4, allocs) {
                continue;
            }
            cx.charge(cost + 2, allocs);
            cx.may_raise |= raises;
            let recv = match (m.owner, class) {
                (Owner::Function, _) => None,
                (Owner::ClassMethod(c), _) => Some(atom(self.classes[c].name.clone())),
                (Owner::Method(_), Some(_)) if via_self => {
                    if m.private || self.rng.chance(60) {
                        None
                    } else {
                        Some(atom("self"))
                    }
                }
                (Owner::Method(_), Some(c)) => Some(self.obj_expr(cx, c, d)),
                (Owner::Method(_), None) => unreachable!("methods have a class"),
            };
            let args = self.args_for(cx, &m.params, d);
            let block = match &m.block {
                Some(sig) => self.block_for(cx, sig, m.yields, stmt, d),
                None => None,
            };
            // Sometimes through send/public_send or a Method object, or
            // with a safe navigation.
            if let (Some(r), false) = (&recv, m.private) {
                if block.is_none() && self.rng.chance(4) {
                    let method = call(
                        Some(r.clone()),
                        "method",
                        vec![atom(format!(":{}", m.name))],
                    );
                    return Some(call_full(Some(method), "call", args, None));
                }
                if block.is_none() && self.rng.chance(8) {
                    let mut sargs = vec![Arg::Pos(atom(format!(":{}", m.name)))];
                    sargs.extend(args);
                    let how = *self.rng.pick(&["send", "public_send"]);
                    return Some(call_full(Some(r.clone()), how, sargs, None));
                }
            }
            let mut e = call_full(recv, &m.name, args, block);
            if let Expr::Call(c) = &mut e {
                if c.recv.is_some()
                    && !via_self
                    && self.rng.chance(5)
                    && (self.allows("safe-nav-block") || c.block.is_none())
                {
                    c.safe_nav = true;
                }
            }
            return Some(e);
        }
        None
    }

    /// Control flow used as a value: `if`, `case`, `begin/rescue`,
    /// `catch/throw`, a `yield`, a proc call, `super`.
    fn control_expr(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Option<Expr> {
        match self.rng.index(7) {
            0 => {
                let cond = self.expr(cx, Ty::Bool, d);
                let then = self.value_body(cx, ty, d);
                let els = self.value_body(cx, ty, d);
                Some(Expr::Stmt(Box::new(Stmt::If {
                    cond,
                    then,
                    els,
                    unless: self.rng.chance(20),
                    modifier: false,
                })))
            }
            1 => {
                let subject = self.expr(cx, Ty::Int, d);
                let mut arms = Vec::new();
                for _ in 0..self.rng.urange(1, 3) {
                    let values = if self.rng.chance(50) {
                        let lo = self.rng.range(-5, 20);
                        let hi = lo + self.rng.range(0, 30);
                        vec![Expr::Range(
                            Box::new(int(i128::from(lo))),
                            Box::new(int(i128::from(hi))),
                            self.rng.chance(30),
                        )]
                    } else {
                        (0..self.rng.urange(1, 3))
                            .map(|_| self.small(-2, 12))
                            .collect()
                    };
                    arms.push((values, self.value_body(cx, ty, d)));
                }
                let els = Some(self.value_body(cx, ty, d));
                Some(Expr::Stmt(Box::new(Stmt::Case {
                    subject: Some(subject),
                    arms,
                    els,
                })))
            }
            2 => {
                let body = self.value_body(cx, ty, d);
                let fallback = self.value_body(cx, ty, 0);
                let classes = self.rescue_classes();
                Some(Expr::Stmt(Box::new(Stmt::Begin(Box::new(BeginBlock {
                    body,
                    rescues: vec![Rescue {
                        classes,
                        var: None,
                        body: fallback,
                    }],
                    else_body: Vec::new(),
                    ensure: None,
                })))))
            }
            3 => {
                let e = self.expr(cx, ty, d);
                let f = self.leaf(cx, ty);
                Some(Expr::RescueMod(Box::new(e), Box::new(f)))
            }
            4 => {
                // yield, when the method's block returns this type.
                let sig = cx.method.as_ref()?.block.clone()?;
                if sig.ret != ty || cx.in_proc_body() || cx.in_init {
                    return None;
                }
                let args: Vec<Expr> = sig.params.iter().map(|t| self.expr(cx, *t, d)).collect();
                cx.yields += cx.mult;
                let y = Expr::Yield(args);
                Some(if sig.optional {
                    let dflt = self.leaf(cx, ty);
                    Expr::Ternary(
                        Box::new(call(None, "block_given?", vec![])),
                        Box::new(y),
                        Box::new(dflt),
                    )
                } else {
                    y
                })
            }
            5 => {
                // Calling a proc in scope.
                let procs: Vec<(String, usize)> = cx
                    .locals()
                    .filter_map(|(n, t)| match t {
                        Ty::Proc(p) if self.procs[*p].ret == ty => Some((n.clone(), *p)),
                        _ => None,
                    })
                    .collect();
                if procs.is_empty() {
                    return None;
                }
                let (name, p) = self.rng.pick(&procs).clone();
                let sig = self.procs[p].clone();
                if !cx.affords(sig.cost + 2, sig.allocs) {
                    return None;
                }
                cx.charge(sig.cost + 2, sig.allocs);
                let args: Vec<Expr> = sig.params.iter().map(|t| self.expr(cx, *t, d)).collect();
                Some(match self.rng.index(4) {
                    0 => call(Some(atom(name.clone())), "call", args),
                    1 => Expr::Index(Box::new(atom(name)), args),
                    2 => call(Some(atom(name)), "yield", args),
                    _ => call(Some(atom(name)), "()", args).call_dot(),
                })
            }
            _ => {
                // super, in an override returning this type.
                let m = cx.method.clone()?;
                let super_def = m.super_def?;
                if m.ret != ty || cx.in_init || cx.in_proc_body() {
                    return None;
                }
                let (cost, allocs) = (
                    self.callables[super_def].cost,
                    self.callables[super_def].allocs,
                );
                if !cx.affords(cost + 2, allocs) {
                    return None;
                }
                cx.charge(cost + 2, allocs);
                cx.may_raise |= self.callables[super_def].may_raise;
                let params = self.callables[super_def].params.clone();
                if self.rng.chance(50) {
                    Some(Expr::Super(None, None))
                } else {
                    let args = self.args_for(cx, &params, d);
                    Some(Expr::Super(Some(args), None))
                }
            }
        }
    }

    /// Rescue clause classes for an expression-level rescue.
    pub fn rescue_classes(&mut self) -> Vec<String> {
        match self.rng.index(4) {
            0 => vec![],
            1 => vec!["FzError".into()],
            2 => vec!["StandardError".into()],
            _ => vec!["ZeroDivisionError".into(), "FzError".into()],
        }
    }

    /// A short body whose value is of type `ty`.
    pub fn value_body(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Vec<Stmt> {
        cx.push_scope();
        let n = if cx.depth >= 2 || !self.rng.chance(30) {
            0
        } else {
            1
        };
        let mut body = self.stmts(cx, n);
        let e = self.expr(cx, ty, d);
        body.push(Stmt::Expr(e));
        cx.pop_scope();
        body
    }
}

/// Small conveniences on expressions built above.
pub trait ExprExt {
    /// Adds `&:sym` as the block of a call.
    fn with_block_pass(self, sym: &str) -> Expr;
    /// Turns `recv.()(args)` into `recv.(args)`.
    fn call_dot(self) -> Expr;
}

impl ExprExt for Expr {
    fn with_block_pass(mut self, sym: &str) -> Expr {
        if let Expr::Call(c) = &mut self {
            c.block = Some(BlockArg::Pass(atom(sym)));
        }
        self
    }

    fn call_dot(mut self) -> Expr {
        if let Expr::Call(c) = &mut self {
            // Rendered as `recv.(args)`: the name `()` is printed before the
            // parenthesised arguments, giving `recv.()(args)`; use `call`
            // syntax sugar instead.
            c.name = String::new();
            if c.args.is_empty() {
                c.name = "call".into();
            }
        }
        self
    }
}
