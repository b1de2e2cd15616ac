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

use crate::core::encoding::Encoding;
use crate::core::integer::{arith, float_of, Int, Op};
use crate::core::public;
use crate::core::recursion;
use crate::object::{RArray, RString, StringBytes};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use fxhash::FxHashMap;
use std::cell::Ref;
use std::cmp::Ordering;

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

/// Appends a new String for each of `pieces` to `array`, one at a time
/// (each is reachable from the Array before the next is made).
pub fn append_strings<'a>(vm: &mut Vm, array: Value, pieces: impl IntoIterator<Item = &'a [u8]>) {
    for piece in pieces {
        let string = vm.new_string_from(piece);
        append(array, string);
    }
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
    vm.set_native_frame(array, "__nmin_by", crate::core::NativeFrame::Hidden);
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
        None => {
            let mut items = items_mut(a);
            Ok(if items.is_empty() {
                Value::NIL
            } else {
                items.remove(0)
            })
        }
        Some(&n) => {
            let n = count_arg(vm, n, "negative array size")?;
            let result = subseq(vm, a, 0, n);
            let mut items = items_mut(a);
            let n = n.min(items.len());
            items.drain(..n);
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
    let copy = items(other).clone();
    *items_mut(a) = copy;
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
    let mut joined = items(a).clone();
    joined.extend_from_slice(&items(other));
    Ok(vm.new_array(joined))
}

/// `difference`.
fn array_difference(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let mut result = vm.new_array(items(a).clone());
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
    let mut reversed = items(a).clone();
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
    let mut rotated = items(a).clone();
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
    let flat = items(flat).clone();
    *items_mut(a) = flat;
    Ok(a)
}

/// `uniq`.
fn array_uniq(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let copy = vm.new_array(items(a).clone());
    uniq_in_place(vm, copy)?;
    Ok(copy)
}

/// `uniq!`.
fn array_uniq_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    if len(a) <= 1 {
        return Ok(Value::NIL);
    }
    let copy = vm.new_array(items(a).clone());
    uniq_in_place(vm, copy)?;
    if len(copy) == len(a) {
        return Ok(Value::NIL);
    }
    vm.check_frozen(a)?;
    let unique = items(copy).clone();
    *items_mut(a) = unique;
    Ok(a)
}

/// `sort`.
fn array_sort(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let copy = vm.new_array(items(a).clone());
    sort_in_place(vm, copy)?;
    Ok(copy)
}

/// `sort!`.
fn array_sort_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(a)?;
    let copy = vm.new_array(items(a).clone());
    sort_in_place(vm, copy)?;
    vm.check_frozen(a)?;
    let sorted = items(copy).clone();
    *items_mut(a) = sorted;
    Ok(a)
}

/// `__nmin_by`.
fn array_nmin_by(vm: &mut Vm, values: Value, args: &[Value]) -> VmResult {
    let n = to_long(vm, args[1])?;
    if n < 0 {
        return Err(vm.argument_error(format!("negative size ({n})")));
    }
    let (values_list, keys) = (items(values).clone(), items(args[0]).clone());
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
    let copy = items(a).clone();
    Ok(vm.new_array(copy))
}

/// `to_ary`.
fn array_to_ary(_: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    Ok(a)
}

// --- access -----------------------------------------------------------------

fn items(value: Value) -> Ref<'static, Vec<Value>> {
    value.get::<RArray>().expect("Array receiver").items()
}

fn items_mut(value: Value) -> crate::object::ItemsMut<'static> {
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
/// (truncated), else TypeError.
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
    let name = vm.special_or_class_name(value);
    Err(vm.type_error(format!("no implicit conversion of {name} into Integer")))
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
    let to_ary = vm.symbols.intern("to_ary");
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
            let copy = items(source).clone();
            *items_mut(a) = copy;
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
            *items_mut(a) = filled;
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
                Some(array) => items(array).clone(),
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
        Some(array) => items(array).clone(),
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
    items_mut(a).splice(0..0, args.iter().copied());
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

// --- equality, hashing, comparison ------------------------------------------

