//! Interactive game problems: grundy plays the jury (`[interact]` in `problem.toml`, for
//! a package whose game is given by its rules).
//!
//! For each test case the jury prints the case, the contestant takes a side (prints the
//! word of `First` or `Second`, or plays the side the package fixes), and then the two
//! play, one move a line — a move is printed as the rules label it. The jury plays
//! perfectly and adversarially: from a winning position a winning move; from a losing
//! one the move that leaves the contestant the fewest winning replies (ties: the longest
//! game, then a choice seeded by the input, so every game replays exactly). Every
//! position's value comes from the rules' search (the oracle's
//! [`ruleset`](grundy_oracle::ruleset)), never from a formula.
//!
//! The contestant runs in a [`Session`] (contained like every judged program, its
//! thinking time summed over its turns), and its verdict is the first thing that goes
//! wrong: the losing side chosen, a move that is not shaped like one (PE), an illegal
//! move, a move that gives away a won game ("lost from a winning position"), silence on
//! its turn (TLE), stopping mid-game, a crash (RE), or writing after the end. A
//! timestamped two-way transcript goes with every verdict.

use crate::game::RulesGame;
use crate::judge::Verdict;
use crate::runner::{Exit, Limits, Run};
use crate::session::{Recv, Sent, Session};
use grundy_fuzzing::Rng;
use grundy_games::schema::{Instance, Schema, Tests};
use grundy_oracle::ruleset::{self, Outcome, RulesError, Solved, StateId};
use serde::Deserialize;
use std::fmt::Write as _;
use std::time::Duration;

/// `[interact]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InteractToml {
    side: Option<String>,
    words: Option<Vec<String>>,
    end: Option<String>,
    interactor: Option<String>,
    convention: Option<String>,
}

impl InteractToml {
    /// The setter's own interactor, as written.
    pub fn interactor(&self) -> Option<&str> {
        self.interactor.as_deref()
    }
}

/// Who chooses the contestant's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The contestant prints the word of the side it takes, after the test case.
    Choose,
    /// The contestant always moves first.
    First,
    /// The contestant always moves second.
    Second,
}

/// The protocol of an interactive package.
#[derive(Clone, Debug)]
pub struct InteractSpec {
    /// Who chooses the side.
    pub side: Side,
    /// The words for the first and the second player.
    pub words: [String; 2],
    /// The line the jury prints when the game is over (the player to move has no move).
    pub end: Option<String>,
    /// The setter's own interactor, run instead of grundy's jury.
    pub interactor: Option<Vec<String>>,
    /// How the interactor is run and how it says its verdict.
    pub convention: Convention,
}

/// An interactor's convention.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Convention {
    /// testlib: `INTERACTOR INPUT TOUT`; exit 0 OK, 1 WA, 2 PE, 3 its own failure; the
    /// message on stderr.
    Testlib,
    /// Kattis / ICPC problem packages: `INTERACTOR INPUT ANSWER FEEDBACK_DIR`; exit 42
    /// accepted, 43 wrong answer; the message in `FEEDBACK_DIR/judgemessage.txt`.
    Kattis,
}

impl InteractSpec {
    /// Reads `[interact]`; `interactor` is the setter's interactor as a command line.
    pub fn load(t: &InteractToml, interactor: Option<Vec<String>>) -> Result<InteractSpec, String> {
        let side = match t.side.as_deref().unwrap_or("choose") {
            "choose" => Side::Choose,
            "first" => Side::First,
            "second" => Side::Second,
            other => {
                return Err(format!(
                    "interact.side: `{other}` (expected `choose`, `first` or `second`)"
                ))
            }
        };
        let words = match &t.words {
            None => ["First".to_string(), "Second".to_string()],
            Some(w) if w.len() == 2 && w.iter().all(|x| single_token(x)) && w[0] != w[1] => {
                [w[0].clone(), w[1].clone()]
            }
            Some(w) => {
                return Err(format!(
                    "interact.words: {w:?} (expected two different words, e.g. [\"First\", \"Second\"])"
                ))
            }
        };
        if let Some(e) = &t.end {
            if e.trim().is_empty() || e.contains('\n') {
                return Err(format!("interact.end: {e:?} (expected a non-empty line)"));
            }
        }
        let convention = match t.convention.as_deref().unwrap_or("testlib") {
            "testlib" => Convention::Testlib,
            "kattis" => Convention::Kattis,
            other => {
                return Err(format!(
                    "interact.convention: `{other}` (expected `testlib` or `kattis`)"
                ))
            }
        };
        Ok(InteractSpec {
            side,
            words,
            end: t.end.clone(),
            interactor,
            convention,
        })
    }
}

