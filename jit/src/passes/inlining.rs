//! Inlining: calls to Ruby methods (user code and the core methods of
//! `rb/`) and `yield`s to literal blocks are replaced by the callee's graph,
//! chosen over a call tree within budgets (seed 002; the tree is
//! `call_tree`, the policy `inline_policy`).
//!
//! The pass runs in three phases:
//!
//! 1. **Explore.** The calls of the compiled graph are the root's children
//!    in the call tree. Best first by frequency, each is *explored*: its
//!    callee's graph is built as a frame of its own (speculated on with its
//!    own profile, its frame states chaining to the caller's, suspended in
//!    the call) and cleaned up by the optimisations, our analogue of
//!    Truffle's partial evaluation. Its node count is then its cost, and its
//!    calls become its children. Exploring stops when the explored graphs
//!    hold the exploration budget's nodes.
//! 2. **Inline.** Best first by frequency per node, explored children of
//!    inlined calls are spliced into the compiled graph while it stays
//!    within the inlining budget:
//!
//!    ```text
//!    caller:   ... -> send times(0) @fixnum {block} -> rest
//!    callee:   start -> ... -> return v
//!    spliced:  ... -> (callee's body) -> merge [returns] -> rest
//!                                        phi [returned values] replaces the send's value
//!    ```
//!
//! 3. **Guard clauses.** A call left a call may still have its callee's
//!    guard clause inlined in front of it (`early_exit.rs`), while the
//!    budget lasts.
//!
//! The callee's parameters become the call's operands (its block: the
//! call's literal block, or for `f(&block)` that passes the calling frame's
//! block on, the block that frame was given). Its returns meet at
//! a continuation merge after which the caller goes on. A literal block
//! inlined at a `yield` returns to the yield; its `break` leaves the method
//! it was passed to (joining that frame's continuation: the frame that
//! yielded, or, when the `yield` is in an inlined block, that block's home
//! method, as in `def m = [1].each { |x| yield x }`), and its `return`
//! leaves the method that wrote it (its home's continuation, or a real
//! `return` when the home is the compiled method). So non-local exits of
//! inlined blocks become plain control flow. Which literal block a `yield`
//! of an explored callee yields to is known before it is spliced: the tree
//! follows the blocks each call passes (`GivenBlock`).
//!
//! A block with several parameters yielded one value takes an Array's
//! items: the inlined block guards that the value is an Array and loads
//! them (`nil` past its end).
//!
//! `Integer#times` with its block becomes a loop with the block's body in
//! it: the intrinsics pass made it a loop that yields, and the yield is a
//! forced call of the tree.

use crate::builder::{param_count, FrameContext};
use crate::call_tree::{CallId, CallKind, CallNode, CallTree, GivenBlock, Reason, State, ROOT};
use crate::inline_policy::{
    block_exits, frequencies, limit, max_callee_nodes, priority, profiled_size, Budgets, Limit,
};
use crate::ir::*;
use crate::passes::early_exit::EarlyExit;
use crate::passes::exceptions;
use crate::runtime::{Callee, Runtime};
use crate::Session;
use bytecode::{call_flags, MethodKind};
use fxhash::FxHashMap;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::rc::Rc;

/// Callees larger than this are not looked at for a guard clause (the
/// graph of the whole callee is built to find it).
const MAX_EARLY_EXIT_CALLEE_INSNS: usize = 400;

/// Runs the pass (see the module doc) within `budgets`; with `trace`, appends
/// the call tree in `--trace-inlining`'s format. Whether it changed the graph.
pub fn run(
    graph: &mut Graph,
    session: &mut Session,
    budgets: Budgets,
    trace: Option<&mut String>,
) -> bool {
    let root_code = session.rt.code(graph.method);
    let is_method = root_code.kind != MethodKind::Block;
    let mut explorer = Explorer {
        tree: CallTree::default(),
        frequencies: RefCell::default(),
        queue: BinaryHeap::new(),
        explored: FxHashMap::default(),
    };
    let mut root = CallNode::new(None, graph.start, (0, usize::from(is_method)), 1.0);
    root.state = State::Inlined;
    root.method = Some(graph.method);
    root.nodes = common_size(graph);
    root.frame = graph.frame;
    root.yields_for = is_method.then_some(ExitTarget::Frame(graph.frame));
    explorer.tree.add(root);
    explorer.tree.explored = explorer.tree[ROOT].nodes;
    explorer.add_children(session, ROOT, graph, &[]);
    explorer.expand(session, budgets.expansion);
    let mut tree = explorer.tree;
    force_exit_paths(session.rt, &mut tree);
    let mut inliner = Inliner {
        continuations: FxHashMap::default(),
        early_exits: FxHashMap::default(),
        blocks: FxHashMap::default(),
    };
    let mut used = tree[ROOT].nodes;
    let mut changed = inliner.inline_tree(graph, session, &mut tree, (&mut used, budgets.inlining));
    changed |= inliner.guard_clauses(graph, session, &mut tree, (&mut used, budgets.inlining));
    tree.final_nodes = used;
    for node in &tree.nodes[1..] {
        let counter = match (node.state, node.reason) {
            (State::Inlined, _) => "inlined",
            (State::Removed, _) => "removed",
            (_, Some(reason)) => reason.stat_name(),
            (State::Cutoff, None) => "cutoff",
            (State::Expanded, None) => "expanded",
            (State::Indirect, None) => "indirect",
            (State::BailedOut, None) => "bailed_out",
        };
        *session.stats.inlining.entry(counter).or_default() += 1;
        if node.early_exit {
            *session.stats.inlining.entry("early_exit").or_default() += 1;
        }
    }
    if let Some(trace) = trace {
        trace.push_str(&tree.trace(session.rt, graph.method));
    }
    changed
}

