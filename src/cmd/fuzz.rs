//! `grundy fuzz`: a solver-vs-oracle campaign with live progress, per-game statistics and
//! every disagreement shrunk, saved to the corpus and printed with a reproducing command.

use super::{indent, summary};
use crate::args::*;
use crate::probe;
use grundy_fuzzing::campaign::{self, Failure, Finding, Plan, Progress};
use grundy_fuzzing::compare::{Subject, SOLVER};
use grundy_fuzzing::corpus;
use grundy_games::Problem;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_judging::output::escape;
use grundy_sandbox::contain;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Prints a finding: the shrunk case, what failed, where it was saved, how to reproduce.
pub fn print_finding(f: &Finding, saved: Option<&Path>, subject: &str, reproduce: &str) {
    let problem = Problem::Native(f.game);
    let input = problem.write_input(std::slice::from_ref(&f.case));
    let kind = match &f.failure {
        Failure::Mismatch(_) => "DISAGREEMENT",
        Failure::Panic(_) => "PANIC",
        Failure::Hang(_) => "HANG",
    };
    let mut s = format!(
        "\n{kind} in {} (case {}, shape {}, {} vertices, shrunk to {} in {} steps{})\n  {}\n  input:\n{}",
        f.game.name(),
        f.index,
        f.shape,
        f.original_vertices,
        f.case.vertices(),
        f.shrink_steps,
        if f.shrink_complete {
            ""
        } else {
            "; shrinking was cut short, so it may not be minimal"
        },
        escape(&f.failure.describe()),
        indent(&input, 4),
    );
    if let Failure::Mismatch(m) = &f.failure {
        let expected = problem.write_output(std::slice::from_ref(&m.expected));
        let actual = problem.write_output(std::slice::from_ref(&m.actual));
        s += &format!(
            "  expected:\n{}  {subject}:\n{}",
            indent(&String::from_utf8_lossy(&expected), 4),
            indent(&String::from_utf8_lossy(&actual), 4)
        );
    }
    if let Some(p) = saved {
        s += &format!("  saved: {}\n", p.display());
    }
    s += &format!("  reproduce: {reproduce}\n");
    eprint!("{s}");
}

/// The command that re-runs case `index` of a campaign of `subject` exactly.
pub fn reproduce_line(
    plan: &Plan,
    subject: Subject,
    game: grundy_games::Game,
    index: u64,
) -> String {
    let mut s = format!(
        "grundy fuzz {} --seed {:#x} --case {index}",
        game.name(),
        plan.seed
    );
    // `--case` regenerates with the game list of the campaign: name every game if several.
    if plan.games.len() > 1 {
        s = format!(
            "grundy fuzz {} --seed {:#x} --case {index}",
            plan.games
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(" "),
            plan.seed
        );
    }
    let small = grundy_fuzzing::gen::Sizes::SMALL;
    if plan.sizes.vertices != small.vertices || plan.sizes.stair_vertices != small.stair_vertices {
        s += &format!(" --max-nodes {}", plan.sizes.vertices);
    }
    if plan.sizes.edges != small.edges {
        s += &format!(" --max-edges {}", plan.sizes.edges);
    }
    if plan.budget.max_states != grundy_oracle::DEFAULT_MAX_STATES {
        s += &format!(" --max-states {}", plan.budget.max_states);
    }
    if subject.name != SOLVER.name {
        s += &format!(" --subject {}", subject.name);
    }
    if plan.case_time != Duration::from_secs(10) {
        s += &format!(" --case-time {}", plan.case_time.as_secs_f64());
    }
    s
}

/// Prints per-game statistics, then the generator shapes and the shape census of every
/// game, wrapped to fit a terminal.
pub fn print_stats(o: &campaign::Outcome) {
    outln!(
        "{:<11} {:>9} {:>8} {:>7} {:>6} {:>12}",
        "game",
        "cases",
        "skipped",
        "avg n",
        "max n",
        "states"
    );
    for (game, s) in &o.stats {
        let avg = if s.cases + s.skipped > 0 {
            s.vertices as f64 / (s.cases + s.skipped) as f64
        } else {
            0.0
        };
        outln!(
            "{:<11} {:>9} {:>8} {:>7.1} {:>6} {:>12}",
            game.name(),
            s.cases,
            s.skipped,
            avg,
            s.max_vertices,
            s.states,
        );
    }
    outln!("shapes (cases per generator shape):");
    for (game, s) in &o.stats {
        let cells = s.shapes.iter().map(|(k, v)| format!("{k} {v}"));
        print_wrapped(game.name(), cells);
    }
    outln!("census (passing cases per solver path and answer shape; `!` marks a blind spot):");
    for (game, s) in &o.stats {
        let cells = s.census.rows(*game).into_iter().map(|(b, c)| {
            let blind = if c == 0 { " !" } else { "" };
            format!("{} {c}{blind}", b.name)
        });
        print_wrapped(game.name(), cells);
    }
}

