//! MRI's double-to-decimal conversion: a port of the `dtoa` (David M. Gay's,
//! as patched in MRI's missing/dtoa.c) and `hdtoa` that `Float#to_s` and
//! `format` use, so digits come out exactly as MRI prints them.
//!
//! [`dtoa`] returns the digits of a non-negative finite double (trailing
//! zeros suppressed) and `decpt`, the position of the decimal point: the
//! value is `0.DIGITS * 10**decpt`. Mode 0 gives the shortest digits that
//! read back as the same double (`Float#to_s`); mode 2 gives `ndigits`
//! significant digits (`%e`, `%g`); mode 3 gives digits through `ndigits`
//! places after the point (`%f`).
//!
//! MRI's version has a quirk that the port keeps: in modes 2 and 3, when the
//! fast floating-point estimate finds the remainder too close to one half
//! to decide, it rounds half to even on the *estimated* digits (so
//! `format("%.1f", 0.35)` is `"0.4"` although 0.35 is a little below) and
//! remembers the tie for the exact computation that follows.
//!
//! [`hdtoa`] gives the hexadecimal digits of `%a`, with a leading 1 (the
//! exponent is the real binary exponent), rounding to `ndigits` with the
//! floating-point unit as BSD's does.

use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::cmp::Ordering;

const TENS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
const BIGTENS: [f64; 5] = [1e16, 1e32, 1e64, 1e128, 1e256];
/// The most digits the fast floating-point path tries.
const QUICK_MAX: i32 = 14;
/// The largest power of ten of an integer the small-integer path handles.
const INT_MAX: i32 = 14;

/// The digits and decimal point of `d` (non-negative and finite) in `mode`
/// 0, 2 or 3 (see the module documentation).
pub fn dtoa(d: f64, mode: i32, ndigits: i32) -> (Vec<u8>, i32) {
    if d == 0.0 {
        return (b"0".to_vec(), 1);
    }
    let (digits, k) = Dtoa::new(d, mode, ndigits).run();
    (digits, k + 1)
}

/// Mode 0 (the shortest digits that read back as `d`, non-negative and
/// finite) quickly: Rust's shortest formatting finds the same digits except
/// when two candidates are equally near, which needs a short exact decimal
/// expansion. Doubles that may have one go through [`dtoa`], which breaks
/// the tie as MRI does (`1989613554679972.25` prints `...72.2`).
pub fn shortest(d: f64) -> (Vec<u8>, i32) {
    let bits = d.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let fraction = bits & ((1 << 52) - 1);
    let (mantissa, e) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    };
    if mantissa == 0 {
        return dtoa(d, 0, 0);
    }
    // d = m * 2**e with m odd: an integer below 2**53 is exact; with e below
    // -26 the exact expansion has more than 18 significant digits, too many
    // for a tie between 17-digit candidates.
    let e = e + i64::from(mantissa.trailing_zeros());
    let exact_integer = e >= 0 && d < 9007199254740992.0;
    if !(exact_integer || e < -26) {
        return dtoa(d, 0, 0);
    }
    let scientific = format!("{d:e}");
    let (mantissa, exponent) = scientific.split_once('e').expect("{:e} has an exponent");
    let digits = mantissa.bytes().filter(u8::is_ascii_digit).collect();
    (digits, exponent.parse::<i32>().expect("a number") + 1)
}

/// The state of one conversion, named as in the C original.
struct Dtoa {
    d: f64,
    mode: i32,
    ndigits: i32,
    word1: u32,
    k: i32,
    k_check: bool,
    b: BigUint,
    be: i32,
    bbits: i32,
    denorm: bool,
    b2: i32,
    s2: i32,
    b5: i32,
    s5: i32,
    ilim: i32,
    ilim1: i32,
    leftright: bool,
    spec_case_possible: bool,
    /// The fast path saw a remainder of about one half and an even digit.
    half: bool,
    s: Vec<u8>,
}

/// How a part of the conversion ended.
enum Step {
    /// The digits are in `s`.
    Done,
    /// No digits: the value rounds to zero at this precision.
    NoDigits,
    /// The single digit 1, one place up.
    OneDigit,
    /// Go on to the next method.
    Continue,
}

