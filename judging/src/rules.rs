//! Rules files: a package's game given by its rules in Python (`[game] rules = "rules.py"`),
//! run in long-lived workers and searched by the oracle's [`ruleset`](grundy_oracle::ruleset).
//!
//! A worker is one `python3` process running the shim shipped inside grundy
//! (`src/rules_shim.py`) on the rules file: it builds the start state from a test case,
//! interns every state it meets (grundy sees only their numbers), and answers a batch of
//! states with all their moves, each state after a move already split by `components` and
//! put in `canonical` form. One line each way per request (JSON, except the moves of a
//! batch: a compact line of state numbers; labels are sent for the start only); one request per batch of
//! up to [`ruleset::BATCH`](grundy_oracle::ruleset::BATCH) states, never a process or a
//! round trip per state. A worker is contained like every program grundy runs (its own
//! empty directory and process group, killed with grundy) and every request has a time
//! limit: a worker that does not answer in time is killed and the rules are reported.
//!
//! Workers are pooled ([`Pool`]): a search takes one, and gives it back when it is done,
//! so parallel jobs each have their own and a worker's start-up is paid once.

use grundy_oracle::ruleset::{self, Expansion, Explorer, Options, RulesError, Solved, StateId};
use grundy_sandbox::contain::{self, RunId};
use grundy_sandbox::launcher::{self, Launched};
use grundy_sandbox::runner::{self, RunLimits};
use serde::Deserialize;
use std::fmt;
use std::io::{Read, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ChildStdout, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The shim, shipped inside grundy.
pub const SHIM: &str = include_str!("rules_shim.py");

/// What went wrong with the rules: always the package's fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// What kind of fault.
    pub kind: FaultKind,
    /// In words (for an exception, the traceback's last lines).
    pub message: String,
    /// The state it happened in, as the rules' `repr` shows it.
    pub state: Option<String>,
}

/// The kinds of [`Fault`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FaultKind {
    /// The rules file does not load, or lacks `start` or `moves`.
    Load,
    /// A function of the rules raised an exception.
    Exception,
    /// A state cannot be hashed.
    Unhashable,
    /// `moves` or `components` returned something of the wrong shape.
    BadMoves,
    /// The worker did not answer a request in time.
    Timeout,
    /// Two moves of one state have the same label (the message is the label).
    DuplicateLabel,
    /// The worker died or broke the protocol.
    Died,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            FaultKind::Load => "the rules file cannot be loaded",
            FaultKind::Exception => "the rules raised an exception",
            FaultKind::Unhashable => "a state of the rules cannot be hashed",
            FaultKind::BadMoves => "the rules returned a malformed move",
            FaultKind::Timeout => "the rules did not answer in time",
            FaultKind::DuplicateLabel => "two moves of one state have the same label",
            FaultKind::Died => "the rules worker stopped",
        };
        write!(f, "{what}")?;
        if let Some(s) = &self.state {
            write!(f, " (in state {s})")?;
        }
        let message = self.message.trim();
        if !message.is_empty() {
            write!(f, ":\n      {}", message.replace('\n', "\n      "))?;
        }
        Ok(())
    }
}

impl std::error::Error for Fault {}

/// A reply of the worker.
#[derive(Deserialize)]
#[serde(untagged)]
enum Reply<T> {
    Ok {
        ok: T,
    },
    Err {
        err: String,
        message: String,
        state: Option<String>,
    },
}

