//! The shrink, the fifth stage: each group's smallest failing test shrunk with the
//! program in the loop (the same failure must persist), within a share of the shrink
//! budget. A group that needs large inputs gets its size threshold by bisection first
//! (`threshold`), whose failing input, checked to fail again, is where the shrink starts.
//! A failure that does not repeat on its own input is not shrunk. Before the groups are
//! reported, "one mistake, one group": a group of larger inputs whose shrink comes down to
//! the small group's size (or cannot tell the two apart) joins it ([`join_larger`]).

use crate::group::Group;
use crate::judge::{Class, Judge};
use crate::plan::families;
use crate::settle::{fails_same, outcome, Outcome};
use grundy_fuzzing::contest::Tier;
use grundy_judging::suite::Suite;
use grundy_sandbox::contain;
use std::time::Instant;

/// Shrinks the group's representative with the program in the loop (the same kind of
/// failure must persist), then tries more small random inputs from the same stream for a
/// smaller one while time remains (a greedy shrink stops at a 1-minimal case, and other
/// starting points often end smaller).
pub(crate) fn shrink_group<S: Suite>(
    jd: &Judge<'_, S>,
    g: &Group<S::Input>,
    start: S::Input,
    stall: Option<usize>,
    deadline: Instant,
) -> (
    grundy_fuzzing::shrink::Shrunk<S::Input>,
    S::Input,
    bool,
    Option<String>,
) {
    let Judge { suite, o, .. } = *jd;
    // `stall`: after that many candidates in a row that pass, no more are run (a shrink
    // that starts at a threshold's witness rarely beats it, and each try is a run) — but
    // only once half of the shrink's time is spent: a shrink with most of its budget left
    // goes on.
    let (mut passed_in_a_row, mut stalled, mut runs) = (0usize, false, 0usize);
    let halfway = Instant::now() + deadline.saturating_duration_since(Instant::now()) / 2;
    let mut same = |cand: &S::Input| {
        if Instant::now() >= deadline || contain::interrupted() || !suite.valid(cand) {
            return false;
        }
        if stall.is_some_and(|k| passed_in_a_row >= k) && Instant::now() >= halfway {
            stalled = true;
            return false;
        }
        runs += 1;
        let fails = fails_same(jd, cand, &g.detail);
        passed_in_a_row = if fails { 0 } else { passed_in_a_row + 1 };
        fails
    };
    let stop = || Instant::now() >= deadline || contain::interrupted();
    let mut shrunk = suite.shrink(start, &mut same, &stop);
    let mut input = shrunk.case.clone();
    // A failure no single structural step keeps (a value that wraps around at 256 changes
    // with every vertex dropped) is tried on the swept family members below its size,
    // smallest first: the first that fails the same way is shrunk in turn.
    let mut family = None;
    for m in families(suite, o) {
        if m.size >= suite.size(&input) || Instant::now() >= deadline {
            break;
        }
        let Some(Ok(cand)) = suite.member(&m, o.seed) else {
            continue;
        };
        if suite.size(&cand) >= suite.size(&input) || !same(&cand) {
            continue;
        }
        let again = suite.shrink(cand, &mut same, &stop);
        family = Some(format!(
            "no structural step kept the failure below {}; the swept {} fails the same way, and shrinks to {}",
            suite.describe(&input),
            m.label,
            suite.describe(&again.case)
        ));
        if suite.size(&again.case) < suite.size(&input) {
            input = again.case;
        }
        break;
    }
    for extra in 0..suite.extra_tries() {
        if suite.size(&input) <= 3 || Instant::now() >= deadline {
            break;
        }
        let Ok((cand, _)) = suite.random(o.seed, o.cases + 1000 + extra, Tier::Small) else {
            break;
        };
        if suite.size(&cand) >= suite.size(&input) || !same(&cand) {
            continue;
        }
        let again = suite.shrink(cand, &mut same, &stop);
        if suite.size(&again.case) < suite.size(&input) {
            input = again.case;
        }
    }
    // Runs of the program, not calls of the predicate (a stalled shrink skips its runs).
    shrunk.tries = runs;
    (shrunk, input, stalled, family)
}

/// Candidates in a row that pass after which a shrink from a threshold's witness stops
/// (once half of its time is spent).
pub(crate) const STALL: usize = 100;

/// A group's representative, shrunk: the threshold note, how it shrank, and to what.
pub(crate) struct Shrunken<I> {
    pub(crate) note: Option<String>,
    pub(crate) shrunk: grundy_fuzzing::shrink::Shrunk<I>,
    pub(crate) input: I,
    /// The shrink ran out of time (or grundy was stopped): it may not be minimal.
    pub(crate) cut_short: bool,
    /// Where the shrink started, when not at the group's first failing test (the
    /// threshold's failing input).
    pub(crate) start: Option<I>,
    /// It stopped after [`STALL`] candidates in a row passed.
    pub(crate) stalled: bool,
    /// Not shrunk on purpose ([`not_shrunk`]): the test's own input is the witness.
    pub(crate) kept: bool,
}

/// A group's smallest failing test as its witness, not shrunk, with the reason.
pub(crate) fn not_shrunk<I: Clone>(g: &Group<I>, note: String) -> Shrunken<I> {
    Shrunken {
        note: Some(note),
        shrunk: grundy_fuzzing::shrink::Shrunk {
            case: g.first.test.input.clone(),
            steps: 0,
            tries: 0,
        },
        input: g.first.test.input.clone(),
        cut_short: false,
        start: None,
        stalled: false,
        kept: true,
    }
}