/// The calls of `graph` the tree looks at: sends and `yield`s, but not
/// those on paths the profile never saw (uncommon: the deoptimise pass
/// makes them deoptimisations).
fn calls(graph: &Graph) -> Vec<NodeId> {
    graph
        .live()
        .filter(|&n| matches!(graph.op(n), Op::Send(_) | Op::Yield { .. }))
        .filter(|&n| !graph.control(n).is_empty() && !on_uncommon_path(graph, n))
        .collect()
}

/// The nodes of `graph` that are not on uncommon paths (the deoptimise
/// pass prunes those): what the compiled method costs before inlining,
/// in the same measure as explored callees, which are cleaned up.
fn common_size(graph: &Graph) -> usize {
    graph
        .live()
        .filter(|&n| !on_uncommon_path(graph, n))
        .count()
}

/// Whether `node` is on an uncommon path: up its control flow, an
/// uncommon node comes before any merge.
fn on_uncommon_path(graph: &Graph, node: NodeId) -> bool {
    let mut at = node;
    loop {
        if graph.is_uncommon(at) {
            return true;
        }
        match graph.control(at) {
            [pred] if !graph.op(at).is_merge() => at = *pred,
            _ => return false,
        }
    }
}

/// Builds the call tree: adds calls as children, explores them.
struct Explorer {
    tree: CallTree,
    /// Each method's instruction frequencies (`inline_policy::frequencies`).
    frequencies: RefCell<FxHashMap<MethodRef, Rc<Vec<f64>>>>,
    /// Calls to explore: forced ones first, then by frequency.
    queue: BinaryHeap<(bool, OrderedFrequency, Reverse<CallId>)>,
    /// Each method explored for a send: its cleaned-up graph (None: it
    /// could not be built), with the frame it was built for. A method
    /// called from several places is built once; the other calls get
    /// copies with frames of their own.
    explored: FxHashMap<MethodRef, Option<ExploredGraph>>,
}

/// A callee's graph as exploring left it.
#[derive(Clone)]
struct ExploredGraph {
    graph: Graph,
    /// The calls cleaning it up removed.
    removed: Vec<NodeId>,
    /// The frame it was built for.
    frame: FrameId,
}

/// A frequency, ordered (frequencies are finite and not negative).
#[derive(Clone, Copy, PartialEq)]
struct OrderedFrequency(f64);

impl Eq for OrderedFrequency {}

impl Ord for OrderedFrequency {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

impl PartialOrd for OrderedFrequency {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Explorer {
    /// How often `call` of `graph` (the graph of `parent`) runs per call of
    /// the compiled method: the parent's frequency times the call's per
    /// call of the method it is in.
    fn frequency(&self, rt: &dyn Runtime, parent: CallId, graph: &Graph, call: NodeId) -> f64 {
        let Some(Op::FrameState(at)) = graph.state(call).map(|s| graph.op(s)) else {
            return 0.0;
        };
        let (method, ip) = (at.method, at.ip as usize);
        let mut known = self.frequencies.borrow_mut();
        let per_call = known.entry(method).or_insert_with(|| {
            let code = rt.code(method);
            Rc::new(frequencies(&code, rt.calls(method), |index| {
                rt.branch_profile(method, index)
            }))
        });
        self.tree[parent].frequency * per_call.get(ip).copied().unwrap_or(0.0)
    }

    /// The literal block `node` of `graph` (the graph of `parent`) is, if
    /// known.
    fn given(&self, graph: &Graph, parent: CallId, node: NodeId) -> Option<Rc<GivenBlock>> {
        match *graph.op(node) {
            Op::BlockLiteral { method, home } => Some(Rc::new(GivenBlock {
                method,
                home,
                outer: self.given(graph, parent, graph.input(node, 2)),
            })),
            Op::Param(Param::Block) => self.tree[parent].block.clone(),
            _ => None,
        }
    }

    /// How many of the frames around a call made by `parent` (it and its
    /// ancestors) run `code`.
    fn on_chain(&self, rt: &dyn Runtime, parent: CallId, code: &bytecode::Method) -> usize {
        std::iter::once(parent)
            .chain(self.tree.ancestors(parent))
            .filter_map(|id| self.tree[id].method)
            .filter(|&m| std::ptr::eq(&*rt.code(m), code))
            .count()
    }

    /// Adds the calls of `graph` (explored for `parent`) as its children,
    /// and those of `removed` (calls cleaning it up removed) as Removed.
    fn add_children(
        &mut self,
        session: &Session,
        parent: CallId,
        graph: &Graph,
        removed: &[NodeId],
    ) {
        for call in calls(graph) {
            if let Some(child) = self.child(session, parent, graph, call) {
                let id = self.tree.add(child);
                let node = &self.tree[id];
                if node.state == State::Cutoff && node.reason.is_none() {
                    let key = (node.forced, OrderedFrequency(node.frequency), Reverse(id));
                    self.queue.push(key);
                }
            }
        }
        for &call in removed {
            let selector = match graph.op(call) {
                Op::Send(info) => Some(info.name),
                _ => None,
            };
            let frequency = self.frequency(session.rt, parent, graph, call);
            let mut child = self.blank(parent, call, frequency);
            child.state = State::Removed;
            child.selector = selector;
            self.tree.add(child);
        }
    }

