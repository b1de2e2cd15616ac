//! Array: the primitives (indexing, mutation, set operations, sorting,
//! summing, joining, inspecting), with MRI's semantics and messages.
//!
//! The iteration methods (`each`, `map`, `select`, `inject`, ...) are Ruby,
//! in `rb/array.rb` and `rb/enumerable.rb`; this file has what is naturally
//! a primitive. Every mutator checks the frozen flag first (`FrozenError:
//! can't modify frozen Array: [1, 2]`).
//!
//! Two rules keep these methods safe while they call back into Ruby (`==`,
//! `<=>`, `hash`, `eql?`, blocks):
//! - no `RefCell` borrow of an Array's items is held across a call (the
//!   callee may mutate the array), and loops re-read the length each step,
//!   as MRI's do;
//! - values are never kept only in a Rust `Vec` while something may
//!   allocate: the collector does not see Rust heap allocations (see
//!   `heap.rs`). Results are built in an already-allocated Ruby Array, and
//!   sorting works on a private Ruby Array copy that keeps every element
//!   alive while the Rust buffers are being merged.

use crate::core::integer::{float_of, Int};
use crate::core::public;
use crate::core::recursion;
use crate::object::{ArrayItems, RArray};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::cell::Ref;
use std::cmp::Ordering;

mod compare;
mod join;
mod set_ops;
mod sum;

use compare::{array_cmp, array_eq, extreme, minmax, sort_by_bang, sort_in_place};
pub(crate) use compare::{array_hash, values_eql};
pub use compare::{cmpint, comparison_failed, literal_extreme, merge_sort, values_equal, Comparer};
use join::{depth_arg, flatten, join, times, transpose, zip};
use set_ops::{difference, intersection, union, uniq_in_place};
pub(crate) use sum::sum;

/// MRI's ARY_MAX_SIZE: the most elements an Array may have.
const MAX_LEN: usize = (i64::MAX / 8) as usize;

/// Appends `value` to the Array `array`. Rust code that builds an Array
/// adds each element this way as soon as it exists, so the collector sees
/// it before the next allocation.
pub fn append(array: Value, value: Value) {
    array
        .get::<RArray>()
        .expect("an Array")
        .items_mut()
        .push(value);
}

