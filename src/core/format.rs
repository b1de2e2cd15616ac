//! `format`/`sprintf`/`printf` and `String#%`: MRI's `rb_str_format`.
//!
//! A format string is copied to the result except for its directives:
//! `%[flags][width][.precision]type`, where the flags are `-` (left-justify),
//! `+` and space (the sign of non-negative numbers), `0` (pad numbers with
//! zeros) and `#` (the alternative form), the width and precision are
//! digits or `*` (taken from the next argument), and an argument may be
//! chosen by position (`%2$s`) or, from a single Hash argument, by name
//! (`%<name>d` formats the value; `%{name}` inserts its `to_s`).
//!
//! The conversions follow MRI's sprintf.c step by step, including its
//! argument conversions and error messages:
//! - `d i u` print an Integer in decimal; `x X o b B` in base 16, 8 or 2,
//!   where a negative number without `+` or space prints as the two's
//!   complement MRI shows (`..f01` for -255). Arguments go through
//!   `Integer()`'s rules: Floats truncate, Strings parse strictly (`"0x1f"`
//!   is 31), nil is a TypeError.
//! - `f` prints an Integer exactly (`%.2f` of a Bignum keeps every digit) and
//!   anything else as a double, like `e E g G a A`, after `Float()`'s
//!   conversion. Doubles are laid out as MRI's BSD `vfprintf` lays them out,
//!   with the digits of MRI's `dtoa` (so `%.1f` of 0.35 is `0.4`, as in
//!   MRI); the non-finite ones print as `Inf` and `NaN`.
//! - `s` is `to_s`, `p` is `inspect` (precision cuts characters), `c` a
//!   character (a code point or a one-character String), `%%` a percent.

use crate::core::dtoa;
use crate::core::encoding::incompatible;
use crate::core::integer::{float_of, Int};
use crate::core::private;
use crate::encoding::{compatible, Encoding, Operand};
use crate::object::RString;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use num_bigint::BigInt;
use num_traits::{One, Signed};

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("format", 0, None, format),
            private("sprintf", 0, None, format),
        ],
    );
    vm.define_private_native(kernel, "printf", 0, None, kernel_printf);
    let io = vm.c.io;
    vm.define_native(io, "printf", 0, None, write_formatted);
    let string = vm.c.string;
    vm.define_native(string, "%", 1, Some(1), string_modulo);
}

/// `printf`.
fn kernel_printf(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let Some(&first) = args.first() else {
        return Ok(Value::NIL);
    };
    // `printf(io, format, ...)` writes to `io`; otherwise `$stdout`.
    let (out, args) = if first.get::<RString>().is_some() {
        (vm.global(vm.sym.stdout_global), args)
    } else {
        (first, &args[1..])
    };
    write_formatted(vm, out, args)
}

/// `%`.
fn string_modulo(vm: &mut Vm, receiver: Value, args: &[Value]) -> VmResult {
    let format = vm.string_bytes(receiver).expect("String receiver");
    let encoding = crate::core::string::encoding_of(receiver);
    let (bytes, encoding) = match crate::core::array::check_array(vm, args[0])? {
        Some(array) => {
            let items = vm.array_items(array).expect("an Array");
            sprintf(vm, &format, encoding, &items)?
        }
        None => sprintf(vm, &format, encoding, &args[..1])?,
    };
    Ok(crate::core::string::new_string_in(vm, &bytes, encoding))
}

/// `printf`: `out.write(format(*args))`.
fn write_formatted(vm: &mut Vm, out: Value, args: &[Value]) -> VmResult {
    let Some((&format, rest)) = args.split_first() else {
        return Err(vm.argument_error("too few arguments".into()));
    };
    let (bytes, encoding) = format_value(vm, format, rest)?;
    let text = crate::core::string::new_string_in(vm, &bytes, encoding);
    let write = vm.symbols.intern("write");
    vm.call(out, write, &[text])?;
    Ok(Value::NIL)
}

/// `format(fmt, *args)` with `fmt` converted as a String argument.
fn format_value(vm: &mut Vm, format: Value, args: &[Value]) -> VmResult<(Vec<u8>, Encoding)> {
    let format = crate::core::string::expect_string_value(vm, format)?;
    let encoding = crate::core::string::encoding_of(format);
    let format = crate::core::string::bytes_of(format).clone();
    sprintf(vm, &format, encoding, args)
}