    /// A child of `parent` with nothing known yet.
    fn blank(&self, parent: CallId, call: NodeId, frequency: f64) -> CallNode {
        let above = &self.tree[parent];
        CallNode::new(
            Some(parent),
            call,
            (above.depth + 1, above.method_depth),
            frequency,
        )
    }

    /// The tree node for `call` of `graph` (explored for `parent`); None
    /// for a send to a method not written in Ruby (not a call the tree
    /// knows, as Truffle's tree has no calls into Java).
    fn child(
        &self,
        session: &Session,
        parent: CallId,
        graph: &Graph,
        call: NodeId,
    ) -> Option<CallNode> {
        let rt = session.rt;
        // The frames around the call: method frames other than the
        // innermost one count for depth.
        let depth = self.tree[parent].method_depth.saturating_sub(1);
        match graph.op(call).clone() {
            Op::Send(info) => {
                let mut node = self.blank(parent, call, 0.0);
                node.selector = Some(info.name);
                let Some(kind) = info.receiver_kind else {
                    node.state = State::Indirect;
                    node.reason = Some(Reason::UnknownReceiver);
                    return Some(self.with_frequency(rt, node, graph));
                };
                let Some(Callee::Bytecode(method)) =
                    rt.lookup(info.method, kind, info.name, info.flags)
                else {
                    return None;
                };
                let method = rt.split_at(info.method, info.site, method);
                let code = rt.code(method);
                node.method = Some(method);
                node.method_depth += usize::from(code.kind != MethodKind::Block);
                let forwards = info.flags & call_flags::BLOCK_FORWARD != 0;
                node.kind = CallKind::Send { forwards };
                node.block = if forwards {
                    self.tree[parent].block.clone()
                } else if info.block.is_some() {
                    let passed = *graph.inputs(call).last()?;
                    self.given(graph, parent, passed)
                } else {
                    None
                };
                let plain = if info.laid_out {
                    // Literal keywords in the callee's slots (keyword_arguments).
                    let passes = call_flags::NOT_PLAIN & !call_flags::KEYWORD_OPERANDS;
                    info.flags & passes & !call_flags::BLOCK_FORWARD == 0
                } else {
                    info.flags & call_flags::NOT_PLAIN & !call_flags::BLOCK_FORWARD == 0
                        && code.kind == MethodKind::Method
                        && code.takes_positionally(info.argc)
                };
                let reason = if info.constructor {
                    Some(Reason::Constructor)
                } else if !plain {
                    Some(Reason::Arguments)
                } else if code
                    .insns
                    .iter()
                    .any(|insn| matches!(insn, bytecode::Insn::BlockParam))
                {
                    Some(Reason::BlockParameter)
                } else if rt.reads_last_match(method) {
                    Some(Reason::LastMatch)
                } else {
                    None
                };
                if let Some(reason) = reason {
                    node.state = State::Indirect;
                    node.reason = Some(reason);
                    return Some(self.with_frequency(rt, node, graph));
                }
                // A literal block that leaves with `break` or `return`
                // goes with the frame that passes it: left a call, its
                // callee's frame would be one the exit ends, which hands
                // the whole compiled frame to the interpreter each time.
                node.forced = node
                    .block
                    .as_ref()
                    .is_some_and(|block| block_exits(&rt.code(block.method)));
                // An iterator nested in its own block's caller
                // (`rows.each { |row| row.each { ... } }`) runs other
                // code: passing a literal block not on the chain is no
                // recursion.
                let chain_has_block = node.block.as_ref().is_none_or(|block| {
                    std::iter::once(parent)
                        .chain(self.tree.ancestors(parent))
                        .any(|id| self.tree[id].method == Some(block.method))
                });
                node.recursion = if chain_has_block {
                    self.on_chain(rt, parent, &code)
                } else {
                    0
                };
                let size = profiled_size(&code, |index| rt.branch_profile(method, index));
                node.reason =
                    limit(&code, node.recursion, size, depth, (false, forwards)).map(|limit| {
                        match limit {
                            Limit::Recursive => Reason::Recursive,
                            Limit::TooDeep => Reason::TooDeep,
                        }
                    });
                Some(self.with_frequency(rt, node, graph))
            }
            Op::Yield {
                argc,
                splat,
                kwargs,
            } => {
                let mut node = self.blank(parent, call, 0.0);
                node.kind = CallKind::Yield;
                node.forced = true;
                node.state = State::Indirect;
                let block = self.given(graph, parent, graph.input(call, 0));
                let yields_for = self.tree[parent].yields_for;
                let (Some(block), Some(break_target)) = (block, yields_for) else {
                    node.reason = Some(Reason::UnknownBlock);
                    return Some(self.with_frequency(rt, node, graph));
                };
                let code = rt.code(block.method);
                node.method = Some(block.method);
                node.break_target = break_target;
                node.home = block.home;
                node.yields_for = match block.home {
                    home @ ExitTarget::Frame(_) => Some(home),
                    _ => None,
                };
                node.block = block.outer.clone();
                let params_wanted = param_count(&code);
                let spreads = argc == 1 && params_wanted > 1 && code.auto_splat;
                let laid_out_by_runtime = splat
                    || kwargs
                    || (code.needs_arg_layout() && !gathers(&code, argc))
                    || (spreads && crate::passes::speculation_failed(graph, rt, call));
                let plain = code.kind == MethodKind::Block && !laid_out_by_runtime;
                if !plain {
                    node.reason = Some(Reason::Arguments);
                } else if rt.reads_last_match(block.method) {
                    node.reason = Some(Reason::LastMatch);
                } else {
                    node.state = State::Cutoff;
                    node.recursion = self.on_chain(rt, parent, &code);
                    // A block's size does not count: it is code of the
                    // method that wrote it.
                    node.reason = limit(&code, node.recursion, 0, depth, (true, false))
                        .map(|_| Reason::Recursive);
                }
                Some(self.with_frequency(rt, node, graph))
            }
            _ => None,
        }
    }

