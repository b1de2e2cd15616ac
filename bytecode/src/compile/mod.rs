//! From lib-ruby-parser's AST to bytecode.
//!
//! The compiler walks the AST once per method. Every expression leaves exactly
//! one value on the operand stack; a statement whose value is unused is
//! followed by `pop`, which a small peephole folds away where it can
//! (`dup, store x, pop` becomes `store x`; `push 1, pop` disappears). Control
//! flow is laid out with labels that are patched into instruction indexes when
//! the method is finished.
//!
//! RhizomeRuby's listings start each statement with a `trace line`
//! instruction. rhizome departs from that: the line of every instruction is
//! in the method's line table (`Method::lines`, read by backtraces and
//! `__LINE__`), so a `trace` would only be a dispatch that does nothing (a
//! fifth of the instructions a short method ran). For
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
//! 4  load     a
//! 5  load     b
//! 6  send     +      1
//! 7  return
//! ```
//!
//! A condition compiles to a jump on its truth (`branch_if`), so
//! `if n < 2` becomes `send < 1; not; branch ELSE` and `a && b` in a condition
//! needs no `dup`.
//!
//! Anything the compiler does not support compiles to `unsupported "what"`,
//! which raises `NotImplementedError` only if the program reaches it.
//!
//! The compiler's methods are spread over files by job, each an `impl
//! Compiler` of its own: [`builder`] (the method under construction and its
//! peephole), [`literals`], [`regexp`], [`variables`], [`assign`]
//! (operator- and multiple assignment), [`calls`], [`blocks`], [`control`]
//! (conditions, loops, `case`, local jumps), [`rescue`] (`rescue`, `ensure`,
//! `retry`), [`definitions`] (`def`, `class`, `module`, parameters) and
//! [`defined`]. This file holds the entry points, the [`Compiler`] itself
//! and the dispatch over node kinds ([`Compiler::expr`]).

mod assign;
mod blocks;
mod builder;
pub(crate) use builder::stack_effect;
mod calls;
mod control;
mod defined;
mod definitions;
mod literals;
mod regexp;
mod rescue;
mod variables;

