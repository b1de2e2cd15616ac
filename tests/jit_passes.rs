//! Snapshot tests of the JIT's passes, in the style of ZJIT's HIR tests:
//! each runs a small Ruby program with the interpreter (so the profiles
//! fill), compiles one of its methods, and compares the printed graph with
//! an inline snapshot: after the whole pipeline or a stage of it, and for
//! each pass, before and after the first time it changes the graph. A
//! change in what a pass does shows here as a diff (`cargo insta review`
//! updates them).

use rhizome::compiled::graphs_after_run;

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
/// recursive sends stay calls (bound to Object) behind `fib`'s guard
/// clause, inlined: an `n` below 2 is returned without the call (early
/// exit). The arithmetic and comparisons are fixnum operations, and the
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
    v51 = int_lt v50, v8
    v52 = bool_not v51
    v53 = state fib@17 self=v3 args=[v44] locals=[n=v44] stack=[] outer=v43
    v54 = tag_fixnum v50
    v55 = bool_to_value v52
    v56 = state fib@8 self=v3 args=[v54] locals=[n=v54] stack=[v55] outer=v53
    v57 = branch v52 state=v56 ctrl=v49
    v58 = if_false ctrl=v57
    v59 = if_true ctrl=v57
    v60 = state fib@17 self=v3 args=[v44] locals=[n=v44] stack=[v3, v54] outer=v43
    v61 = send fib(1) @Object v3, v54 state=v60 ctrl=v59
    v62 = merge ctrl=[v58, v61]
    v63 = phi v54, v61 ctrl=v62
    v64 = int_sub v40, v8
    v65 = int_lt v64, v8
    v66 = bool_not v65
    v67 = state fib@22 self=v3 args=[v44] locals=[] stack=[v63] outer=v43
    v68 = tag_fixnum v64
    v69 = bool_to_value v66
    v70 = state fib@8 self=v3 args=[v68] locals=[n=v68] stack=[v69] outer=v67
    v71 = branch v66 state=v70 ctrl=v62
    v72 = if_false ctrl=v71
    v73 = if_true ctrl=v71
    v74 = state fib@22 self=v3 args=[v44] locals=[] stack=[v63, v3, v68] outer=v43
    v75 = send fib(1) @Object v3, v68 state=v74 ctrl=v73
    v76 = merge ctrl=[v72, v75]
    v77 = phi v68, v75 ctrl=v76
    v78 = is_kind(fixnum) v63
    v79 = state fib@23 self=v3 args=[v44] locals=[] stack=[v63, v77] outer=v43
    v80 = guard(kind fixnum) v78 state=v79 ctrl=v76
    v81 = is_kind(fixnum) v77
    v82 = guard(kind fixnum) v81 state=v79 ctrl=v80
    v83 = untag_fixnum v63
    v84 = untag_fixnum v77
    v85 = fixnum_add v83, v84 state=v79 ctrl=v82
    v86 = merge ctrl=[v48, v85]
    v87 = phi v44, v507 ctrl=v86
    v88 = int_sub v30, v8
    v89 = int_lt v88, v8
    v90 = bool_not v89
    v91 = state fib@22 self=v3 args=[v34] locals=[] stack=[v87] outer=v33
    v92 = tag_fixnum v88
    v93 = bool_to_value v90
    v94 = state fib@8 self=v3 args=[v92] locals=[n=v92] stack=[v93] outer=v91
    v95 = branch v90 state=v94 ctrl=v86
    v96 = if_false ctrl=v95
    v97 = if_true ctrl=v95
    v98 = int_sub v88, v17
    v99 = int_lt v98, v8
    v100 = bool_not v99
    v101 = state fib@17 self=v3 args=[v92] locals=[n=v92] stack=[] outer=v91
    v102 = tag_fixnum v98
    v103 = bool_to_value v100
    v104 = state fib@8 self=v3 args=[v102] locals=[n=v102] stack=[v103] outer=v101
    v105 = branch v100 state=v104 ctrl=v97
    v106 = if_false ctrl=v105
    v107 = if_true ctrl=v105
    v108 = state fib@17 self=v3 args=[v92] locals=[n=v92] stack=[v3, v102] outer=v91
    v109 = send fib(1) @Object v3, v102 state=v108 ctrl=v107
    v110 = merge ctrl=[v106, v109]
    v111 = phi v102, v109 ctrl=v110
    v112 = int_sub v88, v8
    v113 = int_lt v112, v8
    v114 = bool_not v113
    v115 = state fib@22 self=v3 args=[v92] locals=[] stack=[v111] outer=v91
    v116 = tag_fixnum v112
    v117 = bool_to_value v114
    v118 = state fib@8 self=v3 args=[v116] locals=[n=v116] stack=[v117] outer=v115
    v119 = branch v114 state=v118 ctrl=v110
    v120 = if_false ctrl=v119
    v121 = if_true ctrl=v119
    v122 = state fib@22 self=v3 args=[v92] locals=[] stack=[v111, v3, v116] outer=v91
    v123 = send fib(1) @Object v3, v116 state=v122 ctrl=v121
    v124 = merge ctrl=[v120, v123]
    v125 = phi v116, v123 ctrl=v124
    v126 = is_kind(fixnum) v111
    v127 = state fib@23 self=v3 args=[v92] locals=[] stack=[v111, v125] outer=v91
    v128 = guard(kind fixnum) v126 state=v127 ctrl=v124
    v129 = is_kind(fixnum) v125
    v130 = guard(kind fixnum) v129 state=v127 ctrl=v128
    v131 = untag_fixnum v111
    v132 = untag_fixnum v125
    v133 = fixnum_add v131, v132 state=v127 ctrl=v130
    v134 = merge ctrl=[v96, v133]
    v135 = phi v92, v508 ctrl=v134
    v136 = untag_fixnum v87
    v137 = untag_fixnum v135
    v138 = state fib@23 self=v3 args=[v34] locals=[] stack=[v87, v135] outer=v33
    v139 = fixnum_add v136, v137 state=v138 ctrl=v134
    v140 = merge ctrl=[v38, v139]
    v141 = phi v34, v509 ctrl=v140
    v142 = int_sub v18, v8
    v143 = int_lt v142, v8
    v144 = bool_not v143
    v145 = state fib@22 self=v3 args=[v19] locals=[] stack=[v141] outer=v24
    v146 = tag_fixnum v142
    v147 = bool_to_value v144
    v148 = state fib@8 self=v3 args=[v146] locals=[n=v146] stack=[v147] outer=v145
    v149 = branch v144 state=v148 ctrl=v140
    v150 = if_false ctrl=v149
    v151 = if_true ctrl=v149
    v152 = int_sub v142, v17
    v153 = int_lt v152, v8
    v154 = bool_not v153
    v155 = state fib@17 self=v3 args=[v146] locals=[n=v146] stack=[] outer=v145
    v156 = tag_fixnum v152
    v157 = bool_to_value v154
    v158 = state fib@8 self=v3 args=[v156] locals=[n=v156] stack=[v157] outer=v155
    v159 = branch v154 state=v158 ctrl=v151
    v160 = if_false ctrl=v159
    v161 = if_true ctrl=v159
    v162 = int_sub v152, v17
    v163 = int_lt v162, v8
    v164 = bool_not v163
    v165 = state fib@17 self=v3 args=[v156] locals=[n=v156] stack=[] outer=v155
    v166 = tag_fixnum v162
    v167 = bool_to_value v164
    v168 = state fib@8 self=v3 args=[v166] locals=[n=v166] stack=[v167] outer=v165
    v169 = branch v164 state=v168 ctrl=v161
    v170 = if_false ctrl=v169
    v171 = if_true ctrl=v169
    v172 = state fib@17 self=v3 args=[v156] locals=[n=v156] stack=[v3, v166] outer=v155
    v173 = send fib(1) @Object v3, v166 state=v172 ctrl=v171
    v174 = merge ctrl=[v170, v173]
    v175 = phi v166, v173 ctrl=v174
    v176 = int_sub v152, v8
    v177 = int_lt v176, v8
    v178 = bool_not v177
    v179 = state fib@22 self=v3 args=[v156] locals=[] stack=[v175] outer=v155
    v180 = tag_fixnum v176
    v181 = bool_to_value v178
    v182 = state fib@8 self=v3 args=[v180] locals=[n=v180] stack=[v181] outer=v179
    v183 = branch v178 state=v182 ctrl=v174
    v184 = if_false ctrl=v183
    v185 = if_true ctrl=v183
    v186 = state fib@22 self=v3 args=[v156] locals=[] stack=[v175, v3, v180] outer=v155
    v187 = send fib(1) @Object v3, v180 state=v186 ctrl=v185
    v188 = merge ctrl=[v184, v187]
    v189 = phi v180, v187 ctrl=v188
    v190 = is_kind(fixnum) v175
    v191 = state fib@23 self=v3 args=[v156] locals=[] stack=[v175, v189] outer=v155
    v192 = guard(kind fixnum) v190 state=v191 ctrl=v188
    v193 = is_kind(fixnum) v189
    v194 = guard(kind fixnum) v193 state=v191 ctrl=v192
    v195 = untag_fixnum v175
    v196 = untag_fixnum v189
    v197 = fixnum_add v195, v196 state=v191 ctrl=v194
    v198 = merge ctrl=[v160, v197]
    v199 = phi v156, v510 ctrl=v198
    v200 = int_sub v142, v8
    v201 = int_lt v200, v8
    v202 = bool_not v201
    v203 = state fib@22 self=v3 args=[v146] locals=[] stack=[v199] outer=v145
    v204 = tag_fixnum v200
    v205 = bool_to_value v202
    v206 = state fib@8 self=v3 args=[v204] locals=[n=v204] stack=[v205] outer=v203
    v207 = branch v202 state=v206 ctrl=v198
    v208 = if_false ctrl=v207
    v209 = if_true ctrl=v207
    v210 = int_sub v200, v17
    v211 = int_lt v210, v8
    v212 = bool_not v211
    v213 = state fib@17 self=v3 args=[v204] locals=[n=v204] stack=[] outer=v203
    v214 = tag_fixnum v210
    v215 = bool_to_value v212
    v216 = state fib@8 self=v3 args=[v214] locals=[n=v214] stack=[v215] outer=v213
    v217 = branch v212 state=v216 ctrl=v209
    v218 = if_false ctrl=v217
    v219 = if_true ctrl=v217
    v220 = state fib@17 self=v3 args=[v204] locals=[n=v204] stack=[v3, v214] outer=v203
    v221 = send fib(1) @Object v3, v214 state=v220 ctrl=v219
    v222 = merge ctrl=[v218, v221]
    v223 = phi v214, v221 ctrl=v222
    v224 = int_sub v200, v8
    v225 = int_lt v224, v8
    v226 = bool_not v225
    v227 = state fib@22 self=v3 args=[v204] locals=[] stack=[v223] outer=v203
    v228 = tag_fixnum v224
    v229 = bool_to_value v226
    v230 = state fib@8 self=v3 args=[v228] locals=[n=v228] stack=[v229] outer=v227
    v231 = branch v226 state=v230 ctrl=v222
    v232 = if_false ctrl=v231
    v233 = if_true ctrl=v231
    v234 = state fib@22 self=v3 args=[v204] locals=[] stack=[v223, v3, v228] outer=v203
    v235 = send fib(1) @Object v3, v228 state=v234 ctrl=v233
    v236 = merge ctrl=[v232, v235]
    v237 = phi v228, v235 ctrl=v236
    v238 = is_kind(fixnum) v223
    v239 = state fib@23 self=v3 args=[v204] locals=[] stack=[v223, v237] outer=v203
    v240 = guard(kind fixnum) v238 state=v239 ctrl=v236
    v241 = is_kind(fixnum) v237
    v242 = guard(kind fixnum) v241 state=v239 ctrl=v240
    v243 = untag_fixnum v223
    v244 = untag_fixnum v237
    v245 = fixnum_add v243, v244 state=v239 ctrl=v242
    v246 = merge ctrl=[v208, v245]
    v247 = phi v204, v511 ctrl=v246
    v248 = untag_fixnum v199
    v249 = untag_fixnum v247
    v250 = state fib@23 self=v3 args=[v146] locals=[] stack=[v199, v247] outer=v145
    v251 = fixnum_add v248, v249 state=v250 ctrl=v246
    v252 = merge ctrl=[v150, v251]
    v253 = phi v146, v512 ctrl=v252
    v254 = untag_fixnum v141
    v255 = untag_fixnum v253
    v256 = state fib@23 self=v3 args=[v19] locals=[] stack=[v141, v253] outer=v24
    v257 = fixnum_add v254, v255 state=v256 ctrl=v252
    v258 = merge ctrl=[v28, v257]
    v259 = phi v19, v513 ctrl=v258
    v260 = int_sub v7, v8
    v261 = int_lt v260, v8
    v262 = bool_not v261
    v263 = state fib@22 self=v3 args=[v1] locals=[] stack=[v259]
    v264 = tag_fixnum v260
    v265 = bool_to_value v262
    v266 = state fib@8 self=v3 args=[v264] locals=[n=v264] stack=[v265] outer=v263
    v267 = branch v262 state=v266 ctrl=v258
    v268 = if_false ctrl=v267
    v269 = if_true ctrl=v267
    v270 = int_sub v260, v17
    v271 = int_lt v270, v8
    v272 = bool_not v271
    v273 = state fib@17 self=v3 args=[v264] locals=[n=v264] stack=[] outer=v263
    v274 = tag_fixnum v270
    v275 = bool_to_value v272
    v276 = state fib@8 self=v3 args=[v274] locals=[n=v274] stack=[v275] outer=v273
    v277 = branch v272 state=v276 ctrl=v269
    v278 = if_false ctrl=v277
    v279 = if_true ctrl=v277
    v280 = int_sub v270, v17
    v281 = int_lt v280, v8
    v282 = bool_not v281
    v283 = state fib@17 self=v3 args=[v274] locals=[n=v274] stack=[] outer=v273
    v284 = tag_fixnum v280
    v285 = bool_to_value v282
    v286 = state fib@8 self=v3 args=[v284] locals=[n=v284] stack=[v285] outer=v283
    v287 = branch v282 state=v286 ctrl=v279
    v288 = if_false ctrl=v287
    v289 = if_true ctrl=v287
    v290 = int_sub v280, v17
    v291 = int_lt v290, v8
    v292 = bool_not v291
    v293 = state fib@17 self=v3 args=[v284] locals=[n=v284] stack=[] outer=v283
    v294 = tag_fixnum v290
    v295 = bool_to_value v292
    v296 = state fib@8 self=v3 args=[v294] locals=[n=v294] stack=[v295] outer=v293
    v297 = branch v292 state=v296 ctrl=v289
    v298 = if_false ctrl=v297
    v299 = if_true ctrl=v297
    v300 = state fib@17 self=v3 args=[v284] locals=[n=v284] stack=[v3, v294] outer=v283
    v301 = send fib(1) @Object v3, v294 state=v300 ctrl=v299
    v302 = merge ctrl=[v298, v301]
    v303 = phi v294, v301 ctrl=v302
    v304 = int_sub v280, v8
    v305 = int_lt v304, v8
    v306 = bool_not v305
    v307 = state fib@22 self=v3 args=[v284] locals=[] stack=[v303] outer=v283
    v308 = tag_fixnum v304
    v309 = bool_to_value v306
    v310 = state fib@8 self=v3 args=[v308] locals=[n=v308] stack=[v309] outer=v307
    v311 = branch v306 state=v310 ctrl=v302
    v312 = if_false ctrl=v311
    v313 = if_true ctrl=v311
    v314 = state fib@22 self=v3 args=[v284] locals=[] stack=[v303, v3, v308] outer=v283
    v315 = send fib(1) @Object v3, v308 state=v314 ctrl=v313
    v316 = merge ctrl=[v312, v315]
    v317 = phi v308, v315 ctrl=v316
    v318 = is_kind(fixnum) v303
    v319 = state fib@23 self=v3 args=[v284] locals=[] stack=[v303, v317] outer=v283
    v320 = guard(kind fixnum) v318 state=v319 ctrl=v316
    v321 = is_kind(fixnum) v317
    v322 = guard(kind fixnum) v321 state=v319 ctrl=v320
    v323 = untag_fixnum v303
    v324 = untag_fixnum v317
    v325 = fixnum_add v323, v324 state=v319 ctrl=v322
    v326 = merge ctrl=[v288, v325]
    v327 = phi v284, v514 ctrl=v326
    v328 = int_sub v270, v8
    v329 = int_lt v328, v8
    v330 = bool_not v329
    v331 = state fib@22 self=v3 args=[v274] locals=[] stack=[v327] outer=v273
    v332 = tag_fixnum v328
    v333 = bool_to_value v330
    v334 = state fib@8 self=v3 args=[v332] locals=[n=v332] stack=[v333] outer=v331
    v335 = branch v330 state=v334 ctrl=v326
    v336 = if_false ctrl=v335
    v337 = if_true ctrl=v335
    v338 = int_sub v328, v17
    v339 = int_lt v338, v8
    v340 = bool_not v339
    v341 = state fib@17 self=v3 args=[v332] locals=[n=v332] stack=[] outer=v331
    v342 = tag_fixnum v338
    v343 = bool_to_value v340
    v344 = state fib@8 self=v3 args=[v342] locals=[n=v342] stack=[v343] outer=v341
    v345 = branch v340 state=v344 ctrl=v337
    v346 = if_false ctrl=v345
    v347 = if_true ctrl=v345
    v348 = state fib@17 self=v3 args=[v332] locals=[n=v332] stack=[v3, v342] outer=v331
    v349 = send fib(1) @Object v3, v342 state=v348 ctrl=v347
    v350 = merge ctrl=[v346, v349]
    v351 = phi v342, v349 ctrl=v350
    v352 = int_sub v328, v8
    v353 = int_lt v352, v8
    v354 = bool_not v353
    v355 = state fib@22 self=v3 args=[v332] locals=[] stack=[v351] outer=v331
    v356 = tag_fixnum v352
    v357 = bool_to_value v354
    v358 = state fib@8 self=v3 args=[v356] locals=[n=v356] stack=[v357] outer=v355
    v359 = branch v354 state=v358 ctrl=v350
    v360 = if_false ctrl=v359
    v361 = if_true ctrl=v359
    v362 = state fib@22 self=v3 args=[v332] locals=[] stack=[v351, v3, v356] outer=v331
    v363 = send fib(1) @Object v3, v356 state=v362 ctrl=v361
    v364 = merge ctrl=[v360, v363]
    v365 = phi v356, v363 ctrl=v364
    v366 = is_kind(fixnum) v351
    v367 = state fib@23 self=v3 args=[v332] locals=[] stack=[v351, v365] outer=v331
    v368 = guard(kind fixnum) v366 state=v367 ctrl=v364
    v369 = is_kind(fixnum) v365
    v370 = guard(kind fixnum) v369 state=v367 ctrl=v368
    v371 = untag_fixnum v351
    v372 = untag_fixnum v365
    v373 = fixnum_add v371, v372 state=v367 ctrl=v370
    v374 = merge ctrl=[v336, v373]
    v375 = phi v332, v515 ctrl=v374
    v376 = untag_fixnum v327
    v377 = untag_fixnum v375
    v378 = state fib@23 self=v3 args=[v274] locals=[] stack=[v327, v375] outer=v273
    v379 = fixnum_add v376, v377 state=v378 ctrl=v374
    v380 = merge ctrl=[v278, v379]
    v381 = phi v274, v516 ctrl=v380
    v382 = int_sub v260, v8
    v383 = int_lt v382, v8
    v384 = bool_not v383
    v385 = state fib@22 self=v3 args=[v264] locals=[] stack=[v381] outer=v263
    v386 = tag_fixnum v382
    v387 = bool_to_value v384
    v388 = state fib@8 self=v3 args=[v386] locals=[n=v386] stack=[v387] outer=v385
    v389 = branch v384 state=v388 ctrl=v380
    v390 = if_false ctrl=v389
    v391 = if_true ctrl=v389
    v392 = int_sub v382, v17
    v393 = int_lt v392, v8
    v394 = bool_not v393
    v395 = state fib@17 self=v3 args=[v386] locals=[n=v386] stack=[] outer=v385
    v396 = tag_fixnum v392
    v397 = bool_to_value v394
    v398 = state fib@8 self=v3 args=[v396] locals=[n=v396] stack=[v397] outer=v395
    v399 = branch v394 state=v398 ctrl=v391
    v400 = if_false ctrl=v399
    v401 = if_true ctrl=v399
    v402 = int_sub v392, v17
    v403 = int_lt v402, v8
    v404 = bool_not v403
    v405 = state fib@17 self=v3 args=[v396] locals=[n=v396] stack=[] outer=v395
    v406 = tag_fixnum v402
    v407 = bool_to_value v404
    v408 = state fib@8 self=v3 args=[v406] locals=[n=v406] stack=[v407] outer=v405
    v409 = branch v404 state=v408 ctrl=v401
    v410 = if_false ctrl=v409
    v411 = if_true ctrl=v409
    v412 = state fib@17 self=v3 args=[v396] locals=[n=v396] stack=[v3, v406] outer=v395
    v413 = send fib(1) @Object v3, v406 state=v412 ctrl=v411
    v414 = merge ctrl=[v410, v413]
    v415 = phi v406, v413 ctrl=v414
    v416 = int_sub v392, v8
    v417 = int_lt v416, v8
    v418 = bool_not v417
    v419 = state fib@22 self=v3 args=[v396] locals=[] stack=[v415] outer=v395
    v420 = tag_fixnum v416
    v421 = bool_to_value v418
    v422 = state fib@8 self=v3 args=[v420] locals=[n=v420] stack=[v421] outer=v419
    v423 = branch v418 state=v422 ctrl=v414
    v424 = if_false ctrl=v423
    v425 = if_true ctrl=v423
    v426 = state fib@22 self=v3 args=[v396] locals=[] stack=[v415, v3, v420] outer=v395
    v427 = send fib(1) @Object v3, v420 state=v426 ctrl=v425
    v428 = merge ctrl=[v424, v427]
    v429 = phi v420, v427 ctrl=v428
    v430 = is_kind(fixnum) v415
    v431 = state fib@23 self=v3 args=[v396] locals=[] stack=[v415, v429] outer=v395
    v432 = guard(kind fixnum) v430 state=v431 ctrl=v428
    v433 = is_kind(fixnum) v429
    v434 = guard(kind fixnum) v433 state=v431 ctrl=v432
    v435 = untag_fixnum v415
    v436 = untag_fixnum v429
    v437 = fixnum_add v435, v436 state=v431 ctrl=v434
    v438 = merge ctrl=[v400, v437]
    v439 = phi v396, v517 ctrl=v438
    v440 = int_sub v382, v8
    v441 = int_lt v440, v8
    v442 = bool_not v441
    v443 = state fib@22 self=v3 args=[v386] locals=[] stack=[v439] outer=v385
    v444 = tag_fixnum v440
    v445 = bool_to_value v442
    v446 = state fib@8 self=v3 args=[v444] locals=[n=v444] stack=[v445] outer=v443
    v447 = branch v442 state=v446 ctrl=v438
    v448 = if_false ctrl=v447
    v449 = if_true ctrl=v447
    v450 = int_sub v440, v17
    v451 = int_lt v450, v8
    v452 = bool_not v451
    v453 = state fib@17 self=v3 args=[v444] locals=[n=v444] stack=[] outer=v443
    v454 = tag_fixnum v450
    v455 = bool_to_value v452
    v456 = state fib@8 self=v3 args=[v454] locals=[n=v454] stack=[v455] outer=v453
    v457 = branch v452 state=v456 ctrl=v449
    v458 = if_false ctrl=v457
    v459 = if_true ctrl=v457
    v460 = state fib@17 self=v3 args=[v444] locals=[n=v444] stack=[v3, v454] outer=v443
    v461 = send fib(1) @Object v3, v454 state=v460 ctrl=v459
    v462 = merge ctrl=[v458, v461]
    v463 = phi v454, v461 ctrl=v462
    v464 = int_sub v440, v8
    v465 = int_lt v464, v8
    v466 = bool_not v465
    v467 = state fib@22 self=v3 args=[v444] locals=[] stack=[v463] outer=v443
    v468 = tag_fixnum v464
    v469 = bool_to_value v466
    v470 = state fib@8 self=v3 args=[v468] locals=[n=v468] stack=[v469] outer=v467
    v471 = branch v466 state=v470 ctrl=v462
    v472 = if_false ctrl=v471
    v473 = if_true ctrl=v471
    v474 = state fib@22 self=v3 args=[v444] locals=[] stack=[v463, v3, v468] outer=v443
    v475 = send fib(1) @Object v3, v468 state=v474 ctrl=v473
    v476 = merge ctrl=[v472, v475]
    v477 = phi v468, v475 ctrl=v476
    v478 = is_kind(fixnum) v463
    v479 = state fib@23 self=v3 args=[v444] locals=[] stack=[v463, v477] outer=v443
    v480 = guard(kind fixnum) v478 state=v479 ctrl=v476
    v481 = is_kind(fixnum) v477
    v482 = guard(kind fixnum) v481 state=v479 ctrl=v480
    v483 = untag_fixnum v463
    v484 = untag_fixnum v477
    v485 = fixnum_add v483, v484 state=v479 ctrl=v482
    v486 = merge ctrl=[v448, v485]
    v487 = phi v444, v518 ctrl=v486
    v488 = untag_fixnum v439
    v489 = untag_fixnum v487
    v490 = state fib@23 self=v3 args=[v386] locals=[] stack=[v439, v487] outer=v385
    v491 = fixnum_add v488, v489 state=v490 ctrl=v486
    v492 = merge ctrl=[v390, v491]
    v493 = phi v386, v519 ctrl=v492
    v494 = untag_fixnum v381
    v495 = untag_fixnum v493
    v496 = state fib@23 self=v3 args=[v264] locals=[] stack=[v381, v493] outer=v263
    v497 = fixnum_add v494, v495 state=v496 ctrl=v492
    v498 = merge ctrl=[v268, v497]
    v499 = phi v264, v520 ctrl=v498
    v500 = untag_fixnum v259
    v501 = untag_fixnum v499
    v502 = state fib@23 self=v3 args=[v1] locals=[] stack=[v259, v499]
    v503 = fixnum_add v500, v501 state=v502 ctrl=v498
    v504 = merge ctrl=[v14, v503]
    v505 = phi v1, v521 ctrl=v504
    v506 = return v505 ctrl=v504
    v507 = tag_fixnum v85
    v508 = tag_fixnum v133
    v509 = tag_fixnum v139
    v510 = tag_fixnum v197
    v511 = tag_fixnum v245
    v512 = tag_fixnum v251
    v513 = tag_fixnum v257
    v514 = tag_fixnum v325
    v515 = tag_fixnum v373
    v516 = tag_fixnum v379
    v517 = tag_fixnum v437
    v518 = tag_fixnum v485
    v519 = tag_fixnum v491
    v520 = tag_fixnum v497
    v521 = tag_fixnum v503
    v522 = finish ctrl=[v506]
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

