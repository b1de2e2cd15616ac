//! Proc, and the Kernel methods about blocks: `block_given?`, `proc`,
//! `lambda`; `Symbol#to_proc` (`loop` is Ruby: rb/kernel.rb).

use crate::block::{Block, BlockCode};
use crate::core::{private, public};
use crate::method::BlockCall;
use crate::method::NativeFrame;
use crate::object::RProc;
use crate::value::Value;
use crate::vm::{FrameCode, Vm, VmResult};
use std::rc::Rc;

pub fn define(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_methods(
        kernel,
        &[
            private("block_given?", 0, Some(0), kernel_block_given_p),
            private("proc", 0, Some(0), kernel_proc),
            private("lambda", 0, Some(0), kernel_lambda),
        ],
    );
    let proc_class = vm.c.proc_class;
    vm.define_singleton_native(proc_class, "new", 0, None, proc_class_singleton_new);
    vm.define_methods(
        proc_class,
        &[
            public("call", 0, None, proc_class_call),
            public("()", 0, None, proc_class_call),
            public("yield", 0, None, proc_class_call),
            public("===", 0, None, proc_class_call),
            public("[]", 0, None, proc_class_call),
        ],
    );
    define_block_proxy(vm);
    vm.define_methods(
        proc_class,
        &[
            public("to_proc", 0, Some(0), proc_class_to_proc),
            public("lambda?", 0, Some(0), proc_class_lambda_p),
            public("arity", 0, Some(0), proc_class_arity),
            public("inspect", 0, Some(0), proc_inspect),
            public("to_s", 0, Some(0), proc_inspect),
        ],
    );
    let symbol = vm.c.symbol;
    vm.define_native(symbol, "to_proc", 0, Some(0), symbol_to_proc);
}

/// `Proc#call`, `()`, `yield`, `===` and `[]`.
fn proc_class_call(vm: &mut Vm, proc: Value, args: &[Value]) -> VmResult {
    let block = proc_block(proc);
    let call = BlockCall {
        kwargs: vm.called_with_keywords(),
        block_arg: vm.current_block(),
    };
    vm.invoke_block_with(&block, args, call)
}

/// `block_given?`.
fn kernel_block_given_p(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    // The block of the method that called block_given? (the frame
    // below this core method's own, past the frames MRI does not have:
    // `send(:block_given?)` asks about the method calling `send`).
    let depth = vm.context.frames.len();
    let caller = vm.context.frames[..depth.saturating_sub(1)]
        .iter()
        .rev()
        .find(|frame| !(frame.hidden && matches!(frame.code, FrameCode::Native(_))));
    Ok(Value::bool(
        caller.is_some_and(|frame| frame.block.is_some()),
    ))
}

/// `proc`.
fn kernel_proc(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let block = expect_block(vm, "tried to create Proc object without a block")?;
    Ok(vm.new_proc(block))
}

/// `lambda`.
fn kernel_lambda(vm: &mut Vm, _: Value, _: &[Value]) -> VmResult {
    let block = expect_block(vm, "tried to create Proc object without a block")?;
    let lambda = Block {
        is_lambda: true,
        ..(*block).clone()
    };
    Ok(vm.new_proc(Rc::new(lambda)))
}

/// `Proc.new { }`, `Sub.new(args) { }` for a subclass of Proc: a Proc of
/// that class (for a subclass, not the block's own Proc), whose
/// `initialize` is called with the arguments and the block, as MRI does.
fn proc_class_singleton_new(vm: &mut Vm, class: Value, args: &[Value]) -> VmResult {
    let block = expect_block(vm, "tried to create Proc object without a block")?;
    let proc = if class == vm.c.proc_class {
        vm.new_proc(block.clone())
    } else {
        let copy = Rc::new((*block).clone());
        let proc = vm.alloc(RProc {
            header: crate::heap::Header::new(<RProc as crate::heap::HeapObject>::KIND, class),
            block: copy.clone(),
        });
        vm.procs_of_blocks.insert(Rc::as_ptr(&copy) as usize, proc);
        proc
    };
    vm.temp_roots.borrow_mut().push(proc);
    let initialize = vm.sym.initialize;
    let kwargs = vm.called_with_keywords();
    let result = vm.call_forwarding(proc, initialize, args, Some(block), kwargs);
    vm.temp_roots.borrow_mut().pop();
    result?;
    Ok(proc)
}

