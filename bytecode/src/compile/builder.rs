//! A method under construction ([`MethodBuilder`]): its instructions,
//! literal and call-site tables, labels, loops and cleanups, and the
//! operand-stack depth each instruction leaves ([`stack_effect`]).
//!
//! A value left on the stack and then dropped costs nothing: `emit` folds
//! `pop` into what came just before. A statement `x = 1` followed by more
//! code is `push 1; dup; store x; pop`, which becomes
//!
//! ```text
//! 1  push     1
//! 2  store    x
//! ```
//!
//! (never across a bound label, since a jump may arrive between the two).

use super::definitions::ParamKind;
use super::Source;
use crate::insn::{quickened_sends, Insn};
use crate::literal::Literal;
use crate::method::{CallSite, Method, MethodKind};
use crate::source_encoding::SourceEncoding;
use crate::symbols::Sym;
use lib_ruby_parser::Node;
use std::rc::Rc;

/// A jump target, bound to an instruction index later.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Label(pub(super) usize);

/// The innermost loop, for `break` and `next`.
pub(super) struct LoopContext {
    pub(super) break_label: Label,
    pub(super) next_label: Label,
    /// Operand-stack depth at the loop's start: `break` and `next` drop what
    /// an enclosing expression had pushed since.
    pub(super) depth: i32,
    /// How many `ensure` clauses were open when the loop started: leaving
    /// the loop runs the ones opened since.
    pub(super) ensures: usize,
    /// The start of the loop's body (`redo`).
    pub(super) redo_label: Label,
}

/// What a local jump (`return`, `break`, `next`) out of a construct must
/// do first.
pub(super) enum Cleanup {
    /// Run an `ensure` clause's body.
    Ensure(Node),
    /// Leave a rescue clause: `$!` is again what it was before its `begin`
    /// (saved in this local).
    RestoreErrinfo(u32),
}

/// A method under construction.
pub(super) struct MethodBuilder {
    pub(super) kind: MethodKind,
    pub(super) name: Sym,
    line: u32,
    pub(super) required: u32,
    pub(super) optional: u32,
    pub(super) rest: bool,
    pub(super) post: u32,
    pub(super) keywords: Vec<(Sym, bool)>,
    pub(super) keyword_rest: bool,
    pub(super) no_keywords: bool,
    /// The parameters by kind and name, in order (what `super` without
    /// arguments passes on).
    pub(super) params: Vec<(ParamKind, String)>,
    /// For a method and the blocks in it: the method's name and parameters
    /// (`super` in a block calls the method's super).
    pub(super) super_method: Option<(Sym, Vec<(ParamKind, String)>)>,
    pub(super) locals: Vec<Sym>,
    pub(super) insns: Vec<Insn>,
    lines: Vec<u32>,
    pub(super) literals: Vec<Literal>,
    /// The literals' indexes by [`literal_hash`].
    literal_index: fxhash::FxHashMap<u64, Vec<u32>>,
    /// String literals whose encoding is not the file's (see
    /// [`Method::literal_encodings`]).
    pub(super) literal_encodings: Vec<(u32, SourceEncoding)>,
    pub(super) sites: Vec<CallSite>,
    branches: u16,
    pub(super) children: Vec<Rc<Method>>,
    pub(super) spans: Vec<(u32, crate::Span)>,
    ivars: Vec<Sym>,
    constants: Vec<Sym>,
    /// Per local slot: whether a block reads or writes it (it then lives in
    /// the heap environment).
    pub(super) captured: Vec<bool>,
    /// Names of outer locals that env instructions refer to.
    pub(super) outer_names: Vec<((u8, u16), Sym)>,
    pub(super) auto_splat: bool,
    pub(super) block_param: bool,
    /// How deep in blocks this scope is (0 for a method or file).
    pub(super) block_level: u32,
    /// The label blocks are named after (`foo` in `block in foo`).
    pub(super) root_label: String,
    /// Where `redo` in a block jumps (the start of its body).
    pub(super) redo_label: Option<Label>,
    /// The line the next `rescue` compiled reports for its method frame
    /// (set by `begin` and by a method whose body is a rescue).
    pub(super) rescue_line: Option<u32>,
    pub(super) handlers: Vec<crate::Handler>,
    /// Case tables, their targets labels until `finish`.
    pub(super) case_tables: Vec<crate::CaseTable>,
    /// The cleanups around the code being compiled, outermost first: a
    /// `return`/`break`/`next` leaving them runs them.
    pub(super) ensures: Vec<Cleanup>,
    /// Where `retry` in the rescue clauses being compiled jumps, with the
    /// stack depth there and the local holding `$!` from before the
    /// `begin`, innermost last.
    pub(super) retries: Vec<(Label, i32, u32)>,
    labels: Vec<Option<u32>>,
    /// Index of the first instruction after the most recently bound label:
    /// the peephole never combines across it.
    barrier: usize,
    pub(super) depth: i32,
    pub(super) current_line: u32,
    pub(super) loops: Vec<LoopContext>,
    pub(super) temps: u32,
}

