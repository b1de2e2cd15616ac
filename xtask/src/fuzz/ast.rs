//! The generated programs as a tree: a small Ruby AST that renders to source
//! text, and walkers the minimiser uses to edit it.
//!
//! The tree keeps only what the generator produces; names and literals are
//! kept as text ([`Expr::Atom`]). Rendering parenthesises every operator, so
//! replacing any expression by another one still parses the same way.

use std::fmt::Write as _;

/// A whole program: its statements, after a header of comment lines.
#[derive(Debug, Clone, PartialEq)]
pub struct Program {
    /// Comment lines printed first (without the `# `).
    pub header: Vec<String>,
    /// The top-level statements.
    pub body: Vec<Stmt>,
}

/// A statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Stmt {
    /// An expression evaluated for its effect (or as the value of a body).
    Expr(Expr),
    /// `lhs = rhs`; the left side is a name, an index or an attribute call.
    Assign(Expr, Expr),
    /// `lhs op= rhs` (`op` is e.g. `+`, `||`, `<<`).
    OpAssign(Expr, String, Expr),
    /// `if`/`unless` with optional `else`; `modifier` asks for the one-line
    /// form when the body is one simple statement.
    If {
        cond: Expr,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
        unless: bool,
        modifier: bool,
    },
    /// `while`/`until` loop.
    While {
        cond: Expr,
        body: Vec<Stmt>,
        until: bool,
    },
    /// `for var in iter`.
    For {
        var: String,
        iter: Expr,
        body: Vec<Stmt>,
    },
    /// `a, b = x, y` (or `= [x, y]` when `bracketed`).
    MultiAssign(Vec<String>, Vec<Expr>, bool),
    /// `case` with `when` arms and optional `else`.
    Case {
        subject: Option<Expr>,
        arms: Vec<(Vec<Expr>, Vec<Stmt>)>,
        els: Option<Vec<Stmt>>,
    },
    /// `begin`/`rescue`/`else`/`ensure`/`end`.
    Begin(Box<BeginBlock>),
    /// `return`.
    Return(Option<Expr>),
    /// `break`.
    Break(Option<Expr>),
    /// `next`.
    Next(Option<Expr>),
    /// `retry` (inside a rescue clause).
    Retry,
    /// A method definition.
    Def(Box<Def>),
    /// A class definition (or reopening).
    Class(Box<ClassDef>),
    /// A module definition (its superclass is unused).
    Module(Box<ClassDef>),
    /// A line of source kept verbatim (`attr_accessor :a`, `include M`, ...).
    Raw(String),
}

/// The parts of a `begin` block.
#[derive(Debug, Clone, PartialEq)]
pub struct BeginBlock {
    pub body: Vec<Stmt>,
    pub rescues: Vec<Rescue>,
    pub else_body: Vec<Stmt>,
    pub ensure: Option<Vec<Stmt>>,
}

/// One `rescue` clause.
#[derive(Debug, Clone, PartialEq)]
pub struct Rescue {
    /// Exception class names (empty: StandardError).
    pub classes: Vec<String>,
    /// `=> var`.
    pub var: Option<String>,
    pub body: Vec<Stmt>,
}

/// A `def`.
#[derive(Debug, Clone, PartialEq)]
pub struct Def {
    pub name: String,
    /// `def self.name` / `def obj.name`.
    pub singleton: Option<String>,
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
    /// Render as `def name(params) = expr` when the body is one expression.
    pub endless: bool,
}

/// A parameter of a method, block or lambda.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    Req(String),
    Opt(String, Expr),
    Rest(String),
    /// A keyword parameter, required when it has no default.
    Key(String, Option<Expr>),
    KwRest(String),
    Block(String),
}

/// A `class`.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassDef {
    pub name: String,
    pub superclass: Option<String>,
    pub body: Vec<Stmt>,
}

