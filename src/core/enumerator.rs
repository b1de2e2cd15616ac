//! Enumerator: a method call waiting for its block.
//!
//! An iterator called without a block returns an Enumerator that remembers
//! the call (`[1, 2, 3].each_slice(2)` keeps the receiver, `:each_slice` and
//! `[2]`). Its `each` makes that call with the block it is given, and since
//! Enumerator includes Enumerable everything else follows from `each`:
//!
//! ```ruby
//! [4, 5].map.with_index { |x, i| x * i }   # => [0, 5]
//! ```
//!
//! `with_index` calls `each`, which calls `Array#map` with a block that
//! yields each element and its index to the user's block; what that block
//! returns goes back to `map`, so the result is `map`'s.
//!
//! This is internal iteration only. External iteration (`next`, `peek`)
//! needs the enumerated method to stop halfway and resume later, which MRI
//! does with a Fiber; rhizome has no fibers, so those methods raise
//! NotImplementedError rather than run the whole iteration ahead of time.
//!
//! The Ruby half (`rb/enumerator.rb`) holds `with_index`, `with_object`,
//! `Enumerator.new` and its Generator and Yielder. This file holds what
//! reaches into the object: the recorded call lives in internal instance
//! variables (names without `@`, which Ruby code cannot see).

use crate::core::{private, public};
use crate::object::RProc;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let enumerator = vm.define_class("Enumerator", object);
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            public("to_enum", 0, None, to_enum),
            public("enum_for", 0, None, to_enum),
        ],
    );
    vm.define_methods(
        enumerator,
        &[
            private("__set_source", 4, Some(4), enumerator_set_source),
            private("__source", 0, Some(0), enumerator_source),
        ],
    );
    for helper in ["__set_source", "__source"] {
        vm.set_native_frame(enumerator, helper, crate::method::NativeFrame::Hidden);
    }
    vm.define_methods(
        enumerator,
        &[
            public("each", 0, None, enumerator_each),
            public("size", 0, Some(0), enumerator_size),
        ],
    );
    for name in ["inspect", "to_s"] {
        vm.define_native(enumerator, name, 0, Some(0), inspect);
    }
    vm.define_native(enumerator, "rewind", 0, Some(0), enumerator_rewind);
    vm.define_methods(
        enumerator,
        &[
            public("next", 0, None, next),
            public("peek", 0, None, next),
            public("next_values", 0, None, next),
            public("peek_values", 0, None, next),
            public("feed", 0, None, next),
        ],
    );
}

/// `__set_source`.
fn enumerator_set_source(vm: &mut Vm, e: Value, args: &[Value]) -> VmResult {
    set_source(vm, e, args[0], args[1], args[2], args[3])?;
    Ok(e)
}

/// `__source`.
fn enumerator_source(vm: &mut Vm, e: Value, _: &[Value]) -> VmResult {
    let source = Source::of(vm, e);
    Ok(vm.new_array(vec![source.receiver, source.method, source.arguments]))
}

/// `each`.
fn enumerator_each(vm: &mut Vm, e: Value, args: &[Value]) -> VmResult {
    let source = Source::of(vm, e);
    let mut arguments = source.arguments(vm);
    arguments.extend_from_slice(args);
    let keywords = if args.is_empty() {
        source.keywords
    } else {
        vm.called_with_keywords()
    };
    match vm.current_block() {
        Some(block) => {
            let method = method_name(vm, source.method)?;
            vm.call_forwarding(source.receiver, method, &arguments, Some(block), keywords)
        }
        None if args.is_empty() => Ok(e),
        None => new_enumerator(vm, source.receiver, source.method, &arguments, source.size),
    }
}

/// `size`.
fn enumerator_size(vm: &mut Vm, e: Value, _: &[Value]) -> VmResult {
    let source = Source::of(vm, e);
    if source.size.get::<RProc>().is_none() {
        return Ok(source.size);
    }
    let arguments = source.arguments(vm);
    let call = vm.symbols.intern("call");
    vm.call(source.size, call, &arguments)
}

/// `rewind`.
fn enumerator_rewind(_: &mut Vm, e: Value, _: &[Value]) -> VmResult {
    Ok(e)
}

/// The call an Enumerator stands for.
struct Source {
    receiver: Value,
    method: Value,
    /// An Array of the arguments.
    arguments: Value,
    /// nil, an Integer or Float, or a Proc computing it from the arguments.
    size: Value,
    /// The last argument is a Hash of keywords.
    keywords: bool,
}

/// The internal instance variables holding a [`Source`].
const FIELDS: [&str; 4] = ["receiver", "method", "arguments", "size"];

/// The internal instance variable set when the call has keywords.
const KEYWORDS: &str = "keywords";

