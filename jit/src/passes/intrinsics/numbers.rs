//! Numbers in the intrinsics pass: Float arithmetic and comparisons (on
//! a Float and a Float or fixnum, either way round), `Float#to_i`, and the
//! `Math` functions, as operations on doubles.
//!
//! ```text
//! x * 0.5 (x a fixnum)  v4 = untag_fixnum v1; v5 = int_to_float v4; v6 = unbox_float v2
//!                       v7 = float_mul v5, v6; v8 = box_float v7
//! Math.sin(x)           v8 = unbox_float v2; v9 = float_math(sin) v8; v10 = box_float v9
//! ```

use super::{int_op, kind_dispatch, Expansion};
use crate::ir::*;
use bytecode::profile::{Kind, KindSet};

/// `Math.sqrt(x)` of a Float or fixnum `x` (guarded, as its kind in the
/// profile): the square root, `x` guarded not negative (a negative one
/// raises `Math::DomainError`, NaN answers NaN: the interpreter does
/// both). `+ 0.0` makes `-0.0`'s root `0.0`, as MRI answers.
///
/// ```text
///                                         v7 = guard(kind flonum) is_kind(flonum) v2
///                                         v8 = unbox_float v2
/// v5 = send sqrt(1) @#<Class:Math> v1, v2 -> v9 = guard(domain) float_ge v8, 0.0
///                                         v10 = float_sqrt v8
///                                         v11 = float_add v10, 0.0
///                                         v12 = box_float v11
/// ```
pub(super) fn math_sqrt(graph: &mut Graph, node: NodeId, x: NodeId, arg: KindSet) -> bool {
    let Some((mut e, x)) = math_argument(graph, node, x, arg) else {
        return false;
    };
    let zero = graph.constant(Const::Float(0.0));
    let in_domain = e.add(graph, Op::FloatCmp(Cmp::Ge), &[x, zero]);
    e.guard(graph, GuardReason::Domain, in_domain);
    let root = e.add(graph, Op::FloatSqrt, &[x]);
    let root = e.add(graph, Op::FloatArith(FloatOp::Add), &[root, zero]);
    let boxed = e.add(graph, Op::BoxFloat, &[root]);
    e.finish(graph, Some(boxed))
}

/// The argument of a `Math` function as a double: guarded to be of the
/// first kind it was seen with among Floats and fixnums. None for another
/// kind (the core method converts it or raises).
pub(super) fn math_argument(
    graph: &mut Graph,
    node: NodeId,
    x: NodeId,
    arg: KindSet,
) -> Option<(Expansion, NodeId)> {
    let kind = [Kind::Flonum, Kind::HeapFloat, Kind::Fixnum]
        .into_iter()
        .find(|&k| arg.kinds().any(|seen| seen == k))?;
    let mut e = Expansion::new(graph, node);
    e.guard_kind(graph, x, kind);
    let x = as_double(graph, &mut e, x, kind, false);
    Some((e, x))
}

/// `Math.sin(x)` and the other functions defined everywhere: a call of
/// the libm function on the argument's double, boxed.
///
/// ```text
/// v5 = send sin(1) @#<Class:Math> v1, v2 -> v8 = unbox_float v2
///                                        v9 = float_math(sin) v8
///                                        v10 = box_float v9
/// ```
pub(super) fn math_function(
    graph: &mut Graph,
    node: NodeId,
    x: NodeId,
    arg: KindSet,
    function: MathFn,
) -> bool {
    let Some((mut e, x)) = math_argument(graph, node, x, arg) else {
        return false;
    };
    let result = e.add(graph, Op::FloatMath(function), &[x]);
    let boxed = e.add(graph, Op::BoxFloat, &[result]);
    e.finish(graph, Some(boxed))
}

/// `-x` of a Float: the sign bit flipped, as `x * -1.0` flips it (`-0.0`
/// too).
pub(super) fn float_negate(graph: &mut Graph, node: NodeId, x: NodeId) -> bool {
    let mut e = Expansion::new(graph, node);
    let x = e.add(graph, Op::UnboxFloat, &[x]);
    let minus_one = graph.constant(Const::Float(-1.0));
    let negated = e.add(graph, Op::FloatArith(FloatOp::Mul), &[x, minus_one]);
    let boxed = e.add(graph, Op::BoxFloat, &[negated]);
    e.finish(graph, Some(boxed))
}

/// `to_i` of a Float: truncated in a register, guarded to be a fixnum
/// (NaN, the infinities and larger numbers deoptimise: the core method
/// raises or makes a Bignum).
///
/// ```text
/// v3 = send to_i(0) @Flonum v1 -> v4 = unbox_float v1
///                                 v5 = guard(domain) float_lt v4, 4.611686018427388e18
///                                 v6 = guard(domain) float_gt v4, -4.611686018427388e18
///                                 v7 = float_to_int v4
///                                 v8 = tag_fixnum v7
/// ```
pub(super) fn float_to_i(graph: &mut Graph, node: NodeId, x: NodeId) -> bool {
    let mut e = Expansion::new(graph, node);
    let x = e.add(graph, Op::UnboxFloat, &[x]);
    let (above, below) = (
        graph.constant(Const::Float(-FIXNUM_LIMIT)),
        graph.constant(Const::Float(FIXNUM_LIMIT)),
    );
    let under = e.add(graph, Op::FloatCmp(Cmp::Lt), &[x, below]);
    e.guard(graph, GuardReason::Domain, under);
    let over = e.add(graph, Op::FloatCmp(Cmp::Gt), &[x, above]);
    e.guard(graph, GuardReason::Domain, over);
    let int = e.add(graph, Op::FloatToInt, &[x]);
    let tagged = e.add(graph, Op::TagFixnum, &[int]);
    e.finish(graph, Some(tagged))
}

