//! `grundy exhaust`: every small position of a game, checked solver against oracle. A
//! disagreement or a panic of the solver is shrunk, saved to the corpus and printed with a
//! command that re-runs exactly that position of the enumeration (`--case K`).

use super::summary;
use crate::campaign::{self, Failure, Finding};
use crate::error::{Error, Outcome};
use crate::{contain, outln};
use grundy_fuzzing::check::SOLVER;
use grundy_fuzzing::check::{check_with, CheckError, Subject, RELABEL_SEED};
use grundy_fuzzing::exhaust::{self, Bounds};
use grundy_fuzzing::shrink;
use grundy_games::{Game, Position};
use grundy_oracle::Budget;
use std::ops::ControlFlow;
use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

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

/// What the enumeration found: positions checked, skipped (over budget), the first
/// failing position (with its index and error).
type Scan = (u64, u64, Option<(Position, u64, CheckError)>);

/// The position being checked now and since when (for the watchdog).
type Current = Arc<Mutex<Option<(u64, Position, Instant)>>>;

/// Checks every position (only position `only` when given) on the calling thread.
fn scan(
    game: Game,
    bounds: &Bounds,
    budget: Budget,
    subject: Subject,
    only: Option<u64>,
    current: &Current,
) -> Scan {
    let start = Instant::now();
    let (mut checked, mut skipped, mut index) = (0u64, 0u64, 0u64);
    let mut failure = None;
    let mut last_report = Instant::now();
    let _ = exhaust::positions(game, bounds, |pos| {
        if contain::interrupted() {
            return ControlFlow::Break(());
        }
        let k = index;
        index += 1;
        if let Some(o) = only {
            if k != o {
                return if k > o {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                };
            }
        }
        *current.lock().unwrap_or_else(|e| e.into_inner()) = Some((k, pos.clone(), Instant::now()));
        let result = check_with(&pos, budget, &subject.answer, RELABEL_SEED);
        *current.lock().unwrap_or_else(|e| e.into_inner()) = None;
        match result {
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
    (checked, skipped, failure)
}

/// Runs the exhaustive check of `game` within `bounds` (only position `only` of the
/// enumeration when given). A position whose check runs past `case_time` is a hang.
pub fn run(
    game: Game,
    bounds: Bounds,
    budget: Budget,
    corpus: &Path,
    only: Option<u64>,
    case_time: Duration,
    subject: Subject,
) -> Result<Outcome, Error> {
    contain::install();
    crate::corpus::ensure_folder(corpus).map_err(|e| Error::io(corpus.display(), &e))?;
    let start = Instant::now();
    let current: Current = Arc::new(Mutex::new(None));
    let (tx, rx) = mpsc::channel();
    {
        let current = current.clone();
        std::thread::spawn(move || {
            let _ = tx.send(scan(game, &bounds, budget, subject, only, &current));
        });
    }
    let again = |k: u64| {
        let mut s = format!(
            "grundy exhaust {} {} --case {k}",
            game.name(),
            bounds_flags(game, &bounds)
        );
        if subject.name != SOLVER.name {
            s += &format!(" --subject {}", subject.name);
        }
        s
    };
    let (checked, skipped, failure) = loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(found) => break found,
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Error::internal("the exhaustive check stopped unexpectedly"))
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        let now = current.lock().unwrap_or_else(|e| e.into_inner()).clone();
        if let Some((k, pos, since)) = now {
            if since.elapsed() >= case_time {
                let how = Hang {
                    budget,
                    corpus,
                    case_time,
                    subject,
                };
                report_hang(game, pos, k, &how, &again(k));
                return Ok(Outcome::Failed);
            }
        }
    };
    let secs = start.elapsed().as_secs_f64();
    if let Some((pos, k, error)) = failure {
        let check = |p: &Position| check_with(p, budget, &subject.answer, RELABEL_SEED);
        let fails = |p: &Position| check(p).is_err_and(|e| e.is_finding() && e.same_kind(&error));
        let original = pos.vertices();
        let shrunk = shrink::shrink(pos.clone(), fails);
        let (case, failure) = [&shrunk.case, &pos]
            .into_iter()
            .find_map(|p| match check(p) {
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
        let name = format!(
            "exhaust-{}-{k}",
            bounds_flags(game, &bounds).replace(['-', ' '], "")
        );
        let saved = campaign::save(corpus, &f, &name, &again(k), budget).ok();
        super::fuzz::print_finding(&f, saved.as_deref(), subject.name, &again(k));
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
