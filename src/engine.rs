//! The two answer engines behind one switch (`--engine solver|oracle`).

use grundy_games::{Answer, Position, Problem};

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Engine {
    /// The fast solver (any size).
    Solver,
    /// Exhaustive search from the rules alone (small inputs only).
    Oracle,
}

/// Answers every test case of an input and prints the problem's output.
pub fn answer(engine: Engine, problem: Problem, cases: &[Position]) -> Result<Vec<u8>, String> {
    let answers: Vec<Answer> = match engine {
        Engine::Solver => cases
            .iter()
            .map(|c| grundy_solver::answer_for(problem, c))
            .collect(),
        Engine::Oracle => return Err("the oracle engine is not available yet".into()),
    };
    Ok(problem.write_output(&answers))
}
