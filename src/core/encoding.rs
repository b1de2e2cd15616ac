//! Encodings: the tag every String carries, and the `Encoding` class.
//!
//! A String is bytes plus an [`Encoding`], kept in one byte of its cell's
//! header (`Header::aux`), so tagging costs no memory and no allocation.
//! rhizome knows three encodings, the ones byte-oriented Ruby code names:
//! UTF-8 (the default, tag 0), ASCII-8BIT (alias BINARY) and US-ASCII.
//! What an encoding means for a String's characters is answered here
//! ([`Encoding::char_len`]): in UTF-8 a character is a valid UTF-8
//! sequence or else one byte, in the other two every byte is a character.
//! Adding an encoding means adding a variant and answering these questions
//! for it.
//!
//! The Ruby side: one `Encoding` object per encoding, made at start and
//! pinned (`Vm::encodings`, indexed by tag), named by the constants
//! `Encoding::UTF_8`, `ASCII_8BIT`, `BINARY` and `US_ASCII`;
//! `Encoding.find`, `default_external`, `default_internal`,
//! `compatible?` and the instance methods `name`, `to_s`, `inspect`,
//! `names`, `ascii_compatible?`, `dummy?`. The error classes
//! `EncodingError`, `Encoding::CompatibilityError`,
//! `Encoding::UndefinedConversionError`, `InvalidByteSequenceError` and
//! `ConverterNotFoundError` are defined here too, and
//! [`compatible_for_concat`] is MRI's `rb_enc_check`: the encoding of two
//! Strings joined, or its CompatibilityError.
//!
//! An encoding MRI knows but rhizome does not (`Encoding.find("Shift_JIS")`)
//! raises NotImplementedError.

use crate::core::public;
use crate::encoding::{compatible, Encoding, Operand};
use crate::object::RString;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

/// The encoding of String `value`.
#[inline]
pub fn of_string(value: Value) -> Encoding {
    value.get::<RString>().expect("a String").encoding()
}

/// The `Encoding` object of `encoding`.
pub fn object(vm: &Vm, encoding: Encoding) -> Value {
    vm.encodings[encoding as usize]
}

/// The encoding an `Encoding` object stands for, if `value` is one.
pub fn of_object(vm: &Vm, value: Value) -> Option<Encoding> {
    Encoding::ALL
        .into_iter()
        .find(|&encoding| object(vm, encoding) == value)
}

/// Whether MRI knows an encoding of this name that rhizome does not.
pub fn known_to_mri(name: &str) -> bool {
    bytecode::encoding_known_to_mri(name)
}

/// An encoding argument (MRI's `rb_to_encoding`): an `Encoding`, or a
/// name (a String, or what `to_str` makes one). ArgumentError `unknown
/// encoding name - x` for a name MRI does not know, NotImplementedError
/// for one rhizome does not.
pub fn expect_encoding(vm: &mut Vm, value: Value) -> VmResult<Encoding> {
    if let Some(encoding) = of_object(vm, value) {
        return Ok(encoding);
    }
    let name = crate::core::string::expect_string(vm, value)?;
    let name = String::from_utf8_lossy(&name).into_owned();
    match Encoding::find(&name) {
        Some(encoding) => Ok(encoding),
        None => Err(unknown_encoding(vm, &name)),
    }
}

/// The error of an encoding name rhizome cannot give an Encoding for.
fn unknown_encoding(vm: &mut Vm, name: &str) -> crate::vm::Control {
    if known_to_mri(name) {
        let class = vm.c.not_implemented_error;
        return vm.raise(
            class,
            format!("{name} encoding is not supported by rhizome"),
        );
    }
    vm.argument_error(format!("unknown encoding name - {name}"))
}

/// [`compatible`] of Strings `a` and `b`, or MRI's CompatibilityError
/// `incompatible character encodings: A and B` (`rb_enc_check`).
pub fn compatible_for_concat(vm: &mut Vm, a: Value, b: Value) -> VmResult<Encoding> {
    let (first, second) = (of_string(a), of_string(b));
    if first == second {
        return Ok(first);
    }
    let found = compatible(
        Operand::String(first, &crate::core::string::bytes_of(a)),
        Operand::String(second, &crate::core::string::bytes_of(b)),
    );
    found.ok_or_else(|| incompatible(vm, first, second))
}

/// MRI's CompatibilityError of two encodings.
pub fn incompatible(vm: &mut Vm, first: Encoding, second: Encoding) -> crate::vm::Control {
    let class = vm.c.compatibility_error;
    vm.raise(
        class,
        format!(
            "incompatible character encodings: {} and {}",
            first.name(),
            second.name()
        ),
    )
}

/// The receiver's encoding (an `Encoding` object's method).
fn receiver(vm: &Vm, value: Value) -> Encoding {
    of_object(vm, value).unwrap_or(Encoding::Utf8)
}

/// A frozen US-ASCII String (MRI's names are).
fn frozen_name(vm: &mut Vm, name: &str) -> Value {
    let string = vm.new_str(name);
    let object = string.get::<RString>().expect("a String");
    object.set_encoding(Encoding::UsAscii);
    object.header.freeze();
    string
}

