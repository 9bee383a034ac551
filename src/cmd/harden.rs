//! `grundy harden DIR`: the setter's own interactor against grundy's players
//! ([`crate::harden`]): every test where it is weak, shrunk, with the game.

use crate::cli::args::*;
use crate::error::{Error, Outcome};
use crate::harden::{self, Player};
use crate::outln;
use crate::suite::{Builtin, Packaged, Suite};
use grundy_fuzzing::contest::Tier;

/// One weakness found: the player and what the interactor did.
fn weakness_on<S: Suite>(
    suite: &S,
    interactor: &[String],
    input: &S::Input,
    player: Player,
    seed: u64,
) -> Result<Option<(String, harden::Game)>, Error> {
    let Some(g) = suite.harden(input, interactor, player, seed) else {
        return Ok(None);
    };
    let g = g?;
    Ok(g.weakness(player).map(|w| (w, g)))
}

/// Runs `grundy harden`.
pub fn run(
    dir: &std::path::Path,
    seed: u64,
    cases: u64,
    other: Option<&std::path::Path>,
) -> Result<Outcome, Error> {
    crate::contain::install();
    let pkg = Packaged::load(dir)?;
    let own = pkg.pkg.interact.as_ref().and_then(|i| i.interactor.clone());
    let chosen = match other {
        Some(p) => own.map(|_| vec![p.display().to_string()]),
        None => own,
    };
    let interactor = match chosen {
        Some(i) if pkg.prep.rules.is_some() || pkg.pkg.engine.is_some() => i,
        _ => {
            return Err(Error::usage(format!(
                "{}: `grundy harden` needs the game (`[game] rules` or a built-in `[reference] engine`) and the interactor to harden (`[interact] interactor`)",
                dir.display()
            )))
        }
    };
    match pkg.pkg.engine {
        Some(engine) => {
            let name = pkg.pkg.name.clone();
            let suite = Builtin(engine, Some(pkg));
            harden_with(&suite, &name, &interactor, seed, cases)
        }
        None => {
            let name = pkg.pkg.name.clone();
            harden_with(&pkg, &name, &interactor, seed, cases)
        }
    }
}

/// Every test of the plan played by each player against `interactor`; each weak one
/// shrunk and shown.
fn harden_with<S: Suite>(
    suite: &S,
    name: &str,
    interactor: &[String],
    seed: u64,
    cases: u64,
) -> Result<Outcome, Error> {
    eprintln!(
        "grundy harden {name}: {cases} tests (seed {seed:#x}), each played by {}",
        Player::ALL.map(|p| p.name()).join(", ")
    );
    let mut found = 0;
    // The weaknesses shown, by the shrunk test, the player and the kind: a test that
    // comes down to one already shown is said in one line.
    let mut shown: std::collections::HashMap<(String, &str, &str), u64> =
        std::collections::HashMap::new();
    for i in 0..cases {
        if crate::contain::interrupted() {
            break;
        }
        let tier = if i % 5 == 4 {
            Tier::Medium
        } else {
            Tier::Small
        };
        let (input, label) = suite.random(seed, i, tier)?;
        for (k, player) in Player::ALL.into_iter().enumerate() {
            let pseed = seed ^ (i << 8) ^ k as u64;
            let Some((weakness, _)) = weakness_on(suite, interactor, &input, player, pseed)? else {
                continue;
            };
            found += 1;
            let kind = kind_of(&weakness);
            // Shrunk while the same player shows the same kind of weakness.
            let mut same = |cand: &S::Input| {
                suite.valid(cand)
                    && weakness_on(suite, interactor, cand, player, pseed)
                        .ok()
                        .flatten()
                        .is_some_and(|(w, _)| kind_of(&w) == kind)
            };
            let shrunk = suite.shrink(input.clone(), &mut same);
            let (weakness, g) = weakness_on(suite, interactor, &shrunk.case, player, pseed)?
                .unwrap_or((
                    weakness,
                    harden::Game {
                        exit: crate::runner::Exit::Success,
                        message: String::new(),
                        blunder: None,
                        transcript: Vec::new(),
                        broken: None,
                    },
                ));
            let text = suite.write(&shrunk.case);
            let key = (text.clone(), player.name(), kind_of(&weakness));
            if let Some(first) = shown.get(&key) {
                eprintln!(
                    "\nweak interactor on test {i} ({label}): the same weakness as test {first}, shrunk to the same test ({})",
                    player.name()
                );
                break;
            }
            shown.insert(key, i);
            eprintln!(
                "\nweak interactor on test {i} ({label}), shrunk in {} steps to {}:\n{}the interactor {weakness}\nthe game (> the interactor, < {}):\n{}",
                shrunk.steps,
                suite.describe(&shrunk.case),
                crate::cmd::indent(&text, 4),
                player.name(),
                crate::cmd::indent(&jury_text(&g), 4)
            );
            break;
        }
    }
    if found == 0 {
        outln!(
            "the interactor accepted the perfect player and rejected every weak player that left it a won position, on {cases} tests"
        );
        Ok(Outcome::Passed)
    } else {
        outln!("the interactor is weak on {found} of {cases} tests");
        Ok(Outcome::Failed)
    }
}

/// The kind of a weakness (what a shrunk test must still show).
fn kind_of(weakness: &str) -> &'static str {
    if weakness.starts_with("rejects") {
        "rejects"
    } else if weakness.starts_with("accepts") {
        "accepts"
    } else {
        "breaks the protocol"
    }
}

fn jury_text(g: &harden::Game) -> String {
    let lines: Vec<String> = crate::jury::transcript_text(&g.transcript)
        .lines()
        .map(String::from)
        .collect();
    if lines.len() <= 24 {
        return lines.join("\n") + "\n";
    }
    format!(
        "{}\n… ({} lines left out)\n{}\n",
        lines[..12].join("\n"),
        lines.len() - 24,
        lines[lines.len() - 12..].join("\n")
    )
}

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
}

impl HardenArgs {
    /// Runs `grundy harden`.
    pub fn run(self) -> Result<Outcome, Error> {
        run(
            &self.dir,
            self.seed,
            self.cases.max(1),
            self.interactor.as_deref(),
        )
    }
}
