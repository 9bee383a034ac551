//! The languages grundy builds and runs, as data: each has its file extensions, its
//! compile and run commands, the command that prints its version, how its memory is
//! limited, the words its runtime says when memory runs out, and where to get it. The
//! built-in table is `languages.toml` beside this file; the user's
//! (`~/.config/grundy/languages.toml`) and a package's (`languages.toml` beside
//! `problem.toml`) are read over it, in that order, in the same format: a table with a
//! known `id` changes the fields it gives, a new `id` adds a language.
//!
//! How memory is limited: by default the address space (`RLIMIT_AS`), as judges do for
//! native programs. A runtime that reserves far more address space than it uses (a JVM,
//! Node.js, Mono) is `memory = "resident"`: no address-space limit, its own flag bounds
//! the heap (`-Xmx{memory_mib}m`), and the verdict is MLE when its peak resident memory
//! passes the limit or it says one of its `memory_errors`.

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::sync::{OnceLock, RwLock};

/// The built-in table.
const BUILT_IN: &str = include_str!("languages.toml");

/// How a language's memory is limited.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Memory {
    /// The address space (`RLIMIT_AS`).
    #[default]
    AddressSpace,
    /// The peak resident memory, measured (the runtime's own flag bounds its heap).
    Resident,
}

/// One language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Language {
    /// Its name in `lang = "…"`, `--lang` and reports (`cpp`, `java`, `pypy3`).
    pub id: String,
    /// Its name for people (`Java (OpenJDK)`).
    pub name: String,
    /// The file extensions that choose it (without the dot).
    pub extensions: Vec<String>,
    /// The name the source is compiled under (`{class}.java`), when it matters.
    pub source: Option<String>,
    /// The compile command (none: the source is run as it is).
    pub compile: Vec<String>,
    /// A check of the source before it runs, for a language with no compile (Python
    /// byte-compiled, as DOMjudge and Kattis do): its failure is CE with its message.
    pub syntax: Vec<String>,
    /// The run command.
    pub run: Vec<String>,
    /// The command that prints its version.
    pub version: Vec<String>,
    /// Where to get its toolchain, said when it is missing.
    pub install: String,
    /// How its memory is limited.
    pub memory: Memory,
    /// Words its runtime prints on stderr when memory runs out (then the verdict is MLE).
    pub memory_errors: Vec<String>,
    /// Its name in a Polygon package (`<source type="java11">`), where Polygon has one.
    pub polygon: Option<String>,
}

/// A `[[language]]` table as written: every field but `id` optional, so that a table
/// can change one field of a known language.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    id: String,
    name: Option<String>,
    extensions: Option<Vec<String>>,
    source: Option<String>,
    compile: Option<Vec<String>>,
    syntax: Option<Vec<String>>,
    run: Option<Vec<String>>,
    version: Option<Vec<String>>,
    install: Option<String>,
    memory: Option<Memory>,
    memory_errors: Option<Vec<String>>,
    polygon: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    language: Vec<Entry>,
}

/// The table of languages: the built-in one, with the user's and a package's read over it.
#[derive(Clone, Debug)]
pub struct Languages {
    list: Vec<Language>,
}

impl Languages {
    /// The built-in table alone.
    pub fn built_in() -> Languages {
        let mut t = Languages { list: Vec::new() };
        t.read(BUILT_IN, "the built-in languages.toml")
            .expect("the built-in languages.toml is valid");
        t
    }

