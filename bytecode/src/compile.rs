//! From lib-ruby-parser's AST to bytecode.
//!
//! The compiler walks the AST once per method. Every expression leaves exactly
//! one value on the operand stack; a statement whose value is unused is
//! followed by `pop`, which a small peephole folds away where it can
//! (`dup, store x, pop` becomes `store x`; `push 1, pop` disappears). Control
//! flow is laid out with labels that are patched into instruction indexes when
//! the method is finished.
//!
//! Each statement of a body starts with `trace line`, a method starts with
//! `trace <line of def>` and ends with `trace <line of end>` before its
//! `return`, exactly as RhizomeRuby's listings show. For
//!
//! ```ruby
//! def add(a, b)
//!   a + b
//! end
//! ```
//!
//! the compiler emits
//!
//! ```text
//! 0  arg      0
//! 1  store    a
//! 2  arg      1
//! 3  store    b
//! 4  trace    1
//! 5  trace    2
//! 6  load     a
//! 7  load     b
//! 8  send     +      1
//! 9  trace    3
//! 10 return
//! ```
//!
//! A condition compiles to a jump on its truth (`compile_branch_if`), so
//! `if n < 2` becomes `send < 1; not; branch ELSE` and `a && b` in a condition
//! needs no `dup`.
//!
//! Anything the compiler does not support compiles to `unsupported "what"`,
//! which raises `NotImplementedError` only if the program reaches it.

use crate::block_forwarding;
use crate::error_highlight;
use crate::for_scope;
use crate::forwarding;
use crate::insn::{Insn, Special};
use crate::literal::Literal;
use crate::method::{call_flags, CallSite, Method, MethodKind};
use crate::source_encoding::{self, SourceEncoding};
use crate::symbols::{Sym, SymbolTable};
use crate::syntax_error::{self, SyntaxError};
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::{Loc, Node, Parser, ParserOptions};
use num_bigint::BigInt;
use num_traits::Num;
use std::rc::Rc;

/// The source of one file, with its line index.
pub struct Source<'a> {
    pub text: &'a [u8],
    pub file: Rc<str>,
    /// The encoding its magic comment names.
    pub encoding: SourceEncoding,
    line_starts: Vec<usize>,
}

