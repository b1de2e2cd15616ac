//! Syntax errors reported as MRI 3.1 reports them.
//!
//! lib-ruby-parser names an unexpected token by its grammar symbol
//! (`tIDENTIFIER`, `kEND`); MRI prints the human name its grammar gives the
//! same symbol (`local variable or method`, `` `end' ``). MRI then shows the
//! offending line with a marker under the token, except when the token starts
//! its line or the input ended:
//!
//! ```text
//! t.rb:4: syntax error, unexpected *
//! x = a +* b
//!        ^
//! ```
//!
//! MRI also appends `, expecting X` when few tokens could have followed;
//! lib-ruby-parser does not expose its parse tables, so rhizome leaves that
//! part out.

use crate::compile::Source;
use lib_ruby_parser::{Diagnostic, DiagnosticMessage};

/// A program rhizome rejects before running it.
#[derive(Clone, PartialEq, Debug)]
pub struct SyntaxError {
    /// 1-based line MRI reports.
    pub line: u32,
    /// What goes to stderr, without the final newline: usually
    /// `FILE:LINE: syntax error, ...`, possibly followed by the source line
    /// and its marker.
    pub report: String,
}

impl SyntaxError {
    /// `break`, `next`, `redo` or `retry` where there is nothing to jump to,
    /// or `yield` outside a method: MRI finds these when it compiles, and
    /// words the report differently at the top level of a file and
    /// anywhere else (a method, block or class body).
    pub fn invalid_jump(file: &str, line: u32, keyword: &str, top_level: bool) -> SyntaxError {
        let report = if top_level {
            format!("{file}:{line}: Invalid {keyword}\n{file}: compile error (SyntaxError)")
        } else {
            format!("{file}: {file}:{line}: Invalid {keyword} (SyntaxError)")
        };
        SyntaxError { line, report }
    }
}

/// The first error of a failed parse, as MRI words and places it.
pub fn from_diagnostic(diagnostic: &Diagnostic, source: &Source) -> SyntaxError {
    let text = source.text;
    let begin = diagnostic.loc.begin.min(text.len());
    let end = diagnostic.loc.end.clamp(begin, text.len());
    // The end of input is reported at the end of the last line. MRI marks
    // it only when the lexer skipped that line's newline because an
    // expression was unfinished (`x.`, `a +`): a line ending in an operator.
    // Otherwise (and for a token starting a line) there is no marker.
    let line = source.line_of(begin);
    let column = begin - source.line_start(line);
    let (line, column, show_marker) = if begin == text.len() && begin > 0 {
        let content_end = text
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(0, |p| p + 1);
        let last = source.line_of(content_end.saturating_sub(1));
        let unfinished =
            content_end > 0 && b".,([{+-*/%=<>&|^!~?:\\".contains(&text[content_end - 1]);
        (last, content_end - source.line_start(last), unfinished)
    } else {
        (line, column, column > 0)
    };
    let line_start = source.line_start(line);
    let begin = line_start + column;
    let mut message = match &diagnostic.message {
        DiagnosticMessage::UnexpectedToken { token_name } => {
            format!("syntax error, unexpected {}", mri_token_name(token_name))
        }
        _ => diagnostic.render_message(),
    };
    let marker = show_marker
        || !matches!(
            diagnostic.message,
            DiagnosticMessage::UnexpectedToken { .. }
        );
    if marker {
        let line_end = text[line_start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |p| line_start + p);
        let line_text = String::from_utf8_lossy(&text[line_start..line_end]);
        let width = (end.min(line_end) - begin).max(1);
        message.push('\n');
        message.push_str(&line_text);
        message.push('\n');
        message.push_str(&" ".repeat(column));
        message.push('^');
        message.push_str(&"~".repeat(width - 1));
    }
    SyntaxError {
        line,
        report: format!("{}:{line}: {message}", source.file),
    }
}

