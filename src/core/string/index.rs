//! String indexing and searching: `[]`/`slice`, `[]=`, `slice!`,
//! `byteslice`, `getbyte`, `insert`, `index`, `rindex`, `include?`,
//! `start_with?`, `end_with?`, `delete_prefix`, `delete_suffix`,
//! `partition`, `rpartition`, `scan` and `match?`.
//!
//! Indices count characters (MRI's rules: a negative index counts from the
//! end, a start equal to the length selects the empty string at the end, a
//! start past it selects nothing); the byte methods count bytes.
//!
//! Each search also takes a Regexp (`[]` and `[]=` with a group number or
//! name too) and then sets the caller's `$~`; `rindex` and `rpartition`
//! try the pattern at each position from the end, as MRI's backward
//! search does.

use super::{
    bytes_of, char_len, copy_of, encoding_of, expect_pattern, expect_string,
    expect_string_or_regexp, is_regexp, regexp_argument, set_bytes, store_if_changed, string_of,
    to_long, utf8_char_count, utf8_char_len, CharMap, Pattern,
};
use crate::core::array::append;
use crate::core::public;
use crate::core::regexp::{self, char_index, regexp_data};
use crate::object::RString;
use crate::pattern::Spans;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::ops::Range;

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("[]", 1, Some(2), aref),
            public("slice", 1, Some(2), aref),
            public("[]=", 2, Some(3), aset),
            public("slice!", 1, Some(2), string_slice_bang),
            public("byteslice", 1, Some(2), byteslice),
            public("getbyte", 1, Some(1), string_getbyte),
            public("setbyte", 2, Some(2), string_setbyte),
            public("insert", 2, Some(2), string_insert),
            public("index", 1, Some(2), index),
            public("rindex", 1, Some(2), rindex),
            public("include?", 1, Some(1), string_include_p),
            public("start_with?", 0, None, start_with),
            public("end_with?", 0, None, end_with),
            public("delete_prefix", 1, Some(1), string_delete_prefix),
            public("delete_prefix!", 1, Some(1), string_delete_prefix_bang),
            public("delete_suffix", 1, Some(1), string_delete_suffix),
            public("delete_suffix!", 1, Some(1), string_delete_suffix_bang),
            public("partition", 1, Some(1), string_partition),
            public("rpartition", 1, Some(1), string_rpartition),
            public("scan", 1, Some(1), scan),
            public("match?", 1, Some(2), match_p),
        ],
    );
}

/// `slice!`.
fn string_slice_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let Some(span) = select(vm, s, args)? else {
        return Ok(Value::NIL);
    };
    let removed = bytes_of(s)[span.clone()].to_vec();
    let mut bytes = copy_of(s);
    bytes.drain(span);
    set_bytes(vm, s, bytes);
    Ok(super::new_string_like(vm, s, removed))
}

/// `getbyte`.
fn string_getbyte(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let index = to_long(vm, args[0])?;
    let bytes = bytes_of(s);
    let len = bytes.len() as i64;
    let index = if index < 0 { index + len } else { index };
    Ok(if (0..len).contains(&index) {
        Value::small(bytes[index as usize] as i64)
    } else {
        Value::NIL
    })
}

/// `setbyte`.
fn string_setbyte(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let index = to_long(vm, args[0])?;
    let byte = to_long(vm, args[1])?;
    let len = bytes_of(s).len() as i64;
    let at = if index < 0 { index + len } else { index };
    if !(0..len).contains(&at) {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("index {index} out of string")));
    }
    string_of(s).bytes_mut()[at as usize] = byte as u8;
    Ok(args[1])
}

/// `insert`.
fn string_insert(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let index = to_long(vm, args[0])?;
    let other = expect_string(vm, args[1])?;
    // -1 appends; other negative indices insert after that character.
    let start = match index {
        -1 => string_of(s).char_len() as i64,
        i if i < 0 => i + 1,
        i => i,
    };
    splice(vm, s, start, 0, &other)?;
    Ok(s)
}

/// `include?`.
fn string_include_p(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let needle = expect_string(vm, args[0])?;
    let bytes = copy_of(s);
    let map = CharMap::new(encoding_of(s), &bytes);
    Ok(Value::bool(find_char(&bytes, &map, &needle, 0).is_some()))
}

