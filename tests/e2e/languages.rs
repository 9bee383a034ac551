//! The languages table (`sandbox/src/languages.toml`) end to end, on the package
//! `tests/packages/languages` (Bounded Nim, with a correct and a wrong solution in every
//! language, sources that do not compile and a JVM over its memory limit).
//!
//! The tests of the default run use only the toolchains every machine of ours has (gcc,
//! g++, rustc, CPython): they judge a package made of a part of it, compile errors, and a
//! language whose toolchain is missing. The whole package needs a JDK, Kotlin, PyPy,
//! Node.js, Go and Mono: `.ci/languages` installs them from Debian's packages and runs
//! the tests marked `#[ignore]` here.

use crate::common;

use common::{grundy, repo, stderr};
use std::path::Path;
use std::process::Output;

/// A package of the languages package's rules and the named files of it, with
/// `[[solutions]]` as given (`(file, expect)`), and any extra files.
fn package(solutions: &[(&str, &str)], extra: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let from = repo("tests/packages/languages");
    let whole = std::fs::read_to_string(from.join("problem.toml")).unwrap();
    let head = &whole[..whole.find("[[solutions]]").unwrap()];
    let mut toml = head.to_string();
    std::fs::copy(from.join("rules.py"), dir.path().join("rules.py")).unwrap();
    for (file, expect) in solutions {
        if from.join(file).is_file() {
            std::fs::copy(from.join(file), dir.path().join(file)).unwrap();
        }
        toml += &format!("[[solutions]]\npath = \"{file}\"\nexpect = \"{expect}\"\n\n");
    }
    for (name, text) in extra {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    std::fs::write(dir.path().join("problem.toml"), toml).unwrap();
    dir
}

/// `grundy check DIR --cases 10 [args…]`, run in a scratch folder.
fn check(dir: &Path, args: &[&str]) -> (Output, String, String) {
    let scratch = tempfile::tempdir().unwrap();
    let out = grundy()
        .arg("check")
        .arg(dir)
        .args(["--cases", "10", "--color", "never"])
        .args(args)
        .current_dir(scratch.path())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let err = stderr(&out);
    (out, text, err)
}

/// The matrix line of a solution.
fn row<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .find(|l| l.trim_start().starts_with(&format!("{name} ")))
        .unwrap_or_else(|| panic!("no row for {name} in\n{text}"))
}

/// C, C++, Rust and Python solutions, right and wrong, with a C and a Rust source that
/// do not compile: each gets its verdict, a compile error is the verdict CE with the
/// compiler's words, and the matrix goes on past it.
#[test]
fn a_package_in_several_languages_is_judged_with_its_compile_errors() {
    let broken_rs = "fn main() {\n    let x: u32 = \"not a number\";\n}\n";
    let dir = package(
        &[
            ("correct.c", "OK"),
            ("correct.cpp", "OK"),
            ("correct.rs", "OK"),
            ("correct.py", "OK"),
            ("wrong.c", "WA"),
            ("wrong.rs", "WA"),
            ("wrong.py", "WA"),
            ("broken.c", "CE"),
            ("broken.rs", "CE"),
        ],
        &[("broken.rs", broken_rs)],
    );
    let (out, text, err) = check(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(0), "{text}{err}");
    assert!(
        text.contains("every solution got its expected verdict (9 solutions)"),
        "{text}"
    );
    for name in [
        "correct.c",
        "wrong.c",
        "broken.c",
        "broken.rs",
        "correct.py",
    ] {
        assert!(row(&text, name).ends_with("yes"), "{text}");
    }
    assert!(row(&text, "broken.c").contains("compile (CE)"), "{text}");
    assert!(row(&text, "wrong.rs").contains("(WA)"), "{text}");
    // The compiler's words, with the source named as the package names it.
    let said = format!("{text}{err}");
    assert!(
        said.contains("CE: ") && said.contains("broken.c:5:5: error: expected"),
        "{said}"
    );
    assert!(said.contains("error[E0308]: mismatched types"), "{said}");
    // The build is said apart from the tests.
    assert!(err.contains("correct.c: C (gcc, C17), "), "{err}");
}

