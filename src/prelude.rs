//! The core methods written in Ruby (`rb/`), compiled when rhizome is
//! built and loaded when the VM starts.
//!
//! Their file names are `<internal:NAME>`: backtraces show their frames as
//! MRI shows its C methods, by method name at the caller's location.

use crate::vm::{Vm, VmResult};
use std::rc::Rc;

/// The prelude's top-level methods, one per file in load order, compiled
/// by the build script (`build.rs`).
const SNAPSHOT: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/prelude.bin"));

/// The file-name prefix of prelude code.
pub const INTERNAL_PREFIX: &str = "<internal:";

impl Vm {
    /// Loads and runs every prelude file.
    pub fn load_prelude(&mut self) -> VmResult<()> {
        let files = bytecode::snapshot::load(SNAPSHOT, &mut self.symbols)
            .unwrap_or_else(|error| panic!("the prelude snapshot does not load: {error}"));
        for code in files {
            let main = self.load(Rc::new(code));
            self.run_main(main)?;
        }
        Ok(())
    }
}

/// The file-name prefix of the standard libraries rhizome carries
/// (`rb/lib/`, see `core::load`): internal code too, shown as the core's.
pub const LIBRARY_PREFIX: &str = "<internal:lib/";

/// Whether `file` is prelude code (or a bundled library's).
pub fn is_internal(file: &str) -> bool {
    file.starts_with(INTERNAL_PREFIX)
}

/// Whether `file` is a bundled standard library's: plain Ruby in MRI, so
/// unlike the core's methods written in Ruby, its frames have last matches
/// (`$~`) of their own.
pub fn is_bundled_library(file: &str) -> bool {
    file.starts_with(LIBRARY_PREFIX)
}
