//! What every end-to-end test needs, in one place: the `grundy` binary under test, paths
//! into the repository (solutions, examples), and a run's stderr as text. Each test file
//! includes it with `mod common;` and uses what it needs.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `grundy` binary built for these tests.
pub fn grundy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// A path inside the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A test solution of tests/solutions/, as a path.
pub fn solution(name: &str) -> String {
    repo("tests/solutions").join(name).display().to_string()
}

/// An example package of examples/problems/.
pub fn example(name: &str) -> PathBuf {
    repo("examples/problems").join(name)
}

/// A run's standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
