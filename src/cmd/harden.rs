//! The arguments of `grundy harden`; the plan and the page are
//! `grundy_judging::jury::harden_plan`'s and `grundy_judging::jury::harden_html`'s.

use crate::args::*;
use grundy_judging::error::{Error, Outcome};

/// The arguments of `grundy harden`.
#[derive(clap::Args, Debug)]
pub struct HardenArgs {
    /// The package folder (with `[interact] interactor`, and `[game] rules` or a built-in
    /// `[reference] engine`).
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
    /// Also write the weaknesses as a page: `--report html FILE` (each shrunk test drawn,
    /// what the interactor did, the game as a transcript and move by move).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    report: Vec<String>,
}

impl HardenArgs {
    /// Runs `grundy harden`.
    pub fn run(self) -> Result<Outcome, Error> {
        let page = crate::args::html_page(&self.report, "grundy harden")?;
        grundy_judging::jury::harden_plan::run(
            &self.dir,
            self.seed,
            self.cases.max(1),
            self.interactor.as_deref(),
            page.as_deref(),
        )
    }
}
