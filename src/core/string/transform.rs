//! String methods that make a changed copy: case mapping, `strip`, `chomp`,
//! `chop`, `reverse`, `center`/`ljust`/`rjust` and `succ`. Each bang form
//! changes the receiver and answers nil when nothing changed.

use super::{
    bytes_of, chars_of, copy_of, decoded_chars, encoding_of, expect_string, expect_string_value,
    new_string_like, set_bytes, store_if_changed, string_of, to_long,
};
use crate::core::public;
use crate::encoding::Encoding;
use crate::object::StringBytes;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("upcase", 0, None, upcase),
            public("downcase", 0, None, downcase),
            public("capitalize", 0, None, capitalize),
            public("swapcase", 0, None, swapcase),
            public("upcase!", 0, None, string_upcase_bang),
            public("downcase!", 0, None, string_downcase_bang),
            public("capitalize!", 0, None, string_capitalize_bang),
            public("swapcase!", 0, None, string_swapcase_bang),
            public("strip", 0, Some(0), string_strip),
            public("lstrip", 0, Some(0), string_lstrip),
            public("rstrip", 0, Some(0), string_rstrip),
            public("strip!", 0, Some(0), string_strip_bang),
            public("lstrip!", 0, Some(0), string_lstrip_bang),
            public("rstrip!", 0, Some(0), string_rstrip_bang),
            public("chomp", 0, Some(1), string_chomp),
            public("chomp!", 0, Some(1), string_chomp_bang),
            public("chop", 0, Some(0), string_chop),
            public("chop!", 0, Some(0), string_chop_bang),
            public("reverse", 0, Some(0), string_reverse),
            public("reverse!", 0, Some(0), string_reverse_bang),
            public("ljust", 1, Some(2), string_ljust),
            public("rjust", 1, Some(2), string_rjust),
            public("center", 1, Some(2), string_center),
            public("succ", 0, Some(0), succ),
            public("succ!", 0, Some(0), succ_bang),
            public("next", 0, Some(0), succ),
            public("next!", 0, Some(0), succ_bang),
        ],
    );
}

/// `String#upcase!`.
fn string_upcase_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_bang(vm, s, args, Case::Upper)
}

/// `String#downcase!`.
fn string_downcase_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_bang(vm, s, args, Case::Lower)
}

/// `String#capitalize!`.
fn string_capitalize_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_bang(vm, s, args, Case::Capital)
}

/// `String#swapcase!`.
fn string_swapcase_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_bang(vm, s, args, Case::Swap)
}

/// `String#strip`.
fn string_strip(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(new_string_like(vm, s, strip(&bytes_of(s), true, true)))
}

/// `String#lstrip`.
fn string_lstrip(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(new_string_like(vm, s, strip(&bytes_of(s), true, false)))
}

/// `String#rstrip`.
fn string_rstrip(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    Ok(new_string_like(vm, s, strip(&bytes_of(s), false, true)))
}

/// `String#strip!`.
fn string_strip_bang(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    bang(vm, s, |b| strip(b, true, true))
}

/// `String#lstrip!`.
fn string_lstrip_bang(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    bang(vm, s, |b| strip(b, true, false))
}

/// `String#rstrip!`.
fn string_rstrip_bang(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    bang(vm, s, |b| strip(b, false, true))
}

/// `String#chomp`.
fn string_chomp(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = chomp(vm, s, args)?;
    Ok(new_string_like(vm, s, result))
}

/// `String#chomp!`.
fn string_chomp_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = chomp(vm, s, args)?;
    Ok(store_if_changed(vm, s, result))
}

/// `String#chop`.
fn string_chop(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let result = chop(encoding_of(s), &bytes_of(s));
    Ok(new_string_like(vm, s, result))
}

/// `String#chop!`.
fn string_chop_bang(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let encoding = encoding_of(s);
    bang(vm, s, |bytes| chop(encoding, bytes))
}

/// `String#reverse`.
fn string_reverse(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let result = reverse(encoding_of(s), &bytes_of(s));
    Ok(new_string_like(vm, s, result))
}

