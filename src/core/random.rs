//! Random numbers with MRI's generator, so that a seeded program prints
//! what MRI prints: `Random.new(seed)`, `Random.rand`, `Random.new_seed`,
//! Kernel's `rand` and `srand`, and Array's `shuffle`, `shuffle!` and
//! `sample`.
//!
//! The generator is MT19937 as MRI's `random.c` drives it:
//! - a seed Integer's absolute value is cut into 32-bit words, least
//!   significant first; one word seeds with `init_genrand`, more with
//!   `init_by_array` (a top word of 1 is MRI's leading-zero guard and is
//!   dropped first);
//! - a float in [0, 1) is `genrand_res53` (two draws), and in [0, 1] (a
//!   Float Range that includes its end) MRI's `int_pair_to_real_inclusive`;
//! - an integer in [0, limit] redraws until the value masked to the
//!   limit's bit width is within it, 32 bits at a time (most significant
//!   chunk first), as `limited_rand` and `limited_big_rand` do.
//!
//! Each Random object's state lives in [`Generators`] (`crate::random_state`), keyed by the object
//! (weakly: the entry goes when the object is collected); the default
//! generator behind `rand` and `srand` is seeded on first use from the
//! system's entropy, as MRI's is.

use crate::core::integer::{float_of, Int};
use crate::core::{private, public};
use crate::object::RArray;
use crate::random_state::{entropy, seed_value, RandomState};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use fxhash::FxHashMap;
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};

/// Where random numbers come from: the default generator (the class
/// `Random` itself, as MRI's `random: Random` default), a Random object,
/// or any other object answering `rand(n)`.
#[derive(Clone, Copy)]
enum Source {
    Default,
    Object(Value),
    Custom(Value),
}

fn source_of(vm: &Vm, value: Value) -> Source {
    let random = random_class(vm);
    if value == random {
        Source::Default
    } else if vm.is_kind_of(value, random) {
        Source::Object(value)
    } else {
        Source::Custom(value)
    }
}

fn random_class(vm: &Vm) -> Value {
    vm.randoms.class.expect("Random is defined")
}

/// The generator of a Random source (an object not yet seeded, such as one
/// made by `allocate`, gets a fresh seed, as in MRI). Of another object
/// only `rand(n)` is asked (see [`ulong_limited`]); anything else it would
/// supply comes from the default generator.
fn state(vm: &mut Vm, source: Source) -> &mut RandomState {
    let generators = &mut vm.randoms;
    match source {
        Source::Object(object) => generators
            .objects
            .entry(object)
            .or_insert_with(|| Box::new(RandomState::fresh())),
        Source::Default | Source::Custom(_) => generators
            .default
            .get_or_insert_with(|| Box::new(RandomState::fresh())),
    }
}

/// MRI's `rb_random_ulong_limited`: an integer in [0, limit]. Another
/// object's `rand(limit + 1)` must answer an Integer in that range.
fn ulong_limited(vm: &mut Vm, source: Source, limit: u64) -> VmResult<u64> {
    let Source::Custom(object) = source else {
        return Ok(state(vm, source).mt.limited(limit));
    };
    let bound = vm.new_integer(BigInt::from(limit) + 1);
    let rand = vm.symbols.intern("rand");
    let answer = vm.call_public(object, rand, &[bound])?;
    let answer = to_int(vm, answer)?;
    let value = Int::of(answer).expect("an Integer").to_big();
    let Some(value) = value.to_i64() else {
        let class = vm.c.range_error;
        let message = if value.is_negative() {
            "bignum out of range of unsigned long"
        } else {
            "bignum too big to convert into `unsigned long'"
        };
        return Err(vm.raise(class, message.into()));
    };
    let class = vm.c.range_error;
    if value < 0 {
        return Err(vm.raise(class, format!("random number too small {value}")));
    }
    if value as u64 > limit {
        return Err(vm.raise(class, format!("random number too big {value}")));
    }
    Ok(value as u64)
}

/// An Integer in [0, limit] for any non-negative Integer `limit`.
fn integer_upto(vm: &mut Vm, source: Source, limit: &BigInt) -> VmResult {
    if let Some(small) = limit.to_i64().filter(|&n| Value::fixnum(n).is_some()) {
        let r = ulong_limited(vm, source, small as u64)?;
        return Ok(vm.new_integer(BigInt::from(r)));
    }
    let r = state(vm, source).mt.limited_big(limit.magnitude());
    Ok(vm.new_integer(BigInt::from(r)))
}

