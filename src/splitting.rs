//! Call-target splitting (seed 000): a method that sees many kinds because
//! many callers pass it different ones gets a copy per call site, each with
//! a profile of its own.
//!
//! Profiles belong to a method, not to the place it was called from. A
//! helper called with Integers from one place and Strings from another has
//! a polymorphic `+`, and every caller that inlines it inherits the
//! dispatch, although each caller passes one kind only:
//!
//! ```ruby
//! def add(a, b) = a + b          # `+` sees fixnum, then String
//! def double(x) = add(x, x)
//! def calls_double
//!   double(1)                    # site 1: always fixnum
//!   double("foo")                # site 2: always String
//! end
//! ```
//!
//! The interpreter reports a *polymorphic specialisation* when the kinds a
//! send's receiver had gain one after the first or go megamorphic (so do
//! those of the first argument of a basic operation: `+`, `<`, an index),
//! and when its inline cache gains a class after its first one or goes
//! megamorphic ([`Vm::report_polymorphic`]). Those are the kinds compiled
//! code specialises on; an argument only passed on or stored is the same
//! code whatever its kind. The
//! polymorphism may come from the callers, so the seed's `setNeedsSplit`
//! (`Vm::mark_for_split`) marks methods *needs split*, starting from the
//! one that reported it (a block reports as the method it is written in):
//!
//! - a method with no known callers (the main program, a method only the
//!   core calls), or called once, is not marked: the polymorphism is its
//!   own;
//! - a method with several known callers is marked;
//! - a method with one known caller is marked when its caller is, by the
//!   same rule, walked up the chain of sole callers;
//! - the methods a marked method calls, transitively as their inline caches
//!   know, are marked too: otherwise the splits of `double` would all call
//!   the one polymorphic `add`.
//!
//! A *known caller* is a call site whose inline cache found the method
//! (noted as the cache is filled). A send whose inline cache is
//! monomorphic and finds a marked method calls the site's own *split*
//! instead ([`Vm::split_at`]), made at its first such call: a copy of the
//! method that shares its bytecode and literals and has fresh profiles,
//! inline caches and JIT state (its blocks copied too). Its profile
//! describes that site's calls only, and the JIT compiles and inlines it
//! as a method of its own (`jit::runtime::Runtime::split_at`), so each
//! split of `add` has a monomorphic `+`. Sites inside a split split their
//! callees in turn; the original keeps its mark, so a new caller (`add(1,
//! 2)` at the end of the program) gets a split of its own. A recursive
//! call inside a split calls the split itself.
//!
//! Rules of ours keep splits to where they pay, measured on programs like
//! the AWFY suite's, where copies that see what the original sees, or
//! that narrow what the code never dispatches on, cost warm-ups and
//! compilations and buy nothing:
//!
//! - a site splits a method only if the split would see less than the
//!   method: another site is known to call it (else the method's profile
//!   is the site's), and the site passes a literal block of its own, or
//!   one kind where another known caller passed others (`Vm::narrows`):
//!   of the receiver, or of an argument the method dispatches on
//!   (`Vm::depends_on_param`, from `bytecode::param_uses`: `put(item)`
//!   that only appends `item` to an Array is the same code for every
//!   kind of `item`);
//! - a split for kinds is made only of a small method
//!   (`--splitting-max-kinds-size`): it saves a dispatch per call, which
//!   pays where the split is inlined; a literal block's split saves a
//!   block call per `yield` and pays up to `--splitting-max-size`;
//! - splitting is a warm-up activity: a method is split only in its first
//!   calls (`--splitting-max-calls`, the JIT's default threshold); once it
//!   is hot, its profile and compiled code serve every caller;
//! - a split is compiled once its caller is (`Vm::split_waits_for_caller`):
//!   compiled first, it would be code its caller's inlined copy makes
//!   dead.
//!
//! A split is invisible to Ruby code: its frames have the original's name,
//! scope and owner, and backtraces are MRI's. Tools name it:
//! `--dump-ir`, `--dump-profile`, `--stats` and `--trace-splitting` say
//! `add<split-2>`.
//!
//! Splitting copies code, so it has limits ([`SplittingOptions`]): the
//! largest method split, splits per method, and the total bytecode of
//! splits as a share of the bytecode loaded. A method that defines methods
//! or classes is never split.
//!
//! ```text
//! $ rhizome --trace-splitting spec/jit/call_target_splitting.rb
//! splitting: mark double (+ at add ip 8 saw receiver {fixnum, String}; chain add <- double)
//! splitting: mark add (+ at add ip 8 saw receiver {fixnum, String}; chain add <- double)
//! splitting: split double<split-1> of double for calls_double ip 6
//! splitting: split add<split-2> of add for double<split-1> ip 7
//! splitting: split double<split-3> of double for calls_double ip 9
//! splitting: split add<split-4> of add for double<split-3> ip 7
//! splitting: split add<split-5> of add for <main> ip 43
//! ```

