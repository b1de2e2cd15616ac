//! The reader of the text form: what [`print`](super::print::print)
//! writes, read back into a graph, so that a pass can be tested from a
//! graph written by hand (as Cranelift's filetests and ZJIT's HIR tests
//! are).
//!
//! ```text
//! v0 = start
//! v1 = arg 0
//! v2 = is_kind(fixnum) v1
//! v3 = self
//! v4 = state double@6 self=v3 args=[v1] locals=[] stack=[v1]
//! v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
//! v6 = return v1 ctrl=v5
//! v7 = finish ctrl=[v6]
//! ```
//!
//! reads as a graph which prints as that text again: for any printed
//! graph, `print(parse(text)) == text`. Each line is one node, `vN = op
//! operands`, then its frame state (`state=`), its control predecessors
//! (`ctrl=`) and `(uncommon)`. Lines may be indented; blank lines are
//! skipped. Nodes are named by their `vN` (any distinct numbers; uses may
//! come before the definition, as a phi's back edge does) and are laid out
//! in the order of the lines, which is the order they print in.
//!
//! Names come back through [`Names`], the inverse of what the printer asks
//! the runtime: symbols, kinds, methods, locals, heap constants and
//! instructions by their printed text.
//!
//! What the text does not show is made up, the same way every time:
//! - a `send`'s site is its state's index (`fib@4`: site 4) and its method
//!   the state's; it has no call flags but `BLOCK_ARG` when it has one
//!   input more than its arguments that is not a `block {...}` literal
//!   (which is its literal block);
//! - an `insn` runs at its state's index, in its state's method (the
//!   graph's without a state); its listing may end in what look like its
//!   inputs (`insn concat 2 v10, v11`), which they are if [`Names::insn`]
//!   knows the listing without them; a `yield` takes no keywords; an
//!   `exit` leaves at index 0;
//! - the graph's method is that of its first state without `outer=`; its
//!   frame is frame 1, and the states with `outer=` are frames 2, 3, ...
//!   (one per outer state);
//! - `v?N` (a node the printer could not reach: code cut off, for dead
//!   code to remove) is node N of unreachable code: an end (`deopt`) if
//!   `finish` lists it, else a value.
//!
//! A node's arena id follows its line, except that of the two sides of a
//! branch the one printed first gets the higher id (the printer visits the
//! lower one first, and lists it last).

use crate::ir::*;
use bytecode::profile::Kind;
use bytecode::{abi, call_flags, Insn, Sym};
use fxhash::{FxHashMap, FxHashSet};
use std::fmt;

/// The names the printer asks the runtime for, looked up the other way.
pub trait Names {
    /// The symbol printed as `name` (a send's name, `:name`).
    fn symbol(&self, name: &str) -> Option<Sym>;
    /// The kind printed as `name` (`fixnum`, `Object`).
    fn kind(&self, name: &str) -> Option<Kind>;
    /// The method printed as `name` (`fib`, `block in run`).
    fn method(&self, name: &str) -> Option<MethodRef>;
    /// The slot of the local `name` of `method`'s code (`%3` not found
    /// here is slot 3).
    fn local(&self, method: MethodRef, name: &str) -> Option<u16>;
    /// The heap constant `inspect` showed as `text`.
    fn heap_constant(&self, text: &str) -> Option<u64>;
    /// The instruction of `method` listed as `text` (`getivar @side`).
    fn insn(&self, method: MethodRef, text: &str) -> Option<Insn>;
}

/// Why a text is not a graph: the line (counting from 1) and what was
/// wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A use of a node: one with a line (`v3`), or one the printer could not
/// reach (`v?17`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Ref {
    Named(u32),
    Unprinted(u32),
}

/// An operation as read, before what depends on other lines is known.
#[derive(Clone, Debug)]
enum Body {
    Op(Op),
    Send {
        name: Sym,
        argc: u32,
        kind: Option<Kind>,
        constructor: bool,
        keywords: Vec<Sym>,
        laid_out: bool,
    },
    /// An instruction's text, and its inputs if the text ends in them.
    Insn {
        text: String,
        split: Option<(String, Vec<Ref>)>,
    },
}

/// One line, read.
#[derive(Clone, Debug)]
struct Line {
    number: usize,
    body: Body,
    inputs: Vec<Ref>,
    state: Option<Ref>,
    control: Vec<Ref>,
    uncommon: bool,
}

/// What a reading step gives: the value, or what was wrong.
type Parsed<T> = Result<T, String>;

