//! Re-float: pure nodes still pinned on the control flow come off it.
//!
//! Expanding a call into IR (the intrinsics pass) puts each new node where
//! the call was, in order, so the expansion reads like the call it
//! replaces. Only the nodes that can deoptimise or touch memory need that
//! place; the others are values, free to compute wherever they are needed
//! (and to be shared with equal values by value numbering).
//!
//! ```text
//! v5 = guard(kind fixnum) v4 ctrl=v0          v5 = guard(kind fixnum) v4 ctrl=v0
//! v6 = untag_fixnum v1 ctrl=v5     ---->      v6 = untag_fixnum v1
//! v8 = fixnum_add v6, v7 ctrl=v6              v8 = fixnum_add v6, v7 ctrl=v5
//! ```

use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let pinned: Vec<NodeId> = graph
        .live()
        .filter(|&n| graph.op(n).is_pure() && !graph.control(n).is_empty())
        .collect();
    for &node in &pinned {
        graph.unlink(node);
    }
    !pinned.is_empty()
}
