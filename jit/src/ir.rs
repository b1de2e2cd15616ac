//! The graph IR: a sea of nodes with control edges and value edges.
//!
//! A method becomes a graph. *Fixed* nodes sit on the control flow, a chain
//! from `start` through `branch`es and `merge`s to the nodes that end it
//! (`return`, `deopt`, ...). Every node with a side effect, and every node
//! that may leave compiled code, is fixed. *Floating* nodes (constants,
//! parameters, arithmetic, type tests, phis, frame states) have only value
//! inputs: they compute where their values are needed.
//!
//! ```ruby
//! def add(a, b)
//!   a + b
//! end
//! ```
//!
//! after the passes, with `a` and `b` profiled as fixnums:
//!
//! ```text
//! v0 = start
//! v1 = arg 0
//! v2 = is_kind(fixnum) v1
//! v3 = self
//! v4 = arg 1
//! v5 = state add@0 self=v3 args=[v1, v4] locals=[] stack=[]
//! v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
//! ...
//! v12 = fixnum_add v8, v10 state=v5 ctrl=v11
//! v13 = tag_fixnum v12
//! v14 = return v13 ctrl=v12
//! v15 = finish ctrl=[v14]
//! ```
//!
//! Each node has three kinds of edges, all pointing from the user to what
//! it uses:
//! - `control`: its control predecessors. One for most fixed nodes, one per
//!   incoming edge for a `merge` or `loop` (in order: a `phi`'s values line
//!   up with them), none for `start`. A `phi`'s control is its merge.
//! - `inputs`: its values, in the order its [`Op`] documents.
//! - `state`: for nodes that may deoptimise, the frame state (deoptimisation
//!   map) saying what the interpreter's frame would hold just before the
//!   node: the bytecode index, receiver, arguments, live locals and operand
//!   stack, and for inlined code the caller's frame state.
//!
//! A branch's two successors are `if_true` and `if_false` projections, so
//! every edge is stored on its user and uses are an index kept up to date
//! by the graph's own edit methods. Removed nodes stay in the arena, marked
//! dead, so ids stay stable during a pass; the printer numbers live nodes
//! afresh, which keeps dumps of successive passes comparable.

use bytecode::profile::Kind;
use bytecode::{Insn, Sym};
use smallvec::SmallVec;

pub mod dominators;
pub mod dot;
pub mod parse;
pub mod print;
pub mod verify;

/// A node's index in its graph.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct NodeId(pub u32);

/// The runtime's handle for a loaded method or block (its code and profile).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct MethodRef(pub u32);

/// A shape id of the runtime (see `src/shape.rs`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ShapeRef(pub u32);

/// One activation in a compilation: the compiled method's own frame, or a
/// frame of inlined code. Frame states and non-local exits name them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct FrameId(pub u32);

/// What a value edge carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Type {
    /// A Ruby value, tagged (`bytecode::abi`).
    Value,
    /// A machine integer (an untagged fixnum, a length, a shape id).
    Int,
    /// An unboxed double.
    Float,
    /// A condition.
    Bool,
    /// A frame state.
    State,
    /// Nodes that produce no value (control, stores).
    Void,
}

/// A constant.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Const {
    /// A Ruby value by its encoding (immediates, or pinned heap literals).
    Value(u64),
    Int(i64),
    Float(f64),
    Bool(bool),
}

impl Const {
    /// A key that tells apart every constant (for value numbering): floats
    /// by their bits, so `0.0` and `-0.0` stay two constants.
    pub fn key(self) -> (u8, u64) {
        match self {
            Const::Value(bits) => (0, bits),
            Const::Int(n) => (1, n as u64),
            Const::Float(f) => (2, f.to_bits()),
            Const::Bool(b) => (3, b as u64),
        }
    }

    pub fn ty(self) -> Type {
        match self {
            Const::Value(_) => Type::Value,
            Const::Int(_) => Type::Int,
            Const::Float(_) => Type::Float,
            Const::Bool(_) => Type::Bool,
        }
    }
}

/// What a frame gets from its caller.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Param {
    /// The receiver.
    SelfValue,
    /// The n-th argument (after the runtime laid them out in canonical
    /// slots).
    Arg(u32),
    /// Whether the caller passed the n-th argument (optional parameters).
    HasArg(u32),
    /// The block passed to the frame (for `yield` and `block_given?`).
    Block,
    /// The heap environment of the frame's captured locals, or of the scope
    /// a block was written in.
    Env,
    /// In a callee graph built for inlining: the caller's frame state,
    /// suspended in the call (replaced when the graph is spliced in).
    CallerState,
    /// In a graph entered by on-stack replacement: local slot n as the
    /// interpreter's frame holds it at the loop header.
    Local(u32),
    /// ...and operand n of its stack there.
    Operand(u32),
}

/// Why a guard may fail, and so why compiled code deoptimises.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GuardReason {
    /// A value is not of the kind the profile saw.
    Kind(Kind),
    /// An object does not have the shape the profile saw.
    Shape,
    /// The branch went the way the profile never saw.
    Branch,
    /// Fixnum arithmetic overflowed (the interpreter makes the Bignum).
    Overflow,
    /// An index outside an Array.
    Bounds,
    /// A division by zero (the interpreter raises).
    ZeroDivision,
    /// An argument outside a math function's domain (the interpreter
    /// raises `Math::DomainError`, or answers NaN).
    Domain,
    /// An object is frozen (the interpreter raises).
    Frozen,
}

