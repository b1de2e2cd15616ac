//! Statements: assignments (bounded, so loops cannot blow values up),
//! output, conditionals, loops of every kind with `break`/`next`,
//! `begin`/`rescue`/`ensure`/`retry`, raises, `case`, `catch`/`throw`,
//! collection mutation, closures, calls for their effect and early returns.
//!
//! Loop counters are named `k<n>` and never reassigned (that is what keeps
//! every loop finite).

use super::ast::*;
use super::gen::*;

/// The loop counters' prefix: locals named so are never reassigned.
const COUNTER: &str = "k";

/// Whether a local is a loop counter (`k<n>` here, `i<n>` in scenarios),
/// which must never be reassigned.
fn is_counter(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('k' | 'i')) && chars.next().is_some_and(|c| c.is_ascii_digit())
}

impl Gen {
    /// `n` statements (each may expand to a few).
    pub fn stmts(&mut self, cx: &mut Cx, n: usize) -> Vec<Stmt> {
        let mut out = Vec::new();
        for _ in 0..n {
            let s = self.stmt(cx);
            out.extend(s);
        }
        out
    }

    /// Whether output statements are allowed here (not in hot code).
    fn printing(&self, cx: &Cx) -> bool {
        cx.can_print && cx.mult <= 12
    }

    /// One statement (possibly with a helper statement before it).
    pub fn stmt(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        cx.charge(1, 0);
        let nested_ok = cx.depth < 3 && cx.affords(30, 2);
        let printing = self.printing(cx);
        for _ in 0..6 {
            let choice = self.rng.weighted(&[
                16,                                          // 0 new local
                9,                                           // 1 reassign local
                if cx.self_class.is_some() { 7 } else { 0 }, // 2 ivar
                3,                                           // 3 attribute write
                if printing { 12 } else { 4 },               // 4 output / checksum
                if nested_ok { 7 } else { 0 },               // 5 if
                if nested_ok { 8 } else { 0 },               // 6 loop
                if nested_ok { 4 } else { 0 },               // 7 begin/rescue
                3,                                           // 8 raise
                if nested_ok { 2 } else { 0 },               // 9 case
                6,                                           // 10 call for effect
                4,                                           // 11 return / next / break
                3,                                           // 12 collection mutation
                2,                                           // 13 multiple assignment
                if nested_ok { 2 } else { 0 },               // 14 catch/throw
                3,                                           // 15 proc local
                2,                                           // 16 yield for effect
                2,                                           // 17 op-assign
            ]);
            let made = match choice {
                0 => Some(self.new_local(cx)),
                1 => self.reassign(cx),
                2 => self.ivar_assign(cx),
                3 => self.attr_write(cx),
                4 => Some(self.output(cx)),
                5 => Some(vec![self.if_stmt(cx)]),
                6 => Some(self.loop_stmt(cx)),
                7 => Some(self.begin_stmt(cx)),
                8 => Some(vec![self.raise_stmt(cx)]),
                9 => Some(vec![self.case_stmt(cx)]),
                10 => self
                    .call_expr_with(cx, Ty::Int, 2, true)
                    .map(|e| vec![Stmt::Expr(e)]),
                11 => self.jump_stmt(cx).map(|s| vec![s]),
                12 => self.mutation(cx),
                13 => self.multi_assign(cx),
                14 => Some(self.catch_stmt(cx)),
                15 => Some(self.proc_local(cx)),
                16 => self.yield_stmt(cx),
                _ => self.op_assign(cx),
            };
            if let Some(stmts) = made {
                return stmts;
            }
        }
        vec![self.new_local(cx)].into_iter().flatten().collect()
    }

    /// A random type for a new local.
    pub fn local_ty(&mut self, cx: &Cx) -> Ty {
        let mut options = vec![
            (Ty::Int, 10),
            (Ty::Float, 2),
            (Ty::Num, 3),
            (Ty::Str, 4),
            (Ty::Bool, 2),
            (Ty::Sym, 1),
            (Ty::ArrInt, 3),
            (Ty::HashInt, 2),
        ];
        if let Some(c) = self.some_class(cx) {
            options.push((Ty::Obj(c), 3));
            options.push((Ty::ArrObj(c), 1));
        }
        let weights: Vec<u32> = options.iter().map(|(_, w)| *w).collect();
        options[self.rng.weighted(&weights)].0
    }

    /// `vN = expr`.
    pub fn new_local(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let ty = self.local_ty(cx);
        let e = self.expr(cx, ty, 3);
        let name = self.fresh("v");
        cx.declare(&name, ty);
        vec![assign(&name, e)]
    }

    /// Locals that may be reassigned (not loop counters).
    fn assignable(&self, cx: &Cx) -> Vec<(String, Ty)> {
        cx.locals()
            .filter(|(n, t)| !is_counter(n) && !matches!(t, Ty::Proc(_)))
            .cloned()
            .collect()
    }

