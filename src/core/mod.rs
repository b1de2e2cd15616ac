//! The core library methods written in Rust.
//!
//! Each submodule defines one class's methods with [`Vm::define_native`]. A
//! native method receives the VM, its receiver and its arguments (already
//! checked against its arity) and returns a value or raises. Methods that are
//! more natural in Ruby live in `rb/` instead, so the JIT can inline them.

pub mod array;
pub mod dir;
pub mod dtoa;
pub mod encoding;
pub mod enumerator;
pub mod exception;
pub mod file;
pub mod float;
pub mod format;
pub mod hash;
pub mod integer;
pub mod io;
pub mod kernel;
pub mod load;
pub mod math;
pub mod method_object;
pub mod module;
pub mod nmin;
pub mod object;
pub mod pack;
pub mod proc;
pub mod process;
pub mod random;
pub mod range;
pub mod recursion;
mod reflection;
pub mod regexp;
pub mod signal;
pub mod string;
pub mod structs;
pub mod symbol;
pub mod thread;
pub mod time;
pub mod version;

use crate::method::NativeFrame;
use crate::object::{RArray, RString};
use crate::value::Value;
use crate::vm::{Control, Vm, VmOptions, VmResult};

/// The rows of the core's method tables and the functions in them are
/// the VM's ([`Vm::define_methods`]): every core file writes them.
pub use crate::vm::{private, public, CoreMethod, NativeFn};

impl Vm {
    /// A VM ready to run a program: the classes, the core methods (Rust's
    /// and the prelude's), with `options`.
    pub fn new(options: VmOptions) -> Box<Vm> {
        let mut vm = Vm::with_bootstrap_classes(options);
        define_core(&mut vm);
        hide_frameless_methods(&mut vm);
        mark_caller_frame_methods(&mut vm);
        mark_pure_methods(&mut vm);
        vm.finish_boot();
        // After the prelude, which defines some of them.
        kernel::define_module_functions(&mut vm);
        vm
    }
}

/// Defines every core class's methods.
pub fn define_core(vm: &mut Vm) {
    object::define(vm);
    module::define(vm);
    reflection::define(vm);
    proc::define(vm);
    range::define(vm);
    hash::define(vm);
    exception::define(vm);
    load::define(vm);
    process::define(vm);
    io::define(vm);
    file::define(vm);
    dir::define(vm);
    method_object::define(vm);
    structs::define(vm);
    kernel::define(vm);
    kernel::define_conversions(vm);
    format::define(vm);
    math::define(vm);
    integer::define(vm);
    float::define(vm);
    encoding::define(vm);
    string::define(vm);
    pack::define(vm);
    regexp::define(vm);
    symbol::define(vm);
    array::define(vm);
    enumerator::define(vm);
    random::define(vm);
    thread::define(vm);
    signal::define(vm);
    time::define(vm);
    version::define(vm);
}

impl Vm {
    /// The bytes of a String value.
    pub fn string_bytes(&self, value: Value) -> Option<Vec<u8>> {
        value.get::<RString>().map(|s| s.bytes().to_vec())
    }

    /// A String value's text (lossy for invalid UTF-8).
    pub fn string_text(&self, value: Value) -> Option<String> {
        value
            .get::<RString>()
            .map(|s| String::from_utf8_lossy(&s.bytes()).into_owned())
    }

