//! `Array#pack`, `String#unpack` and `String#unpack1`: binary records
//! written and read by a template, as MRI's `pack.c` does.
//!
//! A template is a sequence of directives, each a letter, optional
//! modifiers (`_` or `!` for the platform's native size, `<` little-endian,
//! `>` big-endian) and an optional count (digits, or `*` for "all the
//! rest"); whitespace separates nothing and `#` starts a comment that runs
//! to the end of the line. rhizome reads:
//!
//! | directive | meaning |
//! |---|---|
//! | `C c` | 8-bit unsigned / signed integer |
//! | `S s`, `L l`, `Q q`, `J j`, `I i` | 16, 32, 64, 64 and 32-bit integers, native order (little-endian here); `L_`/`l_` are 64-bit (a C long) |
//! | `n N`, `v V` | 16 and 32-bit unsigned, big-endian (network) / little-endian (VAX) |
//! | `U` | a codepoint as UTF-8 |
//! | `w` | a BER-compressed unsigned integer |
//! | `a A Z` | a String: NUL-padded, space-padded, NUL-terminated |
//! | `H h` | hex digits, high / low nibble first |
//! | `m` | Base64 (`m0`: strict, without line feeds) |
//! | `x X @` | a NUL byte / back up a byte / move to an absolute offset |
//!
//! An integer is written modulo 2**bits (a Bignum too, as MRI does).
//! Unpacking past the end gives nil for numbers and stops for Strings.
//! The directives MRI knows beyond these (floats `d f e g`, bit strings
//! `b B`, `u`, `M`, `p`) raise NotImplementedError; unknown letters are
//! skipped, as MRI does without `-W`.
//!
//! The packed String is ASCII-8BIT, US-ASCII when only `m` made it, and
//! UTF-8 when `U` comes first (MRI's rule).

use crate::core::integer::{float_of, Int};
use crate::core::public;
use crate::encoding::Encoding;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use num_bigint::BigInt;

/// How many times a directive applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Count {
    /// No count written (1, or the directive's own default).
    Implicit,
    Given(usize),
    /// `*`.
    All,
}

impl Count {
    /// The count: 1 when none is written, `all` for `*`.
    fn or_all(self, all: usize) -> usize {
        match self {
            Count::Implicit => 1,
            Count::Given(n) => n,
            Count::All => all,
        }
    }
}

/// One directive of a template.
#[derive(Clone, Copy, Debug)]
struct Directive {
    letter: u8,
    /// `_` or `!`.
    native: bool,
    /// `<` (Some(false)) or `>` (Some(true)).
    big_endian: Option<bool>,
    count: Count,
}

/// The directives of `template`, in order.
fn parse(template: &[u8]) -> Vec<Directive> {
    let mut directives = Vec::new();
    let mut at = 0;
    while at < template.len() {
        let letter = template[at];
        at += 1;
        if letter.is_ascii_whitespace() || letter == 0 {
            continue;
        }
        if letter == b'#' {
            while at < template.len() && template[at] != b'\n' {
                at += 1;
            }
            continue;
        }
        let mut directive = Directive {
            letter,
            native: false,
            big_endian: None,
            count: Count::Implicit,
        };
        while let Some(&modifier) = template.get(at) {
            match modifier {
                b'_' | b'!' => directive.native = true,
                b'<' => directive.big_endian = Some(false),
                b'>' => directive.big_endian = Some(true),
                _ => break,
            }
            at += 1;
        }
        if template.get(at) == Some(&b'*') {
            directive.count = Count::All;
            at += 1;
        } else {
            let start = at;
            while template.get(at).is_some_and(u8::is_ascii_digit) {
                at += 1;
            }
            if at > start {
                let digits = std::str::from_utf8(&template[start..at]).expect("digits");
                directive.count = Count::Given(digits.parse().unwrap_or(usize::MAX));
            }
        }
        directives.push(directive);
    }
    directives
}

