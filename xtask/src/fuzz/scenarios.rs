//! The top-level code of a program: a few scenarios, each aimed at what
//! breaks speculating JITs, each wrapped in `begin`/`rescue` so one that
//! stops early does not hide the others. They use the classes and methods
//! the program declared, and add helpers of their own:
//!
//! - `hot_call`: a generated method called a thousand times and more;
//! - `kind_change`: a method compiled for Integers, then given Floats,
//!   Strings, Arrays, Bignums, user objects and nil;
//! - `poly_walk`: a polymorphic collection walked in a hot loop, with a
//!   method redefined (reopened class, `define_method`, singleton) mid-run;
//! - `tree`: recursive descent over nested arrays, hashes and objects, and
//!   deep recursion;
//! - `raise_storm`: exceptions raised at several depths, rescued, re-raised,
//!   retried and ensured;
//! - `shapes`: instance variables set in different orders, read unset;
//! - `overflow`: fixnum/Bignum boundaries and Float mixes in compiled code;
//! - `closures`: lambdas and procs capturing and mutating locals;
//! - `control`: `return`/`break`/`next`/`throw` through blocks and calls;
//! - `args`: optional, splat, post, keyword and block arguments;
//! - `structs`, `enumerable`, `ghost` (method_missing), `alloc`, `core_redef`
//!   (a core operator redefined and restored) and `random` statements.

use super::ast::*;
use super::gen::*;

/// Estimated steps and allocations the top level may spend in total.
const TOTAL_COST: u64 = 2_500_000;
const TOTAL_ALLOCS: u64 = 12_000;

/// Iterations of a hot loop: past the default JIT threshold of 1000 calls.
const HOT_MIN: u64 = 1_050;
const HOT_MAX: u64 = 1_400;

impl Gen {
    /// The scenarios of a program.
    pub fn scenarios(&mut self, chain: &[usize]) -> Vec<Stmt> {
        let mut cx = Cx::new(0, TOTAL_COST, TOTAL_ALLOCS);
        cx.can_print = true;
        let mut out = self.setup(&mut cx);
        let count = self.rng.urange(4, 7);
        for index in 0..count {
            let left = (count - index) as u64;
            cx.cost_limit = cx.cost + (TOTAL_COST.saturating_sub(cx.cost) / left).min(900_000);
            cx.alloc_limit = cx.allocs + (TOTAL_ALLOCS.saturating_sub(cx.allocs) / left).min(5_000);
            let kind = self.rng.weighted(&[
                16, // 0 hot_call
                9,  // 1 kind_change
                12, // 2 poly_walk
                9,  // 3 tree
                9,  // 4 raise_storm
                6,  // 5 shapes
                8,  // 6 overflow
                7,  // 7 closures
                8,  // 8 control
                6,  // 9 args
                3,  // 10 structs
                4,  // 11 enumerable
                3,  // 12 ghost
                3,  // 13 alloc
                2,  // 14 core_redef
                6,  // 15 random
            ]);
            let names = [
                "hot_call",
                "kind_change",
                "poly_walk",
                "tree",
                "raise_storm",
                "shapes",
                "overflow",
                "closures",
                "control",
                "args",
                "structs",
                "enumerable",
                "ghost",
                "alloc",
                "core_redef",
                "random",
            ];
            cx.push_scope();
            let body = match kind {
                0 => self.hot_call(&mut cx, chain),
                1 => self.kind_change(&mut cx),
                2 => self.poly_walk(&mut cx),
                3 => self.tree(&mut cx),
                4 => self.raise_storm(&mut cx),
                5 => self.shapes(&mut cx),
                6 => self.overflow(&mut cx),
                7 => self.closures(&mut cx),
                8 => self.control(&mut cx),
                9 => self.args_scenario(&mut cx),
                10 => self.structs(&mut cx),
                11 => self.enumerable(&mut cx),
                12 => self.ghost(&mut cx),
                13 => self.alloc(&mut cx),
                14 => self.core_redef(&mut cx),
                _ => {
                    let n = self.rng.urange(3, 6);
                    self.stmts(&mut cx, n)
                }
            };
            cx.pop_scope();
            out.push(Stmt::Raw(format!("# scenario {index}: {}", names[kind])));
            let report = self.trace(atom("e"), Some(4));
            out.push(wrap_scenario(index, body, report));
        }
        out
    }

    /// Objects every scenario may use: for each hierarchy, an array with
    /// an instance of each of its classes.
    fn setup(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        // Simple arguments only: nothing here may raise.
        cx.in_init = true;
        let roots: Vec<usize> = (0..self.classes.len())
            .filter(|&c| self.classes[c].parent.is_none())
            .collect();
        for root in roots {
            let mut objs = Vec::new();
            for k in self.subtree(root) {
                let (cost, allocs) = (self.classes[k].new_cost, self.classes[k].new_allocs);
                cx.charge(cost, allocs);
                let params = self.new_params(k);
                let args = self.args_for(cx, &params, 1);
                objs.push(call_full(
                    Some(atom(self.classes[k].name.clone())),
                    "new",
                    args,
                    None,
                ));
            }
            self.rng.shuffle(&mut objs);
            let name = self.fresh("all");
            out.push(assign(&name, Expr::Array(objs)));
            cx.declare(&name, Ty::ArrObj(root));
        }
        cx.in_init = false;
        out
    }

    /// Receivers for a hot loop calling a method of `class`: an array of
    /// instances of its subclasses, and the element picked at iteration `i`.
    fn receivers(&mut self, cx: &mut Cx, class: usize, i: &str) -> (Vec<Stmt>, Expr, String) {
        let mut sub = self.subtree(class);
        self.rng.shuffle(&mut sub);
        let keep = self.rng.urange(2, 6);
        sub.truncate(keep);
        let objs: Vec<Expr> = sub
            .iter()
            .map(|&k| {
                let (cost, allocs) = (self.classes[k].new_cost, self.classes[k].new_allocs);
                cx.charge(cost, allocs);
                let params = self.new_params(k);
                let args = self.args_for(cx, &params, 1);
                call_full(Some(atom(self.classes[k].name.clone())), "new", args, None)
            })
            .collect();
        let name = self.fresh("rv");
        cx.declare(&name, Ty::ArrObj(class));
        let pick = Expr::Index(
            Box::new(atom(name.clone())),
            vec![bin(
                atom(i.to_owned()),
                "%",
                call(Some(atom(name.clone())), "size", vec![]),
            )],
        );
        (vec![assign(&name, Expr::Array(objs))], pick, name)
    }

    /// A call of callable `id` (through `send` when it is private).
    pub fn invoke(&mut self, cx: &mut Cx, id: usize, recv: Option<Expr>, d: u32) -> Expr {
        let m = self.callables[id].clone();
        let (cost, allocs, raises) = match m.owner {
            Owner::Method(c) => self.dispatch_cost(c, id),
            _ => (m.cost, m.allocs, m.may_raise),
        };
        cx.charge(cost + 2, allocs);
        cx.may_raise |= raises;
        let args = self.args_for(cx, &m.params, d);
        let block = m
            .block
            .as_ref()
            .and_then(|sig| self.block_for(cx, sig, m.yields, false, d));
        let recv = match m.owner {
            Owner::Function => None,
            Owner::ClassMethod(c) => Some(atom(self.classes[c].name.clone())),
            Owner::Method(_) => recv,
        };
        if m.private && recv.is_some() {
            let mut sargs = vec![Arg::Pos(atom(format!(":{}", m.name)))];
            sargs.extend(args);
            return call_full(recv, "send", sargs, block);
        }
        call_full(recv, &m.name, args, block)
    }

    /// How many iterations of a loop calling something of this cost fit.
    fn fit_iterations(&self, cx: &Cx, cost: u64, allocs: u64) -> u64 {
        let by_cost = cx.cost_limit.saturating_sub(cx.cost) / (cost + 30);
        let by_allocs = match allocs {
            0 => u64::MAX,
            a => cx.alloc_limit.saturating_sub(cx.allocs) / a,
        };
        by_cost.min(by_allocs)
    }

    /// A loop running `n` times with counter `i` around `body`, in one of
    /// several forms.
    fn counted_loop(&mut self, n: u64, i: &str, body: Vec<Stmt>) -> Vec<Stmt> {
        let n_lit = int(i128::from(n));
        match self.rng.index(5) {
            0 | 1 => vec![Stmt::Expr(call_block(
                Some(n_lit),
                "times",
                vec![],
                &[i],
                body,
            ))],
            2 => {
                let mut b = body;
                b.push(Stmt::OpAssign(atom(i), "+".into(), int(1)));
                vec![
                    assign(i, int(0)),
                    Stmt::While {
                        cond: bin(atom(i), "<", n_lit),
                        body: b,
                        until: false,
                    },
                ]
            }
            3 => vec![Stmt::Expr(call_block(
                Some(int(0)),
                "upto",
                vec![int(i128::from(n) - 1)],
                &[i],
                body,
            ))],
            _ => vec![Stmt::Expr(call_block(
                Some(Expr::Range(Box::new(int(0)), Box::new(n_lit), true)),
                "each",
                vec![],
                &[i],
                body,
            ))],
        }
    }

    /// Prints `label` and `value` every `n / 3` iterations of counter `i`.
    fn progress(&mut self, i: &str, n: u64, value: Expr) -> Stmt {
        let every = (n / 3).max(1);
        Stmt::If {
            cond: bin(
                bin(atom(i), "%", int(i128::from(every))),
                "==",
                int(i128::from(self.rng.range(0, every as i64 - 1))),
            ),
            then: vec![puts(Expr::Interp(vec![
                Part::Text(format!("{i}=")),
                Part::Code(atom(i)),
                Part::Text(" ".into()),
                Part::Code(call(Some(value), "inspect", vec![])),
            ]))],
            els: vec![],
            unless: false,
            modifier: true,
        }
    }

    // -- hot_call ----------------------------------------------------------------

