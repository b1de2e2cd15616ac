//! The text form of a graph: one node a line, stable and diff-friendly.
//!
//! Nodes are numbered afresh each time, in the order they print: the
//! control flow in reverse post-order from `start`, each fixed node after
//! the floating values it uses, each merge followed by its phis, and
//! `finish` last. Two dumps of the same graph are identical, and a pass
//! that changes little changes little of the dump.
//!
//! ```text
//! v0 = start
//! v1 = self
//! v2 = arg 0
//! v3 = state fib@4 self=v1 args=[v2] locals=[] stack=[v2, v4]
//! v5 = send <(1) @fixnum v2, v4 state=v3 ctrl=v0
//! ```
//!
//! `ctrl=` names a node's control predecessor(s), `state=` its frame
//! state; a fixed node whose `send` was resolved shows the receiver's
//! class after `@`; `(uncommon)` marks the start of a path the profile
//! never saw.

use crate::ir::*;
use crate::runtime::Runtime;
use fxhash::FxHashMap;
use std::fmt::Write;

/// The printed order of a graph's nodes and their numbers.
pub struct Numbering {
    pub order: Vec<NodeId>,
    numbers: FxHashMap<NodeId, usize>,
}

impl Numbering {
    /// Numbers the nodes reachable from `start` (through control, then
    /// through inputs and states).
    pub fn of(graph: &Graph) -> Numbering {
        let mut numbering = Numbering {
            order: Vec::new(),
            numbers: FxHashMap::default(),
        };
        let controls = control_order(graph);
        for &node in &controls {
            if node == graph.finish {
                continue;
            }
            numbering.emit_inputs(graph, node);
            numbering.emit(node);
            if graph.op(node).is_merge() {
                for phi in graph.phis(node) {
                    numbering.emit(phi);
                }
            }
        }
        // Values only phis (back edges) or late nodes reach.
        let mut at = 0;
        while at < numbering.order.len() {
            let node = numbering.order[at];
            numbering.emit_inputs(graph, node);
            at += 1;
        }
        numbering.emit(graph.finish);
        numbering
    }

    fn emit(&mut self, node: NodeId) {
        if !self.numbers.contains_key(&node) {
            self.numbers.insert(node, self.order.len());
            self.order.push(node);
        }
    }

    /// Emits the floating values a node uses, each after its own inputs.
    fn emit_inputs(&mut self, graph: &Graph, node: NodeId) {
        let mut stack: Vec<(NodeId, bool)> = graph
            .inputs(node)
            .iter()
            .chain(graph.state(node).iter())
            .rev()
            .map(|&n| (n, false))
            .collect();
        while let Some((n, expanded)) = stack.pop() {
            if self.numbers.contains_key(&n) || has_control(graph, n) {
                continue;
            }
            if expanded {
                self.emit(n);
                continue;
            }
            stack.push((n, true));
            for &input in graph.inputs(n).iter().chain(graph.state(n).iter()).rev() {
                if !self.numbers.contains_key(&input) {
                    stack.push((input, false));
                }
            }
        }
    }

    pub fn number(&self, node: NodeId) -> Option<usize> {
        self.numbers.get(&node).copied()
    }

    /// `v12`, or `v?` for a node that does not print (a bug the verifier
    /// reports).
    pub fn name(&self, node: NodeId) -> String {
        match self.number(node) {
            Some(n) => format!("v{n}"),
            None => format!("v?{}", node.0),
        }
    }
}

/// Whether a node sits on the control flow (a fixed node, or a pure node
/// still pinned there) rather than floating. Phis belong to their merge.
pub fn has_control(graph: &Graph, node: NodeId) -> bool {
    !graph.control(node).is_empty() || matches!(graph.op(node), Op::Start | Op::Finish)
}

/// The control nodes reachable from `start`, in reverse post-order.
pub fn control_order(graph: &Graph) -> Vec<NodeId> {
    let mut visited = vec![false; graph.capacity()];
    let mut post = Vec::new();
    let mut stack = vec![(graph.start, graph.successors(graph.start), 0usize)];
    visited[graph.start.0 as usize] = true;
    while let Some((node, succs, next)) = stack.last_mut() {
        if let Some(&succ) = succs.get(*next) {
            *next += 1;
            if !visited[succ.0 as usize] {
                visited[succ.0 as usize] = true;
                stack.push((succ, graph.successors(succ), 0));
            }
        } else {
            post.push(*node);
            stack.pop();
        }
    }
    post.reverse();
    // `finish` is reached from the end nodes; keep it last.
    if let Some(at) = post.iter().position(|&n| n == graph.finish) {
        post.remove(at);
    }
    post.push(graph.finish);
    post
}

/// The whole graph, one node a line.
pub fn print(graph: &Graph, rt: &dyn Runtime) -> String {
    let numbering = Numbering::of(graph);
    let mut out = String::new();
    for &node in &numbering.order {
        let _ = writeln!(
            out,
            "{} = {}",
            numbering.name(node),
            describe(graph, node, &numbering, rt)
        );
    }
    out
}

