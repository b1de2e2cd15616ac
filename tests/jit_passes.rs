//! Snapshot tests of the JIT's passes, in the style of ZJIT's HIR tests:
//! each runs a small Ruby program with the interpreter (so the profiles
//! fill), compiles one of its methods, and compares the printed graph with
//! an inline snapshot: after the whole pipeline or a stage of it, and for
//! each pass, before and after the first time it changes the graph. A
//! change in what a pass does shows here as a diff (`cargo insta review`
//! updates them).

use rhizome::jit::graphs_after_run;

/// The graph after `pass` (the last time it changed the graph), or after
/// the whole pipeline for `"final"`.
fn after(graphs: &[(String, String)], pass: &str) -> String {
    if pass == "final" {
        return graphs.last().expect("the build ran").1.clone();
    }
    graphs
        .iter()
        .rev()
        .find(|(name, _)| name == pass)
        .unwrap_or_else(|| panic!("{pass} did not change the graph"))
        .1
        .clone()
}

/// The graph before and after the first change `pass` made.
fn around(graphs: &[(String, String)], pass: &str) -> (String, String) {
    let at = graphs
        .iter()
        .position(|(name, _)| name == pass)
        .unwrap_or_else(|| panic!("{pass} did not change the graph"));
    let before = match at {
        0 => String::new(),
        _ => graphs[at - 1].1.clone(),
    };
    (before, graphs[at].1.clone())
}

