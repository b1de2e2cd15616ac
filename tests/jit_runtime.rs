//! The JIT at run time, end to end through the binary: deoptimisation
//! resumes where the map says (`--trace-deopt`), guards that keep failing
//! lead to recompilation (`--stats`), and the dumps describe real code.

use std::process::Command;

/// Runs `rhizome FLAGS spec/jit/NAME.rb`; returns (stdout, stderr).
fn run(flags: &[&str], spec: &str) -> (String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_rhizome"))
        .args(flags)
        .arg(format!("spec/jit/{spec}.rb"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("rhizome runs");
    assert!(output.status.success(), "{spec} failed: {output:?}");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

fn stat(stderr: &str, key: &str) -> u64 {
    stderr
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key} ")))
        .unwrap_or_else(|| panic!("no {key} in {stderr}"))
        .parse()
        .unwrap()
}

/// A counter `--stats` prints only when it counted something: 0 if absent.
fn count(stderr: &str, key: &str) -> u64 {
    stderr
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key} ")))
        .map_or(0, |value| value.parse().unwrap())
}

/// The calls of core method `name` (`Owner#method`) compiled code made:
/// through its own helper, or left to the runtime (`Array.new` of other
/// arguments than a size).
fn core_calls(stderr: &str, name: &str) -> u64 {
    count(stderr, &format!("jit.core_calls.{name}"))
        + count(stderr, &format!("jit.run_insn.send_direct.{name}"))
}

#[test]
fn a_guard_after_side_effects_resumes_at_the_send_with_their_results() {
    let (stdout, stderr) = run(&["--trace-deopt"], "deopt_after_side_effects");
    assert!(
        stderr.contains(
            "deopt add_with_side_effects (kind fixnum)\n  \
             add_with_side_effects resume at 10: self=main args=[1.5, 2] locals={} stack=[1.5, 2]\n"
        ),
        "{stderr}"
    );
    // Each side_effect ran exactly once.
    assert!(stdout.starts_with("3.5\n[1.5, 2]\n"), "{stdout}");
}

#[test]
fn a_guard_with_no_side_effect_before_it_rolls_back_to_the_start() {
    let (_, stderr) = run(&["--trace-deopt"], "deopt_after_side_effects");
    assert!(
        stderr.contains(
            "deopt add (kind fixnum)\n  add resume at 0: self=main args=[1.5, 2] locals={} stack=[]\n"
        ),
        "{stderr}"
    );
}

#[test]
fn an_overflow_that_keeps_failing_recompiles_without_the_speculation() {
    let (stdout, stderr) = run(&["--stats"], "overflow_recompiles");
    assert!(stdout.ends_with("true\n"), "{stdout}");
    assert!(stat(&stderr, "jit.recompilations") >= 1, "{stderr}");
    // Not a deoptimisation per call: the recompiled code calls `+`.
    assert!(stat(&stderr, "jit.deopts") < 50, "{stderr}");
}

#[test]
fn instructions_left_to_the_runtime_are_counted_by_mnemonic() {
    let (stdout, stderr) = run(&["--stats"], "stats_run_insn");
    assert_eq!(stdout, "13495500\n2999\n");
    // `scaled` runs compiled for the 2,000 calls after the threshold.
    let fallbacks = stat(&stderr, "jit.run_insn.setcvar");
    assert!((2000..=3000).contains(&fallbacks), "{stderr}");
}

#[test]
fn redefining_an_inlined_method_invalidates_the_code() {
    let (_, stderr) = run(&["--stats"], "redefine_inlined_method");
    assert!(stat(&stderr, "jit.invalidations") >= 1, "{stderr}");
}

#[test]
fn stress_mode_deoptimises_and_still_prints_the_same() {
    let (plain, _) = run(&["--no-jit"], "deopt_after_side_effects");
    let (stressed, stderr) = run(
        &["--jit-threshold=1", "--jit-stress-deopt=3", "--stats"],
        "deopt_after_side_effects",
    );
    assert_eq!(plain, stressed);
    assert!(stat(&stderr, "jit.deopts") > 10, "{stderr}");
}

#[test]
fn dump_asm_annotates_code_with_its_ir_nodes() {
    let path = std::env::temp_dir().join(format!("rhizome-asm-{}.txt", std::process::id()));
    let path_text = path.to_str().unwrap();
    run(&["--dump-asm", path_text], "deopt_after_side_effects");
    let listing = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let add = listing
        .split("== ")
        .find(|section| section.starts_with("add ("))
        .expect("add was compiled");
    assert!(add.contains("= fixnum_add"), "{add}");
    assert!(add.contains("jo "), "{add}");
    assert!(add.contains("; deoptimisation stubs"), "{add}");
}

#[test]
fn a_long_top_level_loop_is_entered_in_compiled_code() {
    let (stdout, stderr) = run(&["--stats"], "osr_top_level_while");
    assert_eq!(
        stdout,
        std::fs::read_to_string("spec/jit/osr_top_level_while.out").unwrap()
    );
    assert!(stat(&stderr, "jit.osr_entries") >= 1, "{stderr}");
}

#[test]
fn a_range_literal_loop_is_inlined_with_its_block() {
    let (stdout, stderr) = run(&["--stats"], "range_literal_each");
    assert!(stdout.starts_with("5508000\n"), "{stdout}");
    // `(0...n).each do ... end` and the `(1..3).each` nested in its big
    // block: no send, `yield` or Range literal left to `run_insn`.
    for fallback in ["send", "yield", "range"] {
        let counted = count(&stderr, &format!("jit.run_insn.{fallback}"));
        assert!(counted < 100, "{fallback}: {stderr}");
    }
}

#[test]
fn not_equal_negates_an_intrinsic_equality() {
    let (_, stderr) = run(&["--stats"], "not_equal");
    // Only `Money#==`, written in Ruby, leaves its `!=` a call (once per
    // loop iteration after the threshold); nil's, String's and Tag's are
    // compiled.
    let calls = core_calls(&stderr, "BasicObject#!=");
    assert!((1000..=3000).contains(&calls), "{stderr}");
}

#[test]
fn an_array_compared_with_another_kind_is_unequal_without_a_call() {
    let (_, stderr) = run(&["--stats"], "array_eq_other_kinds");
    assert_eq!(core_calls(&stderr, "Array#=="), 0, "{stderr}");
    assert!(count(&stderr, "jit.invalidations") >= 1, "{stderr}");
}

#[test]
fn math_sqrt_abs_and_negation_are_compiled() {
    let (_, stderr) = run(&["--stats"], "math_sqrt_abs_negate");
    // `numbers` makes 9,000 roots of fixnums and Floats, each site's
    // argument of one kind: all compiled. `root` takes a fixnum and a
    // Float in turn (6,000 calls): its guard fails, and compiled again it
    // calls the core's `Math.sqrt` directly.
    let roots = core_calls(&stderr, "#<Class:Math>#sqrt");
    assert!(roots <= 6000, "{stderr}");
    for callee in ["Integer#abs", "Integer#magnitude", "Float#-@"] {
        let calls = core_calls(&stderr, callee);
        assert_eq!(calls, 0, "{callee}: {stderr}");
    }
}

#[test]
fn a_constructor_that_leaves_optional_parameters_out_is_compiled() {
    let (stdout, stderr) = run(&["--stats"], "optional_arguments_inlined");
    assert!(stdout.ends_with("(given 3, expected 0..2)>\n"), "{stdout}");
    // `Vec.new`, `Vec.new(n)`, `Pair.new(x)`: only the `Array.new` inside
    // `Vec#initialize` (four a call) is left to the runtime's `Class#new`.
    let runtime_news = core_calls(&stderr, "Class#new");
    assert!(runtime_news <= 4 * 3000, "{stderr}");
}

#[test]
fn a_site_that_gains_kinds_dispatches_over_them_once_recompiled() {
    let (stdout, stderr) = run(&["--stats"], "polymorphic_site_grows");
    assert_eq!(stdout, "[160000, 184000, 212000, 212000]\n16\n");
    // Compiled again once the third kind kept failing the guard: the
    // Triangle and Hexagon phases make direct calls; only the megamorphic
    // phase (a fifth kind) sends (400 * 2 * 130 calls).
    assert_eq!(count(&stderr, "jit.recompilations"), 1, "{stderr}");
    let sends = count(&stderr, "jit.run_insn.send");
    assert!(sends <= 2 * 400 * 130, "{stderr}");
}

#[test]
fn instance_variables_of_several_shapes_are_compiled() {
    let (_, stderr) = run(&["--stats"], "polymorphic_ivars");
    // Reads and writes at sites that saw two shapes, then eight: tests of
    // the shapes known, and by name past them; none is left to the
    // runtime.
    for insn in ["getivar", "setivar"] {
        assert_eq!(
            count(&stderr, &format!("jit.run_insn.{insn}")),
            0,
            "{stderr}"
        );
    }
}

#[test]
fn array_new_of_a_size_needs_no_frame() {
    let (_, stderr) = run(&["--stats"], "array_new_without_frame");
    // 4,000 `Array.new(size[, fill])` calls, of which only the forms the
    // core's `new` must see (a copy, `to_int`, errors) reach it.
    let calls = core_calls(&stderr, "Class#new");
    assert!(calls < 20, "{stderr}");
}

#[test]
fn core_methods_given_literal_blocks_are_called_directly() {
    let (_, stderr) = run(
        &["--stats", "--jit-threshold=0"],
        "core_calls_with_literal_blocks",
    );
    // `Array.new(n) { ... }` and `Hash.new { ... }` from compiled code:
    // `call_with_literal_block`, not the send's lookup in the runtime.
    assert!(core_calls(&stderr, "Class#new") > 1_000, "{stderr}");
    assert_eq!(count(&stderr, "jit.run_insn.send.new"), 0, "{stderr}");
}

#[test]
fn a_method_whose_rare_paths_start_running_stays_compiled() {
    let (_, stderr) = run(&["--stats"], "many_rare_paths_stay_compiled");
    // Seven paths of `classify` start running one after another: the
    // first two compilations prune branches the profile saw go one way,
    // the later ones keep both sides, so no more than two of its branch
    // guards ever fail.
    let branch_guards = stderr
        .lines()
        .filter(|line| line.starts_with("jit.guard_failed.classify@") && line.contains("_branch"))
        .count();
    assert!(branch_guards <= 2, "{stderr}");
}

#[test]
fn float_operations_whose_argument_kinds_change_stay_compiled() {
    let (_, stderr) = run(&["--stats"], "float_argument_kinds_change");
    // `mix` meets flonums, Floats that are not flonums and fixnums, then a
    // Bignum and another object: its sites are compiled again with each
    // of the first three kinds tested, so only the last two phases (2,000
    // calls each, five of the sends per call that reach the runtime for
    // them: `+ - * /` and `==`) take full sends.
    let full = ["+", "-", "*", "/"]
        .iter()
        .map(|op| count(&stderr, &format!("jit.run_insn.send.{op}")))
        .sum::<u64>();
    assert!(full <= 4 * 2 * 2000 + 1, "{stderr}");
}

#[test]
fn a_write_that_adds_a_variable_for_two_classes_stops_deoptimising() {
    let (_, stderr) = run(&["--stats"], "ivar_added_by_a_superclass_method");
    // `start` adds `@started` to CpuTasks, then to IoTasks of the same
    // shape: its class guard fails until the method is compiled again,
    // and then never (the write goes by name).
    let failures = stderr
        .lines()
        .filter(|line| line.starts_with("jit.guard_failed.start@"))
        .filter_map(|line| line.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum::<u64>();
    assert!(failures <= 8, "{stderr}");
}

#[test]
fn methods_whose_blocks_capture_locals_are_called_without_frames() {
    let (_, stderr) = run(&["--stats"], "native_calls_with_captured_locals");
    // `permute` (its block captures `n1`) calls itself natively and makes
    // its environment without a frame: only the raises of `deepest` (at
    // most one per call of its 500) need frames made.
    assert_eq!(
        count(&stderr, "jit.run_insn.send_direct.Permuter#permute")
            + count(&stderr, "jit.interpreted_callees.Permuter#permute"),
        0,
        "{stderr}"
    );
    let materialised = count(&stderr, "jit.materialised_frames");
    assert!(materialised <= 3000, "{stderr}");
}

#[test]
fn a_block_passed_on_is_inlined_with_the_chain_that_passes_it() {
    let (_, stderr) = run(&["--stats"], "forwarded_blocks_inlined");
    // `Bag#each(&block)` and `#has_some(&block)` pass the literal block to
    // `Vector`'s methods, all inlined: no frames rebuilt for 4,000 calls.
    let rebuilt = count(&stderr, "jit.rebuilt_frames");
    assert!(rebuilt < 50, "{stderr}");
}

#[test]
fn a_when_with_a_string_literal_compares_in_compiled_code() {
    let (_, stderr) = run(&["--stats"], "string_when");
    assert_eq!(count(&stderr, "jit.run_insn.checkmatch"), 0, "{stderr}");
}

#[test]
fn range_parts_and_globals_need_no_runtime_call() {
    let (_, stderr) = run(&["--stats"], "range_parts_and_globals");
    for key in [
        "jit.core_calls.Range#begin",
        "jit.core_calls.Range#end",
        "jit.core_calls.Range#exclude_end?",
        "jit.run_insn.getglobal",
    ] {
        assert_eq!(count(&stderr, key), 0, "{key}: {stderr}");
    }
}

#[test]
fn calls_from_inlined_code_pass_blocks_without_rebuilding_frames() {
    let (_, stderr) = run(&["--stats"], "frameless_blocks");
    // 1,500 rounds of calls from inlined code to `visit` and `visit_big`
    // with literal, passed-on and yielding blocks: once compiled, each
    // runs above the inlined frames with a block made without them (none
    // did before). Only the blocks that `return`, `break`, ask
    // `__method__`'s frame or raise need frames rebuilt, and the matches
    // of `matching` (`=~` sets `$~` in the frame it is called from), whose
    // `each_with_index` is inlined with its blocks.
    let above = count(&stderr, "jit.calls_above_virtual_frames");
    assert!(above >= 4_000, "{stderr}");
    let rebuilt = count(&stderr, "jit.rebuilt_frames");
    assert!(rebuilt <= 8_500, "{stderr}");
}

#[test]
fn float_to_i_and_fixnum_float_arithmetic_are_compiled() {
    let (_, stderr) = run(&["--stats"], "float_to_i");
    // 3,000 rounds of three truncations in range: compiled. The calls left
    // are the NaN, infinite and huge ones and the site whose guard keeps
    // failing (2,000 calls of each name at most).
    let to_i = core_calls(&stderr, "Float#to_i");
    assert!(to_i <= 2100, "{stderr}");
    let (_, stderr) = run(&["--stats"], "integer_float_mixed");
    for name in ["+", "-", "*", "/", "<", "=="] {
        let sends = count(&stderr, &format!("jit.run_insn.send.{name}"));
        let direct = core_calls(&stderr, &format!("Integer#{name}"));
        assert_eq!(sends + direct, 0, "{name}: {stderr}");
    }
}

#[test]
fn math_functions_are_called_without_frames() {
    let (_, stderr) = run(&["--stats"], "math_functions");
    for function in ["sin", "cos", "tan", "atan", "exp"] {
        let calls = count(&stderr, &format!("jit.core_calls.#<Class:Math>#{function}"));
        assert!(calls < 100, "{function}: {stderr}");
    }
}

#[test]
fn rescue_clauses_catch_in_compiled_code_without_transfers() {
    let (_, stderr) = run(&["--stats"], "rescue_landing_pads");
    // The clauses run compiled for the calls after the threshold; no
    // exception goes back to the interpreter's handlers.
    assert!(stat(&stderr, "jit.caught") > 500, "{stderr}");
    assert_eq!(count(&stderr, "jit.transfers"), 0, "{stderr}");
}

#[test]
fn breaks_through_rescue_clauses_leave_without_transfers() {
    let (stdout, stderr) = run(&["--stats"], "break_through_rescue");
    assert!(
        stdout.starts_with("[9603, 7200, 4428, 720600, 4002]\n"),
        "{stdout}"
    );
    assert_eq!(count(&stderr, "jit.transfers"), 0, "{stderr}");
}

/// What `--trace-splitting` prints for seed 000's example, as the seed
/// tells it: `+` in `add` turns polymorphic, `add`'s one caller is
/// `double`, whose two callers make it the one marked, and `add` with it;
/// each call site of `calls_double` gets its own `double`, each calling
/// its own `add`; the last call of `add`, in the main program, gets one
/// too. (The original `double` keeps calling the original `add`: its site
/// saw both kinds.)
const SEED_EXAMPLE_TRACE: &str = "\
splitting: mark double (+ at add ip 6 saw receiver {fixnum, String}; chain add <- double)
splitting: mark add (+ at add ip 6 saw receiver {fixnum, String}; chain add <- double)
splitting: split double<split-1> of double for calls_double ip 4
splitting: split add<split-2> of add for double<split-1> ip 5
splitting: split double<split-3> of double for calls_double ip 7
splitting: split add<split-4> of add for double<split-3> ip 5
splitting: split add<split-5> of add for <main> ip 33
";

/// Runs `spec` with `--trace-splitting` in every mode of the matrix and
/// checks its output and its trace.
fn splits_the_same_in_every_mode(spec: &str, stdout: &str, trace: &str) {
    for mode in rhizome_spec::MODES {
        let flags: Vec<&str> = mode
            .flags
            .iter()
            .copied()
            .chain(["--trace-splitting"])
            .collect();
        let (out, err) = run(&flags, spec);
        assert_eq!(out, stdout, "{}", mode.name);
        assert_eq!(err, trace, "{}", mode.name);
    }
}

#[test]
fn the_seed_example_splits_the_same_in_every_mode() {
    splits_the_same_in_every_mode(
        "call_target_splitting",
        "[2398, \"foofoo\"]\n3\n",
        SEED_EXAMPLE_TRACE,
    );
}

/// `store` dispatches on its argument (`x.to_s`) and is split per caller;
/// `put`, which it calls, only appends its argument to an Array: its
/// callers pass different kinds, and yet it is not split.
const DISPATCH_ONLY_TRACE: &str = "\
splitting: mark store (to_s at store ip 5 saw receiver {fixnum, String}; chain store)
splitting: mark put (callee of store)
splitting: split store<split-1> of store for fill ip 7
splitting: split store<split-2> of store for fill ip 12
";

#[test]
fn splits_narrow_only_what_the_callee_dispatches_on() {
    splits_the_same_in_every_mode("splits_follow_dispatch", "3000\n", DISPATCH_ONLY_TRACE);
    let (_, stderr) = run(
        &["--trace-splitting", "--splitting-max-kinds-size=0"],
        "splits_follow_dispatch",
    );
    assert!(
        !stderr.contains("split store"),
        "a kinds split beyond the size limit: {stderr}"
    );
}

/// The last graph of every method compiled while running `spec` with
/// `flags` (each `--dump-ir` file series ends with the graph lowered), by
/// the name of its dump files (`add_split_2`; `add_2` for the second
/// compilation of `add`).
fn final_graphs(flags: &[&str], spec: &str) -> std::collections::BTreeMap<String, String> {
    let dir = std::env::temp_dir().join(format!("rhizome-ir-{spec}-{}", std::process::id()));
    let dump = format!("--dump-ir={}", dir.display());
    run(&[flags, &[dump.as_str()]].concat(), spec);
    let mut series: std::collections::BTreeMap<String, String> = Default::default();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if let Some(stem) = name.strip_suffix(".txt") {
            let (method, _) = stem.split_once('.').unwrap();
            let last = series.entry(method.to_string()).or_default();
            if stem > last.as_str() {
                *last = stem.to_string();
            }
        }
    }
    let graphs = series
        .into_iter()
        .map(|(method, stem)| {
            let graph = std::fs::read_to_string(dir.join(format!("{stem}.txt"))).unwrap();
            (method, graph)
        })
        .collect();
    let _ = std::fs::remove_dir_all(&dir);
    graphs
}

#[test]
fn a_split_waits_for_its_caller_to_be_compiled() {
    let compiled = final_graphs(&[], "split_waits_for_its_caller");
    let names: Vec<&String> = compiled.keys().collect();
    assert!(
        compiled.contains_key("use_str"),
        "the caller of the splits is compiled: {names:?}"
    );
    assert!(
        !names.iter().any(|name| name.starts_with("add_split")),
        "a split compiled on its own before its caller: {names:?}"
    );
    assert!(
        compiled["use_str"].contains("add<split-1>"),
        "the caller inlines its split"
    );
}

#[test]
fn a_method_whose_calls_run_little_of_it_waits_longer_to_be_compiled() {
    let compiled = final_graphs(&[], "compile_when_it_pays");
    let names: Vec<&String> = compiled.keys().collect();
    assert!(compiled.contains_key("whole"), "{names:?}");
    assert!(
        !compiled.contains_key("chain"),
        "a long chain compiled after 1,500 calls that ran 3 of its tests: {names:?}"
    );
}

/// The frame (`add<split-3>`) of the state node `input` names in `graph`.
fn frame_of_state<'g>(graph: &'g str, state: &str) -> &'g str {
    let prefix = format!("{state} = state ");
    let line = graph
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no state {state} in {graph}"));
    line.split('@').next().unwrap()
}

