//! String: mutable byte strings read as UTF-8, with MRI's semantics and
//! messages.
//!
//! This file holds what every String method shares (reading and replacing a
//! receiver's bytes, converting arguments, finding characters) and the
//! basic methods: construction, comparison, concatenation, conversion and
//! `inspect`. The other methods are grouped by kind in `string/`:
//! - `index.rs`: `[]`, `[]=`, `slice!`, `index`, `rindex`, prefixes and
//!   suffixes, `partition`, `scan` and the other searches;
//! - `transform.rs`: case mapping, `strip`, `chomp`, `chop`, `reverse`,
//!   `center`, `ljust`, `rjust` and `succ`, with their bang forms;
//! - `charset.rs`: the character-set methods `tr`, `tr_s`, `delete`,
//!   `squeeze` and `count`;
//! - `substitute.rs`: `sub`, `gsub` and their bang forms;
//! - `iterate.rs`: `split`, `lines`, `chars`, `bytes`, the `each_*`
//!   iterators and `upto`;
//! - `number.rs`: `to_i`, `to_f`, `hex`, `oct`, `ord` and `chr`.
//!
//! A String is bytes. Methods that work on characters read them as UTF-8, an
//! invalid byte counting as one character, as MRI does for a broken string;
//! `bytesize`, `bytes` and `byteslice` work on bytes. Every mutator checks
//! the frozen flag first, even when it would change nothing, as MRI does.
//!
//! A pattern is a Regexp (matched through `core/regexp.rs`, which sets
//! the caller's `$~`) or a String matched as it is; `match` and `match?`
//! compile a String pattern, as MRI does. Matching with a Regexp reads the
//! string as UTF-8 (ArgumentError when it is not); any other pattern raises
//! MRI's TypeError.
//!
//! While a method calls back into Ruby (a block, `to_str`, `to_s`) no
//! `RefCell` borrow of a String's bytes is held, and new strings go straight
//! into a Ruby Array: the collector does not see values kept only in a Rust
//! `Vec` (see `heap.rs`).

mod charset;
mod encode;
mod index;
mod iterate;
mod number;
mod substitute;
mod transform;

use crate::core::integer::{float_of, Int};
use crate::core::{private, public};
use crate::encoding::{chars_of, utf8_char_count, utf8_char_len, Encoding, Operand};
use crate::object::{RString, StringBytes};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::cell::{Ref, RefMut};

pub(crate) use index::{aref, char_at, end_with, match_p, start_with};
pub(crate) use transform::{capitalize, downcase, succ, swapcase, upcase};

pub fn define(vm: &mut Vm) {
    define_basics(vm);
    index::define(vm);
    transform::define(vm);
    charset::define(vm);
    encode::define(vm);
    substitute::define(vm);
    iterate::define(vm);
    number::define(vm);
}

// --- receivers -------------------------------------------------------------

/// The bytes of a String value (held only while no Ruby code runs).
pub(crate) fn bytes_of(value: Value) -> Ref<'static, StringBytes> {
    value.get::<RString>().expect("a String").bytes()
}

/// The encoding of String `value`.
#[inline]
pub(crate) fn encoding_of(value: Value) -> Encoding {
    string_of(value).encoding()
}

/// A new String of `bytes` in `encoding`.
pub(crate) fn new_string_in(vm: &mut Vm, bytes: &[u8], encoding: Encoding) -> Value {
    let string = vm.new_string_from(bytes);
    if encoding != Encoding::Utf8 {
        string_of(string).set_encoding(encoding);
    }
    string
}

/// A new US-ASCII String of ASCII `bytes` (what MRI's `Integer#to_s`,
/// `Float#to_s`, `nil.to_s` and `Symbol#to_s` of an ASCII name make).
pub fn new_ascii_string(vm: &mut Vm, bytes: StringBytes) -> Value {
    debug_assert!(bytes.is_ascii());
    let string = vm.new_string_of(bytes);
    string_of(string).set_encoding(Encoding::UsAscii);
    string
}

/// A new String of a Symbol's name: US-ASCII when the name is ASCII, as
/// in MRI.
pub fn new_symbol_string(vm: &mut Vm, name: &[u8]) -> Value {
    if name.is_ascii() {
        new_ascii_string(vm, StringBytes::from_slice(name))
    } else {
        vm.new_string_from(name)
    }
}

/// A new String of `bytes` in String `like`'s encoding (what a method
/// makes of a piece of its receiver).
pub(crate) fn new_string_like(vm: &mut Vm, like: Value, bytes: Vec<u8>) -> Value {
    let encoding = encoding_of(like);
    let string = vm.new_string(bytes);
    if encoding != Encoding::Utf8 {
        string_of(string).set_encoding(encoding);
    }
    string
}