/// A float in [0, 1), or [0, 1] when `inclusive`.
fn real(vm: &mut Vm, source: Source, inclusive: bool) -> f64 {
    state(vm, source).mt.real(inclusive)
}

/// `rb_to_int`: an Integer, a Float truncated, or what `to_int` answers;
/// TypeError otherwise.
fn to_int(vm: &mut Vm, value: Value) -> VmResult {
    match check_to_int(vm, value)? {
        Some(int) => Ok(int),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into Integer")))
        }
    }
}

/// `rb_check_to_int`: like [`to_int`], None where it would raise.
fn check_to_int(vm: &mut Vm, value: Value) -> VmResult<Option<Value>> {
    if Int::of(value).is_some() {
        return Ok(Some(value));
    }
    if let Some(f) = float_of(value) {
        return crate::core::float::float_to_integer(vm, f.trunc()).map(Some);
    }
    if !value.is_heap() {
        return Ok(None);
    }
    let to_int = vm.symbols.intern("to_int");
    if vm.find_method(vm.class_of(value), to_int).is_none() {
        return Ok(None);
    }
    let converted = vm.call(value, to_int, &[])?;
    if Int::of(converted).is_none() {
        let from = vm.class_name(vm.real_class_of(value));
        let to = vm.class_name(vm.real_class_of(converted));
        return Err(vm.type_error(format!(
            "can't convert {from} to Integer ({from}#to_int gives {to})"
        )));
    }
    Ok(Some(converted))
}

/// `rb_check_to_float`: a Float for a Float or an Integer, else None.
fn check_to_float(value: Value) -> Option<f64> {
    float_of(value).or_else(|| Int::of(value).map(|int| int.to_f64()))
}

/// MRI's `domain_error`: Errno::EDOM.
fn domain_error(vm: &mut Vm) -> crate::vm::Control {
    vm.raise_errno("EDOM", None)
}

/// A Float argument that must be finite (MRI's `float_value`).
fn finite(vm: &mut Vm, f: f64) -> VmResult<f64> {
    if f.is_finite() {
        Ok(f)
    } else {
        Err(domain_error(vm))
    }
}

/// What `rand(max)` makes of its argument: a number, nil for a limit it
/// rejects, or `NotNumeric` when it is neither a number nor a Range.
enum Drawn {
    Value(Value),
    Rejected,
    NotNumeric,
}

/// MRI's `rand_int`: an Integer in [0, |max|); `restrictive` (Random#rand)
/// rejects a negative limit. Zero is rejected.
fn rand_int(vm: &mut Vm, source: Source, max: Value, restrictive: bool) -> VmResult<Drawn> {
    let max = Int::of(max).expect("an Integer").to_big();
    if max.is_zero() || (restrictive && max.is_negative()) {
        return Ok(Drawn::Rejected);
    }
    let limit = max.abs() - 1u32;
    integer_upto(vm, source, &limit).map(Drawn::Value)
}

