//! The console examples of the README and the guide (`docs/guide/src/`), run and compared
//! with what they show, so that an example that no longer prints what it shows fails.
//!
//! Each Markdown file is followed from an empty folder of its own, block by block, in
//! order (a walkthrough's steps build on each other):
//! - a ```` ```console ```` block holds commands, each on a line `$ …` (a line ending in
//!   `\` goes on), and below each the output it prints, stdout and stderr together. In
//!   the output shown, `[..]` stands for any text within a line and a line `…` for any
//!   number of lines (times, paths, a long report's middle);
//! - a block whose info string names a file (```` ```python file=kayles/rules.py ````)
//!   writes that file before the next command (`append=PATH`: adds to its end).
//!
//! The commands run under `bash` with `grundy` (the binary under test) first in the PATH,
//! with `examples/`, `problems/` and `tests/` of the repository linked into the folder. A
//! judge's own tool (`verifyproblem`) runs where it is installed (see [`OPTIONAL`]).
//! `GRUNDY_DOCS_BLESS=1` fills in the output of a command shown with none (a new
//! example), `GRUNDY_DOCS_BLESS=all` replaces every output that does not match: what it
//! writes is to be masked by hand where it varies.

use crate::common;
use std::path::PathBuf;
use std::process::Command;

/// One command of a console block.
struct Step {
    /// The line of its `$` in the Markdown file (1-based).
    line: usize,
    command: String,
    /// The output shown.
    shown: Vec<String>,
}

/// What a file's blocks ask for, in order.
enum Block {
    Console(Vec<Step>),
    File {
        path: String,
        text: String,
        append: bool,
    },
}

/// The blocks of a Markdown file.
fn blocks(md: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = md.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let mut body = Vec::new();
        for (i, l) in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push((i + 1, l));
        }
        let file = info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("file="));
        let append = info
            .split_whitespace()
            .find_map(|w| w.strip_prefix("append="));
        if let Some(path) = file.or(append) {
            let text: String = body.iter().map(|(_, l)| format!("{l}\n")).collect();
            let (path, append) = (path.to_string(), append.is_some());
            out.push(Block::File { path, text, append });
        } else if info.trim() == "console" {
            let mut steps: Vec<Step> = Vec::new();
            let mut continued = false;
            for (n, l) in body {
                if continued {
                    let step = steps.last_mut().unwrap();
                    step.command.push('\n');
                    step.command.push_str(l);
                    continued = l.ends_with('\\');
                } else if let Some(cmd) = l.strip_prefix("$ ") {
                    steps.push(Step {
                        line: n,
                        command: cmd.to_string(),
                        shown: Vec::new(),
                    });
                    continued = cmd.ends_with('\\');
                } else {
                    let step = steps
                        .last_mut()
                        .expect("a console block starts with a `$ ` line");
                    step.shown.push(l.to_string());
                }
            }
            out.push(Block::Console(steps));
        }
    }
    out
}

