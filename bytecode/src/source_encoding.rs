//! The encoding a source file is written in, and the bytes it may hold.
//!
//! A file is UTF-8 unless a magic comment on its first lines names
//! another encoding. rhizome reads the encodings MRI programs declare for
//! byte-oriented code, US-ASCII and ASCII-8BIT (`binary`), besides UTF-8:
//!
//! ```ruby
//! # -*- coding: us-ascii -*-
//! # encoding: binary
//! ```
//!
//! Outside comments and the data after `__END__`, every byte must belong
//! to the file's encoding, as MRI's lexer demands: a string literal with a
//! raw `\xFF` byte in a UTF-8 file is a syntax error (an escape, `"\xFF"`,
//! is not):
//!
//! ```text
//! t.rb:2: invalid multibyte char (UTF-8)
//! ```

use crate::syntax_error::SyntaxError;
use lib_ruby_parser::source::{Decoder, DecoderResult, InputError, MagicCommentKind};
use lib_ruby_parser::ParserResult;

/// The source encodings rhizome reads (a file's String literals and
/// `__ENCODING__` are in its encoding).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, serde::Serialize, serde::Deserialize)]
pub enum SourceEncoding {
    #[default]
    Utf8,
    UsAscii,
    Binary,
}

impl SourceEncoding {
    /// The encoding a magic comment's value names (MRI's names and
    /// aliases, any case).
    fn named(name: &str) -> Option<SourceEncoding> {
        match name.to_ascii_lowercase().as_str() {
            "utf-8" | "utf8" => Some(SourceEncoding::Utf8),
            "us-ascii" | "ascii" | "ansi_x3.4-1968" | "646" => Some(SourceEncoding::UsAscii),
            "ascii-8bit" | "binary" => Some(SourceEncoding::Binary),
            _ => None,
        }
    }

    /// MRI's name, as error messages give it.
    fn name(self) -> &'static str {
        match self {
            SourceEncoding::Utf8 => "UTF-8",
            SourceEncoding::UsAscii => "US-ASCII",
            SourceEncoding::Binary => "ASCII-8BIT",
        }
    }

    /// Where the first byte that no character of this encoding holds is
    /// in `bytes`, if any.
    fn first_invalid(self, bytes: &[u8]) -> Option<usize> {
        match self {
            SourceEncoding::Utf8 => std::str::from_utf8(bytes).err().map(|e| e.valid_up_to()),
            SourceEncoding::UsAscii => bytes.iter().position(|&b| b >= 0x80),
            SourceEncoding::Binary => None,
        }
    }
}

/// The decoder the parser calls when a magic comment names an encoding:
/// the encodings rhizome reads are all ASCII-compatible, so the parser
/// reads the bytes as they are; any other is refused.
pub fn decoder() -> Decoder {
    Decoder::new(Box::new(
        |name: String, input: Vec<u8>| match SourceEncoding::named(&name) {
            Some(_) => DecoderResult::Ok(input),
            None => DecoderResult::Err(InputError::UnsupportedEncoding(name)),
        },
    ))
}

/// Encodings MRI reads source in that rhizome does not (their names in
/// lower case, without `-` and `_`): a magic comment naming one is
/// NotImplementedError, any other unknown name MRI's ArgumentError.
const OTHER_MRI_ENCODINGS: &[&str] = &[
    "shiftjis",
    "sjis",
    "cp932",
    "windows31j",
    "eucjp",
    "cp51932",
    "eucjpms",
    "iso2022jp",
    "euckr",
    "euctw",
    "big5",
    "gb2312",
    "gbk",
    "gb18030",
    "cp936",
    "cp949",
    "cp950",
    "koi8r",
    "koi8u",
    "ibm437",
    "ibm866",
    "macroman",
    "tis620",
    "emacsmule",
    "utf16",
    "utf16le",
    "utf16be",
    "utf32",
    "utf32le",
    "utf32be",
    "utf7",
];

/// Whether MRI knows an encoding of this name that rhizome does not (the
/// compiler's magic comments and the runtime's `Encoding.find` ask).
pub fn known_to_mri(name: &str) -> bool {
    let key: String = name
        .chars()
        .filter(|c| !matches!(c, '-' | '_'))
        .collect::<String>()
        .to_ascii_lowercase();
    OTHER_MRI_ENCODINGS.contains(&key.as_str())
        || key.starts_with("iso8859")
        || key.starts_with("windows")
        || key.starts_with("cp12")
}