/// The seed's `add`, profiled with fixnums: inline caching and the
/// intrinsic leave two kind guards and a `fixnum_add` that deoptimises on
/// overflow; the deoptimise pass prunes the generic `send +`.
#[test]
fn add_speculates_on_fixnums() {
    let graphs = graphs_after_run(
        r#"def add(a, b)
  a + b
end
i = 0
while i < 20
  add(i, 2)
  i += 1
end
"#,
        "add",
    );
    insta::assert_snapshot!(after(&graphs, "intrinsics"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6 (uncommon)
    v8 = send +(1) v1, v4 state=v5 ctrl=v7
    v9 = if_true ctrl=v6
    v10 = is_kind(fixnum) v4
    v11 = guard(kind fixnum) v10 state=v5 ctrl=v9
    v12 = untag_fixnum v1 ctrl=v11
    v13 = untag_fixnum v4 ctrl=v12
    v14 = fixnum_add v12, v13 state=v5 ctrl=v13
    v15 = tag_fixnum v14 ctrl=v14
    v16 = merge ctrl=[v15, v8]
    v17 = phi v15, v8 ctrl=v16
    v18 = return v17 ctrl=v16
    v19 = finish ctrl=[v18]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = tag_fixnum v11
    v13 = return v12 ctrl=v11
    v14 = finish ctrl=[v13]
    "#);
}

/// The seed's deoptimisation map: the state at the `+` names index 12,
/// the receiver, both arguments and the two `side_effect` results on the
/// stack (no local is live any more).
#[test]
fn add_with_side_effects_state_at_the_plus() {
    let graphs = graphs_after_run(
        r#"def side_effect(n)
  n
end

def add_with_side_effects(a, b)
  side_effect(a) + side_effect(b)
end
add_with_side_effects(1, 2)
"#,
        "add_with_side_effects",
    );
    insta::assert_snapshot!(after(&graphs, "build"), @r#"
    v0 = start
    v1 = self
    v2 = arg 0
    v3 = arg 1
    v4 = state add_with_side_effects@8 self=v1 args=[v2, v3] locals=[b=v3] stack=[v1, v2]
    v5 = send side_effect(1) v1, v2 state=v4 ctrl=v0
    v6 = state add_with_side_effects@11 self=v1 args=[v2, v3] locals=[] stack=[v5, v1, v3]
    v7 = send side_effect(1) v1, v3 state=v6 ctrl=v5
    v8 = state add_with_side_effects@12 self=v1 args=[v2, v3] locals=[] stack=[v5, v7]
    v9 = send +(1) v5, v7 state=v8 ctrl=v7
    v10 = return v9 ctrl=v9
    v11 = finish ctrl=[v10]
    "#);
}

/// `fib`: the recursion is unrolled three times (each recursive send inlines a
/// copy of `fib`, with `outer=` states naming the frame waiting in the
/// call, and so do the copies' sends), and the innermost copies' own
/// recursive sends stay calls (bound to
/// Object). The arithmetic and comparisons are fixnum operations, and the
/// guards on `n` and on `self` are checked once: the copies' `n` is the
/// untagged `n - 1` and `n - 2` of the outer frame.
#[test]
fn fib_unrolls_its_recursion_three_times() {
    let graphs = graphs_after_run(
        r#"def fib(n)
  if n < 2
    n
  else
    fib(n - 1) + fib(n - 2)
  end
end
fib(12)
"#,
        "fib",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state fib@6 self=v3 args=[v1] locals=[n=v1] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 2
    v9 = int_lt v7, v8
    v10 = bool_not v9
    v11 = bool_to_value v10
    v12 = state fib@8 self=v3 args=[v1] locals=[n=v1] stack=[v11]
    v13 = branch v10 state=v12 ctrl=v6
    v14 = if_false ctrl=v13
    v15 = if_true ctrl=v13
    v16 = is_kind(Object) v3
    v17 = const int 1
    v18 = int_sub v7, v17
    v19 = tag_fixnum v18
    v20 = state fib@17 self=v3 args=[v1] locals=[n=v1] stack=[v3, v19]
    v21 = guard(kind Object) v16 state=v20 ctrl=v15
    v22 = int_lt v18, v8
    v23 = bool_not v22
    v24 = state fib@17 self=v3 args=[v1] locals=[n=v1] stack=[]
    v25 = bool_to_value v23
    v26 = state fib@8 self=v3 args=[v19] locals=[n=v19] stack=[v25] outer=v24
    v27 = branch v23 state=v26 ctrl=v21
    v28 = if_false ctrl=v27
    v29 = if_true ctrl=v27
    v30 = int_sub v18, v17
    v31 = int_lt v30, v8
    v32 = bool_not v31
    v33 = state fib@17 self=v3 args=[v19] locals=[n=v19] stack=[] outer=v24
    v34 = tag_fixnum v30
    v35 = bool_to_value v32
    v36 = state fib@8 self=v3 args=[v34] locals=[n=v34] stack=[v35] outer=v33
    v37 = branch v32 state=v36 ctrl=v29
    v38 = if_false ctrl=v37
    v39 = if_true ctrl=v37
    v40 = int_sub v30, v17
    v41 = int_lt v40, v8
    v42 = bool_not v41
    v43 = state fib@17 self=v3 args=[v34] locals=[n=v34] stack=[] outer=v33
    v44 = tag_fixnum v40
    v45 = bool_to_value v42
    v46 = state fib@8 self=v3 args=[v44] locals=[n=v44] stack=[v45] outer=v43
    v47 = branch v42 state=v46 ctrl=v39
    v48 = if_false ctrl=v47
    v49 = if_true ctrl=v47
    v50 = int_sub v40, v17
    v51 = tag_fixnum v50
    v52 = state fib@17 self=v3 args=[v44] locals=[n=v44] stack=[v3, v51] outer=v43
    v53 = send fib(1) @Object v3, v51 state=v52 ctrl=v49
    v54 = int_sub v40, v8
    v55 = tag_fixnum v54
    v56 = state fib@22 self=v3 args=[v44] locals=[] stack=[v53, v3, v55] outer=v43
    v57 = send fib(1) @Object v3, v55 state=v56 ctrl=v53
    v58 = is_kind(fixnum) v53
    v59 = state fib@23 self=v3 args=[v44] locals=[] stack=[v53, v57] outer=v43
    v60 = guard(kind fixnum) v58 state=v59 ctrl=v57
    v61 = is_kind(fixnum) v57
    v62 = guard(kind fixnum) v61 state=v59 ctrl=v60
    v63 = untag_fixnum v53
    v64 = untag_fixnum v57
    v65 = fixnum_add v63, v64 state=v59 ctrl=v62
    v66 = merge ctrl=[v48, v65]
    v67 = phi v44, v347 ctrl=v66
    v68 = int_sub v30, v8
    v69 = int_lt v68, v8
    v70 = bool_not v69
    v71 = state fib@22 self=v3 args=[v34] locals=[] stack=[v67] outer=v33
    v72 = tag_fixnum v68
    v73 = bool_to_value v70
    v74 = state fib@8 self=v3 args=[v72] locals=[n=v72] stack=[v73] outer=v71
    v75 = branch v70 state=v74 ctrl=v66
    v76 = if_false ctrl=v75
    v77 = if_true ctrl=v75
    v78 = int_sub v68, v17
    v79 = tag_fixnum v78
    v80 = state fib@17 self=v3 args=[v72] locals=[n=v72] stack=[v3, v79] outer=v71
    v81 = send fib(1) @Object v3, v79 state=v80 ctrl=v77
    v82 = int_sub v68, v8
    v83 = tag_fixnum v82
    v84 = state fib@22 self=v3 args=[v72] locals=[] stack=[v81, v3, v83] outer=v71
    v85 = send fib(1) @Object v3, v83 state=v84 ctrl=v81
    v86 = is_kind(fixnum) v81
    v87 = state fib@23 self=v3 args=[v72] locals=[] stack=[v81, v85] outer=v71
    v88 = guard(kind fixnum) v86 state=v87 ctrl=v85
    v89 = is_kind(fixnum) v85
    v90 = guard(kind fixnum) v89 state=v87 ctrl=v88
    v91 = untag_fixnum v81
    v92 = untag_fixnum v85
    v93 = fixnum_add v91, v92 state=v87 ctrl=v90
    v94 = merge ctrl=[v76, v93]
    v95 = phi v72, v348 ctrl=v94
    v96 = untag_fixnum v67
    v97 = untag_fixnum v95
    v98 = state fib@23 self=v3 args=[v34] locals=[] stack=[v67, v95] outer=v33
    v99 = fixnum_add v96, v97 state=v98 ctrl=v94
    v100 = merge ctrl=[v38, v99]
    v101 = phi v34, v349 ctrl=v100
    v102 = int_sub v18, v8
    v103 = int_lt v102, v8
    v104 = bool_not v103
    v105 = state fib@22 self=v3 args=[v19] locals=[] stack=[v101] outer=v24
    v106 = tag_fixnum v102
    v107 = bool_to_value v104
    v108 = state fib@8 self=v3 args=[v106] locals=[n=v106] stack=[v107] outer=v105
    v109 = branch v104 state=v108 ctrl=v100
    v110 = if_false ctrl=v109
    v111 = if_true ctrl=v109
    v112 = int_sub v102, v17
    v113 = int_lt v112, v8
    v114 = bool_not v113
    v115 = state fib@17 self=v3 args=[v106] locals=[n=v106] stack=[] outer=v105
    v116 = tag_fixnum v112
    v117 = bool_to_value v114
    v118 = state fib@8 self=v3 args=[v116] locals=[n=v116] stack=[v117] outer=v115
    v119 = branch v114 state=v118 ctrl=v111
    v120 = if_false ctrl=v119
    v121 = if_true ctrl=v119
    v122 = int_sub v112, v17
    v123 = tag_fixnum v122
    v124 = state fib@17 self=v3 args=[v116] locals=[n=v116] stack=[v3, v123] outer=v115
    v125 = send fib(1) @Object v3, v123 state=v124 ctrl=v121
    v126 = int_sub v112, v8
    v127 = tag_fixnum v126
    v128 = state fib@22 self=v3 args=[v116] locals=[] stack=[v125, v3, v127] outer=v115
    v129 = send fib(1) @Object v3, v127 state=v128 ctrl=v125
    v130 = is_kind(fixnum) v125
    v131 = state fib@23 self=v3 args=[v116] locals=[] stack=[v125, v129] outer=v115
    v132 = guard(kind fixnum) v130 state=v131 ctrl=v129
    v133 = is_kind(fixnum) v129
    v134 = guard(kind fixnum) v133 state=v131 ctrl=v132
    v135 = untag_fixnum v125
    v136 = untag_fixnum v129
    v137 = fixnum_add v135, v136 state=v131 ctrl=v134
    v138 = merge ctrl=[v120, v137]
    v139 = phi v116, v350 ctrl=v138
    v140 = int_sub v102, v8
    v141 = int_lt v140, v8
    v142 = bool_not v141
    v143 = state fib@22 self=v3 args=[v106] locals=[] stack=[v139] outer=v105
    v144 = tag_fixnum v140
    v145 = bool_to_value v142
    v146 = state fib@8 self=v3 args=[v144] locals=[n=v144] stack=[v145] outer=v143
    v147 = branch v142 state=v146 ctrl=v138
    v148 = if_false ctrl=v147
    v149 = if_true ctrl=v147
    v150 = int_sub v140, v17
    v151 = tag_fixnum v150
    v152 = state fib@17 self=v3 args=[v144] locals=[n=v144] stack=[v3, v151] outer=v143
    v153 = send fib(1) @Object v3, v151 state=v152 ctrl=v149
    v154 = int_sub v140, v8
    v155 = tag_fixnum v154
    v156 = state fib@22 self=v3 args=[v144] locals=[] stack=[v153, v3, v155] outer=v143
    v157 = send fib(1) @Object v3, v155 state=v156 ctrl=v153
    v158 = is_kind(fixnum) v153
    v159 = state fib@23 self=v3 args=[v144] locals=[] stack=[v153, v157] outer=v143
    v160 = guard(kind fixnum) v158 state=v159 ctrl=v157
    v161 = is_kind(fixnum) v157
    v162 = guard(kind fixnum) v161 state=v159 ctrl=v160
    v163 = untag_fixnum v153
    v164 = untag_fixnum v157
    v165 = fixnum_add v163, v164 state=v159 ctrl=v162
    v166 = merge ctrl=[v148, v165]
    v167 = phi v144, v351 ctrl=v166
    v168 = untag_fixnum v139
    v169 = untag_fixnum v167
    v170 = state fib@23 self=v3 args=[v106] locals=[] stack=[v139, v167] outer=v105
    v171 = fixnum_add v168, v169 state=v170 ctrl=v166
    v172 = merge ctrl=[v110, v171]
    v173 = phi v106, v352 ctrl=v172
    v174 = untag_fixnum v101
    v175 = untag_fixnum v173
    v176 = state fib@23 self=v3 args=[v19] locals=[] stack=[v101, v173] outer=v24
    v177 = fixnum_add v174, v175 state=v176 ctrl=v172
    v178 = merge ctrl=[v28, v177]
    v179 = phi v19, v353 ctrl=v178
    v180 = int_sub v7, v8
    v181 = int_lt v180, v8
    v182 = bool_not v181
    v183 = state fib@22 self=v3 args=[v1] locals=[] stack=[v179]
    v184 = tag_fixnum v180
    v185 = bool_to_value v182
    v186 = state fib@8 self=v3 args=[v184] locals=[n=v184] stack=[v185] outer=v183
    v187 = branch v182 state=v186 ctrl=v178
    v188 = if_false ctrl=v187
    v189 = if_true ctrl=v187
    v190 = int_sub v180, v17
    v191 = int_lt v190, v8
    v192 = bool_not v191
    v193 = state fib@17 self=v3 args=[v184] locals=[n=v184] stack=[] outer=v183
    v194 = tag_fixnum v190
    v195 = bool_to_value v192
    v196 = state fib@8 self=v3 args=[v194] locals=[n=v194] stack=[v195] outer=v193
    v197 = branch v192 state=v196 ctrl=v189
    v198 = if_false ctrl=v197
    v199 = if_true ctrl=v197
    v200 = int_sub v190, v17
    v201 = int_lt v200, v8
    v202 = bool_not v201
    v203 = state fib@17 self=v3 args=[v194] locals=[n=v194] stack=[] outer=v193
    v204 = tag_fixnum v200
    v205 = bool_to_value v202
    v206 = state fib@8 self=v3 args=[v204] locals=[n=v204] stack=[v205] outer=v203
    v207 = branch v202 state=v206 ctrl=v199
    v208 = if_false ctrl=v207
    v209 = if_true ctrl=v207
    v210 = int_sub v200, v17
    v211 = tag_fixnum v210
    v212 = state fib@17 self=v3 args=[v204] locals=[n=v204] stack=[v3, v211] outer=v203
    v213 = send fib(1) @Object v3, v211 state=v212 ctrl=v209
    v214 = int_sub v200, v8
    v215 = tag_fixnum v214
    v216 = state fib@22 self=v3 args=[v204] locals=[] stack=[v213, v3, v215] outer=v203
    v217 = send fib(1) @Object v3, v215 state=v216 ctrl=v213
    v218 = is_kind(fixnum) v213
    v219 = state fib@23 self=v3 args=[v204] locals=[] stack=[v213, v217] outer=v203
    v220 = guard(kind fixnum) v218 state=v219 ctrl=v217
    v221 = is_kind(fixnum) v217
    v222 = guard(kind fixnum) v221 state=v219 ctrl=v220
    v223 = untag_fixnum v213
    v224 = untag_fixnum v217
    v225 = fixnum_add v223, v224 state=v219 ctrl=v222
    v226 = merge ctrl=[v208, v225]
    v227 = phi v204, v354 ctrl=v226
    v228 = int_sub v190, v8
    v229 = int_lt v228, v8
    v230 = bool_not v229
    v231 = state fib@22 self=v3 args=[v194] locals=[] stack=[v227] outer=v193
    v232 = tag_fixnum v228
    v233 = bool_to_value v230
    v234 = state fib@8 self=v3 args=[v232] locals=[n=v232] stack=[v233] outer=v231
    v235 = branch v230 state=v234 ctrl=v226
    v236 = if_false ctrl=v235
    v237 = if_true ctrl=v235
    v238 = int_sub v228, v17
    v239 = tag_fixnum v238
    v240 = state fib@17 self=v3 args=[v232] locals=[n=v232] stack=[v3, v239] outer=v231
    v241 = send fib(1) @Object v3, v239 state=v240 ctrl=v237
    v242 = int_sub v228, v8
    v243 = tag_fixnum v242
    v244 = state fib@22 self=v3 args=[v232] locals=[] stack=[v241, v3, v243] outer=v231
    v245 = send fib(1) @Object v3, v243 state=v244 ctrl=v241
    v246 = is_kind(fixnum) v241
    v247 = state fib@23 self=v3 args=[v232] locals=[] stack=[v241, v245] outer=v231
    v248 = guard(kind fixnum) v246 state=v247 ctrl=v245
    v249 = is_kind(fixnum) v245
    v250 = guard(kind fixnum) v249 state=v247 ctrl=v248
    v251 = untag_fixnum v241
    v252 = untag_fixnum v245
    v253 = fixnum_add v251, v252 state=v247 ctrl=v250
    v254 = merge ctrl=[v236, v253]
    v255 = phi v232, v355 ctrl=v254
    v256 = untag_fixnum v227
    v257 = untag_fixnum v255
    v258 = state fib@23 self=v3 args=[v194] locals=[] stack=[v227, v255] outer=v193
    v259 = fixnum_add v256, v257 state=v258 ctrl=v254
    v260 = merge ctrl=[v198, v259]
    v261 = phi v194, v356 ctrl=v260
    v262 = int_sub v180, v8
    v263 = int_lt v262, v8
    v264 = bool_not v263
    v265 = state fib@22 self=v3 args=[v184] locals=[] stack=[v261] outer=v183
    v266 = tag_fixnum v262
    v267 = bool_to_value v264
    v268 = state fib@8 self=v3 args=[v266] locals=[n=v266] stack=[v267] outer=v265
    v269 = branch v264 state=v268 ctrl=v260
    v270 = if_false ctrl=v269
    v271 = if_true ctrl=v269
    v272 = int_sub v262, v17
    v273 = int_lt v272, v8
    v274 = bool_not v273
    v275 = state fib@17 self=v3 args=[v266] locals=[n=v266] stack=[] outer=v265
    v276 = tag_fixnum v272
    v277 = bool_to_value v274
    v278 = state fib@8 self=v3 args=[v276] locals=[n=v276] stack=[v277] outer=v275
    v279 = branch v274 state=v278 ctrl=v271
    v280 = if_false ctrl=v279
    v281 = if_true ctrl=v279
    v282 = int_sub v272, v17
    v283 = tag_fixnum v282
    v284 = state fib@17 self=v3 args=[v276] locals=[n=v276] stack=[v3, v283] outer=v275
    v285 = send fib(1) @Object v3, v283 state=v284 ctrl=v281
    v286 = int_sub v272, v8
    v287 = tag_fixnum v286
    v288 = state fib@22 self=v3 args=[v276] locals=[] stack=[v285, v3, v287] outer=v275
    v289 = send fib(1) @Object v3, v287 state=v288 ctrl=v285
    v290 = is_kind(fixnum) v285
    v291 = state fib@23 self=v3 args=[v276] locals=[] stack=[v285, v289] outer=v275
    v292 = guard(kind fixnum) v290 state=v291 ctrl=v289
    v293 = is_kind(fixnum) v289
    v294 = guard(kind fixnum) v293 state=v291 ctrl=v292
    v295 = untag_fixnum v285
    v296 = untag_fixnum v289
    v297 = fixnum_add v295, v296 state=v291 ctrl=v294
    v298 = merge ctrl=[v280, v297]
    v299 = phi v276, v357 ctrl=v298
    v300 = int_sub v262, v8
    v301 = int_lt v300, v8
    v302 = bool_not v301
    v303 = state fib@22 self=v3 args=[v266] locals=[] stack=[v299] outer=v265
    v304 = tag_fixnum v300
    v305 = bool_to_value v302
    v306 = state fib@8 self=v3 args=[v304] locals=[n=v304] stack=[v305] outer=v303
    v307 = branch v302 state=v306 ctrl=v298
    v308 = if_false ctrl=v307
    v309 = if_true ctrl=v307
    v310 = int_sub v300, v17
    v311 = tag_fixnum v310
    v312 = state fib@17 self=v3 args=[v304] locals=[n=v304] stack=[v3, v311] outer=v303
    v313 = send fib(1) @Object v3, v311 state=v312 ctrl=v309
    v314 = int_sub v300, v8
    v315 = tag_fixnum v314
    v316 = state fib@22 self=v3 args=[v304] locals=[] stack=[v313, v3, v315] outer=v303
    v317 = send fib(1) @Object v3, v315 state=v316 ctrl=v313
    v318 = is_kind(fixnum) v313
    v319 = state fib@23 self=v3 args=[v304] locals=[] stack=[v313, v317] outer=v303
    v320 = guard(kind fixnum) v318 state=v319 ctrl=v317
    v321 = is_kind(fixnum) v317
    v322 = guard(kind fixnum) v321 state=v319 ctrl=v320
    v323 = untag_fixnum v313
    v324 = untag_fixnum v317
    v325 = fixnum_add v323, v324 state=v319 ctrl=v322
    v326 = merge ctrl=[v308, v325]
    v327 = phi v304, v358 ctrl=v326
    v328 = untag_fixnum v299
    v329 = untag_fixnum v327
    v330 = state fib@23 self=v3 args=[v266] locals=[] stack=[v299, v327] outer=v265
    v331 = fixnum_add v328, v329 state=v330 ctrl=v326
    v332 = merge ctrl=[v270, v331]
    v333 = phi v266, v359 ctrl=v332
    v334 = untag_fixnum v261
    v335 = untag_fixnum v333
    v336 = state fib@23 self=v3 args=[v184] locals=[] stack=[v261, v333] outer=v183
    v337 = fixnum_add v334, v335 state=v336 ctrl=v332
    v338 = merge ctrl=[v188, v337]
    v339 = phi v184, v360 ctrl=v338
    v340 = untag_fixnum v179
    v341 = untag_fixnum v339
    v342 = state fib@23 self=v3 args=[v1] locals=[] stack=[v179, v339]
    v343 = fixnum_add v340, v341 state=v342 ctrl=v338
    v344 = merge ctrl=[v14, v343]
    v345 = phi v1, v361 ctrl=v344
    v346 = return v345 ctrl=v344
    v347 = tag_fixnum v65
    v348 = tag_fixnum v93
    v349 = tag_fixnum v99
    v350 = tag_fixnum v137
    v351 = tag_fixnum v165
    v352 = tag_fixnum v171
    v353 = tag_fixnum v177
    v354 = tag_fixnum v225
    v355 = tag_fixnum v253
    v356 = tag_fixnum v259
    v357 = tag_fixnum v297
    v358 = tag_fixnum v325
    v359 = tag_fixnum v331
    v360 = tag_fixnum v337
    v361 = tag_fixnum v343
    v362 = finish ctrl=[v346]
    "#);
}

/// A `+` that saw fixnums and floats: one kind test per kind, the
/// fallback uncommon; afterwards both specialised paths remain.
#[test]
fn polymorphic_plus_tests_each_kind() {
    let graphs = graphs_after_run(
        r#"def add(a, b)
  a + b
end
add(1, 2)
add(1.5, 2.5)
"#,
        "add",
    );
    insta::assert_snapshot!(after(&graphs, "inline_caching"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6
    v8 = is_kind(flonum) v1
    v9 = branch v8 state=v5 ctrl=v7
    v10 = if_false ctrl=v9 (uncommon)
    v11 = send +(1) v1, v4 state=v5 ctrl=v10
    v12 = if_true ctrl=v9
    v13 = send +(1) @flonum v1, v4 state=v5 ctrl=v12
    v14 = if_true ctrl=v6
    v15 = send +(1) @fixnum v1, v4 state=v5 ctrl=v14
    v16 = merge ctrl=[v15, v13, v11]
    v17 = phi v15, v13, v11 ctrl=v16
    v18 = return v17 ctrl=v16
    v19 = finish ctrl=[v18]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state add@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6
    v8 = is_kind(flonum) v1
    v9 = guard(kind flonum) v8 state=v5 ctrl=v7
    v10 = is_kind(flonum) v4
    v11 = guard(kind flonum) v10 state=v5 ctrl=v9
    v12 = if_true ctrl=v6
    v13 = is_kind(fixnum) v4
    v14 = guard(kind fixnum) v13 state=v5 ctrl=v12
    v15 = untag_fixnum v1
    v16 = untag_fixnum v4
    v17 = fixnum_add v15, v16 state=v5 ctrl=v14
    v18 = merge ctrl=[v17, v11]
    v19 = phi v21, v25 ctrl=v18
    v20 = return v19 ctrl=v18
    v21 = tag_fixnum v17
    v22 = unbox_float v1
    v23 = unbox_float v4
    v24 = float_add v22, v23
    v25 = box_float v24
    v26 = finish ctrl=[v20]
    "#);
}

/// An `attr_reader` through a monomorphic site: a shape guard and a slot
/// load, no call.
#[test]
fn attr_reader_becomes_a_shape_guard_and_a_load() {
    let graphs = graphs_after_run(
        r#"class Point
  attr_reader :x
  def initialize(x)
    @x = x
  end
end

def get_x(point)
  point.x
end
p = Point.new(3)
get_x(p)
get_x(p)
"#,
        "get_x",
    );
    insta::assert_snapshot!(after(&graphs, "intrinsics"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Point) v1
    v3 = self
    v4 = state get_x@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send x(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = load_shape v1 ctrl=v8
    v10 = shape_is(S2) v9
    v11 = guard(shape) v10 state=v4 ctrl=v9
    v12 = load_ivar(0) v1 ctrl=v11
    v13 = merge ctrl=[v12, v7]
    v14 = phi v12, v7 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Point) v1
    v3 = self
    v4 = state get_x@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = guard(kind Point) v2 state=v4 ctrl=v0
    v6 = load_shape v1 ctrl=v5
    v7 = shape_is(S2) v6
    v8 = guard(shape) v7 state=v4 ctrl=v6
    v9 = load_ivar(0) v1 ctrl=v8
    v10 = return v9 ctrl=v9
    v11 = finish ctrl=[v10]
    "#);
}

/// `Integer#times` (Ruby, in `rb/`) inlined with its block: a loop whose
/// body is the block's, with frame states chaining block -> times -> sum.
#[test]
fn times_block_inlined_into_a_loop() {
    let graphs = graphs_after_run(
        r#"def sum(n)
  total = 0
  n.times { |i| total += i }
  total
end
sum(10)
"#,
        "sum",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = env
    v2 = const 0
    v3 = self
    v4 = arg 0
    v5 = state sum@5 self=v3 args=[v4] locals=[n=v4] stack=[v2]
    v6 = insn storeenv total 0 v1, v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = state sum@8 self=v3 args=[v4] locals=[] stack=[v4]
    v9 = guard(kind fixnum) v7 state=v8 ctrl=v6
    v10 = loop ctrl=[v9, v34]
    v11 = phi v2, v37 ctrl=v10
    v12 = untag_fixnum v11
    v13 = untag_fixnum v4
    v14 = int_lt v12, v13
    v15 = state sum@8 self=v3 args=[v4] locals=[] stack=[]
    v16 = bool_to_value v14
    v17 = state times@32 self=v4 args=[] locals=[i=v11] stack=[v16] outer=v15
    v18 = branch v14 state=v17 ctrl=v10
    v19 = if_false ctrl=v18
    v20 = state sum@11 self=v3 args=[v4] locals=[] stack=[]
    v21 = insn loadenv total 0 v1 state=v20 ctrl=v19
    v22 = return v21 ctrl=v21
    v23 = if_true ctrl=v18
    v24 = state times@22 self=v4 args=[] locals=[i=v11] stack=[] outer=v15
    v25 = state block in sum@3 self=v3 args=[v11] locals=[i=v11] stack=[] outer=v24
    v26 = insn loadenv total 1 v1 state=v25 ctrl=v23
    v27 = is_kind(fixnum) v26
    v28 = state block in sum@5 self=v3 args=[v11] locals=[] stack=[v26, v11] outer=v24
    v29 = guard(kind fixnum) v27 state=v28 ctrl=v26
    v30 = untag_fixnum v26
    v31 = fixnum_add v30, v12 state=v28 ctrl=v29
    v32 = tag_fixnum v31
    v33 = state block in sum@7 self=v3 args=[v11] locals=[] stack=[v32, v32] outer=v24
    v34 = insn storeenv total 1 v1, v32 state=v33 ctrl=v31
    v35 = const int 1
    v36 = int_add v12, v35
    v37 = tag_fixnum v36
    v38 = finish ctrl=[v22]
    "#);
}

/// A branch the profile never saw go one way: its other side is marked
/// uncommon, then pruned into a guard.
#[test]
fn branch_never_taken_becomes_a_guard() {
    let graphs = graphs_after_run(
        r#"def sign(x)
  if x > 0
    :positive
  else
    :negative
  end
end
sign(3)
sign(4)
"#,
        "sign",
    );
    insta::assert_snapshot!(after(&graphs, "build"), @r#"
    v0 = start
    v1 = arg 0
    v2 = const 0
    v3 = self
    v4 = state sign@6 self=v3 args=[v1] locals=[] stack=[v1, v2]
    v5 = send >(1) v1, v2 state=v4 ctrl=v0
    v6 = truthy v5
    v7 = bool_not v6
    v8 = bool_to_value v7
    v9 = truthy v8
    v10 = state sign@8 self=v3 args=[v1] locals=[] stack=[v8]
    v11 = branch v9 state=v10 ctrl=v5
    v12 = if_false ctrl=v11
    v13 = if_true ctrl=v11 (uncommon)
    v14 = merge ctrl=[v12, v13]
    v15 = phi v17, v18 ctrl=v14
    v16 = return v15 ctrl=v14
    v17 = const :positive
    v18 = const :negative
    v19 = finish ctrl=[v16]
    "#);
    insta::assert_snapshot!(after(&graphs, "deoptimise"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 0
    v5 = state sign@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = untag_fixnum v4 ctrl=v9
    v11 = int_gt v9, v10 ctrl=v10
    v12 = bool_to_value v11 ctrl=v11
    v13 = merge ctrl=[v12, v?28]
    v14 = phi v12, v?28 ctrl=v13
    v15 = truthy v14
    v16 = bool_not v15
    v17 = bool_to_value v16
    v18 = truthy v17
    v19 = bool_not v18
    v20 = state sign@8 self=v3 args=[v1] locals=[] stack=[v17]
    v21 = guard(branch) v19 state=v20 ctrl=v13
    v22 = merge ctrl=[v21, v?14]
    v23 = phi v25, v26 ctrl=v22
    v24 = return v23 ctrl=v22
    v25 = const :positive
    v26 = const :negative
    v27 = finish ctrl=[v24]
    "#);
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 0
    v5 = state sign@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 0
    v9 = int_gt v7, v8
    v10 = bool_not v9
    v11 = bool_to_value v10
    v12 = state sign@8 self=v3 args=[v1] locals=[] stack=[v11]
    v13 = guard(branch) v9 state=v12 ctrl=v6
    v14 = const :positive
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
}

/// build: a `while` loop becomes a `loop` node whose phis carry the live
/// locals round the back edge (`n` never changes: its phi has no choice).
#[test]
fn build_makes_a_loop_with_phis() {
    let graphs = graphs_after_run(
        r#"def count_up(n)
  i = 0
  while i < n
    i += 1
  end
  i
end
count_up(5)
"#,
        "count_up",
    );
    let (before, after) = around(&graphs, "build");
    insta::assert_snapshot!(before, @r#"

    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = loop ctrl=[v0, v16]
    v2 = phi v5, v2 ctrl=v1
    v3 = phi v17, v16 ctrl=v1
    v4 = self
    v5 = arg 0
    v6 = state count_up@15 self=v4 args=[v5] locals=[n=v2, i=v3] stack=[v3, v2]
    v7 = send <(1) v3, v2 state=v6 ctrl=v1
    v8 = truthy v7
    v9 = state count_up@16 self=v4 args=[v5] locals=[n=v2, i=v3] stack=[v7]
    v10 = branch v8 state=v9 ctrl=v7
    v11 = if_false ctrl=v10
    v12 = return v3 ctrl=v11
    v13 = if_true ctrl=v10
    v14 = const 1
    v15 = state count_up@11 self=v4 args=[v5] locals=[n=v2] stack=[v3, v14]
    v16 = send +(1) v3, v14 state=v15 ctrl=v13
    v17 = const 0
    v18 = finish ctrl=[v12]
    "#);
}

/// inline_caching: the send is tested against the one class it saw and
/// bound to it; the fallback is uncommon.
#[test]
fn inline_caching_binds_a_monomorphic_send() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area_of",
    );
    let (before, after) = around(&graphs, "inline_caching");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = self
    v3 = state area_of@5 self=v2 args=[v1] locals=[] stack=[v1]
    v4 = send area(0) v1 state=v3 ctrl=v0
    v5 = return v4 ctrl=v4
    v6 = finish ctrl=[v5]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Square) v1
    v3 = self
    v4 = state area_of@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send area(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = send area(0) @Square v1 state=v4 ctrl=v8
    v10 = merge ctrl=[v9, v7]
    v11 = phi v9, v7 ctrl=v10
    v12 = return v11 ctrl=v10
    v13 = finish ctrl=[v12]
    "#);
}

/// inlining: the bound call to `Square#area` is replaced by its body, whose
/// frame states chain to the caller's.
#[test]
fn inlining_splices_a_method_body() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area_of",
    );
    let (before, after) = around(&graphs, "inlining");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Square) v1
    v3 = self
    v4 = state area_of@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send area(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = send area(0) @Square v1 state=v4 ctrl=v8
    v10 = merge ctrl=[v9, v7]
    v11 = phi v9, v7 ctrl=v10
    v12 = return v11 ctrl=v10
    v13 = finish ctrl=[v12]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(Square) v1
    v3 = self
    v4 = state area_of@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5 (uncommon)
    v7 = send area(0) v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = load_shape v1 ctrl=v8
    v10 = shape_is(S2) v9
    v11 = state area_of@5 self=v3 args=[v1] locals=[] stack=[]
    v12 = state area@2 self=v1 args=[] locals=[] stack=[] outer=v11
    v13 = guard(shape) v10 state=v12 ctrl=v9
    v14 = load_ivar(0) v1 ctrl=v13
    v15 = load_shape v1 ctrl=v14
    v16 = shape_is(S2) v15
    v17 = state area@3 self=v1 args=[] locals=[] stack=[v14] outer=v11
    v18 = guard(shape) v16 state=v17 ctrl=v15
    v19 = load_ivar(0) v1 ctrl=v18
    v20 = is_kind(fixnum) v14
    v21 = state area@4 self=v1 args=[] locals=[] stack=[v14, v19] outer=v11
    v22 = branch v20 state=v21 ctrl=v19
    v23 = if_false ctrl=v22 (uncommon)
    v24 = send *(1) v14, v19 state=v21 ctrl=v23
    v25 = if_true ctrl=v22
    v26 = is_kind(fixnum) v19
    v27 = guard(kind fixnum) v26 state=v21 ctrl=v25
    v28 = untag_fixnum v14 ctrl=v27
    v29 = untag_fixnum v19 ctrl=v28
    v30 = fixnum_mul v28, v29 state=v21 ctrl=v29
    v31 = tag_fixnum v30 ctrl=v30
    v32 = merge ctrl=[v31, v24]
    v33 = phi v31, v24 ctrl=v32
    v34 = merge ctrl=[v32]
    v35 = phi v33 ctrl=v34
    v36 = merge ctrl=[v34, v7]
    v37 = phi v35, v7 ctrl=v36
    v38 = return v37 ctrl=v36
    v39 = finish ctrl=[v38]
    "#);
}

/// intrinsics: `@side` through a monomorphic site is a shape guard and a
/// slot load; `*` on fixnums is a checked multiplication.
#[test]
fn intrinsics_read_an_ivar_by_shape() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area",
    );
    let (before, after) = around(&graphs, "intrinsics");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = self
    v2 = state area@2 self=v1 args=[] locals=[] stack=[]
    v3 = insn getivar @side state=v2 ctrl=v0
    v4 = state area@3 self=v1 args=[] locals=[] stack=[v3]
    v5 = insn getivar @side state=v4 ctrl=v3
    v6 = is_kind(fixnum) v3
    v7 = state area@4 self=v1 args=[] locals=[] stack=[v3, v5]
    v8 = branch v6 state=v7 ctrl=v5
    v9 = if_false ctrl=v8 (uncommon)
    v10 = send *(1) v3, v5 state=v7 ctrl=v9
    v11 = if_true ctrl=v8
    v12 = send *(1) @fixnum v3, v5 state=v7 ctrl=v11
    v13 = merge ctrl=[v12, v10]
    v14 = phi v12, v10 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = self
    v2 = load_shape v1 ctrl=v0
    v3 = shape_is(S2) v2
    v4 = state area@2 self=v1 args=[] locals=[] stack=[]
    v5 = guard(shape) v3 state=v4 ctrl=v2
    v6 = load_ivar(0) v1 ctrl=v5
    v7 = load_shape v1 ctrl=v6
    v8 = shape_is(S2) v7
    v9 = state area@3 self=v1 args=[] locals=[] stack=[v6]
    v10 = guard(shape) v8 state=v9 ctrl=v7
    v11 = load_ivar(0) v1 ctrl=v10
    v12 = is_kind(fixnum) v6
    v13 = state area@4 self=v1 args=[] locals=[] stack=[v6, v11]
    v14 = branch v12 state=v13 ctrl=v11
    v15 = if_false ctrl=v14 (uncommon)
    v16 = send *(1) v6, v11 state=v13 ctrl=v15
    v17 = if_true ctrl=v14
    v18 = is_kind(fixnum) v11
    v19 = guard(kind fixnum) v18 state=v13 ctrl=v17
    v20 = untag_fixnum v6 ctrl=v19
    v21 = untag_fixnum v11 ctrl=v20
    v22 = fixnum_mul v20, v21 state=v13 ctrl=v21
    v23 = tag_fixnum v22 ctrl=v22
    v24 = merge ctrl=[v23, v16]
    v25 = phi v23, v16 ctrl=v24
    v26 = return v25 ctrl=v24
    v27 = finish ctrl=[v26]
    "#);
}

/// redundant_loads: the second read of the shape and of `@side` reuses the
/// first (nothing between them writes).
#[test]
fn redundant_loads_reads_an_ivar_once() {
    let graphs = graphs_after_run(
        r#"class Square
  def initialize(side)
    @side = side
  end

  def area
    @side * @side
  end
end

def area_of(shape)
  shape.area
end
area_of(Square.new(2))
"#,
        "area",
    );
    let (before, after) = around(&graphs, "redundant_loads");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = self
    v2 = load_shape v1 ctrl=v0
    v3 = shape_is(S2) v2
    v4 = state area@2 self=v1 args=[] locals=[] stack=[]
    v5 = guard(shape) v3 state=v4 ctrl=v2
    v6 = load_ivar(0) v1 ctrl=v5
    v7 = load_shape v1 ctrl=v6
    v8 = shape_is(S2) v7
    v9 = state area@3 self=v1 args=[] locals=[] stack=[v6]
    v10 = guard(shape) v8 state=v9 ctrl=v7
    v11 = load_ivar(0) v1 ctrl=v10
    v12 = is_kind(fixnum) v6
    v13 = state area@4 self=v1 args=[] locals=[] stack=[v6, v11]
    v14 = guard(kind fixnum) v12 state=v13 ctrl=v11
    v15 = is_kind(fixnum) v11
    v16 = guard(kind fixnum) v15 state=v13 ctrl=v14
    v17 = untag_fixnum v6
    v18 = untag_fixnum v11
    v19 = fixnum_mul v17, v18 state=v13 ctrl=v16
    v20 = merge ctrl=[v19, v?18]
    v21 = phi v23, v?18 ctrl=v20
    v22 = return v21 ctrl=v20
    v23 = tag_fixnum v19
    v24 = finish ctrl=[v22]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = self
    v2 = load_shape v1 ctrl=v0
    v3 = shape_is(S2) v2
    v4 = state area@2 self=v1 args=[] locals=[] stack=[]
    v5 = guard(shape) v3 state=v4 ctrl=v2
    v6 = load_ivar(0) v1 ctrl=v5
    v7 = shape_is(S2) v2
    v8 = state area@3 self=v1 args=[] locals=[] stack=[v6]
    v9 = guard(shape) v7 state=v8 ctrl=v6
    v10 = is_kind(fixnum) v6
    v11 = state area@4 self=v1 args=[] locals=[] stack=[v6, v6]
    v12 = guard(kind fixnum) v10 state=v11 ctrl=v9
    v13 = is_kind(fixnum) v6
    v14 = guard(kind fixnum) v13 state=v11 ctrl=v12
    v15 = untag_fixnum v6
    v16 = untag_fixnum v6
    v17 = fixnum_mul v15, v16 state=v11 ctrl=v14
    v18 = merge ctrl=[v17, v?18]
    v19 = phi v21, v?18 ctrl=v18
    v20 = return v19 ctrl=v18
    v21 = tag_fixnum v17
    v22 = finish ctrl=[v20]
    "#);
}

/// deoptimise: the kind test's branch becomes a guard and the generic send
/// is cut off.
#[test]
fn deoptimise_prunes_the_uncommon_fallback() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "deoptimise");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = branch v2 state=v5 ctrl=v0
    v7 = if_false ctrl=v6 (uncommon)
    v8 = send *(1) v1, v4 state=v5 ctrl=v7
    v9 = if_true ctrl=v6
    v10 = is_kind(fixnum) v4
    v11 = guard(kind fixnum) v10 state=v5 ctrl=v9
    v12 = untag_fixnum v1 ctrl=v11
    v13 = untag_fixnum v4 ctrl=v12
    v14 = fixnum_mul v12, v13 state=v5 ctrl=v13
    v15 = tag_fixnum v14 ctrl=v14
    v16 = merge ctrl=[v15, v8]
    v17 = phi v15, v8 ctrl=v16
    v18 = return v17 ctrl=v16
    v19 = finish ctrl=[v18]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = untag_fixnum v4 ctrl=v9
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v10
    v12 = tag_fixnum v11 ctrl=v11
    v13 = merge ctrl=[v12, v?16]
    v14 = phi v12, v?16 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
}

/// no_choice_phis: the merge left with one predecessor goes, with its phi.
#[test]
fn no_choice_phis_removes_a_merge_with_one_way_in() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "no_choice_phis");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 2
    v9 = fixnum_mul v7, v8 state=v5 ctrl=v6
    v10 = merge ctrl=[v9]
    v11 = phi v13 ctrl=v10
    v12 = return v11 ctrl=v10
    v13 = tag_fixnum v9
    v14 = finish ctrl=[v12]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = untag_fixnum v1
    v8 = const int 2
    v9 = fixnum_mul v7, v8 state=v5 ctrl=v6
    v10 = tag_fixnum v9
    v11 = return v10 ctrl=v9
    v12 = finish ctrl=[v11]
    "#);
}

/// dead_code: the edges from the pruned fallback leave the merge and its
/// phi.
#[test]
fn dead_code_drops_the_pruned_path() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "dead_code");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?16]
    v13 = phi v15, v?16 ctrl=v12
    v14 = return v13 ctrl=v12
    v15 = tag_fixnum v11
    v16 = finish ctrl=[v14]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11]
    v13 = phi v15 ctrl=v12
    v14 = return v13 ctrl=v12
    v15 = tag_fixnum v11
    v16 = finish ctrl=[v14]
    "#);
}

