//! Regexp literals, `/(?<name>..)/ =~ s` (which assigns the named groups
//! to locals) and the match variables (`$~`, `$1`, `$&`, ...). A literal
//! without interpolation is one Regexp made when the code is loaded;
//! `/a#{b}/` is joined and compiled each time:
//!
//! ```text
//! push     "a"
//! self
//! send     b      0
//! tostring
//! concat   2
//! toregexp 0
//! ```

use super::builder::MethodBuilder;
use super::Compiler;
use crate::insn::{Insn, Special};
use crate::literal::Literal;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::Node;

impl Compiler<'_, '_> {
    /// `$1`, `$2`, ...: a group of the frame's last match.
    pub(super) fn nth_ref(&mut self, m: &mut MethodBuilder, name: &str) {
        let group = name.trim_start_matches('$').parse::<u16>();
        m.emit(Insn::GetSpecial(Special::Group(group.unwrap_or(u16::MAX))));
    }

    /// `$&`, `` $` ``, `$'`, `$+`.
    pub(super) fn back_reference(&mut self, m: &mut MethodBuilder, name: &str) {
        match back_ref(name) {
            Some(special) => m.emit(Insn::GetSpecial(special)),
            None => self.unsupported(m, "this match variable"),
        }
    }

    /// A Regexp literal: one Regexp made when the code is loaded, or for
    /// `/a#{b}/` the parts joined and compiled each time (`toregexp`).
    pub(super) fn regexp(&mut self, m: &mut MethodBuilder, regexp: &Regexp) {
        let (options, once) = regexp_options(regexp.options.as_deref());
        if let Some(source) = self.regexp_source(regexp) {
            let line = self.line(&regexp.expression_l);
            m.push_literal(Literal::Regexp {
                source,
                options,
                line,
            });
            return;
        }
        if once {
            return self.unsupported(m, "the o flag of an interpolated regexp");
        }
        for part in &regexp.parts {
            match part {
                Node::Str(str) => {
                    let text = self.regexp_text(regexp, str);
                    m.push_literal(Literal::String(text));
                }
                Node::Begin(Begin { statements, .. }) => {
                    self.sequence(m, statements);
                    m.emit(Insn::ToS);
                }
                other => {
                    self.expr(m, other);
                    m.emit(Insn::ToS);
                }
            }
        }
        m.emit(Insn::Concat(regexp.parts.len() as u32));
        m.emit(Insn::ToRegexp(options));
    }

    /// The source of a Regexp literal without interpolation.
    pub(super) fn regexp_source(&self, regexp: &Regexp) -> Option<Vec<u8>> {
        let mut source = Vec::new();
        for part in &regexp.parts {
            match part {
                Node::Str(str) => source.extend(self.regexp_text(regexp, str)),
                _ => return None,
            }
        }
        Some(source)
    }

    /// A literal part of a Regexp as MRI keeps it: the text as written,
    /// with an escaped closing delimiter unescaped unless the delimiters
    /// pair (`/a\/b/` is `a/b`, `%r{a\}b}` is `a\}b`) and the control and
    /// meta escapes spelled in hex (`\cA` is `\x01`). (lib-ruby-parser's
    /// own rewriting of those escapes is not MRI's.)
    fn regexp_text(&self, regexp: &Regexp, part: &Str) -> Vec<u8> {
        let raw = &self.source.text[part.expression_l.begin..part.expression_l.end];
        let close = self.source.text[regexp.end_l.begin];
        let paired = matches!(close, b'}' | b')' | b']' | b'>');
        let mut text = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            if raw[i] != b'\\' || i + 1 == raw.len() {
                text.push(raw[i]);
                i += 1;
                continue;
            }
            if let Some((byte, length)) = control_escape(&raw[i..]) {
                text.extend_from_slice(format!("\\x{byte:02X}").as_bytes());
                i += length;
                continue;
            }
            if raw[i + 1] != close || paired {
                text.push(b'\\');
            }
            text.push(raw[i + 1]);
            i += 2;
        }
        text
    }

    /// `/(?<name>..)/ =~ value`: the match, then each named group assigned
    /// to the local of its name (all nil when it fails), as MRI does for a
    /// literal without interpolation on the left.
    ///
    /// ```text
    ///     <re>; <value>; send =~ 1; dup; branchnil FAILED
    ///     getspecial $~; push :name; send [] 1; store name   (each name)
    ///     jump END
    /// FAILED:
    ///     push nil; store name                               (each name)
    /// END:
    /// ```
    pub(super) fn match_with_lvasgn(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        re: &Node,
        value: &Node,
    ) {
        let names = match re {
            Node::Regexp(regexp) => self
                .regexp_source(regexp)
                .map(|source| named_groups(&source))
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        self.expr(m, re);
        self.expr(m, value);
        let span = self.span(node, "=~");
        self.call(m, "=~", 1, 0, span);
        if names.is_empty() {
            return;
        }
        let (failed, end) = (m.new_label(), m.new_label());
        m.emit(Insn::Dup);
        m.emit(Insn::BranchNil(failed.0 as u32));
        for name in &names {
            m.emit(Insn::GetSpecial(Special::LastMatch));
            let sym = self.sym(name);
            if !self.capture_locals.contains(&sym) {
                self.capture_locals.push(sym);
            }
            m.push_literal(Literal::Symbol(sym));
            self.call(m, "[]", 1, 0, None);
            let (_, store) = self.local_access(m, name);
            m.emit(store);
        }
        m.jump(end);
        m.bind(failed);
        for name in &names {
            m.push_literal(Literal::Nil);
            let (_, store) = self.local_access(m, name);
            m.emit(store);
        }
        m.bind(end);
    }
}

