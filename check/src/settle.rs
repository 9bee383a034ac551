//! The causes, the third stage, settled before any failure is grouped. A crash that a
//! bigger stack may cure is re-run with an unlimited stack. Its memory stays capped
//! ([`RunLimits::without_stack_limit`](grundy_sandbox::runner::RunLimits::without_stack_limit):
//! the memory limit, or 1 GiB, whichever is larger), so a recursion that never ends stops
//! at the cap — and is named for it — instead of growing to the machine's memory. The
//! failing tests of one cause and class are settled on a sample (their smallest failing
//! tests, and the smallest of each shape), not each on its own: when the sample agrees,
//! they all take what it showed; when it does not (two causes behind one signal), every
//! one of them is judged again and takes the cause its band's sample showed (its shape and
//! size band). The group stage then files each failure once, by its settled cause.
//!
//! The later stages ask here whether an input still fails the same way ([`outcome`]),
//! with the same experiment.

use crate::cause::{Cause, Stack};
use crate::judge::{keep_first, Class, Failed, Failure, Firsts, Judge, Reran};
use crate::plan::make_test;
use crate::verdict::judge_with;
use grundy_judging::error::Error;
use grundy_judging::judge::Verdict;
use grundy_judging::suite::Suite;
use grundy_sandbox::runner::Run;
use std::collections::{BTreeMap, BTreeSet};

/// Failing tests of a cause re-run with an unlimited stack when they agree: the smallest
/// (and the smallest of each shape).
pub(crate) const SAMPLE: usize = 3;

/// Failing tests of each band (one shape, sizes within a factor of two) re-run with an
/// unlimited stack when a cause's sample disagreed ([`split`]).
pub(crate) const BAND_SAMPLE: usize = 1;

/// A failure's cause ([`Cause::of`]) and, for a crash that a bigger stack may cure, what
/// a re-run with an unlimited stack shows (the run is the failing one, under the options'
/// limits).
pub(crate) fn cause_of<S: Suite>(
    jd: &Judge<'_, S>,
    input: &S::Input,
    v: &Verdict,
    run: &Run,
) -> Cause {
    let mut c = Cause::of(v, run);
    if jd.o.limits.stack.is_some() && c.stack_like(run) {
        c.stack = stack_outcome(jd, input, run);
    }
    c
}

/// What a re-run of `input` with an unlimited stack shows, `run` being its failing run
/// under the options' limits; an input re-run before is not re-run again.
fn stack_outcome<S: Suite>(jd: &Judge<'_, S>, input: &S::Input, run: &Run) -> Stack {
    let key = grundy_sandbox::program::content_hash(jd.suite.write(input).as_bytes());
    if let Some(&s) = jd.memo.reruns.lock().expect("lock").get(&key) {
        return s;
    }
    let s = stack_rerun(jd, input, run);
    jd.memo.reruns.lock().expect("lock").insert(key, s);
    s
}

/// [`stack_outcome`], run.
fn stack_rerun<S: Suite>(jd: &Judge<'_, S>, input: &S::Input, run: &Run) -> Stack {
    let Judge { suite, o, argv, .. } = *jd;
    let limits = o.limits.without_stack_limit();
    let cap = limits.memory.unwrap_or(u64::MAX);
    match judge_with(suite, &limits, argv, input) {
        Ok((Verdict::Ok, ..)) => Stack::Fixed,
        Ok((_, rerun, ..)) if grew_to_cap(run, &rerun, cap) => Stack::Unbounded,
        Ok(_) => Stack::NotFixed,
        Err(_) => Stack::Untried,
    }
}

/// True when lifting the stack alone made a run's memory grow to the cap: its peak there
/// is at least half the cap, while the failing run's peak was below a quarter of it.
fn grew_to_cap(run: &Run, rerun: &Run, cap: u64) -> bool {
    let before = run.own_peak().unwrap_or(0);
    rerun.max_rss >= cap / 2 && before < cap / 4
}

/// Settles the cause of every failing test whose crash a bigger stack may cure (the run
/// filed them by [`Cause::of`] alone): the sample of each such cause and class
/// ([`sample`]) is re-run with an unlimited stack; when they agree, every test of it
/// takes that cause, else each is judged again and filed by what it showed ([`split`]).
/// Returns the failing tests with their causes settled (a test that passed when judged
/// again is left out: its failing verdict stays in the report's list of tests) and the
/// smallest of each settled cause and class.
pub(crate) fn establish<S: Suite>(
    jd: &Judge<'_, S>,
    failed: Vec<Failed>,
    firsts: Firsts<S::Input>,
) -> Result<(Vec<Failed>, Firsts<S::Input>), Error> {
    let mut by_key: BTreeMap<(Cause, Class), Vec<Failed>> = BTreeMap::new();
    for f in failed {
        by_key
            .entry((f.cause.clone(), Class::of(f.tier)))
            .or_default()
            .push(f);
    }
    let mut settled = Vec::new();
    let mut new_firsts: Firsts<S::Input> = BTreeMap::new();
    for (key, (size, first)) in firsts {
        let tests = by_key.remove(&key).unwrap_or_default();
        if jd.o.limits.stack.is_none() || !key.0.stack_like(&first.run) {
            settled.extend(tests);
            keep_first(&mut new_firsts, size, first);
            continue;
        }
        let mut seen: Vec<(u64, Stack)> = Vec::new();
        for i in sample(&tests) {
            if let Some(s) = rerun_test(jd, &first, i)? {
                seen.push((i, s));
            }
        }
        match seen.first().map(|&(_, s)| s) {
            Some(s) if seen.iter().all(|&(_, t)| t == s) => {
                for mut t in tests {
                    t.cause.stack = s;
                    t.reran = Some(Reran {
                        itself: seen.iter().any(|&(i, _)| i == t.index),
                        banded: false,
                    });
                    settled.push(t);
                }
                let mut first = first;
                first.cause.stack = s;
                keep_first(&mut new_firsts, size, first);
            }
            _ => split(jd, tests, first, &mut settled, &mut new_firsts)?,
        }
    }
    Ok((settled, new_firsts))
}

