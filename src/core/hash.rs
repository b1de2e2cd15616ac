//! Hash: insertion-ordered, keyed by `hash`/`eql?`.
//!
//! Entries are kept in insertion order in a vector (a deleted entry leaves
//! a hole, squeezed out when holes pile up); an index maps each key's hash
//! to the entries with that hash. Keys of the core classes (Integer, Float,
//! String, Symbol, nil/true/false, Arrays of those) are hashed and compared
//! in Rust; other keys through their own `hash` and `eql?` methods, so user
//! objects work as keys exactly as in MRI.

use crate::core::integer::{float_of, Int};
use crate::heap::{Header, HeapObject, Marker, ObjKind};
use crate::object::{RArray, RHash, RString};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use fxhash::{FxHashMap, FxHasher};
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

/// The contents of a Hash.
#[derive(Clone)]
pub struct HashData {
    /// Key, value and the key's hash code; None for a deleted entry.
    entries: Vec<Option<(Value, Value, u64)>>,
    index: FxHashMap<u64, smallvec::SmallVec<[u32; 2]>>,
    live: usize,
    pub default: Value,
    pub default_proc: Value,
}

impl HashData {
    pub fn new() -> HashData {
        HashData {
            entries: Vec::new(),
            index: FxHashMap::default(),
            live: 0,
            default: Value::NIL,
            default_proc: Value::NIL,
        }
    }

    /// The entries, in insertion order.
    pub fn pairs(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.entries
            .iter()
            .flatten()
            .map(|&(key, value, _)| (key, value))
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    pub fn trace(&self, marker: &mut Marker) {
        for (key, value) in self.pairs() {
            marker.mark(key);
            marker.mark(value);
        }
        marker.mark(self.default);
        marker.mark(self.default_proc);
    }

    fn candidates(&self, hash: u64) -> smallvec::SmallVec<[u32; 2]> {
        self.index.get(&hash).cloned().unwrap_or_default()
    }
}

impl Default for HashData {
    fn default() -> Self {
        HashData::new()
    }
}

// SAFETY: repr(C), Header first, fits a cell, unique kind.
unsafe impl HeapObject for RHash {
    const KIND: ObjKind = ObjKind::Hash;
    fn trace(&self, marker: &mut Marker) {
        self.data.borrow().trace(marker);
    }
}

impl Vm {
    pub fn new_hash(&mut self) -> Value {
        let class = self.c.hash;
        self.alloc(RHash {
            header: Header::new(RHash::KIND, class),
            data: Box::new(RefCell::new(HashData::new())),
        })
    }

    /// The `hash` of a key: computed in Rust for core values, by calling
    /// `hash` for others.
    pub fn key_hash(&mut self, key: Value) -> VmResult<u64> {
        let mut hasher = FxHasher::default();
        if let Some(int) = Int::of(key) {
            match int {
                Int::Fix(n) => n.hash(&mut hasher),
                Int::Big(b) => b.hash(&mut hasher),
            }
        } else if let Some(f) = float_of(key) {
            // 0.0 and -0.0 are eql?.
            let f = if f == 0.0 { 0.0 } else { f };
            f.to_bits().hash(&mut hasher);
            1u8.hash(&mut hasher);
        } else if let Some(string) = key.get::<RString>() {
            string.bytes.borrow().hash(&mut hasher);
        } else if !key.is_heap() {
            key.bits().hash(&mut hasher);
        } else if let Some(items) = self.array_items(key) {
            for item in items {
                self.key_hash(item)?.hash(&mut hasher);
            }
        } else {
            let hash = self.symbols.intern("hash");
            let value = self.call(key, hash, &[])?;
            match Int::of(value) {
                Some(Int::Fix(n)) => n.hash(&mut hasher),
                Some(Int::Big(b)) => b.hash(&mut hasher),
                None => return Err(self.type_error("can't convert hash value into Integer".into())),
            }
        }
        Ok(hasher.finish())
    }

