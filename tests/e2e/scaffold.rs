//! `grundy new KIND DIR`: every kind's package passes its own check as written (each
//! solution meets its tag: the correct one passes, the wrong one is caught), and nothing
//! is ever written over. The `schema` and `interactive` kinds are checked by the guide's
//! walkthroughs (`docs/guide/src/walkthroughs/setter.md` and `interactive.md`, run by
//! `tests/e2e/docs.rs`), the others here.

use crate::common;

/// Writes a package of `kind` into a fresh folder and checks it.
fn new_package_passes_its_check(kind: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(format!("my {kind}"));
    let out = common::grundy()
        .arg("new")
        .arg(kind)
        .arg(&dir)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{said}{}", common::stderr(&out));
    assert!(said.contains(&format!("(my-{kind})")), "{said}");
    assert!(said.contains("next: grundy check"), "{said}");
    let toml = std::fs::read_to_string(dir.join("problem.toml")).unwrap();
    assert!(toml.contains(&format!("name = \"my-{kind}\"")), "{toml}");
    let out = common::grundy()
        .arg("check")
        .arg(&dir)
        // Fewer tests than the default 200 (the default check of each kind passes too,
        // in 27 to 53 s here): the wrong solution is caught within the first few.
        .args([
            "--cases",
            "20",
            "--no-families",
            "--no-adversarial",
            "--shrink-time",
            "2",
        ])
        .arg("--save")
        .arg(tmp.path().join("failures"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{report}{}",
        common::stderr(&out)
    );
    assert!(
        report.contains("every solution got its expected verdict (2 solutions)"),
        "{report}"
    );
    let wrong = report
        .lines()
        .find(|l| l.trim_start().starts_with("wrong.py"))
        .unwrap();
    assert!(wrong.contains(" WA ") && wrong.ends_with("yes"), "{wrong}");
}

#[test]
fn new_engine_package_passes_its_check() {
    new_package_passes_its_check("engine");
}

#[test]
fn new_rules_package_passes_its_check() {
    new_package_passes_its_check("rules");
}

#[test]
fn new_interactor_package_passes_its_check() {
    new_package_passes_its_check("interactor");
}

#[test]
fn new_refuses_a_folder_that_is_not_empty_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("notes.txt"), "mine").unwrap();
    let out = common::grundy()
        .arg("new")
        .arg("rules")
        .arg(tmp.path())
        .output()
        .unwrap();
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("the folder is not empty (1 entry)"), "{err}");
    let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
    assert_eq!(left.len(), 1);
    // A file in the way, and an unknown kind, are refused too.
    let file = tmp.path().join("notes.txt");
    let out = common::grundy()
        .arg("new")
        .arg("schema")
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out).contains("is not a folder"));
    let out = common::grundy()
        .args(["new", "puzzle"])
        .arg(tmp.path().join("x"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(common::stderr(&out)
        .contains("possible values: engine, rules, interactive, interactor, schema"));
    assert!(!tmp.path().join("x").exists());
}

/// One mistake, one group: `wrong.py` of the schema package prints 0 for an array of
/// negative numbers; its small failing tests shrink to a one-element array, and so does
/// its failing large test, whose witness differs from theirs only in its value's
/// spelling (-1000000000 against a smaller one). The two join: one group, said once.
#[test]
fn a_large_failure_that_shrinks_to_the_small_ones_size_joins_their_group() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("best-run");
    let out = common::grundy()
        .arg("new")
        .arg("schema")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", common::stderr(&out));
    let out = common::grundy()
        .arg("check")
        .arg(&dir)
        .args([
            "--cases",
            "30",
            "--no-adversarial",
            "--shrink-time",
            "20",
            "--save",
        ])
        .arg(tmp.path().join("failures"))
        .arg("--")
        .arg(dir.join("wrong.py"))
        .output()
        .unwrap();
    let err = common::stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("[1/1] WA on small and large inputs"), "{err}");
    assert!(
        err.contains("failing test on larger inputs (first: test 29) shrink to size 1, no larger than this group's smallest failing test"),
        "{err}"
    );
}
