//! Values: one 64-bit word, tagged as MRI tags them. The encoding itself
//! is `bytecode::abi`, shared with the JIT; this type wraps it.

use crate::heap::Header;
use bytecode::Sym;

/// A Ruby value.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Value(u64);

use bytecode::abi;
pub use bytecode::abi::{FIXNUM_FLAG, FLONUM_FLAG, FLONUM_MASK, SPECIAL_SHIFT, SYMBOL_FLAG};

impl Value {
    pub const FALSE: Value = Value(abi::FALSE);
    pub const NIL: Value = Value(abi::NIL);
    pub const TRUE: Value = Value(abi::TRUE);
    /// "No value": a missing argument, an empty slot. Never visible to Ruby.
    pub const UNDEF: Value = Value(abi::UNDEF);

    /// The raw word.
    #[inline]
    pub fn bits(self) -> u64 {
        self.0
    }

    #[inline]
    pub fn from_bits(bits: u64) -> Value {
        Value(bits)
    }

    #[inline]
    pub fn bool(b: bool) -> Value {
        if b {
            Value::TRUE
        } else {
            Value::FALSE
        }
    }

    /// Everything but `nil` and `false` is true.
    #[inline]
    pub fn truthy(self) -> bool {
        abi::truthy(self.0)
    }

    #[inline]
    pub fn is_nil(self) -> bool {
        self == Value::NIL
    }

    // --- fixnums -----------------------------------------------------------

    /// A fixnum, if `n` is in the fixnum range.
    #[inline]
    pub fn fixnum(n: i64) -> Option<Value> {
        abi::fixnum(n).map(Value)
    }

    /// A fixnum for a value known to be in range (small constants, lengths).
    #[inline]
    pub fn small(n: i64) -> Value {
        debug_assert!((bytecode::FIXNUM_MIN..=bytecode::FIXNUM_MAX).contains(&n));
        Value(((n << 1) as u64) | FIXNUM_FLAG)
    }

    #[inline]
    pub fn is_fixnum(self) -> bool {
        abi::is_fixnum(self.0)
    }

    /// The integer of a fixnum (caller checked `is_fixnum`).
    #[inline]
    pub fn fixnum_value(self) -> i64 {
        abi::fixnum_value(self.0)
    }

    #[inline]
    pub fn as_fixnum(self) -> Option<i64> {
        self.is_fixnum().then(|| self.fixnum_value())
    }

    // --- flonums -----------------------------------------------------------

    #[inline]
    pub fn is_flonum(self) -> bool {
        abi::is_flonum(self.0)
    }

    /// The flonum encoding of `d`, if it has one.
    #[inline]
    pub fn flonum(d: f64) -> Option<Value> {
        abi::flonum(d).map(Value)
    }

    /// The double of a flonum (caller checked `is_flonum`).
    #[inline]
    pub fn flonum_value(self) -> f64 {
        abi::flonum_value(self.0)
    }

    // --- symbols -----------------------------------------------------------

    #[inline]
    pub fn symbol(sym: Sym) -> Value {
        Value(abi::symbol(sym.0))
    }

    #[inline]
    pub fn is_symbol(self) -> bool {
        abi::is_symbol(self.0)
    }

    #[inline]
    pub fn as_symbol(self) -> Option<Sym> {
        self.is_symbol()
            .then_some(Sym((self.0 >> SPECIAL_SHIFT) as u32))
    }

    // --- heap references ---------------------------------------------------

    /// Whether the value is a reference to a heap cell.
    #[inline]
    pub fn is_heap(self) -> bool {
        abi::is_heap(self.0)
    }

    /// Whether the value is frozen: a heap object with its frozen flag set
    /// (an immediate has no flag, and no method changes it).
    #[inline]
    pub fn is_frozen(self) -> bool {
        self.header().is_some_and(|header| header.is_frozen())
    }

    /// The heap cell a reference points to.
    #[inline]
    pub fn header(self) -> Option<&'static Header> {
        if self.is_heap() {
            // SAFETY: heap values are only made from live cells (`from_header`),
            // and the collector keeps every cell reachable from a root alive;
            // the VM is single-threaded, so no cell is freed while this borrow
            // is used within the current operation.
            Some(unsafe { &*(self.0 as *const Header) })
        } else {
            None
        }
    }

    #[inline]
    pub fn from_header(header: *const Header) -> Value {
        Value(header as u64)
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Value::NIL => write!(f, "nil"),
            Value::TRUE => write!(f, "true"),
            Value::FALSE => write!(f, "false"),
            Value::UNDEF => write!(f, "undef"),
            v if v.is_fixnum() => write!(f, "{}", v.fixnum_value()),
            v if v.is_flonum() => write!(f, "{:?}", v.flonum_value()),
            v if v.is_symbol() => write!(f, "sym#{}", v.0 >> SPECIAL_SHIFT),
            v => write!(f, "heap@{:#x}", v.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixnums_round_trip_at_the_edges() {
        for n in [
            0,
            1,
            -1,
            bytecode::FIXNUM_MAX,
            bytecode::FIXNUM_MIN,
            12345,
            -98765,
        ] {
            let v = Value::fixnum(n).unwrap();
            assert!(v.is_fixnum());
            assert_eq!(v.fixnum_value(), n);
            assert!(!v.is_heap());
        }
        assert!(Value::fixnum(bytecode::FIXNUM_MAX + 1).is_none());
        assert!(Value::fixnum(bytecode::FIXNUM_MIN - 1).is_none());
    }

    #[test]
    fn flonums_round_trip_and_odd_doubles_do_not_fit() {
        for d in [0.0, 1.0, -1.0, 0.1, 1.5e70, 3.25e-50, -2.5] {
            let v = Value::flonum(d).unwrap();
            assert!(v.is_flonum() && !v.is_fixnum() && !v.is_heap());
            assert_eq!(v.flonum_value().to_bits(), d.to_bits());
        }
        for d in [f64::INFINITY, f64::NAN, 1e100, 1e-300, -0.0] {
            assert!(Value::flonum(d).is_none(), "{d} should be boxed");
        }
    }

    #[test]
    fn specials_are_distinct_and_truthiness_is_mri_s() {
        assert!(!Value::NIL.truthy());
        assert!(!Value::FALSE.truthy());
        assert!(Value::TRUE.truthy());
        assert!(Value::small(0).truthy());
        assert!(Value::symbol(Sym(3)).truthy());
        assert_eq!(Value::symbol(Sym(3)).as_symbol(), Some(Sym(3)));
        for v in [Value::NIL, Value::TRUE, Value::FALSE, Value::UNDEF] {
            assert!(!v.is_heap() && !v.is_fixnum() && !v.is_flonum() && !v.is_symbol());
        }
    }
}
