//! Solver-vs-oracle campaigns (`grundy fuzz`) and the same machinery for `selftest`: worker
//! threads draw case indices from one counter, generate case i from (seed, i), check it,
//! and on a finding shrink it, hand it to the caller (who saves it to the corpus at once)
//! and stop (or go on with `--keep-going`).
//!
//! A finding is a disagreement with the oracle, a panic of the subject (caught, never a
//! crash of the campaign), or a hang: a watchdog flags any case whose check runs past
//! `Plan::case_time`; the hung worker is abandoned (and replaced with `--keep-going`), and
//! the case is shrunk by the caller's `still_hangs` predicate (a contained subprocess).
//! A stop (`Plan::interrupted`: grundy's SIGINT/SIGTERM/SIGHUP) ends the campaign cleanly;
//! findings are handed over as soon as they are shrunk (or unshrunk, marked so, if the
//! stop came during shrinking).

use crate::census::{census, Tally};
use crate::compare::{check_with, CheckError, Checked, Mismatch, Subject};
use crate::corpus;
use crate::gen::{self, Sizes};
use crate::pool::{self, Draw, OnHang, Outbox, Slot};
use crate::{shrink, Rng};
use grundy_games::{Game, Position, Problem};
use grundy_oracle::Budget;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// When a campaign ends.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// After this long.
    Time(Duration),
    /// After this many case indices (of the whole, unsharded campaign).
    Cases(u64),
}

/// What a campaign runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Games, cycled by case index.
    pub games: Vec<Game>,
    /// When to stop.
    pub limit: Limit,
    /// The campaign seed.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// This machine's shard `(k, n)`: case indices i with i mod n = k − 1.
    pub shard: (u64, u64),
    /// Run only this case index.
    pub only: Option<u64>,
    /// Oracle budget.
    pub budget: Budget,
    /// Generator sizes.
    pub sizes: Sizes,
    /// Keep going after a finding.
    pub keep_going: bool,
    /// A case whose check runs longer than this is a finding (a hang).
    pub case_time: Duration,
    /// Whether the campaign was asked to stop (grundy passes its signal handler's flag,
    /// `grundy_sandbox::contain::interrupted`, having installed the handler): checked
    /// between cases and while shrinking; findings so far are kept.
    pub interrupted: fn() -> bool,
}

/// What a finding is.
#[derive(Clone, Debug)]
pub enum Failure {
    /// The subject disagrees with the oracle (or with itself after relabelling).
    Mismatch(Mismatch),
    /// The subject panicked (message and location).
    Panic(String),
    /// The check of the case ran past the per-case time limit.
    Hang(Duration),
}

impl Failure {
    /// One line for reports.
    pub fn describe(&self) -> String {
        match self {
            Failure::Mismatch(m) => m.query.clone(),
            Failure::Panic(m) => format!("the subject panicked: {m}"),
            Failure::Hang(t) => format!(
                "the check ran past the per-case time limit of {} s (a hang or an endless loop)",
                t.as_secs_f64()
            ),
        }
    }

    /// The short kind: `disagreement`, `panic` or `hang`.
    pub fn kind(&self) -> &'static str {
        match self {
            Failure::Mismatch(_) => "disagreement",
            Failure::Panic(_) => "panic",
            Failure::Hang(_) => "hang",
        }
    }
}

/// A finding, shrunk.
#[derive(Clone, Debug)]
pub struct Finding {
    /// The game.
    pub game: Game,
    /// The case index that produced it.
    pub index: u64,
    /// The generator shape.
    pub shape: &'static str,
    /// Vertices of the case as generated.
    pub original_vertices: usize,
    /// The shrunk case.
    pub case: Position,
    /// What fails on the shrunk case.
    pub failure: Failure,
    /// False when shrinking was cut short (a signal, or its time ran out): the case may
    /// not be minimal.
    pub shrink_complete: bool,
    /// Shrinking steps accepted / tried.
    pub shrink_steps: usize,
    /// Predicate calls made while shrinking.
    pub shrink_tries: usize,
    /// Seconds from the start of the campaign to the finding (before shrinking).
    pub seconds: f64,
    /// Cases checked before (and including) this one, over all threads.
    pub cases_before: u64,
}

/// Per-game statistics.
#[derive(Clone, Debug, Default)]
pub struct GameStats {
    /// Cases checked (passed or failed).
    pub cases: u64,
    /// Cases skipped because the oracle was over budget.
    pub skipped: u64,
    /// Sum and maximum of vertex counts.
    pub vertices: u64,
    /// Largest case.
    pub max_vertices: usize,
    /// Oracle states.
    pub states: u64,
    /// Cases per shape.
    pub shapes: BTreeMap<&'static str, u64>,
    /// Passing cases per census bucket.
    pub census: Tally,
}

