//! Operator-assignment (`x += 1`, `@a ||= v`, `recv.attr &&= v`,
//! `h[k] += 1`, `A::B ||= v`; receiver and indexes evaluated once) and
//! multiple assignment (`a, (b, *c), d.x = list`, also block parameters
//! that destructure). `@a ||= 1` becomes
//!
//! ```text
//! 1  getivar  @a
//! 2  dup
//! 3  branch   8
//! 4  pop
//! 5  push     1
//! 6  dup
//! 7  setivar  @a
//! ```

use super::builder::MethodBuilder;
use super::Compiler;
use crate::insn::Insn;
use crate::literal::Literal;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::Node;

impl Compiler<'_, '_> {
    /// `target op= value` with an operator: a variable's load, the value,
    /// the operator's call and the store; otherwise an attribute, index or
    /// scoped constant ([`Compiler::op_assign_call`]).
    pub(super) fn op_asgn(&mut self, m: &mut MethodBuilder, node: &Node, op_asgn: &OpAsgn) {
        let OpAsgn {
            recv,
            operator,
            value,
            ..
        } = op_asgn;
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

    /// `target ||= value` and `target &&= value` (`node` says which): the
    /// value is assigned only when the target is falsy (truthy).
    pub(super) fn logical_op_asgn(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        recv: &Node,
        value: &Node,
    ) {
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
        let guard = match (node, recv) {
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

    /// The load and store of a variable an operator-assignment updates.
    pub(super) fn variable_target(
        &mut self,
        m: &mut MethodBuilder,
        target: &Node,
    ) -> Option<(Insn, Insn)> {
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
                (Insn::GetConst(m.constant_site(sym)), Insn::SetConst(sym))
            }
            _ => return None,
        })
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

    /// `lhs = rhs` with several targets: receivers and indexes of attribute
    /// targets first (left to right), then the right-hand side, then the
    /// destructuring.
    pub(super) fn masgn(&mut self, m: &mut MethodBuilder, masgn: &Masgn) {
        let Masgn { lhs, rhs, .. } = masgn;
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

    /// Multiple assignment's core: the value on top of the stack is split
    /// over `targets` (`a, (b, c), *d, e`), which are assigned in order.
    pub(super) fn destructure(&mut self, m: &mut MethodBuilder, targets: &[Node]) {
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
    pub(super) fn assign_top(&mut self, m: &mut MethodBuilder, target: &Node) {
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

    /// Makes the locals an assignment target names exist in this scope.
    pub(super) fn declare_targets(&mut self, m: &mut MethodBuilder, target: &Node) {
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
}