const SHARP: u32 = 1;
const MINUS: u32 = 2;
const PLUS: u32 = 4;
const ZERO: u32 = 8;
const SPACE: u32 = 16;
const WIDTH: u32 = 32;
const PREC: u32 = 64;
/// A `.` was seen (PREC alone is cleared by a negative `*` precision).
const PREC0: u32 = 128;

/// Which arguments the directives have taken, and how: MRI's `posarg`
/// (the last unnumbered argument, -1 after a numbered one, -2 after a
/// named one) and `nextarg`.
struct Args<'a> {
    values: &'a [Value],
    next: usize,
    posarg: i64,
    hash: Option<Value>,
    /// The result's encoding: the format's, joined with each `%s` and `%p`
    /// String's as `<<` joins them (MRI's `rb_enc_check`).
    encoding: Encoding,
}

impl Args<'_> {
    /// The next unnumbered argument.
    fn next(&mut self, vm: &mut Vm) -> VmResult {
        match self.posarg {
            -1 => {
                let message = format!("unnumbered({}) mixed with numbered", self.next);
                return Err(vm.argument_error(message));
            }
            -2 => {
                let message = format!("unnumbered({}) mixed with named", self.next);
                return Err(vm.argument_error(message));
            }
            _ => {}
        }
        self.posarg = self.next as i64;
        self.next += 1;
        self.nth(vm, self.posarg)
    }

    /// Argument `n` (`%n$...`).
    fn positional(&mut self, vm: &mut Vm, n: i64) -> VmResult {
        if self.posarg > 0 {
            let message = format!("numbered({n}) after unnumbered({})", self.posarg);
            return Err(vm.argument_error(message));
        }
        if self.posarg == -2 {
            return Err(vm.argument_error(format!("numbered({n}) after named")));
        }
        if n < 1 {
            return Err(vm.argument_error(format!("invalid index - {n}$")));
        }
        self.posarg = -1;
        self.nth(vm, n)
    }

    fn nth(&self, vm: &mut Vm, n: i64) -> VmResult {
        match self.values.get(n as usize - 1) {
            Some(&value) => Ok(value),
            None => Err(vm.argument_error("too few arguments".into())),
        }
    }

    /// The value named `<name>` or `{name}` (`bracketed` includes the
    /// brackets) in the single Hash argument.
    fn named(&mut self, vm: &mut Vm, bracketed: &[u8]) -> VmResult {
        let shown = String::from_utf8_lossy(bracketed).into_owned();
        if self.posarg > 0 {
            let message = format!("named{shown} after unnumbered({})", self.posarg);
            return Err(vm.argument_error(message));
        }
        if self.posarg == -1 {
            return Err(vm.argument_error(format!("named{shown} after numbered")));
        }
        self.posarg = -2;
        let hash = match self.hash {
            Some(hash) => hash,
            None => {
                let hash = match self.values {
                    [single] => vm.check_hash(*single)?,
                    _ => None,
                };
                let Some(hash) = hash else {
                    return Err(vm.argument_error("one hash required".into()));
                };
                self.hash = Some(hash);
                hash
            }
        };
        let name = String::from_utf8_lossy(&bracketed[1..bracketed.len() - 1]).into_owned();
        let key = Value::symbol(vm.symbols.intern(&name));
        if let Some(value) = vm.hash_lookup(hash, key)? {
            return Ok(value);
        }
        let value = vm.hash_default(hash, key)?;
        if value.is_nil() {
            let class = vm.c.key_error;
            let message = format!("key{shown} not found");
            return Err(vm.raise_with(class, message, &[("receiver", hash), ("key", key)]));
        }
        Ok(value)
    }
}

/// One directive's flags, width and precision as parsed so far.
struct Spec {
    flags: u32,
    width: i64,
    prec: i64,
}

/// The byte at `p`, or NUL past the end (C reads the terminator).
fn at(format: &[u8], p: usize) -> u8 {
    format.get(p).copied().unwrap_or(0)
}

/// MRI's `get_num`: the number whose digits start at `p`; returns it and
/// where the digits end.
fn get_num(vm: &mut Vm, format: &[u8], mut p: usize, what: &str) -> VmResult<(i64, usize)> {
    let mut n: i64 = 0;
    while p < format.len() && format[p].is_ascii_digit() {
        n = n * 10 + i64::from(format[p] - b'0');
        if n > i64::from(i32::MAX) {
            return Err(vm.argument_error(format!("{what} too big")));
        }
        p += 1;
    }
    if p >= format.len() {
        return Err(vm.argument_error("malformed format string - %*[0-9]".into()));
    }
    Ok((n, p))
}

