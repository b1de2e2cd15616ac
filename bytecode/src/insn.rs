//! The instruction set.
//!
//! rhizome's bytecode is a plain stack machine, the one RhizomeRuby's
//! deoptimisation document uses (`self`, `arg`, `load`, `store`, `push`,
//! `send`, `not`, `jump`, `branch`, `return`), extended by a few
//! instructions the rest of the language needs, and without its `trace`
//! (the line of each instruction is in the method's line table, so a
//! `trace` would be a dispatch that does nothing). Each instruction is eight
//! bytes; operands that do not fit (literals, call sites, nested methods) are
//! indexes into tables of the [`Method`](crate::Method) that owns the code.
//!
//! `bytecode/README.md` lists every instruction with its stack effect and an
//! example.

use crate::symbols::Sym;
use serde::{Deserialize, Serialize};

/// What a run-time `defined?` checks.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum DefinedKind {
    /// `@x`: "instance-variable" if set.
    Ivar,
    /// `$x`: "global-variable" if set.
    Global,
    /// `@@x`: "class variable" if set.
    ClassVariable,
    /// `X`: "constant" if it resolves.
    Constant,
    /// `foo` / `foo()`: "method" if self has it (private included).
    Method,
    /// `recv.foo`: "method" if the receiver (popped) has a public `foo`.
    PublicMethod,
    /// `Scope::X`: "constant" if the scope (popped) has it.
    ScopedConstant,
    /// `yield`: "yield" if the method has a block.
    Yield,
    /// `super`: "super" if there is a method to call.
    Super,
}

/// What a `getspecial` reads: the frame's last match (`$~`) or a part of
/// it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Special {
    /// `$~`: the MatchData of the last successful match, or nil.
    LastMatch,
    /// `$&`: the text matched.
    Matched,
    /// `` $` ``: the text before the match.
    PreMatch,
    /// `$'`: the text after the match.
    PostMatch,
    /// `$+`: the last group that matched.
    LastGroup,
    /// `$1`..: group n (nil past the last group).
    Group(u16),
}

/// The pattern of every quickened send (`opt_plus`, ...; see [`Insn`]),
/// binding its call site: what treats them as the `send` each stands for
/// (its stack effect, its listing) matches them all at once.
macro_rules! quickened_sends {
    ($site:pat) => {
        $crate::insn::Insn::OptPlus($site)
            | $crate::insn::Insn::OptMinus($site)
            | $crate::insn::Insn::OptMult($site)
            | $crate::insn::Insn::OptDiv($site)
            | $crate::insn::Insn::OptMod($site)
            | $crate::insn::Insn::OptLt($site)
            | $crate::insn::Insn::OptLe($site)
            | $crate::insn::Insn::OptGt($site)
            | $crate::insn::Insn::OptGe($site)
            | $crate::insn::Insn::OptEq($site)
            | $crate::insn::Insn::OptNeq($site)
            | $crate::insn::Insn::OptAnd($site)
            | $crate::insn::Insn::OptOr($site)
            | $crate::insn::Insn::OptXor($site)
            | $crate::insn::Insn::OptLtLt($site)
            | $crate::insn::Insn::OptGtGt($site)
            | $crate::insn::Insn::OptAref($site)
            | $crate::insn::Insn::OptAset($site)
            | $crate::insn::Insn::OptSize($site)
    };
}
pub(crate) use quickened_sends;

