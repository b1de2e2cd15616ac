//! Inline caching: a send becomes a test of the receiver's kind and a call
//! bound to the method of that kind, for each kind the profile saw (up to
//! `bytecode::profile::KIND_SET_CAPACITY`, seed 001's polymorphic inline
//! cache). What no test matches falls back to the full send, marked
//! uncommon: the deoptimise pass turns that fallback into a guard.
//!
//! ```text
//!                                    v5 = branch is_kind(fixnum) v1
//! v5 = send +(1) v1, v2    ---->     v6 = if_true ctrl=v5
//!                                    v7 = send +(1) @fixnum v1, v2 ctrl=v6
//!                                    v8 = if_false ctrl=v5 (uncommon)
//!                                    v9 = send +(1) v1, v2 ctrl=v8
//!                                    v10 = merge ctrl=[v7, v9]
//!                                    v11 = phi v7, v9
//! ```
//!
//! A site whose guard kept failing (its receivers gained a kind after the
//! code was compiled: `plan.each { |c| c.execute }` meeting a third kind
//! of constraint) is compiled again with a test per kind seen by then and
//! the full send as an ordinary fallback, not a deoptimisation: the kinds
//! it knows keep their direct calls, and a new one costs a call. (A core
//! operation bound there is built as IR only when that guards nothing
//! about its arguments, whose guard may be the one that failed: see the
//! intrinsics pass.)
//!
//! A send bound to a kind (`@fixnum`) is what the intrinsics and inlining
//! passes work on. A megamorphic site stays a plain send, and a send the
//! profile never saw run is marked uncommon itself (the deoptimise pass
//! makes it a `deopt`), as is one about to call a split of its callee that
//! the interpreter has not made and profiled yet (`split_pending`).

use crate::ir::*;
use crate::passes::exceptions;
use crate::runtime::Runtime;

pub fn run(graph: &mut Graph, rt: &dyn Runtime) -> bool {
    let sends: Vec<NodeId> = graph
        .live()
        .filter(|&n| matches!(graph.op(n), Op::Send(info) if info.receiver_kind.is_none()))
        .filter(|&n| !graph.control(n).is_empty() && !graph.is_uncommon(n))
        .collect();
    let mut changed = false;
    for send in sends {
        let Op::Send(info) = graph.op(send).clone() else {
            unreachable!()
        };
        let failed = crate::passes::speculation_failed(graph, rt, send);
        let profile = rt.send_profile(info.method, info.site);
        if profile.receiver.is_empty() || profile.split_pending {
            if !failed {
                graph.mark_uncommon(send);
                changed = true;
            }
            continue;
        }
        if profile.megamorphic || profile.receiver.is_megamorphic() {
            continue;
        }
        let kinds: Vec<_> = profile.receiver.kinds().collect();
        if kinds.iter().any(|&kind| {
            rt.lookup(info.method, kind, info.name, info.flags)
                .is_none()
        }) {
            // `method_missing` or a NoMethodError: the full send knows how.
            continue;
        }
        dispatch(graph, rt, send, &info, &kinds, !failed);
        changed = true;
    }
    changed
}

