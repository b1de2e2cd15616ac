//! Hash: insertion-ordered tables keyed by `hash`/`eql?`, with MRI's
//! semantics and messages.
//!
//! This file holds the table itself and what every Hash method shares:
//! storage, key hashing and comparison, lookup, insertion and deletion, the
//! iteration level, and the methods that recurse into nested values
//! (`inspect`, `==`, `eql?`, `hash`). The other native methods are in
//! `hash/`:
//! - `methods.rs`: construction (`Hash.new`, `Hash[]`), access (`fetch`,
//!   `dig`, `values_at`, defaults), and the methods that build or rebuild
//!   tables (`merge`, `replace`, `invert`, `slice`, `compare_by_identity`,
//!   ...); also `Array#dig`, which shares `dig`'s walk;
//! - `primitives.rs`: the private helpers the Ruby half uses.
//!
//! The iterating methods (`each`, `select`, `reject!`, `transform_values`,
//! `to_h` with a block, ...) are Ruby, in `rb/hash.rb`, and Hash includes
//! Enumerable (`rb/enumerable.rb`) for the rest, as in MRI.
//!
//! # Storage
//!
//! Entries are kept in insertion order in a vector: key, value and the
//! key's hash code. A deleted entry leaves a hole; an index maps each hash
//! code to the positions of the entries with that code. Holes are squeezed
//! out when they pile up, but never while the Hash is being iterated.
//!
//! # Keys
//!
//! Keys of the core classes (Integer, Float, String, Symbol, nil, true,
//! false, and Arrays of them) are hashed and compared in Rust; other keys
//! through their own `hash` and `eql?` methods, so user objects work as keys
//! exactly as in MRI. After `compare_by_identity`, keys match only
//! themselves. A String key that is not frozen is copied and frozen when
//! stored, as MRI does.
//!
//! # Iteration
//!
//! Ruby code walks a Hash by entry *position* (`__next_entry`, `__key_at`,
//! ...), with the Hash's iteration level raised for the duration (MRI's
//! `iter_lev`). While it is raised, holes stay where they are, so positions
//! remain valid when the block deletes entries; adding a new key raises
//! MRI's `can't add a new key into hash during iteration`. The native
//! methods that call back into Ruby while walking a Hash (`==`, `inspect`,
//! `merge` with a block, ...) raise the level the same way and read the
//! entries afresh at each step.
//!
//! # Recursion and the collector
//!
//! `inspect`, `==`/`eql?` and `hash` share Array's recursion guards
//! (`recursion.rs`), so `{...}` and `[...]` come out as in MRI. Values are
//! never kept only in a Rust `Vec` while Ruby code may run (the collector
//! does not see them, see `heap.rs`): results are built in Ruby Hashes and
//! Arrays, and loops read the table afresh after each call.

mod methods;
mod primitives;

use crate::core::array;
use crate::core::integer::{float_of, Int};
use crate::core::public;
use crate::core::recursion;
use crate::diagnostics::did_you_mean;
use crate::hash_table::{hash_data, HashData};
use crate::heap::{Header, HeapObject, Marker, ObjKind};
use crate::object::{RArray, RHash, RString};
use crate::value::Value;
use crate::vm::{Control, Vm, VmResult};
use fxhash::FxHasher;
use std::cell::RefCell;
use std::hash::{Hash, Hasher};

// SAFETY: repr(C), Header first, fits a cell, unique kind.
unsafe impl HeapObject for RHash {
    const KIND: ObjKind = ObjKind::Hash;
    fn trace(&self, marker: &mut Marker) {
        self.data.borrow().trace(marker);
    }
}

/// Where a key is, or the hash code it would be filed under.
enum Slot {
    Found(usize),
    Missing(u64),
}

/// The FxHash of a 64-bit word.
fn hash_word(word: u64) -> u64 {
    let mut hasher = FxHasher::default();
    word.hash(&mut hasher);
    hasher.finish()
}

impl Vm {
    pub fn new_hash(&mut self) -> Value {
        let class = self.c.hash;
        self.alloc(RHash {
            header: Header::new(RHash::KIND, class),
            data: Box::new(RefCell::new(HashData::new())),
        })
    }

