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

/// How an output is compared with the expected one (the built-in checkers of a problem
/// package; several right answers need a program of the package instead).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Compare {
    /// Line by line, each line's tokens equal (white space inside a line and trailing
    /// empty lines do not matter).
    Lines,
    /// Token by token, lines do not matter.
    Tokens,
    /// Token by token; numbers equal within an absolute or a relative tolerance.
    Floats {
        /// Absolute tolerance.
        abs: f64,
        /// Relative tolerance.
        rel: f64,
    },
    /// The same tokens in any order (as multisets).
    Unordered,
}

fn lines_of(text: &[u8]) -> Vec<Vec<&[u8]>> {
    let mut lines: Vec<Vec<&[u8]>> = text
        .split(|&b| b == b'\n')
        .map(|l| {
            l.split(|b| b.is_ascii_whitespace())
                .filter(|t| !t.is_empty())
                .collect()
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Compares `actual` with `expected` the way `how` says; the error says where they differ.
pub fn compare_with(how: Compare, expected: &[u8], actual: &[u8]) -> Result<(), String> {
    match how {
        Compare::Tokens => compare(expected, actual).map_err(|d| d.to_string()),
        Compare::Lines => {
            let (e, a) = (lines_of(expected), lines_of(actual));
            for (i, (x, y)) in e.iter().zip(&a).enumerate() {
                if x != y {
                    let show_line = |l: &[&[u8]]| show(&l.join(&b' '));
                    return Err(format!(
                        "line {}: expected '{}', found '{}'",
                        i + 1,
                        show_line(x),
                        show_line(y)
                    ));
                }
            }
            if e.len() != a.len() {
                return Err(format!("expected {} lines, found {}", e.len(), a.len()));
            }
            Ok(())
        }
        Compare::Floats { abs, rel } => {
            let mut e = tokens(expected);
            let mut a = tokens(actual);
            let mut index = 0;
            loop {
                index += 1;
                match (e.next(), a.next()) {
                    (None, None) => return Ok(()),
                    (Some((x, line)), Some((y, _))) => {
                        let num = |t: &[u8]| std::str::from_utf8(t).ok()?.parse::<f64>().ok();
                        match (num(x), num(y)) {
                            (Some(p), Some(q)) if p.is_finite() && q.is_finite() => {
                                let d = (p - q).abs();
                                if d > abs && d > rel * p.abs() {
                                    return Err(format!(
                                        "token {index} (line {line}): expected {}, found {} (difference {d:e}, tolerance {abs:e} absolute or {rel:e} relative)",
                                        show(x),
                                        show(y)
                                    ));
                                }
                            }
                            (Some(_), _) => {
                                return Err(format!(
                                "token {index} (line {line}): expected the number {}, found '{}'",
                                show(x),
                                show(y)
                            ))
                            }
                            _ if x != y => {
                                return Err(format!(
                                    "token {index} (line {line}): expected '{}', found '{}'",
                                    show(x),
                                    show(y)
                                ))
                            }
                            _ => {}
                        }
                    }
                    (Some((x, line)), None) => {
                        return Err(format!(
                            "output ended early: expected '{}' as token {index} (line {line})",
                            show(x)
                        ))
                    }
                    (None, Some((y, line))) => {
                        return Err(format!(
                        "extra output: '{}' as token {index} (line {line}) after the expected end",
                        show(y)
                    ))
                    }
                }
            }
        }
        Compare::Unordered => {
            let mut e: Vec<&[u8]> = tokens(expected).map(|(t, _)| t).collect();
            let mut a: Vec<&[u8]> = tokens(actual).map(|(t, _)| t).collect();
            e.sort_unstable();
            a.sort_unstable();
            if e.len() != a.len() {
                return Err(format!("expected {} tokens, found {}", e.len(), a.len()));
            }
            match e.iter().zip(&a).find(|(x, y)| x != y) {
                None => Ok(()),
                Some((x, _)) => {
                    let missing =
                        e.iter().filter(|t| *t == x).count() > a.iter().filter(|t| *t == x).count();
                    Err(if missing {
                        format!("'{}' is missing (tokens compared in any order)", show(x))
                    } else {
                        format!(
                            "'{}' appears too often (tokens compared in any order)",
                            show(x)
                        )
                    })
                }
            }
        }
    }
}
