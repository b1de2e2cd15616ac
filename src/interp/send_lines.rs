//! Send lines: the run loop's call without a lookup.
//!
//! A plain send finds its method in its site's [`CallCache`]: a borrow of
//! the cache, a scan of its lines, a reference count on the entry, then a
//! match on the method's kind and the checks of its call. For these
//! methods that is most of the work of the call:
//!
//! - an attribute method (`attr_reader`, `attr_writer`), which reads or
//!   writes one slot of the receiver;
//! - a core method pure on its operands ([`PureOn`]: `Array#push`,
//!   `shift`, `Kernel#nil?`, `String#==`...), which the plain send
//!   already runs without a frame ([`Vm::pure_core_call`]);
//! - the core `!=` of a receiver whose `==` is such a method, which looks
//!   `==` up on every call: the line calls that `==` and turns its answer
//!   around.
//!
//! Some pure methods need no call at all: BasicObject's `==` (an identity
//! test: `nil == x`, `node == other` of plain objects) and the `!=` of its
//! receivers, whose line compares the two operands, Kernel's `nil?`,
//! whose line tests the receiver, `is_a?`, which walks the receiver's
//! ancestry without the call, and `block_given?` (not pure: it reads
//! its caller's frame, which is the frame running the line), whose line
//! tests the running frame ([`PureShortcut`]). Range's `begin`, `end` and
//! `exclude_end?` read a slot of a Range: their line is a reader's.
//!
//! After such a call, the plain send leaves in the site's [`SendLine`]
//! what the next one needs: the method serial, the receiver's class and,
//! for an accessor, the receiver's shape and the variable's slot, for a
//! pure method its function. The run loop tries the line before a
//! send, and before the send of a quickened operation whose inline path
//! does not apply (`a == b` of Strings); a hit is a compare or two and the
//! slot, or the function:
//!
//! ```text
//! packet.link        # Packet in shape 7, serial 42 -> Reader slot 0
//!   hit:  push object.slot(0)
//! queue.push(job)    # Array, serial 42 -> Pure Array#push, 1 argument
//!   hit:  push (Array#push)(queue, job)
//! miss:   the plain send, which fills the line again
//! ```
//!
//! The accessor's shape is checked with the class because shapes are
//! shared between classes: an object of another class in the same shape
//! may have another method of that name. A writer's line is for a
//! variable the object has already (no shape transition), and misses on a
//! frozen receiver; a pure method misses on operands it is not pure on,
//! and when it fails (the send runs it again with its frame, to raise as
//! MRI does). A hit records the profile as the send would, and a pure
//! call spends its step of the `--max-steps` budget.
//!
//! [`CallCache`]: crate::inline_cache::CallCache
//! [`SendLine`]: crate::inline_cache::SendLine
//! [`PureShortcut`]: crate::inline_cache::PureShortcut
//! [`PureOn`]: crate::method::PureOn

use crate::inline_cache::{PureShortcut, SendLineEntry, SendLineTarget};
use crate::method::{LoadedMethod, NativeId, NativeMethod, PureOn};
use crate::object::{IvarAccessor, MethodBody, MethodEntry, RObject};
use crate::value::Value;
use crate::vm::Vm;
use std::rc::Rc;

impl Vm {
    /// The send at site `site` of `method`, made through the site's line
    /// when it holds the method for this receiver (see the module doc).
    /// False, with nothing done, on a miss: the caller then makes the
    /// send.
    #[inline(always)]
    pub(super) fn line_send(&mut self, method: &LoadedMethod, site: u32) -> bool {
        let site = site as usize;
        let Some(line) = method.sites[site].line.lookup(self.method_serial) else {
            return false;
        };
        match line.target {
            SendLineTarget::Reader { shape, slot } => {
                let top = self.context.stack.len() - 1;
                let Some(object) = Self::line_object(self.context.stack[top], line.class, shape)
                else {
                    return false;
                };
                self.record_kinds(method, site, line.class, top, 0);
                self.context.stack[top] = object.slot(slot as usize);
                true
            }
            SendLineTarget::Writer { shape, slot } => {
                let top = self.context.stack.len() - 1;
                let receiver_index = top - 1;
                let Some(object) =
                    Self::line_object(self.context.stack[receiver_index], line.class, shape)
                else {
                    return false;
                };
                if object.header.is_frozen() {
                    return false;
                }
                self.record_kinds(method, site, line.class, receiver_index, 1);
                let value = self.context.stack[top];
                object.set_slot(slot as usize, value);
                self.context.stack[receiver_index] = value;
                self.context.stack.truncate(top);
                true
            }
            SendLineTarget::Pure {
                func,
                on,
                argc,
                negated,
                shortcut,
            } => {
                let call = (func, on, usize::from(argc), negated);
                if shortcut != PureShortcut::None {
                    return self.shortcut_line_send(method, site, line.class, shortcut, call);
                }
                self.pure_line_send(method, site, line.class, call)
            }
        }
    }

