//! The test-case dimension of a multi-test schema: how many test cases one input holds and
//! how its size is shared among them ([`Split`]), the limits on sums kept case by case
//! while an input is drawn ([`SumCaps`]), and the corners every plan takes: the most test
//! cases, each of the least size; the sum filled by as many test cases as it allows; a
//! count between; one large test case among many small ones ([`corners`]). A solution that
//! redoes a costly set-up per test case is slow only on the first two; a plan of one to
//! four test cases never shows it.

use super::gen::Shape;
use crate::rng::Rng;
use grundy_games::schema::{Case, Item, Schema, Tests};
use std::collections::BTreeMap;

/// How an input's size is shared among its test cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Split {
    /// Drawn: mostly one to four test cases, a quarter of the time many (up to what the
    /// size and the count allow); one for an extreme shape.
    Drawn,
    /// This many test cases (within the count's range), the size shared evenly.
    Even(usize),
    /// This many test cases: the first takes half the size, the others share the rest.
    Lopsided(usize),
}

/// Inputs of at most this many test cases are drawn for a schema whose test cases run to
/// the end of the input (it states no count to bound them).
const UNTIL_EOF_MOST: usize = 100_000;

/// The counts that size a test case: its trees' and graphs' vertices, its arrays' lengths,
/// its queries (not a graph's edges, which follow its vertices).
fn sizing_counts(schema: &Schema) -> Vec<&str> {
    schema
        .items
        .iter()
        .filter_map(|it| match it {
            Item::Tree { count, .. } | Item::Graph { count, .. } => Some(count.as_str()),
            Item::Array { len, .. } => Some(len.as_str()),
            Item::Queries { count, .. } => Some(count.as_str()),
            Item::Ints(_) => None,
        })
        .collect()
}

/// The least size of one test case: the largest least value of its sizing counts (at
/// least 1).
pub fn least_case(schema: &Schema) -> usize {
    sizing_counts(schema)
        .iter()
        .map(|c| schema.range(c).0)
        .max()
        .unwrap_or(1)
        .max(1) as usize
}

/// The largest size of one test case by the statement (at most 2^22).
fn largest_case(schema: &Schema) -> usize {
    sizing_counts(schema)
        .iter()
        .map(|c| schema.range(c).1)
        .max()
        .unwrap_or(1)
        .clamp(1, 1 << 22) as usize
}

/// The size all test cases of one input hold together at most: the least limit on the sum
/// of a sizing count, else the largest test case times the most test cases (at most 2^22).
pub fn budget(schema: &Schema) -> usize {
    let sizing = sizing_counts(schema);
    let summed = schema
        .sums
        .iter()
        .filter(|(name, _)| sizing.contains(&name.as_str()))
        .map(|(_, &max)| max.max(1) as usize)
        .min();
    summed.unwrap_or_else(|| {
        let cases = match &schema.tests {
            Tests::One => 1,
            Tests::Count(t) => schema.range(t).1.clamp(1, 1 << 22) as usize,
            Tests::UntilEof => UNTIL_EOF_MOST,
        };
        largest_case(schema).saturating_mul(cases).min(1 << 22)
    })
}

/// The least and the most test cases one input holds: the count's range; for test cases
/// until the end of the input, one to as many of the least size as the budget holds (at
/// most [`UNTIL_EOF_MOST`]).
pub fn case_range(schema: &Schema) -> (usize, usize) {
    match &schema.tests {
        Tests::One => (1, 1),
        Tests::Count(t) => {
            let (lo, hi) = schema.range(t);
            let lo = lo.clamp(1, 1 << 22) as usize;
            (lo, (hi.clamp(1, 1 << 22) as usize).max(lo))
        }
        Tests::UntilEof => (
            1,
            (budget(schema) / least_case(schema)).clamp(1, UNTIL_EOF_MOST),
        ),
    }
}

/// The most test cases one input holds within its count's range and the budget, each of
/// the least size (1 for one test case an input).
pub fn most_cases(schema: &Schema) -> usize {
    let (lo, hi) = case_range(schema);
    hi.min((budget(schema) / least_case(schema)).max(1)).max(lo)
}

/// The name of the test-case count in the reports (`t`, or `test cases` when the input
/// runs to its end); `None` for one test case an input.
pub fn count_name(schema: &Schema) -> Option<String> {
    match &schema.tests {
        Tests::One => None,
        Tests::Count(t) => Some(t.clone()),
        Tests::UntilEof => Some("test cases".into()),
    }
}

/// An input's shape of `k` test cases, each of the least size, values at their extremes
/// (a growth series over the test cases).
pub fn with_cases(schema: &Schema, k: usize) -> Shape {
    Shape {
        size: k.saturating_mul(least_case(schema)),
        tree: None,
        extreme: true,
        split: Split::Even(k),
    }
}

