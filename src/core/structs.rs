//! Struct: `Struct.new(:x, :y)` makes a class with those members.
//!
//! The generated class keeps its member names in its [`StructLayout`]; an
//! instance keeps each member's value in an internal instance variable
//! named after the member (without `@`, so `instance_variables` does not
//! list them, as in MRI). The accessors are ordinary attribute methods on
//! those variables, and the class's `new` is `Class#new`.

use crate::core::module::{eval_block_in, symbol_arg};
use crate::core::{private, public};
use crate::object::{IvarAccessor, MethodBody, StructLayout, Visibility};
use crate::value::Value;
use crate::vm::{class_data, Vm, VmResult};
use bytecode::Sym;
use std::rc::Rc;

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    // Enumerable, `each` and the methods built on it are Ruby: rb/struct.rb.
    let structure = vm.define_class("Struct", object);
    vm.define_singleton_native(structure, "new", 0, None, struct_new);
    vm.define_methods(
        structure,
        &[
            private("initialize", 0, None, initialize),
            public("members", 0, Some(0), structure_members),
        ],
    );
    vm.define_methods(
        structure,
        &[
            public("to_a", 0, Some(0), to_a),
            public("deconstruct", 0, Some(0), to_a),
            public("values", 0, Some(0), to_a),
        ],
    );
    vm.define_methods(
        structure,
        &[
            public("to_h", 0, Some(0), structure_to_h),
            public("[]", 1, Some(1), structure_aref),
            public("[]=", 2, Some(2), structure_aset),
        ],
    );
    vm.define_methods(
        structure,
        &[
            public("size", 0, Some(0), size),
            public("length", 0, Some(0), size),
        ],
    );
    vm.define_methods(
        structure,
        &[
            public("==", 1, Some(1), structure_eq),
            public("eql?", 1, Some(1), structure_eql_p),
            public("hash", 0, Some(0), structure_hash),
        ],
    );
    vm.define_methods(
        structure,
        &[
            public("inspect", 0, Some(0), inspect),
            public("to_s", 0, Some(0), inspect),
        ],
    );
}

/// `members`.
fn structure_members(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let members = members_of(vm.class_of(object))
        .into_iter()
        .map(Value::symbol)
        .collect();
    Ok(vm.new_array(members))
}

/// `to_h`.
fn structure_to_h(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let hash = vm.new_hash();
    vm.temp_roots.borrow_mut().push(hash);
    let result = (|| {
        for name in members_of(vm.class_of(object)) {
            let value = vm.ivar_get(object, name);
            vm.hash_set(hash, Value::symbol(name), value)?;
        }
        Ok(hash)
    })();
    vm.temp_roots.borrow_mut().pop();
    result
}

/// `[]`.
fn structure_aref(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = member_at(vm, object, args[0])?;
    Ok(vm.ivar_get(object, name))
}

/// `[]=`.
fn structure_aset(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let name = member_at(vm, object, args[0])?;
    vm.ivar_set(object, name, args[1])?;
    Ok(args[1])
}

/// `==`.
fn structure_eq(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let eq = vm.sym.eq;
    members_equal(vm, object, args[0], eq)
}

/// `eql?`.
fn structure_eql_p(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let eql = vm.symbols.intern("eql?");
    members_equal(vm, object, args[0], eql)
}

/// `hash`.
fn structure_hash(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let values = values_of(vm, object);
    let array = vm.new_array(values);
    let code = vm.key_hash(array)?;
    Ok(vm.new_int((code >> 3) as i128))
}