    /// `value.inspect` as Rust text. As MRI's `rb_inspect`, a result that
    /// is not a String is made one with `to_s` (`rb_obj_as_string`): an
    /// `inspect` that returns nil shows as the empty string.
    pub fn inspect(&mut self, value: Value) -> VmResult<String> {
        let name = self.sym.inspect;
        let result = self.call(value, name, &[])?;
        let bytes = self.to_s_bytes(result)?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// `value.to_s` as Rust bytes.
    pub fn to_s_bytes(&mut self, value: Value) -> VmResult<Vec<u8>> {
        if let Some(bytes) = self.string_bytes(value) {
            return Ok(bytes);
        }
        let name = self.sym.to_s;
        let result = self.call(value, name, &[])?;
        Ok(match self.string_bytes(result) {
            Some(bytes) => bytes,
            None => self.default_to_s(value).into_bytes(),
        })
    }

    pub fn array_items(&self, value: Value) -> Option<Vec<Value>> {
        value.get::<RArray>().map(|a| a.items().to_vec())
    }

    /// FrozenError for adding to the singleton class of a frozen object
    /// (`def obj.name`, `define_singleton_method`, `extend`), as MRI's
    /// `rb_class_modify_check` words it: `can't modify frozen object:`
    /// and the object's `to_s` (`Class` or `Module` for one).
    pub fn check_singleton_modifiable(&mut self, object: Value) -> VmResult<()> {
        if !object.is_frozen() {
            return Ok(());
        }
        let what = match object.get::<crate::object::RClass>() {
            Some(class) if class.data.is_module => "Module",
            Some(_) => "Class",
            None => "object",
        };
        Err(self.frozen_modification_error(what, object))
    }

    /// FrozenError for changing the methods of a frozen class or module
    /// (`def`, `define_method`, `attr_*`, `alias_method`, `undef_method`,
    /// `remove_method`), as MRI's `rb_class_modify_check` words it: `can't
    /// modify frozen class: Foo` (`module`), and for a frozen class's
    /// singleton class `Class: Foo` (`Module`). The singleton class of any
    /// other object does not know its object: `def obj.name` and
    /// `define_singleton_method` check the object itself.
    pub fn check_class_modifiable(&mut self, class: Value) -> VmResult<()> {
        let data = crate::vm::class_data(class);
        if data.is_singleton {
            let attached = data.attached.get();
            if attached.is_nil() {
                return Ok(());
            }
            return self.check_singleton_modifiable(attached);
        }
        if !class.is_frozen() {
            return Ok(());
        }
        let what = if data.is_module { "module" } else { "class" };
        Err(self.frozen_modification_error(what, class))
    }

    /// `rb_class_modify_check`'s FrozenError: `can't modify frozen WHAT: `
    /// and `receiver`'s `to_s` (or what its `to_s` raised).
    fn frozen_modification_error(&mut self, what: &str, receiver: Value) -> Control {
        let text = match self.to_s_bytes(receiver) {
            Ok(text) => text,
            Err(error) => return error,
        };
        let message = format!(
            "can't modify frozen {what}: {}",
            String::from_utf8_lossy(&text)
        );
        let class = self.c.frozen_error;
        self.raise_with(class, message, &[("receiver", receiver)])
    }

    /// FrozenError for modifying a frozen object. (Inline: every change
    /// of an Array, Hash or String checks it first.)
    #[inline]
    pub fn check_frozen(&mut self, value: Value) -> VmResult<()> {
        if value.is_frozen() {
            return Err(self.frozen_error(value));
        }
        Ok(())
    }

    /// The FrozenError of modifying `value`.
    #[cold]
    fn frozen_error(&mut self, value: Value) -> Control {
        let description = match self.inspect(value) {
            Ok(description) => description,
            Err(control) => return control,
        };
        let class_name = self.class_name(self.real_class_of(value));
        let message = format!("can't modify frozen {class_name}: {description}");
        let class = self.c.frozen_error;
        self.raise_with(class, message, &[("receiver", value)])
    }
}

/// Marks the core methods that read or change their caller's frame.
pub fn mark_caller_frame_methods(vm: &mut Vm) {
    let kernel_names = [
        "block_given?",
        "iterator?",
        "require_relative",
        "__method__",
        "__dir__",
        "binding",
        "local_variables",
        "send",
        "__send__",
        "public_send",
    ];
    let module_names = [
        "private",
        "public",
        "protected",
        "module_function",
        "define_method",
        "attr",
        "attr_reader",
        "attr_writer",
        "attr_accessor",
    ];
    let main_class = vm.singleton_class(vm.main);
    let regexp_class = vm.singleton_class(vm.c.regexp);
    let marks = [
        (vm.c.kernel, &kernel_names[..]),
        (vm.c.module, &module_names[..]),
        (main_class, &["public", "private"][..]),
        (regexp_class, &["last_match"][..]),
    ];
    for (class, names) in marks {
        for name in names {
            vm.set_native_uses_caller_frame(class, name);
        }
    }
}

/// Marks the core methods that are pure on some operands (see
/// [`NativeMethod::pure`]).
pub fn mark_pure_methods(vm: &mut Vm) {
    use crate::method::PureOn;
    let marks = [
        (
            vm.c.integer,
            &[
                "+",
                "-",
                "*",
                "/",
                "%",
                "modulo",
                "div",
                "divmod",
                "remainder",
                "-@",
                "~",
                "&",
                "|",
                "^",
                "<<",
                ">>",
                "==",
                "===",
                "<",
                "<=",
                ">",
                ">=",
                "<=>",
                "to_s",
                "inspect",
                "abs",
                "magnitude",
            ][..],
            PureOn::Integers,
        ),
        (
            vm.c.array,
            &[
                "first", "last", "pop", "shift", "clear", "length", "size", "empty?",
            ][..],
            PureOn::FixnumArguments,
        ),
        (
            vm.c.array,
            &["push", "append", "<<", "unshift", "prepend"][..],
            PureOn::AnyArguments,
        ),
        (
            vm.c.basic_object,
            &["!", "==", "equal?"][..],
            PureOn::AnyOperands,
        ),
        (
            vm.c.kernel,
            &[
                "nil?",
                "class",
                "frozen?",
                "is_a?",
                "kind_of?",
                "instance_of?",
            ][..],
            PureOn::AnyOperands,
        ),
        (
            vm.c.range,
            &["begin", "end", "exclude_end?"][..],
            PureOn::AnyOperands,
        ),
        (vm.c.nil, &["nil?"][..], PureOn::AnyOperands),
        (
            vm.c.string,
            &["==", "===", "eql?", "<=>"][..],
            PureOn::Strings,
        ),
        (
            vm.c.string,
            &["length", "size", "bytesize", "empty?"][..],
            PureOn::AnyOperands,
        ),
        (vm.c.string, &["[]", "slice"][..], PureOn::StringIndex),
        (vm.c.string, &["<<"][..], PureOn::StringAppend),
        (
            vm.c.string,
            &["rjust", "ljust", "center"][..],
            PureOn::StringPadding,
        ),
    ];
    for (class, names, on) in marks {
        for name in names {
            vm.set_native_pure(class, name, on);
        }
    }
}

/// Marks the core methods MRI runs without a frame of their own.
pub fn hide_frameless_methods(vm: &mut Vm) {
    for name in ["call", "()", "yield", "[]", "==="] {
        let proc_class = vm.c.proc_class;
        vm.set_native_frame(proc_class, name, NativeFrame::Hidden);
    }
    for name in ["send", "__send__"] {
        let kernel = vm.c.kernel;
        vm.set_native_frame(kernel, name, NativeFrame::Hidden);
    }
    let direct = [
        (vm.c.string, "<<"),
        (vm.c.array, "<<"),
        (vm.c.array, "[]"),
        (vm.c.array, "[]="),
        (vm.c.hash, "[]"),
        (vm.c.hash, "[]="),
    ];
    for (class, name) in direct {
        vm.set_native_frame(class, name, NativeFrame::HiddenWhenDirect);
    }
}
