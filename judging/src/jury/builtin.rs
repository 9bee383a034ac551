//! The jury of a package with a built-in engine (`[reference] engine` and `[interact]`):
//! positions are [`Board`]s, moves are named as `grundy_games::board` documents (the child
//! end of a cut edge, a painted vertex, `v w` for a chip, `i j` for an edge of a graph),
//! and each position's value and winning moves come from the solver — and, on every
//! position within [`ORACLE_STATES`], from the oracle too, which must agree (else the jury
//! stops with an internal error rather than play on a wrong value).

use super::{judge, one_game, Arena, InteractSpec, Known, PlayError, Played, Stop};
use grundy_fuzzing::Rng;
use grundy_games::board::{Board, Move};
use grundy_games::{Position, Problem};
use grundy_oracle::ruleset::Outcome;
use grundy_oracle::Budget;
use grundy_sandbox::runner::RunLimits;
use std::collections::HashMap;

/// The oracle's budget on each position met in play (a search past it leaves that
/// position, and every larger one of the game, to the solver alone).
pub const ORACLE_STATES: usize = 4096;

/// The most moves a losing jury weighs by the replies they leave (each costs two
/// valuations of a whole position): beyond, a seeded sample of this many.
pub const WEIGHED: usize = 32;

/// Plays every test case of `cases` (positions of `problem`) against the program `argv`:
/// the jury prints each case in the problem's input format, then plays its game.
pub fn play(
    problem: Problem,
    spec: &InteractSpec,
    cases: &[Position],
    argv: &[String],
    limits: &RunLimits,
    seed: u64,
) -> Result<Played, PlayError> {
    let games = games(problem, cases).map_err(|e| PlayError::Rules(e.to_string()))?;
    judge(spec, argv, limits, |g| {
        for (k, (text, board)) in games.into_iter().enumerate() {
            for line in text.lines() {
                g.say(line)?;
            }
            let mut arena = Engines::default();
            let mut rng = Rng::for_case(seed, k as u64);
            let at = super::game_label(k, cases.len(), None);
            one_game(g, &mut arena, board, &mut rng, &at)?;
        }
        Ok(())
    })
}

/// Each test case of an input as the jury prints it (in the problem's input format) and
/// the board its game starts from.
pub fn games(
    problem: Problem,
    cases: &[Position],
) -> Result<Vec<(String, Board)>, grundy_games::board::NotPlayable> {
    cases
        .iter()
        .map(|c| Ok((problem.write_input(std::slice::from_ref(c)), Board::new(c)?)))
        .collect()
}

/// The labels of the winning first moves of a position played move by move (`None`: it
/// is not, or the engines could not value it), as the jury finds them.
pub fn winning_labels(pos: &Position) -> Option<Vec<String>> {
    let board = Board::new(pos).ok()?;
    let moves = board.moves();
    let mut engines = Engines::default();
    let winning = engines.winning(&board, &moves).ok()?;
    Some(winning.into_iter().map(|i| moves[i].label()).collect())
}

/// What one game has learned: each position's value and winning moves.
#[derive(Default)]
pub struct Engines {
    answers: HashMap<Vec<u64>, Valued>,
    /// The size of the smallest position the oracle could not search (none yet: 0).
    oracle_past: usize,
}

#[derive(Clone)]
struct Valued {
    value: u64,
    winning: Vec<Move>,
}

impl Engines {
    fn valued(&mut self, b: &Board) -> Result<&Valued, Stop> {
        let key = b.key();
        if !self.answers.contains_key(&key) {
            let view = b.view();
            let solved = std::panic::catch_unwind(|| grundy_solver::solve(&view.position))
                .map_err(|_| {
                    Stop::Fault(PlayError::Internal(format!(
                        "the solver panicked on a position in play: {}",
                        brief(&view.position)
                    )))
                })?;
            let mine = Valued {
                value: solved.value(),
                winning: view.winning(&solved),
            };
            let size = view.position.size();
            if self.oracle_past == 0 || size < self.oracle_past {
                match grundy_oracle::solve(&view.position, Budget::states(ORACLE_STATES)) {
                    Ok(r) => {
                        let theirs = view.winning(&r.answer);
                        if r.answer.value() != mine.value || theirs != mine.winning {
                            return Err(Stop::Fault(PlayError::Internal(format!(
                                "the solver and the oracle disagree on a position in play ({}): value {} and {} winning moves, against value {} and {}",
                                brief(&view.position),
                                mine.value,
                                mine.winning.len(),
                                r.answer.value(),
                                theirs.len()
                            ))));
                        }
                    }
                    Err(_) => self.oracle_past = size,
                }
            }
            self.answers.insert(key.clone(), mine);
        }
        Ok(&self.answers[&key])
    }
}

