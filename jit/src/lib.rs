//! rhizome's JIT, part one: from a profiled method to an optimised graph.
//!
//! ```text
//! bytecode + profile --build--> graph
//!   --inline_caching--> sends guarded by the kinds the profile saw, bound
//!   --keyword_arguments> literal keywords put in the bound callee's slots
//!   --intrinsics------> core operations as IR (fixnum_add, shape checks...)
//!   --inlining--------> Ruby callees and literal blocks spliced in, chosen
//!                       over a call tree within budgets (seed 002)
//!   --deoptimise------> uncommon paths pruned into guards
//!   --optimise to a fixed point: canonicalise, constant_fold, tag_untag,
//!     refloat, redundant_loads, gvn, redundant_guards, overflow_checks,
//!     no_choice_phis, dead_code
//! ```
//!
//! Each stage is one module under `passes/`, documented with a small
//! example like a chapter of RhizomeRuby. [`graph`] runs them all, and
//! hands the graph after every pass to an observer (`--dump-ir` writes it
//! out; tests compare it with snapshots). The verifier checks the graph
//! after every pass in debug builds. Part two, the back end
//! ([`backend`]), turns the graph into machine code; [`compile`]
//! ([`driver`]) is the one entry point that runs both.
//!
//! The JIT sees the runtime only through [`runtime::Runtime`]: method code
//! and profiles by handle, lookups by kind and name, and names for dumps.

pub mod backend;
pub mod builder;
pub mod call_tree;
pub mod driver;
pub mod inline_policy;
pub mod ir;
pub mod liveness;
pub mod passes;
pub mod runtime;
#[cfg(test)]
pub(crate) mod test_runtime;

use crate::builder::{BuildError, FrameContext};
use crate::inline_policy::Budgets;
use crate::ir::{FrameId, Graph, MethodRef};
use crate::runtime::Runtime;
use fxhash::FxHashMap;

pub use driver::compile;

/// Why a method was not compiled.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bailout {
    /// The method has no code.
    Empty,
    /// Every path leaves compiled code straight away: nothing to run.
    AlwaysDeopts,
    /// The method's graph is over [`MAX_BUILT_NODES`] before any inlining
    /// (a long straight-line script: compiling it would cost more than it
    /// could give back).
    TooLarge,
    /// On-stack replacement at an index that starts no block.
    NotALoopHeader,
}

/// The largest graph a method may build into.
pub const MAX_BUILT_NODES: usize = 20_000;

impl Bailout {
    pub fn name(self) -> &'static str {
        match self {
            Bailout::Empty => "empty method",
            Bailout::AlwaysDeopts => "always deoptimises",
            Bailout::TooLarge => "too large",
            Bailout::NotALoopHeader => "not a loop header",
        }
    }
}

impl From<BuildError> for Bailout {
    fn from(error: BuildError) -> Bailout {
        match error {
            BuildError::Empty => Bailout::Empty,
            BuildError::NotALoopHeader => Bailout::NotALoopHeader,
        }
    }
}

/// Counters over all compilations (printed by `--stats`).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub compiled: u64,
    pub bailouts: FxHashMap<&'static str, u64>,
    pub inlining: FxHashMap<&'static str, u64>,
    /// Live nodes of the final graphs, summed.
    pub nodes: u64,
    /// Nodes of the final graphs that may deoptimise (guards, checked
    /// arithmetic, guarded stores, deopts), and their deoptimisation maps
    /// once equal ones are merged.
    pub guards: u64,
    pub deopt_maps: u64,
}

/// What a compilation needs throughout: the runtime, a source of frame ids
/// and the counters.
pub struct Session<'a> {
    pub rt: &'a dyn Runtime,
    pub stats: &'a mut Stats,
    next_frame: u32,
    /// `--trace-inlining`'s text, when asked for.
    inlining_trace: Option<String>,
}

