//! The inliner's call tree (seed 002): one node per *call*, not per
//! method, with what the inliner found out about it and decided.
//!
//! The root is the compiled method (inlined by definition). Its children
//! are the calls its graph makes to Ruby code: sends bound to a method
//! written in Ruby, and `yield`s to literal blocks. Exploring a child
//! builds and cleans up its callee's graph, whose calls become the
//! child's children; inlining it splices that graph into the root's.
//!
//! ```text
//! [jit] inline start     Planner#incremental_add |... |IR Nodes 212 |Frequency 1.00 |Callees 3 |...
//! [jit] Inlined            Constraint#satisfy    |... |IR Nodes 143 |Frequency 1.00 |Callees 4 |...
//! [jit] Expanded             Strength#weaker?    |... |IR Nodes 38  |Frequency 0.50 |Callees 0 |...
//! [jit] Cutoff               Plan#add            |... |IR Nodes 0   |Frequency 0.02 |Callees 0 |...
//! [jit] Indirect           Variable#remove       |... |                              |Callees 0 |...
//! [jit] inline done      Planner#incremental_add |... |IR Nodes 355 |...
//! ```
//!
//! Each node is in one of the seed's six [`State`]s; the trace
//! (`--trace-inlining`) prints the tree depth first in the seed's columns:
//! the state, the method (indented by depth), the *call diff* (how many
//! calls per root call the node leaves: +frequency for a call left a call,
//! -frequency plus its children's diffs for one inlined), the recursion
//! depth (how many frames above it run the same code), the root's ratio of
//! explored to final nodes, the node count of its explored graph (the
//! root's: before and after inlining), its frequency, its callees (calls
//! its graph makes), whether it was forced, and its depth. A last column
//! says why a call was not inlined, where there is a reason.

use crate::ir::{ExitTarget, FrameId, Graph, MethodRef, NodeId};
use crate::runtime::Runtime;
use fxhash::FxHashMap;
use std::fmt::Write;
use std::rc::Rc;

/// A node's index in its tree.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct CallId(pub usize);

/// What became of a call (the seed's six states).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum State {
    /// Part of the compiled graph (the root always is).
    Inlined,
    /// Not explored: its callee's graph was never built (the exploration
    /// budget ran out, or a [`Reason`] limit).
    Cutoff,
    /// Explored (its graph built and cleaned up), but not inlined.
    Expanded,
    /// The call was in its caller's graph as built, and cleaning that
    /// graph up removed it (a path that folded away).
    Removed,
    /// Not a call the inliner can inline: no one Ruby method known, or a
    /// call only the runtime can make.
    Indirect,
    /// Exploring or inlining it failed.
    BailedOut,
}

impl State {
    pub fn name(self) -> &'static str {
        match self {
            State::Inlined => "Inlined",
            State::Cutoff => "Cutoff",
            State::Expanded => "Expanded",
            State::Removed => "Removed",
            State::Indirect => "Indirect",
            State::BailedOut => "BailedOut",
        }
    }
}