    fn reassign(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let vars = self.assignable(cx);
        if vars.is_empty() {
            return None;
        }
        let (name, ty) = self.rng.pick(&vars).clone();
        let e = self.expr(cx, ty, 2);
        let e = self.bounded(e, ty);
        Some(vec![assign(&name, e)])
    }

    fn ivar_assign(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let class = cx.self_class?;
        let ivars = self.visible_ivars(class);
        if ivars.is_empty() {
            return None;
        }
        let ivar = self.rng.pick(&ivars).clone();
        let target = atom(format!("@{}", ivar.name));
        if ivar.ty == Ty::ArrInt && self.rng.chance(50) && !cx.in_init {
            // A bounded queue: push, then drop the oldest.
            let e = self.expr(cx, Ty::Int, 2);
            let read = self.ivar_read(&ivar);
            return Some(vec![
                Stmt::Assign(target.clone(), bin(read, "+", Expr::Array(vec![e]))),
                Stmt::If {
                    cond: bin(call(Some(target.clone()), "size", vec![]), ">", int(6)),
                    then: vec![Stmt::Expr(call(Some(target), "shift", vec![]))],
                    els: vec![],
                    unless: false,
                    modifier: true,
                },
            ]);
        }
        if ivar.maybe_nil && self.rng.chance(50) {
            let e = self.expr(cx, ivar.ty, 2);
            return Some(vec![Stmt::OpAssign(target, "||".into(), e)]);
        }
        let e = self.expr(cx, ivar.ty, 2);
        let e = self.bounded(e, ivar.ty);
        Some(vec![Stmt::Assign(target, e)])
    }

    fn attr_write(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let objs: Vec<(String, usize)> = cx
            .locals()
            .filter_map(|(n, t)| match t {
                Ty::Obj(c) => Some((n.clone(), *c)),
                _ => None,
            })
            .collect();
        if objs.is_empty() {
            return None;
        }
        let (name, class) = self.rng.pick(&objs).clone();
        let writable: Vec<Ivar> = self
            .visible_ivars(class)
            .into_iter()
            .filter(|i| i.writer)
            .collect();
        if writable.is_empty() {
            return None;
        }
        let ivar = self.rng.pick(&writable).clone();
        let e = self.expr(cx, ivar.ty, 2);
        let e = self.bounded(e, ivar.ty);
        Some(vec![Stmt::Assign(
            call(Some(atom(name)), &ivar.name, vec![]),
            e,
        )])
    }

    /// Output (in printing code) or a checksum update (in hot code).
    pub fn output(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        if !self.printing(cx) || self.rng.chance(15) {
            let e = self.expr(cx, Ty::Int, 2);
            return vec![self.checksum(e)];
        }
        let ty = self.printable_ty(cx);
        let e = self.expr(cx, ty, 2);
        match self.rng.index(6) {
            0 | 1 => vec![p(vec![e])],
            2 => {
                let ty2 = self.printable_ty(cx);
                let e2 = self.expr(cx, ty2, 1);
                vec![p(vec![e, e2])]
            }
            3 => {
                let label = self.fresh("at");
                vec![puts(Expr::Interp(vec![
                    Part::Text(format!("{label}: ")),
                    Part::Code(e),
                ]))]
            }
            4 => vec![Stmt::Expr(call(
                Some(atom("$stdout")),
                "puts",
                vec![call(Some(e), "inspect", vec![])],
            ))],
            _ => vec![puts(e)],
        }
    }

    /// `$fz = ($fz * 31 + e) % 1000000007`: the running checksum hot code
    /// writes instead of printing.
    pub fn checksum(&mut self, e: Expr) -> Stmt {
        assign(
            "$fz",
            bin(
                bin(bin(atom("$fz"), "*", int(31)), "+", e),
                "%",
                atom("1000000007"),
            ),
        )
    }

    fn sub_body(&mut self, cx: &mut Cx, lo: usize, hi: usize) -> Vec<Stmt> {
        cx.push_scope();
        cx.depth += 1;
        let n = self.rng.urange(lo, hi);
        let body = self.stmts(cx, n);
        cx.depth -= 1;
        cx.pop_scope();
        body
    }

    fn if_stmt(&mut self, cx: &mut Cx) -> Stmt {
        let cond = self.expr(cx, Ty::Bool, 2);
        let then = self.sub_body(cx, 1, 3);
        let els = match self.rng.index(3) {
            0 => self.sub_body(cx, 1, 2),
            1 if cx.depth < 2 => {
                // elsif
                let cond2 = self.expr(cx, Ty::Bool, 1);
                let then2 = self.sub_body(cx, 1, 2);
                let els2 = if self.rng.chance(50) {
                    self.sub_body(cx, 1, 2)
                } else {
                    Vec::new()
                };
                vec![Stmt::If {
                    cond: cond2,
                    then: then2,
                    els: els2,
                    unless: false,
                    modifier: false,
                }]
            }
            _ => Vec::new(),
        };
        Stmt::If {
            cond,
            then,
            unless: els.is_empty() && self.rng.chance(20),
            modifier: els.is_empty() && self.rng.chance(50),
            els,
        }
    }