/// Whether Integer, Float and String still have the core's `<=>`.
fn native_comparisons(vm: &Vm) -> [bool; 3] {
    let classes = [vm.c.integer, vm.c.float, vm.c.string];
    vm.core_methods_stand(&vm.native_comparisons, classes, vm.sym.compare)
}

fn is_plain_string(vm: &Vm, value: Value) -> bool {
    value.get::<RString>().is_some() && vm.class_of(value) == vm.c.string
}

/// MRI's `rb_equal`: identical, or `a == b` is truthy. While the core's
/// `==` of String and Symbol stand, a String or Symbol `a` is compared
/// here, without a call (`include?` of a list of words, say).
pub fn values_equal(vm: &mut Vm, a: Value, b: Value) -> VmResult<bool> {
    if a == b {
        return Ok(true);
    }
    if a.is_fixnum() && b.is_fixnum() && !vm.basic_ops_redefined {
        return Ok(false);
    }
    let classes = [vm.c.string, vm.c.symbol];
    let [strings, symbols] = vm.core_methods_stand(&vm.native_equalities, classes, vm.sym.eq);
    if symbols && a.is_symbol() {
        return Ok(false);
    }
    if strings && vm.class_of(a) == vm.c.string {
        if let Some(equal) = crate::core::string::string_equal(vm, a, b) {
            return Ok(equal);
        }
    }
    let eq = vm.sym.eq;
    Ok(vm.call(a, eq, &[b])?.truthy())
}

fn items_bytes(value: Value) -> Ref<'static, crate::object::StringBytes> {
    value.get::<RString>().unwrap().bytes()
}

/// The hash of an element for `uniq` and the set operations: as Hash keys
/// hash (recursion-safe for Arrays and Hashes).
fn element_hash(vm: &mut Vm, value: Value) -> VmResult<u64> {
    vm.key_hash(value)
}

/// `Array#hash`: the elements' hashes (as Hash keys hash them) combined
/// with the length; an Array met again inside itself counts as a constant,
/// so recursive Arrays hash too.
pub(crate) fn array_hash(vm: &mut Vm, a: Value) -> VmResult<u64> {
    fn mix(h: u64, x: u64) -> u64 {
        (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29)
    }
    if recursion::hashing(a) {
        return Ok(0x5bd1_e995);
    }
    recursion::while_hashing(a, || {
        let mut h = mix(0x2545_f491, len(a) as u64);
        let mut i = 0;
        while let Some(element) = item(a, i) {
            h = mix(h, vm.key_hash(element)?);
            i += 1;
        }
        Ok(h)
    })
}

fn array_eq(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let b = args[0];
    if a == b {
        return Ok(Value::TRUE);
    }
    if b.get::<RArray>().is_none() {
        let to_ary = vm.symbols.intern("to_ary");
        let class = vm.class_of(b);
        if vm.find_method(class, to_ary).is_none() {
            return Ok(Value::FALSE);
        }
        let eq = vm.sym.eq;
        return Ok(Value::bool(vm.call(b, eq, &[a])?.truthy()));
    }
    Ok(Value::bool(elements_match(vm, a, b, values_equal)?))
}

/// Whether two Arrays have the same length and `same` holds for each pair
/// of elements (true for a pair already being compared further up).
fn elements_match(
    vm: &mut Vm,
    a: Value,
    b: Value,
    same: fn(&mut Vm, Value, Value) -> VmResult<bool>,
) -> VmResult<bool> {
    if len(a) != len(b) {
        return Ok(false);
    }
    if recursion::comparing(a, b) {
        return Ok(true);
    }
    recursion::while_comparing(a, b, || {
        let mut i = 0;
        while let (Some(x), Some(y)) = (item(a, i), item(b, i)) {
            if !same(vm, x, y)? {
                return Ok(false);
            }
            i += 1;
        }
        Ok(len(a) == len(b))
    })
}