/// Reads a graph from its text form (see the module doc).
pub fn parse(text: &str, names: &dyn Names) -> Result<Graph, ParseError> {
    let mut lines: Vec<Line> = Vec::new();
    let mut index: FxHashMap<u32, usize> = FxHashMap::default();
    for (at, raw) in text.lines().enumerate() {
        let number = at + 1;
        let raw = raw.trim();
        if raw.is_empty() {
            continue;
        }
        let error = |message: String| ParseError {
            line: number,
            message,
        };
        let (name, line) = read_line(raw, number, names).map_err(error)?;
        if index.insert(name, lines.len()).is_some() {
            return Err(error(format!("v{name} is defined twice")));
        }
        lines.push(line);
    }
    Layout::new(lines, index)?.build(names)
}

/// `vN = body[ state=vS][ ctrl=...][ (uncommon)]`: the name and the line.
fn read_line(raw: &str, number: usize, names: &dyn Names) -> Parsed<(u32, Line)> {
    let (name, rest) = raw
        .split_once(" = ")
        .ok_or_else(|| format!("expected `vN = ...`, found `{raw}`"))?;
    let name = match read_ref(name)? {
        Ref::Named(n) => n,
        Ref::Unprinted(_) => return Err(format!("a line defines `{name}`, not a `vN`")),
    };
    let mut body = rest;
    let uncommon = match body.strip_suffix(" (uncommon)") {
        Some(before) => {
            body = before;
            true
        }
        None => false,
    };
    let mut control = Vec::new();
    if let Some(at) = body.rfind(" ctrl=") {
        let list = &body[at + " ctrl=".len()..];
        control = match list.strip_prefix('[') {
            Some(inner) => read_refs(
                inner
                    .strip_suffix(']')
                    .ok_or_else(|| format!("expected `]` to end `ctrl=[...`, found `{list}`"))?,
            )?,
            None => vec![read_ref(list)?],
        };
        body = &body[..at];
    }
    let mut state = None;
    if let Some(at) = body.rfind(" state=") {
        state = Some(read_ref(&body[at + " state=".len()..])?);
        body = &body[..at];
    }
    let (body, inputs) = read_body(body, names)?;
    let line = Line {
        number,
        body,
        inputs,
        state,
        control,
        uncommon,
    };
    Ok((name, line))
}

/// `v12` or `v?12`.
fn read_ref(text: &str) -> Parsed<Ref> {
    let bad = || format!("expected a node (`v3`, `v?17`), found `{text}`");
    let digits = text.strip_prefix('v').ok_or_else(bad)?;
    match digits.strip_prefix('?') {
        Some(raw) => raw.parse().map(Ref::Unprinted).map_err(|_| bad()),
        None => digits.parse().map(Ref::Named).map_err(|_| bad()),
    }
}

/// `v1, v2, v?7` (or nothing).
fn read_refs(text: &str) -> Parsed<Vec<Ref>> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(", ").map(read_ref).collect()
}

/// `word(arg) rest` or `word rest`: the word, what is in its parentheses,
/// and the rest.
fn split_word(text: &str) -> (&str, Option<&str>, &str) {
    let end = text.find([' ', '(']).unwrap_or(text.len());
    let word = &text[..end];
    let rest = &text[end..];
    if let Some(inner) = rest.strip_prefix('(') {
        // The argument ends at the `)` that ends the word.
        let close = inner
            .match_indices(')')
            .map(|(at, _)| at)
            .find(|&at| inner[at + 1..].is_empty() || inner[at + 1..].starts_with(' '));
        if let Some(close) = close {
            let after = &inner[close + 1..];
            return (
                word,
                Some(&inner[..close]),
                after.strip_prefix(' ').unwrap_or(after),
            );
        }
    }
    (word, None, rest.strip_prefix(' ').unwrap_or(rest))
}

/// An operation that is its word and its inputs.
fn plain_op(word: &str) -> Option<Op> {
    Some(match word {
        "branch" => Op::Branch,
        "return" => Op::Return,
        "phi" => Op::Phi,
        "load_shape" => Op::LoadShape,
        "array_length" => Op::ArrayLength,
        "array_load" => Op::ArrayLoad,
        "array_get" => Op::ArrayGet,
        "array_store" => Op::ArrayStore,
        "array_push" => Op::ArrayPush,
        "string_eq" => Op::StringEq,
        "string_compare" => Op::StringCompare,
        "string_length" => Op::StringLength,
        "string_char_at" => Op::StringCharAt,
        "new_object" => Op::NewObject,
        "is_kind_of" => Op::IsKindOf,
        "is_nil" => Op::IsNil,
        "raised" => Op::Raised,
        "catch" => Op::Catch,
        "same_value" => Op::SameValue,
        "truthy" => Op::Truthy,
        "bool_to_value" => Op::BoolToValue,
        "bool_not" => Op::BoolNot,
        "untag_fixnum" => Op::UntagFixnum,
        "tag_fixnum" => Op::TagFixnum,
        "unbox_float" => Op::UnboxFloat,
        "box_float" => Op::BoxFloat,
        "int_to_float" => Op::IntToFloat,
        "float_to_int" => Op::FloatToInt,
        "float_sqrt" => Op::FloatSqrt,
        _ => return arithmetic(word),
    })
}

