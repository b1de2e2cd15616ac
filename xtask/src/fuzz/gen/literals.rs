//! Literals: interesting Integers (small ones, and ones next to 2**31,
//! 2**62 and 2**64, so arithmetic crosses the fixnum/Bignum boundary),
//! Floats (some outside the flonum range), Strings, Symbols, hash keys, and
//! the moduli that bound values reassigned in loops:
//!
//! ```ruby
//! v3 = [4611686018427387905, 12, 1099511627776]
//! v4 = ((v4 + 1.0e+200) % 1000.0)
//! v5 = ((v5 * 3) % 2305843009213693951)
//! ```

use super::super::ast::*;
use super::{Gen, Ty};

/// Integer moduli the generator bounds loop-carried values with: around the
/// fixnum limits, so arithmetic overflows into Bignums and comes back.
pub const MODULI: &[&str] = &[
    "1000003",
    "1000000007",
    "4294967296",
    "2305843009213693951",
    "4611686018427387904",
    "4611686018427387903",
    "9223372036854775808",
    "18446744073709551616",
];

const WORDS: &[&str] = &[
    "ab",
    "xyz",
    "hello",
    "",
    "a b c",
    "Zz9",
    "ruby",
    "ok",
    "node",
    "k-v",
    "q",
    "mixed Case",
    "h\u{e9}llo",
    "\u{65e5}\u{672c}",
];

/// Float literals; the last ones are outside the range of immediate
/// (flonum) Floats, so they live on the heap.
const FLOATS: &[&str] = &[
    "0.5",
    "1.5",
    "2.25",
    "(-0.75)",
    "3.0",
    "0.1",
    "1.0e-3",
    "2.5e10",
    "100.0",
    "(-12.5)",
    "0.2",
    "7.75",
    "1.0e+16",
    "4.6e18",
    "0.0",
    "1.0e+200",
    "3.0e-200",
    "(-1.5e+250)",
    "(-0.0)",
];

/// Keys of the generated hashes.
pub const KEYS: &[&str] = &[":a", ":b", ":c", ":d", ":e"];

impl Gen {
    /// An interesting Integer.
    pub fn int_value(&mut self) -> i128 {
        match self.rng.weighted(&[40, 12, 5, 6]) {
            0 => i128::from(self.rng.range(-3, 20)),
            1 => i128::from(self.rng.range(21, 5000)),
            2 => *self.rng.pick(&[
                1_000_003,
                65_536,
                2_147_483_647,
                4_294_967_295,
                1 << 40,
                999_999_999_999,
            ]),
            _ => {
                let base: i128 = *self.rng.pick(&[
                    1 << 62,
                    -(1 << 62),
                    1 << 63,
                    -(1 << 63),
                    1 << 64,
                    1 << 61,
                    1 << 32,
                    1 << 31,
                ]);
                base + i128::from(self.rng.range(-3, 3))
            }
        }
    }

    pub fn int_lit(&mut self) -> Expr {
        let v = self.int_value();
        int(v)
    }

    /// A small non-negative count.
    pub fn small(&mut self, lo: i64, hi: i64) -> Expr {
        int(i128::from(self.rng.range(lo, hi)))
    }

    pub fn float_lit(&mut self) -> Expr {
        atom(*self.rng.pick(FLOATS))
    }

    pub fn str_lit(&mut self) -> Expr {
        let word: &&str = self.rng.pick(WORDS);
        string(word)
    }

    pub fn sym_lit(&mut self) -> Expr {
        atom(
            *self
                .rng
                .pick(&[":a", ":b", ":c", ":ok", ":name", ":\"x y\""]),
        )
    }

    pub fn key_lit(&mut self) -> Expr {
        atom(*self.rng.pick(KEYS))
    }

    /// A modulus literal.
    pub fn modulus(&mut self) -> Expr {
        atom(*self.rng.pick(MODULI))
    }

    /// `e` bounded so that reassigning it in a loop cannot grow without end.
    pub fn bounded(&mut self, e: Expr, ty: Ty) -> Expr {
        match ty {
            Ty::Int | Ty::Num => {
                let m = self.modulus();
                bin(e, "%", m)
            }
            Ty::Float => bin(e, "%", atom("1000.0")),
            Ty::Str => Expr::Index(Box::new(e), vec![int(0), int(24)]),
            Ty::ArrInt => call(Some(e), "last", vec![self.small(3, 8)]),
            _ => e,
        }
    }
}
