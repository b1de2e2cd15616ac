//! String and Symbol: the methods the first slice of the language needs,
//! with MRI's `inspect` forms. (Array is in `array.rs`.)

use crate::core::integer::Int;
use crate::object::RString;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    define_string(vm);
    define_symbol(vm);
}

fn bytes_of(value: Value) -> std::cell::Ref<'static, Vec<u8>> {
    value
        .get::<RString>()
        .expect("String receiver")
        .bytes
        .borrow()
}

/// A String argument, or TypeError `no implicit conversion of X into String`.
pub fn expect_string(vm: &mut Vm, value: Value) -> VmResult<Vec<u8>> {
    match value.get::<RString>() {
        Some(s) => Ok(s.bytes.borrow().clone()),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into String")))
        }
    }
}

/// An Integer argument that fits an i64, or TypeError.
pub fn expect_integer(vm: &mut Vm, value: Value) -> VmResult<i64> {
    match Int::of(value) {
        Some(Int::Fix(n)) => Ok(n),
        Some(Int::Big(_)) => Err(vm.raise(
            vm.c.range_error,
            "bignum too big to convert into `long'".into(),
        )),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into Integer")))
        }
    }
}

fn define_string(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_native(string, "+", 1, Some(1), |vm, a, args| {
        let mut bytes = bytes_of(a).clone();
        bytes.extend_from_slice(&expect_string(vm, args[0])?);
        Ok(vm.new_string(bytes))
    });
    vm.define_native(string, "*", 1, Some(1), |vm, a, args| {
        let count = expect_integer(vm, args[0])?;
        if count < 0 {
            return Err(vm.argument_error("negative argument".into()));
        }
        let bytes = bytes_of(a).repeat(count as usize);
        Ok(vm.new_string(bytes))
    });
    vm.define_native(string, "==", 1, Some(1), string_eq);
    vm.define_native(string, "eql?", 1, Some(1), string_eq);
    vm.define_native(string, "===", 1, Some(1), string_eq);
    vm.define_native(string, "<=>", 1, Some(1), |_, a, args| {
        Ok(match args[0].get::<RString>() {
            Some(b) => Value::small(bytes_of(a).as_slice().cmp(b.bytes.borrow().as_slice()) as i64),
            None => Value::NIL,
        })
    });
    vm.define_native(string, "length", 0, Some(0), string_length);
    vm.define_native(string, "size", 0, Some(0), string_length);
    vm.define_native(string, "bytesize", 0, Some(0), |_, a, _| {
        Ok(Value::small(bytes_of(a).len() as i64))
    });
    vm.define_native(string, "empty?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(bytes_of(a).is_empty()))
    });
    vm.define_native(string, "upcase", 0, Some(0), |vm, a, _| {
        map_text(vm, a, |s| s.to_uppercase())
    });
    vm.define_native(string, "downcase", 0, Some(0), |vm, a, _| {
        map_text(vm, a, |s| s.to_lowercase())
    });
    vm.define_native(string, "capitalize", 0, Some(0), |vm, a, _| {
        map_text(vm, a, |s| {
            let mut chars = s.chars();
            match chars.next() {
                Some(first) => first
                    .to_uppercase()
                    .chain(chars.flat_map(char::to_lowercase))
                    .collect(),
                None => String::new(),
            }
        })
    });
    vm.define_native(string, "swapcase", 0, Some(0), |vm, a, _| {
        map_text(vm, a, |s| {
            s.chars()
                .flat_map(|c| -> Vec<char> {
                    if c.is_uppercase() {
                        c.to_lowercase().collect()
                    } else {
                        c.to_uppercase().collect()
                    }
                })
                .collect()
        })
    });
    vm.define_native(string, "reverse", 0, Some(0), |vm, a, _| {
        map_text(vm, a, |s| s.chars().rev().collect())
    });
    vm.define_native(string, "to_s", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(string, "to_str", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(string, "inspect", 0, Some(0), |vm, a, _| {
        let text = inspect_string(&bytes_of(a));
        Ok(vm.new_str(&text))
    });
    vm.define_native(string, "to_sym", 0, Some(0), |vm, a, _| {
        let text = String::from_utf8_lossy(&bytes_of(a)).into_owned();
        Ok(Value::symbol(vm.symbols.intern(&text)))
    });
    vm.define_native(string, "to_i", 0, Some(0), |vm, a, _| {
        let text = String::from_utf8_lossy(&bytes_of(a)).into_owned();
        Ok(vm.new_integer(parse_leading_integer(&text)))
    });
    vm.define_native(string, "to_f", 0, Some(0), |vm, a, _| {
        let text = String::from_utf8_lossy(&bytes_of(a)).into_owned();
        Ok(vm.new_float(parse_leading_float(&text)))
    });
    for name in ["succ", "next"] {
        vm.define_native(string, name, 0, Some(0), |vm, a, _| {
            let next = successor(&bytes_of(a));
            Ok(vm.new_string(next))
        });
    }
    vm.define_native(string, "<<", 1, Some(1), append);
    vm.define_native(string, "concat", 1, Some(1), append);
    vm.define_native(string, "hash", 0, Some(0), |vm, a, _| {
        let hash = bytes_of(a).iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        Ok(vm.new_int((hash >> 2) as i128))
    });
}

fn string_eq(_: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(match args[0].get::<RString>() {
        Some(b) => *bytes_of(a) == *b.bytes.borrow(),
        None => false,
    }))
}

