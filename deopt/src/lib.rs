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
//!
//! Once code is generated, each place that may deoptimise (a *site*: a
//! guard's stub, a poll after a call) has a [`SiteMap`]: its map, plus for
//! every value of the map *where* it is ([`Location`]: a register the stub
//! pushed, a spill slot in the compiled frame, a constant) and *how* it is
//! held ([`Repr`]: a tagged value, or a machine integer, a condition or a
//! double that the interpreter needs as a `Value`). [`SiteMap::read`] turns
//! the stub's registers and the frame back into the interpreter's frames:
//!
//! ```text
//!   site 3, map 1, values: [Value in pushed 0, Int in spill -64, ...]
//!   stub: push rbx; push r12; call deoptimise(ctx, code, 3, fp, sp)
//!   read: receiver = [sp + 8], args = [tag([fp - 64]), ...]
//! ```

use fxhash::FxHashMap;

/// Where a value of the interpreter's frame is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Source {
    /// The value of IR node n (before register allocation).
    Node(u32),
    /// A value known when compiling (its `bytecode::abi` encoding).
    Constant(u64),
    /// What the compiled method was entered with: 0 is the receiver, n the
    /// n-th argument (maps that roll back to the method's entry).
    Entry(u32),
}

/// One interpreter frame to rebuild.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FrameMap {
    /// The runtime's handle of the method (or block).
    pub method: u32,
    pub ip: u32,
    pub receiver: Source,
    pub args: Vec<Source>,
    /// The frame's own environment (an inlined frame whose locals blocks
    /// capture).
    pub env: Option<Source>,
    /// Live locals by slot; the others resume as nil.
    pub locals: Vec<(u16, Source)>,
    /// The exceptions the frame's running `ensure` clauses raise again at
    /// their `end_ensure` (innermost last): the interpreter's frame keeps
    /// them as its pending transfers.
    pub pending: Vec<Source>,
    pub stack: Vec<Source>,
}

impl FrameMap {
    /// How many values the frame has ([`DeoptMap::sources`] gives them).
    pub fn source_count(&self) -> usize {
        1 + self.args.len()
            + usize::from(self.env.is_some())
            + self.locals.len()
            + self.pending.len()
            + self.stack.len()
    }
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

/// Where a value is when a site deoptimises.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Location {
    /// The n-th register the site's stub pushed (the first pushed is 0; it
    /// sits highest, at `sp + 8 * (pushed - 1 - n)`).
    Pushed(u8),
    /// A spill slot at this offset from the compiled frame's pointer.
    Frame(i32),
    /// Known when compiling (a `bytecode::abi` encoding).
    Constant(u64),
}

/// How compiled code holds a value the interpreter needs as a `Value`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Repr {
    /// Already a tagged value.
    Value,
    /// A machine integer in the fixnum range: tagged on reading.
    Int,
    /// A condition (0 or 1): `false` or `true`.
    Bool,
    /// A double's bits: a Float (boxed on reading when it has no flonum).
    Float,
}

impl Repr {
    /// The `Value` encoding of a word held this way; `box_float` makes a
    /// Float of a double that has no immediate encoding.
    pub fn to_value(self, raw: u64, box_float: &mut dyn FnMut(f64) -> u64) -> u64 {
        match self {
            Repr::Value => raw,
            Repr::Int => bytecode::abi::fixnum(raw as i64)
                .expect("an Int a frame holds is in the fixnum range"),
            Repr::Bool => bytecode::abi::bool(raw != 0),
            Repr::Float => {
                let double = f64::from_bits(raw);
                bytecode::abi::flonum(double).unwrap_or_else(|| box_float(double))
            }
        }
    }
}

/// One value of a site: where, and how held.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Located {
    pub location: Location,
    pub repr: Repr,
}

/// What a deoptimisation site needs to rebuild the interpreter's frames.
#[derive(Clone, PartialEq, Debug)]
pub struct SiteMap {
    pub map: MapId,
    /// One per [`Source`] of the map, in the order [`DeoptMap::sources`]
    /// lists them.
    pub values: Vec<Located>,
    /// How many registers the site's stub pushed.
    pub pushed: u8,
    /// The site is a poll after a call: the innermost frame resumes after
    /// the instruction at its `ip`...
    pub after_call: bool,
    /// ...with the value the call returned pushed (when it pushes one).
    pub returned: Option<Located>,
    /// The site hands over a transfer (an exception, a `break`...) that the
    /// call at the innermost frame's `ip` left pending: the interpreter's
    /// handlers take it there.
    pub transfer: bool,
}

