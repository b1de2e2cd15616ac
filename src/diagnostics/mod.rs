//! The extras MRI 3.1 adds to error messages: error_highlight's snippet and
//! did_you_mean's suggestions.
//!
//! Both gems ship with MRI 3.1 and are loaded by default, so every
//! `NameError`/`NoMethodError` message a user sees (in the uncaught-exception
//! report and in `e.message`) is
//!
//! ```text
//! <original message><snippet><suggestions>
//! ```
//!
//! where the snippet comes from `bytecode::error_highlight` (the compiler
//! records each call site's span; NameError and its
//! subclasses only) and the suggestions from [`did_you_mean`] (NameError,
//! NoMethodError, KeyError, ...). Either part may be empty. For
//! `printf 'def fooo; end\nfoo\n' > t.rb; ruby t.rb` the report is:
//!
//! ```text
//! t.rb:2:in `<main>': undefined local variable or method `foo' for main:Object (NameError)
//!
//! foo
//! ^^^
//! Did you mean?  fooo
//! ```
//!
//! The report layout: ``<file>:<line>:in `<label>': ``, the message's first
//! line, ` (<Class>)`, a newline, then the rest of the message after its
//! first newline (given a final newline if it lacks one), then one
//! `\tfrom <location>` line per further backtrace entry. (Also seen with MRI
//! 3.1: an empty message prints `unhandled exception` without the class
//! tag; `raise "a\n"` prints just `a (RuntimeError)`; the printed message is
//! escaped: `\` becomes `\\`, NUL `\0`, BEL..CR other than tab and newline
//! `\a \b \v \f \r`, ESC `\e`, DEL `\c?`, other control bytes `\x01`
//! (upper-case hex), while tab, newline and bytes >= 0x80 pass through; an
//! exception with a `cause` is followed by the cause's own report.)
//!
//! Both modules are pure functions of names and source text: the VM supplies
//! the failing node, the error name and the candidate names.

pub mod did_you_mean;
