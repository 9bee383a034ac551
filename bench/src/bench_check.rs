//! `grundy-bench check`: grundy's own footprint while it checks a built-in problem at its
//! statement's maximum. Each problem is checked (`grundy check P --stack 4`, its own
//! process) against `bench/deep_then_solve.cpp`, a solution that is right on every input
//! but overflows its stack on deep trees, like real recursive solutions: the plan, the
//! crash group's unlimited-stack re-runs, its threshold search and its shrink on
//! 10^5-vertex inputs all run. Reported per problem: the wall time, grundy's own peak
//! memory and CPU time (`getrusage(RUSAGE_SELF)` at the end of the check, in its JSON
//! report: every thread of grundy, none of the programs it ran), the judged runs'
//! largest peak memory (each the program's own, as the launcher measured it) and the
//! groups found.

use grundy_judging::error::{Error, Outcome};
use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// The problems measured and their maximum size.
const PROBLEMS: [&str; 2] = ["agc017d", "cot3"];

/// Runs the measurement: `cases` random inputs per check (the adversarial maximum-size
/// inputs always).
pub fn check(cases: usize) -> Result<Outcome, Error> {
    let me = crate::bench::grundy_exe()?;
    let dir = tempfile::tempdir().map_err(|e| Error::internal(format!("a scratch folder: {e}")))?;
    let source = dir.path().join("deep_then_solve.cpp");
    std::fs::write(&source, include_str!("../deep_then_solve.cpp"))
        .map_err(|e| Error::internal(format!("{}: {e}", source.display())))?;
    let program = dir.path().join("deep_then_solve");
    let built = Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&program)
        .arg(&source)
        .status()
        .map_err(|e| Error::usage(format!("cannot run g++ (needed for this bench): {e}")))?;
    if !built.success() {
        return Err(Error::internal("g++ failed on bench/deep_then_solve.cpp"));
    }
    println!(
        "grundy check P --stack 4 --cases {cases} -- deep_then_solve (right answers, a stack overflow on deep trees)"
    );
    println!(
        "{:<9} {:>8}  {:>12} {:>10} {:>10}  {:>13}  groups",
        "problem", "wall", "grundy peak", "user", "system", "program peak"
    );
    for problem in PROBLEMS {
        let row = measure(&me, &program, dir.path(), problem, cases)?;
        println!("{row}");
    }
    Ok(Outcome::Passed)
}

/// One check, measured: the row of the table.
fn measure(
    me: &Path,
    program: &Path,
    dir: &Path,
    problem: &str,
    cases: usize,
) -> Result<String, Error> {
    let json = dir.join(format!("{problem}.json"));
    let started = Instant::now();
    let out = Command::new(me)
        .args([
            "check", problem, "--stack", "4", "--color", "never", "--cases",
        ])
        .arg(cases.to_string())
        .arg("--save")
        .arg(dir.join("failures"))
        .arg("--report")
        .arg("json")
        .arg(&json)
        .arg("--")
        .arg(program)
        .arg(problem)
        .arg(me)
        .output()
        .map_err(|e| Error::internal(format!("cannot run grundy check: {e}")))?;
    let wall = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report: serde_json::Value = std::fs::read(&json)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or_else(|| {
            Error::internal(format!("grundy check {problem} wrote no report:\n{stderr}"))
        })?;
    let f = &report["footprint"];
    let mib = |v: &serde_json::Value| v.as_f64().unwrap_or(0.0) / f64::from(1 << 20);
    // The judged runs' peaks, as the report prints them (exact ones only).
    let program_peak = stderr
        .lines()
        .filter_map(|l| l.split("; peak memory ").nth(1))
        .filter_map(|p| p.strip_suffix(" MiB")?.parse::<f64>().ok())
        .fold(None, |m: Option<f64>, p| Some(m.map_or(p, |m| m.max(p))));
    let groups: Vec<String> = report["groups"]
        .as_array()
        .map(|gs| {
            gs.iter()
                .map(|g| {
                    format!(
                        "{} → {}",
                        g["group"].as_str().unwrap_or("?"),
                        g["shrunk_to"].as_str().unwrap_or("?")
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(format!(
        "{:<9} {:>7.1}s  {:>8.0} MiB {:>9.2}s {:>9.2}s  {:>13}  {}",
        problem,
        wall.as_secs_f64(),
        mib(&f["peak_bytes"]),
        f["user_seconds"].as_f64().unwrap_or(0.0),
        f["system_seconds"].as_f64().unwrap_or(0.0),
        program_peak.map_or("-".to_string(), |p| format!("{p:.1} MiB")),
        if groups.is_empty() {
            "none".to_string()
        } else {
            groups.join("; ")
        }
    ))
}
