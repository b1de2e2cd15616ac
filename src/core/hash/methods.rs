//! The native Hash methods: construction, access, defaults, and the
//! methods that build new tables or rebuild one (see `hash.rs` for the
//! table itself).

use super::next_entry;
use crate::core::array::{append, check_array, to_long, values_equal};
use crate::core::proc::arity;
use crate::core::{private, public};
use crate::hash_table::{hash_data, HashData};
use crate::object::{RArray, RHash, RProc};
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let hash = vm.c.hash;
    vm.define_private_native(hash, "initialize", 0, Some(1), initialize);
    vm.define_singleton_native(hash, "[]", 0, None, create);
    vm.define_singleton_native(hash, "try_convert", 1, Some(1), hash_singleton_try_convert);
    vm.define_methods(
        hash,
        &[
            public("[]", 1, Some(1), hash_aref),
            public("[]=", 2, Some(2), hash_aset),
            public("store", 2, Some(2), hash_aset),
            public("fetch", 1, Some(2), fetch),
            public("key?", 1, Some(1), key_p),
            public("has_key?", 1, Some(1), key_p),
            public("include?", 1, Some(1), key_p),
            public("member?", 1, Some(1), key_p),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("value?", 1, Some(1), value_p),
            public("has_value?", 1, Some(1), value_p),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("key", 1, Some(1), hash_key),
            public("rassoc", 1, Some(1), hash_rassoc),
            public("assoc", 1, Some(1), assoc),
            public("delete", 1, Some(1), hash_delete),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("size", 0, Some(0), size_2),
            public("length", 0, Some(0), size_2),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("empty?", 0, Some(0), hash_empty_p),
            public("keys", 0, Some(0), hash_keys),
            public("values", 0, Some(0), hash_values),
            public("values_at", 0, None, hash_values_at),
            public("fetch_values", 0, None, hash_fetch_values),
            public("to_a", 0, Some(0), hash_to_a),
            public("to_hash", 0, Some(0), hash_to_hash),
            public("default", 0, Some(1), hash_default),
            public("default=", 1, Some(1), hash_default_set),
            public("default_proc", 0, Some(0), hash_default_proc),
            public("default_proc=", 1, Some(1), set_default_proc),
            public("merge", 0, None, hash_merge),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("merge!", 0, None, merge_bang),
            public("update", 0, None, merge_bang),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("replace", 1, Some(1), replace),
            private("initialize_copy", 1, Some(1), replace),
            public("clear", 0, Some(0), hash_clear),
            public("shift", 0, Some(0), hash_shift),
            public("compact", 0, Some(0), hash_compact),
            public("compact!", 0, Some(0), hash_compact_bang),
            public("invert", 0, Some(0), hash_invert),
            public("slice", 0, None, hash_slice),
            public("except", 0, None, hash_except),
            public("dig", 1, None, hash_dig),
            public("flatten", 0, Some(1), flatten),
            public("compare_by_identity", 0, Some(0), hash_compare_by_identity),
            public(
                "compare_by_identity?",
                0,
                Some(0),
                hash_compare_by_identity_p,
            ),
            public("rehash", 0, Some(0), hash_rehash),
            public("<=", 1, Some(1), hash_le),
            public("<", 1, Some(1), hash_lt),
            public(">=", 1, Some(1), hash_ge),
            public(">", 1, Some(1), hash_gt),
        ],
    );
    let array = vm.c.array;
    vm.define_native(array, "dig", 1, None, array_dig);
}

/// `Hash#[]=` and `store`.
fn hash_aset(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_set(hash, args[0], args[1])?;
    Ok(args[1])
}

/// `Hash.try_convert`.
fn hash_singleton_try_convert(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    Ok(vm.check_hash(args[0])?.unwrap_or(Value::NIL))
}

/// `[]`.
fn hash_aref(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_get(hash, args[0])
}

/// `key`.
fn hash_key(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    Ok(find_value(vm, hash, args[0])?
        .map(|(key, _)| key)
        .unwrap_or(Value::NIL))
}

