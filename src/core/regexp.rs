//! Regexp, MatchData and the match variables (`$~`, `$1`, `$&`...).
//!
//! ## The engine and the translation layer
//!
//! A Regexp is compiled by fancy-regex, a backtracking engine in pure Rust
//! that delegates what it can to the `regex` crate's automata. Ruby's
//! patterns are Onigmo's; `translate.rs` rewrites the places where the two
//! read a pattern differently (Ruby's `\d`/`\s`/`\w` are ASCII, its POSIX
//! brackets Unicode, `m` means dot-all, unnamed groups stop capturing once
//! a group has a name...) and reports the errors MRI reports, in MRI's
//! words. The engine always runs in multi-line mode: Ruby's `^` and `$`
//! are line anchors.
//!
//! Strings are matched as `&str` ([`Subject`]): a UTF-8 String as its text
//! (one that is not valid UTF-8 raises MRI's ArgumentError, "invalid byte
//! sequence in UTF-8"), a binary String with bytes past ASCII as Latin-1
//! text, one character per byte, which is what the `\xHH` escapes of an
//! `n` Regexp translate to (U+00HH). The engine works in byte offsets of
//! that text; every offset Ruby sees (`=~`, `MatchData#begin`, `index`)
//! is converted to characters, and the String methods that cut the
//! receiver convert them back to its bytes ([`Subject::original`]).
//! A MatchData of a binary subject makes ASCII-8BIT Strings of the bytes.
//!
//! A Regexp literal without interpolation is compiled once, when its code
//! is loaded, and is frozen, as in MRI; an invalid one is a syntax error
//! reported before the program runs ([`Vm::check_regexp_literals`]). `/a#{b}/`
//! compiles at every evaluation (`toregexp`) and raises RegexpError.
//!
//! ## `$~` is frame-local
//!
//! Each method frame has its own last match; the blocks written in a method
//! share the method's. Rather than growing `FrameRecord` (pushed on every
//! call), the VM keeps `last_match`, a vector indexed by frame depth whose
//! entries carry the id of the frame that wrote them: an entry whose id is
//! not the id of the frame now at that depth is stale and reads as nil, so
//! nothing has to be cleared when frames come and go. The frame a match
//! belongs to is the innermost Ruby frame (core methods such as `gsub` set
//! their caller's `$~`), or for a block or a lambda the frame of the method
//! it is written in; the core methods written in Ruby (`rb/`) are passed
//! over like those in Rust. (A block called after its method returned has
//! a `$~` of its own, where MRI would keep the method's.) `$1`, `$&`, `` $` ``, `$'` and `$+` are read
//! from `$~` (`getspecial`); `Regexp#match`, `=~`, `===` and the String
//! methods set it.

mod match_data;
mod methods;

/// Defines Regexp and MatchData, and the private helpers the bundled
/// libraries build on ([`define_library_helpers`]).
pub fn define(vm: &mut Vm) {
    methods::define(vm);
    define_library_helpers(vm);
}

use crate::core::string::inspect_string;
use crate::encoding::utf8_char_count;
use crate::heap::{Header, HeapObject, Marker, ObjKind};
use crate::object::{RArray, RMatch, RRegexp, RString};
use crate::pattern::{
    option_letters, push_source, EXTENDED, FIXEDENCODING, IGNORECASE, MULTILINE, NOENCODING,
};
use crate::pattern::{MatchInfo, RegexpData, Spans};
use crate::value::Value;
use crate::vm::{FrameCode, Vm, VmResult};
use bytecode::{Literal, Method, Special, SyntaxError};
use std::cell::RefCell;
use std::rc::Rc;

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RRegexp {
    const KIND: ObjKind = ObjKind::Regexp;
    fn trace(&self, _: &mut Marker) {}
}

// SAFETY: repr(C), Header first, fits a cell, its own kind.
unsafe impl HeapObject for RMatch {
    const KIND: ObjKind = ObjKind::MatchData;
    fn trace(&self, marker: &mut Marker) {
        marker.mark(self.data.regexp);
    }
}

