//! rhizome: a Ruby VM with a profiling bytecode interpreter and a JIT that
//! speculates on the profile and deoptimises back into the interpreter.
//!
//! This crate is the runtime: values ([`value`]), the heap and its collector
//! ([`heap`], [`object`]), the VM state ([`vm`]), the interpreter
//! ([`interp`]), exceptions ([`errors`]), the core library ([`core`]), the
//! runtime side of the JIT ([`compiled`]: when to compile, entering
//! compiled code, the helpers it calls, virtual frames and deoptimisation)
//! and the command line ([`cli`]). The bytecode and its compiler are the
//! `bytecode` crate, the compiler from bytecode to machine code the `jit`
//! crate, deoptimisation maps the `deopt` crate.

pub mod array_items;
pub mod block;
pub mod case_table;
pub mod classes;
pub mod cli;
pub mod compiled;
pub mod core;
pub mod diagnostics;
pub mod encoding;
pub mod errors;
pub mod frame_layout;
pub mod hash_table;
pub mod heap;
pub mod inline_cache;
pub mod interp;
pub mod limits;
pub mod method;
pub mod object;
pub mod open_file;
pub mod output;
pub mod overflow_slots;
pub mod pattern;
pub mod prelude;
pub mod profile_dump;
pub mod random_state;
pub mod sandbox;
pub mod shape;
pub mod signals;
pub mod splitting;
pub mod stack;
pub mod traps;
pub mod value;
pub mod vm;

pub use value::Value;
pub use vm::{Control, Vm, VmOptions, VmResult};