/// `Struct.new(:a, :b, keyword_init: true) { body }`: a new Struct class.
fn struct_new(vm: &mut Vm, structure: Value, args: &[Value]) -> VmResult {
    let (args, keyword_init) = match args.split_last() {
        Some((&last, rest)) if vm.hash_pairs_of(last).is_some() => {
            let keyword = vm.symbols.intern("keyword_init");
            let value = vm
                .hash_lookup(last, Value::symbol(keyword))?
                .unwrap_or(Value::NIL);
            (rest, value.truthy())
        }
        _ => (args, false),
    };
    // `Struct.new("Point", :x)` names the class Struct::Point.
    let (constant, args) = match args.split_first() {
        Some((&first, rest)) if vm.string_text(first).is_some() => {
            let text = vm.string_text(first).expect("checked");
            if !text.starts_with(|c: char| c.is_ascii_uppercase()) {
                let class = vm.c.name_error;
                return Err(vm.raise(class, format!("identifier {text} needs to be constant")));
            }
            (Some(vm.symbols.intern(&text)), rest)
        }
        _ => (None, args),
    };
    let mut members = Vec::new();
    for &arg in args {
        members.push(Value::symbol(symbol_arg(vm, arg)?));
    }
    let class = vm.new_anonymous_class(structure);
    vm.temp_roots.borrow_mut().push(class);
    if let Some(constant) = constant {
        vm.set_constant(structure, constant, class);
    }
    let layout = StructLayout {
        members: members.iter().filter_map(|m| m.as_symbol()).collect(),
        keyword_init,
    };
    let _ = class_data(class).struct_layout.set(Rc::new(layout));
    let visibility = Visibility::Public;
    for member in &members {
        let name = member.as_symbol().expect("members are Symbols");
        let setter = vm.symbols.intern(&format!("{}=", vm.symbols.name(name)));
        vm.add_method(
            class,
            name,
            MethodBody::AttrReader(IvarAccessor::new(name)),
            visibility,
        );
        vm.add_method(
            class,
            setter,
            MethodBody::AttrWriter(IvarAccessor::new(name)),
            visibility,
        );
    }
    // Instances are made by the class's own `new` (Struct's makes classes).
    let metaclass = vm.singleton_class(class);
    for name in ["new", "[]"] {
        vm.define_constructor(metaclass, name);
    }
    vm.define_native(metaclass, "members", 0, Some(0), struct_class_members);
    if let Some(block) = vm.current_block() {
        eval_block_in(vm, class, &block)?;
    }
    vm.temp_roots.borrow_mut().pop();
    Ok(class)
}

/// `members` of a Struct class.
fn struct_class_members(vm: &mut Vm, class: Value, _: &[Value]) -> VmResult {
    let members = members_of(class).into_iter().map(Value::symbol).collect();
    Ok(vm.new_array(members))
}

/// Struct#initialize: members from positional arguments (missing ones nil),
/// or from keywords for `keyword_init: true` structs.
fn initialize(vm: &mut Vm, object: Value, args: &[Value]) -> VmResult {
    let layout = struct_layout(vm.class_of(object));
    let members: &[Sym] = layout.as_ref().map_or(&[], |l| &l.members);
    let keyword_init = layout.as_ref().is_some_and(|l| l.keyword_init);
    if keyword_init && !args.is_empty() {
        let Some(pairs) = vm.hash_pairs_of(args[0]) else {
            return Err(vm.argument_error(format!(
                "wrong number of arguments (given {}, expected 0)",
                args.len()
            )));
        };
        let mut unknown = Vec::new();
        for (key, _) in &pairs {
            if !key.as_symbol().is_some_and(|k| members.contains(&k)) {
                unknown.push(
                    vm.to_s_bytes(*key)
                        .map(|b| String::from_utf8_lossy(&b).into_owned())?,
                );
            }
        }
        if !unknown.is_empty() {
            return Err(vm.argument_error(format!("unknown keywords: {}", unknown.join(", "))));
        }
        for name in members.iter() {
            let value = pairs
                .iter()
                .find(|(k, _)| k.as_symbol() == Some(*name))
                .map_or(Value::NIL, |(_, v)| *v);
            vm.ivar_set(object, *name, value)?;
        }
        return Ok(Value::NIL);
    }
    if args.len() > members.len() {
        return Err(vm.argument_error("struct size differs".into()));
    }
    if args.len() == 1 && vm.called_with_keywords() {
        vm.warn(
            "Passing only keyword arguments to Struct#initialize will behave differently from \
             Ruby 3.2. Please use a Hash literal like .new({k: v}) instead of .new(k: v).",
        );
    }
    for (i, name) in members.iter().enumerate() {
        vm.ivar_set(object, *name, args.get(i).copied().unwrap_or(Value::NIL))?;
    }
    Ok(Value::NIL)
}

