//! What every suite shares: the `grundy` binary under test and the repository's files.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A command running the `grundy` binary under test.
pub fn grundy() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// A path inside the repository.
pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A judged program of tests/solutions/, as an argument.
pub fn solution(name: &str) -> String {
    repo("tests/solutions").join(name).display().to_string()
}
