//! Instance variables in the intrinsics pass: `@x` read or written (by a
//! `getivar`/`setivar` or an attribute method) as loads and stores at the
//! slot the object's shape gives.
//!
//! One shape seen: a shape guard and the slot access. A few: a test of
//! each shape in turn, as a polymorphic inline cache ([`shape_dispatch`]).
//! Too many, or none cached (a variable never set reads nil uncached): the
//! variable by name, a helper that looks it up in the object's shape.
//! Where a shape guard failed before, the shapes known are tested and any
//! other goes by name, so the site no longer deoptimises.
//!
//! ```text
//! @side (S2 seen)          v2 = load_shape v1; guard(shape) shape_is(S2) v2; load_ivar(0) v1
//! @side (S2, S5 seen)      branch shape_is(S2) -> load_ivar(0) | branch shape_is(S5) -> load_ivar(0)
//! @side (megamorphic)      load_ivar_named(@side) v1
//! ```

use super::Expansion;
use crate::ir::*;
use crate::runtime::{IvarLine, IvarProfile};

/// An instance-variable read or write to compile: `@name` of `object`,
/// what its site (or attribute method) saw, and whether a guard built from
/// that failed before.
pub(super) struct IvarAccess {
    object: NodeId,
    name: bytecode::Sym,
    profile: IvarProfile,
    failed: bool,
}

impl IvarAccess {
    pub(super) fn new(
        object: NodeId,
        name: bytecode::Sym,
        profile: IvarProfile,
        failed: bool,
    ) -> Self {
        IvarAccess {
            object,
            name,
            profile,
            failed,
        }
    }

    /// Whether the access goes by name only: its site saw too many shapes,
    /// or none (a variable never set reads nil without being cached).
    fn by_name(&self) -> bool {
        self.profile.megamorphic || self.profile.lines.is_empty()
    }

    /// What a shape test that no line matched falls back to.
    fn otherwise(&self) -> Otherwise {
        if self.failed {
            Otherwise::ByName
        } else {
            Otherwise::Deoptimise
        }
    }
}

/// `@x` of an object of the one shape the site saw: a shape guard and a
/// slot load. A site that saw several shapes (a method of a superclass
/// reading its variable in instances of two subclasses) tests each in turn
/// (see [`shape_dispatch`]); one that saw too many reads it by name.
pub(super) fn ivar_get(graph: &mut Graph, node: NodeId, access: &IvarAccess) -> bool {
    if graph.state(node).is_none() {
        return false;
    }
    let object = access.object;
    if access.by_name() {
        let mut e = Expansion::new(graph, node);
        let value = e.add(graph, Op::LoadIvarNamed(access.name), &[object]);
        return e.finish(graph, Some(value));
    }
    if let ([line], Otherwise::Deoptimise) = (&access.profile.lines[..], access.otherwise()) {
        let mut e = Expansion::new(graph, node);
        let shape = e.add(graph, Op::LoadShape, &[object]);
        let test = graph.add(Op::ShapeIs(line.shape), &[], &[shape], None);
        e.guard(graph, GuardReason::Shape, test);
        let value = e.add(graph, Op::LoadIvar { slot: line.slot }, &[object]);
        return e.finish(graph, Some(value));
    }
    let lines = &access.profile.lines;
    shape_dispatch(
        graph,
        node,
        object,
        lines,
        true,
        access.otherwise(),
        |graph, arm, line| {
            let op = match line {
                Some(line) => Op::LoadIvar { slot: line.slot },
                None => Op::LoadIvarNamed(access.name),
            };
            Some(arm.add(graph, op, &[object]))
        },
    )
}