/// Replaces `send` with a test per kind, each bound to that kind's method,
/// and the full send for other kinds (uncommon when `speculate`). Each
/// copy gets the send's landing pad, if it has one.
fn dispatch(
    graph: &mut Graph,
    rt: &dyn Runtime,
    send: NodeId,
    info: &SendInfo,
    kinds: &[bytecode::profile::Kind],
    speculate: bool,
) {
    let inputs: Vec<NodeId> = graph.inputs(send).to_vec();
    let receiver = inputs[0];
    let state = graph.state(send);
    let mut control = graph.control(send)[0];
    let merge = graph.add(Op::Merge, &[], &[], None);
    let phi = graph.add(Op::Phi, &[merge], &[], None);
    for &kind in kinds {
        let test = graph.add(Op::IsKind(kind), &[], &[receiver], None);
        let branch = graph.add(Op::Branch, &[control], &[test], state);
        let if_true = graph.add(Op::IfTrue, &[branch], &[], None);
        let if_false = graph.add(Op::IfFalse, &[branch], &[], None);
        let bound = SendInfo {
            receiver_kind: Some(kind),
            ..info.clone()
        };
        let call = graph.add(Op::Send(Box::new(bound)), &[if_true], &inputs, state);
        graph.push_control(merge, call);
        graph.push_input(phi, call);
        control = if_false;
    }
    if speculate {
        graph.mark_uncommon(control);
    }
    let fallback = graph.add(Op::Send(Box::new(info.clone())), &[control], &inputs, state);
    graph.push_control(merge, fallback);
    graph.push_input(phi, fallback);
    let copies = graph.control(merge).to_vec();
    let landing = exceptions::landing_of(graph, send);
    graph.replace_control_uses(send, merge);
    if let Some(landing) = landing {
        exceptions::hand_down(graph, rt, landing, &copies);
        exceptions::forget(graph, send);
    }
    graph.replace_uses(send, phi);
    graph.kill(send);
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::TestRuntime;

    /// The root's `inline_caching_binds_a_monomorphic_send` before
    /// inline_caching: the send saw Squares only; it is tested against
    /// Square and bound to it, and the fallback is uncommon.
    #[test]
    fn a_monomorphic_send_is_bound() {
        let rt = TestRuntime::new();
        rt.profile("area_of", 5, &["Square"], &[]);
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = self
            v3 = state area_of@5 self=v2 args=[v1] locals=[] stack=[v1]
            v4 = send area(0) v1 state=v3 ctrl=v0
            v5 = return v4 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(Square) v1
        v3 = self
        v4 = state area_of@5 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = branch v2 state=v4 ctrl=v0
        v6 = if_false ctrl=v5 (uncommon)
        v7 = send area(0) v1 state=v4 ctrl=v6
        v8 = if_true ctrl=v5
        v9 = send area(0) @Square v1 state=v4 ctrl=v8
        v10 = merge ctrl=[v9, v7]
        v11 = phi v9, v7 ctrl=v10
        v12 = return v11 ctrl=v10
        v13 = finish ctrl=[v12]
        ");
    }

    /// A `+` that saw fixnums and flonums: a test and a bound send for
    /// each, in the profile's order, then the uncommon fallback.
    #[test]
    fn a_polymorphic_send_tests_each_kind() {
        let rt = TestRuntime::new();
        rt.profile("add", 8, &["fixnum", "flonum"], &[&["fixnum"]]);
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state add@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = send +(1) v1, v2 state=v4 ctrl=v0
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 1
        v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
        v6 = branch v2 state=v5 ctrl=v0
        v7 = if_false ctrl=v6
        v8 = is_kind(flonum) v1
        v9 = branch v8 state=v5 ctrl=v7
        v10 = if_false ctrl=v9 (uncommon)
        v11 = send +(1) v1, v4 state=v5 ctrl=v10
        v12 = if_true ctrl=v9
        v13 = send +(1) @flonum v1, v4 state=v5 ctrl=v12
        v14 = if_true ctrl=v6
        v15 = send +(1) @fixnum v1, v4 state=v5 ctrl=v14
        v16 = merge ctrl=[v15, v13, v11]
        v17 = phi v15, v13, v11 ctrl=v16
        v18 = return v17 ctrl=v16
        v19 = finish ctrl=[v18]
        ");
    }

    /// A send with no profile never ran: it is marked uncommon (the
    /// deoptimise pass makes it a `deopt`).
    #[test]
    fn a_send_that_never_ran_is_uncommon() {
        let rt = TestRuntime::new();
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state add@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = send +(1) v1, v2 state=v4 ctrl=v0
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = arg 1
        v3 = self
        v4 = state add@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
        v5 = send +(1) v1, v2 state=v4 ctrl=v0 (uncommon)
        v6 = return v5 ctrl=v5
        v7 = finish ctrl=[v6]
        ");
    }
}
