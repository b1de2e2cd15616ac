//! The regular-expression engine behind Regexp: a pattern in Ruby's
//! syntax compiled for fancy-regex ([`RegexpData`]), and what a match
//! leaves ([`MatchInfo`]). The Ruby side (Regexp and MatchData methods,
//! `$~`, the cache of compiled patterns) is the core library's
//! (`crate::core::regexp`).
//!
//! fancy-regex is a backtracking engine in pure Rust that delegates what it
//! can to the `regex` crate's automata. Ruby's patterns are Onigmo's;
//! [`translate`] rewrites the places where the two read a pattern
//! differently, and reports the errors MRI reports, in MRI's words:
//!
//! ```text
//! RegexpData::new("\\d+(?<n>x)", 0) -> pattern "[0-9]+(x)", names [n => 1]
//! RegexpData::new("(", 0)       -> Err("end pattern with unmatched parenthesis: /(/")
//! ```

pub mod translate;

use crate::value::Value;
use fxhash::FxHashMap;
use std::rc::Rc;

/// Ruby's option bits.
pub const IGNORECASE: u32 = 1;
pub const EXTENDED: u32 = 2;
pub const MULTILINE: u32 = 4;
pub const FIXEDENCODING: u32 = 16;
pub const NOENCODING: u32 = 32;

/// How many steps the engine may backtrack before giving up on a match.
const BACKTRACK_LIMIT: usize = 100_000_000;

/// A compiled pattern.
pub struct RegexpData {
    /// The pattern as written (`source`).
    pub source: String,
    pub options: u32,
    regex: fancy_regex::Regex,
    /// Group names in the order they appear, each with its groups.
    pub names: translate::Names,
    /// How many groups capture.
    pub groups: usize,
}

/// The byte span of a match and of each group (None: did not take part).
pub type Spans = Vec<Option<(usize, usize)>>;

impl RegexpData {
    /// Compiles `source`, or answers MRI's RegexpError message.
    pub fn new(source: &str, options: u32) -> Result<RegexpData, String> {
        let describe = |message: &str| {
            let mut text = format!("{message}: /");
            push_source(&mut text, source, true);
            text.push('/');
            text.push_str(&option_letters(options));
            text
        };
        let translation = translate::translate(source, options).map_err(|m| describe(&m))?;
        let regex = fancy_regex::RegexBuilder::new(&translation.pattern)
            .case_insensitive(options & IGNORECASE != 0)
            .dot_matches_new_line(options & MULTILINE != 0)
            .multi_line(true)
            .oniguruma_mode(true)
            .backtrack_limit(BACKTRACK_LIMIT)
            .build()
            .map_err(|error| describe(&engine_message(&error)))?;
        let options = if translation.binary {
            options | FIXEDENCODING
        } else {
            options
        };
        Ok(RegexpData {
            source: source.to_string(),
            options,
            regex,
            names: translation.names,
            groups: translation.groups,
        })
    }

    /// The first match in `text` at or after byte `from`.
    pub fn search(&self, text: &str, from: usize) -> Result<Option<Spans>, String> {
        if from > text.len() {
            return Ok(None);
        }
        let captures = self
            .regex
            .captures_from_pos(text, from)
            .map_err(|e| engine_message(&e))?;
        Ok(captures.map(|captures| {
            (0..=self.groups)
                .map(|i| captures.get(i).map(|m| (m.start(), m.end())))
                .collect()
        }))
    }

    /// A match starting exactly at byte `at`.
    pub fn match_at(&self, text: &str, at: usize) -> Result<Option<Spans>, String> {
        if at > text.len() {
            return Ok(None);
        }
        let input = fancy_regex::RegexInput::new(text)
            .from_pos(at)
            .anchored(true);
        let captures = self
            .regex
            .captures_input(input)
            .map_err(|e| engine_message(&e))?;
        Ok(captures.map(|captures| {
            (0..=self.groups)
                .map(|i| captures.get(i).map(|m| (m.start(), m.end())))
                .collect()
        }))
    }

    /// Whether there is a match at or after byte `from`.
    pub fn is_match_from(&self, text: &str, from: usize) -> Result<bool, String> {
        if from > text.len() {
            return Ok(false);
        }
        self.regex
            .find_from_pos(text, from)
            .map(|m| m.is_some())
            .map_err(|e| engine_message(&e))
    }

    /// The number of the group named `name` that took part in a match
    /// (the last of them when several groups share the name), or of its
    /// last group when none did; None for an unknown name.
    pub fn group_named(&self, name: &str, spans: &Spans) -> Option<usize> {
        let (_, groups) = self.names.iter().find(|(n, _)| n == name)?;
        groups
            .iter()
            .rev()
            .find(|&&g| spans.get(g).is_some_and(|s| s.is_some()))
            .or(groups.last())
            .copied()
    }
}

