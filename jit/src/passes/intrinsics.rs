//! Intrinsics: core operations built as IR instead of called.
//!
//! A send bound to a kind (by inline caching) whose method is a core
//! operation the runtime vouches for (`Callee::Intrinsic`, answered only
//! while nobody has redefined it) becomes the operation itself; so do
//! attribute methods and instance-variable instructions whose site saw one
//! shape. The arguments' kinds come from the send's profile and are
//! guarded.
//!
//! ```text
//!                                        v6 = guard(kind fixnum) is_kind(fixnum) v2
//! v5 = send +(1) @fixnum v1, v2  ---->   v7 = untag_fixnum v1 ctrl=v6
//!                                        v8 = untag_fixnum v2 ctrl=v7
//!                                        v9 = fixnum_add v7, v8 ctrl=v8  (deopts on overflow)
//!                                        v10 = tag_fixnum v9 ctrl=v9
//! ```
//!
//! The new nodes take the send's place in the control flow, in order; the
//! re-float pass frees the pure ones. Reading `@x` of an object whose
//! shape the profile saw is a shape check and a slot load; writing it is a
//! shape check and a store (with the shape transition when the write adds
//! the variable). A site that saw a few shapes tests each in turn, one that
//! saw too many (or whose shape guard failed before, for shapes beyond
//! those it knows) reads and writes the variable by name.

use crate::ir::*;
use crate::passes::exceptions;
use crate::runtime::{Callee, Intrinsic, Runtime};
use bytecode::profile::{Kind, KindSet};
use bytecode::{call_flags, Insn};

mod ivars;
use ivars::{ivar_get, ivar_set, IvarAccess};
mod numbers;
use numbers::{float, float_negate, float_tested, float_to_i, math_function, math_sqrt};

pub fn run(graph: &mut Graph, rt: &dyn Runtime) -> bool {
    let candidates: Vec<NodeId> = graph
        .live()
        .filter(|&n| !graph.control(n).is_empty())
        // A fallback left on an uncommon path (by `shape_dispatch`) is
        // pruned, not expanded again.
        .filter(|&n| !graph.is_uncommon(graph.control(n)[0]))
        .filter(|&n| match graph.op(n) {
            Op::Send(info) => info.receiver_kind.is_some(),
            Op::Insn { insn, .. } => matches!(
                insn,
                Insn::GetIvar(_) | Insn::SetIvar(_) | Insn::NewArrayExtremum { .. }
            ),
            _ => false,
        })
        .collect();
    let mut changed = false;
    for node in candidates {
        // A site whose guard failed keeps the kinds and shapes it knows
        // and no longer deoptimises for others: an instance-variable
        // access falls back to the variable by name; anything else stays
        // what it was.
        let failed = crate::passes::speculation_failed(graph, rt, node);
        let landing = exceptions::landing_of(graph, node);
        let first = graph.capacity() as u32;
        let expanded = match graph.op(node).clone() {
            Op::Send(info) => send(graph, rt, node, &info, failed),
            Op::Insn {
                insn: Insn::GetIvar(site),
                method,
                ..
            } => {
                let name = rt.code(method).ivars[site as usize];
                let profile = rt.ivar_profile(method, site);
                let access = IvarAccess::new(self_of(graph, node), name, profile, failed);
                ivar_get(graph, node, &access)
            }
            Op::Insn {
                insn: Insn::SetIvar(site),
                method,
                ..
            } => {
                let name = rt.code(method).ivars[site as usize];
                let profile = rt.ivar_profile(method, site);
                let access = IvarAccess::new(self_of(graph, node), name, profile, failed);
                let value = graph.input(node, 0);
                ivar_set(graph, node, &access, value)
            }
            Op::Insn {
                insn: Insn::NewArrayExtremum { max, .. },
                ..
            } if !failed && rt.array_extremum_is_core(max) => fixnum_extremum(graph, node, max),
            _ => false,
        };
        if let (true, Some(landing)) = (expanded, landing) {
            // The expansion's calls (a constructor's `initialize`, a
            // fallback send) raise into the node's clause.
            exceptions::forget(graph, node);
            let added: Vec<NodeId> = (first..graph.capacity() as u32).map(NodeId).collect();
            exceptions::hand_down(graph, rt, landing, &added);
        }
        changed |= expanded;
    }
    changed
}

/// `Foo.new(args)`, Foo a constant class whose instances are plain
/// objects: the allocation, then `initialize` bound to Foo's instances and
/// called directly (a native call when it is compiled); the object is the
/// result. The call is marked a constructor: a deoptimisation after it
/// resumes after the `new` with the object pushed.
///
/// ```text
///                                              v7 = new_object v3
/// v5 = send new(2) @#<Class:Foo> v3, v1, v2 -> v8 = send initialize(2) @Foo constructor v7, v1, v2
///                                              (uses of v5 use v7)
/// ```
///
/// A Struct class's `initialize` (`Struct#initialize`, positional) becomes
/// the stores it makes: each member in order, nil for those not passed,
/// each moving the new object to its next shape.
///
/// ```text
/// Pair = Struct.new(:left, :right)             v7 = new_object v3
/// v5 = send new(1) @#<Class:Pair> v3, v1  ->   v8 = store_ivar(0 -> S4) v7, v1
///                                              v9 = store_ivar(1 -> S5) v7, nil
/// ```
fn class_new(
    graph: &mut Graph,
    rt: &dyn Runtime,
    node: NodeId,
    info: &SendInfo,
    inputs: &[NodeId],
) -> bool {
    // A constant class, or `self` of a class method (`new(...)` there):
    // the one value of its guarded kind.
    let class = match graph.as_const(inputs[0]) {
        Some(Const::Value(class)) => class,
        _ => match info.receiver_kind.and_then(|kind| rt.sole_value(kind)) {
            Some(class) => class,
            None => return false,
        },
    };
    let Some((kind, initialize)) = rt.plain_construction(class) else {
        return false;
    };
    if !info.keywords.is_empty() {
        return keyword_construction(graph, rt, node, info, inputs, (kind, initialize));
    }
    if let Some(Callee::StructInitialize { members }) =
        rt.lookup(info.method, kind, initialize, call_flags::FCALL)
    {
        if info.argc as usize > members.len() {
            // "struct size differs": the call raises it.
            return false;
        }
        let mut e = Expansion::new(graph, node);
        let object = e.add(graph, Op::NewObject, &[inputs[0]]);
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        for (i, member) in members.iter().enumerate() {
            let value = inputs.get(i + 1).copied().unwrap_or(nil);
            let store = Op::StoreIvar {
                slot: member.slot,
                to: Some(member.next),
            };
            e.add(graph, store, &[object, value]);
        }
        return e.finish(graph, Some(object));
    }
    // An `initialize` with optional parameters not given gets `UNDEF` for
    // each, as the interpreter lays its arguments out.
    let missing = match rt.lookup(info.method, kind, initialize, call_flags::FCALL) {
        Some(Callee::Bytecode(method)) => {
            let code = rt.code(method);
            if !code.takes_positionally(info.argc) {
                return false;
            }
            (code.required + code.optional).saturating_sub(info.argc)
        }
        _ => 0,
    };
    if rt
        .direct_call(
            info.method,
            info.site,
            kind,
            initialize,
            info.argc + missing,
            call_flags::FCALL,
        )
        .is_none()
    {
        return false;
    }
    let mut e = Expansion::new(graph, node);
    let object = e.add(graph, Op::NewObject, &[inputs[0]]);
    let mut call_inputs = inputs.to_vec();
    let undef = graph.constant(Const::Value(bytecode::abi::UNDEF));
    call_inputs.extend(std::iter::repeat_n(undef, missing as usize));
    call_inputs[0] = object;
    let call = SendInfo {
        name: initialize,
        argc: info.argc,
        flags: call_flags::FCALL,
        receiver_kind: Some(kind),
        constructor: true,
        ..info.clone()
    };
    e.add(graph, Op::Send(Box::new(call)), &call_inputs);
    e.finish(graph, Some(object))
}