    /// [`Vm::line_send`] of a pure core method (`call`: its function, the
    /// operands it is pure on, the site's argument count, whether its
    /// answer is turned around) for receivers of class `class`, answered by
    /// `shortcut` without calling it.
    #[inline(never)]
    fn shortcut_line_send(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        class: Value,
        shortcut: PureShortcut,
        (_, _, argc, negated): (NativeId, PureOn, usize, bool),
    ) -> bool {
        let top = self.context.stack.len() - 1;
        let receiver_index = top - argc;
        let receiver = self.context.stack[receiver_index];
        // With no step left, the send raises the limit's `fatal` (or a
        // signal's handler runs).
        if self.class_of(receiver) != class || self.step_needs_attention() {
            return false;
        }
        let answer = match shortcut {
            PureShortcut::Identity => receiver == self.context.stack[top],
            PureShortcut::IsNil => receiver.is_nil(),
            PureShortcut::KindOf => {
                let module = self.context.stack[top];
                // Not a class or module: the send raises TypeError.
                if module.get::<crate::object::RClass>().is_none() {
                    return false;
                }
                self.is_kind_of(receiver, module)
            }
            PureShortcut::BlockGiven => self
                .context
                .frames
                .last()
                .is_some_and(|frame| frame.block.is_some()),
            PureShortcut::None => unreachable!("a line with no shortcut calls its method"),
        };
        // (As the method's call spends one.)
        self.steps_left -= 1;
        self.record_kinds(method, site, class, receiver_index, argc);
        self.context.stack.truncate(receiver_index);
        self.context.stack.push(Value::bool(answer != negated));
        true
    }

