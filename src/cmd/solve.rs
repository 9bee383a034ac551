//! `grundy solve` and `grundy validate`.

use super::{EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use crate::engine::{self, Engine};
use crate::input;
use grundy_games::Problem;
use grundy_oracle::Budget;
use std::io::Write;
use std::path::PathBuf;

/// Answers an input with the chosen engine (or its misère outcome).
pub fn solve(
    problem: Problem,
    file: Option<PathBuf>,
    engine: Engine,
    strict: bool,
    budget: Budget,
    misere: bool,
) -> i32 {
    let cases = match input::load(problem, file.as_deref(), strict) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return EXIT_USAGE;
        }
    };
    let result = if misere {
        engine::misere(&cases, budget)
    } else {
        engine::answer(engine, problem, &cases, budget)
    };
    match result {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            if stdout.write_all(&out).and_then(|_| stdout.flush()).is_err() {
                return EXIT_FAIL;
            }
            EXIT_OK
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
    }
}

/// Checks an input against the statement's constraints.
pub fn validate(problem: Problem, file: Option<PathBuf>) -> i32 {
    match input::load(problem, file.as_deref(), true) {
        Ok(cases) => {
            println!(
                "OK: a valid {} input ({} test case{})",
                problem.name(),
                cases.len(),
                if cases.len() == 1 { "" } else { "s" }
            );
            EXIT_OK
        }
        Err(e) => {
            eprintln!("error: {e}");
            EXIT_USAGE
        }
    }
}