impl<'a> Source<'a> {
    pub fn new(text: &'a [u8], file: &str) -> Source<'a> {
        let mut line_starts = vec![0];
        line_starts.extend(
            text.iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Source {
            text,
            file: file.into(),
            encoding: SourceEncoding::Utf8,
            line_starts,
        }
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> u32 {
        self.line_starts.partition_point(|&start| start <= offset) as u32
    }

    /// Byte offset where a 1-based line starts.
    pub fn line_start(&self, line: u32) -> usize {
        self.line_starts[(line as usize - 1).min(self.line_starts.len() - 1)]
    }
}

/// Parses and compiles a whole file into its top-level method (`<main>`).
pub fn compile_file(
    text: &[u8],
    file: &str,
    symbols: &mut SymbolTable,
) -> Result<Method, SyntaxError> {
    compile_file_as(text, file, "<main>", symbols)
}

/// [`compile_file`] with another label for the top level (a required file
/// runs as `<top (required)>`).
pub fn compile_file_as(
    text: &[u8],
    file: &str,
    label: &str,
    symbols: &mut SymbolTable,
) -> Result<Method, SyntaxError> {
    let mut source = Source::new(text, file);
    let options = ParserOptions {
        buffer_name: file.to_string(),
        record_tokens: false,
        decoder: Some(source_encoding::decoder()),
    };
    let result = Parser::new(text.to_vec(), options).do_parse();
    // The lexer stops at the first byte the file's encoding does not
    // allow, unless a syntax error came before it.
    let invalid_byte = source_encoding::check(&result, text, file);
    source.encoding = source_encoding::of_file(&result, text);
    if let Some(error) = result.diagnostics.iter().find(|d| d.is_error()) {
        if let lib_ruby_parser::DiagnosticMessage::EncodingError { .. } = &error.message {
            let name = String::from_utf8_lossy(&text[error.loc.begin..error.loc.end]);
            return Err(source_encoding::unsupported(
                &name,
                source.line_of(error.loc.begin),
                file,
            ));
        }
        match invalid_byte {
            Some((at, invalid)) if at < error.loc.end.max(error.loc.begin + 1) => {
                return Err(invalid)
            }
            _ => return Err(syntax_error::from_diagnostic(error, &source)),
        }
    }
    if let Some((_, error)) = invalid_byte {
        return Err(error);
    }
    let main = symbols.intern(label);
    let mut compiler = Compiler {
        symbols,
        source: &source,
        highlight_text: error_highlight::Text::new(text),
        error: None,
        scopes: Vec::new(),
        evaluated_targets: Vec::new(),
        frozen_string_literals: frozen_string_literals(&result.magic_comments, text),
        capture_locals: Vec::new(),
        forwarded_block: None,
    };
    let mut builder = MethodBuilder::new(MethodKind::TopLevel, main, 1);
    builder.root_label = label.to_string();
    match result.ast.as_deref() {
        Some(ast) => compiler.body(&mut builder, Some(ast)),
        None => {
            let nil = builder.literal(Literal::Nil);
            builder.emit(Insn::Push(nil));
        }
    }
    builder.emit(Insn::Return);
    if let Some(error) = compiler.error {
        return Err(error);
    }
    let mut main = builder.finish(&source);
    assign_env_hops(&mut main, &mut Vec::new());
    Ok(main)
}

/// A jump target, bound to an instruction index later.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Label(usize);

/// The innermost loop, for `break` and `next`.
struct LoopContext {
    break_label: Label,
    next_label: Label,
    /// Operand-stack depth at the loop's start: `break` and `next` drop what
    /// an enclosing expression had pushed since.
    depth: i32,
    /// How many `ensure` clauses were open when the loop started: leaving
    /// the loop runs the ones opened since.
    ensures: usize,
    /// The start of the loop's body (`redo`).
    redo_label: Label,
}

/// A method under construction.
/// What a local jump (`return`, `break`, `next`) out of a construct must
/// do first.
enum Cleanup {
    /// Run an `ensure` clause's body.
    Ensure(Node),
    /// Leave a rescue clause: `$!` is again what it was before its `begin`
    /// (saved in this local).
    RestoreErrinfo(u32),
}

struct MethodBuilder {
    kind: MethodKind,
    name: Sym,
    line: u32,
    required: u32,
    optional: u32,
    rest: bool,
    post: u32,
    keywords: Vec<(Sym, bool)>,
    keyword_rest: bool,
    /// The parameters by kind and name, in order (what `super` without
    /// arguments passes on).
    params: Vec<(ParamKind, String)>,
    /// For a method and the blocks in it: the method's name and parameters
    /// (`super` in a block calls the method's super).
    super_method: Option<(Sym, Vec<(ParamKind, String)>)>,
    locals: Vec<Sym>,
    insns: Vec<Insn>,
    lines: Vec<u32>,
    literals: Vec<Literal>,
    /// String literals whose encoding is not the file's (see
    /// [`Method::literal_encodings`]).
    literal_encodings: Vec<(u32, SourceEncoding)>,
    sites: Vec<CallSite>,
    branches: u16,
    children: Vec<Rc<Method>>,
    spans: Vec<(u32, crate::Span)>,
    ivars: Vec<Sym>,
    /// Per local slot: whether a block reads or writes it (it then lives in
    /// the heap environment).
    captured: Vec<bool>,
    /// Names of outer locals that env instructions refer to.
    outer_names: Vec<((u8, u16), Sym)>,
    auto_splat: bool,
    block_param: bool,
    /// How deep in blocks this scope is (0 for a method or file).
    block_level: u32,
    /// The label blocks are named after (`foo` in `block in foo`).
    root_label: String,
    /// Where `redo` in a block jumps (the start of its body).
    redo_label: Option<Label>,
    /// The line the next `rescue` compiled reports for its method frame
    /// (set by `begin` and by a method whose body is a rescue).
    rescue_line: Option<u32>,
    handlers: Vec<crate::Handler>,
    /// The cleanups around the code being compiled, outermost first: a
    /// `return`/`break`/`next` leaving them runs them.
    ensures: Vec<Cleanup>,
    /// Where `retry` in the rescue clauses being compiled jumps, with the
    /// stack depth there and the local holding `$!` from before the
    /// `begin`, innermost last.
    retries: Vec<(Label, i32, u32)>,
    labels: Vec<Option<u32>>,
    /// Index of the first instruction after the most recently bound label:
    /// the peephole never combines across it.
    barrier: usize,
    depth: i32,
    current_line: u32,
    loops: Vec<LoopContext>,
    temps: u32,
}

impl MethodBuilder {
    fn new(kind: MethodKind, name: Sym, line: u32) -> MethodBuilder {
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
            params: Vec::new(),
            super_method: None,
            locals: Vec::new(),
            insns: Vec::new(),
            lines: Vec::new(),
            literals: Vec::new(),
            literal_encodings: Vec::new(),
            sites: Vec::new(),
            branches: 0,
            children: Vec::new(),
            spans: Vec::new(),
            ivars: Vec::new(),
            captured: Vec::new(),
            outer_names: Vec::new(),
            auto_splat: false,
            block_param: false,
            block_level: 0,
            root_label: String::new(),
            redo_label: None,
            rescue_line: None,
            handlers: Vec::new(),
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

    fn emit(&mut self, insn: Insn) {
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
    fn positional_slots(&self) -> u32 {
        self.required + self.optional + u32::from(self.rest) + self.post
    }

    /// A new `getivar`/`setivar` site for `name` (each has its own cache).
    fn ivar_site(&mut self, name: Sym) -> u32 {
        self.ivars.push(name);
        (self.ivars.len() - 1) as u32
    }

    fn literal(&mut self, literal: Literal) -> u32 {
        if let Some(index) = self.literals.iter().position(|l| same_literal(l, &literal)) {
            return index as u32;
        }
        self.literals.push(literal);
        (self.literals.len() - 1) as u32
    }

    fn push_literal(&mut self, literal: Literal) {
        let index = self.literal(literal);
        self.emit(Insn::Push(index));
    }

    fn local(&mut self, name: Sym) -> u32 {
        match self.locals.iter().position(|&l| l == name) {
            Some(slot) => slot as u32,
            None => {
                self.locals.push(name);
                self.captured.push(false);
                (self.locals.len() - 1) as u32
            }
        }
    }

    fn new_label(&mut self) -> Label {
        self.labels.push(None);
        Label(self.labels.len() - 1)
    }

    fn bind(&mut self, label: Label) {
        self.labels[label.0] = Some(self.insns.len() as u32);
        self.barrier = self.insns.len();
    }

    /// The current index as the edge of a protected range: the peephole may
    /// not merge instructions across it.
    fn range_boundary(&mut self) -> u32 {
        self.barrier = self.insns.len();
        self.insns.len() as u32
    }

    /// Jumps are emitted with the label id as target and patched in `finish`.
    fn jump(&mut self, label: Label) {
        self.emit(Insn::Jump(label.0 as u32));
    }

    fn branch(&mut self, label: Label) {
        let profile = self.branches;
        self.branches += 1;
        self.emit(Insn::Branch {
            target: label.0 as u32,
            profile,
        });
    }

    fn finish(mut self, source: &Source) -> Method {
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
        }
    }
}

/// Literal identity for the literal table (floats by bits, so `0.0` and
/// `-0.0` stay apart).
fn same_literal(a: &Literal, b: &Literal) -> bool {
    match (a, b) {
        (Literal::Float(x), Literal::Float(y)) => x.to_bits() == y.to_bits(),
        _ => a == b,
    }
}

/// Whether the magic comments turn on `frozen_string_literal` (the last
/// one counts, as in MRI).
fn frozen_string_literals(comments: &[lib_ruby_parser::source::MagicComment], text: &[u8]) -> bool {
    comments
        .iter()
        .rfind(|c| c.kind == lib_ruby_parser::source::MagicCommentKind::FrozenStringLiteral)
        .is_some_and(|c| {
            let value = &text[c.value_l.begin..c.value_l.end];
            value.eq_ignore_ascii_case(b"true")
        })
}

/// How an instruction changes the operand-stack depth.
fn stack_effect(insn: &Insn, sites: &[CallSite]) -> i32 {
    match *insn {
        Insn::Trace(_) | Insn::Not | Insn::Jump(_) | Insn::ToS | Insn::ToRegexp(_) => 0,
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
            -(site.argc as i32) - i32::from(site.flags & call_flags::BLOCK_ARG != 0)
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
        Insn::Dup | Insn::GetConst(_) | Insn::GetGlobal(_) | Insn::DefineMethod(_) => 1,
        Insn::Unsupported(_) => 1,
        Insn::Store(_) | Insn::Branch { .. } | Insn::Return | Insn::Pop => -1,
        Insn::Send(site) => {
            let site = &sites[site as usize];
            -(site.argc as i32) - i32::from(site.flags & call_flags::BLOCK_ARG != 0)
        }
        Insn::NewArray(n) | Insn::Concat(n) | Insn::NewArrayExtremum { count: n, .. } => {
            1 - n as i32
        }
    }
}

struct Compiler<'s, 'a> {
    symbols: &'s mut SymbolTable,
    source: &'s Source<'a>,
    /// The source as error_highlight reads it (its lines indexed once).
    highlight_text: error_highlight::Text<'a>,
    /// The first error found while compiling (MRI reports only the first).
    error: Option<SyntaxError>,
    /// The locals of the scopes enclosing the block being compiled,
    /// outermost first (empty outside blocks).
    scopes: Vec<OuterScope>,
    /// Multiple-assignment targets whose receiver and arguments were
    /// already evaluated, with the temporaries holding them.
    evaluated_targets: Vec<(*const Node, Vec<u32>)>,
    /// The file starts with `# frozen_string_literal: true`.
    frozen_string_literals: bool,
    /// The names `/(?<name>..)/ =~ s` made locals so far (lib-ruby-parser
    /// parses a later bare `name` as a call).
    capture_locals: Vec<Sym>,
    /// The block parameter of the method being compiled, when it is only
    /// ever passed on (see [`crate::block_forwarding`]).
    forwarded_block: Option<String>,
}

impl Compiler<'_, '_> {
    fn line(&self, loc: &Loc) -> u32 {
        self.source.line_of(loc.begin)
    }

    fn set_line(&self, m: &mut MethodBuilder, node: &Node) {
        m.current_line = self.line(node.expression());
    }

    /// A statement list (method body, branch of an `if`, loop body, file):
    /// each statement traced; the last one's value is left on the stack.
    fn body(&mut self, m: &mut MethodBuilder, node: Option<&Node>) {
        let statements: &[Node] = match node {
            None => &[],
            Some(Node::Begin(Begin { statements, .. })) => statements,
            Some(Node::KwBegin(KwBegin {
                statements,
                begin_l,
                ..
            })) => {
                if let (Some(begin), [Node::Rescue(_)]) = (begin_l, &statements[..]) {
                    let line = self.line(begin);
                    m.rescue_line.get_or_insert(line);
                }
                statements
            }
            Some(node) => std::slice::from_ref(node),
        };
        if statements.is_empty() {
            m.push_literal(Literal::Nil);
            return;
        }
        for (i, statement) in statements.iter().enumerate() {
            self.set_line(m, statement);
            m.emit(Insn::Trace(m.current_line));
            self.expr(m, statement);
            if i + 1 < statements.len() {
                m.emit(Insn::Pop);
            }
        }
    }

    /// A statement list without traces (parenthesised expressions).
    fn sequence(&mut self, m: &mut MethodBuilder, statements: &[Node]) {
        if statements.is_empty() {
            m.push_literal(Literal::Nil);
        }
        for (i, statement) in statements.iter().enumerate() {
            self.expr(m, statement);
            if i + 1 < statements.len() {
                m.emit(Insn::Pop);
            }
        }
    }

    fn sym(&mut self, name: &str) -> Sym {
        self.symbols.intern(name)
    }

    fn unsupported(&mut self, m: &mut MethodBuilder, what: &str) {
        let message = format!("{what} is not supported by rhizome");
        let lit = m.literal(Literal::String(message.into_bytes()));
        m.emit(Insn::Unsupported(lit));
    }

    /// Compiles an expression, leaving its value on the stack.
    fn expr(&mut self, m: &mut MethodBuilder, node: &Node) {
        let saved_line = m.current_line;
        self.set_line(m, node);
        self.expr_inner(m, node);
        m.current_line = saved_line;
    }

    fn expr_inner(&mut self, m: &mut MethodBuilder, node: &Node) {
        match node {
            Node::Nil(_) => m.push_literal(Literal::Nil),
            Node::True(_) => m.push_literal(Literal::True),
            Node::False(_) => m.push_literal(Literal::False),
            Node::Self_(_) => m.emit(Insn::PushSelf),
            Node::Int(Int { value, .. }) => match parse_integer(value) {
                Some(n) => m.push_literal(Literal::integer(n)),
                None => self.unsupported(m, "this integer literal"),
            },
            Node::Float(Float { value, .. }) => match value.replace('_', "").parse::<f64>() {
                Ok(f) => m.push_literal(Literal::Float(f)),
                Err(_) => self.unsupported(m, "this float literal"),
            },
            Node::Str(str) => self.string_literal(m, str),
            Node::Dstr(Dstr { parts, .. }) | Node::Heredoc(Heredoc { parts, .. }) => {
                self.interpolation(m, parts)
            }
            Node::Sym(lib_ruby_parser::nodes::Sym { name, .. }) => {
                let sym = self.sym(&name.to_string_lossy());
                m.push_literal(Literal::Symbol(sym));
            }
            Node::Dsym(Dsym { parts, .. }) => {
                self.interpolation(m, parts);
                self.call(m, "to_sym", 0, 0, None);
            }
            Node::Encoding(_) => m.push_literal(Literal::SourceEncoding),
            Node::File(_) => {
                let file = self.source.file.as_bytes().to_vec();
                m.push_literal(Literal::String(file));
            }
            Node::Line(Line { expression_l }) => {
                let line = self.line(expression_l);
                m.push_literal(Literal::Fixnum(line as i64));
            }
            Node::Begin(Begin { statements, .. }) => self.sequence(m, statements),
            Node::KwBegin(KwBegin {
                statements,
                begin_l,
                ..
            }) => {
                if let (Some(begin), [Node::Rescue(_)]) = (begin_l, &statements[..]) {
                    m.rescue_line = Some(self.line(begin));
                }
                self.sequence(m, statements)
            }
            Node::Lvar(Lvar { name, .. }) => {
                let (load, _) = self.local_access(m, name);
                m.emit(load);
            }
            Node::Lvasgn(Lvasgn { name, value, .. }) => {
                let (_, store) = self.local_access(m, name);
                match value {
                    Some(value) => self.expr(m, value),
                    None => m.push_literal(Literal::Nil),
                }
                m.emit(Insn::Dup);
                m.emit(store);
            }
            Node::Block(block) => self.block_call(m, block),
            Node::Yield(Yield { args, .. }) if m.super_method.is_some() => {
                if args
                    .iter()
                    .any(|a| matches!(a, Node::BlockPass(_) | Node::ForwardedArgs(_)))
                {
                    return self.unsupported(m, "this kind of yield arguments");
                }
                let (argc, splat, kwargs) = self.arguments(m, args);
                m.emit(if splat {
                    Insn::YieldSplat { kwargs }
                } else {
                    Insn::Yield { argc, kwargs }
                });
            }
            Node::Gvar(Gvar { name, .. }) if name == "$~" => {
                m.emit(Insn::GetSpecial(Special::LastMatch));
            }
            Node::Gvasgn(Gvasgn {
                name,
                value: Some(value),
                ..
            }) if name == "$~" => {
                self.expr(m, value);
                m.emit(Insn::Dup);
                m.emit(Insn::SetLastMatch);
            }
            Node::NthRef(NthRef { name, .. }) => {
                let group = name.trim_start_matches('$').parse::<u16>();
                m.emit(Insn::GetSpecial(Special::Group(group.unwrap_or(u16::MAX))));
            }
            Node::BackRef(BackRef { name, .. }) => match back_ref(name) {
                Some(special) => m.emit(Insn::GetSpecial(special)),
                None => self.unsupported(m, "this match variable"),
            },
            Node::Regexp(regexp) => self.regexp(m, regexp),
            Node::MatchWithLvasgn(MatchWithLvasgn { re, value, .. }) => {
                self.match_with_lvasgn(m, node, re, value)
            }
            Node::Gvar(Gvar { name, .. }) => {
                let sym = self.sym(name);
                m.emit(Insn::GetGlobal(sym));
            }
            Node::Gvasgn(Gvasgn {
                name,
                value: Some(value),
                ..
            }) => {
                let sym = self.sym(name);
                self.expr(m, value);
                m.emit(Insn::Dup);
                m.emit(Insn::SetGlobal(sym));
            }
            Node::Ivar(Ivar { name, .. }) => {
                let sym = self.sym(name);
                let site = m.ivar_site(sym);
                m.emit(Insn::GetIvar(site));
            }
            Node::Ivasgn(Ivasgn {
                name,
                value: Some(value),
                ..
            }) => {
                let sym = self.sym(name);
                self.expr(m, value);
                m.emit(Insn::Dup);
                let site = m.ivar_site(sym);
                m.emit(Insn::SetIvar(site));
            }
            Node::Cvar(Cvar { name, .. }) => {
                let sym = self.sym(name);
                m.emit(Insn::GetCvar(sym));
            }
            Node::Cvasgn(Cvasgn {
                name,
                value: Some(value),
                ..
            }) => {
                let sym = self.sym(name);
                self.expr(m, value);
                m.emit(Insn::Dup);
                m.emit(Insn::SetCvar(sym));
            }
            Node::Const(Const {
                scope: Some(scope),
                name,
                ..
            }) => {
                self.scope(m, Some(scope));
                let sym = self.sym(name);
                if let Some(span) = self.span(node, name) {
                    m.spans.push((m.insns.len() as u32, span));
                }
                m.emit(Insn::GetConstFrom(sym));
            }
            Node::Casgn(Casgn {
                scope: Some(scope),
                name,
                value: Some(value),
                ..
            }) => {
                self.scope(m, Some(scope));
                self.expr(m, value);
                let temp = self.temp(m);
                m.emit(Insn::Dup);
                m.emit(Insn::Store(temp));
                let sym = self.sym(name);
                m.emit(Insn::SetConstIn(sym));
                m.emit(Insn::Load(temp));
            }
            Node::Class(class) => self.define_class(m, class),
            Node::Module(module) => self.define_module(m, module),
            Node::SClass(SClass {
                expr,
                body,
                keyword_l,
                ..
            }) => {
                self.expr(m, expr);
                let body = self.class_body(m, "singleton class", keyword_l, body.as_deref());
                m.emit(Insn::OpenSingleton(body));
            }
            Node::Defs(defs) => self.defs(m, defs),
            Node::Super(Super { args, .. }) => self.super_call(m, Some(args), None),
            Node::ZSuper(_) => self.super_call(m, None, None),
            Node::Const(Const {
                scope: None, name, ..
            }) => {
                let sym = self.sym(name);
                if let Some(span) = self.span(node, name) {
                    m.spans.push((m.insns.len() as u32, span));
                }
                m.emit(Insn::GetConst(sym));
            }
            Node::Casgn(Casgn {
                scope: None,
                name,
                value: Some(value),
                ..
            }) => {
                let sym = self.sym(name);
                self.expr(m, value);
                m.emit(Insn::Dup);
                m.emit(Insn::SetConst(sym));
            }
            Node::Array(Array { elements, .. }) => {
                self.splat_array(m, elements);
            }
            Node::Send(send) => self.send(m, node, send),
            Node::Index(index) => {
                if !self.plain_args(&index.indexes) {
                    // `a[*list]`, `Hash[k: v]`, `a[&b]`: the call `[]` with
                    // those arguments, compiled as any call is.
                    return self.send_with(m, node, Call::from(index), BlockArg::None);
                }
                self.expr(m, &index.recv);
                for argument in &index.indexes {
                    self.expr(m, argument);
                }
                let span = self.span(node, "[]");
                self.call(m, "[]", index.indexes.len() as u32, 0, span);
            }
            Node::IndexAsgn(IndexAsgn {
                recv,
                indexes,
                value: Some(value),
                begin_l,
                end_l,
                expression_l,
                ..
            }) => {
                if !self.plain_args(indexes) {
                    // `a[*list] = v`: the call `[]=(*list, v)`; the value,
                    // kept in a temporary as it is passed, is the result.
                    let slot = self.temp(m);
                    let name = self.symbols.name(m.locals[slot as usize]).to_string();
                    let mut args = indexes.clone();
                    args.push(Node::Lvasgn(Lvasgn {
                        name,
                        value: Some(value.clone()),
                        name_l: *value.expression(),
                        operator_l: None,
                        expression_l: *value.expression(),
                    }));
                    let send = Send {
                        recv: Some(recv.clone()),
                        method_name: "[]=".into(),
                        args,
                        dot_l: None,
                        selector_l: Some(begin_l.join(end_l)),
                        begin_l: Some(*begin_l),
                        end_l: Some(*end_l),
                        operator_l: None,
                        expression_l: *expression_l,
                    };
                    self.send(m, node, &send);
                    m.emit(Insn::Pop);
                    m.emit(Insn::Load(slot));
                    return;
                }
                self.expr(m, recv);
                for index in indexes {
                    self.expr(m, index);
                }
                let span = self.span(node, "[]=");
                self.assignment_call(m, "[]=", indexes.len() as u32, value, span);
            }
            Node::And(And { lhs, rhs, .. }) => {
                let end = m.new_label();
                self.expr(m, lhs);
                m.emit(Insn::Dup);
                m.emit(Insn::Not);
                m.branch(end);
                m.emit(Insn::Pop);
                self.expr(m, rhs);
                m.bind(end);
            }
            Node::Or(Or { lhs, rhs, .. }) => {
                let end = m.new_label();
                self.expr(m, lhs);
                m.emit(Insn::Dup);
                m.branch(end);
                m.emit(Insn::Pop);
                self.expr(m, rhs);
                m.bind(end);
            }
            Node::If(If {
                cond,
                if_true,
                if_false,
                ..
            })
            | Node::IfMod(IfMod {
                cond,
                if_true,
                if_false,
                ..
            }) => self.if_else(m, cond, if_true.as_deref(), if_false.as_deref()),
            Node::IfTernary(IfTernary {
                cond,
                if_true,
                if_false,
                ..
            }) => self.if_else(m, cond, Some(if_true), Some(if_false)),
            Node::While(While { cond, body, .. }) => {
                self.while_loop(m, cond, body.as_deref(), true, false)
            }
            Node::Until(Until { cond, body, .. }) => {
                self.while_loop(m, cond, body.as_deref(), false, false)
            }
            Node::WhilePost(WhilePost { cond, body, .. }) => {
                self.while_loop(m, cond, Some(body), true, true)
            }
            Node::UntilPost(UntilPost { cond, body, .. }) => {
                self.while_loop(m, cond, Some(body), false, true)
            }
            Node::Break(Break { args, .. }) => self.break_loop(m, args),
            Node::Next(Next { args, .. }) => self.next_loop(m, args),
            Node::Return(Return { args, .. }) => {
                self.values(m, args);
                if m.kind != MethodKind::Block {
                    self.run_ensures(m, 0);
                }
                m.emit(if m.kind == MethodKind::Block {
                    Insn::ReturnFromBlock
                } else {
                    Insn::Return
                });
                // The expression "has" a value for the code after it, which
                // is unreachable.
                m.depth += 1;
            }
            Node::Def(def) => self.def(m, def),
            Node::Redo(_) => match (m.loops.last(), m.redo_label) {
                (Some(context), _) => {
                    let (label, depth) = (context.redo_label, context.depth);
                    for _ in depth..m.depth {
                        m.emit(Insn::Pop);
                    }
                    m.jump(label);
                    m.depth += 1;
                }
                (None, Some(label)) => {
                    m.jump(label);
                    m.depth += 1;
                }
                (None, None) => self.invalid_jump(m, "redo"),
            },
            Node::Numblock(Numblock {
                call,
                numargs,
                body,
                begin_l,
                ..
            }) => {
                let line = self.line(begin_l);
                let count = *numargs as usize;
                let call_parts = match call.as_ref() {
                    Node::Send(send) => Call::from(send),
                    Node::CSend(csend) => Call::from(csend),
                    _ => return self.unsupported(m, "numbered parameters here"),
                };
                let mut params: Vec<Node> = (1..=count)
                    .map(|i| {
                        Node::Arg(Arg {
                            name: format!("_{i}"),
                            expression_l: *begin_l,
                        })
                    })
                    .collect();
                // A block using only `_1` takes it as `|x|` does: whole.
                if count == 1 {
                    params = vec![Node::Procarg0(Procarg0 {
                        args: params,
                        begin_l: None,
                        end_l: None,
                        expression_l: *begin_l,
                    })];
                }
                let Some(child) = self.block_with(m, line, Some(body), |compiler, b| {
                    compiler.parameters(b, &params)
                }) else {
                    return;
                };
                self.send_with(m, call, call_parts, BlockArg::Compiled(child));
            }
            Node::CSend(csend) => self.send_with(m, node, Call::from(csend), BlockArg::None),
            Node::Retry(_) => self.retry(m),
            Node::For(for_node) => self.for_loop(m, for_node),
            Node::Alias(Alias { to, from, .. }) => {
                // Method names, or global variables (`alias $new $old`).
                let names = [to, from].map(|name| match name.as_ref() {
                    Node::Sym(lib_ruby_parser::nodes::Sym { name, .. }) => {
                        Some(name.to_string_lossy())
                    }
                    Node::Gvar(Gvar { name, .. }) => Some(name.clone()),
                    _ => None,
                });
                let [Some(to), Some(from)] = names else {
                    return self.unsupported(m, "this kind of alias");
                };
                let (to, from) = (self.sym(&to), self.sym(&from));
                m.push_literal(Literal::Symbol(to));
                m.push_literal(Literal::Symbol(from));
                m.emit(Insn::Alias);
            }
            Node::Undef(Undef { names, .. }) => {
                // `undef a, b`: each name in turn; the value is nil.
                for (i, name) in names.iter().enumerate() {
                    let Node::Sym(lib_ruby_parser::nodes::Sym { name, .. }) = name else {
                        return self.unsupported(m, "undef of an interpolated name");
                    };
                    if i > 0 {
                        m.emit(Insn::Pop);
                    }
                    let name = self.sym(&name.to_string_lossy());
                    m.push_literal(Literal::Symbol(name));
                    m.emit(Insn::Undef);
                }
            }
            Node::Hash(Hash { pairs, .. }) | Node::Kwargs(Kwargs { pairs, .. }) => {
                self.hash_literal(m, pairs)
            }
            Node::Irange(Irange { left, right, .. }) => {
                self.range(m, left.as_deref(), right.as_deref(), false)
            }
            Node::Erange(Erange { left, right, .. }) => {
                self.range(m, left.as_deref(), right.as_deref(), true)
            }
            Node::Case(case) => self.case(m, case),
            Node::Defined(Defined { value, .. }) => self.defined(m, value),
            Node::Masgn(Masgn { lhs, rhs, .. }) => {
                // Receivers and indexes of attribute targets are evaluated
                // first (left to right), then the right-hand side.
                self.evaluate_targets(m, lhs);
                match rhs.as_ref() {
                    Node::Array(Array { elements, .. }) => self.splat_array(m, elements),
                    other => self.expr(m, other),
                }
                m.emit(Insn::Dup);
                match lhs.as_ref() {
                    Node::Mlhs(Mlhs { items, .. }) => self.destructure(m, items),
                    other => self.assign_top(m, other),
                }
            }
            Node::Rescue(rescue) => self.rescue(m, rescue),
            Node::Ensure(ensure) => self.ensure(m, ensure),
            Node::Yield(_) if m.super_method.is_none() => self.invalid_jump(m, "yield"),
            Node::OpAsgn(OpAsgn {
                recv,
                operator,
                value,
                ..
            }) => {
                let operator = operator.trim_end_matches('=');
                let Some((load, store)) = self.variable_target(m, recv) else {
                    if !self.op_assign_call(m, recv, operator, value) {
                        self.unsupported(m, "this kind of operator-assignment");
                    }
                    return;
                };
                m.emit(load);
                self.expr(m, value);
                let span = self.span(node, operator);
                self.call(m, operator, 1, 0, span);
                m.emit(Insn::Dup);
                m.emit(store);
            }
            Node::OrAsgn(OrAsgn { recv, value, .. })
            | Node::AndAsgn(AndAsgn { recv, value, .. }) => {
                let Some((load, store)) = self.variable_target(m, recv) else {
                    let op = if matches!(node, Node::AndAsgn(_)) {
                        "&&"
                    } else {
                        "||"
                    };
                    if !self.op_assign_call(m, recv, op, value) {
                        self.unsupported(m, "this kind of operator-assignment");
                    }
                    return;
                };
                let end = m.new_label();
                // `X ||= v` and `@@x ||= v` do not fail when undefined.
                let guard = match (node, &**recv) {
                    (Node::OrAsgn(_), Node::Casgn(Casgn { name, .. })) => {
                        Some((crate::DefinedKind::Constant, name))
                    }
                    (Node::OrAsgn(_), Node::Cvasgn(Cvasgn { name, .. })) => {
                        Some((crate::DefinedKind::ClassVariable, name))
                    }
                    _ => None,
                };
                match guard {
                    Some((kind, name)) => {
                        let (defined, loaded) = (m.new_label(), m.new_label());
                        let sym = self.sym(name);
                        m.emit(Insn::Defined { kind, name: sym });
                        m.branch(defined);
                        m.push_literal(Literal::Nil);
                        m.jump(loaded);
                        m.bind(defined);
                        m.depth -= 1;
                        m.emit(load);
                        m.bind(loaded);
                    }
                    None => m.emit(load),
                }
                m.emit(Insn::Dup);
                if matches!(node, Node::AndAsgn(_)) {
                    m.emit(Insn::Not);
                }
                m.branch(end);
                m.emit(Insn::Pop);
                self.expr(m, value);
                m.emit(Insn::Dup);
                m.emit(store);
                m.bind(end);
            }
            other => {
                let what = construct_name(other);
                self.unsupported(m, what)
            }
        }
    }

    /// Arguments rhizome passes positionally (no splat, block or keywords).
    fn plain_args(&self, args: &[Node]) -> bool {
        !args.iter().any(|a| {
            matches!(
                a,
                Node::Splat(_) | Node::BlockPass(_) | Node::Kwargs(_) | Node::ForwardedArgs(_)
            )
        })
    }

    /// Pushes call arguments: each one, or, when some are `*x`, a single
    /// Array of all of them (returns the count pushed and whether it is
    /// that Array).
    /// A trailing `key: value, **h` becomes one Hash argument (the third
    /// result says so).
    fn arguments(&mut self, m: &mut MethodBuilder, args: &[Node]) -> (u32, bool, bool) {
        let keywords = matches!(args.last(), Some(Node::Kwargs(_)));
        if !args.iter().any(|a| matches!(a, Node::Splat(_))) {
            for arg in args {
                self.expr(m, arg);
            }
            return (args.len() as u32, false, keywords);
        }
        self.splat_array(m, args);
        (1, true, keywords)
    }

    /// `{k => v, key: v, **other}` (and keyword arguments): a Hash built in
    /// order; `**other` merges.
    fn hash_literal(&mut self, m: &mut MethodBuilder, pairs: &[Node]) {
        let leading = pairs
            .iter()
            .take_while(|p| matches!(p, Node::Pair(_)))
            .count();
        for pair in &pairs[..leading] {
            if let Node::Pair(Pair { key, value, .. }) = pair {
                self.expr(m, key);
                self.expr(m, value);
            }
        }
        m.emit(Insn::NewHash(leading as u32));
        for element in &pairs[leading..] {
            match element {
                Node::Pair(Pair { key, value, .. }) => {
                    self.expr(m, key);
                    self.expr(m, value);
                    m.emit(Insn::NewHash(1));
                }
                Node::Kwsplat(Kwsplat { value, .. }) => self.expr(m, value),
                other => self.expr(m, other),
            }
            self.call(m, "merge", 1, 0, None);
        }
    }

    /// An Array of `elements`, spreading `*x` ones: `array 0` then
    /// `append`/`concatarray` per element (with no splat, the elements
    /// then `array n`).
    fn splat_array(&mut self, m: &mut MethodBuilder, elements: &[Node]) {
        if !elements.iter().any(|e| matches!(e, Node::Splat(_))) {
            for element in elements {
                self.expr(m, element);
            }
            m.emit(Insn::NewArray(elements.len() as u32));
            return;
        }
        m.emit(Insn::NewArray(0));
        for element in elements {
            match element {
                Node::Splat(Splat {
                    value: Some(value), ..
                }) => {
                    self.expr(m, value);
                    m.emit(Insn::ArrayConcat);
                }
                other => {
                    self.expr(m, other);
                    m.emit(Insn::ArrayAppend);
                }
            }
        }
    }

    /// The value of `return`/`break`/`next` arguments: nil, one value, or an
    /// Array of several.
    fn values(&mut self, m: &mut MethodBuilder, args: &[Node]) {
        match args {
            [] => m.push_literal(Literal::Nil),
            [single] => self.expr(m, single),
            several => {
                for arg in several {
                    self.expr(m, arg);
                }
                m.emit(Insn::NewArray(several.len() as u32));
            }
        }
    }

    fn call(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        argc: u32,
        flags: u8,
        highlight: Option<crate::Span>,
    ) {
        let name = self.sym(name);
        m.sites.push(CallSite {
            name,
            argc,
            flags,
            line: m.current_line,
            highlight,
            block: None,
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::Send(site));
    }

    /// `recv.name = value` / `recv[i] = value` with the receiver and any index
    /// arguments already pushed: the expression's value is `value`, not what
    /// the setter returns.
    fn assignment_call(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        argc: u32,
        value: &Node,
        span: Option<crate::Span>,
    ) {
        self.assignment_call_flagged(m, name, argc, value, span, 0)
    }

    /// [`Compiler::assignment_call`] with call flags (FCALL for `self.x =`,
    /// which may call a private setter).
    fn assignment_call_flagged(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        argc: u32,
        value: &Node,
        span: Option<crate::Span>,
        flags: u8,
    ) {
        self.expr(m, value);
        let temp = self.temp(m);
        m.emit(Insn::Dup);
        m.emit(Insn::Store(temp));
        self.call(m, name, argc + 1, flags, span);
        m.emit(Insn::Pop);
        m.emit(Insn::Load(temp));
    }

    /// A fresh hidden local.
    fn temp(&mut self, m: &mut MethodBuilder) -> u32 {
        let name = format!("%tmp{}", m.temps);
        m.temps += 1;
        let sym = self.sym(&name);
        m.local(sym)
    }

    /// What error_highlight underlines when the call `name` made by `node`
    /// fails.
    fn span(&self, node: &Node, name: &str) -> Option<crate::Span> {
        let range = error_highlight::spot(node, name, &self.highlight_text)?;
        let line = self.source.line_of(range.start);
        let start = self.source.line_start(line);
        Some(crate::Span {
            line,
            first_col: (range.start - start) as u32,
            last_col: (range.end - start) as u32,
        })
    }

    fn send(&mut self, m: &mut MethodBuilder, node: &Node, send: &Send) {
        // lib-ruby-parser (without its Onigmo feature) leaves two things to
        // the compiler: `/(?<name>..)/ =~ s` assigning the named groups...
        if let (Some(recv), "=~", [value]) = (&send.recv, send.method_name.as_str(), &send.args[..])
        {
            if let Node::Regexp(regexp) = recv.as_ref() {
                if self
                    .regexp_source(regexp)
                    .is_some_and(|s| !named_groups(&s).is_empty())
                {
                    return self.match_with_lvasgn(m, node, recv, value);
                }
            }
        }
        // ...and, after it, those names read as locals rather than calls.
        if send.recv.is_none()
            && send.args.is_empty()
            && send.begin_l.is_none()
            && self.is_capture_local(m, &send.method_name)
        {
            let (load, _) = self.local_access(m, &send.method_name);
            return m.emit(load);
        }
        self.send_with_block(m, node, Call::from(send), None)
    }

    /// Whether `name` is a local a named group made, in this scope or an
    /// enclosing one.
    fn is_capture_local(&mut self, m: &MethodBuilder, name: &str) -> bool {
        let sym = self.sym(name);
        self.capture_locals.contains(&sym)
            && (m.locals.contains(&sym) || self.scopes.iter().any(|s| s.locals.contains(&sym)))
    }

    /// A method call, with its literal block if it has one. A `&expr`
    /// argument is pushed after the others (flag BLOCK_ARG).
    fn send_with_block(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        call: Call,
        block: Option<&Block>,
    ) {
        let block = match block {
            Some(block) => BlockArg::Literal(block),
            None => BlockArg::None,
        };
        self.send_with(m, node, call, block)
    }

    /// A call, plain (`recv.name(args)`) or safe-navigating
    /// (`recv&.name(args)`: nil when `recv` is nil, the arguments and the
    /// block not evaluated).
    fn send_with(&mut self, m: &mut MethodBuilder, node: &Node, call: Call, block: BlockArg) {
        let extremum = array_extremum_elements(&call).filter(|elements| {
            !elements
                .iter()
                .all(|e| is_static_literal(e, self.frozen_string_literals))
        });
        if let (BlockArg::None, Some(elements)) = (&block, extremum) {
            for element in elements {
                self.expr(m, element);
            }
            let max = call.method_name == "max";
            let count = elements.len() as u32;
            return m.emit(Insn::NewArrayExtremum { count, max });
        }
        let Call {
            recv,
            args,
            begin_l,
            ..
        } = call;
        let args = forwarding::expand_args(args);
        let (args, block_pass) = match args.split_last() {
            Some((
                Node::BlockPass(BlockPass {
                    value: Some(value), ..
                }),
                rest,
            )) => (rest, Some(value.as_ref())),
            _ => (&args[..], None),
        };
        let mut flags = 0;
        let nil_receiver = call.safe_navigation.then(|| m.new_label());
        match recv {
            Some(recv) => {
                if matches!(recv, Node::Self_(_)) {
                    flags |= call_flags::FCALL;
                }
                match recv {
                    // `blk.call(...)` of a forwarded block parameter.
                    Node::Lvar(Lvar { name, .. })
                        if self.forwarded_block.as_ref() == Some(name) =>
                    {
                        m.emit(Insn::BlockProxy)
                    }
                    _ => self.expr(m, recv),
                }
            }
            None => {
                m.emit(Insn::PushSelf);
                flags |= call_flags::FCALL;
                if args.is_empty()
                    && begin_l.is_none()
                    && matches!(block, BlockArg::None)
                    && block_pass.is_none()
                {
                    flags |= call_flags::VCALL;
                }
            }
        }
        if let Some(nil_receiver) = nil_receiver {
            m.emit(Insn::Dup);
            m.emit(Insn::BranchNil(nil_receiver.0 as u32));
        }
        self.send_to_pushed_receiver(m, node, &call, args, block_pass, block, flags);
        if let Some(nil_receiver) = nil_receiver {
            m.bind(nil_receiver);
        }
    }

    /// The rest of [`Compiler::send_with`] once the receiver is pushed: the
    /// arguments, the block and the call.
    #[allow(clippy::too_many_arguments)]
    fn send_to_pushed_receiver(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        call: &Call,
        args: &[Node],
        block_pass: Option<&Node>,
        block: BlockArg,
        mut flags: u8,
    ) {
        let method_name = call.method_name;
        let span = self.span(node, method_name);
        if call.operator_l.is_some()
            && method_name.ends_with('=')
            && args.len() == 1
            && matches!(block, BlockArg::None)
        {
            return self.assignment_call_flagged(m, method_name, 0, &args[0], span, flags);
        }
        let (argc, splat, keywords) = self.arguments(m, args);
        if splat {
            flags |= call_flags::SPLAT;
        }
        if keywords {
            flags |= call_flags::KWARGS;
        }
        match block_pass {
            Some(Node::Lvar(Lvar { name, .. })) if self.forwarded_block.as_ref() == Some(name) => {
                flags |= call_flags::BLOCK_FORWARD;
            }
            Some(value) => {
                self.expr(m, value);
                flags |= call_flags::BLOCK_ARG;
            }
            None => {}
        }
        let block = match block {
            BlockArg::Literal(block) => {
                let line = self.line(&block.begin_l);
                match self.block(m, block.args.as_deref(), block.body.as_deref(), line) {
                    Some(child) => Some(child),
                    None => return,
                }
            }
            BlockArg::Compiled(child) => Some(child),
            BlockArg::None => None,
        };
        // MRI runs a call on the line of its method name (`].each`, `.map`
        // of a chain split over lines).
        if let (Some(_), Some(selector)) = (call.recv, call.selector_l) {
            m.current_line = self.line(&selector);
        }
        let name = self.sym(method_name);
        m.sites.push(CallSite {
            name,
            argc,
            flags,
            line: m.current_line,
            highlight: span,
            block,
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::Send(site));
    }

    /// A String literal without interpolation: a new String each time, or
    /// under `# frozen_string_literal: true` the same frozen one.
    fn string_literal(&mut self, m: &mut MethodBuilder, str: &Str) {
        let bytes = str.value.as_raw().clone();
        let literal = if self.frozen_string_literals {
            Literal::FrozenString(bytes)
        } else {
            Literal::String(bytes)
        };
        self.push_string(m, literal, str);
    }

    /// Pushes String `literal` of `str`, noting its encoding when that is
    /// not the file's.
    fn push_string(&mut self, m: &mut MethodBuilder, literal: Literal, str: &Str) {
        let encoding = self.literal_encoding(str);
        // Literals of the same bytes share an index only in the same
        // encoding.
        let override_of = |m: &MethodBuilder, index: usize| {
            m.literal_encodings
                .iter()
                .find(|&&(i, _)| i as usize == index)
                .map(|&(_, encoding)| encoding)
        };
        let found = (0..m.literals.len()).find(|&index| {
            same_literal(&m.literals[index], &literal) && override_of(m, index) == encoding
        });
        let index = match found {
            Some(index) => index as u32,
            None => {
                m.literals.push(literal);
                let index = (m.literals.len() - 1) as u32;
                if let Some(encoding) = encoding {
                    m.literal_encodings.push((index, encoding));
                }
                index
            }
        };
        m.emit(Insn::Push(index));
    }

    /// The encoding of a String literal that is not its file's, as MRI's
    /// lexer decides it: in a US-ASCII or binary file, a literal holding
    /// bytes past ASCII is UTF-8 when a `\u` escape made them, and in a
    /// US-ASCII file ASCII-8BIT otherwise (`"\xFF"`).
    fn literal_encoding(&self, str: &Str) -> Option<SourceEncoding> {
        let file = self.source.encoding;
        if file == SourceEncoding::Utf8 || str.value.as_raw().is_ascii() {
            return None;
        }
        let written = self
            .source
            .text
            .get(str.expression_l.begin..str.expression_l.end)?;
        if written.windows(2).any(|pair| pair == b"\\u") {
            Some(SourceEncoding::Utf8)
        } else if file == SourceEncoding::UsAscii {
            Some(SourceEncoding::Binary)
        } else {
            None
        }
    }

    /// `"a#{b}c"`: each part pushed as a String, then joined.
    fn interpolation(&mut self, m: &mut MethodBuilder, parts: &[Node]) {
        if let [Node::Str(str)] = parts {
            return self.string_literal(m, str);
        }
        for part in parts {
            match part {
                Node::Str(str) => {
                    let literal = Literal::String(str.value.as_raw().clone());
                    self.push_string(m, literal, str);
                }
                Node::Begin(Begin { statements, .. }) => {
                    self.sequence(m, statements);
                    m.emit(Insn::ToS);
                }
                other => {
                    self.expr(m, other);
                    m.emit(Insn::ToS);
                }
            }
        }
        m.emit(Insn::Concat(parts.len() as u32));
    }

    fn if_else(
        &mut self,
        m: &mut MethodBuilder,
        cond: &Node,
        then: Option<&Node>,
        otherwise: Option<&Node>,
    ) {
        let else_label = m.new_label();
        let end = m.new_label();
        self.branch_if(m, cond, false, else_label);
        let depth = m.depth;
        self.body(m, then);
        m.jump(end);
        m.bind(else_label);
        m.depth = depth;
        self.body(m, otherwise);
        m.bind(end);
    }

    /// Jumps to `target` when `cond` is truthy (`jump_if`) or falsy
    /// (`!jump_if`), falling through otherwise; leaves nothing on the stack.
    fn branch_if(&mut self, m: &mut MethodBuilder, cond: &Node, jump_if: bool, target: Label) {
        match cond {
            Node::And(And { lhs, rhs, .. }) => {
                if jump_if {
                    let skip = m.new_label();
                    self.branch_if(m, lhs, false, skip);
                    self.branch_if(m, rhs, true, target);
                    m.bind(skip);
                } else {
                    self.branch_if(m, lhs, false, target);
                    self.branch_if(m, rhs, false, target);
                }
            }
            Node::Or(Or { lhs, rhs, .. }) => {
                if jump_if {
                    self.branch_if(m, lhs, true, target);
                    self.branch_if(m, rhs, true, target);
                } else {
                    let skip = m.new_label();
                    self.branch_if(m, lhs, true, skip);
                    self.branch_if(m, rhs, false, target);
                    m.bind(skip);
                }
            }
            Node::Begin(Begin { statements, .. }) if statements.len() == 1 => {
                self.branch_if(m, &statements[0], jump_if, target)
            }
            _ => {
                self.expr(m, cond);
                if !jump_if {
                    m.emit(Insn::Not);
                }
                m.branch(target);
            }
        }
    }

    /// `while`/`until`, pre- or post-tested. The loop's value is nil unless a
    /// `break` gives one.
    ///
    /// ```text
    ///     jump COND        (omitted for begin...end while)
    /// BODY:
    ///     <body>; pop
    /// COND:                (next jumps here)
    ///     <cond>; branch BODY
    ///     push nil
    /// BREAK:
    /// ```
    fn while_loop(
        &mut self,
        m: &mut MethodBuilder,
        cond: &Node,
        body: Option<&Node>,
        while_true: bool,
        post: bool,
    ) {
        let body_label = m.new_label();
        let cond_label = m.new_label();
        let break_label = m.new_label();
        if !post {
            m.jump(cond_label);
        }
        m.bind(body_label);
        m.loops.push(LoopContext {
            break_label,
            next_label: cond_label,
            depth: m.depth,
            ensures: m.ensures.len(),
            redo_label: body_label,
        });
        self.body(m, body);
        m.emit(Insn::Pop);
        m.bind(cond_label);
        m.loops.pop();
        self.branch_if(m, cond, while_true, body_label);
        m.push_literal(Literal::Nil);
        m.bind(break_label);
    }

    /// Runs, innermost first, the cleanups opened since `down_to` (a local
    /// jump is leaving them); the value on top of the stack is kept.
    fn run_ensures(&mut self, m: &mut MethodBuilder, down_to: usize) {
        if m.ensures.len() <= down_to {
            return;
        }
        let temp = self.temp(m);
        m.emit(Insn::Store(temp));
        let saved = m.ensures.split_off(down_to);
        for cleanup in saved.iter().rev() {
            match cleanup {
                Cleanup::Ensure(body) => {
                    self.expr(m, body);
                    m.emit(Insn::Pop);
                }
                &Cleanup::RestoreErrinfo(saved_errinfo) => {
                    let errinfo = self.sym("$!");
                    m.emit(Insn::Load(saved_errinfo));
                    m.emit(Insn::SetGlobal(errinfo));
                }
            }
        }
        m.ensures.extend(saved);
        m.emit(Insn::Load(temp));
    }

    /// `begin; body; rescue A, B => e; ...; else; ...; end` (also a method
    /// body with `rescue`, and `expr rescue fallback`):
    ///
    /// ```text
    /// RETRY:
    ///     <body>              # protected: a raise jumps to HANDLER
    ///     [pop; <else>]
    ///     jump DONE
    /// HANDLER:                # the exception is on the stack
    ///     dup; <A>; rescue_match; branch MATCH
    ///     ...
    ///     reraise
    /// MATCH:
    ///     store e; <clause>; jump DONE
    /// DONE:
    /// ```
    fn rescue(&mut self, m: &mut MethodBuilder, rescue: &Rescue) {
        // The line the method's frame shows while a clause runs: MRI's line
        // of the rescue node, which is the line of the `def`, `class` or
        // `begin` whose whole body it is (set by them), else of its first
        // statement (or of `rescue` when the body is empty).
        let anchor_line = match m.rescue_line.take() {
            Some(line) => line,
            None => self.line(&rescue.expression_l),
        };
        let retry = m.new_label();
        let done = m.new_label();
        let handler = m.new_label();
        let errinfo = self.sym("$!");
        let saved_errinfo = self.temp(m);
        m.emit(Insn::GetGlobal(errinfo));
        m.emit(Insn::Store(saved_errinfo));
        m.bind(retry);
        let depth = m.depth;
        let start = m.range_boundary();
        self.expr_or_nil(m, rescue.body.as_deref());
        let end = m.range_boundary();
        if let Some(else_body) = rescue.else_.as_deref() {
            m.emit(Insn::Pop);
            self.expr(m, else_body);
        }
        m.jump(done);
        m.bind(handler);
        m.depth = depth + 1;
        for clause in &rescue.rescue_bodies {
            let Node::RescueBody(RescueBody {
                exc_list,
                exc_var,
                body,
                ..
            }) = clause
            else {
                continue;
            };
            let matched = m.new_label();
            let classes: Vec<&Node> = match exc_list.as_deref() {
                Some(Node::Array(Array { elements, .. })) => elements.iter().collect(),
                Some(other) => vec![other],
                None => Vec::new(),
            };
            if classes.is_empty() {
                m.emit(Insn::Dup);
                let standard_error = self.sym("StandardError");
                m.emit(Insn::GetConst(standard_error));
                m.emit(Insn::RescueMatch);
                m.branch(matched);
            }
            for class in classes {
                m.emit(Insn::Dup);
                match class {
                    Node::Splat(Splat {
                        value: Some(value), ..
                    }) => self.expr(m, value),
                    other => self.expr(m, other),
                }
                m.emit(Insn::RescueMatch);
                m.branch(matched);
            }
            let next_clause = m.new_label();
            m.jump(next_clause);
            m.bind(matched);
            match exc_var
                .as_deref()
                .and_then(|var| self.variable_target(m, var))
            {
                Some((_, store)) => m.emit(store),
                None => m.emit(Insn::Pop),
            }
            m.retries.push((retry, depth, saved_errinfo));
            m.ensures.push(Cleanup::RestoreErrinfo(saved_errinfo));
            self.body(m, body.as_deref());
            m.ensures.pop();
            m.retries.pop();
            // The exception is handled: `$!` is what it was before `begin`.
            m.emit(Insn::Load(saved_errinfo));
            m.emit(Insn::SetGlobal(errinfo));
            m.jump(done);
            m.bind(next_clause);
            m.depth = depth + 1;
        }
        m.emit(Insn::Reraise);
        let code_end = m.range_boundary();
        m.depth = depth + 1;
        m.bind(done);
        m.handlers.push(crate::Handler {
            kind: crate::HandlerKind::Rescue,
            start,
            end,
            target: handler.0 as u32,
            depth: depth as u32,
            code_end,
            line: anchor_line,
        });
    }

    /// `begin; body; ensure; cleanup; end`: the cleanup runs inline after a
    /// normal end, and from the handler (then `end_ensure` resumes what was
    /// leaving) after an exception or non-local exit.
    fn ensure(&mut self, m: &mut MethodBuilder, ensure: &Ensure) {
        // A rescue inside an ensure keeps the line of its `rescue` keyword:
        // the enclosing `def` or `begin` gives its line to the ensure.
        if let Some(Node::Rescue(Rescue { rescue_bodies, .. })) = ensure.body.as_deref() {
            if let Some(Node::RescueBody(first)) = rescue_bodies.first() {
                m.rescue_line = Some(self.line(&first.keyword_l));
            }
        }
        let done = m.new_label();
        let handler = m.new_label();
        let depth = m.depth;
        let start = m.range_boundary();
        let cleanup = ensure.ensure.as_deref().cloned().unwrap_or(Node::Nil(Nil {
            expression_l: ensure.keyword_l,
        }));
        m.ensures.push(Cleanup::Ensure(cleanup.clone()));
        self.expr_or_nil(m, ensure.body.as_deref());
        m.ensures.pop();
        let end = m.range_boundary();
        self.expr(m, &cleanup);
        m.emit(Insn::Pop);
        m.jump(done);
        m.bind(handler);
        m.depth = depth;
        self.expr(m, &cleanup);
        m.emit(Insn::Pop);
        m.emit(Insn::EndEnsure);
        let code_end = m.range_boundary();
        m.depth = depth + 1;
        m.bind(done);
        m.handlers.push(crate::Handler {
            kind: crate::HandlerKind::Ensure,
            start,
            end,
            target: handler.0 as u32,
            depth: depth as u32,
            code_end,
            line: m.current_line,
        });
    }

    /// `retry` in a rescue clause: back to the start of its `begin`.
    fn retry(&mut self, m: &mut MethodBuilder) {
        let Some(&(label, depth, saved_errinfo)) = m.retries.last() else {
            return self.invalid_jump(m, "retry");
        };
        for _ in depth..m.depth {
            m.emit(Insn::Pop);
        }
        // The exception is handled: `$!` is again what it was before `begin`.
        let errinfo = self.sym("$!");
        m.emit(Insn::Load(saved_errinfo));
        m.emit(Insn::SetGlobal(errinfo));
        m.jump(label);
        m.depth += 1;
    }

    fn expr_or_nil(&mut self, m: &mut MethodBuilder, node: Option<&Node>) {
        match node {
            Some(node) => self.expr(m, node),
            None => m.push_literal(Literal::Nil),
        }
    }

    /// Records an invalid `break`/`next`/`redo`/`retry`/`yield` and compiles
    /// a placeholder so compilation can go on.
    fn invalid_jump(&mut self, m: &mut MethodBuilder, keyword: &str) {
        if self.error.is_none() {
            let top_level = m.kind == MethodKind::TopLevel;
            let error =
                SyntaxError::invalid_jump(&self.source.file, m.current_line, keyword, top_level);
            self.error = Some(error);
        }
        m.push_literal(Literal::Nil);
    }

    fn break_loop(&mut self, m: &mut MethodBuilder, args: &[Node]) {
        if m.loops.is_empty() && m.kind == MethodKind::Block {
            self.values(m, args);
            m.emit(Insn::BreakBlock);
            m.depth += 1;
            return;
        }
        let Some(context) = m.loops.last() else {
            return self.invalid_jump(m, "break");
        };
        let (label, depth, ensures) = (context.break_label, context.depth, context.ensures);
        self.values(m, args);
        self.run_ensures(m, ensures);
        let extra = m.depth - 1 - depth;
        if extra > 0 {
            let temp = self.temp(m);
            m.emit(Insn::Store(temp));
            for _ in 0..extra {
                m.emit(Insn::Pop);
            }
            m.emit(Insn::Load(temp));
        }
        m.jump(label);
        m.depth = depth + extra + 1;
    }

    fn next_loop(&mut self, m: &mut MethodBuilder, args: &[Node]) {
        if m.loops.is_empty() && m.kind == MethodKind::Block {
            // `next` ends the block with its value.
            self.values(m, args);
            self.run_ensures(m, 0);
            m.emit(Insn::Return);
            m.depth += 1;
            return;
        }
        let Some(context) = m.loops.last() else {
            return self.invalid_jump(m, "next");
        };
        let (label, depth, ensures) = (context.next_label, context.depth, context.ensures);
        self.values(m, args);
        self.run_ensures(m, ensures);
        m.emit(Insn::Pop);
        let extra = m.depth - depth;
        for _ in 0..extra {
            m.emit(Insn::Pop);
        }
        m.jump(label);
        m.depth = depth + extra + 1;
    }

    fn def(&mut self, m: &mut MethodBuilder, def: &Def) {
        let body = MethodSource {
            name: &def.name,
            args: def.args.as_deref(),
            body: def.body.as_deref(),
            keyword_l: &def.keyword_l,
            end_l: def.end_l.as_ref(),
            expression_l: &def.expression_l,
        };
        match self.method(body) {
            Ok(method) => {
                m.children.push(Rc::new(method));
                m.emit(Insn::DefineMethod((m.children.len() - 1) as u32));
            }
            Err(what) => self.unsupported(m, what),
        }
    }

    /// `def recv.name ... end`: the receiver (usually `self`), then `defs`.
    fn defs(&mut self, m: &mut MethodBuilder, defs: &Defs) {
        let body = MethodSource {
            name: &defs.name,
            args: defs.args.as_deref(),
            body: defs.body.as_deref(),
            keyword_l: &defs.keyword_l,
            end_l: defs.end_l.as_ref(),
            expression_l: &defs.expression_l,
        };
        match self.method(body) {
            Ok(method) => {
                self.expr(m, &defs.definee);
                m.children.push(Rc::new(method));
                m.emit(Insn::DefineSingletonMethod((m.children.len() - 1) as u32));
            }
            Err(what) => self.unsupported(m, what),
        }
    }

    /// Compiles a method: the parameter prologue, `trace <def line>`, the
    /// body, `trace <end line>`, `return`. Err names an unsupported
    /// parameter kind.
    fn method(&mut self, source: MethodSource) -> Result<Method, &'static str> {
        // A method does not see the locals around its `def`.
        let outer = std::mem::take(&mut self.scopes);
        let method = self.method_in_own_scope(source);
        self.scopes = outer;
        method
    }

    fn method_in_own_scope(&mut self, source: MethodSource) -> Result<Method, &'static str> {
        let name = self.sym(source.name);
        let line = self.line(source.keyword_l);
        let mut callee = MethodBuilder::new(MethodKind::Method, name, line);
        callee.root_label = source.name.to_string();
        callee.super_method = Some((name, Vec::new()));
        let params: &[Node] = match source.args {
            Some(Node::Args(Args { args, .. })) => args,
            _ => &[],
        };
        callee.current_line = line;
        let expanded = forwarding::expand_params(params);
        let forwarded = expanded.iter().find_map(|param| match param {
            Node::Blockarg(Blockarg {
                name: Some(name), ..
            }) if block_forwarding::is_forwarded(name, &expanded, source.body) => {
                Some(name.clone())
            }
            _ => None,
        });
        let outer_forwarded = std::mem::replace(&mut self.forwarded_block, forwarded);
        let result = self.parameters(&mut callee, params);
        if let Err(error) = result {
            self.forwarded_block = outer_forwarded;
            return Err(error);
        }
        callee.super_method = Some((name, callee.params.clone()));
        callee.emit(Insn::Trace(line));
        if is_body_rescue(source.body) {
            callee.rescue_line = Some(line);
        }
        self.body(&mut callee, source.body);
        self.forwarded_block = outer_forwarded;
        let end_line = match source.end_l {
            Some(end) => self.line(end),
            None => self
                .source
                .line_of(source.expression_l.end.saturating_sub(1)),
        };
        callee.current_line = end_line;
        callee.emit(Insn::Trace(end_line));
        callee.emit(Insn::Return);
        let mut method = callee.finish(self.source);
        assign_env_hops(&mut method, &mut Vec::new());
        Ok(method)
    }

    /// The parameter prologue of a method or block. The interpreter lays the
    /// arguments out in canonical slots (leading required, optional, the
    /// `*rest` Array, trailing required), so the prologue reads slot n with
    /// `arg n`: `arg n; store x` for a required parameter, `has_arg n;
    /// branch` around the default for an optional one, a destructuring for
    /// `(a, b)`, and `blockparam; store blk` for `&blk`. Err names an
    /// unsupported kind of parameter.
    fn parameters(
        &mut self,
        callee: &mut MethodBuilder,
        params: &[Node],
    ) -> Result<(), &'static str> {
        let params = forwarding::expand_params(params);
        let params: &[Node] = &params;
        let mut positional: Vec<&Node> = Vec::new();
        let mut keyword_params: Vec<&Node> = Vec::new();
        let mut block_param = None;
        for param in params {
            match param {
                Node::Arg(_) | Node::Mlhs(_) if callee.optional == 0 && !callee.rest => {
                    callee.required += 1;
                    positional.push(param);
                }
                Node::Arg(_) | Node::Mlhs(_) => {
                    callee.post += 1;
                    positional.push(param);
                }
                Node::Optarg(_) if !callee.rest && callee.post == 0 => {
                    callee.optional += 1;
                    positional.push(param);
                }
                Node::Restarg(_) if !callee.rest && callee.post == 0 => {
                    callee.rest = true;
                    positional.push(param);
                }
                Node::Procarg0(Procarg0 { args, .. }) => {
                    callee.required += 1;
                    positional.push(param);
                    if args.is_empty() {
                        return Err("this kind of parameter");
                    }
                }
                Node::Blockarg(Blockarg {
                    name: Some(name), ..
                }) => block_param = Some(name),
                Node::Shadowarg(Shadowarg { name, .. }) => {
                    let sym = self.sym(name);
                    callee.local(sym);
                }
                Node::Kwarg(Kwarg { name, .. }) => {
                    let sym = self.sym(name);
                    callee.keywords.push((sym, true));
                    keyword_params.push(param);
                }
                Node::Kwoptarg(Kwoptarg { name, .. }) => {
                    let sym = self.sym(name);
                    callee.keywords.push((sym, false));
                    keyword_params.push(param);
                }
                Node::Kwrestarg(_) => {
                    callee.keyword_rest = true;
                    keyword_params.push(param);
                }
                Node::Kwnilarg(_) => {}
                _ => return Err("this kind of parameter"),
            }
        }
        // A proc spreads a lone Array argument over its parameters when it
        // has several, or one with a `*rest` or an excess comma (`|a, |`);
        // not over a lone `|a|` (a procarg0) or `|*a|`.
        let slots = callee.required + callee.optional + callee.post;
        let lone_procarg = matches!(params, [Node::Procarg0(_)]);
        callee.auto_splat =
            !lone_procarg && (slots > 1 || (slots == 1 && (callee.rest || params.len() == 1)));
        for param in positional.iter().chain(&keyword_params) {
            let entry = match param {
                Node::Arg(Arg { name, .. }) | Node::Optarg(Optarg { name, .. }) => {
                    (ParamKind::Positional, name)
                }
                Node::Restarg(Restarg {
                    name: Some(name), ..
                }) => (ParamKind::Rest, name),
                Node::Kwarg(Kwarg { name, .. }) | Node::Kwoptarg(Kwoptarg { name, .. }) => {
                    (ParamKind::Keyword, name)
                }
                Node::Kwrestarg(Kwrestarg {
                    name: Some(name), ..
                }) => (ParamKind::KeywordRest, name),
                _ => continue,
            };
            callee.params.push((entry.0, entry.1.clone()));
        }
        for (index, param) in positional.into_iter().enumerate() {
            let index = index as u32;
            match param {
                Node::Arg(Arg { name, .. })
                | Node::Restarg(Restarg {
                    name: Some(name), ..
                }) => {
                    let store = Self::own_local(self, callee, name);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                }
                Node::Restarg(Restarg { name: None, .. }) => {}
                Node::Optarg(Optarg { name, default, .. }) => {
                    let store = Self::own_local(self, callee, name);
                    let given = callee.new_label();
                    let done = callee.new_label();
                    callee.emit(Insn::HasArg(index));
                    callee.branch(given);
                    self.expr(callee, default);
                    callee.emit(store);
                    callee.jump(done);
                    callee.bind(given);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                    callee.bind(done);
                }
                Node::Procarg0(Procarg0 { args, .. }) => {
                    callee.emit(Insn::Arg(index));
                    match args.as_slice() {
                        [Node::Arg(Arg { name, .. })] => {
                            let store = Self::own_local(self, callee, name);
                            callee.emit(store);
                        }
                        targets => self.destructure(callee, targets),
                    }
                }
                Node::Mlhs(Mlhs { items, .. }) => {
                    callee.emit(Insn::Arg(index));
                    self.destructure(callee, items);
                }
                _ => unreachable!("only positional parameters are collected"),
            }
        }
        let first_keyword = callee.positional_slots();
        for (offset, param) in keyword_params.into_iter().enumerate() {
            let index = first_keyword + offset as u32;
            match param {
                Node::Kwarg(Kwarg { name, .. })
                | Node::Kwrestarg(Kwrestarg {
                    name: Some(name), ..
                }) => {
                    let store = Self::own_local(self, callee, name);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                }
                Node::Kwoptarg(Kwoptarg { name, default, .. }) => {
                    let store = Self::own_local(self, callee, name);
                    let given = callee.new_label();
                    let done = callee.new_label();
                    callee.emit(Insn::HasArg(index));
                    callee.branch(given);
                    self.expr(callee, default);
                    callee.emit(store);
                    callee.jump(done);
                    callee.bind(given);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                    callee.bind(done);
                }
                _ => {}
            }
        }
        if let Some(name) = block_param {
            callee.block_param = true;
            let store = Self::own_local(self, callee, name);
            // A forwarded block is passed as the frame's block: no Proc.
            if self.forwarded_block.as_ref() != Some(name) || callee.kind != MethodKind::Method {
                callee.emit(Insn::BlockParam);
                callee.emit(store);
            }
        }
        Ok(())
    }

    /// Multiple assignment's core: the value on top of the stack is split
    /// over `targets` (`a, (b, c), *d, e`), which are assigned in order.
    fn destructure(&mut self, m: &mut MethodBuilder, targets: &[Node]) {
        let splat_at = targets
            .iter()
            .position(|t| matches!(t, Node::Splat(_) | Node::Restarg(_)));
        let (before, after) = match splat_at {
            Some(at) => (at, targets.len() - at - 1),
            None => (targets.len(), 0),
        };
        m.emit(Insn::Destructure {
            before: before as u8,
            splat: splat_at.is_some(),
            after: after as u8,
        });
        for target in targets {
            self.assign_top(m, target);
        }
    }

    /// Evaluates the receivers and index arguments of the attribute and
    /// index targets of a multiple assignment into temporaries, which
    /// `assign_top` then uses.
    fn evaluate_targets(&mut self, m: &mut MethodBuilder, target: &Node) {
        match target {
            Node::Mlhs(Mlhs { items, .. }) => {
                for item in items {
                    self.evaluate_targets(m, item);
                }
            }
            Node::Splat(Splat {
                value: Some(inner), ..
            }) => self.evaluate_targets(m, inner),
            Node::Send(Send {
                recv: Some(recv),
                args,
                ..
            })
            | Node::IndexAsgn(IndexAsgn {
                recv,
                indexes: args,
                value: None,
                ..
            }) => {
                let mut temps = Vec::new();
                for part in std::iter::once(recv.as_ref()).chain(args.iter()) {
                    self.expr(m, part);
                    let temp = self.temp(m);
                    m.emit(Insn::Store(temp));
                    temps.push(temp);
                }
                self.evaluated_targets.push((target as *const Node, temps));
            }
            _ => {}
        }
    }

    /// Pushes a target's receiver and arguments: from the temporaries
    /// `evaluate_targets` filled, or by evaluating them now.
    fn push_target_parts(
        &mut self,
        m: &mut MethodBuilder,
        target: &Node,
        recv: &Node,
        args: &[Node],
    ) {
        let key = target as *const Node;
        if let Some(position) = self
            .evaluated_targets
            .iter()
            .position(|(node, _)| *node == key)
        {
            let (_, temps) = self.evaluated_targets.remove(position);
            for temp in temps {
                m.emit(Insn::Load(temp));
            }
            return;
        }
        self.expr(m, recv);
        for arg in args {
            self.expr(m, arg);
        }
    }

    /// Pops the top of the stack into an assignment target of multiple
    /// assignment or a block parameter.
    fn assign_top(&mut self, m: &mut MethodBuilder, target: &Node) {
        match target {
            // Destructured parameters belong to the block or method.
            Node::Arg(Arg { name, .. })
            | Node::Restarg(Restarg {
                name: Some(name), ..
            }) => {
                let store = Self::own_local(self, m, name);
                m.emit(store);
            }
            Node::Lvasgn(Lvasgn {
                name, value: None, ..
            }) => {
                let (_, store) = self.local_access(m, name);
                m.emit(store);
            }
            Node::Splat(Splat {
                value: Some(inner), ..
            }) => self.assign_top(m, inner),
            Node::Splat(Splat { value: None, .. }) | Node::Restarg(Restarg { name: None, .. }) => {
                m.emit(Insn::Pop);
            }
            Node::Mlhs(Mlhs { items, .. }) => self.destructure(m, items),
            Node::Send(Send {
                recv: Some(recv),
                method_name,
                args,
                ..
            }) => {
                // `obj.attr, ... = ...`: obj.attr=(value).
                let value = self.temp(m);
                m.emit(Insn::Store(value));
                self.push_target_parts(m, target, recv, args);
                m.emit(Insn::Load(value));
                let setter = if method_name.ends_with('=') {
                    method_name.clone()
                } else {
                    format!("{method_name}=")
                };
                self.call(m, &setter, args.len() as u32 + 1, 0, None);
                m.emit(Insn::Pop);
            }
            Node::IndexAsgn(IndexAsgn {
                recv,
                indexes,
                value: None,
                ..
            }) => {
                let value = self.temp(m);
                m.emit(Insn::Store(value));
                self.push_target_parts(m, target, recv, indexes);
                m.emit(Insn::Load(value));
                self.call(m, "[]=", indexes.len() as u32 + 1, 0, None);
                m.emit(Insn::Pop);
            }
            other => match self.variable_target(m, other) {
                Some((_, store)) => m.emit(store),
                None => {
                    m.emit(Insn::Pop);
                    self.unsupported(m, "this assignment target");
                    m.emit(Insn::Pop);
                }
            },
        }
    }

    /// The store of a parameter: always a local of `m`'s own scope (a block
    /// parameter shadows an outer variable of the same name).
    fn own_local(&mut self, m: &mut MethodBuilder, name: &str) -> Insn {
        let sym = self.sym(name);
        Insn::Store(m.local(sym))
    }

    /// The load and store of local `name`: a slot of this scope, or, inside
    /// a block, a captured local of an enclosing scope (marked captured
    /// there). A name not found anywhere becomes a local of this scope.
    fn local_access(&mut self, m: &mut MethodBuilder, name: &str) -> (Insn, Insn) {
        let sym = self.sym(name);
        if let Some(slot) = m.locals.iter().position(|&l| l == sym) {
            return (Insn::Load(slot as u32), Insn::Store(slot as u32));
        }
        for (up, scope) in self.scopes.iter_mut().rev().enumerate() {
            if let Some(slot) = scope.locals.iter().position(|&l| l == sym) {
                scope.captured[slot] = true;
                let (slot, depth) = (slot as u16, (up + 1) as u8);
                if !m.outer_names.iter().any(|(at, _)| *at == (depth, slot)) {
                    m.outer_names.push(((depth, slot), sym));
                }
                return (
                    Insn::LoadEnv {
                        slot,
                        depth,
                        hops: 0,
                    },
                    Insn::StoreEnv {
                        slot,
                        depth,
                        hops: 0,
                    },
                );
            }
        }
        let slot = m.local(sym);
        (Insn::Load(slot), Insn::Store(slot))
    }

    /// A call with a literal block (`foo(1) { |x| ... }`), a `super` with
    /// one, or a lambda literal (`->(x) { ... }`).
    fn block_call(&mut self, m: &mut MethodBuilder, block: &Block) {
        let line = self.line(&block.begin_l);
        match &*block.call {
            Node::Lambda(_) => {
                let Some(child) = self.block(m, block.args.as_deref(), block.body.as_deref(), line)
                else {
                    return;
                };
                m.emit(Insn::Lambda(child));
            }
            Node::Send(send) => self.send_with_block(m, &block.call, Call::from(send), Some(block)),
            Node::CSend(csend) => {
                self.send_with_block(m, &block.call, Call::from(csend), Some(block))
            }
            Node::Index(index) => {
                self.send_with_block(m, &block.call, Call::from(index), Some(block))
            }
            Node::Super(Super { args, .. }) => self.super_call(m, Some(args), Some(block)),
            Node::ZSuper(_) => self.super_call(m, None, Some(block)),
            _ => {
                let what = construct_name(&block.call);
                self.unsupported(m, what)
            }
        }
    }

    /// Compiles a block body as a child method: it sees the enclosing
    /// scopes' locals (through environments), and is named `block in foo`.
    /// None (after emitting `unsupported`) for unsupported parameters.
    fn block(
        &mut self,
        m: &mut MethodBuilder,
        args: Option<&Node>,
        body: Option<&Node>,
        line: u32,
    ) -> Option<u32> {
        let params: &[Node] = match args {
            Some(Node::Args(Args { args, .. })) => args,
            _ => &[],
        };
        self.block_with(m, line, body, |compiler, b| compiler.parameters(b, params))
    }

    /// Compiles a block child whose prologue `prologue` emits (its
    /// parameters), then `body`; returns the child's index, or None (after
    /// emitting `unsupported`) when the prologue refused.
    fn block_with(
        &mut self,
        m: &mut MethodBuilder,
        line: u32,
        body: Option<&Node>,
        prologue: impl FnOnce(&mut Self, &mut MethodBuilder) -> Result<(), &'static str>,
    ) -> Option<u32> {
        let level = m.block_level + 1;
        let label = if level == 1 {
            format!("block in {}", m.root_label)
        } else {
            format!("block ({level} levels) in {}", m.root_label)
        };
        let name = self.sym(&label);
        let mut b = MethodBuilder::new(MethodKind::Block, name, line);
        b.block_level = level;
        b.root_label = m.root_label.clone();
        b.super_method = m.super_method.clone();
        b.current_line = line;
        self.scopes.push(OuterScope {
            locals: std::mem::take(&mut m.locals),
            captured: std::mem::take(&mut m.captured),
        });
        let result = prologue(self, &mut b);
        if result.is_ok() {
            let start = b.new_label();
            b.bind(start);
            b.redo_label = Some(start);
            self.body(&mut b, body);
            b.emit(Insn::Return);
        }
        let scope = self.scopes.pop().expect("pushed above");
        m.locals = scope.locals;
        m.captured = scope.captured;
        if let Err(what) = result {
            self.unsupported(m, what);
            return None;
        }
        m.children.push(Rc::new(b.finish(self.source)));
        Some((m.children.len() - 1) as u32)
    }

    /// `a..b`, `a...b`, `a..` and `..b`.
    fn range(
        &mut self,
        m: &mut MethodBuilder,
        left: Option<&Node>,
        right: Option<&Node>,
        exclusive: bool,
    ) {
        self.expr_or_nil(m, left);
        self.expr_or_nil(m, right);
        m.emit(Insn::NewRange { exclusive });
    }

    /// `for x in list; body; end`: `list.each` with a block that assigns
    /// `x` (a variable of the enclosing scope, as `for` makes no scope).
    fn for_loop(&mut self, m: &mut MethodBuilder, for_node: &For) {
        self.declare_targets(m, &for_node.iterator);
        if let Some(body) = for_node.body.as_deref() {
            for name in for_scope::assigned_locals(body) {
                self.local_access(m, &name);
            }
        }
        self.expr(m, &for_node.iteratee);
        let line = self.line(&for_node.keyword_l);
        let iterator = &for_node.iterator;
        let Some(child) = self.block_with(m, line, for_node.body.as_deref(), |compiler, b| {
            b.required = 1;
            b.emit(Insn::Arg(0));
            compiler.assign_top(b, iterator);
            Ok(())
        }) else {
            return;
        };
        let each = self.sym("each");
        m.sites.push(CallSite {
            name: each,
            argc: 0,
            flags: 0,
            line: m.current_line,
            highlight: None,
            block: Some(child),
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::Send(site));
    }

    /// Makes the locals an assignment target names exist in this scope.
    fn declare_targets(&mut self, m: &mut MethodBuilder, target: &Node) {
        match target {
            Node::Lvasgn(Lvasgn { name, .. }) => {
                self.local_access(m, name);
            }
            Node::Mlhs(Mlhs { items, .. }) => {
                for item in items {
                    self.declare_targets(m, item);
                }
            }
            Node::Splat(Splat {
                value: Some(inner), ..
            }) => self.declare_targets(m, inner),
            _ => {}
        }
    }

    /// `case subject; when a, *list then ...; else ...; end`, or without a
    /// subject (`case; when cond then ...`).
    fn case(&mut self, m: &mut MethodBuilder, case: &Case) {
        let end = m.new_label();
        let depth = m.depth;
        let subject = case.expr.as_deref().map(|expr| {
            self.expr(m, expr);
            let temp = self.temp(m);
            m.emit(Insn::Store(temp));
            temp
        });
        let mut bodies = Vec::new();
        for clause in &case.when_bodies {
            let Node::When(When { patterns, body, .. }) = clause else {
                continue;
            };
            let label = m.new_label();
            for pattern in patterns {
                // A pattern's `===` runs on the `when`'s line.
                self.set_line(m, pattern);
                m.emit(Insn::Trace(m.current_line));
                match (subject, pattern) {
                    (
                        Some(subject),
                        Node::Splat(Splat {
                            value: Some(list), ..
                        }),
                    ) => {
                        self.expr(m, list);
                        m.emit(Insn::Load(subject));
                        m.emit(Insn::CheckMatch { splat: true });
                        m.branch(label);
                    }
                    (Some(subject), pattern) => {
                        self.expr(m, pattern);
                        m.emit(Insn::Load(subject));
                        m.emit(Insn::CheckMatch { splat: false });
                        m.branch(label);
                    }
                    (None, pattern) => self.branch_if(m, pattern, true, label),
                }
            }
            bodies.push((label, body.as_deref()));
        }
        self.body(m, case.else_body.as_deref());
        m.jump(end);
        for (label, body) in bodies {
            m.bind(label);
            m.depth = depth;
            self.body(m, body);
            m.jump(end);
        }
        m.depth = depth + 1;
        m.bind(end);
    }

    /// `defined?(expr)`: a description string or nil, decided at compile
    /// time where the form says it all, at run time otherwise.
    fn defined(&mut self, m: &mut MethodBuilder, value: &Node) {
        use crate::DefinedKind as K;
        let description = match value {
            Node::Lvar(_) => "local-variable",
            Node::Self_(_) => "self",
            Node::Nil(_) => "nil",
            Node::True(_) => "true",
            Node::False(_) => "false",
            Node::Lvasgn(_)
            | Node::Ivasgn(_)
            | Node::Gvasgn(_)
            | Node::Cvasgn(_)
            | Node::Casgn(_) => "assignment",
            Node::OpAsgn(_) | Node::OrAsgn(_) | Node::AndAsgn(_) | Node::Masgn(_) => "assignment",
            Node::Ivar(Ivar { name, .. }) => return self.defined_check(m, K::Ivar, name),
            Node::Gvar(Gvar { name, .. }) if name == "$~" => "global-variable",
            Node::NthRef(NthRef { name, .. }) => {
                let group = name.trim_start_matches('$').parse::<u16>();
                return self.defined_special(m, Special::Group(group.unwrap_or(u16::MAX)));
            }
            Node::BackRef(BackRef { name, .. }) if back_ref(name).is_some() => {
                let special = back_ref(name).expect("checked");
                return self.defined_special(m, special);
            }
            Node::Gvar(Gvar { name, .. }) => return self.defined_check(m, K::Global, name),
            Node::Cvar(Cvar { name, .. }) => return self.defined_check(m, K::ClassVariable, name),
            Node::Const(Const {
                scope: None, name, ..
            }) => return self.defined_check(m, K::Constant, name),
            Node::Const(Const {
                scope: Some(scope),
                name,
                ..
            }) => {
                self.scope(m, Some(scope));
                return self.defined_check(m, K::ScopedConstant, name);
            }
            Node::Yield(_) => return self.defined_check(m, K::Yield, "yield"),
            Node::Super(_) | Node::ZSuper(_) => {
                let name = self.symbols.name(m.name).to_string();
                return self.defined_check(m, K::Super, &name);
            }
            Node::Send(Send {
                recv: None,
                method_name,
                ..
            }) => return self.defined_check(m, K::Method, method_name),
            Node::Send(Send {
                recv: Some(recv),
                method_name,
                ..
            }) => {
                self.expr(m, recv);
                return self.defined_check(m, K::PublicMethod, method_name);
            }
            Node::Begin(Begin { statements, .. }) if statements.len() == 1 => {
                return self.defined(m, &statements[0]);
            }
            _ => "expression",
        };
        m.push_literal(Literal::String(description.as_bytes().to_vec()));
    }

    /// `defined?($1)` and the other match variables: "global-variable"
    /// when the frame's last match has the part, else nil.
    fn defined_special(&mut self, m: &mut MethodBuilder, special: Special) {
        let (missing, end) = (m.new_label(), m.new_label());
        m.emit(Insn::GetSpecial(special));
        m.emit(Insn::BranchNil(missing.0 as u32));
        m.push_literal(Literal::String(b"global-variable".to_vec()));
        m.jump(end);
        m.bind(missing);
        m.depth -= 1;
        m.push_literal(Literal::Nil);
        m.bind(end);
    }

    /// A Regexp literal: one Regexp made when the code is loaded, or for
    /// `/a#{b}/` the parts joined and compiled each time (`toregexp`).
    fn regexp(&mut self, m: &mut MethodBuilder, regexp: &Regexp) {
        let (options, once) = regexp_options(regexp.options.as_deref());
        if let Some(source) = self.regexp_source(regexp) {
            let line = self.line(&regexp.expression_l);
            m.push_literal(Literal::Regexp {
                source,
                options,
                line,
            });
            return;
        }
        if once {
            return self.unsupported(m, "the o flag of an interpolated regexp");
        }
        for part in &regexp.parts {
            match part {
                Node::Str(str) => {
                    let text = self.regexp_text(regexp, str);
                    m.push_literal(Literal::String(text));
                }
                Node::Begin(Begin { statements, .. }) => {
                    self.sequence(m, statements);
                    m.emit(Insn::ToS);
                }
                other => {
                    self.expr(m, other);
                    m.emit(Insn::ToS);
                }
            }
        }
        m.emit(Insn::Concat(regexp.parts.len() as u32));
        m.emit(Insn::ToRegexp(options));
    }

    /// The source of a Regexp literal without interpolation.
    fn regexp_source(&self, regexp: &Regexp) -> Option<Vec<u8>> {
        let mut source = Vec::new();
        for part in &regexp.parts {
            match part {
                Node::Str(str) => source.extend(self.regexp_text(regexp, str)),
                _ => return None,
            }
        }
        Some(source)
    }

    /// A literal part of a Regexp as MRI keeps it: the text as written,
    /// with an escaped closing delimiter unescaped unless the delimiters
    /// pair (`/a\/b/` is `a/b`, `%r{a\}b}` is `a\}b`) and the control and
    /// meta escapes spelled in hex (`\cA` is `\x01`). (lib-ruby-parser's
    /// own rewriting of those escapes is not MRI's.)
    fn regexp_text(&self, regexp: &Regexp, part: &Str) -> Vec<u8> {
        let raw = &self.source.text[part.expression_l.begin..part.expression_l.end];
        let close = self.source.text[regexp.end_l.begin];
        let paired = matches!(close, b'}' | b')' | b']' | b'>');
        let mut text = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            if raw[i] != b'\\' || i + 1 == raw.len() {
                text.push(raw[i]);
                i += 1;
                continue;
            }
            if let Some((byte, length)) = control_escape(&raw[i..]) {
                text.extend_from_slice(format!("\\x{byte:02X}").as_bytes());
                i += length;
                continue;
            }
            if raw[i + 1] != close || paired {
                text.push(b'\\');
            }
            text.push(raw[i + 1]);
            i += 2;
        }
        text
    }

    /// `/(?<name>..)/ =~ value`: the match, then each named group assigned
    /// to the local of its name (all nil when it fails), as MRI does for a
    /// literal without interpolation on the left.
    ///
    /// ```text
    ///     <re>; <value>; send =~ 1; dup; branchnil FAILED
    ///     getspecial $~; push :name; send [] 1; store name   (each name)
    ///     jump END
    /// FAILED:
    ///     push nil; store name                               (each name)
    /// END:
    /// ```
    fn match_with_lvasgn(&mut self, m: &mut MethodBuilder, node: &Node, re: &Node, value: &Node) {
        let names = match re {
            Node::Regexp(regexp) => self
                .regexp_source(regexp)
                .map(|source| named_groups(&source))
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        self.expr(m, re);
        self.expr(m, value);
        let span = self.span(node, "=~");
        self.call(m, "=~", 1, 0, span);
        if names.is_empty() {
            return;
        }
        let (failed, end) = (m.new_label(), m.new_label());
        m.emit(Insn::Dup);
        m.emit(Insn::BranchNil(failed.0 as u32));
        for name in &names {
            m.emit(Insn::GetSpecial(Special::LastMatch));
            let sym = self.sym(name);
            if !self.capture_locals.contains(&sym) {
                self.capture_locals.push(sym);
            }
            m.push_literal(Literal::Symbol(sym));
            self.call(m, "[]", 1, 0, None);
            let (_, store) = self.local_access(m, name);
            m.emit(store);
        }
        m.jump(end);
        m.bind(failed);
        for name in &names {
            m.push_literal(Literal::Nil);
            let (_, store) = self.local_access(m, name);
            m.emit(store);
        }
        m.bind(end);
    }

    fn defined_check(&mut self, m: &mut MethodBuilder, kind: crate::DefinedKind, name: &str) {
        let name = self.sym(name);
        m.emit(Insn::Defined { kind, name });
    }

    /// `recv.attr op= value`, `recv&.attr op= value` and `recv[i] op=
    /// value` (`op` is an operator, `||` or `&&`): read with `attr`/`[]`,
    /// write with `attr=`/`[]=`, receiver and indexes evaluated once; a nil
    /// receiver of `&.` skips it all. Scoped constants (`A::B op= value`)
    /// too.
    fn op_assign_call(
        &mut self,
        m: &mut MethodBuilder,
        target: &Node,
        op: &str,
        value: &Node,
    ) -> bool {
        let (recv, reader, args, safe): (&Node, String, &[Node], bool) = match target {
            Node::Send(Send {
                recv: Some(recv),
                method_name,
                args,
                ..
            }) => (recv, method_name.clone(), args, false),
            Node::CSend(CSend {
                recv,
                method_name,
                args,
                ..
            }) => (recv, method_name.clone(), args, true),
            Node::Index(Index { recv, indexes, .. })
            | Node::IndexAsgn(IndexAsgn {
                recv,
                indexes,
                value: None,
                ..
            }) => (recv, "[]".to_string(), indexes, false),
            Node::Casgn(Casgn {
                scope: Some(scope),
                name,
                value: None,
                ..
            }) => {
                self.scoped_constant_op_assign(m, scope, name, op, value);
                return true;
            }
            _ => return false,
        };
        let writer = format!("{reader}=");
        self.expr(m, recv);
        let skipped = m.new_label();
        if safe {
            m.emit(Insn::Dup);
            m.emit(Insn::BranchNil(skipped.0 as u32));
        }
        let receiver = self.temp(m);
        m.emit(Insn::Store(receiver));
        let mut temps = Vec::new();
        for arg in args {
            self.expr(m, arg);
            let temp = self.temp(m);
            m.emit(Insn::Store(temp));
            temps.push(temp);
        }
        let load_target = |m: &mut MethodBuilder| {
            m.emit(Insn::Load(receiver));
            for &temp in &temps {
                m.emit(Insn::Load(temp));
            }
        };
        load_target(m);
        let span = self.span(target, &reader);
        self.call(m, &reader, temps.len() as u32, 0, span);
        let end = m.new_label();
        match op {
            "||" | "&&" => {
                m.emit(Insn::Dup);
                if op == "&&" {
                    m.emit(Insn::Not);
                }
                m.branch(end);
                m.emit(Insn::Pop);
                self.expr(m, value);
            }
            operator => {
                self.expr(m, value);
                self.call(m, operator, 1, 0, None);
            }
        }
        let result = self.temp(m);
        m.emit(Insn::Store(result));
        load_target(m);
        m.emit(Insn::Load(result));
        self.call(m, &writer, temps.len() as u32 + 1, 0, None);
        m.emit(Insn::Pop);
        m.emit(Insn::Load(result));
        m.bind(end);
        m.bind(skipped);
        true
    }

    /// `A::B op= value` (`op` an operator, `||` or `&&`): the scope is
    /// evaluated once; `||=` does not fail on an undefined constant.
    fn scoped_constant_op_assign(
        &mut self,
        m: &mut MethodBuilder,
        scope: &Node,
        name: &str,
        op: &str,
        value: &Node,
    ) {
        let sym = self.sym(name);
        self.scope(m, Some(scope));
        let module = self.temp(m);
        m.emit(Insn::Store(module));
        if op == "||" {
            let (defined, loaded) = (m.new_label(), m.new_label());
            m.emit(Insn::Load(module));
            m.emit(Insn::Defined {
                kind: crate::DefinedKind::ScopedConstant,
                name: sym,
            });
            m.branch(defined);
            m.push_literal(Literal::Nil);
            m.jump(loaded);
            m.bind(defined);
            m.depth -= 1;
            m.emit(Insn::Load(module));
            m.emit(Insn::GetConstFrom(sym));
            m.bind(loaded);
        } else {
            m.emit(Insn::Load(module));
            m.emit(Insn::GetConstFrom(sym));
        }
        let end = m.new_label();
        match op {
            "||" | "&&" => {
                m.emit(Insn::Dup);
                if op == "&&" {
                    m.emit(Insn::Not);
                }
                m.branch(end);
                m.emit(Insn::Pop);
                self.expr(m, value);
            }
            operator => {
                self.expr(m, value);
                self.call(m, operator, 1, 0, None);
            }
        }
        let result = self.temp(m);
        m.emit(Insn::Store(result));
        m.emit(Insn::Load(module));
        m.emit(Insn::Load(result));
        m.emit(Insn::SetConstIn(sym));
        m.emit(Insn::Load(result));
        m.bind(end);
    }

    /// The body of `class`/`module`/`class << obj`, compiled as a method
    /// named `<class:Foo>` that runs with the class as self.
    fn class_body(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        keyword_l: &Loc,
        body: Option<&Node>,
    ) -> u32 {
        let line = self.line(keyword_l);
        let name = self.sym(name);
        let mut builder = MethodBuilder::new(MethodKind::ClassBody, name, line);
        builder.root_label = self.symbols.name(name).to_string();
        if is_body_rescue(body) {
            builder.rescue_line = Some(line);
        }
        // A class body does not see the locals around it.
        let outer = std::mem::take(&mut self.scopes);
        self.body(&mut builder, body);
        self.scopes = outer;
        builder.emit(Insn::Return);
        let mut body = builder.finish(self.source);
        assign_env_hops(&mut body, &mut Vec::new());
        m.children.push(Rc::new(body));
        (m.children.len() - 1) as u32
    }

    /// Pushes the scope a `class`/`module`/constant is defined in: nil for
    /// the lexical scope, Object for `::Foo`, else the evaluated `A::`.
    fn scope(&mut self, m: &mut MethodBuilder, scope: Option<&Node>) {
        match scope {
            None => m.push_literal(Literal::Nil),
            Some(Node::Cbase(_)) => m.push_literal(Literal::ObjectClass),
            Some(scope) => self.expr(m, scope),
        }
    }

    fn class_name_of(name: &Node) -> Option<(Option<&Node>, String)> {
        match name {
            Node::Const(Const { scope, name, .. }) => Some((scope.as_deref(), name.clone())),
            _ => None,
        }
    }

    fn define_class(&mut self, m: &mut MethodBuilder, class: &Class) {
        let Some((scope, name)) = Self::class_name_of(&class.name) else {
            return self.unsupported(m, "this class name");
        };
        self.scope(m, scope);
        match class.superclass.as_deref() {
            Some(superclass) => self.expr(m, superclass),
            None => m.push_literal(Literal::Nil),
        }
        let body = self.class_body(
            m,
            &format!("<class:{name}>"),
            &class.keyword_l,
            class.body.as_deref(),
        );
        m.emit(Insn::DefineClass(body));
    }

    fn define_module(&mut self, m: &mut MethodBuilder, module: &Module) {
        let Some((scope, name)) = Self::class_name_of(&module.name) else {
            return self.unsupported(m, "this module name");
        };
        self.scope(m, scope);
        let body = self.class_body(
            m,
            &format!("<module:{name}>"),
            &module.keyword_l,
            module.body.as_deref(),
        );
        m.emit(Insn::DefineModule(body));
    }

    /// `super(args)` and `super` (which passes the method's parameters).
    /// `super(args)`, `super(args, &blk)`, `super(args) { ... }` and `super`
    /// (which passes the method's parameters); without a block argument
    /// or literal block, the method's own block is passed along.
    fn super_call(&mut self, m: &mut MethodBuilder, args: Option<&[Node]>, block: Option<&Block>) {
        let (name, params, outside_def) = match m.super_method.clone() {
            Some((name, params)) => (name, params, false),
            None => (self.sym("super"), Vec::new(), true),
        };
        let line = m.current_line;
        m.emit(Insn::PushSelf);
        let mut block_pass = None;
        let (argc, mut flags) = match args {
            Some(args) => {
                let args = forwarding::expand_args(args);
                let args: &[Node] = match args.split_last() {
                    Some((
                        Node::BlockPass(BlockPass {
                            value: Some(value), ..
                        }),
                        rest,
                    )) => {
                        block_pass = Some(value.as_ref().clone());
                        rest
                    }
                    _ => &args,
                };
                let (argc, splat, keywords) = self.arguments(m, args);
                let mut flags = call_flags::FCALL;
                if splat {
                    flags |= call_flags::SPLAT;
                }
                if keywords {
                    flags |= call_flags::KWARGS;
                }
                (argc, flags)
            }
            None => self.zsuper_arguments(m, &params),
        };
        if let Some(value) = &block_pass {
            self.expr(m, value);
            flags |= call_flags::BLOCK_ARG;
        }
        if args.is_none() {
            flags |= call_flags::ZSUPER;
        }
        if outside_def {
            flags |= call_flags::SUPER_IN_BLOCK;
        }
        let block = match block {
            Some(block) => {
                let block_line = self.line(&block.begin_l);
                let Some(child) =
                    self.block(m, block.args.as_deref(), block.body.as_deref(), block_line)
                else {
                    return;
                };
                Some(child)
            }
            None => None,
        };
        m.sites.push(CallSite {
            name,
            argc,
            flags,
            line,
            highlight: None,
            block,
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::InvokeSuper(site));
    }

    /// `super` without arguments passes the method's parameters' current
    /// values: positional ones (with `*rest` spread) and keyword ones.
    fn zsuper_arguments(
        &mut self,
        m: &mut MethodBuilder,
        params: &[(ParamKind, String)],
    ) -> (u32, u8) {
        let simple = params
            .iter()
            .all(|(kind, _)| *kind == ParamKind::Positional);
        if simple {
            for (_, name) in params {
                let (load, _) = self.local_access(m, name);
                m.emit(load);
            }
            return (params.len() as u32, call_flags::FCALL);
        }
        m.emit(Insn::NewArray(0));
        for (kind, name) in params {
            let (load, _) = self.local_access(m, name);
            match kind {
                ParamKind::Positional => {
                    m.emit(load);
                    m.emit(Insn::ArrayAppend);
                }
                ParamKind::Rest => {
                    m.emit(load);
                    m.emit(Insn::ArrayConcat);
                }
                ParamKind::Keyword | ParamKind::KeywordRest => {}
            }
        }
        let keywords: Vec<&(ParamKind, String)> = params
            .iter()
            .filter(|(kind, _)| matches!(kind, ParamKind::Keyword | ParamKind::KeywordRest))
            .collect();
        let mut flags = call_flags::FCALL | call_flags::SPLAT;
        if !keywords.is_empty() {
            let mut pairs = 0;
            for (kind, name) in &keywords {
                if *kind == ParamKind::Keyword {
                    let sym = self.sym(name);
                    m.push_literal(Literal::Symbol(sym));
                    let (load, _) = self.local_access(m, name);
                    m.emit(load);
                    pairs += 1;
                }
            }
            m.emit(Insn::NewHash(pairs));
            for (kind, name) in &keywords {
                if *kind == ParamKind::KeywordRest {
                    let (load, _) = self.local_access(m, name);
                    m.emit(load);
                    self.call(m, "merge", 1, 0, None);
                }
            }
            m.emit(Insn::ArrayAppend);
            flags |= call_flags::KWARGS;
        }
        (1, flags)
    }

    /// The load and store of a variable an operator-assignment updates.
    fn variable_target(&mut self, m: &mut MethodBuilder, target: &Node) -> Option<(Insn, Insn)> {
        Some(match target {
            Node::Lvasgn(Lvasgn {
                name, value: None, ..
            }) => self.local_access(m, name),
            Node::Ivasgn(Ivasgn {
                name, value: None, ..
            }) => {
                let sym = self.sym(name);
                (
                    Insn::GetIvar(m.ivar_site(sym)),
                    Insn::SetIvar(m.ivar_site(sym)),
                )
            }
            Node::Gvasgn(Gvasgn {
                name, value: None, ..
            }) => {
                let sym = self.sym(name);
                (Insn::GetGlobal(sym), Insn::SetGlobal(sym))
            }
            Node::Cvasgn(Cvasgn {
                name, value: None, ..
            }) => {
                let sym = self.sym(name);
                (Insn::GetCvar(sym), Insn::SetCvar(sym))
            }
            Node::Casgn(Casgn {
                scope: None,
                name,
                value: None,
                ..
            }) => {
                let sym = self.sym(name);
                (Insn::GetConst(sym), Insn::SetConst(sym))
            }
            _ => return None,
        })
    }
}

/// What kind of parameter a name is (for `super` without arguments).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ParamKind {
    Positional,
    Rest,
    Keyword,
    KeywordRest,
}

/// The elements of `[a, b, ...].max` or `.min` (no arguments, block or
/// splat): the sends `arraymax` and `arraymin` compute. (Not when every
/// element is a static literal: MRI makes that Array a copy of a literal
/// one and calls the method, whose comparisons go the other way round.)
fn array_extremum_elements<'n>(call: &Call<'n>) -> Option<&'n [Node]> {
    if call.safe_navigation || !matches!(call.method_name, "max" | "min") || !call.args.is_empty() {
        return None;
    }
    match call.recv {
        Some(Node::Array(Array { elements, .. }))
            if !elements.iter().any(|e| matches!(e, Node::Splat(_))) =>
        {
            Some(elements)
        }
        _ => None,
    }
}

/// Whether a method's or class's body is a `rescue` (with no `ensure`
/// around it), directly or as the only statement of a `begin`: MRI gives
/// such a rescue the line of the `def` or `class`.
fn is_body_rescue(body: Option<&Node>) -> bool {
    match body {
        Some(Node::Rescue(_)) => true,
        Some(Node::KwBegin(KwBegin { statements, .. })) => {
            matches!(&statements[..], [Node::Rescue(_)])
        }
        _ => false,
    }
}

/// Whether MRI compiles `node` as a literal value it can copy arrays of
/// (numbers, Symbols, nil, true, false, Strings when they are frozen).
fn is_static_literal(node: &Node, frozen_strings: bool) -> bool {
    match node {
        Node::Int(_)
        | Node::Float(_)
        | Node::Rational(_)
        | Node::Complex(_)
        | Node::Sym(_)
        | Node::Nil(_)
        | Node::True(_)
        | Node::False(_) => true,
        Node::Str(_) => frozen_strings,
        _ => false,
    }
}

/// The parts of a method call the compiler reads, from a plain call
/// (`Send`) or a safe-navigating one (`CSend`, `recv&.name`).
struct Call<'n> {
    recv: Option<&'n Node>,
    method_name: &'n str,
    args: &'n [Node],
    begin_l: Option<Loc>,
    selector_l: Option<Loc>,
    operator_l: Option<Loc>,
    safe_navigation: bool,
}

/// `recv[indexes]` as the call `[]` it is.
impl<'n> From<&'n Index> for Call<'n> {
    fn from(index: &'n Index) -> Self {
        Call {
            recv: Some(&index.recv),
            method_name: "[]",
            args: &index.indexes,
            begin_l: Some(index.begin_l),
            selector_l: Some(index.begin_l.join(&index.end_l)),
            operator_l: None,
            safe_navigation: false,
        }
    }
}

