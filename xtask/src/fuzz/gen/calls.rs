//! Calls to the generated methods: the arguments for a parameter list
//! (optional ones left out from the end, splats, keywords in any order),
//! the block (a literal, a proc in scope, `&:sym`), and the call itself,
//! direct or through `send`, `public_send`, `method(...).call` or `&.`:
//!
//! ```ruby
//! WidgetAB.new(3, 0.1).mix_71(a104, "xyz", *[2, 7], kw51: v3) { |b229| b229 }
//! Sensor1C.new(@n1, @n1).method(:total_88).call(14)
//! ```

use super::super::ast::*;
use super::*;

impl Gen {
    /// Arguments for parameters `params`.
    pub fn args_for(&mut self, cx: &mut Cx, params: &[PSpec], d: u32) -> Vec<Arg> {
        let mut positional = Vec::new();
        let mut keywords = Vec::new();
        // Optional positionals may be left out from the end only.
        let opt_count = params
            .iter()
            .filter(|p| matches!(p.kind, PKind::Opt(_)))
            .count();
        let given_opts = self.rng.urange(0, opt_count);
        let mut opts_seen = 0;
        let mut skipped_opt = false;
        for p in params {
            match &p.kind {
                PKind::Req => {
                    let e = self.expr(cx, p.ty, d);
                    positional.push(Arg::Pos(e));
                }
                PKind::Opt(_) => {
                    opts_seen += 1;
                    if opts_seen <= given_opts {
                        let e = self.expr(cx, p.ty, d);
                        positional.push(Arg::Pos(e));
                    } else {
                        skipped_opt = true;
                    }
                }
                PKind::Rest => {
                    if skipped_opt {
                        continue;
                    }
                    match self.rng.index(3) {
                        0 => {}
                        1 => {
                            for _ in 0..self.rng.urange(1, 3) {
                                let e = self.expr(cx, Ty::Int, d);
                                positional.push(Arg::Pos(e));
                            }
                        }
                        _ => {
                            let a = self.expr(cx, Ty::ArrInt, d);
                            positional.push(Arg::Splat(a));
                        }
                    }
                }
                PKind::Key(default) => {
                    if default.is_none() || self.rng.chance(55) {
                        let e = self.expr(cx, p.ty, d);
                        keywords.push(Arg::Key(p.name.clone(), e));
                    }
                }
                PKind::KwRest => {
                    if self.rng.chance(50) {
                        let e = self.expr(cx, Ty::Int, d);
                        keywords.push(Arg::Key("extra".into(), e));
                    }
                }
                PKind::Block => {}
            }
        }
        self.rng.shuffle(&mut keywords);
        positional.extend(keywords);
        positional
    }

    /// The block for a call to a method with block signature `sig`
    /// (None when an optional block is left out).
    pub fn block_for(
        &mut self,
        cx: &mut Cx,
        sig: &BlockSig,
        yields: u64,
        break_ok: bool,
        d: u32,
    ) -> Option<BlockArg> {
        if sig.optional && self.rng.chance(25) {
            return None;
        }
        let p = self.proc_sig(sig.params.clone(), sig.ret);
        let procs: Vec<Expr> = self.vars_of(cx, Ty::Proc(p));
        if !procs.is_empty() && self.rng.chance(40) {
            let pr = self.rng.pick(&procs).clone();
            cx.charge(
                self.procs[p].cost * yields.max(1),
                self.procs[p].allocs * yields.max(1),
            );
            return Some(BlockArg::Pass(pr));
        }
        if sig.params == [Ty::Int] && sig.ret == Ty::Int && self.rng.chance(15) {
            return Some(BlockArg::Pass(atom(
                *self.rng.pick(&[":succ", ":abs", ":pred", ":-@"]),
            )));
        }
        let names: Vec<String> = sig.params.iter().map(|_| self.fresh("b")).collect();
        let params: Vec<(&str, Ty)> = names
            .iter()
            .zip(&sig.params)
            .map(|(n, t)| (n.as_str(), *t))
            .collect();
        let saved = cx.mult;
        cx.mult = cx.mult.saturating_mul(yields.max(1));
        let body = self.block_body(cx, &params, Some(sig.ret), BlockKind::Direct, break_ok, d);
        cx.mult = saved;
        Some(BlockArg::Literal(Block {
            params: names.into_iter().map(Param::Req).collect(),
            body,
        }))
    }

