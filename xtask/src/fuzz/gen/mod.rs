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
//!
//! This module holds the types, the context and the queries over the
//! declared classes and methods; its submodules generate, one job each:
//! `literals`, `exprs` (an expression of a type: the entry point),
//! `numbers`, `strings`, `bools`, `collections`, `objects`, `blocks`
//! (lambdas, procs and block bodies), `calls` and `control` (control flow
//! used as a value).

mod blocks;
mod bools;
mod calls;
mod collections;
mod control;
mod exprs;
mod literals;
mod numbers;
mod objects;
mod strings;

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
