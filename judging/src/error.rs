//! The one error type of the command line and the one mapping from a command's result to
//! the process exit code. Every command returns `Result<Outcome, Error>`; `main` prints an
//! error once (`error: …`) and exits with:
//!
//! | code | meaning |
//! |---|---|
//! | 0 | every check passed |
//! | 1 | a finding: a disagreement, a failing verdict, a panic or hang of the subject |
//! | 2 | bad usage, bad input, an I/O error, a broken problem package or judged command |
//! | 3 | an internal error of grundy (e.g. its solver and oracle disagree inside `check`) |
//! | 128+N | stopped by signal N (SIGINT 130, SIGTERM 143, SIGHUP 129) after saving findings |
//! | 141 | standard output was closed early (`| head`): ended quietly, like other Unix tools |
//!
//! Following the regex crate's style the error is opaque: a [`ErrorKind`] to branch on and
//! a message to show.

use std::fmt;
use std::sync::Arc;

/// Exit code: every check passed.
pub const EXIT_OK: i32 = 0;
/// Exit code: a disagreement or a failing verdict was found.
pub const EXIT_FAIL: i32 = 1;
/// Exit code: bad usage or bad input.
pub const EXIT_USAGE: i32 = 2;
/// Exit code: an internal error of grundy.
pub const EXIT_INTERNAL: i32 = 3;
/// Exit code: standard output was closed (128 + SIGPIPE).
pub const EXIT_BROKEN_PIPE: i32 = 141;

/// What a command found, when it ran to the end (or was stopped by a signal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every check passed.
    Passed,
    /// Something failed: findings, failing verdicts, failing cases.
    Failed,
}

impl Outcome {
    /// `Failed` when `failed` is true.
    pub fn failed_if(failed: bool) -> Outcome {
        if failed {
            Outcome::Failed
        } else {
            Outcome::Passed
        }
    }
}

/// What went wrong, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad arguments, a missing or unrunnable program, a bad problem package.
    Usage,
    /// A malformed input file.
    Input,
    /// Reading or writing a file failed.
    Io,
    /// Standard output was closed by the reader.
    BrokenPipe,
    /// A bug in grundy itself.
    Internal,
    /// Stopped by a signal (the exit code is 128 + the signal).
    Interrupted,
}

/// What is wrong in a table of a problem package (`[game]`, `[judge]`, `[interact]`, …),
/// in words; the package loader adds the file, line and column of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError(pub String);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TableError {}

impl From<String> for TableError {
    fn from(m: String) -> TableError {
        TableError(m)
    }
}

impl From<&str> for TableError {
    fn from(m: &str) -> TableError {
        TableError(m.to_string())
    }
}

/// The error an [`Error`] wraps.
type Source = Arc<dyn std::error::Error + Send + Sync>;

/// An error of a command: its kind, a message for the user, and the error it wraps (if
/// any: an I/O error, a program that cannot be prepared), kept whole for
/// [`std::error::Error::source`].
#[derive(Clone, Debug)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    source: Option<Source>,
}

impl Error {
    /// An error of the given kind.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            source: None,
        }
    }

    /// Bad usage.
    pub fn usage(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Usage, message)
    }

    /// Bad input.
    pub fn input(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Input, message)
    }

    /// An internal error.
    pub fn internal(message: impl Into<String>) -> Error {
        Error::new(ErrorKind::Internal, message)
    }

    /// An I/O error on `what` (a path or a stream name); the message names both, and
    /// the I/O error stays the [`source`](std::error::Error::source).
    pub fn io(what: impl fmt::Display, e: std::io::Error) -> Error {
        let kind = if e.kind() == std::io::ErrorKind::BrokenPipe {
            ErrorKind::BrokenPipe
        } else {
            ErrorKind::Io
        };
        Error {
            kind,
            message: format!("{what}: {e}"),
            source: Some(Arc::new(e)),
        }
    }

    /// The same error with its message prefixed by where it happened (`what: message`).
    pub fn within(mut self, what: impl fmt::Display) -> Error {
        self.message = format!("{what}: {}", self.message);
        self
    }

    /// The kind.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The exit code of this error.
    pub fn exit_code(&self) -> i32 {
        match self.kind {
            ErrorKind::Usage | ErrorKind::Input | ErrorKind::Io => EXIT_USAGE,
            ErrorKind::BrokenPipe => EXIT_BROKEN_PIPE,
            ErrorKind::Internal => EXIT_INTERNAL,
            ErrorKind::Interrupted => {
                128 + grundy_sandbox::contain::received().unwrap_or(libc::SIGINT)
            }
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// A program that cannot be prepared is bad usage.
impl From<grundy_sandbox::program::PrepareError> for Error {
    fn from(e: grundy_sandbox::program::PrepareError) -> Error {
        Error {
            kind: ErrorKind::Usage,
            message: e.to_string(),
            source: Some(Arc::new(e)),
        }
    }
}

impl From<crate::input::BadInput> for Error {
    fn from(e: crate::input::BadInput) -> Error {
        Error::input(e.0)
    }
}
