//! The program under test: a command line, or a source file compiled once and cached
//! (`sol.cpp` with `g++ -O2 -std=c++17`, `sol.rs` with `rustc -O`, `sol.py` run with
//! `python3`, found once: see [`python`]). The cache key is a hash of the source and the
//! compiler command, so an edited source is rebuilt and an unchanged one is not.
//!
//! Arguments that name existing files are made absolute (the program runs in a fresh
//! empty directory), and a program that does not exist or cannot be executed is refused
//! here, before any test: that is bad usage, not a runtime error of the program.

use crate::contain;
use crate::runner::{self, Exit, Limits};
use std::fmt;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The cache folder: `$GRUNDY_CACHE`, else `$XDG_CACHE_HOME/grundy`, else `~/.cache/grundy`.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("GRUNDY_CACHE") {
        return PathBuf::from(d);
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return PathBuf::from(d).join("grundy");
    }
    if let Some(h) = std::env::var_os("HOME") {
        return PathBuf::from(h).join(".cache/grundy");
    }
    std::env::temp_dir().join("grundy-cache")
}

/// Why a command could not be made ready to run (no command, no such file, not
/// executable, a failed compilation, a cache folder that cannot be written): the message
/// names the file or program, and an I/O cause is kept as the
/// [`source`](std::error::Error::source).
#[derive(Debug)]
pub struct PrepareError {
    message: String,
    source: Option<io::Error>,
}

impl PrepareError {
    fn io(message: String, source: io::Error) -> PrepareError {
        PrepareError {
            message,
            source: Some(source),
        }
    }
}

impl From<String> for PrepareError {
    fn from(message: String) -> PrepareError {
        PrepareError {
            message,
            source: None,
        }
    }
}

impl fmt::Display for PrepareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PrepareError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_ref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// FNV-1a of some bytes: names cached builds and imported cases after their content.
pub fn content_hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The Python interpreter a `.py` program, a `python3 …` command or a rules file runs
/// with: `python3` as a judged program's PATH finds it, resolved once per process to the
/// interpreter itself (its `sys.executable`). A version manager's shim (pyenv's is a
/// shell script choosing a version: 65% of a bare interpreter start on the CI machine)
/// then runs once, not at every run. `python3` itself when it cannot be resolved.
pub fn python() -> &'static str {
    static PYTHON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    PYTHON.get_or_init(|| resolve_python().unwrap_or_else(|| "python3".into()))
}

/// Asks `python3`, started as a judged program is (no environment but PATH, in a
/// folder of its own), where its interpreter is.
fn resolve_python() -> Option<String> {
    let dir = tempfile::tempdir().ok()?;
    let mut cmd = Command::new("python3");
    cmd.args(["-c", "import sys; print(sys.executable)"]);
    let out = contain::output(crate::launcher::judges_environment(&mut cmd, dir.path())).ok()?;
    let exe = String::from_utf8(out.stdout).ok()?;
    let exe = exe.trim_end_matches('\n');
    (out.status.success() && Path::new(exe).is_absolute() && Path::new(exe).is_file())
        .then(|| exe.to_string())
}

/// Turns `CMD ARGS…` into the argv to run, compiling a source file first if needed.
/// Errors (missing file, compile error) are described for the user.
pub fn prepare(cmd: &[String]) -> Result<Vec<String>, PrepareError> {
    let Some(first) = cmd.first() else {
        return Err(
            String::from("no program given: use `grundy check PROBLEM -- CMD ARGS…`").into(),
        );
    };
    let path = Path::new(first);
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let compiler: Option<Vec<&str>> = match ext {
        "cpp" | "cc" | "cxx" => Some(vec!["g++", "-O2", "-std=c++17", "-pipe"]),
        "rs" => Some(vec!["rustc", "-O", "--edition", "2021"]),
        _ => None,
    };
    if ext == "py" {
        if !path.is_file() {
            return Err(format!("{first}: no such file").into());
        }
        let mut argv = vec![python().to_string(), first.clone()];
        argv.extend(cmd[1..].iter().cloned());
        return runnable(argv);
    }
    let Some(compiler) = compiler else {
        let mut argv = cmd.to_vec();
        if argv[0] == "python3" {
            // The same interpreter PATH gives, found once rather than at every run.
            argv[0] = python().to_string();
        }
        return runnable(argv);
    };
    let exe = compile(first, &compiler)?;
    let mut argv = vec![exe.display().to_string()];
    argv.extend(cmd[1..].iter().cloned());
    runnable(argv)
}

