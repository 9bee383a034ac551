//! The program under test: a command line, or a source file compiled once and cached
//! (`sol.cpp` with `g++ -O2 -std=c++17`, `sol.rs` with `rustc -O`, `sol.py` run with
//! `python3`, found once: see [`python`]). The cache key is a hash of the source and the
//! compiler command, so an edited source is rebuilt and an unchanged one is not.
//!
//! Arguments that name existing files are made absolute (the program runs in a fresh
//! empty directory), and a program that does not exist or cannot be executed is refused
//! here, before any test: that is bad usage, not a runtime error of the program.

use crate::contain;
use crate::language::{self, Language};
use crate::runner::{self, Exit, RunLimits};
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

/// What kind of trouble stopped a program from being made ready.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrepareKind {
    /// Bad usage: no command, no such file, not executable, an unknown language, a cache
    /// folder that cannot be written.
    Usage,
    /// The source did not compile (a compile error, or a compile stopped at its limits):
    /// the program's own doing, a verdict (CE).
    Compile,
    /// The language's compiler or runtime is not on this machine.
    Toolchain,
}

/// Why a command could not be made ready to run: the message names the file or program
/// (a compile error holds the compiler's first lines), and an I/O cause is kept as the
/// [`source`](std::error::Error::source).
#[derive(Debug)]
pub struct PrepareError {
    message: String,
    kind: PrepareKind,
    source: Option<io::Error>,
}

impl PrepareError {
    fn io(message: String, source: io::Error) -> PrepareError {
        PrepareError {
            message,
            kind: PrepareKind::Usage,
            source: Some(source),
        }
    }

    fn of(kind: PrepareKind, message: String) -> PrepareError {
        PrepareError {
            message,
            kind,
            source: None,
        }
    }

    /// What kind of trouble it is.
    pub fn kind(&self) -> PrepareKind {
        self.kind
    }
}

