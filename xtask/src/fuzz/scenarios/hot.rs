//! Hot loops: `hot_call`, a generated method called more times than the
//! JIT's threshold (at the top level or in a method of its own), then a
//! constant it may read or the method itself redefined and the loop run
//! again; `kind_change`, a method compiled for Integers then given Floats,
//! Strings, Arrays, Bignums, user objects and nil:
//!
//! ```ruby
//! acc257 = 0.0
//! 1367.times { |i255|
//!   acc257 = (((acc257 * 3) + rv256[(i255 % rv256.size)].visit_26(2.5e10)) % 1000.0)
//!   puts("i255=#{i255} #{acc257.inspect}") if ((i255 % 455) == 332)
//! }
//! p(duck239("ab", "cd"))
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

/// The hot loop `hot_call` writes, for the runs after the first.
struct HotLoop {
    /// The callable the loop calls.
    id: usize,
    /// Iterations of the loop, and its counter.
    n: u64,
    i: String,
    /// The accumulator the results are folded into, and its type.
    acc: String,
    acc_ty: Ty,
    /// The Array of receivers (for a method), and their class.
    rv: Option<(String, usize)>,
    /// The loop runs in a method of its own, not at the top level.
    in_method: bool,
    /// The statements the loop repeats.
    body: Vec<Stmt>,
}

impl Gen {
    /// A generated method called in a hot loop, more times than the JIT's
    /// threshold, its results folded into an accumulator; then, sometimes,
    /// a constant it may read or the method itself redefined and the loop
    /// run again.
    pub(super) fn hot_call(&mut self, cx: &mut Cx, chain: &[usize]) -> Vec<Stmt> {
        let Some(id) = self.hot_pick(cx, chain) else {
            let n = self.rng.urange(3, 5);
            return self.stmts(cx, n);
        };
        let m = self.callables[id].clone();
        let (cost, allocs, raises) = match m.owner {
            Owner::Method(c) => self.dispatch_cost(c, id),
            _ => (m.cost, m.allocs, m.may_raise),
        };
        let n = self.fit_iterations(cx, cost + 10, allocs).min(HOT_MAX);
        let n = self.rng.range(HOT_MIN as i64, n.max(HOT_MIN) as i64) as u64;
        let i = self.fresh("i");
        let mut out = Vec::new();
        let mut rv = None;
        let recv = match m.owner {
            Owner::Method(c) => {
                let (setup, pick, name) = self.receivers(cx, c, &i);
                out.extend(setup);
                rv = Some((name, c));
                Some(pick)
            }
            _ => None,
        };
        let acc_ty = match m.ret {
            Ty::Int | Ty::Num | Ty::Float | Ty::Str => m.ret,
            _ => Ty::Int,
        };
        let acc = self.fresh("acc");
        out.push(assign(
            &acc,
            match acc_ty {
                Ty::Float => atom("0.0"),
                Ty::Str => string(""),
                _ => int(0),
            },
        ));
        cx.declare(&acc, acc_ty);
        // The loop runs at the top level (on-stack replacement of <main>) or
        // in a method of its own (compiled, or entered by OSR mid-loop).
        let in_method = self.rng.chance(30);
        let mut hot = HotLoop {
            id,
            n,
            i,
            acc,
            acc_ty,
            rv,
            in_method,
            body: Vec::new(),
        };
        let mut own = Cx::new(
            0,
            cx.cost_limit.saturating_sub(cx.cost),
            cx.alloc_limit.saturating_sub(cx.allocs),
        );
        if in_method {
            own.declare(&hot.acc, acc_ty);
            if let Some((name, c)) = &hot.rv {
                own.declare(name, Ty::ArrObj(*c));
            }
            hot.body = self.hot_body(&mut own, &hot, recv, raises);
            cx.charge(own.cost, own.allocs);
        } else {
            hot.body = self.hot_body(cx, &hot, recv, raises);
        }
        let run = self.hot_run(&hot, &mut out);
        out.extend(run.clone());
        out.push(p(vec![atom(hot.acc.clone())]));
        // Redefine the method the compiled code called (or a constant it
        // may read), and run again.
        if self.rng.chance(15) {
            let value = int(i128::from(self.rng.range(-5, 12)));
            out.push(assign("FZ_K", value));
            if in_method {
                out.extend(run.clone());
            } else {
                out.extend(self.counted_loop(n, &hot.i, hot.body.clone()));
            }
            out.push(p(vec![atom(hot.acc.clone())]));
        }
        if self.rng.chance(35) {
            out.extend(self.hot_redefine(cx, &hot, run));
        }
        out
    }