/// A position in a sentence: its game and size.
fn brief(p: &Position) -> String {
    format!("`{}` on {} vertices", p.game().name(), p.vertices())
}

impl Arena for Engines {
    type Pos = Board;
    type Move = Move;

    fn moves(&mut self, p: &Board) -> Result<Vec<Move>, Stop> {
        Ok(p.moves())
    }

    fn label(&self, m: &Move) -> String {
        m.label()
    }

    fn after(&mut self, p: &Board, m: &Move) -> Result<Board, Stop> {
        Ok(p.after(m))
    }

    fn known(&mut self, p: &Board) -> Result<Known, Stop> {
        let value = self.valued(p)?.value;
        Ok(Known {
            outcome: if value == 0 {
                Outcome::Lose
            } else {
                Outcome::Win
            },
            value: Some(value),
            longest: p.longest(),
        })
    }

    fn winning(&mut self, p: &Board, moves: &[Move]) -> Result<Vec<usize>, Stop> {
        let winning = &self.valued(p)?.winning;
        Ok((0..moves.len())
            .filter(|&i| winning.binary_search(&moves[i]).is_ok())
            .collect())
    }

    fn weighed(&self) -> usize {
        WEIGHED
    }

    fn winning_count(&mut self, p: &Board) -> Result<usize, Stop> {
        Ok(self.valued(p)?.winning.len())
    }
}

#[cfg(test)]
mod tests {
    use super::super::choose;
    use super::*;
    use grundy_fuzzing::contest;
    use grundy_games::Game;

    /// The jury against itself on small games of every playable game: whoever starts in
    /// a won position wins, each position is valued by both engines (a disagreement stops
    /// the jury), and the moves are legal ones.
    #[test]
    fn the_jury_wins_every_won_game_of_every_playable_game() {
        for game in [Game::Chip, Game::Cut, Game::Hackenbush, Game::Paint] {
            let mut won = [0; 2];
            for seed in 0..46u64 {
                // Small games (both engines), and a few past WEIGHED moves (a sample
                // weighed when the jury is losing).
                let n = if seed < 40 {
                    2 + (seed % 7) as usize
                } else {
                    45
                };
                let problem = Problem::Native(game);
                let cases =
                    contest::interactive(problem, &mut Rng::new(seed), n, None).expect("playable");
                let mut b = Board::new(&cases[0]).unwrap();
                let mut arena = Engines::default();
                let Ok(start) = arena.known(&b) else {
                    panic!("{game:?} seed {seed}: the engines disagree");
                };
                let mut rng = Rng::new(seed);
                let mut first_to_move = true;
                loop {
                    let moves = b.moves();
                    if moves.is_empty() {
                        break;
                    }
                    let Ok((i, next, _)) = choose(&mut arena, &b, &moves, &mut rng) else {
                        panic!("{game:?} seed {seed}: the engines disagree");
                    };
                    assert!(b.is_legal(&moves[i]));
                    b = next;
                    first_to_move = !first_to_move;
                }
                won[usize::from(first_to_move)] += 1;
                // The player to move at the end has lost.
                assert_eq!(
                    start.outcome == Outcome::Win,
                    !first_to_move,
                    "{game:?} seed {seed}: {:?}",
                    cases[0]
                );
            }
            assert!(
                won[0] > 0 && won[1] > 0,
                "{game:?}: both sides win some: {won:?}"
            );
        }
    }
}
