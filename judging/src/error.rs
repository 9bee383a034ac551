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

/// An error of a command: its kind and a message for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

impl Error {
    /// An error of the given kind.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
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

    /// An I/O error on `what` (a path or a stream name).
    pub fn io(what: impl fmt::Display, e: &std::io::Error) -> Error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Error::new(ErrorKind::BrokenPipe, format!("{what}: {e}"));
        }
        Error::new(ErrorKind::Io, format!("{what}: {e}"))
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
            ErrorKind::Interrupted => 128 + crate::contain::received().unwrap_or(libc::SIGINT),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<crate::input::BadInput> for Error {
    fn from(e: crate::input::BadInput) -> Error {
        Error::input(e.0)
    }
}

/// The exit code of a command's result, after printing its error (once) and any failure
/// to write standard output. A termination signal received during the command wins.
pub fn exit_code(result: Result<Outcome, Error>) -> i32 {
    let result = match (result, crate::output::failure()) {
        (Ok(_), Some(e)) => Err(e),
        (r, _) => r,
    };
    if let Some(sig) = crate::contain::received() {
        eprintln!(
            "stopped by {}; findings so far are saved",
            crate::contain::signal_name(sig)
        );
        return 128 + sig;
    }
    match result {
        Ok(Outcome::Passed) => EXIT_OK,
        Ok(Outcome::Failed) => EXIT_FAIL,
        Err(e) => {
            if !matches!(e.kind, ErrorKind::BrokenPipe | ErrorKind::Interrupted) {
                eprintln!("error: {e}");
            }
            e.exit_code()
        }
    }
}