pub fn define(vm: &mut Vm) {
    let array = vm.c.array;
    vm.define_private_native(array, "initialize", 0, Some(2), initialize);
    vm.define_singleton_native(array, "[]", 0, None, array_singleton_aref);
    vm.define_methods(
        array,
        &[
            public("inspect", 0, Some(0), array_inspect),
            public("to_s", 0, Some(0), array_inspect),
            public("size", 0, Some(0), array_size),
            public("length", 0, Some(0), array_length),
            public("empty?", 0, Some(0), array_empty_p),
            public("[]", 1, Some(2), aref),
            public("slice", 1, Some(2), aref),
            public("at", 1, Some(1), array_at),
            public("fetch", 1, Some(2), fetch),
            public("[]=", 2, Some(3), aset),
            public("first", 0, Some(1), array_first),
            public("last", 0, Some(1), array_last),
            public("take", 1, Some(1), array_take),
            public("drop", 1, Some(1), array_drop),
            public("<<", 1, Some(1), push),
            public("push", 0, None, push),
            public("append", 0, None, push),
            public("pop", 0, Some(1), array_pop),
            public("shift", 0, Some(1), array_shift),
            public("unshift", 0, None, unshift),
            public("prepend", 0, None, unshift),
            public("insert", 1, None, insert),
            public("concat", 0, None, array_concat),
            public("replace", 1, Some(1), array_replace),
            public("clear", 0, Some(0), array_clear),
            public("+", 1, Some(1), array_plus),
            public("-", 1, Some(1), difference),
            public("difference", 0, None, array_difference),
            public("*", 1, Some(1), times),
            public("&", 1, Some(1), intersection),
            public("|", 1, Some(1), union),
            public("union", 0, None, union),
            public("==", 1, Some(1), array_eq),
            public("eql?", 1, Some(1), array_eql_p),
            public("<=>", 1, Some(1), array_cmp),
            public("hash", 0, Some(0), array_hash_method),
            public("include?", 1, Some(1), array_include_p),
            public("join", 0, Some(1), array_join),
            public("reverse", 0, Some(0), array_reverse),
            public("reverse!", 0, Some(0), array_reverse_bang),
            public("rotate", 0, Some(1), array_rotate),
            public("rotate!", 0, Some(1), array_rotate_bang),
            public("delete", 1, Some(1), delete),
            public("delete_at", 1, Some(1), array_delete_at),
            public("compact", 0, Some(0), array_compact),
            public("compact!", 0, Some(0), array_compact_bang),
            public("flatten", 0, Some(1), array_flatten),
            public("flatten!", 0, Some(1), array_flatten_bang),
            public("uniq", 0, Some(0), array_uniq),
            public("uniq!", 0, Some(0), array_uniq_bang),
            public("sort", 0, Some(0), array_sort),
            public("sort!", 0, Some(0), array_sort_bang),
            public("sort_by!", 0, Some(0), sort_by_bang),
        ],
    );
    // `values.__nmin_by(keys, n, largest)`: Enumerable#min_by(n) and
    // max_by(n) over the collected elements and their keys.
    vm.define_private_native(array, "__nmin_by", 3, Some(3), array_nmin_by);
    vm.set_native_frame(array, "__nmin_by", crate::method::NativeFrame::Hidden);
    vm.define_methods(
        array,
        &[
            public("min", 0, Some(1), array_min),
            public("max", 0, Some(1), array_max),
            public("minmax", 0, Some(0), minmax),
            public("sum", 0, Some(1), sum),
            public("transpose", 0, Some(0), transpose),
            public("zip", 0, None, zip),
            public("to_a", 0, Some(0), array_to_a),
        ],
    );
    vm.define_native(array, "to_ary", 0, Some(0), array_to_ary);
}

/// `Array.[]`.
fn array_singleton_aref(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let result = vm.new_array(args.to_vec());
    result.header().unwrap().set_class(class);
    Ok(result)
}

/// `size`.
fn array_size(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(len_value(a))
}

/// `length`.
fn array_length(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(len_value(a))
}

/// `empty?`.
fn array_empty_p(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(items(a).is_empty()))
}

/// `at`.
fn array_at(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let index = to_long(vm, args[0])?;
    Ok(entry(a, index).unwrap_or(Value::NIL))
}

/// `first`.
fn array_first(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    match args.first() {
        None => Ok(items(a).first().copied().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = count_arg(vm, n, "negative array size")?;
            Ok(subseq(vm, a, 0, n))
        }
    }
}

/// `last`.
fn array_last(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    match args.first() {
        None => Ok(items(a).last().copied().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = count_arg(vm, n, "negative array size")?;
            let len = len(a);
            Ok(subseq(vm, a, len.saturating_sub(n), n))
        }
    }
}

/// `take`.
fn array_take(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let n = count_arg(vm, args[0], "attempt to take negative size")?;
    Ok(subseq(vm, a, 0, n))
}

/// `drop`.
fn array_drop(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let n = count_arg(vm, args[0], "attempt to drop negative size")?;
    let len = len(a);
    Ok(subseq(vm, a, n.min(len), len))
}

/// `pop`.
fn array_pop(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    match args.first() {
        None => Ok(items_mut(a).pop().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = count_arg(vm, n, "negative array size")?;
            let len = len(a);
            let result = subseq(vm, a, len.saturating_sub(n), n);
            items_mut(a).truncate(len.saturating_sub(n));
            Ok(result)
        }
    }
}

/// `shift`.
fn array_shift(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    match args.first() {
        None => Ok(items_mut(a).shift().unwrap_or(Value::NIL)),
        Some(&n) => {
            let n = count_arg(vm, n, "negative array size")?;
            let result = subseq(vm, a, 0, n);
            items_mut(a).shift_many(n);
            Ok(result)
        }
    }
}