#[test]
fn each_split_of_add_compiles_one_kind_of_plus_without_dispatch() {
    let graphs = final_graphs(&[], "call_target_splitting");
    let graph = graphs
        .values()
        .find(|graph| graph.contains("add<split-"))
        .unwrap_or_else(|| panic!("no split of add compiled: {graphs:?}"));
    let state_of = |line: &str| {
        line.split("state=")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    let fixnum = graph
        .lines()
        .find(|line| line.contains("= fixnum_add ") && line.contains("state="))
        .map(|line| frame_of_state(graph, &state_of(line)))
        .unwrap_or_else(|| panic!("no fixnum +: {graph}"));
    let string = graph
        .lines()
        .find(|line| line.contains("= send +(1) @String "))
        .map(|line| frame_of_state(graph, &state_of(line)))
        .unwrap_or_else(|| panic!("no String +: {graph}"));
    assert!(fixnum.starts_with("add<split-"), "{graph}");
    assert!(string.starts_with("add<split-"), "{graph}");
    assert_ne!(fixnum, string, "{graph}");
    // No branch between kinds: every kind test is a guard.
    let kind_tests: Vec<&str> = graph
        .lines()
        .filter(|line| line.contains(" = is_kind("))
        .map(|line| line.split(' ').next().unwrap())
        .collect();
    for line in graph.lines().filter(|line| line.contains(" = branch ")) {
        let condition = line.split(' ').nth(3).unwrap();
        assert!(!kind_tests.contains(&condition), "{line} in {graph}");
    }
}

/// The call tree `--trace-inlining` printed for the first compilation of
/// `root`, one line per call: its state, its method indented by depth,
/// `(forced)` when forced, and the reason when there is one.
fn call_tree(trace: &str, root: &str) -> Vec<String> {
    let start = format!("[jit] inline start   {root} ");
    let lines: Vec<&str> = trace
        .lines()
        .skip_while(|line| !line.starts_with(&start))
        .skip(1)
        .take_while(|line| !line.starts_with("[jit] inline done"))
        .collect();
    assert!(!lines.is_empty(), "no call tree for {root}: {trace}");
    lines
        .iter()
        .map(|line| {
            let columns: Vec<&str> = line.split('|').collect();
            let head = columns[0].trim_start_matches("[jit] ");
            let (state, method) = head.split_once(' ').unwrap();
            let forced = columns
                .iter()
                .any(|column| column.starts_with("Forced") && column.trim_end().ends_with("true"));
            let reason = columns.get(9).map(|r| r.trim()).unwrap_or_default();
            format!(
                "{state} {}{}{}",
                method.trim(),
                if forced { " (forced)" } else { "" },
                if reason.is_empty() {
                    String::new()
                } else {
                    format!(" |{reason}")
                }
            )
        })
        .collect()
}

#[test]
fn the_inlining_trace_shows_each_call_and_what_became_of_it() {
    let (stdout, trace) = run(&["--trace-inlining"], "budgeted_inlining");
    assert!(stdout.starts_with("67200\n7080\n10000\n6765\n"), "{stdout}");
    // An iterator with its block (forced: code of the method that wrote
    // it), and the small method the block calls.
    assert_eq!(
        call_tree(&trace, "total"),
        [
            "Inlined each",
            "Inlined block in total (forced)",
            "Inlined area"
        ],
        "{trace}"
    );
    // A block whose `return` ends `first_large`: the iterator it is passed
    // to is forced too.
    assert_eq!(
        call_tree(&trace, "first_large"),
        [
            "Inlined each (forced)",
            "Inlined block in first_large (forced)",
            "Inlined area",
            "Inlined area"
        ],
        "{trace}"
    );
    // Recursion unrolled three times; the innermost calls stay calls with
    // the callee's guard clause in front of them.
    let fib = call_tree(&trace, "fib");
    assert_eq!(fib.len(), 2 + 4 + 8 + 16, "{fib:?}");
    assert_eq!(
        fib.iter()
            .filter(|line| line.starts_with("Inlined fib"))
            .count(),
        14,
        "{fib:?}"
    );
    assert!(
        fib.iter()
            .filter(|line| line.starts_with("Cutoff"))
            .all(|line| line.ends_with("fib |recursive; guard clause inlined")),
        "{fib:?}"
    );
    // The states' counts in --stats.
    let (_, stderr) = run(&["--stats"], "budgeted_inlining");
    assert!(stat(&stderr, "jit.inlining.inlined") > 20, "{stderr}");
    assert!(
        stat(&stderr, "jit.inlining.cutoff.recursive") >= 16,
        "{stderr}"
    );
    assert!(stat(&stderr, "jit.inlining.early_exit") >= 16, "{stderr}");
}

#[test]
fn the_budgets_bound_exploring_and_inlining() {
    // Nothing explored: every call is cut off, and stays a call.
    let (stdout, trace) = run(
        &["--trace-inlining", "--inlining-expansion-budget=0"],
        "budgeted_inlining",
    );
    assert!(stdout.starts_with("67200\n7080\n10000\n6765\n"), "{stdout}");
    assert_eq!(
        call_tree(&trace, "total"),
        ["Cutoff each |expansion budget"],
        "{trace}"
    );
    // Explored, but the unit would pass 60 nodes with `map` in it.
    let (_, trace) = run(
        &["--trace-inlining", "--inlining-budget=60"],
        "budgeted_inlining",
    );
    let labels = call_tree(&trace, "labels");
    assert_eq!(labels[0], "Expanded map |inlining budget", "{labels:?}");
}

#[test]
fn cold_code_is_evicted_and_freed_under_the_code_limit() {
    let (stdout, stderr) = run(
        &["--jit-threshold=1", "--jit-code-limit=16K", "--stats"],
        "code_eviction",
    );
    let expected = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("spec/jit/code_eviction.out"),
    )
    .unwrap();
    assert_eq!(stdout, expected);
    let evictions = stat(&stderr, "jit.evictions");
    assert!(evictions > 0, "{stderr}");
    // Evicted code no activation ran was freed, and so was the rest once
    // the activations running it returned.
    assert!(stat(&stderr, "jit.code_freed") >= evictions, "{stderr}");
    assert!(stat(&stderr, "jit.code_in_use") <= 16 << 10, "{stderr}");
    // The code compiled over the run is many times what the limit holds.
    assert!(stat(&stderr, "jit.code_bytes") > 4 * (16 << 10), "{stderr}");
}
