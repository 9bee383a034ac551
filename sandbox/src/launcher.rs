//! The launcher: the small process that starts every judged program.
//!
//! Why: a program started straight from grundy begins as a copy of grundy. Its page
//! tables are copied at `fork` (the cost grows with grundy's size), and the kernel's peak
//! memory of the program (`ru_maxrss`) keeps the high-water mark of that copy: at `exec`
//! the old address space's peak is recorded, even after `vfork` or `posix_spawn`. With
//! grundy holding a few hundred MiB of trees, every program "peaked" at that size.
//!
//! How: the `grundy` binary calls [`enter`] first thing in `main`. A contained run then
//! starts `/proc/self/exe` in launcher mode by `posix_spawn` (grundy's pages are not
//! copied). That fresh process forks the program (its own group, rlimits, a death signal
//! tied to the launcher), waits for it and reports on a pipe: the program's pid and the
//! *floor* (`P pid floor`), then the program's wait status, CPU time and peak memory (`X
//! status cpu_us peak_bytes`), or why it could not be started (`E errno`). The launcher
//! then exits the way the program did. The floor bounds what the kernel counts in the
//! program's peak that is not the program's (the launcher's pages the fork copied): the
//! resident size of the forked copy just before its exec, which it measures itself, plus
//! 64 KiB for what the exec may still touch — about 1 MiB here, where the launcher's own
//! resident size, which includes pages of its binary that a fork does not copy, is over
//! 3 MiB. The program's peak is its own whenever it is above the floor (a C program of 1
//! MiB, a C++ one of 3 MiB); at or below it, a report says "at most".
//!
//! Without [`enter`] (the library linked into another binary, unit tests), programs are
//! started directly from this process as before, and a peak near this process's size is
//! again only a bound.

use std::ffi::{CString, OsString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::cgroup::Group;
use crate::contain::{self, RunId};
use crate::error::{Error, ErrorKind};
use crate::jail::{self, Spec};
use crate::runner::RunLimits;

/// The first argument that puts the `grundy` binary in launcher mode.
pub const ARG: &str = "__grundy-launch";

static REGISTERED: AtomicBool = AtomicBool::new(false);

/// Called first thing by a binary's `main`: in launcher mode (`ARG` first) runs the
/// launcher and exits the process the way the program did; otherwise registers this
/// executable as the launcher of every contained run and returns.
pub fn enter() {
    let mut args = std::env::args_os();
    match args.nth(1).as_deref().and_then(|a| a.to_str()) {
        Some(ARG) => std::process::exit(launch(args.collect())),
        Some(crate::network::HOLDER_ARG) => std::process::exit(crate::network::hold()),
        Some(crate::cell::ARG) => std::process::exit(crate::cell::serve(args.collect())),
        _ => {}
    }
    REGISTERED.store(true, Ordering::SeqCst);
}

/// True when contained runs go through the launcher.
pub fn registered() -> bool {
    REGISTERED.load(Ordering::SeqCst)
}

/// The launcher's arguments before the program's: the report descriptor, whether to die
/// with the spawning thread, the expected parent, the memory, stack and file size limits,
/// the core to pin the run to (`-`: none), the run's control group (`-`: none), the jail
/// (`-`: none).
pub(crate) fn args(
    report: RawFd,
    die_with_parent: bool,
    (memory, stack, files, core): (Option<u64>, Option<u64>, Option<u64>, Option<u64>),
    group: Option<(&Group, bool)>,
    jail: Option<&Spec>,
) -> Vec<OsString> {
    let limit = |v: Option<u64>| v.map_or("-".to_string(), |b| b.to_string());
    let mut v: Vec<OsString> = [
        ARG.to_string(),
        report.to_string(),
        u8::from(die_with_parent).to_string(),
        std::process::id().to_string(),
        limit(memory),
        limit(stack),
        limit(files),
        limit(core),
    ]
    .into_iter()
    .map(OsString::from)
    .collect();
    match group {
        // A cell's group is not joined: the launcher is born in it.
        Some((g, join)) => {
            let procs = if join { g.procs_files() } else { Vec::new() };
            v.push("cg".into());
            v.push(g.cpu_file().into_os_string());
            v.push(procs.len().to_string().into());
            v.extend(procs.into_iter().map(PathBuf::into_os_string));
        }
        None => v.push("-".into()),
    }
    match jail {
        Some(spec) => v.extend(spec.args()),
        None => v.push("-".into()),
    }
    v.push("--".into());
    v
}

/// A pipe for the launcher's report: the read end (non-blocking) and the write end.
pub(crate) fn report_pipe() -> std::io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two descriptors into a valid array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    let (r, w) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    // The write end is blocking for the launcher (it inherits the descriptor's flags).
    // SAFETY: fcntl on a descriptor we own.
    unsafe { libc::fcntl(w.as_raw_fd(), libc::F_SETFL, 0) };
    Ok((r, w))
}

/// What the launcher reported.
#[derive(Clone, Debug, Default)]
pub(crate) struct Report {
    /// The program's pid, once started.
    pub program: Option<i32>,
    /// The launcher's resident size when it forked the program: the least peak it can
    /// report.
    pub floor: u64,
    /// The program's wait status, CPU time (µs) and peak memory (bytes), once it ended.
    pub ended: Option<(libc::c_int, u64, u64)>,
    /// The errno of a program that could not be started.
    pub failed: Option<i32>,
    /// The step at which the jail could not be made, and the errno.
    pub jail: Option<(String, i32)>,
    /// The run group's CPU time (ns) when the program started: what the launcher and the
    /// jail's making cost, not the program's.
    pub baseline: Option<u64>,
    buf: Vec<u8>,
}

