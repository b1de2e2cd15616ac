//! An Array's elements, changeable at both ends in amortised constant time.
//!
//! A program that uses an Array as a queue takes from the front and adds
//! at the back:
//!
//! ```ruby
//! queue.push(job)
//! job = queue.shift
//! ```
//!
//! A plain vector would move every remaining element on each `shift`
//! (a 10,000-element queue drained one by one moves 50 million words).
//! MRI instead moves the start of the Array; so does [`ArrayItems`]: its
//! buffer keeps room before the first element. `shift` widens that room
//! by one (the slot is cleared, so the collector sees no stale value),
//! `unshift` narrows it, and when `unshift` finds no room it copies the
//! elements once into a buffer with as much room again in front as they
//! take, so that `n` unshifts copy O(n) words in all. The room is given
//! back when the buffer would otherwise grow: a `push` into a full buffer
//! whose front room is at least a quarter of it moves the elements down
//! instead of reallocating, so a queue that is shifted and pushed forever
//! keeps a bounded buffer.
//!
//! Everything else sees the elements as a slice (`Deref<Target = [Value]>`)
//! and changes them through the few vector operations below, each of
//! which keeps the room in front.

use crate::value::Value;
use std::ops::{Deref, DerefMut, RangeBounds};

/// The elements of an Array: `buffer[start..]`; the slots before `start`
/// are nil (room for `unshift`). `elements` and `length` say where the
/// elements are, as words compiled code reads (`#[repr(C)]` fixes their
/// offsets; see [`ArrayItems::ELEMENTS`]); every change keeps them true,
/// and `start` is `elements`' distance from the buffer's beginning.
#[repr(C)]
#[derive(Debug)]
pub struct ArrayItems {
    elements: *const Value,
    length: usize,
    buffer: Vec<Value>,
}

impl ArrayItems {
    /// Where compiled code finds the pointer to the first element and the
    /// length, from the start of an `ArrayItems`.
    pub const ELEMENTS: usize = std::mem::offset_of!(ArrayItems, elements);
    pub const LENGTH: usize = std::mem::offset_of!(ArrayItems, length);

    pub fn new() -> ArrayItems {
        ArrayItems::from(Vec::new())
    }

    /// The index in the buffer of the first element.
    fn start(&self) -> usize {
        // SAFETY: `elements` always points into (or one past the end of)
        // `buffer`'s allocation: every change sets it from the buffer.
        unsafe { self.elements.offset_from(self.buffer.as_ptr()) as usize }
    }

    /// Makes `buffer[start..]` the elements.
    fn set_start(&mut self, start: usize) {
        self.elements = self.buffer[start..].as_ptr();
        self.length = self.buffer.len() - start;
    }

    /// Room for `capacity` elements at the back.
    pub fn with_capacity(capacity: usize) -> ArrayItems {
        ArrayItems::from(Vec::with_capacity(capacity))
    }

    /// The elements, as a vector of their own.
    pub fn into_vec(mut self) -> Vec<Value> {
        self.compact();
        std::mem::take(&mut self.buffer)
    }

    #[inline]
    pub fn push(&mut self, value: Value) {
        if self.buffer.len() == self.buffer.capacity() {
            self.make_room_at_back();
        }
        let start = self.start();
        self.buffer.push(value);
        self.set_start(start);
    }

    /// A push found the buffer full: the room the front's shifted-out
    /// elements left is taken back when it is a quarter of the buffer
    /// or more (else the push grows the buffer).
    #[cold]
    fn make_room_at_back(&mut self) {
        if self.start() >= self.buffer.len() / 4 {
            self.compact();
        }
    }

    pub fn pop(&mut self) -> Option<Value> {
        if self.is_empty() {
            return None;
        }
        let start = self.start();
        let last = self.buffer.pop();
        self.set_start(start);
        last
    }

    /// Removes and returns the first element, in constant time.
    pub fn shift(&mut self) -> Option<Value> {
        let first = *self.first()?;
        self.shift_many(1);
        Some(first)
    }

    /// Removes the first `n` elements (all when fewer), in constant time.
    pub fn shift_many(&mut self, n: usize) {
        let n = n.min(self.len());
        let start = self.start();
        self.buffer[start..start + n].fill(Value::NIL);
        if start + n == self.buffer.len() {
            self.clear();
        } else {
            self.set_start(start + n);
        }
    }

