//! The output checker: compares an expected and an actual output token by token,
//! ignoring white space, and names the first difference.

use std::fmt;

/// The first place where two outputs differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// 1-based index of the differing token.
    pub token: usize,
    /// 1-based line of the token in the program's output (in the expected output when the
    /// program's ended early).
    pub line: usize,
    /// 1-based line of the expected token, when it is on another line than the program's
    /// (an answer expected one a line, printed on one line).
    pub expected_line: Option<usize>,
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
                "token {} ({}): expected '{e}', found '{a}'",
                self.token,
                where_lines(self.line, self.expected_line)
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

/// Where a differing token stands: `line 3`, or `line 1 of the output, line 3 of the
/// expected output` when the two are on different lines.
fn where_lines(line: usize, expected_line: Option<usize>) -> String {
    match expected_line {
        Some(e) if e != line => {
            format!("line {line} of the output, line {e} of the expected output")
        }
        _ => format!("line {line}"),
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
            (Some((x, lx)), Some((y, ly))) if x != y => {
                return Err(Difference {
                    token: index,
                    line: ly,
                    expected_line: Some(lx),
                    expected: Some(show(x)),
                    actual: Some(show(y)),
                })
            }
            (Some(_), Some(_)) => {}
            (Some((x, lx)), None) => {
                return Err(Difference {
                    token: index,
                    line: lx,
                    expected_line: None,
                    expected: Some(show(x)),
                    actual: None,
                })
            }
            (None, Some((y, ly))) => {
                return Err(Difference {
                    token: index,
                    line: ly,
                    expected_line: None,
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
        // An answer expected one a line, printed on one line: the program's line is named.
        let d = compare(b"0\n0\n1\n", b"0 0 0\n").unwrap_err();
        assert_eq!(
            d.to_string(),
            "token 3 (line 1 of the output, line 3 of the expected output): expected '1', found '0'"
        );
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

/// How an output differs from the one expected, in words (the first difference found, or
/// what is malformed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch(pub String);

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Mismatch {}

impl From<String> for Mismatch {
    fn from(s: String) -> Mismatch {
        Mismatch(s)
    }
}

/// Compares `actual` with `expected` the way `how` says; the error says where they differ.
pub fn compare_with(how: Compare, expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    match how {
        Compare::Tokens => compare(expected, actual).map_err(|d| Mismatch(d.to_string())),
        Compare::Lines => compare_lines(expected, actual),
        Compare::Floats { abs, rel } => compare_floats(abs, rel, expected, actual),
        Compare::Unordered => compare_unordered(expected, actual),
    }
}

/// [`Compare::Lines`].
fn compare_lines(expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    let (e, a) = (lines_of(expected), lines_of(actual));
    let show_line = |l: &[&[u8]]| show(&l.join(&b' '));
    for (i, (x, y)) in e.iter().zip(&a).enumerate() {
        if x != y {
            return Err(format!(
                "line {}: expected '{}', found '{}'",
                i + 1,
                show_line(x),
                show_line(y)
            )
            .into());
        }
    }
    if e.len() != a.len() {
        let count = |k: usize| match k {
            0 => "no line (an empty answer)".to_string(),
            1 => "1 line".to_string(),
            k => format!("{k} lines"),
        };
        let (k, what) = if e.len() < a.len() {
            (e.len(), format!("'{}' is extra", show_line(&a[e.len()])))
        } else {
            (a.len(), format!("'{}' is missing", show_line(&e[a.len()])))
        };
        return Err(format!(
            "expected {}, found {}: line {}, {what}",
            count(e.len()),
            a.len(),
            k + 1
        )
        .into());
    }
    Ok(())
}

/// [`Compare::Floats`]: numbers within `abs` or `rel` (of the expected value), any other
/// token exactly.
fn compare_floats(abs: f64, rel: f64, expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    let (mut e, mut a) = (tokens(expected), tokens(actual));
    let mut index = 0;
    loop {
        index += 1;
        let ((x, line), (y, ly)) = match (e.next(), a.next()) {
            (None, None) => return Ok(()),
            (Some(x), Some(y)) => (x, y),
            (Some((x, line)), None) => {
                return Err(format!(
                    "output ended early: expected '{}' as token {index} (line {line})",
                    show(x)
                )
                .into())
            }
            (None, Some((y, line))) => {
                return Err(format!(
                    "extra output: '{}' as token {index} (line {line}) after the expected end",
                    show(y)
                )
                .into())
            }
        };
        let num = |t: &[u8]| std::str::from_utf8(t).ok()?.parse::<f64>().ok();
        match (num(x), num(y)) {
            (Some(p), Some(q)) if p.is_finite() && q.is_finite() => {
                let d = (p - q).abs();
                if d > abs && d > rel * p.abs() {
                    return Err(format!(
                        "token {index} ({}): expected {}, found {} (difference {d:e}, tolerance {abs:e} absolute or {rel:e} relative)",
                        where_lines(ly, Some(line)),
                        show(x),
                        show(y)
                    ).into());
                }
            }
            (Some(_), _) => {
                return Err(format!(
                    "token {index} ({}): expected the number {}, found '{}'",
                    where_lines(ly, Some(line)),
                    show(x),
                    show(y)
                )
                .into())
            }
            _ if x != y => {
                return Err(format!(
                    "token {index} ({}): expected '{}', found '{}'",
                    where_lines(ly, Some(line)),
                    show(x),
                    show(y)
                )
                .into())
            }
            _ => {}
        }
    }
}

/// [`Compare::Unordered`]: the same tokens as multisets.
fn compare_unordered(expected: &[u8], actual: &[u8]) -> Result<(), Mismatch> {
    let mut e: Vec<&[u8]> = tokens(expected).map(|(t, _)| t).collect();
    let mut a: Vec<&[u8]> = tokens(actual).map(|(t, _)| t).collect();
    e.sort_unstable();
    a.sort_unstable();
    if e.len() != a.len() {
        return Err(format!("expected {} tokens, found {}", e.len(), a.len()).into());
    }
    // The smallest token whose counts differ names the difference: at the first position
    // where the sorted lists differ, the smaller token is missing from the list that has
    // the larger one there.
    match e.iter().zip(&a).find(|(x, y)| x != y) {
        None => Ok(()),
        Some((x, y)) if x < y => {
            Err(format!("'{}' is missing (tokens compared in any order)", show(x)).into())
        }
        Some((_, y)) => Err(format!(
            "'{}' appears too often (tokens compared in any order)",
            show(y)
        )
        .into()),
    }
}

#[cfg(test)]
mod compare_with_tests {
    use super::*;

    const FLOATS: Compare = Compare::Floats {
        abs: 1e-6,
        rel: 1e-3,
    };

    fn verdict(how: Compare, expected: &str, actual: &str) -> Result<(), String> {
        compare_with(how, expected.as_bytes(), actual.as_bytes()).map_err(|m| m.0)
    }

    #[test]
    fn tokens_name_the_token_and_the_line_of_every_kind_of_difference() {
        let d = compare(b"1\n\n2 3\n", b"1 2 4").unwrap_err();
        assert_eq!(
            d.to_string(),
            "token 3 (line 1 of the output, line 3 of the expected output): expected '3', found '4'"
        );
        let d = compare(b"1\n2\n", b"1").unwrap_err();
        assert_eq!(
            d.to_string(),
            "output ended early: expected '2' as token 2 (line 2)"
        );
        let d = compare(b"1", b"1\n\n7").unwrap_err();
        assert_eq!(
            d.to_string(),
            "extra output: '7' as token 2 (line 3) after the expected end"
        );
        assert!(compare(b"", b" \n\t").is_ok());
        assert_eq!(verdict(Compare::Tokens, "1 2", "1\n2"), Ok(()));
        assert_eq!(
            verdict(Compare::Tokens, "1 2", "1 3"),
            Err("token 2 (line 1): expected '2', found '3'".into())
        );
    }

    #[test]
    fn long_tokens_are_cut_at_40_characters() {
        let long = "9".repeat(41);
        let d = compare(long.as_bytes(), b"1").unwrap_err();
        assert_eq!(d.expected.unwrap(), format!("{}…", &long[..40]));
        let exact = "8".repeat(40);
        let d = compare(exact.as_bytes(), b"1").unwrap_err();
        assert_eq!(d.expected.unwrap(), exact);
    }

    #[test]
    fn lines_compare_each_line_ignoring_spacing_and_trailing_empty_lines() {
        assert_eq!(
            verdict(Compare::Lines, "1 2\n3\n", "1   2\n3\n\n\n"),
            Ok(())
        );
        assert_eq!(
            verdict(Compare::Lines, "1 2\n3\n", "1\n2 3\n"),
            Err("line 1: expected '1 2', found '1'".into())
        );
        assert_eq!(
            verdict(Compare::Lines, "1\n2\n", "1\n"),
            Err("expected 2 lines, found 1: line 2, '2' is missing".into())
        );
        assert_eq!(
            verdict(Compare::Lines, "1\n", "1\n2\n"),
            Err("expected 1 line, found 2: line 2, '2' is extra".into())
        );
        // An empty line inside the output counts.
        assert_eq!(
            verdict(Compare::Lines, "1\n2\n", "1\n\n2\n"),
            Err("line 2: expected '2', found ''".into())
        );
    }

    #[test]
    fn floats_accept_either_tolerance_and_nothing_more() {
        assert_eq!(verdict(FLOATS, "1.0 2", "1.0000009 2"), Ok(()));
        // 1000 vs 1000.9: beyond 1e-6 absolute, within 1e-3 relative.
        assert_eq!(verdict(FLOATS, "1000", "1000.9"), Ok(()));
        // Exactly at the tolerance passes; beyond both fails.
        assert_eq!(
            verdict(Compare::Floats { abs: 0.5, rel: 0.0 }, "1", "1.5"),
            Ok(())
        );
        let e = verdict(FLOATS, "1 2", "1 2.5").unwrap_err();
        assert_eq!(
            e,
            "token 2 (line 1): expected 2, found 2.5 (difference 5e-1, tolerance 1e-6 absolute or 1e-3 relative)"
        );
        // The relative tolerance is of the expected value, not the actual one.
        assert!(verdict(Compare::Floats { abs: 0.0, rel: 0.5 }, "1", "1.9").is_err());
        assert_eq!(
            verdict(Compare::Floats { abs: 0.0, rel: 0.5 }, "2", "1.1"),
            Ok(())
        );
        // Exactly at the relative tolerance passes too.
        assert_eq!(
            verdict(Compare::Floats { abs: 0.0, rel: 0.5 }, "2", "1"),
            Ok(())
        );
        assert_eq!(
            verdict(FLOATS, "1", "x"),
            Err("token 1 (line 1): expected the number 1, found 'x'".into())
        );
        assert_eq!(
            verdict(FLOATS, "1", "inf"),
            Err("token 1 (line 1): expected the number 1, found 'inf'".into())
        );
        // Words compare exactly.
        assert_eq!(verdict(FLOATS, "YES 1", "YES 1"), Ok(()));
        assert_eq!(
            verdict(FLOATS, "YES", "NO"),
            Err("token 1 (line 1): expected 'YES', found 'NO'".into())
        );
        assert_eq!(
            verdict(FLOATS, "1\n2", "1"),
            Err("output ended early: expected '2' as token 2 (line 2)".into())
        );
        assert_eq!(
            verdict(FLOATS, "1", "1\n\n3"),
            Err("extra output: '3' as token 2 (line 3) after the expected end".into())
        );
    }

    #[test]
    fn unordered_compares_multisets() {
        assert_eq!(verdict(Compare::Unordered, "3 1 2 2", "2\n1 2 3"), Ok(()));
        assert_eq!(
            verdict(Compare::Unordered, "1 2", "1 2 2"),
            Err("expected 2 tokens, found 3".into())
        );
        assert_eq!(
            verdict(Compare::Unordered, "1 2 2", "1 1 2"),
            Err("'1' appears too often (tokens compared in any order)".into())
        );
        assert_eq!(
            verdict(Compare::Unordered, "1 1 3", "1 3 3"),
            Err("'1' is missing (tokens compared in any order)".into())
        );
        assert_eq!(
            verdict(Compare::Unordered, "2 3", "1 3"),
            Err("'1' appears too often (tokens compared in any order)".into())
        );
        // Not the first differing position of the sorted lists, the token whose count is
        // off: here '1' (twice for once) and '5' (missing), not '2'.
        assert_eq!(
            verdict(Compare::Unordered, "1 2 5", "1 1 2"),
            Err("'1' appears too often (tokens compared in any order)".into())
        );
    }
}
