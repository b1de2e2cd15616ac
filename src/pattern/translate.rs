//! Ruby's pattern syntax (Onigmo's) rewritten for fancy-regex.
//!
//! fancy-regex reads most of a Ruby pattern as Onigmo does once its
//! Oniguruma mode is on (multi-line `^`, `\A`, `\z`, `\G`, `\K`,
//! lookaround, atomic groups, possessive quantifiers, subroutine calls).
//! What differs is rewritten here, in one pass over the pattern:
//!
//! | Ruby | written as | why |
//! | --- | --- | --- |
//! | `\d \s \w \h` (and negations) | ASCII classes | Ruby's are ASCII-only; the Rust engine's are Unicode |
//! | `[[:alpha:]]`, `\p{Alpha}` | Unicode properties | Ruby's POSIX classes are Unicode; the Rust engine's are ASCII |
//! | `\Z` | `(?=\n?\z)` | only one final newline may follow |
//! | `(?m)`, `/m` | `(?s)`, dot-all | Ruby's `m` is the Rust engine's `s`; `^`/`$` always work per line |
//! | `(?x)`, `/x` | whitespace and comments dropped | Ruby keeps spaces inside `[...]` |
//! | `(?<name>..)` | `(..)`, names kept aside | Ruby allows a name twice; `\k<name>` becomes `\k<n>` |
//! | `(..)` when names exist | `(?:..)` | Ruby does not capture unnamed groups then |
//! | `a{,3}`, `a{1}+`, a `{` that is no interval | `a{0,3}`, `(?:a{1})+`, `\{` | Onigmo's interval rules |
//! | `\0`, `\012`, `\cA`, `\C-a`, `\e` | the character | escapes the Rust engine lacks |
//!
//! The pass also finds the errors MRI reports with its own words ("end
//! pattern with unmatched parenthesis", "target of repeat operator is not
//! specified"...); anything else the Rust engine rejects keeps the engine's
//! message.

/// Group names in the order they appear, each with the numbers of the
/// groups that have it.
pub type Names = Vec<(String, Vec<usize>)>;

/// A pattern ready for fancy-regex, with what Ruby knows about its groups.
pub struct Translation {
    pub pattern: String,
    pub names: Names,
    /// How many groups capture.
    pub groups: usize,
    /// Whether a `\\xHH` escape of a byte past ASCII was read under the
    /// `n` flag (the Regexp is then ASCII-8BIT, MRI's fixed encoding).
    pub binary: bool,
}

/// Rewrites `source` (with Ruby's option bits, of which `x` matters here),
/// or answers MRI's description of what is wrong with it.
pub fn translate(source: &str, options: u32) -> Result<Translation, String> {
    // A first pass finds the named groups: they decide whether plain
    // groups capture, and `\k<name>` may come before its group.
    let mut survey = Translator::new(source, options, None);
    survey.run()?;
    let mut translator = Translator::new(source, options, Some((survey.names, survey.groups)));
    translator.run()?;
    Ok(Translation {
        pattern: translator.out,
        names: translator.names,
        groups: translator.groups,
        binary: translator.high_byte,
    })
}

/// A group being read.
struct Group {
    /// The `extended` flag to restore when it closes.
    extended: bool,
    /// Where it starts in the output.
    start: usize,
    lookaround: bool,
    /// A lookbehind: what it holds must have a fixed length.
    lookbehind: bool,
    /// Opened by `(?i)` and the like: it runs to the end of the enclosing
    /// group.
    implicit: bool,
}

/// Option bit of `/x`.
const EXTENDED: u32 = 2;

struct Translator {
    chars: Vec<char>,
    pos: usize,
    out: String,
    /// Whether whitespace and `#` comments are ignored here.
    extended: bool,
    /// The groups open here, innermost last.
    open: Vec<Group>,
    /// Where the last thing a quantifier could apply to starts in `out`
    /// (None at the start of an alternative: nothing to repeat).
    atom: Option<usize>,
    /// Whether that atom is an anchor or a lookaround (zero-width).
    zero_width: bool,
    names: Names,
    groups: usize,
    /// What the survey pass found: every name and the number of groups.
    known: Option<(Names, usize)>,
    /// Whether the pattern has the `n` flag: a `\\xHH` escape past ASCII
    /// is then a byte, matched as the character U+00HH of the Latin-1
    /// text a binary String is matched as (see `regexp.rs`).
    bytes: bool,
    /// Whether such an escape was read (the Regexp is then ASCII-8BIT).
    high_byte: bool,
    /// The first error Onigmo finds only once the whole pattern parsed (a
    /// bad back reference number, a lookbehind of variable length):
    /// reported if nothing else is wrong.
    deferred: Option<String>,
}