/// Why a call was not inlined (the trace's last column, and `--stats`'s
/// `jit.inlining.<state>.<reason>`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reason {
    /// Cutoff: the callee is on the call chain as often as the policy
    /// unrolls recursion.
    Recursive,
    /// Cutoff: too many method frames around it.
    TooDeep,
    /// Cutoff: the exploration budget was spent first.
    ExpansionBudget,
    /// Expanded: inlining it would pass the inlining budget.
    InliningBudget,
    /// Expanded: its graph is larger than the policy inlines at a call as
    /// frequent (`inline_policy::max_callee_nodes`).
    TooBig,
    /// Indirect: the receiver's class is not known (the send is
    /// polymorphic past what inline caching tests, or never ran).
    UnknownReceiver,
    /// Indirect: a `yield` whose block is not a literal block of this
    /// compilation.
    UnknownBlock,
    /// Indirect: a constructor's `initialize`, whose frame returns its
    /// receiver to the `new` (the interpreter could not resume it).
    Constructor,
    /// Indirect: arguments only the runtime lays out (optional, rest,
    /// keyword or destructured parameters, splats).
    Arguments,
    /// Indirect: the callee makes a Proc of its block (`&blk`): its frame
    /// could not be rebuilt (a rebuilt block is a new object each time).
    BlockParameter,
    /// Indirect: the callee reads or sets its frame's last match (`$~`,
    /// `$1`, ...), which the matching methods it calls set in the frame
    /// they are called from: only a frame of its own keeps it.
    LastMatch,
    /// BailedOut: its graph could not be built.
    Build,
    /// BailedOut: a `return` or `break` of the callee would leave an
    /// `ensure` (see `passes::inlining::exit_passes_ensure`).
    ExitThroughEnsure,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Recursive => "recursive",
            Reason::TooDeep => "too deep",
            Reason::ExpansionBudget => "expansion budget",
            Reason::InliningBudget => "inlining budget",
            Reason::TooBig => "too big",
            Reason::UnknownReceiver => "unknown receiver",
            Reason::UnknownBlock => "unknown block",
            Reason::Constructor => "constructor",
            Reason::Arguments => "arguments",
            Reason::BlockParameter => "block parameter",
            Reason::LastMatch => "last match",
            Reason::Build => "build failed",
            Reason::ExitThroughEnsure => "exit through ensure",
        }
    }

    /// The `--stats` counter: `<state>.<reason>`.
    pub fn stat_name(self) -> &'static str {
        match self {
            Reason::Recursive => "cutoff.recursive",
            Reason::TooDeep => "cutoff.too_deep",
            Reason::ExpansionBudget => "cutoff.expansion_budget",
            Reason::InliningBudget => "expanded.inlining_budget",
            Reason::TooBig => "expanded.too_big",
            Reason::UnknownReceiver => "indirect.unknown_receiver",
            Reason::UnknownBlock => "indirect.unknown_block",
            Reason::Constructor => "indirect.constructor",
            Reason::Arguments => "indirect.arguments",
            Reason::BlockParameter => "indirect.block_parameter",
            Reason::LastMatch => "indirect.last_match",
            Reason::Build => "bailed_out.build",
            Reason::ExitThroughEnsure => "bailed_out.exit_through_ensure",
        }
    }
}

/// The literal block a frame is given: the block's method, where its
/// `return` goes, and the block its own frame is given (what a `yield` in
/// the block yields to).
#[derive(Debug)]
pub struct GivenBlock {
    pub method: MethodRef,
    pub home: ExitTarget,
    pub outer: Option<Rc<GivenBlock>>,
}

/// How a call calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallKind {
    /// A send; `forwards`: it passes its caller's block on (`f(&block)`).
    Send { forwards: bool },
    /// A `yield` to a literal block.
    Yield,
}

/// One call in the tree.
#[derive(Debug)]
pub struct CallNode {
    pub parent: Option<CallId>,
    pub children: Vec<CallId>,
    pub state: State,
    pub reason: Option<Reason>,
    /// The callee (None: not known, an indirect call).
    pub method: Option<MethodRef>,
    /// The name a send calls (shown when the callee is not known).
    pub selector: Option<bytecode::Sym>,
    pub kind: CallKind,
    /// The call node: in the parent's explored graph, or in the compiled
    /// graph once the parent is inlined (the root's children: always).
    pub call: NodeId,
    /// How often the call runs per call of the compiled method.
    pub frequency: f64,
    /// How many frames above it run the same code.
    pub recursion: usize,
    /// Its depth in the tree (the root: 0).
    pub depth: usize,
    /// Method frames around the call (blocks do not count).
    pub method_depth: usize,
    /// Explored and inlined whatever the budgets: a literal block at a
    /// `yield`, a send passing a block that leaves with `break` or
    /// `return`.
    pub forced: bool,
    /// Nodes of its explored graph (the root's: as built).
    pub nodes: usize,
    /// The frame the callee gets when inlined.
    pub frame: FrameId,
    /// The literal block the callee's frame is given, if known.
    pub block: Option<Rc<GivenBlock>>,
    /// The method frame a `yield` in the callee yields for (its own for a
    /// method, a block's home); None when not one of this compilation.
    pub yields_for: Option<ExitTarget>,
    /// Where a `break` in the callee (a block) goes.
    pub break_target: ExitTarget,
    /// Where a `return` in the callee (a block) goes.
    pub home: ExitTarget,
    /// The explored graph, until inlined.
    pub graph: Option<Graph>,
    /// Once inlined: where each node of its explored graph went in the
    /// compiled graph.
    pub spliced: FxHashMap<NodeId, NodeId>,
    /// A guard clause of the callee was inlined in front of the call.
    pub early_exit: bool,
}

