//! The methods of Regexp: construction (`new`, `escape`, `union`),
//! reading (`source`, `to_s`, `inspect`, `options`, `names`), equality, and
//! matching (`=~`, `match`, `match?`, `===`).

use super::{
    checked, match_subject, option_letters, position, push_source, regexp_data, search_subject,
    RegexpData, EXTENDED, FIXEDENCODING, IGNORECASE, MULTILINE, NOENCODING,
};
use crate::core::public;
use crate::core::regexp::char_index;
use crate::object::RString;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let regexp = vm.c.regexp;
    for (name, bit) in [
        ("IGNORECASE", IGNORECASE),
        ("EXTENDED", EXTENDED),
        ("MULTILINE", MULTILINE),
        ("FIXEDENCODING", FIXEDENCODING),
        ("NOENCODING", NOENCODING),
    ] {
        let sym = vm.symbols.intern(name);
        vm.set_constant(regexp, sym, Value::small(bit as i64));
    }
    vm.define_private_native(regexp, "initialize", 1, Some(3), initialize);
    vm.define_singleton_native(regexp, "compile", 1, Some(3), regexp_singleton_compile);
    vm.define_singleton_native(regexp, "escape", 1, Some(1), regexp_singleton_escape);
    vm.define_singleton_native(regexp, "quote", 1, Some(1), regexp_singleton_quote);
    vm.define_singleton_native(regexp, "union", 0, None, union);
    vm.define_singleton_native(
        regexp,
        "last_match",
        0,
        Some(1),
        regexp_singleton_last_match,
    );
    vm.define_methods(
        regexp,
        &[
            public("source", 0, Some(0), regexp_source),
            public("to_s", 0, Some(0), regexp_to_s),
            public("inspect", 0, Some(0), regexp_inspect),
        ],
    );
    // MRI's encodings of a Regexp: ASCII-8BIT for an `n` one with bytes
    // past ASCII, US-ASCII for an ASCII source, else UTF-8.
    vm.define_methods(
        regexp,
        &[
            public("encoding", 0, Some(0), regexp_encoding),
            public("options", 0, Some(0), regexp_options),
            public("casefold?", 0, Some(0), regexp_casefold_p),
            public("names", 0, Some(0), regexp_names),
            public("named_captures", 0, Some(0), regexp_named_captures),
            public("==", 1, Some(1), regexp_eq),
            public("eql?", 1, Some(1), regexp_eq),
            public("hash", 0, Some(0), regexp_hash),
            public("=~", 1, Some(1), regexp_match_op),
            public("match", 1, Some(2), regexp_match),
            public("match?", 1, Some(2), regexp_match_p),
            public("===", 1, Some(1), regexp_case_eq),
        ],
    );
    // Object#=~ (deprecated in MRI) and NilClass#=~ match nothing.
    let (kernel, nil) = (vm.c.kernel, vm.c.nil);
    vm.define_native(kernel, "=~", 1, Some(1), kernel_match);
    vm.define_native(nil, "=~", 1, Some(1), nil_match);
    vm.define_native(kernel, "!~", 1, Some(1), kernel_not_match);
    super::match_data::define(vm);
}

/// `Regexp.compile`.
fn regexp_singleton_compile(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let regexp = super::allocate(vm, class);
    vm.temp_roots.borrow_mut().push(regexp);
    let result = initialize(vm, regexp, args);
    vm.temp_roots.borrow_mut().pop();
    result.map(|_| regexp)
}

/// `Regexp.escape`.
fn regexp_singleton_escape(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let text = escape_argument(vm, args[0])?;
    Ok(vm.new_string(escape(&text).into_bytes()))
}

/// `Regexp.quote`.
fn regexp_singleton_quote(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let text = escape_argument(vm, args[0])?;
    Ok(vm.new_string(escape(&text).into_bytes()))
}

/// `Regexp.last_match`.
fn regexp_singleton_last_match(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let last = vm.last_match();
    match args.first() {
        None => Ok(last),
        Some(_) if last.is_nil() => Ok(Value::NIL),
        Some(&index) => super::match_data::group_value(vm, last, index),
    }
}

/// `source`.
fn regexp_source(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    Ok(vm.new_str(&data.source))
}

/// `to_s`.
fn regexp_to_s(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    Ok(vm.new_str(&to_s(&data)))
}

/// `inspect`.
fn regexp_inspect(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let text = match regexp_data(re) {
        Some(data) => inspect(&data),
        None => vm.default_to_s(re),
    };
    Ok(vm.new_str(&text))
}

/// `encoding`.
fn regexp_encoding(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    use crate::core::encoding::object;
    use crate::encoding::Encoding;
    let data = checked(vm, re)?;
    let encoding = if data.options & FIXEDENCODING != 0 && data.options & NOENCODING != 0 {
        Encoding::Binary
    } else if data.source.is_ascii() {
        Encoding::UsAscii
    } else {
        Encoding::Utf8
    };
    Ok(object(vm, encoding))
}

/// `options`.
fn regexp_options(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    Ok(Value::small(data.options as i64))
}

