//! Where a bytecode frame's words are on the VM's value stack.
//!
//! A frame is a run of stack slots starting at its *base*: the receiver,
//! then the arguments the caller pushed, then the method's locals, then the
//! operands its instructions push and pop:
//!
//! ```text
//! stack: ... | receiver | arg 0 .. arg n-1 | local 0 .. local m-1 | operands ...
//!              ^ base     ^ arg(0)           ^ locals()             ^ operands()
//! ```
//!
//! `def add(a, b) = a + b` called as `1.add(2, 3)` from a frame whose
//! operands start at slot 7 has base 7, its arguments at 8 and 9, no
//! locals, and its operands from 10. The interpreter, the JIT's runtime
//! (entering compiled code, on-stack replacement, deoptimisation) and
//! [`crate::compiled::verify_deopt`] all find slots through [`FrameLayout`], so
//! this is the one place the arithmetic is written.

/// The layout of one frame: its base, how many arguments it was given and
/// how many locals its method has.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FrameLayout {
    pub base: usize,
    pub argc: usize,
    pub local_count: usize,
}

impl FrameLayout {
    pub fn new(base: usize, argc: usize, local_count: usize) -> FrameLayout {
        FrameLayout {
            base,
            argc,
            local_count,
        }
    }

    /// The slot of the receiver (`self`).
    #[inline]
    pub fn receiver(self) -> usize {
        self.base
    }

    /// The slot of argument `n`.
    #[inline]
    pub fn arg(self, n: usize) -> usize {
        self.base + 1 + n
    }

    /// The slot of local 0.
    #[inline]
    pub fn locals(self) -> usize {
        self.base + 1 + self.argc
    }

    /// The first operand slot: where the frame's stack starts.
    #[inline]
    pub fn operands(self) -> usize {
        self.locals() + self.local_count
    }
}

#[cfg(test)]
mod tests {
    use super::FrameLayout;

    #[test]
    fn slots_follow_the_base() {
        let frame = FrameLayout::new(7, 2, 3);
        assert_eq!(frame.receiver(), 7);
        assert_eq!((frame.arg(0), frame.arg(1)), (8, 9));
        assert_eq!(frame.locals(), 10);
        assert_eq!(frame.operands(), 13);
        assert_eq!(FrameLayout::new(7, 2, 0).operands(), 10);
    }
}