/// `label` and `cells` joined by ` · `, on lines of at most 100 columns, continuation
/// lines indented under the first cell.
fn print_wrapped(label: &str, cells: impl Iterator<Item = String>) {
    let indent = format!("  {:<11}", "");
    let mut line = format!("  {label:<11}");
    let mut first = true;
    for cell in cells {
        if !first && line.chars().count() + cell.chars().count() + 3 > 100 {
            outln!("{line}");
            line = indent.clone();
            first = true;
        }
        if !first {
            line += " · ";
        }
        line += &cell;
        first = false;
    }
    outln!("{line}");
}

/// The campaign as JSON: seed, per-game statistics with the census, and every finding
/// with the command that reproduces it.
fn json_report(plan: &Plan, subject: Subject, o: &campaign::Outcome) -> serde_json::Value {
    let games: serde_json::Map<String, serde_json::Value> = o
        .stats
        .iter()
        .map(|(game, s)| {
            let census: serde_json::Map<String, serde_json::Value> = s
                .census
                .rows(*game)
                .iter()
                .map(|(b, c)| (b.name.to_string(), (*c).into()))
                .collect();
            let value = serde_json::json!({
                "cases": s.cases,
                "skipped": s.skipped,
                "max_vertices": s.max_vertices,
                "oracle_states": s.states,
                "shapes": s.shapes,
                "census": census,
            });
            (game.name().to_string(), value)
        })
        .collect();
    let findings: Vec<serde_json::Value> = o
        .findings
        .iter()
        .map(|f| {
            serde_json::json!({
                "game": f.game.name(),
                "index": f.index,
                "shape": f.shape,
                "kind": f.failure.kind(),
                "failure": f.failure.describe(),
                "vertices": f.case.vertices(),
                "reproduce": reproduce_line(plan, subject, f.game, f.index),
            })
        })
        .collect();
    serde_json::json!({
        "seed": format!("{:#x}", plan.seed),
        "subject": subject.name,
        "seconds": o.elapsed.as_secs_f64(),
        "interrupted": o.interrupted,
        "games": games,
        "findings": findings,
    })
}

/// The campaign's first line: seed, jobs, shard, games and limit.
fn print_header(plan: &Plan) {
    let games: Vec<&str> = plan.games.iter().map(|g| g.name()).collect();
    let limit = match plan.limit {
        campaign::Limit::Time(t) => format!("{} s", t.as_secs_f64()),
        campaign::Limit::Cases(c) => format!("{c} cases"),
    };
    eprintln!(
        "grundy fuzz: seed {:#x}, {} job(s), shard {}/{}, games {}, {limit}",
        plan.seed,
        plan.jobs,
        plan.shard.0,
        plan.shard.1,
        games.join(" ")
    );
}

/// The end of a campaign: statistics, shapes and census, the JSON report when asked, the
/// rate and `N passed, M failed`.
fn print_summary(
    plan: &Plan,
    subject: Subject,
    outcome: &campaign::Outcome,
    report: Option<&Path>,
) -> Result<Outcome, Error> {
    print_stats(outcome);
    if let Some(path) = report {
        let text = serde_json::to_string_pretty(&json_report(plan, subject, outcome))
            .expect("serializable")
            + "\n";
        corpus::write_atomic(path, text.as_bytes()).map_err(|e| Error::io(path.display(), e))?;
    }
    let cases: u64 = outcome.stats.values().map(|s| s.cases).sum();
    let secs = outcome.elapsed.as_secs_f64();
    outln!(
        "{cases} cases in {secs:.2} s ({:.0} cases/s on {} job(s)){}",
        cases as f64 / secs.max(1e-9),
        plan.jobs,
        if outcome.interrupted {
            ", interrupted"
        } else {
            ""
        }
    );
    let failed = outcome.findings.len() as u64;
    outln!("{}", summary(cases.saturating_sub(failed), failed));
    if failed == 0 && cases == 0 && !outcome.interrupted {
        return Err(Error::usage("no case was checked"));
    }
    Ok(Outcome::failed_if(failed > 0))
}