/// [`class_new`] for `Foo.new(k: v, ...)`, whose `initialize` (bound to
/// the instances' `kind`) is a Ruby method taking those keywords: its call
/// gets them in its slots (see `keyword_arguments`).
fn keyword_construction(
    graph: &mut Graph,
    rt: &dyn Runtime,
    node: NodeId,
    info: &SendInfo,
    inputs: &[NodeId],
    (kind, initialize): (Kind, bytecode::Sym),
) -> bool {
    let flags = call_flags::FCALL | call_flags::KEYWORD_OPERANDS;
    let Some(Callee::Bytecode(method)) = rt.lookup(info.method, kind, initialize, flags) else {
        return false;
    };
    let positional = info.argc - info.keywords.len() as u32;
    let code = rt.code(method);
    let Some(slots) = crate::passes::keyword_arguments::layout(&code, positional, &info.keywords)
    else {
        return false;
    };
    let count = slots.len() as u32;
    if rt
        .direct_call(info.method, info.site, kind, initialize, count, flags)
        .is_none()
    {
        return false;
    }
    let mut e = Expansion::new(graph, node);
    let object = e.add(graph, Op::NewObject, &[inputs[0]]);
    let undef = graph.constant(Const::Value(bytecode::abi::UNDEF));
    let mut call_inputs = vec![object];
    call_inputs.extend(
        slots
            .iter()
            .map(|slot| slot.map_or(undef, |at| inputs[1 + at as usize])),
    );
    let call = SendInfo {
        name: initialize,
        flags,
        receiver_kind: Some(kind),
        constructor: true,
        laid_out: true,
        ..info.clone()
    };
    e.add(graph, Op::Send(Box::new(call)), &call_inputs);
    e.finish(graph, Some(object))
}

/// The receiver of the frame an instruction runs in (from its state).
fn self_of(graph: &Graph, node: NodeId) -> NodeId {
    let state = graph.state(node).expect("an insn has a state");
    let Op::FrameState(info) = graph.op(state) else {
        unreachable!("states are frame states")
    };
    graph.input(state, info.receiver_index())
}

/// Builds an expansion in place of a fixed node: each new node follows the
/// previous one on the control flow.
struct Expansion {
    control: NodeId,
    state: Option<NodeId>,
    node: NodeId,
}

impl Expansion {
    fn new(graph: &Graph, node: NodeId) -> Expansion {
        Expansion {
            control: graph.control(node)[0],
            state: graph.state(node),
            node,
        }
    }

    fn add(&mut self, graph: &mut Graph, op: Op, inputs: &[NodeId]) -> NodeId {
        let state = if op.needs_state() { self.state } else { None };
        let node = graph.add(op, &[self.control], inputs, state);
        self.control = node;
        node
    }

    fn guard(&mut self, graph: &mut Graph, reason: GuardReason, cond: NodeId) {
        self.add(graph, Op::Guard(reason), &[cond]);
    }

    fn guard_kind(&mut self, graph: &mut Graph, value: NodeId, kind: Kind) {
        let test = graph.add(Op::IsKind(kind), &[], &[value], None);
        self.guard(graph, GuardReason::Kind(kind), test);
    }

    /// The expansion replaces the node; `result` is its value.
    fn finish(self, graph: &mut Graph, result: Option<NodeId>) -> bool {
        exceptions::forget(graph, self.node);
        graph.replace_control_uses(self.node, self.control);
        if let Some(result) = result {
            graph.replace_uses(self.node, result);
        }
        graph.clear_control(self.node);
        graph.kill(self.node);
        true
    }
}

/// Whether the expansion of `callee` at a send bound to `kind` guards
/// nothing about the send's arguments. Where a guard failed before, only
/// such a callee is expanded: an argument's guard could be the one that
/// failed (the receiver's kind is tested, not guarded, once the site
/// failed: see inline caching), and an instance variable falls back to
/// its access by name.
fn guards_no_argument(rt: &dyn Runtime, info: &SendInfo, kind: Kind, callee: &Callee) -> bool {
    match callee {
        Callee::AttrReader { .. } | Callee::AttrWriter { .. } => true,
        Callee::Intrinsic(intrinsic) => match intrinsic {
            Intrinsic::Not
            | Intrinsic::IsNil
            | Intrinsic::Identical
            | Intrinsic::SymbolCaseEq
            | Intrinsic::BlockGiven
            | Intrinsic::ArraySize
            | Intrinsic::ArrayEmpty
            | Intrinsic::StringLength
            | Intrinsic::RespondTo
            // (Its class is a constant, and its `initialize` a call.)
            | Intrinsic::ClassNew => true,
            Intrinsic::NotEqual(equal) => matches!(
                rt.lookup(info.method, kind, *equal, info.flags),
                Some(Callee::Intrinsic(Intrinsic::Identical))
            ),
            _ => false,
        },
        _ => false,
    }
}

/// A String's or Array's length (`op` reads it) as an Integer.
fn length(graph: &mut Graph, node: NodeId, op: Op, value: NodeId) -> bool {
    let mut e = Expansion::new(graph, node);
    let length = e.add(graph, op, &[value]);
    let tagged = e.add(graph, Op::TagFixnum, &[length]);
    e.finish(graph, Some(tagged))
}

