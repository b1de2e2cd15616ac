//! Graphviz output, drawn as RhizomeRuby draws its graphs: control edges
//! red, from a node down to its successor; value edges blue, from a user up
//! to the value it uses (frame-state edges dashed). Edges are labelled
//! where the order of inputs matters, at their heads (a label in the middle
//! of an edge is a node to Graphviz: a graph of 200 nodes took it 33 s to
//! lay out so, 6 s with head labels). A frame state lists its values in
//! its label, and its edges to them are not drawn: they were most of the
//! edges of a large graph (1,661 of one of 600 nodes, which Graphviz took
//! over a minute to lay out, and 2 s without them).
//!
//! Nodes are grouped in a box (a Graphviz cluster) per inlined frame,
//! nested as the frames are: a node goes with the frame its state names,
//! a control node without one with its predecessor, a value with the first
//! node that uses it. Two views of each graph:
//!
//! - [`dot`], every node and edge (but frame states' values), for graphs
//!   of up to [`FULL_VIEW_MAX_NODES`] nodes (Graphviz's time grows much
//!   faster than the graph);
//! - [`control_dot`], the control nodes and control edges only (values and
//!   states left out): the shape of a large graph after inlining, which
//!   Graphviz lays out in seconds where the whole graph would take it
//!   minutes.
//!
//! ```sh
//! rhizome --dump-ir=ir examples/fib.rb && dot -Tsvg ir/fib.09-dead_code.dot > fib.svg
//! dot -Tsvg ir/fib.09-dead_code.cfg.dot > fib-control.svg
//! ```

use crate::ir::print::{control_order, describe, Numbering};
use crate::ir::*;
use crate::runtime::Runtime;
use fxhash::FxHashMap;
use std::fmt::Write;

/// The largest graph [`dot`] draws whole.
pub const FULL_VIEW_MAX_NODES: usize = 400;

/// The graph in Graphviz's dot language, or None when it has more than
/// [`FULL_VIEW_MAX_NODES`] nodes ([`control_dot`] draws those).
pub fn dot(graph: &Graph, title: &str, rt: &dyn Runtime) -> Option<String> {
    let numbering = Numbering::of(graph);
    if numbering.order.len() > FULL_VIEW_MAX_NODES {
        return None;
    }
    let frames = Frames::of(graph, &numbering.order);
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{}\" {{", escape(title));
    let _ = writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    );
    out.push_str(layout_limits(numbering.order.len()));
    frames.write_clusters(&mut out, graph, rt, &numbering.order, &mut |out, node| {
        let label = describe_short(graph, node, &numbering, rt);
        let style = if graph.op(node).is_fixed() || !graph.control(node).is_empty() {
            ", color=red"
        } else if graph.ty(node) == Type::State {
            ", color=gray, fontcolor=gray"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "{} [label=\"{}: {}\"{style}];",
            numbering.name(node),
            numbering.name(node),
            escape(&label)
        );
    });
    for &node in &numbering.order {
        let n = graph.node(node);
        let name = numbering.name(node);
        // Edges to code no longer reachable (cut off, not yet removed) are
        // not drawn: their nodes are not either.
        let drawn = |other: NodeId| numbering.number(other).is_some();
        for &pred in n.control.iter().filter(|&&p| drawn(p)) {
            let label = match graph.op(node) {
                Op::Phi => ", style=dotted, headlabel=\"merge\"",
                _ => "",
            };
            let _ = writeln!(
                out,
                "  {} -> {name} [color=red{label}];",
                numbering.name(pred)
            );
        }
        // A frame state names its values in its label: drawn, its edges
        // would be most of a large graph's, and Graphviz's time with them.
        let inputs = if graph.ty(node) == Type::State {
            &[][..]
        } else {
            &n.inputs[..]
        };
        let labelled = inputs.len() > 1;
        for (index, &input) in inputs.iter().enumerate().filter(|(_, &i)| drawn(i)) {
            let label = if labelled {
                format!(", headlabel=\"{}\"", input_label(graph, node, index))
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {} -> {name} [color=blue, dir=back{label}];",
                numbering.name(input)
            );
        }
        if let Some(state) = n.state.filter(|&s| drawn(s)) {
            let _ = writeln!(
                out,
                "  {} -> {name} [color=blue, dir=back, style=dashed, headlabel=\"state\"];",
                numbering.name(state)
            );
        }
    }
    out.push_str("}\n");
    Some(out)
}

