//! `grundy play DIR|PROBLEM [INPUT]`: a game — given by its rules, or one of grundy's
//! built-in games — played in the browser against grundy's jury. A small HTTP server on
//! 127.0.0.1 (nothing listens on other addresses) serves one self-contained page and a
//! JSON API over one game:
//!
//! - `GET /state`: the input, the position (the rules' `repr` of the state; a built-in
//!   game's position in its problem's input format) drawn with every legal move's vertex
//!   ringed green (it wins) or red (it loses) where a move is a vertex — a built-in game's
//!   position redrawn after every move, a rules package's input as it was — whose turn
//!   it is, and every legal move with the Grundy value (or outcome) it leaves and whether
//!   it wins;
//! - `POST /move?label=L`: the player's move; the jury then replies as it does in
//!   interactive judging (a winning move when there is one; else the move leaving the
//!   fewest winning replies, then the longest game);
//! - `POST /undo` (back to the player's previous turn) and `POST /new` (the start again);
//! - `POST /input` with an input's text as the body: a new game from its first test case,
//!   read as the package's schema and limits (or the built-in problem's format) read an
//!   input; a refused input is said (its line and column) and the game goes on;
//! - `POST /random`: a new game from a small input generated from the next seed.
//!
//! A rules package's values come from the rules' search ([`grundy_judging::jury`]'s arena), never
//! a formula; a built-in game's from the jury of interactive judging (the solver, checked
//! by the oracle on every position it can search). A failure of the rules during play is
//! shown on the page, never a blank page.

use grundy_fuzzing::Rng;
use grundy_games::board::{Board, Move};
use grundy_games::schema::Instance;
use grundy_games::{Position, Problem};
use grundy_judging::error::Error;
use grundy_judging::jury::builtin::Engines;
use grundy_judging::jury::rules::{arena, Rules};
use grundy_judging::jury::{choose, Arena, Stop};
use grundy_judging::package::Package;
use grundy_judging::rules_game::RulesGame;
use grundy_oracle::ruleset::{Explorer, Outcome};
use serde_json::{json, Value};

/// One move of the history: who played it, its label, and the position before it.
struct Played<P> {
    by_jury: bool,
    label: String,
    before: P,
}

