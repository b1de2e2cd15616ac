//! What compiled code did at run time, counted for `--stats`: bytes of
//! code, deoptimisations, recompilations, frames materialised or rebuilt,
//! and the calls compiled code made through the runtime (instructions left
//! to `run_insn`, methods it interpreted, core methods and the ones that
//! took a frame), by instruction or callee; and the report `--stats`
//! prints (`Vm::stats_report`).

use super::helpers;
use crate::object::{MethodBody, MethodEntry};
use std::rc::Rc;

/// Counters the runtime keeps about compiled code (`--stats`).
#[derive(Clone, Default)]
pub struct RunStats {
    /// Methods compiled (all of them, freed or not).
    pub compiled_methods: u64,
    /// Bytes of code compiled (all of it, freed or not).
    pub code_bytes: u64,
    /// Compiled code retired because it was cold when the code limit was
    /// near.
    pub evictions: u64,
    /// Compiled code freed (retired, and run by no activation).
    pub code_freed: u64,
    /// Time spent compiling (building graphs, their passes, the back
    /// end), in microseconds.
    pub compile_micros: u64,
    pub deopts: u64,
    /// Transfers (exceptions, non-local exits) handed to the interpreter's
    /// handlers by a method with `rescue`/`ensure`.
    pub transfers: u64,
    /// Exceptions compiled code took at a `rescue`'s landing pad.
    pub caught: u64,
    /// Failed guards, by site (`method@ip reason`).
    pub guard_failures: fxhash::FxHashMap<String, u64>,
    pub recompilations: u64,
    pub invalidations: u64,
    pub osr_entries: u64,
    /// Frames of native calls given their interpreter frame.
    pub materialised_frames: u64,
    /// Inlined frames rebuilt as frame records for a call the runtime
    /// made from inlined code.
    pub rebuilt_frames: u64,
    /// Calls from frames without records (inlined ones, or a native
    /// call's) run above virtual frames instead of rebuilt ones.
    pub calls_above_virtual_frames: u64,
    /// Instructions compiled code left to the runtime (`run_insn`), by
    /// mnemonic (`send_direct`: a send bound to its method by a guard,
    /// whose callee the runtime called rather than compiled code natively).
    pub run_insns: fxhash::FxHashMap<&'static str, u64>,
    /// The `send_direct`s by callee (the entry, held so that its address
    /// names it for the whole run).
    pub direct_callees: CalleeCounts,
    /// Direct calls of Ruby methods that had no compiled code then (not
    /// called often enough yet, or between two compilations): the runtime
    /// interprets them.
    pub interpreted_callees: CalleeCounts,
    /// Direct calls of core methods (`call_core`), by method.
    pub core_calls: CalleeCounts,
    /// Those of them that took a frame: the
    /// method was not pure on its operands, or a block needed one.
    pub core_calls_with_frames: CalleeCounts,
    /// The plain `send`s (not bound to a method) by the name sent.
    pub sent_names: fxhash::FxHashMap<bytecode::Sym, u64>,
    /// Deoptimisations whose rebuilt frame the interpreter reached again
    /// (`--jit-verify-deopt`), and those it could not check.
    pub verified_deopts: u64,
    pub unverifiable_deopts: u64,
}

/// Calls counted by callee: the entry, held so that its address names it
/// for the whole run.
pub type CalleeCounts = fxhash::FxHashMap<*const MethodEntry, (Rc<MethodEntry>, u64)>;

impl RunStats {
    /// Counts a call of `entry` in `counts`.
    fn count_callee(counts: &mut CalleeCounts, entry: &Rc<MethodEntry>) {
        let callee = counts
            .entry(Rc::as_ptr(entry))
            .or_insert_with(|| (entry.clone(), 0));
        callee.1 += 1;
    }

    /// Counts a direct call of a core method.
    pub(super) fn count_core_call(&mut self, entry: &Rc<MethodEntry>) {
        Self::count_callee(&mut self.core_calls, entry);
    }

    /// Counts a direct call of a core method that took a frame.
    pub(super) fn count_core_call_with_frame(&mut self, entry: &Rc<MethodEntry>) {
        Self::count_callee(&mut self.core_calls_with_frames, entry);
    }

    /// Counts an instruction compiled code left to the runtime, or a direct
    /// call of a method without compiled code (which the runtime runs).
    pub(super) fn count_run_insn(&mut self, step: &helpers::Step, ip: usize) {
        let mnemonic = match step {
            helpers::Step::Call(entry, _)
                if matches!(&entry.body,
                    MethodBody::Bytecode(callee) if callee.call_target.code.get() == 0) =>
            {
                Self::count_callee(&mut self.interpreted_callees, entry);
                return;
            }
            helpers::Step::Insn(method) => {
                let insn = method.code.insns[ip];
                if let bytecode::Insn::Send(site) = insn {
                    let name = method.code.sites[site as usize].name;
                    *self.sent_names.entry(name).or_default() += 1;
                }
                insn.mnemonic()
            }
            helpers::Step::Call(entry, _) => {
                Self::count_callee(&mut self.direct_callees, entry);
                "send_direct"
            }
        };
        *self.run_insns.entry(mnemonic).or_default() += 1;
    }
}

