//! The driver of one program's check (`grundy check PROBLEM -- CMD ARGS…`): the program
//! prepared (a compile error is the verdict CE), then the stages in order, each returning
//! its data here — the plan (`plan`), the run (`run`), the causes settled (`settle`), the
//! groups (`group`), the shrink (`shrink`), the report (`report`) — and the report's
//! files written.

use crate::judge::{Judge, Memo};
use crate::options::Options;
use crate::plan::Plan;
use crate::run::Ran;
use crate::{group, plan, report, sanitized, settle, shrink};
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_judging::reach::Reach;
use grundy_judging::report::{CaseResult, Footprint, Report};
use grundy_judging::report_files;
use grundy_judging::suite::Suite;
use grundy_sandbox::{contain, program};
use std::path::Path;
use std::time::Instant;

/// Checks one program: the outcome and the report (every test's verdict, the groups).
pub fn run<S: Suite>(suite: &S, o: Options) -> Result<(Outcome, Report), Error> {
    contain::install();
    grundy_sandbox::jail::in_force().map_err(|e| Error::usage(e.0))?;
    let prepared = match program::prepare_as(&o.cmd, o.lang.as_deref()) {
        Ok(p) => p,
        Err(e) if e.kind() == program::PrepareKind::Compile => {
            return Ok((Outcome::Failed, compile_error(suite, &o, &e)?))
        }
        Err(e) => return Err(e.into()),
    };
    let plan = plan::plan(suite, &o)?;
    header(suite, &o, &plan, &prepared);
    let start = Instant::now();
    let memo = Memo::default();
    if o.sanitize {
        // Built now, so that a compiler without the sanitizers' runtime is said once.
        sanitized::build(&memo.sanitized, &o);
    }
    let jd = Judge {
        suite,
        o: &o,
        argv: &prepared.argv,
        memo: &memo,
    };
    let mut ran = crate::run::run(&jd, &plan.indices)?;
    if let Some(budget) = o.hunt {
        crate::run::hunt(&jd, budget, plan.total, &mut ran)?;
    }
    let failed = ran.results.iter().filter(|r| r.status == "fail").count();
    let passed = ran.results.len() - failed;
    say_what_was_not_run(&jd, &plan, &ran);
    // The reach is said of a whole plan (not of one test, nor of a plan cut short).
    let whole = o.only.is_none()
        && !(o.first && failed > 0)
        && !contain::interrupted()
        && ran.results.len() as u64 + ran.repeats == plan.total;
    let mut report = Report {
        corpus: suite.arg(),
        subject: o.cmd.join(" "),
        passed,
        failed,
        cases: std::mem::take(&mut ran.results),
        groups: Vec::new(),
        footprint: None,
        reach: Some(reach_report(suite, &ran.reach, whole)),
        repeated: ran.repeats,
    };
    if failed == 0 {
        outln!(
            "all {passed} tests passed in {:.1} s{}",
            start.elapsed().as_secs_f64(),
            if contain::interrupted() {
                " (interrupted)"
            } else {
                ""
            }
        );
    } else {
        let (failed, firsts) = settle::establish(&jd, ran.failed, ran.firsts)?;
        let mut groups = group::group(suite, failed, firsts);
        let end = Instant::now() + o.shrink_time;
        let pre = shrink::join_larger(&jd, &mut groups, end);
        report.groups = report::report(&jd, groups, pre, end)?;
    }
    report.footprint = Some(Footprint::now());
    report_files::write(&report, "grundy check", &o.reports)?;
    outln!(
        "{}",
        grundy_judging::output::summary(passed as u64, failed as u64)
    );
    let outcome = if failed == 0 {
        Outcome::Passed
    } else {
        Outcome::Failed
    };
    Ok((outcome, report))
}