fn single_token(w: &str) -> bool {
    !w.is_empty() && !w.chars().any(char::is_whitespace)
}

/// One line of a game.
#[derive(Clone, Debug)]
pub struct Line {
    /// When it was written (since the program started).
    pub at: Duration,
    /// Written by the jury (else by the program).
    pub jury: bool,
    /// The line.
    pub text: String,
}

/// A game played: the verdict, the run, the transcript.
#[derive(Debug)]
pub struct Played {
    /// The verdict.
    pub verdict: Verdict,
    /// The program's run (every byte it wrote is in `stdout`).
    pub run: Run,
    /// Both sides' lines, in order.
    pub transcript: Vec<Line>,
}

/// The kinds of wrong answer of an interactive program: a failure keeps its kind when
/// shrunk, and two kinds are two groups.
pub const WRONG_KINDS: [&str; 6] = [
    "chose the losing side",
    "an illegal move",
    "lost from a winning position",
    "stopped mid-game",
    "wrote after the end",
    "did not read",
];

/// The kind of an interactive verdict's message (one of [`WRONG_KINDS`]), if any.
pub fn kind_of(message: &str) -> Option<&'static str> {
    WRONG_KINDS.iter().copied().find(|k| message.contains(k))
}

/// The transcript as text, one line each: `[seconds] > jury line` or `< program line`.
pub fn transcript_text(lines: &[Line]) -> String {
    let mut out = String::new();
    for l in lines {
        let _ = writeln!(
            out,
            "[{:>7.3}] {} {}",
            l.at.as_secs_f64(),
            if l.jury { ">" } else { "<" },
            l.text
        );
    }
    out
}

/// The values the jury knows: every search it ran (from the start, and from positions
/// met in play that the start's search did not reach).
pub(crate) struct Values {
    solved: Vec<Solved>,
    opts: ruleset::Options,
}

/// A position's outcome for the player to move, its Grundy value (normal play) and the
/// longest play from it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Known {
    pub(crate) outcome: Outcome,
    value: Option<u32>,
    longest: u32,
}

impl Values {
    /// No position valued yet; searches with `opts`.
    pub(crate) fn new(opts: ruleset::Options) -> Values {
        Values {
            solved: Vec::new(),
            opts,
        }
    }

    pub(crate) fn of_parts(
        &mut self,
        w: &mut crate::rules::Worker,
        parts: &[StateId],
    ) -> Result<Known, RulesError> {
        for &p in parts {
            if !self
                .solved
                .iter()
                .any(|s| s.outcome_of_parts(&[p]).is_some())
            {
                let s = ruleset::solve(w, p, self.opts)?;
                self.solved.push(s);
            }
        }
        let find = |p: StateId| {
            self.solved
                .iter()
                .find(|s| s.outcome_of_parts(&[p]).is_some())
                .expect("searched above")
        };
        if parts.len() == 1 {
            let s = find(parts[0]);
            return Ok(Known {
                outcome: s.outcome_of_parts(parts).expect("searched"),
                value: s.value_of(parts[0]),
                longest: s.longest_of_parts(parts).unwrap_or(0),
            });
        }
        // A sum of parts (normal play): the XOR of their values.
        let mut x = 0u32;
        let mut longest = 0u32;
        for &p in parts {
            let s = find(p);
            x ^= s.value_of(p).unwrap_or(0);
            longest = longest.saturating_add(s.longest_of_parts(&[p]).unwrap_or(0));
        }
        Ok(Known {
            outcome: if x == 0 { Outcome::Lose } else { Outcome::Win },
            value: Some(x),
            longest,
        })
    }
}

