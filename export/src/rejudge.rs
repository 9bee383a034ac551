//! The export judges itself (`grundy testset`): every output a correct solution gave on
//! the tests is judged again by the checker as written into the export, on the files as
//! written — the Kattis output validator through its own `build` and `run` (42 expected),
//! the plain layout's `checker.py`, Polygon's `files/check.cpp` compiled with the
//! testlib.h of `GRUNDY_TESTLIB` when it is set (a judge provides testlib.h; grundy does
//! not ship it). A right answer the exported checker rejects fails the export: on the
//! judge, that solution would get WA.

use crate::layout::Layout;
use grundy_judging::error::Error;
use grundy_sandbox::runner::{self, Exit, RunLimits};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A correct solution's output on a written test.
pub(crate) struct Output {
    /// The solution's name.
    pub(crate) solution: String,
    /// The test's input and answer files, under the export's folder.
    pub(crate) input: String,
    pub(crate) answer: String,
    /// What the solution printed.
    pub(crate) bytes: Vec<u8>,
}

/// How the exported checker is run on one output.
enum Judge {
    /// Kattis's `run INPUT ANSWER FEEDBACK_DIR < OUTPUT`: 42 accepts.
    Kattis(PathBuf),
    /// testlib's `checker INPUT OUTPUT ANSWER`: 0 accepts.
    Testlib(Vec<String>),
}

/// The limits of a checker's run, and of a build.
fn limits() -> RunLimits {
    RunLimits {
        time: Duration::from_secs(60),
        wall: Duration::from_secs(120),
        wall_factor: 2.0,
        memory: None,
        stack: None,
        output: 1 << 20,
        files: None,
    }
}

/// Re-judges `outputs` with the export's checker in `out`: `Ok(Some(line))` saying what
/// was re-judged, or why nothing was; `Err` naming the first right answer rejected.
pub(crate) fn rejudge(layout: Layout, out: &Path, outputs: &[Output]) -> Result<String, Error> {
    let (out, scratch) = &workspace(out)?;
    let Some((judge, what)) = export_checker(layout, out, scratch)? else {
        return Ok(why_not(layout).into());
    };
    let file = scratch.path().join("output");
    let feedback = scratch.path().join("feedback");
    for o in outputs {
        std::fs::write(&file, &o.bytes).map_err(|e| Error::io(file.display(), e))?;
        let input = out.join(&o.input).display().to_string();
        let answer = out.join(&o.answer).display().to_string();
        let (argv, stdin, accepted): (Vec<String>, &[u8], Exit) = match &judge {
            Judge::Kattis(run) => {
                let _ = std::fs::remove_dir_all(&feedback);
                std::fs::create_dir_all(&feedback).map_err(|e| Error::io(feedback.display(), e))?;
                (
                    vec![
                        "sh".into(),
                        run.display().to_string(),
                        input,
                        answer,
                        feedback.display().to_string(),
                    ],
                    &o.bytes,
                    Exit::Code(42),
                )
            }
            Judge::Testlib(argv) => {
                let mut a = argv.clone();
                a.extend([input, file.display().to_string(), answer]);
                (a, b"", Exit::Success)
            }
        };
        let shown = [out.to_path_buf()];
        let place = runner::PackagePlace {
            shown: &shown,
            folder: Some(scratch.path()),
        };
        let run = runner::run_package(&argv, stdin, &limits(), place);
        if run.exit != accepted {
            let said = String::from_utf8_lossy(&run.stderr);
            let said = if said.trim().is_empty() {
                std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap_or_default()
            } else {
                said.into_owned()
            };
            return Err(Error::usage(format!(
                "the export does not judge as grundy does: {what} {} on the output of {} (a correct solution, OK by grundy) for {}: {}",
                run.exit,
                o.solution,
                o.input,
                said.trim()
            )));
        }
    }
    let solutions: std::collections::BTreeSet<&str> =
        outputs.iter().map(|o| o.solution.as_str()).collect();
    Ok(format!(
        "the export judged itself: {what} accepts all {} outputs of the correct solution{} ({})",
        outputs.len(),
        if solutions.len() == 1 { "" } else { "s" },
        solutions.into_iter().collect::<Vec<_>>().join(", ")
    ))
}