/// One interpreter frame read back, with `Value` encodings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FrameValues {
    pub method: u32,
    pub ip: u32,
    pub receiver: u64,
    pub args: Vec<u64>,
    pub env: Option<u64>,
    pub locals: Vec<(u16, u64)>,
    pub pending: Vec<u64>,
    pub stack: Vec<u64>,
}

impl DeoptMap {
    /// Every value of the map, frame by frame (outermost first): receiver,
    /// arguments, environment, locals, pending exceptions, stack.
    pub fn sources(&self) -> impl Iterator<Item = Source> + '_ {
        self.frames.iter().flat_map(|frame| {
            std::iter::once(frame.receiver)
                .chain(frame.args.iter().copied())
                .chain(frame.env)
                .chain(frame.locals.iter().map(|&(_, source)| source))
                .chain(frame.pending.iter().copied())
                .chain(frame.stack.iter().copied())
        })
    }
}

impl SiteMap {
    /// Reads the site's values back from a stub's pushed registers (at
    /// `sp`) and the compiled frame (at `fp`), as the interpreter's frames,
    /// outermost first. `box_float` makes a Float of a double that has no
    /// immediate encoding. Also returns the value the call returned, for a
    /// poll after a call.
    ///
    /// # Safety
    /// `fp` and `sp` must be the frame and stack pointers the site's stub
    /// passed, while that frame is live.
    pub unsafe fn read(
        &self,
        map: &DeoptMap,
        fp: *const u64,
        sp: *const u64,
        box_float: &mut dyn FnMut(f64) -> u64,
    ) -> (Vec<FrameValues>, Option<u64>) {
        let mut read_one = |located: Located| {
            let raw = match located.location {
                Location::Constant(bits) => bits,
                // SAFETY: the stub pushed `pushed` registers at `sp`.
                Location::Pushed(n) => unsafe {
                    *sp.add(usize::from(self.pushed) - 1 - usize::from(n))
                },
                // SAFETY: spill slots lie inside the live compiled frame.
                Location::Frame(offset) => unsafe { *fp.offset(offset as isize / 8) },
            };
            located.repr.to_value(raw, box_float)
        };
        let mut values = self.values.iter().copied();
        let mut next = || read_one(values.next().expect("a location per source"));
        let frames = map
            .frames
            .iter()
            .map(|frame| FrameValues {
                method: frame.method,
                ip: frame.ip,
                receiver: next(),
                args: frame.args.iter().map(|_| next()).collect(),
                env: frame.env.map(|_| next()),
                locals: frame
                    .locals
                    .iter()
                    .map(|&(slot, _)| (slot, next()))
                    .collect(),
                pending: frame.pending.iter().map(|_| next()).collect(),
                stack: frame.stack.iter().map(|_| next()).collect(),
            })
            .collect();
        let returned = self.returned.map(&mut read_one);
        (frames, returned)
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
            env: None,
            locals: vec![],
            pending: vec![],
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

    #[test]
    fn a_site_reads_registers_spill_slots_and_constants_back_as_values() {
        let map = DeoptMap {
            frames: vec![frame(12)],
        };
        let site = SiteMap {
            map: MapId(0),
            values: vec![
                Located {
                    location: Location::Pushed(0),
                    repr: Repr::Value,
                },
                Located {
                    location: Location::Pushed(1),
                    repr: Repr::Int,
                },
                Located {
                    location: Location::Frame(-8),
                    repr: Repr::Value,
                },
                Located {
                    location: Location::Constant(bytecode::abi::NIL),
                    repr: Repr::Value,
                },
                Located {
                    location: Location::Frame(-16),
                    repr: Repr::Float,
                },
            ],
            pushed: 2,
            after_call: false,
            returned: None,
            transfer: false,
        };
        // The stub pushed 0x40 (first) then 7 (second): 7 is at sp.
        let pushed = [7u64, 0x40];
        let frame_words = [1.0e300f64.to_bits(), 0x15, 0xdead];
        // SAFETY: two words past the start of a three-word array: its last word.
        let fp = unsafe { frame_words.as_ptr().add(2) };
        let mut boxed = Vec::new();
        // SAFETY: `fp` and the pushed words are live arrays shaped as the stub leaves them.
        let (frames, returned) = unsafe {
            site.read(&map, fp, pushed.as_ptr(), &mut |d| {
                boxed.push(d);
                0x1000
            })
        };
        assert_eq!(returned, None);
        assert_eq!(
            frames,
            vec![FrameValues {
                method: 1,
                ip: 12,
                receiver: 0x40,
                args: vec![bytecode::abi::fixnum(7).unwrap(), 0x15],
                env: None,
                locals: vec![],
                pending: vec![],
                stack: vec![bytecode::abi::NIL, 0x1000],
            }]
        );
        assert_eq!(boxed, vec![1.0e300]);
    }
}
