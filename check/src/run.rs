//! The run, the second stage: every test of the plan judged (in parallel with `--jobs`),
//! each result recorded and each failing test filed as it ran ([`Ran`]); then, with
//! `--hunt-tle`, the hunt for a slow input of the maximum size. An input drawn again is
//! not judged again, and an interactive program silent on its first tests stops the run.

use crate::cause::Cause;
use crate::judge::{
    keep_first, silent, Failed, Failure, Firsts, Judge, Test, TestTier, SILENT_STOP,
};
use crate::options::Options;
use crate::plan::make_test;
use crate::text;
use crate::verdict::JudgedBy;
use grundy_fuzzing::pool::{self, Draw};
use grundy_judging::error::Error;
use grundy_judging::judge::Verdict;
use grundy_judging::reach::Reach;
use grundy_judging::report::CaseResult;
use grundy_judging::suite::Suite;
use grundy_sandbox::contain;
use grundy_sandbox::runner::Run;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the run found: every test's result, and the failing tests, filed one by one
/// (not grouped: their causes are settled first).
pub(crate) struct Ran<I> {
    /// Every test's result, by number.
    pub(crate) results: Vec<CaseResult>,
    /// The failing tests.
    pub(crate) failed: Vec<Failed>,
    /// The smallest failing test of each cause and class, whole.
    pub(crate) firsts: Firsts<I>,
    /// The dimensions the tests reached.
    pub(crate) reach: Reach,
    /// The inputs judged, by a hash of their text: a test that draws one of them again is
    /// not run again.
    pub(crate) seen: std::collections::HashSet<u64>,
    /// The tests not run because their input was judged already.
    pub(crate) repeats: u64,
}

impl<I> Ran<I> {
    /// Records test `i`'s result (`f.verdict` may be OK) and, if it failed, files it.
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
            details: if ok {
                String::new()
            } else {
                evidence(&f, suite.compares_tokens())
            },
            reproduce: if ok {
                String::new()
            } else {
                text::reproduce_line(suite, o, i)
            },
        });
        if !ok {
            self.file(suite, f);
        }
    }

    /// True when `input` was judged already (a small input space draws the same input
    /// again): it is counted and not judged again.
    fn drawn_again<S: Suite<Input = I>>(&mut self, suite: &S, input: &I) -> bool {
        let key = grundy_sandbox::program::content_hash(suite.write(input).as_bytes());
        if self.seen.insert(key) {
            return false;
        }
        self.repeats += 1;
        true
    }

    /// Files a failing test: its line, and its failure whole when it is the smallest of
    /// its cause and class.
    fn file<S: Suite<Input = I>>(&mut self, suite: &S, f: Failure<I>) {
        let size = suite.size(&f.test.input);
        self.failed.push(Failed {
            index: f.test.index,
            tier: f.test.tier,
            size,
            shape: suite.shape(&f.test.input),
            cause: f.cause.clone(),
            reran: None,
        });
        keep_first(&mut self.firsts, size, f);
    }
}

/// The tests where an interactive program wrote nothing and was stopped for it, and
/// whether it ever wrote.
#[derive(Default)]
struct Quiet(Mutex<(u64, bool)>);

impl Quiet {
    /// Counts a run; true once the program has been silent on [`SILENT_STOP`] tests and
    /// never wrote: every further test would wait out the limit the same way.
    fn saw(&self, v: &Verdict, run: &Run) -> bool {
        let mut q = self.0.lock().expect("lock");
        if silent(v, run) {
            q.0 += 1;
        } else if !run.stdout.is_empty() {
            q.1 = true;
        }
        q.0 >= SILENT_STOP && !q.1
    }
}