/// The compiled pattern of a Regexp value (None for anything else, and for
/// one not initialized yet).
pub fn regexp_data(value: Value) -> Option<Rc<RegexpData>> {
    value.get::<RRegexp>().and_then(|r| r.data.borrow().clone())
}

/// Whether `value` is a Regexp (initialized or not).
pub fn is_regexp(value: Value) -> bool {
    value.get::<RRegexp>().is_some()
}

/// The pattern of a Regexp; TypeError for one never initialized
/// (`Regexp.allocate`).
pub fn checked(vm: &mut Vm, re: Value) -> VmResult<Rc<RegexpData>> {
    match regexp_data(re) {
        Some(data) => Ok(data),
        None => Err(vm.type_error("uninitialized Regexp".into())),
    }
}

/// A Regexp of class `class` without a pattern yet (`initialize` gives
/// it one).
pub fn allocate(vm: &mut Vm, class: Value) -> Value {
    vm.alloc(RRegexp {
        header: Header::new(RRegexp::KIND, class),
        data: RefCell::new(None),
    })
}

/// A new Regexp with the pattern of `re` (`dup`, `clone`).
pub fn copy(vm: &mut Vm, re: Value) -> Value {
    let class = vm.c.regexp;
    let copy = allocate(vm, class);
    if let Some(data) = regexp_data(re) {
        set_data(copy, data);
    }
    copy
}

fn set_data(re: Value, data: Rc<RegexpData>) {
    *re.get::<RRegexp>().expect("a Regexp").data.borrow_mut() = Some(data);
}

impl Vm {
    /// The compiled pattern of `source` with `options`, from the VM's
    /// cache ([`crate::pattern::PatternCache::compile`]).
    pub fn compile_regexp(&mut self, source: &str, options: u32) -> Result<Rc<RegexpData>, String> {
        self.regexp_state.compile(source, options)
    }

    /// A new Regexp of `source`, or RegexpError.
    pub fn new_regexp(&mut self, source: &str, options: u32) -> VmResult {
        match self.compile_regexp(source, options) {
            Ok(data) => Ok(self.regexp_value(data)),
            Err(message) => Err(self.regexp_error(message)),
        }
    }

    fn regexp_value(&mut self, data: Rc<RegexpData>) -> Value {
        let class = self.c.regexp;
        self.alloc(RRegexp {
            header: Header::new(RRegexp::KIND, class),
            data: RefCell::new(Some(data)),
        })
    }

    /// The index of the frame whose `$~` the running code reads and
    /// writes: the innermost frame of the program's Ruby code (core methods
    /// written in Ruby, as those in Rust, work on their caller's; a bundled
    /// library's code is the program's, as in MRI), or for a block the
    /// frame of the method it is written in.
    fn match_frame(&self) -> Option<usize> {
        let top = self.context.frames.iter().rposition(|f| match &f.code {
            FrameCode::Bytecode(method) => {
                let file = &method.code.file;
                !crate::prelude::is_internal(file) || crate::prelude::is_bundled_library(file)
            }
            FrameCode::Native(_) => false,
        })?;
        // Running above virtual frames: the innermost Ruby frame is one of
        // them, whose last match nothing reads (see
        // `CompiledMethod::reads_last_match`).
        if self.context.runs_above_virtual_frames(top) {
            return None;
        }
        // A block's frame leads to the method it is written in (`home`); a
        // lambda's (whose `home` is itself) to the frame that made it, and
        // on from there. A method that has returned leaves the block its
        // own.
        let mut index = top;
        loop {
            let frame = &self.context.frames[index];
            let next = if frame.is_lambda {
                frame.break_target
            } else {
                frame.home
            };
            if next == frame.id {
                return Some(index);
            }
            match self.context.frames[..index]
                .iter()
                .rposition(|f| f.id == next)
            {
                Some(found) => index = found,
                None => return Some(index),
            }
        }
    }