/// The width in bytes, signedness and byte order of an integer directive,
/// or None for another.
fn integer_layout(directive: &Directive) -> Option<(usize, bool, bool)> {
    let (size, signed, big_endian) = match directive.letter {
        b'C' => (1, false, false),
        b'c' => (1, true, false),
        b'S' => (2, false, false),
        b's' => (2, true, false),
        b'I' => (4, false, false),
        b'i' => (4, true, false),
        b'L' if directive.native => (8, false, false),
        b'l' if directive.native => (8, true, false),
        b'L' => (4, false, false),
        b'l' => (4, true, false),
        b'Q' | b'J' => (8, false, false),
        b'q' | b'j' => (8, true, false),
        b'n' => return Some((2, false, true)),
        b'N' => return Some((4, false, true)),
        b'v' => return Some((2, false, false)),
        b'V' => return Some((4, false, false)),
        _ => return None,
    };
    Some((size, signed, directive.big_endian.unwrap_or(big_endian)))
}

/// Directives MRI has that rhizome does not.
fn unsupported(vm: &mut Vm, letter: u8, method: &str) -> crate::vm::Control {
    let class = vm.c.not_implemented_error;
    let letter = letter as char;
    vm.raise(
        class,
        format!("{method} directive '{letter}' is not supported by rhizome"),
    )
}

fn is_unsupported(letter: u8) -> bool {
    matches!(
        letter,
        b'd' | b'D'
            | b'f'
            | b'F'
            | b'e'
            | b'E'
            | b'g'
            | b'G'
            | b'b'
            | b'B'
            | b'u'
            | b'M'
            | b'p'
            | b'P'
    )
}

// --- pack ----------------------------------------------------------------------

/// An item as a pack integer directive reads it: an Integer (a Float
/// truncated, else `to_int`), as its low 64 bits.
fn integer_item(vm: &mut Vm, value: Value) -> VmResult<u64> {
    if let Some(f) = float_of(value) {
        if !f.is_finite() {
            let class = vm.c.float_domain_error;
            let text = crate::core::float::float_to_s(f);
            return Err(vm.raise(class, text));
        }
        return Ok(low_bits(
            &num_traits::FromPrimitive::from_f64(f.trunc()).expect("finite"),
        ));
    }
    let value = crate::core::integer::to_int(vm, value)?;
    Ok(match Int::of(value).expect("an Integer") {
        Int::Fix(n) => n as u64,
        Int::Big(big) => low_bits(big),
    })
}

/// The low 64 bits of `n` in two's complement.
fn low_bits(n: &BigInt) -> u64 {
    let bytes = n.to_signed_bytes_le();
    let mut word = [if n.sign() == num_bigint::Sign::Minus {
        0xff
    } else {
        0
    }; 8];
    for (slot, byte) in word.iter_mut().zip(bytes) {
        *slot = byte;
    }
    u64::from_le_bytes(word)
}

/// `codepoint` as UTF-8, in the original (up to six bytes) form MRI's
/// `pack("U")` writes.
fn utf8_of(codepoint: u64) -> Vec<u8> {
    if codepoint < 0x80 {
        return vec![codepoint as u8];
    }
    let len = match codepoint {
        0..=0x7ff => 2,
        0x800..=0xffff => 3,
        0x1_0000..=0x1f_ffff => 4,
        0x20_0000..=0x3ff_ffff => 5,
        _ => 6,
    };
    let mut out = vec![0u8; len];
    let mut rest = codepoint;
    for byte in out[1..].iter_mut().rev() {
        *byte = 0x80 | (rest & 0x3f) as u8;
        rest >>= 6;
    }
    let lead_marks: [u8; 7] = [0, 0, 0xc0, 0xe0, 0xf0, 0xf8, 0xfc];
    out[0] = lead_marks[len] | rest as u8;
    out
}

