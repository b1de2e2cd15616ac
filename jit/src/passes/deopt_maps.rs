//! Deoptimisation maps from frame states: every node that may deoptimise
//! gets the map its state chain describes, and equal maps are kept once
//! (the `deopt` crate's table). The code generator will turn the node
//! sources into registers and stack slots.

use crate::ir::*;
use deopt::{DeoptMap, DeoptMaps, FrameMap, MapId, Source};

fn source(graph: &Graph, node: NodeId) -> Source {
    match graph.as_const(node) {
        Some(Const::Value(bits)) => Source::Constant(bits),
        _ => Source::Node(node.0),
    }
}

/// The map a frame state describes (its outer frames first).
pub fn map_of(graph: &Graph, state: NodeId) -> DeoptMap {
    let mut frames = Vec::new();
    let mut current = Some(state);
    while let Some(state) = current {
        let Op::FrameState(info) = graph.op(state) else {
            break;
        };
        let inputs = graph.inputs(state);
        let mut at = info.receiver_index();
        let receiver = source(graph, inputs[at]);
        at += 1;
        let args = inputs[at..at + info.args as usize]
            .iter()
            .map(|&n| source(graph, n))
            .collect();
        let env = info.env_index().map(|at| source(graph, inputs[at]));
        at = info.locals_index();
        let locals = info
            .locals
            .iter()
            .zip(&inputs[at..])
            .map(|(&slot, &n)| (slot, source(graph, n)))
            .collect();
        let pending = inputs[info.pending_index()..info.stack_index()]
            .iter()
            .map(|&n| source(graph, n))
            .collect();
        let stack = inputs[info.stack_index()..]
            .iter()
            .map(|&n| source(graph, n))
            .collect();
        frames.push(FrameMap {
            method: info.method.0,
            ip: info.ip,
            receiver,
            args,
            env,
            locals,
            pending,
            stack,
        });
        current = info.outer.then(|| inputs[0]);
    }
    frames.reverse();
    DeoptMap { frames }
}

/// The maps of every node that may deoptimise, interned.
pub fn collect(graph: &Graph) -> (DeoptMaps, Vec<(NodeId, MapId)>) {
    let mut maps = DeoptMaps::default();
    let mut sites = Vec::new();
    for node in graph.live() {
        let deopts = matches!(
            graph.op(node),
            Op::Guard(_)
                | Op::Deopt(_)
                | Op::StoreIvar { .. }
                | Op::StoreIvarNamed(_)
                | Op::ArrayStore
                | Op::ArrayPush
                | Op::StringEq
        ) || matches!(graph.op(node), Op::Int(op) if op.is_checked());
        if let (true, Some(state)) = (deopts, graph.state(node)) {
            sites.push((node, maps.intern(map_of(graph, state))));
        }
    }
    (maps, sites)
}