/// `fixnum_add`, `int_lt`, `float_mul`...
fn arithmetic(word: &str) -> Option<Op> {
    let cmp = |name: &str| {
        [Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Eq, Cmp::Ne]
            .into_iter()
            .find(|c| c.name() == name)
    };
    if let Some(name) = word.strip_prefix("fixnum_") {
        let checked = [
            IntOp::Add,
            IntOp::Sub,
            IntOp::Mul,
            IntOp::Div,
            IntOp::Mod,
            IntOp::Shl,
            IntOp::Shr,
        ];
        return checked
            .into_iter()
            .find(|op| op.name() == name)
            .map(Op::Int);
    }
    if let Some(name) = word.strip_prefix("int_") {
        let pure = [
            IntOp::AddInRange,
            IntOp::SubInRange,
            IntOp::And,
            IntOp::Or,
            IntOp::Xor,
            IntOp::Order,
            IntOp::Max,
            IntOp::Min,
        ];
        return match pure.into_iter().find(|op| op.name() == name) {
            Some(op) => Some(Op::Int(op)),
            None => cmp(name).map(Op::IntCmp),
        };
    }
    if let Some(name) = word.strip_prefix("float_") {
        let ops = [FloatOp::Add, FloatOp::Sub, FloatOp::Mul, FloatOp::Div];
        return match ops.into_iter().find(|op| op.name() == name) {
            Some(op) => Some(Op::FloatArith(op)),
            None => cmp(name).map(Op::FloatCmp),
        };
    }
    None
}

