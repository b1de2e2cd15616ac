//! Definitions: `def` and `def recv.name` (a child method with its
//! parameter prologue), `class`, `module` and `class << obj` (a child body
//! run with the class as self), `alias` and `undef`. `def f(a, b = 1) = a`
//! is `def f` and the child
//!
//! ```text
//!  0  arg      0
//!  1  store    a
//!  2  has_arg  1
//!  3  branch   7
//!  4  push     1
//!  5  store    b
//!  6  jump     9
//!  7  arg      1
//!  8  store    b
//!  9  load     a
//! 10  return
//! ```

use super::builder::MethodBuilder;
use super::{assign_env_hops, Compiler};
use crate::block_forwarding;
use crate::forwarding;
use crate::insn::Insn;
use crate::literal::Literal;
use crate::method::{Method, MethodKind};
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::{Loc, Node};
use std::rc::Rc;

impl Compiler<'_, '_> {
    pub(super) fn def(&mut self, m: &mut MethodBuilder, def: &Def) {
        let body = MethodSource {
            name: &def.name,
            args: def.args.as_deref(),
            body: def.body.as_deref(),
            keyword_l: &def.keyword_l,
            end_l: def.end_l.as_ref(),
            expression_l: &def.expression_l,
        };
        match self.method(body) {
            Ok(method) => {
                m.children.push(Rc::new(method));
                m.emit(Insn::DefineMethod((m.children.len() - 1) as u32));
            }
            Err(what) => self.unsupported(m, what),
        }
    }

    /// `def recv.name ... end`: the receiver (usually `self`), then `defs`.
    pub(super) fn defs(&mut self, m: &mut MethodBuilder, defs: &Defs) {
        let body = MethodSource {
            name: &defs.name,
            args: defs.args.as_deref(),
            body: defs.body.as_deref(),
            keyword_l: &defs.keyword_l,
            end_l: defs.end_l.as_ref(),
            expression_l: &defs.expression_l,
        };
        match self.method(body) {
            Ok(method) => {
                self.expr(m, &defs.definee);
                m.children.push(Rc::new(method));
                m.emit(Insn::DefineSingletonMethod((m.children.len() - 1) as u32));
            }
            Err(what) => self.unsupported(m, what),
        }
    }