impl CallNode {
    /// A call with nothing known of it yet (Cutoff, no callee, a send):
    /// `call` made `depth` deep in the tree with `method_depth` method
    /// frames around it, `frequency` times per call of the root.
    pub fn new(
        parent: Option<CallId>,
        call: NodeId,
        (depth, method_depth): (usize, usize),
        frequency: f64,
    ) -> CallNode {
        CallNode {
            parent,
            children: Vec::new(),
            state: State::Cutoff,
            reason: None,
            method: None,
            selector: None,
            kind: CallKind::Send { forwards: false },
            call,
            frequency,
            recursion: 0,
            depth,
            method_depth,
            forced: false,
            nodes: 0,
            frame: FrameId(0),
            block: None,
            yields_for: None,
            break_target: ExitTarget::BlockCreator,
            home: ExitTarget::BlockHome,
            graph: None,
            spliced: FxHashMap::default(),
            early_exit: false,
        }
    }
}

/// The call tree of one compilation.
#[derive(Debug, Default)]
pub struct CallTree {
    pub nodes: Vec<CallNode>,
    /// Nodes of every explored graph, the root's included.
    pub explored: usize,
    /// The compiled graph's nodes after inlining.
    pub final_nodes: usize,
}

pub const ROOT: CallId = CallId(0);

impl CallTree {
    pub fn add(&mut self, node: CallNode) -> CallId {
        let id = CallId(self.nodes.len());
        if let Some(parent) = node.parent {
            self.nodes[parent.0].children.push(id);
        }
        self.nodes.push(node);
        id
    }

    /// Ancestors of `id`, nearest first (itself excluded).
    pub fn ancestors(&self, id: CallId) -> impl Iterator<Item = CallId> + '_ {
        std::iter::successors(self[id].parent, |&p| self[p].parent)
    }

    /// The call node of `id` in the compiled graph (its parent inlined).
    pub fn call_in_graph(&self, id: CallId) -> Option<NodeId> {
        let node = &self[id];
        match node.parent {
            Some(parent) if parent != ROOT => self[parent].spliced.get(&node.call).copied(),
            _ => Some(node.call),
        }
    }

    /// What inlining `id` costs: its nodes, and those of the forced calls
    /// (literal blocks) explored under it, which would be inlined with it.
    pub fn cost(&self, id: CallId) -> usize {
        self[id].nodes
            + self[id]
                .children
                .iter()
                .filter(|&&c| self[c].forced && self[c].state == State::Expanded)
                .map(|&c| self.cost(c))
                .sum::<usize>()
    }

    /// The seed's call diff: calls per root call the node leaves.
    fn call_diff(&self, id: CallId) -> f64 {
        let node = &self[id];
        match node.state {
            State::Inlined => {
                let children: f64 = node.children.iter().map(|&c| self.call_diff(c)).sum();
                if id == ROOT {
                    0.0
                } else {
                    children - node.frequency
                }
            }
            State::Removed => 0.0,
            _ => node.frequency,
        }
    }

    /// The `--trace-inlining` text of the tree (see the module doc).
    pub fn trace(&self, rt: &dyn Runtime, root_method: MethodRef) -> String {
        let mut out = String::new();
        let ratio = self.explored as f64 / self.final_nodes.max(1) as f64;
        let name = rt.method_name(root_method);
        self.line(
            &mut out,
            "inline start",
            ROOT,
            &name,
            Some(ratio),
            self[ROOT].nodes,
        );
        let mut stack: Vec<CallId> = self[ROOT].children.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            let node = &self[id];
            let name = match (node.method, node.selector, node.kind) {
                (Some(method), _, _) => rt.method_name(method),
                (None, Some(selector), _) => format!("send {}", rt.symbol_name(selector)),
                (None, None, CallKind::Yield) => "yield".to_string(),
                (None, None, CallKind::Send { .. }) => "send".to_string(),
            };
            self.line(&mut out, node.state.name(), id, &name, None, node.nodes);
            stack.extend(node.children.iter().rev());
        }
        self.line(
            &mut out,
            "inline done",
            ROOT,
            &name,
            Some(ratio),
            self.final_nodes,
        );
        out
    }

    fn line(
        &self,
        out: &mut String,
        state: &str,
        id: CallId,
        name: &str,
        ratio: Option<f64>,
        nodes: usize,
    ) {
        let node = &self[id];
        let indent = "  ".repeat(node.depth);
        let method = format!("{indent}{name}");
        let ratio = ratio.map_or_else(|| "NaN".to_string(), |r| format!("{r:.2}"));
        let _ = write!(
            out,
            "[jit] {state:<15}{method:<50} |call diff {:>11.2} |Recursion Depth {:>6} |Explore/inline ratio {ratio:>8} |IR Nodes {:>12} |Frequency {:>11.2} |Callees {:>6} |Forced {:>14} |Depth {:>15}",
            self.call_diff(id),
            node.recursion,
            nodes,
            node.frequency,
            node.children.len(),
            node.forced,
            node.depth,
        );
        match (node.reason, node.early_exit) {
            (Some(reason), true) => {
                let _ = write!(out, " |{}; guard clause inlined", reason.name());
            }
            (Some(reason), false) => {
                let _ = write!(out, " |{}", reason.name());
            }
            _ => {}
        }
        out.push('\n');
    }
}

