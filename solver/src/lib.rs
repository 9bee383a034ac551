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

use grundy_games::{Answer, Position};

/// Every query of `docs/SPEC.md` §1 for one position.
pub fn solve(pos: &Position) -> Answer {
    match pos {
        Position::Chip(p) => Answer::Chip(chip::solve(p)),
        Position::Cut(p) => Answer::Cut(cut::solve(p)),
        Position::Hackenbush(p) => Answer::Hackenbush(hackenbush::solve(p)),
        Position::Paint(p) => Answer::Paint(paint::solve(p)),
        Position::Staircase(p) => Answer::Staircase(staircase::solve(p)),
    }
}

/// Only the value of a position (what a win/lose contest problem needs); cheaper than
/// [`solve`] for `cut` and `hackenbush`.
pub fn value(pos: &Position) -> u64 {
    match pos {
        Position::Cut(p) => cut::values(&p.tree)[0],
        Position::Hackenbush(p) => hackenbush::value(p),
        other => solve(other).value(),
    }
}

/// The answer a problem's output needs: only the value for the win/lose problems
/// (`agc017d`, `poj3710`), every query otherwise.
pub fn answer_for(problem: grundy_games::Problem, pos: &Position) -> Answer {
    use grundy_games::{CutAnswer, HackenbushAnswer, Problem};
    match (problem, pos) {
        (Problem::Agc017d, Position::Cut(p)) => Answer::Cut(CutAnswer {
            value: cut::values(&p.tree)[0],
            ..CutAnswer::default()
        }),
        (Problem::Poj3710, Position::Hackenbush(p)) => Answer::Hackenbush(HackenbushAnswer {
            value: hackenbush::value(p),
            ..HackenbushAnswer::default()
        }),
        _ => solve(pos),
    }
}