use crate::method::{status, BasicOp, LoadedMethod, SiteSplit, SiteState, SplitOf};
use crate::object::{MethodBody, MethodEntry};
use crate::output::write_stderr;
use crate::vm::{class_data, Vm};
use bytecode::profile::{Kind, KindSet};
use bytecode::MethodKind;
use std::rc::Rc;

/// The limits of splitting, and whether it runs.
#[derive(Clone, Copy, Debug)]
pub struct SplittingOptions {
    pub enabled: bool,
    /// The largest method split, in bytecode instructions (its blocks
    /// included): `--splitting-max-size`.
    pub max_size: usize,
    /// The largest method split to narrow the kinds a site passes (rather
    /// than for a literal block of its own): `--splitting-max-kinds-size`.
    pub max_kinds_size: usize,
    /// Splits per method: `--splitting-max-splits`.
    pub max_splits: usize,
    /// The bytecode of all splits together, as a percentage of the bytecode
    /// loaded (the core's included): `--splitting-max-growth`.
    pub max_growth_percent: u64,
    /// Splits are made of a method while it warms up: in its first
    /// `max_calls` calls (`--splitting-max-calls`; again after its code is
    /// retired). Later its profile and code serve every caller, and a
    /// split would only warm up again.
    pub max_calls: u64,
    /// `--trace-splitting`: a line to stderr per mark and per split.
    pub trace: bool,
}

/// Default of `--splitting-max-size`.
pub const DEFAULT_MAX_SIZE: usize = 200;
/// Default of `--splitting-max-kinds-size`. Measured on the AWFY programs
/// at their benchmark sizes (`cargo xtask bench`): splits for kinds of
/// larger methods (DeltaBlue's `incremental_add`, 26 instructions, and
/// `extract_plan_from_constraints`, 35) cost more warm-up and compilation
/// than their calls won back (DeltaBlue 6% slower than without splitting
/// at 30, 50 or 80, 2% at 20), while splits for literal blocks pay at any
/// size up to `--splitting-max-size` (Havlak 10% faster).
pub const DEFAULT_MAX_KINDS_SIZE: usize = 20;
/// Default of `--splitting-max-splits`.
pub const DEFAULT_MAX_SPLITS: usize = 16;
/// Default of `--splitting-max-growth`.
pub const DEFAULT_MAX_GROWTH_PERCENT: u64 = 50;

/// Default of `--splitting-max-calls`: as many calls as the JIT's default
/// threshold, after which a method has its compiled code.
pub const DEFAULT_MAX_CALLS: u64 = 1000;

/// How many `--jit-threshold`s of calls a split waits at most for its
/// caller to be compiled before it is compiled on its own
/// (`Vm::split_waits_for_caller`).
pub const SPLIT_WAIT_THRESHOLDS: u64 = 2;

/// How deep `Vm::depends_on_param` follows a parameter passed on.
const MAX_PARAM_DEPTH: usize = 4;

/// How far `setNeedsSplit` walks up a chain of sole callers.
const MAX_CHAIN: usize = 16;

impl Default for SplittingOptions {
    fn default() -> Self {
        SplittingOptions {
            enabled: true,
            max_size: DEFAULT_MAX_SIZE,
            max_kinds_size: DEFAULT_MAX_KINDS_SIZE,
            max_splits: DEFAULT_MAX_SPLITS,
            max_growth_percent: DEFAULT_MAX_GROWTH_PERCENT,
            max_calls: DEFAULT_MAX_CALLS,
            trace: false,
        }
    }
}

/// The VM's splitting state.
#[derive(Default)]
pub struct Splitting {
    pub options: SplittingOptions,
    /// Instructions of the methods loaded (splits not counted).
    pub loaded_size: u64,
    /// Instructions of the splits made.
    pub split_size: u64,
    /// Splits made (`splitting.splits`); also the last split's number.
    pub splits: u64,
    /// Methods marked as needing splits (`splitting.marked`).
    pub marked: u64,
}

