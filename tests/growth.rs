//! TLE, explained, end to end: growth exponents of the test solutions (`grundy scale`), the
//! slow-input hunt finding the deep chain for an O(n·depth) solution from random trees
//! only (`grundy hunt`), and time-limit calibration (`grundy time`, `check --tl auto`).
//! Timings are measured, so the tests of this file run one at a time (a lock), and their
//! bounds have the slack of a loaded 2-core machine.

mod common;

use common::solution;
use std::path::Path;
use std::process::Output;
use std::sync::Mutex;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn grundy(args: &[&str], cache: &Path) -> Output {
    common::grundy()
        .args(args)
        .env("GRUNDY_CACHE", cache)
        .current_dir(cache)
        .output()
        .unwrap()
}

/// What `grundy scale` said of a shape's growth.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Growth {
    /// `growth: n^E.EE on SHAPE`.
    Exponent(f64),
    /// `growth: noisy on SHAPE`: the fit was too poor to claim an exponent.
    Noisy,
    /// `growth: not fitted on SHAPE (only K of 8 sizes above the noise floor …)`: the
    /// program was too fast on this shape for a fit (an O(n) program on a star of 10^5
    /// vertices takes a few milliseconds). No exponent, and no sign of a steep one.
    TooFast,
}

/// What the `growth:` line of a shape says.
fn exponent(stdout: &str, shape: &str) -> Growth {
    if stdout
        .lines()
        .any(|l| l.starts_with(&format!("growth: noisy on {shape} ")))
    {
        return Growth::Noisy;
    }
    if stdout.lines().any(|l| {
        l.starts_with(&format!("growth: not fitted on {shape} ")) && l.contains("noise floor")
    }) {
        return Growth::TooFast;
    }
    let line = stdout
        .lines()
        .find(|l| l.starts_with("growth: n^") && l.contains(&format!(" on {shape} ")))
        .unwrap_or_else(|| panic!("no growth line for {shape}:\n{stdout}"));
    Growth::Exponent(
        line["growth: n^".len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap(),
    )
}

/// The growth `grundy scale` measures for `program` on `shape`; a measurement outside
/// `lo..=hi`, or one the report calls noisy or too fast to fit, is taken again, up to five
/// times in all (a loaded machine inflates one now and then; a program's real growth does
/// not come and go). The last measurement is returned.
fn measured(program: &str, shape: &str, lo: f64, hi: f64, cache: &Path) -> (Growth, String) {
    let mut last = (Growth::Noisy, String::new());
    for _ in 0..5 {
        let out = grundy(
            &[
                "scale",
                "agc017d",
                "--shape",
                shape,
                "--report",
                "html",
                "scale.html",
                "--",
                program,
            ],
            cache,
        );
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let e = exponent(&stdout, shape);
        last = (e, stdout);
        if matches!(e, Growth::Exponent(e) if (lo..=hi).contains(&e)) {
            break;
        }
    }
    last
}

#[test]
fn growth_exponents_tell_quadratic_from_linear() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let cache = tempfile::tempdir().unwrap();
    // O(n·depth): quadratic on a chain, about linear on a star.
    let quadratic = solution("agc017d_quadratic.cpp");
    for (shape, lo, hi) in [("chain", 1.7, 2.3), ("star", 0.7, 1.35)] {
        let (e, stdout) = measured(&quadratic, shape, lo, hi, cache.path());
        // On a star it is about linear: too fast to fit is no sign of a steeper growth.
        let within = match e {
            Growth::Exponent(e) => (lo..=hi).contains(&e),
            Growth::TooFast => shape == "star",
            Growth::Noisy => false,
        };
        assert!(within, "quadratic on {shape}: {e:?}\n{stdout}");
        // The page of the same run: the shape's times, the fitted curve, the limit.
        assert!(stdout.ends_with("page: scale.html\n"), "{stdout}");
        let page = std::fs::read_to_string(cache.path().join("scale.html")).unwrap();
        assert_eq!(page.matches("<section class=\"growth\">").count(), 1);
        assert!(page.contains(&format!("<h2>{shape}</h2>")), "{page}");
        assert!(page.contains("class=\"limit\""));
        if let Growth::Exponent(_) = e {
            assert!(page.contains("class=\"fitted\""), "{page}");
        }
        assert!(page.contains(">time limit 2 s, start-up subtracted</text>"));
    }
    // The correct C++ solution grows linearly on every shape it is measured on. (The
    // Python one is not asserted: its interpreter's start-up here, about 130 ms of CPU with
    // a spread of ±20 ms, is larger than its whole work below 10^5 vertices, so a fit on
    // this machine is mostly noise; the README gives the figures.)
    let correct = solution("agc017d_correct.cpp");
    for shape in ["chain", "star", "random", "caterpillar"] {
        let (e, stdout) = measured(&correct, shape, 0.8, 1.35, cache.path());
        // Linear: a fitted exponent near 1, or too fast to fit at all.
        let within = match e {
            Growth::Exponent(e) => (0.8..=1.35).contains(&e),
            Growth::TooFast => true,
            Growth::Noisy => false,
        };
        assert!(within, "correct C++ on {shape}: {e:?}\n{stdout}");
    }
}

