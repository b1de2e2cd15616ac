//! Delta debugging over the generated program's tree, then over its lines.
//!
//! The minimiser knows nothing of Ruby's semantics: it proposes smaller
//! programs and keeps each one the predicate still calls interesting (for
//! the fuzzer: MRI still runs it the same way and rhizome still fails in
//! the same modes in the same way). Passes, repeated while any makes
//! progress and time is left:
//!
//! 1. remove chunks of statements from every statement list (halving the
//!    chunk size, as ddmin does), outermost lists first;
//! 2. replace compound statements by one of their bodies (`if` by a branch,
//!    a loop by its body, `begin` by its body, ...);
//! 3. replace expressions by a literal or by one of their operands;
//! 4. shrink integer literals (loop counts among them) by halving;
//!
//! and finally removes chunks of lines of the rendered text, which reaches
//! inside the parts the generator wrote as verbatim text.

use super::ast::*;
use std::collections::HashMap;
use std::time::Instant;

/// What the minimiser calls to test a candidate (rendered source text).
pub type Predicate<'a> = dyn FnMut(&str) -> bool + 'a;

/// The minimiser's state.
pub struct Minimizer<'p, 'a> {
    test: &'p mut Predicate<'a>,
    cache: HashMap<String, bool>,
    deadline: Instant,
    /// Candidates tested (not counting cache hits).
    pub tests: usize,
    /// Candidates kept.
    pub kept: usize,
}

impl<'p, 'a> Minimizer<'p, 'a> {
    pub fn new(test: &'p mut Predicate<'a>, deadline: Instant) -> Self {
        Minimizer {
            test,
            cache: HashMap::new(),
            deadline,
            tests: 0,
            kept: 0,
        }
    }