/// `String#reverse!`.
fn string_reverse_bang(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let reversed = reverse(encoding_of(s), &bytes_of(s));
    set_bytes(vm, s, reversed);
    Ok(s)
}

/// `String#ljust`.
fn string_ljust(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    justify(vm, s, args, Justify::Left)
}

/// `String#rjust`.
fn string_rjust(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    justify(vm, s, args, Justify::Right)
}

/// `String#center`.
fn string_center(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    justify(vm, s, args, Justify::Center)
}

/// A bang method that stores `f(bytes)` in the receiver: the receiver, or
/// nil when nothing changed.
fn bang(vm: &mut Vm, s: Value, f: impl FnOnce(&[u8]) -> Vec<u8>) -> VmResult {
    vm.check_frozen(s)?;
    let result = f(&bytes_of(s));
    Ok(store_if_changed(vm, s, result))
}

// --- case mapping ------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Case {
    Upper,
    Lower,
    Capital,
    Swap,
}

/// The option of a case-mapping method (`:ascii`, `:turkic`, `:fold`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum CaseOption {
    Unicode,
    Ascii,
    Turkic,
    Fold,
}

pub(crate) fn upcase(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_copy(vm, s, args, Case::Upper)
}

pub(crate) fn downcase(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_copy(vm, s, args, Case::Lower)
}

pub(crate) fn capitalize(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_copy(vm, s, args, Case::Capital)
}

pub(crate) fn swapcase(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    case_copy(vm, s, args, Case::Swap)
}

fn case_copy(vm: &mut Vm, s: Value, args: &[Value], case: Case) -> VmResult {
    let option = case_option(vm, args, case)?;
    let result = convert_case(encoding_of(s), &bytes_of(s), case, option);
    Ok(new_string_like(vm, s, result))
}

fn case_bang(vm: &mut Vm, s: Value, args: &[Value], case: Case) -> VmResult {
    let option = case_option(vm, args, case)?;
    vm.check_frozen(s)?;
    let result = convert_case(encoding_of(s), &bytes_of(s), case, option);
    Ok(store_if_changed(vm, s, result))
}

/// MRI's `check_case_options`: one option, or `:turkic` and `:lithuanian`
/// together.
fn case_option(vm: &mut Vm, args: &[Value], case: Case) -> VmResult<CaseOption> {
    let names: Vec<Option<String>> = args
        .iter()
        .map(|arg| arg.as_symbol().map(|sym| vm.symbols.name(sym).to_string()))
        .collect();
    let Some(name) = names.first() else {
        return Ok(CaseOption::Unicode);
    };
    let turkic_or_lithuanian =
        |name: &Option<String>| matches!(name.as_deref(), Some("turkic" | "lithuanian"));
    match names.len() {
        1 => {}
        2 if turkic_or_lithuanian(name) => {
            if !turkic_or_lithuanian(&names[1]) || names[0] == names[1] {
                return Err(vm.argument_error("invalid second option".into()));
            }
            return Ok(CaseOption::Turkic);
        }
        _ => return Err(vm.argument_error("too many options".into())),
    }
    match name.as_deref() {
        Some("ascii") => Ok(CaseOption::Ascii),
        Some("turkic") => Ok(CaseOption::Turkic),
        Some("lithuanian") => Ok(CaseOption::Unicode),
        Some("fold") if case == Case::Lower => Ok(CaseOption::Fold),
        Some("fold") => Err(vm.argument_error("option :fold only allowed for downcasing".into())),
        _ => Err(vm.argument_error("invalid option".into())),
    }
}

