//! Float, and MRI's way of printing doubles.
//!
//! `Float#to_s` prints the shortest digits that read back as the same double
//! (MRI's dtoa in mode 0 finds them), laid out as MRI lays them out.
//! With the value written `0.DIGITS * 10^decpt`: plain decimal when the point
//! falls inside the digits or `decpt <= 15` (`1234567890123456.8`,
//! `100000000000000.0`), `0.000ddd` when `-4 < decpt <= 0` (`0.0001`), and
//! scientific otherwise (`1.0e-05`, `1.0e+15`), always with a fractional
//! part.

use crate::core::integer::{
    self, coerce_bin, compare_int_float, equal_method, float_of, float_to_big, Half, Int, Rounding,
};
use crate::core::public;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::One;
use std::cmp::Ordering;

/// MRI's `Float#to_s`.
pub fn float_to_s(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    if f == 0.0 {
        return if f.is_sign_negative() {
            "-0.0".into()
        } else {
            "0.0".into()
        };
    }
    // The shortest digits that read back as `f`, as MRI's dtoa finds them.
    let (digits, decpt) = crate::core::dtoa::shortest(f.abs());
    let digits = String::from_utf8(digits).expect("ASCII digits");
    let sign = if f < 0.0 { "-" } else { "" };
    let digit_count = digits.len() as i32;
    if decpt > 0 && (decpt < digit_count || decpt <= 15) {
        let point = decpt as usize;
        if digits.len() <= point {
            return format!("{sign}{digits}{}.0", "0".repeat(point - digits.len()));
        }
        return format!("{sign}{}.{}", &digits[..point], &digits[point..]);
    }
    if (-3..=0).contains(&decpt) {
        return format!("{sign}0.{}{digits}", "0".repeat((-decpt) as usize));
    }
    let (first, rest) = digits.split_at(1);
    let rest = if rest.is_empty() { "0" } else { rest };
    let exponent = decpt - 1;
    let exponent_sign = if exponent < 0 { '-' } else { '+' };
    format!("{sign}{first}.{rest}e{exponent_sign}{:02}", exponent.abs())
}

pub fn define(vm: &mut Vm) {
    let float = vm.c.float;
    vm.define_methods(
        float,
        &[
            public("+", 1, Some(1), float_plus),
            public("-", 1, Some(1), float_minus),
            public("*", 1, Some(1), float_times),
            public("/", 1, Some(1), float_divide),
            public("quo", 1, Some(1), float_quo),
            public("fdiv", 1, Some(1), float_fdiv),
            public("%", 1, Some(1), float_modulo),
            public("modulo", 1, Some(1), float_modulo),
            public("**", 1, Some(1), pow),
            public("divmod", 1, Some(1), float_divmod),
            public("div", 1, Some(1), float_div),
            public("remainder", 1, Some(1), float_remainder),
            public("-@", 0, Some(0), float_uminus),
            public("+@", 0, Some(0), float_uplus),
            public("==", 1, Some(1), equal_method),
            public("===", 1, Some(1), equal_method),
            public("eql?", 1, Some(1), float_eql_p),
            public("<", 1, Some(1), float_lt),
            public("<=", 1, Some(1), float_le),
            public(">", 1, Some(1), float_gt),
            public(">=", 1, Some(1), float_ge),
            public("<=>", 1, Some(1), float_cmp),
            public("coerce", 1, Some(1), float_coerce),
            public("hash", 0, Some(0), float_hash),
        ],
    );
    vm.define_methods(
        float,
        &[
            public("to_s", 0, Some(0), to_s),
            public("inspect", 0, Some(0), to_s),
        ],
    );
    vm.define_methods(
        float,
        &[
            public("to_f", 0, Some(0), float_to_f),
            public("to_i", 0, Some(0), float_to_i),
            public("to_int", 0, Some(0), float_to_int),
            public("floor", 0, Some(1), float_floor),
            public("ceil", 0, Some(1), float_ceil),
            public("truncate", 0, Some(1), float_truncate),
            public("round", 0, Some(2), round),
            public("abs", 0, Some(0), float_abs),
            public("magnitude", 0, Some(0), float_magnitude),
            public("next_float", 0, Some(0), float_next_float),
            public("prev_float", 0, Some(0), float_prev_float),
            public("nan?", 0, Some(0), float_nan_p),
            public("finite?", 0, Some(0), float_finite_p),
            public("infinite?", 0, Some(0), float_infinite_p),
            public("zero?", 0, Some(0), float_zero_p),
            public("nonzero?", 0, Some(0), float_nonzero_p),
            public("positive?", 0, Some(0), float_positive_p),
            public("negative?", 0, Some(0), float_negative_p),
            public("integer?", 0, Some(0), float_integer_p),
        ],
    );
    let constants = [
        ("INFINITY", f64::INFINITY),
        ("NAN", f64::NAN),
        ("EPSILON", f64::EPSILON),
        ("MAX", f64::MAX),
        ("MIN", f64::MIN_POSITIVE),
    ];
    for (name, f) in constants {
        let value = vm.new_float(f);
        let sym = vm.symbols.intern(name);
        vm.set_constant(float, sym, value);
    }
    let integers = [
        ("DIG", 15),
        ("MANT_DIG", 53),
        ("MAX_10_EXP", 308),
        ("MIN_10_EXP", -307),
        ("MAX_EXP", 1024),
        ("MIN_EXP", -1021),
        ("RADIX", 2),
    ];
    for (name, n) in integers {
        let sym = vm.symbols.intern(name);
        vm.set_constant(float, sym, Value::small(n));
    }
}

