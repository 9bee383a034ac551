//! `grundy check PROBLEM -- CMD ARGS…`: validates a contestant's program against a
//! built-in problem or a problem package (one code path, through [`Suite`]). Small random
//! inputs are judged by the oracle or the package's brute force, larger ones and the
//! adversarial maximum inputs by the solver or the model solution; the first failing
//! input is shrunk with the program in the loop (the same verdict must persist), saved as
//! NAME.in / NAME.out / NAME.actual, and printed with a command that reproduces it.

use super::{indent, summary};
use crate::error::{Error, Outcome};
use crate::judge::{self, Verdict};
use crate::output::{escape, escape_bytes};
use crate::runner::{self, Limits, Run};
use crate::suite::Suite;
use crate::{contain, corpus, outln, program};
use grundy_fuzzing::contest::Tier;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Options of `grundy check`.
#[derive(Clone, Debug)]
pub struct Options {
    /// The program (a command line or a source file).
    pub cmd: Vec<String>,
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
    /// Limits of each run.
    pub limits: Limits,
    /// The wall-clock factor the limits were made with (for the reproduce line).
    pub wall_factor: f64,
    /// Where failing inputs are saved.
    pub save: PathBuf,
    /// Time allowed for shrinking.
    pub shrink_time: Duration,
    /// Colour the report (differences, the verdict).
    pub color: bool,
}