/// A String value's object.
pub(crate) fn string_of(value: Value) -> &'static RString {
    value.get::<RString>().expect("a String")
}

fn bytes_mut(value: Value) -> RefMut<'static, StringBytes> {
    value.get::<RString>().expect("a String").bytes_mut()
}

/// A copy of a String value's bytes.
fn copy_of(value: Value) -> Vec<u8> {
    bytes_of(value).to_vec()
}

/// Replaces the contents of String `value` (already checked not frozen).
fn set_bytes(vm: &mut Vm, value: Value, bytes: Vec<u8>) {
    let old = bytes_of(value).len();
    if bytes.len() > old {
        vm.heap.note_external(bytes.len() - old);
    }
    *bytes_mut(value) = crate::object::string_bytes(bytes);
}

/// The result of a bang method: the receiver after storing `new` in it, or
/// nil when `new` is what it already holds.
fn store_if_changed(vm: &mut Vm, value: Value, new: Vec<u8>) -> Value {
    if bytes_of(value)[..] == new[..] {
        return Value::NIL;
    }
    set_bytes(vm, value, new);
    value
}

// --- arguments -------------------------------------------------------------

/// A String argument (or one that converts with `to_str`), else TypeError
/// `no implicit conversion of X into String`.
pub fn expect_string(vm: &mut Vm, value: Value) -> VmResult<StringBytes> {
    match check_string(vm, value)? {
        Some(string) => Ok(StringBytes::from_slice(&bytes_of(string))),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into String")))
        }
    }
}

/// A String argument (or what its `to_str` makes), as a String value; else
/// TypeError `no implicit conversion of X into String`.
pub(crate) fn expect_string_value(vm: &mut Vm, value: Value) -> VmResult<Value> {
    match check_string(vm, value)? {
        Some(string) => Ok(string),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into String")))
        }
    }
}

/// MRI's `rb_check_string_type`: the value when it is a String, what its
/// `to_str` returns when it has one, else None.
pub(crate) fn check_string(vm: &mut Vm, value: Value) -> VmResult<Option<Value>> {
    if value.get::<RString>().is_some() {
        return Ok(Some(value));
    }
    let to_str = vm.sym.to_str;
    if vm.find_method(vm.class_of(value), to_str).is_none() {
        return Ok(None);
    }
    let converted = vm.call(value, to_str, &[])?;
    if converted.is_nil() {
        return Ok(None);
    }
    if converted.get::<RString>().is_none() {
        let from = vm.class_name(vm.real_class_of(value));
        let to = vm.class_name(vm.real_class_of(converted));
        return Err(vm.type_error(format!(
            "can't convert {from} to String ({from}#to_str gives {to})"
        )));
    }
    Ok(Some(converted))
}

/// An Integer argument that fits an i64, or TypeError.
pub fn expect_integer(vm: &mut Vm, value: Value) -> VmResult<i64> {
    match Int::of(value) {
        Some(Int::Fix(n)) => Ok(n),
        Some(Int::Big(big)) => num_traits::ToPrimitive::to_i64(big).ok_or_else(|| {
            vm.raise(
                vm.c.range_error,
                "bignum too big to convert into `long'".into(),
            )
        }),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("no implicit conversion of {name} into Integer")))
        }
    }
}

/// An integer argument as MRI's `NUM2LONG` reads it: an Integer that fits
/// a long, or a Float truncated; RangeError or TypeError otherwise.
fn to_long(vm: &mut Vm, value: Value) -> VmResult<i64> {
    if let Some(f) = float_of(value) {
        // The longs are [-2**63, 2**63).
        let bound = -(i64::MIN as f64);
        if (-bound..bound).contains(&f) {
            return Ok(f.trunc() as i64);
        }
        let class = vm.c.range_error;
        let shown = float_for_message(f);
        return Err(vm.raise(class, format!("float {shown} out of range of integer")));
    }
    crate::core::array::to_long(vm, value)
}

/// A Float as MRI's messages show it (C's `%-.10g`, with `NaN` and `Inf`).
fn float_for_message(f: f64) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Inf" } else { "-Inf" }.into();
    }
    let scientific = format!("{f:.9e}");
    let (mantissa, exponent) = scientific.split_once('e').expect("an exponent");
    let exponent: i32 = exponent.parse().expect("a number");
    let trim = |digits: &str| -> String {
        if digits.contains('.') {
            digits
                .trim_end_matches('0')
                .trim_end_matches('.')
                .to_string()
        } else {
            digits.to_string()
        }
    };
    if (-4..10).contains(&exponent) {
        return trim(&format!("{f:.*}", (9 - exponent) as usize));
    }
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{}e{sign}{:02}", trim(mantissa), exponent.abs())
}

