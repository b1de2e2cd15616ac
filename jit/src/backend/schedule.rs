//! Scheduling: from the sea of nodes to basic blocks in a linear order.
//!
//! Fixed nodes already have a place: the control chain. Scheduling cuts
//! that chain into *basic blocks* (a block starts at `start`, a `merge`, a
//! `loop` or a branch projection, and ends at a branch, a jump into a merge
//! or an end), orders the blocks (reverse postorder, so a block comes after
//! its dominators and a loop's body after its header), then gives every
//! floating node a block:
//!
//! - *early*: the deepest block among its inputs' (it cannot compute
//!   before its inputs exist);
//! - *late*: the nearest common dominator of its uses (a phi uses its
//!   input at the end of the matching predecessor);
//! - chosen: on the dominator path from late up to early, the block with
//!   the shallowest loop nesting, latest among equals: as late as possible
//!   (not computed on paths that do not need it) but hoisted out of loops.
//!
//! ```ruby
//! i = 0
//! while i < n    # n * 2 does not change in the loop:
//!   i += n * 2   # it is scheduled before the loop header
//! end
//! ```
//!
//! Inside a block, nodes are put in order locally: each fixed node after
//! the floating nodes it needs (inputs first), then the floating nodes the
//! block computes for later blocks, then the block's terminator.
//!
//! Frame states are not scheduled: the values they name are uses at the
//! node that carries them (a guard's stub reads them). A state value that
//! only re-tags another (`tag_fixnum`, `bool_to_value`, `box_float`) is
//! read through: the deoptimisation map tags it, so the fast path never
//! computes it.

use crate::ir::{Graph, NodeId, Op};
use fxhash::FxHashMap;

/// A block's index in [`Schedule::blocks`] (its place in the linear order).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct BlockId(pub u32);

#[derive(Clone, Debug)]
pub struct Block {
    /// The node that starts it: `start`, `merge`, `loop`, `if_true` or
    /// `if_false`.
    pub head: NodeId,
    /// For a merge, its predecessors in the order of its control inputs
    /// (and of its phis' inputs).
    pub preds: Vec<BlockId>,
    /// A branch's `[if_true, if_false]`, a jump's target, or none.
    pub succs: Vec<BlockId>,
    /// What the block computes, in order; the last is the terminator (a
    /// `branch`, an end node, or the last fixed node before a jump).
    pub nodes: Vec<NodeId>,
    pub loop_depth: u32,
    /// The immediate dominator (none for the entry).
    pub idom: Option<BlockId>,
}

#[derive(Clone, Debug)]
pub struct Schedule {
    pub blocks: Vec<Block>,
    /// The block of every scheduled node (fixed, floating and phi).
    pub block_of: FxHashMap<NodeId, BlockId>,
}

impl Schedule {
    /// Whether `a` dominates `b`.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        let mut current = Some(b);
        while let Some(block) = current {
            if block == a {
                return true;
            }
            current = self.blocks[block.0 as usize].idom;
        }
        false
    }

    fn common_dominator(&self, mut a: BlockId, mut b: BlockId) -> BlockId {
        while a != b {
            while a > b {
                a = self.blocks[a.0 as usize].idom.expect("the entry dominates");
            }
            while b > a {
                b = self.blocks[b.0 as usize].idom.expect("the entry dominates");
            }
        }
        a
    }
}

/// The value a frame state really needs from `node`: a re-tagging node is
/// read through (the deoptimisation map does the tagging).
pub fn state_value(graph: &Graph, node: NodeId) -> NodeId {
    match graph.op(node) {
        Op::TagFixnum | Op::BoolToValue | Op::BoxFloat => graph.input(node, 0),
        _ => node,
    }
}

/// The values a frame state chain names (outer frames included).
pub fn state_values(graph: &Graph, state: NodeId, out: &mut Vec<NodeId>) {
    let mut current = Some(state);
    while let Some(state) = current {
        let Op::FrameState(info) = graph.op(state) else {
            break;
        };
        let inputs = graph.inputs(state);
        let own = &inputs[info.receiver_index()..];
        out.extend(own.iter().map(|&n| state_value(graph, n)));
        current = info.outer.then(|| inputs[0]);
    }
}

/// Whether a floating node needs no block: constants are immediates of the
/// instructions that use them, frame states are read by stubs.
fn unscheduled(op: &Op) -> bool {
    matches!(op, Op::Const(_) | Op::FrameState(_) | Op::Finish)
}

pub fn schedule(graph: &Graph) -> Schedule {
    let mut builder = Builder {
        graph,
        blocks: Vec::new(),
        block_of: FxHashMap::default(),
    };
    builder.cut_blocks();
    builder.order_blocks();
    builder.dominators();
    builder.loops();
    let mut schedule = Schedule {
        blocks: builder.blocks,
        block_of: builder.block_of,
    };
    place_floating(graph, &mut schedule);
    schedule
}