/// MRI's name for a grammar symbol, as its bison messages print it.
fn mri_token_name(token: &str) -> String {
    if let Some(keyword) = token.strip_prefix('k') {
        if keyword
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_uppercase())
        {
            return keyword_name(keyword);
        }
    }
    let name = match token {
        "END_OF_INPUT" => "end-of-input",
        "tIDENTIFIER" => "local variable or method",
        "tFID" => "method",
        "tGVAR" => "global variable",
        "tIVAR" => "instance variable",
        "tCVAR" => "class variable",
        "tCONSTANT" => "constant",
        "tLABEL" => "label",
        "tINTEGER" => "integer literal",
        "tFLOAT" => "float literal",
        "tRATIONAL" => "rational literal",
        "tIMAGINARY" => "imaginary literal",
        "tCHAR" => "char literal",
        "tNTH_REF" => "numbered reference",
        "tBACK_REF" => "back reference",
        "tSTRING_CONTENT" => "literal content",
        "tUPLUS" => "unary+",
        "tUMINUS" | "tUMINUS_NUM" => "unary-",
        "tPOW" => "**",
        "tCMP" => "<=>",
        "tEQ" => "==",
        "tEQQ" => "===",
        "tNEQ" => "!=",
        "tGEQ" => ">=",
        "tLEQ" => "<=",
        "tANDOP" => "&&",
        "tOROP" => "||",
        "tMATCH" => "=~",
        "tNMATCH" => "!~",
        "tDOT2" => "..",
        "tDOT3" => "...",
        "tBDOT2" => "(..",
        "tBDOT3" => "(...",
        "tAREF" => "[]",
        "tASET" => "[]=",
        "tLSHFT" => "<<",
        "tRSHFT" => ">>",
        "tANDDOT" => "&.",
        "tCOLON2" => "::",
        "tCOLON3" => ":: at EXPR_BEG",
        "tOP_ASGN" => "operator-assignment",
        "tASSOC" => "=>",
        "tLPAREN" => "(",
        "tLPAREN_ARG" => "( arg",
        "tRPAREN" => ")",
        "tLBRACK" => "[",
        "tLBRACE" => "{",
        "tLBRACE_ARG" => "{ arg",
        "tSTAR" => "*",
        "tDSTAR" => "**arg",
        "tAMPER" => "&",
        "tLAMBDA" => "->",
        "tSYMBEG" => "symbol literal",
        "tSTRING_BEG" => "string literal",
        "tXSTRING_BEG" => "backtick literal",
        "tREGEXP_BEG" => "regexp literal",
        "tWORDS_BEG" => "word list",
        "tQWORDS_BEG" => "verbatim word list",
        "tSYMBOLS_BEG" => "symbol list",
        "tQSYMBOLS_BEG" => "verbatim symbol list",
        "tSTRING_END" => "terminator",
        "tLABEL_END" => "label terminator",
        "tNL" => "'\\n'",
        "tSTAR2" => "*",
        "tAMPER2" => "&",
        "tPIPE" => "|",
        "tCARET" => "^",
        "tPLUS" => "+",
        "tMINUS" => "-",
        "tDIVIDE" => "/",
        "tPERCENT" => "%",
        "tTILDE" => "~",
        "tBANG" => "!",
        "tLT" => "<",
        "tGT" => ">",
        "tEQL" => "=",
        "tCOLON" => ":",
        "tCOMMA" => ",",
        "tSEMI" => ";",
        "tDOT" => ".",
        "tRBRACK" => "]",
        "tRCURLY" | "tSTRING_DEND" => "'}'",
        "tLCURLY" => "{",
        "tLBRACK2" => "[",
        "tEH" => "?",
        "tBACK_REF2" => "`",
        "tSTRING_DBEG" => "tSTRING_DBEG",
        "tSTRING_DVAR" => "tSTRING_DVAR",
        other => other,
    };
    name.to_string()
}

/// `` `end' ``, `` `if' modifier ``, ... for lib-ruby-parser's `kEND`,
/// `kIF_MOD`, ...
fn keyword_name(keyword: &str) -> String {
    let lower = keyword.to_ascii_lowercase();
    if let Some(base) = lower.strip_suffix("_mod") {
        return format!("`{base}' modifier");
    }
    let word = match lower.as_str() {
        "defined" => "defined?",
        "begin_upcase" => "BEGIN",
        "end_upcase" => "END",
        "__line__" => "__LINE__",
        "__file__" => "__FILE__",
        "__encoding__" => "__ENCODING__",
        "do_cond" | "do_block" | "do_lambda" => "do",
        other => other,
    };
    format!("`{word}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_tokens_as_mri_does() {
        assert_eq!(mri_token_name("kEND"), "`end'");
        assert_eq!(mri_token_name("kIF_MOD"), "`if' modifier");
        assert_eq!(mri_token_name("tIDENTIFIER"), "local variable or method");
        assert_eq!(mri_token_name("END_OF_INPUT"), "end-of-input");
    }
}