    /// Compiles a method: the parameter prologue, the body, and `return` on
    /// the line of `end`. Err names an unsupported parameter kind.
    fn method(&mut self, source: MethodSource) -> Result<Method, &'static str> {
        // A method does not see the locals around its `def`.
        let outer = std::mem::take(&mut self.scopes);
        let method = self.method_in_own_scope(source);
        self.scopes = outer;
        method
    }

    fn method_in_own_scope(&mut self, source: MethodSource) -> Result<Method, &'static str> {
        let name = self.sym(source.name);
        let line = self.line(source.keyword_l);
        let mut callee = MethodBuilder::new(MethodKind::Method, name, line);
        callee.root_label = source.name.to_string();
        callee.super_method = Some((name, Vec::new()));
        let params: &[Node] = match source.args {
            Some(Node::Args(Args { args, .. })) => args,
            _ => &[],
        };
        callee.current_line = line;
        let expanded = forwarding::expand_params(params);
        let forwarded = expanded.iter().find_map(|param| match param {
            Node::Blockarg(Blockarg {
                name: Some(name), ..
            }) if block_forwarding::is_forwarded(name, &expanded, source.body) => {
                Some(name.clone())
            }
            _ => None,
        });
        let outer_forwarded = std::mem::replace(&mut self.forwarded_block, forwarded);
        let result = self.parameters(&mut callee, params);
        if let Err(error) = result {
            self.forwarded_block = outer_forwarded;
            return Err(error);
        }
        callee.super_method = Some((name, callee.params.clone()));
        if is_body_rescue(source.body) {
            callee.rescue_line = Some(line);
        }
        self.body(&mut callee, source.body);
        self.forwarded_block = outer_forwarded;
        let end_line = match source.end_l {
            Some(end) => self.line(end),
            None => self
                .source
                .line_of(source.expression_l.end.saturating_sub(1)),
        };
        callee.current_line = end_line;
        callee.emit(Insn::Return);
        let mut method = callee.finish(self.source);
        assign_env_hops(&mut method, &mut Vec::new());
        Ok(method)
    }

    /// The parameter prologue of a method or block. The interpreter lays the
    /// arguments out in canonical slots (leading required, optional, the
    /// `*rest` Array, trailing required), so the prologue reads slot n with
    /// `arg n`: `arg n; store x` for a required parameter, `has_arg n;
    /// branch` around the default for an optional one, a destructuring for
    /// `(a, b)`, and `blockparam; store blk` for `&blk`. Err names an
    /// unsupported kind of parameter.
    pub(super) fn parameters(
        &mut self,
        callee: &mut MethodBuilder,
        params: &[Node],
    ) -> Result<(), &'static str> {
        let params = forwarding::expand_params(params);
        let params: &[Node] = &params;
        let mut positional: Vec<&Node> = Vec::new();
        let mut keyword_params: Vec<&Node> = Vec::new();
        let mut block_param = None;
        for param in params {
            match param {
                Node::Arg(_) | Node::Mlhs(_) if callee.optional == 0 && !callee.rest => {
                    callee.required += 1;
                    positional.push(param);
                }
                Node::Arg(_) | Node::Mlhs(_) => {
                    callee.post += 1;
                    positional.push(param);
                }
                Node::Optarg(_) if !callee.rest && callee.post == 0 => {
                    callee.optional += 1;
                    positional.push(param);
                }
                Node::Restarg(_) if !callee.rest && callee.post == 0 => {
                    callee.rest = true;
                    positional.push(param);
                }
                Node::Procarg0(Procarg0 { args, .. }) => {
                    callee.required += 1;
                    positional.push(param);
                    if args.is_empty() {
                        return Err("this kind of parameter");
                    }
                }
                Node::Blockarg(Blockarg {
                    name: Some(name), ..
                }) => block_param = Some(name),
                Node::Shadowarg(Shadowarg { name, .. }) => {
                    let sym = self.sym(name);
                    callee.local(sym);
                }
                Node::Kwarg(Kwarg { name, .. }) => {
                    let sym = self.sym(name);
                    callee.keywords.push((sym, true));
                    keyword_params.push(param);
                }
                Node::Kwoptarg(Kwoptarg { name, .. }) => {
                    let sym = self.sym(name);
                    callee.keywords.push((sym, false));
                    keyword_params.push(param);
                }
                Node::Kwrestarg(_) => {
                    callee.keyword_rest = true;
                    keyword_params.push(param);
                }
                Node::Kwnilarg(_) => callee.no_keywords = true,
                _ => return Err("this kind of parameter"),
            }
        }
        // A proc spreads a lone Array argument over its parameters when it
        // has several, or one with a `*rest` or an excess comma (`|a, |`);
        // not over a lone `|a|` (a procarg0) or `|*a|`.
        let slots = callee.required + callee.optional + callee.post;
        let lone_procarg = matches!(params, [Node::Procarg0(_)]);
        callee.auto_splat =
            !lone_procarg && (slots > 1 || (slots == 1 && (callee.rest || params.len() == 1)));
        for param in positional.iter().chain(&keyword_params) {
            let entry = match param {
                Node::Arg(Arg { name, .. }) | Node::Optarg(Optarg { name, .. }) => {
                    (ParamKind::Positional, name)
                }
                Node::Restarg(Restarg {
                    name: Some(name), ..
                }) => (ParamKind::Rest, name),
                Node::Kwarg(Kwarg { name, .. }) | Node::Kwoptarg(Kwoptarg { name, .. }) => {
                    (ParamKind::Keyword, name)
                }
                Node::Kwrestarg(Kwrestarg {
                    name: Some(name), ..
                }) => (ParamKind::KeywordRest, name),
                _ => continue,
            };
            callee.params.push((entry.0, entry.1.clone()));
        }
        for (index, param) in positional.into_iter().enumerate() {
            let index = index as u32;
            match param {
                Node::Arg(Arg { name, .. })
                | Node::Restarg(Restarg {
                    name: Some(name), ..
                }) => {
                    let store = Self::own_local(self, callee, name);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                }
                Node::Restarg(Restarg { name: None, .. }) => {}
                Node::Optarg(Optarg { name, default, .. }) => {
                    let store = Self::own_local(self, callee, name);
                    let given = callee.new_label();
                    let done = callee.new_label();
                    callee.emit(Insn::HasArg(index));
                    callee.branch(given);
                    self.expr(callee, default);
                    callee.emit(store);
                    callee.jump(done);
                    callee.bind(given);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                    callee.bind(done);
                }
                Node::Procarg0(Procarg0 { args, .. }) => {
                    callee.emit(Insn::Arg(index));
                    match args.as_slice() {
                        [Node::Arg(Arg { name, .. })] => {
                            let store = Self::own_local(self, callee, name);
                            callee.emit(store);
                        }
                        targets => self.destructure(callee, targets),
                    }
                }
                Node::Mlhs(Mlhs { items, .. }) => {
                    callee.emit(Insn::Arg(index));
                    self.destructure(callee, items);
                }
                _ => unreachable!("only positional parameters are collected"),
            }
        }
        let first_keyword = callee.positional_slots();
        for (offset, param) in keyword_params.into_iter().enumerate() {
            let index = first_keyword + offset as u32;
            match param {
                Node::Kwarg(Kwarg { name, .. })
                | Node::Kwrestarg(Kwrestarg {
                    name: Some(name), ..
                }) => {
                    let store = Self::own_local(self, callee, name);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                }
                Node::Kwoptarg(Kwoptarg { name, default, .. }) => {
                    let store = Self::own_local(self, callee, name);
                    let given = callee.new_label();
                    let done = callee.new_label();
                    callee.emit(Insn::HasArg(index));
                    callee.branch(given);
                    self.expr(callee, default);
                    callee.emit(store);
                    callee.jump(done);
                    callee.bind(given);
                    callee.emit(Insn::Arg(index));
                    callee.emit(store);
                    callee.bind(done);
                }
                _ => {}
            }
        }
        if let Some(name) = block_param {
            callee.block_param = true;
            let store = Self::own_local(self, callee, name);
            // A forwarded block is passed as the frame's block: no Proc.
            if self.forwarded_block.as_ref() != Some(name) || callee.kind != MethodKind::Method {
                callee.emit(Insn::BlockParam);
                callee.emit(store);
            }
        }
        Ok(())
    }

    /// The body of `class`/`module`/`class << obj`, compiled as a method
    /// named `<class:Foo>` that runs with the class as self.
    fn class_body(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        keyword_l: &Loc,
        body: Option<&Node>,
    ) -> u32 {
        let line = self.line(keyword_l);
        let name = self.sym(name);
        let mut builder = MethodBuilder::new(MethodKind::ClassBody, name, line);
        builder.root_label = self.symbols.name(name).to_string();
        if is_body_rescue(body) {
            builder.rescue_line = Some(line);
        }
        // A class body does not see the locals around it.
        let outer = std::mem::take(&mut self.scopes);
        self.body(&mut builder, body);
        self.scopes = outer;
        builder.emit(Insn::Return);
        let mut body = builder.finish(self.source);
        assign_env_hops(&mut body, &mut Vec::new());
        m.children.push(Rc::new(body));
        (m.children.len() - 1) as u32
    }

    fn class_name_of(name: &Node) -> Option<(Option<&Node>, String)> {
        match name {
            Node::Const(Const { scope, name, .. }) => Some((scope.as_deref(), name.clone())),
            _ => None,
        }
    }

    pub(super) fn define_class(&mut self, m: &mut MethodBuilder, class: &Class) {
        let Some((scope, name)) = Self::class_name_of(&class.name) else {
            return self.unsupported(m, "this class name");
        };
        self.scope(m, scope);
        match class.superclass.as_deref() {
            Some(superclass) => self.expr(m, superclass),
            None => m.push_literal(Literal::Nil),
        }
        let body = self.class_body(
            m,
            &format!("<class:{name}>"),
            &class.keyword_l,
            class.body.as_deref(),
        );
        m.emit(Insn::DefineClass(body));
    }

    pub(super) fn define_module(&mut self, m: &mut MethodBuilder, module: &Module) {
        let Some((scope, name)) = Self::class_name_of(&module.name) else {
            return self.unsupported(m, "this module name");
        };
        self.scope(m, scope);
        let body = self.class_body(
            m,
            &format!("<module:{name}>"),
            &module.keyword_l,
            module.body.as_deref(),
        );
        m.emit(Insn::DefineModule(body));
    }

    /// `class << obj; ...; end`: the body runs with obj's singleton class
    /// as self.
    pub(super) fn singleton_class(&mut self, m: &mut MethodBuilder, sclass: &SClass) {
        let SClass {
            expr,
            body,
            keyword_l,
            ..
        } = sclass;
        self.expr(m, expr);
        let body = self.class_body(m, "singleton class", keyword_l, body.as_deref());
        m.emit(Insn::OpenSingleton(body));
    }

    /// `alias new old`: method names, or global variables (`alias $new
    /// $old`).
    pub(super) fn alias(&mut self, m: &mut MethodBuilder, to: &Node, from: &Node) {
        let names = [to, from].map(|name| match name {
            Node::Sym(lib_ruby_parser::nodes::Sym { name, .. }) => Some(name.to_string_lossy()),
            Node::Gvar(Gvar { name, .. }) => Some(name.clone()),
            _ => None,
        });
        let [Some(to), Some(from)] = names else {
            return self.unsupported(m, "this kind of alias");
        };
        let (to, from) = (self.sym(&to), self.sym(&from));
        m.push_literal(Literal::Symbol(to));
        m.push_literal(Literal::Symbol(from));
        m.emit(Insn::Alias);
    }

    /// `undef a, b`: each name in turn; the value is nil.
    pub(super) fn undef(&mut self, m: &mut MethodBuilder, names: &[Node]) {
        for (i, name) in names.iter().enumerate() {
            let Node::Sym(lib_ruby_parser::nodes::Sym { name, .. }) = name else {
                return self.unsupported(m, "undef of an interpolated name");
            };
            if i > 0 {
                m.emit(Insn::Pop);
            }
            let name = self.sym(&name.to_string_lossy());
            m.push_literal(Literal::Symbol(name));
            m.emit(Insn::Undef);
        }
    }
}

/// The parts of a `def` or `def self.x` the compiler needs.
struct MethodSource<'n> {
    name: &'n str,
    args: Option<&'n Node>,
    body: Option<&'n Node>,
    keyword_l: &'n Loc,
    end_l: Option<&'n Loc>,
    expression_l: &'n Loc,
}

/// What kind of parameter a name is (for `super` without arguments).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum ParamKind {
    Positional,
    Rest,
    Keyword,
    KeywordRest,
}

/// Whether a method's or class's body is a `rescue` (with no `ensure`
/// around it), directly or as the only statement of a `begin`: MRI gives
/// such a rescue the line of the `def` or `class`.
fn is_body_rescue(body: Option<&Node>) -> bool {
    match body {
        Some(Node::Rescue(_)) => true,
        Some(Node::KwBegin(KwBegin { statements, .. })) => {
            matches!(&statements[..], [Node::Rescue(_)])
        }
        _ => false,
    }
}
