//! The arguments of `grundy values DIR`; the exploration is `grundy_explore::values`'s.

use grundy_fuzzing::schema::enumerate::Bounds;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_judging::package::Package;
use grundy_judging::rules_game::RulesGame;
use std::path::PathBuf;

/// The arguments of `grundy values`.
#[derive(clap::Args, Debug)]
pub struct ValuesArgs {
    /// The package folder (with `[game] rules`).
    pub dir: PathBuf,
    /// Every input up to this size: vertices of a tree or graph, an integer's distance
    /// from its minimum.
    #[arg(long, default_value_t = 6)]
    pub size: i64,
    /// Array values from their minimum up to the minimum plus this.
    #[arg(long, default_value_t = 3)]
    pub values: i64,
    /// Most edges of an enumerated graph.
    #[arg(long, default_value_t = 6)]
    pub edges: usize,
    /// The families' parameter k runs 1..=K (0..=K for a single value).
    #[arg(long, default_value_t = 30)]
    pub family: i64,
    /// Most inputs enumerated.
    #[arg(long, default_value_t = 20_000)]
    pub max_inputs: usize,
    /// Show what the rules print (stdout and stderr) as they print it.
    #[arg(long)]
    pub rules_stderr: bool,
    /// Also write the values as a page: `--report html FILE` (the table, and each
    /// family's sequence plotted with its period shaded).
    #[arg(long, num_args = 2, value_names = ["FORMAT", "FILE"])]
    pub report: Vec<String>,
}

impl ValuesArgs {
    /// Runs the command.
    pub fn run(self) -> Result<Outcome, Error> {
        if self.rules_stderr {
            grundy_judging::rules::show_stderr();
        }
        let page = crate::args::html_page(&self.report, "grundy values")?;
        let pkg = Package::load(&self.dir)?;
        let Some(spec) = pkg.game.clone() else {
            return Err(Error::usage(format!(
                "{}: `grundy values` needs a game given by its rules (`[game] rules = \"rules.py\"` in problem.toml)",
                self.dir.display()
            )));
        };
        let game = RulesGame::new(spec)?;
        // The inputs the rules answer: `[game] small` caps the values enumerated.
        let schema = pkg.rules_schema.as_ref().unwrap_or(&pkg.schema);
        let bounds = Bounds {
            size: self.size.clamp(0, 64),
            values: self.values.clamp(0, 64),
            edges: self.edges.min(16),
            limit: self.max_inputs.max(1),
        };
        let values =
            grundy_explore::values::explore(&pkg.name, &game, schema, &bounds, self.family)
                .map_err(|e| Error::usage(format!("{}: {e}", self.dir.display())))?;
        grundy_judging::out!("{}", grundy_explore::values::text(&values));
        if let Some(path) = page {
            grundy_fuzzing::corpus::write_atomic(
                &path,
                grundy_explore::values::page(&values).as_bytes(),
            )
            .map_err(|e| Error::io(path.display(), e))?;
            outln!("page: {}", path.display());
        }
        Ok(Outcome::Passed)
    }
}
