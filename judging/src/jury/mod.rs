//! Interactive game problems: grundy plays the jury (`[interact]` in `problem.toml`, for
//! a package whose game is given by its rules or by a built-in engine), or relays the
//! games to the setter's own interactor ([`referee`]).
//!
//! For each test case the jury prints the case, the contestant takes a side (prints the
//! word of `First` or `Second`, or plays the side the package fixes), and then the two
//! play, one move a line. The jury plays perfectly and adversarially: from a winning
//! position a winning move; from a losing one the move that leaves the contestant the
//! fewest winning replies (ties: the longest game, then a choice seeded by the input, so
//! every game replays exactly). The protocol and this strategy are written once, over an
//! [`Arena`]: the rules' states and search ([`rules`]), or a built-in game's boards and
//! grundy's two engines ([`builtin`]).
//!
//! The contestant runs in a [`Session`] (contained like every judged program, its
//! thinking time summed over its turns), and its verdict is the first thing that goes
//! wrong: the losing side chosen, a move that is not shaped like one (PE), an illegal
//! move, a move that gives away a won game ("lost from a winning position"), silence on
//! its turn (TLE), stopping mid-game, a crash (RE), or writing after the end. A
//! timestamped two-way transcript goes with every verdict.
//!
//! The interactive wing: this module (the protocol, the arena, the verdicts), the
//! games of the rules ([`rules`]) and of a built-in engine ([`builtin`]), the relay to
//! the setter's interactor (`referee`), the hardening of that interactor ([`harden`],
//! `grundy harden`'s plan in [`harden_plan`] and its page in [`harden_html`]), and a
//! game's stepper page ([`steps_html`]).

pub mod builtin;
pub mod harden;
pub mod harden_html;
pub mod harden_plan;
mod referee;
pub mod rules;
pub mod steps_html;

pub use referee::referee;
pub use rules::play;

use crate::error::TableError;
use crate::judge::{Over, Verdict};
use grundy_fuzzing::Rng;
use grundy_games::schema::{Instance, Schema, Tests};
use grundy_oracle::ruleset::Outcome;
use grundy_sandbox::runner::{Exit, Run, RunLimits};
use grundy_sandbox::session::{Recv, Sent, Session};
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
    max_vertices: Option<usize>,
    move_time: Option<f64>,
}

impl InteractToml {
    /// The setter's own interactor, as written.
    pub fn interactor(&self) -> Option<&str> {
        self.interactor.as_deref()
    }

