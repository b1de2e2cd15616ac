//! rhizome's JIT, part two: from an optimised graph to machine code.
//!
//! ```text
//! graph --schedule--> basic blocks in order, every node placed
//!       --lower-----> LIR: tags, compare-and-jumps, calls, deopt sites
//!       --regalloc--> a register or stack slot per virtual register
//!       --x64-------> machine code + one stub per deoptimisation site
//! ```
//!
//! [`generate`] runs the four stages and places the code in executable
//! memory ([`CodeArena`]: written while writable, then made executable,
//! never both). A graph with a node the backend does not lower yet is not
//! compiled (the method stays in the interpreter), which is always
//! correct.

pub mod code_arena;
pub mod disasm;
pub mod lir;
pub mod lower;
pub mod regalloc;
pub mod schedule;
pub mod x64;

use crate::ir::{Graph, NodeId};
use crate::runtime::Runtime;
pub use code_arena::{CodeArena, PlacedCode};
pub use lower::Unsupported;
pub use x64::{EmitOptions, EntryFrame};

/// Executable memory of its own, for code made once for the whole run
/// (the runtime's trampolines); compiled methods are placed in the
/// [`CodeArena`].
pub struct CodeMemory {
    map: memmap2::Mmap,
}

impl CodeMemory {
    /// Copies `code` into fresh pages, then makes them executable (and no
    /// longer writable).
    pub fn new(code: &[u8]) -> std::io::Result<CodeMemory> {
        let mut map = memmap2::MmapMut::map_anon(code.len().max(1))?;
        map[..code.len()].copy_from_slice(code);
        Ok(CodeMemory {
            map: map.make_exec()?,
        })
    }

    pub fn address(&self) -> u64 {
        self.map.as_ptr() as u64
    }
}

/// What the runtime knows of a deoptimisation site of compiled code.
#[derive(Clone, Debug)]
pub struct SiteInfo {
    /// The IR node that leaves there.
    pub node: NodeId,
    pub reason: lir::SiteReason,
    /// The reason as dumps and traces show it.
    pub reason_name: String,
    /// The method and index where its speculation was made.
    pub origin: Option<(u32, u32)>,
}

/// A compiled method's code, ready to call.
pub struct CompiledCode {
    pub memory: PlacedCode,
    /// How each site's stub reads the frame back.
    pub site_maps: Vec<deopt::SiteMap>,
    pub maps: deopt::DeoptMaps,
    /// Per site: why and where it leaves (for traces, `--stats` and
    /// recompilation).
    pub sites: Vec<SiteInfo>,
    /// The frames of calls in inlined code (see `lir::CallFrames`).
    pub call_frames: Vec<lir::CallFrames>,
    /// Where each IR node's code starts, for `--dump-asm`.
    pub origins: Vec<(usize, Option<NodeId>)>,
    /// Where the helper's ways of native calls start (after the epilogue).
    pub helper_ways_offset: usize,
    /// Where the stubs start.
    pub stubs_offset: usize,
    /// The native calls, by the offset they return to (ascending).
    pub native_sites: Vec<(usize, crate::runtime::NativeSite)>,
}

/// The signature of compiled code.
pub type Entry = unsafe extern "C" fn(ctx: *mut std::ffi::c_void, entry: *const EntryFrame) -> u64;

impl CompiledCode {
    pub fn entry(&self) -> Entry {
        // SAFETY: the memory holds a function with this signature, emitted
        // by `x64::emit`, and stays mapped as long as `self`.
        unsafe { std::mem::transmute::<u64, Entry>(self.memory.address()) }
    }

    pub fn size(&self) -> usize {
        self.memory.len()
    }

    /// The native call of this code that returns to `return_address`.
    pub fn native_site(&self, return_address: u64) -> Option<&crate::runtime::NativeSite> {
        let offset = return_address.checked_sub(self.memory.address())? as usize;
        let at = self
            .native_sites
            .binary_search_by_key(&offset, |(returns_to, _)| *returns_to)
            .ok()?;
        Some(&self.native_sites[at].1)
    }
}

/// Why code generation gave up.
#[derive(Debug)]
pub enum GenerateError {
    Unsupported(Unsupported),
    Memory(std::io::Error),
}

/// Schedules, lowers, allocates and emits `graph`. `observe` sees the LIR
/// (after lowering) for dumps.
pub fn generate(
    graph: &Graph,
    rt: &dyn Runtime,
    options: &EmitOptions,
    arena: &CodeArena,
    observe: &mut dyn FnMut(&lir::Lir),
) -> Result<CompiledCode, GenerateError> {
    let schedule = schedule::schedule(graph);
    let lir = lower::lower(graph, &schedule, rt).map_err(GenerateError::Unsupported)?;
    observe(&lir);
    let allocation = regalloc::allocate(&lir);
    let emitted = x64::emit(&lir, &allocation, options);
    let memory = arena.place(&emitted.code).map_err(GenerateError::Memory)?;
    Ok(CompiledCode {
        memory,
        origins: x64::origins(&lir, &emitted),
        sites: lir
            .sites
            .iter()
            .map(|s| SiteInfo {
                node: s.node,
                reason: s.reason,
                reason_name: s.reason_name.clone(),
                origin: s.origin,
            })
            .collect(),
        site_maps: emitted.site_maps,
        helper_ways_offset: emitted.helper_ways_offset,
        stubs_offset: emitted.stubs_offset,
        native_sites: emitted.native_sites,
        call_frames: lir.call_frames,
        maps: lir.maps,
    })
}
