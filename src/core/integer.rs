//! Integer: fixnums and Bignums behind one class, with MRI's semantics.
//!
//! Arithmetic on two fixnums is done in 128 bits and the result made a fixnum
//! again when it fits; anything involving a Bignum goes through num-bigint and
//! is normalised back (a Bignum that fits a fixnum is never produced).
//! Division and modulo floor, as Ruby's do: `-7 / 2 == -4`, `-7 % 3 == 2`.

use crate::object::{RBignum, RFloat};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};

/// An Integer operand.
pub enum Int {
    Fix(i64),
    Big(&'static BigInt),
}

impl Int {
    pub fn of(value: Value) -> Option<Int> {
        if value.is_fixnum() {
            Some(Int::Fix(value.fixnum_value()))
        } else {
            value.get::<RBignum>().map(|b| Int::Big(&b.value))
        }
    }

    pub fn to_big(&self) -> BigInt {
        match self {
            Int::Fix(n) => BigInt::from(*n),
            Int::Big(b) => (*b).clone(),
        }
    }

    pub fn to_f64(&self) -> f64 {
        match self {
            Int::Fix(n) => *n as f64,
            Int::Big(b) => b.to_f64().unwrap_or(if b.is_negative() {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }),
        }
    }

    fn is_zero(&self) -> bool {
        matches!(self, Int::Fix(0))
    }
}

/// The double of a Float value (flonum or heap).
pub fn float_of(value: Value) -> Option<f64> {
    if value.is_flonum() {
        Some(value.flonum_value())
    } else {
        value.get::<RFloat>().map(|f| f.value)
    }
}

pub fn define(vm: &mut Vm) {
    let integer = vm.c.integer;
    vm.define_native(integer, "+", 1, Some(1), |vm, a, b| {
        arith(vm, a, b[0], Op::Add)
    });
    vm.define_native(integer, "-", 1, Some(1), |vm, a, b| {
        arith(vm, a, b[0], Op::Sub)
    });
    vm.define_native(integer, "*", 1, Some(1), |vm, a, b| {
        arith(vm, a, b[0], Op::Mul)
    });
    vm.define_native(integer, "/", 1, Some(1), |vm, a, b| {
        arith(vm, a, b[0], Op::Div)
    });
    vm.define_native(integer, "%", 1, Some(1), |vm, a, b| {
        arith(vm, a, b[0], Op::Mod)
    });
    vm.define_native(integer, "modulo", 1, Some(1), |vm, a, b| {
        arith(vm, a, b[0], Op::Mod)
    });
    vm.define_native(integer, "div", 1, Some(1), |vm, a, b| {
        if let Some(f) = float_of(b[0]) {
            if f == 0.0 {
                return Err(vm.zero_division());
            }
            let q = (Int::of(a).unwrap().to_f64() / f).floor();
            return crate::core::float::float_to_integer(vm, q);
        }
        arith(vm, a, b[0], Op::Div)
    });
    vm.define_native(integer, "fdiv", 1, Some(1), |vm, a, b| {
        let x = Int::of(a).unwrap().to_f64();
        let y = match (Int::of(b[0]), float_of(b[0])) {
            (Some(y), _) => y.to_f64(),
            (None, Some(y)) => y,
            (None, None) => return Err(coerce_error(vm, b[0], "Integer")),
        };
        Ok(vm.new_float(x / y))
    });
    vm.define_native(integer, "**", 1, Some(1), pow);
    vm.define_native(integer, "pow", 1, Some(1), pow);
    vm.define_native(integer, "-@", 0, Some(0), |vm, a, _| {
        match Int::of(a).unwrap() {
            Int::Fix(n) => Ok(vm.new_int(-(n as i128))),
            Int::Big(b) => Ok(vm.new_integer(-b)),
        }
    });
    vm.define_native(integer, "+@", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(integer, "~", 0, Some(0), |vm, a, _| {
        match Int::of(a).unwrap() {
            Int::Fix(n) => Ok(vm.new_int(!(n as i128))),
            Int::Big(b) => Ok(vm.new_integer(!b)),
        }
    });
    vm.define_native(integer, "&", 1, Some(1), |vm, a, b| {
        bitwise(vm, a, b[0], Op::And)
    });
    vm.define_native(integer, "|", 1, Some(1), |vm, a, b| {
        bitwise(vm, a, b[0], Op::Or)
    });
    vm.define_native(integer, "^", 1, Some(1), |vm, a, b| {
        bitwise(vm, a, b[0], Op::Xor)
    });
    vm.define_native(integer, "<<", 1, Some(1), |vm, a, b| {
        shift(vm, a, b[0], true)
    });
    vm.define_native(integer, ">>", 1, Some(1), |vm, a, b| {
        shift(vm, a, b[0], false)
    });
    vm.define_native(integer, "==", 1, Some(1), |_, a, b| {
        Ok(Value::bool(equal(a, b[0])))
    });
    vm.define_native(integer, "===", 1, Some(1), |_, a, b| {
        Ok(Value::bool(equal(a, b[0])))
    });
    vm.define_native(integer, "eql?", 1, Some(1), |_, a, b| {
        Ok(Value::bool(Int::of(b[0]).is_some() && equal(a, b[0])))
    });
    vm.define_native(integer, "<", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], |o| o.is_lt())
    });
    vm.define_native(integer, "<=", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], |o| o.is_le())
    });
    vm.define_native(integer, ">", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], |o| o.is_gt())
    });
    vm.define_native(integer, ">=", 1, Some(1), |vm, a, b| {
        compare_op(vm, a, b[0], |o| o.is_ge())
    });
    vm.define_native(integer, "<=>", 1, Some(1), |_, a, b| {
        Ok(match compare(a, b[0]) {
            Some(ordering) => Value::small(ordering as i64),
            None => Value::NIL,
        })
    });
    vm.define_native(integer, "to_s", 0, Some(1), to_s);
    vm.define_native(integer, "inspect", 0, Some(0), to_s);
    vm.define_native(integer, "to_i", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(integer, "to_int", 0, Some(0), |_, a, _| Ok(a));
    vm.define_native(integer, "to_f", 0, Some(0), |vm, a, _| {
        let f = Int::of(a).unwrap().to_f64();
        Ok(vm.new_float(f))
    });
    vm.define_native(integer, "abs", 0, Some(0), |vm, a, _| {
        match Int::of(a).unwrap() {
            Int::Fix(n) => Ok(vm.new_int((n as i128).abs())),
            Int::Big(b) => Ok(vm.new_integer(b.abs())),
        }
    });
    // The bytes of the machine representation: a word for a fixnum, the
    // magnitude's bytes for a bignum.
    vm.define_native(integer, "size", 0, Some(0), |_, a, _| {
        Ok(Value::small(match Int::of(a).unwrap() {
            Int::Fix(_) => 8,
            Int::Big(b) => b.bits().div_ceil(8) as i64,
        }))
    });
    vm.define_native(integer, "zero?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(Int::of(a).unwrap().is_zero()))
    });
    vm.define_native(integer, "even?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(!is_odd(a)))
    });
    vm.define_native(integer, "odd?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(is_odd(a)))
    });
    vm.define_native(integer, "positive?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(sign(a) > 0))
    });
    vm.define_native(integer, "negative?", 0, Some(0), |_, a, _| {
        Ok(Value::bool(sign(a) < 0))
    });
    vm.define_native(integer, "succ", 0, Some(0), |vm, a, _| {
        arith(vm, a, Value::small(1), Op::Add)
    });
    vm.define_native(integer, "next", 0, Some(0), |vm, a, _| {
        arith(vm, a, Value::small(1), Op::Add)
    });
    vm.define_native(integer, "pred", 0, Some(0), |vm, a, _| {
        arith(vm, a, Value::small(1), Op::Sub)
    });
    vm.define_native(integer, "hash", 0, Some(0), |vm, a, _| {
        let hash = match Int::of(a).unwrap() {
            Int::Fix(n) => n.wrapping_mul(0x9e37_79b9_7f4a_7c15_u64 as i64) >> 2,
            Int::Big(b) => {
                b.iter_u64_digits()
                    .fold(0i64, |h, d| h.rotate_left(5) ^ d as i64)
                    >> 2
            }
        };
        Ok(vm.new_int(hash as i128))
    });
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Mod,
    And,
    Or,
    Xor,
}

