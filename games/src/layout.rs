//! The canonical layout of an input, as strict readers hold it (testlib's validators,
//! checktestdata): tokens separated by one space, no space at the start or end of a line,
//! no blank line, `\n` line ends, a newline at the very end, integers without a leading
//! zero or a `+`, and each line holding as many tokens as the format puts there. The
//! tokens per line are compared with the input written back by its own writer (which may
//! order a tree's edges differently, but never puts them on other lines). Every rejection
//! names its line and column.

use crate::error::{ErrorKind, InputError};

/// Where each token of a line starts (0-based byte offsets).
fn token_starts(line: &[u8]) -> impl Iterator<Item = usize> + '_ {
    (0..line.len()).filter(move |&i| line[i] != b' ' && (i == 0 || line[i - 1] == b' '))
}

/// Checks that `input` is laid out as `canonical` (the same input written back by the
/// format's writer) and as a strict reader wants it.
pub fn check(input: &[u8], canonical: &[u8]) -> Result<(), InputError> {
    lexical(input)?;
    let (a, b) = (per_line(input), per_line(canonical));
    for (k, (got, want)) in a.iter().zip(&b).enumerate() {
        if got != want {
            // The column of the first token too many, or just past the line's end when
            // tokens are missing.
            let line = input.split(|&c| c == b'\n').nth(k).unwrap_or_default();
            let column = token_starts(line).nth(*want).unwrap_or(line.len()) + 1;
            return Err(InputError::new(
                k + 1,
                ErrorKind::Constraint,
                format!(
                    "{got} token{} on this line, where the format puts {want}",
                    if *got == 1 { "" } else { "s" }
                ),
            )
            .at_column(column));
        }
    }
    if a.len() != b.len() {
        let k = a.len().min(b.len());
        return Err(InputError::new(
            k + 1,
            ErrorKind::Constraint,
            format!(
                "the input has {} lines, where the format has {}",
                a.len(),
                b.len()
            ),
        )
        .at_column(1));
    }
    Ok(())
}

/// Tokens on each line.
fn per_line(text: &[u8]) -> Vec<usize> {
    let mut counts: Vec<usize> = text
        .split(|&b| b == b'\n')
        .map(|l| {
            l.split(|b| b.is_ascii_whitespace())
                .filter(|t| !t.is_empty())
                .count()
        })
        .collect();
    while counts.last() == Some(&0) {
        counts.pop();
    }
    counts
}

/// The white space and the integers' spelling, byte by byte.
fn lexical(input: &[u8]) -> Result<(), InputError> {
    let (mut line, mut col) = (1usize, 1usize);
    let at = |line: usize, col: usize, what: &str| {
        Err(InputError::new(line, ErrorKind::Constraint, what).at_column(col))
    };
    let mut i = 0;
    while i < input.len() {
        let b = input[i];
        let line_start = col == 1;
        match b {
            b'\r' => {
                return at(
                    line,
                    col,
                    "a carriage return: lines end with \\n alone (not \\r\\n)",
                )
            }
            b'\t' | 0x0b | 0x0c => {
                return at(
                    line,
                    col,
                    "a tab or form feed: tokens are separated by one space",
                )
            }
            b'\n' if line_start => {
                return at(line, col, "a blank line (no line of the format is empty)")
            }
            b'\n' => {
                line += 1;
                col = 1;
                i += 1;
                continue;
            }
            b' ' if line_start => return at(line, col, "a space at the start of the line"),
            b' ' => match input.get(i + 1) {
                Some(b' ') => return at(line, col, "two spaces between tokens (one is the rule)"),
                Some(b'\n') | None => return at(line, col, "a space at the end of the line"),
                _ => {}
            },
            _ => {
                // A token: its spelling, when it is an integer.
                let end = input[i..]
                    .iter()
                    .position(|c| c.is_ascii_whitespace())
                    .map_or(input.len(), |k| i + k);
                let tok = &input[i..end];
                let digits = tok.strip_prefix(b"-").unwrap_or(tok);
                let numeric = !digits.is_empty() && digits.iter().all(u8::is_ascii_digit);
                let shown = String::from_utf8_lossy(tok);
                if tok.first() == Some(&b'+') && tok[1..].iter().all(u8::is_ascii_digit) {
                    return at(
                        line,
                        col,
                        &format!("`{shown}`: an integer is written without `+`"),
                    );
                }
                if numeric && digits.len() > 1 && digits[0] == b'0' {
                    return at(line, col, &format!("`{shown}` has a leading zero"));
                }
                if numeric && tok[0] == b'-' && digits == b"0" {
                    return at(line, col, "`-0`: zero is written `0`");
                }
                col += end - i;
                i = end;
                continue;
            }
        }
        col += 1;
        i += 1;
    }
    if input.last().is_some_and(|&b| b != b'\n') {
        return at(line, col, "no newline at the end of the input");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const CANONICAL: &[u8] = b"3\n1 2\n2 3\n";

    fn says(input: &[u8]) -> String {
        check(input, CANONICAL).unwrap_err().to_string()
    }

    #[test]
    fn the_canonical_layout_passes_and_every_variant_is_named_at_its_place() {
        assert!(check(CANONICAL, CANONICAL).is_ok());
        // A tree's edges in another order or orientation are the same layout.
        assert!(check(b"3\n3 2\n1 2\n", CANONICAL).is_ok());
        for (input, line, what) in [
            (&b"3\n1  2\n2 3\n"[..], 2, "line 2, column 2: two spaces"),
            (
                b"3\n1 2 \n2 3\n",
                2,
                "line 2, column 4: a space at the end of the line",
            ),
            (b"3\n\n1 2\n2 3\n", 2, "line 2, column 1: a blank line"),
            (
                b"3\r\n1 2\r\n2 3\r\n",
                1,
                "line 1, column 2: a carriage return",
            ),
            (b"3\n1 2\n2 3", 3, "no newline at the end"),
            (
                b"03\n1 2\n2 3\n",
                1,
                "line 1, column 1: `03` has a leading zero",
            ),
            (
                b"+3\n1 2\n2 3\n",
                1,
                "`+3`: an integer is written without `+`",
            ),
            (
                b"3\n1 2 2 3\n",
                2,
                "line 2, column 5: 4 tokens on this line, where the format puts 2",
            ),
            (b" 3\n1 2\n2 3\n", 1, "a space at the start of the line"),
            (b"3\n1\t2\n2 3\n", 2, "line 2, column 2: a tab"),
        ] {
            let e = says(input);
            assert!(e.starts_with(&format!("line {line}")), "{e}");
            assert!(e.contains(what), "{e}");
        }
    }
}