/// Formats `args` by `format` (MRI's `rb_str_format`), a String in
/// `encoding`: the bytes and their encoding.
fn sprintf(
    vm: &mut Vm,
    format: &[u8],
    encoding: Encoding,
    args: &[Value],
) -> VmResult<(Vec<u8>, Encoding)> {
    let mut out = Vec::with_capacity(format.len() + 16);
    let mut args = Args {
        values: args,
        next: 1,
        posarg: 0,
        hash: None,
        encoding,
    };
    let end = format.len();
    let mut p = 0;
    while p < end {
        let t = format[p..]
            .iter()
            .position(|&b| b == b'%')
            .map_or(end, |i| p + i);
        if t + 1 == end {
            let message = "incomplete format specifier; use %% (double %) instead";
            return Err(vm.argument_error(message.into()));
        }
        out.extend_from_slice(&format[p..t]);
        if t >= end {
            break;
        }
        p = t + 1;
        p = directive(vm, format, p, &mut args, &mut out)?;
        p += 1;
    }
    Ok((out, args.encoding))
}

/// Formats the directive whose flags start at `p`; returns the position of
/// its last byte.
fn directive(
    vm: &mut Vm,
    format: &[u8],
    mut p: usize,
    args: &mut Args,
    out: &mut Vec<u8>,
) -> VmResult<usize> {
    let mut spec = Spec {
        flags: 0,
        width: -1,
        prec: -1,
    };
    let mut value: Option<Value> = None;
    let mut name: Option<Vec<u8>> = None;
    loop {
        let c = at(format, p);
        match c {
            b' ' | b'#' | b'+' | b'-' | b'0' => {
                if spec.flags & WIDTH != 0 {
                    return Err(vm.argument_error("flag after width".into()));
                }
                if spec.flags & PREC0 != 0 {
                    return Err(vm.argument_error("flag after precision".into()));
                }
                spec.flags |= match c {
                    b' ' => SPACE,
                    b'#' => SHARP,
                    b'+' => PLUS,
                    b'-' => MINUS,
                    _ => ZERO,
                };
                p += 1;
            }
            b'1'..=b'9' => {
                let (n, next) = get_num(vm, format, p, "width")?;
                p = next;
                if at(format, p) == b'$' {
                    if value.is_some() {
                        return Err(vm.argument_error(format!("value given twice - {n}$")));
                    }
                    value = Some(args.positional(vm, n)?);
                    p += 1;
                    continue;
                }
                check_for_width(vm, spec.flags)?;
                spec.width = n;
                spec.flags |= WIDTH;
            }
            b'<' | b'{' => {
                let term = if c == b'<' { b'>' } else { b'}' };
                let Some(close) = format[p..].iter().position(|&b| b == term) else {
                    let message = "malformed name - unmatched parenthesis";
                    return Err(vm.argument_error(message.into()));
                };
                let bracketed = &format[p..=p + close];
                if let Some(previous) = &name {
                    let message = format!(
                        "named{} after <{}>",
                        String::from_utf8_lossy(bracketed),
                        String::from_utf8_lossy(previous)
                    );
                    return Err(vm.argument_error(message));
                }
                value = Some(args.named(vm, bracketed)?);
                name = Some(bracketed[1..bracketed.len() - 1].to_vec());
                p += close;
                if term == b'}' {
                    let arg = value.expect("the named value");
                    let text = vm.to_s_bytes(arg)?;
                    pad_string(out, &text, &spec);
                    return Ok(p);
                }
                p += 1;
            }
            b'*' => {
                check_for_width(vm, spec.flags)?;
                spec.flags |= WIDTH;
                let (width, next) = aster(vm, format, p, args)?;
                p = next;
                spec.width = width;
                if width < 0 {
                    spec.flags |= MINUS;
                    spec.width = -width;
                }
                p += 1;
            }
            b'.' => {
                if spec.flags & PREC0 != 0 {
                    return Err(vm.argument_error("precision given twice".into()));
                }
                spec.flags |= PREC | PREC0;
                p += 1;
                if at(format, p) == b'*' {
                    let (prec, next) = aster(vm, format, p, args)?;
                    p = next;
                    spec.prec = prec;
                    if prec < 0 {
                        spec.flags &= !PREC;
                    }
                    p += 1;
                    continue;
                }
                let (prec, next) = get_num(vm, format, p, "precision")?;
                spec.prec = prec;
                p = next;
            }
            b'\n' | 0 | b'%' => {
                if spec.flags != 0 {
                    return Err(vm.argument_error("invalid format character - %".into()));
                }
                out.push(b'%');
                // A newline or NUL after `%` is copied as ordinary text.
                return Ok(if c == b'%' { p } else { p - 1 });
            }
            b'c' => {
                let arg = take(vm, args, value)?;
                reserve_padding(vm, out, &spec)?;
                format_char(vm, arg, &spec, out)?;
                return Ok(p);
            }
            b's' | b'p' => {
                let arg = take(vm, args, value)?;
                let string = if c == b'p' {
                    // `rb_inspect`: a result that is not a String is made
                    // one as interpolation does.
                    let inspect = vm.sym.inspect;
                    let inspected = vm.call(arg, inspect, &[])?;
                    vm.interpolate(inspected)?
                } else if arg.get::<RString>().is_some() {
                    arg
                } else {
                    let to_s = vm.sym.to_s;
                    vm.call(arg, to_s, &[])?
                };
                let (text, encoding) = match string.get::<RString>() {
                    Some(string) => (string.bytes().to_vec(), string.encoding()),
                    None => {
                        let text = vm.default_to_s(arg);
                        (text.into_bytes(), Encoding::UsAscii)
                    }
                };
                if encoding != args.encoding {
                    args.encoding = compatible(
                        Operand::String(args.encoding, out),
                        Operand::String(encoding, &text),
                    )
                    .ok_or_else(|| incompatible(vm, args.encoding, encoding))?;
                }
                reserve_padding(vm, out, &spec)?;
                pad_string(out, &text, &spec);
                return Ok(p);
            }
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'b' | b'B' => {
                let arg = take(vm, args, value)?;
                let int = integer_argument(vm, arg)?;
                reserve_padding(vm, out, &spec)?;
                format_integer(&int, c, &mut spec, out);
                return Ok(p);
            }
            b'f' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                let arg = take(vm, args, value)?;
                reserve_padding(vm, out, &spec)?;
                if let (b'f', Some(int)) = (c, Int::of(arg)) {
                    format_exact(&int.to_big(), &mut spec, out);
                    return Ok(p);
                }
                let f = crate::core::kernel::convert_to_float(vm, arg)?;
                format_float(f, c, &spec, out);
                return Ok(p);
            }
            _ => {
                let message = if (0x20..0x7f).contains(&c) {
                    format!("malformed format string - %{}", c as char)
                } else {
                    "malformed format string".to_string()
                };
                return Err(vm.argument_error(message));
            }
        }
    }
}

