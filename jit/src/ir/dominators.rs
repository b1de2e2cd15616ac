//! The dominator tree of the control flow, for "does a dominate b?" in
//! constant time.
//!
//! Immediate dominators come from Cooper, Harvey and Kennedy's iteration
//! over reverse post-order; a depth-first walk of the tree then numbers each
//! node on entry and exit, so `a` dominates `b` exactly when `b`'s interval
//! lies inside `a`'s.

use crate::ir::{Graph, NodeId};

/// The dominator tree of the control nodes reachable from `start`.
pub struct Dominators {
    /// Per node id: (entry, exit) numbers, or None when unreachable.
    interval: Vec<Option<(u32, u32)>>,
}

impl Dominators {
    /// `order`: the reachable control nodes in reverse post-order, `start`
    /// first (`print::control_order`).
    pub fn of(graph: &Graph, order: &[NodeId]) -> Dominators {
        let mut index = vec![usize::MAX; graph.capacity()];
        for (i, &node) in order.iter().enumerate() {
            index[node.0 as usize] = i;
        }
        let mut idom: Vec<Option<usize>> = vec![None; order.len()];
        if !order.is_empty() {
            idom[0] = Some(0);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for (i, &node) in order.iter().enumerate().skip(1) {
                let mut new: Option<usize> = None;
                for pred in graph.control(node) {
                    let p = index[pred.0 as usize];
                    if p == usize::MAX || idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(current) => intersect(&idom, current, p),
                    });
                }
                if new.is_some() && idom[i] != new {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); order.len()];
        for (i, parent) in idom.iter().enumerate().skip(1) {
            if let Some(parent) = *parent {
                children[parent].push(i);
            }
        }
        let mut interval = vec![None; graph.capacity()];
        let mut clock = 0u32;
        let mut entered = vec![0u32; order.len()];
        let mut stack: Vec<(usize, usize)> = Vec::new();
        if !order.is_empty() {
            stack.push((0, 0));
            entered[0] = clock;
            clock += 1;
        }
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            if let Some(&child) = children[node].get(*next) {
                *next += 1;
                entered[child] = clock;
                clock += 1;
                stack.push((child, 0));
            } else {
                interval[order[node].0 as usize] = Some((entered[node], clock));
                clock += 1;
                stack.pop();
            }
        }
        Dominators { interval }
    }

    /// Whether `node` is reachable (in the tree).
    pub fn contains(&self, node: NodeId) -> bool {
        self.interval[node.0 as usize].is_some()
    }

    /// Whether control node `a` dominates control node `b` (both
    /// reachable; a node dominates itself).
    pub fn dominates(&self, a: NodeId, b: NodeId) -> bool {
        match (self.interval[a.0 as usize], self.interval[b.0 as usize]) {
            (Some((a_in, a_out)), Some((b_in, b_out))) => a_in <= b_in && b_out <= a_out,
            _ => false,
        }
    }
}

fn intersect(idom: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a].expect("processed");
        }
        while b > a {
            b = idom[b].expect("processed");
        }
    }
    a
}
