//! The inlining policy: budgets, limits and priorities (seed 002).
//!
//! The inliner (`passes::inlining`) keeps a call tree (`call_tree`) and
//! asks this module three things about it: how much it may *explore* and
//! *inline*, in IR nodes ([`Budgets`]); which calls may not be explored
//! at all ([`limit`]: recursion and nesting); and in which order to take
//! the candidates ([`frequencies`], [`priority`]).
//!
//! A call's cost is the node count of its callee's graph once built and
//! cleaned up (our analogue of Truffle's partial evaluation), not its
//! bytecode size: `Range#each` has a path for Integer ranges and one for
//! any `succ`-able objects, and a loop over `(0...n)` explores to the
//! first alone, because the profile never saw the other run and building
//! made it a deoptimisation.
//!
//! A call's benefit is its *frequency*: how often it runs per call of the
//! compiled method, estimated from the profile's counts (the branch
//! counts along the way, over the method's call count), multiplied down
//! the tree. A send in a loop of ten iterations in a callee called twice
//! per call of the root has frequency 20. Candidates are explored in order
//! of frequency and inlined in order of frequency per node, until the
//! budget is spent:
//!
//! ```text
//! root (300 nodes)                   budget 1000
//!   a  freq 10, 200 nodes  -> 0.05   inlined first   (500 nodes)
//!   b  freq  1,  40 nodes  -> 0.025  inlined         (540)
//!   c  freq  2, 600 nodes  -> 0.003  over budget: expanded, not inlined
//!   d  freq  0.1, 10 nodes -> 0.01   inlined         (550)
//! ```
//!
//! Recursion is unrolled as a decision inside the same framework: a
//! method already on the call chain is explored again up to
//! [`MAX_RECURSIVE_INLINING`] times (so `fib`'s two calls become sixteen,
//! each doing four levels' work, if the budget allows), and each copy is
//! paid for from the budget like any other. A call left a call may still
//! get its callee's guard clause inlined in front of it (`early_exit`),
//! paid for from the inlining budget too.
//!
//! A literal block yielded to by an inlined iterator is *forced*: it is
//! code of the method that wrote it, and left a call it would be a
//! `yield` through the runtime from inlined code, rebuilding the
//! iterator's frame at each iteration. Forced calls are explored and
//! inlined whatever the budgets, and an iterator's cost counts its forced
//! blocks (`each` with a 300-node block costs 300 more). So is a send that
//! passes a block leaving with `break` or `return` (`loop { return x if
//! ... }`): left a call, the exit would end the inlined frame that passed
//! the block, which only the interpreter can do.

//!
//! Where this departs from the seed, each measured on AWFY (numbers with
//! the constants): a callee larger than [`max_callee_nodes`] is not
//! inlined at a call of its frequency, whatever budget is left (Truffle
//! has no such cap; without it the budget filled with large callees);
//! recursion is unrolled only for small callees
//! ([`MAX_RECURSIVE_CALLEE_INSNS`]); and a send's callee is explored once
//! per compilation and copied for its other calls (its graph does not
//! depend on the call), each copy counting against the exploration budget
//! as the seed's per-call partial evaluation would.

use bytecode::profile::BranchProfile;
use bytecode::{Insn, Method};

/// How much the inliner may do in one compilation, in IR nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budgets {
    /// Stop exploring (building callee graphs) once the explored graphs
    /// hold this many nodes, the root's included
    /// (`--inlining-expansion-budget`).
    pub expansion: usize,
    /// Inline nothing that would take the compiled graph past this many
    /// nodes (`--inlining-budget`).
    pub inlining: usize,
}

/// The exploration budget: three times the inlining budget, so that the
/// inliner has candidates to choose from past the first ones to fit.
pub const DEFAULT_EXPANSION_BUDGET: usize = 3000;
/// The inlining budget. Measured on AWFY at the sizes its harness verifies:
/// one `cargo xtask bench --runs 3` with budgets of 500 and 3000 (and
/// expansion budgets three times as large) gave geomeans of 1.008 and
/// 1.014 against this default (README, "Splitting and inlining budgets");
/// larger budgets unroll more recursion (List 1.34x slower at 3000) and
/// compile more (DeltaBlue 617 KB of code against 520 KB), smaller ones
/// leave hot calls (NBody 1.31x slower at 500).
pub const DEFAULT_INLINING_BUDGET: usize = 1000;

impl Default for Budgets {
    fn default() -> Budgets {
        Budgets {
            expansion: DEFAULT_EXPANSION_BUDGET,
            inlining: DEFAULT_INLINING_BUDGET,
        }
    }
}

/// How many times a method already on the chain is explored again.
pub const MAX_RECURSIVE_INLINING: usize = 3;
/// Recursive callees running more instructions than this (their
/// [`profiled_size`]) are not explored again: unrolling pays where the
/// call is a large part of the work (`fib`: 8-20% faster unrolled three
/// times than twice, for twice the code; four times was slower again),
/// and costs where it is not (Towers' `move_disks`, three levels of which
/// with their callees inlined made AWFY's Towers 10-28% slower).
pub const MAX_RECURSIVE_CALLEE_INSNS: usize = 40;
/// How many inlined frames may nest (blocks do not count: an iterator
/// inlined with its block is one level).
pub const MAX_DEPTH: usize = 6;

