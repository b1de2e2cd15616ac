//! Exceptions: making them with MRI's messages and backtraces, and printing
//! the report of one nobody rescued.
//!
//! An exception is a plain object whose class descends from `Exception`; its
//! message and backtrace are kept in internal instance variables (`mesg` and
//! `bt`, names Ruby code cannot spell, as MRI does). The backtrace is taken
//! when the exception is made, from the VM's frame records: a bytecode frame
//! reports the line of the instruction it is running, a core method the line
//! of its caller (`t.rb:2:in `+'`).
//!
//! The uncaught report is MRI's:
//!
//! ```text
//! t.rb:2:in `foo': undefined method `bar' for nil:NilClass (NoMethodError)
//!
//!   x.bar
//!    ^^^^
//! \tfrom t.rb:4:in `<main>'
//! ```

use crate::diagnostics::did_you_mean;
use crate::object::{RArray, RString};
use crate::value::Value;
use crate::vm::{class_data, Control, FrameCode, FrameRecord, Vm};
use bytecode::error_highlight;
use bytecode::{CallSite, Method, Sym};
use std::fmt::Write as _;

/// A frame as backtraces see it (see [`Vm::frame_views`]).
pub struct FrameView {
    pub code: FrameCode,
    pub ip: u32,
    pub hidden: bool,
}

/// The text of 1-based line `line` of `source`, without its newline.
fn source_line(source: &[u8], line: u32) -> String {
    let text = source
        .split(|&b| b == b'\n')
        .nth(line as usize - 1)
        .unwrap_or(&[]);
    String::from_utf8_lossy(text).into_owned()
}

