//! The String methods about encodings: `encoding`, `force_encoding`, `b`,
//! `encode`, `encode!`, `scrub` and `scrub!`.
//!
//! `force_encoding` and `b` retag the bytes; `encode` converts them. Between
//! the encodings rhizome knows (UTF-8, ASCII-8BIT, US-ASCII) a conversion
//! copies ASCII and fails on anything else, as MRI's transcoders do, with
//! their messages:
//! - a byte sequence the source encoding does not hold is
//!   `InvalidByteSequenceError` (`"\xFF" on UTF-8`, `"\xE3" followed by
//!   "a" on UTF-8`, `incomplete "\xE3\x81" on UTF-8`);
//! - a valid character the destination has no place for is
//!   `UndefinedConversionError` (`U+00E9 from UTF-8 to US-ASCII`,
//!   `"\xFF" from ASCII-8BIT to UTF-8`; from ASCII-8BIT to US-ASCII MRI
//!   goes through UTF-8 and says so).
//!
//! `invalid: :replace` and `undef: :replace` put `replace:` (default `?`,
//! or U+FFFD into UTF-8) in place of each such sequence instead, and
//! `universal_newline:`, `crlf_newline:`, `cr_newline:` (or `newline:`)
//! convert line ends afterwards.

use super::{copy_of, encoding_of, new_string_in, set_bytes, string_of};
use crate::core::encoding::expect_encoding;
use crate::core::public;
use crate::encoding::Encoding;
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("encoding", 0, Some(0), string_encoding),
            public("force_encoding", 1, Some(1), string_force_encoding),
            public("b", 0, Some(0), string_b),
            public("encode", 0, None, string_encode),
            public("encode!", 0, None, string_encode_bang),
            public("scrub", 0, Some(1), string_scrub),
        ],
    );
    vm.define_native(string, "scrub!", 0, Some(1), string_scrub_bang);
}

/// `encoding`.
fn string_encoding(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(crate::core::encoding::object(vm, encoding_of(s)))
}

/// `force_encoding`.
fn string_force_encoding(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let encoding = expect_encoding(vm, args[0])?;
    vm.check_frozen(s)?;
    string_of(s).set_encoding(encoding);
    Ok(s)
}

/// `b`.
fn string_b(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = copy_of(s);
    let copy = vm.new_string(bytes);
    string_of(copy).set_encoding(Encoding::Binary);
    Ok(copy)
}

/// `encode`.
fn string_encode(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let (bytes, encoding) = encode(vm, s, args)?;
    Ok(new_string_in(vm, &bytes, encoding))
}

/// `encode!`.
fn string_encode_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let (bytes, encoding) = encode(vm, s, args)?;
    vm.check_frozen(s)?;
    set_bytes(vm, s, bytes);
    string_of(s).set_encoding(encoding);
    Ok(s)
}

/// `scrub`.
fn string_scrub(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let bytes = scrub(vm, s, args.first().copied())?;
    let encoding = encoding_of(s);
    Ok(new_string_in(vm, &bytes, encoding))
}

/// `scrub!`.
fn string_scrub_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let bytes = scrub(vm, s, args.first().copied())?;
    set_bytes(vm, s, bytes);
    Ok(s)
}

/// What `encode` does with a sequence it cannot convert.
struct Policy {
    replace_invalid: bool,
    replace_undefined: bool,
    /// The replacement (None: the destination's default), and its
    /// encoding.
    replacement: Option<Vec<u8>>,
    replacement_encoding: Encoding,
    /// The newline conversion asked for (`universal_newline: true`,
    /// `crlf_newline: true`, `cr_newline: true` or `newline:`).
    newline: Option<Newline>,
}

/// A newline conversion of `encode`.
#[derive(Clone, Copy)]
enum Newline {
    /// `\r\n` and `\r` become `\n`.
    Universal,
    /// `\n` becomes `\r\n`.
    Crlf,
    /// `\n` becomes `\r`.
    Cr,
}

impl Newline {
    fn convert(self, bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            match (self, bytes[i]) {
                (Newline::Universal, b'\r') => {
                    out.push(b'\n');
                    if bytes.get(i + 1) == Some(&b'\n') {
                        i += 1;
                    }
                }
                (Newline::Crlf, b'\n') => out.extend_from_slice(b"\r\n"),
                (Newline::Cr, b'\n') => out.push(b'\r'),
                (_, byte) => out.push(byte),
            }
            i += 1;
        }
        out
    }
}

