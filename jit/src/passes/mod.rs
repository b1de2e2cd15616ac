//! The passes, one file each, in the order the pipeline runs them (see the
//! crate docs).
//!
//! Each file ends with its tests: a graph written as text (read by
//! [`crate::ir::parse`], names made up by the tables of the crate's test
//! runtime), the pass run once, and the verified result compared with an
//! inline snapshot. The root crate's `tests/jit_passes.rs` runs the same
//! passes end to end, from Ruby programs.

pub mod canonicalise;
pub mod constant_fold;
pub mod dead_code;
pub mod deopt_maps;
pub mod deoptimise;
pub mod early_exit;
pub mod exceptions;
pub mod gvn;
pub mod inline_caching;
pub mod inlining;
pub mod intrinsics;
pub mod keyword_arguments;
pub mod no_choice_phis;
pub mod overflow_checks;
pub mod redundant_guards;
pub mod redundant_loads;
pub mod refloat;
pub mod tag_untag;

use crate::ir::{Graph, NodeId, Op};
use crate::runtime::Runtime;

/// Whether compiled code already speculated at this node's instruction and
/// failed too often (the runtime remembers): then it is not speculated on
/// again.
pub fn speculation_failed(graph: &Graph, rt: &dyn Runtime, node: NodeId) -> bool {
    match graph.state(node).map(|state| graph.op(state)) {
        Some(Op::FrameState(info)) => rt.speculation_failed(info.method, info.ip),
        _ => false,
    }
}