/// `bytes` case-mapped; in an encoding other than UTF-8 only ASCII letters
/// change.
fn convert_case(encoding: Encoding, bytes: &[u8], case: Case, option: CaseOption) -> Vec<u8> {
    if encoding.is_single_byte() || (bytes.is_ascii() && option != CaseOption::Turkic) {
        let mut out = bytes.to_vec();
        for (i, b) in out.iter_mut().enumerate() {
            *b = match case {
                Case::Upper => b.to_ascii_uppercase(),
                Case::Lower => b.to_ascii_lowercase(),
                Case::Capital if i == 0 => b.to_ascii_uppercase(),
                Case::Capital => b.to_ascii_lowercase(),
                Case::Swap if b.is_ascii_uppercase() => b.to_ascii_lowercase(),
                Case::Swap => b.to_ascii_uppercase(),
            };
        }
        return out;
    }
    let mut out = String::with_capacity(bytes.len());
    let mut raw = Vec::with_capacity(bytes.len());
    for (i, c) in decoded_chars(Encoding::Utf8, bytes).enumerate() {
        let c = match c {
            Ok(c) => c,
            Err(byte) => {
                raw.extend_from_slice(out.as_bytes());
                out.clear();
                raw.push(byte);
                continue;
            }
        };
        if option == CaseOption::Ascii && !c.is_ascii() {
            out.push(c);
            continue;
        }
        let target = match case {
            Case::Capital if i == 0 => Target::Title,
            Case::Upper => Target::Upper,
            Case::Capital | Case::Lower => Target::Lower,
            Case::Swap if c.is_uppercase() || is_titlecase(c) => Target::Lower,
            Case::Swap if c.is_lowercase() => Target::Upper,
            Case::Swap => {
                out.push(c);
                continue;
            }
        };
        map_char(&mut out, c, target, option);
    }
    raw.extend_from_slice(out.as_bytes());
    raw
}

#[derive(Clone, Copy)]
enum Target {
    Upper,
    Lower,
    Title,
}

/// Appends `c` mapped to `target` case: Unicode's full mappings taken a
/// character at a time (so no final-sigma rule, as in MRI).
fn map_char(out: &mut String, c: char, target: Target, option: CaseOption) {
    match (target, option) {
        (Target::Upper | Target::Title, CaseOption::Turkic) if c == 'i' => out.push('İ'),
        (Target::Lower, CaseOption::Turkic) if c == 'I' => out.push('ı'),
        (Target::Lower, CaseOption::Turkic) if c == 'İ' => out.push('i'),
        (Target::Upper, _) => out.extend(c.to_uppercase()),
        (Target::Lower, CaseOption::Fold) => out.extend(fold_char(c)),
        (Target::Lower, _) => out.extend(c.to_lowercase()),
        (Target::Title, _) => push_titlecase(out, c),
    }
}

/// Unicode case folding of one character: what lower-casing its upper case
/// gives (`ß` -> `ss`).
fn fold_char(c: char) -> impl Iterator<Item = char> {
    c.to_uppercase().flat_map(char::to_lowercase)
}

/// The titlecase digraphs: `ǅ`, `ǈ`, `ǋ`, `ǲ`.
fn is_titlecase(c: char) -> bool {
    matches!(c, '\u{1c5}' | '\u{1c8}' | '\u{1cb}' | '\u{1f2}')
}

/// Appends the titlecase form of `c`: the digraphs have their own, the
/// ligatures keep only their first letter upper case (`ﬃ` -> `Ffi`, `ß` ->
/// `Ss`), and anything else is its upper case.
fn push_titlecase(out: &mut String, c: char) {
    let title = match c {
        '\u{1c4}'..='\u{1c6}' => '\u{1c5}',
        '\u{1c7}'..='\u{1c9}' => '\u{1c8}',
        '\u{1ca}'..='\u{1cc}' => '\u{1cb}',
        '\u{1f1}'..='\u{1f3}' => '\u{1f2}',
        'ß' | '\u{587}' | '\u{fb00}'..='\u{fb17}' => {
            let mut upper = c.to_uppercase();
            out.extend(upper.next());
            out.extend(upper.flat_map(char::to_lowercase));
            return;
        }
        _ => {
            out.extend(c.to_uppercase());
            return;
        }
    };
    out.push(title);
}

/// Unicode case folding, for `casecmp?`.
pub(crate) fn case_fold(bytes: &[u8]) -> Vec<u8> {
    convert_case(Encoding::Utf8, bytes, Case::Lower, CaseOption::Fold)
}

