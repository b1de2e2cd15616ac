//! Symbol: interned names, with MRI's `inspect` forms.
//!
//! A Symbol's methods answer what the String methods of the same name
//! answer for its name (`upcase`, `[]`, `start_with?`, `succ`), converted
//! back to a Symbol where MRI does: they run the String natives on a
//! String of the name. Symbol includes Comparable, ordered by `<=>` on the
//! names' bytes. (`to_proc` is with Proc, in `proc.rs`.)

use crate::core::public;
use crate::core::string;
use crate::core::NativeFn;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let symbol = vm.c.symbol;
    let comparable = vm.c.comparable;
    vm.include_module(symbol, comparable);
    vm.define_methods(
        symbol,
        &[
            public("to_s", 0, Some(0), to_s),
            public("id2name", 0, Some(0), to_s),
        ],
    );
    vm.define_methods(
        symbol,
        &[
            public("name", 0, Some(0), symbol_name),
            public("to_sym", 0, Some(0), symbol_to_sym),
            public("inspect", 0, Some(0), symbol_inspect),
        ],
    );
    vm.define_methods(
        symbol,
        &[
            public("length", 0, Some(0), length),
            public("size", 0, Some(0), length),
        ],
    );
    vm.define_native(symbol, "empty?", 0, Some(0), symbol_empty_p);
    vm.define_methods(
        symbol,
        &[public("==", 1, Some(1), eq), public("===", 1, Some(1), eq)],
    );
    vm.define_methods(
        symbol,
        &[
            public("<=>", 1, Some(1), symbol_cmp),
            public("casecmp", 1, Some(1), symbol_casecmp),
            public("casecmp?", 1, Some(1), symbol_casecmp_p),
        ],
    );
    let case_maps: [(&str, NativeFn); 4] = [
        ("upcase", |vm, sym, args| {
            on_name_to_sym(vm, sym, args, string::upcase)
        }),
        ("downcase", |vm, sym, args| {
            on_name_to_sym(vm, sym, args, string::downcase)
        }),
        ("capitalize", |vm, sym, args| {
            on_name_to_sym(vm, sym, args, string::capitalize)
        }),
        ("swapcase", |vm, sym, args| {
            on_name_to_sym(vm, sym, args, string::swapcase)
        }),
    ];
    for (name, function) in case_maps {
        vm.define_native(symbol, name, 0, None, function);
    }
    vm.define_methods(
        symbol,
        &[
            public("succ", 0, Some(0), succ),
            public("next", 0, Some(0), succ),
        ],
    );
    vm.define_methods(
        symbol,
        &[
            public("[]", 1, Some(2), symbol_aref),
            public("slice", 1, Some(2), symbol_aref),
            public("start_with?", 0, None, symbol_start_with_p),
            public("end_with?", 0, None, symbol_end_with_p),
            public("=~", 1, Some(1), symbol_match_op),
            public("match", 1, Some(2), symbol_match),
        ],
    );
    vm.define_native(symbol, "match?", 1, Some(2), symbol_match_p);
}

/// `name`.
fn symbol_name(vm: &mut Vm, sym: Value, _: &[Value]) -> VmResult {
    let name = vm.symbol_name(sym).to_string();
    let string = string::new_symbol_string(vm, name.as_bytes());
    string.header().expect("a String").freeze();
    Ok(string)
}

/// `to_sym`.
fn symbol_to_sym(_: &mut Vm, sym: Value, _: &[Value]) -> VmResult {
    Ok(sym)
}

/// `inspect`.
fn symbol_inspect(vm: &mut Vm, sym: Value, _: &[Value]) -> VmResult {
    let text = inspect_symbol(vm.symbol_name(sym));
    Ok(vm.new_str(&text))
}

/// `empty?`.
fn symbol_empty_p(vm: &mut Vm, sym: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(vm.symbol_name(sym).is_empty()))
}

/// `<=>`.
fn symbol_cmp(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    Ok(match args[0].as_symbol() {
        Some(other) => {
            let ordering = vm.symbol_name(sym).cmp(vm.symbols.name(other));
            Value::small(ordering as i64)
        }
        None => Value::NIL,
    })
}

/// `casecmp`.
fn symbol_casecmp(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    let Some(other) = args[0].as_symbol() else {
        return Ok(Value::NIL);
    };
    let other = vm.symbols.name(other).to_string();
    let other = vm.new_str(&other);
    on_name(vm, sym, &[other], string::casecmp)
}

