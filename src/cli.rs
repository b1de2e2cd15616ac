//! The command line: `rhizome [OPTIONS] FILE [ARGS...]` or `-e CODE`.
//!
//! Ruby code runs on a thread of its own with a large stack (see
//! [`crate::stack`]); the main thread only parses options and waits for the
//! exit status.

use crate::output::write_stderr;
use crate::vm::{Control, Vm, VmOptions, VmResult};
use clap::Parser;
use std::rc::Rc;

/// rhizome runs Ruby programs with a profiling interpreter.
#[derive(Parser, Debug, Clone)]
#[command(name = "rhizome", version = concat!(env!("CARGO_PKG_VERSION"), " (Ruby 3.1 compatible)"))]
#[command(about = "A Ruby VM with a profiling interpreter and a speculating JIT")]
pub struct Options {
    /// Run CODE instead of a file (the script is named `-e`).
    #[arg(short = 'e', value_name = "CODE")]
    pub code: Option<String>,

    /// Print the bytecode of every method in the program, then exit.
    #[arg(long)]
    pub dump_bytecode: bool,

    /// After the run, print to stderr what the interpreter profiled: the
    /// kinds seen at every send, the counts of every branch.
    #[arg(long)]
    pub dump_profile: bool,

    /// Collect garbage at every allocation (slow; finds missing GC roots).
    #[arg(long)]
    pub gc_stress: bool,

    /// Compile a method once it has been called N times (0: before its
    /// first call); a method whose calls run a small part of its code
    /// waits for as many more calls as its code is larger than what a
    /// call runs.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_JIT_THRESHOLD)]
    pub jit_threshold: u64,

    /// Keep at most SIZE bytes of compiled code (a number, or with a K, M
    /// or G suffix): nearing it, code no activation runs is freed and
    /// cold code evicted (interpreted until it is hot again).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, default_value = "64M")]
    pub jit_code_limit: usize,

    /// Run everything in the interpreter; compile nothing (and record no
    /// profiles, make no splits: they serve the JIT, unless --dump-profile or
    /// --trace-splitting asks for them).
    #[arg(long)]
    pub no_jit: bool,

    /// End the program with `fatal` (which no rescue catches) after N steps:
    /// calls and loop iterations. For untrusted code; implies --no-jit
    /// (compiled loops do not count their iterations).
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,

    /// End the program with `fatal` once its heap (objects and the buffers
    /// they hold) outgrows MB megabytes, and refuse any single allocation
    /// larger (NoMemoryError).
    #[arg(long, value_name = "MB")]
    pub max_memory: Option<u64>,

    /// Write the graph of every compiled method after every pass to DIR
    /// (default `ir`): `<method>.<nn>-<pass>.txt`, `.cfg.dot` (control flow
    /// only) and, for graphs of up to 400 nodes, `.dot` (the whole graph).
    #[arg(long, value_name = "DIR", num_args = 0..=1, require_equals = true, default_missing_value = "ir")]
    pub dump_ir: Option<String>,

    /// After the run, print counters to stderr: methods compiled, bailouts
    /// by reason, inlining decisions, guards, deoptimisation maps, bytes of
    /// code, deoptimisations, failed guards by site, recompilations,
    /// invalidations, OSR entries, GC runs.
    #[arg(long)]
    pub stats: bool,

    /// Append the disassembly of every compiled method to FILE, each range
    /// headed by the IR node it came from.
    #[arg(long, value_name = "FILE")]
    pub dump_asm: Option<String>,

    /// Print a line to stderr per deoptimisation: the method, why, where
    /// the interpreter resumes, and the frame it resumes with.
    #[arg(long)]
    pub trace_deopt: bool,

    /// Make guards fail, and polls after calls and on loop back edges
    /// deoptimise, on a pseudo-random schedule drawn from SEED (default
    /// 1), so deoptimisation runs everywhere.
    #[arg(long, value_name = "SEED", num_args = 0..=1, require_equals = true, default_missing_value = "1")]
    pub jit_stress_deopt: Option<u64>,

    /// Check each deoptimisation's rebuilt frame against the interpreter:
    /// where the code up to the resume point only computes, run it again
    /// from the method's start and abort unless it reaches the same frame.
    /// Debug builds check whenever --jit-stress-deopt is given.
    #[arg(long)]
    pub jit_verify_deopt: bool,

    /// Do not split methods per call site (see --trace-splitting).
    #[arg(long)]
    pub no_splitting: bool,

    /// Print a line to stderr per method marked as needing splits (why,
    /// and the chain of callers walked) and per split made (the method,
    /// the call site, the split's name).
    #[arg(long)]
    pub trace_splitting: bool,

    /// Split no method of more than N bytecode instructions (its blocks
    /// included).
    #[arg(long, value_name = "N", default_value_t = crate::splitting::DEFAULT_MAX_SIZE)]
    pub splitting_max_size: usize,

