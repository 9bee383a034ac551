//! `grundy-bench` (its own binary, `src/bin/grundy-bench.rs`): the documented speed
//! measurements (never timed tests), of the `grundy` binary beside it and of the library.
//!
//! * `grundy-bench solve`: wall time of `grundy solve agc017d` on random trees of 10^5 and
//!   10^6 vertices next to two C++ solutions compiled with `g++ -O2`:
//!   `bench/agc017d_dfs.cpp` (cin + recursive DFS) and `bench/agc017d_fastio.cpp` (fread +
//!   leaf peeling, what a strong contestant writes); each program runs `--runs` times per
//!   input (start-up and reading included), the median is reported, and the outputs must
//!   agree; then `grundy solve` alone on 10^6-vertex inputs of `cut` (every query),
//!   `cot3`, `hackenbush` (a cactus) and a large `poj3710` file, time and peak memory.
//! * `grundy-bench oracle`: states per second and bytes per memoized state of the
//!   oracle's search on `cut` and `hackenbush` positions of at least 10^6 states.
//! * `grundy-bench campaign`: solver-vs-oracle cases per second on one core.
//! * `grundy-bench exhaust`: `grundy exhaust` of every game at fixed bounds, each run as
//!   its own process on every core, wall time.

use clap::Subcommand;
use grundy::args::parse_positive_seconds;
use grundy_fuzzing::any;
use grundy_fuzzing::gen::{self, Sizes, TreeShape};
use grundy_fuzzing::Rng;
use grundy_games::*;
use grundy_judging::error::{Error, Outcome};
use grundy_oracle::bench::Measured;
use grundy_oracle::Budget;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The `grundy` binary beside this one (`grundy-bench`): the benchmarks run it as a user
/// would.
pub fn grundy_exe() -> Result<PathBuf, Error> {
    let me = std::env::current_exe().map_err(|e| Error::io("this executable", e))?;
    let beside = me.with_file_name("grundy");
    if beside.is_file() {
        Ok(beside)
    } else {
        Err(Error::usage(format!(
            "{}: no `grundy` binary beside this one (build both: `cargo build --release`)",
            beside.display()
        )))
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// One measured run: wall time (the program's start-up included, not `grundy-bench measure`'s),
/// output, peak resident memory.
struct Measure {
    wall: Duration,
    stdout: Vec<u8>,
    max_rss: u64,
}

/// Runs `cmd` with `input` as its standard input (a regular file, as a judge gives it)
/// and measures it. The peak memory comes from `grundy-bench measure`, a small process that
/// spawns `cmd` and reads `wait4`'s resource usage of it: a process spawned from this one
/// would start its peak at this process's size (the generated trees). The wall time is
/// the one `grundy-bench measure` takes from spawning `cmd` to its exit, so that its own
/// start-up (2.5 ms here) is not counted against the program.
fn time_run(me: &Path, cmd: &[&Path], input: &Path) -> Result<Measure, Error> {
    let file = std::fs::File::open(input).map_err(|e| Error::io(input.display(), e))?;
    let out = Command::new(me)
        .arg("measure")
        .args(cmd)
        .stdin(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| Error::io(format!("cannot run {cmd:?}"), e))?;
    let err = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(Error::internal(format!("{cmd:?} failed: {err}")));
    }
    let max_rss = err
        .lines()
        .find_map(|l| l.strip_prefix("max_rss "))
        .and_then(|v| v.trim().parse().ok())
        .ok_or_else(|| {
            Error::internal(format!("no peak memory from grundy-bench measure: {err}"))
        })?;
    let inner = err
        .lines()
        .find_map(|l| l.strip_prefix("wall_ns "))
        .and_then(|v| v.trim().parse().ok())
        .map(Duration::from_nanos)
        .ok_or_else(|| Error::internal(format!("no wall time from grundy-bench measure: {err}")))?;
    Ok(Measure {
        wall: inner,
        stdout: out.stdout,
        max_rss,
    })
}

/// `grundy-bench measure CMD…`: runs CMD with this process's standard input and output, then
/// prints `max_rss BYTES` (its peak resident memory, from `wait4`) and `wall_ns NS` (from
/// spawning it to its exit) on stderr; the exit code is CMD's.
pub fn measure(cmd: &[String]) -> Result<Outcome, Error> {
    let start = Instant::now();
    let child = Command::new(&cmd[0])
        .args(&cmd[1..])
        .spawn()
        .map_err(|e| Error::usage(format!("cannot run {}: {e}", cmd[0])))?;
    let mut status = 0;
    // SAFETY: wait4 on our own child, with valid pointers to a status and a zeroed rusage.
    let (pid, usage) = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        let pid = libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage);
        (pid, usage)
    };
    let wall = start.elapsed();
    eprintln!("max_rss {}", usage.ru_maxrss as u64 * 1024);
    eprintln!("wall_ns {}", wall.as_nanos());
    let ok = pid > 0 && libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    if ok {
        Ok(Outcome::Passed)
    } else {
        Err(Error::internal(format!(
            "{} failed (wait status {status})",
            cmd[0]
        )))
    }
}

