//! `grundy-bench rules DIR [FILE…]`: the states per second of a package's Python rules
//! searched through grundy's worker, next to the same memoized search written directly in
//! Python over the same rules (`bench/rules_direct.py`, the author's alternative), on the
//! same test cases.
//!
//! Method: for each test case, grundy's side runs [`Pool::solve`] `runs` times on a warm
//! worker (its start-up paid once, before timing) and the direct side runs
//! `python3 bench/rules_direct.py` `runs` times, timing its search only (its start-up and
//! the loading of the rules not counted); the medians are compared. Both sides must
//! find the same value and the same number of states, or the bench fails. Normal play only
//! (the direct search is a mex recursion).

use grundy_games::schema::Instance;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::package::Package;
use grundy_judging::rules::{Pool, SHIM};
use grundy_judging::rules_game::case_json;
use grundy_oracle::ruleset::Ending;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How many adversarial inputs are generated when no file is given.
const GENERATED: u64 = 3;

/// The direct search's answer.
#[derive(serde::Deserialize)]
struct Direct {
    value: u32,
    states: usize,
    seconds: f64,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// grundy's time on one case: the worker warmed up (it starts and loads the rules), then
/// the median of `runs` searches; with the value and the states the search found.
fn grundy_median(
    pool: &Pool,
    case: &serde_json::Value,
    opts: grundy_oracle::ruleset::Options,
    runs: usize,
) -> Result<(Option<u32>, usize, Duration), grundy_oracle::ruleset::RulesError> {
    let (solved, _) = pool.solve(case, false, opts)?;
    let (value, states) = (solved.value(), solved.states());
    drop(solved);
    let mut times = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let (s, _) = pool.solve(case, false, opts)?;
        times.push(t.elapsed());
        drop(s);
    }
    Ok((value, states, median(times)))
}

/// Runs the benchmark on `files` (the package's largest adversarial inputs when empty).
pub fn rules(dir: &Path, files: &[PathBuf], runs: usize) -> Result<Outcome, Error> {
    let pkg = Package::load(dir)?;
    let Some(spec) = pkg.game.clone() else {
        return Err(Error::usage(format!(
            "{}: the package has no `[game] rules` to measure",
            dir.display()
        )));
    };
    if spec.ending != Ending::Normal || spec.loopy {
        return Err(Error::usage(
            "`bench rules` compares with a direct mex search: normal play, not loopy, only",
        ));
    }
    let direct_py = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules_direct.py");
    let scratch = tempfile::tempdir().map_err(|e| Error::io("a scratch folder", e))?;
    let shim = scratch.path().join("grundy_rules_shim.py");
    std::fs::write(&shim, SHIM).map_err(|e| Error::io(shim.display(), e))?;
    let inputs = inputs(&pkg, files)?;
    let pool = Pool::new(
        &spec.rules,
        spec.timeout,
        grundy_judging::rules::Begin::Start,
    )
    .map_err(|e| Error::io("a temporary folder for the rules worker", e))?;
    let opts = spec.options();
    header(&pkg.name, runs);
    let (mut total_g, mut total_d) = (Duration::ZERO, Duration::ZERO);
    for (name, inst) in &inputs {
        for (k, c) in inst.cases.iter().enumerate() {
            let case = case_json(&pkg.schema, c);
            let fault = |e: grundy_oracle::ruleset::RulesError| {
                Error::input(format!("{name}: the rules fail: {e}"))
            };
            let (value, states, g) = grundy_median(&pool, &case, opts, runs).map_err(fault)?;
            let case_file = scratch.path().join("case.json");
            std::fs::write(&case_file, case.to_string())
                .map_err(|e| Error::io(case_file.display(), e))?;
            let files = (
                direct_py.as_path(),
                shim.as_path(),
                spec.rules.as_path(),
                case_file.as_path(),
            );
            let d = direct_median(name, files, runs, (value, states))?;

            total_g += g;
            total_d += d;
            let label = if inst.cases.len() > 1 {
                format!("{name} #{}", k + 1)
            } else {
                name.clone()
            };
            let per = |t: Duration| states as f64 / t.as_secs_f64().max(1e-9);
            grundy_judging::outln!(
                "{:<28} {:>9} {:>10.3} {:>12.0} {:>10.3} {:>12.0} {:>6.2}x",
                label,
                states,
                g.as_secs_f64(),
                per(g),
                d.as_secs_f64(),
                per(d),
                g.as_secs_f64() / d.as_secs_f64().max(1e-9)
            );
        }
    }
    grundy_judging::outln!(
        "total: grundy {:.3} s, direct {:.3} s: grundy takes {:.2}x the direct search's time",
        total_g.as_secs_f64(),
        total_d.as_secs_f64(),
        total_g.as_secs_f64() / total_d.as_secs_f64().max(1e-9)
    );
    Ok(Outcome::Passed)
}

/// The table's header.
fn header(name: &str, runs: usize) {
    grundy_judging::outln!(
        "{}: {} runs per case, medians; grundy = the worker on a warm start, direct = bench/rules_direct.py (search only)",
        name,
        runs
    );
    grundy_judging::outln!(
        "{:<28} {:>9} {:>10} {:>12} {:>10} {:>12} {:>7}",
        "input",
        "states",
        "grundy s",
        "states/s",
        "direct s",
        "states/s",
        "ratio"
    );
}

/// The inputs measured: `files` read with the package's schema, or the package's largest
/// adversarial inputs when none are given.
fn inputs(pkg: &Package, files: &[PathBuf]) -> Result<Vec<(String, Instance)>, Error> {
    let mut inputs = Vec::new();
    if files.is_empty() {
        for seed in 1..=GENERATED {
            let inst = grundy_judging::workbench::generate_largest(pkg, seed)?;
            inputs.push((format!("adversarial seed {seed}"), inst));
        }
    } else {
        for f in files {
            let bytes = std::fs::read(f).map_err(|e| Error::io(f.display(), e))?;
            let inst = pkg
                .schema
                .read(&bytes)
                .map_err(|e| Error::input(format!("{}: {e}", f.display())))?;
            inputs.push((f.display().to_string(), inst));
        }
    }
    Ok(inputs)
}

/// The median time of `runs` direct searches (`script`, `shim`, `rules`, `case`) of one
/// case, each checked to find grundy's value and state count.
fn direct_median(
    name: &str,
    (script, shim, rules, case): (&Path, &Path, &Path, &Path),
    runs: usize,
    (value, states): (Option<u32>, usize),
) -> Result<Duration, Error> {
    let mut times = Vec::new();
    for _ in 0..runs {
        let d = run_direct(script, shim, rules, case)?;
        if Some(d.value) != value || d.states != states {
            return Err(Error::internal(format!(
                "{name}: grundy found value {value:?} over {states} states, the direct search {} over {}",
                d.value, d.states
            )));
        }
        times.push(Duration::from_secs_f64(d.seconds));
    }
    Ok(median(times))
}

/// One run of the direct search.
fn run_direct(script: &Path, shim: &Path, rules: &Path, case: &Path) -> Result<Direct, Error> {
    let out = std::process::Command::new("python3")
        .arg(script)
        .arg(shim)
        .arg(rules)
        .arg(case)
        .output()
        .map_err(|e| Error::io("python3", e))?;
    if !out.status.success() {
        return Err(Error::internal(format!(
            "the direct search failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| {
        Error::internal(format!(
            "the direct search printed {:?}: {e}",
            String::from_utf8_lossy(&out.stdout)
        ))
    })
}
