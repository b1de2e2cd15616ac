//! Profile data: what the interpreter saw, for the JIT to speculate on.
//!
//! These are plain data types; the runtime records into them and prints them
//! (`--dump-profile`), the JIT reads them. A *kind* is what the design calls the
//! type of a value as far as code generation cares: fixnum and bignum are told
//! apart although both are `Integer`, as are flonum (immediate) and heap
//! floats; every other value's kind is its class.
//!
//! ```text
//! ip=6 send < receiver_kinds={fixnum} args_kinds=[{fixnum}]
//! ```

use std::cell::Cell;

/// The kind of one value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    Fixnum,
    Bignum,
    Flonum,
    HeapFloat,
    /// Any other value: the id of its class (the runtime names it).
    Class(u32),
}

impl Kind {
    #[inline]
    fn encode(self) -> u32 {
        match self {
            Kind::Fixnum => 1,
            Kind::Bignum => 2,
            Kind::Flonum => 3,
            Kind::HeapFloat => 4,
            Kind::Class(id) => id + 5,
        }
    }

    fn decode(code: u32) -> Kind {
        match code {
            1 => Kind::Fixnum,
            2 => Kind::Bignum,
            3 => Kind::Flonum,
            4 => Kind::HeapFloat,
            n => Kind::Class(n - 5),
        }
    }
}

/// How many distinct kinds a set remembers before it is megamorphic.
pub const KIND_SET_CAPACITY: usize = 4;

/// The kinds seen at one position (a receiver or an argument of one send).
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct KindSet {
    codes: [u32; KIND_SET_CAPACITY],
    megamorphic: bool,
}

impl KindSet {
    /// Adds a kind; returns the updated set (sets are small `Copy` values so
    /// the runtime can keep them in `Cell`s).
    #[inline]
    pub fn with(mut self, kind: Kind) -> KindSet {
        let code = kind.encode();
        if self.codes[0] == code {
            return self;
        }
        for slot in self.codes.iter_mut() {
            if *slot == code {
                return self;
            }
            if *slot == 0 {
                *slot = code;
                return self;
            }
        }
        self.megamorphic = true;
        self
    }

    /// The kinds seen, in the order they were first seen.
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.codes
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| Kind::decode(c))
    }

    pub fn is_empty(&self) -> bool {
        self.codes[0] == 0
    }

    /// Whether more kinds were seen than the set can hold.
    pub fn is_megamorphic(&self) -> bool {
        self.megamorphic
    }

    /// The only kind seen, if exactly one was.
    pub fn monomorphic(&self) -> Option<Kind> {
        (self.codes[0] != 0 && self.codes[1] == 0 && !self.megamorphic)
            .then(|| Kind::decode(self.codes[0]))
    }

    /// `{fixnum, String}`: kinds named by `name`, `...` when megamorphic.
    pub fn display(&self, name: impl Fn(Kind) -> String) -> String {
        let mut parts: Vec<String> = self.kinds().map(name).collect();
        if self.megamorphic {
            parts.push("...".into());
        }
        format!("{{{}}}", parts.join(", "))
    }
}

/// The standard name of a kind that is not a class.
pub fn builtin_kind_name(kind: Kind) -> Option<&'static str> {
    match kind {
        Kind::Fixnum => Some("fixnum"),
        Kind::Bignum => Some("bignum"),
        Kind::Flonum => Some("flonum"),
        Kind::HeapFloat => Some("heap_float"),
        Kind::Class(_) => None,
    }
}

/// The recording side of a [`KindSet`]: updated through a shared reference
/// (the interpreter records while the method runs), with a one-compare fast
/// path for the common case of seeing the first kind again.
#[derive(Default, Debug)]
pub struct KindRecorder {
    codes: [Cell<u32>; KIND_SET_CAPACITY],
    megamorphic: Cell<bool>,
}