/// `a op b` for an Integer `a` and any `b` (Integer or Float).
pub fn arith(vm: &mut Vm, a: Value, b: Value, op: Op) -> VmResult {
    let x = Int::of(a).expect("Integer receiver");
    if let Some(y) = Int::of(b) {
        if let (Int::Fix(x), Int::Fix(y)) = (&x, &y) {
            let (x, y) = (*x as i128, *y as i128);
            return Ok(match op {
                Op::Add => vm.new_int(x + y),
                Op::Sub => vm.new_int(x - y),
                Op::Mul => vm.new_int(x * y),
                Op::Div | Op::Mod if y == 0 => return Err(vm.zero_division()),
                Op::Div => vm.new_int(num_integer::Integer::div_floor(&x, &y)),
                Op::Mod => vm.new_int(num_integer::Integer::mod_floor(&x, &y)),
                Op::And | Op::Or | Op::Xor => unreachable!("bitwise ops go through `bitwise`"),
            });
        }
        let (x, y) = (x.to_big(), y.to_big());
        return Ok(match op {
            Op::Add => vm.new_integer(x + y),
            Op::Sub => vm.new_integer(x - y),
            Op::Mul => vm.new_integer(x * y),
            Op::Div | Op::Mod if y.is_zero() => return Err(vm.zero_division()),
            Op::Div => vm.new_integer(x.div_floor(&y)),
            Op::Mod => vm.new_integer(x.mod_floor(&y)),
            Op::And | Op::Or | Op::Xor => unreachable!("bitwise ops go through `bitwise`"),
        });
    }
    if let Some(y) = float_of(b) {
        let x = x.to_f64();
        return match op {
            Op::Add => Ok(vm.new_float(x + y)),
            Op::Sub => Ok(vm.new_float(x - y)),
            Op::Mul => Ok(vm.new_float(x * y)),
            Op::Div => Ok(vm.new_float(x / y)),
            Op::Mod => crate::core::float::float_mod(vm, x, y),
            Op::And | Op::Or | Op::Xor => unreachable!("bitwise ops go through `bitwise`"),
        };
    }
    Err(coerce_error(vm, b, "Integer"))
}

