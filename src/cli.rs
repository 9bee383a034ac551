//! Argument parsing and dispatch (clap). Every command returns `Result<Outcome, Error>`,
//! mapped to the exit code in one place ([`crate::error::exit_code`]).

use crate::campaign::{Limit, Plan};
use crate::cmd;
use crate::engine::Engine;
use crate::error::{self, Error, Outcome, EXIT_OK, EXIT_USAGE};
use crate::output::ColorChoice;
use crate::runner::Limits;
use clap::{Parser, Subcommand};
use grundy_fuzzing::check::Subject;
use grundy_fuzzing::contest::{self, Tier};
use grundy_fuzzing::exhaust::Bounds;
use grundy_fuzzing::gen::{Sizes, TreeShape};
use grundy_games::{Game, Problem};
use grundy_oracle::Budget;
use std::path::PathBuf;
use std::time::Duration;

/// Evaluates `$body` with `$suite` bound to the suite of a problem — a built-in problem,
/// a package with an engine (judged like that built-in problem), or a schema package —
/// and `$defaults` to the package's judge limits.
macro_rules! with_suite {
    ($target:expr, |$suite:ident, $defaults:ident| $body:expr) => {{
        match $target {
            Target::Builtin(p) => {
                let $suite = &crate::suite::Builtin::plain(*p);
                let $defaults: Option<(Limits, f64)> = crate::package::builtin_limits(*p)?;
                $body
            }
            Target::Package(dir) => {
                let loaded = crate::suite::Packaged::load(dir)?;
                let $defaults = Some((loaded.pkg.limits, loaded.pkg.wall_factor));
                match loaded.pkg.engine {
                    Some(engine) => {
                        let $suite = &crate::suite::Builtin(engine, Some(loaded));
                        $body
                    }
                    None => {
                        let $suite = &loaded;
                        $body
                    }
                }
            }
        }
    }};
}

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Differential fuzzing and verification harness for impartial games on trees, cacti and stone layouts"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a contest or native input (stdin when no FILE).
    Solve(SolveArgs),
    /// Check that an input meets the problem's statement exactly (the validator).
    Validate(ValidateArgs),
    /// Solver-vs-oracle campaign on random positions of many shapes.
    Fuzz(FuzzArgs),
    /// Bounded-exhaustive check: every rooted tree up to N vertices, every colouring, chip
    /// placement, small stone layout and small multigraph.
    Exhaust(ExhaustArgs),
    /// Validate a contest solution: random and adversarial inputs, judged by the oracle
    /// (small) or the solver; each group of failures is shrunk with the program in the loop.
    Check(CheckArgs),
    /// Print one valid input of a problem (same arguments, same output, always).
    Gen(GenArgs),
    /// Play the contestant's side against the package's own interactor (perfect, first
    /// legal move, random): every test where the interactor is weak, shrunk.
    Harden(HardenArgs),
    /// Explore a game given by its rules: the value of every small input, by value and
    /// shape, and the value sequences of paths, stars and single values with their periods.
    Values(cmd::values::ValuesArgs),
    /// Write a test set of a problem package: NN.in, NN.ans (the reference's answers),
    /// regenerate.sh and SUMMARY.md.
    Testset(TestsetArgs),
    /// A built-in problem's checker with the testlib protocol: exit 0 OK, 1 WA, 2 PE,
    /// 3 checker failure, the message on stderr.
    Checker(CheckerArgs),
    /// Replay a corpus through the solver and oracle, or through a program (--against).
    Replay(ReplayArgs),
    /// Turn a libFuzzer crash artifact into a shrunk, readable corpus case.
    Import(ImportArgs),
    /// Write the fuzz targets' seed corpus (fuzz/corpus/TARGET/) from the regression corpus.
    FuzzCorpus(FuzzCorpusArgs),
    /// Speed measurements: `solve` (vs a g++ -O2 cin/DFS solution), `oracle` (states per
    /// second), `campaign` (cases per second per core).
    Bench(BenchArgs),
    /// The growth rate of a program's CPU time: a doubling series of inputs of one shape
    /// (or of every shape), fitted to c·n^E.
    Scale(ScaleArgs),
    /// Search for the input of the maximum size that is slowest for a program (every
    /// shape, then hill-climbing with structural moves); a TLE found is saved.
    Hunt(HuntArgs),
    /// Time-limit calibration: reference solutions on the adversarial inputs, large random
    /// ones and the slowest inputs of a hunt; a recommended limit.
    Time(TimeArgs),
    /// Check one native input from stdin with a named subject (used to shrink hangs).
    #[command(hide = true)]
    Probe(ProbeArgs),
    /// Run a command with this process's standard input and output and print its peak
    /// memory on stderr (used by `grundy bench solve`, from a small process).
    #[command(hide = true)]
    Measure(MeasureArgs),
    /// The harness checks itself: every deliberately broken solver must be caught.
    Selftest(SelftestArgs),
}