/// What a site's call does about splitting ([`Vm::split_at`]).
enum SiteCall {
    /// Calls the method its cache found.
    Original,
    /// Calls the split it made.
    Made(Rc<MethodEntry>),
    /// Calls the split it is in (a recursive call of a split).
    Recursive(Rc<LoadedMethod>),
    /// Makes a split of the method and calls it.
    New(Rc<LoadedMethod>),
}

/// What became polymorphic at a send site: its kinds or its cache.
#[derive(Clone, Copy, Debug)]
pub enum Polymorphism {
    /// The kinds of the receiver (position 0) or of argument `position`.
    Kinds { site: u32, position: usize },
    /// The inline cache.
    Cache { site: u32 },
}

impl Vm {
    /// The name tools give `method`: its own, and `<split-N>` for a split.
    pub fn method_display_name(&self, method: &LoadedMethod) -> String {
        let name = self.symbols.name(method.code.name);
        match method.split.of {
            Some(of) => format!("{name}<split-{}>", of.number),
            None => name.to_string(),
        }
    }

    /// A send site of `method` became more polymorphic: the seed's
    /// `reportPolymorphicSpecialize`.
    #[cold]
    pub fn report_polymorphic(&mut self, method: &LoadedMethod, what: Polymorphism) {
        if !self.splitting.options.enabled {
            return;
        }
        let mut chain = Vec::new();
        let home = self.home_method(method.id);
        if !self.mark_for_split(home, &mut chain) {
            return;
        }
        if self.splitting.options.trace {
            let why = self.polymorphism_text(method, what);
            let names: Vec<String> = chain
                .iter()
                .map(|&id| self.method_display_name(&self.methods[id as usize]))
                .collect();
            for name in names.iter().rev() {
                let line = format!(
                    "splitting: mark {name} ({why}; chain {})\n",
                    names.join(" <- ")
                );
                write_stderr(self.io.out(), &line);
            }
        }
        for id in chain.into_iter().rev() {
            self.mark_callees(id);
        }
    }

    /// The method a block is written in (the method itself for others):
    /// what a block's polymorphism marks, and what calls into it.
    pub(crate) fn home_method(&self, mut id: u32) -> u32 {
        loop {
            let method = &self.methods[id as usize];
            match method.parent.get() {
                Some(parent) if method.code.kind == MethodKind::Block => id = parent,
                _ => return id,
            }
        }
    }

    /// The seed's `setNeedsSplit`: marks `id` when it has several known
    /// callers, or when its one caller is marked by the same rule (the
    /// polymorphism comes from further up); true when `id` was marked.
    /// `chain` gets the methods walked, from `id` up.
    fn mark_for_split(&mut self, id: u32, chain: &mut Vec<u32>) -> bool {
        let method = self.methods[id as usize].clone();
        let state = &method.split;
        if state.needs_split.get() || chain.contains(&id) || chain.len() == MAX_CHAIN {
            return false;
        }
        let callers = state.callers.borrow().clone();
        if callers.is_empty() || method.calls.get() <= 1 {
            return false;
        }
        chain.push(id);
        let marked = callers.len() > 1 || {
            let caller = self.home_method(callers[0].0);
            self.mark_for_split(caller, chain)
        };
        if marked {
            state.needs_split.set(true);
            self.splitting.marked += 1;
        } else {
            chain.pop();
        }
        marked
    }

    /// Marks every method `id` calls, as far as its inline caches (and
    /// those of its blocks) know, and theirs in turn.
    fn mark_callees(&mut self, id: u32) {
        let mut work = vec![id];
        while let Some(caller) = work.pop() {
            let method = self.methods[caller as usize].clone();
            let mut callees = Vec::new();
            collect_callees(&method, &mut callees);
            for callee in callees {
                if callee.split.needs_split.get() {
                    continue;
                }
                callee.split.needs_split.set(true);
                self.splitting.marked += 1;
                if self.splitting.options.trace {
                    let line = format!(
                        "splitting: mark {} (callee of {})\n",
                        self.method_display_name(&callee),
                        self.method_display_name(&method)
                    );
                    write_stderr(self.io.out(), &line);
                }
                work.push(callee.id);
            }
        }
    }

