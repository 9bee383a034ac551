//! Cells: a run's control group made once and reused, run after run, without moving a
//! process into it each time. Moving a process into a version 1 control group costs the
//! kernel an RCU grace period (5 to 15 ms here, for the `memory` hierarchy): more than
//! the whole sandbox of a run. So a cell is a group with a small resident process in it,
//! the *zygote* (this executable with [`ARG`]), which joined it once; a run's launcher
//! is forked by the zygote (born in the group, no move) with `CLONE_PARENT`, so that it
//! is grundy's own child, waited for as any other. Between two runs grundy resets the
//! group's figures (CPU time, peak memory) and writes the next run's limits; the
//! processes a run left are killed before its cell is reused.
//!
//! The zygote takes requests on a sequenced-packet socket, its standard input: the
//! launcher's working folder, its arguments and environment, and (as `SCM_RIGHTS`) the
//! run's standard streams and report pipe; it answers with the launcher's pid. It ends
//! when the socket closes (grundy ended) or grundy dies. Zygotes are started by one
//! thread that lives as long as grundy ([`keeper`]): a launcher's death signal is tied
//! to the thread that started its parent, which must not be a job's worker that ends.

use crate::cgroup::Group;
use crate::contain::{self, RunId};
use std::ffi::{CString, OsString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};

/// The first argument that puts the `grundy` binary in zygote mode.
pub const ARG: &str = "__grundy-cell";

/// A cell: its group, its zygote and the socket to it.
pub(crate) struct Cell {
    group: Group,
    zygote: Child,
    socket: OwnedFd,
    /// The marker the zygote (and a launcher before its exec) carries: a run that lives
    /// as long as the cell, so that a sweep of strays never takes them for one.
    _marker: RunId,
}

static POOL: Mutex<Vec<Cell>> = Mutex::new(Vec::new());

/// A cell for one run, reset for it (its figures at zero, the run's limits written): one
/// from the pool, or a new one. `None` where cells cannot be made (no control groups,
/// not version 1); an error where one could not be made this time.
pub(crate) fn take(memory: Option<u64>, processes: Option<u32>) -> Option<io::Result<Cell>> {
    if !crate::cgroup::reusable() {
        return None;
    }
    let pooled = POOL.lock().unwrap_or_else(|e| e.into_inner()).pop();
    let cell = match pooled {
        Some(c) => Ok(c),
        None => make(),
    };
    Some(cell.and_then(|c| {
        c.group.reset(memory, processes.map(|p| p + 1))?;
        Ok(c)
    }))
}

/// Gives a cell back after its run: every process the run left in it is killed; a cell
/// whose zygote is gone is dropped instead.
pub(crate) fn give_back(mut cell: Cell) {
    let zygote = cell.zygote.id() as i32;
    cell.group.kill_except(Some(zygote));
    if matches!(cell.zygote.try_wait(), Ok(None)) {
        POOL.lock().unwrap_or_else(|e| e.into_inner()).push(cell);
    }
}

/// Ends every pooled cell (their zygotes, then their groups): when grundy ends.
pub fn close_all() {
    let cells: Vec<Cell> = std::mem::take(&mut *POOL.lock().unwrap_or_else(|e| e.into_inner()));
    drop(cells);
}

impl Drop for Cell {
    fn drop(&mut self) {
        // The socket's end: the zygote's cue to exit.
        let _ = self.zygote.kill();
        let _ = self.zygote.wait();
        contain::release(self.zygote.id() as i32);
    }
}

impl Cell {
    /// The cell's group.
    pub(crate) fn group(&self) -> &Group {
        &self.group
    }

