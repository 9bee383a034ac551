//! A byte tokenizer for whitespace-separated integer input that remembers line numbers.
//!
//! Inputs are read whole and parsed as bytes (no UTF-8 decoding, no allocation per token),
//! which is what makes `grundy solve` faster than `cin`. Every read names what it expects,
//! so an error reads `line 4, column 3: expected edge endpoint (an integer in 1..=5), found
//! 'x'` (the column of the token found; none at the end of the input).

use crate::error::{ErrorKind, InputError, Result};

/// Tokenizer over a whole input.
pub struct Scanner<'a> {
    buf: &'a [u8],
    pos: usize,
    line: usize,
    /// Where the current line starts.
    line_start: usize,
    /// The 1-based column of the last token read.
    column: usize,
}

/// Shows a token in an error message: lossy UTF-8, cut to a readable length.
fn show(tok: &[u8]) -> String {
    let s = String::from_utf8_lossy(&tok[..tok.len().min(24)]).into_owned();
    if tok.len() > 24 {
        format!("'{s}…'")
    } else {
        format!("'{s}'")
    }
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `buf`, on line 1.
    pub fn new(buf: &'a [u8]) -> Scanner<'a> {
        Scanner {
            buf,
            pos: 0,
            line: 1,
            line_start: 0,
            column: 1,
        }
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.buf.get(self.pos) {
            match b {
                b'\n' => {
                    self.line += 1;
                    self.line_start = self.pos + 1;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {}
                _ => break,
            }
            self.pos += 1;
        }
    }

    /// The line of the next token (or of the end of input).
    pub fn line(&mut self) -> usize {
        self.skip_space();
        self.line
    }

    /// True when only white space remains.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.buf.len()
    }

    /// Bytes not yet consumed (an upper bound on how many tokens can follow).
    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// The next token and its line, or `None` at the end.
    pub fn token(&mut self) -> Option<(&'a [u8], usize)> {
        self.skip_space();
        if self.pos >= self.buf.len() {
            return None;
        }
        let start = self.pos;
        self.column = start - self.line_start + 1;
        while let Some(&b) = self.buf.get(self.pos) {
            if b.is_ascii_whitespace() || b == 0x0b {
                break;
            }
            self.pos += 1;
        }
        Some((&self.buf[start..self.pos], self.line))
    }

    /// Reads a non-negative integer in `lo..=hi`; `what` completes "expected …".
    pub fn int_in(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64> {
        self.int_with(lo, hi, || what.to_string())
    }

    /// As [`Scanner::int_in`], with the description built only if there is an error
    /// (no allocation per token on the hot path).
    pub fn int_with(&mut self, lo: u64, hi: u64, what: impl Fn() -> String) -> Result<u64> {
        let Some((tok, line)) = self.token() else {
            let what = describe(&what(), lo, hi);
            let empty = if self.buf.iter().all(|b| b.is_ascii_whitespace()) {
                " (the input is empty)"
            } else {
                ""
            };
            return Err(InputError::new(
                self.line,
                ErrorKind::UnexpectedEnd,
                format!("expected {what}, found end of input{empty}"),
            ));
        };
        let mut value: u64 = 0;
        let mut overflow = false;
        if tok.is_empty() || !tok.iter().all(u8::is_ascii_digit) || tok.len() > 40 {
            let what = describe(&what(), lo, hi);
            return Err(InputError::new(
                line,
                ErrorKind::NotANumber,
                format!("expected {what}, found {}", show(tok)),
            )
            .at_column(self.column));
        }
        for &d in tok {
            match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(d - b'0')))
            {
                Some(v) => value = v,
                None => overflow = true,
            }
        }
        if overflow || value < lo || value > hi {
            let what = describe(&what(), lo, hi);
            return Err(InputError::new(
                line,
                ErrorKind::OutOfRange,
                format!("expected {what}, found {}", show(tok)),
            )
            .at_column(self.column));
        }
        Ok(value)
    }

    /// Reads an integer, possibly negative, in `lo..=hi`; `what` completes "expected …".
    pub fn signed_in(&mut self, what: &str, lo: i64, hi: i64) -> Result<i64> {
        self.signed_with(lo, hi, || what.to_string())
    }

    /// As [`Scanner::signed_in`], with the description built only on an error.
    pub fn signed_with(&mut self, lo: i64, hi: i64, what: impl Fn() -> String) -> Result<i64> {
        let describe = |what: String| format!("{what} (an integer in {lo}..={hi})");
        let Some((tok, line)) = self.token() else {
            return Err(InputError::new(
                self.line,
                ErrorKind::UnexpectedEnd,
                format!("expected {}, found end of input", describe(what())),
            ));
        };
        let (neg, digits) = match tok.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, tok),
        };
        if digits.is_empty() || digits.len() > 40 || !digits.iter().all(u8::is_ascii_digit) {
            return Err(InputError::new(
                line,
                ErrorKind::NotANumber,
                format!("expected {}, found {}", describe(what()), show(tok)),
            )
            .at_column(self.column));
        }
        let mut value: i128 = 0;
        for &d in digits {
            value = (value * 10 + i128::from(d - b'0')).min(i128::from(u64::MAX) * 4);
        }
        if neg {
            value = -value;
        }
        if value < i128::from(lo) || value > i128::from(hi) {
            return Err(InputError::new(
                line,
                ErrorKind::OutOfRange,
                format!("expected {}, found {}", describe(what()), show(tok)),
            )
            .at_column(self.column));
        }
        Ok(value as i64)
    }

    /// Reads a 1-based vertex id of a graph with `n` vertices and returns it 0-based.
    pub fn vertex(&mut self, n: usize, what: impl Fn() -> String) -> Result<u32> {
        Ok((self.int_with(1, n as u64, what)? - 1) as u32)
    }

    /// Fails unless only white space remains.
    pub fn finish(&mut self) -> Result<()> {
        match self.token() {
            None => Ok(()),
            Some((tok, line)) => Err(InputError::new(
                line,
                ErrorKind::TrailingInput,
                format!(
                    "unexpected token {} after the end of the input (expected nothing more)",
                    show(tok)
                ),
            )
            .at_column(self.column)),
        }
    }
}