/// Whether `callee` at a send whose guard failed is built with its
/// argument's kind tested, not guarded (see [`kind_dispatch`]): Float
/// arithmetic and comparisons, and fixnum comparisons (none of which
/// deoptimises).
fn tests_arguments(callee: &Callee, info: &SendInfo) -> bool {
    info.argc == 1
        && matches!(
            callee,
            Callee::Intrinsic(Intrinsic::FloatArith(_) | Intrinsic::FixnumArith(_))
        )
}

fn send(graph: &mut Graph, rt: &dyn Runtime, node: NodeId, info: &SendInfo, failed: bool) -> bool {
    let kind = info.receiver_kind.expect("bound sends only");
    let plain = info.flags & call_flags::NOT_PLAIN == 0 && info.block.is_none();
    let keywords_only =
        info.flags & call_flags::NOT_PLAIN == call_flags::KEYWORD_OPERANDS && info.block.is_none();
    if !plain && !keywords_only {
        return false;
    }
    let Some(callee) = rt.lookup(info.method, kind, info.name, info.flags) else {
        return false;
    };
    if !plain {
        // `Foo.new(k: 1)`: `initialize` gets the keywords in its slots.
        return matches!(callee, Callee::Intrinsic(Intrinsic::ClassNew))
            && class_new(
                graph,
                rt,
                node,
                info,
                graph.inputs(node).to_vec().as_slice(),
            );
    }
    if failed && !guards_no_argument(rt, info, kind, &callee) && !tests_arguments(&callee, info) {
        return false;
    }
    let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
    let profile = rt.send_profile(info.method, info.site);
    let arg_kinds = |i: usize| profile.args.get(i).copied().unwrap_or_default();
    match (callee, info.argc) {
        // Integer's methods are intrinsics only on fixnums (a Bignum
        // receiver calls them).
        (Callee::Intrinsic(Intrinsic::FixnumArith(name)), 1) if kind == Kind::Fixnum => {
            match failed {
                true => fixnum_compare_tested(graph, node, info, &rt.symbol_name(name)),
                false => fixnum(graph, node, &inputs, arg_kinds(0), &rt.symbol_name(name)),
            }
        }
        (Callee::Intrinsic(Intrinsic::FixnumArith(name)), 0) if kind == Kind::Fixnum => {
            fixnum_unary(graph, node, inputs[0], &rt.symbol_name(name))
        }
        (Callee::Intrinsic(Intrinsic::ClassNew), _) => class_new(graph, rt, node, info, &inputs),
        (Callee::Intrinsic(Intrinsic::ArrayPush), 1) => {
            let mut e = Expansion::new(graph, node);
            e.add(graph, Op::ArrayPush, &[inputs[0], inputs[1]]);
            e.finish(graph, Some(inputs[0]))
        }
        // A String's character at an Integer index (an Integer-like index
        // calls `to_int`: the runtime's `[]`).
        (Callee::Intrinsic(Intrinsic::StringIndex), 1) if arg_kinds(0) == fixnums() => {
            let mut e = Expansion::new(graph, node);
            e.guard_kind(graph, inputs[1], Kind::Fixnum);
            let i = e.add(graph, Op::UntagFixnum, &[inputs[1]]);
            let character = e.add(graph, Op::StringCharAt, &[inputs[0], i]);
            e.finish(graph, Some(character))
        }
        (Callee::Intrinsic(Intrinsic::StringLength), 0) => {
            length(graph, node, Op::StringLength, inputs[0])
        }
        // `x.is_a?(Foo)`, Foo a constant class or module.
        (Callee::Intrinsic(Intrinsic::KindOf), 1) if matches!(graph.as_const(inputs[1]), Some(Const::Value(bits)) if rt.is_module(bits)) =>
        {
            let mut e = Expansion::new(graph, node);
            let test = e.add(graph, Op::IsKindOf, &[inputs[0], inputs[1]]);
            let value = e.add(graph, Op::BoolToValue, &[test]);
            e.finish(graph, Some(value))
        }
        (Callee::Intrinsic(Intrinsic::ArrayEmpty), 0) => array_empty(graph, node, inputs[0]),
        // Both Strings (the argument guarded like the receiver): their bytes
        // in order.
        (Callee::Intrinsic(Intrinsic::StringCompare(cmp)), 1)
            if arg_kinds(0).kinds().any(|k| k == kind) =>
        {
            let mut e = Expansion::new(graph, node);
            e.guard_kind(graph, inputs[1], kind);
            let order = e.add(graph, Op::StringCompare, &[inputs[0], inputs[1]]);
            let zero = graph.constant(Const::Int(0));
            let holds = e.add(graph, Op::IntCmp(cmp), &[order, zero]);
            let value = e.add(graph, Op::BoolToValue, &[holds]);
            e.finish(graph, Some(value))
        }
        (Callee::Intrinsic(Intrinsic::FloatArith(name)), 0)
            if matches!(kind, Kind::Flonum | Kind::HeapFloat) && rt.symbol_name(name) == "-@" =>
        {
            float_negate(graph, node, inputs[0])
        }
        (Callee::Intrinsic(Intrinsic::FloatToI), 0)
            if matches!(kind, Kind::Flonum | Kind::HeapFloat) =>
        {
            float_to_i(graph, node, inputs[0])
        }
        (Callee::Intrinsic(Intrinsic::MathSqrt), 1) => {
            math_sqrt(graph, node, inputs[1], arg_kinds(0))
        }
        (Callee::Intrinsic(Intrinsic::Math(function)), 1) => {
            math_function(graph, node, inputs[1], arg_kinds(0), function)
        }
        (Callee::Intrinsic(Intrinsic::FloatArith(name)), 1)
            if matches!(kind, Kind::Flonum | Kind::HeapFloat) =>
        {
            let name = rt.symbol_name(name);
            match failed {
                true => float_tested(graph, node, info, arg_kinds(0), &name),
                false => float(graph, node, &inputs, (kind, arg_kinds(0)), &name),
            }
        }
        (Callee::Intrinsic(Intrinsic::ArraySize), 0) => {
            length(graph, node, Op::ArrayLength, inputs[0])
        }
        // Indexes that kept falling outside the Array: no bounds guards, and
        // nil outside it.
        (Callee::Intrinsic(Intrinsic::ArrayIndex), 1)
            if arg_kinds(0) == fixnums() && bounds_failed(graph, rt, node) =>
        {
            let mut e = Expansion::new(graph, node);
            e.guard_kind(graph, inputs[1], Kind::Fixnum);
            let i = e.add(graph, Op::UntagFixnum, &[inputs[1]]);
            let element = e.add(graph, Op::ArrayGet, &[inputs[0], i]);
            e.finish(graph, Some(element))
        }
        (Callee::Intrinsic(Intrinsic::ArrayIndex), 1) if arg_kinds(0) == fixnums() => {
            let mut e = Expansion::new(graph, node);
            let index = array_index(graph, &mut e, inputs[0], inputs[1]);
            let element = e.add(graph, Op::ArrayLoad, &[inputs[0], index]);
            e.finish(graph, Some(element))
        }
        (Callee::Intrinsic(Intrinsic::ArraySet), 2)
            if arg_kinds(0) == fixnums() && !bounds_failed(graph, rt, node) =>
        {
            let mut e = Expansion::new(graph, node);
            let index = array_index(graph, &mut e, inputs[0], inputs[1]);
            e.add(graph, Op::ArrayStore, &[inputs[0], index, inputs[2]]);
            e.finish(graph, Some(inputs[2]))
        }
        (Callee::Intrinsic(Intrinsic::BlockGiven), 0) => block_given(graph, node),
        (Callee::Intrinsic(Intrinsic::StringEq), 1) => {
            let mut e = Expansion::new(graph, node);
            let equal = e.add(graph, Op::StringEq, &[inputs[0], inputs[1]]);
            let value = e.add(graph, Op::BoolToValue, &[equal]);
            e.finish(graph, Some(value))
        }
        (Callee::Intrinsic(Intrinsic::Identical), 1) => {
            let mut e = Expansion::new(graph, node);
            let same = e.add(graph, Op::SameValue, &[inputs[0], inputs[1]]);
            let value = e.add(graph, Op::BoolToValue, &[same]);
            e.finish(graph, Some(value))
        }
        (Callee::Intrinsic(Intrinsic::IsNil), 0) => {
            let mut e = Expansion::new(graph, node);
            let is_nil = e.add(graph, Op::IsNil, &[inputs[0]]);
            let value = e.add(graph, Op::BoolToValue, &[is_nil]);
            e.finish(graph, Some(value))
        }
        (Callee::Intrinsic(Intrinsic::Not), 0) => {
            let mut e = Expansion::new(graph, node);
            let truthy = e.add(graph, Op::Truthy, &[inputs[0]]);
            let not = e.add(graph, Op::BoolNot, &[truthy]);
            let value = e.add(graph, Op::BoolToValue, &[not]);
            e.finish(graph, Some(value))
        }
        (Callee::Intrinsic(Intrinsic::NotEqual(equal)), 1) => {
            let Some(Callee::Intrinsic(intrinsic)) =
                rt.lookup(info.method, kind, equal, info.flags)
            else {
                return false;
            };
            not_equal(graph, node, &inputs, kind, intrinsic, arg_kinds(0))
        }
        // `@items == nil`: false, the argument guarded.
        (Callee::Intrinsic(Intrinsic::ConvertingEq(conversion)), 1) => {
            let arg = arg_kinds(0);
            let mut others = arg.kinds();
            let (Some(other), None) = (others.next(), others.next()) else {
                return false;
            };
            let converts = || {
                rt.lookup(info.method, other, conversion, call_flags::FCALL)
                    .is_some()
            };
            other != kind && !converts() && unequal_kind(graph, node, inputs[1], other)
        }
        (
            Callee::Intrinsic(
                part @ (Intrinsic::RangeBegin | Intrinsic::RangeEnd | Intrinsic::RangeExcludeEnd),
            ),
            0,
        ) => range_part(graph, rt, node, inputs[0], (part, failed)),
        (Callee::Intrinsic(Intrinsic::RespondTo), 1) => {
            respond_to(graph, rt, node, kind, inputs[1])
        }
        (Callee::AttrReader { ivar, profile }, 0) => {
            let access = IvarAccess::new(inputs[0], ivar, profile, failed);
            ivar_get(graph, node, &access)
        }
        (Callee::AttrWriter { ivar, profile }, 1) => {
            let access = IvarAccess::new(inputs[0], ivar, profile, failed);
            ivar_set(graph, node, &access, inputs[1])
        }
        _ => false,
    }
}