/// The two C++ references, built in `workdir`: cin + recursive DFS, and fread + leaf
/// peeling.
fn build_references(workdir: &Path) -> Result<Vec<PathBuf>, Error> {
    let mut refs = Vec::new();
    for name in ["agc017d_dfs", "agc017d_fastio"] {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("{name}.cpp"));
        let exe = workdir.join(name);
        let status = Command::new("g++")
            .args(["-O2", "-std=c++17", "-o"])
            .arg(&exe)
            .arg(&src)
            .status();
        if !matches!(status, Ok(s) if s.success()) {
            return Err(Error::usage(format!(
                "could not compile {} with g++ -O2",
                src.display()
            )));
        }
        refs.push(exe);
    }
    Ok(refs)
}

/// Compares `grundy solve agc017d` with the C++ references.
pub fn solve(runs: usize, workdir: &Path) -> Result<Outcome, Error> {
    if let Err(e) = std::fs::create_dir_all(workdir) {
        return Err(Error::usage(format!("{}: {e}", workdir.display())));
    }
    let refs = build_references(workdir)?;
    let me = std::env::current_exe().map_err(|e| Error::io("this executable", e))?;
    let grundy = grundy_exe()?;
    grundy_judging::outln!(
        "{:>9}  {:>19}  {:>21}  {:>7}  {:>21}  {:>7}",
        "vertices",
        "grundy",
        "cin + DFS",
        "ratio",
        "fread + peel",
        "ratio"
    );
    let mut slower = false;
    for n in [100_000usize, 1_000_000] {
        let input = workdir.join(format!("agc017d-{n}.in"));
        // The tree and its text are dropped before anything is timed: a child's peak
        // memory starts at this process's size when it is spawned.
        {
            let tree = gen::tree(&mut Rng::new(n as u64), n, TreeShape::RandomParent);
            let text = Problem::Agc017d.write_input(&[Position::Cut(CutPos { tree })]);
            if let Err(e) = std::fs::write(&input, text) {
                return Err(Error::usage(format!("{}: {e}", input.display())));
            }
        }
        let mut times: Vec<Vec<Duration>> = vec![Vec::new(); 3];
        let mut memory = [0u64; 3];
        for _ in 0..runs {
            let a = time_run(
                &me,
                &[&grundy, Path::new("solve"), Path::new("agc017d")],
                &input,
            )?;
            times[0].push(a.wall);
            memory[0] = memory[0].max(a.max_rss);
            for (k, exe) in refs.iter().enumerate() {
                let b = time_run(&me, &[exe], &input)?;
                if a.stdout != b.stdout {
                    return Err(Error::internal(format!(
                        "outputs differ on {}",
                        input.display()
                    )));
                }
                times[k + 1].push(b.wall);
                memory[k + 1] = memory[k + 1].max(b.max_rss);
            }
        }
        let m: Vec<f64> = times.into_iter().map(|t| median(t).as_secs_f64()).collect();
        slower |= m[1] < m[0];
        let cell = |k: usize| {
            format!(
                "{:.1} ms, {:.1} MiB",
                m[k] * 1e3,
                memory[k] as f64 / f64::from(1 << 20)
            )
        };
        grundy_judging::outln!(
            "{n:>9}  {:>19}  {:>21}  {:>6.2}x  {:>21}  {:>6.2}x",
            cell(0),
            cell(1),
            m[1] / m[0],
            cell(2),
            m[2] / m[0]
        );
    }
    grundy_judging::outln!(
        "median wall time of {runs} runs (start-up and reading included) and peak resident memory;"
    );
    grundy_judging::outln!("ratio = C++ time / grundy time (above 1: grundy is faster)");
    grundy_judging::outln!();
    others(runs, workdir, &me, &grundy)?;
    Ok(Outcome::failed_if(slower))
}