/// `eql?` for Array elements: Arrays element by element (with the
/// recursion guard), anything else as Hash keys compare.
pub(crate) fn values_eql(vm: &mut Vm, a: Value, b: Value) -> VmResult<bool> {
    if a == b {
        return Ok(true);
    }
    match (a.get::<RArray>(), b.get::<RArray>()) {
        (Some(_), Some(_)) => elements_match(vm, a, b, values_eql),
        (None, None) => vm.keys_eql(a, b),
        _ => Ok(false),
    }
}

/// `a <=> b`: the first unequal elements' `<=>`, else the lengths'; nil for
/// a non-Array or an element pair `<=>` cannot order.
fn array_cmp(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let Some(b) = check_array(vm, args[0])? else {
        return Ok(Value::NIL);
    };
    if a == b {
        return Ok(Value::small(0));
    }
    let cmp = vm.sym.compare;
    let mut i = 0;
    while let (Some(x), Some(y)) = (item(a, i), item(b, i)) {
        let result = vm.call(x, cmp, &[y])?;
        if result != Value::small(0) {
            return Ok(result);
        }
        i += 1;
    }
    Ok(Value::small(len(a).cmp(&len(b)) as i64))
}

/// MRI's `rb_cmperr`: `comparison of Foo with Bar failed` (the second
/// operand by value when it is a special constant or a Float).
pub fn comparison_failed(vm: &mut Vm, a: Value, b: Value) -> Control {
    let left = vm.class_name(vm.real_class_of(a));
    let right = if !b.is_heap() || float_of(b).is_some() {
        match vm.inspect(b) {
            Ok(text) => text,
            Err(error) => return error,
        }
    } else {
        vm.class_name(vm.real_class_of(b))
    };
    vm.argument_error(format!("comparison of {left} with {right} failed"))
}

/// MRI's `rb_cmpint`: the ordering a `<=>` result stands for (nil raises
/// the comparison error for `a` and `b`).
pub fn cmpint(vm: &mut Vm, result: Value, a: Value, b: Value) -> VmResult<Ordering> {
    if result.is_nil() {
        return Err(comparison_failed(vm, a, b));
    }
    if let Some(int) = Int::of(result) {
        return Ok(match int {
            Int::Fix(n) => n.cmp(&0),
            Int::Big(b) => b.sign().cmp(&num_bigint::Sign::NoSign),
        });
    }
    let gt = vm.symbols.intern(">");
    if vm.call(result, gt, &[Value::small(0)])?.truthy() {
        return Ok(Ordering::Greater);
    }
    let lt = vm.symbols.intern("<");
    if vm.call(result, lt, &[Value::small(0)])?.truthy() {
        return Ok(Ordering::Less);
    }
    Ok(Ordering::Equal)
}

/// How two elements are ordered: by a block, or by `<=>` with MRI's
/// shortcuts for Integers, Floats and Strings whose `<=>` is the core one.
pub struct Comparer {
    block: Option<std::rc::Rc<crate::block::Block>>,
    integers: bool,
    floats: bool,
    strings: bool,
}

impl Comparer {
    pub fn new(vm: &mut Vm, block: Option<std::rc::Rc<crate::block::Block>>) -> Comparer {
        let [integers, floats, strings] = native_comparisons(vm);
        Comparer {
            block,
            integers,
            floats,
            strings,
        }
    }

    pub fn compare(&self, vm: &mut Vm, a: Value, b: Value) -> VmResult<Ordering> {
        if let Some(block) = &self.block {
            let result = vm.invoke_block(block, &[a, b])?;
            return cmpint(vm, result, a, b);
        }
        if self.integers && a.is_fixnum() && b.is_fixnum() {
            return Ok(a.fixnum_value().cmp(&b.fixnum_value()));
        }
        if self.floats && Int::of(a).is_none() && Int::of(b).is_none() {
            if let (Some(x), Some(y)) = (float_of(a), float_of(b)) {
                if let Some(ordering) = x.partial_cmp(&y) {
                    return Ok(ordering);
                }
            }
        }
        if self.strings && is_plain_string(vm, a) && is_plain_string(vm, b) {
            return Ok(items_bytes(a).as_slice().cmp(items_bytes(b).as_slice()));
        }
        let result = vm.call(a, vm.sym.compare, &[b])?;
        cmpint(vm, result, a, b)
    }
}

