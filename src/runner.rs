//! Running an external program on one input, contained (see [`crate::contain`]): a fresh
//! empty working directory, its own process group, rlimits for memory and stack, stdin
//! closed after the input, stdout and stderr captured up to a cap, and a time limit judged
//! like a judge does — CPU time over the limit, or wall time over a generous multiple of
//! it. The deadline is enforced on the run itself, never on pipe EOF: a forked child that
//! keeps the pipes open cannot stretch it. When the run ends, its process group and every
//! descendant (also those that called `setsid()`) are killed and reaped.

use crate::contain::{self, RunId};
use std::io::Read;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub use crate::contain::signal_name;

/// Limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// CPU time limit.
    pub time: Duration,
    /// Wall-clock backstop (a multiple of `time`, 2x by default).
    pub wall: Duration,
    /// Address-space limit in bytes (`None`: unlimited).
    pub memory: Option<u64>,
    /// Stack limit in bytes (`None`: unlimited).
    pub stack: Option<u64>,
    /// Most bytes of stdout kept; past it the program is killed.
    pub output: usize,
}

impl Limits {
    /// Limits with CPU time `time`, wall time `wall_factor` times that, no memory limit,
    /// an 8 MiB stack and 64 MiB of output.
    pub fn with_time(time: Duration, wall_factor: f64) -> Limits {
        Limits {
            time,
            wall: time.mul_f64(wall_factor.max(1.0)),
            memory: None,
            stack: Some(8 << 20),
            output: 64 << 20,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Exit code 0.
    Success,
    /// A non-zero exit code.
    Code(i32),
    /// Killed by a signal (number and name).
    Signal(i32, &'static str),
    /// Over the CPU limit or the wall backstop; killed.
    Timeout,
    /// Printed more than the output cap; killed.
    OutputLimit,
    /// Could not be started (missing or not executable): bad usage, not a verdict.
    SpawnFailed(String),
    /// grundy itself was asked to stop (SIGINT/SIGTERM/SIGHUP); the run was killed.
    Interrupted,
}

impl std::fmt::Display for Exit {
    /// How the run ended, in words (`exited with code 3`, `was killed by SIGSEGV`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exit::Success => write!(f, "exited normally"),
            Exit::Code(c) => write!(f, "exited with code {c}"),
            Exit::Signal(_, name) => write!(f, "was killed by {name}"),
            Exit::Timeout => write!(f, "ran past its time limit"),
            Exit::OutputLimit => write!(f, "printed more than its output limit"),
            Exit::SpawnFailed(why) => write!(f, "could not be started: {why}"),
            Exit::Interrupted => write!(f, "was stopped because grundy was interrupted"),
        }
    }
}

/// The result of one run.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub exit: Exit,
    /// Standard output (up to the cap).
    pub stdout: Vec<u8>,
    /// Standard error (up to 64 KiB).
    pub stderr: Vec<u8>,
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time (user + system) of the program and its waited-for children.
    pub cpu: Duration,
    /// Peak resident memory in bytes, as the kernel reports it (see [`Run::own_peak`]).
    pub max_rss: u64,
    /// grundy's own resident memory when it started the program. A started program's
    /// peak begins there: the kernel keeps the high-water mark of the copy of grundy the
    /// child was before `exec`, so a `max_rss` at or below this says nothing of the
    /// program itself.
    pub inherited_rss: u64,
}

/// How far above grundy's own size a peak must be to be the program's (the copy before
/// `exec` grows a little: the pre-exec setup, the kernel's accounting).
const INHERITED_SLACK: u64 = 2 << 20;

impl Run {
    /// The program's own peak memory, when the report can tell it from grundy's size at
    /// the start ([`Run::inherited_rss`]); `None` when the peak was at most that.
    pub fn own_peak(&self) -> Option<u64> {
        (self.max_rss > self.inherited_rss + INHERITED_SLACK).then_some(self.max_rss)
    }

    /// The peak memory in words for a report.
    pub fn peak_text(&self) -> String {
        match self.own_peak() {
            Some(p) => format!("peak memory {} MiB", p >> 20),
            None => format!(
                "peak memory at most {} MiB (not told apart from grundy's own {} MiB at the start)",
                (self.max_rss >> 20).max(1),
                self.inherited_rss >> 20
            ),
        }
    }
}