/// The match variable a back reference names (`$&`, `` $` ``, `$'`, `$+`).
pub(super) fn back_ref(name: &str) -> Option<Special> {
    Some(match name {
        "$&" => Special::Matched,
        "$`" => Special::PreMatch,
        "$'" => Special::PostMatch,
        "$+" => Special::LastGroup,
        _ => return None,
    })
}

/// The option bits of a Regexp literal's flags (Ruby's values: `i` 1, `x`
/// 2, `m` 4, an encoding 16, `n` 32) and whether it has `o`.
fn regexp_options(options: Option<&Node>) -> (u32, bool) {
    let flags = match options {
        Some(Node::RegOpt(RegOpt {
            options: Some(flags),
            ..
        })) => flags.as_str(),
        _ => "",
    };
    let mut bits = 0;
    for flag in flags.chars() {
        bits |= match flag {
            'i' => 1,
            'x' => 2,
            'm' => 4,
            'u' | 'e' | 's' => 16,
            'n' => 32,
            _ => 0,
        };
    }
    (bits, flags.contains('o'))
}

/// A control or meta escape at the start of `text` (`\cX`, `\C-X`,
/// `\M-X`, combined as `\M-\C-X`): the byte it stands for and its length.
fn control_escape(text: &[u8]) -> Option<(u8, usize)> {
    let (kind, prefix) = match text.get(..3)? {
        [b'\\', b'c', _] => (b'c', 2),
        [b'\\', b'C', b'-'] => (b'c', 3),
        [b'\\', b'M', b'-'] => (b'm', 3),
        _ => return None,
    };
    let rest = &text[prefix..];
    let (target, length) = match rest.first()? {
        b'\\' => control_escape(rest).or_else(|| {
            let escaped = *rest.get(1)?;
            Some((escaped, 2))
        })?,
        &c if c.is_ascii() => (c, 1),
        _ => return None,
    };
    let byte = match kind {
        b'c' if target == b'?' => 0x7f,
        b'c' => target & 0x9f,
        _ => target | 0x80,
    };
    Some((byte, prefix + length))
}

/// The names of a pattern's named groups that can be local variables, in
/// order, each once (what `/(?<name>..)/ =~ s` assigns).
pub(super) fn named_groups(source: &[u8]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut class_depth = 0;
    let mut i = 0;
    while i < source.len() {
        match source[i] {
            b'\\' => i += 1,
            b'[' => class_depth += 1,
            b']' if class_depth > 0 => class_depth -= 1,
            b'(' if class_depth == 0 && source[i + 1..].starts_with(b"?<") => {
                let rest = &source[i + 3..];
                if let Some(close) = rest.iter().position(|&b| b == b'>') {
                    let name = String::from_utf8_lossy(&rest[..close]).into_owned();
                    let mut chars = name.chars();
                    let local = chars
                        .next()
                        .is_some_and(|c| c == '_' || c.is_lowercase() || !c.is_ascii())
                        && chars.all(|c| c == '_' || c.is_alphanumeric());
                    if local && !names.contains(&name) {
                        names.push(name);
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_groups_that_can_be_locals() {
        assert_eq!(
            named_groups(br"(?<year>\d+)-(?<Month>\d+)(?<=x)[(?<no>]\(?<esc>(?<year>)"),
            vec!["year".to_string()]
        );
    }
}