/// Why compiled code leaves unconditionally.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum DeoptReason {
    /// An instruction compiled code does not implement (its mnemonic).
    Unsupported(&'static str),
    /// A send the profile never saw run.
    NeverRan,
    /// A guard that can never pass.
    GuardAlwaysFails,
}

/// Where a non-local exit goes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ExitTarget {
    /// Returns from this frame of the compilation (an inlined frame, or the
    /// compiled method itself).
    Frame(FrameId),
    /// `break` from a compiled block whose creator is outside the
    /// compilation: ends the call it was passed to.
    BlockCreator,
    /// `return` from a compiled block whose home method is outside the
    /// compilation.
    BlockHome,
}

/// The comparisons, on integers or floats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Cmp {
    pub fn name(self) -> &'static str {
        match self {
            Cmp::Lt => "lt",
            Cmp::Le => "le",
            Cmp::Gt => "gt",
            Cmp::Ge => "ge",
            Cmp::Eq => "eq",
            Cmp::Ne => "ne",
        }
    }

    /// The comparison with its operands swapped (`a < b` is `b > a`).
    pub fn swapped(self) -> Cmp {
        match self {
            Cmp::Lt => Cmp::Gt,
            Cmp::Le => Cmp::Ge,
            Cmp::Gt => Cmp::Lt,
            Cmp::Ge => Cmp::Le,
            Cmp::Eq => Cmp::Eq,
            Cmp::Ne => Cmp::Ne,
        }
    }

    /// The comparison that holds when this one does not.
    pub fn negated(self) -> Cmp {
        match self {
            Cmp::Lt => Cmp::Ge,
            Cmp::Le => Cmp::Gt,
            Cmp::Gt => Cmp::Le,
            Cmp::Ge => Cmp::Lt,
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
        }
    }

    pub fn ints(self, a: i64, b: i64) -> bool {
        self.eval(a.cmp(&b))
    }

    pub fn floats(self, a: f64, b: f64) -> bool {
        match a.partial_cmp(&b) {
            Some(order) => self.eval(order),
            // NaN: only != holds.
            None => self == Cmp::Ne,
        }
    }

    fn eval(self, order: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cmp::Lt => order == Less,
            Cmp::Le => order != Greater,
            Cmp::Gt => order == Greater,
            Cmp::Ge => order != Less,
            Cmp::Eq => order == Equal,
            Cmp::Ne => order != Equal,
        }
    }
}

/// Integer operations on untagged fixnums. The checked ones (`Add`, `Sub`,
/// `Mul`, `Div`, `Mod`) are fixed guarding nodes: they deoptimise when the
/// result leaves the fixnum range (or on division by zero); the bitwise ones
/// are pure.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum IntOp {
    Add,
    Sub,
    /// `Add` and `Sub` where the operands' ranges keep the result a fixnum
    /// (`passes::overflow_checks` proved it): pure, with nothing to check.
    AddInRange,
    SubInRange,
    Mul,
    /// Floor division, as Ruby's `/`.
    Div,
    /// Floor modulo, as Ruby's `%`.
    Mod,
    And,
    Or,
    Xor,
    /// `<<`: a negative shift goes right.
    Shl,
    /// `>>`: a negative shift goes left.
    Shr,
    /// `<=>`: -1, 0 or 1.
    Order,
    /// The larger or smaller of the two (`[a, b].max`).
    Max,
    Min,
}

impl IntOp {
    pub fn name(self) -> &'static str {
        match self {
            IntOp::Add | IntOp::AddInRange => "add",
            IntOp::Sub | IntOp::SubInRange => "sub",
            IntOp::Mul => "mul",
            IntOp::Div => "div",
            IntOp::Mod => "mod",
            IntOp::And => "and",
            IntOp::Or => "or",
            IntOp::Xor => "xor",
            IntOp::Shl => "shl",
            IntOp::Shr => "shr",
            IntOp::Order => "order",
            IntOp::Max => "max",
            IntOp::Min => "min",
        }
    }

    /// Whether the operation can fail (and so is a guarding, fixed node).
    pub fn is_checked(self) -> bool {
        matches!(
            self,
            IntOp::Add
                | IntOp::Sub
                | IntOp::Mul
                | IntOp::Div
                | IntOp::Mod
                | IntOp::Shl
                | IntOp::Shr
        )
    }

    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            IntOp::Add
                | IntOp::AddInRange
                | IntOp::Mul
                | IntOp::And
                | IntOp::Or
                | IntOp::Xor
                | IntOp::Max
                | IntOp::Min
        )
    }

    /// The operation with its check: `Add` for `AddInRange`, `Sub` for
    /// `SubInRange`, else itself.
    pub fn checked_form(self) -> IntOp {
        match self {
            IntOp::AddInRange => IntOp::Add,
            IntOp::SubInRange => IntOp::Sub,
            op => op,
        }
    }

    /// The result, if it is a fixnum (None: the guard would fail).
    pub fn eval(self, a: i64, b: i64) -> Option<i64> {
        let result = match self {
            IntOp::Add | IntOp::AddInRange => a.checked_add(b)?,
            IntOp::Sub | IntOp::SubInRange => a.checked_sub(b)?,
            IntOp::Mul => a.checked_mul(b)?,
            IntOp::Div | IntOp::Mod if b == 0 => return None,
            IntOp::Div => bytecode::abi::floor_div(a, b),
            IntOp::Mod => bytecode::abi::floor_mod(a, b),
            IntOp::And => a & b,
            IntOp::Or => a | b,
            IntOp::Xor => a ^ b,
            IntOp::Shl => bytecode::abi::shift_left(a, b)?,
            IntOp::Shr => bytecode::abi::shift_left(a, b.checked_neg()?)?,
            IntOp::Order => a.cmp(&b) as i64,
            IntOp::Max => a.max(b),
            IntOp::Min => a.min(b),
        };
        bytecode::abi::fits_fixnum(result).then_some(result)
    }
}