    fn with_frequency(&self, rt: &dyn Runtime, mut node: CallNode, graph: &Graph) -> CallNode {
        let parent = node.parent.expect("a child has a parent");
        node.frequency = self.frequency(rt, parent, graph, node.call);
        node
    }

    /// Explores the queued calls, best first, until the explored graphs
    /// hold `budget` nodes (forced calls whatever the budget). A callee of
    /// more bytecode instructions than the budget has left is not built
    /// either: building costs at least a node per instruction before the
    /// cleanup counts what is left (a `case` of 2,000 `when`s would be
    /// built and cleaned up only to be too big).
    fn expand(&mut self, session: &mut Session, budget: usize) {
        while let Some((forced, _, Reverse(id))) = self.queue.pop() {
            let left = budget.saturating_sub(self.tree.explored);
            let size = self.tree[id]
                .method
                .map_or(0, |method| session.rt.code(method).insns.len());
            if !forced && (left == 0 || size > left) {
                self.tree[id].reason = Some(Reason::ExpansionBudget);
                continue;
            }
            self.explore(session, id);
        }
    }

    /// Builds and cleans up the graph of call `id`'s callee.
    fn explore(&mut self, session: &mut Session, id: CallId) {
        let frame = session.new_frame();
        let node = &mut self.tree[id];
        let method = node.method.expect("a call to explore has a callee");
        node.frame = frame;
        if let CallKind::Send { .. } = node.kind {
            node.yields_for = Some(ExitTarget::Frame(frame));
        }
        let context = FrameContext {
            frame,
            inlined: true,
            break_target: node.break_target,
            home: node.home,
        };
        // A send's callee is built the same for every call (its block is
        // a parameter): once, then copied.
        let explored = match self.tree[id].kind {
            CallKind::Send { .. } => self
                .explored
                .entry(method)
                .or_insert_with(|| explore_graph(session, method, context, frame))
                .clone()
                .map(|mut explored| {
                    explored.graph.renumber_frame(explored.frame, frame);
                    explored
                }),
            CallKind::Yield => explore_graph(session, method, context, frame),
        };
        let Some(ExploredGraph { graph, removed, .. }) = explored else {
            self.tree[id].state = State::BailedOut;
            self.tree[id].reason = Some(Reason::Build);
            return;
        };
        let node = &mut self.tree[id];
        node.state = State::Expanded;
        node.nodes = graph.live_count();
        self.tree.explored += graph.live_count();
        self.add_children(session, id, &graph, &removed);
        self.tree[id].graph = Some(graph);
    }
}

/// The graph of `method` built in `context` (for `frame`) and cleaned up.
fn explore_graph(
    session: &mut Session,
    method: MethodRef,
    context: FrameContext,
    frame: FrameId,
) -> Option<ExploredGraph> {
    let mut graph = session.callee_graph(method, context)?;
    let before = calls(&graph);
    crate::simplify(&mut graph);
    let removed = before.into_iter().filter(|&n| graph.is_dead(n)).collect();
    Some(ExploredGraph {
        graph,
        removed,
        frame,
    })
}

/// Forces the calls between each explored block that leaves with `break`
/// or `return` and the frame its exit ends: inlined without any of them,
/// the exit would leave through an inlined frame, which hands the whole
/// compiled frame to the interpreter each time.
///
/// ```text
/// from_block                  <- `return` ends this frame
///   each_slice { ... }           forced
///     each { ... }               forced
///       block in each_slice      forced
///         block in from_block    forced
///           loop { return .. }   forced
///             block: return      the exiting block
/// ```
fn force_exit_paths(rt: &dyn Runtime, tree: &mut CallTree) {
    for index in 1..tree.nodes.len() {
        let id = CallId(index);
        let node = &tree[id];
        let (CallKind::Yield, State::Expanded, Some(method)) = (node.kind, node.state, node.method)
        else {
            continue;
        };
        let code = rt.code(method);
        let targets = [
            code.insns
                .iter()
                .any(|insn| matches!(insn, bytecode::Insn::ReturnFromBlock))
                .then_some(node.home),
            code.insns
                .iter()
                .any(|insn| matches!(insn, bytecode::Insn::BreakBlock))
                .then_some(node.break_target),
        ];
        for target in targets.into_iter().flatten() {
            let ExitTarget::Frame(frame) = target else {
                continue;
            };
            let path: Vec<CallId> = std::iter::once(id)
                .chain(tree.ancestors(id))
                .take_while(|&a| tree[a].frame != frame && a != ROOT)
                .collect();
            // Only an exit to a frame of the tree: the path ends there.
            let ends_in_tree = path
                .last()
                .and_then(|&last| tree[last].parent)
                .is_some_and(|above| tree[above].frame == frame);
            if ends_in_tree {
                for a in path {
                    tree[a].forced = true;
                }
            }
        }
    }
}

/// Whether a block of `code` yielded `argc` values gathers the arguments
/// after its required ones into a new Array (`|*xs|`, `|a, *xs|`; not when
/// one Array argument would be spread over the parameters).
fn gathers(code: &bytecode::Method, argc: u32) -> bool {
    code.rest
        && code.optional == 0
        && code.post == 0
        && !code.takes_keywords()
        && !(argc == 1 && code.auto_splat)
}

struct Inliner {
    /// For each inlined frame, where its returns meet: a merge and the phi
    /// of the returned values.
    continuations: FxHashMap<FrameId, (NodeId, NodeId)>,
    /// For each callee looked at for early-exit inlining: its cleaned-up
    /// graph and guard clause (None: it has none). Built once, copied at
    /// each call.
    early_exits: FxHashMap<MethodRef, Option<(Graph, EarlyExit)>>,
    /// For each inlined frame, the block it was given (its `Param::Block`):
    /// what a call in it that passes its block on (`f(&block)`) passes.
    blocks: FxHashMap<FrameId, NodeId>,
}

/// Whether a `return` or `break` of `callee`, inlined at `call`, would
/// leave an `ensure`: the callee's around the exit, or one around the call
/// in a frame the exit leaves (those of the call's state chain, innermost
/// first, up to the frame it returns from or breaks out of). Joined to a
/// continuation, the exit would skip it:
///
/// ```text
/// def score
///   begin
///     1.times { return 5 }   # the block, inlined into `times`, inlined
///   ensure                   # into `score`: its `return` must run the
///     $runs += 1             # ensure before `score` returns
///   end
/// end
/// ```
///
/// Such a call is not inlined: the exit then reaches the frames as a
/// transfer, which compiled code hands to the interpreter's handlers.
fn exit_passes_ensure(rt: &dyn Runtime, graph: &Graph, callee: &Graph, call: NodeId) -> bool {
    let code = rt.code(callee.method);
    callee.control(callee.finish).iter().any(|&end| {
        let Op::NonLocalExit(ExitTarget::Frame(to), ip) = *callee.op(end) else {
            return false;
        };
        if code.handler_at(ip as usize, false).is_some() {
            return true;
        }
        let mut current = graph.state(call);
        while let Some(state) = current {
            let Op::FrameState(info) = graph.op(state) else {
                break;
            };
            if rt
                .code(info.method)
                .handler_at(info.ip as usize, false)
                .is_some()
            {
                return true;
            }
            if info.frame == to {
                break;
            }
            current = info.outer.then(|| graph.input(state, 0));
        }
        false
    })
}

/// A copy of `state` with `pop` operands fewer: the caller's frame as it
/// waits in the call (the callee's receiver and arguments are the callee's
/// now), or as a call that raised left it (`exceptions::hand_down`).
pub(crate) fn suspended(graph: &mut Graph, state: NodeId, pop: usize) -> NodeId {
    let Op::FrameState(info) = graph.op(state).clone() else {
        unreachable!("calls have frame states")
    };
    let mut info = *info;
    info.stack -= pop as u32;
    let inputs: Vec<NodeId> = graph.inputs(state).to_vec();
    let kept = &inputs[..inputs.len() - pop];
    graph.add(Op::FrameState(Box::new(info)), &[], kept, None)
}

/// What a callee's parameter is in the caller: the call's operand, or for
/// `has_arg` (a parameter not in `params`) true, the arguments being all
/// given.
/// The receiver and argument parameters of a callee of `code` called by
/// send `info` with `inputs` (the receiver first): its arguments, `UNDEF`
/// in the slots of optional parameters not given (which a rebuilt frame
/// shows the interpreter) with `has_arg` false for them; a laid-out send's
/// inputs are the slots themselves, `UNDEF` where not given.
fn argument_params(
    graph: &mut Graph,
    info: &SendInfo,
    code: &bytecode::Method,
    inputs: &[NodeId],
) -> FxHashMap<Param, NodeId> {
    let mut params: FxHashMap<Param, NodeId> = FxHashMap::default();
    params.insert(Param::SelfValue, inputs[0]);
    let undef = graph.constant(Const::Value(bytecode::abi::UNDEF));
    let not_given = graph.constant(Const::Value(bytecode::abi::FALSE));
    let given = if info.laid_out {
        inputs.len() as u32 - 1
    } else {
        info.argc
    };
    for n in 0..given {
        let value = inputs[1 + n as usize];
        params.insert(Param::Arg(n), value);
        if graph.as_const(value) == Some(Const::Value(bytecode::abi::UNDEF)) {
            params.insert(Param::HasArg(n), not_given);
        }
    }
    if !info.laid_out {
        for n in info.argc..code.required + code.optional {
            params.insert(Param::Arg(n), undef);
            params.insert(Param::HasArg(n), not_given);
        }
    }
    params
}

pub(crate) fn param_value(
    graph: &mut Graph,
    params: &FxHashMap<Param, NodeId>,
    param: &Param,
) -> NodeId {
    params
        .get(param)
        .copied()
        .unwrap_or_else(|| graph.constant(Const::Value(bytecode::abi::TRUE)))
}

/// Adds to `graph` a copy of callee node `node` with operation `op`, as
/// uncommon as the original; its edges are added once every node is copied.
pub(crate) fn copy_node(graph: &mut Graph, callee: &Graph, node: NodeId, op: Op) -> NodeId {
    let copy = graph.add(op, &[], &[], None);
    if callee.is_uncommon(node) {
        graph.mark_uncommon(copy);
    }
    copy
}

impl Inliner {
    /// Inlines the explored children of inlined calls, best first by
    /// frequency per node, while the nodes `used` (the compiled method's
    /// and those of the explored graphs inlined) stay within `budget`
    /// (forced calls whatever the budget). Whether anything was inlined.
    fn inline_tree(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        tree: &mut CallTree,
        (used, budget): (&mut usize, usize),
    ) -> bool {
        let mut queue = BinaryHeap::new();
        let push = |queue: &mut BinaryHeap<_>, tree: &CallTree, parent: CallId| {
            for &id in &tree[parent].children {
                if tree[id].state == State::Expanded {
                    let priority = priority(tree[id].frequency, tree.cost(id));
                    queue.push((tree[id].forced, OrderedFrequency(priority), Reverse(id)));
                }
            }
        };
        push(&mut queue, tree, ROOT);
        let mut changed = false;
        while let Some((forced, _, Reverse(id))) = queue.pop() {
            if !forced && tree[id].nodes > max_callee_nodes(tree[id].frequency) {
                tree[id].reason = Some(Reason::TooBig);
                continue;
            }
            if !forced && *used + tree.cost(id) > budget {
                tree[id].reason = Some(Reason::InliningBudget);
                continue;
            }
            match self.inline(graph, session, tree, id) {
                Ok(spliced) => {
                    *used += tree[id].nodes;
                    let node = &mut tree[id];
                    node.state = State::Inlined;
                    node.spliced = spliced;
                    node.graph = None;
                    push(&mut queue, tree, id);
                    changed = true;
                }
                Err(reason) => {
                    tree[id].state = State::BailedOut;
                    tree[id].reason = Some(reason);
                }
            }
        }
        changed
    }

