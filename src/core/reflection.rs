//! Kernel's reflective methods: an object's singleton methods and
//! instance variables, `extend`, `respond_to?`, `send` and its kin,
//! copying (`dup`, `clone`, `initialize_copy`), and where `super` in a
//! user's `method_missing` ends.
//!
//! ```ruby
//! o = Object.new
//! o.instance_variable_set(:@a, 1)
//! o.instance_variables           # => [:@a]
//! o.respond_to?(:frob)           # => false (asks respond_to_missing?)
//! o.send(:instance_variable_get, :@a)   # => 1
//! ```

use super::module::{
    copy_object, expect_mixin, inspect_with_ivars, ivar_name, send, symbol_arg, Copy,
};
use crate::core::{private, public};
use crate::object::{MethodBody, Visibility};
use crate::value::Value;
use crate::vm::{class_data, Vm, VmResult};

/// Kernel's reflection: singleton methods, instance variables, `extend`,
/// `respond_to?`, `send`, copying; and `method_missing`'s end.
pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            public("singleton_methods", 0, Some(1), kernel_singleton_methods),
            public(
                "define_singleton_method",
                1,
                Some(2),
                kernel_define_singleton_method,
            ),
            public(
                "remove_instance_variable",
                1,
                Some(1),
                kernel_remove_instance_variable,
            ),
            public(
                "instance_variable_get",
                1,
                Some(1),
                kernel_instance_variable_get,
            ),
            public(
                "instance_variable_set",
                2,
                Some(2),
                kernel_instance_variable_set,
            ),
            public(
                "instance_variable_defined?",
                1,
                Some(1),
                kernel_instance_variable_defined_p,
            ),
            public("instance_variables", 0, Some(0), kernel_instance_variables),
            public("singleton_class", 0, Some(0), kernel_singleton_class),
            public("extend", 1, None, kernel_extend),
            public("respond_to?", 1, Some(2), kernel_respond_to_p),
            private(
                "respond_to_missing?",
                2,
                Some(2),
                kernel_respond_to_missing_p,
            ),
        ],
    );
    // Where `super` in a user's `method_missing` ends: the NoMethodError
    // the call would have raised, reported from the Ruby method.
    let basic_object = vm.c.basic_object;
    vm.define_private_native(
        basic_object,
        "method_missing",
        1,
        None,
        basic_object_method_missing,
    );
    vm.set_native_frame(
        basic_object,
        "method_missing",
        crate::method::NativeFrame::Hidden,
    );
    vm.define_methods(
        kernel,
        &[
            public("send", 0, None, kernel_send),
            public("__send__", 0, None, kernel_dunder_send),
            public("public_send", 0, None, kernel_public_send),
            public("dup", 0, Some(0), kernel_dup),
            public("clone", 0, Some(1), kernel_clone),
            private("initialize_copy", 1, Some(1), kernel_initialize_copy),
            public("itself", 0, Some(0), kernel_itself),
            public("hash", 0, Some(0), kernel_hash),
            public("inspect", 0, Some(0), kernel_inspect),
        ],
    );
}

/// `singleton_methods`.
fn kernel_singleton_methods(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let mut names = Vec::new();
    if let Some(header) = object.header() {
        let class = header.class();
        if class_data(class).is_singleton {
            let modules: Vec<Value> = std::iter::once(class)
                .chain(class_data(class).includes.borrow().iter().copied())
                .collect();
            names = crate::vm::method_names_in(&modules, |v| v != Visibility::Private)
                .into_iter()
                .map(Value::symbol)
                .collect();
        }
    }
    Ok(vm.new_array(names))
}

/// `define_singleton_method`.
fn kernel_define_singleton_method(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let singleton = vm.singleton_class_for(object)?;
    vm.check_singleton_modifiable(object)?;
    let name = symbol_arg(vm, args[0])?;
    let block = match args.get(1).and_then(|b| b.get::<crate::object::RProc>()) {
        Some(proc) => proc.block.clone(),
        None => match vm.current_block() {
            Some(block) => block,
            None => {
                return Err(vm.argument_error("tried to create Proc object without a block".into()))
            }
        },
    };
    vm.add_method(
        singleton,
        name,
        MethodBody::Block(block),
        Visibility::Public,
    );
    Ok(Value::symbol(name))
}

/// `remove_instance_variable`.
fn kernel_remove_instance_variable(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = ivar_name(vm, args[0])?;
    if !vm.ivar_names(object).contains(&name) {
        let shown = vm.inspect(object)?;
        let message = format!(
            "instance variable {} not defined for {shown}",
            vm.symbols.name(name)
        );
        let class = vm.c.name_error;
        return Err(vm.raise(class, message));
    }
    vm.ivar_remove(object, name)
}

