//! Array set operations: `uniq`, `difference`/`-`, `intersection`/`&`,
//! `union`/`|`, with members compared by `hash` and `eql?` as Hash keys are.
//!
//! ```ruby
//! [1, 1.0, 1] - [1]   # => [1.0]   (1.eql?(1.0) is false)
//! ```

use super::compare::{element_hash, values_eql};
use super::{item, items, items_mut, to_ary};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use fxhash::FxHashMap;

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
pub(super) fn uniq_in_place(vm: &mut Vm, copy: Value) -> VmResult<()> {
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
    let unique = items(result).to_vec();
    *items_mut(copy) = unique.into();
    Ok(())
}

pub(super) fn difference(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
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

pub(super) fn intersection(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
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
pub(super) fn union(vm: &mut Vm, a: Value, args: &[Value]) -> VmResult {
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
