//! `grundy check PROBLEM -- CMD ARGS…`: validates a contestant's program against a
//! built-in problem or a problem package (one code path, through [`Suite`]).
//!
//! The whole plan runs (random inputs in three tiers, then the adversarial maximum inputs;
//! `--first` stops at the first failure). Failing tests are grouped by verdict and size
//! tier ([`groups`]); one representative of each group is shrunk with the program in the
//! loop, saved as NAME.in / NAME.out / NAME.actual and printed with the commands that
//! reproduce it, a stack overflow is re-run with an unlimited stack, and a failure that
//! only large inputs show gets the size from which it starts, by bisection. The report
//! ends with a table of the groups; `--report` writes every test's verdict as JSON or
//! JUnit XML.

//!
//! This crate is the `check` wing: it imports `grundy-judging` (suites, packages,
//! verdicts, the jury, TLE measurements, reports) and the crates below; `grundy-export`
//! (a test set's witnesses) and the binary import it.

#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

mod cause;
mod groups;
pub mod matrix;
mod rerun;
mod sanitized;
pub mod sanitizer;
pub(crate) mod text;
mod threshold;

use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::pool::{self, Draw};
use grundy_judging::error::{Error, Outcome};
use grundy_judging::judge::{self, Verdict};
use grundy_judging::outln;
use grundy_judging::reach::Reach;
use grundy_judging::report::{self, CaseResult, Report};
use grundy_judging::report_files;
use grundy_judging::suite::Suite;
use grundy_sandbox::runner::{self, Limits, Run};
use grundy_sandbox::{contain, program};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Options of `grundy check`.
#[derive(Clone, Debug)]
pub struct Options {
    /// The program (a command line or a source file).
    pub cmd: Vec<String>,
    /// The language of a source file (an id of the languages table), when its extension
    /// is not to choose it (`pypy3` for a `.py`).
    pub lang: Option<String>,
    /// Seed of the random inputs.
    pub seed: u64,
    /// Random inputs (80% small, 15% medium, 5% large).
    pub cases: u64,
    /// Stop starting new tests after this long.
    pub time: Option<Duration>,
    /// Tests run at once.
    pub jobs: usize,
    /// Run only this test index.
    pub only: Option<u64>,
    /// Skip the adversarial inputs.
    pub no_adversarial: bool,
    /// Skip the family sweep ([`grundy_fuzzing::families`]).
    pub no_families: bool,
    /// Limits of each run.
    pub limits: Limits,
    /// The wall-clock factor the limits were made with (for the reproduce line).
    pub wall_factor: f64,
    /// The judge preset the limits come from (`[judge] like`), said in the header.
    pub like: Option<grundy_judging::preset::Preset>,
    /// Where failing inputs are saved.
    pub save: PathBuf,
    /// Time allowed for shrinking (all groups together).
    pub shrink_time: Duration,
    /// Colour the report (differences, the verdict).
    pub color: bool,
    /// Stop at the first failure (the quick loop) instead of running the whole plan.
    pub first: bool,
    /// Reports to write: `(json|junit, path)`.
    pub reports: Vec<(report::Format, PathBuf)>,
    /// After the plan, hunt this long for an input of the maximum size that runs past the
    /// time limit (none: no hunt).
    pub hunt: Option<Duration>,
    /// Run every passing test on the sanitized build too ([`sanitized`]): undefined
    /// behaviour is a failure (UB).
    pub sanitize: bool,
}

/// One test of the plan.
pub(crate) struct Test<I> {
    index: u64,
    label: String,
    tier: TestTier,
    input: I,
}

/// The size tier of a test: the random tiers of the plan, and `maximum` for the
/// adversarial inputs and the hunt's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum TestTier {
    Small,
    Medium,
    Large,
    /// A member of a swept family (a chain of k, a hub of degree d).
    Family,
    Maximum,
}

impl TestTier {
    /// The word the reports use.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TestTier::Small => "small",
            TestTier::Medium => "medium",
            TestTier::Large => "large",
            TestTier::Family => "family",
            TestTier::Maximum => "maximum",
        }
    }
}

/// What a failing run's output is compared with, and who gave it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum JudgedBy {
    /// The jury played the game: the expected bytes are the game's transcript.
    Jury,
    /// An expected output, by the source named (`grundy's oracle`, a reference, …).
    Answer(String),
}

fn tier(o: &Options, i: u64) -> Tier {
    if i < o.cases * 80 / 100 {
        Tier::Small
    } else if i < o.cases * 95 / 100 {
        Tier::Medium
    } else {
        Tier::Large
    }
}