/// Limits of every run of an external program.
#[derive(clap::Args, Debug)]
struct LimitArgs {
    /// Time limit per run in seconds of CPU time (default 2, or the package's), or `auto`:
    /// the limit `grundy time --save-limit` recommended.
    #[arg(long, value_parser = parse_tl)]
    tl: Option<Tl>,
    /// Wall-clock backstop: a run is also stopped (TLE) after this many times --tl
    /// (default 2).
    #[arg(long, value_parser = parse_factor)]
    wall_factor: Option<f64>,
    /// Memory limit per run in MiB (address space; default: none, or the package's).
    #[arg(long)]
    ml: Option<u64>,
    /// Stack limit in MiB, or `unlimited` (default 8, the usual `ulimit -s`).
    #[arg(long)]
    stack: Option<String>,
    /// Most MiB of output kept before the program is killed (default 64).
    #[arg(long)]
    output_limit: Option<u64>,
}

impl LimitArgs {
    /// The limits: the flags given, else `defaults` (a package's judge limits), else
    /// grundy's defaults; with the wall-clock factor used.
    fn limits(
        &self,
        defaults: Option<(Limits, f64)>,
        auto_limit: Option<PathBuf>,
    ) -> Result<(Limits, f64), Error> {
        let (base, base_factor) =
            defaults.unwrap_or((Limits::with_time(Duration::from_secs(2), 2.0), 2.0));
        let stack = match self.stack.as_deref() {
            None => base.stack,
            Some("unlimited") => None,
            Some(s) => Some(
                s.parse::<u64>()
                    .ok()
                    .filter(|&m| (1..=1 << 20).contains(&m))
                    .ok_or_else(|| {
                        Error::usage(format!(
                            "--stack {s}: expected MiB (1 to 1048576) or `unlimited`"
                        ))
                    })?
                    << 20,
            ),
        };
        let mib = |flag: &str, v: u64| {
            if (1..=1 << 30).contains(&v) {
                Ok(v << 20)
            } else {
                Err(Error::usage(format!(
                    "{flag} {v}: expected MiB from 1 to 1073741824"
                )))
            }
        };
        let time = match &self.tl {
            None => base.time,
            Some(Tl::Seconds(t)) => *t,
            Some(Tl::Auto) => {
                let path = auto_limit.ok_or_else(|| {
                    Error::usage("--tl auto: this command has no saved time limit to read")
                })?;
                let text = std::fs::read_to_string(&path).map_err(|_| {
                    Error::usage(format!(
                        "--tl auto: no saved limit in {} (run `grundy time … --save-limit` first)",
                        path.display()
                    ))
                })?;
                parse_positive_seconds(text.trim())
                    .map_err(|e| Error::usage(format!("{}: {e}", path.display())))?
            }
        };
        let factor = self.wall_factor.unwrap_or(base_factor);
        Ok((
            Limits {
                time,
                wall: time.mul_f64(factor),
                memory: match self.ml {
                    Some(m) => Some(mib("--ml", m)?),
                    None => base.memory,
                },
                stack,
                output: match self.output_limit {
                    Some(o) => mib("--output-limit", o)? as usize,
                    None => base.output,
                },
            },
            factor,
        ))
    }
}

/// A problem named on the command line: built in, or a package folder.
#[derive(Clone, Debug)]
pub enum Target {
    /// One of grundy's problems.
    Builtin(Problem),
    /// A folder with a `problem.toml`.
    Package(PathBuf),
}

/// The built-in problem whose engine answers `target`: itself, or a package's `engine`.
fn engine_of(target: &Target) -> Result<Option<Problem>, Error> {
    Ok(match target {
        Target::Builtin(p) => Some(*p),
        Target::Package(dir) => crate::package::Package::load(dir)?.engine,
    })
}

/// Parses a problem id or a package folder for clap.
pub fn parse_target(s: &str) -> Result<Target, String> {
    if let Some(p) = Problem::from_name(s) {
        return Ok(Target::Builtin(p));
    }
    if crate::package::is_package(s) {
        return Ok(Target::Package(PathBuf::from(s)));
    }
    let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
    if std::path::Path::new(s).is_dir() {
        return Err(format!(
            "{s}: a folder without a problem.toml (see \"Your own problem\" in the README)"
        ));
    }
    Err(format!(
        "unknown problem '{s}' (expected one of: {}, or a package folder with a problem.toml)",
        names.join(", ")
    ))
}

/// `--tl`: seconds, or `auto`.
#[derive(Clone, Debug)]
enum Tl {
    Seconds(Duration),
    Auto,
}

fn parse_tl(s: &str) -> Result<Tl, String> {
    if s == "auto" {
        return Ok(Tl::Auto);
    }
    parse_positive_seconds(s).map(Tl::Seconds)
}

/// Where `grundy time --save-limit` keeps the recommended limit of a problem: the
/// package's `time-limit.txt`, or `time-limit-PROBLEM.txt` in the cache for a built-in one.
pub fn saved_limit_path(target: &Target) -> PathBuf {
    match target {
        Target::Package(dir) => dir.join("time-limit.txt"),
        Target::Builtin(p) => {
            crate::program::cache_dir().join(format!("time-limit-{}.txt", p.name()))
        }
    }
}

