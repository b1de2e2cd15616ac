//! Block parameters that are only passed on.
//!
//! `&blk` in a parameter list makes a Proc of the method's block, and
//! `each(&blk)` turns it back into a block. A method that does nothing
//! else with `blk` would make a Proc on every call for nothing:
//!
//! ```text
//! def each(&block)                 blockparam        <- a new Proc per call
//!   walk(@root, &block)            store block
//! end                              ...
//!                                  load block
//!                                  send walk 1 &     <- back to its block
//! ```
//!
//! When every use of `blk` in the method's body (its blocks included) is
//! the `&blk` of a method call, or `blk.call(...)`, the parameter is
//! *forwarded*: the prologue stores nothing, each `&blk` passes the frame's
//! block itself (`call_flags::BLOCK_FORWARD`, no operand), and `blk` of
//! `blk.call` is a proxy whose `call` calls that block (`blockproxy`), as
//! MRI's `getblockparamproxy` does. A block frame's block is the block of
//! the method it is written in, so `list.each { |x| visit(x, &blk) }`
//! forwards too.
//!
//! Anything that could see the Proc keeps it: reading `blk` as a value,
//! assigning it, a block parameter of the same name, `binding` and the
//! other ways of reading locals by name.

use lib_ruby_parser::nodes::*;
use lib_ruby_parser::traverse::visitor::*;
use lib_ruby_parser::Node;

/// Calls that read a method's locals by name.
const READS_LOCALS: [&str; 6] = [
    "binding",
    "eval",
    "local_variables",
    "local_variable_get",
    "local_variable_defined?",
    "instance_eval",
];

/// Whether the block parameter `name` of a method with `params` and
/// `body` is only ever passed on as `&name` in method calls, or called
/// (`name.call(...)`).
pub fn is_forwarded(name: &str, params: &[Node], body: Option<&Node>) -> bool {
    let mut uses = Uses {
        name,
        reads: 0,
        passes: 0,
        seen_otherwise: false,
    };
    for param in params {
        match param {
            Node::Optarg(Optarg { default, .. }) => uses.visit(default),
            Node::Kwoptarg(Kwoptarg { default, .. }) => uses.visit(default),
            _ => {}
        }
    }
    if let Some(body) = body {
        uses.visit(body);
    }
    !uses.seen_otherwise && uses.reads == uses.passes
}

/// Counts the reads of a local, and those that are a call's `&name` or
/// the receiver of `name.call(...)`.
struct Uses<'a> {
    name: &'a str,
    reads: usize,
    passes: usize,
    /// Assigned, shadowed, or readable by name.
    seen_otherwise: bool,
}

impl Uses<'_> {
    fn declares(&mut self, name: &str) {
        if name == self.name {
            self.seen_otherwise = true;
        }
    }
}