impl<'n> From<&'n Send> for Call<'n> {
    fn from(send: &'n Send) -> Self {
        Call {
            recv: send.recv.as_deref(),
            method_name: &send.method_name,
            args: &send.args,
            begin_l: send.begin_l,
            selector_l: send.selector_l,
            operator_l: send.operator_l,
            safe_navigation: false,
        }
    }
}

impl<'n> From<&'n CSend> for Call<'n> {
    fn from(send: &'n CSend) -> Self {
        Call {
            recv: Some(&send.recv),
            method_name: &send.method_name,
            args: &send.args,
            begin_l: send.begin_l,
            selector_l: send.selector_l,
            operator_l: send.operator_l,
            safe_navigation: true,
        }
    }
}

/// The block a call passes: none, a literal one to compile, or one already
/// compiled (numbered parameters).
#[derive(Clone, Copy)]
enum BlockArg<'n> {
    None,
    Literal(&'n Block),
    Compiled(u32),
}

/// The locals of a scope enclosing the block being compiled.
struct OuterScope {
    locals: Vec<Sym>,
    captured: Vec<bool>,
}

/// Turns the scope depths of `loadenv`/`storeenv` into environment hops,
/// once a method and all its blocks are compiled (only then is it known
/// which scopes have an environment). `chain` holds, outermost first,
/// whether each enclosing scope has one.
///
/// A reference `depth` scopes out skips the environments of the scopes in
/// between and of the referring scope itself:
///
/// ```text
/// def m            # has an env (sum is captured)
///   sum = 0
///   [1].each do |x|     # no env of its own: reuses m's
///     sum += x          # loadenv sum 1, hops 0
///   end
/// end
/// ```
fn assign_env_hops(method: &mut Method, chain: &mut Vec<bool>) {
    chain.push(method.has_env);
    for insn in method.insns.iter_mut() {
        if let Insn::LoadEnv { depth, hops, .. } | Insn::StoreEnv { depth, hops, .. } = insn {
            let between = &chain[chain.len() - *depth as usize..];
            *hops = between.iter().filter(|&&has_env| has_env).count() as u8;
        }
    }
    for child in method.children.iter_mut() {
        if child.kind == MethodKind::Block {
            let child =
                Rc::get_mut(child).expect("blocks are owned by their method until it is finished");
            assign_env_hops(child, chain);
        }
    }
    chain.pop();
}