/// `+`.
fn float_plus(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "+")
}

/// `-`.
fn float_minus(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "-")
}

/// `*`.
fn float_times(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "*")
}

/// `/`.
fn float_divide(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "/")
}

/// `quo`.
fn float_quo(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "/")
}

/// `fdiv`.
fn float_fdiv(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "/")
}

/// `%`.
fn float_modulo(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    float_arith(vm, a, b[0], "%")
}

/// `divmod`.
fn float_divmod(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let Some(y) = operand(b[0]) else {
        return coerce_bin(vm, a, b[0], "divmod");
    };
    let (div, modulo) = flodivmod(vm, value(a), y)?;
    let div = float_to_integer(vm, div)?;
    let modulo = vm.new_float(modulo);
    Ok(vm.new_array(vec![div, modulo]))
}

/// `div`.
fn float_div(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    if integer::equal(Value::small(0), b[0]) {
        return Err(vm.zero_division());
    }
    let quotient = float_arith(vm, a, b[0], "/")?;
    let floor = vm.symbols.intern("floor");
    vm.call(quotient, floor, &[])
}

/// `remainder`.
fn float_remainder(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let x = value(a);
    let Some(y) = operand(b[0]) else {
        return coerce_bin(vm, a, b[0], "remainder");
    };
    let (_, modulo) = flodivmod(vm, x, y)?;
    if modulo != 0.0 && ((x < 0.0 && y > 0.0) || (x > 0.0 && y < 0.0)) {
        if y.is_infinite() {
            return Ok(a);
        }
        return Ok(vm.new_float(modulo - y));
    }
    Ok(vm.new_float(modulo))
}

/// `-@`.
fn float_uminus(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_float(-value(a)))
}

/// `+@`.
fn float_uplus(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `eql?`.
fn float_eql_p(_: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    Ok(Value::bool(float_of(b[0]) == Some(value(a))))
}

/// `<`.
fn float_lt(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], "<", Ordering::is_lt)
}

/// `<=`.
fn float_le(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], "<=", Ordering::is_le)
}

/// `>`.
fn float_gt(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], ">", Ordering::is_gt)
}

/// `>=`.
fn float_ge(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], ">=", Ordering::is_ge)
}

