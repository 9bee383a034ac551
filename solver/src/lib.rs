//! The fast solver: one module per game, each a linear (or n log n) pass over a tree or a
//! graph in breadth-first or depth-first order, with no recursion anywhere, so a chain of
//! a million vertices is solved like any other tree.
//!
//! | game | rule | module |
//! |---|---|---|
//! | `chip` | g(v) = mex of the children; XOR over chips | [`chip`] |
//! | `cut` | colon principle g(v) = ⊕ (g(c)+1); rerooting; top-down winning cuts | [`cut`] |
//! | `hackenbush` | fusion of 2-edge-connected components, colon rule on the bridge tree | [`hackenbush`] |
//! | `paint` | XOR-lazy binary tries merged bottom-up | [`paint`] |
//! | `staircase` | XOR of odd-depth piles mod (L+1), O(1) updates | [`staircase`] |
//!
//! The oracle crate checks every answer here from the rules alone.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod chain;
pub mod chip;
pub mod cut;
pub mod hackenbush;
pub mod paint;
pub mod staircase;

use grundy_games::kind::Kind;
use grundy_games::{each_game, Answer, Position};

/// A game as the solver sees it (implemented in the game's module).
pub trait Solve: Kind {
    /// Every query of `docs/SPEC.md` §1 for the position.
    fn solve(p: &Self::Pos) -> Self::Ans;
    /// Only the value (what a win/lose contest problem needs); a game whose value alone
    /// is cheaper than every query overrides it.
    fn value(p: &Self::Pos) -> u64 {
        Self::answer(Self::solve(p)).value()
    }
}

/// Every query of `docs/SPEC.md` §1 for one position.
pub fn solve(pos: &Position) -> Answer {
    each_game!(pos.game(), G => G::answer(G::solve(G::pos(pos).expect("the position's own game"))))
}

/// Only the value of a position (what a win/lose contest problem needs); cheaper than
/// [`solve`] for `cut` and `hackenbush`.
pub fn value(pos: &Position) -> u64 {
    each_game!(pos.game(), G => G::value(G::pos(pos).expect("the position's own game")))
}

/// The answer a problem's output needs: only the value for the win/lose problems
/// (`agc017d`, `poj3710`), every query otherwise.
pub fn answer_for(problem: grundy_games::Problem, pos: &Position) -> Answer {
    use grundy_games::{CutAnswer, HackenbushAnswer, Problem};
    match (problem, pos) {
        (Problem::Agc017d, Position::Cut(_)) => Answer::Cut(CutAnswer {
            value: value(pos),
            ..CutAnswer::default()
        }),
        (Problem::Poj3710, Position::Hackenbush(_)) => Answer::Hackenbush(HackenbushAnswer {
            value: value(pos),
            ..HackenbushAnswer::default()
        }),
        _ => solve(pos),
    }
}