/// `X can't be coerced into Integer`.
pub fn coerce_error(vm: &mut Vm, value: Value, into: &str) -> crate::vm::Control {
    let name = vm.special_or_class_name(value);
    vm.type_error(format!("{name} can't be coerced into {into}"))
}

fn bitwise(vm: &mut Vm, a: Value, b: Value, op: Op) -> VmResult {
    let x = Int::of(a).expect("Integer receiver");
    let Some(y) = Int::of(b) else {
        return Err(coerce_error(vm, b, "Integer"));
    };
    if let (Int::Fix(x), Int::Fix(y)) = (&x, &y) {
        let v = match op {
            Op::And => x & y,
            Op::Or => x | y,
            _ => x ^ y,
        };
        return Ok(Value::small(v));
    }
    let (x, y) = (x.to_big(), y.to_big());
    Ok(match op {
        Op::And => vm.new_integer(x & y),
        Op::Or => vm.new_integer(x | y),
        _ => vm.new_integer(x ^ y),
    })
}

fn shift(vm: &mut Vm, a: Value, b: Value, left: bool) -> VmResult {
    let x = Int::of(a).expect("Integer receiver").to_big();
    let Some(count) = Int::of(b) else {
        return Err(coerce_error(vm, b, "Integer"));
    };
    let count = match count {
        Int::Fix(n) => n,
        Int::Big(b) => {
            // Shifting by a Bignum: everything shifts out (or is too big).
            if b.is_negative() == left {
                return Ok(Value::small(if x.is_negative() { -1 } else { 0 }));
            }
            return Err(vm.argument_error("shift width too big".into()));
        }
    };
    let left = if count < 0 { !left } else { left };
    let count = count.unsigned_abs();
    if left {
        if count > 1 << 24 {
            return Err(vm.argument_error("shift width too big".into()));
        }
        Ok(vm.new_integer(x << count as usize))
    } else if count >= 1 << 24 {
        Ok(Value::small(if x.is_negative() { -1 } else { 0 }))
    } else {
        Ok(vm.new_integer(x >> count as usize))
    }
}

