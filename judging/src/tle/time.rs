//! `grundy time`: the time limit calibrated from the reference solutions' CPU times on the
//! largest inputs, and its page.

use super::*;
use crate::error::{Error, Outcome};
use crate::outln;
use crate::suite::Suite;
use grundy_sandbox::runner::RunLimits;
use std::time::Duration;

/// `grundy time PROBLEM --ref CMD…`: each reference on the adversarial inputs, large random
/// inputs and the slowest inputs of a short hunt; its slowest test; a recommended limit.
pub fn run<S: Suite>(
    suite: &S,
    refs: &[Vec<String>],
    hunt_time: Duration,
    save: Option<&std::path::Path>,
    page: Option<&std::path::Path>,
) -> Result<Outcome, Error> {
    grundy_sandbox::contain::install();
    // Generous limits: the references are being measured, not judged.
    let limits = RunLimits {
        time: Duration::from_secs(60),
        wall: Duration::from_secs(120),
        wall_factor: 2.0,
        memory: None,
        stack: None,
        output: 256 << 20,
        files: None,
    };
    let mut inputs: Vec<(String, S::Input)> = Vec::new();
    for (k, name) in suite.adversarial().into_iter().enumerate() {
        inputs.push((format!("adversarial: {name}"), suite.adversarial_input(k)?));
    }
    for i in 0..4 {
        let (input, label) = suite.random(7, 10_000 + i, grundy_fuzzing::contest::Tier::Large)?;
        inputs.push((label, input));
    }
    let mut measured: Vec<Timed> = Vec::new();
    for r in refs {
        measured.push(time_reference(suite, r, &inputs, &limits, hunt_time)?);
    }
    let worst_overall = measured.iter().map(|t| t.slowest).fold(0.0f64, f64::max);
    let limit = recommend(worst_overall);
    let verdict = format!(
        "recommended time limit: {limit} s (2.5x the slowest reference, {:.3} s, rounded up to 0.5 s)",
        worst_overall
    );
    outln!("{verdict}");
    if let Some(path) = page {
        let title = format!("grundy time {}", suite.name());
        let html = super::html::time_page(&title, &verdict, &measured, limit);
        grundy_fuzzing::corpus::write_atomic(path, html.as_bytes())
            .map_err(|e| Error::io(path.display(), e))?;
        outln!("page: {}", path.display());
    }
    if let Some(path) = save {
        grundy_fuzzing::corpus::write_atomic(path, format!("{limit}\n").as_bytes())
            .map_err(|e| Error::io(path.display(), e))?;
        outln!(
            "saved to {} (read by `grundy check --tl auto`)",
            path.display()
        );
    }
    Ok(Outcome::Passed)
}

/// One reference timed: its best CPU time on every input, then the hunt's slowest input;
/// an error when it fails an input (a reference must pass).
fn time_reference<S: Suite>(
    suite: &S,
    r: &[String],
    inputs: &[(String, S::Input)],
    limits: &RunLimits,
    hunt_time: Duration,
) -> Result<Timed, Error> {
    let argv = grundy_sandbox::program::prepare(r)?;
    let mut slowest = (0.0f64, String::new());
    let mut times = Vec::new();
    for (label, input) in inputs {
        let (t, v) = best_cpu(suite, &argv, limits, input, 2)?;
        if let Some(v) = v {
            return Err(Error::usage(format!(
                "the reference `{}` fails on {label}: {v}",
                r.join(" ")
            )));
        }
        times.push((label.clone(), t));
        if t > slowest.0 {
            slowest = (t, label.clone());
        }
    }
    eprintln!(
        "hunting the slowest input of `{}` for {} s…",
        r.join(" "),
        hunt_time.as_secs()
    );
    if let Some(h) = super::hunt::search(suite, &argv, limits, hunt_time, 7, &SHAPES)? {
        let how = format!("hunt: {}", summarize_how(&h.how));
        times.push((how.clone(), h.seconds));
        if h.seconds > slowest.0 {
            slowest = (h.seconds, how);
        }
    }
    let line = format!(
        "{}: slowest {:.3} s CPU on {}",
        r.join(" "),
        slowest.0,
        slowest.1
    );
    outln!("{line}");
    Ok(Timed {
        reference: r.join(" "),
        times,
        line,
        slowest: slowest.0,
    })
}
