//! Kernel's functions: `puts`, `print`, `p` (written to `$stdout`), and the
//! strict conversions `Integer()`, `Float()`, `String()`, `Array()`, `Hash()`;
//! and the copies of its module functions on Kernel itself (`Kernel.format`).

use crate::core::integer::{float_of, Int};
use crate::core::io;
use crate::core::private;
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    // caller(start = 1, length = nil): the backtrace of the method that
    // called `caller`, from its `start`th frame.
    vm.define_methods(
        kernel,
        &[
            private("caller", 0, Some(2), kernel_caller),
            private("puts", 0, None, kernel_puts),
            private("print", 0, None, kernel_print),
            private("p", 0, None, p),
            private("pp", 0, None, p),
        ],
    );
}

/// `caller`.
fn kernel_caller(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let start = match args.first() {
        Some(&start) => crate::core::array::to_long(vm, start)?,
        None => 1,
    };
    if start < 0 {
        return Err(vm.argument_error(format!("negative level ({start})")));
    }
    let lines = vm.backtrace_lines();
    let from = (start as usize + 1).min(lines.len());
    let mut picked = &lines[from..];
    if let Some(&length) = args.get(1) {
        let length = crate::core::array::to_long(vm, length)?;
        if length < 0 {
            return Err(vm.argument_error(format!("negative size ({length})")));
        }
        picked = &picked[..picked.len().min(length as usize)];
    }
    let strings = picked.to_vec();
    let result = vm.new_array(Vec::with_capacity(strings.len()));
    vm.append_strings(result, strings.iter().map(|s| s.as_bytes()));
    Ok(result)
}

/// `puts`.
fn kernel_puts(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let stdout = vm.global(vm.sym.stdout_global);
    io::puts_on(vm, stdout, args)?;
    Ok(Value::NIL)
}

/// `print`.
fn kernel_print(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let stdout = vm.global(vm.sym.stdout_global);
    io::print_on(vm, stdout, args)?;
    Ok(Value::NIL)
}

/// `p`: the inspect form of each argument; returns its argument (or an
/// Array of them).
fn p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let stdout = vm.global(vm.sym.stdout_global);
    for &arg in args {
        let text = vm.inspect(arg)?;
        io::write_pieces_on(vm, stdout, &[text.as_bytes(), b"\n"])?;
    }
    Ok(match args {
        [] => Value::NIL,
        [single] => *single,
        several => vm.new_array(several.to_vec()),
    })
}

/// `Integer(x)`, `Float(x)`, `String(x)`, `Array(x)`: strict conversions.
pub fn define_conversions(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("Integer", 1, Some(3), kernel_integer),
            private("Float", 1, Some(2), kernel_float),
            private("Rational", 0, None, kernel_rational),
            private("Complex", 0, None, kernel_complex),
            private("String", 1, Some(1), kernel_string),
            private("Array", 1, Some(1), kernel_array),
            private("Hash", 1, Some(1), kernel_hash),
        ],
    );
}

/// `Integer(x, base = nil, exception: true)`.
fn kernel_integer(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (args, raise) = exception_keyword(vm, args, 2)?;
    let result = match args {
        [value] => convert_to_integer(vm, *value),
        [value, base] if base.is_nil() => convert_to_integer(vm, *value),
        [value, base] => integer_with_base(vm, *value, *base),
        _ => unreachable!("arity checked"),
    };
    swallow_unless(result, raise)
}

/// `Float(x, exception: true)`.
fn kernel_float(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (args, raise) = exception_keyword(vm, args, 1)?;
    let result = convert_to_float(vm, args[0]).map(|f| vm.new_float(f));
    swallow_unless(result, raise)
}

// Rational and Complex are not built yet: their constructors exist (as in
// MRI, so that did_you_mean offers them) and say so.

/// `Rational(...)`: NotImplementedError.
fn kernel_rational(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let class = vm.c.not_implemented_error;
    Err(vm.raise(class, "Rational is not supported by rhizome".into()))
}

/// `Complex(...)`: NotImplementedError.
fn kernel_complex(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let class = vm.c.not_implemented_error;
    Err(vm.raise(class, "Complex is not supported by rhizome".into()))
}

/// `String(x)`: `x.to_s`.
fn kernel_string(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let bytes = vm.to_s_bytes(args[0])?;
    Ok(vm.new_string(bytes))
}

