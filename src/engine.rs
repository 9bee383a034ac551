//! The two answer engines behind one switch (`--engine solver|oracle`).

use grundy_games::{Answer, Position, Problem};
use grundy_oracle::{Budget, OracleError};

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The fast solver (any size).
    Solver,
    /// Exhaustive search from the rules alone (small inputs only).
    Oracle,
}

/// Answers every test case of an input and prints the problem's output.
pub fn answer(
    engine: Engine,
    problem: Problem,
    cases: &[Position],
    budget: Budget,
) -> Result<Vec<u8>, OracleError> {
    let answers: Vec<Answer> = match engine {
        Engine::Solver => cases
            .iter()
            .map(|c| grundy_solver::answer_for(problem, c))
            .collect(),
        Engine::Oracle => cases
            .iter()
            .map(|c| grundy_oracle::solve(c, budget).map(|r| r.answer))
            .collect::<Result<_, _>>()?,
    };
    Ok(problem.write_output(&answers))
}

/// Misère outcomes by the oracle: one line per test case (per layout for `staircase`),
/// `First` when the player to move wins, else `Second`.
pub fn misere(cases: &[Position], budget: Budget) -> Result<Vec<u8>, OracleError> {
    let mut out = Vec::new();
    for c in cases {
        for win in grundy_oracle::misere(c, budget)? {
            out.extend_from_slice(if win { b"First\n" } else { b"Second\n" });
        }
    }
    Ok(out)
}
