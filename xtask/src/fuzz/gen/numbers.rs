//! Integer, Float and Integer-or-Float expressions: arithmetic whose
//! divisors cannot be zero, bit operations, conversions from the other
//! types, and Integers folded out of Arrays with blocks:
//!
//! ```ruby
//! (a39 / (-(v12.abs + 1)))
//! @count3.fdiv((17.abs + 1))
//! [1, 5].inject(2) { |s9, x8| (s9 + x8) }
//! fz_i((v4 * 0.5))
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    pub(super) fn int_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 {
            return self.leaf(cx, Ty::Int);
        }
        let d1 = d - 1;
        for _ in 0..8 {
            let choice = self.rng.weighted(&[14, 16, 5, 4, 4, 5, 3, 3, 3, 3, 3, 2]);
            let e = match choice {
                0 => Some(self.leaf(cx, Ty::Int)),
                1 => {
                    let op = *self.rng.pick(&["+", "-", "*", "+", "-"]);
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(bin(a, op, b))
                }
                2 => {
                    let op = *self.rng.pick(&["/", "%"]);
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    let divisor = bin(call(Some(b), "abs", vec![]), "+", int(1));
                    let divisor = if self.rng.chance(30) {
                        Expr::Unary("-".into(), Box::new(divisor))
                    } else {
                        divisor
                    };
                    Some(bin(a, op, divisor))
                }
                3 => {
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(match self.rng.index(4) {
                        0 => bin(a, "&", b),
                        1 => bin(a, "|", b),
                        2 => bin(a, "^", b),
                        _ => {
                            let op = *self.rng.pick(&["<<", ">>"]);
                            let count = bin(b, "&", int(7));
                            if self.rng.chance(20) {
                                bin(a, op, Expr::Unary("-".into(), Box::new(count)))
                            } else {
                                bin(a, op, count)
                            }
                        }
                    })
                }
                4 => {
                    let a = self.expr(cx, Ty::Int, d1);
                    Some(match self.rng.index(6) {
                        5 => Expr::Unary("~".into(), Box::new(a)),
                        0 => Expr::Unary("-".into(), Box::new(a)),
                        1 => call(Some(a), "abs", vec![]),
                        2 => call(Some(a), "succ", vec![]),
                        3 => call(Some(a), "pred", vec![]),
                        _ => bin(a, "**", int(2)),
                    })
                }
                5 => self.int_from_other(cx, d1),
                6 => {
                    let c = self.expr(cx, Ty::Bool, d1);
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(Expr::Ternary(Box::new(c), Box::new(a), Box::new(b)))
                }
                7 => {
                    let f = self.expr(cx, Ty::Float, d1);
                    Some(call(None, "fz_i", vec![f]))
                }
                8 if cx.affords(12, 1) => self.int_from_array_block(cx, d1),
                9 => {
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    Some(match self.rng.index(6) {
                        0 => call(Some(a), "gcd", vec![b]),
                        1 => call(Some(a), "pow", vec![self.small(2, 5), atom("1000003")]),
                        2 => call(Some(a), "clamp", vec![int(-100), self.small(0, 5000)]),
                        3 => call(Some(a), "bit_length", vec![]),
                        // Of a number below 2**30: MRI 3.1's Integer.sqrt
                        // is wrong for some larger ones (2**124 gives
                        // 2**64 - 1), where rhizome's is exact.
                        4 => call(
                            Some(atom("Integer")),
                            "sqrt",
                            vec![bin(call(Some(a), "abs", vec![]), "%", atom("1000000007"))],
                        ),
                        _ => bin(a, "<=>", b),
                    })
                }
                10 => {
                    let n = self.expr(cx, Ty::Num, d1);
                    Some(call(None, "fz_i", vec![call(Some(n), "to_f", vec![])]))
                }
                _ => {
                    // A Struct-free pair: [a, b].max / .min / .sum
                    let a = self.expr(cx, Ty::Int, d1);
                    let b = self.expr(cx, Ty::Int, d1);
                    cx.charge(1, 1);
                    let m = *self.rng.pick(&["max", "min", "sum"]);
                    Some(call(Some(Expr::Array(vec![a, b])), m, vec![]))
                }
            };
            if let Some(e) = e {
                return e;
            }
        }
        self.leaf(cx, Ty::Int)
    }

    /// An Integer computed from a value of another type.
    pub(super) fn int_from_other(&mut self, cx: &mut Cx, d: u32) -> Option<Expr> {
        Some(match self.rng.index(9) {
            0 => {
                let s = self.expr(cx, Ty::Str, d);
                let m = *self.rng.pick(&["length", "size", "bytesize", "to_i"]);
                call(Some(s), m, vec![])
            }
            1 => {
                let s = self.expr(cx, Ty::Str, d);
                call(Some(s), "count", vec![string("a-m")])
            }
            2 => {
                let a = self.expr(cx, Ty::ArrInt, d);
                match self.rng.index(5) {
                    0 => call(Some(a), "size", vec![]),
                    1 => call(Some(a), "sum", vec![]),
                    2 => bin(call(Some(a), "max", vec![]), "||", int(0)),
                    3 => bin(call(Some(a), "first", vec![]), "||", int(-1)),
                    _ => {
                        let i = self.expr(cx, Ty::Int, d);
                        bin(
                            Expr::Index(Box::new(a), vec![bin(i, "%", int(9))]),
                            "||",
                            int(0),
                        )
                    }
                }
            }
            3 => {
                let h = self.expr(cx, Ty::HashInt, d);
                match self.rng.index(4) {
                    0 => call(Some(h), "size", vec![]),
                    1 => {
                        let k = self.key_lit();
                        call(Some(h), "fetch", vec![k, int(0)])
                    }
                    2 => call(Some(call(Some(h), "values", vec![])), "sum", vec![]),
                    _ => {
                        let k = self.key_lit();
                        bin(Expr::Index(Box::new(h), vec![k]), "||", int(0))
                    }
                }
            }
            4 => {
                let s = self.expr(cx, Ty::Sym, d);
                call(Some(s), "length", vec![])
            }
            5 => {
                let b = self.expr(cx, Ty::Bool, d);
                Expr::Ternary(Box::new(b), Box::new(int(1)), Box::new(int(0)))
            }
            6 => {
                let class = self.some_class(cx)?;
                let objs = self.expr(cx, Ty::ArrObj(class), d);
                call(Some(objs), "size", vec![])
            }
            7 => {
                let f = self.expr(cx, Ty::Float, d);
                let m = *self.rng.pick(&["floor", "ceil", "round", "to_i"]);
                // Guard against Infinity/NaN.
                Expr::Ternary(
                    Box::new(call(Some(f.clone()), "finite?", vec![])),
                    Box::new(call(Some(f), m, vec![])),
                    Box::new(int(0)),
                )
            }
            _ => {
                let a = self.expr(cx, Ty::Int, d);
                call(
                    Some(call(Some(call(Some(a), "to_s", vec![])), "size", vec![])),
                    "+",
                    vec![int(0)],
                )
            }
        })
    }

    /// An Integer from an Array with a block (count, inject, sum, ...).
    pub(super) fn int_from_array_block(&mut self, cx: &mut Cx, d: u32) -> Option<Expr> {
        let use_objs = self.rng.chance(35);
        let (recv, elem_ty) = match (use_objs, self.some_class(cx)) {
            (true, Some(c)) => (self.expr(cx, Ty::ArrObj(c), d), Ty::Obj(c)),
            _ => (self.expr(cx, Ty::ArrInt, d), Ty::Int),
        };
        let x = self.fresh("x");
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(6);
        let e = match self.rng.index(4) {
            0 => {
                let body = self.block_value(cx, &[(&x, elem_ty)], Ty::Bool, d, false);
                call_block(Some(recv), "count", vec![], &[&x], body)
            }
            1 => {
                let s = self.fresh("s");
                let init = self.small(0, 3);
                let body = self.block_value(cx, &[(&s, Ty::Int), (&x, elem_ty)], Ty::Int, d, true);
                let m = *self.rng.pick(&["inject", "reduce"]);
                call_block(Some(recv), m, vec![init], &[&s, &x], body)
            }
            2 => {
                let body = self.block_value(cx, &[(&x, elem_ty)], Ty::Int, d, false);
                call_block(Some(recv), "sum", vec![], &[&x], body)
            }
            _ => {
                let body = self.block_value(cx, &[(&x, elem_ty)], Ty::Bool, d, false);
                bin(
                    call_block(Some(recv), "find_index", vec![], &[&x], body),
                    "||",
                    int(-1),
                )
            }
        };
        cx.mult = saved;
        Some(e)
    }

    pub(super) fn float_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 {
            return self.leaf(cx, Ty::Float);
        }
        let d1 = d - 1;
        match self.rng.weighted(&[14, 14, 6, 5, 4, 3, 3]) {
            0 => self.leaf(cx, Ty::Float),
            1 => {
                // Float with Float, or Float with Integer in either order.
                let op = *self.rng.pick(&["+", "-", "*"]);
                let a = self.expr(cx, Ty::Float, d1);
                let b = if self.rng.chance(40) {
                    self.expr(cx, Ty::Int, d1)
                } else {
                    self.expr(cx, Ty::Float, d1)
                };
                if self.rng.chance(50) {
                    bin(a, op, b)
                } else {
                    bin(b, op, a)
                }
            }
            2 => {
                let a = self.expr(cx, Ty::Float, d1);
                let b = self.expr(cx, Ty::Num, d1);
                bin(a, "/", bin(call(Some(b), "abs", vec![]), "+", atom("1.0")))
            }
            3 => {
                let i = self.expr(cx, Ty::Int, d1);
                match self.rng.index(3) {
                    0 => call(Some(i), "to_f", vec![]),
                    1 => {
                        let j = self.expr(cx, Ty::Int, d1);
                        call(
                            Some(i),
                            "fdiv",
                            vec![bin(call(Some(j), "abs", vec![]), "+", int(1))],
                        )
                    }
                    _ => bin(i, "*", atom("0.5")),
                }
            }
            4 => {
                let f = self.expr(cx, Ty::Float, d1);
                match self.rng.index(5) {
                    0 => call(Some(f), "abs", vec![]),
                    1 => Expr::Unary("-".into(), Box::new(f)),
                    2 => call(Some(f), "round", vec![self.small(1, 3)]),
                    3 => call(
                        Some(atom("Math")),
                        "sqrt",
                        vec![call(Some(f), "abs", vec![])],
                    ),
                    _ => bin(f, "%", atom("7.5")),
                }
            }
            5 => {
                let c = self.expr(cx, Ty::Bool, d1);
                let a = self.expr(cx, Ty::Float, d1);
                let b = self.expr(cx, Ty::Float, d1);
                Expr::Ternary(Box::new(c), Box::new(a), Box::new(b))
            }
            _ => {
                let n = self.expr(cx, Ty::Num, d1);
                call(Some(n), "to_f", vec![])
            }
        }
    }

    pub(super) fn num_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || self.rng.chance(30) {
            return self.leaf(cx, Ty::Num);
        }
        let d1 = d - 1;
        match self.rng.weighted(&[5, 5, 8, 3, 2]) {
            0 => self.expr(cx, Ty::Int, d),
            1 => self.expr(cx, Ty::Float, d),
            2 => {
                let op = *self.rng.pick(&["+", "-", "*"]);
                let a = self.expr(cx, Ty::Num, d1);
                let b = self.expr(cx, Ty::Num, d1);
                bin(a, op, b)
            }
            3 => {
                let a = self.expr(cx, Ty::Num, d1);
                let b = self.expr(cx, Ty::Num, d1);
                let op = *self.rng.pick(&["%", "/"]);
                bin(a, op, bin(call(Some(b), "abs", vec![]), "+", int(1)))
            }
            _ => {
                let a = self.expr(cx, Ty::Num, d1);
                match self.rng.index(3) {
                    0 => call(Some(a), "abs", vec![]),
                    1 => Expr::Unary("-".into(), Box::new(a)),
                    _ => {
                        let b = self.expr(cx, Ty::Num, d1);
                        cx.charge(1, 1);
                        call(Some(Expr::Array(vec![a, b])), "max", vec![])
                    }
                }
            }
        }
    }
}