/// Set by `--rules-stderr`: the workers' stderr goes to grundy's own, as they print it.
static SHOW_STDERR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// From now on, what the rules print (stdout and stderr) is shown on grundy's stderr as
/// they print it (`grundy solve --rules-stderr`, `grundy values --rules-stderr`), instead
/// of being kept for their errors.
pub fn show_stderr() {
    SHOW_STDERR.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// One running worker.
pub struct Worker {
    child: Launched,
    stdin: ChildStdin,
    stdout: ChildStdout,
    pending: Vec<u8>,
    /// How much of `pending` is known to hold no newline.
    scanned: usize,
    stderr_path: PathBuf,
    timeout: Duration,
    /// Where a search begins.
    begin: Begin,
    _dir: tempfile::TempDir,
    _id: RunId,
}

impl Worker {
    /// Starts a worker of `rules` (the shim is at `shim`).
    fn start(shim: &Path, rules: &Path, timeout: Duration, begin: Begin) -> Result<Worker, Fault> {
        let died = |m: String| Fault {
            kind: FaultKind::Died,
            message: m,
            state: None,
        };
        let dir = tempfile::Builder::new()
            .prefix("grundy-rules-")
            .tempdir()
            .map_err(|e| died(format!("cannot create a working directory: {e}")))?;
        let stderr_path = dir.path().join("stderr.txt");
        let stderr = std::fs::File::create(&stderr_path)
            .map_err(|e| died(format!("cannot create {}: {e}", stderr_path.display())))?;
        // The rules file by its real path: a package's `../other/rules.py` names a folder
        // the rules' jail does not show.
        let rules = std::fs::canonicalize(rules).unwrap_or_else(|_| rules.to_path_buf());
        let argv = [
            grundy_sandbox::program::python().to_string(),
            "-u".to_string(),
            shim.display().to_string(),
            rules.display().to_string(),
        ];
        let id = RunId::new();
        let limits = RunLimits {
            stack: None,
            ..RunLimits::with_time(Duration::from_secs(1), 1.0)
        };
        // Not killed with the thread that starts it: a pooled worker outlives that job
        // thread; when grundy dies, its input closes and the shim ends.
        // The rules are the package's code: in a jail of their own (the folder of the
        // rules file shown read-only), as a checker is.
        let jail = grundy_sandbox::jail::for_package(&argv, &[], false)
            .map_err(|why| died(why.to_string()))?;
        let mut cmd = launcher::contained(&argv, dir.path(), &id, &limits, false, jail.as_ref());
        if SHOW_STDERR.load(std::sync::atomic::Ordering::Relaxed) {
            cmd.cmd.stderr(Stdio::inherit());
        } else {
            cmd.cmd.stderr(Stdio::from(stderr));
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| died(format!("cannot run python3: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(died("no pipes to the worker".into()));
        };
        runner::set_nonblocking(stdout.as_raw_fd());
        Ok(Worker {
            child,
            stdin,
            stdout,
            pending: Vec::new(),
            scanned: 0,
            stderr_path,
            timeout,
            begin,
            _dir: dir,
            _id: id,
        })
    }

    /// True while the worker's process runs.
    fn alive(&mut self) -> bool {
        self.child.running()
    }

    /// The last lines the rules printed on stderr.
    fn stderr_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.stderr_path).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(8)..].join("\n")
    }

    fn died(&mut self, what: &str) -> Fault {
        let _ = self.child.running();
        let tail = self.stderr_tail();
        Fault {
            kind: FaultKind::Died,
            message: if tail.is_empty() {
                what.to_string()
            } else {
                format!("{what}; its stderr ends with:\n{tail}")
            },
            state: None,
        }
    }

    /// Sends one request and waits (at most the timeout) for its JSON reply.
    fn ask<T: for<'de> Deserialize<'de>>(
        &mut self,
        request: &serde_json::Value,
        what: &str,
    ) -> Result<T, Fault> {
        let reply = self.round_trip(request, what)?;
        self.parse(&reply)
    }

    /// Sends one request and waits (at most the timeout) for its reply line.
    fn round_trip(&mut self, request: &serde_json::Value, what: &str) -> Result<Vec<u8>, Fault> {
        let mut line = serde_json::to_vec(request).map_err(|e| Fault {
            kind: FaultKind::Died,
            message: format!("cannot encode a request: {e}"),
            state: None,
        })?;
        line.push(b'\n');
        if self
            .stdin
            .write_all(&line)
            .and_then(|_| self.stdin.flush())
            .is_err()
        {
            return Err(self.died("the worker closed its input"));
        }
        let deadline = Instant::now() + self.timeout;
        let reply = loop {
            if let Some(nl) = self.pending[self.scanned..]
                .iter()
                .position(|&b| b == b'\n')
            {
                let rest = self.pending.split_off(self.scanned + nl + 1);
                self.scanned = 0;
                break std::mem::replace(&mut self.pending, rest);
            }
            self.scanned = self.pending.len();
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(Fault {
                    kind: FaultKind::Timeout,
                    message: format!(
                        "no answer within {} s while {what} (a rules function that loops, or far too slow; `[game] timeout` sets the limit)",
                        self.timeout.as_secs_f64()
                    ),
                    state: None,
                });
            }
            let mut pfd = libc::pollfd {
                fd: self.stdout.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = left.as_millis().clamp(1, 1000) as libc::c_int;
            // SAFETY: one valid pollfd for the duration of the call.
            unsafe { libc::poll(&mut pfd, 1, ms) };
            let mut buf = [0u8; 1 << 16];
            match self.stdout.read(&mut buf) {
                Ok(0) => return Err(self.died("the worker exited")),
                Ok(k) => self.pending.extend_from_slice(&buf[..k]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return Err(self.died("the worker's output broke")),
            }
            if contain::interrupted() {
                return Err(Fault {
                    kind: FaultKind::Died,
                    message: "interrupted".into(),
                    state: None,
                });
            }
        };
        Ok(reply)
    }

    /// A JSON reply: its value, or the fault it reports.
    fn parse<T: for<'de> Deserialize<'de>>(&mut self, reply: &[u8]) -> Result<T, Fault> {
        match serde_json::from_slice::<Reply<T>>(reply) {
            Ok(Reply::Ok { ok }) => Ok(ok),
            Ok(Reply::Err {
                err,
                message,
                state,
            }) => Err(Fault {
                // What the rules printed (a `print` while debugging, say) goes with it.
                message: match self.stderr_tail() {
                    tail if tail.trim().is_empty() => message,
                    tail => format!(
                        "{message}\nwhat the rules printed (stdout and stderr, the last lines):\n{tail}"
                    ),
                },
                kind: match err.as_str() {
                    "load" => FaultKind::Load,
                    "exception" => FaultKind::Exception,
                    "unhashable" => FaultKind::Unhashable,
                    "bad-moves" | "bad-components" => FaultKind::BadMoves,
                    "duplicate-label" => FaultKind::DuplicateLabel,
                    _ => FaultKind::Died,
                },
                state,
            }),
            Err(e) => Err(self.died(&format!("the worker broke the protocol ({e})"))),
        }
    }

    /// Builds the start state of a test case (as JSON); `plain` turns `components` and
    /// `canonical` off for this search. With [`Begin::Choose`] or [`Begin::Each`], the
    /// start is the choice node whose moves are the starts.
    /// Also says whether the rules have `components` or `canonical`.
    pub fn start_case(
        &mut self,
        case: &serde_json::Value,
        plain: bool,
    ) -> Result<(StateId, bool), Fault> {
        let (id, shortcuts, _) = self.begin_search(case, plain, None)?;
        id.map(|id| (id, shortcuts)).ok_or_else(|| Fault {
            kind: FaultKind::Died,
            message: "the worker gave no start".into(),
            state: None,
        })
    }

    /// Builds the `k`-th start (from 0) of `starts(case)` alone as the start state: its
    /// number (`None` past the last start), whether the rules have `components` or
    /// `canonical`, and how many starts there are.
    pub fn start_one(
        &mut self,
        case: &serde_json::Value,
        plain: bool,
        k: usize,
    ) -> Result<(Option<StateId>, bool, usize), Fault> {
        let (id, shortcuts, count) = self.begin_search(case, plain, Some(k))?;
        Ok((id, shortcuts, count.unwrap_or(0)))
    }

    /// Where this worker's searches begin.
    pub fn begin(&self) -> Begin {
        self.begin
    }

    fn begin_search(
        &mut self,
        case: &serde_json::Value,
        plain: bool,
        one: Option<usize>,
    ) -> Result<(Option<StateId>, bool, Option<usize>), Fault> {
        let mut request = serde_json::json!({"op": "start", "case": case, "plain": plain, "begin": self.begin.word()});
        if let Some(k) = one {
            request["one"] = k.into();
        }
        self.ask(&request, "building the start state")
    }
}

/// Where a search of the rules begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begin {
    /// At `start(case)`.
    Start,
    /// At the first player's choice among `starts(case)` (a choice node whose moves are
    /// the starts, labelled as the rules label them).
    Choose,
    /// At a choice node whose moves are the starts of `starts(case)`, numbered from 1
    /// (each start is answered on its own: `per = "start"`).
    Each,
}