    fn hot_call(&mut self, cx: &mut Cx, chain: &[usize]) -> Vec<Stmt> {
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
        let Some(id) = pick else {
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
        let mut own = Cx::new(
            0,
            cx.cost_limit.saturating_sub(cx.cost),
            cx.alloc_limit.saturating_sub(cx.allocs),
        );
        let outer_cx = cx;
        let cx: &mut Cx = if in_method {
            own.declare(&acc, acc_ty);
            if let Some((name, c)) = &rv {
                own.declare(name, Ty::ArrObj(*c));
            }
            &mut own
        } else {
            outer_cx
        };
        let saved = cx.mult;
        cx.mult = n;
        cx.push_scope();
        cx.declare(&i, Ty::Int);
        let call_e = self.invoke(cx, id, recv, 1);
        let value = match (m.ret, acc_ty) {
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
        let mut body = vec![assign(&acc, combined)];
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
        body.push(self.progress(&i, n, atom(acc.clone())));
        cx.pop_scope();
        cx.mult = saved;
        let (used_cost, used_allocs) = (own.cost, own.allocs);
        let cx = outer_cx;
        if in_method {
            cx.charge(used_cost, used_allocs);
        }
        let run = if in_method {
            let spin = self.fresh("spin");
            let mut params = Vec::new();
            let mut args = Vec::new();
            if let Some((name, _)) = &rv {
                params.push(Param::Req(name.clone()));
                args.push(atom(name.clone()));
            }
            params.push(Param::Req(acc.clone()));
            args.push(atom(acc.clone()));
            let mut def_body = self.counted_loop(n, &i, body.clone());
            def_body.push(Stmt::Expr(atom(acc.clone())));
            out.push(Stmt::Def(Box::new(Def {
                name: spin.clone(),
                singleton: None,
                params,
                body: def_body,
                endless: false,
            })));
            vec![assign(&acc, call(None, &spin, args))]
        } else {
            self.counted_loop(n, &i, body.clone())
        };
        out.extend(run.clone());
        out.push(p(vec![atom(acc.clone())]));
        // Redefine the method the compiled code called (or a constant it
        // may read), and run again.
        if self.rng.chance(15) {
            let value = int(i128::from(self.rng.range(-5, 12)));
            out.push(assign("FZ_K", value));
            if in_method {
                out.extend(run.clone());
            } else {
                out.extend(self.counted_loop(n, &i, body.clone()));
            }
            out.push(p(vec![atom(acc.clone())]));
        }
        if self.rng.chance(35) {
            let redefined = match m.owner {
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
                let (cost, allocs, _) = match m.owner {
                    Owner::Method(c) => self.dispatch_cost(c, id),
                    _ => (self.callables[id].cost, self.callables[id].allocs, true),
                };
                let n2 = self
                    .fit_iterations(cx, cost + 10, allocs)
                    .clamp(50, HOT_MAX);
                cx.charge(n2 * (cost + 10), n2 * (allocs + 1));
                out.push(redefined);
                if in_method {
                    out.extend(run);
                } else {
                    out.extend(self.counted_loop(n2, &i, body));
                }
                out.push(p(vec![atom(acc)]));
            }
        }
        out
    }

    // -- kind_change -------------------------------------------------------------

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

    fn kind_change(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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

    // -- poly_walk ---------------------------------------------------------------

    fn poly_walk(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let walls: Vec<(String, usize)> = cx
            .locals()
            .filter_map(|(n, t)| match t {
                Ty::ArrObj(c) if n.starts_with("all") => Some((n.clone(), *c)),
                _ => None,
            })
            .collect();
        if walls.is_empty() {
            let n = self.rng.urange(3, 5);
            return self.stmts(cx, n);
        }
        let (objs, root) = self.rng.pick(&walls).clone();
        let methods: Vec<usize> = self
            .methods_of(root)
            .into_iter()
            .filter(|&id| !self.callables[id].private)
            .collect();
        if methods.is_empty() {
            let n = self.rng.urange(3, 5);
            return self.stmts(cx, n);
        }
        let id = *self.rng.pick(&methods);
        let (cost, allocs, _) = self.dispatch_cost(root, id);
        let per_round = self.subtree(root).len() as u64;
        let fit = self.fit_iterations(cx, (cost + 10) * per_round * 2, allocs * per_round * 2);
        let rounds = (HOT_MIN / per_round + 1).min(fit.max(40)).max(40);
        let mut out = Vec::new();
        let total = self.fresh("total");
        out.push(assign(&total, int(0)));
        cx.declare(&total, Ty::Int);
        // The walk runs either in the loop's block or in a method (which the
        // JIT compiles, inlining the callee whose redefinition must then
        // invalidate it).
        let driver = if self.rng.chance(50) {
            let name = self.fresh("drive");
            let mut dcx = Cx::new(
                0,
                cx.cost_limit.saturating_sub(cx.cost),
                cx.alloc_limit.saturating_sub(cx.allocs),
            );
            dcx.mult = rounds * per_round * 2;
            dcx.declare("i", Ty::Int);
            dcx.declare("w", Ty::Obj(root));
            let c = self.invoke(&mut dcx, id, Some(atom("w")), 1);
            let value = self.int_of(c, self.callables[id].ret);
            let body = match self.rng.index(3) {
                0 => vec![Stmt::Expr(call_block(
                    Some(atom("ws")),
                    "sum",
                    vec![],
                    &["w"],
                    vec![Stmt::Expr(value)],
                ))],
                1 => vec![Stmt::Expr(call_block(
                    Some(atom("ws")),
                    "inject",
                    vec![int(0)],
                    &["acc", "w"],
                    vec![Stmt::Expr(bin(
                        bin(bin(atom("acc"), "*", int(3)), "+", value),
                        "%",
                        atom("1000000007"),
                    ))],
                ))],
                _ => vec![
                    assign("acc", int(0)),
                    assign("n", int(0)),
                    Stmt::While {
                        cond: bin(atom("n"), "<", call(Some(atom("ws")), "size", vec![])),
                        body: vec![
                            assign("w", Expr::Index(Box::new(atom("ws")), vec![atom("n")])),
                            assign("acc", bin(atom("acc"), "+", value)),
                            Stmt::OpAssign(atom("n"), "+".into(), int(1)),
                        ],
                        until: false,
                    },
                    Stmt::Expr(atom("acc")),
                ],
            };
            out.push(Stmt::Def(Box::new(Def {
                name: name.clone(),
                singleton: None,
                params: vec![Param::Req("ws".into()), Param::Req("i".into())],
                endless: body.len() == 1 && self.rng.chance(30),
                body,
            })));
            cx.charge(dcx.cost, dcx.allocs);
            Some(name)
        } else {
            None
        };
        let loop_once = |g: &mut Gen, cx: &mut Cx| -> Vec<Stmt> {
            let i = g.fresh("i");
            if let Some(driver) = &driver {
                let body = vec![assign(
                    &total,
                    g.bounded(
                        bin(
                            bin(atom(total.clone()), "*", int(7)),
                            "+",
                            call(None, driver, vec![atom(objs.clone()), atom(i.clone())]),
                        ),
                        Ty::Int,
                    ),
                )];
                let mut out = g.counted_loop(rounds, &i, body);
                out.push(p(vec![atom(total.clone())]));
                return out;
            }
            let w = g.fresh("w");
            let saved = cx.mult;
            cx.mult = rounds * per_round;
            cx.push_scope();
            cx.declare(&i, Ty::Int);
            cx.declare(&w, Ty::Obj(root));
            let c = g.invoke(cx, id, Some(atom(w.clone())), 1);
            let value = g.int_of(c, g.callables[id].ret);
            let inner = vec![assign(
                &total,
                g.bounded(
                    bin(bin(atom(total.clone()), "*", int(7)), "+", value),
                    Ty::Int,
                ),
            )];
            cx.pop_scope();
            cx.mult = saved;
            let each = Stmt::Expr(call_block(
                Some(atom(objs.clone())),
                "each",
                vec![],
                &[&w],
                inner,
            ));
            let mut out = g.counted_loop(rounds, &i, vec![each]);
            out.push(p(vec![atom(total.clone())]));
            out
        };
        out.extend(loop_once(self, cx));
        out.push(puts(call(
            Some(call_full(
                Some(atom(objs.clone())),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(":to_s"))),
            )),
            "join",
            vec![string(" | ")],
        )));
        if self.rng.chance(50) {
            out.push(p(vec![atom(objs.clone())]));
        }
        // Redefine mid-run.
        let sub = self.subtree(root);
        let variant = self.rng.index(4);
        // A singleton method's body may only use what every object has.
        let target = if variant == 1 {
            root
        } else {
            *self.rng.pick(&sub)
        };
        let m = self.callables[id].clone();
        let def = self.make_body(id, Some(target));
        let class_name = self.classes[target].name.clone();
        match variant {
            0 if !uses_block_or_zsuper(&def) && m.block.is_none() => {
                // define_method with a block taking the same parameters.
                out.push(Stmt::Expr(call_full(
                    Some(atom(class_name)),
                    "define_method",
                    vec![Arg::Pos(atom(format!(":{}", m.name)))],
                    Some(BlockArg::Literal(Block {
                        params: def.params.clone(),
                        body: def.body.clone(),
                    })),
                )));
            }
            1 => {
                // A singleton method on one object.
                let one = self.fresh("one");
                out.push(assign(
                    &one,
                    call(Some(atom(objs.clone())), "first", vec![]),
                ));
                let mut def = def;
                if uses_super(&def) {
                    // super from a singleton method reaches the class's own method.
                    def.body = vec![Stmt::Expr(self.default_value(m.ret))];
                }
                def.singleton = Some(one);
                out.push(Stmt::Def(Box::new(def)));
            }
            _ => out.push(Stmt::Class(Box::new(ClassDef {
                name: class_name,
                superclass: None,
                body: vec![Stmt::Def(Box::new(def))],
            }))),
        }
        out.extend(loop_once(self, cx));
        out.push(puts(call(
            Some(call_full(
                Some(atom(objs.clone())),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(":inspect"))),
            )),
            "join",
            vec![string(" ")],
        )));
        out
    }

    /// A literal of type `ty` (for replacement bodies).
    fn default_value(&mut self, ty: Ty) -> Expr {
        match ty {
            Ty::Int | Ty::Num => self.int_lit(),
            Ty::Float => self.float_lit(),
            Ty::Str => self.str_lit(),
            Ty::Bool => atom("true"),
            Ty::Sym => self.sym_lit(),
            Ty::ArrInt => Expr::Array(vec![self.int_lit()]),
            Ty::HashInt => Expr::Hash(vec![]),
            Ty::Obj(_) | Ty::ArrObj(_) | Ty::Proc(_) => atom("self"),
        }
    }

    /// An Integer derived from a value of type `ty`.
    pub fn int_of(&mut self, e: Expr, ty: Ty) -> Expr {
        match ty {
            Ty::Int => e,
            Ty::Num | Ty::Float => call(None, "fz_i", vec![call(Some(e), "to_f", vec![])]),
            Ty::Bool => Expr::Ternary(Box::new(e), Box::new(int(5)), Box::new(int(2))),
            Ty::ArrInt => call(Some(e), "sum", vec![]),
            Ty::Sym => call(Some(e), "length", vec![]),
            Ty::HashInt => call(Some(e), "size", vec![]),
            _ => call(Some(call(Some(e), "to_s", vec![])), "size", vec![]),
        }
    }

    // -- tree --------------------------------------------------------------------

    fn tree(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let node = self.fresh("TNode");
        out.push(Stmt::Class(Box::new(ClassDef {
            name: node.clone(),
            superclass: None,
            body: vec![
                Stmt::Raw("attr_reader :val, :kids".into()),
                Stmt::Def(Box::new(Def {
                    name: "initialize".into(),
                    singleton: None,
                    params: vec![Param::Req("val".into()), Param::Req("kids".into())],
                    body: vec![assign("@val", atom("val")), assign("@kids", atom("kids"))],
                    endless: false,
                })),
                Stmt::Raw("def inspect = \"N#{@val}#{@kids.inspect}\"".into()),
            ],
        })));
        // A leaf may be an object of a generated class with an Int method.
        let leaf_class: Option<(usize, usize)> = {
            let roots: Vec<usize> = (0..self.classes.len())
                .filter(|&c| self.classes[c].parent.is_none())
                .collect();
            let mut found = None;
            for &r in &roots {
                let ms: Vec<usize> = self
                    .methods_of(r)
                    .into_iter()
                    .filter(|&id| {
                        let m = &self.callables[id];
                        m.ret == Ty::Int && !m.private && m.block.is_none() && m.cost < 80
                    })
                    .collect();
                if let Some(&id) = ms.first() {
                    found = Some((r, id));
                    break;
                }
            }
            found
        };
        let build = self.fresh("build");
        let walk = self.fresh("walk");
        let depth_fn = self.fresh("depth");
        // build(d, s)
        let mut bcx = Cx::new(usize::MAX, 100, 0);
        bcx.declare("k0", Ty::Int);
        bcx.declare("s", Ty::Int);
        let mut child_seed = |g: &mut Gen| -> Expr {
            let e = g.expr(&mut bcx, Ty::Int, 1);
            bin(bin(e, "+", atom("s")), "%", int(10007))
        };
        let rec = |g: &mut Gen, seed: Expr| -> Expr {
            let _ = g;
            call(None, &build, vec![bin(atom("k0"), "-", int(1)), seed])
        };
        let a0 = child_seed(self);
        let a1 = child_seed(self);
        let h0 = child_seed(self);
        let h1 = child_seed(self);
        let n0 = child_seed(self);
        let mut arms = vec![
            (
                vec![int(0)],
                vec![Stmt::Expr(Expr::Array(vec![rec(self, a0), rec(self, a1)]))],
            ),
            (
                vec![int(1)],
                vec![Stmt::Expr(Expr::Hash(vec![
                    (atom(":l"), rec(self, h0)),
                    (atom(":r"), rec(self, h1)),
                    (atom(":v"), atom("s")),
                ]))],
            ),
            (
                vec![int(2)],
                vec![Stmt::Expr(call(
                    Some(atom(node.clone())),
                    "new",
                    vec![atom("s"), Expr::Array(vec![rec(self, n0)])],
                ))],
            ),
        ];
        let mut leaf = vec![Stmt::Return(Some(atom("s")))];
        if let Some((r, _)) = leaf_class {
            let mut lcx = Cx::new(usize::MAX, 1_000, 10);
            lcx.declare("s", Ty::Int);
            let obj = self.new_obj(&mut lcx, r, 1);
            leaf = vec![
                Stmt::If {
                    cond: bin(bin(atom("s"), "%", int(4)), "==", int(1)),
                    then: vec![Stmt::Return(Some(obj))],
                    els: vec![],
                    unless: false,
                    modifier: true,
                },
                Stmt::Return(Some(atom("s"))),
            ];
        }
        self.rng.shuffle(&mut arms);
        let mut build_body = vec![Stmt::If {
            cond: bin(atom("k0"), "<=", int(0)),
            then: leaf,
            els: vec![],
            unless: false,
            modifier: false,
        }];
        build_body.push(Stmt::Case {
            subject: Some(bin(atom("s"), "%", int(3))),
            arms: arms[..2].to_vec(),
            els: Some(arms[2].1.clone()),
        });
        out.push(Stmt::Def(Box::new(Def {
            name: build.clone(),
            singleton: None,
            params: vec![Param::Req("k0".into()), Param::Req("s".into())],
            body: build_body,
            endless: false,
        })));
        // walk(t, k)
        let mut wcx = Cx::new(usize::MAX, 100, 0);
        wcx.declare("t", Ty::Int);
        wcx.declare("k", Ty::Int);
        let leaf_value = self.expr(&mut wcx, Ty::Int, 2);
        let leaf_value = bin(leaf_value, "%", int(1_000_003));
        let c = self.fresh("c");
        let rec_walk = |k: Expr| call(None, &walk, vec![atom(c.clone()), k]);
        let array_sum = match self.rng.index(3) {
            0 => call_block(
                Some(atom("t")),
                "sum",
                vec![],
                &[&c],
                vec![Stmt::Expr(rec_walk(bin(atom("k"), "+", int(1))))],
            ),
            1 => call_block(
                Some(atom("t")),
                "inject",
                vec![int(0)],
                &["acc", &c],
                vec![Stmt::Expr(bin(atom("acc"), "+", rec_walk(atom("k"))))],
            ),
            _ => call(
                Some(call_block(
                    Some(atom("t")),
                    "map",
                    vec![],
                    &[&c],
                    vec![Stmt::Expr(rec_walk(bin(atom("k"), "*", int(2))))],
                )),
                "sum",
                vec![],
            ),
        };
        let mut walk_arms = vec![
            (vec![atom("Integer")], vec![Stmt::Expr(leaf_value)]),
            (vec![atom("Array")], vec![Stmt::Expr(array_sum)]),
            (
                vec![atom("Hash")],
                vec![Stmt::Expr(bin(
                    call_block(
                        Some(call(Some(atom("t")), "values", vec![])),
                        "sum",
                        vec![],
                        &[&c],
                        vec![Stmt::Expr(rec_walk(bin(atom("k"), "+", int(3))))],
                    ),
                    "+",
                    call(Some(atom("t")), "size", vec![]),
                ))],
            ),
            (
                vec![atom(node.clone())],
                vec![Stmt::Expr(bin(
                    call(Some(atom("t")), "val", vec![]),
                    "-",
                    call_block(
                        Some(call(Some(atom("t")), "kids", vec![])),
                        "sum",
                        vec![],
                        &[&c],
                        vec![Stmt::Expr(rec_walk(atom("k")))],
                    ),
                ))],
            ),
        ];
        if let Some((r, id)) = leaf_class {
            let mut lcx = Cx::new(usize::MAX, 1_000, 10);
            lcx.declare("k", Ty::Int);
            let m = self.callables[id].clone();
            let args = self.args_for(&mut lcx, &m.params, 1);
            walk_arms.push((
                vec![atom(self.classes[r].name.clone())],
                vec![Stmt::Expr(call_full(Some(atom("t")), &m.name, args, None))],
            ));
        }
        self.rng.shuffle(&mut walk_arms);
        out.push(Stmt::Def(Box::new(Def {
            name: walk.clone(),
            singleton: None,
            params: vec![Param::Req("t".into()), Param::Req("k".into())],
            body: vec![Stmt::Case {
                subject: Some(atom("t")),
                arms: walk_arms,
                els: Some(vec![Stmt::Expr(int(0))]),
            }],
            endless: false,
        })));
        // depth(t)
        out.push(Stmt::Raw(format!(
            "def {depth_fn}(t)\n  case t\n  when Array then 1 + (t.map {{ |c| {depth_fn}(c) }}.max || 0)\n  when Hash then 1 + (t.values.map {{ |c| {depth_fn}(c) }}.max || 0)\n  when {node} then 1 + (t.kids.map {{ |c| {depth_fn}(c) }}.max || 0)\n  else 0\n  end\nend"
        )));
        let d = self.rng.range(3, 6);
        let tree = self.fresh("tree");
        out.push(assign(
            &tree,
            call(None, &build, vec![int(i128::from(d)), self.small(0, 50)]),
        ));
        out.push(p(vec![call(None, &depth_fn, vec![atom(tree.clone())])]));
        if d <= 3 {
            out.push(p(vec![atom(tree.clone())]));
        }
        let nodes = 3u64 << d;
        let reps = (2_500 / nodes).clamp(10, 200);
        cx.charge(reps * nodes * 30, reps * nodes / 2);
        let s = self.fresh("sum");
        out.push(assign(&s, int(0)));
        let i = self.fresh("i");
        let body = vec![assign(
            &s,
            bin(
                bin(
                    atom(s.clone()),
                    "+",
                    call(
                        None,
                        &walk,
                        vec![atom(tree.clone()), bin(atom(i.clone()), "%", int(5))],
                    ),
                ),
                "%",
                atom("4611686018427387904"),
            ),
        )];
        out.extend(self.counted_loop(reps, &i, body));
        out.push(p(vec![atom(s)]));
        // Deep recursion, and mutual recursion.
        let rec_fn = self.fresh("rec");
        let mut rcx = Cx::new(usize::MAX, 100, 0);
        rcx.declare("k0", Ty::Int);
        rcx.declare("acc", Ty::Int);
        let step = self.expr(&mut rcx, Ty::Int, 2);
        out.push(Stmt::Def(Box::new(Def {
            name: rec_fn.clone(),
            singleton: None,
            params: vec![Param::Req("k0".into()), Param::Req("acc".into())],
            body: vec![
                Stmt::If {
                    cond: bin(atom("k0"), "<=", int(0)),
                    then: vec![Stmt::Return(Some(atom("acc")))],
                    els: vec![],
                    unless: false,
                    modifier: true,
                },
                Stmt::Expr(call(
                    None,
                    &rec_fn,
                    vec![
                        bin(atom("k0"), "-", int(1)),
                        bin(bin(atom("acc"), "+", step), "%", atom("1000000007")),
                    ],
                )),
            ],
            endless: false,
        })));
        let depth = self.rng.range(50, 300);
        out.push(p(vec![call(
            None,
            &rec_fn,
            vec![int(i128::from(depth)), int(1)],
        )]));
        let reps = (4_000 / depth as u64).max(2);
        cx.charge(reps * depth as u64 * 20, 0);
        let j = self.fresh("i");
        let r = self.fresh("r");
        out.push(assign(&r, int(0)));
        let body = vec![assign(
            &r,
            bin(
                atom(r.clone()),
                "^",
                call(None, &rec_fn, vec![int(i128::from(depth)), atom(j.clone())]),
            ),
        )];
        out.extend(self.counted_loop(reps, &j, body));
        out.push(p(vec![atom(r)]));
        // A recursive walk passing its block on, the block mutating a local
        // it closes over.
        let leaves = self.fresh("leaves");
        let call_block_kw = if self.rng.chance(50) {
            "blk.call(t)"
        } else {
            "yield t"
        };
        out.push(Stmt::Raw(format!(
            "def {leaves}(t, &blk)\n  case t\n  when Array then t.each {{ |c| {leaves}(c, &blk) }}\n  when Hash then t.each_value {{ |c| {leaves}(c, &blk) }}\n  when {node} then t.kids.each {{ |c| {leaves}(c, &blk) }}\n  else {call_block_kw}\n  end\nend"
        )));
        let seen = self.fresh("seen");
        let reps2 = (3_000 / nodes).clamp(5, 100);
        cx.charge(reps2 * nodes * 20, reps2 * nodes / 4);
        out.push(Stmt::Raw(format!(
            "{seen} = 0\n{reps2}.times do |i|\n  {leaves}({tree}) {{ |x| {seen} = ({seen} * 3 + (x.is_a?(Integer) ? x : 7) + i) % 1000003 }}\nend\np {seen}"
        )));
        // Recursion whose every frame runs a loop: after a deoptimisation
        // deep down, the interpreter finishes frames that re-enter compiled
        // code by on-stack replacement.
        let deep = self.fresh("deep");
        out.push(Stmt::Raw(format!(
            "def {deep}(k0, x)\n  return x if k0 <= 0\n  k = 0\n  t = x\n  while k < 4\n    t = (t * 3 + k) % 1000003\n    k += 1\n  end\n  {deep}(k0 - 1, t) + (k0.even? ? 1 : 0)\nend\np {deep}({}, 5), {deep}({}, 2.5), {deep}(40, 2**70)",
            self.rng.range(20, 120),
            self.rng.range(20, 120)
        )));
        cx.charge(300 * 20, 300);
        if self.rng.chance(50) {
            let ev = self.fresh("ev");
            let od = self.fresh("od");
            out.push(Stmt::Raw(format!(
                "def {ev}(n) = n.zero? ? true : {od}(n - 1)\ndef {od}(n) = n.zero? ? false : {ev}(n - 1)"
            )));
            let n = self.rng.range(20, 250);
            out.push(p(vec![
                call(None, &ev, vec![int(i128::from(n))]),
                call(None, &od, vec![int(i128::from(n + 1))]),
            ]));
        }
        out
    }

    // -- raise_storm -------------------------------------------------------------

    fn raise_storm(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let levels = self.rng.urange(3, 7);
        let names: Vec<String> = (0..levels).map(|_| self.fresh("rz")).collect();
        for (j, name) in names.iter().enumerate().rev() {
            let body = if j + 1 == levels {
                // The deepest level raises.
                let mut b = Vec::new();
                let mut mcx = Cx::new(usize::MAX, 100, 1);
                mcx.declare("i", Ty::Int);
                for _ in 0..self.rng.urange(1, 3) {
                    b.push(self.raise_stmt(&mut mcx));
                }
                b.push(Stmt::Expr(bin(atom("i"), "*", int(2))));
                b
            } else {
                let next = &names[j + 1];
                let arg = match self.rng.index(3) {
                    0 => atom("i"),
                    1 => bin(atom("i"), "+", int(1)),
                    _ => bin(atom("i"), "*", int(3)),
                };
                let inner = call(None, next, vec![arg.clone()]);
                match self.rng.index(8) {
                    0 => vec![Stmt::Expr(bin(inner, "+", int(1)))],
                    1 => vec![Stmt::Begin(Box::new(BeginBlock {
                        body: vec![Stmt::Expr(inner)],
                        rescues: vec![Rescue {
                            classes: vec!["FzDeep".into()],
                            var: Some("e".into()),
                            body: vec![Stmt::Expr(call(Some(atom("e")), "v", vec![]))],
                        }],
                        else_body: vec![],
                        ensure: None,
                    }))],
                    2 => vec![Stmt::Begin(Box::new(BeginBlock {
                        body: vec![Stmt::Expr(inner)],
                        rescues: vec![Rescue {
                            classes: vec!["FzError".into()],
                            var: Some("e".into()),
                            body: vec![
                                self.checksum(int(1)),
                                Stmt::If {
                                    cond: call(Some(atom("i")), "odd?", vec![]),
                                    then: vec![Stmt::Expr(call(None, "raise", vec![]))],
                                    els: vec![],
                                    unless: false,
                                    modifier: true,
                                },
                                Stmt::Expr(int(-1)),
                            ],
                        }],
                        else_body: vec![],
                        ensure: None,
                    }))],
                    3 => vec![Stmt::Begin(Box::new(BeginBlock {
                        body: vec![Stmt::Expr(inner)],
                        rescues: vec![],
                        else_body: vec![],
                        ensure: Some(vec![self.checksum(int(2))]),
                    }))],
                    4 => vec![
                        assign("tries", int(0)),
                        Stmt::Begin(Box::new(BeginBlock {
                            body: vec![
                                Stmt::OpAssign(atom("tries"), "+".into(), int(1)),
                                Stmt::Expr(call(None, next, vec![bin(arg, "+", atom("tries"))])),
                            ],
                            rescues: vec![Rescue {
                                classes: vec!["FzError".into(), "ArgumentError".into()],
                                var: None,
                                body: vec![
                                    Stmt::If {
                                        cond: bin(atom("tries"), "<", int(3)),
                                        then: vec![Stmt::Retry],
                                        els: vec![],
                                        unless: false,
                                        modifier: true,
                                    },
                                    Stmt::Expr(bin(int(0), "-", atom("tries"))),
                                ],
                            }],
                            else_body: vec![],
                            ensure: None,
                        })),
                    ],
                    5 => vec![Stmt::Begin(Box::new(BeginBlock {
                        body: vec![Stmt::Expr(inner)],
                        rescues: vec![Rescue {
                            classes: vec!["ArgumentError".into(), "IndexError".into()],
                            var: Some("e".into()),
                            body: vec![Stmt::Expr(call_full(
                                None,
                                "raise",
                                vec![
                                    Arg::Pos(atom("FzError")),
                                    Arg::Pos(Expr::Interp(vec![
                                        Part::Text("wrapped ".into()),
                                        Part::Code(call(Some(atom("e")), "message", vec![])),
                                    ])),
                                ],
                                None,
                            ))],
                        }],
                        else_body: vec![],
                        ensure: None,
                    }))],
                    6 => vec![Stmt::Expr(call(
                        Some(call_block(
                            Some(Expr::Array(vec![arg])),
                            "map",
                            vec![],
                            &["x"],
                            vec![Stmt::Expr(call(None, next, vec![atom("x")]))],
                        )),
                        "first",
                        vec![],
                    ))],
                    _ => vec![Stmt::Expr(Expr::RescueMod(
                        Box::new(inner),
                        Box::new(int(-7)),
                    ))],
                }
            };
            out.push(Stmt::Def(Box::new(Def {
                name: name.clone(),
                singleton: None,
                params: vec![Param::Req("i".into())],
                body,
                endless: false,
            })));
        }
        let counts = self.fresh("counts");
        let ens = self.fresh("ens");
        out.push(assign(
            &counts,
            call(Some(atom("Hash")), "new", vec![int(0)]),
        ));
        out.push(assign(&ens, int(0)));
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * levels as u64 * 30, n / 8);
        let i = self.fresh("i");
        let key = |k: &str| Expr::Index(Box::new(atom(counts.clone())), vec![atom(k)]);
        let body = vec![Stmt::Begin(Box::new(BeginBlock {
            body: vec![
                assign("v", call(None, &names[0], vec![atom(i.clone())])),
                Stmt::OpAssign(key(":ok"), "+".into(), int(1)),
                self.checksum(call(
                    None,
                    "fz_i",
                    vec![call(Some(atom("v")), "to_f", vec![])],
                )),
            ],
            rescues: vec![
                Rescue {
                    classes: vec!["FzDeep".into()],
                    var: Some("e".into()),
                    body: vec![
                        Stmt::OpAssign(key(":deep"), "+".into(), int(1)),
                        Stmt::OpAssign(key(":trace"), "+".into(), self.trace_sum(atom("e"))),
                    ],
                },
                Rescue {
                    classes: vec!["FzError".into()],
                    var: Some("e".into()),
                    body: vec![Stmt::OpAssign(
                        Expr::Index(
                            Box::new(atom(counts.clone())),
                            vec![call(Some(atom("e")), "message", vec![])],
                        ),
                        "+".into(),
                        int(1),
                    )],
                },
                Rescue {
                    classes: vec!["StandardError".into()],
                    var: Some("e".into()),
                    body: vec![Stmt::OpAssign(
                        Expr::Index(
                            Box::new(atom(counts.clone())),
                            vec![call(
                                Some(call(Some(atom("e")), "class", vec![])),
                                "name",
                                vec![],
                            )],
                        ),
                        "+".into(),
                        int(1),
                    )],
                },
            ],
            else_body: vec![],
            ensure: Some(vec![Stmt::OpAssign(atom(ens.clone()), "+".into(), int(1))]),
        }))];
        out.extend(self.counted_loop(n, &i, body));
        out.push(p(vec![
            call(Some(atom(counts.clone())), "size", vec![]),
            atom(ens),
        ]));
        out.push(p(vec![call(
            Some(call(Some(atom(counts.clone())), "to_a", vec![])),
            "first",
            vec![int(6)],
        )]));
        // One uncaught-looking report, caught at the top: the message and class.
        let e = self.fresh("e");
        out.push(Stmt::Begin(Box::new(BeginBlock {
            body: vec![p(vec![call(None, &names[0], vec![self.small(0, 40)])])],
            rescues: vec![Rescue {
                classes: vec![],
                var: Some(e.clone()),
                body: vec![p(vec![
                    call(Some(atom(e.clone())), "class", vec![]),
                    call(Some(atom(e.clone())), "message", vec![]),
                    self.trace(atom(e.clone()), None),
                ])],
            }],
            else_body: vec![],
            ensure: None,
        })));
        out
    }

    // -- shapes --------------------------------------------------------------------

    fn shapes(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        if self.classes.is_empty() {
            return self.stmts(cx, 3);
        }
        let c = self.rng.index(self.classes.len());
        let mut out = Vec::new();
        let list = self.fresh("sh");
        let k = self.rng.range(3, 6);
        let mut objs = Vec::new();
        for _ in 0..k {
            let o = self.new_obj(cx, c, 1);
            objs.push(o);
        }
        out.push(assign(&list, Expr::Array(objs)));
        cx.declare(&list, Ty::ArrObj(c));
        // Some objects get more instance variables than others.
        let o = self.fresh("o");
        let idx = self.fresh("i");
        let mut grow = Vec::new();
        let writers: Vec<Ivar> = self
            .visible_ivars(c)
            .into_iter()
            .filter(|i| i.writer)
            .collect();
        let mut wcx_locals = vec![(o.clone(), Ty::Obj(c)), (idx.clone(), Ty::Int)];
        cx.push_scope();
        for (n, t) in &wcx_locals {
            cx.declare(n, *t);
        }
        if let Some(w) = writers.first() {
            let v = self.expr(cx, w.ty, 1);
            grow.push(Stmt::If {
                cond: call(Some(atom(idx.clone())), "even?", vec![]),
                then: vec![Stmt::Assign(
                    call(Some(atom(o.clone())), &w.name, vec![]),
                    v,
                )],
                els: vec![],
                unless: false,
                modifier: true,
            });
        }
        // Dynamically named instance variables, in an order that depends
        // on the object: many shapes, some past the embedded capacity.
        let j = self.fresh("j");
        let spread = self.rng.range(3, 9);
        grow.push(Stmt::Expr(call_block(
            Some(bin(
                bin(atom(idx.clone()), "%", int(i128::from(spread))),
                "+",
                int(1),
            )),
            "times",
            vec![],
            &[&j],
            vec![Stmt::Expr(call(
                Some(atom(o.clone())),
                "instance_variable_set",
                vec![
                    Expr::Interp(vec![
                        Part::Text("@dyn".into()),
                        Part::Code(bin(
                            bin(bin(atom(j.clone()), "*", int(7)), "+", atom(idx.clone())),
                            "%",
                            int(i128::from(spread + 2)),
                        )),
                    ]),
                    atom(j.clone()),
                ],
            ))],
        )));
        let extra = self.fresh("@late");
        grow.push(Stmt::If {
            cond: bin(bin(atom(idx.clone()), "%", int(3)), "==", int(1)),
            then: vec![Stmt::Expr(call(
                Some(atom(o.clone())),
                "instance_variable_set",
                vec![atom(format!(":{extra}")), atom(idx.clone())],
            ))],
            els: vec![],
            unless: false,
            modifier: true,
        });
        cx.pop_scope();
        wcx_locals.clear();
        out.push(Stmt::Expr(call_block(
            Some(atom(list.clone())),
            "each_with_index",
            vec![],
            &[&o, &idx],
            grow,
        )));
        out.push(Stmt::Expr(call_block(
            Some(atom(list.clone())),
            "each",
            vec![],
            &[&o],
            vec![p(vec![call(
                Some(atom(o.clone())),
                "instance_variables",
                vec![],
            )])],
        )));
        out.push(p(vec![call_block(
            Some(atom(list.clone())),
            "map",
            vec![],
            &[&o],
            vec![Stmt::Expr(call(
                Some(atom(o.clone())),
                "instance_variable_get",
                vec![atom(format!(":{extra}"))],
            ))],
        )]));
        let readers: Vec<Ivar> = self
            .visible_ivars(c)
            .into_iter()
            .filter(|i| i.reader)
            .collect();
        if !readers.is_empty() {
            let r = self.rng.pick(&readers).clone();
            out.push(p(vec![call_full(
                Some(atom(list.clone())),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(format!(":{}", r.name)))),
            )]));
        }
        // A hot loop reading through the differently shaped objects.
        let methods: Vec<usize> = self
            .methods_of(c)
            .into_iter()
            .filter(|&id| !self.callables[id].private)
            .collect();
        if let Some(&id) = methods.first() {
            let (cost, allocs, _) = self.dispatch_cost(c, id);
            let n = self
                .fit_iterations(cx, cost + 10, allocs)
                .clamp(100, HOT_MAX);
            let i = self.fresh("i");
            let acc = self.fresh("acc");
            out.push(assign(&acc, int(0)));
            let saved = cx.mult;
            cx.mult = n;
            cx.push_scope();
            cx.declare(&i, Ty::Int);
            let recv = Expr::Index(
                Box::new(atom(list.clone())),
                vec![bin(
                    atom(i.clone()),
                    "%",
                    call(Some(atom(list.clone())), "size", vec![]),
                )],
            );
            let c_e = self.invoke(cx, id, Some(recv), 1);
            let v = self.int_of(c_e, self.callables[id].ret);
            cx.pop_scope();
            cx.mult = saved;
            let body = vec![Stmt::Begin(Box::new(BeginBlock {
                body: vec![assign(
                    &acc,
                    self.bounded(bin(bin(atom(acc.clone()), "*", int(5)), "+", v), Ty::Int),
                )],
                rescues: vec![Rescue {
                    classes: vec!["FzError".into()],
                    var: None,
                    body: vec![Stmt::OpAssign(atom(acc.clone()), "+".into(), int(1))],
                }],
                else_body: vec![],
                ensure: None,
            }))];
            out.extend(self.counted_loop(n, &i, body));
            out.push(p(vec![atom(acc)]));
        }
        // A method writing an instance variable, hot, then called on a
        // frozen object (compiled code tests the frozen bit).
        let poke = self.fresh("fz_poke");
        let ivars = self.visible_ivars(c);
        let target = ivars
            .iter()
            .find(|i| i.ty == Ty::Int)
            .map(|i| i.name.clone())
            .unwrap_or_else(|| "fz_extra".to_owned());
        out.push(Stmt::Class(Box::new(ClassDef {
            name: self.classes[c].name.clone(),
            superclass: None,
            body: vec![Stmt::Def(Box::new(Def {
                name: poke.clone(),
                singleton: None,
                params: vec![Param::Req("v".into())],
                body: vec![assign(
                    &format!("@{target}"),
                    bin(atom("v"), "%", int(1000)),
                )],
                endless: false,
            }))],
        })));
        let pokes = self.fresh("pokes");
        out.push(assign(&pokes, Expr::Array(vec![int(0), int(0)])));
        let pi = self.fresh("i");
        let pn = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        let poke_loop = self.counted_loop(
            pn,
            &pi,
            vec![Stmt::Begin(Box::new(BeginBlock {
                body: vec![
                    Stmt::Expr(call(
                        Some(Expr::Index(
                            Box::new(atom(list.clone())),
                            vec![bin(
                                atom(pi.clone()),
                                "%",
                                call(Some(atom(list.clone())), "size", vec![]),
                            )],
                        )),
                        &poke,
                        vec![atom(pi.clone())],
                    )),
                    Stmt::OpAssign(
                        Expr::Index(Box::new(atom(pokes.clone())), vec![int(0)]),
                        "+".into(),
                        int(1),
                    ),
                ],
                rescues: vec![Rescue {
                    classes: vec!["FrozenError".into()],
                    var: None,
                    body: vec![Stmt::OpAssign(
                        Expr::Index(Box::new(atom(pokes.clone())), vec![int(1)]),
                        "+".into(),
                        int(1),
                    )],
                }],
                else_body: vec![],
                ensure: None,
            }))],
        );
        cx.charge(2 * HOT_MAX * 20, 0);
        out.extend(poke_loop.clone());
        // A frozen object refuses new instance variables.
        let frozen = self.fresh("fr");
        let e = self.fresh("e");
        let write = match writers.first() {
            Some(w) => {
                let v = self.leaf(cx, w.ty);
                Stmt::Assign(call(Some(atom(frozen.clone())), &w.name, vec![]), v)
            }
            None => Stmt::Expr(call(
                Some(atom(frozen.clone())),
                "instance_variable_set",
                vec![atom(":@fz_frozen"), int(1)],
            )),
        };
        out.push(assign(
            &frozen,
            call(
                Some(call(Some(atom(list.clone())), "last", vec![])),
                "freeze",
                vec![],
            ),
        ));
        out.push(Stmt::Begin(Box::new(BeginBlock {
            body: vec![write],
            rescues: vec![Rescue {
                classes: vec!["FrozenError".into()],
                var: Some(e.clone()),
                body: vec![puts(call(Some(atom(e)), "message", vec![]))],
            }],
            else_body: vec![],
            ensure: None,
        })));
        out.push(p(vec![
            call(Some(atom(frozen)), "frozen?", vec![]),
            call(
                Some(call(Some(atom(list.clone())), "first", vec![])),
                "frozen?",
                vec![],
            ),
        ]));
        out.extend(poke_loop);
        out.push(p(vec![atom(pokes)]));
        out.push(p(vec![atom(list)]));
        out
    }

    // -- overflow ----------------------------------------------------------------

    fn overflow(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let name = self.fresh("ar");
        let floats_too = self.rng.chance(50);
        // A body over a and b with + - * (and, for Integers only, / % << abs).
        fn arith(g: &mut Gen, d: u32, floats: bool) -> Expr {
            if d == 0 || g.rng.chance(25) {
                return match g.rng.index(4) {
                    0 | 1 => atom("a"),
                    2 => atom("b"),
                    _ => g.small(1, 9),
                };
            }
            let a = arith(g, d - 1, floats);
            let b = arith(g, d - 1, floats);
            let ops: &[&str] = if floats {
                &["+", "-", "*", "+", "-"]
            } else {
                &["+", "-", "*", "/", "%", "<<", "+", "-", "*"]
            };
            match *g.rng.pick(ops) {
                "/" | "%" => {
                    let op = if g.rng.chance(50) { "/" } else { "%" };
                    bin(a, op, bin(call(Some(b), "abs", vec![]), "+", int(1)))
                }
                "<<" => bin(a, "<<", int(i128::from(g.rng.range(0, 3)))),
                op => bin(a, op, b),
            }
        }
        let e = arith(self, 3, floats_too);
        let body = match self.rng.index(3) {
            0 => vec![Stmt::Expr(e)],
            1 => vec![
                assign("x", e),
                Stmt::Expr(Expr::Array(vec![
                    atom("x"),
                    bin(atom("x"), ">", atom("a")),
                    bin(atom("x"), "==", call(Some(atom("x")), "to_f", vec![])),
                ])),
            ],
            _ => vec![
                assign("x", e),
                Stmt::Expr(bin(atom("x"), "-", bin(atom("b"), "*", int(2)))),
            ],
        };
        out.push(Stmt::Def(Box::new(Def {
            name: name.clone(),
            singleton: None,
            params: vec![Param::Req("a".into()), Param::Req("b".into())],
            body,
            endless: false,
        })));
        let s = self.fresh("s");
        out.push(assign(&s, atom("nil")));
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 25, n / 3);
        let i = self.fresh("i");
        let loop_body = vec![assign(
            &s,
            call(
                None,
                &name,
                vec![atom(i.clone()), bin(atom(i.clone()), "+", int(1))],
            ),
        )];
        out.extend(self.counted_loop(n, &i, loop_body));
        out.push(p(vec![atom(s.clone())]));
        let mut probes: Vec<(&str, &str)> = vec![
            ("4611686018427387903", "1"),
            ("-4611686018427387904", "3"),
            ("4611686018427387904", "-1"),
            ("9223372036854775807", "2"),
            ("-9223372036854775808", "-1"),
            ("(2**64)", "7"),
            ("3", "(2**70)"),
            ("2147483647", "2147483647"),
            ("(-1)", "4611686018427387903"),
        ];
        if floats_too {
            probes.extend([
                ("1.5", "2"),
                ("2", "0.25"),
                ("1.0e+300", "1.0e+300"),
                ("(-0.0)", "0"),
            ]);
        }
        self.rng.shuffle(&mut probes);
        for (a, b) in probes.iter().take(self.rng.urange(3, 6)) {
            out.push(p(vec![call(None, &name, vec![atom(*a), atom(*b)])]));
        }
        // Hot across the boundary.
        let n2 = self.rng.range(600, 1500) as u64;
        cx.charge(n2 * 25, n2);
        let base = *self.rng.pick(&[
            "4611686018427387000",
            "-4611686018427387000",
            "9223372036854775000",
            "2147483000",
        ]);
        let j = self.fresh("i");
        let t = self.fresh("t");
        out.push(assign(&t, int(0)));
        let arg = if floats_too && self.rng.chance(30) {
            bin(atom(j.clone()), "*", atom("0.5"))
        } else {
            bin(atom(base), "+", atom(j.clone()))
        };
        let body = vec![
            assign(&s, call(None, &name, vec![arg, atom(j.clone())])),
            assign(
                &t,
                bin(
                    bin(
                        atom(t.clone()),
                        "+",
                        // 7 for an Integer, 5 for a Float, 5 for an Array.
                        size_of_s(call(Some(atom(s.clone())), "class", vec![])),
                    ),
                    "%",
                    int(1000),
                ),
            ),
            self.progress(&j, n2, atom(s.clone())),
        ];
        out.extend(self.counted_loop(n2, &j, body));
        out.push(p(vec![atom(s), atom(t)]));
        // Integer and Float comparisons at the edges.
        let x = self.fresh("x");
        out.push(assign(&x, atom(base)));
        let k = self.fresh("k");
        let body = vec![
            Stmt::OpAssign(atom(x.clone()), "+".into(), atom("400")),
            p(vec![
                atom(x.clone()),
                bin(
                    atom(x.clone()),
                    "<",
                    call(Some(atom(x.clone())), "to_f", vec![]),
                ),
                bin(
                    atom(x.clone()),
                    "==",
                    call(Some(atom(x.clone())), "to_f", vec![]),
                ),
                bin(atom(x.clone()), "*", atom(x.clone())),
                bin(atom(x.clone()), "/", atom("(-1)")),
                bin(
                    Expr::Unary("-".into(), Box::new(atom(x.clone()))),
                    "-",
                    int(1),
                ),
            ]),
        ];
        out.push(Stmt::Expr(call_block(
            Some(int(i128::from(self.rng.range(2, 4)))),
            "times",
            vec![],
            &[&k],
            body,
        )));
        out
    }

    // -- closures ----------------------------------------------------------------

    fn closures(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let cnt = self.fresh("cnt");
        out.push(assign(&cnt, int(0)));
        cx.declare(&cnt, Ty::Int);
        let add = self.fresh("add");
        let mul = self.fresh("mul");
        let m = self.modulus();
        out.push(assign(
            &add,
            Expr::Lambda(
                if self.rng.chance(50) {
                    LambdaKind::Stabby
                } else {
                    LambdaKind::Lambda
                },
                Box::new(block(
                    &["x"],
                    vec![
                        assign(
                            &cnt,
                            bin(bin(atom(cnt.clone()), "+", atom("x")), "%", m.clone()),
                        ),
                        Stmt::Expr(atom(cnt.clone())),
                    ],
                )),
            ),
        ));
        out.push(assign(
            &mul,
            Expr::Lambda(
                if self.rng.chance(50) {
                    LambdaKind::Proc
                } else {
                    LambdaKind::ProcNew
                },
                Box::new(block(
                    &["x"],
                    vec![assign(
                        &cnt,
                        bin(
                            bin(bin(atom(cnt.clone()), "*", int(3)), "+", atom("x")),
                            "%",
                            m,
                        ),
                    )],
                )),
            ),
        ));
        // Random lambdas over the locals too.
        let extra = self.rng.urange(0, 2);
        for _ in 0..extra {
            out.extend(self.stmt(cx));
        }
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 30, n / 4);
        let i = self.fresh("i");
        let calls = match self.rng.index(4) {
            0 => vec![
                Stmt::Expr(call(
                    Some(atom(add.clone())),
                    "call",
                    vec![bin(atom(i.clone()), "%", int(7))],
                )),
                Stmt::Expr(call(Some(atom(mul.clone())), "call", vec![atom(i.clone())])),
            ],
            1 => vec![
                Stmt::Expr(Expr::Index(
                    Box::new(atom(add.clone())),
                    vec![atom(i.clone())],
                )),
                Stmt::Expr(call(
                    Some(atom(mul.clone())),
                    "yield",
                    vec![atom(i.clone())],
                )),
            ],
            2 => vec![Stmt::Expr(call_full(
                Some(Expr::Array(vec![atom(i.clone()), int(3)])),
                "each",
                vec![],
                Some(BlockArg::Pass(atom(add.clone()))),
            ))],
            _ => vec![Stmt::Expr(call_full(
                Some(Expr::Array(vec![atom(i.clone())])),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(mul.clone()))),
            ))],
        };
        out.extend(self.counted_loop(n, &i, calls));
        out.push(p(vec![atom(cnt.clone())]));
        // Block forwarding through a method.
        let apply = self.fresh("apply");
        out.push(Stmt::Raw(format!("def {apply}(xs, &blk) = xs.map(&blk)")));
        out.push(p(vec![call_block(
            None,
            &apply,
            vec![Expr::Array(vec![int(1), int(2), int(3)])],
            &["x"],
            vec![Stmt::Expr(bin(
                bin(atom("x"), "*", atom(cnt.clone())),
                "%",
                int(97),
            ))],
        )]));
        out.push(p(vec![call_full(
            None,
            &apply,
            vec![Arg::Pos(Expr::Array(vec![int(4), int(5)]))],
            Some(BlockArg::Pass(atom(add.clone()))),
        )]));
        // Closures made in a loop each keep their own variables.
        let ps = self.fresh("ps");
        out.push(assign(&ps, Expr::Array(vec![])));
        let k = self.fresh("k");
        let v = self.fresh("v");
        out.push(Stmt::Expr(call_block(
            Some(int(i128::from(self.rng.range(2, 5)))),
            "times",
            vec![],
            &[&k],
            vec![
                assign(&v, bin(atom(k.clone()), "*", int(2))),
                Stmt::Expr(bin(
                    atom(ps.clone()),
                    "<<",
                    Expr::Lambda(
                        LambdaKind::Stabby,
                        Box::new(block(
                            &[],
                            vec![
                                Stmt::OpAssign(atom(v.clone()), "+".into(), int(1)),
                                Stmt::Expr(bin(
                                    bin(atom(v.clone()), "+", atom(k.clone())),
                                    "+",
                                    atom(cnt.clone()),
                                )),
                            ],
                        )),
                    ),
                )),
            ],
        )));
        let pm = call_full(
            Some(atom(ps.clone())),
            "map",
            vec![],
            Some(BlockArg::Pass(atom(":call"))),
        );
        out.push(p(vec![pm.clone(), pm]));
        // A counter object made of two lambdas sharing one variable.
        let mk = self.fresh("make_counter");
        out.push(Stmt::Raw(format!(
            "def {mk}(start)\n  c = start\n  [-> {{ c += 1 }}, -> {{ c }}]\nend"
        )));
        let inc = self.fresh("inc");
        let get = self.fresh("get");
        out.push(Stmt::MultiAssign(
            vec![inc.clone(), get.clone()],
            vec![call(None, &mk, vec![self.small(0, 9)])],
            false,
        ));
        let n2 = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n2 * 10, 0);
        let j = self.fresh("i");
        out.extend(self.counted_loop(
            n2,
            &j,
            vec![Stmt::Expr(call(Some(atom(inc.clone())), "call", vec![]))],
        ));
        out.push(p(vec![call(Some(atom(get)), "call", vec![])]));
        out
    }

    // -- control -------------------------------------------------------------------

    fn control(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let find = self.fresh("find");
        let each_up = self.fresh("each_up");
        let brk = self.fresh("brk");
        let nxt = self.fresh("nxt");
        let lim = self.rng.range(1, 9);
        out.push(Stmt::Raw(format!(
            "def {find}(xs, lim)\n  xs.each_with_index {{ |x, i| return [x, i] if x > lim }}\n  nil\nend"
        )));
        out.push(Stmt::Raw(format!(
            "def {each_up}(n)\n  k = 0\n  while k < n\n    yield k\n    k += 1\n  end\n  :done\nend"
        )));
        out.push(Stmt::Raw(format!(
            "def {brk}(n, lim) = {each_up}(n) {{ |v| break v * 2 if v > lim; v }}"
        )));
        out.push(Stmt::Raw(format!(
            "def {nxt}(xs) = xs.map {{ |x| next 0 if x.odd?; x * {lim} }}"
        )));
        let depth = self.rng.urange(3, 8);
        let thr: Vec<String> = (0..depth).map(|_| self.fresh("thr")).collect();
        let tag = self.fresh(":stop");
        for (k, name) in thr.iter().enumerate() {
            let body = if k + 1 == depth {
                format!(
                    "def {name}(i)\n  throw {tag}, i if i % {} == {}\n  i\nend",
                    self.rng.range(50, 400),
                    self.rng.range(0, 49)
                )
            } else {
                let next = &thr[k + 1];
                match self.rng.index(3) {
                    0 => format!("def {name}(i) = {next}(i + 1) - 1"),
                    1 => format!(
                        "def {name}(i)\n  [i].each {{ |x| return {next}(x) }}\n  :unreachable\nend"
                    ),
                    _ => format!(
                        "def {name}(i)\n  r = nil\n  {each_up}(1) {{ r = {next}(i) }}\n  r\nend"
                    ),
                }
            };
            out.push(Stmt::Raw(body));
        }
        let s = self.fresh("s");
        out.push(assign(&s, int(0)));
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 80, n * 3);
        let i = self.fresh("i");
        let r = self.fresh("r");
        let b = self.fresh("b");
        let body = vec![
            assign(
                &r,
                call(
                    None,
                    &find,
                    vec![
                        Expr::Array(vec![
                            atom(i.clone()),
                            bin(atom(i.clone()), "%", int(13)),
                            bin(atom(i.clone()), "*", int(2)),
                        ]),
                        bin(atom(i.clone()), "+", int(i128::from(lim))),
                    ],
                ),
            ),
            assign(
                &s,
                bin(
                    bin(
                        atom(s.clone()),
                        "+",
                        Expr::Ternary(
                            Box::new(atom(r.clone())),
                            Box::new(bin(
                                Expr::Index(Box::new(atom(r.clone())), vec![int(0)]),
                                "+",
                                Expr::Index(Box::new(atom(r.clone())), vec![int(1)]),
                            )),
                            Box::new(int(-1)),
                        ),
                    ),
                    "%",
                    int(1_000_003),
                ),
            ),
            assign(
                &b,
                call(
                    None,
                    &brk,
                    vec![
                        int(i128::from(self.rng.range(2, 8))),
                        bin(atom(i.clone()), "%", int(7)),
                    ],
                ),
            ),
            assign(
                &s,
                bin(
                    bin(
                        atom(s.clone()),
                        "+",
                        Expr::Ternary(
                            Box::new(call(Some(atom(b.clone())), "is_a?", vec![atom("Integer")])),
                            Box::new(atom(b.clone())),
                            Box::new(int(100)),
                        ),
                    ),
                    "%",
                    int(1_000_003),
                ),
            ),
            self.progress(&i, n, atom(s.clone())),
        ];
        out.extend(self.counted_loop(n, &i, body));
        out.push(p(vec![atom(s.clone())]));
        out.push(p(vec![call(
            None,
            &nxt,
            vec![Expr::Array(vec![int(1), int(2), int(3), int(4)])],
        )]));
        // One value yielded to a block with two parameters: an Array is
        // split, anything else fills the first.
        let pairs = self.fresh("pairs");
        let ps = self.fresh("ps");
        out.push(Stmt::Raw(format!(
            "def {pairs}(n)\n  k = 0\n  while k < n\n    yield(k.odd? ? [k, k * 2] : k)\n    k += 1\n  end\n  n\nend\n{ps} = 0\n{}.times do |i|\n  {pairs}(3) {{ |a, b| {ps} = ({ps} * 7 + a * 3 + b.to_i + i) % 1000003 }}\n  {pairs}(2) {{ |a| {ps} += a.is_a?(Array) ? a.size : a }}\nend\np {ps}",
            self.rng.range(HOT_MIN as i64, HOT_MAX as i64)
        )));
        cx.charge(HOT_MAX * 60, HOT_MAX * 4);
        let caught = self.fresh("caught");
        let k = self.fresh("i");
        out.push(assign(
            &caught,
            call_block(
                None,
                "catch",
                vec![atom(tag.clone())],
                &[],
                vec![
                    Stmt::Expr(call_block(
                        Some(int(i128::from(self.rng.range(200, 900)))),
                        "times",
                        vec![],
                        &[&k],
                        vec![Stmt::Expr(call(None, &thr[0], vec![atom(k.clone())]))],
                    )),
                    Stmt::Expr(atom(":never")),
                ],
            ),
        ));
        cx.charge(900 * depth as u64 * 10, 0);
        out.push(p(vec![atom(caught)]));
        out
    }

    // -- args ------------------------------------------------------------------

    fn args_scenario(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let name = self.fresh("args");
        let sum = self.fresh("sargs");
        let opt = self.rng.chance(60);
        let rest = self.rng.chance(50);
        let post = self.rng.chance(35);
        let key_opt = self.rng.chance(60);
        let key_req = self.rng.chance(40);
        let kwrest = self.rng.chance(30);
        let blk = self.rng.chance(50);
        // Each kind of parameter: whether the method has it, how it is
        // declared, how the method shows it, how it adds to the sum.
        let kinds = [
            (opt, "b = a * 2", "b", "b"),
            (rest, "*rest", "rest", "rest.sum"),
            (post, "c", "c", "c"),
            (key_opt, "k: 1", "k", "k"),
            (key_req, "j:", "j", "j"),
            (kwrest, "**opts", "opts", "opts.values.sum"),
            (
                blk,
                "&blk",
                "(blk ? blk.call(a) : nil)",
                "(blk ? blk.call(a) : 0)",
            ),
        ];
        let mut params = vec!["a".to_owned()];
        let mut fields = vec!["a".to_owned()];
        let mut sum_terms = vec!["a".to_owned()];
        for (_, param, field, term) in kinds.iter().filter(|kind| kind.0) {
            params.push((*param).into());
            fields.push((*field).into());
            sum_terms.push((*term).into());
        }
        let params = params.join(", ");
        out.push(Stmt::Raw(format!(
            "def {name}({params})\n  [{}]\nend",
            fields.join(", ")
        )));
        out.push(Stmt::Raw(format!(
            "def {sum}({params})\n  {}\nend",
            sum_terms.join(" + ")
        )));
        // Call shapes that fit.
        let required = 1 + usize::from(post);
        let max_pos = required + usize::from(opt) + if rest { 3 } else { 0 };
        let mut shapes = Vec::new();
        for _ in 0..self.rng.urange(3, 6) {
            let count = self.rng.urange(required, max_pos);
            let mut args: Vec<String> = (0..count)
                .map(|_| self.rng.range(-5, 40).to_string())
                .collect();
            if rest && count > required + usize::from(opt) && self.rng.chance(40) {
                let extra: Vec<String> = args.drain(required + usize::from(opt)..).collect();
                args.push(format!("*[{}]", extra.join(", ")));
            }
            let mut kws = Vec::new();
            if key_req {
                kws.push(format!("j: {}", self.rng.range(0, 9)));
            }
            if key_opt && self.rng.chance(50) {
                kws.push(format!("k: {}", self.rng.range(0, 9)));
            }
            if kwrest && self.rng.chance(60) {
                kws.push(format!("z: {}", self.rng.range(0, 9)));
            }
            self.rng.shuffle(&mut kws);
            if !kws.is_empty() && self.rng.chance(25) {
                args.push(format!("**{{{}}}", kws.join(", ")));
            } else {
                args.extend(kws);
            }
            let block = if blk && self.rng.chance(60) {
                format!(" {{ |x| x * {} }}", self.rng.range(2, 5))
            } else {
                String::new()
            };
            shapes.push((args.join(", "), block));
        }
        for (args, block) in &shapes {
            out.push(Stmt::Raw(format!("p({name}({args}){block})")));
        }
        // Hot, with the shape changing by iteration.
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 30, n * 2);
        let i = self.fresh("i");
        let acc = self.fresh("acc");
        out.push(assign(&acc, int(0)));
        let mut arms = String::new();
        for (k, (args, block)) in shapes.iter().enumerate() {
            let args = if args.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
                format!("{i} % 50 + {args}")
            } else {
                args.clone()
            };
            arms.push_str(&format!("  when {k} then {sum}({args}){block}\n"));
        }
        out.push(Stmt::Raw(format!(
            "{n}.times do |{i}|\n  v = case {i} % {}\n{arms}  end\n  {acc} = ({acc} * 3 + v) % 1000000007\nend",
            shapes.len()
        )));
        out.push(p(vec![atom(acc)]));
        // Arity errors have exact messages.
        if !self.allows("arity-message") {
            return out;
        }
        let e = self.fresh("e");
        let bad = match self.rng.index(3) {
            0 => format!("{name}()"),
            1 => format!("{name}(1, 2, 3, 4, 5, 6, 7, 8)"),
            _ => format!("{name}(1, 2, bogus: 3)"),
        };
        out.push(Stmt::Raw(format!(
            "begin\n  {bad}\nrescue ArgumentError => {e}\n  puts {e}.message\nend"
        )));
        out
    }

    // -- structs, enumerable, ghost, alloc ---------------------------------------

    fn structs(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let pt = self.fresh("Pt");
        let mut out = vec![Stmt::Raw(format!(
            "{pt} = Struct.new(:x, :y) do\n  def norm = x.abs + y.abs\n  def +(o) = {pt}.new(x + o.x, y + o.y)\nend"
        ))];
        let k = self.rng.range(2, 6);
        let pts = self.fresh("pts");
        out.push(Stmt::Raw(format!(
            "{pts} = (0...{k}).map {{ |i| {pt}.new(i * {}, -i * {}) }}",
            self.rng.range(1, 9),
            self.rng.range(1, 9)
        )));
        let n = self.rng.range(500, HOT_MAX as i64) as u64;
        cx.charge(n * 20, n * 2);
        let s = self.fresh("s");
        out.push(Stmt::Raw(format!(
            "{s} = {pt}.new(0, 0)\n{n}.times do |i|\n  {s} = {s} + {pts}[i % {pts}.size]\n  {s} = {pt}.new({s}.x % 1000, {s}.y % 1000) if i % 7 == 0\nend\np {s}, {s}.norm, {s}.to_a, {s} == {pt}.new({s}.x, {s}.y), {pts}.max_by(&:norm)"
        )));
        out
    }

    fn enumerable(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let bag = self.fresh("Bag");
        let each = if self.rng.chance(50) {
            "  def each(&b)\n    @items.each(&b)\n    self\n  end".to_owned()
        } else {
            "  def each\n    i = 0\n    while i < @items.size\n      yield @items[i]\n      i += 1\n    end\n    self\n  end"
                .to_owned()
        };
        let mut out = vec![Stmt::Raw(format!(
            "class {bag}\n  include Enumerable\n  def initialize(items) = (@items = items)\n{each}\nend"
        ))];
        let mut items: Vec<i64> = (0..self.rng.range(3, 8))
            .map(|_| self.rng.range(-20, 60))
            .collect();
        items.sort_unstable();
        items.dedup();
        self.rng.shuffle(&mut items);
        let list: Vec<String> = items.iter().map(|x| x.to_string()).collect();
        let b = self.fresh("b");
        out.push(Stmt::Raw(format!("{b} = {bag}.new([{}])", list.join(", "))));
        let ops = [
            "map { |x| x * 2 }",
            "select(&:even?)",
            "sort",
            "min_by { |x| [x % 3, x] }",
            "inject(:+)",
            "each_slice(2).to_a",
            "each_with_index.map { |x, i| x * i }",
            "first(2)",
            "include?(3)",
            "count(&:odd?)",
            "sum",
            "minmax",
            "group_by(&:odd?)",
            "partition { |x| x > 10 }",
            "tally",
            "each_cons(2).map { |x, y| x - y }",
            "find { |x| x > 4 }",
            "sort_by { |x| -x }",
            "max(2)",
            "to_a",
            "reduce(1) { |s, x| (s * (x.abs + 1)) % 1009 }",
            "zip([1, 2, 3])",
            "reject(&:zero?)",
            "sum { |x| x * x }",
            "each_with_object([]) { |x, acc| acc << x if x.odd? }",
            "min(2)",
            "sort { |p, q| q <=> p }",
            "uniq { |x| x % 4 }",
            "take_while { |x| x < 30 }",
            "flat_map { |x| [x, -x] }",
            "to_h { |x| [x, x.to_s] }",
        ];
        let mut picks: Vec<&str> = ops.to_vec();
        self.rng.shuffle(&mut picks);
        for op in picks.iter().take(self.rng.urange(4, 9)) {
            out.push(Stmt::Raw(format!("p({b}.{op})")));
        }
        let n = self.rng.range(300, HOT_MIN as i64 + 100) as u64;
        cx.charge(n * 80, n * 3);
        let s = self.fresh("s");
        let op = *self.rng.pick(&[
            "sum { |x| x * i }",
            "count { |x| x > i % 40 }",
            "map { |x| x + i }.max",
            "inject(0) { |a, x| a ^ (x + i) }",
            "select { |x| (x + i).odd? }.size",
        ]);
        out.push(Stmt::Raw(format!(
            "{s} = 0\n{n}.times do |i|\n  {s} = ({s} + {b}.{op}) % 1000003\nend\np {s}"
        )));
        out
    }

    fn ghost(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let g = self.fresh("Ghost");
        let mut out = vec![Stmt::Raw(format!(
            "class {g}\n  def method_missing(name, *args)\n    name.to_s.start_with?(\"fz_\") ? [name, args.sum] : super\n  end\n  def respond_to_missing?(name, priv = false) = name.to_s.start_with?(\"fz_\") || super\n  def inspect = \"#<{g}>\"\nend"
        ))];
        let o = self.fresh("g");
        out.push(Stmt::Raw(format!("{o} = {g}.new")));
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 30, n * 3);
        let acc = self.fresh("acc");
        out.push(Stmt::Raw(format!(
            "{acc} = 0\n{n}.times do |i|\n  r = {o}.fz_{}(i, {})\n  {acc} = ({acc} + r[1] + r[0].length) % 1000003\nend\np {acc}",
            self.fresh("m"),
            self.rng.range(0, 9)
        )));
        out.push(Stmt::Raw(format!(
            "p {o}.respond_to?(:fz_x), {o}.respond_to?(:other), {o}.fz_q(1, 2, 3)"
        )));
        let e = self.fresh("e");
        out.push(Stmt::Raw(format!(
            "begin\n  {o}.other_thing(1)\nrescue NoMethodError => {e}\n  puts {e}.message\nend"
        )));
        out
    }

    fn alloc(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let keep = self.fresh("keep");
        out.push(assign(&keep, Expr::Array(vec![])));
        let n = self.rng.range(150, 400) as u64;
        let i = self.fresh("i");
        let saved = cx.mult;
        cx.mult = n;
        cx.push_scope();
        cx.declare(&i, Ty::Int);
        let obj = match self.some_class(cx) {
            Some(c) => self.new_obj(cx, c, 1),
            None => Expr::Array(vec![atom(i.clone())]),
        };
        cx.charge(10, 6);
        cx.pop_scope();
        cx.mult = saved;
        let s = self.fresh("s");
        out.push(assign(&s, int(0)));
        let body = vec![
            Stmt::Expr(bin(
                atom(keep.clone()),
                "<<",
                Expr::Array(vec![
                    obj,
                    Expr::Interp(vec![Part::Text("s".into()), Part::Code(atom(i.clone()))]),
                    bin(call(Some(atom(i.clone())), "to_s", vec![]), "*", int(2)),
                    Expr::Hash(vec![(atom(":k"), atom(i.clone()))]),
                ]),
            )),
            Stmt::If {
                cond: bin(call(Some(atom(keep.clone())), "size", vec![]), ">", int(12)),
                then: vec![Stmt::Expr(call(Some(atom(keep.clone())), "shift", vec![]))],
                els: vec![],
                unless: false,
                modifier: true,
            },
            assign(
                &s,
                bin(
                    bin(
                        atom(s.clone()),
                        "+",
                        call_block(
                            Some(atom(keep.clone())),
                            "sum",
                            vec![],
                            &["e"],
                            vec![Stmt::Expr(call(
                                Some(Expr::Index(Box::new(atom("e")), vec![int(2)])),
                                "size",
                                vec![],
                            ))],
                        ),
                    ),
                    "%",
                    int(1_000_003),
                ),
            ),
        ];
        out.extend(self.counted_loop(n, &i, body));
        out.push(p(vec![
            atom(s),
            call(Some(atom(keep.clone())), "size", vec![]),
            Expr::Index(
                Box::new(call(Some(atom(keep)), "last", vec![])),
                vec![int(1)],
            ),
        ]));
        // Arrays pushed to in hot code, one frozen half-way.
        let arrs = self.fresh("arrs");
        let k = self.rng.range(2, 5);
        out.push(Stmt::Raw(format!(
            "{arrs} = Array.new({k}) {{ |j| [j] }}\nfz_push = ->(n) do\n  refused = 0\n  n.times do |i|\n    a = {arrs}[i % {arrs}.size]\n    begin\n      a << i\n      a[0] = a[0] + 1\n      a.shift if a.size > 4\n    rescue FrozenError => e\n      refused += 1\n    end\n  end\n  refused\nend\np fz_push.(1200), {arrs}\n{arrs}[{}].freeze\np fz_push.(600), {arrs}, {arrs}.map(&:frozen?)",
            self.rng.range(0, k - 1)
        )));
        cx.charge(1800 * 20, 1800 / 4);
        out
    }

    // -- core_redef ----------------------------------------------------------------

    fn core_redef(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let (class, op, a, b) = *self.rng.pick(&[
            ("Integer", "+", "i", "3"),
            ("Integer", "-", "i", "3"),
            ("Integer", "*", "i", "3"),
            ("Float", "+", "i * 0.5", "3.0"),
            ("String", "+", "i.to_s", "\"x\""),
            ("String", "<=>", "i.to_s", "\"5\""),
        ]);
        let hot = self.fresh("hot");
        let orig = self.fresh("fz_orig");
        let magic = match class {
            "Integer" => "777_777",
            "Float" => "7.5",
            _ => "\"magic\"",
        };
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 20, n);
        // `<=>` is what String's Comparable operators call: the hot method
        // compares with `<`, which compiled code answers inline while
        // `String#<=>` is the core's.
        let compare = op == "<=>";
        let hot_op = if compare { "<" } else { op };
        let redefined = if compare { "-1" } else { ":redefined" };
        let acc_init = match class {
            "String" if !compare => "\"\"",
            "Float" => "0.0",
            _ => "0",
        };
        let fold = match class {
            _ if compare => format!("r = (r + ({hot}({a}, {b}) ? 1 : 2)) % 1000003"),
            "String" => format!("r = (r + {hot}({a}, {b}))[0, 20]"),
            "Float" => format!("r = (r + {hot}({a}, {b})) % 1000.0"),
            _ => format!("r = (r + {hot}({a}, {b})) % 1000003"),
        };
        vec![
            Stmt::Raw(format!("def {hot}(a, b) = a {hot_op} b")),
            Stmt::Raw(format!(
                "r = {acc_init}\n{n}.times do |i|\n  {fold}\nend\np r"
            )),
            Stmt::Raw(format!(
                "class {class}\n  alias_method :{orig}, :{op}\n  def {op}(o) = o == {magic} ? {redefined} : {orig}(o)\nend"
            )),
            Stmt::Raw(format!("p {hot}({a_lit}, {magic}), {hot}({a_lit}, {b})", a_lit = match class {
                "Integer" => "5",
                "Float" => "2.5",
                _ => "\"s\"",
            })),
            Stmt::Raw(format!(
                "class {class}\n  alias_method :{op}, :{orig}\nend"
            )),
            Stmt::Raw(format!("p {hot}({a_lit}, {magic})", a_lit = match class {
                "Integer" => "5",
                "Float" => "2.5",
                _ => "\"s\"",
            })),
        ]
    }
}