    /// True when `max_vertices` is written.
    pub fn sizes_games(&self) -> bool {
        self.max_vertices.is_some()
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
    /// The jury tells the contestant its side (the word of the side that wins from the
    /// start), after the test case.
    Told,
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
    /// With a built-in engine: the most vertices (edges for `hackenbush`) of a generated
    /// game.
    pub max_vertices: usize,
    /// The most wall time the contestant may think on one move (none: only its whole
    /// thinking time, the wall backstop, bounds it).
    pub move_time: Option<Duration>,
}

/// How long a contestant on its turn may use no CPU time and write nothing before the game
/// stops (an idleness limit): a deadlock costs this, not the whole wall limit.
pub const IDLENESS: Duration = Duration::from_secs(1);

/// The default of `interact.max_vertices`.
pub const MAX_VERTICES: usize = 100;

/// The largest `interact.max_vertices`.
pub const MAX_VERTICES_CAP: usize = 2000;

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
    pub fn load(
        t: &InteractToml,
        interactor: Option<Vec<String>>,
    ) -> Result<InteractSpec, TableError> {
        let side = match t.side.as_deref().unwrap_or("choose") {
            "choose" => Side::Choose,
            "first" => Side::First,
            "second" => Side::Second,
            "told" => Side::Told,
            other => {
                return Err(format!(
                    "interact.side: `{other}` (expected `choose`, `told`, `first` or `second`)"
                )
                .into())
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
                ).into())
            }
        };
        if let Some(e) = &t.end {
            if e.trim().is_empty() || e.contains('\n') {
                return Err(format!("interact.end: {e:?} (expected a non-empty line)").into());
            }
        }
        let convention = match t.convention.as_deref().unwrap_or("testlib") {
            "testlib" => Convention::Testlib,
            "kattis" => Convention::Kattis,
            other => {
                return Err(format!(
                    "interact.convention: `{other}` (expected `testlib` or `kattis`)"
                )
                .into())
            }
        };
        let max_vertices = match t.max_vertices {
            None => MAX_VERTICES,
            Some(n) if (2..=MAX_VERTICES_CAP).contains(&n) => n,
            Some(n) => {
                return Err(format!(
                    "interact.max_vertices: {n} (expected 2 to {MAX_VERTICES_CAP}: the jury values whole positions, up to 33 for each move it plays, so a game costs about 33·n² steps)"
                ).into())
            }
        };
        let move_time = match t.move_time {
            None => None,
            Some(x) if x.is_finite() && x > 0.0 && x <= 3600.0 => Some(Duration::from_secs_f64(x)),
            Some(x) => {
                return Err(format!(
                "interact.move_time: {x} (expected seconds per move, more than 0 and at most 3600)"
            )
                .into())
            }
        };
        Ok(InteractSpec {
            move_time,
            side,
            words,
            end: t.end.clone(),
            interactor,
            convention,
            max_vertices,
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

/// How a position is described in a verdict: its value, or who wins it.
pub fn worth(k: &Known) -> String {
    match (k.value, k.outcome) {
        (Some(v), _) => format!("value {v}"),
        (None, Outcome::Win) => "a position the player to move wins".into(),
        (None, Outcome::Lose) => "a position the player to move loses".into(),
        (None, Outcome::Draw) => "a drawn position".into(),
    }
}

/// Labels in a sentence: `` `a`, `b` `` (at most 6, then how many more).
pub fn listed(labels: &[&str]) -> String {
    let mut s: Vec<String> = labels.iter().take(6).map(|l| format!("`{l}`")).collect();
    if labels.len() > 6 {
        s.push(format!("and {} more", labels.len() - 6));
    }
    s.join(", ")
}

/// A line's tokens, one space between each.
pub fn tokens(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The game in progress with one program.
pub struct Game<'a> {
    session: Session,
    transcript: Vec<Line>,
    spec: &'a InteractSpec,
    /// Moves played (both sides), for messages.
    moves: usize,
}

/// Why the game stopped early.
pub enum Stop {
    /// A verdict decided now (the program may still be running).
    Verdict(Verdict),
    /// The program stopped: read its exit before deciding (RE, or stopped mid-game).
    Stopped(String),
    /// The jury cannot go on: the rules failed (the package's fault) or grundy's engines
    /// disagree.
    Fault(PlayError),
}

impl Game<'_> {
    /// The jury prints `line` to the program (and the transcript).
    pub fn say(&mut self, line: &str) -> Result<(), Stop> {
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
            Sent::Stuck => Err(Stop::Verdict(Verdict::TimeLimit(
                Over::Game,
                format!("did not read the jury's line `{line}` within its time"),
            ))),
        }
    }

    /// The program's next line (`what` it is expected to be, for messages).
    pub fn hear(&mut self, what: &str) -> Result<String, Stop> {
        let got = match self.spec.move_time {
            Some(t) => self.session.recv_turn(t),
            None => self.session.recv(),
        };
        if let (Recv::Silent, Some(t)) = (&got, self.spec.move_time) {
            if !self.session.thinking_left().is_zero() {
                return Err(Stop::Verdict(Verdict::TimeLimit(Over::Turn, format!(
                    "silent on its turn: {what} was expected, and no line came within the time per move ({} s)",
                    t.as_secs_f64()
                ))));
            }
        }
        match got {
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
            Recv::Silent => Err(Stop::Verdict(Verdict::TimeLimit(Over::Turn, format!(
                "silent on its turn: {what} was expected, and no line came within its thinking time"
            )))),
            Recv::Idle(after) => Err(Stop::Verdict(Verdict::TimeLimit(Over::Turn, format!(
                "idle on its turn: {what} was expected, and no line came while it used no CPU time for {} s (it waits on the jury, and the jury on it): does the program flush its output after each line?",
                after.as_secs_f64()
            )))),
            Recv::TooLong => Err(Stop::Verdict(Verdict::Presentation(format!(
                "a line of more than {} MiB where {what} was expected",
                grundy_sandbox::session::MAX_LINE >> 20
            )))),
            Recv::Over(Exit::OutputLimit) => Err(Stop::Verdict(Verdict::OutputLimit)),
            Recv::Over(Exit::Interrupted) => Err(Stop::Verdict(Verdict::Runtime(
                "stopped because grundy was interrupted".into(),
            ))),
            Recv::Over(_) => Err(Stop::Verdict(Verdict::TimeLimit(Over::Cpu, format!(
                "over its CPU time while {what} was expected"
            )))),
        }
    }
}

