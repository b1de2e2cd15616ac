//! `defined?(expr)`: a description decided at compile time where the form
//! says it all (`defined?(x = 1)` is `push "assignment"`), else a run-time
//! check: `defined?(@a)` is `defined Ivar @a`, which pushes
//! "instance-variable" or nil.

use super::builder::MethodBuilder;
use super::regexp::back_ref;
use super::Compiler;
use crate::insn::{Insn, Special};
use crate::literal::Literal;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::Node;

impl Compiler<'_, '_> {
    /// `defined?(expr)`: a description string or nil, decided at compile
    /// time where the form says it all, at run time otherwise.
    pub(super) fn defined(&mut self, m: &mut MethodBuilder, value: &Node) {
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

    fn defined_check(&mut self, m: &mut MethodBuilder, kind: crate::DefinedKind, name: &str) {
        let name = self.sym(name);
        m.emit(Insn::Defined { kind, name });
    }
}
