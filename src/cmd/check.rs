//! The arguments of `grundy check`; the check itself is `grundy_check`.

use crate::args::*;
use grundy_judging::error::{Error, Outcome};
use std::path::PathBuf;
use std::time::Duration;

/// The arguments of `grundy check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
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
    /// Skip the family sweep (chains of every small length and of lengths next to every
    /// power of two, hubs of degree 16–20, 64, 256 and 1,000 with subtrees).
    #[arg(long)]
    no_families: bool,
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
    /// Also run every test that passes on a sanitized build (C++: AddressSanitizer,
    /// UndefinedBehaviorSanitizer and libstdc++'s debug mode; Rust: a debug build):
    /// undefined behaviour the ordinary build survives becomes a failure (UB) of its own
    /// group, shrunk like any other.
    #[arg(long)]
    sanitize: bool,
    /// After the plan, hunt for a slowest input of the maximum size (hill-climbing with
    /// structural moves); a TLE found is reported and saved like any failure.
    #[arg(long)]
    hunt_tle: bool,
    /// The language of the source file, when its extension is not to choose it: an id of
    /// the languages table (`grundy languages`), e.g. `pypy3` for a .py file.
    #[arg(long)]
    lang: Option<String>,
    /// Seconds of hunting with --hunt-tle.
    #[arg(long, default_value = "30", value_parser = parse_seconds)]
    hunt_time: Duration,
    /// Write a report of every test's verdict: `--report json FILE`, `--report junit FILE`
    /// or `--report html FILE` (one page, each witness drawn; repeatable).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"], action = clap::ArgAction::Append)]
    report: Vec<String>,
    /// The program: a command line, or a source file (compiled and cached, or run by its
    /// interpreter: `grundy languages` lists them by extension).
    /// None, for a package: every solution of the package, each against the verdict it
    /// is expected to get (`[[solutions]]`, or by file names).
    #[arg(last = true)]
    cmd: Vec<String>,
}

impl CheckArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let CheckArgs {
            problem,
            seed,
            cases,
            time,
            jobs,
            case,
            no_adversarial,
            no_families,
            limits,
            save,
            shrink_time,
            color,
            first,
            sanitize,
            hunt_tle,
            hunt_time,
            lang,
            report,
            cmd,
        } = self;
        {
            let reports = crate::args::parse_reports(&report)?;
            let auto = saved_limit_path(&problem);
            let options = |defaults: Option<grundy_judging::package::JudgeDefaults>| -> Result<grundy_check::options::Options, Error> {
                let limits = limits.limits(defaults, Some(auto.clone()))?;
                let like = defaults.and_then(|d| d.like);
                Ok(grundy_check::options::Options {
                    cmd,
                    lang,
                    seed,
                    cases,
                    time,
                    jobs: jobs.max(1),
                    only: case,
                    no_adversarial,
                    no_families,
                    like,
                    limits,
                    save,
                    shrink_time,
                    color: color.for_stderr(),
                    first,
                    sanitize,
                    reports,
                    hunt: hunt_tle.then_some(hunt_time),
                })
            };
            with_suite!(&problem, |suite, defaults| grundy_check::run(
                suite,
                options(defaults)?
            ))
        }
    }
}
