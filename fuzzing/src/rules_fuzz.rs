//! Fuzzing a Rust solver of a game grundy has never seen, against the game's rules.
//!
//! The game is written once as [`Rules`] (its states and labelled moves, optionally its
//! parts and a canonical form); the oracle's [`solve_rules`] values every state from the
//! rules alone (mex, XOR of parts). [`differential`] asks the solver under test and the
//! rules' search about each given state; at the first disagreement, or the first panic
//! of the solver (a finding, not a crash), it shrinks the state with the caller's
//! simplification steps (drop a heap, lower a value, …) for as long as the solver stays
//! wrong, and returns the smallest state with both answers. It is the glue a `cargo
//! test` of a new game needs: `examples/rust-game` is a complete crate that uses it.
//!
//! Normal play only: the solver answers a Grundy value. A state past the search's budget
//! is skipped (counted in [`Checked::skipped`]), never guessed.

use crate::shrink::greedy;
use grundy_oracle::ruleset::{solve_rules, Ending, Options, Rules, RulesError};
use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// What the solver answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A Grundy value.
    Value(u32),
    /// It panicked, with this message.
    Panic(String),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Value(v) => write!(f, "{v}"),
            Answer::Panic(m) => write!(f, "a panic ({m})"),
        }
    }
}

/// A state on which the solver and the rules disagree, shrunk.
#[derive(Clone, Debug)]
pub struct Disagreement<S> {
    /// The smallest disagreeing state found.
    pub state: S,
    /// Its value by the rules' search.
    pub expected: u32,
    /// The solver's answer on it.
    pub got: Answer,
    /// The disagreeing state as first met.
    pub first: S,
    /// Simplifications accepted while shrinking.
    pub steps: usize,
    /// States checked before the first disagreement (it included).
    pub cases: usize,
}

impl<S: fmt::Debug> fmt::Display for Disagreement<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the solver answers {} where the rules' search finds {} on {:?} (shrunk in {} steps from {:?}, the disagreement found at state {} of the run)",
            self.got, self.expected, self.state, self.steps, self.first, self.cases
        )
    }
}

/// A run without a disagreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Checked {
    /// States on which both answered the same.
    pub agreed: usize,
    /// States past the search's budget (not judged).
    pub skipped: usize,
}

/// The solver's answer on `state`, a panic caught.
fn ask<S>(solver: &impl Fn(&S) -> u32, state: &S) -> Answer {
    match catch_unwind(AssertUnwindSafe(|| solver(state))) {
        Ok(v) => Answer::Value(v),
        Err(p) => Answer::Panic(
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "no message".into()),
        ),
    }
}

/// The rules' value of `state` (`None` past the budget).
fn value<R: Rules>(rules: &R, state: &R::State, opts: Options) -> Result<Option<u32>, RulesError> {
    match solve_rules(rules, state.clone(), opts) {
        Ok(s) => Ok(s.value()),
        Err(RulesError::TooManyStates { .. } | RulesError::TooManyMoves { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Checks `solver` against the search of `rules` on every state of `states`; at the first
/// disagreement, shrinks it with `simpler` (the simplifications of a state, simplest
/// first) and returns it. An error of the rules themselves (a duplicate label, a cycle:
/// the game's description is wrong, not the solver) is returned as `Err(Err(…))`.
#[allow(clippy::type_complexity)]
pub fn differential<R: Rules>(
    rules: &R,
    solver: impl Fn(&R::State) -> u32,
    states: impl IntoIterator<Item = R::State>,
    simpler: impl Fn(&R::State) -> Vec<R::State>,
    max_states: usize,
) -> Result<Checked, Result<Box<Disagreement<R::State>>, RulesError>> {
    let opts = Options {
        max_states,
        ending: Ending::Normal,
        loopy: false,
    };
    let mut checked = Checked {
        agreed: 0,
        skipped: 0,
    };
    for (k, state) in states.into_iter().enumerate() {
        let Some(expected) = value(rules, &state, opts).map_err(Err)? else {
            checked.skipped += 1;
            continue;
        };
        if ask(&solver, &state) == Answer::Value(expected) {
            checked.agreed += 1;
            continue;
        }
        // Shrink while the solver stays wrong on a state the search can value.
        let wrong = |s: &R::State| match value(rules, s, opts) {
            Ok(Some(v)) => ask(&solver, s) != Answer::Value(v),
            _ => false,
        };
        let shrunk = greedy(
            state.clone(),
            |s: &R::State| Box::new(simpler(s).into_iter()),
            wrong,
        );
        let expected = value(rules, &shrunk.case, opts)
            .ok()
            .flatten()
            .unwrap_or(expected);
        return Err(Ok(Box::new(Disagreement {
            got: ask(&solver, &shrunk.case),
            expected,
            state: shrunk.case,
            first: state,
            steps: shrunk.steps,
            cases: k + 1,
        })));
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Take 1 or 2 from one of several heaps.
    struct Take12;
    impl Rules for Take12 {
        type State = Vec<u32>;
        fn moves(&self, s: &Vec<u32>) -> Vec<(String, Vec<u32>)> {
            let mut out = Vec::new();
            for (i, &h) in s.iter().enumerate() {
                for k in 1..=2.min(h) {
                    let mut t = s.clone();
                    t[i] -= k;
                    out.push((format!("{i} {k}"), t));
                }
            }
            out
        }
    }

    fn simpler(s: &[u32]) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            let mut t = s.to_vec();
            t.remove(i);
            out.push(t);
        }
        for i in 0..s.len() {
            if s[i] > 0 {
                let mut t = s.to_vec();
                t[i] -= 1;
                out.push(t);
            }
        }
        out
    }

    fn states() -> Vec<Vec<u32>> {
        (0..40u32).map(|k| vec![k % 7, k % 5, k % 3]).collect()
    }

    #[test]
    fn a_right_solver_agrees_everywhere() {
        let right = |s: &Vec<u32>| s.iter().fold(0, |x, h| x ^ (h % 3));
        let r = differential(&Take12, right, states(), |s: &Vec<u32>| simpler(s), 100_000).unwrap();
        assert_eq!(r.agreed, 40);
    }

    #[test]
    fn a_wrong_solver_is_shrunk_to_its_smallest_witness() {
        // Sums instead of XOR: wrong first on heaps whose values collide, e.g. [1, 1].
        let wrong = |s: &Vec<u32>| s.iter().map(|h| h % 3).sum();
        let d = differential(&Take12, wrong, states(), |s: &Vec<u32>| simpler(s), 100_000)
            .unwrap_err()
            .unwrap();
        assert_eq!(d.state, vec![1, 1]);
        assert_eq!((d.expected, d.got.clone()), (0, Answer::Value(2)));
        assert!(d.to_string().contains("[1, 1]"), "{d}");
    }

    #[test]
    fn a_panic_of_the_solver_is_a_finding() {
        let panics = |s: &Vec<u32>| {
            assert!(s.iter().all(|&h| h < 4), "heap too large");
            s.iter().fold(0, |x, h| x ^ (h % 3))
        };
        let d = differential(
            &Take12,
            panics,
            states(),
            |s: &Vec<u32>| simpler(s),
            100_000,
        )
        .unwrap_err()
        .unwrap();
        assert_eq!(d.state, vec![4]);
        assert!(matches!(&d.got, Answer::Panic(m) if m.contains("heap too large")));
    }
}
