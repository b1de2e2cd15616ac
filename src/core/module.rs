//! Module and Class: instantiation, attributes, visibility, mixins,
//! aliases, reflection on constants, variables and methods; and the
//! reflective Kernel methods (`send`, `respond_to?`, `instance_variable_get`,
//! `extend`, ...).

use crate::core::{private, public};
use crate::method::{NativeFrame, NativeMethod};
use crate::object::{
    Allocator, IvarAccessor, MethodBody, MethodEntry, RArray, RClass, RObject, RString, Visibility,
};
use crate::value::Value;
use crate::vm::{class_data, Vm, VmResult};
use bytecode::Sym;
use std::rc::Rc;

pub fn define(vm: &mut Vm) {
    define_class_and_module(vm);
    define_evaluation(vm);
}

/// `Module#included`, `extended` and `prepended`: hooks that do nothing
/// until a module defines its own.
fn module_hook(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// Class's and Module's own methods: instantiation, comparison,
/// attributes, visibility, methods and constants.
fn define_class_and_module(vm: &mut Vm) {
    let class = vm.c.class;
    vm.define_constructor(class, "new");
    vm.define_methods(
        class,
        &[
            public("allocate", 0, Some(0), class_allocate),
            public("superclass", 0, Some(0), class_superclass),
        ],
    );
    let basic_object = vm.c.basic_object;
    vm.define_private_native(
        basic_object,
        "initialize",
        0,
        Some(0),
        basic_object_initialize,
    );
    let module = vm.c.module;
    vm.define_methods(
        module,
        &[
            public("to_s", 0, Some(0), to_s),
            public("inspect", 0, Some(0), to_s),
        ],
    );
    vm.define_methods(
        module,
        &[
            public("name", 0, Some(0), module_name),
            public("===", 1, Some(1), module_case_eq),
            public("==", 1, Some(1), module_eq),
            public("<", 1, Some(1), module_lt),
            public("<=", 1, Some(1), module_le),
            public("ancestors", 0, Some(0), module_ancestors),
            public("include", 1, None, module_include),
        ],
    );
    vm.define_methods(
        module,
        &[
            private("included", 1, Some(1), module_hook),
            private("extended", 1, Some(1), module_hook),
            private("prepended", 1, Some(1), module_hook),
            private("method_added", 1, Some(1), module_method_added),
        ],
    );
    let class = vm.c.class;
    vm.define_private_native(class, "inherited", 1, Some(1), class_inherited);
    vm.define_methods(
        module,
        &[
            public("undef_method", 0, None, module_undef_method),
            public("remove_method", 0, None, module_remove_method),
            public("include?", 1, Some(1), module_include_p),
            public("included_modules", 0, Some(0), module_included_modules),
            public("attr_reader", 0, None, module_attr_reader),
            public("attr_writer", 0, None, module_attr_writer),
            public("attr_accessor", 0, None, module_attr_accessor),
            public("attr", 0, None, module_attr),
            public("public", 0, None, module_public),
            public("private", 0, None, module_private),
            public("protected", 0, None, module_protected),
            public("private_class_method", 0, None, module_private_class_method),
            public("public_class_method", 0, None, module_public_class_method),
            public("alias_method", 2, Some(2), module_alias_method),
            public("instance_methods", 0, Some(1), module_instance_methods),
            public(
                "public_instance_methods",
                0,
                Some(1),
                module_public_instance_methods,
            ),
            public(
                "private_instance_methods",
                0,
                Some(1),
                module_private_instance_methods,
            ),
            public(
                "protected_instance_methods",
                0,
                Some(1),
                module_protected_instance_methods,
            ),
            public("method_defined?", 1, Some(2), module_method_defined_p),
            public(
                "public_method_defined?",
                1,
                Some(2),
                module_public_method_defined_p,
            ),
            public(
                "private_method_defined?",
                1,
                Some(2),
                module_private_method_defined_p,
            ),
            public("const_get", 1, Some(2), module_const_get),
            public("const_set", 2, Some(2), module_const_set),
            private("remove_const", 1, Some(1), module_remove_const),
            public("const_defined?", 1, Some(2), module_const_defined_p),
            public("constants", 0, Some(1), module_constants),
            public("class_variable_get", 1, Some(1), module_class_variable_get),
            public("class_variable_set", 2, Some(2), module_class_variable_set),
            public(
                "class_variable_defined?",
                1,
                Some(1),
                module_class_variable_defined_p,
            ),
            public("class_variables", 0, Some(1), module_class_variables),
            public("hash", 0, Some(0), module_hash),
        ],
    );
}

/// The top level's `public`/`private`/`include`, `define_method`, the
/// `*_eval`/`*_exec` family, `module_function`, `Class.new` and
/// `Module.new`.
fn define_evaluation(vm: &mut Vm) {
    let module = vm.c.module;
    // At the top level, `public`, `private` and `include` apply to Object.
    let main_class = vm.singleton_class(vm.main);
    vm.define_methods(
        main_class,
        &[
            private("public", 0, None, main_class_public),
            private("private", 0, None, main_class_private),
            private("include", 1, None, main_class_include),
            private("define_method", 1, Some(2), main_class_define_method),
            private("ruby2_keywords", 0, None, ruby2_keywords),
        ],
    );
    vm.define_native(module, "define_method", 1, Some(2), module_define_method);
    vm.define_methods(
        module,
        &[private("ruby2_keywords", 0, None, ruby2_keywords)],
    );
    vm.define_methods(
        module,
        &[
            public("module_eval", 0, None, module_eval),
            public("class_eval", 0, None, module_eval),
            public("class_exec", 0, None, module_eval),
            public("module_exec", 0, None, module_eval),
        ],
    );
    vm.define_methods(
        module,
        &[
            public("module_function", 0, None, module_module_function),
            public("freeze", 0, Some(0), module_freeze),
        ],
    );
    let class = vm.c.class;
    vm.define_singleton_native(class, "new", 0, Some(1), class_singleton_new);
    let module_class = vm.c.module;
    vm.define_singleton_native(module_class, "new", 0, Some(0), module_class_singleton_new);
}

/// `allocate`.
fn class_allocate(vm: &mut Vm, class: Value, _: &[Value]) -> VmResult {
    allocate(vm, class)
}

/// `superclass`.
fn class_superclass(_: &mut Vm, class: Value, _: &[Value]) -> VmResult {
    let mut superclass = class_data(class).superclass;
    while let Some(s) = superclass.filter(|&s| class_data(s).is_singleton) {
        superclass = class_data(s).superclass;
    }
    Ok(superclass.unwrap_or(Value::NIL))
}

/// `initialize`.
fn basic_object_initialize(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `name`.
fn module_name(vm: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    let named = class_data(module).name.get().is_some() && !class_data(module).is_singleton;
    if !named {
        return Ok(Value::NIL);
    }
    let name = vm.class_name(module);
    Ok(vm.new_str(&name))
}

/// `===`.
fn module_case_eq(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(vm.is_kind_of(args[0], module)))
}

/// `==`.
fn module_eq(_: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(module == args[0]))
}

