//! Running an external program on one input, contained: its own process group, rlimits
//! for memory and stack, stdin closed after the input, stdout and stderr captured up to a
//! cap, a wall-clock and CPU time limit, and on any exit or timeout the whole process
//! group is killed, so forked children that sleep or keep the pipes open are not left
//! behind and cannot hang the harness.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock and CPU time limit.
    pub time: Duration,
    /// Address-space limit in bytes (`None`: unlimited).
    pub memory: Option<u64>,
    /// Stack limit in bytes (`None`: unlimited).
    pub stack: Option<u64>,
    /// Most bytes of stdout kept; past it the program is killed.
    pub output: usize,
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
    /// Over the time limit (wall or CPU); killed.
    Timeout,
    /// Printed more than the output cap; killed.
    OutputLimit,
    /// Could not be started.
    SpawnFailed(String),
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
    /// Peak resident memory in bytes.
    pub max_rss: u64,
}

/// The conventional name of a signal.
pub fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => "SIGSEGV (segmentation fault, e.g. a stack overflow)",
        libc::SIGABRT => "SIGABRT (abort, e.g. a failed assertion or bad_alloc)",
        libc::SIGFPE => "SIGFPE (arithmetic error, e.g. division by zero)",
        libc::SIGKILL => "SIGKILL",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTERM => "SIGTERM",
        _ => "signal",
    }
}

fn read_capped(
    mut r: impl Read,
    cap: usize,
    over: std::sync::Arc<std::sync::atomic::AtomicBool>,
) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => return out,
            Ok(k) => {
                if out.len() + k > cap {
                    let room = cap - out.len();
                    out.extend_from_slice(&buf[..room]);
                    over.store(true, std::sync::atomic::Ordering::SeqCst);
                    // Keep draining so the writer is not blocked, but keep nothing.
                    while let Ok(k) = r.read(&mut buf) {
                        if k == 0 {
                            break;
                        }
                    }
                    return out;
                }
                out.extend_from_slice(&buf[..k]);
            }
        }
    }
}

fn kill_group(pgid: i32) {
    // SAFETY: sending a signal to a process group we created has no memory effects.
    unsafe {
        libc::kill(-pgid, libc::SIGKILL);
    }
}

/// Runs `argv` with `input` on stdin under `limits`.
pub fn run(argv: &[String], input: &[u8], limits: &Limits) -> Run {
    let started = Instant::now();
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let (memory, stack) = (limits.memory, limits.stack);
    // SAFETY: only async-signal-safe calls (setpgid, setrlimit) run between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::setpgid(0, 0);
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
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Run {
                exit: Exit::SpawnFailed(format!("cannot run {}: {e}", argv[0])),
                stdout: Vec::new(),
                stderr: Vec::new(),
                wall: started.elapsed(),
                cpu: Duration::ZERO,
                max_rss: 0,
            }
        }
    };
    let pid = child.id() as i32;
    let over = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut stdin = child.stdin.take().expect("piped stdin");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A program that exits early or never reads gets EPIPE here: ignored.
        let _ = stdin.write_all(&data);
        drop(stdin); // stdin closed after the input
    });
    let out_pipe = child.stdout.take().expect("piped stdout");
    let err_pipe = child.stderr.take().expect("piped stderr");
    let cap = limits.output;
    let over_out = over.clone();
    let reader = std::thread::spawn(move || read_capped(out_pipe, cap, over_out));
    let err_over = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let err_reader = std::thread::spawn(move || read_capped(err_pipe, 64 * 1024, err_over));
    let deadline = started + limits.time;
    let mut status: libc::c_int = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut exit = None;
    loop {
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            exit = Some(Exit::SpawnFailed("lost track of the child process".into()));
            break;
        }
        let cpu_so_far = process_cpu(pid);
        if Instant::now() >= deadline || cpu_so_far > limits.time {
            kill_group(pid);
            exit = Some(Exit::Timeout);
            // SAFETY: as above, now blocking until the killed child is reaped.
            unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            break;
        }
        if over.load(std::sync::atomic::Ordering::SeqCst) {
            kill_group(pid);
            exit = Some(Exit::OutputLimit);
            // SAFETY: as above.
            unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            break;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let wall = started.elapsed();
    // Whatever the program left running (forked children) goes with its group.
    kill_group(pid);
    let _ = child.try_wait();
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let _ = writer.join();
    let cpu = Duration::from_secs(usage.ru_utime.tv_sec as u64 + usage.ru_stime.tv_sec as u64)
        + Duration::from_micros(usage.ru_utime.tv_usec as u64 + usage.ru_stime.tv_usec as u64);
    let exit = exit.unwrap_or_else(|| {
        if over.load(std::sync::atomic::Ordering::SeqCst) {
            Exit::OutputLimit
        } else if cpu > limits.time {
            Exit::Timeout
        } else {
            let st = std::process::ExitStatus::from_raw(status);
            match (st.code(), st.signal()) {
                (Some(0), _) => Exit::Success,
                (Some(c), _) => Exit::Code(c),
                (None, Some(s)) => Exit::Signal(s, signal_name(s)),
                _ => Exit::Code(-1),
            }
        }
    });
    Run {
        exit,
        stdout,
        stderr,
        wall,
        cpu,
        max_rss: usage.ru_maxrss as u64 * 1024,
    }
}

/// CPU time so far of a running process, from /proc (zero if unreadable).
fn process_cpu(pid: i32) -> Duration {
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
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the name.
    let total = ticks(11) + ticks(12);
    // SAFETY: sysconf has no memory effects.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Duration::from_millis(total * 1000 / hz)
}