/// Sorts `values` by `compare`, which may fail (and call back into Ruby).
/// This is glibc's `qsort_r` (MRI's `ruby_qsort` on Linux) for small
/// elements: a top-down merge sort that splits at `n / 2` and takes from the
/// left run unless it compares greater, so the comparisons — and with them
/// block calls and "comparison failed" messages — come in MRI's order. The
/// caller keeps every value of `values` alive in a Ruby Array.
pub fn merge_sort<T: Copy>(
    vm: &mut Vm,
    values: &mut [T],
    compare: &mut dyn FnMut(&mut Vm, T, T) -> VmResult<Ordering>,
) -> VmResult<()> {
    let mut buffer = Vec::with_capacity(values.len());
    merge_sort_with(vm, values, &mut buffer, compare)
}

fn merge_sort_with<T: Copy>(
    vm: &mut Vm,
    values: &mut [T],
    buffer: &mut Vec<T>,
    compare: &mut dyn FnMut(&mut Vm, T, T) -> VmResult<Ordering>,
) -> VmResult<()> {
    let n = values.len();
    if n <= 1 {
        return Ok(());
    }
    let middle = n / 2;
    merge_sort_with(vm, &mut values[..middle], buffer, compare)?;
    merge_sort_with(vm, &mut values[middle..], buffer, compare)?;
    buffer.clear();
    let (mut i, mut j) = (0, middle);
    while i < middle && j < n {
        if compare(vm, values[i], values[j])? == Ordering::Greater {
            buffer.push(values[j]);
            j += 1;
        } else {
            buffer.push(values[i]);
            i += 1;
        }
    }
    buffer.extend_from_slice(&values[i..middle]);
    let merged = buffer.len();
    values[..merged].copy_from_slice(buffer);
    Ok(())
}

/// Sorts a private Array (one no Ruby code can see) by `<=>` or the block.
fn sort_in_place(vm: &mut Vm, copy: Value) -> VmResult<()> {
    let block = vm.current_block();
    let comparer = Comparer::new(vm, block);
    let mut values = items(copy).clone();
    merge_sort(vm, &mut values, &mut |vm, a, b| comparer.compare(vm, a, b))?;
    *items_mut(copy) = values;
    Ok(())
}

/// `sort_by! { |x| key }`: sorts by the keys' `<=>` (the block runs once
/// per element, in order).
fn sort_by_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return crate::core::enumerator::for_this_call(vm, a, &[], Value::small(len(a) as i64));
    };
    vm.check_frozen(a)?;
    // The elements and their keys, kept alive in Ruby Arrays while an
    // index permutation is sorted.
    let values = vm.new_array(Vec::with_capacity(len(a)));
    let keys = vm.new_array(Vec::with_capacity(len(a)));
    let mut i = 0;
    while let Some(element) = item(a, i) {
        let key = vm.invoke_block(&block, &[element])?;
        items_mut(values).push(element);
        items_mut(keys).push(key);
        i += 1;
    }
    let comparer = Comparer::new(vm, None);
    let mut order: Vec<usize> = (0..len(keys)).collect();
    merge_sort(vm, &mut order, &mut |vm, x, y| {
        let (kx, ky) = (items(keys)[x], items(keys)[y]);
        comparer.compare(vm, kx, ky)
    })?;
    vm.check_frozen(a)?;
    let sorted: Vec<Value> = {
        let values = items(values);
        order.iter().map(|&index| values[index]).collect()
    };
    *items_mut(a) = sorted;
    Ok(a)
}

