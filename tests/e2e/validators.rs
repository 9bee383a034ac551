//! The input validator a Kattis package carries (`input_validators/grundy/`, a Python
//! reader of the package's schema) decides as `grundy validate` does: both are run on
//! valid inputs of every example package with a schema and on many broken copies of them
//! (a token changed, dropped or spelled badly; a line dropped, doubled, swapped or
//! joined; white space out of place), and must accept and reject the same ones. Where
//! `GRUNDY_TESTLIB` names a folder with testlib.h (`.ci/polygon-verify` takes it from
//! PyPI), the Polygon export's testlib validator (`files/validator.cpp`) is compiled and
//! held to the same decisions.

use crate::common;
use common::{example, grundy, stderr};
use grundy_export::input_validator::{schema_json, VALIDATOR_PY};
use grundy_judging::package::Package;
use std::path::Path;

/// Broken copies of a valid input, each with what was done to it.
fn mutations(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let join = |ls: &[&str]| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
    out.push((
        "no final newline".into(),
        text.trim_end_matches('\n').into(),
    ));
    out.push(("CRLF".into(), text.replace('\n', "\r\n")));
    out.push(("a blank line first".into(), format!("\n{text}")));
    out.push(("a blank line at the end".into(), format!("{text}\n")));
    out.push(("a tab".into(), text.replacen(' ', "\t", 1)));
    out.push(("two spaces".into(), text.replacen(' ', "  ", 1)));
    out.push(("a space at the end".into(), text.replacen('\n', " \n", 1)));
    out.push(("a space first".into(), format!(" {text}")));
    out.push((
        "everything on one line".into(),
        format!(
            "{}\n",
            text.split_whitespace().collect::<Vec<_>>().join(" ")
        ),
    ));
    for k in 0..lines.len().min(6) {
        let mut ls = lines.clone();
        ls.remove(k);
        out.push((format!("line {} dropped", k + 1), join(&ls)));
        let mut ls = lines.clone();
        ls.insert(k, lines[k]);
        out.push((format!("line {} doubled", k + 1), join(&ls)));
        if k + 1 < lines.len() {
            let mut ls = lines.clone();
            ls.swap(k, k + 1);
            out.push((format!("lines {} and {} swapped", k + 1, k + 2), join(&ls)));
            let mut ls: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            let next = ls.remove(k + 1);
            ls[k] = format!("{} {next}", ls[k]);
            out.push((
                format!("lines {} and {} joined", k + 1, k + 2),
                ls.iter().map(|l| format!("{l}\n")).collect(),
            ));
        }
    }
    // Token by token (the first 12): other values and spellings, and dropped.
    let tokens: Vec<(usize, usize, &str)> = lines
        .iter()
        .enumerate()
        .flat_map(|(k, l)| l.split(' ').enumerate().map(move |(j, t)| (k, j, t)))
        .take(12)
        .collect();
    for &(k, j, tok) in &tokens {
        let v: i64 = tok.parse().unwrap_or(0);
        for (what, new) in [
            ("0", "0".to_string()),
            ("-1", "-1".to_string()),
            ("one more", (v + 1).to_string()),
            ("one less", (v - 1).to_string()),
            ("huge", "99999999999999999999".to_string()),
            ("a leading zero", format!("0{tok}")),
            ("a plus", format!("+{tok}")),
            ("a letter", "x".to_string()),
            ("dropped", String::new()),
        ] {
            let mut ls: Vec<Vec<String>> = lines
                .iter()
                .map(|l| l.split(' ').map(String::from).collect())
                .collect();
            if new.is_empty() {
                ls[k].remove(j);
            } else {
                ls[k][j] = new;
            }
            let text: String = ls.iter().map(|l| format!("{}\n", l.join(" "))).collect();
            out.push((format!("line {} token {}: {what}", k + 1, j + 1), text));
        }
    }
    out
}

/// The Python validator's decisions (42 or 43) on `files`.
fn python_decisions(pkg: &Package, files: &[std::path::PathBuf], dir: &Path) -> Vec<i32> {
    std::fs::write(dir.join("validator.py"), VALIDATOR_PY).unwrap();
    std::fs::write(
        dir.join("schema.json"),
        serde_json::to_string(&schema_json(&pkg.schema)).unwrap(),
    )
    .unwrap();
    let out = std::process::Command::new("python3")
        .env("PATH", common::path())
        .arg(dir.join("validator.py"))
        .arg("--batch")
        .args(files)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect()
}

/// The Polygon validator's decisions (exit 0: valid) on `files`, compiled with the
/// testlib.h of `testlib`.
fn testlib_decisions(
    pkg: &Package,
    files: &[std::path::PathBuf],
    dir: &Path,
    testlib: &Path,
) -> Vec<bool> {
    let src = dir.join("validator.cpp");
    std::fs::write(&src, grundy_export::polygon::validator_cpp(&pkg.schema)).unwrap();
    let bin = dir.join("validator");
    let out = std::process::Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&bin)
        .arg("-I")
        .arg(testlib)
        .arg(&src)
        .output()
        .unwrap();
    assert!(out.status.success(), "g++ validator.cpp: {}", stderr(&out));
    files
        .iter()
        .map(|f| {
            std::process::Command::new(&bin)
                .stdin(std::fs::File::open(f).unwrap())
                .output()
                .unwrap()
                .status
                .success()
        })
        .collect()
}

