//! `grundy-bench sandbox`: what the sandbox costs a check. The same `grundy check agc017d
//! --cases N` of a correct solution (C++, then Python: a program that starts in a
//! millisecond, and one that starts in twenty) runs with `--sandbox none` and with
//! `--sandbox auto`, alternated so that a change in the machine's load falls on both
//! sides; each side's median wall time is reported, their ratio, and the difference per
//! judged run (the tests of the plan the check ran: N + 89 family members + 4
//! adversarial, less the inputs drawn again, which are not run again). The C++
//! solution is compiled once before, outside the measure (the build cache).

use grundy_judging::error::{Error, Outcome};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// The solutions measured, from the repository's tests.
const PROGRAMS: [&str; 2] = [
    "tests/solutions/agc017d_correct.cpp",
    "tests/solutions/agc017d_correct.py",
];

/// Runs the measurement.
pub fn sandbox(cases: usize, runs: usize) -> Result<Outcome, Error> {
    let me = crate::bench::grundy_exe()?;
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    // The judged runs, as the check says them (an input drawn again is not run again).
    let tests = one(&me, &repo.join(PROGRAMS[0]), "none", cases)?.1;
    println!(
        "grundy check agc017d --cases {cases} ({tests} judged runs), --sandbox none vs auto, median of {runs}"
    );
    println!(
        "{:<24} {:>10} {:>10} {:>7} {:>12}",
        "program", "none", "auto", "ratio", "per run"
    );
    for program in PROGRAMS {
        let path = repo.join(program);
        // The build, once, outside the measure.
        one(&me, &path, "none", 1)?;
        let (mut none, mut auto) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            none.push(one(&me, &path, "none", cases)?.0);
            auto.push(one(&me, &path, "auto", cases)?.0);
        }
        let (n, a) = (median(&mut none), median(&mut auto));
        let per_run = (a.as_secs_f64() - n.as_secs_f64()) / tests as f64;
        println!(
            "{:<24} {:>9.2}s {:>9.2}s {:>6.2}x {:>9.2} ms",
            Path::new(program)
                .file_name()
                .map_or(program.into(), |f| f.to_string_lossy()),
            n.as_secs_f64(),
            a.as_secs_f64(),
            a.as_secs_f64() / n.as_secs_f64(),
            per_run * 1e3
        );
    }
    Ok(Outcome::Passed)
}

/// One check's wall time, and the tests it ran (its `all N tests passed`).
fn one(me: &Path, program: &Path, sandbox: &str, cases: usize) -> Result<(Duration, usize), Error> {
    let started = Instant::now();
    let out = Command::new(me)
        .args(["check", "agc017d", "--sandbox", sandbox, "--cases"])
        .arg(cases.to_string())
        .arg("--")
        .arg(program)
        .output()
        .map_err(|e| Error::internal(format!("cannot run grundy check: {e}")))?;
    if !out.status.success() {
        return Err(Error::internal(format!(
            "grundy check --sandbox {sandbox} of {} failed:\n{}",
            program.display(),
            String::from_utf8_lossy(&out.stderr)
        )));
    }
    let took = started.elapsed();
    let said = String::from_utf8_lossy(&out.stdout);
    let tests = said
        .lines()
        .find_map(|l| l.strip_prefix("all ")?.split(' ').next()?.parse().ok())
        .ok_or_else(|| Error::internal(format!("no `all N tests passed` line in:\n{said}")))?;
    Ok((took, tests))
}

fn median(v: &mut [Duration]) -> Duration {
    v.sort();
    v[v.len() / 2]
}