/// The levels a callee that passes a block with `return` or `break` needs
/// below it: the method it passes the block to, and the block. Inlined
/// without them, its frame would be one the block's exit ends, and that
/// exit (made by the runtime) hands the whole compiled frame over to the
/// interpreter each time. A callee that is passed a block it passes on
/// (`f(&block)`) needs the same: it pays only when the method it passes
/// the block to, and that method's `yield`, inline too (else that call
/// rebuilds the callee's frame each time).
pub const EXITING_BLOCK_ROOM: usize = 3;

/// Why a call that could be inlined is not explored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// The callee is already on the chain [`MAX_RECURSIVE_INLINING`]
    /// times, or is recursive and involves blocks: the calls its inlined
    /// frames make with a block go through the runtime, which rebuilds
    /// those frames, and that costs more than the call saved.
    Recursive,
    /// Over [`MAX_DEPTH`] frames deep.
    TooDeep,
}

/// Whether a call to `callee` may be explored: `on_chain` is how many of
/// the frames around the call run the same code, `size` the callee's
/// [`profiled_size`], `depth` how many method frames are around it,
/// `forwards_block` whether it passes its caller's block on
/// (`f(&block)`). Forced calls (literal blocks) have no depth limit.
pub fn limit(
    callee: &Method,
    on_chain: usize,
    size: usize,
    depth: usize,
    (forced, forwards_block): (bool, bool),
) -> Option<Limit> {
    if on_chain > MAX_RECURSIVE_INLINING
        || (on_chain > 0 && (size > MAX_RECURSIVE_CALLEE_INSNS || involves_blocks(callee)))
    {
        Some(Limit::Recursive)
    } else if !forced
        && (depth >= MAX_DEPTH
            || (depth + EXITING_BLOCK_ROOM > MAX_DEPTH
                && (forwards_block || passes_exiting_block(callee))))
    {
        Some(Limit::TooDeep)
    } else {
        None
    }
}

/// The largest callee (in nodes, explored) inlined at a call that runs
/// once per call of the compiled method. Measured on AWFY (single runs,
/// budgets 2000/6000 and 4000/8000): with 80, Havlak took 1.87-1.90 s
/// against 2.12-2.21 s with 150 or 250, DeltaBlue 290 ms and 540 KB of
/// code against 299-331 ms and 835-1,070 KB; with no cap (budget 3000),
/// CD's code was 1.6 MB against 0.3 MB, and its time 1.35-1.76x.
pub const MAX_CALLEE_NODES: usize = 80;

/// The largest callee inlined at a call of `frequency`: [`MAX_CALLEE_NODES`]
/// for calls that run at most once per call of the compiled method, up to
/// four times as much for calls in its loops (Queens' `get_row_column`,
/// 82 nodes run twice per call, 1.28x slower left a call).
pub fn max_callee_nodes(frequency: f64) -> usize {
    (MAX_CALLEE_NODES as f64 * frequency.clamp(1.0, 4.0)) as usize
}

/// The order in which explored calls are inlined: frequency per node.
pub fn priority(frequency: f64, nodes: usize) -> f64 {
    frequency / nodes.max(1) as f64
}

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
        .any(|child| block_exits(&code.children[child as usize]))
}

