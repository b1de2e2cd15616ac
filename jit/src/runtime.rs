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
//! signatures documented there), and reads objects only as [`KindTest`](crate::backend::lir::KindTest)
//! describes them.

use crate::ir::{Cmp, MethodRef, ShapeRef};
use bytecode::profile::{BranchProfile, Kind, KindSet};
use bytecode::{Method, Sym};
use std::cell::Cell;
use std::ffi::c_void;
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
    /// The site is to call a split of its callee it has not made yet
    /// (call-target splitting): compiled now, the call would use the
    /// original's profile.
    pub split_pending: bool,
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
    /// Integer `+ - * / % & | ^` and comparisons on two fixnums; `~ -@
    /// odd? even? zero?` on one.
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
    /// `String#==`.
    StringEq,
    /// `Kernel#nil?`.
    IsNil,
    /// `Array#<<` and `Array#push` with one argument.
    ArrayPush,
    /// `Array#empty?`.
    ArrayEmpty,
    /// `Kernel#is_a?` and `#kind_of?`.
    KindOf,
    /// `String#length` and `#size`.
    StringLength,
    /// `String#[]` with one Integer index.
    StringIndex,
    /// `Module#===`.
    ModuleCaseEq,
    /// `Symbol#===`: identity.
    SymbolCaseEq,
    /// `Integer#===`: identity when both are fixnums.
    FixnumCaseEq,
    /// `Range#===`: of a fixnum and a Range of fixnums, a bounds test.
    RangeCaseEq,
    /// `BasicObject#equal?`, and `==` of BasicObject and Symbol: identity.
    Identical,
    /// `String#<=>`.
    StringOrder,
    /// Comparable's `<`, `<=`, `>`, `>=` on a String whose `<=>` is
    /// `String#<=>` (answered only for String receivers).
    StringCompare(Cmp),
    /// `Class#new`.
    ClassNew,
    /// `BasicObject#!=`: the negation of the receiver's `==` (the
    /// symbol), when that is an intrinsic comparing without calls.
    NotEqual(bytecode::Sym),
    /// `Math.sqrt`.
    MathSqrt,
    /// `Math.sin`, `cos`, `tan`, `atan`, `exp`.
    Math(crate::ir::MathFn),
    /// `Float#to_i`, `#to_int` and `#truncate` (without digits).
    FloatToI,
    /// `Array#==` and `Hash#==`: an argument of another kind is unequal
    /// unless it converts (has the method named, `to_ary` or `to_hash`).
    ConvertingEq(bytecode::Sym),
    /// `Range#begin`, `#end` and `#exclude_end?`: of a Range literal, its
    /// operands and its flag.
    RangeBegin,
    RangeEnd,
    RangeExcludeEnd,
    /// `Kernel#respond_to?` with one argument: with a constant Symbol, the
    /// answer for the receiver's kind ([`Runtime::responds_to`]).
    RespondTo,
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
    /// `Struct#initialize` on instances of a Struct class (positional
    /// members): one store per member, in order, each moving a new
    /// instance to its next shape (`slot` and `next`, from the root shape).
    StructInitialize { members: Vec<IvarLine> },
    /// Anything else (a Rust core method, `define_method`): called.
    Other,
}