impl Report {
    /// Reads what the pipe holds now (non-blocking) and parses the complete lines.
    pub(crate) fn pump(&mut self, fd: RawFd) {
        let mut chunk = [0u8; 256];
        loop {
            // SAFETY: reading into a valid buffer from a descriptor we own.
            let k = unsafe { libc::read(fd, chunk.as_mut_ptr().cast(), chunk.len()) };
            if k <= 0 {
                break;
            }
            self.buf.extend_from_slice(&chunk[..k as usize]);
        }
        while let Some(nl) = self.buf.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=nl).collect();
            let text = String::from_utf8_lossy(&line);
            let mut f = text.split_whitespace();
            let mut num = || f.next().and_then(|v| v.parse::<i64>().ok());
            match line.first() {
                Some(b'P') => {
                    let (_, pid, floor) = (num(), num(), num());
                    self.program = pid.map(|p| p as i32);
                    self.floor = floor.unwrap_or(0) as u64;
                }
                // A jailed program: its floor (from its init), and its pid as grundy
                // sees it (from the launcher).
                Some(b'F') => {
                    let (_, floor) = (num(), num());
                    self.floor = floor.unwrap_or(0) as u64;
                }
                Some(b'H') => {
                    let (_, pid) = (num(), num());
                    self.program = pid.map(|p| p as i32);
                }
                Some(b'X') => {
                    let (_, status, cpu, peak) = (num(), num(), num(), num());
                    if let (Some(s), Some(c), Some(p)) = (status, cpu, peak) {
                        self.ended = Some((s as libc::c_int, c as u64, p as u64));
                    }
                }
                Some(b'E') => {
                    let (_, errno) = (num(), num());
                    self.failed = errno.map(|e| e as i32);
                }
                Some(b'B') => {
                    let (_, ns) = (num(), num());
                    self.baseline = ns.map(|n| n as u64);
                }
                Some(b'J') => {
                    let (_, errno) = (num(), num());
                    let step = text.splitn(3, ' ').nth(2).unwrap_or("").trim_end();
                    self.jail = Some((step.to_string(), errno.unwrap_or(0) as i32));
                }
                _ => {}
            }
        }
    }
}

/// Writes all of `text` to `fd` (the launcher's report).
fn say(fd: RawFd, text: &str) {
    let mut rest = text.as_bytes();
    while !rest.is_empty() {
        // SAFETY: writing from a valid slice.
        let k = unsafe { libc::write(fd, rest.as_ptr().cast(), rest.len()) };
        if k <= 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return;
        }
        rest = &rest[k as usize..];
    }
}

/// This process's resident size now, in bytes (0 if unreadable).
pub(crate) fn rss_now() -> u64 {
    // SAFETY: reads a file of this process into a local buffer.
    unsafe { resident(page_size()) }
}

/// This process's resident size in bytes, from `/proc/self/statm` (0 if unreadable),
/// with async-signal-safe calls only and no allocation: the child between fork and exec
/// measures itself with it.
///
/// # Safety
/// Plain system calls on a descriptor of its own; safe anywhere, also after a fork.
unsafe fn resident(page: u64) -> u64 {
    let fd = libc::open(
        c"/proc/self/statm".as_ptr(),
        libc::O_RDONLY | libc::O_CLOEXEC,
    );
    if fd < 0 {
        return 0;
    }
    let mut buf = [0u8; 128];
    let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
    libc::close(fd);
    let text = &buf[..usize::try_from(n).unwrap_or(0)];
    // "size resident shared …": the second field, in pages.
    let mut fields = text.split(|&b| b == b' ');
    let pages = fields.nth(1).map_or(0, |f| {
        f.iter()
            .take_while(|b| b.is_ascii_digit())
            .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'))
    });
    pages * page
}

fn set_limit(resource: libc::__rlimit_resource_t, bytes: Option<u64>) {
    let v = bytes.unwrap_or(libc::RLIM_INFINITY);
    let lim = libc::rlimit {
        rlim_cur: v,
        rlim_max: v,
    };
    // SAFETY: setrlimit reads a valid struct.
    unsafe { libc::setrlimit(resource, &lim) };
}