/// Runs a campaign of `subject`, saving findings under `corpus` and, with `report`, the
/// campaign as JSON.
pub fn run(
    plan: Plan,
    corpus: &Path,
    subject: Subject,
    report: Option<&Path>,
) -> Result<Outcome, Error> {
    contain::install();
    corpus::ensure_folder(corpus).map_err(|e| Error::io(corpus.display(), e))?;
    print_header(&plan);
    let progress = Arc::new(Progress::default());
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        ProgressBar::new_spinner()
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("template"));
    let seed = plan.seed;
    let budget = plan.budget;
    let save_errors = std::sync::Mutex::new(Vec::new());
    let still_hangs = probe::hang_predicate(subject, &plan);
    let ui_progress = progress.clone();
    let done = std::sync::atomic::AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        let ui = scope.spawn(|| {
            let started = std::time::Instant::now();
            while !done.load(Ordering::Relaxed) {
                let cases = ui_progress.cases.load(Ordering::Relaxed);
                let rate = cases as f64 / started.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!(
                    "{cases} cases, {rate:.0}/s, {} oracle states, {} findings",
                    ui_progress.states.load(Ordering::Relaxed),
                    ui_progress.findings.load(Ordering::Relaxed)
                ));
                bar.tick();
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let outcome = campaign::run(
            &plan,
            subject,
            progress,
            &|f| {
                let again = reproduce_line(&plan, subject, f.game, f.index);
                let name = format!("fuzz-{seed:016x}-{}", f.index);
                let saved = match campaign::save(corpus, f, &name, &again, budget) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        save_errors.lock().expect("lock").push(e.to_string());
                        None
                    }
                };
                bar.suspend(|| print_finding(f, saved.as_deref(), subject.name, &again));
            },
            still_hangs
                .as_ref()
                .map(|h| h as &dyn Fn(&grundy_games::Position) -> bool),
        );
        done.store(true, Ordering::Relaxed);
        let _ = ui.join();
        outcome
    });
    bar.finish_and_clear();
    for e in save_errors.into_inner().expect("lock") {
        eprintln!("error: could not save a finding to the corpus: {e}");
    }
    print_summary(&plan, subject, &outcome, report)
}

/// The arguments of `grundy fuzz`.
#[derive(clap::Args, Debug)]
pub struct FuzzArgs {
    /// Games to fuzz (all when none).
    #[arg(value_parser = parse_game)]
    games: Vec<Game>,
    /// Stop after this many seconds (default 10 when --cases is absent).
    #[arg(long, conflicts_with = "cases", value_parser = parse_seconds)]
    time: Option<Duration>,
    /// Stop after this many cases.
    #[arg(long)]
    cases: Option<u64>,
    /// Campaign seed (decimal or 0x hex); random when absent, always printed.
    #[arg(long, value_parser = parse_u64)]
    seed: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Where findings are saved.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Run only this shard K/N of the case indices (i mod N = K − 1).
    #[arg(long, value_parser = parse_shard, default_value = "1/1")]
    shard: (u64, u64),
    /// Re-run exactly one case index (as printed by a finding).
    #[arg(long)]
    case: Option<u64>,
    /// Go on after a disagreement instead of stopping.
    #[arg(long)]
    keep_going: bool,
    /// Oracle budget per search.
    #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
    max_states: usize,
    /// Largest tree generated, in vertices — staircase layouts included (default 10, and 6
    /// for staircase layouts; the oracle's cost grows exponentially: cases over its
    /// budget are counted as skipped).
    #[arg(long)]
    max_nodes: Option<usize>,
    /// Most edges of a hackenbush sum (default 10).
    #[arg(long)]
    max_edges: Option<usize>,
    /// A case whose check runs longer than this many seconds is a finding (a hang).
    #[arg(long, default_value = "10", value_parser = parse_positive_seconds)]
    case_time: Duration,
    /// What is checked against the oracle: `solver`, or a mutant of `grundy selftest`
    /// (to see how the harness reports a wrong answer, a panic or a hang).
    #[arg(long, default_value = "solver", value_parser = parse_subject)]
    subject: Subject,
    /// Write the campaign as JSON (statistics, the shape census, every finding with the
    /// command that reproduces it): `--report json FILE`.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
}

impl FuzzArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let FuzzArgs {
            games,
            time,
            cases,
            seed,
            jobs,
            corpus,
            shard,
            case,
            keep_going,
            max_states,
            max_nodes,
            max_edges,
            case_time,
            subject,
            report,
        } = self;
        {
            let report = match report.as_slice() {
                [] => None,
                [format, path] if format == "json" => Some(PathBuf::from(path)),
                [format, _] => {
                    return Err(Error::usage(format!(
                        "unknown report format '{format}' for fuzz (expected json)"
                    )))
                }
                _ => unreachable!("clap takes exactly two values"),
            };
            let limit = match (time, cases) {
                (_, Some(c)) => grundy_fuzzing::campaign::Limit::Cases(c),
                (Some(t), None) => grundy_fuzzing::campaign::Limit::Time(t),
                (None, None) => grundy_fuzzing::campaign::Limit::Time(Duration::from_secs(10)),
            };
            let plan = Plan {
                games: if games.is_empty() {
                    Game::ALL.to_vec()
                } else {
                    games
                },
                limit,
                seed: seed.unwrap_or_else(random_seed),
                jobs: jobs.unwrap_or_else(cores).max(1),
                shard,
                only: case,
                budget: Budget::states(max_states),
                sizes: Sizes {
                    vertices: max_nodes.unwrap_or(Sizes::SMALL.vertices).max(1),
                    stair_vertices: max_nodes.unwrap_or(Sizes::SMALL.stair_vertices).max(2),
                    edges: max_edges.unwrap_or(Sizes::SMALL.edges).max(1),
                    ..Sizes::SMALL
                },
                keep_going,
                case_time,
                interrupted: contain::interrupted,
            };
            crate::cmd::fuzz::run(plan, &corpus, subject, report.as_deref())
        }
    }
}