/// The size of each test case of one input drawn for `shape`: how many there are and how
/// the shape's size (capped by the limits on sums) is shared among them.
pub(super) fn split(schema: &Schema, rng: &mut Rng, shape: &Shape) -> Vec<usize> {
    let size = shape.size.clamp(1, budget(schema));
    if schema.tests == Tests::One {
        return vec![size];
    }
    let least = least_case(schema);
    let (lo, hi) = case_range(schema);
    let k = match shape.split {
        Split::Even(k) | Split::Lopsided(k) => k.clamp(lo, hi),
        Split::Drawn if shape.extreme => lo,
        Split::Drawn => {
            // As many as the size holds of the least size, within the count's range.
            let top = hi.min((size / least).max(1)).max(lo);
            if top > 4 && rng.chance(1, 4) {
                log_uniform(rng, lo, top)
            } else {
                rng.range(lo as u64, top.min(4).max(lo) as u64) as usize
            }
        }
    };
    match shape.split {
        Split::Lopsided(_) if k > 1 => {
            let first = (size / 2).max(least);
            let rest = (size.saturating_sub(first) / (k - 1)).max(least);
            std::iter::once(first)
                .chain(std::iter::repeat_n(rest, k - 1))
                .collect()
        }
        _ => vec![(size / k).max(least); k],
    }
}

/// A count in `lo..=hi` drawn so that every power of two is as likely as the next.
fn log_uniform(rng: &mut Rng, lo: usize, hi: usize) -> usize {
    let (a, b) = ((lo.max(1) as f64).ln(), (hi.max(1) as f64).ln());
    let x = a + (b - a) * (rng.below(1 << 20) as f64 / f64::from(1 << 20));
    (x.exp().round() as usize).clamp(lo, hi)
}

/// The limits on sums while the test cases of one input are drawn: how much of each sum is
/// left, so that a test case takes no more than leaves the least value to each one after
/// it.
pub(super) struct SumCaps {
    left: BTreeMap<String, i64>,
}

impl SumCaps {
    /// The sums of `schema`, none spent.
    pub(super) fn new(schema: &Schema) -> SumCaps {
        SumCaps {
            left: schema.sums.clone(),
        }
    }

    /// The most each summed integer may be in a test case that `after` more follow.
    pub(super) fn caps(&self, schema: &Schema, after: usize) -> BTreeMap<String, i64> {
        self.left
            .iter()
            .map(|(name, &left)| {
                let least = schema.range(name).0.max(0);
                let reserved = least.saturating_mul(after as i64);
                (name.clone(), left.saturating_sub(reserved))
            })
            .collect()
    }

    /// Spends what `case` took of each sum.
    pub(super) fn spend(&mut self, schema: &Schema, case: &Case) {
        for (name, left) in &mut self.left {
            *left -= schema.int_of(case, name).unwrap_or(0);
        }
    }
}

