//! The inlining decision, in one place.
//!
//! For now a size limit (the budgeted, exploring inliner of seed 002 will
//! replace this module): a callee is inlined when its bytecode is small,
//! the call is not too deep in inlined frames, the callee is not already
//! being inlined further out, and the graph has room left.
//!
//! Recursion is unrolled three times, as C compilers unroll it: a small
//! method that involves no block, already on the chain, is inlined three
//! more times, and the innermost copies' recursive calls stay calls.
//! `fib(n - 1) + fib(n - 2)` compiled so makes sixteen calls, each of
//! which does the work of four levels (measured on `fib(35)`: 8-20% faster
//! than unrolling twice, for twice the code; four times was slower again):
//!
//! ```text
//! fib                      fib
//!   call fib(n - 1)   -->    [fib(n - 1) inlined: [fib(n - 2) inlined: call fib(n - 3), call fib(n - 4)]
//!   call fib(n - 2)                               [fib(n - 3) inlined: call fib(n - 4), call fib(n - 5)]]
//!                            [fib(n - 2) inlined: ... four calls]
//! (two levels shown)
//! ```
//!
//! A call the policy does not inline (past the recursion limit, or a callee
//! too big) may still get the callee's guard clause inlined: see
//! `passes::early_exit`. For `fib`, the innermost copies' calls then return
//! `n` below 2 without a call, and only the calls that recurse are made.
//!
//! Sizes count the instructions the profile saw run, not the whole
//! bytecode: a branch whose one side ran and whose other never did is
//! built as a deoptimisation, so the code past the cold side costs
//! nothing. `Range#each` has a path for Integer ranges and one for any
//! `succ`-able objects; a loop over `(0...n)` inlines the first alone:
//!
//! ```text
//! def each                         hot: every instruction but the
//!   ...                                 `else` branch's (never run)
//!   if first.is_a?(Integer) && ...
//!     while i < last; yield i; i += 1; end
//!   else
//!     ...                          cold: a deoptimisation when built
//!   end
//! ```
//!
//! A literal block yielded to by an inlined iterator has no size or depth
//! limit, and a full graph takes it still: it is code of the method that wrote
//! it, and left a call it would be a `yield` through the runtime from
//! inlined code, rebuilding the iterator's frame at each iteration. (The
//! iterator's paths that the profile never saw are gone before its
//! `yield`s are looked at: `Range#each` yields at one place, not three.) So `(0...n).each do
//! |i| ... end` becomes a loop with the whole block's body in it.
//!
//! A method that yields, passes its block on or passes a literal block is
//! not unrolled: the calls its inlined frames make with a block go through
//! the runtime, which rebuilds those frames, and that costs more than the
//! call saved.

use bytecode::profile::BranchProfile;
use bytecode::{Insn, Method};

/// Callees running more instructions than this stay calls.
pub const MAX_CALLEE_INSNS: usize = 120;
/// How many times a method already on the chain is inlined again.
pub const MAX_RECURSIVE_INLINING: usize = 3;
/// Recursive callees running more instructions than this stay calls.
pub const MAX_RECURSIVE_CALLEE_INSNS: usize = 40;
/// How many inlined frames may nest.
pub const MAX_DEPTH: usize = 6;
/// The graph size past which nothing more is inlined. (Compiling is a
/// third of DeltaBlue's run at the sizes AWFY verifies: 6000 cost 9% more
/// instructions there than 3000, and 14% more in List; 2000 saved under 1%
/// more and lost some in Json.)
pub const MAX_GRAPH_NODES: usize = 3000;

/// The levels a callee that passes a block with `return` or `break` needs
/// below it: the method it passes the block to, and the block. Inlined
/// without them, its frame would be one the block's exit ends, and that
/// exit (made by the runtime) hands the whole compiled frame over to the
/// interpreter each time. A callee that is passed a block it passes on
/// (`f(&block)`) needs the same: it pays only when the method it passes
/// the block to, and that method's `yield`, inline too (else that call
/// rebuilds the callee's frame each time).
pub const EXITING_BLOCK_ROOM: usize = 3;

/// Whether `code` yields, takes or passes on its block, or passes a
/// literal block.
fn involves_blocks(code: &Method) -> bool {
    code.insns
        .iter()
        .any(|insn| matches!(insn, Insn::Yield { .. } | Insn::BlockParam))
        || code.sites.iter().any(|site| {
            site.block.is_some() || site.flags & bytecode::call_flags::BLOCK_FORWARD != 0
        })
}

/// Whether `code` passes a literal block that leaves with `return` or
/// `break`.
pub fn passes_exiting_block(code: &Method) -> bool {
    code.sites
        .iter()
        .filter_map(|site| site.block)
        .any(|child| {
            code.children[child as usize]
                .insns
                .iter()
                .any(|insn| matches!(insn, Insn::ReturnFromBlock | Insn::BreakBlock))
        })
}

