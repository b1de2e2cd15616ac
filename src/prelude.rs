//! The core methods written in Ruby (`rb/`), compiled when the VM starts.
//!
//! Their file names are `<internal:NAME>`: backtraces show their frames as
//! MRI shows its C methods, by method name at the caller's location.

use crate::vm::{Vm, VmResult};
use std::rc::Rc;

/// The prelude files, in load order.
pub const PRELUDE: &[(&str, &str)] = &[
    ("kernel", include_str!("../rb/kernel.rb")),
    ("comparable", include_str!("../rb/comparable.rb")),
    ("enumerable", include_str!("../rb/enumerable.rb")),
    ("numeric", include_str!("../rb/numeric.rb")),
    ("integer", include_str!("../rb/integer.rb")),
    ("array", include_str!("../rb/array.rb")),
    ("hash", include_str!("../rb/hash.rb")),
    ("range", include_str!("../rb/range.rb")),
    ("proc", include_str!("../rb/proc.rb")),
    ("enumerator", include_str!("../rb/enumerator.rb")),
    ("struct", include_str!("../rb/struct.rb")),
];

/// The file-name prefix of prelude code.
pub const INTERNAL_PREFIX: &str = "<internal:";

impl Vm {
    /// Compiles and runs every prelude file.
    pub fn load_prelude(&mut self) -> VmResult<()> {
        for (name, source) in PRELUDE {
            let file = format!("{INTERNAL_PREFIX}{name}>");
            let code = bytecode::compile_file(source.as_bytes(), &file, &mut self.symbols)
                .unwrap_or_else(|error| panic!("rb/{name}.rb does not compile: {}", error.report));
            let main = self.load(Rc::new(code));
            self.run_main(main)?;
        }
        Ok(())
    }
}

/// Whether `file` is prelude code.
pub fn is_internal(file: &str) -> bool {
    file.starts_with(INTERNAL_PREFIX)
}
