//! Constant folding: operations on constants are computed now, and so are
//! properties the graph already proves.
//!
//! ```text
//! v3 = const int 2
//! v4 = const int 3          ------->    v5 = const int 5
//! v5 = fixnum_add v3, v4
//! ```
//!
//! Besides constants, a node's kind is often known from what made it: a
//! `tag_fixnum` is a fixnum, so `is_kind(fixnum)` of it is true and the
//! guard on it goes (canonicalise removes guards of `true`). A checked
//! operation folds only when its result is a fixnum; otherwise it stays, and
//! deoptimises when it runs, as it should.

use crate::ir::*;
use bytecode::abi;
use bytecode::profile::Kind;

/// What is known of the kind of a value node, if anything.
fn known_kind(graph: &Graph, node: NodeId) -> Option<Kind> {
    kind_within(graph, node, 4)
}

/// [`known_kind`], looking through at most `depth` phis (phis of loops
/// reach themselves through each other).
fn kind_within(graph: &Graph, node: NodeId, depth: u32) -> Option<Kind> {
    match graph.op(node) {
        Op::TagFixnum => Some(Kind::Fixnum),
        Op::Const(Const::Value(bits)) if abi::is_fixnum(*bits) => Some(Kind::Fixnum),
        Op::Const(Const::Value(bits)) if abi::is_flonum(*bits) => Some(Kind::Flonum),
        Op::Phi if depth > 0 => {
            let inputs = graph.inputs(node);
            let first = kind_within(graph, *inputs.first()?, depth - 1)?;
            inputs
                .iter()
                .skip(1)
                .all(|&i| i == node || kind_within(graph, i, depth - 1) == Some(first))
                .then_some(first)
        }
        _ => None,
    }
}

/// Whether a value node is certainly not of `kind` (an immediate of another
/// kind, a boolean made from a condition: no number, though it may be of
/// TrueClass or FalseClass).
fn surely_not(graph: &Graph, node: NodeId, kind: Kind) -> bool {
    match graph.op(node) {
        Op::BoolToValue => !matches!(kind, Kind::Class(_)),
        Op::BlockLiteral { .. } => true,
        Op::TagFixnum => kind != Kind::Fixnum,
        Op::Const(Const::Value(bits)) => {
            let bits = *bits;
            match kind {
                Kind::Fixnum => !abi::is_fixnum(bits),
                Kind::Flonum => !abi::is_flonum(bits),
                _ => abi::is_fixnum(bits) || abi::is_flonum(bits),
            }
        }
        _ => false,
    }
}

/// The constant a pure node folds to, if it does.
fn fold(graph: &Graph, node: NodeId) -> Option<Const> {
    let c = |i: usize| graph.as_const(graph.input(node, i));
    Some(match graph.op(node) {
        Op::IsKind(kind) => {
            let value = graph.input(node, 0);
            if known_kind(graph, value) == Some(*kind) {
                Const::Bool(true)
            } else if surely_not(graph, value, *kind) || known_kind(graph, value).is_some() {
                Const::Bool(false)
            } else {
                return None;
            }
        }
        Op::IsNil => match graph.op(graph.input(node, 0)) {
            Op::Const(Const::Value(bits)) => Const::Bool(*bits == abi::NIL),
            Op::BlockLiteral { .. } | Op::BoolToValue | Op::TagFixnum | Op::BoxFloat => {
                Const::Bool(false)
            }
            _ => return None,
        },
        // What is no longer a call (inlined, expanded) leaves nothing
        // pending.
        Op::Raised if !crate::passes::exceptions::leaves_pending(graph, graph.input(node, 0)) => {
            Const::Bool(false)
        }
        Op::Truthy => match graph.op(graph.input(node, 0)) {
            Op::Const(Const::Value(bits)) => Const::Bool(abi::truthy(*bits)),
            Op::TagFixnum | Op::BoxFloat | Op::BlockLiteral { .. } => Const::Bool(true),
            _ => return None,
        },
        Op::BoolNot => match c(0)? {
            Const::Bool(b) => Const::Bool(!b),
            _ => return None,
        },
        Op::BoolToValue => match c(0)? {
            Const::Bool(b) => Const::Value(abi::bool(b)),
            _ => return None,
        },
        Op::UntagFixnum => match c(0)? {
            Const::Value(bits) if abi::is_fixnum(bits) => Const::Int(abi::fixnum_value(bits)),
            _ => return None,
        },
        Op::TagFixnum => match c(0)? {
            Const::Int(n) => Const::Value(abi::fixnum(n)?),
            _ => return None,
        },
        Op::UnboxFloat => match c(0)? {
            Const::Value(bits) if abi::is_flonum(bits) => Const::Float(abi::flonum_value(bits)),
            _ => return None,
        },
        Op::BoxFloat => match c(0)? {
            Const::Float(f) => Const::Value(abi::flonum(f)?),
            _ => return None,
        },
        Op::IntToFloat => match c(0)? {
            Const::Int(n) => Const::Float(n as f64),
            _ => return None,
        },
        Op::FloatMath(function) => match c(0)? {
            Const::Float(f) => Const::Float(function.eval(f)),
            _ => return None,
        },
        Op::FloatToInt => match c(0)? {
            Const::Float(f) if f.abs() < FIXNUM_LIMIT => Const::Int(f as i64),
            _ => return None,
        },
        Op::FloatSqrt => match c(0)? {
            Const::Float(f) => Const::Float(f.sqrt()),
            _ => return None,
        },
        Op::Int(op) => match (c(0)?, c(1)?) {
            (Const::Int(a), Const::Int(b)) => Const::Int(op.eval(a, b)?),
            _ => return None,
        },
        Op::IntCmp(cmp) => match (c(0)?, c(1)?) {
            (Const::Int(a), Const::Int(b)) => Const::Bool(cmp.ints(a, b)),
            _ => return None,
        },
        Op::FloatCmp(cmp) => match (c(0)?, c(1)?) {
            (Const::Float(a), Const::Float(b)) => Const::Bool(cmp.floats(a, b)),
            _ => return None,
        },
        Op::FloatArith(op) => match (c(0)?, c(1)?) {
            (Const::Float(a), Const::Float(b)) => Const::Float(op.eval(a, b)),
            _ => return None,
        },
        _ => return None,
    })
}

