//! `grundy new KIND DIR`: writes a package to start from (the templates are
//! `grundy_judging::scaffold`'s) and says what to run next.

use clap::builder::TypedValueParser as _;
use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_judging::scaffold::{self, Kind};
use std::path::PathBuf;

/// The arguments of `grundy new`.
#[derive(clap::Args, Debug)]
pub struct NewArgs {
    /// What kind of package: engine (a built-in engine's problem), rules (a game given by
    /// its rules), interactive (a rules game played against grundy's jury), interactor (a
    /// setter's own interactor), schema (not a game: a schema, a model, a brute force).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(
        Kind::NAMES.map(|(n, k)| clap::builder::PossibleValue::new(n).help(k.describe())))
        .map(|n| Kind::parse(&n).expect("one of the names")))]
    pub kind: Kind,
    /// The folder to write: created, or an empty one (nothing is overwritten). Its name
    /// becomes the package's name.
    pub dir: PathBuf,
}

impl NewArgs {
    /// Runs the command.
    pub fn run(self) -> Result<Outcome, Error> {
        let files = scaffold::create(self.kind, &self.dir)?;
        let dir = self.dir.display();
        outln!("wrote {dir}/ ({}):", scaffold::name_of(&self.dir));
        for file in &files {
            if let Some(name) = file.file_name() {
                outln!("  {}", name.to_string_lossy());
            }
        }
        outln!("next: grundy check {dir}    (judges every solution of problem.toml against its expected verdict)");
        Ok(Outcome::Passed)
    }
}