/// The longest duration any flag accepts: about 11.6 days.
const MAX_SECONDS: f64 = 1e6;

/// Parses a number of seconds: finite, not negative, at most [`MAX_SECONDS`]. The one
/// parser of every duration flag (`--tl`, `--time`, `--shrink-time`, `--seconds`, …).
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if !v.is_finite() || v < 0.0 {
        return Err(format!(
            "'{s}': expected a number of seconds from 0 to {MAX_SECONDS}"
        ));
    }
    if v > MAX_SECONDS {
        return Err(format!("'{s}': at most {MAX_SECONDS} seconds"));
    }
    Ok(Duration::from_secs_f64(v))
}

/// As [`parse_seconds`], and more than zero.
pub fn parse_positive_seconds(s: &str) -> Result<Duration, String> {
    let d = parse_seconds(s)?;
    if d.is_zero() {
        return Err(format!("'{s}': expected more than 0 seconds"));
    }
    Ok(d)
}

/// A multiple from 1 to 100 (the wall-clock factor).
fn parse_factor(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if (1.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}': expected a factor from 1 to 100")),
    }
}

fn parse_shape(s: &str) -> Result<TreeShape, String> {
    TreeShape::from_name(s).ok_or_else(|| {
        format!("unknown shape '{s}' (expected chain, star, caterpillar, broom, binary, random, deep or prufer)")
    })
}

fn parse_tier(s: &str) -> Result<Tier, String> {
    match s {
        "small" => Ok(Tier::Small),
        "medium" => Ok(Tier::Medium),
        "large" => Ok(Tier::Large),
        _ => Err(format!(
            "unknown tier '{s}' (expected small, medium or large)"
        )),
    }
}

#[derive(Subcommand, Debug)]
enum BenchWhat {
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
    /// Solver-vs-oracle cases per second on one core, per game.
    Campaign {
        /// Seconds per game.
        #[arg(long, default_value = "2", value_parser = parse_positive_seconds)]
        seconds: Duration,
        /// Only the games whose name contains this text (e.g. `hackenbush`).
        #[arg(long)]
        only: Option<String>,
    },
}

/// Parses a problem id for clap.
pub fn parse_problem(s: &str) -> Result<Problem, String> {
    Problem::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Problem::ALL.iter().map(|p| p.name()).collect();
        format!(
            "unknown problem '{s}' (expected one of: {})",
            names.join(", ")
        )
    })
}

/// Parses a subject name (`solver` or a mutant) for clap.
fn parse_subject(s: &str) -> Result<Subject, String> {
    grundy_fuzzing::mutants::subject(s).ok_or_else(|| {
        let names: Vec<&str> = grundy_fuzzing::mutants::zoo()
            .iter()
            .map(|m| m.name)
            .collect();
        format!(
            "unknown subject '{s}' (expected solver or a mutant: {})",
            names.join(", ")
        )
    })
}

/// Parses a game id for clap.
pub fn parse_game(s: &str) -> Result<Game, String> {
    Game::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Game::ALL.iter().map(|g| g.name()).collect();
        format!("unknown game '{s}' (expected one of: {})", names.join(", "))
    })
}

/// Parses a decimal or `0x` hexadecimal 64-bit number.
pub fn parse_u64(s: &str) -> Result<u64, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => s.parse(),
    };
    r.map_err(|_| format!("'{s}' is not a 64-bit number (decimal or 0x hex)"))
}

/// Parses `K/N` with 1 ≤ K ≤ N.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let err = || format!("'{s}' is not a shard K/N with 1 ≤ K ≤ N");
    let (k, n) = s.split_once('/').ok_or_else(err)?;
    let (k, n): (u64, u64) = (k.parse().map_err(|_| err())?, n.parse().map_err(|_| err())?);
    if k == 0 || n == 0 || k > n {
        return Err(err());
    }
    Ok((k, n))
}

fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    grundy_fuzzing::Rng::new(t ^ u64::from(std::process::id())).next_u64()
}