pub fn define(vm: &mut Vm) {
    let class = vm.c.encoding;
    for encoding in Encoding::ALL {
        let object = vm.new_object(class);
        object.header().expect("an object").freeze();
        vm.pinned.push(object);
        vm.encodings[encoding as usize] = object;
    }
    for (name, encoding) in [
        ("UTF_8", Encoding::Utf8),
        ("ASCII_8BIT", Encoding::Binary),
        ("BINARY", Encoding::Binary),
        ("US_ASCII", Encoding::UsAscii),
        ("ASCII", Encoding::UsAscii),
    ] {
        let sym = vm.symbols.intern(name);
        let object = object(vm, encoding);
        vm.set_constant(class, sym, object);
    }
    vm.define_methods(
        class,
        &[
            public("name", 0, Some(0), name),
            public("to_s", 0, Some(0), name),
        ],
    );
    vm.define_methods(
        class,
        &[
            public("inspect", 0, Some(0), class_inspect),
            public("names", 0, Some(0), class_names),
            public("ascii_compatible?", 0, Some(0), class_ascii_compatible_p),
            public("dummy?", 0, Some(0), class_dummy_p),
        ],
    );
    vm.define_singleton_native(class, "find", 1, Some(1), class_singleton_find);
    vm.define_singleton_native(
        class,
        "default_external",
        0,
        Some(0),
        class_singleton_default_external,
    );
    vm.define_singleton_native(
        class,
        "default_internal",
        0,
        Some(0),
        class_singleton_default_internal,
    );
    vm.define_singleton_native(class, "list", 0, Some(0), class_singleton_list);
    vm.define_singleton_native(class, "name_list", 0, Some(0), class_singleton_name_list);
    vm.define_singleton_native(
        class,
        "compatible?",
        2,
        Some(2),
        class_singleton_compatible_p,
    );
}

/// `inspect`.
fn class_inspect(vm: &mut Vm, e: Value, _: &[Value]) -> VmResult {
    let text = format!("#<Encoding:{}>", receiver(vm, e).name());
    Ok(vm.new_str(&text))
}

/// `names`.
fn class_names(vm: &mut Vm, e: Value, _: &[Value]) -> VmResult {
    let names = receiver(vm, e).names();
    let array = vm.new_array(Vec::new());
    for name in names {
        let string = vm.new_str(name);
        crate::core::array::append(array, string);
    }
    Ok(array)
}

/// `ascii_compatible?`.
fn class_ascii_compatible_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::TRUE)
}

/// `dummy?`.
fn class_dummy_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::FALSE)
}

/// `Encoding.find`.
fn class_singleton_find(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    if let Some(encoding) = of_object(vm, args[0]) {
        return Ok(object(vm, encoding));
    }
    let name = crate::core::string::expect_string(vm, args[0])?;
    let name = String::from_utf8_lossy(&name).into_owned();
    if name.eq_ignore_ascii_case("internal") {
        return Ok(Value::NIL);
    }
    match Encoding::find(&name) {
        Some(encoding) => Ok(object(vm, encoding)),
        None => Err(unknown_encoding(vm, &name)),
    }
}

/// `Encoding.default_external`.
fn class_singleton_default_external(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(object(vm, Encoding::Utf8))
}

/// `Encoding.default_internal`.
fn class_singleton_default_internal(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `Encoding.list`.
fn class_singleton_list(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let objects = Encoding::LISTED.map(|encoding| object(vm, encoding));
    Ok(vm.new_array(objects.to_vec()))
}

/// `Encoding.name_list`.
fn class_singleton_name_list(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let array = vm.new_array(Vec::new());
    for encoding in Encoding::LISTED {
        let name = vm.new_str(encoding.name());
        crate::core::array::append(array, name);
    }
    Ok(array)
}

/// `Encoding.compatible?`.
fn class_singleton_compatible_p(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let side = |vm: &Vm, value: Value| -> Option<(Encoding, Option<Vec<u8>>)> {
        if let Some(string) = value.get::<RString>() {
            return Some((string.encoding(), Some(string.bytes().to_vec())));
        }
        of_object(vm, value).map(|encoding| (encoding, None))
    };
    let (Some(a), Some(b)) = (side(vm, args[0]), side(vm, args[1])) else {
        return Ok(Value::NIL);
    };
    fn operand((encoding, bytes): &(Encoding, Option<Vec<u8>>)) -> Operand<'_> {
        match bytes {
            Some(bytes) => Operand::String(*encoding, bytes),
            None => Operand::Encoding(*encoding),
        }
    }
    Ok(match compatible(operand(&a), operand(&b)) {
        Some(encoding) => object(vm, encoding),
        None => Value::NIL,
    })
}

/// `name`, `to_s`.
fn name(vm: &mut Vm, e: Value, _: &[Value]) -> VmResult {
    let name = receiver(vm, e).name();
    Ok(frozen_name(vm, name))
}