/// One activation of compiled code: what its `ctx` points to. The runtime
/// makes one when it enters compiled code; compiled code makes one in its
/// own machine frame for each *native call*, a call from compiled code
/// straight into the callee's compiled code.
///
/// A native call pushes no interpreter frame: the callee's frame is
/// *virtual* until something needs it (a helper that runs Ruby code, may
/// raise, or deoptimises). The runtime then *materialises* the chain of
/// virtual frames, outermost first, from these records:
///
/// ```text
/// interpreter ── run_compiled ──> fib (materialised: frame_id = 7)
///                                   └─ native call ──> fib (virtual: frame_id = 0)
///                                                        └─ native call ──> fib (virtual)
/// a helper called by the innermost fib: materialise both virtual frames,
/// each as `invoke` would have pushed it (receiver and arguments from
/// `values`, the rest from the call's NativeSite)
/// ```
///
/// The record holds only what changes from call to call. What a call site
/// always passes (the method entry, the call's index, where the caller
/// keeps the values of its inlined frames) is its [`NativeSite`], which
/// the runtime finds from the call's return address: the word below
/// `values`, since `values` is the caller's stack pointer at the call.
///
/// When the runtime materialises a callee's frame, it also replaces the
/// call's return address with that of a trampoline
/// ([`crate::backend::x64::native_return_trampoline`]), which pops the
/// frame when the callee returns and goes back to the caller: compiled
/// code does not check after each call whether its callee was
/// materialised.
#[repr(C)]
#[derive(Debug)]
pub struct ActivationRecord {
    /// The runtime's record of the code running (from the callee's
    /// [`CallTarget`]).
    pub compiled: *const c_void,
    /// For a native call: the caller's record. Null for code the runtime
    /// entered: with a frame (`frame_id` set), or a block it runs without
    /// one (`frame_id` 0 then: the runtime materialises it by itself).
    pub caller: *mut ActivationRecord,
    /// The receiver, then the arguments (the layout of
    /// [`crate::backend::EntryFrame`], which compiled code is entered with).
    /// For a native call, the caller's stack pointer at the call.
    pub values: *const u64,
    pub argc: u64,
    /// Once materialised: the frame's receiver slot on the value stack.
    pub base: u64,
    /// Ruby calls that may still nest before `SystemStackError` (inlined
    /// frames count as calls).
    pub depth_left: u64,
    /// The interpreter frame's id once materialised; 0 while virtual.
    pub frame_id: u64,
    /// How many inlined frames of the caller the runtime rebuilt below
    /// this frame when it materialised it (popped with it). Set when the
    /// frame is materialised: compiled code leaves it as it is.
    pub inlined: u64,
    /// The block the activation was called with (the runtime's handle,
    /// borrowed from the frame that holds it; 0 for none). A native call
    /// that passes its caller's block on copies the caller's.
    pub block: u64,
    /// The frame's environment, made by the runtime the first time the
    /// code asks for it while the frame is virtual (`Helpers::frame_env`),
    /// and given to the frame when it is materialised if its method's
    /// blocks capture its locals; 0 until then. Every native call stores
    /// 0: any method's code may ask (an inlined block's frame state names
    /// its frame's environment). A call that stored it only for methods
    /// whose blocks capture their locals left a stale word the runtime
    /// read as an environment (a crash in the collector, Havlak at
    /// `--jit-threshold=0`).
    pub env: u64,
}

impl ActivationRecord {
    pub const COMPILED: i32 = std::mem::offset_of!(ActivationRecord, compiled) as i32;
    pub const CALLER: i32 = std::mem::offset_of!(ActivationRecord, caller) as i32;
    pub const VALUES: i32 = std::mem::offset_of!(ActivationRecord, values) as i32;
    pub const ARGC: i32 = std::mem::offset_of!(ActivationRecord, argc) as i32;
    pub const DEPTH_LEFT: i32 = std::mem::offset_of!(ActivationRecord, depth_left) as i32;
    pub const FRAME_ID: i32 = std::mem::offset_of!(ActivationRecord, frame_id) as i32;
    pub const BLOCK: i32 = std::mem::offset_of!(ActivationRecord, block) as i32;
    pub const ENV: i32 = std::mem::offset_of!(ActivationRecord, env) as i32;
    pub const SIZE: i32 = std::mem::size_of::<ActivationRecord>() as i32;

    /// What a debug build's compiled code fills the record of its native
    /// calls with in its prologue, before any call stores a field: a field
    /// read while it still holds this word was read on a path that never
    /// stored it ([`ActivationRecord::assert_stored`] says which).
    pub const UNSTORED: u64 = 0xdead_5107_0bad_5107;

    /// In debug builds, panics naming the first field of the record that
    /// compiled code has not stored on the way to `reader`: the fields a
    /// native call stores (all but `base` and `inlined`, which the runtime
    /// stores when it materialises the frame). Every runtime path that
    /// reads a record checks it first, so a call that takes a way its
    /// record's data flow did not foresee fails where the word is read,
    /// not later with a wild value.
    pub fn assert_stored(&self, reader: &str) {
        if cfg!(debug_assertions) {
            let fields = [
                ("compiled", self.compiled as u64),
                ("caller", self.caller as u64),
                ("values", self.values as u64),
                ("argc", self.argc),
                ("depth_left", self.depth_left),
                ("frame_id", self.frame_id),
                ("block", self.block),
                ("env", self.env),
            ];
            for (name, word) in fields {
                assert_ne!(
                    word,
                    Self::UNSTORED,
                    "{reader} read the field `{name}` of an activation record no path stored"
                );
            }
        }
    }

