//! Expressions of a requested type: `expr` tries a call to a generated
//! method, control flow used as a value and an attribute read before the
//! expression kinds of the type itself; `leaf` is a variable in scope or
//! a literal (a Hash sometimes with a default block):
//!
//! ```ruby
//! v7 = (a15 + FZ_K)
//! v8 = Hash.new { |h2, k1| h2[k1] = k1.to_s.size }
//! ```

use super::super::ast::*;
use super::literals::KEYS;
use super::*;

impl Gen {
    /// Locals (and readable instance variables) of a type that fits `ty`.
    pub fn vars_of(&self, cx: &Cx, ty: Ty) -> Vec<Expr> {
        let mut out: Vec<Expr> = cx
            .locals()
            .filter(|(_, t)| self.fits(*t, ty))
            .map(|(n, _)| atom(n.clone()))
            .collect();
        if let Some(class) = cx.self_class {
            if !cx.in_init {
                for ivar in self.visible_ivars(class) {
                    if self.fits(ivar.ty, ty) {
                        out.push(self.ivar_read(&ivar));
                    }
                }
            }
        }
        out
    }

    /// An expression of type `ty`, at most `d` levels deep.
    pub fn expr(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Expr {
        cx.charge(1, 0);
        let d = if cx.affords(40, 2) { d } else { 0 };
        if cx.in_init {
            // Constructors stay simple: no calls (a constructor that made an
            // object of its own hierarchy would recurse without end).
            return match ty {
                Ty::Obj(_) | Ty::ArrObj(_) | Ty::Proc(_) => self.leaf(cx, ty),
                Ty::Int => self.int_expr(cx, d.min(1)),
                _ => self.leaf(cx, ty),
            };
        }
        if d > 0 && self.rng.chance(22) {
            if let Some(e) = self.call_expr(cx, ty, d - 1) {
                return e;
            }
        }
        if d > 0 && self.rng.chance(5) {
            if let Some(e) = self.control_expr(cx, ty, d - 1) {
                return e;
            }
        }
        if self.rng.chance(8) {
            if let Some(e) = self.attr_read(cx, ty) {
                return e;
            }
        }
        match ty {
            Ty::Int => self.int_expr(cx, d),
            Ty::Float => self.float_expr(cx, d),
            Ty::Num => self.num_expr(cx, d),
            Ty::Str => self.str_expr(cx, d),
            Ty::Bool => self.bool_expr(cx, d),
            Ty::Sym => self.sym_expr(cx, d),
            Ty::ArrInt => self.arr_expr(cx, d),
            Ty::HashInt => self.hash_expr(cx, d),
            Ty::Obj(c) => self.obj_expr(cx, c, d),
            Ty::ArrObj(c) => self.arr_obj_expr(cx, c, d),
            Ty::Proc(p) => self.proc_expr(cx, p, d),
        }
    }

    /// A variable of type `ty` if there is one (sometimes), else a literal
    /// or other leaf.
    pub fn leaf(&mut self, cx: &mut Cx, ty: Ty) -> Expr {
        let vars = self.vars_of(cx, ty);
        if !vars.is_empty() && self.rng.chance(70) {
            return self.rng.pick(&vars).clone();
        }
        match ty {
            Ty::Int if self.rng.chance(6) => atom("FZ_K"),
            Ty::Int => self.int_lit(),
            Ty::Float => self.float_lit(),
            Ty::Num => {
                if self.rng.chance(50) {
                    self.int_lit()
                } else {
                    self.float_lit()
                }
            }
            Ty::Str => {
                cx.charge(1, 1);
                self.str_lit()
            }
            Ty::Bool => atom(if self.rng.chance(50) { "true" } else { "false" }),
            Ty::Sym => self.sym_lit(),
            Ty::ArrInt => {
                cx.charge(1, 1);
                let n = self.rng.urange(0, 4);
                Expr::Array((0..n).map(|_| self.int_lit()).collect())
            }
            Ty::HashInt => {
                cx.charge(1, 1);
                if self.rng.chance(10) {
                    // A default block, run from the Hash's native code.
                    let k = self.fresh("k");
                    let h = self.fresh("h");
                    return call_block(
                        Some(atom("Hash")),
                        "new",
                        vec![],
                        &[&h, &k],
                        vec![Stmt::Assign(
                            Expr::Index(Box::new(atom(h.clone())), vec![atom(k.clone())]),
                            call(
                                Some(call(Some(atom(k.clone())), "to_s", vec![])),
                                "size",
                                vec![],
                            ),
                        )],
                    );
                }
                let n = self.rng.urange(0, 3);
                let mut keys: Vec<&str> = KEYS.to_vec();
                self.rng.shuffle(&mut keys);
                Expr::Hash(
                    keys[..n]
                        .iter()
                        .map(|k| (atom(*k), self.int_lit()))
                        .collect(),
                )
            }
            Ty::Obj(c) => self.new_obj(cx, c, 0),
            Ty::ArrObj(c) => {
                let o = self.new_obj(cx, c, 0);
                cx.charge(1, 1);
                Expr::Array(vec![o])
            }
            Ty::Proc(p) => self.lambda_lit(cx, p),
        }
    }
}
