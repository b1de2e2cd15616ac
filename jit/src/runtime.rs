//! What the JIT needs from the runtime, and nothing more.
//!
//! The JIT never reaches into the VM: it sees methods as [`MethodRef`]
//! handles, classes as profile [`Kind`]s, shapes as [`ShapeRef`]s and values
//! as words in the `bytecode::abi` encoding. The runtime implements
//! [`Runtime`] over its own tables; tests can implement it over anything.
//!
//! ```text
//! runtime ----code, profiles, lookups, names----> jit::compile
//! runtime <---machine code + deoptimisation sites------- jit
//! ```
//!
//! Compiled code reaches the runtime only through the helpers the runtime
//! lists in [`Helpers`] (addresses of `extern "C"` functions, with the
//! signatures documented there), and reads objects only as [`KindTest`]
//! describes them.

use crate::ir::{MethodRef, ShapeRef};
use bytecode::profile::{BranchProfile, Kind, KindSet};
use bytecode::{Method, Sym};
use std::rc::Rc;

/// What the interpreter saw at one `send`.
#[derive(Clone, Debug, Default)]
pub struct SendProfile {
    /// The kinds of receiver (fixnum, flonum, ... or the class).
    pub receiver: KindSet,
    /// The kinds of each argument.
    pub args: Vec<KindSet>,
    /// The site's inline cache went megamorphic.
    pub megamorphic: bool,
}

/// One line of an instance-variable site's cache: objects of `shape` hold
/// the variable in `slot`; a write moves them to `next` (`next == shape`
/// when the variable was there already).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IvarLine {
    pub shape: ShapeRef,
    pub slot: u32,
    pub next: ShapeRef,
    /// The class of the objects seen (a transition is valid for it only).
    pub class: Kind,
}

/// What an instance-variable site (or an attribute method) saw.
#[derive(Clone, Debug, Default)]
pub struct IvarProfile {
    pub lines: Vec<IvarLine>,
    pub megamorphic: bool,
}

/// A core operation the JIT builds as IR instead of calling. The runtime
/// answers one only while the method is the original core method (not
/// redefined, not aliased over).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Intrinsic {
    /// Integer `+ - * / % & | ^` and comparisons on two fixnums.
    FixnumArith(bytecode::Sym),
    /// Float `+ - * /` and comparisons on two floats.
    FloatArith(bytecode::Sym),
    /// `Array#[]` with one Integer index.
    ArrayIndex,
    /// `Array#[]=` with an Integer index.
    ArraySet,
    /// `Array#size` / `Array#length`.
    ArraySize,
    /// `Kernel#block_given?`.
    BlockGiven,
    /// `BasicObject#!`.
    Not,
}

/// What a method lookup found, as far as the JIT cares.
#[derive(Clone, Debug)]
pub enum Callee {
    /// A method written in Ruby (user code, or a core method from `rb/`).
    Bytecode(MethodRef),
    /// A core method the JIT builds as IR.
    Intrinsic(Intrinsic),
    /// `attr_reader`: reads `@ivar` through the method's own shape cache.
    AttrReader { ivar: Sym, profile: IvarProfile },
    /// `attr_writer`.
    AttrWriter { ivar: Sym, profile: IvarProfile },
    /// Anything else (a Rust core method, `define_method`): called.
    Other,
}

/// The runtime's functions compiled code calls, by address. `ctx` is the
/// pointer the compiled method was entered with (the runtime's context of
/// that activation); values are `bytecode::abi` words; `UNDEF` as a result
/// means a pending exception or jump, which the compiled method returns.
#[derive(Clone, Copy, Debug, Default)]
pub struct Helpers {
    /// `fn(ctx, method, at, count, values: *const u64) -> u64`: runs the
    /// instruction at index `at & 0xffff_ffff` of `method` as the
    /// interpreter would, with the first `count` values as the operands it
    /// pops. In the compiled method's own frame when `at >> 32` is 0; else
    /// the call is in inlined code, and `values` continue with the values
    /// of call frames `(at >> 32) - 1` (`backend::lir::CallFrames`), which
    /// the runtime rebuilds for the call. With bit 63 of `at` set, the
    /// instruction is a send the runtime calls directly: `method` is then a
    /// handle from [`Runtime::direct_call`].
    pub run_insn: u64,
    /// `fn(ctx, code, site, fp, sp) -> u64`: a site's stub deoptimises
    /// (see `deopt::SiteMap`); the interpreter finishes the method.
    pub deoptimise: u64,
    /// `fn(ctx) -> u64`: `true` when the frame has a block, else `nil`.
    pub frame_block: u64,
    /// `fn(ctx) -> u64`: the frame's environment (captured locals).
    pub frame_env: u64,
    /// `fn(value) -> u64`: an object's shape, or `u64::MAX` for a value
    /// without shaped slots.
    pub load_shape: u64,
    /// `fn(object, slot) -> u64`.
    pub load_ivar: u64,
    /// `fn(ctx, object, slot, value, shape) -> u64`: 0, or 1 when the
    /// object is frozen (nothing written). `shape` is the object's new
    /// shape when the write adds the slot, else `u64::MAX`.
    pub store_ivar: u64,
    /// `fn(array) -> u64`: the length.
    pub array_length: u64,
    /// `fn(array, index) -> u64`.
    pub array_load: u64,
    /// `fn(array, index, value) -> u64`: 0, or 1 when frozen.
    pub array_store: u64,
    /// `fn(value) -> u64`: the double's bits of a Float.
    pub unbox_float: u64,
    /// `fn(ctx, bits) -> u64`: a Float.
    pub box_float: u64,
}

