//! The one error type of every parser and validator: an input problem that names the line
//! and says what was expected.
//!
//! Following the regex crate's style, [`InputError`] is opaque: callers match on
//! [`InputError::kind`] and show it with `Display`, which always reads
//! `line L: expected …, found …` (or a constraint that was broken on line L).

use std::fmt;

/// What went wrong, for callers that branch on it (tests, the fuzz targets, exit codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The input ended where another token was expected (this includes an empty file).
    UnexpectedEnd,
    /// A token that is not a non-negative decimal integer where one was expected.
    NotANumber,
    /// A number outside the range the format or the problem allows.
    OutOfRange,
    /// Tokens left over after a complete input.
    TrailingInput,
    /// The edges do not form a tree (a cycle, a self-loop, a disconnected part).
    NotATree,
    /// A structural constraint of a contest problem is broken (e.g. not a cactus).
    Constraint,
    /// A settings line that is not of the form expected (`key = value` with a known key
    /// and a value of its type), as in a `[statement]` table.
    Setting,
}

/// A bad input: the line it was found on, its kind and a message saying what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    line: usize,
    /// The 1-based column, where the error knows it.
    column: Option<usize>,
    kind: ErrorKind,
    message: String,
}

impl InputError {
    /// A new error on `line` (1-based) with a message that completes "line L: …".
    pub fn new(line: usize, kind: ErrorKind, message: impl Into<String>) -> InputError {
        InputError {
            line,
            column: None,
            kind,
            message: message.into(),
        }
    }

    /// The error at a column of its line too (`line L, column C: …`).
    pub fn at_column(mut self, column: usize) -> InputError {
        self.column = Some(column);
        self
    }

    /// The 1-based line the problem was found on.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The kind of the problem.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message without the line prefix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {c}: {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl std::error::Error for InputError {}

/// Result alias of the parsers.
pub type Result<T> = std::result::Result<T, InputError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_keeps_its_line_kind_and_message_and_shows_the_line_first() {
        let e = InputError::new(7, ErrorKind::OutOfRange, "expected N, found 0");
        assert_eq!(e.line(), 7);
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        assert_eq!(e.message(), "expected N, found 0");
        assert_eq!(e.to_string(), "line 7: expected N, found 0");
    }
}
