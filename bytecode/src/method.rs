//! A compiled method: its instructions and the tables they index.

use crate::insn::{quickened_sends, Insn};
use crate::literal::Literal;
use crate::symbols::{Sym, SymbolTable};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::rc::Rc;

/// What a method body is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum MethodKind {
    /// The top level of a file (`<main>`).
    TopLevel,
    /// A `def`.
    Method,
    /// The body of a `class`, `module` or `class << obj` (`<class:Foo>`).
    ClassBody,
    /// A block (`block in foo`).
    Block,
}

/// The part of a source line that error_highlight underlines when the call at
/// a site fails (columns are byte offsets within the line).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Span {
    pub line: u32,
    pub first_col: u32,
    pub last_col: u32,
}

/// `Foo` for a class body named `<class:Foo>`; other names as they are.
fn class_body_name(name: &str) -> String {
    ["<class:", "<module:"]
        .iter()
        .find_map(|prefix| name.strip_prefix(prefix))
        .and_then(|rest| rest.strip_suffix('>'))
        .unwrap_or(name)
        .to_string()
}

/// What a handler catches.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum HandlerKind {
    /// A `rescue` clause: exceptions only; the exception is pushed.
    Rescue,
    /// An `ensure` clause: any transfer (exception, `break`, non-local
    /// `return`, `throw`), which `end_ensure` resumes.
    Ensure,
}

/// An entry of a method's exception table: a transfer out of an
/// instruction in `start..end` continues at `target`, with the operand
/// stack cut to `depth` values.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Handler {
    pub kind: HandlerKind,
    pub start: u32,
    pub end: u32,
    pub target: u32,
    pub depth: u32,
    /// Where the handler's own code ends (`target..code_end`): MRI runs it
    /// as a frame of its own (`rescue in foo`, `ensure in foo`).
    pub code_end: u32,
    /// The line the method's frame shows while a rescue clause runs (its
    /// `begin`, or the `def` for a method-level rescue).
    pub line: u32,
}

/// Call-site flags.
pub mod call_flags {
    /// No explicit receiver (`foo(1)`) or `self` (`self.foo`): private
    /// methods may be called.
    pub const FCALL: u16 = 1;
    /// A bare identifier that is not a local (`foo`): a missing method is
    /// reported as "undefined local variable or method".
    pub const VCALL: u16 = 2;
    /// `super` without arguments: passes the method's own parameters.
    pub const ZSUPER: u16 = 4;
    /// `&expr`: the block argument is on the stack after the arguments.
    pub const BLOCK_ARG: u16 = 8;
    /// The arguments are one Array to spread (a call with `*args`).
    pub const SPLAT: u16 = 16;
    /// The last argument is a Hash of keyword arguments (`f(a: 1)`).
    pub const KWARGS: u16 = 32;
    /// A `super` outside any `def` (in a block `define_method` turns into a
    /// method): the method name comes from the running frame.
    pub const SUPER_IN_BLOCK: u16 = 64;
    /// `&blk` of the method's block parameter, which the method only ever
    /// passes on: the frame's block is passed, with no Proc made and
    /// nothing on the stack (see `block_forwarding.rs`).
    pub const BLOCK_FORWARD: u16 = 128;
    /// Literal keyword arguments (`f(a, k: 1, j: 2)`) passed as plain
    /// operands after the positional ones, their names in the site's
    /// `keywords`: no Hash is made for a callee that takes keywords (see
    /// `CallSite::keywords`).
    pub const KEYWORD_OPERANDS: u16 = 256;
    /// The flags of a call that passes more than positional arguments
    /// (a spread, keywords, or a block other than a literal one).
    pub const NOT_PLAIN: u16 = SPLAT | KWARGS | KEYWORD_OPERANDS | BLOCK_ARG | BLOCK_FORWARD;

    /// How many operands a call of `argc` arguments with `flags` pops:
    /// the receiver, the arguments, and the `&expr` value (`BLOCK_ARG`).
    /// The one count the interpreter, the compiler's stack depths and the
    /// JIT's frame states (what a deoptimisation after the call rebuilds)
    /// all take.
    pub fn popped(argc: u32, flags: u16) -> usize {
        1 + argc as usize + usize::from(flags & BLOCK_ARG != 0)
    }
}