/// Room in `out` for the padding and digits a directive's width and
/// precision ask for, before they are written: `%999999999f` is a
/// gigabyte, which a memory limit refuses up front (NoMemoryError), as
/// [`Vm::reserve`] refuses what the machine cannot give. Within the
/// limit it is made, as MRI makes it. The reservation is amortised
/// (`try_reserve`, not `Vm::reserve`'s exact one), so a format of many
/// narrow directives does not reallocate at each.
fn reserve_padding(vm: &mut Vm, out: &mut Vec<u8>, spec: &Spec) -> VmResult<()> {
    let asked = spec.width.max(spec.prec).max(0) as usize;
    if vm.may_allocate(asked) && out.try_reserve(asked).is_ok() {
        Ok(())
    } else {
        Err(vm.no_memory())
    }
}

/// MRI's CHECK_FOR_WIDTH.
fn check_for_width(vm: &mut Vm, flags: u32) -> VmResult<()> {
    if flags & WIDTH != 0 {
        return Err(vm.argument_error("width given twice".into()));
    }
    if flags & PREC0 != 0 {
        return Err(vm.argument_error("width after precision".into()));
    }
    Ok(())
}

/// The argument of a conversion: the one chosen by position or name, else
/// the next.
fn take(vm: &mut Vm, args: &mut Args, chosen: Option<Value>) -> VmResult {
    match chosen {
        Some(value) => Ok(value),
        None => args.next(vm),
    }
}

/// MRI's GETASTER: a `*` width or precision, from the next argument or
/// from `*n$`; returns it and the position of the `*` (or the `$`).
fn aster(vm: &mut Vm, format: &[u8], star: usize, args: &mut Args) -> VmResult<(i64, usize)> {
    let (n, after) = get_num(vm, format, star + 1, "width")?;
    let (value, p) = if at(format, after) == b'$' {
        (args.positional(vm, n)?, after)
    } else {
        (args.next(vm)?, star)
    };
    Ok((crate::core::integer::num2int(vm, value)?, p))
}