    /// In debug builds, panics if the runtime has not stored the fields it
    /// fills in when it materialises the frame (`base`, `inlined`).
    pub fn assert_materialised(&self, reader: &str) {
        if cfg!(debug_assertions) {
            self.assert_stored(reader);
            for (name, word) in [("base", self.base), ("inlined", self.inlined)] {
                assert_ne!(
                    word,
                    Self::UNSTORED,
                    "{reader} read the field `{name}` of a frame not materialised"
                );
            }
        }
    }

    /// A native call's [`NativeSite`] key: its return address, the word
    /// the call pushed below the caller's stack pointer.
    ///
    /// # Safety
    /// `self` must be the record of a native call that is running, not
    /// materialised yet (materialising replaces the return address).
    pub unsafe fn return_address(&self) -> u64 {
        // SAFETY: the caller's contract: `values` is the caller's stack
        // pointer at the call, and the call pushed its return address
        // just below it.
        unsafe { *self.values.sub(1) }
    }
}

/// Where a call of compiled code is, packed in the one word the call's
/// helper receives (`at`) and its native call site keeps:
///
/// ```text
///   bit 63   direct: the helper's `method` indexes the compiled method's
///            direct call targets, not the runtime's methods
///   62..32   the call's inlined frames, as an index into
///            `CompiledCode::call_frames` plus one (0: not in inlined code)
///   31..0    ip: the call's index in its innermost frame (the compiled
///            method's own, or the innermost inlined one)
/// ```
///
/// `#[repr(transparent)]`: helpers take it where compiled code passes a
/// `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[repr(transparent)]
pub struct CallAt(u64);

impl CallAt {
    const INLINED_SHIFT: u32 = 32;
    const INLINED_MASK: u64 = 0x7fff_ffff;
    const DIRECT: u64 = 1 << 63;

    /// A call at `ip`; in inlined code, with the frames of
    /// `CompiledCode::call_frames[inlined]`.
    pub fn new(ip: u32, inlined: Option<u32>) -> CallAt {
        let frames = inlined.map_or(0, |index| u64::from(index) + 1);
        CallAt(u64::from(ip) | frames << Self::INLINED_SHIFT)
    }

    /// The same call, made directly (see the type's doc).
    pub fn direct(self) -> CallAt {
        CallAt(self.0 | Self::DIRECT)
    }

    pub fn is_direct(self) -> bool {
        self.0 & Self::DIRECT != 0
    }

    /// The call's index in its innermost frame.
    pub fn ip(self) -> u32 {
        self.0 as u32
    }

    /// The index of the call's inlined frames in
    /// `CompiledCode::call_frames`, when it is in inlined code.
    pub fn inlined(self) -> Option<usize> {
        let frames = (self.0 >> Self::INLINED_SHIFT) & Self::INLINED_MASK;
        (frames != 0).then(|| frames as usize - 1)
    }

    /// The word compiled code passes.
    pub fn bits(self) -> u64 {
        self.0
    }
}

/// What a native call site always passes, kept with the caller's code and
/// found by the call's return address ([`ActivationRecord::return_address`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeSite {
    /// The runtime's method entry called (its scope and owner, for
    /// materialising).
    pub entry: u64,
    /// Where the call is; for a call in inlined code, its frames (see
    /// `lir::CallFrames`) read the values of [`NativeSite::extra`].
    pub at: CallAt,
    /// Where the caller holds each word its call frames read after the
    /// receiver and arguments.
    pub extra: Vec<SavedWord>,
}

/// Where a native call's caller holds a word during the call, read back
/// from the call's `values` (the caller's stack pointer at the call).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavedWord {
    /// Stored with the arguments: `values[n]`.
    Passed(u32),
    /// A constant.
    Constant(u64),
    /// In a callee-saved register, which the callee's prologue pushed:
    /// `n` counts from the first pushed (see `backend::x64`).
    Register(u8),
    /// In a spill slot, at this offset from the caller's frame pointer
    /// (which the callee's prologue pushed below the return address).
    Spilled(i32),
}

