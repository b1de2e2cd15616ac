//! Float, and MRI's way of printing doubles.
//!
//! `Float#to_s` prints the shortest digits that read back as the same double
//! (MRI's dtoa in mode 0 finds them), laid out as MRI lays them out.
//! With the value written `0.DIGITS * 10^decpt`: plain decimal when the point
//! falls inside the digits or `decpt <= 15` (`1234567890123456.8`,
//! `100000000000000.0`), `0.000ddd` when `-4 < decpt <= 0` (`0.0001`), and
//! scientific otherwise (`1.0e-05`, `1.0e+15`), always with a fractional
//! part.

use crate::core::integer::{coerce_error, compare_int_float, float_of, float_to_big, Int};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
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
    let (digits, decpt) = crate::core::dtoa::dtoa(f.abs(), 0, 0);
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
    vm.define_native(float, "+", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '+')
    });
    vm.define_native(float, "-", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '-')
    });
    vm.define_native(float, "*", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '*')
    });
    vm.define_native(float, "/", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '/')
    });
    vm.define_native(float, "%", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '%')
    });
    vm.define_native(float, "modulo", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '%')
    });
    vm.define_native(float, "**", 1, Some(1), |vm, a, b| {
        float_arith(vm, a, b[0], '^')
    });
    vm.define_native(float, "-@", 0, Some(0), |vm, a, _| {
        Ok(vm.new_float(-float_of(a).unwrap()))
    });
    vm.define_native(float, "+@", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(float, "==", 1, Some(1), |_, a, b| {
        Ok(Value::bool(compare(a, b[0]) == Some(Ordering::Equal)))
    });
    vm.define_native(float, "<", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], Ordering::is_lt)
    });
    vm.define_native(float, "<=", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], Ordering::is_le)
    });
    vm.define_native(float, ">", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], Ordering::is_gt)
    });
    vm.define_native(float, ">=", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], Ordering::is_ge)
    });
    vm.define_native(float, "<=>", 1, Some(1), |_, a, b| {
        Ok(compare(a, b[0]).map_or(Value::NIL, |o| Value::small(o as i64)))
    });
    vm.define_native(float, "to_s", 0, Some(0), |vm, a, _| {
        Ok(vm.new_str(&float_to_s(float_of(a).unwrap())))
    });
    vm.define_native(float, "inspect", 0, Some(0), |vm, a, _| {
        Ok(vm.new_str(&float_to_s(float_of(a).unwrap())))
    });
    vm.define_native(float, "to_f", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(float, "to_i", 0, Some(0), |vm, a, _| {
        float_to_integer(vm, float_of(a).unwrap().trunc())
    });
    vm.define_native(float, "truncate", 0, Some(0), |vm, a, _| {
        float_to_integer(vm, float_of(a).unwrap().trunc())
    });
    vm.define_native(float, "div", 1, Some(1), |vm, a, b| {
        let Some(y) = float_of(b[0]).or_else(|| Int::of(b[0]).map(|i| i.to_f64())) else {
            return Err(coerce_error(vm, b[0], "Float"));
        };
        if y == 0.0 {
            return Err(vm.zero_division());
        }
        float_to_integer(vm, (float_of(a).unwrap() / y).floor())
    });
    vm.define_native(float, "floor", 0, Some(0), |vm, a, _| {
        float_to_integer(vm, float_of(a).unwrap().floor())
    });
    vm.define_native(float, "ceil", 0, Some(0), |vm, a, _| {
        float_to_integer(vm, float_of(a).unwrap().ceil())
    });
    vm.define_native(float, "round", 0, Some(0), |vm, a, _| {
        // Round half away from zero, as MRI's Float#round without digits.
        float_to_integer(vm, float_of(a).unwrap().round())
    });
    vm.define_native(float, "abs", 0, Some(0), |vm, a, _| {
        Ok(vm.new_float(float_of(a).unwrap().abs()))
    });
    vm.define_native(float, "nan?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(float_of(a).unwrap().is_nan()))
    });
    vm.define_native(float, "finite?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(float_of(a).unwrap().is_finite()))
    });
    vm.define_native(float, "infinite?", 0, Some(0), |_, a, _| {
        let f = float_of(a).unwrap();
        Ok(if f.is_infinite() {
            Value::small(if f > 0.0 { 1 } else { -1 })
        } else {
            Value::NIL
        })
    });
    vm.define_native(float, "zero?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(float_of(a).unwrap() == 0.0))
    });
    let infinity = vm.new_float(f64::INFINITY);
    let nan = vm.new_float(f64::NAN);
    let epsilon = vm.new_float(f64::EPSILON);
    for (name, value) in [("INFINITY", infinity), ("NAN", nan), ("EPSILON", epsilon)] {
        let sym = vm.symbols.intern(name);
        vm.set_constant(float, sym, value);
    }
}

/// `Float#to_i` and friends: an Integer, or FloatDomainError for NaN and
/// infinities.
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

fn float_arith(vm: &mut Vm, a: Value, b: Value, op: char) -> VmResult {
    let x = float_of(a).expect("Float receiver");
    let y = match (float_of(b), Int::of(b)) {
        (Some(y), _) => y,
        (None, Some(i)) => i.to_f64(),
        (None, None) => return Err(coerce_error(vm, b, "Float")),
    };
    match op {
        '+' => Ok(vm.new_float(x + y)),
        '-' => Ok(vm.new_float(x - y)),
        '*' => Ok(vm.new_float(x * y)),
        '/' => Ok(vm.new_float(x / y)),
        '%' => float_mod(vm, x, y),
        _ => {
            if x < 0.0 && y.fract() != 0.0 {
                let class = vm.c.not_implemented_error;
                return Err(vm.raise(class, "Complex is not supported by rhizome".into()));
            }
            Ok(vm.new_float(x.powf(y)))
        }
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

fn compare_op(vm: &mut Vm, a: Value, b: Value, test: fn(Ordering) -> bool) -> VmResult {
    match compare(a, b) {
        Some(ordering) => Ok(Value::bool(test(ordering))),
        None if float_of(b).is_some() || Int::of(b).is_some() => Ok(Value::FALSE),
        None => {
            let name = vm.special_or_class_name(b);
            Err(vm.argument_error(format!("comparison of Float with {name} failed")))
        }
    }
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
