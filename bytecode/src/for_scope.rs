//! The locals a `for` loop's body assigns belong to the scope around it.
//!
//! `for` is compiled as a call of `each` with a block, but unlike a
//! block's, its body opens no scope of its own: a variable first assigned
//! inside it is a local of the method (or of the block) the loop is in,
//! and keeps its last value after the loop.
//!
//! ```ruby
//! for i in 1..2
//!   w = i * 10
//! end
//! p w, i    # => 20, 2
//! ```
//!
//! Before compiling the body, the compiler declares in the enclosing scope
//! every local the body assigns, outside the blocks, lambdas and
//! definitions written in it (those open scopes of their own). The body's
//! block then finds them there, as a block finds any local of its home.

use lib_ruby_parser::nodes::*;
use lib_ruby_parser::traverse::visitor::*;
use lib_ruby_parser::Node;

/// The names of the locals `body` assigns in its own scope, in order of
/// first assignment, each once.
pub fn assigned_locals(body: &Node) -> Vec<String> {
    let mut locals = Locals { names: Vec::new() };
    locals.visit(body);
    locals.names
}

struct Locals {
    names: Vec<String>,
}

impl Locals {
    fn add(&mut self, name: &str) {
        if !self.names.iter().any(|known| known == name) {
            self.names.push(name.to_string());
        }
    }
}

impl Visitor for Locals {
    fn on_lvasgn(&mut self, node: &Lvasgn) {
        self.add(&node.name);
        visit_lvasgn(self, node)
    }
    fn on_block(&mut self, node: &Block) {
        // The call the block is passed to runs in this scope; the block's
        // parameters and body are its own.
        self.visit(&node.call);
    }
    fn on_numblock(&mut self, node: &Numblock) {
        self.visit(&node.call);
    }
    fn on_def(&mut self, _node: &Def) {}
    fn on_defs(&mut self, node: &Defs) {
        self.visit(&node.definee);
    }
    fn on_class(&mut self, node: &Class) {
        if let Some(superclass) = &node.superclass {
            self.visit(superclass);
        }
    }
    fn on_module(&mut self, _node: &Module) {}
    fn on_s_class(&mut self, node: &SClass) {
        self.visit(&node.expr);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lib_ruby_parser::{Parser, ParserOptions};

    fn locals(source: &str) -> Vec<String> {
        let result = Parser::new(source.as_bytes().to_vec(), ParserOptions::default()).do_parse();
        assigned_locals(&result.ast.expect("it parses"))
    }

    #[test]
    fn finds_assignments_outside_nested_scopes() {
        assert_eq!(
            locals(
                "a = 1; b, (c, *d) = x; e += 1; f ||= 2; [1].each { |g| h = g }; def m; i = 1; end"
            ),
            ["a", "b", "c", "d", "e", "f"]
        );
    }

    #[test]
    fn finds_the_variables_of_nested_for_loops_and_rescues() {
        assert_eq!(
            locals("for j in 1..2; k = j; end; begin; rescue => err; end; -> { l = 1 }"),
            ["j", "k", "err"]
        );
    }
}