/// `<`.
fn module_lt(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    compare_modules(vm, module, args[0], true)
}

/// `<=`.
fn module_le(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    compare_modules(vm, module, args[0], false)
}

/// `ancestors`.
fn module_ancestors(vm: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    let ancestors = vm.ancestors(module).to_vec();
    Ok(vm.new_array(ancestors))
}

/// `include`.
fn module_include(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    include_modules(vm, module, args)?;
    Ok(module)
}

/// `method_added`.
fn module_method_added(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `inherited`.
fn class_inherited(_: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    Ok(Value::NIL)
}

/// `undef_method`.
fn module_undef_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    for &arg in args {
        let name = symbol_arg(vm, arg)?;
        undef_method(vm, module, name)?;
    }
    Ok(module)
}

/// `remove_method`.
fn module_remove_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    vm.check_class_modifiable(module)?;
    for &arg in args {
        let name = symbol_arg(vm, arg)?;
        warn_serious(vm, "removing", name);
        let removed = class_data(module)
            .methods
            .borrow_mut()
            .shift_remove(&name)
            .filter(|entry| !entry.is_undefined());
        if removed.is_none() {
            let message = format!(
                "method `{}' not defined in {}",
                vm.symbols.name(name),
                vm.class_name(module)
            );
            let class = vm.c.name_error;
            return Err(vm.raise(class, message));
        }
        vm.methods_changed(Some(name));
    }
    Ok(module)
}

/// MRI's warning as `initialize`, `object_id` or `__send__` is removed or
/// undefined (`doing`): "removing `initialize' may cause serious
/// problems".
fn warn_serious(vm: &mut Vm, doing: &str, name: Sym) {
    let text = vm.symbols.name(name);
    if matches!(text, "initialize" | "object_id" | "__send__") {
        let message = format!("{doing} `{text}' may cause serious problems");
        vm.warn(&message);
    }
}

/// MRI's warning as `def` redefines `object_id` or `__send__` that
/// `module` has already (its own or an ancestor's).
pub fn warn_redefining(vm: &mut Vm, module: Value, name: Sym) {
    let text = vm.symbols.name(name);
    if matches!(text, "object_id" | "__send__") && vm.find_method(module, name).is_some() {
        let message = format!("redefining `{text}' may cause serious problems");
        vm.warn(&message);
    }
}

/// `include?`.
fn module_include_p(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    Ok(Value::bool(
        module != args[0] && vm.ancestors(module).contains(&args[0]) && is_module(args[0]),
    ))
}

/// `included_modules`.
fn module_included_modules(vm: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    let modules: Vec<Value> = vm
        .ancestors(module)
        .iter()
        .copied()
        .filter(|&m| is_module(m))
        .collect();
    Ok(vm.new_array(modules))
}

/// `attr_reader`.
fn module_attr_reader(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    define_attrs(vm, module, args, true, false)
}

/// `attr_writer`.
fn module_attr_writer(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    define_attrs(vm, module, args, false, true)
}

/// `attr_accessor`.
fn module_attr_accessor(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    define_attrs(vm, module, args, true, true)
}

/// `attr`.
fn module_attr(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    define_attrs(vm, module, args, true, false)
}

/// `public`.
fn module_public(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    set_visibility(vm, module, args, Visibility::Public)
}

/// `private`.
fn module_private(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    set_visibility(vm, module, args, Visibility::Private)
}

/// `protected`.
fn module_protected(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    set_visibility(vm, module, args, Visibility::Protected)
}

