//! `Array#sum`: MRI's algorithm, exact while the elements are Integers,
//! Kahan-Babuska compensated once a Float appears, `+` for anything else.
//!
//! ```ruby
//! [0.1, 0.2, 0.3].sum   # => 0.6 (a plain fold gives 0.6000000000000001)
//! ```

use super::item;
use crate::core::integer::{arith, float_of, Int, Op};
use crate::object::RString;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

/// `sum(init = 0)`, `sum(init) { |x| }`: MRI's algorithm, exact for
/// Integers, Kahan-Babuska compensated once a Float appears, `+` for
/// anything else.
pub(crate) fn sum(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let block = vm.current_block();
    let init_given = !args.is_empty();
    let mut v = args.first().copied().unwrap_or(Value::small(0));
    let element = |vm: &mut Vm, i: usize| -> VmResult<Option<Value>> {
        let Some(value) = item(a, i) else {
            return Ok(None);
        };
        match &block {
            Some(block) => vm.invoke_block(block, &[value]).map(Some),
            None => Ok(Some(value)),
        }
    };
    // Exact part: fixnums summed in `n`, Bignums added to `v`.
    let mut n: i64 = 0;
    let mut i = 0;
    let first_inexact = loop {
        let Some(e) = element(vm, i)? else {
            return finish_exact_sum(vm, n, v, init_given);
        };
        match Int::of(e) {
            Some(Int::Fix(x)) => {
                n += x;
                if Value::fixnum(n).is_none() {
                    v = add_i64(vm, v, n)?;
                    n = 0;
                }
            }
            Some(Int::Big(_)) => v = arith(vm, e, v, Op::Add)?,
            None => break e,
        }
        i += 1;
    };
    v = finish_exact_sum(vm, n, v, i != 0)?;
    let mut e = first_inexact;
    if float_of(e).is_some() {
        let mut f = num_to_f64(vm, v)?;
        let mut c = 0.0f64;
        loop {
            let x = match (float_of(e), Int::of(e)) {
                (_, Some(int)) => int.to_f64(),
                (Some(x), None) => x,
                (None, None) => break,
            };
            if f.is_nan() {
            } else if x.is_nan() {
                f = x;
            } else if x.is_infinite() {
                f = if f.is_infinite() && x.is_sign_negative() != f.is_sign_negative() {
                    f64::NAN
                } else {
                    x
                };
            } else if f.is_infinite() {
            } else {
                let t = f + x;
                if f.abs() >= x.abs() {
                    c += (f - t) + x;
                } else {
                    c += (x - t) + f;
                }
                f = t;
            }
            i += 1;
            match element(vm, i)? {
                Some(next) => e = next,
                None => return Ok(vm.new_float(f + c)),
            }
        }
        v = vm.new_float(f);
    }
    // Anything else: `+`, from the element that was neither.
    let plus = vm.symbols.intern("+");
    loop {
        v = vm.call(v, plus, &[e])?;
        i += 1;
        match element(vm, i)? {
            Some(next) => e = next,
            None => return Ok(v),
        }
    }
}

fn add_i64(vm: &mut Vm, v: Value, n: i64) -> VmResult {
    let n = vm.new_int(n as i128);
    arith(vm, n, v, Op::Add)
}

/// MRI's `finish_exact_sum`: adds the fixnum total to `v` (or `0 + v` when
/// `force` and there was none).
fn finish_exact_sum(vm: &mut Vm, n: i64, v: Value, force: bool) -> VmResult {
    if n != 0 {
        add_i64(vm, v, n)
    } else if force {
        arith(vm, Value::small(0), v, Op::Add)
    } else {
        Ok(v)
    }
}

/// MRI's `NUM2DBL` for the running sum.
fn num_to_f64(vm: &mut Vm, v: Value) -> VmResult<f64> {
    if let Some(int) = Int::of(v) {
        return Ok(int.to_f64());
    }
    if let Some(f) = float_of(v) {
        return Ok(f);
    }
    if v.get::<RString>().is_some() {
        return Err(vm.type_error("no implicit conversion to float from string".into()));
    }
    if !v.is_heap() {
        let name = vm.special_or_class_name(v);
        return Err(vm.type_error(format!("can't convert {name} into Float")));
    }
    let name = vm.class_name(vm.real_class_of(v));
    Err(vm.type_error(format!("can't convert {name} into Float")))
}
