//! Blocks: code passed to a method, with the scope it was written in.
//!
//! A literal block (`foo { |x| ... }`) is not an object until it has to be:
//! the `send` that passes it makes a [`Block`] — the block's code, the
//! `self` and environment of the frame it appears in, and the ids of the
//! frames `break` and `return` leave — and the callee's frame holds it for
//! `yield`. Only `&blk`, `proc`, `lambda` and the like wrap it in a Proc
//! object.
//!
//! Non-local exits are control transfers tagged with frame ids:
//!
//! ```ruby
//! def first_even(list)
//!   list.each { |x| return x if x.even? }   # Return { target: first_even's frame }
//!   nil
//! end
//! [1, 2, 3].each { |x| break x * 10 }       # Break { target: the frame calling each }
//! ```
//!
//! `next` is a plain return from the block's own frame.

use crate::heap::Marker;
use crate::method::LoadedMethod;
use crate::object::Cref;
use crate::value::Value;
use bytecode::Sym;
use std::rc::Rc;

/// What a block runs.
#[derive(Clone)]
pub enum BlockCode {
    /// A block written in Ruby.
    Bytecode(Rc<LoadedMethod>),
    /// `&:name`: calls `name` on its first argument with the rest.
    Symbol(Sym),
    /// `method(:name).to_proc`: calls `name` on the block's receiver.
    Method(Sym),
}

/// A block and the context it runs in.
#[derive(Clone)]
pub struct Block {
    pub code: BlockCode,
    /// `self` inside the block.
    pub receiver: Value,
    /// The environment of the scope the block was written in (nil when it
    /// captures nothing).
    pub env: Value,
    pub cref: Rc<Cref>,
    /// The owner of the method the block was written in (for `super`).
    pub owner: Value,
    /// The frame `return` in the block leaves: the method it was written in.
    pub home: u64,
    /// The frame that made the block: `break` ends the call it was passed
    /// to, which that frame is running.
    pub creator: u64,
    /// The block of the method the block was written in (`yield` inside a
    /// block calls it).
    pub outer_block: Option<Rc<Block>>,
    /// Lambda semantics: strict arity, and `return` leaves the block.
    pub is_lambda: bool,
    /// The name of the method `define_method` made of this block.
    pub method_name: Option<bytecode::Sym>,
    /// A number identifying the block: `break` is valid only while the
    /// call it was passed to (recorded in its creator's frame) runs.
    pub id: u64,
}

impl Block {
    pub fn trace(&self, marker: &mut Marker) {
        marker.mark(self.receiver);
        marker.mark(self.env);
        marker.mark(self.owner);
        marker.mark(self.cref.module);
        if let Some(outer) = &self.outer_block {
            outer.trace(marker);
        }
    }
}