impl Session<'_> {
    pub fn new_frame(&mut self) -> FrameId {
        self.next_frame += 1;
        FrameId(self.next_frame)
    }

    /// A callee's graph, speculated on and without the paths its profile
    /// never saw, ready to splice in.
    pub fn callee_graph(&mut self, method: MethodRef, context: FrameContext) -> Option<Graph> {
        let mut graph = builder::build(self.rt, method, context).ok()?;
        check(&graph, "build (callee)");
        let changed = passes::inline_caching::run(&mut graph, self.rt);
        check_after(&graph, "inline_caching (callee)", changed);
        let changed = passes::keyword_arguments::run(&mut graph, self.rt);
        check_after(&graph, "keyword_arguments (callee)", changed);
        let changed = passes::intrinsics::run(&mut graph, self.rt);
        check_after(&graph, "intrinsics (callee)", changed);
        // Paths the profile never saw go before the graph is spliced in:
        // their calls and `yield`s are not inlined for nothing.
        let changed = passes::deoptimise::run(&mut graph);
        check_after(&graph, "deoptimise (callee)", changed);
        let changed = passes::dead_code::run(&mut graph);
        check_after(&graph, "dead_code (callee)", changed);
        Some(graph)
    }
}

/// Cleans up a graph built for inlining as the pipeline would the whole
/// graph (paths the profile never saw deoptimise; the optimisations run),
/// so that its shape shows (see `passes::early_exit`).
pub(crate) fn simplify(graph: &mut Graph) {
    let changed = passes::deoptimise::run(graph);
    check_after(graph, "deoptimise (callee)", changed);
    optimise(graph, &mut |graph, name, changed| {
        check_after(graph, name, changed)
    });
}