impl Dtoa {
    fn new(d: f64, mode: i32, ndigits: i32) -> Dtoa {
        let bits = d.to_bits();
        let word0 = (bits >> 32) as u32;
        let word1 = bits as u32;
        let exponent = ((word0 >> 20) & 0x7ff) as i32;
        let mantissa = if exponent != 0 {
            (bits & ((1 << 52) - 1)) | (1 << 52)
        } else {
            bits & ((1 << 52) - 1)
        };
        let low_zeros = mantissa.trailing_zeros() as i32;
        let b = BigUint::from(mantissa >> low_zeros);
        let be = if exponent != 0 {
            exponent - 1075
        } else {
            -1074
        } + low_zeros;
        let bbits = 64 - (mantissa >> low_zeros).leading_zeros() as i32;
        let (d2, i, denorm) = if exponent != 0 {
            let d2 = f64::from_bits(
                (u64::from((word0 & 0xfffff) | 0x3ff0_0000) << 32) | u64::from(word1),
            );
            (d2, exponent - 1023, false)
        } else {
            let i = bbits + be + 1074;
            let x = if i > 32 {
                (word0 << (64 - i)) | (word1 >> (i - 32))
            } else {
                word1 << (32 - i)
            };
            (f64::from(x) / 2f64.powi(31), i - 1075, true)
        };
        // k estimates floor(log10(d)), possibly one too big (with dtoa's
        // constants, not the exact log10(2)).
        #[allow(clippy::approx_constant)]
        let ds =
            (d2 - 1.5) * 0.289529654602168 + 0.1760912590558 + f64::from(i) * 0.301029995663981;
        let mut k = ds as i32;
        if ds < 0.0 && ds != f64::from(k) {
            k -= 1;
        }
        let mut k_check = true;
        if (0..=22).contains(&k) {
            if d < TENS[k as usize] {
                k -= 1;
            }
            k_check = false;
        }
        let j = bbits - i - 1;
        let (mut b2, mut s2) = if j >= 0 { (0, j) } else { (-j, 0) };
        let (b5, s5) = if k >= 0 {
            s2 += k;
            (0, k)
        } else {
            b2 -= k;
            (-k, 0)
        };
        let mut conversion = Dtoa {
            d,
            mode,
            ndigits,
            word1,
            k,
            k_check,
            b,
            be,
            bbits,
            denorm,
            b2,
            s2,
            b5,
            s5,
            ilim: -1,
            ilim1: -1,
            leftright: true,
            spec_case_possible: word1 == 0
                && word0 & 0xfffff == 0
                && word0 & (0x7ff0_0000 & !0x10_0000) != 0,
            half: false,
            s: Vec::new(),
        };
        match mode {
            2 => {
                conversion.leftright = false;
                conversion.ndigits = ndigits.max(1);
                conversion.ilim = conversion.ndigits;
                conversion.ilim1 = conversion.ndigits;
            }
            3 => {
                conversion.leftright = false;
                conversion.ilim = ndigits + k + 1;
                conversion.ilim1 = ndigits + k;
            }
            _ => conversion.ndigits = 0,
        }
        conversion
    }

    /// The digits and `k` (the decimal exponent of the first digit).
    fn run(mut self) -> (Vec<u8>, i32) {
        let mut step = Step::Continue;
        if self.ilim >= 0 && self.ilim <= QUICK_MAX {
            step = self.quick();
        }
        if let Step::Continue = step {
            step = self.small_integer();
        }
        if let Step::Continue = step {
            step = self.exact();
        }
        match step {
            Step::NoDigits => (Vec::new(), -1 - self.ndigits),
            Step::OneDigit => (b"1".to_vec(), self.k + 1),
            _ => (self.s, self.k),
        }
    }