    /// Split no method of more than N bytecode instructions (its blocks
    /// included) to narrow the kinds a call site passes; a site's own
    /// literal block may split methods up to --splitting-max-size.
    #[arg(long, value_name = "N", default_value_t = crate::splitting::DEFAULT_MAX_KINDS_SIZE)]
    pub splitting_max_kinds_size: usize,

    /// Make at most N splits of any one method.
    #[arg(long, value_name = "N", default_value_t = crate::splitting::DEFAULT_MAX_SPLITS)]
    pub splitting_max_splits: usize,

    /// Stop splitting once the splits' bytecode is PERCENT percent of the
    /// bytecode loaded.
    #[arg(long, value_name = "PERCENT", default_value_t = crate::splitting::DEFAULT_MAX_GROWTH_PERCENT)]
    pub splitting_max_growth: u64,

    /// Split a method only in its first N calls (while it warms up).
    #[arg(long, value_name = "N", default_value_t = crate::splitting::DEFAULT_MAX_CALLS)]
    pub splitting_max_calls: u64,

    /// Stop exploring inlining candidates (building and cleaning up their
    /// graphs) once the explored graphs hold N IR nodes.
    #[arg(long, value_name = "N", default_value_t = jit::inline_policy::DEFAULT_EXPANSION_BUDGET)]
    pub inlining_expansion_budget: usize,

    /// Inline nothing that would take a compiled graph past N IR nodes
    /// (literal blocks yielded to by inlined iterators excepted).
    #[arg(long, value_name = "N", default_value_t = jit::inline_policy::DEFAULT_INLINING_BUDGET)]
    pub inlining_budget: usize,

    /// Print each compilation's inlining call tree to stderr: every call
    /// looked at, its state (Inlined, Cutoff, Expanded, Removed, Indirect,
    /// BailedOut), cost in IR nodes and frequency.
    #[arg(long)]
    pub trace_inlining: bool,

    /// The script, then the arguments it gets in ARGV.
    #[arg(
        value_name = "FILE",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub args: Vec<String>,
}

/// A size in bytes: digits, then K, M or G for kibibytes, mebibytes or
/// gibibytes.
fn parse_size(text: &str) -> Result<usize, String> {
    let (digits, unit) = match text.char_indices().last() {
        Some((at, 'K' | 'k')) => (&text[..at], 1 << 10),
        Some((at, 'M' | 'm')) => (&text[..at], 1 << 20),
        Some((at, 'G' | 'g')) => (&text[..at], 1 << 30),
        _ => (text, 1),
    };
    digits
        .parse::<usize>()
        .ok()
        .and_then(|count| count.checked_mul(unit))
        .ok_or_else(|| format!("`{text}` is not a size (digits, then K, M or G)"))
}

/// Calls after which a method is compiled, unless `--jit-threshold` says.
pub const DEFAULT_JIT_THRESHOLD: u64 = 1000;

/// Runs the command line; returns the process exit status.
pub fn main() -> i32 {
    let options = Options::parse();
    let thread = std::thread::Builder::new()
        .name("ruby".into())
        .stack_size(crate::stack::VM_STACK_SIZE)
        .spawn(move || {
            crate::stack::set_limit_for_current_thread(crate::stack::VM_STACK_SIZE);
            run(&options)
        })
        .expect("cannot start the VM thread");
    // Signals go to the VM's thread, where they end a `sleep` early.
    crate::signals::block_on_this_thread();
    thread.join().unwrap_or(1)
}

