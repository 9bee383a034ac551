//! What the commands' arguments share, below every command (`cmd/`) and the command list
//! (`cli.rs`): the limit flags ([`LimitArgs`]), the parsers of flag values, how a problem
//! is named on the command line ([`Target`], and [`with_suite!`] to reach its suite), the
//! colour choice and the `--report` pairs. Each `cmd` module imports it whole
//! (`use crate::args::*`).

use grundy_fuzzing::compare::Subject;
use grundy_fuzzing::contest::Tier;
use grundy_fuzzing::gen::TreeShape;
use grundy_games::Problem;
use grundy_judging::error::Error;
use grundy_sandbox::runner::RunLimits;
use std::time::Duration;

pub(crate) use grundy_fuzzing::contest;
pub(crate) use grundy_fuzzing::gen::Sizes;
pub(crate) use grundy_games::Game;
pub(crate) use grundy_oracle::Budget;
pub(crate) use std::path::PathBuf;

/// Evaluates `$body` with `$suite` bound to the suite of a problem — a built-in problem,
/// a package with an engine (judged like that built-in problem), or a schema package —
/// and `$defaults` to the package's judge limits.
macro_rules! with_suite {
    ($target:expr, |$suite:ident, $defaults:ident| $body:expr) => {{
        match $target {
            $crate::args::Target::Builtin(p) => {
                let $suite = &::grundy_judging::suite::Builtin::plain(*p);
                let $defaults: Option<::grundy_judging::package::JudgeDefaults> =
                    ::grundy_judging::package::builtin_limits(*p)?;
                $body
            }
            $crate::args::Target::Package(dir) => {
                let loaded = ::grundy_judging::suite::Packaged::load(dir)?;
                let $defaults = Some(loaded.pkg.judge_defaults());
                match loaded.pkg.engine {
                    Some(engine) => {
                        let $suite = &::grundy_judging::suite::Builtin(engine, Some(loaded));
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
    /// grundy's defaults.
    pub fn limits(
        &self,
        defaults: Option<grundy_judging::package::JudgeDefaults>,
        auto_limit: Option<PathBuf>,
    ) -> Result<RunLimits, Error> {
        let base = defaults.map_or(RunLimits::judged(Duration::from_secs(2), 2.0), |d| d.limits);
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
        let factor = self.wall_factor.unwrap_or(base.wall_factor);
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
        Ok(RunLimits {
            time,
            wall: time.mul_f64(factor),
            wall_factor: factor,
            memory,
            stack,
            output: match self.output_limit {
                Some(o) => mib("--output-limit", o)? as usize,
                None => base.output,
            },
            files: base.files,
        })
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
        Target::Package(dir) => grundy_judging::package::Package::load(dir)?.engine,
    })
}

/// Parses a problem id or a package folder for clap.
pub fn parse_target(s: &str) -> Result<Target, String> {
    if let Some(p) = Problem::from_name(s) {
        return Ok(Target::Builtin(p));
    }
    if grundy_judging::package::is_package(s) {
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
            grundy_sandbox::program::cache_dir().join(format!("time-limit-{}.txt", p.name()))
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