impl SavedWord {
    /// The word, from the running call's `values`.
    ///
    /// # Safety
    /// `values` must be the stack pointer of a native call that is running
    /// into compiled code, made by the code this word describes.
    pub unsafe fn read(self, values: *const u64) -> u64 {
        // SAFETY: the caller's contract, and the frame layout of
        // `backend::x64`: below `values` the return address, the caller's
        // frame pointer, then the callee-saved registers the callee pushed.
        unsafe {
            match self {
                SavedWord::Passed(n) => *values.add(n as usize),
                SavedWord::Constant(word) => word,
                SavedWord::Register(n) => *values.sub(3 + n as usize),
                SavedWord::Spilled(offset) => {
                    let frame = *values.sub(2) as *const u8;
                    *(frame.offset(offset as isize) as *const u64)
                }
            }
        }
    }
}

/// Where native calls find a method's compiled code: kept by the runtime
/// at a stable address per method, updated as the method is compiled and
/// its code retired.
#[repr(C)]
#[derive(Debug, Default)]
pub struct CallTarget {
    /// The code's entry, or 0 while the method has none (the call then
    /// goes through the runtime).
    pub code: Cell<u64>,
    /// What [`ActivationRecord::compiled`] is for that code.
    pub compiled: Cell<u64>,
    /// Set (to 1) by every call of the method's code, cleared when the
    /// runtime looks for cold code to evict: the code was used since.
    pub used: Cell<u8>,
}

impl CallTarget {
    pub const CODE: i32 = std::mem::offset_of!(CallTarget, code) as i32;
    pub const COMPILED: i32 = std::mem::offset_of!(CallTarget, compiled) as i32;
    pub const USED: i32 = std::mem::offset_of!(CallTarget, used) as i32;
}

/// What [`Helpers::leave_block`] does: a block's `return`...
pub const LEAVE_RETURN: i64 = 0;
/// ...or its `break`.
pub const LEAVE_BREAK: i64 = 1;

/// A send compiled code may call without its lookup
/// ([`Runtime::direct_call`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectCall {
    /// The runtime's handle for the call (`Helpers::run_insn` with bit 63).
    pub handle: u32,
    /// When the callee may also be called natively: its [`CallTarget`]'s
    /// address and the runtime's method entry (for
    /// [`NativeSite::entry`]).
    pub native: Option<NativeCallee>,
    /// The callee is a core method: [`Helpers::call_core`] calls it.
    pub core: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NativeCallee {
    pub target: u64,
    pub entry: u64,
    /// The call passes its frame's block on (`f(&block)`, `super`).
    pub forwards_block: bool,
}

/// The activation record a helper is given (`ctx`): the running compiled
/// method's.
pub type Ctx = *mut ActivationRecord;

/// A helper that runs what compiled code leaves to the runtime at a call:
/// `(ctx, method, at, count, values)`, the `count` operands stored at
/// `values`.
pub type InsnHelper = extern "C" fn(Ctx, u64, CallAt, u64, *const u64) -> u64;