    fn out_of_time(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Whether the candidate is still interesting (cached by text).
    fn check_text(&mut self, text: &str) -> bool {
        if let Some(&known) = self.cache.get(text) {
            return known;
        }
        if self.out_of_time() {
            return false;
        }
        self.tests += 1;
        let result = (self.test)(text);
        self.cache.insert(text.to_owned(), result);
        if result {
            self.kept += 1;
        }
        result
    }

    fn check(&mut self, program: &Program) -> bool {
        let text = render(program);
        self.check_text(&text)
    }

    /// Minimises `program` (which must be interesting) and returns the
    /// smallest interesting source text found.
    pub fn run(&mut self, program: Program) -> String {
        let mut best = program;
        loop {
            let before = render(&best).len();
            self.remove_chunks(&mut best);
            self.simplify_stmts(&mut best);
            self.simplify_exprs(&mut best);
            self.shrink_ints(&mut best);
            let after = render(&best).len();
            if after >= before || self.out_of_time() {
                break;
            }
        }
        let text = render(&best);
        self.remove_lines(text)
    }

    /// Pass 1: ddmin over every statement list.
    fn remove_chunks(&mut self, best: &mut Program) {
        let mut list = 0;
        while list < count_lists(best) && !self.out_of_time() {
            let len = list_len(best, list);
            let mut chunk = len;
            while chunk >= 1 && !self.out_of_time() {
                let mut start = 0;
                while start < list_len(best, list) && !self.out_of_time() {
                    let mut candidate = best.clone();
                    with_list(&mut candidate, list, |l| {
                        let end = (start + chunk).min(l.len());
                        l.drain(start..end);
                    });
                    if self.check(&candidate) {
                        *best = candidate;
                    } else {
                        start += chunk;
                    }
                }
                chunk /= 2;
            }
            list += 1;
        }
    }

    /// Pass 2: compound statements replaced by simpler ones.
    fn simplify_stmts(&mut self, best: &mut Program) {
        let mut k = 0;
        while k < count_stmts(best) && !self.out_of_time() {
            let Some(stmt) = nth_stmt(best, k) else { break };
            let mut progressed = false;
            for replacement in stmt_candidates(&stmt) {
                let mut candidate = best.clone();
                splice_stmt(&mut candidate, k, replacement);
                if self.check(&candidate) {
                    *best = candidate;
                    progressed = true;
                    break;
                }
            }
            if !progressed {
                k += 1;
            }
        }
    }

    /// Pass 3: expressions replaced by literals or operands, and calls of
    /// one-expression methods by the expression.
    fn simplify_exprs(&mut self, best: &mut Program) {
        let mut k = 0;
        while k < count_exprs(best) && !self.out_of_time() {
            let Some(expr) = nth_expr(best, k) else { break };
            let mut progressed = false;
            let mut candidates = expr_candidates(&expr);
            candidates.extend(inline_candidate(best, &expr));
            for replacement in candidates {
                let mut candidate = best.clone();
                replace_expr(&mut candidate, k, replacement);
                if self.check(&candidate) {
                    *best = candidate;
                    progressed = true;
                    break;
                }
            }
            if !progressed {
                k += 1;
            }
        }
    }

    /// Pass 4: integer literals halved while that stays interesting.
    fn shrink_ints(&mut self, best: &mut Program) {
        let mut k = 0;
        while k < count_exprs(best) && !self.out_of_time() {
            let Some(Expr::Atom(text)) = nth_expr(best, k) else {
                k += 1;
                continue;
            };
            let Some(value) = parse_int(&text) else {
                k += 1;
                continue;
            };
            let mut current = value;
            loop {
                let smaller = current / 2;
                if smaller == current || self.out_of_time() {
                    break;
                }
                let mut candidate = best.clone();
                replace_expr(&mut candidate, k, int(smaller));
                if self.check(&candidate) {
                    *best = candidate;
                    current = smaller;
                } else {
                    break;
                }
            }
            k += 1;
        }
    }

    /// Last pass: ddmin over the lines of the rendered text.
    fn remove_lines(&mut self, text: String) -> String {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        let join = |lines: &[String]| {
            let mut s = lines.join("\n");
            s.push('\n');
            s
        };
        let mut chunk = lines.len() / 2;
        while chunk >= 1 && !self.out_of_time() {
            let mut start = 0;
            while start < lines.len() && !self.out_of_time() {
                let end = (start + chunk).min(lines.len());
                let mut candidate = lines.clone();
                candidate.drain(start..end);
                if self.check_text(&join(&candidate)) {
                    lines = candidate;
                } else {
                    start += chunk;
                }
            }
            chunk /= 2;
        }
        join(&lines)
    }
}

/// Parses an integer literal as the generator writes them (`12`, `(-3)`).
fn parse_int(text: &str) -> Option<i128> {
    let t = text.trim_start_matches('(').trim_end_matches(')');
    let t = t.replace('_', "");
    t.parse::<i128>().ok()
}

/// Candidates replacing a statement (each a list spliced in its place).
fn stmt_candidates(stmt: &Stmt) -> Vec<Vec<Stmt>> {
    let mut out = Vec::new();
    match stmt {
        Stmt::If {
            cond,
            then,
            els,
            unless,
            modifier,
        } => {
            out.push(then.clone());
            if !els.is_empty() {
                out.push(els.clone());
                out.push(vec![Stmt::If {
                    cond: cond.clone(),
                    then: then.clone(),
                    els: Vec::new(),
                    unless: *unless,
                    modifier: *modifier,
                }]);
            }
        }
        Stmt::While { body, .. } | Stmt::For { body, .. } => out.push(body.clone()),
        Stmt::Case { subject, arms, els } => {
            for (_, body) in arms {
                out.push(body.clone());
            }
            if let Some(els) = els {
                out.push(els.clone());
                out.push(vec![Stmt::Case {
                    subject: subject.clone(),
                    arms: arms.clone(),
                    els: None,
                }]);
            }
            if arms.len() > 1 {
                for i in 0..arms.len() {
                    let mut fewer = arms.clone();
                    fewer.remove(i);
                    out.push(vec![Stmt::Case {
                        subject: subject.clone(),
                        arms: fewer,
                        els: els.clone(),
                    }]);
                }
            }
        }
        Stmt::Begin(b) => {
            out.push(b.body.clone());
            if let Some(ensure) = &b.ensure {
                let mut both = b.body.clone();
                both.extend(ensure.iter().cloned());
                out.push(both);
                let mut without = (**b).clone();
                without.ensure = None;
                out.push(vec![Stmt::Begin(Box::new(without))]);
            }
            if !b.else_body.is_empty() {
                let mut without = (**b).clone();
                without.else_body = Vec::new();
                out.push(vec![Stmt::Begin(Box::new(without))]);
            }
            if b.rescues.len() > 1 || (b.ensure.is_some() && !b.rescues.is_empty()) {
                for i in 0..b.rescues.len() {
                    let mut fewer = (**b).clone();
                    fewer.rescues.remove(i);
                    out.push(vec![Stmt::Begin(Box::new(fewer))]);
                }
            }
        }
        Stmt::Class(c) if c.superclass.is_some() => {
            let mut plain = (**c).clone();
            plain.superclass = None;
            out.push(vec![Stmt::Class(Box::new(plain))]);
        }
        Stmt::Expr(Expr::Call(c)) => {
            if let Some(BlockArg::Literal(block)) = &c.block {
                out.push(block.body.clone());
                let mut plain = (**c).clone();
                plain.block = None;
                out.push(vec![Stmt::Expr(Expr::Call(Box::new(plain)))]);
            }
        }
        Stmt::Expr(Expr::Stmt(inner)) => out.push(vec![(**inner).clone()]),
        Stmt::Assign(_, rhs) | Stmt::OpAssign(_, _, rhs) if !matches!(rhs, Expr::Atom(_)) => {
            out.push(vec![Stmt::Expr(rhs.clone())]);
        }
        _ => {}
    }
    out
}

/// A call `f(x, y)` of a top-level `def f(a, b)` whose body is one
/// expression, replaced by that expression with `a` and `b` replaced by
/// `x` and `y` (shortening call chains).
fn inline_candidate(program: &Program, e: &Expr) -> Option<Expr> {
    let Expr::Call(c) = e else { return None };
    if c.recv.is_some() || c.block.is_some() {
        return None;
    }
    let def = program.body.iter().find_map(|s| match s {
        Stmt::Def(d) if d.name == c.name && d.singleton.is_none() => Some(d),
        _ => None,
    })?;
    let [Stmt::Expr(body)] = def.body.as_slice() else {
        return None;
    };
    let mut positional = Vec::new();
    let mut keywords = Vec::new();
    for a in &c.args {
        match a {
            Arg::Pos(x) => positional.push(x.clone()),
            Arg::Key(k, x) => keywords.push((k.clone(), x.clone())),
            _ => return None,
        }
    }
    let mut names = Vec::new();
    let mut args = Vec::new();
    let mut next = 0;
    for p in &def.params {
        match p {
            Param::Req(n) => {
                names.push(n.clone());
                args.push(positional.get(next)?.clone());
                next += 1;
            }
            Param::Opt(n, default) => {
                names.push(n.clone());
                match positional.get(next) {
                    Some(x) => {
                        args.push(x.clone());
                        next += 1;
                    }
                    None => args.push(default.clone()),
                }
            }
            Param::Key(n, default) => {
                names.push(n.clone());
                match keywords.iter().find(|(k, _)| k == n) {
                    Some((_, x)) => args.push(x.clone()),
                    None => args.push(default.clone()?),
                }
            }
            _ => return None,
        }
    }
    if next != positional.len() {
        return None;
    }
    struct Subst<'a> {
        names: &'a [String],
        args: &'a [Expr],
    }
    impl Visitor for Subst<'_> {
        fn expr(&mut self, e: &mut Expr) -> Flow {
            if let Expr::Atom(text) = e {
                if let Some(i) = self.names.iter().position(|n| n == text) {
                    *e = self.args[i].clone();
                    return Flow::Skip;
                }
            }
            Flow::Continue
        }
    }
    let mut wrapped = vec![Stmt::Expr(body.clone())];
    walk_list(
        &mut Subst {
            names: &names,
            args: &args,
        },
        &mut wrapped,
    );
    match wrapped.pop() {
        Some(Stmt::Expr(inlined)) => Some(inlined),
        _ => None,
    }
}

