//! Integer: fixnums and Bignums behind one class, with MRI's semantics.
//!
//! Arithmetic on two fixnums is done in 128 bits and the result made a fixnum
//! again when it fits; anything involving a Bignum goes through num-bigint and
//! is normalised back (a Bignum that fits a fixnum is never produced).
//! Division and modulo floor, as Ruby's do: `-7 / 2 == -4`, `-7 % 3 == 2`.
//! Bit operations on negative numbers act on the infinite two's complement
//! (`-1 & 0xff == 255`), as MRI's do.
//!
//! An operand that is neither an Integer nor a Float goes through MRI's
//! coercion protocol ([`coerce_bin`]): `y.coerce(x)` gives the pair to
//! operate on, and no `coerce` is a TypeError (`String can't be coerced into
//! Integer`); comparisons fail with `comparison of Integer with X failed`.
//! Results MRI gives as Rationals (`2 ** -1`) raise NotImplementedError.

use crate::core::float::{float_to_integer, flodivmod};
use crate::core::public;
use crate::object::{RBignum, RFloat, StringBytes};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

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

    /// The nearest double (infinite beyond a double's range).
    pub fn to_f64(&self) -> f64 {
        match self {
            Int::Fix(n) => *n as f64,
            Int::Big(b) => big_to_f64(b),
        }
    }

    fn is_zero(&self) -> bool {
        matches!(self, Int::Fix(0))
    }

    fn is_negative(&self) -> bool {
        match self {
            Int::Fix(n) => *n < 0,
            Int::Big(b) => b.is_negative(),
        }
    }
}

/// A BigInt as the nearest double (infinite beyond a double's range).
pub fn big_to_f64(b: &BigInt) -> f64 {
    b.to_f64().unwrap_or(if b.is_negative() {
        f64::NEG_INFINITY
    } else {
        f64::INFINITY
    })
}

/// The double of a Float value (flonum or heap).
pub fn float_of(value: Value) -> Option<f64> {
    if value.is_flonum() {
        Some(value.flonum_value())
    } else {
        value.get::<RFloat>().map(|f| f.value)
    }
}

/// The receiver of an Integer method.
fn int(value: Value) -> Int {
    Int::of(value).expect("Integer receiver")
}

pub fn define(vm: &mut Vm) {
    let integer = vm.c.integer;
    vm.define_methods(
        integer,
        &[
            public("+", 1, Some(1), integer_plus),
            public("-", 1, Some(1), integer_minus),
            public("*", 1, Some(1), integer_times),
            public("/", 1, Some(1), integer_divide),
            public("%", 1, Some(1), integer_modulo),
            public("modulo", 1, Some(1), integer_modulo),
            public("div", 1, Some(1), integer_div),
            public("divmod", 1, Some(1), integer_divmod),
            public("remainder", 1, Some(1), remainder),
            public("fdiv", 1, Some(1), integer_fdiv),
            public("**", 1, Some(1), integer_power),
            public("pow", 1, Some(2), integer_pow),
            public("-@", 0, Some(0), integer_uminus),
            public("+@", 0, Some(0), integer_uplus),
            public("~", 0, Some(0), integer_invert),
            public("&", 1, Some(1), integer_and),
            public("|", 1, Some(1), integer_or),
            public("^", 1, Some(1), integer_xor),
            public("<<", 1, Some(1), integer_lshift),
            public(">>", 1, Some(1), integer_rshift),
            public("[]", 1, Some(1), bit_at),
            public("allbits?", 1, Some(1), integer_allbits_p),
            public("anybits?", 1, Some(1), integer_anybits_p),
            public("nobits?", 1, Some(1), integer_nobits_p),
            public("==", 1, Some(1), equal_method),
            public("===", 1, Some(1), equal_method),
            public("eql?", 1, Some(1), integer_eql_p),
            public("<", 1, Some(1), integer_lt),
            public("<=", 1, Some(1), integer_le),
            public(">", 1, Some(1), integer_gt),
            public(">=", 1, Some(1), integer_ge),
            public("<=>", 1, Some(1), integer_cmp),
            public("coerce", 1, Some(1), integer_coerce),
            public("to_s", 0, Some(1), to_s),
            public("inspect", 0, Some(1), to_s),
            public("to_i", 0, Some(0), integer_to_i),
            public("to_int", 0, Some(0), integer_to_int),
            public("numerator", 0, Some(0), integer_numerator),
            public("denominator", 0, Some(0), integer_denominator),
            public("ord", 0, Some(0), integer_ord),
            public("chr", 0, Some(1), chr),
            public("to_f", 0, Some(0), integer_to_f),
            public("abs", 0, Some(0), abs),
            public("magnitude", 0, Some(0), abs),
        ],
    );
    // The bytes of the machine representation: a word for a fixnum, the
    // magnitude's bytes for a Bignum.
    vm.define_methods(
        integer,
        &[
            public("size", 0, Some(0), integer_size),
            public("bit_length", 0, Some(0), integer_bit_length),
            public("digits", 0, Some(1), digits),
            public("gcd", 1, Some(1), integer_gcd),
            public("lcm", 1, Some(1), integer_lcm),
            public("gcdlcm", 1, Some(1), integer_gcdlcm),
            public("round", 0, Some(2), integer_round),
        ],
    );
    for (name, rounding) in [
        ("floor", Rounding::Floor),
        ("ceil", Rounding::Ceil),
        ("truncate", Rounding::Truncate),
    ] {
        let func: crate::core::NativeFn = match rounding {
            Rounding::Floor => |vm, a, args| integer_rounding(vm, a, args, Rounding::Floor),
            Rounding::Ceil => |vm, a, args| integer_rounding(vm, a, args, Rounding::Ceil),
            _ => |vm, a, args| integer_rounding(vm, a, args, Rounding::Truncate),
        };
        vm.define_native(integer, name, 0, Some(1), func);
    }
    vm.define_methods(
        integer,
        &[
            public("zero?", 0, Some(0), integer_zero_p),
            public("nonzero?", 0, Some(0), integer_nonzero_p),
            public("even?", 0, Some(0), integer_even_p),
            public("odd?", 0, Some(0), integer_odd_p),
            public("positive?", 0, Some(0), integer_positive_p),
            public("negative?", 0, Some(0), integer_negative_p),
            public("integer?", 0, Some(0), integer_integer_p),
            public("finite?", 0, Some(0), integer_finite_p),
            public("infinite?", 0, Some(0), integer_infinite_p),
            public("succ", 0, Some(0), integer_succ),
            public("next", 0, Some(0), integer_next),
            public("pred", 0, Some(0), integer_pred),
            public("hash", 0, Some(0), integer_hash),
        ],
    );
    vm.define_singleton_native(integer, "sqrt", 1, Some(1), integer_singleton_sqrt);
}