/// Runs the [`OPTIMISATIONS`] in turn until a whole turn of them in a row
/// changes nothing (no pass runs twice on a graph it left unchanged),
/// showing `after` the graph, the pass and whether it changed the graph
/// after each. Each pass is bounded; the limit of 50 turns only guards
/// against two passes undoing each other forever (a bug the verifier
/// would not see).
fn optimise(graph: &mut Graph, after: &mut dyn FnMut(&mut Graph, &'static str, bool)) {
    let mut unchanged_in_a_row = 0;
    for (name, pass) in OPTIMISATIONS.iter().cycle().take(50 * OPTIMISATIONS.len()) {
        if unchanged_in_a_row == OPTIMISATIONS.len() {
            break;
        }
        let changed = pass(graph);
        after(graph, name, changed);
        unchanged_in_a_row = if changed { 0 } else { unchanged_in_a_row + 1 };
    }
}

/// [`check`] after a pass that says whether it changed the graph: one that
/// changed nothing left a graph that verified already. (The verifier after
/// every pass of every callee graph the inliner explores made debug builds
/// spend most of their time verifying.)
fn check_after(graph: &Graph, pass: &str, changed: bool) {
    if changed {
        check(graph, pass);
    }
}

/// Runs the verifier in debug builds; a broken graph is a compiler bug.
fn check(graph: &Graph, pass: &str) {
    if cfg!(debug_assertions) {
        if let Err(error) = ir::verify::verify(graph) {
            panic!("invalid graph after {pass}: {error}");
        }
    }
}

/// An optimisation pass: its name (as `--dump-ir` files show it) and
/// the function that runs it, which says whether it changed the graph.
pub type Optimisation = (&'static str, fn(&mut Graph) -> bool);

/// The optimisation passes, in order; they repeat until none changes
/// anything.
pub const OPTIMISATIONS: [Optimisation; 10] = [
    ("canonicalise", passes::canonicalise::run),
    ("constant_fold", passes::constant_fold::run),
    ("tag_untag", passes::tag_untag::run),
    ("refloat", passes::refloat::run),
    ("redundant_loads", passes::redundant_loads::run),
    ("gvn", passes::gvn::run),
    ("redundant_guards", passes::redundant_guards::run),
    ("overflow_checks", passes::overflow_checks::run),
    ("no_choice_phis", passes::no_choice_phis::run),
    ("dead_code", passes::dead_code::run),
];

/// What to compile: a method from its start, or for on-stack replacement
/// from the loop header `ip` (with `depth` operands on the stack there);
/// whether to inline (the runtime compiles again without inlining when
/// the back end cannot compile what inlining made), and within which
/// budgets.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    pub method: MethodRef,
    pub osr: Option<(u32, u32)>,
    pub inline: bool,
    pub budgets: Budgets,
}

impl Request {
    pub fn method(method: MethodRef) -> Request {
        Request {
            method,
            osr: None,
            inline: true,
            budgets: Budgets::default(),
        }
    }
}

/// Builds the graph of what `request` asks for and runs every pass,
/// showing `observe` the graph after `build` and after each pass that
/// changed it; with `inlining_trace`, appends the inliner's call tree to
/// it (`--trace-inlining`). (The middle end: [`driver::compile`] goes on
/// to machine code.)
pub fn graph(
    rt: &dyn Runtime,
    request: Request,
    stats: &mut Stats,
    observe: &mut dyn FnMut(&'static str, &Graph),
    inlining_trace: Option<&mut String>,
) -> Result<Graph, Bailout> {
    let mut session = Session {
        rt,
        stats,
        next_frame: 0,
        inlining_trace: inlining_trace.is_some().then(String::new),
    };
    let result = pipeline(&mut session, request, observe);
    if let (Some(out), Some(trace)) = (inlining_trace, session.inlining_trace.take()) {
        out.push_str(&trace);
    }
    match result {
        Ok(graph) => {
            session.stats.compiled += 1;
            session.stats.nodes += graph.live_count() as u64;
            let (maps, sites) = passes::deopt_maps::collect(&graph);
            session.stats.guards += sites.len() as u64;
            session.stats.deopt_maps += maps.len() as u64;
            Ok(graph)
        }
        Err(bailout) => {
            *session.stats.bailouts.entry(bailout.name()).or_default() += 1;
            Err(bailout)
        }
    }
}

fn pipeline(
    session: &mut Session,
    request: Request,
    observe: &mut dyn FnMut(&'static str, &Graph),
) -> Result<Graph, Bailout> {
    let frame = session.new_frame();
    let context = FrameContext::root(frame);
    let method = request.method;
    let mut graph = match request.osr {
        Some((ip, depth)) => builder::build_osr(session.rt, method, context, ip, depth)?,
        None => builder::build(session.rt, method, context)?,
    };
    if graph.live_count() > MAX_BUILT_NODES {
        return Err(Bailout::TooLarge);
    }
    check(&graph, "build");
    observe("build", &graph);
    let mut step = |graph: &mut Graph, name: &'static str, changed: bool| {
        if changed {
            observe(name, graph);
        }
        check_after(graph, name, changed);
    };
    let changed = passes::inline_caching::run(&mut graph, session.rt);
    step(&mut graph, "inline_caching", changed);
    let changed = passes::keyword_arguments::run(&mut graph, session.rt);
    step(&mut graph, "keyword_arguments", changed);
    let changed = passes::intrinsics::run(&mut graph, session.rt);
    step(&mut graph, "intrinsics", changed);
    if request.inline {
        let mut trace = session.inlining_trace.take();
        let changed = passes::inlining::run(&mut graph, session, request.budgets, trace.as_mut());
        session.inlining_trace = trace;
        step(&mut graph, "inlining", changed);
        if changed {
            // A callee's sends to values of the caller (`self.begin` of a
            // Range literal the caller made) fold only once spliced in.
            let changed = passes::intrinsics::run(&mut graph, session.rt);
            step(&mut graph, "intrinsics", changed);
        }
    }
    let changed = passes::deoptimise::run(&mut graph);
    step(&mut graph, "deoptimise", changed);
    optimise(&mut graph, &mut step);
    let only_deopts = graph
        .control(graph.finish)
        .iter()
        .all(|&end| matches!(graph.op(end), ir::Op::Deopt(_)))
        && graph
            .successors(graph.start)
            .iter()
            .all(|&s| matches!(graph.op(s), ir::Op::Deopt(_)));
    if only_deopts {
        return Err(Bailout::AlwaysDeopts);
    }
    Ok(graph)
}