/// `Array(x)`: `[]` for nil, an Array as it is, else what `to_ary` or
/// `to_a` gives, else `[x]`.
fn kernel_array(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let value = args[0];
    if value.is_nil() {
        return Ok(vm.new_array(Vec::new()));
    }
    if vm.array_items(value).is_some() {
        return Ok(value);
    }
    for name in ["to_ary", "to_a"] {
        let method = vm.symbols.intern(name);
        let class = vm.class_of(value);
        if vm.find_method(class, method).is_some() {
            let converted = vm.call(value, method, &[])?;
            if vm.array_items(converted).is_some() {
                return Ok(converted);
            }
        }
    }
    Ok(vm.new_array(vec![value]))
}

/// `Hash(x)`: a new empty Hash for nil and `[]`, else `x` as a Hash (it is
/// one, or converts with `to_hash`); TypeError for anything else.
fn kernel_hash(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let value = args[0];
    if value.is_nil() || vm.array_items(value).is_some_and(|items| items.is_empty()) {
        return Ok(vm.new_hash());
    }
    if let Some(hash) = vm.check_hash(value)? {
        return Ok(hash);
    }
    let name = vm.class_name(vm.real_class_of(value));
    Err(vm.type_error(format!("can't convert {name} into Hash")))
}

/// The positional arguments (at most `max`, at least one) and the
/// `exception:` keyword (true unless given false).
fn exception_keyword<'a>(
    vm: &mut Vm,
    args: &'a [Value],
    max: usize,
) -> VmResult<(&'a [Value], bool)> {
    let (positional, values) = vm.native_keywords(args, &["exception"])?;
    if positional.is_empty() || positional.len() > max {
        return Err(vm.arity_error(positional.len(), 1, Some(max)));
    }
    Ok((positional, values[0].is_none_or(|v| v.truthy())))
}

/// With `exception: false`, an error becomes nil.
fn swallow_unless(result: VmResult, raise: bool) -> VmResult {
    match result {
        Err(Control::Raise(_)) if !raise => Ok(Value::NIL),
        other => other,
    }
}

/// MRI's `rb_Integer`: `Integer(value)` without a base.
pub fn convert_to_integer(vm: &mut Vm, value: Value) -> VmResult {
    if Int::of(value).is_some() {
        return Ok(value);
    }
    if let Some(f) = float_of(value) {
        return crate::core::float::float_to_integer(vm, f.trunc());
    }
    if let Some(bytes) = vm.string_bytes(value) {
        return string_to_integer(vm, &bytes, 0);
    }
    if value.is_nil() {
        return Err(vm.type_error("can't convert nil into Integer".into()));
    }
    let to_int = vm.symbols.intern("to_int");
    if vm.find_method(vm.class_of(value), to_int).is_some() {
        let converted = vm.call(value, to_int, &[])?;
        if Int::of(converted).is_some() {
            return Ok(converted);
        }
    }
    if let Some(string) = crate::core::string::check_string(vm, value)? {
        let bytes = vm.string_bytes(string).expect("a String");
        return string_to_integer(vm, &bytes, 0);
    }
    convert_with(vm, value, "to_i", "Integer", |v| Int::of(v).is_some())
}

/// `Integer(string, base)`.
fn integer_with_base(vm: &mut Vm, value: Value, base: Value) -> VmResult {
    let base = crate::core::array::to_long(vm, base)?;
    let Some(string) = crate::core::string::check_string(vm, value)? else {
        return Err(vm.argument_error("base specified for non string value".into()));
    };
    if base == 1 || base.abs() > 36 {
        return Err(vm.argument_error(format!("invalid radix {}", base.abs())));
    }
    let bytes = vm.string_bytes(string).expect("a String");
    string_to_integer(vm, &bytes, base)
}

/// `value.to_i` (or `to_f`) for `Integer()` (`Float()`): TypeError when
/// there is no such method or it returns something else.
fn convert_with(
    vm: &mut Vm,
    value: Value,
    method: &str,
    into: &str,
    accept: fn(Value) -> bool,
) -> VmResult {
    let name = vm.symbols.intern(method);
    let described = vm.special_or_class_name(value);
    if value.is_nil() || vm.find_method(vm.class_of(value), name).is_none() {
        return Err(vm.type_error(format!("can't convert {described} into {into}")));
    }
    let converted = vm.call(value, name, &[])?;
    if !accept(converted) {
        let gives = vm.class_name(vm.real_class_of(converted));
        return Err(vm.type_error(format!(
            "can't convert {described} to {into} ({described}#{method} gives {gives})"
        )));
    }
    Ok(converted)
}

