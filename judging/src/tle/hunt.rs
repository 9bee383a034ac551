//! `grundy hunt`: a search for the input of the maximum size that is slowest for the
//! program — every shape, then hill-climbing with structural moves — and its page.

use super::*;
use crate::error::{Error, Outcome};
use crate::outln;
use crate::suite::Suite;
use grundy_fuzzing::gen::TreeShape;
use grundy_fuzzing::Rng;
use grundy_sandbox::runner::RunLimits;
use std::time::{Duration, Instant};

/// Searches for the slowest input of the maximum size: every start first (a tree of each
/// shape of `starts`, and what else the problem starts from: [`crate::suite::Searched::hunt_starts`]),
/// then hill-climbing from the slowest with structural moves, for `budget`.
pub fn search<S: Suite>(
    suite: &S,
    argv: &[String],
    limits: &RunLimits,
    budget: Duration,
    seed: u64,
    starts: &[TreeShape],
) -> Result<Option<Slowest<S::Input>>, Error> {
    let end = Instant::now() + budget;
    let mut best: Option<Slowest<S::Input>> = None;
    let mut climb: Vec<(String, f64)> = Vec::new();
    let mut tried = 0;
    let begun = suite.hunt_starts(starts, seed);
    if begun.is_empty() {
        return Ok(None);
    }
    for (name, input) in begun {
        let input = input?;
        let (t, v) = cpu(suite, argv, limits, &input)?;
        tried += 1;
        eprintln!("  start: {name}: {t:.3} s CPU");
        climb.push((format!("start: {name}"), t));
        if best.as_ref().is_none_or(|b| t > b.seconds) {
            best = Some(Slowest {
                input,
                seconds: t,
                how: name,
                verdict: v,
                climb: Vec::new(),
                tried: 0,
            });
        }
        if best.as_ref().is_some_and(|b| b.verdict.is_some()) {
            return Ok(best.map(|b| Slowest { climb, tried, ..b }));
        }
    }
    let mut rng = Rng::new(seed ^ 0x4855_4e54);
    let mut steps = 0;
    while Instant::now() < end && !grundy_sandbox::contain::interrupted() {
        let Some(b) = best.as_ref() else { break };
        let Some((cand, what)) = suite.mutate(&b.input, &mut rng) else {
            steps += 1;
            if steps > 1000 {
                break;
            }
            continue;
        };
        if !suite.valid(&cand) {
            continue;
        }
        let (t, v) = cpu(suite, argv, limits, &cand)?;
        tried += 1;
        if t > b.seconds || v.is_some() {
            steps += 1;
            let how = format!("{}, then {what}", b.how);
            eprintln!("  step {steps}: {what}: {t:.3} s CPU");
            climb.push((format!("step {steps}: {what}"), t));
            best = Some(Slowest {
                input: cand,
                seconds: t,
                how,
                verdict: v,
                climb: Vec::new(),
                tried: 0,
            });
            if best.as_ref().is_some_and(|b| b.verdict.is_some()) {
                break;
            }
        }
    }
    Ok(best.map(|b| Slowest { climb, tried, ..b }))
}

/// `grundy hunt PROBLEM -- CMD`: the slowest input found, how it was built; a TLE (or any
/// failure) found is saved like a failure of `grundy check`.
#[allow(clippy::too_many_arguments)]
pub fn run<S: Suite>(
    suite: &S,
    cmd: &[String],
    limits: &RunLimits,
    budget: Duration,
    from: Option<TreeShape>,
    seed: u64,
    save: &std::path::Path,
    page: Option<&std::path::Path>,
) -> Result<Outcome, Error> {
    grundy_sandbox::contain::install();
    let argv = grundy_sandbox::program::prepare(cmd)?;
    let starts: Vec<TreeShape> = from.map_or(SHAPES.to_vec(), |s| vec![s]);
    eprintln!(
        "grundy hunt {}: the slowest input of {} for `{}`, {} s of hill-climbing, time limit {} s CPU",
        suite.name(),
        suite.max_size_words(),
        cmd.join(" "),
        budget.as_secs_f64(),
        limits.time.as_secs_f64()
    );
    let started = Instant::now();
    let Some(found) = search(suite, &argv, limits, budget, seed, &starts)? else {
        return Err(Error::usage(format!(
            "{}: it has no input to start a hunt from",
            suite.name()
        )));
    };
    let how = summarize_how(&found.how);
    let mut said = vec![format!(
        "slowest input: {how}: {:.3} s CPU (found in {:.1} s, {} inputs measured)",
        found.seconds,
        started.elapsed().as_secs_f64(),
        found.tried
    )];
    outln!("{}", said[0]);
    let text = suite.write(&found.input);
    if let Some(v) = &found.verdict {
        let (expected, _) = suite.expected(&found.input, &text)?;
        let name = format!("hunt-{seed:x}");
        let saved =
            grundy_fuzzing::corpus::save_finding(save, &suite.name(), &name, &text, &expected, &[])
                .map_err(|e| Error::io(save.display(), e))?;
        said.push(format!("verdict: {v}"));
        said.push(format!("saved: {}", saved.display()));
        said.push(format!(
            "reproduce: {} < {}",
            grundy_sandbox::language::fill_limits(&argv, limits.memory, limits.stack).join(" "),
            saved.display()
        ));
        for line in &said[1..] {
            outln!("{line}");
        }
    }
    if let Some(path) = page {
        let title = format!("grundy hunt {}: {}", suite.name(), cmd.join(" "));
        let drawn = suite.draw(&found.input).map(|(svg, _)| svg);
        let html = super::html::hunt_page(
            &title,
            &said,
            &found.climb,
            limits.time.as_secs_f64(),
            drawn.as_deref(),
            &text,
        );
        grundy_fuzzing::corpus::write_atomic(path, html.as_bytes())
            .map_err(|e| Error::io(path.display(), e))?;
        outln!("page: {}", path.display());
    }
    Ok(Outcome::failed_if(found.verdict.is_some()))
}