/// `casefold?`.
fn regexp_casefold_p(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    Ok(Value::bool(data.options & IGNORECASE != 0))
}

/// `names`.
fn regexp_names(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    let result = vm.new_array(Vec::new());
    vm.append_strings(result, data.names.iter().map(|(n, _)| n.as_bytes()));
    Ok(result)
}

/// `named_captures`.
fn regexp_named_captures(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    let hash = vm.new_hash();
    vm.temp_roots.borrow_mut().push(hash);
    for (name, groups) in &data.names {
        let key = vm.new_str(name);
        let numbers = groups.iter().map(|&g| Value::small(g as i64)).collect();
        let numbers = vm.new_array(numbers);
        let result = vm.hash_set(hash, key, numbers);
        if let Err(error) = result {
            vm.temp_roots.borrow_mut().pop();
            return Err(error);
        }
    }
    vm.temp_roots.borrow_mut().pop();
    Ok(hash)
}

/// `hash`.
fn regexp_hash(vm: &mut Vm, re: Value, _: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    let hash = data
        .source
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64 ^ data.options as u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
    Ok(vm.new_int((hash >> 2) as i128))
}

/// `=~`.
fn regexp_match_op(vm: &mut Vm, re: Value, args: &[Value]) -> VmResult {
    checked(vm, re)?;
    let Some((text, from)) = subject(vm, re, args[0], None)? else {
        vm.set_last_match(Value::NIL);
        return Ok(Value::NIL);
    };
    Ok(match search_subject(vm, re, &text, from)? {
        Some(spans) => Value::small(char_index(&text, spans[0].expect("a match").0) as i64),
        None => Value::NIL,
    })
}

/// `match`.
fn regexp_match(vm: &mut Vm, re: Value, args: &[Value]) -> VmResult {
    checked(vm, re)?;
    let Some((text, from)) = subject(vm, re, args[0], args.get(1).copied())? else {
        vm.set_last_match(Value::NIL);
        return Ok(Value::NIL);
    };
    let spans = search_subject(vm, re, &text, from)?;
    let matched = vm.last_match();
    if spans.is_some() {
        if let Some(block) = vm.current_block() {
            return vm.invoke_block(&block, &[matched]);
        }
    }
    Ok(matched)
}

/// `match?`.
fn regexp_match_p(vm: &mut Vm, re: Value, args: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    let Some((text, from)) = subject(vm, re, args[0], args.get(1).copied())? else {
        return Ok(Value::FALSE);
    };
    let found = data
        .is_match_from(&text, from)
        .map_err(|m| vm.regexp_error(m))?;
    Ok(Value::bool(found))
}

/// `===`.
fn regexp_case_eq(vm: &mut Vm, re: Value, args: &[Value]) -> VmResult {
    checked(vm, re)?;
    let subject_value = args[0];
    let string = if let Some(sym) = subject_value.as_symbol() {
        let name = vm.symbols.name(sym).to_string();
        vm.new_str(&name)
    } else if subject_value.get::<RString>().is_some() {
        subject_value
    } else {
        match crate::core::string::check_string(vm, subject_value)? {
            Some(string) => string,
            None => return Ok(Value::FALSE),
        }
    };
    let text = match_subject(vm, re, string)?;
    Ok(Value::bool(search_subject(vm, re, &text, 0)?.is_some()))
}

