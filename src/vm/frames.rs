//! Frames and the transfers that leave them.
//!
//! Every Ruby call has a [`FrameRecord`] on `ExecutionContext::frames` (its code, the
//! instruction running, `self`'s lexical scope [`Cref`], its block, the
//! frame a `break` or `return` goes to). A transfer of control that
//! unwinds Rust frames is a [`Control`]: an exception, or a `break`,
//! non-local `return` or `throw` on its way to the frame that takes it:
//!
//! ```ruby
//! def find(items)
//!   items.each { |i| return i if i > 2 }   # Control::Return to find's frame
//! end
//! ```
//!
//! Compiled code keeps no records for the frames it runs inline; while the
//! runtime runs above them, [`VirtualFrames`] counts them, so the call
//! depth (and `SystemStackError` at [`MAX_DEPTH`]) stays exact.

use super::Vm;
use crate::method::LoadedMethod;
use crate::object::{Cref, Visibility};
use crate::value::Value;
use bytecode::Sym;
use std::rc::Rc;

/// A transfer of control that unwinds Rust frames: a raised exception,
/// or a jump (`break`, non-local `return`, `throw`) on its way to the
/// frame that takes it.
///
/// A jump is boxed so that a `Control` is two words, and so is every
/// [`VmResult`] of a word or less: the interpreter's calls return them in
/// two registers, where a three-word result went through memory at every
/// return of every call. Exceptions (an object already) and jumps (rarer
/// than calls by far) pay for it instead.
#[derive(Clone, Debug)]
pub enum Control {
    Raise(Value),
    Jump(Box<Jump>),
}

/// A `break`, non-local `return` or `throw` ([`Control::Jump`]).
#[derive(Clone, Debug)]
pub enum Jump {
    /// `break` from a block: ends the call running in frame `target`.
    Break { target: u64, value: Value },
    /// `return` from a block: returns from the method in frame `target`.
    Return { target: u64, value: Value },
    /// `throw tag, value`: ends the `catch` of the same tag.
    Throw { tag: Value, value: Value },
}

impl Control {
    /// `break` with `value`, ending the call running in frame `target`.
    pub fn break_to(target: u64, value: Value) -> Control {
        Control::Jump(Box::new(Jump::Break { target, value }))
    }

    /// `return` with `value` from the method in frame `target`.
    pub fn return_to(target: u64, value: Value) -> Control {
        Control::Jump(Box::new(Jump::Return { target, value }))
    }

    /// `throw tag, value`.
    pub fn throw(tag: Value, value: Value) -> Control {
        Control::Jump(Box::new(Jump::Throw { tag, value }))
    }

    /// The jump, if it is one.
    pub fn jump(&self) -> Option<&Jump> {
        match self {
            Control::Jump(jump) => Some(jump),
            Control::Raise(_) => None,
        }
    }

    /// The value of a `return` to frame `id`.
    pub fn returning_to(&self, id: u64) -> Option<Value> {
        match self.jump() {
            Some(&Jump::Return { target, value }) if target == id => Some(value),
            _ => None,
        }
    }

    /// The value of a `break` ending the call in frame `id`.
    pub fn breaking_to(&self, id: u64) -> Option<Value> {
        match self.jump() {
            Some(&Jump::Break { target, value }) if target == id => Some(value),
            _ => None,
        }
    }

    /// The values a pending transfer carries (GC roots while it unwinds).
    pub fn value(&self) -> Value {
        match self {
            Control::Raise(value) => *value,
            Control::Jump(jump) => match **jump {
                Jump::Break { value, .. }
                | Jump::Return { value, .. }
                | Jump::Throw { value, .. } => value,
            },
        }
    }

    /// Marks what the transfer carries (the value, and a `throw`'s tag).
    pub fn trace(&self, marker: &mut crate::heap::Marker) {
        marker.mark(self.value());
        if let Some(Jump::Throw { tag, .. }) = self.jump() {
            marker.mark(*tag);
        }
    }
}

/// `result`, or the value of a `return` to frame `id` it carries: how a
/// call ends whose frame `return` in a block leaves.
#[inline]
pub fn returned_to(result: VmResult, id: u64) -> VmResult {
    match result {
        Err(control) => match control.returning_to(id) {
            Some(value) => Ok(value),
            None => Err(control),
        },
        ok => ok,
    }
}