/// `<=>`.
fn float_cmp(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    if let Some(ordering) = compare(a, b[0]) {
        return Ok(Value::small(ordering as i64));
    }
    if value(a).is_nan() || operand(b[0]).is_some() {
        return Ok(Value::NIL);
    }
    integer::coerce_cmp(vm, a, b[0])
}

/// `coerce`.
fn float_coerce(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let other = crate::core::kernel::convert_to_float(vm, b[0])?;
    let other = vm.new_float(other);
    Ok(vm.new_array(vec![other, a]))
}

/// `hash`.
fn float_hash(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    // 0.0 and -0.0 are eql?, so they hash alike.
    let f = value(a);
    let bits = if f == 0.0 { 0 } else { f.to_bits() };
    let hash = (bits.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 2) as i64;
    Ok(vm.new_int(hash as i128))
}

/// `to_f`.
fn float_to_f(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `to_i`.
fn float_to_i(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    float_to_integer(vm, value(a).trunc())
}

/// `to_int`.
fn float_to_int(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    float_to_integer(vm, value(a).trunc())
}

/// `floor`.
fn float_floor(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let digits = ndigits(vm, args)?;
    floor(vm, a, digits)
}

/// `ceil`.
fn float_ceil(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let digits = ndigits(vm, args)?;
    ceil(vm, a, digits)
}

/// `truncate`.
fn float_truncate(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let digits = ndigits(vm, args)?;
    if value(a).is_sign_negative() {
        ceil(vm, a, digits)
    } else {
        floor(vm, a, digits)
    }
}

/// `abs`.
fn float_abs(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_float(value(a).abs()))
}

/// `magnitude`.
fn float_magnitude(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_float(value(a).abs()))
}

/// `next_float`.
fn float_next_float(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_float(next_after(value(a), true)))
}

/// `prev_float`.
fn float_prev_float(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_float(next_after(value(a), false)))
}

/// `nan?`.
fn float_nan_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(value(a).is_nan()))
}

/// `finite?`.
fn float_finite_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(value(a).is_finite()))
}

/// `infinite?`.
fn float_infinite_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let f = value(a);
    Ok(if f.is_infinite() {
        Value::small(if f > 0.0 { 1 } else { -1 })
    } else {
        Value::NIL
    })
}

/// `zero?`.
fn float_zero_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(value(a) == 0.0))
}

/// `nonzero?`.
fn float_nonzero_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(if value(a) == 0.0 { Value::NIL } else { a })
}

/// `positive?`.
fn float_positive_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(value(a) > 0.0))
}

/// `negative?`.
fn float_negative_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(value(a) < 0.0))
}

/// `integer?`.
fn float_integer_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::FALSE)
}

