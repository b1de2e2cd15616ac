//! `--dump-asm`: the disassembly of a compiled method, each range headed by
//! the IR node it came from, then the native calls' ways through the
//! runtime (taken while the callee has no compiled code), then the
//! deoptimisation stubs.
//!
//! ```text
//! ; v12 = fixnum_add v8, v10 state=v5 ctrl=v11
//!   0x7f..1040  mov rax,rbx
//!   0x7f..1043  add rax,r12
//!   0x7f..1046  mov r11,rax
//!   0x7f..1049  add r11,r11
//!   0x7f..104c  jo 0x7f..10e0
//! ; calls through the runtime
//!   0x7f..1100  mov rdi,r15
//! ; deoptimisation stubs
//! ```

use super::CompiledCode;
use crate::ir::NodeId;
use iced_x86::{Decoder, DecoderOptions, Formatter, Instruction, IntelFormatter};
use std::fmt::Write;

/// The listing; `describe` names an IR node (`v12 = fixnum_add ...`).
pub fn listing(code: &CompiledCode, describe: &dyn Fn(NodeId) -> String) -> String {
    let bytes = code.memory.bytes();
    let base = code.memory.address();
    let mut decoder = Decoder::with_ip(64, bytes, base, DecoderOptions::NONE);
    let mut formatter = IntelFormatter::new();
    let mut instruction = Instruction::default();
    let mut text = String::new();
    let mut out = String::new();
    let mut headers = code.origins.iter().peekable();
    let mut in_helper_ways = false;
    let mut in_stubs = false;
    while decoder.can_decode() {
        let offset = (decoder.ip() - base) as usize;
        while let Some(&&(start, origin)) = headers.peek() {
            if start > offset {
                break;
            }
            headers.next();
            if let Some(node) = origin {
                let _ = writeln!(out, "; {}", describe(node));
            }
        }
        if !in_helper_ways && offset >= code.helper_ways_offset && offset < code.stubs_offset {
            in_helper_ways = true;
            let _ = writeln!(out, "; calls through the runtime");
        }
        if !in_stubs && offset >= code.stubs_offset {
            in_stubs = true;
            let _ = writeln!(out, "; deoptimisation stubs");
        }
        decoder.decode_out(&mut instruction);
        text.clear();
        formatter.format(&instruction, &mut text);
        let _ = writeln!(out, "  {:#x}  {text}", instruction.ip());
    }
    out
}