impl MethodBuilder {
    pub(super) fn new(kind: MethodKind, name: Sym, line: u32) -> MethodBuilder {
        MethodBuilder {
            kind,
            name,
            line,
            required: 0,
            optional: 0,
            rest: false,
            post: 0,
            keywords: Vec::new(),
            keyword_rest: false,
            no_keywords: false,
            params: Vec::new(),
            super_method: None,
            locals: Vec::new(),
            insns: Vec::new(),
            lines: Vec::new(),
            literals: Vec::new(),
            literal_index: Default::default(),
            literal_encodings: Vec::new(),
            sites: Vec::new(),
            branches: 0,
            children: Vec::new(),
            spans: Vec::new(),
            ivars: Vec::new(),
            constants: Vec::new(),
            captured: Vec::new(),
            outer_names: Vec::new(),
            auto_splat: false,
            block_param: false,
            block_level: 0,
            root_label: String::new(),
            redo_label: None,
            rescue_line: None,
            handlers: Vec::new(),
            case_tables: Vec::new(),
            ensures: Vec::new(),
            retries: Vec::new(),
            labels: Vec::new(),
            barrier: 0,
            depth: 0,
            current_line: line,
            loops: Vec::new(),
            temps: 0,
        }
    }

    pub(super) fn emit(&mut self, insn: Insn) {
        self.depth += stack_effect(&insn, &self.sites);
        if insn == Insn::Pop && self.insns.len() > self.barrier {
            match self.insns.last() {
                // `push x, pop`, `load x, pop`, `self, pop`, `dup, pop`: nothing.
                Some(
                    Insn::Push(_)
                    | Insn::Load(_)
                    | Insn::LoadEnv { .. }
                    | Insn::PushSelf
                    | Insn::Dup,
                ) => {
                    self.insns.pop();
                    self.lines.pop();
                    return;
                }
                // `dup, store x, pop`: `store x` (and the other stores).
                Some(
                    Insn::Store(_)
                    | Insn::StoreEnv { .. }
                    | Insn::SetIvar(_)
                    | Insn::SetGlobal(_)
                    | Insn::SetCvar(_)
                    | Insn::SetConst(_),
                ) if self.insns.len() >= 2 + self.barrier
                    && self.insns[self.insns.len() - 2] == Insn::Dup =>
                {
                    let store = self.insns.pop().unwrap();
                    self.lines.pop();
                    *self.insns.last_mut().unwrap() = store;
                    return;
                }
                _ => {}
            }
        }
        self.insns.push(insn);
        self.lines.push(self.current_line);
    }

    /// How many positional slots precede the keyword slots.
    pub(super) fn positional_slots(&self) -> u32 {
        self.required + self.optional + u32::from(self.rest) + self.post
    }

    /// A new `getivar`/`setivar` site for `name` (each has its own cache).
    pub(super) fn ivar_site(&mut self, name: Sym) -> u32 {
        self.ivars.push(name);
        (self.ivars.len() - 1) as u32
    }

    /// A new `const` site for `name` (each has its own cache).
    pub(super) fn constant_site(&mut self, name: Sym) -> u32 {
        self.constants.push(name);
        (self.constants.len() - 1) as u32
    }

    pub(super) fn literal(&mut self, literal: Literal) -> u32 {
        if let Some(index) = self.find_literal(&literal, |_| true) {
            return index;
        }
        self.add_literal(literal)
    }

