//! Interned names.
//!
//! Every method name, local variable name and Symbol literal is interned once
//! into a [`SymbolTable`] and referred to by its [`Sym`] id from then on. The
//! compiler interns while it compiles; the runtime uses the same ids for its
//! Symbol values (`:foo` is the immediate `Sym(n)` tagged as a Symbol), so a
//! method lookup never hashes a string.

use fxhash::FxHashMap;

/// The id of an interned name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Sym(pub u32);

/// The table of interned names: id -> text and text -> id.
#[derive(Default, Debug)]
pub struct SymbolTable {
    names: Vec<Box<str>>,
    ids: FxHashMap<Box<str>, Sym>,
}

impl SymbolTable {
    pub fn new() -> SymbolTable {
        SymbolTable::default()
    }

    /// The id of `name`, interning it on first use.
    pub fn intern(&mut self, name: &str) -> Sym {
        if let Some(&sym) = self.ids.get(name) {
            return sym;
        }
        let sym = Sym(self.names.len() as u32);
        self.names.push(name.into());
        self.ids.insert(name.into(), sym);
        sym
    }

    /// The id of `name` if it was ever interned.
    pub fn lookup(&self, name: &str) -> Option<Sym> {
        self.ids.get(name).copied()
    }

    /// The text of an interned name.
    pub fn name(&self, sym: Sym) -> &str {
        &self.names[sym.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_idempotent() {
        let mut table = SymbolTable::new();
        let a = table.intern("foo");
        let b = table.intern("bar");
        assert_ne!(a, b);
        assert_eq!(table.intern("foo"), a);
        assert_eq!(table.name(b), "bar");
        assert_eq!(table.lookup("baz"), None);
    }
}