impl Source {
    fn of(vm: &mut Vm, enumerator: Value) -> Source {
        let [receiver, method, arguments, size] = FIELDS.map(|field| {
            let name = vm.symbols.intern(field);
            vm.ivar_get(enumerator, name)
        });
        let keywords = vm.symbols.intern(KEYWORDS);
        Source {
            receiver,
            method,
            arguments,
            size,
            keywords: vm.ivar_get(enumerator, keywords) == Value::TRUE,
        }
    }

    fn arguments(&self, vm: &Vm) -> Vec<Value> {
        vm.array_items(self.arguments).unwrap_or_default()
    }
}

fn set_source(
    vm: &mut Vm,
    enumerator: Value,
    receiver: Value,
    method: Value,
    arguments: Value,
    size: Value,
) -> VmResult<()> {
    for (field, value) in FIELDS.into_iter().zip([receiver, method, arguments, size]) {
        let name = vm.symbols.intern(field);
        vm.ivar_set(enumerator, name, value)?;
    }
    Ok(())
}

/// A new Enumerator for `receiver.method(*args)`.
pub fn new_enumerator(
    vm: &mut Vm,
    receiver: Value,
    method: Value,
    args: &[Value],
    size: Value,
) -> VmResult {
    let class_name = vm.symbols.intern("Enumerator");
    let class = vm
        .constant(vm.c.object, class_name)
        .expect("Enumerator is defined at boot");
    let enumerator = vm.new_object(class);
    let arguments = vm.new_array(args.to_vec());
    set_source(vm, enumerator, receiver, method, arguments, size)?;
    Ok(enumerator)
}

/// What a core iterator called without a block answers: an Enumerator
/// for the same call (the running core method's name with `args`), whose
/// `size` is `size`.
pub fn for_this_call(vm: &mut Vm, receiver: Value, args: &[Value], size: Value) -> VmResult {
    let name = match vm.context.frames.last().map(|f| &f.code) {
        Some(crate::vm::FrameCode::Native(name)) => *name,
        _ => unreachable!("for_this_call runs in a core method"),
    };
    new_enumerator(vm, receiver, Value::symbol(name), args, size)
}

/// The method an Enumerator calls: a Symbol, or a String naming one.
fn method_name(vm: &mut Vm, method: Value) -> VmResult<bytecode::Sym> {
    if let Some(name) = method.as_symbol() {
        return Ok(name);
    }
    match vm.string_text(method) {
        Some(text) => Ok(vm.symbols.intern(&text)),
        None => {
            let shown = vm.inspect(method)?;
            Err(vm.type_error(format!("{shown} is not a symbol nor a string")))
        }
    }
}

/// `#<Enumerator: [1, 2, 3]:each_slice(2)>`.
fn inspect(vm: &mut Vm, enumerator: Value, _: &[Value]) -> VmResult {
    let source = Source::of(vm, enumerator);
    let class = vm.class_name(vm.real_class_of(enumerator));
    let receiver = vm.inspect(source.receiver)?;
    let method = match source.method.as_symbol() {
        Some(name) => vm.symbols.name(name).to_string(),
        None => vm
            .to_s_bytes(source.method)
            .map(|b| String::from_utf8_lossy(&b).into_owned())?,
    };
    let mut text = format!("#<{class}: {receiver}:{method}");
    let arguments = source.arguments(vm);
    if !arguments.is_empty() {
        let mut shown = Vec::new();
        for argument in arguments {
            shown.push(vm.inspect(argument)?);
        }
        text.push_str(&format!("({})", shown.join(", ")));
    }
    text.push('>');
    Ok(vm.new_string(text.into_bytes()))
}

/// `to_enum`, `enum_for`.
fn to_enum(vm: &mut Vm, receiver: Value, args: &[Value]) -> VmResult {
    let (method, args) = match args.split_first() {
        Some((&method, rest)) => (method, rest),
        None => (Value::symbol(vm.symbols.intern("each")), args),
    };
    let size = vm.current_block().map(|block| vm.new_proc(block));
    let keywords = vm.called_with_keywords() && !args.is_empty();
    let enumerator = new_enumerator(vm, receiver, method, args, size.unwrap_or(Value::NIL))?;
    if keywords {
        // The call replays with the last argument as keywords.
        let name = vm.symbols.intern(KEYWORDS);
        vm.ivar_set(enumerator, name, Value::TRUE)?;
    }
    Ok(enumerator)
}

/// `next`, `peek`, `next_values`, `peek_values`, `feed`.
fn next(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let name = match vm.context.frames.last().map(|f| &f.code) {
        Some(crate::vm::FrameCode::Native(name)) => vm.symbols.name(*name).to_string(),
        _ => unreachable!("a core method runs in its own frame"),
    };
    let class = vm.c.not_implemented_error;
    Err(vm.raise(
        class,
        format!("Enumerator#{name} is not supported by rhizome (external iteration needs fibers)"),
    ))
}