impl From<String> for PrepareError {
    fn from(message: String) -> PrepareError {
        PrepareError::of(PrepareKind::Usage, message)
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

/// A program made ready to run.
#[derive(Clone, Debug)]
pub struct Prepared {
    /// The argv that runs it (`{memory_mib}` and `{stack_mib}` are filled at each run).
    pub argv: Vec<String>,
    /// The language it is written in (`None`: a command line or an executable).
    pub language: Option<String>,
    /// How long its compile took, when this process compiled it (`None`: nothing to
    /// compile, or the build was cached by an earlier grundy).
    pub compiled: Option<std::time::Duration>,
}

/// Turns `CMD ARGS…` into the argv to run, compiling a source file first if needed.
/// Errors (missing file, compile error) are described for the user.
pub fn prepare(cmd: &[String]) -> Result<Vec<String>, PrepareError> {
    prepare_as(cmd, None).map(|p| p.argv)
}

/// [`prepare`] in the language `lang` (an id of the [languages table](crate::language)),
/// or, with none, the language the source's extension chooses. A file no language claims
/// is run as a command.
pub fn prepare_as(cmd: &[String], lang: Option<&str>) -> Result<Prepared, PrepareError> {
    let Some(first) = cmd.first() else {
        return Err(
            String::from("no program given: use `grundy check PROBLEM -- CMD ARGS…`").into(),
        );
    };
    let table = language::table().map_err(|e| PrepareError::from(e.0))?;
    let path = Path::new(first);
    let chosen = match lang {
        Some(id) => Some(table.by_id(id).ok_or_else(|| {
            PrepareError::from(format!(
                "{first}: no language `{id}` (known: {})",
                table.ids()
            ))
        })?),
        None => table.for_file(path),
    };
    let Some(lang) = chosen else {
        let mut argv = cmd.to_vec();
        if argv[0] == "python3" {
            // The same interpreter PATH gives, found once rather than at every run.
            argv[0] = python().to_string();
        }
        return runnable(argv).map(|argv| Prepared {
            argv,
            language: None,
            compiled: None,
        });
    };
    if !path.is_file() {
        return Err(format!("{first}: no such file").into());
    }
    for word in [lang.compile.first(), lang.run.first()]
        .into_iter()
        .flatten()
    {
        missing_toolchain(first, lang, word)?;
    }
    let text = std::fs::read(path).map_err(|e| PrepareError::io(format!("{first}: {e}"), e))?;
    let class = main_class(first, lang, &text)?;
    let source =
        std::fs::canonicalize(path).map_err(|e| PrepareError::io(format!("{first}: {e}"), e))?;
    let (out, compiled) = if lang.compile.is_empty() {
        if !lang.syntax.is_empty() {
            check_syntax(first, lang, &text, &source)?;
        }
        (PathBuf::new(), None)
    } else {
        build(first, lang, &text, &source, class.as_deref())?
    };
    let mut argv = fill(&lang.run, &source, &out, class.as_deref());
    if argv[0] == "python3" {
        argv[0] = python().to_string();
    }
    if lang.memory == language::Memory::Resident {
        language::mark_resident(&argv[0]);
    }
    let from = argv.len();
    argv.extend(cmd[1..].iter().cloned());
    Ok(Prepared {
        argv: runnable_from(argv, from)?,
        language: Some(lang.id.clone()),
        compiled,
    })
}

/// Refuses a language whose compiler or runtime `word` (a command's first word) is not on
/// this machine, saying where to get it.
fn missing_toolchain(first: &str, lang: &Language, word: &str) -> Result<(), PrepareError> {
    if word.starts_with('{') || found_in_path(word).is_some() {
        return Ok(());
    }
    Err(PrepareError::of(
        PrepareKind::Toolchain,
        format!(
            "{first}: {word}: not found, and {} needs it; install {}",
            lang.name, lang.install
        ),
    ))
}

/// The main class of a language whose commands name `{class}` (Java), found in the source.
fn main_class(first: &str, lang: &Language, text: &[u8]) -> Result<Option<String>, PrepareError> {
    let named = |v: &[String]| v.iter().any(|w| w.contains("{class}"));
    if !(named(&lang.compile)
        || named(&lang.run)
        || lang
            .source
            .as_deref()
            .is_some_and(|s| s.contains("{class}")))
    {
        return Ok(None);
    }
    match language::java_main_class(&String::from_utf8_lossy(text)) {
        Some(c) => Ok(Some(c)),
        None => Err(PrepareError::of(
            PrepareKind::Compile,
            format!(
                "{first}: no class found in the source (a {} program needs one, with `main`)",
                lang.name
            ),
        )),
    }
}

/// A command of the languages table with its words filled.
fn fill(words: &[String], source: &Path, out: &Path, class: Option<&str>) -> Vec<String> {
    words
        .iter()
        .map(|w| {
            w.replace("{source}", &source.display().to_string())
                .replace("{out}", &out.display().to_string())
                .replace("{class}", class.unwrap_or(""))
        })
        .collect()
}

/// The limits of a compile: a minute of CPU time (three of wall time), 4 GiB of memory,
/// an unlimited stack, 1 MiB of printed output, and no file larger than the compile
/// output cap (`[judge] compile-output`, 256 MiB by default). In the sandbox they hold
/// for the whole compiler (its control group: `cc1plus`, `as` and `ld`, not only the
/// `g++` driver).
pub fn compile_limits() -> RunLimits {
    RunLimits {
        memory: Some(4 << 30),
        stack: None,
        output: 1 << 20,
        files: Some(crate::jail::policy().compile_output),
        ..RunLimits::with_time(std::time::Duration::from_secs(60), 3.0)
    }
}

/// The size of a folder's files, its subfolders' included (0 where unreadable), and its
/// largest file.
fn folder_size(dir: &Path) -> (u64, u64) {
    let (mut total, mut largest) = (0, 0);
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            match e.metadata() {
                Ok(m) if m.is_dir() => todo.push(e.path()),
                Ok(m) => {
                    total += m.len();
                    largest = largest.max(m.len());
                }
                Err(_) => {}
            }
        }
    }
    (total, largest)
}

/// A compile error naming the compile output cap: `wrote` bytes written.
fn over_output_cap(first: &str, wrote: &str, limits: &RunLimits) -> PrepareError {
    PrepareError::of(
        PrepareKind::Compile,
        format!(
            "{first}: compilation stopped: {wrote}, over the compile output limit of {} MiB (`[judge] compile-output`)",
            limits.files.unwrap_or(0) >> 20
        ),
    )
}

/// How many lines of a compiler's message a compile error shows.
const COMPILER_LINES: usize = 12;