/// What the page shows of a position beyond its moves: in words, and drawn with its
/// moves marked (each move's label, and the colour of what it leaves); and the input
/// the game starts from, which the player may edit.
trait Shown: Arena {
    fn describe(&mut self, p: &Self::Pos) -> String;
    fn draw(&mut self, p: &Self::Pos, moves: &[(String, &'static str)]) -> Option<String>;
    /// The input of the game, as the page shows it (the problem's input format).
    fn input(&self) -> String;
    /// A new game from an input's text (its first test case): its start.
    fn restart(&mut self, text: &str) -> Result<Self::Pos, Refused<Self::Pos>>;
    /// A small input generated from `seed`, as text (the start of `grundy play` without
    /// an input is the one of its `--seed`).
    fn generated(&self, seed: u64) -> Result<String, Said>;
}

/// Why an edited input is not played.
enum Refused<P> {
    /// The input is refused, the game goes on as it was.
    Kept(String),
    /// The rules failed on the input, and the game before could not go on (the rules'
    /// states were renumbered): it starts again from this position.
    Reset(String, P),
}

/// Most vertices of a built-in game's position played (each position values every
/// move's result).
pub const MOST_PLAYED: usize = 1000;

/// Most bytes of a request's body read (an edited input).
const MOST_BODY: u64 = 1 << 24;

/// A rules package's game: its arena, the package, and the input it starts from (drawn
/// as it was, the moves that are vertices ringed) with its case as the rules read it.
struct RulesShown<'w, 'a> {
    arena: Rules<'w>,
    pkg: &'a Package,
    input: Instance,
    case: Value,
}

/// The ring of a move that leaves a draw (a loopy game).
const DRAWS: &str = "#d4a017";

/// The colour of a move's ring: what it leaves the opponent — a lost position (the move
/// wins), a won one (it loses), a draw.
fn colour(leaves: Outcome) -> &'static str {
    match leaves {
        Outcome::Lose => grundy_draw::WINS,
        Outcome::Win => grundy_draw::LOSES,
        Outcome::Draw => DRAWS,
    }
}

/// The colour of the move `m` (a vertex, or an edge of a graph: what a drawing marks)
/// among the moves' labels and colours (a label names it by its 1-based ids).
fn ring_of(moves: &[(String, &'static str)], m: Move) -> Option<&'static str> {
    let id = m.label();
    moves.iter().find(|(l, _)| l.trim() == id).map(|(_, c)| *c)
}

impl Arena for RulesShown<'_, '_> {
    type Pos = <Rules<'static> as Arena>::Pos;
    type Move = <Rules<'static> as Arena>::Move;
    fn moves(&mut self, p: &Self::Pos) -> Result<Vec<Self::Move>, Stop> {
        self.arena.moves(p)
    }
    fn label(&self, m: &Self::Move) -> String {
        self.arena.label(m)
    }
    fn after(&mut self, p: &Self::Pos, m: &Self::Move) -> Result<Self::Pos, Stop> {
        self.arena.after(p, m)
    }
    fn known(&mut self, p: &Self::Pos) -> Result<grundy_judging::jury::Known, Stop> {
        self.arena.known(p)
    }
    fn winning(&mut self, p: &Self::Pos, moves: &[Self::Move]) -> Result<Vec<usize>, Stop> {
        self.arena.winning(p, moves)
    }
    fn weighed(&self) -> usize {
        self.arena.weighed()
    }
    fn winning_count(&mut self, p: &Self::Pos) -> Result<usize, Stop> {
        self.arena.winning_count(p)
    }
}

impl Shown for RulesShown<'_, '_> {
    fn describe(&mut self, p: &Self::Pos) -> String {
        self.arena.worker().describe(p.id())
    }
    fn draw(&mut self, _: &Self::Pos, moves: &[(String, &'static str)]) -> Option<String> {
        grundy_draw::instance_svg_marked(&self.pkg.schema, &self.input, &|v| {
            ring_of(moves, Move::One(v))
        })
    }
    fn input(&self) -> String {
        self.pkg.schema.write(&self.input)
    }
    fn restart(&mut self, text: &str) -> Result<Self::Pos, Refused<Self::Pos>> {
        let (one, case) = first_case(self.pkg, text.as_bytes()).map_err(|e| Refused::Kept(e.0))?;
        match self.arena.restart(&case) {
            Ok(start) => {
                self.input = one;
                self.case = case;
                Ok(start)
            }
            Err(e) => {
                let said = format!("the rules failed on this input: {e}");
                match self.arena.restart(&self.case) {
                    Ok(start) => Err(Refused::Reset(said, start)),
                    Err(again) => Err(Refused::Kept(format!(
                        "{said}; and on the input before, again: {again}"
                    ))),
                }
            }
        }
    }
    fn generated(&self, seed: u64) -> Result<String, Said> {
        let inst =
            grundy_judging::workbench::generate_small(self.pkg, seed).map_err(|e| e.to_string())?;
        Ok(self.pkg.schema.write(&inst))
    }
}

/// The first test case of an input's bytes, checked by the package's schema and limits:
/// as an input of one case, and as the rules read it.
fn first_case(pkg: &Package, bytes: &[u8]) -> Result<(Instance, Value), Said> {
    let inst = pkg.validate(bytes, true)?;
    let case = inst
        .cases
        .first()
        .ok_or_else(|| "the input has no test case".to_string())?;
    let json = grundy_judging::rules_game::case_json(&pkg.schema, case);
    Ok((
        Instance {
            cases: vec![case.clone()],
        },
        json,
    ))
}

/// The start of a built-in game from an input's bytes (its first test case), and the
/// input of that case alone.
fn first_board(problem: Problem, bytes: &[u8]) -> Result<(Board, String), Said> {
    let mut cases = problem.parse(bytes, true).map_err(|e| e.to_string())?;
    if cases.is_empty() {
        return Err(Said::from("the input has no test case"));
    }
    let position = cases.swap_remove(0);
    if position.vertices() > MOST_PLAYED {
        return Err(Said::from(format!(
            "a position of {} vertices is more than grundy play plays ({MOST_PLAYED}: every position values each move's result)",
            position.vertices()
        )));
    }
    let board = Board::new(&position).map_err(|e| e.to_string())?;
    Ok((board, problem.write_input(std::slice::from_ref(&position))))
}

/// A built-in game: the jury's engines, its problem (for the position's text), and the
/// input it starts from.
struct BuiltinShown {
    arena: Engines,
    problem: Problem,
    input: String,
    /// The vertices of a generated game.
    vertices: usize,
}

impl Arena for BuiltinShown {
    type Pos = Board;
    type Move = grundy_games::board::Move;
    fn moves(&mut self, p: &Board) -> Result<Vec<Self::Move>, Stop> {
        self.arena.moves(p)
    }
    fn label(&self, m: &Self::Move) -> String {
        self.arena.label(m)
    }
    fn after(&mut self, p: &Board, m: &Self::Move) -> Result<Board, Stop> {
        self.arena.after(p, m)
    }
    fn known(&mut self, p: &Board) -> Result<grundy_judging::jury::Known, Stop> {
        self.arena.known(p)
    }
    fn winning(&mut self, p: &Board, moves: &[Self::Move]) -> Result<Vec<usize>, Stop> {
        self.arena.winning(p, moves)
    }
    fn weighed(&self) -> usize {
        self.arena.weighed()
    }
    fn winning_count(&mut self, p: &Board) -> Result<usize, Stop> {
        self.arena.winning_count(p)
    }
}

impl Shown for BuiltinShown {
    fn describe(&mut self, p: &Board) -> String {
        let view = p.view();
        match (view.vertex_ids(), &view.position) {
            // A renumbered tree (what fell is gone): its edges in the input's ids.
            (Some(ids), Position::Cut(c)) => {
                let id = |v: u32| ids.get(v as usize).map_or(v, |&i| i) + 1;
                let mut s = format!("{}\n", c.tree.len());
                for v in 1..c.tree.len() as u32 {
                    if let Some(up) = c.tree.parent(v) {
                        s += &format!("{} {}\n", id(up), id(v));
                    }
                }
                s
            }
            _ => self
                .problem
                .write_input(std::slice::from_ref(&view.position)),
        }
    }
    fn draw(&mut self, p: &Board, moves: &[(String, &'static str)]) -> Option<String> {
        let view = p.view();
        Some(grundy_draw::position_svg_marked(
            &view.position,
            grundy_draw::Ids::of(&view),
            &|m| ring_of(moves, m),
        ))
    }
    fn input(&self) -> String {
        self.input.clone()
    }
    fn restart(&mut self, text: &str) -> Result<Board, Refused<Board>> {
        let (board, input) =
            first_board(self.problem, text.as_bytes()).map_err(|e| Refused::Kept(e.0))?;
        self.input = input;
        Ok(board)
    }
    fn generated(&self, seed: u64) -> Result<String, Said> {
        let mut rng = Rng::new(seed);
        let game =
            grundy_fuzzing::contest::interactive(self.problem, &mut rng, self.vertices, None)
                .ok_or_else(|| format!("`{}` is not played move by move", self.problem.name()))?;
        Ok(self.problem.write_input(&game))
    }
}

/// What the page says of a request it could not carry out: an input refused, a move that
/// is no move, the rules failing.
#[derive(Debug)]
struct Said(String);

impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Said {
    fn from(m: String) -> Said {
        Said(m)
    }
}

impl From<&str> for Said {
    fn from(m: &str) -> Said {
        Said(m.to_string())
    }
}

impl From<grundy_judging::package::Invalid> for Said {
    fn from(e: grundy_judging::package::Invalid) -> Said {
        Said(e.0)
    }
}

/// A game in progress.
struct Session<A: Shown> {
    arena: A,
    start: A::Pos,
    pos: A::Pos,
    history: Vec<Played<A::Pos>>,
    rng: Rng,
    /// The seed of the last input generated.
    seed: u64,
}

/// Why the arena stopped, in words (outside a judged game only the rules can fail).
fn stop_text(s: Stop) -> String {
    match s {
        Stop::Fault(
            grundy_judging::jury::PlayError::Rules(m)
            | grundy_judging::jury::PlayError::Internal(m)
            | grundy_judging::jury::PlayError::Start(m),
        ) => m,
        Stop::Verdict(v) => v.to_string(),
        Stop::Stopped(m) => m,
    }
}

impl<A: Shown> Session<A> {
    /// The position and its moves, as the page shows them.
    fn state(&mut self) -> Result<Value, Said> {
        let moves = self.arena.moves(&self.pos).map_err(stop_text)?;
        let mut listed = Vec::new();
        let mut marks = Vec::new();
        for m in &moves {
            let next = self.arena.after(&self.pos, m).map_err(stop_text)?;
            let k = self.arena.known(&next).map_err(stop_text)?;
            let label = self.arena.label(m);
            marks.push((label.clone(), colour(k.outcome)));
            listed.push(json!({
                "label": label,
                "value": k.value,
                "leaves": outcome_word(k.outcome),
                "wins": k.outcome == Outcome::Lose,
            }));
        }
        let here = self.arena.known(&self.pos).map_err(stop_text)?;
        let describe = self.arena.describe(&self.pos);
        let drawing = self.arena.draw(&self.pos, &marks);
        Ok(json!({
            "drawing": drawing,
            "position": describe,
            "value": here.value,
            "outcome": outcome_word(here.outcome),
            "moves": listed,
            "history": self.history.iter().map(|p| json!({"jury": p.by_jury, "label": p.label})).collect::<Vec<_>>(),
            "over": moves.is_empty(),
        }))
    }

    /// The player's move `label`, then the jury's reply.
    fn play(&mut self, label: &str) -> Result<(), Said> {
        let moves = self.arena.moves(&self.pos).map_err(stop_text)?;
        let Some(m) = moves.iter().find(|m| self.arena.label(m) == label) else {
            return Err(Said::from(format!(
                "`{label}` is not a move of this position"
            )));
        };
        let next = self.arena.after(&self.pos, m).map_err(stop_text)?;
        let before = std::mem::replace(&mut self.pos, next);
        self.history.push(Played {
            by_jury: false,
            label: label.to_string(),
            before,
        });
        let replies = self.arena.moves(&self.pos).map_err(stop_text)?;
        if replies.is_empty() {
            return Ok(());
        }
        let (i, next, _) =
            choose(&mut self.arena, &self.pos, &replies, &mut self.rng).map_err(stop_text)?;
        let label = self.arena.label(&replies[i]);
        let before = std::mem::replace(&mut self.pos, next);
        self.history.push(Played {
            by_jury: true,
            label,
            before,
        });
        Ok(())
    }

    /// A new game from the input `text`; an input refused leaves the game as it was
    /// (unless the rules failed on it: then the game before starts again).
    fn edit(&mut self, text: &str) -> Result<(), Said> {
        let (start, said) = match self.arena.restart(text) {
            Ok(start) => (start, None),
            Err(Refused::Kept(e)) => return Err(Said(e)),
            Err(Refused::Reset(e, start)) => (
                start,
                Some(format!(
                    "{e} (the input before is played again, from its start)"
                )),
            ),
        };
        self.start = start.clone();
        self.pos = start;
        self.history.clear();
        said.map_or(Ok(()), |s| Err(Said(s)))
    }

    /// A new game from the next generated input.
    fn random(&mut self) -> Result<(), Said> {
        self.seed = self.seed.wrapping_add(1);
        let text = self.arena.generated(self.seed)?;
        self.edit(&text)
    }

    /// Back to the player's previous turn.
    fn undo(&mut self) {
        while let Some(p) = self.history.pop() {
            self.pos = p.before;
            if !p.by_jury {
                break;
            }
        }
    }
}

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Lose => "lose",
        Outcome::Draw => "draw",
    }
}

/// The page: the input drawn, the position, the moves coloured by what they leave.
const PAGE: &str = include_str!("play.html");

/// Listens on `127.0.0.1:port` (0: a free port): the server and its address.
fn listen(port: u16) -> Result<(tiny_http::Server, String), Error> {
    let server = tiny_http::Server::http(("127.0.0.1", port)).map_err(|e| {
        Error::usage(format!(
            "cannot listen on 127.0.0.1:{port}: {e} (is the port in use? `--port 0` picks a free one)"
        ))
    })?;
    let addr = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    Ok((server, addr))
}

/// Serves the game of `input` (its first test case) on `127.0.0.1:port` (0: a free
/// port) until the process is stopped; `ready` is told the address once it listens.
pub fn serve(
    pkg: &Package,
    game: &RulesGame,
    input: &Instance,
    seed: u64,
    port: u16,
    ready: impl FnOnce(&str),
) -> Result<(), Error> {
    let case = input
        .cases
        .first()
        .ok_or_else(|| Error::usage("the input has no test case"))?;
    let case_json = grundy_judging::rules_game::case_json(&pkg.schema, case);
    let one = Instance {
        cases: vec![case.clone()],
    };
    let (server, addr) = listen(port)?;
    let result = game.with_worker(|w| {
        let (root, _) = w
            .start_case(&case_json, false)
            .map_err(|f| grundy_oracle::ruleset::RulesError::Explorer(Box::new(f)))?;
        let (arena, start) = arena(w, root, game.spec.options());
        let mut s = Session {
            arena: RulesShown {
                arena,
                pkg,
                input: one,
                case: case_json,
            },
            pos: start.clone(),
            start,
            history: Vec::new(),
            rng: Rng::for_case(1, 0),
            seed,
        };
        ready(&addr);
        answer(&server, &addr, &mut s, &pkg.name);
        Ok(())
    });
    result.map_err(|e| Error::usage(format!("{}: the rules failed: {e}", pkg.dir.display())))
}

/// Serves the game of a built-in problem's input (its first test case; `source` names it
/// in an error) on `127.0.0.1:port` (as [`serve`]); the position is redrawn after every
/// move.
pub fn serve_builtin(
    problem: Problem,
    input: &[u8],
    source: &str,
    (seed, vertices): (u64, usize),
    port: u16,
    ready: impl FnOnce(&str),
) -> Result<(), Error> {
    let (start, input) =
        first_board(problem, input).map_err(|e| Error::input(format!("{source}: {e}")))?;
    let (server, addr) = listen(port)?;
    let mut s = Session {
        arena: BuiltinShown {
            arena: Engines::default(),
            problem,
            input,
            vertices,
        },
        pos: start.clone(),
        start,
        history: Vec::new(),
        rng: Rng::for_case(1, 0),
        seed,
    };
    ready(&addr);
    answer(&server, &addr, &mut s, problem.name());
    Ok(())
}

/// Answers the page's requests over one game until the process is stopped: the first
/// SIGINT, SIGTERM or SIGHUP ends the loop within a tenth of a second (the server's
/// socket is then closed by its owner, and the command exits with 128 + the signal).
fn answer<A: Shown>(server: &tiny_http::Server, addr: &str, s: &mut Session<A>, name: &str) {
    grundy_sandbox::contain::install();
    let port = addr.rsplit_once(':').map_or("", |(_, p)| p).to_string();
    while !grundy_sandbox::contain::interrupted() {
        let mut req = match server.recv_timeout(std::time::Duration::from_millis(100)) {
            Ok(Some(req)) => req,
            Ok(None) => continue,
            Err(_) => return,
        };
        let header = |name: &'static str| {
            req.headers()
                .iter()
                .find(|h| h.field.equiv(name))
                .map(|h| h.value.as_str().to_string())
        };
        if let Err(why) = same_origin(
            header("Host").as_deref(),
            header("Origin").as_deref(),
            &port,
        ) {
            respond(req, 403, "text/plain", why);
            continue;
        }
        let url = req.url().to_string();
        let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
        let mut body = String::new();
        // An input to play is small (a position grundy can value move by move).
        let _ = std::io::Read::read_to_string(
            &mut std::io::Read::take(req.as_reader(), MOST_BODY),
            &mut body,
        );
        let reply = match (req.method(), path) {
            (tiny_http::Method::Get, "/") => {
                let page = PAGE.replace("{{name}}", &grundy_judging::html::esc(name));
                respond(req, 200, "text/html; charset=utf-8", page);
                continue;
            }
            (tiny_http::Method::Get, "/state") => Ok(()),
            (tiny_http::Method::Post, "/move") => {
                let label = query_value(query, "label").unwrap_or(body.trim().to_string());
                s.play(&label)
            }
            (tiny_http::Method::Post, "/undo") => {
                s.undo();
                Ok(())
            }
            (tiny_http::Method::Post, "/input") => s.edit(&body),
            (tiny_http::Method::Post, "/random") => s.random(),
            (tiny_http::Method::Post, "/new") => {
                s.pos = s.start.clone();
                s.history.clear();
                Ok(())
            }
            _ => {
                respond(req, 404, "text/plain", "no such page".into());
                continue;
            }
        };
        let mut state = match s.state() {
            Ok(v) => v,
            Err(e) => json!({"error": format!("the rules failed: {e}")}),
        };
        if let Err(e) = reply {
            state["error"] = e.0.into();
        }
        state["input"] = s.arena.input().into();
        respond(req, 200, "application/json", state.to_string());
    }
}

/// Whether a request comes from the page itself: its `Host` is the address the server
/// listens on (`127.0.0.1:PORT` or `localhost:PORT`: another name is a DNS rebinding,
/// a page of another site that made its name point here), and its `Origin`, when a
/// browser sends one (every cross-site request, every POST), is that address too. Any
/// other request is refused, whatever its method: a page of another site open in the
/// same browser cannot drive or read the game.
fn same_origin(host: Option<&str>, origin: Option<&str>, port: &str) -> Result<(), String> {
    let ours = |h: &str| {
        ["127.0.0.1", "localhost"]
            .iter()
            .any(|name| h.eq_ignore_ascii_case(&format!("{name}:{port}")))
    };
    match host {
        Some(h) if ours(h) => {}
        Some(h) => {
            return Err(format!(
                "refused: the request names the host '{h}'; this server answers only 127.0.0.1:{port} and localhost:{port}"
            ))
        }
        None => return Err("refused: the request names no host".into()),
    }
    match origin {
        None => Ok(()),
        Some(o) if o.strip_prefix("http://").is_some_and(ours) => Ok(()),
        Some(o) => Err(format!(
            "refused: a request from the page of another origin ('{o}')"
        )),
    }
}

fn respond(req: tiny_http::Request, code: u16, kind: &str, body: String) {
    let header = tiny_http::Header::from_bytes("Content-Type", kind).expect("a valid header");
    let _ = req.respond(
        tiny_http::Response::from_string(body)
            .with_status_code(code)
            .with_header(header),
    );
}

/// The value of `key` in a query string (`%XX` and `+` decoded).
fn query_value(query: &str, key: &str) -> Option<String> {
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == key).then(|| percent_decode(v))
    })
}

fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = (b[i] == b'%' && i + 2 < b.len())
            .then(|| std::str::from_utf8(&b[i + 1..i + 3]).ok())
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (b[i], hex) {
            (b'%', Some(x)) => {
                out.push(x);
                i += 2;
            }
            (b'+', _) => out.push(b' '),
            (c, _) => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::same_origin;

    #[test]
    fn only_the_page_s_own_origin_is_answered() {
        assert!(same_origin(Some("127.0.0.1:8000"), None, "8000").is_ok());
        assert!(same_origin(
            Some("localhost:8000"),
            Some("http://localhost:8000"),
            "8000"
        )
        .is_ok());
        assert!(same_origin(
            Some("LOCALHOST:8000"),
            Some("http://127.0.0.1:8000"),
            "8000"
        )
        .is_ok());
        // DNS rebinding: another name pointed at this address.
        let e = same_origin(Some("evil.example:8000"), None, "8000").unwrap_err();
        assert!(e.contains("'evil.example:8000'"), "{e}");
        // Another port of this machine is another origin.
        assert!(same_origin(Some("127.0.0.1:9000"), None, "8000").is_err());
        assert!(same_origin(None, None, "8000").is_err());
        // A page of another site posting here.
        let e =
            same_origin(Some("127.0.0.1:8000"), Some("https://evil.example"), "8000").unwrap_err();
        assert!(e.contains("another origin"), "{e}");
        assert!(same_origin(Some("127.0.0.1:8000"), Some("null"), "8000").is_err());
        assert!(same_origin(
            Some("127.0.0.1:8000"),
            Some("http://127.0.0.1:80001"),
            "8000"
        )
        .is_err());
    }
}