/// The control nodes of the graph and the control edges between them,
/// each node labelled as in [`dot`] (with the names `--dump-ir`'s text
/// gives it), grouped by inlined frame: the view of a graph too large to
/// lay out whole.
pub fn control_dot(graph: &Graph, title: &str, rt: &dyn Runtime) -> String {
    let numbering = Numbering::of(graph);
    let controls: Vec<NodeId> = control_order(graph)
        .into_iter()
        .filter(|&node| numbering.number(node).is_some())
        .collect();
    let frames = Frames::of(graph, &numbering.order);
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{} (control)\" {{", escape(title));
    let _ = writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10, color=red];"
    );
    out.push_str(layout_limits(controls.len()));
    frames.write_clusters(&mut out, graph, rt, &controls, &mut |out, node| {
        let label = describe_short(graph, node, &numbering, rt);
        let _ = writeln!(
            out,
            "{} [label=\"{}: {}\"];",
            numbering.name(node),
            numbering.name(node),
            escape(&label)
        );
    });
    for &node in &controls {
        for &pred in graph.control(node) {
            if numbering.number(pred).is_some() {
                let _ = writeln!(
                    out,
                    "  {} -> {} [color=red];",
                    numbering.name(pred),
                    numbering.name(node)
                );
            }
        }
    }
    out.push_str("}\n");
    out
}

/// Which inlined frame each node belongs to, and how the frames nest.
struct Frames {
    of: FxHashMap<NodeId, FrameId>,
    /// Each inlined frame's method and the frame it was inlined into.
    frames: FxHashMap<FrameId, (MethodRef, Option<FrameId>)>,
}

impl Frames {
    /// Attributes the nodes of `order` (every node drawn) to frames.
    fn of(graph: &Graph, order: &[NodeId]) -> Frames {
        let mut frames = FxHashMap::default();
        frames.insert(graph.frame, (graph.method, None));
        let mut of = FxHashMap::default();
        for &node in order {
            if let Op::FrameState(info) = graph.op(node) {
                of.insert(node, info.frame);
                let outer = info
                    .outer
                    .then(|| graph.input(node, 0))
                    .and_then(|outer| match graph.op(outer) {
                        Op::FrameState(outer) => Some(outer.frame),
                        _ => None,
                    });
                frames.entry(info.frame).or_insert((info.method, outer));
            }
        }
        let frame_of_state = |of: &FxHashMap<NodeId, FrameId>, node: NodeId| {
            graph.state(node).and_then(|state| of.get(&state).copied())
        };
        // Control nodes in order, predecessors first (but for back
        // edges): one without a state goes with its predecessor, a merge
        // with the innermost frame around all its predecessors, and the
        // ends (inlined returns are merges by now) with the root.
        for node in control_order(graph) {
            let preds: Vec<FrameId> = graph
                .control(node)
                .iter()
                .filter_map(|pred| of.get(pred).copied())
                .collect();
            let frame = match graph.op(node) {
                Op::Start | Op::Finish | Op::Return | Op::NonLocalExit(..) => graph.frame,
                _ => frame_of_state(&of, node)
                    .or_else(|| {
                        preds
                            .iter()
                            .copied()
                            .reduce(|a, b| common_frame(&frames, a, b))
                    })
                    .unwrap_or(graph.frame),
            };
            of.insert(node, frame);
        }
        // Values, users before what they use: a value goes with its first
        // user that has a frame.
        for &node in order.iter().rev() {
            if of.contains_key(&node) {
                continue;
            }
            let frame = frame_of_state(&of, node)
                .or_else(|| {
                    graph
                        .users(node)
                        .iter()
                        .find_map(|user| of.get(user).copied())
                })
                .unwrap_or(graph.frame);
            of.insert(node, frame);
        }
        Frames { of, frames }
    }