    /// Statements of a loop body run `n` times per run of the loop.
    fn loop_body(&mut self, cx: &mut Cx, n: u64, params: &[(&str, Ty)], l: LoopCx) -> Vec<Stmt> {
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(n.max(1));
        cx.push_scope();
        for (name, ty) in params {
            cx.declare(name, *ty);
        }
        cx.loops.push(l);
        cx.depth += 1;
        // A conditional next/break now and then (made first: it may only
        // use what is defined before the body).
        let jump = if self.rng.chance(30) {
            self.jump_stmt(cx)
        } else {
            None
        };
        let count = self.rng.urange(1, 3);
        let mut body = self.stmts(cx, count);
        if let Some(j) = jump {
            let at = self.rng.urange(0, body.len());
            body.insert(at, j);
        }
        cx.depth -= 1;
        cx.loops.pop();
        cx.pop_scope();
        cx.mult = saved;
        body
    }

    /// A loop of some kind, with its counter set-up when it has one.
    pub fn loop_stmt(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let n = self.rng.range(2, 6);
        let each_block = LoopCx::Block {
            next_ty: None,
            break_ok: true,
            kind: BlockKind::Direct,
        };
        match self.rng.weighted(&[6, 4, 2, 2, 4, 2, 2, 3, 2, 1, 2]) {
            0 => self.times_loop(cx, n, each_block),
            1 => self.while_loop(cx, n),
            2 => self.loop_do(cx, n, each_block),
            3 => self.step_loop(cx, n, each_block),
            4 => self.array_loop(cx, each_block),
            5 => {
                let lo = self.rng.range(-3, 3);
                let i = self.fresh(COUNTER);
                let body = self.loop_body(cx, n as u64, &[(&i, Ty::Int)], each_block);
                vec![Stmt::Expr(call_block(
                    Some(Expr::Range(
                        Box::new(int(i128::from(lo))),
                        Box::new(int(i128::from(lo + n))),
                        true,
                    )),
                    "each",
                    vec![],
                    &[&i],
                    body,
                ))]
            }
            6 => {
                let h = self.expr(cx, Ty::HashInt, 1);
                let k = self.fresh("hk");
                let v = self.fresh("hv");
                let body = self.loop_body(cx, 4, &[(&v, Ty::Int)], each_block);
                vec![Stmt::Expr(call_block(
                    Some(h),
                    "each",
                    vec![],
                    &[&k, &v],
                    body,
                ))]
            }
            7 => {
                let Some(c) = self.some_class(cx) else {
                    return self.loop_stmt(cx);
                };
                let objs = self.expr(cx, Ty::ArrObj(c), 1);
                let o = self.fresh("o");
                let body = self.loop_body(cx, 4, &[(&o, Ty::Obj(c))], each_block);
                vec![Stmt::Expr(call_block(
                    Some(objs),
                    "each",
                    vec![],
                    &[&o],
                    body,
                ))]
            }
            8 => {
                let arr = self.expr(cx, Ty::ArrInt, 1);
                let xs = self.fresh("xs");
                let body = self.loop_body(cx, 3, &[(&xs, Ty::ArrInt)], each_block);
                vec![Stmt::Expr(call_block(
                    Some(arr),
                    "each_slice",
                    vec![int(2)],
                    &[&xs],
                    body,
                ))]
            }
            10 => self.pairs_loop(cx, each_block),
            _ => {
                // for x in (a...b): the variable outlives the loop in Ruby;
                // the generator does not use it after.
                let i = self.fresh(COUNTER);
                let body = self.loop_body(cx, n as u64, &[(&i, Ty::Int)], LoopCx::While);
                vec![Stmt::For {
                    var: i,
                    iter: Expr::Range(Box::new(int(0)), Box::new(int(i128::from(n))), true),
                    body,
                }]
            }
        }
    }

    /// `n.times { |k| }`, sometimes with a `redo` (bounded by a counter).
    fn times_loop(&mut self, cx: &mut Cx, n: i64, each_block: LoopCx) -> Vec<Stmt> {
        let i = self.fresh(COUNTER);
        let mut body = self.loop_body(cx, n as u64, &[(&i, Ty::Int)], each_block);
        let mut before = Vec::new();
        if self.rng.chance(15) {
            // `redo` runs the block again for the same value; a
            // counter makes it happen once in three.
            let rd = self.fresh(COUNTER);
            before.push(assign(&rd, int(0)));
            body.insert(0, Stmt::OpAssign(atom(rd.clone()), "+".into(), int(1)));
            body.insert(
                1,
                Stmt::If {
                    cond: bin(bin(atom(rd), "%", int(3)), "==", int(1)),
                    then: vec![Stmt::Raw("redo".into())],
                    els: vec![],
                    unless: false,
                    modifier: true,
                },
            );
        }
        before.push(Stmt::Expr(call_block(
            Some(int(i128::from(n))),
            "times",
            vec![],
            &[&i],
            body,
        )));
        before
    }

