//! `grundy play DIR [INPUT]`: a game given by its rules, played in the browser against
//! grundy's jury. A small HTTP server on 127.0.0.1 (nothing listens on other addresses)
//! serves one self-contained page and a JSON API over one game:
//!
//! - `GET /state`: the input (and its tree drawn), the position (the rules' `repr` of the
//!   state), whose turn it is, and every legal move with the Grundy value (or outcome) it
//!   leaves and whether it wins;
//! - `POST /move?label=L`: the player's move; the jury then replies as it does in
//!   interactive judging (a winning move when there is one; else the move leaving the
//!   fewest winning replies, then the longest game);
//! - `POST /undo` (back to the player's previous turn) and `POST /new` (the start again).
//!
//! Every value comes from the rules' search ([`crate::jury`]'s arena), never a formula. A
//! failure of the rules during play is shown on the page, never a blank page.

use crate::error::Error;
use crate::game::RulesGame;
use crate::jury::rules::{arena, Rules, RulesPos};
use crate::jury::{choose, Arena, Stop};
use crate::package::Package;
use grundy_fuzzing::Rng;
use grundy_games::schema::Instance;
use grundy_oracle::ruleset::{Explorer, Outcome};
use serde_json::{json, Value};

/// One move of the history: who played it, its label, and the position before it.
struct Played {
    by_jury: bool,
    label: String,
    before: RulesPos,
}

/// A game in progress.
struct Session<'w> {
    arena: Rules<'w>,
    start: RulesPos,
    pos: RulesPos,
    history: Vec<Played>,
    rng: Rng,
}

/// Why the arena stopped, in words (outside a judged game only the rules can fail).
fn stop_text(s: Stop) -> String {
    match s {
        Stop::Fault(
            crate::jury::PlayError::Rules(m)
            | crate::jury::PlayError::Internal(m)
            | crate::jury::PlayError::Start(m),
        ) => m,
        Stop::Verdict(v) => v.to_string(),
        Stop::Stopped(m) => m,
    }
}

impl Session<'_> {
    /// The position and its moves, as the page shows them.
    fn state(&mut self) -> Result<Value, String> {
        let moves = self.arena.moves(&self.pos).map_err(stop_text)?;
        let mut listed = Vec::new();
        for m in &moves {
            let next = self.arena.after(&self.pos, m).map_err(stop_text)?;
            let k = self.arena.known(&next).map_err(stop_text)?;
            listed.push(json!({
                "label": self.arena.label(m),
                "value": k.value,
                "leaves": outcome_word(k.outcome),
                "wins": k.outcome == Outcome::Lose,
            }));
        }
        let here = self.arena.known(&self.pos).map_err(stop_text)?;
        let describe = self.arena.worker().describe(self.pos.id());
        Ok(json!({
            "position": describe,
            "value": here.value,
            "outcome": outcome_word(here.outcome),
            "moves": listed,
            "history": self.history.iter().map(|p| json!({"jury": p.by_jury, "label": p.label})).collect::<Vec<_>>(),
            "over": moves.is_empty(),
        }))
    }

    /// The player's move `label`, then the jury's reply.
    fn play(&mut self, label: &str) -> Result<(), String> {
        let moves = self.arena.moves(&self.pos).map_err(stop_text)?;
        let Some(m) = moves.iter().find(|m| self.arena.label(m) == label) else {
            return Err(format!("`{label}` is not a move of this position"));
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

/// Serves the game of `input` (its first test case) on `127.0.0.1:port` (0: a free
/// port) until the process is stopped; `ready` is told the address once it listens.
pub fn serve(
    pkg: &Package,
    game: &RulesGame,
    input: &Instance,
    port: u16,
    ready: impl FnOnce(&str),
) -> Result<(), Error> {
    if game.spec.loopy {
        return Err(Error::usage(
            "`grundy play` plays games without repeated states (a loopy game's draws are not played yet)",
        ));
    }
    let server = tiny_http::Server::http(("127.0.0.1", port)).map_err(|e| {
        Error::usage(format!(
            "cannot listen on 127.0.0.1:{port}: {e} (is the port in use? `--port 0` picks a free one)"
        ))
    })?;
    let addr = server
        .server_addr()
        .to_ip()
        .map_or_else(|| format!("127.0.0.1:{port}"), |a| a.to_string());
    let case = input
        .cases
        .first()
        .ok_or_else(|| Error::usage("the input has no test case"))?;
    let case_json = crate::game::case_json(&pkg.schema, case);
    let one = Instance {
        cases: vec![case.clone()],
    };
    let text = pkg.schema.write(&one);
    let drawing = crate::suite::Packaged::draw_instance(&pkg.schema, &one).map(|d| d.0);
    let result = game.with_worker(|w| {
        let (root, _) = w
            .start_case(&case_json, false)
            .map_err(|f| grundy_oracle::ruleset::RulesError::Explorer(Box::new(f)))?;
        let (arena, start) = arena(w, root, game.spec.options());
        let mut s = Session {
            arena,
            pos: start.clone(),
            start,
            history: Vec::new(),
            rng: Rng::for_case(1, 0),
        };
        ready(&addr);
        for mut req in server.incoming_requests() {
            let url = req.url().to_string();
            let (path, query) = url.split_once('?').unwrap_or((url.as_str(), ""));
            let mut body = String::new();
            let _ = std::io::Read::read_to_string(req.as_reader(), &mut body);
            let reply = match (req.method(), path) {
                (tiny_http::Method::Get, "/") => {
                    let page = PAGE.replace("{{name}}", &crate::report_html::esc(&pkg.name));
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
                state["error"] = e.into();
            }
            state["input"] = text.clone().into();
            state["drawing"] = drawing.clone().into();
            respond(req, 200, "application/json", state.to_string());
        }
        Ok(())
    });
    result.map_err(|e| Error::usage(format!("{}: the rules failed: {e}", pkg.dir.display())))
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