// --- whitespace and line ends ------------------------------------------------

/// What `strip` removes: ASCII whitespace and NUL.
fn is_strip_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | 0)
}

fn strip(bytes: &[u8], left: bool, right: bool) -> Vec<u8> {
    let mut start = 0;
    let mut end = bytes.len();
    if left {
        while start < end && is_strip_space(bytes[start]) {
            start += 1;
        }
    }
    if right {
        while end > start && is_strip_space(bytes[end - 1]) {
            end -= 1;
        }
    }
    bytes[start..end].to_vec()
}

/// The receiver without its last character (`\r\n` counting as one).
fn chop(encoding: Encoding, bytes: &[u8]) -> Vec<u8> {
    if bytes.ends_with(b"\r\n") {
        return bytes[..bytes.len() - 2].to_vec();
    }
    match chars_of(encoding, bytes).last() {
        Some(last) => bytes[..bytes.len() - last.len()].to_vec(),
        None => Vec::new(),
    }
}

/// `chomp(separator = $/)`: without a trailing `\n`, `\r\n` or `\r`; with
/// `""`, without every trailing newline; with another separator, without
/// that suffix; with nil, unchanged.
fn chomp(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult<Vec<u8>> {
    let separator = match args.first() {
        None => b"\n".to_vec(),
        Some(&Value::NIL) => return Ok(copy_of(s)),
        Some(&separator) => expect_string(vm, separator)?.into_vec(),
    };
    Ok(chomp_bytes(&bytes_of(s), &separator))
}

pub(super) fn chomp_bytes(bytes: &[u8], separator: &[u8]) -> Vec<u8> {
    let mut end = bytes.len();
    match separator {
        b"\n" => {
            if bytes.ends_with(b"\r\n") {
                end -= 2;
            } else if bytes.ends_with(b"\n") || bytes.ends_with(b"\r") {
                end -= 1;
            }
        }
        b"" => {
            while end > 0 && bytes[end - 1] == b'\n' {
                end -= 1;
                if end > 0 && bytes[end - 1] == b'\r' {
                    end -= 1;
                }
            }
        }
        _ => {
            if bytes.ends_with(separator) {
                end -= separator.len();
            }
        }
    }
    bytes[..end].to_vec()
}

// --- reverse and justify -------------------------------------------------------

fn reverse(encoding: Encoding, bytes: &[u8]) -> Vec<u8> {
    if encoding.is_single_byte() || bytes.is_ascii() {
        return bytes.iter().rev().copied().collect();
    }
    let chars: Vec<&[u8]> = chars_of(encoding, bytes).collect();
    chars.into_iter().rev().flatten().copied().collect()
}

#[derive(Clone, Copy)]
enum Justify {
    Left,
    Right,
    Center,
}

/// `ljust`, `rjust` and `center`: padded to `width` characters with
/// copies of the pad string (a space by default).
fn justify(vm: &mut Vm, s: Value, args: &[Value], justify: Justify) -> VmResult {
    let width = to_long(vm, args[0])?;
    let pad_string = match args.get(1) {
        Some(&pad) => Some(expect_string_value(vm, pad)?),
        None => None,
    };
    let pad = match pad_string {
        Some(pad) => StringBytes::from_slice(&bytes_of(pad)),
        None => StringBytes::from_slice(b" "),
    };
    // The result is in the encoding the String and the pad share (MRI's
    // `rb_enc_check`): a binary String takes no non-ASCII UTF-8 pad.
    let encoding = match pad_string {
        Some(pad) => crate::core::encoding::compatible_for_concat(vm, s, pad)?,
        None => encoding_of(s),
    };
    if pad.is_empty() {
        return Err(vm.argument_error("zero width padding".into()));
    }
    let len = string_of(s).char_len() as i64;
    let bytes = bytes_of(s);
    let total = (width - len).max(0) as usize;
    let left = match justify {
        Justify::Left => 0,
        Justify::Right => total,
        Justify::Center => total / 2,
    };
    let mut out = StringBytes::new();
    let needed = total
        .checked_mul(pad.len())
        .and_then(|padding| padding.checked_add(bytes.len()));
    let fits = |needed: usize| vm.may_allocate(needed) && out.try_reserve(needed).is_ok();
    if !needed.is_some_and(fits) {
        drop(bytes);
        return Err(vm.no_memory());
    }
    push_padding(encoding, &mut out, &pad, left);
    out.extend_from_slice(&bytes);
    push_padding(encoding, &mut out, &pad, total - left);
    drop(bytes);
    let result = vm.new_string_of(out);
    string_of(result).set_encoding(encoding);
    Ok(result)
}

/// Appends `count` characters of `pad` (not empty), repeated as needed.
fn push_padding(encoding: Encoding, out: &mut StringBytes, pad: &[u8], count: usize) {
    let chars: Vec<&[u8]> = chars_of(encoding, pad).collect();
    match chars.as_slice() {
        [] => {}
        [&[byte]] => out.resize(out.len() + count, byte),
        _ => {
            for _ in 0..count / chars.len() {
                out.extend_from_slice(pad);
            }
            for c in &chars[..count % chars.len()] {
                out.extend_from_slice(c);
            }
        }
    }
}

// --- succ ----------------------------------------------------------------------

pub(crate) fn succ(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let next = successor(encoding_of(s), &bytes_of(s));
    Ok(new_string_like(vm, s, next))
}

fn succ_bang(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let next = successor(encoding_of(s), &bytes_of(s));
    set_bytes(vm, s, next);
    Ok(s)
}

/// `String#succ` (MRI's `str_succ`): the rightmost letter or digit is
/// incremented; one that wraps (`z` -> `a`, `9` -> `0`) carries into the
/// letter or digit on its left, or, when there is none or only one of the
/// other kind beyond a non-alphanumeric, a new character is inserted
/// (`"az"` -> `"ba"`, `"zz"` -> `"aaa"`, `"a9"` -> `"b0"`, `"a.9"` ->
/// `"a.10"`). Letters and digits are Unicode's (`"é"` -> `"ê"`). A string
/// without any increments its last character, carrying to the left.
pub fn successor(encoding: Encoding, bytes: &[u8]) -> Vec<u8> {
    if bytes.is_empty() {
        return Vec::new();
    }
    let mut chars: Vec<Vec<u8>> = chars_of(encoding, bytes).map(<[u8]>::to_vec).collect();
    let decode = |c: &[u8]| std::str::from_utf8(c).ok().and_then(|t| t.chars().next());
    let mut carry: Option<(usize, char)> = None;
    let mut last_alnum: Option<char> = None;
    let mut previous_was_alnum = true;
    for i in (0..chars.len()).rev() {
        let Some(c) = decode(&chars[i]) else {
            continue;
        };
        if let Some(last) = last_alnum.filter(|_| !previous_was_alnum) {
            // A wrapped letter does not carry over a non-alphanumeric into
            // a digit, nor a wrapped digit into a letter.
            let other_kind = if last.is_ascii_alphabetic() {
                c.is_ascii_digit()
            } else {
                last.is_ascii_digit() && c.is_ascii_alphabetic()
            };
            if other_kind {
                break;
            }
        }
        match next_alphanumeric(c) {
            Neighbor::NotAlphanumeric => previous_was_alnum = false,
            Neighbor::Found(next) => {
                chars[i] = next.to_string().into_bytes();
                return chars.concat();
            }
            Neighbor::Wrapped(wrapped, carried) => {
                chars[i] = wrapped.to_string().into_bytes();
                last_alnum = Some(wrapped);
                previous_was_alnum = true;
                carry = Some((i, carried));
            }
        }
    }
    match carry {
        Some((at, carried)) => chars.insert(at, carried.to_string().into_bytes()),
        None if encoding.is_single_byte() => return increment_last_byte(bytes),
        None => {
            if let Some(done) = increment_last_char(&mut chars) {
                return done;
            }
        }
    }
    chars.concat()
}

/// The successor of a string of one-byte characters without letters or
/// digits: its bytes from the right are incremented until one does not
/// wrap past 255; when all wrap, `"\x01"` is inserted before them.
fn increment_last_byte(bytes: &[u8]) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for byte in out.iter_mut().rev() {
        let (next, wrapped) = byte.overflowing_add(1);
        *byte = next;
        if !wrapped {
            return out;
        }
    }
    out.insert(0, 1);
    out
}