/// Why an export has no checker to re-judge with, by its layout.
fn why_not(layout: Layout) -> &'static str {
    match layout {
        Layout::Kattis | Layout::Domjudge => "the export has no checker to re-judge with: Kattis compares the outputs by tokens (its default validator)",
        Layout::Plain => "the export has no checker of grundy's own to re-judge with",
        Layout::Polygon => "files/check.cpp not compiled: testlib.h is the judge's (set GRUNDY_TESTLIB to a folder holding it to have the export judge itself)",
    }
}

/// The export's checker as the judge runs it (built where it must be) and its name in
/// the report; `None` when the export has none to run ([`why_not`]).
fn export_checker(
    layout: Layout,
    out: &Path,
    scratch: &tempfile::TempDir,
) -> Result<Option<(Judge, String)>, Error> {
    let found = match layout {
        Layout::Kattis | Layout::Domjudge => {
            let dir = out.join(crate::kattis::VALIDATOR);
            if !dir.is_dir() {
                return Ok(None);
            }
            (
                Judge::Kattis(built_validator(out, scratch)?),
                format!(
                    "the output validator {} (built, then run as Kattis runs it)",
                    crate::kattis::VALIDATOR
                ),
            )
        }
        Layout::Plain => {
            let py = out.join("checker.py");
            if !py.is_file() {
                return Ok(None);
            }
            (
                Judge::Testlib(vec!["python3".into(), py.display().to_string()]),
                "checker.py".into(),
            )
        }
        Layout::Polygon => {
            let Some(testlib) = std::env::var_os("GRUNDY_TESTLIB") else {
                return Ok(None);
            };
            let exe = scratch.path().join("check");
            build(
                &[
                    "g++".into(),
                    "-O2".into(),
                    "-std=c++17".into(),
                    "-I".into(),
                    PathBuf::from(testlib).display().to_string(),
                    "-o".into(),
                    exe.display().to_string(),
                    out.join("files/check.cpp").display().to_string(),
                ],
                "files/check.cpp",
                scratch.path(),
            )?;
            (
                Judge::Testlib(vec![exe.display().to_string()]),
                "files/check.cpp (compiled with GRUNDY_TESTLIB's testlib.h)".into(),
            )
        }
    };
    Ok(Some(found))
}

/// A game an interactive export plays again: the solution's name, its command, the
/// test's file name and its text.
pub(crate) type Game<'t> = (&'t str, Vec<String>, &'t str, &'t str);