fn string_length(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(char_count(&bytes_of(a)) as i64))
}

/// Characters in UTF-8 bytes (an invalid byte counts as one character).
pub fn char_count(bytes: &[u8]) -> usize {
    String::from_utf8_lossy(bytes).chars().count()
}

fn append(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    let extra = match Int::of(args[0]) {
        Some(Int::Fix(code)) if (0..=0x10ffff).contains(&code) => char::from_u32(code as u32)
            .map(|c| c.to_string().into_bytes())
            .unwrap_or_default(),
        _ => expect_string(vm, args[0])?,
    };
    vm.heap.note_external(extra.len());
    a.get::<RString>()
        .unwrap()
        .bytes
        .borrow_mut()
        .extend_from_slice(&extra);
    Ok(a)
}

fn map_text(vm: &mut Vm, a: Value, f: impl Fn(&str) -> String) -> VmResult {
    let text = String::from_utf8_lossy(&bytes_of(a)).into_owned();
    Ok(vm.new_str(&f(&text)))
}

/// `String#succ`: the rightmost letter or digit is incremented, carrying
/// left over letters and digits (`"az"` -> `"ba"`, `"zz"` -> `"aaa"`,
/// `"a9"` -> `"b0"`); a string without any increments its last byte.
pub fn successor(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    if out.is_empty() {
        return out;
    }
    if !out.iter().any(|b| b.is_ascii_alphanumeric()) {
        let mut i = out.len();
        while i > 0 {
            i -= 1;
            if out[i] == 0xff {
                out[i] = 0;
            } else {
                out[i] += 1;
                return out;
            }
        }
        out.insert(0, 1);
        return out;
    }
    // Increment the rightmost letter or digit; a carry moves to the next
    // one on the left if it is adjacent or of the same kind (digit or
    // letter), else a new character is inserted ("a9" -> "b0", "a-9" ->
    // "a-10").
    let Some(mut i) = out.iter().rposition(|b| b.is_ascii_alphanumeric()) else {
        return out;
    };
    loop {
        let b = out[i];
        let (wrapped, carry) = match b {
            b'z' => (b'a', b'a'),
            b'Z' => (b'A', b'A'),
            b'9' => (b'0', b'1'),
            _ => {
                out[i] = b + 1;
                return out;
            }
        };
        out[i] = wrapped;
        let same_kind = |other: u8| {
            other.is_ascii_digit() == b.is_ascii_digit() && other.is_ascii_alphanumeric()
        };
        match out[..i].iter().rposition(|b| b.is_ascii_alphanumeric()) {
            Some(left) if left + 1 == i || same_kind(out[left]) => i = left,
            _ => {
                out.insert(i, carry);
                return out;
            }
        }
    }
}

/// `String#to_i`: optional whitespace, sign, digits with single underscores;
/// 0 when there are none.
pub fn parse_leading_integer(text: &str) -> num_bigint::BigInt {
    let trimmed = text.trim_start();
    let (negative, rest) = match trimmed.as_bytes().first() {
        Some(b'-') => (true, &trimmed[1..]),
        Some(b'+') => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let mut digits = String::new();
    let mut previous_underscore = false;
    for c in rest.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
            previous_underscore = false;
        } else if c == '_' && !digits.is_empty() && !previous_underscore {
            previous_underscore = true;
        } else {
            break;
        }
    }
    let value: num_bigint::BigInt = digits.parse().unwrap_or_default();
    if negative {
        -value
    } else {
        value
    }
}