/// MRI's `rand_range`: a number in a Range of numbers (or of anything whose
/// end minus its beginning is a number and which adds one).
fn rand_range(vm: &mut Vm, source: Source, range: Value) -> VmResult<Drawn> {
    if !vm.is_kind_of(range, vm.c.range) {
        return Ok(Drawn::NotNumeric);
    }
    let (begin, end, exclusive) = vm.range_parts(range);
    if begin.is_nil() || end.is_nil() {
        return Err(domain_error(vm));
    }
    let minus = vm.symbols.intern("-");
    if vm.find_method(vm.class_of(end), minus).is_none() {
        return Ok(Drawn::NotNumeric);
    }
    let span = vm.call(end, minus, &[begin])?;
    let mut drawn = None;
    let span_int = if float_of(span).is_some() {
        None
    } else {
        check_to_int(vm, span)?
    };
    if let Some(span) = span_int {
        let span = Int::of(span).expect("an Integer").to_big();
        let limit = if exclusive { span - 1 } else { span };
        if !limit.is_negative() {
            drawn = Some(integer_upto(vm, source, &limit)?);
        }
    } else if let Some(mut max) = check_to_float(span) {
        let mut scale = 1.0;
        let mut mid = 0.5;
        if max.is_infinite() {
            let low = check_to_float(begin).unwrap_or(f64::NAN);
            let high = check_to_float(end).unwrap_or(f64::NAN);
            let min = finite(vm, low)? / 2.0;
            max = finite(vm, high)? / 2.0;
            scale = 2.0;
            mid = max + min;
            max -= min;
        } else if max.is_nan() {
            return Err(domain_error(vm));
        }
        if max > 0.0 {
            let r = real(vm, source, !exclusive);
            if scale > 1.0 {
                return Ok(Drawn::Value(vm.new_float((r - 0.5) * max * scale + mid)));
            }
            drawn = Some(vm.new_float(r * max));
        } else if max == 0.0 && !exclusive {
            drawn = Some(vm.new_float(0.0));
        }
    }
    let Some(drawn) = drawn else {
        return Ok(Drawn::Rejected);
    };
    if let (Some(Int::Fix(b)), Some(Int::Fix(d))) = (Int::of(begin), Int::of(drawn)) {
        return Ok(Drawn::Value(vm.new_int(i128::from(b) + i128::from(d))));
    }
    if let (Some(d), Some(b)) = (float_of(drawn), check_to_float(begin)) {
        return Ok(Drawn::Value(vm.new_float(d + b)));
    }
    let plus = vm.symbols.intern("+");
    vm.call(begin, plus, &[drawn]).map(Drawn::Value)
}

/// MRI's `rand_random`, behind `Random#rand` and `Random.rand`: no
/// argument is a float in [0, 1); an Integer, Float or Range bounds it.
fn rand_random(vm: &mut Vm, source: Source, args: &[Value]) -> VmResult<Drawn> {
    let Some(&max) = args.first() else {
        let r = real(vm, source, false);
        return Ok(Drawn::Value(vm.new_float(r)));
    };
    if max.is_nil() {
        return Ok(Drawn::Rejected);
    }
    if float_of(max).is_none() {
        if let Some(int) = check_to_int(vm, max)? {
            return rand_int(vm, source, int, true);
        }
    }
    if let Some(f) = check_to_float(max) {
        let f = finite(vm, f)?;
        if f < 0.0 {
            return Ok(Drawn::Rejected);
        }
        let mut r = real(vm, source, false);
        if f > 0.0 {
            r *= f;
        }
        return Ok(Drawn::Value(vm.new_float(r)));
    }
    rand_range(vm, source, max)
}

/// `Random#rand` and `Random.rand`: a rejected limit is ArgumentError
/// `invalid argument - 0`; an argument that is no number at all is the
/// TypeError of converting it to an Integer.
fn checked_rand(vm: &mut Vm, source: Source, args: &[Value]) -> VmResult {
    match rand_random(vm, source, args)? {
        Drawn::Value(value) => Ok(value),
        Drawn::Rejected => Err(invalid_argument(vm, args[0])),
        Drawn::NotNumeric => Err(match crate::core::array::to_long(vm, args[0]) {
            Err(error) => error,
            Ok(_) => invalid_argument(vm, args[0]),
        }),
    }
}

/// ArgumentError `invalid argument - X` (X's `to_s`).
fn invalid_argument(vm: &mut Vm, value: Value) -> crate::vm::Control {
    match vm.to_s_bytes(value) {
        Ok(text) => {
            let text = String::from_utf8_lossy(&text).into_owned();
            vm.argument_error(format!("invalid argument - {text}"))
        }
        Err(error) => error,
    }
}

/// `Kernel#rand`: like `Random.rand`, but a Float limit is truncated to an
/// Integer, a negative one counts by its size, and 0 or nil mean a float.
fn kernel_rand(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let source = Source::Default;
    if let Some(&max) = args.first().filter(|max| !max.is_nil()) {
        match rand_range(vm, source, max)? {
            Drawn::Value(value) => return Ok(value),
            Drawn::Rejected => return Ok(Value::NIL),
            Drawn::NotNumeric => {}
        }
        let max = to_int(vm, max)?;
        if max != Value::small(0) {
            if let Drawn::Value(value) = rand_int(vm, source, max, false)? {
                return Ok(value);
            }
        }
    }
    let r = real(vm, source, false);
    Ok(vm.new_float(r))
}