/// What a compiler's run says: nothing when it succeeded; else why the source did not
/// compile (CE: its time, its output, its first lines of errors, the source named as the
/// user named it), or why the compiler could not be run.
fn compiled(
    run: &runner::Run,
    limits: &RunLimits,
    first: &str,
    source: &Path,
    compiler: &str,
) -> Result<(), PrepareError> {
    let compile_error =
        |what: String| PrepareError::of(PrepareKind::Compile, format!("{first}: {what}"));
    match &run.exit {
        Exit::Success => Ok(()),
        Exit::SpawnFailed(why) => Err(PrepareError::of(
            PrepareKind::Toolchain,
            format!("{first}: cannot run {compiler}: {why}"),
        )),
        Exit::Timeout => Err(compile_error(format!(
            "compilation stopped after {:.0} s of CPU time ({:.0} s wall): over the compile limit of {} s",
            run.cpu.as_secs_f64(),
            run.wall.as_secs_f64(),
            limits.time.as_secs()
        ))),
        Exit::OutputLimit => Err(compile_error(format!(
            "compilation stopped: the compiler printed more than {} MiB",
            limits.output >> 20
        ))),
        other => {
            // javac and a few others write their errors on stdout.
            let mut said = String::from_utf8_lossy(&run.stderr).into_owned();
            if said.trim().is_empty() {
                said = String::from_utf8_lossy(&run.stdout).into_owned();
            }
            // The source as the user named it, not the path the compiler was given.
            let said = said.replace(&source.display().to_string(), first);
            let compiler = Path::new(compiler)
                .file_name()
                .map_or(compiler.into(), |n| n.to_string_lossy());
            Err(compile_error(format!(
                "compilation failed ({compiler}: {other}):\n{}",
                first_lines(&said, COMPILER_LINES)
            )))
        }
    }
}