/// refloat: the untag and tag the intrinsic put on the control flow float.
#[test]
fn refloat_frees_pure_nodes() {
    let graphs = graphs_after_run(
        r#"def double(x)
  x * 2
end
double(21)
"#,
        "double",
    );
    let (before, after) = around(&graphs, "refloat");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v9
    v12 = tag_fixnum v11 ctrl=v11
    v13 = merge ctrl=[v12, v?16]
    v14 = phi v12, v?16 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 2
    v5 = state double@6 self=v3 args=[v1] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 2
    v11 = fixnum_mul v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?16]
    v13 = phi v15, v?16 ctrl=v12
    v14 = return v13 ctrl=v12
    v15 = tag_fixnum v11
    v16 = finish ctrl=[v14]
    "#);
}

/// constant_fold: `2 + 3` is 5, and the kind tests of constants are known.
#[test]
fn constant_fold_computes_constants() {
    let graphs = graphs_after_run(
        r#"def five
  2 + 3
end
five
"#,
        "five",
    );
    let (before, after) = around(&graphs, "constant_fold");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = const 2
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 3
    v5 = state five@4 self=v3 args=[] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1 ctrl=v8
    v10 = untag_fixnum v4 ctrl=v9
    v11 = fixnum_add v9, v10 state=v5 ctrl=v10
    v12 = tag_fixnum v11 ctrl=v11
    v13 = merge ctrl=[v12, v?16]
    v14 = phi v12, v?16 ctrl=v13
    v15 = return v14 ctrl=v13
    v16 = finish ctrl=[v15]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = const bool true
    v2 = self
    v3 = const 2
    v4 = const 3
    v5 = state five@4 self=v2 args=[] locals=[] stack=[v3, v4]
    v6 = guard(kind fixnum) v1 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = merge ctrl=[v8, v?16]
    v10 = phi v12, v?16 ctrl=v9
    v11 = return v10 ctrl=v9
    v12 = const 5
    v13 = finish ctrl=[v11]
    "#);
}