    /// A new Hash of class `class` holding `data`.
    pub(crate) fn new_hash_with(&mut self, class: Value, data: HashData) -> Value {
        let hash = self.new_hash();
        *hash_data(hash).borrow_mut() = data;
        hash.header().expect("a Hash").set_class(class);
        hash
    }

    /// The `hash` of a key: computed in Rust for core values (Arrays and
    /// Hashes recursion-safe), by calling `hash` for others.
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
            string.bytes().hash(&mut hasher);
        } else if !key.is_heap() {
            key.bits().hash(&mut hasher);
        } else if key.get::<RArray>().is_some() {
            array::array_hash(self, key)?.hash(&mut hasher);
        } else {
            let hash = self.symbols.intern("hash");
            let value = self.call(key, hash, &[])?;
            self.hash_value_code(value)?.hash(&mut hasher);
        }
        Ok(hasher.finish())
    }

    /// What a `hash` method returned, as MRI's `rb_hash` takes it: an
    /// Integer, else converted with `to_int`.
    fn hash_value_code(&mut self, value: Value) -> VmResult<u64> {
        match Int::of(value) {
            Some(Int::Fix(n)) => return Ok(n as u64),
            Some(Int::Big(b)) => {
                let mut hasher = FxHasher::default();
                b.hash(&mut hasher);
                return Ok(hasher.finish());
            }
            None => {}
        }
        if let Some(f) = float_of(value) {
            if f.is_finite() {
                return Ok(f.trunc() as i64 as u64);
            }
        }
        let to_int = self.symbols.intern("to_int");
        let class = self.class_of(value);
        if !value.is_nil() && self.find_method(class, to_int).is_some() {
            let converted = self.call(value, to_int, &[])?;
            if Int::of(converted).is_some() {
                return self.hash_value_code(converted);
            }
        }
        let name = self.special_or_class_name(value);
        let message = if value.is_nil() {
            "no implicit conversion from nil to integer".to_string()
        } else {
            format!("no implicit conversion of {name} into Integer")
        };
        Err(self.type_error(message))
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
            return Ok(crate::core::string::same_string(x, y));
        }
        if !a.is_heap() || Int::of(a).is_some() || float_of(a).is_some() {
            return Ok(false);
        }
        if a.get::<RArray>().is_some() && b.get::<RArray>().is_some() {
            return array::values_eql(self, a, b);
        }
        let eql = self.symbols.intern("eql?");
        Ok(self.call(a, eql, &[b])?.truthy())
    }

    /// Finds `key` in `hash` (by identity after `compare_by_identity`).
    fn hash_find(&mut self, hash: Value, key: Value) -> VmResult<Slot> {
        let identity = hash_data(hash).borrow().identity();
        let code = if identity {
            hash_word(key.bits())
        } else {
            self.key_hash(key)?
        };
        'search: loop {
            let (candidates, generation) = {
                let data = hash_data(hash).borrow();
                (data.candidates(code), data.generation())
            };
            for position in candidates {
                let position = position as usize;
                let existing = hash_data(hash).borrow().entry(position);
                let Some(entry) = existing else {
                    continue;
                };
                let same = if identity {
                    entry.key == key
                } else {
                    self.keys_eql(key, entry.key)?
                };
                if hash_data(hash).borrow().generation() != generation {
                    // `eql?` rearranged the table: look again.
                    continue 'search;
                }
                if same {
                    return Ok(Slot::Found(position));
                }
            }
            return Ok(Slot::Missing(code));
        }
    }

    /// `hash[key]` without the default: the value if present.
    pub fn hash_lookup(&mut self, hash: Value, key: Value) -> VmResult<Option<Value>> {
        Ok(match self.hash_find(hash, key)? {
            Slot::Found(position) => entry_at(hash, position).map(|(_, value)| value),
            Slot::Missing(_) => None,
        })
    }

    /// `hash[key]`: the value, or the default (calling the default proc).
    pub fn hash_get(&mut self, hash: Value, key: Value) -> VmResult {
        if let Some(value) = self.hash_lookup(hash, key)? {
            return Ok(value);
        }
        self.hash_default(hash, key)
    }

    /// The default value for a missing `key`: the default proc's result
    /// (called with the Hash and the key), else the default.
    pub fn hash_default(&mut self, hash: Value, key: Value) -> VmResult {
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
        let code = match self.hash_find(hash, key)? {
            Slot::Found(position) => {
                hash_data(hash).borrow_mut().set_value(position, value);
                return Ok(());
            }
            Slot::Missing(code) => code,
        };
        if hash_data(hash).borrow().iterating() {
            let class = self.c.runtime_error;
            return Err(self.raise(
                class,
                "can't add a new key into hash during iteration".into(),
            ));
        }
        let identity = hash_data(hash).borrow().identity();
        let key = match key.get::<RString>() {
            Some(string)
                if !identity
                    && !string.header.is_frozen()
                    && self.class_of(key) == self.c.string =>
            {
                let bytes = string.bytes().clone();
                let copy = self.new_string_of(bytes);
                crate::core::string::string_of(copy).set_encoding(string.encoding());
                copy.header().expect("a string").freeze();
                copy
            }
            _ => key,
        };
        self.heap.note_external(24);
        hash_data(hash).borrow_mut().push(key, value, code);
        Ok(())
    }

    /// Removes `key`; its value if it was there.
    pub fn hash_delete(&mut self, hash: Value, key: Value) -> VmResult<Option<Value>> {
        self.check_frozen(hash)?;
        match self.hash_find(hash, key)? {
            Slot::Found(position) => Ok(hash_data(hash)
                .borrow_mut()
                .remove_at(position)
                .map(|(_, value)| value)),
            Slot::Missing(_) => Ok(None),
        }
    }

    /// The entries of a Hash, in order (for code that runs no Ruby while
    /// it holds them).
    pub fn hash_pairs(&self, hash: Value) -> Vec<(Value, Value)> {
        hash_data(hash).borrow().pairs().collect()
    }

    /// Calls `body` with each entry of `hash` in order, with the iteration
    /// level raised; `body` returns false to stop early.
    pub(crate) fn hash_each(
        &mut self,
        hash: Value,
        mut body: impl FnMut(&mut Vm, Value, Value) -> VmResult<bool>,
    ) -> VmResult<()> {
        begin_iteration(hash);
        let result = (|| {
            let mut position = 0;
            while let Some((at, key, value)) = next_entry(hash, position) {
                if !body(self, key, value)? {
                    break;
                }
                self.check_not_rebuilt(hash)?;
                position = at + 1;
            }
            Ok(())
        })();
        end_iteration(hash);
        result
    }

    /// KeyError `key not found: KEY`, with did_you_mean's suggestions from
    /// the keys (MRI 3.1 appends them to the message).
    pub(crate) fn key_not_found(&mut self, hash: Value, key: Value) -> Control {
        match self.key_not_found_message(hash, key) {
            Ok(message) => {
                let class = self.c.key_error;
                self.raise_with(class, message, &[("key", key), ("receiver", hash)])
            }
            Err(error) => error,
        }
    }

    fn key_not_found_message(&mut self, hash: Value, key: Value) -> VmResult<String> {
        let inspected = self.inspect(key)?;
        let key_to_s = String::from_utf8_lossy(&self.to_s_bytes(key)?).into_owned();
        let keys = self.new_array(Vec::new());
        self.temp_roots.borrow_mut().push(keys);
        let mut texts = Vec::new();
        let result = (|| {
            let mut position = 0;
            while let Some((at, existing, _)) = next_entry(hash, position) {
                crate::core::array::append(keys, existing);
                let to_s = String::from_utf8_lossy(&self.to_s_bytes(existing)?).into_owned();
                texts.push((to_s, self.inspect(existing)?));
                position = at + 1;
            }
            Ok(())
        })();
        self.temp_roots.borrow_mut().pop();
        result?;
        let dictionary: Vec<did_you_mean::Key<'_>> = texts
            .iter()
            .map(|(to_s, inspect)| did_you_mean::Key { to_s, inspect })
            .collect();
        let missing = did_you_mean::Key {
            to_s: &key_to_s,
            inspect: &inspected,
        };
        let suggestions =
            did_you_mean::key_corrections(&missing, key.get::<RString>().is_some(), &dictionary);
        Ok(format!(
            "key not found: {inspected}{}",
            did_you_mean::format_suggestions(&suggestions)
        ))
    }

    /// A Hash argument: a Hash, or an object whose `to_hash` returns one;
    /// else TypeError `no implicit conversion of X into Hash`.
    pub(crate) fn convert_to_hash(&mut self, value: Value) -> VmResult {
        match self.check_hash(value)? {
            Some(hash) => Ok(hash),
            None => {
                let name = self.special_or_class_name(value);
                Err(self.type_error(format!("no implicit conversion of {name} into Hash")))
            }
        }
    }

    /// MRI's `rb_check_hash_type`: the value as a Hash if it is one or
    /// converts with `to_hash`, else None.
    pub(crate) fn check_hash(&mut self, value: Value) -> VmResult<Option<Value>> {
        if value.get::<RHash>().is_some() {
            return Ok(Some(value));
        }
        let to_hash = self.sym.to_hash;
        let class = self.class_of(value);
        if self.find_method(class, to_hash).is_none() {
            return Ok(None);
        }
        let converted = self.call(value, to_hash, &[])?;
        if converted.is_nil() {
            return Ok(None);
        }
        if converted.get::<RHash>().is_none() {
            let from = self.class_name(self.real_class_of(value));
            let to = self.class_name(self.real_class_of(converted));
            return Err(self.type_error(format!(
                "can't convert {from} to Hash ({from}#to_hash gives {to})"
            )));
        }
        Ok(Some(converted))
    }

    /// MRI's `rb_hash_modify_check`: FrozenError for a frozen Hash.
    pub(crate) fn hash_modify_check(&mut self, hash: Value) -> VmResult<()> {
        self.check_frozen(hash)
    }

    /// The RuntimeError of an iteration whose table `compare_by_identity`
    /// rebuilt.
    pub(crate) fn check_not_rebuilt(&mut self, hash: Value) -> VmResult<()> {
        if let Some(message) = hash_data(hash).borrow().rebuilt() {
            let class = self.c.runtime_error;
            return Err(self.raise(class, message.into()));
        }
        Ok(())
    }

    /// RuntimeError `MESSAGE` when `hash` is being iterated (for the
    /// methods that rebuild a table).
    fn check_not_iterating(&mut self, hash: Value, message: &str) -> VmResult<()> {
        if hash_data(hash).borrow().iterating() {
            let class = self.c.runtime_error;
            return Err(self.raise(class, message.into()));
        }
        Ok(())
    }
}

