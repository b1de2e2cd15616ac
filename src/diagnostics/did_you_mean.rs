//! MRI 3.1's "Did you mean?" suggestions (the bundled did_you_mean 1.6.1).
//!
//! # The idea
//!
//! When a `NameError` (or `NoMethodError`, `KeyError`) is reported, MRI asks
//! a *spell checker* for names close to the missing one, drawn from a
//! *dictionary* of names that would have worked, and appends them to the
//! message. [`spell_check`] is that spell checker, [`format_suggestions`] the
//! text appended, and the `*_corrections` functions assemble the dictionary
//! the way each of MRI's checkers does; the caller only supplies the names
//! (method tables, local variables, constants) in MRI's order.
//!
//! # The spell checker ([`spell_check`])
//!
//! Names are *normalised* by lower-casing them (per character, Unicode, no
//! final-sigma rule) and deleting every `@`.
//!
//! 1. Keep the dictionary words whose Jaro-Winkler similarity (normalised
//!    word, normalised input) is at least 0.834 when the normalised input has
//!    more than 3 characters, else 0.77.
//! 2. Drop the words equal to the input (compared un-normalised).
//! 3. Sort by the Jaro-Winkler similarity of the *raw* word to the
//!    normalised input, ascending with a stable sort, then reverse the whole
//!    list: best first, and words with equal scores in *reverse* dictionary
//!    order (so dictionary order matters; see below).
//! 4. The suggestions are the words whose Levenshtein distance (normalised
//!    word, normalised input) is at most `ceil(len(input) / 4)`.
//! 5. If there are none, the first word (in the step-3 order) whose
//!    Levenshtein distance is less than the length of the shorter of the two
//!    normalised strings, if any.
//!
//! Duplicates are not removed: a local variable and a method both named
//! `foo` give `foo` twice.
//!
//! # The text ([`format_suggestions`])
//!
//! `"\nDid you mean?  "` followed by the suggestions joined with a newline
//! and 15 spaces, so they line up under the first:
//!
//! ```text
//! e.rb:1:in `<main>': undefined method `putz' for main:Object (NoMethodError)
//!
//! putz "hi"
//! ^^^^
//! Did you mean?  putc
//!                puts
//! ```
//!
//! In the message it comes *after* error_highlight's snippet (see
//! `super::error_highlight`): original message, snippet, suggestions. The
//! `Did you mean?` part is also part of `e.message` in a `rescue`.
//!
//! # The dictionaries
//!
//! ## `undefined local variable or method` ([`variable_name_corrections`])
//!
//! A `NameError` from a bare identifier (`foo`), an uninitialized class
//! variable (`@@foo`, input without the `@`s; no snippet then), or a
//! `NameError` whose message contains `undefined method` (e.g.
//! `method(:foo)`, `Integer.instance_method(:tos)`). Dictionary, in order:
//!
//! 1. [`VARIABLE_RESERVED_WORDS`] (37 keywords; `if`, `do`, `in`, `or` are
//!    *not* among them),
//! 2. the local variables of the failing scope: the whole local table of the
//!    innermost scope (parameters in declaration order, then locals in order
//!    of first appearance, including ones assigned *later* in the scope and
//!    `rescue => e` variables), then each enclosing block's scope outwards
//!    (not across `def`/`class`),
//! 3. `self.methods` (public and protected, see "Method order" below),
//! 4. `self.private_methods`,
//! 5. `self.instance_variables` (with their `@`, e.g. `@foo`),
//! 6. `self.class.class_variables` and, when `self` is a module,
//!    `self.class_variables` (with their `@@`).
//!
//! When the name is `foo`, `fork` and `for` are never suggested.
//!
//! ## `NoMethodError` ([`method_name_corrections`])
//!
//! Input is the method name. A *private call* is a call without an explicit
//! receiver (`foo()`, `foo 1`, `foo {}`), a call on `self` (`self.foo`,
//! `self.foo = 1`), or an implicit `super` ("super: no superclass method").
//! Dictionary:
//!
//! 1. on a private call, [`METHOD_RESERVED_WORDS`] (16 keywords),
//! 2. `recv.methods` (public and protected, singleton ones included),
//! 3. on a private call, `recv.private_methods`.
//!
//! The receiver's methods are left out altogether when it is not an
//! `Object` (a `BasicObject` instance). When the receiver is `nil`, every
//! name of [`NIL_METHODS`] is removed from the result, so `nil.lenght`
//! suggests nothing. The name itself is never suggested, so "private method
//! `puts' called for 1:Integer" usually gets no suggestion.
//!
//! ## `uninitialized constant` ([`class_name_corrections`])
//!
//! The scopes are derived from the *name in the message*: for
//! "uninitialized constant M::C::Zor" they are `Object`, `M` and `M::C`
//! (duplicates dropped). The dictionary is each scope's `constants`
//! (inherited ones included, i.e. `Module#constants`; for `Object` that is
//! every top-level constant, see [`OBJECT_CONSTANTS`]), each prefixed with
//! its scope (`""` for Object, `"M::"`, `"M::C::"`). The spell check runs on
//! the bare names; a suggestion whose *full* name occurs anywhere in the
//! original message is dropped: `Strings` does not suggest `String`, and
//! `D::Zork2` does not suggest `D::Zork`.
//!
//! ## `KeyError` ([`key_corrections`])
//!
//! `Hash#fetch`/`ENV.fetch`: if some key's `to_s` equals the missing key
//! (only when the missing key is a String) those keys are suggested;
//! otherwise the spell check over the keys' `to_s`; suggestions are shown as
//! `inspect` (`Did you mean?  :foo`). No snippet for KeyError.
//!
//! # Method order
//!
//! Ties in step 3 are broken by dictionary order, so the caller should list
//! names the way MRI does. `obj.methods` walks the ancestors (singleton
//! class, class, included modules, superclasses, ...), each module's own
//! method table in table order, and keeps the *first* entry of each name
//! (its visibility decides whether the name is public, private or hidden by
//! `undef`). For built-in modules the table order is fixed: this module
//! records MRI's for `main` and plain objects ([`KERNEL_PUBLIC_METHODS`],
//! [`KERNEL_PRIVATE_METHODS`], [`BASIC_OBJECT_PUBLIC_METHODS`],
//! [`BASIC_OBJECT_PRIVATE_METHODS`], [`MAIN_SINGLETON_PUBLIC_METHODS`],
//! [`MAIN_SINGLETON_PRIVATE_METHODS`]); [`object_methods`] assembles them.
//! Methods a program defines with fresh names come in definition order
//! (MRI's table is hashed on symbol serial numbers, which for fresh names
//! grow in definition order; names that already existed as symbols can land
//! elsewhere, which cannot be reproduced). Every object answers the Kernel
//! methods, so a typo of `puts` on `main` needs them in the dictionary:
//! `putz` suggests `putc` then `puts`.
use std::cmp::Ordering;

