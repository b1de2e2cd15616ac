//! `overflow`: arithmetic across the fixnum/Bignum boundary (and Float
//! mixes) in a method made hot, probed at the edges, then run hot across
//! the boundary:
//!
//! ```ruby
//! def ar238(a, b)
//!   (((b << 3) + (a + a)) << 0)
//! end
//! p(ar238(4611686018427387903, 1))
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

impl Gen {
    /// A method of Integer (or Float) arithmetic made hot, probed at the
    /// fixnum limits, run hot across them, and comparisons at the edges.
    pub(super) fn overflow(&mut self, cx: &mut Cx) -> Vec<Stmt> {
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
}

/// `x.to_s.size`.
fn size_of_s(e: Expr) -> Expr {
    call(Some(call(Some(e), "to_s", vec![])), "size", vec![])
}