    /// `$~`: the running frame's last match, or nil.
    pub fn last_match(&self) -> Value {
        let Some(index) = self.match_frame() else {
            return Value::NIL;
        };
        self.context.last_match_of(index)
    }

    /// Sets the running frame's `$~`.
    pub fn set_last_match(&mut self, value: Value) {
        let Some(index) = self.match_frame() else {
            return;
        };
        self.context.set_last_match_of(index, value);
    }

    /// A new MatchData for a match of `regexp` in `text`.
    pub fn new_match(&mut self, regexp: Value, text: Rc<str>, spans: Spans, binary: bool) -> Value {
        let data = regexp_data(regexp).expect("a Regexp");
        let class = self.c.match_data;
        self.alloc(RMatch {
            header: Header::new(RMatch::KIND, class),
            data: Box::new(MatchInfo {
                regexp,
                data,
                text,
                spans,
                binary,
            }),
        })
    }

    /// The MatchData of a match (made `$~`), or nil (also made `$~`) when
    /// `spans` is None.
    pub fn record_match(&mut self, regexp: Value, text: &Rc<str>, spans: Option<Spans>) -> Value {
        self.record_subject_match(regexp, text, spans, false)
    }

    /// [`Vm::record_match`] of a match in `subject`.
    pub fn record_match_in(
        &mut self,
        regexp: Value,
        subject: &Subject,
        spans: Option<Spans>,
    ) -> Value {
        self.record_subject_match(regexp, &subject.text, spans, subject.binary)
    }

    /// [`Vm::record_match`] of a text [`match_subject`] made, `binary`
    /// when it is a binary String's bytes as Latin-1.
    pub fn record_subject_match(
        &mut self,
        regexp: Value,
        text: &Rc<str>,
        spans: Option<Spans>,
        binary: bool,
    ) -> Value {
        let value = match spans {
            Some(spans) => self.new_match(regexp, text.clone(), spans, binary),
            None => Value::NIL,
        };
        self.set_last_match(value);
        value
    }

    /// RegexpError for an engine failure while matching.
    pub fn regexp_error(&mut self, message: String) -> crate::vm::Control {
        let class = self.c.regexp_error;
        self.raise(class, message)
    }
}

/// The text of a String to match against (a copy: MatchData keep it as it
/// was); ArgumentError when it is not valid UTF-8.
pub fn match_text(vm: &mut Vm, string: Value) -> VmResult<Rc<str>> {
    let rstring = string.get::<RString>().expect("a String");
    let bytes = rstring.bytes();
    if let Some(last) = vm.regexp_state.last_text(bytes.as_slice()) {
        return Ok(last);
    }
    match std::str::from_utf8(&bytes) {
        Ok(text) => {
            let text: Rc<str> = Rc::from(text);
            vm.regexp_state.remember_text(text.clone());
            Ok(text)
        }
        Err(_) => {
            drop(bytes);
            Err(vm.argument_error("invalid byte sequence in UTF-8".into()))
        }
    }
}

/// The text a Regexp is matched against: a String's text, and whether it
/// is a binary String's bytes read as Latin-1 characters (one character
/// per byte, which the `\\xHH` escapes of an `n` Regexp match). The
/// engine's spans are offsets in `text`; [`Subject::original`] and
/// [`Subject::bytes`] give back the String's own.
pub struct Subject {
    pub text: Rc<str>,
    pub binary: bool,
    /// For a binary subject: the String's offset of each offset of
    /// `text` (made when first asked for).
    originals: std::cell::OnceCell<Vec<u32>>,
}

impl std::ops::Deref for Subject {
    type Target = Rc<str>;

    fn deref(&self) -> &Rc<str> {
        &self.text
    }
}

impl Subject {
    fn new(text: Rc<str>, binary: bool) -> Subject {
        Subject {
            text,
            binary,
            originals: std::cell::OnceCell::new(),
        }
    }

