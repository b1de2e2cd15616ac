//! No-choice phis: a phi whose inputs are all one value (or itself, around
//! a loop) is that value; a merge left with one predecessor is no merge.
//!
//! ```text
//! v7 = loop ctrl=[v0, v12]              v7 = loop ctrl=[v0, v12]
//! v8 = phi v3, v8        ---------->    (uses of v8 use v3)
//! ```
//!
//! The builder gives loop headers a phi for every live local before it
//! knows what the back edges bring, and pruning uncommon paths leaves
//! merges with one way in: this pass tidies up after both.

use crate::ir::*;

pub fn run(graph: &mut Graph) -> bool {
    let mut changed = false;
    loop {
        let mut round = false;
        let phis: Vec<NodeId> = graph
            .live()
            .filter(|&n| matches!(graph.op(n), Op::Phi))
            .collect();
        for phi in phis {
            if graph.is_dead(phi) {
                continue;
            }
            let mut only: Option<NodeId> = None;
            let mut choice = false;
            for &input in graph.inputs(phi) {
                if input == phi || Some(input) == only {
                    continue;
                }
                if only.is_some() {
                    choice = true;
                    break;
                }
                only = Some(input);
            }
            if choice {
                continue;
            }
            if let Some(value) = only {
                graph.replace_uses(phi, value);
                graph.kill(phi);
                round = true;
            }
        }
        let merges: Vec<NodeId> = graph
            .live()
            .filter(|&n| graph.op(n).is_merge() && graph.control(n).len() == 1)
            .collect();
        for merge in merges {
            if !graph.phis(merge).is_empty() {
                continue;
            }
            graph.unlink(merge);
            graph.kill(merge);
            round = true;
        }
        if !round {
            break;
        }
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `no_choice_phis_removes_a_merge_with_one_way_in` before
    /// no_choice_phis: the merge the pruned fallback left goes, and its
    /// phi is the fast path's value.
    #[test]
    fn a_merge_with_one_way_in_goes_with_its_phi() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 2
            v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = untag_fixnum v1
            v8 = const int 2
            v9 = fixnum_mul v7, v8 state=v5 ctrl=v6
            v10 = merge ctrl=[v9]
            v11 = phi v13 ctrl=v10
            v12 = return v11 ctrl=v10
            v13 = tag_fixnum v9
            v14 = finish ctrl=[v12]
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
        v7 = untag_fixnum v1
        v8 = const int 2
        v9 = fixnum_mul v7, v8 state=v5 ctrl=v6
        v10 = tag_fixnum v9
        v11 = return v10 ctrl=v9
        v12 = finish ctrl=[v11]
        ");
    }

    /// The root's `build_makes_a_loop_with_phis` graph: `n` never changes
    /// in the loop, so its phi (`phi v5, v2`) is `n`.
    #[test]
    fn a_loop_phi_of_itself_is_its_entry_value() {
        let after = run(
            r"
            v0 = start
            v1 = loop ctrl=[v0, v16]
            v2 = phi v5, v2 ctrl=v1
            v3 = phi v17, v16 ctrl=v1
            v4 = self
            v5 = arg 0
            v6 = state count_up@15 self=v4 args=[v5] locals=[n=v2, i=v3] stack=[v3, v2]
            v7 = send <(1) v3, v2 state=v6 ctrl=v1
            v8 = truthy v7
            v9 = state count_up@16 self=v4 args=[v5] locals=[n=v2, i=v3] stack=[v7]
            v10 = branch v8 state=v9 ctrl=v7
            v11 = if_false ctrl=v10
            v12 = return v3 ctrl=v11
            v13 = if_true ctrl=v10
            v14 = const 1
            v15 = state count_up@11 self=v4 args=[v5] locals=[n=v2] stack=[v3, v14]
            v16 = send +(1) v3, v14 state=v15 ctrl=v13
            v17 = const 0
            v18 = finish ctrl=[v12]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = loop ctrl=[v0, v15]
        v2 = phi v16, v15 ctrl=v1
        v3 = arg 0
        v4 = self
        v5 = state count_up@15 self=v4 args=[v3] locals=[n=v3, i=v2] stack=[v2, v3]
        v6 = send <(1) v2, v3 state=v5 ctrl=v1
        v7 = truthy v6
        v8 = state count_up@16 self=v4 args=[v3] locals=[n=v3, i=v2] stack=[v6]
        v9 = branch v7 state=v8 ctrl=v6
        v10 = if_false ctrl=v9
        v11 = return v2 ctrl=v10
        v12 = if_true ctrl=v9
        v13 = const 1
        v14 = state count_up@11 self=v4 args=[v3] locals=[n=v3] stack=[v2, v13]
        v15 = send +(1) v2, v13 state=v14 ctrl=v12
        v16 = const 0
        v17 = finish ctrl=[v11]
        ");
    }

    /// A phi of two values stays; the merge after it with one way in and
    /// no phis goes.
    #[test]
    fn a_phi_with_a_choice_stays() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = truthy v1
            v3 = self
            v4 = state choose@2 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = branch v2 state=v4 ctrl=v0
            v6 = if_true ctrl=v5
            v7 = if_false ctrl=v5
            v8 = merge ctrl=[v6, v7]
            v9 = phi v12, v13 ctrl=v8
            v10 = merge ctrl=[v8]
            v11 = return v9 ctrl=v10
            v12 = const 1
            v13 = const 2
            v14 = finish ctrl=[v11]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = truthy v1
        v3 = self
        v4 = state choose@2 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = branch v2 state=v4 ctrl=v0
        v6 = if_true ctrl=v5
        v7 = if_false ctrl=v5
        v8 = merge ctrl=[v6, v7]
        v9 = phi v11, v12 ctrl=v8
        v10 = return v9 ctrl=v8
        v11 = const 1
        v12 = const 2
        v13 = finish ctrl=[v10]
        ");
    }
}