/// `+`.
fn integer_plus(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    arith(vm, a, b[0], Op::Add)
}

/// `-`.
fn integer_minus(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    arith(vm, a, b[0], Op::Sub)
}

/// `*`.
fn integer_times(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    arith(vm, a, b[0], Op::Mul)
}

/// `/`.
fn integer_divide(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    arith(vm, a, b[0], Op::Div)
}

/// `%`.
fn integer_modulo(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    arith(vm, a, b[0], Op::Mod)
}

/// `div`.
fn integer_div(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    if let Some(f) = float_of(b[0]) {
        if f == 0.0 {
            return Err(vm.zero_division());
        }
        return float_to_integer(vm, (int(a).to_f64() / f).floor());
    }
    if Int::of(b[0]).is_none() {
        return coerce_bin(vm, a, b[0], "div");
    }
    arith(vm, a, b[0], Op::Div)
}

/// `divmod`.
fn integer_divmod(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    if let Some(y) = float_of(b[0]) {
        let (div, modulo) = flodivmod(vm, int(a).to_f64(), y)?;
        let div = float_to_integer(vm, div)?;
        let modulo = vm.new_float(modulo);
        return Ok(vm.new_array(vec![div, modulo]));
    }
    if Int::of(b[0]).is_none() {
        return coerce_bin(vm, a, b[0], "divmod");
    }
    let div = arith(vm, a, b[0], Op::Div)?;
    let modulo = arith(vm, a, b[0], Op::Mod)?;
    Ok(vm.new_array(vec![div, modulo]))
}

/// `fdiv`.
fn integer_fdiv(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    match fdiv(vm, &int(a), b[0])? {
        Some(f) => Ok(vm.new_float(f)),
        None => coerce_bin(vm, a, b[0], "fdiv"),
    }
}

/// `**`.
fn integer_power(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    pow(vm, a, b[0])
}

/// `pow`.
fn integer_pow(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    match b {
        [exponent] => pow(vm, a, *exponent),
        [exponent, modulus] => modular_pow(vm, a, *exponent, *modulus),
        _ => unreachable!("arity checked"),
    }
}

/// `-@`.
fn integer_uminus(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    match int(a) {
        Int::Fix(n) => Ok(vm.new_int(-(n as i128))),
        Int::Big(b) => Ok(vm.new_integer(-b)),
    }
}

/// `+@`.
fn integer_uplus(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `~`.
fn integer_invert(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    match int(a) {
        Int::Fix(n) => Ok(vm.new_int(!(n as i128))),
        Int::Big(b) => Ok(vm.new_integer(!b)),
    }
}

/// `&`.
fn integer_and(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    bitwise(vm, a, b[0], Op::And)
}

/// `|`.
fn integer_or(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    bitwise(vm, a, b[0], Op::Or)
}

/// `^`.
fn integer_xor(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    bitwise(vm, a, b[0], Op::Xor)
}

/// `<<`.
fn integer_lshift(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    shift(vm, a, b[0], true)
}

/// `>>`.
fn integer_rshift(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    shift(vm, a, b[0], false)
}

/// `allbits?`.
fn integer_allbits_p(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let mask = to_int(vm, b[0])?;
    let masked = bitwise(vm, a, mask, Op::And)?;
    Ok(Value::bool(equal(masked, mask)))
}

/// `anybits?`.
fn integer_anybits_p(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let mask = to_int(vm, b[0])?;
    let masked = bitwise(vm, a, mask, Op::And)?;
    Ok(Value::bool(masked != Value::small(0)))
}

/// `nobits?`.
fn integer_nobits_p(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let mask = to_int(vm, b[0])?;
    let masked = bitwise(vm, a, mask, Op::And)?;
    Ok(Value::bool(masked == Value::small(0)))
}

/// `eql?`.
fn integer_eql_p(_: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    Ok(Value::bool(Int::of(b[0]).is_some() && equal(a, b[0])))
}

/// `<`.
fn integer_lt(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], "<", Ordering::is_lt)
}