/// The family members the plan sweeps (none with `--no-families`).
pub(crate) fn families<S: Suite>(suite: &S, o: &Options) -> Vec<grundy_fuzzing::families::Member> {
    if o.no_families {
        Vec::new()
    } else {
        suite.families()
    }
}

/// Test `i` of the plan: the random inputs, then the family members, then the
/// adversarial inputs.
fn make_test<S: Suite>(suite: &S, o: &Options, i: u64) -> Result<Test<S::Input>, Error> {
    let members = families(suite, o);
    if let Some(m) = i.checked_sub(o.cases).and_then(|k| members.get(k as usize)) {
        let input = suite
            .member(m, o.seed)
            .ok_or_else(|| Error::internal("a family member of a problem without trees"))??;
        return Ok(Test {
            index: i,
            label: format!("family: {}", m.label),
            tier: TestTier::Family,
            input,
        });
    }
    if i < o.cases {
        let t = tier(o, i);
        let (input, label) = suite.random(o.seed, i, t)?;
        Ok(Test {
            index: i,
            label,
            tier: match t {
                Tier::Small => TestTier::Small,
                Tier::Medium => TestTier::Medium,
                Tier::Large => TestTier::Large,
            },
            input,
        })
    } else {
        let k = (i - o.cases) as usize - members.len();
        let name = suite.adversarial().into_iter().nth(k).unwrap_or_default();
        Ok(Test {
            index: i,
            label: format!("adversarial: {name}"),
            tier: TestTier::Maximum,
            input: suite.adversarial_input(k)?,
        })
    }
}

/// A failing test: its verdict, run and expected output, and what it is (the group it
/// joins: [`cause::Cause::of`], then [`rerun::establish`]).
pub(crate) struct Failure<I> {
    test: Test<I>,
    verdict: Verdict,
    run: Run,
    expected: Vec<u8>,
    judged_by: JudgedBy,
    cause: cause::Cause,
}

/// Runs the program on `input` under `limits` and judges it: the verdict, the run, the
/// expected output and who computed it.
fn judge_with<S: Suite>(
    suite: &S,
    limits: &Limits,
    argv: &[String],
    input: &S::Input,
) -> Result<(Verdict, Run, Vec<u8>, JudgedBy), Error> {
    if let Some(played) = suite.play(input, argv, limits) {
        let (verdict, run, transcript) = played?;
        return Ok((verdict, run, transcript, JudgedBy::Jury));
    }
    let text = suite.write(input);
    let (expected, by) = suite.expected(input, &text)?;
    let run = runner::run(argv, text.as_bytes(), limits);
    let verdict = match judge::classify(&run, limits)? {
        Some(v) => v,
        None => suite.check_output(input, &text, &run.stdout, &expected)?,
    };
    Ok((verdict, run, expected, JudgedBy::Answer(by)))
}

/// One check's judge: the problem, the options and the program. Every stage — the plan,
/// the groups' causes, thresholds, shrinking and settling — judges through it, and
/// nothing of a stage flows back into it.
pub(crate) struct Judge<'a, S: Suite> {
    pub(crate) suite: &'a S,
    pub(crate) o: &'a Options,
    pub(crate) argv: &'a [String],
    /// What one check keeps between its stages: each input's re-run with an unlimited
    /// stack ([`rerun`]), the sanitized build ([`sanitized`]).
    pub(crate) memo: &'a Memo,
}

/// See [`Judge::memo`].
#[derive(Default)]
pub(crate) struct Memo {
    /// What each input's re-run with an unlimited stack showed: an input judged again (a
    /// witness checked five times, a shrunk input settled) is not re-run again.
    pub(crate) reruns: rerun::Seen,
    /// The sanitized build, made when first needed.
    pub(crate) sanitized: std::sync::OnceLock<sanitized::Build>,
    /// The plan was stopped because the program wrote nothing on its first tests, each
    /// waiting out the idleness limit ([`SILENT_STOP`]): its group is not shrunk either.
    pub(crate) silent: std::sync::atomic::AtomicBool,
}

/// After this many tests on which an interactive program wrote nothing at all (each
/// stopped by the idleness limit, and no test where it wrote), the plan stops: every
/// further test would wait out the limit the same way.
pub(crate) const SILENT_STOP: u64 = 3;

/// True for a run of an interactive program that wrote nothing and was stopped for it.
fn silent(v: &Verdict, run: &Run) -> bool {
    run.stdout.is_empty()
        && matches!(v, Verdict::TimeLimit(m) if m.starts_with("idle on its turn") || m.starts_with("silent on its turn"))
}

