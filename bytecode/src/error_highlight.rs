//! MRI 3.1's error_highlight (0.3.0): the snippet with carets under the
//! failing part of a `NameError`/`NoMethodError` message.
//!
//! # Where it goes
//!
//! Only `NameError` and its subclasses (`NoMethodError`) get a snippet;
//! `TypeError`, `ArgumentError`, `KeyError`... never do. The message is
//! built as *original message* + *snippet* + *did_you_mean suggestions*, and
//! the uncaught-exception report puts the class tag after the message's
//! first line, then the rest of the message, then the backtrace:
//!
//! ```text
//! e.rb:3:in `bar': undefined method `lenght' for "abc":String (NoMethodError)
//!
//!   x.lenght
//!    ^^^^^^^
//! Did you mean?  length
//! \tfrom e.rb:5:in `<main>'
//! ```
//!
//! [`snippet`] is the inserted text: `"\n\n"`, the source line (with its
//! `"\n"`, added when the file's last line has none), then the marker: the
//! line's characters before the first column with every non-tab replaced by
//! a space (tabs are kept, so carets line up), then one `^` per column. The
//! snippet is part of `e.message` too. (The report printer escapes the whole
//! message afterwards: `\` is printed as `\\`, control characters other than
//! `\t` and `\n` as `\e`, `\x01`, ...; that is not done here.)
//!
//! # Which node
//!
//! MRI takes the node of the instruction executing in the innermost *Ruby*
//! frame when the exception was created: the call that failed, or, when a
//! C method raised (`[1].map(&:foo)`, `1.send(:foo)`, `method(:x)`), the
//! Ruby-level call of that C method (`.map`, `.send`, `method`). An explicit
//! `raise NameError` highlights `raise`. Only the node's shape and position
//! matter, except for the op-assignments, which need the error's name to
//! know which of their calls failed. No snippet at all for: `super`/`zsuper`
//! (a `method_missing` calling `super`), class variables, multiple
//! assignment targets, `for` loops, `x.()`, `x&.foo = 1`, `x&.foo += 1`,
//! `x::foo`, and any node whose fetched line(s) contain a non-ASCII byte,
//! even in a comment.
//!
//! In lib-ruby-parser terms: a vcall `foo` is a receiver-less `Send`; a call
//! with a block may be passed as its `Block`; `x[i]` is an `Index`,
//! `x[i] = v` an `IndexAsgn`; `x.foo += 1`, `x[1] ||= 1`, `a += 1`,
//! `A::B &&= 1` are `OpAsgn`/`OrAsgn`/`AndAsgn` nodes, passed whole with the
//! error's name (`foo`, `+`, `foo=`, `[]`, `[]=`, `B`); when `Foo` is missing
//! in `Foo::Bar`, the failing node is the inner `Const` `Foo`.
//!
//! # Rules ([`spot`]), with MRI's output
//!
//! Positions of a receiver are MRI's: parentheses around it are not part of
//! it (`((x))` is `x`). "Skip" below means skipping whitespace and `)`.
//!
//! - Call with a receiver (`recv.m`, `recv.m(args)`, `recv.m arg`,
//!   `recv&.m`, `self.m`, with or without a block): from the end of the
//!   receiver skip (across lines), then `.` or `&.`, whitespace, the method
//!   name: underline from the dot to the end of the name. When a newline
//!   separates dot and name, only the name, on its own line. Nothing when
//!   the text does not follow that shape (`recv # comment` then `.m`).
//!   ```text
//!   x.foo(1)     x&.foo    x. foo    x .foo    x.   (newline)   x (newline)
//!    ^^^^         ^^^^^     ^^^^^      ^^^^      foo               .foo
//!                                                ^^^               ^^^^
//!   ```
//!   A multi-line argument list is fine (`x.foo(1,` / `2)` gives ` ^^^^`
//!   under the first line), but a non-ASCII byte in any line from the
//!   receiver's end to the call's end suppresses the snippet.
//! - Index `a[i]`: from `[` to the first `]` after the last index, which must
//!   be on the receiver's line: `x[1, 2 ]` underlines `[1, 2 ]`; `x[]`
//!   `[]`; `x[1,` (newline) `2]` nothing.
//! - Call without a receiver (`m`, `m(args)`, `m arg`, `m?`, `m {}`): the
//!   first occurrence of the method name from the call's start: `foo 1`
//!   gives `^^^`, `raise NameError, "x"` gives `^^^^^` under `raise`.
//! - Binary operator `a + b`, `a+b`, `(a) + b`, `a ** b`: skip from the end of
//!   `a`, then the operator: `x  +  1` underlines the `+`.
//! - Unary operator `-a`, `+a`, `~a`, `!a`: the operator (without `@`)
//!   followed only by whitespace and at most one `(` before the operand:
//!   `- ( x )` underlines `-`, `-((x))` and `not x` nothing.
//! - Attribute assignment `recv.m = v`: from the dot to the `=`: `x.foo = 2`
//!   underlines `.foo =`, `x . foo  =  2` `. foo  =`.
//! - Index assignment `a[i] = v`: from `[` to the `=`: `x[1] = 2` gives
//!   `[1] =`, `x[] = 2` `[] =`.
//! - Constants: `Foo` and `::Foo` whole (`:: Bar` too); `Foo::Bar` from the
//!   end of the scope to the end: `Object::Bar` underlines `::Bar`; if the
//!   name is on a later line than the scope, the name alone.
//! - Op-assign on an attribute `x.foo += 1` (also `||=`, `&&=`): for the
//!   error name `foo` `.foo`, for `+` the `+`, for `foo=` `.foo +=`.
//! - Op-assign on an index `x[1] += 1`: for `[]` `[1]`, for `+` the `+`, for
//!   `[]=` `[1] +=`.
//! - Op-assign on a variable `a += 1` (local, ivar, gvar, or a constant that
//!   holds `nil`): the operator, for the operator's name; an undefined
//!   constant `Foo += 1` underlines `Foo`.
//! - Op-assign on a scoped constant `A::B += 1` / `::B += 1`: for the
//!   operator the operator, else `::B` (`A::B` when the failing constant is
//!   `A`: that is the inner `Const` node, passed on its own).
//!
//! The underlined text is always on one line.
use lib_ruby_parser::nodes::{Casgn, Const, Index, IndexAsgn, Send};
use lib_ruby_parser::Node;
use std::ops::Range;

