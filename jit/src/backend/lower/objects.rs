//! Objects: instance variables, Arrays and Strings.
//!
//! An instance variable in an object's cell is one load, and a write one
//! store after a test of the frozen bit (a write that adds the variable
//! also stores the new shape and slot count); a variable outside the cell
//! is a load of the pointer to the object's overflow slots first (only a
//! write that adds one there calls a helper, which may make room), and one
//! read or written by name (a site that saw too many shapes) is a helper
//! call. Array elements are loads and stores in the
//! Array's buffer; the core's other operations (String indexing and
//! comparison, `kind_of?`, `new`) are helper calls:
//!
//! ```text
//! @b = @a              v2 = load [v0 + 24]
//!                      v3 = load [v0 + 0]
//!                      guard v3 & 0x200 == 0 else site 2
//!                      store [v0 + 32], v2
//!                      store32 [v0 + 16], 0x3
//! @f = @b (slot 5)     v4 = load [v0 + 56]
//!                      store [v4 + 8], v2
//! s[i]                 v4 = call string_char_at(ctx, v1, v3)
//! ```

use super::{Lowering, MapState, Unsupported};
use crate::backend::lir::*;
use crate::ir::{Cmp, GuardReason, NodeId, Op};
use bytecode::Insn;

impl Lowering<'_> {
    /// Shapes and instance variables: loads and stores in the object's
    /// cell or its overflow slots.
    pub(super) fn ivar(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        match op {
            Op::LoadShape => {
                let object = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let layout = self.rt.object_layout();
                self.emit(Inst::LoadShape {
                    dst,
                    object,
                    shaped: layout.shaped,
                    offset: layout.shape_offset,
                });
            }
            Op::LoadIvar { slot } => {
                let object = self.value(inputs[0])?;
                let dst = self.vreg(node);
                let (base, offset) = self.slot_address(object, slot);
                self.emit(Inst::Load {
                    dst,
                    base,
                    index: None,
                    offset,
                });
            }
            // A slot the shape has, or one added in the cell (an added
            // overflow slot may need room: the helper below).
            Op::StoreIvar { slot, to }
                if to.is_none() || slot < self.rt.object_layout().embedded_slots =>
            {
                let layout = self.rt.object_layout();
                let object = self.value(inputs[0])?;
                let src = self.opd(inputs[1])?;
                self.frozen_guard(node, object, map)?;
                let (base, offset) = self.slot_address(object, slot);
                self.emit(Inst::Store {
                    base,
                    index: None,
                    offset,
                    src,
                    half: false,
                });
                if let Some(shape) = to {
                    let half_words = [
                        (layout.shape_offset, shape.0 as i64),
                        (layout.len_offset, slot as i64 + 1),
                    ];
                    for (offset, word) in half_words {
                        self.emit(Inst::Store {
                            base: object,
                            index: None,
                            offset,
                            src: Opd::Imm(word),
                            half: true,
                        });
                    }
                }
                map.current = None;
            }
            Op::StoreIvar { slot, to } => {
                let object = self.opd(inputs[0])?;
                let value = self.opd(inputs[1])?;
                let shape = to.expect("a slot added past the cell").0 as i64;
                let args = vec![object, Opd::Imm(slot as i64), value, Opd::Imm(shape)];
                let helper = self.helpers.store_ivar as usize as u64;
                self.guarded_write(node, (helper, "store_ivar"), true, args, map)?;
            }
            Op::LoadIvarNamed(name) => {
                let args = vec![self.opd(inputs[0])?, Opd::Imm(name.0 as i64)];
                let dst = self.vreg(node);
                let helper = self.helpers.load_ivar_named as usize as u64;
                self.call(Some(dst), helper, "load_ivar_named", false, args);
            }
            Op::StoreIvarNamed(name) => {
                let object = self.opd(inputs[0])?;
                let value = self.opd(inputs[1])?;
                let args = vec![object, Opd::Imm(name.0 as i64), value];
                let helper = self.helpers.store_ivar_named as usize as u64;
                self.guarded_write(node, (helper, "store_ivar_named"), true, args, map)?;
            }
            _ => unreachable!("shapes and instance variables only"),
        }
        Ok(())
    }

    /// Array lengths, reads and writes.
    pub(super) fn array(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        match op {
            Op::ArrayLength => {
                let array = self.value(inputs[0])?;
                let dst = self.vreg(node);
                self.emit(Inst::Load {
                    dst,
                    base: array,
                    index: None,
                    offset: self.rt.array_layout().length_offset,
                });
            }
            Op::ArrayGet => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.array_get as usize as u64,
                    "array_get",
                    false,
                    args,
                );
            }
            Op::ArrayLoad => {
                let (array, index) = (self.value(inputs[0])?, self.opd(inputs[1])?);
                let dst = self.vreg(node);
                self.array_load(dst, array, index);
            }
            Op::ArrayStore => {
                let array = self.value(inputs[0])?;
                let (index, src) = (self.opd(inputs[1])?, self.opd(inputs[2])?);
                self.frozen_guard(node, array, map)?;
                let (elements, index, offset) = self.element_address(array, index);
                self.emit(Inst::Store {
                    base: elements,
                    index,
                    offset,
                    src,
                    half: false,
                });
                map.current = None;
            }
            Op::ArrayPush => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let helper = self.helpers.array_push as usize as u64;
                self.guarded_write(node, (helper, "array_push"), false, args, map)?;
            }
            _ => unreachable!("Array nodes only"),
        }
        Ok(())
    }

    /// The core's operations made by helpers: `new`, String indexing,
    /// length and comparisons, `kind_of?`.
    pub(super) fn core_helper(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        match op {
            Op::NewObject => {
                let args = vec![self.opd(inputs[0])?];
                let dst = self.vreg(node);
                let helper = self.helpers.new_object as usize as u64;
                self.call(Some(dst), helper, "new_object", true, args);
            }
            Op::StringCharAt => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                let helper = self.helpers.string_char_at as usize as u64;
                self.call(Some(dst), helper, "string_char_at", true, args);
            }
            Op::StringLength => {
                let args = vec![self.opd(inputs[0])?];
                let dst = self.vreg(node);
                let helper = self.helpers.string_length as usize as u64;
                self.call(Some(dst), helper, "string_length", false, args);
            }
            Op::IsKindOf => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.kind_of as usize as u64,
                    "kind_of",
                    true,
                    args,
                );
            }
            Op::CaseTarget { method, table } => {
                let subject = self.opd(inputs[0])?;
                let args = vec![Opd::Imm(method.0.into()), Opd::Imm(table.into()), subject];
                let dst = self.vreg(node);
                let helper = self.helpers.case_target as usize as u64;
                self.call(Some(dst), helper, "case_target", false, args);
            }
            Op::StringCompare => {
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                let helper = self.helpers.string_compare as usize as u64;
                self.call(Some(dst), helper, "string_compare", false, args);
            }
            Op::StringEq => {
                let site = self.site(node, SiteReason::Conversion, map)?;
                let args = vec![self.opd(inputs[0])?, self.opd(inputs[1])?];
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.string_eq as usize as u64,
                    "string_eq",
                    true,
                    args,
                );
                self.emit(Inst::Guard {
                    test: Test::Cmp(Cmp::Ne, dst, Opd::Imm(2)),
                    site,
                });
            }
            _ => unreachable!("helper nodes only"),
        }
        Ok(())
    }

    /// A String literal's instruction (`push` of a literal the graph did
    /// not make a constant).
    pub(super) fn string_literal(&mut self, node: NodeId, op: Op) {
        match op {
            // A String literal: a new String each time.
            Op::Insn {
                insn: Insn::Push(index),
                method,
                ..
            } => {
                let dst = self.vreg(node);
                let args = vec![Opd::Imm(method.0.into()), Opd::Imm(index.into())];
                let helper = self.helpers.string_literal as usize as u64;
                self.call(Some(dst), helper, "string_literal", true, args);
            }
            _ => unreachable!("String literals only"),
        }
    }

    /// Element `index` (inside it) of `array`, into `dst`.
    pub(super) fn array_load(&mut self, dst: VReg, array: VReg, index: Opd) {
        let (base, index, offset) = self.element_address(array, index);
        self.emit(Inst::Load {
            dst,
            base,
            index,
            offset,
        });
    }

    /// Deoptimises at `node`'s site when `object` is frozen.
    fn frozen_guard(
        &mut self,
        node: NodeId,
        object: VReg,
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let layout = self.rt.object_layout();
        let site = self.site(node, SiteReason::Guard(GuardReason::Frozen), map)?;
        let flags = self.new_vreg();
        self.emit(Inst::Load {
            dst: flags,
            base: object,
            index: None,
            offset: layout.frozen_offset,
        });
        self.emit(Inst::Guard {
            test: Test::Mask {
                value: flags,
                mask: layout.frozen_mask,
                zero: true,
            },
            site,
        });
        Ok(())
    }

    /// Where slot `slot` of a shaped `object` (whose shape has it) is: in
    /// the cell, or past the pointer to its overflow slots (loaded now).
    fn slot_address(&mut self, object: VReg, slot: u32) -> (VReg, i32) {
        let layout = self.rt.object_layout();
        if slot < layout.embedded_slots {
            return (object, layout.slots_offset + 8 * slot as i32);
        }
        let overflow = self.new_vreg();
        self.emit(Inst::Load {
            dst: overflow,
            base: object,
            index: None,
            offset: layout.overflow_offset,
        });
        (overflow, 8 * (slot - layout.embedded_slots) as i32)
    }

    /// Where element `index` of `array` is: the elements' address (loaded
    /// now), and the index register and offset from it.
    fn element_address(&mut self, array: VReg, index: Opd) -> (VReg, Option<VReg>, i32) {
        let elements = self.new_vreg();
        self.emit(Inst::Load {
            dst: elements,
            base: array,
            index: None,
            offset: self.rt.array_layout().elements_offset,
        });
        let (index, offset) = match index {
            Opd::Imm(n) => match n.checked_mul(8).and_then(|o| i32::try_from(o).ok()) {
                Some(offset) => (None, offset),
                None => {
                    let register = self.new_vreg();
                    self.emit(Inst::Mov {
                        dst: register,
                        src: index,
                    });
                    (Some(register), 0)
                }
            },
            Opd::Reg(register) => (Some(register), 0),
        };
        (elements, index, offset)
    }

    /// A write made by a helper that answers 1 when the object is frozen
    /// (nothing written): the node's site deoptimises then, and later sites
    /// resume after the write.
    fn guarded_write(
        &mut self,
        node: NodeId,
        (address, name): (u64, &'static str),
        with_ctx: bool,
        args: Vec<Opd>,
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        let site = self.site(node, SiteReason::Guard(GuardReason::Frozen), map)?;
        let failed = self.new_vreg();
        self.call(Some(failed), address, name, with_ctx, args);
        self.emit(Inst::Guard {
            test: Test::Cmp(Cmp::Eq, failed, Opd::Imm(0)),
            site,
        });
        map.current = None;
        Ok(())
    }
}