/// The threshold search when the group needs it, then the shrink from the smallest known
/// witness.
pub(crate) fn witness<S: Suite>(
    jd: &Judge<'_, S>,
    g: &Group<S::Input>,
    deadline: Instant,
) -> Shrunken<S::Input> {
    let (note, start) = crate::threshold::threshold_start(jd, g, deadline);
    // A failure that does not repeat on its own input is not shrunk: the shrink would
    // spend its budget chasing it (its time, the machine's load, or the program's own
    // randomness made it).
    if start.is_none() {
        let again = match outcome(jd, &g.first.test.input, &g.detail) {
            Outcome::Same => None,
            Outcome::Passes => Some("it passed".to_string()),
            Outcome::Other(c) => Some(format!("it failed another way: {c}")),
        };
        if let Some(again) = again {
            return not_shrunk(
                g,
                format!(
                    "not shrunk: the failure did not repeat when test {} was run again ({again}); a failure that depends on time, the machine's load or the program's own randomness",
                    g.first.test.index
                ),
            );
        }
    }
    let from = start.clone().unwrap_or_else(|| g.first.test.input.clone());
    let stall = start.is_some().then_some(STALL);
    let (shrunk, input, stalled, family) = shrink_group(jd, g, from, stall, deadline);
    let note = match (note, family) {
        (Some(a), Some(b)) => Some(format!("{a}\n{b}")),
        (a, b) => a.or(b),
    };
    Shrunken {
        note,
        shrunk,
        input,
        cut_short: contain::interrupted() || Instant::now() >= deadline,
        stalled,
        start,
        kept: false,
    }
}

/// One mistake, one group: each group of larger inputs that has a group of small inputs
/// with the same cause is shrunk first. It stays apart only when the experiment tells
/// the two apart: its shrink ran to the end (1-minimal) at a size above the small group's
/// smallest failing test. When its witness comes down to that size, or its shrink is cut
/// short (nothing tells it apart), its tests join the small group, which says so. A group
/// that stays apart keeps its shrink (aligned with `groups`).
pub(crate) fn join_larger<S: Suite>(
    jd: &Judge<'_, S>,
    groups: &mut Vec<Group<S::Input>>,
    end: Instant,
) -> Vec<Option<Shrunken<S::Input>>> {
    let Judge { suite, .. } = *jd;
    let mut pre: Vec<Option<Shrunken<S::Input>>> = (0..groups.len()).map(|_| None).collect();
    let mut j = 0;
    while j < groups.len() {
        let small = groups
            .iter()
            .position(|g| g.tier == Class::Small && g.detail == groups[j].detail);
        let Some(i) =
            small.filter(|_| groups[j].tier != Class::Small && !groups[j].detail.is_wall_clock())
        else {
            j += 1;
            continue;
        };
        let left = end.saturating_duration_since(Instant::now());
        let deadline = Instant::now() + left / groups.len().max(1) as u32;
        // A program silent on every test fails every input alike: nothing to tell apart.
        let quiet = jd.memo.silent.load(std::sync::atomic::Ordering::SeqCst);
        let w = if quiet {
            not_shrunk(&groups[j], String::new())
        } else {
            witness(jd, &groups[j], deadline)
        };
        // No larger than the small group's smallest failing test: by size, or the same
        // size in the report's words (`size 1`, `3 vertices`) when only the values'
        // spelling differs (-1000000000 against -999999999).
        let smallest = &groups[i].first.test.input;
        let down = suite.size(&w.input) <= suite.size(smallest)
            || suite.describe(&w.input) == suite.describe(smallest);
        // A shrink that stopped early (out of time, or after a run of passing candidates)
        // may not be minimal: it does not tell the two groups apart.
        let how = if quiet {
            Some(
                "fail the same way: the program wrote nothing on any test; reported once"
                    .to_string(),
            )
        } else if down || w.cut_short || w.stalled {
            Some(format!(
                "{}: the same failure, reported once",
                join_reason(suite, &w, down)
            ))
        } else {
            None
        };
        let Some(how) = how else {
            pre[j] = Some(w);
            j += 1;
            continue;
        };
        let large = groups.remove(j);
        pre.remove(j);
        let i = if i > j { i - 1 } else { i };
        let g = &mut groups[i];
        g.merged = Some(format!(
            "the {} failing test{} on larger inputs (first: test {}) {how}",
            large.tests.len(),
            if large.tests.len() == 1 { "" } else { "s" },
            large.first.test.index,
        ));
        g.absorb(large);
    }
    pre
}

/// Why a group of larger inputs joins the small group of its cause: its witness came down
/// to the small group's size (`down`), or its shrink was cut short or stalled, so no run
/// tells the two apart.
fn join_reason<S: Suite>(suite: &S, w: &Shrunken<S::Input>, down: bool) -> String {
    let to = suite.describe(&w.input);
    if down {
        format!("shrink to {to}, no larger than this group's smallest failing test")
    } else if w.cut_short {
        format!(
            "shrank to {to} before its time ran out, so no run tells them apart from this group"
        )
    } else {
        format!("shrank to {to} and stopped after {STALL} candidates in a row passed (it may not be minimal), so no run tells them apart from this group")
    }
}
