//! `tree`: recursion over nested data (a tree of Arrays, Hashes and
//! objects built from a seed, walked by `case` on each node's class), deep
//! recursion, a recursive walk passing its block on, recursion whose
//! frames each run a loop, and mutual recursion:
//!
//! ```ruby
//! def walk267(t, k)
//!   case t
//!   when Array
//!     t.sum { |c270| walk267(c270, (k + 1)) }
//!   when Integer
//!     ((t * k) % 1000003)
//!   else
//!     0
//!   end
//! end
//! ```

use super::super::ast::*;
use super::super::gen::*;

impl Gen {
    /// A tree built recursively and walked in a loop, then deep, block-passing,
    /// loop-running and mutual recursion.
    pub(super) fn tree(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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
        let leaf_class = self.tree_leaf_class();
        let build = self.fresh("build");
        let walk = self.fresh("walk");
        let depth_fn = self.fresh("depth");
        out.push(self.tree_build(&build, &node, leaf_class));
        out.push(self.tree_walk(&walk, &node, leaf_class));
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
        out.extend(self.deep_recursion(cx));
        out.extend(self.recursion_with_blocks(cx, &node, &tree, nodes));
        out
    }

    /// A class hierarchy whose root has a cheap public method answering an
    /// Integer (taking no block), and that method: a leaf of the tree may be
    /// an instance of it.
    fn tree_leaf_class(&self) -> Option<(usize, usize)> {
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
    }

    /// `build(k0, s)`: a tree `k0` levels deep of Arrays, Hashes and
    /// `node` objects, its shape and values derived from the seed `s`.
    fn tree_build(&mut self, build: &str, node: &str, leaf_class: Option<(usize, usize)>) -> Stmt {
        let mut bcx = Cx::new(usize::MAX, 100, 0);
        bcx.declare("k0", Ty::Int);
        bcx.declare("s", Ty::Int);
        let mut child_seed = |g: &mut Gen| -> Expr {
            let e = g.expr(&mut bcx, Ty::Int, 1);
            bin(bin(e, "+", atom("s")), "%", int(10007))
        };
        let rec = |g: &mut Gen, seed: Expr| -> Expr {
            let _ = g;
            call(None, build, vec![bin(atom("k0"), "-", int(1)), seed])
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
                    Some(atom(node)),
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
        Stmt::Def(Box::new(Def {
            name: build.to_owned(),
            singleton: None,
            params: vec![Param::Req("k0".into()), Param::Req("s".into())],
            body: build_body,
            endless: false,
        }))
    }

    /// `walk(t, k)`: a sum over the tree, by `case` on the class of each
    /// node, recursing through blocks (`sum`, `inject`, `map`).
    fn tree_walk(&mut self, walk: &str, node: &str, leaf_class: Option<(usize, usize)>) -> Stmt {
        let mut wcx = Cx::new(usize::MAX, 100, 0);
        wcx.declare("t", Ty::Int);
        wcx.declare("k", Ty::Int);
        let leaf_value = self.expr(&mut wcx, Ty::Int, 2);
        let leaf_value = bin(leaf_value, "%", int(1_000_003));
        let c = self.fresh("c");
        let rec_walk = |k: Expr| call(None, walk, vec![atom(c.clone()), k]);
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
                vec![atom(node)],
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
        Stmt::Def(Box::new(Def {
            name: walk.to_owned(),
            singleton: None,
            params: vec![Param::Req("t".into()), Param::Req("k".into())],
            body: vec![Stmt::Case {
                subject: Some(atom("t")),
                arms: walk_arms,
                els: Some(vec![Stmt::Expr(int(0))]),
            }],
            endless: false,
        }))
    }

    /// Deep recursion: a recursive function called once deep, then in a
    /// loop.
    fn deep_recursion(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
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
        out
    }

    /// A recursive walk passing its block on; recursion whose frames
    /// each run a loop; sometimes mutual recursion.
    fn recursion_with_blocks(
        &mut self,
        cx: &mut Cx,
        node: &str,
        tree: &str,
        nodes: u64,
    ) -> Vec<Stmt> {
        let mut out = Vec::new();
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
}
