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

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `refloat_frees_pure_nodes` before refloat: the untags and
    /// tags of the intrinsics' expansions come off the control flow.
    #[test]
    fn the_root_graph_frees_its_pure_nodes() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 2
            v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = const bool true
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1 ctrl=v8
            v10 = const int 2
            v11 = fixnum_mul v9, v10 state=v5 ctrl=v9
            v12 = tag_fixnum v11 ctrl=v11
            v13 = merge ctrl=[v12, v?16]
            v14 = phi v12, v?16 ctrl=v13
            v15 = return v14 ctrl=v13
            v16 = finish ctrl=[v15]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = const 2
        v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = const bool true
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1
        v10 = const int 2
        v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
        v12 = merge ctrl=[v11, v?16]
        v13 = phi v15, v?16 ctrl=v12
        v14 = return v13 ctrl=v12
        v15 = tag_fixnum v11
        v16 = finish ctrl=[v14]
        ");
    }

    /// The expansion of a fixnum `<`: the guards stay on the control flow,
    /// the untags, the comparison and the boolean come off it.
    #[test]
    fn an_expansion_floats_but_its_guards() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = arg 1
            v5 = state less@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = is_kind(fixnum) v4
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1 ctrl=v8
            v10 = untag_fixnum v4 ctrl=v9
            v11 = int_lt v9, v10 ctrl=v10
            v12 = bool_to_value v11 ctrl=v11
            v13 = return v12 ctrl=v12
            v14 = finish ctrl=[v13]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 1
        v5 = state less@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = is_kind(fixnum) v4
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1
        v10 = untag_fixnum v4
        v11 = int_lt v9, v10
        v12 = bool_to_value v11
        v13 = return v12 ctrl=v8
        v14 = finish ctrl=[v13]
        ");
    }

    /// Loads and checked arithmetic are fixed nodes and stay where they
    /// are; only the pure untag and tag float.
    #[test]
    fn loads_and_checked_arithmetic_stay() {
        let after = run(
            r"
            v0 = start
            v1 = self
            v2 = load_shape v1 ctrl=v0
            v3 = shape_is(S2) v2
            v4 = state area@2 self=v1 args=[] locals=[] stack=[]
            v5 = guard(shape) v3 state=v4 ctrl=v2
            v6 = load_ivar(0) v1 ctrl=v5
            v7 = is_kind(fixnum) v6
            v8 = state area@4 self=v1 args=[] locals=[] stack=[v6, v6]
            v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
            v10 = untag_fixnum v6 ctrl=v9
            v11 = fixnum_mul v10, v10 state=v8 ctrl=v10
            v12 = tag_fixnum v11 ctrl=v11
            v13 = return v12 ctrl=v12
            v14 = finish ctrl=[v13]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_shape v1 ctrl=v0
        v3 = shape_is(S2) v2
        v4 = state area@2 self=v1 args=[] locals=[] stack=[]
        v5 = guard(shape) v3 state=v4 ctrl=v2
        v6 = load_ivar(0) v1 ctrl=v5
        v7 = is_kind(fixnum) v6
        v8 = state area@4 self=v1 args=[] locals=[] stack=[v6, v6]
        v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
        v10 = untag_fixnum v6
        v11 = fixnum_mul v10, v10 state=v8 ctrl=v9
        v12 = tag_fixnum v11
        v13 = return v12 ctrl=v11
        v14 = finish ctrl=[v13]
        ");
    }
}
