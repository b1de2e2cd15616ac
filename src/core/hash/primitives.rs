//! The private helpers `rb/hash.rb` builds the iterating methods on.
//!
//! Ruby code walks a table by entry position:
//!
//! ```ruby
//! __iter_begin(self)
//! i = 0
//! while (i = __next_entry(self, i))
//!   yield __pair_at(self, i)
//!   i += 1
//! end
//! __iter_end(self)          # in an ensure clause
//! ```
//!
//! Each helper takes the Hash it works on as its first argument, so a
//! method can walk a private copy as well as `self`. They are private, and
//! hidden from backtraces: an error they raise (a FrozenError, a TypeError
//! from `__set_pair`) is reported from the Ruby method that called them, as
//! MRI reports it from its C method.

use super::methods::{builtin_class_name, copy_of};
use super::{begin_iteration, end_iteration, entry_at, next_entry};
use crate::core::{array, NativeFn};
use crate::hash_table::hash_data;
use crate::method::NativeFrame;
use crate::object::{RArray, RHash};
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let helpers: [(&str, u8, NativeFn); 14] = [
        ("__iter_begin", 1, |vm, _, args| {
            begin_iteration(table(vm, args[0])?);
            Ok(Value::NIL)
        }),
        ("__iter_end", 1, |vm, _, args| {
            end_iteration(table(vm, args[0])?);
            Ok(Value::NIL)
        }),
        ("__next_entry", 2, |vm, _, args| {
            let hash = table(vm, args[0])?;
            let from = position(vm, args[1])?;
            if from > 0 {
                vm.check_not_rebuilt(hash)?;
            }
            Ok(match next_entry(hash, from) {
                Some((at, _, _)) => Value::small(at as i64),
                None => Value::NIL,
            })
        }),
        ("__key_at", 2, |vm, _, args| {
            let (hash, at) = (table(vm, args[0])?, position(vm, args[1])?);
            Ok(entry_at(hash, at).map_or(Value::NIL, |(key, _)| key))
        }),
        ("__value_at", 2, |vm, _, args| {
            let (hash, at) = (table(vm, args[0])?, position(vm, args[1])?);
            Ok(entry_at(hash, at).map_or(Value::NIL, |(_, value)| value))
        }),
        ("__pair_at", 2, |vm, _, args| {
            let (hash, at) = (table(vm, args[0])?, position(vm, args[1])?);
            Ok(match entry_at(hash, at) {
                Some((key, value)) => vm.new_array(vec![key, value]),
                None => Value::NIL,
            })
        }),
        ("__set_value_at", 3, |vm, _, args| {
            let (hash, at) = (table(vm, args[0])?, position(vm, args[1])?);
            vm.hash_modify_check(hash)?;
            hash_data(hash).borrow_mut().set_value(at, args[2]);
            Ok(args[2])
        }),
        ("__delete_at", 2, |vm, _, args| {
            let (hash, at) = (table(vm, args[0])?, position(vm, args[1])?);
            vm.hash_modify_check(hash)?;
            hash_data(hash).borrow_mut().remove_at(at);
            Ok(Value::NIL)
        }),
        ("__modify_check", 1, |vm, _, args| {
            let hash = table(vm, args[0])?;
            vm.hash_modify_check(hash)?;
            Ok(Value::NIL)
        }),
        ("__plain_copy", 2, |vm, _, args| {
            let hash = table(vm, args[0])?;
            let class = vm.c.hash;
            Ok(copy_of(vm, hash, class, args[1].truthy()))
        }),
        ("__warn", 1, |vm, _, args| {
            let text = vm.string_text(args[0]).unwrap_or_default();
            vm.warn(&text);
            Ok(Value::NIL)
        }),
        ("__set_pair", 2, set_pair),
        ("__to_hash", 1, |vm, _, args| vm.convert_to_hash(args[0])),
        ("__sum", 2, |vm, _, args| {
            if args[0].get::<RArray>().is_none() {
                return Err(vm.type_error("an Array is expected".into()));
            }
            array::sum(vm, args[0], &args[1..])
        }),
    ];
    let hash = vm.c.hash;
    for (name, argc, func) in helpers {
        vm.define_private_native(hash, name, argc, Some(argc), func);
        vm.set_native_frame(hash, name, NativeFrame::Hidden);
    }
}

/// The Hash a helper works on.
fn table(vm: &mut Vm, value: Value) -> VmResult<Value> {
    if value.get::<RHash>().is_some() {
        return Ok(value);
    }
    let name = builtin_class_name(vm, value);
    Err(vm.type_error(format!("wrong argument type {name} (expected Hash)")))
}

/// An entry position.
fn position(vm: &mut Vm, value: Value) -> VmResult<usize> {
    match value.as_fixnum() {
        Some(n) if n >= 0 => Ok(n as usize),
        _ => Err(vm.argument_error("invalid entry position".into())),
    }
}

/// `__set_pair(hash, pair)`: stores a `[key, value]` pair a block returned
/// (MRI's `rb_hash_set_pair`, used by `to_h` with a block).
fn set_pair(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let hash = table(vm, args[0])?;
    let Some(pair) = array::check_array(vm, args[1])? else {
        let name = builtin_class_name(vm, args[1]);
        return Err(vm.type_error(format!("wrong element type {name} (expected array)")));
    };
    let items = pair.get::<RArray>().expect("an Array").items().clone();
    let [key, value] = items[..] else {
        return Err(vm.argument_error(format!(
            "element has wrong array length (expected 2, was {})",
            items.len()
        )));
    };
    vm.hash_set(hash, key, value)?;
    Ok(hash)
}
