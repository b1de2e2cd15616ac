//! Inline caches: what each call site and instance-variable site
//! remembers of the lookups it did.
//!
//! A send site caches the method it found for the receiver's class. The
//! first class seen makes it *monomorphic*; a few more (up to
//! [`POLYMORPHIC_LIMIT`]) make it *polymorphic*, a short list searched in
//! order; past that it is *megamorphic* and stops caching (the VM's
//! global method cache serves it). Every entry is valid only while the
//! VM's method serial is the one the cache recorded: defining or removing
//! any method, or including a module, bumps the serial, and the next call
//! through the site starts again from empty, keeping its state if it had
//! already gone megamorphic.
//!
//! ```text
//! shapes.each { |s| s.area }     # Circle, Square, Circle, Square ...
//!   area: empty -> mono(Circle) -> poly(Circle, Square)
//! ```
//!
//! Instance-variable sites cache by shape: `@x` in shape S is slot n. A
//! write that adds a variable caches the transition too (shape S, plus
//! `@x`, gives shape T with `@x` in the new last slot), so `initialize`
//! runs without looking anything up after its first call.
//!
//! The same states are the profile the JIT reads: a monomorphic site is
//! one it can guard on a single class and inline.

use crate::object::{Cref, MethodEntry};
use crate::shape::ShapeId;
use crate::value::Value;
use smallvec::SmallVec;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// How many classes (or shapes) a site caches before it goes megamorphic.
pub const POLYMORPHIC_LIMIT: usize = 4;

/// The cache of one send site.
#[derive(Default)]
pub struct CallCache {
    serial: u64,
    lines: SmallVec<[(Value, Rc<MethodEntry>); 1]>,
    megamorphic: bool,
}

impl CallCache {
    /// The method cached for receivers of `class`, if the cache holds one
    /// for the current `serial`.
    #[inline]
    pub fn lookup(&self, class: Value, serial: u64) -> Option<&Rc<MethodEntry>> {
        if self.serial != serial {
            return None;
        }
        self.lines
            .iter()
            .find(|(cached, _)| *cached == class)
            .map(|(_, entry)| entry)
    }

    /// Forgets every cached method.
    pub fn clear(&mut self) {
        self.lines.clear();
    }

    /// Remembers that receivers of `class` call `entry` (under `serial`).
    /// True when the site became more polymorphic: a class after its
    /// first, or megamorphic (a refill after a new serial is not).
    pub fn insert(&mut self, class: Value, entry: Rc<MethodEntry>, serial: u64) -> bool {
        if self.serial != serial {
            self.serial = serial;
            self.lines.clear();
        }
        if self.megamorphic {
            return false;
        }
        if self.lines.len() == POLYMORPHIC_LIMIT {
            self.lines.clear();
            self.megamorphic = true;
            return true;
        }
        self.lines.push((class, entry));
        self.lines.len() > 1
    }

    /// The one method cached, while the site is monomorphic.
    pub fn monomorphic(&self) -> Option<&Rc<MethodEntry>> {
        match (self.megamorphic, &self.lines[..]) {
            (false, [(_, entry)]) => Some(entry),
            _ => None,
        }
    }

    /// The methods cached now (whatever their serial).
    pub fn entries(&self) -> impl Iterator<Item = &Rc<MethodEntry>> + '_ {
        self.lines.iter().map(|(_, entry)| entry)
    }

    /// The classes cached now (for the profile dump and the JIT).
    pub fn classes(&self) -> impl Iterator<Item = Value> + '_ {
        self.lines.iter().map(|(class, _)| *class)
    }

    /// Whether the site saw too many classes to cache.
    pub fn is_megamorphic(&self) -> bool {
        self.megamorphic
    }

    /// `mono`, `poly` or `mega`, or `empty` before any call.
    pub fn state(&self) -> &'static str {
        match (self.megamorphic, self.lines.len()) {
            (true, _) => "mega",
            (false, 0) => "empty",
            (false, 1) => "mono",
            _ => "poly",
        }
    }
}

/// The cache of one `const` site: the value the constant had, looked up
/// from the lexical scope `scope`, valid while the VM's constant serial
/// is `serial` (assigning or removing any constant, or including a
/// module anywhere, moves it on). A site keeps one line: the scope of the
/// code running it is the same on every call but for a `def` run in
/// two class bodies, which refills it each time.
///
/// ```text
/// def area = PI * r * r      # const PI: hit -> the value, no lookup
/// ```
///
/// The value needs no root of its own: while the serial holds, the
/// constant still refers to it.
#[derive(Default)]
pub struct ConstantCache(RefCell<Option<ConstantLine>>);

