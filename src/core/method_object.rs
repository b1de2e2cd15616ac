//! Method and UnboundMethod: `obj.method(:name)` and
//! `Mod.instance_method(:name)`.
//!
//! A Method remembers its receiver, its name, the class that owns the
//! method (for `owner`) and the method itself as it was when the Method was
//! made (in the VM's `method_entries`): calling it runs that method even if
//! the name has been redefined since, which is what wrappers written with
//! `instance_method(name).bind(self).call(...)` rely on. A Method made for a
//! name that only `respond_to_missing?` claims has no method of its own;
//! calling it goes to `method_missing`.

use crate::block::{Block, BlockCode};
use crate::core::module::{is_module, symbol_arg};
use crate::core::{public, CoreMethod};
use crate::object::{MethodBody, MethodEntry, Visibility};
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use bytecode::Sym;
use std::rc::Rc;

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let method = vm.define_class("Method", object);
    let unbound = vm.define_class("UnboundMethod", object);
    vm.c.method = method;
    vm.c.unbound_method = unbound;

    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            public("method", 1, Some(1), kernel_method),
            public("public_method", 1, Some(1), kernel_public_method),
        ],
    );
    let module = vm.c.module;
    vm.define_native(
        module,
        "instance_method",
        1,
        Some(1),
        module_instance_method,
    );
    vm.define_methods(
        method,
        &[
            public("call", 0, None, method_call),
            public("()", 0, None, method_call),
            public("[]", 0, None, method_call),
            public("===", 0, None, method_call),
            public("to_proc", 0, Some(0), method_to_proc),
            public("receiver", 0, Some(0), method_receiver),
            public("unbind", 0, Some(0), method_unbind),
        ],
    );
    vm.define_methods(
        unbound,
        &[
            public("bind", 1, Some(1), unbound_bind),
            public("bind_call", 1, None, unbound_bind_call),
        ],
    );
    for class in [method, unbound] {
        vm.define_methods(class, METHOD_READERS);
    }
}

/// What Method and UnboundMethod both answer.
const METHOD_READERS: &[CoreMethod] = &[
    public("name", 0, Some(0), method_name),
    public("owner", 0, Some(0), method_owner),
    public("original_name", 0, Some(0), method_original_name),
    public("arity", 0, Some(0), method_arity),
    public("inspect", 0, Some(0), method_inspect),
];

/// `Method#call`, `()`, `[]` and `===`.
fn method_call(vm: &mut Vm, method: Value, args: &[Value]) -> VmResult {
    let (receiver, name, _) = parts(vm, method);
    let block = vm.current_block();
    let kwargs = vm.called_with_keywords();
    match vm.method_entries.get(&method).cloned() {
        Some(entry) => vm.call_entry(&entry, receiver, name, args, block, kwargs),
        None => vm.call_forwarding(receiver, name, args, block, kwargs),
    }
}

/// `Method#name` (and UnboundMethod's).
fn method_name(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    Ok(Value::symbol(parts(vm, method).1))
}

/// `Method#owner`.
fn method_owner(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    Ok(parts(vm, method).2)
}

/// `Method#original_name`: the name the method was defined with (an
/// alias's original).
fn method_original_name(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    let (_, name, _) = parts(vm, method);
    let original = match vm.method_entries.get(&method).map(|e| e.body.clone()) {
        Some(MethodBody::Bytecode(code)) => code.code.name,
        Some(MethodBody::Block(block)) => block.method_name.unwrap_or(name),
        _ => name,
    };
    Ok(Value::symbol(original))
}

/// `Method#arity`.
fn method_arity(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    let entry = vm.method_entries.get(&method);
    Ok(Value::small(entry.map_or(-1, |e| arity(&e.body))))
}

/// `Method#inspect`: `#<Method: Owner#name>`.
fn method_inspect(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    let (_, name, owner) = parts(vm, method);
    let kind = if vm.real_class_of(method) == vm.c.method {
        "Method"
    } else {
        "UnboundMethod"
    };
    let text = format!(
        "#<{kind}: {}#{}>",
        vm.class_name(owner),
        vm.symbols.name(name)
    );
    Ok(vm.new_str(&text))
}