/// Wraps a scenario so an exception it does not handle is reported and
/// the next scenario still runs.
fn wrap_scenario(index: usize, body: Vec<Stmt>, trace: Expr) -> Stmt {
    Stmt::Begin(Box::new(BeginBlock {
        body,
        rescues: vec![Rescue {
            classes: vec!["StandardError".into()],
            var: Some("e".into()),
            body: vec![
                puts(Expr::Interp(vec![
                    Part::Text(format!("scenario {index} stopped: ")),
                    Part::Code(call(Some(atom("e")), "class", vec![])),
                    Part::Text(": ".into()),
                    Part::Code(call(Some(atom("e")), "message", vec![])),
                ])),
                // Where it came from: frames rebuilt from compiled code must
                // say what the interpreter's would.
                p(vec![trace]),
            ],
        }],
        else_body: vec![],
        ensure: None,
    }))
}

impl Gen {
    /// `e.backtrace` (its first `n` lines), or `e.class` when backtraces
    /// are avoided.
    pub fn trace(&self, e: Expr, n: Option<i128>) -> Expr {
        if !self.allows("backtraces") {
            return call(Some(e), "class", vec![]);
        }
        let all = call(Some(e), "backtrace", vec![]);
        match n {
            Some(n) => call(Some(all), "first", vec![int(n)]),
            None => all,
        }
    }