/// `srand(seed = Random.new_seed)`: reseeds the default generator and
/// returns its previous seed.
fn srand(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let seed = match args.first() {
        Some(&seed) => {
            let seed = to_int(vm, seed)?;
            Int::of(seed).expect("an Integer").to_big()
        }
        None => seed_value(&entropy()),
    };
    let generator = state(vm, Source::Default);
    let old = std::mem::replace(generator, RandomState::new(seed)).seed;
    Ok(vm.new_integer(old))
}

/// `random.bytes(n)` and `Random.bytes(n)`: n random bytes, four from each
/// draw, least significant first.
fn bytes(vm: &mut Vm, source: Source, count: Value) -> VmResult {
    let count = to_int(vm, count)?;
    let count = crate::core::array::to_long(vm, count)?;
    if count < 0 {
        return Err(vm.argument_error("negative string size (or size too big)".into()));
    }
    let mt = &mut state(vm, source).mt;
    let mut out = Vec::with_capacity(count as usize);
    while out.len() < count as usize {
        let word = mt.next_u32().to_le_bytes();
        let take = (count as usize - out.len()).min(4);
        out.extend_from_slice(&word[..take]);
    }
    Ok(vm.new_string(out))
}

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let base = vm.new_class_named("Random::Base", object);
    let random = vm.define_class("Random", base);
    vm.randoms.class = Some(random);
    let base_name = vm.symbols.intern("Base");
    vm.set_constant(random, base_name, base);
    let formatter = vm.new_module_named("Random::Formatter");
    let formatter_name = vm.symbols.intern("Formatter");
    vm.set_constant(random, formatter_name, formatter);
    vm.include_module(base, formatter);

    vm.define_methods(
        base,
        &[
            private("initialize", 0, Some(1), base_initialize),
            public("rand", 0, Some(1), base_rand),
            public("bytes", 1, Some(1), base_bytes),
            public("seed", 0, Some(0), base_seed),
        ],
    );
    vm.define_native(formatter, "random_number", 0, Some(1), random_number);
    vm.define_methods(
        random,
        &[
            public("==", 1, Some(1), random_eq),
            private("initialize_copy", 1, Some(1), random_initialize_copy),
        ],
    );
    vm.define_singleton_native(random, "rand", 0, Some(1), random_singleton_rand);
    vm.define_singleton_native(
        random,
        "random_number",
        0,
        Some(1),
        random_singleton_random_number,
    );
    vm.define_singleton_native(random, "bytes", 1, Some(1), random_singleton_bytes);
    vm.define_singleton_native(random, "seed", 0, Some(0), random_singleton_seed);
    vm.define_singleton_native(random, "new_seed", 0, Some(0), random_singleton_new_seed);
    vm.define_singleton_native(random, "srand", 0, Some(1), srand);

    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("rand", 0, Some(1), kernel_rand),
            private("srand", 0, Some(1), srand),
        ],
    );
    vm.define_singleton_native(kernel, "rand", 0, Some(1), kernel_rand);
    vm.define_singleton_native(kernel, "srand", 0, Some(1), srand);

    // The Ruby halves (`shuffle`, `shuffle!`, `sample` with their
    // `random:` keyword) are in rb/array.rb, as in MRI's array.rb.
    let array = vm.c.array;
    let helpers: [(&str, u8, crate::core::NativeFn); 3] = [
        ("__shuffle!", 1, |vm, array, args| {
            vm.check_frozen(array)?;
            let source = source_of(vm, args[0]);
            shuffle(vm, array, source)?;
            Ok(array)
        }),
        ("__shuffle", 1, |vm, array, args| {
            let source = source_of(vm, args[0]);
            let copy = vm.new_array(items(array));
            shuffle(vm, copy, source)?;
            Ok(copy)
        }),
        ("__sample", 3, |vm, array, args| {
            let source = source_of(vm, args[0]);
            let count = if args[2] == Value::FALSE {
                None
            } else {
                Some(args[1])
            };
            sample(vm, array, source, count)
        }),
    ];
    for (name, argc, func) in helpers {
        vm.define_private_native(array, name, argc, Some(argc), func);
        vm.set_native_frame(array, name, crate::method::NativeFrame::Hidden);
    }
}