    /// Splices call `id`'s explored graph in place of its call; where
    /// each of its nodes went.
    fn inline(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        tree: &mut CallTree,
        id: CallId,
    ) -> Result<FxHashMap<NodeId, NodeId>, Reason> {
        let node = tree.call_in_graph(id).ok_or(Reason::Build)?;
        let callee = tree[id].graph.take().ok_or(Reason::Build)?;
        if graph.is_dead(node) {
            return Err(Reason::Build);
        }
        if exit_passes_ensure(session.rt, graph, &callee, node) {
            return Err(Reason::ExitThroughEnsure);
        }
        let call = &tree[id];
        let method = call.method.ok_or(Reason::Build)?;
        match (graph.op(node).clone(), call.kind) {
            (Op::Send(info), CallKind::Send { forwards }) => self.send(
                graph,
                session,
                node,
                &info,
                (method, &callee, call.frame),
                forwards,
            ),
            (Op::Yield { argc, .. }, CallKind::Yield) => {
                self.yield_block(graph, session, node, argc, (method, &callee, call.frame))
            }
            _ => Err(Reason::Build),
        }
    }

    /// Inlines the callees' guard clauses in front of calls of inlined
    /// frames left calls (past the recursion limit or a budget), while the
    /// nodes `used` are within `budget`. Whether anything was inlined.
    fn guard_clauses(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        tree: &mut CallTree,
        (used, budget): (&mut usize, usize),
    ) -> bool {
        let mut changed = false;
        for index in 1..tree.nodes.len() {
            let id = CallId(index);
            let call = &tree[id];
            let eligible = matches!(
                call.reason,
                Some(
                    Reason::Recursive
                        | Reason::ExpansionBudget
                        | Reason::InliningBudget
                        | Reason::TooBig
                )
            ) && call.kind == CallKind::Send { forwards: false }
                && call.block.is_none()
                && call.parent.is_some_and(|p| tree[p].state == State::Inlined);
            if !eligible || *used >= budget {
                continue;
            }
            let (Some(node), Some(method)) = (tree.call_in_graph(id), call.method) else {
                continue;
            };
            let Op::Send(info) = graph.op(node).clone() else {
                continue;
            };
            let code = session.rt.code(method);
            if info.block.is_some()
                || code.has_env
                || code.insns.len() > MAX_EARLY_EXIT_CALLEE_INSNS
                || graph.is_dead(node)
            {
                continue;
            }
            let before = graph.live_count();
            if self.early_exit(graph, session, node, &info, method) {
                *used += graph.live_count().saturating_sub(before);
                tree[id].early_exit = true;
                changed = true;
            }
        }
        changed
    }