    /// A call to a generated method returning `ty`, if one is reachable
    /// and affordable from here.
    pub fn call_expr(&mut self, cx: &mut Cx, ty: Ty, d: u32) -> Option<Expr> {
        self.call_expr_with(cx, ty, d, false)
    }

    /// As `call_expr`; `stmt` when the call's value is unused (a block may
    /// then `break`).
    pub fn call_expr_with(&mut self, cx: &mut Cx, ty: Ty, d: u32, stmt: bool) -> Option<Expr> {
        if cx.in_init {
            return None;
        }
        // Candidates: (callable, static receiver class or None for functions
        // and self calls, via self).
        let mut cands: Vec<(usize, Option<usize>, bool)> = Vec::new();
        for (id, m) in self.callables.iter().enumerate() {
            if m.rank <= cx.rank || !m.done || !self.fits(m.ret, ty) && !stmt {
                continue;
            }
            match m.owner {
                Owner::Function => cands.push((id, None, false)),
                Owner::ClassMethod(_) => cands.push((id, None, false)),
                Owner::Method(c) => {
                    if let Some(sc) = cx.self_class {
                        if !cx.in_init && self.is_a(sc, c) {
                            cands.push((id, Some(c), true));
                        }
                    }
                    if !m.private {
                        cands.push((id, Some(c), false));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        for _ in 0..4 {
            let (id, class, via_self) = *self.rng.pick(&cands);
            let m = self.callables[id].clone();
            let (cost, allocs, raises) = match (m.owner, class) {
                (Owner::Method(_), Some(c)) => {
                    let static_class = if via_self {
                        cx.self_class.expect("self class")
                    } else {
                        c
                    };
                    self.dispatch_cost(static_class, id)
                }
                _ => (m.cost, m.allocs, m.may_raise),
            };
            if !cx.affords(cost + 4, allocs) {
                continue;
            }
            cx.charge(cost + 2, allocs);
            cx.may_raise |= raises;
            let recv = match (m.owner, class) {
                (Owner::Function, _) => None,
                (Owner::ClassMethod(c), _) => Some(atom(self.classes[c].name.clone())),
                (Owner::Method(_), Some(_)) if via_self => {
                    if m.private || self.rng.chance(60) {
                        None
                    } else {
                        Some(atom("self"))
                    }
                }
                (Owner::Method(_), Some(c)) => Some(self.obj_expr(cx, c, d)),
                (Owner::Method(_), None) => unreachable!("methods have a class"),
            };
            let args = self.args_for(cx, &m.params, d);
            let block = match &m.block {
                Some(sig) => self.block_for(cx, sig, m.yields, stmt, d),
                None => None,
            };
            // Sometimes through send/public_send or a Method object, or
            // with a safe navigation.
            if let (Some(r), false) = (&recv, m.private) {
                if block.is_none() && self.rng.chance(4) {
                    let method = call(
                        Some(r.clone()),
                        "method",
                        vec![atom(format!(":{}", m.name))],
                    );
                    return Some(call_full(Some(method), "call", args, None));
                }
                if block.is_none() && self.rng.chance(8) {
                    let mut sargs = vec![Arg::Pos(atom(format!(":{}", m.name)))];
                    sargs.extend(args);
                    let how = *self.rng.pick(&["send", "public_send"]);
                    return Some(call_full(Some(r.clone()), how, sargs, None));
                }
            }
            let mut e = call_full(recv, &m.name, args, block);
            if let Expr::Call(c) = &mut e {
                if c.recv.is_some()
                    && !via_self
                    && self.rng.chance(5)
                    && (self.allows("safe-nav-block") || c.block.is_none())
                {
                    c.safe_nav = true;
                }
            }
            return Some(e);
        }
        None
    }
}
