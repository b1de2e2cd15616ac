//! The String methods that cut a string into pieces: `split`, `lines` and
//! `each_line`, `chars` and `each_char`, `bytes` and `each_byte`,
//! `codepoints` and `each_codepoint`, and `upto`.
//!
//! Each works on a copy of the receiver taken when it starts, so a block
//! that changes the receiver does not disturb it. The Array forms build
//! their result in a Ruby Array; with a block (`split`, `lines`, `chars`
//! and friends take one too) each piece is given to it and the receiver is
//! answered, as in MRI. The `each_*` forms and `upto` called without a block
//! answer an Enumerator.

use super::{
    bytes_of, chars_of, copy_of, decoded_chars, encoding_of, expect_pattern, expect_string,
    string_of, to_long, transform::chomp_bytes, transform::successor, Pattern,
};
use crate::core::enumerator::for_this_call;
use crate::core::public;
use crate::core::regexp::regexp_data;
use crate::encoding::Encoding;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::ops::Range;

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("split", 0, Some(2), split),
            public("lines", 0, Some(2), string_lines),
            public("each_line", 0, Some(2), string_each_line),
            public("chars", 0, Some(0), string_chars),
            public("each_char", 0, Some(0), string_each_char),
            public("bytes", 0, Some(0), string_bytes),
            public("each_byte", 0, Some(0), string_each_byte),
            public("codepoints", 0, Some(0), string_codepoints),
            public("each_codepoint", 0, Some(0), string_each_codepoint),
            public("upto", 1, Some(2), upto),
        ],
    );
}

/// `lines`.
fn string_lines(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let (pieces, bytes) = lines(vm, s, args)?;
    give_strings(vm, s, &bytes, pieces)
}

/// `each_line`.
fn string_each_line(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    if vm.current_block().is_none() {
        return for_this_call(vm, s, args, Value::NIL);
    }
    let (pieces, bytes) = lines(vm, s, args)?;
    give_strings(vm, s, &bytes, pieces)
}

/// `chars`.
fn string_chars(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = copy_of(s);
    give_strings(vm, s, &bytes, char_spans(encoding_of(s), &bytes))
}

/// `each_char`.
fn string_each_char(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = copy_of(s);
    if vm.current_block().is_none() {
        let size = Value::small(string_of(s).char_len() as i64);
        return for_this_call(vm, s, &[], size);
    }
    give_strings(vm, s, &bytes, char_spans(encoding_of(s), &bytes))
}

/// `bytes`.
fn string_bytes(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = copy_of(s);
    let values = bytes.iter().map(|&b| Value::small(b as i64));
    give_values(vm, s, values.collect())
}

/// `each_byte`.
fn string_each_byte(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let bytes = copy_of(s);
    if vm.current_block().is_none() {
        return for_this_call(vm, s, &[], Value::small(bytes.len() as i64));
    }
    let values = bytes.iter().map(|&b| Value::small(b as i64));
    give_values(vm, s, values.collect())
}

/// `codepoints`.
fn string_codepoints(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    let values = codepoints(vm, s)?;
    give_values(vm, s, values)
}

/// `each_codepoint`.
fn string_each_codepoint(vm: &mut Vm, s: Value, _: &[Value]) -> VmResult {
    if vm.current_block().is_none() {
        let size = Value::small(string_of(s).char_len() as i64);
        return for_this_call(vm, s, &[], size);
    }
    let values = codepoints(vm, s)?;
    give_values(vm, s, values)
}

/// Gives the strings at `pieces` of `bytes` to the block and answers the
/// receiver, or (without a block) answers them as an Array.
fn give_strings(vm: &mut Vm, s: Value, bytes: &[u8], pieces: Vec<Range<usize>>) -> VmResult {
    match vm.current_block() {
        Some(block) => {
            let encoding = encoding_of(s);
            for piece in pieces {
                let string = super::new_string_in(vm, &bytes[piece], encoding);
                vm.invoke_block(&block, &[string])?;
            }
            Ok(s)
        }
        None => {
            let result = vm.new_array(Vec::with_capacity(pieces.len()));
            let encoding = encoding_of(s);
            for piece in pieces {
                let string = super::new_string_in(vm, &bytes[piece], encoding);
                crate::core::array::append(result, string);
            }
            Ok(result)
        }
    }
}

