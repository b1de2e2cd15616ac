//! Fast paths: the basic operations (`+`, `<`, `[]`, `==`...) on Integers,
//! Floats, Arrays and Strings done in place, while they are the core's
//! own methods (a site's [`BasicOp`]); anything else is a send.
//!
//! ```text
//! 1 + 2      -> fixnum_op: 3, no frame, no lookup
//! 1.5 * 2    -> float_op
//! a[0]       -> array_index_inline
//! x + y      -> (x has its own +) send
//! ```

use super::interpolation_encoding;
use crate::method::{BasicOp, LoadedMethod, SiteState};
use crate::object::{RArray, RString};
use crate::value::Value;
use crate::vm::{class_data, Vm, VmResult};
use bytecode::abi;
use bytecode::profile::Kind;
use std::rc::Rc;

impl Vm {
    /// Whether the send of `state` may take its numeric operation's
    /// inline path: nobody redefined the operations, or it is core code.
    #[inline]
    pub(crate) fn numeric_op_inline(&self, state: &SiteState) -> bool {
        state.op.is_numeric() && (!self.basic_ops_redefined || state.core)
    }

    /// The profile kind of a value.
    #[inline]
    pub fn kind_of(&self, value: Value) -> Kind {
        self.kind_of_in(value, self.class_of(value))
    }

    /// [`Vm::kind_of`] for a value whose class the caller has at hand.
    #[inline]
    pub(super) fn kind_of_in(&self, value: Value, class: Value) -> Kind {
        if value.is_fixnum() {
            Kind::Fixnum
        } else if value.is_flonum() {
            Kind::Flonum
        } else {
            match value.header().map(|h| h.kind()) {
                Some(crate::heap::ObjKind::Bignum) => Kind::Bignum,
                Some(crate::heap::ObjKind::Float) => Kind::HeapFloat,
                _ => Kind::Class(class_data(class).id),
            }
        }
    }

    /// `[values...].max` (`max`) or `.min`: without an Array while the
    /// method is the core one, else the Array made and the method called.
    pub fn array_literal_extremum(&mut self, values: &[Value], max: bool) -> VmResult {
        let (name, core) = if max {
            (self.sym.max, &self.array_max)
        } else {
            (self.sym.min, &self.array_min)
        };
        let found = self.find_method(self.c.array, name);
        if let (Some(found), Some(core)) = (&found, core) {
            if Rc::ptr_eq(found, core) {
                let want = if max {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Less
                };
                return crate::core::array::literal_extreme(self, values, want);
            }
        }
        let array = self.new_array(values.to_vec());
        self.call_public(array, name, &[])
    }

    /// The interpreter's inline path for two fixnums: arithmetic on 64-bit
    /// integers (both operands are 63-bit, so `+`, `-` cannot overflow i64;
    /// `*` is checked), the result re-tagged when it is still a fixnum.
    /// `None` sends the slow way (Bignum results, division by zero).
    #[inline(always)]
    pub(super) fn fixnum_op(&mut self, op: BasicOp, a: Value, b: Value) -> Option<Value> {
        let (x, y) = (a.fixnum_value(), b.fixnum_value());
        match op {
            BasicOp::Plus => Value::fixnum(x + y),
            BasicOp::Minus => Value::fixnum(x - y),
            BasicOp::Mult => x.checked_mul(y).and_then(Value::fixnum),
            // Fixnums are 63-bit, so `/` and `%` cannot overflow i64.
            BasicOp::Div if y != 0 => Value::fixnum(abi::floor_div(x, y)),
            BasicOp::Mod if y != 0 => Some(Value::small(abi::floor_mod(x, y))),
            BasicOp::Lt => Some(Value::bool(x < y)),
            BasicOp::Le => Some(Value::bool(x <= y)),
            BasicOp::Gt => Some(Value::bool(x > y)),
            BasicOp::Ge => Some(Value::bool(x >= y)),
            BasicOp::Eq => Some(Value::bool(x == y)),
            BasicOp::Ne => Some(Value::bool(x != y)),
            BasicOp::BitAnd => Some(Value::small(x & y)),
            BasicOp::BitOr => Some(Value::small(x | y)),
            BasicOp::BitXor => Some(Value::small(x ^ y)),
            // Shifts that stay within a fixnum; the rest (large or negative
            // counts, bignum results) go to Integer#<< and #>>.
            BasicOp::Shl if (0..63).contains(&y) => {
                let shifted = x << y;
                (shifted >> y == x)
                    .then_some(())
                    .and_then(|()| Value::fixnum(shifted))
            }
            BasicOp::Shr if (0..64).contains(&y) => Some(Value::small(x >> y)),
            _ => None,
        }
    }

