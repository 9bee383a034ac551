//! Failing tests grouped by what failed, as experiments tell it: the verdict (with the
//! signal of a crash, or Python's RecursionError), and for a crash a bigger stack may
//! cure, whether an unlimited stack does (every such failure is re-run: two causes behind
//! one signal are two groups); whether small inputs (within the brute force's or the
//! oracle's reach) or larger ones show it, until an experiment tells a larger group apart
//! from the small one with the same cause (its shrink ran to the end above the small
//! group's size); otherwise it joins it (one mistake, one group). For each group, the one
//! with the smallest failing input first, within a share of the shrink budget, from its
//! smallest failing input (a swept family member is often far smaller than the first
//! random failure): a group that needs large inputs gets its size threshold by bisection first on the shape
//! that failed ("the star of 95,400 vertices passes, the one of 96,000 fails"), whose failing
//! input, checked to fail again, is where the shrink starts; the shrink runs with the
//! program in the loop, and its result, judged once more, is saved.

use super::cause::{Cause, Stack};
use super::rerun::cause_of;
use super::text::{preview, reproduce_line, shell_quote, side_by_side, table};
use super::{Failure, Judge, JudgedBy, Options, TestTier};
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::corpus;
use grundy_fuzzing::gen::TreeShape;
use grundy_judging::error::Error;
use grundy_judging::judge::Verdict;
use grundy_judging::output::escape_bytes;
use grundy_judging::suite::Suite;
use grundy_sandbox::contain;
use grundy_sandbox::runner::Run;
use std::collections::BTreeMap;
use std::time::Instant;

/// Lines of a failing input shown in a report (the whole input is in the saved file).
const PREVIEW_LINES: usize = 12;

/// The failing tests of one kind.
pub(crate) struct Group<I> {
    /// What its failures are (`WA`, `RE SIGSEGV`, `RE RecursionError`, `TLE`, …).
    pub(crate) detail: Cause,
    /// Small inputs, or larger ones.
    tier: Class,
    /// The tiers of its tests.
    pub(crate) tiers: std::collections::BTreeSet<TestTier>,
    /// The failing tests.
    pub(crate) tests: Vec<u64>,
    /// Each failing test's size ([`Inputs::size`](grundy_judging::suite::Inputs::size)) and index.
    pub(crate) sizes: Vec<(usize, u64)>,
    /// How many of its tests were re-run with an unlimited stack, of how many
    /// ([`super::rerun`]); `(0, 0)` when none was.
    pub(crate) rerun: (usize, usize),
    /// How many failing tests had each shape.
    shapes: BTreeMap<String, usize>,
    /// Each failing test's shape, by index.
    pub(crate) shape_of: BTreeMap<u64, String>,
    /// The representative: the smallest failing test ([`Inputs::size`](grundy_judging::suite::Inputs::size); of those, the
    /// first), where its shrink starts.
    pub(crate) first: Failure<I>,
    /// Said when a group of larger inputs joined this one.
    merged: Option<String>,
    /// Its cause came from a split by shape and size band ([`super::rerun`]): only a
    /// sample of each band was re-run with an unlimited stack.
    pub(crate) banded: bool,
}

impl<I> Group<I> {
    /// Takes in the failing tests of `large`, a group of larger inputs found to be the
    /// same failure (its representative is dropped: this group's stays).
    fn absorb(&mut self, large: Group<I>) {
        self.tests.extend(large.tests);
        self.sizes.extend(large.sizes);
        self.rerun = (self.rerun.0 + large.rerun.0, self.rerun.1 + large.rerun.1);
        self.tiers.extend(large.tiers);
        for (shape, n) in large.shapes {
            *self.shapes.entry(shape).or_default() += n;
        }
        self.shape_of.extend(large.shape_of);
        self.banded |= large.banded;
    }
}

/// The groups of a check, by cause and size class.
pub(crate) type Groups<I> = BTreeMap<(Cause, Class), Group<I>>;

/// Adds a failing test to its group (the smallest, then the one with the lowest index,
/// represents it).
/// The size class a group gathers: small inputs, or the larger ones (medium, large and
/// maximum), which the reports list first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Class {
    Larger,
    Small,
}

