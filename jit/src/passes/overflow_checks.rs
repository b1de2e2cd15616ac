//! Overflow checks proven away: checked fixnum arithmetic with a constant
//! operand (`n - 1`, `i + 1`) cannot leave the fixnum range when the
//! branches that dominate it bound its other operand far enough from the
//! range's ends. It becomes the pure `int_add` / `int_sub`, with no check,
//! no deoptimisation site, and the freedom to compute anywhere.
//!
//! ```text
//! v9  = int_lt v7, v8                    (v8 = const int 2)
//! v10 = bool_not v9
//! v13 = branch v10
//! v15 = if_true ctrl=v13                 here n >= 2, so n - 1 >= 1
//! v19 = fixnum_sub v7, v16 ctrl=v15  ->  v40 = int_sub v7, v16
//! ```
//!
//! A bound comes from a comparison of the operand with a constant
//! (`n < 2` false: `n >= 2`), or with any other integer, which bounds it by
//! one inside the fixnum range (`i < limit` true: `i <= MAX - 1`, so
//! `i + 1` fits, the step of every counting loop).

use crate::ir::dominators::Dominators;
use crate::ir::print::control_order;
use crate::ir::*;

/// The fixnum range (63 bits).
const MIN: i64 = -(1 << 62);
const MAX: i64 = (1 << 62) - 1;

/// What a branch says about an integer on one of its ways.
#[derive(Clone, Copy, Debug)]
struct Fact {
    /// The `if_true` or `if_false` node the fact holds after.
    after: NodeId,
    value: NodeId,
    /// The value compared `cmp` with `other`.
    cmp: Cmp,
    other: NodeId,
}

pub fn run(graph: &mut Graph) -> bool {
    let order = control_order(graph);
    let dominators = Dominators::of(graph, &order);
    let facts = branch_facts(graph, &order);
    let mut changed = false;
    for &node in &order {
        let Op::Int(op @ (IntOp::Add | IntOp::Sub)) = *graph.op(node) else {
            continue;
        };
        let (a, b) = (graph.input(node, 0), graph.input(node, 1));
        let (value, constant) = match (graph.as_const(a), graph.as_const(b)) {
            (None, Some(Const::Int(k))) => (a, k),
            (Some(Const::Int(k)), None) if op == IntOp::Add => (b, k),
            _ => continue,
        };
        let (low, high) = bounds(graph, &facts, &dominators, node, value);
        // The result's extremes, from the operand's.
        let fits = match op {
            IntOp::Add => {
                low.checked_add(constant).is_some_and(|r| r >= MIN)
                    && high.checked_add(constant).is_some_and(|r| r <= MAX)
            }
            _ => {
                low.checked_sub(constant).is_some_and(|r| r >= MIN)
                    && high.checked_sub(constant).is_some_and(|r| r <= MAX)
            }
        };
        if !fits {
            continue;
        }
        let in_range = match op {
            IntOp::Add => IntOp::AddInRange,
            _ => IntOp::SubInRange,
        };
        let pure = graph.add(Op::Int(in_range), &[], &[a, b], None);
        graph.replace_uses(node, pure);
        graph.unlink(node);
        graph.kill(node);
        changed = true;
    }
    changed
}

/// The facts of every branch on an integer comparison (or its negation),
/// on both of its ways.
fn branch_facts(graph: &Graph, order: &[NodeId]) -> Vec<Fact> {
    let mut facts = Vec::new();
    for &branch in order {
        if !matches!(graph.op(branch), Op::Branch) {
            continue;
        }
        let mut cond = graph.input(branch, 0);
        let mut negated = false;
        while matches!(graph.op(cond), Op::BoolNot) {
            cond = graph.input(cond, 0);
            negated = !negated;
        }
        let Op::IntCmp(cmp) = *graph.op(cond) else {
            continue;
        };
        let (left, right) = (graph.input(cond, 0), graph.input(cond, 1));
        for way in graph.successors(branch) {
            let holds = match graph.op(way) {
                Op::IfTrue => !negated,
                Op::IfFalse => negated,
                _ => continue,
            };
            let cmp = if holds { cmp } else { cmp.negated() };
            facts.push(Fact {
                after: way,
                value: left,
                cmp,
                other: right,
            });
            facts.push(Fact {
                after: way,
                value: right,
                cmp: cmp.swapped(),
                other: left,
            });
        }
    }
    facts
}

/// The bounds the facts that hold at `node` put on `value` (an integer in
/// the fixnum range).
fn bounds(
    graph: &Graph,
    facts: &[Fact],
    dominators: &Dominators,
    node: NodeId,
    value: NodeId,
) -> (i64, i64) {
    let (mut low, mut high) = (MIN, MAX);
    for fact in facts {
        if fact.value != value || !dominators.dominates(fact.after, node) {
            continue;
        }
        match graph.as_const(fact.other) {
            Some(Const::Int(m)) => match fact.cmp {
                Cmp::Lt => high = high.min(m.saturating_sub(1)),
                Cmp::Le => high = high.min(m),
                Cmp::Gt => low = low.max(m.saturating_add(1)),
                Cmp::Ge => low = low.max(m),
                Cmp::Eq => {
                    low = low.max(m);
                    high = high.min(m);
                }
                Cmp::Ne => {}
            },
            // Below or above another fixnum: one inside the range.
            _ => match fact.cmp {
                Cmp::Lt => high = high.min(MAX - 1),
                Cmp::Gt => low = low.max(MIN + 1),
                _ => {}
            },
        }
    }
    (low, high)
}
