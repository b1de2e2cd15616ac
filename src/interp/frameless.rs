//! Core methods called without a frame.
//!
//! Every call of a core method pushes a frame record, for what the method
//! may need of it: its name in a backtrace when it raises, the block it
//! was given, the caller's frame below it. A method that is pure on its
//! operands (see [`PureOn`]: it calls no Ruby code and, when it fails, has
//! changed nothing) needs none of that when it succeeds, so the
//! interpreter's plain sends and compiled code's direct calls run it
//! without the record, and only when it fails run it again with its frame,
//! to raise as MRI does:
//!
//! ```ruby
//! node.nil?            # Kernel#nil?: no frame
//! queue.push(job)      # Array#push, any argument: no frame
//! queue.shift          # Array#shift: no frame
//! frozen.shift         # frozen receiver: the framed call, which raises
//! ```                  # FrozenError "in `shift'"

use crate::method::{NativeMethod, PureOn};
use crate::object::RString;
use crate::value::Value;
use crate::vm::Vm;

impl Vm {
    /// Core method `core` called with `operands` (the receiver first) and
    /// no block, run without a frame when it is pure on them (see
    /// [`PureOn`]; any other operand might be converted by Ruby code, as
    /// `to_int`). Its result, or None when it is not pure on them or fails
    /// (it runs again with its frame then, to raise as MRI does).
    pub(crate) fn pure_core_call(
        &mut self,
        core: &NativeMethod,
        operands: &[Value],
    ) -> Option<Value> {
        let argc = operands.len() - 1;
        let fits = usize::from(core.min) <= argc && core.max.is_none_or(|max| argc <= max.into());
        let on = core.pure.filter(|_| fits)?;
        if !self.is_pure_on(on, operands) {
            return None;
        }
        (self.native_fn(core.func))(self, operands[0], &operands[1..]).ok()
    }

    /// Whether a core method pure on `on` is pure on `operands` (the
    /// receiver first).
    #[inline(always)]
    pub(super) fn is_pure_on(&self, on: PureOn, operands: &[Value]) -> bool {
        let string = |v: &Value| v.get::<RString>().is_some();
        let (receiver, args) = (operands[0], &operands[1..]);
        match on {
            PureOn::AnyOperands => true,
            PureOn::Integers => operands
                .iter()
                .all(|v| crate::core::integer::Int::of(*v).is_some()),
            // A frozen receiver would fail, and the error's message
            // inspects it (calling Ruby code): it takes the framed way.
            PureOn::FixnumArguments => !receiver.is_frozen() && args.iter().all(|v| v.is_fixnum()),
            PureOn::AnyArguments => !receiver.is_frozen(),
            PureOn::StringAppend => {
                string(&receiver)
                    && !receiver.is_frozen()
                    && args.iter().all(|v| v.is_fixnum() || string(v))
            }
            PureOn::StringIndex => {
                string(&receiver)
                    && args.iter().enumerate().all(|(n, v)| {
                        v.is_fixnum() || (n == 0 && (string(v) || self.is_fixnum_range(*v)))
                    })
            }
            PureOn::StringPadding => {
                string(&receiver)
                    && args.first().is_some_and(|width| width.is_fixnum())
                    && args.get(1).is_none_or(string)
            }
            PureOn::Strings => string(&receiver) && args.iter().all(string),
        }
    }

    /// Whether `value` is a Range whose ends are fixnums or nil (reading
    /// them calls nothing).
    fn is_fixnum_range(&self, value: Value) -> bool {
        if value.is_fixnum() || !self.is_kind_of(value, self.c.range) {
            return false;
        }
        let (first, last, _) = self.range_parts(value);
        [first, last]
            .iter()
            .all(|end| end.is_fixnum() || end.is_nil())
    }
}
