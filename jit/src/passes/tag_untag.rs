//! Tag/untag annihilation: boxing a value and unboxing it again is the
//! value itself.
//!
//! Each intrinsic untags its operands and tags its result, so `a + b + c`
//! first reads as `tag(untag(tag(untag(a) + untag(b))) + untag(c))`; here
//! the inner `untag(tag(x))` becomes `x`, and the intermediate fixnum is
//! never made.
//!
//! ```text
//! v9  = tag_fixnum v8                   v11 = fixnum_add v8, v10
//! v10 = untag_fixnum v9    ------->
//! v11 = fixnum_add v10, ...
//! ```
//!
//! The same holds for floats (`unbox_float(box_float(x))`), for conditions
//! (`truthy(bool_to_value(b))` is `b`), and the other way round: a fixnum
//! untagged and tagged again is the fixnum (a guard proved it one).

use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let nodes: Vec<NodeId> = graph.live().collect();
    let mut changed = false;
    for node in nodes {
        if graph.is_dead(node) || !graph.control(node).is_empty() {
            continue;
        }
        let inverse = match graph.op(node) {
            Op::UntagFixnum => Op::TagFixnum,
            Op::TagFixnum => Op::UntagFixnum,
            Op::UnboxFloat => Op::BoxFloat,
            Op::BoxFloat => Op::UnboxFloat,
            Op::Truthy => Op::BoolToValue,
            _ => continue,
        };
        let input = graph.input(node, 0);
        if graph.op(input) == &inverse {
            let inner = graph.input(input, 0);
            graph.replace_uses(node, inner);
            changed = true;
        }
    }
    changed
}
