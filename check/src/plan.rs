//! The plan, the first stage: which tests a check runs — the random inputs in three
//! tiers, the swept family members, the adversarial maximum inputs — and each test made
//! from its number, the same every time (a later stage makes a test again from its number
//! rather than keep its input).

use crate::judge::{Test, TestTier};
use crate::options::Options;
use grundy_fuzzing::contest::Tier;
use grundy_judging::error::Error;
use grundy_judging::suite::Suite;

/// The plan of one check.
pub(crate) struct Plan {
    /// The tests to run, by number.
    pub(crate) indices: Vec<u64>,
    /// The plan's tests in all (the random ones, the family members, the adversarial).
    pub(crate) total: u64,
    /// The family members swept.
    pub(crate) swept: u64,
    /// The adversarial inputs.
    pub(crate) adversarial: u64,
}

/// The plan of `o` on `suite`: every test, or the one `--case` names (an error when it is
/// past the plan).
pub(crate) fn plan<S: Suite>(suite: &S, o: &Options) -> Result<Plan, Error> {
    let adversarial = if o.no_adversarial {
        0
    } else {
        suite.adversarial().len() as u64
    };
    let swept = families(suite, o).len() as u64;
    let total = o.cases + swept + adversarial;
    let indices: Vec<u64> = match o.only {
        Some(i) if i < total => vec![i],
        Some(i) => {
            return Err(Error::usage(format!(
                "--case {i} is past the plan's {total} tests"
            )))
        }
        None => (0..total).collect(),
    };
    Ok(Plan {
        indices,
        total,
        swept,
        adversarial,
    })
}

/// The tier of random test `i`: 80% small, 15% medium, 5% large.
fn tier(o: &Options, i: u64) -> Tier {
    if i < o.cases * 80 / 100 {
        Tier::Small
    } else if i < o.cases * 95 / 100 {
        Tier::Medium
    } else {
        Tier::Large
    }
}

/// The family members the plan sweeps (none with `--no-families`).
pub(crate) fn families<S: Suite>(suite: &S, o: &Options) -> Vec<grundy_fuzzing::families::Member> {
    if o.no_families {
        Vec::new()
    } else {
        suite.families()
    }
}

/// Test `i` of the plan: the random inputs, then the family members, then the
/// adversarial inputs.
pub(crate) fn make_test<S: Suite>(suite: &S, o: &Options, i: u64) -> Result<Test<S::Input>, Error> {
    let members = families(suite, o);
    if let Some(m) = i.checked_sub(o.cases).and_then(|k| members.get(k as usize)) {
        let input = suite
            .member(m, o.seed)
            .ok_or_else(|| Error::internal("a family member of a problem without trees"))??;
        return Ok(Test {
            index: i,
            label: format!("family: {}", m.label),
            tier: TestTier::Family,
            input,
        });
    }
    if i < o.cases {
        let t = tier(o, i);
        let (input, label) = suite.random(o.seed, i, t)?;
        Ok(Test {
            index: i,
            label,
            tier: match t {
                Tier::Small => TestTier::Small,
                Tier::Medium => TestTier::Medium,
                Tier::Large => TestTier::Large,
            },
            input,
        })
    } else {
        let k = (i - o.cases) as usize - members.len();
        let name = suite.adversarial().into_iter().nth(k).unwrap_or_default();
        Ok(Test {
            index: i,
            label: format!("adversarial: {name}"),
            tier: TestTier::Maximum,
            input: suite.adversarial_input(k)?,
        })
    }
}