    /// The String's byte offset of `offset` (a character boundary) of
    /// `text`.
    pub fn original(&self, offset: usize) -> usize {
        if !self.binary {
            return offset;
        }
        let originals = self.originals.get_or_init(|| {
            let mut originals = Vec::with_capacity(self.text.len() + 1);
            let mut count = 0u32;
            for &byte in self.text.as_bytes() {
                originals.push(count);
                if byte & 0xc0 != 0x80 {
                    count += 1;
                }
            }
            // Past the last character: the end.
            originals.push(count);
            originals
        });
        let at = originals[offset];
        // `at` counts the characters before `offset`, each one byte.
        at as usize
    }

    /// The offset in `text` of the String's byte offset `original` (the
    /// inverse of [`Subject::original`]), if it is in the String and, for
    /// a String of a multi-byte encoding, on a character boundary.
    pub fn offset_of(&self, original: usize) -> Option<usize> {
        if !self.binary {
            return (original <= self.text.len() && self.text.is_char_boundary(original))
                .then_some(original);
        }
        self.text
            .char_indices()
            .map(|(offset, _)| offset)
            .chain(std::iter::once(self.text.len()))
            .nth(original)
    }

    /// The String's byte range of `start..end` of `text`.
    pub fn original_range(&self, (start, end): (usize, usize)) -> std::ops::Range<usize> {
        self.original(start)..self.original(end)
    }

    /// The String's bytes of `text[range]`.
    pub fn bytes(&self, range: std::ops::Range<usize>) -> Vec<u8> {
        if self.binary {
            latin1_bytes(&self.text[range])
        } else {
            self.text.as_bytes()[range].to_vec()
        }
    }
}

/// What a String is matched as by `regexp` (see [`Subject`]): a String
/// in a one-byte encoding with bytes past ASCII as Latin-1 text, any
/// other as its UTF-8 text. A non-ASCII String and a Regexp of another
/// encoding do not match: MRI's CompatibilityError.
pub fn match_subject(vm: &mut Vm, regexp: Value, string: Value) -> VmResult<Subject> {
    let rstring = string.get::<RString>().expect("a String");
    let encoding = rstring.encoding();
    let data = regexp_data(regexp).expect("a Regexp");
    let binary_regexp = data.options & FIXEDENCODING != 0 && data.options & NOENCODING != 0;
    if !encoding.is_single_byte() {
        // Only an `n` Regexp looks at a UTF-8 subject's bytes first.
        if data.options & NOENCODING != 0 && !rstring.bytes().is_ascii() {
            if binary_regexp {
                return Err(incompatible_match(vm, "ASCII-8BIT", encoding.name()));
            }
            if encoding.is_valid(&rstring.bytes()) {
                vm.warn("historical binary regexp match /.../n against UTF-8 string");
            }
        }
        return Ok(Subject::new(match_text(vm, string)?, false));
    }
    if encoding == crate::encoding::Encoding::UsAscii && !rstring.bytes().is_ascii() {
        return Err(vm.argument_error("invalid byte sequence in US-ASCII".into()));
    }
    let text: String = {
        let bytes = rstring.bytes();
        if bytes.is_ascii() {
            drop(bytes);
            return Ok(Subject::new(match_text(vm, string)?, false));
        }
        bytes.iter().map(|&b| b as char).collect()
    };
    if !binary_regexp && !data.source.is_ascii() {
        return Err(incompatible_match(vm, "UTF-8", encoding.name()));
    }
    Ok(Subject::new(Rc::from(text), true))
}

/// MRI's CompatibilityError of a Regexp and a String of encodings that
/// cannot match.
fn incompatible_match(vm: &mut Vm, regexp: &str, string: &str) -> crate::vm::Control {
    let class = vm.c.compatibility_error;
    vm.raise(
        class,
        format!("incompatible encoding regexp match ({regexp} regexp with {string} string)"),
    )
}

/// The bytes of Latin-1 `text` (what [`match_subject`] made of a binary
/// String's).
pub fn latin1_bytes(text: &str) -> Vec<u8> {
    text.chars().map(|c| c as u8).collect()
}

