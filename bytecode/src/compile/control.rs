//! Control flow: `&&` and `||`, `if`/`unless`/`?:` (a condition compiles
//! to a jump on its truth, [`Compiler::branch_if`]), `while`/`until`,
//! `for`, `case`/`when`, and the local jumps `break`, `next`, `redo` and
//! `return`. `while i < 3; i += 1; end` becomes
//!
//! ```text
//!  1  jump     6
//!  2  load     i
//!  3  push     1
//!  4  send     +      1
//!  5  store    i
//!  6  self
//!  7  send     i      0
//!  8  push     3
//!  9  send     <      1
//! 10  branch   2
//! 11  push     nil
//! ```

use super::builder::{Label, LoopContext, MethodBuilder};
use super::Compiler;
use crate::for_scope;
use crate::insn::Insn;
use crate::literal::Literal;
use crate::method::{CallSite, MethodKind};
use crate::syntax_error::SyntaxError;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::Node;

impl Compiler<'_, '_> {
    /// `lhs && rhs`: the value of `lhs` when falsy, else of `rhs`.
    pub(super) fn and(&mut self, m: &mut MethodBuilder, lhs: &Node, rhs: &Node) {
        let end = m.new_label();
        self.expr(m, lhs);
        m.emit(Insn::Dup);
        m.emit(Insn::Not);
        m.branch(end);
        m.emit(Insn::Pop);
        self.expr(m, rhs);
        m.bind(end);
    }

    /// `lhs || rhs`: the value of `lhs` when truthy, else of `rhs`.
    pub(super) fn or(&mut self, m: &mut MethodBuilder, lhs: &Node, rhs: &Node) {
        let end = m.new_label();
        self.expr(m, lhs);
        m.emit(Insn::Dup);
        m.branch(end);
        m.emit(Insn::Pop);
        self.expr(m, rhs);
        m.bind(end);
    }

    /// `if cond then ... else ... end`; `popped`: as a statement, each
    /// branch dropping its own value (so no value joins the branches, and
    /// a missing `else` needs no jump over it).
    pub(super) fn if_else(
        &mut self,
        m: &mut MethodBuilder,
        cond: &Node,
        then: Option<&Node>,
        otherwise: Option<&Node>,
        popped: bool,
    ) {
        let else_label = m.new_label();
        self.branch_if(m, cond, false, else_label);
        let depth = m.depth;
        let branch = |this: &mut Self, m: &mut MethodBuilder, body| {
            if popped {
                this.body_popped(m, body);
            } else {
                this.body(m, body);
            }
        };
        branch(self, m, then);
        if popped && otherwise.is_none() {
            m.bind(else_label);
            return;
        }
        let end = m.new_label();
        m.jump(end);
        m.bind(else_label);
        m.depth = depth;
        branch(self, m, otherwise);
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
    pub(super) fn while_loop(
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
        self.body_popped(m, body);
        m.bind(cond_label);
        m.loops.pop();
        self.branch_if(m, cond, while_true, body_label);
        m.push_literal(Literal::Nil);
        m.bind(break_label);
    }

    /// `for x in list; body; end`: `list.each` with a block that assigns
    /// `x` (a variable of the enclosing scope, as `for` makes no scope).
    pub(super) fn for_loop(&mut self, m: &mut MethodBuilder, for_node: &For) {
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
            keywords: Vec::new(),
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::Send(site));
    }

    /// `case subject; when a, *list then ...; else ...; end`, or without a
    /// subject (`case; when cond then ...`).
    pub(super) fn case(&mut self, m: &mut MethodBuilder, case: &Case) {
        let end = m.new_label();
        let depth = m.depth;
        let subject = case.expr.as_deref().map(|expr| {
            self.expr(m, expr);
            let temp = self.temp(m);
            m.emit(Insn::Store(temp));
            temp
        });
        // Every `when` a literal: a table lookup first (MRI's
        // `opt_case_dispatch`), the checks below for what it cannot decide.
        let mut table = subject.and_then(|subject| {
            let literals = self.dispatch_literals(m, case)?;
            let otherwise = m.new_label();
            m.emit(Insn::Load(subject));
            let table = m.case_tables.len();
            m.case_tables.push(crate::CaseTable {
                entries: Vec::with_capacity(literals.len()),
                otherwise: otherwise.0 as u32,
            });
            m.emit(Insn::CaseDispatch(table as u32));
            Some((table, literals.into_iter(), otherwise))
        });
        let mut bodies = Vec::new();
        for clause in &case.when_bodies {
            let Node::When(When { patterns, body, .. }) = clause else {
                continue;
            };
            let label = m.new_label();
            if let Some((index, literals, _)) = &mut table {
                for literal in literals.by_ref().take(patterns.len()) {
                    m.case_tables[*index]
                        .entries
                        .push((literal, label.0 as u32));
                }
            }
            for pattern in patterns {
                // A pattern's `===` runs on the `when`'s line.
                self.set_line(m, pattern);
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
        if let Some((_, _, otherwise)) = table {
            m.bind(otherwise);
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

    /// The literal table indexes of every `when` pattern of `case`, in
    /// order, when each is a literal `casedispatch` can look up.
    fn dispatch_literals(&mut self, m: &mut MethodBuilder, case: &Case) -> Option<Vec<u32>> {
        let mut literals = Vec::new();
        for clause in &case.when_bodies {
            let Node::When(When { patterns, .. }) = clause else {
                return None;
            };
            for pattern in patterns {
                let literal = self.dispatch_literal(pattern)?;
                literals.push(m.literal(literal));
            }
        }
        (!literals.is_empty()).then_some(literals)
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

    /// Records an invalid `break`/`next`/`redo`/`retry`/`yield` and compiles
    /// a placeholder so compilation can go on.
    pub(super) fn invalid_jump(&mut self, m: &mut MethodBuilder, keyword: &str) {
        if self.error.is_none() {
            let top_level = m.kind == MethodKind::TopLevel;
            let error =
                SyntaxError::invalid_jump(&self.source.file, m.current_line, keyword, top_level);
            self.error = Some(error);
        }
        m.push_literal(Literal::Nil);
    }

    pub(super) fn break_loop(&mut self, m: &mut MethodBuilder, args: &[Node]) {
        if m.loops.is_empty() && m.kind == MethodKind::Block {
            self.values(m, args);
            self.restore_errinfo(m);
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

    pub(super) fn next_loop(&mut self, m: &mut MethodBuilder, args: &[Node]) {
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

    /// `redo`: back to the start of the loop's or block's body.
    pub(super) fn redo(&mut self, m: &mut MethodBuilder) {
        match (m.loops.last(), m.redo_label) {
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
        }
    }

    /// `return value`: from a method (running the `ensure` clauses around
    /// it), or from a block (`ReturnFromBlock` leaves its home method).
    pub(super) fn return_(&mut self, m: &mut MethodBuilder, args: &[Node]) {
        self.values(m, args);
        if m.kind == MethodKind::Block {
            self.restore_errinfo(m);
        } else {
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
}
