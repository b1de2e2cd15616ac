//! BasicObject, Object, NilClass, TrueClass, FalseClass, Module, Exception
//! and GC.

use crate::core::{private, public};
use crate::object::RClass;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    define_instance_eval(vm);
    let basic_object = vm.c.basic_object;
    vm.define_methods(
        basic_object,
        &[
            public("!", 0, Some(0), basic_object_not),
            public("==", 1, Some(1), basic_object_eq),
            public("equal?", 1, Some(1), basic_object_equal_p),
            public("!=", 1, Some(1), basic_object_ne),
        ],
    );
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            public("nil?", 0, Some(0), kernel_nil_p),
            public("class", 0, Some(0), kernel_class),
            public("to_s", 0, Some(0), kernel_to_s),
            public("frozen?", 0, Some(0), kernel_frozen_p),
            public("freeze", 0, Some(0), kernel_freeze),
            public("object_id", 0, Some(0), kernel_object_id),
            public("is_a?", 1, Some(1), is_a),
            public("kind_of?", 1, Some(1), is_a),
            public("instance_of?", 1, Some(1), kernel_instance_of_p),
            public("===", 1, Some(1), kernel_case_eq),
        ],
    );
    // main's to_s and inspect.
    let main = vm.main;
    let main_class = vm.singleton_class(main);
    vm.define_methods(
        main_class,
        &[
            public("to_s", 0, Some(0), main_class_to_s),
            public("inspect", 0, Some(0), main_class_inspect),
        ],
    );
    let nil = vm.c.nil;
    vm.define_methods(
        nil,
        &[
            public("to_s", 0, Some(0), nil_to_s),
            public("inspect", 0, Some(0), nil_inspect),
            public("to_a", 0, Some(0), nil_to_a),
            public("nil?", 0, Some(0), nil_nil_p),
            public("to_i", 0, Some(0), nil_to_i),
            public("to_f", 0, Some(0), nil_to_f),
            public("&", 1, Some(1), nil_and),
            public("|", 1, Some(1), nil_or),
        ],
    );
    for (class, name) in [(vm.c.true_class, "true"), (vm.c.false_class, "false")] {
        let to_s = if name == "true" {
            true_to_s
        } else {
            false_to_s
        };
        vm.define_native(class, "to_s", 0, Some(0), to_s);
        vm.define_native(class, "inspect", 0, Some(0), to_s);
    }
    let true_class = vm.c.true_class;
    vm.define_methods(
        true_class,
        &[
            public("&", 1, Some(1), true_class_and),
            public("|", 1, Some(1), true_class_or),
            public("^", 1, Some(1), true_class_xor),
        ],
    );
    let false_class = vm.c.false_class;
    vm.define_methods(
        false_class,
        &[
            public("&", 1, Some(1), false_class_and),
            public("|", 1, Some(1), false_class_or),
            public("^", 1, Some(1), false_class_xor),
        ],
    );
    let gc = vm.c.gc;
    vm.define_singleton_native(gc, "start", 0, Some(0), gc_singleton_start);
    vm.define_singleton_native(gc, "count", 0, Some(0), gc_singleton_count);
}

/// `!`.
fn basic_object_not(_: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(!recv.truthy()))
}

/// `==`.
fn basic_object_eq(_: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(recv == args[0]))
}

/// `equal?`.
fn basic_object_equal_p(_: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(recv == args[0]))
}

/// `!=`: the negation of `==`, which it calls unless the receiver's `==`
/// is BasicObject's own (an identity test, as MRI's `opt_neq` checks).
fn basic_object_ne(vm: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    let eq = vm.sym.eq;
    let class = vm.class_of(recv);
    let found = vm.find_method(class, eq);
    if let (Some(found), Some(core)) = (&found, &vm.basic_object_eq) {
        if std::rc::Rc::ptr_eq(found, core) {
            return Ok(Value::bool(recv != args[0]));
        }
    }
    Ok(Value::bool(!vm.call(recv, eq, args)?.truthy()))
}

/// `nil?`.
fn kernel_nil_p(_: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(recv.is_nil()))
}

/// NilClass's `nil?`: true (its own, as in MRI, so that an `Object#nil?`
/// leaves nil's alone).
fn nil_nil_p(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::TRUE)
}

/// `class`.
fn kernel_class(vm: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    Ok(vm.real_class_of(recv))
}

/// `to_s`.
fn kernel_to_s(vm: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    let text = vm.default_to_s(recv);
    Ok(vm.new_str(&text))
}

/// `frozen?`.
fn kernel_frozen_p(_: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(recv.header().is_none_or(|h| h.is_frozen())))
}

/// `freeze`.
fn kernel_freeze(_: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    if let Some(header) = recv.header() {
        header.freeze();
    }
    Ok(recv)
}

/// `object_id`.
fn kernel_object_id(vm: &mut Vm, recv: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_int(object_id(recv) as i128))
}

/// `instance_of?`.
fn kernel_instance_of_p(vm: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    expect_class(vm, args[0])?;
    Ok(Value::bool(vm.real_class_of(recv) == args[0]))
}

