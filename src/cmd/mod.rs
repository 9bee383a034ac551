//! One module per command; each returns the process exit code.

pub mod bench;
pub mod check;
pub mod exhaust;
pub mod fuzz;
pub mod import;
pub mod replay;
pub mod selftest;
pub mod solve;

/// Exit code: every check passed.
pub const EXIT_OK: i32 = 0;
/// Exit code: a disagreement or a failing verdict was found.
pub const EXIT_FAIL: i32 = 1;
/// Exit code: bad usage or bad input.
pub const EXIT_USAGE: i32 = 2;

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
