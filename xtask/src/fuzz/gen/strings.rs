//! String and Symbol expressions: concatenation, interpolation, the
//! String methods with no surprises, `format`, `to_s`/`inspect` of the
//! printable types (`printable_ty`), and `to_sym`:
//!
//! ```ruby
//! ("#{0.1}".swapcase + "-#{v3}")
//! format("%.3f/%d", 12.to_f.round(2), 3189)
//! "hello".to_sym
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    pub(super) fn str_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || !cx.affords(4, 2) {
            return self.leaf(cx, Ty::Str);
        }
        let d1 = d - 1;
        cx.charge(1, 1);
        match self.rng.weighted(&[10, 6, 12, 8, 4, 3, 3, 2]) {
            0 => self.leaf(cx, Ty::Str),
            1 => {
                let a = self.expr(cx, Ty::Str, d1);
                let b = self.expr(cx, Ty::Str, d1);
                bin(a, "+", b)
            }
            2 => {
                let n = self.rng.urange(1, 3);
                let mut parts = Vec::new();
                for i in 0..n {
                    if i > 0 || self.rng.chance(50) {
                        parts.push(Part::Text(
                            self.rng.pick(&["", "-", ":", " ", "x="]).to_string(),
                        ));
                    }
                    let ty = self.printable_ty(cx);
                    let e = self.expr(cx, ty, d1);
                    parts.push(Part::Code(e));
                }
                Expr::Interp(parts)
            }
            3 => {
                let s = self.expr(cx, Ty::Str, d1);
                let m = *self.rng.pick(&[
                    "upcase",
                    "downcase",
                    "capitalize",
                    "reverse",
                    "strip",
                    "succ",
                    "swapcase",
                    "squeeze",
                ]);
                call(Some(s), m, vec![])
            }
            4 => {
                let s = self.expr(cx, Ty::Str, d1);
                match self.rng.index(8) {
                    7 => {
                        let i = self.expr(cx, Ty::Int, d1);
                        bin(
                            Expr::Index(Box::new(s), vec![bin(i, "%", int(7))]),
                            "||",
                            string("-"),
                        )
                    }
                    0 => Expr::Index(Box::new(s), vec![int(0), self.small(0, 4)]),
                    1 => call(Some(s), "center", vec![self.small(0, 12), string("*")]),
                    2 => call(Some(s), "tr", vec![string("a-y"), string("b-z")]),
                    3 => call(Some(s), "sub", vec![string("o"), string("0")]),
                    4 => call(Some(s), "gsub", vec![string("a"), string("4")]),
                    5 => call(Some(s), "delete", vec![string("l")]),
                    _ => {
                        let n = self.expr(cx, Ty::Int, d1);
                        bin(s, "*", bin(n, "%", int(3)))
                    }
                }
            }
            5 => {
                let ty = self.printable_ty(cx);
                let e = self.expr(cx, ty, d1);
                let m = *self.rng.pick(&["to_s", "inspect"]);
                call(Some(e), m, vec![])
            }
            6 => {
                let a = self.expr(cx, Ty::ArrInt, d1);
                let sep = *self.rng.pick(&[",", "-", ""]);
                call(Some(a), "join", vec![string(sep)])
            }
            _ => {
                let i = self.expr(cx, Ty::Int, d1);
                match self.rng.index(3) {
                    0 => call(None, "format", vec![string("%05d|%x"), i.clone(), i]),
                    1 => {
                        let f = self.expr(cx, Ty::Float, d1);
                        call(None, "format", vec![string("%.3f/%d"), f, i])
                    }
                    _ => call(Some(i), "to_s", vec![self.small(2, 16)]),
                }
            }
        }
    }

    pub(super) fn sym_expr(&mut self, cx: &mut Cx, d: u32) -> Expr {
        if d == 0 || self.rng.chance(60) {
            return self.leaf(cx, Ty::Sym);
        }
        let s = self.expr(cx, Ty::Str, d - 1);
        call(Some(s), "to_sym", vec![])
    }

    /// A type that prints deterministically (for interpolation and `p`).
    pub fn printable_ty(&mut self, cx: &Cx) -> Ty {
        let mut options = vec![
            Ty::Int,
            Ty::Int,
            Ty::Float,
            Ty::Num,
            Ty::Str,
            Ty::Bool,
            Ty::Sym,
            Ty::ArrInt,
            Ty::HashInt,
        ];
        if let Some(c) = self.some_class(cx) {
            options.push(Ty::Obj(c));
        }
        *self.rng.pick(&options)
    }
}