pub type VmResult<T = Value> = Result<T, Control>;

/// What a frame is running, for backtraces.
#[derive(Clone)]
pub enum FrameCode {
    Bytecode(Rc<LoadedMethod>),
    Native(Sym),
}

/// The frames of compiled code that have no records around a call the
/// runtime makes for it, when the callee needs no more of them than their
/// place in backtraces: the inlined frames of the call, and the frames of
/// native calls (compiled code calling compiled code) up to it. They sit
/// between `frames[..below]` and the frames above.
///
/// Rebuilding a frame record costs several hundred instructions (its
/// block is made again, its scope looked up); a call to a core method such
/// as `String#[]` from code inlined five frames deep would pay that five
/// times. Only a callee that reads its caller's frame
/// (`NativeMethod::uses_caller_frame`), a `yield`, or a call passing a
/// literal block needs the records. The frames are named from the
/// activation making the call, and only when a backtrace asks
/// ([`crate::vm::JitRuntime::virtual_frame_list`]).
///
/// ```text
/// frames:   <main>  run (compiled)                 String#[]
/// virtual:                   \-- parse -- block in parse --/
/// backtrace: String#[] < block in parse < parse < run < <main>
/// ```
#[derive(Debug)]
pub struct VirtualFrames {
    pub below: usize,
    /// How many Ruby calls are live below the call, virtual frames
    /// included: the depth the runtime's calls above it count from
    /// ([`Vm::call_depth`]).
    pub depth: usize,
    /// The activation of compiled code making the call (live while the
    /// call runs), and where.
    pub activation: *const jit::runtime::ActivationRecord,
    pub at: jit::runtime::CallAt,
}

/// One Ruby-level frame.
#[derive(Clone)]
pub struct FrameRecord {
    pub code: FrameCode,
    /// The instruction running (bytecode frames), updated before every call.
    pub ip: u32,
    /// The lexical scope of the code running.
    pub cref: Rc<Cref>,
    /// The visibility `def` gives new methods here (`private` with no
    /// arguments changes it for the rest of a class body).
    pub visibility: Visibility,
    /// `module_function` with no arguments ran here: each later `def` also
    /// gets a public copy on the module's singleton class.
    pub module_function: bool,
    /// The class or module owning the running method (where `super` starts
    /// looking), or the cref module for class bodies and the top level.
    pub owner: Value,
    /// A number no other frame of this run has.
    pub id: u64,
    /// The frame's environment: its own when blocks capture its locals,
    /// else the one of the scope it was written in (blocks), or nil.
    pub env: Value,
    /// The block `yield` calls: the one passed to this method (for a block
    /// frame, the one passed to the method the block is written in).
    pub block: Option<Rc<crate::block::Block>>,
    /// The frame `return` leaves: this one, or for a block the method it is
    /// written in.
    pub home: u64,
    /// For a block frame, the frame whose call `break` ends.
    pub break_target: u64,
    /// For a block frame, the id of its block.
    pub block_id: u64,
    /// The id of the literal block the call this frame is making passed
    /// (0 when none): a `break` from that block ends that call.
    pub sending_block: u64,
    /// For a block frame, the block its call passed (what the block's
    /// `&blk` parameter receives: `define_method(:m) { |&blk| }`).
    pub block_arg: Option<Rc<crate::block::Block>>,
    /// For the frame of a method `define_method` made (and the blocks in
    /// it), that method's name: what `__method__` and `super` use.
    pub method_name: Option<bytecode::Sym>,
    /// A lambda's frame: `return` and `break` leave the lambda itself.
    pub is_lambda: bool,
    /// Left out of backtraces (core methods MRI runs without a frame).
    pub hidden: bool,
    /// A core method's call had keyword arguments (the last argument is
    /// their Hash).
    pub kwargs: bool,
    /// Transfers interrupted by the `ensure` clauses now running, innermost
    /// last; `end_ensure` resumes them. (Boxed, and absent until an `ensure`
    /// runs, to keep the record small: every call pushes one.)
    pub pending: Option<Box<Vec<Control>>>,
}