pub(crate) fn add<I>(
    groups: &mut BTreeMap<(Cause, Class), Group<I>>,
    f: Failure<I>,
    shape: String,
    size: usize,
) {
    let class = if f.test.tier == TestTier::Small {
        Class::Small
    } else {
        Class::Larger
    };
    let key = (f.cause.clone(), class);
    let index = f.test.index;
    let tier = f.test.tier;
    match groups.get_mut(&key) {
        Some(g) => {
            let first = g.first.test.index;
            let first_size = g.sizes.iter().find(|&&(_, i)| i == first).map(|&(s, _)| s);
            g.tests.push(index);
            g.sizes.push((size, index));
            g.tiers.insert(tier);
            g.shape_of.insert(index, shape.clone());
            *g.shapes.entry(shape).or_default() += 1;
            if Some((size, index)) < first_size.map(|s| (s, first)) {
                g.first = f;
            }
        }
        None => {
            let mut shapes = BTreeMap::new();
            let shape_of = [(index, shape.clone())].into_iter().collect();
            shapes.insert(shape, 1);
            groups.insert(
                key.clone(),
                Group {
                    detail: key.0,
                    tier: key.1,
                    tiers: [tier].into_iter().collect(),
                    tests: vec![index],
                    sizes: vec![(size, index)],
                    rerun: (0, 0),
                    shapes,
                    shape_of,
                    first: f,
                    merged: None,
                    banded: false,
                },
            );
        }
    }
}

