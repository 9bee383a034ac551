//! `grundy harden DIR`: grundy plays the contestant against the setter's own interactor,
//! to find a weak one (a package with `[interact] interactor` and a game grundy knows: its
//! `[game] rules`, or a built-in `[reference] engine`).
//!
//! On each test, three players take the interactor on, each choosing the winning side:
//! a **perfect** one (the winning moves), one that plays its **first legal move**,
//! and a **random** legal player (seeded). The perfect player must be accepted. A weak
//! player that ever leaves the interactor a winning position must be rejected: a strong
//! interactor wins from there. When a weak player is accepted after such a move, the
//! interactor failed to punish it — it played a losing move from a winning position, or
//! accepted a lost game — and the test is reported with the game. The game follows the
//! `[interact]` protocol: the interactor prints the test case, the player prints its side
//! word, then moves as the jury would print them. The players know the game through the
//! same [`Arena`] as grundy's own jury.

use crate::error::Error;
use crate::jury::{self, Arena, InteractSpec, Line, PlayError, Stop};
use crate::rules::Worker;
use crate::rules_game::RulesGame;
use grundy_fuzzing::Rng;
use grundy_games::{Position, Problem};
use grundy_oracle::ruleset::Outcome;
use grundy_sandbox::runner::{Exit, RunLimits};
use grundy_sandbox::session::{Recv, Sent, Session};
use std::time::Duration;

/// A player grundy plays the contestant's side with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The winning moves.
    Perfect,
    /// The first legal move, always.
    FirstLegal,
    /// A random legal move (seeded).
    Random,
}

impl Player {
    /// Every player, in the order they are tried.
    pub const ALL: [Player; 3] = [Player::Perfect, Player::FirstLegal, Player::Random];

    /// The player in words.
    pub fn name(self) -> &'static str {
        match self {
            Player::Perfect => "a perfect player",
            Player::FirstLegal => "a player of the first legal move",
            Player::Random => "a random legal player",
        }
    }
}

/// One game against the interactor.
#[derive(Debug)]
pub struct Game {
    /// The interactor's exit.
    pub exit: Exit,
    /// Its first stderr line.
    pub message: String,
    /// Where the player first left a won position (`move 3`, `move 3 of game 2`), with
    /// the move and the winning moves it had.
    pub blunder: Option<(String, String, Vec<String>)>,
    /// Both sides' lines.
    pub transcript: Vec<Line>,
    /// What went wrong with the interactor's side of the protocol, if anything.
    pub broken: Option<Broken>,
}

/// Why a game against the interactor ended before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Broken {
    /// The interactor stopped mid-game (closed its output, or stopped reading): no breach
    /// when it then rejects, which is how an interactor stops a game early.
    Stopped(String),
    /// It printed what the protocol does not allow there.
    Protocol(String),
    /// The rules, or grundy's engines, failed on a position of the game.
    Engine(String),
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Broken::Stopped(m) | Broken::Protocol(m) | Broken::Engine(m) => f.write_str(m),
        }
    }
}

impl From<String> for Broken {
    fn from(m: String) -> Broken {
        Broken::Protocol(m)
    }
}

impl Game {
    /// The weakness this game shows, in words (`None`: the interactor did its job).
    pub fn weakness(&self, player: Player) -> Option<String> {
        if let Some(b) = &self.broken {
            return Some(format!("against {}: {b}", player.name()));
        }
        let accepted = self.exit == Exit::Success;
        match (player, &self.blunder) {
            (Player::Perfect, _) if !accepted => Some(format!(
                "rejects {} that took the winning side and played only winning moves (it {}: {})",
                player.name(),
                self.exit,
                self.message
            )),
            (_, Some((k, mv, winning))) if accepted => Some(format!(
                "accepts {} that left it a won position at {k} (`{mv}`; the winning moves were {}): the interactor does not play to win",
                player.name(),
                jury::listed(&winning.iter().map(|s| s.as_str()).collect::<Vec<_>>())
            )),
            _ => None,
        }
    }
}

/// One test case of an input: its lines as the interactor prints them, and the case as
/// the rules see it.
pub type Case = (String, serde_json::Value);

/// Plays `player` against `interactor` on the test `text` of a rules package: a game per
/// case of `cases`, after the count line when `count` (`[tests] count`).
#[allow(clippy::too_many_arguments)]
pub fn play(
    game: &RulesGame,
    spec: &InteractSpec,
    interactor: &[String],
    text: &str,
    cases: &[Case],
    count: bool,
    player: Player,
    limits: &RunLimits,
    seed: u64,
) -> Result<Game, Error> {
    against(spec, interactor, text, limits, |s, g| {
        let mut rng = Rng::new(seed);
        game.with_worker(|w| {
            Ok(rules_games(
                s, g, w, game, spec, cases, count, player, &mut rng,
            ))
        })
        .map_err(|e| Error::input(e.to_string()))
    })
}