/// `[a, b].max` (`arraymax`, `Array#max` the core method) or `.min`, on
/// fixnums: each element guarded (a deoptimisation resumes at the
/// instruction, the elements on the stack, and the recompiled code calls
/// the runtime) and the largest picked, with no Array made. Tagged
/// fixnums order as their integers.
///
/// ```text
///                                      v6 = guard(kind fixnum) is_kind(fixnum) v1
/// v5 = insn arraymax 2 v1, v2  ---->   v8 = guard(kind fixnum) is_kind(fixnum) v2
///                                      v9 = int_max v1, v2
/// ```
fn fixnum_extremum(graph: &mut Graph, node: NodeId, max: bool) -> bool {
    let values: Vec<NodeId> = graph.inputs(node).to_vec();
    if values.is_empty() {
        return false;
    }
    let mut e = Expansion::new(graph, node);
    for &value in &values {
        e.guard_kind(graph, value, Kind::Fixnum);
    }
    let op = if max { IntOp::Max } else { IntOp::Min };
    let mut best = e.add(graph, Op::UntagFixnum, &[values[0]]);
    for &value in &values[1..] {
        let other = e.add(graph, Op::UntagFixnum, &[value]);
        best = e.add(graph, Op::Int(op), &[best, other]);
    }
    let tagged = e.add(graph, Op::TagFixnum, &[best]);
    e.finish(graph, Some(tagged))
}

/// Whether the bounds guards of the send `node` failed too often.
fn bounds_failed(graph: &Graph, rt: &dyn Runtime, node: NodeId) -> bool {
    match graph.state(node).map(|state| graph.op(state)) {
        Some(Op::FrameState(info)) => rt.bounds_failed(info.method, info.ip),
        _ => false,
    }
}

fn fixnums() -> KindSet {
    KindSet::default().with(Kind::Fixnum)
}

/// Guards an index (a fixnum inside the Array); returns it untagged.
fn array_index(graph: &mut Graph, e: &mut Expansion, array: NodeId, index: NodeId) -> NodeId {
    e.guard_kind(graph, index, Kind::Fixnum);
    let i = e.add(graph, Op::UntagFixnum, &[index]);
    let length = e.add(graph, Op::ArrayLength, &[array]);
    let zero = graph.constant(Const::Int(0));
    let non_negative = e.add(graph, Op::IntCmp(Cmp::Ge), &[i, zero]);
    e.guard(graph, GuardReason::Bounds, non_negative);
    let inside = e.add(graph, Op::IntCmp(Cmp::Lt), &[i, length]);
    e.guard(graph, GuardReason::Bounds, inside);
    i
}