/// One instruction. Jump targets are instruction indexes in the same method.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Insn {
    /// `self`: push the receiver.
    PushSelf,
    /// `arg n`: push the n-th argument the method was called with.
    Arg(u32),
    /// `has_arg n`: push whether the caller passed an n-th argument (used by
    /// the prologue of optional parameters).
    HasArg(u32),
    /// `load name`: push the local variable in slot n.
    Load(u32),
    /// `store name`: pop into the local variable in slot n.
    Store(u32),
    /// `push value`: push literal n. A String literal pushes a fresh,
    /// mutable copy each time, as Ruby's string literals do.
    Push(u32),
    /// `send name argc`: pop the receiver and `argc` arguments (pushed in that
    /// order), call the method, push its result. Operand: call-site index.
    Send(u32),
    /// `not`: pop a value, push `true` if it is `nil` or `false`, else `false`.
    Not,
    // Quickened sends. The interpreter runs a copy of each method's code in
    // which the `send`s of the basic operators (with their usual argument
    // count and no block) are replaced by these, MRI's `opt_*`
    // instructions: each is the same call of the same site, with its own
    // place in the dispatch, where the Integer, Float or Array operation
    // is tried inline first. The compiler never emits them, and nothing but
    // the interpreter sees them.
    /// `opt_plus`: `send` of `+`.
    OptPlus(u32),
    /// `opt_minus`: `send` of `-`.
    OptMinus(u32),
    /// `opt_mult`: `send` of `*`.
    OptMult(u32),
    /// `opt_div`: `send` of `/`.
    OptDiv(u32),
    /// `opt_mod`: `send` of `%`.
    OptMod(u32),
    /// `opt_lt`: `send` of `<`.
    OptLt(u32),
    /// `opt_le`: `send` of `<=`.
    OptLe(u32),
    /// `opt_gt`: `send` of `>`.
    OptGt(u32),
    /// `opt_ge`: `send` of `>=`.
    OptGe(u32),
    /// `opt_eq`: `send` of `==`.
    OptEq(u32),
    /// `opt_neq`: `send` of `!=`.
    OptNeq(u32),
    /// `opt_and`: `send` of `&`.
    OptAnd(u32),
    /// `opt_or`: `send` of `|`.
    OptOr(u32),
    /// `opt_xor`: `send` of `^`.
    OptXor(u32),
    /// `opt_ltlt`: `send` of `<<`.
    OptLtLt(u32),
    /// `opt_gtgt`: `send` of `>>`.
    OptGtGt(u32),
    /// `opt_aref`: `send` of `[]`.
    OptAref(u32),
    /// `opt_aset`: `send` of `[]=`.
    OptAset(u32),
    /// `opt_size`: `send` of `size` or `length`.
    OptSize(u32),
    /// `opt_args n`: the quickened form of a prologue of `n` pairs `arg i;
    /// store i` (the first `n` parameters, each in the local slot of its
    /// index): the arguments copied to their locals in one dispatch, and
    /// execution goes on after the last pair. Stands in place of the first
    /// `arg 0` only, so every index after it keeps its instruction.
    OptArgs(u32),
    /// `jump index`: continue at `index`.
    Jump(u32),
    /// `branch index`: pop a value; continue at `index` if it is truthy.
    /// `profile` numbers the branch in the method's branch profiles.
    Branch { target: u32, profile: u16 },
    /// `branchnil index`: pop a value; continue at `index` if it is nil
    /// (`recv&.name`).
    BranchNil(u32),
    /// `return`: pop the result and return it to the caller.
    Return,
    /// `pop`: discard the top of the stack.
    Pop,
    /// `dup`: push the top of the stack again.
    Dup,
    /// `array n`: pop n values, push a new Array of them.
    NewArray(u32),
    /// `arraymax n` / `arraymin n`: pop n values, push the largest
    /// (smallest) of them: `[a, b].max` without making the Array, while
    /// `Array#max` (`#min`) is the core method (MRI's `opt_newarray_max`).
    NewArrayExtremum { count: u32, max: bool },
    /// `tostring`: pop a value, push it converted with `to_s` (string
    /// interpolation's rules: a String stays itself).
    ToS,
    /// `concat n`: pop n Strings, push a new String of them joined.
    Concat(u32),
    /// `const NAME`: push the value of a constant (operand: the site, in
    /// [`Method::constants`](crate::Method::constants), which names it).
    GetConst(u32),
    /// `setconst NAME`: pop a value and assign it to a constant of the
    /// current class.
    SetConst(Sym),
    /// `constfrom NAME`: pop a class or module, push its constant `NAME`
    /// (looked up along its ancestry: `Foo::Bar`).
    GetConstFrom(Sym),
    /// `setconstin NAME`: pop a value and a class or module (pushed first);
    /// assign the constant in it (`Foo::Bar = 1`).
    SetConstIn(Sym),
    /// `getglobal $name`: push the value of a global variable.
    GetGlobal(Sym),
    /// `setglobal $name`: pop a value and assign it to a global.
    SetGlobal(Sym),
    /// `getivar @x`: push an instance variable of self. Operand: ivar-site
    /// index (each site has its own shape cache).
    GetIvar(u32),
    /// `setivar @x`: pop a value into an instance variable of self.
    SetIvar(u32),
    /// `getcvar @@x`: push a class variable of the current class.
    GetCvar(Sym),
    /// `setcvar @@x`: pop a value into a class variable.
    SetCvar(Sym),
    /// `class Name`: pop the superclass (or nil) and the scope (nil for the
    /// lexical one); define or reopen the class and run body method n with
    /// the class as self; push the body's value.
    DefineClass(u32),
    /// `module Name`: pop the scope; define or reopen the module, run body
    /// method n; push its value.
    DefineModule(u32),
    /// `sclass`: pop an object; run body method n with its singleton class
    /// as self (`class << obj`); push the body's value.
    OpenSingleton(u32),
    /// `defs name`: pop an object; define method n on its singleton class;
    /// push the name as a Symbol (`def self.name`).
    DefineSingletonMethod(u32),
    /// `loadenv name depth`: push a local that a block captures, from the
    /// heap environment `depth` scopes out (0: this method or block's own).
    /// `hops` is how many environments the interpreter walks to get there
    /// (scopes without captured locals have none); the compiler computes it.
    LoadEnv { slot: u16, depth: u8, hops: u8 },
    /// `storeenv name depth`: pop into a captured local.
    StoreEnv { slot: u16, depth: u8, hops: u8 },
    /// `yield argc`: call the block of the current method with `argc`
    /// arguments; push its result. With `kwargs` (`yield a, k: 1`, listed
    /// `yield 2 kw`) the last argument is a Hash of keyword arguments.
    Yield { argc: u32, kwargs: bool },
    /// `yield *`: pop an Array; call the method's block with its elements
    /// (the last one a keyword Hash with `kwargs`).
    YieldSplat { kwargs: bool },
    /// `blockparam`: push the current method's block as a Proc (nil when
    /// there is none): the `&blk` parameter.
    BlockParam,
    /// `blockproxy`: push what `blk` of `blk.call(...)` stands for, where
    /// `blk` is a block parameter the method only passes on or calls: a
    /// proxy whose `call` calls the method's block (no Proc made), or nil
    /// when there is none (see `block_forwarding.rs`).
    BlockProxy,
    /// `lambda`: push a new lambda Proc of block method n (`->(x) { }`).
    Lambda(u32),
    /// `break`: pop a value and leave the method call the current block was
    /// given to, with that value as the call's result.
    BreakBlock,
    /// `nonlocal_return`: pop a value and return it from the method the
    /// current block was written in (from the block itself in a lambda).
    ReturnFromBlock,
    /// `alias`: pop the old and the new name (Symbols, new pushed first);
    /// make the new one another name for the method of the current class;
    /// push nil.
    Alias,
    /// `undef`: pop a method name (a Symbol); the current class stops
    /// responding to it (even where an ancestor defines it); push nil.
    Undef,
    /// `hash n`: pop n key/value pairs (pushed key first); push a new Hash
    /// of them in that order.
    NewHash(u32),
    /// `range`: pop the end and the beginning (nil for endless/beginless);
    /// push a new Range, excluding the end when `exclusive` (`a...b`).
    NewRange { exclusive: bool },
    /// `append`: pop a value and push it onto the Array below it (building
    /// argument lists and literals with splats).
    ArrayAppend,
    /// `concatarray`: pop a value, convert it with `to_a` (nil gives []),
    /// and append its elements to the Array below it (`*x`).
    ArrayConcat,
    /// `destructure before splat after`: pop a value, turn it into an Array
    /// (`to_ary`, else `[value]`), push the parts multiple assignment
    /// stores, first target on top: `before` elements, then (if `splat`) an
    /// Array of the middle, then `after` elements.
    Destructure { before: u8, splat: bool, after: u8 },
    /// `checkmatch`: pop a subject and a pattern; push `pattern === subject`
    /// (`when`). With `splat`, the pattern is a list: any element matching.
    CheckMatch { splat: bool },
    /// `casedispatch table`: pop a `case` subject; while `===` of the
    /// literals' classes is the core's and the subject is an Integer,
    /// Float, Symbol, String, nil, true or false, jump where case table
    /// `table` says (the `when` whose literal equals it, else the `else`);
    /// otherwise go on to the `when`s' checks, which follow (MRI's
    /// `opt_case_dispatch`).
    CaseDispatch(u32),
    /// `defined what`: push the `defined?` description of something that
    /// needs a run-time check (an ivar, global, constant, method, `yield`,
    /// `super`), or nil. Operand: `what` kind and a name.
    Defined { kind: DefinedKind, name: Sym },
    /// `rescue_match`: pop a class (or an Array of them) and an exception;
    /// push whether the exception is one of them (a `rescue Foo` clause).
    RescueMatch,
    /// `reraise`: pop an exception and raise it again, backtrace unchanged
    /// (no rescue clause matched).
    Reraise,
    /// `end_ensure`: the end of an ensure clause run because of an exception
    /// or a non-local exit: resume that transfer.
    EndEnsure,
    /// `super argc`: call the next method of the same name up the ancestry
    /// with self as receiver and `argc` arguments (pushed after a `self`).
    /// Operand: call-site index.
    InvokeSuper(u32),
    /// `def name`: define nested method n on the current class; push its
    /// name as a Symbol.
    DefineMethod(u32),
    /// `toregexp options`: pop a String, push a new Regexp of it with the
    /// option bits (`/a#{b}/i`); RegexpError when it is not a valid
    /// pattern.
    ToRegexp(u32),
    /// `getspecial $~`: push the frame's last match or a part of it (`$~`,
    /// `$&`, `` $` ``, `$'`, `$+`, `$1`..).
    GetSpecial(Special),
    /// `setspecial $~`: pop a MatchData (or nil) and make it the frame's
    /// last match.
    SetLastMatch,
    /// `unsupported "what"`: raise NotImplementedError for a construct
    /// rhizome does not support (literal n is the message).
    Unsupported(u32),
}