/// A String read strictly as an Integer in `base` (see
/// [`parse_strict_integer`]).
fn string_to_integer(vm: &mut Vm, bytes: &[u8], base: i64) -> VmResult {
    match parse_strict_integer(bytes, base) {
        Some(n) => Ok(vm.new_integer(n)),
        None => {
            let shown = crate::core::string::inspect_string(bytes);
            Err(vm.argument_error(format!("invalid value for Integer(): {shown}")))
        }
    }
}

/// MRI's `rb_Float`: `Float(value)`.
pub fn convert_to_float(vm: &mut Vm, value: Value) -> VmResult<f64> {
    if let Some(f) = float_of(value) {
        return Ok(f);
    }
    if let Some(int) = Int::of(value) {
        return Ok(int.to_f64());
    }
    if let Some(bytes) = vm.string_bytes(value) {
        if bytes.contains(&0) {
            return Err(vm.argument_error("string for Float contains null byte".into()));
        }
        return match parse_strict_float(&bytes) {
            Some(f) => Ok(f),
            None => {
                let shown = crate::core::string::inspect_string(&bytes);
                Err(vm.argument_error(format!("invalid value for Float(): {shown}")))
            }
        };
    }
    let converted = convert_with(vm, value, "to_f", "Float", |v| float_of(v).is_some())?;
    Ok(float_of(converted).expect("a Float"))
}

/// Whitespace that strict conversions allow around a number.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn trim_spaces(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_space(b))
        .map_or(start, |i| i + 1);
    &bytes[start..end]
}

/// Digits of `radix` with single underscores between them (the whole of
/// `bytes`), without the underscores; None if that is not what it is.
fn digit_run(bytes: &[u8], radix: u32) -> Option<String> {
    if bytes.is_empty() || bytes[0] == b'_' || bytes[bytes.len() - 1] == b'_' {
        return None;
    }
    let mut digits = String::with_capacity(bytes.len());
    let mut underscore = false;
    for &b in bytes {
        if b == b'_' {
            if underscore {
                return None;
            }
            underscore = true;
            continue;
        }
        if !(b as char).is_digit(radix) {
            return None;
        }
        underscore = false;
        digits.push(b as char);
    }
    Some(digits)
}