    /// Tries to get by with floating-point arithmetic (modes 2 and 3).
    fn quick(&mut self) -> Step {
        let k0 = self.k;
        let ilim0 = self.ilim;
        let mut d = self.d;
        let mut ieps = 2;
        let mut i = 0;
        if self.k > 0 {
            let mut ds = TENS[(self.k & 0xf) as usize];
            let mut j = self.k >> 4;
            if j & 0x10 != 0 {
                // Prevent overflows.
                j &= 0xf;
                d /= BIGTENS[4];
                ieps += 1;
            }
            while j != 0 {
                if j & 1 != 0 {
                    ieps += 1;
                    ds *= BIGTENS[i];
                }
                j >>= 1;
                i += 1;
            }
            d /= ds;
        } else if self.k < 0 {
            let j1 = -self.k;
            d *= TENS[(j1 & 0xf) as usize];
            let mut j = j1 >> 4;
            while j != 0 {
                if j & 1 != 0 {
                    ieps += 1;
                    d *= BIGTENS[i];
                }
                j >>= 1;
                i += 1;
            }
        }
        if self.k_check && d < 1.0 && self.ilim > 0 {
            if self.ilim1 <= 0 {
                return Step::Continue;
            }
            self.ilim = self.ilim1;
            self.k -= 1;
            d *= 10.0;
            ieps += 1;
        }
        let mut eps = f64::from(ieps) * d + 7.0;
        eps = f64::from_bits(eps.to_bits() - (52 << 52));
        if self.ilim == 0 {
            d -= 5.0;
            if d > eps {
                return Step::OneDigit;
            }
            if d < -eps {
                return Step::NoDigits;
            }
            self.k = k0;
            self.ilim = ilim0;
            return Step::Continue;
        }
        // Generate ilim digits, then fix them up.
        eps *= TENS[(self.ilim - 1) as usize];
        let mut i = 1;
        loop {
            let digit = d as i32;
            d -= f64::from(digit);
            if d == 0.0 {
                self.ilim = i;
            }
            self.s.push(b'0' + digit as u8);
            if i == self.ilim {
                if d > 0.5 + eps {
                    self.bump_up();
                    return Step::Done;
                } else if d < 0.5 - eps {
                    while self.s.last() == Some(&b'0') {
                        self.s.pop();
                    }
                    return Step::Done;
                }
                self.half = true;
                if (self.s[self.s.len() - 1] - b'0') & 1 == 1 {
                    self.bump_up();
                    return Step::Done;
                }
                break;
            }
            i += 1;
            d *= 10.0;
        }
        self.s.clear();
        self.k = k0;
        self.ilim = ilim0;
        Step::Continue
    }

    /// Adds one to the last digit, carrying through nines.
    fn bump_up(&mut self) {
        loop {
            let last = self.s.len() - 1;
            if self.s[last] != b'9' {
                self.s[last] += 1;
                return;
            }
            if last == 0 {
                self.k += 1;
                self.s.truncate(1);
                self.s[0] = b'1';
                return;
            }
            self.s.pop();
        }
    }

    /// Integers below 1e15 with floating-point division.
    fn small_integer(&mut self) -> Step {
        if self.be < 0 || self.k > INT_MAX {
            return Step::Continue;
        }
        let ds = TENS[self.k as usize];
        if self.ndigits < 0 && self.ilim <= 0 {
            if self.ilim < 0 || self.d <= 5.0 * ds {
                return Step::NoDigits;
            }
            return Step::OneDigit;
        }
        let mut d = self.d;
        let mut i = 1;
        loop {
            let digit = (d / ds) as i64;
            d -= digit as f64 * ds;
            self.s.push(b'0' + digit as u8);
            if d == 0.0 {
                break;
            }
            if i == self.ilim {
                d += d;
                if d > ds || (d == ds && digit & 1 == 1) {
                    self.bump_up();
                }
                break;
            }
            i += 1;
            d *= 10.0;
        }
        Step::Done
    }

