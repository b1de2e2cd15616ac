//! The top-level code of a program: a few scenarios, each aimed at what
//! breaks speculating JITs, each wrapped in `begin`/`rescue` so one that
//! stops early does not hide the others. They use the classes and methods
//! the program declared, and add helpers of their own:
//!
//! - `hot_call`: a generated method called a thousand times and more;
//! - `kind_change`: a method compiled for Integers, then given Floats,
//!   Strings, Arrays, Bignums, user objects and nil;
//! - `poly_walk`: a polymorphic collection walked in a hot loop, with a
//!   method redefined (reopened class, `define_method`, singleton) mid-run;
//! - `tree`: recursive descent over nested arrays, hashes and objects, and
//!   deep recursion;
//! - `raise_storm`: exceptions raised at several depths, rescued, re-raised,
//!   retried and ensured;
//! - `shapes`: instance variables set in different orders, read unset;
//! - `overflow`: fixnum/Bignum boundaries and Float mixes in compiled code;
//! - `closures`: lambdas and procs capturing and mutating locals;
//! - `control`: `return`/`break`/`next`/`throw` through blocks and calls;
//! - `args`: optional, splat, post, keyword and block arguments;
//! - `structs`, `enumerable`, `ghost` (method_missing), `alloc`, `core_redef`
//!   (a core operator redefined and restored) and `random` statements.
//!
//! This module chooses the scenarios and holds what they share (hot loops
//! of several forms, receivers, calls of generated methods); the scenarios
//! are in `hot` (`hot_call`, `kind_change`), `poly` (`poly_walk`),
//! `recursion` (`tree`), `exceptions` (`raise_storm`), `objects`
//! (`shapes`, `alloc`), `numbers` (`overflow`), `closures` (`closures`,
//! `args`), `control` and `library` (`structs`, `enumerable`, `ghost`,
//! `core_redef`).

mod closures;
mod control;
mod exceptions;
mod hot;
mod library;
mod numbers;
mod objects;
mod poly;
mod recursion;

use super::ast::*;
use super::gen::*;

/// Estimated steps and allocations the top level may spend in total.
const TOTAL_COST: u64 = 2_500_000;
const TOTAL_ALLOCS: u64 = 12_000;

/// Iterations of a hot loop: past the default JIT threshold of 1000 calls.
const HOT_MIN: u64 = 1_050;
const HOT_MAX: u64 = 1_400;

impl Gen {
    /// The scenarios of a program.
    pub fn scenarios(&mut self, chain: &[usize]) -> Vec<Stmt> {
        let mut cx = Cx::new(0, TOTAL_COST, TOTAL_ALLOCS);
        cx.can_print = true;
        let mut out = self.setup(&mut cx);
        let count = self.rng.urange(4, 7);
        for index in 0..count {
            let left = (count - index) as u64;
            cx.cost_limit = cx.cost + (TOTAL_COST.saturating_sub(cx.cost) / left).min(900_000);
            cx.alloc_limit = cx.allocs + (TOTAL_ALLOCS.saturating_sub(cx.allocs) / left).min(5_000);
            let kind = self.rng.weighted(&[
                16, // 0 hot_call
                9,  // 1 kind_change
                12, // 2 poly_walk
                9,  // 3 tree
                9,  // 4 raise_storm
                6,  // 5 shapes
                8,  // 6 overflow
                7,  // 7 closures
                8,  // 8 control
                6,  // 9 args
                3,  // 10 structs
                4,  // 11 enumerable
                3,  // 12 ghost
                3,  // 13 alloc
                2,  // 14 core_redef
                6,  // 15 random
            ]);
            let names = [
                "hot_call",
                "kind_change",
                "poly_walk",
                "tree",
                "raise_storm",
                "shapes",
                "overflow",
                "closures",
                "control",
                "args",
                "structs",
                "enumerable",
                "ghost",
                "alloc",
                "core_redef",
                "random",
            ];
            cx.push_scope();
            let body = match kind {
                0 => self.hot_call(&mut cx, chain),
                1 => self.kind_change(&mut cx),
                2 => self.poly_walk(&mut cx),
                3 => self.tree(&mut cx),
                4 => self.raise_storm(&mut cx),
                5 => self.shapes(&mut cx),
                6 => self.overflow(&mut cx),
                7 => self.closures(&mut cx),
                8 => self.control(&mut cx),
                9 => self.args_scenario(&mut cx),
                10 => self.structs(&mut cx),
                11 => self.enumerable(&mut cx),
                12 => self.ghost(&mut cx),
                13 => self.alloc(&mut cx),
                14 => self.core_redef(&mut cx),
                _ => {
                    let n = self.rng.urange(3, 6);
                    self.stmts(&mut cx, n)
                }
            };
            cx.pop_scope();
            out.push(Stmt::Raw(format!("# scenario {index}: {}", names[kind])));
            let report = self.trace(atom("e"), Some(4));
            out.push(wrap_scenario(index, body, report));
        }
        out
    }

