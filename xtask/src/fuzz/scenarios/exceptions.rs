//! `raise_storm`: a chain of methods, the deepest raising, the others
//! calling down plainly or under `rescue` (answering, re-raising, wrapping),
//! `ensure`, a bounded `retry` or a `rescue` modifier; called in a hot
//! loop that counts what reaches it by class:
//!
//! ```ruby
//! def rz298(i)
//!   (rz299((i * 3)) + 1)
//! end
//! def rz299(i)
//!   (rz300(i) rescue (-7))
//! end
//! counts302 = Hash.new(0)
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

impl Gen {
    /// Methods calling down a chain whose deepest level raises, called in a
    /// hot loop that counts the outcomes; then one more call, printing its
    /// value or its exception (class, message, backtrace).
    pub(super) fn raise_storm(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let levels = self.rng.urange(3, 7);
        let names: Vec<String> = (0..levels).map(|_| self.fresh("rz")).collect();
        for (j, name) in names.iter().enumerate().rev() {
            let body = if j + 1 == levels {
                // The deepest level raises.
                self.raise_deepest()
            } else {
                self.raise_level(&names[j + 1])
            };
            out.push(Stmt::Def(Box::new(Def {
                name: name.clone(),
                singleton: None,
                params: vec![Param::Req("i".into())],
                body,
                endless: false,
            })));
        }
        let counts = self.fresh("counts");
        let ens = self.fresh("ens");
        out.push(assign(
            &counts,
            call(Some(atom("Hash")), "new", vec![int(0)]),
        ));
        out.push(assign(&ens, int(0)));
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * levels as u64 * 30, n / 8);
        let i = self.fresh("i");
        let key = |k: &str| Expr::Index(Box::new(atom(counts.clone())), vec![atom(k)]);
        let body = vec![Stmt::Begin(Box::new(BeginBlock {
            body: vec![
                assign("v", call(None, &names[0], vec![atom(i.clone())])),
                Stmt::OpAssign(key(":ok"), "+".into(), int(1)),
                self.checksum(call(
                    None,
                    "fz_i",
                    vec![call(Some(atom("v")), "to_f", vec![])],
                )),
            ],
            rescues: vec![
                Rescue {
                    classes: vec!["FzDeep".into()],
                    var: Some("e".into()),
                    body: vec![
                        Stmt::OpAssign(key(":deep"), "+".into(), int(1)),
                        Stmt::OpAssign(key(":trace"), "+".into(), self.trace_sum(atom("e"))),
                    ],
                },
                Rescue {
                    classes: vec!["FzError".into()],
                    var: Some("e".into()),
                    body: vec![Stmt::OpAssign(
                        Expr::Index(
                            Box::new(atom(counts.clone())),
                            vec![call(Some(atom("e")), "message", vec![])],
                        ),
                        "+".into(),
                        int(1),
                    )],
                },
                Rescue {
                    classes: vec!["StandardError".into()],
                    var: Some("e".into()),
                    body: vec![Stmt::OpAssign(
                        Expr::Index(
                            Box::new(atom(counts.clone())),
                            vec![call(
                                Some(call(Some(atom("e")), "class", vec![])),
                                "name",
                                vec![],
                            )],
                        ),
                        "+".into(),
                        int(1),
                    )],
                },
            ],
            else_body: vec![],
            ensure: Some(vec![Stmt::OpAssign(atom(ens.clone()), "+".into(), int(1))]),
        }))];
        out.extend(self.counted_loop(n, &i, body));
        out.push(p(vec![
            call(Some(atom(counts.clone())), "size", vec![]),
            atom(ens),
        ]));
        out.push(p(vec![call(
            Some(call(Some(atom(counts.clone())), "to_a", vec![])),
            "first",
            vec![int(6)],
        )]));
        // One uncaught-looking report, caught at the top: the message and class.
        let e = self.fresh("e");
        out.push(Stmt::Begin(Box::new(BeginBlock {
            body: vec![p(vec![call(None, &names[0], vec![self.small(0, 40)])])],
            rescues: vec![Rescue {
                classes: vec![],
                var: Some(e.clone()),
                body: vec![p(vec![
                    call(Some(atom(e.clone())), "class", vec![]),
                    call(Some(atom(e.clone())), "message", vec![]),
                    self.trace(atom(e.clone()), None),
                ])],
            }],
            else_body: vec![],
            ensure: None,
        })));
        out
    }

    /// The deepest level's body: raises, then `i * 2`.
    fn raise_deepest(&mut self) -> Vec<Stmt> {
        let mut b = Vec::new();
        let mut mcx = Cx::new(usize::MAX, 100, 1);
        mcx.declare("i", Ty::Int);
        for _ in 0..self.rng.urange(1, 3) {
            b.push(self.raise_stmt(&mut mcx));
        }
        b.push(Stmt::Expr(bin(atom("i"), "*", int(2))));
        b
    }

    /// The body of a level calling the next one (`next`): plainly, under
    /// `rescue` (answering, re-raising, wrapping), `ensure` or a bounded
    /// `retry`, through a block, or with a `rescue` modifier.
    fn raise_level(&mut self, next: &str) -> Vec<Stmt> {
        let arg = match self.rng.index(3) {
            0 => atom("i"),
            1 => bin(atom("i"), "+", int(1)),
            _ => bin(atom("i"), "*", int(3)),
        };
        let inner = call(None, next, vec![arg.clone()]);
        match self.rng.index(8) {
            0 => vec![Stmt::Expr(bin(inner, "+", int(1)))],
            1 => vec![Stmt::Begin(Box::new(BeginBlock {
                body: vec![Stmt::Expr(inner)],
                rescues: vec![Rescue {
                    classes: vec!["FzDeep".into()],
                    var: Some("e".into()),
                    body: vec![Stmt::Expr(call(Some(atom("e")), "v", vec![]))],
                }],
                else_body: vec![],
                ensure: None,
            }))],
            2 => vec![Stmt::Begin(Box::new(BeginBlock {
                body: vec![Stmt::Expr(inner)],
                rescues: vec![Rescue {
                    classes: vec!["FzError".into()],
                    var: Some("e".into()),
                    body: vec![
                        self.checksum(int(1)),
                        Stmt::If {
                            cond: call(Some(atom("i")), "odd?", vec![]),
                            then: vec![Stmt::Expr(call(None, "raise", vec![]))],
                            els: vec![],
                            unless: false,
                            modifier: true,
                        },
                        Stmt::Expr(int(-1)),
                    ],
                }],
                else_body: vec![],
                ensure: None,
            }))],
            3 => vec![Stmt::Begin(Box::new(BeginBlock {
                body: vec![Stmt::Expr(inner)],
                rescues: vec![],
                else_body: vec![],
                ensure: Some(vec![self.checksum(int(2))]),
            }))],
            4 => vec![
                assign("tries", int(0)),
                Stmt::Begin(Box::new(BeginBlock {
                    body: vec![
                        Stmt::OpAssign(atom("tries"), "+".into(), int(1)),
                        Stmt::Expr(call(None, next, vec![bin(arg, "+", atom("tries"))])),
                    ],
                    rescues: vec![Rescue {
                        classes: vec!["FzError".into(), "ArgumentError".into()],
                        var: None,
                        body: vec![
                            Stmt::If {
                                cond: bin(atom("tries"), "<", int(3)),
                                then: vec![Stmt::Retry],
                                els: vec![],
                                unless: false,
                                modifier: true,
                            },
                            Stmt::Expr(bin(int(0), "-", atom("tries"))),
                        ],
                    }],
                    else_body: vec![],
                    ensure: None,
                })),
            ],
            5 => vec![Stmt::Begin(Box::new(BeginBlock {
                body: vec![Stmt::Expr(inner)],
                rescues: vec![Rescue {
                    classes: vec!["ArgumentError".into(), "IndexError".into()],
                    var: Some("e".into()),
                    body: vec![Stmt::Expr(call_full(
                        None,
                        "raise",
                        vec![
                            Arg::Pos(atom("FzError")),
                            Arg::Pos(Expr::Interp(vec![
                                Part::Text("wrapped ".into()),
                                Part::Code(call(Some(atom("e")), "message", vec![])),
                            ])),
                        ],
                        None,
                    ))],
                }],
                else_body: vec![],
                ensure: None,
            }))],
            6 => vec![Stmt::Expr(call(
                Some(call_block(
                    Some(Expr::Array(vec![arg])),
                    "map",
                    vec![],
                    &["x"],
                    vec![Stmt::Expr(call(None, next, vec![atom("x")]))],
                )),
                "first",
                vec![],
            ))],
            _ => vec![Stmt::Expr(Expr::RescueMod(
                Box::new(inner),
                Box::new(int(-7)),
            ))],
        }
    }
}