/// canonicalise: a guard of `true` goes, and `bool_not(bool_not(x))` is `x`.
#[test]
fn canonicalise_drops_guards_of_true_and_double_negations() {
    let graphs = graphs_after_run(
        r#"def pick
  x = 1 < 2
  if x
    :yes
  else
    :no
  end
end
pick
"#,
        "pick",
    );
    let (before, after) = around(&graphs, "canonicalise");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = const bool true
    v2 = self
    v3 = const 1
    v4 = const 2
    v5 = state pick@4 self=v2 args=[] locals=[] stack=[v3, v4]
    v6 = guard(kind fixnum) v1 state=v5 ctrl=v0
    v7 = merge ctrl=[v6]
    v8 = phi v18 ctrl=v7
    v9 = truthy v8
    v10 = bool_not v9
    v11 = bool_not v10
    v12 = bool_to_value v10
    v13 = state pick@9 self=v2 args=[] locals=[] stack=[v12]
    v14 = guard(branch) v11 state=v13 ctrl=v7
    v15 = merge ctrl=[v14]
    v16 = phi v19 ctrl=v15
    v17 = return v16 ctrl=v15
    v18 = const true
    v19 = const :yes
    v20 = finish ctrl=[v17]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = merge ctrl=[v0]
    v2 = phi v12 ctrl=v1
    v3 = truthy v2
    v4 = self
    v5 = bool_not v3
    v6 = bool_to_value v5
    v7 = state pick@9 self=v4 args=[] locals=[] stack=[v6]
    v8 = guard(branch) v3 state=v7 ctrl=v1
    v9 = merge ctrl=[v8]
    v10 = phi v13 ctrl=v9
    v11 = return v10 ctrl=v9
    v12 = const true
    v13 = const :yes
    v14 = finish ctrl=[v11]
    "#);
}