    /// Puts `values` before the first element, in amortised time of their
    /// number.
    pub fn unshift(&mut self, values: &[Value]) {
        let n = values.len();
        let mut start = self.start();
        if n > start {
            let len = self.len();
            let room = n + len.max(4);
            let mut buffer = Vec::with_capacity(room + len);
            buffer.resize(room, Value::NIL);
            buffer.extend_from_slice(self);
            self.buffer = buffer;
            start = room;
        }
        start -= n;
        self.buffer[start..start + n].copy_from_slice(values);
        self.set_start(start);
    }

    pub fn insert(&mut self, index: usize, value: Value) {
        let start = self.start();
        if index == 0 && start > 0 {
            self.unshift(&[value]);
        } else {
            self.buffer.insert(start + index, value);
            self.set_start(start);
        }
    }

    pub fn remove(&mut self, index: usize) -> Value {
        if index == 0 {
            return self.shift().expect("an index inside the Array");
        }
        let start = self.start();
        let removed = self.buffer.remove(start + index);
        self.set_start(start);
        removed
    }

    pub fn truncate(&mut self, len: usize) {
        if len == 0 {
            self.clear();
        } else {
            let start = self.start();
            self.buffer.truncate(start + len);
            self.set_start(start);
        }
    }

    pub fn clear(&mut self) {
        self.buffer.clear();
        self.set_start(0);
    }

    /// The words the buffer holds (room included).
    pub fn capacity(&self) -> usize {
        self.buffer.capacity()
    }

    pub fn reserve(&mut self, additional: usize) {
        let start = self.start();
        self.buffer.reserve(additional);
        self.set_start(start);
    }

    pub fn resize(&mut self, len: usize, value: Value) {
        let start = self.start();
        self.buffer.resize(start + len, value);
        self.set_start(start);
    }

    pub fn extend_from_slice(&mut self, values: &[Value]) {
        // One value (`a.push(x)`, `a << x`) as one store, not a copy of a
        // slice of unknown length.
        if let [value] = values {
            self.push(*value);
        } else {
            self.extend(values.iter().copied());
        }
    }

    /// Removes the elements in `range` (indexes into the elements) and
    /// returns them.
    pub fn drain(&mut self, range: impl RangeBounds<usize>) -> Vec<Value> {
        let (from, to) = self.bounds(range);
        if from == 0 {
            let taken = self[..to].to_vec();
            self.shift_many(to);
            return taken;
        }
        let start = self.start();
        let taken = self.buffer.drain(start + from..start + to).collect();
        self.set_start(start);
        taken
    }

    /// Replaces the elements in `range` with `values`.
    pub fn splice(
        &mut self,
        range: impl RangeBounds<usize>,
        values: impl IntoIterator<Item = Value>,
    ) {
        let (from, to) = self.bounds(range);
        let start = self.start();
        self.buffer.splice(start + from..start + to, values);
        self.set_start(start);
    }

    /// Keeps the elements `keep` says yes to, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Value) -> bool) {
        self.compact();
        self.buffer.retain(keep);
        self.set_start(0);
    }

    /// Removes consecutive elements `same` says equal, keeping the first.
    pub fn dedup_by(&mut self, same: impl FnMut(&mut Value, &mut Value) -> bool) {
        self.compact();
        self.buffer.dedup_by(same);
        self.set_start(0);
    }

    /// The elements' indexes of `range`, checked to be inside them.
    fn bounds(&self, range: impl RangeBounds<usize>) -> (usize, usize) {
        use std::ops::Bound;
        let from = match range.start_bound() {
            Bound::Included(&n) => n,
            Bound::Excluded(&n) => n + 1,
            Bound::Unbounded => 0,
        };
        let to = match range.end_bound() {
            Bound::Included(&n) => n + 1,
            Bound::Excluded(&n) => n,
            Bound::Unbounded => self.len(),
        };
        assert!(from <= to && to <= self.len(), "a range inside the Array");
        (from, to)
    }

    /// Moves the elements to the start of the buffer.
    fn compact(&mut self) {
        let start = self.start();
        if start > 0 {
            self.buffer.drain(..start);
            self.set_start(0);
        }
    }
}

impl From<Vec<Value>> for ArrayItems {
    fn from(buffer: Vec<Value>) -> ArrayItems {
        ArrayItems {
            elements: buffer.as_ptr(),
            length: buffer.len(),
            buffer,
        }
    }
}