impl KindRecorder {
    /// Records a kind; true when the set became more polymorphic: it
    /// gained a kind after its first, or went megamorphic (what call-target
    /// splitting calls a polymorphic specialisation).
    #[inline]
    pub fn record(&self, kind: Kind) -> bool {
        let code = kind.encode();
        self.codes[0].get() != code && self.record_slow(code)
    }

    #[cold]
    fn record_slow(&self, code: u32) -> bool {
        for (index, slot) in self.codes.iter().enumerate() {
            if slot.get() == code {
                return false;
            }
            if slot.get() == 0 {
                slot.set(code);
                return index > 0;
            }
        }
        !self.megamorphic.replace(true)
    }

    /// Whether `kind` is the first kind recorded.
    #[inline]
    pub fn first_is(&self, kind: Kind) -> bool {
        self.codes[0].get() == kind.encode()
    }

    /// What was recorded so far.
    pub fn snapshot(&self) -> KindSet {
        KindSet {
            codes: std::array::from_fn(|i| self.codes[i].get()),
            megamorphic: self.megamorphic.get(),
        }
    }
}

/// Taken / not-taken counts of one `branch`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct BranchProfile {
    pub taken: u64,
    pub not_taken: u64,
}

/// Where the interpreter counts one `branch`: a counter per direction,
/// the one to bump chosen by the branch's outcome (no test, and one
/// word read and written, not the pair).
#[derive(Default)]
pub struct BranchCounter {
    /// Not taken at index 0, taken at index 1.
    counts: [Cell<u64>; 2],
}

impl BranchCounter {
    #[inline(always)]
    pub fn record(&self, taken: bool) {
        let count = &self.counts[taken as usize];
        count.set(count.get() + 1);
    }

    /// The counts so far.
    pub fn get(&self) -> BranchProfile {
        BranchProfile {
            taken: self.counts[1].get(),
            not_taken: self.counts[0].get(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branch_counters_count_each_direction() {
        let counter = BranchCounter::default();
        for taken in [true, false, true, true] {
            counter.record(taken);
        }
        assert_eq!(
            counter.get(),
            BranchProfile {
                taken: 3,
                not_taken: 1
            }
        );
    }

    #[test]
    fn recorders_snapshot_what_they_saw() {
        let recorder = KindRecorder::default();
        for kind in [Kind::Fixnum, Kind::Fixnum, Kind::Class(3), Kind::Fixnum] {
            recorder.record(kind);
        }
        assert_eq!(
            recorder.snapshot(),
            KindSet::default().with(Kind::Fixnum).with(Kind::Class(3))
        );
    }

    #[test]
    fn recording_reports_each_kind_after_the_first_and_going_megamorphic() {
        let recorder = KindRecorder::default();
        let seen: Vec<bool> = [1, 1, 2, 1, 3, 4, 5, 6, 2]
            .map(|id| recorder.record(Kind::Class(id)))
            .to_vec();
        assert_eq!(
            seen,
            [false, false, true, false, true, true, true, false, false]
        );
    }

    #[test]
    fn kind_sets_remember_first_kinds_then_go_megamorphic() {
        let mut set = KindSet::default();
        assert!(set.is_empty());
        set = set.with(Kind::Fixnum).with(Kind::Fixnum);
        assert_eq!(set.monomorphic(), Some(Kind::Fixnum));
        set = set.with(Kind::Flonum);
        assert_eq!(set.monomorphic(), None);
        assert_eq!(
            set.kinds().collect::<Vec<_>>(),
            vec![Kind::Fixnum, Kind::Flonum]
        );
        set = set
            .with(Kind::Class(0))
            .with(Kind::Class(7))
            .with(Kind::Bignum);
        assert!(set.is_megamorphic());
        let shown = set.display(|k| builtin_kind_name(k).map(String::from).unwrap_or("C".into()));
        assert_eq!(shown, "{fixnum, flonum, C, C, ...}");
    }
}