fn int_op(name: &str) -> Option<Result<IntOp, Cmp>> {
    Some(match name {
        "+" => Ok(IntOp::Add),
        "-" => Ok(IntOp::Sub),
        "*" => Ok(IntOp::Mul),
        "/" => Ok(IntOp::Div),
        "%" => Ok(IntOp::Mod),
        "&" => Ok(IntOp::And),
        "|" => Ok(IntOp::Or),
        "^" => Ok(IntOp::Xor),
        "<<" => Ok(IntOp::Shl),
        ">>" => Ok(IntOp::Shr),
        "<=>" => Ok(IntOp::Order),
        "<" => Err(Cmp::Lt),
        "<=" => Err(Cmp::Le),
        ">" => Err(Cmp::Gt),
        ">=" => Err(Cmp::Ge),
        "==" => Err(Cmp::Eq),
        "!=" => Err(Cmp::Ne),
        _ => return None,
    })
}

/// Integer arithmetic and comparison with a fixnum argument.
fn fixnum(graph: &mut Graph, node: NodeId, inputs: &[NodeId], arg: KindSet, name: &str) -> bool {
    let Some(op) = int_op(name) else {
        return false;
    };
    if !arg.kinds().any(|k| k == Kind::Fixnum) {
        // A Float argument: Float arithmetic on the fixnum converted.
        return float(graph, node, inputs, (Kind::Fixnum, arg), name);
    }
    let mut e = Expansion::new(graph, node);
    e.guard_kind(graph, inputs[1], Kind::Fixnum);
    let a = e.add(graph, Op::UntagFixnum, &[inputs[0]]);
    let b = e.add(graph, Op::UntagFixnum, &[inputs[1]]);
    let result = match op {
        Ok(op) => {
            let r = e.add(graph, Op::Int(op), &[a, b]);
            e.add(graph, Op::TagFixnum, &[r])
        }
        Err(cmp) => {
            let r = e.add(graph, Op::IntCmp(cmp), &[a, b]);
            e.add(graph, Op::BoolToValue, &[r])
        }
    };
    e.finish(graph, Some(result))
}

/// `empty?` of an Array: its length against 0.
fn array_empty(graph: &mut Graph, node: NodeId, array: NodeId) -> bool {
    let mut e = Expansion::new(graph, node);
    let length = e.add(graph, Op::ArrayLength, &[array]);
    let zero = graph.constant(Const::Int(0));
    let empty = e.add(graph, Op::IntCmp(Cmp::Eq), &[length, zero]);
    let value = e.add(graph, Op::BoolToValue, &[empty]);
    e.finish(graph, Some(value))
}

/// `a != b` where `!=` is `BasicObject#!=`, which negates what `a == b`
/// answers: when the receiver's `==` is an intrinsic that compares
/// without calling anything (identity, String bytes, numbers), the
/// comparison negated. `nil != x` and `string != "x"`:
///
/// ```text
/// v5 = send !=(1) @nil v1, v2      ---->   v6 = same_value v1, v2
///                                          v7 = bool_not v6
///                                          v8 = bool_to_value v7
/// ```
///
/// Another `==` (a Ruby method, one that may call `to_str`) keeps the
/// call: a deoptimisation inside it would resume after the `!=`, with
/// what `==` returned, not negated.
fn not_equal(
    graph: &mut Graph,
    node: NodeId,
    inputs: &[NodeId],
    kind: Kind,
    equal: Intrinsic,
    arg: KindSet,
) -> bool {
    let mut e = Expansion::new(graph, node);
    let same = match equal {
        Intrinsic::Identical => e.add(graph, Op::SameValue, &[inputs[0], inputs[1]]),
        Intrinsic::StringEq => e.add(graph, Op::StringEq, &[inputs[0], inputs[1]]),
        // Numbers compare as their `!=` would.
        Intrinsic::FixnumArith(_) if kind == Kind::Fixnum => {
            return fixnum(graph, node, inputs, arg, "!=");
        }
        Intrinsic::FloatArith(_) if matches!(kind, Kind::Flonum | Kind::HeapFloat) => {
            return float(graph, node, inputs, (kind, arg), "!=");
        }
        _ => return false,
    };
    let differ = e.add(graph, Op::BoolNot, &[same]);
    let value = e.add(graph, Op::BoolToValue, &[differ]);
    e.finish(graph, Some(value))
}

/// `begin`, `end` or `exclude_end?` of a Range literal (`(a...b)`): its
/// operand, or its flag. Another Range's is the variable it keeps the part
/// in, read as an `attr_reader` would (`Runtime::range_part_ivar`).
/// (`failed`: a guard of the site failed before.)
fn range_part(
    graph: &mut Graph,
    rt: &dyn Runtime,
    node: NodeId,
    range: NodeId,
    (part, failed): (Intrinsic, bool),
) -> bool {
    let Op::Insn {
        insn: Insn::NewRange { exclusive },
        ..
    } = *graph.op(range)
    else {
        return rt.range_part_ivar(&part).is_some_and(|(name, profile)| {
            let access = IvarAccess::new(range, name, profile, failed);
            ivar_get(graph, node, &access)
        });
    };
    let value = match part {
        Intrinsic::RangeBegin => graph.input(range, 0),
        Intrinsic::RangeEnd => graph.input(range, 1),
        _ => {
            let flag = if exclusive {
                bytecode::abi::TRUE
            } else {
                bytecode::abi::FALSE
            };
            graph.constant(Const::Value(flag))
        }
    };
    Expansion::new(graph, node).finish(graph, Some(value))
}

/// `block_given?` in the graph's own frame (only its block is at hand):
/// whether the block parameter is not nil.
fn block_given(graph: &mut Graph, node: NodeId) -> bool {
    let state = graph.state(node).expect("a send has a state");
    let Op::FrameState(state_info) = graph.op(state) else {
        unreachable!("states are frame states")
    };
    if state_info.frame != graph.frame {
        return false;
    }
    let mut e = Expansion::new(graph, node);
    let block = graph.add(Op::Param(Param::Block), &[], &[], None);
    let missing = e.add(graph, Op::IsNil, &[block]);
    let given = e.add(graph, Op::BoolNot, &[missing]);
    let value = e.add(graph, Op::BoolToValue, &[given]);
    e.finish(graph, Some(value))
}

/// `thing.respond_to?(:quack)`, the receiver's kind guarded: true or
/// false, as its class answers (defining the name later, or a
/// `respond_to_missing?`, invalidates the code).
fn respond_to(graph: &mut Graph, rt: &dyn Runtime, node: NodeId, kind: Kind, name: NodeId) -> bool {
    let Some(Const::Value(name)) = graph.as_const(name) else {
        return false;
    };
    let Some(answer) = rt.responds_to(kind, name) else {
        return false;
    };
    let bits = if answer {
        bytecode::abi::TRUE
    } else {
        bytecode::abi::FALSE
    };
    let value = graph.constant(Const::Value(bits));
    Expansion::new(graph, node).finish(graph, Some(value))
}