/// Base64 of `bytes`, a line feed after each `line` input bytes (none
/// when `line` is 0).
fn base64(bytes: &[u8], line: usize, out: &mut Vec<u8>) {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let chunk_len = if line == 0 { bytes.len().max(1) } else { line };
    for chunk in bytes.chunks(chunk_len) {
        for group in chunk.chunks(3) {
            let b = [
                group[0],
                *group.get(1).unwrap_or(&0),
                *group.get(2).unwrap_or(&0),
            ];
            let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
            out.push(DIGITS[(n >> 18) as usize & 63]);
            out.push(DIGITS[(n >> 12) as usize & 63]);
            out.push(if group.len() > 1 {
                DIGITS[(n >> 6) as usize & 63]
            } else {
                b'='
            });
            out.push(if group.len() > 2 {
                DIGITS[n as usize & 63]
            } else {
                b'='
            });
        }
        if line != 0 {
            out.push(b'\n');
        }
    }
}

/// The value of hex digit `byte` as MRI's pack reads it (any letter maps
/// somewhere, any other byte keeps its low four bits).
fn nibble(byte: u8) -> u8 {
    if byte.is_ascii_alphabetic() {
        ((byte & 15) + 9) & 15
    } else {
        byte & 15
    }
}

/// The items `pack` takes in turn.
struct Items {
    values: Vec<Value>,
    next: usize,
}

impl Items {
    /// The next item; ArgumentError `too few arguments` past the last.
    fn next(&mut self, vm: &mut Vm) -> VmResult<Value> {
        let value = self.values.get(self.next).copied();
        self.next += 1;
        value.ok_or_else(|| vm.argument_error("too few arguments".into()))
    }

    /// How many are left (what `*` takes).
    fn left(&self) -> usize {
        self.values.len().saturating_sub(self.next)
    }
}