/// Whether `value` is a Regexp; TypeError for one never initialized.
fn is_regexp(vm: &mut Vm, value: Value) -> VmResult<bool> {
    if !crate::core::regexp::is_regexp(value) {
        return Ok(false);
    }
    crate::core::regexp::checked(vm, value)?;
    Ok(true)
}

/// A pattern argument: a Regexp, or text matched as it is.
pub(crate) enum Pattern {
    Regexp(Value),
    Text(Vec<u8>),
}

/// A pattern argument of `sub`, `gsub`, `split`, `scan` and `partition`:
/// a Regexp, a String (or `to_str`), else MRI's TypeError `wrong argument
/// type X (expected Regexp)`.
fn expect_pattern(vm: &mut Vm, value: Value) -> VmResult<Pattern> {
    if is_regexp(vm, value)? {
        return Ok(Pattern::Regexp(value));
    }
    match check_string(vm, value)? {
        Some(string) => Ok(Pattern::Text(copy_of(string))),
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("wrong argument type {name} (expected Regexp)")))
        }
    }
}

/// A pattern argument of `index`, `rindex` and `start_with?`: a Regexp, or
/// a String as [`expect_string`] takes it.
fn expect_string_or_regexp(vm: &mut Vm, value: Value) -> VmResult<Pattern> {
    if is_regexp(vm, value)? {
        return Ok(Pattern::Regexp(value));
    }
    Ok(Pattern::Text(expect_string(vm, value)?.into_vec()))
}

/// The Regexp `match` and `match?` use: a Regexp, or a String compiled as
/// a pattern (not quoted, as MRI's `get_pat`).
fn regexp_argument(vm: &mut Vm, value: Value) -> VmResult {
    if is_regexp(vm, value)? {
        return Ok(value);
    }
    match check_string(vm, value)? {
        Some(string) => {
            let text = crate::core::regexp::match_text(vm, string)?;
            vm.new_regexp(&text, 0)
        }
        None => {
            let name = vm.special_or_class_name(value);
            Err(vm.type_error(format!("wrong argument type {name} (expected Regexp)")))
        }
    }
}

// --- characters ------------------------------------------------------------

/// The length in bytes of the character `bytes` starts with in
/// `encoding`.
#[inline]
pub(crate) fn char_len(encoding: Encoding, bytes: &[u8]) -> usize {
    encoding.char_len(bytes)
}

/// The characters of `bytes` in `encoding` decoded: `Ok(char)`, or
/// `Err(byte)` for a byte that is no character by itself (not part of a
/// valid UTF-8 sequence in UTF-8; not ASCII in the other encodings).
fn decoded_chars(encoding: Encoding, bytes: &[u8]) -> impl Iterator<Item = Result<char, u8>> + '_ {
    chars_of(encoding, bytes).map(|c| match std::str::from_utf8(c) {
        Ok(text) => Ok(text.chars().next().expect("one character")),
        Err(_) => Err(c[0]),
    })
}

/// Characters in `bytes` read in `encoding`.
pub fn char_count(encoding: Encoding, bytes: &[u8]) -> usize {
    encoding.char_count(bytes)
}

/// Where the characters of a string start: ASCII strings are indexed
/// directly, others through a table of character offsets.
struct CharMap {
    /// The byte offset of each character and, last, the byte length; None
    /// when every character is one byte.
    starts: Option<Vec<usize>>,
    len: usize,
}

impl CharMap {
    fn new(encoding: Encoding, bytes: &[u8]) -> CharMap {
        if encoding.is_single_byte() || bytes.is_ascii() {
            return CharMap {
                starts: None,
                len: bytes.len(),
            };
        }
        let mut starts = Vec::with_capacity(bytes.len() + 1);
        let mut offset = 0;
        while offset < bytes.len() {
            starts.push(offset);
            offset += utf8_char_len(&bytes[offset..]);
        }
        starts.push(offset);
        CharMap {
            starts: Some(starts),
            len: bytes.len(),
        }
    }

    /// The number of characters.
    fn count(&self) -> usize {
        match &self.starts {
            Some(starts) => starts.len() - 1,
            None => self.len,
        }
    }

    /// The byte offset of character `index` (`count()` gives the length).
    fn offset(&self, index: usize) -> usize {
        match &self.starts {
            Some(starts) => starts[index],
            None => index,
        }
    }

