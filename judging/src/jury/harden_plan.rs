//! `grundy harden DIR`'s plan: every test of a seeded plan played by each of
//! [`harden`](crate::jury::harden)'s players against the setter's interactor; each test where
//! the interactor is weak shrunk with the same player in the loop, said with its game
//! (once: a test that comes down to a weakness already shown is one line), and with
//! `--report html`, shown on a page ([`crate::jury::harden_html`]).

use crate::error::{Error, Outcome};
use crate::jury::harden::{self, Found, Player};
use crate::outln;
use crate::suite::{Builtin, Packaged, Suite};
use grundy_fuzzing::contest::Tier;
use std::path::Path;

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

/// Runs `grundy harden` on the package in `dir`: against its own interactor, or `other`;
/// with `page`, the weaknesses are also written there as a page.
pub fn run(
    dir: &Path,
    seed: u64,
    cases: u64,
    other: Option<&Path>,
    page: Option<&Path>,
) -> Result<Outcome, Error> {
    grundy_sandbox::contain::install();
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
    let command = format!(
        "grundy harden {} --seed {seed:#x} --cases {cases}{}",
        dir.display(),
        other.map_or(String::new(), |p| format!(" --interactor {}", p.display()))
    );
    let name = pkg.pkg.name.clone();
    let (found, outcome) = match pkg.pkg.engine {
        Some(engine) => {
            let suite = Builtin(engine, Some(pkg));
            harden_with(&suite, &name, &interactor, seed, cases)?
        }
        None => harden_with(&pkg, &name, &interactor, seed, cases)?,
    };
    if let Some(path) = page {
        let html = crate::jury::harden_html::page(&name, &command, &interactor, cases, &found);
        grundy_fuzzing::corpus::write_atomic(path, html.as_bytes())
            .map_err(|e| Error::io(path.display(), e))?;
        outln!("page: {}", path.display());
    }
    Ok(outcome)
}

/// Every test of the plan played by each player against `interactor`; each weak one
/// shrunk and shown.
fn harden_with<S: Suite>(
    suite: &S,
    name: &str,
    interactor: &[String],
    seed: u64,
    cases: u64,
) -> Result<(Vec<Found>, Outcome), Error> {
    eprintln!(
        "grundy harden {name}: {cases} tests (seed {seed:#x}), each played by {}",
        Player::ALL.map(|p| p.name()).join(", ")
    );
    let mut found: Vec<Found> = Vec::new();
    // The weaknesses shown, by the shrunk test, the player and the kind: a test that
    // comes down to one already shown is said in one line.
    let mut shown: std::collections::HashMap<(String, &str, &str), u64> =
        std::collections::HashMap::new();
    for i in 0..cases {
        if grundy_sandbox::contain::interrupted() {
            break;
        }
        // Every fifth test a medium one.
        let tier = [Tier::Small, Tier::Medium][usize::from(i % 5 == 4)];
        let (input, label) = suite.random(seed, i, tier)?;
        for (k, player) in Player::ALL.into_iter().enumerate() {
            let pseed = seed ^ (i << 8) ^ k as u64;
            let Some((weakness, _)) = weakness_on(suite, interactor, &input, player, pseed)? else {
                continue;
            };
            let (shrunk, weakness, g) =
                shrink_weakness(suite, interactor, &input, player, pseed, weakness)?;
            let text = suite.write(&shrunk.case);
            let key = (text.clone(), player.name(), kind_of(&weakness));
            let same_as = shown.get(&key).copied();
            let game = crate::jury::transcript_text(&g.transcript);
            let described = suite.describe(&shrunk.case);
            match same_as {
                Some(first) => eprintln!(
                    "\nweak interactor on test {i} ({label}): the same weakness as test {first}, shrunk to the same test ({})",
                    player.name()
                ),
                None => {
                    shown.insert(key, i);
                    let how = format!("shrunk in {} steps to {described}", shrunk.steps);
                    say_weakness(i, &label, &how, &text, &weakness, player, &game);
                }
            }
            found.push(Found {
                test: i,
                label,
                player,
                svg: suite.draw(&shrunk.case).map(|(svg, _)| svg),
                frames: match same_as {
                    Some(_) => Vec::new(),
                    None => suite.steps(
                        &shrunk.case,
                        game.as_bytes(),
                        ["the interactor", player.name()],
                    ),
                },
                weakness,
                same_as,
                steps: shrunk.steps,
                described,
                text,
                game,
            });
            break;
        }
    }
    let outcome = verdict(found.len(), cases);
    Ok((found, outcome))
}

/// The hardening's last line and outcome: weak on `weak` of `cases` tests, or none.
fn verdict(weak: usize, cases: u64) -> Outcome {
    if weak == 0 {
        outln!(
            "the interactor accepted the perfect player and rejected every weak player that left it a won position, on {cases} tests"
        );
        Outcome::Passed
    } else {
        outln!("the interactor is weak on {weak} of {cases} tests");
        Outcome::Failed
    }
}

/// A test's weakness shrunk while the same player shows the same kind of weakness: the
/// shrunk test, and the weakness and the game on it.
fn shrink_weakness<S: Suite>(
    suite: &S,
    interactor: &[String],
    input: &S::Input,
    player: Player,
    pseed: u64,
    weakness: String,
) -> Result<
    (
        grundy_fuzzing::shrink::Shrunk<S::Input>,
        String,
        harden::Game,
    ),
    Error,
> {
    let kind = kind_of(&weakness);
    let mut same = |cand: &S::Input| {
        suite.valid(cand)
            && weakness_on(suite, interactor, cand, player, pseed)
                .ok()
                .flatten()
                .is_some_and(|(w, _)| kind_of(&w) == kind)
    };
    let shrunk = suite.shrink(input.clone(), &mut same, &grundy_fuzzing::shrink::never);
    let (weakness, g) = weakness_on(suite, interactor, &shrunk.case, player, pseed)?.unwrap_or((
        weakness,
        harden::Game {
            exit: grundy_sandbox::runner::Exit::Success,
            message: String::new(),
            blunder: None,
            transcript: Vec::new(),
            broken: None,
        },
    ));
    Ok((shrunk, weakness, g))
}

/// Prints a weakness shown for the first time: the test, the shrunk input, what the
/// interactor did and the game.
fn say_weakness(
    i: u64,
    label: &str,
    how: &str,
    text: &str,
    weakness: &str,
    player: Player,
    game: &str,
) {
    eprintln!(
        "\nweak interactor on test {i} ({label}), {how}:\n{}the interactor {weakness}\nthe game (> the interactor, < {}):\n{}",
        crate::output::indent(text, 4),
        player.name(),
        crate::output::indent(&cut_game(game), 4)
    );
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

/// A game's transcript cut to its first and last 12 lines (for the terminal).
fn cut_game(game: &str) -> String {
    let lines: Vec<&str> = game.lines().collect();
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