/// The text MRI inserts into the message for a snippet line and the columns
/// (byte offsets within the line, end exclusive) to underline. `source_line`
/// may lack its final `"\n"`.
///
/// ```
/// use bytecode::error_highlight::snippet;
/// assert_eq!(snippet("foo", 0, 3), "\n\nfoo\n^^^");
/// ```
pub fn snippet(source_line: &str, first_col: usize, last_col: usize) -> String {
    let mut out = String::from("\n\n");
    out.push_str(source_line);
    if !source_line.ends_with('\n') {
        out.push('\n');
    }
    for c in source_line.chars().take(first_col) {
        out.push(if c == '\t' { '\t' } else { ' ' });
    }
    for _ in first_col..last_col {
        out.push('^');
    }
    out
}

/// A source file with its lines indexed: each question the rules ask
/// about a line (where it starts and ends, whether it is ASCII) is a
/// binary search instead of a scan, so the spots of a file's calls cost
/// time linear in its size even when one line holds thousands of them
/// (`p !!!...!true`, `x.succ.succ...`). Build it once per file.
pub struct Text<'a> {
    bytes: &'a [u8],
    /// Where each line starts.
    line_starts: Vec<usize>,
    /// How many of the lines before each line hold a non-ASCII byte (one
    /// more entry than lines).
    non_ascii_lines_before: Vec<u32>,
}

impl<'a> Text<'a> {
    pub fn new(bytes: &'a [u8]) -> Text<'a> {
        let mut line_starts = vec![0];
        let mut non_ascii_lines_before = vec![0];
        let mut non_ascii = 0;
        let mut line_is_ascii = true;
        for (i, &byte) in bytes.iter().enumerate() {
            line_is_ascii &= byte.is_ascii();
            if byte == b'\n' {
                non_ascii += u32::from(!line_is_ascii);
                non_ascii_lines_before.push(non_ascii);
                line_starts.push(i + 1);
                line_is_ascii = true;
            }
        }
        non_ascii += u32::from(!line_is_ascii);
        non_ascii_lines_before.push(non_ascii);
        Text {
            bytes,
            line_starts,
            non_ascii_lines_before,
        }
    }

    /// The 0-based line holding byte `at` (the last line for the end).
    fn line_index(&self, at: usize) -> usize {
        let at = at.min(self.bytes.len());
        self.line_starts.partition_point(|&start| start <= at) - 1
    }
}

impl std::ops::Deref for Text<'_> {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.bytes
    }
}

/// A computed spot: the snippet text is `source[text.clone()]` (normally
/// one line) and the columns are byte offsets from its start.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Found {
    text: Range<usize>,
    first: usize,
    last: usize,
}

/// The byte range of `source` MRI underlines when the error `name` (the
/// `NameError#name`, e.g. `"foo"`, `"+"`, `"[]="`, `"Foo"`) was raised by
/// `node`, or `None` when MRI prints no snippet. See the module doc for the
/// rules. `node` is a `Send`, `CSend`, `Index`, `IndexAsgn`, `Const`,
/// `OpAsgn`, `OrAsgn`, `AndAsgn` or `Block` (for its call); anything else
/// gives `None`.
pub fn spot(node: &Node, name: &str, source: &Text) -> Option<Range<usize>> {
    let found = find(node, name, source)?;
    Some(found.text.start + found.first..found.text.start + found.last)
}

/// What MRI inserts into the message of the error `name` raised by `node`:
/// [`snippet`] of the spot, or the empty string when there is none.
pub fn highlight(node: &Node, name: &str, source: &Text) -> String {
    match find(node, name, source) {
        Some(found) => {
            let line = String::from_utf8_lossy(&source[found.text]);
            snippet(&line, found.first, found.last)
        }
        None => String::new(),
    }
}

/// [`snippet`] for a byte range of `source` returned by [`spot`] (the line
/// holding its start).
pub fn snippet_for_range(source: &Text, range: Range<usize>) -> String {
    let start = line_start(source, range.start);
    let end = line_end(source, range.start);
    let line = String::from_utf8_lossy(&source[start..end]);
    snippet(&line, range.start - start, range.end - start)
}

fn find(node: &Node, name: &str, src: &Text) -> Option<Found> {
    let found = match node {
        Node::Block(block) => return find(&block.call, name, src),
        Node::Numblock(block) => return find(&block.call, name, src),
        Node::Send(send) => find_send(send, src)?,
        Node::CSend(csend) => {
            let recv_end = mri_range(&csend.recv).end;
            if csend.operator_l.is_some() {
                attrasgn_name(src, recv_end, &csend.method_name)?
            } else {
                call_for_name(
                    src,
                    recv_end,
                    &csend.method_name,
                    csend.args.last().map(|a| a.expression().end),
                    csend.expression_l.end,
                )?
            }
        }
        Node::Index(Index {
            recv,
            indexes,
            expression_l,
            ..
        }) => call_for_name(
            src,
            mri_range(recv).end,
            "[]",
            indexes.last().map(|a| a.expression().end),
            expression_l.end,
        )?,
        Node::IndexAsgn(asgn) => {
            asgn.value.as_ref()?;
            index_asgn_name(
                src,
                mri_range(&asgn.recv).end,
                asgn.indexes.last().map(|a| a.expression().end),
            )?
        }
        Node::Const(c) => find_const(c, src)?,
        Node::OpAsgn(op) => {
            let operator = op.operator.strip_suffix('=').unwrap_or(&op.operator);
            op_asgn(&op.recv, operator, name, src)?
        }
        Node::OrAsgn(op) => op_asgn(&op.recv, "||", name, src)?,
        Node::AndAsgn(op) => op_asgn(&op.recv, "&&", name, src)?,
        _ => return None,
    };
    if found.first < found.last {
        Some(found)
    } else {
        None
    }
}