/// `rassoc`.
fn hash_rassoc(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    match find_value(vm, hash, args[0])? {
        Some((key, value)) => Ok(vm.new_array(vec![key, value])),
        None => Ok(Value::NIL),
    }
}

/// `delete`.
fn hash_delete(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    match vm.hash_delete(hash, args[0])? {
        Some(value) => Ok(value),
        None => match vm.current_block() {
            Some(block) => vm.invoke_block(&block, &[args[0]]),
            None => Ok(Value::NIL),
        },
    }
}

/// `empty?`.
fn hash_empty_p(_: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(hash_data(hash).borrow().is_empty()))
}

/// `keys`.
fn hash_keys(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    let keys = hash_data(hash).borrow().pairs().map(|(k, _)| k).collect();
    Ok(vm.new_array(keys))
}

/// `values`.
fn hash_values(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    let values = hash_data(hash).borrow().pairs().map(|(_, v)| v).collect();
    Ok(vm.new_array(values))
}

/// `values_at`.
fn hash_values_at(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let result = vm.new_array(Vec::with_capacity(args.len()));
    for &key in args {
        let value = vm.hash_get(hash, key)?;
        append(result, value);
    }
    Ok(result)
}

/// `fetch_values`.
fn hash_fetch_values(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let result = vm.new_array(Vec::with_capacity(args.len()));
    for &key in args {
        let value = fetch(vm, hash, &[key])?;
        append(result, value);
    }
    Ok(result)
}

/// `to_a`.
fn hash_to_a(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    to_a(vm, hash)
}

/// `to_hash`.
fn hash_to_hash(_: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    Ok(hash)
}

/// `default`.
fn hash_default(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    match args {
        [key] => {
            if hash_data(hash).borrow().default_proc.is_nil() {
                Ok(hash_data(hash).borrow().default)
            } else {
                vm.hash_default(hash, *key)
            }
        }
        _ => Ok(hash_data(hash).borrow().default),
    }
}

/// `default=`.
fn hash_default_set(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    let mut data = hash_data(hash).borrow_mut();
    data.default = args[0];
    data.default_proc = Value::NIL;
    Ok(args[0])
}

/// `default_proc`.
fn hash_default_proc(_: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    Ok(hash_data(hash).borrow().default_proc)
}

/// `merge`.
fn hash_merge(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let merged = copy_of(vm, hash, vm.real_class_of(hash), true);
    merge_into(vm, merged, args)?;
    Ok(merged)
}

/// `clear`.
fn hash_clear(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    hash_data(hash).borrow_mut().clear();
    Ok(hash)
}

/// `shift`.
fn hash_shift(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    let first = next_entry(hash, 0);
    match first {
        Some((position, key, value)) => {
            hash_data(hash).borrow_mut().remove_at(position);
            Ok(vm.new_array(vec![key, value]))
        }
        // MRI 3.1 answers the default for an empty Hash.
        None => vm.hash_default(hash, Value::NIL),
    }
}

/// `compact`.
fn hash_compact(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    let result = vm.new_hash();
    vm.temp_roots.borrow_mut().push(result);
    let done = vm.hash_each(hash, |vm, key, value| {
        if !value.is_nil() {
            vm.hash_set(result, key, value)?;
        }
        Ok(true)
    });
    vm.temp_roots.borrow_mut().pop();
    done?;
    Ok(result)
}

/// `compact!`.
fn hash_compact_bang(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    Ok(if compact_in_place(hash) {
        hash
    } else {
        Value::NIL
    })
}

/// `invert`.
fn hash_invert(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    let result = vm.new_hash();
    vm.temp_roots.borrow_mut().push(result);
    let done = vm.hash_each(hash, |vm, key, value| {
        vm.hash_set(result, value, key)?;
        Ok(true)
    });
    vm.temp_roots.borrow_mut().pop();
    done?;
    Ok(result)
}

/// `slice`.
fn hash_slice(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let result = vm.new_hash();
    let identity = hash_data(hash).borrow().identity();
    hash_data(result).borrow_mut().set_identity(identity);
    vm.temp_roots.borrow_mut().push(result);
    let done = (|| {
        for &key in args {
            if let Some(value) = vm.hash_lookup(hash, key)? {
                vm.hash_set(result, key, value)?;
            }
        }
        Ok(())
    })();
    vm.temp_roots.borrow_mut().pop();
    done?;
    Ok(result)
}