/// `Array#pack(template, buffer: nil)`.
fn pack(vm: &mut Vm, array: Value, args: &[Value]) -> VmResult {
    let (positional, options) = if vm.called_with_keywords() {
        (&args[..args.len() - 1], args.last().copied())
    } else {
        (args, None)
    };
    if positional.len() != 1 {
        return Err(vm.arity_error(positional.len(), 1, Some(1)));
    }
    let template = crate::core::string::expect_string(vm, positional[0])?;
    let buffer = match options {
        Some(options) => {
            let key = Value::symbol(vm.symbols.intern("buffer"));
            match vm.hash_lookup(options, key)? {
                Some(Value::NIL) | None => None,
                Some(buffer) if buffer.get::<crate::object::RString>().is_some() => {
                    vm.check_frozen(buffer)?;
                    Some(buffer)
                }
                Some(buffer) => {
                    let name = vm.special_or_class_name(buffer);
                    return Err(vm.type_error(format!("buffer must be String, not {name}")));
                }
            }
        }
        None => None,
    };
    let mut items = Items {
        values: vm.array_items(array).expect("an Array"),
        next: 0,
    };
    let mut out = match buffer {
        Some(buffer) => crate::core::string::bytes_of(buffer).to_vec(),
        None => Vec::new(),
    };
    // MRI's enc_info: 1 US-ASCII, 2 UTF-8, 0 ASCII-8BIT.
    let mut encoding = 1;
    for directive in parse(&template) {
        let letter = directive.letter;
        match letter {
            b'U' => {
                if encoding == 1 {
                    encoding = 2;
                }
            }
            b'm' => {}
            _ => encoding = 0,
        }
        if let Some((size, _, big_endian)) = integer_layout(&directive) {
            let times = directive.count.or_all(items.left());
            for _ in 0..times {
                let value = items.next(vm)?;
                let word = integer_item(vm, value)?.to_le_bytes();
                if big_endian {
                    out.extend(word[..size].iter().rev());
                } else {
                    out.extend_from_slice(&word[..size]);
                }
            }
            continue;
        }
        match letter {
            b'U' | b'w' => {
                let times = directive.count.or_all(items.left());
                for _ in 0..times {
                    let value = items.next(vm)?;
                    if letter == b'U' {
                        pack_codepoint(vm, value, &mut out)?;
                    } else {
                        pack_ber(vm, value, &mut out)?;
                    }
                }
            }
            b'a' | b'A' | b'Z' => {
                let value = items.next(vm)?;
                // nil packs as an empty String.
                let bytes = if value.is_nil() {
                    crate::object::StringBytes::new()
                } else {
                    crate::core::string::expect_string(vm, value)?
                };
                let pad = if letter == b'A' { b' ' } else { 0 };
                match directive.count {
                    Count::All => {
                        out.extend_from_slice(&bytes);
                        if letter == b'Z' {
                            out.push(0);
                        }
                    }
                    count => {
                        let width = if count == Count::Implicit {
                            1
                        } else if let Count::Given(n) = count {
                            n
                        } else {
                            unreachable!("All is above")
                        };
                        let taken = bytes.len().min(width);
                        out.extend_from_slice(&bytes[..taken]);
                        out.resize(out.len() + (width - taken), pad);
                    }
                }
            }
            b'H' | b'h' => {
                let value = items.next(vm)?;
                let digits = crate::core::string::expect_string(vm, value)?;
                let count = directive.count.or_all(digits.len());
                let mut byte = 0u8;
                for i in 0..count {
                    let value = digits.get(i).map_or(0, |&d| nibble(d));
                    if letter == b'H' {
                        byte |= value << if i % 2 == 0 { 4 } else { 0 };
                    } else {
                        byte |= value << if i % 2 == 0 { 0 } else { 4 };
                    }
                    if i % 2 == 1 {
                        out.push(byte);
                        byte = 0;
                    }
                }
                if count % 2 == 1 {
                    out.push(byte);
                }
            }
            b'm' => {
                let value = items.next(vm)?;
                let bytes = crate::core::string::expect_string(vm, value)?;
                let line = match directive.count {
                    Count::Given(0) => 0,
                    Count::Given(n) if n > 2 => n / 3 * 3,
                    _ => 45,
                };
                base64(&bytes, line, &mut out);
            }
            b'x' => {
                let count = directive.count.or_all(0);
                out.resize(out.len() + count, 0);
            }
            b'X' => {
                let count = directive.count.or_all(0);
                if count > out.len() {
                    return Err(vm.argument_error("X outside of string".into()));
                }
                out.truncate(out.len() - count);
            }
            b'@' => {
                let offset = directive.count.or_all(out.len());
                out.resize(offset, 0);
            }
            letter if is_unsupported(letter) => return Err(unsupported(vm, letter, "pack")),
            _ => {}
        }
    }
    let encoding = match encoding {
        1 => Encoding::UsAscii,
        2 => Encoding::Utf8,
        _ => Encoding::Binary,
    };
    match buffer {
        Some(buffer) => {
            let string = crate::core::string::string_of(buffer);
            *string.bytes_mut() = crate::object::string_bytes(out);
            Ok(buffer)
        }
        None => Ok(crate::core::string::new_string_in(vm, &out, encoding)),
    }
}

/// `U`: a codepoint as UTF-8; RangeError for a negative one.
fn pack_codepoint(vm: &mut Vm, value: Value, out: &mut Vec<u8>) -> VmResult<()> {
    let word = integer_item(vm, value)? as i64;
    if !(0..=0x7fff_ffff).contains(&word) {
        let class = vm.c.range_error;
        return Err(vm.raise(class, "pack(U): value out of range".into()));
    }
    out.extend_from_slice(&utf8_of(word as u64));
    Ok(())
}