    /// The index of a literal the same as `literal` that `also` accepts,
    /// if the table has one (a hash of each literal finds the candidates:
    /// a method of thousands of literals is not compiled in quadratic
    /// time).
    pub(super) fn find_literal(
        &self,
        literal: &Literal,
        also: impl Fn(u32) -> bool,
    ) -> Option<u32> {
        self.literal_index
            .get(&literal_hash(literal))?
            .iter()
            .copied()
            .find(|&index| same_literal(&self.literals[index as usize], literal) && also(index))
    }

    /// Adds `literal` to the table (a new entry, even if an equal one is
    /// there) and returns its index.
    pub(super) fn add_literal(&mut self, literal: Literal) -> u32 {
        let index = self.literals.len() as u32;
        self.literal_index
            .entry(literal_hash(&literal))
            .or_default()
            .push(index);
        self.literals.push(literal);
        index
    }

    pub(super) fn push_literal(&mut self, literal: Literal) {
        let index = self.literal(literal);
        self.emit(Insn::Push(index));
    }

    pub(super) fn local(&mut self, name: Sym) -> u32 {
        match self.locals.iter().position(|&l| l == name) {
            Some(slot) => slot as u32,
            None => {
                self.locals.push(name);
                self.captured.push(false);
                (self.locals.len() - 1) as u32
            }
        }
    }

    pub(super) fn new_label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() - 1)
    }

    pub(super) fn bind(&mut self, label: Label) {
        self.labels[label.0] = Some(self.insns.len() as u32);
        self.barrier = self.insns.len();
    }

    /// The current index as the edge of a protected range: the peephole may
    /// not merge instructions across it.
    pub(super) fn range_boundary(&mut self) -> u32 {
        self.barrier = self.insns.len();
        self.insns.len() as u32
    }

    /// Jumps are emitted with the label id as target and patched in `finish`.
    pub(super) fn jump(&mut self, label: Label) {
        self.emit(Insn::Jump(label.0 as u32));
    }

    pub(super) fn branch(&mut self, label: Label) {
        let profile = self.branches;
        self.branches += 1;
        self.emit(Insn::Branch {
            target: label.0 as u32,
            profile,
        });
    }

    pub(super) fn finish(mut self, source: &Source) -> Method {
        for insn in self.insns.iter_mut() {
            match *insn {
                Insn::Jump(ref mut target)
                | Insn::Branch { ref mut target, .. }
                | Insn::BranchNil(ref mut target) => {
                    *target = self.labels[*target as usize].expect("every label is bound");
                }
                // Locals that blocks capture live in the environment.
                Insn::Load(slot) if self.captured[slot as usize] => {
                    *insn = Insn::LoadEnv {
                        slot: slot as u16,
                        depth: 0,
                        hops: 0,
                    };
                }
                Insn::Store(slot) if self.captured[slot as usize] => {
                    *insn = Insn::StoreEnv {
                        slot: slot as u16,
                        depth: 0,
                        hops: 0,
                    };
                }
                _ => {}
            }
        }
        Method {
            kind: self.kind,
            name: self.name,
            file: source.file.clone(),
            encoding: source.encoding,
            line: self.line,
            required: self.required,
            optional: self.optional,
            rest: self.rest,
            post: self.post,
            keywords: self.keywords,
            keyword_rest: self.keyword_rest,
            no_keywords: self.no_keywords,
            locals: self.locals,
            insns: self.insns,
            lines: self.lines,
            literals: self.literals,
            literal_encodings: self.literal_encodings,
            sites: self.sites,
            branches: self.branches,
            children: self.children,
            spans: self.spans,
            ivars: self.ivars,
            constants: self.constants,
            has_env: self.captured.iter().any(|&c| c),
            auto_splat: self.auto_splat,
            block_param: self.block_param,
            outer_names: self.outer_names,
            handlers: self
                .handlers
                .into_iter()
                .map(|h| crate::Handler {
                    target: self.labels[h.target as usize].expect("bound"),
                    ..h
                })
                .collect(),
            case_tables: self
                .case_tables
                .into_iter()
                .map(|table| crate::CaseTable {
                    entries: table
                        .entries
                        .into_iter()
                        .map(|(literal, label)| {
                            (literal, self.labels[label as usize].expect("bound"))
                        })
                        .collect(),
                    otherwise: self.labels[table.otherwise as usize].expect("bound"),
                })
                .collect(),
        }
    }
}