/// An operation with nothing after its word.
fn bare_op(word: &str) -> Option<Op> {
    Some(match word {
        "start" => Op::Start,
        "finish" => Op::Finish,
        "merge" => Op::Merge,
        "loop" => Op::Loop,
        "if_true" => Op::IfTrue,
        "if_false" => Op::IfFalse,
        "self" => Op::Param(Param::SelfValue),
        "block" => Op::Param(Param::Block),
        "env" => Op::Param(Param::Env),
        "caller_state" => Op::Param(Param::CallerState),
        _ => return None,
    })
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Parsed<T> {
    text.parse()
        .map_err(|_| format!("expected {what}, found `{text}`"))
}

/// The operation of a line and its inputs.
fn read_body(text: &str, names: &dyn Names) -> Parsed<(Body, Vec<Ref>)> {
    let (word, arg, rest) = split_word(text);
    let op = |op: Op| Ok((Body::Op(op), Vec::new()));
    let with_inputs = |op: Op| Ok((Body::Op(op), read_refs(rest)?));
    let arg_of = |what: &str| arg.ok_or_else(|| format!("expected `{word}({what})`"));
    if arg.is_none() && rest.is_empty() && !text.ends_with(' ') {
        if let Some(bare) = bare_op(word) {
            return op(bare);
        }
    }
    if arg.is_none() {
        if let Some(plain) = plain_op(word) {
            return with_inputs(plain);
        }
    }
    match word {
        "guard" => with_inputs(Op::Guard(guard_reason(arg_of("reason")?, names)?)),
        "deopt" => op(Op::Deopt(deopt_reason(arg_of("reason")?)?)),
        "exit" => with_inputs(Op::NonLocalExit(exit_target(arg_of("target")?)?, 0)),
        "send" => read_send(text.strip_prefix("send ").unwrap_or_default(), names),
        "yield" => {
            let arg = arg_of("argc")?;
            let (splat, argc) = match arg.strip_prefix('*') {
                Some(argc) => (true, argc),
                None => (false, arg),
            };
            let argc = number(argc, "an argument count")?;
            with_inputs(Op::Yield {
                argc,
                splat,
                kwargs: false,
            })
        }
        "insn" => {
            let text = text.strip_prefix("insn ").unwrap_or_default().to_string();
            let split = insn_inputs(&text);
            Ok((Body::Insn { text, split }, Vec::new()))
        }
        "load_ivar_named" | "store_ivar_named" => {
            let name = arg_of("name")?;
            let name = names
                .symbol(name)
                .ok_or_else(|| format!("unknown instance variable `{name}`"))?;
            with_inputs(if word == "load_ivar_named" {
                Op::LoadIvarNamed(name)
            } else {
                Op::StoreIvarNamed(name)
            })
        }
        "load_ivar" => with_inputs(Op::LoadIvar {
            slot: number(arg_of("slot")?, "a slot")?,
        }),
        "store_ivar" => {
            let arg = arg_of("slot")?;
            let (slot, to) = match arg.split_once(" -> ") {
                Some((slot, to)) => (slot, Some(shape(to)?)),
                None => (arg, None),
            };
            let slot = number(slot, "a slot")?;
            with_inputs(Op::StoreIvar { slot, to })
        }
        "new_env" => {
            let (method, rest) = braced_method(rest, names)?;
            Ok((Body::Op(Op::NewEnv { method }), read_refs(rest)?))
        }
        "case_target" => {
            let (method, rest) = braced_method(rest, names)?;
            let (table, rest) = rest.split_once(' ').unwrap_or((rest, ""));
            let table = table.strip_prefix("table=").ok_or_else(|| {
                format!("expected `table=` after the case table's method, found `{table}`")
            })?;
            let table = number(table, "a case table")?;
            Ok((Body::Op(Op::CaseTarget { method, table }), read_refs(rest)?))
        }
        "block" => {
            let (method, rest) = braced_method(rest, names)?;
            let rest = rest.strip_prefix("home=").ok_or_else(|| {
                format!("expected `home=` after the block's method, found `{rest}`")
            })?;
            // The target is one or two words; the inputs follow.
            let (home, inputs) = match rest.find(" v") {
                Some(at) => (&rest[..at], &rest[at + 1..]),
                None => (rest.trim_end(), ""),
            };
            let home = exit_target(home)?;
            Ok((
                Body::Op(Op::BlockLiteral { method, home }),
                read_refs(inputs)?,
            ))
        }
        "const" => op(Op::Const(constant(
            text.strip_prefix("const ").unwrap_or_default(),
            names,
        )?)),
        "arg" => op(Op::Param(Param::Arg(number(rest, "an argument index")?))),
        "has_arg" => op(Op::Param(Param::HasArg(number(rest, "an argument index")?))),
        "osr" => match rest.split_once(' ') {
            Some(("local", n)) => op(Op::Param(Param::Local(number(n, "a local slot")?))),
            Some(("operand", n)) => op(Op::Param(Param::Operand(number(n, "an operand")?))),
            _ => Err(format!(
                "expected `osr local N` or `osr operand N`, found `{text}`"
            )),
        },
        "state" => read_state(text, names),
        "project" => {
            let (n, inputs) = rest.split_once(' ').unwrap_or((rest, ""));
            Ok((
                Body::Op(Op::Project(number(n, "an output index")?)),
                read_refs(inputs)?,
            ))
        }
        "is_kind" => with_inputs(Op::IsKind(kind(arg_of("kind")?, names)?)),
        "shape_is" => with_inputs(Op::ShapeIs(shape(arg_of("shape")?)?)),
        "float_math" => {
            let name = arg_of("function")?;
            let function = MathFn::ALL
                .into_iter()
                .find(|function| function.name() == name)
                .ok_or_else(|| format!("unknown Math function `{name}`"))?;
            with_inputs(Op::FloatMath(function))
        }
        _ => Err(format!("unknown operation `{word}` in `{text}`")),
    }
}

/// `S12`.
fn shape(text: &str) -> Parsed<ShapeRef> {
    let n = text
        .strip_prefix('S')
        .ok_or_else(|| format!("expected a shape (`S2`), found `{text}`"))?;
    Ok(ShapeRef(number(n, "a shape number")?))
}

fn kind(name: &str, names: &dyn Names) -> Parsed<Kind> {
    names
        .kind(name)
        .ok_or_else(|| format!("unknown kind `{name}`"))
}

fn method(name: &str, names: &dyn Names) -> Parsed<MethodRef> {
    names
        .method(name)
        .ok_or_else(|| format!("unknown method `{name}`"))
}

/// `{name} rest`: the method and the rest.
fn braced_method<'a>(text: &'a str, names: &dyn Names) -> Parsed<(MethodRef, &'a str)> {
    let inner = text
        .strip_prefix('{')
        .ok_or_else(|| format!("expected `{{method}}`, found `{text}`"))?;
    let close = inner
        .find('}')
        .ok_or_else(|| format!("expected `}}` to end `{{{inner}`"))?;
    let rest = &inner[close + 1..];
    Ok((
        method(&inner[..close], names)?,
        rest.strip_prefix(' ').unwrap_or(rest),
    ))
}

fn guard_reason(text: &str, names: &dyn Names) -> Parsed<GuardReason> {
    Ok(match text {
        "shape" => GuardReason::Shape,
        "branch" => GuardReason::Branch,
        "overflow" => GuardReason::Overflow,
        "bounds" => GuardReason::Bounds,
        "zero division" => GuardReason::ZeroDivision,
        "domain" => GuardReason::Domain,
        "frozen" => GuardReason::Frozen,
        _ => match text.strip_prefix("kind ") {
            Some(name) => GuardReason::Kind(kind(name, names)?),
            None => return Err(format!("unknown guard reason `{text}`")),
        },
    })
}

