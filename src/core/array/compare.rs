//! Array equality, hashing and ordering: `==`, `eql?`, `hash`, `<=>`, and
//! the sorting and min/max that use `<=>` or a block.
//!
//! Equality and hashing recurse through nested Arrays and call back into
//! Ruby (`==`, `hash`) for other elements, with the core's fast paths for
//! Integers, Floats and Strings while their methods stand:
//!
//! ```ruby
//! [1, [2, "a"]] == [1, [2, "a"]]   # => true, no Ruby call made
//! [3, 1, 2].sort                   # merge sort, <=> only for non-core values
//! ```

use super::{check_array, item, items, items_mut, len, to_long};
use crate::core::integer::{float_of, Int};
use crate::core::recursion;
use crate::object::{RArray, RString};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use std::cell::Ref;
use std::cmp::Ordering;

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
pub(super) fn element_hash(vm: &mut Vm, value: Value) -> VmResult<u64> {
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

pub(super) fn array_eq(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let b = args[0];
    if a == b {
        return Ok(Value::TRUE);
    }
    if b.get::<RArray>().is_none() {
        let to_ary = vm.sym.to_ary;
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
pub(super) fn array_cmp(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
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
pub(super) fn sort_in_place(vm: &mut Vm, copy: Value) -> VmResult<()> {
    let block = vm.current_block();
    let comparer = Comparer::new(vm, block);
    let mut values = items(copy).to_vec();
    merge_sort(vm, &mut values, &mut |vm, a, b| comparer.compare(vm, a, b))?;
    *items_mut(copy) = values.into();
    Ok(())
}

/// `sort_by! { |x| key }`: sorts by the keys' `<=>` (the block runs once
/// per element, in order).
pub(super) fn sort_by_bang(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
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
    *items_mut(a) = sorted.into();
    Ok(a)
}

/// `min`/`max` (`want` is Less for min): the first extreme element by
/// `<=>` or the block; with a count, that many in order.
pub(super) fn extreme(vm: &mut Vm, a: Value, args: &[Value], want: Ordering) -> VmResult {
    let block = vm.current_block();
    let comparer = Comparer::new(vm, block);
    if let Some(&count) = args.first() {
        if !count.is_nil() {
            let n = to_long(vm, count)?;
            if n < 0 {
                return Err(vm.argument_error(format!("negative size ({n})")));
            }
            let copy = vm.new_array(items(a).to_vec());
            let values = items(copy).to_vec();
            let largest = want == Ordering::Greater;
            let best =
                crate::core::nmin::nmin_run(vm, &values, None, n as usize, largest, &comparer)?;
            *items_mut(copy) = best.into();
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
pub(super) fn minmax(vm: &mut Vm, a: Value, _: &[Value]) -> VmResult {
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
