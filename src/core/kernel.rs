//! Kernel's functions: `puts`, `print`, `p` (written to `$stdout`), and the
//! strict conversions `Integer()`, `Float()`, `String()`, `Array()`.

use crate::core::io;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    // caller(start = 1, length = nil): the backtrace of the method that
    // called `caller`, from its `start`th frame.
    vm.define_private_native(kernel, "caller", 0, Some(2), |vm, _, args| {
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
        crate::core::array::append_strings(vm, result, strings.iter().map(|s| s.as_bytes()));
        Ok(result)
    });
    vm.define_private_native(kernel, "puts", 0, None, |vm, _, args| {
        let stdout = vm.global(vm.sym.stdout_global);
        io::puts_on(vm, stdout, args)?;
        Ok(Value::NIL)
    });
    vm.define_private_native(kernel, "print", 0, None, |vm, _, args| {
        let stdout = vm.global(vm.sym.stdout_global);
        io::print_on(vm, stdout, args)?;
        Ok(Value::NIL)
    });
    vm.define_private_native(kernel, "p", 0, None, p);
    vm.define_private_native(kernel, "pp", 0, None, p);
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
    vm.define_private_native(kernel, "Integer", 1, Some(2), |vm, _, args| {
        let value = args[0];
        if crate::core::integer::Int::of(value).is_some() {
            return Ok(value);
        }
        if let Some(f) = crate::core::integer::float_of(value) {
            return crate::core::float::float_to_integer(vm, f.trunc());
        }
        if let Some(text) = vm.string_text(value) {
            return match parse_strict_integer(&text) {
                Some(n) => Ok(vm.new_integer(n)),
                None => {
                    let shown = crate::core::string::inspect_string(text.as_bytes());
                    Err(vm.argument_error(format!("invalid value for Integer(): {shown}")))
                }
            };
        }
        if value.is_nil() {
            return Err(vm.type_error("can't convert nil into Integer".into()));
        }
        let to_i = vm.symbols.intern("to_i");
        vm.call(value, to_i, &[])
    });
    vm.define_private_native(kernel, "Float", 1, Some(2), |vm, _, args| {
        let value = args[0];
        if let Some(f) = crate::core::integer::float_of(value) {
            return Ok(vm.new_float(f));
        }
        if let Some(int) = crate::core::integer::Int::of(value) {
            return Ok(vm.new_float(int.to_f64()));
        }
        if let Some(text) = vm.string_text(value) {
            return match parse_strict_float(&text) {
                Some(f) => Ok(vm.new_float(f)),
                None => {
                    let shown = crate::core::string::inspect_string(text.as_bytes());
                    Err(vm.argument_error(format!("invalid value for Float(): {shown}")))
                }
            };
        }
        if value.is_nil() {
            return Err(vm.type_error("can't convert nil into Float".into()));
        }
        let to_f = vm.symbols.intern("to_f");
        vm.call(value, to_f, &[])
    });
    vm.define_private_native(kernel, "String", 1, Some(1), |vm, _, args| {
        let bytes = vm.to_s_bytes(args[0])?;
        Ok(vm.new_string(bytes))
    });
    vm.define_private_native(kernel, "Array", 1, Some(1), |vm, _, args| {
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
    });
}

/// `Integer("...")`'s grammar: optional whitespace and sign, an optional
/// base prefix (`0x`, `0b`, `0o`, `0d`, `0`), digits with single
/// underscores between them, optional trailing whitespace.
pub fn parse_strict_integer(text: &str) -> Option<num_bigint::BigInt> {
    let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
    let (negative, body) = match trimmed.as_bytes().first()? {
        b'-' => (true, &trimmed[1..]),
        b'+' => (false, &trimmed[1..]),
        _ => (false, trimmed),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(rest) = lower.strip_prefix("0x") {
        (16, rest)
    } else if let Some(rest) = lower.strip_prefix("0b") {
        (2, rest)
    } else if let Some(rest) = lower.strip_prefix("0o") {
        (8, rest)
    } else if let Some(rest) = lower.strip_prefix("0d") {
        (10, rest)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
    {
        return None;
    }
    let value = num_bigint::BigInt::parse_bytes(digits.replace('_', "").as_bytes(), radix)?;
    Some(if negative { -value } else { value })
}

/// `Float("...")`'s grammar: a decimal number with optional fraction and
/// exponent (digits with single underscores), surrounded by optional
/// whitespace; also anything `Integer()` accepts.
pub fn parse_strict_float(text: &str) -> Option<f64> {
    let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
    if let Some(int) = parse_strict_integer(trimmed) {
        if !trimmed.contains(['.', 'e', 'E']) {
            return num_traits::ToPrimitive::to_f64(&int);
        }
    }
    let bytes = trimmed.as_bytes();
    let valid = !trimmed.is_empty()
        && bytes
            .iter()
            .all(|b| b.is_ascii_digit() || b"+-._eE".contains(b))
        && !trimmed.contains("__")
        && !trimmed.starts_with(['_', '.'])
        && !trimmed.ends_with(['_', '.', 'e', 'E'])
        && !trimmed.contains("._")
        && !trimmed.contains("_.");
    if !valid {
        return None;
    }
    trimmed.replace('_', "").parse().ok()
}