struct Builder<'g> {
    graph: &'g Graph,
    blocks: Vec<Block>,
    block_of: FxHashMap<NodeId, BlockId>,
}

impl Builder<'_> {
    /// The control successors of a fixed node (`finish` is not one).
    fn successors(&self, node: NodeId) -> Vec<NodeId> {
        let mut succs: Vec<NodeId> = self
            .graph
            .successors(node)
            .into_iter()
            .filter(|&s| !matches!(self.graph.op(s), Op::Finish))
            .collect();
        // A branch's successors: if_true first.
        succs.sort_by_key(|&s| !matches!(self.graph.op(s), Op::IfTrue));
        succs.dedup();
        succs
    }

    /// Cuts the control chain into blocks (in discovery order for now).
    fn cut_blocks(&mut self) {
        let mut heads = vec![self.graph.start];
        let mut index: FxHashMap<NodeId, BlockId> = FxHashMap::default();
        let mut at = 0;
        while at < heads.len() {
            let head = heads[at];
            at += 1;
            let id = BlockId(self.blocks.len() as u32);
            index.insert(head, id);
            let mut nodes = Vec::new();
            let mut current = head;
            let exits = loop {
                if current != head || !matches!(self.graph.op(head), Op::Merge | Op::Loop) {
                    nodes.push(current);
                }
                let succs = self.successors(current);
                let op = self.graph.op(current);
                if matches!(op, Op::Branch) || op.is_end() || succs.is_empty() {
                    break succs;
                }
                let next = succs[0];
                if self.graph.op(next).is_merge() {
                    break succs;
                }
                current = next;
            };
            for &exit in &exits {
                if !heads.contains(&exit) {
                    heads.push(exit);
                }
            }
            for &node in &nodes {
                self.block_of.insert(node, id);
            }
            if matches!(self.graph.op(head), Op::Merge | Op::Loop) {
                self.block_of.insert(head, id);
            }
            self.blocks.push(Block {
                head,
                preds: Vec::new(),
                succs: exits.iter().map(|&e| BlockId(e.0)).collect(),
                nodes,
                loop_depth: 0,
                idom: None,
            });
        }
        // Successors were recorded by head node; now by block.
        for block in &mut self.blocks {
            for succ in &mut block.succs {
                *succ = index[&NodeId(succ.0)];
            }
        }
        for b in 0..self.blocks.len() {
            let head = self.blocks[b].head;
            if self.graph.op(head).is_merge() {
                self.blocks[b].preds = self
                    .graph
                    .control(head)
                    .iter()
                    .map(|pred| self.block_of[pred])
                    .collect();
            } else {
                let id = BlockId(b as u32);
                self.blocks[b].preds = (0..self.blocks.len())
                    .filter(|&p| self.blocks[p].succs.contains(&id))
                    .map(|p| BlockId(p as u32))
                    .collect();
            }
        }
    }

    /// Renumbers the blocks in reverse postorder.
    fn order_blocks(&mut self) {
        let count = self.blocks.len();
        let mut visited = vec![false; count];
        let mut postorder = Vec::with_capacity(count);
        // Iterative depth-first search; successors pushed in reverse so
        // the first successor is visited first.
        let mut stack = vec![(0usize, 0usize)];
        visited[0] = true;
        while let Some(&mut (block, ref mut next)) = stack.last_mut() {
            let succs = &self.blocks[block].succs;
            if *next < succs.len() {
                let succ = succs[succs.len() - 1 - *next].0 as usize;
                *next += 1;
                if !visited[succ] {
                    visited[succ] = true;
                    stack.push((succ, 0));
                }
            } else {
                postorder.push(block);
                stack.pop();
            }
        }
        let mut renumber = vec![u32::MAX; count];
        for (new, &old) in postorder.iter().rev().enumerate() {
            renumber[old] = new as u32;
        }
        let mut blocks: Vec<Option<Block>> = std::mem::take(&mut self.blocks)
            .into_iter()
            .map(Some)
            .collect();
        for &old in postorder.iter().rev() {
            let mut block = blocks[old].take().expect("each block once");
            for id in block.preds.iter_mut().chain(block.succs.iter_mut()) {
                *id = BlockId(renumber[id.0 as usize]);
            }
            self.blocks.push(block);
        }
        for id in self.block_of.values_mut() {
            *id = BlockId(renumber[id.0 as usize]);
        }
    }

    /// Immediate dominators (Cooper, Harvey and Kennedy), over reverse
    /// postorder numbers.
    fn dominators(&mut self) {
        let count = self.blocks.len();
        let mut idom: Vec<Option<u32>> = vec![None; count];
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for b in 1..count {
                let mut new: Option<u32> = None;
                for pred in &self.blocks[b].preds {
                    let p = pred.0;
                    if idom[p as usize].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(mut a) => {
                            let mut c = p;
                            while a != c {
                                while a > c {
                                    a = idom[a as usize].expect("processed");
                                }
                                while c > a {
                                    c = idom[c as usize].expect("processed");
                                }
                            }
                            a
                        }
                    });
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        for (b, block) in self.blocks.iter_mut().enumerate() {
            block.idom = (b != 0).then(|| BlockId(idom[b].expect("every block is reachable")));
        }
    }

    /// Loop nesting depths, from each loop's back edges.
    fn loops(&mut self) {
        for header in 0..self.blocks.len() {
            if !matches!(self.graph.op(self.blocks[header].head), Op::Loop) {
                continue;
            }
            let mut body = vec![false; self.blocks.len()];
            body[header] = true;
            let mut work: Vec<usize> = self.blocks[header]
                .preds
                .iter()
                .skip(1)
                .map(|p| p.0 as usize)
                .collect();
            while let Some(b) = work.pop() {
                if body[b] {
                    continue;
                }
                body[b] = true;
                work.extend(self.blocks[b].preds.iter().map(|p| p.0 as usize));
            }
            for (b, inside) in body.into_iter().enumerate() {
                if inside {
                    self.blocks[b].loop_depth += 1;
                }
            }
        }
    }
}

