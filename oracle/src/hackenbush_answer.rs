//! The oracle's answer to a `hackenbush` sum: the rules it is searched with (a small sum's
//! dense masks in `tiny`, the blocks' numbered states in `blocks`, else the plain edge
//! masks of `hackenbush`), the search, and the winning moves named as the input names
//! them.

use crate::hackenbush::{HackenbushRules, OnPlain};
use crate::mask::Mask;
use crate::search::{OracleError, Search};
use crate::{Budget, Play, Report};
use grundy_games::HackenbushAnswer;
use grundy_games::HackenbushPos;

/// A search's finding: the value, the winning moves `(graph, edge)`, the states searched.
type Found = (u32, Vec<(u32, u32)>, usize);

/// The value of `start` and its winning moves, over plain edge masks.
fn plain_answer<M: Mask, R: OnPlain<M>, T: crate::memo::Table<M>>(
    s: &mut Search<R, T>,
    start: M,
    play: Play,
) -> Result<Found, OracleError> {
    let value = s.value(start)?;
    let mut moves = Vec::new();
    if play == Play::Normal {
        for (e, next) in s.rules().plain().moves(start) {
            if s.value(next)? == 0 {
                moves.push(s.rules().plain().names[e as usize]);
            }
        }
    }
    Ok((value, moves, s.states()))
}

fn hackenbush_answer<M: Mask>(
    pos: &HackenbushPos,
    play: Play,
    budget: Budget,
) -> Result<Report<HackenbushAnswer>, OracleError> {
    // Only with a dense table of its masks (else the blocks number the states).
    let tiny = crate::tiny::TinySum::new(pos)
        .filter(|t| budget.dense && t.numbers().is_some_and(|n| n <= budget.max_states as u64));
    let (value, mut moves, states) = if let Some(rules) = tiny {
        // A small sum: no tables to set up, every edge mask its own index.
        let start = rules.plain().start();
        with_numbered_search!(rules, play, budget, s => plain_answer(&mut s, start, play)?)
    } else if let Some(rules) = crate::blocks::BlockRules::<M>::new(pos) {
        let start = rules.start();
        with_numbered_search!(rules, play, budget, s => {
            let value = s.value(start)?;
            let mut moves = Vec::new();
            if play == Play::Normal {
                for (name, next) in s.rules().moves(start) {
                    if s.value(next)? == 0 {
                        moves.push(name);
                    }
                }
            }
            (value, moves, s.states())
        })
    } else {
        // A block too large for tables: one flood fill or search per state.
        let rules = HackenbushRules::<M>::new(pos).expect("size checked");
        let start = rules.start();
        let mut s = Search::new(rules, play, budget.max_states);
        plain_answer(&mut s, start, play)?
    };
    moves.sort_unstable();
    Ok(Report {
        answer: HackenbushAnswer {
            value: u64::from(value),
            moves,
        },
        states,
    })
}

impl crate::Exhaustive for grundy_games::kind::Hackenbush {
    fn solve(p: &HackenbushPos, budget: Budget) -> Result<Report<HackenbushAnswer>, OracleError> {
        let edges = p.graphs.iter().map(|g| g.edges.len()).sum::<usize>();
        with_mask!(edges, "edges", M => hackenbush_answer::<M>(p, Play::Normal, budget))
    }

    fn misere(p: &HackenbushPos, budget: Budget) -> Result<Vec<bool>, OracleError> {
        let edges = p.graphs.iter().map(|g| g.edges.len()).sum::<usize>();
        let r = with_mask!(edges, "edges", M => hackenbush_answer::<M>(p, Play::Misere, budget))?;
        Ok(vec![r.answer.value == 1])
    }
}