    /// The exact computation with big integers: digits of `b / S`, with
    /// `mlo`/`mhi` bounding the rounding interval in mode 0.
    fn exact(&mut self) -> Step {
        let mut m2 = self.b2;
        let m5 = self.b5;
        let mut b = std::mem::take(&mut self.b);
        let mut mhi = BigUint::one();
        if self.leftright {
            let i = if self.denorm {
                self.be + 1075
            } else {
                54 - self.bbits
            };
            self.b2 += i;
            self.s2 += i;
        }
        if m2 > 0 && self.s2 > 0 {
            let i = m2.min(self.s2);
            self.b2 -= i;
            m2 -= i;
            self.s2 -= i;
        }
        if self.b5 > 0 {
            if self.leftright {
                if m5 > 0 {
                    mhi = pow5(m5);
                    b *= &mhi;
                }
            } else {
                b *= pow5(self.b5);
            }
        }
        let mut s_big = if self.s5 > 0 {
            pow5(self.s5)
        } else {
            BigUint::one()
        };
        let spec_case = (self.mode < 2 || self.leftright) && self.spec_case_possible;
        if spec_case {
            self.b2 += 1;
            self.s2 += 1;
        }
        if self.b2 > 0 {
            b <<= self.b2 as usize;
        }
        if self.s2 > 0 {
            s_big <<= self.s2 as usize;
        }
        if self.k_check && b < s_big {
            self.k -= 1;
            b *= 10u32;
            if self.leftright {
                mhi *= 10u32;
            }
            self.ilim = self.ilim1;
        }
        if self.ilim <= 0 && self.mode == 3 {
            if self.ilim < 0 || b <= s_big * 5u32 {
                return Step::NoDigits;
            }
            return Step::OneDigit;
        }
        let even = self.word1 & 1 == 0;
        let mut dig;
        if self.leftright {
            if m2 > 0 {
                mhi <<= m2 as usize;
            }
            let mut mlo = mhi.clone();
            if spec_case {
                mhi = &mlo << 1;
            }
            let mut i = 1;
            loop {
                let (q, r) = b.div_rem(&s_big);
                b = r;
                dig = b'0' + digit_of(&q);
                // Do we yet have the shortest decimal string that will
                // round to d?
                let j = b.cmp(&mlo);
                let j1 = if s_big < mhi {
                    Ordering::Greater
                } else {
                    b.cmp(&(&s_big - &mhi))
                };
                if j1 == Ordering::Equal && self.mode != 1 && even {
                    if dig == b'9' {
                        self.s.push(b'9');
                        return self.round_off();
                    }
                    if j == Ordering::Greater {
                        dig += 1;
                    }
                    self.s.push(dig);
                    return Step::Done;
                }
                if j == Ordering::Less || (j == Ordering::Equal && self.mode != 1 && even) {
                    if !b.is_zero() && j1 == Ordering::Greater {
                        b <<= 1;
                        let j1 = b.cmp(&s_big);
                        if j1 == Ordering::Greater || (j1 == Ordering::Equal && dig & 1 == 1) {
                            if dig == b'9' {
                                self.s.push(b'9');
                                return self.round_off();
                            }
                            dig += 1;
                        }
                    }
                    self.s.push(dig);
                    return Step::Done;
                }
                if j1 == Ordering::Greater {
                    if dig == b'9' {
                        self.s.push(b'9');
                        return self.round_off();
                    }
                    self.s.push(dig + 1);
                    return Step::Done;
                }
                self.s.push(dig);
                if i == self.ilim {
                    break;
                }
                b *= 10u32;
                mlo *= 10u32;
                mhi = if spec_case { &mlo << 1 } else { mlo.clone() };
                i += 1;
            }
        } else {
            let mut i = 1;
            loop {
                let (q, r) = b.div_rem(&s_big);
                b = r;
                dig = b'0' + digit_of(&q);
                self.s.push(dig);
                if b.is_zero() {
                    return Step::Done;
                }
                if i >= self.ilim {
                    break;
                }
                b *= 10u32;
                i += 1;
            }
        }
        // Round off the last digit.
        b <<= 1;
        let j = b.cmp(&s_big);
        if j == Ordering::Greater || (j == Ordering::Equal && dig & 1 == 1) {
            return self.round_off();
        }
        while self.s.last() == Some(&b'0') {
            self.s.pop();
        }
        Step::Done
    }

    /// Rounds the digits up, unless the fast path saw a tie with an even
    /// digit (MRI's `half`).
    fn round_off(&mut self) -> Step {
        loop {
            let last = self.s.len() - 1;
            if self.s[last] != b'9' {
                break;
            }
            if last == 0 {
                self.k += 1;
                self.s[0] = b'1';
                return Step::Done;
            }
            self.s.pop();
        }
        let last = self.s.len() - 1;
        if !self.half || (self.s[last] - b'0') & 1 == 1 {
            self.s[last] += 1;
        }
        Step::Done
    }
}