/// `concat`.
fn array_concat(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    // Convert every argument first: `a.concat(a, a)` appends the
    // original contents twice.
    let sources = vm.new_array(Vec::with_capacity(args.len()));
    for &arg in args {
        let other = to_ary(vm, arg)?;
        items_mut(sources).push(other);
    }
    let mut extra = Vec::new();
    for &other in items(sources).iter() {
        extra.extend_from_slice(&items(other));
    }
    vm.heap.note_external(extra.len() * 8);
    items_mut(a).extend_from_slice(&extra);
    Ok(a)
}

/// `replace`.
fn array_replace(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    let other = to_ary(vm, args[0])?;
    let copy = items(other).to_vec();
    *items_mut(a) = copy.into();
    Ok(a)
}

/// `clear`.
fn array_clear(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    items_mut(a).clear();
    Ok(a)
}

/// `+`.
fn array_plus(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let other = to_ary(vm, args[0])?;
    let mut joined = items(a).to_vec();
    joined.extend_from_slice(&items(other));
    Ok(vm.new_array(joined))
}

/// `difference`.
fn array_difference(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let mut result = vm.new_array(items(a).to_vec());
    for &other in args {
        result = difference(vm, result, &[other])?;
    }
    Ok(result)
}

/// `eql?`.
fn array_eql_p(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    // Elements compare as Hash keys do (`eql?`), the same rules as
    // Array#hash, uniq and the set operations.
    if args[0].get::<RArray>().is_none() {
        return Ok(Value::FALSE);
    }
    Ok(Value::bool(values_eql(vm, a, args[0])?))
}

/// `hash`.
fn array_hash_method(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let hash = array_hash(vm, a)?;
    Ok(Value::small((hash as i64) >> 2))
}

/// `include?`.
fn array_include_p(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let mut i = 0;
    while let Some(element) = item(a, i) {
        if values_equal(vm, element, args[0])? {
            return Ok(Value::TRUE);
        }
        i += 1;
    }
    Ok(Value::FALSE)
}

/// `join`.
fn array_join(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let separator = args.first().copied().filter(|sep| !sep.is_nil());
    join(vm, a, separator)
}

/// `reverse`.
fn array_reverse(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let mut reversed = items(a).to_vec();
    reversed.reverse();
    Ok(vm.new_array(reversed))
}

/// `reverse!`.
fn array_reverse_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    items_mut(a).reverse();
    Ok(a)
}

/// `rotate`.
fn array_rotate(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let count = match args.first() {
        Some(&n) => to_long(vm, n)?,
        None => 1,
    };
    let mut rotated = items(a).to_vec();
    rotate(&mut rotated, count);
    Ok(vm.new_array(rotated))
}

/// `rotate!`.
fn array_rotate_bang(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let count = match args.first() {
        Some(&n) => to_long(vm, n)?,
        None => 1,
    };
    vm.check_frozen(a)?;
    rotate(&mut items_mut(a), count);
    Ok(a)
}

/// `delete_at`.
fn array_delete_at(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let index = to_long(vm, args[0])?;
    let len = len(a) as i64;
    let position = if index < 0 { index + len } else { index };
    if position < 0 || position >= len {
        return Ok(Value::NIL);
    }
    vm.check_frozen(a)?;
    Ok(items_mut(a).remove(position as usize))
}

/// `compact`.
fn array_compact(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let kept: Vec<Value> = items(a).iter().copied().filter(|v| !v.is_nil()).collect();
    Ok(vm.new_array(kept))
}

/// `compact!`.
fn array_compact_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    let mut items = items_mut(a);
    let before = items.len();
    items.retain(|v| !v.is_nil());
    Ok(if items.len() == before { Value::NIL } else { a })
}

/// `flatten`.
fn array_flatten(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let depth = depth_arg(vm, args)?;
    let (flat, _) = flatten(vm, a, depth)?;
    Ok(flat)
}

/// `flatten!`.
fn array_flatten_bang(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    let depth = depth_arg(vm, args)?;
    if depth == 0 {
        return Ok(Value::NIL);
    }
    let (flat, changed) = flatten(vm, a, depth)?;
    if !changed {
        return Ok(Value::NIL);
    }
    let flat = items(flat).to_vec();
    *items_mut(a) = flat.into();
    Ok(a)
}