/// Schemas with what the examples do not have: a parent list with weights, distinct
/// vertices, a dependent count, test cases until the end; a graph with loops, parallel
/// edges and the cactus rule, and tagged queries.
const SYNTHETIC: [(&str, &str); 2] = [
    (
        "parents-distinct",
        "[tests]\n[[input]]\nints = [\"n\", \"k\"]\n[[input]]\ntree = \"n\"\nformat = \"parents\"\nweights = \"w\"\n[[input]]\narray = \"k\"\nvalues = \"vertex\"\ndistinct = true\n[limits]\nn = [1, 30]\nk = [1, \"n\"]\nw = [-5, 5]\n",
    ),
    (
        "cactus-queries",
        "[tests]\ncount = \"t\"\nsum = { n = 40 }\n[[input]]\nints = [\"n\", \"m\"]\n[[input]]\ngraph = \"n\"\nedges = \"m\"\nloops = true\nmulti = true\ncactus = true\nconnected = false\n[[input]]\nints = [\"q\"]\n[[input]]\nqueries = \"q\"\nkinds = [[\"1\", \"vertex\", \"a\"], [\"2\", \"edge\"]]\n[limits]\nt = [1, 3]\nn = [1, 12]\nm = [0, \"2 * n\"]\nq = [1, 5]\na = [-3, 3]\n",
    ),
];

#[test]
fn the_exported_input_validator_decides_as_grundy_validate() {
    let mut compared = 0;
    let mut rejected = 0;
    let mut testlib_compared = 0;
    let synthetic = tempfile::tempdir().unwrap();
    let mut dirs: Vec<(String, std::path::PathBuf)> = Vec::new();
    for (name, schema) in SYNTHETIC {
        let dir = synthetic.path().join(name);
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(
            dir.join("problem.toml"),
            format!("name = \"{name}\"\n{schema}[game]\nrules = \"rules.py\"\n"),
        )
        .unwrap();
        std::fs::write(
            dir.join("rules.py"),
            "def start(case):\n    return 0\n\ndef moves(s):\n    return []\n",
        )
        .unwrap();
        dirs.push((name.to_string(), dir));
    }
    for name in [
        "game-on-leaves",
        "subtree-sum",
        "chips-to-ancestors",
        "tree-game",
        "node-kayles",
        "misere-nim",
        "diameters",
        "chip-digraph",
        "hackenbush-interactive",
        "subtraction",
    ] {
        dirs.push((name.to_string(), example(name)));
    }
    for (name, dir) in dirs {
        let pkg = Package::load(&dir).unwrap();
        let scratch = tempfile::tempdir().unwrap();
        let mut cases: Vec<(String, String)> = Vec::new();
        for (seed, tier) in [(1, "small"), (2, "small"), (3, "medium")] {
            let out = grundy()
                .arg("gen")
                .arg(&dir)
                .args(["--seed", &seed.to_string(), "--tier", tier])
                .output()
                .unwrap();
            assert!(out.status.success(), "{name}: {}", stderr(&out));
            let text = String::from_utf8_lossy(&out.stdout).into_owned();
            if tier == "small" {
                cases.extend(mutations(&text));
            }
            cases.push((format!("generated, seed {seed}, {tier}"), text));
        }
        let files: Vec<std::path::PathBuf> = cases
            .iter()
            .enumerate()
            .map(|(k, (_, text))| {
                let p = scratch.path().join(format!("{k}.in"));
                std::fs::write(&p, text).unwrap();
                p
            })
            .collect();
        let theirs = python_decisions(&pkg, &files, scratch.path());
        assert_eq!(theirs.len(), cases.len());
        if let Some(testlib) = std::env::var_os("GRUNDY_TESTLIB") {
            let cpp = testlib_decisions(&pkg, &files, scratch.path(), Path::new(&testlib));
            for ((what, text), (valid, py)) in cases.iter().zip(cpp.iter().zip(&theirs)) {
                assert_eq!(
                    *valid,
                    *py == 42,
                    "{name}, {what}: the Python validator says {py}, the testlib one {valid}; the input:\n{text}"
                );
            }
            testlib_compared += cpp.len();
        }
        for ((what, text), py) in cases.iter().zip(theirs) {
            let ours = pkg.validate(text.as_bytes(), false);
            assert_eq!(
                py == 42,
                ours.is_ok(),
                "{name}, {what}: grundy validate says {ours:?}, the Python validator {py}; the input:\n{text}"
            );
            compared += 1;
            rejected += usize::from(ours.is_err());
        }
    }
    // Most broken copies are invalid, and the valid ones are accepted.
    assert!(
        compared > 500 && rejected > compared / 2,
        "{compared} compared, {rejected} rejected"
    );
    if std::env::var_os("GRUNDY_TESTLIB").is_some() {
        assert_eq!(testlib_compared, compared);
        eprintln!("the testlib validator decided as grundy validate on {testlib_compared} inputs");
    }
}