/// `<=`.
fn integer_le(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], "<=", Ordering::is_le)
}

/// `>`.
fn integer_gt(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], ">", Ordering::is_gt)
}

/// `>=`.
fn integer_ge(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    compare_op(vm, a, b[0], ">=", Ordering::is_ge)
}

/// `<=>`.
fn integer_cmp(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    match compare(a, b[0]) {
        Some(ordering) => Ok(Value::small(ordering as i64)),
        None if Int::of(b[0]).is_some() || float_of(b[0]).is_some() => Ok(Value::NIL),
        None => coerce_cmp(vm, a, b[0]),
    }
}

/// `coerce`.
fn integer_coerce(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    if Int::of(b[0]).is_some() {
        return Ok(vm.new_array(vec![b[0], a]));
    }
    let other = crate::core::kernel::convert_to_float(vm, b[0])?;
    let other = vm.new_float(other);
    let this = vm.new_float(int(a).to_f64());
    Ok(vm.new_array(vec![other, this]))
}

/// `to_i`.
fn integer_to_i(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `to_int`.
fn integer_to_int(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `numerator`.
fn integer_numerator(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `denominator`.
fn integer_denominator(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(1))
}

/// `ord`.
fn integer_ord(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

/// `to_f`.
fn integer_to_f(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let f = int(a).to_f64();
    Ok(vm.new_float(f))
}

/// `size`.
fn integer_size(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(byte_size(&int(a)) as i64))
}

/// `bit_length`.
fn integer_bit_length(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(match int(a) {
        Int::Fix(n) => (64 - if n < 0 { !n } else { n }.leading_zeros()) as i64,
        Int::Big(b) => {
            let magnitude = if b.is_negative() { !b } else { b.clone() };
            magnitude.bits() as i64
        }
    }))
}

/// `gcd`.
fn integer_gcd(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let other = integer_argument(vm, b[0])?;
    Ok(vm.new_integer(int(a).to_big().gcd(&other)))
}

/// `lcm`.
fn integer_lcm(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let other = integer_argument(vm, b[0])?;
    Ok(vm.new_integer(int(a).to_big().lcm(&other)))
}

/// `gcdlcm`.
fn integer_gcdlcm(vm: &mut Vm, a: Value, b: &[Value]) -> VmResult {
    let other = integer_argument(vm, b[0])?;
    let this = int(a).to_big();
    let gcd = vm.new_integer(this.gcd(&other));
    let lcm = vm.new_integer(this.lcm(&other));
    Ok(vm.new_array(vec![gcd, lcm]))
}

/// `round`.
fn integer_round(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let (args, mode) = rounding_mode(vm, args, 1)?;
    let Some(&digits) = args.first() else {
        return Ok(a);
    };
    let digits = num2int(vm, digits)?;
    let mode = mode.parse(vm)?;
    if digits >= 0 {
        return Ok(a);
    }
    Ok(round_integer(
        vm,
        &int(a).to_big(),
        digits,
        Rounding::Round(mode),
    ))
}

/// `zero?`.
fn integer_zero_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(int(a).is_zero()))
}

/// `nonzero?`.
fn integer_nonzero_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(if int(a).is_zero() { Value::NIL } else { a })
}

/// `even?`.
fn integer_even_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(!is_odd(a)))
}

/// `odd?`.
fn integer_odd_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(is_odd(a)))
}

/// `positive?`.
fn integer_positive_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(sign(a) > 0))
}

/// `negative?`.
fn integer_negative_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(sign(a) < 0))
}

/// `integer?`.
fn integer_integer_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::TRUE)
}

/// `finite?`.
fn integer_finite_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::TRUE)
}

/// `infinite?`.
fn integer_infinite_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `succ`.
fn integer_succ(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    arith(vm, a, Value::small(1), Op::Add)
}

/// `next`.
fn integer_next(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    arith(vm, a, Value::small(1), Op::Add)
}

/// `pred`.
fn integer_pred(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    arith(vm, a, Value::small(1), Op::Sub)
}

/// `hash`.
fn integer_hash(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let hash = match int(a) {
        Int::Fix(n) => n.wrapping_mul(0x9e37_79b9_7f4a_7c15_u64 as i64) >> 2,
        Int::Big(b) => {
            b.iter_u64_digits()
                .fold(0i64, |h, d| h.rotate_left(5) ^ d as i64)
                >> 2
        }
    };
    Ok(vm.new_int(hash as i128))
}

/// `Integer.sqrt`.
fn integer_singleton_sqrt(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let n = to_int(vm, args[0])?;
    let n = int(n).to_big();
    if n.is_negative() {
        return Err(crate::core::math::domain_error(vm, "\"isqrt\""));
    }
    Ok(vm.new_integer(n.sqrt()))
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

impl Op {
    fn name(self) -> &'static str {
        match self {
            Op::Add => "+",
            Op::Sub => "-",
            Op::Mul => "*",
            Op::Div => "/",
            Op::Mod => "%",
            Op::And => "&",
            Op::Or => "|",
            Op::Xor => "^",
        }
    }
}

/// `a op b` for an Integer `a` and any `b` (Integer, Float, or something
/// that coerces).
pub fn arith(vm: &mut Vm, a: Value, b: Value, op: Op) -> VmResult {
    let x = int(a);
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
    coerce_bin(vm, a, b, op.name())
}

