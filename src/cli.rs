//! Argument parsing and dispatch (clap). Every command returns an exit code: 0 all checks
//! passed, 1 a disagreement or failing verdict was found, 2 bad usage or bad input.

use crate::campaign::{Limit, Plan};
use crate::cmd::{self, EXIT_OK, EXIT_USAGE};
use crate::engine::Engine;
use crate::runner::Limits;
use clap::{Parser, Subcommand};
use grundy_fuzzing::contest::{self, Tier};
use grundy_fuzzing::exhaust::Bounds;
use grundy_fuzzing::gen::{Sizes, TreeShape};
use grundy_games::{Game, Problem};
use grundy_oracle::Budget;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Differential fuzzing and verification harness for impartial games on trees, cacti and stone layouts",
    after_help = "Problems: agc017d cot3 poj3710 p2972 (contest formats) and chip cut hackenbush paint staircase (native formats).\nExit codes: 0 all checks passed, 1 a disagreement or failing verdict, 2 bad usage or bad input."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a contest or native input (stdin when no FILE).
    Solve {
        /// agc017d, cot3, poj3710, p2972, chip, cut, hackenbush, paint or staircase.
        #[arg(value_parser = parse_problem)]
        problem: Problem,
        /// The input file; standard input when absent or `-`.
        file: Option<PathBuf>,
        /// Which engine answers: the fast solver, or exhaustive search (small inputs).
        #[arg(long, value_enum, default_value_t = Engine::Solver)]
        engine: Engine,
        /// Also enforce every constraint of the contest statement (as `validate` does).
        #[arg(long)]
        strict: bool,
        /// Oracle budget: most states one search may memoize before giving up.
        #[arg(long, default_value_t = grundy_oracle::DEFAULT_MAX_STATES)]
        max_states: usize,
        /// Print the misère outcome (First/Second to win) instead, by the oracle.
        #[arg(long)]
        misere: bool,
    },
    /// Check that an input meets the problem's statement exactly (the validator).
    Validate {
        /// The problem whose constraints apply.
        #[arg(value_parser = parse_problem)]
        problem: Problem,
        /// The input file; standard input when absent or `-`.
        file: Option<PathBuf>,
    },
    /// Solver-vs-oracle campaign on random positions of many shapes.
    Fuzz {
        /// Games to fuzz (all when none).
        #[arg(value_parser = parse_game)]
        games: Vec<Game>,
        /// Stop after this many seconds (default 10 when --cases is absent).
        #[arg(long, conflicts_with = "cases")]
        time: Option<f64>,
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
        /// Largest tree generated (the oracle's cost grows exponentially).
        #[arg(long, default_value_t = Sizes::SMALL.vertices)]
        max_nodes: usize,
    },
    /// Bounded-exhaustive check: every rooted tree up to N vertices, every colouring, chip
    /// placement, small stone layout and small multigraph.
    Exhaust {
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
    },
    /// Validate a contest solution: random and adversarial inputs, judged by the oracle
    /// (small) or the solver; the first failure is shrunk with the program in the loop.
    Check {
        /// The problem.
        #[arg(value_parser = parse_problem)]
        problem: Problem,
        /// Seed of the random inputs (decimal or 0x hex).
        #[arg(long, value_parser = parse_u64, default_value = "1")]
        seed: u64,
        /// Random inputs: 80% small (oracle), 15% medium, 5% large (solver).
        #[arg(long, default_value_t = 200)]
        cases: u64,
        /// Stop starting new tests after this many seconds.
        #[arg(long)]
        time: Option<f64>,
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
        #[arg(long, default_value_t = 60.0)]
        shrink_time: f64,
        /// The program: a command line, or a source file (.cpp, .rs compiled and cached; .py).
        #[arg(last = true, required = true)]
        cmd: Vec<String>,
    },
    /// Print one valid input of a problem (same arguments, same output, always).
    Gen {
        /// The problem.
        #[arg(value_parser = parse_problem)]
        problem: Problem,
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
    },
    /// Replay a corpus through the solver and oracle, or through a program (--against).
    Replay {
        /// The corpus folder.
        #[arg(default_value = "corpus")]
        dir: PathBuf,
        #[command(flatten)]
        limits: LimitArgs,
        /// Write a report: `--report json FILE` or `--report junit FILE` (repeatable).
        #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
        report: Vec<String>,
        /// Judge this program against the NAME.out files instead.
        #[arg(long, num_args = 1.., allow_hyphen_values = true)]
        against: Option<Vec<String>>,
    },
    /// Turn a libFuzzer crash artifact into a shrunk, readable corpus case.
    Import {
        /// The artifact file (e.g. fuzz/artifacts/check_cut/crash-…).
        artifact: PathBuf,
        /// The target that produced it (check_GAME, parse_PROBLEM or roundtrip).
        #[arg(long)]
        target: String,
        /// The corpus to add the case to.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
    },
    /// Write the fuzz targets' seed corpus (fuzz/corpus/TARGET/) from the regression corpus.
    FuzzCorpus {
        /// The regression corpus.
        #[arg(long, default_value = "corpus")]
        corpus: PathBuf,
        /// Where the seed inputs go.
        #[arg(long, default_value = "fuzz/corpus")]
        out: PathBuf,
    },
    /// Speed measurements: `solve` (vs a g++ -O2 cin/DFS solution), `oracle` (states per
    /// second), `campaign` (cases per second per core).
    Bench {
        #[command(subcommand)]
        what: BenchWhat,
    },
    /// The harness checks itself: every deliberately broken solver must be caught.
    Selftest {
        /// Seed of the mutant campaigns.
        #[arg(long, value_parser = parse_u64, default_value = "1")]
        seed: u64,
        /// Time allowed per mutant, in seconds.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
        /// Print each shrunk case.
        #[arg(long, short)]
        verbose: bool,
    },
}

