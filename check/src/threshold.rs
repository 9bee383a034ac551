//! The size from which a group's failure starts, by bisection, and what was varied to find
//! it. Where the problem can cut an input ([`Searched::cut`](grundy_judging::suite::Searched::cut): a tree game's position keeps the
//! first k vertices of its breadth-first order, with their data), the group's smallest
//! failing input itself is cut: nothing but the size changes, so an all-white star that
//! crashes gives the size at which all-white stars crash. Elsewhere (packages) inputs of
//! the failing shape are generated at each size, a new random draw each time, and the
//! sentence says so. The note states only what the runs showed: which sizes passed,
//! which failed, and how the smaller one failed when it failed another way.

use crate::cause::Cause;
use crate::group::Group;
use crate::judge::{Judge, TestTier};
use crate::settle::{outcome, Outcome};
use grundy_fuzzing::gen::TreeShape;
use grundy_judging::output::thousands;
use grundy_judging::suite::Suite;
use grundy_sandbox::contain;
use std::time::{Duration, Instant};

/// What a threshold search varies.
enum Probe<'a, I> {
    /// Breadth-first cuts of a failing input, test `index`.
    Cuts { input: &'a I, index: u64 },
    /// Generated inputs of a shape, a new random draw at each size.
    Drawn(TreeShape),
}

impl<I> Probe<'_, I> {
    /// The input of size `n`.
    fn make<S: Suite<Input = I>>(&self, suite: &S, n: usize, seed: u64) -> Option<I> {
        match self {
            Probe::Cuts { input, .. } => suite.cut(input, n),
            Probe::Drawn(shape) => suite.sized(*shape, n, seed)?.ok(),
        }
    }

    /// What was bisected, for the note's opening.
    fn what(&self) -> String {
        match self {
            Probe::Cuts { index, .. } => format!("breadth-first cuts of test {index}"),
            Probe::Drawn(shape) => format!(
                "generated {}s (a new random draw at each size)",
                shape.name()
            ),
        }
    }

    /// The input of size `n`, in words (`the chain of 999 vertices`, `its first 999
    /// vertices`).
    fn one(&self, n: usize) -> String {
        match self {
            Probe::Cuts { .. } => format!("its first {} vertices", thousands(n)),
            Probe::Drawn(shape) => format!("the {} of {} vertices", shape.name(), thousands(n)),
        }
    }
}

/// Why a bisection found no size threshold.
enum NoThreshold {
    /// The largest input tried does not fail the same way.
    Passes(String),
    /// The least size fails too.
    AlwaysFails(String),
    /// The group's time ran out (or grundy was interrupted) before the first runs.
    NoTime,
}

impl std::fmt::Display for NoThreshold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoThreshold::Passes(what) => write!(
                f,
                "{what} does not fail the same way when judged again, so there is no size threshold to search"
            ),
            NoThreshold::AlwaysFails(what) => {
                write!(f, "{what} fails too: it fails at any size")
            }
            NoThreshold::NoTime => f.write_str("no time left to search for a size threshold"),
        }
    }
}

/// A size threshold, as the runs saw it.
struct Threshold {
    /// The largest size that did not fail the group's way.
    lo: usize,
    /// The smallest size that did.
    hi: usize,
    /// Runs of the program.
    runs: usize,
    /// How the size `lo` failed, when it failed another way (else it passed).
    lo_failed: Option<Cause>,
}

/// The size from which a failure starts, or why there is none. Searched upwards from the
/// least size by factors of 16, then by bisection: a failure that starts small is found
/// in a few runs (each failing run may be re-run with an unlimited stack, up to the
/// memory cap).
fn threshold<S: Suite>(
    jd: &Judge<'_, S>,
    probe: &Probe<'_, S::Input>,
    detail: &Cause,
    from: usize,
    deadline: Instant,
) -> Result<Threshold, NoThreshold> {
    let Judge { suite, o, .. } = *jd;
    let mut calls = 0;
    let mut fails = |n: usize| -> Option<Outcome> {
        if Instant::now() >= deadline || contain::interrupted() || calls > 40 {
            return None;
        }
        calls += 1;
        let input = match probe {
            // The whole input is itself, not a cut.
            Probe::Cuts { input, .. } if n >= from => (*input).clone(),
            _ => probe.make(suite, n, o.seed)?,
        };
        Some(outcome(jd, &input, detail))
    };
    let mut hi = from.min(suite.max_size());
    if !matches!(fails(hi), Some(Outcome::Same)) {
        let Probe::Drawn(shape) = probe else {
            return Err(NoThreshold::Passes(match probe {
                Probe::Cuts { index, .. } => format!("test {index}"),
                Probe::Drawn(_) => unreachable!("a cut probe"),
            }));
        };
        hi = suite.max_size();
        if !matches!(fails(hi), Some(Outcome::Same)) {
            return Err(NoThreshold::Passes(format!(
                "a {} of {} vertices",
                shape.name(),
                thousands(hi)
            )));
        }
    }
    let mut lo = 2;
    let mut lo_failed = match fails(lo) {
        Some(Outcome::Passes) => None,
        Some(Outcome::Other(c)) => Some(c),
        Some(Outcome::Same) => return Err(NoThreshold::AlwaysFails(probe.one(lo))),
        None => return Err(NoThreshold::NoTime),
    };
    let mut step = |n: usize, lo: &mut usize, hi: &mut usize, lo_failed: &mut Option<Cause>| {
        match fails(n) {
            Some(Outcome::Same) => *hi = n,
            Some(Outcome::Passes) => (*lo, *lo_failed) = (n, None),
            Some(Outcome::Other(c)) => (*lo, *lo_failed) = (n, Some(c)),
            None => return false,
        }
        true
    };
    // Up from the least size by factors of 16, then bisection.
    let mut probe_size = lo * 16;
    while probe_size < hi && step(probe_size, &mut lo, &mut hi, &mut lo_failed) && lo == probe_size
    {
        probe_size *= 16;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if !step(mid, &mut lo, &mut hi, &mut lo_failed) {
            break;
        }
    }
    Ok(Threshold {
        lo,
        hi,
        runs: calls,
        lo_failed,
    })
}