/// `uniq`.
fn array_uniq(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let copy = vm.new_array(items(a).to_vec());
    uniq_in_place(vm, copy)?;
    Ok(copy)
}

/// `uniq!`.
fn array_uniq_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    if len(a) <= 1 {
        return Ok(Value::NIL);
    }
    let copy = vm.new_array(items(a).to_vec());
    uniq_in_place(vm, copy)?;
    if len(copy) == len(a) {
        return Ok(Value::NIL);
    }
    vm.check_frozen(a)?;
    let unique = items(copy).to_vec();
    *items_mut(a) = unique.into();
    Ok(a)
}

/// `sort`.
fn array_sort(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let copy = vm.new_array(items(a).to_vec());
    sort_in_place(vm, copy)?;
    Ok(copy)
}

/// `sort!`.
fn array_sort_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    let copy = vm.new_array(items(a).to_vec());
    sort_in_place(vm, copy)?;
    vm.check_frozen(a)?;
    let sorted = items(copy).to_vec();
    *items_mut(a) = sorted.into();
    Ok(a)
}

/// `__nmin_by`.
fn array_nmin_by(vm: &mut Vm, values: Value, args: &[Value]) -> VmResult {
    let n = to_long(vm, args[1])?;
    if n < 0 {
        return Err(vm.argument_error(format!("negative size ({n})")));
    }
    let (values_list, keys) = (items(values).to_vec(), items(args[0]).clone());
    let comparer = Comparer::new(vm, None);
    let largest = args[2].truthy();
    let best = super::nmin::nmin_run(
        vm,
        &values_list,
        Some(&keys),
        n as usize,
        largest,
        &comparer,
    )?;
    Ok(vm.new_array(best))
}

/// `min`.
fn array_min(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    extreme(vm, a, args, Ordering::Less)
}

/// `max`.
fn array_max(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    extreme(vm, a, args, Ordering::Greater)
}

/// `to_a`.
fn array_to_a(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    if vm.real_class_of(a) == vm.c.array {
        return Ok(a);
    }
    let copy = items(a).to_vec();
    Ok(vm.new_array(copy))
}

/// `to_ary`.
fn array_to_ary(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

// --- access -----------------------------------------------------------------

fn items(value: Value) -> Ref<'static, ArrayItems> {
    value.get::<RArray>().expect("Array receiver").items()
}

fn items_mut(value: Value) -> std::cell::RefMut<'static, ArrayItems> {
    value.get::<RArray>().expect("Array receiver").items_mut()
}

fn len(value: Value) -> usize {
    items(value).len()
}

fn len_value(value: Value) -> Value {
    Value::small(len(value) as i64)
}

/// Element `i`, if the array (as it is now) has one.
fn item(value: Value, i: usize) -> Option<Value> {
    items(value).get(i).copied()
}

/// Element `index`, counting from the end when negative.
fn entry(value: Value, index: i64) -> Option<Value> {
    let items = items(value);
    let position = if index < 0 {
        index + items.len() as i64
    } else {
        index
    };
    usize::try_from(position)
        .ok()
        .and_then(|i| items.get(i).copied())
}

/// A new Array of up to `count` elements from `start` (clamped).
fn subseq(vm: &mut Vm, value: Value, start: usize, count: usize) -> Value {
    let slice = {
        let items = items(value);
        let start = start.min(items.len());
        let end = start.saturating_add(count).min(items.len());
        items[start..end].to_vec()
    };
    vm.new_array(slice)
}

