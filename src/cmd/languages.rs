//! `grundy languages [DIR]`: the languages table in force (built in, the user's, and the
//! package's `languages.toml`), each with what its version probe found on this machine.

use grundy_judging::error::{Error, Outcome};
use grundy_judging::outln;
use grundy_sandbox::language;
use grundy_sandbox::toolchain::{self, Found};
use std::path::PathBuf;

/// The arguments of `grundy languages`.
#[derive(clap::Args, Debug)]
pub struct LanguagesArgs {
    /// A package folder whose `languages.toml` is read over the table.
    pub dir: Option<PathBuf>,
    /// Show each language's compile and run commands.
    #[arg(long)]
    pub commands: bool,
}

impl LanguagesArgs {
    /// Runs the command with these arguments.
    pub fn run(self) -> Result<Outcome, Error> {
        if let Some(dir) = &self.dir {
            if !dir.is_dir() {
                return Err(Error::usage(format!("{}: not a folder", dir.display())));
            }
            language::read_package(dir).map_err(|e| Error::usage(e.0))?;
            // The package's judge preset compiles C and C++ with its judge's macros.
            let like = std::fs::read_to_string(dir.join("problem.toml"))
                .ok()
                .and_then(|t| t.parse::<toml::Table>().ok())
                .and_then(|t| t.get("judge")?.get("like")?.as_str().map(String::from))
                .and_then(|l| grundy_judging::preset::Preset::parse(&l));
            if let Some(p) = like {
                language::define_macros(p.macros());
                outln!("{}", p.describe());
            }
        }
        let table = language::table().map_err(|e| Error::usage(e.0))?;
        let id_width = table.all().iter().map(|l| l.id.len()).max().unwrap_or(2);
        let ext_width = table
            .all()
            .iter()
            .map(|l| l.extensions.iter().map(|x| x.len() + 2).sum::<usize>())
            .max()
            .unwrap_or(10);
        outln!(
            "{:<id_width$}  {:<ext_width$}  {}",
            "lang",
            "extensions",
            "name: version on this machine"
        );
        let mut missing = 0;
        for l in table.all() {
            let exts: Vec<String> = l.extensions.iter().map(|x| format!(".{x}")).collect();
            let found = match toolchain::probe(l) {
                Found::Version(v) if v.is_empty() => "found".to_string(),
                Found::Version(v) => v,
                Found::Missing(p) => {
                    missing += 1;
                    format!("{p}: not found; install {}", l.install)
                }
                Found::Broken(why) => {
                    missing += 1;
                    format!("does not answer: {why}")
                }
            };
            outln!(
                "{:<id_width$}  {:<ext_width$}  {}: {found}",
                l.id,
                exts.join(" "),
                l.name
            );
            if self.commands {
                if !l.compile.is_empty() {
                    outln!("{:<id_width$}  compile: {}", "", l.compile.join(" "));
                }
                if !l.syntax.is_empty() {
                    outln!(
                        "{:<id_width$}  syntax:  {} (checked before it runs: a failure is CE)",
                        "",
                        l.syntax[0]
                    );
                }
                outln!("{:<id_width$}  run:     {}", "", l.run.join(" "));
                if l.memory == language::Memory::Resident {
                    outln!(
                        "{:<id_width$}  memory:  resident (no address-space limit; MLE past the limit, or on {})",
                        "",
                        l.memory_errors.join(", ")
                    );
                }
            }
        }
        outln!(
            "{} languages, {} of them ready here; a package's or your own languages.toml adds or changes one (see the guide's languages page)",
            table.all().len(),
            table.all().len() - missing
        );
        Ok(Outcome::Passed)
    }
}