/// Candidates replacing an expression: literals, then its operands.
fn expr_candidates(e: &Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    let simple = ["nil", "0", "1"];
    match e {
        Expr::Atom(text) => {
            if !simple.contains(&text.as_str()) && parse_int(text).is_some_and(|v| v.abs() > 1) {
                out.push(atom("1"));
            }
            return out;
        }
        _ => {
            for s in simple {
                out.push(atom(s));
            }
        }
    }
    match e {
        Expr::Atom(_) => {}
        Expr::Bin(a, _, b) => {
            out.push((**a).clone());
            out.push((**b).clone());
        }
        Expr::Unary(_, a) => out.push((**a).clone()),
        Expr::Call(c) => {
            if c.name == "send" || c.name == "public_send" {
                if let Some(Arg::Pos(Expr::Atom(sym))) = c.args.first() {
                    if let Some(name) = sym.strip_prefix(':') {
                        let mut direct = (**c).clone();
                        direct.name = name.to_owned();
                        direct.args.remove(0);
                        out.push(Expr::Call(Box::new(direct)));
                    }
                }
            }
            if let Some(r) = &c.recv {
                out.push(r.clone());
            }
            for arg in &c.args {
                if let Arg::Pos(a) = arg {
                    out.push(a.clone());
                }
            }
            if c.block.is_some() {
                let mut plain = (**c).clone();
                plain.block = None;
                out.push(Expr::Call(Box::new(plain)));
            }
            if c.safe_nav {
                let mut plain = (**c).clone();
                plain.safe_nav = false;
                out.push(Expr::Call(Box::new(plain)));
            }
        }
        Expr::Array(items) => {
            out.push(Expr::Array(Vec::new()));
            for i in 0..items.len() {
                let mut fewer = items.clone();
                fewer.remove(i);
                out.push(Expr::Array(fewer));
            }
            out.extend(items.iter().cloned());
        }
        Expr::Hash(pairs) => {
            out.push(Expr::Hash(Vec::new()));
            for i in 0..pairs.len() {
                let mut fewer = pairs.clone();
                fewer.remove(i);
                out.push(Expr::Hash(fewer));
            }
        }
        Expr::Interp(parts) => {
            out.push(string(""));
            for part in parts {
                if let Part::Code(c) = part {
                    out.push(c.clone());
                }
            }
        }
        Expr::Ternary(c, a, b) => {
            out.push((**a).clone());
            out.push((**b).clone());
            out.push((**c).clone());
        }
        Expr::Lambda(..) => {}
        Expr::RescueMod(a, b) => {
            out.push((**a).clone());
            out.push((**b).clone());
        }
        Expr::Index(r, args) => {
            out.push((**r).clone());
            out.extend(args.iter().cloned());
        }
        Expr::Range(a, b, _) => {
            out.push((**a).clone());
            out.push((**b).clone());
        }
        Expr::Yield(args) => out.extend(args.iter().cloned()),
        Expr::Super(..) => {}
        Expr::Stmt(s) => match &**s {
            Stmt::If { then, els, .. } => {
                for body in [then, els] {
                    if let [Stmt::Expr(v)] = body.as_slice() {
                        out.push(v.clone());
                    }
                }
            }
            Stmt::Begin(b) => {
                if let [Stmt::Expr(v)] = b.body.as_slice() {
                    out.push(v.clone());
                }
            }
            _ => {}
        },
    }
    out
}