/// The runtime as the JIT sees it.
pub trait Runtime {
    /// A method's bytecode.
    fn code(&self, method: MethodRef) -> Rc<Method>;
    /// The handle of method `method`'s n-th child (a block or nested def).
    fn child(&self, method: MethodRef, index: u32) -> MethodRef;
    /// How often a method was called.
    fn calls(&self, method: MethodRef) -> u64;
    /// The profile of send site `site` of `method`.
    fn send_profile(&self, method: MethodRef, site: u32) -> SendProfile;
    /// The counts of branch profile `index` of `method`.
    fn branch_profile(&self, method: MethodRef, index: u16) -> BranchProfile;
    /// The shape cache of ivar site `site` of `method`.
    fn ivar_profile(&self, method: MethodRef, site: u32) -> IvarProfile;
    /// The literal `index` of `method` as a value word, when it is one
    /// (None for String literals: each `push` makes a new String).
    fn literal(&self, method: MethodRef, index: u32) -> Option<u64>;
    /// What receivers of kind `kind` call for `name` (None: no method, the
    /// call raises or goes to `method_missing`).
    fn lookup(&self, kind: Kind, name: Sym) -> Option<Callee>;

    /// Whether compiled code speculating at the send at `ip` of `method`
    /// failed too often: compiled again, the send stays a plain call.
    fn speculation_failed(&self, method: MethodRef, ip: u32) -> bool;

    /// The value constant `name` has in the scope of `method`'s frames,
    /// when the runtime knows that scope: compiled code may use it as a
    /// constant (the runtime invalidates the code if the constant is
    /// assigned again).
    fn constant(&self, method: MethodRef, name: Sym) -> Option<u64>;

    // --- code generation --------------------------------------------------
    /// A handle for calling the method receivers of `kind` call for `name`
    /// directly with `argc` arguments (and no block), when it is a Ruby
    /// method taking exactly those: the call skips the send's lookup.
    fn direct_call(&self, kind: Kind, name: Sym, argc: u32) -> Option<u32>;
    /// How compiled code tests that a value is of `kind`.
    fn kind_test(&self, kind: Kind) -> crate::backend::lir::KindTest;
    /// The functions compiled code calls.
    fn helpers(&self) -> Helpers;
    /// Whether `--jit-stress-deopt` is on: the address of the countdown
    /// that makes guards fail (a `u64`; a guard deoptimises when its
    /// decrement reaches zero).
    fn stress_countdown(&self) -> Option<u64>;
    /// The address of the byte that becomes non-zero when the code being
    /// compiled is invalidated (what polls read).
    fn invalidated_flag(&self) -> u64;

    // --- names, for dumps ---------------------------------------------------
    fn symbol_name(&self, sym: Sym) -> String;
    /// `Integer`, `Point`, or `fixnum` for the kinds that are not classes.
    fn kind_name(&self, kind: Kind) -> String;
    /// `add`, `block in run`, `Integer#times`.
    fn method_name(&self, method: MethodRef) -> String;
    /// A heap constant as `inspect` shows it (a frozen String, a Float).
    fn inspect_heap(&self, bits: u64) -> String;
    /// An instruction of `method` as `--dump-bytecode` lists it
    /// (`getglobal $x`).
    fn insn_text(&self, method: MethodRef, insn: &bytecode::Insn) -> String;
}