/// [`give_strings`] for immediate values (bytes and codepoints).
fn give_values(vm: &mut Vm, s: Value, values: Vec<Value>) -> VmResult {
    match vm.current_block() {
        Some(block) => {
            for value in values {
                vm.invoke_block(&block, &[value])?;
            }
            Ok(s)
        }
        None => Ok(vm.new_array(values)),
    }
}

fn char_spans(encoding: Encoding, bytes: &[u8]) -> Vec<Range<usize>> {
    let mut spans = Vec::with_capacity(bytes.len());
    let mut offset = 0;
    for c in chars_of(encoding, bytes) {
        spans.push(offset..offset + c.len());
        offset += c.len();
    }
    spans
}

/// The codepoints of the receiver; ArgumentError for invalid UTF-8.
fn codepoints(vm: &mut Vm, s: Value) -> VmResult<Vec<Value>> {
    let mut values = Vec::new();
    let encoding = encoding_of(s);
    for c in decoded_chars(encoding, &bytes_of(s)) {
        match c {
            Ok(c) => values.push(Value::small(c as i64)),
            Err(byte) if encoding == Encoding::Binary => values.push(Value::small(byte as i64)),
            Err(_) => {
                let message = format!("invalid byte sequence in {}", encoding.name());
                return Err(vm.argument_error(message));
            }
        }
    }
    Ok(values)
}

// --- split -------------------------------------------------------------------

/// `split(pattern = nil, limit = 0)`: by whitespace (no pattern, nil or
/// `" "`: leading whitespace ignored, runs of it separating), into
/// characters (`""`) or at each occurrence of a string. A positive limit
/// caps the number of fields, the last holding the rest; with limit 0
/// trailing empty fields are dropped.
fn split(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let pattern = match args.first() {
        None | Some(&Value::NIL) => None,
        Some(&pattern) => Some(expect_pattern(vm, pattern)?),
    };
    let limit = match args.get(1) {
        Some(&limit) => to_long(vm, limit)?,
        None => 0,
    };
    let bytes = copy_of(s);
    let pieces = match pattern {
        Some(Pattern::Regexp(re)) => split_regexp(vm, s, re, limit)?,
        Some(Pattern::Text(text)) => split_spans(encoding_of(s), &bytes, Some(&text), limit),
        None => split_spans(encoding_of(s), &bytes, None, limit),
    };
    give_strings(vm, s, &bytes, pieces)
}

/// The pieces of `split` with a Regexp (MRI's loop, empty matches and all):
/// the text between matches, and after each match the groups that took
/// part. `$~` is the last match.
fn split_regexp(vm: &mut Vm, s: Value, re: Value, limit: i64) -> VmResult<Vec<Range<usize>>> {
    let text = crate::core::regexp::match_subject(vm, re, s)?;
    let len = text.len();
    if limit == 1 {
        return Ok(std::iter::once(0..len).filter(|_| len > 0).collect());
    }
    let data = regexp_data(re).expect("a Regexp");
    let char_at = |at: usize| text[at..].chars().next().map_or(1, char::len_utf8);
    let mut pieces = Vec::new();
    let (mut beg, mut start) = (0, 0);
    let mut last_null = false;
    let mut fields = 1;
    // `$~` is the last match when the limit stops the loop, nil when a
    // search fails.
    let mut last = None;
    while let Some(spans) = data.search(&text, start).map_err(|m| vm.regexp_error(m))? {
        let (match_start, match_end) = spans[0].expect("a match");
        if start == match_start && match_start == match_end {
            if last_null {
                pieces.push(beg..beg + char_at(beg));
                beg = start;
            } else {
                start += if start == len { 1 } else { char_at(start) };
                last_null = true;
                continue;
            }
        } else {
            pieces.push(beg..match_start);
            beg = match_end;
            start = match_end;
        }
        last_null = false;
        pieces.extend(spans[1..].iter().flatten().map(|&(from, to)| from..to));
        fields += 1;
        if limit > 0 && limit <= fields {
            last = Some(spans);
            break;
        }
    }
    vm.record_match_in(re, &text, last);
    if len > 0 && (limit != 0 || len > beg) {
        pieces.push(beg..len);
    }
    if limit == 0 {
        while pieces.last().is_some_and(|piece| piece.is_empty()) {
            pieces.pop();
        }
    }
    Ok(pieces
        .into_iter()
        .map(|piece| text.original_range((piece.start, piece.end)))
        .collect())
}

