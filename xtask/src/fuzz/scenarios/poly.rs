//! `poly_walk`: an Array holding an instance of each class of a hierarchy
//! walked in a hot loop (in the loop's block or in a method of its own),
//! one method called on each object; then that method redefined mid-run
//! (`define_method`, a singleton method, a reopened class) and the walk
//! run again:
//!
//! ```ruby
//! 40.times { |i294| all254.each { |w295| total293 = (((total293 * 7) + w295.measure_63(3)) % 4611686018427387904) } }
//! class Sensor
//!   def measure_63(a64) = 14
//! end
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::HOT_MIN;

/// The walk `poly_walk` writes, run before and after the redefinition.
struct PolyWalk {
    /// The Array walked (an instance of each class of a hierarchy) and the
    /// hierarchy's root.
    objs: String,
    root: usize,
    /// The method called on each object.
    id: usize,
    /// The accumulator.
    total: String,
    /// Walks over the Array, and objects in it.
    rounds: u64,
    per_round: u64,
    /// The method the walk runs in (None: in the loop's block).
    driver: Option<String>,
}

impl Gen {
    /// A polymorphic Array walked in a hot loop, one method called on each
    /// object; then that method redefined mid-run (`define_method`, a
    /// singleton method or a reopened class) and the walk run again.
    pub(super) fn poly_walk(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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
            let (name, def) = self.poly_driver(cx, root, id, rounds * per_round * 2);
            out.push(def);
            Some(name)
        } else {
            None
        };
        let walk = PolyWalk {
            objs,
            root,
            id,
            total,
            rounds,
            per_round,
            driver,
        };
        out.extend(self.poly_round(cx, &walk));
        out.push(puts(call(
            Some(call_full(
                Some(atom(walk.objs.clone())),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(":to_s"))),
            )),
            "join",
            vec![string(" | ")],
        )));
        if self.rng.chance(50) {
            out.push(p(vec![atom(walk.objs.clone())]));
        }
        // Redefine mid-run.
        out.extend(self.poly_redefine(&walk));
        out.extend(self.poly_round(cx, &walk));
        out.push(puts(call(
            Some(call_full(
                Some(atom(walk.objs.clone())),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(":inspect"))),
            )),
            "join",
            vec![string(" ")],
        )));
        out
    }

    /// A method `drive(ws, i)` walking Array `ws`, calling method `id` on
    /// each object and summing what it answers, run `mult` times in all:
    /// its name and its `def`.
    fn poly_driver(&mut self, cx: &mut Cx, root: usize, id: usize, mult: u64) -> (String, Stmt) {
        let name = self.fresh("drive");
        let mut dcx = Cx::new(
            0,
            cx.cost_limit.saturating_sub(cx.cost),
            cx.alloc_limit.saturating_sub(cx.allocs),
        );
        dcx.mult = mult;
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
        let def = Stmt::Def(Box::new(Def {
            name: name.clone(),
            singleton: None,
            params: vec![Param::Req("ws".into()), Param::Req("i".into())],
            endless: body.len() == 1 && self.rng.chance(30),
            body,
        }));
        cx.charge(dcx.cost, dcx.allocs);
        (name, def)
    }

    /// One run of the walk: `rounds` walks over the Array (through the
    /// driver method, if there is one), then the total printed.
    fn poly_round(&mut self, cx: &mut Cx, walk: &PolyWalk) -> Vec<Stmt> {
        let (objs, total, rounds) = (&walk.objs, &walk.total, walk.rounds);
        let i = self.fresh("i");
        if let Some(driver) = &walk.driver {
            let body = vec![assign(
                total,
                self.bounded(
                    bin(
                        bin(atom(total.clone()), "*", int(7)),
                        "+",
                        call(None, driver, vec![atom(objs.clone()), atom(i.clone())]),
                    ),
                    Ty::Int,
                ),
            )];
            let mut out = self.counted_loop(rounds, &i, body);
            out.push(p(vec![atom(total.clone())]));
            return out;
        }
        let w = self.fresh("w");
        let saved = cx.mult;
        cx.mult = rounds * walk.per_round;
        cx.push_scope();
        cx.declare(&i, Ty::Int);
        cx.declare(&w, Ty::Obj(walk.root));
        let c = self.invoke(cx, walk.id, Some(atom(w.clone())), 1);
        let value = self.int_of(c, self.callables[walk.id].ret);
        let inner = vec![assign(
            total,
            self.bounded(
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
        let mut out = self.counted_loop(rounds, &i, vec![each]);
        out.push(p(vec![atom(total.clone())]));
        out
    }

    /// The walked method redefined in a class of the hierarchy: by
    /// `define_method`, as a singleton method of the first object, or in
    /// the reopened class.
    fn poly_redefine(&mut self, walk: &PolyWalk) -> Vec<Stmt> {
        let (root, id) = (walk.root, walk.id);
        let mut out = Vec::new();
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
                    call(Some(atom(walk.objs.clone())), "first", vec![]),
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
