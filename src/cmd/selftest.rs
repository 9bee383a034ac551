//! `grundy selftest`: the harness checks itself. Every mutant of the zoo (a solver with one
//! classic mistake, a crash or an endless loop) goes through the campaign machinery; each
//! must be caught and shrunk.

use crate::args::*;
use crate::probe;
use grundy_fuzzing::campaign::{self, Failure, Limit, Plan, Progress};
use grundy_fuzzing::gen::Sizes;
use grundy_fuzzing::mutants::{zoo, Mutant};
use grundy_games::{Position, Problem};
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_oracle::Budget;
use grundy_sandbox::contain;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Size of a shrunk case as the issue counts it: vertices, or edges for graphs.
fn size(p: &Position) -> (usize, &'static str) {
    match p {
        Position::Hackenbush(h) => (h.graphs.iter().map(|g| g.edges.len()).sum(), "edges"),
        other => (other.vertices(), "vertices"),
    }
}

/// The per-case time limit of the selftest campaigns (a check of a small case takes
/// microseconds; the looping mutant is flagged after this).
const CASE_TIME: Duration = Duration::from_millis(500);

/// Runs every mutant; a surviving mutant is a failure.
pub fn run(seed: u64, seconds: Duration, verbose: bool) -> Result<Outcome, Error> {
    contain::install();
    let mut survivors = 0;
    outln!(
        "{:<26} {:<14} {:>7} {:>8} {:>10}  mistake",
        "mutant",
        "verdict",
        "cases",
        "seconds",
        "shrunk to"
    );
    for m in zoo() {
        if contain::interrupted() {
            break;
        }
        let plan = Plan {
            games: vec![m.game],
            limit: Limit::Time(seconds),
            seed,
            jobs: 1,
            shard: (1, 1),
            only: None,
            budget: Budget::default(),
            sizes: Sizes::SMALL,
            keep_going: false,
            case_time: CASE_TIME,
            interrupted: contain::interrupted,
        };
        let start = Instant::now();
        let hangs = probe::hang_predicate(m.subject(), &plan);
        let outcome = campaign::run(
            &plan,
            m.subject(),
            Arc::new(Progress::default()),
            &|_| {},
            hangs.as_ref().map(|h| h as &dyn Fn(&Position) -> bool),
        );
        if !print_row(&m, &outcome, start.elapsed().as_secs_f64(), verbose) {
            survivors += 1;
        }
    }
    let total = zoo().len();
    outln!(
        "{}",
        super::summary((total - survivors) as u64, survivors as u64)
    );
    Ok(Outcome::failed_if(survivors > 0))
}

/// Prints the table row of mutant `m` after its campaign (`secs` long); false when it
/// survived.
fn print_row(m: &Mutant, outcome: &campaign::Outcome, secs: f64, verbose: bool) -> bool {
    match outcome.findings.first() {
        Some(f) => {
            let (n, unit) = size(&f.case);
            let verdict = match f.failure {
                Failure::Mismatch(_) => "caught",
                Failure::Panic(_) => "caught (panic)",
                Failure::Hang(_) => "caught (hang)",
            };
            outln!(
                "{:<26} {:<14} {:>7} {:>8.3} {:>3} {:<6}  {}",
                m.name,
                verdict,
                f.cases_before,
                secs,
                n,
                unit,
                m.mistake
            );
            if verbose {
                let problem = Problem::Native(m.game);
                grundy_judging::out!(
                    "{}",
                    super::indent(&problem.write_input(std::slice::from_ref(&f.case)), 4)
                );
                outln!("    {}", f.failure.describe());
            }
        }
        None => {
            let cases: u64 = outcome.stats.values().map(|s| s.cases).sum();
            outln!(
                "{:<26} {:<14} {:>7} {:>8.3} {:>10}  {}",
                m.name,
                "SURVIVED",
                cases,
                secs,
                "-",
                m.mistake
            );
        }
    }
    !outcome.findings.is_empty()
}

/// The arguments of `grundy selftest`.
#[derive(clap::Args, Debug)]
pub struct SelftestArgs {
    /// Seed of the mutant campaigns.
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Time allowed per mutant, in seconds.
    #[arg(long, default_value = "2", value_parser = parse_positive_seconds)]
    seconds: Duration,
    /// Print each shrunk case.
    #[arg(long, short)]
    verbose: bool,
}

impl SelftestArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let SelftestArgs {
            seed,
            seconds,
            verbose,
        } = self;
        crate::cmd::selftest::run(seed, seconds, verbose)
    }
}
