//! Global variables: the table of `$name`s and their aliases.
//!
//! `alias $new $old` makes two names of one variable: reading, writing and
//! `defined?` go through the alias to the variable it names.
//!
//! ```ruby
//! alias $b $a
//! $a = 1
//! $b            # => 1
//! defined?($b)  # => "global-variable"
//! ```
//!
//! This is the storage only; what a write of a particular variable checks
//! (`$stdout` must respond to `write`) is [`Vm::set_global`](super::Vm::set_global).

use crate::value::Value;
use bytecode::Sym;
use fxhash::{FxHashMap, FxHashSet};

#[derive(Default)]
pub struct Globals {
    values: FxHashMap<Sym, Value>,
    /// Names that are other names of others (`alias $new $old`).
    aliases: FxHashMap<Sym, Sym>,
    /// Variables a program may read and change in place but not assign
    /// (`$LOAD_PATH`): MRI's "is a read-only variable".
    read_only: FxHashSet<Sym>,
}

impl Globals {
    /// The variable `name` denotes (itself unless it is an alias).
    pub fn resolve(&self, name: Sym) -> Sym {
        self.aliases.get(&name).copied().unwrap_or(name)
    }

    /// The value of `name` (nil when it was never set).
    pub fn get(&self, name: Sym) -> Value {
        self.values
            .get(&self.resolve(name))
            .copied()
            .unwrap_or(Value::NIL)
    }

    /// Stores `value` in the variable `name` denotes.
    pub fn set(&mut self, name: Sym, value: Value) {
        self.values.insert(self.resolve(name), value);
    }

    /// Whether the variable `name` denotes was ever set (`defined?`).
    pub fn is_set(&self, name: Sym) -> bool {
        self.values.contains_key(&self.resolve(name))
    }

    /// The variable `name` denotes can no longer be assigned.
    pub fn make_read_only(&mut self, name: Sym) {
        self.read_only.insert(self.resolve(name));
    }

    /// Whether the variable `name` denotes cannot be assigned.
    pub fn is_read_only(&self, name: Sym) -> bool {
        self.read_only.contains(&self.resolve(name))
    }

    /// `alias $new $old`: `new` becomes another name of what `old` denotes.
    pub fn alias(&mut self, new: Sym, old: Sym) {
        let target = self.resolve(old);
        self.aliases.insert(new, target);
    }

    /// Every variable's value (the collector's roots).
    pub fn values(&self) -> impl Iterator<Item = Value> + '_ {
        self.values.values().copied()
    }
}
