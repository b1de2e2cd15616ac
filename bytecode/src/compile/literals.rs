//! Literals: numbers, Strings (interpolated ones joined with `concat`),
//! Symbols, Arrays (`*x` spread into them), Hashes, Ranges and `__FILE__`,
//! `__LINE__`, `__ENCODING__`. `"a#{b}c"` becomes
//!
//! ```text
//! push     "a"
//! self
//! send     b      0
//! tostring
//! push     "c"
//! concat   3
//! ```

use super::builder::MethodBuilder;
use super::Compiler;
use crate::insn::Insn;
use crate::literal::{Literal, RangeEnd};
use crate::source_encoding::SourceEncoding;
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::{Loc, Node};
use num_bigint::BigInt;
use num_traits::Num;

impl Compiler<'_, '_> {
    /// An Integer literal (`123`, `0x1f`, `1_000`, a Bignum when large).
    pub(super) fn integer(&mut self, m: &mut MethodBuilder, value: &str) {
        match parse_integer(value) {
            Some(n) => m.push_literal(Literal::integer(n)),
            None => self.unsupported(m, "this integer literal"),
        }
    }

    /// A Float literal.
    pub(super) fn float(&mut self, m: &mut MethodBuilder, value: &str) {
        match value.replace('_', "").parse::<f64>() {
            Ok(f) => m.push_literal(Literal::Float(f)),
            Err(_) => self.unsupported(m, "this float literal"),
        }
    }

    /// The literal a `when` pattern is, if `casedispatch` may look it up:
    /// an Integer, a Float, a Symbol, a String in the file's encoding
    /// without interpolation, nil, true or false.
    pub(super) fn dispatch_literal(&mut self, pattern: &Node) -> Option<Literal> {
        match pattern {
            Node::Nil(_) => Some(Literal::Nil),
            Node::True(_) => Some(Literal::True),
            Node::False(_) => Some(Literal::False),
            Node::Int(Int { value, .. }) => parse_integer(value).map(Literal::integer),
            Node::Float(Float { value, .. }) => value
                .replace('_', "")
                .parse::<f64>()
                .ok()
                .map(Literal::Float),
            Node::Sym(symbol) => Some(Literal::Symbol(self.sym(&symbol.name.to_string_lossy()))),
            Node::Str(str) if self.literal_encoding(str).is_none() => {
                Some(Literal::String(str.value.as_raw().clone()))
            }
            _ => None,
        }
    }

    /// `:name`.
    pub(super) fn symbol(&mut self, m: &mut MethodBuilder, symbol: &lib_ruby_parser::nodes::Sym) {
        let sym = self.sym(&symbol.name.to_string_lossy());
        m.push_literal(Literal::Symbol(sym));
    }

    /// `:"a#{b}"`: the String, then `to_sym`.
    pub(super) fn dynamic_symbol(&mut self, m: &mut MethodBuilder, parts: &[Node]) {
        self.interpolation(m, parts);
        self.call(m, "to_sym", 0, 0, None);
    }

    /// `__FILE__`.
    pub(super) fn file(&mut self, m: &mut MethodBuilder) {
        let file = self.source.file.as_bytes().to_vec();
        m.push_literal(Literal::String(file));
    }

    /// `__LINE__`.
    pub(super) fn line_literal(&mut self, m: &mut MethodBuilder, expression_l: &Loc) {
        let line = self.line(expression_l);
        m.push_literal(Literal::Fixnum(line as i64));
    }

    /// A String literal without interpolation: a new String each time, or
    /// under `# frozen_string_literal: true` the same frozen one.
    pub(super) fn string_literal(&mut self, m: &mut MethodBuilder, str: &Str) {
        let bytes = str.value.as_raw().clone();
        let literal = if self.frozen_string_literals {
            Literal::FrozenString(bytes)
        } else {
            Literal::String(bytes)
        };
        self.push_string(m, literal, str);
    }

    /// Pushes String `literal` of `str`, noting its encoding when that is
    /// not the file's.
    fn push_string(&mut self, m: &mut MethodBuilder, literal: Literal, str: &Str) {
        let encoding = self.literal_encoding(str);
        // Literals of the same bytes share an index only in the same
        // encoding.
        let override_of = |m: &MethodBuilder, index: usize| {
            m.literal_encodings
                .iter()
                .find(|&&(i, _)| i as usize == index)
                .map(|&(_, encoding)| encoding)
        };
        let found = m.find_literal(&literal, |index| override_of(m, index as usize) == encoding);
        let index = match found {
            Some(index) => index,
            None => {
                let index = m.add_literal(literal);
                if let Some(encoding) = encoding {
                    m.literal_encodings.push((index, encoding));
                }
                index
            }
        };
        m.emit(Insn::Push(index));
    }

    /// The encoding of a String literal that is not its file's, as MRI's
    /// lexer decides it: in a US-ASCII or binary file, a literal holding
    /// bytes past ASCII is UTF-8 when a `\u` escape made them, and in a
    /// US-ASCII file ASCII-8BIT otherwise (`"\xFF"`).
    fn literal_encoding(&self, str: &Str) -> Option<SourceEncoding> {
        let file = self.source.encoding;
        if file == SourceEncoding::Utf8 || str.value.as_raw().is_ascii() {
            return None;
        }
        let written = self
            .source
            .text
            .get(str.expression_l.begin..str.expression_l.end)?;
        if written.windows(2).any(|pair| pair == b"\\u") {
            Some(SourceEncoding::Utf8)
        } else if file == SourceEncoding::UsAscii {
            Some(SourceEncoding::Binary)
        } else {
            None
        }
    }

