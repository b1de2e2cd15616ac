//! Building Arrays and Strings from Arrays: `join`, `*`, `flatten`,
//! `transpose`, `zip`.
//!
//! `join` and `flatten` walk nested Arrays and stop at a recursive one:
//!
//! ```ruby
//! [1, [2, [3]]].join("-")   # => "1-2-3"
//! a = [1]; a << a; a.join   # ArgumentError: recursive array join
//! ```

use super::{check_array, item, items, items_mut, len, to_ary, to_long, MAX_LEN};
use crate::encoding::Encoding;
use crate::object::{RArray, RString, StringBytes};
use crate::value::Value;
use crate::vm::{Vm, VmResult};

/// `join(separator)` (and `a * "sep"`): the elements' Strings one after
/// the other, separated.
pub(super) fn join(vm: &mut Vm, a: Value, separator: Option<Value>) -> VmResult {
    let separator = match separator {
        Some(sep) => Some(crate::core::string::expect_string_value(vm, sep)?),
        None => None,
    };
    let separator = match separator {
        Some(sep) => (
            crate::core::string::bytes_of(sep).clone(),
            crate::core::string::encoding_of(sep),
        ),
        None => (StringBytes::new(), Encoding::UsAscii),
    };
    // The result starts in the first element's encoding when that is a
    // String (MRI's `rb_enc_copy`), else US-ASCII.
    let first = item(a, 0).and_then(|first| first.get::<RString>().map(|s| s.encoding()));
    let mut joined = Joined {
        bytes: Vec::new(),
        encoding: first.unwrap_or(Encoding::UsAscii),
    };
    join_into(vm, a, &separator, &mut joined, &mut Vec::new())?;
    let result = vm.new_string(joined.bytes);
    crate::core::string::string_of(result).set_encoding(joined.encoding);
    Ok(result)
}

/// `a * n` repeats; `a * "sep"` joins.
pub(super) fn times(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let arg = args[0];
    if arg.get::<RString>().is_some() {
        return join(vm, a, Some(arg));
    }
    let count = to_long(vm, arg)?;
    if count < 0 {
        return Err(vm.argument_error("negative argument".into()));
    }
    if (len(a) as u128) * (count as u128) > MAX_LEN as u128 {
        return Err(vm.argument_error("argument too big".into()));
    }
    let mut repeated = Vec::new();
    vm.reserve(&mut repeated, len(a) * count as usize)?;
    for _ in 0..count {
        repeated.extend_from_slice(&items(a));
    }
    Ok(vm.new_array(repeated))
}

/// Appends the elements of `array` to `out`, separated: Strings as they
/// are, Arrays joined recursively, anything else by `to_str`, `to_ary` or
/// `to_s`.
/// What `join` has made so far: the bytes and their encoding.
struct Joined {
    bytes: Vec<u8>,
    encoding: Encoding,
}

impl Joined {
    /// Appends `piece` of `encoding` as MRI's `rb_str_buf_append` does;
    /// CompatibilityError when both are non-ASCII in different encodings.
    fn push(&mut self, vm: &mut Vm, piece: &[u8], encoding: Encoding) -> VmResult<()> {
        if encoding != self.encoding {
            self.encoding = crate::encoding::compatible(
                crate::encoding::Operand::String(self.encoding, &self.bytes),
                crate::encoding::Operand::String(encoding, piece),
            )
            .ok_or_else(|| crate::core::encoding::incompatible(vm, self.encoding, encoding))?;
        }
        self.bytes.extend_from_slice(piece);
        Ok(())
    }

    /// Appends String `string`.
    fn push_string(&mut self, vm: &mut Vm, string: Value) -> VmResult<()> {
        let bytes = crate::core::string::bytes_of(string).clone();
        self.push(vm, &bytes, crate::core::string::encoding_of(string))
    }
}

fn join_into(
    vm: &mut Vm,
    array: Value,
    separator: &(StringBytes, Encoding),
    out: &mut Joined,
    seen: &mut Vec<Value>,
) -> VmResult<()> {
    if seen.contains(&array) {
        return Err(vm.argument_error("recursive array join".into()));
    }
    seen.push(array);
    let mut i = 0;
    while let Some(element) = item(array, i) {
        if i > 0 {
            out.push(vm, &separator.0, separator.1)?;
        }
        if element.get::<RString>().is_some() {
            out.push_string(vm, element)?;
        } else if element.get::<RArray>().is_some() {
            join_into(vm, element, separator, out, seen)?;
        } else {
            let to_str = vm.sym.to_str;
            let class = vm.class_of(element);
            if vm.find_method(class, to_str).is_some() {
                let converted = vm.call(element, to_str, &[])?;
                let converted = crate::core::string::expect_string_value(vm, converted)?;
                out.push_string(vm, converted)?;
            } else if let Some(nested) = check_array(vm, element)? {
                join_into(vm, nested, separator, out, seen)?;
            } else {
                let to_s = vm.sym.to_s;
                let string = vm.call(element, to_s, &[])?;
                if string.get::<RString>().is_some() {
                    out.push_string(vm, string)?;
                } else {
                    let text = vm.default_to_s(element);
                    out.push(vm, text.as_bytes(), Encoding::UsAscii)?;
                }
            }
        }
        i += 1;
    }
    seen.pop();
    Ok(())
}