    /// The index of the character starting at byte `offset`, or of the
    /// first one after it when `offset` is inside a character.
    fn index_at(&self, offset: usize) -> usize {
        match &self.starts {
            Some(starts) => match starts.binary_search(&offset) {
                Ok(i) | Err(i) => i,
            },
            None => offset,
        }
    }

    /// Whether a character starts at byte `offset` (or it is the end).
    fn is_boundary(&self, offset: usize) -> bool {
        match &self.starts {
            Some(starts) => starts.binary_search(&offset).is_ok(),
            None => offset <= self.len,
        }
    }

    /// The bytes of `count` characters from character `start` (both in
    /// range).
    fn byte_range(&self, start: usize, count: usize) -> std::ops::Range<usize> {
        self.offset(start)..self.offset(start + count)
    }
}

/// The bytes `bytes` starts with when they are a whole character, as an
/// Integer codepoint (MRI's `<<` and `concat` with an Integer).
fn codepoint_bytes(vm: &mut Vm, code: Value) -> VmResult<Option<Vec<u8>>> {
    let Some(int) = Int::of(code) else {
        return Ok(None);
    };
    let code = match int {
        Int::Fix(n) if (0..=u32::MAX as i64).contains(&n) => n,
        Int::Fix(n) => {
            let class = vm.c.range_error;
            return Err(vm.raise(class, format!("{n} out of char range")));
        }
        Int::Big(_) => {
            let class = vm.c.range_error;
            return Err(vm.raise(class, "bignum out of char range".into()));
        }
    };
    match char::from_u32(code as u32) {
        Some(c) => Ok(Some(c.to_string().into_bytes())),
        None => {
            let class = vm.c.range_error;
            let message = if code > 0x10ffff {
                format!("{code} out of char range")
            } else {
                format!("invalid codepoint 0x{code:X} in UTF-8")
            };
            Err(vm.raise(class, message))
        }
    }
}

// --- the basic methods -----------------------------------------------------

fn define_basics(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            private("initialize", 0, Some(2), string_initialize),
            public("+", 1, Some(1), string_plus),
            public("*", 1, Some(1), string_times),
            public("==", 1, Some(1), string_eq),
            public("===", 1, Some(1), string_eq),
            public("eql?", 1, Some(1), string_eql_p),
            public("<=>", 1, Some(1), string_cmp),
            public("casecmp", 1, Some(1), casecmp),
            public("casecmp?", 1, Some(1), casecmp_p),
            public("hash", 0, Some(0), string_hash),
            public("length", 0, Some(0), string_length),
            public("size", 0, Some(0), string_length),
            public("bytesize", 0, Some(0), string_bytesize),
            public("empty?", 0, Some(0), string_empty_p),
            public("ascii_only?", 0, Some(0), string_ascii_only_p),
            public("valid_encoding?", 0, Some(0), string_valid_encoding_p),
            public("<<", 1, Some(1), string_lshift),
            public("concat", 0, None, string_concat),
            public("prepend", 0, None, string_prepend),
            public("replace", 1, Some(1), string_replace),
            public("clear", 0, Some(0), string_clear),
            public("to_s", 0, Some(0), to_plain_string),
            public("to_str", 0, Some(0), to_plain_string),
            public("inspect", 0, Some(0), string_inspect),
            public("dump", 0, Some(0), string_dump),
            public("to_sym", 0, Some(0), string_to_sym),
            public("intern", 0, Some(0), string_to_sym),
            public("+@", 0, Some(0), string_uplus),
            public("-@", 0, Some(0), string_dedup),
            public("dedup", 0, Some(0), string_dedup),
            public("=~", 1, Some(1), match_operator),
            public("match", 1, Some(2), match_data),
        ],
    );
}

/// `initialize`.
fn string_initialize(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let positional = if vm.called_with_keywords() {
        &args[..args.len() - 1]
    } else {
        args
    };
    let encoding = match (vm.called_with_keywords(), args.last()) {
        (true, Some(&options)) => {
            let key = Value::symbol(vm.symbols.intern("encoding"));
            match vm.hash_lookup(options, key)? {
                Some(name) => Some(crate::core::encoding::expect_encoding(vm, name)?),
                None => None,
            }
        }
        _ => None,
    };
    match positional {
        [] => {}
        [source] => {
            vm.check_frozen(s)?;
            let source = expect_string_value(vm, *source)?;
            let bytes = copy_of(source);
            set_bytes(vm, s, bytes);
            string_of(s).set_encoding(encoding_of(source));
        }
        _ => return Err(vm.arity_error(positional.len(), 0, Some(1))),
    }
    if let Some(encoding) = encoding {
        vm.check_frozen(s)?;
        string_of(s).set_encoding(encoding);
    }
    Ok(s)
}

