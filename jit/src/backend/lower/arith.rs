//! Arithmetic: Integers as fixnums, Floats as doubles.
//!
//! Tagging is explicit: `untag` is a shift right, `tag` makes `2n + 1`,
//! and checked arithmetic checks the fixnum range itself (the machine's
//! overflow flag). `+ - & |` of fixnums at hand work on the fixnums
//! themselves (`Lowering::tagged_arith`); division, modulo and shifts
//! call the small functions at the end of this file, the range check
//! after them. Floats are unboxed into registers and boxed again by the
//! runtime's helpers:
//!
//! ```text
//! a + b  (fixnums)        v7 = sub v1, 0x1
//!                         v6 = tagged_add v7, v2 check site 2
//! a / b  (fixnums)        v3 = untag v2
//!                         v4 = untag v1
//!                         guard v3 ne 0x0 else site 2
//!                         v6 = call floor_div(v4, v3)
//!                         v5 = add v6, 0x0 check site 2
//!                         v7 = tag v5
//! ```

use super::{Lowering, MapState, Unsupported};
use crate::backend::lir::*;
use crate::ir::{Cmp, FloatOp, IntOp, NodeId, Op};
use bytecode::abi;

impl Lowering<'_> {
    /// Integer arithmetic `int` (checked or not) of the node's two inputs.
    pub(super) fn int_arith(
        &mut self,
        node: NodeId,
        int: IntOp,
        inputs: &[NodeId],
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let a = self.value(inputs[0])?;
        let b = self.opd(inputs[1])?;
        let dst = self.vreg(node);
        let check = if int.is_checked() {
            Some(self.site(node, SiteReason::Arithmetic(int), map)?)
        } else {
            None
        };
        if int == IntOp::Order {
            let args = vec![Opd::Reg(a), b];
            let address = int_order as *const () as u64;
            self.call(Some(dst), address, "int_order", false, args);
            return Ok(());
        }
        if self.tagged_arith(node, int, check)? {
            return Ok(());
        }
        let bin = match int {
            IntOp::Order => unreachable!("a call"),
            IntOp::Add | IntOp::AddInRange => BinOp::Add,
            IntOp::Sub | IntOp::SubInRange => BinOp::Sub,
            IntOp::Mul => BinOp::Mul,
            IntOp::And => BinOp::And,
            IntOp::Or => BinOp::Or,
            IntOp::Xor => BinOp::Xor,
            IntOp::Max => BinOp::Max,
            IntOp::Min => BinOp::Min,
            IntOp::Div | IntOp::Mod | IntOp::Shl | IntOp::Shr => {
                let site = check.expect("division and shifts are checked");
                let b = self.value(inputs[1])?;
                let (address, name) = match int {
                    IntOp::Div => (floor_div as *const () as u64, "floor_div"),
                    IntOp::Mod => (floor_mod as *const () as u64, "floor_mod"),
                    IntOp::Shl => (shift_left as *const () as u64, "shift_left"),
                    _ => (shift_right as *const () as u64, "shift_right"),
                };
                if matches!(int, IntOp::Div | IntOp::Mod) {
                    self.emit(Inst::Guard {
                        test: Test::Cmp(Cmp::Ne, b, Opd::Imm(0)),
                        site,
                    });
                }
                let raw = self.new_vreg();
                self.call(
                    Some(raw),
                    address,
                    name,
                    false,
                    vec![Opd::Reg(a), Opd::Reg(b)],
                );
                // The range check (min / -1 leaves it, and a shift
                // out of the word answers a value outside it).
                self.emit(Inst::Bin {
                    op: BinOp::Add,
                    dst,
                    a: raw,
                    b: Opd::Imm(0),
                    check: Some(site),
                    tagged: false,
                });
                return Ok(());
            }
        };
        self.emit(Inst::Bin {
            op: bin,
            dst,
            a,
            b,
            check,
            tagged: false,
        });
        Ok(())
    }

    /// `untag_fixnum` and `tag_fixnum`: a tag of a fixnum at hand is that
    /// fixnum's register.
    pub(super) fn tagging(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
    ) -> Result<(), Unsupported> {
        match op {
            Op::UntagFixnum => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.tagged.insert(node, src);
                self.emit(Inst::Untag { dst, src });
            }
            Op::TagFixnum => match self.tagged.get(&inputs[0]) {
                Some(&fixnum) if !self.vreg_of.contains_key(&node) => {
                    self.vreg_of.insert(node, fixnum);
                }
                _ => {
                    let src = self.value(inputs[0])?;
                    let dst = self.vreg(node);
                    self.emit(Inst::Tag { dst, src });
                }
            },
            _ => unreachable!("tagging only"),
        }
        Ok(())
    }

    /// Float arithmetic, conversion, unboxing and boxing.
    pub(super) fn float(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
    ) -> Result<(), Unsupported> {
        match op {
            Op::FloatArith(float) => {
                let a = self.value(inputs[0])?;
                let b = self.value(inputs[1])?;
                let dst = self.vreg(node);
                let op = match float {
                    FloatOp::Add => FloatBinOp::Add,
                    FloatOp::Sub => FloatBinOp::Sub,
                    FloatOp::Mul => FloatBinOp::Mul,
                    FloatOp::Div => FloatBinOp::Div,
                };
                self.emit(Inst::FloatBin { op, dst, a, b });
            }
            Op::IntToFloat => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::IntToFloat { dst, src });
            }
            Op::FloatMath(function) => {
                let src = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                let address = function.helper() as usize as u64;
                self.call(Some(dst), address, function.name(), false, vec![src]);
            }
            Op::FloatToInt => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::FloatToInt { dst, src });
            }
            Op::FloatSqrt => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::FloatSqrt { dst, src });
            }
            // Inline for flonums (and 0.0); the helper only for heap
            // Floats.
            Op::UnboxFloat => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let helper = Helper {
                    name: "unbox_float",
                    address: self.helpers.unbox_float as usize as u64,
                };
                self.emit(Inst::UnboxFloat { dst, src, helper });
            }
            Op::BoxFloat => {
                let src = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let helper = Helper {
                    name: "box_float",
                    address: self.helpers.box_float as usize as u64,
                };
                self.emit(Inst::BoxFloat { dst, src, helper });
            }
            _ => unreachable!("Float nodes only"),
        }
        Ok(())
    }

    /// Integer `+ - & |` computed on the operands' fixnums, when both are
    /// at hand, so that neither is untagged nor the result tagged:
    ///
    /// ```text
    /// a + b   ->  (A - 1) + B     (A = 2a + 1, B = 2b + 1)
    /// a - b   ->  (A - B) + 1
    /// a + 3   ->  A + 6
    /// a & b   ->  A & B           (and | alike)
    /// ```
    ///
    /// A fixnum has 63 bits, so the machine's overflow flag alone says
    /// when the result leaves the fixnum range. The result's fixnum is at
    /// hand for its users (a `tag_fixnum` of it is that register, a
    /// comparison compares fixnums); the integer is untagged from it for
    /// any other user, and the untag goes again when there is none
    /// ([`Lir::remove_dead_values`]).
    fn tagged_arith(
        &mut self,
        node: NodeId,
        int: IntOp,
        check: Option<SiteId>,
    ) -> Result<bool, Unsupported> {
        let inputs = self.graph.inputs(node);
        let int = int.checked_form();
        let (a, b) = match (self.tagged_opd(inputs[0]), self.tagged_opd(inputs[1])) {
            (Some(Opd::Reg(a)), Some(b)) => (a, b),
            (Some(a @ Opd::Imm(_)), Some(Opd::Reg(b))) if int != IntOp::Sub => (b, a),
            _ => return Ok(false),
        };
        if !matches!(
            int,
            IntOp::Add | IntOp::Sub | IntOp::And | IntOp::Or | IntOp::Max | IntOp::Min
        ) {
            return Ok(false);
        }
        let fixnum = self.new_vreg();
        let bin = |this: &mut Self, op, dst, a, b, check| {
            this.emit(Inst::Bin {
                op,
                dst,
                a,
                b,
                check,
                tagged: check.is_some(),
            })
        };
        match (int, b) {
            (IntOp::Add, Opd::Imm(bits)) => {
                bin(self, BinOp::Add, fixnum, a, Opd::Imm(bits - 1), check)
            }
            (IntOp::Sub, Opd::Imm(bits)) => {
                bin(self, BinOp::Sub, fixnum, a, Opd::Imm(bits - 1), check)
            }
            (IntOp::Add, b) => {
                let untagged = self.new_vreg();
                bin(self, BinOp::Sub, untagged, a, Opd::Imm(1), None);
                bin(self, BinOp::Add, fixnum, untagged, b, check);
            }
            (IntOp::Sub, b) => {
                let difference = self.new_vreg();
                bin(self, BinOp::Sub, difference, a, b, check);
                bin(self, BinOp::Add, fixnum, difference, Opd::Imm(1), None);
            }
            (IntOp::And, b) => bin(self, BinOp::And, fixnum, a, b, check),
            (IntOp::Max, b) => bin(self, BinOp::Max, fixnum, a, b, None),
            (IntOp::Min, b) => bin(self, BinOp::Min, fixnum, a, b, None),
            (_, b) => bin(self, BinOp::Or, fixnum, a, b, check),
        }
        self.tagged.insert(node, fixnum);
        let dst = self.vreg(node);
        self.emit(Inst::Untag { dst, src: fixnum });
        Ok(true)
    }
}

/// Ruby's `/` on two fixnum integers (the divisor is not zero).
pub extern "C" fn floor_div(a: i64, b: i64) -> i64 {
    if b == -1 {
        return a.wrapping_neg();
    }
    abi::floor_div(a, b)
}

/// Integer `<=>`: -1, 0 or 1.
pub extern "C" fn int_order(a: i64, b: i64) -> i64 {
    a.cmp(&b) as i64
}

/// Ruby's `<<` on two fixnum integers: a word outside the fixnum range
/// when the result is not a fixnum (the caller's range check deoptimises).
pub extern "C" fn shift_left(a: i64, b: i64) -> i64 {
    abi::shift_left(a, b).unwrap_or(i64::MAX)
}

/// Ruby's `>>` on two fixnum integers, as [`shift_left`].
pub extern "C" fn shift_right(a: i64, b: i64) -> i64 {
    abi::shift_left(a, -b).unwrap_or(i64::MAX)
}

/// Ruby's `%` on two fixnum integers (the divisor is not zero).
pub extern "C" fn floor_mod(a: i64, b: i64) -> i64 {
    if b == -1 {
        return 0;
    }
    abi::floor_mod(a, b)
}