/// Why a game could not be judged.
#[derive(Debug)]
pub enum PlayError {
    /// The program cannot be started.
    Start(String),
    /// The rules failed (the package's fault).
    Rules(String),
    /// grundy's own engines disagree on a position (an internal error).
    Internal(String),
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

/// A position's outcome for the player to move, its Grundy value (normal play) when
/// known, and the longest play from it.
#[derive(Clone, Copy, Debug)]
pub struct Known {
    /// The outcome for the player to move.
    pub outcome: Outcome,
    /// The Grundy value (normal play), when known.
    pub value: Option<u64>,
    /// The most moves a play from it can last.
    pub longest: u64,
}

/// One game as the jury sees it — positions, their moves and labels, and what each
/// position is worth — whoever knows it: a package's rules ([`rules`]) or a built-in
/// engine ([`builtin`]). The protocol and the jury's strategy are written once, over it.
pub trait Arena {
    /// A position.
    type Pos: Clone;
    /// A move.
    type Move;
    /// The legal moves of a position, in a fixed order.
    fn moves(&mut self, p: &Self::Pos) -> Result<Vec<Self::Move>, Stop>;
    /// How a move is printed.
    fn label(&self, m: &Self::Move) -> String;
    /// The position after a move.
    fn after(&mut self, p: &Self::Pos, m: &Self::Move) -> Result<Self::Pos, Stop>;
    /// What a position is worth to the player to move.
    fn known(&mut self, p: &Self::Pos) -> Result<Known, Stop>;
    /// The indices of the winning moves among `moves` (those of `p`).
    fn winning(&mut self, p: &Self::Pos, moves: &[Self::Move]) -> Result<Vec<usize>, Stop> {
        let mut out = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let next = self.after(p, m)?;
            if self.known(&next)?.outcome == Outcome::Lose {
                out.push(i);
            }
        }
        Ok(out)
    }
    /// The most moves a losing jury weighs by the replies they leave (a seeded sample
    /// of them when there are more): every move, unless valuing a position is costly.
    fn weighed(&self) -> usize {
        usize::MAX
    }
    /// How many winning moves a position has.
    fn winning_count(&mut self, p: &Self::Pos) -> Result<usize, Stop> {
        let moves = self.moves(p)?;
        Ok(self.winning(p, &moves)?.len())
    }
}