/// Builds the source `text` (the file `first`, at `source`) with `lang`'s compile command,
/// once: the build folder is cached by a hash of the source and the command, and the
/// time of a fresh build is returned beside it. The compiler runs as a judged program
/// does ([`runner::run_in`]: in the sandbox, in a folder of its own, under
/// [`compile_limits`]); what it writes into `{out}` is kept.
fn build(
    first: &str,
    lang: &Language,
    text: &[u8],
    source: &Path,
    class: Option<&str>,
) -> Result<(PathBuf, Option<std::time::Duration>), PrepareError> {
    let command = lang.compile.join(" ");
    let key = content_hash(&[text, command.as_bytes(), b"\0build-folder"].concat());
    let stem = Path::new(first)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("prog");
    let dir = cache_dir().join("build");
    std::fs::create_dir_all(&dir)
        .map_err(|e| PrepareError::io(format!("{}: {e}", dir.display()), e))?;
    let kept = dir.join(format!("{stem}-{key:016x}"));
    if kept.is_dir() {
        let took = compiled_here()
            .lock()
            .ok()
            .and_then(|m| m.get(&kept).copied());
        return Ok((kept, took));
    }
    let work = tempfile::Builder::new()
        .prefix("grundy-build-")
        .tempdir()
        .map_err(|e| PrepareError::io(format!("a folder to compile {first} in: {e}"), e))?;
    let out = work.path().join("out");
    std::fs::create_dir(&out)
        .map_err(|e| PrepareError::io(format!("{}: {e}", out.display()), e))?;
    // A language that wants the source under a name of its own (Java: the class's) gets
    // a copy of it so named.
    let source = match &lang.source {
        Some(name) => {
            // The file is named by the class's own name, not its package's (`bin.Main` is
            // compiled from `Main.java`).
            let simple = class.map_or("Main", |c| c.rsplit('.').next().unwrap_or(c));
            let copy = work.path().join(name.replace("{class}", simple));
            std::fs::write(&copy, text)
                .map_err(|e| PrepareError::io(format!("{}: {e}", copy.display()), e))?;
            copy
        }
        None => source.to_path_buf(),
    };
    let mut argv = fill(&lang.compile, &source, &out, class);
    argv[0] = language::own_program(&argv[0]);
    let limits = compile_limits();
    let run = runner::run_in(&argv, &limits, work.path());
    let compile_error =
        |what: String| PrepareError::of(PrepareKind::Compile, format!("{first}: {what}"));
    // A file at the cap is one the kernel stopped there (`RLIMIT_FSIZE`): the compile
    // failed on the cap, whatever the compiler then said.
    let cap = limits.files.unwrap_or(u64::MAX);
    let (_, largest) = folder_size(work.path());
    if run.exit != Exit::Success && largest >= cap
        || matches!(run.exit, Exit::Signal(libc::SIGXFSZ, _))
    {
        return Err(over_output_cap(
            first,
            "it wrote a file as large as the cap",
            &limits,
        ));
    }
    compiled(&run, &limits, first, &source, &lang.compile[0])?;
    // The build kept is never over the cap, all its files together.
    let (total, _) = folder_size(&out);
    if total > cap {
        return Err(over_output_cap(
            first,
            &format!("its build is {} MiB", total >> 20),
            &limits,
        ));
    }
    if std::fs::read_dir(&out).map_or(true, |mut d| d.next().is_none()) {
        return Err(compile_error(format!(
            "the compiler wrote nothing ({command})"
        )));
    }
    let tmp = dir.join(format!(".{stem}-{key:016x}.{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    copy_folder(&out, &tmp).map_err(|e| PrepareError::io(format!("{}: {e}", tmp.display()), e))?;
    if let Err(e) = std::fs::rename(&tmp, &kept) {
        // Another grundy built the same source meanwhile: its copy stands.
        let _ = std::fs::remove_dir_all(&tmp);
        if !kept.is_dir() {
            return Err(PrepareError::io(format!("{}: {e}", kept.display()), e));
        }
    }
    if let Ok(mut m) = compiled_here().lock() {
        m.insert(kept.clone(), run.wall);
    }
    Ok((kept, Some(run.wall)))
}

/// Checks the source `text` (the file `first`, at `source`) with `lang`'s `syntax`
/// command before it runs, as a judge byte-compiles Python: in the sandbox, under the
/// compile limits; its failure is CE with its message. A source that passed is
/// remembered in the cache (by a hash of the source and the command), so that it is
/// checked once.
fn check_syntax(
    first: &str,
    lang: &Language,
    text: &[u8],
    source: &Path,
) -> Result<(), PrepareError> {
    let command = lang.syntax.join(" ");
    let key = content_hash(&[text, command.as_bytes(), b"\0syntax"].concat());
    let dir = cache_dir().join("syntax");
    let passed = dir.join(format!("{key:016x}"));
    if passed.is_file() {
        return Ok(());
    }
    let work = tempfile::Builder::new()
        .prefix("grundy-syntax-")
        .tempdir()
        .map_err(|e| PrepareError::io(format!("a folder to check {first} in: {e}"), e))?;
    let out = work.path().join("out");
    std::fs::create_dir(&out)
        .map_err(|e| PrepareError::io(format!("{}: {e}", out.display()), e))?;
    let mut argv = fill(&lang.syntax, source, &out, None);
    if argv[0] == "python3" {
        argv[0] = python().to_string();
    }
    let limits = compile_limits();
    let run = runner::run_in(&argv, &limits, work.path());
    compiled(&run, &limits, first, source, &argv[0])?;
    // Remembered atomically: a marker written whole under a temporary name, then renamed.
    let _ = std::fs::create_dir_all(&dir);
    let tmp = dir.join(format!(".{key:016x}.{}", std::process::id()));
    if std::fs::write(&tmp, b"").is_ok() && std::fs::rename(&tmp, &passed).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    Ok(())
}

/// The builds this process compiled, with their compile time: a build prepared again
/// (each solution of a matrix is prepared before its check) still says how long it took.
fn compiled_here(
) -> &'static std::sync::Mutex<std::collections::HashMap<PathBuf, std::time::Duration>> {
    static BUILT: std::sync::OnceLock<
        std::sync::Mutex<std::collections::HashMap<PathBuf, std::time::Duration>>,
    > = std::sync::OnceLock::new();
    BUILT.get_or_init(Default::default)
}

/// The first `n` lines of a compiler's message, and how many more there were.
fn first_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let mut shown = lines[..lines.len().min(n)].join("\n");
    if lines.len() > n {
        shown += &format!("\n… ({} more lines)", lines.len() - n);
    }
    shown
}