fn find_send(send: &Send, src: &Text) -> Option<Found> {
    let Some(recv) = &send.recv else {
        // FCALL and VCALL: the first occurrence of the name from the start.
        let start = send.expression_l.begin;
        let text = line_range(src, start);
        ascii(src, &text)?;
        let at = search(src, start, text.end, |p| {
            starts_with(src, p, send.method_name.as_bytes()).then_some(p + send.method_name.len())
        })?;
        return Some(found(text, at.0, at.1));
    };
    let recv_range = mri_range(recv);
    if send.operator_l.is_some() {
        return attrasgn_name(src, recv_range.end, &send.method_name);
    }
    if send.dot_l.is_none() && !is_word(&send.method_name) {
        return match send.args.len() {
            0 => unary_op(src, recv_range, &send.method_name),
            1 => binary_op(src, recv_range.end, &send.method_name),
            _ => None,
        };
    }
    call_for_name(
        src,
        recv_range.end,
        &send.method_name,
        send.args.last().map(|a| a.expression().end),
        send.expression_l.end,
    )
}

/// `recv.mid`, `recv&.mid`, `recv[args]` and `recv += 1` style CALLs.
fn call_for_name(
    src: &Text,
    recv_end: usize,
    mid: &str,
    last_arg_end: Option<usize>,
    node_end: usize,
) -> Option<Found> {
    // The lines from the receiver's last line to the call's last line.
    let window = line_start(src, recv_end)..line_end(src, node_end.max(recv_end));
    ascii(src, &window)?;
    let wend = window.end;
    if mid == "[]" {
        let bracket = skip(src, recv_end, wend, |c| is_space(c) || c == b')');
        if src.get(bracket) == Some(&b'[') && bracket < wend {
            let first = line_range(src, window.start);
            let end = match last_arg_end {
                Some(args_end) => {
                    if same_line(src, recv_end, args_end) {
                        search(src, args_end, first.end, |p| {
                            let q = skip(src, p, first.end, is_space);
                            (src.get(q) == Some(&b']') && q < first.end).then_some(q + 1)
                        })
                        .map(|m| m.1)
                    } else {
                        None
                    }
                }
                None => {
                    let q = skip(src, bracket + 1, wend, is_space);
                    (src.get(q) == Some(&b']') && q < wend).then_some(q + 1)
                }
            }?;
            return Some(found(first, bracket, end));
        }
    }
    let dot = skip(src, recv_end, wend, |c| is_space(c) || c == b')');
    let after_dot = if starts_with(src, dot, b"&.") {
        Some(dot + 2)
    } else if starts_with(src, dot, b".") {
        Some(dot + 1)
    } else {
        None
    };
    if let Some(after_dot) = after_dot.filter(|&a| a <= wend) {
        let name_at = skip(src, after_dot, wend, is_space);
        if starts_with(src, name_at, mid.as_bytes()) && name_at + mid.len() <= wend {
            let begin = if src[after_dot..name_at].contains(&b'\n') {
                name_at
            } else {
                dot
            };
            return Some(found(line_range(src, begin), begin, name_at + mid.len()));
        }
    }
    if !is_word(mid) {
        // `a += 1`: `\G\s*(mid)=`; the snippet runs from the receiver's line
        // to the operator's.
        let op = skip(src, recv_end, wend, is_space);
        let op_end = op + mid.len();
        if starts_with(src, op, mid.as_bytes()) && op_end < wend && src[op_end] == b'=' {
            let text = window.start..line_end(src, op_end);
            return Some(found(text, op, op_end));
        }
    }
    None
}

/// `recv.mid = v` (ATTRASGN; `mid` ends with `=`).
fn attrasgn_name(src: &Text, recv_end: usize, mid: &str) -> Option<Found> {
    let line = line_range(src, recv_end);
    ascii(src, &line)?;
    let attr = mid.strip_suffix('=').unwrap_or(mid);
    let dot = skip(src, recv_end, line.end, |c| is_space(c) || c == b')');
    if src.get(dot) != Some(&b'.') || dot >= line.end {
        return None;
    }
    let name_at = skip(src, dot + 1, line.end, is_space);
    if !starts_with(src, name_at, attr.as_bytes()) {
        return None;
    }
    let eq = skip(src, name_at + attr.len(), line.end, is_space);
    if src.get(eq) == Some(&b'=') && eq < line.end {
        Some(found(line, dot, eq + 1))
    } else {
        None
    }
}

/// `recv[args] = v` (ATTRASGN with `[]=`).
fn index_asgn_name(src: &Text, recv_end: usize, last_index_end: Option<usize>) -> Option<Found> {
    let line = line_range(src, recv_end);
    ascii(src, &line)?;
    let bracket = skip(src, recv_end, line.end, |c| is_space(c) || c == b')');
    if src.get(bracket) == Some(&b'[') && bracket < line.end {
        let mut args_end = bracket + 1;
        if let Some(end) = last_index_end.filter(|&e| same_line(src, recv_end, e)) {
            args_end = end;
        }
        let (_, end) = search(src, args_end, line.end, |p| {
            let q = skip(src, p, line.end, |c| is_space(c) || c == b')');
            if src.get(q) != Some(&b']') || q >= line.end {
                return None;
            }
            let e = skip(src, q + 1, line.end, is_space);
            (src.get(e) == Some(&b'=') && e < line.end).then_some(e + 1)
        })?;
        return Some(found(line, bracket, end));
    }
    // `x.[]=(...)` written as an attribute assignment would land here; MRI
    // then looks for `.[] =`.
    attrasgn_name(src, recv_end, "[]=")
}