/// An expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// Text rendered as is: literals, names, `self`, `nil`.
    Atom(String),
    /// `(lhs op rhs)`.
    Bin(Box<Expr>, String, Box<Expr>),
    /// `(op operand)`, e.g. `!` or `-`.
    Unary(String, Box<Expr>),
    /// A method call.
    Call(Box<Call>),
    /// `[a, b]`.
    Array(Vec<Expr>),
    /// `{key: value}` (symbol keys written `name:`), `{k => v}` otherwise.
    Hash(Vec<(Expr, Expr)>),
    /// A double-quoted string with interpolation.
    Interp(Vec<Part>),
    /// `(cond ? a : b)`.
    Ternary(Box<Expr>, Box<Expr>, Box<Expr>),
    /// A lambda or proc literal.
    Lambda(LambdaKind, Box<Block>),
    /// `(expr rescue fallback)`.
    RescueMod(Box<Expr>, Box<Expr>),
    /// `recv[args]`.
    Index(Box<Expr>, Vec<Expr>),
    /// `(a..b)` or `(a...b)` (exclusive).
    Range(Box<Expr>, Box<Expr>, bool),
    /// `yield(args)`.
    Yield(Vec<Expr>),
    /// `super` without arguments (`None`: implicit arguments) or `super(args)`.
    Super(Option<Vec<Arg>>, Option<Box<Block>>),
    /// A statement used as a value (`if`, `case`, `begin`, `while`).
    Stmt(Box<Stmt>),
}

/// A piece of an interpolated string.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// Literal text (escaped when rendered).
    Text(String),
    /// `#{expr}`.
    Code(Expr),
}

/// How a lambda or proc literal is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LambdaKind {
    /// `->(a) { }`
    Stabby,
    /// `lambda { |a| }`
    Lambda,
    /// `proc { |a| }`
    Proc,
    /// `Proc.new { |a| }`
    ProcNew,
}

/// A method call.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub recv: Option<Expr>,
    pub name: String,
    pub args: Vec<Arg>,
    pub block: Option<BlockArg>,
    /// `recv&.name`.
    pub safe_nav: bool,
}

/// An argument of a call.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Pos(Expr),
    Splat(Expr),
    Key(String, Expr),
}

/// The block given to a call.
#[derive(Debug, Clone, PartialEq)]
pub enum BlockArg {
    /// `{ |params| body }`.
    Literal(Block),
    /// `&expr`.
    Pass(Expr),
}

/// A block or lambda body with its parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub params: Vec<Param>,
    pub body: Vec<Stmt>,
}

// ---------------------------------------------------------------------------
// Constructors used all over the generator.

/// An atom.
pub fn atom(text: impl Into<String>) -> Expr {
    Expr::Atom(text.into())
}

/// An integer literal (negative ones parenthesised).
pub fn int(value: i128) -> Expr {
    if value < 0 {
        Expr::Atom(format!("({value})"))
    } else {
        Expr::Atom(value.to_string())
    }
}

/// A double-quoted string literal.
pub fn string(text: &str) -> Expr {
    Expr::Atom(quote(text))
}

/// `(lhs op rhs)`.
pub fn bin(lhs: Expr, op: &str, rhs: Expr) -> Expr {
    Expr::Bin(Box::new(lhs), op.to_owned(), Box::new(rhs))
}

/// A call `recv.name(args)`.
pub fn call(recv: Option<Expr>, name: &str, args: Vec<Expr>) -> Expr {
    Expr::Call(Box::new(Call {
        recv,
        name: name.to_owned(),
        args: args.into_iter().map(Arg::Pos).collect(),
        block: None,
        safe_nav: false,
    }))
}

/// A call with arbitrary arguments and an optional block.
pub fn call_full(recv: Option<Expr>, name: &str, args: Vec<Arg>, block: Option<BlockArg>) -> Expr {
    Expr::Call(Box::new(Call {
        recv,
        name: name.to_owned(),
        args,
        block,
        safe_nav: false,
    }))
}

/// A call with a literal block.
pub fn call_block(
    recv: Option<Expr>,
    name: &str,
    args: Vec<Expr>,
    params: &[&str],
    body: Vec<Stmt>,
) -> Expr {
    call_full(
        recv,
        name,
        args.into_iter().map(Arg::Pos).collect(),
        Some(BlockArg::Literal(block(params, body))),
    )
}

/// A block with required parameters.
pub fn block(params: &[&str], body: Vec<Stmt>) -> Block {
    Block {
        params: params.iter().map(|p| Param::Req((*p).to_owned())).collect(),
        body,
    }
}

