//! The Kattis / ICPC problem package around a test set (`grundy testset --layout kattis`):
//! `problem.yaml` with the package's name, memory limit and, when it has a checker
//! program, `validation: custom`; `.timelimit` with the CPU limit (DOMjudge reads it); the
//! checker as an output validator that builds and runs under problemtools and DOMjudge
//! alike (a `build` script and a `run` adaptor: judge-side failures are judge errors,
//! never a wrong answer); and `submissions/` filled from `[[solutions]]` by expected
//! verdict. Where Kattis's default comparison (tokens) would not judge as grundy does —
//! floats within tolerances, unordered tokens, any winning move of several — grundy's own
//! checker ([`crate::own_checker`]) is the output validator.
//!
//! For a package with a schema, the input validator ([`crate::input_validator`]) too; and
//! the statement ([`crate::kattis_statement`]: the package's own, or a stub).
//!
//! `--layout domjudge` adds `domjudge-problem.ini` and zips the folder for DOMjudge's
//! import. Not written yet: the input validator of a built-in engine's format.

use crate::file::{program_and_build, File};
use crate::interactive_export::Interactor;
use crate::own_checker::Own;
use grundy_games::checker::Compare;
use grundy_judging::error::Error;
use grundy_judging::package::Package;
use std::path::{Path, PathBuf};

/// The problem's short name as Kattis wants it (`[a-z0-9]+`, the folder's name on a
/// judge): the package's name lowercased, without its other characters.
pub fn short_name(name: &str) -> String {
    let s: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if s.is_empty() {
        "problem".into()
    } else {
        s
    }
}

/// Gives a package without `[export] uuid` one: a new random UUID written into its
/// `problem.toml` (under `[export]`, or in a new `[export]` table at its end), the rest of
/// the file as it was. Kattis identifies a problem by it across versions, so it is made
/// once and kept. Returns the UUID written (`None` when the package had one).
pub fn give_uuid(pkg: &mut Package) -> Result<Option<String>, Error> {
    if pkg.export.uuid.is_some() {
        return Ok(None);
    }
    let file = pkg.dir.join("problem.toml");
    let text = std::fs::read_to_string(&file).map_err(|e| Error::io(file.display(), e))?;
    let uuid = uuid::Uuid::new_v4().to_string();
    let line = format!("uuid = \"{uuid}\"   # written by grundy's first export: keep it\n");
    let header = text
        .match_indices("[export]")
        .find(|(at, _)| *at == 0 || text[..*at].ends_with('\n'))
        .map(|(at, _)| at);
    let new = match header {
        Some(at) => {
            let end = text[at..].find('\n').map_or(text.len(), |k| at + k + 1);
            let mut t = text[..end].to_string();
            if !t.ends_with('\n') {
                t.push('\n');
            }
            t + &line + &text[end..]
        }
        None => {
            let sep = if text.is_empty() || text.ends_with('\n') {
                ""
            } else {
                "\n"
            };
            format!("{text}{sep}\n[export]\n{line}")
        }
    };
    // The file must still read as the same package, with its new key.
    Package::from_text(&pkg.dir, &file.display().to_string(), &new)?;
    grundy_fuzzing::corpus::write_atomic(&file, new.as_bytes())
        .map_err(|e| Error::io(file.display(), e))?;
    pkg.export.uuid = Some(uuid.clone());
    Ok(Some(uuid))
}

/// The folder a Kattis package is written to: `out` when it is named with the problem's
/// short name (Kattis names a problem by its folder), else that name inside `out`.
pub fn package_folder(out: &Path, pkg: &Package) -> PathBuf {
    let short = short_name(&pkg.name);
    if out
        .file_name()
        .is_some_and(|f| f.to_string_lossy() == short)
    {
        out.to_path_buf()
    } else {
        out.join(short)
    }
}