    /// `while`/`until` on a counter incremented first, so `next` cannot
    /// skip it.
    fn while_loop(&mut self, cx: &mut Cx, n: i64) -> Vec<Stmt> {
        // while with the increment first, so `next` cannot skip it
        let k = self.fresh(COUNTER);
        let until = self.rng.chance(30);
        let mut body = vec![Stmt::OpAssign(atom(k.clone()), "+".into(), int(1))];
        body.extend(self.loop_body(cx, n as u64, &[(&k, Ty::Int)], LoopCx::While));
        let cond = if until {
            bin(atom(k.clone()), ">=", int(i128::from(n)))
        } else {
            bin(atom(k.clone()), "<", int(i128::from(n)))
        };
        vec![assign(&k, int(0)), Stmt::While { cond, body, until }]
    }

    /// `loop do ... end` left by `break` when its counter passes `n`.
    fn loop_do(&mut self, cx: &mut Cx, n: i64, each_block: LoopCx) -> Vec<Stmt> {
        let k = self.fresh(COUNTER);
        let mut body = vec![
            Stmt::OpAssign(atom(k.clone()), "+".into(), int(1)),
            Stmt::If {
                cond: bin(atom(k.clone()), ">", int(i128::from(n))),
                then: vec![Stmt::Break(None)],
                els: vec![],
                unless: false,
                modifier: true,
            },
        ];
        body.extend(self.loop_body(cx, n as u64, &[(&k, Ty::Int)], each_block));
        vec![
            assign(&k, int(0)),
            Stmt::Expr(call_block(None, "loop", vec![], &[], body)),
        ]
    }

    /// `upto`, `downto` or `step` over `n` Integers.
    fn step_loop(&mut self, cx: &mut Cx, n: i64, each_block: LoopCx) -> Vec<Stmt> {
        let i = self.fresh(COUNTER);
        let lo = self.rng.range(-2, 3);
        let (recv, m, args) = match self.rng.index(3) {
            0 => (
                int(i128::from(lo)),
                "upto",
                vec![int(i128::from(lo + n - 1))],
            ),
            1 => (
                int(i128::from(lo + n - 1)),
                "downto",
                vec![int(i128::from(lo))],
            ),
            _ => (
                int(i128::from(lo)),
                "step",
                vec![int(i128::from(lo + 2 * n - 1)), int(2)],
            ),
        };
        let body = self.loop_body(cx, n as u64, &[(&i, Ty::Int)], each_block);
        vec![Stmt::Expr(call_block(Some(recv), m, args, &[&i], body))]
    }

    /// `each` or `each_with_index` over an Array of Integers.
    fn array_loop(&mut self, cx: &mut Cx, each_block: LoopCx) -> Vec<Stmt> {
        let arr = self.expr(cx, Ty::ArrInt, 1);
        let x = self.fresh("x");
        if self.rng.chance(30) {
            let i = self.fresh(COUNTER);
            let body = self.loop_body(cx, 6, &[(&x, Ty::Int), (&i, Ty::Int)], each_block);
            vec![Stmt::Expr(call_block(
                Some(arr),
                "each_with_index",
                vec![],
                &[&x, &i],
                body,
            ))]
        } else {
            let body = self.loop_body(cx, 6, &[(&x, Ty::Int)], each_block);
            vec![Stmt::Expr(call_block(
                Some(arr),
                "each",
                vec![],
                &[&x],
                body,
            ))]
        }
    }

    /// `each` over pairs made by `map`, split into two block parameters.
    fn pairs_loop(&mut self, cx: &mut Cx, each_block: LoopCx) -> Vec<Stmt> {
        // Pairs split into two block parameters.
        let arr = self.expr(cx, Ty::ArrInt, 1);
        let x = self.fresh("x");
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(6);
        cx.push_scope();
        cx.declare(&x, Ty::Int);
        let second = self.expr(cx, Ty::Int, 1);
        cx.pop_scope();
        cx.mult = saved;
        let pairs = call_block(
            Some(arr),
            "map",
            vec![],
            &[&x],
            vec![Stmt::Expr(Expr::Array(vec![atom(x.clone()), second]))],
        );
        let a = self.fresh("x");
        let b = self.fresh("x");
        let body = self.loop_body(cx, 6, &[(&a, Ty::Int), (&b, Ty::Int)], each_block);
        vec![Stmt::Expr(call_block(
            Some(pairs),
            "each",
            vec![],
            &[&a, &b],
            body,
        ))]
    }