/// A hash of a literal consistent with [`same_literal`].
fn literal_hash(literal: &Literal) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = fxhash::FxHasher::default();
    std::mem::discriminant(literal).hash(&mut hasher);
    match literal {
        Literal::Fixnum(n) => n.hash(&mut hasher),
        Literal::Bignum(n) => n.hash(&mut hasher),
        Literal::Float(f) => f.to_bits().hash(&mut hasher),
        Literal::String(bytes) | Literal::FrozenString(bytes) => bytes.hash(&mut hasher),
        Literal::Symbol(sym) => sym.hash(&mut hasher),
        Literal::Regexp { source, .. } => source.hash(&mut hasher),
        _ => {}
    }
    hasher.finish()
}

/// Literal identity for the literal table (floats by bits, so `0.0` and
/// `-0.0` stay apart).
fn same_literal(a: &Literal, b: &Literal) -> bool {
    match (a, b) {
        (Literal::Float(x), Literal::Float(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

/// How an instruction changes the operand-stack depth.
pub(crate) fn stack_effect(insn: &Insn, sites: &[CallSite]) -> i32 {
    match *insn {
        Insn::Not | Insn::Jump(_) | Insn::ToS | Insn::ToRegexp(_) => 0,
        Insn::GetSpecial(_) => 1,
        Insn::SetLastMatch => -1,
        Insn::GetConstFrom(_) | Insn::DefineModule(_) | Insn::OpenSingleton(_) => 0,
        Insn::DefineSingletonMethod(_) => 0,
        Insn::SetConst(_) | Insn::SetGlobal(_) | Insn::SetIvar(_) | Insn::SetCvar(_) => -1,
        Insn::DefineClass(_) => -1,
        Insn::SetConstIn(_) => -2,
        Insn::GetIvar(_) | Insn::GetCvar(_) => 1,
        Insn::InvokeSuper(site) => {
            let site = &sites[site as usize];
            1 - site.popped() as i32
        }
        Insn::LoadEnv { .. } | Insn::BlockParam | Insn::BlockProxy | Insn::Lambda(_) => 1,
        Insn::StoreEnv { .. } | Insn::BreakBlock | Insn::ReturnFromBlock => -1,
        Insn::RescueMatch | Insn::Reraise => -1,
        Insn::ArrayAppend | Insn::ArrayConcat | Insn::CheckMatch { .. } | Insn::NewRange { .. } => {
            -1
        }
        Insn::NewHash(n) => 1 - 2 * n as i32,
        Insn::BranchNil(_) => -1,
        Insn::Alias => -1,
        Insn::Undef => 0,
        Insn::Destructure {
            before,
            splat,
            after,
        } => before as i32 + i32::from(splat) + after as i32 - 1,
        Insn::Defined {
            kind: crate::DefinedKind::PublicMethod | crate::DefinedKind::ScopedConstant,
            ..
        } => 0,
        Insn::Defined { .. } => 1,
        Insn::EndEnsure => 0,
        Insn::Yield { argc, .. } => 1 - argc as i32,
        Insn::YieldSplat { .. } => 0,
        Insn::PushSelf | Insn::Arg(_) | Insn::HasArg(_) | Insn::Load(_) | Insn::Push(_) => 1,
        // As the `arg 0` it stands in place of (see `Insn::OptArgs`).
        Insn::OptArgs(_) => 1,
        Insn::Dup | Insn::GetConst(_) | Insn::GetGlobal(_) | Insn::DefineMethod(_) => 1,
        Insn::Unsupported(_) => 1,
        Insn::Store(_) | Insn::Branch { .. } | Insn::Return | Insn::Pop => -1,
        Insn::CaseDispatch(_) => -1,
        Insn::Send(site) | quickened_sends!(site) => {
            let site = &sites[site as usize];
            1 - site.popped() as i32
        }
        Insn::NewArray(n) | Insn::Concat(n) | Insn::NewArrayExtremum { count: n, .. } => {
            1 - n as i32
        }
    }
}
