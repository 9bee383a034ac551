//! `grundy import` turns stored libFuzzer artifacts into readable corpus cases that replay.

use crate::common;

use std::path::Path;

fn grundy(args: &[&str]) -> std::process::Output {
    common::grundy().args(args).output().unwrap()
}

#[test]
fn artifacts_become_corpus_cases() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().to_str().unwrap();
    for (artifact, target, folder) in [
        ("artifact-check_cut-text", "check_cut", "cut"),
        (
            "artifact-check_hackenbush-raw",
            "check_hackenbush",
            "hackenbush",
        ),
    ] {
        let path = data.join(artifact);
        let out = grundy(&[
            "import",
            path.to_str().unwrap(),
            "--target",
            target,
            "--corpus",
            corpus,
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let cases: Vec<_> = std::fs::read_dir(dir.path().join(folder))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "in"))
            .collect();
        assert_eq!(cases.len(), 1, "{folder}");
        assert!(cases[0].with_extension("out").is_file());
    }
    // The imported cases replay like any corpus case.
    let out = grundy(&["replay", corpus]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("2 passed, 0 failed"));
    // The text artifact is agc017d sample 1 (Alice): as a native `cut` answer, value 4.
    let cut = std::fs::read_dir(dir.path().join("cut"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "out"))
        .unwrap();
    assert!(std::fs::read_to_string(cut).unwrap().starts_with("4\n"));
}

#[test]
fn unknown_targets_and_rejected_inputs_are_usage_errors() {
    let out = grundy(&["import", "Cargo.toml", "--target", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/artifact-check_cut-text");
    // A parse target: a valid input becomes a case, so use a temp corpus.
    let dir = tempfile::tempdir().unwrap();
    let out = grundy(&[
        "import",
        data.to_str().unwrap(),
        "--target",
        "parse_agc017d",
        "--corpus",
        dir.path().to_str().unwrap(),
    ]);
    // '#' is not a number: the parser's clear error is printed, nothing is saved.
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("line 1"));
}