/// The files around the tests: `problem.yaml`, `.timelimit`, the output validator (the
/// checker program `checker`, else grundy's own checker `own` where Kattis's default
/// comparison of tokens does not judge as grundy does; an interactive package's
/// `interactor`) and the submissions.
pub(crate) fn files(
    pkg: &Package,
    checker: Option<&Path>,
    own: Option<&Own>,
    interactor: Option<&Interactor>,
) -> Result<Vec<File>, Error> {
    let validator = match (checker, own) {
        _ if interactor.is_some() => interactor
            .map(|i| crate::interactive_export::kattis_validator(i, VALIDATOR))
            .transpose()?,
        (Some(src), _) => {
            let name = src
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .ok_or_else(|| Error::usage(format!("{}: not a checker file", src.display())))?;
            let bytes = std::fs::read(src).map_err(|e| Error::io(src.display(), e))?;
            Some(output_validator(vec![File {
                path: format!("{VALIDATOR}/{name}"),
                bytes,
                executable: false,
            }]))
        }
        (None, Some(Own::Compare(Compare::Lines | Compare::Tokens)) | None) => None,
        (None, Some(own)) => Some(output_validator(crate::own_checker::python(own, VALIDATOR))),
    };
    let mut out = vec![
        text(".timelimit", format!("{}\n", pkg.limits.time.as_secs_f64())),
        text(
            "problem.yaml",
            problem_yaml(
                pkg,
                match (&validator, interactor) {
                    (_, Some(_)) => Some("custom interactive"),
                    (Some(_), None) => Some("custom"),
                    (None, None) => None,
                },
            ),
        ),
    ];
    out.extend(validator.into_iter().flatten());
    out.push(text(
        "problem_statement/problem.en.tex",
        crate::kattis_statement::statement(pkg)?,
    ));
    // The input validator, from the schema (the package's, else its engine's).
    if let Some(schema) = crate::input_validator::input_schema(pkg)? {
        out.extend(crate::input_validator::files(&schema, &pkg.name));
    }
    for s in &pkg.solutions {
        // One not exported is said by [`left_out`].
        let Some(folder) = submission_folder(&s.expect.to_string()) else {
            continue;
        };
        let bytes = std::fs::read(&s.path).map_err(|e| Error::io(s.path.display(), e))?;
        let name = s
            .path
            .file_name()
            .map_or_else(|| s.name.clone(), |n| n.to_string_lossy().into_owned());
        // Named as the judge compiles it: a Java source under its public class's name.
        let name = match grundy_sandbox::language::table()
            .ok()
            .and_then(|t| t.of(&s.path, s.lang.as_deref()).cloned())
        {
            Some(l) => l.file_name_for_judge(&name, &String::from_utf8_lossy(&bytes)),
            None => name,
        };
        out.push(File {
            path: format!("submissions/{folder}/{name}"),
            bytes,
            executable: false,
        });
    }
    Ok(out)
}

fn text(path: &str, s: String) -> File {
    File {
        path: path.into(),
        bytes: s.into_bytes(),
        executable: false,
    }
}

/// `domjudge-problem.ini`: what DOMjudge's import reads beside `problem.yaml` — the
/// problem's short name, its name and its time limit in seconds (without one DOMjudge
/// would judge with its default).
pub(crate) fn domjudge_ini(pkg: &Package) -> String {
    format!(
        "short-name = {}\nname = \"{}\"\ntimelimit = {}\n",
        short_name(&pkg.name),
        pkg.name.replace(['"', '\\'], "'"),
        pkg.limits.time.as_secs_f64()
    )
}

/// Zips the folder `dir` (its files, paths relative to it, programs kept executable) into
/// `zip`, written atomically.
pub(crate) fn zip_folder(dir: &Path, zip: &Path) -> Result<(), Error> {
    use std::io::Write as _;
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| Error::io(d.display(), e))?;
        for e in entries {
            let p = e.map_err(|e| Error::io(d.display(), e))?.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut w = zip::ZipWriter::new(&mut buf);
        for p in &files {
            let rel = p
                .strip_prefix(dir)
                .map_err(|_| Error::internal("a file outside the folder zipped"))?;
            let exec = std::fs::metadata(p)
                .map(|m| std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0)
                .unwrap_or(false);
            let opts = zip::write::SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated)
                .unix_permissions(if exec { 0o755 } else { 0o644 });
            let name = rel.to_string_lossy().replace('\\', "/");
            w.start_file(name, opts)
                .map_err(|e| Error::io(zip.display(), std::io::Error::other(e)))?;
            let bytes = std::fs::read(p).map_err(|e| Error::io(p.display(), e))?;
            w.write_all(&bytes)
                .map_err(|e| Error::io(zip.display(), e))?;
        }
        w.finish()
            .map_err(|e| Error::io(zip.display(), std::io::Error::other(e)))?;
    }
    grundy_fuzzing::corpus::write_atomic(zip, &buf.into_inner())
        .map_err(|e| Error::io(zip.display(), e))
}