/// `=~`.
fn kernel_match(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `=~`.
fn nil_match(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `!~`.
fn kernel_not_match(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = vm.symbols.intern("=~");
    let matched = vm.call(object, name, &[args[0]])?;
    Ok(Value::bool(!matched.truthy()))
}

/// The text and starting byte of what `=~`, `match` and `match?` match
/// against: None for nil (and for a position outside the string); a
/// Symbol's name; a String or what `to_str` gives, else TypeError.
fn subject(
    vm: &mut Vm,
    re: Value,
    value: Value,
    pos: Option<Value>,
) -> VmResult<Option<(super::Subject, usize)>> {
    if value.is_nil() {
        return Ok(None);
    }
    let string = match value.as_symbol() {
        Some(sym) => {
            let name = vm.symbols.name(sym).to_string();
            vm.new_str(&name)
        }
        None => {
            let bytes = crate::core::string::expect_string(vm, value)?;
            if value.get::<RString>().is_some() {
                value
            } else {
                vm.new_string_of(bytes)
            }
        }
    };
    let text = match_subject(vm, re, string)?;
    let from = match pos {
        Some(pos) => match position(vm, &text, pos)? {
            Some(from) => from,
            None => return Ok(None),
        },
        None => 0,
    };
    Ok(Some((text, from)))
}

/// `Regexp.new(pattern, options = nil)` (Class#new allocates): from a
/// String (options an Integer of bits, or any other truthy value for
/// IGNORECASE) or as a copy of a Regexp.
fn initialize(vm: &mut Vm, re: Value, args: &[Value]) -> VmResult {
    vm.check_frozen(re)?;
    if regexp_data(re).is_some() {
        return Err(vm.type_error("already initialized regexp".into()));
    }
    let (source, options) = match regexp_data(args[0]) {
        Some(data) => {
            if args.len() > 1 {
                vm.warn("flags ignored");
            }
            (data.source.clone(), data.options)
        }
        None => {
            let bytes = crate::core::string::expect_string(vm, args[0])?;
            let options = match args.get(1) {
                None | Some(&Value::NIL) | Some(&Value::FALSE) => 0,
                Some(&bits) if bits.is_fixnum() => {
                    bits.as_fixnum().expect("a fixnum") as u32 & 0xff
                }
                Some(_) => IGNORECASE,
            };
            let source = match String::from_utf8(bytes.into_vec()) {
                Ok(source) => source,
                Err(_) => {
                    return Err(vm.regexp_error("invalid multibyte character".into()));
                }
            };
            (source, options)
        }
    };
    match vm.compile_regexp(&source, options) {
        Ok(data) => {
            super::set_data(re, data);
            Ok(re)
        }
        Err(message) => Err(vm.regexp_error(message)),
    }
}

fn regexp_eq(vm: &mut Vm, re: Value, args: &[Value]) -> VmResult {
    let data = checked(vm, re)?;
    Ok(Value::bool(match regexp_data(args[0]) {
        Some(other) => other.source == data.source && other.options == data.options,
        None => false,
    }))
}

/// The text `Regexp.escape` quotes: a String's or a Symbol's.
fn escape_argument(vm: &mut Vm, value: Value) -> VmResult<String> {
    let bytes = match value.as_symbol() {
        Some(sym) => vm.symbols.name(sym).as_bytes().to_vec(),
        None => crate::core::string::expect_string(vm, value)?.into_vec(),
    };
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// MRI's `rb_reg_quote`: the pattern matching `text` literally.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '[' | ']' | '{' | '}' | '(' | ')' | '|' | '-' | '*' | '.' | '\\' | '?' | '+' | '^'
            | '$' | '#' | ' ' => {
                out.push('\\');
                out.push(c);
            }
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            c => out.push(c),
        }
    }
    out
}

/// `Regexp.union(*patterns)` (or one Array of them): Strings quoted,
/// Regexps embedded with `to_s`; one Regexp is answered itself.
fn union(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let patterns = match args {
        [single] => match vm.array_items(*single) {
            Some(items) => items,
            None => vec![*single],
        },
        several => several.to_vec(),
    };
    if patterns.is_empty() {
        return vm.new_regexp("(?!)", 0);
    }
    if let [single] = patterns[..] {
        if regexp_data(single).is_some() {
            return Ok(single);
        }
    }
    let mut parts = Vec::with_capacity(patterns.len());
    for pattern in patterns {
        match regexp_data(pattern) {
            Some(data) => parts.push(to_s(&data)),
            None => {
                let text = escape_argument(vm, pattern)?;
                parts.push(escape(&text));
            }
        }
    }
    vm.new_regexp(&parts.join("|"), 0)
}

/// MRI's `rb_reg_to_s`: `(?flags-flags:source)`, unwrapping a source that
/// is itself such a group.
pub fn to_s(data: &RegexpData) -> String {
    let letters = |c: u8| match c {
        b'm' => MULTILINE,
        b'i' => IGNORECASE,
        b'x' => EXTENDED,
        _ => 0,
    };
    let embeddable = MULTILINE | IGNORECASE | EXTENDED;
    let mut options = data.options;
    let mut source = data.source.as_str();
    loop {
        let bytes = source.as_bytes();
        if bytes.len() < 4 || !bytes.starts_with(b"(?") {
            break;
        }
        let mut opts = options;
        let mut i = 2;
        while i < bytes.len() && letters(bytes[i]) != 0 {
            opts |= letters(bytes[i]);
            i += 1;
        }
        if i + 1 < bytes.len() && bytes[i] == b'-' {
            i += 1;
            while i < bytes.len() && letters(bytes[i]) != 0 {
                opts &= !letters(bytes[i]);
                i += 1;
            }
        }
        if bytes.get(i) == Some(&b')') {
            options = opts;
            source = &source[i + 1..];
            continue;
        }
        if bytes.get(i) == Some(&b':') && bytes.ends_with(b")") {
            let inner = &source[i + 1..source.len() - 1];
            if RegexpData::new(inner, opts).is_ok() {
                options = opts;
                source = inner;
                break;
            }
        }
        // Not an options group after all: the source as it is.
        options = data.options;
        source = data.source.as_str();
        break;
    }
    let mut out = String::from("(?");
    out.push_str(&option_letters(options & embeddable));
    if options & embeddable != embeddable {
        out.push('-');
        out.push_str(&option_letters(!options & embeddable));
    }
    out.push(':');
    push_source(&mut out, source, false);
    out.push(')');
    out
}

/// `inspect`: `/source/flags`.
pub fn inspect(data: &RegexpData) -> String {
    let mut out = String::from("/");
    push_source(&mut out, &data.source, true);
    out.push('/');
    out.push_str(&option_letters(data.options));
    out
}
