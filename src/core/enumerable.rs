//! Enumerable's one native helper: iterating with each iteration's values
//! packed into one.
//!
//! Most of Enumerable is Ruby (`rb/enumerable.rb`), built on the receiver's
//! `each`. Its methods see what `each` yields as MRI's C iterators see it
//! (`rb_enum_values_pack`): nothing is nil, one value is that value, and
//! several are an Array of them.
//!
//! ```ruby
//! def each
//!   yield 1        # find's block sees 1
//!   yield [2, 3]   # [2, 3]
//!   yield 4, 5     # [4, 5]
//! end
//! ```
//!
//! In Ruby that needs a block with a rest parameter (`each { |*xs| x =
//! xs.size == 1 ? xs[0] : ... }`), which allocates an Array for every
//! element, then a few instructions to unpack it. `__each_value { |x| ... }`
//! calls `each` with a block that packs the values itself and calls the
//! given block with the one value ([`BlockCode::Packed`]): no Array for the
//! common single value. Like MRI's C blocks, the packing block takes any
//! number of arguments (arity -1) and is not a lambda.

use crate::block::{Block, BlockCode};
use crate::core::private;
use crate::value::Value;
use crate::vm::{Vm, VmResult};
use std::rc::Rc;

pub fn define(vm: &mut Vm) {
    let enumerable = vm.define_module("Enumerable");
    vm.define_methods(
        enumerable,
        &[private("__each_value", 0, Some(0), each_value)],
    );
    vm.set_native_frame(
        enumerable,
        "__each_value",
        crate::method::NativeFrame::Hidden,
    );
}

/// `__each_value { |x| ... }`: `each`, with the values of each iteration
/// packed into one.
fn each_value(vm: &mut Vm, receiver: Value, _: &[Value]) -> VmResult {
    let Some(block) = vm.current_block() else {
        return Err(vm.no_block_given());
    };
    let packing = Rc::new(Block {
        code: BlockCode::Packed(block.clone()),
        is_lambda: false,
        ..(*block).clone()
    });
    vm.call_with_block(receiver, vm.sym.each, &[], Some(packing))
}