    /// Reads a table in the `languages.toml` format over this one. `origin` names the
    /// file in errors, which give its line and column.
    pub fn read(&mut self, text: &str, origin: &str) -> Result<(), TableError> {
        let file: File = toml::from_str(text).map_err(|e| {
            let at = e
                .span()
                .map(|s| {
                    let (line, col) = line_col(text, s.start);
                    format!(":{line}:{col}")
                })
                .unwrap_or_default();
            TableError(format!("{origin}{at}: {}", e.message()))
        })?;
        for (k, e) in file.language.into_iter().enumerate() {
            let at = |what: &str| {
                TableError(format!("{origin}: language {} (`{}`): {what}", k + 1, e.id))
            };
            let index = match self.list.iter().position(|l| l.id == e.id) {
                Some(i) => i,
                None => {
                    if e.run.is_none() {
                        return Err(at("a new language needs `run` (and `name`)"));
                    }
                    self.list.push(Language {
                        id: e.id.clone(),
                        name: e.id.clone(),
                        ..Language::default()
                    });
                    self.list.len() - 1
                }
            };
            if let Some(exts) = &e.extensions {
                let exts: Vec<String> = exts
                    .iter()
                    .map(|x| x.trim_start_matches('.').to_string())
                    .collect();
                // An extension chooses one language: the table read last takes it.
                for other in &mut self.list {
                    other.extensions.retain(|x| !exts.contains(x));
                }
                self.list[index].extensions = exts;
            }
            if e.run.as_ref().is_some_and(|r| r.is_empty()) {
                return Err(at("`run` is empty"));
            }
            let l = &mut self.list[index];
            l.name = e.name.unwrap_or(std::mem::take(&mut l.name));
            l.source = e.source.or(l.source.take());
            l.compile = e.compile.unwrap_or(std::mem::take(&mut l.compile));
            l.syntax = e.syntax.unwrap_or(std::mem::take(&mut l.syntax));
            l.run = e.run.unwrap_or(std::mem::take(&mut l.run));
            l.version = e.version.unwrap_or(std::mem::take(&mut l.version));
            l.install = e.install.unwrap_or(std::mem::take(&mut l.install));
            l.memory = e.memory.unwrap_or(l.memory);
            l.memory_errors = e
                .memory_errors
                .unwrap_or(std::mem::take(&mut l.memory_errors));
            l.polygon = e.polygon.or(l.polygon.take());
        }
        Ok(())
    }

    /// Reads the file `path` over this table, if it exists.
    pub fn read_file(&mut self, path: &Path) -> Result<bool, TableError> {
        match std::fs::read_to_string(path) {
            Ok(text) => self.read(&text, &path.display().to_string()).map(|_| true),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(TableError(format!("{}: {e}", path.display()))),
        }
    }

    /// Every language, in table order.
    pub fn all(&self) -> &[Language] {
        &self.list
    }

    /// The language named `id`.
    pub fn by_id(&self, id: &str) -> Option<&Language> {
        self.list.iter().find(|l| l.id == id)
    }

    /// The language of a solution: `lang` when given, else the one its extension chooses.
    pub fn of(&self, path: &Path, lang: Option<&str>) -> Option<&Language> {
        match lang {
            Some(id) => self.by_id(id),
            None => self.for_file(path),
        }
    }

    /// The language a file's extension chooses.
    pub fn for_file(&self, path: &Path) -> Option<&Language> {
        let ext = path.extension()?.to_str()?;
        self.list
            .iter()
            .find(|l| l.extensions.iter().any(|x| x == ext))
    }