fn cores() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Runs the command line and returns the exit code.
pub fn main() -> i32 {
    use clap::{CommandFactory, FromArgMatches};
    let names = |contest: bool| {
        Problem::ALL
            .iter()
            .filter(|p| p.is_contest() == contest)
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let help = format!(
        "Problems: {} (contest formats) and {} (native formats), or a problem package folder.\nExit codes: 0 all checks passed, 1 a finding or failing verdict, 2 bad usage or bad input, 3 an internal error, 128+N stopped by signal N.",
        names(true),
        names(false)
    );
    let parsed = Cli::command()
        .after_help(help)
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    error::exit_code(dispatch(cli.command))
}

fn dispatch(command: Command) -> Result<Outcome, Error> {
    match command {
        Command::Solve(args) => args.run(),
        Command::Validate(args) => args.run(),
        Command::Fuzz(args) => args.run(),
        Command::Exhaust(args) => args.run(),
        Command::Check(args) => args.run(),
        Command::Gen(args) => args.run(),
        Command::Testset(args) => args.run(),
        Command::Harden(args) => cmd::harden::run(
            &args.dir,
            args.seed,
            args.cases.max(1),
            args.interactor.as_deref(),
        ),
        Command::Values(args) => args.run(),
        Command::Checker(args) => args.run(),
        Command::Replay(args) => args.run(),
        Command::Import(args) => args.run(),
        Command::FuzzCorpus(args) => args.run(),
        Command::Bench(args) => args.run(),
        Command::Selftest(args) => args.run(),
        Command::Scale(args) => args.run(),
        Command::Hunt(args) => args.run(),
        Command::Time(args) => args.run(),
        Command::Probe(args) => args.run(),
        Command::Measure(args) => cmd::bench::measure(&args.cmd),
    }
}

/// The arguments of `grundy solve`.
#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// A contest problem, a native game (the list is at the end of `grundy --help`), or a
    /// package folder (answered by its rules or references).
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
    /// Which engine answers: the fast solver, or exhaustive search (small inputs).
    #[arg(long, value_enum, default_value_t = Engine::Solver)]
    engine: Engine,
    /// Also enforce every constraint of the contest statement (as `validate` does).
    #[arg(long)]
    strict: bool,
    /// Oracle budget: most states one search may memoize before giving up (default
    /// 1,000,000, or a package's `[game] max_states`).
    #[arg(long)]
    max_states: Option<usize>,
    /// Print the misère outcome (First/Second to win) instead, by the oracle.
    #[arg(long)]
    misere: bool,
}

/// The arguments of `grundy validate`.
#[derive(clap::Args, Debug)]
struct ValidateArgs {
    /// The problem whose constraints apply: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// The input file; standard input when absent or `-`.
    file: Option<PathBuf>,
}

/// The arguments of `grundy fuzz`.
#[derive(clap::Args, Debug)]
struct FuzzArgs {
    /// Games to fuzz (all when none).
    #[arg(value_parser = parse_game)]
    games: Vec<Game>,
    /// Stop after this many seconds (default 10 when --cases is absent).
    #[arg(long, conflicts_with = "cases", value_parser = parse_seconds)]
    time: Option<Duration>,
    /// Stop after this many cases.
    #[arg(long)]
    cases: Option<u64>,
    /// Campaign seed (decimal or 0x hex); random when absent, always printed.
    #[arg(long, value_parser = parse_u64)]
    seed: Option<u64>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Where findings are saved.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Run only this shard K/N of the case indices (i mod N = K − 1).
    #[arg(long, value_parser = parse_shard, default_value = "1/1")]
    shard: (u64, u64),
    /// Re-run exactly one case index (as printed by a finding).
    #[arg(long)]
    case: Option<u64>,
    /// Go on after a disagreement instead of stopping.
    #[arg(long)]
    keep_going: bool,
    /// Oracle budget per search.
    #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
    max_states: usize,
    /// Largest tree generated, in vertices — staircase layouts included (default 10, and 6
    /// for staircase layouts; the oracle's cost grows exponentially: cases over its
    /// budget are counted as skipped).
    #[arg(long)]
    max_nodes: Option<usize>,
    /// Most edges of a hackenbush sum (default 10).
    #[arg(long)]
    max_edges: Option<usize>,
    /// A case whose check runs longer than this many seconds is a finding (a hang).
    #[arg(long, default_value = "10", value_parser = parse_positive_seconds)]
    case_time: Duration,
    /// What is checked against the oracle: `solver`, or a mutant of `grundy selftest`
    /// (to see how the harness reports a wrong answer, a panic or a hang).
    #[arg(long, default_value = "solver", value_parser = parse_subject)]
    subject: Subject,
    /// Write the campaign as JSON (statistics, the shape census, every finding with the
    /// command that reproduces it): `--report json FILE`.
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
}

/// The arguments of `grundy exhaust`.
#[derive(clap::Args, Debug)]
struct ExhaustArgs {
    /// Worker threads (default: all cores); positions are dealt round-robin.
    #[arg(long)]
    jobs: Option<usize>,
    /// The game.
    #[arg(value_parser = parse_game)]
    game: Game,
    /// Largest tree (or, for hackenbush, graph) in vertices.
    #[arg(long)]
    max_nodes: usize,
    /// chip: up to this many chips.
    #[arg(long, default_value_t = 2)]
    chips: usize,
    /// hackenbush: up to this many edges.
    #[arg(long, default_value_t = 6)]
    edges: usize,
    /// staircase: stones per vertex up to this.
    #[arg(long, default_value_t = 3)]
    stones: u64,
    /// staircase: caps L from 1 to this.
    #[arg(long, default_value_t = 3)]
    cap: u64,
    /// Where a finding is saved.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Oracle budget per search.
    #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
    max_states: usize,
    /// Check only position K of the enumeration (as printed by a finding).
    #[arg(long)]
    case: Option<u64>,
    /// A position whose check runs longer than this many seconds is a finding (a hang).
    #[arg(long, default_value = "10", value_parser = parse_positive_seconds)]
    case_time: Duration,
    /// `solver`, or a mutant of `grundy selftest`.
    #[arg(long, default_value = "solver", value_parser = parse_subject)]
    subject: Subject,
}

