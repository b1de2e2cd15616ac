//! Recursion guards for the methods that walk nested Arrays and Hashes.
//!
//! An Array or Hash may contain itself, directly or through others
//! (`a = []; a << a`, `h = {}; h[:k] = [h]`). MRI keeps, per thread, the
//! objects whose `inspect`, `==`/`eql?` or `hash` is running
//! (`rb_exec_recursive`), and a method that meets one of them again answers
//! at once instead of recursing: `inspect` prints `[...]` or `{...}`, `==`
//! counts the pair as equal, `hash` uses a constant. Arrays and Hashes share
//! these guards, so a cycle through both kinds is caught too.
//!
//! The guarded values are also reachable from the VM stack (they are the
//! receivers and arguments of the running calls), so the collector needs no
//! root here.

use crate::value::Value;
use std::cell::RefCell;
use std::thread::LocalKey;

thread_local! {
    /// The containers whose `inspect` is running.
    static INSPECTING: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
    /// The pairs of containers `==` or `eql?` is comparing.
    static COMPARING: RefCell<Vec<(Value, Value)>> = const { RefCell::new(Vec::new()) };
    /// The containers whose `hash` is being computed.
    static HASHING: RefCell<Vec<Value>> = const { RefCell::new(Vec::new()) };
}

/// Runs `body` with `entry` pushed on a guard, popping it however `body`
/// ends.
fn guarded<T: Copy, R>(
    guard: &'static LocalKey<RefCell<Vec<T>>>,
    entry: T,
    body: impl FnOnce() -> R,
) -> R {
    guard.with(|stack| stack.borrow_mut().push(entry));
    let result = body();
    guard.with(|stack| stack.borrow_mut().pop());
    result
}

fn active<T: PartialEq>(guard: &'static LocalKey<RefCell<Vec<T>>>, entry: &T) -> bool {
    guard.with(|stack| stack.borrow().contains(entry))
}

/// Whether `inspect` of `value` is already running.
pub fn inspecting(value: Value) -> bool {
    active(&INSPECTING, &value)
}

/// Runs an `inspect` of `value`.
pub fn while_inspecting<R>(value: Value, body: impl FnOnce() -> R) -> R {
    guarded(&INSPECTING, value, body)
}

/// Whether `a` and `b` are already being compared.
pub fn comparing(a: Value, b: Value) -> bool {
    active(&COMPARING, &(a, b))
}

/// Runs a comparison of `a` with `b`.
pub fn while_comparing<R>(a: Value, b: Value, body: impl FnOnce() -> R) -> R {
    guarded(&COMPARING, (a, b), body)
}

/// Whether the `hash` of `value` is already being computed.
pub fn hashing(value: Value) -> bool {
    active(&HASHING, &value)
}

/// Runs a `hash` of `value`.
pub fn while_hashing<R>(value: Value, body: impl FnOnce() -> R) -> R {
    guarded(&HASHING, value, body)
}