/// The launcher itself: `ARG REPORT_FD DIE PARENT MEMORY STACK -- PROGRAM ARGS…`.
/// Returns the exit code of the process (the program's, or 125/127 for its own errors).
fn launch(args: Vec<OsString>) -> i32 {
    let text = |i: usize| args.get(i).and_then(|a| a.to_str());
    let number = |i: usize| text(i).and_then(|t| t.parse::<u64>().ok());
    let limit = |i: usize| match text(i) {
        Some("-") => Some(None),
        _ => number(i).map(Some),
    };
    let malformed = || {
        eprintln!("grundy launcher: malformed arguments (this mode is grundy's own)");
        125
    };
    let (Some(fd), Some(die), Some(parent), Some(memory), Some(stack), Some(file_size), Some(core)) = (
        number(0),
        number(1),
        number(2),
        limit(3),
        limit(4),
        limit(5),
        limit(6),
    ) else {
        return malformed();
    };
    let (group, at) = match text(7) {
        Some("-") => (None, 8),
        Some("cg") => {
            let Some(count) = text(9).and_then(|t| t.parse::<usize>().ok()) else {
                return malformed();
            };
            let Some(files) = args.get(10..10 + count) else {
                return malformed();
            };
            let c = |a: &OsString| CString::new(a.as_bytes()).ok();
            let (Some(cpu), Some(procs)) = (
                args.get(8).and_then(c),
                files.iter().map(c).collect::<Option<Vec<_>>>(),
            ) else {
                return malformed();
            };
            (Some((cpu, procs)), 10 + count)
        }
        _ => return malformed(),
    };
    let (jail, next) = match text(at) {
        Some("-") => (None, at + 1),
        Some("ns") => match Spec::parse(&args[at + 1..]) {
            Some((spec, used)) => (Some(spec), at + 1 + used),
            None => return malformed(),
        },
        _ => return malformed(),
    };
    if text(next) != Some("--") {
        return malformed();
    }
    let fd = fd as RawFd;
    // Nothing the caller of grundy left open reaches the program: only the report pipe
    // is kept (the standard streams are the run's own pipes).
    contain::close_inherited(Some(fd), false);
    let program = &args[next + 1..];
    if program.is_empty() {
        return 125;
    }
    // SAFETY: prctl, getppid and fcntl only change or read flags of this process.
    unsafe {
        if die == 1 {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            if u64::from(libc::getppid() as u32) != parent {
                return 125;
            }
        }
        libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
    }
    set_limit(libc::RLIMIT_CORE, Some(0));
    // The largest file the run may write (a compile's output): inherited by everything
    // the launcher starts; the launcher itself writes only to pipes.
    if file_size.is_some() {
        set_limit(libc::RLIMIT_FSIZE, file_size);
    }
    // The run's core: the launcher's, inherited by everything it starts.
    if let Some(core) = core {
        crate::pin::pin_self(core as usize);
    }
    let Ok(cargs) = program
        .iter()
        .map(|a| CString::new(a.as_bytes()))
        .collect::<Result<Vec<_>, _>>()
    else {
        say(fd, &format!("E {}\n", libc::EINVAL));
        return 127;
    };
    let mut argv: Vec<*const libc::c_char> = cargs.iter().map(|c| c.as_ptr()).collect();
    argv.push(std::ptr::null());
    // The run's group, joined before anything of the run starts: every process it makes
    // is born in it.
    if let Some((_, procs)) = &group {
        // SAFETY: the files are valid C strings.
        if let Err(e) = unsafe { crate::cgroup::join(procs) } {
            let e = io::Error::from_raw_os_error(e);
            say(
                fd,
                &String::from_utf8_lossy(&jail::report_line("joining the run's control group", &e)),
            );
            return 125;
        }
    }
    let cpu_file = group
        .as_ref()
        .map(|(cpu, _)| Path::new(std::ffi::OsStr::from_bytes(cpu.as_bytes())));
    if let Some(spec) = jail {
        return jailed(fd, &argv, (memory, stack), cpu_file, &spec);
    }
    match start(&argv, memory, stack, None) {
        Ok((pid, floor)) => {
            detach_streams(fd);
            say(fd, &format!("P {pid} {floor}\n"));
            say_baseline(fd, cpu_file);
            reap(fd, pid)
        }
        Err((code, e)) => {
            say(fd, &format!("E {e}\n"));
            code
        }
    }
}

/// The namespaces of a jail: user first (the others are owned by it), then mount, PID,
/// network, IPC and host name.
const JAIL_NAMESPACES: libc::c_int = libc::CLONE_NEWUSER
    | libc::CLONE_NEWNS
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUTS;

/// A jailed run: the launcher clones the jail's first process into new namespaces (PID 1
/// there), writes its identity mapping and lets it go; that process builds the jail
/// ([`jail::enter`]), forks the program as [`start`] does and stays its init: it reaps
/// every process of the namespace and, when the program ends, reports it (`X`) and exits,
/// which ends every process left in the namespace. The launcher finds the program's pid
/// (as grundy sees it) among its init's children, says it (`P`), and waits for the init.
fn jailed(
    fd: RawFd,
    argv: &[*const libc::c_char],
    (memory, stack): (Option<u64>, Option<u64>),
    cpu_file: Option<&Path>,
    spec: &Spec,
) -> i32 {
    let (mut go, mut up) = ([0; 2], [0; 2]);
    // SAFETY: pipe2 fills two descriptors into a valid array.
    if unsafe {
        libc::pipe2(go.as_mut_ptr(), libc::O_CLOEXEC) != 0
            || libc::pipe2(up.as_mut_ptr(), libc::O_CLOEXEC) != 0
    } {
        say(fd, &format!("E {}\n", errno()));
        return 125;
    }
    let work = std::env::current_dir().unwrap_or_default();
    // SAFETY: geteuid reads this process's credentials.
    let host_root = unsafe { libc::geteuid() } == 0;
    if spec.scratch.is_none() && host_root {
        give_to_nobody(&work);
    }
    // The network of every jail of this grundy, joined (else one of its own is made).
    let namespaces = match spec.network {
        Some(holder) if crate::network::join(holder) => JAIL_NAMESPACES & !libc::CLONE_NEWNET,
        _ => JAIL_NAMESPACES,
    };
    // SAFETY: this process is single-threaded, so the child may run any code.
    let init = unsafe { fork_with(namespaces) };
    if init == 0 {
        // SAFETY: the jail's first process: it closes the ends it does not use.
        unsafe {
            libc::close(go[1]);
            libc::close(up[0]);
        }
        jail_init(fd, (go[0], up[1]), argv, memory, stack, spec, &work);
    }
    // SAFETY: closing the ends the child holds.
    unsafe {
        libc::close(go[0]);
        libc::close(up[1]);
    }
    detach_streams(fd);
    if init < 0 {
        let e = io::Error::last_os_error();
        say(
            fd,
            &String::from_utf8_lossy(&jail::report_line("creating the namespaces", &e)),
        );
        return 125;
    }
    if let Err(e) = jail::write_maps(init, host_root) {
        say(
            fd,
            &String::from_utf8_lossy(&jail::report_line("writing the user mapping", &e)),
        );
        // SAFETY: ending our own child.
        unsafe { libc::kill(init, libc::SIGKILL) };
        wait_exit(init);
        return 125;
    }
    // SAFETY: one byte to the child on our pipe, then our end closed.
    unsafe {
        libc::write(go[1], b"g".as_ptr().cast(), 1);
        libc::close(go[1]);
    }
    say_program(fd, up[0], init);
    say_baseline(fd, cpu_file);
    // SAFETY: closing our end.
    unsafe { libc::close(up[0]) };
    wait_exit(init)
}

