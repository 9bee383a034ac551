//! `grundy scale`: the growth rate of a program's CPU time on a doubling series of inputs
//! of each shape, fitted to c·n^E ([`super::measure`]), with its page.

use super::*;
use crate::error::{Error, Outcome};
use crate::outln;
use crate::suite::Suite;
use grundy_fuzzing::gen::TreeShape;
use grundy_sandbox::runner::RunLimits;

/// `grundy scale PROBLEM [--shape S] -- CMD`.
pub fn run<S: Suite>(
    suite: &S,
    cmd: &[String],
    limits: &RunLimits,
    shape: Option<TreeShape>,
    runs: usize,
    verbose: bool,
    page: Option<&std::path::Path>,
) -> Result<Outcome, Error> {
    grundy_sandbox::contain::install();
    let argv = grundy_sandbox::program::prepare(cmd)?;
    // Every shape (or the one asked for), then, for several test cases in one input,
    // their count.
    let axes: Vec<Axis> = match shape {
        Some(s) => vec![Axis::Shape(s)],
        None => SHAPES
            .iter()
            .map(|&s| Axis::Shape(s))
            .chain(cases_axis(suite))
            .collect(),
    };
    let mut all: Vec<Growth> = Vec::new();
    eprintln!(
        "grundy scale {}: median CPU time of {runs} runs, start-up subtracted, sizes doubling up to {}",
        suite.name(),
        suite.max_size()
    );
    let mut worst: Option<usize> = None;
    for axis in &axes {
        if grundy_sandbox::contain::interrupted() {
            break;
        }
        let Some(g) = measure(suite, &argv, limits, axis, runs, 1)? else {
            continue;
        };
        outln!("{}", g.line());
        if verbose {
            for (n, t) in &g.points {
                outln!(
                    "    {} = {n:>8}: {:>9.3} ms above start-up{}",
                    g.axis.var(),
                    t * 1e3,
                    if *t < g.floor() {
                        " (below the noise, not fitted)"
                    } else {
                        ""
                    }
                );
            }
        }
        if worst.as_ref().is_none_or(|w| g.worse_than(&all[*w])) {
            worst = Some(all.len());
        }
        all.push(g);
    }
    if all.is_empty() && !grundy_sandbox::contain::interrupted() {
        return Err(Error::usage(format!(
            "{}: its inputs have no tree to shape and one test case each: nothing to grow",
            suite.name()
        )));
    }
    if let Some(w) = worst.map(|w| &all[w]) {
        let line = format!("worst: {}", w.line().trim_start_matches("growth: "));
        outln!("{line}");
        if let Some(path) = page {
            let title = format!("grundy scale {}: {}", suite.name(), cmd.join(" "));
            let html = super::html::scale_page(&title, &all, &line, limits.time.as_secs_f64());
            grundy_fuzzing::corpus::write_atomic(path, html.as_bytes())
                .map_err(|e| Error::io(path.display(), e))?;
            outln!("page: {}", path.display());
        }
        let too_slow = w.stopped_at.is_some()
            || w.fit
                .is_some_and(|f| f.predict(w.max as f64) + w.base > limits.time.as_secs_f64());
        return Ok(Outcome::failed_if(too_slow));
    }
    Ok(Outcome::Passed)
}