    /// `"a#{b}c"`: each part pushed as a String, then joined.
    pub(super) fn interpolation(&mut self, m: &mut MethodBuilder, parts: &[Node]) {
        if let [Node::Str(str)] = parts {
            return self.string_literal(m, str);
        }
        for part in parts {
            match part {
                Node::Str(str) => {
                    let literal = Literal::String(str.value.as_raw().clone());
                    self.push_string(m, literal, str);
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
        m.emit(Insn::Concat(parts.len() as u32));
    }

    /// `{k => v, key: v, **other}` (and keyword arguments): a Hash built in
    /// order; `**other` merges.
    pub(super) fn hash_literal(&mut self, m: &mut MethodBuilder, pairs: &[Node]) {
        let leading = pairs
            .iter()
            .take_while(|p| matches!(p, Node::Pair(_)))
            .count();
        for pair in &pairs[..leading] {
            if let Node::Pair(Pair { key, value, .. }) = pair {
                self.expr(m, key);
                self.expr(m, value);
            }
        }
        m.emit(Insn::NewHash(leading as u32));
        for element in &pairs[leading..] {
            match element {
                Node::Pair(Pair { key, value, .. }) => {
                    self.expr(m, key);
                    self.expr(m, value);
                    m.emit(Insn::NewHash(1));
                }
                Node::Kwsplat(Kwsplat { value, .. }) => self.expr(m, value),
                other => self.expr(m, other),
            }
            self.call(m, "merge", 1, 0, None);
        }
    }

    /// An Array of `elements`, spreading `*x` ones: `array 0` then
    /// `append`/`concatarray` per element (with no splat, the elements
    /// then `array n`).
    pub(super) fn splat_array(&mut self, m: &mut MethodBuilder, elements: &[Node]) {
        if !elements.iter().any(|e| matches!(e, Node::Splat(_))) {
            for element in elements {
                self.expr(m, element);
            }
            m.emit(Insn::NewArray(elements.len() as u32));
            return;
        }
        m.emit(Insn::NewArray(0));
        for element in elements {
            match element {
                Node::Splat(Splat {
                    value: Some(value), ..
                }) => {
                    self.expr(m, value);
                    m.emit(Insn::ArrayConcat);
                }
                other => {
                    self.expr(m, other);
                    m.emit(Insn::ArrayAppend);
                }
            }
        }
    }

    /// `a..b`, `a...b`, `a..` and `..b`: a literal when both ends are
    /// Integer literals or nil, or both String literals in one encoding.
    pub(super) fn range(
        &mut self,
        m: &mut MethodBuilder,
        left: Option<&Node>,
        right: Option<&Node>,
        exclusive: bool,
    ) {
        if let (Some(first), Some(last)) = (literal_range_end(left), literal_range_end(right)) {
            m.push_literal(Literal::Range {
                first,
                last,
                exclusive,
            });
            return;
        }
        if let (Some(Node::Str(first)), Some(Node::Str(last))) = (left, right) {
            if self.literal_encoding(first) == self.literal_encoding(last) {
                let bytes = |str: &Str| RangeEnd::String(str.value.as_raw().clone());
                let literal = Literal::Range {
                    first: bytes(first),
                    last: bytes(last),
                    exclusive,
                };
                self.push_string(m, literal, first);
                return;
            }
        }
        self.expr_or_nil(m, left);
        self.expr_or_nil(m, right);
        m.emit(Insn::NewRange { exclusive });
    }
}

/// A Range literal's end when it is an Integer literal or nil, written or
/// left out; None for anything else.
fn literal_range_end(end: Option<&Node>) -> Option<RangeEnd> {
    match end {
        None | Some(Node::Nil(_)) => Some(RangeEnd::Nil),
        Some(Node::Int(lib_ruby_parser::nodes::Int { value, .. })) => {
            Some(RangeEnd::Integer(parse_integer(value)?))
        }
        _ => None,
    }
}

/// Parses an Integer literal's text: `123`, `-5`, `1_000`, `0x1f`, `0b101`,
/// `0o17`, `017`, `0d99`.
fn parse_integer(text: &str) -> Option<BigInt> {
    let text = text.replace('_', "");
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(&text)),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0d") {
        (10, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    let value = BigInt::from_str_radix(body, radix).ok()?;
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literals_in_every_base() {
        assert_eq!(parse_integer("1_000"), Some(BigInt::from(1000)));
        assert_eq!(parse_integer("0x1F"), Some(BigInt::from(31)));
        assert_eq!(parse_integer("0b101"), Some(BigInt::from(5)));
        assert_eq!(parse_integer("0o17"), Some(BigInt::from(15)));
        assert_eq!(parse_integer("017"), Some(BigInt::from(15)));
        assert_eq!(parse_integer("-42"), Some(BigInt::from(-42)));
        assert_eq!(parse_integer("0"), Some(BigInt::from(0)));
    }
}
