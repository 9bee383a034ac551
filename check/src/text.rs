//! The text pieces of a `grundy check` report: outputs side by side, a short preview of a
//! (possibly huge) input, shell-quoted reproduce lines, the closing table of groups.

use crate::options::Options;
use grundy_judging::output::{escape, escape_bytes};
use grundy_judging::suite::Suite;

/// Expected and actual output side by side; differing lines marked `≠` (and coloured,
/// expected green and actual red, when `color`).
pub fn side_by_side(left: &[u8], right: &[u8], color: bool) -> String {
    let left = escape_bytes(left);
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<String> = escape_bytes(right).lines().map(String::from).collect();
    let width = l
        .iter()
        .take(20)
        .map(|s| s.chars().count().min(36))
        .max()
        .unwrap_or(0)
        .max(8);
    // A program that printed nothing (stopped, or never flushed): a few expected lines
    // say what was due, not twenty rows of nothing.
    let rows = if r.is_empty() { 5 } else { 20 };
    let mut out = format!("    {:<width$} | actual\n", "expected");
    for i in 0..l.len().max(r.len()).min(rows) {
        let a: String = l.get(i).copied().unwrap_or("").chars().take(36).collect();
        let b: String = r
            .get(i)
            .map(|s| s.as_str())
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        let differs = l.get(i).copied() != r.get(i).map(|s| s.as_str());
        if differs && color {
            out += &format!("    \x1b[32m{a:<width$}\x1b[0m \x1b[1m≠\x1b[0m \x1b[31m{b}\x1b[0m\n");
        } else {
            let mark = if differs { "≠" } else { "|" };
            out += &format!("    {a:<width$} {mark} {b}\n");
        }
    }
    if r.is_empty() && l.len() > rows {
        out += &format!(
            "    … ({} expected lines; the program printed nothing)\n",
            l.len()
        );
    } else if l.len().max(r.len()) > rows {
        out += &format!("    … ({} expected lines, {} actual)\n", l.len(), r.len());
    }
    out
}

/// Expected and actual output side by side as the checker compares them: by token
/// ([`tokens_side_by_side`]) or by line ([`side_by_side`]).
pub fn outputs(left: &[u8], right: &[u8], by_tokens: bool, color: bool) -> String {
    if by_tokens {
        tokens_side_by_side(left, right, color)
    } else {
        side_by_side(left, right, color)
    }
}

/// Expected and actual output token by token, for a checker that compares tokens (an
/// answer of one line beside the expected one a line lines up): from a few tokens before
/// the first that differs, differing tokens marked `≠` (coloured when `color`).
pub fn tokens_side_by_side(left: &[u8], right: &[u8], color: bool) -> String {
    let words = |b: &[u8]| -> Vec<String> {
        escape_bytes(b)
            .split_ascii_whitespace()
            .map(|w| w.chars().take(36).collect())
            .collect()
    };
    let (l, r) = (words(left), words(right));
    let rows = if r.is_empty() { 5 } else { 20 };
    let first = (0..l.len().max(r.len()))
        .find(|&i| l.get(i) != r.get(i))
        .unwrap_or(0);
    let from = first.saturating_sub(3);
    let to = (from + rows).min(l.len().max(r.len()));
    let width = l[from.min(l.len())..to.min(l.len())]
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    let mut out = format!(
        "    {:<width$} | actual (token by token{})\n",
        "expected",
        if from > 0 {
            format!(", from token {}", from + 1)
        } else {
            String::new()
        }
    );
    for i in from..to {
        let a = l.get(i).map_or("", |s| s.as_str());
        let b = r.get(i).map_or("", |s| s.as_str());
        let differs = l.get(i) != r.get(i);
        if differs && color {
            out += &format!("    \x1b[32m{a:<width$}\x1b[0m \x1b[1m≠\x1b[0m \x1b[31m{b}\x1b[0m\n");
        } else {
            let mark = if differs { "≠" } else { "|" };
            out += &format!("    {a:<width$} {mark} {b}\n");
        }
    }
    if r.is_empty() && to < l.len() {
        out += &format!(
            "    … ({} expected tokens; the program printed nothing)\n",
            l.len()
        );
    } else if from > 0 || to < l.len().max(r.len()) {
        out += &format!("    … ({} expected tokens, {} actual)\n", l.len(), r.len());
    }
    out
}

