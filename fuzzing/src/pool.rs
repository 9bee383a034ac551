//! The one worker pool of grundy's parallel runs (`grundy fuzz`, `exhaust`, `check`):
//! `jobs` threads take work from one shared [`Draw`] (a counter of item numbers and a stop
//! flag) until it runs out or the run is stopped.
//!
//! Two ways to run the workers:
//! - [`watched`]: for work that may hang inside grundy's own process (a solver under test
//!   that loops). The workers are detached threads; each says what it is busy with in its
//!   [`Slot`], and a watchdog on the calling thread abandons a worker whose item has run
//!   past the time limit (its thread is left behind: a thread cannot be killed) and asks
//!   the caller what next ([`OnHang`]).
//! - [`scoped`]: for work that cannot hang the harness (`check` runs each judged program
//!   contained, under its own limits), borrowing from the caller.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// How often the watchdog looks at the workers' slots.
const TICK: Duration = Duration::from_millis(50);

/// What the workers of one run share: the next item number and whether to stop.
pub struct Draw {
    next: AtomicU64,
    stop: AtomicBool,
    interrupted: fn() -> bool,
}

impl Draw {
    /// A draw from item 0; `interrupted` says whether grundy was asked to stop (its signal
    /// handler's flag), checked before every item.
    pub fn new(interrupted: fn() -> bool) -> Draw {
        Draw {
            next: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            interrupted,
        }
    }

    /// The next item number, or `None` once the run is stopped or interrupted.
    pub fn next(&self) -> Option<u64> {
        if self.stopped() {
            return None;
        }
        Some(self.next.fetch_add(1, Ordering::Relaxed))
    }

    /// The next item number even after a stop (for work that goes on past it, such as
    /// looking for a smaller finding in the same stream).
    pub fn take(&self) -> u64 {
        self.next.fetch_add(1, Ordering::Relaxed)
    }

    /// Stops the run: every worker ends after its current item.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// True once [`Draw::stop`] was called or grundy was interrupted.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || (self.interrupted)()
    }
}

/// What a watched worker is busy with now, and since when.
pub struct Slot<T>(Mutex<Option<(T, Instant)>>);

impl<T: Clone> Slot<T> {
    fn new() -> Slot<T> {
        Slot(Mutex::new(None))
    }

    /// The worker starts on `item` now.
    pub fn busy(&self, item: T) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some((item, Instant::now()));
    }

    /// The worker finished its item.
    pub fn idle(&self) {
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The item, when it has been worked on for `limit` or longer.
    fn overdue(&self, limit: Duration) -> Option<T> {
        let now = self.0.lock().unwrap_or_else(|e| e.into_inner());
        now.as_ref()
            .filter(|(_, since)| since.elapsed() >= limit)
            .map(|(item, _)| item.clone())
    }
}

/// What reaches the calling thread of [`watched`].
pub enum Event<M, T> {
    /// A worker's message.
    Message(M),
    /// A worker has been busy with this item past the limit: it is abandoned.
    Hung(T),
}

/// What the pool does after a hung worker was abandoned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnHang {
    /// Waits for the other workers.
    Wait,
    /// Starts a new worker in its place, then waits.
    Replace,
    /// Returns at once, leaving every worker behind (the process is about to end).
    Leave,
}

/// A worker's message, or the end of worker `id` (sent by a guard, so a worker that
/// panics ends too).
enum Note<M> {
    User(M),
    Finished(usize),
}

struct Finished<M>(usize, mpsc::Sender<Note<M>>);

impl<M> Drop for Finished<M> {
    fn drop(&mut self) {
        let _ = self.1.send(Note::Finished(self.0));
    }
}

/// A worker's way to report: its messages reach the calling thread of [`watched`].
pub struct Outbox<M>(mpsc::Sender<Note<M>>);

impl<M> Outbox<M> {
    /// Sends `m` to the calling thread (dropped when it has returned already).
    pub fn send(&self, m: M) {
        let _ = self.0.send(Note::User(m));
    }
}

/// A running worker: its id (every worker started gets a new one) and its slot.
struct Running<T> {
    id: usize,
    slot: Arc<Slot<T>>,
}