    /// `value`, if it is a plain object of class `class` in shape `shape`.
    #[inline(always)]
    fn line_object(
        value: Value,
        class: Value,
        shape: crate::shape::ShapeId,
    ) -> Option<&'static RObject> {
        let object = value.get::<RObject>()?;
        (object.header.class() == class && object.shape.get() == shape).then_some(object)
    }

    /// [`Vm::line_send`] of a pure core method `func` (pure on `on`, the
    /// site passing `argc` arguments; its answer turned around when
    /// `negated`) for receivers of class `class`.
    #[inline(never)]
    fn pure_line_send(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        class: Value,
        (func, on, argc, negated): (NativeId, PureOn, usize, bool),
    ) -> bool {
        let receiver_index = self.context.stack.len() - 1 - argc;
        // The operands one by one: a copy of a slice of unknown length
        // calls `memcpy`.
        let at = |i: usize| {
            let stack = &self.context.stack;
            stack.get(receiver_index + i).copied().unwrap_or(Value::NIL)
        };
        let operands = [at(0), at(1), at(2)];
        let operands = &operands[..=argc];
        if self.class_of(operands[0]) != class
            || (on != PureOn::AnyOperands && !self.is_pure_on(on, operands))
        {
            return false;
        }
        // With no step left, the send raises the limit's `fatal` (or a
        // signal's handler runs).
        if self.step_needs_attention() {
            return false;
        }
        let Ok(result) = (self.native_fn(func))(self, operands[0], &operands[1..]) else {
            return false;
        };
        // (A pure method calls no Ruby code, which would spend steps.)
        self.steps_left -= 1;
        let result = if negated {
            Value::bool(!result.truthy())
        } else {
            result
        };
        self.record_kinds(method, site, class, receiver_index, argc);
        self.context.stack.truncate(receiver_index);
        self.context.stack.push(result);
        true
    }

    /// Remembers in the line of site `site` of `method` that it called
    /// `accessor` (a writer when `writer`) on `receiver`, when the receiver
    /// is a plain object that has the variable.
    pub(super) fn remember_accessor(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        accessor: &IvarAccessor,
        receiver: Value,
        writer: bool,
    ) {
        let Some(object) = receiver.get::<RObject>() else {
            return;
        };
        let shape = object.shape.get();
        let Some(slot) = self.shapes.slot(shape, accessor.ivar()) else {
            return;
        };
        let target = if writer {
            SendLineTarget::Writer { shape, slot }
        } else {
            SendLineTarget::Reader { shape, slot }
        };
        method.sites[site].line.fill(SendLineEntry {
            serial: self.method_serial,
            class: object.header.class(),
            target,
        });
    }

    /// Remembers in the line of site `site` of `method` that it called the
    /// pure core method `native` with `argc` arguments (at most two) on
    /// `receiver` (of class `class`), which it was pure on.
    pub(super) fn remember_pure(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        (receiver, class): (Value, Value),
        native: &NativeMethod,
        argc: usize,
    ) {
        if let Some(slot) = self.range_reader_slot(native, receiver) {
            let shape = self.range_shape.expect("a Range in the Ranges' shape");
            method.sites[site].line.fill(SendLineEntry {
                serial: self.method_serial,
                class,
                target: SendLineTarget::Reader { shape, slot },
            });
        } else if argc <= 2 {
            self.fill_pure_line(method, (site, argc as u8), class, native, false);
        }
    }

    /// The slot Range reader `native` (`begin`, `end`, `exclude_end?`)
    /// reads of `receiver`, when it is one and the receiver a Range in the
    /// shape all Ranges share: its line reads the slot as an
    /// `attr_reader`'s does.
    fn range_reader_slot(&self, native: &NativeMethod, receiver: Value) -> Option<u32> {
        let object = receiver.get::<RObject>()?;
        if self.range_shape != Some(object.shape.get()) {
            return None;
        }
        let slot = self
            .range_readers
            .iter()
            .position(|reader| runs_native(reader, native))?;
        Some(slot as u32)
    }

    /// Remembers in the line of site `site` of `method` that it called the
    /// core `!=` (`entry`) on a receiver of class `class`, when that
    /// class's `==` is a pure core method: the line calls it and turns its
    /// answer around, as `!=` does, without looking `==` up on each call.
    pub(super) fn remember_not_equal(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        class: Value,
        entry: &Rc<MethodEntry>,
    ) {
        if !is_core(&self.basic_object_ne, entry) {
            return;
        }
        let eq = self.sym.eq;
        let Some(found) = self.find_method(class, eq) else {
            return;
        };
        if let MethodBody::Native(native) = &found.body {
            self.fill_pure_line(method, (site, 1), class, native, true);
        }
    }

    /// Remembers in the line of site `site` of `method` that it called
    /// Kernel's `block_given?` (`entry`) with self of class `class`: the
    /// line answers it from the running frame (see [`PureShortcut`]).
    pub(super) fn remember_block_given(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        class: Value,
        entry: &Rc<MethodEntry>,
    ) {
        if !is_core(&self.block_given, entry) {
            return;
        }
        let MethodBody::Native(native) = &entry.body else {
            return;
        };
        method.sites[site].line.fill(SendLineEntry {
            serial: self.method_serial,
            class,
            target: SendLineTarget::Pure {
                func: native.func,
                on: PureOn::AnyOperands,
                argc: 0,
                negated: false,
                shortcut: PureShortcut::BlockGiven,
            },
        });
    }

    /// Fills the line of site `site` of `method` (passing `argc`
    /// arguments) with the pure core method `native` for receivers of
    /// class `class` (turned around when `negated`); nothing when `native`
    /// is not pure.
    fn fill_pure_line(
        &self,
        method: &LoadedMethod,
        (site, argc): (usize, u8),
        class: Value,
        native: &NativeMethod,
        negated: bool,
    ) {
        let Some(on) = native.pure else {
            return;
        };
        let is = |entry: &Option<Rc<MethodEntry>>| runs_native(entry, native);
        let shortcut = if is(&self.basic_object_eq) {
            PureShortcut::Identity
        } else if self.nil_p.iter().any(is) {
            PureShortcut::IsNil
        } else if self.kind_of.iter().any(is) {
            PureShortcut::KindOf
        } else {
            PureShortcut::None
        };
        method.sites[site].line.fill(SendLineEntry {
            serial: self.method_serial,
            class,
            target: SendLineTarget::Pure {
                func: native.func,
                on,
                argc,
                negated,
                shortcut,
            },
        });
    }
}

/// Whether `entry` is the core method `core` (an entry the VM keeps).
fn is_core(core: &Option<Rc<MethodEntry>>, entry: &Rc<MethodEntry>) -> bool {
    core.as_ref().is_some_and(|core| Rc::ptr_eq(core, entry))
}

/// Whether the core method `core` (an entry the VM keeps) runs the
/// function of `native` (which may be its entry's copy under another
/// name, or an alias of it).
fn runs_native(core: &Option<Rc<MethodEntry>>, native: &NativeMethod) -> bool {
    core.as_ref().is_some_and(
        |core| matches!(&core.body, MethodBody::Native(core) if core.func == native.func),
    )
}
