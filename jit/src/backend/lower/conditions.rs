//! Conditions and control: what a Bool node becomes, and the nodes that
//! end a block or a path.
//!
//! A condition only branches and guards use is not computed as a value:
//! it is *fused* into each compare-and-jump that tests it, negations and
//! all, and a kind test only guards use is made by each guard itself. Any
//! other condition is a value, 0 or 1 (`set`), which `bool_to_value` turns
//! into `false` or `true`. Fixnums compare as their integers do:
//!
//! ```text
//! while i < n          branch v1 gt v3 ? b2 : b3
//! x = (i < n)          v5 = set v2 gt v1
//!                      v6 = bool_to_value v5
//! ```
//!
//! A guard jumps to its site's stub when its condition fails, a `deopt`
//! always does; a block's own `return` or `break` is the runtime's
//! `leave_block`.

use super::{Lowering, MapState, Unsupported};
use crate::backend::lir::*;
use crate::ir::{Cmp, ExitTarget, NodeId, Op};
use bytecode::abi;

impl Lowering<'_> {
    /// Conditions used only as branch and guard conditions.
    pub(super) fn find_fused(&mut self) {
        let graph = self.graph;
        // Branches and guards test the condition themselves; a frame
        // state that names it (through `bool_to_value`) gets it computed
        // at its site; a fused negation tests it negated.
        let only_tests = |node: NodeId, nots: &fxhash::FxHashSet<NodeId>| {
            !graph.users(node).is_empty()
                && graph.users(node).iter().all(|&u| match graph.op(u) {
                    Op::Branch | Op::Guard(_) => graph.input(u, 0) == node,
                    Op::FrameState(_) => true,
                    Op::BoolToValue => graph
                        .users(u)
                        .iter()
                        .all(|&w| matches!(graph.op(w), Op::FrameState(_))),
                    Op::BoolNot => nots.contains(&u),
                    _ => false,
                })
        };
        let fusable = |node: NodeId| match graph.op(node) {
            Op::IntCmp(_)
            | Op::FloatCmp(_)
            | Op::IsNil
            | Op::Raised
            | Op::Truthy
            | Op::ShapeIs(_)
            | Op::SameValue => true,
            Op::IsKind(kind) => matches!(
                self.rt.kind_test(*kind),
                KindTest::Fixnum | KindTest::Immediate(_)
            ),
            _ => false,
        };
        // Negations of conditions that negate as compare-and-jumps (a
        // float comparison does not: NaN).
        let none = fxhash::FxHashSet::default();
        let nots: fxhash::FxHashSet<NodeId> = graph
            .live()
            .filter(|&n| matches!(graph.op(n), Op::BoolNot))
            .filter(|&n| {
                let input = graph.input(n, 0);
                fusable(input) && !matches!(graph.op(input), Op::FloatCmp(_))
            })
            .filter(|&n| only_tests(n, &none))
            .collect();
        for node in graph.live() {
            if fusable(node) && only_tests(node, &nots) {
                self.fused.insert(node);
            }
        }
        for &not in &nots {
            if self.fused.contains(&graph.input(not, 0)) {
                self.fused.insert(not);
            }
        }
        // Other kind tests that only guards use: each guard tests the
        // value itself (`Inst::Kind` with a site).
        for node in graph.live() {
            let guards_only = !graph.users(node).is_empty()
                && graph
                    .users(node)
                    .iter()
                    .all(|&u| matches!(graph.op(u), Op::Guard(_)));
            if matches!(graph.op(node), Op::IsKind(_)) && guards_only {
                self.guarded_kinds.insert(node);
            }
        }
    }

    /// The compare-and-jump condition of a Bool node.
    pub(super) fn test(&mut self, node: NodeId) -> Result<Test, Unsupported> {
        let graph = self.graph;
        if self.fused.contains(&node) {
            let inputs = graph.inputs(node);
            return Ok(match graph.op(node) {
                // Fixnums compare as their integers do.
                Op::IntCmp(cmp) => match (self.tagged_opd(inputs[0]), self.tagged_opd(inputs[1])) {
                    (Some(a), Some(Opd::Reg(b))) => Test::Cmp(cmp.swapped(), b, a),
                    (Some(Opd::Reg(a)), Some(b)) => Test::Cmp(*cmp, a, b),
                    _ => match (graph.as_const(inputs[0]), graph.as_const(inputs[1])) {
                        (Some(_), None) => {
                            let b = self.opd(inputs[0])?;
                            Test::Cmp(cmp.swapped(), self.value(inputs[1])?, b)
                        }
                        _ => {
                            let b = self.opd(inputs[1])?;
                            Test::Cmp(*cmp, self.value(inputs[0])?, b)
                        }
                    },
                },
                Op::FloatCmp(cmp) => {
                    Test::FloatCmp(*cmp, self.value(inputs[0])?, self.value(inputs[1])?)
                }
                Op::IsNil => Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(abi::NIL as i64)),
                Op::Raised => {
                    Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(abi::UNDEF as i64))
                }
                Op::SameValue => match graph.as_const(inputs[0]) {
                    Some(_) => {
                        let b = self.opd(inputs[0])?;
                        Test::Cmp(Cmp::Eq, self.value(inputs[1])?, b)
                    }
                    None => {
                        let b = self.opd(inputs[1])?;
                        Test::Cmp(Cmp::Eq, self.value(inputs[0])?, b)
                    }
                },
                Op::ShapeIs(shape) => {
                    Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(shape.0 as i64))
                }
                Op::Truthy => Test::Mask {
                    value: self.value(inputs[0])?,
                    mask: !(abi::NIL as i32),
                    zero: false,
                },
                Op::BoolNot => self
                    .test(inputs[0])?
                    .negate()
                    .expect("only negatable conditions fuse under a negation"),
                Op::IsKind(kind) => match self.rt.kind_test(*kind) {
                    KindTest::Fixnum => Test::Mask {
                        value: self.value(inputs[0])?,
                        mask: abi::FIXNUM_FLAG as i32,
                        zero: false,
                    },
                    KindTest::Immediate(bits) => {
                        Test::Cmp(Cmp::Eq, self.value(inputs[0])?, Opd::Imm(bits as i64))
                    }
                    _ => unreachable!("only fixnum and immediate kind tests fuse"),
                },
                _ => unreachable!("only comparisons and tests fuse"),
            });
        }
        let v = self.value(node)?;
        Ok(Test::Mask {
            value: v,
            mask: 1,
            zero: false,
        })
    }

    /// A condition computed as a value (used by something other than
    /// branches and guards).
    pub(super) fn condition(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
    ) -> Result<(), Unsupported> {
        match op {
            Op::IntCmp(_)
            | Op::FloatCmp(_)
            | Op::IsNil
            | Op::Raised
            | Op::Truthy
            | Op::SameValue => {
                let dst = self.vreg(node);
                self.fused.insert(node);
                let test = self.test(node);
                self.fused.remove(&node);
                self.emit(Inst::SetCond { dst, test: test? });
            }
            Op::BoolNot => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::Bin {
                    op: BinOp::Xor,
                    dst,
                    a: src,
                    b: Opd::Imm(1),
                    check: None,
                    tagged: false,
                });
            }
            Op::BoolToValue => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::BoolToValue { dst, src });
            }
            Op::IsKind(kind) => {
                let value = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let test = self.rt.kind_test(kind);
                self.emit(Inst::Kind {
                    dst: Some(dst),
                    value,
                    test,
                    guard: None,
                });
            }
            Op::ShapeIs(shape) => {
                let value = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::SetCond {
                    dst,
                    test: Test::Cmp(Cmp::Eq, value, Opd::Imm(shape.0 as i64)),
                });
            }
            _ => unreachable!("conditions only"),
        }
        Ok(())
    }

    /// A guard, a branch, or the end of a path: a `return`, a `deopt`, a
    /// block's own `return` or `break`.
    pub(super) fn control(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let graph = self.graph;
        match op {
            Op::Guard(reason) => {
                let site = self.site(node, SiteReason::Guard(reason), map)?;
                match graph.op(inputs[0]) {
                    Op::IsKind(kind) if !self.fused.contains(&inputs[0]) => {
                        let value = self.value(graph.input(inputs[0], 0))?;
                        let test = self.rt.kind_test(*kind);
                        self.emit(Inst::Kind {
                            dst: None,
                            value,
                            test,
                            guard: Some(site),
                        });
                    }
                    _ => {
                        let test = self.test(inputs[0])?;
                        self.emit(Inst::Guard { test, site });
                    }
                }
            }
            Op::Branch => {
                let block = self.schedule.block_of[&node];
                let succs = &self.schedule.blocks[block.0 as usize].succs;
                let (if_true, if_false) = (succs[0], succs[1]);
                let test = self.test(inputs[0])?;
                self.emit(Inst::Branch {
                    test,
                    if_true,
                    if_false,
                });
            }
            Op::Deopt(reason) => {
                map.current = None;
                let site = self.site_at(node, SiteReason::Deopt(reason), map)?;
                self.emit(Inst::Deopt { site });
            }
            Op::Return => {
                let value = self.opd(inputs[0])?;
                self.emit(Inst::Return { value });
            }
            Op::NonLocalExit(target, ip) => {
                // A compiled block's own `return` or `break`: the runtime
                // makes the transfer (or, from a lambda, the result). With
                // inlined frames the frame it leaves could be an inlined
                // one, which the runtime does not see.
                let leave = match target {
                    ExitTarget::BlockHome => crate::runtime::LEAVE_RETURN,
                    ExitTarget::BlockCreator => crate::runtime::LEAVE_BREAK,
                    ExitTarget::Frame(_) => return Err(Unsupported("a non-local exit")),
                };
                if self.graph.has_inlined_frames() || self.has_handlers {
                    return Err(Unsupported("a non-local exit"));
                }
                let value = self.opd(inputs[0])?;
                let result = self.new_vreg();
                let helper = Helper {
                    name: "leave_block",
                    address: self.helpers.leave_block as usize as u64,
                };
                let args = vec![Opd::Imm(leave), Opd::Imm(ip as i64), value];
                self.emit_helper_call(result, helper, args, None, true);
                self.emit(Inst::Return {
                    value: Opd::Reg(result),
                });
            }
            _ => unreachable!("guards, branches and ends only"),
        }
        Ok(())
    }
}
