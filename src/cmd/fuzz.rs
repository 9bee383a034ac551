//! `grundy fuzz`: a solver-vs-oracle campaign with live progress, per-game statistics and
//! every disagreement shrunk, saved to the corpus and printed with a reproducing command.

use super::{indent, summary, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use crate::campaign::{self, Finding, Outcome, Plan, Progress};
use grundy_fuzzing::check::solver;
use grundy_games::Problem;
use indicatif::{ProgressBar, ProgressStyle};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// Prints a finding: the shrunk case, both answers, where it was saved, how to reproduce.
pub fn print_finding(f: &Finding, seed: u64, saved: Option<&Path>, subject_name: &str) {
    let problem = Problem::Native(f.game);
    let input = problem.write_input(std::slice::from_ref(&f.case));
    let expected = problem.write_output(std::slice::from_ref(&f.mismatch.expected));
    let actual = problem.write_output(std::slice::from_ref(&f.mismatch.actual));
    let mut s = format!(
        "\nDISAGREEMENT in {} (case {}, shape {}, {} vertices, shrunk to {} in {} steps)\n  {}\n  input:\n{}",
        f.game.name(),
        f.index,
        f.shape,
        f.original_vertices,
        f.case.vertices(),
        f.shrink_steps,
        f.mismatch.query,
        indent(&input, 4),
    );
    s += &format!(
        "  expected:\n{}  {subject_name}:\n{}",
        indent(&String::from_utf8_lossy(&expected), 4),
        indent(&String::from_utf8_lossy(&actual), 4)
    );
    if let Some(p) = saved {
        s += &format!("  saved: {}\n", p.display());
    }
    s += &format!(
        "  reproduce: grundy fuzz {} --seed {seed:#x} --case {}\n",
        f.game.name(),
        f.index
    );
    eprint!("{s}");
}

/// Prints per-game statistics.
pub fn print_stats(o: &Outcome) {
    println!(
        "{:<11} {:>9} {:>8} {:>7} {:>6} {:>12}  shapes",
        "game", "cases", "skipped", "avg n", "max n", "states"
    );
    for (game, s) in &o.stats {
        let avg = if s.cases + s.skipped > 0 {
            s.vertices as f64 / (s.cases + s.skipped) as f64
        } else {
            0.0
        };
        let shapes: Vec<String> = s.shapes.iter().map(|(k, v)| format!("{k} {v}")).collect();
        println!(
            "{:<11} {:>9} {:>8} {:>7.1} {:>6} {:>12}  {}",
            game.name(),
            s.cases,
            s.skipped,
            avg,
            s.max_vertices,
            s.states,
            shapes.join(", ")
        );
    }
}

/// Runs the campaign described by `plan`, saving findings under `corpus`.
pub fn run(plan: Plan, corpus: &Path) -> i32 {
    campaign::install_interrupt_handler();
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
    let progress = Progress::default();
    let bar = ProgressBar::new_spinner();
    bar.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("template"));
    let seed = plan.seed;
    let budget = plan.budget;
    let corpus = corpus.to_path_buf();
    let save_errors = std::sync::Mutex::new(Vec::new());
    let outcome = std::thread::scope(|scope| {
        let handle = scope.spawn(|| {
            campaign::run(&plan, &solver, &progress, &|f| {
                let saved = match campaign::save(&corpus, f, seed, budget) {
                    Ok(p) => Some(p),
                    Err(e) => {
                        save_errors.lock().expect("lock").push(e.to_string());
                        None
                    }
                };
                bar.suspend(|| print_finding(f, seed, saved.as_deref(), "solver"));
            })
        });
        let started = std::time::Instant::now();
        while !handle.is_finished() {
            let cases = progress.cases.load(Ordering::Relaxed);
            let rate = cases as f64 / started.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!(
                "{cases} cases, {rate:.0}/s, {} oracle states, {} findings",
                progress.states.load(Ordering::Relaxed),
                progress.findings.load(Ordering::Relaxed)
            ));
            bar.tick();
            std::thread::sleep(Duration::from_millis(100));
        }
        handle.join().expect("campaign thread")
    });
    bar.finish_and_clear();
    for e in save_errors.into_inner().expect("lock") {
        eprintln!("error: could not save a finding to the corpus: {e}");
    }
    print_stats(&outcome);
    let cases: u64 = outcome.stats.values().map(|s| s.cases).sum();
    let secs = outcome.elapsed.as_secs_f64();
    println!(
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
    println!("{}", summary(cases - failed, failed));
    if failed > 0 {
        EXIT_FAIL
    } else if cases == 0 && !outcome.interrupted {
        eprintln!("error: no case was checked");
        EXIT_USAGE
    } else {
        EXIT_OK
    }
}