    /// Objects every scenario may use: for each hierarchy, an array with
    /// an instance of each of its classes.
    fn setup(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        // Simple arguments only: nothing here may raise.
        cx.in_init = true;
        let roots: Vec<usize> = (0..self.classes.len())
            .filter(|&c| self.classes[c].parent.is_none())
            .collect();
        for root in roots {
            let mut objs = Vec::new();
            for k in self.subtree(root) {
                let (cost, allocs) = (self.classes[k].new_cost, self.classes[k].new_allocs);
                cx.charge(cost, allocs);
                let params = self.new_params(k);
                let args = self.args_for(cx, &params, 1);
                objs.push(call_full(
                    Some(atom(self.classes[k].name.clone())),
                    "new",
                    args,
                    None,
                ));
            }
            self.rng.shuffle(&mut objs);
            let name = self.fresh("all");
            out.push(assign(&name, Expr::Array(objs)));
            cx.declare(&name, Ty::ArrObj(root));
        }
        cx.in_init = false;
        out
    }

    /// Receivers for a hot loop calling a method of `class`: an array of
    /// instances of its subclasses, and the element picked at iteration `i`.
    fn receivers(&mut self, cx: &mut Cx, class: usize, i: &str) -> (Vec<Stmt>, Expr, String) {
        let mut sub = self.subtree(class);
        self.rng.shuffle(&mut sub);
        let keep = self.rng.urange(2, 6);
        sub.truncate(keep);
        let objs: Vec<Expr> = sub
            .iter()
            .map(|&k| {
                let (cost, allocs) = (self.classes[k].new_cost, self.classes[k].new_allocs);
                cx.charge(cost, allocs);
                let params = self.new_params(k);
                let args = self.args_for(cx, &params, 1);
                call_full(Some(atom(self.classes[k].name.clone())), "new", args, None)
            })
            .collect();
        let name = self.fresh("rv");
        cx.declare(&name, Ty::ArrObj(class));
        let pick = Expr::Index(
            Box::new(atom(name.clone())),
            vec![bin(
                atom(i.to_owned()),
                "%",
                call(Some(atom(name.clone())), "size", vec![]),
            )],
        );
        (vec![assign(&name, Expr::Array(objs))], pick, name)
    }

    /// A call of callable `id` (through `send` when it is private).
    pub fn invoke(&mut self, cx: &mut Cx, id: usize, recv: Option<Expr>, d: u32) -> Expr {
        let m = self.callables[id].clone();
        let (cost, allocs, raises) = match m.owner {
            Owner::Method(c) => self.dispatch_cost(c, id),
            _ => (m.cost, m.allocs, m.may_raise),
        };
        cx.charge(cost + 2, allocs);
        cx.may_raise |= raises;
        let args = self.args_for(cx, &m.params, d);
        let block = m
            .block
            .as_ref()
            .and_then(|sig| self.block_for(cx, sig, m.yields, false, d));
        let recv = match m.owner {
            Owner::Function => None,
            Owner::ClassMethod(c) => Some(atom(self.classes[c].name.clone())),
            Owner::Method(_) => recv,
        };
        if m.private && recv.is_some() {
            let mut sargs = vec![Arg::Pos(atom(format!(":{}", m.name)))];
            sargs.extend(args);
            return call_full(recv, "send", sargs, block);
        }
        call_full(recv, &m.name, args, block)
    }

    /// How many iterations of a loop calling something of this cost fit.
    fn fit_iterations(&self, cx: &Cx, cost: u64, allocs: u64) -> u64 {
        let by_cost = cx.cost_limit.saturating_sub(cx.cost) / (cost + 30);
        let by_allocs = match allocs {
            0 => u64::MAX,
            a => cx.alloc_limit.saturating_sub(cx.allocs) / a,
        };
        by_cost.min(by_allocs)
    }