/// The arguments of `grundy check`.
#[derive(clap::Args, Debug)]
struct CheckArgs {
    /// The problem: a built-in id, or a package folder (holding a problem.toml).
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// Seed of the random inputs (decimal or 0x hex).
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Random inputs: 80% small (oracle), 15% medium, 5% large (solver).
    #[arg(long, default_value_t = 200)]
    cases: u64,
    /// Stop starting new tests after this many seconds.
    #[arg(long, value_parser = parse_seconds)]
    time: Option<Duration>,
    /// Tests run at once (1 keeps timings undisturbed).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Run only test number N of the plan (as printed by a failure).
    #[arg(long)]
    case: Option<u64>,
    /// Skip the adversarial maximum-constraint inputs.
    #[arg(long)]
    no_adversarial: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// Folder for the failing input: DIR/<problem>/NAME.in, .out (expected), .actual.
    #[arg(long, default_value = "failures")]
    save: PathBuf,
    /// Seconds allowed for shrinking a failure.
    #[arg(long, default_value = "60", value_parser = parse_seconds)]
    shrink_time: Duration,
    /// Colour the report: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,
    /// Stop at the first failing test (instead of running the whole plan and reporting
    /// every group of failures).
    #[arg(long)]
    first: bool,
    /// After the plan, hunt for a slowest input of the maximum size (hill-climbing with
    /// structural moves); a TLE found is reported and saved like any failure.
    #[arg(long)]
    hunt_tle: bool,
    /// Seconds of hunting with --hunt-tle.
    #[arg(long, default_value = "30", value_parser = parse_seconds)]
    hunt_time: Duration,
    /// Write a report of every test's verdict: `--report json FILE` or
    /// `--report junit FILE` (repeatable).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    /// The program: a command line, or a source file (.cpp, .rs compiled and cached; .py).
    /// None, for a package: every solution of the package, each against the verdict it
    /// is expected to get (`[[solutions]]`, or by file names).
    #[arg(last = true)]
    cmd: Vec<String>,
}

/// The arguments of `grundy gen`.
#[derive(clap::Args, Debug)]
struct GenArgs {
    /// The problem: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// Seed (decimal or 0x hex).
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Vertices (per tree, or per graph for poj3710).
    #[arg(long)]
    size: Option<usize>,
    /// Tree shape: chain, star, caterpillar, broom, binary, random, deep, prufer.
    #[arg(long, value_parser = parse_shape)]
    shape: Option<TreeShape>,
    /// Size tier when --size is absent: small, medium or large.
    #[arg(long, default_value = "small", value_parser = parse_tier)]
    tier: Tier,
    /// Packages: counts and values at their extremes (the adversarial inputs).
    #[arg(long)]
    extreme: bool,
}