impl Begin {
    fn word(self) -> &'static str {
        match self {
            Begin::Start => "start",
            Begin::Choose => "choose",
            Begin::Each => "each",
        }
    }
}

/// A move of a whole state, as a jury plays it: its label, the whole state it leads to,
/// and that state's parts (split by `components` and in `canonical` form, to be valued).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct PlayMove {
    /// How the move is printed.
    pub label: String,
    /// The whole state after it.
    pub next: StateId,
    /// Its parts.
    pub parts: Vec<StateId>,
}

impl Worker {
    /// Every move of the whole state `id`, for playing a game.
    pub fn play(&mut self, id: StateId) -> Result<Vec<PlayMove>, RulesError> {
        let raw: Vec<(String, StateId, Vec<StateId>)> = self
            .ask(
                &serde_json::json!({"op": "play", "id": id}),
                "listing the moves of a position in play",
            )
            .map_err(rules_error)?;
        Ok(raw
            .into_iter()
            .map(|(label, next, parts)| PlayMove { label, next, parts })
            .collect())
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.child.kill();
        let _ = self.child.reap(true);
        contain::release(self.child.pid);
    }
}

impl Explorer for Worker {
    fn expand(&mut self, batch: &[StateId], out: &mut Expansion) -> Result<(), RulesError> {
        out.clear();
        let what = format!("listing the moves of {} states", batch.len());
        let reply = self
            .round_trip(&serde_json::json!({"op": "expand", "ids": batch}), &what)
            .map_err(rules_error)?;
        match reply.strip_prefix(b"=") {
            Some(moves) => read_moves(moves, out).map_err(|e| rules_error(self.died(&e.0))),
            None => {
                let fault = match self.parse::<serde_json::Value>(&reply) {
                    Err(f) => f,
                    Ok(_) => self.died("the worker answered a batch with JSON, not its moves"),
                };
                Err(rules_error(fault))
            }
        }
    }

