//! Blocks: `foo { |x| ... }`, `->(x) { ... }` and numbered parameters
//! (`_1`). A block is a child method named `block in foo` whose prologue
//! takes its parameters; it reaches the locals around it through their
//! environment. `[1].each { |x| p x }` becomes `send each 0 {block in
//! <main>}` and the child
//!
//! ```text
//! 0  arg      0
//! 1  store    x
//! 2  self
//! 3  load     x
//! 4  send     p      1
//! 5  return
//! ```

use super::builder::MethodBuilder;
use super::calls::{BlockArg, Call};
use super::{construct_name, Compiler, OuterScope};
use crate::insn::Insn;
use crate::method::MethodKind;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::Node;
use std::rc::Rc;

impl Compiler<'_, '_> {
    /// A call with a literal block (`foo(1) { |x| ... }`), a `super` with
    /// one, or a lambda literal (`->(x) { ... }`).
    pub(super) fn block_call(&mut self, m: &mut MethodBuilder, block: &Block) {
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

    /// A call whose block uses numbered parameters (`_1`, `_2`, ...): the
    /// block takes as many parameters as the highest it uses.
    pub(super) fn numblock(&mut self, m: &mut MethodBuilder, numblock: &Numblock) {
        let Numblock {
            call,
            numargs,
            body,
            begin_l,
            ..
        } = numblock;
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

    /// Compiles a block body as a child method: it sees the enclosing
    /// scopes' locals (through environments), and is named `block in foo`.
    /// None (after emitting `unsupported`) for unsupported parameters.
    pub(super) fn block(
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
    pub(super) fn block_with(
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
}