fn describe(what: &str, lo: u64, hi: u64) -> String {
    if hi == u64::MAX {
        format!("{what} (an integer ≥ {lo})")
    } else {
        format!("{what} (an integer in {lo}..={hi})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_lines_and_tokens() {
        let mut s = Scanner::new(b"3\n1 2\n\n x");
        assert_eq!(s.int_in("N", 1, 9).unwrap(), 3);
        assert_eq!(s.int_in("u", 1, 3).unwrap(), 1);
        assert_eq!(s.int_in("v", 1, 3).unwrap(), 2);
        let e = s.int_in("u", 1, 3).unwrap_err();
        assert_eq!(e.line(), 4);
        assert_eq!(e.kind(), ErrorKind::NotANumber);
        assert_eq!(
            e.to_string(),
            "line 4, column 2: expected u (an integer in 1..=3), found 'x'"
        );
    }

    #[test]
    fn empty_input_and_overflow() {
        let e = Scanner::new(b"  \n").int_in("N", 1, 5).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::UnexpectedEnd);
        assert!(e.to_string().contains("empty"), "{e}");
        let e = Scanner::new(b"99999999999999999999999")
            .int_in("N", 1, 5)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        let e = Scanner::new(b"-1").int_in("N", 1, 5).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NotANumber);
    }

    #[test]
    fn trailing_tokens() {
        let mut s = Scanner::new(b"1\n2");
        s.int_in("a", 0, 9).unwrap();
        assert_eq!(s.finish().unwrap_err().line(), 2);
    }

    #[test]
    fn ranges_are_inclusive_at_both_ends() {
        let read = |t: &str, lo, hi| Scanner::new(t.as_bytes()).int_in("x", lo, hi);
        assert_eq!(read("1", 1, 5).unwrap(), 1);
        assert_eq!(read("5", 1, 5).unwrap(), 5);
        assert_eq!(read("0", 1, 5).unwrap_err().kind(), ErrorKind::OutOfRange);
        assert_eq!(read("6", 1, 5).unwrap_err().kind(), ErrorKind::OutOfRange);
        assert_eq!(read("18446744073709551615", 0, u64::MAX).unwrap(), u64::MAX);
        let e = read("18446744073709551616", 0, u64::MAX).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::OutOfRange);
        assert_eq!(
            e.to_string(),
            "line 1, column 1: expected x (an integer ≥ 0), found '18446744073709551616'"
        );
        assert_eq!(read("007", 1, 9).unwrap(), 7);
        let signed = |t: &str| Scanner::new(t.as_bytes()).signed_in("y", -3, 3);
        assert_eq!(signed("-3").unwrap(), -3);
        assert_eq!(signed("3").unwrap(), 3);
        assert_eq!(signed("-0").unwrap(), 0);
        let wide = |t: &str| Scanner::new(t.as_bytes()).signed_in("z", i64::MIN, i64::MAX);
        assert_eq!(wide("-345").unwrap(), -345);
        assert_eq!(wide("9223372036854775807").unwrap(), i64::MAX);
        assert_eq!(wide("-9223372036854775808").unwrap(), i64::MIN);
        assert_eq!(
            wide("9223372036854775808").unwrap_err().kind(),
            ErrorKind::OutOfRange
        );
        assert_eq!(signed("-4").unwrap_err().kind(), ErrorKind::OutOfRange);
        assert_eq!(signed("4").unwrap_err().kind(), ErrorKind::OutOfRange);
        assert_eq!(signed("-").unwrap_err().kind(), ErrorKind::NotANumber);
        assert_eq!(signed("--1").unwrap_err().kind(), ErrorKind::NotANumber);
        assert_eq!(
            signed("").unwrap_err().to_string(),
            "line 1: expected y (an integer in -3..=3), found end of input"
        );
        let huge = format!("-{}", "9".repeat(40));
        assert_eq!(signed(&huge).unwrap_err().kind(), ErrorKind::OutOfRange);
        let huge = "9".repeat(40);
        assert_eq!(signed(&huge).unwrap_err().kind(), ErrorKind::OutOfRange);
        assert_eq!(read(&huge, 0, 9).unwrap_err().kind(), ErrorKind::OutOfRange);
        let huge = "9".repeat(41);
        assert_eq!(signed(&huge).unwrap_err().kind(), ErrorKind::NotANumber);
        assert_eq!(read(&huge, 0, 9).unwrap_err().kind(), ErrorKind::NotANumber);
    }

    #[test]
    fn white_space_of_every_kind_separates_tokens_and_only_newlines_count() {
        let mut s = Scanner::new(b"1\t2\r\n3\x0b4\x0c5\n\n6");
        for want in 1..=5 {
            assert_eq!(s.int_in("v", 0, 9).unwrap(), want);
        }
        assert_eq!(s.line(), 4);
        assert!(!s.at_end());
        assert_eq!(s.remaining(), 1);
        assert_eq!(s.token(), Some((&b"6"[..], 4)));
        assert!(s.at_end());
        assert_eq!(s.token(), None);
        assert!(s.finish().is_ok());
        assert_eq!(s.remaining(), 0);
    }

    #[test]
    fn vertices_are_one_based_and_errors_show_cut_tokens() {
        let mut s = Scanner::new(b"1 4 5");
        assert_eq!(s.vertex(4, || "u".into()).unwrap(), 0);
        assert_eq!(s.vertex(4, || "u".into()).unwrap(), 3);
        assert_eq!(
            s.vertex(4, || "u".into()).unwrap_err().to_string(),
            "line 1, column 5: expected u (an integer in 1..=4), found '5'"
        );
        let long = "x".repeat(25);
        let e = Scanner::new(long.as_bytes()).int_in("n", 0, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "line 1, column 1: expected n (an integer in 0..=9), found '{}…'",
                &long[..24]
            )
        );
        let exact = "x".repeat(24);
        let e = Scanner::new(exact.as_bytes())
            .int_in("n", 0, 9)
            .unwrap_err();
        assert!(e.to_string().ends_with(&format!("found '{exact}'")), "{e}");
        // Only white space: the message says the input is empty; otherwise not.
        let e = Scanner::new(b"").int_in("n", 0, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: expected n (an integer in 0..=9), found end of input (the input is empty)"
        );
        let mut s = Scanner::new(b"1\n");
        s.int_in("n", 0, 9).unwrap();
        let e = s.int_in("m", 0, 9).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: expected m (an integer in 0..=9), found end of input"
        );
        let e = Scanner::new(b"1 2").finish_after_one();
        assert_eq!(
            e,
            "line 1, column 3: unexpected token '2' after the end of the input (expected nothing more)"
        );
    }

    impl Scanner<'_> {
        fn finish_after_one(mut self) -> String {
            self.int_in("a", 0, 9).unwrap();
            self.finish().unwrap_err().to_string()
        }
    }
}
