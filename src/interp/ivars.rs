//! Instance variables through the site's shape cache: a read or write of
//! `@x` is one shape compare and a slot access when the receiver has the
//! shape the site saw last; otherwise the object's shape is looked up and
//! the cache refilled.

use crate::inline_cache::{IvarCache, IvarLine};
use crate::method::LoadedMethod;
use crate::object::RObject;
use crate::value::Value;
use crate::vm::{Vm, VmResult};

impl Vm {
    /// `@x` through the site's shape cache: one compare and a slot load
    /// when the receiver has the shape the site saw last.
    #[inline]
    pub(crate) fn get_ivar_cached(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        receiver: Value,
    ) -> Value {
        self.ivar_get_through(&method.ivar_caches[site], receiver)
    }

    /// The variable of `cache` (an ivar site's, or an `attr_reader`
    /// method's) in `receiver`. The hit is inlined where it is read.
    #[inline]
    pub fn ivar_get_through(&mut self, cache: &IvarCache, receiver: Value) -> Value {
        if let Some(object) = receiver.get::<RObject>() {
            if let Some(line) = cache.lookup(object.shape.get()) {
                return object.slot(line.slot as usize);
            }
        }
        self.ivar_get_missed(cache, receiver)
    }

    /// [`Vm::ivar_get_through`] when the cache has no line for the
    /// receiver's shape (or it is no plain object): looks the slot up
    /// and fills the cache.
    #[inline(never)]
    fn ivar_get_missed(&mut self, cache: &IvarCache, receiver: Value) -> Value {
        let name = cache.name();
        if let Some(object) = receiver.get::<RObject>() {
            let shape = object.shape.get();
            if let Some(slot) = self.shapes.slot(shape, name) {
                cache.insert(IvarLine {
                    shape,
                    slot,
                    next: shape,
                    class: object.header.class(),
                });
                return object.slot(slot as usize);
            }
            return Value::NIL;
        }
        self.ivar_get(receiver, name)
    }

    /// `@x = value` through the site's shape cache (a hit needs the slot to
    /// exist already; a new variable takes the shape transition).
    pub(crate) fn set_ivar_cached(
        &mut self,
        method: &LoadedMethod,
        site: usize,
        receiver: Value,
        value: Value,
    ) -> VmResult<()> {
        self.ivar_set_through(&method.ivar_caches[site], receiver, value)
    }

    /// The variable of `cache` (an ivar site's, or an `attr_writer`
    /// method's) in `receiver` set to `value`.
    pub fn ivar_set_through(
        &mut self,
        cache: &IvarCache,
        receiver: Value,
        value: Value,
    ) -> VmResult<()> {
        let name = cache.name();
        if let Some(object) = receiver.get::<RObject>() {
            let shape = object.shape.get();
            let cached = cache.lookup(shape);
            if let Some(line) = cached.filter(|_| !object.header.is_frozen()) {
                if line.next == shape {
                    object.set_slot(line.slot as usize, value);
                    return Ok(());
                }
                // The cached transition: the variable is new here.
                if line.class == object.header.class() {
                    object.push_slot(value);
                    object.shape.set(line.next);
                    return Ok(());
                }
            }
            self.ivar_set(receiver, name, value)?;
            let next = object.shape.get();
            if let Some(slot) = self.shapes.slot(next, name) {
                let class = object.header.class();
                let line = IvarLine {
                    shape,
                    slot,
                    next,
                    class,
                };
                if cache.lookup(shape).is_none() {
                    cache.insert(line);
                }
            }
            return Ok(());
        }
        self.ivar_set(receiver, name, value)
    }
}