/// The check's first lines: the plan, the limits, the judge it is judged like, the
/// sandbox, the build.
fn header<S: Suite>(suite: &S, o: &Options, plan: &Plan, prepared: &program::Prepared) {
    eprintln!(
        "grundy check {}: {} random inputs (seed {:#x}) + {} family members + {} adversarial, time limit {} s CPU ({} s wall), stack {}, memory {}, {} job(s){}",
        suite.name(),
        o.cases,
        o.seed,
        plan.swept,
        plan.adversarial,
        o.limits.time.as_secs_f64(),
        o.limits.wall.as_secs_f64(),
        o.limits.stack.map(|b| format!("{} MiB", b >> 20)).unwrap_or("unlimited".into()),
        o.limits.memory.map(grundy_judging::output::mib_text).unwrap_or("unlimited".into()),
        o.jobs,
        if o.first { ", stopping at the first failure" } else { "" }
    );
    if let Some(like) = o.like {
        eprintln!("{}", like.describe());
    }
    eprintln!("{}", grundy_sandbox::jail::describe());
    if let Some(line) = build_line(o, prepared) {
        eprintln!("{line}");
    }
    if o.sanitize {
        eprintln!("every test that passes runs on the sanitized build too (--sanitize)");
    }
}

/// Says which tests of the plan were not run: after an interactive program's silence on
/// its first tests, and those that drew an input judged already.
fn say_what_was_not_run<S: Suite>(jd: &Judge<'_, S>, plan: &Plan, ran: &Ran<S::Input>) {
    if jd.memo.silent.load(std::sync::atomic::Ordering::SeqCst) {
        let run = ran.results.len() as u64 + ran.repeats;
        eprintln!(
            "the program wrote nothing on its first {run} tests, each stopped by the idleness limit of {} s: the other {} tests of the plan were not run (each would wait the same way)",
            grundy_judging::jury::IDLENESS.min(jd.o.limits.wall).as_secs_f64(),
            plan.total.saturating_sub(run)
        );
    }
    if ran.repeats > 0 {
        eprintln!(
            "{} of the plan's tests drew an input judged already and were not run again: {} distinct inputs{}",
            ran.repeats,
            ran.seen.len(),
            if ran.repeats as usize > ran.seen.len() {
                " (the input space may hold no more)"
            } else {
                ""
            }
        );
    }
}

/// Prints what the plan's inputs reached and what the statement allows that they never
/// reached ([`grundy_judging::reach`]); the same as JSON
/// (`whole`: the plan ran to its end; else nothing is printed).
fn reach_report<S: Suite>(suite: &S, reach: &Reach, whole: bool) -> serde_json::Value {
    let never = reach.never(&suite.allowed());
    if whole {
        eprintln!("reached: {}", reach.reached());
        if !never.is_empty() {
            eprintln!("never reached: {}", never.join("; "));
        }
    }
    serde_json::json!({ "reached": reach.json(), "never_reached": never, "whole_plan": whole })
}

/// The line that says how the program was built: its language, and its compile time
/// (apart from the tests' run times) or that the build was cached. `None` for a command
/// line.
fn build_line(o: &Options, p: &program::Prepared) -> Option<String> {
    let id = p.language.as_deref()?;
    let name = grundy_sandbox::language::table()
        .ok()
        .and_then(|t| t.by_id(id).map(|l| l.name.clone()))
        .unwrap_or_else(|| id.to_string());
    let file = o.cmd.first().map_or("", String::as_str);
    let file = Path::new(file)
        .file_name()
        .map_or(file.into(), |f| f.to_string_lossy());
    Some(match p.compiled {
        Some(d) => format!("{file}: {name}, compiled in {:.1} s", d.as_secs_f64()),
        None if grundy_sandbox::language::table()
            .is_ok_and(|t| t.by_id(id).is_some_and(|l| !l.compile.is_empty())) =>
        {
            format!("{file}: {name}, built before (cached)")
        }
        None => format!("{file}: {name}"),
    })
}

/// The outcome of a program whose source does not compile: the verdict CE, with the
/// compiler's first lines, as a report of one test (`compile`) written where asked.
fn compile_error<S: Suite>(
    suite: &S,
    o: &Options,
    e: &program::PrepareError,
) -> Result<Report, Error> {
    let message = e.to_string();
    outln!("CE: {message}");
    let report = Report {
        corpus: suite.arg(),
        subject: o.cmd.join(" "),
        passed: 0,
        failed: 1,
        cases: vec![CaseResult {
            problem: suite.name(),
            name: "compile".into(),
            input: String::new(),
            status: "fail",
            verdict: "CE".into(),
            message,
            seconds: 0.0,
            details: String::new(),
            reproduce: String::new(),
        }],
        groups: Vec::new(),
        footprint: None,
        reach: None,
        repeated: 0,
    };
    report_files::write(&report, "grundy check", &o.reports)?;
    Ok(report)
}