impl<S: Suite> Clone for Judge<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Suite> Copy for Judge<'_, S> {}

impl<S: Suite> Judge<'_, S> {
    /// [`judge_with`] under the options' limits; with `--sanitize`, a test that passes is
    /// run on the sanitized build too, and undefined behaviour it reports is the verdict
    /// (UB, with the sanitized run).
    pub(crate) fn judge(
        &self,
        input: &S::Input,
    ) -> Result<(Verdict, Run, Vec<u8>, JudgedBy), Error> {
        let judged = judge_with(self.suite, &self.o.limits, self.argv, input)?;
        if !self.o.sanitize || judged.0 != Verdict::Ok {
            return Ok(judged);
        }
        let Some((finding, run)) = sanitized::undefined(self, input)? else {
            return Ok(judged);
        };
        Ok((Verdict::Undefined(finding.summary), run, judged.2, judged.3))
    }
}

/// A failing test's evidence for a report: the expected output beside the program's (or
/// the game's last lines), cut to fit.
fn evidence<I>(f: &Failure<I>) -> String {
    const LINES: usize = 20;
    let shown = match &f.judged_by {
        JudgedBy::Answer(by) => format!(
            "expected output (by the {by}) and the program's:\n{}",
            text::side_by_side(&f.expected, &f.run.stdout, false)
        ),
        JudgedBy::Jury => format!(
            "the game (> the jury, < the program):\n{}",
            text::ends(&String::from_utf8_lossy(&f.expected), 8, 8)
        ),
    };
    let lines: Vec<&str> = shown.lines().collect();
    if lines.len() <= LINES {
        return shown;
    }
    format!(
        "{}\n… ({} lines in all)\n",
        lines[..LINES].join("\n"),
        lines.len()
    )
}

/// What the plan found: every test's result, and the failing tests grouped.
struct Findings<I> {
    results: Vec<CaseResult>,
    groups: BTreeMap<(cause::Cause, groups::Class), groups::Group<I>>,
    /// The dimensions the tests reached.
    reach: Reach,
    /// The inputs judged, by a hash of their text: a test that draws one of them again is
    /// not run again.
    seen: std::collections::HashSet<u64>,
    /// The tests not run because their input was judged already.
    repeats: u64,
}

impl<I> Findings<I> {
    /// Records test `i`'s result (`f.verdict` may be OK) and, if it failed, files it
    /// in its group.
    fn record<S: Suite<Input = I>>(&mut self, suite: &S, o: &Options, i: u64, f: Failure<I>) {
        let ok = f.verdict == Verdict::Ok;
        self.results.push(CaseResult {
            problem: suite.name(),
            name: format!("test {i}"),
            input: format!("{}, {}", f.test.label, suite.describe(&f.test.input)),
            status: if ok { "pass" } else { "fail" },
            verdict: f.verdict.code().into(),
            message: if ok {
                String::new()
            } else {
                f.verdict.to_string()
            },
            seconds: f.run.wall.as_secs_f64(),
            details: if ok { String::new() } else { evidence(&f) },
            reproduce: if ok {
                String::new()
            } else {
                text::reproduce_line(suite, o, i)
            },
        });
        if !ok {
            let shape = suite.shape(&f.test.input);
            let size = suite.size(&f.test.input);
            groups::add(&mut self.groups, f, shape, size);
        }
    }
}