/// [`search`] of a text [`match_subject`] made.
pub fn search_subject(
    vm: &mut Vm,
    regexp: Value,
    subject: &Subject,
    from: usize,
) -> VmResult<Option<Spans>> {
    let data = regexp_data(regexp).expect("a Regexp");
    let found = data
        .search(&subject.text, from)
        .map_err(|m| vm.regexp_error(m))?;
    vm.record_subject_match(regexp, &subject.text, found.clone(), subject.binary);
    Ok(found)
}

/// Searches `regexp` in `text` from byte `from`, sets `$~`, and answers
/// the spans of the match.
pub fn search(vm: &mut Vm, regexp: Value, text: &Subject, from: usize) -> VmResult<Option<Spans>> {
    search_subject(vm, regexp, text, from)
}

/// The character index of byte `offset` of `text`.
pub fn char_index(text: &str, offset: usize) -> usize {
    if text.is_ascii() {
        return offset;
    }
    utf8_char_count(&text.as_bytes()[..offset])
}

/// The byte offset of character `index` of `text` (None past the end).
pub fn byte_offset(text: &str, index: usize) -> Option<usize> {
    if text.is_ascii() {
        return (index <= text.len()).then_some(index);
    }
    match text.char_indices().nth(index) {
        Some((offset, _)) => Some(offset),
        None => (index == text.chars().count()).then_some(text.len()),
    }
}

/// A position argument (`match(re, pos)`): a character index, negative
/// from the end; None when outside the string.
pub fn position(vm: &mut Vm, text: &str, pos: Value) -> VmResult<Option<usize>> {
    let pos = crate::core::array::to_long(vm, pos)?;
    let count = text.chars().count() as i64;
    let pos = if pos < 0 { pos + count } else { pos };
    if pos < 0 || pos > count {
        return Ok(None);
    }
    Ok(byte_offset(text, pos as usize))
}

// --- literals ----------------------------------------------------------------

/// The Regexp of a literal, compiled when its code is loaded (valid: the
/// program was checked with [`Vm::check_regexp_literals`] first). Frozen,
/// as MRI's.
pub fn literal(vm: &mut Vm, source: &[u8], options: u32) -> Value {
    let source = String::from_utf8_lossy(source);
    let data = vm
        .compile_regexp(&source, options)
        .expect("regexp literals are checked at load");
    let value = vm.regexp_value(data);
    value.header().expect("a Regexp").freeze();
    value
}

impl Vm {
    /// MRI reports an invalid Regexp literal when it compiles the file:
    /// every one, in source order, as `FILE:LINE: message: /source/`. (The
    /// valid ones are compiled for the load that follows.)
    pub fn check_regexp_literals(&mut self, code: &Method) -> Result<(), SyntaxError> {
        let mut literals = Vec::new();
        collect_literals(code, &mut literals);
        let mut errors = Vec::new();
        for (source, options, line) in literals {
            let message = match std::str::from_utf8(source) {
                Ok(source) => self.compile_regexp(source, options).err(),
                Err(_) => Some("invalid multibyte character".to_string()),
            };
            if let Some(message) = message {
                errors.push((line, message));
            }
        }
        if errors.is_empty() {
            return Ok(());
        }
        errors.sort_by_key(|(line, _)| *line);
        let line = errors[0].0;
        let report = errors
            .iter()
            .map(|(line, message)| format!("{}:{line}: {message}", code.file))
            .collect::<Vec<_>>()
            .join("\n");
        Err(SyntaxError { line, report })
    }
}

/// The Regexp literals of `code` and the methods it defines: source,
/// options and line.
fn collect_literals<'a>(code: &'a Method, literals: &mut Vec<(&'a [u8], u32, u32)>) {
    for literal in &code.literals {
        if let Literal::Regexp {
            source,
            options,
            line,
        } = literal
        {
            literals.push((source, *options, *line));
        }
    }
    for child in &code.children {
        collect_literals(child, literals);
    }
}