/// The parts of a `def` or `def self.x` the compiler needs.
struct MethodSource<'n> {
    name: &'n str,
    args: Option<&'n Node>,
    body: Option<&'n Node>,
    keyword_l: &'n Loc,
    end_l: Option<&'n Loc>,
    expression_l: &'n Loc,
}

/// Parses an Integer literal's text: `123`, `-5`, `1_000`, `0x1f`, `0b101`,
/// `0o17`, `017`, `0d99`.
fn parse_integer(text: &str) -> Option<BigInt> {
    let text = text.replace('_', "");
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(&text)),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0d") {
        (10, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    let value = BigInt::from_str_radix(body, radix).ok()?;
    Some(if negative { -value } else { value })
}

/// The match variable a back reference names (`$&`, `` $` ``, `$'`, `$+`).
fn back_ref(name: &str) -> Option<Special> {
    Some(match name {
        "$&" => Special::Matched,
        "$`" => Special::PreMatch,
        "$'" => Special::PostMatch,
        "$+" => Special::LastGroup,
        _ => return None,
    })
}

/// The option bits of a Regexp literal's flags (Ruby's values: `i` 1, `x`
/// 2, `m` 4, an encoding 16, `n` 32) and whether it has `o`.
fn regexp_options(options: Option<&Node>) -> (u32, bool) {
    let flags = match options {
        Some(Node::RegOpt(RegOpt {
            options: Some(flags),
            ..
        })) => flags.as_str(),
        _ => "",
    };
    let mut bits = 0;
    for flag in flags.chars() {
        bits |= match flag {
            'i' => 1,
            'x' => 2,
            'm' => 4,
            'u' | 'e' | 's' => 16,
            'n' => 32,
            _ => 0,
        };
    }
    (bits, flags.contains('o'))
}