/// `encode(to = default_internal, from = self.encoding, **options)`: the
/// converted bytes and their encoding, newlines converted as asked.
fn encode(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult<(Vec<u8>, Encoding)> {
    let mut newline = None;
    let (bytes, encoding) = convert(vm, s, args, &mut newline)?;
    Ok(match newline {
        Some(newline) => (newline.convert(&bytes), encoding),
        None => (bytes, encoding),
    })
}

/// [`encode`] before the newline conversion, which it reports in
/// `newline`.
fn convert(
    vm: &mut Vm,
    s: Value,
    args: &[Value],
    newline: &mut Option<Newline>,
) -> VmResult<(Vec<u8>, Encoding)> {
    let (positional, options) = if vm.called_with_keywords() {
        (&args[..args.len() - 1], args.last().copied())
    } else {
        (args, None)
    };
    if positional.len() > 2 {
        return Err(vm.arity_error(positional.len(), 0, Some(2)));
    }
    let policy = policy(vm, options)?;
    *newline = policy.newline;
    let from = match positional.get(1) {
        Some(&from) => converter_encoding(vm, from, None)?,
        None => encoding_of(s),
    };
    let to = match positional.first() {
        Some(&to) => converter_encoding(vm, to, Some(from))?,
        // No default_internal: a copy, unconverted.
        None => return Ok((copy_of(s), encoding_of(s))),
    };
    let bytes = copy_of(s);
    if from == to {
        // Nothing to convert; MRI still replaces invalid bytes when asked.
        if policy.replace_invalid && to == Encoding::Utf8 {
            let replacement = policy.replacement.unwrap_or_else(|| "\u{fffd}".into());
            return Ok((replace_invalid_utf8(&bytes, |_| replacement.clone()), to));
        }
        return Ok((bytes, to));
    }
    if let Some(replacement) = &policy.replacement {
        // MRI converts the replacement to the destination first.
        if !replacement.is_ascii() && policy.replacement_encoding != to {
            let class = converter_not_found(vm);
            let message = format!(
                "code converter not found ({} to {})",
                policy.replacement_encoding.name(),
                to.name()
            );
            return Err(vm.raise(class, message));
        }
    }
    match transcode(&bytes, from, to, &policy) {
        Ok(converted) => Ok((converted, to)),
        Err(failure) => Err(failure.raise(vm, from, to)),
    }
}

/// The `invalid:`, `undef:` and `replace:` options.
fn policy(vm: &mut Vm, options: Option<Value>) -> VmResult<Policy> {
    let mut policy = Policy {
        replace_invalid: false,
        replace_undefined: false,
        replacement: None,
        replacement_encoding: Encoding::Utf8,
        newline: None,
    };
    let Some(options) = options else {
        return Ok(policy);
    };
    let replace = Value::symbol(vm.symbols.intern("replace"));
    for (key, flag, what) in [
        ("invalid", 0, "invalid character"),
        ("undef", 1, "undefined conversion"),
    ] {
        let key = Value::symbol(vm.symbols.intern(key));
        match vm.hash_lookup(options, key)? {
            None | Some(Value::NIL) => {}
            Some(value) if value == replace => {
                if flag == 0 {
                    policy.replace_invalid = true;
                } else {
                    policy.replace_undefined = true;
                }
            }
            Some(_) => return Err(vm.argument_error(format!("unknown value for {what} option"))),
        }
    }
    if let Some(text) = vm.hash_lookup(options, replace)? {
        let text = super::expect_string_value(vm, text)?;
        policy.replacement = Some(copy_of(text));
        policy.replacement_encoding = encoding_of(text);
    }
    for (key, newline) in [
        ("universal_newline", Newline::Universal),
        ("crlf_newline", Newline::Crlf),
        ("cr_newline", Newline::Cr),
    ] {
        let key = Value::symbol(vm.symbols.intern(key));
        if vm
            .hash_lookup(options, key)?
            .is_some_and(|value| value.truthy())
        {
            policy.newline = Some(newline);
        }
    }
    let key = Value::symbol(vm.symbols.intern("newline"));
    if let Some(value) = vm.hash_lookup(options, key)? {
        let name = value
            .as_symbol()
            .map(|sym| vm.symbols.name(sym).to_string());
        policy.newline = match name.as_deref() {
            Some("universal") => Some(Newline::Universal),
            Some("crlf") => Some(Newline::Crlf),
            Some("cr") => Some(Newline::Cr),
            _ => policy.newline,
        };
    }
    for unsupported in ["fallback", "xml"] {
        let key = Value::symbol(vm.symbols.intern(unsupported));
        if vm.hash_lookup(options, key)?.is_some() {
            let class = vm.c.not_implemented_error;
            let message =
                format!("String#encode option {unsupported}: is not supported by rhizome");
            return Err(vm.raise(class, message));
        }
    }
    Ok(policy)
}

/// An encoding argument of `encode`: an Encoding or a name; a name MRI
/// has no converter for is `ConverterNotFoundError` (naming the source,
/// `from`, when it is the destination).
fn converter_encoding(vm: &mut Vm, value: Value, from: Option<Encoding>) -> VmResult<Encoding> {
    if crate::core::encoding::of_object(vm, value).is_some() {
        return expect_encoding(vm, value);
    }
    let name = super::expect_string(vm, value)?;
    let name = String::from_utf8_lossy(&name).into_owned();
    if let Some(encoding) = Encoding::find(&name) {
        return Ok(encoding);
    }
    if crate::core::encoding::known_to_mri(&name) {
        // Known to MRI but not to rhizome: NotImplementedError.
        return expect_encoding(vm, value);
    }
    let source = from.map_or("UTF-8", Encoding::name);
    let class = converter_not_found(vm);
    Err(vm.raise(
        class,
        format!("code converter not found ({source} to {name})"),
    ))
}

/// `Encoding::ConverterNotFoundError`.
fn converter_not_found(vm: &mut Vm) -> Value {
    let name = vm.symbols.intern("ConverterNotFoundError");
    vm.constant(vm.c.encoding, name)
        .expect("Encoding::ConverterNotFoundError is defined at start")
}

/// Why a conversion stopped.
enum Failure {
    /// An invalid sequence of the source: its bytes, and the byte after
    /// it when that byte cut it short (None when the input ended in it:
    /// `incomplete`, with `incomplete` set).
    Invalid {
        bytes: Vec<u8>,
        followed_by: Option<u8>,
        incomplete: bool,
    },
    /// A valid character of the source the destination lacks: a Unicode
    /// character, or a byte of ASCII-8BIT.
    Undefined(Undefined),
}

enum Undefined {
    Char(char),
    Byte(u8),
}

impl Failure {
    /// Raises MRI's error for the failure of converting `from` to `to`.
    fn raise(self, vm: &mut Vm, from: Encoding, to: Encoding) -> Control {
        let quoted = |bytes: &[u8]| {
            let hex: String = bytes.iter().map(|b| format!("\\x{b:02X}")).collect();
            format!("\"{hex}\"")
        };
        match self {
            Failure::Invalid {
                bytes,
                followed_by,
                incomplete,
            } => {
                let shown = quoted(&bytes);
                let message = match (incomplete, followed_by) {
                    (true, _) => format!("incomplete {shown} on {}", from.name()),
                    (false, Some(next)) => {
                        let next =
                            crate::core::string::inspect_string_in(Encoding::Binary, &[next]);
                        format!("{shown} followed by {next} on {}", from.name())
                    }
                    (false, None) => format!("{shown} on {}", from.name()),
                };
                let class = vm.c.invalid_byte_sequence_error;
                vm.raise(class, message)
            }
            Failure::Undefined(undefined) => {
                let message = match undefined {
                    Undefined::Char(c) => {
                        format!("U+{:04X} from {} to {}", c as u32, from.name(), to.name())
                    }
                    // MRI converts ASCII-8BIT to US-ASCII through UTF-8.
                    Undefined::Byte(byte) if to == Encoding::UsAscii => format!(
                        "{} to UTF-8 in conversion from ASCII-8BIT to UTF-8 to US-ASCII",
                        quoted(&[byte])
                    ),
                    Undefined::Byte(byte) => {
                        format!("{} from {} to {}", quoted(&[byte]), from.name(), to.name())
                    }
                };
                let class = vm.c.undefined_conversion_error;
                vm.raise(class, message)
            }
        }
    }
}

/// The first invalid UTF-8 sequence at the start of `rest` (which does
/// not start with a valid character), as MRI's transcoder reads it.
fn invalid_utf8(rest: &[u8]) -> Failure {
    let error = std::str::from_utf8(rest).expect_err("an invalid sequence");
    debug_assert_eq!(error.valid_up_to(), 0);
    match error.error_len() {
        None => Failure::Invalid {
            bytes: rest.to_vec(),
            followed_by: None,
            incomplete: true,
        },
        Some(len) => {
            // A lead byte cut short by a byte that cannot continue it.
            let cut = matches!(rest[0], 0xc2..=0xf4);
            Failure::Invalid {
                bytes: rest[..len].to_vec(),
                followed_by: if cut { rest.get(len).copied() } else { None },
                incomplete: false,
            }
        }
    }
}

/// The length of the invalid sequence [`invalid_utf8`] reads.
fn invalid_utf8_len(rest: &[u8]) -> usize {
    match std::str::from_utf8(rest) {
        Err(error) => error.error_len().unwrap_or(rest.len()),
        Ok(_) => rest.len(),
    }
}

/// `bytes` converted from `from` to `to` (different encodings).
fn transcode(
    bytes: &[u8],
    from: Encoding,
    to: Encoding,
    policy: &Policy,
) -> Result<Vec<u8>, Failure> {
    let replacement = || {
        policy.replacement.clone().unwrap_or_else(|| match to {
            Encoding::Utf8 => "\u{fffd}".into(),
            Encoding::Binary | Encoding::UsAscii => b"?".to_vec(),
        })
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let rest = &bytes[at..];
        if rest[0].is_ascii() {
            out.push(rest[0]);
            at += 1;
            continue;
        }
        match from {
            Encoding::Utf8 => {
                let len = crate::encoding::utf8_char_len(rest);
                match std::str::from_utf8(&rest[..len]) {
                    Ok(text) => {
                        // Every non-ASCII character is undefined in the
                        // other two encodings.
                        if !policy.replace_undefined {
                            let c = text.chars().next().expect("one character");
                            return Err(Failure::Undefined(Undefined::Char(c)));
                        }
                        out.extend_from_slice(&replacement());
                        at += len;
                    }
                    Err(_) => {
                        if !policy.replace_invalid {
                            return Err(invalid_utf8(rest));
                        }
                        out.extend_from_slice(&replacement());
                        at += invalid_utf8_len(rest);
                    }
                }
            }
            Encoding::Binary => {
                if !policy.replace_undefined {
                    return Err(Failure::Undefined(Undefined::Byte(rest[0])));
                }
                out.extend_from_slice(&replacement());
                at += 1;
            }
            Encoding::UsAscii => {
                if !policy.replace_invalid {
                    return Err(Failure::Invalid {
                        bytes: vec![rest[0]],
                        followed_by: None,
                        incomplete: false,
                    });
                }
                out.extend_from_slice(&replacement());
                at += 1;
            }
        }
    }
    Ok(out)
}

/// `bytes` with each invalid UTF-8 sequence replaced by what
/// `replacement` makes of it.
fn replace_invalid_utf8(bytes: &[u8], mut replacement: impl FnMut(&[u8]) -> Vec<u8>) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(_) => {
                out.extend_from_slice(rest);
                break;
            }
            Err(error) => {
                let valid = error.valid_up_to();
                out.extend_from_slice(&rest[..valid]);
                let len = error.error_len().unwrap_or(rest.len() - valid);
                out.extend_from_slice(&replacement(&rest[valid..valid + len]));
                rest = &rest[valid + len..];
            }
        }
    }
    out
}