/// `initialize`.
fn base_initialize(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(object)?;
    let generator = match args.first() {
        Some(&seed) => {
            let seed = to_int(vm, seed)?;
            RandomState::new(Int::of(seed).expect("an Integer").to_big())
        }
        None => RandomState::fresh(),
    };
    vm.randoms.objects.insert(object, Box::new(generator));
    Ok(Value::NIL)
}

/// `rand`.
fn base_rand(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let source = source_of(vm, object);
    checked_rand(vm, source, args)
}

/// `bytes`.
fn base_bytes(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let source = source_of(vm, object);
    bytes(vm, source, args[0])
}

/// `seed`.
fn base_seed(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let source = source_of(vm, object);
    let seed = state(vm, source).seed.clone();
    Ok(vm.new_integer(seed))
}

/// `==`.
fn random_eq(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let other = args[0];
    if vm.real_class_of(object) != vm.real_class_of(other) {
        return Ok(Value::FALSE);
    }
    let mine = state(vm, Source::Object(object)).clone();
    let theirs = state(vm, Source::Object(other));
    Ok(Value::bool(
        mine.mt == theirs.mt && mine.seed == theirs.seed,
    ))
}

/// `initialize_copy`.
fn random_initialize_copy(vm: &mut Vm, copy: Value, args: &[Value]) -> VmResult {
    let original = state(vm, Source::Object(args[0])).clone();
    vm.randoms.objects.insert(copy, Box::new(original));
    Ok(copy)
}

/// `Random.rand`.
fn random_singleton_rand(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    checked_rand(vm, Source::Default, args)
}

/// `Random.random_number`.
fn random_singleton_random_number(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    random_number_from(vm, Source::Default, args)
}

/// `Random.bytes`.
fn random_singleton_bytes(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    bytes(vm, Source::Default, args[0])
}

/// `Random.seed`.
fn random_singleton_seed(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let seed = state(vm, Source::Default).seed.clone();
    Ok(vm.new_integer(seed))
}

/// `Random.new_seed`.
fn random_singleton_new_seed(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_integer(seed_value(&entropy())))
}

/// `Random::Formatter#random_number`: as `rand`, but a limit `rand`
/// rejects gives a float in [0, 1), and an argument that is no number
/// `invalid argument`.
fn random_number(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let source = source_of(vm, object);
    random_number_from(vm, source, args)
}

fn random_number_from(vm: &mut Vm, source: Source, args: &[Value]) -> VmResult {
    match rand_random(vm, source, args)? {
        Drawn::Value(value) => Ok(value),
        Drawn::Rejected => {
            let r = real(vm, source, false);
            Ok(vm.new_float(r))
        }
        Drawn::NotNumeric => Err(invalid_argument(vm, args[0])),
    }
}

fn items(array: Value) -> Vec<Value> {
    array.get::<RArray>().expect("an Array").items().to_vec()
}

fn len(array: Value) -> usize {
    array.get::<RArray>().expect("an Array").items().len()
}

/// MRI's `rb_ary_shuffle_bang`: from the end, each position swaps with a
/// random one at or before it.
fn shuffle(vm: &mut Vm, array: Value, source: Source) -> VmResult<()> {
    let length = len(array);
    let mut i = length;
    while i > 0 {
        let j = ulong_limited(vm, source, i as u64 - 1)? as usize;
        if len(array) != length {
            let class = vm.c.runtime_error;
            return Err(vm.raise(class, "modified during shuffle".into()));
        }
        i -= 1;
        array
            .get::<RArray>()
            .expect("an Array")
            .items_mut()
            .swap(i, j);
    }
    Ok(())
}