/// `except`.
fn hash_except(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let class = vm.c.hash;
    let result = copy_of(vm, hash, class, false);
    vm.temp_roots.borrow_mut().push(result);
    let done = (|| {
        for &key in args {
            vm.hash_delete(result, key)?;
        }
        Ok(())
    })();
    vm.temp_roots.borrow_mut().pop();
    done?;
    Ok(result)
}

/// `dig`.
fn hash_dig(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let first = vm.hash_get(hash, args[0])?;
    dig(vm, first, &args[1..])
}

/// `compare_by_identity`.
fn hash_compare_by_identity(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    if hash_data(hash).borrow().identity() {
        return Ok(hash);
    }
    hash_data(hash).borrow_mut().set_identity(true);
    rehash(vm, hash)?;
    // MRI 3.1 rebuilds the table even under a running iteration, which
    // then fails: small tables (up to 8 entries) and large ones report
    // it differently.
    let mut data = hash_data(hash).borrow_mut();
    if data.iterating() {
        let message = if data.len() <= 8 {
            "ret: 2, hash modified during iteration"
        } else {
            "rehash occurred during iteration"
        };
        data.set_rebuilt(message);
    }
    Ok(hash)
}

/// `compare_by_identity?`.
fn hash_compare_by_identity_p(_: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(hash_data(hash).borrow().identity()))
}

/// `rehash`.
fn hash_rehash(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    vm.check_not_iterating(hash, "rehash during iteration")?;
    vm.hash_modify_check(hash)?;
    rehash(vm, hash)?;
    Ok(hash)
}

/// `<=`.
fn hash_le(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let other = vm.convert_to_hash(args[0])?;
    let fits = size(hash) <= size(other) && contained_in(vm, hash, other)?;
    Ok(Value::bool(fits))
}

/// `<`.
fn hash_lt(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let other = vm.convert_to_hash(args[0])?;
    let fits = size(hash) < size(other) && contained_in(vm, hash, other)?;
    Ok(Value::bool(fits))
}

/// `>=`.
fn hash_ge(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let other = vm.convert_to_hash(args[0])?;
    let fits = size(other) <= size(hash) && contained_in(vm, other, hash)?;
    Ok(Value::bool(fits))
}

/// `>`.
fn hash_gt(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let other = vm.convert_to_hash(args[0])?;
    let fits = size(other) < size(hash) && contained_in(vm, other, hash)?;
    Ok(Value::bool(fits))
}

/// `dig`.
fn array_dig(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
    let first = array_at(vm, a, args[0])?;
    dig(vm, first, &args[1..])
}

fn size(hash: Value) -> usize {
    hash_data(hash).borrow().len()
}

/// `Hash.new`, `Hash.new(default)`, `Hash.new { |hash, key| }`.
fn initialize(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    if let Some(block) = vm.current_block() {
        if !args.is_empty() {
            return Err(vm.arity_error(args.len(), 0, Some(0)));
        }
        let default_proc = vm.new_proc(block);
        check_default_proc_arity(vm, default_proc)?;
        let mut data = hash_data(hash).borrow_mut();
        data.default = Value::NIL;
        data.default_proc = default_proc;
        return Ok(hash);
    }
    let mut data = hash_data(hash).borrow_mut();
    data.default = args.first().copied().unwrap_or(Value::NIL);
    data.default_proc = Value::NIL;
    Ok(hash)
}