    /// The callable a hot loop calls: the first (the chain's head, or one
    /// in a shuffled order) whose cost lets it run `HOT_MIN` times.
    fn hot_pick(&mut self, cx: &Cx, chain: &[usize]) -> Option<usize> {
        let mut candidates: Vec<usize> = (0..self.callables.len())
            .filter(|&id| self.callables[id].done)
            .collect();
        self.rng.shuffle(&mut candidates);
        if !chain.is_empty() && self.rng.chance(45) {
            candidates.insert(0, chain[0]);
        }
        let mut pick = None;
        for &id in &candidates {
            let m = &self.callables[id];
            let (cost, allocs, _) = match m.owner {
                Owner::Method(c) => self.dispatch_cost(c, id),
                _ => (m.cost, m.allocs, m.may_raise),
            };
            if self.fit_iterations(cx, cost + 10, allocs) >= HOT_MIN {
                pick = Some(id);
                break;
            }
        }
        pick
    }

    /// The body of the hot loop: the call, its result folded into the
    /// accumulator (under a `rescue` when it may raise), progress output.
    /// `cx` is where the loop runs (the top level or its own method).
    fn hot_body(
        &mut self,
        cx: &mut Cx,
        hot: &HotLoop,
        recv: Option<Expr>,
        raises: bool,
    ) -> Vec<Stmt> {
        let (id, n, i, acc, acc_ty) = (hot.id, hot.n, &hot.i, &hot.acc, hot.acc_ty);
        let ret = self.callables[id].ret;
        let saved = cx.mult;
        cx.mult = n;
        cx.push_scope();
        cx.declare(i, Ty::Int);
        let call_e = self.invoke(cx, id, recv, 1);
        let value = match (ret, acc_ty) {
            (r, a) if r == a => call_e,
            (Ty::Bool, _) => Expr::Ternary(Box::new(call_e), Box::new(int(3)), Box::new(int(1))),
            (Ty::ArrInt, _) => call(Some(call_e), "sum", vec![]),
            (Ty::Sym, _) => call(Some(call_e), "length", vec![]),
            (Ty::Obj(_), _) => call(
                Some(call(
                    Some(call(Some(call_e), "to_s", vec![])),
                    "size",
                    vec![],
                )),
                "+",
                vec![int(0)],
            ),
            _ => call(Some(call(Some(call_e), "to_s", vec![])), "size", vec![]),
        };
        let combined = match acc_ty {
            Ty::Str => Expr::Index(
                Box::new(bin(value, "+", atom(acc.clone()))),
                vec![int(0), int(30)],
            ),
            _ => {
                let op = *self.rng.pick(&["+", "-", "^"]);
                let op = if acc_ty == Ty::Int { op } else { "+" };
                let e = bin(bin(atom(acc.clone()), "*", int(3)), op, value);
                self.bounded(e, acc_ty)
            }
        };
        let mut body = vec![assign(acc, combined)];
        if raises || self.rng.chance(15) {
            let e = self.fresh("e");
            body = vec![Stmt::Begin(Box::new(BeginBlock {
                body,
                rescues: vec![Rescue {
                    classes: vec![
                        "FzError".into(),
                        "ArgumentError".into(),
                        "IndexError".into(),
                        "ZeroDivisionError".into(),
                        "KeyError".into(),
                    ],
                    var: Some(e.clone()),
                    body: vec![
                        self.checksum(call(
                            Some(call(Some(atom(e.clone())), "message", vec![])),
                            "size",
                            vec![],
                        )),
                        self.checksum(self.trace_sum(atom(e))),
                    ],
                }],
                else_body: vec![],
                ensure: None,
            }))];
        }
        if self.rng.chance(30) {
            body.extend(self.stmts(cx, 1));
        }
        body.push(self.progress(i, n, atom(acc.clone())));
        cx.pop_scope();
        cx.mult = saved;
        body
    }