/// The uses of a node that need its value computed, with the block each
/// one needs it in.
fn use_blocks(graph: &Graph, schedule: &Schedule, node: NodeId, out: &mut Vec<BlockId>) {
    for &user in graph.users(node) {
        if graph.is_dead(user) {
            continue;
        }
        match graph.op(user) {
            Op::Phi => {
                let merge = graph.control(user)[0];
                let block = &schedule.blocks[schedule.block_of[&merge].0 as usize];
                for (index, &input) in graph.inputs(user).iter().enumerate() {
                    if input == node {
                        out.push(block.preds[index]);
                    }
                }
            }
            Op::FrameState(_) => {
                // Used by every node carrying a state that chains to it.
                let mut carriers = Vec::new();
                state_carriers(graph, user, &mut carriers);
                out.extend(carriers.iter().filter_map(|c| schedule.block_of.get(c)));
            }
            Op::TagFixnum | Op::BoolToValue | Op::BoxFloat
                if !schedule.block_of.contains_key(&user) =>
            {
                // Only read through by frame states.
                use_blocks(graph, schedule, user, out);
            }
            _ => {
                if let Some(&block) = schedule.block_of.get(&user) {
                    out.push(block);
                }
            }
        }
    }
}

/// The scheduled nodes whose state is `state` or an inner state chaining
/// out to it.
fn state_carriers(graph: &Graph, state: NodeId, out: &mut Vec<NodeId>) {
    for &user in graph.users(state) {
        if graph.is_dead(user) {
            continue;
        }
        if matches!(graph.op(user), Op::FrameState(_)) {
            if graph.input(user, 0) == state {
                state_carriers(graph, user, out);
            }
        } else if graph.state(user) == Some(state) {
            out.push(user);
        }
    }
}

/// Whether a floating node must be computed: a fixed node, a phi or a
/// frame state of a scheduled node needs it.
fn needed_floating(graph: &Graph, schedule: &Schedule) -> Vec<NodeId> {
    let mut needed = Vec::new();
    let mut seen = fxhash::FxHashSet::default();
    let mut work: Vec<NodeId> = Vec::new();
    let mut states = Vec::new();
    for block in &schedule.blocks {
        for &node in &block.nodes {
            work.extend(graph.inputs(node).iter().copied());
            if let Some(state) = graph.state(node) {
                state_values(graph, state, &mut states);
            }
        }
        if graph.op(block.head).is_merge() {
            for phi in graph.phis(block.head) {
                work.extend(graph.inputs(phi).iter().copied());
            }
        }
    }
    work.append(&mut states);
    while let Some(node) = work.pop() {
        let op = graph.op(node);
        if op.is_fixed() || matches!(op, Op::Phi) || unscheduled(op) || !seen.insert(node) {
            continue;
        }
        needed.push(node);
        work.extend(graph.inputs(node).iter().copied());
    }
    needed
}