/// Whether `code` (a block) leaves with `break` or `return`.
pub fn block_exits(code: &Method) -> bool {
    code.insns
        .iter()
        .any(|insn| matches!(insn, Insn::ReturnFromBlock | Insn::BreakBlock))
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

/// Rounds of propagation in [`frequencies`]: counts flow forward in one,
/// and every loop the profile measured is cut by a measured branch, so a
/// few rounds settle them; a loop with no measured exit (`while true`)
/// grows by the entry count each round and stops here.
const FREQUENCY_ROUNDS: usize = 8;

/// How often each instruction of `code` runs per call of it, estimated
/// from its profile: `calls` calls enter at instruction 0, a branch sends
/// as many down each side as its profile counted, other instructions pass
/// on what reached them (`BranchNil`, unprofiled, passes it on both
/// ways; a `casedispatch`, whose choices the profile does not count, an
/// even share to each body, the `else` and the checks). Code that never
/// ran at all counts one run of each instruction reached from the start.
pub fn frequencies(code: &Method, calls: u64, branch: impl Fn(u16) -> BranchProfile) -> Vec<f64> {
    let n = code.insns.len();
    let never_ran = calls == 0;
    let entry = calls.max(1) as f64;
    // Each instruction's incoming edges: where from, and how much of what
    // reaches it flows.
    let mut incoming: Vec<Vec<(usize, Flow)>> = vec![Vec::new(); n];
    for (ip, insn) in code.insns.iter().enumerate() {
        let mut edge = |to: usize, flow: Flow| {
            if to < n {
                incoming[to].push((ip, flow));
            }
        };
        match *insn {
            Insn::Jump(target) => edge(target as usize, Flow::ALL),
            Insn::Branch { target, profile } if !never_ran => {
                let counts = branch(profile);
                edge(target as usize, Flow::Measured(counts.taken as f64));
                edge(ip + 1, Flow::Measured(counts.not_taken as f64));
            }
            Insn::Branch { target, .. } | Insn::BranchNil(target) => {
                edge(target as usize, Flow::ALL);
                edge(ip + 1, Flow::ALL);
            }
            Insn::CaseDispatch(table) => {
                let targets = code.case_tables[table as usize].targets();
                let share = Flow::Share(1.0 / (targets.len() + 1) as f64);
                for target in targets {
                    edge(target as usize, share);
                }
                edge(ip + 1, share);
            }
            Insn::Return
            | Insn::BreakBlock
            | Insn::ReturnFromBlock
            | Insn::Unsupported(_)
            | Insn::Reraise
            | Insn::EndEnsure => {}
            _ => edge(ip + 1, Flow::ALL),
        }
    }
    let mut counts = vec![0.0f64; n];
    for _ in 0..FREQUENCY_ROUNDS {
        let mut changed = false;
        for ip in 0..n {
            let mut count = if ip == 0 { entry } else { 0.0 };
            for &(from, flow) in &incoming[ip] {
                count += match flow {
                    Flow::Measured(measured) => measured,
                    Flow::Share(share) => counts[from] * share,
                };
            }
            if count != counts[ip] {
                counts[ip] = count;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if never_ran {
        // One run of each instruction reached, however often a loop in it
        // would go round.
        return counts.into_iter().map(|c| c.min(1.0)).collect();
    }
    counts.into_iter().map(|c| c / entry).collect()
}

/// How much of what reaches an instruction flows along one of its edges
/// in [`frequencies`].
#[derive(Clone, Copy)]
enum Flow {
    /// As many as the profile counted.
    Measured(f64),
    /// This part of what reached the instruction.
    Share(f64),
}

impl Flow {
    const ALL: Flow = Flow::Share(1.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn method(source: &str) -> std::rc::Rc<Method> {
        let mut symbols = bytecode::SymbolTable::new();
        let main = bytecode::compile_file(source.as_bytes(), "t.rb", &mut symbols).unwrap();
        main.children[0].clone()
    }

    /// The index of the n-th `send` of `code`.
    fn nth_send(code: &Method, n: usize) -> usize {
        code.insns
            .iter()
            .enumerate()
            .filter(|(_, insn)| matches!(insn, Insn::Send(_)))
            .nth(n)
            .expect("the method has that many sends")
            .0
    }

    #[test]
    fn a_branch_divides_the_calls_by_its_counts() {
        let f = method("def f(a)\n  if a\n    a.foo\n  else\n    a.bar\n  end\nend\n");
        // 10 calls: the condition held 3 times (the branch to the `else`
        // is taken when it does not).
        let counts = BranchProfile {
            taken: 7,
            not_taken: 3,
        };
        let freq = frequencies(&f, 10, |_| counts);
        assert_eq!(freq[0], 1.0);
        assert!((freq[nth_send(&f, 0)] - 0.3).abs() < 1e-9, "{freq:?}");
        assert!((freq[nth_send(&f, 1)] - 0.7).abs() < 1e-9, "{freq:?}");
    }

    #[test]
    fn a_loop_multiplies_by_its_iterations() {
        let f = method("def f(n)\n  i = 0\n  while i < n\n    i = i.succ\n  end\n  i.to_s\nend\n");
        // 2 calls, 10 iterations each: the loop's branch back was taken 20
        // times and fell through twice.
        let counts = BranchProfile {
            taken: 20,
            not_taken: 2,
        };
        let freq = frequencies(&f, 2, |_| counts);
        let sends: Vec<f64> = (0..3).map(|k| freq[nth_send(&f, k)]).collect();
        // The body comes first in the bytecode, the condition at the
        // loop's bottom: `succ` runs 10 times per call, `<` 11, `to_s` once.
        assert_eq!(sends, vec![10.0, 11.0, 1.0], "{freq:?}");
    }

    #[test]
    fn code_that_never_ran_counts_once() {
        let f = method("def f(n)\n  while n > 0\n    n -= 1\n  end\n  n\nend\n");
        let freq = frequencies(&f, 0, |_| BranchProfile::default());
        assert!(freq.iter().all(|&f| f <= 1.0), "{freq:?}");
        assert_eq!(freq[0], 1.0);
    }

    #[test]
    fn a_case_table_shares_the_calls_among_its_bodies() {
        let f = method("def f(x)\n  y = case x\n      when 1 then x.a\n      when 2 then x.b\n      else x.c\n      end\n  y.d\nend\n");
        // The table answered every call: the `when` checks never ran.
        let freq = frequencies(&f, 8, |_| BranchProfile::default());
        let sends: Vec<f64> = (0..4).map(|k| freq[nth_send(&f, k)]).collect();
        // Three bodies and the checks share the calls evenly; what follows
        // the `case` gets what the bodies pass on.
        assert_eq!(sends, vec![0.25, 0.25, 0.25, 0.75], "{freq:?}");
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