fn split_spans(
    encoding: Encoding,
    bytes: &[u8],
    pattern: Option<&[u8]>,
    limit: i64,
) -> Vec<Range<usize>> {
    if limit == 1 {
        return if bytes.is_empty() {
            Vec::new()
        } else {
            std::iter::once(0..bytes.len()).collect()
        };
    }
    // Fields still allowed before the rest is taken whole (MRI's `lim` and
    // `i`): unlimited unless the limit is above 1.
    let capped = limit > 1;
    let mut fields = 1;
    let mut pieces = Vec::new();
    let mut start = 0;
    match pattern {
        None | Some(b" ") => {
            let mut skipping = true;
            let mut end = 0;
            for (i, &b) in bytes.iter().enumerate() {
                let space = matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
                if skipping {
                    if space {
                        start = i + 1;
                    } else {
                        end = i + 1;
                        skipping = false;
                        if capped && limit <= fields {
                            break;
                        }
                    }
                } else if space {
                    pieces.push(start..end);
                    skipping = true;
                    start = i + 1;
                    fields += 1;
                } else {
                    end = i + 1;
                }
            }
        }
        Some(b"") => {
            for c in chars_of(encoding, bytes) {
                pieces.push(start..start + c.len());
                start += c.len();
                fields += 1;
                if capped && limit <= fields {
                    break;
                }
            }
        }
        Some(separator) => {
            let map = super::CharMap::new(encoding, bytes);
            let mut from = 0;
            while let Some(at) = super::index::find_char(bytes, &map, separator, from) {
                pieces.push(start..at);
                start = at + separator.len();
                from = start;
                fields += 1;
                if capped && limit <= fields {
                    break;
                }
            }
        }
    }
    if !bytes.is_empty() && (capped || bytes.len() > start || limit < 0) {
        pieces.push(start..bytes.len());
    }
    if limit == 0 {
        while pieces.last().is_some_and(|piece| piece.is_empty()) {
            pieces.pop();
        }
    }
    pieces
}

// --- lines -------------------------------------------------------------------

/// The lines of `lines`/`each_line(separator = $/, chomp: false)` and the
/// copy of the receiver they index.
fn lines(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult<(Vec<Range<usize>>, Vec<u8>)> {
    let (positional, chomp) = chomp_keyword(vm, args)?;
    let bytes = copy_of(s);
    let separator = match positional.first() {
        None => b"\n".to_vec(),
        Some(&Value::NIL) => {
            let whole = std::iter::once(0..bytes.len()).collect();
            return Ok((whole, bytes));
        }
        Some(&separator) => expect_string(vm, separator)?.into_vec(),
    };
    let pieces = if separator.is_empty() {
        paragraphs(&bytes, chomp)
    } else {
        line_spans(encoding_of(s), &bytes, &separator, chomp)
    };
    Ok((pieces, bytes))
}

/// Splits off the `chomp:` keyword; any other keyword is an ArgumentError,
/// as is more than one positional argument.
fn chomp_keyword<'a>(vm: &mut Vm, args: &'a [Value]) -> VmResult<(&'a [Value], bool)> {
    let (positional, chomp) = match args.split_last() {
        Some((&options, positional)) if vm.called_with_keywords() => {
            let mut chomp = false;
            for (key, value) in vm.hash_pairs(options) {
                if key
                    .as_symbol()
                    .is_some_and(|k| vm.symbols.name(k) == "chomp")
                {
                    chomp = value.truthy();
                } else {
                    let shown = vm.inspect(key)?;
                    return Err(vm.argument_error(format!("unknown keyword: {shown}")));
                }
            }
            (positional, chomp)
        }
        _ => (args, false),
    };
    if positional.len() > 1 {
        return Err(vm.arity_error(positional.len(), 0, Some(1)));
    }
    Ok((positional, chomp))
}