/// `casecmp?`.
fn symbol_casecmp_p(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    let Some(other) = args[0].as_symbol() else {
        return Ok(Value::NIL);
    };
    let other = vm.symbols.name(other).to_string();
    let other = vm.new_str(&other);
    on_name(vm, sym, &[other], string::casecmp_p)
}

/// `start_with?`.
fn symbol_start_with_p(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name(vm, sym, args, string::start_with)
}

/// `end_with?`.
fn symbol_end_with_p(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name(vm, sym, args, string::end_with)
}

/// `=~`.
fn symbol_match_op(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name(vm, sym, args, string::match_operator)
}

/// `match`.
fn symbol_match(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name(vm, sym, args, string::match_data)
}

/// `match?`.
fn symbol_match_p(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name(vm, sym, args, string::match_p)
}

/// `Symbol#[]` and `slice`: `String#[]` of the name.
fn symbol_aref(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name(vm, sym, args, string::aref)
}

/// Runs String method `function` on a String of `sym`'s name.
fn on_name(vm: &mut Vm, sym: Value, args: &[Value], function: NativeFn) -> VmResult {
    let name = vm.symbol_name(sym).to_string();
    let receiver = vm.new_str(&name);
    function(vm, receiver, args)
}

/// [`on_name`], answering the resulting String as a Symbol.
fn on_name_to_sym(vm: &mut Vm, sym: Value, args: &[Value], function: NativeFn) -> VmResult {
    let string = on_name(vm, sym, args, function)?;
    let text = vm.string_text(string).expect("a String");
    Ok(Value::symbol(vm.symbols.intern(&text)))
}

/// `:foo`, `:foo?`, `:+`, `:@x`, or `:"foo bar"` when the name is not a plain
/// identifier or operator.
pub fn inspect_symbol(name: &str) -> String {
    if is_plain_symbol(name) {
        format!(":{name}")
    } else {
        format!(":{}", string::inspect_string(name.as_bytes()))
    }
}

/// Whether `text` is an identifier: a local variable's or a constant's
/// name (`foo`, `_x`, `Foo`, `é`), without `?`, `!` or `=`.
pub fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    matches!(chars.next(), Some(c) if c.is_alphabetic() || c == '_' || !c.is_ascii())
        && chars.all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii())
}

fn is_plain_symbol(name: &str) -> bool {
    const OPERATORS: [&str; 28] = [
        "+", "-", "*", "/", "%", "**", "==", "===", "!=", "<=>", "<", "<=", ">", ">=", "<<", ">>",
        "&", "|", "^", "~", "!", "=~", "!~", "[]", "[]=", "+@", "-@", "`",
    ];
    if OPERATORS.contains(&name) {
        return true;
    }
    let identifier = is_identifier;
    if let Some(rest) = name.strip_prefix('$') {
        return is_global_name(rest, identifier);
    }
    if let Some(rest) = name.strip_prefix("@@").or_else(|| name.strip_prefix('@')) {
        return identifier(rest);
    }
    let body = name.strip_suffix(['?', '!', '=']).unwrap_or(name);
    identifier(body)
}

/// Whether `$` and `rest` name a global variable: `$name`, `$1` (digits),
/// `$-w` (a dash and one character) or a special one such as `$!` or `$~`.
fn is_global_name(rest: &str, identifier: impl Fn(&str) -> bool) -> bool {
    const SPECIAL: &str = "~*$?!@/\\;,.=:<>\"&`'+0";
    if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    if let Some(option) = rest.strip_prefix('-') {
        let mut chars = option.chars();
        return matches!((chars.next(), chars.next()), (Some(c), None) if c.is_alphanumeric() || c == '_');
    }
    let mut chars = rest.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if SPECIAL.contains(c) {
            return true;
        }
    }
    identifier(rest)
}

/// `to_s`, `id2name`.
fn to_s(vm: &mut Vm, sym: Value, _: &[Value]) -> VmResult {
    let name = vm.symbol_name(sym).to_string();
    Ok(string::new_symbol_string(vm, name.as_bytes()))
}

/// `length`, `size`.
fn length(vm: &mut Vm, sym: Value, _: &[Value]) -> VmResult {
    let count = crate::encoding::utf8_char_count(vm.symbol_name(sym).as_bytes());
    Ok(Value::small(count as i64))
}

/// `==`, `===`.
fn eq(_: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(sym == args[0]))
}

/// `succ`, `next`.
fn succ(vm: &mut Vm, sym: Value, args: &[Value]) -> VmResult {
    on_name_to_sym(vm, sym, args, string::succ)
}