/// An index argument as MRI's NUM2LONG converts it: Integers, Floats
/// (truncated), objects with `to_int`, else TypeError.
pub fn to_long(vm: &mut Vm, value: Value) -> VmResult<i64> {
    match Int::of(value) {
        Some(Int::Fix(n)) => return Ok(n),
        Some(Int::Big(big)) => {
            // A long holds more than a fixnum: 2**62 is a Bignum that fits.
            if let Some(n) = num_traits::ToPrimitive::to_i64(big) {
                return Ok(n);
            }
            let class = vm.c.range_error;
            return Err(vm.raise(class, "bignum too big to convert into `long'".into()));
        }
        None => {}
    }
    if let Some(f) = float_of(value) {
        if f.is_finite() && f.abs() < 9.2e18 {
            return Ok(f.trunc() as i64);
        }
        let text = crate::core::float::float_to_s(f);
        let class = vm.c.range_error;
        return Err(vm.raise(class, format!("float {text} out of range of integer")));
    }
    if value.is_nil() {
        return Err(vm.type_error("no implicit conversion from nil to integer".into()));
    }
    // Anything else converts with `to_int` (MRI's NUM2LONG), or raises
    // TypeError.
    let converted = crate::core::integer::to_int(vm, value)?;
    to_long(vm, converted)
}

/// A count argument (`first(n)`, `take(n)`): non-negative, else
/// ArgumentError with `message`.
fn count_arg(vm: &mut Vm, value: Value, message: &str) -> VmResult<usize> {
    let n = to_long(vm, value)?;
    if n < 0 {
        return Err(vm.argument_error(message.to_string()));
    }
    Ok(n as usize)
}

/// An Array argument: an Array, or an object whose `to_ary` returns one;
/// else TypeError `no implicit conversion of X into Array`.
pub fn to_ary(vm: &mut Vm, value: Value) -> VmResult {
    if value.get::<RArray>().is_some() {
        return Ok(value);
    }
    if let Some(converted) = check_array(vm, value)? {
        return Ok(converted);
    }
    let name = vm.special_or_class_name(value);
    Err(vm.type_error(format!("no implicit conversion of {name} into Array")))
}

/// MRI's `rb_check_array_type`: the value as an Array if it is one or
/// converts with `to_ary`, else None.
pub(crate) fn check_array(vm: &mut Vm, value: Value) -> VmResult<Option<Value>> {
    if value.get::<RArray>().is_some() {
        return Ok(Some(value));
    }
    let to_ary = vm.sym.to_ary;
    let class = vm.class_of(value);
    if vm.find_method(class, to_ary).is_none() {
        return Ok(None);
    }
    let converted = vm.call(value, to_ary, &[])?;
    if converted.is_nil() {
        return Ok(None);
    }
    if converted.get::<RArray>().is_none() {
        let from = vm.class_name(vm.real_class_of(value));
        let to = vm.class_name(vm.real_class_of(converted));
        return Err(vm.type_error(format!(
            "can't convert {from} to Array ({from}#to_ary gives {to})"
        )));
    }
    Ok(Some(converted))
}

// --- construction and indexing ---------------------------------------------

/// `Array.new(size = 0, default = nil)`, `Array.new(size) { |i| }`,
/// `Array.new(array)`.
fn initialize(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    items_mut(a).clear();
    let Some(&size) = args.first() else {
        return Ok(a);
    };
    if args.len() == 1 && !size.is_fixnum() {
        if let Some(source) = check_array(vm, size)? {
            let copy = items(source).to_vec();
            *items_mut(a) = copy.into();
            return Ok(a);
        }
    }
    let count = to_long(vm, size)?;
    if count < 0 {
        return Err(vm.argument_error("negative array size".into()));
    }
    if count as usize > MAX_LEN {
        return Err(vm.argument_error("array size too big".into()));
    }
    match vm.current_block() {
        Some(block) => {
            if args.len() == 2 {
                vm.warn("block supersedes default value argument");
            }
            for i in 0..count {
                let value = vm.invoke_block(&block, &[Value::small(i)])?;
                vm.heap.note_external(8);
                items_mut(a).push(value);
            }
        }
        None => {
            let fill = args.get(1).copied().unwrap_or(Value::NIL);
            let mut filled = Vec::new();
            vm.reserve(&mut filled, count as usize)?;
            filled.resize(count as usize, fill);
            vm.heap.note_external(count as usize * 8);
            *items_mut(a) = filled.into();
        }
    }
    Ok(a)
}

