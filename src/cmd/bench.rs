//! `grundy bench`: the documented speed measurements (never timed tests).
//!
//! * `grundy bench solve`: wall time of `grundy solve agc017d` on random trees of 10^5 and
//!   10^6 vertices next to `bench/agc017d_dfs.cpp` (cin + recursive DFS) compiled with
//!   `g++ -O2`; each program runs `--runs` times per input (start-up and reading
//!   included), the median is reported, and both outputs must agree.
//! * `grundy bench oracle`: states per second and bytes per memoized state of the
//!   oracle's search on `cut` and `hackenbush` positions of at least 10^6 states.
//! * `grundy bench campaign`: solver-vs-oracle cases per second on one core.

use super::{EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use grundy_fuzzing::gen::{self, Sizes, TreeShape};
use grundy_fuzzing::Rng;
use grundy_games::*;
use grundy_oracle::search::{Play, Search};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time_run(cmd: &mut Command, input: &Path) -> Result<(Duration, Vec<u8>), String> {
    let file = std::fs::File::open(input).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let out = cmd
        .stdin(file)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    let t = start.elapsed();
    if !out.status.success() {
        return Err(format!("{cmd:?} failed: {}", out.status));
    }
    Ok((t, out.stdout))
}

/// Compares `grundy solve agc017d` with the C++ reference.
pub fn solve(runs: usize, workdir: &Path) -> i32 {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/agc017d_dfs.cpp");
    let exe = workdir.join("agc017d_dfs");
    if let Err(e) = std::fs::create_dir_all(workdir) {
        eprintln!("error: {}: {e}", workdir.display());
        return EXIT_USAGE;
    }
    let status = Command::new("g++")
        .args(["-O2", "-std=c++17", "-o"])
        .arg(&exe)
        .arg(&src)
        .status();
    if !matches!(status, Ok(s) if s.success()) {
        eprintln!("error: could not compile {} with g++ -O2", src.display());
        return EXIT_USAGE;
    }
    let me = std::env::current_exe().expect("own path");
    println!(
        "{:>9}  {:>12}  {:>12}  {:>7}   (median of {runs} runs, wall time incl. start-up)",
        "vertices", "grundy", "g++ -O2 cin", "ratio"
    );
    let mut slower = false;
    for n in [100_000usize, 1_000_000] {
        let tree = gen::tree(&mut Rng::new(n as u64), n, TreeShape::RandomParent);
        let input = workdir.join(format!("agc017d-{n}.in"));
        let text = Problem::Agc017d.write_input(&[Position::Cut(CutPos { tree })]);
        if let Err(e) = std::fs::write(&input, text) {
            eprintln!("error: {}: {e}", input.display());
            return EXIT_USAGE;
        }
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..runs {
            let a = time_run(Command::new(&me).args(["solve", "agc017d"]), &input);
            let b = time_run(&mut Command::new(&exe), &input);
            match (a, b) {
                (Ok((ta, oa)), Ok((tb, ob))) => {
                    if oa != ob {
                        eprintln!("error: outputs differ on {}", input.display());
                        return EXIT_FAIL;
                    }
                    ours.push(ta);
                    theirs.push(tb);
                }
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("error: {e}");
                    return EXIT_FAIL;
                }
            }
        }
        let (a, b) = (median(ours), median(theirs));
        let ratio = b.as_secs_f64() / a.as_secs_f64();
        slower |= ratio < 1.0;
        println!(
            "{n:>9}  {:>9.1} ms  {:>9.1} ms  {ratio:>6.2}x",
            a.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3
        );
    }
    println!("ratio = C++ time / grundy time (above 1: grundy is faster)");
    if slower {
        EXIT_FAIL
    } else {
        EXIT_OK
    }
}