    /// Starts a launcher as `cmd` says (its program, arguments, environment and folder)
    /// with the run's standard streams and report pipe (`fds`: stdin, stdout, stderr,
    /// report; the report at the descriptor number its arguments name): its pid, a child
    /// of this process, registered.
    pub(crate) fn start(&self, cmd: &Command, fds: [RawFd; 4], report: RawFd) -> io::Result<i32> {
        let mut fields: Vec<Vec<u8>> = Vec::new();
        let dir = cmd.get_current_dir().map(|d| d.as_os_str().to_owned());
        fields.push(dir.unwrap_or_default().into_vec());
        fields.push(report.to_string().into_bytes());
        let args: Vec<OsString> = std::iter::once(cmd.get_program().to_owned())
            .chain(cmd.get_args().map(|a| a.to_owned()))
            .collect();
        fields.push(args.len().to_string().into_bytes());
        fields.extend(args.into_iter().map(OsString::into_vec));
        for (k, v) in cmd.get_envs() {
            if let Some(v) = v {
                let mut kv = k.as_bytes().to_vec();
                kv.push(b'=');
                kv.extend_from_slice(v.as_bytes());
                fields.push(kv);
            }
        }
        let message = fields.join(&0u8);
        // Until its exec, the launcher carries the cell's marker (a run as long as the
        // cell), and then the run's: no sweep takes it for a stray.
        send(self.socket.as_raw_fd(), &message, &fds)?;
        let mut answer = [0u8; 4];
        // SAFETY: reading into a valid buffer from our socket.
        let n = unsafe { libc::recv(self.socket.as_raw_fd(), answer.as_mut_ptr().cast(), 4, 0) };
        if n != 4 {
            return Err(io::Error::other("the cell's zygote did not answer"));
        }
        let pid = i32::from_ne_bytes(answer);
        if pid < 0 {
            return Err(io::Error::from_raw_os_error(-pid));
        }
        contain::register(pid);
        Ok(pid)
    }
}

/// Makes a new cell: its group (one move of a process into it, the zygote's own), and
/// the zygote, started by the [`keeper`] thread.
fn make() -> io::Result<Cell> {
    let group =
        Group::create(None, None).ok_or_else(|| io::Error::other("no control groups"))??;
    let (ours, theirs) = socket_pair()?;
    let marker = RunId::new();
    let mut cmd = Command::new("/proc/self/exe");
    cmd.arg(ARG)
        .args(group.procs_files())
        .env_clear()
        .env(contain::RUN_MARKER, marker.marker())
        .stdin(Stdio::from(theirs))
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let zygote = keeper(cmd)?;
    Ok(Cell {
        group,
        zygote,
        socket: ours,
        _marker: marker,
    })
}

/// Starts `cmd` (a zygote) from the one thread that lives as long as grundy.
fn keeper(cmd: Command) -> io::Result<Child> {
    type Request = (Command, mpsc::Sender<io::Result<Child>>);
    static KEEPER: OnceLock<Mutex<mpsc::Sender<Request>>> = OnceLock::new();
    let sender = KEEPER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Request>();
        std::thread::Builder::new()
            .name("grundy-cells".into())
            .spawn(move || {
                for (mut cmd, reply) in rx {
                    let _ = reply.send(contain::spawn(&mut cmd));
                }
            })
            .expect("a thread for the cells");
        Mutex::new(tx)
    });
    let (tx, rx) = mpsc::channel();
    sender
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((cmd, tx))
        .map_err(|_| io::Error::other("the cells' thread is gone"))?;
    rx.recv()
        .map_err(|_| io::Error::other("the cells' thread is gone"))?
}

fn socket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: socketpair fills two descriptors into a valid array.
    let r = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if r != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Sends one packet with descriptors.
fn send(sock: RawFd, data: &[u8], fds: &[RawFd; 4]) -> io::Result<()> {
    let mut control = vec![0u8; cmsg_space()];
    let mut iov = libc::iovec {
        iov_base: data.as_ptr() as *mut libc::c_void,
        iov_len: data.len(),
    };
    let msg = header(&mut iov, &mut control);
    // SAFETY: the header's pointers are to live buffers, and the control message is
    // written within `control`'s size.
    unsafe {
        let c = libc::CMSG_FIRSTHDR(&msg);
        (*c).cmsg_level = libc::SOL_SOCKET;
        (*c).cmsg_type = libc::SCM_RIGHTS;
        (*c).cmsg_len = libc::CMSG_LEN(std::mem::size_of_val(fds) as u32) as _;
        std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(c).cast::<RawFd>(), 4);
        if libc::sendmsg(sock, &msg, libc::MSG_NOSIGNAL) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

/// A message header over one buffer and a control buffer (which must outlive its use).
fn header(iov: &mut libc::iovec, control: &mut [u8]) -> libc::msghdr {
    // SAFETY: a zeroed msghdr is a valid empty header.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.as_mut_ptr().cast();
    msg.msg_controllen = control.len() as _;
    msg
}

fn cmsg_space() -> usize {
    // SAFETY: CMSG_SPACE only computes a size.
    unsafe { libc::CMSG_SPACE((4 * std::mem::size_of::<RawFd>()) as u32) as usize }
}

/// The zygote itself: `ARG PROCS…`, its socket on standard input. Joins the group once,
/// then forks a launcher per request until the socket closes. Returns its exit code.
pub(crate) fn serve(procs: Vec<OsString>) -> i32 {
    contain::close_inherited(None, false);
    // SAFETY: prctl only sets this process's death signal.
    unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) };
    let Ok(files) = procs
        .iter()
        .map(|p| CString::new(p.as_bytes()))
        .collect::<Result<Vec<_>, _>>()
    else {
        return 125;
    };
    // SAFETY: the files are valid C strings.
    if unsafe { crate::cgroup::join(&files) }.is_err() {
        return 125;
    }
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let (n, fds) = match receive(0, &mut buf) {
            Ok(Some(got)) => got,
            Ok(None) => return 0,
            Err(_) => return 125,
        };
        let pid = fork_launcher(&buf[..n], fds);
        for fd in fds {
            // SAFETY: closing the descriptors we received.
            unsafe { libc::close(fd) };
        }
        let answer = pid.to_ne_bytes();
        // SAFETY: writing a valid buffer to our socket.
        unsafe { libc::send(0, answer.as_ptr().cast(), 4, libc::MSG_NOSIGNAL) };
    }
}

