//! `control`: non-local control flow through blocks and calls in a hot
//! loop: `return` from a block, `break` and `next` with values, one value
//! yielded to a block with two parameters, and `throw` from deep down to
//! a `catch`:
//!
//! ```ruby
//! def brk277(n, lim) = each_up276(n) { |v| break v * 2 if v > lim; v }
//! caught284 = catch(:stop283) {
//!   500.times { |i285| thr279(i285) }
//!   :never
//! }
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

impl Gen {
    /// `return`, `break`, `next` and `throw` through blocks and calls, in a
    /// hot loop.
    pub(super) fn control(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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
}