/// `min`/`max` (`want` is Less for min): the first extreme element by
/// `<=>` or the block; with a count, that many in order.
fn extreme(vm: &mut Vm, a: Value, args: &[Value], want: Ordering) -> VmResult {
    let block = vm.current_block();
    let comparer = Comparer::new(vm, block);
    if let Some(&count) = args.first() {
        if !count.is_nil() {
            let n = to_long(vm, count)?;
            if n < 0 {
                return Err(vm.argument_error(format!("negative size ({n})")));
            }
            let copy = vm.new_array(items(a).clone());
            let values = items(copy).clone();
            let largest = want == Ordering::Greater;
            let best = super::nmin::nmin_run(vm, &values, None, n as usize, largest, &comparer)?;
            *items_mut(copy) = best;
            return Ok(copy);
        }
    }
    let Some(mut best) = item(a, 0) else {
        return Ok(Value::NIL);
    };
    // MRI's orders: a block is asked about (element, best so far), `<=>`
    // about (best so far, element).
    let by_block = comparer.block.is_some();
    let mut i = 1;
    while let Some(element) = item(a, i) {
        let better = if by_block {
            comparer.compare(vm, element, best)? == want
        } else {
            comparer.compare(vm, best, element)? == want.reverse()
        };
        if better {
            best = element;
        }
        i += 1;
    }
    Ok(best)
}

/// `[a, b, ...].max` (`want` Greater) or `.min` of an Array literal, as
/// MRI's `opt_newarray_max` computes it: each element is compared with
/// the best so far (`element <=> best`: the reverse of `Array#max`'s
/// order, which error messages show).
pub fn literal_extreme(vm: &mut Vm, values: &[Value], want: Ordering) -> VmResult {
    let Some((&first, rest)) = values.split_first() else {
        return Ok(Value::NIL);
    };
    let comparer = Comparer::new(vm, None);
    let mut best = first;
    for &element in rest {
        if comparer.compare(vm, element, best)? == want {
            best = element;
        }
    }
    Ok(best)
}

/// `minmax`: without a block, `[min, max]` (MRI computes the max first);
/// with one, Enumerable's pairwise algorithm: each pair is ordered by one
/// call, then its smaller member is compared with the minimum and its
/// larger with the maximum.
fn minmax(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        let max = extreme(vm, a, &[], Ordering::Greater)?;
        let min = extreme(vm, a, &[], Ordering::Less)?;
        return Ok(vm.new_array(vec![min, max]));
    };
    let comparer = Comparer::new(vm, Some(block));
    let mut bounds: Option<(Value, Value)> = None;
    let mut update = |vm: &mut Vm, low: Value, high: Value| -> VmResult<()> {
        bounds = Some(match bounds {
            None => (low, high),
            Some((min, max)) => {
                let min = if comparer.compare(vm, low, min)? == Ordering::Less {
                    low
                } else {
                    min
                };
                let max = if comparer.compare(vm, high, max)? == Ordering::Greater {
                    high
                } else {
                    max
                };
                (min, max)
            }
        });
        Ok(())
    };
    let mut i = 0;
    while let Some(first) = item(a, i) {
        let Some(second) = item(a, i + 1) else {
            update(vm, first, first)?;
            break;
        };
        match comparer.compare(vm, first, second)? {
            Ordering::Less => update(vm, first, second)?,
            Ordering::Equal => update(vm, first, first)?,
            Ordering::Greater => update(vm, second, first)?,
        }
        i += 2;
    }
    let (min, max) = bounds.unwrap_or((Value::NIL, Value::NIL));
    Ok(vm.new_array(vec![min, max]))
}

// --- set operations ---------------------------------------------------------

/// A set of values by `hash`/`eql?` (the Hash key rules of `core/hash.rs`),
/// whose members live in a Ruby Array.
struct ValueSet {
    members: Value,
    buckets: FxHashMap<u64, Vec<usize>>,
}

impl ValueSet {
    fn new(vm: &mut Vm) -> ValueSet {
        ValueSet {
            members: vm.new_array(Vec::new()),
            buckets: FxHashMap::default(),
        }
    }

