//! Closures and arguments: `closures`, lambdas and procs capturing and
//! mutating locals, called hot, passed as blocks, made in a loop and shared;
//! `args`, a method with optional, splat, post, keyword and block
//! parameters called with every shape that fits, then hot:
//!
//! ```ruby
//! mul302 = Proc.new { |x| cnt300 = (((cnt300 * 3) + x) % 1000003) }
//! p(apply306([4, 5], &mul302))
//! p(args273(3, *[4, 5], j: 1) { |x| x * 2 })
//! ```

use super::super::ast::*;
use super::super::gen::*;
use super::{HOT_MAX, HOT_MIN};

impl Gen {
    /// Lambdas and procs sharing a local: called hot, passed as blocks,
    /// made in a loop, and a counter made of two lambdas.
    pub(super) fn closures(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let cnt = self.fresh("cnt");
        out.push(assign(&cnt, int(0)));
        cx.declare(&cnt, Ty::Int);
        let add = self.fresh("add");
        let mul = self.fresh("mul");
        let m = self.modulus();
        out.push(assign(
            &add,
            Expr::Lambda(
                if self.rng.chance(50) {
                    LambdaKind::Stabby
                } else {
                    LambdaKind::Lambda
                },
                Box::new(block(
                    &["x"],
                    vec![
                        assign(
                            &cnt,
                            bin(bin(atom(cnt.clone()), "+", atom("x")), "%", m.clone()),
                        ),
                        Stmt::Expr(atom(cnt.clone())),
                    ],
                )),
            ),
        ));
        out.push(assign(
            &mul,
            Expr::Lambda(
                if self.rng.chance(50) {
                    LambdaKind::Proc
                } else {
                    LambdaKind::ProcNew
                },
                Box::new(block(
                    &["x"],
                    vec![assign(
                        &cnt,
                        bin(
                            bin(bin(atom(cnt.clone()), "*", int(3)), "+", atom("x")),
                            "%",
                            m,
                        ),
                    )],
                )),
            ),
        ));
        // Random lambdas over the locals too.
        let extra = self.rng.urange(0, 2);
        for _ in 0..extra {
            out.extend(self.stmt(cx));
        }
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 30, n / 4);
        let i = self.fresh("i");
        let calls = match self.rng.index(4) {
            0 => vec![
                Stmt::Expr(call(
                    Some(atom(add.clone())),
                    "call",
                    vec![bin(atom(i.clone()), "%", int(7))],
                )),
                Stmt::Expr(call(Some(atom(mul.clone())), "call", vec![atom(i.clone())])),
            ],
            1 => vec![
                Stmt::Expr(Expr::Index(
                    Box::new(atom(add.clone())),
                    vec![atom(i.clone())],
                )),
                Stmt::Expr(call(
                    Some(atom(mul.clone())),
                    "yield",
                    vec![atom(i.clone())],
                )),
            ],
            2 => vec![Stmt::Expr(call_full(
                Some(Expr::Array(vec![atom(i.clone()), int(3)])),
                "each",
                vec![],
                Some(BlockArg::Pass(atom(add.clone()))),
            ))],
            _ => vec![Stmt::Expr(call_full(
                Some(Expr::Array(vec![atom(i.clone())])),
                "map",
                vec![],
                Some(BlockArg::Pass(atom(mul.clone()))),
            ))],
        };
        out.extend(self.counted_loop(n, &i, calls));
        out.push(p(vec![atom(cnt.clone())]));
        // Block forwarding through a method.
        let apply = self.fresh("apply");
        out.push(Stmt::Raw(format!("def {apply}(xs, &blk) = xs.map(&blk)")));
        out.push(p(vec![call_block(
            None,
            &apply,
            vec![Expr::Array(vec![int(1), int(2), int(3)])],
            &["x"],
            vec![Stmt::Expr(bin(
                bin(atom("x"), "*", atom(cnt.clone())),
                "%",
                int(97),
            ))],
        )]));
        out.push(p(vec![call_full(
            None,
            &apply,
            vec![Arg::Pos(Expr::Array(vec![int(4), int(5)]))],
            Some(BlockArg::Pass(atom(add.clone()))),
        )]));
        // Closures made in a loop each keep their own variables.
        let ps = self.fresh("ps");
        out.push(assign(&ps, Expr::Array(vec![])));
        let k = self.fresh("k");
        let v = self.fresh("v");
        out.push(Stmt::Expr(call_block(
            Some(int(i128::from(self.rng.range(2, 5)))),
            "times",
            vec![],
            &[&k],
            vec![
                assign(&v, bin(atom(k.clone()), "*", int(2))),
                Stmt::Expr(bin(
                    atom(ps.clone()),
                    "<<",
                    Expr::Lambda(
                        LambdaKind::Stabby,
                        Box::new(block(
                            &[],
                            vec![
                                Stmt::OpAssign(atom(v.clone()), "+".into(), int(1)),
                                Stmt::Expr(bin(
                                    bin(atom(v.clone()), "+", atom(k.clone())),
                                    "+",
                                    atom(cnt.clone()),
                                )),
                            ],
                        )),
                    ),
                )),
            ],
        )));
        let pm = call_full(
            Some(atom(ps.clone())),
            "map",
            vec![],
            Some(BlockArg::Pass(atom(":call"))),
        );
        out.push(p(vec![pm.clone(), pm]));
        // A counter object made of two lambdas sharing one variable.
        let mk = self.fresh("make_counter");
        out.push(Stmt::Raw(format!(
            "def {mk}(start)\n  c = start\n  [-> {{ c += 1 }}, -> {{ c }}]\nend"
        )));
        let inc = self.fresh("inc");
        let get = self.fresh("get");
        out.push(Stmt::MultiAssign(
            vec![inc.clone(), get.clone()],
            vec![call(None, &mk, vec![self.small(0, 9)])],
            false,
        ));
        let n2 = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n2 * 10, 0);
        let j = self.fresh("i");
        out.extend(self.counted_loop(
            n2,
            &j,
            vec![Stmt::Expr(call(Some(atom(inc.clone())), "call", vec![]))],
        ));
        out.push(p(vec![call(Some(atom(get)), "call", vec![])]));
        out
    }

    /// A method with the parameter kinds chosen at random, called with the
    /// argument shapes that fit, then hot; then (unless avoided) an arity
    /// error's message.
    pub(super) fn args_scenario(&mut self, cx: &mut Cx) -> Vec<Stmt> {
        let mut out = Vec::new();
        let name = self.fresh("args");
        let sum = self.fresh("sargs");
        let opt = self.rng.chance(60);
        let rest = self.rng.chance(50);
        let post = self.rng.chance(35);
        let key_opt = self.rng.chance(60);
        let key_req = self.rng.chance(40);
        let kwrest = self.rng.chance(30);
        let blk = self.rng.chance(50);
        // Each kind of parameter: whether the method has it, how it is
        // declared, how the method shows it, how it adds to the sum.
        let kinds = [
            (opt, "b = a * 2", "b", "b"),
            (rest, "*rest", "rest", "rest.sum"),
            (post, "c", "c", "c"),
            (key_opt, "k: 1", "k", "k"),
            (key_req, "j:", "j", "j"),
            (kwrest, "**opts", "opts", "opts.values.sum"),
            (
                blk,
                "&blk",
                "(blk ? blk.call(a) : nil)",
                "(blk ? blk.call(a) : 0)",
            ),
        ];
        let mut params = vec!["a".to_owned()];
        let mut fields = vec!["a".to_owned()];
        let mut sum_terms = vec!["a".to_owned()];
        for (_, param, field, term) in kinds.iter().filter(|kind| kind.0) {
            params.push((*param).into());
            fields.push((*field).into());
            sum_terms.push((*term).into());
        }
        let params = params.join(", ");
        out.push(Stmt::Raw(format!(
            "def {name}({params})\n  [{}]\nend",
            fields.join(", ")
        )));
        out.push(Stmt::Raw(format!(
            "def {sum}({params})\n  {}\nend",
            sum_terms.join(" + ")
        )));
        // Call shapes that fit.
        let required = 1 + usize::from(post);
        let max_pos = required + usize::from(opt) + if rest { 3 } else { 0 };
        let mut shapes = Vec::new();
        for _ in 0..self.rng.urange(3, 6) {
            let count = self.rng.urange(required, max_pos);
            let mut args: Vec<String> = (0..count)
                .map(|_| self.rng.range(-5, 40).to_string())
                .collect();
            if rest && count > required + usize::from(opt) && self.rng.chance(40) {
                let extra: Vec<String> = args.drain(required + usize::from(opt)..).collect();
                args.push(format!("*[{}]", extra.join(", ")));
            }
            let mut kws = Vec::new();
            if key_req {
                kws.push(format!("j: {}", self.rng.range(0, 9)));
            }
            if key_opt && self.rng.chance(50) {
                kws.push(format!("k: {}", self.rng.range(0, 9)));
            }
            if kwrest && self.rng.chance(60) {
                kws.push(format!("z: {}", self.rng.range(0, 9)));
            }
            self.rng.shuffle(&mut kws);
            if !kws.is_empty() && self.rng.chance(25) {
                args.push(format!("**{{{}}}", kws.join(", ")));
            } else {
                args.extend(kws);
            }
            let block = if blk && self.rng.chance(60) {
                format!(" {{ |x| x * {} }}", self.rng.range(2, 5))
            } else {
                String::new()
            };
            shapes.push((args.join(", "), block));
        }
        for (args, block) in &shapes {
            out.push(Stmt::Raw(format!("p({name}({args}){block})")));
        }
        // Hot, with the shape changing by iteration.
        let n = self.rng.range(HOT_MIN as i64, HOT_MAX as i64) as u64;
        cx.charge(n * 30, n * 2);
        let i = self.fresh("i");
        let acc = self.fresh("acc");
        out.push(assign(&acc, int(0)));
        let mut arms = String::new();
        for (k, (args, block)) in shapes.iter().enumerate() {
            let args = if args.starts_with(|c: char| c.is_ascii_digit() || c == '-') {
                format!("{i} % 50 + {args}")
            } else {
                args.clone()
            };
            arms.push_str(&format!("  when {k} then {sum}({args}){block}\n"));
        }
        out.push(Stmt::Raw(format!(
            "{n}.times do |{i}|\n  v = case {i} % {}\n{arms}  end\n  {acc} = ({acc} * 3 + v) % 1000000007\nend",
            shapes.len()
        )));
        out.push(p(vec![atom(acc)]));
        // Arity errors have exact messages.
        if !self.allows("arity-message") {
            return out;
        }
        let e = self.fresh("e");
        let bad = match self.rng.index(3) {
            0 => format!("{name}()"),
            1 => format!("{name}(1, 2, 3, 4, 5, 6, 7, 8)"),
            _ => format!("{name}(1, 2, bogus: 3)"),
        };
        out.push(Stmt::Raw(format!(
            "begin\n  {bad}\nrescue ArgumentError => {e}\n  puts {e}.message\nend"
        )));
        out
    }
}