/// `delete_prefix`.
fn string_delete_prefix(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = without_prefix(vm, s, args[0])?;
    Ok(super::new_string_like(vm, s, result))
}

/// `delete_prefix!`.
fn string_delete_prefix_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = without_prefix(vm, s, args[0])?;
    Ok(store_if_changed(vm, s, result))
}

/// `delete_suffix`.
fn string_delete_suffix(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = without_suffix(vm, s, args[0])?;
    Ok(super::new_string_like(vm, s, result))
}

/// `delete_suffix!`.
fn string_delete_suffix_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = without_suffix(vm, s, args[0])?;
    Ok(store_if_changed(vm, s, result))
}

/// `partition`.
fn string_partition(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let found = match expect_pattern(vm, args[0])? {
        Pattern::Text(separator) => {
            let bytes = copy_of(s);
            let found = find_char(&bytes, &CharMap::new(encoding_of(s), &bytes), &separator, 0);
            found.map(|at| at..at + separator.len())
        }
        Pattern::Regexp(re) => {
            let text = regexp::match_subject(vm, re, s)?;
            regexp::search(vm, re, &text, 0)?.map(|spans| text.original_range(whole(&spans)))
        }
    };
    let bytes = copy_of(s);
    three_parts(vm, &bytes, found, false)
}

/// `rpartition`.
fn string_rpartition(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let found = match expect_pattern(vm, args[0])? {
        Pattern::Text(separator) => {
            let bytes = copy_of(s);
            let map = CharMap::new(encoding_of(s), &bytes);
            let found = find_last_char(&bytes, &map, &separator, bytes.len());
            found.map(|at| at..at + separator.len())
        }
        Pattern::Regexp(re) => {
            let text = regexp::match_subject(vm, re, s)?;
            let len = text.len();
            search_backward(vm, re, &text, len)?.map(|spans| text.original_range(whole(&spans)))
        }
    };
    let bytes = copy_of(s);
    three_parts(vm, &bytes, found, true)
}

// --- reading ---------------------------------------------------------------

/// `[]` and `slice`: one character, `start, length`, a Range, or a
/// substring; nil when it selects nothing.
pub(crate) fn aref(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    match select(vm, s, args)? {
        Some(span) => {
            let bytes = bytes_of(s)[span].to_vec();
            Ok(super::new_string_like(vm, s, bytes))
        }
        None => Ok(Value::NIL),
    }
}