/// `+`.
fn string_plus(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let other = expect_string_value(vm, args[0])?;
    let encoding = crate::core::encoding::compatible_for_concat(vm, s, other)?;
    let mut bytes = copy_of(s);
    bytes.extend_from_slice(&bytes_of(other));
    let result = vm.new_string(bytes);
    string_of(result).set_encoding(encoding);
    Ok(result)
}

/// `*`.
fn string_times(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let count = to_long(vm, args[0])?;
    if count < 0 {
        return Err(vm.argument_error("negative argument".into()));
    }
    let len = bytes_of(s).len();
    if len > 0 && count as u128 * len as u128 > (i64::MAX / 2) as u128 {
        return Err(vm.argument_error("argument too big".into()));
    }
    let piece = copy_of(s);
    let mut bytes = Vec::new();
    vm.reserve(&mut bytes, piece.len() * count as usize)?;
    for _ in 0..count {
        bytes.extend_from_slice(&piece);
    }
    Ok(new_string_like(vm, s, bytes))
}

/// `eql?`.
fn string_eql_p(_: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(match args[0].get::<RString>() {
        Some(other) => same_string(string_of(s), other),
        None => false,
    }))
}

/// `<=>`: byte order against a String (or what `to_str` makes one);
/// against anything else, the other's `<=>` turned around (MRI's
/// rb_invcmp), nil when it has none or it answers nil.
fn string_cmp(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let other = args[0];
    let text = match other.get::<RString>() {
        Some(_) => Some(other),
        None => {
            let to_str = vm.sym.to_str;
            match vm.find_method(vm.class_of(other), to_str) {
                Some(_) => Some(vm.call(other, to_str, &[])?),
                None => None,
            }
        }
    };
    if let Some(text) = text.and_then(|t| t.get::<RString>()) {
        let order = string_order(string_of(s), text);
        return Ok(Value::small(order as i64));
    }
    let cmp = vm.sym.compare;
    if vm.find_method(vm.class_of(other), cmp).is_none() {
        return Ok(Value::NIL);
    }
    let inverse = vm.call(other, cmp, &[s])?;
    if inverse.is_nil() {
        return Ok(Value::NIL);
    }
    let order = crate::core::array::cmpint(vm, inverse, other, s)?;
    Ok(Value::small(order.reverse() as i64))
}

/// `hash`.
fn string_hash(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = bytes_of(s);
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    // Strings that are `eql?` hash alike: the encoding counts only
    // for non-ASCII bytes (as in MRI's `rb_str_hash`).
    let encoding = encoding_of(s);
    let hash = if encoding != Encoding::Utf8 && !bytes.is_ascii() {
        (hash ^ encoding as u64).wrapping_mul(0x100_0000_01b3)
    } else {
        hash
    };
    drop(bytes);
    Ok(vm.new_int((hash >> 2) as i128))
}

/// `bytesize`.
fn string_bytesize(_: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(bytes_of(s).len() as i64))
}

/// `empty?`.
fn string_empty_p(_: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(bytes_of(s).is_empty()))
}

/// `ascii_only?`.
fn string_ascii_only_p(_: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(bytes_of(s).is_ascii()))
}

/// `valid_encoding?`.
fn string_valid_encoding_p(_: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(encoding_of(s).is_valid(&bytes_of(s))))
}

/// `<<`.
fn string_lshift(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    append_value(vm, s, args[0])?;
    Ok(s)
}

/// `concat`.
fn string_concat(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    // Every argument is read before any is appended: `s.concat(s, s)`
    // appends the original contents twice.
    let copies = vm.new_array(Vec::new());
    vm.temp_roots.borrow_mut().push(copies);
    let mut result = Ok(());
    for &arg in args {
        let copy = match arg.get::<RString>() {
            Some(_) => {
                let bytes = copy_of(arg);
                new_string_like(vm, arg, bytes)
            }
            None => arg,
        };
        crate::core::array::append(copies, copy);
    }
    // One argument appends at once (a failed append changes nothing);
    // several are joined on a copy first, so that one that fails leaves
    // the receiver as it was, as in MRI.
    let target = if args.len() > 1 {
        let joined = new_string_like(vm, s, copy_of(s));
        crate::core::array::append(copies, joined);
        joined
    } else {
        s
    };
    for copy in vm
        .array_items(copies)
        .expect("an Array")
        .into_iter()
        .take(args.len())
    {
        result = append_value(vm, target, copy);
        if result.is_err() {
            break;
        }
    }
    if result.is_ok() && target != s {
        let (bytes, encoding) = (copy_of(target), encoding_of(target));
        set_bytes(vm, s, bytes);
        string_of(s).set_encoding(encoding);
    }
    vm.temp_roots.borrow_mut().pop();
    result.map(|()| s)
}