/// The large inputs of the other problems `bench solve` times, grundy alone: what, the
/// problem, the input's text.
fn other_inputs() -> Vec<(&'static str, Problem, String)> {
    let rng = &mut Rng::new(17);
    let n = 1_000_000;
    let cut = Position::Cut(CutPos {
        tree: gen::tree(rng, n, TreeShape::RandomParent),
    });
    let chain = Position::Cut(CutPos {
        tree: gen::tree(rng, n, TreeShape::Chain),
    });
    let tree = gen::tree(rng, n, TreeShape::RandomParent);
    let white = (0..n).map(|_| rng.chance(1, 2)).collect();
    let cot3 = Position::Paint(PaintPos { tree, white });
    // 100 test cases at POJ 3710's bounds: 99 trees of 99 vertices, as many edges as the
    // cycles hung on them take (at most 499).
    let poj: Vec<Position> = (0..100)
        .map(|_| {
            let graphs = (0..99)
                .map(|_| gen::graphs::christmas(rng, 99, 499))
                .collect();
            Position::Hackenbush(HackenbushPos { graphs })
        })
        .collect();
    let cactus = Position::Hackenbush(HackenbushPos {
        graphs: vec![big_cactus(rng, n)],
    });
    // AGC 017 D on the shapes where leaf peeling differs most from a random tree: one
    // long chain of parents to follow, one vertex with every edge, a spine with legs.
    let mut shapes: Vec<(&'static str, Problem, String)> = [
        ("agc017d, chain", TreeShape::Chain),
        ("agc017d, star", TreeShape::Star),
        ("agc017d, caterpillar", TreeShape::Caterpillar),
    ]
    .into_iter()
    .map(|(what, shape)| {
        let tree = gen::tree(rng, n, shape);
        let text = Problem::Agc017d.write_input(&[Position::Cut(CutPos { tree })]);
        (what, Problem::Agc017d, text)
    })
    .collect();
    shapes.extend([
        (
            "cut, all queries, random tree",
            Problem::Native(Game::Cut),
            Problem::Native(Game::Cut).write_input(&[cut]),
        ),
        (
            "cut, all queries, chain",
            Problem::Native(Game::Cut),
            Problem::Native(Game::Cut).write_input(&[chain]),
        ),
        (
            "cot3, random tree and colours",
            Problem::Cot3,
            Problem::Cot3.write_input(&[cot3]),
        ),
        (
            "poj3710, 100 test cases at the bounds",
            Problem::Poj3710,
            Problem::Poj3710.write_input(&poj),
        ),
        (
            "hackenbush, one cactus",
            Problem::Native(Game::Hackenbush),
            Problem::Native(Game::Hackenbush).write_input(&[cactus]),
        ),
    ]);
    shapes
}

/// A cactus of `edges` edges: a random tree with cycles of 1 to 5 edges (loops, parallel
/// pairs, longer rings) hung from random vertices until the edges are used up.
fn big_cactus(rng: &mut Rng, edges: usize) -> Graph {
    let skeleton = edges / 4;
    let mut g = Graph {
        n: skeleton as u32,
        edges: gen::tree(rng, skeleton, TreeShape::RandomParent).edges(),
    };
    while g.edges.len() < edges {
        let len = (rng.range(1, 5) as usize).min(edges - g.edges.len()) as u32;
        let at = rng.below(u64::from(g.n)) as u32;
        let mut prev = at;
        for _ in 1..len {
            g.edges.push((prev, g.n));
            prev = g.n;
            g.n += 1;
        }
        g.edges.push((prev, at));
    }
    gen::graphs::shuffle_graph(rng, &mut g);
    g
}

