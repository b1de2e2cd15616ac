//! Variables and constants, read and plainly assigned: locals (those of
//! an enclosing scope a block uses live in its environment, `loadenv` and
//! `storeenv`), instance, global and class variables, `X` and `A::X`. As
//! the last statement (its value is kept), `@a = b` becomes
//!
//! ```text
//! self
//! send     b      0
//! dup
//! setivar  @a
//! ```

use super::builder::MethodBuilder;
use super::Compiler;
use crate::insn::{Insn, Special};
use crate::literal::Literal;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::Node;

impl Compiler<'_, '_> {
    /// A local variable.
    pub(super) fn lvar(&mut self, m: &mut MethodBuilder, name: &str) {
        let (load, _) = self.local_access(m, name);
        m.emit(load);
    }

    /// `x = value` (`x` alone, without a value, is nil).
    pub(super) fn lvasgn(&mut self, m: &mut MethodBuilder, name: &str, value: Option<&Node>) {
        let (_, store) = self.local_access(m, name);
        match value {
            Some(value) => self.expr(m, value),
            None => m.push_literal(Literal::Nil),
        }
        m.emit(Insn::Dup);
        m.emit(store);
    }

    /// `$x`; `$~` is the frame's last match.
    pub(super) fn gvar(&mut self, m: &mut MethodBuilder, name: &str) {
        if name == "$~" {
            return m.emit(Insn::GetSpecial(Special::LastMatch));
        }
        let sym = self.sym(name);
        m.emit(Insn::GetGlobal(sym));
    }

    /// `$x = value`; `$~ = value` sets the frame's last match.
    pub(super) fn gvasgn(&mut self, m: &mut MethodBuilder, node: &Node, gvasgn: &Gvasgn) {
        let Gvasgn {
            name,
            value: Some(value),
            ..
        } = gvasgn
        else {
            return self.unsupported_construct(m, node);
        };
        if name == "$~" {
            self.expr(m, value);
            m.emit(Insn::Dup);
            m.emit(Insn::SetLastMatch);
            return;
        }
        let sym = self.sym(name);
        self.expr(m, value);
        m.emit(Insn::Dup);
        m.emit(Insn::SetGlobal(sym));
    }

    /// `@x`.
    pub(super) fn ivar(&mut self, m: &mut MethodBuilder, name: &str) {
        let sym = self.sym(name);
        let site = m.ivar_site(sym);
        m.emit(Insn::GetIvar(site));
    }

    /// `@x = value`.
    pub(super) fn ivasgn(&mut self, m: &mut MethodBuilder, node: &Node, ivasgn: &Ivasgn) {
        let Ivasgn {
            name,
            value: Some(value),
            ..
        } = ivasgn
        else {
            return self.unsupported_construct(m, node);
        };
        let sym = self.sym(name);
        self.expr(m, value);
        m.emit(Insn::Dup);
        let site = m.ivar_site(sym);
        m.emit(Insn::SetIvar(site));
    }

    /// `@@x`.
    pub(super) fn cvar(&mut self, m: &mut MethodBuilder, name: &str) {
        let sym = self.sym(name);
        m.emit(Insn::GetCvar(sym));
    }

    /// `@@x = value`.
    pub(super) fn cvasgn(&mut self, m: &mut MethodBuilder, node: &Node, cvasgn: &Cvasgn) {
        let Cvasgn {
            name,
            value: Some(value),
            ..
        } = cvasgn
        else {
            return self.unsupported_construct(m, node);
        };
        let sym = self.sym(name);
        self.expr(m, value);
        m.emit(Insn::Dup);
        m.emit(Insn::SetCvar(sym));
    }

    /// `X` (looked up lexically) and `A::X`, `::X` (in the module pushed).
    pub(super) fn constant(&mut self, m: &mut MethodBuilder, node: &Node, constant: &Const) {
        match constant {
            Const {
                scope: Some(scope),
                name,
                ..
            } => {
                self.scope(m, Some(scope));
                let sym = self.sym(name);
                if let Some(span) = self.span(node, name) {
                    m.spans.push((m.insns.len() as u32, span));
                }
                m.emit(Insn::GetConstFrom(sym));
            }
            Const {
                scope: None, name, ..
            } => {
                let sym = self.sym(name);
                if let Some(span) = self.span(node, name) {
                    m.spans.push((m.insns.len() as u32, span));
                }
                let site = m.constant_site(sym);
                m.emit(Insn::GetConst(site));
            }
        }
    }

    /// `X = value` and `A::X = value`; the value is the expression's.
    pub(super) fn casgn(&mut self, m: &mut MethodBuilder, node: &Node, casgn: &Casgn) {
        match casgn {
            Casgn {
                scope: Some(scope),
                name,
                value: Some(value),
                ..
            } => {
                self.scope(m, Some(scope));
                self.expr(m, value);
                let temp = self.temp(m);
                m.emit(Insn::Dup);
                m.emit(Insn::Store(temp));
                let sym = self.sym(name);
                m.emit(Insn::SetConstIn(sym));
                m.emit(Insn::Load(temp));
            }
            Casgn {
                scope: None,
                name,
                value: Some(value),
                ..
            } => {
                let sym = self.sym(name);
                self.expr(m, value);
                m.emit(Insn::Dup);
                m.emit(Insn::SetConst(sym));
            }
            Casgn { value: None, .. } => self.unsupported_construct(m, node),
        }
    }

    /// Pushes the scope a `class`/`module`/constant is defined in: nil for
    /// the lexical scope, Object for `::Foo`, else the evaluated `A::`.
    pub(super) fn scope(&mut self, m: &mut MethodBuilder, scope: Option<&Node>) {
        match scope {
            None => m.push_literal(Literal::Nil),
            Some(Node::Cbase(_)) => m.push_literal(Literal::ObjectClass),
            Some(scope) => self.expr(m, scope),
        }
    }

    /// The store of a parameter: always a local of `m`'s own scope (a block
    /// parameter shadows an outer variable of the same name).
    pub(super) fn own_local(&mut self, m: &mut MethodBuilder, name: &str) -> Insn {
        let sym = self.sym(name);
        Insn::Store(m.local(sym))
    }

    /// The load and store of local `name`: a slot of this scope, or, inside
    /// a block, a captured local of an enclosing scope (marked captured
    /// there). A name not found anywhere becomes a local of this scope.
    pub(super) fn local_access(&mut self, m: &mut MethodBuilder, name: &str) -> (Insn, Insn) {
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

    /// Whether `name` is a local a named group made, in this scope or an
    /// enclosing one.
    pub(super) fn is_capture_local(&mut self, m: &MethodBuilder, name: &str) -> bool {
        let sym = self.sym(name);
        self.capture_locals.contains(&sym)
            && (m.locals.contains(&sym) || self.scopes.iter().any(|s| s.locals.contains(&sym)))
    }
}