/// A fork made by `clone` with `flags` (new namespaces, `CLONE_PARENT`) and no stack of
/// its own: the child's pid in the parent, 0 in the child, -1 on failure.
///
/// # Safety
/// As `fork`: in a multi-threaded process the child may only make async-signal-safe
/// calls.
pub(crate) unsafe fn fork_with(flags: libc::c_int) -> libc::pid_t {
    libc::syscall(
        libc::SYS_clone,
        libc::c_long::from(flags | libc::SIGCHLD),
        0usize,
        0usize,
        0usize,
        0usize,
    ) as libc::pid_t
}

/// A compile's folder, and what grundy put in it (the output folder, a source copied
/// under its class's name), given to the jail's user (nobody, when grundy runs as root),
/// who writes it.
fn give_to_nobody(work: &Path) {
    let _ = std::os::unix::fs::chown(work, Some(65534), Some(65534));
    for entry in std::fs::read_dir(work).into_iter().flatten().flatten() {
        let _ = std::os::unix::fs::lchown(entry.path(), Some(65534), Some(65534));
    }
}

/// The jail's init says on `up` that it forked the program (or closes it, failing): the
/// program is then its first child, whose pid as grundy sees it is said on `fd`.
fn say_program(fd: RawFd, up: RawFd, init: libc::pid_t) {
    let mut b = [0u8; 1];
    if read_full(up, &mut b) == 1 {
        let kids = std::fs::read_to_string(format!("/proc/{init}/task/{init}/children"));
        if let Some(pid) = kids
            .ok()
            .and_then(|k| k.split_whitespace().next()?.parse::<i32>().ok())
        {
            say(fd, &format!("H {pid}\n"));
        }
    }
}

/// Lets go of the run's standard streams once the program holds them: the launcher and
/// the jail's init keep no copy of the pipes, so that a program that closes its output
/// is seen to end it (an interactive contestant that stops mid-game), and one that closes
/// its input gets `EPIPE`. They are `/dev/null` from then on (but the report's
/// descriptor, when it is one of them).
fn detach_streams(report: RawFd) {
    // SAFETY: open, dup2 and close on this process's own descriptors.
    unsafe {
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC);
        for std in (0..3).filter(|&s| s != report) {
            if null >= 0 {
                libc::dup2(null, std);
            } else {
                libc::close(std);
            }
        }
        if null > 2 {
            libc::close(null);
        }
    }
}

/// Says the run group's CPU time now (`B ns`), as the program starts: the launcher's and
/// the jail's own part, taken off the group's figure.
fn say_baseline(fd: RawFd, cpu_file: Option<&Path>) {
    if let Some(ns) = cpu_file.and_then(crate::cgroup::read_cpu_ns) {
        say(fd, &format!("B {ns}\n"));
    }
}

/// Waits for our child `pid` and returns its exit code (125 when it did not exit).
fn wait_exit(pid: libc::pid_t) -> i32 {
    let mut status = 0;
    loop {
        // SAFETY: waiting for our own child with a valid status pointer.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            break;
        }
        if errno() != libc::EINTR {
            return 125;
        }
    }
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        125
    }
}

/// The jail's first process: waits for its identity mapping, builds the jail, starts the
/// program and is its init. Never returns.
fn jail_init(
    fd: RawFd,
    (go, up): (RawFd, RawFd),
    argv: &[*const libc::c_char],
    memory: Option<u64>,
    stack: Option<u64>,
    spec: &Spec,
    work: &Path,
) -> ! {
    // SAFETY: prctl and read only concern this process and its own pipe.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        let mut b = [0u8; 1];
        if libc::read(go, b.as_mut_ptr().cast(), 1) != 1 {
            libc::_exit(125);
        }
        libc::close(go);
    }
    if let Err(jail::SetupError(what, e)) = jail::enter(spec, work) {
        say(fd, &String::from_utf8_lossy(&jail::report_line(&what, &e)));
        // SAFETY: ending this process.
        unsafe { libc::_exit(125) };
    }
    let pid = match start(argv, memory, stack, Some(spec.processes)) {
        Ok((pid, floor)) => {
            detach_streams(fd);
            say(fd, &format!("F {floor}\n"));
            // SAFETY: one byte to the launcher on our pipe, then our end closed.
            unsafe {
                libc::write(up, b"s".as_ptr().cast(), 1);
                libc::close(up);
            }
            pid
        }
        Err((code, e)) => {
            say(fd, &format!("E {e}\n"));
            // SAFETY: ending this process.
            unsafe { libc::_exit(code) };
        }
    };
    // The init: reaps every process of the namespace until the program ends.
    loop {
        let mut status = 0;
        // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: waiting for any child with valid out-pointers.
        let r = unsafe { libc::wait4(-1, &mut status, 0, &mut usage) };
        if r == pid {
            let cpu = cpu_of(&usage);
            let peak = usage.ru_maxrss as u64 * 1024;
            say(fd, &format!("X {status} {} {peak}\n", cpu.as_micros()));
            // SAFETY: ending the init ends every process left in the namespace.
            unsafe { libc::_exit(0) };
        }
        if r < 0 && errno() != libc::EINTR {
            // SAFETY: as above.
            unsafe { libc::_exit(125) };
        }
    }
}

