//! Solver-vs-oracle campaigns (`grundy fuzz`) and the same machinery for `selftest`: many
//! threads draw case indices from one counter, generate case i from (seed, i), check it,
//! and on a disagreement shrink it, save it to the corpus atomically and stop (or go on
//! with `--keep-going`). Ctrl-C stops cleanly; findings are saved as soon as they are
//! shrunk (or unshrunk, if the stop came during shrinking).

use crate::corpus;
use grundy_fuzzing::check::{check_with, CheckError, Mismatch, Subject};
use grundy_fuzzing::gen::{self, Sizes};
use grundy_fuzzing::{shrink, Rng};
use grundy_games::{Game, Position, Problem};
use grundy_oracle::Budget;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Set by Ctrl-C: every running campaign stops after its current case.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler once.
pub fn install_interrupt_handler() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst));
    });
}

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
}

/// A disagreement, shrunk.
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
    /// The disagreement on the shrunk case.
    pub mismatch: Mismatch,
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
    gen::position(game, &mut Rng::for_case(seed, index), sizes)
}

fn fails(pos: &Position, budget: Budget, subject: Subject, seed: u64) -> bool {
    !STOP.load(Ordering::Relaxed)
        && matches!(
            check_with(pos, budget, subject, seed),
            Err(CheckError::Mismatch(_))
        )
}

/// Runs a campaign of `subject` against the oracle.
pub fn run(
    plan: &Plan,
    subject: &(dyn Fn(&Position) -> grundy_games::Answer + Sync),
    progress: &Progress,
    on_finding: &(dyn Fn(&Finding) + Sync),
) -> Outcome {
    let start = Instant::now();
    let counter = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let findings = Mutex::new(Vec::new());
    let merged = Mutex::new((BTreeMap::<Game, GameStats>::new(), Vec::<u64>::new()));
    let (k, n) = plan.shard;
    let jobs = if plan.only.is_some() {
        1
    } else {
        plan.jobs.max(1)
    };
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                let mut stats = BTreeMap::<Game, GameStats>::new();
                let mut indices = Vec::new();
                loop {
                    if stop.load(Ordering::Relaxed) || STOP.load(Ordering::Relaxed) {
                        break;
                    }
                    let j = counter.fetch_add(1, Ordering::Relaxed);
                    let index = match plan.only {
                        Some(i) if j == 0 => i,
                        Some(_) => break,
                        None => (k - 1) + j * n,
                    };
                    match plan.limit {
                        Limit::Cases(c) if plan.only.is_none() && index >= c => break,
                        Limit::Time(t) if start.elapsed() >= t => break,
                        _ => {}
                    }
                    let game = plan.games[(index % plan.games.len() as u64) as usize];
                    let g = generate(game, plan.seed, index, &plan.sizes);
                    let case_seed = plan.seed ^ index;
                    let st = stats.entry(game).or_default();
                    indices.push(index);
                    match check_with(&g.position, plan.budget, subject, case_seed) {
                        Ok(c) => {
                            st.cases += 1;
                            st.states += c.states as u64;
                            progress
                                .states
                                .fetch_add(c.states as u64, Ordering::Relaxed);
                        }
                        Err(CheckError::Oracle(_)) => st.skipped += 1,
                        Err(CheckError::Mismatch(_)) => {
                            st.cases += 1;
                            let seconds = start.elapsed().as_secs_f64();
                            let cases_before = progress.cases.load(Ordering::Relaxed) + 1;
                            if !plan.keep_going {
                                stop.store(true, Ordering::Relaxed);
                            }
                            let mut best = shrunk_finding(
                                plan,
                                subject,
                                game,
                                index,
                                &g,
                                seconds,
                                cases_before,
                            );
                            if !plan.keep_going && plan.only.is_none() {
                                minimize(plan, subject, &counter, &mut best);
                            }
                            on_finding(&best);
                            progress.findings.fetch_add(1, Ordering::Relaxed);
                            findings.lock().expect("findings lock").push(best);
                        }
                    }
                    st.vertices += g.position.vertices() as u64;
                    st.max_vertices = st.max_vertices.max(g.position.vertices());
                    *st.shapes.entry(g.shape).or_default() += 1;
                    progress.cases.fetch_add(1, Ordering::Relaxed);
                }
                let mut m = merged.lock().expect("stats lock");
                for (game, s) in &stats {
                    m.0.entry(*game).or_default().merge(s);
                }
                m.1.extend(indices);
            });
        }
    });
    let (stats, mut indices) = merged.into_inner().expect("stats lock");
    indices.sort_unstable();
    let mut findings = findings.into_inner().expect("findings lock");
    findings.sort_by_key(|f| f.index);
    Outcome {
        stats,
        findings,
        indices,
        elapsed: start.elapsed(),
        interrupted: STOP.load(Ordering::Relaxed),
    }
}

