//! Whether a language's toolchain is on this machine (`grundy languages`): its programs
//! looked up on the PATH, and its version command run contained, as a judged compile runs.
//! Apart from the language table ([`crate::language`]), which runs nothing: the table is
//! read by the launcher, and this probe runs through the runner above it.

use crate::language::{on_path, own_program, Language};
use crate::runner::{run_trusted, Exit, RunLimits};

/// What the version probe of a language found on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// Its toolchain answered: the first line it printed.
    Version(String),
    /// A program of its commands is not on this machine (the program).
    Missing(String),
    /// Its version command did not answer well (what happened).
    Broken(String),
}

/// Runs a language's `version` command (contained, 30 s at most) and says what it found.
pub fn probe(language: &Language) -> Found {
    if let Some(missing) = language.programs().into_iter().find(|p| !on_path(p)) {
        return Found::Missing(missing.to_string());
    }
    if language.version.is_empty() {
        return Found::Version(String::new());
    }
    let limits = RunLimits {
        memory: None,
        ..RunLimits::with_time(std::time::Duration::from_secs(30), 1.0)
    };
    let mut argv = language.version.clone();
    argv[0] = own_program(&argv[0]);
    let run = run_trusted(&argv, b"", &limits);
    // The first line with a version in it (a JVM may warn first).
    let first = |b: &[u8]| {
        String::from_utf8_lossy(b)
            .lines()
            .map(str::trim)
            .find(|l| l.bytes().any(|c| c.is_ascii_digit()) && !l.contains("warning"))
            .map(str::to_string)
    };
    match (&run.exit, first(&run.stdout).or_else(|| first(&run.stderr))) {
        (Exit::Success, Some(line)) => Found::Version(line),
        (exit, said) => Found::Broken(format!(
            "`{}`: {exit}{}",
            language.version.join(" "),
            said.map_or(String::new(), |s| format!(": {s}"))
        )),
    }
}