/// A language whose compiler is not on the machine (a package's own `languages.toml`
/// adds one): that solution is not judged, said with where to get the compiler, every
/// other solution is judged, and the check fails (its expectation was not checked).
#[test]
fn a_missing_toolchain_is_said_and_the_rest_is_judged() {
    let zig = "[[language]]\nid = \"zig\"\nname = \"Zig\"\nextensions = [\"zig\"]\ncompile = [\"zig-is-not-installed\", \"build-exe\", \"{source}\"]\nrun = [\"{out}/program\"]\ninstall = \"Zig (ziglang.org)\"\n";
    let dir = package(
        &[
            ("correct.c", "OK"),
            ("correct.zig", "OK"),
            ("wrong.py", "WA"),
        ],
        &[
            ("languages.toml", zig),
            ("correct.zig", "pub fn main() void {}\n"),
        ],
    );
    let (out, text, err) = check(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    assert!(row(&text, "correct.c").ends_with("yes"), "{text}");
    assert!(row(&text, "wrong.py").ends_with("yes"), "{text}");
    let zig_row = row(&text, "correct.zig");
    assert!(
        zig_row.contains("not judged") && zig_row.ends_with("NO"),
        "{text}"
    );
    assert!(
        text.contains("correct.zig: zig-is-not-installed: not found, and Zig needs it; install Zig (ziglang.org)"),
        "{text}"
    );
    // `grundy languages DIR` says the same of the package's table.
    let listed = grundy()
        .args(["languages"])
        .arg(dir.path())
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(
        listed.contains("zig-is-not-installed: not found; install Zig (ziglang.org)"),
        "{listed}"
    );
}

/// One program that does not compile: the verdict CE (exit 1, not a usage error), in the
/// terminal and in the JSON and JUnit reports.
#[test]
fn a_single_program_that_does_not_compile_gets_ce() {
    let scratch = tempfile::tempdir().unwrap();
    let json = scratch.path().join("r.json");
    let junit = scratch.path().join("r.xml");
    let (out, text, err) = check(
        &repo("tests/packages/languages"),
        &[
            "--report",
            "json",
            json.to_str().unwrap(),
            "--report",
            "junit",
            junit.to_str().unwrap(),
            "--",
            repo("tests/packages/languages/broken.c").to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    assert!(
        text.contains("CE: ") && text.contains("compilation failed (gcc: exited with code 1)"),
        "{text}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["cases"][0]["verdict"], "CE", "{report}");
    assert_eq!(report["cases"][0]["name"], "compile", "{report}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("CE") && xml.contains("<failure"), "{xml}");
}

/// A Python source with a syntax error is CE, as DOMjudge and Kattis byte-compile Python
/// first (it was RE: the error only showed when it ran), with Python's own words; a
/// correct one is checked once and then runs as before.
#[test]
fn a_python_syntax_error_is_a_compile_error() {
    let scratch = tempfile::tempdir().unwrap();
    let broken = scratch.path().join("unclosed.py");
    std::fs::write(&broken, "import sys\nprint(\"Alice\"\n").unwrap();
    let (out, text, err) = check(
        &repo("tests/packages/languages"),
        &["--", broken.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1), "{text}{err}");
    assert!(text.contains("CE: "), "{text}");
    assert!(text.contains("compilation failed (python"), "{text}");
    assert!(text.contains("SyntaxError: '(' was never closed"), "{text}");
    assert!(!text.contains("RE"), "{text}");
}

/// A language chosen by `--lang` (the table's ids), and an unknown one named with the
/// ones there are.
#[test]
fn lang_chooses_the_language_of_a_source() {
    let src = repo("tests/packages/languages/correct.cpp");
    let (out, _, err) = check(
        &repo("tests/packages/languages"),
        &["--lang", "cpp20", "--", src.to_str().unwrap()],
    );
    assert!(out.status.success(), "{err}");
    assert!(err.contains("correct.cpp: C++ (g++, C++20), "), "{err}");
    let (out, _, err) = check(
        &repo("tests/packages/languages"),
        &["--lang", "cobol", "--", src.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("no language `cobol` (known: c, cpp, "),
        "{err}"
    );
}

/// A mistake in a package's languages.toml is said with its file, line and column.
#[test]
fn a_bad_languages_toml_is_said_where() {
    let dir = package(
        &[("correct.c", "OK")],
        &[(
            "languages.toml",
            "[[language]]\nid = \"c\"\ncompiel = [\"gcc\"]\n",
        )],
    );
    let (out, _, err) = check(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("languages.toml:3:1: unknown field `compiel`"),
        "{err}"
    );
}

/// The whole package: a correct and a wrong solution in C, C++, Rust, Python, PyPy,
/// Java (its public class not `Main`), Kotlin, JavaScript, Go and C#, sources that do not
/// compile in C, Java and Go, and a JVM holding 2 GiB under the package's 1 GiB limit (MLE):
/// every one gets its verdict in one `grundy check DIR`. Needs every toolchain
/// (`.ci/languages` installs them).
#[test]
#[ignore = "needs a JDK, Kotlin, PyPy, Node.js, Go and Mono: run by .ci/languages"]
fn every_language_of_the_table_is_judged_in_one_check() {
    let (out, text, err) = check(&repo("tests/packages/languages"), &[]);
    assert_eq!(out.status.code(), Some(0), "{text}{err}");
    assert!(
        text.contains("every solution got its expected verdict (24 solutions)"),
        "{text}"
    );
    assert!(row(&text, "memory-hog.java").contains("(MLE)"), "{text}");
    for name in ["broken.c", "broken.java", "broken.go"] {
        assert!(row(&text, name).contains("compile (CE)"), "{text}");
    }
    for lang in [
        "correct.java",
        "correct.kt",
        "correct.js",
        "correct.go",
        "correct.cs",
        "correct-pypy.py",
    ] {
        assert!(row(&text, lang).ends_with("yes"), "{text}");
    }
    // PyPy was chosen by `lang = "pypy3"`.
    assert!(err.contains("correct-pypy.py: Python 3 (PyPy)"), "{err}");
}

/// A JVM under a 256 MiB memory limit starts (it is not given an address-space limit,
/// its heap is `-Xmx256m`), and its peak is measured.
#[test]
#[ignore = "needs a JDK: run by .ci/languages"]
fn a_jvm_runs_under_the_memory_limit() {
    let src = repo("tests/packages/languages/correct.java");
    let (out, _, err) = check(
        &repo("tests/packages/languages"),
        &["--ml", "256", "--", src.to_str().unwrap()],
    );
    assert!(out.status.success(), "{err}");
    let hog = repo("tests/packages/languages/memory-hog.java");
    let (out, text, err) = check(
        &repo("tests/packages/languages"),
        &["--ml", "256", "--case", "0", "--", hog.to_str().unwrap()],
    );
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("verdict: MLE") && err.contains("java.lang.OutOfMemoryError"),
        "{text}{err}"
    );
    // Its reproduce line is the command that ran, the heap flag filled.
    assert!(err.contains("java -Xmx256m -Xss8m "), "{err}");
}

/// `grundy languages` lists every language of the table with what this machine has.
#[test]
fn languages_lists_the_table() {
    let out = grundy().args(["languages", "--commands"]).output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for id in [
        "c ",
        "cpp ",
        "java ",
        "kotlin ",
        "pypy3 ",
        "javascript ",
        "go ",
        "csharp ",
        "rust ",
        "python3 ",
    ] {
        assert!(text.lines().any(|l| l.starts_with(id)), "{id}: {text}");
    }
    assert!(
        text.contains("gcc (Debian") || text.contains("gcc ("),
        "{text}"
    );
    assert!(text.contains("compile: g++ -O2 -std=c++17"), "{text}");
    assert!(text.contains("memory:  resident"), "{text}");
}

/// The user's own table (`$XDG_CONFIG_HOME/grundy/languages.toml`) is read over the
/// built-in one: here C++ is compiled with `-DONLINE_JUDGE`, which the program needs to
/// answer right.
#[test]
fn the_user_s_languages_toml_changes_a_language() {
    let config = tempfile::tempdir().unwrap();
    std::fs::create_dir(config.path().join("grundy")).unwrap();
    std::fs::write(
        config.path().join("grundy/languages.toml"),
        "[[language]]\nid = \"cpp\"\ncompile = [\"g++\", \"-O2\", \"-DONLINE_JUDGE\", \"-o\", \"{out}/program\", \"{source}\"]\n",
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("judge-only.cpp");
    let correct = std::fs::read_to_string(repo("tests/packages/languages/correct.cpp")).unwrap();
    std::fs::write(
        &src,
        format!("#ifndef ONLINE_JUDGE\n#error built without the user's flags\n#endif\n{correct}"),
    )
    .unwrap();
    let run = |config: &Path| {
        grundy()
            .env("XDG_CONFIG_HOME", config)
            .args(["check"])
            .arg(repo("tests/packages/languages"))
            .args(["--cases", "5", "--"])
            .arg(&src)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let out = run(config.path());
    assert!(out.status.success(), "{}", stderr(&out));
    // Without the user's table, the same source does not compile.
    let none = tempfile::tempdir().unwrap();
    let out = run(none.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("built without the user's flags"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}
