//! The frame: the entry's parameters and the environments of captured
//! locals.
//!
//! The receiver and arguments are read from the entry before anything
//! else runs (the entry points into the value stack, which calls may
//! move); code entered by on-stack replacement also reads the locals and
//! operands of the interpreter's frame. A captured local is a slot of an
//! environment, which helpers find, read and write. The block of
//! `counter`'s `[1, 2].each { x += 1 }`:
//!
//! ```text
//! v0 = param self
//! v1 = call frame_env(ctx)
//! v2 = call load_env(v1, 0x0, 0x0)      # x: slot 0, 0 links out
//! ...
//! call store_env(v1, 0x0, 0x0, v5)
//! ```

use super::{root_args, Lowering, MapState, Unsupported};
use crate::backend::lir::*;
use crate::ir::{NodeId, Op, Param};
use bytecode::Insn;

impl Lowering<'_> {
    pub(super) fn entry_params(&mut self) -> Result<(), Unsupported> {
        let graph = self.graph;
        let receiver = self.new_vreg();
        self.emit(Inst::Param {
            dst: receiver,
            slot: ParamSlot::Receiver,
        });
        self.entry.push(receiver);
        for n in 0..root_args(graph).unwrap_or(0) {
            let arg = self.new_vreg();
            self.emit(Inst::Param {
                dst: arg,
                slot: ParamSlot::Arg(n),
            });
            self.entry.push(arg);
        }
        // The graph's own parameter nodes are these registers.
        for node in graph.live() {
            match graph.op(node) {
                Op::Param(Param::SelfValue) => {
                    self.vreg_of.insert(node, receiver);
                }
                Op::Param(Param::Arg(n)) => {
                    let arg = match self.entry.get(1 + *n as usize) {
                        Some(&arg) => arg,
                        None => {
                            let arg = self.new_vreg();
                            self.emit(Inst::Param {
                                dst: arg,
                                slot: ParamSlot::Arg(*n),
                            });
                            arg
                        }
                    };
                    self.vreg_of.insert(node, arg);
                }
                Op::Param(Param::HasArg(n)) => {
                    let dst = self.vreg(node);
                    self.emit(Inst::Param {
                        dst,
                        slot: ParamSlot::HasArg(*n),
                    });
                }
                Op::Param(Param::Local(n)) | Op::Param(Param::Operand(n)) => {
                    let code = self.rt.code(graph.method);
                    let first_local = 1 + crate::builder::param_count(&code);
                    let index = match graph.op(node) {
                        Op::Param(Param::Local(_)) => first_local + n,
                        _ => first_local + code.locals.len() as u32 + n,
                    };
                    let dst = self.vreg(node);
                    self.emit(Inst::Param {
                        dst,
                        slot: ParamSlot::Frame(index),
                    });
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// A parameter node: most were read at the entry (`entry_params`);
    /// the block and the environment are asked of the runtime.
    pub(super) fn param(&mut self, node: NodeId, op: Op) -> Result<(), Unsupported> {
        let graph = self.graph;
        match op {
            // Read at the entry (`entry_params`), before any call: the
            // entry frame points into the value stack, which calls may move.
            Op::Param(
                Param::SelfValue
                | Param::Arg(_)
                | Param::HasArg(_)
                | Param::Local(_)
                | Param::Operand(_),
            ) => {}
            // A `yield` and a block literal find the frame's block
            // themselves (reading it would materialise a virtual frame).
            Op::Param(Param::Block)
                if graph.users(node).iter().all(|&u| {
                    matches!(graph.op(u), Op::Yield { .. } | Op::BlockLiteral { .. })
                }) => {}
            Op::Param(Param::Block) => {
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.frame_block as usize as u64,
                    "frame_block",
                    true,
                    vec![],
                );
            }
            Op::Param(Param::Env) => {
                // Instructions that take the environment as an input
                // (`getlocal`/`setlocal` of captured locals) find it in the
                // frame themselves; this is for any other user.
                let dst = self.vreg(node);
                self.call(
                    Some(dst),
                    self.helpers.frame_env as usize as u64,
                    "frame_env",
                    true,
                    vec![],
                );
            }
            Op::Param(Param::CallerState) => {
                unreachable!("caller states are replaced when a callee is spliced in")
            }
            _ => unreachable!("parameters only"),
        }
        Ok(())
    }

    /// A captured local read or written, and a new environment.
    pub(super) fn environment(
        &mut self,
        node: NodeId,
        op: Op,
        inputs: &[NodeId],
        map: &mut MapState,
    ) -> Result<(), Unsupported> {
        match op {
            // A captured local: a slot of the environment `hops` links out
            // from the frame's (or an inlined frame's) environment.
            Op::Insn {
                insn: Insn::LoadEnv { slot, hops, .. },
                ..
            } => {
                let env = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                let args = vec![env, Opd::Imm(hops.into()), Opd::Imm(slot.into())];
                self.call(
                    Some(dst),
                    self.helpers.load_env as usize as u64,
                    "load_env",
                    false,
                    args,
                );
            }
            Op::Insn {
                insn: Insn::StoreEnv { slot, hops, .. },
                ..
            } => {
                let env = self.opd(inputs[0])?;
                let value = self.opd(inputs[1])?;
                let args = vec![env, Opd::Imm(hops.into()), Opd::Imm(slot.into()), value];
                self.call(
                    None,
                    self.helpers.store_env as usize as u64,
                    "store_env",
                    false,
                    args,
                );
                // Running it again would show: later sites resume after it.
                map.current = None;
            }
            Op::NewEnv { method } => {
                let parent = self.opd(inputs[0])?;
                let dst = self.vreg(node);
                let args = vec![Opd::Imm(method.0.into()), parent];
                self.call(
                    Some(dst),
                    self.helpers.new_env as usize as u64,
                    "new_env",
                    true,
                    args,
                );
            }
            _ => unreachable!("environments only"),
        }
        Ok(())
    }
}
