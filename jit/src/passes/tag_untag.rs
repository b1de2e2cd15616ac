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

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `tag_untag_annihilates_a_retag` before tag_untag: the
    /// first sum is untagged again for the second `+`, which adds the
    /// untagged sum directly.
    #[test]
    fn the_root_graph_untags_a_tag() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = arg 1
            v5 = arg 2
            v6 = state sum3@10 self=v3 args=[v1, v4, v5] locals=[c=v5] stack=[v1, v4]
            v7 = guard(kind fixnum) v2 state=v6 ctrl=v0
            v8 = is_kind(fixnum) v4
            v9 = guard(kind fixnum) v8 state=v6 ctrl=v7
            v10 = untag_fixnum v1
            v11 = untag_fixnum v4
            v12 = fixnum_add v10, v11 state=v6 ctrl=v9
            v13 = is_kind(fixnum) v5
            v14 = tag_fixnum v12
            v15 = state sum3@12 self=v3 args=[v1, v4, v5] locals=[] stack=[v14, v5]
            v16 = guard(kind fixnum) v13 state=v15 ctrl=v12
            v17 = untag_fixnum v14
            v18 = untag_fixnum v5
            v19 = fixnum_add v17, v18 state=v15 ctrl=v16
            v20 = tag_fixnum v19
            v21 = return v20 ctrl=v19
            v22 = finish ctrl=[v21]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 1
        v5 = arg 2
        v6 = state sum3@10 self=v3 args=[v1, v4, v5] locals=[c=v5] stack=[v1, v4]
        v7 = guard(kind fixnum) v2 state=v6 ctrl=v0
        v8 = is_kind(fixnum) v4
        v9 = guard(kind fixnum) v8 state=v6 ctrl=v7
        v10 = untag_fixnum v1
        v11 = untag_fixnum v4
        v12 = fixnum_add v10, v11 state=v6 ctrl=v9
        v13 = is_kind(fixnum) v5
        v14 = tag_fixnum v12
        v15 = state sum3@12 self=v3 args=[v1, v4, v5] locals=[] stack=[v14, v5]
        v16 = guard(kind fixnum) v13 state=v15 ctrl=v12
        v17 = untag_fixnum v5
        v18 = fixnum_add v12, v17 state=v15 ctrl=v16
        v19 = tag_fixnum v18
        v20 = return v19 ctrl=v18
        v21 = finish ctrl=[v20]
        ");
    }

    /// `unbox_float(box_float(x))` is `x`: the product is added unboxed.
    #[test]
    fn unboxing_a_boxed_float_is_the_double() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(flonum) v1
            v3 = self
            v4 = state scale@6 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = guard(kind flonum) v2 state=v4 ctrl=v0
            v6 = unbox_float v1
            v7 = const float 2.0
            v8 = float_mul v6, v7
            v9 = box_float v8
            v10 = unbox_float v9
            v11 = float_add v10, v7
            v12 = box_float v11
            v13 = return v12 ctrl=v5
            v14 = finish ctrl=[v13]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(flonum) v1
        v3 = self
        v4 = state scale@6 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = guard(kind flonum) v2 state=v4 ctrl=v0
        v6 = unbox_float v1
        v7 = const float 2.0
        v8 = float_mul v6, v7
        v9 = float_add v8, v7
        v10 = box_float v9
        v11 = return v10 ctrl=v5
        v12 = finish ctrl=[v11]
        ");
    }

    /// `truthy(bool_to_value(c))` is `c`: the branch tests `is_nil`
    /// directly.
    #[test]
    fn truthy_of_a_boolean_value_is_the_condition() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_nil v1
            v3 = bool_to_value v2
            v4 = truthy v3
            v5 = self
            v6 = state missing@3 self=v5 args=[v1] locals=[] stack=[v3]
            v7 = branch v4 state=v6 ctrl=v0
            v8 = if_true ctrl=v7
            v9 = const 1
            v10 = return v9 ctrl=v8
            v11 = if_false ctrl=v7
            v12 = const 2
            v13 = return v12 ctrl=v11
            v14 = finish ctrl=[v10, v13]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_nil v1
        v3 = self
        v4 = bool_to_value v2
        v5 = state missing@3 self=v3 args=[v1] locals=[] stack=[v4]
        v6 = branch v2 state=v5 ctrl=v0
        v7 = if_true ctrl=v6
        v8 = const 1
        v9 = return v8 ctrl=v7
        v10 = if_false ctrl=v6
        v11 = const 2
        v12 = return v11 ctrl=v10
        v13 = finish ctrl=[v9, v12]
        ");
    }

    /// `tag_fixnum(untag_fixnum(x))` is `x` (a guard proved it a fixnum).
    #[test]
    fn tagging_an_untagged_fixnum_is_the_fixnum() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = state same@2 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
            v6 = untag_fixnum v1
            v7 = tag_fixnum v6
            v8 = return v7 ctrl=v5
            v9 = finish ctrl=[v8]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = state same@2 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
        v6 = return v1 ctrl=v5
        v7 = finish ctrl=[v6]
        ");
    }
}