/// The key and value at `position`, if an entry is there.
fn entry_at(hash: Value, position: usize) -> Option<(Value, Value)> {
    hash_data(hash)
        .borrow()
        .entry(position)
        .map(|entry| (entry.key, entry.value))
}

/// The live entry at or after `position`: its position, key and value.
fn next_entry(hash: Value, position: usize) -> Option<(usize, Value, Value)> {
    hash_data(hash)
        .borrow()
        .next_from(position)
        .map(|(at, entry)| (at, entry.key, entry.value))
}

/// Raises `hash`'s iteration level.
fn begin_iteration(hash: Value) {
    hash_data(hash).borrow_mut().begin_iteration();
}

/// Lowers `hash`'s iteration level, squeezing out holes once no iteration
/// is left.
fn end_iteration(hash: Value) {
    hash_data(hash).borrow_mut().end_iteration();
}

// --- inspect, ==, eql?, hash ------------------------------------------------

/// `{1=>2, :a=>"b"}`; `{...}` for a Hash met again inside itself.
pub fn inspect_hash(vm: &mut Vm, hash: Value) -> VmResult<String> {
    if hash_data(hash).borrow().is_empty() {
        return Ok("{}".into());
    }
    if recursion::inspecting(hash) {
        return Ok("{...}".into());
    }
    recursion::while_inspecting(hash, || {
        let mut out = String::from("{");
        vm.hash_each(hash, |vm, key, value| {
            if out.len() > 1 {
                out.push_str(", ");
            }
            out.push_str(&vm.inspect(key)?);
            out.push_str("=>");
            out.push_str(&vm.inspect(value)?);
            Ok(true)
        })?;
        out.push('}');
        Ok(out)
    })
}