/// The reserved words VariableNameChecker adds in front of its dictionary.
pub const VARIABLE_RESERVED_WORDS: &[&str] = &[
    "BEGIN",
    "END",
    "alias",
    "and",
    "begin",
    "break",
    "case",
    "class",
    "def",
    "defined?",
    "else",
    "elsif",
    "end",
    "ensure",
    "false",
    "for",
    "module",
    "next",
    "nil",
    "not",
    "redo",
    "rescue",
    "retry",
    "return",
    "self",
    "super",
    "then",
    "true",
    "undef",
    "unless",
    "until",
    "when",
    "while",
    "yield",
    "__LINE__",
    "__FILE__",
    "__ENCODING__",
];

/// The reserved words MethodNameChecker adds in front of its dictionary on a
/// private call.
pub const METHOD_RESERVED_WORDS: &[&str] = &[
    "alias", "case", "def", "defined?", "elsif", "end", "ensure", "for", "rescue", "super",
    "undef", "unless", "until", "when", "while", "yield",
];

fn normalize(s: &str) -> Vec<char> {
    s.chars()
        .flat_map(char::to_lowercase)
        .filter(|&c| c != '@')
        .collect()
}

/// Jaro similarity of two strings (by Unicode scalar), did_you_mean's
/// variant: the match window is `max(len(longer) / 2 - 1, 0)`.
pub fn jaro_distance(a: &str, b: &str) -> f64 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    jaro(&a, &b)
}

fn jaro(a: &[char], b: &[char]) -> f64 {
    let (s1, s2) = if a.len() > b.len() { (b, a) } else { (a, b) };
    let (len1, len2) = (s1.len(), s2.len());
    let range = (len2 / 2).saturating_sub(1);
    let mut flags1 = vec![false; len1];
    let mut flags2 = vec![false; len2];
    let mut m = 0.0f64;
    for i in 0..len1 {
        let last = i + range;
        let mut j = i.saturating_sub(range);
        while j <= last && j < len2 {
            if !flags2[j] && s1[i] == s2[j] {
                flags2[j] = true;
                flags1[i] = true;
                m += 1.0;
                break;
            }
            j += 1;
        }
    }
    let mut t = 0.0f64;
    let mut k = 0;
    for i in 0..len1 {
        if !flags1[i] {
            continue;
        }
        let mut index = k;
        let mut j = k;
        while j < len2 {
            index = j;
            if flags2[j] {
                k = j + 1;
                break;
            }
            j += 1;
        }
        if s2.get(index) != Some(&s1[i]) {
            t += 1.0;
        }
    }
    let t = (t / 2.0).floor();
    if m == 0.0 {
        0.0
    } else {
        (m / len1 as f64 + m / len2 as f64 + (m - t) / m) / 3.0
    }
}

/// Jaro-Winkler similarity: Jaro, plus 0.1 per common prefix character (at
/// most 4) times the remaining distance, applied only above 0.7.
pub fn jaro_winkler_distance(a: &str, b: &str) -> f64 {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    jaro_winkler(&a, &b)
}