impl Translator {
    fn new(source: &str, options: u32, known: Option<(Names, usize)>) -> Translator {
        Translator {
            chars: source.chars().collect(),
            pos: 0,
            out: String::with_capacity(source.len() + 8),
            extended: options & EXTENDED != 0,
            open: Vec::new(),
            atom: None,
            zero_width: false,
            names: Vec::new(),
            groups: 0,
            known,
            bytes: options & super::NOENCODING != 0,
            high_byte: false,
            deferred: None,
        }
    }

    /// Records an error found after parsing, in Onigmo's terms.
    fn defer(&mut self, message: &str) {
        if self.deferred.is_none() {
            self.deferred = Some(message.to_string());
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Whether named groups make plain groups non-capturing.
    fn has_names(&self) -> bool {
        self.known
            .as_ref()
            .is_some_and(|(names, _)| !names.is_empty())
    }

    /// Starts a new atom at the end of the output.
    fn begin_atom(&mut self) {
        self.atom = Some(self.out.len());
        self.zero_width = false;
    }

    /// A quantifier of variable count: an error in a lookbehind.
    fn fixed_length_only(&mut self) {
        if self.open.iter().any(|group| group.lookbehind) {
            self.defer("invalid pattern in look-behind");
        }
    }

    /// A quantifier after an anchor or a lookaround, which Onigmo accepts
    /// and the Rust engine does not: repeating a zero-width assertion is
    /// the assertion itself, or nothing when it may occur zero times.
    /// Answers whether it was one (then nothing more is emitted).
    fn repeat_zero_width(&mut self, may_be_zero: bool) -> bool {
        if !self.zero_width {
            return false;
        }
        if may_be_zero {
            let start = self.atom.expect("an atom");
            self.out.truncate(start);
        }
        while matches!(self.peek(), Some('?' | '+')) {
            self.pos += 1;
        }
        true
    }

    fn run(&mut self) -> Result<(), String> {
        while let Some(c) = self.next() {
            match c {
                '\\' => self.escape()?,
                '(' => self.open_group()?,
                ')' => {
                    self.close_implicit_groups();
                    let group = self
                        .open
                        .pop()
                        .ok_or("unmatched close parenthesis".to_string())?;
                    self.extended = group.extended;
                    self.out.push(')');
                    self.atom = Some(group.start);
                    self.zero_width = group.lookaround;
                }
                '[' => {
                    self.begin_atom();
                    self.class()?;
                }
                '*' | '+' | '?' => {
                    if self.atom.is_none() {
                        return Err("target of repeat operator is not specified".into());
                    }
                    self.fixed_length_only();
                    if !self.repeat_zero_width(c != '+') {
                        self.out.push(c);
                    }
                }
                '{' => self.interval()?,
                '|' => {
                    self.out.push('|');
                    self.atom = None;
                }
                '#' if self.extended => {
                    while let Some(c) = self.next() {
                        if c == '\n' {
                            break;
                        }
                    }
                }
                c if self.extended && is_space(c) => {}
                '^' | '$' | '.' => {
                    self.begin_atom();
                    self.out.push(c);
                    self.zero_width = c != '.';
                }
                c => {
                    self.begin_atom();
                    push_literal(&mut self.out, c);
                }
            }
        }
        self.close_implicit_groups();
        if !self.open.is_empty() {
            return Err("end pattern with unmatched parenthesis".into());
        }
        match self.deferred.take() {
            Some(message) => Err(message),
            None => Ok(()),
        }
    }

    // --- groups ---------------------------------------------------------

    fn open_group(&mut self) -> Result<(), String> {
        let start = self.out.len();
        if !self.eat('?') {
            if self.has_names() {
                self.out.push_str("(?:");
            } else {
                self.groups += 1;
                self.out.push('(');
            }
            return self.entered(start, self.extended);
        }
        let Some(c) = self.next() else {
            return Err("end pattern in group".into());
        };
        match c {
            '#' => {
                // A comment: nothing is emitted, and what came before can
                // still be repeated.
                while let Some(c) = self.next() {
                    if c == ')' {
                        return Ok(());
                    }
                }
                Err("end pattern in group".into())
            }
            ':' | '=' | '!' | '>' | '~' => {
                self.out.push_str("(?");
                self.out.push(c);
                self.entered(start, self.extended)
            }
            '<' if matches!(self.peek(), Some('=' | '!')) => {
                let kind = self.next().expect("peeked");
                self.out.push_str("(?<");
                self.out.push(kind);
                self.entered(start, self.extended)
            }
            '<' | '\'' => {
                let close = if c == '<' { '>' } else { '\'' };
                let name = self.group_name(close)?;
                self.groups += 1;
                let group = self.groups;
                match self.names.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, groups)) => groups.push(group),
                    None => self.names.push((name, vec![group])),
                }
                self.out.push('(');
                self.entered(start, self.extended)
            }
            '(' => {
                // A conditional: `(?(1)yes|no)`, `(?(<name>)yes|no)`.
                let mut condition = String::new();
                loop {
                    match self.next() {
                        Some(')') => break,
                        Some(c) => condition.push(c),
                        None => return Err("invalid conditional pattern".into()),
                    }
                }
                // A group number, or a name in <> or ''.
                let name = condition
                    .strip_prefix('<')
                    .and_then(|c| c.strip_suffix('>'))
                    .or_else(|| {
                        condition
                            .strip_prefix('\'')
                            .and_then(|c| c.strip_suffix('\''))
                    });
                let number = match (condition.parse::<usize>(), name) {
                    (Ok(n), _) => n,
                    (_, Some(name))
                        if !name.is_empty()
                            && name.chars().all(|c| c.is_alphanumeric() || c == '_') =>
                    {
                        match name.parse::<usize>() {
                            Ok(n) => n,
                            Err(_) => self.group_anywhere(name)?,
                        }
                    }
                    _ => return Err("invalid conditional pattern".into()),
                };
                self.out.push_str(&format!("(?({number})"));
                self.entered(start, self.extended)
            }
            _ => {
                self.pos -= 1;
                self.options_group(start)
            }
        }
    }

    /// Closes the groups `(?i)` and the like opened in the group being
    /// closed.
    fn close_implicit_groups(&mut self) {
        while self.open.last().is_some_and(|group| group.implicit) {
            let group = self.open.pop().expect("an open group");
            self.extended = group.extended;
            self.out.push(')');
        }
    }

    /// After the opening of a group: it is open, nothing in it repeats yet.
    fn entered(&mut self, start: usize, restore: bool) -> Result<(), String> {
        let opening = &self.out[start..];
        let lookbehind = opening.starts_with("(?<=") || opening.starts_with("(?<!");
        let lookaround = lookbehind || opening.starts_with("(?=") || opening.starts_with("(?!");
        self.open.push(Group {
            extended: restore,
            start,
            lookaround,
            lookbehind,
            implicit: false,
        });
        self.atom = None;
        Ok(())
    }

    /// `(?imx-imx)` (for the rest of the enclosing group) or
    /// `(?imx-imx:...)`.
    fn options_group(&mut self, start: usize) -> Result<(), String> {
        let (mut on, mut off) = (String::new(), String::new());
        let mut negative = false;
        let mut extended = self.extended;
        loop {
            match self.next() {
                Some('-') if !negative => negative = true,
                Some(flag @ ('i' | 'm' | 'x')) => {
                    let rust = match flag {
                        'i' => Some('i'),
                        'm' => Some('s'),
                        _ => {
                            extended = !negative;
                            None
                        }
                    };
                    if let Some(rust) = rust {
                        if negative {
                            off.push(rust);
                        } else {
                            on.push(rust);
                        }
                    }
                }
                Some(end @ (')' | ':')) => {
                    let flags = match (on.is_empty(), off.is_empty()) {
                        (true, true) => String::new(),
                        (_, true) => on,
                        _ => format!("{on}-{off}"),
                    };
                    self.out.push_str(&format!("(?{flags}:"));
                    if end == ')' {
                        // Onigmo reads `a(?i)b|c` as `a(?i:b|c)`: the
                        // options open a group that ends with the
                        // enclosing one.
                        self.open.push(Group {
                            extended: self.extended,
                            start,
                            lookaround: false,
                            lookbehind: false,
                            implicit: true,
                        });
                        self.extended = extended;
                        self.atom = None;
                        return Ok(());
                    }
                    let restore = self.extended;
                    self.extended = extended;
                    return self.entered(start, restore);
                }
                Some(_) => return Err("undefined group option".into()),
                None => return Err("end pattern in group".into()),
            }
        }
    }

    /// The name of a named group, up to `close`.
    fn group_name(&mut self, close: char) -> Result<String, String> {
        let mut name = String::new();
        loop {
            match self.next() {
                Some(c) if c == close => break,
                Some(c) => name.push(c),
                None => return Err(format!("invalid group name <{name}>")),
            }
        }
        if name.is_empty() {
            return Err("group name is empty".into());
        }
        let mut chars = name.chars();
        let first = chars.next().expect("not empty");
        let valid = (first.is_alphabetic() || first == '_' || !first.is_ascii())
            && chars.all(|c| c.is_alphanumeric() || c == '_' || !c.is_ascii());
        if !valid {
            return Err(format!("invalid group name <{name}>"));
        }
        Ok(name)
    }

    /// The groups named `name` so far (a back reference looks back).
    fn groups_before(&self, name: &str) -> Result<Vec<usize>, String> {
        self.names
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, groups)| groups.clone())
            .ok_or_else(|| format!("undefined name <{name}> reference"))
    }

    /// The last group named `name` anywhere in the pattern (a subroutine
    /// call or a condition may look ahead; the survey knows them all).
    fn group_anywhere(&self, name: &str) -> Result<usize, String> {
        let Some((names, _)) = &self.known else {
            return Ok(0);
        };
        names
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, groups)| groups.last().copied())
            .ok_or_else(|| format!("undefined name <{name}> reference"))
    }

    // --- quantifiers ------------------------------------------------------

    /// `{n}`, `{n,}`, `{,m}`, `{n,m}`: an interval, or else a literal `{`.
    fn interval(&mut self) -> Result<(), String> {
        let rest: String = self.chars[self.pos..].iter().take(24).collect();
        let Some(close) = rest.find('}') else {
            self.begin_atom();
            self.out.push_str("\\{");
            return Ok(());
        };
        let body = &rest[..close];
        let parse = |text: &str| -> Option<Option<u64>> {
            if text.is_empty() {
                return Some(None);
            }
            if text.bytes().all(|b| b.is_ascii_digit()) {
                return text.parse().ok().map(Some);
            }
            None
        };
        let bounds = match body.split_once(',') {
            None => parse(body).and_then(|n| n.map(|n| (n, Some(n)))),
            Some((low, high)) => match (parse(low), parse(high)) {
                (Some(None), Some(None)) => None,
                (Some(low), Some(high)) => Some((low.unwrap_or(0), high)),
                _ => None,
            },
        };
        let Some((low, high)) = bounds else {
            self.begin_atom();
            self.out.push_str("\\{");
            return Ok(());
        };
        let Some(atom) = self.atom else {
            return Err("target of repeat operator is not specified".into());
        };
        if low > 100_000 || high.is_some_and(|h| h > 100_000) {
            return Err("too big number for repeat range".into());
        }
        if high.is_some_and(|high| high < low) {
            return Err("upper is smaller than lower in repeat range".into());
        }
        self.pos += close + 1;
        if high != Some(low) {
            self.fixed_length_only();
        }
        if self.repeat_zero_width(low == 0) {
            return Ok(());
        }
        let interval = match high {
            Some(high) if high == low => format!("{{{low}}}"),
            Some(high) => format!("{{{low},{high}}}"),
            None => format!("{{{low},}}"),
        };
        if self.peek() == Some('+') || (high == Some(low) && self.peek() == Some('?')) {
            // `a{2}+` repeats `a{2}`: an interval is never possessive in
            // Ruby; and `a{2}?` is an optional `a{2}`, not a lazy one.
            self.out.insert_str(atom, "(?:");
            self.out.push_str(&interval);
            self.out.push(')');
        } else {
            self.out.push_str(&interval);
        }
        Ok(())
    }

    // --- escapes ----------------------------------------------------------

    fn escape(&mut self) -> Result<(), String> {
        let Some(c) = self.next() else {
            return Err("too short escape sequence".into());
        };
        self.begin_atom();
        match c {
            'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'h' | 'H' => {
                let (items, negated) = class_escape(c);
                self.out.push('[');
                if negated {
                    self.out.push('^');
                }
                self.out.push_str(items);
                self.out.push(']');
            }
            'A' | 'z' | 'b' | 'B' | 'G' => {
                self.out.push('\\');
                self.out.push(c);
                self.zero_width = true;
            }
            'K' | 'R' | 'N' | 'O' => {
                self.out.push('\\');
                self.out.push(c);
            }
            'Z' => {
                self.out.push_str("(?=\\n?\\z)");
                self.zero_width = true;
            }
            // An extended grapheme cluster, near enough: a character and
            // the marks combining with it.
            'X' => self.out.push_str("(?>\\r\\n|\\P{M}\\p{M}*)"),
            'u' if self.peek() == Some('{') => {
                // `\u{61 62}`: several characters.
                self.pos += 1;
                let mut code = String::new();
                loop {
                    match self.next() {
                        Some(c) if c.is_ascii_hexdigit() => code.push(c),
                        Some(end @ (' ' | '}')) if !code.is_empty() => {
                            let value = u32::from_str_radix(&code, 16).unwrap_or(u32::MAX);
                            let ch = char::from_u32(value)
                                .ok_or_else(|| "invalid Unicode range".to_string())?;
                            self.begin_atom();
                            push_literal(&mut self.out, ch);
                            code.clear();
                            if end == '}' {
                                break;
                            }
                        }
                        Some(' ') => {}
                        _ => return Err("invalid Unicode list".into()),
                    }
                }
            }
            'k' => self.backref()?,
            'g' if matches!(self.peek(), Some('<' | '\'')) => self.subroutine()?,
            'p' | 'P' => {
                let items = self.property(c == 'P')?;
                self.out.push_str(&items);
            }
            '1'..='9' => self.numbered_backref(c)?,
            _ => {
                let ch = self.escaped_char(c)?;
                push_literal(&mut self.out, ch);
            }
        }
        Ok(())
    }

    /// The character an escape other than a class, anchor or reference
    /// stands for (`c` follows the backslash).
    fn escaped_char(&mut self, c: char) -> Result<char, String> {
        Ok(match c {
            't' => '\t',
            'n' => '\n',
            'r' => '\r',
            'f' => '\x0c',
            'v' => '\x0b',
            'a' => '\x07',
            'e' => '\x1b',
            '0' => {
                let mut code = 0;
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ '0'..='7') => {
                            code = code * 8 + d.to_digit(8).expect("octal");
                            self.pos += 1;
                        }
                        _ => break,
                    }
                }
                char::from_u32(code).expect("an ASCII code")
            }
            'x' => self.hex_escape()?,
            'u' => self.unicode_escape()?,
            'c' => self.control(self.peek())?,
            'C' => {
                if !self.eat('-') {
                    return Err("invalid control-code syntax".into());
                }
                self.control(self.peek())?
            }
            'M' => return Err("too short escaped multibyte character".into()),
            other => other,
        })
    }

    /// `\cX`, `\C-X`: the control character of X.
    fn control(&mut self, target: Option<char>) -> Result<char, String> {
        if target == Some('\\') {
            // Only an escaped backslash may follow (`\c\\`).
            return match self.peek_at(1) {
                Some('\\') => {
                    self.pos += 2;
                    Ok('\x1c')
                }
                None => Err("too short escape sequence".into()),
                Some('M') => Err("invalid multibyte escape".into()),
                Some(_) => Err("unexpected escape sequence".into()),
            };
        }
        match target {
            Some(c) if c.is_ascii() => {
                self.pos += 1;
                let code = if c == '?' { 0x7f } else { c as u32 & 0x1f };
                Ok(char::from_u32(code).expect("ASCII"))
            }
            _ => Err("too short control escape".into()),
        }
    }

    /// `\xHH` (one or two digits), and a run of them spelling one UTF-8
    /// character.
    fn hex_escape(&mut self) -> Result<char, String> {
        let first = self.hex_byte()?;
        if self.bytes && first >= 0x80 {
            self.high_byte = true;
            return Ok(first as char);
        }
        let length = match first {
            0x00..=0x7f => return Ok(first as char),
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return Err("invalid multibyte escape".into()),
        };
        let mut bytes = vec![first];
        while bytes.len() < length {
            if self.peek() != Some('\\') || self.peek_at(1) != Some('x') {
                return Err("too short escaped multibyte character".into());
            }
            self.pos += 2;
            let byte = self.hex_byte()?;
            if byte & 0xc0 != 0x80 {
                return Err("invalid multibyte escape".into());
            }
            bytes.push(byte);
        }
        match std::str::from_utf8(&bytes) {
            Ok(text) => Ok(text.chars().next().expect("one character")),
            Err(_) => Err("invalid multibyte escape".into()),
        }
    }

    fn hex_byte(&mut self) -> Result<u8, String> {
        let mut value = 0u32;
        let mut digits = 0;
        while digits < 2 {
            match self.peek().and_then(|c| c.to_digit(16)) {
                Some(d) => {
                    value = value * 16 + d;
                    digits += 1;
                    self.pos += 1;
                }
                None => break,
            }
        }
        if digits == 0 {
            return Err("invalid hex escape".into());
        }
        Ok(value as u8)
    }

    /// `\uHHHH` or `\u{H..}`.
    fn unicode_escape(&mut self) -> Result<char, String> {
        let braced = self.eat('{');
        let mut value = 0u32;
        let mut digits = 0;
        loop {
            match self.peek() {
                Some('}') if braced && digits > 0 => {
                    self.pos += 1;
                    break;
                }
                Some(c) if c.is_ascii_hexdigit() && (braced || digits < 4) => {
                    value = value.saturating_mul(16) + c.to_digit(16).expect("hex");
                    digits += 1;
                    self.pos += 1;
                    if !braced && digits == 4 {
                        break;
                    }
                }
                _ => return Err("invalid Unicode escape".into()),
            }
        }
        char::from_u32(value).ok_or_else(|| "invalid Unicode range".to_string())
    }

    /// `\1`..`\9` and longer numbers: a back reference, or an octal
    /// character code when there are not that many groups.
    fn numbered_backref(&mut self, first: char) -> Result<(), String> {
        let start = self.pos - 1;
        let mut digits = first.to_string();
        while let Some(d @ '0'..='9') = self.peek() {
            digits.push(d);
            self.pos += 1;
        }
        let number: usize = digits.parse().unwrap_or(usize::MAX);
        let Some(&(_, groups)) = self.known.as_ref() else {
            return Ok(());
        };
        if self.has_names() {
            self.defer("numbered backref/call is not allowed. (use name)");
            return Ok(());
        }
        if number <= groups {
            self.out.push_str(&format!("\\k<{number}>"));
            return Ok(());
        }
        if number < 10 || !digits.starts_with(|c: char| c.is_digit(8)) {
            self.defer("invalid backref number/name");
            return Ok(());
        }
        // An octal code: up to three octal digits, the rest literal.
        self.pos = start;
        let mut code = 0;
        for _ in 0..3 {
            match self.peek() {
                Some(d @ '0'..='7') => {
                    code = code * 8 + d.to_digit(8).expect("octal");
                    self.pos += 1;
                }
                _ => break,
            }
        }
        push_literal(&mut self.out, char::from_u32(code).expect("below 512"));
        Ok(())
    }

    /// `\k<name>`, `\k'name'`, `\k<n>`.
    fn backref(&mut self) -> Result<(), String> {
        let close = match self.next() {
            Some('<') => '>',
            Some('\'') => '\'',
            _ => return Err("invalid backref number/name".into()),
        };
        let mut name = String::new();
        loop {
            match self.next() {
                Some(c) if c == close => break,
                Some(c) => name.push(c),
                None => return Err("invalid backref number/name".into()),
            }
        }
        if name.is_empty() {
            return Err("group name is empty".into());
        }
        if let Ok(number) = name.parse::<usize>() {
            if let Some(&(_, groups)) = self.known.as_ref() {
                if self.has_names() {
                    self.defer("numbered backref/call is not allowed. (use name)");
                } else if number == 0 || number > groups {
                    self.defer("invalid backref number/name");
                }
            }
            self.out.push_str(&format!("\\k<{number}>"));
            return Ok(());
        }
        let groups = self.groups_before(&name)?;
        // A name used twice refers to whichever of its groups matched,
        // the last one first.
        let references: Vec<String> = groups.iter().rev().map(|g| format!("\\k<{g}>")).collect();
        if references.len() == 1 {
            self.out.push_str(&references[0]);
        } else {
            self.out.push_str(&format!("(?:{})", references.join("|")));
        }
        Ok(())
    }

    /// `\g<name>`, `\g<n>`: a subroutine call.
    fn subroutine(&mut self) -> Result<(), String> {
        let close = match self.next() {
            Some('<') => '>',
            Some('\'') => '\'',
            _ => return Err("invalid group name <>".into()),
        };
        let mut name = String::new();
        loop {
            match self.next() {
                Some(c) if c == close => break,
                Some(c) => name.push(c),
                None => return Err(format!("invalid group name <{name}>")),
            }
        }
        let number = match name.parse::<usize>() {
            Ok(number) => {
                if self
                    .known
                    .as_ref()
                    .is_some_and(|(_, groups)| number > *groups)
                {
                    return Err(format!("undefined group <{number}> reference"));
                }
                number
            }
            Err(_) => self.group_anywhere(&name)?,
        };
        self.out.push_str(&format!("\\g<{number}>"));
        Ok(())
    }

    /// `\p{Name}`, `\p{^Name}`, `\P{Name}`: the class items (a nested class
    /// or a property escape).
    fn property(&mut self, negated: bool) -> Result<String, String> {
        if !self.eat('{') {
            return Err("invalid character property name {}".into());
        }
        let mut name = String::new();
        loop {
            match self.next() {
                Some('}') => break,
                Some(c) => name.push(c),
                None => return Err(format!("invalid character property name {{{name}")),
            }
        }
        let (negated, bare) = match name.strip_prefix('^') {
            Some(rest) => (!negated, rest.to_string()),
            None => (negated, name.clone()),
        };
        let items = property_items(&bare)
            .ok_or_else(|| format!("invalid character property name {{{name}}}"))?;
        Ok(if negated {
            format!("[^{items}]")
        } else {
            format!("[{items}]")
        })
    }

    // --- classes ----------------------------------------------------------

    /// A bracket class, after its `[`; nested classes, `&&`, ranges, POSIX
    /// brackets and escapes as Onigmo reads them.
    fn class(&mut self) -> Result<(), String> {
        self.out.push('[');
        if self.eat('^') {
            self.out.push('^');
        }
        let mut items = 0;
        // A `]` right after the opening is a literal one.
        if self.peek() == Some(']') && self.chars[self.pos + 1..].contains(&']') {
            self.pos += 1;
            self.class_char(']', &mut items)?;
        }
        loop {
            let Some(c) = self.next() else {
                return Err("premature end of char-class".into());
            };
            match c {
                ']' => {
                    if items == 0 {
                        return Err("empty char-class".into());
                    }
                    self.out.push(']');
                    return Ok(());
                }
                '[' if self.peek() == Some(':') => {
                    if let Some(posix) = self.posix_bracket()? {
                        self.out.push_str(&posix);
                    } else {
                        self.out.push('[');
                        self.class()?;
                    }
                    items += 1;
                }
                '[' => {
                    self.class()?;
                    items += 1;
                }
                '&' if self.peek() == Some('&') => {
                    self.pos += 1;
                    self.out.push_str("&&");
                }
                '\\' => {
                    let Some(e) = self.next() else {
                        return Err("premature end of char-class".into());
                    };
                    match e {
                        'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'h' | 'H' => {
                            let (set, negated) = class_escape(e);
                            if negated {
                                self.out.push_str(&format!("[^{set}]"));
                            } else {
                                self.out.push_str(set);
                            }
                            items += 1;
                            self.no_range_after_set()?;
                        }
                        'p' | 'P' => {
                            let set = self.property(e == 'P')?;
                            self.out.push_str(&set);
                            items += 1;
                            self.no_range_after_set()?;
                        }
                        'b' => self.class_char('\x08', &mut items)?,
                        _ => {
                            let ch = self.escaped_char(e)?;
                            self.class_char(ch, &mut items)?;
                        }
                    }
                }
                c => self.class_char(c, &mut items)?,
            }
        }
    }

    /// After `\d` and the other sets, `-` does not make a range.
    fn no_range_after_set(&self) -> Result<(), String> {
        if self.peek() == Some('-') && self.peek_at(1) != Some(']') {
            return Err("unmatched range specifier in char-class".into());
        }
        Ok(())
    }

    /// A character of a class, and the range it may start (`a-z`).
    fn class_char(&mut self, c: char, items: &mut usize) -> Result<(), String> {
        *items += 1;
        push_class_literal(&mut self.out, c);
        if self.peek() != Some('-') || matches!(self.peek_at(1), Some(']') | None) {
            return Ok(());
        }
        if self.peek_at(1) == Some('[') {
            return Ok(());
        }
        self.pos += 1;
        let end = match self.next() {
            Some('\\') => {
                let Some(e) = self.next() else {
                    return Err("premature end of char-class".into());
                };
                if matches!(e, 'd' | 'D' | 'w' | 'W' | 's' | 'S' | 'h' | 'H' | 'p' | 'P') {
                    return Err("char-class value at end of range".into());
                }
                if e == 'b' {
                    '\x08'
                } else {
                    self.escaped_char(e)?
                }
            }
            Some(end) => end,
            None => return Err("premature end of char-class".into()),
        };
        if end < c {
            return Err("empty range in char class".into());
        }
        self.out.push('-');
        push_class_literal(&mut self.out, end);
        Ok(())
    }

    /// `[:alpha:]` and `[:^alpha:]` inside a class (after the `[`): the
    /// items, or None when the text is no POSIX bracket (a nested class).
    fn posix_bracket(&mut self) -> Result<Option<String>, String> {
        let rest: String = self.chars[self.pos..].iter().take(16).collect();
        let Some(end) = rest[1..].find(":]") else {
            return Ok(None);
        };
        let name = &rest[1..end + 1];
        let (negated, bare) = match name.strip_prefix('^') {
            Some(bare) => (true, bare),
            None => (false, name),
        };
        if bare.is_empty() || !bare.chars().all(|c| c.is_ascii_alphabetic()) {
            return Ok(None);
        }
        let Some(items) = posix_items(bare) else {
            return Err("invalid POSIX bracket type".into());
        };
        self.pos += name.chars().count() + 3;
        Ok(Some(if negated {
            format!("[^{items}]")
        } else {
            items.to_string()
        }))
    }
}

