//! rhizome: a Ruby VM with a profiling bytecode interpreter (and, as the
//! project grows, a JIT that speculates on the profile and deoptimises).
//!
//! This crate is the runtime: values ([`value`]), the heap and its collector
//! ([`heap`], [`object`]), the VM state ([`vm`]), the interpreter
//! ([`interp`]), exceptions ([`errors`]), the core library ([`core`]) and the
//! command line ([`cli`]). The bytecode and its compiler are the `bytecode`
//! crate.

pub mod block;
pub mod classes;
pub mod cli;
pub mod core;
pub mod diagnostics;
pub mod errors;
pub mod heap;
pub mod inline_cache;
pub mod interp;
pub mod jit;
pub mod limits;
pub mod object;
pub mod output;
pub mod prelude;
pub mod profile_dump;
pub mod shape;
pub mod stack;
pub mod value;
pub mod vm;

pub use value::Value;
pub use vm::{Control, Vm, VmOptions, VmResult};