use crate::error_highlight;
use crate::insn::Insn;
use crate::literal::Literal;
use crate::method::{Method, MethodKind};
use crate::source_encoding::{self, SourceEncoding};
use crate::symbols::{Sym, SymbolTable};
use crate::syntax_error::{self, SyntaxError};
use builder::MethodBuilder;
use calls::{BlockArg, Call};
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::{Loc, Node, Parser, ParserOptions};
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
            if i + 1 < statements.len() {
                self.expr_popped(m, statement);
            } else {
                self.expr(m, statement);
            }
        }
    }

    /// [`Compiler::body`] whose value nothing uses: it leaves nothing on
    /// the stack.
    pub(super) fn body_popped(&mut self, m: &mut MethodBuilder, node: Option<&Node>) {
        let statements: &[Node] = match node {
            None => &[],
            Some(Node::Begin(Begin { statements, .. })) => statements,
            Some(node @ Node::KwBegin(_)) => {
                self.body(m, Some(node));
                m.emit(Insn::Pop);
                return;
            }
            Some(node) => std::slice::from_ref(node),
        };
        for statement in statements {
            self.set_line(m, statement);
            self.expr_popped(m, statement);
        }
    }

    /// An expression whose value nothing uses (a statement before the
    /// last): an `if` drops the value in each branch, where the builder's
    /// peephole folds `push nil, pop` and `dup, store x, pop` away, instead
    /// of joining the branches' values to pop them after.
    ///
    /// ```text
    /// if a then b = 1 end        # as a statement
    ///   load a; not; branch L; push 1; store b; L:
    /// ```
    pub(super) fn expr_popped(&mut self, m: &mut MethodBuilder, node: &Node) {
        match if_parts(node) {
            Some((cond, then, otherwise)) => {
                let saved_line = m.current_line;
                self.set_line(m, node);
                self.if_else(m, cond, then, otherwise, true);
                m.current_line = saved_line;
            }
            None => {
                self.expr(m, node);
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

    /// `begin; ...; end`: its statements, without traces; a `begin` whose
    /// body is a rescue gives that rescue its line.
    fn kw_begin(&mut self, m: &mut MethodBuilder, kw_begin: &KwBegin) {
        let KwBegin {
            statements,
            begin_l,
            ..
        } = kw_begin;
        if let (Some(begin), [Node::Rescue(_)]) = (begin_l, &statements[..]) {
            m.rescue_line = Some(self.line(begin));
        }
        self.sequence(m, statements)
    }

    fn sym(&mut self, name: &str) -> Sym {
        self.symbols.intern(name)
    }

    fn unsupported(&mut self, m: &mut MethodBuilder, what: &str) {
        let message = format!("{what} is not supported by rhizome");
        let lit = m.literal(Literal::String(message.into_bytes()));
        m.emit(Insn::Unsupported(lit));
    }

    /// `unsupported` naming the construct `node` is (see [`construct_name`]).
    fn unsupported_construct(&mut self, m: &mut MethodBuilder, node: &Node) {
        let what = construct_name(node);
        self.unsupported(m, what)
    }

    /// Compiles an expression, leaving its value on the stack.
    fn expr(&mut self, m: &mut MethodBuilder, node: &Node) {
        let saved_line = m.current_line;
        self.set_line(m, node);
        self.expr_inner(m, node);
        m.current_line = saved_line;
    }

    /// Compiles one node: a dispatch over the kinds of node, each compiled
    /// by a method in the file of its job.
    fn expr_inner(&mut self, m: &mut MethodBuilder, node: &Node) {
        match node {
            // Literals (literals.rs, regexp.rs).
            Node::Nil(_) => m.push_literal(Literal::Nil),
            Node::True(_) => m.push_literal(Literal::True),
            Node::False(_) => m.push_literal(Literal::False),
            Node::Self_(_) => m.emit(Insn::PushSelf),
            Node::Int(Int { value, .. }) => self.integer(m, value),
            Node::Float(Float { value, .. }) => self.float(m, value),
            Node::Str(str) => self.string_literal(m, str),
            Node::Dstr(Dstr { parts, .. }) | Node::Heredoc(Heredoc { parts, .. }) => {
                self.interpolation(m, parts)
            }
            Node::Sym(sym) => self.symbol(m, sym),
            Node::Dsym(Dsym { parts, .. }) => self.dynamic_symbol(m, parts),
            Node::Encoding(_) => m.push_literal(Literal::SourceEncoding),
            Node::File(_) => self.file(m),
            Node::Line(Line { expression_l }) => self.line_literal(m, expression_l),
            Node::Array(Array { elements, .. }) => self.splat_array(m, elements),
            Node::Hash(Hash { pairs, .. }) | Node::Kwargs(Kwargs { pairs, .. }) => {
                self.hash_literal(m, pairs)
            }
            Node::Irange(Irange { left, right, .. }) => {
                self.range(m, left.as_deref(), right.as_deref(), false)
            }
            Node::Erange(Erange { left, right, .. }) => {
                self.range(m, left.as_deref(), right.as_deref(), true)
            }
            Node::Regexp(regexp) => self.regexp(m, regexp),
            Node::MatchWithLvasgn(MatchWithLvasgn { re, value, .. }) => {
                self.match_with_lvasgn(m, node, re, value)
            }
            Node::NthRef(NthRef { name, .. }) => self.nth_ref(m, name),
            Node::BackRef(BackRef { name, .. }) => self.back_reference(m, name),
            // Statement groups (here).
            Node::Begin(Begin { statements, .. }) => self.sequence(m, statements),
            Node::KwBegin(kw_begin) => self.kw_begin(m, kw_begin),
            // Variables and constants (variables.rs).
            Node::Lvar(Lvar { name, .. }) => self.lvar(m, name),
            Node::Lvasgn(Lvasgn { name, value, .. }) => self.lvasgn(m, name, value.as_deref()),
            Node::Gvar(Gvar { name, .. }) => self.gvar(m, name),
            Node::Gvasgn(gvasgn) => self.gvasgn(m, node, gvasgn),
            Node::Ivar(Ivar { name, .. }) => self.ivar(m, name),
            Node::Ivasgn(ivasgn) => self.ivasgn(m, node, ivasgn),
            Node::Cvar(Cvar { name, .. }) => self.cvar(m, name),
            Node::Cvasgn(cvasgn) => self.cvasgn(m, node, cvasgn),
            Node::Const(constant) => self.constant(m, node, constant),
            Node::Casgn(casgn) => self.casgn(m, node, casgn),
            // Operator- and multiple assignment (assign.rs).
            Node::OpAsgn(op_asgn) => self.op_asgn(m, node, op_asgn),
            Node::OrAsgn(OrAsgn { recv, value, .. })
            | Node::AndAsgn(AndAsgn { recv, value, .. }) => {
                self.logical_op_asgn(m, node, recv, value)
            }
            Node::Masgn(masgn) => self.masgn(m, masgn),
            // Calls (calls.rs) and blocks (blocks.rs).
            Node::Send(send) => self.send(m, node, send),
            Node::CSend(csend) => self.send_with(m, node, Call::from(csend), BlockArg::None),
            Node::Index(index) => self.index(m, node, index),
            Node::IndexAsgn(index_asgn) => self.index_asgn(m, node, index_asgn),
            Node::Super(Super { args, .. }) => self.super_call(m, Some(args), None),
            Node::ZSuper(_) => self.super_call(m, None, None),
            Node::Yield(Yield { args, .. }) => self.yield_(m, args),
            Node::Block(block) => self.block_call(m, block),
            Node::Numblock(numblock) => self.numblock(m, numblock),
            // Control flow (control.rs, rescue.rs).
            Node::And(And { lhs, rhs, .. }) => self.and(m, lhs, rhs),
            Node::Or(Or { lhs, rhs, .. }) => self.or(m, lhs, rhs),
            Node::If(_) | Node::IfMod(_) => {
                let (cond, then, otherwise) = if_parts(node).expect("an if");
                self.if_else(m, cond, then, otherwise, false)
            }
            Node::IfTernary(IfTernary {
                cond,
                if_true,
                if_false,
                ..
            }) => self.if_else(m, cond, Some(if_true), Some(if_false), false),
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
            Node::For(for_node) => self.for_loop(m, for_node),
            Node::Case(case) => self.case(m, case),
            Node::Break(Break { args, .. }) => self.break_loop(m, args),
            Node::Next(Next { args, .. }) => self.next_loop(m, args),
            Node::Redo(_) => self.redo(m),
            Node::Return(Return { args, .. }) => self.return_(m, args),
            Node::Rescue(rescue) => self.rescue(m, rescue),
            Node::Ensure(ensure) => self.ensure(m, ensure),
            Node::Retry(_) => self.retry(m),
            // Definitions (definitions.rs).
            Node::Def(def) => self.def(m, def),
            Node::Defs(defs) => self.defs(m, defs),
            Node::Class(class) => self.define_class(m, class),
            Node::Module(module) => self.define_module(m, module),
            Node::SClass(sclass) => self.singleton_class(m, sclass),
            Node::Alias(Alias { to, from, .. }) => self.alias(m, to, from),
            Node::Undef(Undef { names, .. }) => self.undef(m, names),
            // defined? (defined.rs).
            Node::Defined(Defined { value, .. }) => self.defined(m, value),
            other => self.unsupported_construct(m, other),
        }
    }

    fn expr_or_nil(&mut self, m: &mut MethodBuilder, node: Option<&Node>) {
        match node {
            Some(node) => self.expr(m, node),
            None => m.push_literal(Literal::Nil),
        }
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

/// The condition and branches of an `if` (modifier or not; `unless` comes
/// with its branches swapped), or None for another node.
fn if_parts(node: &Node) -> Option<(&Node, Option<&Node>, Option<&Node>)> {
    match node {
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
        }) => Some((cond, if_true.as_deref(), if_false.as_deref())),
        _ => None,
    }
}
