//! MatchData: one match of a Regexp, and its groups.
//!
//! A MatchData keeps the text it was matched against (shared by every
//! match of one `gsub` or `scan`: copied once per call) and the byte spans
//! of the match and each group. Offsets Ruby sees are characters.

use super::{char_index, inspect_text, strings_of};
use crate::core::array::to_long;
use crate::core::public;
use crate::object::{RMatch, RString};
use crate::pattern::MatchInfo;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

impl MatchInfo {
    /// A String of a slice of `text`.
    pub fn string(&self, vm: &mut Vm, slice: &str) -> Value {
        if self.binary {
            let bytes = super::latin1_bytes(slice);
            crate::core::string::new_string_in(vm, &bytes, crate::encoding::Encoding::Binary)
        } else {
            vm.new_str(slice)
        }
    }

    /// The matched text of group `n`, if it took part.
    pub fn group_text(&self, n: usize) -> Option<&str> {
        let (start, end) = self.spans.get(n).copied().flatten()?;
        Some(&self.text[start..end])
    }
}

/// The MatchData of a value (the receiver of a MatchData method).
fn info(value: Value) -> &'static MatchInfo {
    &value.get::<RMatch>().expect("a MatchData").data
}

pub fn define(vm: &mut Vm) {
    let class = vm.c.match_data;
    let singleton = vm.singleton_class(class);
    for name in ["new", "allocate"] {
        let sym = vm.symbols.intern(name);
        vm.add_method(
            singleton,
            sym,
            crate::object::MethodBody::Undefined,
            crate::object::Visibility::Public,
        );
    }
    vm.define_methods(
        class,
        &[
            public("regexp", 0, Some(0), class_regexp),
            public("string", 0, Some(0), class_string),
            public("names", 0, Some(0), class_names),
            public("size", 0, Some(0), class_size),
            public("length", 0, Some(0), class_length),
            public("to_a", 0, Some(0), class_to_a),
            public("captures", 0, Some(0), class_captures),
            public("named_captures", 0, Some(0), class_named_captures),
            public("pre_match", 0, Some(0), class_pre_match),
            public("post_match", 0, Some(0), class_post_match),
            public("to_s", 0, Some(0), class_to_s),
            public("[]", 1, Some(2), aref),
            public("begin", 1, Some(1), class_begin),
            public("end", 1, Some(1), class_end),
            public("offset", 1, Some(1), class_offset),
            public("match", 1, Some(1), class_match),
            public("match_length", 1, Some(1), class_match_length),
            public("values_at", 0, None, class_values_at),
            public("inspect", 0, Some(0), class_inspect),
            public("==", 1, Some(1), match_eq),
            public("eql?", 1, Some(1), match_eq),
        ],
    );
}

/// `regexp`.
fn class_regexp(_: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    Ok(info(m).regexp)
}

/// `string`.
fn class_string(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    let string = info.string(vm, &info.text);
    string.header().expect("a String").freeze();
    Ok(string)
}

/// `names`.
fn class_names(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let result = vm.new_array(Vec::new());
    let names = info(m).data.names.iter().map(|(n, _)| n.as_bytes());
    vm.append_strings(result, names);
    Ok(result)
}

/// `size`.
fn class_size(_: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(info(m).spans.len() as i64))
}

/// `length`.
fn class_length(_: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(info(m).spans.len() as i64))
}

/// `to_a`.
fn class_to_a(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    Ok(strings_of(vm, &info.text, &info.spans, info.binary))
}

/// `captures`.
fn class_captures(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    Ok(strings_of(vm, &info.text, &info.spans[1..], info.binary))
}

/// `named_captures`.
fn class_named_captures(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    let hash = vm.new_hash();
    vm.temp_roots.borrow_mut().push(hash);
    let result = (|| {
        for (name, _) in &info.data.names {
            let group = info.data.group_named(name, &info.spans).expect("known");
            let key = vm.new_str(name);
            vm.temp_roots.borrow_mut().push(key);
            let value = text_value(vm, info, info.group_text(group));
            vm.temp_roots.borrow_mut().pop();
            vm.hash_set(hash, key, value)?;
        }
        Ok(hash)
    })();
    vm.temp_roots.borrow_mut().pop();
    result
}