fn list(numbering: &Numbering, nodes: &[NodeId]) -> String {
    nodes
        .iter()
        .map(|&n| numbering.name(n))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a guard or deopt reason prints as.
pub fn guard_reason(reason: GuardReason, rt: &dyn Runtime) -> String {
    match reason {
        GuardReason::Kind(kind) => format!("kind {}", rt.kind_name(kind)),
        GuardReason::Shape => "shape".into(),
        GuardReason::Branch => "branch".into(),
        GuardReason::Overflow => "overflow".into(),
        GuardReason::Bounds => "bounds".into(),
        GuardReason::ZeroDivision => "zero division".into(),
        GuardReason::Domain => "domain".into(),
        GuardReason::Frozen => "frozen".into(),
    }
}

pub fn deopt_reason(reason: DeoptReason) -> String {
    match reason {
        DeoptReason::Unsupported(what) => format!("unsupported {what}"),
        DeoptReason::NeverRan => "never ran".into(),
        DeoptReason::GuardAlwaysFails => "guard always fails".into(),
    }
}

fn exit_target(target: ExitTarget) -> String {
    match target {
        ExitTarget::Frame(frame) => format!("frame {}", frame.0),
        ExitTarget::BlockCreator => "block creator".into(),
        ExitTarget::BlockHome => "block home".into(),
    }
}

/// A constant as Ruby would write it (`3`, `nil`, `:name`, `1.5`).
pub fn constant(c: Const, rt: &dyn Runtime) -> String {
    use bytecode::abi;
    match c {
        Const::Value(bits) => match bits {
            abi::NIL => "nil".into(),
            abi::TRUE => "true".into(),
            abi::FALSE => "false".into(),
            abi::UNDEF => "undef".into(),
            b if abi::is_fixnum(b) => abi::fixnum_value(b).to_string(),
            b if abi::is_flonum(b) => format!("{:?}", abi::flonum_value(b)),
            b if abi::is_symbol(b) => format!(
                ":{}",
                rt.symbol_name(bytecode::Sym((b >> abi::SPECIAL_SHIFT) as u32))
            ),
            b => rt.inspect_heap(b),
        },
        Const::Int(n) => format!("int {n}"),
        Const::Float(f) => format!("float {f:?}"),
        Const::Bool(b) => format!("bool {b}"),
    }
}

/// The label of one node: its operation and operands, without `vN = `.
pub fn describe(graph: &Graph, node: NodeId, numbering: &Numbering, rt: &dyn Runtime) -> String {
    let n = graph.node(node);
    let inputs = list(numbering, &n.inputs);
    let mut text = match &n.op {
        Op::Start => "start".into(),
        Op::Finish => "finish".into(),
        Op::Merge => "merge".into(),
        Op::Loop => "loop".into(),
        Op::Branch => format!("branch {inputs}"),
        Op::IfTrue => "if_true".into(),
        Op::IfFalse => "if_false".into(),
        Op::Guard(reason) => format!("guard({}) {inputs}", guard_reason(*reason, rt)),
        Op::Deopt(reason) => format!("deopt({})", deopt_reason(*reason)),
        Op::Return => format!("return {inputs}"),
        Op::NonLocalExit(target, _) => format!("exit({}) {inputs}", exit_target(*target)),
        Op::Send(info) => {
            let kind = info
                .receiver_kind
                .map(|k| format!(" @{}", rt.kind_name(k)))
                .unwrap_or_default();
            let constructor = if info.constructor { " constructor" } else { "" };
            let laid_out = if info.laid_out { " laid_out" } else { "" };
            let keywords: String = info
                .keywords
                .iter()
                .map(|&name| format!(" {}:", rt.symbol_name(name)))
                .collect();
            format!(
                "send {}({}{keywords}){kind}{constructor}{laid_out} {inputs}",
                rt.symbol_name(info.name),
                info.argc
            )
        }
        Op::Yield { argc, splat, .. } => {
            format!("yield({}{argc}) {inputs}", if *splat { "*" } else { "" })
        }
        Op::Insn { insn, method, .. } => {
            let operands = rt.insn_text(*method, insn);
            let sep = if inputs.is_empty() { "" } else { " " };
            format!("insn {}{sep}{inputs}", operands.trim_end())
        }
        Op::LoadIvar { slot } => format!("load_ivar({slot}) {inputs}"),
        Op::StoreIvar { slot, to } => match to {
            Some(shape) => format!("store_ivar({slot} -> S{}) {inputs}", shape.0),
            None => format!("store_ivar({slot}) {inputs}"),
        },
        Op::LoadIvarNamed(name) => format!("load_ivar_named({}) {inputs}", rt.symbol_name(*name)),
        Op::StoreIvarNamed(name) => {
            format!("store_ivar_named({}) {inputs}", rt.symbol_name(*name))
        }
        Op::LoadShape => format!("load_shape {inputs}"),
        Op::NewEnv { method } => format!("new_env {{{}}} {inputs}", rt.method_name(*method)),
        Op::CaseTarget { method, table } => format!(
            "case_target {{{}}} table={table} {inputs}",
            rt.method_name(*method)
        ),
        Op::ArrayLength => format!("array_length {inputs}"),
        Op::ArrayLoad => format!("array_load {inputs}"),
        Op::StringEq => format!("string_eq {inputs}"),
        Op::StringCompare => format!("string_compare {inputs}"),
        Op::StringLength => format!("string_length {inputs}"),
        Op::StringCharAt => format!("string_char_at {inputs}"),
        Op::NewObject => format!("new_object {inputs}"),
        Op::IsKindOf => format!("is_kind_of {inputs}"),
        Op::ArrayPush => format!("array_push {inputs}"),
        Op::ArrayGet => format!("array_get {inputs}"),
        Op::ArrayStore => format!("array_store {inputs}"),
        Op::Int(op) if op.is_checked() => format!("fixnum_{} {inputs}", op.name()),
        Op::Int(op) => format!("int_{} {inputs}", op.name()),
        Op::Const(c) => format!("const {}", constant(*c, rt)),
        Op::Param(param) => match param {
            Param::SelfValue => "self".into(),
            Param::Arg(i) => format!("arg {i}"),
            Param::HasArg(i) => format!("has_arg {i}"),
            Param::Block => "block".into(),
            Param::Env => "env".into(),
            Param::CallerState => "caller_state".into(),
            Param::Local(i) => format!("osr local {i}"),
            Param::Operand(i) => format!("osr operand {i}"),
        },
        Op::Phi => format!("phi {inputs}"),
        Op::FrameState(info) => state_text(graph, node, info, numbering, rt),
        Op::Project(i) => format!("project {i} {inputs}"),
        Op::BlockLiteral { method, home } => format!(
            "block {{{}}} home={} {inputs}",
            rt.method_name(*method),
            exit_target(*home)
        ),
        Op::IsKind(kind) => format!("is_kind({}) {inputs}", rt.kind_name(*kind)),
        Op::IsNil => format!("is_nil {inputs}"),
        Op::Raised => format!("raised {inputs}"),
        Op::Catch => "catch".into(),
        Op::SameValue => format!("same_value {inputs}"),
        Op::ShapeIs(shape) => format!("shape_is(S{}) {inputs}", shape.0),
        Op::Truthy => format!("truthy {inputs}"),
        Op::BoolToValue => format!("bool_to_value {inputs}"),
        Op::BoolNot => format!("bool_not {inputs}"),
        Op::UntagFixnum => format!("untag_fixnum {inputs}"),
        Op::TagFixnum => format!("tag_fixnum {inputs}"),
        Op::UnboxFloat => format!("unbox_float {inputs}"),
        Op::BoxFloat => format!("box_float {inputs}"),
        Op::IntToFloat => format!("int_to_float {inputs}"),
        Op::FloatToInt => format!("float_to_int {inputs}"),
        Op::FloatMath(function) => format!("float_math({}) {inputs}", function.name()),
        Op::FloatSqrt => format!("float_sqrt {inputs}"),
        Op::IntCmp(cmp) => format!("int_{} {inputs}", cmp.name()),
        Op::FloatCmp(cmp) => format!("float_{} {inputs}", cmp.name()),
        Op::FloatArith(op) => format!("float_{} {inputs}", op.name()),
    };
    if let Some(state) = n.state {
        let _ = write!(text, " state={}", numbering.name(state));
    }
    match n.control.len() {
        0 => {}
        1 if !n.op.is_merge() && n.op != Op::Finish => {
            let _ = write!(text, " ctrl={}", numbering.name(n.control[0]));
        }
        _ => {
            let _ = write!(text, " ctrl=[{}]", list(numbering, &n.control));
        }
    }
    if n.uncommon {
        text.push_str(" (uncommon)");
    }
    text
}

fn state_text(
    graph: &Graph,
    node: NodeId,
    info: &FrameStateInfo,
    numbering: &Numbering,
    rt: &dyn Runtime,
) -> String {
    let inputs = graph.inputs(node);
    let code = rt.code(info.method);
    let mut at = info.receiver_index();
    let receiver = numbering.name(inputs[at]);
    at += 1;
    let args = list(numbering, &inputs[at..at + info.args as usize]);
    at = info.locals_index();
    let locals: Vec<String> = info
        .locals
        .iter()
        .enumerate()
        .map(|(i, &slot)| {
            let name = code
                .locals
                .get(slot as usize)
                .map(|&sym| rt.symbol_name(sym))
                .unwrap_or_else(|| format!("%{slot}"));
            format!("{name}={}", numbering.name(inputs[at + i]))
        })
        .collect();
    let pending = match info.pending {
        0 => String::new(),
        _ => format!(
            " pending=[{}]",
            list(numbering, &inputs[info.pending_index()..info.stack_index()])
        ),
    };
    let stack = list(numbering, &inputs[info.stack_index()..]);
    let mut text = format!(
        "state {}@{} self={receiver} args=[{args}] locals=[{}]{pending} stack=[{stack}]",
        rt.method_name(info.method),
        info.ip,
        locals.join(", ")
    );
    if let Some(env) = info.env_index() {
        let _ = write!(text, " env={}", numbering.name(inputs[env]));
    }
    if info.outer {
        let _ = write!(text, " outer={}", numbering.name(inputs[0]));
    }
    text
}
