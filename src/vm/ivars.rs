//! Instance variables: reading, writing and removing them, whatever the
//! object is.
//!
//! A plain object keeps its ivars in slots laid out by its shape
//! (`shape.rs`): the first write of a name moves the object to the next
//! shape of the tree; a class or module keeps them in a table of its own;
//! any other object (a String, an Array...) in the VM's generic table.
//!
//! ```ruby
//! p = Object.new
//! p.instance_variable_set(:@x, 1)   # shape {} -> {@x}, slot 0
//! "str".instance_variable_set(:@y, 2)   # generic_ivars["str"][:@y]
//! ```

use crate::object::{RClass, RObject};
use crate::shape::ShapeId;
use crate::value::Value;
use crate::vm::{class_data, Vm, VmResult};
use bytecode::Sym;

impl Vm {
    /// The instance variable `name` of `object` (nil when unset).
    pub fn ivar_get(&self, object: Value, name: Sym) -> Value {
        if let Some(o) = object.get::<RObject>() {
            return match self.shapes.slot(o.shape.get(), name) {
                Some(slot) => o.slot(slot as usize),
                None => Value::NIL,
            };
        }
        if object.get::<RClass>().is_some() {
            return class_data(object)
                .ivars
                .borrow()
                .get(&name)
                .copied()
                .unwrap_or(Value::NIL);
        }
        self.generic_ivars
            .get(&object)
            .and_then(|ivars| ivars.get(&name).copied())
            .unwrap_or(Value::NIL)
    }

    /// Sets the instance variable `name` of `object`, moving it to a new
    /// shape on the first write of `name`. FrozenError on a frozen object.
    pub fn ivar_set(&mut self, object: Value, name: Sym, value: Value) -> VmResult<()> {
        self.check_frozen(object)?;
        if let Some(o) = object.get::<RObject>() {
            let shape = o.shape.get();
            match self.shapes.slot(shape, name) {
                Some(slot) => o.set_slot(slot as usize, value),
                None => {
                    let next = self.shapes.transition(shape, name);
                    o.push_slot(value);
                    o.shape.set(next);
                    let class = self.real_class_of(object);
                    let mut order = class_data(class).ivar_order.borrow_mut();
                    if !order.contains(&name) {
                        order.push(name);
                    }
                }
            }
            return Ok(());
        }
        if object.get::<RClass>().is_some() {
            class_data(object).ivars.borrow_mut().insert(name, value);
            return Ok(());
        }
        self.generic_ivars
            .entry(object)
            .or_default()
            .insert(name, value);
        Ok(())
    }

    /// Removes instance variable `name`, returning its value. The object
    /// keeps its slots, rebuilt along the shape path without `name`.
    pub fn ivar_remove(&mut self, object: Value, name: Sym) -> VmResult {
        self.check_frozen(object)?;
        let value = self.ivar_get(object, name);
        if let Some(o) = object.get::<RObject>() {
            let names = self.shapes.names(o.shape.get());
            let values = o.slots();
            let mut shape = ShapeId::ROOT;
            let mut slots = Vec::with_capacity(values.len());
            for (n, v) in names.into_iter().zip(values) {
                if n != name {
                    shape = self.shapes.transition(shape, n);
                    slots.push(v);
                }
            }
            o.shape.set(shape);
            o.set_slots(slots);
        } else if object.get::<RClass>().is_some() {
            class_data(object).ivars.borrow_mut().shift_remove(&name);
        } else if let Some(ivars) = self.generic_ivars.get_mut(&object) {
            ivars.shift_remove(&name);
        }
        Ok(value)
    }

    /// The names of `object`'s instance variables, in the order they were
    /// first set (internal ones, without `@`, left out).
    pub fn ivar_names(&self, object: Value) -> Vec<Sym> {
        let names = if let Some(o) = object.get::<RObject>() {
            let mut names = self.shapes.names(o.shape.get());
            let order = class_data(self.real_class_of(object)).ivar_order.borrow();
            names.sort_by_key(|name| order.iter().position(|n| n == name));
            names
        } else if object.get::<RClass>().is_some() {
            class_data(object).ivars.borrow().keys().copied().collect()
        } else {
            self.generic_ivars
                .get(&object)
                .map(|ivars| ivars.keys().copied().collect())
                .unwrap_or_default()
        };
        names
            .into_iter()
            .filter(|&n| self.symbols.name(n).starts_with('@'))
            .collect()
    }
}