/// `Integer("...")`'s grammar: optional whitespace and sign, a base prefix
/// (`0x`, `0b`, `0o`, `0d`, or `0` for octal), digits with single
/// underscores between them, optional trailing whitespace. A positive
/// `base` allows only the prefix naming it; 0 allows any, defaulting to
/// decimal; a negative one allows any, defaulting to `-base` (10 for -1).
fn parse_strict_integer(bytes: &[u8], base: i64) -> Option<num_bigint::BigInt> {
    let (any_prefix, default) = match base {
        0 | -1 => (true, 10),
        b if b < 0 => (true, (-b) as u32),
        b => (false, b as u32),
    };
    let trimmed = trim_spaces(bytes);
    let (negative, body) = match trimmed.first()? {
        b'-' => (true, &trimmed[1..]),
        b'+' => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let prefixed = match body {
        [b'0', letter, rest @ ..] => {
            let named = match letter.to_ascii_lowercase() {
                b'x' => 16,
                b'b' => 2,
                b'o' => 8,
                b'd' => 10,
                _ => 0,
            };
            (named != 0 && (any_prefix || default == named)).then_some((named, rest))
        }
        _ => None,
    };
    let (radix, digits) = match prefixed {
        Some(found) => found,
        None if any_prefix && body.len() > 1 && body[0] == b'0' => (8, &body[1..]),
        None => (default, body),
    };
    let digits = digit_run(digits, radix)?;
    let value = num_bigint::BigInt::parse_bytes(digits.as_bytes(), radix)?;
    Some(if negative { -value } else { value })
}

/// `Float("...")`'s grammar: optional whitespace and sign, then a decimal
/// number (digits with single underscores, an optional fraction with a
/// digit after the point, an optional exponent) or a C99 hexadecimal float
/// (`0x1.8p1`), then optional whitespace.
fn parse_strict_float(bytes: &[u8]) -> Option<f64> {
    let trimmed = trim_spaces(bytes);
    let (negative, body) = match trimmed.first()? {
        b'-' => (true, &trimmed[1..]),
        b'+' => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let magnitude = if let [b'0', b'x' | b'X', rest @ ..] = body {
        parse_hex_float(rest)?
    } else {
        parse_decimal(body)?
    };
    Some(if negative { -magnitude } else { magnitude })
}

fn parse_decimal(body: &[u8]) -> Option<f64> {
    let (mantissa, exponent) = match body.iter().position(|&b| b == b'e' || b == b'E') {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (integer, fraction) = match mantissa.iter().position(|&b| b == b'.') {
        Some(i) => (&mantissa[..i], Some(&mantissa[i + 1..])),
        None => (mantissa, None),
    };
    let mut text = if integer.is_empty() && fraction.is_some() {
        String::from("0")
    } else {
        digit_run(integer, 10)?
    };
    if let Some(fraction) = fraction {
        text.push('.');
        text.push_str(&digit_run(fraction, 10)?);
    }
    if let Some(exponent) = exponent {
        let (sign, digits) = match exponent.first() {
            Some(&sign @ (b'-' | b'+')) => (sign as char, &exponent[1..]),
            _ => ('+', exponent),
        };
        text.push('e');
        text.push(sign);
        text.push_str(&digit_run(digits, 10)?);
    }
    text.parse().ok()
}

/// The digits of a hexadecimal float after its `0x`: hex digits, an
/// optional fraction, an optional binary exponent (`p-3`).
fn parse_hex_float(body: &[u8]) -> Option<f64> {
    let (mantissa, exponent) = match body.iter().position(|&b| b == b'p' || b == b'P') {
        Some(i) => (&body[..i], Some(&body[i + 1..])),
        None => (body, None),
    };
    let (integer, fraction) = match mantissa.iter().position(|&b| b == b'.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, &[][..]),
    };
    let integer = digit_run(integer, 16)?;
    let fraction = if fraction.is_empty() {
        String::new()
    } else {
        digit_run(fraction, 16)?
    };
    let all = format!("{integer}{fraction}");
    let mut scale = -4 * fraction.len() as i64;
    if let Some(exponent) = exponent {
        let (negative, digits) = match exponent.first() {
            Some(b'-') => (true, &exponent[1..]),
            Some(b'+') => (false, &exponent[1..]),
            _ => (false, exponent),
        };
        let digits = digit_run(digits, 10)?;
        let value: i64 = digits.parse().unwrap_or(i64::MAX / 4);
        scale += if negative { -value } else { value };
    }
    let value = num_bigint::BigInt::parse_bytes(all.as_bytes(), 16)?;
    let one = num_bigint::BigInt::from(1);
    Some(if scale >= 0 {
        crate::core::integer::big_to_f64(&(value << scale.min(2048) as usize))
    } else {
        crate::core::integer::nearest_quotient(&value, &(one << (-scale).min(2048) as usize))
    })
}

/// The Kernel methods MRI makes module functions: each is also a public
/// method of Kernel itself (`Kernel.load(file)`, `Kernel.format(...)`).
const MODULE_FUNCTIONS: &[&str] = &[
    "Array",
    "Complex",
    "Float",
    "Hash",
    "Integer",
    "Rational",
    "String",
    "__callee__",
    "__dir__",
    "__method__",
    "`",
    "abort",
    "at_exit",
    "autoload",
    "autoload?",
    "binding",
    "block_given?",
    "caller",
    "caller_locations",
    "catch",
    "eval",
    "exec",
    "exit",
    "exit!",
    "fail",
    "fork",
    "format",
    "gets",
    "global_variables",
    "iterator?",
    "lambda",
    "load",
    "local_variables",
    "loop",
    "open",
    "p",
    "print",
    "printf",
    "proc",
    "putc",
    "puts",
    "raise",
    "rand",
    "readline",
    "readlines",
    "require",
    "require_relative",
    "select",
    "set_trace_func",
    "sleep",
    "spawn",
    "sprintf",
    "srand",
    "syscall",
    "system",
    "test",
    "throw",
    "trace_var",
    "trap",
    "untrace_var",
    "warn",
];

/// Gives Kernel's singleton class a public copy of each of
/// [`MODULE_FUNCTIONS`] that Kernel defines, natively or in the prelude
/// (run once both have defined theirs).
pub fn define_module_functions(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    let singleton = vm.singleton_class(kernel);
    for name in MODULE_FUNCTIONS {
        let name = vm.symbols.intern(name);
        let own = crate::vm::class_data(kernel)
            .methods
            .borrow()
            .get(&name)
            .cloned();
        let Some(entry) = own.filter(|entry| !entry.is_undefined()) else {
            continue;
        };
        if crate::vm::class_data(singleton)
            .methods
            .borrow()
            .contains_key(&name)
        {
            continue;
        }
        vm.add_method_in(
            singleton,
            name,
            entry.body.clone(),
            crate::object::Visibility::Public,
            entry.cref.clone(),
        );
    }
}