    /// A checksum of an exception's backtrace (0 when they are avoided).
    pub fn trace_sum(&self, e: Expr) -> Expr {
        if self.allows("backtraces") {
            backtrace_sum(e)
        } else {
            int(0)
        }
    }
}

/// `e.backtrace.join.bytes.sum`: a checksum of an exception's backtrace.
fn backtrace_sum(e: Expr) -> Expr {
    call(
        Some(call(
            Some(call(
                Some(call(Some(e), "backtrace", vec![])),
                "join",
                vec![],
            )),
            "bytes",
            vec![],
        )),
        "sum",
        vec![],
    )
}

/// Whether a method body uses its block or an implicit-argument `super`
/// (neither works the same in a `define_method` block).
fn uses_block_or_zsuper(def: &Def) -> bool {
    contains(&def.body, &|e| {
        matches!(e, Expr::Yield(_) | Expr::Super(None, _))
            || matches!(e, Expr::Call(c) if c.name == "block_given?")
    })
}

fn uses_super(def: &Def) -> bool {
    contains(&def.body, &|e| matches!(e, Expr::Super(..)))
}

/// Whether any expression in `body` satisfies `pred`.
fn contains(body: &[Stmt], pred: &dyn Fn(&Expr) -> bool) -> bool {
    struct Finder<'a> {
        pred: &'a dyn Fn(&Expr) -> bool,
        found: bool,
    }
    impl Visitor for Finder<'_> {
        fn expr(&mut self, e: &mut Expr) -> Flow {
            if (self.pred)(e) {
                self.found = true;
                Flow::Stop
            } else {
                Flow::Continue
            }
        }
    }
    let mut copy = body.to_vec();
    let mut finder = Finder { pred, found: false };
    walk_list(&mut finder, &mut copy);
    finder.found
}

/// `x.to_s.size`.
fn size_of_s(e: Expr) -> Expr {
    call(Some(call(Some(e), "to_s", vec![])), "size", vec![])
}