/// `w`: base-128 digits, most significant first, the high bit set on all
/// but the last; ArgumentError for a negative number.
fn pack_ber(vm: &mut Vm, value: Value, out: &mut Vec<u8>) -> VmResult<()> {
    let value = if float_of(value).is_some() {
        value
    } else {
        crate::core::integer::to_int(vm, value)?
    };
    let n: BigInt = match Int::of(value) {
        Some(int) => int.to_big(),
        None => num_traits::FromPrimitive::from_f64(float_of(value).expect("a Float").trunc())
            .unwrap_or_default(),
    };
    if n.sign() == num_bigint::Sign::Minus {
        return Err(vm.argument_error("can't compress negative numbers".into()));
    }
    let mut digits = Vec::new();
    let mut rest = n;
    let base = BigInt::from(128);
    loop {
        let digit = num_traits::ToPrimitive::to_u8(&(&rest % &base)).expect("a digit");
        digits.push(digit);
        rest /= &base;
        if rest == BigInt::from(0) {
            break;
        }
    }
    for (i, digit) in digits.iter().enumerate().rev() {
        out.push(if i == 0 { *digit } else { digit | 0x80 });
    }
    Ok(())
}

// --- unpack --------------------------------------------------------------------

/// What `unpack` reads from `bytes` by `template` from `offset`, each value
/// given to `emit` (which answers false to stop: `unpack1`).
fn unpack_each(
    vm: &mut Vm,
    bytes: &[u8],
    template: &[u8],
    offset: usize,
    emit: &mut dyn FnMut(&mut Vm, Value) -> bool,
) -> VmResult<()> {
    let mut at = offset;
    for directive in parse(template) {
        let letter = directive.letter;
        if let Some((size, signed, big_endian)) = integer_layout(&directive) {
            let times = directive
                .count
                .or_all(bytes.len().saturating_sub(at) / size);
            for _ in 0..times {
                let value = match bytes.get(at..at + size) {
                    Some(field) => {
                        at += size;
                        let mut word = [0u8; 8];
                        if big_endian {
                            for (slot, byte) in word.iter_mut().zip(field.iter().rev()) {
                                *slot = *byte;
                            }
                        } else {
                            word[..size].copy_from_slice(field);
                        }
                        let unsigned = u64::from_le_bytes(word);
                        if signed {
                            let shift = 64 - 8 * size as u32;
                            vm.new_int(((unsigned << shift) as i64 >> shift) as i128)
                        } else {
                            vm.new_int(unsigned as i128)
                        }
                    }
                    None => Value::NIL,
                };
                if !emit(vm, value) {
                    return Ok(());
                }
            }
            continue;
        }
        match letter {
            b'U' => {
                let times = directive.count.or_all(usize::MAX);
                for _ in 0..times {
                    if at >= bytes.len() {
                        break;
                    }
                    let (codepoint, len) = match read_utf8(&bytes[at..]) {
                        Some(read) => read,
                        None => {
                            return Err(vm.argument_error("malformed UTF-8 character".into()));
                        }
                    };
                    at += len;
                    if !emit(vm, Value::small(codepoint as i64)) {
                        return Ok(());
                    }
                }
            }
            b'w' => {
                let times = directive.count.or_all(usize::MAX);
                for _ in 0..times {
                    if at >= bytes.len() {
                        break;
                    }
                    let mut n = BigInt::from(0);
                    while at < bytes.len() {
                        let byte = bytes[at];
                        at += 1;
                        n = n * 128 + (byte & 0x7f);
                        if byte & 0x80 == 0 {
                            break;
                        }
                    }
                    let value = vm.new_integer(n);
                    if !emit(vm, value) {
                        return Ok(());
                    }
                }
            }
            b'a' | b'A' | b'Z' => {
                let rest = &bytes[at.min(bytes.len())..];
                let (field, consumed) = match directive.count {
                    Count::All if letter == b'Z' => match rest.iter().position(|&b| b == 0) {
                        Some(nul) => (&rest[..nul], nul + 1),
                        None => (rest, rest.len()),
                    },
                    Count::All => (rest, rest.len()),
                    count => {
                        let width = match count {
                            Count::Given(n) => n,
                            _ => 1,
                        };
                        let field = &rest[..width.min(rest.len())];
                        (field, field.len())
                    }
                };
                at += consumed;
                let field = match letter {
                    b'A' => {
                        let end = field
                            .iter()
                            .rposition(|&b| b != b' ' && b != 0)
                            .map_or(0, |i| i + 1);
                        &field[..end]
                    }
                    b'Z' => match field.iter().position(|&b| b == 0) {
                        Some(nul) => &field[..nul],
                        None => field,
                    },
                    _ => field,
                };
                let string = crate::core::string::new_string_in(vm, field, Encoding::Binary);
                if !emit(vm, string) {
                    return Ok(());
                }
            }
            b'H' | b'h' => {
                let rest = &bytes[at.min(bytes.len())..];
                let count = match directive.count {
                    Count::Implicit => 1,
                    Count::Given(n) => n.min(rest.len() * 2),
                    Count::All => rest.len() * 2,
                };
                let mut digits = Vec::with_capacity(count);
                for i in 0..count {
                    let byte = rest[i / 2];
                    let high_first = letter == b'H';
                    let value = if (i % 2 == 0) == high_first {
                        byte >> 4
                    } else {
                        byte & 15
                    };
                    digits.push(b"0123456789abcdef"[value as usize]);
                }
                at += count.div_ceil(2);
                let string = crate::core::string::new_string_in(vm, &digits, Encoding::UsAscii);
                if !emit(vm, string) {
                    return Ok(());
                }
            }
            b'm' => {
                let rest = &bytes[at.min(bytes.len())..];
                let strict = directive.count == Count::Given(0);
                let decoded = match decode_base64(rest, strict) {
                    Some(decoded) => decoded,
                    None => return Err(vm.argument_error("invalid base64".into())),
                };
                at = bytes.len();
                let string = crate::core::string::new_string_in(vm, &decoded, Encoding::Binary);
                if !emit(vm, string) {
                    return Ok(());
                }
            }
            b'x' => {
                let count = directive.count.or_all(0);
                if at.saturating_add(count) > bytes.len() {
                    return Err(vm.argument_error("x outside of string".into()));
                }
                at += count;
            }
            b'X' => {
                let count = directive.count.or_all(0);
                if count > at {
                    return Err(vm.argument_error("X outside of string".into()));
                }
                at -= count;
            }
            b'@' => {
                let position = directive.count.or_all(0);
                let position = offset.saturating_add(position);
                if position > bytes.len() {
                    return Err(vm.argument_error("@ outside of string".into()));
                }
                at = position;
            }
            letter if is_unsupported(letter) => return Err(unsupported(vm, letter, "unpack")),
            _ => {}
        }
    }
    Ok(())
}