impl<I> Group<I> {
    fn label(&self) -> String {
        let shapes: Vec<String> = self
            .shapes
            .iter()
            .map(|(s, n)| {
                if *n == 1 {
                    s.clone()
                } else {
                    format!("{s} {n}")
                }
            })
            .collect();
        let tiers: Vec<&str> = self.tiers.iter().map(|t| t.name()).collect();
        let tiers = match tiers.as_slice() {
            [one] => one.to_string(),
            [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            [] => String::new(),
        };
        format!("{} on {tiers} inputs ({})", self.detail, shapes.join(", "))
    }

    /// The shape to search a size threshold on: a chain for a crash (deep recursion is
    /// the usual cause, and a chain is the deepest tree), else the most frequent shape.
    pub(crate) fn main_shape(&self) -> Option<TreeShape> {
        if self.detail.is_crash() && self.shapes.contains_key("chain") {
            return Some(TreeShape::Chain);
        }
        self.shapes
            .iter()
            .max_by_key(|(_, n)| **n)
            .and_then(|(s, _)| TreeShape::from_name(s))
    }
}

/// What was found about one group, for the closing table and the JSON report.
struct Summary {
    label: String,
    tests: usize,
    first: u64,
    /// The witness's size ([`Inputs::size`](grundy_judging::suite::Inputs::size)), to show the smallest first.
    size: usize,
    shrunk: String,
    saved: String,
    notes: Vec<String>,
    /// Every failing test of the group, by index.
    failing: Vec<u64>,
    /// When the shrunk input did not fail again: its size, and the size of the input
    /// shown instead (the smallest that did).
    unconfirmed: Option<(String, String)>,
    /// The commands that reproduce the witness: the program on the saved input, and
    /// grundy on the group's first failing test.
    reproduce: Vec<String>,
}

/// Reports every group (the one with the smallest failing input first), then the table; the
/// groups as JSON values.
pub(crate) fn report<S: Suite>(
    jd: &Judge<'_, S>,
    mut groups: Vec<Group<S::Input>>,
) -> Result<Vec<serde_json::Value>, Error> {
    let Judge { suite, o, .. } = *jd;
    // Cheapest first: the group whose smallest failing input is smallest is shrunk (and
    // shown) first.
    groups.sort_by_key(|g| (suite.size(&g.first.test.input), g.first.test.index));
    let end = Instant::now() + o.shrink_time;
    let mut pre = join_larger(jd, &mut groups, end);
    let count = groups.len();
    let mut summaries = Vec::new();
    for (k, g) in groups.into_iter().enumerate() {
        if contain::interrupted() {
            break;
        }
        // An equal share of the time left for each group still to report.
        let left = end.saturating_duration_since(Instant::now());
        let deadline = Instant::now() + left / (count - k) as u32;
        eprintln!(
            "\n[{}/{count}] {}: {} failing test{} (shrink budget {:.0} s)",
            k + 1,
            g.label(),
            g.tests.len(),
            if g.tests.len() == 1 { "" } else { "s" },
            deadline
                .saturating_duration_since(Instant::now())
                .as_secs_f64()
        );
        let shrunk = pre[k].take();
        summaries.push(report_group(jd, g, shrunk, deadline)?);
    }
    // The table and the JSON list the smallest witness first.
    summaries.sort_by_key(|s| s.size);
    if count > 1 || summaries.iter().any(|s| !s.notes.is_empty()) {
        let rows: Vec<Vec<String>> = summaries
            .iter()
            .map(|s| {
                vec![
                    s.label.clone(),
                    s.tests.to_string(),
                    s.first.to_string(),
                    s.shrunk.clone(),
                    s.saved.clone(),
                ]
            })
            .collect();
        eprint!(
            "\n{} group{} of failures:\n{}",
            count,
            if count == 1 { "" } else { "s" },
            table(
                &["group", "tests", "test shown", "shrunk to", "saved"],
                &rows
            )
        );
        for s in summaries.iter().filter(|s| !s.notes.is_empty()) {
            for n in &s.notes {
                eprintln!("  {}: {n}", s.label);
            }
        }
    }
    Ok(summaries
        .into_iter()
        .map(|s| {
            let mut g = serde_json::json!({
                "group": s.label,
                "tests": s.tests,
                "test": s.first,
                "failing_tests": s.failing,
                "shrunk_to": s.shrunk,
                "saved": s.saved,
                "notes": s.notes,
                "reproduce": s.reproduce,
            });
            // A shrunk input that did not fail again is no witness: the input shown is
            // the smallest that did.
            if let Some((not_again, shown)) = s.unconfirmed {
                g["shrunk_to"] = serde_json::Value::Null;
                g["shrunk_input_did_not_fail_again"] = not_again.into();
                g["smallest_failing"] = shown.into();
            }
            g
        })
        .collect())
}

/// True when `input` fails the way the group's `detail` says (its verdict and cause).
fn fails_same<S: Suite>(jd: &Judge<'_, S>, input: &S::Input, detail: &Cause) -> bool {
    matches!(outcome(jd, input, detail), Outcome::Same)
}

/// How an input fares against a group's cause.
pub(crate) enum Outcome {
    /// It fails the way the group's cause says.
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

/// For a crash group, what the re-runs with an unlimited stack showed, and on how many of
/// its failing tests ([`super::rerun`]: a sample when they agree).
fn stack_note(o: &Options, g: &Group<impl Sized>) -> Option<String> {
    let bytes = o.limits.stack?;
    let cap = o.limits.without_stack_limit().memory.unwrap_or(0);
    let signal = g.detail.verdict();
    let showed = match g.detail.stack {
        Stack::Fixed if o.limits.memory.is_none_or(|m| bytes < m) => {
            "OK (a deep recursion): on Codeforces, AtCoder and Kattis, whose stack is as large as the memory limit, these pass; `[judge] like = \"codeforces\"` (or `stack = …` in MiB) judges as they do".to_string()
        }
        Stack::Fixed => "OK (a deep recursion: a judge with a larger stack accepts it)".to_string(),
        Stack::NotFixed => format!(
            "still failing, its memory well below the {} cap (not a stack overflow)",
            grundy_judging::output::mib_text(cap)
        ),
        Stack::Unbounded => format!(
            "its memory grew to the {} cap and it still failed: an unbounded recursion, which no stack size cures",
            grundy_judging::output::mib_text(cap)
        ),
        Stack::Untried => return None,
    };
    let which = match g.rerun {
        (r, t) if g.banded => format!(
            "{r} of its {t} failing tests (the smallest of each shape and size band; each other test took the cause of its band's, from its first run)",
        ),
        (1, 1) => "its failing test".to_string(),
        (r, t) if r == t => format!("each of its {t} failing tests"),
        (r, t) if g.merged.is_some() => format!(
            "{r} of its {t} failing tests (the smallest on small inputs and on larger ones)"
        ),
        (1, t) => format!("the smallest of its {t} failing tests"),
        (r, t) if r <= super::rerun::SAMPLE => format!("the {r} smallest of its {t} failing tests"),
        (r, t) => format!(
            "{r} of its {t} failing tests (the {} smallest, and the smallest of each other shape)",
            super::rerun::SAMPLE
        ),
    };
    Some(format!(
        "{signal} with {} MiB stack; {which} re-run with an unlimited stack (memory capped at {}): {showed}",
        grundy_judging::output::with_article(bytes >> 20),
        grundy_judging::output::mib_text(cap),
    ))
}

/// Shrinks the group's representative with the program in the loop (the same kind of
/// failure must persist), then tries more small random inputs from the same stream for a
/// smaller one while time remains (a greedy shrink stops at a 1-minimal case, and other
/// starting points often end smaller).
fn shrink_group<S: Suite>(
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
    let mut shrunk = suite.shrink(start, &mut same);
    let mut input = shrunk.case.clone();
    // A failure no single structural step keeps (a value that wraps around at 256 changes
    // with every vertex dropped) is tried on the swept family members below its size,
    // smallest first: the first that fails the same way is shrunk in turn.
    let mut family = None;
    for m in super::families(suite, o) {
        if m.size >= suite.size(&input) || Instant::now() >= deadline {
            break;
        }
        let Some(Ok(cand)) = suite.member(&m, o.seed) else {
            continue;
        };
        if suite.size(&cand) >= suite.size(&input) || !same(&cand) {
            continue;
        }
        let again = suite.shrink(cand, &mut same);
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
        let again = suite.shrink(cand, &mut same);
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
const STALL: usize = 100;

/// After a TLE, how the program's time grows on the shape that failed.
fn growth_note<S: Suite>(
    jd: &Judge<'_, S>,
    detail: &Cause,
    shape: Option<TreeShape>,
) -> Option<String> {
    let Judge { suite, o, argv, .. } = *jd;
    if !detail.is_time_limit() {
        return None;
    }
    let g = grundy_judging::tle::measure(suite, argv, &o.limits, shape?, 3, o.seed).ok()??;
    Some(g.line())
}

/// A group's representative, shrunk: the threshold note, how it shrank, and to what.
struct Shrunken<I> {
    note: Option<String>,
    shrunk: grundy_fuzzing::shrink::Shrunk<I>,
    input: I,
    /// The shrink ran out of time (or grundy was stopped): it may not be minimal.
    cut_short: bool,
    /// Where the shrink started, when not at the group's first failing test (the
    /// threshold's failing input).
    start: Option<I>,
    /// It stopped after [`STALL`] candidates in a row passed.
    stalled: bool,
    /// Not shrunk on purpose ([`not_shrunk`]): the test's own input is the witness.
    kept: bool,
}

/// A group's smallest failing test as its witness, not shrunk, with the reason.
fn not_shrunk<I: Clone>(g: &Group<I>, note: String) -> Shrunken<I> {
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
fn witness<S: Suite>(
    jd: &Judge<'_, S>,
    g: &Group<S::Input>,
    deadline: Instant,
) -> Shrunken<S::Input> {
    let (note, start) = super::threshold::threshold_start(jd, g, deadline);
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
fn join_larger<S: Suite>(
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
        if quiet {
            let large = groups.remove(j);
            pre.remove(j);
            let i = if i > j { i - 1 } else { i };
            let g = &mut groups[i];
            g.merged = Some(format!(
                "the {} failing test{} on larger inputs (first: test {}) fail the same way: the program wrote nothing on any test; reported once",
                large.tests.len(),
                if large.tests.len() == 1 { "" } else { "s" },
                large.first.test.index,
            ));
            g.absorb(large);
        } else if down || w.cut_short || w.stalled {
            let large = groups.remove(j);
            pre.remove(j);
            let i = if i > j { i - 1 } else { i };
            let g = &mut groups[i];
            let how = if down {
                format!(
                    "shrink to {}, no larger than this group's smallest failing test",
                    suite.describe(&w.input)
                )
            } else if w.cut_short {
                format!(
                    "shrank to {} before its time ran out, so no run tells them apart from this group",
                    suite.describe(&w.input)
                )
            } else {
                format!(
                    "shrank to {} and stopped after {STALL} candidates in a row passed (it may not be minimal), so no run tells them apart from this group",
                    suite.describe(&w.input)
                )
            };
            g.merged = Some(format!(
                "the {} failing test{} on larger inputs (first: test {}) {how}: the same failure, reported once",
                large.tests.len(),
                if large.tests.len() == 1 { "" } else { "s" },
                large.first.test.index,
            ));
            g.absorb(large);
        } else {
            pre[j] = Some(w);
            j += 1;
        }
    }
    pre
}

/// The program's name in the names of its saved failures (`mine.check-1-2.in`): the stem
/// of its file, or of the script an interpreter runs (`python3 sol.py` is `sol`).
pub(crate) fn program_label(cmd: &[String]) -> String {
    const RUNNERS: [&str; 10] = [
        "python3", "python", "pypy3", "pypy", "node", "java", "sh", "bash", "env", "mono",
    ];
    let stem = |w: &String| {
        std::path::Path::new(w)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let first = cmd.first().map(stem).unwrap_or_default();
    let named = if RUNNERS.contains(&first.as_str()) || first.starts_with("python") {
        cmd.iter().skip(1).find(|w| !w.starts_with('-')).map(stem)
    } else {
        None
    };
    let label: String = named
        .unwrap_or(first)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if label.is_empty() {
        "program".into()
    } else {
        label
    }
}

/// Shrinks, examines, saves and prints one group's representative (`pre`: already
/// shrunk).
fn report_group<S: Suite>(
    jd: &Judge<'_, S>,
    g: Group<S::Input>,
    pre: Option<Shrunken<S::Input>>,
    deadline: Instant,
) -> Result<Summary, Error> {
    let Judge { suite, o, .. } = *jd;
    let (label, main_shape) = (g.label(), g.main_shape());
    // One test number for the finding everywhere: the test announced and shrunk (the
    // group's smallest failing test), which names the saved file and which `--case`
    // brings back.
    let (tests, first_index) = (g.tests.len(), g.first.test.index);
    let mut failing = g.tests.clone();
    failing.sort_unstable();
    announce(suite, &g.first);
    let mut notes = Vec::new();
    if let Some(note) = g.merged.clone() {
        eprintln!("{note}");
        notes.push(note);
    }
    if let Some(note) = stack_note(o, &g) {
        eprintln!("{note}");
        notes.push(note);
    }
    let detail = g.detail.clone();
    let w = match pre {
        Some(p) => p,
        // Stopped by the wall clock under the CPU limit: what a shrink would keep is the
        // machine's load as much as the program's, so the smallest failing test is shown
        // as it is.
        // A program that wrote nothing on any test fails every input the same way.
        None if detail.is_time_limit()
            && jd.memo.silent.load(std::sync::atomic::Ordering::SeqCst) =>
        {
            not_shrunk(
                &g,
                "not shrunk: the program wrote nothing on any test, each stopped by the idleness limit: every input fails the same way".into(),
            )
        }
        None if detail.is_wall_clock() => not_shrunk(
            &g,
            format!(
                "not shrunk: stopped by the wall-clock backstop ({} s) with its CPU time under the limit ({} s): a program that sleeps or waits, or a loaded machine; run it again, or with --jobs 1 on an idle machine",
                o.limits.wall.as_secs_f64(),
                o.limits.time.as_secs_f64()
            ),
        ),
        None => witness(jd, &g, deadline),
    };
    if let Some(note) = &w.note {
        eprintln!("{note}");
        notes.push(note.clone());
    }
    let w_shrink = ShrinkRun {
        steps: w.shrunk.steps,
        tries: w.shrunk.tries,
        cut_short: w.cut_short,
        stalled: w.stalled,
        kept: w.kept,
    };
    let (mut finding, settled) = settle(jd, g, w.input, w.start);
    // The signal's usual gloss, as the group's own re-runs settle it.
    let gloss = match detail.stack {
        Stack::NotFixed => Some("(segmentation fault; not a stack overflow: it fails with an unlimited stack too)"),
        Stack::Unbounded => Some("(segmentation fault: a stack overflow from a recursion that does not end; with an unlimited stack it grows to the memory cap)"),
        Stack::Fixed | Stack::Untried => None,
    };
    if let (Some(gloss), Verdict::Runtime(m)) = (gloss, &mut finding.verdict) {
        *m = m.replace("(segmentation fault, e.g. a stack overflow)", gloss);
    }
    // A growth of CPU time tells something only of a run that ran out of CPU time (not of
    // one that slept, or waited on a line that never came).
    let cpu_bound = finding.run.cpu * 2 >= o.limits.time;
    if let Some(note) = growth_note(jd, &detail, main_shape).filter(|_| cpu_bound) {
        eprintln!("{note}");
        notes.push(note);
    }
    let text = suite.write(&finding.input);
    // The witness drawn (NAME.svg beside the input), and as text when it is small.
    let drawn = suite.draw(&finding.input);
    let name = format!(
        "{}.check-{:x}-{}",
        program_label(&o.cmd),
        o.seed,
        first_index
    );
    // An interactive game's positions move by move (NAME.steps.html), where grundy draws
    // them.
    // Not for a game of no move (a side chosen wrong): one position is the drawing.
    let frames = suite.steps(
        &finding.input,
        &finding.expected,
        grundy_judging::jury::steps_html::JUDGED,
    );
    let steps = (frames.len() > 1).then(|| {
        grundy_judging::jury::steps_html::page(
            &format!("{}: {name}, the game move by move", suite.name()),
            // An id for the page's CSS: no dot (it would read as a class).
            &format!("steps-{}", name.replace('.', "-")),
            &frames,
        )
    });
    let mut extra: Vec<(&str, &[u8])> = vec![("actual", &finding.run.stdout)];
    if let Some((svg, _)) = &drawn {
        extra.push(("svg", svg.as_bytes()));
    }
    if let Some(page) = &steps {
        extra.push(("steps.html", page.as_bytes()));
    }
    let saved = corpus::save_finding(
        &o.save,
        &suite.name(),
        &name,
        &text,
        &finding.expected,
        &extra,
    );
    let shrunk_line = shrunk_line(suite, &finding, &text, &w_shrink, &settled);
    let (body, saved_name) = finding_text(jd, &finding, &saved, first_index);
    eprint!("{shrunk_line}");
    if let Some(tree) = drawn.as_ref().and_then(|(_, t)| t.as_ref()) {
        eprint!(
            "the tree, from vertex 1:\n{}",
            grundy_judging::output::indent(tree, 4)
        );
    }
    eprint!("{body}");
    if let (Some(_), Ok(p)) = (&drawn, &saved) {
        eprintln!("drawn: {}", p.with_extension("svg").display());
    }
    if let (Some(_), Ok(p)) = (&steps, &saved) {
        eprintln!(
            "the game move by move ({} positions): {}",
            frames.len(),
            p.with_extension("steps.html").display()
        );
    }
    // A crash explained at its line: the witness on the sanitized build.
    if matches!(finding.verdict, Verdict::Runtime(_)) {
        if let Some(note) = super::sanitized::explain(jd, &finding.input) {
            eprintln!("{note}");
            notes.push(note.lines().next().unwrap_or_default().to_string());
        }
    }
    let shown = suite.describe(&finding.input);
    let unconfirmed = settled.did_not_fail_again().map(|s| (s, shown.clone()));
    Ok(Summary {
        label,
        tests,
        failing,
        first: first_index,
        size: suite.size(&finding.input),
        shrunk: match &unconfirmed {
            None => shown,
            Some((_, shown)) => format!("did not fail again; smallest failing: {shown}"),
        },
        reproduce: reproduce_commands(jd, &finding, &saved, first_index),
        saved: saved_name,
        notes,
        unconfirmed,
    })
}

/// How a group's shrink went: its steps and runs, and whether it was cut short or
/// stalled (so may not be minimal).
struct ShrinkRun {
    steps: usize,
    tries: usize,
    cut_short: bool,
    stalled: bool,
    /// Not shrunk on purpose.
    kept: bool,
}

/// The report's line on the shrink, the input shown and where its output goes wrong,
/// with a preview of its text.
fn shrunk_line<S: Suite>(
    suite: &S,
    finding: &Finding<S::Input>,
    text: &str,
    &ShrinkRun {
        steps,
        tries,
        cut_short,
        stalled,
        kept,
    }: &ShrinkRun,
    settled: &Settled,
) -> String {
    if kept {
        // Not shrunk (a TLE by the wall clock): the test's own input.
        return format!(
            "its input, {}:\n{}",
            suite.describe(&finding.input),
            preview(text, PREVIEW_LINES)
        );
    }
    format!(
        "shrunk in {} steps ({} runs{}) to {}{}:\n{}",
        steps,
        tries,
        if cut_short {
            "; shrinking was cut short by the time limit or a signal, so it may not be minimal"
                .to_string()
        } else if stalled {
            format!("; stopped after {STALL} candidates in a row passed and half its time, so it may not be minimal")
        } else {
            String::new()
        },
        settled.words(&suite.describe(&finding.input)),
        suite
            .locate(&finding.input, &finding.expected, &finding.run.stdout)
            .map(|l| format!(", {l}"))
            .unwrap_or_default(),
        preview(text, PREVIEW_LINES)
    )
}

/// The first line of a group's report: the verdict on its first failing test.
fn announce<S: Suite>(suite: &S, f: &Failure<S::Input>) {
    let located = suite.locate(&f.test.input, &f.expected, &f.run.stdout);
    eprintln!(
        "{} on test {} ({}), {}{}",
        f.verdict.code(),
        f.test.index,
        f.test.label,
        suite.describe(&f.test.input),
        located.map(|l| format!(", {l}")).unwrap_or_default()
    );
}

/// A group's representative as reported: its input, the verdict, the run and the
/// expected output (and who gave it).
struct Finding<I> {
    input: I,
    verdict: Verdict,
    run: Run,
    expected: Vec<u8>,
    judged_by: JudgedBy,
}

/// The shrunk input judged once more; if it no longer fails the same way (flaky, e.g. a
/// time limit or a stack near the edge), where the shrink started, else the group's
/// original failing test.
fn settle<S: Suite>(
    jd: &Judge<'_, S>,
    g: Group<S::Input>,
    input: S::Input,
    start: Option<S::Input>,
) -> (Finding<S::Input>, Settled) {
    let Judge { suite, .. } = *jd;
    // The shrunk input, else where the shrink started: the first that fails the same way
    // again (a failure near a size threshold may not repeat on every run).
    let shrunk_size = suite.describe(&input);
    let tries = [(input, Settled::Shrunk)]
        .into_iter()
        .chain(start.map(|s| (s, Settled::Start(shrunk_size.clone()))));
    for (input, settled) in tries {
        if let Ok((verdict, run, expected, judged_by)) = jd.judge(&input) {
            if verdict != Verdict::Ok && cause_of(jd, &input, &verdict, &run) == g.detail {
                let finding = Finding {
                    input,
                    verdict,
                    run,
                    expected,
                    judged_by,
                };
                return (finding, settled);
            }
        }
    }
    let f = g.first;
    let finding = Finding {
        input: f.test.input,
        verdict: f.verdict,
        run: f.run,
        expected: f.expected,
        judged_by: f.judged_by,
    };
    (finding, Settled::First(shrunk_size))
}

/// Which input a group shows: the shrunk one, or (when that did not fail again on a
/// re-run) where the shrink started, or the group's smallest failing test; with the shrunk
/// input's size in words.
enum Settled {
    Shrunk,
    Start(String),
    First(String),
}

impl Settled {
    /// The shrunk input's size when it did not fail again.
    fn did_not_fail_again(&self) -> Option<String> {
        match self {
            Settled::Shrunk => None,
            Settled::Start(size) | Settled::First(size) => Some(size.clone()),
        }
    }

    /// What the shrink line says after "shrunk in … to".
    fn words(&self, shown: &str) -> String {
        let (size, which) = match self {
            Settled::Shrunk => return shown.to_string(),
            Settled::Start(size) => (size, "where the shrink started"),
            Settled::First(size) => (size, "the group's smallest failing test"),
        };
        format!(
            "{size}, which did not fail again when re-run (a failure near a size threshold need not repeat); shown instead: {which}, {shown}"
        )
    }
}

/// The commands that reproduce a group's witness: the program on the saved input (the
/// sanitized build for UB; none for a game, which needs the jury), and grundy on the
/// group's first failing test.
fn reproduce_commands<S: Suite>(
    jd: &Judge<'_, S>,
    f: &Finding<S::Input>,
    saved: &std::io::Result<std::path::PathBuf>,
    first_index: u64,
) -> Vec<String> {
    let Judge { suite, o, argv, .. } = *jd;
    let mut out = Vec::new();
    if let (Ok(p), false) = (saved, f.judged_by == JudgedBy::Jury) {
        let sanitized = match super::sanitized::build(jd.memo, o) {
            super::sanitized::Build::Argv { argv, .. }
                if matches!(f.verdict, Verdict::Undefined(_)) =>
            {
                Some(argv)
            }
            _ => None,
        };
        // A language's run command as it ran: its `{memory_mib}` filled.
        let filled = grundy_sandbox::language::fill_limits(
            sanitized.map(Vec::as_slice).unwrap_or(argv),
            o.limits.memory,
            o.limits.stack,
        );
        let shown: Vec<String> = filled.iter().map(|a| shell_quote(a)).collect();
        out.push(format!(
            "{} < {}",
            shown.join(" "),
            shell_quote(&p.display().to_string())
        ));
    }
    out.push(reproduce_line(suite, o, first_index));
    out
}

/// The verdict, the resources, the outputs side by side, the program's stderr, where the
/// input was saved and how to reproduce it; and the saved file's name for the summary.
fn finding_text<S: Suite>(
    jd: &Judge<'_, S>,
    f: &Finding<S::Input>,
    saved: &std::io::Result<std::path::PathBuf>,
    first_index: u64,
) -> (String, String) {
    let Judge { o, .. } = *jd;
    let mut s = if o.color {
        format!("verdict: \x1b[1;31m{}\x1b[0m\n", f.verdict)
    } else {
        format!("verdict: {}\n", f.verdict)
    };
    s += &format!(
        "time {:.3} s CPU (limit {} s), {:.3} s wall (backstop {} s); {}\n",
        f.run.cpu.as_secs_f64(),
        o.limits.time.as_secs_f64(),
        f.run.wall.as_secs_f64(),
        o.limits.wall.as_secs_f64(),
        f.run.peak_text()
    );
    let undefined = matches!(f.verdict, Verdict::Undefined(_));
    if undefined {
        // The ordinary build passed this input; what is shown is the sanitized run.
        s += "the ordinary build's output is accepted; the run shown is the sanitized build's, stopped by the sanitizer\n";
    } else if let JudgedBy::Answer(by) = &f.judged_by {
        s += &format!("expected output (by the {by}) and the program's:\n");
        s += &side_by_side(&f.expected, &f.run.stdout, o.color);
    } else {
        let text = String::from_utf8_lossy(&f.expected);
        let lines: Vec<&str> = text.lines().collect();
        s += &format!(
            "the game ({} lines; > the jury, < the program):\n",
            lines.len()
        );
        s += &super::text::ends(&text, 10, 10);
    }
    if !f.run.stderr.is_empty() {
        let stderr = &f.run.stderr[..f.run.stderr.len().min(2000)];
        s += &format!(
            "program's stderr:\n{}",
            grundy_judging::output::indent(&escape_bytes(stderr), 4)
        );
    }
    let saved_name = match saved {
        Ok(p) => {
            let extra = if f.judged_by == JudgedBy::Jury {
                ".out the game, .actual the program's output"
            } else {
                ".out expected, .actual"
            };
            s += &format!("saved: {} (+ {extra})\n", p.display());
            let commands = reproduce_commands(jd, f, saved, first_index);
            if f.judged_by == JudgedBy::Jury {
                // The program needs the jury on its other end: only grundy replays it.
                s += &format!(
                    "reproduce (the same game, the jury seeded by the input): {}\n",
                    commands.join("\n")
                );
            } else {
                s += &format!("reproduce: {}\n", commands.join("\n       or: "));
            }
            p.display().to_string()
        }
        Err(e) => {
            s += &format!("error: could not save the failing input: {e}\n");
            "(not saved)".into()
        }
    };
    (s, saved_name)
}