/// Lines ending with `separator` (the last may not); with `chomp`, without
/// it (a `"\n"` separator also takes a `"\r"` before it).
fn line_spans(
    encoding: Encoding,
    bytes: &[u8],
    separator: &[u8],
    chomp: bool,
) -> Vec<Range<usize>> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let newline = separator == b"\n";
    let map = super::CharMap::new(encoding, bytes);
    while let Some(at) = super::index::find_char(bytes, &map, separator, start) {
        let end = at + separator.len();
        let kept = if !chomp {
            end
        } else if newline {
            start + chomp_bytes(&bytes[start..end], b"\n").len()
        } else {
            at
        };
        pieces.push(start..kept);
        start = end;
    }
    // The rest cannot end with the separator: it would have been found.
    if start < bytes.len() {
        pieces.push(start..bytes.len());
    }
    pieces
}

/// Paragraph mode (`lines("")`): a paragraph ends after its first two
/// newlines (`\n` or `\r\n`), and the newlines after those are skipped;
/// with `chomp` only its first newline is kept.
fn paragraphs(bytes: &[u8], chomp: bool) -> Vec<Range<usize>> {
    // The length of the newline at `i`, if there is one.
    let newline_at = |i: usize| -> Option<usize> {
        match bytes.get(i..)? {
            [b'\n', ..] => Some(1),
            [b'\r', b'\n', ..] => Some(2),
            _ => None,
        }
    };
    let mut pieces = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let Some(first) = newline_at(i) else {
            i += 1;
            continue;
        };
        let Some(second) = newline_at(i + first) else {
            i += first;
            continue;
        };
        let end = if chomp { i + first } else { i + first + second };
        pieces.push(start..end);
        i += first + second;
        while let Some(more) = newline_at(i) {
            i += more;
        }
        start = i;
    }
    if start < bytes.len() {
        pieces.push(start..bytes.len());
    }
    pieces
}

// --- upto --------------------------------------------------------------------

/// `upto(last, exclusive = false) { |s| }`: single ASCII characters by
/// code, strings of digits as numbers keeping the first one's width, other
/// strings by `succ` until `last` (or until they grow longer than it).
fn upto(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let last = expect_string(vm, args[0])?.into_vec();
    let exclusive = args.get(1).is_some_and(|v| v.truthy());
    let Some(block) = vm.current_block() else {
        return for_this_call(vm, s, args, Value::NIL);
    };
    let first = copy_of(s);
    if first.len() == 1 && last.len() == 1 && first.is_ascii() && last.is_ascii() {
        let (mut c, end) = (first[0], last[0]);
        if c > end || (exclusive && c == end) {
            return Ok(s);
        }
        loop {
            let string = vm.new_string(vec![c]);
            vm.invoke_block(&block, &[string])?;
            if !exclusive && c == end {
                break;
            }
            c += 1;
            if exclusive && c == end {
                break;
            }
        }
        return Ok(s);
    }
    let all_digits = |b: &[u8]| !b.is_empty() && b.iter().all(u8::is_ascii_digit);
    if all_digits(&first) && all_digits(&last) {
        let width = first.len();
        let parse = |b: &[u8]| num_bigint::BigInt::parse_bytes(b, 10).expect("digits");
        let (mut n, end) = (parse(&first), parse(&last));
        while n < end || (!exclusive && n == end) {
            let text = format!("{n:0width$}");
            let string = vm.new_string(text.into_bytes());
            vm.invoke_block(&block, &[string])?;
            n += 1;
        }
        return Ok(s);
    }
    if first > last || (exclusive && first == last) {
        return Ok(s);
    }
    let after_last = successor(encoding_of(s), &last);
    let mut current = first;
    while current != after_last {
        let next = (exclusive || current != last).then(|| successor(encoding_of(s), &current));
        let string = vm.new_string(current.clone());
        vm.invoke_block(&block, &[string])?;
        let Some(next) = next else {
            break;
        };
        current = next;
        if (exclusive && current == last) || current.len() > last.len() || current.is_empty() {
            break;
        }
    }
    Ok(s)
}