/// `flatten(depth)`'s depth: -1 (all the way) when absent or nil.
pub(super) fn depth_arg(vm: &mut Vm, args: &[Value]) -> VmResult<i64> {
    match args.first() {
        None | Some(&Value::NIL) => Ok(-1),
        Some(&depth) => to_long(vm, depth),
    }
}

/// A new Array with nested Arrays spliced in, `depth` levels deep (all
/// when negative); and whether there was any nested Array.
pub(super) fn flatten(vm: &mut Vm, a: Value, depth: i64) -> VmResult<(Value, bool)> {
    let result = vm.new_array(Vec::with_capacity(len(a)));
    let mut changed = false;
    flatten_into(vm, a, depth, result, &mut vec![a], &mut changed)?;
    Ok((result, changed))
}

fn flatten_into(
    vm: &mut Vm,
    array: Value,
    depth: i64,
    result: Value,
    stack: &mut Vec<Value>,
    changed: &mut bool,
) -> VmResult<()> {
    let mut i = 0;
    while let Some(element) = item(array, i) {
        i += 1;
        if depth == 0 {
            items_mut(result).push(element);
            continue;
        }
        let nested = if element.get::<RArray>().is_some() {
            Some(element)
        } else if element.is_heap() {
            check_array(vm, element)?
        } else {
            None
        };
        let Some(nested) = nested else {
            items_mut(result).push(element);
            continue;
        };
        if stack.contains(&nested) {
            return Err(vm.argument_error("tried to flatten recursive array".into()));
        }
        *changed = true;
        stack.push(nested);
        flatten_into(vm, nested, depth - 1, result, stack, changed)?;
        stack.pop();
    }
    Ok(())
}

pub(super) fn transpose(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let rows = vm.new_array(Vec::with_capacity(len(a)));
    let mut i = 0;
    while let Some(element) = item(a, i) {
        let row = to_ary(vm, element)?;
        items_mut(rows).push(row);
        i += 1;
    }
    let width = items(rows).first().map(|&row| len(row));
    let result = vm.new_array(Vec::new());
    let Some(width) = width else {
        return Ok(result);
    };
    for index in 0..len(rows) {
        let row = items(rows)[index];
        if len(row) != width {
            let class = vm.c.index_error;
            let message = format!("element size differs ({} should be {width})", len(row));
            return Err(vm.raise(class, message));
        }
    }
    for column in 0..width {
        let values: Vec<Value> = items(rows).iter().map(|&row| items(row)[column]).collect();
        let transposed = vm.new_array(values);
        items_mut(result).push(transposed);
    }
    Ok(result)
}

/// `a.zip(*others)`: tuples of the elements at each index (nil where an
/// other is shorter); with a block, yields them and returns nil.
pub(super) fn zip(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let others = vm.new_array(Vec::with_capacity(args.len()));
    for &arg in args {
        let other = match check_array(vm, arg)? {
            Some(other) => other,
            None => {
                let each = vm.symbols.intern("each");
                let class = vm.class_of(arg);
                if vm.find_method(class, each).is_none() {
                    let name = vm.class_name(vm.real_class_of(arg));
                    return Err(vm.type_error(format!(
                        "wrong argument type {name} (must respond to :each)"
                    )));
                }
                let to_a = vm.symbols.intern("to_a");
                vm.call(arg, to_a, &[])?
            }
        };
        items_mut(others).push(other);
    }
    let block = vm.current_block();
    let result = vm.new_array(Vec::new());
    let mut i = 0;
    while let Some(element) = item(a, i) {
        let mut tuple = vec![element];
        for &other in items(others).iter() {
            tuple.push(item(other, i).unwrap_or(Value::NIL));
        }
        let tuple = vm.new_array(tuple);
        match &block {
            Some(block) => {
                vm.invoke_block(block, &[tuple])?;
            }
            None => items_mut(result).push(tuple),
        }
        i += 1;
    }
    Ok(if block.is_some() { Value::NIL } else { result })
}
