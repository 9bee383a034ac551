//! `grundy replay [DIR] [--against CMD]`: replays a corpus — every `NAME.in` through the
//! solver (and the oracle where small), or through an external program judged against
//! `NAME.out` — with JSON and JUnit XML reports for CI. Exit 0 only if every case passes.

use super::summary;
use crate::args::*;
use grundy_fuzzing::corpus;
use grundy_games::checker;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::judge::{self, Verdict};
use grundy_judging::outln;
use grundy_judging::output::{escape, escape_bytes};
use grundy_judging::package;
use grundy_judging::report::{self, CaseResult, Report};
use grundy_judging::report_files;
use grundy_judging::suite::Packaged;
use grundy_sandbox::runner::RunLimits;
use grundy_sandbox::{contain, program};
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
            let (v, run) = judge::judge(case.problem, &cases, &input, &expected, argv, limits)?;
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
        None => match judge::expected_within(case.problem, &cases, usize::MAX, usize::MAX) {
            Ok((out, by)) => match checker::compare(&expected, &out) {
                Ok(()) => ("OK".into(), String::new()),
                Err(d) => ("WA".into(), format!("{by}: {d}")),
            },
            Err(e) if e.kind() == grundy_judging::error::ErrorKind::Internal => {
                ("WA".into(), e.to_string())
            }
            Err(e) => return Err(e),
        },
    })
}

/// One case to replay: its folder (problem) name, name, input path, and how to judge it.
type Job<'a> = (
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
            match judge::classify(&run, limits)? {
                Some(v) => v,
                None => {
                    package::judge_output(&suite.pkg, &suite.prep, &text, &run.stdout, &expected)?
                }
            }
        }
        None => {
            let (by_reference, by) = package::expected(&suite.pkg, &suite.prep, &inst, &text)?;
            match package::judge_output(&suite.pkg, &suite.prep, &text, &by_reference, &expected)? {
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
fn jobs<'a>(
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
fn replay_all(jobs: &[Job<'_>]) -> Result<Vec<CaseResult>, Error> {
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

/// Runs `grundy replay` (of a problem package's cases when `package` is given).
pub fn run(
    dir: &Path,
    against: Option<Vec<String>>,
    limits: RunLimits,
    reports: &[(report::Format, PathBuf)],
    package: Option<&Packaged>,
) -> Result<Outcome, Error> {
    contain::install();
    let argv = against.as_deref().map(program::prepare).transpose()?;
    let argv = argv.as_deref();
    let jobs = jobs(dir, package, argv, &limits)?;
    if jobs.is_empty() {
        return Err(Error::usage(format!(
            "{}: no NAME.in cases found (expected DIR/<problem>/NAME.in)",
            dir.display()
        )));
    }
    let results = replay_all(&jobs)?;
    let failed = results.iter().filter(|r| r.status == "fail").count();
    let report = Report {
        corpus: dir.to_string_lossy().into_owned(),
        subject: against
            .map(|c| c.join(" "))
            .unwrap_or_else(|| match package {
                Some(_) => "reference".into(),
                None => "solver+oracle".into(),
            }),
        passed: results.len() - failed,
        failed,
        cases: results,
        groups: Vec::new(),
        footprint: None,
        reach: None,
        repeated: 0,
    };
    report_files::write(&report, "grundy replay", reports)?;
    outln!("{}", summary(report.passed as u64, failed as u64));
    Ok(Outcome::failed_if(failed > 0))
}

/// The arguments of `grundy replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The corpus folder.
    #[arg(default_value = "corpus")]
    dir: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    /// Write a report: `--report json FILE` or `--report junit FILE` (repeatable).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    /// Judge this program (a path or a source file) against the NAME.out files instead.
    #[arg(long, conflicts_with = "cmd")]
    against: Option<String>,
    /// As --against, for a command with arguments: `grundy replay DIR -- CMD ARGS…`.
    #[arg(last = true)]
    cmd: Vec<String>,
    /// Replay the cases of this problem package (DIR/NAME.in or DIR/<name>/NAME.in),
    /// judged with its reference and checker.
    #[arg(long)]
    package: Option<PathBuf>,
}

impl ReplayArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let ReplayArgs {
            dir,
            limits,
            report,
            against,
            cmd,
            package,
        } = self;
        {
            let reports = crate::args::parse_reports(&report)?;
            let against = against
                .map(|a| vec![a])
                .or((!cmd.is_empty()).then_some(cmd));
            let suite = package
                .map(|p| grundy_judging::suite::Packaged::load(&p))
                .transpose()?;
            let defaults = suite.as_ref().map(|s| s.pkg.judge_defaults());
            crate::cmd::replay::run(
                &dir,
                against,
                limits.limits(defaults, None)?,
                &reports,
                suite.as_ref(),
            )
        }
    }
}