/// `to_proc`.
fn proc_class_to_proc(_: &mut Vm, proc: Value, _: &[Value]) -> VmResult {
    Ok(proc)
}

/// `lambda?`.
fn proc_class_lambda_p(_: &mut Vm, proc: Value, _: &[Value]) -> VmResult {
    Ok(Value::bool(proc_block(proc).is_lambda))
}

/// `arity`.
fn proc_class_arity(_: &mut Vm, proc: Value, _: &[Value]) -> VmResult {
    Ok(Value::small(arity(&proc_block(proc))))
}

/// `to_proc`.
fn symbol_to_proc(vm: &mut Vm, name: Value, _: &[Value]) -> VmResult {
    let block = vm.symbol_block(name.as_symbol().expect("Symbol receiver"));
    Ok(vm.new_proc(Rc::new(block)))
}

pub fn proc_block(proc: Value) -> Rc<Block> {
    proc.get::<RProc>().expect("Proc receiver").block.clone()
}

/// The block given to the running core method, or ArgumentError.
fn expect_block(vm: &mut Vm, message: &str) -> VmResult<Rc<Block>> {
    match vm.current_block() {
        Some(block) => Ok(block),
        None => Err(vm.argument_error(message.to_string())),
    }
}

/// Proc#arity.
pub fn arity(block: &Block) -> i64 {
    match &block.code {
        BlockCode::Symbol(_) => -2,
        BlockCode::Method(_) => -1,
        BlockCode::Bytecode(code) => code_arity(&code.code, block.is_lambda),
    }
}

/// The arity of Ruby code, as `Proc#arity` and `Method#arity` report it:
/// the required count (a required keyword counts one), or -(required + 1)
/// when more may be given. For a lambda or method that is when it has
/// optional or rest parameters, or optional keywords without required
/// ones; for a proc only a rest parameter counts.
pub fn code_arity(code: &bytecode::Method, lambda: bool) -> i64 {
    let required_keywords = code.keywords.iter().any(|&(_, required)| required);
    let optional_keywords =
        code.keywords.iter().any(|&(_, required)| !required) || code.keyword_rest;
    let min = (code.required + code.post) as i64 + i64::from(required_keywords);
    let open = if lambda {
        code.optional > 0 || code.rest || (optional_keywords && !required_keywords)
    } else {
        code.rest
    };
    if open {
        -(min + 1)
    } else {
        min
    }
}

/// `#<Proc:0x0000... file:line>` (with ` (lambda)` for lambdas).
fn proc_inspect(vm: &mut Vm, proc: Value, _: &[Value]) -> VmResult {
    let block = proc_block(proc);
    let location = match &block.code {
        BlockCode::Bytecode(code) => format!(" {}:{}", code.code.file, code.code.line),
        BlockCode::Symbol(name) => format!("(&:{})", vm.symbols.name(*name)),
        BlockCode::Method(_) => " (lambda)".to_string(),
    };
    let lambda = if block.is_lambda && matches!(block.code, BlockCode::Bytecode(_)) {
        " (lambda)"
    } else {
        ""
    };
    let text = format!("#<Proc:0x{:016x}{location}{lambda}>", proc.bits());
    Ok(vm.new_str(&text))
}

/// The object `blockproxy` pushes for `blk` in `blk.call(...)` of a block
/// parameter the method only passes on or calls: its `call` calls the
/// block of the method calling it, as `Proc#call` would call a Proc of it,
/// without making the Proc. It is of an anonymous class and seen by
/// nothing but that `call`.
fn define_block_proxy(vm: &mut Vm) {
    let basic_object = vm.c.basic_object;
    let class = vm.new_anonymous_class(basic_object);
    vm.define_native(class, "call", 0, None, block_proxy_call);
    vm.set_native_frame(class, "call", NativeFrame::Hidden);
    vm.set_native_uses_caller_frame(class, "call");
    vm.block_proxy = vm.new_object(class);
    vm.pinned.push(vm.block_proxy);
}

/// The block proxy's `call`: calls the block of the method below it.
fn block_proxy_call(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    // `blockproxy` pushes the proxy only for a frame with a block.
    let depth = vm.context.frames.len();
    let block = depth
        .checked_sub(2)
        .and_then(|caller| vm.context.frames[caller].block.clone());
    let Some(block) = block else {
        return Err(vm.no_block_given());
    };
    let call = BlockCall {
        kwargs: vm.called_with_keywords(),
        block_arg: vm.current_block(),
    };
    vm.invoke_block_with(&block, args, call)
}