/// `instance_variable_get`.
fn kernel_instance_variable_get(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = ivar_name(vm, args[0])?;
    Ok(vm.ivar_get(object, name))
}

/// `instance_variable_set`.
fn kernel_instance_variable_set(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = ivar_name(vm, args[0])?;
    vm.ivar_set(object, name, args[1])?;
    Ok(args[1])
}

/// `instance_variable_defined?`.
fn kernel_instance_variable_defined_p(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = ivar_name(vm, args[0])?;
    Ok(Value::bool(vm.ivar_names(object).contains(&name)))
}

/// `instance_variables`.
fn kernel_instance_variables(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let names: Vec<Value> = vm
        .ivar_names(object)
        .into_iter()
        .map(Value::symbol)
        .collect();
    Ok(vm.new_array(names))
}

/// `singleton_class`.
fn kernel_singleton_class(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    vm.singleton_class_for(object)
}

/// `extend`.
fn kernel_extend(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let singleton = vm.singleton_class_for(object)?;
    vm.check_singleton_modifiable(object)?;
    let extended = vm.symbols.intern("extended");
    for &mixin in args.iter().rev() {
        expect_mixin(vm, mixin)?;
        vm.include_module(singleton, mixin);
        vm.call(mixin, extended, &[object])?;
    }
    Ok(object)
}

/// `respond_to?`.
fn kernel_respond_to_p(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let include_private = args.get(1).is_some_and(|v| v.truthy());
    let class = vm.class_of(object);
    if let Some(entry) = vm.find_method(class, name) {
        return Ok(Value::bool(
            include_private || entry.visibility == Visibility::Public,
        ));
    }
    let respond_to_missing = vm.symbols.intern("respond_to_missing?");
    let answer = vm.call(
        object,
        respond_to_missing,
        &[Value::symbol(name), Value::bool(include_private)],
    )?;
    Ok(Value::bool(answer.truthy()))
}

/// `respond_to_missing?`.
fn kernel_respond_to_missing_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::FALSE)
}

/// `method_missing`.
fn basic_object_method_missing(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let error = if std::mem::take(&mut vm.method_missing_vcall) {
        vm.undefined_name_error_for(object, name)
    } else {
        vm.no_method_error_for(object, name)
    };
    if let crate::vm::Control::Raise(exception) = &error {
        let passed = vm.new_array(args[1..].to_vec());
        let args_name = vm.symbols.intern("args");
        vm.set_internal(*exception, args_name, passed);
    }
    Err(error)
}

/// `send`.
fn kernel_send(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    send(vm, object, args, true)
}

/// `__send__`.
fn kernel_dunder_send(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    send(vm, object, args, true)
}

/// `public_send`.
fn kernel_public_send(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    send(vm, object, args, false)
}

/// `dup`.
fn kernel_dup(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    copy_object(vm, object, Copy::Dup)
}

/// `clone`.
fn kernel_clone(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let (positional, keywords) = vm.native_keywords(args, &["freeze"])?;
    if !positional.is_empty() {
        return Err(vm.argument_error(format!(
            "wrong number of arguments (given {}, expected 0)",
            positional.len()
        )));
    }
    let freeze = match keywords[0] {
        None | Some(Value::NIL) => None,
        Some(Value::TRUE) => Some(true),
        Some(Value::FALSE) => Some(false),
        Some(other) => {
            let class = vm.special_or_class_name(other);
            return Err(vm.argument_error(format!("unexpected value for freeze: {class}")));
        }
    };
    if freeze == Some(false) && !object.is_heap() {
        let class = vm.class_name(vm.real_class_of(object));
        return Err(vm.argument_error(format!("can't unfreeze {class}")));
    }
    copy_object(vm, object, Copy::Clone { freeze })
}

/// `initialize_copy`.
fn kernel_initialize_copy(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    if vm.real_class_of(object) != vm.real_class_of(args[0]) {
        return Err(vm.type_error("initialize_copy should take same class object".into()));
    }
    Ok(object)
}

/// `itself`.
fn kernel_itself(_: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    Ok(object)
}

/// `hash`.
fn kernel_hash(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_int((crate::core::object::object_id(object) >> 1) as i128))
}

/// `inspect`.
fn kernel_inspect(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let text = inspect_with_ivars(vm, object)?;
    Ok(vm.new_str(&text))
}