impl GameStats {
    fn merge(&mut self, o: &GameStats) {
        self.cases += o.cases;
        self.skipped += o.skipped;
        self.vertices += o.vertices;
        self.max_vertices = self.max_vertices.max(o.max_vertices);
        self.states += o.states;
        for (k, v) in &o.shapes {
            *self.shapes.entry(k).or_default() += v;
        }
        self.census.merge(&o.census);
    }
}

/// What a campaign did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Statistics per game.
    pub stats: BTreeMap<Game, GameStats>,
    /// Every finding.
    pub findings: Vec<Finding>,
    /// Case indices checked, in the order they were taken (for the shard test).
    pub indices: Vec<u64>,
    /// Wall time.
    pub elapsed: Duration,
    /// True when Ctrl-C stopped it.
    pub interrupted: bool,
}

/// Live counters for a progress display.
#[derive(Default)]
pub struct Progress {
    /// Cases checked.
    pub cases: AtomicU64,
    /// Oracle states.
    pub states: AtomicU64,
    /// Findings.
    pub findings: AtomicU64,
}

/// Generates case `index` of a campaign.
pub fn generate(game: Game, seed: u64, index: u64, sizes: &Sizes) -> gen::Generated {
    crate::any::position(game, &mut Rng::for_case(seed, index), sizes)
}

/// The check of one case of a campaign: the subject against the oracle and a relabelled
/// copy seeded by the case.
fn check_case(
    pos: &Position,
    plan: &Plan,
    subject: Subject,
    index: u64,
) -> Result<Checked, CheckError> {
    check_with(pos, plan.budget, &subject.answer, plan.seed ^ index)
}

/// True when `pos` fails the same way as `like` (a disagreement, or a panic).
fn fails_like(
    pos: &Position,
    plan: &Plan,
    subject: Subject,
    index: u64,
    like: &CheckError,
) -> bool {
    !(plan.interrupted)()
        && check_case(pos, plan, subject, index).is_err_and(|e| e.same_kind(like) && e.is_finding())
}

/// What workers report to the campaign's thread.
enum Event {
    Finding(Box<Finding>),
}

/// A worker's counts per game and the case indices it examined.
type WorkerTally = (BTreeMap<Game, GameStats>, Vec<u64>);

/// State shared by the workers and the watchdog.
struct Shared {
    plan: Plan,
    subject: Subject,
    start: Instant,
    draw: Draw,
    progress: Arc<Progress>,
    /// Every worker's tally, abandoned ones included (merged at the end).
    tallies: Mutex<Vec<Arc<Mutex<WorkerTally>>>>,
}

/// Runs a campaign of `subject` against the oracle. `on_finding` is called on the
/// calling thread for each finding, as soon as it is shrunk. `still_hangs`, when given,
/// says whether a position still hangs the subject (run contained, in a subprocess) and
/// shrinks hangs; without it a hang is reported unshrunk.
pub fn run(
    plan: &Plan,
    subject: Subject,
    progress: Arc<Progress>,
    on_finding: &dyn Fn(&Finding),
    still_hangs: Option<&dyn Fn(&Position) -> bool>,
) -> Outcome {
    let shared = Arc::new(Shared {
        plan: plan.clone(),
        subject,
        start: Instant::now(),
        draw: Draw::new(plan.interrupted),
        progress,
        tallies: Mutex::new(Vec::new()),
    });
    let jobs = if plan.only.is_some() {
        1
    } else {
        plan.jobs.max(1)
    };
    let mut findings = Vec::new();
    let mut stats = BTreeMap::<Game, GameStats>::new();
    let mut indices = Vec::new();
    let workers = shared.clone();
    pool::watched(
        jobs,
        plan.case_time,
        move |_, slot, out| worker(&workers, slot, out),
        |event| match event {
            pool::Event::Message(Event::Finding(f)) => {
                on_finding(&f);
                findings.push(*f);
                OnHang::Wait
            }
            // A case past its time is a hang; its worker is abandoned.
            pool::Event::Hung((index, game)) => {
                let f = hang_finding(&shared, game, index, still_hangs);
                shared.progress.findings.fetch_add(1, Ordering::Relaxed);
                shared.progress.cases.fetch_add(1, Ordering::Relaxed);
                let st = stats.entry(game).or_default();
                st.cases += 1;
                st.vertices += f.original_vertices as u64;
                st.max_vertices = st.max_vertices.max(f.original_vertices);
                *st.shapes.entry(f.shape).or_default() += 1;
                indices.push(index);
                on_finding(&f);
                findings.push(f);
                if plan.keep_going && plan.only.is_none() {
                    OnHang::Replace
                } else {
                    shared.draw.stop();
                    OnHang::Wait
                }
            }
        },
    );
    for tally in shared
        .tallies
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
    {
        let t = tally.lock().unwrap_or_else(|e| e.into_inner());
        for (game, st) in &t.0 {
            stats.entry(*game).or_default().merge(st);
        }
        indices.extend(&t.1);
    }
    indices.sort_unstable();
    findings.sort_by_key(|f| f.index);
    Outcome {
        stats,
        findings,
        indices,
        elapsed: shared.start.elapsed(),
        interrupted: (plan.interrupted)(),
    }
}