/// The arguments of `grundy testset`.
#[derive(clap::Args, Debug)]
struct TestsetArgs {
    /// The package folder.
    dir: PathBuf,
    /// Where the tests go.
    #[arg(long)]
    out: PathBuf,
    /// Seed of the first test.
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Random tests (the adversarial ones and the wrong solutions' witnesses come on top).
    #[arg(long, default_value_t = 20)]
    count: usize,
    /// The judge's layout: plain (NN.in, NN.ans), polygon (tests/NN, tests/NN.a) or
    /// kattis (data/sample, data/secret, output_validators).
    #[arg(long, value_enum, default_value = "plain")]
    layout: cmd::testset::Layout,
    /// Keep only the maximal tests, the witnesses, and the random tests needed to kill
    /// every wrong solution.
    #[arg(long)]
    minimal: bool,
    /// Seconds for finding and shrinking each wrong solution's witness.
    #[arg(long, value_parser = parse_seconds, default_value = "30")]
    shrink_time: Duration,
}

/// The arguments of `grundy harden`.
#[derive(clap::Args, Debug)]
struct HardenArgs {
    /// The package folder (with `[game] rules` and `[interact] interactor`).
    dir: PathBuf,
    /// Seed of the tests.
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Tests played.
    #[arg(long, default_value_t = 30)]
    cases: u64,
    /// Harden this interactor instead of the package's own (a program or source file).
    #[arg(long)]
    interactor: Option<PathBuf>,
}

/// The arguments of `grundy checker`.
#[derive(clap::Args, Debug)]
struct CheckerArgs {
    /// The problem.
    #[arg(value_parser = parse_problem)]
    problem: Problem,
    /// The input file.
    input: PathBuf,
    /// The contestant's output.
    output: PathBuf,
    /// The expected output.
    answer: PathBuf,
}

/// The arguments of `grundy replay`.
#[derive(clap::Args, Debug)]
struct ReplayArgs {
    /// The corpus folder.
    #[arg(default_value = "corpus")]
    dir: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    /// Write a report: `--report json FILE` or `--report junit FILE` (repeatable).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    /// Judge this program (a path or a source file) against the NAME.out files instead.
    #[arg(long, conflicts_with = "cmd")]
    against: Option<String>,
    /// As --against, for a command with arguments: `grundy replay DIR -- CMD ARGS…`.
    #[arg(last = true)]
    cmd: Vec<String>,
    /// Replay the cases of this problem package (DIR/NAME.in or DIR/<name>/NAME.in),
    /// judged with its reference and checker.
    #[arg(long)]
    package: Option<PathBuf>,
}

/// The arguments of `grundy import`.
#[derive(clap::Args, Debug)]
struct ImportArgs {
    /// The artifact file (e.g. fuzz/artifacts/check_cut/crash-…).
    artifact: PathBuf,
    /// The target that produced it (check_GAME, parse_PROBLEM or roundtrip).
    #[arg(long)]
    target: String,
    /// The corpus to add the case to.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
}

/// The arguments of `grundy fuzz-corpus`.
#[derive(clap::Args, Debug)]
struct FuzzCorpusArgs {
    /// The regression corpus.
    #[arg(long, default_value = "corpus")]
    corpus: PathBuf,
    /// Where the seed inputs go.
    #[arg(long, default_value = "fuzz/corpus")]
    out: PathBuf,
}

/// The arguments of `grundy bench`.
#[derive(clap::Args, Debug)]
struct BenchArgs {
    #[command(subcommand)]
    what: BenchWhat,
}

/// The arguments of `grundy scale`.
#[derive(clap::Args, Debug)]
struct ScaleArgs {
    /// The problem: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// Only this shape: chain, star, caterpillar, binary, deep or random.
    #[arg(long, value_parser = parse_shape)]
    shape: Option<TreeShape>,
    /// Runs per size (the fastest counts).
    #[arg(long, default_value_t = 5)]
    runs: usize,
    /// Print every measured size.
    #[arg(long, short)]
    verbose: bool,
    #[command(flatten)]
    limits: LimitArgs,
    /// The program.
    #[arg(last = true, required = true)]
    cmd: Vec<String>,
}

/// The arguments of `grundy hunt`.
#[derive(clap::Args, Debug)]
struct HuntArgs {
    /// The problem: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// Seconds of hill-climbing.
    #[arg(long, default_value = "60", value_parser = parse_seconds)]
    time: Duration,
    /// Start only from this shape (default: every shape).
    #[arg(long, value_parser = parse_shape)]
    from: Option<TreeShape>,
    /// Seed of the starting inputs and the moves.
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Folder for a TLE found: DIR/<problem>/NAME.in, .out.
    #[arg(long, default_value = "failures")]
    save: PathBuf,
    #[command(flatten)]
    limits: LimitArgs,
    /// The program.
    #[arg(last = true, required = true)]
    cmd: Vec<String>,
}

/// The arguments of `grundy time`.
#[derive(clap::Args, Debug)]
struct TimeArgs {
    /// The problem: a built-in id or a package folder.
    #[arg(value_parser = parse_target)]
    problem: Target,
    /// A reference solution (a source file or a command line in quotes); repeatable.
    #[arg(long = "ref", required = true)]
    refs: Vec<String>,
    /// Seconds of hunting for each reference's slowest input.
    #[arg(long, default_value = "20", value_parser = parse_seconds)]
    hunt_time: Duration,
    /// Save the recommended limit, for `grundy check --tl auto`.
    #[arg(long)]
    save_limit: bool,
}

/// The arguments of `grundy measure`.
#[derive(clap::Args, Debug)]
struct MeasureArgs {
    /// The command and its arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
    cmd: Vec<String>,
}

/// The arguments of `grundy probe`.
#[derive(clap::Args, Debug)]
struct ProbeArgs {
    /// The game.
    #[arg(value_parser = parse_game)]
    game: Game,
    /// `solver` or a mutant's name.
    #[arg(long, default_value = "solver")]
    subject: String,
    /// Oracle budget.
    #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
    max_states: usize,
}

/// The arguments of `grundy selftest`.
#[derive(clap::Args, Debug)]
struct SelftestArgs {
    /// Seed of the mutant campaigns.
    #[arg(long, value_parser = parse_u64, default_value = "1")]
    seed: u64,
    /// Time allowed per mutant, in seconds.
    #[arg(long, default_value = "2", value_parser = parse_positive_seconds)]
    seconds: Duration,
    /// Print each shrunk case.
    #[arg(long, short)]
    verbose: bool,
}

impl SolveArgs {
    fn run(self) -> Result<Outcome, Error> {
        let SolveArgs {
            problem,
            file,
            engine,
            strict,
            max_states,
            misere,
        } = self;
        let problem = match problem {
            Target::Package(dir) => {
                let pkg = crate::package::Package::load(&dir)?;
                match pkg.engine {
                    Some(p) => p,
                    None => return cmd::package::solve(pkg, file, max_states),
                }
            }
            Target::Builtin(p) => p,
        };
        cmd::solve::solve(
            problem,
            file,
            engine,
            strict,
            Budget::states(max_states.unwrap_or(grundy_oracle::DEFAULT_MAX_STATES)),
            misere,
        )
    }
}

impl ValidateArgs {
    fn run(self) -> Result<Outcome, Error> {
        let ValidateArgs { problem, file } = self;
        match (engine_of(&problem)?, problem) {
            (Some(p), _) => cmd::solve::validate(p, file),
            (None, Target::Package(dir)) => cmd::package::validate(&dir, file),
            (None, Target::Builtin(_)) => unreachable!("a built-in problem is its own engine"),
        }
    }
}

impl FuzzArgs {
    fn run(self) -> Result<Outcome, Error> {
        let FuzzArgs {
            games,
            time,
            cases,
            seed,
            jobs,
            corpus,
            shard,
            case,
            keep_going,
            max_states,
            max_nodes,
            max_edges,
            case_time,
            subject,
            report,
        } = self;
        {
            let report = match report.as_slice() {
                [] => None,
                [format, path] if format == "json" => Some(PathBuf::from(path)),
                [format, _] => {
                    return Err(Error::usage(format!(
                        "unknown report format '{format}' for fuzz (expected json)"
                    )))
                }
                _ => unreachable!("clap takes exactly two values"),
            };
            let limit = match (time, cases) {
                (_, Some(c)) => Limit::Cases(c),
                (Some(t), None) => Limit::Time(t),
                (None, None) => Limit::Time(Duration::from_secs(10)),
            };
            let plan = Plan {
                games: if games.is_empty() {
                    Game::ALL.to_vec()
                } else {
                    games
                },
                limit,
                seed: seed.unwrap_or_else(random_seed),
                jobs: jobs.unwrap_or_else(cores).max(1),
                shard,
                only: case,
                budget: Budget::states(max_states),
                sizes: Sizes {
                    vertices: max_nodes.unwrap_or(Sizes::SMALL.vertices).max(1),
                    stair_vertices: max_nodes.unwrap_or(Sizes::SMALL.stair_vertices).max(2),
                    edges: max_edges.unwrap_or(Sizes::SMALL.edges).max(1),
                    ..Sizes::SMALL
                },
                keep_going,
                case_time,
            };
            cmd::fuzz::run(plan, &corpus, subject, report.as_deref())
        }
    }
}

impl ExhaustArgs {
    fn run(self) -> Result<Outcome, Error> {
        let job = cmd::exhaust::Job {
            game: self.game,
            bounds: Bounds {
                max_nodes: self.max_nodes,
                chips: self.chips,
                edges: self.edges,
                stones: self.stones,
                cap: self.cap.max(1),
            },
            budget: Budget::states(self.max_states),
            only: self.case,
            case_time: self.case_time,
            subject: self.subject,
            jobs: self.jobs.unwrap_or_else(cores),
        };
        cmd::exhaust::run(job, &self.corpus)
    }
}

impl CheckArgs {
    fn run(self) -> Result<Outcome, Error> {
        let CheckArgs {
            problem,
            seed,
            cases,
            time,
            jobs,
            case,
            no_adversarial,
            limits,
            save,
            shrink_time,
            color,
            first,
            hunt_tle,
            hunt_time,
            report,
            cmd,
        } = self;
        {
            let reports: Vec<(String, PathBuf)> = report
                .chunks(2)
                .map(|c| (c[0].clone(), PathBuf::from(&c[1])))
                .collect();
            let auto = saved_limit_path(&problem);
            let options = |defaults| -> Result<cmd::check::Options, Error> {
                let (limits, wall_factor) = limits.limits(defaults, Some(auto.clone()))?;
                Ok(cmd::check::Options {
                    cmd,
                    seed,
                    cases,
                    time,
                    jobs: jobs.max(1),
                    only: case,
                    no_adversarial,
                    wall_factor,
                    limits,
                    save,
                    shrink_time,
                    color: color.for_stderr(),
                    first,
                    reports,
                    hunt: hunt_tle.then_some(hunt_time),
                })
            };
            with_suite!(&problem, |suite, defaults| cmd::check::run(
                suite,
                options(defaults)?
            ))
        }
    }
}

impl GenArgs {
    fn run(self) -> Result<Outcome, Error> {
        let GenArgs {
            problem,
            seed,
            size,
            shape,
            tier,
            extreme,
        } = self;
        match (engine_of(&problem)?, problem) {
            (Some(problem), _) => {
                let cases = contest::input(
                    problem,
                    &mut grundy_fuzzing::Rng::new(seed),
                    tier,
                    size,
                    shape,
                );
                crate::out!("{}", problem.write_input(&cases));
                Ok(Outcome::Passed)
            }
            (None, Target::Package(dir)) => {
                cmd::package::gen(&dir, seed, size, shape, tier, extreme)
            }
            (None, Target::Builtin(_)) => unreachable!("a built-in problem is its own engine"),
        }
    }
}

impl TestsetArgs {
    fn run(self) -> Result<Outcome, Error> {
        let TestsetArgs {
            dir,
            out,
            seed,
            count,
            layout,
            minimal,
            shrink_time,
        } = self;
        let request = cmd::testset::Request {
            dir: dir.clone(),
            out,
            seed,
            count: count.max(1),
            layout,
            minimal,
            shrink_time,
        };
        with_suite!(&Target::Package(dir), |suite, _defaults| {
            cmd::testset::run(suite, &request)
        })
    }
}

impl CheckerArgs {
    fn run(self) -> Result<Outcome, Error> {
        let CheckerArgs {
            problem,
            input,
            output,
            answer,
        } = self;
        cmd::package::checker(problem, &input, &output, &answer)
    }
}

impl ReplayArgs {
    fn run(self) -> Result<Outcome, Error> {
        let ReplayArgs {
            dir,
            limits,
            report,
            against,
            cmd,
            package,
        } = self;
        {
            let reports: Vec<(String, PathBuf)> = report
                .chunks(2)
                .map(|c| (c[0].clone(), PathBuf::from(&c[1])))
                .collect();
            let against = against
                .map(|a| vec![a])
                .or((!cmd.is_empty()).then_some(cmd));
            let suite = package
                .map(|p| crate::suite::Packaged::load(&p))
                .transpose()?;
            let defaults = suite.as_ref().map(|s| (s.pkg.limits, s.pkg.wall_factor));
            cmd::replay::run(
                &dir,
                against,
                limits.limits(defaults, None)?.0,
                &reports,
                suite.as_ref(),
            )
        }
    }
}

impl ImportArgs {
    fn run(self) -> Result<Outcome, Error> {
        let ImportArgs {
            artifact,
            target,
            corpus,
        } = self;
        cmd::import::import(&artifact, &target, &corpus, Budget::default())
    }
}

impl FuzzCorpusArgs {
    fn run(self) -> Result<Outcome, Error> {
        let FuzzCorpusArgs { corpus, out } = self;
        cmd::import::seed_corpus(&corpus, &out)
    }
}

impl BenchArgs {
    fn run(self) -> Result<Outcome, Error> {
        let BenchArgs { what } = self;
        match what {
            BenchWhat::Solve { runs, dir } => {
                cmd::bench::solve(runs.max(1), &dir.unwrap_or_else(cmd::bench::default_dir))
            }
            BenchWhat::Oracle { runs, only } => cmd::bench::oracle(runs.max(1), only.as_deref()),
            BenchWhat::Campaign { seconds, only } => cmd::bench::campaign(seconds, only.as_deref()),
            BenchWhat::Rules { dir, files, runs } => {
                cmd::bench_rules::rules(&dir, &files, runs.max(1))
            }
            BenchWhat::Exhaust { long } => cmd::bench::exhaust(long),
            BenchWhat::Schema { runs } => cmd::bench::schema(runs.max(1)),
            BenchWhat::Check { cases } => cmd::bench_check::check(cases),
        }
    }
}

impl SelftestArgs {
    fn run(self) -> Result<Outcome, Error> {
        let SelftestArgs {
            seed,
            seconds,
            verbose,
        } = self;
        cmd::selftest::run(seed, seconds, verbose)
    }
}

impl ScaleArgs {
    fn run(self) -> Result<Outcome, Error> {
        let ScaleArgs {
            problem,
            shape,
            runs,
            verbose,
            limits,
            cmd,
        } = self;
        {
            let auto = saved_limit_path(&problem);
            with_suite!(&problem, |suite, defaults| {
                let (l, _) = limits.limits(defaults, Some(auto.clone()))?;
                cmd::tle::scale(suite, &cmd, &l, shape, runs.max(1), verbose)
            })
        }
    }
}

impl HuntArgs {
    fn run(self) -> Result<Outcome, Error> {
        let HuntArgs {
            problem,
            time,
            from,
            seed,
            save,
            limits,
            cmd,
        } = self;
        {
            let auto = saved_limit_path(&problem);
            with_suite!(&problem, |suite, defaults| {
                let (l, _) = limits.limits(defaults, Some(auto.clone()))?;
                cmd::tle::hunt_command(suite, &cmd, &l, time, from, seed, &save)
            })
        }
    }
}

impl TimeArgs {
    fn run(self) -> Result<Outcome, Error> {
        let TimeArgs {
            problem,
            refs,
            hunt_time,
            save_limit,
        } = self;
        {
            let save = save_limit.then(|| saved_limit_path(&problem));
            let refs: Vec<Vec<String>> = refs
                .iter()
                .map(|r| r.split_whitespace().map(String::from).collect())
                .collect();
            with_suite!(&problem, |suite, _defaults| {
                cmd::tle::time(suite, &refs, hunt_time, save.as_deref())
            })
        }
    }
}

impl ProbeArgs {
    fn run(self) -> Result<Outcome, Error> {
        let ProbeArgs {
            game,
            subject,
            max_states,
        } = self;
        crate::probe::run(game, &subject, Budget::states(max_states))
    }
}