/// The bytes `[]` selects with `args`, or None when it answers nil.
fn select(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult<Option<Range<usize>>> {
    let first = args[0];
    if is_regexp(vm, first)? {
        return regexp_select(vm, s, first, args.get(1).copied());
    }
    if let [start, length] = args {
        let start = to_long(vm, *start)?;
        let length = to_long(vm, *length)?;
        return Ok(substring(&bytes_of(s), start, length, by_char(s)));
    }
    if let Some(needle) = first.get::<RString>() {
        let needle = needle.bytes().clone();
        let bytes = copy_of(s);
        let found = find_char(&bytes, &CharMap::new(encoding_of(s), &bytes), &needle, 0);
        return Ok(found.map(|at| at..at + needle.len()));
    }
    if !first.is_fixnum() && vm.is_kind_of(first, vm.c.range) {
        let len = string_of(s).char_len();
        return Ok(match range_bounds(vm, first, len, false)? {
            Some((start, length)) => {
                substring(&bytes_of(s), start as i64, length as i64, by_char(s))
            }
            None => None,
        });
    }
    let index = to_long(vm, first)?;
    Ok(char_span(string_of(s), index))
}

/// The bytes of character `index` (counting from the end when negative),
/// or None outside the String.
fn char_span(string: &RString, index: i64) -> Option<Range<usize>> {
    let bytes = string.bytes();
    let index = if index < 0 {
        index + string.char_len() as i64
    } else {
        index
    };
    if index < 0 {
        return None;
    }
    match skip_chars(&bytes, index as usize, string.single_byte_chars()) {
        Some(start) if start < bytes.len() => {
            Some(start..start + char_len(string.encoding(), &bytes[start..]))
        }
        _ => None,
    }
}

/// `s[index]` of an Integer index: a new String of that character, or nil
/// outside the String. It calls no Ruby code and raises nothing, so
/// compiled code calls it without a frame (`String#[]` as an intrinsic).
pub fn char_at(vm: &mut Vm, s: Value, index: i64) -> Value {
    match char_span(string_of(s), index) {
        Some(span) => {
            let bytes = bytes_of(s)[span].to_vec();
            super::new_string_like(vm, s, bytes)
        }
        None => Value::NIL,
    }
}

/// The bytes `[regexp]` or `[regexp, capture]` selects (setting `$~`), or
/// None: no match, or the capture did not take part or does not exist.
fn regexp_select(
    vm: &mut Vm,
    s: Value,
    re: Value,
    capture: Option<Value>,
) -> VmResult<Option<Range<usize>>> {
    let text = regexp::match_subject(vm, re, s)?;
    let Some(spans) = regexp::search(vm, re, &text, 0)? else {
        return Ok(None);
    };
    let group = match capture {
        None => 0,
        Some(capture) => match capture_group(vm, re, &spans, capture)? {
            Some(group) => group,
            None => return Ok(None),
        },
    };
    Ok(spans[group].map(|span| text.original_range(span)))
}

/// The group a capture argument selects: an index (negative from the end;
/// None outside the groups) or a name (IndexError when unknown).
fn capture_group(vm: &mut Vm, re: Value, spans: &Spans, capture: Value) -> VmResult<Option<usize>> {
    let name = match capture.as_symbol() {
        Some(sym) => Some(vm.symbols.name(sym).to_string()),
        None => vm.string_text(capture),
    };
    if let Some(name) = name {
        let data = regexp_data(re).expect("a Regexp");
        return match data.group_named(&name, spans) {
            Some(group) => Ok(Some(group)),
            None => {
                let class = vm.c.index_error;
                Err(vm.raise(class, format!("undefined group name reference: {name}")))
            }
        };
    }
    // As MRI's `rb_reg_nth_match`: counting from the end never reaches
    // the whole match.
    let n = to_long(vm, capture)?;
    let count = spans.len() as i64;
    Ok(match n {
        n if n < 0 && n + count > 0 => Some((n + count) as usize),
        n if (0..count).contains(&n) => Some(n as usize),
        _ => None,
    })
}

/// The whole match of `spans`.
fn whole(spans: &Spans) -> (usize, usize) {
    spans[0].expect("a match")
}

/// The last match of `re` in `text` starting at or before byte `until`
/// (set as `$~`): MRI's backward search.
fn search_backward(
    vm: &mut Vm,
    re: Value,
    text: &regexp::Subject,
    until: usize,
) -> VmResult<Option<Spans>> {
    let data = regexp_data(re).expect("a Regexp");
    let mut at = until.min(text.len());
    loop {
        if text.is_char_boundary(at) {
            let found = data.match_at(text, at).map_err(|m| vm.regexp_error(m))?;
            if found.is_some() {
                vm.record_match_in(re, text, found.clone());
                return Ok(found);
            }
        }
        if at == 0 {
            vm.set_last_match(Value::NIL);
            return Ok(None);
        }
        at -= 1;
    }
}

/// Whether String `s`'s characters are its bytes (the `by_byte` of
/// [`substring`]).
fn by_char(s: Value) -> bool {
    encoding_of(s).is_single_byte()
}

/// MRI's `rb_str_subpos`: the bytes of `length` UTF-8 characters (bytes,
/// when `by_byte`) from character `start`, or None when `start` is
/// outside.
fn substring(bytes: &[u8], start: i64, length: i64, by_byte: bool) -> Option<Range<usize>> {
    if length < 0 {
        return None;
    }
    let start = if start >= 0 {
        start
    } else if by_byte {
        start + bytes.len() as i64
    } else {
        start + utf8_char_count(bytes) as i64
    };
    if start < 0 {
        return None;
    }
    let from = skip_chars(bytes, start as usize, by_byte)?;
    let rest = &bytes[from..];
    let to = from + skip_chars(rest, length as usize, by_byte).unwrap_or(rest.len());
    Some(from..to)
}

/// The byte offset after the first `count` characters (bytes, when
/// `by_byte`) of `bytes`, or None when it has fewer.
fn skip_chars(bytes: &[u8], count: usize, by_byte: bool) -> Option<usize> {
    if by_byte || bytes[..count.min(bytes.len())].is_ascii() {
        return (count <= bytes.len()).then_some(count);
    }
    let mut offset = 0;
    for _ in 0..count {
        if offset >= bytes.len() {
            return None;
        }
        offset += utf8_char_len(&bytes[offset..]);
    }
    Some(offset)
}

/// MRI's `rb_range_beg_len`: the start and length a Range selects from
/// `len` elements, or None when it starts outside them. For an assignment
/// (`for_store`) a start outside is a RangeError instead.
fn range_bounds(
    vm: &mut Vm,
    range: Value,
    len: usize,
    for_store: bool,
) -> VmResult<Option<(usize, usize)>> {
    let (first, last, exclusive) = vm.range_parts(range);
    let len = len as i64;
    let start = if first.is_nil() {
        0
    } else {
        to_long(vm, first)?
    };
    let end = if last.is_nil() {
        -1
    } else {
        to_long(vm, last)?
    };
    let exclusive = exclusive && !last.is_nil();
    let start = if start < 0 { start + len } else { start };
    if start < 0 || start > len {
        if !for_store {
            return Ok(None);
        }
        let text = vm.inspect(range)?;
        let class = vm.c.range_error;
        return Err(vm.raise(class, format!("{text} out of range")));
    }
    let end = if end < 0 { end + len } else { end };
    let end = if exclusive { end } else { end + 1 };
    let end = end.min(len);
    Ok(Some((start as usize, (end - start).max(0) as usize)))
}

/// `byteslice(index)`, `byteslice(start, length)`, `byteslice(range)`.
fn byteslice(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let len = bytes_of(s).len();
    let span = match args {
        [start, length] => {
            let start = to_long(vm, *start)?;
            let length = to_long(vm, *length)?;
            substring(&bytes_of(s), start, length, true)
        }
        [range] if !range.is_fixnum() && vm.is_kind_of(*range, vm.c.range) => {
            range_bounds(vm, *range, len, false)?.map(|(start, count)| start..start + count)
        }
        [index] => {
            let index = to_long(vm, *index)?;
            let index = if index < 0 { index + len as i64 } else { index };
            (0..len as i64)
                .contains(&index)
                .then(|| index as usize..index as usize + 1)
        }
        _ => unreachable!("arity is checked"),
    };
    match span {
        Some(span) => {
            let bytes = bytes_of(s)[span].to_vec();
            Ok(super::new_string_like(vm, s, bytes))
        }
        None => Ok(Value::NIL),
    }
}

// --- writing ---------------------------------------------------------------

/// `[]=`: replaces one character, `start, length`, a Range or the first
/// occurrence of a substring; answers the value assigned.
fn aset(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let (&value, selector) = args.split_last().expect("arity is checked");
    let first = selector[0];
    if is_regexp(vm, first)? {
        return regexp_assign(vm, s, first, selector.get(1).copied(), value);
    }
    if let [start, length] = selector {
        let start = to_long(vm, *start)?;
        let length = to_long(vm, *length)?;
        let replacement = expect_string(vm, value)?;
        splice(vm, s, start, length, &replacement)?;
        return Ok(value);
    }
    if let Some(needle) = first.get::<RString>() {
        let needle = needle.bytes().clone();
        let bytes = copy_of(s);
        let Some(at) = find_char(&bytes, &CharMap::new(encoding_of(s), &bytes), &needle, 0) else {
            let class = vm.c.index_error;
            return Err(vm.raise(class, "string not matched".into()));
        };
        let replacement = expect_string(vm, value)?;
        let mut bytes = bytes;
        bytes.splice(at..at + needle.len(), replacement.iter().copied());
        set_bytes(vm, s, bytes);
        return Ok(value);
    }
    if !first.is_fixnum() && vm.is_kind_of(first, vm.c.range) {
        let len = string_of(s).char_len();
        let (start, length) = range_bounds(vm, first, len, true)?.expect("raises when outside");
        let replacement = expect_string(vm, value)?;
        splice(vm, s, start as i64, length as i64, &replacement)?;
        return Ok(value);
    }
    let index = to_long(vm, first)?;
    let replacement = expect_string(vm, value)?;
    splice(vm, s, index, 1, &replacement)?;
    Ok(value)
}

/// `[regexp] = value`, `[regexp, capture] = value`: replaces the match or
/// the group; IndexError when there is no match or no such group.
fn regexp_assign(
    vm: &mut Vm,
    s: Value,
    re: Value,
    capture: Option<Value>,
    value: Value,
) -> VmResult {
    let text = regexp::match_subject(vm, re, s)?;
    let Some(spans) = regexp::search(vm, re, &text, 0)? else {
        let class = vm.c.index_error;
        return Err(vm.raise(class, "regexp not matched".into()));
    };
    let group = match capture {
        None => 0,
        Some(capture) => match capture_group(vm, re, &spans, capture)? {
            Some(group) => group,
            None => {
                let n = to_long(vm, capture)?;
                let class = vm.c.index_error;
                return Err(vm.raise(class, format!("index {n} out of regexp")));
            }
        },
    };
    let Some(span) = spans[group] else {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("regexp group {group} not matched")));
    };
    let Range { start, end } = text.original_range(span);
    let replacement = expect_string(vm, value)?;
    let mut bytes = copy_of(s);
    bytes.splice(start..end, replacement.iter().copied());
    set_bytes(vm, s, bytes);
    Ok(value)
}

