//! Running an external program on one input, contained (see [`crate::contain`]): a fresh
//! empty working directory, its own process group, rlimits for memory and stack, stdin
//! closed after the input, stdout and stderr captured up to a cap, and a time limit judged
//! like a judge does — CPU time over the limit, or wall time over a generous multiple of
//! it. The deadline is enforced on the run itself, never on pipe EOF: a forked child that
//! keeps the pipes open cannot stretch it. When the run ends, its process group and every
//! descendant (also those that called `setsid()`) are killed and reaped.

use crate::contain::{self, RunId};
use crate::jail;
use crate::launcher::{self, Ended, GroupMeasure, Launched};
use std::io::Read;
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::time::{Duration, Instant};

pub use crate::contain::signal_name;

/// Limits of one run: its resources, and the wall-clock backstop with the factor it was
/// made with (a reproduce line repeats the factor, not the backstop).
#[derive(Clone, Copy, Debug)]
pub struct RunLimits {
    /// CPU time limit.
    pub time: Duration,
    /// Wall-clock backstop: [`RunLimits::wall_factor`] times `time` (2x by default).
    pub wall: Duration,
    /// The multiple of `time` the wall-clock backstop is (at least 1).
    pub wall_factor: f64,
    /// Address-space limit in bytes (`None`: unlimited).
    pub memory: Option<u64>,
    /// Stack limit in bytes (`None`: unlimited).
    pub stack: Option<u64>,
    /// Most bytes of stdout kept; past it the program is killed.
    pub output: usize,
    /// The largest file the run may write (`RLIMIT_FSIZE`; `None`: unlimited): a
    /// compile's output cap.
    pub files: Option<u64>,
}

impl RunLimits {
    /// Limits with CPU time `time`, wall time `wall_factor` times that, no memory limit,
    /// an 8 MiB stack and 64 MiB of output.
    pub fn with_time(time: Duration, wall_factor: f64) -> RunLimits {
        let wall_factor = wall_factor.max(1.0);
        RunLimits {
            time,
            wall: time.mul_f64(wall_factor),
            wall_factor,
            memory: None,
            stack: Some(8 << 20),
            output: 64 << 20,
            files: None,
        }
    }

    /// The limits a judged program gets by default, as judges give them: [`RunLimits::with_time`]
    /// with a memory limit of [`DEFAULT_MEMORY`].
    pub fn judged(time: Duration, wall_factor: f64) -> RunLimits {
        RunLimits {
            memory: Some(DEFAULT_MEMORY),
            ..RunLimits::with_time(time, wall_factor)
        }
    }

    /// The same limits with CPU time `time`, the wall-clock backstop moved with it (the
    /// same factor).
    pub fn with_cpu(&self, time: Duration) -> RunLimits {
        RunLimits {
            time,
            wall: time.mul_f64(self.wall_factor),
            ..*self
        }
    }

    /// The limits of a re-run with an unlimited stack: the stack is lifted, the memory is
    /// not — it is capped at the memory limit or [`STACK_RERUN_MEMORY`], whichever is
    /// larger, so a recursion that never ends stops there instead of growing to the
    /// machine's memory.
    pub fn without_stack_limit(&self) -> RunLimits {
        RunLimits {
            stack: None,
            memory: Some(self.memory.unwrap_or(0).max(STACK_RERUN_MEMORY)),
            ..*self
        }
    }
}

/// The memory limit of a judged program when neither the command line nor the package
/// sets one: 256 MiB, as most judges give.
pub const DEFAULT_MEMORY: u64 = 256 << 20;

/// The least memory cap of a re-run with an unlimited stack: 512 MiB, twice the stack
/// Codeforces and AtCoder give (as large as their memory limit, 256 MiB). A recursion
/// that never ends grows to it: each such re-run faults in its pages, and half a
/// gigabyte costs half the system time of a whole one.
pub const STACK_RERUN_MEMORY: u64 = 512 << 20;

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
    /// Peak resident memory in bytes (0: not measured; see [`Run::own_peak`]).
    pub max_rss: u64,
    /// The least peak the run can measure: what the program's process held before its
    /// exec (through the launcher, the forked copy's own size as it measured it, about 1
    /// MiB; without one, grundy's own size). A started program's peak begins there, so a
    /// `max_rss` at or below it is only a bound.
    pub floor: u64,
    /// How many processes the program held when grundy stopped it (it and its
    /// descendants; 0 when it ended by itself or could not be counted): a fork bomb's
    /// count, said with its verdict.
    pub processes: usize,
    /// What the run's control group measured over all its processes (a sandboxed run,
    /// where the machine has them): their peak memory together and the kernel's kills
    /// at the memory limit.
    pub group: Option<GroupMeasure>,
}

