//! The verdict codes, one list: what a run's [`crate::judge::Verdict`] is called in
//! every report and table, and what a package's `[[solutions]] expect` may name (with
//! `OK` and `failing`). A code added here is known to both at once.

use std::fmt;

/// A verdict's short code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// Accepted.
    Ok,
    /// Wrong answer.
    Wa,
    /// Presentation error: the output is not shaped like an answer.
    Pe,
    /// Runtime error.
    Re,
    /// Over the time limit.
    Tle,
    /// Over the memory limit.
    Mle,
    /// Over the output limit.
    Ole,
    /// The source does not compile.
    Ce,
    /// Undefined behaviour found by the sanitized build (`--sanitize`).
    Ub,
}

impl Code {
    /// Every code, in the order the reports list them.
    pub const ALL: [Code; 9] = [
        Code::Ok,
        Code::Wa,
        Code::Pe,
        Code::Re,
        Code::Tle,
        Code::Mle,
        Code::Ole,
        Code::Ce,
        Code::Ub,
    ];

    /// The code as reports print it (`TLE`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Ok => "OK",
            Code::Wa => "WA",
            Code::Pe => "PE",
            Code::Re => "RE",
            Code::Tle => "TLE",
            Code::Mle => "MLE",
            Code::Ole => "OLE",
            Code::Ce => "CE",
            Code::Ub => "UB",
        }
    }

    /// The code a word names, in any case (`tle`); `None` for no code.
    pub fn parse(word: &str) -> Option<Code> {
        let up = word.trim().to_ascii_uppercase();
        Code::ALL.into_iter().find(|c| c.as_str() == up)
    }

    /// Every code but `OK`, as a list for messages (`WA, PE, TLE, …`).
    pub fn failures() -> String {
        Code::ALL[1..]
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_reads_back_in_any_case() {
        for c in Code::ALL {
            assert_eq!(Code::parse(c.as_str()), Some(c));
            assert_eq!(Code::parse(&c.as_str().to_ascii_lowercase()), Some(c));
        }
        assert_eq!(Code::parse("AC"), None);
        assert_eq!(Code::failures(), "WA, PE, RE, TLE, MLE, OLE, CE, UB");
    }
}
