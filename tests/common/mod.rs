//! What every end-to-end test needs, in one place: the `grundy` binary under test (with
//! the tests' Python first in its PATH), paths into the repository (solutions, examples),
//! and a run's stderr as text. Each test file includes it with `mod common;` and uses
//! what it needs.

#![allow(dead_code)]

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The `grundy` binary built for these tests, with [`path`] as its PATH and no user
/// configuration.
pub fn grundy() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.env("PATH", path());
    // The tester's own settings (a languages.toml of theirs) stay out of the tests.
    cmd.env(
        "XDG_CONFIG_HOME",
        Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-user-config"),
    );
    cmd
}

/// The PATH of the programs these tests start: a bare virtual environment's `python3`
/// first, then the inherited PATH. The tests' Python programs use only the standard
/// library, and they start about 2,800 times: a machine's site-packages can make every
/// start slow (on the CI machine a `.pth` file imports `certifi`, 40 of a start's 52 ms;
/// the venv's interpreter starts in 12 ms), and a version manager's shim (pyenv's shell
/// script) adds about 90 ms to each start it is in. The environment is made once, in
/// the target folder (`python3 -m venv --without-pip`); where that fails, the PATH is
/// the inherited one unchanged.
pub fn path() -> &'static OsString {
    static PATH: OnceLock<OsString> = OnceLock::new();
    PATH.get_or_init(|| {
        let inherited = std::env::var_os("PATH").unwrap_or_default();
        match bare_python() {
            Some(bin) => {
                let mut dirs = vec![bin];
                dirs.extend(std::env::split_paths(&inherited));
                std::env::join_paths(dirs).unwrap_or(inherited)
            }
            None => inherited,
        }
    })
}

/// The `bin` folder of the tests' bare virtual environment, made if missing: built in
/// a folder of its own and renamed into place, so that two test binaries never see half
/// of one.
fn bare_python() -> Option<PathBuf> {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let venv = root.join("bare-python");
    let bin = venv.join("bin");
    if bin.join("python3").is_file() {
        return Some(bin);
    }
    let tmp = root.join(format!("bare-python.{}", std::process::id()));
    let made = Command::new("python3")
        .args(["-m", "venv", "--without-pip"])
        .arg(&tmp)
        .output()
        .is_ok_and(|o| o.status.success());
    // Another test binary may have won the race (its environment serves as well), or
    // `venv` failed half-way: either way nothing of this attempt is left behind.
    if !made || std::fs::rename(&tmp, &venv).is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    bin.join("python3").is_file().then_some(bin)
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

/// True when a live process runs `PROGRAM … ARG…` with `program` the end of its first
/// word and `arg` the end of a later one (a test's own unique marker: a `sleep 383` or a
/// script's name), so that no other program of the machine is counted.
pub fn processes_running(program: &str, arg: &str) -> bool {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return false;
    };
    dir.flatten().any(|entry| {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            return false;
        };
        let words: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
        words.len() >= 2
            && words[0].ends_with(program.as_bytes())
            && words[1..].iter().any(|w| w.ends_with(arg.as_bytes()))
    })
}

/// `sh -c LINE` in `dir`, with the `grundy` under test first in the PATH (a reproduce line
/// as a user would paste it).
pub fn grundy_shell(line: &str, dir: &Path) -> Command {
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy"));
    let mut dirs = vec![bin.parent().unwrap().to_path_buf()];
    dirs.extend(std::env::split_paths(path()));
    let mut cmd = Command::new("sh");
    cmd.args(["-c", line])
        .current_dir(dir)
        .env("PATH", std::env::join_paths(dirs).unwrap())
        .env(
            "XDG_CONFIG_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-user-config"),
        );
    cmd
}