    /// `a.eql?(b)` for Hash keys.
    pub fn keys_eql(&mut self, a: Value, b: Value) -> VmResult<bool> {
        if a == b {
            return Ok(true);
        }
        if let (Some(x), Some(y)) = (Int::of(a), Int::of(b)) {
            return Ok(x.to_big() == y.to_big());
        }
        if let (Some(x), Some(y)) = (float_of(a), float_of(b)) {
            return Ok(x == y);
        }
        if let (Some(x), Some(y)) = (a.get::<RString>(), b.get::<RString>()) {
            return Ok(*x.bytes.borrow() == *y.bytes.borrow());
        }
        if !a.is_heap() || !b.is_heap() || Int::of(a).is_some() || float_of(a).is_some() {
            return Ok(false);
        }
        if let (Some(x), Some(y)) = (self.array_items(a), self.array_items(b)) {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (p, q) in x.into_iter().zip(y) {
                if !self.keys_eql(p, q)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        let eql = self.symbols.intern("eql?");
        Ok(self.call(a, eql, &[b])?.truthy())
    }

    /// The index of `key`'s entry in `hash`.
    fn hash_find(&mut self, hash: Value, key: Value) -> VmResult<Option<(u64, usize)>> {
        let code = self.key_hash(key)?;
        let candidates = hash_data(hash).borrow().candidates(code);
        for index in candidates {
            let existing = hash_data(hash).borrow().entries[index as usize];
            if let Some((existing_key, _, _)) = existing {
                if self.keys_eql(existing_key, key)? {
                    return Ok(Some((code, index as usize)));
                }
            }
        }
        Ok(None)
    }

    /// `hash[key]` without the default: the value if present.
    pub fn hash_lookup(&mut self, hash: Value, key: Value) -> VmResult<Option<Value>> {
        Ok(self
            .hash_find(hash, key)?
            .and_then(|(_, index)| hash_data(hash).borrow().entries[index].map(|(_, v, _)| v)))
    }

    /// `hash[key]`: the value, or the default (calling the default proc).
    pub fn hash_get(&mut self, hash: Value, key: Value) -> VmResult {
        if let Some(value) = self.hash_lookup(hash, key)? {
            return Ok(value);
        }
        let (default, default_proc) = {
            let data = hash_data(hash).borrow();
            (data.default, data.default_proc)
        };
        if !default_proc.is_nil() {
            let call = self.symbols.intern("call");
            return self.call(default_proc, call, &[hash, key]);
        }
        Ok(default)
    }

    /// `hash[key] = value` (a String key is copied and frozen, as in MRI).
    pub fn hash_set(&mut self, hash: Value, key: Value, value: Value) -> VmResult<()> {
        self.check_frozen(hash)?;
        if let Some((_, index)) = self.hash_find(hash, key)? {
            let mut data = hash_data(hash).borrow_mut();
            if let Some(entry) = data.entries[index].as_mut() {
                entry.1 = value;
            }
            return Ok(());
        }
        let key = match key.get::<RString>() {
            Some(string) if !string.header.is_frozen() => {
                let bytes = string.bytes.borrow().clone();
                let copy = self.new_string(bytes);
                copy.header().expect("a string").freeze();
                copy
            }
            _ => key,
        };
        let code = self.key_hash(key)?;
        let mut data = hash_data(hash).borrow_mut();
        let index = data.entries.len() as u32;
        data.entries.push(Some((key, value, code)));
        data.index.entry(code).or_default().push(index);
        data.live += 1;
        Ok(())
    }

    /// Removes `key`; its value if it was there.
    pub fn hash_delete(&mut self, hash: Value, key: Value) -> VmResult<Option<Value>> {
        self.check_frozen(hash)?;
        let Some((code, index)) = self.hash_find(hash, key)? else {
            return Ok(None);
        };
        let mut data = hash_data(hash).borrow_mut();
        let removed = data.entries[index].take().map(|(_, v, _)| v);
        if let Some(list) = data.index.get_mut(&code) {
            list.retain(|&mut i| i as usize != index);
        }
        data.live -= 1;
        if data.entries.len() > 32 && data.live * 2 < data.entries.len() {
            compact(&mut data);
        }
        Ok(removed)
    }

    /// The entries of a Hash, in order.
    pub fn hash_pairs(&self, hash: Value) -> Vec<(Value, Value)> {
        hash_data(hash).borrow().pairs().collect()
    }
}

/// Squeezes out deleted entries and rebuilds the index from the stored
/// hash codes.
fn compact(data: &mut HashData) {
    data.entries.retain(Option::is_some);
    data.index.clear();
    for (position, entry) in data.entries.iter().enumerate() {
        if let Some((_, _, code)) = entry {
            data.index.entry(*code).or_default().push(position as u32);
        }
    }
    data.live = data.entries.len();
}

/// The data of a Hash value.
pub fn hash_data(hash: Value) -> &'static RefCell<HashData> {
    &hash.get::<RHash>().expect("a Hash").data
}

/// `{1=>2, :a=>"b"}`.
pub fn inspect_hash(vm: &mut Vm, hash: Value, seen: &mut Vec<Value>) -> VmResult<String> {
    if seen.contains(&hash) {
        return Ok("{...}".into());
    }
    let pairs = vm.hash_pairs(hash);
    if pairs.is_empty() {
        return Ok("{}".into());
    }
    seen.push(hash);
    let mut parts = Vec::with_capacity(pairs.len());
    for (key, value) in pairs {
        let key = if key.get::<RHash>().is_some() {
            inspect_hash(vm, key, seen)?
        } else {
            vm.inspect(key)?
        };
        let value = if value.get::<RHash>().is_some() {
            inspect_hash(vm, value, seen)?
        } else {
            vm.inspect(value)?
        };
        parts.push(format!("{key}=>{value}"));
    }
    seen.pop();
    Ok(format!("{{{}}}", parts.join(", ")))
}

pub fn define(vm: &mut Vm) {
    let hash = vm.c.hash;
    vm.define_singleton_native(hash, "new", 0, Some(1), |vm, _, args| {
        let hash = vm.new_hash();
        let mut data = hash_data(hash).borrow_mut();
        data.default = args.first().copied().unwrap_or(Value::NIL);
        drop(data);
        if let Some(block) = vm.current_block() {
            vm.temp_roots.borrow_mut().push(hash);
            let default_proc = vm.new_proc(block);
            vm.temp_roots.borrow_mut().pop();
            hash_data(hash).borrow_mut().default_proc = default_proc;
        }
        Ok(hash)
    });
    vm.define_native(hash, "[]", 1, Some(1), |vm, hash, args| {
        vm.hash_get(hash, args[0])
    });
    for name in ["[]=", "store"] {
        vm.define_native(hash, name, 2, Some(2), |vm, hash, args| {
            vm.hash_set(hash, args[0], args[1])?;
            Ok(args[1])
        });
    }
    vm.define_native(hash, "fetch", 1, Some(2), |vm, hash, args| {
        if let Some(value) = vm.hash_lookup(hash, args[0])? {
            return Ok(value);
        }
        if let Some(block) = vm.current_block() {
            return vm.invoke_block(&block, &[args[0]]);
        }
        if let Some(&default) = args.get(1) {
            return Ok(default);
        }
        let key = vm.inspect(args[0])?;
        let class = vm.c.key_error;
        Err(vm.raise_with(
            class,
            format!("key not found: {key}"),
            &[("key", args[0]), ("receiver", hash)],
        ))
    });
    for name in ["key?", "has_key?", "include?", "member?"] {
        vm.define_native(hash, name, 1, Some(1), |vm, hash, args| {
            Ok(Value::bool(vm.hash_lookup(hash, args[0])?.is_some()))
        });
    }
    vm.define_native(hash, "delete", 1, Some(1), |vm, hash, args| {
        match vm.hash_delete(hash, args[0])? {
            Some(value) => Ok(value),
            None => match vm.current_block() {
                Some(block) => vm.invoke_block(&block, &[args[0]]),
                None => Ok(Value::NIL),
            },
        }
    });
    for name in ["size", "length"] {
        vm.define_native(hash, name, 0, Some(0), |_, hash, _| {
            Ok(Value::small(hash_data(hash).borrow().len() as i64))
        });
    }
    vm.define_native(hash, "empty?", 0, Some(0), |_, hash, _| {
        Ok(Value::bool(hash_data(hash).borrow().is_empty()))
    });
    vm.define_native(hash, "keys", 0, Some(0), |vm, hash, _| {
        let keys = vm.hash_pairs(hash).into_iter().map(|(k, _)| k).collect();
        Ok(vm.new_array(keys))
    });
    vm.define_native(hash, "values", 0, Some(0), |vm, hash, _| {
        let values = vm.hash_pairs(hash).into_iter().map(|(_, v)| v).collect();
        Ok(vm.new_array(values))
    });
    vm.define_native(hash, "to_a", 0, Some(0), |vm, hash, _| {
        let array = vm.new_array(Vec::new());
        vm.temp_roots.borrow_mut().push(array);
        for (key, value) in vm.hash_pairs(hash) {
            let pair = vm.new_array(vec![key, value]);
            array.get::<RArray>().unwrap().items.borrow_mut().push(pair);
        }
        vm.temp_roots.borrow_mut().pop();
        Ok(array)
    });
    for name in ["inspect", "to_s"] {
        vm.define_native(hash, name, 0, Some(0), |vm, hash, _| {
            let text = inspect_hash(vm, hash, &mut Vec::new())?;
            Ok(vm.new_str(&text))
        });
    }
    vm.define_native(hash, "default", 0, Some(1), |_, hash, _| {
        Ok(hash_data(hash).borrow().default)
    });
    vm.define_native(hash, "default=", 1, Some(1), |_, hash, args| {
        hash_data(hash).borrow_mut().default = args[0];
        Ok(args[0])
    });
    vm.define_native(hash, "to_h", 0, Some(0), |_, hash, _| Ok(hash));
    vm.define_native(hash, "==", 1, Some(1), |vm, hash, args| {
        let other = args[0];
        if other.get::<RHash>().is_none() {
            return Ok(Value::FALSE);
        }
        let (mine, theirs) = (vm.hash_pairs(hash), vm.hash_pairs(other));
        if mine.len() != theirs.len() {
            return Ok(Value::FALSE);
        }
        let eq = vm.sym.eq;
        for (key, value) in mine {
            match vm.hash_lookup(other, key)? {
                Some(their_value) if vm.call(value, eq, &[their_value])?.truthy() => {}
                _ => return Ok(Value::FALSE),
            }
        }
        Ok(Value::TRUE)
    });
    vm.define_native(hash, "merge", 0, None, |vm, hash, args| {
        let merged = vm.new_hash();
        vm.temp_roots.borrow_mut().push(merged);
        let result = (|| {
            for (key, value) in vm.hash_pairs(hash) {
                vm.hash_set(merged, key, value)?;
            }
            merge_into(vm, merged, args)
        })();
        vm.temp_roots.borrow_mut().pop();
        result?;
        Ok(merged)
    });
    for name in ["merge!", "update"] {
        vm.define_native(hash, name, 0, None, |vm, hash, args| {
            merge_into(vm, hash, args)?;
            Ok(hash)
        });
    }
    vm.define_native(hash, "clear", 0, Some(0), |vm, hash, _| {
        vm.check_frozen(hash)?;
        let mut data = hash_data(hash).borrow_mut();
        data.entries.clear();
        data.index.clear();
        data.live = 0;
        Ok(hash)
    });
}

/// `merge!`: each argument's entries (a block decides on clashes).
fn merge_into(vm: &mut Vm, hash: Value, others: &[Value]) -> VmResult<()> {
    let block = vm.current_block();
    for &other in others {
        if other.get::<RHash>().is_none() {
            let name = vm.special_or_class_name(other);
            return Err(vm.type_error(format!("no implicit conversion of {name} into Hash")));
        }
        for (key, value) in vm.hash_pairs(other) {
            let value = match (&block, vm.hash_lookup(hash, key)?) {
                (Some(block), Some(old)) => vm.invoke_block(block, &[key, old, value])?,
                _ => value,
            };
            vm.hash_set(hash, key, value)?;
        }
    }
    Ok(())
}