/// `problem.yaml` (problemtools' legacy format, which DOMjudge reads too).
fn problem_yaml(pkg: &Package, validation: Option<&str>) -> String {
    let mut y = format!(
        "# Written by `grundy testset --layout kattis` from {}/problem.toml.\n# The folder of this package must be named {} (Kattis's short name).\n# The time limit ({} s, in .timelimit): {}.\nname: {}\n",
        pkg.dir.display(),
        short_name(&pkg.name),
        pkg.limits.time.as_secs_f64(),
        pkg.time_from,
        yaml_string(&pkg.name)
    );
    if let Some(v) = validation {
        y.push_str(&format!("validation: {v}\n"));
    }
    let e = &pkg.export;
    for (key, value) in [
        ("uuid", &e.uuid),
        ("license", &e.license),
        ("rights_owner", &e.rights_owner),
        ("source", &e.source),
        ("author", &e.author),
    ] {
        if let Some(v) = value {
            y.push_str(&format!("{key}: {}\n", yaml_string(v)));
        }
    }
    if let Some(bytes) = pkg.limits.memory {
        y.push_str(&format!("limits:\n  memory: {}\n", bytes >> 20));
    }
    y
}

/// A YAML string, quoted.
fn yaml_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Whether a solution goes into the export's `submissions/` (its expectation has a folder).
pub(crate) fn exported(s: &grundy_judging::solutions::Solution) -> bool {
    submission_folder(&s.expect.to_string()).is_some()
}

/// What a Kattis export of the package cannot carry, one line each, naming the solution
/// and why: an expectation no submission folder holds (several verdicts, `failing`: the
/// solution is judged on the set here and left out of `submissions/`), and a solution
/// compiled or run by the package's own `languages.toml` (a judge compiles with its own
/// flags, so its verdict there may differ from the one here).
pub(crate) fn left_out(pkg: &Package) -> Vec<String> {
    let mut out = Vec::new();
    for s in &pkg.solutions {
        if !exported(s) {
            out.push(format!(
                "left out of submissions/: {} (expected {}): a Kattis submission folder holds one verdict (accepted, wrong_answer, time_limit_exceeded, run_time_error); it is judged on the set here",
                s.name, s.expect
            ));
        }
    }
    out.extend(package_flags(pkg));
    out
}

/// The exported solutions whose language the package's `languages.toml` changes (its
/// compile or run command differs from grundy's built-in one), each with the commands.
fn package_flags(pkg: &Package) -> Vec<String> {
    use grundy_sandbox::language::Languages;
    let file = pkg.dir.join("languages.toml");
    let mut own = Languages::built_in();
    if !matches!(own.read_file(&file), Ok(true)) {
        return Vec::new();
    }
    let base = Languages::built_in();
    pkg.solutions
        .iter()
        .filter(|s| exported(s))
        .filter_map(|s| {
            let mine = own.of(&s.path, s.lang.as_deref())?;
            let theirs = base.by_id(&mine.id);
            let same = theirs.is_some_and(|b| b.compile == mine.compile && b.run == mine.run);
            (!same).then(|| {
                let how = if mine.compile.is_empty() {
                    format!("run as `{}`", mine.run.join(" "))
                } else {
                    format!("compiled with `{}`", mine.compile.join(" "))
                };
                format!(
                    "warning: {} is {how} by the package's languages.toml; a Kattis judge compiles and runs {} its own way, which the export cannot say, so its verdict there may differ from the one here",
                    s.name, mine.name
                )
            })
        })
        .collect()
}