/// One `send` site.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CallSite {
    pub name: Sym,
    /// The operands after the receiver: the arguments, with the values of
    /// literal keywords last (`keywords`).
    pub argc: u32,
    pub flags: u16,
    pub line: u32,
    /// What error_highlight underlines when the method is missing.
    pub highlight: Option<Span>,
    /// The literal block passed (`foo { ... }`): a child method index.
    pub block: Option<u32>,
    /// With `KEYWORD_OPERANDS`, the names of the last `keywords.len()`
    /// operands, in the order the call wrote them (`f(b: 1, a: 2)`:
    /// `[b, a]`). A callee with keyword parameters gets them in its slots
    /// directly; any other callee gets the Hash they would have made.
    #[serde(default)]
    pub keywords: Vec<Sym>,
}

impl CallSite {
    pub fn is_fcall(&self) -> bool {
        self.flags & call_flags::FCALL != 0
    }

    pub fn is_vcall(&self) -> bool {
        self.flags & call_flags::VCALL != 0
    }

    /// How many operands the call pops ([`call_flags::popped`]).
    pub fn popped(&self) -> usize {
        call_flags::popped(self.argc, self.flags)
    }

    /// The number of positional arguments among the operands (the
    /// operands but the literal keywords' values).
    pub fn positional_argc(&self) -> u32 {
        self.argc - self.keywords.len() as u32
    }
}

/// A compiled method or top-level script.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Method {
    pub kind: MethodKind,
    /// The method's name (`<main>` for a file's top level).
    pub name: Sym,
    /// The file it was compiled from, as given on the command line.
    pub file: Rc<str>,
    /// The file's encoding: its String literals' and `__ENCODING__`.
    pub encoding: crate::SourceEncoding,
    /// The line of the `def` (1 for a file).
    pub line: u32,
    /// Number of required parameters (they come first).
    pub required: u32,
    /// Number of optional parameters (after the required ones).
    pub optional: u32,
    /// Whether it takes `*rest` (after the optional ones).
    pub rest: bool,
    /// Number of required parameters after `*rest` or the optional ones.
    pub post: u32,
    /// Keyword parameters in order, with whether each is required; their
    /// slots follow the positional ones.
    pub keywords: Vec<(Sym, bool)>,
    /// Whether it takes `**rest` (its slot follows the keywords').
    pub keyword_rest: bool,
    /// `**nil`: a call passing keywords raises "no keywords accepted".
    #[serde(default)]
    pub no_keywords: bool,
    /// Local variable slots, parameters first. Compiler temporaries have
    /// names starting with `%`.
    pub locals: Vec<Sym>,
    pub insns: Vec<Insn>,
    /// The source line of each instruction (for backtraces).
    pub lines: Vec<u32>,
    pub literals: Vec<Literal>,
    /// The String literals (by index) whose encoding is not the file's
    /// (`"\u00E9"` in a US-ASCII file is UTF-8, `"\xFF"` ASCII-8BIT);
    /// empty in a UTF-8 file.
    pub literal_encodings: Vec<(u32, crate::SourceEncoding)>,
    pub sites: Vec<CallSite>,
    /// Number of `branch` instructions (their `profile` operands are
    /// `0..branches`).
    pub branches: u16,
    /// Methods defined by this one's `def` instructions.
    pub children: Vec<Rc<Method>>,
    /// error_highlight spans of instructions other than `send` that can
    /// raise a NameError (`const`), by instruction index.
    pub spans: Vec<(u32, Span)>,
    /// The variable of each `getivar`/`setivar` site.
    pub ivars: Vec<Sym>,
    /// The constant each `const` site reads.
    #[serde(default)]
    pub constants: Vec<Sym>,
    /// Whether some of its locals are captured by blocks: they then live in
    /// a heap environment made at every call.
    pub has_env: bool,
    /// For blocks: whether a single Array argument is spread over the
    /// parameters (`|a, b|` given `[1, 2]`), as procs do.
    pub auto_splat: bool,
    /// Whether the method takes a `&blk` parameter.
    pub block_param: bool,
    /// Names of outer locals the env instructions refer to, by (depth, slot).
    pub outer_names: Vec<((u8, u16), Sym)>,
    /// The exception table, innermost handlers first.
    pub handlers: Vec<Handler>,
    /// The tables of `casedispatch` instructions, by index.
    #[serde(default)]
    pub case_tables: Vec<CaseTable>,
}