/// Runs the plan's tests (in parallel with `--jobs`).
fn run_plan<S: Suite>(
    suite: &S,
    o: &Options,
    argv: &[String],
    indices: &[u64],
    memo: &Memo,
) -> Result<Findings<S::Input>, Error> {
    let jd = Judge {
        suite,
        o,
        argv,
        memo,
    };
    let draw = Draw::new(contain::interrupted);
    let start = Instant::now();
    let found = Mutex::new(Findings {
        results: Vec::new(),
        groups: BTreeMap::new(),
        reach: Reach::default(),
        seen: std::collections::HashSet::new(),
        repeats: 0,
    });
    // Tests where the program wrote nothing and was stopped for it, and whether it ever
    // wrote.
    let quiet = Mutex::new((0u64, false));
    let error: Mutex<Option<Error>> = Mutex::new(None);
    pool::scoped(o.jobs, || loop {
        if o.time.is_some_and(|t| start.elapsed() >= t) {
            return;
        }
        let Some(k) = draw.next() else { return };
        let Some(&i) = indices.get(k as usize) else {
            return;
        };
        let mut reach = Reach::default();
        let test = make_test(suite, o, i);
        // An input judged already (a small input space draws the same input again) is
        // not judged again.
        if let Ok(t) = &test {
            let key = grundy_sandbox::program::content_hash(suite.write(&t.input).as_bytes());
            let mut f = found.lock().expect("lock");
            if !f.seen.insert(key) {
                f.repeats += 1;
                continue;
            }
        }
        let outcome = test.and_then(|test| {
            suite.measure(&test.input, &mut reach);
            jd.judge(&test.input)
                .map(|(v, run, exp, by)| (test, v, run, exp, by))
        });
        let (test, verdict, run, expected, judged_by) = match outcome {
            Ok(x) => x,
            Err(e) => {
                error.lock().expect("lock").get_or_insert(e);
                draw.stop();
                return;
            }
        };
        if verdict != Verdict::Ok && o.first {
            draw.stop();
        }
        {
            let mut q = quiet.lock().expect("lock");
            if silent(&verdict, &run) {
                q.0 += 1;
            } else if !run.stdout.is_empty() {
                q.1 = true;
            }
            if q.0 >= SILENT_STOP && !q.1 && o.only.is_none() {
                memo.silent.store(true, std::sync::atomic::Ordering::SeqCst);
                draw.stop();
            }
        }
        // What the failure is; the re-runs that tell a crash's cause come after the plan,
        // on a sample of each group (`rerun::establish`).
        let cause = cause::Cause::of(&verdict, &run);
        let failure = Failure {
            test,
            verdict,
            run,
            expected,
            judged_by,
            cause,
        };
        let mut f = found.lock().expect("lock");
        f.reach.merge(&reach);
        f.record(suite, o, i, failure);
    });
    if let Some(e) = error.into_inner().expect("lock") {
        return Err(e);
    }
    let mut f = found.into_inner().expect("lock");
    f.results.sort_by_key(|r| {
        r.name
            .trim_start_matches("test ")
            .parse::<u64>()
            .unwrap_or(u64::MAX)
    });
    Ok(f)
}

