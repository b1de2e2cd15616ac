//! Compiled methods saved as bytes and loaded again: how rhizome starts
//! without parsing its prelude (its build script compiles `rb/` into a
//! snapshot once, and the runtime loads that).
//!
//! Everything in a [`Method`] is plain data except its symbols: a [`Sym`]
//! is an index into the [`SymbolTable`] it was interned in. A snapshot
//! keeps that table's names; loading interns each into the loading table
//! first, and every Sym read after that is mapped to its new id.
//!
//! ```
//! use bytecode::{compile_file, snapshot, SymbolTable};
//! let mut built = SymbolTable::new();
//! let main = compile_file(b"def hi = :there\n", "t.rb", &mut built).unwrap();
//! let bytes = snapshot::save(&[main], &built);
//!
//! let mut symbols = SymbolTable::new();
//! symbols.intern("something else first");
//! let loaded = snapshot::load(&bytes, &mut symbols).unwrap();
//! assert!(loaded[0].children[0].disassemble(&symbols).contains(":there"));
//! ```

use crate::method::Method;
use crate::symbols::{Sym, SymbolTable};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::cell::RefCell;

/// Loading borrows the names and the methods' bytes from the snapshot (in
/// bincode a sequence of bytes and a byte string are written alike).
#[derive(Serialize, Deserialize)]
struct Snapshot<'a> {
    /// The names of the table the methods were compiled with, by id.
    #[serde(borrow)]
    names: Vec<&'a str>,
    /// The methods, encoded apart: decoding them needs `names` interned.
    methods: &'a [u8],
}

thread_local! {
    /// While a snapshot's methods load: the loading table's id for each
    /// id of the snapshot's table.
    static LOADING: RefCell<Option<Vec<Sym>>> = const { RefCell::new(None) };
}

impl Serialize for Sym {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Sym {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sym, D::Error> {
        let id = u32::deserialize(deserializer)?;
        LOADING.with(|loading| match &*loading.borrow() {
            Some(ids) => ids
                .get(id as usize)
                .copied()
                .ok_or_else(|| serde::de::Error::custom(format!("symbol {id} out of range"))),
            None => Ok(Sym(id)),
        })
    }
}

/// `methods`, compiled with `symbols`, as bytes.
pub fn save(methods: &[Method], symbols: &SymbolTable) -> Vec<u8> {
    let methods = bincode::serialize(methods).expect("methods encode");
    let snapshot = Snapshot {
        names: (0..symbols.len())
            .map(|id| symbols.name(Sym(id as u32)))
            .collect(),
        methods: &methods,
    };
    bincode::serialize(&snapshot).expect("a snapshot encodes")
}

/// The methods [`save`] saved, their symbols interned into `symbols`.
pub fn load(bytes: &[u8], symbols: &mut SymbolTable) -> Result<Vec<Method>, String> {
    let snapshot: Snapshot = bincode::deserialize(bytes).map_err(|e| e.to_string())?;
    let ids = snapshot
        .names
        .iter()
        .map(|&name| symbols.intern(name))
        .collect();
    LOADING.with(|loading| *loading.borrow_mut() = Some(ids));
    let methods = bincode::deserialize(snapshot.methods).map_err(|e| e.to_string());
    LOADING.with(|loading| *loading.borrow_mut() = None);
    methods
}
