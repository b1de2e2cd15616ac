//! The state of the VM's random generators: MT19937 as MRI's `random.c`
//! drives it, each generator with the seed it started from, and the
//! generators of a run (the default one, and each Random object's). The
//! Ruby side (`Random`, `rand`, `srand`, what `shuffle` and `sample` draw)
//! is the core library's (`crate::core::random`).
//!
//! ```text
//! Random.new(42)  -> RandomState { mt: init_genrand(42), seed: 42 }
//! rand(6)         -> default.mt.limited(5): 32-bit draws masked to 3 bits
//!                    until one is <= 5
//! ```

use crate::value::Value;
use fxhash::FxHashMap;
use num_bigint::{BigInt, BigUint, Sign};

/// The number of 32-bit words of MT19937's state.
const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// The Mersenne Twister's state and read position.
#[derive(Clone, PartialEq, Eq)]
pub struct Mt {
    state: [u32; N],
    /// The next word to temper; `N` means the state must be regenerated.
    index: usize,
}

impl Mt {
    /// MRI's `rand_mt_init`: one key word (or none) seeds with
    /// `init_genrand`, more with `init_by_array`.
    pub fn from_key(key: &[u32]) -> Mt {
        match key {
            [] => Mt::init_genrand(0),
            [single] => Mt::init_genrand(*single),
            _ => Mt::init_by_array(key),
        }
    }

    pub fn init_genrand(seed: u32) -> Mt {
        let mut state = [0u32; N];
        state[0] = seed;
        for j in 1..N {
            let previous = state[j - 1];
            state[j] = 1_812_433_253u32
                .wrapping_mul(previous ^ (previous >> 30))
                .wrapping_add(j as u32);
        }
        Mt { state, index: N }
    }