/// The limits of a compile: a minute of CPU time (three of wall time), 4 GiB of address
/// space, an unlimited stack, 1 MiB of output.
pub fn compile_limits() -> Limits {
    Limits {
        memory: Some(4 << 30),
        stack: None,
        output: 1 << 20,
        ..Limits::with_time(std::time::Duration::from_secs(60), 3.0)
    }
}

/// A compiler's program as a judged compile runs it: `rustc` is the toolchain's own
/// binary (`rustc --print sysroot`, asked once), not rustup's proxy in `~/.cargo/bin`,
/// so that the sandbox shows just the toolchain; anything else as it is.
fn compiler_program(name: &str) -> String {
    static RUSTC: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    if name != "rustc" {
        return name.to_string();
    }
    RUSTC
        .get_or_init(|| {
            let out = Command::new("rustc")
                .args(["--print", "sysroot"])
                .output()
                .ok()?;
            let root = String::from_utf8(out.stdout).ok()?;
            let exe = Path::new(root.trim()).join("bin/rustc");
            (out.status.success() && exe.is_file()).then(|| exe.display().to_string())
        })
        .clone()
        .unwrap_or_else(|| name.to_string())
}

/// Builds the source file `first` with `compiler` (its flags; the output and the source
/// are added), once: the build is cached by a hash of the source and the command. The
/// compiler runs as a judged program does ([`runner::run_in`]: in the sandbox, in a
/// folder of its own, under [`compile_limits`]).
fn compile(first: &str, compiler: &[&str]) -> Result<PathBuf, PrepareError> {
    let path = Path::new(first);
    let source = std::fs::read(path).map_err(|e| PrepareError::io(format!("{first}: {e}"), e))?;
    let key = content_hash(&[source.as_slice(), compiler.join(" ").as_bytes()].concat());
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("prog");
    let dir = cache_dir().join("build");
    std::fs::create_dir_all(&dir)
        .map_err(|e| PrepareError::io(format!("{}: {e}", dir.display()), e))?;
    let exe = dir.join(format!("{stem}-{key:016x}"));
    if exe.is_file() {
        return Ok(exe);
    }
    let work = tempfile::Builder::new()
        .prefix("grundy-build-")
        .tempdir()
        .map_err(|e| PrepareError::io(format!("a folder to compile {first} in: {e}"), e))?;
    let source =
        std::fs::canonicalize(path).map_err(|e| PrepareError::io(format!("{first}: {e}"), e))?;
    let out = work.path().join("program");
    let mut argv: Vec<String> = vec![compiler_program(compiler[0])];
    argv.extend(compiler[1..].iter().map(|s| s.to_string()));
    argv.extend([
        "-o".to_string(),
        out.display().to_string(),
        source.display().to_string(),
    ]);
    let limits = compile_limits();
    let run = runner::run_in(&argv, &limits, work.path());
    let said = String::from_utf8_lossy(&run.stderr);
    match &run.exit {
        Exit::Success => {}
        Exit::SpawnFailed(why) => {
            return Err(format!("{first}: cannot run {}: {why}", compiler[0]).into())
        }
        Exit::Timeout => {
            return Err(format!(
                "{first}: compilation stopped after {:.0} s of CPU time ({:.0} s wall): over the compile limit of {} s",
                run.cpu.as_secs_f64(),
                run.wall.as_secs_f64(),
                limits.time.as_secs()
            )
            .into())
        }
        other => {
            return Err(format!(
                "{first}: compilation failed ({}: {other}):\n{said}",
                compiler.join(" ")
            )
            .into())
        }
    }
    if !out.is_file() {
        return Err(format!(
            "{first}: the compiler wrote no program ({})",
            compiler.join(" ")
        )
        .into());
    }
    let tmp = dir.join(format!(".{stem}-{key:016x}.{}", std::process::id()));
    std::fs::copy(&out, &tmp)
        .map_err(|e| PrepareError::io(format!("{}: {e}", tmp.display()), e))?;
    std::fs::rename(&tmp, &exe)
        .map_err(|e| PrepareError::io(format!("{}: {e}", exe.display()), e))?;
    Ok(exe)
}