    fn send(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        node: NodeId,
        info: &SendInfo,
        (method, callee, frame): (MethodRef, &Graph, FrameId),
        forwards: bool,
    ) -> Result<FxHashMap<NodeId, NodeId>, Reason> {
        let code = session.rt.code(method);
        let state = graph.state(node).ok_or(Reason::Build)?;
        // `f(&block)` of a frame's own block parameter passes that frame's
        // block on: the callee gets the node the frame has for it.
        let forwarded = if forwards {
            Some(self.frame_block(graph, state).ok_or(Reason::Build)?)
        } else {
            None
        };
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        let operands = 1 + info.argc as usize;
        let block = match forwarded {
            Some(block) => block,
            None if info.block.is_some() => inputs[operands],
            None => graph.constant(Const::Value(bytecode::abi::NIL)),
        };
        self.blocks.insert(frame, block);
        let caller = suspended(graph, state, operands);
        let mut params = argument_params(graph, info, &code, &inputs);
        params.insert(Param::Block, block);
        params.insert(Param::CallerState, caller);
        let entry = graph.control(node)[0];
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        let (entry, env) = self.env(graph, entry, method, code.has_env, nil);
        params.insert(Param::Env, env);
        Ok(self.splice(graph, session.rt, callee, node, (entry, params), frame))
    }