    /// The ids, for an error that lists them.
    pub fn ids(&self) -> String {
        self.list
            .iter()
            .map(|l| l.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Language {
    /// The programs its commands need (the first word of each, unless it is the build).
    pub fn programs(&self) -> Vec<&str> {
        let mut v: Vec<&str> = [self.compile.first(), self.run.first()]
            .into_iter()
            .flatten()
            .map(String::as_str)
            .filter(|w| !w.starts_with('{'))
            .collect();
        v.dedup();
        v
    }

    /// The name a judge wants its source file under: for a language compiled under a name
    /// of its own (Java: `{class}.java`), that name with the main class found in `text`;
    /// else `file_name` as it is.
    pub fn file_name_for_judge(&self, file_name: &str, text: &str) -> String {
        match &self.source {
            Some(template) if template.contains("{class}") => java_main_class(text)
                .map_or(file_name.to_string(), |c| template.replace("{class}", &c)),
            _ => file_name.to_string(),
        }
    }
}

/// The memory a runtime measured by resident memory (a JVM, Node.js) holds besides the
/// heap its flag bounds (`-Xmx{memory_mib}m`): its code, metadata and threads. Its run's
/// control group is limited to the memory limit plus this, so that a heap run out is the
/// runtime's own `OutOfMemoryError`, and a run that holds more is still stopped while it
/// runs (the verdict is MLE past the limit either way).
pub const RUNTIME_OUTSIDE_HEAP: u64 = 64 << 20;

/// A toolchain's program as a judged compile or a version probe runs it: `rustc` is the
/// toolchain's own binary (`rustc --print sysroot`, asked once), not rustup's proxy in
/// `~/.cargo/bin` (which needs the user's home, and which the sandbox would have to show
/// whole); anything else as it is.
pub fn own_program(name: &str) -> String {
    static RUSTC: OnceLock<Option<String>> = OnceLock::new();
    if name != "rustc" {
        return name.to_string();
    }
    RUSTC
        .get_or_init(|| {
            let out = std::process::Command::new("rustc")
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

/// True when `program` names a file, or is found in PATH.
pub fn on_path(program: &str) -> bool {
    if program.contains('/') {
        return Path::new(program).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

/// The 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map_or(before.len(), |i| before.len() - i - 1)
        + 1;
    (line, col)
}

/// The user's table: `$XDG_CONFIG_HOME/grundy/languages.toml`, else
/// `~/.config/grundy/languages.toml`.
pub fn user_file() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("XDG_CONFIG_HOME") {
        return Some(PathBuf::from(d).join("grundy/languages.toml"));
    }
    std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config/grundy/languages.toml"))
}

fn cell() -> &'static RwLock<Result<Languages, TableError>> {
    static TABLE: OnceLock<RwLock<Result<Languages, TableError>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Languages::built_in();
        let read = match user_file() {
            Some(f) => t.read_file(&f).map(|_| t),
            None => Ok(t),
        };
        RwLock::new(read)
    })
}

/// A languages table that cannot be read: the file, the line and column, and what is
/// wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError(pub String);

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TableError {}

/// The table in force: the built-in one with the user's read over it, and the package's
/// once [`read_package`] was called. An error of the user's file is said wherever a
/// language is needed.
pub fn table() -> Result<Languages, TableError> {
    cell()
        .read()
        .map_or_else(|e| e.into_inner().clone(), |t| t.clone())
}

/// `f` of the table in force, without copying it (what every run asks: [`resident`],
/// [`memory_errors`]); `None` when the user's table has an error.
fn with_table<R>(f: impl FnOnce(&Languages) -> R) -> Option<R> {
    let guard = cell().read().unwrap_or_else(|e| e.into_inner());
    guard.as_ref().ok().map(f)
}

/// The compilers of the C family, whose command takes `-DNAME` to define a macro.
const C_FAMILY: [&str; 4] = ["gcc", "g++", "clang", "clang++"];

/// Defines the macros `names` in every C and C++ compile of the table in force (`-DNAME`
/// after the compiler), as a judge's compile command does (`ONLINE_JUDGE` on
/// Codeforces): a judge preset's. A macro already defined is not added again.
pub fn define_macros(names: &[&str]) {
    let mut guard = cell().write().unwrap_or_else(|e| e.into_inner());
    let Ok(t) = guard.as_mut() else { return };
    for l in &mut t.list {
        let Some(first) = l.compile.first() else {
            continue;
        };
        let compiler = Path::new(first)
            .file_name()
            .map_or(first.as_str(), |n| n.to_str().unwrap_or(""));
        if !C_FAMILY.contains(&compiler) {
            continue;
        }
        for name in names.iter().rev() {
            let flag = format!("-D{name}");
            if !l.compile.contains(&flag) {
                l.compile.insert(1, flag);
            }
        }
    }
}

/// Reads a package's `languages.toml` (in `dir`, if there is one) over the table in force.
pub fn read_package(dir: &Path) -> Result<(), TableError> {
    let mut guard = cell().write().unwrap_or_else(|e| e.into_inner());
    if let Ok(t) = guard.as_mut() {
        t.read_file(&dir.join("languages.toml"))?;
    }
    Ok(())
}

/// The programs built from a language measured resident (a Go binary), by path.
fn built_resident() -> &'static std::sync::Mutex<std::collections::HashSet<String>> {
    static BUILT: OnceLock<std::sync::Mutex<std::collections::HashSet<String>>> = OnceLock::new();
    BUILT.get_or_init(Default::default)
}

/// Says that the program at `path` (a build of a language measured resident, such as a
/// Go binary, whose runtime reserves far more address space than it uses) is to run
/// with no address-space limit.
pub fn mark_resident(path: &str) {
    if let Ok(mut set) = built_resident().lock() {
        set.insert(path.to_string());
    }
}

/// True when `program` (a command's first word) is measured by resident memory, so that
/// no address-space limit is set for it: the runtime or compiler of such a language
/// (`java`, `node`, `kotlinc`), or a build of one ([`mark_resident`]).
pub fn resident(program: &str) -> bool {
    if built_resident()
        .lock()
        .is_ok_and(|set| set.contains(program))
    {
        return true;
    }
    let name = Path::new(program)
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or(program);
    with_table(|t| {
        t.list
            .iter()
            .filter(|l| l.memory == Memory::Resident)
            .flat_map(|l| [l.compile.first(), l.run.first()])
            .flatten()
            .filter(|w| !w.starts_with('{'))
            .any(|w| Path::new(w).file_name().and_then(|n| n.to_str()) == Some(name))
    })
    .unwrap_or(false)
}

/// True when `stderr` holds one of any language's words for running out of memory.
pub fn says_out_of_memory(stderr: &str) -> bool {
    with_table(|t| {
        t.list
            .iter()
            .flat_map(|l| &l.memory_errors)
            .any(|w| stderr.contains(w.as_str()))
    })
    .unwrap_or(false)
}

/// `argv` with `{memory_mib}` and `{stack_mib}` filled from a run's limits (in MiB; an
/// unlimited memory is the machine's, an unlimited stack the memory limit). The stack is
/// at most 1 GiB: a JVM refuses a larger `-Xss` ("exceeds the maximum representable
/// size") and does not start, which a judge preset of 2 GiB (Kattis, ICPC) asked for.
pub fn fill_limits(argv: &[String], memory: Option<u64>, stack: Option<u64>) -> Vec<String> {
    if !argv
        .iter()
        .any(|a| a.contains("{memory_mib}") || a.contains("{stack_mib}"))
    {
        return argv.to_vec();
    }
    let memory_mib = memory.map_or_else(machine_memory_mib, |b| (b >> 20).max(1));
    let stack_mib = stack
        .map_or(memory_mib, |b| (b >> 20).max(1))
        .min(MOST_STACK_MIB);
    argv.iter()
        .map(|a| {
            a.replace("{memory_mib}", &memory_mib.to_string())
                .replace("{stack_mib}", &stack_mib.to_string())
        })
        .collect()
}

/// The largest stack `{stack_mib}` says, in MiB.
const MOST_STACK_MIB: u64 = 1024;

/// The machine's memory in MiB (`/proc/meminfo`), 4096 where it cannot be read.
fn machine_memory_mib() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find(|l| l.starts_with("MemTotal:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|k| k.parse::<u64>().ok())
        })
        .map_or(4096, |kib| kib >> 10)
}

/// The main class of a Java source: its public top-level class (javac wants the file named
/// after it), else the first class that declares `main`, else the first class. Comments,
/// strings and character literals are skipped.
pub fn java_main_class(source: &str) -> Option<String> {
    let words = java_words(source);
    let class = java_class(&words)?;
    // In a package (`package bin;`), the class's name is qualified: `bin.Main`.
    let package: String = match words.iter().position(|w| w == "package") {
        Some(p) => words[p + 1..]
            .iter()
            .take_while(|w| w.as_str() != ";")
            .map(String::as_str)
            .collect(),
        None => String::new(),
    };
    Some(if package.is_empty() {
        class
    } else {
        format!("{package}.{class}")
    })
}

/// The main class's own name among a Java source's words: the public class, else the
/// one with `main`, else the first.
fn java_class(words: &[String]) -> Option<String> {
    let class_at = |i: usize| {
        (words.get(i).map(String::as_str) == Some("class"))
            .then(|| words.get(i + 1).cloned())
            .flatten()
    };
    let mut first = None;
    let mut with_main = None;
    let mut current: Option<String> = None;
    let mut depth = 0usize;
    for i in 0..words.len() {
        match words[i].as_str() {
            "{" => depth += 1,
            "}" => depth = depth.saturating_sub(1),
            _ => {}
        }
        if let Some(name) = class_at(i) {
            if depth == 0 {
                if first.is_none() {
                    first = Some(name.clone());
                }
                let public = words[..i]
                    .iter()
                    .rev()
                    .take_while(|w| !matches!(w.as_str(), "{" | "}" | ";"))
                    .any(|w| w == "public");
                if public {
                    return Some(name);
                }
                current = Some(name);
            }
        }
        if words[i] == "main"
            && words.get(i + 1).map(String::as_str) == Some("(")
            && i >= 2
            && words[..i].iter().rev().take(4).any(|w| w == "static")
            && with_main.is_none()
        {
            with_main = current.clone();
        }
    }
    with_main.or(first)
}

/// The words and punctuation of a Java source, without comments and literals.
fn java_words(source: &str) -> Vec<String> {
    let b = source.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 {
            let start = i;
            while i < b.len()
                && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'$' || b[i] >= 0x80)
            {
                i += 1;
            }
            out.push(String::from_utf8_lossy(&b[start..i]).into_owned());
        } else {
            if !c.is_ascii_whitespace() {
                out.push((c as char).to_string());
            }
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_table_has_every_contest_language() {
        let t = Languages::built_in();
        for id in [
            "c",
            "cpp",
            "java",
            "kotlin",
            "python3",
            "pypy3",
            "javascript",
            "go",
            "rust",
            "csharp",
        ] {
            assert!(t.by_id(id).is_some(), "{id}");
        }
        assert_eq!(t.for_file(Path::new("a/Sol.java")).unwrap().id, "java");
        assert_eq!(t.for_file(Path::new("x.cc")).unwrap().id, "cpp");
        assert!(t.for_file(Path::new("x.txt")).is_none());
    }

    /// A table read over another changes only the fields it gives; an extension moves to
    /// the language that names it last.
    #[test]
    fn a_table_changes_the_fields_it_gives() {
        let mut t = Languages::built_in();
        t.read(
            "[[language]]\nid = \"pypy3\"\nextensions = [\"py\"]\n",
            "languages.toml",
        )
        .unwrap();
        assert_eq!(t.for_file(Path::new("s.py")).unwrap().id, "pypy3");
        assert_eq!(t.by_id("pypy3").unwrap().run[0], "pypy3");
        assert!(t.by_id("python3").unwrap().extensions.is_empty());
        let e = t
            .read("[[language]]\nid = \"zig\"\n", "languages.toml")
            .unwrap_err()
            .0;
        assert!(e.contains("needs `run`"), "{e}");
        let e = t
            .read("[[language]]\nid = \"c\"\nrun = 3\n", "x/languages.toml")
            .unwrap_err()
            .0;
        assert!(e.starts_with("x/languages.toml:3:7: "), "{e}");
        let e = t
            .read("[[language]]\nid = \"c\"\nrnu = []\n", "l.toml")
            .unwrap_err()
            .0;
        assert!(e.contains("l.toml:3:1") && e.contains("rnu"), "{e}");
    }

    #[test]
    fn the_main_class_of_a_java_source() {
        let s = "import java.util.*;\n// public class Commented {}\nclass Helper { }\npublic final class Solution {\n  public static void main(String[] a) { String s = \"class Fake\"; }\n}\n";
        assert_eq!(java_main_class(s).as_deref(), Some("Solution"));
        let s = "class A { }\nclass B { public static void main(String[] x) {} }\n";
        assert_eq!(java_main_class(s).as_deref(), Some("B"));
        let s = "class A { class Inner {} }";
        assert_eq!(java_main_class(s).as_deref(), Some("A"));
        assert_eq!(java_main_class("int x;"), None);
        // A class in a package is run by its qualified name (DOMjudge's test-package.java).
        let s = "package bin;\nimport java.io.*;\nclass Main { public static void main(String[] a) {} }\n";
        assert_eq!(java_main_class(s).as_deref(), Some("bin.Main"));
        let s = "package a.b;\npublic class Main { }\n";
        assert_eq!(java_main_class(s).as_deref(), Some("a.b.Main"));
    }

    #[test]
    fn limits_fill_the_run_command() {
        let argv: Vec<String> = ["java", "-Xmx{memory_mib}m", "-Xss{stack_mib}m", "Main"]
            .map(String::from)
            .to_vec();
        let filled = fill_limits(&argv, Some(256 << 20), Some(64 << 20));
        assert_eq!(filled[1], "-Xmx256m");
        assert_eq!(filled[2], "-Xss64m");
        let filled = fill_limits(&argv, Some(256 << 20), None);
        assert_eq!(filled[2], "-Xss256m");
        // A preset's stack as large as 2 GiB of memory: a JVM takes at most 1 GiB.
        let filled = fill_limits(&argv, Some(2048 << 20), Some(2048 << 20));
        assert_eq!(filled[1], "-Xmx2048m");
        assert_eq!(filled[2], "-Xss1024m");
    }
}