impl crate::vm::Vm {
    /// The `--stats` report.
    pub fn stats_report(&self) -> String {
        let mut out = String::new();
        let mut line = |key: &str, value: u64| out.push_str(&format!("{key} {value}\n"));
        // Counters by name, sorted, one line each under `prefix`.
        fn named<K: AsRef<str> + Ord>(
            line: &mut dyn FnMut(&str, u64),
            prefix: &str,
            counts: &fxhash::FxHashMap<K, u64>,
        ) {
            let mut counts: Vec<_> = counts.iter().collect();
            counts.sort();
            for (name, count) in counts {
                line(
                    &format!("{prefix}.{}", name.as_ref().replace(' ', "_")),
                    *count,
                );
            }
        }
        if let Some(jit) = self.jit_state() {
            let stats = &jit.stats;
            line("jit.compiled_methods", jit.run_stats.compiled_methods);
            line("jit.graphs", stats.compiled);
            named(&mut line, "jit.bailout", &stats.bailouts);
            named(&mut line, "jit.inlining", &stats.inlining);
            line("jit.graph_nodes", stats.nodes);
            line("jit.guards", stats.guards);
            line("jit.deopt_maps", stats.deopt_maps);
            let run = &jit.run_stats;
            line("jit.code_bytes", run.code_bytes);
            line("jit.code_in_use", jit.arena.in_use() as u64);
            line("jit.code_mapped", jit.arena.mapped() as u64);
            line("jit.evictions", run.evictions);
            line("jit.code_freed", run.code_freed);
            line("jit.compile_ms", run.compile_micros / 1000);
            line("jit.deopts", run.deopts);
            line("jit.transfers", run.transfers);
            line("jit.caught", run.caught);
            named(&mut line, "jit.guard_failed", &run.guard_failures);
            line("jit.recompilations", run.recompilations);
            line("jit.invalidations", run.invalidations);
            line("jit.osr_entries", run.osr_entries);
            line("jit.materialised_frames", run.materialised_frames);
            line("jit.rebuilt_frames", run.rebuilt_frames);
            line(
                "jit.calls_above_virtual_frames",
                run.calls_above_virtual_frames,
            );
            named(&mut line, "jit.run_insn", &run.run_insns);
            let by_name = |counts: &CalleeCounts| -> fxhash::FxHashMap<String, u64> {
                counts
                    .values()
                    .fold(Default::default(), |mut callees, (entry, count)| {
                        let name = match &entry.body {
                            MethodBody::Bytecode(method) => method.code.name,
                            MethodBody::Native(core) => core.name,
                            _ => return callees,
                        };
                        let label = format!(
                            "{}#{}",
                            self.class_name(entry.owner),
                            self.symbols.name(name)
                        );
                        *callees.entry(label).or_default() += count;
                        callees
                    })
            };
            named(
                &mut line,
                "jit.run_insn.send_direct",
                &by_name(&run.direct_callees),
            );
            let sent: fxhash::FxHashMap<String, u64> = run
                .sent_names
                .iter()
                .map(|(&name, &count)| (self.symbols.name(name).to_string(), count))
                .collect();
            named(&mut line, "jit.run_insn.send", &sent);
            let interpreted = by_name(&run.interpreted_callees);
            line("jit.interpreted_callees", interpreted.values().sum::<u64>());
            named(&mut line, "jit.interpreted_callees", &interpreted);
            let core = by_name(&run.core_calls);
            line("jit.core_calls", core.values().sum::<u64>());
            named(&mut line, "jit.core_calls", &core);
            let with_frames = by_name(&run.core_calls_with_frames);
            line(
                "jit.core_calls_with_frames",
                with_frames.values().sum::<u64>(),
            );
            named(&mut line, "jit.core_calls_with_frames", &with_frames);
            if jit.options.verify_deopt {
                line("jit.deopt_checks.same", run.verified_deopts);
                line("jit.deopt_checks.unverifiable", run.unverifiable_deopts);
            }
        }
        line("splitting.marked", self.splitting.marked);
        line("splitting.splits", self.splitting.splits);
        line("gc.runs", self.heap.stats.collections);
        line("gc.heap_pages", self.heap.stats.pages as u64);
        line("gc.live_cells", self.heap.stats.live_cells as u64);
        out
    }
}
