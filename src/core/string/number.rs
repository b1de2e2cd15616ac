//! String to number and character code: `to_i`, `to_f`, `hex`, `oct`,
//! `ord` and `chr`.
//!
//! The conversions are MRI's lenient ones: leading whitespace and a sign,
//! then the longest number that reads (digits with single underscores
//! between them); anything after it is ignored and no number at all is 0.

use super::{bytes_of, char_len, decoded_chars, encoding_of, to_long};
use crate::core::public;
use crate::encoding::Encoding;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use num_bigint::BigInt;

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("to_i", 0, Some(1), string_to_i),
            public("hex", 0, Some(0), string_hex),
            public("oct", 0, Some(0), string_oct),
            public("to_f", 0, Some(0), string_to_f),
            public("ord", 0, Some(0), string_ord),
        ],
    );
    vm.define_native(string, "chr", 0, Some(0), string_chr);
}

/// `to_i`.
fn string_to_i(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let base = match args.first() {
        Some(&base) => to_long(vm, base)?,
        None => 10,
    };
    if base < 0 || base == 1 || base > 36 {
        return Err(vm.argument_error(format!("invalid radix {base}")));
    }
    Ok(parse_integer(vm, &bytes_of(s), Radix::Given(base as u32)))
}

/// `hex`.
fn string_hex(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(parse_integer(vm, &bytes_of(s), Radix::Given(16)))
}

/// `oct`.
fn string_oct(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(parse_integer(vm, &bytes_of(s), Radix::PrefixOr(8)))
}

/// `to_f`.
fn string_to_f(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let value = parse_leading_float(&bytes_of(s));
    Ok(vm.new_float(value))
}

/// `ord`.
fn string_ord(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let encoding = encoding_of(s);
    let first = decoded_chars(encoding, &bytes_of(s)).next();
    match first {
        Some(Ok(c)) => Ok(Value::small(c as i64)),
        Some(Err(byte)) if encoding == Encoding::Binary => Ok(Value::small(byte as i64)),
        Some(Err(_)) => {
            let message = format!("invalid byte sequence in {}", encoding.name());
            Err(vm.argument_error(message))
        }
        None => Err(vm.argument_error("empty string".into())),
    }
}

/// `chr`.
fn string_chr(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = bytes_of(s);
    let first = match bytes.is_empty() {
        true => Vec::new(),
        false => bytes[..char_len(encoding_of(s), &bytes)].to_vec(),
    };
    drop(bytes);
    Ok(super::new_string_like(vm, s, first))
}

/// The base of an integer conversion.
#[derive(Clone, Copy)]
enum Radix {
    /// `to_i(base)`: a prefix is allowed when it names this base; base 0
    /// reads one (`0x`, `0b`, `0o`, `0d`, or a leading `0` for octal) and
    /// defaults to 10.
    Given(u32),
    /// `oct`: a prefix names the base, else this one.
    PrefixOr(u32),
}

/// MRI's lenient `rb_cstr_to_inum`.
fn parse_integer(vm: &mut Vm, bytes: &[u8], radix: Radix) -> Value {
    let mut i = 0;
    while i < bytes.len() && is_space(bytes[i]) {
        i += 1;
    }
    let negative = match bytes.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let prefix = match (bytes.get(i), bytes.get(i + 1).map(u8::to_ascii_lowercase)) {
        (Some(b'0'), Some(b'x')) => Some(16),
        (Some(b'0'), Some(b'b')) => Some(2),
        (Some(b'0'), Some(b'o')) => Some(8),
        (Some(b'0'), Some(b'd')) => Some(10),
        _ => None,
    };
    let base = match (radix, prefix) {
        (Radix::Given(0), Some(base)) | (Radix::PrefixOr(_), Some(base)) => {
            i += 2;
            base
        }
        (Radix::Given(base), Some(named)) if base == named => {
            i += 2;
            base
        }
        (Radix::Given(0), None) if bytes.get(i) == Some(&b'0') => 8,
        (Radix::Given(0), None) => 10,
        (Radix::Given(base), _) | (Radix::PrefixOr(base), None) => base,
    };
    let digits = LeadingDigits {
        bytes: &bytes[i..],
        base,
        underscore: false,
        started: false,
    };
    // Most numbers fit a machine word: read them without a Bignum.
    let small = digits.clone().try_fold(0i64, |value, digit| {
        value.checked_mul(base as i64)?.checked_add(digit as i64)
    });
    match small {
        Some(value) => Value::fixnum(if negative { -value } else { value }).unwrap_or_else(|| {
            vm.new_int(if negative {
                -(value as i128)
            } else {
                value as i128
            })
        }),
        None => {
            let mut value = BigInt::from(0);
            for digit in digits {
                value = value * base + digit;
            }
            vm.new_integer(if negative { -value } else { value })
        }
    }
}

/// The digit values of `base` that `bytes` starts with, skipping the single
/// underscores allowed between them.
#[derive(Clone)]
struct LeadingDigits<'a> {
    bytes: &'a [u8],
    base: u32,
    underscore: bool,
    started: bool,
}

