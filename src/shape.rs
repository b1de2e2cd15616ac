//! Shapes: where an object keeps each instance variable.
//!
//! Objects do not carry a name -> value table. An object holds a *shape* id
//! and a vector of slots; the shape says which instance variable lives in
//! which slot. Shapes form a tree: the root has no variables, and the first
//! write of a new variable moves the object to a child shape with one more
//! slot. Objects that gain the same variables in the same order share
//! shapes, so a cache that remembers "shape 7: @x is slot 1" serves all of
//! them. The interpreter's ivar caches do exactly that, and the JIT will
//! turn them into a shape guard plus a slot load.
//!
//! ```text
//! class Point
//!   def initialize(x, y)
//!     @x = x        # root --@x--> S1 {@x: 0}
//!     @y = y        # S1   --@y--> S2 {@x: 0, @y: 1}
//!   end
//! end
//! ```
//!
//! Every `Point.new` ends in shape S2: `@y` is always slot 1.
//!
//! Classes keep their own variables in a table, and other objects without
//! slots (a String or Array given `@note`) in the VM's generic table, as
//! MRI does; both are rare, and neither has a shape.

use bytecode::Sym;
use fxhash::FxHashMap;

/// The id of a shape in the VM's [`ShapeTree`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ShapeId(pub u32);

impl ShapeId {
    /// The shape with no instance variables.
    pub const ROOT: ShapeId = ShapeId(0);
}

struct Shape {
    parent: ShapeId,
    /// The variable this shape added (unused for the root).
    name: Sym,
    /// How many slots objects of this shape have.
    slots: u32,
    transitions: FxHashMap<Sym, ShapeId>,
}

/// Every shape ever made.
pub struct ShapeTree {
    shapes: Vec<Shape>,
}

impl Default for ShapeTree {
    fn default() -> Self {
        ShapeTree::new()
    }
}

impl ShapeTree {
    pub fn new() -> ShapeTree {
        let root = Shape {
            parent: ShapeId::ROOT,
            name: Sym(u32::MAX),
            slots: 0,
            transitions: FxHashMap::default(),
        };
        ShapeTree { shapes: vec![root] }
    }

    /// The slot of `name` in objects of `shape`, if they have it.
    pub fn slot(&self, shape: ShapeId, name: Sym) -> Option<u32> {
        let mut current = shape;
        while current != ShapeId::ROOT {
            let s = &self.shapes[current.0 as usize];
            if s.name == name {
                return Some(s.slots - 1);
            }
            current = s.parent;
        }
        None
    }

    /// The shape an object of `shape` moves to when it gains `name`, if an
    /// object ever did.
    pub fn existing_transition(&self, shape: ShapeId, name: Sym) -> Option<ShapeId> {
        self.shapes[shape.0 as usize]
            .transitions
            .get(&name)
            .copied()
    }

    /// The shape an object of `shape` moves to when it gains `name` (whose
    /// slot is the old slot count).
    pub fn transition(&mut self, shape: ShapeId, name: Sym) -> ShapeId {
        if let Some(&child) = self.shapes[shape.0 as usize].transitions.get(&name) {
            return child;
        }
        let child = ShapeId(self.shapes.len() as u32);
        let slots = self.shapes[shape.0 as usize].slots + 1;
        self.shapes.push(Shape {
            parent: shape,
            name,
            slots,
            transitions: FxHashMap::default(),
        });
        self.shapes[shape.0 as usize]
            .transitions
            .insert(name, child);
        child
    }

    /// The variables of `shape`, in slot order.
    pub fn names(&self, shape: ShapeId) -> Vec<Sym> {
        let mut names = Vec::new();
        let mut current = shape;
        while current != ShapeId::ROOT {
            let s = &self.shapes[current.0 as usize];
            names.push(s.name);
            current = s.parent;
        }
        names.reverse();
        names
    }

    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_gaining_the_same_variables_share_shapes() {
        let mut tree = ShapeTree::new();
        let (x, y) = (Sym(1), Sym(2));
        let s1 = tree.transition(ShapeId::ROOT, x);
        let s2 = tree.transition(s1, y);
        assert_eq!(tree.transition(ShapeId::ROOT, x), s1);
        assert_eq!(tree.transition(s1, y), s2);
        assert_eq!(tree.slot(s2, x), Some(0));
        assert_eq!(tree.slot(s2, y), Some(1));
        assert_eq!(tree.slot(s1, y), None);
        assert_eq!(tree.names(s2), vec![x, y]);
        // Another order is another branch.
        let t1 = tree.transition(ShapeId::ROOT, y);
        assert_ne!(t1, s1);
        assert_eq!(tree.slot(t1, y), Some(0));
    }
}