/// What the child may still touch after it measured itself (the `execvp` search of PATH
/// builds its candidates on the stack): added to its size, so the floor stays above
/// what the kernel records at the exec.
const EXEC_MARGIN: u64 = 64 << 10;

/// The size of a memory page.
fn page_size() -> u64 {
    // SAFETY: sysconf only reads a configuration value.
    u64::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
}

/// Forks the program (`argv`, null-terminated) with its limits and waits for its exec:
/// its pid and its floor (the child's own resident size just before the exec), or the
/// launcher's exit code (125: no pipe or no fork; 127: no exec) with the errno to report.
fn start(
    argv: &[*const libc::c_char],
    memory: Option<u64>,
    stack: Option<u64>,
    jailed: Option<u32>,
) -> Result<(libc::pid_t, u64), (i32, i32)> {
    let mut errp = [0; 2];
    // SAFETY: pipe2 fills two descriptors into a valid array.
    if unsafe { libc::pipe2(errp.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err((125, errno()));
    }
    let page = page_size();
    // SAFETY: getpid has no effects.
    let me = unsafe { libc::getpid() };
    // SAFETY: this process is single-threaded (nothing has started a thread), so the
    // child may run any code; it only calls async-signal-safe functions anyway.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: this is the child, between fork and exec.
        unsafe { exec_child(me, memory, stack, jailed, argv, errp[1], page) }
    }
    // SAFETY: closing our copy of the write end.
    unsafe { libc::close(errp[1]) };
    if pid < 0 {
        return Err((125, errno()));
    }
    // The child's own size (8 bytes), then 4 bytes of errno if the exec failed, or the
    // end of the pipe (closed on exec) if it succeeded. A child that ended before it
    // said its size leaves this process's size as the floor, a bound above it.
    let mut size = [0u8; 8];
    let floor = match read_full(errp[0], &mut size) {
        8 => u64::from_ne_bytes(size) + EXEC_MARGIN,
        _ => rss_now(),
    };
    let mut e = [0u8; 4];
    let got = read_full(errp[0], &mut e);
    // SAFETY: closing the read end, which we own.
    unsafe { libc::close(errp[0]) };
    if got == 4 {
        // SAFETY: reaping our own child.
        unsafe { libc::waitpid(pid, std::ptr::null_mut(), 0) };
        return Err((127, i32::from_ne_bytes(e)));
    }
    Ok((pid, floor))
}

/// Reads up to `buf.len()` bytes from `fd` (fewer only at its end); returns how many.
fn read_full(fd: RawFd, buf: &mut [u8]) -> usize {
    let mut got = 0;
    while got < buf.len() {
        // SAFETY: reading into the unfilled rest of a valid buffer.
        let k = unsafe { libc::read(fd, buf[got..].as_mut_ptr().cast(), buf.len() - got) };
        if k < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if k <= 0 {
            break;
        }
        got += k as usize;
    }
    got
}

/// The child between fork and exec: its own process group, death with the launcher,
/// its limits and signal dispositions; then its own resident size goes to the launcher
/// on `err` (the kernel counts it in the program's peak: the pages of the launcher this
/// copy holds), then exec; on failure the errno follows on `err`.
///
/// # Safety
/// Only in the child of a fork of a single-threaded process: it calls async-signal-safe
/// functions only.
unsafe fn exec_child(
    me: libc::pid_t,
    memory: Option<u64>,
    stack: Option<u64>,
    jailed: Option<u32>,
    argv: &[*const libc::c_char],
    err: RawFd,
    page: u64,
) -> ! {
    libc::setpgid(0, 0);
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    if libc::getppid() != me {
        libc::_exit(125);
    }
    if memory.is_some() {
        set_limit(libc::RLIMIT_AS, memory);
    }
    set_limit(libc::RLIMIT_STACK, stack);
    if let Some(processes) = jailed {
        jail::drop_privileges(processes);
    }
    // The Rust runtime of the launcher ignores SIGPIPE; the program starts with
    // every signal at its default and none blocked.
    libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    let size = resident(page).to_ne_bytes();
    libc::write(err, size.as_ptr().cast(), size.len());
    libc::execvp(argv[0], argv.as_ptr());
    let e = errno();
    libc::write(err, (&e as *const i32).cast(), 4);
    libc::_exit(127);
}

/// Waits for the program `pid`, says its status, CPU time and peak memory on `fd`, and
/// returns the launcher's exit code (the program's own, [`mirror`]ed).
fn reap(fd: RawFd, pid: libc::pid_t) -> i32 {
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: waiting for our own child with valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        if errno() != libc::EINTR {
            return 125;
        }
    }
    let cpu_us = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) as u64 * 1_000_000
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) as u64;
    let peak = usage.ru_maxrss as u64 * 1024;
    say(fd, &format!("X {status} {cpu_us} {peak}\n"));
    mirror(status)
}