    /// Whether an `eql?` member is there (with `value`'s hash).
    fn contains(&self, vm: &mut Vm, value: Value, hash: u64) -> VmResult<bool> {
        if let Some(indices) = self.buckets.get(&hash) {
            for &index in indices.clone().iter() {
                let member = items(self.members)[index];
                if values_eql(vm, member, value)? {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Adds `value` unless an `eql?` member is there; whether it was added.
    fn insert(&mut self, vm: &mut Vm, value: Value) -> VmResult<bool> {
        let hash = element_hash(vm, value)?;
        self.insert_hashed(vm, value, hash)
    }

    fn insert_hashed(&mut self, vm: &mut Vm, value: Value, hash: u64) -> VmResult<bool> {
        if self.contains(vm, value, hash)? {
            return Ok(false);
        }
        let mut members = items_mut(self.members);
        self.buckets.entry(hash).or_default().push(members.len());
        members.push(value);
        Ok(true)
    }
}

/// Keeps the first of each group of `eql?` elements (or of elements whose
/// block values are `eql?`).
fn uniq_in_place(vm: &mut Vm, copy: Value) -> VmResult<()> {
    let block = vm.current_block();
    let mut seen = ValueSet::new(vm);
    let result = vm.new_array(Vec::new());
    let mut i = 0;
    while let Some(element) = item(copy, i) {
        let key = match &block {
            Some(block) => vm.invoke_block(block, &[element])?,
            None => element,
        };
        if seen.insert(vm, key)? {
            items_mut(result).push(element);
        }
        i += 1;
    }
    let unique = items(result).clone();
    *items_mut(copy) = unique;
    Ok(())
}

fn difference(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let other = to_ary(vm, args[0])?;
    let mut exclude = ValueSet::new(vm);
    let mut i = 0;
    while let Some(element) = item(other, i) {
        exclude.insert(vm, element)?;
        i += 1;
    }
    let result = vm.new_array(Vec::new());
    let mut i = 0;
    while let Some(element) = item(a, i) {
        let hash = element_hash(vm, element)?;
        if !exclude.contains(vm, element, hash)? {
            items_mut(result).push(element);
        }
        i += 1;
    }
    Ok(result)
}

fn intersection(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let other = to_ary(vm, args[0])?;
    let mut include = ValueSet::new(vm);
    let mut i = 0;
    while let Some(element) = item(other, i) {
        include.insert(vm, element)?;
        i += 1;
    }
    let mut added = ValueSet::new(vm);
    let mut i = 0;
    while let Some(element) = item(a, i) {
        let hash = element_hash(vm, element)?;
        if include.contains(vm, element, hash)? {
            added.insert_hashed(vm, element, hash)?;
        }
        i += 1;
    }
    Ok(added.members)
}

/// `a | b`, `a.union(*others)`: the elements of all, without `eql?`
/// repeats.
fn union(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let sources = vm.new_array(vec![a]);
    for &arg in args {
        let other = to_ary(vm, arg)?;
        items_mut(sources).push(other);
    }
    let mut set = ValueSet::new(vm);
    let mut s = 0;
    while let Some(source) = item(sources, s) {
        let mut i = 0;
        while let Some(element) = item(source, i) {
            set.insert(vm, element)?;
            i += 1;
        }
        s += 1;
    }
    Ok(set.members)
}

// --- joining, repeating, flattening -----------------------------------------

/// `join(separator)` (and `a * "sep"`): the elements' Strings one after
/// the other, separated.
fn join(vm: &mut Vm, a: Value, separator: Option<Value>) -> VmResult {
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
fn times(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
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
            self.encoding = crate::core::encoding::compatible(
                crate::core::encoding::Operand::String(self.encoding, &self.bytes),
                crate::core::encoding::Operand::String(encoding, piece),
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
            let to_str = vm.symbols.intern("to_str");
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
                    let text = crate::core::object::default_to_s(vm, element);
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
fn depth_arg(vm: &mut Vm, args: &[Value]) -> VmResult<i64> {
    match args.first() {
        None | Some(&Value::NIL) => Ok(-1),
        Some(&depth) => to_long(vm, depth),
    }
}

/// A new Array with nested Arrays spliced in, `depth` levels deep (all
/// when negative); and whether there was any nested Array.
fn flatten(vm: &mut Vm, a: Value, depth: i64) -> VmResult<(Value, bool)> {
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

fn transpose(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
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
fn zip(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
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

// --- summing ----------------------------------------------------------------

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