    /// What a polymorphism report says, for the trace.
    fn polymorphism_text(&self, method: &LoadedMethod, what: Polymorphism) -> String {
        let (site, detail) = match what {
            Polymorphism::Kinds { site, position } => {
                let state = &method.sites[site as usize];
                let (which, kinds) = match position {
                    0 => ("receiver".to_string(), state.receiver.snapshot()),
                    n => (format!("argument {n}"), state.args[n - 1].snapshot()),
                };
                let kinds = kinds.display(|kind| self.kind_name(kind));
                (site, format!("saw {which} {kinds}"))
            }
            Polymorphism::Cache { site } => {
                let state = method.sites[site as usize].cache.borrow().state();
                (site, format!("inline cache went {state}"))
            }
        };
        format!(
            "{} at {} ip {} {detail}",
            self.symbols.name(method.code.sites[site as usize].name),
            self.method_display_name(method),
            site_ip(method, site)
        )
    }

    /// What site `site` of `caller` does about splitting when its cache
    /// finds `entry`.
    fn site_call(&self, caller: &LoadedMethod, site: usize, entry: &Rc<MethodEntry>) -> SiteCall {
        let MethodBody::Bytecode(callee) = &entry.body else {
            return SiteCall::Original;
        };
        let state = &caller.sites[site];
        if let Some(split) = state.split_for(entry) {
            return SiteCall::Made(split);
        }
        if !callee.split.needs_split.get() || state.cache.borrow().monomorphic().is_none() {
            return SiteCall::Original;
        }
        // A recursive call of a split calls the split itself (a new split
        // per level would only copy the same profile again); one of the
        // original calls the original.
        let home = &self.methods[self.home_method(caller.id) as usize];
        if home.origin() == callee.id {
            return match home.split.of {
                Some(_) => SiteCall::Recursive(home.clone()),
                None => SiteCall::Original,
            };
        }
        if self.may_split(callee) && self.narrows(caller, site, callee) {
            SiteCall::New(callee.clone())
        } else {
            SiteCall::Original
        }
    }

    /// The method entry site `site` of `caller` calls for `entry`, which
    /// its monomorphic cache found: the site's split when the method needs
    /// splitting (made now if the site has none and may have one), else
    /// None (call `entry`).
    pub fn split_at(
        &mut self,
        caller: &LoadedMethod,
        site: usize,
        entry: &Rc<MethodEntry>,
    ) -> Option<Rc<MethodEntry>> {
        let split = match self.site_call(caller, site, entry) {
            SiteCall::Original => return None,
            SiteCall::Made(split) => return Some(split),
            SiteCall::Recursive(home) => home,
            SiteCall::New(callee) => {
                self.splitting.splits += 1;
                let number = self.splitting.splits as u32;
                let copy = self.copy_for_split(&callee, number);
                callee.split.splits.borrow_mut().push(copy.id);
                copy.split.note_caller(caller.id, site as u32);
                if self.splitting.options.trace {
                    let line = format!(
                        "splitting: split {} of {} for {} ip {}\n",
                        self.method_display_name(&copy),
                        self.method_display_name(&callee),
                        self.method_display_name(caller),
                        site_ip(caller, site as u32)
                    );
                    write_stderr(self.io.out(), &line);
                }
                copy
            }
        };
        let split_entry = Rc::new(MethodEntry {
            body: MethodBody::Bytecode(split),
            visibility: entry.visibility,
            owner: entry.owner,
            cref: entry.cref.clone(),
        });
        *caller.sites[site].split.borrow_mut() = Some(SiteSplit {
            of: entry.clone(),
            entry: split_entry.clone(),
        });
        Some(split_entry)
    }

