//! The encoding every String carries: its tag, and what it means for the
//! String's characters. The Ruby side (the `Encoding` class, its errors)
//! is the core library's (`crate::core::encoding`).
//!
//! A String is bytes plus an [`Encoding`], kept in one byte of its cell's
//! header (`Header::aux`), so tagging costs no memory and no allocation:
//!
//! ```text
//! "héllo".b      -> bytes 68 c3 a9 6c 6c 6f, tag Binary (1)
//! compatible(String(Utf8, "é"), String(Binary, "abc")) -> Some(Utf8)
//! compatible(String(Utf8, "é"), String(Binary, "\xff")) -> None
//! ```

/// A String's encoding (its tag is the discriminant).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub enum Encoding {
    Utf8 = 0,
    Binary = 1,
    UsAscii = 2,
}

impl Encoding {
    /// Every encoding, in the order of their tags (MRI lists ASCII-8BIT,
    /// UTF-8, US-ASCII first: [`Encoding::LISTED`]).
    pub const ALL: [Encoding; 3] = [Encoding::Utf8, Encoding::Binary, Encoding::UsAscii];
    /// The order of `Encoding.list` and `name_list` (MRI's indexes).
    pub const LISTED: [Encoding; 3] = [Encoding::Binary, Encoding::Utf8, Encoding::UsAscii];

    /// The encoding of a tag.
    #[inline]
    pub fn from_tag(tag: u8) -> Encoding {
        match tag {
            1 => Encoding::Binary,
            2 => Encoding::UsAscii,
            _ => Encoding::Utf8,
        }
    }

    /// MRI's name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Binary => "ASCII-8BIT",
            Encoding::UsAscii => "US-ASCII",
        }
    }

    /// `Encoding#names`: the name and the aliases, as MRI lists them.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Encoding::Utf8 => &["UTF-8", "CP65001", "locale", "external", "filesystem"],
            Encoding::Binary => &["ASCII-8BIT", "BINARY"],
            Encoding::UsAscii => &["US-ASCII", "ASCII", "ANSI_X3.4-1968", "646"],
        }
    }

    /// The encoding a name or alias names, any case (`Encoding.find`).
    pub fn find(name: &str) -> Option<Encoding> {
        Encoding::ALL.into_iter().find(|encoding| {
            encoding
                .names()
                .iter()
                .any(|known| known.eq_ignore_ascii_case(name))
        })
    }

    /// Whether every byte is one character (character and byte indexes
    /// agree).
    #[inline]
    pub fn is_single_byte(self) -> bool {
        self != Encoding::Utf8
    }

    /// The length in bytes of the character `bytes` starts with (not
    /// empty): in UTF-8 a valid sequence or one byte, else one byte.
    #[inline]
    pub fn char_len(self, bytes: &[u8]) -> usize {
        match self {
            Encoding::Utf8 => utf8_char_len(bytes),
            Encoding::Binary | Encoding::UsAscii => 1,
        }
    }

    /// How many characters `bytes` holds.
    pub fn char_count(self, bytes: &[u8]) -> usize {
        match self {
            Encoding::Utf8 => utf8_char_count(bytes),
            Encoding::Binary | Encoding::UsAscii => bytes.len(),
        }
    }

    /// `valid_encoding?` of `bytes`.
    pub fn is_valid(self, bytes: &[u8]) -> bool {
        match self {
            Encoding::Utf8 => std::str::from_utf8(bytes).is_ok(),
            Encoding::Binary => true,
            Encoding::UsAscii => bytes.is_ascii(),
        }
    }
}

impl From<bytecode::SourceEncoding> for Encoding {
    fn from(source: bytecode::SourceEncoding) -> Encoding {
        match source {
            bytecode::SourceEncoding::Utf8 => Encoding::Utf8,
            bytecode::SourceEncoding::UsAscii => Encoding::UsAscii,
            bytecode::SourceEncoding::Binary => Encoding::Binary,
        }
    }
}

/// One side of [`compatible`]: a String's encoding and bytes, or an
/// `Encoding` on its own.
#[derive(Clone, Copy)]
pub enum Operand<'a> {
    String(Encoding, &'a [u8]),
    Encoding(Encoding),
}

impl Operand<'_> {
    fn encoding(self) -> Encoding {
        match self {
            Operand::String(encoding, _) | Operand::Encoding(encoding) => encoding,
        }
    }
}

/// The encoding of `a` and `b` joined (MRI's `rb_enc_compatible`), or
/// None when they cannot be: both hold non-ASCII bytes in different
/// encodings. Every encoding rhizome knows is ASCII-compatible, which
/// drops MRI's tests for the others.
pub fn compatible(a: Operand, b: Operand) -> Option<Encoding> {
    let (first, second) = (a.encoding(), b.encoding());
    if first == second {
        return Some(first);
    }
    match (a, b) {
        (_, Operand::String(_, [])) => Some(first),
        (Operand::String(_, []), Operand::String(_, bytes)) => {
            Some(if bytes.is_ascii() { first } else { second })
        }
        (_, Operand::Encoding(Encoding::UsAscii)) => Some(first),
        (Operand::Encoding(Encoding::UsAscii), _) => Some(second),
        (Operand::String(_, first_bytes), Operand::String(_, bytes)) => {
            if bytes.is_ascii() {
                Some(first)
            } else if first_bytes.is_ascii() {
                Some(second)
            } else {
                None
            }
        }
        (Operand::String(_, bytes), Operand::Encoding(_)) => bytes.is_ascii().then_some(second),
        (Operand::Encoding(_), Operand::String(_, bytes)) => bytes.is_ascii().then_some(first),
        (Operand::Encoding(_), Operand::Encoding(_)) => None,
    }
}

/// The length in bytes of the character `bytes` starts with in UTF-8: a
/// valid UTF-8 sequence, or one byte.
pub fn utf8_char_len(bytes: &[u8]) -> usize {
    let len = match bytes[0] {
        0x00..=0x7f => return 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return 1,
    };
    match bytes.get(..len) {
        Some(sequence) if std::str::from_utf8(sequence).is_ok() => len,
        _ => 1,
    }
}

/// The characters of `bytes` in `encoding`, each as its bytes.
pub fn chars_of(encoding: Encoding, bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let mut rest = bytes;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (char, tail) = rest.split_at(encoding.char_len(rest));
        rest = tail;
        Some(char)
    })
}

/// Characters in UTF-8 bytes (an invalid byte counts as one character).
pub fn utf8_char_count(bytes: &[u8]) -> usize {
    if bytes.is_ascii() {
        return bytes.len();
    }
    chars_of(Encoding::Utf8, bytes).count()
}