/// Float arithmetic on unboxed doubles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatOp {
    Add,
    Sub,
    Mul,
    Div,
}

impl FloatOp {
    pub fn name(self) -> &'static str {
        match self {
            FloatOp::Add => "add",
            FloatOp::Sub => "sub",
            FloatOp::Mul => "mul",
            FloatOp::Div => "div",
        }
    }

    pub fn eval(self, a: f64, b: f64) -> f64 {
        match self {
            FloatOp::Add => a + b,
            FloatOp::Sub => a - b,
            FloatOp::Mul => a * b,
            FloatOp::Div => a / b,
        }
    }
}

/// A `send` as the graph keeps it: the call site, and what speculation
/// learned about its target.
#[derive(Clone, PartialEq, Debug)]
pub struct SendInfo {
    pub name: Sym,
    /// Arguments among the inputs (after the receiver).
    pub argc: u32,
    /// `bytecode::call_flags` of the site.
    pub flags: u16,
    /// The method whose bytecode holds the site, and the site's index
    /// (where its profile is).
    pub method: MethodRef,
    pub site: u32,
    /// The literal block passed (a child method of `method`).
    pub block: Option<MethodRef>,
    /// The receiver's class, when guards proved it: the call binds to that
    /// class's method (a direct call).
    pub receiver_kind: Option<Kind>,
    /// The `initialize` call of a `Foo.new` (see the intrinsics pass): the
    /// receiver is the new object, and the send at `site` is the `new`,
    /// whose result is that object (not this call's).
    pub constructor: bool,
    /// With `call_flags::KEYWORD_OPERANDS`: the names of the site's
    /// literal keywords, whose values are its last operands.
    pub keywords: Vec<Sym>,
    /// The inputs after the receiver are the callee's parameter slots, as
    /// the runtime would lay them out (see `passes::keyword_arguments`),
    /// not the site's operands: the call can only be made directly (or
    /// inlined).
    pub laid_out: bool,
}

/// A frame state: what the interpreter's frame would hold at `ip`.
/// Inputs: the outer frame's state (if `outer`), the receiver, `args`
/// arguments, one value per slot in `locals` (the live locals; the others
/// are dead there and resume as nil), `pending` exceptions (those its
/// running `ensure` clauses raise again at their end, innermost last),
/// then `stack` operands.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FrameStateInfo {
    pub method: MethodRef,
    pub frame: FrameId,
    pub ip: u32,
    pub args: u32,
    pub locals: Vec<u16>,
    pub pending: u32,
    pub stack: u32,
    /// Whether this frame is inlined: the first input is its caller's
    /// state, suspended in the call at the caller's `ip`.
    pub outer: bool,
    /// Whether an input after the arguments is the frame's own environment
    /// (an inlined frame whose locals blocks capture: rebuilding the frame
    /// needs that very environment).
    pub env: bool,
}

impl FrameStateInfo {
    /// The input index of the receiver.
    pub fn receiver_index(&self) -> usize {
        usize::from(self.outer)
    }

    /// The input index of the environment, when the state has one.
    pub fn env_index(&self) -> Option<usize> {
        self.env
            .then(|| self.receiver_index() + 1 + self.args as usize)
    }

    /// The input index of the first live local.
    pub fn locals_index(&self) -> usize {
        self.receiver_index() + 1 + self.args as usize + usize::from(self.env)
    }

    /// The input index of the first pending exception.
    pub fn pending_index(&self) -> usize {
        self.locals_index() + self.locals.len()
    }

    /// The input index of the first operand.
    pub fn stack_index(&self) -> usize {
        self.pending_index() + self.pending as usize
    }

    /// How many inputs a state node with this description has.
    pub fn input_count(&self) -> usize {
        self.stack_index() + self.stack as usize
    }
}

/// The `Math` functions compiled code calls without a frame: those
/// defined for every double (NaN in, NaN out), which never raise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MathFn {
    Sin,
    Cos,
    Tan,
    Atan,
    Exp,
}

impl MathFn {
    pub const ALL: [MathFn; 5] = [
        MathFn::Sin,
        MathFn::Cos,
        MathFn::Tan,
        MathFn::Atan,
        MathFn::Exp,
    ];