    /// Whether `method`, called `--jit-threshold` times, is to stay
    /// interpreted a while longer: a split whose caller is still
    /// interpreted. A split exists so that its one caller can inline a
    /// profile of its own, and that caller is compiled soon (a split is
    /// called about as often as the code that calls it, save from a loop,
    /// which on-stack replacement compiles): compiled on its own first, the
    /// split would be code that nothing calls once its caller is compiled
    /// with it inlined. So a split is compiled once its caller is compiled
    /// without inlining it (the caller's code then calls it), or after it
    /// has waited [`SPLIT_WAIT_THRESHOLDS`] thresholds of calls in all
    /// (should its caller never be compiled, or keep being recompiled). A
    /// split's block waits for its split in the same way.
    pub fn split_waits_for_caller(&self, method: &LoadedMethod, threshold: u64) -> bool {
        if method.split.of.is_none() {
            return false;
        }
        let home = self.home_method(method.id);
        let waits_for = if home != method.id {
            Some(home)
        } else {
            method
                .split
                .callers
                .borrow()
                .first()
                .map(|&(caller, _)| caller)
        };
        let caller_interpreted =
            waits_for.is_some_and(|id| self.methods[id as usize].jit.get() == status::NOT_YET);
        let waited = method.split.calls_waited.get();
        if !caller_interpreted || waited >= SPLIT_WAIT_THRESHOLDS * threshold {
            return false;
        }
        method.split.calls_waited.set(waited + 1);
        true
    }

    /// The method site `site` of `caller` runs when it calls method
    /// `callee` (ids), for the JIT: its split, made already, or `callee`.
    pub fn split_for_jit(&self, caller: &LoadedMethod, site: usize, callee: u32) -> u32 {
        let state = &caller.sites[site];
        if let Some(split) = &*state.split.borrow() {
            if let (MethodBody::Bytecode(of), MethodBody::Bytecode(split)) =
                (&split.of.body, &split.entry.body)
            {
                if of.id == callee {
                    return split.id;
                }
            }
        }
        let home = &self.methods[self.home_method(caller.id) as usize];
        if home.origin() == callee && home.split.of.is_some() {
            return home.id;
        }
        callee
    }

    /// Whether site `site` of `caller` is to make a split at its next
    /// call: compiled now, it would call the original with the original's
    /// profile (the JIT leaves the send to the interpreter, which makes
    /// the split and profiles it, and compiles the method again later).
    pub fn split_pending(&self, caller: &LoadedMethod, site: usize) -> bool {
        let entry = caller.sites[site].cache.borrow().monomorphic().cloned();
        entry.is_some_and(|entry| matches!(self.site_call(caller, site, &entry), SiteCall::New(_)))
    }

    /// Whether a split of `callee` for site `site` of `caller` would see
    /// less than `callee` sees: another call site is known to call it, and
    /// this site passes a literal block of its own, or one kind where
    /// another known caller passes others (receiver or an argument). A
    /// split that would see what its original sees (the site is the only
    /// caller known: the original's profile is the site's) only costs a
    /// warm-up. (Not in the seed, whose languages have no cheap per-site
    /// kinds to compare; the seed's example splits as it says.)
    fn narrows(&self, caller: &LoadedMethod, site: usize, callee: &LoadedMethod) -> bool {
        let callers = callee.split.callers.borrow();
        let mut others = callers
            .iter()
            .filter(|&&(id, other)| (id, other) != (caller.id, site as u32))
            .peekable();
        if others.peek().is_none() {
            return false;
        }
        if caller.code.sites[site].block.is_some() {
            return true;
        }
        // Narrowing kinds saves a dispatch per call, and the split costs a
        // warm-up and a compilation of its own: it pays for methods small
        // enough to be inlined wherever they are called.
        if code_size(callee) > self.splitting.options.max_kinds_size {
            return false;
        }
        let state = &caller.sites[site];
        let ours: Vec<KindSet> = std::iter::once(state.receiver.snapshot())
            .chain(state.args.iter().map(|recorder| recorder.snapshot()))
            .collect();
        others.any(|&(id, other)| {
            let other = &self.methods[id as usize].sites[other as usize];
            let theirs = std::iter::once(other.receiver.snapshot())
                .chain(other.args.iter().map(|recorder| recorder.snapshot()));
            ours.iter()
                .zip(theirs)
                .enumerate()
                .any(|(position, (ours, theirs))| {
                    ours.monomorphic().is_some()
                        && theirs.kinds().any(|kind| Some(kind) != ours.monomorphic())
                        && (position == 0 || self.depends_on_param(callee, position as u32 - 1, 0))
                })
        })
    }