/// The Kattis folder of a solution expected to get `verdict` (`OK`, `WA`, …); `None` for
/// an expectation no single folder holds (`failing`, several verdicts).
fn submission_folder(verdict: &str) -> Option<&'static str> {
    Some(match verdict {
        "OK" => "accepted",
        "WA" | "PE" => "wrong_answer",
        "TLE" => "time_limit_exceeded",
        "RE" => "run_time_error",
        _ => return None,
    })
}

/// The output validator's folder in the package.
pub(crate) const VALIDATOR: &str = "output_validators/grundy";

/// The output validator: the checker's files (`sources`, in [`VALIDATOR`]; the first is
/// the program), a `build` script (C++ compiled once, as `checker`) and the `run`
/// adaptor. Kattis runs `run INPUT ANSWER FEEDBACK_DIR < OUTPUT` and reads 42 as accepted
/// and 43 as wrong; a testlib checker takes `INPUT OUTPUT ANSWER` and exits 0 (accepted),
/// 1 (wrong answer), 2 (presentation error) or 3 (its own failure).
fn output_validator(sources: Vec<File>) -> Vec<File> {
    let name = sources[0]
        .path
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let (prog, build) = program_and_build(&name, "checker");
    let run = format!(
        "#!/bin/sh\n# Kattis output validator around the package's testlib-convention checker ({name}):\n# `run INPUT ANSWER FEEDBACK_DIR < OUTPUT` runs `checker INPUT OUTPUT ANSWER` and maps its\n# exit code: 0 -> 42 (accepted); 1 (wrong answer), 2 (presentation error) -> 43 (wrong\n# answer); anything else (3: the checker failed; or it could not run) -> 1, a judge error.\nhere=$(cd \"$(dirname \"$0\")\" && pwd)\nout=\"$3/team-output\"\ncat > \"$out\" || exit 1\n{prog} \"$1\" \"$out\" \"$2\" 2> \"$3/judgemessage.txt\"\ncode=$?\ncase $code in\n    0) exit 42 ;;\n    1 | 2) exit 43 ;;\n    *) {{ echo \"the checker exited with $code:\"; cat \"$3/judgemessage.txt\"; }} > \"$3/judgeerror.txt\"; exit 1 ;;\nesac\n"
    );
    let mut out = sources;
    out.push(File {
        path: format!("{VALIDATOR}/build"),
        bytes: build.into_bytes(),
        executable: true,
    });
    out.push(File {
        path: format!("{VALIDATOR}/run"),
        bytes: run.into_bytes(),
        executable: true,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_names_are_lowercase_letters_and_digits() {
        assert_eq!(short_name("subtree-sum"), "subtreesum");
        assert_eq!(short_name("Game On Leaves 2"), "gameonleaves2");
        assert_eq!(short_name("--"), "problem");
    }

    #[test]
    fn verdicts_go_to_their_submission_folders() {
        assert_eq!(submission_folder("OK"), Some("accepted"));
        assert_eq!(submission_folder("TLE"), Some("time_limit_exceeded"));
        assert_eq!(submission_folder("failing"), None);
    }

    /// What the export cannot carry is named: a solution expected ["WA", "TLE"] (no
    /// folder holds two verdicts) and the package's own C++ flags, for the solution they
    /// compile; a package without a languages.toml has no warning.
    #[test]
    fn what_the_export_leaves_out_is_named() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/heaps-per-start");
        let pkg = Package::load(&dir).unwrap();
        let left = left_out(&pkg);
        assert_eq!(left.len(), 2, "{left:#?}");
        assert!(
            left[0].starts_with("left out of submissions/: wrong-or-slow.py (expected WA or TLE)"),
            "{}",
            left[0]
        );
        assert!(
            left[1].starts_with(
                "warning: correct.cpp is compiled with `g++ -O2 -std=c++17 -Wall -Werror"
            ),
            "{}",
            left[1]
        );
        let plain = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/packages/nim-many-tests");
        assert!(left_out(&Package::load(&plain).unwrap()).is_empty());
    }
}