/// The codepoint a UTF-8 sequence (of up to six bytes, as MRI reads it)
/// starts `bytes` with, and its length; None when malformed.
fn read_utf8(bytes: &[u8]) -> Option<(u64, usize)> {
    let lead = bytes[0];
    let (len, bits) = match lead {
        0x00..=0x7f => return Some((lead as u64, 1)),
        0xc0..=0xdf => (2, lead & 0x1f),
        0xe0..=0xef => (3, lead & 0x0f),
        0xf0..=0xf7 => (4, lead & 0x07),
        0xf8..=0xfb => (5, lead & 0x03),
        0xfc..=0xfd => (6, lead & 0x01),
        _ => return None,
    };
    let tail = bytes.get(1..len)?;
    let mut codepoint = bits as u64;
    for &byte in tail {
        if byte & 0xc0 != 0x80 {
            return None;
        }
        codepoint = codepoint << 6 | (byte & 0x3f) as u64;
    }
    // The shortest form only.
    let least = [0, 0, 0x80, 0x800, 0x1_0000, 0x20_0000, 0x400_0000][len];
    (codepoint >= least).then_some((codepoint, len))
}

/// Base64 `text` decoded: lenient (other bytes skipped, stopping at `=`)
/// or `strict` (`m0`: only whole groups, padding at the end; None when
/// not).
fn decode_base64(text: &[u8], strict: bool) -> Option<Vec<u8>> {
    let value = |byte: u8| -> Option<u32> {
        Some(match byte {
            b'A'..=b'Z' => byte - b'A',
            b'a'..=b'z' => byte - b'a' + 26,
            b'0'..=b'9' => byte - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    if strict {
        if text.len() % 4 != 0 {
            return None;
        }
        for (index, group) in text.chunks(4).enumerate() {
            let last = index == text.len() / 4 - 1;
            let padding = group.iter().rev().take_while(|&&b| b == b'=').count();
            if padding > 2 || (padding > 0 && !last) {
                return None;
            }
            let mut n = 0u32;
            for &byte in &group[..4 - padding] {
                n = n << 6 | value(byte)?;
            }
            n <<= 6 * padding as u32;
            let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            // Padding bits must be zero.
            let kept = 3 - padding;
            if padding > 0 && (n & ((1 << (8 * padding as u32)) - 1)) != 0 {
                return None;
            }
            out.extend_from_slice(&decoded[..kept]);
        }
        return Some(out);
    }
    let mut n = 0u32;
    let mut bits = 0;
    for &byte in text {
        if byte == b'=' {
            break;
        }
        let Some(digit) = value(byte) else {
            continue;
        };
        n = n << 6 | digit;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
            n &= (1 << bits) - 1;
        }
    }
    Some(out)
}

/// The `offset:` keyword of `unpack` and `unpack1`, and the positional
/// arguments before it.
fn unpack_arguments<'a>(
    vm: &mut Vm,
    args: &'a [Value],
    len: usize,
) -> VmResult<(&'a [Value], usize)> {
    let (positional, options) = if vm.called_with_keywords() {
        (&args[..args.len() - 1], args.last().copied())
    } else {
        (args, None)
    };
    if positional.len() != 1 {
        return Err(vm.arity_error(positional.len(), 1, Some(1)));
    }
    let Some(options) = options else {
        return Ok((positional, 0));
    };
    let key = Value::symbol(vm.symbols.intern("offset"));
    let offset = match vm.hash_lookup(options, key)? {
        Some(offset) => crate::core::array::to_long(vm, offset)?,
        None => 0,
    };
    if offset < 0 {
        return Err(vm.argument_error("offset can't be negative".into()));
    }
    if offset as usize > len {
        return Err(vm.argument_error("offset outside of string".into()));
    }
    Ok((positional, offset as usize))
}

/// `String#unpack(template, offset: 0)`.
fn unpack(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let bytes = crate::core::string::bytes_of(s).to_vec();
    let (positional, offset) = unpack_arguments(vm, args, bytes.len())?;
    let template = crate::core::string::expect_string(vm, positional[0])?;
    let result = vm.new_array(Vec::new());
    vm.temp_roots.borrow_mut().push(result);
    let outcome = unpack_each(vm, &bytes, &template, offset, &mut |_, value| {
        crate::core::array::append(result, value);
        true
    });
    vm.temp_roots.borrow_mut().pop();
    outcome.map(|()| result)
}

/// `String#unpack1(template, offset: 0)`: the first value `unpack` gives.
fn unpack1(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let bytes = crate::core::string::bytes_of(s).to_vec();
    let (positional, offset) = unpack_arguments(vm, args, bytes.len())?;
    let template = crate::core::string::expect_string(vm, positional[0])?;
    let mut first = Value::NIL;
    unpack_each(vm, &bytes, &template, offset, &mut |_, value| {
        first = value;
        false
    })?;
    Ok(first)
}

pub fn define(vm: &mut Vm) {
    let array = vm.c.array;
    vm.define_native(array, "pack", 0, None, pack);
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("unpack", 0, None, unpack),
            public("unpack1", 0, None, unpack1),
        ],
    );
}
