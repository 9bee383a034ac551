//! One module per command; each returns `Result<Outcome, Error>` (see [`crate::error`]).

pub mod bench;
pub mod bench_check;
pub mod bench_rules;
pub mod check;
pub mod exhaust;
pub mod fuzz;
pub mod harden;
pub mod import;
pub mod package;
pub mod replay;
pub mod selftest;
pub mod solve;
pub mod testset;
pub mod tle;
pub mod values;

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