/// MRI's `coerce_failed`: `X can't be coerced into Integer`, naming `value`
/// by value when it is a special constant, Symbol or Float.
fn coerce_error(vm: &mut Vm, receiver: Value, value: Value) -> Control {
    let shown = if !value.is_heap() || float_of(value).is_some() {
        match vm.inspect(value) {
            Ok(text) => text,
            Err(error) => return error,
        }
    } else {
        vm.class_name(vm.real_class_of(value))
    };
    let into = vm.class_name(vm.real_class_of(receiver));
    vm.type_error(format!("{shown} can't be coerced into {into}"))
}

/// MRI's `do_coerce`: `y.coerce(x)` as a pair. Without a `coerce` method
/// (or, when not `strict`, when it returns nil) there is no pair; strict
/// callers raise instead.
fn do_coerce(vm: &mut Vm, x: Value, y: Value, strict: bool) -> VmResult<Option<(Value, Value)>> {
    let coerce = vm.symbols.intern("coerce");
    if vm.find_method(vm.class_of(y), coerce).is_none() {
        if strict {
            return Err(coerce_error(vm, x, y));
        }
        return Ok(None);
    }
    let pair = vm.call(y, coerce, &[x])?;
    if !strict && pair.is_nil() {
        return Ok(None);
    }
    match vm.array_items(pair).as_deref() {
        Some(&[a, b]) => Ok(Some((a, b))),
        _ => Err(vm.type_error("coerce must return [x, y]".into())),
    }
}

/// MRI's `rb_num_coerce_bin`: `x op y` through `y.coerce(x)`.
pub fn coerce_bin(vm: &mut Vm, x: Value, y: Value, op: &str) -> VmResult {
    let (a, b) = do_coerce(vm, x, y, true)?.expect("strict coercion raises");
    let name = vm.symbols.intern(op);
    vm.call(a, name, &[b])
}

/// MRI's `rb_num_coerce_relop`: a comparison through coercion, failing as
/// `comparison of X with Y failed`.
pub fn coerce_relop(vm: &mut Vm, x: Value, y: Value, op: &str) -> VmResult {
    let Some((a, b)) = do_coerce(vm, x, y, false)? else {
        return Err(crate::core::array::comparison_failed(vm, x, y));
    };
    let name = vm.symbols.intern(op);
    let result = vm.call(a, name, &[b])?;
    if result.is_nil() {
        return Err(crate::core::array::comparison_failed(vm, x, y));
    }
    Ok(result)
}

/// MRI's `rb_num_coerce_cmp`: `<=>` through coercion, nil when there is
/// none.
pub fn coerce_cmp(vm: &mut Vm, x: Value, y: Value) -> VmResult {
    match do_coerce(vm, x, y, false)? {
        Some((a, b)) => {
            let name = vm.sym.compare;
            vm.call(a, name, &[b])
        }
        None => Ok(Value::NIL),
    }
}

/// `==` for Integers and Floats: by value; for anything else, what
/// `other == self` says.
pub fn equal_method(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let b = args[0];
    if Int::of(b).is_some() || float_of(b).is_some() {
        return Ok(Value::bool(numeric_equal(a, b)));
    }
    if a == b {
        return Ok(Value::TRUE);
    }
    let eq = vm.sym.eq;
    Ok(Value::bool(vm.call(b, eq, &[a])?.truthy()))
}

/// Whether two Integers/Floats are equal in value.
fn numeric_equal(a: Value, b: Value) -> bool {
    if let Some(x) = float_of(a) {
        return crate::core::float::compare(a, b) == Some(Ordering::Equal) && !x.is_nan();
    }
    equal(a, b)
}

/// An Integer argument converted with `to_int` (MRI's `rb_to_int`).
pub fn to_int(vm: &mut Vm, value: Value) -> VmResult {
    if Int::of(value).is_some() {
        return Ok(value);
    }
    let to_int = vm.symbols.intern("to_int");
    if value.is_nil() || vm.find_method(vm.class_of(value), to_int).is_none() {
        let name = vm.special_or_class_name(value);
        return Err(vm.type_error(format!("no implicit conversion of {name} into Integer")));
    }
    let converted = vm.call(value, to_int, &[])?;
    if Int::of(converted).is_none() {
        let from = vm.class_name(vm.real_class_of(value));
        let gives = vm.class_name(vm.real_class_of(converted));
        return Err(vm.type_error(format!(
            "can't convert {from} to Integer ({from}#to_int gives {gives})"
        )));
    }
    Ok(converted)
}

/// MRI's NUM2INT: an Integer (or Float, truncated) that fits a C int.
pub fn num2int(vm: &mut Vm, value: Value) -> VmResult<i64> {
    let n = crate::core::array::to_long(vm, value)?;
    if n > i64::from(i32::MAX) {
        let class = vm.c.range_error;
        return Err(vm.raise(class, format!("integer {n} too big to convert to `int'")));
    }
    if n < i64::from(i32::MIN) {
        let class = vm.c.range_error;
        return Err(vm.raise(class, format!("integer {n} too small to convert to `int'")));
    }
    Ok(n)
}

/// An Integer argument of `gcd`/`lcm` (TypeError `not an integer`).
fn integer_argument(vm: &mut Vm, value: Value) -> VmResult<BigInt> {
    match Int::of(value) {
        Some(n) => Ok(n.to_big()),
        None => Err(vm.type_error("not an integer".into())),
    }
}

