//! `grundy play`: the server answers on 127.0.0.1 with the position and every move's
//! value, the jury replies to a move with a winning move when it has one, a port in use
//! is a clear error, and rules that raise during play are shown, not a blank answer.

use crate::common;
use common::{example, grundy};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Stdio};

/// A running `grundy play` and its address.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `grundy play` with `args` on a free port; waits for its address.
pub fn start(args: &[&std::ffi::OsStr]) -> Server {
    let mut child = grundy()
        .arg("play")
        .args(args)
        .args(["--port", "0"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server { child, addr }
}

/// An HTTP request's body (`method` GET or POST).
pub fn http(addr: &str, method: &str, path: &str) -> String {
    sent(addr, method, path, "")
}

/// The answer's body to a request carrying `body`.
fn sent(addr: &str, method: &str, path: &str, body: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out.split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default()
}

pub fn json(addr: &str, method: &str, path: &str) -> serde_json::Value {
    let body = http(addr, method, path);
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// The state after the page sends an edited input.
fn edited(addr: &str, input: &str) -> serde_json::Value {
    let body = sent(addr, "POST", "/input", input);
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"))
}

/// A raw request with the given extra header lines: the status line and the body.
fn raw(addr: &str, request: &str) -> (String, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(request.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out.lines().next().unwrap_or("").to_string();
    let body = out
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Another site's page (a cross-origin POST) and a DNS rebinding (another `Host`) are
/// refused with 403, for every method, and change nothing; the page's own requests are
/// answered.
#[test]
fn the_play_page_answers_only_its_own_origin() {
    let server = start(&[std::ffi::OsStr::new("agc017d")]);
    let addr = &server.addr;
    let before = json(addr, "GET", "/state");
    let port = addr.rsplit_once(':').unwrap().1;
    let evil_post = format!(
        "POST /random HTTP/1.1\r\nHost: {addr}\r\nOrigin: http://evil.example\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    let (status, body) = raw(addr, &evil_post);
    assert!(status.contains(" 403 "), "{status}");
    assert!(
        body.contains("another origin ('http://evil.example')"),
        "{body}"
    );
    for method in ["GET", "POST"] {
        let rebound = format!(
            "{method} /state HTTP/1.1\r\nHost: evil.example:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        );
        let (status, body) = raw(addr, &rebound);
        assert!(status.contains(" 403 "), "{method}: {status}");
        assert!(body.contains("names the host 'evil.example:"), "{body}");
    }
    // Nothing was played; the page's own origin is served.
    assert_eq!(json(addr, "GET", "/state"), before);
    let own = format!(
        "POST /new HTTP/1.1\r\nHost: localhost:{port}\r\nOrigin: http://localhost:{port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
    );
    let (status, _) = raw(addr, &own);
    assert!(status.contains(" 200 "), "{status}");
}

#[test]
fn a_builtin_game_is_redrawn_after_each_move_with_its_moves_ringed() {
    // agc017d (Green Hackenbush on a rooted tree): a move names the child end of the edge
    // cut, a vertex; the drawing rings every move's vertex green (wins) or red (loses),
    // and after a cut and the jury's reply the position drawn has fewer vertices, each
    // labelled with its id in the input.
    let server = start(&[
        std::ffi::OsStr::new("agc017d"),
        std::ffi::OsStr::new("--vertices"),
        std::ffi::OsStr::new("9"),
    ]);
    let s = json(&server.addr, "GET", "/state");
    let drawing = s["drawing"].as_str().unwrap().to_string();
    let moves = s["moves"].as_array().unwrap();
    assert_eq!(drawing.matches("class=\"vertex\"").count(), 9, "{drawing}");
    let wins = moves.iter().filter(|m| m["wins"] == true).count();
    assert_eq!(
        drawing.matches("class=\"ring\"").count(),
        moves.len(),
        "{s}"
    );
    assert_eq!(drawing.matches("stroke=\"#2a8a2a\"").count(), wins, "{s}");
    assert!(s["position"].as_str().unwrap().starts_with("9\n"), "{s}");
    // Cut the edge above the first move's vertex; the jury answers.
    let label = moves[0]["label"].as_str().unwrap().to_string();
    let after = json(&server.addr, "POST", &format!("/move?label={label}"));
    let history = after["history"].as_array().unwrap();
    assert_eq!(history[0]["label"], label.as_str(), "{after}");
    let left = after["drawing"]
        .as_str()
        .unwrap()
        .matches("class=\"vertex\"")
        .count();
    assert!(left < 9, "{after}");
    // The vertex cut off is gone from the drawing; the root keeps its label 1.
    assert!(!after["drawing"]
        .as_str()
        .unwrap()
        .contains(&format!(">{label}</text></g>")));
    assert!(after["drawing"].as_str().unwrap().contains(">1</text></g>"));
}

#[test]
fn a_loopy_game_is_played_with_its_draws() {
    // chip-digraph (a chip on a digraph with cycles): from this start neither side can
    // force a win; every move leaves a draw, and the jury, to move in a draw, keeps it.
    let dir = example("chip-digraph");
    let server = start(&[
        dir.as_os_str(),
        std::ffi::OsStr::new("--seed"),
        std::ffi::OsStr::new("7"),
    ]);
    let s = json(&server.addr, "GET", "/state");
    assert_eq!(s["outcome"], "draw", "{s}");
    let moves = s["moves"].as_array().unwrap();
    assert!(
        !moves.is_empty()
            && moves
                .iter()
                .all(|m| m["leaves"] == "draw" && m["wins"] == false),
        "{s}"
    );
    let label = moves[0]["label"].as_str().unwrap();
    let after = json(&server.addr, "POST", &format!("/move?label={label}"));
    assert_eq!(after["history"].as_array().unwrap().len(), 2, "{after}");
    assert_eq!(after["outcome"], "draw", "{after}");
}

#[test]
fn the_jury_answers_a_move_with_a_winning_one() {
    let dir = example("node-kayles");
    let server = start(&[dir.as_os_str()]);
    let page = http(&server.addr, "GET", "/");
    assert!(page.contains("grundy play node-kayles"), "{page}");
    let s = json(&server.addr, "GET", "/state");
    let moves = s["moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{s}");
    assert!(s["drawing"].as_str().unwrap().starts_with("<svg"), "{s}");
    // Every move is valued; a move that leaves a won position is a losing one.
    let losing: Vec<&serde_json::Value> = moves.iter().filter(|m| m["wins"] == false).collect();
    assert!(moves.iter().all(|m| m["value"].is_u64()), "{s}");
    // Play a losing move (or any move when none loses): the jury, then to move in a won
    // position, answers with a winning move, so the position comes back lost for us.
    let m = losing.first().copied().unwrap_or(&moves[0]);
    let label = m["label"].as_str().unwrap().replace(' ', "+");
    let after = json(&server.addr, "POST", &format!("/move?label={label}"));
    let history = after["history"].as_array().unwrap();
    assert_eq!(history[0]["label"], m["label"], "{after}");
    if m["wins"] == false {
        assert_eq!(history.len(), 2, "the jury replied: {after}");
        assert!(
            after["over"] == true || after["outcome"] == "lose",
            "{after}"
        );
    }
    // Undo goes back to the start; a label that is no move is an error on the page.
    let back = json(&server.addr, "POST", "/undo");
    assert_eq!(back["history"].as_array().unwrap().len(), 0, "{back}");
    let bad = json(&server.addr, "POST", "/move?label=nonsense");
    assert!(
        bad["error"].as_str().unwrap().contains("is not a move"),
        "{bad}"
    );
}

#[test]
fn a_port_in_use_and_failing_rules_are_said() {
    let dir = example("subtraction");
    let server = start(&[dir.as_os_str()]);
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let out = grundy()
        .args(["play"])
        .arg(&dir)
        .args(["--port", &port])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
    // Rules that raise on the second move: the page's state says so.
    let bad = tempfile::tempdir().unwrap();
    std::fs::write(
        bad.path().join("problem.toml"),
        "name = \"raises\"\n[[input]]\nints = [\"n\"]\n[limits]\nn = [5, 5]\n[game]\nrules = \"rules.py\"\n",
    )
    .unwrap();
    std::fs::write(
        bad.path().join("rules.py"),
        "def start(case):\n    return case.n\n\ndef moves(h):\n    if h < 5:\n        raise ValueError('broken at %d' % h)\n    return [(1, h - 1)]\n",
    )
    .unwrap();
    let server = start(&[bad.path().as_os_str()]);
    let s = json(&server.addr, "GET", "/state");
    assert!(
        s["error"].as_str().unwrap_or("").contains("broken at 4"),
        "{s}"
    );
}

#[test]
fn an_edited_input_is_played_and_a_bad_one_is_said_where() {
    // A rules package: a heap of 9 is played from its start; a malformed input is said
    // with its line and column and the game goes on; a value outside the limits too.
    let dir = example("subtraction");
    let server = start(&[dir.as_os_str()]);
    let s = edited(&server.addr, "9\n");
    assert_eq!(s["input"], "9\n", "{s}");
    assert_eq!(s["history"].as_array().unwrap().len(), 0, "{s}");
    let moves: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(moves.len(), 3, "take 1, 3 or 4 of 9: {s}");
    assert_eq!(
        s["value"], 0,
        "the values repeat 0 1 0 1 2 3 2 with period 7: {s}"
    );
    let bad = edited(&server.addr, "9x\n");
    let e = bad["error"].as_str().unwrap();
    assert!(e.contains("line 1") && e.contains("column"), "{bad}");
    assert_eq!(bad["input"], "9\n", "the game goes on: {bad}");
    let huge = edited(&server.addr, "1000000000\n");
    assert!(
        huge["error"]
            .as_str()
            .unwrap()
            .contains("expected n (an integer in 0..=1000)"),
        "{huge}"
    );
    // A built-in game: an edited tree is redrawn, a vertex out of range is said, and a
    // position larger than play plays is refused with its size.
    let server = start(&[std::ffi::OsStr::new("agc017d")]);
    let s = edited(&server.addr, "4\n1 2\n2 3\n2 4\n");
    assert!(s["error"].is_null(), "{s}");
    let drawing = s["drawing"].as_str().unwrap();
    assert_eq!(drawing.matches("class=\"vertex\"").count(), 4, "{s}");
    assert_eq!(s["moves"].as_array().unwrap().len(), 3, "{s}");
    let bad = edited(&server.addr, "3\n1 2\n2 7\n");
    assert!(bad["error"].as_str().unwrap().contains('7'), "{bad}");
    assert_eq!(
        bad["moves"].as_array().unwrap().len(),
        3,
        "the game goes on: {bad}"
    );
    let mut chain = String::from("1200\n");
    for v in 2..=1200 {
        chain += &format!("{} {v}\n", v - 1);
    }
    let big = edited(&server.addr, &chain);
    assert!(
        big["error"].as_str().unwrap().contains("1200 vertices"),
        "{big}"
    );
}

#[test]
fn rules_that_fail_on_an_edited_input_leave_the_game_before() {
    // Rules whose start raises for n = 3: that input is refused, and the game before
    // starts again from its start.
    let bad = tempfile::tempdir().unwrap();
    std::fs::write(
        bad.path().join("problem.toml"),
        "name = \"picky\"\n[[input]]\nints = [\"n\"]\n[limits]\nn = [1, 9]\n[game]\nrules = \"rules.py\"\n",
    )
    .unwrap();
    std::fs::write(
        bad.path().join("rules.py"),
        "def start(case):\n    if case.n == 3:\n        raise ValueError('no heap of three')\n    return case.n\n\ndef moves(h):\n    return [(1, h - 1)] if h else []\n",
    )
    .unwrap();
    let server = start(&[bad.path().as_os_str()]);
    let before = json(&server.addr, "GET", "/state");
    let s = edited(&server.addr, "3\n");
    let e = s["error"].as_str().unwrap();
    assert!(
        e.contains("no heap of three") && e.contains("input before"),
        "{s}"
    );
    assert_eq!(s["input"], before["input"], "{s}");
    assert_eq!(s["position"], before["position"], "{s}");
    let ok = edited(&server.addr, "5\n");
    assert!(ok["error"].is_null(), "{ok}");
    assert_eq!(ok["position"], "5", "{ok}");
}

#[test]
fn a_hackenbush_game_marks_each_edge_a_move_deletes() {
    // Hackenbush on graphs (grundy's own format): a move names a graph and an edge's
    // number in the input; every edge standing is a move, drawn thick in its colour and
    // numbered.
    let server = start(&[std::ffi::OsStr::new("hackenbush")]);
    let s = edited(&server.addr, "1\n3 3\n1 2\n2 3\n3 1\n");
    assert!(s["error"].is_null(), "{s}");
    let drawing = s["drawing"].as_str().unwrap();
    let moves = s["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3, "{s}");
    assert_eq!(drawing.matches("class=\"ring\"").count(), 3, "{drawing}");
    assert_eq!(drawing.matches("class=\"edge\"").count(), 3, "{drawing}");
    // Each edge in the colour of its move; after a move and the reply, edges are gone.
    let wins = moves.iter().filter(|m| m["wins"] == true).count();
    assert_eq!(drawing.matches("stroke=\"#2a8a2a\"").count(), wins, "{s}");
    let label = moves[0]["label"].as_str().unwrap().replace(' ', "+");
    let after = json(&server.addr, "POST", &format!("/move?label={label}"));
    let left = after["drawing"].as_str().unwrap();
    assert!(left.matches("class=\"edge\"").count() < 3, "{after}");
}

#[test]
fn a_chip_game_marks_the_edge_each_move_takes_a_chip_down() {
    // Chips on a tree (grundy's own format): a move takes a chip from a vertex to a
    // child (`from to`); each such edge is drawn thick in the colour of its move.
    let server = start(&[std::ffi::OsStr::new("chip")]);
    let s = edited(&server.addr, "4 2\n1 2\n1 3\n3 4\n1 3\n");
    assert!(s["error"].is_null(), "{s}");
    let labels: Vec<&str> = s["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["1 2", "1 3", "3 4"], "{s}");
    let drawing = s["drawing"].as_str().unwrap();
    let marked = drawing
        .lines()
        .filter(|l| l.starts_with("<line") && l.contains("class=\"ring\""))
        .count();
    assert_eq!(marked, 3, "{drawing}");
}

#[test]
fn an_input_file_too_large_or_malformed_is_said_with_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.in");
    let mut chain = String::from("1200\n");
    for v in 2..=1200 {
        chain += &format!("{} {v}\n", v - 1);
    }
    std::fs::write(&big, chain).unwrap();
    let bad = dir.path().join("bad.in");
    std::fs::write(&bad, "3\n1 2\n2 9\n").unwrap();
    for (file, said) in [
        (
            &big,
            "a position of 1200 vertices is more than grundy play plays",
        ),
        (&bad, "line 3, column 3: expected edge 2 of 2"),
    ] {
        let out = grundy()
            .args(["play", "agc017d"])
            .arg(file)
            .args(["--port", "0"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("{}: {said}", file.display())),
            "{err}"
        );
    }
}

#[test]
fn a_random_input_is_generated_on_the_page() {
    // `POST /random`: a new small input from the next seed, played from its start, for a
    // rules package and a built-in game alike.
    for target in [example("node-kayles"), std::path::PathBuf::from("agc017d")] {
        let server = start(&[target.as_os_str()]);
        let first = json(&server.addr, "GET", "/state");
        let mut seen = vec![first["input"].as_str().unwrap().to_string()];
        for _ in 0..4 {
            let s = json(&server.addr, "POST", "/random");
            assert!(s["error"].is_null(), "{s}");
            assert_eq!(s["history"].as_array().unwrap().len(), 0, "{s}");
            assert!(s["drawing"].as_str().unwrap().starts_with("<svg"), "{s}");
            seen.push(s["input"].as_str().unwrap().to_string());
        }
        seen.dedup();
        assert!(
            seen.len() > 1,
            "{target:?}: the same input each time: {seen:?}"
        );
    }
}

/// One SIGINT or one SIGTERM (what Ctrl-C and a service manager send) stops the server:
/// it exits with 128 + the signal and its port is closed. It once kept serving after the
/// first signal (its loop blocked on the next request), and only a second one ended it.
#[test]
fn one_interrupt_or_terminate_stops_the_server() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("stderr");
        let mut child = grundy()
            .args(["play", "agc017d", "--port", "0"])
            .stderr(std::fs::File::create(&log).unwrap())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let addr = loop {
            let text = std::fs::read_to_string(&log).unwrap();
            if let Some(rest) = text.split("http://").nth(1) {
                break rest.split('/').next().unwrap().to_string();
            }
            assert!(child.try_wait().unwrap().is_none(), "{text}");
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        assert!(http(&addr, "GET", "/state").contains("moves"));
        let sent = std::process::Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
        // Generous: the server looks for a signal ten times a second; before the fix it
        // never exited.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        let status = loop {
            if let Some(s) = child.try_wait().unwrap() {
                break s;
            }
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                panic!("grundy play still serving 30 s after one SIG{signal}");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        let text = std::fs::read_to_string(&log).unwrap();
        assert_eq!(status.code(), Some(code), "SIG{signal}: {text}");
        assert!(
            std::net::TcpStream::connect(&addr).is_err(),
            "the port is still open after SIG{signal}"
        );
    }
}
