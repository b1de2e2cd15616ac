//! Graphviz output, drawn as RhizomeRuby draws its graphs: control edges
//! red, from a node down to its successor; value edges blue, from a user up
//! to the value it uses (frame-state edges dashed). Edges are labelled
//! where the order of inputs matters.
//!
//! ```sh
//! rhizome --dump-ir=ir examples/fib.rb && dot -Tsvg ir/fib.09-dead_code.dot > fib.svg
//! ```

use crate::ir::print::{describe, Numbering};
use crate::ir::*;
use crate::runtime::Runtime;
use std::fmt::Write;

/// The graph in Graphviz's dot language.
pub fn dot(graph: &Graph, title: &str, rt: &dyn Runtime) -> String {
    let numbering = Numbering::of(graph);
    let mut out = String::new();
    let _ = writeln!(out, "digraph \"{}\" {{", escape(title));
    let _ = writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    );
    for &node in &numbering.order {
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
            "  {} [label=\"{}: {}\"{style}];",
            numbering.name(node),
            numbering.name(node),
            escape(&label)
        );
    }
    for &node in &numbering.order {
        let n = graph.node(node);
        let name = numbering.name(node);
        // Edges to code no longer reachable (cut off, not yet removed) are
        // not drawn: their nodes are not either.
        let drawn = |other: NodeId| numbering.number(other).is_some();
        for &pred in n.control.iter().filter(|&&p| drawn(p)) {
            let label = match graph.op(node) {
                Op::Phi => ", style=dotted, label=\"merge\"",
                _ => "",
            };
            let _ = writeln!(
                out,
                "  {} -> {name} [color=red{label}];",
                numbering.name(pred)
            );
        }
        let labelled = n.inputs.len() > 1;
        for (index, &input) in n.inputs.iter().enumerate().filter(|(_, &i)| drawn(i)) {
            let label = if labelled {
                format!(", label=\"{}\"", input_label(graph, node, index))
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
                "  {} -> {name} [color=blue, dir=back, style=dashed, label=\"state\"];",
                numbering.name(state)
            );
        }
    }
    out.push_str("}\n");
    out
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