/// `array == x` (or a Hash's) where `x` is of another kind `other`, which
/// does not convert: false, `x`'s kind guarded.
fn unequal_kind(graph: &mut Graph, node: NodeId, x: NodeId, other: Kind) -> bool {
    let mut e = Expansion::new(graph, node);
    e.guard_kind(graph, x, other);
    let unequal = graph.constant(Const::Value(bytecode::abi::FALSE));
    e.finish(graph, Some(unequal))
}

/// `~`, `-@`, `abs`, `odd?`, `even?` and `zero?` on a fixnum.
fn fixnum_unary(graph: &mut Graph, node: NodeId, receiver: NodeId, name: &str) -> bool {
    // The low bit (odd?, even?) or the whole integer (zero?) against 0.
    let test = match name {
        "odd?" => Some((true, Cmp::Ne)),
        "even?" => Some((true, Cmp::Eq)),
        "zero?" => Some((false, Cmp::Eq)),
        _ => None,
    };
    if let Some((low_bit, cmp)) = test {
        let mut e = Expansion::new(graph, node);
        let a = e.add(graph, Op::UntagFixnum, &[receiver]);
        let bits = if low_bit {
            let one = graph.constant(Const::Int(1));
            e.add(graph, Op::Int(IntOp::And), &[a, one])
        } else {
            a
        };
        let zero = graph.constant(Const::Int(0));
        let holds = e.add(graph, Op::IntCmp(cmp), &[bits, zero]);
        let value = e.add(graph, Op::BoolToValue, &[holds]);
        return e.finish(graph, Some(value));
    }
    if matches!(name, "abs" | "magnitude") {
        // The larger of `a` and `0 - a` (checked: the least fixnum's
        // negation is a Bignum).
        let mut e = Expansion::new(graph, node);
        let a = e.add(graph, Op::UntagFixnum, &[receiver]);
        let zero = graph.constant(Const::Int(0));
        let negated = e.add(graph, Op::Int(IntOp::Sub), &[zero, a]);
        let r = e.add(graph, Op::Int(IntOp::Max), &[a, negated]);
        let tagged = e.add(graph, Op::TagFixnum, &[r]);
        return e.finish(graph, Some(tagged));
    }
    let (op, constant) = match name {
        "~" => (IntOp::Xor, -1),
        "-@" => (IntOp::Sub, 0),
        _ => return false,
    };
    let mut e = Expansion::new(graph, node);
    let a = e.add(graph, Op::UntagFixnum, &[receiver]);
    let c = graph.constant(Const::Int(constant));
    // `-a` is `0 - a` (checked: the least fixnum's negation is a Bignum).
    let inputs = if op == IntOp::Sub { [c, a] } else { [a, c] };
    let r = e.add(graph, Op::Int(op), &inputs);
    let tagged = e.add(graph, Op::TagFixnum, &[r]);
    e.finish(graph, Some(tagged))
}

/// A fixnum comparison where a guard on its argument's kind failed
/// before: a fixnum argument is tested, anything else takes the send.
fn fixnum_compare_tested(graph: &mut Graph, node: NodeId, info: &SendInfo, name: &str) -> bool {
    let Some(Err(cmp)) = int_op(name) else {
        return false;
    };
    let inputs = graph.inputs(node).to_vec();
    kind_dispatch(graph, node, info, &[Kind::Fixnum], |graph, e, _| {
        let a = e.add(graph, Op::UntagFixnum, &[inputs[0]]);
        let b = e.add(graph, Op::UntagFixnum, &[inputs[1]]);
        let r = e.add(graph, Op::IntCmp(cmp), &[a, b]);
        e.add(graph, Op::BoolToValue, &[r])
    })
}

/// A binary operation whose argument is tested against each of `kinds`
/// in turn (each arm built by `arm`) instead of guarded: what no test
/// matches is the send, bound to no kind (a full send, which the later
/// passes leave alone), so nothing here deoptimises.
///
/// ```text
///                                      v7 = branch is_kind(flonum) v2
/// v5 = send <=(1) @flonum v1, v2 ----> (arm: unbox both, float_le, bool_to_value)
///      (its guard failed before)       v9 = branch is_kind(fixnum) v2 ctrl=(false side)
///                                      (arm: unbox v1, int_to_float v2, float_le, ...)
///                                      v12 = send <=(1) v1, v2 ctrl=(false side)
///                                      v13 = merge ...; v14 = phi ...
/// ```
fn kind_dispatch(
    graph: &mut Graph,
    node: NodeId,
    info: &SendInfo,
    kinds: &[Kind],
    mut arm: impl FnMut(&mut Graph, &mut Expansion, Kind) -> NodeId,
) -> bool {
    let state = graph.state(node);
    let inputs = graph.inputs(node).to_vec();
    let mut control = graph.control(node)[0];
    let merge = graph.add(Op::Merge, &[], &[], None);
    let phi = graph.add(Op::Phi, &[merge], &[], None);
    graph.replace_control_uses(node, merge);
    graph.replace_uses(node, phi);
    for &kind in kinds {
        let test = graph.add(Op::IsKind(kind), &[], &[inputs[1]], None);
        let branch = graph.add(Op::Branch, &[control], &[test], state);
        let if_true = graph.add(Op::IfTrue, &[branch], &[], None);
        control = graph.add(Op::IfFalse, &[branch], &[], None);
        let mut e = Expansion {
            control: if_true,
            state,
            node,
        };
        let result = arm(graph, &mut e, kind);
        graph.push_control(merge, e.control);
        graph.push_input(phi, result);
    }
    let full = SendInfo {
        receiver_kind: None,
        ..info.clone()
    };
    let send = graph.add(Op::Send(Box::new(full)), &[control], &inputs, state);
    graph.push_control(merge, send);
    graph.push_input(phi, send);
    exceptions::forget(graph, node);
    graph.clear_control(node);
    graph.kill(node);
    true
}

#[cfg(test)]
mod tests {
    use crate::runtime::{Callee, Intrinsic};
    use crate::test_runtime::TestRuntime;

    /// What `Integer#name` is on fixnums.
    fn fixnum_arith(rt: &TestRuntime, name: &str) -> Callee {
        Callee::Intrinsic(Intrinsic::FixnumArith(rt.sym(name)))
    }