/// A control or meta escape at the start of `text` (`\cX`, `\C-X`,
/// `\M-X`, combined as `\M-\C-X`): the byte it stands for and its length.
fn control_escape(text: &[u8]) -> Option<(u8, usize)> {
    let (kind, prefix) = match text.get(..3)? {
        [b'\\', b'c', _] => (b'c', 2),
        [b'\\', b'C', b'-'] => (b'c', 3),
        [b'\\', b'M', b'-'] => (b'm', 3),
        _ => return None,
    };
    let rest = &text[prefix..];
    let (target, length) = match rest.first()? {
        b'\\' => control_escape(rest).or_else(|| {
            let escaped = *rest.get(1)?;
            Some((escaped, 2))
        })?,
        &c if c.is_ascii() => (c, 1),
        _ => return None,
    };
    let byte = match kind {
        b'c' if target == b'?' => 0x7f,
        b'c' => target & 0x9f,
        _ => target | 0x80,
    };
    Some((byte, prefix + length))
}

/// The names of a pattern's named groups that can be local variables, in
/// order, each once (what `/(?<name>..)/ =~ s` assigns).
fn named_groups(source: &[u8]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut class_depth = 0;
    let mut i = 0;
    while i < source.len() {
        match source[i] {
            b'\\' => i += 1,
            b'[' => class_depth += 1,
            b']' if class_depth > 0 => class_depth -= 1,
            b'(' if class_depth == 0 && source[i + 1..].starts_with(b"?<") => {
                let rest = &source[i + 3..];
                if let Some(close) = rest.iter().position(|&b| b == b'>') {
                    let name = String::from_utf8_lossy(&rest[..close]).into_owned();
                    let mut chars = name.chars();
                    let local = chars
                        .next()
                        .is_some_and(|c| c == '_' || c.is_lowercase() || !c.is_ascii())
                        && chars.all(|c| c == '_' || c.is_alphanumeric());
                    if local && !names.contains(&name) {
                        names.push(name);
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    names
}

/// What `NotImplementedError` calls a construct rhizome does not compile.
fn construct_name(node: &Node) -> &'static str {
    match node {
        Node::Class(_) => "class definition",
        Node::Module(_) => "module definition",
        Node::SClass(_) => "singleton class definition",
        Node::Defs(_) => "singleton method definition",
        Node::Block(_) | Node::Numblock(_) => "block",
        Node::Lambda(_) => "lambda literal",
        Node::Yield(_) => "yield",
        Node::Super(_) | Node::ZSuper(_) => "super",
        Node::Rescue(_) | Node::RescueBody(_) => "rescue",
        Node::Ensure(_) => "ensure",
        Node::Retry(_) => "retry",
        Node::Redo(_) => "redo",
        Node::Case(_) => "case expression",
        Node::CaseMatch(_) | Node::MatchPattern(_) | Node::MatchPatternP(_) => "pattern matching",
        Node::Preexe(_) => "BEGIN block",
        Node::Postexe(_) => "END block",
        Node::Hash(_) => "hash literal",
        Node::Irange(_) | Node::Erange(_) => "range literal",
        Node::MatchCurrentLine(_) => "a regexp condition matching $_",
        Node::Ivar(_) | Node::Ivasgn(_) => "instance variables",
        Node::Cvar(_) | Node::Cvasgn(_) => "class variables",
        Node::Const(_) | Node::Casgn(_) => "scoped constants",
        Node::Masgn(_) => "multiple assignment",
        Node::CSend(_) => "safe navigation (&.)",
        Node::Defined(_) => "defined?",
        Node::For(_) => "for loop",
        Node::Alias(_) => "alias",
        Node::Undef(_) => "undef",
        Node::Xstr(_) | Node::XHeredoc(_) => "command execution",
        Node::Rational(_) => "rational literal",
        Node::Complex(_) => "complex literal",
        Node::IFlipFlop(_) | Node::EFlipFlop(_) => "flip-flop",
        Node::Splat(_) => "splat",
        _ => "this construct",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literals_in_every_base() {
        assert_eq!(parse_integer("1_000"), Some(BigInt::from(1000)));
        assert_eq!(parse_integer("0x1F"), Some(BigInt::from(31)));
        assert_eq!(parse_integer("0b101"), Some(BigInt::from(5)));
        assert_eq!(parse_integer("0o17"), Some(BigInt::from(15)));
        assert_eq!(parse_integer("017"), Some(BigInt::from(15)));
        assert_eq!(parse_integer("-42"), Some(BigInt::from(-42)));
        assert_eq!(parse_integer("0"), Some(BigInt::from(0)));
    }

    #[test]
    fn named_groups_that_can_be_locals() {
        assert_eq!(
            named_groups(br"(?<year>\d+)-(?<Month>\d+)(?<=x)[(?<no>]\(?<esc>(?<year>)"),
            vec!["year".to_string()]
        );
    }
}