/// The runtime's functions compiled code calls, by address. `ctx` is the
/// pointer the compiled method was entered with (the runtime's context of
/// that activation); values are `bytecode::abi` words; `UNDEF` as a result
/// means a pending exception or jump, which the compiled method returns.
#[derive(Clone, Copy, Debug)]
pub struct Helpers {
    /// Runs the instruction at [`CallAt::ip`] of `method` as the
    /// interpreter would, with the first `count` values as the operands it
    /// pops. In the compiled method's own frame, or when the call is in
    /// inlined code, in its frames (`backend::lir::CallFrames`), which the
    /// runtime rebuilds from the values after the operands. For a direct
    /// call ([`CallAt::is_direct`]), `method` is a handle from
    /// [`Runtime::direct_call`].
    pub run_insn: InsnHelper,
    /// `(ctx, handle, at, count, values)`: a direct call of a core method
    /// (a handle from [`Runtime::direct_call`] whose [`DirectCall::core`]
    /// is set): its function called with the `count` operands, without a
    /// frame when it needs none; `Proc#call` runs the Proc's compiled
    /// block as `yield` does.
    pub call_core: InsnHelper,
    /// `(ctx, handle, at, count, values)`: a direct call (a handle from
    /// [`Runtime::direct_call`]) at a send that passes its literal block
    /// (the block of the send at [`CallAt::ip`]), which the runtime makes
    /// without a frame record when it can: a core method's call, and the
    /// helper's way of a native call with a block made by `call_block`.
    pub call_with_literal_block: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for a
    /// plain `yield` in the compiled method's own frame: calls the frame's
    /// block with the `count` values.
    pub yield_block: InsnHelper,
    /// The same for `yield(*list)`: the one value is the Array whose
    /// items the block gets.
    pub yield_splat: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for an
    /// Array literal: a new Array of the `count` values.
    pub new_array: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for a Range
    /// literal: a new Range of the two values, made at once when they are
    /// fixnums or nil (others compare with `<=>` first, through the
    /// runtime).
    pub new_range: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for an
    /// interpolation's `concat`: a new String of the `count` Strings'
    /// bytes.
    pub concat_strings: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for an
    /// interpolated value's `to_s`: the String for a fixnum, Symbol or nil
    /// while their `to_s` is the core's, made at once (others call their
    /// `to_s` through the runtime).
    pub interpolate: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for `$name = value`
    /// (a `setglobal`, as every `rescue` clause ends with to restore `$!`):
    /// the table write, with no frame; a value the variable refuses takes
    /// the runtime's way, which raises.
    pub set_global: InsnHelper,
    /// `(ctx, method, at, count, values)`: `run_insn` for a `reraise` (a
    /// `rescue` clause that matched nothing, or the end of an `ensure`
    /// clause its landing pad entered): raises the exception again, with
    /// no frame.
    pub raise_again: InsnHelper,
    /// `(ctx, code, site, fp, sp)`: a site's stub deoptimises
    /// (see `deopt::SiteMap`); the interpreter finishes the method.
    pub deoptimise: extern "C" fn(Ctx, u64, u64, *const u64, *const u64) -> u64,
    /// `(ctx)`: `true` when the frame has a block, else `nil`.
    pub frame_block: extern "C" fn(Ctx) -> u64,
    /// `(ctx)`: the frame's environment (captured locals).
    pub frame_env: extern "C" fn(Ctx) -> u64,
    /// `(array, value)`: appends `value` to the Array; 1 when it
    /// is frozen (nothing appended), else 0.
    pub array_push: extern "C" fn(u64, u64) -> u64,
    /// `(a, b)`: the byte order of two Strings (-1, 0, 1).
    pub string_compare: extern "C" fn(u64, u64) -> i64,
    /// `(method, table, subject)`: where `casedispatch` `table` of
    /// `method` sends the subject: the instruction of its `when`'s body or
    /// of the `else`, or -1 when the `when` checks must decide (a subject
    /// no table holds, or `===` redefined).
    pub case_target: extern "C" fn(u64, u64, u64) -> i64,
    /// `(string)`: a String's length in characters.
    pub string_length: extern "C" fn(u64) -> i64,
    /// `(ctx, value, module)`: 1 when the value is a kind of
    /// the module, else 0.
    pub kind_of: extern "C" fn(Ctx, u64, u64) -> u64,
    /// `(ctx, method, parent)`: a new environment for the
    /// captured locals of an inlined frame of `method` (all nil), inside
    /// `parent`.
    pub new_env: extern "C" fn(Ctx, u64, u64) -> u64,
    /// `(ctx, string, index)`: a new String of the character at
    /// `index` (counting from the end when negative), or nil outside it.
    pub string_char_at: extern "C" fn(Ctx, u64, i64) -> u64,
    /// `(ctx, class)`: a new plain object of `class`, with no
    /// instance variables (see [`Runtime::plain_construction`]).
    pub new_object: extern "C" fn(Ctx, u64) -> u64,
    /// `(ctx, method, index)`: a new String of literal `index`
    /// of `method` (what `push` of a String literal makes each time).
    pub string_literal: extern "C" fn(Ctx, u64, u64) -> u64,
    /// `(env, hops, slot)`: captured local `slot` of the
    /// environment `hops` links out from `env`.
    pub load_env: extern "C" fn(u64, u64, u64) -> u64,
    /// `(env, hops, slot, value)`: sets it.
    pub store_env: extern "C" fn(u64, u64, u64, u64),
    /// `(ctx, string, value)`: 1 when `value` is a String with
    /// the same bytes, 0 when it is not equal, 2 when it is not a String
    /// but has `to_str` (the interpreter must ask it).
    pub string_eq: extern "C" fn(Ctx, u64, u64) -> u64,
    /// `(ctx, object, slot, value, shape)`: adds a slot past the embedded
    /// ones (growing the overflow slots). 0, or 1 when the object is frozen
    /// (nothing written). `shape` is the object's new shape.
    pub store_ivar: extern "C" fn(Ctx, u64, u64, u64, u64) -> u64,
    /// `(object, name)`: instance variable `name` (a symbol's number) of
    /// any object, nil when it has none.
    pub load_ivar_named: extern "C" fn(u64, u64) -> u64,
    /// `(ctx, object, name, value)`: sets it. 0, or 1 when the object is
    /// frozen (nothing written).
    pub store_ivar_named: extern "C" fn(Ctx, u64, u64, u64) -> u64,
    /// `(name)`: global variable `name` (a symbol's number), as `$name`
    /// reads it: no frame needed.
    pub global_get: extern "C" fn(u64) -> u64,
    /// `Array.new` (an [`InsnHelper`]: a send bound to the core's, see
    /// [`Runtime::allocates_array`]): an Array of a fixnum size, filled
    /// with nil or the second argument, without a frame for `new`; other
    /// arguments take the runtime's path.
    pub array_new: InsnHelper,
    /// `(array, index)`: the element, or nil outside the Array
    /// (a negative index counts from the end).
    pub array_get: extern "C" fn(u64, i64) -> u64,
    /// `(value)`: the double's bits of a Float.
    pub unbox_float: extern "C" fn(u64) -> u64,
    /// `(ctx, bits)`: a Float.
    pub box_float: extern "C" fn(Ctx, u64) -> u64,
    /// `(ctx, leave, ip, value)`: a compiled block's own
    /// `return` (`leave` = [`LEAVE_RETURN`]) or `break`
    /// ([`LEAVE_BREAK`]) at index `ip`: `UNDEF` with the transfer
    /// pending, or from a lambda the lambda's result.
    pub leave_block: extern "C" fn(Ctx, i64, u64, u64) -> u64,
    /// `(ctx, child, at, count, values)`: the block the native call at `at`
    /// passes, made without frame records: literal block `child` of the
    /// method the call is in, or with [`FORWARDED_BLOCK`] the block of the
    /// inlined frame making the call. The runtime holds it until
    /// `release_block`; 0 when only rebuilt frames could make it (the call
    /// then takes the helper's way, which rebuilds them).
    pub call_block: InsnHelper,
    /// `(ctx, result, block)`: the call `call_block` made `block` for (0:
    /// none) returned `result`, which this returns.
    pub release_block: extern "C" fn(Ctx, u64, u64) -> u64,
    /// `(ctx)`: at a `rescue`'s landing pad, the exception a call left
    /// pending, taken (and set as `$!`, as the interpreter does entering a
    /// clause); `UNDEF`, leaving it pending, for any other transfer.
    pub catch_raise: extern "C" fn(Ctx) -> u64,
}