/// tag_untag: `untag_fixnum(tag_fixnum(x))` between the two additions is `x`.
#[test]
fn tag_untag_annihilates_a_retag() {
    let graphs = graphs_after_run(
        r#"def sum3(a, b, c)
  a + b + c
end
sum3(1, 2, 3)
"#,
        "sum3",
    );
    let (before, after) = around(&graphs, "tag_untag");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = arg 2
    v6 = state sum3@10 self=v3 args=[v1, v4, v5] locals=[c=v5] stack=[v1, v4]
    v7 = guard(kind fixnum) v2 state=v6 ctrl=v0
    v8 = is_kind(fixnum) v4
    v9 = guard(kind fixnum) v8 state=v6 ctrl=v7
    v10 = untag_fixnum v1
    v11 = untag_fixnum v4
    v12 = fixnum_add v10, v11 state=v6 ctrl=v9
    v13 = is_kind(fixnum) v5
    v14 = tag_fixnum v12
    v15 = state sum3@12 self=v3 args=[v1, v4, v5] locals=[] stack=[v14, v5]
    v16 = guard(kind fixnum) v13 state=v15 ctrl=v12
    v17 = untag_fixnum v14
    v18 = untag_fixnum v5
    v19 = fixnum_add v17, v18 state=v15 ctrl=v16
    v20 = tag_fixnum v19
    v21 = return v20 ctrl=v19
    v22 = finish ctrl=[v21]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = arg 2
    v6 = state sum3@10 self=v3 args=[v1, v4, v5] locals=[c=v5] stack=[v1, v4]
    v7 = guard(kind fixnum) v2 state=v6 ctrl=v0
    v8 = is_kind(fixnum) v4
    v9 = guard(kind fixnum) v8 state=v6 ctrl=v7
    v10 = untag_fixnum v1
    v11 = untag_fixnum v4
    v12 = fixnum_add v10, v11 state=v6 ctrl=v9
    v13 = is_kind(fixnum) v5
    v14 = tag_fixnum v12
    v15 = state sum3@12 self=v3 args=[v1, v4, v5] locals=[] stack=[v14, v5]
    v16 = guard(kind fixnum) v13 state=v15 ctrl=v12
    v17 = untag_fixnum v5
    v18 = fixnum_add v12, v17 state=v15 ctrl=v16
    v19 = tag_fixnum v18
    v20 = return v19 ctrl=v18
    v21 = finish ctrl=[v20]
    "#);
}

