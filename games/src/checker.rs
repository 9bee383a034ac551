//! The output checker: compares an expected and an actual output token by token,
//! ignoring white space, and names the first difference.

use std::fmt;

/// The first place where two outputs differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// 1-based index of the differing token.
    pub token: usize,
    /// 1-based line of the token in the expected output (of the actual when it is extra).
    pub line: usize,
    /// The expected token, or `None` when the actual output goes on past the expected end.
    pub expected: Option<String>,
    /// The actual token, or `None` when the actual output ended early.
    pub actual: Option<String>,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.expected, &self.actual) {
            (Some(e), Some(a)) => write!(
                f,
                "token {} (line {}): expected '{e}', found '{a}'",
                self.token, self.line
            ),
            (Some(e), None) => write!(
                f,
                "output ended early: expected '{e}' as token {} (line {})",
                self.token, self.line
            ),
            (None, Some(a)) => write!(
                f,
                "extra output: '{a}' as token {} (line {}) after the expected end",
                self.token, self.line
            ),
            (None, None) => write!(f, "no difference"),
        }
    }
}

fn tokens(text: &[u8]) -> impl Iterator<Item = (&[u8], usize)> {
    let mut line = 1;
    let mut pos = 0;
    std::iter::from_fn(move || {
        while pos < text.len() && text[pos].is_ascii_whitespace() {
            if text[pos] == b'\n' {
                line += 1;
            }
            pos += 1;
        }
        if pos >= text.len() {
            return None;
        }
        let start = pos;
        while pos < text.len() && !text[pos].is_ascii_whitespace() {
            pos += 1;
        }
        Some((&text[start..pos], line))
    })
}

fn show(tok: &[u8]) -> String {
    let s = String::from_utf8_lossy(&tok[..tok.len().min(40)]).into_owned();
    if tok.len() > 40 {
        s + "…"
    } else {
        s
    }
}

/// Compares token by token; `Ok` when the outputs agree.
pub fn compare(expected: &[u8], actual: &[u8]) -> Result<(), Difference> {
    let mut e = tokens(expected);
    let mut a = tokens(actual);
    let mut index = 0;
    loop {
        index += 1;
        match (e.next(), a.next()) {
            (None, None) => return Ok(()),
            (Some((x, lx)), Some((y, _))) if x != y => {
                return Err(Difference {
                    token: index,
                    line: lx,
                    expected: Some(show(x)),
                    actual: Some(show(y)),
                })
            }
            (Some(_), Some(_)) => {}
            (Some((x, lx)), None) => {
                return Err(Difference {
                    token: index,
                    line: lx,
                    expected: Some(show(x)),
                    actual: None,
                })
            }
            (None, Some((y, ly))) => {
                return Err(Difference {
                    token: index,
                    line: ly,
                    expected: None,
                    actual: Some(show(y)),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_tolerant() {
        assert!(compare(b"1 2\n3\n", b"1\n2 3").is_ok());
    }

    #[test]
    fn names_first_difference() {
        let d = compare(b"5\n8\n11\n", b"5\n11\n8\n").unwrap_err();
        assert_eq!(d.to_string(), "token 2 (line 2): expected '8', found '11'");
        let d = compare(b"5\n8\n", b"5").unwrap_err();
        assert!(d.to_string().starts_with("output ended early"));
        let d = compare(b"5", b"5 -1").unwrap_err();
        assert!(d.to_string().starts_with("extra output"));
    }
}