fn deopt_reason(text: &str) -> Parsed<DeoptReason> {
    Ok(match text {
        "never ran" => DeoptReason::NeverRan,
        "guard always fails" => DeoptReason::GuardAlwaysFails,
        _ => match text.strip_prefix("unsupported ") {
            Some(what) => DeoptReason::Unsupported(interned(what)),
            None => return Err(format!("unknown deopt reason `{text}`")),
        },
    })
}

/// A `&'static str` for the mnemonic of an unsupported instruction (the
/// few distinct ones are kept for the process's lifetime).
fn interned(text: &str) -> &'static str {
    use std::sync::{Mutex, OnceLock};
    static TABLE: OnceLock<Mutex<Vec<&'static str>>> = OnceLock::new();
    let mut table = TABLE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(&known) = table.iter().find(|&&known| known == text) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.to_string().into_boxed_str());
    table.push(leaked);
    leaked
}

fn exit_target(text: &str) -> Parsed<ExitTarget> {
    Ok(match text {
        "block creator" => ExitTarget::BlockCreator,
        "block home" => ExitTarget::BlockHome,
        _ => match text.strip_prefix("frame ") {
            Some(n) => ExitTarget::Frame(FrameId(number(n, "a frame number")?)),
            None => return Err(format!("unknown exit target `{text}`")),
        },
    })
}

/// A constant as [`print::constant`](super::print::constant) writes it.
fn constant(text: &str, names: &dyn Names) -> Parsed<Const> {
    Ok(match text {
        "nil" => Const::Value(abi::NIL),
        "true" => Const::Value(abi::TRUE),
        "false" => Const::Value(abi::FALSE),
        "undef" => Const::Value(abi::UNDEF),
        "bool true" => Const::Bool(true),
        "bool false" => Const::Bool(false),
        _ => {
            if let Some(n) = text.strip_prefix("int ") {
                return Ok(Const::Int(number(n, "an integer")?));
            }
            if let Some(f) = text.strip_prefix("float ") {
                return Ok(Const::Float(number(f, "a float")?));
            }
            if let Some(name) = text.strip_prefix(':') {
                let sym = names
                    .symbol(name)
                    .ok_or_else(|| format!("unknown symbol `{name}`"))?;
                return Ok(Const::Value(abi::symbol(sym.0)));
            }
            if let Some(bits) = text.parse::<i64>().ok().and_then(abi::fixnum) {
                return Ok(Const::Value(bits));
            }
            let flonum = text
                .parse::<f64>()
                .ok()
                .filter(|f| format!("{f:?}") == text)
                .and_then(abi::flonum);
            if let Some(bits) = flonum {
                return Ok(Const::Value(bits));
            }
            match names.heap_constant(text) {
                Some(bits) => Const::Value(bits),
                None => return Err(format!("unknown constant `{text}`")),
            }
        }
    })
}

/// `name(argc[ keyword: ...])[ @kind][ constructor][ laid_out] inputs`.
fn read_send(text: &str, names: &dyn Names) -> Parsed<(Body, Vec<Ref>)> {
    let bad = || format!("expected `send name(argc) inputs`, found `send {text}`");
    let open = text.find('(').ok_or_else(bad)?;
    let close = open + text[open..].find(')').ok_or_else(bad)?;
    let name = &text[..open];
    let mut counts = text[open + 1..close].split(' ');
    let argc = number(counts.next().unwrap_or_default(), "an argument count")?;
    let keywords = counts
        .map(|keyword| {
            let keyword = keyword.strip_suffix(':').ok_or_else(bad)?;
            names
                .symbol(keyword)
                .ok_or_else(|| format!("unknown symbol `{keyword}`"))
        })
        .collect::<Parsed<Vec<Sym>>>()?;
    let name = names
        .symbol(name)
        .ok_or_else(|| format!("unknown symbol `{name}`"))?;
    let mut rest = text[close + 1..].strip_prefix(' ').unwrap_or_default();
    let mut receiver_kind = None;
    if let Some(after) = rest.strip_prefix('@') {
        let (k, after) = after.split_once(' ').unwrap_or((after, ""));
        receiver_kind = Some(kind(k, names)?);
        rest = after;
    }
    let constructor = match rest.strip_prefix("constructor") {
        Some(after) if after.is_empty() || after.starts_with(' ') => {
            rest = after.strip_prefix(' ').unwrap_or(after);
            true
        }
        _ => false,
    };
    let laid_out = match rest.strip_prefix("laid_out") {
        Some(after) if after.is_empty() || after.starts_with(' ') => {
            rest = after.strip_prefix(' ').unwrap_or(after);
            true
        }
        _ => false,
    };
    let body = Body::Send {
        name,
        argc,
        kind: receiver_kind,
        constructor,
        keywords,
        laid_out,
    };
    Ok((body, read_refs(rest)?))
}

