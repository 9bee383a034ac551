//! `grundy check DIR` with no program: every solution of the package (`[[solutions]]`, or
//! the files named `correct*`, `wrong*`, `slow*`) judged on the same plan, each against
//! the verdict it is expected to get, then a matrix of them all.
//!
//! The plan is the same for every solution (the same seed, so the same tests; the
//! references' answers are computed once and cached by the suite). A solution expected
//! to fail that passes every test means the tests are weak: before saying so, grundy
//! hunts with five times the random inputs under another seed (and, for an expected TLE,
//! with the slow-input hunt).

use crate::one;
use crate::options::Options;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_judging::report::{CaseResult, Report};
use grundy_judging::report_files;
use grundy_judging::solutions::{Solution, Tag};
use grundy_judging::suite::Suite;
use grundy_sandbox::program;
use std::time::{Duration, Instant};

/// One solution's line of the matrix.
struct Row {
    name: String,
    expect: String,
    counts: Vec<(String, usize)>,
    first: Option<(String, String)>,
    shrunk: String,
    met: bool,
    note: String,
    seconds: f64,
    /// The groups of its failures (as the check's JSON has them), each with the
    /// solution's name: the matrix's report shows every wrong solution's witnesses.
    groups: Vec<serde_json::Value>,
    /// False when it could not be judged on this machine (its toolchain is missing).
    judged: bool,
}

/// How long the weak-test hunt of an expected TLE searches for a slow input.
const TLE_HUNT: Duration = Duration::from_secs(20);

/// The folder of a solution's saved failures (`wrong.py` → `wrong_py`).
pub fn folder_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// What a solution's report comes to: the verdict counts, the first failing test (and
/// its verdict), the shrunk witness of that test's group.
type Summary = (Vec<(String, usize)>, Option<(String, String)>, String);

/// The [`Summary`] of a report.
fn summarize(r: &Report) -> Summary {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for c in &r.cases {
        match counts.iter_mut().find(|(v, _)| *v == c.verdict) {
            Some(e) => e.1 += 1,
            None => counts.push((c.verdict.clone(), 1)),
        }
    }
    let failed = r.cases.iter().find(|c| c.status == "fail");
    // The group of that first failing test: a row's columns come from one group, and
    // name the test that group shows and shrank (one number per finding).
    let index = failed.and_then(|c| c.name.trim_start_matches("test ").parse::<u64>().ok());
    let group = r.groups.iter().find(|g| {
        g.get("failing_tests")
            .and_then(|t| t.as_array())
            .is_some_and(|t| t.iter().any(|x| x.as_u64() == index))
    });
    let first = failed.map(|c| {
        let shown = group
            .and_then(|g| g.get("test").and_then(|t| t.as_u64()))
            .map_or(c.name.clone(), |t| format!("test {t}"));
        (shown, c.verdict.clone())
    });
    let shrunk = group
        .and_then(|g| match g.get("shrunk_to").and_then(|s| s.as_str()) {
            Some(s) => Some(s.to_string()),
            None => g
                .get("smallest_failing")
                .and_then(|s| s.as_str())
                .map(|s| format!("{s} (shrunk one passed)")),
        })
        .unwrap_or_else(|| "-".into());
    (counts, first, shrunk)
}

/// The row of a solution that cannot be judged here: its language's toolchain is not on
/// this machine (the message says which and where to get it).
fn not_judged(s: &Solution, why: String, started: Instant) -> Row {
    Row {
        name: s.name.clone(),
        expect: s.expect.to_string(),
        counts: Vec::new(),
        first: None,
        shrunk: "-".into(),
        met: false,
        note: format!("not judged: {why}"),
        seconds: started.elapsed().as_secs_f64(),
        groups: Vec::new(),
        judged: false,
    }
}

/// A solution expected to fail that passed every test, judged again before the tests are
/// called weak: five times the random inputs under the next seed (and, for an expected
/// TLE, the slow-input hunt). The report and its summary.
fn hunt_weak<S: Suite>(
    suite: &S,
    o: &Options,
    s: &Solution,
    one: Options,
) -> Result<(Report, Summary), Error> {
    let tle = s
        .expect
        .0
        .contains(&Tag::Code(grundy_judging::code::Code::Tle));
    eprintln!(
        "\n{}: expected {}, but every test passed; hunting with {} random inputs of seed {:#x}{}",
        s.name,
        s.expect,
        o.cases * 5,
        o.seed.wrapping_add(1),
        if tle { " and the slow-input hunt" } else { "" }
    );
    let mut hunt = one;
    hunt.cases = o.cases.max(1) * 5;
    hunt.seed = o.seed.wrapping_add(1);
    hunt.first = true;
    if tle {
        hunt.hunt = Some(TLE_HUNT);
    }
    let (_, again) = one::run(suite, hunt)?;
    let summary = summarize(&again);
    Ok((again, summary))
}

