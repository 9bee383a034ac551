//! `grundy selftest`: the harness checks itself. Every mutant of the zoo (a solver with one
//! classic mistake) goes through the campaign machinery; each must be caught and shrunk.

use super::{EXIT_FAIL, EXIT_OK};
use crate::campaign::{self, Limit, Plan, Progress};
use grundy_fuzzing::gen::Sizes;
use grundy_fuzzing::mutants::zoo;
use grundy_games::{Position, Problem};
use grundy_oracle::Budget;
use std::time::{Duration, Instant};

/// Size of a shrunk case as the issue counts it: vertices, or edges for graphs.
fn size(p: &Position) -> (usize, &'static str) {
    match p {
        Position::Hackenbush(h) => (h.graphs.iter().map(|g| g.edges.len()).sum(), "edges"),
        other => (other.vertices(), "vertices"),
    }
}

/// Runs every mutant; exit 1 if one survives.
pub fn run(seed: u64, seconds: f64, verbose: bool) -> i32 {
    campaign::install_interrupt_handler();
    let mut survivors = 0;
    println!(
        "{:<26} {:<10} {:>7} {:>8} {:>10}  mistake",
        "mutant", "verdict", "cases", "seconds", "shrunk to"
    );
    for m in zoo() {
        let plan = Plan {
            games: vec![m.game],
            limit: Limit::Time(Duration::from_secs_f64(seconds)),
            seed,
            jobs: 1,
            shard: (1, 1),
            only: None,
            budget: Budget::default(),
            sizes: Sizes::SMALL,
            keep_going: false,
        };
        let start = Instant::now();
        let outcome = campaign::run(&plan, &m.answer, &Progress::default(), &|_| {});
        let secs = start.elapsed().as_secs_f64();
        match outcome.findings.first() {
            Some(f) => {
                let (n, unit) = size(&f.case);
                println!(
                    "{:<26} {:<10} {:>7} {:>8.3} {:>3} {:<6}  {}",
                    m.name, "caught", f.cases_before, secs, n, unit, m.mistake
                );
                if verbose {
                    let problem = Problem::Native(m.game);
                    print!(
                        "{}",
                        super::indent(&problem.write_input(std::slice::from_ref(&f.case)), 4)
                    );
                    println!("    {}", f.mismatch.query);
                }
            }
            None => {
                survivors += 1;
                let cases: u64 = outcome.stats.values().map(|s| s.cases).sum();
                println!(
                    "{:<26} {:<10} {:>7} {:>8.3} {:>10}  {}",
                    m.name, "SURVIVED", cases, secs, "-", m.mistake
                );
            }
        }
    }
    let total = zoo().len();
    println!(
        "{}",
        super::summary((total - survivors) as u64, survivors as u64)
    );
    if survivors > 0 {
        EXIT_FAIL
    } else {
        EXIT_OK
    }
}