/// The tests of a cause re-run to settle it: its [`SAMPLE`] smallest failing tests and
/// the smallest of each shape (a star's crash behind the same signal as a chain's is
/// sampled even when many chains are smaller).
fn sample(tests: &[Failed]) -> Vec<u64> {
    let mut order: Vec<(usize, u64, &str)> = tests
        .iter()
        .map(|t| (t.size, t.index, t.shape.as_str()))
        .collect();
    order.sort_unstable();
    let mut shapes = BTreeSet::new();
    let mut out = Vec::new();
    for (k, &(_, i, shape)) in order.iter().enumerate() {
        if shapes.insert(shape) || k < SAMPLE {
            out.push(i);
        }
    }
    out
}

/// The failing test `i` (of the cause whose smallest failing test is `first`) judged
/// again and, when it fails the same way, what its re-run with an unlimited stack shows.
fn rerun_test<S: Suite>(
    jd: &Judge<'_, S>,
    first: &Failure<S::Input>,
    i: u64,
) -> Result<Option<Stack>, Error> {
    let input = if i == first.test.index {
        first.test.input.clone()
    } else {
        match make_test(jd.suite, jd.o, i) {
            Ok(t) => t.input,
            Err(_) => return Ok(None),
        }
    };
    let (v, run, ..) = jd.judge(&input)?;
    if v == Verdict::Ok || Cause::of(&v, &run) != first.cause {
        return Ok(None);
    }
    Ok(Some(stack_outcome(jd, &input, &run)))
}

/// The tests of a cause whose sample disagreed, settled one by one: every test is judged
/// again (a crash costs milliseconds), and in each band of tests of one shape and one size
/// band (sizes within a factor of two) the [`BAND_SAMPLE`] smallest crashes are re-run
/// with an unlimited stack; the other crashes of the band take the cause most of its
/// sample showed, without a re-run of their own (a re-run that grows to the memory cap
/// costs a second and a gigabyte: re-running every test of two hundred took minutes). A
/// test that passes when judged again is left out.
fn split<S: Suite>(
    jd: &Judge<'_, S>,
    tests: Vec<Failed>,
    first: Failure<S::Input>,
    settled: &mut Vec<Failed>,
    firsts: &mut Firsts<S::Input>,
) -> Result<(), Error> {
    let mut bands: BTreeMap<(String, u32), Vec<(usize, u64)>> = BTreeMap::new();
    for t in &tests {
        bands
            .entry((t.shape.clone(), usize::BITS - t.size.leading_zeros()))
            .or_default()
            .push((t.size, t.index));
    }
    let mut first = Some(first);
    for (_, mut band) in bands {
        band.sort_unstable();
        let mut sampled: Vec<Stack> = Vec::new();
        for (_, i) in band {
            let test = match first.take_if(|f| f.test.index == i) {
                Some(f) => f.test,
                None => make_test(jd.suite, jd.o, i)?,
            };
            let (verdict, run, expected, judged_by) = jd.judge(&test.input)?;
            if verdict == Verdict::Ok {
                continue;
            }
            let mut cause = Cause::of(&verdict, &run);
            let mut itself = false;
            if jd.o.limits.stack.is_some() && cause.stack_like(&run) {
                if sampled.len() < BAND_SAMPLE {
                    cause.stack = stack_outcome(jd, &test.input, &run);
                    sampled.push(cause.stack);
                    itself = true;
                } else {
                    cause.stack = most(&sampled);
                }
            }
            let size = jd.suite.size(&test.input);
            settled.push(Failed {
                index: test.index,
                tier: test.tier,
                size,
                shape: jd.suite.shape(&test.input),
                cause: cause.clone(),
                reran: (cause.stack != Stack::Untried).then_some(Reran {
                    itself,
                    banded: true,
                }),
            });
            let f = Failure {
                test,
                verdict,
                run,
                expected,
                judged_by,
                cause,
            };
            keep_first(firsts, size, f);
        }
    }
    Ok(())
}

/// The cause most of a band's sample showed (the first of them on a tie).
fn most(sampled: &[Stack]) -> Stack {
    sampled
        .iter()
        .copied()
        .max_by_key(|s| {
            (
                sampled.iter().filter(|t| *t == s).count(),
                std::cmp::Reverse(sampled.iter().position(|t| t == s)),
            )
        })
        .unwrap_or(Stack::Untried)
}

/// True when `input` fails the way `detail` says (its verdict and cause).
pub(crate) fn fails_same<S: Suite>(jd: &Judge<'_, S>, input: &S::Input, detail: &Cause) -> bool {
    matches!(outcome(jd, input, detail), Outcome::Same)
}

/// How an input fares against a cause.
pub(crate) enum Outcome {
    /// It fails the way the cause says.
    Same,
    /// It passes.
    Passes,
    /// It fails another way: that cause.
    Other(Cause),
}

/// Judges `input` and tells whether it fails the way `detail` says.
pub(crate) fn outcome<S: Suite>(jd: &Judge<'_, S>, input: &S::Input, detail: &Cause) -> Outcome {
    match jd.judge(input) {
        Ok((Verdict::Ok, ..)) | Err(_) => Outcome::Passes,
        Ok((v, run, ..)) => match cause_of(jd, input, &v, &run) {
            c if c == *detail => Outcome::Same,
            c => Outcome::Other(c),
        },
    }
}