/// Judges one solution (and hunts when it passes where it should fail). A solution that
/// does not compile gets CE (its compiler's first lines in the note); one whose toolchain
/// is missing is not judged, and the rest of the matrix goes on.
fn judge<S: Suite>(suite: &S, o: &Options, s: &Solution) -> Result<Row, Error> {
    let started = Instant::now();
    let mut one = o.clone();
    one.cmd = vec![s.path.display().to_string()];
    one.lang = s.lang.clone().or(o.lang.clone());
    one.reports = Vec::new();
    one.save = o.save.join(folder_name(&s.name));
    match program::prepare_as(&one.cmd, one.lang.as_deref()) {
        Err(e) if e.kind() == program::PrepareKind::Toolchain => {
            eprintln!("not judged: {e}");
            return Ok(not_judged(s, e.to_string(), started));
        }
        Err(e) if e.kind() == program::PrepareKind::Usage => return Err(e.into()),
        _ => {}
    }
    let (_, report) = one::run(suite, one.clone())?;
    let (mut counts, mut first, mut shrunk) = summarize(&report);
    let mut groups = report.groups.clone();
    let mut note = String::new();
    if first.is_none() && s.expect.must_fail() && o.only.is_none() {
        let (again, (c2, f2, s2)) = hunt_weak(suite, o, s, one)?;
        match f2 {
            Some(found) => {
                note = format!("found by the hunt (seed {:#x})", o.seed.wrapping_add(1));
                counts = c2;
                first = Some(found);
                shrunk = s2;
                groups = again.groups.clone();
            }
            None => {
                note = format!(
                    "weak tests: it passed all {} tests, and {} more in the hunt",
                    report.cases.len(),
                    again.cases.len()
                );
            }
        }
    }
    let met = s.expect.met(first.as_ref().map(|(_, v)| v.as_str()));
    if !met && note.is_empty() {
        note = match &first {
            None => "it passed every test".into(),
            Some((_, v)) if v == "CE" => report.cases[0].message.clone(),
            Some((test, v)) => format!("{test} got {v}"),
        };
    }
    for g in &mut groups {
        let label = g
            .get("group")
            .and_then(|l| l.as_str())
            .unwrap_or("")
            .to_string();
        g["group"] = format!("{}: {label}", s.name).into();
        g["solution"] = s.name.clone().into();
    }
    Ok(Row {
        groups,
        name: s.name.clone(),
        expect: s.expect.to_string(),
        counts,
        first,
        shrunk,
        met,
        note,
        seconds: started.elapsed().as_secs_f64(),
        judged: true,
    })
}

/// Checks every solution of the package.
pub(crate) fn run_all<S: Suite>(suite: &S, o: Options) -> Result<Outcome, Error> {
    let solutions = suite.solutions();
    if solutions.is_empty() {
        return Err(Error::usage(format!(
            "{}: no program given, and the package has no solutions (list them in [[solutions]] of problem.toml, or name their files correct*, wrong*, slow*)",
            suite.arg()
        )));
    }
    // Each solution's failures go to a folder of its own under --save (created here, if
    // --save's own parent exists: a typo is still an error).
    grundy_fuzzing::corpus::ensure_folder(&o.save).map_err(|e| Error::io(o.save.display(), e))?;
    let mut rows = Vec::new();
    for (k, s) in solutions.iter().enumerate() {
        eprintln!(
            "\n== solution {}/{}: {} (expected: {})",
            k + 1,
            solutions.len(),
            s.name,
            s.expect
        );
        rows.push(judge(suite, &o, s)?);
        if grundy_sandbox::contain::interrupted() {
            break;
        }
    }
    print_matrix(suite, &rows);
    let cases: Vec<CaseResult> = rows.iter().map(|r| case_of(suite, r)).collect();
    let failed = cases.iter().filter(|c| c.status == "fail").count();
    let rep = Report {
        corpus: suite.arg(),
        subject: "the package's solutions".into(),
        passed: cases.len() - failed,
        failed,
        cases,
        groups: rows.iter().flat_map(|r| r.groups.clone()).collect(),
        footprint: None,
        reach: None,
        repeated: 0,
    };
    report_files::write(&rep, "grundy check", &o.reports)?;
    if failed == 0 {
        outln!(
            "every solution got its expected verdict ({} solutions)",
            rows.len()
        );
        Ok(Outcome::Passed)
    } else {
        for r in rows.iter().filter(|r| !r.met) {
            outln!(
                "{} did not get its expected verdict ({}): {}",
                r.name,
                r.expect,
                r.note
            );
        }
        Ok(Outcome::Failed)
    }
}

