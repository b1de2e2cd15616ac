//! The String methods that take character sets: `tr`, `tr_s`, `delete`,
//! `squeeze` and `count` (and the bang forms).
//!
//! A set is written as MRI's `tr` reads it: characters and ranges (`a-z`),
//! negated by a leading `^` (when more follows), with `\` escaping the next
//! character; a `-` first or last is literal. Several sets given to
//! `delete`, `squeeze` or `count` select the characters in all of them.
//! Characters are codepoints; a byte outside any valid UTF-8 sequence is a
//! unit of its own that only matches itself.

use super::{bytes_of, chars_of, encoding_of, expect_string, store_if_changed};
use crate::core::public;
use crate::encoding::Encoding;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use fxhash::FxHashMap;

pub fn define(vm: &mut Vm) {
    let string = vm.c.string;
    vm.define_methods(
        string,
        &[
            public("tr", 2, Some(2), string_tr),
            public("tr!", 2, Some(2), string_tr_bang),
            public("tr_s", 2, Some(2), string_tr_s),
            public("tr_s!", 2, Some(2), string_tr_s_bang),
            public("delete", 1, None, string_delete),
            public("delete!", 1, None, string_delete_bang),
            public("squeeze", 0, None, string_squeeze),
            public("squeeze!", 0, None, string_squeeze_bang),
        ],
    );
    vm.define_native(string, "count", 1, None, string_count);
}

/// `tr`.
fn string_tr(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = translate(vm, s, args, false)?;
    Ok(super::new_string_like(vm, s, result))
}

/// `tr!`.
fn string_tr_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = translate(vm, s, args, false)?;
    Ok(store_if_changed(vm, s, result))
}

/// `tr_s`.
fn string_tr_s(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = translate(vm, s, args, true)?;
    Ok(super::new_string_like(vm, s, result))
}

/// `tr_s!`.
fn string_tr_s_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = translate(vm, s, args, true)?;
    Ok(store_if_changed(vm, s, result))
}

/// `delete`.
fn string_delete(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = delete(vm, s, args)?;
    Ok(super::new_string_like(vm, s, result))
}

/// `delete!`.
fn string_delete_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = delete(vm, s, args)?;
    Ok(store_if_changed(vm, s, result))
}

/// `squeeze`.
fn string_squeeze(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let result = squeeze(vm, s, args)?;
    Ok(super::new_string_like(vm, s, result))
}

/// `squeeze!`.
fn string_squeeze_bang(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(s)?;
    let result = squeeze(vm, s, args)?;
    Ok(store_if_changed(vm, s, result))
}

/// `count`.
fn string_count(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult {
    let sets = parse_sets(vm, encoding_of(s), args)?;
    let count = units(encoding_of(s), &bytes_of(s))
        .filter(|&unit| sets.contains(unit))
        .count();
    Ok(Value::small(count as i64))
}

/// A character, or `INVALID_BASE + byte` for an invalid byte.
type Unit = u32;

const INVALID_BASE: Unit = 0x11_0000;

/// The units of `bytes` read in `encoding`.
fn units(encoding: Encoding, bytes: &[u8]) -> impl Iterator<Item = Unit> + '_ {
    chars_of(encoding, bytes).map(|c| match std::str::from_utf8(c) {
        Ok(text) => text.chars().next().expect("one character") as Unit,
        Err(_) => INVALID_BASE + c[0] as Unit,
    })
}

fn push_unit(out: &mut Vec<u8>, unit: Unit) {
    match char::from_u32(unit) {
        Some(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        None => out.push((unit - INVALID_BASE) as u8),
    }
}

/// One character set: inclusive ranges of units, in the order written.
struct CharSet {
    negated: bool,
    ranges: Vec<(Unit, Unit)>,
}

impl CharSet {
    fn contains(&self, unit: Unit) -> bool {
        self.ranges.iter().any(|&(a, b)| (a..=b).contains(&unit)) != self.negated
    }

    /// The units in order, ranges expanded (surrogates skipped).
    fn expanded(&self) -> impl Iterator<Item = Unit> + '_ {
        self.ranges
            .iter()
            .flat_map(|&(a, b)| (a..=b).filter(|u| !(0xd800..=0xdfff).contains(u)))
    }
}

/// Several sets: a unit is selected when every one contains it.
struct CharSets(Vec<CharSet>);

impl CharSets {
    fn contains(&self, unit: Unit) -> bool {
        self.0.iter().all(|set| set.contains(unit))
    }
}