    /// Writes `nodes` with `write`, each inside the clusters of its frame
    /// and the frames around it (the compiled method's own nodes outside
    /// any).
    fn write_clusters(
        &self,
        out: &mut String,
        graph: &Graph,
        rt: &dyn Runtime,
        nodes: &[NodeId],
        write: &mut dyn FnMut(&mut String, NodeId),
    ) {
        let mut members: FxHashMap<FrameId, Vec<NodeId>> = FxHashMap::default();
        for &node in nodes {
            let frame = self.of.get(&node).copied().unwrap_or(graph.frame);
            members.entry(frame).or_default().push(node);
        }
        let mut children: FxHashMap<FrameId, Vec<FrameId>> = FxHashMap::default();
        for (&frame, &(_, outer)) in &self.frames {
            if let Some(outer) = outer {
                children.entry(outer).or_default().push(frame);
            }
        }
        for list in children.values_mut() {
            list.sort_by_key(|frame| frame.0);
        }
        self.write_frame(out, rt, graph.frame, &members, &children, write, 1);
    }

    #[allow(clippy::too_many_arguments)]
    fn write_frame(
        &self,
        out: &mut String,
        rt: &dyn Runtime,
        frame: FrameId,
        members: &FxHashMap<FrameId, Vec<NodeId>>,
        children: &FxHashMap<FrameId, Vec<FrameId>>,
        write: &mut dyn FnMut(&mut String, NodeId),
        depth: usize,
    ) {
        let indent = "  ".repeat(depth);
        for &node in members.get(&frame).into_iter().flatten() {
            out.push_str(&indent);
            write(out, node);
        }
        for &child in children.get(&frame).into_iter().flatten() {
            let (method, _) = self.frames[&child];
            let _ = writeln!(out, "{indent}subgraph cluster_f{} {{", child.0);
            let _ = writeln!(
                out,
                "{indent}  label=\"{} (frame {})\"; style=rounded; color=gray;",
                escape(&rt.method_name(method)),
                child.0
            );
            self.write_frame(out, rt, child, members, children, write, depth + 1);
            let _ = writeln!(out, "{indent}}}");
        }
    }
}

/// Graphviz's effort, bounded for a drawing of more than 100 nodes: one
/// pass of network simplex and a short crossing minimisation. Unbounded,
/// a loop of 570 nodes full of phis took it over a minute, and 3.6 s so.
fn layout_limits(nodes: usize) -> &'static str {
    if nodes > 100 {
        "  graph [nslimit=1, nslimit1=1, mclimit=0.05];\n"
    } else {
        ""
    }
}

/// The innermost frame both `a` and `b` are in (inlined into, or are).
fn common_frame(
    frames: &FxHashMap<FrameId, (MethodRef, Option<FrameId>)>,
    a: FrameId,
    b: FrameId,
) -> FrameId {
    let around = |mut frame: FrameId| {
        let mut chain = vec![frame];
        while let Some(&(_, Some(outer))) = frames.get(&frame) {
            chain.push(outer);
            frame = outer;
        }
        chain
    };
    let outer_of_b = around(b);
    around(a)
        .into_iter()
        .find(|frame| outer_of_b.contains(frame))
        .unwrap_or(b)
}

/// A node's label without its control and state (they are drawn).
fn describe_short(graph: &Graph, node: NodeId, numbering: &Numbering, rt: &dyn Runtime) -> String {
    let full = describe(graph, node, numbering, rt);
    let cut = [" state=", " ctrl="]
        .iter()
        .filter_map(|marker| full.find(marker))
        .min()
        .unwrap_or(full.len());
    let mut label = full[..cut].to_string();
    if graph.is_uncommon(node) {
        label.push_str(" (uncommon)");
    }
    label
}