/// Ends the launcher the way the program ended: the same exit code, or the same signal.
fn mirror(status: libc::c_int) -> i32 {
    if libc::WIFEXITED(status) {
        return libc::WEXITSTATUS(status);
    }
    if libc::WIFSIGNALED(status) {
        let sig = libc::WTERMSIG(status);
        // SAFETY: restoring the default action of a signal and raising it on this process.
        unsafe {
            libc::signal(sig, libc::SIG_DFL);
            libc::raise(sig);
        }
        return 128 + sig;
    }
    125
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// A contained program ready to start: the [`Command`] (a caller may still change its
/// standard streams) and, through the launcher, the report pipe.
pub struct Contained {
    /// The command that starts the launcher (or, without one, the program itself).
    pub cmd: Command,
    report: Option<(OwnedFd, OwnedFd)>,
    /// The run's control group (a sandboxed run, where the machine has them), or why it
    /// could not be made.
    group: Option<io::Result<Group>>,
    /// Or the run's cell (a reused group whose zygote starts the launcher).
    cell: Option<io::Result<crate::cell::Cell>>,
}

/// The command for `argv` contained under `limits` in `dir`, marked as run `id`: a
/// working directory, the run's marker, piped standard streams, its own process group,
/// the rlimits, and death with grundy. `die_with_parent`: the kernel kills it when the
/// thread that starts it ends (and so when grundy dies) — right for a run that lives
/// within one call; a long-lived helper shared by threads (a rules worker) goes without,
/// and ends by itself when its input closes.
pub fn contained(
    argv: &[String],
    dir: &Path,
    id: &RunId,
    limits: &RunLimits,
    die_with_parent: bool,
    jail: Option<&Spec>,
) -> Contained {
    let report = if registered() {
        report_pipe().ok()
    } else {
        None
    };
    // A language's run command takes its memory and stack from the limits
    // (`-Xmx{memory_mib}m`), and a runtime measured by resident memory (a JVM, Node.js)
    // gets no address-space limit: it reserves far more than it uses.
    let argv = &crate::language::fill_limits(argv, limits.memory, limits.stack);
    // A sandboxed run is one accounted unit: a control group over all its processes,
    // its memory limit theirs together (a JVM's and Node's too: what they hold, during
    // the run).
    // A runtime measured by resident memory bounds its own heap by the limit (`-Xmx`):
    // its group leaves room for the rest of it, so that the runtime says it ran out
    // (`OutOfMemoryError`: MLE) before the kernel stops it.
    let resident = crate::language::resident(&argv[0]);
    let memory = match limits.memory {
        Some(m) if resident => Some(m + crate::language::RUNTIME_OUTSIDE_HEAP),
        m => m,
    };
    // A run that lives within one call takes a cell (a group reused, no process moved
    // into it); a long-lived helper (a rules worker) a group of its own.
    let (group, cell) = match (&report, jail) {
        (Some(_), Some(spec)) if die_with_parent => {
            match crate::cell::take(memory, Some(spec.processes)) {
                Some(cell) => (None, Some(cell)),
                None => (Group::create(memory, Some(spec.processes)), None),
            }
        }
        (Some(_), Some(spec)) => (Group::create(memory, Some(spec.processes)), None),
        _ => (None, None),
    };
    let in_group = match (&group, &cell) {
        (Some(Ok(g)), _) => Some((g, true)),
        (_, Some(Ok(c))) => Some((c.group(), false)),
        _ => None,
    };
    let limits = &RunLimits {
        memory: limits.memory.filter(|_| !resident),
        ..*limits
    };
    let mut cmd = match &report {
        Some((_, w)) => {
            let mut cmd = Command::new("/proc/self/exe");
            cmd.args(args(
                w.as_raw_fd(),
                die_with_parent,
                (
                    limits.memory,
                    limits.stack,
                    limits.files,
                    jail.map(|_| crate::pin::core() as u64),
                ),
                in_group,
                jail,
            ))
            .args(argv)
            // The launcher in a group of its own: the program's group is killed
            // without it, so that it still reports.
            .process_group(0);
            cmd
        }
        None => direct(argv, limits, die_with_parent),
    };
    judges_environment(&mut cmd, dir)
        .env(contain::RUN_MARKER, id.marker())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    Contained {
        cmd,
        report,
        group,
        cell,
    }
}

/// Without a launcher: the program forked from this process, set up before `exec`.
fn direct(argv: &[String], limits: &RunLimits, die_with_parent: bool) -> Command {
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..]);
    let (memory, stack, files) = (limits.memory, limits.stack, limits.files);
    // SAFETY: only async-signal-safe calls (setpgid, prctl, setrlimit) run between fork
    // and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::setpgid(0, 0);
            contain::close_inherited(None, true);
            if die_with_parent {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
            }
            if memory.is_some() {
                set_limit(libc::RLIMIT_AS, memory);
            }
            set_limit(libc::RLIMIT_STACK, stack);
            set_limit(libc::RLIMIT_CORE, Some(0));
            if files.is_some() {
                set_limit(libc::RLIMIT_FSIZE, files);
            }
            Ok(())
        });
    }
    cmd
}

impl Contained {
    /// Starts it (registered with [`contain`], so a sweep never takes it for a stray).
    pub fn spawn(mut self) -> io::Result<Launched> {
        let group = made(self.group.take())?;
        let cell = made(self.cell.take())?;
        let pass = self.report.as_ref().map(|(_, w)| w.as_raw_fd());
        if let (Some(cell), Some(report)) = (cell, pass) {
            return self.spawn_in_cell(cell, report);
        }
        let inherited = if pass.is_some() { 0 } else { rss_now() };
        let mut child = contain::spawn_passing(&mut self.cmd, pass)?;
        Ok(Launched {
            pid: child.id() as i32,
            stdin: child.stdin.take(),
            stdout: child.stdout.take(),
            stderr: child.stderr.take(),
            child: Some(child),
            report_fd: self.report.map(|(r, _)| r),
            report: Report::default(),
            inherited,
            group,
            cell: None,
        })
    }