/// `p(args)`.
pub fn p(args: Vec<Expr>) -> Stmt {
    Stmt::Expr(call(None, "p", args))
}

/// `puts(arg)`.
pub fn puts(arg: Expr) -> Stmt {
    Stmt::Expr(call(None, "puts", vec![arg]))
}

/// `name = value`.
pub fn assign(name: &str, value: Expr) -> Stmt {
    Stmt::Assign(atom(name), value)
}

/// Ruby double-quoted literal for `text`.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    escape_into(&mut out, text);
    out.push('"');
    out
}

fn escape_into(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '#' => out.push_str("\\#"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
}

// ---------------------------------------------------------------------------
// Rendering.

const INDENT: &str = "  ";

/// The program as Ruby source.
pub fn render(program: &Program) -> String {
    let mut out = String::new();
    for line in &program.header {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    render_stmts(&mut out, &program.body, 0);
    out
}

/// Statements as Ruby source at `depth` levels of indentation.
pub fn render_stmts(out: &mut String, stmts: &[Stmt], depth: usize) {
    for stmt in stmts {
        render_stmt(out, stmt, depth);
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str(INDENT);
    }
}

fn line(out: &mut String, depth: usize, text: &str) {
    indent(out, depth);
    out.push_str(text);
    out.push('\n');
}

/// Whether a statement renders on one line (so it may take a modifier).
fn is_simple(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::Expr(e) | Stmt::Assign(_, e) | Stmt::OpAssign(_, _, e) => {
            !expr_text(e, 0).contains('\n')
        }
        Stmt::MultiAssign(_, values, _) => values.iter().all(|e| !expr_text(e, 0).contains('\n')),
        Stmt::Return(e) | Stmt::Break(e) | Stmt::Next(e) => {
            e.as_ref().is_none_or(|e| !expr_text(e, 0).contains('\n'))
        }
        Stmt::Retry => true,
        _ => false,
    }
}

fn render_stmt(out: &mut String, stmt: &Stmt, depth: usize) {
    match stmt {
        Stmt::If {
            cond,
            then,
            els,
            unless,
            modifier,
        } => {
            let keyword = if *unless { "unless" } else { "if" };
            if *modifier && els.is_empty() && then.len() == 1 && is_simple(&then[0]) {
                let mut body = String::new();
                render_stmt(&mut body, &then[0], 0);
                let body = body.trim_end();
                line(
                    out,
                    depth,
                    &format!("{body} {keyword} {}", expr_text(cond, depth)),
                );
                return;
            }
            render_if(out, stmt, depth, keyword);
            line(out, depth, "end");
        }
        _ => {
            indent(out, depth);
            out.push_str(&stmt_text(stmt, depth));
            out.push('\n');
        }
    }
}

/// `if`/`elsif` chains, without the final `end`.
fn render_if(out: &mut String, stmt: &Stmt, depth: usize, keyword: &str) {
    let Stmt::If {
        cond, then, els, ..
    } = stmt
    else {
        unreachable!("render_if of a non-if")
    };
    line(out, depth, &format!("{keyword} {}", expr_text(cond, depth)));
    render_stmts(out, then, depth + 1);
    if els.is_empty() {
        return;
    }
    if keyword != "unless" && els.len() == 1 {
        if let Stmt::If { unless: false, .. } = &els[0] {
            render_if(out, &els[0], depth, "elsif");
            return;
        }
    }
    line(out, depth, "else");
    render_stmts(out, els, depth + 1);
}

/// A statement as text whose first line is not indented and whose later
/// lines are indented for `depth` (for statements used as values).
fn stmt_text(stmt: &Stmt, depth: usize) -> String {
    let mut out = String::new();
    match stmt {
        Stmt::Expr(e) => {
            let text = expr_text(e, depth);
            if text.starts_with('{') {
                let _ = write!(out, "({text})");
            } else {
                out.push_str(&text);
            }
        }
        Stmt::Assign(lhs, rhs) => {
            let _ = write!(out, "{} = {}", expr_text(lhs, depth), expr_text(rhs, depth));
        }
        Stmt::OpAssign(lhs, op, rhs) => {
            let _ = write!(
                out,
                "{} {op}= {}",
                expr_text(lhs, depth),
                expr_text(rhs, depth)
            );
        }
        Stmt::If { unless, .. } => {
            let mut body = String::new();
            render_if(
                &mut body,
                stmt,
                depth,
                if *unless { "unless" } else { "if" },
            );
            out.push_str(body.trim_start());
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::While { cond, body, until } => {
            let keyword = if *until { "until" } else { "while" };
            let _ = writeln!(out, "{keyword} {}", expr_text(cond, depth));
            render_stmts(&mut out, body, depth + 1);
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::For { var, iter, body } => {
            let _ = writeln!(out, "for {var} in {}", expr_text(iter, depth));
            render_stmts(&mut out, body, depth + 1);
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::MultiAssign(names, values, bracketed) => {
            let values: Vec<String> = values.iter().map(|v| expr_text(v, depth)).collect();
            let values = values.join(", ");
            if *bracketed {
                let _ = write!(out, "{} = [{values}]", names.join(", "));
            } else {
                let _ = write!(out, "{} = {values}", names.join(", "));
            }
        }
        Stmt::Case { subject, arms, els } => {
            if arms.is_empty() {
                // Not valid Ruby: keep the subject's and the else's effects.
                out.push_str("begin\n");
                if let Some(subject) = subject {
                    line(&mut out, depth + 1, &expr_text(subject, depth + 1));
                }
                render_stmts(&mut out, els.as_deref().unwrap_or(&[]), depth + 1);
                indent(&mut out, depth);
                out.push_str("end");
                return out;
            }
            match subject {
                Some(subject) => {
                    let _ = writeln!(out, "case {}", expr_text(subject, depth));
                }
                None => out.push_str("case\n"),
            }
            for (values, body) in arms {
                let values: Vec<String> = values.iter().map(|v| expr_text(v, depth)).collect();
                let values = if values.is_empty() {
                    "nil".to_owned()
                } else {
                    values.join(", ")
                };
                line(&mut out, depth, &format!("when {values}"));
                render_stmts(&mut out, body, depth + 1);
            }
            if let Some(els) = els {
                line(&mut out, depth, "else");
                render_stmts(&mut out, els, depth + 1);
            }
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::Begin(b) => {
            out.push_str("begin\n");
            render_stmts(&mut out, &b.body, depth + 1);
            for rescue in &b.rescues {
                let mut head = String::from("rescue");
                if !rescue.classes.is_empty() {
                    head.push(' ');
                    head.push_str(&rescue.classes.join(", "));
                }
                if let Some(var) = &rescue.var {
                    let _ = write!(head, " => {var}");
                }
                line(&mut out, depth, &head);
                render_stmts(&mut out, &rescue.body, depth + 1);
            }
            if !b.else_body.is_empty() && !b.rescues.is_empty() {
                line(&mut out, depth, "else");
                render_stmts(&mut out, &b.else_body, depth + 1);
            } else if !b.else_body.is_empty() {
                // `else` without `rescue` is a warning in MRI: keep the body.
                render_stmts(&mut out, &b.else_body, depth + 1);
            }
            if let Some(ensure) = &b.ensure {
                line(&mut out, depth, "ensure");
                render_stmts(&mut out, ensure, depth + 1);
            }
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::Return(e) => keyword_value(&mut out, "return", e.as_ref(), depth),
        Stmt::Break(e) => keyword_value(&mut out, "break", e.as_ref(), depth),
        Stmt::Next(e) => keyword_value(&mut out, "next", e.as_ref(), depth),
        Stmt::Retry => out.push_str("retry"),
        Stmt::Def(def) => render_def(&mut out, def, depth),
        Stmt::Class(class) => {
            match &class.superclass {
                Some(superclass) => {
                    let _ = writeln!(out, "class {} < {superclass}", class.name);
                }
                None => {
                    let _ = writeln!(out, "class {}", class.name);
                }
            }
            render_stmts(&mut out, &class.body, depth + 1);
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::Module(module) => {
            let _ = writeln!(out, "module {}", module.name);
            render_stmts(&mut out, &module.body, depth + 1);
            indent(&mut out, depth);
            out.push_str("end");
        }
        Stmt::Raw(text) => {
            let mut lines = text.lines();
            out.push_str(lines.next().unwrap_or(""));
            for rest in lines {
                out.push('\n');
                indent(&mut out, depth);
                out.push_str(rest);
            }
        }
    }
    out
}

fn keyword_value(out: &mut String, keyword: &str, value: Option<&Expr>, depth: usize) {
    out.push_str(keyword);
    if let Some(value) = value {
        out.push(' ');
        out.push_str(&expr_text(value, depth));
    }
}

fn render_def(out: &mut String, def: &Def, depth: usize) {
    let name = match &def.singleton {
        Some(owner) => format!("{owner}.{}", def.name),
        None => def.name.clone(),
    };
    let params = params_text(&def.params, depth);
    let head = if params.is_empty() {
        format!("def {name}")
    } else {
        format!("def {name}({params})")
    };
    if def.endless && def.body.len() == 1 {
        if let Stmt::Expr(e) = &def.body[0] {
            let text = expr_text(e, depth);
            if !text.contains('\n') {
                let head = if params.is_empty() {
                    format!("def {name}()")
                } else {
                    head
                };
                let _ = write!(out, "{head} = {text}");
                return;
            }
        }
    }
    out.push_str(&head);
    out.push('\n');
    render_stmts(out, &def.body, depth + 1);
    indent(out, depth);
    out.push_str("end");
}

fn params_text(params: &[Param], depth: usize) -> String {
    let parts: Vec<String> = params
        .iter()
        .map(|param| match param {
            Param::Req(name) => name.clone(),
            Param::Opt(name, default) => format!("{name} = {}", expr_text(default, depth)),
            Param::Rest(name) => format!("*{name}"),
            Param::Key(name, None) => format!("{name}:"),
            Param::Key(name, Some(default)) => format!("{name}: {}", expr_text(default, depth)),
            Param::KwRest(name) => format!("**{name}"),
            Param::Block(name) => format!("&{name}"),
        })
        .collect();
    parts.join(", ")
}

fn args_text(args: &[Arg], depth: usize) -> String {
    let parts: Vec<String> = args
        .iter()
        .map(|arg| match arg {
            Arg::Pos(e) => expr_text(e, depth),
            Arg::Splat(e) => format!("*{}", expr_text(e, depth)),
            Arg::Key(name, e) => format!("{name}: {}", expr_text(e, depth)),
        })
        .collect();
    parts.join(", ")
}

fn block_text(block: &Block, depth: usize, stabby: bool) -> String {
    let params = params_text(&block.params, depth);
    let head = if stabby {
        format!("->({params}) {{")
    } else if params.is_empty() {
        "{".to_owned()
    } else {
        format!("{{ |{params}|")
    };
    if block.body.len() == 1 && is_simple(&block.body[0]) {
        if let Stmt::Expr(_) | Stmt::Next(_) | Stmt::Break(_) | Stmt::Assign(..) = &block.body[0] {
            let mut body = String::new();
            render_stmt(&mut body, &block.body[0], 0);
            return format!("{head} {} }}", body.trim_end());
        }
    }
    if block.body.is_empty() {
        return format!("{head} }}");
    }
    let mut out = head;
    out.push('\n');
    render_stmts(&mut out, &block.body, depth + 1);
    indent(&mut out, depth);
    out.push('}');
    out
}

/// Whether an expression needs parentheses to be a method receiver.
fn needs_parens_as_receiver(e: &Expr) -> bool {
    match e {
        Expr::Atom(text) => text.starts_with('-') || text.contains(' '),
        Expr::Stmt(_) | Expr::Lambda(..) | Expr::Hash(_) | Expr::Yield(_) | Expr::Super(..) => true,
        _ => false,
    }
}

/// An expression as text (later lines indented for `depth`).
pub fn expr_text(e: &Expr, depth: usize) -> String {
    match e {
        Expr::Atom(text) => text.clone(),
        Expr::Bin(lhs, op, rhs) => {
            format!("({} {op} {})", expr_text(lhs, depth), expr_text(rhs, depth))
        }
        Expr::Unary(op, operand) => format!("({op}{})", expr_text(operand, depth)),
        Expr::Call(call) => {
            let mut out = String::new();
            if let Some(recv) = &call.recv {
                let text = expr_text(recv, depth);
                if needs_parens_as_receiver(recv) {
                    let _ = write!(out, "({text})");
                } else {
                    out.push_str(&text);
                }
                out.push_str(if call.safe_nav { "&." } else { "." });
            }
            out.push_str(&call.name);
            let mut args = args_text(&call.args, depth);
            if let Some(BlockArg::Pass(pass)) = &call.block {
                if !args.is_empty() {
                    args.push_str(", ");
                }
                let _ = write!(args, "&{}", expr_text(pass, depth));
            }
            if !args.is_empty() {
                let _ = write!(out, "({args})");
            } else if call.recv.is_none() && call.block.is_none() {
                // `name()` so that a bare name is never read as a local.
                out.push_str("()");
            }
            if let Some(BlockArg::Literal(block)) = &call.block {
                out.push(' ');
                out.push_str(&block_text(block, depth, false));
            }
            out
        }
        Expr::Array(items) => {
            let items: Vec<String> = items.iter().map(|i| expr_text(i, depth)).collect();
            format!("[{}]", items.join(", "))
        }
        Expr::Hash(pairs) => {
            if pairs.is_empty() {
                return "{}".to_owned();
            }
            let pairs: Vec<String> = pairs
                .iter()
                .map(|(k, v)| {
                    let value = expr_text(v, depth);
                    match k {
                        Expr::Atom(key)
                            if key.starts_with(':')
                                && key.len() > 1
                                && key[1..]
                                    .chars()
                                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                                && !key[1..].starts_with(|c: char| c.is_ascii_digit()) =>
                        {
                            format!("{}: {value}", &key[1..])
                        }
                        _ => format!("{} => {value}", expr_text(k, depth)),
                    }
                })
                .collect();
            format!("{{{}}}", pairs.join(", "))
        }
        Expr::Interp(parts) => {
            let mut out = String::from("\"");
            for part in parts {
                match part {
                    Part::Text(text) => escape_into(&mut out, text),
                    Part::Code(code) => {
                        let _ = write!(out, "#{{{}}}", expr_text(code, depth));
                    }
                }
            }
            out.push('"');
            out
        }
        Expr::Ternary(cond, a, b) => format!(
            "({} ? {} : {})",
            expr_text(cond, depth),
            expr_text(a, depth),
            expr_text(b, depth)
        ),
        Expr::Lambda(kind, block) => match kind {
            LambdaKind::Stabby => block_text(block, depth, true),
            LambdaKind::Lambda => format!("lambda {}", block_text(block, depth, false)),
            LambdaKind::Proc => format!("proc {}", block_text(block, depth, false)),
            LambdaKind::ProcNew => format!("Proc.new {}", block_text(block, depth, false)),
        },
        Expr::RescueMod(e, fallback) => format!(
            "({} rescue {})",
            expr_text(e, depth),
            expr_text(fallback, depth)
        ),
        Expr::Index(recv, args) => {
            let text = expr_text(recv, depth);
            let args: Vec<String> = args.iter().map(|a| expr_text(a, depth)).collect();
            if needs_parens_as_receiver(recv) {
                format!("({text})[{}]", args.join(", "))
            } else {
                format!("{text}[{}]", args.join(", "))
            }
        }
        Expr::Range(a, b, exclusive) => format!(
            "({}{}{})",
            expr_text(a, depth),
            if *exclusive { "..." } else { ".." },
            expr_text(b, depth)
        ),
        Expr::Yield(args) => {
            if args.is_empty() {
                "yield".to_owned()
            } else {
                let args: Vec<String> = args.iter().map(|a| expr_text(a, depth)).collect();
                format!("yield({})", args.join(", "))
            }
        }
        Expr::Super(args, block) => {
            let mut out = match args {
                None => "super".to_owned(),
                Some(args) => format!("super({})", args_text(args, depth)),
            };
            if let Some(block) = block {
                out.push(' ');
                out.push_str(&block_text(block, depth, false));
            }
            out
        }
        Expr::Stmt(stmt) => {
            let text = stmt_text(stmt, depth);
            format!("({text})")
        }
    }
}

// ---------------------------------------------------------------------------
// Walking the tree (for the minimiser).

/// What a visitor wants after seeing a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Visit the node's children, then go on.
    Continue,
    /// Do not visit the node's children; go on with its siblings.
    Skip,
    /// End the walk.
    Stop,
}

/// A visitor of statement lists, statements and expressions, in preorder.
/// Left-hand sides of assignments are not visited as expressions.
pub trait Visitor {
    fn list(&mut self, _list: &mut Vec<Stmt>) -> Flow {
        Flow::Continue
    }
    fn stmt(&mut self, _stmt: &mut Stmt) -> Flow {
        Flow::Continue
    }
    fn expr(&mut self, _expr: &mut Expr) -> Flow {
        Flow::Continue
    }
}

/// Walks a statement list; returns true when the visitor stopped the walk.
pub fn walk_list(v: &mut dyn Visitor, list: &mut Vec<Stmt>) -> bool {
    match v.list(list) {
        Flow::Stop => return true,
        Flow::Skip => return false,
        Flow::Continue => {}
    }
    for stmt in list.iter_mut() {
        if walk_stmt(v, stmt) {
            return true;
        }
    }
    false
}

fn walk_params(v: &mut dyn Visitor, params: &mut [Param]) -> bool {
    for param in params {
        if let Param::Opt(_, e) | Param::Key(_, Some(e)) = param {
            if walk_expr(v, e) {
                return true;
            }
        }
    }
    false
}

/// Walks a statement; returns true when the visitor stopped the walk.
pub fn walk_stmt(v: &mut dyn Visitor, stmt: &mut Stmt) -> bool {
    match v.stmt(stmt) {
        Flow::Stop => return true,
        Flow::Skip => return false,
        Flow::Continue => {}
    }
    match stmt {
        Stmt::Expr(e) => walk_expr(v, e),
        Stmt::Assign(_, e) | Stmt::OpAssign(_, _, e) => walk_expr(v, e),
        Stmt::If {
            cond, then, els, ..
        } => walk_expr(v, cond) || walk_list(v, then) || walk_list(v, els),
        Stmt::While { cond, body, .. } => walk_expr(v, cond) || walk_list(v, body),
        Stmt::For { iter, body, .. } => walk_expr(v, iter) || walk_list(v, body),
        Stmt::MultiAssign(_, values, _) => values.iter_mut().any(|e| walk_expr(v, e)),
        Stmt::Case { subject, arms, els } => {
            if let Some(subject) = subject {
                if walk_expr(v, subject) {
                    return true;
                }
            }
            for (values, body) in arms.iter_mut() {
                for value in values.iter_mut() {
                    if walk_expr(v, value) {
                        return true;
                    }
                }
                if walk_list(v, body) {
                    return true;
                }
            }
            match els {
                Some(els) => walk_list(v, els),
                None => false,
            }
        }
        Stmt::Begin(b) => {
            if walk_list(v, &mut b.body) {
                return true;
            }
            for rescue in b.rescues.iter_mut() {
                if walk_list(v, &mut rescue.body) {
                    return true;
                }
            }
            if walk_list(v, &mut b.else_body) {
                return true;
            }
            match &mut b.ensure {
                Some(ensure) => walk_list(v, ensure),
                None => false,
            }
        }
        Stmt::Return(e) | Stmt::Break(e) | Stmt::Next(e) => match e {
            Some(e) => walk_expr(v, e),
            None => false,
        },
        Stmt::Retry | Stmt::Raw(_) => false,
        Stmt::Def(def) => walk_params(v, &mut def.params) || walk_list(v, &mut def.body),
        Stmt::Class(class) | Stmt::Module(class) => walk_list(v, &mut class.body),
    }
}

fn walk_block(v: &mut dyn Visitor, block: &mut Block) -> bool {
    walk_params(v, &mut block.params) || walk_list(v, &mut block.body)
}

fn walk_args(v: &mut dyn Visitor, args: &mut [Arg]) -> bool {
    for arg in args {
        let e = match arg {
            Arg::Pos(e) | Arg::Splat(e) | Arg::Key(_, e) => e,
        };
        if walk_expr(v, e) {
            return true;
        }
    }
    false
}

/// Walks an expression; returns true when the visitor stopped the walk.
pub fn walk_expr(v: &mut dyn Visitor, e: &mut Expr) -> bool {
    match v.expr(e) {
        Flow::Stop => return true,
        Flow::Skip => return false,
        Flow::Continue => {}
    }
    match e {
        Expr::Atom(_) => false,
        Expr::Bin(a, _, b) => walk_expr(v, a) || walk_expr(v, b),
        Expr::Unary(_, a) => walk_expr(v, a),
        Expr::Call(call) => {
            if let Some(recv) = &mut call.recv {
                if walk_expr(v, recv) {
                    return true;
                }
            }
            if walk_args(v, &mut call.args) {
                return true;
            }
            match &mut call.block {
                Some(BlockArg::Literal(block)) => walk_block(v, block),
                Some(BlockArg::Pass(e)) => walk_expr(v, e),
                None => false,
            }
        }
        Expr::Array(items) => items.iter_mut().any(|i| walk_expr(v, i)),
        Expr::Hash(pairs) => pairs
            .iter_mut()
            .any(|(k, val)| walk_expr(v, k) || walk_expr(v, val)),
        Expr::Interp(parts) => parts.iter_mut().any(|part| match part {
            Part::Text(_) => false,
            Part::Code(e) => walk_expr(v, e),
        }),
        Expr::Ternary(c, a, b) => walk_expr(v, c) || walk_expr(v, a) || walk_expr(v, b),
        Expr::Lambda(_, block) => walk_block(v, block),
        Expr::RescueMod(a, b) => walk_expr(v, a) || walk_expr(v, b),
        Expr::Index(recv, args) => walk_expr(v, recv) || args.iter_mut().any(|a| walk_expr(v, a)),
        Expr::Range(a, b, _) => walk_expr(v, a) || walk_expr(v, b),
        Expr::Yield(args) => args.iter_mut().any(|a| walk_expr(v, a)),
        Expr::Super(args, block) => {
            if let Some(args) = args {
                if walk_args(v, args) {
                    return true;
                }
            }
            match block {
                Some(block) => walk_block(v, block),
                None => false,
            }
        }
        Expr::Stmt(stmt) => walk_stmt(v, stmt),
    }
}

/// How many statement lists, statements and expressions a program has.
pub fn count_nodes(body: &mut Vec<Stmt>) -> (usize, usize, usize) {
    struct Counter(usize, usize, usize);
    impl Visitor for Counter {
        fn list(&mut self, _: &mut Vec<Stmt>) -> Flow {
            self.0 += 1;
            Flow::Continue
        }
        fn stmt(&mut self, _: &mut Stmt) -> Flow {
            self.1 += 1;
            Flow::Continue
        }
        fn expr(&mut self, _: &mut Expr) -> Flow {
            self.2 += 1;
            Flow::Continue
        }
    }
    let mut counter = Counter(0, 0, 0);
    walk_list(&mut counter, body);
    (counter.0, counter.1, counter.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_nested_structures() {
        let program = Program {
            header: vec!["test".into()],
            body: vec![
                Stmt::Class(Box::new(ClassDef {
                    name: "A".into(),
                    superclass: Some("B".into()),
                    body: vec![Stmt::Def(Box::new(Def {
                        name: "m".into(),
                        singleton: None,
                        params: vec![
                            Param::Req("a".into()),
                            Param::Opt("b".into(), int(-2)),
                            Param::Key("k".into(), None),
                            Param::Block("blk".into()),
                        ],
                        body: vec![Stmt::If {
                            cond: bin(atom("a"), ">", int(1)),
                            then: vec![Stmt::Return(Some(atom("a")))],
                            els: vec![],
                            unless: false,
                            modifier: true,
                        }],
                        endless: false,
                    }))],
                })),
                p(vec![call_block(
                    Some(atom("xs")),
                    "map",
                    vec![],
                    &["x"],
                    vec![Stmt::Expr(bin(atom("x"), "+", int(1)))],
                )]),
            ],
        };
        let text = render(&program);
        assert_eq!(
            text,
            "# test\nclass A < B\n  def m(a, b = (-2), k:, &blk)\n    return a if (a > 1)\n  end\nend\np(xs.map { |x| (x + 1) })\n"
        );
    }

    #[test]
    fn walks_every_expression() {
        let mut body = vec![assign("x", bin(int(1), "+", int(2))), p(vec![atom("x")])];
        assert_eq!(count_nodes(&mut body), (1, 2, 5));
    }
}