// ---------------------------------------------------------------------------
// Addressing nodes by their index in a walk.

/// Applies `f` to the `k`-th statement list (in walk order).
fn with_list(program: &mut Program, k: usize, f: impl FnOnce(&mut Vec<Stmt>)) -> bool {
    struct Nth<F> {
        k: usize,
        seen: usize,
        f: Option<F>,
    }
    impl<F: FnOnce(&mut Vec<Stmt>)> Visitor for Nth<F> {
        fn list(&mut self, list: &mut Vec<Stmt>) -> Flow {
            if self.seen == self.k {
                if let Some(f) = self.f.take() {
                    f(list);
                }
                return Flow::Stop;
            }
            self.seen += 1;
            Flow::Continue
        }
    }
    let mut v = Nth {
        k,
        seen: 0,
        f: Some(f),
    };
    walk_list(&mut v, &mut program.body);
    v.f.is_none()
}

fn count_lists(program: &Program) -> usize {
    let mut body = program.body.clone();
    count_nodes(&mut body).0
}

fn list_len(program: &Program, k: usize) -> usize {
    let mut copy = program.clone();
    let mut len = 0;
    with_list(&mut copy, k, |l| len = l.len());
    len
}

/// Statements are numbered list by list: a list's own statements when the
/// list is entered, then those of the lists nested in them.
struct StmtAt<F> {
    k: usize,
    seen: usize,
    f: Option<F>,
}