/// Re-judges an interactive export: every game a correct solution won against the
/// package's interactor (`accepted`: the solution's name and command, the test's written
/// input and text) is played again against the interactor as exported — for Kattis, the
/// output validator's own `build` and `run`, in Kattis's convention. The plain and Polygon
/// layouts carry the package's interactor file as grundy ran it.
pub(crate) fn rejudge_interactive(
    layout: Layout,
    out: &Path,
    accepted: &[Game<'_>],
    limits: &RunLimits,
) -> Result<String, Error> {
    if !layout.is_kattis() {
        return Ok("the export's interactor is the package's own file, as grundy ran it".into());
    }
    let (out, scratch) = &workspace(out)?;
    let run = vec![
        "sh".to_string(),
        built_validator(out, scratch)?.display().to_string(),
    ];
    for (solution, argv, input, text) in accepted {
        let played = grundy_judging::jury::referee(
            &run,
            grundy_judging::jury::Convention::Kattis,
            text,
            argv,
            limits,
        )
        .map_err(|e| grundy_judging::suite::play_error(e, out, Some("the exported interactor")))?;
        if played.verdict != grundy_judging::judge::Verdict::Ok {
            return Err(Error::usage(format!(
                "the export does not judge as grundy does: the output validator {} (run as Kattis runs it) gives {} to {} (a correct solution, OK by grundy) on {input}",
                crate::kattis::VALIDATOR,
                played.verdict,
                solution
            )));
        }
    }
    let solutions: std::collections::BTreeSet<&str> = accepted.iter().map(|a| a.0).collect();
    Ok(format!(
        "the export judged itself: the output validator {} (the interactor, built, then run as Kattis runs it) lets the correct solution{} ({}) win all {} games again",
        crate::kattis::VALIDATOR,
        if solutions.len() == 1 { "" } else { "s" },
        solutions.into_iter().collect::<Vec<_>>().join(", "),
        accepted.len()
    ))
}

/// The export's folder by its full path (the checker runs in a folder of its own), and a
/// scratch folder.
fn workspace(out: &Path) -> Result<(PathBuf, tempfile::TempDir), Error> {
    let full = std::fs::canonicalize(out).map_err(|e| Error::io(out.display(), e))?;
    let scratch = tempfile::Builder::new()
        .prefix("grundy-export-check-")
        .tempdir()
        .map_err(|e| Error::io("a temporary folder", e))?;
    Ok((full, scratch))
}

/// The Kattis output validator of the export `out`, built by its own `build` in a copy
/// under `scratch` (the export keeps its sources only): the path of its `run`.
fn built_validator(out: &Path, scratch: &tempfile::TempDir) -> Result<PathBuf, Error> {
    let copy = scratch.path().join("validator");
    copy_folder(&out.join(crate::kattis::VALIDATOR), &copy)?;
    build(
        &["sh".into(), copy.join("build").display().to_string()],
        "build",
        scratch.path(),
    )?;
    Ok(copy.join("run"))
}

/// Runs a build step in the export's scratch copy `folder` (which it writes); its failure
/// is the export's.
fn build(argv: &[String], what: &str, folder: &Path) -> Result<(), Error> {
    let place = runner::PackagePlace {
        shown: &[],
        folder: Some(folder),
    };
    let run = runner::run_package(argv, b"", &limits(), place);
    if run.exit != Exit::Success {
        return Err(Error::usage(format!(
            "the export's {what} does not build ({}): {}",
            run.exit,
            String::from_utf8_lossy(&run.stderr).trim()
        )));
    }
    Ok(())
}

/// Copies the files of a folder (one level, as an output validator's folder is).
fn copy_folder(from: &Path, to: &Path) -> Result<(), Error> {
    std::fs::create_dir_all(to).map_err(|e| Error::io(to.display(), e))?;
    let entries = std::fs::read_dir(from).map_err(|e| Error::io(from.display(), e))?;
    for e in entries {
        let p = e.map_err(|e| Error::io(from.display(), e))?.path();
        if p.is_file() {
            let dest = to.join(p.file_name().unwrap_or_default());
            std::fs::copy(&p, &dest).map_err(|e| Error::io(dest.display(), e))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn export_with(checker: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("01.in"), "1\n").unwrap();
        std::fs::write(dir.path().join("01.ans"), "2\n").unwrap();
        std::fs::write(dir.path().join("checker.py"), checker).unwrap();
        dir
    }

    fn output() -> Vec<Output> {
        vec![Output {
            solution: "correct.py".into(),
            input: "01.in".into(),
            answer: "01.ans".into(),
            bytes: b"3\n".to_vec(),
        }]
    }

    #[test]
    fn a_right_answer_the_exported_checker_rejects_fails_the_export() {
        let dir = export_with("import sys\nsys.stderr.write('no')\nsys.exit(1)\n");
        let e = rejudge(Layout::Plain, dir.path(), &output()).unwrap_err();
        let e = e.to_string();
        assert!(
            e.contains("checker.py exited with code 1 on the output of correct.py"),
            "{e}"
        );
        assert!(e.contains("01.in: no"), "{e}");
    }

    #[test]
    fn the_exported_checker_gets_the_files_as_written() {
        // testlib's argument order: INPUT OUTPUT ANSWER.
        let dir = export_with("import sys\nargs = [open(p).read() for p in sys.argv[1:4]]\nsys.exit(0 if args == ['1\\n', '3\\n', '2\\n'] else 1)\n");
        let said = rejudge(Layout::Plain, dir.path(), &output()).unwrap();
        assert_eq!(
            said,
            "the export judged itself: checker.py accepts all 1 outputs of the correct solution (correct.py)"
        );
    }
}