/// `prepend`.
fn string_prepend(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let mut bytes = Vec::new();
    let mut encoding = encoding_of(s);
    for &arg in args {
        let other = expect_string_value(vm, arg)?;
        let other_encoding = encoding_of(other);
        if other_encoding != encoding {
            encoding = crate::encoding::compatible(
                Operand::String(other_encoding, &bytes_of(other)),
                Operand::String(encoding, &bytes_of(s)),
            )
            .ok_or_else(|| crate::core::encoding::incompatible(vm, encoding, other_encoding))?;
        }
        bytes.extend_from_slice(&bytes_of(other));
    }
    bytes.extend_from_slice(&bytes_of(s));
    set_bytes(vm, s, bytes);
    string_of(s).set_encoding(encoding);
    Ok(s)
}

/// `replace`.
fn string_replace(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let source = expect_string_value(vm, args[0])?;
    let bytes = copy_of(source);
    set_bytes(vm, s, bytes);
    string_of(s).set_encoding(encoding_of(source));
    Ok(s)
}

/// `clear`.
fn string_clear(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    bytes_mut(s).clear();
    Ok(s)
}

/// `inspect`.
fn string_inspect(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let text = inspect_string_in(encoding_of(s), &bytes_of(s));
    Ok(vm.new_str(&text))
}

/// `dump`.
fn string_dump(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let text = dump_string(encoding_of(s), &bytes_of(s));
    Ok(vm.new_str(&text))
}

/// `-@`, `dedup`: the receiver if frozen, else a frozen copy.
fn string_dedup(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    if s.is_frozen() {
        return Ok(s);
    }
    let bytes = copy_of(s);
    let copy = new_string_like(vm, s, bytes);
    copy.header().expect("a String").freeze();
    Ok(copy)
}

/// `+@`.
fn string_uplus(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    if s.is_frozen() {
        let bytes = copy_of(s);
        return Ok(new_string_like(vm, s, bytes));
    }
    Ok(s)
}

/// `casecmp`: `<=>` ignoring ASCII case; nil for a non-String.
pub(crate) fn casecmp(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let Some(other) = check_string(vm, args[0])? else {
        return Ok(Value::NIL);
    };
    let fold = |bytes: &[u8]| bytes.to_ascii_lowercase();
    let ordering = fold(&bytes_of(s)).cmp(&fold(&bytes_of(other)));
    Ok(Value::small(ordering as i64))
}

/// `casecmp?`: equality under Unicode case folding; nil for a non-String.
pub(crate) fn casecmp_p(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let Some(other) = check_string(vm, args[0])? else {
        return Ok(Value::NIL);
    };
    let equal = transform::case_fold(&bytes_of(s)) == transform::case_fold(&bytes_of(other));
    Ok(Value::bool(equal))
}

/// `=~`: with a Regexp, the character index of its first match (setting
/// `$~`); TypeError for a String; otherwise MRI calls `pattern =~ self`
/// (nil when the pattern has no `=~`).
pub(crate) fn match_operator(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    if args[0].get::<RString>().is_some() {
        return Err(vm.type_error("type mismatch: String given".into()));
    }
    if is_regexp(vm, args[0])? {
        let text = crate::core::regexp::match_subject(vm, args[0], s)?;
        let found = crate::core::regexp::search_subject(vm, args[0], &text, 0)?;
        return Ok(match found {
            Some(spans) => {
                let start = spans[0].expect("a match").0;
                Value::small(crate::core::regexp::char_index(&text, start) as i64)
            }
            None => Value::NIL,
        });
    }
    let name = vm.symbols.intern("=~");
    let class = vm.class_of(args[0]);
    match vm.find_method(class, name) {
        Some(_) => vm.call(args[0], name, &[s]),
        None => Ok(Value::NIL),
    }
}

/// `match(pattern, pos = 0)`: `Regexp#match` of the pattern (a String is
/// compiled), block included.
pub(crate) fn match_data(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let regexp = regexp_argument(vm, args[0])?;
    vm.temp_roots.borrow_mut().push(regexp);
    let mut call_args = vec![s];
    call_args.extend_from_slice(&args[1..]);
    let block = vm.current_block();
    let name = vm.symbols.intern("match");
    let result = vm.call_with_block(regexp, name, &call_args, block);
    vm.temp_roots.borrow_mut().pop();
    result
}

