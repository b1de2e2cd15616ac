//! Method calls and their arguments: `recv.name(args)`, `recv&.name`
//! (skipped on nil), `a[i]` and `a[i] = v`, splats (the arguments become
//! one Array), keywords (one Hash), `&blk`, `super` and `yield`.
//! `a&.b(1)` becomes
//!
//! ```text
//! 1  self
//! 2  send     a      0
//! 3  dup
//! 4  branchnil 7
//! 5  push     1
//! 6  send     b      1
//! ```

use super::builder::MethodBuilder;
use super::definitions::ParamKind;
use super::regexp::named_groups;
use super::Compiler;
use crate::forwarding;
use crate::insn::Insn;
use crate::literal::Literal;
use crate::method::{call_flags, CallSite};
use lib_ruby_parser::nodes::*;
use lib_ruby_parser::{Loc, Node};

impl Compiler<'_, '_> {
    /// A plain call, `recv.name(args)` or `name(args)`, with what
    /// lib-ruby-parser leaves to the compiler about named groups.
    pub(super) fn send(&mut self, m: &mut MethodBuilder, node: &Node, send: &Send) {
        // lib-ruby-parser (without its Onigmo feature) leaves two things to
        // the compiler: `/(?<name>..)/ =~ s` assigning the named groups...
        if let (Some(recv), "=~", [value]) = (&send.recv, send.method_name.as_str(), &send.args[..])
        {
            if let Node::Regexp(regexp) = recv.as_ref() {
                if self
                    .regexp_source(regexp)
                    .is_some_and(|s| !named_groups(&s).is_empty())
                {
                    return self.match_with_lvasgn(m, node, recv, value);
                }
            }
        }
        // ...and, after it, those names read as locals rather than calls.
        if send.recv.is_none()
            && send.args.is_empty()
            && send.begin_l.is_none()
            && self.is_capture_local(m, &send.method_name)
        {
            let (load, _) = self.local_access(m, &send.method_name);
            return m.emit(load);
        }
        self.send_with_block(m, node, Call::from(send), None)
    }

    /// `recv[indexes]`.
    pub(super) fn index(&mut self, m: &mut MethodBuilder, node: &Node, index: &Index) {
        if !self.plain_args(&index.indexes) {
            // `a[*list]`, `Hash[k: v]`, `a[&b]`: the call `[]` with
            // those arguments, compiled as any call is.
            return self.send_with(m, node, Call::from(index), BlockArg::None);
        }
        self.expr(m, &index.recv);
        for argument in &index.indexes {
            self.expr(m, argument);
        }
        let span = self.span(node, "[]");
        self.call(m, "[]", index.indexes.len() as u32, 0, span);
    }

    /// `recv[indexes] = value`; the value is the expression's.
    pub(super) fn index_asgn(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        index_asgn: &IndexAsgn,
    ) {
        let IndexAsgn {
            recv,
            indexes,
            value: Some(value),
            begin_l,
            end_l,
            expression_l,
            ..
        } = index_asgn
        else {
            return self.unsupported_construct(m, node);
        };
        if !self.plain_args(indexes) {
            // `a[*list] = v`: the call `[]=(*list, v)`; the value,
            // kept in a temporary as it is passed, is the result.
            let slot = self.temp(m);
            let name = self.symbols.name(m.locals[slot as usize]).to_string();
            let mut args = indexes.clone();
            args.push(Node::Lvasgn(Lvasgn {
                name,
                value: Some(value.clone()),
                name_l: *value.expression(),
                operator_l: None,
                expression_l: *value.expression(),
            }));
            let send = Send {
                recv: Some(recv.clone()),
                method_name: "[]=".into(),
                args,
                dot_l: None,
                selector_l: Some(begin_l.join(end_l)),
                begin_l: Some(*begin_l),
                end_l: Some(*end_l),
                operator_l: None,
                expression_l: *expression_l,
            };
            self.send(m, node, &send);
            m.emit(Insn::Pop);
            m.emit(Insn::Load(slot));
            return;
        }
        self.expr(m, recv);
        for index in indexes {
            self.expr(m, index);
        }
        let span = self.span(node, "[]=");
        self.assignment_call(m, "[]=", indexes.len() as u32, value, span);
    }

