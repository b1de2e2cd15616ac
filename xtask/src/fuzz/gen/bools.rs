//! Boolean expressions: comparisons, predicates of Integers, Strings,
//! Arrays and Hashes, `&&`/`||`/`!`, and the type tests of generated
//! objects (`is_a?`, `instance_of?`, `===`, `respond_to?`, `==`):
//!
//! ```ruby
//! ((a58 < 7) && v3.even?)
//! [1, 2].any? { |x5| (x5 > a58) }
//! (WidgetA === @part7)
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    pub(super) fn bool_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 {
            let vars = self.vars_of(cx, Ty::Bool);
            if !vars.is_empty() && self.rng.chance(40) {
                return self.rng.pick(&vars).clone();
            }
            // A cheap comparison rather than a constant.
            let a = self.leaf(cx, Ty::Int);
            let b = self.leaf(cx, Ty::Int);
            let op = *self.rng.pick(&["<", ">", "==", "!=", "<=", ">="]);
            return bin(a, op, b);
        }
        let d1 = d - 1;
        match self.rng.weighted(&[14, 6, 4, 4, 5, 4, 3, 3, 3]) {
            0 => {
                let ty = *self.rng.pick(&[Ty::Int, Ty::Int, Ty::Num, Ty::Float]);
                let ty2 = if ty == Ty::Int { Ty::Int } else { Ty::Num };
                let a = self.expr(cx, ty, d1);
                let b = self.expr(cx, ty2, d1);
                let op = *self.rng.pick(&["<", ">", "==", "!=", "<=", ">="]);
                bin(a, op, b)
            }
            1 => {
                let a = self.expr(cx, Ty::Int, d1);
                let m = *self
                    .rng
                    .pick(&["even?", "odd?", "zero?", "positive?", "negative?"]);
                call(Some(a), m, vec![])
            }
            2 => {
                let op = *self.rng.pick(&["&&", "||"]);
                let a = self.expr(cx, Ty::Bool, d1);
                let b = self.expr(cx, Ty::Bool, d1);
                bin(a, op, b)
            }
            3 => {
                let a = self.expr(cx, Ty::Bool, d1);
                Expr::Unary("!".into(), Box::new(a))
            }
            4 => {
                let s = self.expr(cx, Ty::Str, d1);
                match self.rng.index(5) {
                    0 => call(Some(s), "empty?", vec![]),
                    1 => call(Some(s), "start_with?", vec![string("a")]),
                    2 => call(Some(s), "include?", vec![string("o")]),
                    3 => {
                        let t = self.expr(cx, Ty::Str, d1);
                        let op = *self.rng.pick(&["<", "<=", ">", ">="]);
                        bin(s, op, t)
                    }
                    _ => {
                        let t = self.expr(cx, Ty::Str, d1);
                        bin(s, "==", t)
                    }
                }
            }
            5 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                match self.rng.index(3) {
                    0 => call(Some(a), "empty?", vec![]),
                    1 => {
                        let x = self.expr(cx, Ty::Int, d1);
                        call(Some(a), "include?", vec![x])
                    }
                    _ => {
                        let x = self.fresh("x");
                        let saved = cx.mult;
                        cx.mult = cx.mult.saturating_mul(6);
                        let body = self.block_value(cx, &[(&x, Ty::Int)], Ty::Bool, d1, false);
                        cx.mult = saved;
                        let m = *self.rng.pick(&["any?", "all?", "none?"]);
                        call_block(Some(a), m, vec![], &[&x], body)
                    }
                }
            }
            6 => {
                let Some(c) = self.some_class(cx) else {
                    return self.bool_expr(cx, 0);
                };
                let o = self.expr(cx, Ty::Obj(c), d1);
                let sub = self.subtree(c);
                let target = self.classes[*self.rng.pick(&sub)].name.clone();
                if self.rng.chance(30) {
                    // Identity or a user-defined `==` (compiled code may only
                    // compare identities while `==` is BasicObject's).
                    let o2 = self.expr(cx, Ty::Obj(c), d1);
                    return match self.rng.index(3) {
                        0 => bin(o, "==", o2),
                        1 => bin(o, "!=", o2),
                        _ => call(Some(o), "equal?", vec![o2]),
                    };
                }
                match self.rng.index(4) {
                    0 => call(Some(o), "is_a?", vec![atom(target)]),
                    1 => call(Some(o), "instance_of?", vec![atom(target)]),
                    2 => bin(atom(target), "===", o),
                    _ => {
                        let methods = self.methods_of(c);
                        let name = if methods.is_empty() || self.rng.chance(30) {
                            "nope".to_owned()
                        } else {
                            self.callables[*self.rng.pick(&methods)].name.clone()
                        };
                        call(Some(o), "respond_to?", vec![atom(format!(":{name}"))])
                    }
                }
            }
            7 => {
                let h = self.expr(cx, Ty::HashInt, d1);
                let k = self.key_lit();
                call(Some(h), "key?", vec![k])
            }
            _ => {
                let lo = self.small(-2, 5);
                let hi = self.small(5, 40);
                let x = self.expr(cx, Ty::Int, d1);
                bin(Expr::Range(Box::new(lo), Box::new(hi), false), "===", x)
            }
        }
    }
}