/// `private_class_method`.
fn module_private_class_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let singleton = vm.singleton_class(module);
    set_visibility(vm, singleton, args, Visibility::Private)?;
    Ok(Value::NIL)
}

/// `public_class_method`.
fn module_public_class_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let singleton = vm.singleton_class(module);
    set_visibility(vm, singleton, args, Visibility::Public)?;
    Ok(Value::NIL)
}

/// `alias_method`.
fn module_alias_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let new = symbol_arg(vm, args[0])?;
    let old = symbol_arg(vm, args[1])?;
    alias_method(vm, module, new, old)?;
    Ok(Value::symbol(new))
}

/// `instance_methods`.
fn module_instance_methods(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_list(vm, module, args, |v| v != Visibility::Private)
}

/// `public_instance_methods`.
fn module_public_instance_methods(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_list(vm, module, args, |v| v == Visibility::Public)
}

/// `private_instance_methods`.
fn module_private_instance_methods(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_list(vm, module, args, |v| v == Visibility::Private)
}

/// `protected_instance_methods`.
fn module_protected_instance_methods(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_list(vm, module, args, |v| v == Visibility::Protected)
}

/// `method_defined?`.
fn module_method_defined_p(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_defined(vm, module, args[0], |v| v != Visibility::Private)
}

/// `public_method_defined?`.
fn module_public_method_defined_p(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_defined(vm, module, args[0], |v| v == Visibility::Public)
}

/// `private_method_defined?`.
fn module_private_method_defined_p(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    method_defined(vm, module, args[0], |v| v == Visibility::Private)
}

/// `const_get`.
fn module_const_get(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let path = match args[0].as_symbol() {
        Some(sym) => vm.symbols.name(sym).to_string(),
        None => crate::core::string::expect_string(vm, args[0])
            .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())?,
    };
    let inherit = args.get(1).is_none_or(|v| v.truthy());
    let (mut scope, rest) = match path.strip_prefix("::") {
        Some(rest) => (vm.c.object, rest),
        None => (module, path.as_str()),
    };
    for segment in rest.split("::") {
        if !is_constant_name(segment) {
            let class = vm.c.name_error;
            return Err(vm.raise(class, format!("wrong constant name {path}")));
        }
        let name = vm.symbols.intern(segment);
        if scope.get::<RClass>().is_none() {
            let shown = vm.inspect(scope)?;
            return Err(vm.type_error(format!("{shown} does not refer to class/module")));
        }
        scope = lookup_constant(vm, scope, name, inherit)?;
    }
    Ok(scope)
}

/// `const_set`.
fn module_const_set(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    vm.set_constant(module, name, args[1]);
    Ok(args[1])
}

/// `remove_const`.
fn module_remove_const(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let data = crate::vm::class_data(module);
    let removed = data.constants.borrow_mut().shift_remove(&name);
    let Some(value) = removed else {
        let shown = format!("{}::{}", vm.class_name(module), vm.symbols.name(name));
        let class = vm.c.name_error;
        return Err(vm.raise(class, format!("constant {shown} not defined")));
    };
    data.constant_locations.borrow_mut().remove(&name);
    vm.constant_changed(name);
    Ok(value)
}

/// `const_defined?`.
fn module_const_defined_p(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    if args.get(1).is_some_and(|inherit| !inherit.truthy()) {
        return Ok(Value::bool(vm.own_constant(module, name).is_some()));
    }
    Ok(Value::bool(
        vm.ancestors(module)
            .iter()
            .any(|&m| vm.own_constant(m, name).is_some()),
    ))
}

/// `constants`.
fn module_constants(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let inherit = args.first().is_none_or(|v| v.truthy());
    let sources: Vec<Value> = if inherit {
        // The ancestry, less Object's own (unless asked of Object).
        let object_ancestors = vm.ancestors(vm.c.object);
        vm.ancestors(module)
            .iter()
            .copied()
            .filter(|m| module == vm.c.object || !object_ancestors.contains(m))
            .collect()
    } else {
        vec![module]
    };
    let mut names = Vec::new();
    for source in sources {
        for &name in class_data(source).constants.borrow().keys() {
            if !names.contains(&Value::symbol(name)) {
                names.push(Value::symbol(name));
            }
        }
    }
    Ok(vm.new_array(names))
}

/// `class_variable_get`.
fn module_class_variable_get(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let found = vm
        .ancestors(module)
        .iter()
        .find_map(|&m| class_data(m).class_variables.borrow().get(&name).copied());
    match found {
        Some(value) => Ok(value),
        None => {
            let message = format!(
                "uninitialized class variable {} in {}",
                vm.symbols.name(name),
                vm.class_name(module)
            );
            let class = vm.c.name_error;
            Err(vm.raise(class, message))
        }
    }
}

/// `class_variable_set`.
fn module_class_variable_set(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    class_data(module)
        .class_variables
        .borrow_mut()
        .insert(name, args[1]);
    Ok(args[1])
}

/// `class_variable_defined?`.
fn module_class_variable_defined_p(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let defined = vm
        .ancestors(module)
        .iter()
        .any(|&m| class_data(m).class_variables.borrow().contains_key(&name));
    Ok(Value::bool(defined))
}

