//! `grundy play DIR [INPUT]`: plays a game given by its rules in the browser, against
//! grundy's jury (the server and the page are `grundy_judging::play`).

use crate::error::{Error, Outcome};
use crate::game::RulesGame;
use crate::package::Package;
use std::path::PathBuf;

/// The arguments of `grundy play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The package folder (with `[game] rules`).
    pub dir: PathBuf,
    /// The input to play (its first test case); none: a small one generated from `--seed`.
    pub input: Option<PathBuf>,
    /// The port on 127.0.0.1 (0: a free one, printed).
    #[arg(long, default_value_t = 8017)]
    pub port: u16,
    /// The seed of the generated input.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

impl PlayArgs {
    /// Runs the command: serves the game until stopped.
    pub fn run(self) -> Result<Outcome, Error> {
        let pkg = Package::load(&self.dir)?;
        let Some(spec) = pkg.game.clone() else {
            return Err(Error::usage(format!(
                "{}: `grundy play` plays a game given by its rules (`[game] rules = \"rules.py\"` in problem.toml)",
                self.dir.display()
            )));
        };
        let inst = match &self.input {
            Some(file) => {
                let (bytes, source) = crate::input::read_raw(Some(file))?;
                pkg.validate(&bytes, true)
                    .map_err(|e| Error::input(format!("{source}: {e}")))?
            }
            None => grundy_judging::workbench::generate_small(&pkg, self.seed)?,
        };
        let game = RulesGame::new(spec)?;
        grundy_judging::play::serve(&pkg, &game, &inst, self.port, |addr| {
            eprintln!(
                "grundy play {}: open http://{addr}/ in a browser (Ctrl-C stops it)",
                pkg.name
            );
        })?;
        Ok(Outcome::Passed)
    }
}