    /// `begin`/`rescue`/`else`/`ensure`, with a bounded `retry` sometimes.
    pub fn begin_stmt(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut before = Vec::new();
        let retry_counter = if self.rng.chance(30) {
            let t = self.fresh(COUNTER);
            before.push(assign(&t, int(0)));
            Some(t)
        } else {
            None
        };
        cx.push_scope();
        cx.depth += 1;
        let mut body = Vec::new();
        if let Some(t) = &retry_counter {
            body.push(Stmt::OpAssign(atom(t.clone()), "+".into(), int(1)));
        }
        // The raise is made first: it may only use what is defined before.
        let raise = if self.rng.chance(60) {
            Some(self.raise_stmt(cx))
        } else {
            None
        };
        let n = self.rng.urange(1, 3);
        body.extend(self.stmts(cx, n));
        if let Some(r) = raise {
            let at = self
                .rng
                .urange(usize::from(retry_counter.is_some()), body.len());
            body.insert(at, r);
        }
        cx.depth -= 1;
        cx.pop_scope();
        let mut rescues = Vec::new();
        let clauses = self.rng.urange(1, 2);
        for _ in 0..clauses {
            let classes = match self.rng.index(6) {
                0 => vec!["FzDeep".to_owned()],
                1 => vec!["FzError".to_owned()],
                2 => vec!["ZeroDivisionError".to_owned(), "ArgumentError".to_owned()],
                3 => vec!["IndexError".to_owned(), "FzError".to_owned()],
                4 => vec!["StandardError".to_owned()],
                _ => vec![],
            };
            let var = self.fresh("e");
            let mut rbody = Vec::new();
            let printing = self.printing(cx);
            let message = call(Some(atom(var.clone())), "message", vec![]);
            if printing {
                rbody.push(puts(Expr::Interp(vec![
                    Part::Text("rescued ".into()),
                    Part::Code(call(Some(atom(var.clone())), "class", vec![])),
                    Part::Text(": ".into()),
                    Part::Code(message),
                ])));
            } else {
                let size = call(Some(message), "size", vec![]);
                rbody.push(self.checksum(size));
            }
            if self.rng.chance(35) {
                let sum = self.trace_sum(atom(var.clone()));
                if printing && self.rng.chance(50) {
                    rbody.push(p(vec![self.trace(atom(var.clone()), Some(3))]));
                } else {
                    rbody.push(self.checksum(sum));
                }
            }
            if classes == ["FzDeep"] {
                rbody.push(self.checksum(call(Some(atom(var.clone())), "v", vec![])));
            }
            if let Some(t) = &retry_counter {
                rbody.push(Stmt::If {
                    cond: bin(atom(t.clone()), "<", int(3)),
                    then: vec![Stmt::Retry],
                    els: vec![],
                    unless: false,
                    modifier: true,
                });
            }
            if self.rng.chance(25) {
                cx.push_scope();
                rbody.extend(self.stmts(cx, 1));
                cx.pop_scope();
            }
            rescues.push(Rescue {
                classes,
                var: Some(var),
                body: rbody,
            });
        }
        let else_body = if self.rng.chance(20) {
            vec![self.output(cx)].into_iter().flatten().collect()
        } else {
            Vec::new()
        };
        let ensure = if self.rng.chance(40) {
            let e = self.leaf(cx, Ty::Int);
            Some(vec![self.checksum(e)])
        } else {
            None
        };
        cx.may_raise = true;
        before.push(Stmt::Begin(Box::new(BeginBlock {
            body,
            rescues,
            else_body,
            ensure,
        })));
        before
    }

    /// A conditional raise of one of several exceptions.
    pub fn raise_stmt(&mut self, cx: &mut Cx) -> Stmt {
        let x = self.leaf(cx, Ty::Int);
        let m = self.rng.range(5, 23);
        let r = self.rng.range(0, m - 1);
        let cond = bin(
            bin(x.clone(), "%", int(i128::from(m))),
            "==",
            int(i128::from(r)),
        );
        cx.may_raise = true;
        let raise = match self.rng.index(9) {
            0 | 1 => call_full(
                None,
                "raise",
                vec![
                    Arg::Pos(atom("FzError")),
                    Arg::Pos(Expr::Interp(vec![
                        Part::Text("bad ".into()),
                        Part::Code(x.clone()),
                    ])),
                ],
                None,
            ),
            2 | 3 => call(
                None,
                "raise",
                vec![call(Some(atom("FzDeep")), "new", vec![x.clone()])],
            ),
            4 => call(
                None,
                "raise",
                vec![Expr::Interp(vec![
                    Part::Text("plain ".into()),
                    Part::Code(x.clone()),
                ])],
            ),
            5 => call(
                None,
                "Integer",
                vec![Expr::Interp(vec![
                    Part::Text("z".into()),
                    Part::Code(x.clone()),
                ])],
            ),
            6 => call(Some(Expr::Array(vec![])), "fetch", vec![x.clone()]),
            7 => bin(x.clone(), "/", int(0)),
            _ => call(
                Some(Expr::Hash(vec![(atom(":a"), int(1))])),
                "fetch",
                vec![atom(":zz")],
            ),
        };
        Stmt::If {
            cond,
            then: vec![Stmt::Expr(raise)],
            els: vec![],
            unless: false,
            modifier: self.rng.chance(70),
        }
    }