    /// Its name in `Math` (and in IR dumps).
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Tan => "tan",
            MathFn::Atan => "atan",
            MathFn::Exp => "exp",
        }
    }

    pub fn eval(self, x: f64) -> f64 {
        match self {
            MathFn::Sin => x.sin(),
            MathFn::Cos => x.cos(),
            MathFn::Tan => x.tan(),
            MathFn::Atan => x.atan(),
            MathFn::Exp => x.exp(),
        }
    }

    /// The function compiled code calls: a double's bits in, the result's
    /// bits out (compiled code keeps doubles in general registers).
    pub fn helper(self) -> extern "C" fn(u64) -> u64 {
        extern "C" fn sin(x: u64) -> u64 {
            f64::from_bits(x).sin().to_bits()
        }
        extern "C" fn cos(x: u64) -> u64 {
            f64::from_bits(x).cos().to_bits()
        }
        extern "C" fn tan(x: u64) -> u64 {
            f64::from_bits(x).tan().to_bits()
        }
        extern "C" fn atan(x: u64) -> u64 {
            f64::from_bits(x).atan().to_bits()
        }
        extern "C" fn exp(x: u64) -> u64 {
            f64::from_bits(x).exp().to_bits()
        }
        match self {
            MathFn::Sin => sin,
            MathFn::Cos => cos,
            MathFn::Tan => tan,
            MathFn::Atan => atan,
            MathFn::Exp => exp,
        }
    }
}

/// 2^62 as a double: every double of smaller magnitude truncates to a
/// fixnum.
pub const FIXNUM_LIMIT: f64 = 4_611_686_018_427_387_904.0;

/// What a node does. The inputs each op expects are listed with it.
#[derive(Clone, PartialEq, Debug)]
pub enum Op {
    // --- control ---------------------------------------------------------
    /// Where the method begins.
    Start,
    /// Control: every node that ends the method (`return`, `deopt`, exits).
    Finish,
    /// Control: several predecessors join.
    Merge,
    /// Control: a loop header; the first predecessor enters, the others are
    /// back edges.
    Loop,
    /// Control: two ways on a condition. Inputs: condition (Bool).
    Branch,
    /// Control: the side of a branch taken when its condition holds.
    IfTrue,
    /// Control: the other side.
    IfFalse,
    /// Deoptimises unless the condition (Bool) holds.
    Guard(GuardReason),
    /// Transfers to the interpreter: the end of a pruned path.
    Deopt(DeoptReason),
    /// Returns the input from the compiled method.
    Return,
    /// `break` or a block's `return` leaving through frames, at the
    /// instruction with this index of its frame's method: input, the value.
    NonLocalExit(ExitTarget, u32),
    /// The landing pad of a `rescue`, on the side of a `raised` branch
    /// (see `passes::exceptions`): takes the exception the call left
    /// pending (and sets `$!`); any other pending transfer (`break`,
    /// `throw`) goes to the interpreter with the frames of its state. Its
    /// value is the exception.
    Catch,

    // --- fixed nodes with effects ----------------------------------------
    /// A call. Inputs: receiver, `argc` arguments, then the block argument
    /// with `BLOCK_ARG`.
    Send(Box<SendInfo>),
    /// Calls the frame's block. Inputs: the block (Param::Block) and the
    /// arguments (`yield *` passes one Array).
    Yield {
        argc: u32,
        splat: bool,
        kwargs: bool,
    },
    /// A bytecode instruction compiled code runs through the runtime, as
    /// the interpreter would. Inputs: the operands it pops.
    Insn {
        insn: Insn,
        method: MethodRef,
        /// Its index in `method`.
        ip: u32,
    },
    /// Reads instance-variable slot `slot` of an object whose shape a guard
    /// checked. Inputs: the object.
    LoadIvar {
        slot: u32,
    },
    /// Writes slot `slot` (appending it when the write moves the object to
    /// `to`); deoptimises when the object is frozen. Inputs: object, value.
    StoreIvar {
        slot: u32,
        to: Option<ShapeRef>,
    },
    /// Reads instance variable `@name` of any object, by looking it up in
    /// the object's shape (nil when it has none): what a site whose shapes
    /// are too many, or keep changing, compiles to. Inputs: the object.
    LoadIvarNamed(bytecode::Sym),
    /// Writes `@name` of any object (moving it to its next shape when the
    /// variable is new); deoptimises when the object is frozen, so that
    /// the interpreter raises. Inputs: object, value.
    StoreIvarNamed(bytecode::Sym),
    /// Reads an object's shape (Int); a value without shaped slots has
    /// none (no shape guard passes). Inputs: the object.
    LoadShape,
    /// A new environment for the captured locals of an inlined frame of
    /// `method`. Inputs: the enclosing environment (or nil).
    NewEnv {
        method: MethodRef,
    },
    /// An Array's length (Int). Inputs: the Array.
    ArrayLength,
    /// Element i of an Array, i inside it. Inputs: the Array, i (Int).
    ArrayLoad,
    /// Element i of an Array, or nil when i is outside it (a negative i
    /// counts from the end). Inputs: the Array, i (Int).
    ArrayGet,
    /// Sets element i of an Array, i inside it; deoptimises when it is
    /// frozen. Inputs: the Array, i (Int), the value.
    ArrayStore,
    /// Appends a value to an Array; deoptimises when it is frozen.
    /// Inputs: the Array, the value.
    ArrayPush,
    /// The byte order of two Strings: -1, 0 or 1 (Int). Inputs: the two
    /// Strings.
    StringCompare,
    /// A String's length in characters (Int). Inputs: the String.
    StringLength,
    /// A new String of a String's character i (counting from the end when
    /// negative), or nil outside it. Inputs: the String, i (Int).
    StringCharAt,
    /// A new object of a class whose instances are plain objects, with no
    /// instance variables yet (what `Class#allocate` makes). Inputs: the
    /// class (a constant).
    NewObject,
    /// Whether a value is an instance of a class or module, or of a
    /// class that includes it (Bool). Inputs: the value, the module.
    IsKindOf,
    /// Where `casedispatch` `table` of `method` sends a subject (Int):
    /// the instruction its `when`'s body or the `else` starts at, or -1
    /// when the `when` checks must decide (see `Helpers::case_target`).
    /// Inputs: the subject.
    CaseTarget {
        method: MethodRef,
        table: u32,
    },
    /// `String#==`: whether a String's bytes equal a value's (Bool). A
    /// value that is not a String is unequal unless it converts itself
    /// (`to_str`): then the op deoptimises, and the interpreter asks it.
    /// Inputs: the String, the value.
    StringEq,
    /// Checked integer arithmetic (`IntOp::is_checked`): deoptimises when
    /// the result is not a fixnum. Bitwise ops are floating. Inputs: two
    /// Ints.
    Int(IntOp),