    /// `yield args` (in a method or its blocks; elsewhere an invalid jump).
    pub(super) fn yield_(&mut self, m: &mut MethodBuilder, args: &[Node]) {
        if m.super_method.is_none() {
            return self.invalid_jump(m, "yield");
        }
        if args
            .iter()
            .any(|a| matches!(a, Node::BlockPass(_) | Node::ForwardedArgs(_)))
        {
            return self.unsupported(m, "this kind of yield arguments");
        }
        let (argc, splat, kwargs) = self.arguments(m, args);
        m.emit(if splat {
            Insn::YieldSplat { kwargs }
        } else {
            Insn::Yield { argc, kwargs }
        });
    }

    /// Arguments rhizome passes positionally (no splat, block or keywords).
    fn plain_args(&self, args: &[Node]) -> bool {
        !args.iter().any(|a| {
            matches!(
                a,
                Node::Splat(_) | Node::BlockPass(_) | Node::Kwargs(_) | Node::ForwardedArgs(_)
            )
        })
    }

    /// Pushes call arguments: each one, or, when some are `*x`, a single
    /// Array of all of them (returns the count pushed and whether it is
    /// that Array).
    /// A trailing `key: value, **h` becomes one Hash argument (the third
    /// result says so).
    fn arguments(&mut self, m: &mut MethodBuilder, args: &[Node]) -> (u32, bool, bool) {
        let keywords = matches!(args.last(), Some(Node::Kwargs(_)));
        if !args.iter().any(|a| matches!(a, Node::Splat(_))) {
            for arg in args {
                self.expr(m, arg);
            }
            return (args.len() as u32, false, keywords);
        }
        self.splat_array(m, args);
        (1, true, keywords)
    }