/// Reads a set written as `tr` reads it, in the receiver's `encoding`;
/// `allow_negation` is false for the replacement side of `tr`, where `^`
/// is literal.
fn parse_set(
    vm: &mut Vm,
    encoding: Encoding,
    text: &[u8],
    allow_negation: bool,
) -> VmResult<CharSet> {
    let units: Vec<Unit> = units(encoding, text).collect();
    let negated = allow_negation && units.len() > 1 && units[0] == '^' as Unit;
    let mut i = usize::from(negated);
    let mut ranges = Vec::new();
    while i < units.len() {
        if units[i] == '\\' as Unit && i + 1 < units.len() {
            i += 1;
        }
        let first = units[i];
        i += 1;
        if i + 1 < units.len() && units[i] == '-' as Unit {
            let last = units[i + 1];
            i += 2;
            if first > last {
                let message = match (char::from_u32(first), char::from_u32(last)) {
                    (Some(a), Some(b)) if a.is_ascii() && b.is_ascii() => {
                        format!("invalid range \"{a}-{b}\" in string transliteration")
                    }
                    _ => "invalid range in string transliteration".to_string(),
                };
                return Err(vm.argument_error(message));
            }
            if first == last {
                // MRI's reader gives `a-a` as `a` twice, which shifts
                // the places of what follows in `tr`.
                ranges.push((first, first));
            }
            ranges.push((first, last));
        } else {
            ranges.push((first, first));
        }
    }
    Ok(CharSet { negated, ranges })
}

fn parse_sets(vm: &mut Vm, encoding: Encoding, args: &[Value]) -> VmResult<CharSets> {
    let mut sets = Vec::with_capacity(args.len());
    for &arg in args {
        let text = expect_string(vm, arg)?;
        sets.push(parse_set(vm, encoding, &text, true)?);
    }
    Ok(CharSets(sets))
}

/// `tr(from, to)` (and `tr_s` with `squeeze`): each character in `from`
/// becomes the one at the same place in `to`, whose last character repeats
/// as needed; a negated `from` turns every other character into the last
/// of `to`; an empty `to` deletes. `tr_s` then squeezes runs of the same
/// translated character.
fn translate(vm: &mut Vm, s: Value, args: &[Value], squeeze: bool) -> VmResult<Vec<u8>> {
    let from_text = expect_string(vm, args[0])?;
    let to_text = expect_string(vm, args[1])?;
    let encoding = encoding_of(s);
    let from = parse_set(vm, encoding, &from_text, true)?;
    let to = parse_set(vm, encoding, &to_text, false)?;
    let bytes = bytes_of(s).clone();
    let Some(last) = to.expanded().last() else {
        let sets = CharSets(vec![from]);
        return Ok(remove(encoding, &bytes, &sets));
    };
    let mut table: FxHashMap<Unit, Unit> = FxHashMap::default();
    if !from.negated {
        let mut replacements = to.expanded();
        for unit in from.expanded() {
            table.insert(unit, replacements.next().unwrap_or(last));
        }
    }
    let mut out = Vec::with_capacity(bytes.len());
    let mut previous = None;
    for unit in units(encoding, &bytes) {
        let translated = if from.negated {
            from.contains(unit).then_some(last)
        } else {
            table.get(&unit).copied()
        };
        match translated {
            Some(new) => {
                if squeeze && previous == Some(new) {
                    continue;
                }
                previous = Some(new);
                push_unit(&mut out, new);
            }
            None => {
                previous = None;
                push_unit(&mut out, unit);
            }
        }
    }
    Ok(out)
}

/// `delete(*sets)`: without the characters in every set.
fn delete(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult<Vec<u8>> {
    let sets = parse_sets(vm, encoding_of(s), args)?;
    Ok(remove(encoding_of(s), &bytes_of(s), &sets))
}

fn remove(encoding: Encoding, bytes: &[u8], sets: &CharSets) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for unit in units(encoding, bytes) {
        if !sets.contains(unit) {
            push_unit(&mut out, unit);
        }
    }
    out
}

/// `squeeze(*sets)`: runs of the same character (one in every set, when
/// sets are given) become one.
fn squeeze(vm: &mut Vm, s: Value, args: &[Value]) -> VmResult<Vec<u8>> {
    let sets = parse_sets(vm, encoding_of(s), args)?;
    let bytes = bytes_of(s).clone();
    let mut out = Vec::with_capacity(bytes.len());
    let mut previous = None;
    for unit in units(encoding_of(s), &bytes) {
        if previous == Some(unit) && sets.contains(unit) {
            continue;
        }
        previous = Some(unit);
        push_unit(&mut out, unit);
    }
    Ok(out)
}