/// `class_variables`.
fn module_class_variables(vm: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    let mut names = Vec::new();
    for &m in vm.ancestors(module).iter() {
        for &name in class_data(m).class_variables.borrow().keys() {
            if !names.contains(&Value::symbol(name)) {
                names.push(Value::symbol(name));
            }
        }
    }
    Ok(vm.new_array(names))
}

/// `hash`.
fn module_hash(vm: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    Ok(vm.new_int((crate::core::object::object_id(module) >> 1) as i128))
}

/// `public`.
fn main_class_public(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let object = vm.c.object;
    set_visibility(vm, object, args, Visibility::Public)
}

/// `private`.
fn main_class_private(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let object = vm.c.object;
    set_visibility(vm, object, args, Visibility::Private)
}

/// `include`.
fn main_class_include(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let object = vm.c.object;
    include_modules(vm, object, args)?;
    Ok(object)
}

/// `define_method`: the method has the visibility of the scope it is
/// called from, when that is the module's own body.
fn module_define_method(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let visibility = caller_visibility(vm, module);
    define_method_in(vm, module, args, visibility)
}

/// The top level's `define_method`: a public method of Object (MRI
/// applies a scope's visibility only where `self` is the module).
fn main_class_define_method(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let object = vm.c.object;
    define_method_in(vm, object, args, Visibility::Public)
}

/// `define_method(name, body)` or `define_method(name) { ... }` in
/// `module`, with `visibility`.
fn define_method_in(
    vm: &mut Vm,
    module: Value,
    args: &[Value],
    visibility: Visibility,
) -> VmResult {
    let name = symbol_arg(vm, args[0])?;
    let block = match args.get(1) {
        Some(&body) => match body.get::<crate::object::RProc>() {
            Some(proc) => proc.block.clone(),
            None if crate::core::method_object::is_method_object(vm, body) => {
                let body = crate::core::method_object::method_body(vm, body, module)?;
                vm.check_class_modifiable(module)?;
                vm.add_method(module, name, body, visibility);
                method_added(vm, module, name)?;
                return Ok(Value::symbol(name));
            }
            None => {
                let class = vm.class_name(vm.real_class_of(body));
                return Err(vm.type_error(format!(
                    "wrong argument type {class} (expected Proc/Method/UnboundMethod)"
                )));
            }
        },
        None => match vm.current_block() {
            Some(block) => block,
            None => {
                return Err(vm.argument_error("tried to create Proc object without a block".into()))
            }
        },
    };
    vm.check_class_modifiable(module)?;
    let block = Rc::new(crate::block::Block {
        method_name: Some(name),
        ..(*block).clone()
    });
    vm.add_method(module, name, MethodBody::Block(block), visibility);
    method_added(vm, module, name)?;
    Ok(Value::symbol(name))
}

/// `ruby2_keywords`: not supported (a `*args` method's trailing keyword
/// Hash is not flagged to pass on as keywords).
fn ruby2_keywords(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let class = vm.c.not_implemented_error;
    Err(vm.raise(
        class,
        "ruby2_keywords is not supported by rhizome (a *args method's keyword Hash is not \
         flagged)"
            .into(),
    ))
}

/// `module_function`.
fn module_module_function(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    if args.is_empty() {
        let depth = vm.context.frames.len();
        if depth >= 2 {
            vm.context.frames[depth - 2].visibility = Visibility::Private;
            vm.context.frames[depth - 2].module_function = true;
        }
        return Ok(Value::NIL);
    }
    let singleton = vm.singleton_class(module);
    for &arg in args {
        let name = symbol_arg(vm, arg)?;
        let Some(entry) = vm.find_method(module, name) else {
            return Err(undefined_method_for_class(vm, name, module));
        };
        vm.add_method_in(
            singleton,
            name,
            entry.body.clone(),
            Visibility::Public,
            entry.cref.clone(),
        );
        vm.add_method_in(
            module,
            name,
            entry.body.clone(),
            Visibility::Private,
            entry.cref.clone(),
        );
    }
    Ok(Value::NIL)
}

/// `freeze`.
fn module_freeze(_: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    module.header().expect("a module").freeze();
    Ok(module)
}

/// `Class.new`.
fn class_singleton_new(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let superclass = args.first().copied().unwrap_or(vm.c.object);
    if superclass.get::<RClass>().is_none_or(|c| c.data.is_module) {
        let given = vm.special_or_class_name(superclass);
        return Err(vm.type_error(format!("superclass must be a Class ({given} given)")));
    }
    let class = vm.new_anonymous_class(superclass);
    vm.temp_roots.borrow_mut().push(class);
    let inherited = vm.symbols.intern("inherited");
    let mut result = vm.call(superclass, inherited, &[class]);
    if let (Ok(_), Some(block)) = (&result, vm.current_block()) {
        result = eval_block_in(vm, class, &block);
    }
    vm.temp_roots.borrow_mut().pop();
    result?;
    Ok(class)
}

/// `Module.new`.
fn module_class_singleton_new(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let module = vm.new_anonymous_module();
    if let Some(block) = vm.current_block() {
        vm.temp_roots.borrow_mut().push(module);
        let result = eval_block_in(vm, module, &block);
        vm.temp_roots.borrow_mut().pop();
        result?;
    }
    Ok(module)
}

