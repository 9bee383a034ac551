//! `grundy replay [DIR] [--against CMD]`: replays a corpus — every `NAME.in` through the
//! solver (and the oracle where small), or through an external program judged against
//! `NAME.out` — with JSON and JUnit XML reports for CI. Exit 0 only if every case passes.

use super::summary;
use crate::args::*;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_judging::replay;
use grundy_judging::report::{self, Report};
use grundy_judging::report_files;
use grundy_judging::suite::Packaged;
use grundy_sandbox::runner::RunLimits;
use grundy_sandbox::{contain, program};
use std::path::{Path, PathBuf};

/// Runs `grundy replay` (of a problem package's cases when `package` is given).
pub fn run(
    dir: &Path,
    against: Option<Vec<String>>,
    limits: RunLimits,
    reports: &[(report::Format, PathBuf)],
    package: Option<&Packaged>,
) -> Result<Outcome, Error> {
    contain::install();
    let argv = against.as_deref().map(program::prepare).transpose()?;
    let argv = argv.as_deref();
    let jobs = replay::jobs(dir, package, argv, &limits)?;
    if jobs.is_empty() {
        return Err(Error::usage(format!(
            "{}: no NAME.in cases found (expected DIR/<problem>/NAME.in)",
            dir.display()
        )));
    }
    let results = replay::replay_all(&jobs)?;
    let failed = results.iter().filter(|r| r.status == "fail").count();
    let report = Report {
        corpus: dir.to_string_lossy().into_owned(),
        subject: against
            .map(|c| c.join(" "))
            .unwrap_or_else(|| match package {
                Some(_) => "reference".into(),
                None => "solver+oracle".into(),
            }),
        passed: results.len() - failed,
        failed,
        cases: results,
        groups: Vec::new(),
        footprint: None,
        reach: None,
        repeated: 0,
    };
    report_files::write(&report, "grundy replay", reports)?;
    outln!("{}", summary(report.passed as u64, failed as u64));
    Ok(Outcome::failed_if(failed > 0))
}

/// The arguments of `grundy replay`.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
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

impl ReplayArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let ReplayArgs {
            dir,
            limits,
            report,
            against,
            cmd,
            package,
        } = self;
        {
            let reports = crate::args::parse_reports(&report)?;
            let against = against
                .map(|a| vec![a])
                .or((!cmd.is_empty()).then_some(cmd));
            let suite = package
                .map(|p| grundy_judging::suite::Packaged::load(&p))
                .transpose()?;
            let defaults = suite.as_ref().map(|s| s.pkg.judge_defaults());
            crate::cmd::replay::run(
                &dir,
                against,
                limits.limits(defaults, None)?,
                &reports,
                suite.as_ref(),
            )
        }
    }
}
