//! The arguments of `grundy scale`, `grundy hunt` and `grundy time`; the measurements are
//! `grundy_judging::tle`'s.

use crate::args::*;
use grundy_fuzzing::gen::TreeShape;
use grundy_judging::error::{Error, Outcome};
use std::path::PathBuf;
use std::time::Duration;

/// The arguments of `grundy scale`.
#[derive(clap::Args, Debug)]
pub struct ScaleArgs {
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
    /// Also write the growth as a page: `--report html FILE` (each shape's times on
    /// log-log axes with the fitted curve carried to the maximum size, and the limit).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
    #[command(flatten)]
    limits: LimitArgs,
    /// The program.
    #[arg(last = true, required = true)]
    cmd: Vec<String>,
}

impl ScaleArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let ScaleArgs {
            problem,
            shape,
            runs,
            verbose,
            report,
            limits,
            cmd,
        } = self;
        let page = crate::args::html_page(&report, "grundy scale")?;
        {
            let auto = saved_limit_path(&problem);
            with_suite!(&problem, |suite, defaults| {
                let l = limits.limits(defaults, Some(auto.clone()))?;
                grundy_judging::tle::scale::run(
                    suite,
                    &cmd,
                    &l,
                    shape,
                    runs.max(1),
                    verbose,
                    page.as_deref(),
                )
            })
        }
    }
}

/// The arguments of `grundy hunt`.
#[derive(clap::Args, Debug)]
pub struct HuntArgs {
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
    /// Also write the hunt as a page: `--report html FILE` (the climb plotted against the
    /// limit, its steps, the slowest input drawn).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
    #[command(flatten)]
    limits: LimitArgs,
    /// The program.
    #[arg(last = true, required = true)]
    cmd: Vec<String>,
}

impl HuntArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let HuntArgs {
            problem,
            time,
            from,
            seed,
            save,
            report,
            limits,
            cmd,
        } = self;
        let page = crate::args::html_page(&report, "grundy hunt")?;
        {
            let auto = saved_limit_path(&problem);
            with_suite!(&problem, |suite, defaults| {
                let l = limits.limits(defaults, Some(auto.clone()))?;
                grundy_judging::tle::hunt::run(
                    suite,
                    &cmd,
                    &l,
                    time,
                    from,
                    seed,
                    &save,
                    page.as_deref(),
                )
            })
        }
    }
}

/// The arguments of `grundy time`.
#[derive(clap::Args, Debug)]
pub struct TimeArgs {
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
    /// Also write the timings as a page: `--report html FILE` (each reference's CPU time
    /// on every input, plotted against the recommended limit).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
}

impl TimeArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let TimeArgs {
            problem,
            refs,
            hunt_time,
            save_limit,
            report,
        } = self;
        let page = crate::args::html_page(&report, "grundy time")?;
        {
            let save = save_limit.then(|| saved_limit_path(&problem));
            let refs: Vec<Vec<String>> = refs
                .iter()
                .map(|r| r.split_whitespace().map(String::from).collect())
                .collect();
            with_suite!(&problem, |suite, _defaults| {
                grundy_judging::tle::time::run(
                    suite,
                    &refs,
                    hunt_time,
                    save.as_deref(),
                    page.as_deref(),
                )
            })
        }
    }
}