/// `String#to_f`: the longest leading decimal number; 0.0 when none.
pub fn parse_leading_float(text: &str) -> f64 {
    let trimmed = text.trim_start();
    let bytes = trimmed.as_bytes();
    let mut end = 0;
    let mut seen_digit = false;
    let mut seen_point = false;
    let mut seen_exponent = false;
    let mut best = 0;
    while end < bytes.len() {
        let c = bytes[end];
        match c {
            b'0'..=b'9' => {
                seen_digit = true;
                best = end + 1;
            }
            b'+' | b'-' if end == 0 || matches!(bytes[end - 1], b'e' | b'E') => {}
            b'_' if seen_digit && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) => {}
            b'.' if !seen_point
                && !seen_exponent
                && bytes.get(end + 1).is_some_and(u8::is_ascii_digit) =>
            {
                seen_point = true
            }
            b'e' | b'E' if seen_digit && !seen_exponent => seen_exponent = true,
            _ => break,
        }
        end += 1;
    }
    trimmed[..best]
        .replace('_', "")
        .trim_end_matches(['e', 'E', '.'])
        .parse()
        .unwrap_or(0.0)
}

/// MRI's `String#inspect`.
pub fn inspect_string(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let (ch, len) = match decode_utf8(rest) {
            Some(decoded) => decoded,
            None => {
                out.push_str(&format!("\\x{:02X}", rest[0]));
                i += 1;
                continue;
            }
        };
        let next = bytes.get(i + len).copied();
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            '#' if matches!(next, Some(b'{' | b'$' | b'@')) => out.push_str("\\#"),
            c if !is_printable(c) => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
        i += len;
    }
    out.push('"');
    out
}

fn is_printable(c: char) -> bool {
    !(c.is_control() || ('\u{80}'..='\u{9f}').contains(&c))
}

fn decode_utf8(bytes: &[u8]) -> Option<(char, usize)> {
    let len = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return None,
    };
    let text = std::str::from_utf8(bytes.get(..len)?).ok()?;
    Some((text.chars().next()?, len))
}

fn define_symbol(vm: &mut Vm) {
    let symbol = vm.c.symbol;
    vm.define_native(symbol, "to_s", 0, Some(0), |vm, a, _| {
        let name = vm.symbol_name(a).to_string();
        Ok(vm.new_str(&name))
    });
    vm.define_native(symbol, "id2name", 0, Some(0), |vm, a, _| {
        let name = vm.symbol_name(a).to_string();
        Ok(vm.new_str(&name))
    });
    vm.define_native(symbol, "to_sym", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(symbol, "inspect", 0, Some(0), |vm, a, _| {
        let text = inspect_symbol(vm.symbol_name(a));
        Ok(vm.new_str(&text))
    });
    vm.define_native(symbol, "length", 0, Some(0), |vm, a, _| {
        Ok(Value::small(vm.symbol_name(a).chars().count() as i64))
    });
    vm.define_native(symbol, "size", 0, Some(0), |vm, a, _| {
        Ok(Value::small(vm.symbol_name(a).chars().count() as i64))
    });
    vm.define_native(symbol, "<=>", 1, Some(1), |vm, a, args| {
        Ok(match args[0].as_symbol() {
            Some(b) => Value::small(vm.symbol_name(a).cmp(vm.symbols.name(b)) as i64),
            None => Value::NIL,
        })
    });
}

/// `:foo`, `:foo?`, `:+`, `:@x`, or `:"foo bar"` when the name is not a plain
/// identifier or operator.
pub fn inspect_symbol(name: &str) -> String {
    if is_plain_symbol(name) {
        format!(":{name}")
    } else {
        format!(":{}", inspect_string(name.as_bytes()))
    }
}

fn is_plain_symbol(name: &str) -> bool {
    const OPERATORS: [&str; 31] = [
        "+", "-", "*", "/", "%", "**", "==", "===", "!=", "<=>", "<", "<=", ">", ">=", "<<", ">>",
        "&", "|", "^", "~", "!", "=~", "!~", "[]", "[]=", "+@", "-@", "`", "call", "!@", "~@",
    ];
    if OPERATORS.contains(&name) {
        return true;
    }
    let identifier = |s: &str| {
        let mut chars = s.chars();
        matches!(chars.next(), Some(c) if c.is_alphabetic() || c == '_' || !c.is_ascii())
            && chars.all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
    };
    if let Some(rest) = name
        .strip_prefix("@@")
        .or_else(|| name.strip_prefix('@'))
        .or_else(|| name.strip_prefix('$'))
    {
        return identifier(rest);
    }
    let body = name.strip_suffix(['?', '!', '=']).unwrap_or(name);
    identifier(body)
}