fn pow(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let b = args[0];
    let x = Int::of(a).expect("Integer receiver");
    if let Some(y) = float_of(b) {
        return Ok(vm.new_float(x.to_f64().powf(y)));
    }
    let Some(y) = Int::of(b) else {
        return Err(coerce_error(vm, b, "Integer"));
    };
    let exponent = match y {
        Int::Fix(n) if n >= 0 => n as u64,
        Int::Fix(_) | Int::Big(_) if sign(b) < 0 => {
            let class = vm.c.not_implemented_error;
            return Err(vm.raise(class, "Rational is not supported by rhizome".into()));
        }
        _ => u64::MAX,
    };
    let base = x.to_big();
    if exponent == 0 {
        return Ok(Value::small(1));
    }
    if base.is_zero() || base == BigInt::from(1) {
        return Ok(a);
    }
    if base == BigInt::from(-1) {
        return Ok(Value::small(if exponent % 2 == 0 { 1 } else { -1 }));
    }
    // MRI gives up on results that would need more than 32 MiB of digits.
    if (exponent as f64) * (base.bits() as f64) > 8.0 * 32.0 * 1024.0 * 1024.0 {
        vm.warn("in a**b, b may be too big");
        return Ok(vm.new_float(x.to_f64().powf(exponent as f64)));
    }
    Ok(vm.new_integer(base.pow(exponent as u32)))
}

/// Integer equality with Integers and Floats.
pub fn equal(a: Value, b: Value) -> bool {
    matches!(compare(a, b), Some(std::cmp::Ordering::Equal))
}

/// Compares an Integer with an Integer or Float (None for anything else, or
/// NaN).
pub fn compare(a: Value, b: Value) -> Option<std::cmp::Ordering> {
    let x = Int::of(a)?;
    if let Some(y) = Int::of(b) {
        return Some(match (&x, &y) {
            (Int::Fix(x), Int::Fix(y)) => x.cmp(y),
            _ => x.to_big().cmp(&y.to_big()),
        });
    }
    let y = float_of(b)?;
    compare_int_float(&x, y)
}

/// Exact comparison of an Integer with a double (no rounding of big values).
pub fn compare_int_float(x: &Int, y: f64) -> Option<std::cmp::Ordering> {
    if y.is_nan() {
        return None;
    }
    if y.is_infinite() {
        return Some(if y > 0.0 {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        });
    }
    let floor = y.floor();
    match x.to_big().cmp(&float_to_big(floor)) {
        std::cmp::Ordering::Equal if y > floor => Some(std::cmp::Ordering::Less),
        ordering => Some(ordering),
    }
}

/// The integer value of an integral double.
pub fn float_to_big(f: f64) -> BigInt {
    num_traits::FromPrimitive::from_f64(f).unwrap_or_default()
}

fn compare_op(vm: &mut Vm, a: Value, b: Value, test: fn(std::cmp::Ordering) -> bool) -> VmResult {
    match compare(a, b) {
        Some(ordering) => Ok(Value::bool(test(ordering))),
        None if float_of(b).is_some() => Ok(Value::FALSE),
        None => {
            let name = vm.special_or_class_name(b);
            Err(vm.argument_error(format!("comparison of Integer with {name} failed")))
        }
    }
}

fn is_odd(a: Value) -> bool {
    match Int::of(a).unwrap() {
        Int::Fix(n) => n & 1 == 1,
        Int::Big(b) => b.is_odd(),
    }
}

fn sign(a: Value) -> i32 {
    match Int::of(a) {
        Some(Int::Fix(n)) => n.signum() as i32,
        Some(Int::Big(b)) => {
            if b.is_negative() {
                -1
            } else {
                1
            }
        }
        None => 0,
    }
}

fn to_s(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let base = match args.first() {
        None => 10,
        Some(&b) => match b.as_fixnum() {
            Some(base @ 2..=36) => base as u32,
            Some(base) => return Err(vm.argument_error(format!("invalid radix {base}"))),
            None => return Err(coerce_error(vm, b, "Integer")),
        },
    };
    let text = match Int::of(a).unwrap() {
        Int::Fix(n) if base == 10 => n.to_string(),
        x => x.to_big().to_str_radix(base),
    };
    Ok(vm.new_str(&text))
}