    fn case_stmt(&mut self, cx: &mut Cx) -> Stmt {
        if self.rng.chance(20) {
            // Symbols (`when :a` is an identity test while Symbol#=== is the core's).
            let subject = self.expr(cx, Ty::Sym, 1);
            let mut arms = Vec::new();
            let mut syms = vec![":a", ":b", ":c", ":ok", ":name"];
            self.rng.shuffle(&mut syms);
            for chunk in syms.chunks(2).take(self.rng.urange(1, 3)) {
                let body = self.sub_body(cx, 1, 2);
                arms.push((chunk.iter().map(|s| atom(*s)).collect(), body));
            }
            return Stmt::Case {
                subject: Some(subject),
                arms,
                els: Some(self.sub_body(cx, 1, 1)),
            };
        }
        if let (true, Some(c)) = (self.rng.chance(50), self.some_class(cx)) {
            // Dispatch on the class of an object.
            let o = self.expr(cx, Ty::Obj(c), 1);
            let mut sub = self.subtree(c);
            self.rng.shuffle(&mut sub);
            // Most specific first, so every arm can match.
            sub.sort_by_key(|&k| std::cmp::Reverse(self.classes[k].depth));
            let mut arms = Vec::new();
            for k in sub.into_iter().take(3) {
                let body = self.sub_body(cx, 1, 2);
                arms.push((vec![atom(self.classes[k].name.clone())], body));
            }
            let els = if self.rng.chance(50) {
                Some(self.sub_body(cx, 1, 1))
            } else {
                None
            };
            return Stmt::Case {
                subject: Some(o),
                arms,
                els,
            };
        }
        let subject = self.expr(cx, Ty::Int, 1);
        let mut arms = Vec::new();
        for _ in 0..self.rng.urange(1, 3) {
            let values = if self.rng.chance(50) {
                let lo = self.rng.range(-5, 10);
                vec![Expr::Range(
                    Box::new(int(i128::from(lo))),
                    Box::new(int(i128::from(lo + self.rng.range(0, 20)))),
                    false,
                )]
            } else {
                (0..self.rng.urange(1, 3))
                    .map(|_| self.small(-1, 9))
                    .collect()
            };
            let body = self.sub_body(cx, 1, 2);
            arms.push((values, body));
        }
        let els = if self.rng.chance(60) {
            Some(self.sub_body(cx, 1, 1))
        } else {
            None
        };
        Stmt::Case {
            subject: Some(subject),
            arms,
            els,
        }
    }

    /// A conditional `return`, `next` or `break` that fits where we are.
    pub fn jump_stmt(&mut self, cx: &mut Cx) -> Option<Stmt> {
        let mut options: Vec<Stmt> = Vec::new();
        match cx.loops.last().cloned() {
            Some(LoopCx::While) => {
                options.push(Stmt::Next(None));
                options.push(Stmt::Break(None));
            }
            Some(LoopCx::Block {
                next_ty, break_ok, ..
            }) => {
                let value = next_ty.map(|t| self.expr(cx, t, 1));
                options.push(Stmt::Next(value));
                if break_ok {
                    options.push(Stmt::Break(None));
                }
            }
            None => {}
        }
        if !cx.in_init {
            if let Some(ty) = cx.return_ty() {
                let e = self.expr(cx, ty, 1);
                options.push(Stmt::Return(Some(e)));
            }
        }
        if options.is_empty() {
            return None;
        }
        let jump = self.rng.pick(&options).clone();
        let cond = self.expr(cx, Ty::Bool, 1);
        Some(Stmt::If {
            cond,
            then: vec![jump],
            els: vec![],
            unless: self.rng.chance(20),
            modifier: self.rng.chance(70),
        })
    }