/// `@x = v` on an object of the one shape the site saw: a shape guard and
/// a store (moving the object to its next shape when `@x` is new; the
/// transition holds for the class it was seen with, so that is guarded
/// too). Several shapes seen: a test for each, and each arm its store; too
/// many: a write by name.
pub(super) fn ivar_set(
    graph: &mut Graph,
    node: NodeId,
    access: &IvarAccess,
    value: NodeId,
) -> bool {
    if graph.state(node).is_none() {
        return false;
    }
    let object = access.object;
    let store = |graph: &mut Graph, e: &mut Expansion, line: Option<&IvarLine>| {
        // A write that adds the variable holds for the class it was seen
        // with: guarded, unless a guard failed here before (objects of
        // another class with the same shape: say, two subclasses whose
        // superclass's `initialize` set the same variables), when it goes
        // by name.
        let line = line.filter(|line| line.next == line.shape || !access.failed);
        let Some(line) = line else {
            e.add(graph, Op::StoreIvarNamed(access.name), &[object, value]);
            return None;
        };
        if line.next != line.shape {
            e.guard_kind(graph, object, line.class);
        }
        e.add(graph, store_to(line), &[object, value]);
        None
    };
    if access.by_name() {
        let mut e = Expansion::new(graph, node);
        store(graph, &mut e, None);
        return e.finish(graph, Some(value));
    }
    if let ([line], Otherwise::Deoptimise) = (&access.profile.lines[..], access.otherwise()) {
        let mut e = Expansion::new(graph, node);
        let transition = line.next != line.shape;
        if transition {
            e.guard_kind(graph, object, line.class);
        }
        let shape = e.add(graph, Op::LoadShape, &[object]);
        let test = graph.add(Op::ShapeIs(line.shape), &[], &[shape], None);
        e.guard(graph, GuardReason::Shape, test);
        e.add(graph, store_to(line), &[object, value]);
        return e.finish(graph, Some(value));
    }
    // Every arm (and the instruction, if it runs) leaves `value` as the
    // result.
    graph.replace_uses(node, value);
    let lines = &access.profile.lines;
    shape_dispatch(graph, node, object, lines, false, access.otherwise(), store)
}

/// The store of a variable where `line` has it (moving the object to the
/// line's next shape when the write adds the variable).
fn store_to(line: &IvarLine) -> Op {
    Op::StoreIvar {
        slot: line.slot,
        to: (line.next != line.shape).then_some(line.next),
    }
}

/// Where [`shape_dispatch`] goes when no shape it knows matches.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Otherwise {
    /// The instruction on an uncommon path: the deoptimise pass prunes it
    /// into a shape guard on the last test.
    Deoptimise,
    /// An access by name (the site's guard failed before: a new shape
    /// costs a lookup, not a deoptimisation).
    ByName,
}

/// An instance-variable access at a site that saw several shapes, as a
/// polymorphic inline cache: the object's shape is tested against each in
/// turn, each arm accesses its own slot (`access` builds it, and the
/// access by name when given no line), and the arms meet again (with a
/// phi of what they read, when `reads`).
///
/// ```text
///                                 v7 = load_shape v1
/// v5 = insn getivar @v1    ---->  v8 = branch shape_is(S12) v7      (v9, v10: its sides)
///      (S12 and S20 seen)         v11 = load_ivar(1) v1 ctrl=v9
///                                 v13 = branch shape_is(S20) v7 ctrl=v10
///                                 v15 = load_ivar(1) v1 ctrl=v14
///                                 v16 = if_false ctrl=v13 (uncommon)
///                                 v5 = insn getivar @v1 ctrl=v16
///                                 v17 = merge ctrl=[v11, v15, v5]
///                                 v18 = phi v11, v15, v5
/// ```
fn shape_dispatch(
    graph: &mut Graph,
    node: NodeId,
    object: NodeId,
    lines: &[IvarLine],
    reads: bool,
    otherwise: Otherwise,
    mut access: impl FnMut(&mut Graph, &mut Expansion, Option<&IvarLine>) -> Option<NodeId>,
) -> bool {
    let state = graph.state(node);
    let mut e = Expansion::new(graph, node);
    let shape = e.add(graph, Op::LoadShape, &[object]);
    let merge = graph.add(Op::Merge, &[], &[], None);
    let phi = reads.then(|| graph.add(Op::Phi, &[merge], &[], None));
    graph.replace_control_uses(node, merge);
    if let Some(phi) = phi {
        graph.replace_uses(node, phi);
    }
    let mut arm_at = |graph: &mut Graph, control: NodeId, line: Option<&IvarLine>| {
        let mut arm = Expansion {
            control,
            state,
            node,
        };
        let value = access(graph, &mut arm, line);
        graph.push_control(merge, arm.control);
        if let (Some(phi), Some(value)) = (phi, value) {
            graph.push_input(phi, value);
        }
    };
    let mut control = e.control;
    for line in lines {
        let test = graph.add(Op::ShapeIs(line.shape), &[], &[shape], None);
        let branch = graph.add(Op::Branch, &[control], &[test], state);
        let if_true = graph.add(Op::IfTrue, &[branch], &[], None);
        control = graph.add(Op::IfFalse, &[branch], &[], None);
        arm_at(graph, if_true, Some(line));
    }
    graph.clear_control(node);
    match otherwise {
        Otherwise::ByName => {
            arm_at(graph, control, None);
            crate::passes::exceptions::forget(graph, node);
            graph.kill(node);
        }
        Otherwise::Deoptimise => {
            graph.mark_uncommon(control);
            graph.push_control(node, control);
            graph.push_control(merge, node);
            if let Some(phi) = phi {
                graph.push_input(phi, node);
            }
        }
    }
    true
}