impl Run {
    /// "; it held N processes when stopped (the cap: C)", for a verdict's words, when it
    /// held more than one.
    pub fn processes_text(&self) -> String {
        if self.processes <= 1 {
            return String::new();
        }
        let cap = crate::jail::in_force_cap()
            .map_or(String::new(), |c| format!(" (the sandbox's cap: {c})"));
        format!("; it held {} processes when stopped{cap}", self.processes)
    }

    fn ended(&self) -> Ended {
        Ended {
            status: 0,
            cpu: self.cpu,
            max_rss: self.max_rss,
            floor: self.floor,
            group: self.group,
        }
    }

    /// True when the kernel killed a process of the run at its memory limit (the run's
    /// processes together: its control group's).
    pub fn killed_at_memory_limit(&self) -> bool {
        self.group.is_some_and(|g| g.oom_kills > 0)
    }

    /// The program's own peak memory, when it is above the [`Run::floor`].
    pub fn own_peak(&self) -> Option<u64> {
        self.ended().own_peak()
    }

    /// The peak memory in words for a report: the program's own, and where its control
    /// group says more (its children's memory, a kill at the limit), all its processes'.
    pub fn peak_text(&self) -> String {
        let own = self.own_peak_text();
        match self.group {
            Some(g) if g.oom_kills > 0 => format!(
                "{own}; its processes together {} MiB, killed by the kernel at the memory limit",
                g.peak >> 20
            ),
            Some(g) if g.peak > self.max_rss + GROUP_SAYS_MORE => {
                format!("{own}; its processes together {} MiB", g.peak >> 20)
            }
            _ => own,
        }
    }

    fn own_peak_text(&self) -> String {
        match self.own_peak() {
            _ if self.max_rss == 0 => "peak memory not measured".to_string(),
            Some(p) if p < 10 << 20 => {
                format!("peak memory {:.1} MiB", p as f64 / (1 << 20) as f64)
            }
            Some(p) => format!("peak memory {} MiB", p >> 20),
            // The kernel's figure is the larger of the program's own peak and the floor.
            None => format!(
                "peak memory at most {} MiB",
                self.max_rss.div_ceil(1 << 20).max(1)
            ),
        }
    }
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
            floor: 0,
            processes: 0,
            group: None,
        }
    }
}

/// How much more than the program's own peak its group's must be to be said: the
/// launcher, the jail's init and root, and the files the run read are in it too.
const GROUP_SAYS_MORE: u64 = 16 << 20;

/// Most bytes of stderr kept.
pub(crate) const STDERR_CAP: usize = 64 * 1024;

