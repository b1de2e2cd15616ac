//! The execution context: the stacks and frames of the code running, as
//! MRI's `rb_execution_context_t` holds them. Everything else in `Vm`
//! (classes, methods, globals, the heap, the JIT's state) is shared by
//! all the code of a run; what is here belongs to one thread of Ruby
//! execution:
//!
//! ```text
//! context.stack:   ... | self | args | locals | operands |   (value stack)
//! context.frames:  <main> -> run -> block in run -> Integer#times
//! virtual_frames(), push_native_return: compiled code's frames without
//!                  records, and the native calls whose frames were rebuilt
//! is_caught(tag), last_match_of(i): per-frame state kept beside the frames
//! machine stack:   one Rust call per Ruby call (interpreter and compiled
//!                  code alike), with compiled code's activation records
//! ```
//!
//! ## What comes next: fibers
//!
//! A fiber is an `ExecutionContext` and a machine stack of its own. The
//! Ruby stack is the machine stack (one Rust call per Ruby call, and
//! compiled code's activation records live there, pointed at by
//! `virtual_frames` and `native_returns`), so a fiber cannot be a heap
//! object that the interpreter loop steps through: switching to it swaps
//! `Vm::context` with the fiber's (`std::mem::swap`) and switches machine
//! stacks (a stack-switching crate such as `corosensei`, which keeps
//! unwinding and guard pages working). Nothing else moves:
//! - the collector takes the contexts of the suspended fibers as roots as
//!   it takes the running one's today (`Vm::collect` walks one context;
//!   it would walk a list), and scans each suspended machine stack
//!   conservatively from its saved stack pointer to its top, where it
//!   scans from the current one to `Heap`'s `stack_top` now;
//! - the pointers into a machine stack (activation records) stay valid
//!   while its fiber is suspended: the memory stays mapped;
//! - deoptimisation rebuilds frames into `Vm::context`, the running
//!   fiber's, which is the only one whose compiled code runs;
//! - frame ids stay unique across fibers (`Vm::next_frame_id` is shared),
//!   so the `last_match` entries and the targets of `break` and `return`
//!   cannot be mistaken for another fiber's;
//! - the depth check (`Vm::too_deep`, `crate::stack::near_limit`)
//!   counts the running context's frames against its own machine stack's
//!   size, set at each switch;
//! - the value stack is allocated once at its full capacity
//!   ([`super::VALUE_STACK_CAPACITY`]) because compiled code and the
//!   helpers keep addresses into it; a fiber's is allocated the same way
//!   (or smaller, with the depth check raising SystemStackError first).
//!
//! ## What comes next: `binding` and `eval`
//!
//! A frame's locals are named by its code (`bytecode::Method::locals`).
//! Those of an interpreted frame are its value-stack slots
//! ([`crate::frame_layout::FrameLayout::locals`]), or its environment
//! (`FrameRecord::env`) when blocks capture them, so `binding` reads them
//! from its caller's frame record. A compiled frame keeps them in
//! registers and spill slots; only at a call does the call's
//! deoptimisation map say where each one is. `binding` and `eval` are
//! core methods that read their caller's frame
//! (`NativeMethod::uses_caller_frame`), so compiled code already calls
//! them with the inlined frames rebuilt as records (see
//! `compiled::virtual_frames`); reading a local of the compiled frame
//! itself is reading its value from the call's map, as deoptimisation does
//! (`deopt::SiteMap::read`), without leaving the code. Writing one
//! (`local_variable_set`, `eval("x = 1")`) retires the activation's code
//! (its `invalidated` flag, which compiled code polls after every call),
//! so the frame deoptimises when the call returns and the interpreter
//! finishes it with the new value in its slot. The evaluated code compiles
//! with the frame's locals as its enclosing scope, as a block's does.

use super::{Control, FrameRecord, VirtualFrames, VALUE_STACK_CAPACITY};
use crate::heap::Marker;
use crate::value::Value;
use std::rc::Rc;

/// A block running compiled without a frame record: its activation
/// record, the block (borrowed by the call running it, which removes the
/// entry before it returns) and the id its frame gets if it is
/// materialised.
pub struct VirtualBlock {
    pub activation: *const jit::runtime::ActivationRecord,
    pub block: *const crate::block::Block,
    pub id: u64,
}