/// `a[i]`, `a[start, length]`, `a[range]`.
fn aref(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    if let [index] = args {
        if index.is_fixnum() {
            return Ok(entry(a, index.fixnum_value()).unwrap_or(Value::NIL));
        }
        if vm.is_kind_of(*index, vm.c.range) {
            let len = len(a);
            return Ok(match range_span(vm, *index, len, false)? {
                Some((start, count)) => subseq(vm, a, start, count),
                None => Value::NIL,
            });
        }
        let index = to_long(vm, *index)?;
        return Ok(entry(a, index).unwrap_or(Value::NIL));
    }
    let start = to_long(vm, args[0])?;
    let length = to_long(vm, args[1])?;
    let len = len(a) as i64;
    let start = if start < 0 { start + len } else { start };
    if start > len || start < 0 || length < 0 {
        return Ok(Value::NIL);
    }
    Ok(subseq(vm, a, start as usize, length as usize))
}

/// The start and length a Range selects from `len` elements (MRI's
/// `rb_range_beg_len`): None when it starts out of range. For an
/// assignment (`for_store`) the start may lie past the end, and a start
/// before the beginning raises RangeError.
fn range_span(
    vm: &mut Vm,
    range: Value,
    len: usize,
    for_store: bool,
) -> VmResult<Option<(usize, usize)>> {
    let (first, last, exclusive) = vm.range_parts(range);
    let len = len as i64;
    let mut start = if first.is_nil() {
        0
    } else {
        to_long(vm, first)?
    };
    let mut end = if last.is_nil() {
        -1
    } else {
        to_long(vm, last)?
    };
    let exclusive = exclusive && !last.is_nil();
    if start < 0 {
        start += len;
        if start < 0 {
            if !for_store {
                return Ok(None);
            }
            let text = vm.inspect(range)?;
            let class = vm.c.range_error;
            return Err(vm.raise(class, format!("{text} out of range")));
        }
    }
    if end < 0 {
        end += len;
    }
    if !exclusive {
        end += 1;
    }
    if !for_store {
        if start > len {
            return Ok(None);
        }
        end = end.min(len);
    }
    Ok(Some((start as usize, (end - start).max(0) as usize)))
}

/// `a.fetch(i)`, `a.fetch(i, default)`, `a.fetch(i) { |i| }`.
fn fetch(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let index = to_long(vm, args[0])?;
    if let Some(value) = entry(a, index) {
        return Ok(value);
    }
    if let Some(block) = vm.current_block() {
        if args.len() == 2 {
            vm.warn("block supersedes default value argument");
        }
        return vm.invoke_block(&block, &[args[0]]);
    }
    if let Some(&default) = args.get(1) {
        return Ok(default);
    }
    let len = len(a) as i64;
    let class = vm.c.index_error;
    Err(vm.raise(
        class,
        format!("index {index} outside of array bounds: {}...{len}", -len),
    ))
}

/// `a[i] = v`, `a[start, length] = v` (an Array value splices its
/// elements in).
fn aset(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    if args.len() == 2 && args[0].is_fixnum() {
        return aset_index(vm, a, args[0].fixnum_value(), args[1]);
    }
    vm.check_frozen(a)?;
    if let [range, value] = args {
        if vm.is_kind_of(*range, vm.c.range) {
            let len = len(a);
            let (start, count) = range_span(vm, *range, len, true)?.expect("stores always span");
            let replacement = match check_array(vm, *value)? {
                Some(array) => items(array).to_vec(),
                None => vec![*value],
            };
            splice(a, start, count, replacement);
            return Ok(*value);
        }
    }
    let index = to_long(vm, args[0])?;
    if let [_, value] = args {
        return aset_index(vm, a, index, *value);
    }
    let length = to_long(vm, args[1])?;
    let value = args[2];
    if length < 0 {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("negative length ({length})")));
    }
    let len = len(a) as i64;
    let start = if index < 0 { index + len } else { index };
    if start < 0 {
        let class = vm.c.index_error;
        return Err(vm.raise(
            class,
            format!("index {index} too small for array; minimum: -{len}"),
        ));
    }
    if start >= MAX_LEN as i64 {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("index {index} too big")));
    }
    let replacement = match check_array(vm, value)? {
        Some(array) => items(array).to_vec(),
        None => vec![value],
    };
    splice(a, start as usize, length as usize, replacement);
    Ok(value)
}

