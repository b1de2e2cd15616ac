//! The tables of `casedispatch` as hashes (see `interp::case_dispatch`):
//! each `when` literal's key and the instruction its body starts at.

use bytecode::{Literal, Method, Sym, FIXNUM_MAX, FIXNUM_MIN};
use num_bigint::BigInt;
use num_traits::{FromPrimitive, ToPrimitive};

/// A `when` literal, or a subject, as the table looks it up.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum CaseKey {
    Integer(i64),
    Bignum(BigInt),
    /// A Float with a fraction (an integral one is an Integer), by bits.
    Float(u64),
    Symbol(Sym),
    Nil,
    True,
    False,
}

/// A case table as hashes: each key's target (the first `when` of it)
/// and literal, Strings apart (looked up by their bytes), and the `else`.
pub struct CaseLookup {
    targets: fxhash::FxHashMap<CaseKey, u32>,
    strings: fxhash::FxHashMap<Vec<u8>, (u32, u32)>,
    /// Where the `else` starts.
    pub otherwise: u32,
}

impl CaseLookup {
    /// The hashes of case table `table` of `code`.
    pub fn new(code: &Method, table: u32) -> CaseLookup {
        let table = &code.case_tables[table as usize];
        let mut targets = fxhash::FxHashMap::default();
        let mut strings = fxhash::FxHashMap::default();
        for &(literal, target) in &table.entries {
            match &code.literals[literal as usize] {
                Literal::String(bytes) | Literal::FrozenString(bytes) => {
                    strings.entry(bytes.clone()).or_insert((target, literal));
                }
                other => {
                    if let Some(key) = CaseKey::of_literal(other) {
                        targets.entry(key).or_insert(target);
                    }
                }
            }
        }
        CaseLookup {
            targets,
            strings,
            otherwise: table.otherwise,
        }
    }

    /// Where a subject other than a String goes.
    pub fn target(&self, key: &CaseKey) -> u32 {
        self.targets.get(key).copied().unwrap_or(self.otherwise)
    }

    /// Where a String of these bytes goes, and the literal it equals
    /// (None: no literal has these bytes).
    pub fn string_target(&self, bytes: &[u8]) -> Option<(u32, u32)> {
        self.strings.get(bytes).copied()
    }
}

impl CaseKey {
    /// The key of a literal the compiler put in a case table (not a
    /// String).
    pub fn of_literal(literal: &Literal) -> Option<CaseKey> {
        Some(match literal {
            Literal::Nil => CaseKey::Nil,
            Literal::True => CaseKey::True,
            Literal::False => CaseKey::False,
            Literal::Fixnum(n) => CaseKey::Integer(*n),
            Literal::Bignum(n) => CaseKey::Bignum(n.clone()),
            Literal::Float(f) => CaseKey::of_float(*f),
            Literal::Symbol(sym) => CaseKey::Symbol(*sym),
            _ => return None,
        })
    }

    /// An integral Float is the Integer it equals.
    pub fn of_float(f: f64) -> CaseKey {
        match BigInt::from_f64(f).filter(|_| f.fract() == 0.0) {
            Some(n) => match n.to_i64().filter(|n| (FIXNUM_MIN..=FIXNUM_MAX).contains(n)) {
                Some(n) => CaseKey::Integer(n),
                None => CaseKey::Bignum(n),
            },
            None => CaseKey::Float(f.to_bits()),
        }
    }
}