/// Limits of every run of an external program.
#[derive(clap::Args, Debug)]
struct LimitArgs {
    /// Time limit per run in seconds, wall clock and CPU.
    #[arg(long, default_value_t = 2.0)]
    tl: f64,
    /// Memory limit per run in MiB (address space; default: none).
    #[arg(long)]
    ml: Option<u64>,
    /// Stack limit in MiB, or `unlimited` (default 8, the usual `ulimit -s`).
    #[arg(long, default_value = "8")]
    stack: String,
    /// Most MiB of output kept before the program is killed.
    #[arg(long, default_value_t = 64)]
    output_limit: u64,
}

impl LimitArgs {
    /// The limits, or `None` after printing why they are invalid.
    fn checked(&self) -> Option<Limits> {
        self.limits().map_err(|e| eprintln!("error: {e}")).ok()
    }

    fn limits(&self) -> Result<Limits, String> {
        if !(self.tl.is_finite() && self.tl > 0.0) {
            return Err(format!(
                "--tl {}: expected a positive number of seconds",
                self.tl
            ));
        }
        let stack = match self.stack.as_str() {
            "unlimited" => None,
            s => Some(
                s.parse::<u64>()
                    .map_err(|_| format!("--stack {s}: expected MiB or `unlimited`"))?
                    << 20,
            ),
        };
        Ok(Limits {
            time: Duration::from_secs_f64(self.tl),
            memory: self.ml.map(|m| m << 20),
            stack,
            output: (self.output_limit.max(1) << 20) as usize,
        })
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
    /// `grundy solve agc017d` vs a straightforward C++ solution on 10^5 and 10^6 vertices.
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
    /// Solver-vs-oracle cases per second on one core, per game.
    Campaign {
        /// Seconds per game.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
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

/// Parses a game id for clap.
pub fn parse_game(s: &str) -> Result<Game, String> {
    Game::from_name(s).ok_or_else(|| {
        format!("unknown game '{s}' (expected one of: chip, cut, hackenbush, paint, staircase)")
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Solve {
            problem,
            file,
            engine,
            strict,
            max_states,
            misere,
        } => cmd::solve::solve(
            problem,
            file,
            engine,
            strict,
            Budget::states(max_states),
            misere,
        ),
        Command::Validate { problem, file } => cmd::solve::validate(problem, file),
        Command::Fuzz {
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
        } => {
            let limit = match (time, cases) {
                (_, Some(c)) => Limit::Cases(c),
                (Some(t), None) if t.is_finite() && t >= 0.0 => {
                    Limit::Time(Duration::from_secs_f64(t))
                }
                (Some(t), None) => {
                    eprintln!("error: --time {t} is not a number of seconds");
                    return EXIT_USAGE;
                }
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
                    vertices: max_nodes.max(1),
                    ..Sizes::SMALL
                },
                keep_going,
            };
            cmd::fuzz::run(plan, &corpus)
        }
        Command::Exhaust {
            game,
            max_nodes,
            chips,
            edges,
            stones,
            cap,
            corpus,
            max_states,
        } => {
            let bounds = Bounds {
                max_nodes,
                chips,
                edges,
                stones,
                cap: cap.max(1),
            };
            cmd::exhaust::run(game, bounds, Budget::states(max_states), &corpus)
        }
        Command::Check {
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
            cmd,
        } => {
            let Some(limits) = limits.checked() else {
                return EXIT_USAGE;
            };
            cmd::check::run(cmd::check::Options {
                problem,
                cmd,
                seed,
                cases,
                time: time.map(|t| Duration::from_secs_f64(t.max(0.0))),
                jobs: jobs.max(1),
                only: case,
                no_adversarial,
                limits,
                save,
                shrink_time: Duration::from_secs_f64(shrink_time.max(0.0)),
            })
        }
        Command::Gen {
            problem,
            seed,
            size,
            shape,
            tier,
        } => {
            let cases = contest::input(
                problem,
                &mut grundy_fuzzing::Rng::new(seed),
                tier,
                size,
                shape,
            );
            print!("{}", problem.write_input(&cases));
            EXIT_OK
        }
        Command::Replay {
            dir,
            limits,
            report,
            against,
        } => {
            let Some(limits) = limits.checked() else {
                return EXIT_USAGE;
            };
            let reports: Vec<(String, PathBuf)> = report
                .chunks(2)
                .map(|c| (c[0].clone(), PathBuf::from(&c[1])))
                .collect();
            cmd::replay::run(&dir, against, limits, &reports)
        }
        Command::Import {
            artifact,
            target,
            corpus,
        } => cmd::import::import(&artifact, &target, &corpus, Budget::default()),
        Command::FuzzCorpus { corpus, out } => cmd::import::seed_corpus(&corpus, &out),
        Command::Bench { what } => match what {
            BenchWhat::Solve { runs, dir } => {
                cmd::bench::solve(runs.max(1), &dir.unwrap_or_else(cmd::bench::default_dir))
            }
            BenchWhat::Oracle { runs, only } => cmd::bench::oracle(runs.max(1), only.as_deref()),
            BenchWhat::Campaign { seconds } => cmd::bench::campaign(seconds),
        },
        Command::Selftest {
            seed,
            seconds,
            verbose,
        } => cmd::selftest::run(seed, seconds, verbose),
    }
}
