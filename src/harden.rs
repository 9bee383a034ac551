//! `grundy harden DIR`: grundy plays the contestant against the setter's own interactor,
//! to find a weak one (a package with `[game] rules` and `[interact] interactor`).
//!
//! On each test, three players take the interactor on, each choosing the winning side:
//! a **perfect** one (the rules' winning moves), one that plays its **first legal move**,
//! and a **random** legal player (seeded). The perfect player must be accepted. A weak
//! player that ever leaves the interactor a winning position must be rejected: a strong
//! interactor wins from there. When a weak player is accepted after such a move, the
//! interactor failed to punish it — it played a losing move from a winning position, or
//! accepted a lost game — and the test is reported with the game. The game follows the
//! `[interact]` protocol: the interactor prints the test case, the player prints its side
//! word, then moves as the rules label them.

use crate::game::RulesGame;
use crate::jury::{self, InteractSpec, Line, Values};
use crate::rules::Worker;
use crate::runner::{Exit, Limits};
use crate::session::{Recv, Sent, Session};
use grundy_fuzzing::Rng;
use grundy_oracle::ruleset::{Outcome, RulesError, StateId};
use std::time::Duration;

/// A player grundy plays the contestant's side with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The rules' winning moves.
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
    pub broken: Option<String>,
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

/// Plays `player` against `interactor` on the test `text`: a game per case of `cases`,
/// after the count line when `count` (`[tests] count`).
#[allow(clippy::too_many_arguments)]
pub fn play(
    game: &RulesGame,
    spec: &InteractSpec,
    interactor: &[String],
    text: &str,
    cases: &[Case],
    count: bool,
    player: Player,
    limits: &Limits,
    seed: u64,
) -> Result<Game, String> {
    let dir = tempfile::tempdir().map_err(|e| format!("a scratch folder: {e}"))?;
    let input = dir.path().join("input.txt");
    std::fs::write(&input, text).map_err(|e| e.to_string())?;
    let mut argv =
        crate::program::prepare(interactor).map_err(|e| format!("the interactor: {e}"))?;
    argv.push(input.display().to_string());
    argv.extend(
        spec.convention
            .args(dir.path())
            .map_err(|e| e.to_string())?,
    );
    let mut s = Session::start(&argv, limits).map_err(|e| format!("the interactor: {e}"))?;
    let mut g = Game {
        exit: Exit::Success,
        message: String::new(),
        blunder: None,
        transcript: Vec::new(),
        broken: None,
    };
    let mut rng = Rng::new(seed);
    let outcome = game
        .with_worker(|w| {
            Ok(all(
                &mut s, &mut g, w, game, spec, cases, count, player, &mut rng,
            ))
        })
        .map_err(|e| e.to_string())?;
    if let Err(why) = outcome {
        g.broken = Some(why);
    }
    let (run, _) = s.finish(Duration::from_millis(1000));
    g.exit = spec.convention.as_testlib(&run.exit);
    g.message = spec.convention.message(dir.path(), &run.stderr);
    // An interactor that stops the game early (to reject) is not broken.
    if g.broken
        .as_deref()
        .is_some_and(|b| b.starts_with("stopped"))
        && g.exit != Exit::Success
    {
        g.broken = None;
    }
    Ok(g)
}

fn hear(s: &mut Session, g: &mut Game, what: &str) -> Result<String, String> {
    match s.recv() {
        Recv::Line(l) => {
            g.transcript.push(Line {
                at: s.elapsed(),
                jury: true,
                text: l.clone(),
            });
            Ok(l)
        }
        Recv::Closed => Err(format!("stopped where {what} was expected")),
        other => Err(format!("no {what} ({other:?})")),
    }
}

fn say(s: &mut Session, g: &mut Game, line: &str) -> Result<(), String> {
    g.transcript.push(Line {
        at: s.elapsed(),
        jury: false,
        text: line.to_string(),
    });
    match s.send(line) {
        Sent::Ok => Ok(()),
        _ => Err(format!("stopped reading before `{line}`")),
    }
}

/// Every game of the test: the count line first when there is one, then each case.
#[allow(clippy::too_many_arguments)]
fn all(
    s: &mut Session,
    g: &mut Game,
    w: &mut Worker,
    game: &RulesGame,
    spec: &InteractSpec,
    cases: &[Case],
    count: bool,
    player: Player,
    rng: &mut Rng,
) -> Result<(), String> {
    if count {
        let got = hear(s, g, "the count of test cases")?;
        if jury::tokens(&got) != cases.len().to_string() {
            return Err(format!(
                "printed `{got}` where the count of test cases, {}, was expected",
                cases.len()
            ));
        }
    }
    for (k, (text, case)) in cases.iter().enumerate() {
        let game_no = (cases.len() > 1).then_some(k + 1);
        one(s, g, w, game, spec, text, case, player, rng, game_no)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn one(
    s: &mut Session,
    g: &mut Game,
    w: &mut Worker,
    game: &RulesGame,
    spec: &InteractSpec,
    text: &str,
    case: &serde_json::Value,
    player: Player,
    rng: &mut Rng,
    game_no: Option<usize>,
) -> Result<(), String> {
    for line in text.lines() {
        let got = hear(s, g, "a line of the test case")?;
        if jury::tokens(&got) != jury::tokens(line) {
            return Err(format!(
                "printed `{got}` where the test case's line `{line}` was expected"
            ));
        }
    }
    let rules = |e: RulesError| format!("the rules: {e}");
    let (root, _) = w.start_case(case, false).map_err(|f| f.to_string())?;
    let mut values = Values::new(game.spec.options());
    let start = values.of_parts(w, &[root]).map_err(rules)?;
    let mine_first = start.outcome == Outcome::Win;
    if spec.side == jury::Side::Choose {
        let word = spec.words[usize::from(!mine_first)].clone();
        say(s, g, &word)?;
    }
    let mut mine = match spec.side {
        jury::Side::Choose => mine_first,
        jury::Side::First => true,
        jury::Side::Second => false,
    };
    let mut pos: StateId = root;
    let mut moved = 0usize;
    loop {
        let moves = w.play(pos).map_err(rules)?;
        if moves.is_empty() {
            if let Some(end) = &spec.end {
                let got = hear(s, g, "the end line")?;
                if jury::tokens(&got) != jury::tokens(end) {
                    return Err(format!("printed `{got}` where `{end}` was expected"));
                }
            }
            return Ok(());
        }
        let mut known = Vec::with_capacity(moves.len());
        for m in &moves {
            known.push(values.of_parts(w, &m.parts).map_err(rules)?);
        }
        let winning: Vec<usize> = (0..moves.len())
            .filter(|&i| known[i].outcome == Outcome::Lose)
            .collect();
        moved += 1;
        if mine {
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
                    moves[i].label.clone(),
                    winning.iter().map(|&k| moves[k].label.clone()).collect(),
                ));
            }
            say(s, g, &moves[i].label)?;
            pos = moves[i].next;
        } else {
            let got = hear(s, g, "the interactor's move")?;
            let t = jury::tokens(&got);
            let Some(m) = moves.iter().find(|m| jury::tokens(&m.label) == t) else {
                return Err(format!("played `{got}`, not a legal move"));
            };
            pos = m.next;
        }
        mine = !mine;
    }
}
