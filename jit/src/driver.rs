//! The driver: one compilation, from a request to machine code, with the
//! dumps that show every stage.
//!
//! ```text
//! request --graph (build, passes; see the crate doc)--> graph
//!         --backend::generate (schedule, lower, allocate, emit)--> code
//! ```
//!
//! The back end may refuse what inlining made (an inlined frame that makes
//! a Proc of its block, say): the driver then compiles the method once
//! more without inlining, its calls left as calls. Every refusal and
//! bail-out is counted in [`Stats::bailouts`].
//!
//! The runtime asks with [`compile`] and gets an [`Output`]: the code (or
//! none), and what [`Options`] asked to see of the way there: the graph
//! after every pass that changed it (`--dump-ir`, the IR snapshot tests),
//! the LIR as lowered (the back end's snapshot tests), the disassembly
//! annotated with IR nodes (`--dump-asm`). Writing them anywhere is the
//! runtime's business.

use crate::backend::{self, CodeArena, CompiledCode, EmitOptions, GenerateError};
use crate::ir::{dot, print, Graph};
use crate::runtime::Runtime;
use crate::{graph, Request, Stats};

/// What a compilation should produce besides the code.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The runtime's handle for the code (deoptimisation stubs pass it).
    pub code_handle: u64,
    /// Keep the graph after each pass that changed it.
    pub dump_graphs: bool,
    /// Keep the LIR of the graph the back end was given last.
    pub dump_lir: bool,
    /// Disassemble the code, annotated with the IR nodes.
    pub dump_asm: bool,
    /// Keep the inliner's call tree (`--trace-inlining`).
    pub trace_inlining: bool,
}

/// The graph after one pass, printed.
#[derive(Clone, Debug)]
pub struct GraphDump {
    /// The pass (`build`, `inlining`, `gvn`...).
    pub pass: &'static str,
    /// `method pass`, the title of the drawing.
    pub title: String,
    /// The text form (`ir::print`).
    pub text: String,
    /// The Graphviz form (`ir::dot::dot`), for graphs small enough to lay
    /// out whole.
    pub dot: Option<String>,
    /// Its control flow only (`ir::dot::control_dot`), for graphs too
    /// large to draw whole.
    pub control_dot: String,
}

/// What a compilation gives the runtime.
pub struct Output {
    /// None when the method was not compiled (the reason is counted in
    /// the stats).
    pub code: Option<CompiledCode>,
    /// The graphs after each pass, in order, of every attempt.
    pub graphs: Vec<GraphDump>,
    /// The LIR as lowered, or why the back end refused the graph.
    pub lir: Option<String>,
    /// The annotated disassembly of the code.
    pub listing: Option<String>,
    /// The inliner's call trees, one per attempt that inlined
    /// (`--trace-inlining`'s lines).
    pub inlining_trace: String,
}

/// Compiles what `request` asks for (see the module doc).
pub fn compile(
    rt: &dyn Runtime,
    request: Request,
    options: &Options,
    arena: &CodeArena,
    stats: &mut Stats,
) -> Output {
    let mut output = Output {
        code: None,
        graphs: Vec::new(),
        lir: None,
        listing: None,
        inlining_trace: String::new(),
    };
    let emit = EmitOptions {
        code_handle: options.code_handle,
        deoptimise: rt.helpers().deoptimise as usize as u64,
        stress_countdown: rt.stress_countdown(),
        invalidated_flag: rt.invalidated_flag(),
    };
    for inline in [true, false] {
        let request = Request { inline, ..request };
        let mut observe = |pass: &'static str, graph: &Graph| {
            if options.dump_graphs {
                let title = format!("{} {pass}", rt.method_name(graph.method));
                output.graphs.push(GraphDump {
                    pass,
                    text: print::print(graph, rt),
                    dot: dot::dot(graph, &title, rt),
                    control_dot: dot::control_dot(graph, &title, rt),
                    title,
                });
            }
        };
        let trace = (options.trace_inlining && inline).then_some(&mut output.inlining_trace);
        let Ok(graph) = graph(rt, request, stats, &mut observe, trace) else {
            break;
        };
        let mut lir = None;
        let generated = backend::generate(&graph, rt, &emit, arena, &mut |lowered| {
            if options.dump_lir {
                lir = Some(lowered.to_string());
            }
        });
        output.lir = lir;
        match generated {
            Ok(code) => {
                if options.dump_asm {
                    output.listing = Some(listing(&graph, &code, rt));
                }
                output.code = Some(code);
                break;
            }
            Err(GenerateError::Unsupported(why)) => {
                *stats.bailouts.entry(why.0).or_default() += 1;
                if options.dump_lir {
                    output.lir = Some(format!("not generated: {}", why.0));
                }
                // Nothing inlined: nothing to leave out.
                if !graph.has_inlined_frames() {
                    break;
                }
            }
            Err(GenerateError::Memory(_)) => {
                *stats.bailouts.entry("no code memory").or_default() += 1;
                break;
            }
        }
    }
    output
}

/// The disassembly of `code`, each instruction run under the IR node it
/// was generated for.
fn listing(graph: &Graph, code: &CompiledCode, rt: &dyn Runtime) -> String {
    let numbering = print::Numbering::of(graph);
    let describe = |node| {
        format!(
            "{} = {}",
            numbering.name(node),
            print::describe(graph, node, &numbering, rt)
        )
    };
    backend::disasm::listing(code, &describe)
}
