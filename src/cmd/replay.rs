//! `grundy replay [DIR] [--against CMD]`: replays a corpus — every `NAME.in` through the
//! solver (and the oracle where small), or through an external program judged against
//! `NAME.out` — with JSON and JUnit XML reports for CI. Exit 0 only if every case passes.

use super::summary;
use crate::engine::{self, Engine};
use crate::error::{Error, Outcome};
use crate::judge::{self, Verdict, EXPECTED_STATES};
use crate::output::{escape, escape_bytes};
use crate::runner::Limits;
use crate::{contain, corpus, outln, program};
use grundy_games::checker;
use grundy_oracle::Budget;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The result of one case, as reported.
#[derive(Serialize, Debug)]
pub struct CaseResult {
    /// Problem folder.
    pub problem: String,
    /// Case name.
    pub name: String,
    /// Path of the input.
    pub input: String,
    /// `pass` or `fail`.
    pub status: &'static str,
    /// Verdict code (OK, WA, PE, RE, TLE, MLE, OLE, ERROR).
    pub verdict: String,
    /// Details of a failure.
    pub message: String,
    /// Seconds spent.
    pub seconds: f64,
}

/// The whole report.
#[derive(Serialize, Debug)]
pub struct Report {
    /// Corpus folder.
    pub corpus: String,
    /// What was replayed: `solver+oracle` or the program's command line.
    pub subject: String,
    /// Cases passed.
    pub passed: usize,
    /// Cases failed.
    pub failed: usize,
    /// Every case.
    pub cases: Vec<CaseResult>,
}

/// Replays one case: `(verdict code, message)`, or an error that ends the whole replay
/// (the program cannot be started, or grundy was stopped).
fn replay_one(
    case: &corpus::Case,
    against: Option<&[String]>,
    limits: &Limits,
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
        None => {
            let budget = Budget::states(EXPECTED_STATES);
            let solved = engine::answer(Engine::Solver, case.problem, &cases, budget)
                .expect("the solver always answers");
            if let Err(d) = checker::compare(&expected, &solved) {
                return Ok(("WA".into(), format!("solver: {d}")));
            }
            match engine::answer(Engine::Oracle, case.problem, &cases, budget) {
                Ok(out) => match checker::compare(&expected, &out) {
                    Ok(()) => ("OK".into(), String::new()),
                    Err(d) => ("WA".into(), format!("oracle: {d}")),
                },
                Err(_) => ("OK".into(), String::new()),
            }
        }
    })
}

/// Text for an XML attribute: markup escaped, and control characters (which XML 1.0
/// cannot hold at all) shown as `\xHH`.
fn xml_escape(s: &str) -> String {
    escape(s)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\n', "&#10;")
        .replace('\t', "&#9;")
}

/// JUnit XML: one testsuite per problem, one testcase per case.
pub fn junit(r: &Report) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out += &format!(
        "<testsuites name=\"grundy replay\" tests=\"{}\" failures=\"{}\">\n",
        r.passed + r.failed,
        r.failed
    );
    let mut problems: Vec<&str> = r.cases.iter().map(|c| c.problem.as_str()).collect();
    problems.dedup();
    for p in problems {
        let cases: Vec<&CaseResult> = r.cases.iter().filter(|c| c.problem == p).collect();
        let failures = cases.iter().filter(|c| c.status == "fail").count();
        out += &format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\">\n",
            xml_escape(p),
            cases.len()
        );
        for c in cases {
            out += &format!(
                "    <testcase classname=\"{}\" name=\"{}\" time=\"{:.3}\"",
                xml_escape(p),
                xml_escape(&c.name),
                c.seconds
            );
            if c.status == "fail" {
                out += &format!(
                    ">\n      <failure type=\"{}\" message=\"{}\"/>\n    </testcase>\n",
                    xml_escape(&c.verdict),
                    xml_escape(&c.message)
                );
            } else {
                out += "/>\n";
            }
        }
        out += "  </testsuite>\n";
    }
    out += "</testsuites>\n";
    out
}

/// Runs `grundy replay`.
pub fn run(
    dir: &Path,
    against: Option<Vec<String>>,
    limits: Limits,
    reports: &[(String, PathBuf)],
) -> Result<Outcome, Error> {
    contain::install();
    for (format, _) in reports {
        if format != "json" && format != "junit" {
            return Err(Error::usage(format!(
                "unknown report format '{format}' (expected json or junit)"
            )));
        }
    }
    let cases = corpus::list(dir).map_err(Error::usage)?;
    if cases.is_empty() {
        return Err(Error::usage(format!(
            "{}: no NAME.in cases found (expected DIR/<problem>/NAME.in)",
            dir.display()
        )));
    }
    let argv = against
        .as_deref()
        .map(program::prepare)
        .transpose()
        .map_err(Error::usage)?;
    let mut results = Vec::new();
    for case in &cases {
        if contain::interrupted() {
            break;
        }
        let t = Instant::now();
        let (verdict, message) = replay_one(case, argv.as_deref(), &limits)?;
        let pass = verdict == "OK";
        if !pass {
            eprintln!(
                "FAIL {}/{}: {verdict} {}",
                case.problem.name(),
                escape(&case.name),
                escape(&message)
            );
        }
        results.push(CaseResult {
            problem: case.problem.name().into(),
            name: case.name.clone(),
            input: case.input.to_string_lossy().into_owned(),
            status: if pass { "pass" } else { "fail" },
            verdict,
            message,
            seconds: t.elapsed().as_secs_f64(),
        });
    }
    let failed = results.iter().filter(|r| r.status == "fail").count();
    let report = Report {
        corpus: dir.to_string_lossy().into_owned(),
        subject: against
            .map(|c| c.join(" "))
            .unwrap_or_else(|| "solver+oracle".into()),
        passed: results.len() - failed,
        failed,
        cases: results,
    };
    for (format, path) in reports {
        let text = match format.as_str() {
            "json" => serde_json::to_string_pretty(&report).expect("serializable") + "\n",
            _ => junit(&report),
        };
        corpus::write_atomic(path, text.as_bytes()).map_err(|e| Error::io(path.display(), &e))?;
    }
    outln!("{}", summary(report.passed as u64, failed as u64));
    Ok(Outcome::failed_if(failed > 0))
}