    /// A call not inlined whole: inlines the callee's guard clause, if it
    /// starts with one, and makes the call only past it (see
    /// [`crate::passes::early_exit`]). Whether it had one.
    fn early_exit(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        node: NodeId,
        info: &SendInfo,
        method: MethodRef,
    ) -> bool {
        let Some(state) = graph.state(node) else {
            return false;
        };
        let frame = session.new_frame();
        let Some((callee, exit)) = self
            .early_exits
            .entry(method)
            .or_insert_with(|| {
                let context = FrameContext {
                    frame,
                    inlined: true,
                    break_target: ExitTarget::BlockCreator,
                    home: ExitTarget::BlockHome,
                };
                let mut callee = session.callee_graph(method, context)?;
                crate::simplify(&mut callee);
                let exit = EarlyExit::find(&callee)?;
                Some((callee, exit))
            })
            .as_ref()
        else {
            return false;
        };
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        let mut params = argument_params(graph, info, &session.rt.code(method), &inputs);
        params.insert(Param::Block, nil);
        params.insert(Param::Env, nil);
        params.insert(
            Param::CallerState,
            suspended(graph, state, 1 + info.argc as usize),
        );
        let entry = graph.control(node)[0];
        let before = graph.capacity();
        let landing = exceptions::landing_of(graph, node);
        exit.splice(graph, callee, node, entry, &params, frame);
        if let Some(landing) = landing {
            let added: Vec<NodeId> = (before as u32..graph.capacity() as u32)
                .map(NodeId)
                .collect();
            exceptions::hand_down(graph, session.rt, landing, &added);
        }
        true
    }

    fn yield_block(
        &mut self,
        graph: &mut Graph,
        session: &mut Session,
        node: NodeId,
        argc: u32,
        (method, callee, frame): (MethodRef, &Graph, FrameId),
    ) -> Result<FxHashMap<NodeId, NodeId>, Reason> {
        let block = graph.input(node, 0);
        let Op::BlockLiteral { .. } = *graph.op(block) else {
            return Err(Reason::UnknownBlock);
        };
        let state = graph.state(node).ok_or(Reason::Build)?;
        let code = session.rt.code(method);
        let params_wanted = param_count(&code);
        // One argument for several parameters: an Array's items (guarded).
        let splat = argc == 1 && params_wanted > 1 && code.auto_splat;
        let gathers = gathers(&code, argc);
        let inputs: Vec<NodeId> = graph.inputs(node).to_vec();
        let (receiver, outer_env, outer_block) = (
            graph.input(block, 0),
            graph.input(block, 1),
            graph.input(block, 2),
        );
        let caller = suspended(graph, state, argc as usize);
        let nil = graph.constant(Const::Value(bytecode::abi::NIL));
        let mut entry = graph.control(node)[0];
        let args: Vec<NodeId> = if splat {
            let array_kind = session.rt.array_kind();
            let array = inputs[1];
            let test = graph.add(Op::IsKind(array_kind), &[], &[array], None);
            let reason = GuardReason::Kind(array_kind);
            entry = graph.add(Op::Guard(reason), &[entry], &[test], Some(state));
            (0..params_wanted)
                .map(|n| {
                    let index = graph.constant(Const::Int(n.into()));
                    entry = graph.add(Op::ArrayGet, &[entry], &[array, index], None);
                    entry
                })
                .collect()
        } else if gathers {
            let lead = code.required as usize;
            let mut args: Vec<NodeId> = (0..lead)
                .map(|n| inputs.get(1 + n).copied().unwrap_or(nil))
                .collect();
            let rest = inputs.get(1 + lead..).unwrap_or_default();
            let Op::FrameState(at) = graph.op(state) else {
                unreachable!("checked above")
            };
            let gather = Op::Insn {
                insn: bytecode::Insn::NewArray(rest.len() as u32),
                method: at.method,
                ip: at.ip,
            };
            entry = graph.add(gather, &[entry], rest, None);
            args.push(entry);
            args
        } else {
            (0..params_wanted)
                .map(|n| inputs.get(1 + n as usize).copied().unwrap_or(nil))
                .collect()
        };
        let mut params: FxHashMap<Param, NodeId> = FxHashMap::default();
        params.insert(Param::SelfValue, receiver);
        for (n, arg) in args.into_iter().enumerate() {
            params.insert(Param::Arg(n as u32), arg);
        }
        params.insert(Param::Block, outer_block);
        self.blocks.insert(frame, outer_block);
        params.insert(Param::CallerState, caller);
        let (entry, env) = self.env(graph, entry, method, code.has_env, outer_env);
        params.insert(Param::Env, env);
        Ok(self.splice(graph, session.rt, callee, node, (entry, params), frame))
    }