/// gvn: the second `a + b` tests and untags the same values as the first,
/// so those nodes become one.
#[test]
fn gvn_merges_equal_values() {
    let graphs = graphs_after_run(
        r#"def square_sum(a, b)
  (a + b) * (a + b)
end
square_sum(1, 2)
"#,
        "square_sum",
    );
    let (before, after) = around(&graphs, "gvn");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state square_sum@8 self=v3 args=[v1, v4] locals=[a=v1, b=v4] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?20]
    v13 = phi v35, v?20 ctrl=v12
    v14 = is_kind(fixnum) v1
    v15 = state square_sum@11 self=v3 args=[v1, v4] locals=[] stack=[v13, v1, v4]
    v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
    v17 = is_kind(fixnum) v4
    v18 = guard(kind fixnum) v17 state=v15 ctrl=v16
    v19 = untag_fixnum v1
    v20 = untag_fixnum v4
    v21 = fixnum_add v19, v20 state=v15 ctrl=v18
    v22 = merge ctrl=[v21, v?28]
    v23 = phi v36, v?28 ctrl=v22
    v24 = is_kind(fixnum) v13
    v25 = state square_sum@12 self=v3 args=[v1, v4] locals=[] stack=[v13, v23]
    v26 = guard(kind fixnum) v24 state=v25 ctrl=v22
    v27 = is_kind(fixnum) v23
    v28 = guard(kind fixnum) v27 state=v25 ctrl=v26
    v29 = untag_fixnum v13
    v30 = untag_fixnum v23
    v31 = fixnum_mul v29, v30 state=v25 ctrl=v28
    v32 = merge ctrl=[v31, v?36]
    v33 = phi v37, v?36 ctrl=v32
    v34 = return v33 ctrl=v32
    v35 = tag_fixnum v11
    v36 = tag_fixnum v21
    v37 = tag_fixnum v31
    v38 = finish ctrl=[v34]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state square_sum@8 self=v3 args=[v1, v4] locals=[a=v1, b=v4] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?20]
    v13 = phi v31, v?20 ctrl=v12
    v14 = state square_sum@11 self=v3 args=[v1, v4] locals=[] stack=[v13, v1, v4]
    v15 = guard(kind fixnum) v2 state=v14 ctrl=v12
    v16 = guard(kind fixnum) v7 state=v14 ctrl=v15
    v17 = fixnum_add v9, v10 state=v14 ctrl=v16
    v18 = merge ctrl=[v17, v?28]
    v19 = phi v32, v?28 ctrl=v18
    v20 = is_kind(fixnum) v13
    v21 = state square_sum@12 self=v3 args=[v1, v4] locals=[] stack=[v13, v19]
    v22 = guard(kind fixnum) v20 state=v21 ctrl=v18
    v23 = is_kind(fixnum) v19
    v24 = guard(kind fixnum) v23 state=v21 ctrl=v22
    v25 = untag_fixnum v13
    v26 = untag_fixnum v19
    v27 = fixnum_mul v25, v26 state=v21 ctrl=v24
    v28 = merge ctrl=[v27, v?36]
    v29 = phi v33, v?36 ctrl=v28
    v30 = return v29 ctrl=v28
    v31 = tag_fixnum v11
    v32 = tag_fixnum v17
    v33 = tag_fixnum v27
    v34 = finish ctrl=[v30]
    "#);
}