fn jaro_winkler(a: &[char], b: &[char]) -> f64 {
    let jaro = jaro(a, b);
    if jaro > 0.7 {
        let prefix = a
            .iter()
            .zip(b.iter())
            .take(4)
            .take_while(|(x, y)| x == y)
            .count();
        jaro + (prefix as f64 * 0.1 * (1.0 - jaro))
    } else {
        jaro
    }
}

/// Levenshtein distance by Unicode scalar.
pub fn levenshtein_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    levenshtein(&a, &b)
}

fn levenshtein(a: &[char], b: &[char]) -> usize {
    if a.is_empty() {
        return b.len();
    }
    if b.is_empty() {
        return a.len();
    }
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            let value = (row[j + 1] + 1).min(row[j] + 1).min(diagonal + cost);
            diagonal = row[j + 1];
            row[j + 1] = value;
        }
    }
    row[b.len()]
}

/// The indices of the dictionary words MRI suggests for `input`, best first.
fn spell_check_indices(input: &str, dictionary: &[&str]) -> Vec<usize> {
    let input_n = normalize(input);
    let threshold = if input_n.len() > 3 { 0.834 } else { 0.77 };
    let mut words: Vec<(usize, f64)> = dictionary
        .iter()
        .enumerate()
        .filter(|(_, w)| jaro_winkler(&normalize(w), &input_n) >= threshold)
        .filter(|(_, w)| **w != input)
        .map(|(i, w)| {
            let raw: Vec<char> = w.chars().collect();
            (i, jaro_winkler(&raw, &input_n))
        })
        .collect();
    words.sort_by(|x, y| x.1.partial_cmp(&y.1).unwrap_or(Ordering::Equal));
    words.reverse();

    let limit = input_n.len().div_ceil(4);
    let corrections: Vec<usize> = words
        .iter()
        .filter(|(i, _)| levenshtein(&normalize(dictionary[*i]), &input_n) <= limit)
        .map(|(i, _)| *i)
        .collect();
    if !corrections.is_empty() {
        return corrections;
    }
    words
        .iter()
        .find(|(i, _)| {
            let word = normalize(dictionary[*i]);
            levenshtein(&word, &input_n) < input_n.len().min(word.len())
        })
        .map(|(i, _)| *i)
        .into_iter()
        .collect()
}

/// The suggestions MRI's `DidYouMean::SpellChecker` makes for `input` from
/// `dictionary`, in MRI's order (best first, ties in reverse dictionary
/// order). See the module doc for the algorithm.
///
/// ```
/// use rhizome::diagnostics::did_you_mean::spell_check;
/// assert_eq!(spell_check("foo", &["fooo", "bar"]), ["fooo"]);
/// ```
pub fn spell_check(input: &str, dictionary: &[&str]) -> Vec<String> {
    spell_check_indices(input, dictionary)
        .into_iter()
        .map(|i| dictionary[i].to_string())
        .collect()
}

/// The text MRI appends to the message: empty without suggestions, else
/// `"\nDid you mean?  a"` with further suggestions on their own lines,
/// indented by 15 spaces (`"\nDid you mean?  a\n               b"`).
pub fn format_suggestions(suggestions: &[String]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    format!("\nDid you mean?  {}", suggestions.join("\n               "))
}

/// What VariableNameChecker knows about the failing scope (each list in
/// MRI's order; see the module doc).
#[derive(Clone, Copy, Debug, Default)]
pub struct VariableScope<'a> {
    /// Local variables: innermost scope's whole table first, then enclosing
    /// block scopes outwards.
    pub local_variables: &'a [&'a str],
    /// `self.methods`: public and protected, singleton ones included.
    pub methods: &'a [&'a str],
    /// `self.private_methods`.
    pub private_methods: &'a [&'a str],
    /// `self.instance_variables`, with the `@`.
    pub instance_variables: &'a [&'a str],
    /// `self.class.class_variables` (+ `self.class_variables` when `self` is
    /// a module), with the `@@`.
    pub class_variables: &'a [&'a str],
}

/// Suggestions for "undefined local variable or method `name'", for
/// "uninitialized class variable @@name" (`name` may keep its `@`s) and for
/// a `NameError` saying "undefined method".
pub fn variable_name_corrections(name: &str, scope: &VariableScope<'_>) -> Vec<String> {
    let name: String = name.chars().filter(|&c| c != '@').collect();
    let mut dictionary: Vec<&str> = VARIABLE_RESERVED_WORDS.to_vec();
    dictionary.extend_from_slice(scope.local_variables);
    dictionary.extend_from_slice(scope.methods);
    dictionary.extend_from_slice(scope.private_methods);
    dictionary.extend_from_slice(scope.instance_variables);
    dictionary.extend_from_slice(scope.class_variables);
    let excluded: &[&str] = if name == "foo" { &["fork", "for"] } else { &[] };
    spell_check(&name, &dictionary)
        .into_iter()
        .filter(|s| !excluded.contains(&s.as_str()))
        .collect()
}