/// How a position is described in a verdict: its value, or who wins it.
pub(crate) fn worth(k: &Known) -> String {
    match (k.value, k.outcome) {
        (Some(v), _) => format!("value {v}"),
        (None, Outcome::Win) => "a position the player to move wins".into(),
        (None, Outcome::Lose) => "a position the player to move loses".into(),
        (None, Outcome::Draw) => "a drawn position".into(),
    }
}

/// Labels in a sentence: `` `a`, `b` `` (at most 6, then how many more).
pub(crate) fn listed(labels: &[&str]) -> String {
    let mut s: Vec<String> = labels.iter().take(6).map(|l| format!("`{l}`")).collect();
    if labels.len() > 6 {
        s.push(format!("and {} more", labels.len() - 6));
    }
    s.join(", ")
}

pub(crate) fn tokens(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The game in progress with one program.
struct Game<'a> {
    session: Session,
    transcript: Vec<Line>,
    spec: &'a InteractSpec,
    /// Moves played (both sides), for messages.
    moves: usize,
}

/// Why the game stopped early.
enum Stop {
    /// A verdict decided now (the program may still be running).
    Verdict(Verdict),
    /// The program stopped: read its exit before deciding (RE, or stopped mid-game).
    Stopped(String),
    /// The rules failed: the package's fault.
    Rules(RulesError),
}

impl Game<'_> {
    fn say(&mut self, line: &str) -> Result<(), Stop> {
        self.transcript.push(Line {
            at: self.session.elapsed(),
            jury: true,
            text: line.to_string(),
        });
        match self.session.send(line) {
            Sent::Ok => Ok(()),
            Sent::Closed => Err(Stop::Stopped(format!(
                "did not read: its input was closed when the jury wrote `{line}`"
            ))),
            Sent::Stuck => Err(Stop::Verdict(Verdict::TimeLimit(format!(
                "did not read the jury's line `{line}` within its time"
            )))),
        }
    }

    fn hear(&mut self, what: &str) -> Result<String, Stop> {
        match self.session.recv() {
            Recv::Line(l) => {
                self.transcript.push(Line {
                    at: self.session.elapsed(),
                    jury: false,
                    text: l.clone(),
                });
                Ok(l)
            }
            Recv::Closed => Err(Stop::Stopped(format!(
                "stopped mid-game: its output ended where {what} was expected"
            ))),
            Recv::Silent => Err(Stop::Verdict(Verdict::TimeLimit(format!(
                "silent on its turn: {what} was expected, and no line came within its thinking time"
            )))),
            Recv::TooLong => Err(Stop::Verdict(Verdict::Presentation(format!(
                "a line of more than {} MiB where {what} was expected",
                crate::session::MAX_LINE >> 20
            )))),
            Recv::Over(Exit::OutputLimit) => Err(Stop::Verdict(Verdict::OutputLimit)),
            Recv::Over(Exit::Interrupted) => Err(Stop::Verdict(Verdict::Runtime(
                "stopped because grundy was interrupted".into(),
            ))),
            Recv::Over(_) => Err(Stop::Verdict(Verdict::TimeLimit(format!(
                "over its CPU time while {what} was expected"
            )))),
        }
    }
}