/// The class items of `\d`, `\w`, `\s`, `\h` (ASCII in Ruby), and whether
/// the escape is the negation (`\D`...).
fn class_escape(c: char) -> (&'static str, bool) {
    let items = match c.to_ascii_lowercase() {
        'd' => "0-9",
        'w' => "a-zA-Z0-9_",
        's' => "\\t\\n\\x0B\\x0C\\r ",
        _ => "0-9a-fA-F",
    };
    (items, c.is_ascii_uppercase())
}

/// The class items of a POSIX bracket name (Unicode, as in Ruby), or None
/// for an unknown name.
fn posix_items(name: &str) -> Option<&'static str> {
    Some(match name {
        "alpha" => "\\p{Alphabetic}",
        "digit" => "\\p{Nd}",
        "alnum" => "\\p{Alphabetic}\\p{Nd}",
        "upper" => "\\p{Uppercase}",
        "lower" => "\\p{Lowercase}",
        "space" => "\\p{White_Space}",
        "blank" => "\\p{Zs}\\t",
        "cntrl" => "\\p{Cc}",
        "punct" => "\\p{P}$+<=>\\^`|\\~",
        "graph" => "[^\\p{White_Space}\\p{Cc}\\p{Cs}\\p{Cn}]",
        "print" => "[^\\p{White_Space}\\p{Cc}\\p{Cs}\\p{Cn}]\\p{Zs}",
        "xdigit" => "0-9A-Fa-f",
        "word" => "\\w",
        "ascii" => "\\x00-\\x7F",
        _ => return None,
    })
}

