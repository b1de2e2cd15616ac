//! Exception and friends: `raise`, the Exception methods, `catch`/`throw`.

use crate::core::{private, public};
use crate::object::{RArray, RString};
use crate::value::Value;
use crate::vm::{Control, Jump, Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("raise", 0, Some(3), raise),
            private("fail", 0, Some(3), raise),
            private("catch", 0, Some(1), catch),
            private("throw", 1, Some(2), kernel_throw),
        ],
    );
    // The attributes some exceptions carry (set where they are raised).
    let readers = [
        (vm.c.name_error, "name"),
        (vm.c.name_error, "receiver"),
        (vm.c.no_method_error, "args"),
        (vm.c.frozen_error, "receiver"),
        (vm.c.local_jump_error, "reason"),
        (vm.c.local_jump_error, "exit_value"),
        (vm.c.uncaught_throw_error, "tag"),
        (vm.c.uncaught_throw_error, "value"),
        (vm.c.key_error, "key"),
        (vm.c.key_error, "receiver"),
        (vm.c.stop_iteration, "result"),
    ];
    for (class, name) in readers {
        vm.define_native(class, name, 0, Some(0), exception_attribute);
    }
    let exception = vm.c.exception;
    vm.define_singleton_native(
        exception,
        "exception",
        0,
        None,
        exception_singleton_exception,
    );
    vm.define_methods(
        exception,
        &[
            private("initialize", 0, Some(1), exception_initialize),
            public("exception", 0, Some(1), exception_exception),
            public("to_s", 0, Some(0), exception_to_s),
            public("message", 0, Some(0), exception_message),
            public("inspect", 0, Some(0), exception_inspect),
            public("full_message", 0, Some(1), exception_full_message),
            public("backtrace", 0, Some(0), exception_backtrace),
            public("cause", 0, Some(0), exception_cause),
            public("set_backtrace", 1, Some(1), exception_set_backtrace),
        ],
    );
    vm.define_native(exception, "==", 1, Some(1), exception_eq);
}

/// The readers of the exceptions' attributes (`NameError#name`,
/// `KeyError#key`...): the instance variable named as the method called.
fn exception_attribute(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let frame_name = vm.context.frames.last().and_then(|f| match f.code {
        crate::vm::FrameCode::Native(name) => Some(name),
        crate::vm::FrameCode::Bytecode(_) => None,
    });
    Ok(frame_name.map_or(Value::NIL, |name| vm.ivar_get(exception, name)))
}

/// `throw`.
fn kernel_throw(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let tag = args[0];
    let value = args.get(1).copied().unwrap_or(Value::NIL);
    if !vm.context.is_caught(tag) {
        let description = vm.inspect(tag)?;
        let class = vm.c.uncaught_throw_error;
        return Err(vm.raise_with(
            class,
            format!("uncaught throw {description}"),
            &[("tag", tag), ("value", value)],
        ));
    }
    Err(Control::throw(tag, value))
}

/// `Exception.exception`.
fn exception_singleton_exception(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let new = vm.symbols.intern("new");
    vm.call(class, new, args)
}

/// `initialize`.
fn exception_initialize(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    let message = args.first().copied().unwrap_or(Value::NIL);
    vm.ivar_set(exception, vm.sym.mesg, message)?;
    Ok(Value::NIL)
}

/// `exception`.
fn exception_exception(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    let Some(&message) = args.first() else {
        return Ok(exception);
    };
    let dup = vm.symbols.intern("dup");
    let copy = vm.call(exception, dup, &[])?;
    vm.ivar_set(copy, vm.sym.mesg, message)?;
    vm.forget_message_head(copy)?;
    Ok(copy)
}

/// `to_s`.
fn exception_to_s(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    match vm.message_bytes(exception)? {
        Some(bytes) => Ok(vm.new_string(bytes)),
        None => {
            let name = vm.class_name(vm.real_class_of(exception));
            Ok(vm.new_str(&name))
        }
    }
}

/// `message`.
fn exception_message(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let to_s = vm.sym.to_s;
    vm.call(exception, to_s, &[])
}

/// `inspect`.
fn exception_inspect(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let class = vm.class_name(vm.real_class_of(exception));
    let to_s = vm.sym.to_s;
    let text = vm.call(exception, to_s, &[])?;
    let text = vm.string_text(text).unwrap_or_default();
    let shown = if text.is_empty() {
        class
    } else {
        format!("#<{class}: {text}>")
    };
    Ok(vm.new_str(&shown))
}

