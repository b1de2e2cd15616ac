//! Object layout and allocation: `shapes`, instance variables added in
//! orders that depend on the object (many shapes), read in a hot loop,
//! written by a hot method that then meets a frozen object; `alloc`,
//! objects, Strings, Arrays and Hashes made and dropped in a loop, and
//! Arrays pushed to in hot code, one frozen half-way:
//!
//! ```ruby
//! sh281.each_with_index { |o282, i283|
//!   ((i283 % 6) + 1).times { |j284| o282.instance_variable_set("@dyn#{(((j284 * 7) + i283) % 8)}", j284) }
//!   o282.instance_variable_set(:@late285, i283) if ((i283 % 3) == 1)
//! }
//! fr291 = sh281.last.freeze
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

impl Gen {
    /// Objects of one class given different instance variables, read hot,
    /// written hot, and frozen.
    pub(super) fn shapes(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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
        let writers: Vec<Ivar> = self
            .visible_ivars(c)
            .into_iter()
            .filter(|i| i.writer)
            .collect();
        out.extend(self.shape_grow(cx, c, &list, &writers));
        out.extend(self.shape_hot_read(cx, c, &list));
        out.extend(self.shape_freeze(cx, c, &list, &writers));
        out.push(p(vec![atom(list)]));
        out
    }

    /// Instance variables added to the objects of `list` in orders that
    /// depend on the object (a writer, dynamically named ones, a late one),
    /// and the objects' instance variables printed.
    fn shape_grow(&mut self, cx: &mut Cx, c: usize, list: &str, writers: &[Ivar]) -> Vec<Stmt> {
        let mut out = Vec::new();
        // Some objects get more instance variables than others.
        let o = self.fresh("o");
        let idx = self.fresh("i");
        let mut grow = Vec::new();
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
            Some(atom(list)),
            "each_with_index",
            vec![],
            &[&o, &idx],
            grow,
        )));
        out.push(Stmt::Expr(call_block(
            Some(atom(list)),
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
            Some(atom(list)),
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
                Some(atom(list)),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(format!(":{}", r.name)))),
            )]));
        }
        out
    }

    /// A hot loop calling a method of class `c` on the differently shaped
    /// objects of `list`.
    fn shape_hot_read(&mut self, cx: &mut Cx, c: usize, list: &str) -> Vec<Stmt> {
        let mut out = Vec::new();
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
                Box::new(atom(list)),
                vec![bin(
                    atom(i.clone()),
                    "%",
                    call(Some(atom(list)), "size", vec![]),
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
        out
    }

    /// A method writing an instance variable called hot on the objects of
    /// `list`, before and after the last one is frozen, and a frozen
    /// object refusing a write.
    fn shape_freeze(&mut self, cx: &mut Cx, c: usize, list: &str, writers: &[Ivar]) -> Vec<Stmt> {
        let mut out = Vec::new();
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
                            Box::new(atom(list)),
                            vec![bin(
                                atom(pi.clone()),
                                "%",
                                call(Some(atom(list)), "size", vec![]),
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
                Some(call(Some(atom(list)), "last", vec![])),
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
                Some(call(Some(atom(list)), "first", vec![])),
                "frozen?",
                vec![],
            ),
        ]));
        out.extend(poke_loop);
        out.push(p(vec![atom(pokes)]));
        out
    }

    /// Allocation in hot code: objects kept in a bounded queue, and Arrays
    /// pushed to, one of them frozen half-way.
    pub(super) fn alloc(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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
}