/// The stacks and frames of the code running.
///
/// The value stack and the frame records are the interpreter's registers:
/// the run loop, the calling convention and compiled code's entry index
/// them directly, so they are public. The rest is reached through the
/// methods below, each of which says who uses it.
pub struct ExecutionContext {
    /// Receivers, arguments, locals and operands of every active bytecode
    /// frame (a precise GC root).
    pub stack: Vec<Value>,
    pub frames: Vec<FrameRecord>,
    /// Inlined frames of compiled code that a call from it runs above
    /// without their records, innermost last (see [`VirtualFrames`]).
    virtual_frames: Vec<VirtualFrames>,
    /// The records of native calls whose frames were materialised, with
    /// the return addresses their calls had, innermost last: each call
    /// returns through the JIT's trampoline, which pops the last.
    native_returns: Vec<(*mut jit::runtime::ActivationRecord, u64)>,
    /// The blocks running compiled without frame records, innermost last
    /// (see `compiled::virtual_blocks`).
    virtual_blocks: Vec<VirtualBlock>,
    /// The blocks compiled code made for the native calls running that
    /// pass them (a literal block, or an inlined frame's block passed
    /// on), innermost last: each is held until its call returns (see
    /// `compiled::call_blocks`).
    call_blocks: Vec<Rc<crate::block::Block>>,
    /// The tags of the `catch` blocks running, innermost last.
    catch_tags: Vec<Value>,
    /// `$~` of the frames that have one, by frame index: the id of the
    /// frame that set it and the MatchData (or nil). An entry whose id is
    /// not its frame's any more is stale.
    last_match: Vec<(u64, Value)>,
    /// The transfer (exception, jump) a helper left for compiled code,
    /// which returns `UNDEF` up to whoever entered it.
    compiled_pending: Option<Control>,
    /// How many deoptimised frames the interpreter is finishing, each
    /// above the compiled code that gave it up (on the machine stack).
    deopt_resumes: u32,
}

impl ExecutionContext {
    pub fn new() -> ExecutionContext {
        ExecutionContext {
            stack: Vec::with_capacity(VALUE_STACK_CAPACITY),
            frames: Vec::new(),
            virtual_frames: Vec::new(),
            native_returns: Vec::new(),
            virtual_blocks: Vec::new(),
            call_blocks: Vec::new(),
            catch_tags: Vec::new(),
            last_match: Vec::new(),
            compiled_pending: None,
            deopt_resumes: 0,
        }
    }

    /// Marks what the context holds: the value stack, what the frame
    /// records hold (owners, environments, blocks, pending transfers), the
    /// catch tags, the transfer left for compiled code and the frames'
    /// last matches (a stale one is garbage).
    pub fn trace(&self, marker: &mut Marker) {
        marker.mark_all(&self.stack);
        marker.mark_all(&self.catch_tags);
        for frame in &self.frames {
            marker.mark(frame.owner);
            marker.mark(frame.env);
            for block in [&frame.block, &frame.block_arg].into_iter().flatten() {
                block.trace(marker);
            }
            for control in frame.pending.iter().flat_map(|pending| pending.iter()) {
                control.trace(marker);
            }
        }
        if let Some(control) = &self.compiled_pending {
            control.trace(marker);
        }
        for call in &self.virtual_blocks {
            // SAFETY: a listed block is borrowed by the call running it
            // (see `VirtualBlock`).
            unsafe { &*call.block }.trace(marker);
        }
        for block in &self.call_blocks {
            block.trace(marker);
        }
        for (index, &(id, value)) in self.last_match.iter().enumerate() {
            if self.frames.get(index).is_some_and(|frame| frame.id == id) {
                marker.mark(value);
            }
        }
    }

    /// The inlined frames of compiled code that calls from it run above,
    /// innermost last (backtraces and the call depth read them).
    #[inline]
    pub fn virtual_frames(&self) -> &[VirtualFrames] {
        &self.virtual_frames
    }

    /// Compiled code calls the runtime from inside inlined frames.
    pub fn push_virtual_frames(&mut self, frames: VirtualFrames) {
        self.virtual_frames.push(frames);
    }

    /// The call [`Self::push_virtual_frames`] announced has returned.
    pub fn pop_virtual_frames(&mut self) {
        self.virtual_frames.pop();
    }

