//! The JIT as the VM holds it. The JIT's runtime side (`crate::compiled`)
//! lives above the VM and the interpreter, so the VM owns its state
//! without naming its type: a [`Jit`] carries the one setting the
//! interpreter reads at every call (the threshold), and the rest behind
//! [`JitRuntime`], the narrow interface the layers below need (the values
//! compiled code keeps alive, and the names of the frames it runs without
//! records, for backtraces). Only `crate::compiled` looks inside, through
//! [`JitRuntime::as_any`].
//!
//! ```text
//! vm.jit: Some(Jit { threshold: 100, state: JitState { code, stats, .. } })
//!   interpreter: calls >= vm.jit.threshold? -> compile (crate::compiled)
//!   collector:   vm.jit.state.trace(marker)
//!   backtraces:  vm.jit.state.virtual_frame_list(frames)
//! ```

use super::VirtualFrames;
use crate::heap::Marker;
use std::any::Any;

/// The JIT's state, owned by the VM.
pub struct Jit {
    /// Calls after which a method is compiled (`--jit-threshold`).
    pub threshold: u64,
    pub state: Box<dyn JitRuntime>,
}

/// The frames a [`VirtualFrames`] stands for, as (method id, ip) pairs:
/// room on the stack for a recursion's worth before any allocation.
pub type VirtualFrameList = smallvec::SmallVec<[(u32, u32); 32]>;

/// What the layers below the JIT ask of its state.
pub trait JitRuntime: Any {
    /// Marks the values compiled code keeps alive.
    fn trace(&self, marker: &mut Marker);

    /// The frames `frames` stands for, outermost first, and the index of
    /// the call the innermost frame record below them is making (None when
    /// their outermost frame is a block's running without a record, which
    /// the list holds: the record below is not theirs).
    fn virtual_frame_list(&self, frames: &VirtualFrames) -> (Option<u32>, VirtualFrameList);

    fn as_any(&self) -> &dyn Any;

    fn as_any_mut(&mut self) -> &mut dyn Any;
}