    /// The statements that run the hot loop once: the loop itself, or a
    /// call of the method it is put in (whose `def` goes to `out`).
    fn hot_run(&mut self, hot: &HotLoop, out: &mut Vec<Stmt>) -> Vec<Stmt> {
        let (n, i, acc) = (hot.n, &hot.i, &hot.acc);
        if hot.in_method {
            let spin = self.fresh("spin");
            let mut params = Vec::new();
            let mut args = Vec::new();
            if let Some((name, _)) = &hot.rv {
                params.push(Param::Req(name.clone()));
                args.push(atom(name.clone()));
            }
            params.push(Param::Req(acc.clone()));
            args.push(atom(acc.clone()));
            let mut def_body = self.counted_loop(n, i, hot.body.clone());
            def_body.push(Stmt::Expr(atom(acc.clone())));
            out.push(Stmt::Def(Box::new(Def {
                name: spin.clone(),
                singleton: None,
                params,
                body: def_body,
                endless: false,
            })));
            vec![assign(acc, call(None, &spin, args))]
        } else {
            self.counted_loop(n, i, hot.body.clone())
        }
    }

    /// The called method redefined (a new body; in a reopened class for an
    /// instance method) and the hot loop run again; nothing for a class
    /// method.
    fn hot_redefine(&mut self, cx: &mut Cx, hot: &HotLoop, run: Vec<Stmt>) -> Vec<Stmt> {
        let id = hot.id;
        let owner = self.callables[id].owner;
        let mut out = Vec::new();
        let redefined = match owner {
            Owner::Function => Some(Stmt::Def(Box::new(self.make_body(id, None)))),
            Owner::Method(c) => {
                let def = self.make_body(id, Some(c));
                Some(Stmt::Class(Box::new(ClassDef {
                    name: self.classes[c].name.clone(),
                    superclass: None,
                    body: vec![Stmt::Def(Box::new(def))],
                })))
            }
            Owner::ClassMethod(_) => None,
        };
        if let Some(redefined) = redefined {
            let (cost, allocs, _) = match owner {
                Owner::Method(c) => self.dispatch_cost(c, id),
                _ => (self.callables[id].cost, self.callables[id].allocs, true),
            };
            let n2 = self
                .fit_iterations(cx, cost + 10, allocs)
                .clamp(50, HOT_MAX);
            cx.charge(n2 * (cost + 10), n2 * (allocs + 1));
            out.push(redefined);
            if hot.in_method {
                out.extend(run);
            } else {
                out.extend(self.counted_loop(n2, &hot.i, hot.body.clone()));
            }
            out.push(p(vec![atom(hot.acc.clone())]));
        }
        out
    }

    fn duck_expr(&mut self, vars: &[&str], d: u32) -> Expr {
        if d == 0 || self.rng.chance(30) {
            return atom(*self.rng.pick(vars));
        }
        let a = self.duck_expr(vars, d - 1);
        match self.rng.index(4) {
            0 | 1 => {
                let b = self.duck_expr(vars, d - 1);
                bin(a, "+", b)
            }
            2 => bin(a, "*", int(2)),
            _ => {
                let b = self.duck_expr(vars, d - 1);
                Expr::Ternary(
                    Box::new(bin(a.clone(), "==", b.clone())),
                    Box::new(a),
                    Box::new(b),
                )
            }
        }
    }