#[test]
fn the_hunt_finds_the_deep_chain_from_random_trees_only() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let cache = tempfile::tempdir().unwrap();
    let start = std::time::Instant::now();
    let out = grundy(
        &[
            "hunt",
            "agc017d",
            "--from",
            "random",
            "--time",
            "60",
            "--report",
            "html",
            "hunt.html",
            "--",
            &solution("agc017d_quadratic.cpp"),
        ],
        cache.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("verdict: TLE"), "{stdout}");
    assert!(
        stdout.contains("a random of 100000 vertices, then"),
        "{stdout}"
    );
    assert!(start.elapsed().as_secs() < 60, "{stdout}");
    // The page: the climb plotted, a point and a row per input that was the slowest so
    // far, the limit across, and the slowest input (too large to draw: its summary).
    let page = std::fs::read_to_string(cache.path().join("hunt.html")).unwrap();
    let rows = page.matches("<tr><td>").count();
    assert!(rows >= 2, "a start and a step: {page}");
    assert_eq!(page.matches("class=\"point\"").count(), rows, "{page}");
    assert!(
        page.contains("time limit 2 s") && page.contains("too many to draw"),
        "{page}"
    );
    // The input it found is deep.
    let saved = cache.path().join("failures/agc017d/hunt-1.in");
    let text = std::fs::read_to_string(&saved).unwrap();
    let mut adj = vec![Vec::new(); 100_001];
    for line in text.lines().skip(1) {
        let mut it = line.split_whitespace().map(|x| x.parse::<usize>().unwrap());
        let (a, b) = (it.next().unwrap(), it.next().unwrap());
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut depth = vec![usize::MAX; 100_001];
    depth[1] = 0;
    let mut order = vec![1];
    let mut i = 0;
    while i < order.len() {
        let v = order[i];
        i += 1;
        for &w in &adj[v] {
            if depth[w] == usize::MAX {
                depth[w] = depth[v] + 1;
                order.push(w);
            }
        }
    }
    let deepest = order.iter().map(|&v| depth[v]).max().unwrap();
    assert!(deepest > 10_000, "depth {deepest}");
}

#[test]
fn time_recommends_a_limit_that_check_then_uses() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let cache = tempfile::tempdir().unwrap();
    let py = format!("python3 {}", solution("agc017d_correct.py"));
    let cpp = solution("agc017d_correct.cpp");
    let out = grundy(
        &[
            "time",
            "agc017d",
            "--ref",
            &cpp,
            "--ref",
            &py,
            "--hunt-time",
            "3",
            "--save-limit",
            "--report",
            "html",
            "time.html",
        ],
        cache.path(),
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("recommended time limit: "), "{stdout}");
    // The page: each reference's times on every input plotted against the limit.
    let page = std::fs::read_to_string(cache.path().join("time.html")).unwrap();
    assert_eq!(
        page.matches("<section class=\"growth\">").count(),
        2,
        "{page}"
    );
    assert!(page.contains("recommended limit"), "{page}");
    assert!(page.matches("<tr><td>").count() >= 2 * 5, "{page}");
    let saved = std::fs::read_to_string(cache.path().join("time-limit-agc017d.txt")).unwrap();
    let limit: f64 = saved.trim().parse().unwrap();
    assert!((1.0..=5.0).contains(&limit), "{limit}");
    for prog in [
        vec![cpp.as_str()],
        vec!["python3", &solution("agc017d_correct.py")],
    ] {
        let mut args = vec![
            "check",
            "agc017d",
            "--tl",
            "auto",
            "--cases",
            "20",
            "--no-families",
            "--",
        ];
        args.extend(prog.iter().copied());
        let out = grundy(&args, cache.path());
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(&format!("time limit {limit} s CPU")),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
