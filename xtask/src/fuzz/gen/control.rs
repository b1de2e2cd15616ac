//! Control flow used as a value: `if`, `case` (values and ranges),
//! `begin`/`rescue`, the `rescue` modifier, `yield` (guarded by
//! `block_given?` when the block is optional), calling a proc in scope,
//! and `super`:
//!
//! ```ruby
//! y93 = (block_given?() ? yield(a84) : a84)
//! v4 = (pr3.(a15) rescue 7)
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    /// Control flow used as a value: `if`, `case`, `begin/rescue`,
    /// `catch/throw`, a `yield`, a proc call, `super`.
    pub(super) fn control_expr(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Option<Expr> {
        match self.rng.index(7) {
            0 => {
                let cond = self.expr(cx, Ty::Bool, d);
                let then = self.value_body(cx, ty, d);
                let els = self.value_body(cx, ty, d);
                Some(Expr::Stmt(Box::new(Stmt::If {
                    cond,
                    then,
                    els,
                    unless: self.rng.chance(20),
                    modifier: false,
                })))
            }
            1 => {
                let subject = self.expr(cx, Ty::Int, d);
                let mut arms = Vec::new();
                for _ in 0..self.rng.urange(1, 3) {
                    let values = if self.rng.chance(50) {
                        let lo = self.rng.range(-5, 20);
                        let hi = lo + self.rng.range(0, 30);
                        vec![Expr::Range(
                            Box::new(int(i128::from(lo))),
                            Box::new(int(i128::from(hi))),
                            self.rng.chance(30),
                        )]
                    } else {
                        (0..self.rng.urange(1, 3))
                            .map(|_| self.small(-2, 12))
                            .collect()
                    };
                    arms.push((values, self.value_body(cx, ty, d)));
                }
                let els = Some(self.value_body(cx, ty, d));
                Some(Expr::Stmt(Box::new(Stmt::Case {
                    subject: Some(subject),
                    arms,
                    els,
                })))
            }
            2 => {
                let body = self.value_body(cx, ty, d);
                let fallback = self.value_body(cx, ty, 0);
                let classes = self.rescue_classes();
                Some(Expr::Stmt(Box::new(Stmt::Begin(Box::new(BeginBlock {
                    body,
                    rescues: vec![Rescue {
                        classes,
                        var: None,
                        body: fallback,
                    }],
                    else_body: Vec::new(),
                    ensure: None,
                })))))
            }
            3 => {
                let e = self.expr(cx, ty, d);
                let f = self.leaf(cx, ty);
                Some(Expr::RescueMod(Box::new(e), Box::new(f)))
            }
            4 => {
                // yield, when the method's block returns this type.
                let sig = cx.method.as_ref()?.block.clone()?;
                if sig.ret != ty || cx.in_proc_body() || cx.in_init {
                    return None;
                }
                let args: Vec<Expr> = sig.params.iter().map(|t| self.expr(cx, *t, d)).collect();
                cx.yields += cx.mult;
                let y = Expr::Yield(args);
                Some(if sig.optional {
                    let dflt = self.leaf(cx, ty);
                    Expr::Ternary(
                        Box::new(call(None, "block_given?", vec![])),
                        Box::new(y),
                        Box::new(dflt),
                    )
                } else {
                    y
                })
            }
            5 => {
                // Calling a proc in scope.
                let procs: Vec<(String, usize)> = cx
                    .locals()
                    .filter_map(|(n, t)| match t {
                        Ty::Proc(p) if self.procs[*p].ret == ty => Some((n.clone(), *p)),
                        _ => None,
                    })
                    .collect();
                if procs.is_empty() {
                    return None;
                }
                let (name, p) = self.rng.pick(&procs).clone();
                let sig = self.procs[p].clone();
                if !cx.affords(sig.cost + 2, sig.allocs) {
                    return None;
                }
                cx.charge(sig.cost + 2, sig.allocs);
                let args: Vec<Expr> = sig.params.iter().map(|t| self.expr(cx, *t, d)).collect();
                Some(match self.rng.index(4) {
                    0 => call(Some(atom(name.clone())), "call", args),
                    1 => Expr::Index(Box::new(atom(name)), args),
                    2 => call(Some(atom(name)), "yield", args),
                    _ => call(Some(atom(name)), "()", args).call_dot(),
                })
            }
            _ => {
                // super, in an override returning this type.
                let m = cx.method.clone()?;
                let super_def = m.super_def?;
                if m.ret != ty || cx.in_init || cx.in_proc_body() {
                    return None;
                }
                let (cost, allocs) = (
                    self.callables[super_def].cost,
                    self.callables[super_def].allocs,
                );
                if !cx.affords(cost + 2, allocs) {
                    return None;
                }
                cx.charge(cost + 2, allocs);
                cx.may_raise |= self.callables[super_def].may_raise;
                let params = self.callables[super_def].params.clone();
                if self.rng.chance(50) {
                    Some(Expr::Super(None, None))
                } else {
                    let args = self.args_for(cx, &params, d);
                    Some(Expr::Super(Some(args), None))
                }
            }
        }
    }

    /// Rescue clause classes for an expression-level rescue.
    pub fn rescue_classes(&mut self) -> Vec<String> {
        match self.rng.index(4) {
            0 => vec![],
            1 => vec!["FzError".into()],
            2 => vec!["StandardError".into()],
            _ => vec!["ZeroDivisionError".into(), "FzError".into()],
        }
    }

    /// A short body whose value is of type `ty`.
    pub fn value_body(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Vec<Stmt> {
        cx.push_scope();
        let n = if cx.depth >= 2 || !self.rng.chance(30) {
            0
        } else {
            1
        };
        let mut body = self.stmts(cx, n);
        let e = self.expr(cx, ty, d);
        body.push(Stmt::Expr(e));
        cx.pop_scope();
        body
    }
}