fn string_eq(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let other = args[0];
    if let Some(equal) = string_equal(vm, s, other) {
        return Ok(Value::bool(equal));
    }
    let eq = vm.sym.eq;
    let result = vm.call(other, eq, &[s])?;
    Ok(Value::bool(result.truthy()))
}

/// `String#==` of `s` and `other`, or None when `other` is not a String
/// but has `to_str`: then its own `==` decides (MRI's rb_str_equal).
pub(crate) fn string_equal(vm: &Vm, s: Value, other: Value) -> Option<bool> {
    if let Some(other) = other.get::<RString>() {
        return Some(same_string(string_of(s), other));
    }
    let to_str = vm.sym.to_str;
    let converts = other.is_heap() && vm.find_method(vm.class_of(other), to_str).is_some();
    (!converts).then_some(false)
}

/// Whether two Strings are `==` (MRI's `rb_str_equal`): the same bytes,
/// in the same encoding or ASCII (`"a".b == "a"`, `"é".b != "é"`).
pub(crate) fn same_string(a: &RString, b: &RString) -> bool {
    let (a_bytes, b_bytes) = (a.bytes(), b.bytes());
    a_bytes[..] == b_bytes[..] && (a.encoding() == b.encoding() || a_bytes.is_ascii())
}

/// `String#<=>` of two Strings: byte order; equal bytes in encodings that
/// do not compare (`"é".b <=> "é"`) are ordered by MRI's encoding indexes.
pub(crate) fn string_order(a: &RString, b: &RString) -> std::cmp::Ordering {
    match a.bytes().as_slice().cmp(b.bytes().as_slice()) {
        std::cmp::Ordering::Equal if !same_string(a, b) => {
            mri_index(a.encoding()).cmp(&mri_index(b.encoding()))
        }
        order => order,
    }
}

/// An encoding's index in MRI's table (what orders equal bytes in
/// encodings that do not compare).
fn mri_index(encoding: Encoding) -> u8 {
    match encoding {
        Encoding::Binary => 0,
        Encoding::Utf8 => 1,
        Encoding::UsAscii => 2,
    }
}

fn string_length(_: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(string_of(s).char_len() as i64))
}

/// `to_s`: the receiver, or a plain String copy of an instance of a
/// subclass.
fn to_plain_string(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    if vm.real_class_of(s) == vm.c.string {
        return Ok(s);
    }
    let bytes = copy_of(s);
    Ok(new_string_like(vm, s, bytes))
}

fn string_to_sym(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let text = String::from_utf8_lossy(&bytes_of(s)).into_owned();
    Ok(Value::symbol(vm.symbols.intern(&text)))
}

/// Appends `extra` to String `s` (already checked not frozen).
fn append(vm: &mut Vm, s: Value, extra: &[u8]) {
    vm.heap.note_external(extra.len());
    bytes_mut(s).extend_from_slice(extra);
}

/// `<<` of one argument (`s` already checked not frozen): a String (or
/// what `to_str` makes one), the receiver taking the encoding of the two
/// joined (CompatibilityError when there is none), or an Integer
/// codepoint of the receiver's encoding.
fn append_value(vm: &mut Vm, s: Value, value: Value) -> VmResult<()> {
    if Int::of(value).is_some() {
        let encoding = encoding_of(s);
        let (bytes, encoding) = match encoding {
            Encoding::Utf8 => (codepoint_bytes(vm, value)?.expect("an Integer"), encoding),
            Encoding::Binary | Encoding::UsAscii => byte_codepoint(vm, value, encoding)?,
        };
        append(vm, s, &bytes);
        string_of(s).set_encoding(encoding);
        return Ok(());
    }
    let other = expect_string_value(vm, value)?;
    let encoding = crate::core::encoding::compatible_for_concat(vm, s, other)?;
    if other == s {
        let extra = copy_of(other);
        append(vm, s, &extra);
    } else {
        // Another String: its bytes read in place, no copy between.
        append(vm, s, &bytes_of(other));
    }
    if encoding != encoding_of(s) {
        string_of(s).set_encoding(encoding);
    }
    Ok(())
}