fn binary_op(src: &Text, recv_end: usize, op: &str) -> Option<Found> {
    let line = line_range(src, recv_end);
    ascii(src, &line)?;
    let at = skip(src, recv_end, line.end, |c| is_space(c) || c == b')');
    if starts_with(src, at, op.as_bytes()) && at + op.len() <= line.end {
        Some(found(line, at, at + op.len()))
    } else {
        None
    }
}

fn unary_op(src: &Text, recv: Range<usize>, op: &str) -> Option<Found> {
    // MRI takes the receiver's last line but cuts it at the receiver's first
    // column.
    let line = line_range(src, recv.end);
    ascii(src, &line)?;
    let first_col = recv.start - line_start(src, recv.start);
    let prefix_end = (line.start + first_col).min(line.end);
    let op = op.strip_suffix('@').unwrap_or(op);
    // Only spaces and a `(` may stand between the operator and the
    // receiver: no match starts before that run (and the search, from
    // there, stays local on a long line of operators).
    let run = src[line.start..prefix_end]
        .iter()
        .rev()
        .take_while(|&&c| is_space(c) || c == b'(')
        .count();
    let from = (prefix_end - run).saturating_sub(op.len()).max(line.start);
    let (begin, end) = search(src, from, prefix_end, |p| {
        if !starts_with(src, p, op.as_bytes()) || p + op.len() > prefix_end {
            return None;
        }
        let mut q = skip(src, p + op.len(), prefix_end, is_space);
        if q < prefix_end && src[q] == b'(' {
            q = skip(src, q + 1, prefix_end, is_space);
        }
        (q == prefix_end).then_some(p + op.len())
    })?;
    Some(found(line, begin, end))
}

fn find_const(c: &Const, src: &Text) -> Option<Found> {
    let node = &c.expression_l;
    match c.scope.as_deref() {
        // CONST and COLON3: the whole node, when it is on one line.
        None | Some(Node::Cbase(_)) => {
            if !same_line(src, node.begin, node.end) {
                return None;
            }
            let line = line_range(src, node.end);
            ascii(src, &line)?;
            Some(found(line, node.begin, node.end))
        }
        Some(parent) => {
            let parent_end = mri_range(parent).end;
            let line = line_range(src, node.end);
            ascii(src, &line)?;
            if same_line(src, parent_end, node.end) {
                Some(found(line, parent_end, node.end))
            } else {
                Some(found(line, c.name_l.begin, c.name_l.end))
            }
        }
    }
}

fn op_asgn(recv: &Node, op: &str, name: &str, src: &Text) -> Option<Found> {
    match recv {
        // OP_ASGN2: `x.foo += 1`.
        Node::Send(Send {
            recv: Some(inner),
            method_name: attr,
            ..
        }) => op_asgn2(src, mri_range(inner).end, attr, op, name),
        // `x&.foo += 1`: MRI looks for a plain dot and finds none.
        Node::CSend(_) => None,
        // OP_ASGN1: `x[1] += 1` (the target is an `IndexAsgn` without value).
        Node::IndexAsgn(IndexAsgn { recv, indexes, .. })
        | Node::Index(Index { recv, indexes, .. }) => op_asgn1(
            src,
            mri_range(recv).end,
            indexes.last().map(|a| a.expression().end),
            op,
            name,
        ),
        // `a += 1`: a CALL of the operator on the variable.
        Node::Lvasgn(v) if name == op => call_for_name(src, v.name_l.end, op, None, v.name_l.end),
        Node::Ivasgn(v) if name == op => call_for_name(src, v.name_l.end, op, None, v.name_l.end),
        Node::Gvasgn(v) if name == op => call_for_name(src, v.name_l.end, op, None, v.name_l.end),
        Node::Cvasgn(v) if name == op => call_for_name(src, v.name_l.end, op, None, v.name_l.end),
        Node::Casgn(Casgn {
            scope: None,
            name_l,
            ..
        }) => {
            if name == op {
                call_for_name(src, name_l.end, op, None, name_l.end)
            } else {
                let line = line_range(src, name_l.begin);
                ascii(src, &line)?;
                Some(found(line, name_l.begin, name_l.end))
            }
        }
        Node::Casgn(casgn) => op_cdecl(src, casgn, op, name),
        _ => None,
    }
}

fn op_asgn1(
    src: &Text,
    recv_end: usize,
    last_index_end: Option<usize>,
    op: &str,
    name: &str,
) -> Option<Found> {
    let line = line_range(src, recv_end);
    ascii(src, &line)?;
    let bracket = skip(src, recv_end, line.end, |c| is_space(c) || c == b')');
    if src.get(bracket) != Some(&b'[') || bracket >= line.end {
        return None;
    }
    let mut args_end = bracket + 1;
    if let Some(end) = last_index_end.filter(|&e| same_line(src, recv_end, e)) {
        args_end = end;
    }
    // `\s*\](\s*)(op)=()`
    let mut groups = None;
    search(src, args_end, line.end, |p| {
        let q = skip(src, p, line.end, is_space);
        if src.get(q) != Some(&b']') || q >= line.end {
            return None;
        }
        let op_at = skip(src, q + 1, line.end, is_space);
        let eq = op_at + op.len();
        if starts_with(src, op_at, op.as_bytes()) && eq < line.end && src[eq] == b'=' {
            groups = Some((q + 1, op_at, eq + 1));
            Some(eq + 1)
        } else {
            None
        }
    })?;
    let (after_bracket, op_at, after_eq) = groups?;
    let (first, last) = match name {
        "[]" => (bracket, after_bracket),
        "[]=" => (bracket, after_eq),
        _ if name == op => (op_at, op_at + op.len()),
        _ => return None,
    };
    Some(found(line, first, last))
}