/// [`Helpers::call_block`]'s `child` for the block an inlined frame passes
/// on (`f(&block)`).
pub const FORWARDED_BLOCK: u64 = u64::MAX;

/// Where compiled code finds the shape and instance variables of an
/// object: the runtime's object layout, as numbers. Reading `@x` of an
/// object whose shape was checked is then one load.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ObjectLayout {
    /// What holds for a value with shaped slots.
    pub shaped: crate::backend::lir::KindTest,
    /// The offset of a shaped object's shape (a `u32`).
    pub shape_offset: i32,
    /// The offset of its first slot; slots below `embedded_slots` follow
    /// it word by word.
    pub slots_offset: i32,
    pub embedded_slots: u32,
    /// The offset of the pointer to the slots past the embedded ones
    /// (following it word by word). A slot the shape has is there; adding
    /// one may need room: [`Helpers::store_ivar`].
    pub overflow_offset: i32,
    /// The offset of its slot count (a `u32`), which a write that adds a
    /// slot sets.
    pub len_offset: i32,
    /// The word at `frozen_offset` of a frozen object has the bits of
    /// `frozen_mask` set.
    pub frozen_offset: i32,
    pub frozen_mask: i32,
}

/// Where an Array keeps its elements: compiled code reads the length of an
/// Array (a kind guard checked it) with one load, and an element with two.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ArrayLayout {
    /// The offset of the pointer to the first element (elements follow
    /// word by word).
    pub elements_offset: i32,
    /// The offset of the length (a word).
    pub length_offset: i32,
}