struct ConstantLine {
    serial: u64,
    scope: Rc<Cref>,
    value: Value,
}

impl ConstantCache {
    /// The value cached for lookups from `scope` under `serial`.
    #[inline]
    pub fn lookup(&self, scope: &Rc<Cref>, serial: u64) -> Option<Value> {
        match &*self.0.borrow() {
            Some(line) if line.serial == serial && Rc::ptr_eq(&line.scope, scope) => {
                Some(line.value)
            }
            _ => None,
        }
    }

    /// Remembers that looking the constant up from `scope` under `serial`
    /// found `value`.
    pub fn fill(&self, scope: &Rc<Cref>, serial: u64, value: Value) {
        *self.0.borrow_mut() = Some(ConstantLine {
            serial,
            scope: scope.clone(),
            value,
        });
    }
}

/// What a send site called last, in the form the run loop calls without
/// a lookup: an attribute method with the slot it reads or writes, a core
/// method pure on its operands with its function, or the core `!=` of a
/// receiver whose `==` is such a method. Valid while the
/// VM's method serial is the one recorded, for receivers of the class
/// recorded. See `interp::send_lines` for how the run loop uses it.
#[derive(Default)]
pub struct SendLine(Cell<Option<SendLineEntry>>);

/// What a [`SendLine`] holds: valid while the VM's method serial is
/// `serial`, for receivers of class `class`.
#[derive(Clone, Copy, Debug)]
pub struct SendLineEntry {
    pub serial: u64,
    pub class: Value,
    pub target: SendLineTarget,
}

/// The method a [`SendLine`] calls.
#[derive(Clone, Copy, Debug)]
pub enum SendLineTarget {
    /// An `attr_reader`: in objects of shape `shape` its variable is slot
    /// `slot`.
    Reader { shape: ShapeId, slot: u32 },
    /// An `attr_writer` (its argument above the receiver): in objects of
    /// shape `shape` its variable is slot `slot` already.
    Writer { shape: ShapeId, slot: u32 },
    /// A core method pure on the operands `on` (see
    /// [`crate::method::NativeMethod::pure`]), whose function is `func`
    /// in the VM's table, taking the site's `argc` arguments; `negated`
    /// for the core `!=` of a receiver whose `==` that method is (its
    /// answer turned around). `shortcut` when the line answers without
    /// calling the method.
    Pure {
        func: crate::method::NativeId,
        on: crate::method::PureOn,
        argc: u8,
        negated: bool,
        shortcut: PureShortcut,
    },
}

/// What a pure line answers without calling its method.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PureShortcut {
    /// Nothing: the line calls the method.
    None,
    /// BasicObject's `==` (an identity test): whether the receiver is the
    /// argument.
    Identity,
    /// Kernel's (and NilClass's) `nil?`: whether the receiver is nil.
    IsNil,
    /// Kernel's `is_a?` and `kind_of?`: whether the receiver's class is
    /// the argument (a class or module) or has it among its ancestors.
    KindOf,
    /// Kernel's `block_given?`: whether the frame running the send has a
    /// block (what the core method finds in the frame below its own).
    BlockGiven,
}

impl SendLine {
    /// What the line holds, if its method serial is still `serial`.
    #[inline(always)]
    pub fn lookup(&self, serial: u64) -> Option<SendLineEntry> {
        self.0.get().filter(|line| line.serial == serial)
    }

    /// Remembers `entry` (replacing the line before).
    pub fn fill(&self, entry: SendLineEntry) {
        self.0.set(Some(entry));
    }
}

/// One cached instance-variable location: in objects of shape `shape` the
/// variable is slot `slot`; for a write that adds it, `next` is the shape
/// the object moves to (else `next == shape`), valid for objects of class
/// `class` (whose variable order the first write recorded).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IvarLine {
    pub shape: ShapeId,
    pub slot: u32,
    pub next: ShapeId,
    pub class: Value,
}

/// The cache of one `getivar`/`setivar` site (or attribute method): the
/// variable it reads or writes, and its first `len` lines (a fixed array:
/// a lookup is a short scan, with no storage to choose). Its cells change
/// in place: a hit reads them without the borrow flag a `RefCell` would
/// set and clear on every access, and without the variable's name, which
/// only a miss needs.
pub struct IvarCache {
    name: bytecode::Sym,
    lines: [Cell<IvarLine>; POLYMORPHIC_LIMIT],
    len: Cell<u8>,
    megamorphic: Cell<bool>,
}