/// `toregexp`: the Regexp of an interpolated literal's text (frozen, as
/// every literal is).
pub fn from_interpolation(vm: &mut Vm, string: Value, options: u32) -> VmResult {
    let text = match_text(vm, string)?;
    let regexp = vm.new_regexp(&text, options)?;
    regexp.header().expect("a Regexp").freeze();
    Ok(regexp)
}

// --- match variables ---------------------------------------------------------

/// `getspecial`: `$~` or a part of it.
pub fn special(vm: &mut Vm, special: Special) -> Value {
    let last = vm.last_match();
    let Some(info) = last.get::<RMatch>().map(|m| &*m.data) else {
        return Value::NIL;
    };
    let span = match special {
        Special::LastMatch => return last,
        Special::Matched => info.spans[0],
        Special::PreMatch => info.spans[0].map(|(start, _)| (0, start)),
        Special::PostMatch => info.spans[0].map(|(_, end)| (end, info.text.len())),
        Special::LastGroup => info.spans[1..].iter().rev().find_map(|&s| s),
        Special::Group(n) => info.spans.get(n as usize).copied().flatten(),
    };
    match span {
        Some((start, end)) => info.string(vm, &info.text[start..end]),
        None => Value::NIL,
    }
}

/// `$~ = value`: a MatchData or nil, else TypeError.
pub fn assign_last_match(vm: &mut Vm, value: Value) -> VmResult<()> {
    if !value.is_nil() && value.get::<RMatch>().is_none() {
        let name = vm.special_or_class_name(value);
        return Err(vm.type_error(format!("wrong argument type {name} (expected MatchData)")));
    }
    vm.set_last_match(value);
    Ok(())
}

/// `String#inspect` of a slice of matched text.
fn inspect_text(text: &str) -> String {
    inspect_string(text.as_bytes())
}

/// The Array of the matched strings of `spans` in `text` (nil for a
/// group that did not take part); `binary` when `text` is a binary
/// String's bytes as Latin-1 ([`match_subject`]).
pub(crate) fn strings_of(
    vm: &mut Vm,
    text: &str,
    spans: &[Option<(usize, usize)>],
    binary: bool,
) -> Value {
    let result = vm.new_array(Vec::with_capacity(spans.len()));
    for span in spans {
        let value = match span {
            Some((start, end)) if binary => {
                let bytes = latin1_bytes(&text[*start..*end]);
                crate::core::string::new_string_in(vm, &bytes, crate::encoding::Encoding::Binary)
            }
            Some((start, end)) => vm.new_string(text.as_bytes()[*start..*end].to_vec()),
            None => Value::NIL,
        };
        result
            .get::<RArray>()
            .expect("an Array")
            .items_mut()
            .push(value);
    }
    result
}

// --- helpers of the bundled libraries ------------------------------------------

/// Private Kernel helpers for the libraries in `rb/lib/` that MRI writes
/// in C (`strscan`), hidden from backtraces: an error they raise is
/// reported from the library method that called them, as MRI reports it
/// from its C method.
///
/// - `__strscan_match(pattern, string, pos, head_only, fixed_anchor)`:
///   StringScanner's match at byte `pos` of `string`. A Regexp must match
///   at `pos` (`head_only`) or anywhere after it; without `fixed_anchor`
///   it sees only the rest of the string (`\A` and `^` match at `pos`, a
///   look-behind sees nothing before it), as MRI's `strscan` does. A
///   String pattern (`head_only` only, else TypeError) must be the bytes
///   at `pos`. Answers the byte offsets of the match and of each group,
///   flat (`[begin0, end0, begin1, end1, ...]`, nil for a group that did
///   not take part); when a Regexp does not match, how many registers
///   (groups and the match) it has, and nil when a String does not; `$~`
///   is not touched.
/// - `__string_value(object)`: MRI's `StringValue` (the String, or what
///   `to_str` gives, else TypeError).
/// - `__num2long(object)`: MRI's `NUM2LONG` (an Integer, a Float
///   truncated, or what `to_int` gives, else TypeError).
fn define_library_helpers(vm: &mut Vm) {
    let kernel = vm.c.kernel;
    vm.define_private_native(kernel, "__strscan_match", 5, Some(5), strscan_match);
    vm.define_private_native(kernel, "__string_value", 1, Some(1), string_value);
    vm.define_private_native(kernel, "__num2long", 1, Some(1), num2long);
    for name in ["__strscan_match", "__string_value", "__num2long"] {
        vm.set_native_frame(kernel, name, crate::method::NativeFrame::Hidden);
    }
}