/// `grundy solve` alone on the other problems' large inputs: median wall time and peak
/// memory.
fn others(runs: usize, workdir: &Path, me: &Path, grundy: &Path) -> Result<(), Error> {
    let mut inputs = Vec::new();
    // The positions and their text are dropped before anything is timed.
    for (k, (what, problem, text)) in other_inputs().into_iter().enumerate() {
        let input = workdir.join(format!("other-{k}.in"));
        std::fs::write(&input, &text)
            .map_err(|e| Error::usage(format!("{}: {e}", input.display())))?;
        let size = format!("{:.1} MB", text.len() as f64 / 1e6);
        inputs.push((what, problem, input, size));
    }
    grundy_judging::outln!(
        "{:<38}  {:>8}  {:>10}  {:>10}",
        "grundy solve",
        "input",
        "time",
        "memory"
    );
    for (what, problem, input, size) in inputs {
        let argv = [grundy, Path::new("solve"), Path::new(problem.name())];
        let mut times = Vec::new();
        let mut memory = 0u64;
        for _ in 0..runs {
            let m = time_run(me, &argv, &input)?;
            times.push(m.wall);
            memory = memory.max(m.max_rss);
        }
        grundy_judging::outln!(
            "{what:<38}  {size:>8}  {:>7.1} ms  {:>6.1} MiB",
            median(times).as_secs_f64() * 1e3,
            memory as f64 / f64::from(1 << 20)
        );
    }
    grundy_judging::outln!("median wall time of {runs} runs (start-up, reading and printing included) and peak resident memory");
    Ok(())
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

/// The first random-parent tree of `n` vertices (seeds 1, 2, …) whose `cut` game has
/// between 2 and 8 million states.
fn random_tree(n: usize) -> Tree {
    (1..)
        .map(|seed| gen::tree(&mut Rng::new(seed), n, TreeShape::RandomParent))
        .find(|t| {
            grundy_oracle::bench::cut_states(t)
                .is_some_and(|k| (2_000_000..=8_000_000).contains(&k))
        })
        .expect("some seed gives such a tree")
}

/// One timed search.
struct Run {
    secs: f64,
    states: usize,
    generated: u64,
    bytes: usize,
    value: Result<u32, grundy_oracle::OracleError>,
}

/// The budget of the benchmark searches.
const LIMIT: usize = 20_000_000;

/// A star of `rays` rays: every subset of rays is a state (2^rays states, `rays / 2`
/// successors on average).
fn star(rays: usize) -> Tree {
    let parent: Vec<u32> = (0..=rays as u32)
        .map(|i| if i == 0 { u32::MAX } else { 0 })
        .collect();
    Tree::from_parents(&parent).expect("a star")
}

/// Hackenbush: a spine of `k` edges from the ground, each spine vertex carrying a copy
/// of `gadget` (edges among the spine vertex, 0, and `extra` new vertices 1..=extra).
fn spine(k: u32, extra: u32, gadget: &[(u32, u32)]) -> HackenbushPos {
    let mut g = Graph {
        n: k + 1,
        edges: (0..k).map(|i| (i, i + 1)).collect(),
    };
    for i in 1..=k {
        let at = |x: u32| if x == 0 { i } else { g.n + x - 1 };
        let copy: Vec<(u32, u32)> = gadget.iter().map(|&(a, b)| (at(a), at(b))).collect();
        g.edges.extend(copy);
        g.n += extra;
    }
    HackenbushPos { graphs: vec![g] }
}

/// A triangle through the spine vertex 0.
const TRIANGLE: &[(u32, u32)] = &[(0, 1), (1, 2), (2, 0)];
/// A complete graph on the spine vertex 0 and three more.
const K4: &[(u32, u32)] = &[(0, 1), (0, 2), (0, 3), (1, 2), (2, 3), (1, 3)];

type Bench = (&'static str, Box<dyn Fn() -> Run>);

/// A measured search as the table reports it.
fn report(m: Option<Measured>) -> Run {
    let m = m.expect("the benchmark positions fit the oracle's states");
    Run {
        secs: m.secs,
        states: m.states,
        generated: m.generated,
        bytes: m.bytes,
        value: m.value,
    }
}

fn cut_bench(name: &'static str, tree: Tree, hash: bool) -> Bench {
    (
        name,
        Box::new(move || report(grundy_oracle::bench::cut_search(&tree, hash, LIMIT))),
    )
}

/// `hackenbush` by blocks (or with `plain`, one flood fill per move and the hash memo).
fn hackenbush_bench(name: &'static str, pos: HackenbushPos, plain: bool) -> Bench {
    (
        name,
        Box::new(move || report(grundy_oracle::bench::hackenbush_search(&pos, plain, LIMIT))),
    )
}

/// Measures the oracle's search speed: each position is searched `runs` times from an
/// empty memo, and the run of median time is reported.
pub fn oracle(runs: usize, only: Option<&str>) -> Result<Outcome, Error> {
    let benches: Vec<Bench> = vec![
        cut_bench("cut: caterpillar, spine 20 (40 v)", caterpillar(20), false),
        cut_bench("cut: random tree (36 v)", random_tree(36), false),
        cut_bench("cut: star of 21 rays", star(21), false),
        cut_bench("cut, hash memo: caterpillar", caterpillar(20), true),
        hackenbush_bench(
            "hackenbush: spine of 8 triangles",
            spine(8, 2, TRIANGLE),
            false,
        ),
        hackenbush_bench("hackenbush: spine of 4 K4s", spine(4, 3, K4), false),
        hackenbush_bench(
            "hackenbush, plain: 8 triangles",
            spine(8, 2, TRIANGLE),
            true,
        ),
    ];
    let names: Vec<&str> = benches.iter().map(|(n, _)| *n).collect();
    picked(only, &names)?;
    grundy_judging::outln!(
        "one thread; every state is memoized once; lookups = successors generated; median of {runs} runs"
    );
    let mut failed = false;
    for (name, bench) in benches {
        if only.is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let mut results: Vec<Run> = (0..runs).map(|_| bench()).collect();
        results.sort_by(|a, b| a.secs.total_cmp(&b.secs));
        let (best, worst) = (results[0].secs, results[runs - 1].secs);
        let r = &results[runs / 2];
        match &r.value {
            Ok(v) => grundy_judging::outln!(
                "{name:<34} {:>9} states {:>6.3} s {:>6.2} M states/s {:>6.1} M lookups/s {:>5.1} B/state  value {v}  (runs {:.3}–{:.3} s)",
                r.states,
                r.secs,
                r.states as f64 / r.secs / 1e6,
                r.generated as f64 / r.secs / 1e6,
                r.bytes as f64 / r.states as f64,
                best,
                worst,
            ),
            Err(e) => {
                failed = true;
                grundy_judging::outln!("{name:<34} {e}")
            }
        }
    }
    if failed {
        Ok(Outcome::Failed)
    } else {
        Ok(Outcome::Passed)
    }
}

/// Refuses an `--only TEXT` that no name contains (the bench would measure nothing).
fn picked(only: Option<&str>, names: &[&str]) -> Result<(), Error> {
    match only {
        Some(o) if !names.iter().any(|n| n.contains(o)) => Err(Error::usage(format!(
            "--only {o}: no name contains it (the names: {})",
            names.join(", ")
        ))),
        _ => Ok(()),
    }
}

/// Measures solver-vs-oracle cases per second on one core for each game: for `seconds`,
/// or over exactly `count` cases.
pub fn campaign(
    seconds: Duration,
    only: Option<&str>,
    count: Option<u64>,
) -> Result<Outcome, Error> {
    let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
    picked(only, &names)?;
    grundy_judging::outln!(
        "one thread, small cases (≤ {} vertices), full check incl. relabelled copy",
        Sizes::SMALL.vertices
    );
    for game in Game::ALL {
        if only.is_some_and(|o| !game.name().contains(o)) {
            continue;
        }
        let start = Instant::now();
        let (mut cases, mut states) = (0u64, 0u64);
        while count.map_or(start.elapsed() < seconds, |n| cases < n) {
            let g = any::position(game, &mut Rng::for_case(99, cases), &Sizes::SMALL);
            match grundy_fuzzing::compare::check(&g.position, Budget::default()) {
                Ok(c) => states += c.states as u64,
                Err(_) => {
                    return Err(Error::internal(format!(
                        "case {cases} of {} fails",
                        game.name()
                    )))
                }
            }
            cases += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        grundy_judging::outln!(
            "{:<11} {:>8.0} cases/s  {:>7.1} oracle states/case  {:>5.1} M states/s",
            game.name(),
            cases as f64 / secs,
            states as f64 / cases.max(1) as f64,
            states as f64 / secs / 1e6
        );
    }
    Ok(Outcome::Passed)
}

/// A tree position of `agc017d` with `n` vertices, as the built-in path and the package
/// path hold it.
fn both_forms(
    schema: &grundy_games::schema::Schema,
    n: usize,
    seed: u64,
) -> (Vec<Position>, grundy_games::schema::Instance) {
    let tree = gen::tree(&mut Rng::new(seed), n, TreeShape::Prufer);
    let builtin = vec![Position::Cut(CutPos { tree: tree.clone() })];
    let text = Problem::Agc017d.write_input(&builtin);
    let inst = schema.read(text.as_bytes()).expect("the same format");
    (builtin, inst)
}

/// The shrink predicate of the benchmark: some vertex has three children or more (the
/// minimum is a star of 4 vertices).
fn wide(tree: &Tree) -> bool {
    (0..tree.len() as u32).any(|v| tree.children(v).len() >= 3)
}

/// `grundy-bench schema`: generation and shrinking of `agc017d` inputs through the
/// schema of problems/agc017d against the built-in generators and shrinker.
// Long (about 90 lines) because it is one measurement read top to bottom: the inputs,
// the built-in path timed, the schema path timed, the table; its steps share the inputs.
pub fn schema(runs: usize) -> Result<Outcome, Error> {
    use grundy_fuzzing::contest::{self, Tier};
    use grundy_fuzzing::{schema, shrink};
    use grundy_games::schema::Value;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../problems/agc017d");
    let pkg = grundy_judging::package::Package::load(&dir)?;
    let schema = &pkg.schema;
    grundy_judging::outln!(
        "agc017d: built-in path vs the package problems/agc017d, median of {runs} (one thread)"
    );
    grundy_judging::outln!(
        "{:<44} {:>12} {:>12} {:>7}",
        "measure",
        "built-in",
        "schema",
        "ratio"
    );
    let time = |f: &mut dyn FnMut()| {
        let v: Vec<Duration> = (0..runs)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect();
        median(v)
    };
    let row = |what: String, a: Duration, b: Duration| {
        grundy_judging::outln!(
            "{what:<44} {:>9.3} ms {:>9.3} ms {:>6.2}x",
            a.as_secs_f64() * 1e3,
            b.as_secs_f64() * 1e3,
            b.as_secs_f64() / a.as_secs_f64().max(1e-12)
        );
    };
    for n in [1000usize, 100_000] {
        let reps = (200_000 / n).max(1) as u64;
        let a = time(&mut || {
            for i in 0..reps {
                let cases = contest::input(
                    Problem::Agc017d,
                    &mut Rng::new(i),
                    Tier::Large,
                    Some(n),
                    None,
                );
                std::hint::black_box(Problem::Agc017d.write_input(&cases));
            }
        });
        let b = time(&mut || {
            for i in 0..reps {
                let shape = schema::gen::Shape {
                    size: n,
                    tree: None,
                    extreme: false,
                    split: schema::gen::Split::Drawn,
                };
                let inst = schema::gen::generate(schema, &mut Rng::new(i), &shape).expect("valid");
                std::hint::black_box(schema.write(&inst));
            }
        });
        row(format!("generate + print, {reps} x {n} vertices"), a, b);
    }
    for n in [50usize, 200, 1000] {
        let (builtin, inst) = both_forms(schema, n, 7);
        let start = builtin.clone();
        let mut calls = (0usize, 0usize);
        let a = time(&mut || {
            let s = shrink::shrink_cases(start.clone(), |c| match &c[0] {
                Position::Cut(p) => wide(&p.tree),
                _ => false,
            });
            calls.0 = s.tries;
            std::hint::black_box(s);
        });
        let b = time(&mut || {
            let s = schema::shrink::shrink(schema, inst.clone(), |i| match &i.cases[0].values[1] {
                Value::Edges { n, edges, .. } => {
                    Tree::from_edges(*n as usize, edges).is_ok_and(|t| wide(&t))
                }
                _ => false,
            });
            calls.1 = s.tries;
            std::hint::black_box(s);
        });
        row(
            format!("shrink {n} -> 4 vertices ({} / {} tries)", calls.0, calls.1),
            a,
            b,
        );
    }
    grundy_judging::outln!("ratio = schema time / built-in time (2.00x or less is the goal)");
    Ok(Outcome::Passed)
}

/// The default scratch folder of the benchmarks.
pub fn default_dir() -> PathBuf {
    std::env::temp_dir().join("grundy-bench")
}

/// The exhaustive runs of `grundy-bench exhaust` (the long ones with `--long`).
const EXHAUST_RUNS: [(&str, bool); 8] = [
    ("cut --max-nodes 14", false),
    ("cut --max-nodes 16", false),
    ("paint --max-nodes 10", false),
    ("chip --max-nodes 10 --chips 3", false),
    ("hackenbush --max-nodes 6 --edges 8", false),
    ("staircase --max-nodes 6", false),
    ("hackenbush --max-nodes 7 --edges 9", true),
    ("staircase --max-nodes 7", true),
];

/// Times `grundy exhaust` at each bound of [`EXHAUST_RUNS`], each as its own process
/// (start-up and enumeration included), and prints positions and positions per second.
pub fn exhaust(long: bool) -> Result<Outcome, Error> {
    let me = grundy_exe()?;
    let corpus = tempfile::tempdir().map_err(|e| Error::io("a scratch folder", e))?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    grundy_judging::outln!(
        "{:<48} {:>10} {:>9} {:>14}   ({jobs} job(s))",
        "run",
        "positions",
        "seconds",
        "positions/s"
    );
    for (args, is_long) in EXHAUST_RUNS {
        if is_long && !long {
            continue;
        }
        let start = Instant::now();
        let out = Command::new(&me)
            .arg("exhaust")
            .args(args.split(' '))
            .arg("--corpus")
            .arg(corpus.path())
            .stderr(Stdio::null())
            .output()
            .map_err(|e| Error::internal(format!("cannot run grundy exhaust: {e}")))?;
        let secs = start.elapsed().as_secs_f64();
        let text = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            return Err(Error::internal(format!(
                "grundy exhaust {args} failed:\n{text}"
            )));
        }
        let positions: u64 = text
            .split_whitespace()
            .skip_while(|w| !w.ends_with(':'))
            .nth(1)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| Error::internal(format!("unexpected exhaust output: {text}")))?;
        grundy_judging::outln!(
            "{:<48} {positions:>10} {secs:>9.2} {:>14.0}",
            format!("grundy exhaust {args}"),
            positions as f64 / secs
        );
    }
    Ok(Outcome::Passed)
}

/// What `grundy-bench` measures.
#[derive(Subcommand, Debug)]
pub enum BenchWhat {
    /// Generation and shrinking through a problem package's schema vs the built-in path,
    /// on the same trees (`agc017d` and problems/agc017d).
    Schema {
        /// Repetitions per measurement (the median is reported).
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// `grundy solve agc017d` vs two C++ solutions (cin + DFS, fread + leaf peeling) on
    /// 10^5 and 10^6 vertices.
    Solve {
        /// Runs per program and input (the median is reported).
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Scratch folder for the inputs and the compiled reference.
        #[arg(long)]
        dir: Option<PathBuf>,
    },
    /// The oracle's states per second and bytes per state (≥ 10^6 states).
    Oracle {
        /// Searches per position, each with a fresh memo (the median is reported).
        #[arg(long, default_value_t = 5)]
        runs: usize,
        /// Only the positions whose name contains this text (e.g. `cut`, `hackenbush`).
        #[arg(long)]
        only: Option<String>,
    },
    /// `grundy exhaust` of every game at documented bounds, on every core: positions,
    /// seconds, positions per second.
    Exhaust {
        /// Also the long ones (`cut` to 16 vertices, `hackenbush` to 7 vertices and 9 edges:
        /// minutes each).
        #[arg(long)]
        long: bool,
    },
    /// A package's Python rules through grundy's worker vs the same memoized search
    /// written directly in Python (`bench/rules_direct.py`): states per second.
    Rules {
        /// The package (with `[game] rules`).
        dir: PathBuf,
        /// Inputs of the package (default: three of its largest adversarial inputs).
        files: Vec<PathBuf>,
        /// Runs per case and side (the median is reported).
        #[arg(long, default_value_t = 3)]
        runs: usize,
    },
    /// grundy's own footprint (peak memory, CPU time) while it checks `agc017d` and
    /// `cot3` at their maximum against a solution that overflows its stack on deep
    /// trees (`bench/deep_then_solve.cpp`, needs g++), and the programs' exact peaks.
    Check {
        /// Random inputs per check (the adversarial maximum-size inputs always run).
        #[arg(long, default_value_t = 200)]
        cases: usize,
    },
    /// The sandbox's cost: `grundy check agc017d` of a correct C++ and a correct Python
    /// solution with `--sandbox none` and `--sandbox auto`, alternated, the median of
    /// each; the ratio, and the cost per judged run.
    Sandbox {
        /// Random inputs per check (89 family members and 4 adversarial inputs always).
        #[arg(long, default_value_t = 200)]
        cases: usize,
        /// Checks per side and program (the median is reported).
        #[arg(long, default_value_t = 5)]
        runs: usize,
    },
    /// Solver-vs-oracle cases per second on one core, per game.
    Campaign {
        /// Seconds per game.
        #[arg(long, default_value = "2", value_parser = parse_positive_seconds)]
        seconds: Duration,
        /// Only the games whose name contains this text (e.g. `hackenbush`).
        #[arg(long)]
        only: Option<String>,
        /// Check exactly this many cases per game instead of running for `--seconds`: a
        /// fixed amount of work, for an instruction count (`valgrind --tool=callgrind`)
        /// that does not depend on the machine's load.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        cases: Option<u64>,
    },
}

/// The arguments of `grundy-bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// What is measured.
    #[command(subcommand)]
    pub what: BenchWhat,
}

impl BenchArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let BenchArgs { what } = self;
        match what {
            BenchWhat::Solve { runs, dir } => {
                crate::bench::solve(runs.max(1), &dir.unwrap_or_else(crate::bench::default_dir))
            }
            BenchWhat::Oracle { runs, only } => crate::bench::oracle(runs.max(1), only.as_deref()),
            BenchWhat::Campaign {
                seconds,
                only,
                cases,
            } => crate::bench::campaign(seconds, only.as_deref(), cases),
            BenchWhat::Rules { dir, files, runs } => {
                crate::bench_rules::rules(&dir, &files, runs.max(1))
            }
            BenchWhat::Exhaust { long } => crate::bench::exhaust(long),
            BenchWhat::Schema { runs } => crate::bench::schema(runs.max(1)),
            BenchWhat::Check { cases } => crate::bench_check::check(cases),
            BenchWhat::Sandbox { cases, runs } => crate::bench_sandbox::sandbox(cases, runs.max(1)),
        }
    }
}

/// The arguments of `grundy-bench measure`.
#[derive(clap::Args, Debug)]
pub struct MeasureArgs {
    /// The command and its arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
    cmd: Vec<String>,
}

impl MeasureArgs {
    /// Runs the hidden `grundy-bench measure`.
    pub fn run(self) -> Result<Outcome, Error> {
        measure(&self.cmd)
    }
}
