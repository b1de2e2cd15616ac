//! The reader against the printer: every graph the root crate's pass
//! snapshots print (copied to `jit/tests/printed/`) reads back into a
//! graph that verifies and prints as the same text; and what is not a
//! graph is an error naming the line.

use super::parse;
use crate::ir::print::print;
use crate::ir::verify::verify;
use crate::test_runtime::TestRuntime;

/// The printed graphs, by file name.
fn printed_graphs() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/printed");
    let mut graphs: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("the printed graphs")
        .map(|entry| {
            let path = entry.expect("a directory entry").path();
            let text = std::fs::read_to_string(&path).expect("a printed graph");
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                text,
            )
        })
        .collect();
    graphs.sort();
    graphs
}

/// `print(parse(text)) == text` for every graph of the root's snapshots,
/// and each reads back into a graph the verifier accepts.
#[test]
fn every_printed_graph_reads_back_as_itself() {
    let graphs = printed_graphs();
    assert!(graphs.len() >= 40, "only {} printed graphs", graphs.len());
    for (name, text) in graphs {
        let rt = TestRuntime::new();
        let graph = parse(&text, &rt).unwrap_or_else(|error| panic!("{name}: {error}"));
        let again = print(&graph, &rt);
        assert_eq!(again, text, "{name} prints differently");
        if let Err(error) = verify(&graph) {
            panic!("{name} does not verify: {error}");
        }
    }
}

/// Every operation's printed form, in one graph (which need not make
/// sense, only print): read back, it prints the same.
#[test]
fn every_operation_reads_back() {
    let text = "\
v0 = start
v1 = arg 0
v2 = is_kind(Point) v1
v3 = caller_state
v4 = self
v5 = env
v6 = const nil
v7 = const true
v8 = has_arg 1
v9 = osr local 2
v10 = const false
v11 = const undef
v12 = const 1.5
v13 = const bool false
v14 = project 1 v1
v15 = block
v16 = block {block in m} home=block creator v4, v5, v15
v17 = block {block in m} home=block home v4, v5, v15
v18 = is_nil v1
v19 = const :name
v20 = same_value v1, v19
v21 = truthy v1
v22 = bool_not v21
v23 = bool_to_value v22
v24 = untag_fixnum v1
v25 = tag_fixnum v24
v26 = unbox_float v1
v27 = box_float v26
v28 = const float -0.0
v29 = float_ge v26, v28
v30 = int_to_float v24
v31 = float_div v26, v30
v32 = const int -7
v33 = int_add v24, v32
v34 = int_sub v24, v32
v35 = int_xor v24, v32
v36 = int_order v24, v32
v37 = int_min v24, v32
v38 = state m@3 self=v4 args=[v1] locals=[a=v1, %4=v6] stack=[v7, v8, v9, v10, v11, v12, v13, v14, v16, v17, v18, v20, v23, v25, v27, v29, v31, v33, v34, v35, v36, v37] env=v5 outer=v3
v39 = guard(kind fixnum) v2 state=v38 ctrl=v0
v40 = osr operand 0
v41 = shape_is(S3) v40
v42 = guard(shape) v41 state=v38 ctrl=v39
v43 = int_lt v24, v32
v44 = guard(zero division) v43 state=v38 ctrl=v42
v45 = load_shape v1 ctrl=v44
v46 = load_ivar(2) v1 ctrl=v45
v47 = store_ivar(0 -> S4) v1, v46 state=v38 ctrl=v46
v48 = store_ivar(1) v1, v6 state=v38 ctrl=v47
v49 = new_env {m} v6 ctrl=v48
v50 = array_length v1 ctrl=v49
v51 = array_load v1, v24 ctrl=v50
v52 = array_get v1, v24 ctrl=v51
v53 = array_store v1, v24, v6 state=v38 ctrl=v52
v54 = array_push v1, v6 state=v38 ctrl=v53
v55 = const \"a string\"
v56 = string_eq v1, v55 state=v38 ctrl=v54
v57 = string_compare v1, v55 ctrl=v56
v58 = string_length v1 ctrl=v57
v59 = string_char_at v1, v24 ctrl=v58
v60 = const 1e300
v61 = new_object v60 ctrl=v59
v62 = is_kind_of v1, v60 ctrl=v61
v63 = fixnum_shl v24, v32 state=v38 ctrl=v62
v64 = case_target {m} table=2 v1 ctrl=v63
v65 = const -42
v66 = send []=(2) @Array v1, v65, v6 state=v38 ctrl=v64
v67 = block {block in m} home=frame 1 v4, v5, v15
v68 = send each(0) v1, v67 state=v38 ctrl=v66
v69 = send call(0) v1, v15 state=v38 ctrl=v68
v70 = send initialize(0) @Point constructor v61 state=v38 ctrl=v69
v71 = yield(2) v15, v1, v6 state=v38 ctrl=v70
v72 = yield(*1) v15, v1 state=v38 ctrl=v71
v73 = insn getglobal $x state=v38 ctrl=v72
v74 = insn concat 2 v55, v73 state=v38 ctrl=v73
v75 = insn push \"lit\" ctrl=v74
v76 = branch v22 state=v38 ctrl=v75
v77 = if_false ctrl=v76 (uncommon)
v78 = deopt(unsupported tostring) state=v38 ctrl=v77
v79 = if_true ctrl=v76
v80 = loop ctrl=[v79, v84]
v81 = phi v1, v81 ctrl=v80
v82 = guard(overflow) v43 state=v38 ctrl=v80
v83 = merge ctrl=[v82]
v84 = deopt(never ran) state=v38 ctrl=v83
v85 = exit(block home) v81 ctrl=v83
v86 = finish ctrl=[v78, v84, v85]
";
    let rt = TestRuntime::new();
    let graph = parse(text, &rt).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(print(&graph, &rt), text);
}

