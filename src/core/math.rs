//! The Math module: MRI's math.c over the C library's functions.
//!
//! Every function is a module function (`Math.sqrt(2)`, or `sqrt(2)` after
//! `include Math`). Arguments convert as MRI's `Get_Double` converts them:
//! Integers and Floats, other Numerics through `to_f`, anything else a
//! TypeError (`can't convert String into Float`). Outside a function's
//! domain the error is `Math::DomainError` (`Numerical argument is out of
//! domain - sqrt`). The logarithms of Bignums too big for a double are
//! exact enough (the number is shifted right first, as MRI does), and
//! `cbrt` takes MRI's extra Newton step on glibc.

use crate::core::integer::{float_of, Int};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use num_traits::{Signed, ToPrimitive};
use std::ffi::c_int;

// The C library's functions that Rust's standard library does not wrap
// (or computes its own way, as the inverse hyperbolics); MRI calls the
// same ones, so results agree to the bit.
extern "C" {
    fn tgamma(x: f64) -> f64;
    fn lgamma_r(x: f64, sign: *mut c_int) -> f64;
    fn erf(x: f64) -> f64;
    fn erfc(x: f64) -> f64;
    #[link_name = "asinh"]
    fn asinh_c(x: f64) -> f64;
    #[link_name = "acosh"]
    fn acosh_c(x: f64) -> f64;
    #[link_name = "atanh"]
    fn atanh_c(x: f64) -> f64;
    fn frexp(x: f64, exponent: *mut c_int) -> f64;
    #[link_name = "ldexp"]
    fn ldexp_c(x: f64, exponent: c_int) -> f64;
}

type Unary = fn(&mut Vm, f64) -> VmResult<f64>;

/// Defines a module function of one Float argument with a Float result.
/// Each gets a native of its own (natives are plain functions), which
/// calls `$f` through a constant.
macro_rules! unary {
    ($vm:expr, $math:expr, $name:expr, $f:expr) => {{
        const F: Unary = $f;
        define_function($vm, $math, $name, 1, 1, |vm, _, args| {
            let x = to_double(vm, args[0])?;
            let result = F(vm, x)?;
            Ok(vm.new_float(result))
        });
    }};
}

