//! Argument forwarding, spelled out before compiling.
//!
//! `...` in a parameter list takes every argument, keyword and block;
//! `...` in a call passes them all on. An anonymous block parameter `&`
//! does the same for the block alone (Ruby 3.1). Rather than giving the
//! compiler new parameter kinds, the parse tree is rewritten into the
//! named forms it already handles, with hidden local names no Ruby code
//! can spell:
//!
//! ```text
//! def forward(a, ...)    =>  def forward(a, *<fwd-rest>, **<fwd-keywords>, &<fwd-block>)
//!   target(...)          =>    target(*<fwd-rest>, **<fwd-keywords>, &<fwd-block>)
//! end
//!
//! def run(&) = go(&)     =>  def run(&<fwd-block>) = go(&<fwd-block>)
//! ```
//!
//! An empty `**<fwd-keywords>` passes no keywords at all (as any empty
//! `**hash` does), so forwarding to a method without keyword parameters
//! passes exactly the positional arguments.

use lib_ruby_parser::nodes::{
    BlockPass, Blockarg, ForwardArg, ForwardedArgs, Kwargs, Kwrestarg, Kwsplat, Lvar, Restarg,
    Splat,
};
use lib_ruby_parser::{Loc, Node};
use std::borrow::Cow;

/// The hidden local holding the forwarded positional arguments.
pub const REST: &str = "<fwd-rest>";
/// The hidden local holding the forwarded keyword arguments.
pub const KEYWORDS: &str = "<fwd-keywords>";
/// The hidden local holding the forwarded block.
pub const BLOCK: &str = "<fwd-block>";

/// `params` with `...` and an anonymous `&` replaced by named parameters.
pub fn expand_params(params: &[Node]) -> Cow<'_, [Node]> {
    let needs_rewrite = params.iter().any(|p| {
        matches!(
            p,
            Node::ForwardArg(_) | Node::Blockarg(Blockarg { name: None, .. })
        )
    });
    if !needs_rewrite {
        return Cow::Borrowed(params);
    }
    let mut expanded = Vec::with_capacity(params.len() + 2);
    for param in params {
        match param {
            Node::ForwardArg(ForwardArg { expression_l }) => {
                let at = *expression_l;
                expanded.push(Node::Restarg(Restarg {
                    name: Some(REST.into()),
                    operator_l: at,
                    name_l: Some(at),
                    expression_l: at,
                }));
                expanded.push(Node::Kwrestarg(Kwrestarg {
                    name: Some(KEYWORDS.into()),
                    operator_l: at,
                    name_l: Some(at),
                    expression_l: at,
                }));
                expanded.push(block_param(at));
            }
            Node::Blockarg(Blockarg {
                name: None,
                expression_l,
                ..
            }) => expanded.push(block_param(*expression_l)),
            other => expanded.push(other.clone()),
        }
    }
    Cow::Owned(expanded)
}

/// Call arguments with `...` and an anonymous `&` replaced by the hidden
/// locals they stand for.
pub fn expand_args(args: &[Node]) -> Cow<'_, [Node]> {
    let needs_rewrite = args.iter().any(|a| {
        matches!(
            a,
            Node::ForwardedArgs(_) | Node::BlockPass(BlockPass { value: None, .. })
        )
    });
    if !needs_rewrite {
        return Cow::Borrowed(args);
    }
    let mut expanded = Vec::with_capacity(args.len() + 2);
    for arg in args {
        match arg {
            Node::ForwardedArgs(ForwardedArgs { expression_l }) => {
                let at = *expression_l;
                expanded.push(Node::Splat(Splat {
                    value: Some(Box::new(local(REST, at))),
                    operator_l: at,
                    expression_l: at,
                }));
                expanded.push(Node::Kwargs(Kwargs {
                    pairs: vec![Node::Kwsplat(Kwsplat {
                        value: Box::new(local(KEYWORDS, at)),
                        operator_l: at,
                        expression_l: at,
                    })],
                    expression_l: at,
                }));
                expanded.push(block_pass(at));
            }
            Node::BlockPass(BlockPass {
                value: None,
                expression_l,
                ..
            }) => expanded.push(block_pass(*expression_l)),
            other => expanded.push(other.clone()),
        }
    }
    Cow::Owned(expanded)
}

fn block_param(at: Loc) -> Node {
    Node::Blockarg(Blockarg {
        name: Some(BLOCK.into()),
        operator_l: at,
        name_l: Some(at),
        expression_l: at,
    })
}

fn block_pass(at: Loc) -> Node {
    Node::BlockPass(BlockPass {
        value: Some(Box::new(local(BLOCK, at))),
        operator_l: at,
        expression_l: at,
    })
}

fn local(name: &str, at: Loc) -> Node {
    Node::Lvar(Lvar {
        name: name.into(),
        expression_l: at,
    })
}