/// `==` (or `eql?` when `eql`): the same keys (by the second Hash's rules)
/// with `==` (`eql?`) values. A pair met again inside itself compares
/// equal, as in MRI.
fn hash_equal(vm: &mut Vm, a: Value, b: Value, eql: bool) -> VmResult<bool> {
    if a == b {
        return Ok(true);
    }
    if b.get::<RHash>().is_none() {
        let to_hash = vm.sym.to_hash;
        let class = vm.class_of(b);
        if vm.find_method(class, to_hash).is_none() {
            return Ok(false);
        }
        let name = if eql {
            vm.symbols.intern("eql?")
        } else {
            vm.sym.eq
        };
        return Ok(vm.call(b, name, &[a])?.truthy());
    }
    let (size_a, identity_a) = {
        let data = hash_data(a).borrow();
        (data.len(), data.identity())
    };
    let (size_b, identity_b) = {
        let data = hash_data(b).borrow();
        (data.len(), data.identity())
    };
    if size_a != size_b {
        return Ok(false);
    }
    if size_a == 0 {
        return Ok(true);
    }
    if identity_a != identity_b {
        return Ok(false);
    }
    if recursion::comparing(a, b) {
        return Ok(true);
    }
    recursion::while_comparing(a, b, || {
        let mut equal = true;
        vm.hash_each(a, |vm, key, value| {
            let same = match vm.hash_lookup(b, key)? {
                None => false,
                Some(other) if eql => other == value || vm.keys_eql(value, other)?,
                Some(other) => array::values_equal(vm, value, other)?,
            };
            equal = same;
            Ok(same)
        })?;
        Ok(equal)
    })
}

