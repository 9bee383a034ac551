//! The arguments of `grundy testset`; the test set is `grundy_export::testset`'s.

use crate::args::*;
use clap::builder::TypedValueParser as _;
use grundy_export::layout::Layout;
use grundy_export::testset::Request;
use grundy_judging::error::{Error, Outcome};
use std::time::Duration;

/// The arguments of `grundy testset`.
#[derive(clap::Args, Debug)]
pub struct TestsetArgs {
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
    /// The judge's layout: plain (NN.in, NN.ans), polygon (the Polygon package: tests/NN,
    /// tests/NN.a, problem.xml, a testlib checker and validator, solutions/), kattis
    /// (the Kattis / ICPC problem package: data/, problem.yaml, the statement, the input
    /// and output validators, submissions/) or domjudge (the Kattis package with
    /// domjudge-problem.ini, also zipped as OUT.zip for DOMjudge's import).
    #[arg(long, default_value = "plain",
        value_parser = clap::builder::PossibleValuesParser::new(
            Layout::NAMES.map(|(n, l)| clap::builder::PossibleValue::new(n).help(l.describe())))
            .map(|n| Layout::parse(&n).expect("one of the names")))]
    layout: Layout,
    /// Keep only the maximal tests, the witnesses, and the random tests needed to kill
    /// every wrong solution.
    #[arg(long)]
    minimal: bool,
    /// Seconds for finding and shrinking each wrong solution's witness.
    #[arg(long, value_parser = parse_seconds, default_value = "30")]
    shrink_time: Duration,
    /// Also write the test set as a page: `--report html FILE` (every test drawn, with how
    /// it was made and the solutions it kills).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
}

impl TestsetArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        let TestsetArgs {
            dir,
            out,
            seed,
            count,
            layout,
            minimal,
            shrink_time,
            report,
        } = self;
        let page = crate::args::html_page(&report, "grundy testset")?;
        let request = crate::cmd::testset::Request {
            dir: dir.clone(),
            out,
            seed,
            count: count.max(1),
            layout,
            minimal,
            shrink_time,
            page,
        };
        with_suite!(&Target::Package(dir), |suite, _defaults| {
            grundy_export::testset::run(suite, &request)
        })
    }
}