/// `full_message`.
fn exception_full_message(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    let order = vm.symbols.intern("order");
    let bottom = vm.symbols.intern("bottom");
    let order = match args.first() {
        Some(&options) if vm.hash_pairs_of(options).is_some() => {
            vm.hash_lookup(options, Value::symbol(order))?
        }
        _ => None,
    };
    let report = vm.error_report_ordered(exception, order == Some(Value::symbol(bottom)));
    Ok(vm.new_str(&report))
}

/// `backtrace`.
fn exception_backtrace(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    Ok(vm.exception_backtrace_value(exception))
}

/// `cause`.
fn exception_cause(vm: &mut Vm, exception: Value, _: &[Value]) -> VmResult {
    let cause = vm.symbols.intern("cause");
    Ok(vm.ivar_get(exception, cause))
}

/// `set_backtrace`.
fn exception_set_backtrace(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    vm.set_exception_backtrace(exception, args[0])?;
    Ok(args[0])
}

/// `==`.
fn exception_eq(vm: &mut Vm, exception: Value, args: &[Value]) -> VmResult {
    let other = args[0];
    if exception == other {
        return Ok(Value::TRUE);
    }
    if vm.real_class_of(exception) != vm.real_class_of(other) {
        return Ok(Value::FALSE);
    }
    let same_message = vm.exception_message(exception) == vm.exception_message(other);
    Ok(Value::bool(
        same_message && vm.exception_backtrace(exception) == vm.exception_backtrace(other),
    ))
}

/// `raise`, `raise "message"`, `raise Class`, `raise Class, "message"`,
/// `raise exception`: makes the exception (with `exception`), gives it the
/// caller's backtrace if it has none, and raises it.
fn raise(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let exception = match args.first() {
        None => {
            let current = vm.global_named("$!");
            if current.is_nil() {
                let class = vm.c.runtime_error;
                let new = vm.symbols.intern("new");
                let empty = vm.new_str("");
                vm.call(class, new, &[empty])?
            } else {
                current
            }
        }
        Some(&first) if first.get::<RString>().is_some() && args.len() == 1 => {
            let class = vm.c.runtime_error;
            let new = vm.symbols.intern("new");
            vm.call(class, new, &[first])?
        }
        Some(&first) => {
            let exception_method = vm.symbols.intern("exception");
            let class = vm.class_of(first);
            if vm.find_method(class, exception_method).is_none() {
                return Err(vm.type_error("exception class/object expected".into()));
            }
            let message: Vec<Value> = args.get(1).copied().into_iter().collect();
            vm.call(first, exception_method, &message)?
        }
    };
    if !vm.is_kind_of(exception, vm.c.exception) {
        return Err(vm.type_error("exception object expected".into()));
    }
    if let Some(&backtrace) = args.get(2) {
        vm.set_exception_backtrace(exception, backtrace)?;
    }
    let has_backtrace = vm
        .ivar_get(exception, vm.sym.backtrace)
        .get::<RArray>()
        .is_some()
        || !vm.ivar_get(exception, vm.sym.backtrace_frames).is_nil();
    if !has_backtrace {
        // The backtrace starts at the caller of `raise`.
        vm.set_backtrace_here(exception, 1);
    }
    // Raised while rescuing another exception: that one is the cause.
    let cause = vm.symbols.intern("cause");
    let current = vm.global_named("$!");
    if current != exception && !current.is_nil() && vm.ivar_get(exception, cause).is_nil() {
        vm.ivar_set(exception, cause, current)?;
    }
    Err(Control::Raise(exception))
}

/// `catch(tag) { |tag| ... }`: runs the block; a `throw` of the same tag
/// ends it with the thrown value.
fn catch(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let tag = match args.first() {
        Some(&tag) => tag,
        None => {
            let object = vm.c.object;
            vm.new_object(object)
        }
    };
    let Some(block) = vm.current_block() else {
        let class = vm.c.local_jump_error;
        return Err(vm.raise(class, "no block given".into()));
    };
    vm.context.push_catch_tag(tag);
    let result = vm.invoke_block(&block, &[tag]);
    vm.context.pop_catch_tag();
    match result {
        Err(Control::Jump(jump)) => match *jump {
            Jump::Throw { tag: thrown, value } if thrown == tag => Ok(value),
            jump => Err(Control::Jump(Box::new(jump))),
        },
        other => other,
    }
}