impl<F: FnOnce(&mut Vec<Stmt>, usize)> Visitor for StmtAt<F> {
    fn list(&mut self, list: &mut Vec<Stmt>) -> Flow {
        if self.k < self.seen + list.len() {
            if let Some(f) = self.f.take() {
                f(list, self.k - self.seen);
            }
            return Flow::Stop;
        }
        self.seen += list.len();
        Flow::Continue
    }
}

fn at_stmt(program: &mut Program, k: usize, f: impl FnOnce(&mut Vec<Stmt>, usize)) {
    let mut v = StmtAt {
        k,
        seen: 0,
        f: Some(f),
    };
    walk_list(&mut v, &mut program.body);
}

fn count_stmts(program: &Program) -> usize {
    let mut body = program.body.clone();
    count_nodes(&mut body).1
}

fn nth_stmt(program: &Program, k: usize) -> Option<Stmt> {
    let mut copy = program.clone();
    let mut found = None;
    at_stmt(&mut copy, k, |list, i| found = Some(list[i].clone()));
    found
}

fn splice_stmt(program: &mut Program, k: usize, replacement: Vec<Stmt>) {
    at_stmt(program, k, |list, i| {
        list.splice(i..=i, replacement);
    });
}

struct ExprAt<F> {
    k: usize,
    seen: usize,
    f: Option<F>,
}

impl<F: FnOnce(&mut Expr)> Visitor for ExprAt<F> {
    fn expr(&mut self, e: &mut Expr) -> Flow {
        if self.seen == self.k {
            if let Some(f) = self.f.take() {
                f(e);
            }
            return Flow::Stop;
        }
        self.seen += 1;
        Flow::Continue
    }
}

fn count_exprs(program: &Program) -> usize {
    let mut body = program.body.clone();
    count_nodes(&mut body).2
}

fn nth_expr(program: &Program, k: usize) -> Option<Expr> {
    let mut copy = program.clone();
    let mut found = None;
    let mut v = ExprAt {
        k,
        seen: 0,
        f: Some(|e: &mut Expr| found = Some(e.clone())),
    };
    walk_list(&mut v, &mut copy.body);
    found
}

fn replace_expr(program: &mut Program, k: usize, new: Expr) {
    let mut v = ExprAt {
        k,
        seen: 0,
        f: Some(|e: &mut Expr| *e = new),
    };
    walk_list(&mut v, &mut program.body);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn reduces_a_synthetic_failure() {
        let program = crate::fuzz::generate(7);
        let full = render(&program);
        assert!(full.contains("raise") && full.lines().count() > 80);
        // "Fails" while the program still raises FzDeep somewhere and calls `p`.
        let mut test = |text: &str| text.contains("raise(FzDeep.new") && text.contains("p(");
        assert!(test(&full), "the seed must produce such a program:\n{full}");
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut m = Minimizer::new(&mut test, deadline);
        let small = m.run(program);
        assert!(small.contains("raise(FzDeep.new") && small.contains("p("));
        assert!(
            small.lines().count() <= 6,
            "not minimal enough ({} tests):\n{small}",
            m.tests
        );
    }

    #[test]
    fn shrinks_integers_and_statements() {
        let program = Program {
            header: vec![],
            body: vec![
                assign("x", int(1500)),
                Stmt::While {
                    cond: bin(atom("x"), ">", int(0)),
                    body: vec![Stmt::OpAssign(atom("x"), "-".into(), int(1))],
                    until: false,
                },
                p(vec![bin(atom("x"), "+", int(40))]),
            ],
        };
        // Interesting while some literal above 100 remains.
        let mut test = |text: &str| {
            text.split(|c: char| !c.is_ascii_digit())
                .filter_map(|w| w.parse::<u64>().ok())
                .any(|n| n > 100)
        };
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut m = Minimizer::new(&mut test, deadline);
        let small = m.run(program);
        let n: u64 = small
            .split(|c: char| !c.is_ascii_digit())
            .filter_map(|w| w.parse::<u64>().ok())
            .max()
            .unwrap();
        assert!((101..=200).contains(&n), "{small}");
        assert_eq!(small.lines().count(), 1, "{small}");
    }
}
