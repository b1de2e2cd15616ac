//! Lambdas, procs and block bodies: a lambda literal of a proc
//! signature (`->`, `lambda`, `proc`, `Proc.new`), closing over the locals
//! and charged for separately, and the bodies of blocks given to calls:
//!
//! ```ruby
//! pr172 = lambda { |l170, l171| @label2 }
//! pr149 = Proc.new { |l148| (2845 * a18) }
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    pub(super) fn proc_expr(&mut self, cx: &mut Cx, p: usize, _d: u32) -> Expr {
        let vars = self.vars_of(cx, Ty::Proc(p));
        if !vars.is_empty() && self.rng.chance(80) {
            return self.rng.pick(&vars).clone();
        }
        self.lambda_lit(cx, p)
    }

    /// A lambda or proc literal of signature `p`, closing over the locals.
    pub fn lambda_lit(&mut self, cx: &mut Cx, p: usize) -> Expr {
        let sig = self.procs[p].clone();
        let names: Vec<String> = sig.params.iter().map(|_| self.fresh("l")).collect();
        let kind = *self.rng.pick(&[
            LambdaKind::Stabby,
            LambdaKind::Lambda,
            LambdaKind::Proc,
            LambdaKind::ProcNew,
        ]);
        let block_kind = match kind {
            LambdaKind::Stabby | LambdaKind::Lambda => BlockKind::Lambda(sig.ret),
            _ => BlockKind::Proc,
        };
        let (saved_cost, saved_allocs, saved_mult) = (cx.cost, cx.allocs, cx.mult);
        let (saved_cost_limit, saved_alloc_limit) = (cx.cost_limit, cx.alloc_limit);
        cx.cost = 0;
        cx.allocs = 0;
        cx.mult = 1;
        // A lambda's body is small: it runs wherever the lambda goes.
        cx.cost_limit = 150;
        cx.alloc_limit = 2;
        let params: Vec<(&str, Ty)> = names
            .iter()
            .zip(&sig.params)
            .map(|(n, t)| (n.as_str(), *t))
            .collect();
        let body = self.block_body(cx, &params, Some(sig.ret), block_kind, false, 1);
        let (cost, allocs) = (cx.cost, cx.allocs);
        cx.cost = saved_cost;
        cx.allocs = saved_allocs;
        cx.mult = saved_mult;
        cx.cost_limit = saved_cost_limit;
        cx.alloc_limit = saved_alloc_limit;
        cx.charge(1, 1);
        let entry = &mut self.procs[p];
        entry.cost = entry.cost.max(cost);
        entry.allocs = entry.allocs.max(allocs);
        Expr::Lambda(
            kind,
            Box::new(Block {
                params: names.into_iter().map(Param::Req).collect(),
                body,
            }),
        )
    }

    /// A proc signature with these parameter and result types (reused).
    pub fn proc_sig(&mut self, params: Vec<Ty>, ret: Ty) -> usize {
        if let Some(i) = self
            .procs
            .iter()
            .position(|p| p.params == params && p.ret == ret)
        {
            return i;
        }
        self.procs.push(ProcSig {
            params,
            ret,
            cost: 1,
            allocs: 0,
        });
        self.procs.len() - 1
    }

    /// A block body that computes a value (an expression, sometimes after a
    /// statement or two).
    pub fn block_value(
        &mut self,
        cx: &mut Cx,
        params: &[(&str, Ty)],
        ret: Ty,
        d: u32,
        allow_stmts: bool,
    ) -> Vec<Stmt> {
        if (allow_stmts || self.rng.chance(20)) && !cx.in_init {
            return self.block_body(cx, params, Some(ret), BlockKind::Direct, false, d);
        }
        cx.push_scope();
        for (n, t) in params {
            cx.declare(n, *t);
        }
        let e = self.expr(cx, ret, d);
        cx.pop_scope();
        vec![Stmt::Expr(e)]
    }

    /// A block's body: a few statements, then a value of `ret` (if any).
    pub fn block_body(
        &mut self,
        cx: &mut Cx,
        params: &[(&str, Ty)],
        ret: Option<Ty>,
        kind: BlockKind,
        break_ok: bool,
        d: u32,
    ) -> Vec<Stmt> {
        cx.push_scope();
        for (n, t) in params {
            cx.declare(n, *t);
        }
        cx.loops.push(LoopCx::Block {
            next_ty: ret,
            break_ok,
            kind,
        });
        cx.depth += 1;
        let n = if cx.depth >= 3 {
            0
        } else {
            self.rng.urange(0, 2)
        };
        let mut body = self.stmts(cx, n);
        if let Some(ret) = ret {
            let e = self.expr(cx, ret, d.max(1));
            body.push(Stmt::Expr(e));
        }
        cx.depth -= 1;
        cx.loops.pop();
        cx.pop_scope();
        body
    }
}