/// Runs the plan's tests (in parallel with `--jobs`).
pub(crate) fn run<S: Suite>(jd: &Judge<'_, S>, indices: &[u64]) -> Result<Ran<S::Input>, Error> {
    let Judge { suite, o, memo, .. } = *jd;
    let draw = Draw::new(contain::interrupted);
    let start = Instant::now();
    let found = Mutex::new(Ran {
        results: Vec::new(),
        failed: Vec::new(),
        firsts: BTreeMap::new(),
        reach: Reach::default(),
        seen: std::collections::HashSet::new(),
        repeats: 0,
    });
    let quiet = Quiet::default();
    let error: Mutex<Option<Error>> = Mutex::new(None);
    // Tests stopped by the wall clock far under their CPU limit, run again after the others.
    let busy: Mutex<Vec<(u64, Failure<S::Input>)>> = Mutex::new(Vec::new());
    // Each worker's runs on a core of their own (the sandbox pins them).
    let workers = std::sync::atomic::AtomicUsize::new(0);
    pool::scoped(o.jobs, || loop {
        pin_worker(&workers);
        if o.time.is_some_and(|t| start.elapsed() >= t) {
            return;
        }
        let Some(k) = draw.next() else { return };
        let Some(&i) = indices.get(k as usize) else {
            return;
        };
        let mut reach = Reach::default();
        let test = make_test(suite, o, i);
        if let Ok(t) = &test {
            if found.lock().expect("lock").drawn_again(suite, &t.input) {
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
        if quiet.saw(&verdict, &run) && o.only.is_none() {
            memo.silent.store(true, std::sync::atomic::Ordering::SeqCst);
            draw.stop();
        }
        // What the failure is; the re-runs that tell a crash's cause come after the run,
        // on a sample of each cause (`settle`).
        let cause = Cause::of(&verdict, &run);
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
        if stopped_by_a_busy_machine(o, &failure) {
            busy.lock().expect("lock").push((i, failure));
        } else {
            f.record(suite, o, i, failure);
        }
    });
    if let Some(e) = error.into_inner().expect("lock") {
        return Err(e);
    }
    let mut f = found.into_inner().expect("lock");
    // Until one fails again: then it was the program that waits, not the machine, and
    // the others stand as they ran.
    let mut waits = false;
    for (i, first) in busy.into_inner().expect("lock") {
        let judged = if waits {
            first
        } else {
            let again = run_again_alone(jd, first)?;
            waits = again.verdict != Verdict::Ok;
            again
        };
        f.record(suite, o, i, judged);
    }
    f.results.sort_by_key(|r| {
        r.name
            .trim_start_matches("test ")
            .parse::<u64>()
            .unwrap_or(u64::MAX)
    });
    Ok(f)
}

/// True for a TLE by the wall-clock backstop whose CPU time was under half the limit,
/// where the limit is CPU time (the backstop above it): the run waited, for its input
/// or for a core of a busy machine. A judge whose limit is the elapsed time itself
/// (`--wall-factor 1`, AtCoder's) keeps its meaning.
fn stopped_by_a_busy_machine<I>(o: &Options, f: &Failure<I>) -> bool {
    matches!(f.verdict, Verdict::TimeLimit(..))
        && matches!(f.judged_by, JudgedBy::Answer(_))
        && f.run.exit == grundy_sandbox::runner::Exit::Timeout
        && f.run.cpu * 2 < o.limits.time
        && o.limits.wall_factor > 1.0
}

/// Runs a test stopped by the wall clock again, alone (after the others, so that its own
/// jobs load the machine no more): the second run's verdict stands. When it passes, the
/// check says the machine was busy, with both runs' figures.
fn run_again_alone<S: Suite>(
    jd: &Judge<'_, S>,
    first: Failure<S::Input>,
) -> Result<Failure<S::Input>, Error> {
    let (verdict, run, expected, judged_by) = jd.judge(&first.test.input)?;
    if verdict == Verdict::Ok {
        eprintln!(
            "test {}: stopped by the wall clock after {:.3} s with {:.3} s of CPU time; run again alone, it passed in {:.3} s ({:.3} s of CPU time): the machine was busy",
            first.test.index,
            first.run.wall.as_secs_f64(),
            first.run.cpu.as_secs_f64(),
            run.wall.as_secs_f64(),
            run.cpu.as_secs_f64()
        );
    }
    let cause = Cause::of(&verdict, &run);
    Ok(Failure {
        test: first.test,
        verdict,
        run,
        expected,
        judged_by,
        cause,
    })
}

/// `--hunt-tle`: searches for a slow input of the maximum size; one that runs past the
/// limit joins the failures (as test number `index`, one past the plan).
pub(crate) fn hunt<S: Suite>(
    jd: &Judge<'_, S>,
    budget: Duration,
    index: u64,
    found: &mut Ran<S::Input>,
) -> Result<(), Error> {
    let Judge { suite, o, argv, .. } = *jd;
    eprintln!(
        "hunting for a slow input of {} for {} s…",
        suite.max_size_words(),
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
        let cause = Cause::of(&verdict, &run);
        let f = Failure {
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
        };
        found.file(suite, f);
    }
    Ok(())
}

/// A failing test's evidence for a report: the expected output beside the program's (or
/// the game's last lines), cut to fit.
/// Gives the calling worker thread its job number the first time (each worker's runs are
/// pinned to a core of their own: [`grundy_sandbox::pin`]).
fn pin_worker(workers: &std::sync::atomic::AtomicUsize) {
    thread_local! {
        static PINNED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if !PINNED.with(std::cell::Cell::get) {
        PINNED.with(|p| p.set(true));
        let k = workers.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        grundy_sandbox::pin::this_thread(k);
    }
}

fn evidence<I>(f: &Failure<I>, by_tokens: bool) -> String {
    const LINES: usize = 20;
    let shown = match &f.judged_by {
        JudgedBy::Answer(by) => format!(
            "expected output (by the {by}) and the program's:\n{}",
            text::outputs(&f.expected, &f.run.stdout, by_tokens, false)
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
