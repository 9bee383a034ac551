//! A two-way run: a judged program talking to grundy line by line (an interactive
//! problem), contained exactly like a one-shot [`runner::run`](crate::runner::run) — its
//! own empty directory and process group, rlimits, every descendant killed at the end —
//! with the time judged per turn: each wait for the program's line is bounded by what is
//! left of its thinking time (the wall backstop, summed over its turns), and its CPU time
//! by the limit. A program that never reads, floods its output, forks, or keeps the pipes
//! open after it exits cannot stall grundy: every read and write is non-blocking and
//! polled against a deadline.

use crate::contain::{self, RunId};
use crate::error::{Error, ErrorKind};
use crate::launcher::{self, Ended, Launched};
use crate::runner::{self, Capture, Exit, Run, RunLimits};
use std::io::Write;
use std::os::fd::AsRawFd;
use std::process::ChildStdin;
use std::time::{Duration, Instant};

/// What waiting for the program's next line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recv {
    /// A line (without its newline; a last line without one counts).
    Line(String),
    /// The program closed its output or exited without another line.
    Closed,
    /// Nothing within its remaining thinking time.
    Silent,
    /// Nothing, while it used no CPU time for this long ([`Session::watch_idleness`]):
    /// it waits on its input, or sleeps — a deadlock, most often a missing flush.
    Idle(Duration),
    /// A line longer than [`MAX_LINE`] bytes (and still going).
    TooLong,
    /// Over a limit (CPU time, output): the run is over.
    Over(Exit),
}

/// What sending a line gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sent {
    /// Written whole.
    Ok,
    /// The program does not read any more (closed its input, or exited).
    Closed,
    /// It did not read the line within its remaining thinking time.
    Stuck,
}

/// The longest line a program may write (a move or a side is a few bytes).
pub const MAX_LINE: usize = 1 << 20;

/// A running two-way program.
pub struct Session {
    child: Launched,
    stdin: Option<ChildStdin>,
    out: Capture,
    err: Capture,
    /// How much of `out.data` has been returned as lines.
    read: usize,
    /// How much of `out.data` past `read` is known to hold no newline.
    scanned: usize,
    started: Instant,
    /// Wall time spent waiting on the program so far.
    waited: Duration,
    limits: RunLimits,
    /// Stop a wait for a line after the program used no CPU time for this long.
    idle: Option<Duration>,
    exited: Option<Result<Ended, Error>>,
    _workdir: tempfile::TempDir,
    _id: RunId,
}

impl Session {
    /// Starts `argv` contained under `limits`; an error is a program that cannot start.
    pub fn start(argv: &[String], limits: &RunLimits) -> Result<Session, Error> {
        let jail = crate::jail::for_run(argv)
            .map_err(|why| Error::new(ErrorKind::Jail, why.0, std::io::Error::other("refused")))?;
        Session::start_in(argv, limits, jail.as_ref(), None)
    }

    /// Starts a program of a package (an interactor: the setter's own code, which writes
    /// the feedback files it is given) as [`Session::start`] does, in a jail of its own
    /// ([`crate::jail::for_package`]): the folders of `place` shown read-only, its working
    /// folder the host folder of `place` (where its feedback files go), writable.
    pub fn start_package(
        argv: &[String],
        limits: &RunLimits,
        place: runner::PackagePlace<'_>,
    ) -> Result<Session, Error> {
        let jail = crate::jail::for_package(argv, place.shown, place.folder.is_some())
            .map_err(|why| Error::new(ErrorKind::Jail, why.0, std::io::Error::other("refused")))?;
        Session::start_in(argv, limits, jail.as_ref(), place.folder)
    }