/// Where a `case` whose `when`s are all literals goes for each literal
/// (`Insn::CaseDispatch`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct CaseTable {
    /// Each `when` literal (an index into the literals: an Integer, a
    /// Float, a Symbol, a String in the file's encoding, nil, true or
    /// false) and the instruction its body starts at, in source order (a
    /// literal written twice goes to its first `when`).
    pub entries: Vec<(u32, u32)>,
    /// Where the `else` starts (or what follows the `case`): where no
    /// literal equals the subject.
    pub otherwise: u32,
}

impl CaseTable {
    /// Every instruction the table may send a subject to: the `when`
    /// bodies and the `else`, each once, in increasing order.
    pub fn targets(&self) -> Vec<u32> {
        let mut targets: Vec<u32> = self.entries.iter().map(|&(_, target)| target).collect();
        targets.push(self.otherwise);
        targets.sort_unstable();
        targets.dedup();
        targets
    }
}

impl Method {
    /// Every instruction control may reach other than by going on to the
    /// next: the targets of jumps and branches, of `case` tables and of
    /// exception handlers (with repeats).
    pub fn targets(&self) -> impl Iterator<Item = u32> + '_ {
        self.insns
            .iter()
            .filter_map(Insn::target)
            .chain(self.handlers.iter().map(|handler| handler.target))
            .chain(self.case_tables.iter().flat_map(CaseTable::targets))
    }

    /// The encoding of String literal `index`.
    #[inline]
    pub fn literal_encoding(&self, index: usize) -> crate::SourceEncoding {
        if self.literal_encodings.is_empty() {
            return self.encoding;
        }
        self.literal_encodings
            .iter()
            .find(|&&(i, _)| i as usize == index)
            .map_or(self.encoding, |&(_, encoding)| encoding)
    }

    /// The fewest arguments a call may pass.
    pub fn min_args(&self) -> u32 {
        self.required + self.post
    }

    /// The most arguments a call may pass (None with `*rest`).
    pub fn max_args(&self) -> Option<u32> {
        (!self.rest).then_some(self.required + self.optional + self.post)
    }

    /// Whether arguments must be laid out in canonical slots before the
    /// prologue runs (`lead, optional (undef when missing), rest Array,
    /// post`): any parameter kind beyond required ones.
    pub fn needs_arg_layout(&self) -> bool {
        self.optional > 0 || self.rest || self.post > 0 || self.takes_keywords()
    }

    /// Whether a call with `argc` positional arguments (no splat, no
    /// keywords) passes them just as the parameters lay them out: no
    /// default to fill in, no rest Array to make, no keyword Hash to split.
    pub fn takes_as_given(&self, argc: u32) -> bool {
        if self.needs_arg_layout() {
            !self.rest
                && self.post == 0
                && !self.takes_keywords()
                && argc == self.required + self.optional
        } else {
            argc == self.required + self.post
        }
    }

    /// Whether a call with `argc` positional arguments (no splat, no
    /// keywords) gives each parameter it fills the argument in its place:
    /// [`Method::takes_as_given`], or fewer arguments for the optional
    /// parameters, which are then not given (`UNDEF` in their slots, as
    /// the interpreter lays them out; their defaults run).
    pub fn takes_positionally(&self, argc: u32) -> bool {
        self.takes_as_given(argc)
            || (!self.rest
                && self.post == 0
                && !self.takes_keywords()
                && (self.required..self.required + self.optional).contains(&argc))
    }

    /// Whether a call may pass `slots` values already in this method's
    /// parameter slots, as the runtime lays a call with literal keywords
    /// out (`call_flags::KEYWORD_OPERANDS`): positional ones (`UNDEF` for
    /// an optional one not given), then one per keyword parameter (`UNDEF`
    /// for one not given), with no rest Array, post argument or `**rest`
    /// Hash to make.
    pub fn takes_laid_out(&self, slots: u32) -> bool {
        self.kind == MethodKind::Method
            && !self.rest
            && self.post == 0
            && !self.keyword_rest
            && slots == self.required + self.optional + self.keywords.len() as u32
    }

    /// Whether a block running this code may leave through the frames it
    /// was made in: with `break`, or with a `return` in it or in a block
    /// written in it (whose home is the same method).
    pub fn leaves_through_frames(&self) -> bool {
        fn returns(code: &Method) -> bool {
            code.insns
                .iter()
                .any(|insn| matches!(insn, Insn::ReturnFromBlock))
                || code.children.iter().any(|child| returns(child))
        }
        self.insns
            .iter()
            .any(|insn| matches!(insn, Insn::BreakBlock))
            || returns(self)
    }

    /// Whether it takes keyword arguments (then a call's keyword Hash is
    /// split over its keyword slots rather than passed positionally).
    pub fn takes_keywords(&self) -> bool {
        !self.keywords.is_empty() || self.keyword_rest
    }

    /// How many positional slots precede the keyword slots.
    pub fn positional_slots(&self) -> u32 {
        self.required + self.optional + u32::from(self.rest) + self.post
    }

    /// The name of a local `depth` scopes out (env instructions): only known
    /// for this method's own locals; outer ones print by slot.
    fn local_name(&self, slot: usize, depth: u8, symbols: &SymbolTable) -> String {
        let outer = self
            .outer_names
            .iter()
            .find(|(at, _)| *at == (depth, slot as u16));
        match (depth, self.locals.get(slot), outer) {
            (0, Some(&name), _) | (_, _, Some(&(_, name))) => symbols.name(name).to_string(),
            _ => format!("%{slot}"),
        }
    }

    /// The error_highlight span of the (non-send) instruction at `ip`.
    pub fn span_at(&self, ip: usize) -> Option<Span> {
        self.spans
            .iter()
            .find(|(at, _)| *at as usize == ip)
            .map(|(_, span)| *span)
    }

    /// Prints the method as RhizomeRuby does: one instruction a line, index
    /// right-aligned, then the mnemonic and operands in columns.
    ///
    /// ```text
    ///  0  arg      0
    ///  1  store    n
    ///  6  send     <      1
    /// ```
    pub fn disassemble(&self, symbols: &SymbolTable) -> String {
        let width = self.insns.len().saturating_sub(1).to_string().len();
        let mut out = String::new();
        for (index, insn) in self.insns.iter().enumerate() {
            let operands = self.operand_text(insn, symbols);
            let line = format!("{index:>width$}  {:<8} {operands}", insn.mnemonic());
            out.push_str(line.trim_end());
            out.push('\n');
        }
        for handler in &self.handlers {
            let kind = match handler.kind {
                HandlerKind::Rescue => "rescue",
                HandlerKind::Ensure => "ensure",
            };
            let _ = writeln!(
                out,
                "    {kind} {}..{} -> {} (stack {})",
                handler.start, handler.end, handler.target, handler.depth
            );
        }
        out
    }

    /// The handler whose own code instruction `ip` is in (the innermost).
    pub fn handler_running_at(&self, ip: usize) -> Option<&Handler> {
        let ip = ip as u32;
        self.handlers
            .iter()
            .find(|h| h.target <= ip && ip < h.code_end)
    }

    /// The handler for a transfer out of instruction `ip`, innermost first
    /// (`rescue` handlers only catch exceptions).
    pub fn handler_at(&self, ip: usize, is_exception: bool) -> Option<&Handler> {
        let ip = ip as u32;
        self.handlers.iter().find(|h| {
            h.start <= ip && ip < h.end && (is_exception || h.kind == HandlerKind::Ensure)
        })
    }

    /// The operands of an instruction of this method as the listing
    /// prints them.
    pub fn operand_text(&self, insn: &Insn, symbols: &SymbolTable) -> String {
        let local = |slot: u32| symbols.name(self.locals[slot as usize]).to_string();
        match *insn {
            Insn::Arg(n) | Insn::HasArg(n) | Insn::Jump(n) | Insn::BranchNil(n) => n.to_string(),
            Insn::OptArgs(n) => n.to_string(),
            Insn::NewArray(n) | Insn::Concat(n) | Insn::NewHash(n) => n.to_string(),
            Insn::NewArrayExtremum { count, .. } => count.to_string(),
            Insn::Branch { target, .. } => target.to_string(),
            Insn::Load(slot) | Insn::Store(slot) => local(slot),
            Insn::Push(lit) | Insn::Unsupported(lit) => {
                self.literals[lit as usize].display(symbols)
            }
            Insn::Send(site) | quickened_sends!(site) => {
                let site = &self.sites[site as usize];
                let mut text = format!("{:<6} {}", symbols.name(site.name), site.argc);
                if !site.keywords.is_empty() {
                    let names: Vec<String> = site
                        .keywords
                        .iter()
                        .map(|&name| format!("{}:", symbols.name(name)))
                        .collect();
                    text.push_str(&format!(" ({})", names.join(" ")));
                }
                if let Some(block) = site.block {
                    text.push_str(&format!(
                        " {{{}}}",
                        symbols.name(self.children[block as usize].name)
                    ));
                }
                if site.flags & call_flags::BLOCK_ARG != 0 {
                    text.push_str(" &");
                }
                if site.flags & call_flags::BLOCK_FORWARD != 0 {
                    text.push_str(" &block");
                }
                text
            }
            Insn::GetConst(site) => symbols.name(self.constants[site as usize]).to_string(),
            Insn::SetConst(sym)
            | Insn::GetConstFrom(sym)
            | Insn::SetConstIn(sym)
            | Insn::GetCvar(sym)
            | Insn::SetCvar(sym)
            | Insn::GetGlobal(sym)
            | Insn::SetGlobal(sym) => symbols.name(sym).to_string(),
            Insn::GetIvar(site) | Insn::SetIvar(site) => {
                symbols.name(self.ivars[site as usize]).to_string()
            }
            Insn::DefineClass(child)
            | Insn::DefineModule(child)
            | Insn::OpenSingleton(child)
            | Insn::DefineSingletonMethod(child) => {
                class_body_name(symbols.name(self.children[child as usize].name))
            }
            Insn::InvokeSuper(site) => self.sites[site as usize].argc.to_string(),
            Insn::LoadEnv { slot, depth, .. } | Insn::StoreEnv { slot, depth, .. } => {
                format!(
                    "{:<6} {depth}",
                    self.local_name(slot as usize, depth, symbols)
                )
            }
            Insn::Yield { argc, kwargs } => {
                format!("{argc}{}", if kwargs { " kw" } else { "" })
            }
            Insn::Lambda(child) => symbols.name(self.children[child as usize].name).to_string(),
            Insn::BlockParam | Insn::BlockProxy | Insn::BreakBlock | Insn::ReturnFromBlock => {
                String::new()
            }
            Insn::YieldSplat { kwargs } => format!("*{}", if kwargs { " kw" } else { "" }),
            Insn::RescueMatch | Insn::Reraise | Insn::EndEnsure => String::new(),
            Insn::ArrayAppend | Insn::ArrayConcat | Insn::Alias | Insn::Undef => String::new(),
            Insn::NewRange { exclusive } => if exclusive { "..." } else { ".." }.to_string(),
            Insn::Destructure {
                before,
                splat,
                after,
            } => {
                format!("{before} {} {after}", if splat { "*" } else { "-" })
            }
            Insn::CaseDispatch(table) => {
                let table = &self.case_tables[table as usize];
                let entries: Vec<String> = table
                    .entries
                    .iter()
                    .map(|&(literal, target)| {
                        format!(
                            "{}=>{target}",
                            self.literals[literal as usize].display(symbols)
                        )
                    })
                    .collect();
                format!("{} else=>{}", entries.join(" "), table.otherwise)
            }
            Insn::CheckMatch { splat } => {
                if splat {
                    "*".to_string()
                } else {
                    String::new()
                }
            }
            Insn::Defined { kind, name } => format!("{kind:?} {}", symbols.name(name)),
            Insn::ToRegexp(options) => options.to_string(),
            Insn::GetSpecial(special) => special.name(),
            Insn::SetLastMatch => "$~".to_string(),
            Insn::DefineMethod(child) => {
                symbols.name(self.children[child as usize].name).to_string()
            }
            Insn::PushSelf | Insn::Not | Insn::Return | Insn::Pop | Insn::Dup | Insn::ToS => {
                String::new()
            }
        }
    }

    /// The listing of this method and, after it, of every method it defines,
    /// each under a `== name (file:line)` header.
    pub fn disassemble_all(&self, symbols: &SymbolTable) -> String {
        let mut out = String::new();
        let mut pending = vec![self];
        while let Some(method) = pending.pop() {
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = writeln!(
                out,
                "== {} ({}:{})",
                symbols.name(method.name),
                method.file,
                method.line
            );
            out.push_str(&method.disassemble(symbols));
            pending.extend(method.children.iter().rev().map(|c| c.as_ref()));
        }
        out
    }
}