pub fn run(graph: &mut Graph) -> bool {
    let nodes: Vec<NodeId> = graph.live().collect();
    let mut changed = false;
    for node in nodes {
        if graph.is_dead(node) || matches!(graph.op(node), Op::Const(_)) {
            continue;
        }
        let foldable = graph.op(node).is_pure() || matches!(graph.op(node), Op::Int(_));
        if !foldable {
            continue;
        }
        let Some(value) = fold(graph, node) else {
            continue;
        };
        let constant = graph.constant(value);
        graph.replace_uses(node, constant);
        if !graph.control(node).is_empty() {
            graph.unlink(node);
        }
        graph.set_state(node, None);
        changed = true;
    }
    changed
}

#[cfg(test)]
mod tests {
    use crate::test_runtime::run;

    /// The root's `constant_fold_computes_constants` before constant_fold:
    /// the kind tests of the fixnum literals are true, and in one run (in
    /// node order) the untags, the sum and its tag fold to the literal 5.
    #[test]
    fn the_root_graph_folds_its_constants() {
        let after = run(
            r"
            v0 = start
            v1 = const 2
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = const 3
            v5 = state five@4 self=v3 args=[] locals=[] stack=[v1, v4]
            v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
            v7 = is_kind(fixnum) v4
            v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
            v9 = untag_fixnum v1 ctrl=v8
            v10 = untag_fixnum v4 ctrl=v9
            v11 = fixnum_add v9, v10 state=v5 ctrl=v10
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
        v1 = const bool true
        v2 = self
        v3 = const 2
        v4 = const 3
        v5 = state five@4 self=v2 args=[] locals=[] stack=[v3, v4]
        v6 = guard(kind fixnum) v1 state=v5 ctrl=v0
        v7 = const bool true
        v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
        v9 = merge ctrl=[v8, v?16]
        v10 = phi v12, v?16 ctrl=v9
        v11 = return v10 ctrl=v9
        v12 = const 5
        v13 = finish ctrl=[v11]
        ");
    }

    /// `2 + 3` folds to 5 and leaves the control flow; adding that to the
    /// largest fixnum would overflow, so the checked add stays (and
    /// deoptimises when it runs).
    #[test]
    fn checked_arithmetic_folds_only_when_it_fits() {
        let after = run(
            r"
            v0 = start
            v1 = const int 2
            v2 = const int 3
            v3 = self
            v4 = state sum@4 self=v3 args=[] locals=[] stack=[]
            v5 = fixnum_add v1, v2 state=v4 ctrl=v0
            v6 = const int 4611686018427387903
            v7 = fixnum_add v6, v5 state=v4 ctrl=v5
            v8 = tag_fixnum v7
            v9 = return v8 ctrl=v7
            v10 = finish ctrl=[v9]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = const int 4611686018427387903
        v2 = const int 5
        v3 = self
        v4 = state sum@4 self=v3 args=[] locals=[] stack=[]
        v5 = fixnum_add v1, v2 state=v4 ctrl=v0
        v6 = tag_fixnum v5
        v7 = return v6 ctrl=v5
        v8 = finish ctrl=[v7]
        ");
    }

    /// A `tag_fixnum` is a fixnum (its kind test is true); a boolean made
    /// from a condition is not (false).
    #[test]
    fn kind_tests_of_what_made_a_value_fold() {
        let after = run(
            r"
            v0 = start
            v1 = arg 0
            v2 = is_kind(fixnum) v1
            v3 = self
            v4 = state low_bit@2 self=v3 args=[v1] locals=[] stack=[v1]
            v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
            v6 = untag_fixnum v1
            v7 = const int 1
            v8 = int_and v6, v7
            v9 = tag_fixnum v8
            v10 = is_kind(fixnum) v9
            v11 = guard(kind fixnum) v10 state=v4 ctrl=v5
            v12 = int_eq v8, v7
            v13 = bool_to_value v12
            v14 = is_kind(fixnum) v13
            v15 = state low_bit@5 self=v3 args=[v1] locals=[] stack=[v9, v13]
            v16 = branch v14 state=v15 ctrl=v11
            v17 = if_true ctrl=v16
            v18 = return v9 ctrl=v17
            v19 = if_false ctrl=v16
            v20 = return v13 ctrl=v19
            v21 = finish ctrl=[v18, v20]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = arg 0
        v2 = is_kind(fixnum) v1
        v3 = self
        v4 = state low_bit@2 self=v3 args=[v1] locals=[] stack=[v1]
        v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
        v6 = const bool true
        v7 = guard(kind fixnum) v6 state=v4 ctrl=v5
        v8 = const bool false
        v9 = untag_fixnum v1
        v10 = const int 1
        v11 = int_and v9, v10
        v12 = tag_fixnum v11
        v13 = int_eq v11, v10
        v14 = bool_to_value v13
        v15 = state low_bit@5 self=v3 args=[v1] locals=[] stack=[v12, v14]
        v16 = branch v8 state=v15 ctrl=v7
        v17 = if_true ctrl=v16
        v18 = return v12 ctrl=v17
        v19 = if_false ctrl=v16
        v20 = return v14 ctrl=v19
        v21 = finish ctrl=[v18, v20]
        ");
    }

    /// A loop counter's phi joins the literal 0 and a `tag_fixnum`: it is a
    /// fixnum, and the guard's kind test at the loop header is true.
    #[test]
    fn a_phi_of_fixnums_is_a_fixnum() {
        let after = run(
            r"
            v0 = start
            v1 = loop ctrl=[v0, v13]
            v2 = phi v17, v15 ctrl=v1
            v3 = is_kind(fixnum) v2
            v4 = self
            v5 = state count@3 self=v4 args=[] locals=[i=v2] stack=[v2]
            v6 = guard(kind fixnum) v3 state=v5 ctrl=v1
            v7 = untag_fixnum v2
            v8 = const int 1
            v9 = int_add v7, v8
            v10 = const int 10
            v11 = int_lt v9, v10
            v12 = branch v11 state=v5 ctrl=v6
            v13 = if_true ctrl=v12
            v14 = if_false ctrl=v12
            v15 = tag_fixnum v9
            v16 = return v15 ctrl=v14
            v17 = const 0
            v18 = finish ctrl=[v16]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = loop ctrl=[v0, v13]
        v2 = phi v17, v15 ctrl=v1
        v3 = const bool true
        v4 = self
        v5 = state count@3 self=v4 args=[] locals=[i=v2] stack=[v2]
        v6 = guard(kind fixnum) v3 state=v5 ctrl=v1
        v7 = untag_fixnum v2
        v8 = const int 1
        v9 = int_add v7, v8
        v10 = const int 10
        v11 = int_lt v9, v10
        v12 = branch v11 state=v5 ctrl=v6
        v13 = if_true ctrl=v12
        v14 = if_false ctrl=v12
        v15 = tag_fixnum v9
        v16 = return v15 ctrl=v14
        v17 = const 0
        v18 = finish ctrl=[v16]
        ");
    }

    /// `1.5 * 2.25` folds in one run: the unboxed literal, the product and
    /// its boxing (a flonum constant).
    #[test]
    fn float_arithmetic_on_constants_folds() {
        let after = run(
            r"
            v0 = start
            v1 = const 1.5
            v2 = unbox_float v1
            v3 = const float 2.25
            v4 = float_mul v2, v3
            v5 = box_float v4
            v6 = return v5 ctrl=v0
            v7 = finish ctrl=[v6]
            ",
            super::run,
        );
        insta::assert_snapshot!(after, @r"
        v0 = start
        v1 = const 3.375
        v2 = return v1 ctrl=v0
        v3 = finish ctrl=[v2]
        ");
    }
}