/// The class items of a `\p{...}` property: the POSIX names, `Any`, or
/// a Unicode category or script the Rust engine knows.
fn property_items(name: &str) -> Option<String> {
    let loose: String = name
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-'))
        .collect::<String>()
        .to_ascii_lowercase();
    if loose == "any" {
        return Some("\\x{0}-\\x{10FFFF}".into());
    }
    if let Some(items) = posix_items(&loose) {
        return Some(items.into());
    }
    let escape = format!("\\p{{{name}}}");
    fancy_regex::Regex::new(&escape).ok()?;
    Some(escape)
}

/// Ruby's whitespace (what `/x` skips).
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r')
}

/// Appends `c` so that it matches itself outside a class.
fn push_literal(out: &mut String, c: char) {
    match c {
        '\\' | '.' | '+' | '*' | '?' | '(' | ')' | '|' | '[' | ']' | '{' | '}' | '^' | '$'
        | '#' | '&' | '-' | '~' => {
            out.push('\\');
            out.push(c);
        }
        c if c.is_control() || c == ' ' => out.push_str(&format!("\\x{{{:X}}}", c as u32)),
        c => out.push(c),
    }
}

/// Appends `c` so that it is one character of a class.
fn push_class_literal(out: &mut String, c: char) {
    match c {
        '\\' | '[' | ']' | '^' | '-' | '&' | '~' => {
            out.push('\\');
            out.push(c);
        }
        c if c.is_control() || c == ' ' => out.push_str(&format!("\\x{{{:X}}}", c as u32)),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pattern(source: &str) -> String {
        translate(source, 0)
            .map(|t| t.pattern)
            .unwrap_or_else(|e| e)
    }

    #[test]
    fn ruby_classes_become_ascii() {
        assert_eq!(pattern(r"\d+\W"), "[0-9]+[^a-zA-Z0-9_]");
        assert_eq!(pattern(r"[\d\s]"), "[0-9\\t\\n\\x0B\\x0C\\r ]");
    }

    #[test]
    fn named_groups_are_numbered() {
        let t = translate(r"(?<a>x)(y)(?<b>z)\k<a>", 0).ok().unwrap();
        assert_eq!(t.pattern, "(x)(?:y)(z)\\k<1>");
        assert_eq!(t.groups, 2);
        assert_eq!(t.names[1], ("b".to_string(), vec![2]));
    }

    #[test]
    fn onigmo_errors() {
        assert_eq!(pattern("("), "end pattern with unmatched parenthesis");
        assert_eq!(pattern("a)"), "unmatched close parenthesis");
        assert_eq!(pattern("[a"), "premature end of char-class");
        assert_eq!(pattern("*a"), "target of repeat operator is not specified");
        assert_eq!(
            pattern("a{2,1}"),
            "upper is smaller than lower in repeat range"
        );
        assert_eq!(pattern("[b-a]"), "empty range in char class");
    }

    #[test]
    fn intervals() {
        assert_eq!(pattern("a{,2}b{1}+c{"), "a{0,2}(?:b{1})+c\\{");
    }

    #[test]
    fn extended_mode_and_options() {
        assert_eq!(
            translate("a b # c\n[ ]", EXTENDED).ok().unwrap().pattern,
            "ab[\\x{20}]"
        );
        assert_eq!(pattern("(?mi-x:a.)"), "(?si:a.)");
    }
}