/// The first `lines` lines of a text, escaped, long lines cut with their length shown.
pub fn preview(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    let mut s = all
        .iter()
        .take(lines)
        .map(|l| {
            let l = escape(l);
            if l.chars().count() > 100 {
                let cut: String = l.chars().take(100).collect();
                format!("    {cut}… ({} characters)\n", l.chars().count())
            } else {
                format!("    {l}\n")
            }
        })
        .collect::<String>();
    if all.len() > lines {
        s += &format!("    … ({} lines in all)\n", all.len());
    }
    s
}

/// A long text cut to fit a terminal: its first `head` and last `tail` lines, indented,
/// with how many were left out between (a game's transcript: how it began and how it
/// ended).
pub fn ends(text: &str, head: usize, tail: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    if all.len() <= head + tail {
        return preview(text, all.len());
    }
    let mut s = preview(&all[..head].join("\n"), head);
    s += &format!("    … ({} lines left out)\n", all.len() - head - tail);
    s += &preview(&all[all.len() - tail..].join("\n"), tail);
    s
}

/// The command line that re-runs test `index` with every limit this run used.
pub fn reproduce_line<S: Suite>(suite: &S, o: &Options, index: u64) -> String {
    let l = &o.limits;
    let mut s = format!(
        "grundy check {} --seed {:#x} --cases {} --case {index} --tl {} --wall-factor {} --stack {} --output-limit {}",
        shell_quote(&suite.arg()),
        o.seed,
        o.cases,
        l.time.as_secs_f64(),
        o.limits.wall_factor,
        l.stack.map(|b| (b >> 20).to_string()).unwrap_or("unlimited".into()),
        l.output >> 20,
    );
    match l.memory {
        Some(m) => s += &format!(" --ml {}", m >> 20),
        None => s += " --ml unlimited",
    }
    if o.no_adversarial {
        s += " --no-adversarial";
    }
    if o.no_families {
        s += " --no-families";
    }
    if o.sanitize {
        s += " --sanitize";
    }
    if let Some(lang) = &o.lang {
        s += &format!(" --lang {}", shell_quote(lang));
    }
    let cmd: Vec<String> = o.cmd.iter().map(|a| shell_quote(a)).collect();
    s + " -- " + &cmd.join(" ")
}

/// Quotes a word for a POSIX shell when it needs it.
pub fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:+,@%".contains(&b))
    {
        word.to_string()
    } else {
        format!("'{}'", escape(&word.replace('\'', "'\\''")))
    }
}

/// A table with a header, columns padded to their widest cell.
pub fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            width[i] = width[i].max(c.chars().count());
        }
    }
    let line = |cells: Vec<String>| {
        let mut s = String::from("  ");
        for (i, c) in cells.iter().enumerate() {
            let pad = width[i] - c.chars().count();
            s += c;
            if i + 1 < cells.len() {
                s += &" ".repeat(pad + 2);
            }
        }
        s + "\n"
    };
    let mut out = line(header.iter().map(|h| h.to_string()).collect());
    for r in rows {
        out += &line(r.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A right answer printed on one line beside the expected one a line lines up token
    /// by token (by line it read `0 ≠ 0 0 1`); a wrong token is marked where it is.
    #[test]
    fn outputs_line_up_by_token_where_tokens_are_compared() {
        let shown = outputs(b"0\n0\n1\n", b"0 0 1\n", true, false);
        assert!(!shown.contains('≠'), "{shown}");
        let by_line = outputs(b"0\n0\n1\n", b"0 0 1\n", false, false);
        assert!(by_line.contains("0        ≠ 0 0 1"), "{by_line}");
        let long: String = (0..100).map(|i| format!("{i}\n")).collect();
        let wrong = long.replace("\n50\n", "\n51\n");
        let shown = outputs(long.as_bytes(), wrong.as_bytes(), true, false);
        assert!(shown.contains("from token 48"), "{shown}");
        assert!(shown.contains("50       ≠ 51"), "{shown}");
        assert!(
            shown.contains("(100 expected tokens, 100 actual)"),
            "{shown}"
        );
    }
}