fn error(text: &str) -> String {
    match parse(text, &TestRuntime::new()) {
        Ok(_) => panic!("read as a graph:\n{text}"),
        Err(error) => error.to_string(),
    }
}

/// What is wrong is said with its line.
#[test]
fn errors_name_the_line() {
    assert_eq!(
        error("v0 = start\nv1 = frobnicate v0\nv2 = finish"),
        "line 2: unknown operation `frobnicate` in `frobnicate v0`"
    );
    assert_eq!(
        error("v0 = start\nv1 = return v7 ctrl=v0\nv2 = finish ctrl=[v1]"),
        "line 2: v7 is used but not defined"
    );
    assert_eq!(
        error("\n  v0 = start\n  v1 = const nil\n"),
        "line 3: the graph has no `finish`"
    );
    assert_eq!(
        error("v0 = start\nv0 = finish"),
        "line 2: v0 is defined twice"
    );
    assert_eq!(
        error("v0 = start\nv1 = state m@x self=v0 args=[] locals=[] stack=[]"),
        "line 2: expected an instruction index, found `x`"
    );
    assert_eq!(
        error("v0 = start\nv1 = state m@1 self=v0 args=[] stack=[]"),
        "line 2: expected ` locals=` in a state, found ` stack=[]`"
    );
    assert_eq!(
        error("v0 = start\nv1 = guard(kind) v0"),
        "line 2: unknown guard reason `kind`"
    );
    assert_eq!(error("start"), "line 1: expected `vN = ...`, found `start`");
    assert_eq!(
        error("v0 = start\nv1 = const nope"),
        "line 2: unknown constant `nope`"
    );
    assert_eq!(
        error("v0 = start\nv1 = insn frob 3 ctrl=v0\nv2 = finish"),
        "line 2: unknown instruction `frob 3`"
    );
}

/// The module doc's example prints as written.
#[test]
fn the_doc_example_reads_back() {
    let text = "\
v0 = start
v1 = arg 0
v2 = is_kind(fixnum) v1
v3 = self
v4 = state double@6 self=v3 args=[v1] locals=[] stack=[v1]
v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
v6 = return v1 ctrl=v5
v7 = finish ctrl=[v6]
";
    let rt = TestRuntime::new();
    let graph = parse(text, &rt).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(print(&graph, &rt), text);
    assert_eq!(verify(&graph), Ok(()));
}

/// Lines may be indented and numbered in any way, and use nodes defined
/// further down: the graph prints in its own order, numbered afresh.
#[test]
fn names_need_not_follow_the_lines() {
    let text = "
        v10 = start
        v11 = return v3 ctrl=v25
        v25 = if_false ctrl=v22
        v3 = phi v7, v3 ctrl=v20
        v20 = loop ctrl=[v10, v21]
        v21 = if_true ctrl=v22
        v22 = branch v23 state=v24 ctrl=v20
        v23 = truthy v3
        v24 = state spin@2 self=v7 args=[] locals=[] stack=[v3]
        v7 = self
        v99 = finish ctrl=[v11]
    ";
    let rt = TestRuntime::new();
    let graph = parse(text, &rt).unwrap_or_else(|error| panic!("{error}"));
    assert_eq!(verify(&graph), Ok(()));
    insta::assert_snapshot!(print(&graph, &rt), @r"
    v0 = start
    v1 = loop ctrl=[v0, v9]
    v2 = phi v4, v2 ctrl=v1
    v3 = truthy v2
    v4 = self
    v5 = state spin@2 self=v4 args=[] locals=[] stack=[v2]
    v6 = branch v3 state=v5 ctrl=v1
    v7 = if_false ctrl=v6
    v8 = return v2 ctrl=v7
    v9 = if_true ctrl=v6
    v10 = finish ctrl=[v8]
    ");
}