impl Default for ArrayItems {
    fn default() -> ArrayItems {
        ArrayItems::new()
    }
}

impl Clone for ArrayItems {
    fn clone(&self) -> ArrayItems {
        ArrayItems::from(self.to_vec())
    }
}

impl FromIterator<Value> for ArrayItems {
    fn from_iter<I: IntoIterator<Item = Value>>(values: I) -> ArrayItems {
        ArrayItems::from(values.into_iter().collect::<Vec<Value>>())
    }
}

impl Extend<Value> for ArrayItems {
    fn extend<I: IntoIterator<Item = Value>>(&mut self, values: I) {
        let values = values.into_iter();
        let spare = self.buffer.capacity() - self.buffer.len();
        if spare < values.size_hint().0 {
            self.compact();
        }
        let start = self.start();
        self.buffer.extend(values);
        self.set_start(start);
    }
}

impl Deref for ArrayItems {
    type Target = [Value];
    fn deref(&self) -> &[Value] {
        // SAFETY: `elements` and `length` describe `buffer[start..]`, which
        // this borrow of `self` keeps alive and unchanged.
        unsafe { std::slice::from_raw_parts(self.elements, self.length) }
    }
}

impl DerefMut for ArrayItems {
    fn deref_mut(&mut self) -> &mut [Value] {
        // SAFETY: as for `deref`, borrowed mutably through `self`.
        unsafe { std::slice::from_raw_parts_mut(self.elements.cast_mut(), self.length) }
    }
}

impl PartialEq for ArrayItems {
    fn eq(&self, other: &ArrayItems) -> bool {
        **self == **other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ints(items: &[Value]) -> Vec<i64> {
        items.iter().map(|v| v.fixnum_value()).collect()
    }

    fn of(values: &[i64]) -> ArrayItems {
        values.iter().map(|&n| Value::small(n)).collect()
    }

    #[test]
    fn shift_moves_the_start_and_clears_the_slot() {
        let mut items = of(&[1, 2, 3]);
        assert_eq!(items.shift().map(|v| v.fixnum_value()), Some(1));
        assert_eq!(ints(&items), [2, 3]);
        assert_eq!(items.start(), 1);
        assert!(items.buffer[0].is_nil());
        items.shift_many(5);
        assert!(items.is_empty());
        assert_eq!(items.shift(), None);
    }

    #[test]
    fn unshift_makes_room_in_front_once_for_many() {
        let mut items = of(&[5]);
        items.unshift(&[Value::small(4)]);
        let buffer = items.buffer.as_ptr();
        for n in (0..4).rev() {
            items.unshift(&[Value::small(n)]);
        }
        assert_eq!(ints(&items), [0, 1, 2, 3, 4, 5]);
        assert_eq!(items.buffer.as_ptr(), buffer, "no copy while room lasts");
        items.insert(0, Value::small(-1));
        items.insert(3, Value::small(9));
        assert_eq!(ints(&items), [-1, 0, 1, 9, 2, 3, 4, 5]);
    }

    #[test]
    fn a_queue_shifted_and_pushed_forever_keeps_a_bounded_buffer() {
        let mut items = of(&[0; 100]);
        for n in 0..100_000 {
            items.push(Value::small(n));
            items.shift();
        }
        assert_eq!(items.len(), 100);
        assert!(
            items.buffer.capacity() <= 512,
            "{}",
            items.buffer.capacity()
        );
        assert_eq!(items[99].fixnum_value(), 99_999);
    }

    #[test]
    fn vector_operations_see_only_the_elements() {
        let mut items = of(&[0, 1, 2, 3, 4, 5]);
        items.shift();
        assert_eq!(items.remove(1).fixnum_value(), 2);
        assert_eq!(ints(&items.drain(1..3)), [3, 4]);
        assert_eq!(ints(&items), [1, 5]);
        items.splice(1..2, [Value::small(7), Value::small(8)]);
        items.truncate(2);
        items.extend([Value::small(9)]);
        items.retain(|v| v.fixnum_value() != 7);
        assert_eq!(ints(&items), [1, 9]);
        assert_eq!(ints(&items.clone().into_vec()), [1, 9]);
        items.unshift(&[Value::small(0)]);
        assert_eq!(ints(&items.drain(..1)), [0]);
        assert_eq!(ints(&items), [1, 9]);
    }
}