/// This process's resident memory now, in bytes (0 if unreadable).
pub(crate) fn own_rss() -> u64 {
    let Ok(statm) = std::fs::read_to_string("/proc/self/statm") else {
        return 0;
    };
    let pages: u64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    // SAFETY: sysconf only reads a configuration value.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    pages * u64::try_from(page).unwrap_or(4096)
}

impl Run {
    fn failed_to_start(why: String, started: Instant) -> Run {
        Run {
            exit: Exit::SpawnFailed(why),
            stdout: Vec::new(),
            stderr: Vec::new(),
            wall: started.elapsed(),
            cpu: Duration::ZERO,
            max_rss: 0,
            inherited_rss: 0,
        }
    }
}

/// Most bytes of stderr kept.
pub(crate) const STDERR_CAP: usize = 64 * 1024;

pub(crate) fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl on a descriptor we own; no memory effects.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// One captured output pipe.
pub(crate) struct Capture {
    pipe: Option<std::fs::File>,
    /// What was read.
    pub(crate) data: Vec<u8>,
    cap: usize,
    /// Past the cap; for stdout this ends the run (OLE), stderr is only cut.
    pub(crate) over: bool,
}

impl Capture {
    pub(crate) fn new(pipe: Option<impl Into<std::os::fd::OwnedFd>>, cap: usize) -> Capture {
        let pipe = pipe.map(|p| std::fs::File::from(p.into()));
        if let Some(p) = &pipe {
            set_nonblocking(p.as_raw_fd());
        }
        Capture {
            pipe,
            data: Vec::new(),
            cap,
            over: false,
        }
    }

    pub(crate) fn fd(&self) -> Option<RawFd> {
        self.pipe.as_ref().map(|p| p.as_raw_fd())
    }

    /// Reads what is available now (at most 4 MiB, so a flood cannot hold the loop);
    /// closes the pipe at EOF or error. Past the cap, data is read and dropped.
    pub(crate) fn pump(&mut self) {
        let Some(pipe) = &mut self.pipe else { return };
        let mut buf = [0u8; 65536];
        for _ in 0..64 {
            match pipe.read(&mut buf) {
                Ok(k) if k > 0 => {
                    let room = self.cap.saturating_sub(self.data.len());
                    self.over |= k > room;
                    self.data.extend_from_slice(&buf[..k.min(room)]);
                }
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                // EOF or a broken pipe.
                _ => {
                    self.pipe = None;
                    return;
                }
            }
        }
    }
}

pub(crate) fn kill_group(pgid: i32) {
    // SAFETY: sending a signal to a process group we created has no memory effects.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// The command for `argv`, contained: a working directory, the run's marker, piped
/// standard streams, its own process group, death with grundy, and the rlimits.
/// A command for `argv` contained under `limits` in `dir`, marked as run `id`.
/// `die_with_parent`: the kernel kills it when the thread that starts it ends (and so when
/// grundy dies) — right for a run that lives within one call; a long-lived helper shared
/// by threads (a rules worker) goes without, and ends by itself when its input closes.
pub(crate) fn contained_command(
    argv: &[String],
    dir: &std::path::Path,
    id: &RunId,
    limits: &Limits,
    die_with_parent: bool,
) -> Command {
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .current_dir(dir)
        .env(contain::RUN_MARKER, id.marker())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let (memory, stack) = (limits.memory, limits.stack);
    // SAFETY: only async-signal-safe calls (setpgid, prctl, setrlimit) run between fork
    // and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::setpgid(0, 0);
            // If grundy dies without cleaning up, the program dies with it.
            if die_with_parent {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            }
            let set = |res, v: Option<u64>| {
                let lim = libc::rlimit {
                    rlim_cur: v.unwrap_or(libc::RLIM_INFINITY),
                    rlim_max: v.unwrap_or(libc::RLIM_INFINITY),
                };
                libc::setrlimit(res, &lim);
            };
            if memory.is_some() {
                set(libc::RLIMIT_AS, memory);
            }
            set(libc::RLIMIT_STACK, stack);
            // No core dumps from crashing solutions.
            set(libc::RLIMIT_CORE, Some(0));
            Ok(())
        });
    }
    cmd
}

/// The input on its way to the program's stdin, written without blocking.
struct Feed<'a> {
    pipe: Option<std::process::ChildStdin>,
    input: &'a [u8],
    written: usize,
}