impl Visitor for Uses<'_> {
    fn on_send(&mut self, node: &Send) {
        if READS_LOCALS.contains(&node.method_name.as_str()) {
            self.seen_otherwise = true;
        }
        if let Some(Node::BlockPass(BlockPass {
            value: Some(value), ..
        })) = node.args.last()
        {
            if matches!(value.as_ref(), Node::Lvar(Lvar { name, .. }) if name == self.name) {
                self.passes += 1;
            }
        }
        if node.method_name == "call"
            && matches!(node.recv.as_deref(), Some(Node::Lvar(Lvar { name, .. })) if name == self.name)
            && !matches!(node.args.last(), Some(Node::BlockPass(_)))
        {
            self.passes += 1;
        }
        visit_send(self, node)
    }
    fn on_block(&mut self, node: &Block) {
        // `blk.call { ... }`: a block for the block.
        if let Node::Send(Send {
            recv: Some(recv), ..
        }) = &*node.call
        {
            if matches!(&**recv, Node::Lvar(Lvar { name, .. }) if name == self.name) {
                self.seen_otherwise = true;
            }
        }
        visit_block(self, node)
    }
    fn on_lvar(&mut self, node: &Lvar) {
        if node.name == self.name {
            self.reads += 1;
        }
    }
    fn on_lvasgn(&mut self, node: &Lvasgn) {
        self.declares(&node.name);
        visit_lvasgn(self, node)
    }
    fn on_arg(&mut self, node: &Arg) {
        self.declares(&node.name);
    }
    fn on_optarg(&mut self, node: &Optarg) {
        self.declares(&node.name);
        visit_optarg(self, node)
    }
    fn on_restarg(&mut self, node: &Restarg) {
        if let Some(name) = &node.name {
            self.declares(name);
        }
    }
    fn on_kwarg(&mut self, node: &Kwarg) {
        self.declares(&node.name);
    }
    fn on_kwoptarg(&mut self, node: &Kwoptarg) {
        self.declares(&node.name);
        visit_kwoptarg(self, node)
    }
    fn on_kwrestarg(&mut self, node: &Kwrestarg) {
        if let Some(name) = &node.name {
            self.declares(name);
        }
    }
    fn on_blockarg(&mut self, node: &Blockarg) {
        if let Some(name) = &node.name {
            self.declares(name);
        }
    }
    fn on_shadowarg(&mut self, node: &Shadowarg) {
        self.declares(&node.name);
    }
    fn on_match_var(&mut self, node: &MatchVar) {
        self.declares(&node.name);
    }
    fn on_match_with_lvasgn(&mut self, _: &MatchWithLvasgn) {
        // Assigns the regexp's named groups, whatever they are.
        self.seen_otherwise = true;
    }
    // A method defined inside has locals of its own.
    fn on_def(&mut self, _: &Def) {}
    fn on_defs(&mut self, _: &Defs) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use lib_ruby_parser::{Parser, ParserOptions};

    /// Whether the block parameter of the one method in `code` forwards.
    fn forwards(code: &str) -> bool {
        let parsed = Parser::new(code.as_bytes().to_vec(), ParserOptions::default()).do_parse();
        let Some(Node::Def(def)) = parsed.ast.map(|ast| *ast) else {
            panic!("one method expected in {code:?}");
        };
        let params = match def.args.as_deref() {
            Some(Node::Args(args)) => args.args.clone(),
            _ => Vec::new(),
        };
        let name = params
            .iter()
            .find_map(|p| match p {
                Node::Blockarg(Blockarg { name: Some(n), .. }) => Some(n.clone()),
                _ => None,
            })
            .expect("a block parameter");
        is_forwarded(&name, &params, def.body.as_deref())
    }

    #[test]
    fn passing_on_forwards() {
        assert!(forwards("def each(&b)\n  walk(@root, &b)\n  self\nend"));
        assert!(forwards("def each(&b) = list.each { |x| visit(x, &b) }"));
        assert!(forwards("def each(&b)\n  a(&b)\n  c.d(1, &b)\nend"));
        assert!(forwards("def m(&b)\n  def inner(b) = b\n  go(&b)\nend"));
        assert!(forwards("def m(x, &b)\n  b.call(x)\n  go(x - 1, &b)\nend"));
        assert!(forwards("def m(&b) = list.each { |x| b.(x) }"));
    }

    #[test]
    fn any_other_use_keeps_the_proc() {
        assert!(!forwards("def m(&b) = b"));
        assert!(!forwards("def m(&b) = go(b)"));
        assert!(!forwards("def m(&b)\n  go(&b)\n  b.curry\nend"));
        assert!(!forwards("def m(&b)\n  b ||= proc {}\n  go(&b)\nend"));
        assert!(!forwards("def m(&b) = each { |b| go(&b) }"));
        assert!(!forwards("def m(&b)\n  go(&b)\n  binding\nend"));
        assert!(!forwards("def m(&b) = x&.go(&b)"));
        assert!(!forwards("def m(&b) = super(&b)"));
        assert!(!forwards("def m(&b) = defined?(b)"));
        assert!(!forwards("def m(&b) = b.call { }"));
        assert!(!forwards("def m(&b) = b.call(&b)"));
        assert!(!forwards("def m(&b) = b.arity"));
    }
}