    // --- floating nodes ---------------------------------------------------
    Const(Const),
    Param(Param),
    /// Control: its merge. Inputs: one value per predecessor of the merge.
    Phi,
    FrameState(Box<FrameStateInfo>),
    /// Output n of a multi-valued node (a `destructure`).
    Project(u32),
    /// A literal block passed by a send (`foo { ... }`): its code, and where
    /// a `return` in it goes. Inputs: the `self`, environment and block of
    /// the frame that wrote it (what `self`, captured locals and `yield`
    /// mean inside it).
    BlockLiteral {
        method: MethodRef,
        home: ExitTarget,
    },
    /// Whether a value is of a kind (Bool).
    IsKind(Kind),
    /// Whether a value is nil (Bool).
    IsNil,
    /// Whether a call left a transfer pending (Bool): its result is
    /// `UNDEF`. Inputs: the call (a node that `exceptions::leaves_pending`).
    Raised,
    /// Whether two values are the same object (Bool): `equal?`, and `===`
    /// of a Symbol. Inputs: the two values.
    SameValue,
    /// Whether a shape (Int, from `load_shape`) is this one (Bool).
    ShapeIs(ShapeRef),
    /// Ruby truthiness of a value (Bool).
    Truthy,
    /// Bool to `true`/`false`.
    BoolToValue,
    BoolNot,
    /// A fixnum value to its Int.
    UntagFixnum,
    /// An Int (in the fixnum range) to its fixnum.
    TagFixnum,
    /// A Float value (flonum or heap) to its double. Floating, it may be
    /// scheduled ahead of the branch that proves its input a Float (where
    /// both ways meet): on another value it gives NaN, which no use sees.
    UnboxFloat,
    /// A double to a Float value.
    BoxFloat,
    /// An Int to a double.
    IntToFloat,
    /// A double to an Int, truncated towards zero (`Float#to_i`, its
    /// argument guarded below [`FIXNUM_LIMIT`] in magnitude).
    FloatToInt,
    /// A double's square root (`Math.sqrt`, its argument guarded not
    /// negative).
    FloatSqrt,
    /// A `Math` function of a double that is defined everywhere (a call
    /// of the libm function: no frame, no allocation).
    FloatMath(MathFn),
    /// Two Ints compared (Bool).
    IntCmp(Cmp),
    /// Two doubles compared (Bool).
    FloatCmp(Cmp),
    FloatArith(FloatOp),
}

impl Op {
    /// Whether the node sits on the control flow (and so has control
    /// predecessors).
    pub fn is_fixed(&self) -> bool {
        match self {
            Op::Start
            | Op::Finish
            | Op::Merge
            | Op::Loop
            | Op::Branch
            | Op::IfTrue
            | Op::IfFalse
            | Op::Guard(_)
            | Op::Deopt(_)
            | Op::Return
            | Op::NonLocalExit(..)
            | Op::Catch
            | Op::Send(_)
            | Op::Yield { .. }
            | Op::Insn { .. }
            | Op::LoadIvar { .. }
            | Op::StoreIvar { .. }
            | Op::LoadIvarNamed(_)
            | Op::StoreIvarNamed(_)
            | Op::LoadShape
            | Op::NewEnv { .. }
            | Op::ArrayLength
            | Op::ArrayLoad
            | Op::ArrayGet
            | Op::ArrayStore
            | Op::ArrayPush
            | Op::StringCompare
            | Op::StringLength
            | Op::StringCharAt
            | Op::NewObject
            | Op::IsKindOf
            | Op::CaseTarget { .. }
            | Op::StringEq => true,
            Op::Int(op) => op.is_checked(),
            _ => false,
        }
    }

    /// Whether the node joins control flow.
    pub fn is_merge(&self) -> bool {
        matches!(self, Op::Merge | Op::Loop)
    }

    /// Whether the node ends the method (it is listed by `finish`).
    pub fn is_end(&self) -> bool {
        matches!(self, Op::Return | Op::Deopt(_) | Op::NonLocalExit(..))
    }

    /// Whether running it again after a deoptimisation could be seen: a
    /// write, or a call that may do anything. Reads, guards and allocations
    /// may be repeated (a frame state before them can be reused).
    pub fn has_side_effect(&self) -> bool {
        match self {
            Op::Send(_)
            | Op::Yield { .. }
            | Op::Catch
            | Op::StoreIvar { .. }
            | Op::StoreIvarNamed(_)
            | Op::ArrayStore
            | Op::ArrayPush => true,
            Op::Insn { insn, .. } => insn_has_side_effect(insn),
            _ => false,
        }
    }

