//! The exhaustive check (`grundy exhaust`): every position of an enumeration
//! ([`crate::any::positions`] over [`crate::exhaust`]'s enumerators), checked subject
//! against oracle on watched worker threads ([`crate::pool::watched`]), each worker taking
//! the positions of its shard and all of them stopping past the lowest failure found. The
//! command reports, shrinks and saves what this returns.

use crate::any;
use crate::compare::{check_with, CheckError, Subject, RELABEL_SEED};
use crate::exhaust::Bounds;
use crate::pool::{self, Event, OnHang, Slot};
use grundy_games::{Game, Position};
use grundy_oracle::Budget;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one worker's part of the enumeration found: positions checked, skipped (over
/// budget), its first failing position (with its index and error).
type Scan = (u64, u64, Option<(Position, u64, CheckError)>);

/// What the workers share: the lowest failing index found so far (`u64::MAX` for none;
/// positions past it need not be checked) and the count of positions checked.
#[derive(Default)]
struct Shared {
    lowest_failure: AtomicU64,
    checked: AtomicU64,
}

/// An exhaustive run.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    /// The game.
    pub game: Game,
    /// What is enumerated.
    pub bounds: Bounds,
    /// The oracle's budget per position.
    pub budget: Budget,
    /// Only this position of the enumeration.
    pub only: Option<u64>,
    /// A position whose check runs longer is a hang.
    pub case_time: Duration,
    /// What is checked against the oracle.
    pub subject: Subject,
    /// Worker threads.
    pub jobs: usize,
}

/// Checks the positions of shard `k` of `jobs` (index ≡ k mod jobs; only position `only`
/// when given) on the calling thread, stopping past the lowest failure any worker found.
fn scan(
    job: &Job,
    (k, jobs): (u64, u64),
    current: &Slot<(u64, Position)>,
    shared: &Shared,
    interrupted: fn() -> bool,
) -> Scan {
    let Job {
        game,
        bounds,
        budget,
        subject,
        only,
        ..
    } = *job;
    let start = Instant::now();
    let (mut checked, mut skipped, mut index) = (0u64, 0u64, 0u64);
    let mut failure = None;
    let mut last_report = Instant::now();
    let _ = any::positions(game, &bounds, |pos| {
        let i = index;
        index += 1;
        if interrupted() || i > shared.lowest_failure.load(Ordering::Relaxed) {
            return ControlFlow::Break(());
        }
        if only.is_some_and(|o| i != o) || (only.is_none() && i % jobs != k) {
            return if only.is_some_and(|o| i > o) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            };
        }
        current.busy((i, pos.clone()));
        let result = check_with(&pos, budget, &subject.answer, RELABEL_SEED);
        current.idle();
        match result {
            Ok(_) => checked += 1,
            Err(CheckError::Oracle(_)) => skipped += 1,
            Err(e) => {
                shared.lowest_failure.fetch_min(i, Ordering::Relaxed);
                failure = Some((pos, i, e));
                return ControlFlow::Break(());
            }
        }
        let all = shared.checked.fetch_add(1, Ordering::Relaxed) + 1;
        if k == 0 && last_report.elapsed().as_secs() >= 2 {
            eprintln!(
                "… {all} positions checked ({:.0} s)",
                start.elapsed().as_secs_f64()
            );
            last_report = Instant::now();
        }
        ControlFlow::Continue(())
    });
    (checked, skipped, failure)
}

/// What the exhaustive check found.
pub struct Scanned {
    /// Positions checked.
    pub checked: u64,
    /// Positions over the oracle's budget.
    pub skipped: u64,
    /// The failing position of lowest index, with its index and what failed.
    pub failure: Option<(Position, u64, CheckError)>,
    /// A position whose check ran past the case time: its index and the position.
    pub hung: Option<(u64, Position)>,
    /// Every worker returned its part (else one ended without it).
    pub complete: bool,
}

/// Runs the exhaustive check `job` on its worker threads (one for `--case`); each stops
/// when `interrupted` says so (grundy was signalled).
pub fn run(job: &Job, interrupted: fn() -> bool) -> Scanned {
    let jobs = if job.only.is_some() {
        1
    } else {
        job.jobs.max(1) as u64
    };
    let shared = Arc::new(Shared {
        lowest_failure: AtomicU64::new(u64::MAX),
        checked: AtomicU64::new(0),
    });
    let (mut checked, mut skipped, mut failure) = (0, 0, None);
    let (mut scans, mut hung) = (0, None);
    let workers = shared.clone();
    let job = *job;
    pool::watched(
        jobs as usize,
        job.case_time,
        move |k, slot, out| out.send(scan(&job, (k as u64, jobs), slot, &workers, interrupted)),
        |event| match event {
            Event::Message((c, s, f)) => {
                scans += 1;
                checked += c;
                skipped += s;
                failure = lowest(failure.take(), f);
                OnHang::Wait
            }
            Event::Hung(h) => {
                hung = Some(h);
                OnHang::Leave
            }
        },
    );
    Scanned {
        checked,
        skipped,
        failure,
        complete: hung.is_some() || scans >= jobs,
        hung,
    }
}

/// The failure of lower index.
fn lowest<T>(
    a: Option<(Position, u64, T)>,
    b: Option<(Position, u64, T)>,
) -> Option<(Position, u64, T)> {
    match (a, b) {
        (Some(a), Some(b)) => Some(if b.1 < a.1 { b } else { a }),
        (a, b) => a.or(b),
    }
}