fn abs(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    match int(a) {
        Int::Fix(n) => Ok(vm.new_int((n as i128).abs())),
        Int::Big(b) => Ok(vm.new_integer(b.abs())),
    }
}

/// `remainder`: the remainder of truncating division (the sign of the
/// receiver).
fn remainder(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let b = args[0];
    if let Some(y) = Int::of(b) {
        let (x, y) = (int(a).to_big(), y.to_big());
        if y.is_zero() {
            return Err(vm.zero_division());
        }
        return Ok(vm.new_integer(x % y));
    }
    if let Some(y) = float_of(b) {
        let x = int(a).to_f64();
        let (_, modulo) = flodivmod(vm, x, y)?;
        let result = if modulo != 0.0 && ((x < 0.0 && y > 0.0) || (x > 0.0 && y < 0.0)) {
            if y.is_infinite() {
                return Ok(a);
            }
            modulo - y
        } else {
            modulo
        };
        return Ok(vm.new_float(result));
    }
    coerce_bin(vm, a, b, "remainder")
}

/// `fdiv` as MRI computes it (None when `b` is not a number): Integers
/// are first divided by their gcd; fixnums (and a Bignum by a fixnum)
/// divide as doubles, the others through MRI's `big_fdiv`.
fn fdiv(vm: &mut Vm, x: &Int, b: Value) -> VmResult<Option<f64>> {
    if let Some(y) = float_of(b) {
        let dx = x.to_f64();
        if let (Int::Big(big), true, false) = (x, dx.is_infinite(), y.is_nan()) {
            let (m, e) = float_parts(y);
            return Ok(Some(big_fdiv(big, &BigInt::from(m), e)));
        }
        return Ok(Some(dx / y));
    }
    let Some(y) = Int::of(b) else {
        return Ok(None);
    };
    let (mut p, mut q) = (x.to_big(), y.to_big());
    if !q.is_zero() {
        let gcd = p.gcd(&q);
        if !gcd.is_zero() && !gcd.is_one() {
            p /= &gcd;
            q /= &gcd;
        }
    }
    if fits_fixnum(&p) && fits_fixnum(&q) {
        return Ok(Some(big_to_f64(&p) / big_to_f64(&q)));
    }
    let dx = big_to_f64(&p);
    if !fits_fixnum(&p) && fits_fixnum(&q) && dx.is_finite() {
        return Ok(Some(dx / big_to_f64(&q)));
    }
    if q.is_zero() {
        return Err(vm.zero_division());
    }
    // big_fdiv_int: the divisor cut (or extended) to 64 bits.
    let ey = q.bits() as i64 - 64;
    let q = shift_magnitude(&q, ey);
    Ok(Some(big_fdiv(&p, &q, ey)))
}

/// `|n| >> by` (a left shift for negative `by`), keeping the sign.
fn shift_magnitude(n: &BigInt, by: i64) -> BigInt {
    let magnitude = n.abs();
    let shifted = if by >= 0 {
        magnitude >> by as usize
    } else {
        magnitude << (-by) as usize
    };
    if n.is_negative() {
        -shifted
    } else {
        shifted
    }
}

/// MRI's `big_fdiv`: `x / (y * 2**ey)` from `x` cut to 128..192 bits and
/// a truncated quotient, rounded to a double once.
fn big_fdiv(x: &BigInt, y: &BigInt, ey: i64) -> f64 {
    let mut ex = x.bits() as i64 - 128;
    if ex > 64 {
        ex -= 64;
    } else if ex > 0 {
        ex = 0;
    }
    let x = shift_magnitude(x, ex);
    let z = &x / y;
    let l = ex - ey;
    if l > i64::from(i32::MAX) {
        return f64::INFINITY;
    }
    if l < i64::from(i32::MIN) {
        return 0.0;
    }
    crate::core::math::ldexp(big_to_f64(&z), l as i32)
}

/// The mantissa and exponent of a finite double: `f == m * 2**e`.
fn float_parts(f: f64) -> (i64, i64) {
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = (bits & ((1 << 52) - 1)) as i64;
    let (mantissa, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    };
    (if f < 0.0 { -mantissa } else { mantissa }, e)
}

/// `p / q` (both non-negative, `q` not zero) as the nearest double: the
/// quotient is taken to 65 or more bits with a sticky bit for the
/// remainder, then rounded once.
pub fn nearest_quotient(p: &BigInt, q: &BigInt) -> f64 {
    if p.is_zero() {
        return 0.0;
    }
    let scale = 66 + q.bits() as i64 - p.bits() as i64;
    let (quotient, rest) = if scale >= 0 {
        (p << scale as usize).div_rem(q)
    } else {
        p.div_rem(&(q << (-scale) as usize))
    };
    let sticky = u8::from(!rest.is_zero());
    let quotient = (quotient << 1usize) | BigInt::from(sticky);
    crate::core::math::ldexp(big_to_f64(&quotient), (-scale - 1) as i32)
}

