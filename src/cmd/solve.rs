//! `grundy solve` and `grundy validate`.

use crate::engine::{self, Engine};
use crate::error::{Error, Outcome};
use crate::input;
use grundy_games::Problem;
use grundy_oracle::Budget;
use std::path::PathBuf;

/// Answers an input with the chosen engine (or its misère outcome).
pub fn solve(
    problem: Problem,
    file: Option<PathBuf>,
    engine: Engine,
    strict: bool,
    budget: Budget,
    misere: bool,
) -> Result<Outcome, Error> {
    let cases = input::load(problem, file.as_deref(), strict)?;
    let out = if misere {
        engine::misere(&cases, budget)
    } else {
        engine::answer(engine, problem, &cases, budget)
    }
    .map_err(|e| Error::input(e.to_string()))?;
    crate::output::write_bytes(&out);
    Ok(Outcome::Passed)
}

/// Checks an input against the statement's constraints.
pub fn validate(problem: Problem, file: Option<PathBuf>) -> Result<Outcome, Error> {
    let cases = input::load(problem, file.as_deref(), true)?;
    crate::outln!(
        "OK: a valid {} input ({} test case{})",
        problem.name(),
        cases.len(),
        if cases.len() == 1 { "" } else { "s" }
    );
    Ok(Outcome::Passed)
}