/// How many instructions of `code` the profile says run: those reachable
/// from its start, not following a branch's side that never ran while the
/// other did (`branch` answers a branch profile by index). Code that never
/// ran at all counts whole.
pub fn profiled_size(code: &Method, branch: impl Fn(u16) -> BranchProfile) -> usize {
    let mut seen = vec![false; code.insns.len()];
    let mut work = vec![0usize];
    let mut size = 0;
    while let Some(ip) = work.pop() {
        if ip >= seen.len() || std::mem::replace(&mut seen[ip], true) {
            continue;
        }
        size += 1;
        match code.insns[ip] {
            Insn::Jump(target) => work.push(target as usize),
            Insn::Branch { target, profile } => {
                let counts = branch(profile);
                if counts.taken > 0 || counts.not_taken == 0 {
                    work.push(target as usize);
                }
                if counts.not_taken > 0 || counts.taken == 0 {
                    work.push(ip + 1);
                }
            }
            Insn::BranchNil(target) => work.extend([target as usize, ip + 1]),
            Insn::Return
            | Insn::BreakBlock
            | Insn::ReturnFromBlock
            | Insn::Unsupported(_)
            | Insn::Reraise
            | Insn::EndEnsure => {}
            _ => work.push(ip + 1),
        }
    }
    size
}

/// What became of a call the inliner looked at.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Decision {
    Inline,
    /// The callee's bytecode is over [`MAX_CALLEE_INSNS`].
    TooBig,
    /// Over [`MAX_DEPTH`] frames deep.
    TooDeep,
    /// The callee is already on the inlined call chain, as often as
    /// [`MAX_RECURSIVE_INLINING`] allows, or it is too big to unroll.
    Recursive,
    /// The graph is over [`MAX_GRAPH_NODES`].
    GraphFull,
    /// Arguments the callee takes in a way only the runtime lays out
    /// (optional, rest, keyword or destructured parameters, splats).
    Arguments,
    /// The callee makes a Proc of its block (`&blk`): its frame could not
    /// be rebuilt (a rebuilt block is a new object each time).
    BlockParameter,
    /// The callee reads or sets its frame's last match (`$~`, `$1`, ...),
    /// which the matching methods it calls set in the frame they are
    /// called from: only a frame of its own keeps it.
    LastMatch,
    /// A `return` or `break` of the callee would leave an `ensure` (the
    /// callee's, or one around the call in a frame it leaves): only the
    /// interpreter's handlers run it, which a transfer from a call
    /// reaches (see `passes::inlining::exit_passes_ensure`).
    ExitThroughEnsure,
}

impl Decision {
    pub fn name(self) -> &'static str {
        match self {
            Decision::Inline => "inlined",
            Decision::TooBig => "too big",
            Decision::TooDeep => "too deep",
            Decision::Recursive => "recursive",
            Decision::GraphFull => "graph full",
            Decision::Arguments => "arguments",
            Decision::BlockParameter => "block parameter",
            Decision::LastMatch => "last match",
            Decision::ExitThroughEnsure => "exit through ensure",
        }
    }
}

/// Whether to inline `callee`, of which `size` instructions run (its
/// [`profiled_size`]; None: its size does not count, for a literal block
/// inlined into the frames of the method that wrote it), at a call `depth` inlined frames deep into a
/// graph of `graph_nodes` nodes, `on_chain` telling how many of the frames
/// already around the call are the callee's, and `reads_last_match`
/// whether it reads or sets its frame's last match (the runtime knows),
/// and `forwards_block` whether the call passes on its caller's block
/// (`f(&block)`).
pub fn decide(
    callee: &Method,
    size: Option<usize>,
    depth: usize,
    graph_nodes: usize,
    on_chain: usize,
    reads_last_match: bool,
    forwards_block: bool,
) -> Decision {
    if callee.kind == bytecode::MethodKind::Method
        && callee
            .insns
            .iter()
            .any(|insn| matches!(insn, Insn::BlockParam))
    {
        Decision::BlockParameter
    } else if reads_last_match {
        Decision::LastMatch
    } else if on_chain > MAX_RECURSIVE_INLINING
        || (on_chain > 0
            && (size.unwrap_or(0) > MAX_RECURSIVE_CALLEE_INSNS || involves_blocks(callee)))
    {
        Decision::Recursive
    } else if size.is_some()
        && (depth >= MAX_DEPTH
            || (depth + EXITING_BLOCK_ROOM > MAX_DEPTH
                && (forwards_block || passes_exiting_block(callee))))
    {
        Decision::TooDeep
    } else if size.is_some_and(|size| size > MAX_CALLEE_INSNS) {
        Decision::TooBig
    } else if size.is_some() && graph_nodes > MAX_GRAPH_NODES {
        Decision::GraphFull
    } else {
        Decision::Inline
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(source: &str) -> std::rc::Rc<Method> {
        let mut symbols = bytecode::SymbolTable::new();
        let main = bytecode::compile_file(source.as_bytes(), "t.rb", &mut symbols).unwrap();
        main.children[0].clone()
    }

    const TWO_PATHS: &str = "def f(a)\n  if a\n    a + 1\n  else\n    b = a.to_s\n    b = b * 3\n    b.size\n  end\nend\n";

    #[test]
    fn code_that_never_ran_counts_whole() {
        let f = method(TWO_PATHS);
        let never_ran = BranchProfile::default();
        assert_eq!(profiled_size(&f, |_| never_ran), f.insns.len());
    }

    #[test]
    fn a_branch_side_that_never_ran_does_not_count() {
        let f = method(TWO_PATHS);
        let size_with =
            |taken, not_taken| profiled_size(&f, |_| BranchProfile { taken, not_taken });
        let both = size_with(5, 5);
        assert_eq!(both, f.insns.len());
        // Only one side ran: the other side's instructions are left out,
        // and which side is left out matters (the `else` is the longer).
        let (one, other) = (size_with(5, 0), size_with(0, 5));
        assert!(one < both && other < both, "{one} {other} {both}");
        assert_ne!(one, other);
        // What runs before and after the `if` counts in both.
        assert!(one + other > both, "{one} {other} {both}");
    }
}