/// `pre_match`.
fn class_pre_match(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    let (start, _) = info.spans[0].expect("a match");
    Ok(info.string(vm, &info.text[..start]))
}

/// `post_match`.
fn class_post_match(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    let (_, end) = info.spans[0].expect("a match");
    Ok(info.string(vm, &info.text[end..]))
}

/// `to_s`.
fn class_to_s(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    let info = info(m);
    let text = info.group_text(0).unwrap_or("");
    Ok(info.string(vm, text))
}

/// `begin`.
fn class_begin(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let group = group_index(vm, m, args[0])?;
    let info = info(m);
    Ok(match info.spans[group] {
        Some((start, _)) => Value::small(char_index(&info.text, start) as i64),
        None => Value::NIL,
    })
}

/// `end`.
fn class_end(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let group = group_index(vm, m, args[0])?;
    let info = info(m);
    Ok(match info.spans[group] {
        Some((_, end)) => Value::small(char_index(&info.text, end) as i64),
        None => Value::NIL,
    })
}

/// `offset`.
fn class_offset(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let group = group_index(vm, m, args[0])?;
    let info = info(m);
    let pair = match info.spans[group] {
        Some((start, end)) => vec![
            Value::small(char_index(&info.text, start) as i64),
            Value::small(char_index(&info.text, end) as i64),
        ],
        None => vec![Value::NIL, Value::NIL],
    };
    Ok(vm.new_array(pair))
}

/// `match`.
fn class_match(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let group = group_index(vm, m, args[0])?;
    let text = info(m).group_text(group);
    Ok(text_value(vm, info(m), text))
}

/// `match_length`.
fn class_match_length(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let group = group_index(vm, m, args[0])?;
    Ok(match info(m).group_text(group) {
        Some(text) => Value::small(text.chars().count() as i64),
        None => Value::NIL,
    })
}

/// `values_at`.
fn class_values_at(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let result = vm.new_array(Vec::new());
    for &index in args {
        if !index.is_fixnum() && vm.is_kind_of(index, vm.c.range) {
            for group in range_groups(vm, m, index)? {
                let value = match group {
                    Some(group) => text_value(vm, info(m), info(m).group_text(group)),
                    None => Value::NIL,
                };
                crate::core::array::append(result, value);
            }
            continue;
        }
        let value = group_value(vm, m, index)?;
        crate::core::array::append(result, value);
    }
    Ok(result)
}

/// `inspect`.
fn class_inspect(vm: &mut Vm, m: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str(&inspect(info(m))))
}

/// A String of matched text, or nil.
fn text_value(vm: &mut Vm, info: &MatchInfo, text: Option<&str>) -> Value {
    match text {
        Some(text) => info.string(vm, text),
        None => Value::NIL,
    }
}

/// `m[i]`, `m[name]`, `m[start, length]`, `m[range]`.
fn aref(vm: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    if args.len() == 1 && (args[0].is_fixnum() || is_name(args[0])) {
        return group_value(vm, m, args[0]);
    }
    let all = {
        let info = info(m);
        strings_of(vm, &info.text, &info.spans, info.binary)
    };
    let index = vm.symbols.intern("[]");
    vm.call(all, index, args)
}

fn is_name(value: Value) -> bool {
    value.as_symbol().is_some() || value.get::<RString>().is_some()
}

/// The text of the group an index (negative from the end) or a name
/// selects: nil for an index outside the groups; IndexError for an
/// unknown name.
pub fn group_value(vm: &mut Vm, m: Value, index: Value) -> VmResult {
    let info = info(m);
    let group = if is_name(index) {
        named_group(vm, info, index)?
    } else {
        // Counting from the end never reaches the whole match (MRI's
        // `rb_reg_nth_match`).
        let n = to_long(vm, index)?;
        let count = info.spans.len() as i64;
        match n {
            n if n < 0 && n + count > 0 => (n + count) as usize,
            n if (0..count).contains(&n) => n as usize,
            _ => return Ok(Value::NIL),
        }
    };
    let text = info.group_text(group);
    Ok(text_value(vm, info, text))
}