fn run(options: &Options) -> i32 {
    let (file, source, argv): (String, Vec<u8>, Vec<String>) = match &options.code {
        Some(code) => ("-e".into(), code.clone().into_bytes(), options.args.clone()),
        None => {
            let Some(file) = options.args.first() else {
                eprintln!("rhizome: no program given (try `rhizome FILE` or `rhizome -e CODE`)");
                return 1;
            };
            match std::fs::read(file) {
                Ok(source) => (file.clone(), source, options.args[1..].to_vec()),
                Err(_) => {
                    eprintln!("rhizome: No such file or directory -- {file} (LoadError)");
                    return 1;
                }
            }
        }
    };
    let jit = !options.no_jit && options.max_steps.is_none();
    let no_profiling = !jit && !options.dump_profile && !options.trace_splitting;
    let mut vm = Vm::new(VmOptions {
        gc_stress: options.gc_stress,
        no_profiling,
        limits: crate::limits::Limits {
            steps: options.max_steps,
            memory: options.max_memory.map(|mb| mb.saturating_mul(1 << 20)),
        },
        splitting: crate::splitting::SplittingOptions {
            // Splits serve the JIT through the profiles.
            enabled: !options.no_splitting && !no_profiling,
            max_size: options.splitting_max_size,
            max_kinds_size: options.splitting_max_kinds_size,
            max_splits: options.splitting_max_splits,
            max_growth_percent: options.splitting_max_growth,
            max_calls: options.splitting_max_calls,
            trace: options.trace_splitting,
        },
    });
    if options.dump_bytecode {
        let compiled = bytecode::compile_file(&source, &file, &mut vm.symbols)
            .and_then(|code| vm.check_regexp_literals(&code).map(|()| code));
        return match compiled {
            Ok(code) => {
                print!("{}", code.disassemble_all(&vm.symbols));
                0
            }
            Err(error) => {
                eprintln!("{}", error.report);
                1
            }
        };
    }
    if jit {
        let jit_options = crate::compiled::JitOptions {
            threshold: options.jit_threshold,
            dump_dir: options.dump_ir.as_ref().map(std::path::PathBuf::from),
            dump_asm: options.dump_asm.as_ref().map(std::path::PathBuf::from),
            stress_seed: options.jit_stress_deopt,
            trace_deopt: options.trace_deopt,
            verify_deopt: options.jit_verify_deopt
                || (cfg!(debug_assertions) && options.jit_stress_deopt.is_some()),
            count_steps: options.stats,
            inlining_budgets: jit::inline_policy::Budgets {
                expansion: options.inlining_expansion_budget,
                inlining: options.inlining_budget,
            },
            trace_inlining: options.trace_inlining,
            code_limit: options.jit_code_limit,
        };
        let threshold = jit_options.threshold;
        let state = Box::new(crate::compiled::JitState::new(&mut vm, jit_options));
        vm.jit = Some(crate::vm::Jit { threshold, state });
    }
    vm.handle_process_signals();
    let status = vm.run_program(&file, source, &argv);
    vm.io.out().flush();
    crate::core::io::flush_files(&mut vm);
    if options.dump_profile {
        let profiles = crate::profile_dump::dump_profiles(&vm);
        write_stderr(vm.io.out(), &profiles);
    }
    if options.stats {
        let report = vm.stats_report();
        write_stderr(vm.io.out(), &report);
    }
    let ending_signal = vm.traps.ending_signal;
    // The process ends here: dropping every object would only cost time.
    std::mem::forget(vm);
    if let Some(signal) = ending_signal {
        crate::signals::die_by(signal);
    }
    status
}

impl Vm {
    /// Compiles and runs `source` as the program `file` with the arguments
    /// `argv`, then its `at_exit` handlers, and reports an uncaught
    /// exception (a SyntaxError before anything runs); returns the exit
    /// status. The output stays buffered in `io.out()`.
    pub fn run_program(&mut self, file: &str, source: Vec<u8>, argv: &[String]) -> i32 {
        let compiled = bytecode::compile_file(&source, file, &mut self.symbols)
            .and_then(|code| self.check_regexp_literals(&code).map(|()| code));
        let code = match compiled {
            Ok(code) => code,
            Err(error) => {
                self.io.out().flush();
                eprintln!("{}", error.report);
                return 1;
            }
        };
        self.sources.insert(code.file.clone(), Rc::from(source));
        self.set_program(file, argv);
        let main = self.load(Rc::new(code));
        let result = self.run_main(main);
        // The at_exit handlers run before an uncaught exception is
        // reported, with `$!` the exception (a SystemExit for `exit`).
        if let Err(Control::Raise(exception)) = &result {
            let current = self.symbols.intern("$!");
            self.globals.set(current, *exception);
        }
        let mut at_exit = crate::traps::ExitCodeOutcome::default();
        self.run_exit_trap(&mut at_exit);
        self.run_at_exit(&mut at_exit);
        let main_raised = result.is_err();
        let status = self.finish(result);
        at_exit.status(main_raised, status)
    }

    /// The exit status of a run that ended with `result`: 0, a SystemExit's
    /// status, or 1 after printing the report of an uncaught exception. A
    /// SignalException ends the program by its signal (reported only if it
    /// is an Interrupt, as MRI does): the status the shell would show,
    /// `128 + signal`, and the signal is noted in `traps.ending_signal`.
    pub fn finish(&mut self, result: VmResult) -> i32 {
        let Err(control) = result else {
            return 0;
        };
        let exception = self.uncaught(control);
        if let Some(status) = self.system_exit_status(exception) {
            return status;
        }
        if let Some(signal) = self.exit_signal(exception) {
            if self.is_kind_of(exception, self.c.interrupt) {
                let report = self.error_report(exception);
                write_stderr(self.io.out(), &report);
            }
            self.traps.ending_signal = Some(signal);
            return 128 + signal;
        }
        let report = self.error_report(exception);
        write_stderr(self.io.out(), &report);
        1
    }

    /// Sets `$0` (also named `$PROGRAM_NAME`) and `ARGV`.
    pub fn set_program(&mut self, file: &str, argv: &[String]) {
        self.script_name = file.to_string();
        let name = self.new_str(file);
        let program = self.symbols.intern("$0");
        self.globals.set(program, name);
        let alias = self.symbols.intern("$PROGRAM_NAME");
        self.globals.alias(alias, program);
        let args = self.new_array(Vec::new());
        self.temp_roots.borrow_mut().push(args);
        self.append_strings(args, argv.iter().map(|arg| arg.as_bytes()));
        self.temp_roots.borrow_mut().pop();
        let sym = self.symbols.intern("ARGV");
        let object = self.c.object;
        self.set_constant(object, sym, args);
    }
}