    fn mutation(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let arrays: Vec<String> = cx
            .locals()
            .filter(|(n, t)| *t == Ty::ArrInt && !is_counter(n))
            .map(|(n, _)| n.clone())
            .collect();
        let hashes: Vec<String> = cx
            .locals()
            .filter(|(_, t)| *t == Ty::HashInt)
            .map(|(n, _)| n.clone())
            .collect();
        if !hashes.is_empty() && self.rng.chance(40) {
            let h = atom(self.rng.pick(&hashes).clone());
            let k = self.key_lit();
            let e = self.expr(cx, Ty::Int, 1);
            return Some(vec![match self.rng.index(3) {
                0 => Stmt::Assign(Expr::Index(Box::new(h), vec![k]), e),
                1 => Stmt::Assign(
                    Expr::Index(Box::new(h.clone()), vec![k.clone()]),
                    self.bounded(
                        bin(call(Some(h), "fetch", vec![k, int(0)]), "+", e),
                        Ty::Int,
                    ),
                ),
                _ => Stmt::Expr(call(Some(h), "delete", vec![k])),
            }]);
        }
        let strings: Vec<String> = cx
            .locals()
            .filter(|(n, t)| *t == Ty::Str && !is_counter(n))
            .map(|(n, _)| n.clone())
            .collect();
        if !strings.is_empty() && cx.mult <= 16 && self.rng.chance(30) {
            // In place (unless the String is frozen, as `true.to_s` is):
            // compiled code caches a String's length until its bytes change.
            let s = atom(self.rng.pick(&strings).clone());
            let change = match self.rng.index(4) {
                0 => {
                    let t = self.expr(cx, Ty::Str, 1);
                    bin(s.clone(), "<<", t)
                }
                1 => call(Some(s.clone()), "upcase!", vec![]),
                2 => call(Some(s.clone()), "reverse!", vec![]),
                _ => call(Some(s.clone()), "concat", vec![string("\u{e9}")]),
            };
            // The String may be shared (an instance variable passed in):
            // keep it short, or it would grow on every call.
            let trim = call(
                Some(s.clone()),
                "slice!",
                vec![Expr::Range(Box::new(int(30)), Box::new(int(-1)), false)],
            );
            return Some(vec![Stmt::If {
                cond: call(Some(s), "frozen?", vec![]),
                then: vec![Stmt::Expr(change), Stmt::Expr(trim)],
                els: vec![],
                unless: true,
                modifier: false,
            }]);
        }
        if arrays.is_empty() {
            return None;
        }
        let a = atom(self.rng.pick(&arrays).clone());
        let grow_ok = cx.mult <= 16;
        // The Array may be shared (an instance variable passed in): after
        // growing it, keep it short, or it would grow on every call.
        let trim = Stmt::If {
            cond: bin(call(Some(a.clone()), "size", vec![]), ">", int(8)),
            then: vec![Stmt::Expr(call(Some(a.clone()), "shift", vec![]))],
            els: vec![],
            unless: false,
            modifier: true,
        };
        let choice = self.rng.index(10);
        let grows = grow_ok && matches!(choice, 0 | 1 | 8);
        let change = match choice {
            0 | 1 if grow_ok => {
                let e = self.expr(cx, Ty::Int, 1);
                match self.rng.index(5) {
                    0 | 1 => Stmt::Expr(bin(a, "<<", e)),
                    2 => Stmt::Expr(call(Some(a), "push", vec![e])),
                    3 => Stmt::Expr(call(Some(a), "unshift", vec![e])),
                    _ => Stmt::Expr(call(Some(a), "insert", vec![int(-1), e])),
                }
            }
            8 if grow_ok => {
                // An element write, at most one past the end (no holes).
                let i = self.expr(cx, Ty::Int, 1);
                let e = self.expr(cx, Ty::Int, 1);
                Stmt::Assign(
                    Expr::Index(
                        Box::new(a.clone()),
                        vec![bin(i, "%", bin(call(Some(a), "size", vec![]), "+", int(1)))],
                    ),
                    e,
                )
            }
            9 => match self.rng.index(5) {
                0 => Stmt::Expr(call(Some(a), "uniq!", vec![])),
                1 => Stmt::Expr(call(Some(a), "rotate!", vec![self.small(-2, 3)])),
                2 => Stmt::Expr(call(Some(a), "slice!", vec![int(0), self.small(0, 2)])),
                3 => Stmt::Expr(call(Some(a), "clear", vec![])),
                _ => Stmt::Expr(call(Some(a), "compact!", vec![])),
            },
            2 => Stmt::Expr(call(Some(a), "pop", vec![])),
            3 => Stmt::Expr(call(Some(a), "shift", vec![])),
            4 => Stmt::Expr(call(Some(a), "sort!", vec![])),
            5 => Stmt::Expr(call(Some(a), "reverse!", vec![])),
            6 => {
                let x = self.fresh("x");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(6);
                let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Int, 1, false);
                cx.mult = saved;
                let body = match body.as_slice() {
                    [Stmt::Expr(e)] => vec![Stmt::Expr(self.bounded(e.clone(), Ty::Int))],
                    _ => body,
                };
                Stmt::Expr(call_block(Some(a), "map!", vec![], &[&x], body))
            }
            _ => {
                let x = self.fresh("x");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(6);
                let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Bool, 1, false);
                cx.mult = saved;
                Stmt::Expr(call_block(Some(a), "delete_if", vec![], &[&x], body))
            }
        };
        Some(if grows {
            vec![change, trim]
        } else {
            vec![change]
        })
    }

    fn multi_assign(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let vars = self.assignable(cx);
        // Swap two locals of one type.
        for _ in 0..3 {
            if vars.len() < 2 {
                break;
            }
            let (a, ta) = self.rng.pick(&vars).clone();
            let (b, tb) = self.rng.pick(&vars).clone();
            if a != b && ta == tb {
                return Some(vec![Stmt::MultiAssign(
                    vec![a.clone(), b.clone()],
                    vec![atom(b), atom(a)],
                    false,
                )]);
            }
        }
        if self.rng.chance(30) {
            // Both parts of a divmod (floor semantics, Bignums too).
            let a = self.expr(cx, Ty::Int, 1);
            let b = self.expr(cx, Ty::Int, 1);
            let divisor = bin(call(Some(b), "abs", vec![]), "+", int(1));
            let divisor = if self.rng.chance(30) {
                Expr::Unary("-".into(), Box::new(divisor))
            } else {
                divisor
            };
            let q = self.fresh("v");
            let r = self.fresh("v");
            cx.declare(&q, Ty::Int);
            cx.declare(&r, Ty::Int);
            return Some(vec![Stmt::MultiAssign(
                vec![q, r],
                vec![call(Some(a), "divmod", vec![divisor])],
                false,
            )]);
        }
        let ta = self.local_ty(cx);
        let tb = self.local_ty(cx);
        let ea = self.expr(cx, ta, 1);
        let eb = self.expr(cx, tb, 1);
        let a = self.fresh("v");
        let b = self.fresh("v");
        cx.declare(&a, ta);
        cx.declare(&b, tb);
        let bracketed = self.rng.chance(50);
        Some(vec![Stmt::MultiAssign(vec![a, b], vec![ea, eb], bracketed)])
    }

    /// `v = catch(:tag) do ... throw :tag, value if cond ... value end`.
    fn catch_stmt(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let tag = self.fresh(":t");
        let ty = if self.rng.chance(70) {
            Ty::Int
        } else {
            Ty::Str
        };
        cx.push_scope();
        cx.depth += 1;
        let saved_loops = std::mem::take(&mut cx.loops);
        // Inside, a loop or two whose bodies may throw.
        let mut body = Vec::new();
        let n = self.rng.range(2, 5);
        let i = self.fresh(COUNTER);
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(n as u64);
        cx.push_scope();
        cx.declare(&i, Ty::Int);
        let mut inner = self.stmts(cx, 1);
        let value = self.expr(cx, ty, 1);
        let cond = self.expr(cx, Ty::Bool, 1);
        inner.push(Stmt::If {
            cond,
            then: vec![Stmt::Expr(call(
                None,
                "throw",
                vec![atom(tag.clone()), value],
            ))],
            els: vec![],
            unless: false,
            modifier: true,
        });
        cx.pop_scope();
        cx.mult = saved;
        body.push(Stmt::Expr(call_block(
            Some(int(i128::from(n))),
            "times",
            vec![],
            &[&i],
            inner,
        )));
        let fallback = self.expr(cx, ty, 1);
        body.push(Stmt::Expr(fallback));
        cx.loops = saved_loops;
        cx.depth -= 1;
        cx.pop_scope();
        let name = self.fresh("v");
        cx.declare(&name, ty);
        vec![assign(
            &name,
            call_block(None, "catch", vec![atom(tag)], &[], body),
        )]
    }

    /// A proc or lambda stored in a local.
    fn proc_local(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let params = match self.rng.index(5) {
            0 => vec![],
            1 | 2 => vec![Ty::Int],
            3 => vec![Ty::Int, Ty::Int],
            _ => vec![Ty::Str],
        };
        let ret = *self.rng.pick(&[Ty::Int, Ty::Int, Ty::Str, Ty::Bool]);
        let p = self.proc_sig(params, ret);
        let e = self.lambda_lit(cx, p);
        let name = self.fresh("pr");
        cx.declare(&name, Ty::Proc(p));
        vec![assign(&name, e)]
    }

    fn yield_stmt(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let sig = cx.method.as_ref()?.block.clone()?;
        if cx.in_proc_body() || cx.in_init {
            return None;
        }
        let args: Vec<Expr> = sig.params.iter().map(|t| self.expr(cx, *t, 1)).collect();
        cx.yields += cx.mult;
        let name = self.fresh("y");
        let y = Expr::Yield(args);
        let value = if sig.optional {
            let dflt = self.leaf(cx, sig.ret);
            Expr::Ternary(
                Box::new(call(None, "block_given?", vec![])),
                Box::new(y),
                Box::new(dflt),
            )
        } else {
            y
        };
        cx.declare(&name, sig.ret);
        Some(vec![assign(&name, value)])
    }

    fn op_assign(&mut self, cx: &mut Cx) -> Option<Vec<Stmt>> {
        let vars: Vec<(String, Ty)> = self
            .assignable(cx)
            .into_iter()
            .filter(|(_, t)| matches!(t, Ty::Int | Ty::Float | Ty::Num))
            .collect();
        if vars.is_empty() {
            return None;
        }
        let (name, ty) = self.rng.pick(&vars).clone();
        let op = *self.rng.pick(&["+", "-", "*"]);
        let e = if op == "*" {
            self.small(-3, 3)
        } else if ty == Ty::Int {
            self.leaf(cx, Ty::Int)
        } else {
            self.leaf(cx, Ty::Num)
        };
        let mut out = vec![Stmt::OpAssign(atom(name.clone()), op.into(), e)];
        if cx.mult > 1 && op == "*" {
            // Keep repeated multiplication bounded.
            let bounded = self.bounded(atom(name.clone()), ty);
            out.push(assign(&name, bounded));
        }
        Some(out)
    }
}
