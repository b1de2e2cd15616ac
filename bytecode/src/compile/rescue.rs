//! Exceptions: `begin`/`rescue`/`else` (a protected range and a handler
//! that matches the exception against each clause's classes), `ensure`
//! (its cleanup inline after the body and again in a handler), `retry`,
//! and the cleanups a local jump out of them runs. `begin; a; ensure; b;
//! end` becomes
//!
//! ```text
//!  1  self
//!  2  send     a      0
//!  3  self
//!  4  send     b      0
//!  5  pop
//!  6  jump     11
//!  7  self
//!  8  send     b      0
//!  9  pop
//! 10  end_ensure
//!     ensure 1..3 -> 7 (stack 0)
//! ```

use super::builder::{Cleanup, MethodBuilder};
use super::Compiler;
use crate::insn::Insn;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::traverse::visitor::Visitor;
use lib_ruby_parser::Node;

/// Whether a cleanup may leave its `ensure` clause by a jump (`return`,
/// `break`, `next`, `redo`) instead of its end: run for an exception, it
/// then drops the exception, and `$!` is again what it was before the
/// `begin`. (A method defined in it does not count.)
#[derive(Default)]
struct LeavesByJump(bool);

impl Visitor for LeavesByJump {
    fn on_return(&mut self, _: &Return) {
        self.0 = true;
    }
    fn on_break(&mut self, _: &Break) {
        self.0 = true;
    }
    fn on_next(&mut self, _: &Next) {
        self.0 = true;
    }
    fn on_redo(&mut self, _: &Redo) {
        self.0 = true;
    }
    fn on_def(&mut self, _: &Def) {}
    fn on_defs(&mut self, _: &Defs) {}
}

impl Compiler<'_, '_> {
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
    pub(super) fn rescue(&mut self, m: &mut MethodBuilder, rescue: &Rescue) {
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
                let site = m.constant_site(standard_error);
                m.emit(Insn::GetConst(site));
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
    pub(super) fn ensure(&mut self, m: &mut MethodBuilder, ensure: &Ensure) {
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
        let cleanup = ensure.ensure.as_deref().cloned().unwrap_or(Node::Nil(Nil {
            expression_l: ensure.keyword_l,
        }));
        let mut leaves = LeavesByJump::default();
        leaves.visit(&cleanup);
        let errinfo = self.sym("$!");
        let saved_errinfo = leaves.0.then(|| {
            let saved = self.temp(m);
            m.emit(Insn::GetGlobal(errinfo));
            m.emit(Insn::Store(saved));
            saved
        });
        let start = m.range_boundary();
        m.ensures.push(Cleanup::Ensure(cleanup.clone()));
        self.expr_or_nil(m, ensure.body.as_deref());
        m.ensures.pop();
        let end = m.range_boundary();
        self.expr(m, &cleanup);
        m.emit(Insn::Pop);
        m.jump(done);
        m.bind(handler);
        m.depth = depth;
        if let Some(saved) = saved_errinfo {
            m.ensures.push(Cleanup::RestoreErrinfo(saved));
        }
        self.expr(m, &cleanup);
        if saved_errinfo.is_some() {
            m.ensures.pop();
        }
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
    pub(super) fn retry(&mut self, m: &mut MethodBuilder) {
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

    /// Before a `break` or `return` out of a block, which leaves as a
    /// transfer (the runtime runs the `ensure` clauses on the way): `$!` is
    /// again what it was before the outermost `rescue` clause it leaves.
    pub(super) fn restore_errinfo(&mut self, m: &mut MethodBuilder) {
        let outermost = m.ensures.iter().find_map(|cleanup| match *cleanup {
            Cleanup::RestoreErrinfo(saved) => Some(saved),
            Cleanup::Ensure(_) => None,
        });
        if let Some(saved) = outermost {
            let errinfo = self.sym("$!");
            m.emit(Insn::Load(saved));
            m.emit(Insn::SetGlobal(errinfo));
        }
    }

    /// Runs, innermost first, the cleanups opened since `down_to` (a local
    /// jump is leaving them); the value on top of the stack is kept.
    pub(super) fn run_ensures(&mut self, m: &mut MethodBuilder, down_to: usize) {
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
}