    /// `@side` read where the site saw two shapes (a subclass's objects
    /// keep it in the same slot): a test of each, and what neither matches
    /// is the instruction on an uncommon path (deoptimise makes it a shape
    /// guard).
    #[test]
    fn a_site_that_saw_two_shapes_tests_each() {
        let rt = TestRuntime::new();
        rt.ivar("@side", 2, 0, 2, "Square")
            .ivar("@side", 5, 0, 5, "Cube");
        let after = rt.run(
            r"
            v0 = start
            v1 = self
            v2 = state area@2 self=v1 args=[] locals=[] stack=[]
            v3 = insn getivar @side state=v2 ctrl=v0
            v4 = return v3 ctrl=v3
            v5 = finish ctrl=[v4]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_shape v1 ctrl=v0
        v3 = shape_is(S2) v2
        v4 = state area@2 self=v1 args=[] locals=[] stack=[]
        v5 = branch v3 state=v4 ctrl=v2
        v6 = if_false ctrl=v5
        v7 = shape_is(S5) v2
        v8 = branch v7 state=v4 ctrl=v6
        v9 = if_false ctrl=v8 (uncommon)
        v10 = insn getivar @side state=v4 ctrl=v9
        v11 = if_true ctrl=v8
        v12 = load_ivar(0) v1 ctrl=v11
        v13 = if_true ctrl=v5
        v14 = load_ivar(0) v1 ctrl=v13
        v15 = merge ctrl=[v14, v12, v10]
        v16 = phi v14, v12, v10 ctrl=v15
        v17 = return v16 ctrl=v15
        v18 = finish ctrl=[v17]
        ");
    }

    /// `@side` read where the site cached no shape (a variable never set
    /// reads nil uncached): the read by name.
    #[test]
    fn a_site_without_shapes_reads_by_name() {
        let rt = TestRuntime::new();
        let after = rt.run(
            r"
            v0 = start
            v1 = self
            v2 = state area@2 self=v1 args=[] locals=[] stack=[]
            v3 = insn getivar @side state=v2 ctrl=v0
            v4 = return v3 ctrl=v3
            v5 = finish ctrl=[v4]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_ivar_named(@side) v1 ctrl=v0
        v3 = return v2 ctrl=v2
        v4 = finish ctrl=[v3]
        ");
    }

    /// The root's `intrinsics_read_an_ivar_by_shape` before intrinsics:
    /// each `@side` (one shape seen) is a shape guard and a slot load, and
    /// `*` bound to fixnums is a checked multiplication.
    #[test]
    fn the_root_graph_reads_ivars_by_shape() {
        let rt = TestRuntime::new();
        rt.ivar("@side", 2, 0, 2, "Square")
            .callee("fixnum", "*", fixnum_arith(&rt, "*"))
            .profile("area", 4, &["fixnum"], &[&["fixnum"]]);
        let after = rt.run(
            r"
            v0 = start
            v1 = self
            v2 = state area@2 self=v1 args=[] locals=[] stack=[]
            v3 = insn getivar @side state=v2 ctrl=v0
            v4 = state area@3 self=v1 args=[] locals=[] stack=[v3]
            v5 = insn getivar @side state=v4 ctrl=v3
            v6 = is_kind(fixnum) v3
            v7 = state area@4 self=v1 args=[] locals=[] stack=[v3, v5]
            v8 = branch v6 state=v7 ctrl=v5
            v9 = if_false ctrl=v8 (uncommon)
            v10 = send *(1) v3, v5 state=v7 ctrl=v9
            v11 = if_true ctrl=v8
            v12 = send *(1) @fixnum v3, v5 state=v7 ctrl=v11
            v13 = merge ctrl=[v12, v10]
            v14 = phi v12, v10 ctrl=v13
            v15 = return v14 ctrl=v13
            v16 = finish ctrl=[v15]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = load_shape v1 ctrl=v0
        v3 = shape_is(S2) v2
        v4 = state area@2 self=v1 args=[] locals=[] stack=[]
        v5 = guard(shape) v3 state=v4 ctrl=v2
        v6 = load_ivar(0) v1 ctrl=v5
        v7 = load_shape v1 ctrl=v6
        v8 = shape_is(S2) v7
        v9 = state area@3 self=v1 args=[] locals=[] stack=[v6]
        v10 = guard(shape) v8 state=v9 ctrl=v7
        v11 = load_ivar(0) v1 ctrl=v10
        v12 = is_kind(fixnum) v6
        v13 = state area@4 self=v1 args=[] locals=[] stack=[v6, v11]
        v14 = branch v12 state=v13 ctrl=v11
        v15 = if_false ctrl=v14 (uncommon)
        v16 = send *(1) v6, v11 state=v13 ctrl=v15
        v17 = if_true ctrl=v14
        v18 = is_kind(fixnum) v11
        v19 = guard(kind fixnum) v18 state=v13 ctrl=v17
        v20 = untag_fixnum v6 ctrl=v19
        v21 = untag_fixnum v11 ctrl=v20
        v22 = fixnum_mul v20, v21 state=v13 ctrl=v21
        v23 = tag_fixnum v22 ctrl=v22
        v24 = merge ctrl=[v23, v16]
        v25 = phi v23, v16 ctrl=v24
        v26 = return v25 ctrl=v24
        v27 = finish ctrl=[v26]
        ");
    }

    /// `+` bound to fixnums, with fixnum arguments: a kind guard on the
    /// argument, both untagged, a `fixnum_add` that deoptimises on
    /// overflow, the sum tagged.
    #[test]
    fn fixnum_plus_is_a_checked_add() {
        let rt = TestRuntime::new();
        rt.callee("fixnum", "+", fixnum_arith(&rt, "+")).profile(
            "add",
            8,
            &["fixnum"],
            &[&["fixnum"]],
        );
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state add@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = send +(1) @fixnum v1, v2 state=v4 ctrl=v0
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 1
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 0
        v5 = state add@8 self=v3 args=[v4, v1] locals=[] stack=[v4, v1]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = untag_fixnum v4 ctrl=v6
        v8 = untag_fixnum v1 ctrl=v7
        v9 = fixnum_add v7, v8 state=v5 ctrl=v8
        v10 = tag_fixnum v9 ctrl=v9
        v11 = return v10 ctrl=v10
        v12 = finish ctrl=[v11]
        ");
    }

    /// `<` on fixnums: an `int_lt` made a boolean value.
    #[test]
    fn fixnum_less_than_is_a_comparison() {
        let rt = TestRuntime::new();
        rt.callee("fixnum", "<", fixnum_arith(&rt, "<")).profile(
            "less",
            8,
            &["fixnum"],
            &[&["fixnum"]],
        );
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state less@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = send <(1) @fixnum v1, v2 state=v4 ctrl=v0
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 1
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = arg 0
        v5 = state less@8 self=v3 args=[v4, v1] locals=[] stack=[v4, v1]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = untag_fixnum v4 ctrl=v6
        v8 = untag_fixnum v1 ctrl=v7
        v9 = int_lt v7, v8 ctrl=v8
        v10 = bool_to_value v9 ctrl=v9
        v11 = return v10 ctrl=v10
        v12 = finish ctrl=[v11]
        ");
    }

    /// `odd?` of a fixnum is its low bit.
    #[test]
    fn fixnum_odd_is_a_bit_test() {
        let rt = TestRuntime::new();
        rt.callee("fixnum", "odd?", fixnum_arith(&rt, "odd?"));
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = self
            v3 = state odd@5 self=v2 args=[v1] locals=[] stack=[v1]
            v4 = send odd?(0) @fixnum v1 state=v3 ctrl=v0
            v5 = return v4 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = untag_fixnum v1 ctrl=v0
        v3 = const int 1
        v4 = int_and v2, v3 ctrl=v2
        v5 = const int 0
        v6 = int_ne v4, v5 ctrl=v4
        v7 = bool_to_value v6 ctrl=v6
        v8 = return v7 ctrl=v7
        v9 = finish ctrl=[v8]
        ");
    }

    /// `+` bound to flonums with a flonum argument: the argument guarded,
    /// both unboxed, a `float_add`, the sum boxed.
    #[test]
    fn float_plus_unboxes_adds_and_boxes() {
        let rt = TestRuntime::new();
        rt.callee(
            "flonum",
            "+",
            Callee::Intrinsic(Intrinsic::FloatArith(rt.sym("+"))),
        )
        .profile("add", 8, &["flonum"], &[&["flonum"]]);
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state add@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = send +(1) @flonum v1, v2 state=v4 ctrl=v0
            v6 = return v5 ctrl=v5
            v7 = finish ctrl=[v6]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 1
        v2 = is_kind(flonum) v1
        v3 = self
        v4 = arg 0
        v5 = state add@8 self=v3 args=[v4, v1] locals=[] stack=[v4, v1]
        v6 = guard(kind flonum) v2 state=v5 ctrl=v0
        v7 = unbox_float v4 ctrl=v6
        v8 = unbox_float v1 ctrl=v7
        v9 = float_add v7, v8 ctrl=v8
        v10 = box_float v9 ctrl=v9
        v11 = return v10 ctrl=v10
        v12 = finish ctrl=[v11]
        ");
    }

    /// `String#==` is `string_eq` (which deoptimises only for an argument
    /// with `to_str`).
    #[test]
    fn string_equality_is_string_eq() {
        let rt = TestRuntime::new();
        rt.callee("String", "==", Callee::Intrinsic(Intrinsic::StringEq));
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state same?@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = send ==(1) @String v1, v2 state=v4 ctrl=v0
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
        v4 = state same?@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
        v5 = string_eq v1, v2 state=v4 ctrl=v0
        v6 = bool_to_value v5 ctrl=v5
        v7 = return v6 ctrl=v6
        v8 = finish ctrl=[v7]
        ");
    }

    /// `Point.new(x, y)` of a plain class: `new_object`, then `initialize`
    /// bound to Point and marked a constructor; the object is the result.
    #[test]
    fn class_new_allocates_and_calls_initialize() {
        let rt = TestRuntime::new();
        rt.plain_class("#<Class:Point>", "Point").callee(
            "#<Class:Point>",
            "new",
            Callee::Intrinsic(Intrinsic::ClassNew),
        );
        let after = rt.run(
            r"
            v0 = start
            v1 = const #<Class:Point>
            v2 = arg 0
            v3 = arg 1
            v4 = self
            v5 = state make@9 self=v4 args=[v2, v3] locals=[] stack=[v1, v2, v3]
            v6 = send new(2) @#<Class:Point> v1, v2, v3 state=v5 ctrl=v0
            v7 = return v6 ctrl=v6
            v8 = finish ctrl=[v7]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = const #<Class:Point>
        v2 = new_object v1 ctrl=v0
        v3 = arg 0
        v4 = arg 1
        v5 = self
        v6 = state make@9 self=v5 args=[v3, v4] locals=[] stack=[v1, v3, v4]
        v7 = send initialize(2) @Point constructor v2, v3, v4 state=v6 ctrl=v2
        v8 = return v2 ctrl=v7
        v9 = finish ctrl=[v8]
        ");
    }

    /// `[a, b].max` (`arraymax 2`): each element guarded a fixnum, and an
    /// `int_max` of the untagged values.
    #[test]
    fn arraymax_of_fixnums_needs_no_array() {
        let rt = TestRuntime::new();
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = arg 1
            v3 = self
            v4 = state larger@8 self=v3 args=[v1, v2] locals=[] stack=[v1, v2]
            v5 = insn arraymax 2 v1, v2 state=v4 ctrl=v0
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
        v5 = state larger@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
        v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
        v7 = is_kind(fixnum) v4
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = untag_fixnum v1 ctrl=v8
        v10 = untag_fixnum v4 ctrl=v9
        v11 = int_max v9, v10 ctrl=v10
        v12 = tag_fixnum v11 ctrl=v11
        v13 = return v12 ctrl=v12
        v14 = finish ctrl=[v13]
        ");
    }

    /// `Kernel#nil?` is `is_nil` made a boolean value.
    #[test]
    fn nil_p_is_a_nil_test() {
        let rt = TestRuntime::new();
        rt.callee("Object", "nil?", Callee::Intrinsic(Intrinsic::IsNil));
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = self
            v3 = state missing@5 self=v2 args=[v1] locals=[] stack=[v1]
            v4 = send nil?(0) @Object v1 state=v3 ctrl=v0
            v5 = return v4 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_nil v1 ctrl=v0
        v3 = bool_to_value v2 ctrl=v2
        v4 = return v3 ctrl=v3
        v5 = finish ctrl=[v4]
        ");
    }

    /// `@x = v` where the site saw objects of shape S1 move to S2: a kind
    /// guard (the transition holds for Point only), a shape guard, and a
    /// store that moves the object to S2.
    #[test]
    fn setting_a_new_ivar_guards_the_class_and_moves_the_shape() {
        let rt = TestRuntime::new();
        rt.ivar("@x", 1, 0, 2, "Point");
        let after = rt.run(
            r"
            v0 = start
            v1 = arg 0
            v2 = self
            v3 = state initialize@3 self=v2 args=[v1] locals=[] stack=[v1]
            v4 = insn setivar @x v1 state=v3 ctrl=v0
            v5 = return v1 ctrl=v4
            v6 = finish ctrl=[v5]
            ",
            |graph| super::run(graph, &rt),
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = self
        v2 = is_kind(Point) v1
        v3 = arg 0
        v4 = state initialize@3 self=v1 args=[v3] locals=[] stack=[v3]
        v5 = guard(kind Point) v2 state=v4 ctrl=v0
        v6 = load_shape v1 ctrl=v5
        v7 = shape_is(S1) v6
        v8 = guard(shape) v7 state=v4 ctrl=v6
        v9 = store_ivar(0 -> S2) v1, v3 state=v4 ctrl=v8
        v10 = return v3 ctrl=v9
        v11 = finish ctrl=[v10]
        ");
    }
}