/// An instruction's text may end in its inputs (`concat 2 v10, v11`): the
/// text without them and the inputs, if it does.
fn insn_inputs(text: &str) -> Option<(String, Vec<Ref>)> {
    let mut rest = text;
    let mut refs = Vec::new();
    loop {
        let (head, last) = rest.rsplit_once(' ')?;
        refs.insert(0, read_ref(last).ok()?);
        match head.strip_suffix(',') {
            Some(before) => rest = before,
            None => return Some((head.to_string(), refs)),
        }
    }
}

/// `state m@ip self=v args=[...] locals=[name=v, ...] [pending=[...]]
/// stack=[...] [env=v] [outer=v]`.
fn read_state(text: &str, names: &dyn Names) -> Parsed<(Body, Vec<Ref>)> {
    let text = text.strip_prefix("state ").unwrap_or_default();
    let at = text
        .find(" self=")
        .ok_or_else(|| format!("expected `self=` in `state {text}`"))?;
    let (where_, mut rest) = text.split_at(at);
    let (name, ip) = where_
        .rsplit_once('@')
        .ok_or_else(|| format!("expected `method@ip`, found `{where_}`"))?;
    let method = method(name, names)?;
    let ip = number(ip, "an instruction index")?;
    let receiver = read_ref(field(&mut rest, "self", false)?)?;
    let args = read_refs(field(&mut rest, "args", true)?)?;
    let locals_text = field(&mut rest, "locals", true)?;
    let pending = match rest.starts_with(" pending=") {
        true => read_refs(field(&mut rest, "pending", true)?)?,
        false => Vec::new(),
    };
    let stack = read_refs(field(&mut rest, "stack", true)?)?;
    let env = match rest.starts_with(" env=") {
        true => Some(read_ref(field(&mut rest, "env", false)?)?),
        false => None,
    };
    let outer = match rest.starts_with(" outer=") {
        true => Some(read_ref(field(&mut rest, "outer", false)?)?),
        false => None,
    };
    if !rest.is_empty() {
        return Err(format!("unexpected `{rest}` at the end of a state"));
    }
    let mut slots = Vec::new();
    let mut values = Vec::new();
    if !locals_text.is_empty() {
        for local in locals_text.split(", ") {
            let (name, value) = local
                .rsplit_once('=')
                .ok_or_else(|| format!("expected `name=vN` in locals, found `{local}`"))?;
            let slot = match names.local(method, name) {
                Some(slot) => slot,
                None => name
                    .strip_prefix('%')
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("unknown local `{name}` of `{where_}`"))?,
            };
            slots.push(slot);
            values.push(read_ref(value)?);
        }
    }
    let info = FrameStateInfo {
        method,
        // Numbered when the graph is laid out.
        frame: FrameId(0),
        ip,
        args: args.len() as u32,
        locals: slots,
        pending: pending.len() as u32,
        stack: stack.len() as u32,
        outer: outer.is_some(),
        env: env.is_some(),
    };
    let inputs: Vec<Ref> = outer
        .into_iter()
        .chain([receiver])
        .chain(args)
        .chain(env)
        .chain(values)
        .chain(pending)
        .chain(stack)
        .collect();
    Ok((Body::Op(Op::FrameState(Box::new(info))), inputs))
}

/// ` key=value` (or ` key=[list]`) at the start of `rest`: the value (the
/// list's inside); `rest` moves past it.
fn field<'a>(rest: &mut &'a str, key: &str, list: bool) -> Parsed<&'a str> {
    let after = rest
        .strip_prefix(' ')
        .and_then(|r| r.strip_prefix(key))
        .and_then(|r| r.strip_prefix('='))
        .ok_or_else(|| format!("expected ` {key}=` in a state, found `{rest}`"))?;
    let end = if list {
        after
            .strip_prefix('[')
            .and_then(|inner| inner.find(']'))
            .map(|close| close + 2)
            .ok_or_else(|| format!("expected `{key}=[...]`, found `{after}`"))?
    } else {
        after.find(' ').unwrap_or(after.len())
    };
    let (value, remaining) = after.split_at(end);
    *rest = remaining;
    Ok(if list {
        &value[1..value.len() - 1]
    } else {
        value
    })
}

/// A line's operation and inputs, once other lines filled them in.
type Resolved = (Op, Vec<Ref>);

/// The lines and where each node goes in the arena.
struct Layout {
    lines: Vec<Line>,
    /// Line index by `vN`.
    index: FxHashMap<u32, usize>,
    /// Arena id by line.
    ids: Vec<u32>,
    /// The ids of `v?N` uses.
    unprinted: Vec<u32>,
}