/// `method`.
fn kernel_method(vm: &mut Vm, receiver: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    method_object(vm, receiver, name)
}

/// `public_method`.
fn kernel_public_method(vm: &mut Vm, receiver: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let class = vm.class_of(receiver);
    let visibility = vm.find_method(class, name).map(|entry| entry.visibility);
    if let Some(hidden @ (Visibility::Private | Visibility::Protected)) = visibility {
        let word = if hidden == Visibility::Private {
            "private"
        } else {
            "protected"
        };
        let message = format!(
            "method `{}' for class `{}' is {word}",
            vm.symbols.name(name),
            vm.class_name(class)
        );
        return Err(lookup_error(vm, message, name, class));
    }
    method_object(vm, receiver, name)
}

/// `instance_method`.
fn module_instance_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let Some(entry) = vm.find_method(module, name) else {
        let message = format!(
            "undefined method `{}' for class `{}'",
            vm.symbols.name(name),
            vm.class_name(module)
        );
        let class = vm.c.name_error;
        return Err(vm.raise(class, message));
    };
    let class = vm.c.unbound_method;
    let unbound = vm.new_object(class);
    set_parts(vm, unbound, Value::NIL, name, entry.owner, Some(entry))?;
    Ok(unbound)
}

/// `to_proc`.
fn method_to_proc(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    let (receiver, name, _) = parts(vm, method);
    let block = Block {
        code: BlockCode::Method(name),
        receiver,
        ..vm.symbol_block(name)
    };
    Ok(vm.new_proc(Rc::new(block)))
}

/// `receiver`.
fn method_receiver(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    Ok(parts(vm, method).0)
}

/// `unbind`.
fn method_unbind(vm: &mut Vm, method: Value, _: &[Value]) -> VmResult {
    let (_, name, owner) = parts(vm, method);
    let entry = vm.method_entries.get(&method).cloned();
    let class = vm.c.unbound_method;
    let unbound = vm.new_object(class);
    set_parts(vm, unbound, Value::NIL, name, owner, entry)?;
    Ok(unbound)
}

/// `bind`.
fn unbound_bind(vm: &mut Vm, unbound: Value, args: &[Value]) -> VmResult {
    let (name, owner, entry) = bindable(vm, unbound, args[0])?;
    let class = vm.c.method;
    let method = vm.new_object(class);
    set_parts(vm, method, args[0], name, owner, Some(entry))?;
    Ok(method)
}

/// `bind_call`.
fn unbound_bind_call(vm: &mut Vm, unbound: Value, args: &[Value]) -> VmResult {
    let (name, _, entry) = bindable(vm, unbound, args[0])?;
    let block = vm.current_block();
    let kwargs = vm.called_with_keywords();
    vm.call_entry(&entry, args[0], name, &args[1..], block, kwargs)
}

/// Whether `value` is a Method or an UnboundMethod.
pub fn is_method_object(vm: &Vm, value: Value) -> bool {
    let class = vm.real_class_of(value);
    class == vm.c.method || class == vm.c.unbound_method
}

/// The implementation a Method or UnboundMethod stands for (what
/// `define_method(name, method)` installs in `target` under the new name).
/// A class's method can go only into that class or its subclasses (core
/// methods expect their own kind of receiver).
pub fn method_body(vm: &mut Vm, method: Value, target: Value) -> VmResult<MethodBody> {
    let (_, name, owner) = parts(vm, method);
    if !crate::vm::class_data(owner).is_module && !vm.ancestors(target).contains(&owner) {
        let owner_name = vm.class_name(owner);
        return Err(vm.type_error(format!("bind argument must be a subclass of {owner_name}")));
    }
    match vm.method_entries.get(&method) {
        Some(entry) => Ok(entry.body.clone()),
        None => Err(vm.no_method_error_for(owner, name)),
    }
}