fn bitwise(vm: &mut Vm, a: Value, b: Value, op: Op) -> VmResult {
    let x = int(a);
    let Some(y) = Int::of(b) else {
        if float_of(b).is_some() {
            return Err(coerce_error(vm, a, b));
        }
        return coerce_bin(vm, a, b, op.name());
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
    let x = int(a).to_big();
    let count = to_int(vm, b)?;
    if x.is_zero() {
        return Ok(Value::small(0));
    }
    let count = match int(count) {
        Int::Fix(n) => n,
        Int::Big(big) => {
            // Shifting by a Bignum: everything shifts out (or is too big).
            if big.is_negative() == left {
                return Ok(Value::small(if x.is_negative() { -1 } else { 0 }));
            }
            return Err(vm.raise(vm.c.range_error, "shift width too big".into()));
        }
    };
    let left = if count < 0 { !left } else { left };
    let count = count.unsigned_abs();
    if left {
        if count > 1 << 31 {
            return Err(vm.raise(vm.c.range_error, "shift width too big".into()));
        }
        Ok(vm.new_integer(x << count as usize))
    } else if count > x.bits().max(1) {
        Ok(Value::small(if x.is_negative() { -1 } else { 0 }))
    } else {
        Ok(vm.new_integer(x >> count as usize))
    }
}

/// `int[n]`: bit `n` of the two's complement.
fn bit_at(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let index = to_int(vm, args[0])?;
    let x = int(a).to_big();
    let bit = match int(index) {
        Int::Fix(n) if n < 0 => false,
        Int::Fix(n) => ((&x >> n as usize) & BigInt::one()).is_one(),
        Int::Big(big) => !big.is_negative() && x.is_negative(),
    };
    Ok(Value::small(i64::from(bit)))
}

/// `**`: Integers exactly (Rationals for negative powers are not
/// supported), Floats as doubles.
fn pow(vm: &mut Vm, a: Value, b: Value) -> VmResult {
    let x = int(a);
    if let Some(y) = float_of(b) {
        let base = x.to_f64();
        if let Int::Fix(n) = x {
            if y == 0.0 {
                return Ok(vm.new_float(1.0));
            }
            if n == 0 {
                return Ok(vm.new_float(if y < 0.0 { f64::INFINITY } else { 0.0 }));
            }
            if n == 1 {
                return Ok(vm.new_float(1.0));
            }
        }
        if base < 0.0 && y != y.round() {
            return Err(not_supported(vm, "Complex"));
        }
        return Ok(vm.new_float(base.powf(y)));
    }
    let Some(y) = Int::of(b) else {
        return coerce_bin(vm, a, b, "**");
    };
    let base = x.to_big();
    if base.is_one() {
        return Ok(Value::small(1));
    }
    if base == -BigInt::one() {
        let odd = match &y {
            Int::Fix(n) => n & 1 == 1,
            Int::Big(big) => big.is_odd(),
        };
        return Ok(Value::small(if odd { -1 } else { 1 }));
    }
    if y.is_negative() {
        if base.is_zero() {
            return Err(vm.zero_division());
        }
        return Err(not_supported(vm, "Rational"));
    }
    let exponent = match y {
        Int::Fix(n) => n as u64,
        Int::Big(big) => {
            if base.is_zero() {
                return Ok(Value::small(0));
            }
            vm.warn("in a**b, b may be too big");
            return Ok(vm.new_float(big_to_f64(&base).powf(big_to_f64(big))));
        }
    };
    if exponent == 0 {
        return Ok(Value::small(1));
    }
    if exponent == 1 || base.is_zero() {
        return Ok(a);
    }
    if let Some((partial, remaining)) = too_big_power(&x, exponent) {
        vm.warn("in a**b, b may be too big");
        return Ok(vm.new_float(big_to_f64(&partial).powf(remaining as f64)));
    }
    Ok(vm.new_integer(num_traits::pow(base, exponent as usize)))
}

/// MRI refuses powers whose result would pass 32 Mi bits, returning a Float
/// instead (Infinity, mostly). For a fixnum base it squares in machine
/// words first and judges what is left, as its `int_pow` does: returns the
/// partial base and exponent it gives up on, or None when it computes.
fn too_big_power(x: &Int, exponent: u64) -> Option<(BigInt, u64)> {
    const LIMIT: u128 = 32 * 1024 * 1024;
    let too_big = |bits: u64, y: u64| u128::from(bits) * u128::from(y) > LIMIT;
    let base = match x {
        Int::Big(big) => {
            return too_big(big.bits(), exponent).then(|| ((*big).clone(), exponent));
        }
        Int::Fix(n) => n.unsigned_abs() as i128,
    };
    let sqrt_long_max = 1i128 << 31;
    let fixnum_max = (1i128 << 62) - 1;
    let mut x = base;
    let mut y = exponent;
    let mut z: i128 = if y & 1 == 1 { x } else { 1 };
    y &= !1;
    if y == 0 {
        return None;
    }
    loop {
        while y % 2 == 0 {
            if x >= sqrt_long_max {
                let bits = 128 - x.leading_zeros() as u64;
                return too_big(bits, y).then(|| (BigInt::from(x), y));
            }
            x *= x;
            y >>= 1;
        }
        if x * z > fixnum_max {
            let bits = 128 - x.leading_zeros() as u64;
            return too_big(bits, y).then(|| (BigInt::from(x), y));
        }
        z *= x;
        y -= 1;
        if y == 0 {
            return None;
        }
    }
}

/// `pow(b, m)`: `self ** b % m` without the big intermediate.
fn modular_pow(vm: &mut Vm, a: Value, b: Value, m: Value) -> VmResult {
    let Some(exponent) = Int::of(b) else {
        let message = "Integer#pow() 2nd argument not allowed unless a 1st argument is integer";
        return Err(vm.type_error(message.into()));
    };
    if exponent.is_negative() {
        let message = "Integer#pow() 1st argument cannot be negative when 2nd argument specified";
        return Err(vm.raise(vm.c.range_error, message.into()));
    }
    let Some(modulus) = Int::of(m) else {
        let message = "Integer#pow() 2nd argument not allowed unless all arguments are integers";
        return Err(vm.type_error(message.into()));
    };
    let modulus = modulus.to_big();
    if modulus.is_zero() {
        return Err(vm.zero_division());
    }
    let magnitude = modulus.abs();
    if magnitude.is_one() {
        return Ok(Value::small(0));
    }
    let base = int(a).to_big().mod_floor(&magnitude);
    let mut result = base.modpow(&exponent.to_big(), &magnitude);
    if modulus.is_negative() && !result.is_zero() {
        result -= magnitude;
    }
    Ok(vm.new_integer(result))
}

/// `NotImplementedError: X is not supported by rhizome`.
fn not_supported(vm: &mut Vm, what: &str) -> Control {
    let class = vm.c.not_implemented_error;
    vm.raise(class, format!("{what} is not supported by rhizome"))
}

/// `digits(base = 10)`: the digits from the least significant.
fn digits(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let base = match args.first() {
        Some(&base) => {
            let converted = to_int(vm, base)?;
            let base = int(converted).to_big();
            if base.is_negative() {
                return Err(vm.argument_error("negative radix".into()));
            }
            if base < BigInt::from(2) {
                return Err(vm.argument_error(format!("invalid radix {base}")));
            }
            base
        }
        None => BigInt::from(10),
    };
    let mut n = int(a).to_big();
    if n.is_negative() {
        return Err(crate::core::math::raise_domain_error(
            vm,
            "out of domain".into(),
        ));
    }
    // Appended to the Array as they are made, so the collector sees them.
    let digits = vm.new_array(Vec::new());
    if n.is_zero() {
        crate::core::array::append(digits, Value::small(0));
    }
    while !n.is_zero() {
        let (q, r) = n.div_rem(&base);
        let digit = vm.new_integer(r);
        crate::core::array::append(digits, digit);
        n = q;
    }
    Ok(digits)
}

/// `chr`: the one-byte String of a code 0..255 (a code point in UTF-8
/// with an encoding argument).
fn chr(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let code = match int(a) {
        Int::Fix(n) if (0..=i64::from(u32::MAX)).contains(&n) => n as u32,
        Int::Fix(n) => {
            return Err(vm.raise(vm.c.range_error, format!("{n} out of char range")));
        }
        Int::Big(_) => {
            return Err(vm.raise(vm.c.range_error, "bignum out of char range".into()));
        }
    };
    use crate::encoding::Encoding;
    // Without an encoding, a byte: US-ASCII below 128, else ASCII-8BIT.
    let encoding = match args.first() {
        Some(&encoding) => crate::core::encoding::expect_encoding(vm, encoding)?,
        None if code < 0x80 => Encoding::UsAscii,
        None => Encoding::Binary,
    };
    if encoding.is_single_byte() {
        let limit = if encoding == Encoding::UsAscii {
            0x7f
        } else {
            0xff
        };
        if code > limit {
            let message = match args.first() {
                Some(_) => format!("invalid codepoint 0x{code:X} in {}", encoding.name()),
                None => format!("{code} out of char range"),
            };
            return Err(vm.raise(vm.c.range_error, message));
        }
        return Ok(crate::core::string::new_string_in(
            vm,
            &[code as u8],
            encoding,
        ));
    }
    match char::from_u32(code) {
        Some(c) => Ok(vm.new_str(c.encode_utf8(&mut [0; 4]))),
        None if code > 0x10ffff => {
            Err(vm.raise(vm.c.range_error, format!("{code} out of char range")))
        }
        None => Err(vm.raise(
            vm.c.range_error,
            format!("invalid codepoint 0x{code:X} in UTF-8"),
        )),
    }
}

/// Integer equality with Integers and Floats.
pub fn equal(a: Value, b: Value) -> bool {
    matches!(compare(a, b), Some(Ordering::Equal))
}

/// Compares an Integer with an Integer or Float (None for anything else, or
/// NaN).
pub fn compare(a: Value, b: Value) -> Option<Ordering> {
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
pub fn compare_int_float(x: &Int, y: f64) -> Option<Ordering> {
    if y.is_nan() {
        return None;
    }
    if y.is_infinite() {
        return Some(if y > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        });
    }
    let floor = y.floor();
    match x.to_big().cmp(&float_to_big(floor)) {
        Ordering::Equal if y > floor => Some(Ordering::Less),
        ordering => Some(ordering),
    }
}

/// The integer value of an integral double.
pub fn float_to_big(f: f64) -> BigInt {
    num_traits::FromPrimitive::from_f64(f).unwrap_or_default()
}

fn compare_op(vm: &mut Vm, a: Value, b: Value, op: &str, test: fn(Ordering) -> bool) -> VmResult {
    match compare(a, b) {
        Some(ordering) => Ok(Value::bool(test(ordering))),
        None if float_of(b).is_some() => Ok(Value::FALSE),
        None => coerce_relop(vm, a, b, op),
    }
}

fn is_odd(a: Value) -> bool {
    match int(a) {
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
        Some(&b) => match num2int(vm, b)? {
            base @ 2..=36 => base as u32,
            base => return Err(vm.argument_error(format!("invalid radix {base}"))),
        },
    };
    Ok(match int(a) {
        Int::Fix(n) if base == 10 => crate::core::string::new_ascii_string(vm, decimal_bytes(n)),
        x => {
            let digits = x.to_big().to_str_radix(base).into_bytes();
            crate::core::string::new_ascii_string(vm, crate::object::string_bytes(digits))
        }
    })
}

/// The decimal digits of `n` (with a `-` when negative), built in place
/// without an allocation.
pub fn decimal_bytes(n: i64) -> StringBytes {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n.unsigned_abs();
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut out = StringBytes::new();
    if n < 0 {
        out.push(b'-');
    }
    out.extend_from_slice(&digits[at..]);
    out
}

/// How `round` breaks a tie (the `half:` keyword).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Half {
    Up,
    Down,
    Even,
}