/// `Hash[hash]`, `Hash[[[key, value], ...]]`, `Hash[key, value, ...]`.
fn create(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    if let [arg] = args {
        if let Some(source) = vm.check_hash(*arg)? {
            let mut data = hash_data(source).borrow().copy();
            data.default = Value::NIL;
            data.default_proc = Value::NIL;
            return Ok(vm.new_hash_with(class, data));
        }
        if let Some(pairs) = check_array(vm, *arg)? {
            let result = vm.new_hash_with(class, HashData::new());
            vm.temp_roots.borrow_mut().push(result);
            let done = fill_from_pairs(vm, result, pairs);
            vm.temp_roots.borrow_mut().pop();
            done?;
            return Ok(result);
        }
    }
    if args.len() % 2 != 0 {
        return Err(vm.argument_error("odd number of arguments for Hash".into()));
    }
    let result = vm.new_hash_with(class, HashData::new());
    vm.temp_roots.borrow_mut().push(result);
    let done = (|| {
        for pair in args.chunks(2) {
            vm.hash_set(result, pair[0], pair[1])?;
        }
        Ok(())
    })();
    vm.temp_roots.borrow_mut().pop();
    done?;
    Ok(result)
}

/// `Hash[[[key, value], [key], ...]]`: each element a one- or two-element
/// Array.
fn fill_from_pairs(vm: &mut Vm, result: Value, pairs: Value) -> VmResult<()> {
    let mut i = 0;
    while let Some(element) = array_item(pairs, i) {
        let Some(pair) = check_array(vm, element)? else {
            let name = builtin_class_name(vm, element);
            return Err(
                vm.argument_error(format!("wrong element type {name} at {i} (expected array)"))
            );
        };
        let items = pair.get::<RArray>().expect("an Array").items().clone();
        match items[..] {
            [key] => vm.hash_set(result, key, Value::NIL)?,
            [key, value] => vm.hash_set(result, key, value)?,
            _ => {
                return Err(vm.argument_error(format!(
                    "invalid number of elements ({} for 1..2)",
                    items.len()
                )))
            }
        }
        i += 1;
    }
    Ok(())
}

fn array_item(array: Value, i: usize) -> Option<Value> {
    array.get::<RArray>()?.items().get(i).copied()
}

/// MRI's `rb_builtin_class_name`: `nil`, `true` and `false` by value, else
/// the class name.
pub(super) fn builtin_class_name(vm: &Vm, value: Value) -> String {
    match value {
        Value::NIL => "nil".into(),
        Value::TRUE => "true".into(),
        Value::FALSE => "false".into(),
        _ => vm.class_name(vm.real_class_of(value)),
    }
}

/// `fetch(key)`, `fetch(key, default)`, `fetch(key) { |key| }`.
fn fetch(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let block = vm.current_block();
    if block.is_some() && args.len() == 2 {
        vm.warn("block supersedes default value argument");
    }
    if let Some(value) = vm.hash_lookup(hash, args[0])? {
        return Ok(value);
    }
    if let Some(block) = block {
        return vm.invoke_block(&block, &[args[0]]);
    }
    if let Some(&default) = args.get(1) {
        return Ok(default);
    }
    Err(vm.key_not_found(hash, args[0]))
}

/// The first entry whose value `== target`.
fn find_value(vm: &mut Vm, hash: Value, target: Value) -> VmResult<Option<(Value, Value)>> {
    let mut found = None;
    vm.hash_each(hash, |vm, key, value| {
        if values_equal(vm, value, target)? {
            found = Some((key, value));
            return Ok(false);
        }
        Ok(true)
    })?;
    Ok(found)
}

/// `assoc(key)`: `[key, value]` for the entry whose key is `key` (found by
/// `hash`/`eql?`, else the first key `== key`).
fn assoc(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    if let Some(value) = vm.hash_lookup(hash, args[0])? {
        return Ok(vm.new_array(vec![args[0], value]));
    }
    let mut found = None;
    vm.hash_each(hash, |vm, key, value| {
        if values_equal(vm, args[0], key)? {
            found = Some((key, value));
            return Ok(false);
        }
        Ok(true)
    })?;
    Ok(match found {
        Some((key, value)) => vm.new_array(vec![key, value]),
        None => Value::NIL,
    })
}

/// `[[key, value], ...]`.
fn to_a(vm: &mut Vm, hash: Value) -> VmResult {
    let array = vm.new_array(Vec::with_capacity(size(hash)));
    vm.temp_roots.borrow_mut().push(array);
    let mut position = 0;
    while let Some((at, key, value)) = next_entry(hash, position) {
        let pair = vm.new_array(vec![key, value]);
        append(array, pair);
        position = at + 1;
    }
    vm.temp_roots.borrow_mut().pop();
    Ok(array)
}

