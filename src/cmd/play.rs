//! `grundy play DIR|PROBLEM [INPUT]`: plays a game in the browser against grundy's jury —
//! a game given by its rules, or a built-in problem's game (the server and the page are
//! `grundy_explore::play`).

use crate::args::{parse_target, Target};
use grundy_fuzzing::Rng;
use grundy_games::Problem;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::package::Package;
use grundy_judging::rules_game::RulesGame;
use std::path::PathBuf;

/// The arguments of `grundy play`.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The game: a package folder with `[game] rules` (or a built-in `[reference] engine`),
    /// or a built-in problem (agc017d, cot3, …).
    #[arg(value_parser = parse_target)]
    pub target: Target,
    /// The input to play (its first test case); none: a small one generated from `--seed`.
    pub input: Option<PathBuf>,
    /// The port on 127.0.0.1 (0: a free one, printed).
    #[arg(long, default_value_t = 8017)]
    pub port: u16,
    /// The seed of the generated input.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The vertices of a generated built-in game.
    #[arg(long, default_value_t = 8)]
    pub vertices: usize,
}

impl PlayArgs {
    /// Runs the command: serves the game until stopped.
    pub fn run(self) -> Result<Outcome, Error> {
        let dir = match &self.target {
            Target::Builtin(p) => return self.builtin(*p),
            Target::Package(dir) => dir.clone(),
        };
        let pkg = Package::load(&dir)?;
        let Some(spec) = pkg.game.clone() else {
            if let Some(engine) = pkg.engine {
                return self.builtin(engine);
            }
            return Err(Error::usage(format!(
                "{}: `grundy play` plays a game given by its rules (`[game] rules = \"rules.py\"` in problem.toml) or by a built-in engine (`[reference] engine`)",
                dir.display()
            )));
        };
        let inst = match &self.input {
            Some(file) => {
                let (bytes, source) = grundy_judging::input::read_raw(Some(file))?;
                pkg.validate(&bytes, true)
                    .map_err(|e| Error::input(format!("{source}: {e}")))?
            }
            None => grundy_judging::workbench::generate_small(&pkg, self.seed)?,
        };
        let game = RulesGame::new(spec)?;
        grundy_explore::play::serve(&pkg, &game, &inst, self.seed, self.port, |addr| {
            eprintln!(
                "grundy play {}: open http://{addr}/ in a browser (Ctrl-C stops it)",
                pkg.name
            );
        })?;
        Ok(Outcome::Passed)
    }

    /// A built-in problem's game: the input's first test case, or a generated game.
    fn builtin(&self, problem: Problem) -> Result<Outcome, Error> {
        let (bytes, source) = match &self.input {
            Some(file) => grundy_judging::input::read_raw(Some(file))?,
            None => {
                let game = grundy_fuzzing::contest::interactive(
                    problem,
                    &mut Rng::new(self.seed),
                    self.vertices.clamp(2, 60),
                    None,
                )
                .ok_or_else(|| {
                    Error::usage(format!(
                        "`{}` is not played move by move (give the game by its rules instead)",
                        problem.name()
                    ))
                })?;
                (
                    problem.write_input(&game).into_bytes(),
                    "the generated game".to_string(),
                )
            }
        };
        let generate = (self.seed, self.vertices.clamp(2, 60));
        grundy_explore::play::serve_builtin(
            problem,
            &bytes,
            &source,
            generate,
            self.port,
            |addr| {
                eprintln!(
                    "grundy play {}: open http://{addr}/ in a browser (Ctrl-C stops it)",
                    problem.name()
                );
            },
        )?;
        Ok(Outcome::Passed)
    }
}