    pub(super) fn call(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        argc: u32,
        flags: u16,
        highlight: Option<crate::Span>,
    ) {
        let name = self.sym(name);
        m.sites.push(CallSite {
            name,
            argc,
            flags,
            line: m.current_line,
            highlight,
            block: None,
            keywords: Vec::new(),
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::Send(site));
    }

    /// `recv.name = value` / `recv[i] = value` with the receiver and any index
    /// arguments already pushed: the expression's value is `value`, not what
    /// the setter returns.
    fn assignment_call(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        argc: u32,
        value: &Node,
        span: Option<crate::Span>,
    ) {
        self.assignment_call_flagged(m, name, argc, value, span, 0)
    }

    /// [`Compiler::assignment_call`] with call flags (FCALL for `self.x =`,
    /// which may call a private setter).
    fn assignment_call_flagged(
        &mut self,
        m: &mut MethodBuilder,
        name: &str,
        argc: u32,
        value: &Node,
        span: Option<crate::Span>,
        flags: u16,
    ) {
        self.expr(m, value);
        let temp = self.temp(m);
        m.emit(Insn::Dup);
        m.emit(Insn::Store(temp));
        self.call(m, name, argc + 1, flags, span);
        m.emit(Insn::Pop);
        m.emit(Insn::Load(temp));
    }

    /// A method call, with its literal block if it has one. A `&expr`
    /// argument is pushed after the others (flag BLOCK_ARG).
    pub(super) fn send_with_block(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        call: Call,
        block: Option<&Block>,
    ) {
        let block = match block {
            Some(block) => BlockArg::Literal(block),
            None => BlockArg::None,
        };
        self.send_with(m, node, call, block)
    }

    /// A call, plain (`recv.name(args)`) or safe-navigating
    /// (`recv&.name(args)`: nil when `recv` is nil, the arguments and the
    /// block not evaluated).
    pub(super) fn send_with(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        call: Call,
        block: BlockArg,
    ) {
        let extremum = array_extremum_elements(&call).filter(|elements| {
            !elements
                .iter()
                .all(|e| is_static_literal(e, self.frozen_string_literals))
        });
        if let (BlockArg::None, Some(elements)) = (&block, extremum) {
            for element in elements {
                self.expr(m, element);
            }
            let max = call.method_name == "max";
            let count = elements.len() as u32;
            return m.emit(Insn::NewArrayExtremum { count, max });
        }
        let Call {
            recv,
            args,
            begin_l,
            ..
        } = call;
        let args = forwarding::expand_args(args);
        let (args, block_pass) = match args.split_last() {
            Some((
                Node::BlockPass(BlockPass {
                    value: Some(value), ..
                }),
                rest,
            )) => (rest, Some(value.as_ref())),
            _ => (&args[..], None),
        };
        let mut flags = 0;
        let nil_receiver = call.safe_navigation.then(|| m.new_label());
        match recv {
            Some(recv) => {
                if matches!(recv, Node::Self_(_)) {
                    flags |= call_flags::FCALL;
                }
                match recv {
                    // `blk.call(...)` of a forwarded block parameter.
                    Node::Lvar(Lvar { name, .. })
                        if self.forwarded_block.as_ref() == Some(name) =>
                    {
                        m.emit(Insn::BlockProxy)
                    }
                    _ => self.expr(m, recv),
                }
            }
            None => {
                m.emit(Insn::PushSelf);
                flags |= call_flags::FCALL;
                if args.is_empty()
                    && begin_l.is_none()
                    && matches!(block, BlockArg::None)
                    && block_pass.is_none()
                {
                    flags |= call_flags::VCALL;
                }
            }
        }
        if let Some(nil_receiver) = nil_receiver {
            m.emit(Insn::Dup);
            m.emit(Insn::BranchNil(nil_receiver.0 as u32));
        }
        self.send_to_pushed_receiver(m, node, &call, args, block_pass, block, flags);
        if let Some(nil_receiver) = nil_receiver {
            m.bind(nil_receiver);
        }
    }

    /// The rest of [`Compiler::send_with`] once the receiver is pushed: the
    /// arguments, the block and the call.
    #[allow(clippy::too_many_arguments)]
    fn send_to_pushed_receiver(
        &mut self,
        m: &mut MethodBuilder,
        node: &Node,
        call: &Call,
        args: &[Node],
        block_pass: Option<&Node>,
        block: BlockArg,
        mut flags: u16,
    ) {
        let method_name = call.method_name;
        let span = self.span(node, method_name);
        if call.operator_l.is_some()
            && method_name.ends_with('=')
            && args.len() == 1
            && matches!(block, BlockArg::None)
        {
            return self.assignment_call_flagged(m, method_name, 0, &args[0], span, flags);
        }
        let mut keyword_names = Vec::new();
        let argc = match literal_keywords(args) {
            Some((positional, pairs)) => {
                for arg in positional {
                    self.expr(m, arg);
                }
                for (name, value) in &pairs {
                    self.expr(m, value);
                    keyword_names.push(self.sym(name));
                }
                flags |= call_flags::KEYWORD_OPERANDS;
                args.len() as u32 - 1 + pairs.len() as u32
            }
            None => {
                let (argc, splat, keywords) = self.arguments(m, args);
                if splat {
                    flags |= call_flags::SPLAT;
                }
                if keywords {
                    flags |= call_flags::KWARGS;
                }
                argc
            }
        };
        match block_pass {
            Some(Node::Lvar(Lvar { name, .. })) if self.forwarded_block.as_ref() == Some(name) => {
                flags |= call_flags::BLOCK_FORWARD;
            }
            Some(value) => {
                self.expr(m, value);
                flags |= call_flags::BLOCK_ARG;
            }
            None => {}
        }
        let block = match block {
            BlockArg::Literal(block) => {
                let line = self.line(&block.begin_l);
                match self.block(m, block.args.as_deref(), block.body.as_deref(), line) {
                    Some(child) => Some(child),
                    None => return,
                }
            }
            BlockArg::Compiled(child) => Some(child),
            BlockArg::None => None,
        };
        // MRI runs a call on the line of its method name (`].each`, `.map`
        // of a chain split over lines).
        if let (Some(_), Some(selector)) = (call.recv, call.selector_l) {
            m.current_line = self.line(&selector);
        }
        let name = self.sym(method_name);
        m.sites.push(CallSite {
            name,
            argc,
            flags,
            line: m.current_line,
            highlight: span,
            block,
            keywords: keyword_names,
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::Send(site));
    }

    /// `super(args)` and `super` (which passes the method's parameters).
    /// `super(args)`, `super(args, &blk)`, `super(args) { ... }` and `super`
    /// (which passes the method's parameters); without a block argument
    /// or literal block, the method's own block is passed along.
    pub(super) fn super_call(
        &mut self,
        m: &mut MethodBuilder,
        args: Option<&[Node]>,
        block: Option<&Block>,
    ) {
        let (name, params, outside_def) = match m.super_method.clone() {
            Some((name, params)) => (name, params, false),
            None => (self.sym("super"), Vec::new(), true),
        };
        let line = m.current_line;
        m.emit(Insn::PushSelf);
        let mut block_pass = None;
        let (argc, mut flags) = match args {
            Some(args) => {
                let args = forwarding::expand_args(args);
                let args: &[Node] = match args.split_last() {
                    Some((
                        Node::BlockPass(BlockPass {
                            value: Some(value), ..
                        }),
                        rest,
                    )) => {
                        block_pass = Some(value.as_ref().clone());
                        rest
                    }
                    _ => &args,
                };
                let (argc, splat, keywords) = self.arguments(m, args);
                let mut flags = call_flags::FCALL;
                if splat {
                    flags |= call_flags::SPLAT;
                }
                if keywords {
                    flags |= call_flags::KWARGS;
                }
                (argc, flags)
            }
            None => self.zsuper_arguments(m, &params),
        };
        if let Some(value) = &block_pass {
            self.expr(m, value);
            flags |= call_flags::BLOCK_ARG;
        }
        if args.is_none() {
            flags |= call_flags::ZSUPER;
        }
        if outside_def {
            flags |= call_flags::SUPER_IN_BLOCK;
        }
        let block = match block {
            Some(block) => {
                let block_line = self.line(&block.begin_l);
                let Some(child) =
                    self.block(m, block.args.as_deref(), block.body.as_deref(), block_line)
                else {
                    return;
                };
                Some(child)
            }
            None => None,
        };
        m.sites.push(CallSite {
            name,
            argc,
            flags,
            line,
            highlight: None,
            block,
            keywords: Vec::new(),
        });
        let site = (m.sites.len() - 1) as u32;
        m.emit(Insn::InvokeSuper(site));
    }

    /// `super` without arguments passes the method's parameters' current
    /// values: positional ones (with `*rest` spread) and keyword ones.
    fn zsuper_arguments(
        &mut self,
        m: &mut MethodBuilder,
        params: &[(ParamKind, String)],
    ) -> (u32, u16) {
        let simple = params
            .iter()
            .all(|(kind, _)| *kind == ParamKind::Positional);
        if simple {
            for (_, name) in params {
                let (load, _) = self.local_access(m, name);
                m.emit(load);
            }
            return (params.len() as u32, call_flags::FCALL);
        }
        m.emit(Insn::NewArray(0));
        for (kind, name) in params {
            let (load, _) = self.local_access(m, name);
            match kind {
                ParamKind::Positional => {
                    m.emit(load);
                    m.emit(Insn::ArrayAppend);
                }
                ParamKind::Rest => {
                    m.emit(load);
                    m.emit(Insn::ArrayConcat);
                }
                ParamKind::Keyword | ParamKind::KeywordRest => {}
            }
        }
        let keywords: Vec<&(ParamKind, String)> = params
            .iter()
            .filter(|(kind, _)| matches!(kind, ParamKind::Keyword | ParamKind::KeywordRest))
            .collect();
        let mut flags = call_flags::FCALL | call_flags::SPLAT;
        if !keywords.is_empty() {
            let mut pairs = 0;
            for (kind, name) in &keywords {
                if *kind == ParamKind::Keyword {
                    let sym = self.sym(name);
                    m.push_literal(Literal::Symbol(sym));
                    let (load, _) = self.local_access(m, name);
                    m.emit(load);
                    pairs += 1;
                }
            }
            m.emit(Insn::NewHash(pairs));
            for (kind, name) in &keywords {
                if *kind == ParamKind::KeywordRest {
                    let (load, _) = self.local_access(m, name);
                    m.emit(load);
                    self.call(m, "merge", 1, 0, None);
                }
            }
            m.emit(Insn::ArrayAppend);
            flags |= call_flags::KWARGS;
        }
        (1, flags)
    }
}

/// Literal keywords' names and value expressions, in the call's order.
type KeywordPairs<'n> = Vec<(String, &'n Node)>;

/// A call's arguments that pass literal keywords as plain operands
/// (`call_flags::KEYWORD_OPERANDS`): the positional ones, and the keyword
/// pairs' names and values, when every argument is positional (no
/// splat) but the last, `name: value` pairs with distinct plain Symbol
/// names (no `**h`, no `"str" => v`, no repeated name: those make the
/// Hash MRI makes).
fn literal_keywords(args: &[Node]) -> Option<(&[Node], KeywordPairs<'_>)> {
    let (Node::Kwargs(Kwargs { pairs, .. }), positional) = args.split_last()? else {
        return None;
    };
    if positional.iter().any(|arg| matches!(arg, Node::Splat(_))) {
        return None;
    }
    let mut named: Vec<(String, &Node)> = Vec::with_capacity(pairs.len());
    for pair in pairs {
        let Node::Pair(Pair { key, value, .. }) = pair else {
            return None;
        };
        let Node::Sym(lib_ruby_parser::nodes::Sym { name, .. }) = key.as_ref() else {
            return None;
        };
        let name = name.to_string().ok()?;
        if named.iter().any(|(seen, _)| *seen == name) {
            return None;
        }
        named.push((name, value.as_ref()));
    }
    Some((positional, named))
}

/// The elements of `[a, b, ...].max` or `.min` (no arguments, block or
/// splat): the sends `arraymax` and `arraymin` compute. (Not when every
/// element is a static literal: MRI makes that Array a copy of a literal
/// one and calls the method, whose comparisons go the other way round.)
fn array_extremum_elements<'n>(call: &Call<'n>) -> Option<&'n [Node]> {
    if call.safe_navigation || !matches!(call.method_name, "max" | "min") || !call.args.is_empty() {
        return None;
    }
    match call.recv {
        Some(Node::Array(Array { elements, .. }))
            if !elements.iter().any(|e| matches!(e, Node::Splat(_))) =>
        {
            Some(elements)
        }
        _ => None,
    }
}