impl Iterator for LeadingDigits<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        loop {
            let (&b, rest) = self.bytes.split_first()?;
            if b == b'_' {
                if !self.started || self.underscore {
                    self.bytes = &[];
                    return None;
                }
                self.underscore = true;
                self.bytes = rest;
                continue;
            }
            let Some(digit) = (b as char).to_digit(self.base) else {
                self.bytes = &[];
                return None;
            };
            self.bytes = rest;
            self.started = true;
            self.underscore = false;
            return Some(digit);
        }
    }
}

/// The decimal digits `bytes` starts with, without the underscores
/// between them.
fn leading_decimal_digits(bytes: &[u8]) -> Vec<u8> {
    let digits = LeadingDigits {
        bytes,
        base: 10,
        underscore: false,
        started: false,
    };
    digits.map(|digit| b'0' + digit as u8).collect()
}

/// What `to_i` and `to_f` skip before a number.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// `String#to_f`: the longest leading decimal number (digits, an optional
/// fraction, an optional exponent); 0.0 when there is none.
fn parse_leading_float(bytes: &[u8]) -> f64 {
    let mut i = 0;
    while i < bytes.len() && is_space(bytes[i]) {
        i += 1;
    }
    let mut text = String::new();
    if let Some(&sign @ (b'-' | b'+')) = bytes.get(i) {
        text.push(sign as char);
        i += 1;
    }
    // MRI refuses hexadecimal only when it comes unsigned: "0x1A" is 0.0,
    // but a sign lets the C library's strtod read it, so "-0x1A" is -26.0.
    if let [b'0', b'x' | b'X', ..] = bytes[i..] {
        if text.is_empty() || !bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit) {
            return 0.0;
        }
        let magnitude = parse_hex_float(&bytes[i + 2..]);
        return if text == "-" { -magnitude } else { magnitude };
    }
    let integer = leading_decimal_digits(&bytes[i..]);
    i += digits_span(&bytes[i..], integer.len());
    text.push_str(std::str::from_utf8(&integer).expect("ASCII digits"));
    let mut fraction = Vec::new();
    if bytes.get(i) == Some(&b'.') {
        fraction = leading_decimal_digits(&bytes[i + 1..]);
        if !fraction.is_empty() {
            i += 1 + digits_span(&bytes[i + 1..], fraction.len());
            text.push('.');
            text.push_str(std::str::from_utf8(&fraction).expect("ASCII digits"));
        }
    }
    if integer.is_empty() && fraction.is_empty() {
        return 0.0;
    }
    if let Some(b'e' | b'E') = bytes.get(i) {
        let mut j = i + 1;
        let mut exponent = String::from("e");
        if let Some(&sign @ (b'-' | b'+')) = bytes.get(j) {
            exponent.push(sign as char);
            j += 1;
        }
        let digits = leading_decimal_digits(&bytes[j..]);
        if !digits.is_empty() {
            exponent.push_str(std::str::from_utf8(&digits).expect("ASCII digits"));
            text.push_str(&exponent);
        }
    }
    if text.starts_with(['-', '+']) && text[1..].starts_with('.') {
        text.insert(1, '0');
    } else if text.starts_with('.') {
        text.insert(0, '0');
    }
    text.parse().unwrap_or(0.0)
}

/// The value of a C99 hexadecimal float's digits after its "0x": hex digits,
/// an optional fraction and an optional binary exponent (`p-3`).
fn parse_hex_float(bytes: &[u8]) -> f64 {
    let hex = |b: &u8| (*b as char).to_digit(16);
    let mut i = 0;
    let mut value = 0.0f64;
    while let Some(d) = bytes.get(i).and_then(hex) {
        value = value * 16.0 + f64::from(d);
        i += 1;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        let mut scale = 1.0 / 16.0;
        while let Some(d) = bytes.get(i).and_then(hex) {
            value += f64::from(d) * scale;
            scale /= 16.0;
            i += 1;
        }
    }
    if let Some(b'p' | b'P') = bytes.get(i) {
        let (negative, start) = match bytes.get(i + 1) {
            Some(b'-') => (true, i + 2),
            Some(b'+') => (false, i + 2),
            _ => (false, i + 1),
        };
        let exponent: i32 = bytes[start.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .fold(0i32, |acc, b| {
                acc.saturating_mul(10).saturating_add(i32::from(b - b'0'))
            });
        if start < bytes.len() && bytes[start].is_ascii_digit() {
            value *= 2f64.powi(if negative { -exponent } else { exponent });
        }
    }
    value
}

/// How many bytes of `bytes` the first `count` digits (and the underscores
/// between them) take.
fn digits_span(bytes: &[u8], count: usize) -> usize {
    if count == 0 {
        return 0;
    }
    let mut seen = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'_' {
            seen += 1;
            if seen == count {
                return i + 1;
            }
        }
    }
    bytes.len()
}