/// Shrinks the failing case `index` into a finding.
fn shrunk_finding(
    plan: &Plan,
    subject: Subject,
    game: Game,
    index: u64,
    g: &gen::Generated,
    seconds: f64,
    cases_before: u64,
) -> Finding {
    let case_seed = plan.seed ^ index;
    let shrunk = shrink::shrink(g.position.clone(), |p| {
        fails(p, plan.budget, subject, case_seed)
    });
    let mismatch = [&shrunk.case, &g.position]
        .into_iter()
        .find_map(|p| match check_with(p, plan.budget, subject, case_seed) {
            Err(CheckError::Mismatch(m)) => Some(*m),
            _ => None,
        })
        .expect("the case failed a moment ago");
    let case =
        if fails(&shrunk.case, plan.budget, subject, case_seed) || STOP.load(Ordering::Relaxed) {
            shrunk.case
        } else {
            g.position.clone()
        };
    Finding {
        game,
        index,
        shape: g.shape,
        original_vertices: g.position.vertices(),
        case,
        mismatch,
        shrink_steps: shrunk.steps,
        shrink_tries: shrunk.tries,
        seconds,
        cases_before,
    }
}

/// Cases examined after a finding while looking for a smaller one.
const MINIMIZE_CASES: u64 = 4000;

/// After a finding, keeps drawing case indices (the same stream, so `--case` still
/// reproduces the result) and shrinks any smaller failing case: a greedy shrinker stops
/// at a 1-minimal case, and another starting point often ends smaller.
fn minimize(plan: &Plan, subject: Subject, counter: &AtomicU64, best: &mut Finding) {
    let deadline = Instant::now() + Duration::from_millis(500);
    for _ in 0..MINIMIZE_CASES {
        if Instant::now() >= deadline || STOP.load(Ordering::Relaxed) || best.case.size() <= 2 {
            return;
        }
        let index = (plan.shard.0 - 1) + counter.fetch_add(1, Ordering::Relaxed) * plan.shard.1;
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
            || !fails(&g.position, plan.budget, subject, plan.seed ^ index)
        {
            continue;
        }
        let f = shrunk_finding(
            plan,
            subject,
            game,
            index,
            &g,
            best.seconds,
            best.cases_before,
        );
        if f.case.size() < best.case.size() {
            *best = f;
        }
    }
}

/// Saves a finding to the corpus: the shrunk input and the oracle's expected output.
pub fn save(
    corpus_dir: &std::path::Path,
    f: &Finding,
    seed: u64,
    budget: Budget,
) -> std::io::Result<PathBuf> {
    let problem = Problem::Native(f.game);
    let input = problem.write_input(std::slice::from_ref(&f.case));
    // The expected output always comes from the oracle (a relabelling mismatch carries
    // the subject's own answer as "expected").
    let truth = grundy_oracle::solve(&f.case, budget)
        .map(|r| r.answer)
        .unwrap_or_else(|_| f.mismatch.expected.clone());
    let expected = problem.write_output(std::slice::from_ref(&truth));
    let name = format!("fuzz-{seed:016x}-{}", f.index);
    corpus::save_case(
        corpus_dir,
        problem,
        &name,
        &input,
        &expected,
        &format!(
            "found by `grundy fuzz {} --seed {seed:#x} --case {}`: {}",
            f.game.name(),
            f.index,
            f.mismatch.query
        ),
    )
}
