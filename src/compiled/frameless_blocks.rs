//! Blocks of frames without records: what a call from inlined code, or
//! from a native call's virtual frame, passes or yields to, made from the
//! values compiled code passed instead of from rebuilt frames.
//!
//! A literal block is made in a frame: it takes the frame's `self`,
//! environment, block (what `yield` inside it calls) and scope. The
//! frames of inlined code have none of these as records, only as values
//! the call passes (its map's sources), and neither has a native call's
//! frame until it is materialised. So the scope of the innermost frame
//! around a call is worked out from the outermost in, as
//! `Vm::push_inlined_frames` would rebuild the frames, but without
//! pushing them: each inlined method's block is the literal block its
//! caller's send makes (in the caller's scope), or the caller's block
//! passed on; an inlined block's is its caller's block's outer block.
//!
//! ```text
//! compiled step_e (virtual: a native call), inlined: Set#each, Vector#each,
//!     Range#each, block in step_e
//!   send has_some { |it| it == ydash }  (not inlined)
//!   scope of step_e:           self, env, block from the activation record
//!   scope of Set#each:         block = { |iter| ... } made in step_e's scope
//!   ... block in step_e:       block = step_e's block (the outer block)
//!   -> { |it| it == ydash } made in that scope, has_some called with it
//!      above the virtual frames: nothing rebuilt
//! ```
//!
//! Such a block has no frame to leave: its `home` and `creator` are 0. So
//! only a block that never leaves through them is made this way (no
//! `break`, and no `return` in it or in a block written inside it), nor one
//! whose home method reads or sets the frame's last match (which the
//! matching methods set in the home frame); the call is run in rebuilt
//! frames otherwise.

use super::entry::{activation_block, compiled, Activation};
use crate::block::{Block, BlockCode};
use crate::method::LoadedMethod;
use crate::object::Cref;
use crate::value::Value;
use crate::vm::Vm;
use bytecode::{call_flags, Insn, MethodKind};
use jit::runtime::CallAt;
use std::rc::Rc;

/// What a frame holds that a block written in it takes, or that a call
/// passing the frame's block on passes.
pub(super) struct FrameScope {
    pub code: Rc<LoadedMethod>,
    pub receiver: Value,
    pub env: Value,
    pub block: Option<Rc<Block>>,
    /// The lexical scope and owner, when known without a lookup (None for
    /// an inlined method's frame: looked up only if a block is made in it).
    pub lexical: Option<(Rc<Cref>, Value)>,
    pub method_name: Option<bytecode::Sym>,
}

impl Vm {
    /// The scope of the innermost frame around call `at` of activation
    /// `ctx`, which passed `words` (its operands, then for a call in
    /// inlined code the values of the inlined frames: see
    /// `lir::CallFrames`). None when a frame's value is not held as a
    /// value, or a block of the chain could not be made without frames.
    ///
    /// # Safety
    /// `ctx` and the records it links to are live activations, running
    /// call `at`.
    pub(super) unsafe fn innermost_scope(
        &mut self,
        ctx: *mut Activation,
        at: CallAt,
        words: &[u64],
    ) -> Option<FrameScope> {
        // SAFETY: the caller's contract.
        let mut scope = unsafe { self.root_scope(ctx) }?;
        let Some(index) = at.inlined() else {
            return Some(scope);
        };
        // SAFETY: as above.
        let code = &compiled(unsafe { &*ctx }).code;
        let call = &code.call_frames[index];
        let map = code.maps.get(call.map);
        let value = |at: usize| {
            let (word, repr) = call.source(words, at);
            matches!(repr, deopt::Repr::Value).then(|| Value::from_bits(word))
        };
        let mut at = 0;
        for (caller, frame) in map.frames.iter().zip(&map.frames[1..]) {
            let code = self.methods[frame.method as usize].clone();
            let receiver = value(at)?;
            let env = match frame.env {
                Some(_) => Some(value(at + 1 + frame.args.len())?),
                None => None,
            };
            at += frame.source_count();
            scope = if code.code.kind == MethodKind::Block {
                // Its caller yields to its block.
                let block = scope.block?;
                FrameScope {
                    code,
                    receiver,
                    env: env.unwrap_or(block.env),
                    block: block.outer_block.clone(),
                    lexical: Some((block.cref.clone(), block.owner)),
                    method_name: block.method_name,
                }
            } else {
                let block = match scope.code.code.insns[caller.ip as usize] {
                    Insn::Send(site) => {
                        let site = &scope.code.code.sites[site as usize];
                        if site.flags & call_flags::BLOCK_FORWARD != 0 {
                            scope.block.clone()
                        } else if let Some(child) = site.block {
                            Some(self.frameless_block(&scope, child)?)
                        } else {
                            None
                        }
                    }
                    _ => None,
                };
                FrameScope {
                    code,
                    receiver,
                    env: env.unwrap_or(Value::NIL),
                    block,
                    lexical: None,
                    method_name: None,
                }
            };
        }
        Some(scope)
    }

