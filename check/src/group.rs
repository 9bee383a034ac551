//! The groups, the fourth stage: the failing tests filed once, by the cause `settle`
//! gave each and by size class (small inputs, within the brute force's or the oracle's
//! reach, or larger ones), each group represented by its smallest failing test. Nothing
//! after this stage re-files a test; the one change is the shrink stage's "one mistake,
//! one group" experiment, which may join a group of larger inputs to the small group of
//! the same cause (`shrink::join_larger`).

use crate::cause::Cause;
use crate::judge::{Class, Failed, Failure, Firsts, TestTier};
use grundy_fuzzing::gen::TreeShape;
use grundy_judging::suite::Suite;
use std::collections::BTreeMap;

/// The failing tests of one kind.
pub(crate) struct Group<I> {
    /// What its failures are (`WA`, `RE SIGSEGV`, `RE RecursionError`, `TLE`, …).
    pub(crate) detail: Cause,
    /// Small inputs, or larger ones.
    pub(crate) tier: Class,
    /// The tiers of its tests.
    pub(crate) tiers: std::collections::BTreeSet<TestTier>,
    /// The failing tests.
    pub(crate) tests: Vec<u64>,
    /// Each failing test's size ([`Inputs::size`](grundy_judging::suite::Inputs::size)) and index.
    pub(crate) sizes: Vec<(usize, u64)>,
    /// How many of its tests were re-run with an unlimited stack, of how many had their
    /// cause settled so (`settle`); `(0, 0)` when none had.
    pub(crate) rerun: (usize, usize),
    /// How many failing tests had each shape.
    pub(crate) shapes: BTreeMap<String, usize>,
    /// Each failing test's shape, by index.
    pub(crate) shape_of: BTreeMap<u64, String>,
    /// The representative: the smallest failing test ([`Inputs::size`](grundy_judging::suite::Inputs::size); of those, the
    /// first), where its shrink starts.
    pub(crate) first: Failure<I>,
    /// Said when a group of larger inputs joined this one.
    pub(crate) merged: Option<String>,
    /// Its cause came from a split by shape and size band (`settle`): only a sample of
    /// each band was re-run with an unlimited stack.
    pub(crate) banded: bool,
}

impl<I> Group<I> {
    /// Takes in the failing tests of `large`, a group of larger inputs found to be the
    /// same failure (its representative is dropped: this group's stays).
    pub(crate) fn absorb(&mut self, large: Group<I>) {
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

impl<I> Group<I> {
    /// The group's name in the report: its cause, its tiers and its shapes.
    pub(crate) fn label(&self) -> String {
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

/// The failing tests grouped, once, by their settled cause and size class, each group
/// represented by its smallest failing test; the group whose smallest failing input is
/// smallest first (the cheapest to shrink and show).
pub(crate) fn group<S: Suite>(
    suite: &S,
    failed: Vec<Failed>,
    mut firsts: Firsts<S::Input>,
) -> Vec<Group<S::Input>> {
    let mut lines: BTreeMap<(Cause, Class), Vec<Failed>> = BTreeMap::new();
    for f in failed {
        lines
            .entry((f.cause.clone(), Class::of(f.tier)))
            .or_default()
            .push(f);
    }
    let mut groups: Vec<Group<S::Input>> = lines
        .into_iter()
        .filter_map(|(key, tests)| {
            let (_, first) = firsts.remove(&key)?;
            Some(made(key, tests, first))
        })
        .collect();
    groups.sort_by_key(|g| (suite.size(&g.first.test.input), g.first.test.index));
    groups
}

/// The group of the failing tests of one cause and class.
fn made<I>((detail, tier): (Cause, Class), tests: Vec<Failed>, first: Failure<I>) -> Group<I> {
    let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
    for t in &tests {
        *shapes.entry(t.shape.clone()).or_default() += 1;
    }
    let reran = tests.iter().filter_map(|t| t.reran);
    Group {
        detail,
        tier,
        tiers: tests.iter().map(|t| t.tier).collect(),
        rerun: (
            reran.clone().filter(|r| r.itself).count(),
            reran.clone().count(),
        ),
        banded: reran.clone().any(|r| r.banded),
        sizes: tests.iter().map(|t| (t.size, t.index)).collect(),
        shape_of: tests.iter().map(|t| (t.index, t.shape.clone())).collect(),
        tests: tests.iter().map(|t| t.index).collect(),
        shapes,
        first,
        merged: None,
    }
}