    /// Starts the launcher through the run's cell: its standard streams are pipes made
    /// here (the launcher's ends handed to the cell's zygote), its report pipe the one at
    /// `report`.
    fn spawn_in_cell(self, cell: crate::cell::Cell, report: RawFd) -> io::Result<Launched> {
        let (in_r, in_w) = pipe()?;
        let (out_r, out_w) = pipe()?;
        let (err_r, err_w) = pipe()?;
        let pid = cell.start(
            &self.cmd,
            [
                in_r.as_raw_fd(),
                out_w.as_raw_fd(),
                err_w.as_raw_fd(),
                report,
            ],
            report,
        );
        let pid = match pid {
            Ok(p) => p,
            Err(e) => {
                drop(cell);
                return Err(e);
            }
        };
        Ok(Launched {
            pid,
            stdin: Some(in_w.into()),
            stdout: Some(out_r.into()),
            stderr: Some(err_r.into()),
            child: None,
            report_fd: self.report.map(|(r, _)| r),
            report: Report::default(),
            inherited: 0,
            group: None,
            cell: Some(cell),
        })
    }
}

/// A run's group or cell, if it has one, or why it could not be made.
fn made<T>(made: Option<io::Result<T>>) -> io::Result<Option<T>> {
    made.transpose().map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot make the run's control group: {e}"),
        )
    })
}

/// A pipe, both ends close-on-exec: the read end and the write end.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 fills two descriptors into a valid array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A started contained program (through the launcher, or directly).
pub struct Launched {
    /// The process this one started, when it started it with a `Command` (not through a
    /// cell).
    child: Option<Child>,
    /// Its pid: the launcher's (a child of this process either way), or the program's.
    pub pid: i32,
    /// Its standard input, until taken.
    pub stdin: Option<std::process::ChildStdin>,
    /// Its standard output, until taken.
    pub stdout: Option<std::process::ChildStdout>,
    /// Its standard error, until taken (`None` where the caller sent it elsewhere).
    pub stderr: Option<std::process::ChildStderr>,
    report_fd: Option<OwnedFd>,
    report: Report,
    /// Without a launcher: this process's size when it started the program.
    inherited: u64,
    /// The run's control group: its CPU time, memory and processes are the run's.
    group: Option<Group>,
    /// Or its cell (a reused group), given back when the run is dropped.
    cell: Option<crate::cell::Cell>,
}

impl Drop for Launched {
    fn drop(&mut self) {
        if let Some(cell) = self.cell.take() {
            crate::cell::give_back(cell);
        }
    }
}

/// How a contained program ended, as measured.
#[derive(Clone, Copy, Debug)]
pub struct Ended {
    /// Its wait status.
    pub status: libc::c_int,
    /// Its CPU time (user + system, its waited-for children included).
    pub cpu: Duration,
    /// Its peak resident memory in bytes (0: not measured).
    pub max_rss: u64,
    /// The least peak that can be measured: a `max_rss` at or below it (plus a little)
    /// is a bound, not the program's own figure.
    pub floor: u64,
    /// What the run's control group measured, where it had one.
    pub group: Option<GroupMeasure>,
}

/// What a run's control group measured over all its processes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupMeasure {
    /// The peak memory of all its processes together (bytes; 0: not said by the kernel).
    pub peak: u64,
    /// How many of its processes the kernel killed at the memory limit.
    pub oom_kills: u64,
}

/// How far above the floor a peak must be to be the program's own (the pages the
/// child touches between its fork and its exec).
const FLOOR_SLACK: u64 = 1 << 20;

impl Ended {
    /// The program's own peak memory, when it is above the floor.
    pub fn own_peak(&self) -> Option<u64> {
        (self.max_rss > self.floor + FLOOR_SLACK).then_some(self.max_rss)
    }
}

impl Launched {
    fn pump(&mut self) {
        if let Some(fd) = &self.report_fd {
            self.report.pump(fd.as_raw_fd());
        }
    }

    /// The program's pid, once known (at once without a launcher).
    pub fn program(&mut self) -> Option<i32> {
        if self.report_fd.is_none() {
            return Some(self.pid);
        }
        self.pump();
        self.report.program
    }

    /// The run's CPU time so far: its group's (every process it started, waited for or
    /// not, less what the launcher and the jail's making took), or without a group the
    /// program's (its waited-for children included).
    pub fn cpu(&mut self) -> Duration {
        let program = self.program();
        match self.group_in_use() {
            Some(g) => g
                .cpu()
                .saturating_sub(Duration::from_nanos(self.report.baseline.unwrap_or(0))),
            None => program.map_or(Duration::ZERO, process_cpu),
        }
    }

    /// True when the run has a control group.
    pub fn grouped(&self) -> bool {
        self.group_in_use().is_some()
    }

    /// The run's control group: its own, or its cell's.
    fn group_in_use(&self) -> Option<&Group> {
        self.group
            .as_ref()
            .or(self.cell.as_ref().map(crate::cell::Cell::group))
    }

