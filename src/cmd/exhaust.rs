//! `grundy exhaust`: every small position of a game, checked solver against oracle. A
//! disagreement or a panic of the solver is shrunk, saved to the corpus and printed with a
//! command that re-runs exactly that position of the enumeration (`--case K`).

use super::summary;
use crate::args::*;
use grundy_fuzzing::campaign::{self, Failure, Finding};
use grundy_fuzzing::compare::SOLVER;
use grundy_fuzzing::compare::{check_with, CheckError, Subject, RELABEL_SEED};
use grundy_fuzzing::exhaust::Bounds;
use grundy_fuzzing::exhaustive::{self, Job, Scanned};
use grundy_fuzzing::shrink;
use grundy_games::{Game, Position};
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_oracle::Budget;
use grundy_sandbox::contain;
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs the exhaustive check `job` on its worker threads (one for `--case`), saving a
/// finding under `corpus`.
pub fn run(job: Job, corpus: &Path) -> Result<Outcome, Error> {
    let Job {
        game,
        bounds,
        budget,
        case_time,
        subject,
        ..
    } = job;
    contain::install();
    grundy_fuzzing::corpus::ensure_folder(corpus).map_err(|e| Error::io(corpus.display(), e))?;
    let start = Instant::now();
    let again = |k: u64| reproduce_line(&job, k);
    let Scanned {
        checked,
        skipped,
        failure,
        hung,
        complete,
    } = exhaustive::run(&job, contain::interrupted);
    if let Some((k, pos)) = hung {
        let how = Hang {
            budget,
            corpus,
            case_time,
            subject,
        };
        report_hang(game, pos, k, &how, &again(k));
        return Ok(Outcome::Failed);
    }
    if !complete {
        return Err(Error::internal(
            "the exhaustive check stopped unexpectedly (a worker ended without its result)",
        ));
    }
    // A position past the enumeration is no test at all, not a pass.
    if let (Some(k), 0, 0, None) = (job.only, checked, skipped, &failure) {
        if !contain::interrupted() {
            return Err(Error::usage(format!(
                "--case {k}: the enumeration of {} with {} has no position {k} (they are numbered from 0)",
                game.name(),
                grundy_fuzzing::any::bounds_flags(game, &bounds)
            )));
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if let Some((pos, k, error)) = failure {
        report_failure(&job, corpus, (pos, k, error), checked, secs)?;
        return Ok(Outcome::Failed);
    }
    outln!(
        "exhaust {}: {checked} positions checked, {skipped} over the oracle budget, in {secs:.2} s ({})",
        game.name(),
        grundy_fuzzing::any::bounds_flags(game, &bounds)
    );
    outln!("{}", summary(checked, 0));
    if contain::interrupted() {
        outln!("interrupted");
    }
    Ok(Outcome::Passed)
}

/// The command that re-checks position `k` of the enumeration of `job`.
fn reproduce_line(job: &Job, k: u64) -> String {
    let mut s = format!(
        "grundy exhaust {} {} --case {k}",
        job.game.name(),
        grundy_fuzzing::any::bounds_flags(job.game, &job.bounds)
    );
    if job.subject.name != SOLVER.name {
        s += &format!(" --subject {}", job.subject.name);
    }
    s
}

/// Shrinks the failing position `k` of the enumeration, saves it to `corpus` and prints
/// it with the command that re-checks it; `checked` positions passed before, in `secs`.
fn report_failure(
    job: &Job,
    corpus: &Path,
    (pos, k, error): (Position, u64, CheckError),
    checked: u64,
    secs: f64,
) -> Result<(), Error> {
    let (game, budget, subject) = (job.game, job.budget, job.subject);
    let check = |p: &Position| check_with(p, budget, &subject.answer, RELABEL_SEED);
    let fails = |p: &Position| check(p).is_err_and(|e| e.is_finding() && e.same_kind(&error));
    let original = pos.vertices();
    let shrunk = shrink::shrink(pos.clone(), fails);
    let (case, failure) = campaign::first_failing([&shrunk.case, &pos], check)
        .ok_or_else(|| Error::internal("the failing position passes when checked again"))?;
    let f = Finding {
        game,
        index: k,
        shape: "exhaustive",
        original_vertices: original,
        case,
        failure,
        shrink_steps: shrunk.steps,
        shrink_tries: shrunk.tries,
        shrink_complete: !contain::interrupted(),
        seconds: secs,
        cases_before: checked + 1,
    };
    let name = format!(
        "exhaust-{}-{k}",
        grundy_fuzzing::any::bounds_flags(game, &job.bounds).replace(['-', ' '], "")
    );
    let again = reproduce_line(job, k);
    let saved = campaign::save(corpus, &f, &name, &again, budget).ok();
    super::fuzz::print_finding(&f, saved.as_deref(), subject.name, &again);
    outln!("{}", summary(checked, 1));
    Ok(())
}

/// How a hang is shrunk and saved.
#[derive(Clone, Copy)]
struct Hang<'a> {
    budget: Budget,
    corpus: &'a Path,
    case_time: Duration,
    subject: Subject,
}

/// Reports a position on which the solver hangs: shrunk through contained probes, saved
/// and printed like any finding. (The hung thread is abandoned; the process exits soon.)
fn report_hang(game: Game, pos: Position, k: u64, how: &Hang<'_>, again: &str) {
    let Hang {
        budget,
        corpus,
        case_time,
        subject,
    } = *how;
    let original = pos.vertices();
    let (case, steps, tries, complete) =
        match crate::probe::hangs_within(subject, case_time, budget) {
            Some(hangs) => {
                let s = shrink::shrink(pos, |p| !contain::interrupted() && hangs(p));
                (s.case, s.steps, s.tries, !contain::interrupted())
            }
            None => (pos, 0, 0, false),
        };
    let f = Finding {
        game,
        index: k,
        shape: "exhaustive",
        original_vertices: original,
        case,
        failure: Failure::Hang(case_time),
        shrink_steps: steps,
        shrink_tries: tries,
        shrink_complete: complete,
        seconds: 0.0,
        cases_before: k + 1,
    };
    let saved = campaign::save(corpus, &f, &format!("exhaust-hang-{k}"), again, budget).ok();
    super::fuzz::print_finding(&f, saved.as_deref(), subject.name, again);
    outln!("{}", summary(k, 1));
}

/// The arguments of `grundy exhaust`.
#[derive(clap::Args, Debug)]
pub struct ExhaustArgs {
    /// Worker threads (default: all cores); positions are dealt round-robin.
    #[arg(long)]
    jobs: Option<usize>,
    /// The game.
    #[arg(value_parser = parse_game)]
    game: Game,
    /// Largest tree (or, for hackenbush, graph) in vertices.
    #[arg(long)]
    max_nodes: usize,
    /// chip: up to this many chips.
    #[arg(long, default_value_t = 2)]
    chips: usize,
    /// hackenbush: up to this many edges.
    #[arg(long, default_value_t = 6)]
    edges: usize,
    /// staircase: stones per vertex up to this.
    #[arg(long, default_value_t = 3)]
    stones: u64,
    /// staircase: caps L from 1 to this.
    #[arg(long, default_value_t = 3)]
    cap: u64,
    /// Where a finding is saved.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Oracle budget per search.
    #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
    max_states: usize,
    /// Check only position K of the enumeration (as printed by a finding).
    #[arg(long)]
    case: Option<u64>,
    /// A position whose check runs longer than this many seconds is a finding (a hang).
    #[arg(long, default_value = "10", value_parser = parse_positive_seconds)]
    case_time: Duration,
    /// `solver`, or a mutant of `grundy selftest`.
    #[arg(long, default_value = "solver", value_parser = parse_subject)]
    subject: Subject,
}

impl ExhaustArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let job = Job {
            game: self.game,
            bounds: Bounds {
                max_nodes: self.max_nodes,
                chips: self.chips,
                edges: self.edges,
                stones: self.stones,
                cap: self.cap.max(1),
            },
            budget: Budget::states(self.max_states),
            only: self.case,
            case_time: self.case_time,
            subject: self.subject,
            jobs: self.jobs.unwrap_or_else(cores),
        };
        crate::cmd::exhaust::run(job, &self.corpus)
    }
}