/// `%s`/`%p`/`%{}`: `text` cut to the precision and padded to the width,
/// both counted in characters.
fn pad_string(out: &mut Vec<u8>, text: &[u8], spec: &Spec) {
    let mut text = text;
    if spec.flags & (PREC | WIDTH) != 0 {
        let mut chars = crate::encoding::utf8_char_count(text) as i64;
        if spec.flags & PREC != 0 && spec.prec < chars {
            let cut: usize = crate::encoding::chars_of(crate::encoding::Encoding::Utf8, text)
                .take(spec.prec as usize)
                .map(<[u8]>::len)
                .sum();
            text = &text[..cut];
            chars = spec.prec;
        }
        if spec.flags & WIDTH != 0 && spec.width > chars {
            let fill = (spec.width - chars) as usize;
            if spec.flags & MINUS == 0 {
                out.resize(out.len() + fill, b' ');
                out.extend_from_slice(text);
            } else {
                out.extend_from_slice(text);
                out.resize(out.len() + fill, b' ');
            }
            return;
        }
    }
    out.extend_from_slice(text);
}

/// `%c`: a code point, or the one character of a String.
fn format_char(vm: &mut Vm, arg: Value, spec: &Spec, out: &mut Vec<u8>) -> VmResult<()> {
    let bytes = match crate::core::string::check_string(vm, arg)? {
        Some(string) => {
            let bytes = vm.string_bytes(string).expect("a String");
            if crate::encoding::utf8_char_count(&bytes) != 1 {
                return Err(vm.argument_error("%c requires a character".into()));
            }
            bytes
        }
        None => {
            let code = crate::core::integer::num2int(vm, arg)? as i32 as u32;
            match code {
                0xffff_fffe | 0xffff_ffff => vec![code as u8],
                0..=0x7f => vec![code as u8],
                0x80..=0x10_ffff => encode_utf8(code),
                _ => return Err(vm.argument_error("invalid character".into())),
            }
        }
    };
    let fill = if spec.flags & WIDTH != 0 && spec.width > 1 {
        (spec.width - 1) as usize
    } else {
        0
    };
    if spec.flags & MINUS != 0 {
        out.extend_from_slice(&bytes);
        out.resize(out.len() + fill, b' ');
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(&bytes);
    }
    Ok(())
}

/// The UTF-8 bytes of a code point (surrogates included, as MRI writes
/// them).
fn encode_utf8(code: u32) -> Vec<u8> {
    match code {
        0..=0x7f => vec![code as u8],
        0x80..=0x7ff => vec![0xc0 | (code >> 6) as u8, 0x80 | (code & 0x3f) as u8],
        0x800..=0xffff => vec![
            0xe0 | (code >> 12) as u8,
            0x80 | ((code >> 6) & 0x3f) as u8,
            0x80 | (code & 0x3f) as u8,
        ],
        _ => vec![
            0xf0 | (code >> 18) as u8,
            0x80 | ((code >> 12) & 0x3f) as u8,
            0x80 | ((code >> 6) & 0x3f) as u8,
            0x80 | (code & 0x3f) as u8,
        ],
    }
}

/// The Integer an integer directive prints: Floats truncated, Strings read
/// strictly with their base prefix, anything else through `Integer()`.
fn integer_argument(vm: &mut Vm, arg: Value) -> VmResult<BigInt> {
    if let Some(int) = Int::of(arg) {
        return Ok(int.to_big());
    }
    if let Some(f) = float_of(arg) {
        let value = crate::core::float::float_to_integer(vm, f.trunc())?;
        return Ok(Int::of(value).expect("an Integer").to_big());
    }
    let value = crate::core::kernel::convert_to_integer(vm, arg)?;
    Ok(Int::of(value).expect("an Integer").to_big())
}