/// The `half:` keyword as given, parsed only when MRI looks at it.
pub struct HalfOption(Option<Value>);

impl HalfOption {
    /// MRI's `rb_num_get_rounding_option`.
    pub fn parse(&self, vm: &mut Vm) -> VmResult<Half> {
        let Some(value) = self.0 else {
            return Ok(Half::Up);
        };
        if value.is_nil() {
            return Ok(Half::Up);
        }
        let text = match value.as_symbol() {
            Some(sym) => Some(vm.symbols.name(sym).to_string()),
            None => match crate::core::string::check_string(vm, value)? {
                Some(string) => vm.string_text(string),
                None => None,
            },
        };
        match text.as_deref().map(str::to_ascii_lowercase).as_deref() {
            Some("up") => Ok(Half::Up),
            Some("down") => Ok(Half::Down),
            Some("even") => Ok(Half::Even),
            _ => {
                let shown = match text {
                    Some(text) => text,
                    None => String::from_utf8_lossy(&vm.to_s_bytes(value)?).into_owned(),
                };
                Err(vm.argument_error(format!("invalid rounding mode: {shown}")))
            }
        }
    }
}

/// Splits `round`'s arguments into the positional ones (at most `max`) and
/// the `half:` option.
pub fn rounding_mode<'a>(
    vm: &mut Vm,
    args: &'a [Value],
    max: usize,
) -> VmResult<(&'a [Value], HalfOption)> {
    let (positional, values) = vm.native_keywords(args, &["half"])?;
    if positional.len() > max {
        return Err(vm.arity_error(positional.len(), 0, Some(max)));
    }
    Ok((positional, HalfOption(values[0])))
}