/// `scrub(replacement = default) { |bytes| ... }`: the receiver with each
/// invalid sequence replaced (U+FFFD in UTF-8, `?` in US-ASCII; nothing
/// is invalid in ASCII-8BIT).
fn scrub(vm: &mut Vm, s: Value, replacement: Option<Value>) -> VmResult<Vec<u8>> {
    let encoding = encoding_of(s);
    let bytes = copy_of(s);
    if encoding.is_valid(&bytes) {
        return Ok(bytes);
    }
    let given = match replacement {
        Some(Value::NIL) | None => None,
        Some(value) => Some(super::expect_string(vm, value)?.into_vec()),
    };
    let block = vm.current_block();
    let default: &[u8] = match encoding {
        Encoding::Utf8 => "\u{fffd}".as_bytes(),
        _ => b"?",
    };
    // The pieces to replace, in order, then the replacements for them.
    let mut pieces = Vec::new();
    match encoding {
        Encoding::Utf8 => {
            replace_invalid_utf8(&bytes, |piece| {
                pieces.push(piece.to_vec());
                Vec::new()
            });
        }
        _ => pieces.extend(bytes.iter().filter(|b| !b.is_ascii()).map(|&b| vec![b])),
    }
    let mut replacements = Vec::with_capacity(pieces.len());
    for piece in &pieces {
        let replacement = match (&given, &block) {
            (Some(given), _) => given.clone(),
            (None, Some(block)) => {
                let piece = new_string_in(vm, piece, Encoding::Binary);
                let result = vm.invoke_block(block, &[piece])?;
                super::expect_string(vm, result)?.into_vec()
            }
            (None, None) => default.to_vec(),
        };
        replacements.push(replacement);
    }
    let mut replacements = replacements.into_iter();
    let mut next = || replacements.next().expect("one replacement per piece");
    Ok(match encoding {
        Encoding::Utf8 => replace_invalid_utf8(&bytes, |_| next()),
        _ => {
            let mut out = Vec::with_capacity(bytes.len());
            for &byte in &bytes {
                if byte.is_ascii() {
                    out.push(byte);
                } else {
                    out.extend_from_slice(&next());
                }
            }
            out
        }
    })
}
