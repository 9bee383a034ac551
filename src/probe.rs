//! `grundy probe` (hidden): checks one position, read from standard input, with a subject
//! named on the command line, in a process of its own. Campaigns use it to shrink a hang:
//! a subject that loops forever cannot be stopped inside the campaign's process, but a
//! probe can be run contained, under a time limit, and killed.
//!
//! Exit codes of the probe: 0 the check passed (or the oracle was over budget), 1 a
//! disagreement, 4 a panic of the subject; a probe that runs past its limit is a hang.

use crate::args::*;
use grundy_fuzzing::campaign::Plan;
use grundy_fuzzing::compare::{check_with, CheckError, Subject, RELABEL_SEED};
use grundy_fuzzing::mutants;
use grundy_games::{Game, Position, Problem};
use grundy_judging::error::{Error, Outcome};
use grundy_oracle::Budget;
use grundy_sandbox::runner::{self, Exit, RunLimits};

/// The probe's exit code for a panic.
const EXIT_PANIC: i32 = 4;

/// Runs `work` on a thread of its own and waits for it at most `limit`: `None` when it
/// is still running then (the thread is abandoned: a hang cannot be stopped in-process).
pub fn watched<T: Send + 'static>(
    limit: std::time::Duration,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(work());
    });
    rx.recv_timeout(limit).ok()
}

/// Runs the probe command: the check of one native input of `game` by `subject`.
pub fn run(game: Game, subject: &str, budget: Budget) -> Result<Outcome, Error> {
    let subject = mutants::subject(subject)
        .ok_or_else(|| Error::usage(format!("unknown subject '{subject}'")))?;
    let cases = grundy_judging::input::load(Problem::Native(game), None, false)?;
    for pos in &cases {
        match check_with(pos, budget, &subject.answer, RELABEL_SEED) {
            Ok(_) | Err(CheckError::Oracle(_)) => {}
            Err(CheckError::Mismatch(_)) => return Ok(Outcome::Failed),
            Err(CheckError::Panic(m)) => {
                eprintln!("panic: {m}");
                std::process::exit(EXIT_PANIC);
            }
        }
    }
    Ok(Outcome::Passed)
}

/// "Does this position still hang `subject`?", answered by running a probe (this same
/// executable) contained under the plan's per-case time limit. `None` when this process
/// is not the grundy executable (a test binary), so no probe can be started.
pub fn hang_predicate(subject: Subject, plan: &Plan) -> Option<impl Fn(&Position) -> bool> {
    hangs_within(subject, plan.case_time, plan.budget)
}

/// [`hang_predicate`] for a time limit and an oracle budget.
pub fn hangs_within(
    subject: Subject,
    case_time: std::time::Duration,
    budget: Budget,
) -> Option<impl Fn(&Position) -> bool> {
    let exe = std::env::current_exe().ok()?;
    if exe.file_stem()? != "grundy" {
        return None;
    }
    let limits = RunLimits {
        time: case_time,
        wall: case_time,
        wall_factor: 1.0,
        memory: None,
        stack: Some(64 << 20),
        output: 1 << 20,
        files: None,
    };
    let budget = budget.max_states;
    Some(move |pos: &Position| {
        let game = pos.game();
        let input = Problem::Native(game).write_input(std::slice::from_ref(pos));
        let argv = vec![
            exe.display().to_string(),
            "probe".to_string(),
            game.name().to_string(),
            "--subject".to_string(),
            subject.name.to_string(),
            "--max-states".to_string(),
            budget.to_string(),
        ];
        runner::run(&argv, input.as_bytes(), &limits).exit == Exit::Timeout
    })
}

/// The arguments of `grundy probe`.
#[derive(clap::Args, Debug)]
pub struct ProbeArgs {
    /// The game.
    #[arg(value_parser = parse_game)]
    game: Game,
    /// `solver` or a mutant's name.
    #[arg(long, default_value = "solver")]
    subject: String,
    /// Oracle budget.
    #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
    max_states: usize,
}

impl ProbeArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let ProbeArgs {
            game,
            subject,
            max_states,
        } = self;
        crate::probe::run(game, &subject, Budget::states(max_states))
    }
}
