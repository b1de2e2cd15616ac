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