/// Plays `player` against `interactor` on the test `text` of a package with a built-in
/// engine: a game per position of `cases`.
#[allow(clippy::too_many_arguments)]
pub fn play_builtin(
    problem: Problem,
    spec: &InteractSpec,
    interactor: &[String],
    text: &str,
    cases: &[Position],
    player: Player,
    limits: &RunLimits,
    seed: u64,
) -> Result<Game, Error> {
    let games = jury::builtin::games(problem, cases).map_err(|e| Error::usage(e.to_string()))?;
    let count = games.len();
    against(spec, interactor, text, limits, |s, g| {
        let mut rng = Rng::new(seed);
        for (k, (text, board)) in games.into_iter().enumerate() {
            let mut arena = jury::builtin::Engines::default();
            let game_no = (count > 1).then_some(k + 1);
            let played = one(
                s, g, &mut arena, board, spec, &text, player, &mut rng, game_no,
            );
            if let Err(broken) = played {
                return Ok(Err(broken));
            }
        }
        Ok(Ok(()))
    })
}

/// The interactor started on the test `text`, `games` played against it (an outer `Err`
/// is grundy's or the rules' failure; an inner one, the interactor's side of the protocol
/// broken), and its exit and message read.
fn against(
    spec: &InteractSpec,
    interactor: &[String],
    text: &str,
    limits: &RunLimits,
    games: impl FnOnce(&mut Session, &mut Game) -> Result<Result<(), Broken>, Error>,
) -> Result<Game, Error> {
    let dir = tempfile::tempdir().map_err(|e| Error::io("a scratch folder", e))?;
    let input = dir.path().join("input.txt");
    std::fs::write(&input, text).map_err(|e| Error::io(input.display(), e))?;
    let mut argv = grundy_sandbox::program::prepare(interactor)
        .map_err(|e| Error::from(e).within("the interactor"))?;
    argv.push(input.display().to_string());
    argv.extend(
        spec.convention
            .args(dir.path())
            .map_err(|e| Error::io(dir.path().display(), e))?,
    );
    let place = grundy_sandbox::runner::PackagePlace {
        shown: &[],
        folder: Some(dir.path()),
    };
    let mut s = Session::start_package(&argv, limits, place)
        .map_err(|e| Error::usage(format!("the interactor: {e}")))?;
    let mut g = Game {
        exit: Exit::Success,
        message: String::new(),
        blunder: None,
        transcript: Vec::new(),
        broken: None,
    };
    if let Err(why) = games(&mut s, &mut g)? {
        g.broken = Some(why);
    }
    let (run, _) = s.finish(Duration::from_millis(1000));
    g.exit = spec.convention.as_testlib(&run.exit);
    g.message = spec.convention.message(dir.path(), &run.stderr);
    // An interactor that stops the game early (to reject) is not broken.
    if matches!(g.broken, Some(Broken::Stopped(_))) && g.exit != Exit::Success {
        g.broken = None;
    }
    Ok(g)
}

fn hear(s: &mut Session, g: &mut Game, what: &str) -> Result<String, Broken> {
    match s.recv() {
        Recv::Line(l) => {
            g.transcript.push(Line {
                at: s.elapsed(),
                jury: true,
                text: l.clone(),
            });
            Ok(l)
        }
        Recv::Closed => Err(Broken::Stopped(format!(
            "stopped where {what} was expected"
        ))),
        other => Err(Broken::Protocol(format!("no {what} ({other:?})"))),
    }
}

fn say(s: &mut Session, g: &mut Game, line: &str) -> Result<(), Broken> {
    g.transcript.push(Line {
        at: s.elapsed(),
        jury: false,
        text: line.to_string(),
    });
    match s.send(line) {
        Sent::Ok => Ok(()),
        _ => Err(Broken::Stopped(format!("stopped reading before `{line}`"))),
    }
}

/// Every game of a rules package's test: the count line first when there is one, then
/// each case.
#[allow(clippy::too_many_arguments)]
fn rules_games(
    s: &mut Session,
    g: &mut Game,
    w: &mut Worker,
    game: &RulesGame,
    spec: &InteractSpec,
    cases: &[Case],
    count: bool,
    player: Player,
    rng: &mut Rng,
) -> Result<(), Broken> {
    if count {
        let got = hear(s, g, "the count of test cases")?;
        if jury::tokens(&got) != cases.len().to_string() {
            return Err(format!(
                "printed `{got}` where the count of test cases, {}, was expected",
                cases.len()
            )
            .into());
        }
    }
    for (k, (text, case)) in cases.iter().enumerate() {
        let game_no = (cases.len() > 1).then_some(k + 1);
        let (root, _) = w
            .start_case(case, false)
            .map_err(|f| Broken::Engine(f.to_string()))?;
        let (mut arena, root) = jury::rules::arena(w, root, game.spec.options());
        one(s, g, &mut arena, root, spec, text, player, rng, game_no)?;
    }
    Ok(())
}

