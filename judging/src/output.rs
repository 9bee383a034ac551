//! Standard output for every command, and showing untrusted text safely.
//!
//! [`outln!`](crate::outln) and [`out!`](crate::out) write to standard output like
//! `println!`/`print!` but never panic: the first write error (a closed pipe, a full
//! disk) is recorded, later writes are dropped, and the exit code reports it
//! (the binary's `exit::exit_code`): 141 quietly for a closed pipe, 2 with a message
//! otherwise. The command itself runs on, so findings are still saved.
//!
//! [`escape`] makes text from inputs and judged programs safe for a terminal or a report:
//! control bytes (ESC, BEL, …) are shown as `\x1b`, so a program cannot clear the screen
//! or retitle the window.

use crate::error::Error;
use std::borrow::Cow;
use std::io::Write;
use std::sync::Mutex;

static FAILURE: Mutex<Option<Error>> = Mutex::new(None);

/// Writes formatted text to standard output (see the module docs).
pub fn write(args: std::fmt::Arguments<'_>) {
    let mut failure = FAILURE.lock().unwrap_or_else(|e| e.into_inner());
    if failure.is_some() {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|_| stdout.flush()) {
        *failure = Some(Error::io("standard output", e));
    }
}

/// Writes bytes to standard output (see the module docs).
pub fn write_bytes(bytes: &[u8]) {
    let mut failure = FAILURE.lock().unwrap_or_else(|e| e.into_inner());
    if failure.is_some() {
        return;
    }
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(bytes).and_then(|_| stdout.flush()) {
        *failure = Some(Error::io("standard output", e));
    }
}

/// The first failure to write standard output, if any.
pub fn failure() -> Option<Error> {
    FAILURE.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// `println!` to standard output that never panics (see [`crate::output`]).
#[macro_export]
macro_rules! outln {
    () => { $crate::output::write(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::output::write(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `print!` to standard output that never panics (see [`crate::output`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::output::write(format_args!($($arg)*)) };
}

/// Text with control characters other than newline and tab shown as `\xHH` (`\u{…}` for
/// other non-printing code points), and invalid UTF-8 replaced.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut s = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            if (c as u32) < 0x100 {
                s += &format!("\\x{:02x}", c as u32);
            } else {
                s += &format!("\\u{{{:x}}}", c as u32);
            }
        } else {
            s.push(c);
        }
    }
    Cow::Owned(s)
}

/// [`escape`] for bytes that may not be UTF-8.
pub fn escape_bytes(bytes: &[u8]) -> String {
    escape(&String::from_utf8_lossy(bytes)).into_owned()
}

fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || c == '\u{2028}' || c == '\u{2029}'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_bytes_are_shown_escaped() {
        assert_eq!(escape("a\x1b[2Jb\x01\tc\n"), "a\\x1b[2Jb\\x01\tc\n");
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape_bytes(b"\x07\xff"), "\\x07\u{fffd}");
    }
}

/// `1 vertex`, `2 vertices`.
pub fn vertices(n: usize) -> String {
    if n == 1 {
        "1 vertex".into()
    } else {
        format!("{n} vertices")
    }
}

/// A memory size in words: whole GiB as such (`1 GiB`), else MiB (`256 MiB`).
pub fn mib_text(bytes: u64) -> String {
    if bytes >= 1 << 30 && bytes % (1 << 30) == 0 {
        format!("{} GiB", bytes >> 30)
    } else {
        format!("{} MiB", bytes >> 20)
    }
}

/// A number with its indefinite article, as it is read aloud: `a 2`, `an 8`, `an 11`,
/// `an 18`, `a 256`, `an 80`.
pub fn with_article(n: u64) -> String {
    let s = n.to_string();
    let vowel =
        s.starts_with('8') || (s.len() % 3 == 2 && (s.starts_with("11") || s.starts_with("18")));
    format!("{} {s}", if vowel { "an" } else { "a" })
}

#[cfg(test)]
mod article_tests {
    #[test]
    fn sizes_read_in_mib_or_whole_gib() {
        assert_eq!(super::mib_text(256 << 20), "256 MiB");
        assert_eq!(super::mib_text(1 << 30), "1 GiB");
        assert_eq!(super::mib_text(1536 << 20), "1536 MiB");
    }

    #[test]
    fn articles_follow_the_sound() {
        for (n, w) in [
            (2, "a 2"),
            (8, "an 8"),
            (11, "an 11"),
            (18, "an 18"),
            (80, "an 80"),
            (256, "a 256"),
            (1, "a 1"),
            (11000, "an 11000"),
        ] {
            assert_eq!(super::with_article(n), w);
        }
    }
}

/// Indents every line of `text` by `n` spaces (for reports).
pub fn indent(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.lines()
        .map(|l| format!("{pad}{l}\n"))
        .collect::<String>()
}

/// The `N passed, M failed` line every command ends with.
pub fn summary(passed: u64, failed: u64) -> String {
    format!("{passed} passed, {failed} failed")
}

/// A count with thousands separators (`65,625`).
pub fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
