//! Argument parsing and dispatch. Every command returns an exit code: 0 all checks
//! passed, 1 a disagreement or failing verdict was found, 2 bad usage or bad input.

use crate::engine::{self, Engine};
use crate::input;
use clap::{Parser, Subcommand};
use grundy_games::Problem;
use grundy_oracle::Budget;
use std::io::Write;
use std::path::PathBuf;

/// Exit code: every check passed.
pub const EXIT_OK: i32 = 0;
/// Exit code: a disagreement or a failing verdict was found.
pub const EXIT_FAIL: i32 = 1;
/// Exit code: bad usage or bad input.
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Differential fuzzing and verification harness for impartial games on trees, cacti and stone layouts",
    after_help = "Problems: agc017d cot3 poj3710 p2972 (contest formats) and chip cut hackenbush paint staircase (native formats).\nExit codes: 0 all checks passed, 1 a disagreement or failing verdict, 2 bad usage or bad input."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a contest or native input (stdin when no FILE).
    Solve {
        /// agc017d, cot3, poj3710, p2972, chip, cut, hackenbush, paint or staircase.
        #[arg(value_parser = parse_problem)]
        problem: Problem,
        /// The input file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Which engine answers: the fast solver, or exhaustive search (small inputs).
        #[arg(long, value_enum, default_value_t = Engine::Solver)]
        engine: Engine,
        /// Also enforce every constraint of the contest statement (as `validate` does).
        #[arg(long)]
        strict: bool,
        /// Oracle budget: most states one search may memoize before giving up.
        #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Print the misère outcome (First/Second to win) instead, by the oracle.
        #[arg(long)]
        misere: bool,
    },
    /// Check that an input meets the problem's statement exactly (the validator).
    Validate {
        /// The problem whose constraints apply.
        #[arg(value_parser = parse_problem)]
        problem: Problem,
        /// The input file; standard input when absent or `-`.
        file: Option<PathBuf>,
    },
}

/// Parses a problem id for clap.
pub fn parse_problem(s: &str) -> Result<Problem, String> {
    Problem::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown problem '{s}' (expected one of: {})",
            names.join(", ")
        )
    })
}

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Solve {
            problem,
            file,
            engine,
            strict,
            max_states,
            misere,
        } => solve(problem, file, engine, strict, Budget { max_states }, misere),
        Command::Validate { problem, file } => validate(problem, file),
    }
}

fn solve(
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

fn validate(problem: Problem, file: Option<PathBuf>) -> i32 {
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