/// Plays every test case of `inst` against the program `argv`: the verdict, the run and
/// the transcript. An `Err` is the package's fault (the rules fail) or a program that
/// cannot start.
pub fn play(
    game: &RulesGame,
    spec: &InteractSpec,
    schema: &Schema,
    inst: &Instance,
    argv: &[String],
    limits: &Limits,
    seed: u64,
) -> Result<Played, PlayError> {
    let session = Session::start(argv, limits).map_err(|e| PlayError::Start(e.to_string()))?;
    let mut g = Game {
        session,
        transcript: Vec::new(),
        spec,
        moves: 0,
    };
    let outcome = game
        .with_worker(|w| Ok(all_cases(&mut g, w, game, schema, inst, seed)))
        .map_err(|e| PlayError::Rules(e.to_string()))?;
    let stop = match outcome {
        Ok(()) => None,
        Err(Stop::Rules(e)) => return Err(PlayError::Rules(e.to_string())),
        Err(s) => Some(s),
    };
    let grace = match stop {
        // The games are over: a program that won must exit by itself.
        None => Duration::from_millis(1000),
        // It stopped by itself: its exit tells a crash from an early end.
        Some(Stop::Stopped(_)) => Duration::from_millis(200),
        _ => Duration::ZERO,
    };
    let (run, after) = g.session.finish(grace);
    let crashed = match &run.exit {
        Exit::Code(c) => Some(format!("exit code {c}")),
        Exit::Signal(s, name) => Some(format!("killed by signal {s}, {name}")),
        _ => None,
    };
    let verdict = match stop {
        Some(Stop::Verdict(v)) => v,
        Some(Stop::Stopped(why)) => match crashed {
            Some(c) => Verdict::Runtime(format!("{c}, during move {}", g.moves + 1)),
            None => Verdict::WrongAnswer(format!("move {}: {why}", g.moves + 1)),
        },
        Some(Stop::Rules(_)) => unreachable!("returned above"),
        None => {
            let extra = String::from_utf8_lossy(&after).trim().to_string();
            if run.exit == Exit::OutputLimit {
                Verdict::OutputLimit
            } else if !extra.is_empty() {
                let first = extra.lines().next().unwrap_or("");
                Verdict::WrongAnswer(format!("wrote after the end of the games: `{first}`"))
            } else if let Some(c) = crashed {
                Verdict::Runtime(format!("{c}, after the games"))
            } else if run.exit == Exit::Timeout {
                Verdict::TimeLimit("did not exit after the games (its input was closed)".into())
            } else {
                Verdict::Ok
            }
        }
    };
    Ok(Played {
        verdict,
        run,
        transcript: g.transcript,
    })
}

/// Why a game could not be judged.
#[derive(Debug)]
pub enum PlayError {
    /// The program cannot be started.
    Start(String),
    /// The rules failed (the package's fault).
    Rules(String),
}

/// Each test case of an input as the jury prints it before its game: its lines, without
/// the count line of `[tests] count` (printed once, before the first case).
pub fn case_texts(schema: &Schema, inst: &Instance) -> Vec<String> {
    inst.cases
        .iter()
        .map(|case| {
            let one = Instance {
                cases: vec![case.clone()],
            };
            let text = schema.write(&one);
            match schema.tests {
                Tests::Count(_) => text
                    .split_once('\n')
                    .map_or(String::new(), |(_, r)| r.into()),
                _ => text,
            }
        })
        .collect()
}

fn all_cases(
    g: &mut Game<'_>,
    w: &mut crate::rules::Worker,
    game: &RulesGame,
    schema: &Schema,
    inst: &Instance,
    seed: u64,
) -> Result<(), Stop> {
    if matches!(schema.tests, Tests::Count(_)) {
        g.say(&inst.cases.len().to_string())?;
    }
    for (k, (case, text)) in inst.cases.iter().zip(case_texts(schema, inst)).enumerate() {
        for line in text.lines() {
            g.say(line)?;
        }
        let json = crate::game::case_json(schema, case);
        let mut rng = Rng::for_case(seed, k as u64);
        one_game(g, w, game, &json, &mut rng, k, inst.cases.len())?;
    }
    Ok(())
}