/// A solution's row as a test of the report: passed when it got its expected verdict.
fn case_of<S: Suite>(suite: &S, r: &Row) -> CaseResult {
    CaseResult {
        problem: suite.name(),
        name: r.name.clone(),
        // What it was to get, and what it got over the plan.
        input: format!(
            "expected {}; got {}",
            r.expect,
            r.counts
                .iter()
                .map(|(v, n)| format!("{n} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        status: if r.met { "pass" } else { "fail" },
        verdict: match (&r.first, r.judged) {
            (_, false) => "not judged".into(),
            (None, true) => "OK".into(),
            (Some((_, v)), true) => v.clone(),
        },
        // Every row says what it got, met or not.
        message: match (&r.first, r.note.is_empty()) {
            (_, false) => r.note.clone(),
            (None, true) => "every test passed".into(),
            (Some((test, v)), true) => {
                format!("first failing: {test} ({v}), shrunk to {}", r.shrunk)
            }
        },
        seconds: r.seconds,
        details: String::new(),
        reproduce: String::new(),
    }
}

/// The matrix of every solution against the verdicts they got.
fn print_matrix<S: Suite>(suite: &S, rows: &[Row]) {
    let mut codes: Vec<String> = vec!["OK".into()];
    for r in rows {
        for (v, _) in &r.counts {
            if !codes.contains(v) {
                codes.push(v.clone());
            }
        }
    }
    let width = rows.iter().map(|r| r.name.len()).max().unwrap_or(8).max(8);
    let ew = rows
        .iter()
        .map(|r| r.expect.len())
        .max()
        .unwrap_or(8)
        .max(8);
    outln!("\nsolutions of {}:", suite.name());
    let mut head = format!("  {:<width$}  {:<ew$}", "solution", "expected");
    for c in &codes {
        head += &format!(" {c:>4}");
    }
    head += "  failing test       shrunk to           meets";
    outln!("{head}");
    for r in rows {
        let mut line = format!("  {:<width$}  {:<ew$}", r.name, r.expect);
        for c in &codes {
            let n = r.counts.iter().find(|(v, _)| v == c).map_or(0, |e| e.1);
            line += &format!(" {n:>4}");
        }
        let first = match (&r.first, r.judged) {
            (_, false) => "not judged".to_string(),
            (None, true) => "-".to_string(),
            (Some((t, v)), true) => format!("{t} ({v})"),
        };
        line += &format!(
            "  {first:<18} {:<19} {}",
            r.shrunk,
            if r.met { "yes" } else { "NO" }
        );
        outln!("{line}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(i: u64, verdict: &str) -> CaseResult {
        CaseResult {
            problem: "p".into(),
            name: format!("test {i}"),
            input: String::new(),
            status: if verdict == "OK" { "pass" } else { "fail" },
            verdict: verdict.into(),
            message: String::new(),
            seconds: 0.0,
            details: String::new(),
            reproduce: String::new(),
        }
    }

    /// A row's "failing test" and "shrunk to" come from one group: the groups are listed
    /// smallest witness first, and the first of them (a WA from test 30, shrunk to 4
    /// vertices) once stood beside test 12's TLE. The test named is the one its group
    /// shows and shrank (14, of the TLE group of tests 12 and 14), and a witness that did
    /// not fail again is said so.
    #[test]
    fn a_row_s_columns_come_from_one_group() {
        let report = Report {
            corpus: "p".into(),
            subject: "sol".into(),
            passed: 1,
            failed: 2,
            cases: vec![case(3, "OK"), case(12, "TLE"), case(30, "WA")],
            groups: vec![
                serde_json::json!({"test": 30, "failing_tests": [30], "shrunk_to": "4 vertices"}),
                serde_json::json!({"test": 14, "failing_tests": [12, 14], "shrunk_to": null, "smallest_failing": "8,000 vertices"}),
            ],
            footprint: None,
            reach: None,
            repeated: 0,
        };
        let (_, first, shrunk) = summarize(&report);
        assert_eq!(first, Some(("test 14".into(), "TLE".into())));
        assert_eq!(shrunk, "8,000 vertices (shrunk one passed)");
    }
}