    /// Whether frame `index` and those above it run above virtual frames
    /// (a frame's `$~` is then one nothing reads).
    pub fn runs_above_virtual_frames(&self, index: usize) -> bool {
        self.virtual_frames
            .iter()
            .any(|frames| frames.below > index)
    }

    /// A native call's frame was materialised: its call now returns
    /// through the JIT's trampoline, which restores `return_address`.
    pub fn push_native_return(
        &mut self,
        record: *mut jit::runtime::ActivationRecord,
        return_address: u64,
    ) {
        self.native_returns.push((record, return_address));
    }

    /// The return addresses the materialised native calls will go back
    /// to (into their callers' code), which the trampoline keeps off the
    /// machine stack.
    pub fn native_return_addresses(&self) -> impl Iterator<Item = u64> + '_ {
        self.native_returns.iter().map(|&(_, address)| address)
    }

    /// A block starts running compiled without a frame record.
    pub fn push_virtual_block(&mut self, call: VirtualBlock) {
        self.virtual_blocks.push(call);
    }

    /// The call [`Self::push_virtual_block`] announced has returned.
    pub fn pop_virtual_block(&mut self) {
        self.virtual_blocks.pop();
    }

    /// Compiled code made `block` for the native call it makes next.
    pub fn push_call_block(&mut self, block: Rc<crate::block::Block>) {
        self.call_blocks.push(block);
    }

    /// The call [`Self::push_call_block`] made a block for has returned.
    pub fn pop_call_block(&mut self) {
        self.call_blocks.pop();
    }

    /// The block call running with activation record `activation`, if it
    /// is one without a frame record.
    pub fn virtual_block(
        &self,
        activation: *const jit::runtime::ActivationRecord,
    ) -> Option<&VirtualBlock> {
        self.virtual_blocks
            .iter()
            .rev()
            .find(|call| std::ptr::eq(call.activation, activation))
    }

    /// The innermost materialised native call, as it returns through the
    /// trampoline.
    pub fn pop_native_return(&mut self) -> Option<(*mut jit::runtime::ActivationRecord, u64)> {
        self.native_returns.pop()
    }

    /// A `catch` block for `tag` starts running.
    pub fn push_catch_tag(&mut self, tag: Value) {
        self.catch_tags.push(tag);
    }

    /// The innermost `catch` block has finished.
    pub fn pop_catch_tag(&mut self) {
        self.catch_tags.pop();
    }

    /// Whether a running `catch` block would catch a `throw` of `tag`.
    pub fn is_caught(&self, tag: Value) -> bool {
        self.catch_tags.contains(&tag)
    }

    /// `$~` of frame `index` (nil when it set none, or when the entry is
    /// a returned frame's).
    pub fn last_match_of(&self, index: usize) -> Value {
        match self.last_match.get(index) {
            Some(&(id, value)) if id == self.frames[index].id => value,
            _ => Value::NIL,
        }
    }

    /// Sets `$~` of frame `index`.
    pub fn set_last_match_of(&mut self, index: usize, value: Value) {
        if self.last_match.len() <= index {
            self.last_match.resize(index + 1, (0, Value::NIL));
        }
        self.last_match[index] = (self.frames[index].id, value);
    }

    /// Leaves `control` for the compiled code a helper returns `UNDEF` to.
    #[inline]
    pub fn set_compiled_pending(&mut self, control: Control) {
        self.compiled_pending = Some(control);
    }

    /// The transfer left for compiled code, taken by whoever handles it.
    #[inline]
    pub fn take_compiled_pending(&mut self) -> Option<Control> {
        self.compiled_pending.take()
    }

    /// The transfer left for compiled code, if any.
    pub fn compiled_pending(&self) -> Option<&Control> {
        self.compiled_pending.as_ref()
    }

    /// How many deoptimised frames the interpreter is finishing.
    pub fn deopt_resumes(&self) -> u32 {
        self.deopt_resumes
    }

    /// The interpreter starts finishing a deoptimised frame.
    pub fn enter_deopt_resume(&mut self) {
        self.deopt_resumes += 1;
    }

    /// The interpreter has finished a deoptimised frame.
    pub fn leave_deopt_resume(&mut self) {
        self.deopt_resumes -= 1;
    }
}

impl Default for ExecutionContext {
    fn default() -> Self {
        ExecutionContext::new()
    }
}