/// The successor of a string without letters or digits: its characters
/// from the right are incremented (keeping their UTF-8 length) until one
/// does not wrap; when all wrap, `"\x01"` is inserted before the leftmost.
/// Answers the finished bytes when one did not wrap.
fn increment_last_char(chars: &mut Vec<Vec<u8>>) -> Option<Vec<u8>> {
    let mut carry_at = 0;
    for i in (0..chars.len()).rev() {
        let Some(c) = std::str::from_utf8(&chars[i])
            .ok()
            .and_then(|t| t.chars().next())
        else {
            continue;
        };
        let (next, wrapped) = next_of_same_length(c);
        chars[i] = next.to_string().into_bytes();
        if !wrapped {
            return Some(chars.concat());
        }
        carry_at = i;
    }
    chars.insert(carry_at, vec![1]);
    None
}

/// What incrementing one character of `succ` gives.
enum Neighbor {
    NotAlphanumeric,
    Found(char),
    /// The first of its run of letters or digits, and what to carry.
    Wrapped(char, char),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Digit,
    Letter,
}

fn kind_of(c: char) -> Option<Kind> {
    if c.is_numeric() && !c.is_alphabetic() {
        Some(Kind::Digit)
    } else if c.is_alphabetic() {
        Some(Kind::Letter)
    } else {
        None
    }
}