/// `include`: mixes each module into `target` (the last listed first, so
/// the first listed ends up nearest) and calls its `included(target)` hook.
fn include_modules(vm: &mut Vm, target: Value, mixins: &[Value]) -> VmResult<()> {
    let included = vm.symbols.intern("included");
    for &mixin in mixins.iter().rev() {
        expect_mixin(vm, mixin)?;
        vm.include_module(target, mixin);
        vm.call(mixin, included, &[target])?;
    }
    Ok(())
}

pub fn is_module(value: Value) -> bool {
    value.get::<RClass>().is_some_and(|c| c.data.is_module)
}

pub(super) fn expect_mixin(vm: &mut Vm, value: Value) -> VmResult<()> {
    if is_module(value) {
        return Ok(());
    }
    let class_name = vm.class_name(vm.real_class_of(value));
    Err(vm.type_error(format!(
        "wrong argument type {class_name} (expected Module)"
    )))
}

/// `block` with `module` as self and as its innermost (evaluated) scope.
fn evaluated_in(module: Value, block: &crate::block::Block) -> crate::block::Block {
    let cref = Rc::new(crate::object::Cref {
        module,
        parent: Some(block.cref.clone()),
        evaluated: true,
    });
    crate::block::Block {
        receiver: module,
        cref,
        ..block.clone()
    }
}

/// Runs `block` with `module` as self and innermost (evaluated) scope: the
/// block form of `class_eval`, `Class.new`, `Module.new`.
pub fn eval_block_in(vm: &mut Vm, module: Value, block: &crate::block::Block) -> VmResult {
    let evaluated = evaluated_in(module, block);
    vm.invoke_block(&Rc::new(evaluated), &[module])
}

impl Vm {
    /// Defines `name` of `class` as `Class#new`: allocate an instance, then
    /// call its `initialize` with the arguments.
    pub fn define_constructor(&mut self, class: Value, name: &str) {
        let sym = self.symbols.intern(name);
        let func = self.native_id(class_new);
        let native = NativeMethod {
            name: sym,
            min: 0,
            max: None,
            func,
            frame: NativeFrame::Shown,
            uses_caller_frame: false,
            constructs: true,
            pure: None,
        };
        self.add_method(class, sym, MethodBody::Native(native), Visibility::Public);
    }
}

/// `Foo.new(args)`: allocate, then call `initialize` with the arguments.
pub fn class_new(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let object = allocate(vm, class)?;
    vm.temp_roots.borrow_mut().push(object);
    let initialize = vm.sym.initialize;
    let block = vm.current_block();
    let kwargs = vm.called_with_keywords();
    let result = match initialize_of(vm, class) {
        Some(entry) => vm.call_entry(&entry, object, initialize, args, block, kwargs),
        None => vm.call_forwarding(object, initialize, args, block, kwargs),
    };
    vm.temp_roots.borrow_mut().pop();
    result?;
    Ok(object)
}

/// The `initialize` instances of `class` run (what `call_forwarding` would
/// find), from the class's cache while the method serial is the one it was
/// found under. None when there is none (`method_missing` then).
fn initialize_of(vm: &Vm, class: Value) -> Option<Rc<MethodEntry>> {
    let data = class_data(class);
    if let Some((serial, entry)) = &*data.initialize.borrow() {
        if *serial == vm.method_serial {
            return entry.clone();
        }
    }
    let entry = vm.find_method(class, vm.sym.initialize);
    *data.initialize.borrow_mut() = Some((vm.method_serial, entry.clone()));
    entry
}

fn allocator_of(vm: &Vm, class: Value) -> Allocator {
    *class_data(class)
        .allocator
        .get_or_init(|| find_allocator(vm, class))
}

/// [`allocator_of`] found: the nearest built-in ancestor's. (A class keeps
/// its superclass for life: found once.)
fn find_allocator(vm: &Vm, class: Value) -> Allocator {
    let mut current = Some(class);
    while let Some(c) = current {
        if c == vm.c.string {
            return Allocator::String;
        } else if c == vm.c.array {
            return Allocator::Array;
        } else if c == vm.c.hash {
            return Allocator::Hash;
        } else if c == vm.c.regexp {
            return Allocator::Regexp;
        } else if c == vm.c.object || c == vm.c.basic_object {
            return Allocator::Object;
        } else if [
            vm.c.integer,
            vm.c.float,
            vm.c.symbol,
            vm.c.nil,
            vm.c.true_class,
            vm.c.false_class,
            vm.c.class,
            vm.c.module,
            vm.c.encoding,
        ]
        .contains(&c)
        {
            return Allocator::Undefined;
        }
        current = class_data(c).superclass;
    }
    Allocator::Object
}

/// Whether `allocate` makes instances of `class` as plain objects (what
/// compiled code may do itself for `Foo.new`).
pub fn allocates_plain_objects(vm: &Vm, class: Value) -> bool {
    matches!(allocator_of(vm, class), Allocator::Object)
}

/// An uninitialised instance of `class`, laid out as its nearest built-in
/// ancestor requires.
pub fn allocate(vm: &mut Vm, class: Value) -> VmResult {
    let object = match allocator_of(vm, class) {
        // `String.new` without a source: an empty ASCII-8BIT String.
        Allocator::String => {
            let string = vm.new_string(Vec::new());
            crate::core::string::string_of(string).set_encoding(crate::encoding::Encoding::Binary);
            string
        }
        Allocator::Array => vm.new_array(Vec::new()),
        Allocator::Hash => vm.new_hash(),
        Allocator::Regexp => crate::core::regexp::allocate(vm, class),
        Allocator::Object => return Ok(vm.new_object(class)),
        Allocator::Undefined => {
            let name = vm.class_name(class);
            return Err(vm.type_error(format!("allocator undefined for {name}")));
        }
    };
    object.header().expect("a heap object").set_class(class);
    Ok(object)
}