    /// A method over `a` and `b` using only `+`, `*` and `==`, made hot on
    /// Integers, then called with other kinds of values.
    pub(super) fn kind_change(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let vec_class = self.fresh("FzVec");
        out.push(Stmt::Class(Box::new(ClassDef {
            name: vec_class.clone(),
            superclass: None,
            body: vec![
                Stmt::Raw("attr_reader :x".into()),
                Stmt::Def(Box::new(Def {
                    name: "initialize".into(),
                    singleton: None,
                    params: vec![Param::Req("x".into())],
                    body: vec![assign("@x", atom("x"))],
                    endless: false,
                })),
                Stmt::Raw(format!("def +(o) = {vec_class}.new(@x + o.x)")),
                Stmt::Raw(format!("def *(k) = {vec_class}.new(@x * k)")),
                Stmt::Raw(format!("def ==(o) = o.is_a?({vec_class}) && o.x == @x")),
                Stmt::Raw("def to_s = \"V(#{@x})\"".into()),
                Stmt::Raw("def inspect = \"#<V #{@x.inspect}>\"".into()),
            ],
        })));
        let name = self.fresh("duck");
        let t = self.fresh("t");
        let e1 = self.duck_expr(&["a", "b"], 2);
        let e2 = self.duck_expr(&["a", "b", &t], 2);
        let result = match self.rng.index(3) {
            0 => Expr::Array(vec![atom(t.clone()), e2]),
            1 => e2,
            _ => Expr::Array(vec![e2, bin(atom(t.clone()), "==", atom("a"))]),
        };
        out.push(Stmt::Def(Box::new(Def {
            name: name.clone(),
            singleton: None,
            params: vec![Param::Req("a".into()), Param::Req("b".into())],
            body: vec![assign(&t, e1), Stmt::Expr(result)],
            endless: false,
        })));
        let r = self.fresh("r");
        out.push(assign(&r, atom("nil")));
        let i = self.fresh("i");
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 20, 0);
        let base = if self.rng.chance(40) {
            atom("4611686018427387900")
        } else {
            int(0)
        };
        let body = vec![assign(
            &r,
            call(
                None,
                &name,
                vec![
                    bin(base, "+", atom(i.clone())),
                    bin(atom(i.clone()), "+", int(1)),
                ],
            ),
        )];
        out.extend(self.counted_loop(n, &i, body));
        out.push(p(vec![atom(r.clone())]));
        let mut probes: Vec<(Expr, Expr)> = vec![
            (atom("1.5"), atom("2")),
            (atom("2"), atom("0.25")),
            (string("ab"), string("cd")),
            (Expr::Array(vec![int(1)]), Expr::Array(vec![int(2), int(3)])),
            (atom("(2**64)"), atom("3")),
            (atom("4611686018427387903"), atom("1")),
            (
                call(Some(atom(vec_class.clone())), "new", vec![int(1)]),
                call(Some(atom(vec_class.clone())), "new", vec![int(2)]),
            ),
            (atom("(-0.0)"), atom("1.0e+300")),
        ];
        self.rng.shuffle(&mut probes);
        let keep = self.rng.urange(3, probes.len());
        for (a, b) in probes.into_iter().take(keep) {
            out.push(p(vec![call(None, &name, vec![a, b])]));
            if self.rng.chance(20) {
                let e = self.fresh("e");
                out.push(Stmt::Begin(Box::new(BeginBlock {
                    body: vec![p(vec![call(None, &name, vec![atom("nil"), int(1)])])],
                    rescues: vec![Rescue {
                        classes: vec!["NoMethodError".into(), "TypeError".into()],
                        var: Some(e.clone()),
                        body: vec![puts(call(Some(atom(e)), "message", vec![]))],
                    }],
                    else_body: vec![],
                    ensure: None,
                })));
            }
        }
        // Hot again with another kind.
        let n2 = self.rng.range(200, 1200) as u64;
        cx.charge(n2 * 20, n2 / 4);
        let j = self.fresh("i");
        let arg = match self.rng.index(3) {
            0 => bin(atom(j.clone()), "*", atom("0.5")),
            1 => call(Some(atom(j.clone())), "to_s", vec![]),
            _ => bin(atom(j.clone()), "*", atom("4611686018427387")),
        };
        let body = vec![assign(&r, call(None, &name, vec![arg.clone(), arg]))];
        out.extend(self.counted_loop(n2, &j, body));
        out.push(p(vec![atom(r)]));
        out
    }
}
