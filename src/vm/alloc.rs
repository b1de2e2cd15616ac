//! Allocation and collection.
//!
//! [`Vm::alloc`] places an object on the heap, collecting first when the
//! heap asks for it; the `new_*` constructors build the common objects.
//! [`Vm::collect`] is the mark-and-sweep of `heap.rs` with this VM's
//! precise roots: the value stack, the frames, globals, constants, method
//! tables, literals, and whatever the caller is holding (`extra`):
//!
//! ```text
//! let s = vm.new_str("a");   // may collect first; s is live after
//! let a = vm.new_array(vec![s]);   // s must be reachable from here on
//! ```

use super::Vm;
use crate::heap::{HeapObject, Marker};
use crate::object::{RArray, RBignum, RFloat, RObject, RString};
use crate::value::Value;
use num_bigint::BigInt;

impl Vm {
    /// Places a new object on the heap, collecting first if it is time (the
    /// object being placed is a root of that collection).
    pub fn alloc<T: HeapObject>(&mut self, object: T) -> Value {
        if self.heap.needs_collection() {
            self.collect(|marker| object.trace(marker));
        }
        self.heap.place(object)
    }

    pub fn new_string(&mut self, bytes: Vec<u8>) -> Value {
        self.new_string_of(crate::object::string_bytes(bytes))
    }

    /// A String of `bytes` (in the String's cell when they fit).
    pub fn new_string_from(&mut self, bytes: &[u8]) -> Value {
        self.new_string_of(crate::object::StringBytes::from_slice(bytes))
    }

    pub fn new_string_of(&mut self, bytes: crate::object::StringBytes) -> Value {
        if bytes.spilled() {
            self.heap.note_external(bytes.capacity());
        }
        let class = self.c.string;
        self.alloc(RString::new(class, bytes))
    }

    pub fn new_str(&mut self, text: &str) -> Value {
        self.new_string_from(text.as_bytes())
    }

    pub fn new_array(&mut self, items: Vec<Value>) -> Value {
        self.heap.note_external(items.capacity() * 8);
        let class = self.c.array;
        self.alloc(RArray::new(class, items))
    }

    /// A Float: a flonum when it has one (inline: a few instructions,
    /// without the allocator's frame), else a heap cell.
    #[inline(always)]
    pub fn new_float(&mut self, value: f64) -> Value {
        match Value::flonum(value) {
            Some(v) => v,
            None => self.new_heap_float(value),
        }
    }

    /// A Float with no flonum (its exponent out of the flonum range).
    #[inline(never)]
    fn new_heap_float(&mut self, value: f64) -> Value {
        let class = self.c.float;
        self.alloc(RFloat {
            header: crate::heap::Header::new(RFloat::KIND, class),
            value,
        })
    }

    /// An Integer: a fixnum when it fits, else a Bignum.
    pub fn new_integer(&mut self, value: BigInt) -> Value {
        if let Ok(n) = i64::try_from(&value) {
            if let Some(v) = Value::fixnum(n) {
                return v;
            }
        }
        let class = self.c.integer;
        self.alloc(RBignum {
            header: crate::heap::Header::new(RBignum::KIND, class),
            value,
        })
    }

    /// An Integer from an i128 (results of fixnum arithmetic).
    #[inline]
    pub fn new_int(&mut self, value: i128) -> Value {
        if let Ok(n) = i64::try_from(value) {
            if let Some(v) = Value::fixnum(n) {
                return v;
            }
        }
        self.new_integer(BigInt::from(value))
    }

    pub fn new_object(&mut self, class: Value) -> Value {
        self.alloc(RObject::new(class))
    }

    // --- garbage collection ----------------------------------------------

    /// A full collection. `extra` reports additional roots.
    pub fn collect(&mut self, extra: impl FnOnce(&mut Marker)) {
        let mut marker = self.heap.start_collection();
        self.context.trace(&mut marker);
        marker.mark_all(&self.classes);
        marker.mark_all(&self.pinned);
        marker.mark_all(&self.temp_roots.borrow());
        marker.mark_all(&self.at_exit);
        for command in self.traps.values() {
            marker.mark(command);
        }
        marker.mark(self.main);
        for value in self.globals.values() {
            marker.mark(value);
        }
        for ivars in self.generic_ivars.values() {
            for &value in ivars.values() {
                marker.mark(value);
            }
        }
        for entry in self.method_entries.values() {
            entry.trace(&mut marker);
        }
        if let Some(jit) = &self.jit {
            jit.state.trace(&mut marker);
        }
        extra(&mut marker);
        let (generic_ivars, procs_of_blocks, method_entries, randoms) = (
            &mut self.generic_ivars,
            &mut self.procs_of_blocks,
            &mut self.method_entries,
            &mut self.randoms,
        );
        self.heap
            .finish_collection(marker, crate::object::trace_cell, || {
                let marked = |value: &Value| value.header().is_some_and(|h| h.is_marked());
                generic_ivars.retain(|object, _| marked(object));
                procs_of_blocks.retain(|_, proc| marked(proc));
                method_entries.retain(|method, _| marked(method));
                randoms.retain_live(marked);
            });
        self.check_heap_limit();
    }

    /// Appends a new String for each of `pieces` to the Array `array`, one
    /// at a time (each is reachable from the Array before the next is
    /// made).
    pub fn append_strings<'a>(&mut self, array: Value, pieces: impl IntoIterator<Item = &'a [u8]>) {
        for piece in pieces {
            let string = self.new_string_from(piece);
            array
                .get::<RArray>()
                .expect("an Array")
                .items_mut()
                .push(string);
        }
    }
}
