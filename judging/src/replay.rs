//! Replaying a corpus (`grundy replay`): every `NAME.in` of a corpus folder through the
//! solver (and the oracle where small) or through a program judged against `NAME.out`;
//! or a package's cases through its reference, or a program judged by its checker. Each
//! case's verdict as a report's line; the command writes the report.

use crate::error::Error;
use crate::judge::Verdict;
use crate::output::{escape, escape_bytes};
use crate::report::CaseResult;
use crate::suite::Packaged;
use grundy_fuzzing::corpus;
use grundy_games::checker;
use grundy_sandbox::contain;
use grundy_sandbox::runner::RunLimits;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Replays one case: `(verdict code, message)`, or an error that ends the whole replay
/// (the program cannot be started, or grundy was stopped).
fn replay_one(
    case: &corpus::Case,
    against: Option<&[String]>,
    limits: &RunLimits,
) -> Result<(String, String), Error> {
    let input = match std::fs::read(&case.input) {
        Ok(b) => b,
        Err(e) => return Ok(("ERROR".into(), format!("{}: {e}", case.input.display()))),
    };
    let expected = match std::fs::read(&case.output) {
        Ok(b) => b,
        Err(e) => return Ok(("ERROR".into(), format!("{}: {e}", case.output.display()))),
    };
    let cases = match case.problem.parse(&input, false) {
        Ok(c) => c,
        Err(e) => return Ok(("ERROR".into(), format!("{}: {e}", case.input.display()))),
    };
    Ok(match against {
        Some(argv) => {
            let (v, run) =
                crate::judge::judge(case.problem, &cases, &input, &expected, argv, limits)?;
            let msg = match &v {
                Verdict::Ok => String::new(),
                other => format!(
                    "{other} ({:.3} s){}",
                    run.wall.as_secs_f64(),
                    if run.stderr.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; stderr: {}",
                            escape_bytes(&run.stderr[..run.stderr.len().min(300)]).trim()
                        )
                    }
                ),
            };
            (v.code().into(), msg)
        }
        // The one comparison of the engines: the solver, and the oracle wherever it
        // answers within its budget; they must agree with each other and with NAME.out.
        None => match crate::judge::expected_within(case.problem, &cases, usize::MAX, usize::MAX) {
            Ok((out, by)) => match checker::compare(&expected, &out) {
                Ok(()) => ("OK".into(), String::new()),
                Err(d) => ("WA".into(), format!("{by}: {d}")),
            },
            Err(e) if e.kind() == crate::error::ErrorKind::Internal => ("WA".into(), e.to_string()),
            Err(e) => return Err(e),
        },
    })
}

/// One case to replay: its folder (problem) name, name, input path, and how to judge it.
pub type Job<'a> = (
    String,
    String,
    PathBuf,
    Box<dyn Fn() -> Result<(String, String), Error> + 'a>,
);

/// The cases of a package's corpus: `DIR/NAME.in`, or `DIR/<package name>/NAME.in`.
fn package_cases(dir: &Path, suite: &Packaged) -> Result<Vec<(String, PathBuf)>, Error> {
    let sub = dir.join(&suite.pkg.name);
    let folder = if sub.is_dir() { sub } else { dir.to_path_buf() };
    let mut cases: Vec<(String, PathBuf)> = std::fs::read_dir(&folder)
        .map_err(|e| Error::io(folder.display(), e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "in")
                && !p
                    .file_name()
                    .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."))
        })
        .map(|p| {
            let name = p
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, p)
        })
        .collect();
    cases.sort();
    Ok(cases)
}

/// Replays one case of a package: the reference's output (or the program's, judged with
/// the package's checker) against `NAME.out`.
fn replay_package_one(
    suite: &Packaged,
    input: &Path,
    against: Option<&[String]>,
    limits: &RunLimits,
) -> Result<(String, String), Error> {
    let bytes = match std::fs::read(input) {
        Ok(b) => b,
        Err(e) => return Ok(("ERROR".into(), format!("{}: {e}", input.display()))),
    };
    let out_path = input.with_extension("out");
    let expected = match std::fs::read(&out_path) {
        Ok(b) => b,
        Err(e) => return Ok(("ERROR".into(), format!("{}: {e}", out_path.display()))),
    };
    let inst = match suite.pkg.schema.read(&bytes) {
        Ok(i) => i,
        Err(e) => return Ok(("ERROR".into(), format!("{}: {e}", input.display()))),
    };
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let verdict = match against {
        Some(argv) => {
            let run = grundy_sandbox::runner::run(argv, &bytes, limits);
            match crate::judge::classify(&run, limits)? {
                Some(v) => v,
                None => crate::package::judge_output(
                    &suite.pkg,
                    &suite.prep,
                    &text,
                    &run.stdout,
                    &expected,
                )?,
            }
        }
        None => {
            let (by_reference, by) =
                crate::package::expected(&suite.pkg, &suite.prep, &inst, &text)?;
            match crate::package::judge_output(
                &suite.pkg,
                &suite.prep,
                &text,
                &by_reference,
                &expected,
            )? {
                Verdict::Ok => Verdict::Ok,
                v => Verdict::WrongAnswer(format!("{by}: {v}")),
            }
        }
    };
    Ok(match verdict {
        Verdict::Ok => ("OK".into(), String::new()),
        v => (v.code().into(), v.to_string()),
    })
}

/// One replay job per case of the corpus (or of the package's cases).
pub fn jobs<'a>(
    dir: &Path,
    package: Option<&'a Packaged>,
    argv: Option<&'a [String]>,
    limits: &'a RunLimits,
) -> Result<Vec<Job<'a>>, Error> {
    Ok(match package {
        Some(suite) => package_cases(dir, suite)?
            .into_iter()
            .map(|(name, input)| {
                let path = input.clone();
                let job: Box<dyn Fn() -> Result<(String, String), Error>> =
                    Box::new(move || replay_package_one(suite, &path, argv, limits));
                (suite.pkg.name.clone(), name, input, job)
            })
            .collect(),
        None => corpus::list(dir)
            .map_err(|e| Error::usage(e.to_string()))?
            .into_iter()
            .map(|case| {
                let (problem, name, input) = (
                    case.problem.name().to_string(),
                    case.name.clone(),
                    case.input.clone(),
                );
                let job: Box<dyn Fn() -> Result<(String, String), Error>> =
                    Box::new(move || replay_one(&case, argv, limits));
                (problem, name, input, job)
            })
            .collect(),
    })
}

/// Runs every job in order (until an interruption), printing each failure.
pub fn replay_all(jobs: &[Job<'_>]) -> Result<Vec<CaseResult>, Error> {
    let mut results = Vec::new();
    for (problem, name, input, job) in jobs {
        if contain::interrupted() {
            break;
        }
        let t = Instant::now();
        let (verdict, message) = job()?;
        let pass = verdict == "OK";
        if !pass {
            // A verdict's message usually starts with its code already ("RE: …").
            let said = if message.starts_with(verdict.as_str()) {
                message.clone()
            } else {
                format!("{verdict} {message}")
            };
            eprintln!("FAIL {problem}/{}: {}", escape(name), escape(&said));
        }
        results.push(CaseResult {
            problem: problem.clone(),
            name: name.clone(),
            input: input.to_string_lossy().into_owned(),
            status: if pass { "pass" } else { "fail" },
            verdict,
            message,
            seconds: t.elapsed().as_secs_f64(),
            details: String::new(),
            reproduce: String::new(),
        });
    }
    Ok(results)
}
