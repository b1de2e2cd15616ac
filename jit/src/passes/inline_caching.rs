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
//! A send bound to a kind (`@fixnum`) is what the intrinsics and inlining
//! passes work on. A megamorphic site stays a plain send, and a send the
//! profile never saw run is marked uncommon itself (the deoptimise pass
//! makes it a `deopt`).

use crate::ir::*;
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
        if crate::passes::speculation_failed(graph, rt, send) {
            continue;
        }
        let profile = rt.send_profile(info.method, info.site);
        if profile.receiver.is_empty() {
            graph.mark_uncommon(send);
            changed = true;
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
        dispatch(graph, send, &info, &kinds);
        changed = true;
    }
    changed
}

/// Replaces `send` with a test per kind, each bound to that kind's method.
fn dispatch(graph: &mut Graph, send: NodeId, info: &SendInfo, kinds: &[bytecode::profile::Kind]) {
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
    graph.mark_uncommon(control);
    let fallback = graph.add(Op::Send(Box::new(info.clone())), &[control], &inputs, state);
    graph.push_control(merge, fallback);
    graph.push_input(phi, fallback);
    graph.replace_control_uses(send, merge);
    graph.replace_uses(send, phi);
    graph.kill(send);
}