/// A caterpillar: a spine of `spine` vertices from the root, one leaf on each.
fn caterpillar(spine: usize) -> Tree {
    let mut edges = Vec::new();
    for i in 1..spine as u32 {
        edges.push((i - 1, i));
    }
    for i in 0..spine as u32 {
        edges.push((i, spine as u32 + i));
    }
    Tree::from_edges(2 * spine, &edges).expect("a caterpillar")
}

/// The complete binary tree on `n` vertices.
fn binary(n: usize) -> Tree {
    let parent: Vec<u32> = (0..n as u32)
        .map(|i| if i == 0 { u32::MAX } else { (i - 1) / 2 })
        .collect();
    Tree::from_parents(&parent).expect("a binary tree")
}

fn report<R: grundy_oracle::search::Rules>(name: &str, mut s: Search<R>, start: R::State) {
    let t = Instant::now();
    let v = s.value(start);
    let secs = t.elapsed().as_secs_f64();
    match v {
        Ok(v) => println!(
            "{name:<34} {:>9} states {:>6.3} s {:>6.2} M states/s {:>7.1} M lookups/s {:>5.1} B/state  value {v}",
            s.states(),
            secs,
            s.states() as f64 / secs / 1e6,
            s.generated() as f64 / secs / 1e6,
            s.memo_bytes() as f64 / s.states() as f64,
        ),
        Err(e) => println!("{name:<34} {e}"),
    }
}

/// Measures the oracle's search speed.
pub fn oracle() -> i32 {
    let limit = 20_000_000;
    println!("one thread; every state is memoized once; lookups = successors generated");
    let tree = caterpillar(20);
    let rules = grundy_oracle::cut::CutRules::<u64>::new(&tree).expect("fits");
    let start = rules.start();
    report(
        "cut: caterpillar, spine 20 (40 v)",
        Search::new(rules, Play::Normal, limit, 0),
        start,
    );
    let tree = binary(31);
    let rules = grundy_oracle::cut::CutRules::<u64>::new(&tree).expect("fits");
    let start = rules.start();
    report(
        "cut: complete binary tree (31 v)",
        Search::new(rules, Play::Normal, limit, 0),
        start,
    );
    // Hackenbush: a spine of 7 edges, each spine vertex carrying a triangle.
    let mut g = Graph {
        n: 7,
        edges: Vec::new(),
    };
    for i in 0..7 {
        g.edges.push((i, i + 1));
    }
    for i in 1..=7u32 {
        let (a, b) = (g.n, g.n + 1);
        g.n += 2;
        g.edges.extend([(i, a), (a, b), (b, i)]);
    }
    let pos = HackenbushPos { graphs: vec![g] };
    let rules = grundy_oracle::hackenbush::HackenbushRules::<u64>::new(&pos).expect("fits");
    let start = rules.start();
    report(
        "hackenbush: spine of 7 triangles",
        Search::new(rules, Play::Normal, limit, 0),
        start,
    );
    EXIT_OK
}

/// Measures solver-vs-oracle cases per second on one core for each game.
pub fn campaign(seconds: f64) -> i32 {
    println!(
        "one thread, small cases (≤ {} vertices), full check incl. relabelled copy",
        Sizes::SMALL.vertices
    );
    for game in Game::ALL {
        let start = Instant::now();
        let mut cases = 0u64;
        while start.elapsed().as_secs_f64() < seconds {
            let g = gen::position(game, &mut Rng::for_case(99, cases), &Sizes::SMALL);
            if grundy_fuzzing::check::check(&g.position, grundy_oracle::Budget::default()).is_err()
            {
                eprintln!("error: case {cases} of {} fails", game.name());
                return EXIT_FAIL;
            }
            cases += 1;
        }
        println!(
            "{:<11} {:>8.0} cases/s",
            game.name(),
            cases as f64 / start.elapsed().as_secs_f64()
        );
    }
    EXIT_OK
}

/// The default scratch folder of the benchmarks.
pub fn default_dir() -> PathBuf {
    std::env::temp_dir().join("grundy-bench")
}