/// For a group whose failures all need a large input (none within the small tier), the
/// size from which it starts, by bisection on cuts of its smallest failing input (or on
/// generated inputs of its main shape) — and the failing input of the threshold, when it
/// is smaller than that input: the shrink starts from it (the smallest known witness).
pub(crate) fn threshold_start<S: Suite>(
    jd: &Judge<'_, S>,
    g: &Group<S::Input>,
    deadline: Instant,
) -> (Option<String>, Option<S::Input>) {
    let Judge { suite, .. } = *jd;
    let first = &g.first.test;
    if g.detail.is_time_limit() || g.tiers.contains(&TestTier::Small) {
        return (None, None);
    }
    let (probe, from) = match suite.cut_size(&first.input) {
        Some(n) => (
            Probe::Cuts {
                input: &first.input,
                index: first.index,
            },
            n,
        ),
        None => match g.main_shape() {
            Some(shape) => (Probe::Drawn(shape), suite.vertices_of(&first.input)),
            None => return (None, None),
        },
    };
    if from <= 100 {
        return (None, None);
    }
    // At most half of the group's time, and 30 s.
    let left = deadline.saturating_duration_since(Instant::now());
    let end = Instant::now() + (left / 2).min(Duration::from_secs(30));
    let Threshold {
        lo,
        hi,
        runs,
        lo_failed,
    } = match threshold(jd, &probe, &g.detail, from, end) {
        Ok(t) => t,
        Err(why) => return (Some(why.to_string()), None),
    };
    // What the bisection observed, nothing more; the verdict without its cause (which the
    // group's name says) when the smaller size passed.
    let (pass, fail) = match probe {
        Probe::Cuts { .. } => ("pass", "fail"),
        Probe::Drawn(_) => ("passes", "fails"),
    };
    let (below, failing) = match &lo_failed {
        None => (pass.to_string(), g.detail.verdict()),
        Some(c) => (format!("{fail} another way ({c})"), g.detail.to_string()),
    };
    let upper = match probe {
        Probe::Cuts { .. } => probe.one(hi),
        Probe::Drawn(_) => format!("the one of {}", thousands(hi)),
    };
    let mut note = format!(
        "bisection on {} ({runs} runs): {}{} {below}, {upper} {fail} with {failing}",
        probe.what(),
        probe.one(lo),
        if lo == 2 {
            " (the least size tried)"
        } else {
            ""
        },
    );
    match steady_witness(jd, &probe, &g.detail, hi, from, end) {
        Some((size, w)) => {
            if size != hi {
                note.push_str(&format!(
                    "; the failure does not repeat on every run near that size (a stack's edge moves with the memory layout), so the witness is {}, which failed on 5 runs out of 5",
                    probe.one(size)
                ));
            }
            note.push_str(&format!(
                "; shrinking starts from that failing input of {} vertices, smaller than test {}",
                thousands(size),
                first.index
            ));
            (Some(note), Some(w))
        }
        None => (Some(note), None),
    }
}

/// The smallest input of the probe from size `hi` up (by steps of 5%, below `from`) that
/// fails the same way on five runs in a row: a witness that repeats.
fn steady_witness<S: Suite>(
    jd: &Judge<'_, S>,
    probe: &Probe<'_, S::Input>,
    detail: &Cause,
    hi: usize,
    from: usize,
    end: Instant,
) -> Option<(usize, S::Input)> {
    let Judge { suite, o, .. } = *jd;
    let mut size = hi;
    for _ in 0..12 {
        if size >= from || Instant::now() >= end || contain::interrupted() {
            return None;
        }
        let w = probe.make(suite, size, o.seed)?;
        // The bisection saw it fail once; four more.
        if (0..4).all(|_| matches!(outcome(jd, &w, detail), Outcome::Same)) {
            return Some((size, w));
        }
        size += (size / 20).max(1);
    }
    None
}
