//! The sandbox's one error: a program could not be started, or grundy lost track of it —
//! what was being done, and the operating system's cause kept as the source.

use std::fmt;
use std::io;

/// Why a contained program could not be run.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    what: String,
    source: io::Error,
}

/// The kinds of [`Error`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Its working directory or pipes could not be made.
    Setup,
    /// The program could not be executed (missing, not executable, …).
    Start,
    /// Its process could not be waited for.
    Lost,
    /// Its sandbox could not be made (see [`crate::jail`]).
    Jail,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, what: impl Into<String>, source: io::Error) -> Error {
        Error {
            kind,
            what: what.into(),
            source,
        }
    }

    /// What kind of failure it is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what, self.source)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error says what was being done and keeps the operating system's cause.
    #[test]
    fn an_error_keeps_its_kind_and_its_cause() {
        let e = Error::new(
            ErrorKind::Start,
            "exec",
            io::Error::from_raw_os_error(libc::ENOENT),
        );
        assert_eq!(e.kind(), ErrorKind::Start);
        assert!(e.to_string().starts_with("exec: No such file"), "{e}");
        let cause = std::error::Error::source(&e).expect("a source");
        assert!(cause.to_string().contains("No such file"));
    }
}