/// The compiler command of a sanitized build of a source file, by its extension: C++
/// with AddressSanitizer, UndefinedBehaviorSanitizer and libstdc++'s debug mode; Rust as
/// a debug build (overflow checks, debug assertions). `None` for anything else (Python
/// names its errors and their lines already).
pub fn sanitized_compiler(first: &str) -> Option<Vec<&'static str>> {
    let ext = Path::new(first).extension().and_then(|e| e.to_str())?;
    match ext {
        "cpp" | "cc" | "cxx" => Some(vec![
            "g++",
            "-std=c++17",
            "-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-D_GLIBCXX_DEBUG",
            "-pipe",
        ]),
        "rs" => Some(vec![
            "rustc",
            "--edition",
            "2021",
            "-g",
            "-C",
            "debug-assertions=on",
            "-C",
            "overflow-checks=on",
        ]),
        _ => None,
    }
}

/// What the sanitized build of a command is.
#[derive(Debug)]
pub enum Sanitized {
    /// The argv that runs it (through `env`, which sets the sanitizers' options).
    Argv(Vec<String>),
    /// The command is not a source file grundy builds (a binary, a script).
    NotASource,
    /// The build failed, e.g. a compiler without the sanitizers' runtime: its words.
    Unavailable(String),
}

/// The sanitized build of `cmd` ([`sanitized_compiler`]), run through `env` with the
/// sanitizers' options: no leak check, a trace on abort (libstdc++'s debug mode aborts),
/// and a resident-memory cap of `rss_mib` (ASan reserves terabytes of address space, so
/// an address-space limit cannot hold it).
pub fn prepare_sanitized(cmd: &[String], rss_mib: u64) -> Sanitized {
    let Some(first) = cmd.first() else {
        return Sanitized::NotASource;
    };
    let Some(compiler) = sanitized_compiler(first) else {
        return Sanitized::NotASource;
    };
    let exe = match compile(first, &compiler) {
        Ok(exe) => exe,
        Err(e) => return Sanitized::Unavailable(e.to_string()),
    };
    let mut argv = vec![
        "/usr/bin/env".to_string(),
        format!(
            "ASAN_OPTIONS=detect_leaks=0:handle_abort=1:hard_rss_limit_mb={rss_mib}:quarantine_size_mb=64:malloc_context_size=4"
        ),
        "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1".to_string(),
        "RUST_BACKTRACE=0".to_string(),
        exe.display().to_string(),
    ];
    argv.extend(cmd[1..].iter().cloned());
    match runnable(argv) {
        Ok(argv) => Sanitized::Argv(argv),
        Err(e) => Sanitized::Unavailable(e.to_string()),
    }
}

/// The argv with file arguments made absolute, if its program can be executed.
fn runnable(argv: Vec<String>) -> Result<Vec<String>, PrepareError> {
    let argv = contain::absolute_args(&argv);
    let program = &argv[0];
    let found = if program.contains('/') {
        Some(PathBuf::from(program))
    } else {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(program))
                .find(|p| p.is_file())
        })
    };
    let Some(path) = found else {
        return Err(
            format!("{program}: no such program (not a file, and not found in PATH)").into(),
        );
    };
    let meta = std::fs::metadata(&path)
        .map_err(|e| PrepareError::io(format!("{program}: cannot run: {e}"), e))?;
    if !meta.is_file() {
        return Err(format!("{program}: not a file").into());
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(format!(
            "{program}: not executable (chmod +x it, or name a source file: .cpp, .rs, .py)"
        )
        .into());
    }
    Ok(argv)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A compile error is reported with the compiler's own words (they were once left on
    /// grundy's stderr, and the report said only "compilation failed").
    #[test]
    fn a_compile_error_shows_the_compiler_s_message() {
        let dir = tempfile::tempdir().unwrap();
        std::env::set_var("GRUNDY_CACHE", dir.path().join("cache"));
        let src = dir.path().join("broken.cpp");
        std::fs::write(&src, "int main() { return undeclared_name; }\n").unwrap();
        let e = prepare(&[src.display().to_string()])
            .unwrap_err()
            .to_string();
        assert!(e.contains("compilation failed"), "{e}");
        assert!(e.contains("undeclared_name"), "{e}");
    }

    /// The interpreter a `.py` program runs with is a real file that runs Python.
    #[test]
    fn python_is_resolved_to_a_working_interpreter() {
        let py = python();
        assert!(py == "python3" || Path::new(py).is_absolute(), "{py}");
        let out = Command::new(py)
            .args(["-c", "print(6 * 7)"])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
    }
}