/// Whether one line of output matches a line shown (`[..]`: any text).
fn line_matches(shown: &str, actual: &str) -> bool {
    let parts: Vec<&str> = shown.split("[..]").collect();
    if parts.len() == 1 {
        return shown == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Whether the output matches the lines shown (a line `…`: any lines).
fn matches(shown: &[String], actual: &[String]) -> bool {
    // reach[j]: the first i lines shown can match the first j actual lines.
    let mut reach = vec![false; actual.len() + 1];
    reach[0] = true;
    for s in shown {
        let mut next = vec![false; actual.len() + 1];
        if s.trim() == "…" {
            let mut any = false;
            for j in 0..=actual.len() {
                any |= reach[j];
                next[j] = any;
            }
        } else {
            for j in 0..actual.len() {
                if reach[j] && line_matches(s.trim_end(), actual[j].trim_end()) {
                    next[j + 1] = true;
                }
            }
        }
        reach = next;
    }
    reach[actual.len()]
}

/// Runs the examples of one Markdown file of the repository; panics with every mismatch.
fn run_examples(file: &str) {
    let md_path = common::repo(file);
    let md = std::fs::read_to_string(&md_path).unwrap();
    let work = tempfile::tempdir().unwrap();
    for linked in ["examples", "problems", "tests"] {
        std::os::unix::fs::symlink(common::repo(linked), work.path().join(linked)).unwrap();
    }
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_grundy"));
    let mut dirs = vec![bin.parent().unwrap().to_path_buf()];
    dirs.extend(std::env::split_paths(common::path()));
    let path = std::env::join_paths(dirs).unwrap();
    let bless = std::env::var("GRUNDY_DOCS_BLESS").ok();
    let mut failures = Vec::new();
    let mut fills: Vec<(usize, usize, Vec<String>)> = Vec::new();
    for block in blocks(&md) {
        match block {
            Block::File {
                path: rel,
                text,
                append,
            } => {
                let to = work.path().join(&rel);
                std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                let mut f = std::fs::OpenOptions::new()
                    .create(true)
                    .write(true)
                    .append(append)
                    .truncate(!append)
                    .open(&to)
                    .unwrap();
                std::io::Write::write_all(&mut f, text.as_bytes()).unwrap();
            }
            Block::Console(steps) => {
                for step in steps {
                    let program = step.command.split_whitespace().next().unwrap_or("");
                    let required = std::env::var("GRUNDY_DOCS_REQUIRE")
                        .unwrap_or_default()
                        .split(',')
                        .any(|r| r == program);
                    if OPTIONAL.contains(&program) && !on_path(program, &path) {
                        if required {
                            failures.push(format!(
                                "{file}:{}: `{program}` is required (GRUNDY_DOCS_REQUIRE) and not on the PATH",
                                step.line
                            ));
                        }
                        continue;
                    }
                    if OPTIONAL.contains(&program) && !required {
                        if let Err(why) = works_end_to_end(&path) {
                            eprintln!(
                                "{file}:{}: skipped: `{program}` is installed but does not pass a known-good package here ({why}); .ci/run installs it whole and runs this example",
                                step.line
                            );
                            continue;
                        }
                    }
                    let out = Command::new("timeout")
                        .args(["300", "bash", "-c"])
                        .arg(format!("{{\n{}\n}} 2>&1", step.command))
                        .current_dir(work.path())
                        .env("PATH", &path)
                        .env("NO_COLOR", "1")
                        .env(
                            "GRUNDY_CACHE",
                            std::env::temp_dir().join("grundy-test-cache"),
                        )
                        .output()
                        .unwrap();
                    let actual: Vec<String> = String::from_utf8_lossy(&out.stdout)
                        .lines()
                        .map(str::to_string)
                        .collect();
                    let fill = match bless.as_deref() {
                        Some("all") => !matches(&step.shown, &actual),
                        Some(_) => step.shown.is_empty() && !actual.is_empty(),
                        None => false,
                    };
                    if fill {
                        let first = step.line + step.command.matches('\n').count();
                        fills.push((first, first + step.shown.len(), actual));
                        continue;
                    }
                    if !matches(&step.shown, &actual) {
                        failures.push(format!(
                            "{file}:{}: `{}` printed (exit {:?}):\n{}\n--- but the example shows:\n{}\n",
                            step.line,
                            step.command,
                            out.status.code(),
                            actual.join("\n"),
                            step.shown.join("\n")
                        ));
                    }
                }
            }
        }
    }
    if !fills.is_empty() {
        let mut lines: Vec<String> = md.lines().map(str::to_string).collect();
        for (from, to, actual) in fills.into_iter().rev() {
            lines.splice(from..to, actual);
        }
        std::fs::write(&md_path, lines.join("\n") + "\n").unwrap();
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The judges' own tools an example may run: such a step runs only where the tool is on
/// the PATH (`.ci/kattis-verify` runs these examples again with problemtools installed and
/// `GRUNDY_DOCS_REQUIRE=verifyproblem`, which makes a missing tool a failure).
const OPTIONAL: &[&str] = &["verifyproblem"];

/// Whether `verifyproblem` works end to end on this machine: a known-good package
/// (`examples/problems/subtraction`, exported by grundy) gets `0 errors`. A machine can
/// have the tool without the LaTeX it builds statements with, or with a PyPy it cannot
/// compile with: the examples' errors would then be the machine's, not grundy's. Tried
/// once per test run; `Err` holds the tool's last line.
fn works_end_to_end(path: &std::ffi::OsStr) -> Result<(), String> {
    static WORKS: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    WORKS
        .get_or_init(|| {
            let work = tempfile::tempdir().map_err(|e| e.to_string())?;
            let script = format!(
                "grundy testset {} --out {} --layout kattis --count 2 --shrink-time 5 >/dev/null 2>&1 || {{ echo 'grundy testset failed'; exit; }}; verifyproblem {}/subtraction 2>&1 | tail -1",
                common::repo("examples/problems/subtraction").display(),
                work.path().display(),
                work.path().display()
            );
            let out = Command::new("timeout")
                .args(["600", "bash", "-c", &script])
                .env("PATH", path)
                .output()
                .map_err(|e| e.to_string())?;
            let last = String::from_utf8_lossy(&out.stdout).trim().to_string();
            if last.contains(" 0 errors") {
                Ok(())
            } else {
                Err(last)
            }
        })
        .clone()
}

/// Whether a program is found on a PATH.
fn on_path(program: &str, path: &std::ffi::OsStr) -> bool {
    std::env::split_paths(path).any(|d| d.join(program).is_file())
}

/// Every Markdown file of the guide, and the README.
fn markdown_files() -> Vec<String> {
    let mut files = vec!["README.md".to_string()];
    let src = common::repo("docs/guide/src");
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "md") {
                let rel = p.strip_prefix(common::repo("")).unwrap();
                files.push(rel.display().to_string());
            }
        }
    }
    files.sort();
    files
}

/// The files that have console examples or files to write: each has a test below.
const TESTED: &[&str] = &[
    "README.md",
    "docs/guide/src/walkthroughs/check-a-solution.md",
    "docs/guide/src/walkthroughs/setter.md",
    "docs/guide/src/walkthroughs/new-game.md",
    "docs/guide/src/walkthroughs/interactive.md",
    "docs/guide/src/walkthroughs/ci.md",
    "docs/guide/src/walkthroughs/real-statement.md",
    "docs/guide/src/reference/commands.md",
    "docs/guide/src/reference/formats.md",
    "docs/guide/src/reference/campaigns.md",
    "docs/guide/src/reference/check.md",
    "docs/guide/src/reference/tle.md",
    "docs/guide/src/reference/packages.md",
    "docs/guide/src/reference/rules.md",
    "docs/guide/src/reference/interactive.md",
    "docs/guide/src/reference/languages.md",
];

#[test]
fn every_file_with_examples_is_run() {
    for file in markdown_files() {
        let md = std::fs::read_to_string(common::repo(&file)).unwrap();
        let has = !blocks(&md).is_empty();
        assert_eq!(
            has,
            TESTED.contains(&file.as_str()),
            "{file}: {} console examples, and it is {} the list of files run (tests/e2e/docs.rs)",
            if has { "has" } else { "has no" },
            if TESTED.contains(&file.as_str()) {
                "in"
            } else {
                "not in"
            }
        );
    }
}

#[test]
fn the_matcher_takes_wildcards_and_elisions() {
    let v = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&v("a [..] c\n…\nz"), &v("a b c\nx\ny\nz")));
    assert!(matches(&v("…"), &v("")));
    assert!(!matches(&v("a [..] c"), &v("a b d")));
    assert!(!matches(&v("a\nb"), &v("a")));
    assert!(!matches(&v("x[..]x"), &v("x")));
    assert!(line_matches("time [..] s", "time 0.1 s"));
}