    /// The scope of activation `ctx`'s own frame: its record's, or for a
    /// native call's virtual frame, what its activation record holds
    /// (making the environment as `helpers::frame_env` does).
    ///
    /// # Safety
    /// `ctx` is a live activation.
    unsafe fn root_scope(&mut self, ctx: *mut Activation) -> Option<FrameScope> {
        // SAFETY: the caller's contract.
        let activation = unsafe { &mut *ctx };
        activation.assert_stored("root_scope");
        let code = compiled(activation).method.clone();
        if activation.frame_id != 0 {
            let frame = self
                .context
                .frames
                .iter()
                .rposition(|frame| frame.id == activation.frame_id)?;
            let env = self.frame_env(frame);
            let record = &self.context.frames[frame];
            return Some(FrameScope {
                receiver: self.context.stack[activation.base as usize],
                env,
                block: record.block.clone(),
                lexical: Some((record.cref.clone(), record.owner)),
                method_name: record.method_name,
                code,
            });
        }
        // SAFETY: a native call's record points at its receiver (and so
        // does a block's running without a record).
        let receiver = Value::from_bits(unsafe { *activation.values });
        if let Some(call) = self.context.virtual_block(activation) {
            // SAFETY: the call running the block borrows it until it
            // removes the entry.
            let block = unsafe { &*call.block };
            return Some(FrameScope {
                receiver,
                env: Value::from_bits(activation.env),
                block: activation_block(activation),
                lexical: Some((block.cref.clone(), block.owner)),
                method_name: block.method_name,
                code,
            });
        }
        let env = match code.code.has_env {
            true => self.virtual_frame_env(activation),
            false => Value::NIL,
        };
        Some(FrameScope {
            receiver,
            env,
            block: activation_block(activation),
            lexical: None,
            method_name: None,
            code,
        })
    }

    /// The literal block `child` of the code running in `scope`, made
    /// without the frame's record (see the module doc): None when the
    /// block needs one.
    pub(super) fn frameless_block(&mut self, scope: &FrameScope, child: u32) -> Option<Rc<Block>> {
        let code = scope.code.children[child as usize].clone();
        let frameless = *code.frameless.get_or_init(|| {
            !code.code.leaves_through_frames() && !self.family_reads_last_match(&code)
        });
        if !frameless {
            return None;
        }
        let (cref, owner) = match &scope.lexical {
            Some(known) => known.clone(),
            None => self.inlined_frame_scope(&scope.code, scope.receiver),
        };
        Some(Rc::new(Block {
            id: self.new_frame_id(),
            code: BlockCode::Bytecode(code),
            receiver: scope.receiver,
            env: scope.env,
            cref,
            owner,
            home: 0,
            creator: 0,
            outer_block: scope.block.clone(),
            is_lambda: false,
            method_name: scope.method_name,
        }))
    }
}