/// `d i u x X o b B`, as MRI lays them out.
fn format_integer(value: &BigInt, conversion: u8, spec: &mut Spec, out: &mut Vec<u8>) {
    let flags = spec.flags;
    let base: u32 = match conversion {
        b'o' => 8,
        b'x' | b'X' => 16,
        b'b' | b'B' => 2,
        _ => 10,
    };
    // Whether a negative number prints with a minus sign (else as a
    // complement).
    let signed = base == 10 || flags & (PLUS | SPACE) != 0;
    let mut prefix: Option<&str> = if flags & SHARP != 0 {
        match conversion {
            b'o' => Some("0"),
            b'x' => Some("0x"),
            b'X' => Some("0X"),
            b'b' => Some("0b"),
            b'B' => Some("0B"),
            _ => None,
        }
    } else {
        None
    };
    let negative = value.is_negative();
    let mut sign_char = None;
    let mut digits;
    let mut dots = false;
    if signed {
        digits = value.abs().to_str_radix(base);
        if negative {
            sign_char = Some(b'-');
        } else if flags & PLUS != 0 {
            sign_char = Some(b'+');
        } else if flags & SPACE != 0 {
            sign_char = Some(b' ');
        }
        if sign_char.is_some() {
            spec.width -= 1;
        }
    } else if negative {
        digits = complement_digits(value, base);
        dots = true;
    } else {
        digits = value.to_str_radix(base);
    }
    if dots {
        spec.prec -= 2;
        spec.width -= 2;
    }
    if conversion == b'X' {
        digits.make_ascii_uppercase();
    }
    let mut len = digits.len() as i64;
    let is_zero = digits == "0";
    if prefix == Some("0") {
        if dots {
            prefix = None;
        } else if is_zero {
            len = 0;
            if flags & PREC != 0 {
                spec.prec -= 1;
            }
        } else if flags & PREC != 0 && spec.prec > len {
            prefix = None;
        }
    } else if is_zero {
        prefix = None;
    }
    if let Some(prefix) = prefix {
        spec.width -= prefix.len() as i64;
    }
    if flags & (ZERO | MINUS | PREC) == ZERO {
        spec.prec = spec.width;
        spec.width = 0;
    } else {
        if spec.prec < len {
            if prefix.is_none() && spec.prec == 0 && is_zero {
                len = 0;
            }
            spec.prec = len;
        }
        spec.width -= spec.prec;
    }
    if flags & MINUS == 0 && spec.width > 0 {
        out.resize(out.len() + spec.width as usize, b' ');
        spec.width = 0;
    }
    if let Some(c) = sign_char {
        out.push(c);
    }
    if let Some(prefix) = prefix {
        out.extend_from_slice(prefix.as_bytes());
    }
    if dots {
        out.extend_from_slice(b"..");
    }
    if spec.prec > len {
        let fill = (spec.prec - len) as usize;
        if !signed && negative {
            let c = match base {
                16 if conversion == b'X' => b'F',
                16 => b'f',
                8 => b'7',
                _ => b'1',
            };
            out.resize(out.len() + fill, c);
        } else if flags & (MINUS | PREC) != MINUS {
            out.resize(out.len() + fill, b'0');
        }
    }
    out.extend_from_slice(&digits.as_bytes()[..len as usize]);
    if spec.width > 0 {
        out.resize(out.len() + spec.width as usize, b' ');
    }
}

/// The two's complement digits of a negative number in base 2, 8 or 16,
/// as few as keep the leading digit a sign digit (`f01` for -255).
fn complement_digits(value: &BigInt, base: u32) -> String {
    let bits = base.trailing_zeros() as u64;
    let magnitude = -value;
    let mut count = magnitude.bits().div_ceil(bits);
    // A magnitude whose leading digit is 1 and the rest zeros (-16 is `f0`)
    // needs no extra digit; anything else does, so that the leading digit
    // is all ones.
    let power_of_base = magnitude.trailing_zeros() == Some(magnitude.bits() - 1)
        && (magnitude.bits() - 1) % bits == 0;
    if !power_of_base {
        count += 1;
    }
    let modulus = BigInt::one() << (bits * count);
    (modulus + value).to_str_radix(base)
}

/// `%f` of an Integer: its exact digits, then the zeros of the precision.
fn format_exact(value: &BigInt, spec: &mut Spec, out: &mut Vec<u8>) {
    let flags = spec.flags;
    let mut sign = if flags & PLUS != 0 { 1 } else { 0 };
    if flags & PREC == 0 {
        spec.prec = 6;
    }
    let prec = spec.prec;
    if value.is_negative() {
        sign = -1;
    }
    let digits = value.abs().to_string();
    let zero = prec.max(0);
    let mut len = digits.len() as i64 + zero;
    if prec >= len {
        len = prec + 1;
    }
    if sign != 0 || flags & SPACE != 0 {
        len += 1;
    }
    if prec > 0 {
        len += 1;
    }
    let fill = if spec.width > len {
        (spec.width - len) as usize
    } else {
        0
    };
    if fill > 0 && flags & (MINUS | ZERO) == 0 {
        out.resize(out.len() + fill, b' ');
    }
    if sign != 0 || flags & SPACE != 0 {
        out.push(match sign {
            1 => b'+',
            -1 => b'-',
            _ => b' ',
        });
    }
    if fill > 0 && flags & (MINUS | ZERO) == ZERO {
        out.resize(out.len() + fill, b'0');
    }
    out.extend_from_slice(digits.as_bytes());
    if prec > 0 {
        out.push(b'.');
        out.resize(out.len() + zero as usize, b'0');
    }
    if fill > 0 && flags & MINUS != 0 {
        out.resize(out.len() + fill, b' ');
    }
}