/// A failure of the arena, in words (the rules' or grundy's engines').
fn fault(stop: Stop) -> Broken {
    match stop {
        Stop::Fault(PlayError::Rules(m)) => Broken::Engine(format!("the rules: {m}")),
        Stop::Fault(PlayError::Internal(m) | PlayError::Start(m)) => Broken::Engine(m),
        Stop::Verdict(v) => Broken::Engine(v.to_string()),
        // The arena has no session of its own: a stop from it is its failure.
        Stop::Stopped(m) => Broken::Engine(m),
    }
}

/// The start of a game: the case's lines as the interactor must print them, then the
/// side (chosen by the player, told by the interactor, or fixed); `start` is the outcome
/// of the start position. True when the player moves first.
fn opening(
    s: &mut Session,
    g: &mut Game,
    spec: &InteractSpec,
    text: &str,
    start: Outcome,
) -> Result<bool, Broken> {
    for line in text.lines() {
        let got = hear(s, g, "a line of the test case")?;
        if jury::tokens(&got) != jury::tokens(line) {
            return Err(format!(
                "printed `{got}` where the test case's line `{line}` was expected"
            )
            .into());
        }
    }
    let mine_first = start == Outcome::Win;
    if spec.side == jury::Side::Choose {
        let word = spec.words[usize::from(!mine_first)].clone();
        say(s, g, &word)?;
    }
    if spec.side == jury::Side::Told {
        let got = hear(s, g, "the side it tells")?;
        let t = jury::tokens(&got);
        let Some(k) = spec.words.iter().position(|w| *w == t) else {
            return Err(format!(
                "printed `{got}` where the side word (`{}` or `{}`) was expected",
                spec.words[0], spec.words[1]
            )
            .into());
        };
        if (k == 0) != mine_first {
            return Err(
                format!("told the contestant `{got}`, the side that loses from the start").into(),
            );
        }
    }
    Ok(match spec.side {
        jury::Side::Choose | jury::Side::Told => mine_first,
        jury::Side::First => true,
        jury::Side::Second => false,
    })
}

/// One game: its [`opening`], then the moves.
#[allow(clippy::too_many_arguments)]
fn one<A: Arena>(
    s: &mut Session,
    g: &mut Game,
    arena: &mut A,
    root: A::Pos,
    spec: &InteractSpec,
    text: &str,
    player: Player,
    rng: &mut Rng,
    game_no: Option<usize>,
) -> Result<(), Broken> {
    let mut mine = opening(s, g, spec, text, arena.known(&root).map_err(fault)?.outcome)?;
    let mut pos = root;
    let mut moved = 0usize;
    loop {
        let moves = arena.moves(&pos).map_err(fault)?;
        if moves.is_empty() {
            if let Some(end) = &spec.end {
                let got = hear(s, g, "the end line")?;
                if jury::tokens(&got) != jury::tokens(end) {
                    return Err(format!("printed `{got}` where `{end}` was expected").into());
                }
            }
            return Ok(());
        }
        let labels: Vec<String> = moves.iter().map(|m| arena.label(m)).collect();
        moved += 1;
        let i = if mine {
            let winning = arena.winning(&pos, &moves).map_err(fault)?;
            let i = match player {
                Player::Perfect => winning.first().copied().unwrap_or(0),
                Player::FirstLegal => 0,
                Player::Random => rng.below(moves.len() as u64) as usize,
            };
            if !winning.is_empty() && !winning.contains(&i) && g.blunder.is_none() {
                let at = match game_no {
                    Some(k) => format!("move {moved} of game {k}"),
                    None => format!("move {moved}"),
                };
                g.blunder = Some((
                    at,
                    labels[i].clone(),
                    winning.iter().map(|&k| labels[k].clone()).collect(),
                ));
            }
            say(s, g, &labels[i])?;
            i
        } else {
            let got = hear(s, g, "the interactor's move")?;
            let t = jury::tokens(&got);
            let Some(i) = labels.iter().position(|l| jury::tokens(l) == t) else {
                return Err(format!("played `{got}`, not a legal move").into());
            };
            i
        };
        pos = arena.after(&pos, &moves[i]).map_err(fault)?;
        mine = !mine;
    }
}

/// A weakness found on one test of the plan.
pub struct Found {
    /// The test's number in the plan.
    pub test: u64,
    /// How the test was made.
    pub label: String,
    /// The player that showed it.
    pub player: Player,
    /// What the interactor did, in words.
    pub weakness: String,
    /// The earlier test it comes down to (the same shrunk test, player and kind), if any.
    pub same_as: Option<u64>,
    /// The steps the shrinking took.
    pub steps: usize,
    /// The shrunk test in words (`3 vertices`).
    pub described: String,
    /// The shrunk test's text.
    pub text: String,
    /// The game on the shrunk test, as a transcript.
    pub game: String,
    /// The shrunk test drawn, where grundy draws its input.
    pub svg: Option<String>,
    /// The game move by move, where grundy draws its positions.
    pub frames: Vec<(String, String)>,
}