/// What MethodNameChecker knows about the receiver of a failed call.
#[derive(Clone, Copy, Debug, Default)]
pub struct MethodReceiver<'a> {
    /// `recv.methods` (public and protected, singleton ones included); empty
    /// for a receiver that is not an `Object` (a `BasicObject`).
    pub methods: &'a [&'a str],
    /// `recv.private_methods`; only used on a private call.
    pub private_methods: &'a [&'a str],
    /// The call had no explicit receiver, was on `self`, or was an implicit
    /// `super`.
    pub private_call: bool,
    /// The receiver is `nil` (its class is NilClass): [`NIL_METHODS`] are
    /// never suggested.
    pub is_nil: bool,
}

/// Suggestions for a `NoMethodError` about `name` ("undefined method",
/// "private method ... called", "super: no superclass method").
pub fn method_name_corrections(name: &str, recv: &MethodReceiver<'_>) -> Vec<String> {
    let mut dictionary: Vec<&str> = Vec::new();
    if recv.private_call {
        dictionary.extend_from_slice(METHOD_RESERVED_WORDS);
    }
    let start = dictionary.len();
    for m in recv.methods {
        if !dictionary[start..].contains(m) {
            dictionary.push(m);
        }
    }
    if recv.private_call {
        for m in recv.private_methods {
            if !dictionary[start..].contains(m) {
                dictionary.push(m);
            }
        }
    }
    spell_check(name, &dictionary)
        .into_iter()
        .filter(|s| !(recv.is_nil && NIL_METHODS.contains(&s.as_str())))
        .collect()
}

/// One scope searched for constant suggestions: its prefix (`""` for
/// Object, `"M::"`, `"M::C::"`) and its `constants` (inherited ones
/// included) in MRI's order.
#[derive(Clone, Copy, Debug)]
pub struct ConstantScope<'a> {
    pub prefix: &'a str,
    pub constants: &'a [&'a str],
}

/// Suggestions for "uninitialized constant ..." about the bare constant
/// `name`. `scopes` are Object then each prefix of the namespace named in
/// the message (`M`, `M::C` for `M::C::Zor`), duplicates removed;
/// `original_message` is the message before any snippet or suggestion.
pub fn class_name_corrections(
    name: &str,
    scopes: &[ConstantScope<'_>],
    original_message: &str,
) -> Vec<String> {
    let mut bare: Vec<&str> = Vec::new();
    let mut prefixes: Vec<&str> = Vec::new();
    for scope in scopes {
        for c in scope.constants {
            bare.push(c);
            prefixes.push(scope.prefix);
        }
    }
    spell_check_indices(name, &bare)
        .into_iter()
        .map(|i| format!("{}{}", prefixes[i], bare[i]))
        .filter(|full| !original_message.contains(full.as_str()))
        .collect()
}

/// A hash key for [`key_corrections`]: its `to_s` and its `inspect`.
#[derive(Clone, Copy, Debug)]
pub struct Key<'a> {
    pub to_s: &'a str,
    pub inspect: &'a str,
}

/// Suggestions (as `inspect` strings) for "key not found: ..." from
/// `Hash#fetch` and friends. `key_is_string` tells whether the missing key
/// is a String (only then can a key with the same `to_s` match exactly).
pub fn key_corrections(key: &Key<'_>, key_is_string: bool, keys: &[Key<'_>]) -> Vec<String> {
    if key_is_string {
        let exact: Vec<String> = keys
            .iter()
            .filter(|k| k.to_s == key.to_s)
            .map(|k| k.inspect.to_string())
            .collect();
        if !exact.is_empty() {
            return exact;
        }
    }
    let names: Vec<&str> = keys.iter().map(|k| k.to_s).collect();
    spell_check_indices(key.to_s, &names)
        .into_iter()
        .map(|i| keys[i].inspect.to_string())
        .collect()
}

/// `obj.methods` for a plain object whose class adds `class_methods` (its
/// own public methods, in definition order) and `singleton` methods: first
/// occurrence of each name kept.
pub fn object_methods<'a>(singleton: &[&'a str], class_methods: &[&'a str]) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::new();
    let all = singleton
        .iter()
        .chain(class_methods)
        .chain(KERNEL_PUBLIC_METHODS)
        .chain(BASIC_OBJECT_PUBLIC_METHODS);
    for m in all {
        if !out.contains(m) {
            out.push(m);
        }
    }
    out
}

/// `obj.private_methods` for a plain object: `singleton` private methods,
/// then its class's (for `main`, the methods `def`ined at top level, in
/// definition order), then Kernel's and BasicObject's; first occurrence kept.
pub fn object_private_methods<'a>(
    singleton: &[&'a str],
    class_methods: &[&'a str],
) -> Vec<&'a str> {
    let mut out: Vec<&'a str> = Vec::new();
    let all = singleton
        .iter()
        .chain(class_methods)
        .chain(KERNEL_PRIVATE_METHODS)
        .chain(BASIC_OBJECT_PRIVATE_METHODS);
    for m in all {
        if !out.contains(m) {
            out.push(m);
        }
    }
    out
}

// MRI 3.1.2's method and constant tables, recorded from `ruby script.rb` runs.

/// The public singleton methods of `main`, in MRI's order.
pub const MAIN_SINGLETON_PUBLIC_METHODS: &[&str] = &["to_s", "inspect"];