fn input_label(graph: &Graph, node: NodeId, index: usize) -> String {
    match graph.op(node) {
        Op::Send(_) | Op::Insn { .. } if index == 0 => "receiver".into(),
        Op::Send(_) => format!("arg {}", index - 1),
        Op::Yield { .. } if index == 0 => "block".into(),
        Op::Yield { .. } => format!("arg {}", index - 1),
        Op::FrameState(info) => {
            let receiver = info.receiver_index();
            let args = info.locals_index();
            let locals = args + info.locals.len();
            if info.outer && index == 0 {
                "outer".into()
            } else if index == receiver {
                "self".into()
            } else if Some(index) == info.env_index() {
                "env".into()
            } else if index < args {
                format!("arg {}", index - receiver - 1)
            } else if index < locals {
                format!("local {}", info.locals[index - args])
            } else {
                format!("stack {}", index - locals)
            }
        }
        _ => index.to_string(),
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_runtime::TestRuntime;

    const INLINED: &str = "
v0 = start
v1 = arg 0
v2 = self
v3 = state f@0 self=v2 args=[v1] locals=[] stack=[]
v4 = state g@2 self=v2 args=[v1] locals=[] stack=[] outer=v3
v5 = send foo(0) v1 state=v4 ctrl=v0
v6 = return v5 ctrl=v5
v7 = finish ctrl=[v6]
";

    #[test]
    fn an_inlined_frames_nodes_are_drawn_in_its_cluster() {
        let rt = TestRuntime::new();
        let graph = rt.graph(INLINED);
        let dot = dot(&graph, "f final", &rt).expect("a small graph is drawn whole");
        let cluster = dot
            .split("subgraph cluster_f2 {")
            .nth(1)
            .expect("a cluster for the inlined frame");
        assert!(cluster.contains("label=\"g (frame 2)\""), "{dot}");
        // The send (whose state is g's) and its state are in g's cluster;
        // the root's own state and the return are not.
        assert!(cluster.contains("send foo(0)"), "{dot}");
        assert!(cluster.contains("state g@2"), "{dot}");
        assert!(!cluster.contains("state f@0"), "{dot}");
        assert!(!cluster.contains("return"), "{dot}");
        assert!(dot.contains("headlabel=\"state\""), "{dot}");
        // A state's values are in its label, not drawn as edges.
        assert!(!dot.contains("v3 -> v4"), "{dot}");
        assert!(dot.contains("v1 -> v5"), "{dot}");
    }

    #[test]
    fn the_control_view_draws_control_nodes_and_edges_only() {
        let rt = TestRuntime::new();
        let graph = rt.graph(INLINED);
        let view = control_dot(&graph, "f final", &rt);
        assert!(view.contains("send foo(0)"), "{view}");
        assert!(view.contains("return"), "{view}");
        assert!(view.contains("subgraph cluster_f2 {"), "{view}");
        assert!(!view.contains("state f@0"), "{view}");
        assert!(!view.contains("arg 0"), "{view}");
        assert!(!view.contains("color=blue"), "{view}");
    }

    #[test]
    fn a_graph_too_large_to_lay_out_is_drawn_as_its_control_only() {
        let rt = TestRuntime::new();
        let mut text = String::from("v0 = start\n");
        let count = FULL_VIEW_MAX_NODES + 1;
        for n in 1..=count {
            text.push_str(&format!("v{n} = const {n}\n"));
        }
        let inputs: Vec<String> = (1..=count).map(|n| format!("v{n}")).collect();
        text.push_str(&format!(
            "v{} = insn array {count} {} ctrl=v0\n",
            count + 1,
            inputs.join(", ")
        ));
        text.push_str(&format!(
            "v{} = return v{} ctrl=v{}\nv{} = finish ctrl=[v{}]\n",
            count + 2,
            count + 1,
            count + 1,
            count + 3,
            count + 2
        ));
        let graph = rt.graph(&text);
        assert!(dot(&graph, "big", &rt).is_none());
        assert!(control_dot(&graph, "big", &rt).contains("insn array"));
    }
}
