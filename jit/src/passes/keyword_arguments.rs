//! Keyword arguments laid out at compile time.
//!
//! A call with literal keywords passes their values as plain operands after
//! the positional ones, their names on the site
//! (`call_flags::KEYWORD_OPERANDS`); the runtime puts each value in the
//! callee's slot for it, in the order the callee declares its keywords,
//! with `UNDEF` for one not given (which the callee's `has_arg` tests to
//! run the default). Once inline caching has bound the call to one Ruby
//! method, that layout is known while compiling: the send's inputs become
//! the callee's parameter slots, and it is marked `laid_out`.
//!
//! ```text
//! def box(width:, height:, depth: 1)
//! box(height: 3, width: w)
//!
//! v5 = send box(2 height: width:) @Object v1, v3, v2
//!   ---->   v4 = const undef
//!           v6 = send box(2 height: width:) @Object laid_out v1, v2, v3, v4
//! ```
//!
//! A laid-out send is inlined like a positional one (its `has_arg`s fold:
//! `UNDEF` inputs were not given), or called directly with the slots in its
//! activation record; no Hash is made and nothing is looked up by name.
//! Only calls the runtime can make that way are laid out (no `*rest`, post
//! or `**rest` parameter, every required keyword given, none unknown, no
//! block but a forwarded one): the others stay sends, and the runtime
//! raises MRI's errors.

use crate::ir::*;
use crate::runtime::{Callee, Runtime};
use bytecode::{call_flags, Method, Sym};

pub fn run(graph: &mut Graph, rt: &dyn Runtime) -> bool {
    let sends: Vec<NodeId> = graph
        .live()
        .filter(|&n| {
            matches!(graph.op(n), Op::Send(info)
            if info.flags & call_flags::KEYWORD_OPERANDS != 0
                && !info.laid_out
                && info.receiver_kind.is_some()
                && info.block.is_none()
                && info.flags & call_flags::BLOCK_ARG == 0)
        })
        .collect();
    let mut changed = false;
    for send in sends {
        let Op::Send(info) = graph.op(send).clone() else {
            unreachable!("only sends were collected")
        };
        let kind = info.receiver_kind.expect("a bound send");
        let Some(Callee::Bytecode(method)) = rt.lookup(info.method, kind, info.name, info.flags)
        else {
            continue;
        };
        let positional = info.argc - info.keywords.len() as u32;
        let Some(slots) = layout(&rt.code(method), positional, &info.keywords) else {
            continue;
        };
        let direct = rt.direct_call(
            info.method,
            info.site,
            kind,
            info.name,
            slots.len() as u32,
            info.flags,
        );
        if direct.is_none() {
            continue;
        }
        let operands: Vec<NodeId> = graph.inputs(send).to_vec();
        let undef = graph.constant(Const::Value(bytecode::abi::UNDEF));
        for index in (1..operands.len()).rev() {
            graph.remove_input(send, index);
        }
        for slot in slots {
            let value = slot.map_or(undef, |operand| operands[1 + operand as usize]);
            graph.push_input(send, value);
        }
        let laid_out = SendInfo {
            laid_out: true,
            ..*info
        };
        graph.set_op(send, Op::Send(Box::new(laid_out)));
        changed = true;
    }
    changed
}

/// Where each parameter slot of `code` gets its value for a call passing
/// `positional` positional operands, then the values of the literal
/// keywords `names`: the operand's index (after the receiver), or None for
/// `UNDEF` (not given). None when the runtime could not call `code` with
/// the slots as they are ([`Method::takes_laid_out`]), or would raise: too
/// few or too many positional arguments, a required keyword missing, a
/// keyword it does not take.
pub fn layout(code: &Method, positional: u32, names: &[Sym]) -> Option<Vec<Option<u32>>> {
    let slots = code.required + code.optional + code.keywords.len() as u32;
    if !code.takes_laid_out(slots)
        || !(code.required..=code.required + code.optional).contains(&positional)
        || names
            .iter()
            .any(|name| !code.keywords.iter().any(|(keyword, _)| keyword == name))
    {
        return None;
    }
    let mut layout: Vec<Option<u32>> = (0..positional).map(Some).collect();
    layout.extend((positional..code.required + code.optional).map(|_| None));
    for &(keyword, required) in &code.keywords {
        let given = names.iter().position(|&name| name == keyword);
        if required && given.is_none() {
            return None;
        }
        layout.push(given.map(|at| positional + at as u32));
    }
    Some(layout)
}

#[cfg(test)]
mod tests {
    use crate::runtime::Callee;
    use crate::test_runtime::TestRuntime;

    /// `box(height: 3, width: w)` of `def box(width:, height:, depth: 1)`:
    /// the values in the callee's order, `UNDEF` for `depth`.
    #[test]
    fn keywords_go_to_the_callee_slots() {
        let rt = TestRuntime::new();
        let callee = rt.method("box");
        rt.parameters(
            "box",
            0,
            0,
            &[("width", true), ("height", true), ("depth", false)],
        )
        .callee("Object", "box", Callee::Bytecode(callee))
        .plain_class("#<Class:Object>", "Object");
        let after = rt.run(
            r"
            v0 = start
            v1 = self
            v2 = const 3
            v3 = arg 0
            v4 = state main@5 self=v1 args=[v3] locals=[] stack=[v1, v2, v3]
            v5 = send box(2 height: width:) @Object v1, v2, v3 state=v4 ctrl=v0
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = arg 0
        v3 = const 3
        v4 = const undef
        v5 = state main@5 self=v1 args=[v2] locals=[] stack=[v1, v3, v2]
        v6 = send box(2 height: width:) @Object laid_out v1, v2, v3, v4 state=v5 ctrl=v0
        v7 = return v6 ctrl=v6
        v8 = finish ctrl=[v7]
        ");
    }

    /// A keyword the callee does not take, or a required one missing: the
    /// send stays as it is (the runtime raises MRI's ArgumentError).
    #[test]
    fn unknown_or_missing_keywords_stay_sends() {
        let rt = TestRuntime::new();
        let callee = rt.method("box");
        rt.parameters("box", 0, 0, &[("width", true), ("height", true)])
            .callee("Object", "box", Callee::Bytecode(callee))
            .plain_class("#<Class:Object>", "Object");
        let graph = r"
            v0 = start
            v1 = self
            v2 = const 3
            v3 = state main@5 self=v1 args=[] locals=[] stack=[v1, v2, v2]
            v4 = send box(2 width: colour:) @Object v1, v2, v2 state=v3 ctrl=v0
            v5 = send box(1 width:) @Object v1, v2 state=v3 ctrl=v4
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ";
        let mut changed = false;
        rt.run(graph, |graph| {
            changed = super::run(graph, &rt);
            changed
        });
        assert!(!changed, "a send the runtime must make was laid out");
    }
}