    fn labels(&mut self, id: StateId) -> Result<Vec<String>, RulesError> {
        self.ask(
            &serde_json::json!({"op": "labels", "id": id}),
            "listing the labels of the start's moves",
        )
        .map_err(rules_error)
    }

    fn describe(&mut self, id: StateId) -> String {
        self.ask::<String>(
            &serde_json::json!({"op": "describe", "id": id}),
            "describing a state",
        )
        .unwrap_or_else(|_| format!("#{id}"))
    }
}

/// A fault as the search reports it (a duplicate label in the search's own words).
fn rules_error(f: Fault) -> RulesError {
    match f.kind {
        FaultKind::DuplicateLabel => RulesError::DuplicateLabel {
            state: f.state.unwrap_or_default(),
            label: f.message,
        },
        _ => RulesError::Explorer(Box::new(f)),
    }
}

/// A list of moves from the worker that is not in the shim's format (the message quotes
/// its start).
#[derive(Debug)]
struct BadMoves(String);

/// Reads a batch's moves as the shim writes them (after the leading `=`): states separated
/// by `;`, a state's moves by spaces, a move's parts by commas, `_` for a move to the
/// empty position (no parts).
fn read_moves(line: &[u8], out: &mut Expansion) -> Result<(), BadMoves> {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let bad = || {
        BadMoves(format!(
            "the worker sent a malformed list of moves ({})",
            String::from_utf8_lossy(&line[..line.len().min(80)])
        ))
    };
    for state in line.split(|&b| b == b';') {
        for mv in state.split(|&b| b == b' ').filter(|m| !m.is_empty()) {
            if mv != b"_" {
                for part in mv.split(|&b| b == b',') {
                    if part.is_empty() || part.len() > 10 || !part.iter().all(u8::is_ascii_digit) {
                        return Err(bad());
                    }
                    let id = part.iter().fold(0u64, |x, &d| x * 10 + u64::from(d - b'0'));
                    out.part(StateId::try_from(id).map_err(|_| bad())?);
                }
            }
            out.end_move();
        }
        out.end_state();
    }
    Ok(())
}