/// `default_proc = proc`: a Proc (or an object converting with `to_proc`),
/// a lambda only if it takes two arguments; nil clears it.
fn set_default_proc(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    let given = args[0];
    if given.is_nil() {
        let mut data = hash_data(hash).borrow_mut();
        data.default = Value::NIL;
        data.default_proc = Value::NIL;
        return Ok(given);
    }
    let mut proc = given;
    if proc.get::<RProc>().is_none() {
        let to_proc = vm.symbols.intern("to_proc");
        let class = vm.class_of(proc);
        if vm.find_method(class, to_proc).is_some() {
            proc = vm.call(given, to_proc, &[])?;
        }
    }
    if proc.get::<RProc>().is_none() {
        let name = vm.class_name(vm.real_class_of(given));
        return Err(vm.type_error(format!("wrong default_proc type {name} (expected Proc)")));
    }
    check_default_proc_arity(vm, proc)?;
    let mut data = hash_data(hash).borrow_mut();
    data.default = Value::NIL;
    data.default_proc = proc;
    Ok(given)
}

/// A default proc that is a lambda must take two arguments (the Hash and
/// the key).
fn check_default_proc_arity(vm: &mut Vm, proc: Value) -> VmResult<()> {
    let block = &proc.get::<RProc>().expect("a Proc").block;
    let n = arity(block);
    if block.is_lambda && n != 2 && !(-3..0).contains(&n) {
        let n = if n < 0 { -n - 1 } else { n };
        return Err(vm.type_error(format!("default_proc takes two arguments (2 for {n})")));
    }
    Ok(())
}

/// A new Hash of `class` with `hash`'s entries and identity setting, and
/// its defaults when `with_defaults`.
pub(super) fn copy_of(vm: &mut Vm, hash: Value, class: Value, with_defaults: bool) -> Value {
    let mut data = hash_data(hash).borrow().copy();
    if !with_defaults {
        data.default = Value::NIL;
        data.default_proc = Value::NIL;
    }
    vm.new_hash_with(class, data)
}

/// `merge!(*others)`: each argument's entries in turn (a block decides on
/// keys already present: `|key, old, new|`).
fn merge_into(vm: &mut Vm, hash: Value, others: &[Value]) -> VmResult<()> {
    let block = vm.current_block();
    vm.temp_roots.borrow_mut().push(hash);
    let done = (|| {
        for &other in others {
            let other = vm.convert_to_hash(other)?;
            vm.hash_each(other, |vm, key, value| {
                let value = match &block {
                    Some(block) => match vm.hash_lookup(hash, key)? {
                        Some(old) => vm.invoke_block(block, &[key, old, value])?,
                        None => value,
                    },
                    None => value,
                };
                vm.hash_set(hash, key, value)?;
                Ok(true)
            })?;
        }
        Ok(())
    })();
    vm.temp_roots.borrow_mut().pop();
    done
}

/// `replace(other)`: `other`'s entries, defaults and identity setting.
fn replace(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    if args[0] == hash {
        return Ok(hash);
    }
    vm.check_not_iterating(hash, "can't replace hash during iteration")?;
    let other = vm.convert_to_hash(args[0])?;
    let copy = hash_data(other).borrow().copy();
    hash_data(hash).borrow_mut().replace_with(copy);
    Ok(hash)
}

/// Deletes the entries whose value is nil; whether there were any.
fn compact_in_place(hash: Value) -> bool {
    let mut data = hash_data(hash).borrow_mut();
    let nils: Vec<usize> = data
        .positioned()
        .filter(|(_, entry)| entry.value.is_nil())
        .map(|(position, _)| position)
        .collect();
    for &position in &nils {
        data.remove_at(position);
    }
    !nils.is_empty()
}