impl IvarCache {
    /// An empty cache for variable `name`.
    pub fn new(name: bytecode::Sym) -> IvarCache {
        let unused = IvarLine {
            shape: ShapeId::ROOT,
            slot: 0,
            next: ShapeId::ROOT,
            class: Value::NIL,
        };
        IvarCache {
            name,
            lines: std::array::from_fn(|_| Cell::new(unused)),
            len: Cell::new(0),
            megamorphic: Cell::new(false),
        }
    }

    /// The variable (`@x`) the cache's site reads or writes.
    pub fn name(&self) -> bytecode::Sym {
        self.name
    }

    #[inline]
    pub fn lookup(&self, shape: ShapeId) -> Option<IvarLine> {
        self.lines().find(|line| line.shape == shape)
    }

    /// The lines cached now (for the JIT).
    #[inline]
    pub fn lines(&self) -> impl Iterator<Item = IvarLine> + '_ {
        let len = usize::from(self.len.get()).min(POLYMORPHIC_LIMIT);
        self.lines[..len].iter().map(Cell::get)
    }

    pub fn is_megamorphic(&self) -> bool {
        self.megamorphic.get()
    }

    pub fn insert(&self, line: IvarLine) {
        if self.megamorphic.get() {
            return;
        }
        let len = usize::from(self.len.get());
        if len == POLYMORPHIC_LIMIT {
            self.len.set(0);
            self.megamorphic.set(true);
            return;
        }
        self.lines[len].set(line);
        self.len.set(self.len.get() + 1);
    }

    /// `mono`, `poly`, `mega` or `empty`, as for [`CallCache::state`].
    pub fn state(&self) -> &'static str {
        match (self.megamorphic.get(), self.len.get()) {
            (true, _) => "mega",
            (false, 0) => "empty",
            (false, 1) => "mono",
            _ => "poly",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::{MethodBody, Visibility};

    fn entry() -> Rc<MethodEntry> {
        Rc::new(MethodEntry {
            body: MethodBody::AttrReader(crate::object::IvarAccessor::new(bytecode::Sym(1))),
            visibility: Visibility::Public,
            owner: Value::NIL,
            cref: None,
        })
    }

    #[test]
    fn a_call_cache_goes_from_mono_to_poly_to_mega() {
        let mut cache = CallCache::default();
        assert_eq!(cache.state(), "empty");
        let classes: Vec<Value> = (1..=5).map(Value::small).collect();
        assert!(!cache.insert(classes[0], entry(), 7));
        assert_eq!(cache.state(), "mono");
        assert!(cache.monomorphic().is_some());
        assert!(cache.lookup(classes[0], 7).is_some());
        assert!(cache.lookup(classes[1], 7).is_none());
        for &class in &classes[1..4] {
            assert!(cache.insert(class, entry(), 7));
        }
        assert_eq!(cache.state(), "poly");
        assert!(cache.monomorphic().is_none());
        assert!(cache.lookup(classes[3], 7).is_some());
        assert!(cache.insert(classes[4], entry(), 7));
        assert_eq!(cache.state(), "mega");
        assert!(!cache.insert(classes[4], entry(), 7));
        assert!(cache.lookup(classes[0], 7).is_none());
    }

    #[test]
    fn a_new_method_serial_empties_the_cache_but_megamorphic_stays() {
        let mut cache = CallCache::default();
        cache.insert(Value::small(1), entry(), 1);
        assert!(cache.lookup(Value::small(1), 2).is_none());
        cache.insert(Value::small(2), entry(), 2);
        assert_eq!(cache.classes().collect::<Vec<_>>(), vec![Value::small(2)]);
        for n in 3..=7 {
            cache.insert(Value::small(n), entry(), 2);
        }
        assert_eq!(cache.state(), "mega");
        cache.insert(Value::small(1), entry(), 3);
        assert_eq!(cache.state(), "mega");
    }

    #[test]
    fn an_ivar_cache_finds_lines_by_shape() {
        let cache = IvarCache::new(bytecode::Sym(1));
        let line = IvarLine {
            shape: ShapeId(3),
            slot: 1,
            next: ShapeId(4),
            class: Value::NIL,
        };
        cache.insert(line);
        assert_eq!(cache.lookup(ShapeId(3)), Some(line));
        assert_eq!(cache.lookup(ShapeId(4)), None);
        assert_eq!(cache.state(), "mono");
    }
}