/// Early-exit inlining: `score` is too big to inline, but it starts with a
/// guard clause. The clause is inlined (its guard on `x`, the compare, the
/// branch), its `return 0` returns in place, and only the other side
/// calls `score`, with the caller's frame state, as before.
#[test]
fn early_exit_inlines_a_big_callees_guard_clause() {
    let graphs = graphs_after_run(
        r#"def score(x)
  return 0 if x < 0
  a = x * 3 + 1
  b = a * a - x
  c = b % 7 + a
  d = c * 2 - b
  e = d + a * b
  f = e % 11 + c
  g = f * f - d
  h = g + e * 2
  i = h % 13 + f
  j = i * 3 - g
  k = j + a - b
  l = k * 5 % 17
  m = l + c * d
  n = m - e % 19
  o = n + f + g
  q = o * 2 - h
  r = q % 23 + i
  s = r + j * k
  t = s - l + m
  t % 1000
end

def total(x) = score(x) + 1
100.times { |i| total(i - 50) }
"#,
        "total",
    );
    insta::assert_snapshot!(after(&graphs, "final"), @r"
    v0 = start
    v1 = self
    v2 = is_kind(Object) v1
    v3 = arg 0
    v4 = state total@6 self=v1 args=[v3] locals=[] stack=[v1, v3]
    v5 = guard(kind Object) v2 state=v4 ctrl=v0
    v6 = is_kind(fixnum) v3
    v7 = state total@6 self=v1 args=[v3] locals=[] stack=[]
    v8 = const 0
    v9 = state score@6 self=v1 args=[v3] locals=[x=v3] stack=[v3, v8] outer=v7
    v10 = guard(kind fixnum) v6 state=v9 ctrl=v5
    v11 = untag_fixnum v3
    v12 = const int 0
    v13 = int_lt v11, v12
    v14 = bool_not v13
    v15 = bool_to_value v14
    v16 = state score@8 self=v1 args=[v3] locals=[x=v3] stack=[v15] outer=v7
    v17 = branch v14 state=v16 ctrl=v10
    v18 = if_false ctrl=v17
    v19 = if_true ctrl=v17
    v20 = send score(1) @Object v1, v3 state=v4 ctrl=v19
    v21 = merge ctrl=[v18, v20]
    v22 = phi v8, v20 ctrl=v21
    v23 = is_kind(fixnum) v22
    v24 = const 1
    v25 = state total@8 self=v1 args=[v3] locals=[] stack=[v22, v24]
    v26 = guard(kind fixnum) v23 state=v25 ctrl=v21
    v27 = untag_fixnum v22
    v28 = const int 1
    v29 = fixnum_add v27, v28 state=v25 ctrl=v26
    v30 = tag_fixnum v29
    v31 = return v30 ctrl=v29
    v32 = finish ctrl=[v31]
    ");
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