/// Runs `jobs` detached workers `work(k, slot, outbox)` (k = 0..jobs; a replacement gets
/// the number of the worker it replaces), handing every message and every hang to `on`
/// on the calling thread. A worker is hung when its slot has been busy for `limit`; `on`
/// then says what next. Returns when every worker not abandoned has finished, or on
/// [`OnHang::Leave`]. Messages of an abandoned worker still reach `on`, should it ever
/// send any.
pub fn watched<T, M, W>(
    jobs: usize,
    limit: Duration,
    work: W,
    mut on: impl FnMut(Event<M, T>) -> OnHang,
) where
    T: Clone + Send + 'static,
    M: Send + 'static,
    W: Fn(usize, &Slot<T>, &Outbox<M>) + Send + Sync + 'static,
{
    let work = Arc::new(work);
    let (tx, rx) = mpsc::channel::<Note<M>>();
    let mut workers: Vec<Option<Running<T>>> = (0..jobs.max(1)).map(|_| None).collect();
    let mut ids = 0..;
    let mut start = |k: usize, workers: &mut Vec<Option<Running<T>>>| {
        let id = ids.next().unwrap_or(usize::MAX);
        let slot = Arc::new(Slot::new());
        workers[k] = Some(Running {
            id,
            slot: slot.clone(),
        });
        let (work, tx) = (work.clone(), tx.clone());
        std::thread::spawn(move || {
            let _finished = Finished(id, tx.clone());
            work(k, &slot, &Outbox(tx));
        });
    };
    for k in 0..workers.len() {
        start(k, &mut workers);
    }
    while workers.iter().any(Option::is_some) {
        match rx.recv_timeout(TICK) {
            Ok(Note::User(m)) => {
                if on(Event::Message(m)) == OnHang::Leave {
                    return;
                }
            }
            Ok(Note::Finished(id)) => {
                if let Some(w) = workers
                    .iter_mut()
                    .find(|w| w.as_ref().is_some_and(|r| r.id == id))
                {
                    *w = None;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
        let hung = workers.iter().enumerate().find_map(|(k, w)| {
            let item = w.as_ref()?.slot.overdue(limit)?;
            Some((k, item))
        });
        if let Some((k, item)) = hung {
            // Abandoned: its end, if it ever comes, is not waited for.
            workers[k] = None;
            match on(Event::Hung(item)) {
                OnHang::Wait => {}
                OnHang::Replace => start(k, &mut workers),
                OnHang::Leave => return,
            }
        }
    }
}

/// Runs `jobs` workers `work()` on scoped threads (they may borrow from the caller) and
/// returns when all have finished.
pub fn scoped(jobs: usize, work: impl Fn() + Sync) {
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(&work);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> bool {
        false
    }

    #[test]
    fn every_item_is_drawn_once_and_messages_reach_the_caller() {
        let draw = Arc::new(Draw::new(never));
        let d = draw.clone();
        let mut seen = Vec::new();
        watched(
            3,
            Duration::from_secs(60),
            move |_, slot: &Slot<u64>, out: &Outbox<u64>| {
                while let Some(i) = d.next().filter(|&i| i < 100) {
                    slot.busy(i);
                    out.send(i);
                    slot.idle();
                }
            },
            |e| {
                if let Event::Message(i) = e {
                    seen.push(i);
                }
                OnHang::Wait
            },
        );
        seen.sort_unstable();
        assert_eq!(seen, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn a_hung_worker_is_reported_replaced_and_not_waited_for() {
        let draw = Arc::new(Draw::new(never));
        let d = draw.clone();
        let mut hung = Vec::new();
        let mut done = 0;
        let t0 = Instant::now();
        watched(
            2,
            Duration::from_millis(100),
            move |_, slot: &Slot<u64>, out: &Outbox<()>| {
                while let Some(i) = d.next().filter(|&i| i < 6) {
                    slot.busy(i);
                    if i == 2 {
                        // A hang: far longer than the test waits.
                        std::thread::sleep(Duration::from_secs(600));
                    }
                    slot.idle();
                    out.send(());
                }
            },
            |e| match e {
                Event::Hung(i) => {
                    hung.push(i);
                    OnHang::Replace
                }
                Event::Message(()) => {
                    done += 1;
                    OnHang::Wait
                }
            },
        );
        assert_eq!(hung, vec![2]);
        assert_eq!(done, 5, "the other items were done, by the replacement too");
        assert!(t0.elapsed() < Duration::from_secs(60));
    }

    #[test]
    fn a_worker_that_panics_ends_the_run_instead_of_stalling_it() {
        watched(
            2,
            Duration::from_secs(60),
            |k, _: &Slot<()>, _: &Outbox<()>| {
                if k == 0 {
                    panic!("a worker's panic (expected by this test)");
                }
            },
            |_| OnHang::Wait,
        );
    }

    #[test]
    fn a_stopped_draw_gives_no_more_items() {
        let draw = Draw::new(never);
        assert_eq!(draw.next(), Some(0));
        draw.stop();
        assert_eq!(draw.next(), None);
        assert!(draw.stopped());
    }
}