fn worker(shared: &Shared, slot: &Slot<(u64, Game)>, out: &Outbox<Event>) {
    let plan = &shared.plan;
    let (k, n) = plan.shard;
    let tally: Arc<Mutex<WorkerTally>> = Arc::default();
    shared
        .tallies
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(tally.clone());
    while let Some(j) = shared.draw.next() {
        let index = match plan.only {
            Some(i) if j == 0 => i,
            Some(_) => break,
            None => (k - 1) + j * n,
        };
        match plan.limit {
            Limit::Cases(c) if plan.only.is_none() && index >= c => break,
            Limit::Time(t) if shared.start.elapsed() >= t => break,
            _ => {}
        }
        let game = plan.games[(index % plan.games.len() as u64) as usize];
        let g = generate(game, plan.seed, index, &plan.sizes);
        slot.busy((index, game));
        let result = check_case(&g.position, plan, shared.subject, index);
        slot.idle();
        // Counted at once (the lock is this worker's own, held only here), so a case
        // checked before the worker hangs is counted even though the worker never ends.
        let mut t = tally.lock().unwrap_or_else(|e| e.into_inner());
        t.1.push(index);
        let st = t.0.entry(game).or_default();
        let failed = match result {
            Ok(checked) => {
                st.cases += 1;
                st.states += checked.states as u64;
                st.census.add(census(&g.position, &checked.answer));
                shared
                    .progress
                    .states
                    .fetch_add(checked.states as u64, Ordering::Relaxed);
                None
            }
            Err(CheckError::Oracle(_)) => {
                st.skipped += 1;
                None
            }
            Err(e) => {
                st.cases += 1;
                Some(e)
            }
        };
        st.vertices += g.position.vertices() as u64;
        st.max_vertices = st.max_vertices.max(g.position.vertices());
        *st.shapes.entry(g.shape).or_default() += 1;
        drop(t);
        if let Some(e) = failed {
            let seconds = shared.start.elapsed().as_secs_f64();
            let cases_before = shared.progress.cases.load(Ordering::Relaxed) + 1;
            if !plan.keep_going {
                shared.draw.stop();
            }
            let mut best = shrunk_finding(shared, game, index, &g, &e, seconds, cases_before);
            if !plan.keep_going && plan.only.is_none() {
                minimize(shared, &e, &mut best);
            }
            shared.progress.findings.fetch_add(1, Ordering::Relaxed);
            out.send(Event::Finding(Box::new(best)));
        }
        shared.progress.cases.fetch_add(1, Ordering::Relaxed);
    }
}

/// The time allowed for shrinking a hang (each candidate that still hangs costs a
/// whole per-case time limit).
const HANG_SHRINK_TIME: Duration = Duration::from_secs(60);

/// A hang of case `index`, shrunk with `still_hangs` when given.
fn hang_finding(
    shared: &Shared,
    game: Game,
    index: u64,
    still_hangs: Option<&dyn Fn(&Position) -> bool>,
) -> Finding {
    let plan = &shared.plan;
    let g = generate(game, plan.seed, index, &plan.sizes);
    let mut f = Finding {
        game,
        index,
        shape: g.shape,
        original_vertices: g.position.vertices(),
        case: g.position.clone(),
        failure: Failure::Hang(plan.case_time),
        shrink_steps: 0,
        shrink_tries: 0,
        shrink_complete: false,
        seconds: shared.start.elapsed().as_secs_f64(),
        cases_before: shared.progress.cases.load(Ordering::Relaxed) + 1,
    };
    if let Some(hangs) = still_hangs {
        let deadline = Instant::now() + HANG_SHRINK_TIME;
        let shrunk = shrink::shrink(g.position, |p| {
            Instant::now() < deadline && !(plan.interrupted)() && hangs(p)
        });
        f.shrink_complete = Instant::now() < deadline && !(plan.interrupted)();
        f.case = shrunk.case;
        f.shrink_steps = shrunk.steps;
        f.shrink_tries = shrunk.tries;
    }
    f
}

