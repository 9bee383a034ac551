//! `grundy exhaust`: every small position of a game, checked solver against oracle. A
//! disagreement or a panic of the solver is shrunk, saved to the corpus and printed with a
//! command that re-runs exactly that position of the enumeration (`--case K`).

use super::summary;
use crate::campaign::{self, Failure, Finding};
use crate::error::{Error, Outcome};
use crate::{contain, outln};
use grundy_fuzzing::check::{check, CheckError};
use grundy_fuzzing::exhaust::{self, Bounds};
use grundy_fuzzing::shrink;
use grundy_games::{Game, Position};
use grundy_oracle::Budget;
use std::ops::ControlFlow;
use std::path::Path;
use std::time::Instant;

/// The flags that re-create this enumeration.
fn bounds_flags(game: Game, b: &Bounds) -> String {
    let mut s = format!("--max-nodes {}", b.max_nodes);
    match game {
        Game::Chip => s += &format!(" --chips {}", b.chips),
        Game::Hackenbush => s += &format!(" --edges {}", b.edges),
        Game::Staircase => s += &format!(" --stones {} --cap {}", b.stones, b.cap),
        Game::Paint | Game::Cut => {}
    }
    s
}

/// Runs the exhaustive check of `game` within `bounds` (only position `only` of the
/// enumeration when given).
pub fn run(
    game: Game,
    bounds: Bounds,
    budget: Budget,
    corpus: &Path,
    only: Option<u64>,
) -> Result<Outcome, Error> {
    contain::install();
    crate::corpus::ensure_folder(corpus).map_err(|e| Error::io(corpus.display(), &e))?;
    let start = Instant::now();
    let (mut checked, mut skipped, mut index) = (0u64, 0u64, 0u64);
    let mut failure: Option<(Position, u64, CheckError)> = None;
    let mut last_report = Instant::now();
    let _ = exhaust::positions(game, &bounds, |pos| {
        if contain::interrupted() {
            return ControlFlow::Break(());
        }
        let k = index;
        index += 1;
        if only.is_some_and(|o| o != k) {
            return if only.is_some_and(|o| k > o) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        }
        match check(&pos, budget) {
            Ok(_) => checked += 1,
            Err(CheckError::Oracle(_)) => skipped += 1,
            Err(e) => {
                failure = Some((pos, k, e));
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
    if let Some((pos, k, error)) = failure {
        let fails =
            |p: &Position| check(p, budget).is_err_and(|e| e.is_finding() && e.same_kind(&error));
        let original = pos.vertices();
        let shrunk = shrink::shrink(pos.clone(), fails);
        let (case, failure) = [&shrunk.case, &pos]
            .into_iter()
            .find_map(|p| match check(p, budget) {
                Err(CheckError::Mismatch(m)) => Some((p.clone(), Failure::Mismatch(*m))),
                Err(CheckError::Panic(m)) => Some((p.clone(), Failure::Panic(m))),
                _ => None,
            })
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
        let saved = campaign::save(corpus, &f, 0, budget).ok();
        let again = format!(
            "grundy exhaust {} {} --case {k}",
            game.name(),
            bounds_flags(game, &bounds)
        );
        super::fuzz::print_finding(&f, saved.as_deref(), "solver", &again);
        outln!("{}", summary(checked, 1));
        return Ok(Outcome::Failed);
    }
    outln!(
        "exhaust {}: {checked} positions checked, {skipped} over the oracle budget, in {secs:.2} s ({})",
        game.name(),
        bounds_flags(game, &bounds)
    );
    outln!("{}", summary(checked, 0));
    if contain::interrupted() {
        outln!("interrupted");
    }
    Ok(Outcome::Passed)
}
