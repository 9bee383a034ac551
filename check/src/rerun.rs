//! The experiment that tells a crash's cause: a re-run with an unlimited stack. Its memory
//! stays capped ([`Limits::without_stack_limit`]: the memory limit, or 1 GiB, whichever
//! is larger), so a recursion that never ends stops at the cap — and is named for it —
//! instead of growing to the machine's memory. A group's cause is established on a
//! sample (its smallest failing tests, and the smallest of each shape), not on every test: when the sample agrees, the
//! note says how many were re-run; when it does not (two causes behind one signal), every
//! test of the group is re-run and the group is split by what each showed.

use super::cause::{Cause, Stack};
use super::groups::{self, Group, Groups};
use super::{judge_with, make_test, Failure, Judge};
use grundy_judging::error::Error;
use grundy_judging::judge::Verdict;
use grundy_judging::suite::Suite;
use grundy_sandbox::runner::Run;
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// What each input's re-run showed, by a hash of the input's text.
#[derive(Default)]
pub(crate) struct Seen(Mutex<HashMap<u64, Stack>>);

/// Failing tests of a group re-run with an unlimited stack when they agree: the smallest
/// (and the smallest of each shape).
pub(crate) const SAMPLE: usize = 3;

/// Failing tests of each band (one shape, sizes within a factor of two) re-run with an
/// unlimited stack when a group's sample disagreed ([`split`]).
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
    if let Some(&s) = jd.memo.reruns.0.lock().expect("lock").get(&key) {
        return s;
    }
    let s = stack_rerun(jd, input, run);
    jd.memo.reruns.0.lock().expect("lock").insert(key, s);
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

/// Establishes the cause of every group of stack-like crashes (the plan filed them by
/// [`Cause::of`] alone): its sample ([`sample`]) is re-run with an unlimited stack; when they agree, the group takes that cause, else every test of the
/// group is re-run and filed by what it showed.
pub(crate) fn establish<S: Suite>(
    jd: &Judge<'_, S>,
    found: Groups<S::Input>,
) -> Result<Groups<S::Input>, Error> {
    let mut out = BTreeMap::new();
    for ((cause, class), mut g) in found {
        if jd.o.limits.stack.is_none() || !cause.stack_like(&g.first.run) {
            out.insert((cause, class), g);
            continue;
        }
        let mut seen: Vec<Stack> = Vec::new();
        for i in sample(&g) {
            if let Some(s) = rerun_test(jd, &g, i)? {
                seen.push(s);
            }
        }
        if let Some(&s) = seen.first().filter(|s| seen.iter().all(|t| t == *s)) {
            g.detail.stack = s;
            g.rerun = (seen.len(), g.tests.len());
            out.insert((g.detail.clone(), class), g);
        } else {
            split(jd, g, &mut out)?;
        }
    }
    Ok(out)
}

/// The tests of a group re-run to establish its cause: its [`SAMPLE`] smallest failing
/// tests and the smallest of each shape (a star's crash behind the same signal as a
/// chain's is sampled even when many chains are smaller).
fn sample<I>(g: &Group<I>) -> Vec<u64> {
    let mut order = g.sizes.clone();
    order.sort_unstable();
    let mut shapes = std::collections::BTreeSet::new();
    let mut out = Vec::new();
    for (k, &(_, i)) in order.iter().enumerate() {
        let new_shape = g.shape_of.get(&i).is_some_and(|s| shapes.insert(s.clone()));
        if k < SAMPLE || new_shape {
            out.push(i);
        }
    }
    out
}

/// The failing test `i` of group `g` judged again and, when it fails the same way, what
/// its re-run with an unlimited stack shows.
fn rerun_test<S: Suite>(
    jd: &Judge<'_, S>,
    g: &Group<S::Input>,
    i: u64,
) -> Result<Option<Stack>, Error> {
    let input = if i == g.first.test.index {
        g.first.test.input.clone()
    } else {
        match make_test(jd.suite, jd.o, i) {
            Ok(t) => t.input,
            Err(_) => return Ok(None),
        }
    };
    let (v, run, ..) = jd.judge(&input)?;
    if v == Verdict::Ok || Cause::of(&v, &run) != g.detail {
        return Ok(None);
    }
    Ok(Some(stack_outcome(jd, &input, &run)))
}

/// A group whose sample disagreed, split by what its tests show: every test is judged
/// again (a crash costs milliseconds), and in each band of tests of one shape and one
/// size band (sizes within a factor of two) the [`BAND_SAMPLE`] smallest crashes are re-run
/// with an unlimited stack; the other crashes of the band take the cause most of its
/// sample showed, without a re-run of their own (a re-run that grows to the memory cap
/// costs a second and a gigabyte: re-running every test of a group of two hundred took
/// minutes). Filed by cause; a test that passes when judged again stays out of the
/// groups (its failing verdict stays in the report's list of tests).
fn split<S: Suite>(
    jd: &Judge<'_, S>,
    g: Group<S::Input>,
    out: &mut Groups<S::Input>,
) -> Result<(), Error> {
    let mut bands: BTreeMap<(String, u32), Vec<(usize, u64)>> = BTreeMap::new();
    for &(size, i) in &g.sizes {
        let shape = g.shape_of.get(&i).cloned().unwrap_or_default();
        bands
            .entry((shape, usize::BITS - size.leading_zeros()))
            .or_default()
            .push((size, i));
    }
    // Per cause: the tests re-run, and those assigned by their band's sample.
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut first = Some(g.first);
    for (_, mut tests) in bands {
        tests.sort_unstable();
        let mut sampled: Vec<Stack> = Vec::new();
        for (_, i) in tests {
            let test = match first.take_if(|f| f.test.index == i) {
                Some(f) => f.test,
                None => make_test(jd.suite, jd.o, i)?,
            };
            let (verdict, run, expected, judged_by) = jd.judge(&test.input)?;
            if verdict == Verdict::Ok {
                continue;
            }
            let mut cause = Cause::of(&verdict, &run);
            let mut reran = false;
            if jd.o.limits.stack.is_some() && cause.stack_like(&run) {
                if sampled.len() < BAND_SAMPLE {
                    cause.stack = stack_outcome(jd, &test.input, &run);
                    sampled.push(cause.stack);
                    reran = true;
                } else {
                    cause.stack = most(&sampled);
                }
            }
            let c = counts.entry(cause.to_string()).or_default();
            c.0 += usize::from(reran);
            c.1 += 1;
            let shape = jd.suite.shape(&test.input);
            let size = jd.suite.size(&test.input);
            let f = Failure {
                test,
                verdict,
                run,
                expected,
                judged_by,
                cause,
            };
            groups::add(out, f, shape, size);
        }
    }
    for g in out.values_mut() {
        if let Some(&(reran, all)) = counts.get(&g.detail.to_string()) {
            if g.rerun.1 == 0 && g.detail.stack != Stack::Untried {
                g.rerun = (reran.min(g.tests.len()), all.min(g.tests.len()));
                g.banded = true;
            }
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
