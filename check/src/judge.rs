//! What every stage of a check shares, below them all: a test of the plan, the one
//! [`Judge`] that runs the program on an input and judges it, a failure whole
//! ([`Failure`]) and as a group's line ([`Failed`]), and the check's [`Memo`]. The stages
//! (`plan` → `run` → `settle` → `group` → `shrink` → `report`) import this module and
//! return data to the driver (`one`); none imports the driver or a later stage.

use crate::cause::{Cause, Stack};
use crate::options::Options;
use crate::sanitized;
use crate::verdict::{judge_with, JudgedBy};
use grundy_judging::error::Error;
use grundy_judging::judge::{Over, Verdict};
use grundy_judging::suite::Suite;
use grundy_sandbox::runner::Run;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, OnceLock};

/// One test of the plan.
pub(crate) struct Test<I> {
    pub(crate) index: u64,
    pub(crate) label: String,
    pub(crate) tier: TestTier,
    pub(crate) input: I,
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

/// The size class a group gathers: small inputs, or the larger ones (medium, large and
/// maximum), which the reports list first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Class {
    Larger,
    Small,
}

impl Class {
    /// The class of a test of this tier.
    pub(crate) fn of(tier: TestTier) -> Class {
        if tier == TestTier::Small {
            Class::Small
        } else {
            Class::Larger
        }
    }
}

/// A failing test: its verdict, run and expected output, and what it is ([`Cause::of`]
/// when it ran; its crash's cause settled by `settle` before it is grouped).
pub(crate) struct Failure<I> {
    pub(crate) test: Test<I>,
    pub(crate) verdict: Verdict,
    pub(crate) run: Run,
    pub(crate) expected: Vec<u8>,
    pub(crate) judged_by: JudgedBy,
    pub(crate) cause: Cause,
}

/// A failing test as the run filed it: what a group needs of each of its tests. Its
/// input and outputs are not kept (a plan may fail hundreds of large tests): a stage that
/// needs them again makes the test again from its number (`plan::make_test`).
pub(crate) struct Failed {
    /// The test's number in the plan.
    pub(crate) index: u64,
    /// Its tier.
    pub(crate) tier: TestTier,
    /// Its input's size ([`Inputs::size`](grundy_judging::suite::Inputs::size)).
    pub(crate) size: usize,
    /// Its input's shape.
    pub(crate) shape: String,
    /// What failed: its run's cause, and for a crash a bigger stack may cure, what
    /// `settle` established.
    pub(crate) cause: Cause,
    /// How `settle` established its crash's cause, when it did.
    pub(crate) reran: Option<Reran>,
}

/// How a failing test's crash got its cause from a re-run with an unlimited stack.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reran {
    /// It was re-run itself (else it took the cause of the sample it belongs with).
    pub(crate) itself: bool,
    /// Its cause came from a split by shape and size band: only a sample of each band
    /// was re-run.
    pub(crate) banded: bool,
}

/// The representative of each cause and class: the smallest failing test (of those, the
/// first) with all of its failure, and its size. The one failure a stage keeps whole.
pub(crate) type Firsts<I> = BTreeMap<(Cause, Class), (usize, Failure<I>)>;

/// Keeps `f` as its key's representative when it is smaller than the one kept (by size,
/// then number).
pub(crate) fn keep_first<I>(firsts: &mut Firsts<I>, size: usize, f: Failure<I>) {
    let key = (f.cause.clone(), Class::of(f.test.tier));
    match firsts.get(&key) {
        Some((s, kept)) if (*s, kept.test.index) <= (size, f.test.index) => {}
        _ => {
            firsts.insert(key, (size, f));
        }
    }
}

/// One check's judge: the problem, the options and the program. Every stage — the run,
/// the causes, the thresholds, the shrink and the report — judges through it, and
/// nothing of a stage flows back into it.
pub(crate) struct Judge<'a, S: Suite> {
    pub(crate) suite: &'a S,
    pub(crate) o: &'a Options,
    pub(crate) argv: &'a [String],
    /// What one check keeps between its stages: each input's re-run with an unlimited
    /// stack (`settle`), the sanitized build ([`sanitized`]).
    pub(crate) memo: &'a Memo,
}

/// See [`Judge::memo`].
#[derive(Default)]
pub(crate) struct Memo {
    /// What each input's re-run with an unlimited stack showed: an input judged again (a
    /// witness checked five times, a shrunk input settled) is not re-run again.
    pub(crate) reruns: Mutex<HashMap<u64, Stack>>,
    /// The sanitized build, made when first needed.
    pub(crate) sanitized: OnceLock<sanitized::Build>,
    /// The plan was stopped because the program wrote nothing on its first tests, each
    /// waiting out the idleness limit ([`SILENT_STOP`]): its group is not shrunk either.
    pub(crate) silent: std::sync::atomic::AtomicBool,
}

/// After this many tests on which an interactive program wrote nothing at all (each
/// stopped by the idleness limit, and no test where it wrote), the plan stops: every
/// further test would wait out the limit the same way.
pub(crate) const SILENT_STOP: u64 = 3;

/// True for a run of an interactive program that wrote nothing and was stopped for it.
pub(crate) fn silent(v: &Verdict, run: &Run) -> bool {
    run.stdout.is_empty() && matches!(v, Verdict::TimeLimit(Over::Turn, _))
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
        let cell = &self.memo.sanitized;
        let Some((finding, run)) = sanitized::undefined(self.suite, self.o, cell, input)? else {
            return Ok(judged);
        };
        Ok((Verdict::Undefined(finding.summary), run, judged.2, judged.3))
    }
}