/// The private singleton methods of `main`, in MRI's order.
pub const MAIN_SINGLETON_PRIVATE_METHODS: &[&str] = &[
    "using",
    "define_method",
    "public",
    "private",
    "ruby2_keywords",
    "include",
];

/// Kernel's public instance methods, in MRI's method-table order (as
/// `Object.new.methods` lists them, before BasicObject's).
pub const KERNEL_PUBLIC_METHODS: &[&str] = &[
    "singleton_class",
    "dup",
    "itself",
    "taint",
    "tainted?",
    "untaint",
    "untrust",
    "untrusted?",
    "trust",
    "methods",
    "singleton_methods",
    "protected_methods",
    "private_methods",
    "public_methods",
    "instance_variables",
    "instance_variable_get",
    "instance_variable_set",
    "instance_variable_defined?",
    "remove_instance_variable",
    "instance_of?",
    "kind_of?",
    "is_a?",
    "display",
    "hash",
    "public_send",
    "class",
    "frozen?",
    "tap",
    "then",
    "extend",
    "yield_self",
    "clone",
    "method",
    "public_method",
    "singleton_method",
    "<=>",
    "===",
    "define_singleton_method",
    "=~",
    "!~",
    "nil?",
    "eql?",
    "respond_to?",
    "freeze",
    "inspect",
    "object_id",
    "send",
    "to_enum",
    "enum_for",
    "to_s",
];

/// Kernel's private instance methods in a `ruby script.rb` run (so with
/// rubygems' `gem` and `gem_original_require`), in MRI's method-table order.
pub const KERNEL_PRIVATE_METHODS: &[&str] = &[
    "sprintf",
    "format",
    "Integer",
    "String",
    "Array",
    "Hash",
    "print",
    "local_variables",
    "puts",
    "readline",
    "readlines",
    "p",
    "putc",
    "fork",
    "caller",
    "caller_locations",
    "Rational",
    "exit",
    "Complex",
    "warn",
    "set_trace_func",
    "raise",
    "fail",
    "global_variables",
    "__method__",
    "__callee__",
    "__dir__",
    "eval",
    "iterator?",
    "block_given?",
    "catch",
    "throw",
    "loop",
    "sleep",
    "rand",
    "srand",
    "select",
    "`",
    "trap",
    "trace_var",
    "untrace_var",
    "at_exit",
    "load",
    "require",
    "require_relative",
    "autoload",
    "autoload?",
    "gem_original_require",
    "binding",
    "exec",
    "exit!",
    "system",
    "spawn",
    "abort",
    "Float",
    "respond_to_missing?",
    "pp",
    "gem",
    "test",
    "gets",
    "proc",
    "lambda",
    "initialize_copy",
    "initialize_clone",
    "initialize_dup",
    "syscall",
    "open",
    "printf",
];

/// BasicObject's public instance methods, in MRI's order.
pub const BASIC_OBJECT_PUBLIC_METHODS: &[&str] = &[
    "__send__",
    "!",
    "__id__",
    "instance_eval",
    "==",
    "instance_exec",
    "!=",
    "equal?",
];

/// BasicObject's private instance methods, in MRI's order.
pub const BASIC_OBJECT_PRIVATE_METHODS: &[&str] = &[
    "initialize",
    "method_missing",
    "singleton_method_added",
    "singleton_method_removed",
    "singleton_method_undefined",
];

/// `nil.methods` as did_you_mean computed it at boot: never suggested for a
/// `nil` receiver.
pub const NIL_METHODS: &[&str] = &[
    "rationalize",
    "&",
    "===",
    "to_a",
    "to_s",
    "inspect",
    "to_i",
    "to_r",
    "to_f",
    "=~",
    "to_c",
    "nil?",
    "|",
    "to_h",
    "^",
    "singleton_class",
    "dup",
    "itself",
    "taint",
    "tainted?",
    "untaint",
    "untrust",
    "untrusted?",
    "trust",
    "methods",
    "singleton_methods",
    "protected_methods",
    "private_methods",
    "public_methods",
    "instance_variables",
    "instance_variable_get",
    "instance_variable_set",
    "instance_variable_defined?",
    "remove_instance_variable",
    "instance_of?",
    "kind_of?",
    "is_a?",
    "display",
    "hash",
    "public_send",
    "class",
    "frozen?",
    "tap",
    "then",
    "extend",
    "yield_self",
    "clone",
    "method",
    "public_method",
    "singleton_method",
    "<=>",
    "define_singleton_method",
    "!~",
    "eql?",
    "respond_to?",
    "freeze",
    "object_id",
    "send",
    "to_enum",
    "enum_for",
    "__send__",
    "!",
    "__id__",
    "instance_eval",
    "==",
    "instance_exec",
    "!=",
    "equal?",
];