/// The runtime as the JIT sees it.
pub trait Runtime {
    /// A method's bytecode.
    fn code(&self, method: MethodRef) -> Rc<Method>;
    /// Whether `method`'s own code reads or sets its frame's last match
    /// (`$~`, `$1`, `Regexp.last_match`).
    fn reads_last_match(&self, method: MethodRef) -> bool;
    /// The handle of method `method`'s n-th child (a block or nested def).
    fn child(&self, method: MethodRef, index: u32) -> MethodRef;
    /// How often the interpreter ran a method from its start: the calls
    /// its branch profiles counted.
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
    /// What receivers of kind `kind` call for `name` at a send in the code
    /// of `caller` with call flags `flags` (None: no method, or one the
    /// send may not call, being private or protected with an explicit
    /// receiver: the call raises or goes to `method_missing`). The caller
    /// matters for the core's own Ruby code, whose basic operations stay
    /// the core's when a program redefines them.
    fn lookup(&self, caller: MethodRef, kind: Kind, name: Sym, flags: u16) -> Option<Callee>;
    /// The method the send at `site` of `caller` runs when it calls
    /// `callee`: the site's own split of it (call-target splitting, seed
    /// 000: a copy with a profile of that site's calls only), or `callee`.
    fn split_at(&self, caller: MethodRef, site: u32, callee: MethodRef) -> MethodRef;

    /// Whether compiled code speculating at the send at `ip` of `method`
    /// failed too often: compiled again, the send stays a plain call.
    fn speculation_failed(&self, method: MethodRef, ip: u32) -> bool;
    /// Whether the bounds guards of an Array index at the send at `ip` of
    /// `method` failed too often: compiled again, it reads without them.
    fn bounds_failed(&self, method: MethodRef, ip: u32) -> bool;
    /// Whether a branch the profile saw go one way only becomes a guard
    /// (its other side pruned). Not once the method being compiled was
    /// compiled again and again: a method with many rare paths would fail
    /// one guard after another, each costing a compilation, until it ran
    /// in the interpreter for good; compiled with both sides of every
    /// branch, it stays compiled (as HotSpot stops trapping on a reason
    /// that keeps trapping in a method).
    fn prunes_one_way_branches(&self) -> bool;

    /// The value constant `name` has in the scope of `method`'s frames,
    /// when the runtime knows that scope: compiled code may use it as a
    /// constant (the runtime invalidates the code if the constant is
    /// assigned again).
    fn constant(&self, method: MethodRef, name: Sym) -> Option<u64>;
    /// The value of constant `name` of the class or module `scope`
    /// (`Scope::Name`), on the same terms as [`Runtime::constant`].
    fn scoped_constant(&self, scope: u64, name: Sym) -> Option<u64>;

    // --- code generation --------------------------------------------------
    /// A handle for calling the method `super` calls in `caller` (a method
    /// defined once, in a class) with `argc` arguments and the flags of
    /// its site, as [`Runtime::direct_call`]: the method after the
    /// caller's owner among the owner's ancestors, which are the
    /// receiver's after the owner whatever its class. None when the
    /// caller is a block, was defined in a module, a singleton class or
    /// twice, or the method found takes its arguments otherwise (the
    /// lookup is assumed: defining the name invalidates the code).
    fn super_call(&self, caller: MethodRef, argc: u32, flags: u16) -> Option<DirectCall>;

