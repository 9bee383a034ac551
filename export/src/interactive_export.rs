//! An interactive package exported with the setter's interactor (`grundy testset` of a
//! package with `[interact] interactor`): the tests are the inputs the interactor reads,
//! and the interactor is the judge's.
//!
//! - Kattis / DOMjudge: `validation: custom interactive`; the interactor is the output
//!   validator (`output_validators/grundy/`), with a `build` and a `run` that Kattis runs
//!   as `run INPUT ANSWER FEEDBACK_DIR`, the submission on its standard input and output.
//!   A Kattis-convention interactor runs as it is; a testlib-convention one through an
//!   adaptor (`INTERACTOR INPUT FEEDBACK_DIR/tout.txt`; exit 0 → 42, 1 or 2 → 43, any
//!   other → a judge error, never a wrong answer).
//! - Polygon: `files/interactor.*` named in `problem.xml`, and a checker that lets the
//!   interactor's verdict stand. Polygon runs testlib interactors only.
//! - plain: the interactor beside the tests.
//!
//! A package grundy itself is the jury of (`[interact]` without an interactor) cannot be
//! exported: a judge would need grundy to play the games.

use crate::file::File;
use grundy_judging::error::Error;
use grundy_judging::jury::Convention;
use grundy_judging::package::Package;
use std::path::{Path, PathBuf};

/// The setter's interactor: its source file and convention.
pub(crate) struct Interactor {
    pub(crate) src: PathBuf,
    pub(crate) convention: Convention,
}

impl Interactor {
    /// The interactor's file name.
    pub(crate) fn name(&self) -> String {
        self.src
            .file_name()
            .map_or_else(|| "interactor".into(), |f| f.to_string_lossy().into_owned())
    }

    /// Its bytes.
    pub(crate) fn bytes(&self) -> Result<Vec<u8>, Error> {
        std::fs::read(&self.src).map_err(|e| Error::io(self.src.display(), e))
    }
}

/// The interactor of an interactive package a judge can run (`judge`: its name, for the
/// errors), or why there is none. `None` for a package that is not interactive.
pub(crate) fn interactor_of(pkg: &Package, judge: &str) -> Result<Option<Interactor>, Error> {
    let Some(spec) = &pkg.interact else {
        return Ok(None);
    };
    let Some(argv) = &spec.interactor else {
        return Err(Error::usage(format!(
            "{}: grundy is the jury of this interactive package ([interact] names no interactor): a {judge} judge needs an interactor program to play the games; write one (testlib's convention: `grundy new interactor DIR` writes an example) and name it in [interact] interactor",
            pkg.dir.display()
        )));
    };
    let src = argv
        .iter()
        .rev()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .ok_or_else(|| {
            Error::usage(format!(
                "{}: the interactor `{}` is not a file of the package; a {judge} judge needs its source",
                pkg.dir.display(),
                argv.join(" ")
            ))
        })?;
    if judge == "Polygon" && spec.convention == Convention::Kattis {
        return Err(Error::usage(format!(
            "{}: the interactor follows Kattis's convention (exit 42/43); Polygon runs testlib interactors (`INTERACTOR INPUT TOUT`, exit 0 OK, 1 WA, 2 PE, 3 failure)",
            pkg.dir.display()
        )));
    }
    Ok(Some(Interactor {
        src,
        convention: spec.convention,
    }))
}

/// The Kattis output validator of an interactive package: the interactor, its `build`
/// and `run` (in `dir`).
pub(crate) fn kattis_validator(i: &Interactor, dir: &str) -> Result<Vec<File>, Error> {
    let name = i.name();
    let (prog, build) = crate::file::program_and_build(&name, "interactor");
    let run = match i.convention {
        Convention::Kattis => format!(
            "#!/bin/sh\n# The package's interactor ({name}), in Kattis's convention already:\n# `run INPUT ANSWER FEEDBACK_DIR`, the submission on its standard input and output.\nhere=$(cd \"$(dirname \"$0\")\" && pwd)\nexec {prog} \"$@\"\n"
        ),
        Convention::Testlib => format!(
            "#!/bin/sh\n# Kattis's interactive validator around the package's testlib-convention interactor\n# ({name}): `run INPUT ANSWER FEEDBACK_DIR`, the submission on its standard input and\n# output, runs `interactor INPUT FEEDBACK_DIR/tout.txt` on the same streams and maps its\n# exit code: 0 -> 42 (accepted); 1 (wrong answer), 2 (presentation error) -> 43 (wrong\n# answer); anything else (3: the interactor failed; or it could not run) -> 1, a judge\n# error.\nhere=$(cd \"$(dirname \"$0\")\" && pwd)\n{prog} \"$1\" \"$3/tout.txt\" 2> \"$3/judgemessage.txt\"\ncode=$?\ncase $code in\n    0) exit 42 ;;\n    1 | 2) exit 43 ;;\n    *) {{ echo \"the interactor exited with $code:\"; cat \"$3/judgemessage.txt\"; }} > \"$3/judgeerror.txt\"; exit 1 ;;\nesac\n"
        ),
    };
    Ok(vec![
        File {
            path: format!("{dir}/{name}"),
            bytes: i.bytes()?,
            executable: false,
        },
        File {
            path: format!("{dir}/build"),
            bytes: build.into_bytes(),
            executable: true,
        },
        File {
            path: format!("{dir}/run"),
            bytes: run.into_bytes(),
            executable: true,
        },
    ])
}

/// Polygon's name of the interactor file (`files/interactor.EXT`) and its source type.
pub(crate) fn polygon_interactor(i: &Interactor) -> (String, Option<String>) {
    let name = i.name();
    let ext = Path::new(&name)
        .extension()
        .map_or_else(String::new, |e| format!(".{}", e.to_string_lossy()));
    let path = format!("files/interactor{ext}");
    let kind = crate::file::source_type(&name, None);
    (path, kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_testlib_interactor_is_adapted_to_kattis_exit_codes() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("interactor.py");
        std::fs::write(&src, "print(1)\n").unwrap();
        let i = Interactor {
            src,
            convention: Convention::Testlib,
        };
        let files = kattis_validator(&i, "v").unwrap();
        let run = String::from_utf8(files[2].bytes.clone()).unwrap();
        assert!(run.contains("python3 \"$here/interactor.py\" \"$1\" \"$3/tout.txt\""));
        assert!(run.contains("0) exit 42 ;;") && run.contains("1 | 2) exit 43 ;;"));
        let kattis = Interactor {
            convention: Convention::Kattis,
            ..i
        };
        let run =
            String::from_utf8(kattis_validator(&kattis, "v").unwrap()[2].bytes.clone()).unwrap();
        assert!(run.contains("exec python3 \"$here/interactor.py\" \"$@\""));
        assert_eq!(polygon_interactor(&kattis).0, "files/interactor.py");
    }
}