/// Whether MRI compiles `node` as a literal value it can copy arrays of
/// (numbers, Symbols, nil, true, false, Strings when they are frozen).
fn is_static_literal(node: &Node, frozen_strings: bool) -> bool {
    match node {
        Node::Int(_)
        | Node::Float(_)
        | Node::Rational(_)
        | Node::Complex(_)
        | Node::Sym(_)
        | Node::Nil(_)
        | Node::True(_)
        | Node::False(_) => true,
        Node::Str(_) => frozen_strings,
        _ => false,
    }
}

/// The parts of a method call the compiler reads, from a plain call
/// (`Send`) or a safe-navigating one (`CSend`, `recv&.name`).
pub(super) struct Call<'n> {
    recv: Option<&'n Node>,
    method_name: &'n str,
    args: &'n [Node],
    begin_l: Option<Loc>,
    selector_l: Option<Loc>,
    operator_l: Option<Loc>,
    safe_navigation: bool,
}

/// `recv[indexes]` as the call `[]` it is.
impl<'n> From<&'n Index> for Call<'n> {
    fn from(index: &'n Index) -> Self {
        Call {
            recv: Some(&index.recv),
            method_name: "[]",
            args: &index.indexes,
            begin_l: Some(index.begin_l),
            selector_l: Some(index.begin_l.join(&index.end_l)),
            operator_l: None,
            safe_navigation: false,
        }
    }
}

impl<'n> From<&'n Send> for Call<'n> {
    fn from(send: &'n Send) -> Self {
        Call {
            recv: send.recv.as_deref(),
            method_name: &send.method_name,
            args: &send.args,
            begin_l: send.begin_l,
            selector_l: send.selector_l,
            operator_l: send.operator_l,
            safe_navigation: false,
        }
    }
}

impl<'n> From<&'n CSend> for Call<'n> {
    fn from(send: &'n CSend) -> Self {
        Call {
            recv: Some(&send.recv),
            method_name: &send.method_name,
            args: &send.args,
            begin_l: send.begin_l,
            selector_l: send.selector_l,
            operator_l: send.operator_l,
            safe_navigation: true,
        }
    }
}

/// The block a call passes: none, a literal one to compile, or one already
/// compiled (numbered parameters).
#[derive(Clone, Copy)]
pub(super) enum BlockArg<'n> {
    None,
    Literal(&'n Block),
    Compiled(u32),
}
