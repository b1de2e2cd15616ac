//! The value ABI: how a Ruby value is encoded in one 64-bit word.
//!
//! The runtime's `Value` and the JIT's constants and intrinsics both follow
//! this one definition (MRI's tagging, bit for bit):
//!
//! ```text
//! ...xxxx xxx1   fixnum     n << 1 | 1 (untag: arithmetic shift right 1)
//! ...xxxx xx10   flonum     a double whose exponent fits, rotated (below)
//! ...0000 1100   symbol     id << 8 | 0x0c
//! 0000 0000      false      0x00
//! 0000 1000      nil        0x08
//! 0001 0100      true       0x14
//! 0011 0100      undef      0x34 (internal: "no value", never seen by Ruby)
//! ...xxxx x000   heap       a pointer to an 8-byte aligned cell (not 0, not 8)
//! ```
//!
//! Truthiness is one test, `v & !0x08 != 0` (only `nil` and `false` clear
//! it), and a fixnum check is `v & 1`: the two tests compiled code makes most.
//!
//! A flonum holds a double whose bits 62..60 are `011` or `100` (exponents
//! around 2^-255 .. 2^256): the bits are rotated left by 3 so those three bits
//! land at the bottom, bit 0 is cleared and the tag `10` set. Other doubles
//! (tiny, huge, infinities, NaN) are boxed on the heap, and `0.0` has a
//! special encoding.
//!
//! ```
//! use bytecode::abi;
//! assert_eq!(abi::fixnum(3), Some(7));
//! assert_eq!(abi::fixnum_value(7), 3);
//! assert!(abi::truthy(abi::fixnum(0).unwrap()) && !abi::truthy(abi::NIL));
//! assert_eq!(abi::flonum_value(abi::flonum(1.5).unwrap()), 1.5);
//! ```

use crate::literal::{FIXNUM_MAX, FIXNUM_MIN};

pub const FALSE: u64 = 0x00;
pub const NIL: u64 = 0x08;
pub const TRUE: u64 = 0x14;
pub const UNDEF: u64 = 0x34;

pub const FIXNUM_FLAG: u64 = 0x01;
pub const FLONUM_MASK: u64 = 0x03;
pub const FLONUM_FLAG: u64 = 0x02;
pub const SYMBOL_FLAG: u64 = 0x0c;
pub const SPECIAL_SHIFT: u64 = 8;
/// The flonum encoding of `0.0`.
const FLONUM_ZERO: u64 = 0x8000_0000_0000_0002;

/// `true` or `false`.
#[inline]
pub fn bool(b: bool) -> u64 {
    if b {
        TRUE
    } else {
        FALSE
    }
}

/// Everything but `nil` and `false` is true.
#[inline]
pub fn truthy(bits: u64) -> bool {
    bits & !NIL != 0
}

/// Whether `n` has a fixnum encoding.
#[inline]
pub fn fits_fixnum(n: i64) -> bool {
    (FIXNUM_MIN..=FIXNUM_MAX).contains(&n)
}

/// The fixnum encoding of `n`, if it is in the fixnum range.
#[inline]
pub fn fixnum(n: i64) -> Option<u64> {
    let tagged = n.checked_mul(2)?;
    Some(tagged as u64 | FIXNUM_FLAG)
}

#[inline]
pub fn is_fixnum(bits: u64) -> bool {
    bits & FIXNUM_FLAG != 0
}

/// The integer of a fixnum (the caller checked [`is_fixnum`]).
#[inline]
pub fn fixnum_value(bits: u64) -> i64 {
    (bits as i64) >> 1
}

#[inline]
pub fn is_flonum(bits: u64) -> bool {
    bits & FLONUM_MASK == FLONUM_FLAG
}

/// The flonum encoding of `d`, if it has one.
#[inline]
pub fn flonum(d: f64) -> Option<u64> {
    let bits = d.to_bits();
    let top = (bits >> 60) & 0x7;
    if bits != 0x3000_0000_0000_0000 && (top == 3 || top == 4) {
        Some((bits.rotate_left(3) & !0x01) | FLONUM_FLAG)
    } else if bits == 0 {
        Some(FLONUM_ZERO)
    } else {
        None
    }
}

/// The double of a flonum (the caller checked [`is_flonum`]).
#[inline]
pub fn flonum_value(bits: u64) -> f64 {
    if bits == FLONUM_ZERO {
        return 0.0;
    }
    let b63 = bits >> 63;
    let raw = ((2 - b63) | (bits & !FLONUM_MASK)).rotate_right(3);
    f64::from_bits(raw)
}

/// The encoding of a static symbol with id `id`.
#[inline]
pub fn symbol(id: u32) -> u64 {
    ((id as u64) << SPECIAL_SHIFT) | SYMBOL_FLAG
}

#[inline]
pub fn is_symbol(bits: u64) -> bool {
    bits & 0xff == SYMBOL_FLAG
}

/// Whether the word is a reference to a heap cell.
#[inline]
pub fn is_heap(bits: u64) -> bool {
    bits & 0x07 == 0 && bits & !NIL != 0
}

/// Ruby's integer division: rounds toward negative infinity (the divisor is
/// not zero, and fixnums cannot reach `i64::MIN / -1`).
#[inline]
pub fn floor_div(x: i64, y: i64) -> i64 {
    let q = x / y;
    if x % y != 0 && (x < 0) != (y < 0) {
        q - 1
    } else {
        q
    }
}

/// Ruby's `a << b` on two integers that fit in a machine word (a
/// negative `b` shifts right), or None when the result does not.
#[inline]
pub fn shift_left(a: i64, b: i64) -> Option<i64> {
    if b >= 0 {
        if a == 0 {
            return Some(0);
        }
        if b >= 64 {
            return None;
        }
        let shifted = a << b;
        (shifted >> b == a).then_some(shifted)
    } else {
        let right = b.unsigned_abs().min(63);
        Some(a >> right)
    }
}

/// Ruby's modulo: the result has the sign of the divisor (not zero).
#[inline]
pub fn floor_mod(x: i64, y: i64) -> i64 {
    let r = x % y;
    if r != 0 && (r < 0) != (y < 0) {
        r + y
    } else {
        r
    }
}