/// Whether `text` can name a constant (`Foo`, `HTTP2`): an upper-case
/// first letter, then letters, digits and underscores.
fn is_constant_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_uppercase()) && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// `module.const_get(name)` for one name: `module`'s own constant, then
/// (with `inherit`) its ancestors' and, for a module, Object's.
fn lookup_constant(vm: &mut Vm, module: Value, name: Sym, inherit: bool) -> VmResult {
    let found = if inherit {
        vm.ancestors(module)
            .iter()
            .find_map(|&m| vm.own_constant(m, name))
            .or_else(|| {
                vm.ancestors(vm.c.object)
                    .iter()
                    .find_map(|&m| vm.own_constant(m, name))
            })
    } else {
        vm.own_constant(module, name)
    };
    match found {
        Some(value) => Ok(value),
        None => {
            let message = if module == vm.c.object {
                format!("uninitialized constant {}", vm.symbols.name(name))
            } else {
                format!(
                    "uninitialized constant {}::{}",
                    vm.class_name(module),
                    vm.symbols.name(name)
                )
            };
            let class = vm.c.name_error;
            Err(vm.raise(class, message))
        }
    }
}

/// A method name argument: a Symbol, or a String (interned).
pub fn symbol_arg(vm: &mut Vm, value: Value) -> VmResult<Sym> {
    if let Some(sym) = value.as_symbol() {
        return Ok(sym);
    }
    if let Some(text) = vm.string_text(value) {
        return Ok(vm.symbols.intern(&text));
    }
    let description = vm.inspect(value)?;
    Err(vm.type_error(format!("{description} is not a symbol nor a string")))
}

pub(super) fn ivar_name(vm: &mut Vm, value: Value) -> VmResult<Sym> {
    let name = symbol_arg(vm, value)?;
    let text = vm.symbols.name(name);
    if text.starts_with('@') && !text.starts_with("@@") && text.len() > 1 {
        return Ok(name);
    }
    let message = format!("`{text}' is not allowed as an instance variable name");
    let class = vm.c.name_error;
    Err(vm.raise(class, message))
}

/// The visibility the caller's frame gives to methods it defines now.
/// The visibility `define_method` and `attr_*` give `module`'s new methods:
/// the default a `private` with no arguments set, when called from the
/// body of `module` itself; public otherwise.
fn caller_visibility(vm: &Vm, module: Value) -> Visibility {
    let depth = vm.context.frames.len();
    match vm.context.frames.get(depth.wrapping_sub(2)) {
        Some(caller) if caller.cref.module == module => caller.visibility,
        _ => Visibility::Public,
    }
}

fn define_attrs(
    vm: &mut Vm,
    module: Value,
    args: &[Value],
    reader: bool,
    writer: bool,
) -> VmResult {
    let visibility = caller_visibility(vm, module);
    let mut names = Vec::new();
    for &arg in args {
        let name = symbol_arg(vm, arg)?;
        let text = vm.symbols.name(name).to_string();
        if !crate::core::symbol::is_identifier(&text) {
            let class = vm.c.name_error;
            return Err(vm.raise(class, format!("invalid attribute name `{text}'")));
        }
        vm.check_class_modifiable(module)?;
        let ivar = vm.symbols.intern(&format!("@{text}"));
        if reader {
            vm.add_method(
                module,
                name,
                MethodBody::AttrReader(IvarAccessor::new(ivar)),
                visibility,
            );
            method_added(vm, module, name)?;
            names.push(Value::symbol(name));
        }
        if writer {
            let setter = vm.symbols.intern(&format!("{text}="));
            vm.add_method(
                module,
                setter,
                MethodBody::AttrWriter(IvarAccessor::new(ivar)),
                visibility,
            );
            method_added(vm, module, setter)?;
            names.push(Value::symbol(setter));
        }
    }
    Ok(vm.new_array(names))
}

/// `private`/`public`/`protected`: with no arguments, the default for the
/// rest of the caller's class body; with names (or an Array of them), those
/// methods' visibility.
fn set_visibility(vm: &mut Vm, module: Value, args: &[Value], visibility: Visibility) -> VmResult {
    if args.is_empty() {
        let depth = vm.context.frames.len();
        if depth >= 2 {
            vm.context.frames[depth - 2].visibility = visibility;
            vm.context.frames[depth - 2].module_function = false;
        }
        return Ok(Value::NIL);
    }
    let mut names = Vec::new();
    for &arg in args {
        match arg.get::<RArray>() {
            Some(array) => names.extend(array.items().iter().copied()),
            None => names.push(arg),
        }
    }
    for &name in &names {
        let sym = symbol_arg(vm, name)?;
        let class = module;
        let Some(entry) = vm.find_method(class, sym) else {
            return Err(undefined_method_for_class(vm, sym, module));
        };
        vm.add_method_in(
            module,
            sym,
            entry.body.clone(),
            visibility,
            entry.cref.clone(),
        );
    }
    Ok(match args {
        [single] => *single,
        _ => vm.new_array(args.to_vec()),
    })
}