/// The corners of the test-case dimension, named by what they hold (`t = 10000 × n = 20`),
/// each with extreme values; none for a schema of one test case. The one test case
/// taking the whole sum is not among them: the adversarial inputs of the maximum size are
/// that.
pub fn corners(schema: &Schema) -> Vec<(String, Shape)> {
    let Some(t) = count_name(schema) else {
        return Vec::new();
    };
    let least = least_case(schema);
    let total = budget(schema);
    let most = most_cases(schema);
    if most <= 1 {
        return Vec::new();
    }
    let n = sizing_counts(schema).first().map(|s| s.to_string());
    let each = |k: usize, per: usize| match &n {
        Some(n) => format!("{t} = {k} × {n} = {per}"),
        None => format!("{t} = {k}"),
    };
    let mut out: Vec<(String, Shape)> = Vec::new();
    let mut seen: Vec<(usize, usize)> = Vec::new();
    let mut push = |name: String, k: usize, size: usize, split: Split| {
        let per = size / k;
        if seen.contains(&(k, per)) && matches!(split, Split::Even(_)) {
            return;
        }
        seen.push((k, per));
        out.push((
            name,
            Shape {
                size,
                tree: None,
                extreme: true,
                split,
            },
        ));
    };
    push(
        format!(
            "{} (the most test cases, each the smallest)",
            each(most, least)
        ),
        most,
        most * least,
        Split::Even(most),
    );
    if n.is_some() {
        push(
            format!(
                "{} (as many test cases as fill the limit on the sum)",
                each(most, total / most)
            ),
            most,
            total,
            Split::Even(most),
        );
        let between = ((most as f64).sqrt().round() as usize).max(2);
        if between < most {
            push(
                format!("{} (between)", each(between, total / between)),
                between,
                total,
                Split::Even(between),
            );
        }
        let rest = (most - 1).min(total / least / 2).max(1);
        if rest >= 2 && total / 2 > least {
            let (first, per) = (total / 2, (total - total / 2) / rest);
            push(
                format!(
                    "{t} = {}: one {} = {first}, then {rest} × {} = {per} (one large test case among many)",
                    rest + 1,
                    n.as_deref().unwrap_or_default(),
                    n.as_deref().unwrap_or_default()
                ),
                rest + 1,
                total,
                Split::Lopsided(rest + 1),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::gen::generate;
    use grundy_games::schema::SchemaSpec;

    fn schema(text: &str) -> Schema {
        let spec: SchemaSpec = toml::from_str(text).unwrap();
        Schema::new(&spec).unwrap()
    }

    const PILES: &str = "[tests]\ncount = \"t\"\nsum = { n = 200000 }\n[[input]]\nints = [\"n\"]\n[[input]]\narray = \"n\"\nvalues = \"a\"\n[limits]\nt = [1, 10000]\nn = [1, 200000]\na = [1, 10000000]\n";

    /// t ≤ 10^4 under a sum of n ≤ 2·10^5: the most test cases of one pile, the sum
    /// filled by 10^4 test cases of 20, a count between, one large test case among many;
    /// each input holds what its name says and meets the limits.
    #[test]
    fn the_corners_of_the_test_case_count() {
        let s = schema(PILES);
        let corners = corners(&s);
        let names: Vec<&str> = corners.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "t = 10000 × n = 1 (the most test cases, each the smallest)",
                "t = 10000 × n = 20 (as many test cases as fill the limit on the sum)",
                "t = 100 × n = 2000 (between)",
                "t = 10000: one n = 100000, then 9999 × n = 10 (one large test case among many)",
            ]
        );
        let expect = [
            (10000, 1, 1),
            (10000, 20, 20),
            (100, 2000, 2000),
            (10000, 100000, 10),
        ];
        for ((name, shape), (k, first, rest)) in corners.iter().zip(expect) {
            let inst = generate(&s, &mut Rng::new(1), shape).unwrap();
            assert_eq!(inst.cases.len(), k, "{name}");
            let n: Vec<i64> = inst
                .cases
                .iter()
                .map(|c| s.int_of(c, "n").unwrap())
                .collect();
            assert_eq!((n[0], n[k - 1]), (first, rest), "{name}");
            assert!(n.iter().sum::<i64>() <= 200_000, "{name}");
        }
    }

    /// Random inputs of a multi-test schema hold many test cases now and then (an input
    /// never held more than four), always within the count's range and the sums.
    #[test]
    fn random_inputs_draw_many_test_cases_sometimes() {
        let s = schema(PILES);
        let mut most = 0;
        let mut few = 0;
        for i in 0..200 {
            let inst = generate(&s, &mut Rng::new(i), &Shape::random(100_000)).unwrap();
            most = most.max(inst.cases.len());
            few += usize::from(inst.cases.len() <= 4);
        }
        assert!(most > 1000, "{most}");
        assert!(few > 100, "{few}");
    }

    /// A limit on the sum of an integer that counts nothing (each test case's `n` of a
    /// sieve) holds over 10^4 test cases drawn at their extremes: each test case leaves
    /// the least value to those after it.
    #[test]
    fn a_sum_over_plain_integers_holds_over_many_test_cases() {
        let s = schema(
            "[tests]\ncount = \"t\"\nsum = { n = 1000000 }\n[[input]]\nints = [\"n\", \"k\"]\n[limits]\nt = [1, 10000]\nn = [1, 1000000]\nk = [1, 1000000000]\n",
        );
        let c = corners(&s);
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].0, "t = 10000 (the most test cases, each the smallest)");
        let inst = generate(&s, &mut Rng::new(3), &c[0].1).unwrap();
        assert_eq!(inst.cases.len(), 10000);
        let sum: i64 = inst.cases.iter().map(|x| s.int_of(x, "n").unwrap()).sum();
        assert!(sum <= 1_000_000 && sum > 10_000, "{sum}");
    }

    /// One test case per input: no corners; test cases until the end of the input: as
    /// many as the budget holds, at most 10^5.
    #[test]
    fn one_test_case_has_no_corners_and_until_the_end_is_bounded() {
        let one =
            schema("[[input]]\nints = [\"n\"]\n[[input]]\ntree = \"n\"\n[limits]\nn = [1, 100]\n");
        assert!(corners(&one).is_empty());
        let eof = schema("[tests]\nsum = { n = 300 }\n[[input]]\nints = [\"n\"]\n[[input]]\ntree = \"n\"\n[limits]\nn = [2, 100]\n");
        assert_eq!(case_range(&eof), (1, 150));
        let c = corners(&eof);
        assert_eq!(
            c[0].0,
            "test cases = 150 × n = 2 (the most test cases, each the smallest)"
        );
        let inst = generate(&eof, &mut Rng::new(5), &c[0].1).unwrap();
        assert_eq!(inst.cases.len(), 150);
    }
}