/// Copies the folder `from` to a new folder `to`, with its subfolders (a Java build's
/// packages), keeping permissions.
fn copy_folder(from: &Path, to: &Path) -> io::Result<()> {
    let mut stack = vec![(from.to_path_buf(), to.to_path_buf())];
    while let Some((a, b)) = stack.pop() {
        std::fs::create_dir(&b)?;
        for entry in std::fs::read_dir(&a)? {
            let entry = entry?;
            let target = b.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                stack.push((entry.path(), target));
            } else {
                std::fs::copy(entry.path(), &target)?;
            }
        }
    }
    Ok(())
}

/// The language of a sanitized build of a source file, by its extension: C++ with
/// AddressSanitizer, UndefinedBehaviorSanitizer and libstdc++'s debug mode; C with the
/// two sanitizers; Rust as a debug build (overflow checks, debug assertions). `None` for
/// anything else (Python names its errors and their lines already).
pub fn sanitized_language(first: &str) -> Option<Language> {
    let lang = language::table().ok()?.for_file(Path::new(first))?.clone();
    let flags: &[&str] = match lang.id.as_str() {
        "cpp" | "cpp14" | "cpp20" => &[
            "g++",
            "-std=c++17",
            "-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-D_GLIBCXX_DEBUG",
            "-pipe",
        ],
        "c" => &[
            "gcc",
            "-std=gnu17",
            "-O1",
            "-g",
            "-fno-omit-frame-pointer",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-pipe",
        ],
        "rust" => &[
            "rustc",
            "--edition",
            "2021",
            "-g",
            "-C",
            "debug-assertions=on",
            "-C",
            "overflow-checks=on",
        ],
        _ => return None,
    };
    let mut compile: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    compile.extend(["-o", "{out}/program", "{source}"].map(String::from));
    if lang.id == "c" {
        compile.push("-lm".into());
    }
    Some(Language {
        compile,
        run: vec!["{out}/program".into()],
        ..lang
    })
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

/// The sanitized build of `cmd` ([`sanitized_language`]), run through `env` with the
/// sanitizers' options: no leak check, a trace on abort (libstdc++'s debug mode aborts),
/// and a resident-memory cap of `rss_mib` (ASan reserves terabytes of address space, so
/// an address-space limit cannot hold it).
pub fn prepare_sanitized(cmd: &[String], rss_mib: u64) -> Sanitized {
    let Some(first) = cmd.first() else {
        return Sanitized::NotASource;
    };
    let Some(lang) = sanitized_language(first) else {
        return Sanitized::NotASource;
    };
    let built = std::fs::read(first)
        .map_err(|e| e.to_string())
        .and_then(|text| {
            let source = std::fs::canonicalize(first).map_err(|e| e.to_string())?;
            build(first, &lang, &text, &source, None).map_err(|e| e.to_string())
        });
    let exe = match built {
        Ok((out, _)) => out.join("program"),
        Err(e) => return Sanitized::Unavailable(e),
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
    runnable_from(argv, 0)
}

/// [`runnable`], making absolute only the arguments from `from` on (those before are a
/// language's run command, already absolute where they name files: its `{class}` is a
/// name, not a file).
fn runnable_from(argv: Vec<String>, from: usize) -> Result<Vec<String>, PrepareError> {
    let argv = if from == 0 {
        contain::absolute_args(&argv)
    } else {
        let mut head = argv[..from].to_vec();
        let mut tail = vec![String::new()];
        tail.extend_from_slice(&argv[from..]);
        head.extend(contain::absolute_args(&tail).into_iter().skip(1));
        head
    };
    let program = &argv[0];
    let found = program.contains('/').then(|| PathBuf::from(program));
    let Some(path) = found.or_else(|| found_in_path(program)) else {
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
        let extensions: Vec<String> = language::table()
            .map(|t| {
                t.all()
                    .iter()
                    .flat_map(|l| l.extensions.iter().map(|x| format!(".{x}")))
                    .collect()
            })
            .unwrap_or_default();
        return Err(format!(
            "{program}: not executable (chmod +x it, or name a source file: {})",
            extensions.join(", ")
        )
        .into());
    }
    Ok(argv)
}

/// The file `program` names: itself when it holds a `/`, else the first of PATH's.
fn found_in_path(program: &str) -> Option<PathBuf> {
    if program.contains('/') {
        return Path::new(program).is_file().then(|| PathBuf::from(program));
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(program))
            .find(|p| p.is_file())
    })
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
