//! `sub`, `gsub`, `sub!` and `gsub!`, with a String or a Regexp pattern.
//!
//! The replacement is a template string (`\0` and `\&` for the match,
//! `\1`..`\9` and `\k<name>` for groups, `` \` `` and `\'` for the text
//! before and after it, `\\` for a backslash), a Hash looked up with the
//! match, or the block's value for the match. With a Regexp, the block
//! sees each match as `$~`, and `$~` is the last match afterwards.

use super::{chars_of, copy_of, expect_pattern, expect_string, set_bytes, Pattern};
use crate::core::enumerator::for_this_call;
use crate::core::public;
use crate::core::regexp::{match_subject, regexp_data};
use crate::encoding::Encoding;
use crate::object::RHash;
use crate::pattern::{RegexpData, Spans};
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("sub", 0, Some(2), string_sub),
            public("gsub", 0, Some(2), string_gsub),
            public("sub!", 0, Some(2), string_sub_bang),
        ],
    );
    vm.define_native(string, "gsub!", 0, Some(2), string_gsub_bang);
}

/// `sub`.
fn string_sub(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = substitute(vm, s, args, false)?;
    Ok(super::new_string_like(
        vm,
        s,
        result.unwrap_or_else(|| copy_of(s)),
    ))
}

/// `gsub`.
fn string_gsub(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    if args.len() == 1 && vm.current_block().is_none() {
        return for_this_call(vm, s, args, Value::NIL);
    }
    let result = substitute(vm, s, args, true)?;
    Ok(super::new_string_like(
        vm,
        s,
        result.unwrap_or_else(|| copy_of(s)),
    ))
}

/// `sub!`.
fn string_sub_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    match substitute(vm, s, args, false)? {
        Some(result) => {
            set_bytes(vm, s, result);
            Ok(s)
        }
        None => Ok(Value::NIL),
    }
}

/// `gsub!`.
fn string_gsub_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    if args.len() == 1 && vm.current_block().is_none() {
        return for_this_call(vm, s, args, Value::NIL);
    }
    vm.check_frozen(s)?;
    match substitute(vm, s, args, true)? {
        Some(result) => {
            set_bytes(vm, s, result);
            Ok(s)
        }
        None => Ok(Value::NIL),
    }
}

/// What each match is replaced with.
enum Replacement {
    Template(Vec<u8>),
    Hash(Value),
    Block(std::rc::Rc<crate::block::Block>),
}

