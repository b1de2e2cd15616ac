//! Instances of the generated classes: a variable in scope, an element
//! of an Array of them, or a new one (`K.new` of the class or a subclass);
//! Arrays of them; and reads of their attributes and instance variables
//! (with a default when they may be unset):
//!
//! ```ruby
//! ShapeAA.new(a73, opt15: 2058)
//! all2[(v5 % all2.size)]
//! (self.count3 + (@amount3 || 0))
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    /// A class some object expression can be made of here.
    pub fn some_class(&mut self, cx: &Cx) -> Option<usize> {
        if self.classes.is_empty() || cx.in_init {
            return None;
        }
        // Prefer classes of objects in scope.
        let in_scope: Vec<usize> = cx
            .locals()
            .filter_map(|(_, t)| match t {
                Ty::Obj(c) | Ty::ArrObj(c) => Some(*c),
                _ => None,
            })
            .collect();
        if !in_scope.is_empty() && self.rng.chance(75) {
            return Some(*self.rng.pick(&in_scope));
        }
        Some(self.rng.index(self.classes.len()))
    }

    pub(super) fn obj_expr(&mut self, cx: &mut Cx, class: usize, d: u32) -> Expr {
        let vars = self.vars_of(cx, Ty::Obj(class));
        if !vars.is_empty() && self.rng.chance(75) {
            let v = self.rng.pick(&vars).clone();
            return v;
        }
        let arrs = self.vars_of(cx, Ty::ArrObj(class));
        if !arrs.is_empty() && self.rng.chance(50) {
            let a = self.rng.pick(&arrs).clone();
            return match self.rng.index(3) {
                0 => call(Some(a), "first", vec![]),
                1 => call(Some(a), "last", vec![]),
                _ => {
                    let i = self.leaf(cx, Ty::Int);
                    Expr::Index(
                        Box::new(a.clone()),
                        vec![bin(i, "%", call(Some(a), "size", vec![]))],
                    )
                }
            };
        }
        self.new_obj(cx, class, d)
    }

    /// `K.new(args)` for `class` or one of its subclasses.
    pub fn new_obj(&mut self, cx: &mut Cx, class: usize, d: u32) -> Expr {
        let sub = self.subtree(class);
        let k = *self.rng.pick(&sub);
        let (cost, allocs) = (self.classes[k].new_cost, self.classes[k].new_allocs);
        cx.charge(cost, allocs);
        let params = self.new_params(k);
        let args = self.args_for(cx, &params, d.min(1));
        call_full(Some(atom(self.classes[k].name.clone())), "new", args, None)
    }

    pub(super) fn arr_obj_expr(&mut self, cx: &mut Cx, class: usize, d: u32) -> Expr {
        let vars = self.vars_of(cx, Ty::ArrObj(class));
        if !vars.is_empty() && (d == 0 || self.rng.chance(70)) {
            let v = self.rng.pick(&vars).clone();
            if d > 0 && self.rng.chance(30) {
                return match self.rng.index(3) {
                    0 => call(Some(v), "reverse", vec![]),
                    1 => call(Some(v), "rotate", vec![self.small(1, 3)]),
                    _ => {
                        let o = self.obj_expr(cx, class, d - 1);
                        cx.charge(1, 1);
                        bin(v, "+", Expr::Array(vec![o]))
                    }
                };
            }
            return v;
        }
        let n = self.rng.urange(1, 4);
        cx.charge(1, 1);
        Expr::Array(
            (0..n)
                .map(|_| self.obj_expr(cx, class, d.saturating_sub(1)))
                .collect(),
        )
    }

    /// `obj.attr` for an attribute reader of a type that fits `ty`, on an
    /// object in scope (or on self).
    pub(super) fn attr_read(&mut self, cx: &mut Cx, ty: Ty) -> Option<Expr> {
        let mut cands: Vec<(Expr, Ivar)> = Vec::new();
        let objs: Vec<(String, usize)> = cx
            .locals()
            .filter_map(|(n, t)| match t {
                Ty::Obj(c) => Some((n.clone(), *c)),
                _ => None,
            })
            .collect();
        for (name, class) in objs {
            for ivar in self.visible_ivars(class) {
                if ivar.reader && self.fits(ivar.ty, ty) {
                    cands.push((atom(name.clone()), ivar));
                }
            }
        }
        if let (Some(class), false) = (cx.self_class, cx.in_init) {
            for ivar in self.visible_ivars(class) {
                if ivar.reader && self.fits(ivar.ty, ty) {
                    cands.push((atom("self"), ivar));
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (recv, ivar) = self.rng.pick(&cands).clone();
        cx.charge(2, 0);
        let read = call(Some(recv), &ivar.name, vec![]);
        if !ivar.maybe_nil {
            return Some(read);
        }
        let default = self.ivar_read(&Ivar {
            maybe_nil: true,
            ..ivar
        });
        match default {
            Expr::Bin(_, _, d) => Some(bin(read, "||", *d)),
            _ => Some(read),
        }
    }

    /// Reading an instance variable (with a default when it may be unset).
    pub fn ivar_read(&self, ivar: &Ivar) -> Expr {
        let name = atom(format!("@{}", ivar.name));
        if !ivar.maybe_nil {
            return name;
        }
        let default = match ivar.ty {
            Ty::Int | Ty::Num => int(0),
            Ty::Float => atom("0.0"),
            Ty::Str => string(""),
            Ty::Sym => atom(":none"),
            Ty::ArrInt => Expr::Array(vec![]),
            Ty::HashInt => Expr::Hash(vec![]),
            Ty::Bool => atom("false"),
            _ => return name,
        };
        bin(name, "||", default)
    }
}