    /// The block of the frame a call with frame state `state` is made in:
    /// the compiled method's own (its parameter), or the one an inlined
    /// frame was given. None for a frame inlined before this pass (an
    /// early exit's), whose block is not at hand.
    fn frame_block(&self, graph: &mut Graph, state: NodeId) -> Option<NodeId> {
        let Op::FrameState(info) = graph.op(state) else {
            return None;
        };
        let frame = info.frame;
        if frame != graph.frame {
            return self.blocks.get(&frame).copied();
        }
        let own = graph
            .live()
            .find(|&node| matches!(graph.op(node), Op::Param(Param::Block)));
        Some(own.unwrap_or_else(|| graph.add(Op::Param(Param::Block), &[], &[], None)))
    }

    /// The environment of an inlined frame: a new one after `entry` when
    /// its locals are captured, else the enclosing one.
    fn env(
        &mut self,
        graph: &mut Graph,
        entry: NodeId,
        method: MethodRef,
        has_env: bool,
        parent: NodeId,
    ) -> (NodeId, NodeId) {
        if !has_env {
            return (entry, parent);
        }
        let env = graph.add(Op::NewEnv { method }, &[entry], &[parent], None);
        (env, env)
    }

    /// Copies `callee` into `graph` in place of `call`, its body following
    /// `entry`, its parameters `params`; returns where each of its nodes
    /// went (a parameter: to the value it stands for). A landing
    /// pad of the call is handed down to the callee's calls (see
    /// `exceptions`).
    fn splice(
        &mut self,
        graph: &mut Graph,
        rt: &dyn Runtime,
        callee: &Graph,
        call: NodeId,
        (entry, params): (NodeId, FxHashMap<Param, NodeId>),
        frame: FrameId,
    ) -> FxHashMap<NodeId, NodeId> {
        let continuation = graph.add(Op::Merge, &[], &[], None);
        let result = graph.add(Op::Phi, &[continuation], &[], None);
        self.continuations.insert(frame, (continuation, result));
        let mut map: FxHashMap<NodeId, NodeId> = FxHashMap::default();
        map.insert(callee.start, entry);
        let ends: Vec<NodeId> = callee.control(callee.finish).to_vec();
        let mut added = Vec::new();
        for node in callee.live() {
            if node == callee.start || node == callee.finish {
                continue;
            }
            let op = callee.op(node);
            if let Op::Param(param) = op {
                map.insert(node, param_value(graph, &params, param));
                continue;
            }
            if matches!(op, Op::Return | Op::NonLocalExit(..)) {
                continue;
            }
            let copy = copy_node(graph, callee, node, op.clone());
            map.insert(node, copy);
            added.push(node);
        }
        let new_nodes: Vec<NodeId> = added.iter().map(|n| map[n]).collect();
        for &node in &added {
            let copy = map[&node];
            let n = callee.node(node);
            for c in &n.control {
                graph.push_control(copy, map[c]);
            }
            for i in &n.inputs {
                graph.push_input(copy, map[i]);
            }
            if let Some(state) = n.state {
                graph.set_state(copy, Some(map[&state]));
            }
        }
        for end in ends {
            let n = callee.node(end);
            let pred = n.control.first().map(|c| map[c]);
            match &n.op {
                Op::Return => {
                    let pred = pred.expect("an end has a predecessor");
                    graph.push_control(continuation, pred);
                    graph.push_input(result, map[&n.inputs[0]]);
                }
                Op::NonLocalExit(target, _) => {
                    let pred = pred.expect("an end has a predecessor");
                    let value = map[&n.inputs[0]];
                    let joined = match target {
                        ExitTarget::Frame(to) => self.continuations.get(to).copied(),
                        _ => None,
                    };
                    if let Some((merge, phi)) = joined {
                        graph.push_control(merge, pred);
                        graph.push_input(phi, value);
                    } else {
                        let op = match target {
                            ExitTarget::Frame(to) if *to == graph.frame => Op::Return,
                            _ => n.op.clone(),
                        };
                        let exit = graph.add(op, &[pred], &[value], None);
                        graph.add_end(exit);
                    }
                }
                _ => graph.add_end(map[&end]),
            }
        }
        if let Some(landing) = exceptions::landing_of(graph, call) {
            exceptions::hand_down(graph, rt, landing, &new_nodes);
            exceptions::forget(graph, call);
        }
        graph.replace_control_uses(call, continuation);
        graph.replace_uses(call, result);
        graph.clear_control(call);
        graph.kill(call);
        map
    }
}