    pub fn init_by_array(key: &[u32]) -> Mt {
        let mut mt = Mt::init_genrand(19_650_218);
        let state = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let previous = state[i - 1];
            state[i] = (state[i] ^ (previous ^ (previous >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                state[0] = state[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let previous = state[i - 1];
            state[i] = (state[i] ^ (previous ^ (previous >> 30)).wrapping_mul(1_566_083_941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                state[0] = state[N - 1];
                i = 1;
            }
        }
        state[0] = 0x8000_0000;
        mt
    }

    /// Regenerates the whole state (MRI's `next_state`).
    fn twist(&mut self) {
        let state = &mut self.state;
        for k in 0..N {
            let y = (state[k] & UPPER_MASK) | (state[(k + 1) % N] & LOWER_MASK);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            state[k] = state[(k + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// `genrand_int32`: the next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// A float in [0, 1) (MRI's `int_pair_to_real_exclusive`), or in
    /// [0, 1] when `inclusive` (`int_pair_to_real_inclusive`).
    pub fn real(&mut self, inclusive: bool) -> f64 {
        let (a, b) = (self.next_u32(), self.next_u32());
        let scale = 1.0 / 9_007_199_254_740_992.0;
        if inclusive {
            let x = (u128::from(a) << 32) | u128::from(b);
            let m = (1u128 << 53) | 1;
            ((x * m) >> 64) as u64 as f64 * scale
        } else {
            (f64::from(a >> 5) * 67_108_864.0 + f64::from(b >> 6)) * scale
        }
    }

    /// MRI's `limited_rand`: a uniform integer in [0, limit].
    pub fn limited(&mut self, limit: u64) -> u64 {
        if limit == 0 {
            return 0;
        }
        let mask = mask_of(limit);
        if limit > 0xffff_ffff {
            'retry: loop {
                let mut value = 0u64;
                for chunk in (0..2).rev() {
                    if (mask >> (chunk * 32)) & 0xffff_ffff != 0 {
                        value |= u64::from(self.next_u32()) << (chunk * 32);
                        value &= mask;
                        if limit < value {
                            continue 'retry;
                        }
                    }
                }
                return value;
            }
        }
        loop {
            let value = u64::from(self.next_u32()) & mask;
            if value <= limit {
                return value;
            }
        }
    }

    /// MRI's `limited_big_rand`: a uniform integer in [0, limit] for a limit
    /// past 64 bits, drawn 32 bits at a time from the top.
    pub fn limited_big(&mut self, limit: &BigUint) -> BigUint {
        let limit = limit.to_u32_digits();
        let mut words = vec![0u32; limit.len()];
        'retry: loop {
            let mut mask = 0u32;
            let mut boundary = true;
            for i in (0..limit.len()).rev() {
                let lim = limit[i];
                mask = if mask != 0 {
                    0xffff_ffff
                } else {
                    mask_of(u64::from(lim)) as u32
                };
                let mut r = 0;
                if mask != 0 {
                    r = self.next_u32() & mask;
                    if boundary {
                        if lim < r {
                            continue 'retry;
                        }
                        if r < lim {
                            boundary = false;
                        }
                    }
                }
                words[i] = r;
            }
            return BigUint::from_slice(&words);
        }
    }
}

/// All bits up to the highest set bit of `x` (MRI's `make_mask`).
fn mask_of(x: u64) -> u64 {
    if x == 0 {
        0
    } else {
        u64::MAX >> x.leading_zeros()
    }
}

/// A generator and the seed it was started from.
#[derive(Clone)]
pub struct RandomState {
    pub mt: Mt,
    pub seed: BigInt,
}

impl RandomState {
    /// MRI's `rand_init`: seeded from `seed`'s absolute value.
    pub fn new(seed: BigInt) -> RandomState {
        let mut key = seed.magnitude().to_u32_digits();
        if key.len() > 1 && key.last() == Some(&1) {
            key.pop();
        }
        RandomState {
            mt: Mt::from_key(&key),
            seed,
        }
    }

    /// A generator on a fresh seed from the system (MRI's
    /// `rand_init_default`: the four seed words are the key as they are).
    pub fn fresh() -> RandomState {
        let words = entropy();
        RandomState {
            mt: Mt::from_key(&words),
            seed: seed_value(&words),
        }
    }
}

/// The generators: the default one (`rand`, `srand`, `Random.rand`) once
/// used, and each Random object's.
#[derive(Default)]
pub struct Generators {
    /// The class Random (a class, so always reachable).
    pub class: Option<Value>,
    pub default: Option<Box<RandomState>>,
    pub objects: FxHashMap<Value, Box<RandomState>>,
}

impl Generators {
    /// Forgets the generators of objects the collector found dead.
    pub fn retain_live(&mut self, live: impl Fn(&Value) -> bool) {
        self.objects.retain(|object, _| live(object));
    }
}

/// Four random words: the system's entropy mixed with the time and the
/// process id, as MRI's `fill_random_seed`.
pub fn entropy() -> [u32; 4] {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    // Without /dev/urandom, the time, process id and counter below still
    // make seeds differ.
    if let Ok(mut file) = std::fs::File::open("/dev/urandom") {
        if file.read_exact(&mut bytes).is_err() {
            bytes = [0; 16];
        }
    }
    let mut words = [0u32; 4];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(4)) {
        *word = u32::from_le_bytes(chunk.try_into().expect("four bytes"));
    }
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    words[0] ^= now.subsec_nanos() ^ (now.as_secs() >> 32) as u32;
    words[1] ^= now.as_secs() as u32;
    static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    words[2] ^= std::process::id() ^ (call << 16);
    words
}

/// MRI's `make_seed_value`: the seed Integer of four random words, with a
/// leading word of 1 added when the top word is 0 or 1 (so that the
/// seed's words give back the same key).
pub fn seed_value(words: &[u32; 4]) -> BigInt {
    let mut words = words.to_vec();
    if words[3] <= 1 {
        words.push(1);
    }
    BigInt::from_biguint(Sign::Plus, BigUint::from_slice(&words))
}