    /// A loop running `n` times with counter `i` around `body`, in one of
    /// several forms.
    fn counted_loop(&mut self, n: u64, i: &str, body: Vec<Stmt>) -> Vec<Stmt> {
        let n_lit = int(i128::from(n));
        match self.rng.index(5) {
            0 | 1 => vec![Stmt::Expr(call_block(
                Some(n_lit),
                "times",
                vec![],
                &[i],
                body,
            ))],
            2 => {
                let mut b = body;
                b.push(Stmt::OpAssign(atom(i), "+".into(), int(1)));
                vec![
                    assign(i, int(0)),
                    Stmt::While {
                        cond: bin(atom(i), "<", n_lit),
                        body: b,
                        until: false,
                    },
                ]
            }
            3 => vec![Stmt::Expr(call_block(
                Some(int(0)),
                "upto",
                vec![int(i128::from(n) - 1)],
                &[i],
                body,
            ))],
            _ => vec![Stmt::Expr(call_block(
                Some(Expr::Range(Box::new(int(0)), Box::new(n_lit), true)),
                "each",
                vec![],
                &[i],
                body,
            ))],
        }
    }

    /// Prints `label` and `value` every `n / 3` iterations of counter `i`.
    fn progress(&mut self, i: &str, n: u64, value: Expr) -> Stmt {
        let every = (n / 3).max(1);
        Stmt::If {
            cond: bin(
                bin(atom(i), "%", int(i128::from(every))),
                "==",
                int(i128::from(self.rng.range(0, every as i64 - 1))),
            ),
            then: vec![puts(Expr::Interp(vec![
                Part::Text(format!("{i}=")),
                Part::Code(atom(i)),
                Part::Text(" ".into()),
                Part::Code(call(Some(value), "inspect", vec![])),
            ]))],
            els: vec![],
            unless: false,
            modifier: true,
        }
    }

    /// An Integer derived from a value of type `ty`.
    pub fn int_of(&mut self, e: Expr, ty: Ty) -> Expr {
        match ty {
            Ty::Int => e,
            Ty::Num | Ty::Float => call(None, "fz_i", vec![call(Some(e), "to_f", vec![])]),
            Ty::Bool => Expr::Ternary(Box::new(e), Box::new(int(5)), Box::new(int(2))),
            Ty::ArrInt => call(Some(e), "sum", vec![]),
            Ty::Sym => call(Some(e), "length", vec![]),
            Ty::HashInt => call(Some(e), "size", vec![]),
            _ => call(Some(call(Some(e), "to_s", vec![])), "size", vec![]),
        }
    }
}

/// Wraps a scenario so an exception it does not handle is reported and
/// the next scenario still runs.
fn wrap_scenario(index: usize, body: Vec<Stmt>, trace: Expr) -> Stmt {
    Stmt::Begin(Box::new(BeginBlock {
        body,
        rescues: vec![Rescue {
            classes: vec!["StandardError".into()],
            var: Some("e".into()),
            body: vec![
                puts(Expr::Interp(vec![
                    Part::Text(format!("scenario {index} stopped: ")),
                    Part::Code(call(Some(atom("e")), "class", vec![])),
                    Part::Text(": ".into()),
                    Part::Code(call(Some(atom("e")), "message", vec![])),
                ])),
                // Where it came from: frames rebuilt from compiled code must
                // say what the interpreter's would.
                p(vec![trace]),
            ],
        }],
        else_body: vec![],
        ensure: None,
    }))
}

impl Gen {
    /// `e.backtrace` (its first `n` lines), or `e.class` when backtraces
    /// are avoided.
    pub fn trace(&self, e: Expr, n: Option<i128>) -> Expr {
        if !self.allows("backtraces") {
            return call(Some(e), "class", vec![]);
        }
        let all = call(Some(e), "backtrace", vec![]);
        match n {
            Some(n) => call(Some(all), "first", vec![int(n)]),
            None => all,
        }
    }

    /// A checksum of an exception's backtrace (0 when they are avoided).
    pub fn trace_sum(&self, e: Expr) -> Expr {
        if self.allows("backtraces") {
            backtrace_sum(e)
        } else {
            int(0)
        }
    }
}

/// `e.backtrace.join.bytes.sum`: a checksum of an exception's backtrace.
fn backtrace_sum(e: Expr) -> Expr {
    call(
        Some(call(
            Some(call(
                Some(call(Some(e), "backtrace", vec![])),
                "join",
                vec![],
            )),
            "bytes",
            vec![],
        )),
        "sum",
        vec![],
    )
}