/// One game from the start of a test case.
fn one_game(
    g: &mut Game<'_>,
    w: &mut crate::rules::Worker,
    game: &RulesGame,
    case: &serde_json::Value,
    rng: &mut Rng,
    k: usize,
    cases: usize,
) -> Result<(), Stop> {
    let in_case = if cases > 1 {
        format!("test case {}, ", k + 1)
    } else {
        String::new()
    };
    let (root, _) = w
        .start_case(case, false)
        .map_err(|f| Stop::Rules(RulesError::Explorer(Box::new(f))))?;
    let mut values = Values {
        solved: Vec::new(),
        opts: game.spec.options(),
    };
    let start = values.of_parts(w, &[root]).map_err(Stop::Rules)?;
    let words = &g.spec.words;
    let program_first = match g.spec.side {
        Side::First => true,
        Side::Second => false,
        Side::Choose => {
            let said = g.hear("the side it takes")?;
            let t = tokens(&said);
            let first = if t == words[0] {
                true
            } else if t == words[1] {
                false
            } else {
                return Err(Stop::Verdict(Verdict::Presentation(format!(
                    "{in_case}expected `{}` or `{}` (the side it takes), found `{said}`",
                    words[0], words[1]
                ))));
            };
            let wins = start.outcome == Outcome::Win;
            if first != wins {
                let moves = w.play(root).map_err(Stop::Rules)?;
                let mut winning = Vec::new();
                for m in &moves {
                    if values.of_parts(w, &m.parts).map_err(Stop::Rules)?.outcome == Outcome::Lose {
                        winning.push(m.label.clone());
                    }
                }
                let why = if wins {
                    let ws: Vec<&str> = winning.iter().map(|s| s.as_str()).collect();
                    format!(
                        "the first player wins from the start ({}; the winning first moves are {})",
                        worth(&start),
                        listed(&ws)
                    )
                } else {
                    format!("the second player wins: the start is {}", worth(&start))
                };
                return Err(Stop::Verdict(Verdict::WrongAnswer(format!(
                    "{in_case}chose the losing side `{said}`: {why}"
                ))));
            }
            first
        }
    };
    let mut pos = root;
    // What the jury knows of the position, for the player to move.
    let mut cur = start;
    let mut program_to_move = program_first;
    loop {
        let moves = w.play(pos).map_err(Stop::Rules)?;
        if moves.is_empty() {
            if let Some(e) = &g.spec.end {
                let e = e.clone();
                g.say(&e)?;
            }
            return Ok(());
        }
        if program_to_move {
            let here = cur;
            let said = g.hear("a move")?;
            let t = tokens(&said);
            let Some(m) = moves.iter().find(|m| tokens(&m.label) == t) else {
                let shape = t.split(' ').count();
                let labels: Vec<&str> = moves.iter().map(|m| m.label.as_str()).collect();
                let shaped = moves
                    .iter()
                    .any(|m| tokens(&m.label).split(' ').count() == shape);
                let msg = format!(
                    "{in_case}move {}: `{said}` is {}; the legal moves were {}",
                    g.moves + 1,
                    if shaped {
                        "an illegal move"
                    } else {
                        "not shaped like a move"
                    },
                    listed(&labels)
                );
                return Err(Stop::Verdict(if shaped {
                    Verdict::WrongAnswer(msg)
                } else {
                    Verdict::Presentation(msg)
                }));
            };
            let after = values.of_parts(w, &m.parts).map_err(Stop::Rules)?;
            g.moves += 1;
            if here.outcome == Outcome::Win && after.outcome != Outcome::Lose {
                let mut winning = Vec::new();
                for o in &moves {
                    if values.of_parts(w, &o.parts).map_err(Stop::Rules)?.outcome == Outcome::Lose {
                        winning.push(o.label.as_str());
                    }
                }
                return Err(Stop::Verdict(Verdict::WrongAnswer(format!(
                    "{in_case}move {}: lost from a winning position: `{said}` leaves {} (the jury wins from it); the winning moves were {}",
                    g.moves,
                    worth(&after),
                    listed(&winning)
                ))));
            }
            pos = m.next;
            cur = after;
        } else {
            let (m, known) = choose(w, &mut values, &moves, rng)?;
            let label = moves[m].label.clone();
            g.moves += 1;
            g.say(&label)?;
            pos = moves[m].next;
            cur = known;
        }
        program_to_move = !program_to_move;
    }
}