/// MRI's `rb_ary_sample`: one element, or `n` distinct ones. Up to ten are
/// drawn first and mapped to distinct positions (special-cased for one,
/// two and three); more come from a partial Fisher-Yates shuffle, on a
/// memo of swapped positions when `n` is small next to the array.
fn sample(vm: &mut Vm, array: Value, source: Source, count: Option<Value>) -> VmResult {
    let mut len = len(array) as i64;
    let Some(count) = count else {
        let i = if len < 2 {
            0
        } else {
            ulong_limited(vm, source, len as u64 - 1)? as i64
        };
        return Ok(element(array, i));
    };
    let mut n = crate::core::array::to_long(vm, count)?;
    if n < 0 {
        return Err(vm.argument_error("negative sample number".into()));
    }
    n = n.min(len);
    const SMALL: i64 = 10;
    let mut rnds = Vec::new();
    if n <= SMALL {
        for i in 0..n {
            rnds.push(ulong_limited(vm, source, (len - i - 1) as u64)? as i64);
        }
    }
    let k = len;
    len = self::len(array) as i64;
    if len < k && n <= SMALL && rnds.iter().any(|&r| r >= len) {
        return Ok(vm.new_array(Vec::new()));
    }
    n = n.min(len);
    let picked: Vec<i64> = match n {
        0 => Vec::new(),
        1 => vec![rnds[0]],
        2 => {
            let (i, mut j) = (rnds[0], rnds[1]);
            if j >= i {
                j += 1;
            }
            vec![i, j]
        }
        3 => {
            let (i, mut j, mut k) = (rnds[0], rnds[1], rnds[2]);
            let (mut low, mut high) = (j, i);
            if j >= i {
                low = i;
                j += 1;
                high = j;
            }
            if k >= low {
                k += 1;
                if k >= high {
                    k += 1;
                }
            }
            vec![i, j, k]
        }
        _ if n <= SMALL => {
            let mut sorted: Vec<i64> = Vec::with_capacity(n as usize);
            let mut picked = Vec::with_capacity(n as usize);
            for &r in &rnds[..n as usize] {
                let mut k = r;
                let mut j = 0;
                while j < sorted.len() {
                    if k < sorted[j] {
                        break;
                    }
                    k += 1;
                    j += 1;
                }
                sorted.insert(j, k);
                picked.push(k);
            }
            picked
        }
        _ => {
            let threshold = if len < 2560 {
                len / 128
            } else if len < 5120 {
                len / 64
            } else if len < 10240 {
                len / 32
            } else {
                len / 16
            };
            if n <= threshold / 2 {
                return sample_memo(vm, array, source, n, len);
            }
            let result = vm.new_array(items(array));
            for i in 0..n {
                let j = ulong_limited(vm, source, (len - i - 1) as u64)? as i64 + i;
                let mut items = result.get::<RArray>().expect("an Array").items_mut();
                items.swap(i as usize, j as usize);
            }
            result
                .get::<RArray>()
                .expect("an Array")
                .items_mut()
                .truncate(n as usize);
            return Ok(result);
        }
    };
    let values = picked.into_iter().map(|i| element(array, i)).collect();
    Ok(vm.new_array(values))
}

/// `sample(n)` for a small `n` from a large array: a Fisher-Yates shuffle
/// of only the first `n` positions, its swaps kept in a memo.
fn sample_memo(vm: &mut Vm, array: Value, source: Source, mut n: i64, len: i64) -> VmResult {
    let mut drawn = Vec::with_capacity(n as usize);
    for i in 0..n {
        drawn.push(ulong_limited(vm, source, (len - i - 1) as u64)? as i64 + i);
    }
    let max = drawn.iter().copied().max().unwrap_or(0);
    let len = self::len(array) as i64;
    if len <= max {
        n = 0;
    } else {
        n = n.min(len);
    }
    let mut memo: FxHashMap<i64, i64> = FxHashMap::default();
    let mut values = Vec::with_capacity(n as usize);
    for (i, &j) in drawn.iter().take(n as usize).enumerate() {
        let i = i as i64;
        let i2 = memo.get(&i).copied().unwrap_or(i);
        let j2 = memo.get(&j).copied().unwrap_or(j);
        memo.insert(j, i2);
        values.push(element(array, j2));
    }
    Ok(vm.new_array(values))
}

/// The element at `index`, nil past the end.
fn element(array: Value, index: i64) -> Value {
    let items = array.get::<RArray>().expect("an Array").items();
    usize::try_from(index)
        .ok()
        .and_then(|i| items.get(i).copied())
        .unwrap_or(Value::NIL)
}
