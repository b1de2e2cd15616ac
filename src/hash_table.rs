//! The table behind a Hash: entries in insertion order, and an index from
//! hash codes to positions. Computing a key's hash code and comparing keys
//! may call Ruby (`hash`, `eql?`), so that is the core library's
//! (`crate::core::hash`); the table stores the codes it is given and
//! answers which positions hold a code.
//!
//! ```text
//! {a: 1, b: 2}, then delete(:a):
//!   entries: [None, Some(b => 2, code 0x51..)]   index: {0x51..: [1]}
//!   live 1; holes are squeezed out when the table is sparse and no
//!   iteration runs (an iteration holds positions), and `generation`
//!   moves on so a lookup that called Ruby knows to look again.
//! ```

use crate::heap::Marker;
use crate::object::RHash;
use crate::value::Value;
use fxhash::FxHashMap;
use smallvec::SmallVec;
use std::cell::RefCell;

/// One entry of a table: the key, its value and the key's hash code.
#[derive(Clone, Copy)]
pub struct Entry {
    pub key: Value,
    pub value: Value,
    pub code: u64,
}

/// The contents of a Hash.
pub struct HashData {
    /// The entries in insertion order; None for a deleted one.
    entries: Vec<Option<Entry>>,
    /// The positions of the entries with each hash code.
    index: FxHashMap<u64, SmallVec<[u32; 2]>>,
    live: usize,
    pub default: Value,
    pub default_proc: Value,
    /// `compare_by_identity`: keys match only themselves.
    identity: bool,
    /// How many iterations of this Hash are running.
    iter_lev: u32,
    /// Bumped whenever positions change (holes squeezed out, cleared,
    /// rehashed), so a lookup that called into Ruby knows to start over.
    generation: u64,
    /// Set when `compare_by_identity` rebuilt the table under a running
    /// iteration: the error that iteration raises at its next step, as
    /// MRI 3.1 does.
    rebuilt: Option<&'static str>,
}

impl HashData {
    pub fn new() -> HashData {
        HashData {
            entries: Vec::new(),
            index: FxHashMap::default(),
            live: 0,
            default: Value::NIL,
            default_proc: Value::NIL,
            identity: false,
            iter_lev: 0,
            generation: 0,
            rebuilt: None,
        }
    }

    /// Whether keys match only themselves (`compare_by_identity`).
    pub fn identity(&self) -> bool {
        self.identity
    }

    pub fn set_identity(&mut self, identity: bool) {
        self.identity = identity;
    }

    /// Changes whenever positions change: a lookup that ran Ruby code
    /// between probes compares it to know whether to start over.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The live entry at `position`.
    pub fn entry(&self, position: usize) -> Option<Entry> {
        self.entries.get(position).copied().flatten()
    }