/// The jury's move: a winning one if there is one (seeded among them); else the one
/// leaving the fewest winning replies, then the longest game, then seeded.
fn choose(
    w: &mut crate::rules::Worker,
    values: &mut Values,
    moves: &[crate::rules::PlayMove],
    rng: &mut Rng,
) -> Result<(usize, Known), Stop> {
    let mut known = Vec::with_capacity(moves.len());
    for m in moves {
        known.push(values.of_parts(w, &m.parts).map_err(Stop::Rules)?);
    }
    let winning: Vec<usize> = (0..moves.len())
        .filter(|&i| known[i].outcome == Outcome::Lose)
        .collect();
    if !winning.is_empty() {
        let i = winning[rng.below(winning.len() as u64) as usize];
        return Ok((i, known[i]));
    }
    let mut best: Vec<usize> = Vec::new();
    let mut best_key = (usize::MAX, 0u32);
    for (i, m) in moves.iter().enumerate() {
        let replies = w.play(m.next).map_err(Stop::Rules)?;
        let mut wins = 0;
        for r in &replies {
            if values.of_parts(w, &r.parts).map_err(Stop::Rules)?.outcome == Outcome::Lose {
                wins += 1;
            }
        }
        // Fewest winning replies first, then the longest game.
        let key = (wins, u32::MAX - known[i].longest);
        if key < best_key {
            best_key = key;
            best.clear();
        }
        if key == best_key {
            best.push(i);
        }
    }
    let i = best[rng.below(best.len() as u64) as usize];
    Ok((i, known[i]))
}

impl Convention {
    /// The interactor's arguments after the input file, made in the scratch folder
    /// `dir`: testlib's output file, or Kattis's (empty) answer file and feedback folder.
    pub(crate) fn args(self, dir: &std::path::Path) -> std::io::Result<Vec<String>> {
        Ok(match self {
            Convention::Testlib => vec![dir.join("tout.txt").display().to_string()],
            Convention::Kattis => {
                // A game's interactor needs no answer file: an empty one is given.
                let answer = dir.join("answer.txt");
                std::fs::write(&answer, "")?;
                std::fs::create_dir_all(dir.join("feedback"))?;
                vec![
                    answer.display().to_string(),
                    dir.join("feedback").display().to_string(),
                ]
            }
        })
    }

    /// The interactor's exit in testlib's terms (Kattis's 42 is OK, 43 WA, and an exit
    /// code 0 is none of them: `Code(0)`).
    pub(crate) fn as_testlib(self, exit: &Exit) -> Exit {
        match (self, exit) {
            (Convention::Kattis, Exit::Code(42)) => Exit::Success,
            (Convention::Kattis, Exit::Code(43)) => Exit::Code(1),
            (Convention::Kattis, Exit::Success) => Exit::Code(0),
            (_, e) => e.clone(),
        }
    }

    /// The interactor's message: the first non-empty line of its stderr, or of Kattis's
    /// `judgemessage.txt` in the scratch folder `dir`.
    pub(crate) fn message(self, dir: &std::path::Path, stderr: &[u8]) -> String {
        let said = match self {
            Convention::Kattis => std::fs::read_to_string(dir.join("feedback/judgemessage.txt"))
                .unwrap_or_else(|_| String::from_utf8_lossy(stderr).into_owned()),
            Convention::Testlib => String::from_utf8_lossy(stderr).into_owned(),
        };
        said.lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim()
            .to_string()
    }
}