/// `__string_value` (see [`define_library_helpers`]).
fn string_value(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    match crate::core::string::check_string(vm, args[0])? {
        Some(string) => Ok(string),
        None => {
            let name = vm.special_or_class_name(args[0]);
            Err(vm.type_error(format!("no implicit conversion of {name} into String")))
        }
    }
}

/// `__num2long` (see [`define_library_helpers`]).
fn num2long(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let n = crate::core::array::to_long(vm, args[0])?;
    Ok(vm.new_int(i128::from(n)))
}

/// `__strscan_match` (see [`define_library_helpers`]).
fn strscan_match(vm: &mut Vm, _: Value, args: &[Value]) -> VmResult {
    let (pattern, string) = (args[0], args[1]);
    let (head_only, fixed_anchor) = (args[3].truthy(), args[4].truthy());
    let Some(pos) = args[2].as_fixnum().and_then(|p| usize::try_from(p).ok()) else {
        return Err(vm.argument_error("invalid scan position".into()));
    };
    if string.get::<RString>().is_none() {
        let name = vm.special_or_class_name(string);
        return Err(vm.type_error(format!("wrong argument type {name} (expected String)")));
    }
    if is_regexp(pattern) {
        let data = checked(vm, pattern)?;
        // A binary String is matched as its bytes (see [`Subject`]).
        let subject = match_subject(vm, pattern, string)?;
        let Some(pos) = subject.offset_of(pos) else {
            return Ok(Value::small(data.groups as i64 + 1));
        };
        let text = &subject.text;
        let found = match (fixed_anchor, head_only) {
            (true, true) => data.match_at(text, pos),
            (true, false) => data.search(text, pos),
            (false, true) => data.match_at(&text[pos..], 0).map(|f| shifted(f, pos)),
            (false, false) => data.search(&text[pos..], 0).map(|f| shifted(f, pos)),
        }
        .map_err(|m| vm.regexp_error(m))?;
        let Some(spans) = found else {
            return Ok(Value::small(data.groups as i64 + 1));
        };
        let offsets = spans
            .iter()
            .flat_map(|span| match span {
                Some(span) => {
                    let range = subject.original_range(*span);
                    [
                        Value::small(range.start as i64),
                        Value::small(range.end as i64),
                    ]
                }
                None => [Value::NIL, Value::NIL],
            })
            .collect();
        return Ok(vm.new_array(offsets));
    }
    if !head_only {
        let name = vm.special_or_class_name(pattern);
        return Err(vm.type_error(format!("wrong argument type {name} (expected Regexp)")));
    }
    let wanted = crate::core::string::expect_string(vm, pattern)?;
    let subject = string.get::<RString>().expect("a String").bytes();
    let matches = subject
        .get(pos..)
        .is_some_and(|rest| rest.starts_with(&wanted));
    drop(subject);
    if !matches {
        return Ok(Value::NIL);
    }
    let end = pos + wanted.len();
    Ok(vm.new_array(vec![Value::small(pos as i64), Value::small(end as i64)]))
}

/// Spans found in the rest of a string from byte `by`, as offsets in the
/// whole string.
fn shifted(found: Option<Spans>, by: usize) -> Option<Spans> {
    found.map(|spans| {
        spans
            .into_iter()
            .map(|span| span.map(|(start, end)| (start + by, end + by)))
            .collect()
    })
}