impl FrameRecord {
    /// The `ip` of a bytecode frame whose code has not started running: the
    /// line table has no entry for it, so its backtrace line is the one of
    /// the method's `def` (MRI's line for a wrong number of arguments).
    pub const AT_ENTRY: u32 = u32::MAX;
    /// The `ip` of an interpreted frame that compiled code, entered at one
    /// of its loops, finished with a transfer (an exception, `break`,
    /// `throw`...): the frame's `rescue` and `ensure` clauses have run
    /// already, in compiled code or in the interpreter where it
    /// deoptimised, and no handler covers this `ip`, so the interpreter
    /// does not run them a second time as the transfer leaves.
    pub const FINISHED: u32 = u32::MAX - 1;

    /// A frame running `code` with lexical scope `cref` for a method of
    /// `owner`: public `def`s, no environment, no block, `return` leaving
    /// this frame.
    pub fn new(code: FrameCode, cref: Rc<Cref>, owner: Value, id: u64) -> FrameRecord {
        FrameRecord {
            code,
            ip: 0,
            cref,
            visibility: Visibility::Public,
            module_function: false,
            block_arg: None,
            method_name: None,
            owner,
            id,
            env: Value::NIL,
            block: None,
            home: id,
            break_target: 0,
            block_id: 0,
            sending_block: 0,
            is_lambda: false,
            hidden: false,
            kwargs: false,
            pending: None,
        }
    }
}

impl Vm {
    /// Enters a frame whose record `make` builds. The record is built in
    /// its place on the frame stack: built on the machine stack and copied
    /// there, its small fields, stored a byte at a time, stalled the copy's
    /// wide loads (store forwarding) on every call.
    #[inline]
    pub fn push_frame_with(&mut self, make: impl FnOnce() -> FrameRecord) {
        let mut make = Some(make);
        let depth = self.context.frames.len();
        self.context
            .frames
            .resize_with(depth + 1, || (make.take().expect("one frame"))());
    }

    /// Leaves the innermost frame. (Dropping it where it lies, rather than
    /// `pop`, spares moving the record out of the vector on every return.)
    #[inline]
    pub fn pop_frame(&mut self) {
        let depth = self.context.frames.len();
        self.context.frames.truncate(depth - 1);
    }
}

impl Vm {
    /// An id for a new frame.
    #[inline]
    pub fn new_frame_id(&mut self) -> u64 {
        self.next_frame_id += 1;
        self.next_frame_id
    }

    /// How many Ruby calls are live: the frame records, and the frames of
    /// compiled code that have none (native calls and inlined frames)
    /// below the innermost call the runtime made for compiled code (see
    /// [`VirtualFrames`]). Counting the records alone would let each call
    /// the runtime makes above virtual frames start the depth over, and a
    /// compiled recursion go on until the machine stack runs out.
    #[inline]
    pub fn call_depth(&self) -> usize {
        match self.context.virtual_frames().last() {
            Some(frames) => frames.depth + (self.context.frames.len() - frames.below),
            None => self.context.frames.len(),
        }
    }

    /// Whether one more call would nest too deep: `SystemStackError` then.
    #[inline]
    pub fn too_deep(&self) -> bool {
        self.call_depth() >= MAX_DEPTH || crate::stack::near_limit()
    }
}

/// How deep Ruby calls may nest before `SystemStackError`.
pub const MAX_DEPTH: usize = 10_000;
/// Value-stack capacity (values); reserved once so it never moves.
pub const VALUE_STACK_CAPACITY: usize = 4 * 1024 * 1024;

#[cfg(test)]
mod tests {
    use super::*;

    /// Every call of the interpreter returns one of these: two words come
    /// back in registers, three went through memory (17% of the
    /// interpreter's time on the AWFY call-heavy programs).
    #[test]
    fn results_are_two_words() {
        assert_eq!(std::mem::size_of::<VmResult>(), 16);
        assert_eq!(std::mem::size_of::<VmResult<()>>(), 16);
        assert_eq!(std::mem::size_of::<Option<VmResult<()>>>(), 16);
    }
}
