//! Containment of the programs grundy runs (a contestant's solution, a reference, a
//! checker): nothing they start may outlive their run, stretch its time limit, or take the
//! harness down.
//!
//! How it holds:
//! - grundy makes itself a *child subreaper* (`PR_SET_CHILD_SUBREAPER`), so a process that
//!   a judged program forks and orphans — even one that called `setsid()` — is re-parented
//!   to grundy instead of to init, where grundy can still see it and kill it;
//! - every run carries a marker in its environment (`GRUNDY_RUN_ID`), and every process
//!   grundy spawns itself is registered; when a run ends, [`sweep`] kills and reaps every
//!   unregistered child of grundy that carries the run's marker (or no marker of a run
//!   still in progress), level by level until none is left;
//! - SIGINT, SIGTERM and SIGHUP are caught ([`install`]): running judged programs are
//!   killed by their runs, commands save what they found, and the process exits with
//!   128 + the signal ([`received`]). A second signal exits at once.

use std::collections::BTreeSet;
use std::io;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// The environment variable that marks every process of one run.
pub const RUN_MARKER: &str = "GRUNDY_RUN_ID";

struct Registry {
    /// Processes grundy spawned itself (never swept: their owner waits for them).
    spawned: BTreeSet<i32>,
    /// Runs in progress (their strays are left to them).
    live: BTreeSet<u64>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    spawned: BTreeSet::new(),
    live: BTreeSet::new(),
});
static NEXT_RUN: AtomicU64 = AtomicU64::new(1);

fn signal_slot() -> &'static Arc<AtomicUsize> {
    static SLOT: OnceLock<Arc<AtomicUsize>> = OnceLock::new();
    SLOT.get_or_init(|| Arc::new(AtomicUsize::new(0)))
}

/// Makes grundy a child subreaper and installs the SIGINT/SIGTERM/SIGHUP handlers (once).
pub fn install() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl with these arguments only sets a flag of this process.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        let twice = Arc::new(AtomicBool::new(false));
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // The second signal ends the process at once; the first one is recorded.
            let _ = signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, twice.clone());
            let _ = signal_hook::flag::register(sig, twice.clone());
            let _ = signal_hook::flag::register_usize(sig, signal_slot().clone(), sig as usize);
        }
    });
}

/// The termination signal received, if any (SIGINT, SIGTERM or SIGHUP).
pub fn received() -> Option<i32> {
    match signal_slot().load(Ordering::SeqCst) {
        0 => None,
        s => Some(s as i32),
    }
}

/// True once a termination signal was received: every loop stops starting new work.
pub fn interrupted() -> bool {
    received().is_some()
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
        libc::SIGINT => "SIGINT",
        libc::SIGHUP => "SIGHUP",
        libc::SIGXCPU => "SIGXCPU (CPU time limit)",
        _ => "signal",
    }
}

/// A run in progress: its marker value, and its place among the live runs.
pub struct RunId(u64);

impl RunId {
    /// Registers a new run.
    pub fn new() -> RunId {
        install();
        let id = NEXT_RUN.fetch_add(1, Ordering::Relaxed);
        lock().live.insert(id);
        RunId(id)
    }

    /// The value of [`RUN_MARKER`] in the run's environment.
    pub fn marker(&self) -> String {
        format!("{}:{}", std::process::id(), self.0)
    }
}

impl Default for RunId {
    fn default() -> Self {
        RunId::new()
    }
}

impl Drop for RunId {
    fn drop(&mut self) {
        lock().live.remove(&self.0);
        sweep(Some(self));
    }
}

fn lock() -> std::sync::MutexGuard<'static, Registry> {
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Spawns `cmd` as a registered child (a sweep never mistakes it for a stray). Call
/// [`release`] once it has been waited for.
pub fn spawn(cmd: &mut Command) -> io::Result<Child> {
    spawn_passing(cmd, None)
}

/// [`spawn`], with descriptor `pass` inherited by the child (the launcher's report pipe):
/// inheritable only while the registry is locked, so no other contained spawn gets it.
pub fn spawn_passing(cmd: &mut Command, pass: Option<std::os::fd::RawFd>) -> io::Result<Child> {
    install();
    let mut reg = lock();
    let cloexec = |on: bool| {
        if let Some(fd) = pass {
            let flag = if on { libc::FD_CLOEXEC } else { 0 };
            // SAFETY: fcntl on a descriptor the caller owns; no memory effects.
            unsafe { libc::fcntl(fd, libc::F_SETFD, flag) };
        }
    };
    cloexec(false);
    let child = cmd.spawn();
    cloexec(true);
    let child = child?;
    reg.spawned.insert(child.id() as i32);
    Ok(child)
}

/// Closes every descriptor above 2 but `keep` (the launcher's report pipe): whatever the
/// process that started grundy left open without `CLOEXEC` (a file, a folder, a make
/// jobserver's pipe, a CI runner's log) never reaches a judged program. With `on_exec`,
/// they are only marked close-on-exec (a child between `fork` and `exec` still needs the
/// pipe that reports a failed `exec`). One `close_range` call a range; where the kernel
/// has none (before 5.9), each descriptor up to the process's limit.
///
/// Async-signal-safe (system calls only): fit for a child between `fork` and `exec`.
pub fn close_inherited(keep: Option<std::os::fd::RawFd>, on_exec: bool) {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    let flags = if on_exec { CLOSE_RANGE_CLOEXEC } else { 0 };
    let ranges = match keep {
        Some(k) if k >= 3 => [(3, k - 1), (k + 1, libc::c_int::MAX)],
        _ => [(3, libc::c_int::MAX), (1, 0)],
    };
    for (from, to) in ranges {
        if from > to {
            continue;
        }
        // SAFETY: close_range only closes (or flags) this process's descriptors.
        let r = unsafe {
            libc::syscall(
                libc::SYS_close_range,
                from as libc::c_uint,
                to as libc::c_uint,
                flags,
            )
        };
        if r == 0 {
            continue;
        }
        // SAFETY: getrlimit fills a valid struct; fcntl and close act on descriptors of
        // this process only.
        unsafe {
            let mut lim: libc::rlimit = std::mem::zeroed();
            libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
            let top = (lim.rlim_cur.min(1 << 16) as libc::c_int).min(to);
            for fd in from..=top {
                if on_exec {
                    libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
                } else {
                    libc::close(fd);
                }
            }
        }
    }
}