/// Whether `n` is in the fixnum range.
fn fits_fixnum(n: &BigInt) -> bool {
    n.to_i64().is_some_and(|n| Value::fixnum(n).is_some())
}

/// Bytes of the machine representation: a word for a fixnum, the
/// magnitude's bytes for a Bignum.
fn byte_size(n: &Int) -> u64 {
    match n {
        Int::Fix(_) => 8,
        Int::Big(b) => b.bits().div_ceil(8),
    }
}

/// Which way an Integer is rounded to a power of ten.
#[derive(Clone, Copy)]
pub enum Rounding {
    Round(Half),
    Floor,
    Ceil,
    Truncate,
}

/// `floor`/`ceil`/`truncate` with an optional (negative) digit count.
fn integer_rounding(vm: &mut Vm, a: Value, args: &[Value], rounding: Rounding) -> VmResult {
    let Some(&digits) = args.first() else {
        return Ok(a);
    };
    let digits = num2int(vm, digits)?;
    if digits >= 0 {
        return Ok(a);
    }
    Ok(round_integer(vm, &int(a).to_big(), digits, rounding))
}

/// MRI's `rb_int_round`/`rb_int_floor`/`rb_int_ceil`/`rb_int_truncate`:
/// `n` to a multiple of `10 ** -digits` (`digits` is negative).
pub fn round_integer(vm: &mut Vm, n: &BigInt, digits: i64, rounding: Rounding) -> Value {
    // When 10**-digits / 2 is beyond any number of n's size, the result is
    // 0 (MRI judges by the size in bytes).
    let bytes = if fits_fixnum(n) {
        8
    } else {
        n.bits().div_ceil(8)
    };
    if -0.415241 * digits as f64 - 0.125 > bytes as f64 {
        return Value::small(0);
    }
    let f = num_traits::pow(BigInt::from(10), (-digits) as usize);
    let negative = n.is_negative();
    let r = n.mod_floor(&f);
    // MRI's fixnum code leaves multiples alone; its Bignum code adds `f`
    // to them when rounding up (`(10**20).ceil(-1)` is 10**20 + 10).
    let exact_multiple = r.is_zero() && fits_fixnum(n) && fits_fixnum(&f);
    let result = match rounding {
        Rounding::Floor => n - &r,
        Rounding::Ceil | Rounding::Truncate if exact_multiple => n.clone(),
        Rounding::Ceil => n + (&f - &r),
        Rounding::Truncate if negative => n + (&f - &r),
        Rounding::Truncate => n - &r,
        Rounding::Round(half) => {
            let h = &f / 2;
            let base = n - &r;
            let up = match r.cmp(&h) {
                Ordering::Greater => true,
                Ordering::Less => false,
                Ordering::Equal => match half {
                    Half::Up => !negative,
                    Half::Down => negative,
                    Half::Even => (&base / &f).is_odd(),
                },
            };
            if up {
                base + &f
            } else {
                base
            }
        }
    };
    vm.new_integer(result)
}