/// redundant_guards: `a` is checked to be a fixnum once.
#[test]
fn redundant_guards_drops_a_dominated_guard() {
    let graphs = graphs_after_run(
        r#"def twice(a)
  a + 1 + a
end
twice(1)
"#,
        "twice",
    );
    let (before, after) = around(&graphs, "redundant_guards");
    insta::assert_snapshot!(before, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 1
    v5 = state twice@6 self=v3 args=[v1] locals=[a=v1] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 1
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?18]
    v13 = phi v23, v?18 ctrl=v12
    v14 = is_kind(fixnum) v13
    v15 = state twice@8 self=v3 args=[v1] locals=[] stack=[v13, v1]
    v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
    v17 = guard(kind fixnum) v2 state=v15 ctrl=v16
    v18 = untag_fixnum v13
    v19 = fixnum_add v18, v9 state=v15 ctrl=v17
    v20 = merge ctrl=[v19, v?26]
    v21 = phi v24, v?26 ctrl=v20
    v22 = return v21 ctrl=v20
    v23 = tag_fixnum v11
    v24 = tag_fixnum v19
    v25 = finish ctrl=[v22]
    "#);
    insta::assert_snapshot!(after, @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = const 1
    v5 = state twice@6 self=v3 args=[v1] locals=[a=v1] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = const bool true
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = const int 1
    v11 = fixnum_add v9, v10 state=v5 ctrl=v8
    v12 = merge ctrl=[v11, v?18]
    v13 = phi v22, v?18 ctrl=v12
    v14 = is_kind(fixnum) v13
    v15 = state twice@8 self=v3 args=[v1] locals=[] stack=[v13, v1]
    v16 = guard(kind fixnum) v14 state=v15 ctrl=v12
    v17 = untag_fixnum v13
    v18 = fixnum_add v17, v9 state=v15 ctrl=v16
    v19 = merge ctrl=[v18, v?26]
    v20 = phi v23, v?26 ctrl=v19
    v21 = return v20 ctrl=v19
    v22 = tag_fixnum v11
    v23 = tag_fixnum v18
    v24 = finish ctrl=[v21]
    "#);
}

/// intrinsics: `String#==` on a String the profile saw becomes
/// `string_eq`, which deoptimises only for an argument with `to_str`.
#[test]
fn intrinsics_compare_strings_inline() {
    let graphs = graphs_after_run(
        r#"def same?(a, b)
  a == b
end
same?("x", "y")
"#,
        "same?",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(String) v1
    v3 = self
    v4 = arg 1
    v5 = state same?@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = guard(kind String) v2 state=v5 ctrl=v0
    v7 = string_eq v1, v4 state=v5 ctrl=v6
    v8 = bool_to_value v7
    v9 = return v8 ctrl=v7
    v10 = finish ctrl=[v9]
    "#);
}

/// intrinsics: `Point.new(x, y)` of a plain class allocates the object
/// itself (`new_object`) and calls `initialize` bound to Point, marked a
/// constructor (the inlining pass leaves it a call: a deoptimisation in it
/// could not return the object to the `new`); the object is the result.
#[test]
fn class_new_is_an_allocation_and_a_constructor_call() {
    let graphs = graphs_after_run(
        r#"class Point
  def initialize(x, y)
    @x = x
    @y = y
  end
end
def make(x, y)
  Point.new(x, y)
end
i = 0
while i < 20
  make(i, 2)
  i += 1
end
"#,
        "make",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = const #<#<Class:Point>>
    v2 = is_kind(#<Class:Object>) v1
    v3 = self
    v4 = arg 0
    v5 = arg 1
    v6 = state make@9 self=v3 args=[v4, v5] locals=[] stack=[v1, v4, v5]
    v7 = guard(kind #<Class:Object>) v2 state=v6 ctrl=v0
    v8 = new_object v1 ctrl=v7
    v9 = send initialize(2) @Point constructor v8, v4, v5 state=v6 ctrl=v8
    v10 = return v8 ctrl=v9
    v11 = finish ctrl=[v10]
    ");
}

/// intrinsics: `Pair.new(x)` of a Struct class is the allocation and the
/// stores `Struct#initialize` makes: each member in order (nil for the
/// one not passed), each moving the new object to its next shape.
#[test]
fn struct_new_is_an_allocation_and_member_stores() {
    let graphs = graphs_after_run(
        r#"Pair = Struct.new(:left, :right)
def make(x)
  Pair.new(x)
end
i = 0
while i < 20
  make(i)
  i += 1
end
"#,
        "make",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = const #<#<Class:Pair>>
    v2 = is_kind(#<Class:Struct>) v1
    v3 = self
    v4 = arg 0
    v5 = state make@6 self=v3 args=[v4] locals=[] stack=[v1, v4]
    v6 = guard(kind #<Class:Struct>) v2 state=v5 ctrl=v0
    v7 = new_object v1 ctrl=v6
    v8 = store_ivar(0 -> S2) v7, v4 state=v5 ctrl=v7
    v9 = const nil
    v10 = store_ivar(1 -> S3) v7, v9 state=v5 ctrl=v8
    v11 = return v7 ctrl=v10
    v12 = finish ctrl=[v11]
    ");
}

/// intrinsics: `[a, b].max` (`arraymax`) on fixnums is two kind guards and
/// a conditional move: no Array.
#[test]
fn array_literal_max_picks_without_an_array() {
    let graphs = graphs_after_run(
        r#"def larger(a, b) = [a, b].max
i = 0
while i < 20
  larger(i, 10)
  i += 1
end
"#,
        "larger",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = arg 1
    v5 = state larger@8 self=v3 args=[v1, v4] locals=[] stack=[v1, v4]
    v6 = guard(kind fixnum) v2 state=v5 ctrl=v0
    v7 = is_kind(fixnum) v4
    v8 = guard(kind fixnum) v7 state=v5 ctrl=v6
    v9 = untag_fixnum v1
    v10 = untag_fixnum v4
    v11 = int_max v9, v10
    v12 = tag_fixnum v11
    v13 = return v12 ctrl=v8
    v14 = finish ctrl=[v13]
    ");
}

/// constant_fold: a boolean made from a condition may be `true` or `false`
/// (of TrueClass or FalseClass): `!x.nil?` tests its kind, rather than
/// folding the test to false and deoptimising at every call.
#[test]
fn negated_predicate_keeps_its_boolean_kind_tests() {
    let graphs = graphs_after_run(
        r#"def present(x) = !x.nil?
i = 0
while i < 20
  present(i.even? ? "s" : nil)
  i += 1
end
"#,
        "present",
    );
    let last = after(&graphs, "final");
    assert!(!last.contains("guard always fails"), "{last}");
    insta::assert_snapshot!(last, @r"
    v0 = start
    v1 = arg 0
    v2 = is_kind(String) v1
    v3 = self
    v4 = state present@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5
    v7 = is_kind(NilClass) v1
    v8 = guard(kind NilClass) v7 state=v4 ctrl=v6
    v9 = if_true ctrl=v5
    v10 = merge ctrl=[v9, v8]
    v11 = is_nil v1
    v12 = bool_to_value v11
    v13 = is_kind(FalseClass) v12
    v14 = state present@6 self=v3 args=[v1] locals=[] stack=[v12]
    v15 = branch v13 state=v14 ctrl=v10
    v16 = if_false ctrl=v15
    v17 = is_kind(TrueClass) v12
    v18 = guard(kind TrueClass) v17 state=v14 ctrl=v16
    v19 = if_true ctrl=v15
    v20 = merge ctrl=[v19, v18]
    v21 = bool_not v11
    v22 = bool_to_value v21
    v23 = return v22 ctrl=v20
    v24 = finish ctrl=[v23]
    ");
}

/// intrinsics: `odd?` of a fixnum is its low bit.
#[test]
fn fixnum_odd_is_a_bit_test() {
    let graphs = graphs_after_run(
        r#"def odd(x) = x.odd?
i = 0
while i < 20
  odd(i)
  i += 1
end
"#,
        "odd",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = arg 0
    v2 = is_kind(fixnum) v1
    v3 = self
    v4 = state odd@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = guard(kind fixnum) v2 state=v4 ctrl=v0
    v6 = untag_fixnum v1
    v7 = const int 1
    v8 = int_and v6, v7
    v9 = const int 0
    v10 = int_ne v8, v9
    v11 = bool_to_value v10
    v12 = return v11 ctrl=v5
    v13 = finish ctrl=[v12]
    ");
}

/// build: interpolating a value is the value itself when it is a String
/// (a branch on its kind); only the other side runs `tostring` in the
/// runtime, and a phi joins the two.
#[test]
fn interpolation_tests_for_a_string_first() {
    let graphs = graphs_after_run(
        "def show(a)\n  \"#{a}!\"\nend\n20.times { |i| show(i.to_s) }\n",
        "show",
    );
    insta::assert_snapshot!(after(&graphs, "build"), @r#"
    v0 = start
    v1 = arg 0
    v2 = is_kind(String) v1
    v3 = self
    v4 = state show@5 self=v3 args=[v1] locals=[] stack=[v1]
    v5 = branch v2 state=v4 ctrl=v0
    v6 = if_false ctrl=v5
    v7 = insn tostring v1 state=v4 ctrl=v6
    v8 = if_true ctrl=v5
    v9 = merge ctrl=[v8, v7]
    v10 = phi v1, v7 ctrl=v9
    v11 = insn push "!" ctrl=v9
    v12 = state show@7 self=v3 args=[v1] locals=[] stack=[v10, v11]
    v13 = insn concat 2 v10, v11 state=v12 ctrl=v11
    v14 = return v13 ctrl=v13
    v15 = finish ctrl=[v14]
    "#);
}

/// overflow_checks: `i + 1` under `i < limit` and `n - 1` under `n > 0`
/// cannot leave the fixnum range, and become `int_add` / `int_sub` with no
/// state; `n * 3 - 1` has no bound and keeps its check.
#[test]
fn overflow_checks_go_where_branches_bound_the_operand() {
    let graphs = graphs_after_run(
        r#"def count(limit, n)
  i = 0
  while i < limit
    i += 1
  end
  if n > 0
    i += n - 1
  end
  i + n * 3 - 1
end
count(10, 4)
count(3, 0)
"#,
        "count",
    );
    insta::assert_snapshot!(after(&graphs, "overflow_checks"), @r"
    v0 = start
    v1 = loop ctrl=[v0, v50]
    v2 = phi v17, v52 ctrl=v1
    v3 = arg 0
    v4 = is_kind(fixnum) v3
    v5 = self
    v6 = arg 1
    v7 = state count@17 self=v5 args=[v3, v6] locals=[limit=v3, n=v6, i=v2] stack=[v2, v3]
    v8 = guard(kind fixnum) v4 state=v7 ctrl=v1
    v9 = untag_fixnum v2
    v10 = untag_fixnum v3
    v11 = int_lt v9, v10
    v12 = bool_to_value v11
    v13 = state count@18 self=v5 args=[v3, v6] locals=[limit=v3, n=v6, i=v2] stack=[v12]
    v14 = branch v11 state=v13 ctrl=v8
    v15 = if_false ctrl=v14
    v16 = is_kind(fixnum) v6
    v17 = const 0
    v18 = state count@24 self=v5 args=[v3, v6] locals=[n=v6, i=v2] stack=[v6, v17]
    v19 = guard(kind fixnum) v16 state=v18 ctrl=v15
    v20 = untag_fixnum v6
    v21 = const int 0
    v22 = int_gt v20, v21
    v23 = bool_not v22
    v24 = bool_to_value v23
    v25 = state count@26 self=v5 args=[v3, v6] locals=[n=v6, i=v2] stack=[v24]
    v26 = branch v23 state=v25 ctrl=v19
    v27 = if_false ctrl=v26
    v28 = const int 1
    v29 = int_sub v20, v28
    v30 = tag_fixnum v29
    v31 = state count@32 self=v5 args=[v3, v6] locals=[n=v6] stack=[v2, v30]
    v32 = fixnum_add v9, v29 state=v31 ctrl=v27
    v33 = if_true ctrl=v26
    v34 = merge ctrl=[v32, v33]
    v35 = phi v53, v2 ctrl=v34
    v36 = const int 3
    v37 = const 3
    v38 = state count@42 self=v5 args=[v3, v6] locals=[] stack=[v35, v6, v37]
    v39 = fixnum_mul v20, v36 state=v38 ctrl=v34
    v40 = untag_fixnum v35
    v41 = tag_fixnum v39
    v42 = state count@43 self=v5 args=[v3, v6] locals=[] stack=[v35, v41]
    v43 = fixnum_add v40, v39 state=v42 ctrl=v39
    v44 = tag_fixnum v43
    v45 = const 1
    v46 = state count@45 self=v5 args=[v3, v6] locals=[] stack=[v44, v45]
    v47 = fixnum_sub v43, v28 state=v46 ctrl=v43
    v48 = tag_fixnum v47
    v49 = return v48 ctrl=v47
    v50 = if_true ctrl=v14
    v51 = int_add v9, v28
    v52 = tag_fixnum v51
    v53 = tag_fixnum v32
    v54 = finish ctrl=[v49]
    ");
}