    /// Float arithmetic and comparisons (the inline path for two flonums,
    /// and the fast path for any two Floats). `None` for a modulo by zero,
    /// which raises.
    #[inline(always)]
    pub(super) fn float_op(&mut self, op: BasicOp, x: f64, y: f64) -> Option<Value> {
        Some(match op {
            BasicOp::Plus => self.new_float(x + y),
            BasicOp::Minus => self.new_float(x - y),
            BasicOp::Mult => self.new_float(x * y),
            BasicOp::Div => self.new_float(x / y),
            BasicOp::Mod if y != 0.0 => self.new_float(crate::core::float::float_mod_value(x, y)),
            BasicOp::Lt => Value::bool(x < y),
            BasicOp::Le => Value::bool(x <= y),
            BasicOp::Gt => Value::bool(x > y),
            BasicOp::Ge => Value::bool(x >= y),
            BasicOp::Eq => Value::bool(x == y),
            BasicOp::Ne => Value::bool(x != y),
            _ => return None,
        })
    }

    /// Fixnum and Float arithmetic and comparisons without a call, as MRI's
    /// `opt_*` instructions do them. A fixnum division by zero falls back to
    /// the real call (so the error comes from `Integer#/`); a Float modulo by
    /// zero raises right here, without a frame of its own, as in MRI.
    #[inline]
    pub(crate) fn basic_op(&mut self, op: BasicOp, a: Value, b: Value) -> VmResult<Option<Value>> {
        if a.is_fixnum() && b.is_fixnum() {
            if let Some(result) = self.fixnum_op(op, a, b) {
                return Ok(Some(result));
            }
            // The result left the fixnum range: compute it in 128 bits.
            let (x, y) = (a.fixnum_value() as i128, b.fixnum_value() as i128);
            return Ok(match op {
                BasicOp::Plus => Some(self.new_int(x + y)),
                BasicOp::Minus => Some(self.new_int(x - y)),
                BasicOp::Mult => Some(self.new_int(x * y)),
                _ => None,
            });
        }
        let (Some(x), Some(y)) = (
            crate::core::integer::float_of(a),
            crate::core::integer::float_of(b),
        ) else {
            return Ok(None);
        };
        if op == BasicOp::Mod && y == 0.0 {
            return Err(self.zero_division());
        }
        Ok(self.float_op(op, x, y))
    }

