//! Literal values embedded in bytecode.
//!
//! The bytecode crate has no runtime, so a literal is plain data; the runtime
//! turns each into a `Value` when it loads a method (interning nothing: a
//! Symbol literal already carries its [`Sym`]).

use crate::symbols::{Sym, SymbolTable};
use num_bigint::BigInt;
use serde::{Deserialize, Serialize};

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Literal {
    Nil,
    True,
    False,
    /// An Integer in the fixnum range (62 bits and sign).
    Fixnum(i64),
    /// An Integer outside the fixnum range.
    Bignum(BigInt),
    Float(f64),
    /// String bytes (UTF-8 unless the source says otherwise): each `push`
    /// makes a new String.
    String(Vec<u8>),
    /// A String literal under `# frozen_string_literal: true`: one frozen
    /// String, the same object at every `push`.
    FrozenString(Vec<u8>),
    Symbol(Sym),
    /// `__ENCODING__`: the `Encoding` of the method's source file
    /// ([`crate::Method::encoding`]).
    SourceEncoding,
    /// The class Object: the scope of `::Foo`, whatever a lexical scope
    /// calls `Object`.
    ObjectClass,
    /// A Regexp literal without interpolation (`/a+/i`): its source as
    /// written, its option bits (Ruby's: 1 `i`, 2 `x`, 4 `m`, 16 `u`, 32
    /// `n`) and the line it is on (MRI reports an invalid pattern there
    /// before running anything). One Regexp, the same object at every
    /// `push`.
    Regexp {
        source: Vec<u8>,
        options: u32,
        line: u32,
    },
    /// A Range literal whose ends are Integer literals or nil (`0..4`,
    /// `1...`, `..-1`), or both String literals (`"a".."z"`, its Strings
    /// frozen, in the literal's encoding): one frozen Range, the same
    /// object at every `push`, as MRI's `putobject` of such a Range.
    Range {
        first: RangeEnd,
        last: RangeEnd,
        exclusive: bool,
    },
}

/// An end of a [`Literal::Range`].
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum RangeEnd {
    Nil,
    Integer(BigInt),
    String(Vec<u8>),
}

/// The smallest and largest Integers that are fixnums: `n << 1 | 1` must fit
/// a signed 64-bit word.
pub const FIXNUM_MIN: i64 = -(1 << 62);
pub const FIXNUM_MAX: i64 = (1 << 62) - 1;

impl Literal {
    /// An Integer literal, as a fixnum when it fits.
    pub fn integer(value: BigInt) -> Literal {
        match i64::try_from(&value) {
            Ok(n) if (FIXNUM_MIN..=FIXNUM_MAX).contains(&n) => Literal::Fixnum(n),
            _ => Literal::Bignum(value),
        }
    }

    /// How the disassembler prints the literal (close to Ruby's `inspect`).
    pub fn display(&self, symbols: &SymbolTable) -> String {
        match self {
            Literal::Nil => "nil".into(),
            Literal::True => "true".into(),
            Literal::False => "false".into(),
            Literal::Fixnum(n) => n.to_string(),
            Literal::Bignum(n) => n.to_string(),
            Literal::Float(f) => format!("{f:?}"),
            Literal::String(bytes) => format!("{:?}", String::from_utf8_lossy(bytes)),
            Literal::FrozenString(bytes) => {
                format!("frozen {:?}", String::from_utf8_lossy(bytes))
            }
            Literal::Symbol(sym) => format!(":{}", symbols.name(*sym)),
            Literal::ObjectClass => "Object".into(),
            Literal::SourceEncoding => "__ENCODING__".into(),
            Literal::Regexp {
                source, options, ..
            } => {
                let flags: String = [(4, 'm'), (1, 'i'), (2, 'x')]
                    .iter()
                    .filter(|(bit, _)| options & bit != 0)
                    .map(|(_, c)| *c)
                    .collect();
                format!("/{}/{flags}", String::from_utf8_lossy(source))
            }
            Literal::Range {
                first,
                last,
                exclusive,
            } => {
                let end = |end: &RangeEnd| match end {
                    RangeEnd::Nil => String::new(),
                    RangeEnd::Integer(n) => n.to_string(),
                    RangeEnd::String(bytes) => format!("{:?}", String::from_utf8_lossy(bytes)),
                };
                let dots = if *exclusive { "..." } else { ".." };
                format!("{}{dots}{}", end(first), end(last))
            }
        }
    }
}