/// The report of a magic comment naming an encoding rhizome does not read
/// (`name`, on `line`).
pub fn unsupported(name: &str, line: u32, file: &str) -> SyntaxError {
    let known = known_to_mri(name);
    let report = if known {
        format!("{file}:{line}: source encoding {name} is not supported by rhizome (NotImplementedError)")
    } else {
        format!("{file}:{line}: unknown encoding name: {name} (ArgumentError)")
    };
    SyntaxError { line, report }
}

/// The encoding `text`'s magic comment names (UTF-8 without one).
pub fn of_file(result: &ParserResult, text: &[u8]) -> SourceEncoding {
    result
        .magic_comments
        .iter()
        .rfind(|comment| comment.kind == MagicCommentKind::Encoding)
        .and_then(|comment| {
            let value = text.get(comment.value_l.begin..comment.value_l.end)?;
            SourceEncoding::named(&String::from_utf8_lossy(value))
        })
        .unwrap_or(SourceEncoding::Utf8)
}

/// The syntax error of the first byte of `text` outside comments and
/// `__END__` data that its encoding does not allow, and where that byte
/// is.
pub fn check(result: &ParserResult, text: &[u8], file: &str) -> Option<(usize, SyntaxError)> {
    let encoding = of_file(result, text);
    // The cheap answer for the common case: a valid file.
    encoding.first_invalid(text)?;
    let end = data_start(text).unwrap_or(text.len());
    let mut comments: Vec<(usize, usize)> = result
        .comments
        .iter()
        .map(|comment| (comment.location.begin, comment.location.end))
        .collect();
    comments.sort_unstable();
    let mut at = 0;
    for &(begin, finish) in comments.iter().chain(std::iter::once(&(end, end))) {
        let begin = begin.clamp(at, end);
        if let Some(offset) = encoding.first_invalid(&text[at..begin]) {
            let line = 1 + text[..at + offset].iter().filter(|&&b| b == b'\n').count();
            let report = format!(
                "{file}:{line}: invalid multibyte char ({})",
                encoding.name()
            );
            let error = SyntaxError {
                line: line as u32,
                report,
            };
            return Some((at + offset, error));
        }
        at = finish.clamp(at, end);
    }
    None
}

/// Where the data after an `__END__` line starts (the line itself
/// included), if the file has one.
fn data_start(text: &[u8]) -> Option<usize> {
    let mut start = 0;
    for line in text.split(|&b| b == b'\n') {
        let content = line.strip_suffix(b"\r").unwrap_or(line);
        if content == b"__END__" {
            return Some(start);
        }
        start += line.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use lib_ruby_parser::{Parser, ParserOptions};

    fn error_of(text: &[u8]) -> Option<String> {
        let options = ParserOptions {
            decoder: Some(decoder()),
            ..Default::default()
        };
        let result = Parser::new(text.to_vec(), options).do_parse();
        check(&result, text, "t.rb").map(|(_, error)| error.report)
    }

    #[test]
    fn raw_bytes_in_code_are_refused_by_the_encoding() {
        assert_eq!(
            error_of(b"p 1\np \"a\xffb\"\n").as_deref(),
            Some("t.rb:2: invalid multibyte char (UTF-8)")
        );
        assert_eq!(
            error_of(b"# -*- coding: us-ascii -*-\np \"\xc3\xa9\"\n").as_deref(),
            Some("t.rb:2: invalid multibyte char (US-ASCII)")
        );
        assert_eq!(error_of(b"# encoding: binary\np \"\xff\"\n"), None);
    }

    #[test]
    fn comments_escapes_and_data_may_hold_any_byte() {
        assert_eq!(
            error_of(b"# \xff\np \"\\xff\" # \xfe\n=begin\n\xff\n=end\n"),
            None
        );
        assert_eq!(error_of(b"p 1\n__END__\n\xff\n"), None);
    }

    #[test]
    fn other_encodings_are_named_as_mri_or_rhizome_refuses_them() {
        assert_eq!(
            unsupported("Shift_JIS", 1, "t.rb").report,
            "t.rb:1: source encoding Shift_JIS is not supported by rhizome (NotImplementedError)"
        );
        assert_eq!(
            unsupported("nonsense", 2, "t.rb").report,
            "t.rb:2: unknown encoding name: nonsense (ArgumentError)"
        );
    }
}