/// The name, owner and method of UnboundMethod `unbound` when `receiver`
/// may run it, else MRI's TypeError.
fn bindable(
    vm: &mut Vm,
    unbound: Value,
    receiver: Value,
) -> VmResult<(Sym, Value, Rc<MethodEntry>)> {
    let (_, name, owner) = parts(vm, unbound);
    let entry = vm.method_entries.get(&unbound).cloned();
    match entry {
        // A module's method binds to any object; a class's, to its instances.
        Some(entry) if is_module(owner) || vm.is_kind_of(receiver, owner) => {
            Ok((name, owner, entry))
        }
        _ => {
            let owner = vm.class_name(owner);
            Err(vm.type_error(format!("bind argument must be an instance of {owner}")))
        }
    }
}

/// `receiver.method(name)`: NameError for a method it does not have,
/// unless its `respond_to_missing?(name, true)` claims it (then calling the
/// The NameError of a method lookup (`method`, `public_method`) for `name`
/// in `class`, which MRI makes the error's receiver.
fn lookup_error(vm: &mut Vm, message: String, name: Sym, class: Value) -> crate::vm::Control {
    let error = vm.c.name_error;
    let attributes = [("name", Value::symbol(name)), ("receiver", class)];
    vm.raise_with(error, message, &attributes)
}

/// Method goes to `method_missing`).
fn method_object(vm: &mut Vm, receiver: Value, name: Sym) -> VmResult {
    let class = vm.class_of(receiver);
    let found = vm.find_method(class, name);
    let owner = match &found {
        Some(entry) => Some(entry.owner),
        None => {
            let respond_to_missing = vm.symbols.intern("respond_to_missing?");
            let claimed = vm.call(
                receiver,
                respond_to_missing,
                &[Value::symbol(name), Value::TRUE],
            )?;
            claimed.truthy().then_some(class)
        }
    };
    let Some(owner) = owner else {
        // MRI names the class the method was looked up in (a singleton
        // class when the receiver has one, which every class has) and
        // makes it the error's receiver.
        let looked_in = if vm.is_kind_of(receiver, vm.c.class) {
            vm.singleton_class_for(receiver)?
        } else {
            class
        };
        let message = format!(
            "undefined method `{}' for class `{}'",
            vm.symbols.name(name),
            vm.class_name(looked_in)
        );
        return Err(lookup_error(vm, message, name, looked_in));
    };
    let class = vm.c.method;
    let method = vm.new_object(class);
    set_parts(vm, method, receiver, name, owner, found)?;
    Ok(method)
}

/// Method#arity: required count, or -(required + 1) when optional or rest
/// parameters exist.
fn arity(body: &MethodBody) -> i64 {
    match body {
        MethodBody::Bytecode(method) => crate::core::proc::code_arity(&method.code, true),
        MethodBody::Native(native) => match native.max {
            Some(max) if max == native.min => native.min as i64,
            _ => -(native.min as i64 + 1),
        },
        MethodBody::Block(block) => crate::core::proc::arity(&Block {
            is_lambda: true,
            ..(**block).clone()
        }),
        MethodBody::AttrReader(_) => 0,
        MethodBody::AttrWriter(_) => 1,
        MethodBody::Undefined => -1,
    }
}

fn part_names(vm: &mut Vm) -> (Sym, Sym, Sym) {
    (
        vm.symbols.intern("receiver"),
        vm.symbols.intern("name"),
        vm.symbols.intern("owner"),
    )
}

fn set_parts(
    vm: &mut Vm,
    method: Value,
    receiver: Value,
    name: Sym,
    owner: Value,
    entry: Option<Rc<MethodEntry>>,
) -> VmResult<()> {
    if let Some(entry) = entry {
        vm.method_entries.insert(method, entry);
    }
    let (r, n, o) = part_names(vm);
    vm.ivar_set(method, r, receiver)?;
    vm.ivar_set(method, n, Value::symbol(name))?;
    vm.ivar_set(method, o, owner)
}

fn parts(vm: &mut Vm, method: Value) -> (Value, Sym, Value) {
    let (r, n, o) = part_names(vm);
    let name = vm
        .ivar_get(method, n)
        .as_symbol()
        .expect("a Method has a name");
    (vm.ivar_get(method, r), name, vm.ivar_get(method, o))
}