/// Makes a descriptor non-blocking.
pub fn set_nonblocking(fd: RawFd) {
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

/// Waits for the run to end — the program exits, or goes over a limit, or grundy is
/// stopped — while feeding stdin and draining stdout and stderr. Returns the exit when
/// grundy decided it (a limit, a signal), and the ending when the process was reaped.
/// How much further than its backstop the wall clock runs for a program that is busy
/// (see [`past_backstop`]).
pub const STARVED_STRETCH: u32 = 4;

/// True when a run is past its wall-clock backstop: the backstop is for a program that
/// sleeps or waits, and the verdict is its CPU time. A program that used at least an
/// eighth of the wall time as CPU time is running, slowed by a loaded machine (other
/// processes on its cores): it gets up to [`STARVED_STRETCH`] times the backstop, so that
/// its CPU time, not the machine's load, decides.
fn past_backstop(child: &mut Launched, started: Instant, backstop: Duration) -> bool {
    let wall = started.elapsed();
    if wall < backstop {
        return false;
    }
    wall >= backstop * STARVED_STRETCH || child.cpu() * 8 < wall
}

fn supervise(
    child: &mut Launched,
    started: Instant,
    limits: &RunLimits,
    feed: &mut Feed<'_>,
    out: &mut Capture,
    err: &mut Capture,
) -> (Option<Exit>, Option<Result<Ended, crate::error::Error>>) {
    // A pidfd makes the process's exit wake the poll; without one, poll in short steps.
    // SAFETY: pidfd_open has no memory effects; a negative result means unsupported.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, child.pid, 0) } as RawFd;
    let step_ms = if pidfd >= 0 { 20 } else { 1 };
    let wall_deadline = limits.wall.max(limits.time);
    let result = loop {
        if let Some(ended) = child.reap(false) {
            break (None, Some(ended));
        }
        let exit = if contain::interrupted() {
            Some(Exit::Interrupted)
        } else if child.cpu() > limits.time || past_backstop(child, started, wall_deadline) {
            Some(Exit::Timeout)
        } else if out.over {
            Some(Exit::OutputLimit)
        } else {
            None
        };
        if exit.is_some() {
            break (exit, None);
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
    };
    if pidfd >= 0 {
        // SAFETY: closing the pidfd we opened.
        unsafe { libc::close(pidfd) };
    }
    result
}

/// How a run that grundy did not stop ended, from its wait status and CPU time.
pub(crate) fn classify_exit(
    status: libc::c_int,
    cpu: Duration,
    output_over: bool,
    limits: &RunLimits,
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

/// Runs `argv` with `input` on stdin under `limits`, in a fresh empty directory, in the
/// sandbox of the policy in force ([`jail::for_run`]).
pub fn run(argv: &[String], input: &[u8], limits: &RunLimits) -> Run {
    match jail::for_run(argv) {
        Ok(spec) => execute(argv, input, limits, spec.as_ref(), None),
        Err(why) => Run::failed_to_start(why.0, Instant::now()),
    }
}

/// Runs one of grundy's own probes (a toolchain's `--version`) contained, outside the
/// sandbox: no code of a package or a contestant.
pub fn run_trusted(argv: &[String], input: &[u8], limits: &RunLimits) -> Run {
    execute(argv, input, limits, None, None)
}

/// Where a program of a package runs (a checker, a generator, the export's re-judge): the
/// folders it sees read-only besides its own files (the package's), and the host folder
/// it may write, its working folder (`None`: a fresh scratch of its own).
#[derive(Clone, Copy, Debug, Default)]
pub struct PackagePlace<'a> {
    /// Host folders shown read-only (the package's folder).
    pub shown: &'a [std::path::PathBuf],
    /// The host folder it works in and may write (a feedback folder, a build), if any.
    pub folder: Option<&'a std::path::Path>,
}

/// Runs a program of a package as [`run`] does, in a jail of its own under the policy in
/// force ([`jail::for_package`]): the setter's code is no more trusted than a
/// contestant's. Under `--sandbox none` it runs with the user's rights.
pub fn run_package(
    argv: &[String],
    input: &[u8],
    limits: &RunLimits,
    place: PackagePlace<'_>,
) -> Run {
    match jail::for_package(argv, place.shown, place.folder.is_some()) {
        Ok(spec) => execute(argv, input, limits, spec.as_ref(), place.folder),
        Err(why) => Run::failed_to_start(why.0, Instant::now()),
    }
}

/// Runs `argv` in the sandbox whatever the policy (the probe of [`jail::support`]).
pub(crate) fn run_jailed(argv: &[String], input: &[u8], limits: &RunLimits) -> Run {
    let p = jail::policy();
    let spec = jail::Spec {
        read_only: jail::needed_paths(argv),
        scratch: Some(p.scratch),
        processes: p.processes,
        network: crate::network::holder(),
    };
    execute(argv, input, limits, Some(&spec), None)
}

/// Runs a compiler `argv` in folder `dir` (which it may write: its output is taken from
/// there), in the sandbox of the policy in force ([`jail::for_compile`]).
pub fn run_in(argv: &[String], limits: &RunLimits, dir: &std::path::Path) -> Run {
    match jail::for_compile(argv) {
        Ok(spec) => execute(argv, b"", limits, spec.as_ref(), Some(dir)),
        Err(why) => Run::failed_to_start(why.0, Instant::now()),
    }
}

fn execute(
    argv: &[String],
    input: &[u8],
    limits: &RunLimits,
    jail: Option<&jail::Spec>,
    dir: Option<&std::path::Path>,
) -> Run {
    let started = Instant::now();
    let id = RunId::new();
    let workdir = match dir {
        Some(_) => None,
        None => match tempfile::Builder::new().prefix("grundy-run-").tempdir() {
            Ok(d) => Some(d),
            Err(e) => {
                return Run::failed_to_start(
                    format!("cannot create a working directory: {e}"),
                    started,
                )
            }
        },
    };
    let Some(work) = dir.or(workdir.as_ref().map(|d| d.path())) else {
        return Run::failed_to_start("no working directory".into(), started);
    };
    let Some(program) = argv.first() else {
        return Run::failed_to_start("no program to run".into(), started);
    };
    let mut child = match launcher::contained(argv, work, &id, limits, true, jail).spawn() {
        Ok(c) => c,
        Err(e) => return Run::failed_to_start(format!("cannot run {program}: {e}"), started),
    };
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
    let (decided, ended) = supervise(&mut child, started, limits, &mut feed, &mut out, &mut err);
    // A program stopped by grundy: how many processes it held (a fork bomb's count).
    let processes = if decided.is_some() {
        child.processes()
    } else {
        0
    };
    // The run is over: its group, then every stray descendant, are killed.
    child.kill();
    let ended = match ended {
        Some(e) => e,
        None => child.wait(),
    };
    // Up to the program's end: a killed program's teardown (freeing its memory) is CPU
    // time of its own, so the wall time covers it too and is never below the CPU time.
    let wall = started.elapsed();
    drop(feed);
    drop(id); // sweeps the run's strays
              // What the program wrote before it ended is still in the pipes.
    out.pump();
    err.pump();
    drop(workdir);
    let ended = match ended {
        Ok(e) => e,
        Err(why) => return Run::failed_to_start(format!("cannot run {program}: {why}"), started),
    };
    let exit = decided.unwrap_or_else(|| classify_exit(ended.status, ended.cpu, out.over, limits));
    Run {
        exit,
        stdout: out.data,
        stderr: err.data,
        wall,
        cpu: ended.cpu,
        max_rss: ended.max_rss,
        floor: ended.floor,
        processes,
        group: ended.group,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ran(max_rss: u64, floor: u64) -> Run {
        Run {
            max_rss,
            floor,
            ..Run::failed_to_start(String::new(), Instant::now())
        }
    }

    /// A peak at or just above the floor (the size of the process that started the
    /// program) is only a bound; one above it is the program's own; none is said so.
    #[test]
    fn a_peak_is_the_programs_only_above_the_floor() {
        let mib = 1u64 << 20;
        let hidden = ran(3 * mib + 5, 3 * mib);
        assert_eq!(hidden.own_peak(), None);
        assert_eq!(hidden.peak_text(), "peak memory at most 4 MiB");
        let known = ran(300 * mib, 3 * mib);
        assert_eq!(known.own_peak(), Some(300 * mib));
        assert_eq!(known.peak_text(), "peak memory 300 MiB");
        assert_eq!(ran(0, 0).peak_text(), "peak memory not measured");
    }

    /// Without a launcher (a unit test's process), a run still ends with its measures:
    /// the floor is this process's size.
    #[test]
    fn a_run_without_the_launcher_records_the_starting_size_as_its_floor() {
        if std::fs::metadata("/proc/self/statm").is_err() {
            return;
        }
        let limits = RunLimits::with_time(Duration::from_secs(5), 2.0);
        let run = run(&["true".to_string()], b"", &limits);
        assert_eq!(run.exit, Exit::Success);
        assert!(run.floor > 0);
        assert!(run.max_rss > 0);
    }

    /// A program sees a judge's environment: PATH, its own directory as HOME and TMPDIR,
    /// and nothing of grundy's (PYTHONUNBUFFERED, say, set for the whole test process).
    #[test]
    fn a_program_inherits_nothing_of_the_environment_but_path() {
        let limits = RunLimits::with_time(Duration::from_secs(5), 2.0);
        let run = run(&["sh".into(), "-c".into(), "env; pwd".into()], b"", &limits);
        assert_eq!(run.exit, Exit::Success);
        let out = String::from_utf8_lossy(&run.stdout).into_owned();
        let vars: Vec<&str> = out
            .lines()
            .filter_map(|l| l.split_once('=').map(|(k, _)| k))
            .collect();
        for v in &vars {
            assert!(
                [
                    "PATH",
                    "HOME",
                    "TMPDIR",
                    "LANG",
                    "PWD",
                    "SHLVL",
                    "_",
                    crate::contain::RUN_MARKER
                ]
                .contains(v),
                "{v} leaked into the program's environment:\n{out}"
            );
        }
        assert!(vars.contains(&"PATH"), "{out}");
        let cwd = out.lines().last().unwrap_or("");
        assert!(out.contains(&format!("HOME={cwd}")), "{out}");
        // The test process itself has more (cargo sets CARGO_*), so something was cut.
        assert!(std::env::vars().count() > vars.len());
    }
}