/// One test of the plan.
struct Test<I> {
    index: u64,
    label: String,
    input: I,
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

fn make_test<S: Suite>(suite: &S, o: &Options, i: u64) -> Result<Test<S::Input>, Error> {
    if i < o.cases {
        let (input, label) = suite.random(o.seed, i, tier(o, i))?;
        Ok(Test {
            index: i,
            label,
            input,
        })
    } else {
        let k = (i - o.cases) as usize;
        let name = suite.adversarial().into_iter().nth(k).unwrap_or_default();
        Ok(Test {
            index: i,
            label: format!("adversarial: {name}"),
            input: suite.adversarial_input(k)?,
        })
    }
}

struct Failure<I> {
    test: Test<I>,
    verdict: Verdict,
    run: Run,
    expected: Vec<u8>,
}

/// Runs the program on `input` and judges it: the verdict, the run, the expected output
/// and who computed it.
fn judge_one<S: Suite>(
    suite: &S,
    o: &Options,
    argv: &[String],
    input: &S::Input,
) -> Result<(Verdict, Run, Vec<u8>, String), Error> {
    let text = suite.write(input);
    let (expected, by) = suite.expected(input, &text)?;
    let run = runner::run(argv, text.as_bytes(), &o.limits);
    let verdict = match judge::classify(&run, &o.limits)? {
        Some(v) => v,
        None => suite.check_output(input, &text, &run.stdout, &expected)?,
    };
    Ok((verdict, run, expected, by))
}

fn run_test<S: Suite>(
    suite: &S,
    o: &Options,
    argv: &[String],
    test: Test<S::Input>,
) -> Result<Option<Failure<S::Input>>, Error> {
    let (verdict, run, expected, _) = judge_one(suite, o, argv, &test.input)?;
    Ok((verdict != Verdict::Ok).then_some(Failure {
        test,
        verdict,
        run,
        expected,
    }))
}

/// Expected and actual output side by side; differing lines marked `≠` (and coloured,
/// expected green and actual red, when `color`).
fn side_by_side(left: &[u8], right: &[u8], color: bool) -> String {
    let left = escape_bytes(left);
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<String> = escape_bytes(right).lines().map(String::from).collect();
    let width = l
        .iter()
        .take(20)
        .map(|s| s.chars().count().min(36))
        .max()
        .unwrap_or(0)
        .max(8);
    let mut out = format!("    {:<width$} | actual\n", "expected");
    for i in 0..l.len().max(r.len()).min(20) {
        let a: String = l.get(i).copied().unwrap_or("").chars().take(36).collect();
        let b: String = r
            .get(i)
            .map(|s| s.as_str())
            .unwrap_or("")
            .chars()
            .take(60)
            .collect();
        let differs = l.get(i).copied() != r.get(i).map(|s| s.as_str());
        if differs && color {
            out += &format!("    \x1b[32m{a:<width$}\x1b[0m \x1b[1m≠\x1b[0m \x1b[31m{b}\x1b[0m\n");
        } else {
            let mark = if differs { "≠" } else { "|" };
            out += &format!("    {a:<width$} {mark} {b}\n");
        }
    }
    if l.len().max(r.len()) > 20 {
        out += &format!("    … ({} expected lines, {} actual)\n", l.len(), r.len());
    }
    out
}

fn preview(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    let mut s = all
        .iter()
        .take(lines)
        .map(|l| {
            let l = escape(l);
            if l.chars().count() > 100 {
                let cut: String = l.chars().take(100).collect();
                format!("    {cut}… ({} characters)\n", l.chars().count())
            } else {
                format!("    {l}\n")
            }
        })
        .collect::<String>();
    if all.len() > lines {
        s += &format!("    … ({} lines in all)\n", all.len());
    }
    s
}

/// Runs `grundy check` of `suite`.
pub fn run<S: Suite>(suite: &S, o: Options) -> Result<Outcome, Error> {
    contain::install();
    let argv = program::prepare(&o.cmd).map_err(Error::usage)?;
    let adversarial = if o.no_adversarial {
        0
    } else {
        suite.adversarial().len() as u64
    };
    let total = o.cases + adversarial;
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
        "grundy check {}: {} random inputs (seed {:#x}) + {adversarial} adversarial, time limit {} s CPU ({} s wall), stack {}, memory {}, {} job(s)",
        suite.name(),
        o.cases,
        o.seed,
        o.limits.time.as_secs_f64(),
        o.limits.wall.as_secs_f64(),
        o.limits.stack.map(|b| format!("{} MiB", b >> 20)).unwrap_or("unlimited".into()),
        o.limits.memory.map(|b| format!("{} MiB", b >> 20)).unwrap_or("unlimited".into()),
        o.jobs
    );
    let start = Instant::now();
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let passed = AtomicU64::new(0);
    let failure: Mutex<Option<Failure<S::Input>>> = Mutex::new(None);
    let error: Mutex<Option<Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..o.jobs.max(1) {
            scope.spawn(|| loop {
                if stop.load(Ordering::Relaxed) || contain::interrupted() {
                    return;
                }
                if o.time.is_some_and(|t| start.elapsed() >= t) {
                    return;
                }
                let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(&i) = indices.get(k) else { return };
                match make_test(suite, &o, i).and_then(|test| run_test(suite, &o, &argv, test)) {
                    Err(e) => {
                        error.lock().expect("lock").get_or_insert(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                    Ok(None) => {
                        passed.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(Some(f)) => {
                        stop.store(true, Ordering::Relaxed);
                        let mut slot = failure.lock().expect("lock");
                        if slot.as_ref().is_none_or(|g| f.test.index < g.test.index) {
                            *slot = Some(f);
                        }
                    }
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("lock") {
        return Err(e);
    }
    let passed = passed.load(Ordering::Relaxed);
    let Some(f) = failure.into_inner().expect("lock") else {
        outln!(
            "all {passed} tests passed in {:.1} s{}",
            start.elapsed().as_secs_f64(),
            if contain::interrupted() {
                " (interrupted)"
            } else {
                ""
            }
        );
        outln!("{}", summary(passed, 0));
        return Ok(Outcome::Passed);
    };
    report_failure(suite, &o, &argv, f)?;
    outln!("{}", summary(passed, 1));
    Ok(Outcome::Failed)
}

/// The command line that re-runs test `index` with every limit this run used.
fn reproduce_line<S: Suite>(suite: &S, o: &Options, index: u64) -> String {
    let l = &o.limits;
    let mut s = format!(
        "grundy check {} --seed {:#x} --cases {} --case {index} --tl {} --wall-factor {} --stack {} --output-limit {}",
        shell_quote(&suite.arg()),
        o.seed,
        o.cases,
        l.time.as_secs_f64(),
        o.wall_factor,
        l.stack.map(|b| (b >> 20).to_string()).unwrap_or("unlimited".into()),
        l.output >> 20,
    );
    if let Some(m) = l.memory {
        s += &format!(" --ml {}", m >> 20);
    }
    if o.no_adversarial {
        s += " --no-adversarial";
    }
    let cmd: Vec<String> = o.cmd.iter().map(|a| shell_quote(a)).collect();
    s + " -- " + &cmd.join(" ")
}

/// Quotes a word for a POSIX shell when it needs it.
fn shell_quote(word: &str) -> String {
    if !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:+,@%".contains(&b))
    {
        word.to_string()
    } else {
        format!("'{}'", escape(&word.replace('\'', "'\\''")))
    }
}

fn report_failure<S: Suite>(
    suite: &S,
    o: &Options,
    argv: &[String],
    f: Failure<S::Input>,
) -> Result<(), Error> {
    let located = suite.locate(&f.test.input, &f.expected, &f.run.stdout);
    eprintln!(
        "\n{} on test {} ({}), {}{}",
        f.verdict.code(),
        f.test.index,
        f.test.label,
        suite.describe(&f.test.input),
        located.map(|l| format!(", {l}")).unwrap_or_default()
    );
    // Shrink with the program in the loop: the same verdict must persist.
    let code = f.verdict.code();
    let deadline = Instant::now() + o.shrink_time;
    // One test for "still fails the same way", used by every shrink below: within the
    // shrink time, valid for the statement, same verdict from the program.
    let mut same_verdict = |cand: &S::Input| {
        if Instant::now() >= deadline || contain::interrupted() || !suite.valid(cand) {
            return false;
        }
        judge_one(suite, o, argv, cand).is_ok_and(|(v, ..)| v.code() == code)
    };
    let shrunk = suite.shrink(f.test.input.clone(), &mut same_verdict);
    let mut input = shrunk.case;
    // A greedy shrink stops at a 1-minimal case; with one-bit answers (Alice/Bob) other
    // starting points often end smaller. Try more small random inputs from the same
    // stream while time remains, and shrink any that fails the same way.
    for extra in 0..suite.extra_tries() {
        if suite.size(&input) <= 3 || Instant::now() >= deadline {
            break;
        }
        let Ok((cand, _)) = suite.random(o.seed, o.cases + 1000 + extra, Tier::Small) else {
            break;
        };
        if suite.size(&cand) >= suite.size(&input) || !same_verdict(&cand) {
            continue;
        }
        let again = suite.shrink(cand, &mut same_verdict);
        if suite.size(&again.case) < suite.size(&input) {
            input = again.case;
        }
    }
    let interrupted = contain::interrupted() || Instant::now() >= deadline;
    let rerun = judge_one(suite, o, argv, &input);
    let (verdict, run, expected, judged_by, input) = match rerun {
        Ok((v, run, expected, by)) if v.code() == code => (v, run, expected, by, input),
        // Flaky (e.g. a time limit near the edge): report the original input.
        _ => {
            let by = suite
                .expected(&f.test.input, &suite.write(&f.test.input))
                .map(|(_, by)| by)
                .unwrap_or_default();
            (f.verdict, f.run, f.expected, by, f.test.input)
        }
    };
    let text = suite.write(&input);
    let name = format!("check-{:x}-{}", o.seed, f.test.index);
    let saved = corpus::save_finding(
        &o.save,
        &suite.name(),
        &name,
        &text,
        &expected,
        &[("actual", &run.stdout)],
    );
    let mut s = format!(
        "shrunk in {} steps ({} runs{}) to {}{}:\n{}",
        shrunk.steps,
        shrunk.tries,
        if interrupted {
            "; shrinking was cut short by the time limit or a signal, so it may not be minimal"
        } else {
            ""
        },
        suite.describe(&input),
        suite
            .locate(&input, &expected, &run.stdout)
            .map(|l| format!(", {l}"))
            .unwrap_or_default(),
        preview(&text, 30)
    );
    s += &if o.color {
        format!("verdict: \x1b[1;31m{verdict}\x1b[0m\n")
    } else {
        format!("verdict: {verdict}\n")
    };
    s += &format!(
        "time {:.3} s CPU (limit {} s), {:.3} s wall (backstop {} s); peak memory {} MiB\n",
        run.cpu.as_secs_f64(),
        o.limits.time.as_secs_f64(),
        run.wall.as_secs_f64(),
        o.limits.wall.as_secs_f64(),
        run.max_rss >> 20
    );
    s += &format!("expected output (by the {judged_by}) and the program's:\n");
    s += &side_by_side(&expected, &run.stdout, o.color);
    if !run.stderr.is_empty() {
        s += &format!(
            "program's stderr:\n{}",
            indent(&escape_bytes(&run.stderr[..run.stderr.len().min(2000)]), 4)
        );
    }
    match &saved {
        Ok(p) => {
            s += &format!("saved: {} (+ .out expected, .actual)\n", p.display());
            let shown: Vec<String> = argv.iter().map(|a| shell_quote(a)).collect();
            s += &format!(
                "reproduce: {} < {}\n       or: {}\n",
                shown.join(" "),
                shell_quote(&p.display().to_string()),
                reproduce_line(suite, o, f.test.index)
            );
        }
        Err(e) => s += &format!("error: could not save the failing input: {e}\n"),
    }
    eprint!("{s}");
    Ok(())
}