/// Plays the program against the setter's own interactor, testlib's convention: the
/// interactor runs as `INTERACTOR INPUT TOUT` (the test's input file, a file for its own
/// output), talks to the program over its standard input and output, and exits 0 (OK),
/// 1 (WA), 2 (PE) or 3 (its own failure), its message on stderr. grundy relays every line
/// between the two (both contained) and keeps the transcript; the game has the wall
/// backstop as a whole.
pub fn referee(
    interactor: &[String],
    convention: Convention,
    text: &str,
    argv: &[String],
    limits: &Limits,
) -> Result<Played, PlayError> {
    let dir =
        tempfile::tempdir().map_err(|e| PlayError::Start(format!("a scratch folder: {e}")))?;
    let input = dir.path().join("input.txt");
    std::fs::write(&input, text)
        .map_err(|e| PlayError::Start(format!("{}: {e}", input.display())))?;
    let mut cmd = prepared(interactor)?;
    cmd.push(input.display().to_string());
    cmd.extend(
        convention
            .args(dir.path())
            .map_err(|e| PlayError::Start(format!("a scratch folder: {e}")))?,
    );
    // The interactor gets the same limits, its CPU time its own.
    let mut jury = Session::start(&cmd, limits)
        .map_err(|e| PlayError::Rules(format!("the interactor cannot start: {e}")))?;
    let mut program = Session::start(argv, limits).map_err(|e| PlayError::Start(e.to_string()))?;
    let mut transcript = Vec::new();
    let deadline = std::time::Instant::now() + limits.wall;
    let step = Duration::from_millis(5);
    let mut timed_out = false;
    let mut program_gone = false;
    loop {
        if jury.exited() {
            break;
        }
        if std::time::Instant::now() >= deadline {
            timed_out = true;
            break;
        }
        if let Recv::Line(l) = jury.recv_within(step) {
            transcript.push(Line {
                at: program.elapsed(),
                jury: true,
                text: l.clone(),
            });
            if !program_gone && program.send(&l) != Sent::Ok {
                program_gone = true;
            }
        }
        if !program_gone {
            match program.recv_within(step) {
                Recv::Line(l) => {
                    transcript.push(Line {
                        at: program.elapsed(),
                        jury: false,
                        text: l.clone(),
                    });
                    let _ = jury.send(&l);
                }
                Recv::Closed => program_gone = true,
                Recv::Over(_) | Recv::TooLong => {
                    program_gone = true;
                }
                Recv::Silent => {}
            }
        }
    }
    let (jrun, _) = jury.finish(Duration::from_millis(200));
    let (run, _) = program.finish(Duration::from_millis(200));
    let message = convention.message(dir.path(), &jrun.stderr);
    let exit = convention.as_testlib(&jrun.exit);
    let crashed = match &run.exit {
        Exit::Code(c) => Some(format!("exit code {c}")),
        Exit::Signal(s, name) => Some(format!("killed by signal {s}, {name}")),
        _ => None,
    };
    let verdict = if timed_out {
        Verdict::TimeLimit(format!(
            "the game did not end within {} s (the interactor was still running)",
            limits.wall.as_secs_f64()
        ))
    } else {
        match (&exit, &run.exit) {
            (_, Exit::OutputLimit) => Verdict::OutputLimit,
            (_, Exit::Timeout) if run.cpu > limits.time => Verdict::TimeLimit(format!(
                "{:.3} s CPU (limit {} s)",
                run.cpu.as_secs_f64(),
                limits.time.as_secs_f64()
            )),
            (Exit::Success, _) => match crashed {
                Some(c) => Verdict::Runtime(c),
                None => Verdict::Ok,
            },
            (Exit::Code(1), _) => Verdict::WrongAnswer(format!("the interactor: {message}")),
            (Exit::Code(2), _) => Verdict::Presentation(format!("the interactor: {message}")),
            (e, _) => {
                let how = match convention {
                    Convention::Testlib => "it exits 0 OK, 1 WA, 2 PE, 3 its own failure",
                    Convention::Kattis => "it exits 42 accepted, 43 wrong answer",
                };
                let e = if *e == Exit::Code(0) {
                    "exited with code 0".to_string()
                } else {
                    jrun.exit.to_string()
                };
                return Err(PlayError::Rules(format!(
                    "the interactor {e} ({how}): {message}"
                )));
            }
        }
    };
    Ok(Played {
        verdict,
        run,
        transcript,
    })
}

/// The interactor's command line, compiled when it is a source file.
fn prepared(interactor: &[String]) -> Result<Vec<String>, PlayError> {
    crate::program::prepare(interactor)
        .map_err(|e| PlayError::Rules(format!("the interactor: {e}")))
}