    /// True while the process this one started (the launcher) has not ended; it is not
    /// reaped.
    pub fn running(&mut self) -> bool {
        if let Some(c) = &mut self.child {
            return matches!(c.try_wait(), Ok(None));
        }
        // SAFETY: a zeroed siginfo is valid for waitid to fill in; WNOWAIT leaves the
        // child to be reaped by its wait.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let r = libc::waitid(
                libc::P_PID,
                self.pid as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            r == 0 && info.si_pid() == 0
        }
    }

    /// How many processes the program is now: it and every descendant (each process's
    /// `/proc/PID/task/TID/children`, walked without recursion). 0 before it is known.
    pub fn processes(&mut self) -> usize {
        let Some(root) = self.program() else {
            return 0;
        };
        let mut seen = 0;
        let mut todo = vec![root];
        while let Some(pid) = todo.pop() {
            seen += 1;
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
                continue;
            };
            for task in tasks.flatten() {
                let path = task.path().join("children");
                if let Ok(text) = std::fs::read_to_string(path) {
                    todo.extend(
                        text.split_whitespace()
                            .filter_map(|w| w.parse::<i32>().ok()),
                    );
                }
            }
            if seen > 1 << 16 {
                break;
            }
        }
        seen
    }

    /// Kills the program's process group (or, before the program is known, the launcher,
    /// whose death kills the program).
    pub fn kill(&mut self) {
        match self.program() {
            Some(p) => {
                // SAFETY: signals to a process and a group we started; no memory effects.
                unsafe {
                    libc::kill(-p, libc::SIGKILL);
                    libc::kill(p, libc::SIGKILL);
                }
            }
            None => {
                // SAFETY: as above, for the launcher's group.
                unsafe { libc::kill(-self.pid, libc::SIGKILL) };
            }
        }
    }

    /// Waits for the process to end and reaps it.
    pub fn wait(&mut self) -> Result<Ended, Error> {
        self.reap(true).unwrap_or_else(|| {
            let e = io::Error::other("no status from a blocking wait");
            Err(Error::new(ErrorKind::Lost, "waiting for the program", e))
        })
    }

    /// Reaps the process if it ended (`block`: waits for it).
    pub fn reap(&mut self, block: bool) -> Option<Result<Ended, Error>> {
        let mut status = 0;
        // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if block { 0 } else { libc::WNOHANG };
        loop {
            // SAFETY: waiting for our own child with valid out-pointers.
            let r = unsafe { libc::wait4(self.pid, &mut status, flags, &mut usage) };
            if r == self.pid {
                break;
            }
            if r < 0 && errno() == libc::EINTR {
                continue;
            }
            if r < 0 {
                let e = io::Error::last_os_error();
                return Some(Err(Error::new(
                    ErrorKind::Lost,
                    "waiting for the program",
                    e,
                )));
            }
            return None;
        }
        if let Some(c) = &mut self.child {
            let _ = c.try_wait();
        }
        contain::release(self.pid);
        let own = Ended {
            status,
            cpu: cpu_of(&usage),
            max_rss: usage.ru_maxrss as u64 * 1024,
            floor: self.inherited,
            group: None,
        };
        if self.report_fd.is_none() {
            return Some(Ok(own));
        }
        self.pump();
        if let Some((step, e)) = &self.report.jail {
            let e = io::Error::from_raw_os_error(*e);
            return Some(Err(Error::new(
                ErrorKind::Jail,
                format!("making the sandbox ({step})"),
                e,
            )));
        }
        if let Some(e) = self.report.failed {
            let e = io::Error::from_raw_os_error(e);
            return Some(Err(Error::new(ErrorKind::Start, "exec", e)));
        }
        let ended = match self.report.ended {
            Some((status, cpu_us, peak)) => Ended {
                status,
                cpu: Duration::from_micros(cpu_us),
                max_rss: peak,
                floor: self.report.floor,
                group: None,
            },
            // The launcher itself was killed (by the program, say): its status stands,
            // and the program's peak was not measured.
            None => Ended { max_rss: 0, ..own },
        };
        Some(Ok(self.measured_by_group(ended)))
    }

    /// `ended` with the group's figures: the CPU time of every process of the run, the
    /// peak of them all and the kills at the memory limit.
    fn measured_by_group(&mut self, ended: Ended) -> Ended {
        let Some(g) = self.group_in_use() else {
            return ended;
        };
        let cpu = g
            .cpu()
            .saturating_sub(Duration::from_nanos(self.report.baseline.unwrap_or(0)));
        Ended {
            cpu: cpu.max(ended.cpu),
            group: Some(GroupMeasure {
                peak: g.peak(),
                oom_kills: g.oom_kills(),
            }),
            ..ended
        }
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

/// A judge's environment, not grundy's, in folder `dir`: nothing inherited but PATH (so
/// that a `python3` or a shell script runs), so that no variable of this machine (such
/// as PYTHONUNBUFFERED, which would hide a missing flush) changes what a program does.
pub(crate) fn judges_environment<'c>(cmd: &'c mut Command, dir: &Path) -> &'c mut Command {
    let path = std::env::var_os("PATH").unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    cmd.current_dir(dir)
        .env_clear()
        .env("PATH", path)
        .env("HOME", dir)
        .env("TMPDIR", dir)
        .env("LANG", "C.UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Guards the report's parsing: a `P` line once lost its pid (the letter was read as
    /// the first number), so the program was never known while it ran: its CPU limit was
    /// not enforced, and a run stopped at the wall backstop reported the launcher's CPU
    /// time and no peak.
    #[test]
    fn every_line_of_the_launchers_report_is_read() {
        let (r, w) = report_pipe().expect("a pipe");
        say(w.as_raw_fd(), "P 4242 3096576\nX 9 2850 3010560\n");
        let mut report = Report::default();
        report.pump(r.as_raw_fd());
        assert_eq!(report.program, Some(4242));
        assert_eq!(report.floor, 3096576);
        assert_eq!(report.ended, Some((9, 2850, 3010560)));
        say(w.as_raw_fd(), "E 2\n");
        report.pump(r.as_raw_fd());
        assert_eq!(report.failed, Some(2));
    }
}
