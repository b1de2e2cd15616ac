//! Array-of-Integer and Hash expressions: literals, `map`/`select`/
//! `sort_by` and the other Array methods, Arrays of generated objects
//! mapped to Integers, `merge`, `transform_values` and `tally`:
//!
//! ```ruby
//! [b345, 4].each_slice(2).map(&:sum)
//! ({d: 1507, a: 10}).merge({a: 1839}).transform_values { |v359| (v359 + 1) }
//! ```

use super::super::ast::*;
use super::literals::KEYS;
use super::*;

impl Gen {
    pub(super) fn arr_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || !cx.affords(20, 3) {
            return self.leaf(cx, Ty::ArrInt);
        }
        let d1 = d - 1;
        cx.charge(2, 1);
        match self.rng.weighted(&[8, 8, 8, 6, 4, 4, 3, 3]) {
            0 => self.leaf(cx, Ty::ArrInt),
            1 => {
                let n = self.rng.urange(1, 4);
                Expr::Array((0..n).map(|_| self.expr(cx, Ty::Int, d1)).collect())
            }
            2 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                let x = self.fresh("x");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(6);
                let e = match self.rng.index(5) {
                    0 | 1 => {
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Int, d1, false);
                        call_block(Some(a), "map", vec![], &[&x], body)
                    }
                    2 => {
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Bool, d1, false);
                        let m = *self.rng.pick(&["select", "reject", "filter"]);
                        call_block(Some(a), m, vec![], &[&x], body)
                    }
                    3 => {
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Int, d1, false);
                        // Keys made unique with the element itself.
                        let body = match body.as_slice() {
                            [Stmt::Expr(k)] => {
                                vec![Stmt::Expr(Expr::Array(vec![k.clone(), atom(x.clone())]))]
                            }
                            _ => vec![Stmt::Expr(Expr::Array(vec![int(0), atom(x.clone())]))],
                        };
                        call_block(Some(a), "sort_by", vec![], &[&x], body)
                    }
                    _ => {
                        let i = self.fresh("i");
                        let body = self.block_value(
                            cx,
                            &[(&x, Ty::Int), (&i, Ty::Int)],
                            Ty::Int,
                            d1,
                            false,
                        );
                        call_block(
                            Some(call(Some(a), "each_with_index", vec![])),
                            "map",
                            vec![],
                            &[&x, &i],
                            body,
                        )
                    }
                };
                cx.mult = saved;
                e
            }
            3 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                match self.rng.index(8) {
                    0 => call(Some(a), "sort", vec![]),
                    1 => call(Some(a), "reverse", vec![]),
                    2 => call(Some(a), "uniq", vec![]),
                    3 => call(Some(a), "first", vec![self.small(0, 3)]),
                    4 => call(Some(a), "drop", vec![self.small(0, 2)]),
                    5 => call(Some(a), "rotate", vec![self.small(-2, 3)]),
                    6 => call(
                        Some(call(Some(a), "each_slice", vec![int(2)])),
                        "map",
                        vec![],
                    )
                    .with_block_pass(":sum"),
                    _ => call(Some(a), "take", vec![self.small(1, 4)]),
                }
            }
            4 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                let b = self.expr(cx, Ty::ArrInt, d1);
                let op = *self.rng.pick(&["+", "-", "&", "|"]);
                bin(a, op, b)
            }
            5 => {
                let Some(c) = self.some_class(cx) else {
                    return self.leaf(cx, Ty::ArrInt);
                };
                let objs = self.expr(cx, Ty::ArrObj(c), d1);
                let o = self.fresh("o");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(6);
                let body = self.block_value(cx, &[(&o, Ty::Obj(c))], Ty::Int, d1, false);
                cx.mult = saved;
                call_block(Some(objs), "map", vec![], &[&o], body)
            }
            6 => {
                let h = self.expr(cx, Ty::HashInt, d1);
                call(Some(h), "values", vec![])
            }
            _ => {
                let n = self.expr(cx, Ty::Int, d1);
                match self.rng.index(3) {
                    0 => call(
                        Some(Expr::Range(
                            Box::new(int(0)),
                            Box::new(bin(n, "%", int(5))),
                            true,
                        )),
                        "to_a",
                        vec![],
                    ),
                    1 => call(Some(call(Some(n), "abs", vec![])), "digits", vec![]),
                    _ => {
                        let s = self.expr(cx, Ty::Str, d1);
                        call(Some(s), "bytes", vec![])
                    }
                }
            }
        }
    }

    pub(super) fn hash_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || !cx.affords(20, 3) {
            return self.leaf(cx, Ty::HashInt);
        }
        let d1 = d - 1;
        cx.charge(2, 1);
        match self.rng.weighted(&[6, 6, 4, 4, 3]) {
            0 => self.leaf(cx, Ty::HashInt),
            1 => {
                let n = self.rng.urange(1, 3);
                let mut keys: Vec<&str> = KEYS.to_vec();
                self.rng.shuffle(&mut keys);
                Expr::Hash(
                    keys[..n]
                        .iter()
                        .map(|k| (atom(*k), self.expr(cx, Ty::Int, d1)))
                        .collect(),
                )
            }
            2 => {
                let a = self.expr(cx, Ty::HashInt, d1);
                let b = self.expr(cx, Ty::HashInt, d1);
                call(Some(a), "merge", vec![b])
            }
            3 => {
                let h = self.expr(cx, Ty::HashInt, d1);
                let v = self.fresh("v");
                let saved = cx.mult;
                cx.mult = cx.mult.saturating_mul(4);
                let body = self.block_value(cx, &[(&v, Ty::Int)], Ty::Int, d1, false);
                cx.mult = saved;
                call_block(Some(h), "transform_values", vec![], &[&v], body)
            }
            _ => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                call(Some(a), "tally", vec![])
            }
        }
    }
}