impl Feed<'_> {
    /// Writes what the pipe takes now; closes stdin after the input, or when the program
    /// stopped reading (EPIPE: it exited early or never reads).
    fn push(&mut self) {
        let Some(s) = &self.pipe else { return };
        let rest = &self.input[self.written..];
        if rest.is_empty() {
            self.pipe = None;
            return;
        }
        // SAFETY: writing from a valid slice to a descriptor we own.
        let k = unsafe { libc::write(s.as_raw_fd(), rest.as_ptr().cast(), rest.len()) };
        if k > 0 {
            self.written += k as usize;
            if self.written == self.input.len() {
                self.pipe = None;
            }
        } else if k < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::WouldBlock
                && e.kind() != std::io::ErrorKind::Interrupted
            {
                self.pipe = None;
            }
        }
    }
}

/// How the supervision of a run ended: the exit when grundy decided it (a limit, a
/// signal), and whether the child was reaped with its status and usage.
struct Supervised {
    exit: Option<Exit>,
    reaped: bool,
    status: libc::c_int,
    usage: libc::rusage,
}

/// Waits for the run to end — the program exits, or goes over a limit, or grundy is
/// stopped — while feeding stdin and draining stdout and stderr.
fn supervise(
    pid: i32,
    started: Instant,
    limits: &Limits,
    feed: &mut Feed<'_>,
    out: &mut Capture,
    err: &mut Capture,
) -> Supervised {
    // A pidfd makes the program's exit wake the poll; without one, poll in short steps.
    // SAFETY: pidfd_open has no memory effects; a negative result means unsupported.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as RawFd;
    let step_ms = if pidfd >= 0 { 20 } else { 1 };
    let wall_deadline = limits.wall.max(limits.time);
    let mut sup = Supervised {
        exit: None,
        reaped: false,
        status: 0,
        // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
        usage: unsafe { std::mem::zeroed() },
    };
    loop {
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut sup.status, libc::WNOHANG, &mut sup.usage) };
        if r == pid {
            sup.reaped = true;
            break;
        }
        sup.exit = if r < 0 {
            Some(Exit::SpawnFailed("lost track of the child process".into()))
        } else if contain::interrupted() {
            Some(Exit::Interrupted)
        } else if started.elapsed() >= wall_deadline || process_cpu(pid) > limits.time {
            Some(Exit::Timeout)
        } else if out.over {
            Some(Exit::OutputLimit)
        } else {
            None
        };
        if sup.exit.is_some() {
            break;
        }
        let mut fds = Vec::with_capacity(4);
        let watch = |fd: RawFd, events| libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        if let Some(s) = &feed.pipe {
            fds.push(watch(s.as_raw_fd(), libc::POLLOUT));
        }
        for fd in [out.fd(), err.fd()].into_iter().flatten() {
            fds.push(watch(fd, libc::POLLIN));
        }
        if pidfd >= 0 {
            fds.push(watch(pidfd, libc::POLLIN));
        }
        // SAFETY: fds is a valid array of pollfd for its length.
        unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, step_ms) };
        feed.push();
        out.pump();
        err.pump();
    }
    if pidfd >= 0 {
        // SAFETY: closing the pidfd we opened.
        unsafe { libc::close(pidfd) };
    }
    sup
}

/// How a run that grundy did not stop ended, from its wait status and CPU time.
pub(crate) fn classify_exit(
    status: libc::c_int,
    cpu: Duration,
    output_over: bool,
    limits: &Limits,
) -> Exit {
    if output_over {
        return Exit::OutputLimit;
    }
    if cpu > limits.time {
        return Exit::Timeout;
    }
    let st = std::process::ExitStatus::from_raw(status);
    match (st.code(), st.signal()) {
        (Some(0), _) => Exit::Success,
        (Some(c), _) => Exit::Code(c),
        (None, Some(libc::SIGXCPU)) => Exit::Timeout,
        (None, Some(s)) => Exit::Signal(s, signal_name(s)),
        _ => Exit::Code(-1),
    }
}