    /// Whether the node needs a frame state: it may deoptimise, or it is a
    /// call (a callee that deoptimises, raises or is inlined needs to know
    /// the caller's frame).
    pub fn needs_state(&self) -> bool {
        match self {
            Op::Insn { insn, .. } => insn_may_raise(insn),
            Op::Guard(_)
            | Op::Deopt(_)
            | Op::Catch
            | Op::Send(_)
            | Op::Yield { .. }
            | Op::StoreIvar { .. }
            | Op::StoreIvarNamed(_)
            | Op::ArrayStore
            | Op::ArrayPush
            | Op::StringEq
            | Op::Branch => true,
            Op::Int(op) => op.is_checked(),
            _ => false,
        }
    }

    /// Whether the node is pure: its value depends only on its inputs, so
    /// equal nodes are one (value numbering) and it may compute anywhere.
    pub fn is_pure(&self) -> bool {
        !self.is_fixed() && !matches!(self, Op::Phi | Op::Param(_))
    }

    /// The type of the value the node produces.
    pub fn ty(&self) -> Type {
        match self {
            Op::Start
            | Op::Finish
            | Op::Merge
            | Op::Loop
            | Op::Branch
            | Op::IfTrue
            | Op::IfFalse
            | Op::Guard(_)
            | Op::Deopt(_)
            | Op::Return
            | Op::NonLocalExit(..)
            | Op::StoreIvar { .. }
            | Op::StoreIvarNamed(_)
            | Op::ArrayStore
            | Op::ArrayPush => Type::Void,
            Op::Send(_)
            | Op::Yield { .. }
            | Op::Insn { .. }
            | Op::Catch
            | Op::LoadIvar { .. }
            | Op::LoadIvarNamed(_)
            | Op::NewEnv { .. }
            | Op::ArrayLoad
            | Op::ArrayGet
            | Op::StringCharAt
            | Op::NewObject
            | Op::Phi
            | Op::Project(_)
            | Op::BoolToValue
            | Op::TagFixnum
            | Op::BoxFloat => Type::Value,
            Op::Param(Param::CallerState) => Type::State,
            Op::Param(_) | Op::BlockLiteral { .. } => Type::Value,
            Op::LoadShape
            | Op::ArrayLength
            | Op::Int(_)
            | Op::UntagFixnum
            | Op::StringCompare
            | Op::StringLength
            | Op::CaseTarget { .. } => Type::Int,
            Op::Const(c) => c.ty(),
            Op::FrameState(_) => Type::State,
            Op::IsKind(_)
            | Op::IsNil
            | Op::Raised
            | Op::SameValue
            | Op::ShapeIs(_)
            | Op::Truthy
            | Op::BoolNot
            | Op::IntCmp(_)
            | Op::FloatCmp(_)
            | Op::IsKindOf
            | Op::StringEq => Type::Bool,
            Op::FloatToInt => Type::Int,
            Op::UnboxFloat
            | Op::IntToFloat
            | Op::FloatSqrt
            | Op::FloatMath(_)
            | Op::FloatArith(_) => Type::Float,
        }
    }
}

/// Whether an instruction run through the runtime has an effect a second
/// run would show.
pub fn insn_has_side_effect(insn: &Insn) -> bool {
    !matches!(
        insn,
        Insn::Push(_)
            | Insn::NewArray(_)
            | Insn::NewHash(_)
            | Insn::NewRange { .. }
            | Insn::GetConst(_)
            | Insn::GetConstFrom(_)
            | Insn::GetGlobal(_)
            | Insn::GetIvar(_)
            | Insn::GetCvar(_)
            | Insn::LoadEnv { .. }
            | Insn::BlockParam
            | Insn::BlockProxy
            | Insn::Lambda(_)
            | Insn::GetSpecial(_)
            | Insn::Defined { .. }
    )
}

/// Whether an instruction run through the runtime may raise or call Ruby
/// code (and so needs the frame it runs in to be known). Making a String
/// from a literal or an Array of values does neither.
pub fn insn_may_raise(insn: &Insn) -> bool {
    !matches!(insn, Insn::Push(_) | Insn::NewArray(_))
}

/// One node.
#[derive(Clone, Debug)]
pub struct Node {
    pub op: Op,
    pub control: SmallVec<[NodeId; 2]>,
    pub inputs: SmallVec<[NodeId; 4]>,
    pub state: Option<NodeId>,
    /// The first node of a path the profile says is rarely taken: the
    /// deoptimise pass prunes it.
    pub uncommon: bool,
    pub dead: bool,
}

/// A method's graph.
#[derive(Clone, Debug)]
pub struct Graph {
    nodes: Vec<Node>,
    /// For each node, the nodes using it (once per edge).
    users: Vec<SmallVec<[NodeId; 4]>>,
    pub start: NodeId,
    pub finish: NodeId,
    /// The method compiled.
    pub method: MethodRef,
    /// The compiled method's own frame.
    pub frame: FrameId,
    /// For code entered by on-stack replacement: the loop header's index
    /// (the graph starts there, with the interpreter's frame as
    /// parameters).
    pub osr_entry: Option<u32>,
}