/// Refiles every entry under its key's current hash code (keys may have
/// changed since they were stored); of keys that now match, the first
/// stays, with the last one's value.
fn rehash(vm: &mut Vm, hash: Value) -> VmResult<()> {
    let fresh = vm.new_hash();
    let identity = hash_data(hash).borrow().identity();
    hash_data(fresh).borrow_mut().set_identity(identity);
    vm.temp_roots.borrow_mut().push(fresh);
    let done = (|| {
        let mut position = 0;
        while let Some((at, key, value)) = next_entry(hash, position) {
            vm.hash_set(fresh, key, value)?;
            position = at + 1;
        }
        Ok(())
    })();
    vm.temp_roots.borrow_mut().pop();
    done?;
    let mut rebuilt = std::mem::take(&mut *hash_data(fresh).borrow_mut());
    let mut data = hash_data(hash).borrow_mut();
    rebuilt.default = data.default;
    rebuilt.default_proc = data.default_proc;
    data.replace_with(rebuilt);
    Ok(())
}

/// Whether every entry of `small` is in `large` with an `==` value.
fn contained_in(vm: &mut Vm, small: Value, large: Value) -> VmResult<bool> {
    let mut contained = true;
    vm.hash_each(small, |vm, key, value| {
        contained = match vm.hash_lookup(large, key)? {
            Some(other) => values_equal(vm, value, other)?,
            None => false,
        };
        Ok(contained)
    })?;
    Ok(contained)
}

/// `flatten(depth = 1)`: the keys and values in one Array, Array values
/// spliced in `depth - 1` levels further (all levels when negative).
fn flatten(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    let depth = match args.first() {
        Some(&depth) => to_long(vm, depth)?,
        None => 1,
    };
    if depth == 0 {
        return to_a(vm, hash);
    }
    let flat = vm.new_array(Vec::with_capacity(2 * size(hash)));
    let mut position = 0;
    while let Some((at, key, value)) = next_entry(hash, position) {
        append(flat, key);
        append(flat, value);
        position = at + 1;
    }
    let flatten_bang = vm.symbols.intern("flatten!");
    if depth > 1 {
        vm.call(flat, flatten_bang, &[Value::small(depth - 1)])?;
    } else if depth < 0 {
        vm.call(flat, flatten_bang, &[])?;
    }
    Ok(flat)
}

/// `array[index]` for `dig`: the index converted as Array#[] converts it.
fn array_at(vm: &mut Vm, array: Value, index: Value) -> VmResult {
    let index = to_long(vm, index)?;
    let items = array.get::<RArray>().expect("an Array").items();
    let position = if index < 0 {
        index + items.len() as i64
    } else {
        index
    };
    Ok(usize::try_from(position)
        .ok()
        .and_then(|i| items.get(i).copied())
        .unwrap_or(Value::NIL))
}

/// MRI's `rb_obj_dig`: digs into `object` with each of `keys` in turn,
/// Hashes and Arrays directly, anything else through its own `dig`; nil
/// ends the search.
fn dig(vm: &mut Vm, mut object: Value, keys: &[Value]) -> VmResult {
    let name = vm.symbols.intern("dig");
    for (n, &key) in keys.iter().enumerate() {
        if object.is_nil() {
            return Ok(Value::NIL);
        }
        let class = vm.class_of(object);
        let native = vm
            .find_method(class, name)
            .map(|entry| matches!(entry.body, crate::object::MethodBody::Native(_)));
        match native {
            Some(true) if object.get::<RHash>().is_some() => {
                object = vm.hash_get(object, key)?;
            }
            Some(true) if object.get::<RArray>().is_some() => {
                object = array_at(vm, object, key)?;
            }
            Some(_) => return vm.call(object, name, &keys[n..]),
            None => {
                let class_name = vm.class_name(vm.real_class_of(object));
                return Err(vm.type_error(format!("{class_name} does not have #dig method")));
            }
        }
    }
    Ok(object)
}

/// `key?`, `has_key?`, `include?`, `member?`.
fn key_p(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(vm.hash_lookup(hash, args[0])?.is_some()))
}

/// `value?`, `has_value?`.
fn value_p(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(find_value(vm, hash, args[0])?.is_some()))
}

/// `size`, `length`.
fn size_2(_: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(hash_data(hash).borrow().len() as i64))
}

/// `merge!`, `update`.
fn merge_bang(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    vm.hash_modify_check(hash)?;
    merge_into(vm, hash, args)?;
    Ok(hash)
}