/// A message as MRI 3.1 writes it in the report of an uncaught exception:
/// backslashes doubled, control characters other than tab and newline
/// escaped as in a String's `inspect` (`\e`, `\0`, `\x01`, `\c?` for
/// DEL); other characters as they are.
fn escape_for_report(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' | '\t' => out.push(c),
            '\0' => out.push_str("\\0"),
            '\r' => out.push_str("\\r"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            '\x08' => out.push_str("\\b"),
            '\x07' => out.push_str("\\a"),
            '\x1b' => out.push_str("\\e"),
            '\x7f' => out.push_str("\\c?"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\x{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// The internal variable of an exception whose message starts with a
/// description of its receiver, made when it is read
/// ([`Vm::raise_about_receiver`]): what comes before the description.
const MESSAGE_HEAD: &str = "message_head";

/// did_you_mean's suggestions for a NameError, found when its message is
/// first read ([`Vm::settle_suggestions`]) rather than when it is raised:
/// a program that rescues NameErrors without reading them (`foo rescue
/// nil`, duck typing by `rescue NoMethodError`) does not pay for
/// comparing the name with every method of the receiver's class. Until
/// then the exception keeps, in an internal variable, what the
/// suggestions need beyond its `name` and `receiver`: `[kind, detail]`.
struct Suggestions;

impl Suggestions {
    /// The internal variable (a name Ruby code cannot spell).
    const IVAR: &'static str = "did_you_mean";
    /// A bare name: detail is the Array of the local variables in scope.
    const VARIABLE: i64 = 0;
    /// A method: detail tells whether the call was private (no receiver).
    const METHOD: i64 = 1;
    /// A constant: detail is the message without snippet.
    const CONSTANT: i64 = 2;
}

impl Vm {
    /// A new exception of `class` with `message` and the current backtrace.
    pub fn new_exception(&mut self, class: Value, message: &str) -> Value {
        let exception = self.new_object(class);
        self.temp_roots.borrow_mut().push(exception);
        let message = self.new_str(message);
        self.set_internal(exception, self.sym.mesg, message);
        self.set_backtrace_here(exception, 0);
        self.temp_roots.borrow_mut().pop();
        exception
    }

    /// Gives `exception` the backtrace of the current frames, leaving out
    /// the innermost `skip` lines (the core method `raise` itself).
    ///
    /// Most exceptions are rescued without anyone reading their backtrace,
    /// so its lines are written only when asked for
    /// ([`Vm::exception_backtrace_value`]). Until then the exception keeps
    /// its frames as fixnums: `skip`, then per frame, outermost first, its
    /// code (a method's number `<< 2`, or a core method's name `<< 2 | 2`;
    /// `| 1` when hidden) and its instruction index.
    pub fn set_backtrace_here(&mut self, exception: Value, skip: usize) {
        let views = self.frame_views();
        let mut packed = Vec::with_capacity(1 + 2 * views.len());
        packed.push(Value::small(skip as i64));
        for view in &views {
            let code = match &view.code {
                FrameCode::Bytecode(method) => i64::from(method.id) << 2,
                FrameCode::Native(name) => i64::from(name.0) << 2 | 2,
            };
            packed.push(Value::small(code | i64::from(view.hidden)));
            packed.push(Value::small(i64::from(view.ip)));
        }
        let frames = self.new_array(packed);
        self.set_internal(exception, self.sym.backtrace_frames, frames);
    }

    /// An exception's backtrace (an Array of Strings, or nil when it was
    /// never raised), its lines written now if they were not yet.
    pub fn exception_backtrace_value(&mut self, exception: Value) -> Value {
        let frames = self.ivar_get(exception, self.sym.backtrace_frames);
        let Some(packed) = frames.get::<RArray>() else {
            return self.ivar_get(exception, self.sym.backtrace);
        };
        let packed: Vec<i64> = packed
            .items()
            .iter()
            .map(|v| v.as_fixnum().expect("packed frames are fixnums"))
            .collect();
        let views: Vec<FrameView> = packed[1..]
            .chunks(2)
            .map(|frame| FrameView {
                code: if frame[0] & 2 == 0 {
                    FrameCode::Bytecode(self.methods[(frame[0] >> 2) as usize].clone())
                } else {
                    FrameCode::Native(Sym((frame[0] >> 2) as u32))
                },
                ip: frame[1] as u32,
                hidden: frame[0] & 1 != 0,
            })
            .collect();
        let lines = self.format_backtrace(&views);
        let array = self.new_array(Vec::with_capacity(lines.len()));
        self.temp_roots.borrow_mut().push(array);
        self.append_strings(
            array,
            lines
                .iter()
                .skip(packed[0] as usize)
                .map(|line| line.as_bytes()),
        );
        self.temp_roots.borrow_mut().pop();
        self.set_internal(exception, self.sym.backtrace, array);
        self.set_internal(exception, self.sym.backtrace_frames, Value::NIL);
        array
    }

    /// Sets an exception's backtrace (`set_backtrace`, `raise`'s third
    /// argument): any frames kept for one are dropped.
    pub fn set_exception_backtrace(
        &mut self,
        exception: Value,
        backtrace: Value,
    ) -> crate::vm::VmResult<()> {
        self.ivar_set(exception, self.sym.backtrace, backtrace)?;
        if !self.ivar_get(exception, self.sym.backtrace_frames).is_nil() {
            self.ivar_set(exception, self.sym.backtrace_frames, Value::NIL)?;
        }
        Ok(())
    }

    /// Sets an internal variable of an exception (never frozen: it was just
    /// made).
    pub fn set_internal(&mut self, exception: Value, name: Sym, value: Value) {
        self.ivar_set(exception, name, value)
            .expect("a new exception is not frozen");
    }

    /// Every frame, outermost first, as backtraces see them: the frame
    /// records, and between them the virtual frames of compiled code (see
    /// [`crate::vm::VirtualFrames`]).
    pub fn frame_views(&self) -> Vec<FrameView> {
        // Room for a recursion's worth of virtual frames, if there are any.
        let room = if self.context.virtual_frames().is_empty() {
            0
        } else {
            32
        };
        let mut views: Vec<FrameView> = Vec::with_capacity(self.context.frames.len() + room);
        let mut virtual_frames = self.context.virtual_frames().iter().peekable();
        for index in 0..=self.context.frames.len() {
            while let Some(frames) = virtual_frames.next_if(|v| v.below <= index) {
                let jit = self.jit.as_ref().expect("virtual frames run compiled code");
                let (record_ip, list) = jit.state.virtual_frame_list(frames);
                // The record below runs the call the frames make.
                if let (Some(record), Some(ip)) = (views.last_mut(), record_ip) {
                    record.ip = ip;
                }
                views.extend(list.iter().map(|&(method, ip)| FrameView {
                    code: FrameCode::Bytecode(self.methods[method as usize].clone()),
                    ip,
                    hidden: false,
                }));
            }
            if let Some(frame) = self.context.frames.get(index) {
                views.push(FrameView {
                    code: frame.code.clone(),
                    ip: frame.ip,
                    hidden: frame.hidden,
                });
            }
        }
        self.restore_constructor_frames(&mut views);
        views
    }

    /// Compiled code runs `Foo.new(args)` of a plain class as an allocation
    /// and a call of `initialize` (the JIT's intrinsics pass), without the
    /// frame `Class#new` has in the interpreter: the views get it back,
    /// between a frame at a `new` send and the `initialize` it called.
    fn restore_constructor_frames(&self, views: &mut Vec<FrameView>) {
        let (new, initialize) = (self.sym.new, self.sym.initialize);
        let mut index = 1;
        while index < views.len() {
            let is_initialize = match &views[index].code {
                FrameCode::Bytecode(method) => {
                    method.code.name == initialize
                        && method.code.kind == bytecode::MethodKind::Method
                }
                FrameCode::Native(name) => *name == initialize,
            };
            let caller = &views[index - 1];
            let at_new = match &caller.code {
                FrameCode::Bytecode(method) => matches!(
                    method.code.insns.get(caller.ip as usize),
                    Some(bytecode::Insn::Send(site)) if method.code.sites[*site as usize].name == new
                ),
                FrameCode::Native(_) => false,
            };
            if is_initialize && at_new {
                views.insert(
                    index,
                    FrameView {
                        code: FrameCode::Native(new),
                        ip: 0,
                        hidden: false,
                    },
                );
                index += 1;
            }
            index += 1;
        }
    }

    /// The file and line the innermost Ruby frame is running.
    pub fn current_location(&self) -> (std::rc::Rc<str>, u32) {
        self.frame_views()
            .iter()
            .rev()
            .find_map(|f| match &f.code {
                FrameCode::Bytecode(method) => {
                    let code = &method.code;
                    Some((
                        code.file.clone(),
                        code.lines.get(f.ip as usize).copied().unwrap_or(code.line),
                    ))
                }
                FrameCode::Native(_) => None,
            })
            .unwrap_or_else(|| ("-".into(), 0))
    }

    /// Prints `FILE:LINE: warning: message` to stderr, as MRI's warnings.
    /// A warning from a core method written in Ruby (`rb/`) names the line
    /// of its caller, as MRI's C methods do.
    pub fn warn(&mut self, message: &str) {
        let (file, line) = self
            .frame_views()
            .iter()
            .rev()
            .find_map(|f| match &f.code {
                FrameCode::Bytecode(method) if !crate::prelude::is_internal(&method.code.file) => {
                    let code = &method.code;
                    Some((
                        code.file.clone(),
                        code.lines.get(f.ip as usize).copied().unwrap_or(code.line),
                    ))
                }
                _ => None,
            })
            .unwrap_or_else(|| self.current_location());
        crate::output::write_stderr(
            self.io.out(),
            &format!("{file}:{line}: warning: {message}\n"),
        );
    }

    /// The backtrace lines of the current frames, innermost first.
    pub fn backtrace_lines(&self) -> Vec<String> {
        self.format_backtrace(&self.frame_views())
    }

    /// The backtrace lines of `frames` (outermost first), innermost first.
    fn format_backtrace(&self, frames: &[FrameView]) -> Vec<String> {
        let mut lines = Vec::with_capacity(frames.len());
        for (depth, frame) in frames.iter().enumerate().rev() {
            if frame.hidden {
                continue;
            }
            let label = match &frame.code {
                FrameCode::Bytecode(method) => {
                    let code = &method.code;
                    if crate::prelude::is_internal(&code.file)
                        && code.kind != bytecode::MethodKind::Method
                    {
                        // The prelude's own blocks: MRI's C methods have none.
                        continue;
                    }
                    self.symbols.name(code.name).to_string()
                }
                FrameCode::Native(name) => self.symbols.name(*name).to_string(),
            };
            // Core methods (native or prelude) report where their nearest
            // Ruby caller is.
            let location = frames[..=depth].iter().rev().find_map(|f| match &f.code {
                FrameCode::Bytecode(method) if !crate::prelude::is_internal(&method.code.file) => {
                    let code = &method.code;
                    let line = code.lines.get(f.ip as usize).copied().unwrap_or(code.line);
                    Some((code.file.clone(), line))
                }
                _ => None,
            });
            let (file, line) = location.unwrap_or_else(|| ("-".into(), 0));
            // Code of a rescue or ensure clause runs, in MRI, as a frame of
            // its own above the method's.
            if let FrameCode::Bytecode(method) = &frame.code {
                if let Some(handler) = method.code.handler_running_at(frame.ip as usize) {
                    let (clause, method_line) = match handler.kind {
                        bytecode::HandlerKind::Rescue => ("rescue", handler.line),
                        bytecode::HandlerKind::Ensure => ("ensure", line),
                    };
                    lines.push(format!("{file}:{line}:in `{clause} in {label}'"));
                    lines.push(format!("{file}:{method_line}:in `{label}'"));
                    continue;
                }
            }
            lines.push(format!("{file}:{line}:in `{label}'"));
        }
        lines
    }

    pub fn exception_message(&mut self, exception: Value) -> String {
        match self.message_bytes(exception) {
            Ok(Some(bytes)) => String::from_utf8_lossy(&bytes).into_owned(),
            _ => self.class_name(self.real_class_of(exception)),
        }
    }

    pub fn exception_backtrace(&mut self, exception: Value) -> Vec<String> {
        let backtrace = self.exception_backtrace_value(exception);
        match backtrace.get::<RArray>() {
            Some(array) => array
                .items()
                .iter()
                .filter_map(|line| line.get::<RString>())
                .map(|s| String::from_utf8_lossy(&s.bytes()).into_owned())
                .collect(),
            None => Vec::new(),
        }
    }

    /// MRI's report of an uncaught exception (what goes to stderr).
    /// MRI 3.1 writes each message there with its backslashes doubled and
    /// its control characters other than tab and newline escaped
    /// ([`escape_for_report`]), which `full_message` does not.
    ///
    /// The `fatal` of a spent budget (`--max-steps`, `--max-memory`) is
    /// reported alone: its causes are not why the run ended, and writing
    /// them is work without bound after the budget is spent (a recursion
    /// that rescues and recurses leaves ten thousand causes, each with a
    /// backtrace as deep).
    pub fn error_report(&mut self, exception: Value) -> String {
        if self.limit_reached.is_some() && self.is_fatal(exception) {
            return self.single_error_report(exception, false, true);
        }
        self.report_with_causes(exception, false, true)
    }

    /// `full_message`'s report, with the backtrace in either order:
    /// `bottom` is `full_message(order: :bottom)` (a numbered traceback,
    /// most recent call last, then the message).
    pub fn error_report_ordered(&mut self, exception: Value, bottom: bool) -> String {
        self.report_with_causes(exception, bottom, false)
    }

    fn report_with_causes(&mut self, exception: Value, bottom: bool, escape: bool) -> String {
        let mut report = self.single_error_report(exception, bottom, escape);
        // The causes follow, each a report of its own (as MRI 3.1 prints).
        let cause_name = self.symbols.intern("cause");
        let mut seen = vec![exception];
        let mut cause = self.ivar_get(exception, cause_name);
        while !cause.is_nil() && !seen.contains(&cause) {
            report.push_str(&self.single_error_report(cause, bottom, escape));
            seen.push(cause);
            cause = self.ivar_get(cause, cause_name);
        }
        report
    }

    fn single_error_report(&mut self, exception: Value, bottom: bool, escape: bool) -> String {
        let class = self.class_name(self.real_class_of(exception));
        let message_method = self.symbols.intern("message");
        let message = match self.call(exception, message_method, &[]) {
            Ok(message) => match self.string_text(message) {
                Some(text) => text,
                None => self.exception_message(exception),
            },
            Err(_) => self.exception_message(exception),
        };
        let message = if escape {
            escape_for_report(&message)
        } else {
            message
        };
        let backtrace = self.exception_backtrace(exception);
        let mut out = String::new();
        if bottom && backtrace.len() > 1 {
            out.push_str("Traceback (most recent call last):\n");
            let width = (backtrace.len() - 1).to_string().len();
            for i in (1..backtrace.len()).rev() {
                out.push_str(&format!("\t{i:>width$}: from {}\n", backtrace[i]));
            }
        }
        // With no backtrace (NoMemoryError's, or `backtrace` answering
        // nil), MRI names the script.
        match backtrace.first() {
            Some(first) => out.push_str(first),
            None => out.push_str(&self.script_name),
        }
        out.push_str(": ");
        if message.is_empty() {
            // An empty message shows the class alone (RuntimeError's as MRI
            // words it).
            if self.real_class_of(exception) == self.c.runtime_error {
                out.push_str("unhandled exception\n");
            } else {
                out.push_str(&class);
                out.push('\n');
            }
        } else {
            let (first_line, rest) = match message.split_once('\n') {
                Some((first, rest)) => (first, Some(rest)),
                None => (message.as_str(), None),
            };
            out.push_str(first_line);
            out.push_str(&format!(" ({class})\n"));
            if let Some(rest) = rest {
                out.push_str(rest);
                if !rest.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        if bottom {
            return out;
        }
        // MRI elides the middle of a SystemStackError's backtrace.
        const HEAD: usize = 8;
        let len = backtrace.len();
        let is_overflow = self.real_class_of(exception) == self.c.system_stack_error;
        let skip = (is_overflow && len > HEAD + 6).then(|| (HEAD + 1, len - HEAD - 5));
        let mut i = 1;
        while i < len {
            if let Some((start, count)) = skip {
                if i == start {
                    out.push_str(&format!("\t ... {count} levels...\n"));
                    i += count;
                    if i >= len {
                        break;
                    }
                }
            }
            out.push_str(&format!("\tfrom {}\n", backtrace[i]));
            i += 1;
        }
        out
    }

    // --- the errors the VM raises ----------------------------------------

    /// How NameError and NoMethodError describe a receiver: `nil`,
    /// `main:Object`, `1:Integer`, `"abc":String`, or `#<Foo:0x...>`. As in
    /// MRI 3.1 it is the receiver's `inspect` whatever its length (made a
    /// String as interpolation does), or `#<Foo:0x...>` when `inspect`
    /// raises.
    pub fn describe_receiver(&mut self, receiver: Value) -> String {
        match receiver {
            Value::NIL => "nil:NilClass".into(),
            Value::TRUE => "true:TrueClass".into(),
            Value::FALSE => "false:FalseClass".into(),
            // An error raised while `inspect` describes a receiver (a
            // NameError inside `inspect` itself) is never shown: MRI builds
            // messages lazily, and its nested one stays unbuilt. Calling
            // `inspect` again would recurse until the stack overflows.
            _ if self.describing_receiver => self.default_to_s(receiver),
            _ => {
                let inspect = self.sym.inspect;
                self.describing_receiver = true;
                let inspected = self
                    .call(receiver, inspect, &[])
                    .and_then(|v| self.interpolate(v))
                    .ok()
                    .and_then(|v| {
                        v.get::<RString>()
                            .map(|s| String::from_utf8_lossy(&s.bytes()).into_owned())
                    });
                self.describing_receiver = false;
                let text = match inspected {
                    Some(text) => text,
                    None => self.default_to_s(receiver),
                };
                if text.starts_with('#') {
                    text
                } else {
                    let class = self.class_name(self.real_class_of(receiver));
                    format!("{text}:{class}")
                }
            }
        }
    }

    /// The NoMethodError (or NameError, for a bare identifier) of a send
    /// whose method does not exist, with error_highlight's snippet and
    /// did_you_mean's suggestions as MRI 3.1 adds them.
    pub fn method_missing_error(
        &mut self,
        receiver: Value,
        site: &CallSite,
        code: &Method,
        args: &[Value],
    ) -> Control {
        let name = self.symbols.name(site.name).to_string();
        let (class, head) = if site.is_vcall() {
            (
                self.c.name_error,
                format!("undefined local variable or method `{name}' for "),
            )
        } else {
            (
                self.c.no_method_error,
                format!("undefined method `{name}' for "),
            )
        };
        let snippet = self.highlight_snippet(site, code);
        // did_you_mean's suggestions are found when the message is read
        // (see [`Suggestions`]).
        let suggestions = if site.is_vcall() {
            let locals = code
                .locals
                .iter()
                .filter(|&&l| !self.symbols.name(l).starts_with('%'))
                .map(|&l| Value::symbol(l))
                .collect();
            let locals = self.new_array(locals);
            self.new_array(vec![Value::small(Suggestions::VARIABLE), locals])
        } else {
            let private_call = Value::bool(site.is_fcall());
            self.new_array(vec![Value::small(Suggestions::METHOD), private_call])
        };
        self.temp_roots.borrow_mut().push(suggestions);
        let args = self.new_array(args.to_vec());
        self.temp_roots.borrow_mut().pop();
        self.raise_about_receiver(
            class,
            &head,
            receiver,
            snippet,
            &[
                ("name", Value::symbol(site.name)),
                ("args", args),
                (Suggestions::IVAR, suggestions),
            ],
        )
    }

    /// Raises `class` with the message `head`, a description of
    /// `receiver` ([`Vm::describe_receiver`]) and `tail`, and the
    /// `receiver` and `attributes` set. As MRI's NameError::message does,
    /// the description is made each time the message is read
    /// ([`Vm::message_bytes`]), not when raising: a NoMethodError rescued
    /// unread never calls the receiver's `inspect`.
    pub fn raise_about_receiver(
        &mut self,
        class: Value,
        head: &str,
        receiver: Value,
        tail: String,
        attributes: &[(&str, Value)],
    ) -> Control {
        let head = self.new_str(head);
        self.temp_roots.borrow_mut().push(head);
        let mut all = vec![("receiver", receiver), (MESSAGE_HEAD, head)];
        all.extend_from_slice(attributes);
        let control = self.raise_with(class, tail, &all);
        self.temp_roots.borrow_mut().pop();
        control
    }

    /// The bytes of an exception's message as `Exception#to_s` answers
    /// them (None when it has none): its `mesg`, after the receiver's
    /// description of a message [`Vm::raise_about_receiver`] made, and
    /// with did_you_mean's suggestions.
    pub fn message_bytes(&mut self, exception: Value) -> crate::vm::VmResult<Option<Vec<u8>>> {
        self.settle_suggestions(exception);
        let message = self.ivar_get(exception, self.sym.mesg);
        if message.is_nil() {
            return Ok(None);
        }
        let rest = self.to_s_bytes(message)?;
        let head_name = self.symbols.intern(MESSAGE_HEAD);
        let head = self.ivar_get(exception, head_name);
        let Some(head) = head.get::<RString>().map(|s| s.bytes().to_vec()) else {
            return Ok(Some(rest));
        };
        let receiver_name = self.symbols.intern("receiver");
        let receiver = self.ivar_get(exception, receiver_name);
        let description = self.describe_receiver(receiver);
        let mut bytes = head;
        bytes.extend_from_slice(description.as_bytes());
        bytes.extend_from_slice(&rest);
        Ok(Some(bytes))
    }

    /// Drops what [`Vm::raise_about_receiver`] left to the reading of
    /// `exception`'s message: it was given another (`exception(message)`).
    pub fn forget_message_head(&mut self, exception: Value) -> crate::vm::VmResult<()> {
        let head_name = self.symbols.intern(MESSAGE_HEAD);
        if !self.ivar_get(exception, head_name).is_nil() {
            self.ivar_set(exception, head_name, Value::NIL)?;
        }
        Ok(())
    }

    /// Appends did_you_mean's suggestions to the message of `exception`
    /// if they are pending (see [`Suggestions`]); they are looked for
    /// once, in the program as it is now, as MRI's did_you_mean does
    /// when the message is first read.
    pub fn settle_suggestions(&mut self, exception: Value) {
        let pending_name = self.symbols.intern(Suggestions::IVAR);
        let pending = self.ivar_get(exception, pending_name);
        let Some(pending) = pending.get::<RArray>().map(|a| a.items().to_vec()) else {
            return;
        };
        self.set_internal(exception, pending_name, Value::NIL);
        let message = self.ivar_get(exception, self.sym.mesg);
        let Some(text) = message.get::<RString>().map(|s| s.bytes().to_vec()) else {
            return;
        };
        let name_sym = self.symbols.intern("name");
        let receiver_sym = self.symbols.intern("receiver");
        let name = self.ivar_get(exception, name_sym);
        let name = name.as_symbol().map(|s| self.symbols.name(s).to_string());
        let receiver = self.ivar_get(exception, receiver_sym);
        let Some(name) = name else { return };
        let suggestions = match pending[0].as_fixnum() {
            Some(Suggestions::CONSTANT) => self.constant_suggestions(&name, pending[1]),
            kind => self.method_suggestions(&name, receiver, kind, pending[1]),
        };
        if suggestions.is_empty() {
            return;
        }
        let mut text = text;
        text.extend_from_slice(suggestions.as_bytes());
        let message = self.new_string(text);
        self.set_internal(exception, self.sym.mesg, message);
    }

    /// did_you_mean's suggestions for a missing method or variable `name`
    /// (`kind` [`Suggestions::VARIABLE`], with the local variables
    /// `detail`, or [`Suggestions::METHOD`], `detail` telling a private
    /// call), formatted.
    fn method_suggestions(
        &self,
        name: &str,
        receiver: Value,
        kind: Option<i64>,
        detail: Value,
    ) -> String {
        let class_of_receiver = self.class_of(receiver);
        let names = |private: bool| -> Vec<String> {
            self.method_names(class_of_receiver, private)
                .into_iter()
                .map(|s| self.symbols.name(s).to_string())
                .collect()
        };
        let public = names(false);
        let all = names(true);
        let private: Vec<&str> = all
            .iter()
            .filter(|n| !public.contains(n))
            .map(String::as_str)
            .collect();
        let public: Vec<&str> = public.iter().map(String::as_str).collect();
        let suggestions = if kind == Some(Suggestions::VARIABLE) {
            let locals: Vec<&str> = detail
                .get::<RArray>()
                .map(|a| a.items().to_vec())
                .unwrap_or_default()
                .into_iter()
                .filter_map(|l| l.as_symbol())
                .map(|l| self.symbols.name(l))
                .collect();
            let scope = did_you_mean::VariableScope {
                local_variables: &locals,
                methods: &public,
                private_methods: &private,
                ..Default::default()
            };
            did_you_mean::variable_name_corrections(name, &scope)
        } else {
            let recv = did_you_mean::MethodReceiver {
                methods: &public,
                private_methods: &private,
                private_call: detail.truthy(),
                is_nil: receiver.is_nil(),
            };
            did_you_mean::method_name_corrections(name, &recv)
        };
        did_you_mean::format_suggestions(&suggestions)
    }

    /// did_you_mean's suggestions for an uninitialized constant `name`
    /// (built-in constants in MRI's order, then the program's in
    /// definition order), `original` the message's first part.
    fn constant_suggestions(&self, name: &str, original: Value) -> String {
        let original = self.string_text(original).unwrap_or_default();
        let defined: Vec<String> = class_data(self.c.object)
            .constants
            .borrow()
            .keys()
            .map(|&c| self.symbols.name(c).to_string())
            .filter(|c| !did_you_mean::OBJECT_CONSTANTS.contains(&c.as_str()))
            .collect();
        let mut constants: Vec<&str> = did_you_mean::OBJECT_CONSTANTS.to_vec();
        constants.extend(defined.iter().map(String::as_str));
        let scopes = [did_you_mean::ConstantScope {
            prefix: "",
            constants: &constants,
        }];
        let suggestions = did_you_mean::class_name_corrections(name, &scopes, &original);
        did_you_mean::format_suggestions(&suggestions)
    }

    /// NoMethodError for a method called from Rust that does not exist.
    pub fn no_method_error_for(&mut self, receiver: Value, name: Sym) -> Control {
        let head = format!("undefined method `{}' for ", self.symbols.name(name));
        let class = self.c.no_method_error;
        let attributes = [("name", Value::symbol(name))];
        self.raise_about_receiver(class, &head, receiver, String::new(), &attributes)
    }

    /// The NameError of a bare name (`foo`) that no method answers, from
    /// `BasicObject#method_missing` (no snippet: MRI gives none there).
    pub fn undefined_name_error_for(&mut self, receiver: Value, name: Sym) -> Control {
        let head = format!(
            "undefined local variable or method `{}' for ",
            self.symbols.name(name)
        );
        let class = self.c.name_error;
        let attributes = [("name", Value::symbol(name))];
        self.raise_about_receiver(class, &head, receiver, String::new(), &attributes)
    }

    /// error_highlight's snippet for a failed call at `site`, if it has a
    /// span.
    fn highlight_snippet(&self, site: &CallSite, code: &Method) -> String {
        self.snippet(site.highlight, code)
    }

    /// `uninitialized constant Foo`, with error_highlight's snippet and
    /// did_you_mean's suggestions (built-in constants in MRI's order, then
    /// the program's in definition order).
    /// `scope` is the module the constant was looked up in (`Foo::Bar`) or,
    /// for a bare constant, the innermost lexical class (its name prefixes
    /// the message unless it is Object).
    pub fn uninitialized_constant(
        &mut self,
        name: Sym,
        scope: Option<Value>,
        code: &Method,
        ip: usize,
    ) -> Control {
        let name = self.symbols.name(name).to_string();
        let original = match scope {
            Some(scope) if scope != self.c.object => {
                format!("uninitialized constant {}::{name}", self.class_name(scope))
            }
            _ => format!("uninitialized constant {name}"),
        };
        let mut message = original.clone();
        message.push_str(&self.snippet(code.span_at(ip), code));
        let original = self.new_str(&original);
        self.temp_roots.borrow_mut().push(original);
        let suggestions = self.new_array(vec![Value::small(Suggestions::CONSTANT), original]);
        self.temp_roots.borrow_mut().pop();
        let class = self.c.name_error;
        let name = Value::symbol(self.symbols.intern(&name));
        let receiver = scope.unwrap_or(self.c.object);
        self.raise_with(
            class,
            message,
            &[
                ("name", name),
                ("receiver", receiver),
                (Suggestions::IVAR, suggestions),
            ],
        )
    }

    /// When a core method is running (the innermost frame is native): the
    /// snippet of the `send` in the Ruby frame that called it.
    pub fn core_method_call_snippet(&self) -> String {
        if !matches!(
            self.context.frames.last().map(|f| &f.code),
            Some(FrameCode::Native(_))
        ) {
            return String::new();
        }
        let caller = self
            .frame_views()
            .into_iter()
            .rev()
            .find_map(|f| match f.code {
                FrameCode::Bytecode(method) => Some((method, f.ip as usize)),
                FrameCode::Native(_) => None,
            });
        let Some((method, ip)) = caller else {
            return String::new();
        };
        match method.code.insns.get(ip) {
            Some(bytecode::Insn::Send(site)) => {
                self.snippet(method.code.sites[*site as usize].highlight, &method.code)
            }
            _ => String::new(),
        }
    }

    fn snippet(&self, span: Option<bytecode::Span>, code: &Method) -> String {
        let Some(span) = span else {
            return String::new();
        };
        let Some(source) = self.sources.get(&code.file) else {
            return String::new();
        };
        let line = source_line(source, span.line);
        error_highlight::snippet(&line, span.first_col as usize, span.last_col as usize)
    }

    pub fn private_method_error(
        &mut self,
        receiver: Value,
        site: &CallSite,
        code: &Method,
    ) -> Control {
        self.visibility_error("private", receiver, site, code)
    }

    pub fn protected_method_error(
        &mut self,
        receiver: Value,
        site: &CallSite,
        code: &Method,
    ) -> Control {
        self.visibility_error("protected", receiver, site, code)
    }

    /// `private method `foo' called for ...` (NoMethodError, with
    /// error_highlight's snippet).
    fn visibility_error(
        &mut self,
        kind: &str,
        receiver: Value,
        site: &CallSite,
        code: &Method,
    ) -> Control {
        let head = format!(
            "{kind} method `{}' called for ",
            self.symbols.name(site.name)
        );
        let snippet = self.highlight_snippet(site, code);
        let class = self.c.no_method_error;
        let attributes = [("name", Value::symbol(site.name))];
        self.raise_about_receiver(class, &head, receiver, snippet, &attributes)
    }

    /// `wrong number of arguments (given 3, expected 1..2)`.
    pub fn arity_error(&mut self, given: usize, min: usize, max: Option<usize>) -> Control {
        let message = arity_message(given, min, max);
        let class = self.c.argument_error;
        self.raise(class, format!("{message})"))
    }

    /// The arity error of a call to the Ruby method or block `code`, which
    /// names, as MRI's does, every keyword `code` requires:
    /// `wrong number of arguments (given 0, expected 1; required keywords: a, b)`.
    /// The callee's frame is the innermost one, not started yet.
    pub fn code_arity_error(&mut self, code: &bytecode::Method, given: usize) -> Control {
        if let Some(callee) = self.context.frames.last_mut() {
            callee.ip = FrameRecord::AT_ENTRY;
        }
        let (min, max) = (
            code.min_args() as usize,
            code.max_args().map(|max| max as usize),
        );
        let mut message = arity_message(given, min, max);
        let required: Vec<&str> = code
            .keywords
            .iter()
            .filter(|(_, required)| *required)
            .map(|(name, _)| self.symbols.name(*name))
            .collect();
        if !required.is_empty() {
            let plural = if required.len() == 1 { "" } else { "s" };
            message.push_str(&format!(
                "; required keyword{plural}: {}",
                required.join(", ")
            ));
        }
        let class = self.c.argument_error;
        self.raise(class, format!("{message})"))
    }

    /// MRI's NoMemoryError for an allocation the machine cannot make (a
    /// String or Array of a size from the program). Like MRI's, it has no
    /// backtrace: the report names only the script.
    pub fn no_memory(&mut self) -> Control {
        let exception = self.new_object(self.c.no_memory_error);
        self.temp_roots.borrow_mut().push(exception);
        let message = self.new_str("failed to allocate memory");
        self.set_internal(exception, self.sym.mesg, message);
        self.temp_roots.borrow_mut().pop();
        Control::Raise(exception)
    }

    /// Room for `additional` more items in `items`, or NoMemoryError when
    /// the machine cannot give it (the size comes from the program).
    ///
    /// mimalloc maps a huge block without reserving it, so the system
    /// would hand out a terabyte and kill the process when it is touched;
    /// a request larger than the machine's memory and swap is refused
    /// here instead, as glibc's malloc is refused under Linux's default
    /// overcommit heuristic, which is what makes MRI raise.
    pub fn reserve<T>(&mut self, items: &mut Vec<T>, additional: usize) -> crate::vm::VmResult<()> {
        let fits = additional
            .checked_mul(std::mem::size_of::<T>().max(1))
            .is_some_and(|bytes| self.may_allocate(bytes));
        if fits && items.try_reserve_exact(additional).is_ok() {
            Ok(())
        } else {
            Err(self.no_memory())
        }
    }

    pub fn stack_overflow(&mut self) -> Control {
        let class = self.c.system_stack_error;
        self.raise(class, "stack level too deep".into())
    }

    pub fn type_error(&mut self, message: String) -> Control {
        let class = self.c.type_error;
        self.raise(class, message)
    }

    pub fn argument_error(&mut self, message: String) -> Control {
        let class = self.c.argument_error;
        self.raise(class, message)
    }

    pub fn zero_division(&mut self) -> Control {
        let class = self.c.zero_division_error;
        self.raise(class, "divided by 0".into())
    }

    /// How a value is named in "X can't be coerced into Integer" and
    /// "no implicit conversion of X into String": nil/true/false by value,
    /// anything else by class.
    pub fn special_or_class_name(&self, value: Value) -> String {
        match value {
            Value::NIL => "nil".into(),
            Value::TRUE => "true".into(),
            Value::FALSE => "false".into(),
            _ => self.class_name(self.real_class_of(value)),
        }
    }

    /// `value.is_a?(class)`: a class is found up the superclass chain, a
    /// module in the ancestry (which includes modules mixed into superclasses
    /// and the singleton class).
    pub fn is_kind_of(&self, value: Value, class: Value) -> bool {
        if !class_data(class).is_module {
            let mut current = Some(self.class_of(value));
            while let Some(c) = current {
                if c == class {
                    return true;
                }
                current = class_data(c).superclass;
            }
            return false;
        }
        self.ancestors(self.class_of(value)).contains(&class)
    }
}

/// The machine's memory and swap in bytes (what one allocation may at most
/// ask for; see [`Vm::reserve`]), read once.
pub fn machine_memory() -> u64 {
    static MEMORY: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *MEMORY.get_or_init(|| {
        // SAFETY: sysinfo only writes the struct it is given.
        let mut info: libc::sysinfo = unsafe { std::mem::zeroed() };
        // SAFETY: as above; `info` is a valid, writable sysinfo.
        if unsafe { libc::sysinfo(&mut info) } != 0 {
            return u64::MAX;
        }
        let unit = u64::from(info.mem_unit.max(1));
        (info.totalram as u64 + info.totalswap as u64).saturating_mul(unit)
    })
}

/// `wrong number of arguments (given 3, expected 1..2`, without its closing
/// parenthesis.
fn arity_message(given: usize, min: usize, max: Option<usize>) -> String {
    let expected = match max {
        Some(max) if max == min => min.to_string(),
        Some(max) => format!("{min}..{max}"),
        None => format!("{min}+"),
    };
    format!("wrong number of arguments (given {given}, expected {expected}")
}