    /// A handle for calling the method receivers of `kind` call for `name`
    /// (at send `site` of `caller`, with call flags `flags`: the site's
    /// split of it, if it has one) directly with `argc` arguments
    /// and no block (or, with `BLOCK_FORWARD`, the calling frame's block),
    /// when it is a Ruby method taking exactly those or a core method
    /// taking that many: the call skips the send's lookup (and, for a Ruby
    /// method that allows it, the runtime: a native call, which passes a
    /// forwarded block in the callee's [`ActivationRecord::block`]).
    /// None from a `caller` of the core written in Ruby where `name` is an
    /// operation it keeps the core's own of (see [`Runtime::lookup`]): the
    /// send is the runtime's, which knows the rule.
    fn direct_call(
        &self,
        caller: MethodRef,
        site: u32,
        kind: Kind,
        name: Sym,
        argc: u32,
        flags: u16,
    ) -> Option<DirectCall>;
    /// The address of `method`'s [`CallTarget`] (what a native call to it
    /// reads).
    fn call_target(&self, method: MethodRef) -> u64;
    /// The kind of a plain Array (of class Array itself).
    fn array_kind(&self) -> Kind;
    /// Whether `Array#max` (`max`) or `Array#min` is the core method, which
    /// `arraymax` / `arraymin` compute without an Array (assumed: redefining
    /// it invalidates the code).
    fn array_extremum_is_core(&self, max: bool) -> bool;
    /// Whether `name` sent to `receiver` (a constant) is the core's
    /// `Array.new`: `Class#new` on Array itself, whose `initialize` is the
    /// core one (assumed: redefining either invalidates the code).
    fn allocates_array(&self, receiver: u64, name: Sym) -> bool;
    /// Whether `value` is a class or module.
    fn is_module(&self, value: u64) -> bool;
    /// For a class whose instances `Class#new` allocates as plain objects
    /// (no built-in class, such as String or Array, among its ancestors):
    /// the kind of those instances and the name `initialize`.
    fn plain_construction(&self, class: u64) -> Option<(Kind, Sym)>;
    /// The one value of `kind`, when it has one: a class's, for the kind
    /// of its singleton class (`self` of a class method).
    fn sole_value(&self, kind: Kind) -> Option<u64>;
    /// Whether `when pattern` tests `pattern`, a class or module, with
    /// the core's `Module#===` (as long as nobody defines `===`: the
    /// runtime invalidates the code then).
    fn case_tests_kind(&self, pattern: u64) -> bool;
    /// Whether `when pattern` tests the subject's identity: `pattern` is a
    /// Symbol and `===` is the core's `Symbol#===`.
    fn case_tests_identity(&self, pattern: u64) -> bool;
    /// Whether `when pattern` of a fixnum subject tests its identity:
    /// `pattern` is a fixnum and `===` is the core's `Integer#===`.
    fn case_tests_fixnum(&self, pattern: u64) -> bool;
    /// The fixnums `when pattern` accepts of a fixnum subject, as
    /// inclusive bounds (None: no bound on that side; an empty Range's low
    /// bound is above its high one) when `pattern` is a Range of fixnums
    /// (or nil, but not both ends) whose `===` is the core's `Range#===`
    /// (Ranges are frozen: its ends stay).
    fn case_fixnum_range(&self, pattern: u64) -> Option<(Option<i64>, Option<i64>)>;
    /// Where a Range keeps `part` (`Intrinsic::RangeBegin`, `RangeEnd` or
    /// `RangeExcludeEnd`): the instance variable, and the shape every
    /// Range made so far has (a Range is frozen as it is made, its three
    /// variables always set in the same order). None before any Range.
    fn range_part_ivar(&self, part: &Intrinsic) -> Option<(Sym, IvarProfile)>;
    /// What `respond_to?(name)` answers for receivers of `kind` (`name` a
    /// constant's value): whether they have a public method of that name
    /// (the lookup is assumed: defining the name invalidates the code).
    /// None when `name` is not a Symbol, or when the answer is asked of a
    /// `respond_to_missing?` the program defined.
    fn responds_to(&self, kind: Kind, name: u64) -> Option<bool>;
    /// Whether `when pattern` compares Strings: `pattern` is a String and
    /// `===` is the core's `String#===`.
    fn case_tests_string(&self, pattern: u64) -> bool;
    /// Whether a `casedispatch` table answers for every `when` of its
    /// literals: `===` of each class a literal can be of is the core's (the
    /// lookups are assumed: defining `===` invalidates the code).
    fn case_tables_decide(&self) -> bool;
    /// The kind of a plain String (of class String itself).
    fn string_kind(&self) -> Kind;
    /// How compiled code tests that a value is of `kind`.
    fn kind_test(&self, kind: Kind) -> crate::backend::lir::KindTest;
    /// Where objects keep their shape and slots.
    fn object_layout(&self) -> ObjectLayout;
    /// Where Arrays keep their elements.
    fn array_layout(&self) -> ArrayLayout;
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