/// `f e E g G a A` of a double: MRI hands the finite ones to its BSD
/// `vfprintf`, whose layout this follows (with [`dtoa`]'s digits); `Inf`
/// and `NaN` it prints itself.
fn format_float(f: f64, conversion: u8, spec: &Spec, out: &mut Vec<u8>) {
    let flags = spec.flags;
    let width = if flags & WIDTH != 0 { spec.width } else { 0 };
    if !f.is_finite() {
        let text: &[u8] = if f.is_nan() { b"NaN" } else { b"Inf" };
        let sign = if !f.is_nan() && f < 0.0 {
            Some(b'-')
        } else if flags & PLUS != 0 {
            Some(b'+')
        } else if flags & SPACE != 0 {
            Some(b' ')
        } else {
            None
        };
        let len = text.len() as i64 + i64::from(sign.is_some());
        let fill = (width - len).max(0) as usize;
        if flags & MINUS == 0 {
            out.resize(out.len() + fill, b' ');
        }
        out.extend(sign);
        out.extend_from_slice(text);
        if flags & MINUS != 0 {
            out.resize(out.len() + fill, b' ');
        }
        return;
    }
    let prec = if flags & PREC != 0 { spec.prec } else { -1 };
    vfprintf_double(f, conversion, flags, width, prec, out);
}

/// The most digits BSD's vfprintf asks dtoa for (the rest are zeros).
const MAXFRACT: i64 = 308 * 10 / 3;

/// The precision `vfprintf`'s floating-point conversion works with:
/// (`alt`, the digits to ask `cvt()` for, the fraction digits to print),
/// from the `#` flag and the precision given (-1 when none was).
fn float_precision(conversion: u8, alt: bool, prec: i64) -> (bool, i64, i64) {
    match conversion {
        b'a' | b'A' if prec > 0 => (true, prec + 1, prec + 1),
        b'a' | b'A' => (alt, prec, 0),
        b'e' | b'E' if prec == -1 => (true, 7, 0),
        b'e' | b'E' => (alt || prec != 0, prec + 1, prec + 1),
        _ => {
            let alt = alt || (conversion == b'f' && prec != 0);
            if prec == -1 {
                (alt, 6, 0)
            } else {
                (alt, prec, prec)
            }
        }
    }
}

/// Appends `count` copies of `with` (nothing when `count` is not positive).
fn pad(out: &mut Vec<u8>, count: i64, with: u8) {
    if count > 0 {
        out.resize(out.len() + count as usize, with);
    }
}