fn op_asgn2(src: &Text, recv_end: usize, attr: &str, op: &str, name: &str) -> Option<Found> {
    let line = line_range(src, recv_end);
    ascii(src, &line)?;
    let dot = skip(src, recv_end, line.end, |c| is_space(c) || c == b')');
    if src.get(dot) != Some(&b'.') || dot >= line.end {
        return None;
    }
    let attr_at = skip(src, dot + 1, line.end, is_space);
    if !starts_with(src, attr_at, attr.as_bytes()) {
        return None;
    }
    let attr_end = attr_at + attr.len();
    let op_at = skip(src, attr_end, line.end, is_space);
    let eq = op_at + op.len();
    if !(starts_with(src, op_at, op.as_bytes()) && eq < line.end && src[eq] == b'=') {
        return None;
    }
    let (first, last) = if name == attr {
        (dot, attr_end)
    } else if name == op {
        (op_at, eq)
    } else if name.strip_suffix('=') == Some(attr) {
        (dot, eq + 1)
    } else {
        return None;
    };
    Some(found(line, first, last))
}

/// OP_CDECL: `A::B += 1`, `::B += 1`.
fn op_cdecl(src: &Text, lhs: &Casgn, op: &str, name: &str) -> Option<Found> {
    let lhs_end = lhs.name_l.end;
    let line = line_range(src, lhs_end);
    ascii(src, &line)?;
    if name == op {
        let at = skip(src, lhs_end, line.end, is_space);
        let eq = at + op.len();
        return (starts_with(src, at, op.as_bytes()) && eq < line.end && src[eq] == b'=')
            .then(|| found(line, at, eq));
    }
    match lhs.scope.as_deref()? {
        Node::Cbase(cbase) => {
            let begin = cbase.expression_l.begin;
            same_line(src, begin, lhs_end).then(|| found(line, begin, lhs_end))
        }
        parent => {
            let parent_end = mri_range(parent).end;
            same_line(src, parent_end, lhs_end).then(|| found(line, parent_end, lhs_end))
        }
    }
}

/// A node's range as MRI records it: parentheses are not part of the
/// expression inside them (`(a; b)` spans `a; b`).
fn mri_range(node: &Node) -> Range<usize> {
    if let Node::Begin(begin) = node {
        if let Some(open) = &begin.begin_l {
            return match (begin.statements.first(), begin.statements.last()) {
                (Some(first), Some(last)) => mri_range(first).start..mri_range(last).end,
                _ => open.end..open.end,
            };
        }
    }
    let loc = node.expression();
    loc.begin..loc.end
}

fn found(text: Range<usize>, first: usize, last: usize) -> Found {
    Found {
        first: first - text.start,
        last: last - text.start,
        text,
    }
}

/// Ruby's `\s`.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// Whether a method name contains a word character (MRI treats names
/// matching `\A\W+\z` as operators).
fn is_word(name: &str) -> bool {
    name.bytes()
        .any(|c| c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80)
}

fn skip(src: &Text, mut at: usize, end: usize, class: impl Fn(u8) -> bool) -> usize {
    while at < end && at < src.len() && class(src[at]) {
        at += 1;
    }
    at
}

fn starts_with(src: &Text, at: usize, prefix: &[u8]) -> bool {
    src.get(at..).is_some_and(|rest| rest.starts_with(prefix))
}

/// An unanchored regex search: the first start in `from..=to` where
/// `matcher` matches, with the end it returns.
fn search(
    src: &Text,
    from: usize,
    to: usize,
    mut matcher: impl FnMut(usize) -> Option<usize>,
) -> Option<(usize, usize)> {
    (from..=to.min(src.len())).find_map(|p| matcher(p).map(|end| (p, end)))
}

fn line_start(src: &Text, at: usize) -> usize {
    src.line_starts[src.line_index(at)]
}

/// The end of the line holding `at`, after its `"\n"`.
fn line_end(src: &Text, at: usize) -> usize {
    src.line_starts
        .get(src.line_index(at) + 1)
        .copied()
        .unwrap_or(src.bytes.len())
}

fn line_range(src: &Text, at: usize) -> Range<usize> {
    line_start(src, at)..line_end(src, at)
}

fn same_line(src: &Text, a: usize, b: usize) -> bool {
    src.line_index(a) == src.line_index(b)
}