/// Registers a child this process did not spawn with a `Command` (a launcher a cell's
/// zygote forked as this process's child): a sweep never takes it for a stray.
pub fn register(pid: i32) {
    lock().spawned.insert(pid);
}

/// Forgets a registered child that has been waited for.
pub fn release(pid: i32) {
    lock().spawned.remove(&pid);
}

/// Runs `cmd` to completion like [`Command::output`], registered: no input, and its
/// output and errors captured (not inherited, as [`spawn`] would leave them).
pub fn output(cmd: &mut Command) -> io::Result<std::process::Output> {
    use std::process::Stdio;
    let child = spawn(
        cmd.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )?;
    let pid = child.id() as i32;
    let out = child.wait_with_output();
    release(pid);
    out
}

/// The children of this process: from each thread's `/proc/self/task/TID/children`
/// (cheap), else from a scan of every process's `/proc/PID/stat`.
fn children() -> Vec<i32> {
    threads_children().unwrap_or_else(scan_children)
}

/// The children listed by each thread of this process (`None` when the kernel does not
/// list them, or a thread ended while they were read).
fn threads_children() -> Option<Vec<i32>> {
    let mut kids = Vec::new();
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let list = std::fs::read_to_string(task.path().join("children")).ok()?;
        kids.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<i32>().ok()),
        );
    }
    Some(kids)
}

/// The children of this process, from a scan of /proc.
fn scan_children() -> Vec<i32> {
    let me = std::process::id() as i32;
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut kids = Vec::new();
    for entry in dir.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|s| s.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // The fields after the command name (which may hold spaces and parentheses).
        let Some((_, rest)) = stat.rsplit_once(')') else {
            continue;
        };
        let ppid = rest
            .split_whitespace()
            .nth(1)
            .and_then(|f| f.parse::<i32>().ok());
        if ppid == Some(me) {
            kids.push(pid);
        }
    }
    kids
}

/// The run marker in a process's environment (`None` when it has none or it is gone).
fn marker_of(pid: i32) -> Option<String> {
    let env = std::fs::read(format!("/proc/{pid}/environ")).ok()?;
    let key = format!("{RUN_MARKER}=");
    env.split(|&b| b == 0)
        .find_map(|kv| kv.strip_prefix(key.as_bytes()))
        .map(|v| String::from_utf8_lossy(v).into_owned())
}

/// Kills and reaps the strays of `run` (or, with `None`, every stray): unregistered
/// children of grundy — orphans re-parented here — that carry the run's marker, no
/// marker, or the marker of a run that has ended. Repeats until none is left, since the
/// children of a killed stray are re-parented here in turn.
pub fn sweep(run: Option<&RunId>) {
    let mine = run.map(RunId::marker);
    let prefix = format!("{}:", std::process::id());
    for round in 0..1000 {
        let ours: Vec<i32> = {
            let reg = lock();
            children()
                .into_iter()
                .filter(|pid| !reg.spawned.contains(pid))
                .filter(|&pid| match marker_of(pid) {
                    Some(m) if Some(&m) == mine.as_ref() => true,
                    Some(m) => match m.strip_prefix(&prefix).and_then(|id| id.parse().ok()) {
                        // Another run still in progress owns it.
                        Some(id) => !reg.live.contains(&id),
                        None => true,
                    },
                    None => true,
                })
                .collect()
        };
        if ours.is_empty() {
            return;
        }
        for &pid in &ours {
            // SAFETY: signalling a process that is our own child; no memory effects.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        for &pid in &ours {
            let mut status = 0;
            // SAFETY: reaping our own (killed) child with a valid status pointer.
            unsafe {
                libc::waitpid(pid, &mut status, 0);
            }
        }
        if round > 10 {
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Makes every argument that names an existing file or folder relative to the current
/// directory (or through `..`) absolute and plain, since a judged program runs in a
/// fresh empty directory and sees only its own files (`./sol`, `python3 sol.py` keep
/// working).
pub fn absolute_args(argv: &[String]) -> Vec<String> {
    argv.iter()
        .enumerate()
        .map(|(i, a)| {
            let p = std::path::Path::new(a);
            // A bare program name is looked up in PATH, as a shell does.
            let names_file = if i == 0 {
                a.contains('/')
            } else {
                !a.is_empty()
            };
            // A path through `..` is made plain too: in the sandbox, only the file
            // itself is there, not the folders it was named through.
            let dotted = p.components().any(|c| c == std::path::Component::ParentDir);
            if names_file && (p.is_relative() || dotted) && p.exists() {
                std::fs::canonicalize(p)
                    .map(|c| c.display().to_string())
                    .unwrap_or_else(|_| a.clone())
            } else {
                a.clone()
            }
        })
        .collect()
}