/// MRI's `enc_succ_alnum_char`: the next character of the same kind (at
/// most one other character skipped), else the wrap to the first of the
/// run of that kind ending at `c`, carrying that letter or the digit after
/// that first digit (`z` -> `a` carrying `a`, `9` -> `0` carrying `1`).
fn next_alphanumeric(c: char) -> Neighbor {
    let Some(kind) = kind_of(c) else {
        return Neighbor::NotAlphanumeric;
    };
    let mut next = c;
    for _ in 0..2 {
        let (candidate, wrapped) = next_of_same_length(next);
        next = candidate;
        if !wrapped && kind_of(next) == Some(kind) {
            return Neighbor::Found(next);
        }
    }
    let mut first = c;
    let mut run = 1;
    while let Some(previous) = previous_of_same_length(first) {
        if kind_of(previous) != Some(kind) {
            break;
        }
        first = previous;
        run += 1;
    }
    if run == 1 {
        return Neighbor::NotAlphanumeric;
    }
    match kind {
        Kind::Letter => Neighbor::Wrapped(first, first),
        Kind::Digit => Neighbor::Wrapped(first, next_of_same_length(first).0),
    }
}

/// The codepoints encoded in each UTF-8 length.
fn same_length_range(c: char) -> std::ops::RangeInclusive<u32> {
    match c.len_utf8() {
        1 => 0..=0x7f,
        2 => 0x80..=0x7ff,
        3 => 0x800..=0xffff,
        _ => 0x1_0000..=0x10_ffff,
    }
}

/// The next character with the same UTF-8 length, and whether it wrapped
/// around to the first of that length.
fn next_of_same_length(c: char) -> (char, bool) {
    let range = same_length_range(c);
    let following = (c as u32 + 1..=*range.end()).find_map(char::from_u32);
    match following {
        Some(next) => (next, false),
        None => (char::from_u32(*range.start()).expect("a valid start"), true),
    }
}

/// The previous character with the same UTF-8 length, if any.
fn previous_of_same_length(c: char) -> Option<char> {
    let range = same_length_range(c);
    (*range.start()..c as u32).rev().find_map(char::from_u32)
}
