//! The record of native calls: what it holds where each instruction
//! starts.
//!
//! The native calls an activation makes share one
//! [`ActivationRecord`](crate::runtime::ActivationRecord) in its frame. A
//! forward data flow over the blocks ([`record_states`], to a fixed point:
//! loops carry states around) tells each call what the calls before it
//! stored there on every path, so that it stores only the rest. In `fib`,
//! the second recursive call finds the record the first one filled:
//!
//! ```text
//! fib(n - 1)   Empty                          fill in the record, check the depth, call
//! fib(n - 2)   Filled { argc: Some(1), .. }   check the depth stored, call
//! ```

use crate::backend::lir::*;

/// What the record of native calls in the frame holds where an
/// instruction starts. The fields that stay the same for all the calls an
/// activation makes (the caller, the values' place, the depth left, the
/// frame id, which the runtime sets back to 0 after materialising a
/// callee) are filled in by the first native call on each path; the
/// others find them there, and what the previous call stored that they
/// would store again (the block passed, the argument count, the caller's
/// own code after a recursive call):
///
/// ```text
/// fib(n - 1)   Empty                          fill in the record, check the depth, call
/// fib(n - 2)   Filled { argc: Some(1), .. }   check the depth stored, call
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum RecordState {
    /// Not filled in on some path here.
    Empty,
    /// Filled in; the block field holds the caller's block (`Some(true)`),
    /// none (`Some(false)`) or either; the code field the caller's own
    /// code (after a recursive call on every path); the argument count
    /// and depth fields the count and the caller's depth left less
    /// [`NativeCall::depth`], when every path stored the same.
    Filled {
        forwarded_block: Option<bool>,
        own_code: bool,
        argc: Option<u32>,
        depth: Option<u32>,
    },
}

impl RecordState {
    /// The state where paths in these states meet (`None`: a path not
    /// analysed yet).
    fn meet(a: Option<RecordState>, b: RecordState) -> RecordState {
        fn same<T: PartialEq>(x: Option<T>, y: Option<T>) -> Option<T> {
            if x == y {
                x
            } else {
                None
            }
        }
        match (a, b) {
            (None, b) => b,
            (
                Some(RecordState::Filled {
                    forwarded_block: block_a,
                    own_code: own_a,
                    argc: argc_a,
                    depth: depth_a,
                }),
                RecordState::Filled {
                    forwarded_block: block_b,
                    own_code: own_b,
                    argc: argc_b,
                    depth: depth_b,
                },
            ) => RecordState::Filled {
                forwarded_block: same(block_a, block_b),
                own_code: own_a && own_b,
                argc: same(argc_a, argc_b),
                depth: same(depth_a, depth_b),
            },
            _ => RecordState::Empty,
        }
    }
}

/// The record's state before each instruction: a forward data flow over
/// the blocks, to a fixed point (loops carry states around).
pub(super) fn record_states(lir: &Lir) -> Vec<RecordState> {
    let insts = &lir.insts;
    let mut starts = Vec::new();
    for (i, inst) in insts.iter().enumerate() {
        if let Inst::Label { block, .. } = inst {
            starts.push((block.0 as usize, i));
        }
    }
    let block_count = starts.iter().map(|&(b, _)| b + 1).max().unwrap_or(0);
    let after = |state: RecordState, inst: &Inst| match inst {
        Inst::Call {
            native: Some(call), ..
        } => RecordState::Filled {
            // A block made for the call is one no other call passes.
            forwarded_block: call.made_block.is_none().then_some(call.forwards_block),
            own_code: call.recursive,
            argc: Some(call.argc),
            depth: Some(call.depth),
        },
        _ => state,
    };
    let mut entry: Vec<Option<RecordState>> = vec![None; block_count];
    if let Some(&(first, _)) = starts.first() {
        entry[first] = Some(RecordState::Empty);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for (n, &(block, start)) in starts.iter().enumerate() {
            let Some(mut state) = entry[block] else {
                continue;
            };
            let end = starts.get(n + 1).map_or(insts.len(), |&(_, i)| i);
            for inst in &insts[start..end] {
                state = after(state, inst);
            }
            let successors = match insts[end - 1] {
                Inst::Branch {
                    if_true, if_false, ..
                } => vec![if_true, if_false],
                Inst::Jump { to, .. } => vec![to],
                _ => vec![],
            };
            for to in successors {
                let to = to.0 as usize;
                let met = RecordState::meet(entry[to], state);
                if entry[to] != Some(met) {
                    entry[to] = Some(met);
                    changed = true;
                }
            }
        }
    }
    let mut states = Vec::with_capacity(insts.len());
    let mut state = RecordState::Empty;
    for inst in insts {
        if let Inst::Label { block, .. } = inst {
            state = entry[block.0 as usize].unwrap_or(RecordState::Empty);
        }
        states.push(state);
        state = after(state, inst);
    }
    states
}