fn undefined_method_for_class(vm: &mut Vm, name: Sym, module: Value) -> crate::vm::Control {
    let kind = if is_module(module) { "module" } else { "class" };
    let message = format!(
        "undefined method `{}' for {kind} `{}'",
        vm.symbols.name(name),
        vm.class_name(module)
    );
    let class = vm.c.name_error;
    vm.raise(class, message)
}

/// `alias_method new, old` (and the `alias` keyword): `new` becomes another
/// name for the method `old` has now.
///
/// An alias of a core method written in Ruby (`rb/`) gets a copy of the code
/// under the new name: MRI's C methods appear in backtraces under the name
/// they were called by (`collect`, not `map`), where a Ruby method's alias
/// keeps its original name.
pub fn alias_method(vm: &mut Vm, module: Value, new: Sym, old: Sym) -> VmResult<()> {
    vm.check_class_modifiable(module)?;
    let Some(entry) = vm.find_method(module, old) else {
        return Err(undefined_method_for_class(vm, old, module));
    };
    let body = match &entry.body {
        MethodBody::Bytecode(method) if crate::prelude::is_internal(&method.code.file) => {
            let renamed = bytecode::Method {
                name: new,
                ..(*method.code).clone()
            };
            MethodBody::Bytecode(vm.load(Rc::new(renamed)))
        }
        body => body.clone(),
    };
    vm.add_method_in(module, new, body, entry.visibility, entry.cref.clone());
    method_added(vm, module, new)
}

/// `undef_method name` (and the `undef` keyword): instances of `module` no
/// longer respond to `name`, even where an ancestor defines it.
pub fn undef_method(vm: &mut Vm, module: Value, name: Sym) -> VmResult<()> {
    vm.check_class_modifiable(module)?;
    warn_serious(vm, "undefining", name);
    if vm.find_method(module, name).is_none() {
        return Err(undefined_method_for_class(vm, name, module));
    }
    vm.add_method(module, name, MethodBody::Undefined, Visibility::Public);
    Ok(())
}

/// Runs the `method_added(name)` hook of `module` after a method is defined
/// in it (singleton classes have none: their objects would get
/// `singleton_method_added`, which rhizome does not call).
pub fn method_added(vm: &mut Vm, module: Value, name: Sym) -> VmResult<()> {
    if class_data(module).is_singleton {
        return Ok(());
    }
    let hook = vm.symbols.intern("method_added");
    // Module#method_added does nothing: skip the call unless a class
    // defines its own (every `def` of the prelude passes here at boot).
    let class = vm.class_of(module);
    if vm
        .find_method(class, hook)
        .is_none_or(|entry| matches!(entry.body, MethodBody::Native(_)))
    {
        return Ok(());
    }
    vm.call(module, hook, &[Value::symbol(name)]).map(|_| ())
}

fn method_list(
    vm: &mut Vm,
    module: Value,
    args: &[Value],
    wanted: fn(Visibility) -> bool,
) -> VmResult {
    let inherit = args.first().is_none_or(|v| v.truthy());
    let modules: Vec<Value> = if inherit {
        vm.ancestors(module).to_vec()
    } else {
        vec![module]
    };
    let names = crate::vm::method_names_in(&modules, wanted);
    let values = names.into_iter().map(Value::symbol).collect();
    Ok(vm.new_array(values))
}

fn method_defined(
    vm: &mut Vm,
    module: Value,
    name: Value,
    wanted: fn(Visibility) -> bool,
) -> VmResult {
    let name = symbol_arg(vm, name)?;
    Ok(Value::bool(
        vm.find_method(module, name)
            .is_some_and(|entry| wanted(entry.visibility)),
    ))
}

fn compare_modules(vm: &mut Vm, module: Value, other: Value, strict: bool) -> VmResult {
    if other.get::<RClass>().is_none() {
        return Err(vm.type_error("compared with non class/module".into()));
    }
    if module == other {
        return Ok(Value::bool(!strict));
    }
    if vm.ancestors(module).contains(&other) {
        return Ok(Value::TRUE);
    }
    if vm.ancestors(other).contains(&module) {
        return Ok(Value::FALSE);
    }
    Ok(Value::NIL)
}

/// `send`/`public_send`: calls the named method with the rest of the
/// arguments; `public_send` refuses private methods.
pub(super) fn send(vm: &mut Vm, object: Value, args: &[Value], allow_private: bool) -> VmResult {
    let Some(&method_name) = args.first() else {
        return Err(vm.argument_error("no method name given".into()));
    };
    let name = symbol_arg(vm, method_name)?;
    let class = vm.class_of(object);
    match vm.find_method(class, name) {
        Some(entry) if allow_private || entry.visibility == Visibility::Public => {
            let receiver_index = vm.context.stack.len();
            vm.context.stack.push(object);
            vm.context.stack.extend_from_slice(&args[1..]);
            let block = vm.current_block();
            let kind = crate::method::CallKind {
                kwargs: vm.called_with_keywords(),
                direct: false,
            };
            let result =
                vm.invoke_with_kwargs(&entry, receiver_index, args.len() - 1, name, block, kind);
            vm.context.stack.truncate(receiver_index);
            result
        }
        Some(entry) => {
            let kind = if entry.visibility == Visibility::Private {
                "private"
            } else {
                "protected"
            };
            let head = format!("{kind} method `{}' called for ", vm.symbols.name(name));
            let class = vm.c.no_method_error;
            let attributes = [("name", Value::symbol(name))];
            Err(vm.raise_about_receiver(class, &head, object, String::new(), &attributes))
        }
        None => {
            let block = vm.current_block();
            let kwargs = vm.called_with_keywords();
            vm.call_method_missing(object, name, &args[1..], block, kwargs, false)
        }
    }
}