/// `Hash#hash`: independent of the order of the entries (as `==` is); a
/// Hash met again inside itself counts as a constant.
fn hash_hash(vm: &mut Vm, hash: Value) -> VmResult<u64> {
    let size = hash_data(hash).borrow().len() as u64;
    if recursion::hashing(hash) {
        return Ok(hash_word(size));
    }
    recursion::while_hashing(hash, || {
        let mut combined = hash_word(size ^ 0x4841_5348);
        vm.hash_each(hash, |vm, key, value| {
            let key_code = vm.key_hash(key)?;
            let value_code = vm.key_hash(value)?;
            combined ^= hash_word(key_code.rotate_left(17) ^ value_code);
            Ok(true)
        })?;
        Ok(combined)
    })
}

pub fn define(vm: &mut Vm) {
    let hash = vm.c.hash;
    vm.define_methods(
        hash,
        &[
            public("inspect", 0, Some(0), inspect),
            public("to_s", 0, Some(0), inspect),
        ],
    );
    vm.define_methods(
        hash,
        &[
            public("==", 1, Some(1), hash_eq),
            public("eql?", 1, Some(1), hash_eql_p),
            public("hash", 0, Some(0), hash_hash_method),
        ],
    );
    methods::define(vm);
    primitives::define(vm);
}

/// `==`.
fn hash_eq(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(hash_equal(vm, hash, args[0], false)?))
}

/// `eql?`.
fn hash_eql_p(vm: &mut Vm, hash: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(hash_equal(vm, hash, args[0], true)?))
}

/// `hash`.
fn hash_hash_method(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    let code = hash_hash(vm, hash)?;
    Ok(Value::small((code as i64) >> 2))
}

/// `inspect`, `to_s`.
fn inspect(vm: &mut Vm, hash: Value, _: &[Value]) -> VmResult {
    let text = inspect_hash(vm, hash)?;
    Ok(vm.new_str(&text))
}