/// A test per file, named by it.
macro_rules! examples {
    ($($name:ident => $file:literal),+ $(,)?) => {
        $(#[test] fn $name() { run_examples($file); })+
    };
}

examples! {
    readme => "README.md",
    walkthrough_check_a_solution => "docs/guide/src/walkthroughs/check-a-solution.md",
    walkthrough_setter => "docs/guide/src/walkthroughs/setter.md",
    walkthrough_new_game => "docs/guide/src/walkthroughs/new-game.md",
    walkthrough_interactive => "docs/guide/src/walkthroughs/interactive.md",
    walkthrough_ci => "docs/guide/src/walkthroughs/ci.md",
    walkthrough_real_statement => "docs/guide/src/walkthroughs/real-statement.md",
    reference_commands => "docs/guide/src/reference/commands.md",
    reference_formats => "docs/guide/src/reference/formats.md",
    reference_campaigns => "docs/guide/src/reference/campaigns.md",
    reference_check => "docs/guide/src/reference/check.md",
    reference_tle => "docs/guide/src/reference/tle.md",
    reference_packages => "docs/guide/src/reference/packages.md",
    reference_rules => "docs/guide/src/reference/rules.md",
    reference_interactive => "docs/guide/src/reference/interactive.md",
    reference_languages => "docs/guide/src/reference/languages.md",
}

/// A heading's anchor as GitHub and mdBook make it: lower case, punctuation dropped,
/// spaces turned into hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(md: &str) -> Vec<String> {
    let mut fence = false;
    let mut out = Vec::new();
    for line in md.lines() {
        if line.starts_with("```") {
            fence = !fence;
        } else if !fence && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

/// Every relative link of the README and the guide leads to a file of the repository,
/// and every `#anchor` to a heading of its file.
#[test]
fn every_link_of_the_readme_and_the_guide_resolves() {
    let mut broken = Vec::new();
    for file in markdown_files() {
        let path = common::repo(&file);
        let md = std::fs::read_to_string(&path).unwrap();
        let mut fence = false;
        for (n, line) in md.lines().enumerate() {
            if line.starts_with("```") {
                fence = !fence;
            }
            if fence {
                continue;
            }
            for part in line.split("](").skip(1) {
                let Some(target) = part.split(')').next() else {
                    continue;
                };
                if target.contains("://") || target.starts_with("mailto:") || target.contains(' ') {
                    continue;
                }
                let (file_part, anchor_part) = target.split_once('#').unwrap_or((target, ""));
                let to = if file_part.is_empty() {
                    path.clone()
                } else {
                    path.parent().unwrap().join(file_part)
                };
                if !to.exists() {
                    broken.push(format!("{file}:{}: {target}: no such file", n + 1));
                } else if !anchor_part.is_empty() && to.extension().is_some_and(|x| x == "md") {
                    let text = std::fs::read_to_string(&to).unwrap();
                    if !anchors(&text).iter().any(|a| a == anchor_part) {
                        broken.push(format!("{file}:{}: {target}: no such heading", n + 1));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
