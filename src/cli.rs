//! Argument parsing and dispatch (clap). Every command returns `Result<Outcome, Error>`,
//! mapped to the exit code in one place ([`crate::error::exit_code`]).

use crate::cmd;
use crate::error::{self, Error, Outcome, EXIT_OK, EXIT_USAGE};
use crate::runner::Limits;
use clap::{Parser, Subcommand};
use grundy_fuzzing::check::Subject;
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::gen::TreeShape;
use grundy_games::{Game, Problem};
use std::path::PathBuf;
use std::time::Duration;

/// Evaluates `$body` with `$suite` bound to the suite of a problem — a built-in problem,
/// a package with an engine (judged like that built-in problem), or a schema package —
/// and `$defaults` to the package's judge limits.
macro_rules! with_suite {
    ($target:expr, |$suite:ident, $defaults:ident| $body:expr) => {{
        match $target {
            $crate::cli::Target::Builtin(p) => {
                let $suite = &$crate::suite::Builtin::plain(*p);
                let $defaults: Option<$crate::package::JudgeDefaults> =
                    $crate::package::builtin_limits(*p)?;
                $body
            }
            $crate::cli::Target::Package(dir) => {
                let loaded = $crate::suite::Packaged::load(dir)?;
                let $defaults = Some(loaded.pkg.judge_defaults());
                match loaded.pkg.engine {
                    Some(engine) => {
                        let $suite = &$crate::suite::Builtin(engine, Some(loaded));
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
pub(crate) use with_suite;

/// What every command's arguments need: the shared flags and parsers, and the types their
/// fields have (imported by each `cmd` module beside its arguments).
pub(crate) mod args {
    pub(crate) use super::with_suite;
    pub(crate) use super::{
        cores, engine_of, parse_game, parse_positive_seconds, parse_problem, parse_seconds,
        parse_shape, parse_shard, parse_subject, parse_target, parse_tier, parse_u64, random_seed,
        saved_limit_path, LimitArgs, Target,
    };

    pub(crate) use super::ColorChoice;
    pub(crate) use grundy_fuzzing::contest;
    pub(crate) use grundy_fuzzing::gen::Sizes;
    pub(crate) use grundy_games::Game;
    pub(crate) use grundy_oracle::Budget;
    pub(crate) use std::path::PathBuf;
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
    /// The sandbox of every judged program and compile: `auto` (namespaces where the
    /// kernel allows them, a note where it does not), `strict` (refuse to run without
    /// them) or `none` (the program runs with your rights). Default: the package's
    /// `[judge] sandbox`, else `auto`.
    #[arg(long, global = true, value_parser = parse_sandbox)]
    sandbox: Option<grundy_sandbox::jail::Mode>,
    /// Most processes and threads of one judged run, in the sandbox (default 64, or the
    /// package's `[judge] processes`).
    #[arg(long, global = true, value_parser = clap::value_parser!(u32).range(1..=100000))]
    processes: Option<u32>,
}

/// Parses `--sandbox`.
fn parse_sandbox(s: &str) -> Result<grundy_sandbox::jail::Mode, String> {
    grundy_sandbox::jail::Mode::parse(s)
        .ok_or_else(|| format!("'{s}': expected auto, strict or none"))
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Answer a contest or native input (stdin when no FILE).
    Solve(cmd::solve::SolveArgs),
    /// Check that an input meets the problem's statement exactly (the validator).
    Validate(cmd::solve::ValidateArgs),
    /// Solver-vs-oracle campaign on random positions of many shapes.
    Fuzz(cmd::fuzz::FuzzArgs),
    /// Bounded-exhaustive check: every rooted tree up to N vertices, every colouring, chip
    /// placement, small stone layout and small multigraph.
    Exhaust(cmd::exhaust::ExhaustArgs),
    /// Validate a contest solution: random and adversarial inputs, judged by the oracle
    /// (small) or the solver; each group of failures is shrunk with the program in the loop.
    Check(cmd::check::CheckArgs),
    /// Print one valid input of a problem (same arguments, same output, always).
    Gen(cmd::package::GenArgs),
    /// Play the contestant's side against the package's own interactor (perfect, first
    /// legal move, random): every test where the interactor is weak, shrunk.
    Harden(cmd::harden::HardenArgs),
    /// Explore a game given by its rules: the value of every small input, by value and
    /// shape, and the value sequences of paths, stars and single values with their periods.
    Values(cmd::values::ValuesArgs),
    /// Play a game given by its rules in the browser against grundy's jury, each move
    /// shown with the value it leaves (a local page on 127.0.0.1).
    Play(cmd::play::PlayArgs),
    /// Write a package to start from: engine, rules, interactive, interactor or schema,
    /// with a statement stub, a correct and a wrong solution; it passes `grundy check DIR`.
    New(cmd::new::NewArgs),
    /// The languages grundy builds and runs: extensions, whether each toolchain is on this
    /// machine (its version), and with --commands how each is compiled, run and limited.
    Languages(cmd::languages::LanguagesArgs),
    /// Write a test set of a problem package: NN.in, NN.ans (the reference's answers),
    /// regenerate.sh and SUMMARY.md.
    Testset(cmd::testset::TestsetArgs),
    /// A built-in problem's checker with the testlib protocol: exit 0 OK, 1 WA, 2 PE,
    /// 3 checker failure, the message on stderr.
    Checker(cmd::package::CheckerArgs),
    /// Replay a corpus through the solver and oracle, or through a program (--against).
    Replay(cmd::replay::ReplayArgs),
    /// Turn a libFuzzer crash artifact into a shrunk, readable corpus case.
    Import(cmd::import::ImportArgs),
    /// Write the fuzz targets' seed corpus (fuzz/corpus/TARGET/) from the regression corpus.
    FuzzCorpus(cmd::import::FuzzCorpusArgs),
    /// The growth rate of a program's CPU time: a doubling series of inputs of one shape
    /// (or of every shape), fitted to c·n^E.
    Scale(cmd::tle::ScaleArgs),
    /// Search for the input of the maximum size that is slowest for a program (every
    /// shape, then hill-climbing with structural moves); a TLE found is saved.
    Hunt(cmd::tle::HuntArgs),
    /// Time-limit calibration: reference solutions on the adversarial inputs, large random
    /// ones and the slowest inputs of a hunt; a recommended limit.
    Time(cmd::tle::TimeArgs),
    /// Check one native input from stdin with a named subject (used to shrink hangs).
    #[command(hide = true)]
    Probe(crate::probe::ProbeArgs),
    /// The harness checks itself: every deliberately broken solver must be caught.
    Selftest(cmd::selftest::SelftestArgs),
}

/// Limits of every run of an external program.
#[derive(clap::Args, Debug)]
pub struct LimitArgs {
    /// Time limit per run in seconds of CPU time (default 2, or the package's), or `auto`:
    /// the limit `grundy time --save-limit` recommended.
    #[arg(long, value_parser = parse_tl)]
    tl: Option<Tl>,
    /// Wall-clock backstop: a run is also stopped (TLE) after this many times --tl
    /// (default 2), a program that sleeps or waits; one that keeps using CPU time on a
    /// loaded machine gets up to 4 times more, so that its CPU time decides.
    #[arg(long, value_parser = parse_factor)]
    wall_factor: Option<f64>,
    /// Memory limit per run in MiB (address space), or `unlimited` (default 256, or the
    /// package's `[judge] memory`).
    #[arg(long, visible_alias = "memory")]
    ml: Option<String>,
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
    pub fn limits(
        &self,
        defaults: Option<crate::package::JudgeDefaults>,
        auto_limit: Option<PathBuf>,
    ) -> Result<(Limits, f64), Error> {
        let (base, base_factor) = defaults
            .map_or((Limits::judged(Duration::from_secs(2), 2.0), 2.0), |d| {
                (d.limits, d.wall_factor)
            });
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
        let memory = match self.ml.as_deref() {
            None => base.memory,
            Some("unlimited") => None,
            Some(m) => Some(mib(
                "--ml",
                m.parse::<u64>()
                    .map_err(|_| Error::usage(format!("--ml {m}: expected MiB or `unlimited`")))?,
            )?),
        };
        // A stack as large as the memory limit (a judge preset's) follows `--ml`.
        let stack = if self.stack.is_none() && base.stack.is_some() && base.stack == base.memory {
            memory
        } else {
            stack
        };
        Ok((
            Limits {
                time,
                wall: time.mul_f64(factor),
                memory,
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

/// When to colour reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether reports on standard error are coloured.
    pub fn for_stderr(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::IsTerminal::is_terminal(&std::io::stderr())
            }
        }
    }
}

/// The `--report FORMAT FILE` pairs of a command line (clap hands them over flat); an
/// unknown format is refused before any work is done.
pub fn parse_reports(
    flat: &[String],
) -> Result<Vec<(grundy_judging::report::Format, PathBuf)>, Error> {
    flat.chunks(2)
        .map(|c| {
            let format = grundy_judging::report::Format::parse(&c[0]).ok_or_else(|| {
                Error::usage(format!(
                    "unknown report format '{}' (expected json, junit or html)",
                    c[0]
                ))
            })?;
            Ok((format, PathBuf::from(c.get(1).map_or("", String::as_str))))
        })
        .collect()
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
pub(crate) fn engine_of(target: &Target) -> Result<Option<Problem>, Error> {
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
            "{s}: a folder without a problem.toml (see docs/guide/src/reference/packages.md, or `grundy new`)"
        ));
    }
    Err(format!(
        "unknown problem '{s}' (expected one of: {}, or a package folder with a problem.toml)",
        names.join(", ")
    ))
}

/// `--tl`: seconds, or `auto`.
#[derive(Clone, Debug)]
pub enum Tl {
    /// A limit in seconds.
    Seconds(Duration),
    /// The limit `grundy time --save-limit` recommended.
    Auto,
}

pub(crate) fn parse_tl(s: &str) -> Result<Tl, String> {
    if s == "auto" {
        return Ok(Tl::Auto);
    }
    parse_positive_seconds(s).map(Tl::Seconds)
}

/// Where `grundy time --save-limit` keeps the recommended limit of a problem: the
/// package's `time-limit.txt`, or `time-limit-PROBLEM.txt` in the cache for a built-in one.
pub fn saved_limit_path(target: &Target) -> PathBuf {
    match target {
        Target::Package(dir) => dir.join(grundy_judging::package::CALIBRATED_LIMIT),
        Target::Builtin(p) => {
            crate::program::cache_dir().join(format!("time-limit-{}.txt", p.name()))
        }
    }
}

/// The page of a command that writes only html (`--report html FILE`): its path, `None`
/// without the flag.
pub fn html_page(report: &[String], command: &str) -> Result<Option<PathBuf>, Error> {
    match report {
        [] => Ok(None),
        [format, file] if format == "html" => Ok(Some(PathBuf::from(file))),
        [format, _] => Err(Error::usage(format!(
            "--report {format}: {command} writes html (`--report html FILE`)"
        ))),
        _ => Err(Error::usage("--report takes a format and a file")),
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
pub(crate) fn parse_factor(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if (1.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("'{s}': expected a factor from 1 to 100")),
    }
}

pub(crate) fn parse_shape(s: &str) -> Result<TreeShape, String> {
    TreeShape::from_name(s).ok_or_else(|| {
        format!("unknown shape '{s}' (expected chain, star, caterpillar, broom, binary, random, deep or prufer)")
    })
}

pub(crate) fn parse_tier(s: &str) -> Result<Tier, String> {
    match s {
        "small" => Ok(Tier::Small),
        "medium" => Ok(Tier::Medium),
        "large" => Ok(Tier::Large),
        _ => Err(format!(
            "unknown tier '{s}' (expected small, medium or large)"
        )),
    }
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
pub(crate) fn parse_subject(s: &str) -> Result<Subject, String> {
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

pub(crate) fn random_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    grundy_fuzzing::Rng::new(t ^ u64::from(std::process::id())).next_u64()
}

pub(crate) fn cores() -> usize {
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
            // A checker's usage error is the judge's fault: testlib's "fail" (3), never
            // the 2 a judge reads as a presentation error.
            let checker = std::env::args().nth(1).as_deref() == Some("checker");
            return match (e.use_stderr(), checker) {
                (false, _) => EXIT_OK,
                (true, true) => error::EXIT_INTERNAL,
                (true, false) => EXIT_USAGE,
            };
        }
    };
    grundy_sandbox::jail::set_from_command_line(cli.sandbox, cli.processes);
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
        Command::Languages(args) => args.run(),
        Command::Harden(args) => args.run(),
        Command::Values(args) => args.run(),
        Command::Play(args) => args.run(),
        Command::New(args) => args.run(),
        Command::Checker(args) => args.run(),
        Command::Replay(args) => args.run(),
        Command::Import(args) => args.run(),
        Command::FuzzCorpus(args) => args.run(),
        Command::Selftest(args) => args.run(),
        Command::Scale(args) => args.run(),
        Command::Hunt(args) => args.run(),
        Command::Time(args) => args.run(),
        Command::Probe(args) => args.run(),
    }
}
