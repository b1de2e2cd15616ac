//! Threads: the Rust half of `rb/thread.rb`. rhizome runs one Ruby thread,
//! the main one; the prelude reopens the Thread class made here and writes
//! its methods in Ruby.
//!
//! `__thread_key(key, names)` is the key check of Thread's fiber-local and
//! thread variables: a Symbol, or a String as its Symbol; anything else is
//! MRI's TypeError, reported from the Ruby method that called it (its frame
//! is hidden), whose message depends on that method:
//!
//! ```text
//! Thread.current[1]        # 1 is not a symbol nor a string (TypeError)
//! Thread.current[1] = 2    # 1 is not a symbol (TypeError)
//! ```

use crate::method::NativeFrame;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

pub fn define(vm: &mut Vm) {
    let object = vm.c.object;
    let standard_error = vm.c.standard_error;
    let thread = vm.define_class("Thread", object);
    vm.define_class("ThreadError", standard_error);
    vm.define_private_native(thread, "__thread_key", 2, Some(2), thread_key);
    vm.set_native_frame(thread, "__thread_key", NativeFrame::Hidden);
}

/// `__thread_key(key, nor_a_string)`: `key` as a Symbol; TypeError "KEY is
/// not a symbol" (`nor_a_string`: "... nor a string") for a key that is
/// neither a Symbol nor a String.
fn thread_key(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let key = args[0];
    if key.is_symbol() {
        return Ok(key);
    }
    if let Some(text) = vm.string_text(key) {
        return Ok(Value::symbol(vm.symbols.intern(&text)));
    }
    let shown = vm.inspect(key)?;
    let tail = if args[1].truthy() {
        " nor a string"
    } else {
        ""
    };
    Err(vm.type_error(format!("{shown} is not a symbol{tail}")))
}