pub fn define(vm: &mut Vm) {
    let math = vm.define_module("Math");
    let standard_error = vm.c.standard_error;
    let domain = vm.new_class_named("Math::DomainError", standard_error);
    let name = vm.symbols.intern("DomainError");
    vm.set_constant(math, name, domain);
    for (name, value) in [("PI", std::f64::consts::PI), ("E", std::f64::consts::E)] {
        let value = vm.new_float(value);
        let name = vm.symbols.intern(name);
        vm.set_constant(math, name, value);
    }

    unary!(vm, math, "sin", |_, x| Ok(x.sin()));
    unary!(vm, math, "cos", |_, x| Ok(x.cos()));
    unary!(vm, math, "tan", |_, x| Ok(x.tan()));
    unary!(vm, math, "asin", |vm, x| {
        in_range(vm, x, -1.0, 1.0, "asin").map(f64::asin)
    });
    unary!(vm, math, "acos", |vm, x| {
        in_range(vm, x, -1.0, 1.0, "acos").map(f64::acos)
    });
    unary!(vm, math, "atan", |_, x| Ok(x.atan()));
    unary!(vm, math, "sinh", |_, x| Ok(x.sinh()));
    unary!(vm, math, "cosh", |_, x| Ok(x.cosh()));
    unary!(vm, math, "tanh", |_, x| Ok(x.tanh()));
    // SAFETY: asinh is a pure C function of its argument.
    unary!(vm, math, "asinh", |_, x| Ok(unsafe { asinh_c(x) }));
    unary!(vm, math, "acosh", |vm, x| {
        // SAFETY: acosh is a pure C function of its argument.
        at_least(vm, x, 1.0, "acosh").map(|x| unsafe { acosh_c(x) })
    });
    unary!(vm, math, "atanh", |vm, x| {
        let x = in_range(vm, x, -1.0, 1.0, "atanh")?;
        Ok(if x.abs() == 1.0 {
            f64::INFINITY.copysign(x)
        } else {
            // SAFETY: atanh is a pure C function of its argument.
            unsafe { atanh_c(x) }
        })
    });
    unary!(vm, math, "exp", |_, x| Ok(x.exp()));
    unary!(vm, math, "sqrt", |vm, x| {
        let x = at_least(vm, x, 0.0, "sqrt")?;
        Ok(if x == 0.0 { 0.0 } else { x.sqrt() })
    });
    unary!(vm, math, "cbrt", |_, x| {
        let r = glibc_cbrt(x);
        // glibc's cbrt can be an ulp off; MRI refines it with one Newton
        // step.
        Ok(if r.is_finite() && !(x == 0.0 && r == 0.0) {
            (2.0 * r + (x / r / r)) / 3.0
        } else {
            r
        })
    });
    // SAFETY: erf is a pure C function of its argument.
    unary!(vm, math, "erf", |_, x| Ok(unsafe { erf(x) }));
    // SAFETY: erfc is a pure C function of its argument.
    unary!(vm, math, "erfc", |_, x| Ok(unsafe { erfc(x) }));
    unary!(vm, math, "gamma", gamma);
    define_function(vm, math, "atan2", 2, 2, |vm, _, args| {
        let y = to_double(vm, args[0])?;
        let x = to_double(vm, args[1])?;
        Ok(vm.new_float(y.atan2(x)))
    });
    define_function(vm, math, "hypot", 2, 2, |vm, _, args| {
        let x = to_double(vm, args[0])?;
        let y = to_double(vm, args[1])?;
        Ok(vm.new_float(x.hypot(y)))
    });
    define_function(vm, math, "log", 1, 2, |vm, _, args| {
        let mut result = logarithm(vm, args[0], "log", std::f64::consts::LN_2, f64::ln)?;
        if let Some(&base) = args.get(1) {
            result /= logarithm(vm, base, "log", std::f64::consts::LN_2, f64::ln)?;
        }
        Ok(vm.new_float(result))
    });
    define_function(vm, math, "log2", 1, 1, |vm, _, args| {
        let result = logarithm(vm, args[0], "log2", 1.0, f64::log2)?;
        Ok(vm.new_float(result))
    });
    define_function(vm, math, "log10", 1, 1, |vm, _, args| {
        let ten_of_two = std::f64::consts::LOG10_2;
        let result = logarithm(vm, args[0], "log10", ten_of_two, f64::log10)?;
        Ok(vm.new_float(result))
    });
    define_function(vm, math, "frexp", 1, 1, |vm, _, args| {
        let x = to_double(vm, args[0])?;
        let mut exponent: c_int = 0;
        // SAFETY: frexp writes one int through the pointer it is given.
        let fraction = unsafe { frexp(x, &mut exponent) };
        let fraction = vm.new_float(fraction);
        Ok(vm.new_array(vec![fraction, Value::small(i64::from(exponent))]))
    });
    define_function(vm, math, "ldexp", 2, 2, |vm, _, args| {
        let x = to_double(vm, args[0])?;
        let exponent = crate::core::array::to_long(vm, args[1])?;
        let exponent = exponent.clamp(i64::from(c_int::MIN), i64::from(c_int::MAX)) as c_int;
        Ok(vm.new_float(ldexp(x, exponent)))
    });
    define_function(vm, math, "lgamma", 1, 1, |vm, _, args| {
        let x = to_double(vm, args[0])?;
        let (value, sign) = if x.is_infinite() {
            if x < 0.0 {
                return Err(domain_error(vm, "lgamma"));
            }
            (f64::INFINITY, 1)
        } else if x == 0.0 {
            (f64::INFINITY, if x.is_sign_negative() { -1 } else { 1 })
        } else {
            let mut sign: c_int = 1;
            // SAFETY: lgamma_r writes one int through the pointer it is given.
            let value = unsafe { lgamma_r(x, &mut sign) };
            (value, sign)
        };
        let value = vm.new_float(value);
        Ok(vm.new_array(vec![value, Value::small(i64::from(sign))]))
    });
}

/// Defines a module function: a singleton method of Math and a private
/// instance method.
fn define_function(
    vm: &mut Vm,
    math: Value,
    name: &str,
    min: u8,
    max: u8,
    func: crate::core::NativeFn,
) {
    vm.define_singleton_native(math, name, min, Some(max), func);
    vm.define_private_native(math, name, min, Some(max), func);
}

/// C's `ldexp`: `x * 2**exponent`, rounded once.
pub fn ldexp(x: f64, exponent: i32) -> f64 {
    // SAFETY: ldexp is a pure function of its arguments.
    unsafe { ldexp_c(x, exponent) }
}