/// `a[index] = value`: a negative index counts from the end; past the end
/// the array grows, padded with nil.
fn aset_index(vm: &mut Vm, a: Value, index: i64, value: Value) -> VmResult {
    vm.check_frozen(a)?;
    let len = len(a) as i64;
    let position = if index < 0 { index + len } else { index };
    if position < 0 {
        let class = vm.c.index_error;
        let message = format!("index {index} too small for array; minimum: -{len}");
        return Err(vm.raise(class, message));
    }
    if position >= MAX_LEN as i64 {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("index {index} too big")));
    }
    let position = position as usize;
    let mut items = items_mut(a);
    if position >= items.len() {
        vm.heap.note_external((position + 1 - items.len()) * 8);
        items.resize(position + 1, Value::NIL);
    }
    items[position] = value;
    Ok(value)
}

/// Replaces `length` elements from `start` (padding with nil past the end)
/// with `replacement`.
fn splice(a: Value, start: usize, length: usize, replacement: Vec<Value>) {
    let mut items = items_mut(a);
    if start > items.len() {
        items.resize(start, Value::NIL);
    }
    let end = start.saturating_add(length).min(items.len());
    items.splice(start..end, replacement);
}

fn push(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    vm.heap.note_external(args.len() * 8);
    items_mut(a).extend_from_slice(args);
    Ok(a)
}

fn unshift(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    vm.heap.note_external(args.len() * 8);
    items_mut(a).unshift(args);
    Ok(a)
}

/// `insert(index, *objects)`: a negative index counts from the end, -1
/// appending.
fn insert(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let index = to_long(vm, args[0])?;
    vm.check_frozen(a)?;
    if args.len() == 1 {
        return Ok(a);
    }
    let len = len(a) as i64;
    let position = if index == -1 {
        len
    } else if index < 0 {
        let minimum = -len - 1;
        if index < minimum {
            let class = vm.c.index_error;
            return Err(vm.raise(
                class,
                format!("index {index} too small for array; minimum: {minimum}"),
            ));
        }
        index + len + 1
    } else {
        index
    };
    vm.heap.note_external(args.len() * 8);
    splice(a, position as usize, 0, args[1..].to_vec());
    Ok(a)
}

fn rotate(items: &mut [Value], count: i64) {
    if items.is_empty() {
        return;
    }
    let shift = count.rem_euclid(items.len() as i64) as usize;
    items.rotate_left(shift);
}

/// `delete(obj)`: removes every element `== obj`, returning the last one
/// removed (or the block's value, or nil, when none was).
fn delete(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let target = args[0];
    let mut found = None;
    let mut i = 0;
    while let Some(element) = item(a, i) {
        if values_equal(vm, element, target)? {
            vm.check_frozen(a)?;
            found = Some(element);
            let mut items = items_mut(a);
            if i < items.len() {
                items.remove(i);
            }
            continue;
        }
        i += 1;
    }
    match found {
        Some(element) => Ok(element),
        None => match vm.current_block() {
            Some(block) => vm.invoke_block(&block, &[target]),
            None => Ok(Value::NIL),
        },
    }
}

// --- inspect ----------------------------------------------------------------

/// `[1, "a", [...]]`: the elements' inspect forms.
fn array_inspect(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    if recursion::inspecting(a) {
        return Ok(vm.new_str("[...]"));
    }
    let text = recursion::while_inspecting(a, || -> VmResult<String> {
        let mut parts = Vec::with_capacity(len(a));
        let mut i = 0;
        while let Some(element) = item(a, i) {
            parts.push(vm.inspect(element)?);
            i += 1;
        }
        Ok(format!("[{}]", parts.join(", ")))
    })?;
    Ok(vm.new_str(&text))
}