/// MRI's `rb_str_splice`: replaces `length` characters from character
/// `start` with `replacement`; IndexError when `start` is outside the
/// string or `length` is negative.
fn splice(vm: &mut Vm, s: Value, start: i64, length: i64, replacement: &[u8]) -> VmResult<()> {
    if length < 0 {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("negative length {length}")));
    }
    let mut bytes = copy_of(s);
    let map = CharMap::new(encoding_of(s), &bytes);
    let count = map.count() as i64;
    if start > count || start + count < 0 {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("index {start} out of string")));
    }
    let start = if start < 0 { start + count } else { start };
    let length = length.min(count - start);
    let span = map.byte_range(start as usize, length as usize);
    bytes.splice(span, replacement.iter().copied());
    set_bytes(vm, s, bytes);
    Ok(())
}

// --- searching -------------------------------------------------------------

/// The byte offset of the first `needle` in `haystack` at or after byte
/// `from`.
pub(super) fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > haystack.len() {
        return None;
    }
    if needle.is_empty() {
        return Some(from);
    }
    haystack[from..]
        .windows(needle.len())
        .position(|window| window == needle)
        .map(|at| at + from)
}

/// [`find`], skipping occurrences that do not start a character of
/// `haystack` (whose CharMap is `map`).
pub(super) fn find_char(
    haystack: &[u8],
    map: &CharMap,
    needle: &[u8],
    from: usize,
) -> Option<usize> {
    let mut from = from;
    while let Some(at) = find(haystack, needle, from) {
        if map.is_boundary(at) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The byte offset of the last `needle` in `haystack` starting a
/// character at or before byte `until`.
fn find_last_char(haystack: &[u8], map: &CharMap, needle: &[u8], until: usize) -> Option<usize> {
    if needle.len() > haystack.len() {
        return None;
    }
    let last_start = until.min(haystack.len() - needle.len());
    (0..=last_start)
        .rev()
        .find(|&at| haystack[at..].starts_with(needle) && map.is_boundary(at))
}

/// `index(substring, offset = 0)`: the character index of the first
/// occurrence at or after `offset`.
fn index(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let needle = match expect_string_or_regexp(vm, args[0])? {
        Pattern::Text(needle) => needle,
        Pattern::Regexp(re) => {
            let text = regexp::match_subject(vm, re, s)?;
            let from = match args.get(1) {
                Some(&offset) => match regexp::position(vm, &text, offset)? {
                    Some(from) => from,
                    None => return Ok(Value::NIL),
                },
                None => 0,
            };
            return Ok(match regexp::search(vm, re, &text, from)? {
                Some(spans) => Value::small(char_index(&text, whole(&spans).0) as i64),
                None => Value::NIL,
            });
        }
    };
    let bytes = copy_of(s);
    let map = CharMap::new(encoding_of(s), &bytes);
    let count = map.count() as i64;
    let offset = match args.get(1) {
        Some(&offset) => to_long(vm, offset)?,
        None => 0,
    };
    let offset = if offset < 0 { offset + count } else { offset };
    if offset < 0 || offset > count {
        return Ok(Value::NIL);
    }
    let from = map.offset(offset as usize);
    Ok(match find_char(&bytes, &map, &needle, from) {
        Some(at) => Value::small(map.index_at(at) as i64),
        None => Value::NIL,
    })
}

/// `rindex(substring, offset = length)`: the character index of the last
/// occurrence starting at or before `offset`.
fn rindex(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let pattern = expect_string_or_regexp(vm, args[0])?;
    let bytes = copy_of(s);
    let map = CharMap::new(encoding_of(s), &bytes);
    let count = map.count() as i64;
    let offset = match args.get(1) {
        Some(&offset) => {
            let offset = to_long(vm, offset)?;
            if offset < 0 && offset + count < 0 {
                return Ok(Value::NIL);
            }
            if offset < 0 {
                offset + count
            } else {
                offset.min(count)
            }
        }
        None => count,
    };
    let until = map.offset(offset as usize);
    let needle = match pattern {
        Pattern::Text(needle) => needle,
        Pattern::Regexp(re) => {
            let text = regexp::match_subject(vm, re, s)?;
            // A binary subject's text has a character for each byte.
            let until = match text.binary {
                true => regexp::byte_offset(&text, until).unwrap_or(text.len()),
                false => until,
            };
            return Ok(match search_backward(vm, re, &text, until)? {
                Some(spans) => Value::small(char_index(&text, whole(&spans).0) as i64),
                None => Value::NIL,
            });
        }
    };
    Ok(match find_last_char(&bytes, &map, &needle, until) {
        Some(at) => Value::small(map.index_at(at) as i64),
        None => Value::NIL,
    })
}

/// `start_with?(*prefixes)`: whether the receiver starts with any of them.
pub(crate) fn start_with(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    for &arg in args {
        match expect_string_or_regexp(vm, arg)? {
            // MRI 3.1 compares bytes here, without a character-boundary
            // check.
            Pattern::Text(prefix) => {
                if bytes_of(s).starts_with(&prefix) {
                    return Ok(Value::TRUE);
                }
            }
            Pattern::Regexp(re) => {
                let text = regexp::match_subject(vm, re, s)?;
                let data = regexp_data(re).expect("a Regexp");
                let found = data.match_at(&text, 0).map_err(|m| vm.regexp_error(m))?;
                let matched = found.is_some();
                vm.record_match_in(re, &text, found);
                if matched {
                    return Ok(Value::TRUE);
                }
            }
        }
    }
    Ok(Value::FALSE)
}

/// `end_with?(*suffixes)`: whether the receiver ends with any of them (a
/// whole number of characters).
pub(crate) fn end_with(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    for &arg in args {
        let suffix = expect_string(vm, arg)?;
        let bytes = bytes_of(s);
        if bytes.ends_with(&suffix)
            && CharMap::new(encoding_of(s), &bytes).is_boundary(bytes.len() - suffix.len())
        {
            return Ok(Value::TRUE);
        }
    }
    Ok(Value::FALSE)
}

fn without_prefix(vm: &mut Vm, s: Value, prefix: Value) -> VmResult<Vec<u8>> {
    let prefix = expect_string(vm, prefix)?;
    let bytes = copy_of(s);
    if bytes.starts_with(&prefix) && CharMap::new(encoding_of(s), &bytes).is_boundary(prefix.len())
    {
        return Ok(bytes[prefix.len()..].to_vec());
    }
    Ok(bytes)
}

fn without_suffix(vm: &mut Vm, s: Value, suffix: Value) -> VmResult<Vec<u8>> {
    let suffix = expect_string(vm, suffix)?;
    let bytes = copy_of(s);
    let cut = bytes.len().wrapping_sub(suffix.len());
    if bytes.ends_with(&suffix) && CharMap::new(encoding_of(s), &bytes).is_boundary(cut) {
        return Ok(bytes[..cut].to_vec());
    }
    Ok(bytes)
}

/// `[before, separator, after]`, or when the separator was not found the
/// receiver first (`partition`) or last (`rpartition`).
fn three_parts(
    vm: &mut Vm,
    bytes: &[u8],
    found: Option<Range<usize>>,
    from_right: bool,
) -> VmResult {
    let parts: [&[u8]; 3] = match &found {
        Some(span) => [
            &bytes[..span.start],
            &bytes[span.clone()],
            &bytes[span.end..],
        ],
        None if from_right => [b"", b"", bytes],
        None => [bytes, b"", b""],
    };
    let result = vm.new_array(Vec::with_capacity(3));
    vm.append_strings(result, parts);
    Ok(result)
}

/// `scan(pattern)`: every non-overlapping occurrence, as an Array or each
/// given to the block (then answering the receiver). With a Regexp that
/// has groups, each occurrence is the Array of its groups; `$~` is the
/// occurrence being given to the block, and the last one after.
fn scan(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let needle = match expect_pattern(vm, args[0])? {
        Pattern::Text(needle) => needle,
        Pattern::Regexp(re) => return scan_regexp(vm, s, re),
    };
    let bytes = copy_of(s);
    let map = CharMap::new(encoding_of(s), &bytes);
    let mut matches = Vec::new();
    let mut from = 0;
    while let Some(at) = find_char(&bytes, &map, &needle, from) {
        matches.push(at);
        from = if needle.is_empty() {
            match bytes.get(at..) {
                Some(rest) if !rest.is_empty() => at + char_len(encoding_of(s), rest),
                _ => bytes.len() + 1,
            }
        } else {
            at + needle.len()
        };
    }
    match vm.current_block() {
        Some(block) => {
            for _ in matches {
                let found = vm.new_string(needle.clone());
                vm.invoke_block(&block, &[found])?;
            }
            Ok(s)
        }
        None => {
            let result = vm.new_array(Vec::with_capacity(matches.len()));
            for _ in matches {
                let found = vm.new_string(needle.clone());
                append(result, found);
            }
            Ok(result)
        }
    }
}

fn scan_regexp(vm: &mut Vm, s: Value, re: Value) -> VmResult {
    let text = regexp::match_subject(vm, re, s)?;
    let data = regexp_data(re).expect("a Regexp");
    let block = vm.current_block();
    let result = if block.is_none() {
        vm.new_array(Vec::new())
    } else {
        Value::NIL
    };
    vm.temp_roots.borrow_mut().push(result);
    let outcome = (|| {
        let mut from = 0;
        let mut last = None;
        while let Some(spans) = data.search(&text, from).map_err(|m| vm.regexp_error(m))? {
            let (start, end) = spans[0].expect("a match");
            // An empty match moves on by one character.
            from = if start == end {
                end + text[end..].chars().next().map_or(1, char::len_utf8)
            } else {
                end
            };
            let item = if spans.len() == 1 {
                let bytes = text.bytes(start..end);
                super::new_string_like(vm, s, bytes)
            } else {
                regexp::strings_of(vm, &text, &spans[1..], text.binary)
            };
            match &block {
                Some(block) => {
                    vm.temp_roots.borrow_mut().push(item);
                    vm.record_match_in(re, &text, Some(spans.clone()));
                    vm.temp_roots.borrow_mut().pop();
                    vm.invoke_block(block, &[item])?;
                }
                None => append(result, item),
            }
            last = Some(spans);
            if from > text.len() {
                break;
            }
        }
        vm.record_match_in(re, &text, last);
        Ok(())
    })();
    vm.temp_roots.borrow_mut().pop();
    outcome?;
    Ok(if block.is_some() { s } else { result })
}

/// `match?(pattern, position = 0)`: whether the pattern (a String is
/// compiled as a Regexp) matches at or after character `position`,
/// without setting `$~`.
pub(crate) fn match_p(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let re = regexp_argument(vm, args[0])?;
    let data = regexp_data(re).expect("a Regexp");
    let text = regexp::match_subject(vm, re, s)?;
    let from = match args.get(1) {
        Some(&position) => match regexp::position(vm, &text, position)? {
            Some(from) => from,
            None => return Ok(Value::FALSE),
        },
        None => 0,
    };
    let found = data
        .is_match_from(&text, from)
        .map_err(|m| vm.regexp_error(m))?;
    Ok(Value::bool(found))
}