/// `==` and `eql?`: Structs of one class whose members are equal by the
/// same method (`eql?` tells 1 from 1.0).
fn members_equal(vm: &mut Vm, object: Value, other: Value, compare: Sym) -> VmResult {
    if vm.real_class_of(object) != vm.real_class_of(other) {
        return Ok(Value::FALSE);
    }
    for (a, b) in values_of(vm, object).into_iter().zip(values_of(vm, other)) {
        if !vm.call(a, compare, &[b])?.truthy() {
            return Ok(Value::FALSE);
        }
    }
    Ok(Value::TRUE)
}

/// The members `Struct#initialize` sets from positional arguments on an
/// instance of `class`, in order: None unless `class` is a Struct class
/// without `keyword_init`.
pub fn positional_members(class: Value) -> Option<Box<[Sym]>> {
    struct_layout(class)
        .filter(|layout| !layout.keyword_init)
        .map(|layout| layout.members.clone())
}

/// The layout of `class`, a class `Struct.new` made or a subclass of one.
fn struct_layout(class: Value) -> Option<Rc<StructLayout>> {
    let mut current = Some(class);
    while let Some(c) = current {
        let data = class_data(c);
        if let Some(layout) = data.struct_layout.get() {
            return Some(layout.clone());
        }
        current = data.superclass;
    }
    None
}

fn members_of(class: Value) -> Vec<Sym> {
    struct_layout(class).map_or_else(Vec::new, |layout| layout.members.to_vec())
}

fn values_of(vm: &mut Vm, object: Value) -> Vec<Value> {
    let class = vm.class_of(object);
    members_of(class)
        .into_iter()
        .map(|name| vm.ivar_get(object, name))
        .collect()
}

/// The member `index` names: an Integer position (negative from the end)
/// or a name; MRI's IndexError and NameError otherwise.
fn member_at(vm: &mut Vm, object: Value, index: Value) -> VmResult<Sym> {
    let class = vm.class_of(object);
    let members = members_of(class);
    if let Some(i) = index.as_fixnum() {
        let len = members.len() as i64;
        let position = if i < 0 { i + len } else { i };
        if position < 0 || position >= len {
            let (kind, bound) = if i < 0 {
                ("small", -len)
            } else {
                ("large", len)
            };
            let class = vm.c.index_error;
            let message = if i < 0 {
                format!("offset {i} too {kind} for struct(size:{len})")
            } else {
                format!("offset {i} too {kind} for struct(size:{bound})")
            };
            return Err(vm.raise(class, message));
        }
        return Ok(members[position as usize]);
    }
    let name = symbol_arg(vm, index)?;
    if members.contains(&name) {
        return Ok(name);
    }
    let class = vm.c.name_error;
    Err(vm.raise(
        class,
        format!("no member '{}' in struct", vm.symbols.name(name)),
    ))
}

impl Vm {
    /// The entries of `value` if it is a Hash.
    pub fn hash_pairs_of(&self, value: Value) -> Option<Vec<(Value, Value)>> {
        value
            .get::<crate::object::RHash>()
            .map(|_| self.hash_pairs(value))
    }
}

/// `to_a`, `deconstruct`, `values`.
fn to_a(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let values = values_of(vm, object);
    Ok(vm.new_array(values))
}

/// `size`, `length`.
fn size(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(members_of(vm.class_of(object)).len() as i64))
}

/// `inspect`, `to_s`.
fn inspect(vm: &mut Vm, object: Value, _: &[Value]) -> VmResult {
    let class = vm.real_class_of(object);
    let mut parts = Vec::new();
    for name in members_of(class) {
        let value = vm.ivar_get(object, name);
        let shown = vm.inspect(value)?;
        parts.push(format!("{}={shown}", vm.symbols.name(name)));
    }
    let class_name = if class_data(class).name.get().is_some() {
        format!(" {}", vm.class_name(class))
    } else {
        String::new()
    };
    let text = format!("#<struct{class_name} {}>", parts.join(", "));
    Ok(vm.new_str(&text))
}