impl Special {
    /// The variable's name (`$~`, `$1`).
    pub fn name(self) -> String {
        match self {
            Special::LastMatch => "$~".into(),
            Special::Matched => "$&".into(),
            Special::PreMatch => "$`".into(),
            Special::PostMatch => "$'".into(),
            Special::LastGroup => "$+".into(),
            Special::Group(n) => format!("${n}"),
        }
    }
}

impl Insn {
    /// The mnemonic printed by the disassembler.
    pub fn mnemonic(&self) -> &'static str {
        match self {
            Insn::PushSelf => "self",
            Insn::Arg(_) => "arg",
            Insn::HasArg(_) => "has_arg",
            Insn::Load(_) => "load",
            Insn::Store(_) => "store",
            Insn::Push(_) => "push",
            Insn::Send(_) => "send",
            Insn::Not => "not",
            Insn::Jump(_) => "jump",
            Insn::Branch { .. } => "branch",
            Insn::BranchNil(_) => "branchnil",
            Insn::Return => "return",
            Insn::Pop => "pop",
            Insn::Dup => "dup",
            Insn::NewArray(_) => "array",
            Insn::NewArrayExtremum { max: true, .. } => "arraymax",
            Insn::NewArrayExtremum { max: false, .. } => "arraymin",
            Insn::ToS => "tostring",
            Insn::Concat(_) => "concat",
            Insn::GetConst(_) => "const",
            Insn::SetConst(_) => "setconst",
            Insn::GetConstFrom(_) => "constfrom",
            Insn::SetConstIn(_) => "setconstin",
            Insn::GetIvar(_) => "getivar",
            Insn::SetIvar(_) => "setivar",
            Insn::GetCvar(_) => "getcvar",
            Insn::SetCvar(_) => "setcvar",
            Insn::DefineClass(_) => "class",
            Insn::DefineModule(_) => "module",
            Insn::OpenSingleton(_) => "sclass",
            Insn::DefineSingletonMethod(_) => "defs",
            Insn::InvokeSuper(_) => "super",
            Insn::LoadEnv { .. } => "loadenv",
            Insn::StoreEnv { .. } => "storeenv",
            Insn::Yield { .. } => "yield",
            Insn::YieldSplat { .. } => "yield",
            Insn::BlockParam => "blockparam",
            Insn::BlockProxy => "blockproxy",
            Insn::Lambda(_) => "lambda",
            Insn::BreakBlock => "break",
            Insn::ReturnFromBlock => "nonlocal_return",
            Insn::RescueMatch => "rescue_match",
            Insn::NewRange { .. } => "range",
            Insn::NewHash(_) => "hash",
            Insn::Alias => "alias",
            Insn::Undef => "undef",
            Insn::ArrayAppend => "append",
            Insn::ArrayConcat => "concatarray",
            Insn::Destructure { .. } => "destructure",
            Insn::CheckMatch { .. } => "checkmatch",
            Insn::CaseDispatch(_) => "casedispatch",
            Insn::Defined { .. } => "defined",
            Insn::Reraise => "reraise",
            Insn::EndEnsure => "end_ensure",
            Insn::GetGlobal(_) => "getglobal",
            Insn::SetGlobal(_) => "setglobal",
            Insn::DefineMethod(_) => "def",
            Insn::ToRegexp(_) => "toregexp",
            Insn::GetSpecial(_) => "getspecial",
            Insn::SetLastMatch => "setspecial",
            Insn::Unsupported(_) => "unsupported",
            Insn::OptPlus(_) => "opt_plus",
            Insn::OptMinus(_) => "opt_minus",
            Insn::OptMult(_) => "opt_mult",
            Insn::OptDiv(_) => "opt_div",
            Insn::OptMod(_) => "opt_mod",
            Insn::OptLt(_) => "opt_lt",
            Insn::OptLe(_) => "opt_le",
            Insn::OptGt(_) => "opt_gt",
            Insn::OptGe(_) => "opt_ge",
            Insn::OptEq(_) => "opt_eq",
            Insn::OptNeq(_) => "opt_neq",
            Insn::OptAnd(_) => "opt_and",
            Insn::OptOr(_) => "opt_or",
            Insn::OptXor(_) => "opt_xor",
            Insn::OptLtLt(_) => "opt_ltlt",
            Insn::OptGtGt(_) => "opt_gtgt",
            Insn::OptAref(_) => "opt_aref",
            Insn::OptAset(_) => "opt_aset",
            Insn::OptSize(_) => "opt_size",
            Insn::OptArgs(_) => "opt_args",
        }
    }

    /// Whether control never goes on to the next instruction.
    pub fn ends_flow(&self) -> bool {
        matches!(
            self,
            Insn::Jump(_)
                | Insn::Return
                | Insn::BreakBlock
                | Insn::ReturnFromBlock
                | Insn::Reraise
                | Insn::EndEnsure
                | Insn::Unsupported(_)
        )
    }

    /// The jump target, for `jump` and `branch`.
    pub fn target(&self) -> Option<u32> {
        match *self {
            Insn::Jump(t) | Insn::Branch { target: t, .. } | Insn::BranchNil(t) => Some(t),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_are_eight_bytes() {
        assert_eq!(std::mem::size_of::<Insn>(), 8);
    }
}