impl Layout {
    fn new(lines: Vec<Line>, index: FxHashMap<u32, usize>) -> Result<Layout, ParseError> {
        let mut unprinted: Vec<u32> = Vec::new();
        for line in &lines {
            let uses = line.inputs.iter().chain(&line.control).chain(&line.state);
            for &r in uses {
                match r {
                    Ref::Named(n) if !index.contains_key(&n) => {
                        return Err(ParseError {
                            line: line.number,
                            message: format!("v{n} is used but not defined"),
                        });
                    }
                    Ref::Unprinted(n) => unprinted.push(n),
                    Ref::Named(_) => {}
                }
            }
            if let Body::Insn {
                split: Some((_, refs)),
                ..
            } = &line.body
            {
                unprinted.extend(refs.iter().filter_map(|r| match r {
                    Ref::Unprinted(n) => Some(*n),
                    Ref::Named(_) => None,
                }));
            }
        }
        unprinted.sort_unstable();
        unprinted.dedup();
        let taken: FxHashSet<u32> = unprinted.iter().copied().collect();
        let mut ids: Vec<u32> = (0..)
            .filter(|id| !taken.contains(id))
            .take(lines.len())
            .collect();
        // The sides of a branch (nodes with one control predecessor that
        // share it): the one printed first has the higher id.
        let mut sides: FxHashMap<Ref, Vec<usize>> = FxHashMap::default();
        for (at, line) in lines.iter().enumerate() {
            let single = match &line.body {
                Body::Op(op) => !op.is_merge() && !matches!(op, Op::Phi | Op::Finish),
                _ => true,
            };
            if single && line.control.len() == 1 {
                sides.entry(line.control[0]).or_default().push(at);
            }
        }
        for group in sides.values().filter(|g| g.len() > 1) {
            let mut taken: Vec<u32> = group.iter().map(|&at| ids[at]).collect();
            taken.sort_unstable();
            for (&at, id) in group.iter().rev().zip(taken) {
                ids[at] = id;
            }
        }
        Ok(Layout {
            lines,
            index,
            ids,
            unprinted,
        })
    }

    fn id(&self, r: Ref) -> NodeId {
        match r {
            Ref::Named(n) => NodeId(self.ids[self.index[&n]]),
            Ref::Unprinted(n) => NodeId(n),
        }
    }

    /// The frame state a line names, if it is one with a line.
    fn state_of(&self, line: &Line) -> Option<&FrameStateInfo> {
        let Some(Ref::Named(n)) = line.state else {
            return None;
        };
        match &self.lines[*self.index.get(&n)?].body {
            Body::Op(Op::FrameState(info)) => Some(info),
            _ => None,
        }
    }

    /// The line of a use, if it has one.
    fn line_of(&self, r: Ref) -> Option<&Line> {
        match r {
            Ref::Named(n) => self.index.get(&n).map(|&at| &self.lines[at]),
            Ref::Unprinted(_) => None,
        }
    }

    /// The one line whose operation is `op` (`start`, `finish`).
    fn only(&self, op: &Op, name: &str) -> Result<usize, ParseError> {
        let found: Vec<usize> = (0..self.lines.len())
            .filter(|&at| matches!(&self.lines[at].body, Body::Op(o) if o == op))
            .collect();
        match found[..] {
            [at] => Ok(at),
            [] => Err(ParseError {
                line: self.lines.last().map_or(1, |l| l.number),
                message: format!("the graph has no `{name}`"),
            }),
            [_, second, ..] => Err(ParseError {
                line: self.lines[second].number,
                message: format!("a second `{name}`"),
            }),
        }
    }

