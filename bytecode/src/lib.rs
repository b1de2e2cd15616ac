//! rhizome's bytecode.
//!
//! A Ruby file is parsed by lib-ruby-parser and compiled, method by method,
//! into the stack bytecode RhizomeRuby describes: `self`, `arg`, `load`,
//! `store`, `push`, `send`, `not`, `jump`, `branch`, `return` (its `trace`
//! left out: each instruction's line is in a table), plus the few extensions listed in `README.md` beside this crate. This crate is
//! plain data and the compiler: it knows nothing of the runtime's objects, so
//! the JIT and the deoptimiser can depend on it without depending on the VM.
//! It does define the value encoding ([`abi`]) that both sides share.
//!
//! ```
//! let mut symbols = bytecode::SymbolTable::new();
//! let main = bytecode::compile_file(b"def add(a, b)\n  a + b\nend\n", "t.rb", &mut symbols).unwrap();
//! let add = &main.children[0];
//! assert!(add.disassemble(&symbols).contains("send     +      1"));
//! ```

pub mod abi;
mod block_forwarding;
mod compile;
pub mod error_highlight;
mod for_scope;
mod forwarding;
mod insn;
mod literal;
mod method;
pub mod param_uses;
pub mod profile;
pub mod snapshot;
mod source_encoding;
mod stack_depth;
pub use source_encoding::known_to_mri as encoding_known_to_mri;
mod symbols;
mod syntax_error;

pub use compile::{compile_file, compile_file_as, Source};
pub use insn::{DefinedKind, Insn, Special};
pub use literal::{Literal, RangeEnd, FIXNUM_MAX, FIXNUM_MIN};
pub use method::{call_flags, CallSite, CaseTable, Handler, HandlerKind, Method, MethodKind, Span};
pub use source_encoding::SourceEncoding;
pub use symbols::{Sym, SymbolTable};
pub use syntax_error::SyntaxError;

/// The method named `name` that `source` defines (for unit tests).
#[cfg(test)]
pub(crate) fn method_in(source: &str, name: &str) -> Method {
    let mut symbols = SymbolTable::default();
    let main = compile_file(source.as_bytes(), "t.rb", &mut symbols).expect("compiles");
    let wanted = symbols.intern(name);
    let method = main
        .children
        .iter()
        .find(|child| child.name == wanted)
        .expect("the method");
    (**method).clone()
}