    /// Whether the first operand of a basic operation at `site` is
    /// dispatched on: an index (`a[i]`), or the operand of arithmetic and
    /// comparisons on numbers and Strings (`1 + x` compiles to an addition
    /// of two fixnums). An Array's `<<` or `==` and an object's `==` do not
    /// care what they get; a site that never ran counts as dispatching.
    fn operand_dispatched(&self, site: &SiteState) -> bool {
        match site.op {
            BasicOp::None | BasicOp::ArraySize => false,
            BasicOp::ArrayIndex | BasicOp::ArraySet => true,
            _ => {
                let receivers = site.receiver.snapshot();
                let string = Kind::Class(class_data(self.c.string).id);
                receivers.kinds().next().is_none()
                    || receivers
                        .kinds()
                        .any(|kind| !matches!(kind, Kind::Class(_)) || kind == string)
            }
        }
    }

    /// Whether the code of `method` (or of the methods it passes the
    /// parameter to, as their inline caches know them) dispatches on the
    /// kind of its parameter `param` (0-based): a receiver, the first
    /// operand of a basic operation (`+`, `<`, an index), or anything
    /// `bytecode::param_uses` cannot follow. A parameter only stored or
    /// returned is the same code whatever its kind: narrowing it buys
    /// nothing.
    fn depends_on_param(&self, method: &LoadedMethod, param: u32, depth: usize) -> bool {
        let uses = method
            .split
            .param_uses
            .get_or_init(|| bytecode::param_uses::param_uses(&method.code));
        if uses.is_specialised(param) {
            return true;
        }
        uses.passed
            .iter()
            .filter(|passed| passed.param == param)
            .any(|passed| {
                let Some(site) = method.sites.get(passed.site as usize) else {
                    return true;
                };
                if passed.position == 1 && self.operand_dispatched(site) {
                    return true;
                }
                depth < MAX_PARAM_DEPTH
                    && site
                        .cache
                        .borrow()
                        .entries()
                        .any(|entry| match &entry.body {
                            MethodBody::Bytecode(callee) => {
                                self.depends_on_param(callee, passed.position - 1, depth + 1)
                            }
                            _ => false,
                        })
            })
    }

    /// Whether the limits allow another split of `method`.
    fn may_split(&self, method: &LoadedMethod) -> bool {
        let options = &self.splitting.options;
        if method.code.kind != MethodKind::Method || method.calls.get() >= options.max_calls {
            return false;
        }
        let size = code_size(method) as u64;
        // A method that defines methods or classes would define them again
        // from its split's copies: it is not split.
        let defines = method
            .children
            .iter()
            .any(|child| child.code.kind != MethodKind::Block);
        !defines
            && size <= options.max_size as u64
            && method.split.splits.borrow().len() < options.max_splits
            && (self.splitting.split_size + size) * 100
                <= self.splitting.loaded_size * options.max_growth_percent
    }

    /// A split of `original` numbered `number`: copies of it and its
    /// blocks, registered as methods of their own.
    fn copy_for_split(&mut self, original: &LoadedMethod, number: u32) -> Rc<LoadedMethod> {
        let children = original
            .children
            .iter()
            .map(|child| self.copy_for_split(child, number))
            .collect();
        let of = SplitOf {
            original: original.id,
            number,
        };
        let copy = Rc::new(original.copy_for_split(self.methods.len() as u32, of, children));
        for child in &copy.children {
            child.parent.set(Some(copy.id));
        }
        self.splitting.split_size += original.code.insns.len() as u64;
        self.methods.push(copy.clone());
        copy
    }
}

/// The instruction of `method` that sends from `site`.
pub fn site_ip(method: &LoadedMethod, site: u32) -> usize {
    method
        .code
        .insns
        .iter()
        .position(|insn| {
            matches!(insn, bytecode::Insn::Send(s) | bytecode::Insn::InvokeSuper(s) if *s == site)
        })
        .unwrap_or(0)
}

/// The instructions of `method` and its blocks.
fn code_size(method: &LoadedMethod) -> usize {
    method.code.insns.len() + method.children.iter().map(|c| code_size(c)).sum::<usize>()
}

/// The Ruby methods the inline caches of `method` and its blocks found.
fn collect_callees(method: &LoadedMethod, out: &mut Vec<Rc<LoadedMethod>>) {
    for site in &method.sites {
        for entry in site.cache.borrow().entries() {
            if let MethodBody::Bytecode(callee) = &entry.body {
                if !out.iter().any(|known| Rc::ptr_eq(known, callee)) {
                    out.push(callee.clone());
                }
            }
        }
    }
    for child in &method.children {
        if child.code.kind == MethodKind::Block {
            collect_callees(child, out);
        }
    }
}