/// The byte `<<` appends for Integer `code` to a String in a one-byte
/// `encoding`, and the String's encoding after: a US-ASCII String given a
/// byte past ASCII becomes ASCII-8BIT, as in MRI. RangeError past 255.
fn byte_codepoint(vm: &mut Vm, code: Value, encoding: Encoding) -> VmResult<(Vec<u8>, Encoding)> {
    let message = match Int::of(code).expect("an Integer") {
        Int::Fix(n) if (0..=0x7f).contains(&n) => return Ok((vec![n as u8], encoding)),
        Int::Fix(n) if (0x80..=0xff).contains(&n) => {
            return Ok((vec![n as u8], Encoding::Binary));
        }
        Int::Fix(n) => format!("{n} out of char range"),
        Int::Big(_) => "bignum out of char range".to_string(),
    };
    let class = vm.c.range_error;
    Err(vm.raise(class, message))
}

// --- inspect ---------------------------------------------------------------

/// MRI's `String#inspect` of UTF-8 `bytes`.
pub fn inspect_string(bytes: &[u8]) -> String {
    inspect_string_in(Encoding::Utf8, bytes)
}

/// MRI's `String#inspect` of `bytes` in `encoding` (outside UTF-8, every
/// byte past ASCII shows as `\xNN`).
pub fn inspect_string_in(encoding: Encoding, bytes: &[u8]) -> String {
    quote_string(encoding, bytes, |c, out| {
        if is_printable(c) {
            out.push(c)
        } else if encoding == Encoding::Utf8 {
            out.push_str(&unicode_escape(c))
        } else {
            // Only ASCII reaches here outside UTF-8.
            out.push_str(&format!("\\x{:02X}", c as u32))
        }
    })
}

/// MRI's `String#dump`: `inspect` with every non-ASCII character escaped.
fn dump_string(encoding: Encoding, bytes: &[u8]) -> String {
    quote_string(encoding, bytes, |c, out| {
        if c.is_ascii_graphic() || c == ' ' {
            out.push(c)
        } else if c.is_ascii() {
            out.push_str(&format!("\\x{:02X}", c as u32))
        } else {
            out.push_str(&unicode_escape(c))
        }
    })
}

/// `bytes` in double quotes, invalid bytes as `\xNN`, `#` escaped before
/// `{`, `$` and `@`, the backslash escapes of [`simple_escape`], and every
/// other character as `other` writes it.
fn quote_string(encoding: Encoding, bytes: &[u8], other: impl Fn(char, &mut String)) -> String {
    let mut out = String::with_capacity(bytes.len() + 2);
    out.push('"');
    let mut i = 0;
    while i < bytes.len() {
        let rest = &bytes[i..];
        let len = char_len(encoding, rest);
        let Ok(text) = std::str::from_utf8(&rest[..len]) else {
            out.push_str(&format!("\\x{:02X}", rest[0]));
            i += 1;
            continue;
        };
        let ch = text.chars().next().expect("one character");
        let next = bytes.get(i + len).copied();
        match ch {
            '#' if matches!(next, Some(b'{' | b'$' | b'@')) => out.push_str("\\#"),
            c => match simple_escape(c) {
                Some(escape) => out.push_str(escape),
                None => other(c, &mut out),
            },
        }
        i += len;
    }
    out.push('"');
    out
}

/// The backslash escape `inspect` uses for `c`, if it has one.
fn simple_escape(c: char) -> Option<&'static str> {
    Some(match c {
        '"' => "\\\"",
        '\\' => "\\\\",
        '\n' => "\\n",
        '\t' => "\\t",
        '\r' => "\\r",
        '\x1b' => "\\e",
        '\x07' => "\\a",
        '\x08' => "\\b",
        '\x0c' => "\\f",
        '\x0b' => "\\v",
        _ => return None,
    })
}

/// `\uXXXX`, or `\u{XXXXX}` beyond the Basic Multilingual Plane.
fn unicode_escape(c: char) -> String {
    let code = c as u32;
    if code > 0xffff {
        format!("\\u{{{code:X}}}")
    } else {
        format!("\\u{code:04X}")
    }
}

/// Whether `inspect` shows `c` as itself. MRI escapes the control
/// characters (except U+0085), the line and paragraph separators and
/// unassigned codepoints; of those, the noncharacters and the unassigned
/// planes are recognised here.
fn is_printable(c: char) -> bool {
    let code = c as u32;
    if c.is_control() {
        return code == 0x85;
    }
    let noncharacter = (0xfdd0..=0xfdef).contains(&code) || code & 0xfffe == 0xfffe;
    let unassigned_plane = (0x3_134b..=0xd_ffff).contains(&code)
        || (0xe_0200..=0xe_ffff).contains(&code)
        || (0x2_fa20..=0x2_ffff).contains(&code);
    !(code == 0x2028 || code == 0x2029 || noncharacter || unassigned_plane)
}