/// MRI's `rb_reg_expr_str`: the source as it is unless it has a `/` or an
/// unprintable ASCII character; then `/` is escaped, control characters
/// other than whitespace are `\xHH`, and (for `inspect`, `unicode`) the
/// other non-ASCII characters `\uHHHH`.
pub fn push_source(out: &mut String, source: &str, unicode: bool) {
    let printable = |c: char| (' '..='~').contains(&c);
    if !source
        .chars()
        .any(|c| c == '/' || (c.is_ascii() && !printable(c)))
    {
        out.push_str(source);
        return;
    }
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                if let Some(next) = chars.next() {
                    out.push(next);
                }
            }
            '/' => out.push_str("\\/"),
            c if !c.is_ascii() && unicode => {
                let code = c as u32;
                if code < 0x10000 {
                    out.push_str(&format!("\\u{code:04X}"));
                } else {
                    out.push_str(&format!("\\u{{{code:X}}}"));
                }
            }
            c if !c.is_ascii() || printable(c) => out.push(c),
            '\t' | '\n' | '\x0b' | '\x0c' | '\r' => out.push(c),
            c => out.push_str(&format!("\\x{:02X}", c as u32)),
        }
    }
}

/// The engine's description of an error (the Rust engine's own words for
/// what the translation layer does not catch).
fn engine_message(error: &fancy_regex::Error) -> String {
    match error {
        fancy_regex::Error::RuntimeError(_) => {
            "regexp match exceeded the backtracking limit".into()
        }
        other => other.to_string(),
    }
}

/// `mix` letters of the options set (`inspect`, error messages), `n` for
/// NOENCODING.
pub fn option_letters(options: u32) -> String {
    let mut letters = String::new();
    for (bit, letter) in [(MULTILINE, 'm'), (IGNORECASE, 'i'), (EXTENDED, 'x')] {
        if options & bit != 0 {
            letters.push(letter);
        }
    }
    if options & NOENCODING != 0 {
        letters.push('n');
    }
    letters
}

/// What a MatchData holds.
pub struct MatchInfo {
    /// The Regexp that matched (`regexp`).
    pub regexp: Value,
    pub data: Rc<RegexpData>,
    /// The string matched against, as it was.
    pub text: Rc<str>,
    /// The byte span of the match (index 0) and of each group; None for a
    /// group that did not take part.
    pub spans: Spans,
    /// Whether `text` is a binary String's bytes as Latin-1 characters
    /// (`regexp::match_subject`): the Strings made of it are those bytes,
    /// in ASCII-8BIT.
    pub binary: bool,
}

/// How many compiled patterns the VM keeps for reuse (it starts afresh
/// past that).
const REGEXP_CACHE_SIZE: usize = 1024;

/// What the VM keeps between matches.
#[derive(Default)]
pub struct PatternCache {
    /// Compiled patterns by source, each with its options.
    compiled: FxHashMap<Box<str>, Vec<(u32, Rc<RegexpData>)>>,
    /// The text last matched against: matching the same text again (a
    /// loop of `index(re, pos)` over one long String) shares it instead of
    /// copying it again.
    last_text: Option<Rc<str>>,
}

impl PatternCache {
    /// The compiled pattern of `source` with `options`: patterns are
    /// compiled once and shared (a pattern is immutable), so that
    /// `/#{word}/` in a loop compiles each word once.
    pub fn compile(&mut self, source: &str, options: u32) -> Result<Rc<RegexpData>, String> {
        let compiled = &mut self.compiled;
        if let Some(data) = compiled.get(source).and_then(|found| {
            found
                .iter()
                .find(|(o, _)| *o == options)
                .map(|(_, data)| data.clone())
        }) {
            return Ok(data);
        }
        let data = Rc::new(RegexpData::new(source, options)?);
        if compiled.len() >= REGEXP_CACHE_SIZE {
            compiled.clear();
        }
        compiled
            .entry(source.into())
            .or_default()
            .push((options, data.clone()));
        Ok(data)
    }

    /// The text last matched against, when its bytes are `bytes`.
    pub fn last_text(&self, bytes: &[u8]) -> Option<Rc<str>> {
        self.last_text
            .as_ref()
            .filter(|last| last.as_bytes() == bytes)
            .cloned()
    }

    pub fn remember_text(&mut self, text: Rc<str>) {
        self.last_text = Some(text);
    }
}