/// Shrinks the failing case `index` into a finding that fails like `error`.
fn shrunk_finding(
    shared: &Shared,
    game: Game,
    index: u64,
    g: &gen::Generated,
    error: &CheckError,
    seconds: f64,
    cases_before: u64,
) -> Finding {
    let (plan, subject) = (&shared.plan, shared.subject);
    let shrunk = shrink::shrink(g.position.clone(), |p| {
        fails_like(p, plan, subject, index, error)
    });
    let complete = !(plan.interrupted)();
    // The shrunk case fails like the original unless the shrink was cut short.
    let (case, failure) = first_failing([&shrunk.case, &g.position], |p| {
        check_case(p, plan, subject, index)
    })
    .unwrap_or_else(|| (g.position.clone(), to_failure(error)));
    Finding {
        game,
        index,
        shape: g.shape,
        original_vertices: g.position.vertices(),
        case,
        failure,
        shrink_steps: shrunk.steps,
        shrink_tries: shrunk.tries,
        shrink_complete: complete,
        seconds,
        cases_before,
    }
}

/// The first of `candidates` whose check is a finding (a disagreement or a panic), with
/// the failure it shows.
pub fn first_failing<const N: usize, T>(
    candidates: [&Position; N],
    check: impl Fn(&Position) -> Result<T, CheckError>,
) -> Option<(Position, Failure)> {
    candidates.into_iter().find_map(|p| match check(p) {
        Err(CheckError::Mismatch(m)) => Some((p.clone(), Failure::Mismatch(*m))),
        Err(CheckError::Panic(m)) => Some((p.clone(), Failure::Panic(m))),
        _ => None,
    })
}

fn to_failure(e: &CheckError) -> Failure {
    match e {
        CheckError::Mismatch(m) => Failure::Mismatch((**m).clone()),
        CheckError::Panic(m) => Failure::Panic(m.clone()),
        CheckError::Oracle(o) => Failure::Panic(format!("(oracle) {o}")),
    }
}

/// Cases examined after a finding while looking for a smaller one.
const MINIMIZE_CASES: u64 = 4000;

/// After a finding, keeps drawing case indices (the same stream, so `--case` still
/// reproduces the result) and shrinks any smaller case that fails the same way: a greedy
/// shrinker stops at a 1-minimal case, and another starting point often ends smaller.
fn minimize(shared: &Shared, error: &CheckError, best: &mut Finding) {
    let plan = &shared.plan;
    let deadline = Instant::now() + Duration::from_millis(500);
    for _ in 0..MINIMIZE_CASES {
        if Instant::now() >= deadline || (plan.interrupted)() || best.case.size() <= 2 {
            return;
        }
        let index = (plan.shard.0 - 1) + shared.draw.take() * plan.shard.1;
        if let Limit::Cases(c) = plan.limit {
            if index >= c {
                return;
            }
        }
        let game = plan.games[(index % plan.games.len() as u64) as usize];
        if game != best.game {
            continue;
        }
        let g = generate(game, plan.seed, index, &plan.sizes);
        if g.position.size() >= best.case.size()
            || !fails_like(&g.position, plan, shared.subject, index, error)
        {
            continue;
        }
        let f = shrunk_finding(
            shared,
            game,
            index,
            &g,
            error,
            best.seconds,
            best.cases_before,
        );
        if f.case.size() < best.case.size() {
            *best = f;
        }
    }
}

/// Saves a finding to the corpus as `NAME.in` / `NAME.out`, with the oracle's expected
/// output and a README line saying how it was found (`reproduce`, a command line).
pub fn save(
    corpus_dir: &std::path::Path,
    f: &Finding,
    name: &str,
    reproduce: &str,
    budget: Budget,
) -> std::io::Result<PathBuf> {
    let problem = Problem::Native(f.game);
    let input = problem.write_input(std::slice::from_ref(&f.case));
    // The expected output always comes from the oracle (a relabelling mismatch carries
    // the subject's own answer as "expected"; a panic or hang has no answer at all).
    let (truth, circular) = match (grundy_oracle::solve(&f.case, budget), &f.failure) {
        (Ok(r), _) => (r.answer, false),
        (Err(_), Failure::Mismatch(m)) => (m.expected.clone(), true),
        (Err(e), _) => {
            return Err(std::io::Error::other(format!(
                "the oracle cannot answer the case ({e}), so it has no expected output"
            )))
        }
    };
    let expected = problem.write_output(std::slice::from_ref(&truth));
    corpus::save_case(
        corpus_dir,
        problem.name(),
        name,
        &input,
        &expected,
        &[],
        &format!(
            "found by `{reproduce}`: {}{}{}",
            f.failure.kind(),
            match &f.failure {
                Failure::Mismatch(m) => format!(", {}", m.query),
                Failure::Panic(m) => format!(", {m}"),
                Failure::Hang(_) => String::new(),
            },
            if circular {
                " (the oracle was over its budget: NAME.out is the subject's own answer on the original labelling, so the case guards consistency under relabelling, not the value)"
            } else {
                ""
            }
        ),
    )
}