    /// The live entries with their positions.
    pub fn positioned(&self) -> impl Iterator<Item = (usize, Entry)> + '_ {
        self.entries
            .iter()
            .enumerate()
            .filter_map(|(position, entry)| entry.map(|entry| (position, entry)))
    }

    /// Sets the value of the live entry at `position`, if there is one.
    pub fn set_value(&mut self, position: usize, value: Value) {
        if let Some(Some(entry)) = self.entries.get_mut(position) {
            entry.value = value;
        }
    }

    /// Whether an iteration of the Hash is running.
    pub fn iterating(&self) -> bool {
        self.iter_lev > 0
    }

    pub fn begin_iteration(&mut self) {
        self.iter_lev += 1;
    }

    /// Ends an iteration, squeezing out holes once no iteration is left.
    pub fn end_iteration(&mut self) {
        self.iter_lev = self.iter_lev.saturating_sub(1);
        if self.iter_lev == 0 {
            self.rebuilt = None;
            self.squeeze_if_sparse();
        }
    }

    /// The error the running iteration raises at its next step, since the
    /// table was rebuilt under it.
    pub fn rebuilt(&self) -> Option<&'static str> {
        self.rebuilt
    }

    pub fn set_rebuilt(&mut self, message: &'static str) {
        self.rebuilt = Some(message);
    }

    /// Becomes `table` (a rebuilt or copied table), keeping the running
    /// iterations and moving on a generation.
    pub fn replace_with(&mut self, mut table: HashData) {
        table.generation = self.generation + 1;
        table.iter_lev = self.iter_lev;
        *self = table;
    }

    /// The entries, in insertion order.
    pub fn pairs(&self) -> impl Iterator<Item = (Value, Value)> + '_ {
        self.entries
            .iter()
            .flatten()
            .map(|entry| (entry.key, entry.value))
    }

    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    pub fn trace(&self, marker: &mut Marker) {
        marker.note_external(
            self.entries.capacity() * std::mem::size_of::<Option<Entry>>()
                + self.index.capacity() * std::mem::size_of::<(u64, SmallVec<[u32; 2]>)>(),
        );
        for (key, value) in self.pairs() {
            marker.mark(key);
            marker.mark(value);
        }
        marker.mark(self.default);
        marker.mark(self.default_proc);
    }

    pub fn candidates(&self, code: u64) -> SmallVec<[u32; 2]> {
        self.index.get(&code).cloned().unwrap_or_default()
    }

    pub fn push(&mut self, key: Value, value: Value, code: u64) {
        let position = self.entries.len() as u32;
        self.entries.push(Some(Entry { key, value, code }));
        self.index.entry(code).or_default().push(position);
        self.live += 1;
    }

    /// Deletes the entry at `position`; its key and value if there was one.
    pub fn remove_at(&mut self, position: usize) -> Option<(Value, Value)> {
        let entry = self.entries.get_mut(position)?.take()?;
        if let Some(list) = self.index.get_mut(&entry.code) {
            list.retain(|p| *p as usize != position);
            if list.is_empty() {
                self.index.remove(&entry.code);
            }
        }
        self.live -= 1;
        if self.iter_lev == 0 {
            self.squeeze_if_sparse();
        }
        Some((entry.key, entry.value))
    }

    pub fn squeeze_if_sparse(&mut self) {
        let len = self.entries.len();
        if self.live == 0 && len > 0 {
            self.clear();
        } else if len > 32 && self.live * 2 < len {
            self.squeeze();
        }
    }

    /// Squeezes out the holes and rebuilds the index from the stored codes.
    pub fn squeeze(&mut self) {
        self.entries.retain(Option::is_some);
        self.index.clear();
        for (position, entry) in self.entries.iter().enumerate() {
            if let Some(entry) = entry {
                self.index
                    .entry(entry.code)
                    .or_default()
                    .push(position as u32);
            }
        }
        self.live = self.entries.len();
        self.generation += 1;
    }

    pub fn clear(&mut self) {
        self.entries.clear();
        self.index.clear();
        self.live = 0;
        self.generation += 1;
    }

    /// The live entry at or after `position`, with its position.
    pub fn next_from(&self, position: usize) -> Option<(usize, Entry)> {
        self.entries
            .get(position..)?
            .iter()
            .enumerate()
            .find_map(|(offset, entry)| entry.map(|entry| (position + offset, entry)))
    }

    /// A copy of the entries and settings (not the iteration state), its
    /// holes squeezed out.
    pub fn copy(&self) -> HashData {
        let mut copy = HashData {
            entries: self
                .entries
                .iter()
                .filter(|e| e.is_some())
                .copied()
                .collect(),
            index: FxHashMap::default(),
            live: self.live,
            default: self.default,
            default_proc: self.default_proc,
            identity: self.identity,
            iter_lev: 0,
            generation: 0,
            rebuilt: None,
        };
        copy.squeeze();
        copy
    }
}

impl Clone for HashData {
    fn clone(&self) -> HashData {
        self.copy()
    }
}

impl Default for HashData {
    fn default() -> Self {
        HashData::new()
    }
}

/// The data of a Hash value.
pub fn hash_data(hash: Value) -> &'static RefCell<HashData> {
    &hash.get::<RHash>().expect("a Hash").data
}