/// Workers of one rules file, started on demand and reused.
pub struct Pool {
    rules: PathBuf,
    timeout: Duration,
    begin: Begin,
    shim_dir: tempfile::TempDir,
    idle: Mutex<Vec<Worker>>,
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pool({})", self.rules.display())
    }
}

impl Pool {
    /// A pool for the rules file `rules`, each request limited to `timeout`; its
    /// searches begin at `begin`.
    pub fn new(rules: &Path, timeout: Duration, begin: Begin) -> std::io::Result<Pool> {
        let shim_dir = tempfile::Builder::new().prefix("grundy-shim-").tempdir()?;
        std::fs::write(shim_dir.path().join("grundy_rules_shim.py"), SHIM)?;
        Ok(Pool {
            rules: std::path::absolute(rules)?,
            timeout,
            begin,
            shim_dir,
            idle: Mutex::new(Vec::new()),
        })
    }

    /// Runs `f` with a worker (an idle one, or a new one); a worker is kept for reuse
    /// unless it timed out or died.
    pub fn with<T>(
        &self,
        f: impl FnOnce(&mut Worker) -> Result<T, RulesError>,
    ) -> Result<T, RulesError> {
        // An idle worker may have died meanwhile (killed from outside, say).
        let idle = loop {
            let w = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
            match w {
                Some(mut w) => {
                    if w.alive() {
                        break Some(w);
                    }
                }
                None => break None,
            }
        };
        let mut w = match idle {
            Some(w) => w,
            None => Worker::start(
                &self.shim_dir.path().join("grundy_rules_shim.py"),
                &self.rules,
                self.timeout,
                self.begin,
            )
            .map_err(|f| RulesError::Explorer(Box::new(f)))?,
        };
        let r = f(&mut w);
        let broken = matches!(&r, Err(RulesError::Explorer(e))
            if e.downcast_ref::<Fault>().is_some_and(|f| matches!(f.kind, FaultKind::Timeout | FaultKind::Died)));
        if !broken {
            self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(w);
        }
        r
    }

    /// Searches one test case (as JSON) with the rules; `plain` without `components` and
    /// `canonical`. Also says whether the rules have `components` or `canonical`.
    pub fn solve(
        &self,
        case: &serde_json::Value,
        plain: bool,
        opts: Options,
    ) -> Result<(Solved, bool), RulesError> {
        self.with(|w| {
            let (start, shortcuts) = w
                .start_case(case, plain)
                .map_err(|f| RulesError::Explorer(Box::new(f)))?;
            Ok((ruleset::solve(w, start, opts)?, shortcuts))
        })
    }

    /// Searches the `k`-th start (from 0) of `starts(case)` alone: `None` past the last
    /// start; with whether the rules have `components` or `canonical`, and how many starts
    /// there are.
    pub fn solve_one(
        &self,
        case: &serde_json::Value,
        plain: bool,
        k: usize,
        opts: Options,
    ) -> Result<(Option<Solved>, bool, usize), RulesError> {
        self.with(|w| {
            let (start, shortcuts, count) = w
                .start_one(case, plain, k)
                .map_err(|f| RulesError::Explorer(Box::new(f)))?;
            let solved = start.map(|s| ruleset::solve(w, s, opts)).transpose()?;
            Ok((solved, shortcuts, count))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Result<Vec<Vec<Vec<StateId>>>, BadMoves> {
        let mut out = Expansion::default();
        read_moves(line.as_bytes(), &mut out)?;
        Ok((0..out.states())
            .map(|k| out.moves(k).map(|p| p.to_vec()).collect())
            .collect())
    }

    #[test]
    fn a_batch_of_moves_is_read_from_its_compact_line() {
        // Three states: two moves (one into a sum of parts 3 and 4); none; one move to
        // the empty position.
        assert_eq!(
            read("1 3,4;;_\n").unwrap(),
            vec![vec![vec![1], vec![3, 4]], vec![], vec![vec![]]]
        );
        assert_eq!(read("").unwrap(), vec![Vec::<Vec<StateId>>::new()]);
        for bad in ["1 x", "1,,2", "99999999999", "-1", "1;2 3,"] {
            assert!(read(bad).is_err(), "{bad:?} accepted");
        }
    }
}