/// glibc's `cbrt` (the one MRI calls; Rust links its own, which can differ
/// in the last bit): a polynomial guess refined once, on the mantissa.
fn glibc_cbrt(x: f64) -> f64 {
    const CBRT2: f64 = 1.259_921_049_894_873_2;
    const SQR_CBRT2: f64 = 1.587_401_051_968_199_6;
    const FACTOR: [f64; 5] = [1.0 / SQR_CBRT2, 1.0 / CBRT2, 1.0, CBRT2, SQR_CBRT2];
    let mut exponent: c_int = 0;
    // SAFETY: frexp writes one int through the pointer it is given.
    let xm = unsafe { frexp(x.abs(), &mut exponent) };
    if exponent == 0 && (x == 0.0 || !x.is_finite()) {
        return x + x;
    }
    let u = 0.354_895_765_043_919_84
        + (1.508_191_937_815_849
            + (-2.114_994_941_673_713
                + (2.446_931_225_635_344_4
                    + (-1.834_692_774_836_130_8
                        + (0.784_932_344_976_639_2 - 0.145_263_899_385_486_37 * xm) * xm)
                        * xm)
                    * xm)
                * xm)
            * xm;
    let t2 = u * u * u;
    let ym = u * (t2 + 2.0 * xm) / (2.0 * t2 + xm) * FACTOR[(2 + exponent % 3) as usize];
    ldexp(if x > 0.0 { ym } else { -ym }, exponent / 3)
}

/// `Math::DomainError: Numerical argument is out of domain - name`.
pub fn domain_error(vm: &mut Vm, name: &str) -> crate::vm::Control {
    raise_domain_error(vm, format!("Numerical argument is out of domain - {name}"))
}

/// A `Math::DomainError` with `message`.
pub fn raise_domain_error(vm: &mut Vm, message: String) -> crate::vm::Control {
    let math = vm.symbols.intern("Math");
    let object = vm.c.object;
    let math = vm.constant(object, math).expect("Math is defined");
    let domain = vm.symbols.intern("DomainError");
    let class = vm
        .constant(math, domain)
        .expect("Math::DomainError is defined");
    vm.raise(class, message)
}

/// `x`, unless it is below `min` (NaN passes).
fn at_least(vm: &mut Vm, x: f64, min: f64, name: &str) -> VmResult<f64> {
    if x < min {
        return Err(domain_error(vm, name));
    }
    Ok(x)
}

/// `x`, unless it is outside `min..=max` (NaN passes).
fn in_range(vm: &mut Vm, x: f64, min: f64, max: f64, name: &str) -> VmResult<f64> {
    if x < min || x > max {
        return Err(domain_error(vm, name));
    }
    Ok(x)
}

/// MRI's `Get_Double`: the double of a numeric argument.
fn to_double(vm: &mut Vm, value: Value) -> VmResult<f64> {
    if let Some(f) = float_of(value) {
        return Ok(f);
    }
    if let Some(int) = Int::of(value) {
        return Ok(int.to_f64());
    }
    let numeric = vm.c.numeric;
    if matches!(value, Value::NIL | Value::TRUE | Value::FALSE) || !vm.is_kind_of(value, numeric) {
        let name = vm.special_or_class_name(value);
        return Err(vm.type_error(format!("can't convert {name} into Float")));
    }
    crate::core::kernel::convert_to_float(vm, value)
}

/// A logarithm of `value`: `log(d) + shifted * per_bit`, where a Bignum
/// beyond a double's range is first shifted right by `shifted` bits.
fn logarithm(
    vm: &mut Vm,
    value: Value,
    name: &str,
    per_bit: f64,
    log: fn(f64) -> f64,
) -> VmResult<f64> {
    let (x, shifted) = match Int::of(value) {
        Some(Int::Big(big)) if big.is_positive() && big.bits() >= 1024 => {
            let shifted = big.bits() - 53;
            let top = (big >> shifted as usize)
                .to_f64()
                .expect("53 bits fit a double");
            (top, shifted)
        }
        _ => (to_double(vm, value)?, 0),
    };
    let x = at_least(vm, x, 0.0, name)?;
    if x == 0.0 {
        return Ok(f64::NEG_INFINITY);
    }
    Ok(log(x) + shifted as f64 * per_bit)
}

/// `Math.gamma`: exact factorials for the small integers, as MRI.
fn gamma(vm: &mut Vm, x: f64) -> VmResult<f64> {
    if x.is_infinite() {
        if x < 0.0 {
            return Err(domain_error(vm, "gamma"));
        }
        return Ok(f64::INFINITY);
    }
    if x == 0.0 {
        return Ok(f64::INFINITY.copysign(x));
    }
    if x == x.floor() {
        at_least(vm, x, 0.0, "gamma")?;
        if (1.0..=23.0).contains(&x) {
            return Ok((1..x as u64).map(|n| n as f64).product());
        }
    }
    // SAFETY: tgamma is a pure function of its argument.
    Ok(unsafe { tgamma(x) })
}