impl std::ops::Index<CallId> for CallTree {
    type Output = CallNode;
    fn index(&self, id: CallId) -> &CallNode {
        &self.nodes[id.0]
    }
}

impl std::ops::IndexMut<CallId> for CallTree {
    fn index_mut(&mut self, id: CallId) -> &mut CallNode {
        &mut self.nodes[id.0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree: the root calls `a` (inlined, twice per root call), which
    /// calls `b` (explored, not inlined) and `c` (inlined); the root also
    /// calls `d` (cut off).
    fn tree() -> CallTree {
        let mut tree = CallTree::default();
        let mut root = CallNode::new(None, NodeId(0), (0, 1), 1.0);
        root.state = State::Inlined;
        tree.add(root);
        let node = |parent: CallId, state, frequency, nodes| {
            let mut node = CallNode::new(Some(parent), NodeId(0), (1, 1), frequency);
            node.state = state;
            node.nodes = nodes;
            node
        };
        let a = tree.add(node(ROOT, State::Inlined, 2.0, 30));
        tree.add(node(a, State::Expanded, 1.0, 50));
        tree.add(node(a, State::Inlined, 0.5, 10));
        tree.add(node(ROOT, State::Cutoff, 0.1, 0));
        tree
    }

    #[test]
    fn the_call_diff_counts_the_calls_a_node_leaves() {
        let tree = tree();
        let diffs: Vec<f64> = (0..5).map(|n| tree.call_diff(CallId(n))).collect();
        // a: its own call gone (-2), b left a call (+1), c gone (-0.5).
        assert_eq!(diffs, vec![0.0, -1.5, 1.0, -0.5, 0.1]);
    }

    #[test]
    fn a_forced_child_explored_counts_in_its_parents_cost() {
        let mut tree = tree();
        let a = CallId(1);
        assert_eq!(tree.cost(a), 30);
        tree[CallId(2)].forced = true;
        assert_eq!(tree.cost(a), 80);
        // Inlined already: its nodes are in the graph, not in the cost.
        tree[CallId(3)].forced = true;
        assert_eq!(tree.cost(a), 80);
    }

    #[test]
    fn ancestors_go_up_to_the_root() {
        let tree = tree();
        let up: Vec<CallId> = tree.ancestors(CallId(3)).collect();
        assert_eq!(up, vec![CallId(1), ROOT]);
        assert_eq!(tree.ancestors(ROOT).count(), 0);
    }
}