/// Receives one packet and its four descriptors (`None`: the socket closed).
fn receive(sock: RawFd, buf: &mut [u8]) -> io::Result<Option<(usize, [RawFd; 4])>> {
    let mut control = vec![0u8; cmsg_space()];
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    let mut msg = header(&mut iov, &mut control);
    // SAFETY: the header's pointers are to live buffers, and the control message is read
    // within what the kernel says it wrote.
    unsafe {
        let n = loop {
            let n = libc::recvmsg(sock, &mut msg, libc::MSG_CMSG_CLOEXEC);
            if n < 0 && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted {
                continue;
            }
            break n;
        };
        if n < 0 {
            return Err(io::Error::last_os_error());
        }
        if n == 0 {
            return Ok(None);
        }
        let c = libc::CMSG_FIRSTHDR(&msg);
        if c.is_null() || (*c).cmsg_type != libc::SCM_RIGHTS {
            return Err(io::Error::other("no descriptors"));
        }
        let mut fds = [-1; 4];
        std::ptr::copy_nonoverlapping(libc::CMSG_DATA(c).cast::<RawFd>(), fds.as_mut_ptr(), 4);
        Ok(Some((n as usize, fds)))
    }
}

/// Forks the launcher of one request (`dir \0 report \0 argc \0 args… \0 env…`) as a child
/// of grundy (`CLONE_PARENT`): its pid, or minus the errno.
fn fork_launcher(message: &[u8], fds: [RawFd; 4]) -> i32 {
    let fields: Vec<&[u8]> = message.split(|&b| b == 0).collect();
    let text = |i: usize| fields.get(i).and_then(|f| std::str::from_utf8(f).ok());
    let (Some(report), Some(argc)) = (
        text(1).and_then(|t| t.parse::<RawFd>().ok()),
        text(2).and_then(|t| t.parse::<usize>().ok()),
    ) else {
        return -libc::EINVAL;
    };
    let c = |f: &&[u8]| CString::new(*f).ok();
    let (Some(dir), Some(args), Some(env)) = (
        fields.first().and_then(c),
        fields
            .get(3..3 + argc)
            .and_then(|a| a.iter().map(c).collect::<Option<Vec<_>>>()),
        fields
            .get(3 + argc..)
            .and_then(|e| e.iter().map(c).collect::<Option<Vec<_>>>()),
    ) else {
        return -libc::EINVAL;
    };
    let mut argv: Vec<*const libc::c_char> = args.iter().map(|a| a.as_ptr()).collect();
    argv.push(std::ptr::null());
    let mut envp: Vec<*const libc::c_char> = env.iter().map(|e| e.as_ptr()).collect();
    envp.push(std::ptr::null());
    // SAFETY: this process is single-threaded; the child only makes system calls before
    // its exec.
    let pid = unsafe { crate::launcher::fork_with(libc::CLONE_PARENT) };
    if pid == 0 {
        // SAFETY: the child, between its fork and its exec: system calls only.
        unsafe {
            libc::setpgid(0, 0);
            libc::chdir(dir.as_ptr());
            let high = libc::fcntl(fds[3], libc::F_DUPFD_CLOEXEC, 64);
            libc::dup2(fds[0], 0);
            libc::dup2(fds[1], 1);
            libc::dup2(fds[2], 2);
            libc::dup2(high, report);
            contain::close_inherited(Some(report), false);
            libc::execve(c"/proc/self/exe".as_ptr(), argv.as_ptr(), envp.as_ptr());
            libc::_exit(127);
        }
    }
    if pid < 0 {
        return -io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EAGAIN);
    }
    pid
}