/// Runs the games of one input against the program `argv`: `games` prints the cases and
/// plays them on the [`Game`]; then the program's exit and anything it wrote after the
/// end decide the verdict.
pub fn judge(
    spec: &InteractSpec,
    argv: &[String],
    limits: &RunLimits,
    games: impl FnOnce(&mut Game<'_>) -> Result<(), Stop>,
) -> Result<Played, PlayError> {
    let mut session = Session::start(argv, limits).map_err(|e| PlayError::Start(e.to_string()))?;
    session.watch_idleness(IDLENESS.min(limits.wall));
    let mut g = Game {
        session,
        transcript: Vec::new(),
        spec,
        moves: 0,
    };
    let stop = match games(&mut g) {
        Ok(()) => None,
        Err(Stop::Fault(e)) => return Err(e),
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
        Some(Stop::Fault(_)) => unreachable!("returned above"),
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
                Verdict::TimeLimit(
                    Over::Game,
                    "did not exit after the games (its input was closed)".into(),
                )
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

/// One game from `root` (the start of test case `k` of `cases`), the test case already
/// printed: the side, then the moves until the player to move has none.
pub fn one_game<A: Arena>(
    g: &mut Game<'_>,
    arena: &mut A,
    root: A::Pos,
    rng: &mut Rng,
    in_case: &str,
) -> Result<(), Stop> {
    let start = arena.known(&root)?;
    let mut program_to_move = side(g, arena, &root, &start, in_case)?;
    let mut pos = root;
    // What the jury knows of the position, for the player to move.
    let mut cur = start;
    loop {
        let moves = arena.moves(&pos)?;
        if moves.is_empty() {
            if let Some(e) = &g.spec.end {
                let e = e.clone();
                g.say(&e)?;
            }
            return Ok(());
        }
        let labels: Vec<String> = moves.iter().map(|m| arena.label(m)).collect();
        let (next, known) = if program_to_move {
            programs_move(g, arena, &pos, &cur, &moves, &labels, in_case)?
        } else {
            let (i, next, known) = choose(arena, &pos, &moves, rng)?;
            g.moves += 1;
            g.say(&labels[i])?;
            (next, known)
        };
        pos = next;
        cur = known;
        program_to_move = !program_to_move;
    }
}

/// Where a game stands in its input, for messages: `test case 2, ` when the input holds
/// several (empty for the only one), then `start 3, ` with several starts per test case.
pub fn game_label(k: usize, cases: usize, start: Option<usize>) -> String {
    let mut s = if cases > 1 {
        format!("test case {}, ", k + 1)
    } else {
        String::new()
    };
    if let Some(j) = start {
        s += &format!("start {}, ", j + 1);
    }
    s
}

/// The contestant's side, as the protocol settles it (told, fixed, or chosen — and a
/// losing side chosen is a wrong answer): true when it moves first.
fn side<A: Arena>(
    g: &mut Game<'_>,
    arena: &mut A,
    root: &A::Pos,
    start: &Known,
    in_case: &str,
) -> Result<bool, Stop> {
    let words = g.spec.words.clone();
    let wins = start.outcome == Outcome::Win;
    match g.spec.side {
        Side::First => return Ok(true),
        Side::Second => return Ok(false),
        Side::Told => {
            g.say(&words[usize::from(!wins)])?;
            return Ok(wins);
        }
        Side::Choose => {}
    }
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
    if first == wins {
        return Ok(first);
    }
    let why = if wins {
        let moves = arena.moves(root)?;
        let picked = arena.winning(root, &moves)?;
        let winning = labels_of(arena, &moves, &picked);
        format!(
            "the first player wins from the start ({}; the winning first moves are {})",
            worth(start),
            listed(&winning.iter().map(String::as_str).collect::<Vec<_>>())
        )
    } else {
        format!("the second player wins: the start is {}", worth(start))
    };
    Err(Stop::Verdict(Verdict::WrongAnswer(format!(
        "{in_case}chose the losing side `{said}`: {why}"
    ))))
}

/// The contestant's move from `pos` (worth `here` to it): read, checked (its shape, its
/// legality, and that it keeps a won game won), and the position it leaves.
#[allow(clippy::too_many_arguments)]
fn programs_move<A: Arena>(
    g: &mut Game<'_>,
    arena: &mut A,
    pos: &A::Pos,
    here: &Known,
    moves: &[A::Move],
    labels: &[String],
    in_case: &str,
) -> Result<(A::Pos, Known), Stop> {
    let said = g.hear("a move")?;
    let t = tokens(&said);
    let Some(i) = labels.iter().position(|l| tokens(l) == t) else {
        let shape = t.split(' ').count();
        let numbers = |s: &str| s.split_whitespace().all(|w| w.parse::<i64>().is_ok());
        let shaped = labels.iter().any(|l| tokens(l).split(' ').count() == shape)
            && numbers(&t) == numbers(&labels[0]);
        let msg = format!(
            "{in_case}move {}: `{said}` is {}; the legal moves were {}",
            g.moves + 1,
            if shaped {
                "an illegal move"
            } else {
                "not shaped like a move"
            },
            listed(&labels.iter().map(String::as_str).collect::<Vec<_>>())
        );
        return Err(Stop::Verdict(if shaped {
            Verdict::WrongAnswer(msg)
        } else {
            Verdict::Presentation(msg)
        }));
    };
    let next = arena.after(pos, &moves[i])?;
    let after = arena.known(&next)?;
    g.moves += 1;
    if here.outcome == Outcome::Win && after.outcome != Outcome::Lose {
        let winning: Vec<&str> = arena
            .winning(pos, moves)?
            .into_iter()
            .map(|w| labels[w].as_str())
            .collect();
        return Err(Stop::Verdict(Verdict::WrongAnswer(format!(
            "{in_case}move {}: lost from a winning position: `{said}` leaves {} (the jury wins from it); the winning moves were {}",
            g.moves,
            worth(&after),
            listed(&winning)
        ))));
    }
    Ok((next, after))
}

fn labels_of<A: Arena>(arena: &A, moves: &[A::Move], picked: &[usize]) -> Vec<String> {
    picked.iter().map(|&i| arena.label(&moves[i])).collect()
}

/// The jury's move: a winning one if there is one (seeded among them); else the one
/// leaving the fewest winning replies, then the longest game, then seeded.
pub fn choose<A: Arena>(
    arena: &mut A,
    pos: &A::Pos,
    moves: &[A::Move],
    rng: &mut Rng,
) -> Result<(usize, A::Pos, Known), Stop> {
    let winning = arena.winning(pos, moves)?;
    if !winning.is_empty() {
        let i = winning[rng.below(winning.len() as u64) as usize];
        let next = arena.after(pos, &moves[i])?;
        let known = arena.known(&next)?;
        return Ok((i, next, known));
    }
    let mut best: Vec<(usize, A::Pos, Known)> = Vec::new();
    let mut best_key = (usize::MAX, 0u64);
    let mut candidates: Vec<usize> = (0..moves.len()).collect();
    if candidates.len() > arena.weighed() {
        // A seeded sample, in the moves' order (a partial Fisher–Yates shuffle).
        for k in 0..arena.weighed() {
            let j = k + rng.below((candidates.len() - k) as u64) as usize;
            candidates.swap(k, j);
        }
        candidates.truncate(arena.weighed());
        candidates.sort_unstable();
    }
    for i in candidates {
        let m = &moves[i];
        let next = arena.after(pos, m)?;
        let known = arena.known(&next)?;
        // Fewest winning replies first, then the longest game.
        let key = (arena.winning_count(&next)?, u64::MAX - known.longest);
        if key < best_key {
            best_key = key;
            best.clear();
        }
        if key == best_key {
            best.push((i, next, known));
        }
    }
    let k = rng.below(best.len() as u64) as usize;
    Ok(best.swap_remove(k))
}