/// Float arithmetic and comparison of a receiver of kind `receiver` (a
/// Float, or a fixnum with a Float argument: `i * 0.75`, as Ruby's Integer
/// methods do it) with an argument of the first kind seen (`arg`) among
/// Floats and, for a Float receiver, fixnums.
pub(super) fn float(
    graph: &mut Graph,
    node: NodeId,
    inputs: &[NodeId],
    (receiver, arg): (Kind, KindSet),
    name: &str,
) -> bool {
    let Some(op) = float_op_named(name) else {
        return false;
    };
    let candidates: &[Kind] = match receiver {
        Kind::Fixnum => &[Kind::Flonum, Kind::HeapFloat],
        _ => &[Kind::Flonum, Kind::HeapFloat, Kind::Fixnum],
    };
    let Some(&arg_kind) = candidates
        .iter()
        .find(|&&k| arg.kinds().any(|seen| seen == k))
    else {
        return false;
    };
    let mut e = Expansion::new(graph, node);
    e.guard_kind(graph, inputs[1], arg_kind);
    let result = float_op(graph, &mut e, inputs, (receiver, arg_kind), op);
    e.finish(graph, Some(result))
}

/// The Float arithmetic or comparison a method name is.
pub(super) fn float_op_named(name: &str) -> Option<Result<FloatOp, Cmp>> {
    Some(match name {
        "+" => Ok(FloatOp::Add),
        "-" => Ok(FloatOp::Sub),
        "*" => Ok(FloatOp::Mul),
        "/" => Ok(FloatOp::Div),
        _ => match int_op(name) {
            Some(Err(cmp)) => Err(cmp),
            _ => return None,
        },
    })
}

/// The Float operation `op` of a receiver and an argument of `kinds`
/// (Floats, or one a fixnum converted), boxed or as a Boolean.
pub(super) fn float_op(
    graph: &mut Graph,
    e: &mut Expansion,
    inputs: &[NodeId],
    kinds: (Kind, Kind),
    op: Result<FloatOp, Cmp>,
) -> NodeId {
    let exact = op.is_err();
    let a = as_double(graph, e, inputs[0], kinds.0, exact);
    let b = as_double(graph, e, inputs[1], kinds.1, exact);
    match op {
        Ok(op) => {
            let r = e.add(graph, Op::FloatArith(op), &[a, b]);
            e.add(graph, Op::BoxFloat, &[r])
        }
        Err(cmp) => {
            let r = e.add(graph, Op::FloatCmp(cmp), &[a, b]);
            e.add(graph, Op::BoolToValue, &[r])
        }
    }
}

/// The double of a Float, or of a fixnum (`kind`). Ruby compares an
/// Integer with a Float exactly (`2**53 + 1 == 2.0**53` is false): for a
/// comparison (`exact`), the fixnum is guarded to be one a double holds
/// exactly, within 2^53 of zero. Arithmetic rounds it, as Ruby does.
pub(super) fn as_double(
    graph: &mut Graph,
    e: &mut Expansion,
    value: NodeId,
    kind: Kind,
    exact: bool,
) -> NodeId {
    if kind != Kind::Fixnum {
        return e.add(graph, Op::UnboxFloat, &[value]);
    }
    let i = e.add(graph, Op::UntagFixnum, &[value]);
    if exact {
        const EXACT: i64 = 1 << 53;
        let (low, high) = (
            graph.constant(Const::Int(-EXACT)),
            graph.constant(Const::Int(EXACT)),
        );
        let above = e.add(graph, Op::IntCmp(Cmp::Ge), &[i, low]);
        e.guard(graph, GuardReason::Domain, above);
        let below = e.add(graph, Op::IntCmp(Cmp::Le), &[i, high]);
        e.guard(graph, GuardReason::Domain, below);
    }
    e.add(graph, Op::IntToFloat, &[i])
}

/// The Float operation `name` where a guard on its argument's kind failed
/// before: each kind the argument was seen with is tested, and any other
/// takes the send. (A fixnum compared takes the send too: its exactness
/// guard would deoptimise.)
pub(super) fn float_tested(
    graph: &mut Graph,
    node: NodeId,
    info: &SendInfo,
    arg: KindSet,
    name: &str,
) -> bool {
    let Some(op) = float_op_named(name) else {
        return false;
    };
    let kinds: Vec<Kind> = [Kind::Flonum, Kind::HeapFloat, Kind::Fixnum]
        .into_iter()
        .filter(|&k| arg.kinds().any(|seen| seen == k))
        .filter(|&k| k != Kind::Fixnum || op.is_ok())
        .collect();
    let inputs = graph.inputs(node).to_vec();
    kind_dispatch(graph, node, info, &kinds, |graph, e, kind| {
        float_op(graph, e, &inputs, (Kind::Flonum, kind), op)
    })
}