/// `Object.constants` at the start of a `ruby script.rb` run, in MRI's order.
pub const OBJECT_CONSTANTS: &[&str] = &[
    "Exception",
    "Fiber",
    "FiberError",
    "Thread",
    "Gem",
    "ErrorHighlight",
    "IO",
    "SystemExit",
    "Complex",
    "DidYouMean",
    "SignalException",
    "Interrupt",
    "StandardError",
    "TypeError",
    "ArgumentError",
    "IndexError",
    "KeyError",
    "RangeError",
    "ScriptError",
    "SyntaxError",
    "LoadError",
    "String",
    "Array",
    "NotImplementedError",
    "NilClass",
    "NameError",
    "NoMethodError",
    "RUBY_RELEASE_DATE",
    "RUBY_PLATFORM",
    "RuntimeError",
    "FrozenError",
    "SecurityError",
    "NoMemoryError",
    "EncodingError",
    "RUBY_REVISION",
    "NoMatchingPatternError",
    "NoMatchingPatternKeyError",
    "RUBY_ENGINE_VERSION",
    "SystemCallError",
    "Errno",
    "Warning",
    "ARGV",
    "Hash",
    "Time",
    "RUBY_COPYRIGHT",
    "RUBY_ENGINE",
    "Integer",
    "RUBY_DESCRIPTION",
    "RUBY_PATCHLEVEL",
    "Dir",
    "RUBY_VERSION",
    "TracePoint",
    "TrueClass",
    "FalseClass",
    "Encoding",
    "TOPLEVEL_BINDING",
    "ThreadGroup",
    "ThreadError",
    "Mutex",
    "RbConfig",
    "Rational",
    "Queue",
    "ClosedQueueError",
    "STDIN",
    "Comparable",
    "UncaughtThrowError",
    "STDERR",
    "Enumerable",
    "ConditionVariable",
    "SizedQueue",
    "STDOUT",
    "Random",
    "ARGF",
    "Signal",
    "FileTest",
    "File",
    "Monitor",
    "ZeroDivisionError",
    "FloatDomainError",
    "Numeric",
    "Proc",
    "MonitorMixin",
    "LocalJumpError",
    "SystemStackError",
    "Method",
    "Process",
    "ENV",
    "Fixnum",
    "Float",
    "Struct",
    "RegexpError",
    "UnboundMethod",
    "Binding",
    "Regexp",
    "Math",
    "Bignum",
    "MatchData",
    "GC",
    "ObjectSpace",
    "Enumerator",
    "CROSS_COMPILING",
    "Marshal",
    "StopIteration",
    "Range",
    "Ractor",
    "Object",
    "BasicObject",
    "Class",
    "Module",
    "Kernel",
    "Refinement",
    "RubyVM",
    "IOError",
    "EOFError",
    "Symbol",
    "UnicodeNormalize",
    "RUBYGEMS_ACTIVATION_MONITOR",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn main_methods() -> Vec<&'static str> {
        object_methods(MAIN_SINGLETON_PUBLIC_METHODS, &[])
    }

    fn main_private_methods<'a>(defined: &[&'a str]) -> Vec<&'a str> {
        object_private_methods(MAIN_SINGLETON_PRIVATE_METHODS, defined)
    }

    fn on_main<'a>(
        locals: &'a [&'a str],
        methods: &'a [&'a str],
        private: &'a [&'a str],
    ) -> VariableScope<'a> {
        VariableScope {
            local_variables: locals,
            methods,
            private_methods: private,
            ..VariableScope::default()
        }
    }

    #[test]
    fn distances() {
        assert_eq!(levenshtein_distance("kitten", "sitting"), 3);
        assert_eq!(levenshtein_distance("", "abc"), 3);
        assert_eq!(levenshtein_distance("abc", ""), 3);
        assert_eq!(levenshtein_distance("é", "e"), 1);
        // Values printed by DidYouMean::Jaro / JaroWinkler in MRI 3.1.
        assert_eq!(jaro_distance("martha", "marhta"), 0.9444444444444445);
        assert_eq!(
            jaro_winkler_distance("martha", "marhta"),
            0.9611111111111111
        );
        assert_eq!(jaro_winkler_distance("fooo", "foo"), 0.9416666666666667);
        assert_eq!(jaro_distance("abc", "xyz"), 0.0);
        assert_eq!(jaro_distance("", ""), 0.0);
    }

    #[test]
    fn spell_check_basics() {
        assert_eq!(spell_check("foo", &["fooo", "bar"]), strings(&["fooo"]));
        assert_eq!(spell_check("foo", &["foo"]), Vec::<String>::new());
        assert_eq!(
            spell_check("lenght", &["length", "size"]),
            strings(&["length"])
        );
        // Normalisation: case and `@` are ignored when matching.
        assert_eq!(spell_check("foo", &["@fooo"]), strings(&["@fooo"]));
        assert_eq!(spell_check("Strin", &["STRING"]), strings(&["STRING"]));
    }

    #[test]
    fn ties_come_in_reverse_dictionary_order() {
        // MRI: `def barr; end; def bar2; end` then `Foo.new.bar`.
        assert_eq!(
            spell_check("bar", &["barr", "bar2"]),
            strings(&["bar2", "barr"])
        );
        assert_eq!(
            spell_check("bar", &["bar2", "barr"]),
            strings(&["barr", "bar2"])
        );
    }

    #[test]
    fn duplicates_are_kept() {
        assert_eq!(
            spell_check("fo", &["for", "foo", "foo"]),
            strings(&["foo", "foo", "for"])
        );
    }

    #[test]
    fn falls_back_to_one_close_word() {
        // Both pass Jaro-Winkler, none is within ceil(7 / 4) edits, so the
        // best one closer than its length is taken (MRI 3.1's answer).
        let dictionary = ["ceeffbd", "cfeaabd", "cfe"];
        assert_eq!(spell_check("cfceabf", &dictionary), strings(&["cfeaabd"]));
    }

    #[test]
    fn formatting() {
        assert_eq!(format_suggestions(&[]), "");
        assert_eq!(
            format_suggestions(&strings(&["fooo"])),
            "\nDid you mean?  fooo"
        );
        assert_eq!(
            format_suggestions(&strings(&["putc", "puts"])),
            "\nDid you mean?  putc\n               puts"
        );
    }

    #[test]
    fn main_object_tables_match_mri_sizes() {
        // `methods.size` and `private_methods.size` on main in `ruby e.rb`.
        assert_eq!(main_methods().len(), 58);
        assert_eq!(main_private_methods(&[]).len(), 79);
        assert_eq!(main_private_methods(&["fooo"])[6], "fooo");
        assert_eq!(OBJECT_CONSTANTS.len(), 117);
    }

    #[test]
    fn undefined_local_variable_or_method() {
        let methods = main_methods();
        let check = |name: &str, locals: &[&str], defined: &[&str]| {
            let private = main_private_methods(defined);
            variable_name_corrections(name, &on_main(locals, &methods, &private))
        };
        // Each expectation is MRI's "Did you mean?" for `ruby e.rb`.
        assert_eq!(check("foo", &[], &["fooo"]), strings(&["fooo"]));
        assert_eq!(check("foo", &["fooo"], &[]), strings(&["fooo"]));
        assert_eq!(
            check("fo", &["foo"], &["foo"]),
            strings(&["foo", "foo", "for"])
        );
        assert_eq!(check("fo", &[], &[]), strings(&["for"]));
        assert_eq!(check("foo", &[], &[]), Vec::<String>::new());
        assert_eq!(check("whle", &[], &[]), strings(&["while"]));
        assert_eq!(check("putz", &[], &[]), strings(&["putc", "puts"]));
        assert_eq!(check("pust", &[], &[]), strings(&["puts"]));
        assert_eq!(check("exti", &[], &[]), strings(&["exit"]));
        assert_eq!(
            check("formt", &[], &[]),
            strings(&["format", "for", "fork"])
        );
    }

    #[test]
    fn locals_and_instance_variables() {
        // [1].each { |abcc| abcd = 3; abce; abcz = 1 } with abca, abcb outside:
        // MRI lists abcb, abca, abcz, abcd, abcc (not `e`).
        let methods = main_methods();
        let private = main_private_methods(&[]);
        let locals = ["abcc", "abcd", "e", "abcz", "abca", "abcb"];
        let scope = on_main(&locals, &methods, &private);
        assert_eq!(
            variable_name_corrections("abce", &scope),
            strings(&["abcb", "abca", "abcz", "abcd", "abcc"])
        );
        // With @abcq set on main: `abcx` gives abcb, abca, @abcq.
        let scope = VariableScope {
            local_variables: &["abca", "abcb"],
            instance_variables: &["@abcq"],
            ..scope
        };
        assert_eq!(
            variable_name_corrections("abcx", &scope),
            strings(&["abcb", "abca", "@abcq"])
        );
        // In an instance of `class Foo` with @fooo and @@barr: `foo`.
        let methods = object_methods(&[], &["m"]);
        let private = object_private_methods(&[], &["initialize"]);
        let scope = VariableScope {
            methods: &methods,
            private_methods: &private,
            instance_variables: &["@fooo"],
            class_variables: &["@@barr"],
            ..VariableScope::default()
        };
        assert_eq!(
            variable_name_corrections("foo", &scope),
            strings(&["@fooo"])
        );
        // `@@foo` read where @@fooo exists.
        let scope = VariableScope {
            instance_variables: &[],
            class_variables: &["@@fooo"],
            ..scope
        };
        assert_eq!(
            variable_name_corrections("@@foo", &scope),
            strings(&["@@fooo"])
        );
    }

    #[test]
    fn no_method_error() {
        let methods = main_methods();
        let private = main_private_methods(&["fooo"]);
        let private_call = MethodReceiver {
            methods: &methods,
            private_methods: &private,
            private_call: true,
            is_nil: false,
        };
        // `foo()`, `self.foo`, and `super` in `def foo`.
        assert_eq!(
            method_name_corrections("foo", &private_call),
            strings(&["fooo", "for"])
        );
        let private = main_private_methods(&[]);
        let private_call = MethodReceiver {
            private_methods: &private,
            ..private_call
        };
        assert_eq!(
            method_name_corrections("putz", &private_call),
            strings(&["putc", "puts"])
        );
        assert_eq!(
            method_name_corrections("prnt", &private_call),
            strings(&["print"])
        );
        assert_eq!(
            method_name_corrections("requir", &private_call),
            strings(&["require"])
        );
        assert_eq!(
            method_name_corrections("raies", &private_call),
            strings(&["raise"])
        );
        assert_eq!(
            method_name_corrections("lop", &private_call),
            strings(&["loop"])
        );
        assert_eq!(
            method_name_corrections("sleeep", &private_call),
            strings(&["sleep"])
        );
        assert_eq!(
            method_name_corrections("pp2", &private_call),
            strings(&["pp"])
        );
        assert_eq!(
            method_name_corrections("gem2", &private_call),
            strings(&["gem"])
        );
        assert_eq!(
            method_name_corrections("frezze", &private_call),
            strings(&["freeze"])
        );
        assert_eq!(
            method_name_corrections("inspct", &private_call),
            strings(&["inspect"])
        );
        assert_eq!(
            method_name_corrections("dupp", &private_call),
            strings(&["dup"])
        );
        // With an explicit receiver, private methods are not candidates.
        let public_call = MethodReceiver {
            private_call: false,
            ..private_call
        };
        assert_eq!(
            method_name_corrections("putz", &public_call),
            Vec::<String>::new()
        );
        // `Foo.new.bar` with public barr and private bars.
        let methods = object_methods(&[], &["barr"]);
        let recv = MethodReceiver {
            methods: &methods,
            ..MethodReceiver::default()
        };
        assert_eq!(method_name_corrections("bar", &recv), strings(&["barr"]));
    }

    #[test]
    fn nil_and_basic_object_receivers() {
        let methods = object_methods(&[], NIL_METHODS);
        let nil = MethodReceiver {
            methods: &methods,
            is_nil: true,
            ..MethodReceiver::default()
        };
        assert_eq!(method_name_corrections("to_ss", &nil), Vec::<String>::new());
        assert_eq!(
            method_name_corrections("inspct", &nil),
            Vec::<String>::new()
        );
        let basic = MethodReceiver::default();
        assert_eq!(
            method_name_corrections("inspct", &basic),
            Vec::<String>::new()
        );
    }

    #[test]
    fn uninitialized_constant() {
        let object = [ConstantScope {
            prefix: "",
            constants: OBJECT_CONSTANTS,
        }];
        let check = |name: &str| {
            let message = format!("uninitialized constant {name}");
            class_name_corrections(name, &object, &message)
        };
        assert_eq!(check("Strin"), strings(&["String", "STDIN"]));
        assert_eq!(check("Strings"), Vec::<String>::new());
        assert_eq!(check("Fiel"), strings(&["File"]));
        assert_eq!(check("Hsh"), strings(&["Hash"]));
        assert_eq!(check("Integr"), strings(&["Integer"]));
        assert_eq!(check("ARGF2"), strings(&["ARGV"]));
        assert_eq!(check("ENVV"), Vec::<String>::new());
        assert_eq!(check("Kernal"), strings(&["Kernel"]));
        assert_eq!(check("ObjectSpac"), strings(&["ObjectSpace"]));
        assert_eq!(check("RUBY_VERSIO"), strings(&["RUBY_VERSION"]));
        assert_eq!(check("STDOU"), strings(&["STDOUT"]));
        // `module M; Zork = 1; class C; Zor; end; end`
        let scopes = [
            object[0],
            ConstantScope {
                prefix: "M::",
                constants: &["Zork", "C"],
            },
            ConstantScope {
                prefix: "M::C::",
                constants: &[],
            },
        ];
        assert_eq!(
            class_name_corrections("Zor", &scopes, "uninitialized constant M::C::Zor"),
            strings(&["M::Zork"])
        );
        // `class D < C` (C has Zork): `Zork2` is not corrected to D::Zork,
        // which the message contains.
        let scopes = [
            object[0],
            ConstantScope {
                prefix: "D::",
                constants: &["Zork"],
            },
        ];
        assert_eq!(
            class_name_corrections("Zork2", &scopes, "uninitialized constant D::Zork2"),
            Vec::<String>::new()
        );
        assert_eq!(
            class_name_corrections("Zor", &scopes, "uninitialized constant D::Zor"),
            strings(&["D::Zork"])
        );
    }

    #[test]
    fn key_error() {
        let keys = [
            Key {
                to_s: "foo",
                inspect: ":foo",
            },
            Key {
                to_s: "bar",
                inspect: "\"bar\"",
            },
        ];
        let fo = Key {
            to_s: "fo",
            inspect: ":fo",
        };
        assert_eq!(key_corrections(&fo, false, &keys), strings(&[":foo"]));
        let foo = Key {
            to_s: "foo",
            inspect: "\"foo\"",
        };
        assert_eq!(key_corrections(&foo, true, &keys), strings(&[":foo"]));
        let bar = Key {
            to_s: "bar",
            inspect: ":bar",
        };
        assert_eq!(key_corrections(&bar, false, &keys), Vec::<String>::new());
    }
}