/// MRI gives up on lines with non-ASCII bytes (`range` spans whole lines).
fn ascii(src: &Text, range: &Range<usize>) -> Option<()> {
    if range.is_empty() {
        return Some(());
    }
    let first = src.line_index(range.start);
    let last = src.line_index(range.end - 1);
    (src.non_ascii_lines_before[last + 1] == src.non_ascii_lines_before[first]).then_some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lib_ruby_parser::nodes::*;
    use lib_ruby_parser::traverse::visitor::*;
    use lib_ruby_parser::{Parser, ParserOptions};

    /// Finds the failing node the way the VM would know it: the first node
    /// (pre-order) that calls `select` or, for op-assignments, involves it.
    struct Finder<'a> {
        select: &'a str,
        found: Option<Node>,
    }

    impl Finder<'_> {
        fn take(&mut self, ok: bool, node: impl FnOnce() -> Node) {
            if ok && self.found.is_none() {
                self.found = Some(node());
            }
        }

        fn op_asgn_involves(&self, recv: &Node, op: &str) -> bool {
            let names: Vec<String> = match recv {
                Node::Send(s) => vec![s.method_name.clone(), format!("{}=", s.method_name)],
                Node::CSend(s) => vec![s.method_name.clone(), format!("{}=", s.method_name)],
                Node::Index(_) | Node::IndexAsgn(_) => vec!["[]".into(), "[]=".into()],
                Node::Casgn(c) => vec![c.name.clone()],
                _ => vec![],
            };
            self.select == op || names.iter().any(|n| n == self.select)
        }
    }

    impl Visitor for Finder<'_> {
        fn on_send(&mut self, n: &Send) {
            self.take(n.method_name == self.select, || Node::Send(n.clone()));
            visit_send(self, n)
        }
        fn on_c_send(&mut self, n: &CSend) {
            self.take(n.method_name == self.select, || Node::CSend(n.clone()));
            visit_c_send(self, n)
        }
        fn on_index(&mut self, n: &Index) {
            self.take(self.select == "[]", || Node::Index(n.clone()));
            visit_index(self, n)
        }
        fn on_index_asgn(&mut self, n: &IndexAsgn) {
            self.take(self.select == "[]=", || Node::IndexAsgn(n.clone()));
            visit_index_asgn(self, n)
        }
        fn on_const(&mut self, n: &Const) {
            self.take(n.name == self.select, || Node::Const(n.clone()));
            visit_const(self, n)
        }
        fn on_op_asgn(&mut self, n: &OpAsgn) {
            let ok = self.op_asgn_involves(&n.recv, &n.operator);
            self.take(ok, || Node::OpAsgn(n.clone()));
            visit_op_asgn(self, n)
        }
        fn on_or_asgn(&mut self, n: &OrAsgn) {
            let ok = self.op_asgn_involves(&n.recv, "||");
            self.take(ok, || Node::OrAsgn(n.clone()));
            visit_or_asgn(self, n)
        }
        fn on_and_asgn(&mut self, n: &AndAsgn) {
            let ok = self.op_asgn_involves(&n.recv, "&&");
            self.take(ok, || Node::AndAsgn(n.clone()));
            visit_and_asgn(self, n)
        }
    }

    fn parse(code: &str) -> Node {
        let result = Parser::new(code.as_bytes().to_vec(), ParserOptions::default()).do_parse();
        *result.ast.expect("parses")
    }

    fn failing_node(code: &str, select: &str) -> Node {
        let ast = parse(code);
        let mut finder = Finder {
            select,
            found: None,
        };
        finder.visit(&ast);
        finder.found.unwrap_or(ast)
    }

    /// (script, NameError#name, the call that raised, MRI's text between
    /// the message and the suggestions), recorded with `ruby e.rb`.
    const MRI: &[(&str, &str, &str, &str)] = &[
    ("def fooo; end\nfoo\n", "foo", "foo", "\n\nfoo\n^^^"),
    ("foo()", "foo", "foo", "\n\nfoo()\n^^^"),
    ("foo 1", "foo", "foo", "\n\nfoo 1\n^^^"),
    ("foo(1) { }", "foo", "foo", "\n\nfoo(1) { }\n^^^"),
    ("foo?", "foo?", "foo?", "\n\nfoo?\n^^^^"),
    ("foo!", "foo!", "foo!", "\n\nfoo!\n^^^^"),
    ("Foo()", "Foo", "Foo", "\n\nFoo()\n^^^"),
    ("x = 1; x.foo", "foo", "foo", "\n\nx = 1; x.foo\n        ^^^^"),
    ("x = 1; x.foo(1)", "foo", "foo", "\n\nx = 1; x.foo(1)\n        ^^^^"),
    ("x = 1; x.foo 1", "foo", "foo", "\n\nx = 1; x.foo 1\n        ^^^^"),
    ("x = 1; x.foo { }", "foo", "foo", "\n\nx = 1; x.foo { }\n        ^^^^"),
    ("x = 1; x.foo do\nend", "foo", "foo", "\n\nx = 1; x.foo do\n        ^^^^"),
    ("x = 1; x&.foo", "foo", "foo", "\n\nx = 1; x&.foo\n        ^^^^^"),
    ("x = 1; x &. foo", "foo", "foo", "\n\nx = 1; x &. foo\n         ^^^^^^"),
    ("x = 1; x. foo", "foo", "foo", "\n\nx = 1; x. foo\n        ^^^^^"),
    ("x = 1; x .foo", "foo", "foo", "\n\nx = 1; x .foo\n         ^^^^"),
    ("x = 1; (x).foo", "foo", "foo", "\n\nx = 1; (x).foo\n          ^^^^"),
    ("x = nil; ((x)).foo", "foo", "foo", "\n\nx = nil; ((x)).foo\n              ^^^^"),
    ("x = nil; (x;\n x).foo", "foo", "foo", "\n\n x).foo\n   ^^^^"),
    ("x = 1; self.foo = 2", "foo=", "foo=", "\n\nx = 1; self.foo = 2\n           ^^^^^^"),
    ("self.foo", "foo", "foo", "\n\nself.foo\n    ^^^^"),
    ("x = nil; x.foo.bar", "foo", "foo", "\n\nx = nil; x.foo.bar\n          ^^^^"),
    ("x = nil; \"#{x.foo}\"", "foo", "foo", "\n\nx = nil; \"#{x.foo}\"\n             ^^^^"),
    ("x = nil; x[1]", "[]", "[]", "\n\nx = nil; x[1]\n          ^^^"),
    ("x = nil; x [1]", "[]", "[]", "\n\nx = nil; x [1]\n           ^^^"),
    ("x = nil; x[]", "[]", "[]", "\n\nx = nil; x[]\n          ^^"),
    ("x = nil; x[ ]", "[]", "[]", "\n\nx = nil; x[ ]\n          ^^^"),
    ("x = nil; x[1, 2 ]", "[]", "[]", "\n\nx = nil; x[1, 2 ]\n          ^^^^^^^"),
    ("x = nil; x[1,\n2]", "[]", "[]", ""),
    ("x = nil; x.[](1)", "[]", "[]", "\n\nx = nil; x.[](1)\n          ^^^"),
    ("x = nil; x[1] = 2", "[]=", "[]=", "\n\nx = nil; x[1] = 2\n          ^^^^^"),
    ("x = nil; x[] = 2", "[]=", "[]=", "\n\nx = nil; x[] = 2\n          ^^^^"),
    ("x = nil; x [ 1 ]  =  2", "[]=", "[]=", "\n\nx = nil; x [ 1 ]  =  2\n           ^^^^^^^^"),
    ("x = nil; x[1,\n2] = 3", "[]=", "[]=", ""),
    ("x = 1; x.foo = 2", "foo=", "foo=", "\n\nx = 1; x.foo = 2\n        ^^^^^^"),
    ("x = 1; x.foo=2", "foo=", "foo=", "\n\nx = 1; x.foo=2\n        ^^^^^"),
    ("x = 1; x . foo  =  2", "foo=", "foo=", "\n\nx = 1; x . foo  =  2\n         ^^^^^^^^"),
    ("x = 1; x&.foo = 2", "foo=", "foo=", ""),
    ("x = nil; x.()", "call", "call", ""),
    ("x = 1; x::foo", "foo", "foo", ""),
    ("x = 1; x.foo=(1)", "foo=", "foo=", "\n\nx = 1; x.foo=(1)\n        ^^^^^"),
    ("x = nil; x + 1", "+", "+", "\n\nx = nil; x + 1\n           ^"),
    ("x = nil; x+1", "+", "+", "\n\nx = nil; x+1\n          ^"),
    ("x = nil; (x) + 1", "+", "+", "\n\nx = nil; (x) + 1\n             ^"),
    ("x = nil; x  **  2", "**", "**", "\n\nx = nil; x  **  2\n            ^^"),
    ("x = nil; x.+(1)", "+", "+", "\n\nx = nil; x.+(1)\n          ^^"),
    ("x = nil; x +\n1", "+", "+", "\n\nx = nil; x +\n           ^"),
    ("x = nil; x\n.+(1)", "+", "+", "\n\n.+(1)\n^^"),
    ("x = nil; -x", "-@", "-@", "\n\nx = nil; -x\n         ^"),
    ("x = nil; - ( x )", "-@", "-@", "\n\nx = nil; - ( x )\n         ^"),
    ("x = nil; -((x))", "-@", "-@", ""),
    ("x = nil; ~x", "~", "~", "\n\nx = nil; ~x\n         ^"),
    ("x = nil; !x.y", "y", "y", "\n\nx = nil; !x.y\n           ^^"),
    ("x = nil; x.-@()", "-@", "-@", "\n\nx = nil; x.-@()\n          ^^^"),
    ("a = nil; a += 1", "+", "+", "\n\na = nil; a += 1\n           ^"),
    ("@a  -=  1", "-", "-", "\n\n@a  -=  1\n    ^"),
    ("$a <<= 1", "<<", "<<", "\n\n$a <<= 1\n   ^^"),
    ("Foo = nil; Foo += 1", "+", "+", "\n\nFoo = nil; Foo += 1\n               ^"),
    ("x = 1; x.foo += 1", "foo", "foo", "\n\nx = 1; x.foo += 1\n        ^^^^"),
    ("x = Struct.new(:foo).new; x.foo += 1", "+", "+", "\n\nx = Struct.new(:foo).new; x.foo += 1\n                                ^"),
    ("x = Object.new; def x.foo; 1; end; x.foo += 1", "foo=", "foo=", "\n\nx = Object.new; def x.foo; 1; end; x.foo += 1\n                                    ^^^^^^^"),
    ("x = Object.new; def x.foo; nil; end; x.foo ||= 1", "foo=", "foo=", "\n\nx = Object.new; def x.foo; nil; end; x.foo ||= 1\n                                      ^^^^^^^^"),
    ("x = Object.new; def x.foo; 1; end; x . foo  &&=  1", "foo=", "foo=", "\n\nx = Object.new; def x.foo; 1; end; x . foo  &&=  1\n                                     ^^^^^^^^^^"),
    ("x = 1; x&.foo += 1", "foo", "foo", ""),
    ("x = nil; x[1] += 1", "[]", "[]", "\n\nx = nil; x[1] += 1\n          ^^^"),
    ("x = [nil]; x[0] += 1", "+", "+", "\n\nx = [nil]; x[0] += 1\n                ^"),
    ("x = Object.new; def x.[](i); 1; end; x[0] += 1", "[]=", "[]=", "\n\nx = Object.new; def x.[](i); 1; end; x[0] += 1\n                                      ^^^^^^"),
    ("x = Object.new; def x.[](); nil; end; x[] ||= 1", "[]=", "[]=", "\n\nx = Object.new; def x.[](); nil; end; x[] ||= 1\n                                       ^^^^^^"),
    ("x = nil; x [ 1 ]  +=  1", "[]", "[]", "\n\nx = nil; x [ 1 ]  +=  1\n           ^^^^^"),
    ("Foo", "Foo", "Foo", "\n\nFoo\n^^^"),
    ("Foo::Bar", "Foo", "Foo", "\n\nFoo::Bar\n^^^"),
    ("Object::Bar", "Bar", "Bar", "\n\nObject::Bar\n      ^^^^^"),
    ("Object:: Bar", "Bar", "Bar", "\n\nObject:: Bar\n      ^^^^^^"),
    ("Object::\n  Bar", "Bar", "Bar", "\n\n  Bar\n  ^^^"),
    ("Object\n::Bar", "Bar", "Bar", "\n\n::Bar\n^^^^^"),
    (":: Bar", "Bar", "Bar", "\n\n:: Bar\n^^^^^^"),
    ("(Object)::Bar", "Bar", "Bar", "\n\n(Object)::Bar\n       ^^^^^^"),
    ("Foo += 1", "Foo", "Foo", "\n\nFoo += 1\n^^^"),
    ("Foo &&= 1", "Foo", "Foo", "\n\nFoo &&= 1\n^^^"),
    ("Object::Foo += 1", "Foo", "Foo", "\n\nObject::Foo += 1\n      ^^^^^"),
    ("::Foo += 1", "Foo", "Foo", "\n\n::Foo += 1\n^^^^^"),
    ("Object::Bar = nil; Object::Bar += 1", "+", "+", "\n\nObject::Bar = nil; Object::Bar += 1\n                               ^"),
    ("::Bar = nil; ::Bar  +=  1", "+", "+", "\n\n::Bar = nil; ::Bar  +=  1\n                    ^"),
    ("x = nil; a, x.foo = 1, 2", "foo=", "foo=", ""),
    ("x = nil; x[1], a = 1, 2", "[]=", "[]=", ""),
    ("x = 1\nx.\n  foo(1)", "foo", "foo", "\n\n  foo(1)\n  ^^^"),
    ("x = 1\nx\n  .foo(1)\n  .bar", "foo", "foo", "\n\n  .foo(1)\n  ^^^^"),
    ("x = 1\nx # c\n  .foo", "foo", "foo", ""),
    ("x = 1; x.foo(1,\n  2)", "foo", "foo", "\n\nx = 1; x.foo(1,\n        ^^^^"),
    ("x = 1; x.foo(1,\n\"\u{e9}\")", "foo", "foo", ""),
    ("x = 1; x.foo do |a|\n\"\u{e9}\"\nend", "foo", "foo", "\n\nx = 1; x.foo do |a|\n        ^^^^"),
    ("x = 1; x.foo # \u{e9}", "foo", "foo", ""),
    ("x = 1;\tx.foo", "foo", "foo", "\n\nx = 1;\tx.foo\n      \t ^^^^"),
    ("\tx = 1;\t x.foo", "foo", "foo", "\n\n\tx = 1;\t x.foo\n\t      \t  ^^^^"),
    ("x = nil;\t-\tx", "-@", "-@", "\n\nx = nil;\t-\tx\n        \t^"),
    ("x = 1; x.foo", "foo", "foo", "\n\nx = 1; x.foo\n        ^^^^"),
    ("raise NameError, \"foo\"", "", "raise", "\n\nraise NameError, \"foo\"\n^^^^^"),
    ("[1].map(&:foo)", "foo", "map", "\n\n[1].map(&:foo)\n   ^^^^"),
    ("1.send(:foo)", "foo", "send", "\n\n1.send(:foo)\n ^^^^^"),
    ("x = <<~E.foo\n  abc\nE\n", "foo", "foo", "\n\nx = <<~E.foo\n        ^^^^"),
    ("x = nil; x.foo(<<~E)\n  abc\nE\n", "foo", "foo", "\n\nx = nil; x.foo(<<~E)\n          ^^^^"),
    ("Zork::Bar", "Zork", "Zork", "\n\nZork::Bar\n^^^^"),
    ("x = nil; x.y = 1", "y=", "y=", "\n\nx = nil; x.y = 1\n          ^^^^"),
    ("x = 1\n  x.foo", "foo", "foo", "\n\n  x.foo\n   ^^^^"),
    ("x = nil; x[1] ||= 2", "[]", "[]", "\n\nx = nil; x[1] ||= 2\n          ^^^"),
    ("BasicObject.new.foo", "foo", "foo", "\n\nBasicObject.new.foo\n               ^^^^"),
    ("x = nil; x.then { _1.foo }", "foo", "foo", "\n\nx = nil; x.then { _1.foo }\n                    ^^^^"),
    ];

    #[test]
    fn matches_mri() {
        for (code, name, select, expected) in MRI {
            let mut source = code.to_string();
            if !source.ends_with('\n') {
                source.push('\n');
            }
            let node = failing_node(&source, select);
            let got = highlight(&node, name, &Text::new(source.as_bytes()));
            assert_eq!(&got, expected, "{code:?}");
        }
    }

    #[test]
    fn last_line_without_newline() {
        let source = "x = 1\nx.foo";
        let node = failing_node(source, "foo");
        assert_eq!(
            spot(&node, "foo", &Text::new(source.as_bytes())),
            Some(7..11)
        );
        assert_eq!(
            highlight(&node, "foo", &Text::new(source.as_bytes())),
            "\n\nx.foo\n ^^^^"
        );
    }

    #[test]
    fn spot_is_a_byte_range() {
        let source = "a = 1\nb = nil\nb.zork(a)\n";
        let node = failing_node(source, "zork");
        let range = spot(&node, "zork", &Text::new(source.as_bytes())).unwrap();
        assert_eq!(&source[range.clone()], ".zork");
        assert_eq!(
            snippet_for_range(&Text::new(source.as_bytes()), range),
            "\n\nb.zork(a)\n ^^^^^"
        );
    }

    #[test]
    fn op_asgn_with_another_name_has_no_spot() {
        let source = "x = nil; x.foo += 1\n";
        let node = failing_node(source, "foo");
        assert_eq!(spot(&node, "bar", &Text::new(source.as_bytes())), None);
        assert_eq!(highlight(&node, "bar", &Text::new(source.as_bytes())), "");
    }

    #[test]
    fn other_nodes_have_no_spot() {
        for source in [
            "super\n",
            "yield\n",
            "@@x\n",
            "a, b.c = 1, 2\n",
            "for i in x; end\n",
        ] {
            let node = parse(source);
            assert_eq!(
                spot(&node, "x", &Text::new(source.as_bytes())),
                None,
                "{source:?}"
            );
        }
    }

    #[test]
    fn snippet_layout() {
        assert_eq!(snippet("foo\n", 0, 3), "\n\nfoo\n^^^");
        assert_eq!(snippet("foo", 0, 3), "\n\nfoo\n^^^");
        assert_eq!(
            snippet("x = 1;\tx.foo\n", 8, 12),
            "\n\nx = 1;\tx.foo\n      \t ^^^^"
        );
        assert_eq!(snippet("\t\tab\n", 2, 4), "\n\n\t\tab\n\t\t^^");
    }
}