    fn start_in(
        argv: &[String],
        limits: &RunLimits,
        jail: Option<&crate::jail::Spec>,
        folder: Option<&std::path::Path>,
    ) -> Result<Session, Error> {
        let workdir = tempfile::Builder::new()
            .prefix("grundy-play-")
            .tempdir()
            .map_err(|e| Error::new(ErrorKind::Setup, "creating a working directory", e))?;
        let id = RunId::new();
        let dir = folder.unwrap_or(workdir.path());
        let mut child = launcher::contained(argv, dir, &id, limits, true, jail)
            .spawn()
            .map_err(|e| Error::new(ErrorKind::Start, format!("starting {}", argv[0]), e))?;
        let stdin = child.stdin.take();
        if let Some(s) = &stdin {
            runner::set_nonblocking(s.as_raw_fd());
        }
        Ok(Session {
            out: Capture::new(child.stdout.take(), limits.output),
            err: Capture::new(child.stderr.take(), runner::STDERR_CAP),
            child,
            stdin,
            read: 0,
            scanned: 0,
            started: Instant::now(),
            waited: Duration::ZERO,
            limits: *limits,
            idle: None,
            exited: None,
            _workdir: workdir,
            _id: id,
        })
    }

    /// From now on, a wait for a line ([`Session::recv`], [`Session::recv_turn`]) ends
    /// with [`Recv::Idle`] once the program has used no CPU time for `after` (a program
    /// on its turn computes; one that neither computes nor writes waits on its input:
    /// deadlocked). Judges call it an idleness limit.
    pub fn watch_idleness(&mut self, after: Duration) {
        self.idle = Some(after);
    }

    /// The CPU time the program has used so far.
    pub fn cpu(&mut self) -> Duration {
        self.child.cpu()
    }

    /// The program's thinking time left.
    fn left(&self) -> Duration {
        self.limits.wall.saturating_sub(self.waited)
    }

    /// Reaps the program if it has exited.
    fn reap(&mut self) {
        if self.exited.is_none() {
            self.exited = self.child.reap(false);
        }
    }

    fn over(&mut self) -> Option<Exit> {
        if contain::interrupted() {
            Some(Exit::Interrupted)
        } else if self.out.over {
            Some(Exit::OutputLimit)
        } else if self.exited.is_none() && self.child.cpu() > self.limits.time {
            Some(Exit::Timeout)
        } else {
            None
        }
    }