/// C's `nextafter` toward +Infinity (`up`) or -Infinity.
fn next_after(x: f64, up: bool) -> f64 {
    if x.is_nan() || (x.is_infinite() && (x > 0.0) == up) {
        return x;
    }
    if x == 0.0 {
        let tiny = f64::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    f64::from_bits(if (x > 0.0) == up { bits + 1 } else { bits - 1 })
}

/// The double of a Float receiver.
fn value(a: Value) -> f64 {
    float_of(a).expect("Float receiver")
}

/// An Integer or Float operand as a double.
fn operand(b: Value) -> Option<f64> {
    float_of(b).or_else(|| Int::of(b).map(|i| i.to_f64()))
}

/// MRI's `dbl2ival`: the Integer of an integral double; FloatDomainError
/// for NaN and the infinities.
pub fn float_to_integer(vm: &mut Vm, f: f64) -> VmResult {
    if f.is_nan() || f.is_infinite() {
        let class = vm.c.float_domain_error;
        return Err(vm.raise(class, float_to_s(f)));
    }
    if f.abs() < 4.0e18 {
        return Ok(vm.new_int(f as i128));
    }
    Ok(vm.new_integer(float_to_big(f)))
}

/// Ruby's float modulo: the result has the sign of the divisor.
pub fn float_mod(vm: &mut Vm, x: f64, y: f64) -> VmResult {
    if y == 0.0 {
        return Err(vm.zero_division());
    }
    Ok(vm.new_float(float_mod_value(x, y)))
}

pub fn float_mod_value(x: f64, y: f64) -> f64 {
    let m = x % y;
    if y * m < 0.0 {
        m + y
    } else {
        m
    }
}

/// MRI's `flodivmod`: the floored quotient (a whole double) and the
/// modulus; ZeroDivisionError for a zero divisor.
pub fn flodivmod(vm: &mut Vm, x: f64, y: f64) -> VmResult<(f64, f64)> {
    if y.is_nan() {
        return Ok((y, y));
    }
    if y == 0.0 {
        return Err(vm.zero_division());
    }
    let mut modulo = if x == 0.0 || (y.is_infinite() && !x.is_infinite()) {
        x
    } else {
        x % y
    };
    let mut div = if x.is_infinite() && !y.is_infinite() {
        x
    } else {
        ((x - modulo) / y).round()
    };
    if y * modulo < 0.0 {
        modulo += y;
        div -= 1.0;
    }
    Ok((div, modulo))
}

fn float_arith(vm: &mut Vm, a: Value, b: Value, op: &str) -> VmResult {
    let x = value(a);
    let Some(y) = operand(b) else {
        return coerce_bin(vm, a, b, op);
    };
    match op {
        "+" => Ok(vm.new_float(x + y)),
        "-" => Ok(vm.new_float(x - y)),
        "*" => Ok(vm.new_float(x * y)),
        "/" => Ok(vm.new_float(x / y)),
        _ => float_mod(vm, x, y),
    }
}

/// `**`: `pow` of doubles; a negative base to a fractional power would be
/// a Complex, which rhizome does not support.
fn pow(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let x = value(a);
    let b = args[0];
    if b == Value::small(2) {
        return Ok(vm.new_float(x * x));
    }
    if let Some(y) = float_of(b) {
        if x < 0.0 && y != y.round() {
            let class = vm.c.not_implemented_error;
            return Err(vm.raise(class, "Complex is not supported by rhizome".into()));
        }
        return Ok(vm.new_float(x.powf(y)));
    }
    match Int::of(b) {
        Some(y) => Ok(vm.new_float(x.powf(y.to_f64()))),
        None => coerce_bin(vm, a, b, "**"),
    }
}

/// Compares a Float with a Float or Integer (None for NaN or other types).
pub fn compare(a: Value, b: Value) -> Option<Ordering> {
    let x = float_of(a)?;
    if let Some(y) = float_of(b) {
        return x.partial_cmp(&y);
    }
    let y = Int::of(b)?;
    compare_int_float(&y, x).map(Ordering::reverse)
}

fn compare_op(vm: &mut Vm, a: Value, b: Value, op: &str, test: fn(Ordering) -> bool) -> VmResult {
    match compare(a, b) {
        Some(ordering) => Ok(Value::bool(test(ordering))),
        None if operand(b).is_some() => Ok(Value::FALSE),
        None => integer::coerce_relop(vm, a, b, op),
    }
}

/// `floor`/`ceil`/`truncate`'s optional digit count.
fn ndigits(vm: &mut Vm, args: &[Value]) -> VmResult<i64> {
    match args.first() {
        Some(&digits) => integer::num2int(vm, digits),
        None => Ok(0),
    }
}

/// The binary exponent `frexp` gives: `2**(e-1) <= |f| < 2**e`.
fn binary_exponent(f: f64) -> i64 {
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    if exponent != 0 {
        return exponent - 1022;
    }
    let fraction = bits & ((1 << 52) - 1);
    (64 - fraction.leading_zeros()) as i64 - 1074
}

/// MRI's `float_round_overflow`: rounding to `ndigits` cannot change the
/// number.
fn round_overflow(ndigits: i64, binexp: i64) -> bool {
    let float_dig = 15 + 2;
    ndigits
        >= float_dig
            - if binexp > 0 {
                binexp / 4
            } else {
                binexp / 3 - 1
            }
}

/// MRI's `float_round_underflow`: rounding to `ndigits` gives zero.
fn round_underflow(ndigits: i64, binexp: i64) -> bool {
    ndigits
        < -(if binexp > 0 {
            binexp / 3 + 1
        } else {
            binexp / 4
        })
}

/// MRI's `flo_to_i` followed by Integer rounding to `ndigits` < 0.
fn round_as_integer(vm: &mut Vm, f: f64, ndigits: i64, rounding: Rounding) -> VmResult {
    let whole = float_to_integer(vm, f.trunc())?;
    let whole = Int::of(whole).expect("an Integer").to_big();
    Ok(integer::round_integer(vm, &whole, ndigits, rounding))
}

fn floor(vm: &mut Vm, a: Value, ndigits: i64) -> VmResult {
    let number = value(a);
    if number == 0.0 {
        return Ok(if ndigits > 0 { a } else { Value::small(0) });
    }
    if ndigits > 0 {
        let binexp = binary_exponent(number);
        if round_overflow(ndigits, binexp) {
            return Ok(a);
        }
        if number > 0.0 && round_underflow(ndigits, binexp) {
            return Ok(vm.new_float(0.0));
        }
        let f = 10f64.powf(ndigits as f64);
        let mul = (number * f).floor();
        let mut result = (mul + 1.0) / f;
        if result > number {
            result = mul / f;
        }
        return Ok(vm.new_float(result));
    }
    let whole = float_to_integer(vm, number.floor())?;
    if ndigits == 0 {
        return Ok(whole);
    }
    let whole = Int::of(whole).expect("an Integer").to_big();
    Ok(integer::round_integer(vm, &whole, ndigits, Rounding::Floor))
}

fn ceil(vm: &mut Vm, a: Value, ndigits: i64) -> VmResult {
    let number = value(a);
    if number == 0.0 {
        return Ok(if ndigits > 0 { a } else { Value::small(0) });
    }
    if ndigits > 0 {
        let binexp = binary_exponent(number);
        if round_overflow(ndigits, binexp) {
            return Ok(a);
        }
        if number < 0.0 && round_underflow(ndigits, binexp) {
            return Ok(vm.new_float(0.0));
        }
        let f = 10f64.powf(ndigits as f64);
        return Ok(vm.new_float((number * f).ceil() / f));
    }
    let whole = float_to_integer(vm, number.ceil())?;
    if ndigits == 0 {
        return Ok(whole);
    }
    let whole = Int::of(whole).expect("an Integer").to_big();
    Ok(integer::round_integer(vm, &whole, ndigits, Rounding::Ceil))
}

/// `round(ndigits = 0, half: :up)`.
fn round(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let (args, mode) = integer::rounding_mode(vm, args, 1)?;
    let ndigits = ndigits(vm, args)?;
    let half = mode.parse(vm)?;
    let number = value(a);
    if number == 0.0 {
        return Ok(if ndigits > 0 { a } else { Value::small(0) });
    }
    if ndigits < 0 {
        return round_as_integer(vm, number, ndigits, Rounding::Round(half));
    }
    if ndigits == 0 {
        return float_to_integer(vm, round_half(half, number, 1.0));
    }
    if !number.is_finite() {
        return Ok(a);
    }
    let binexp = binary_exponent(number);
    if round_overflow(ndigits, binexp) {
        return Ok(a);
    }
    if round_underflow(ndigits, binexp) {
        return Ok(vm.new_float(0.0));
    }
    if ndigits > 14 {
        // 10**ndigits is no longer exact: round the exact value.
        return Ok(vm.new_float(round_exactly(number, ndigits, half)));
    }
    let f = 10f64.powf(ndigits as f64);
    Ok(vm.new_float(round_half(half, number, f) / f))
}

/// MRI's `round_half_up`/`round_half_down`/`round_half_even` of `x * s`,
/// checked against `x` so that a product that rounded the wrong way does
/// not move the result.
fn round_half(half: Half, x: f64, s: f64) -> f64 {
    match half {
        Half::Up => {
            let mut f = (x * s).round();
            if s == 1.0 {
                return f;
            }
            if x > 0.0 {
                if (f + 0.5) / s <= x {
                    f += 1.0;
                }
            } else if (f - 0.5) / s >= x {
                f -= 1.0;
            }
            f
        }
        Half::Down => {
            let mut f = (x * s).round();
            if x > 0.0 {
                if (f - 0.5) / s >= x {
                    f -= 1.0;
                }
            } else if (f + 0.5) / s <= x {
                f += 1.0;
            }
            f
        }
        Half::Even => {
            let u = x.trunc();
            let v = x - u;
            let (us, vs) = (u * s, v * s);
            if x > 0.0 {
                let f = vs.floor();
                let uf = us + f;
                let d = vs - f;
                let d = if d > 0.5 {
                    1.0
                } else if d == 0.5 || (uf + 0.5) / s <= x {
                    uf % 2.0
                } else {
                    0.0
                };
                uf + d
            } else if x < 0.0 {
                let f = vs.ceil();
                let uf = us + f;
                let d = f - vs;
                let d = if d > 0.5 {
                    1.0
                } else if d == 0.5 || (uf - 0.5) / s >= x {
                    (-uf) % 2.0
                } else {
                    0.0
                };
                uf - d
            } else {
                x
            }
        }
    }
}

/// `x` rounded to `ndigits` places exactly (as MRI does through Rational
/// when 10**ndigits is inexact), then as the nearest double.
fn round_exactly(x: f64, ndigits: i64, half: Half) -> f64 {
    // x = m * 2**e exactly; scaled = x * 10**ndigits = num / den.
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = (bits & ((1 << 52) - 1)) as i64;
    let (m, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    };
    let ten = num_traits::pow(BigInt::from(10), ndigits as usize);
    let mut num = BigInt::from(m) * &ten;
    let mut den = BigInt::one();
    if e >= 0 {
        num <<= e as usize;
    } else {
        den <<= (-e) as usize;
    }
    let (q, r) = num.div_rem(&den);
    let twice: BigInt = &r * 2;
    let rounded = match twice.cmp(&den) {
        Ordering::Less => q,
        Ordering::Greater => q + 1,
        Ordering::Equal => match half {
            Half::Up => q + 1,
            Half::Down => q,
            Half::Even => {
                if q.is_odd() {
                    q + 1
                } else {
                    q
                }
            }
        },
    };
    let magnitude = integer::nearest_quotient(&rounded, &ten);
    // A Rational zero has no sign.
    if x < 0.0 && magnitude != 0.0 {
        -magnitude
    } else {
        magnitude
    }
}

/// `to_s`, `inspect`.
fn to_s(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let text = float_to_s(value(a)).into_bytes();
    Ok(crate::core::string::new_ascii_string(
        vm,
        crate::object::string_bytes(text),
    ))
}

#[cfg(test)]
mod tests {
    use super::float_to_s;

    #[test]
    fn formats_like_mri() {
        let cases = [
            (1.0, "1.0"),
            (-2.5, "-2.5"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e20, "1.0e+20"),
            (1e16, "1.0e+16"),
            (1e15, "1.0e+15"),
            (1e14, "100000000000000.0"),
            (1234567890123456.8, "1234567890123456.8"),
            (9999999999999998.0, "9.999999999999998e+15"),
            (0.00009999, "9.999e-05"),
            (0.001234, "0.001234"),
            (123_456_789.123_456_79, "123456789.12345679"),
            (0.0001, "0.0001"),
            (0.00001, "1.0e-05"),
            (1.5e-7, "1.5e-07"),
            (-0.0, "-0.0"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (f64::NAN, "NaN"),
            (2.0f64.powi(70), "1.1805916207174113e+21"),
        ];
        for (value, expected) in cases {
            assert_eq!(float_to_s(value), expected, "{value:e}");
        }
    }
}