    /// The plain Array `value` is (of class Array itself: no subclass, no
    /// singleton class), whose `[]`, `[]=` and `size` the inline paths
    /// below answer while they are the core's.
    #[inline(always)]
    fn plain_array(&self, value: Value) -> Option<&'static RArray> {
        value
            .get::<RArray>()
            .filter(|array| array.header.class() == self.c.array)
    }

    /// The index `index` (a fixnum, negative from the end) names in an
    /// Array of `len` elements, when there is such an element.
    #[inline(always)]
    fn element_index(index: Value, len: usize) -> Option<usize> {
        let i = index.fixnum_value();
        let i = if i < 0 { i + len as i64 } else { i };
        (0..len as i64).contains(&i).then_some(i as usize)
    }

    /// The inline path of `array[index]` (`opt_aref`), on the operands at
    /// the top of the stack: replaces them with the element (nil out of
    /// range) and returns true when they are a plain Array and a fixnum.
    #[inline(always)]
    pub(super) fn array_index_inline<const ONE: bool>(
        &mut self,
        method: &LoadedMethod,
        site: usize,
    ) -> bool {
        let top = self.context.stack.len() - 1;
        let (receiver, index) = (self.stack_at::<ONE>(top - 1), self.stack_at::<ONE>(top));
        if !index.is_fixnum() {
            return false;
        }
        let Some(array) = self.plain_array(receiver) else {
            return false;
        };
        let element = {
            let items = array.items();
            Self::element_index(index, items.len()).map_or(Value::NIL, |i| items[i])
        };
        let class = self.c.array;
        self.record_kinds(method, site, class, top - 1, 1);
        self.pop_operand::<ONE>();
        self.set_stack_at::<ONE>(top - 1, element);
        true
    }

    /// The inline path of `array[index] = value` (`opt_aset`), on the
    /// operands at the top of the stack: stores the value and leaves it
    /// in their place, returning true, when they are a plain Array that is
    /// not frozen, a fixnum naming one of its elements, and the value.
    #[inline(always)]
    pub(super) fn array_set_inline<const ONE: bool>(
        &mut self,
        method: &LoadedMethod,
        site: usize,
    ) -> bool {
        let top = self.context.stack.len() - 1;
        let (receiver, index) = (self.stack_at::<ONE>(top - 2), self.stack_at::<ONE>(top - 1));
        if !index.is_fixnum() {
            return false;
        }
        let Some(array) = self.plain_array(receiver) else {
            return false;
        };
        if array.header.is_frozen() {
            return false;
        }
        let value = self.stack_at::<ONE>(top);
        {
            let mut items = array.items_mut();
            let Some(i) = Self::element_index(index, items.len()) else {
                return false;
            };
            items[i] = value;
        }
        let class = self.c.array;
        self.record_kinds(method, site, class, top - 2, 2);
        self.pop_operand::<ONE>();
        self.pop_operand::<ONE>();
        self.set_stack_at::<ONE>(top - 2, value);
        true
    }

    /// The inline path of `array.size` (`opt_size`), on the receiver at the
    /// top of the stack: replaces it with its length and returns true when
    /// it is a plain Array.
    #[inline(always)]
    pub(super) fn array_size_inline<const ONE: bool>(
        &mut self,
        method: &LoadedMethod,
        site: usize,
    ) -> bool {
        let top = self.context.stack.len() - 1;
        let Some(array) = self.plain_array(self.stack_at::<ONE>(top)) else {
            return false;
        };
        let size = Value::small(array.items().len() as i64);
        let class = self.c.array;
        self.record_kinds(method, site, class, top, 0);
        self.set_stack_at::<ONE>(top, size);
        true
    }

    /// Interpolation's String: the bytes of `parts` (Strings, as `tostring`
    /// left them), one after the other, in [`interpolation_encoding`]'s
    /// encoding (CompatibilityError when there is none). The parts stay
    /// where the caller keeps them (rooted) while the String is allocated.
    pub fn concat_strings(
        &mut self,
        encoding: bytecode::SourceEncoding,
        parts: &[Value],
    ) -> VmResult {
        let encoding = match interpolation_encoding(encoding.into(), parts) {
            Ok(encoding) => encoding,
            Err((first, second)) => {
                return Err(crate::core::encoding::incompatible(self, first, second))
            }
        };
        let mut bytes = crate::object::StringBytes::new();
        for part in parts {
            let string = part.get::<RString>().expect("tostring left a String");
            bytes.extend_from_slice(&string.bytes());
        }
        let string = self.new_string_of(bytes);
        if encoding != crate::encoding::Encoding::Utf8 {
            crate::core::string::string_of(string).set_encoding(encoding);
        }
        Ok(string)
    }
}
