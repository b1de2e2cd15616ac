//! The instance variables of an object that do not fit in its cell.
//!
//! An [`crate::object::RObject`] keeps its first slots in the cell; the
//! rest live in one allocation the cell points at with a single word. The
//! word points at the first overflow slot, so compiled code reads overflow
//! slot `i` of an object whose shape it has checked with two loads, as it
//! reads an Array's element:
//!
//! ```text
//! cell:  | header | shape len | slot 0 .. slot 3 | overflow ----+
//!                                                               v
//! allocation:                              | capacity | slot 4 | slot 5 | ... |
//! ```
//!
//! The capacity sits in the word before the first slot, so the pointer is
//! the whole field (a `Vec` would take three words of the cell, a boxed one
//! a second load and a borrow flag). Every slot below the capacity holds a
//! value (nil until written), so any of them may be read.

use crate::value::Value;
use std::alloc::{alloc, dealloc, handle_alloc_error, realloc, Layout};
use std::cell::Cell;

/// The capacity of a first allocation.
const FIRST_CAPACITY: usize = 4;

/// Overflow slots: none, or an allocation of `capacity` slots after a
/// capacity word (see the module doc). One word: the pointer to the first
/// slot, which compiled code loads.
#[repr(transparent)]
pub struct OverflowSlots {
    slots: Cell<*mut Value>,
}

impl OverflowSlots {
    pub const fn new() -> OverflowSlots {
        OverflowSlots {
            slots: Cell::new(std::ptr::null_mut()),
        }
    }

    fn layout(capacity: usize) -> Layout {
        Layout::array::<u64>(capacity + 1).expect("overflow slots fit the address space")
    }

    /// How many slots the allocation has (0 without one).
    pub fn capacity(&self) -> usize {
        let slots = self.slots.get();
        if slots.is_null() {
            return 0;
        }
        // SAFETY: a non-null pointer points one word past the capacity word
        // of a live allocation this buffer owns.
        unsafe { *(slots as *const u64).sub(1) as usize }
    }

    /// Slot `index` (below the capacity).
    pub fn get(&self, index: usize) -> Value {
        assert!(index < self.capacity(), "an overflow slot in range");
        // SAFETY: in range (checked); every slot of the allocation holds a
        // value.
        unsafe { *self.slots.get().add(index) }
    }

    /// Writes slot `index` (below the capacity).
    pub fn set(&self, index: usize, value: Value) {
        assert!(index < self.capacity(), "an overflow slot in range");
        // SAFETY: in range (checked); the allocation is this buffer's, and
        // no reference into it outlives a call.
        unsafe { *self.slots.get().add(index) = value }
    }

    /// Writes slot `index`, growing the allocation when it is that full.
    pub fn set_growing(&self, index: usize, value: Value) {
        let capacity = self.capacity();
        if index >= capacity {
            self.grow((index + 1).max(capacity * 2).max(FIRST_CAPACITY));
        }
        self.set(index, value);
    }

    fn grow(&self, capacity: usize) {
        let old = self.capacity();
        let layout = Self::layout(capacity);
        // SAFETY: the layout is not empty; an existing allocation was made
        // with `layout(old)` from its capacity word's start.
        let start = unsafe {
            if old == 0 {
                alloc(layout)
            } else {
                let start = (self.slots.get() as *mut u8).sub(8);
                realloc(start, Self::layout(old), layout.size())
            }
        } as *mut u64;
        if start.is_null() {
            handle_alloc_error(layout);
        }
        // SAFETY: the allocation has `capacity + 1` words: the capacity,
        // then slots, those past `old` written nil here.
        unsafe {
            *start = capacity as u64;
            let slots = start.add(1) as *mut Value;
            for index in old..capacity {
                slots.add(index).write(Value::NIL);
            }
            self.slots.set(slots);
        }
    }

    /// Frees the allocation: no slots.
    pub fn clear(&self) {
        let capacity = self.capacity();
        if capacity > 0 {
            // SAFETY: the allocation was made with `layout(capacity)` from
            // its capacity word; nothing points into it after this.
            unsafe { dealloc((self.slots.get() as *mut u8).sub(8), Self::layout(capacity)) };
            self.slots.set(std::ptr::null_mut());
        }
    }
}

impl Default for OverflowSlots {
    fn default() -> Self {
        OverflowSlots::new()
    }
}

impl Drop for OverflowSlots {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_keeping_slots_and_fills_nil() {
        let slots = OverflowSlots::new();
        assert_eq!(slots.capacity(), 0);
        let number = |index: usize| Value::fixnum(index as i64).expect("a fixnum");
        for index in 0..9 {
            slots.set_growing(index, number(index));
        }
        assert_eq!(slots.capacity(), 16);
        for index in 0..9 {
            assert!(slots.get(index) == number(index));
        }
        assert!(slots.get(15) == Value::NIL);
        slots.clear();
        assert_eq!(slots.capacity(), 0);
    }

    #[test]
    #[should_panic(expected = "an overflow slot in range")]
    fn reading_past_the_capacity_panics() {
        let slots = OverflowSlots::new();
        slots.set_growing(0, Value::NIL);
        slots.get(FIRST_CAPACITY);
    }
}
