//! Deoptimisation maps: what the interpreter needs to take over a frame
//! that compiled code was running (seed 004).
//!
//! A map names, for each frame (the compiled method's own, and one per
//! inlined callee around the point of failure, outermost first), the method,
//! the bytecode index to resume at, and where to find the receiver, the
//! arguments, the live locals and the operand stack:
//!
//! ```text
//!   method:   add_with_side_effects
//!   ip:       12
//!   receiver: first value
//!   args:     2 values
//!   locals:   {}
//!   stack:    2 values
//! ```
//!
//! An outer frame is suspended in a call: it resumes when the inner frame
//! returns, with the returned value pushed, at the instruction after `ip`.
//!
//! Equal maps are one map ([`DeoptMaps::intern`]): guards that roll back to
//! the same point share it. Until the code generator assigns registers a
//! value's [`Source`] is the IR node that computes it.

use fxhash::FxHashMap;

/// Where a value of the interpreter's frame is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Source {
    /// The value of IR node n (before register allocation).
    Node(u32),
    /// A value known when compiling (its `bytecode::abi` encoding).
    Constant(u64),
}

/// One interpreter frame to rebuild.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FrameMap {
    /// The runtime's handle of the method (or block).
    pub method: u32,
    pub ip: u32,
    pub receiver: Source,
    pub args: Vec<Source>,
    /// Live locals by slot; the others resume as nil.
    pub locals: Vec<(u16, Source)>,
    pub stack: Vec<Source>,
}

/// The frames to rebuild, outermost first.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DeoptMap {
    pub frames: Vec<FrameMap>,
}

/// A map's number in its table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MapId(pub u32);

/// The maps of one compiled method, each kept once.
#[derive(Default, Debug)]
pub struct DeoptMaps {
    maps: Vec<DeoptMap>,
    index: FxHashMap<DeoptMap, MapId>,
}

impl DeoptMaps {
    /// The id of `map`, adding it if no equal map is there yet.
    pub fn intern(&mut self, map: DeoptMap) -> MapId {
        if let Some(&id) = self.index.get(&map) {
            return id;
        }
        let id = MapId(self.maps.len() as u32);
        self.maps.push(map.clone());
        self.index.insert(map, id);
        id
    }

    pub fn get(&self, id: MapId) -> &DeoptMap {
        &self.maps[id.0 as usize]
    }

    pub fn len(&self) -> usize {
        self.maps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.maps.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(ip: u32) -> FrameMap {
        FrameMap {
            method: 1,
            ip,
            receiver: Source::Node(1),
            args: vec![Source::Node(2), Source::Node(3)],
            locals: vec![],
            stack: vec![Source::Node(8), Source::Node(11)],
        }
    }

    #[test]
    fn equal_maps_are_interned_once() {
        let mut maps = DeoptMaps::default();
        let a = maps.intern(DeoptMap {
            frames: vec![frame(12)],
        });
        let b = maps.intern(DeoptMap {
            frames: vec![frame(12)],
        });
        let c = maps.intern(DeoptMap {
            frames: vec![frame(0)],
        });
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(maps.len(), 2);
        assert_eq!(maps.get(a).frames[0].ip, 12);
    }
}