/// `===`.
fn kernel_case_eq(vm: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    let eq = vm.sym.eq;
    if recv == args[0] {
        return Ok(Value::TRUE);
    }
    vm.call(recv, eq, args)
}

/// `to_s`.
fn main_class_to_s(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str("main"))
}

/// `inspect`.
fn main_class_inspect(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str("main"))
}

/// `to_s`.
fn nil_to_s(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let empty = crate::object::StringBytes::new();
    Ok(crate::core::string::new_ascii_string(vm, empty))
}

/// `inspect`.
fn nil_inspect(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str("nil"))
}

/// `to_a`.
fn nil_to_a(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_array(Vec::new()))
}

/// `to_i`.
fn nil_to_i(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(0))
}

/// `to_f`.
fn nil_to_f(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_float(0.0))
}

/// `&`.
fn nil_and(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::FALSE)
}

/// `|`.
fn nil_or(_: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(args[0].truthy()))
}

/// `&`.
fn true_class_and(_: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(args[0].truthy()))
}

/// `|`.
fn true_class_or(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::TRUE)
}

/// `^`.
fn true_class_xor(_: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(!args[0].truthy()))
}

/// `&`.
fn false_class_and(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::FALSE)
}

/// `|`.
fn false_class_or(_: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(args[0].truthy()))
}

/// `^`.
fn false_class_xor(_: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(args[0].truthy()))
}

/// `GC.start`.
fn gc_singleton_start(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    vm.collect(|_| {});
    Ok(Value::NIL)
}

/// `GC.count`.
fn gc_singleton_count(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_int(vm.heap.stats.collections as i128))
}

fn true_to_s(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str("true"))
}

fn false_to_s(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_str("false"))
}

fn expect_class(vm: &mut Vm, value: Value) -> VmResult<()> {
    if value.get::<RClass>().is_none() {
        let message = "class or module required".to_string();
        return Err(vm.type_error(message));
    }
    Ok(())
}

fn is_a(vm: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    expect_class(vm, args[0])?;
    Ok(Value::bool(vm.is_kind_of(recv, args[0])))
}

/// A stable id for a value (its address for heap objects, as MRI's
/// `object_id` is stable but otherwise arbitrary).
pub fn object_id(value: Value) -> u64 {
    if value.is_heap() {
        value.bits() >> 3
    } else {
        value.bits()
    }
}

/// `instance_exec(*args) { ... }` and `instance_eval { |obj| ... }`: the
/// block with the receiver as `self` (`instance_eval` passes it the
/// receiver too). A `def` in the block defines a singleton method of the
/// receiver; constants are still looked up where the block is written.
/// The string form of `instance_eval`, `eval` and `binding` are not
/// supported (NotImplementedError).
fn define_instance_eval(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("eval", 0, None, eval),
            private("binding", 0, None, eval),
        ],
    );
    let basic_object = vm.c.basic_object;
    vm.define_methods(
        basic_object,
        &[
            public("instance_exec", 0, None, basic_object_instance_exec),
            public("instance_eval", 0, Some(3), basic_object_instance_eval),
        ],
    );
}

/// `BasicObject#instance_exec`.
fn basic_object_instance_exec(vm: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        let class = vm.c.local_jump_error;
        return Err(vm.raise(class, "no block given".into()));
    };
    let block = receiver_block(vm, recv, &block);
    vm.invoke_block(&block, args)
}

/// `BasicObject#instance_eval`.
fn basic_object_instance_eval(vm: &mut Vm, recv: Value, args: &[Value]) -> VmResult {
    if !args.is_empty() {
        let class = vm.c.not_implemented_error;
        let message = "instance_eval with a string is not supported by rhizome".into();
        return Err(vm.raise(class, message));
    }
    let Some(block) = vm.current_block() else {
        let message = "wrong number of arguments (given 0, expected 1..3)".into();
        return Err(vm.argument_error(message));
    };
    let block = receiver_block(vm, recv, &block);
    vm.invoke_block(&block, &[recv])
}

/// `block`, run with `recv` as `self`; its `def`s define singleton methods
/// of `recv`.
fn receiver_block(
    vm: &mut Vm,
    recv: Value,
    block: &crate::block::Block,
) -> std::rc::Rc<crate::block::Block> {
    let defines = match &block.code {
        crate::block::BlockCode::Bytecode(code) => code
            .code
            .insns
            .iter()
            .any(|insn| matches!(insn, bytecode::Insn::DefineMethod(_))),
        _ => false,
    };
    // Only a heap object has a singleton class to define methods in (MRI
    // refuses `def` on an Integer or a Symbol too).
    let cref = if defines && recv.header().is_some() {
        let singleton = vm.singleton_class(recv);
        std::rc::Rc::new(crate::object::Cref {
            module: singleton,
            parent: Some(block.cref.clone()),
            evaluated: true,
        })
    } else {
        block.cref.clone()
    };
    std::rc::Rc::new(crate::block::Block {
        receiver: recv,
        cref,
        ..block.clone()
    })
}

/// `eval`, `binding`.
fn eval(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let class = vm.c.not_implemented_error;
    let message = "eval and binding are not supported by rhizome".into();
    Err(vm.raise(class, message))
}