/// Runs `argv` with `input` on stdin under `limits`, in a fresh empty directory.
pub fn run(argv: &[String], input: &[u8], limits: &Limits) -> Run {
    let started = Instant::now();
    let id = RunId::new();
    let workdir = match tempfile::Builder::new().prefix("grundy-run-").tempdir() {
        Ok(d) => d,
        Err(e) => {
            return Run::failed_to_start(format!("cannot create a working directory: {e}"), started)
        }
    };
    let Some(program) = argv.first() else {
        return Run::failed_to_start("no program to run".into(), started);
    };
    let mut cmd = contained_command(argv, workdir.path(), &id, limits, true);
    let inherited_rss = own_rss();
    let mut child = match contain::spawn(&mut cmd) {
        Ok(c) => c,
        Err(e) => return Run::failed_to_start(format!("cannot run {program}: {e}"), started),
    };
    let pid = child.id() as i32;
    let mut feed = Feed {
        pipe: child.stdin.take(),
        input,
        written: 0,
    };
    if let Some(s) = &feed.pipe {
        set_nonblocking(s.as_raw_fd());
    }
    let mut out = Capture::new(child.stdout.take(), limits.output);
    let mut err = Capture::new(child.stderr.take(), STDERR_CAP);
    let mut sup = supervise(pid, started, limits, &mut feed, &mut out, &mut err);
    let wall = started.elapsed();
    // The run is over: its group, then every stray descendant, are killed.
    kill_group(pid);
    if !sup.reaped {
        // SAFETY: waiting for our own (killed) child with valid out-pointers.
        unsafe { libc::wait4(pid, &mut sup.status, 0, &mut sup.usage) };
    }
    let _ = child.try_wait();
    contain::release(pid);
    drop(feed);
    drop(id); // sweeps the run's strays
              // What the program wrote before it ended is still in the pipes.
    out.pump();
    err.pump();
    drop(workdir);
    let cpu = cpu_of(&sup.usage);
    let exit = sup
        .exit
        .take()
        .unwrap_or_else(|| classify_exit(sup.status, cpu, out.over, limits));
    Run {
        exit,
        stdout: out.data,
        stderr: err.data,
        wall,
        cpu,
        max_rss: sup.usage.ru_maxrss as u64 * 1024,
        inherited_rss,
    }
}

/// The CPU time (user + system) of a resource usage.
pub(crate) fn cpu_of(u: &libc::rusage) -> Duration {
    Duration::from_secs(u.ru_utime.tv_sec as u64 + u.ru_stime.tv_sec as u64)
        + Duration::from_micros(u.ru_utime.tv_usec as u64 + u.ru_stime.tv_usec as u64)
}

/// CPU time so far of a running process and its waited-for children, from /proc (zero if
/// unreadable).
pub(crate) fn process_cpu(pid: i32) -> Duration {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return Duration::ZERO;
    };
    // Fields after the command name (which may contain spaces) start after ')'.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else {
        return Duration::ZERO;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    // utime, stime, cutime, cstime are fields 14 to 17 of stat, i.e. 11 to 14 after the name.
    let total = ticks(11) + ticks(12) + ticks(13) + ticks(14);
    // SAFETY: sysconf has no memory effects.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_millis(total * 1000 / hz)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ran(max_rss: u64, inherited_rss: u64) -> Run {
        Run {
            max_rss,
            inherited_rss,
            ..Run::failed_to_start(String::new(), Instant::now())
        }
    }

    /// A peak at or just above grundy's own size at the start is not the program's (the
    /// kernel keeps the high-water mark of the copy of grundy before `exec`); one well
    /// above it is.
    #[test]
    fn a_peak_is_the_programs_only_above_grundys_own_size() {
        let mib = 1u64 << 20;
        let hidden = ran(60 * mib, 59 * mib);
        assert_eq!(hidden.own_peak(), None);
        assert_eq!(
            hidden.peak_text(),
            "peak memory at most 60 MiB (not told apart from grundy's own 59 MiB at the start)"
        );
        let known = ran(300 * mib, 59 * mib);
        assert_eq!(known.own_peak(), Some(300 * mib));
        assert_eq!(known.peak_text(), "peak memory 300 MiB");
        assert_eq!(ran(62 * mib, 59 * mib).own_peak(), Some(62 * mib));
    }

    /// grundy knows its own resident size (from /proc), and a run records it.
    #[test]
    fn a_run_records_grundys_size_when_it_started_the_program() {
        if std::fs::metadata("/proc/self/statm").is_err() {
            return;
        }
        assert!(own_rss() > 0);
        let limits = Limits::with_time(Duration::from_secs(5), 2.0);
        let run = run(&["true".to_string()], b"", &limits);
        assert!(run.inherited_rss > 0);
    }
}
