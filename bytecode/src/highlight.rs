//! Where error_highlight points.
//!
//! When a call fails because the method is missing, MRI 3.1 (with its bundled
//! error_highlight) prints the failing line with carets under the call. The
//! compiler records that span for every call site, so the runtime can print it
//! without keeping the AST: for `x.bar` it is `.bar`, for `foo(1)` it is
//! `foo`, for `a[i]` it is `[i]`. A span that would cross lines is not
//! recorded (MRI prints no snippet then).

use crate::compile::Source;
use crate::method::Span;
use lib_ruby_parser::nodes::{Index, IndexAsgn, Send};
use lib_ruby_parser::{Loc, Node};

fn span(source: &Source, begin: usize, end: usize) -> Option<Span> {
    if end <= begin {
        return None;
    }
    let line = source.line_of(begin);
    if source.line_of(end - 1) != line {
        return None;
    }
    let start = source.line_start(line);
    Some(Span {
        line,
        first_col: (begin - start) as u32,
        last_col: (end - start) as u32,
    })
}

/// The span of a method call: the dot and the name for `recv.name`, the name
/// alone otherwise.
pub fn send_span(send: &Send, source: &Source) -> Option<Span> {
    let selector: &Loc = send.selector_l.as_ref()?;
    match (&send.recv, &send.dot_l) {
        (Some(_), Some(dot)) => span(source, dot.begin, selector.end),
        _ => span(source, selector.begin, selector.end),
    }
}

/// The span of an index call: from `[` to `]`.
pub fn index_span(node: &Node, source: &Source) -> Option<Span> {
    match node {
        Node::Index(Index { begin_l, end_l, .. }) => span(source, begin_l.begin, end_l.end),
        Node::IndexAsgn(IndexAsgn { begin_l, end_l, .. }) => span(source, begin_l.begin, end_l.end),
        _ => None,
    }
}