fn pow5(n: i32) -> BigUint {
    num_traits::pow(BigUint::from(5u32), n as usize)
}

fn digit_of(q: &BigUint) -> u8 {
    q.iter_u32_digits().next().unwrap_or(0) as u8
}

/// The hexadecimal digits of `d` (non-negative and finite) for `%a`: a
/// leading 1 and the fraction's digits (as few as are exact when `ndigits`
/// is negative, else rounded to `ndigits` digits in all), and the binary
/// exponent plus one.
pub fn hdtoa(d: f64, upper: bool, ndigits: i32) -> (Vec<u8>, i32) {
    const SIGFIGS: i32 = 15;
    let digits: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    if d == 0.0 {
        return (b"0".to_vec(), 1);
    }
    let exponent_of = |u: f64| ((u.to_bits() >> 52) & 0x7ff) as i32;
    let mut u = d;
    let mut decpt;
    if exponent_of(u) != 0 {
        decpt = exponent_of(u) - 1022;
    } else {
        u *= 5.363123171977039e+154; // 2**514
        decpt = exponent_of(u) - (514 + 1022);
    }
    let ndigits = if ndigits == 0 { 1 } else { ndigits };
    let bufsize = if ndigits > 0 { ndigits } else { SIGFIGS };
    if SIGFIGS > ndigits && ndigits > 0 {
        // Round to the desired number of digits: with the exponent set so
        // that adding one drops the rest, let the FPU round.
        let offset = 4 * ndigits + 1024 - 4 - 53;
        let bits = (u.to_bits() & !(0x7ff << 52)) | ((offset as u64) << 52);
        u = f64::from_bits(bits);
        u += 1.0;
        u -= 1.0;
        decpt += exponent_of(u) - offset;
    }
    let bits = u.to_bits();
    let mut manh = ((bits >> 32) as u32) & 0xfffff;
    let mut manl = bits as u32;
    let mut out = vec![b'1'];
    for _ in 1..bufsize {
        out.push(digits[((manh >> 16) & 0xf) as usize]);
        manh = (manh << 4) | (manl >> 28);
        manl <<= 4;
    }
    if ndigits < 0 {
        let mut n = SIGFIGS as usize;
        while out[n - 1] == b'0' {
            n -= 1;
        }
        out.truncate(n);
    }
    (out, decpt)
}

#[cfg(test)]
mod tests {
    use super::dtoa;

    fn digits(d: f64, mode: i32, n: i32) -> (String, i32) {
        let (s, decpt) = dtoa(d, mode, n);
        (String::from_utf8(s).unwrap(), decpt)
    }

    #[test]
    fn shortest() {
        assert_eq!(digits(0.1, 0, 0), ("1".into(), 0));
        assert_eq!(digits(100.0, 0, 0), ("1".into(), 3));
        assert_eq!(digits(1e23, 0, 0), ("1".into(), 24));
        assert_eq!(digits(5e-324, 0, 0), ("5".into(), -323));
        assert_eq!(
            digits(0.30000000000000004, 0, 0),
            ("30000000000000004".into(), 0)
        );
    }

    #[test]
    fn shortest_breaks_ties_as_mri() {
        let (digits, decpt) = super::shortest(1989613554679972.0 + 0.25);
        assert_eq!(
            (String::from_utf8(digits).unwrap(), decpt),
            ("19896135546799722".into(), 16)
        );
        let (digits, _) = super::shortest(0.1);
        assert_eq!(digits, b"1");
    }

    #[test]
    fn fixed_keeps_mris_half_quirk() {
        assert_eq!(digits(0.35, 3, 1), ("4".into(), 0));
        assert_eq!(digits(0.25, 3, 1), ("2".into(), 0));
        assert_eq!(digits(1.005, 3, 2), ("1".into(), 1));
        assert_eq!(digits(2.675, 3, 2), ("268".into(), 1));
    }
}