/// `dup`/`clone`: a shallow copy with the same instance variables (`clone`
/// also keeps the frozen state and singleton class).
/// Which copy `copy_object` makes.
#[derive(Clone, Copy, PartialEq)]
pub(super) enum Copy {
    /// `dup`: the contents and instance variables, unfrozen, without
    /// singleton methods.
    Dup,
    /// `clone`: also the singleton class, and frozen when the original is
    /// (or as `freeze:` says).
    Clone { freeze: Option<bool> },
}

/// `dup` and `clone`: a shallow copy with the same class and instance
/// variables, then `initialize_copy(original)` on it as MRI does. Immediate
/// values, Floats, Bignums and classes are their own copies.
pub(super) fn copy_object(vm: &mut Vm, object: Value, how: Copy) -> VmResult {
    if !object.is_heap() || object.get::<RClass>().is_some() {
        return Ok(object);
    }
    let class = vm.real_class_of(object);
    let copy = if let Some(string) = object.get::<RString>() {
        let bytes = string.bytes().clone();
        let copy = vm.new_string_of(bytes);
        crate::core::string::string_of(copy).set_encoding(string.encoding());
        copy
    } else if let Some(array) = object.get::<RArray>() {
        let items = array.items().to_vec();
        vm.new_array(items)
    } else if object.get::<crate::object::RHash>().is_some() {
        let data = crate::hash_table::hash_data(object).borrow().clone();
        let copy = vm.new_hash();
        *crate::hash_table::hash_data(copy).borrow_mut() = data;
        copy
    } else if object.get::<RObject>().is_some() {
        vm.new_object(class)
    } else if crate::core::regexp::is_regexp(object) {
        crate::core::regexp::copy(vm, object)
    } else {
        return Ok(object);
    };
    copy.header().unwrap().set_class(class);
    if let (Some(from), Some(to)) = (object.get::<RObject>(), copy.get::<RObject>()) {
        to.shape.set(from.shape.get());
        to.set_slots(from.slots());
    }
    if let Some(ivars) = vm.generic_ivars.get(&object).cloned() {
        vm.generic_ivars.insert(copy, ivars);
    }
    if let Copy::Clone { .. } = how {
        copy_singleton_class(vm, object, copy);
    }
    let initialize_copy = vm.symbols.intern("initialize_copy");
    vm.call(copy, initialize_copy, &[object])?;
    let frozen = object.is_frozen();
    if let Copy::Clone { freeze } = how {
        if freeze.unwrap_or(frozen) {
            copy.header().unwrap().freeze();
        }
    }
    Ok(copy)
}

/// Gives `copy` its own singleton class with the methods and modules of
/// `original`'s, if it has one.
fn copy_singleton_class(vm: &mut Vm, original: Value, copy: Value) {
    let from = vm.class_of(original);
    if !class_data(from).is_singleton {
        return;
    }
    let to = vm.singleton_class(copy);
    let entries: Vec<_> = class_data(from)
        .methods
        .borrow()
        .iter()
        .map(|(&name, entry)| (name, entry.clone()))
        .collect();
    for (name, entry) in entries {
        vm.add_method_in(
            to,
            name,
            entry.body.clone(),
            entry.visibility,
            entry.cref.clone(),
        );
    }
    for &module in class_data(from).includes.borrow().iter() {
        vm.include_module(to, module);
    }
}

/// `#<Foo:0x... @a=1, @b="x">` (or the `to_s` form without variables).
pub fn inspect_with_ivars(vm: &mut Vm, object: Value) -> VmResult<String> {
    let base = vm.default_to_s(object);
    let names = vm.ivar_names(object);
    if names.is_empty() || object.get::<RObject>().is_none() {
        return Ok(base);
    }
    let mut parts = Vec::new();
    for name in names {
        let value = vm.ivar_get(object, name);
        let shown = vm.inspect(value)?;
        parts.push(format!("{}={shown}", vm.symbols.name(name)));
    }
    Ok(format!(
        "{} {}>",
        base.trim_end_matches('>'),
        parts.join(", ")
    ))
}

/// `to_s`, `inspect`.
fn to_s(vm: &mut Vm, module: Value, _: &[Value]) -> VmResult {
    let name = vm.class_name(module);
    Ok(vm.new_str(&name))
}

/// `module_eval`, `class_eval`, `class_exec`, `module_exec`.
fn module_eval(vm: &mut Vm, module: Value, args: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return Err(vm.argument_error("wrong number of arguments (given 0, expected 1..3)".into()));
    };
    let evaluated = evaluated_in(module, &block);
    let args: Vec<Value> = if args.is_empty() {
        vec![module]
    } else {
        args.to_vec()
    };
    vm.invoke_block(&Rc::new(evaluated), &args)
}