/// The group a name selects, or IndexError.
fn named_group(vm: &mut Vm, info: &MatchInfo, name: Value) -> VmResult<usize> {
    let name = match name.as_symbol() {
        Some(sym) => vm.symbols.name(sym).to_string(),
        None => vm.string_text(name).expect("a String"),
    };
    match info.data.group_named(&name, &info.spans) {
        Some(group) => Ok(group),
        None => {
            let class = vm.c.index_error;
            Err(vm.raise(class, format!("undefined group name reference: {name}")))
        }
    }
}

/// The group `begin`, `end` and `offset` take: an index within the groups
/// (IndexError otherwise) or a name.
fn group_index(vm: &mut Vm, m: Value, index: Value) -> VmResult<usize> {
    let info = info(m);
    if is_name(index) {
        return named_group(vm, info, index);
    }
    let n = to_long(vm, index)?;
    if n < 0 || n as usize >= info.spans.len() {
        let class = vm.c.index_error;
        return Err(vm.raise(class, format!("index {n} out of matches")));
    }
    Ok(n as usize)
}

/// The groups a Range selects in `values_at` (MRI's `rb_range_beg_len`
/// then `match_ary_subseq`): None past the last group; RangeError for a
/// start before the first.
fn range_groups(vm: &mut Vm, m: Value, range: Value) -> VmResult<Vec<Option<usize>>> {
    let count = info(m).spans.len() as i64;
    let (first, last, exclusive) = vm.range_parts(range);
    let begin = if first.is_nil() {
        0
    } else {
        to_long(vm, first)?
    };
    let (end, exclusive) = if last.is_nil() {
        (count, false)
    } else {
        (to_long(vm, last)?, exclusive)
    };
    let begin = if begin < 0 { begin + count } else { begin };
    if begin < 0 {
        let text = vm.inspect(range)?;
        let class = vm.c.range_error;
        return Err(vm.raise(class, format!("{text} out of range")));
    }
    let end = if end < 0 && !last.is_nil() {
        end + count
    } else {
        end
    };
    let end = if exclusive || last.is_nil() {
        end
    } else {
        end + 1
    };
    Ok((begin..end.max(begin))
        .map(|g| (g < count).then_some(g as usize))
        .collect())
}

/// `#<MatchData "ab" 1:"a" name:"b">`.
fn inspect(info: &MatchInfo) -> String {
    let inspect_text = |text: &str| {
        if info.binary {
            let bytes = super::latin1_bytes(text);
            crate::core::string::inspect_string_in(crate::encoding::Encoding::Binary, &bytes)
        } else {
            inspect_text(text)
        }
    };
    let mut out = String::from("#<MatchData ");
    out.push_str(&inspect_text(info.group_text(0).unwrap_or("")));
    let mut labels: Vec<String> = (1..info.spans.len()).map(|g| g.to_string()).collect();
    for (name, groups) in &info.data.names {
        for &group in groups {
            labels[group - 1] = name.clone();
        }
    }
    for (group, label) in labels.iter().enumerate() {
        out.push(' ');
        out.push_str(label);
        out.push(':');
        match info.group_text(group + 1) {
            Some(text) => out.push_str(&inspect_text(text)),
            None => out.push_str("nil"),
        }
    }
    out.push('>');
    out
}

fn match_eq(_: &mut Vm, m: Value, args: &[Value]) -> VmResult {
    let Some(other) = args[0].get::<RMatch>() else {
        return Ok(Value::FALSE);
    };
    let (a, b) = (info(m), &*other.data);
    Ok(Value::bool(
        a.text == b.text
            && a.spans == b.spans
            && a.data.source == b.data.source
            && a.data.options == b.data.options,
    ))
}