impl Graph {
    /// A graph with just `start` and an empty `finish`.
    pub fn new(method: MethodRef, frame: FrameId) -> Graph {
        let mut graph = Graph {
            nodes: Vec::new(),
            users: Vec::new(),
            start: NodeId(0),
            finish: NodeId(0),
            method,
            frame,
            osr_entry: None,
        };
        graph.start = graph.add(Op::Start, &[], &[], None);
        graph.finish = graph.add(Op::Finish, &[], &[], None);
        graph
    }

    /// Adds a node.
    pub fn add(
        &mut self,
        op: Op,
        control: &[NodeId],
        inputs: &[NodeId],
        state: Option<NodeId>,
    ) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node {
            op,
            control: control.into(),
            inputs: inputs.into(),
            state,
            uncommon: false,
            dead: false,
        });
        self.users.push(SmallVec::new());
        for &used in control.iter().chain(inputs).chain(state.iter()) {
            self.users[used.0 as usize].push(id);
        }
        id
    }

    /// A constant (not shared: value numbering merges equal ones).
    pub fn constant(&mut self, c: Const) -> NodeId {
        self.add(Op::Const(c), &[], &[], None)
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn op(&self, id: NodeId) -> &Op {
        &self.nodes[id.0 as usize].op
    }

    pub fn ty(&self, id: NodeId) -> Type {
        self.op(id).ty()
    }

    pub fn input(&self, id: NodeId, index: usize) -> NodeId {
        self.nodes[id.0 as usize].inputs[index]
    }

    pub fn inputs(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id.0 as usize].inputs
    }

    pub fn control(&self, id: NodeId) -> &[NodeId] {
        &self.nodes[id.0 as usize].control
    }

    pub fn state(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.0 as usize].state
    }

    pub fn is_dead(&self, id: NodeId) -> bool {
        self.nodes[id.0 as usize].dead
    }

    pub fn is_uncommon(&self, id: NodeId) -> bool {
        self.nodes[id.0 as usize].uncommon
    }

    pub fn mark_uncommon(&mut self, id: NodeId) {
        self.nodes[id.0 as usize].uncommon = true;
    }

    /// The constant a node is, if it is one.
    pub fn as_const(&self, id: NodeId) -> Option<Const> {
        match self.op(id) {
            Op::Const(c) => Some(*c),
            _ => None,
        }
    }

    /// Replaces a node's operation (its edges stay).
    pub fn set_op(&mut self, id: NodeId, op: Op) {
        self.nodes[id.0 as usize].op = op;
    }

    /// Gives frame `from` the id `to` throughout: in frame states and
    /// exit targets (a copy of a callee's graph made for another call).
    pub fn renumber_frame(&mut self, from: FrameId, to: FrameId) {
        let rename = |target: &mut ExitTarget| {
            if *target == ExitTarget::Frame(from) {
                *target = ExitTarget::Frame(to);
            }
        };
        for node in &mut self.nodes {
            match &mut node.op {
                Op::FrameState(info) if info.frame == from => info.frame = to,
                Op::NonLocalExit(target, _) | Op::BlockLiteral { home: target, .. } => {
                    rename(target)
                }
                _ => {}
            }
        }
        if self.frame == from {
            self.frame = to;
        }
    }

    /// The nodes using `id`, once per edge.
    pub fn users(&self, id: NodeId) -> &[NodeId] {
        &self.users[id.0 as usize]
    }

    /// The fixed nodes whose control predecessor `id` is, in the order they
    /// were added (a branch's `if_true` before its `if_false`, as the
    /// builder makes them).
    pub fn successors(&self, id: NodeId) -> SmallVec<[NodeId; 2]> {
        let mut out: SmallVec<[NodeId; 2]> = SmallVec::new();
        for &user in self.users(id) {
            let node = self.node(user);
            if !matches!(node.op, Op::Phi) && node.control.contains(&id) && !out.contains(&user) {
                out.push(user);
            }
        }
        out.sort();
        out
    }

    /// The phis of a merge.
    pub fn phis(&self, merge: NodeId) -> SmallVec<[NodeId; 4]> {
        let mut out: SmallVec<[NodeId; 4]> = self
            .users(merge)
            .iter()
            .copied()
            .filter(|&user| matches!(self.op(user), Op::Phi))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Every live node id, in order.
    pub fn live(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len() as u32)
            .map(NodeId)
            .filter(|&id| !self.is_dead(id))
    }

    /// How many nodes the arena holds (live or dead): ids are below it.
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Whether anything was inlined: a frame state of another frame.
    pub fn has_inlined_frames(&self) -> bool {
        self.live()
            .any(|node| matches!(self.op(node), Op::FrameState(info) if info.frame != self.frame))
    }

    /// How many live nodes there are.
    pub fn live_count(&self) -> usize {
        self.nodes.iter().filter(|n| !n.dead).count()
    }

    fn unuse(&mut self, used: NodeId, user: NodeId) {
        let list = &mut self.users[used.0 as usize];
        if let Some(at) = list.iter().position(|&u| u == user) {
            list.swap_remove(at);
        }
    }

    pub fn set_input(&mut self, id: NodeId, index: usize, new: NodeId) {
        let old = self.nodes[id.0 as usize].inputs[index];
        self.unuse(old, id);
        self.nodes[id.0 as usize].inputs[index] = new;
        self.users[new.0 as usize].push(id);
    }

    pub fn push_input(&mut self, id: NodeId, new: NodeId) {
        self.nodes[id.0 as usize].inputs.push(new);
        self.users[new.0 as usize].push(id);
    }

    pub fn remove_input(&mut self, id: NodeId, index: usize) {
        let old = self.nodes[id.0 as usize].inputs.remove(index);
        self.unuse(old, id);
    }

    pub fn set_control(&mut self, id: NodeId, index: usize, new: NodeId) {
        let old = self.nodes[id.0 as usize].control[index];
        self.unuse(old, id);
        self.nodes[id.0 as usize].control[index] = new;
        self.users[new.0 as usize].push(id);
    }

    pub fn push_control(&mut self, id: NodeId, new: NodeId) {
        self.nodes[id.0 as usize].control.push(new);
        self.users[new.0 as usize].push(id);
    }

    pub fn remove_control(&mut self, id: NodeId, index: usize) {
        let old = self.nodes[id.0 as usize].control.remove(index);
        self.unuse(old, id);
    }

    /// Drops every control predecessor of a node.
    pub fn clear_control(&mut self, id: NodeId) {
        while !self.control(id).is_empty() {
            self.remove_control(id, 0);
        }
    }

    pub fn set_state(&mut self, id: NodeId, state: Option<NodeId>) {
        if let Some(old) = self.nodes[id.0 as usize].state {
            self.unuse(old, id);
        }
        self.nodes[id.0 as usize].state = state;
        if let Some(new) = state {
            self.users[new.0 as usize].push(id);
        }
    }

    /// Makes every value and state use of `old` a use of `new`.
    pub fn replace_uses(&mut self, old: NodeId, new: NodeId) {
        self.redirect(old, new, |node, old, new| {
            let mut moved = 0;
            for input in node.inputs.iter_mut().filter(|i| **i == old) {
                *input = new;
                moved += 1;
            }
            if node.state == Some(old) {
                node.state = Some(new);
                moved += 1;
            }
            moved
        });
    }

    /// Makes every control use of `old` (its successors, and a merge's
    /// phis) a control use of `new`.
    pub fn replace_control_uses(&mut self, old: NodeId, new: NodeId) {
        self.redirect(old, new, |node, old, new| {
            let mut moved = 0;
            for pred in node.control.iter_mut().filter(|c| **c == old) {
                *pred = new;
                moved += 1;
            }
            moved
        });
    }

    /// Moves the edges `retarget` picks in each user of `old` over to
    /// `new` (it returns how many it moved), keeping the use index right.
    fn redirect(
        &mut self,
        old: NodeId,
        new: NodeId,
        retarget: impl Fn(&mut Node, NodeId, NodeId) -> usize,
    ) {
        if old == new {
            return;
        }
        let users: Vec<NodeId> = self.users(old).to_vec();
        for user in users {
            let moved = retarget(&mut self.nodes[user.0 as usize], old, new);
            for _ in 0..moved {
                self.unuse(old, user);
                self.users[new.0 as usize].push(user);
            }
        }
    }

    /// Takes a fixed node with one predecessor out of the control flow: its
    /// successors follow its predecessor instead. It keeps its values.
    pub fn unlink(&mut self, id: NodeId) {
        debug_assert_eq!(self.control(id).len(), 1, "unlink of a node with one pred");
        let pred = self.control(id)[0];
        for succ in self.successors(id) {
            for (index, &c) in self.control(succ).to_vec().iter().enumerate() {
                if c == id {
                    self.set_control(succ, index, pred);
                }
            }
        }
        self.clear_control(id);
    }

    /// Puts a new fixed node `id` (without control yet) right after `pred`:
    /// `pred`'s successors now follow `id`.
    pub fn insert_after(&mut self, pred: NodeId, id: NodeId) {
        for succ in self.successors(pred) {
            if succ == id {
                continue;
            }
            for (index, &c) in self.control(succ).to_vec().iter().enumerate() {
                if c == pred {
                    self.set_control(succ, index, id);
                }
            }
        }
        if !self.control(id).contains(&pred) {
            self.push_control(id, pred);
        }
    }

    /// Removes a set of nodes at once (they may use each other; nothing
    /// else may use them).
    pub fn kill_all(&mut self, nodes: &[NodeId]) {
        for &id in nodes {
            self.nodes[id.0 as usize].dead = true;
        }
        for &id in nodes {
            self.kill(id);
        }
    }

    /// Removes a node; its own edges go. Nothing may use it any more.
    pub fn kill(&mut self, id: NodeId) {
        debug_assert!(
            self.users(id).iter().all(|&u| self.is_dead(u)),
            "kill of n{} ({:?}), used by {:?}",
            id.0,
            self.op(id),
            self.users(id)
                .iter()
                .filter(|&&u| !self.is_dead(u))
                .map(|&u| (u.0, self.op(u)))
                .collect::<Vec<_>>()
        );
        let node = &mut self.nodes[id.0 as usize];
        node.dead = true;
        let edges: Vec<NodeId> = node
            .control
            .drain(..)
            .chain(node.inputs.drain(..))
            .chain(node.state.take())
            .collect();
        for used in edges {
            self.unuse(used, id);
        }
        self.users[id.0 as usize].clear();
    }

    /// Registers an end node with `finish`.
    pub fn add_end(&mut self, end: NodeId) {
        let finish = self.finish;
        self.push_control(finish, end);
    }
}
