//! `grundy exhaust`: every small position of a game, checked solver against oracle.

use super::{summary, EXIT_FAIL, EXIT_OK};
use crate::campaign::{self, Finding};
use grundy_fuzzing::check::{check, check_with, solver, CheckError};
use grundy_fuzzing::exhaust::{self, Bounds};
use grundy_fuzzing::shrink;
use grundy_games::{Game, Position};
use grundy_oracle::Budget;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Runs the exhaustive check of `game` within `bounds`.
pub fn run(game: Game, bounds: Bounds, budget: Budget, corpus: &Path) -> i32 {
    campaign::install_interrupt_handler();
    let start = Instant::now();
    let (mut checked, mut skipped) = (0u64, 0u64);
    let mut failure: Option<(Position, u64)> = None;
    let mut last_report = Instant::now();
    let _ = exhaust::positions(game, &bounds, |pos| {
        if campaign::STOP.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        match check(&pos, budget) {
            Ok(_) => checked += 1,
            Err(CheckError::Oracle(_)) => skipped += 1,
            Err(CheckError::Mismatch(_)) => {
                failure = Some((pos, checked));
                return ControlFlow::Break(());
            }
        }
        if last_report.elapsed().as_secs() >= 2 {
            eprintln!(
                "… {checked} positions checked ({:.0} s)",
                start.elapsed().as_secs_f64()
            );
            last_report = Instant::now();
        }
        ControlFlow::Continue(())
    });
    let secs = start.elapsed().as_secs_f64();
    if let Some((pos, index)) = failure {
        let fails = |p: &Position| matches!(check(p, budget), Err(CheckError::Mismatch(_)));
        let original = pos.vertices();
        let shrunk = shrink::shrink(pos, fails);
        let Err(CheckError::Mismatch(m)) = check_with(&shrunk.case, budget, &solver, 0x5EED) else {
            unreachable!("the shrunk case fails")
        };
        let f = Finding {
            game,
            index,
            shape: "exhaustive",
            original_vertices: original,
            case: shrunk.case,
            mismatch: *m,
            shrink_steps: shrunk.steps,
            shrink_tries: shrunk.tries,
            seconds: secs,
            cases_before: checked + 1,
        };
        let saved = campaign::save(corpus, &f, 0, budget).ok();
        super::fuzz::print_finding(&f, 0, saved.as_deref(), "solver");
        println!("{}", summary(checked, 1));
        return EXIT_FAIL;
    }
    println!(
        "exhaust {}: {checked} positions checked, {skipped} over the oracle budget, in {secs:.2} s (max nodes {}{})",
        game.name(),
        bounds.max_nodes,
        match game {
            Game::Chip => format!(", up to {} chips", bounds.chips),
            Game::Hackenbush => format!(", up to {} edges", bounds.edges),
            Game::Staircase => format!(", stones ≤ {}, L ≤ {}", bounds.stones, bounds.cap),
            Game::Paint => ", every colouring".into(),
            Game::Cut => String::new(),
        }
    );
    println!("{}", summary(checked, 0));
    if campaign::STOP.load(Ordering::Relaxed) {
        println!("interrupted");
    }
    EXIT_OK
}