    /// Waits for one poll step on the program's output (and its exit).
    fn step(&mut self, ms: i32) {
        let mut fds = Vec::with_capacity(2);
        for fd in [self.out.fd(), self.err.fd()].into_iter().flatten() {
            fds.push(libc::pollfd {
                fd,
                events: libc::POLLIN,
                revents: 0,
            });
        }
        // SAFETY: fds is a valid array of pollfd for its length (possibly empty).
        unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, ms) };
        self.out.pump();
        self.err.pump();
        self.reap();
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) -> Sent {
        let mut data = line.as_bytes().to_vec();
        data.push(b'\n');
        let mut written = 0;
        let began = Instant::now();
        while written < data.len() {
            let Some(pipe) = &mut self.stdin else {
                return Sent::Closed;
            };
            match pipe.write(&data[written..]) {
                Ok(k) => written += k,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if began.elapsed() >= self.left() {
                        self.waited += began.elapsed();
                        return Sent::Stuck;
                    }
                    self.step(5);
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => {
                    self.stdin = None;
                    return Sent::Closed;
                }
            }
        }
        self.waited += began.elapsed();
        Sent::Ok
    }

    /// Waits (at most its thinking time left) for the program's next line.
    pub fn recv(&mut self) -> Recv {
        self.recv_capped(None)
    }

    /// [`Session::recv`] that also gives up after `turn` (a time limit per move); the
    /// wait counts as thinking time all the same.
    pub fn recv_turn(&mut self, turn: Duration) -> Recv {
        self.recv_capped(Some(turn))
    }

    /// The thinking time left.
    pub fn thinking_left(&self) -> Duration {
        self.left()
    }

    fn recv_capped(&mut self, turn: Option<Duration>) -> Recv {
        let began = Instant::now();
        // The program's CPU time when it last grew, and when that was seen.
        let mut busy = (self.child.cpu(), Instant::now());
        let result = loop {
            let from = self.read.max(self.scanned);
            if let Some(k) = self.out.data[from..].iter().position(|&b| b == b'\n') {
                let nl = from + k;
                let line = String::from_utf8_lossy(&self.out.data[self.read..nl])
                    .trim_end()
                    .to_string();
                self.read = nl + 1;
                self.scanned = self.read;
                break Recv::Line(line);
            }
            self.scanned = self.out.data.len();
            if self.out.data.len() - self.read > MAX_LINE {
                break Recv::TooLong;
            }
            if let Some(exit) = self.over() {
                break Recv::Over(exit);
            }
            let closed = self.out.fd().is_none() || self.exited.is_some();
            if closed {
                // What an exited program wrote is all in the pipe already.
                self.out.pump();
                if self.out.data[self.scanned..].contains(&b'\n') {
                    continue;
                }
                let rest = &self.out.data[self.read..];
                if rest.iter().any(|b| !b.is_ascii_whitespace()) {
                    let line = String::from_utf8_lossy(rest).trim().to_string();
                    self.read = self.out.data.len();
                    break Recv::Line(line);
                }
                break Recv::Closed;
            }
            let left = turn
                .map_or(self.left(), |t| t.min(self.left()))
                .saturating_sub(began.elapsed());
            if left.is_zero() {
                break Recv::Silent;
            }
            if let Some(idle) = self.idle {
                let cpu = self.child.cpu();
                if cpu != busy.0 {
                    busy = (cpu, Instant::now());
                } else if busy.1.elapsed() >= idle {
                    break Recv::Idle(idle);
                }
            }
            self.step(left.as_millis().clamp(1, 20) as i32);
        };
        self.waited += began.elapsed();
        result
    }

    /// Waits at most `wait` for the program's next line, not counted as its thinking
    /// time (for a caller that keeps its own deadline: relaying between two programs,
    /// it cannot tell whose turn it is).
    pub fn recv_within(&mut self, wait: Duration) -> Recv {
        let waited = self.waited;
        let limits = self.limits;
        let idle = self.idle.take();
        self.waited = Duration::ZERO;
        self.limits.wall = wait;
        let r = self.recv();
        self.limits = limits;
        self.waited = waited;
        self.idle = idle;
        r
    }

    /// True once the program has exited.
    pub fn exited(&mut self) -> bool {
        self.reap();
        self.exited.is_some()
    }

    /// Ends the run: closes the program's input, waits up to `grace` for it to exit (a
    /// program that won must stop on its own), then kills its group and every descendant.
    /// Returns the run (its exit, every byte it wrote, its resources) and what it wrote
    /// after the last line grundy read.
    pub fn finish(mut self, grace: Duration) -> (Run, Vec<u8>) {
        if grace.is_zero() {
            // Stopped by the judge: killed before its input closes, so that it does not
            // react to the end of its input (a traceback in its stderr, say).
            self.child.kill();
        }
        self.stdin = None;
        let until = Instant::now() + grace.min(self.left());
        while self.exited.is_none() && Instant::now() < until && self.over().is_none() {
            self.step(10);
        }
        let timed_out = self.exited.is_none() && self.over().is_none();
        let limit = self.over();
        self.child.kill();
        let ended = match self.exited.take() {
            Some(e) => e,
            None => self.child.wait(),
        };
        self.out.pump();
        self.err.pump();
        let (ended, failed) = match ended {
            Ok(e) => (e, None),
            Err(why) => {
                let none = Ended {
                    status: 0,
                    cpu: Duration::ZERO,
                    max_rss: 0,
                    floor: 0,
                    group: None,
                };
                (none, Some(Exit::SpawnFailed(why.to_string())))
            }
        };
        let exit = match limit.or(failed) {
            Some(e) => e,
            None if timed_out => Exit::Timeout,
            None => runner::classify_exit(ended.status, ended.cpu, self.out.over, &self.limits),
        };
        let after = self.out.data[self.read.min(self.out.data.len())..].to_vec();
        let run = Run {
            exit,
            stdout: std::mem::take(&mut self.out.data),
            stderr: std::mem::take(&mut self.err.data),
            wall: self.started.elapsed(),
            cpu: ended.cpu,
            max_rss: ended.max_rss,
            floor: ended.floor,
            processes: 0,
            group: ended.group,
        };
        (run, after)
    }

    /// Wall time since the start.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}