/// The receiver with the first (or, if `global`, every) occurrence of the
/// pattern replaced; None when there is none.
fn substitute(vm: &mut Vm, s: Value, args: &[Value], global: bool) -> VmResult<Option<Vec<u8>>> {
    let block = vm.current_block();
    // MRI's arity: sub needs two arguments without a block, one with.
    let min = if block.is_some() || global { 1 } else { 2 };
    if args.len() < min {
        return Err(vm.arity_error(args.len(), min, Some(2)));
    }
    let pattern = expect_pattern(vm, args[0])?;
    let replacement = match (args.get(1), block) {
        (Some(&hash), _) if hash.get::<RHash>().is_some() => Replacement::Hash(hash),
        (Some(&template), _) => Replacement::Template(expect_string(vm, template)?.into_vec()),
        (None, Some(block)) => Replacement::Block(block),
        (None, None) => return Err(vm.no_block_given()),
    };
    let pattern = match pattern {
        Pattern::Text(pattern) => pattern,
        Pattern::Regexp(re) => return substitute_regexp(vm, s, re, &replacement, global),
    };
    let bytes = copy_of(s);
    let matches = occurrences(super::encoding_of(s), &bytes, &pattern, global);
    if matches.is_empty() {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut copied = 0;
    for at in matches {
        out.extend_from_slice(&bytes[copied..at]);
        let end = at + pattern.len();
        match &replacement {
            Replacement::Template(template) => {
                let spans = vec![Some((at, end))];
                expand_template(vm, template, &bytes, &spans, None, &mut out)?;
            }
            Replacement::Hash(hash) => {
                let key = vm.new_string(pattern.clone());
                let value = vm.hash_get(*hash, key)?;
                out.extend_from_slice(&vm.to_s_bytes(value)?);
            }
            Replacement::Block(block) => {
                let matched = vm.new_string(pattern.clone());
                let value = vm.invoke_block(block, &[matched])?;
                out.extend_from_slice(&vm.to_s_bytes(value)?);
            }
        }
        copied = end;
    }
    out.extend_from_slice(&bytes[copied..]);
    Ok(Some(out))
}

/// [`substitute`] with a Regexp (MRI's `str_gsub`): after an empty match
/// the next search starts one character on, that character copied.
fn substitute_regexp(
    vm: &mut Vm,
    s: Value,
    re: Value,
    replacement: &Replacement,
    global: bool,
) -> VmResult<Option<Vec<u8>>> {
    let text = match_subject(vm, re, s)?;
    let data = regexp_data(re).expect("a Regexp");
    // The receiver's bytes; the engine's spans are offsets in `text`,
    // which for a binary receiver is its bytes as Latin-1 (converted with
    // `original`).
    let original;
    let bytes: &[u8] = if text.binary {
        original = copy_of(s);
        &original
    } else {
        text.as_bytes()
    };
    let to_original = |spans: &Spans| -> Spans {
        spans
            .iter()
            .map(|span| span.map(|(a, b)| (text.original(a), text.original(b))))
            .collect()
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut offset = 0;
    let mut last = None;
    while let Some(spans) = data.search(&text, offset).map_err(|m| vm.regexp_error(m))? {
        let (start, end) = spans[0].expect("a match");
        let pieces = to_original(&spans);
        let (piece_start, piece_end) = pieces[0].expect("a match");
        out.extend_from_slice(&bytes[text.original(offset)..piece_start]);
        match replacement {
            Replacement::Template(template) => {
                expand_template(vm, template, bytes, &pieces, Some(&data), &mut out)?;
            }
            Replacement::Hash(hash) => {
                vm.record_match_in(re, &text, Some(spans.clone()));
                let key = super::new_string_like(vm, s, bytes[piece_start..piece_end].to_vec());
                let value = vm.hash_get(*hash, key)?;
                out.extend_from_slice(&vm.to_s_bytes(value)?);
            }
            Replacement::Block(block) => {
                vm.record_match_in(re, &text, Some(spans.clone()));
                let matched = super::new_string_like(vm, s, bytes[piece_start..piece_end].to_vec());
                let value = vm.invoke_block(block, &[matched])?;
                out.extend_from_slice(&vm.to_s_bytes(value)?);
            }
        }
        offset = end;
        last = Some(spans);
        if start == end {
            let Some(c) = text[end..].chars().next() else {
                break;
            };
            let next = text.original(end + c.len_utf8());
            out.extend_from_slice(&bytes[piece_end..next]);
            offset = end + c.len_utf8();
        }
        if !global {
            break;
        }
    }
    let found = last.is_some();
    vm.record_match_in(re, &text, last);
    if !found {
        return Ok(None);
    }
    out.extend_from_slice(&bytes[text.original(offset)..]);
    Ok(Some(out))
}

/// Where `pattern` occurs in `bytes`, without overlaps (the first only
/// unless `global`); an empty pattern occurs before every character and at
/// the end.
pub(super) fn occurrences(
    encoding: Encoding,
    bytes: &[u8],
    pattern: &[u8],
    global: bool,
) -> Vec<usize> {
    if pattern.is_empty() {
        let mut starts = vec![0];
        if global {
            let mut offset = 0;
            for c in chars_of(encoding, bytes) {
                offset += c.len();
                starts.push(offset);
            }
        }
        return starts;
    }
    let map = super::CharMap::new(encoding, bytes);
    let mut starts = Vec::new();
    let mut from = 0;
    while let Some(at) = super::index::find_char(bytes, &map, pattern, from) {
        starts.push(at);
        if !global {
            break;
        }
        from = at + pattern.len();
    }
    starts
}

/// Appends `template` with its backslash sequences expanded for the match
/// whose byte spans in `bytes` are `spans` (MRI's `rb_reg_regsub`). The
/// pattern's groups (`regexp`) give `\1`..`\9` and `\k<name>`; `\1`..`\9`
/// are empty for a group that did not take part, one that does not exist,
/// and in a pattern with named groups.
fn expand_template(
    vm: &mut Vm,
    template: &[u8],
    bytes: &[u8],
    spans: &Spans,
    regexp: Option<&RegexpData>,
    out: &mut Vec<u8>,
) -> VmResult<()> {
    let (start, end) = spans[0].expect("a match");
    let group = |out: &mut Vec<u8>, n: usize| {
        if let Some(Some((from, to))) = spans.get(n) {
            out.extend_from_slice(&bytes[*from..*to]);
        }
    };
    let mut i = 0;
    while i < template.len() {
        let c = template[i];
        if c != b'\\' || i + 1 == template.len() {
            out.push(c);
            i += 1;
            continue;
        }
        let next = template[i + 1];
        i += 2;
        match next {
            b'0' | b'&' => group(out, 0),
            b'1'..=b'9' => {
                if regexp.is_some_and(|r| r.names.is_empty()) {
                    group(out, (next - b'0') as usize);
                }
            }
            b'`' => out.extend_from_slice(&bytes[..start]),
            b'\'' => out.extend_from_slice(&bytes[end..]),
            b'\\' => out.push(b'\\'),
            b'k' if template.get(i) == Some(&b'<') => {
                let Some(close) = template[i..].iter().position(|&b| b == b'>') else {
                    let class = vm.c.runtime_error;
                    let message = "invalid group name reference format".to_string();
                    return Err(vm.raise(class, message));
                };
                let name = String::from_utf8_lossy(&template[i + 1..i + close]).into_owned();
                match regexp.and_then(|r| r.group_named(&name, spans)) {
                    Some(n) => group(out, n),
                    None => {
                        let class = vm.c.index_error;
                        let message = format!("undefined group name reference: {name}");
                        return Err(vm.raise(class, message));
                    }
                }
                i += close + 1;
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    Ok(())
}
