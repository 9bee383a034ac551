//! The jails' network: one empty network namespace (no interface up, not even loopback)
//! made once per grundy process and joined by every jail, instead of a new one per run.
//! Making and tearing down a network namespace cost 0.75 ms of a jailed run's 1.9 ms on
//! the machine of the benchmarks (`grundy-bench sandbox`), more than everything else the
//! jail does.
//!
//! A *holder* process (this executable with [`HOLDER_ARG`]) makes a user namespace and a
//! network namespace with `unshare`, and waits until grundy ends (its stdin closes). The
//! user namespace maps grundy's user (every user, for root), so that the launcher of a run
//! can join it (`setns`: it owns it) and then its network namespace, before it clones the
//! jail's other namespaces. A judged program still reaches no network: the namespace has
//! no interface, and it cannot add one (no capability in the namespace's owner). What the
//! runs of one grundy share is the namespace's abstract Unix sockets: two runs at once
//! (`--jobs 2`) could meet there, which lets a program talk only to itself.
//!
//! Where the holder cannot be made, each jail makes a network namespace of its own, as
//! before.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock};

/// The first argument that puts the `grundy` binary in holder mode.
pub const HOLDER_ARG: &str = "__grundy-network";

/// The holder's pid, once it is made (`None`: it could not be).
pub(crate) fn holder() -> Option<i32> {
    static HOLDER: OnceLock<Option<Held>> = OnceLock::new();
    HOLDER.get_or_init(make).as_ref().map(|h| h.pid)
}

/// A running holder: kept for the life of this process (its stdin is the string it ends
/// with).
struct Held {
    pid: i32,
    _child: Mutex<Child>,
    _stdin: Mutex<ChildStdin>,
}

fn make() -> Option<Held> {
    // Registered, so that the sweep of a run's strays never takes it for one.
    let mut child = crate::contain::spawn(
        Command::new("/proc/self/exe")
            .arg(HOLDER_ARG)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .env_clear(),
    )
    .ok()?;
    let pid = child.id() as i32;
    let mut said = String::new();
    let ready = child
        .stdout
        .take()
        .map(|out| BufReader::new(out).read_line(&mut said).is_ok() && said == "ready\n")
        .unwrap_or(false);
    if !ready || write_maps(pid).is_err() {
        let _ = child.kill();
        let _ = child.wait();
        return None;
    }
    let mut stdin = child.stdin.take()?;
    // The maps are written: the holder may go on (and stays until stdin closes).
    stdin.write_all(b"go\n").ok()?;
    Some(Held {
        pid,
        _child: Mutex::new(child),
        _stdin: Mutex::new(stdin),
    })
}

/// The holder's user namespace maps every user for root (the jails map their user to
/// `nobody` inside it, as they would on the host), else grundy's user and group alone.
fn write_maps(pid: i32) -> std::io::Result<()> {
    // SAFETY: geteuid and getegid only read this process's credentials.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let proc = format!("/proc/{pid}");
    if uid == 0 {
        std::fs::write(format!("{proc}/uid_map"), "0 0 4294967295\n")?;
        std::fs::write(format!("{proc}/gid_map"), "0 0 4294967295\n")?;
    } else {
        std::fs::write(format!("{proc}/setgroups"), "deny")?;
        std::fs::write(format!("{proc}/uid_map"), format!("0 {uid} 1\n"))?;
        std::fs::write(format!("{proc}/gid_map"), format!("0 {gid} 1\n"))?;
    }
    Ok(())
}

/// The holder itself: makes the namespaces, says `ready`, waits for its maps (`go`), then
/// for the end of its stdin. Returns the process's exit code.
pub(crate) fn hold() -> i32 {
    // It holds nothing of its caller's but its pipes.
    crate::contain::close_inherited(None, false);
    // SAFETY: unshare changes this (single-threaded, just started) process's namespaces.
    if unsafe { libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNET) } != 0 {
        return 1;
    }
    let mut out = std::io::stdout();
    if out.write_all(b"ready\n").and_then(|_| out.flush()).is_err() {
        return 1;
    }
    // Every line until EOF: grundy closes the pipe when it ends (or dies).
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        if line.is_err() {
            break;
        }
    }
    0
}

/// Run by a jail's launcher before it clones the jail: joins the holder `pid`'s user
/// namespace, then its network namespace. True when both were joined (then the jail
/// makes no network namespace of its own); false leaves the launcher where it was or, if
/// only the first worked, in the holder's user namespace, where a jail's own network
/// namespace can still be made.
pub(crate) fn join(pid: i32) -> bool {
    let open = |kind: &str| {
        let path = std::ffi::CString::new(format!("/proc/{pid}/ns/{kind}")).ok()?;
        // SAFETY: opening a path we own the string of.
        let fd = unsafe { libc::open(path.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC) };
        (fd >= 0).then_some(fd)
    };
    let (Some(user), Some(net)) = (open("user"), open("net")) else {
        return false;
    };
    // SAFETY: setns on descriptors just opened; the launcher is single-threaded, as
    // joining a user namespace requires.
    let joined = unsafe {
        libc::setns(user, libc::CLONE_NEWUSER) == 0 && libc::setns(net, libc::CLONE_NEWNET) == 0
    };
    // SAFETY: closing our own descriptors.
    unsafe {
        libc::close(user);
        libc::close(net);
    }
    joined
}