    /// Each line's operation and inputs, with what other lines say filled
    /// in (see the module doc).
    fn resolve(&self, names: &dyn Names) -> Result<(MethodRef, Vec<Resolved>), ParseError> {
        let states = || {
            self.lines.iter().filter_map(|line| match &line.body {
                Body::Op(Op::FrameState(info)) => Some(info),
                _ => None,
            })
        };
        let graph_method = states()
            .find(|info| !info.outer)
            .or_else(|| states().next())
            .map_or(MethodRef(0), |info| info.method);
        let mut frames: FxHashMap<Ref, FrameId> = FxHashMap::default();
        let mut resolved = Vec::with_capacity(self.lines.len());
        for line in &self.lines {
            let state = self.state_of(line);
            let method = state.map_or(graph_method, |info| info.method);
            let ip = state.map_or(0, |info| info.ip);
            let (op, inputs) = match &line.body {
                Body::Op(Op::FrameState(info)) => {
                    let mut info = info.clone();
                    info.frame = if info.outer {
                        let next = FrameId(frames.len() as u32 + 2);
                        *frames.entry(line.inputs[0]).or_insert(next)
                    } else {
                        FrameId(1)
                    };
                    (Op::FrameState(info), line.inputs.clone())
                }
                Body::Op(op) => (op.clone(), line.inputs.clone()),
                Body::Send {
                    name,
                    argc,
                    kind,
                    constructor,
                    keywords,
                    laid_out,
                } => {
                    let extra = !*laid_out && line.inputs.len() > *argc as usize + 1;
                    let literal = match line.inputs.last().and_then(|&r| self.line_of(r)) {
                        Some(Line {
                            body: Body::Op(Op::BlockLiteral { method, .. }),
                            ..
                        }) if extra => Some(*method),
                        _ => None,
                    };
                    let info = SendInfo {
                        name: *name,
                        argc: *argc,
                        flags: if extra && literal.is_none() {
                            call_flags::BLOCK_ARG
                        } else if keywords.is_empty() {
                            0
                        } else {
                            call_flags::KEYWORD_OPERANDS
                        },
                        method,
                        site: ip,
                        block: literal,
                        receiver_kind: *kind,
                        constructor: *constructor,
                        keywords: keywords.clone(),
                        laid_out: *laid_out,
                    };
                    (Op::Send(Box::new(info)), line.inputs.clone())
                }
                Body::Insn { text, split } => {
                    let defined = |refs: &[Ref]| {
                        refs.iter()
                            .all(|r| !matches!(r, Ref::Named(n) if !self.index.contains_key(n)))
                    };
                    let with_inputs = split.as_ref().and_then(|(head, refs)| {
                        let insn = names.insn(method, head).filter(|_| defined(refs))?;
                        Some((insn, refs.clone()))
                    });
                    let (insn, inputs) = match with_inputs {
                        Some(found) => found,
                        None => match names.insn(method, text) {
                            Some(insn) => (insn, Vec::new()),
                            None => {
                                return Err(ParseError {
                                    line: line.number,
                                    message: format!("unknown instruction `{text}`"),
                                })
                            }
                        },
                    };
                    (Op::Insn { insn, method, ip }, inputs)
                }
            };
            resolved.push((op, inputs));
        }
        Ok((graph_method, resolved))
    }

    /// The graph: every line's node at its id, `v?N` nodes at theirs
    /// (hanging off one unreachable `if_false`: a `deopt` when `finish`
    /// lists it, else a value), the ids between dead.
    fn build(self, names: &dyn Names) -> Result<Graph, ParseError> {
        let start = self.only(&Op::Start, "start")?;
        let finish = self.only(&Op::Finish, "finish")?;
        let (method, resolved) = self.resolve(names)?;
        let last = self
            .ids
            .iter()
            .chain(&self.unprinted)
            .copied()
            .max()
            .unwrap_or(0);
        let hidden = (!self.unprinted.is_empty()).then_some(NodeId(last + 1));
        let size = last as usize + 1 + usize::from(hidden.is_some());
        let mut graph = Graph::new(method, FrameId(1));
        let mut filler: FxHashSet<NodeId> = (0..size as u32).map(NodeId).collect();
        while graph.capacity() < size {
            graph.add(Op::Merge, &[], &[], None);
        }
        for (at, (op, _)) in resolved.iter().enumerate() {
            let id = NodeId(self.ids[at]);
            graph.set_op(id, op.clone());
            filler.remove(&id);
        }
        let ends: FxHashSet<Ref> = self.lines[finish].control.iter().copied().collect();
        for &n in &self.unprinted {
            // An end `finish` still lists, or a value.
            let op = match ends.contains(&Ref::Unprinted(n)) {
                true => Op::Deopt(DeoptReason::NeverRan),
                false => Op::Param(Param::SelfValue),
            };
            graph.set_op(NodeId(n), op);
            filler.remove(&NodeId(n));
        }
        if let Some(hidden) = hidden {
            graph.set_op(hidden, Op::IfFalse);
            filler.remove(&hidden);
        }
        let mut filler: Vec<NodeId> = filler.into_iter().collect();
        filler.sort();
        graph.kill_all(&filler);
        for (at, (line, (_, inputs))) in self.lines.iter().zip(&resolved).enumerate() {
            let id = NodeId(self.ids[at]);
            for &pred in &line.control {
                graph.push_control(id, self.id(pred));
            }
            for &input in inputs {
                graph.push_input(id, self.id(input));
            }
            if let Some(state) = line.state {
                graph.set_state(id, Some(self.id(state)));
            }
            if line.uncommon {
                graph.mark_uncommon(id);
            }
        }
        if let Some(hidden) = hidden {
            for &n in &self.unprinted {
                graph.push_control(NodeId(n), hidden);
            }
        }
        graph.start = NodeId(self.ids[start]);
        graph.finish = NodeId(self.ids[finish]);
        Ok(graph)
    }
}

#[cfg(test)]
mod tests;