/// `--hunt-tle`: searches for a slow input of the maximum size; one that runs past the
/// limit joins the failures (as test number `index`, one past the plan).
fn hunt_tle<S: Suite>(
    suite: &S,
    o: &Options,
    argv: &[String],
    budget: Duration,
    index: u64,
    found: &mut Findings<S::Input>,
    memo: &Memo,
) -> Result<(), Error> {
    eprintln!(
        "hunting for a slow input of {} vertices for {} s…",
        suite.max_size(),
        budget.as_secs_f64()
    );
    let starts = [
        grundy_fuzzing::gen::TreeShape::RandomParent,
        grundy_fuzzing::gen::TreeShape::Prufer,
        grundy_fuzzing::gen::TreeShape::Star,
        grundy_fuzzing::gen::TreeShape::Caterpillar,
    ];
    let Some(h) =
        grundy_judging::tle::hunt::search(suite, argv, &o.limits, budget, o.seed, &starts)?
    else {
        return Ok(());
    };
    let how = grundy_judging::tle::summarize_how(&h.how);
    eprintln!("the hunt's slowest input: {how}: {:.3} s CPU", h.seconds);
    if h.verdict.is_none() {
        return Ok(());
    }
    let jd = Judge {
        suite,
        o,
        argv,
        memo,
    };
    let (verdict, run, expected, judged_by) = jd.judge(&h.input)?;
    found.results.push(CaseResult {
        problem: suite.name(),
        name: format!("test {index}"),
        input: format!("hunt: {how}"),
        status: if verdict == Verdict::Ok {
            "pass"
        } else {
            "fail"
        },
        verdict: verdict.code().into(),
        message: verdict.to_string(),
        seconds: run.wall.as_secs_f64(),
        details: String::new(),
        reproduce: String::new(),
    });
    if verdict != Verdict::Ok {
        let shape = suite.shape(&h.input);
        let size = suite.size(&h.input);
        let cause = cause::Cause::of(&verdict, &run);
        groups::add(
            &mut found.groups,
            Failure {
                test: Test {
                    index,
                    label: format!("found by the hunt: {how}"),
                    tier: TestTier::Maximum,
                    input: h.input,
                },
                verdict,
                run,
                expected,
                judged_by,
                cause,
            },
            shape,
            size,
        );
    }
    Ok(())
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
pub(crate) fn build_line(o: &Options, p: &program::Prepared) -> Option<String> {
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

/// Runs `grundy check` of `suite`: of the program of the options, or (with none) of
/// every solution of the package against its expected verdict.
pub fn run<S: Suite>(suite: &S, o: Options) -> Result<Outcome, Error> {
    if o.cmd.is_empty() {
        return matrix::run_all(suite, o);
    }
    run_one(suite, o).map(|(outcome, _)| outcome)
}

/// Checks one program: the outcome and the report (every test's verdict, the groups).
pub fn run_one<S: Suite>(suite: &S, o: Options) -> Result<(Outcome, Report), Error> {
    contain::install();
    grundy_sandbox::jail::in_force().map_err(|e| Error::usage(e.0))?;
    let prepared = match program::prepare_as(&o.cmd, o.lang.as_deref()) {
        Ok(p) => p,
        Err(e) if e.kind() == program::PrepareKind::Compile => {
            return Ok((Outcome::Failed, compile_error(suite, &o, &e)?))
        }
        Err(e) => return Err(e.into()),
    };
    let argv = prepared.argv.clone();
    let adversarial = if o.no_adversarial {
        0
    } else {
        suite.adversarial().len() as u64
    };
    let swept = families(suite, &o).len() as u64;
    let total = o.cases + swept + adversarial;
    let indices: Vec<u64> = match o.only {
        Some(i) if i < total => vec![i],
        Some(i) => {
            return Err(Error::usage(format!(
                "--case {i} is past the plan's {total} tests"
            )))
        }
        None => (0..total).collect(),
    };
    eprintln!(
        "grundy check {}: {} random inputs (seed {:#x}) + {swept} family members + {adversarial} adversarial, time limit {} s CPU ({} s wall), stack {}, memory {}, {} job(s){}",
        suite.name(),
        o.cases,
        o.seed,
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
    if let Some(line) = build_line(&o, &prepared) {
        eprintln!("{line}");
    }
    if o.sanitize {
        eprintln!("every test that passes runs on the sanitized build too (--sanitize)");
    }
    let start = Instant::now();
    let memo = Memo::default();
    if o.sanitize {
        // Built now, so that a compiler without the sanitizers' runtime is said once.
        sanitized::build(&memo, &o);
    }
    let mut found = run_plan(suite, &o, &argv, &indices, &memo)?;
    if let Some(budget) = o.hunt {
        hunt_tle(suite, &o, &argv, budget, total, &mut found, &memo)?;
    }
    let failed = found.results.iter().filter(|r| r.status == "fail").count();
    let passed = found.results.len() - failed;
    if memo.silent.load(std::sync::atomic::Ordering::SeqCst) {
        let run = found.results.len() as u64 + found.repeats;
        eprintln!(
            "the program wrote nothing on its first {run} tests, each stopped by the idleness limit of {} s: the other {} tests of the plan were not run (each would wait the same way)",
            grundy_judging::jury::IDLENESS.min(o.limits.wall).as_secs_f64(),
            total.saturating_sub(run)
        );
    }
    if found.repeats > 0 {
        eprintln!(
            "{} of the plan's tests drew an input judged already and were not run again: {} distinct inputs{}",
            found.repeats,
            found.seen.len(),
            if found.repeats as usize > found.seen.len() {
                " (the input space may hold no more)"
            } else {
                ""
            }
        );
    }
    // The reach is said of a whole plan (not of one test, nor of a plan cut short).
    let whole = o.only.is_none()
        && !(o.first && failed > 0)
        && !contain::interrupted()
        && found.results.len() as u64 + found.repeats == total;
    let reach = reach_report(suite, &found.reach, whole);
    let mut report = Report {
        corpus: suite.arg(),
        subject: o.cmd.join(" "),
        passed,
        failed,
        cases: found.results,
        groups: Vec::new(),
        footprint: None,
        reach: Some(reach),
        repeated: found.repeats,
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
        report.footprint = Some(report::Footprint::now());
        report_files::write(&report, "grundy check", &o.reports)?;
        outln!("{}", grundy_judging::output::summary(passed as u64, 0));
        return Ok((Outcome::Passed, report));
    }
    let jd = Judge {
        suite,
        o: &o,
        argv: &argv,
        memo: &memo,
    };
    let groups: Vec<groups::Group<S::Input>> =
        rerun::establish(&jd, found.groups)?.into_values().collect();
    report.groups = groups::report(&jd, groups)?;
    report.footprint = Some(report::Footprint::now());
    report_files::write(&report, "grundy check", &o.reports)?;
    outln!(
        "{}",
        grundy_judging::output::summary(passed as u64, failed as u64)
    );
    Ok((Outcome::Failed, report))
}