fn place_floating(graph: &Graph, schedule: &mut Schedule) {
    for b in 0..schedule.blocks.len() {
        let head = schedule.blocks[b].head;
        if graph.op(head).is_merge() {
            for phi in graph.phis(head) {
                schedule.block_of.insert(phi, BlockId(b as u32));
            }
        }
    }
    let floating = needed_floating(graph, schedule);
    // Early blocks, inputs first.
    let mut early: FxHashMap<NodeId, BlockId> = FxHashMap::default();
    fn early_of(
        graph: &Graph,
        schedule: &Schedule,
        early: &mut FxHashMap<NodeId, BlockId>,
        node: NodeId,
    ) -> BlockId {
        if let Some(&block) = schedule.block_of.get(&node) {
            return block;
        }
        if let Some(&block) = early.get(&node) {
            return block;
        }
        let mut deepest = BlockId(0);
        for &input in graph.inputs(node) {
            if unscheduled(graph.op(input)) {
                continue;
            }
            let block = early_of(graph, schedule, early, input);
            if schedule.dominates(deepest, block) {
                deepest = block;
            }
        }
        early.insert(node, deepest);
        deepest
    }
    for &node in &floating {
        early_of(graph, schedule, &mut early, node);
    }
    // Late blocks, users first.
    let mut order = Vec::with_capacity(floating.len());
    let mut state: FxHashMap<NodeId, bool> = FxHashMap::default();
    let is_floating: fxhash::FxHashSet<NodeId> = floating.iter().copied().collect();
    for &root in &floating {
        // Iterative postorder over floating users.
        let mut stack = vec![(root, false)];
        while let Some((node, done)) = stack.pop() {
            if done {
                order.push(node);
                continue;
            }
            if state.contains_key(&node) {
                continue;
            }
            state.insert(node, true);
            stack.push((node, true));
            for &user in graph.users(node) {
                if is_floating.contains(&user) && !state.contains_key(&user) {
                    stack.push((user, false));
                }
            }
        }
    }
    // A postorder over users: every floating user of a node is placed
    // before the node itself.
    let mut uses = Vec::new();
    for &node in order.iter() {
        uses.clear();
        use_blocks(graph, schedule, node, &mut uses);
        let early = early[&node];
        let late = uses
            .iter()
            .copied()
            .reduce(|a, b| schedule.common_dominator(a, b))
            .unwrap_or(early);
        let mut best = late;
        let mut current = late;
        while current != early {
            let Some(up) = schedule.blocks[current.0 as usize].idom else {
                break;
            };
            current = up;
            if schedule.blocks[current.0 as usize].loop_depth
                < schedule.blocks[best.0 as usize].loop_depth
            {
                best = current;
            }
        }
        schedule.block_of.insert(node, best);
    }
    order_locally(graph, schedule, &floating);
}

/// Puts each block's nodes in an order that computes inputs first.
fn order_locally(graph: &Graph, schedule: &mut Schedule, floating: &[NodeId]) {
    let mut placed_in: Vec<Vec<NodeId>> = vec![Vec::new(); schedule.blocks.len()];
    for &node in floating {
        placed_in[schedule.block_of[&node].0 as usize].push(node);
    }
    let mut emitted = fxhash::FxHashSet::default();
    for (b, placed) in placed_in.iter().enumerate() {
        let id = BlockId(b as u32);
        let fixed = std::mem::take(&mut schedule.blocks[b].nodes);
        let mut nodes = Vec::with_capacity(fixed.len() + placed.len());
        let emit =
            |node: NodeId, nodes: &mut Vec<NodeId>, emitted: &mut fxhash::FxHashSet<NodeId>| {
                // Inputs placed in this block first (iteratively).
                let mut stack = vec![(node, false)];
                while let Some((n, done)) = stack.pop() {
                    if done {
                        if emitted.insert(n) {
                            nodes.push(n);
                        }
                        continue;
                    }
                    if emitted.contains(&n) {
                        continue;
                    }
                    stack.push((n, true));
                    let mut wanted: Vec<NodeId> = graph.inputs(n).to_vec();
                    if let Some(state) = graph.state(n) {
                        state_values(graph, state, &mut wanted);
                    }
                    for input in wanted {
                        let op = graph.op(input);
                        if !op.is_fixed()
                            && !matches!(op, Op::Phi)
                            && schedule.block_of.get(&input) == Some(&id)
                            && !emitted.contains(&input)
                        {
                            stack.push((input, false));
                        }
                    }
                }
            };
        let (terminator, body) = match fixed.split_last() {
            Some((&last, body))
                if matches!(graph.op(last), Op::Branch) || graph.op(last).is_end() =>
            {
                (Some(last), body)
            }
            _ => (None, &fixed[..]),
        };
        for &node in body {
            emit(node, &mut nodes, &mut emitted);
        }
        for &node in placed {
            emit(node, &mut nodes, &mut emitted);
        }
        if let Some(last) = terminator {
            emit(last, &mut nodes, &mut emitted);
        }
        schedule.blocks[b].nodes = nodes;
    }
}