/// BSD `vfprintf`'s `%[flags][width][.prec]conversion` of a finite double.
fn vfprintf_double(
    value: f64,
    conversion: u8,
    flags: u32,
    width: i64,
    prec: i64,
    out: &mut Vec<u8>,
) {
    let mut sign = if flags & PLUS != 0 {
        Some(b'+')
    } else if flags & SPACE != 0 {
        Some(b' ')
    } else {
        None
    };
    let (alt, prec, mut fprec) = float_precision(conversion, flags & SHARP != 0, prec);
    // cvt(): the digits, with trailing zeros when `alt`.
    let ndigits = prec.min(MAXFRACT);
    let negative = value.is_sign_negative();
    let magnitude = value.abs();
    let (mut digits, mut expt) = match conversion {
        b'a' | b'A' => dtoa::hdtoa(magnitude, conversion == b'A', ndigits as i32),
        b'f' => dtoa::dtoa(magnitude, 3, ndigits as i32),
        _ => dtoa::dtoa(magnitude, 2, ndigits as i32),
    };
    if alt {
        let mut end = ndigits;
        if conversion == b'f' {
            if digits.first() == Some(&b'0') && magnitude != 0.0 {
                expt = -(ndigits as i32) + 1;
            }
            end += i64::from(expt);
        }
        while (digits.len() as i64) < end {
            digits.push(b'0');
        }
    }
    let ndig = digits.len() as i64;
    let mut expt = i64::from(expt);
    let mut ch = conversion;
    if ch == b'g' || ch == b'G' {
        ch = if expt <= -4 || (expt > prec && expt > 1) {
            if ch == b'g' {
                b'e'
            } else {
                b'E'
            }
        } else {
            b'g'
        };
    }
    let mut exponent = Vec::new();
    let mut hex_prefix = None;
    let size = match ch {
        b'a' | b'A' => {
            expt -= 1;
            exponent = exponent_text(expt, ch + b'p' - b'a');
            hex_prefix = Some(ch + b'x' - b'a');
            exponent.len() as i64 + ndig + i64::from(ndig > 1 || alt)
        }
        b'e' | b'E' => {
            expt -= 1;
            exponent = exponent_text(expt, ch);
            let mut size = exponent.len() as i64 + ndig;
            if ndig > 1 || alt {
                fprec += 1;
                size += 1;
            }
            size
        }
        b'f' => {
            if expt > 0 {
                expt + if prec != 0 || alt { prec + 1 } else { 0 }
            } else if prec == 0 {
                1 + i64::from(alt)
            } else {
                prec + 2
            }
        }
        _ if expt >= ndig => expt + i64::from(alt),
        _ => ndig + if expt > 0 { 1 } else { 2 - expt },
    };
    if negative {
        sign = Some(b'-');
    }
    let realsz = size + i64::from(sign.is_some()) + if hex_prefix.is_some() { 2 } else { 0 };
    let ladjust = flags & MINUS != 0;
    let zeropad = flags & ZERO != 0;
    if !ladjust && !zeropad {
        pad(out, width - realsz, b' ');
    }
    out.extend(sign);
    if let Some(x) = hex_prefix {
        out.extend_from_slice(&[b'0', x]);
    }
    if zeropad && !ladjust {
        pad(out, width - realsz, b'0');
    }
    if hex_prefix.is_some() {
        if ndig > 1 || alt {
            out.push(digits[0]);
            out.push(b'.');
            if ndig > 0 {
                out.extend_from_slice(&digits[1..]);
            }
        } else {
            out.push(digits[0]);
        }
        pad(out, fprec - ndig, b'0');
        out.extend_from_slice(&exponent);
    } else if ch >= b'f' {
        let ch_is_f = i64::from(ch == b'f');
        if magnitude == 0.0 {
            if ndig <= 1 && !alt {
                out.push(b'0');
            } else {
                out.extend_from_slice(b"0.");
                let zeros = if ndig >= fprec {
                    ndig - 1
                } else {
                    fprec - (1 - ch_is_f)
                };
                pad(out, zeros, b'0');
            }
        } else if expt == 0 && ndig == 0 && !alt {
            out.push(b'0');
        } else if expt <= 0 {
            out.extend_from_slice(b"0.");
            pad(out, -expt, b'0');
            out.extend_from_slice(&digits);
            if alt {
                pad(out, fprec - ndig + if ch == b'f' { expt } else { 0 }, b'0');
            }
        } else if expt >= ndig {
            out.extend_from_slice(&digits);
            pad(out, expt - ndig, b'0');
            if alt {
                out.push(b'.');
            }
        } else {
            let point = expt as usize;
            out.extend_from_slice(&digits[..point]);
            out.push(b'.');
            out.extend_from_slice(&digits[point..]);
            if alt {
                pad(out, fprec - ndig + if ch == b'f' { expt } else { 0 }, b'0');
            }
        }
    } else {
        if ndig > 1 || alt {
            out.push(digits[0]);
            out.push(b'.');
            if magnitude != 0.0 {
                out.extend_from_slice(&digits[1..]);
            } else {
                pad(out, ndig - 1, b'0');
            }
            if alt {
                pad(out, fprec - ndig - 1, b'0');
            }
        } else {
            out.push(digits[0]);
        }
        out.extend_from_slice(&exponent);
    }
    if ladjust {
        pad(out, width - realsz, b' ');
    }
}

/// vfprintf's exponent: the letter, a sign, and at least two digits (one
/// for `%a`'s `p`).
fn exponent_text(exponent: i64, letter: u8) -> Vec<u8> {
    let mut text = vec![letter, if exponent < 0 { b'-' } else { b'+' }];
    let magnitude = exponent.abs();
    if magnitude < 10 && letter & 15 != 0 {
        text.push(b'0');
    }
    text.extend_from_slice(magnitude.to_string().as_bytes());
    text
}

/// `format`, `sprintf`.
fn format(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let Some((&format, rest)) = args.split_first() else {
        return Err(vm.argument_error("too few arguments".into()));
    };
    let (bytes, encoding) = format_value(vm, format, rest)?;
    Ok(crate::core::string::new_string_in(vm, &bytes, encoding))
}
