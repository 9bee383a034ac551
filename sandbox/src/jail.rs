//! The jail: what a judged program (and its compile) may touch. Each run gets its own
//! user, mount, PID, network, IPC and UTS namespaces, made by the launcher (see
//! [`crate::launcher`]) before the program starts:
//!
//! - **files**: a root of its own (a small tmpfs, read-only) holding only the system's
//!   toolchain folders (`/usr` and its links, a few files of `/etc`), the program's own
//!   files (its executable, its source, the files named in its command line) and the
//!   installation its interpreter or compiler lives in (`X` for `X/bin/python3`), all
//!   bound read-only; its working folder is an empty tmpfs of [`Policy::scratch`] bytes
//!   (a compile's is the host folder its output is taken from); nothing else of the host
//!   (not the package, the answers, the corpus, `$HOME`, the host's `/tmp`);
//! - **processes**: PID 1 of its namespace is the jail's own init, which reaps and, when
//!   the program ends, takes every process of the run with it; the program sees and
//!   signals only its own processes;
//! - **network**: an empty network namespace (not even a loopback that is up);
//! - **identity**: an unprivileged user (`nobody` when grundy runs as root), every
//!   capability dropped, `no_new_privs`, no nested user namespaces, and at most
//!   [`Policy::processes`] processes and threads (`RLIMIT_NPROC`, counted in its own
//!   user namespace).
//!
//! [`Mode::Auto`] uses the jail where the kernel allows it and says once what is missing
//! where it does not; [`Mode::Strict`] refuses to run without it; [`Mode::None`] runs as
//! before (the program has the user's rights). The mount, namespace and identity calls
//! are `rustix`'s; this module only decides what they are called with.

use std::ffi::OsString;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// Whether judged programs run in the jail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The jail where the machine allows it; a note once where it does not.
    Auto,
    /// The jail, or no run at all.
    Strict,
    /// No jail: programs run with the user's rights.
    None,
}

impl Mode {
    /// Parses `auto`, `strict` or `none`.
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "auto" => Some(Mode::Auto),
            "strict" => Some(Mode::Strict),
            "none" => Some(Mode::None),
            _ => None,
        }
    }

    /// Its name, as `--sandbox` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Auto => "auto",
            Mode::Strict => "strict",
            Mode::None => "none",
        }
    }
}

/// The jail's settings for every run of this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Policy {
    /// Whether to jail.
    pub mode: Mode,
    /// Most processes and threads of one run.
    pub processes: u32,
    /// Size of a run's scratch folder (its working folder), in bytes.
    pub scratch: u64,
    /// The most a compile may write: its largest file and its build folder, in bytes.
    pub compile_output: u64,
}

/// The most processes and threads of one run by default (a JVM starts about 20 threads).
pub const DEFAULT_PROCESSES: u32 = 64;

/// A run's scratch folder by default: 64 MiB.
pub const DEFAULT_SCRATCH: u64 = 64 << 20;

/// The most a compile may write by default: 256 MiB.
pub const DEFAULT_COMPILE_OUTPUT: u64 = 256 << 20;

impl Default for Policy {
    fn default() -> Self {
        Policy {
            mode: Mode::Auto,
            processes: DEFAULT_PROCESSES,
            scratch: DEFAULT_SCRATCH,
            compile_output: DEFAULT_COMPILE_OUTPUT,
        }
    }
}

/// What the policy's settings were given by: the command line wins over a package.
#[derive(Clone, Copy, Debug, Default)]
struct Given {
    mode: Option<Mode>,
    processes: Option<u32>,
    scratch: Option<u64>,
    compile_output: Option<u64>,
}

static COMMAND_LINE: Mutex<Given> = Mutex::new(Given {
    mode: None,
    processes: None,
    scratch: None,
    compile_output: None,
});
static PACKAGE: Mutex<Given> = Mutex::new(Given {
    mode: None,
    processes: None,
    scratch: None,
    compile_output: None,
});

fn lock(m: &Mutex<Given>) -> std::sync::MutexGuard<'_, Given> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The command line's settings (`--sandbox`, `--processes`): they win over a package's.
pub fn set_from_command_line(mode: Option<Mode>, processes: Option<u32>) {
    let mut g = lock(&COMMAND_LINE);
    g.mode = mode;
    g.processes = processes;
}

/// A package's settings (`[judge] sandbox`, `processes`, `scratch`, `compile-output`),
/// for what the command line did not set.
pub fn set_from_package(
    mode: Option<Mode>,
    processes: Option<u32>,
    scratch: Option<u64>,
    compile_output: Option<u64>,
) {
    *lock(&PACKAGE) = Given {
        mode,
        processes,
        scratch,
        compile_output,
    };
}

/// The policy in force.
pub fn policy() -> Policy {
    let (c, p, d) = (*lock(&COMMAND_LINE), *lock(&PACKAGE), Policy::default());
    Policy {
        mode: c.mode.or(p.mode).unwrap_or(d.mode),
        processes: c.processes.or(p.processes).unwrap_or(d.processes),
        scratch: c.scratch.or(p.scratch).unwrap_or(d.scratch),
        compile_output: c
            .compile_output
            .or(p.compile_output)
            .unwrap_or(d.compile_output),
    }
}

/// What this machine allows, found once by jailing `true`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// The jail works.
    Full,
    /// It does not: why (the step that failed and the kernel's words).
    Missing(String),
}

static SUPPORT: OnceLock<Support> = OnceLock::new();

/// Whether the jail works here (probed once, by a jailed run of `true`).
pub fn support() -> &'static Support {
    SUPPORT.get_or_init(|| {
        if !crate::launcher::registered() {
            return Support::Missing(
                "this process does not start programs through grundy's launcher".into(),
            );
        }
        let limits = crate::runner::RunLimits::with_time(std::time::Duration::from_secs(10), 3.0);
        let run = crate::runner::run_jailed(&["true".to_string()], b"", &limits);
        match run.exit {
            crate::runner::Exit::Success => Support::Full,
            crate::runner::Exit::SpawnFailed(why) => Support::Missing(explain(&why)),
            other => Support::Missing(format!("a sandboxed `true` {other}")),
        }
    })
}

/// The probe's failure in a reader's words: the step, the kernel's error and what it
/// usually means.
fn explain(why: &str) -> String {
    let why = why.strip_prefix("cannot run true: ").unwrap_or(why);
    let hint = if why.contains("creating the namespaces") {
        if why.contains("os error 28") {
            " (the limit user.max_user_namespaces is 0, or reached)"
        } else if why.contains("os error 1)") {
            " (unprivileged user namespaces are off, or this container may not make them)"
        } else if why.contains("os error 22") {
            " (this kernel has no user namespaces)"
        } else {
            ""
        }
    } else {
        ""
    };
    format!("{why}{hint}")
}

/// Why no judged run may start: `--sandbox strict` on a machine without the sandbox (the
/// message says why, and how to enable it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// Whether runs of this process are jailed now; an error under [`Mode::Strict`] where
/// the jail does not work.
pub fn in_force() -> Result<bool, Refused> {
    let p = policy();
    match p.mode {
        Mode::None => Ok(false),
        Mode::Auto => Ok(*support() == Support::Full),
        Mode::Strict => match (support(), crate::cgroup::support()) {
            (Support::Full, crate::cgroup::Support::Full(_)) => Ok(true),
            (Support::Missing(why), _) => Err(Refused(format!(
                "sandbox strict: no run without the sandbox, and this machine does not allow it ({why}); to enable it, {HOW_TO_ENABLE}"
            ))),
            (Support::Full, crate::cgroup::Support::Missing(why)) => Err(Refused(format!(
                "sandbox strict: no run without a control group of its own, and this machine does not allow one ({why}); to enable it, {HOW_TO_ENABLE_GROUPS}"
            ))),
        },
    }
}

/// How to let grundy make a control group per run.
pub const HOW_TO_ENABLE_GROUPS: &str = "run grundy as root, or (v2) where the group above grundy's own hands the memory and pids controllers down to your user";

/// The process cap of the jail, when judged runs are jailed.
pub fn in_force_cap() -> Option<u32> {
    in_force().ok()?.then(|| policy().processes)
}

/// How to let the kernel make the jail.
pub const HOW_TO_ENABLE: &str = "allow unprivileged user namespaces (`sysctl -w kernel.unprivileged_userns_clone=1` on Debian, `sysctl -w user.max_user_namespaces=15000`, or the AppArmor rule `kernel.apparmor_restrict_unprivileged_userns=0` on Ubuntu), or run grundy as root";

/// The sandbox in a few words for a report's header (`sandbox: namespaces, 64 processes,
/// scratch 64 MiB`). Where the jail is wanted but missing, the note of what a program
/// can then do is printed once on stderr.
pub fn describe() -> String {
    let p = policy();
    match p.mode {
        Mode::None => "sandbox: none (--sandbox none: the program runs with your rights)".into(),
        _ => match support() {
            Support::Full => format!(
                "sandbox: namespaces (user, mount, pid, network), {}, {} processes, scratch {} MiB, one core per job",
                groups_in_words(),
                p.processes,
                p.scratch >> 20
            ),
            Support::Missing(_) => {
                warn_once();
                "sandbox: none (this machine does not allow one; see the note above)".into()
            }
        },
    }
}

/// The control groups in a few words (and, where they are missing, a note once on
/// stderr of what that leaves per process).
fn groups_in_words() -> String {
    if let crate::cgroup::Support::Missing(why) = crate::cgroup::support() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            eprintln!(
                "note: no control groups: {why}.\n  A run's CPU time and memory are then its main process's: children it does not wait for, and memory it shares, are not counted.\n  To enable them, {HOW_TO_ENABLE_GROUPS}. `--sandbox strict` refuses to run without them."
            );
        });
        return "no control groups (CPU time and memory per process)".into();
    }
    crate::cgroup::describe()
}

/// Says once on stderr that the jail is missing, what a program can then do and how to
/// enable it.
pub fn warn_once() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    if let Support::Missing(why) = support() {
        if policy().mode == Mode::Auto {
            ONCE.call_once(|| {
                eprintln!(
                    "note: no sandbox: {why}.\n  Judged programs run with your rights: they can read and write your files, use the network and signal grundy.\n  To enable it, {HOW_TO_ENABLE}. `--sandbox none` says you meant this; `--sandbox strict` refuses to run without it."
                );
            });
        }
    }
}

/// What a jailed program sees read-only: the system folders, the entries of `/etc` a
/// toolchain reads, and the paths of its own command line.
fn shown(spec: &Spec) -> Vec<Source> {
    let mut sources: Vec<Source> = Vec::new();
    sources.extend(SYSTEM.iter().filter_map(|s| Source::open(Path::new(s))));
    if let Ok(entries) = std::fs::read_dir("/etc") {
        for e in entries.flatten() {
            let name = e.file_name();
            let name = name.to_string_lossy();
            if ETC
                .iter()
                .any(|w| name == *w || (w.ends_with('-') && name.starts_with(w)))
            {
                sources.extend(Source::open(&e.path()));
            }
        }
    }
    sources.extend(spec.read_only.iter().filter_map(|p| Source::open(p)));
    sources
}

/// The program's working folder inside the root: a tmpfs scratch of `scratch` bytes,
/// or (with none) the host's working folder, bound through its open descriptor.
fn working_folder(
    scratch: Option<u64>,
    at: &Path,
    host_work: &std::fs::File,
) -> Result<(), SetupError> {
    use rustix::mount::{self, MountFlags};
    match scratch {
        Some(bytes) => {
            let opts = std::ffi::CString::new(format!("size={bytes},nr_inodes=16384,mode=0777"))
                .unwrap_or_default();
            step(
                || "mounting the scratch folder (tmpfs)".into(),
                mount::mount(
                    "scratch",
                    at,
                    "tmpfs",
                    MountFlags::NOSUID | MountFlags::NODEV,
                    opts.as_c_str(),
                )
                .map_err(rx),
            )
        }
        None => {
            use std::os::fd::AsRawFd;
            let fd = format!("/proc/self/fd/{}", host_work.as_raw_fd());
            step(
                || "binding the working folder".into(),
                mount::mount_bind(fd.as_str(), at).map_err(rx),
            )
        }
    }
}

/// Makes `root` the process's root (`pivot_root`), the host's root detached, and — where
/// the kernel could not make the tree read-only at once (`at_once`) — remounts it so.
fn pivot(root: &Path, at_once: bool) -> Result<(), SetupError> {
    use rustix::mount::{self, MountFlags};
    step(
        || "entering the root".into(),
        std::env::set_current_dir(root),
    )?;
    step(
        || "pivot_root".into(),
        rustix::process::pivot_root(".", ".").map_err(rx),
    )?;
    step(
        || "detaching the host's root".into(),
        mount::unmount(".", mount::UnmountFlags::DETACH).map_err(rx),
    )?;
    if !at_once {
        step(
            || "making the root read-only".into(),
            mount::mount_remount(
                "/",
                MountFlags::RDONLY | MountFlags::NOSUID | MountFlags::NODEV,
                c"",
            )
            .map_err(rx),
        )?;
    }
    Ok(())
}

/// The system folders every jailed program sees read-only (those that exist; a link such
/// as `/bin -> usr/bin` is made as the same link).
const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt",
];

/// The entries of `/etc` a toolchain reads (the dynamic loader's cache, the alternatives a
/// `java` or `cc` link goes through, the JDK's and Python's settings, the time zone, the
/// user and group names); not the rest (`shadow`, keys, the host's configuration).
const ETC: &[&str] = &[
    "ld.so.cache",
    "ld.so.conf",
    "ld.so.conf.d",
    "alternatives",
    "localtime",
    "nsswitch.conf",
    "passwd",
    "group",
    "java-",
    "python3",
    "mono",
    "dotnet",
];

/// True when `p` lies in a folder every jail shows anyway.
fn is_system(p: &Path) -> bool {
    SYSTEM.iter().any(|s| p.starts_with(s)) || p.starts_with("/etc") || p.starts_with("/dev")
}

/// The host paths a program needs read-only besides the system folders: every existing
/// absolute path of its command line (its executable, its source, its files), `argv[0]`
/// looked up in PATH, the interpreter of a script (`#!`), and for an executable at
/// `X/bin/NAME` outside the system folders, `X` (the installation it belongs to: a
/// pyenv Python, a rustup toolchain, an SDK).
pub fn needed_paths(argv: &[String]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    let mut todo: Vec<PathBuf> = Vec::new();
    for (i, a) in argv.iter().enumerate() {
        if a.starts_with('/') {
            todo.push(PathBuf::from(a));
        } else if i == 0 {
            if let Some(found) = in_path(a) {
                todo.push(found);
            }
        }
    }
    // Each entry is looked at once; a script's interpreter is added to the list.
    let mut seen = 0;
    while seen < todo.len() && seen < 64 {
        let p = todo[seen].clone();
        seen += 1;
        // A link named in the command line (a venv's `bin/python3`) is made as the
        // same link, each link of its chain too.
        let mut link = p.clone();
        for _ in 0..16 {
            let Ok(to) = std::fs::read_link(&link) else {
                break;
            };
            if !is_system(&link) {
                push_unique(&mut out, link.clone());
            }
            link = link.parent().map_or(to.clone(), |d| d.join(&to));
        }
        let Ok(real) = std::fs::canonicalize(&p) else {
            continue;
        };
        if let Some(interp) = interpreter(&real) {
            todo.push(interp);
        }
        if is_system(&real) {
            continue;
        }
        if real.is_file() {
            if let Some(prefix) = installation(&real) {
                push_unique(&mut out, prefix);
            }
        }
        push_unique(&mut out, real);
    }
    // A path inside a folder bound is bound with it.
    let all = out.clone();
    out.retain(|p| !all.iter().any(|q| q != p && p.starts_with(q) && q.is_dir()));
    out
}

fn push_unique(v: &mut Vec<PathBuf>, p: PathBuf) {
    if !v.contains(&p) {
        v.push(p);
    }
}

/// `name` looked up in this process's PATH.
fn in_path(name: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The interpreter of a script (`#!/path` or `#!/usr/bin/env NAME`).
fn interpreter(file: &Path) -> Option<PathBuf> {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(file).ok()?.read(&mut head).ok()?;
    let line = head[..n].strip_prefix(b"#!")?;
    let line = &line[..line.iter().position(|&b| b == b'\n').unwrap_or(line.len())];
    let text = String::from_utf8_lossy(line);
    let mut words = text.split_whitespace();
    let first = words.next()?;
    if first.ends_with("/env") {
        let name = words.find(|w| !w.starts_with('-'))?;
        return in_path(name);
    }
    Some(PathBuf::from(first))
}

/// `X` for an executable at `X/bin/NAME` outside the system folders.
fn installation(exe: &Path) -> Option<PathBuf> {
    let bin = exe.parent()?;
    if bin.file_name()? != "bin" {
        return None;
    }
    let prefix = bin.parent()?;
    // Not a home folder or the root itself (`~/bin/tool`, `/bin/tool`).
    (prefix.components().count() > 3).then(|| prefix.to_path_buf())
}

/// The jail of a judged run of `argv` under the policy in force: `None` where runs are
/// not jailed; an error under `--sandbox strict` where the jail cannot be made.
pub fn for_run(argv: &[String]) -> Result<Option<Spec>, Refused> {
    let p = policy();
    Ok(in_force()?.then(|| Spec {
        read_only: needed_paths(argv),
        scratch: Some(p.scratch),
        processes: p.processes,
        network: crate::network::holder(),
    }))
}

/// The jail of a program of a package (a checker, an interactor, a generator, a game's
/// rules): as [`for_run`], with the folders `shown` (the package's) and those of the
/// files its command line names read-only, and with
/// `host_folder` its host working folder writable (a feedback folder) instead of a
/// scratch.
pub fn for_package(
    argv: &[String],
    shown: &[PathBuf],
    host_folder: bool,
) -> Result<Option<Spec>, Refused> {
    // The folders of the files its command line names: a package's `checker.py`
    // imports the modules beside it, a wrapper script runs the program beside it.
    let folders = argv.iter().filter_map(|a| {
        let p = Path::new(a);
        (p.is_absolute() && p.is_file() && !is_system(p)).then(|| p.parent())?
    });
    Ok(for_run(argv)?.map(|mut s| {
        for p in shown.iter().map(PathBuf::as_path).chain(folders) {
            if let Ok(real) = std::fs::canonicalize(p) {
                push_unique(&mut s.read_only, real);
            }
        }
        // A path inside a folder bound is bound with it.
        let all = s.read_only.clone();
        s.read_only
            .retain(|p| !all.iter().any(|q| q != p && p.starts_with(q) && q.is_dir()));
        if host_folder {
            s.scratch = None;
        }
        s
    }))
}

/// The jail of a compile: as [`for_run`], with the host working folder writable (the
/// output is taken from it).
pub fn for_compile(argv: &[String]) -> Result<Option<Spec>, Refused> {
    Ok(for_run(argv)?.map(|s| Spec { scratch: None, ..s }))
}

/// What the launcher is told of the jail: the host paths to bind read-only, the
/// scratch (a tmpfs of this many bytes, or the host folder the run starts in), the
/// process cap.
#[derive(Clone, Debug)]
pub struct Spec {
    /// Host paths bound read-only at the same place.
    pub read_only: Vec<PathBuf>,
    /// `Some(bytes)`: the working folder is a fresh tmpfs of this size; `None`: the host
    /// folder itself, writable (a compile's output is taken from it).
    pub scratch: Option<u64>,
    /// Most processes and threads.
    pub processes: u32,
    /// The pid of the [holder](crate::network) of the network namespace to join (`None`:
    /// the jail makes one of its own).
    pub network: Option<i32>,
}

impl Spec {
    /// The launcher's arguments for it: `ns NPROC SCRATCH NETWORK COUNT PATH…`.
    pub(crate) fn args(&self) -> Vec<OsString> {
        let mut v: Vec<OsString> = vec![
            "ns".into(),
            self.processes.to_string().into(),
            self.scratch
                .map_or("host".to_string(), |b| b.to_string())
                .into(),
            self.network
                .map_or("own".to_string(), |p| p.to_string())
                .into(),
            self.read_only.len().to_string().into(),
        ];
        v.extend(self.read_only.iter().map(|p| p.as_os_str().to_owned()));
        v
    }

    /// Reads what [`Spec::args`] wrote (after the `ns`); the arguments used.
    pub(crate) fn parse(args: &[OsString]) -> Option<(Spec, usize)> {
        let text = |i: usize| args.get(i).and_then(|a| a.to_str());
        let processes = text(0)?.parse().ok()?;
        let scratch = match text(1)? {
            "host" => None,
            b => Some(b.parse().ok()?),
        };
        let network = match text(2)? {
            "own" => None,
            p => Some(p.parse().ok()?),
        };
        let count: usize = text(3)?.parse().ok()?;
        let read_only = args.get(4..4 + count)?.iter().map(PathBuf::from).collect();
        Some((
            Spec {
                read_only,
                scratch,
                processes,
                network,
            },
            4 + count,
        ))
    }
}

/// Why the jail could not be made: the step and the kernel's error.
pub(crate) struct SetupError(pub String, pub io::Error);

fn step<T>(what: impl FnOnce() -> String, r: io::Result<T>) -> Result<T, SetupError> {
    r.map_err(|e| SetupError(what(), e))
}

fn rx(e: rustix::io::Errno) -> io::Error {
    io::Error::from_raw_os_error(e.raw_os_error())
}

/// The identity mapping the launcher writes for the jail's first process `pid`: its
/// user and group (`nobody` for root: `host_root`, decided before the launcher joined
/// the [shared network](crate::network)'s user namespace, where every user looks like
/// root) as user and group 0 inside.
pub(crate) fn write_maps(pid: i32, host_root: bool) -> io::Result<()> {
    // SAFETY: geteuid and getegid only read this process's credentials (as the user
    // namespace it is in sees them).
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let (out_uid, out_gid, setgroups) = if host_root {
        (65534, 65534, "allow")
    } else {
        (uid, gid, "deny")
    };
    let proc = PathBuf::from(format!("/proc/{pid}"));
    // Unprivileged, setgroups must be denied before the group map is written.
    let _ = std::fs::write(proc.join("setgroups"), setgroups);
    std::fs::write(proc.join("uid_map"), format!("0 {out_uid} 1\n"))?;
    std::fs::write(proc.join("gid_map"), format!("0 {out_gid} 1\n"))?;
    Ok(())
}

/// A host path to show in the jail, opened (`O_PATH`) while the jail's first process
/// still has the launcher's identity (grundy's user may reach folders, such as `/root`,
/// that the jail's user may not).
struct Source {
    path: PathBuf,
    link: Option<PathBuf>,
    fd: Option<std::os::fd::OwnedFd>,
    is_dir: bool,
}

impl Source {
    fn open(path: &Path) -> Option<Source> {
        let meta = std::fs::symlink_metadata(path).ok()?;
        if meta.file_type().is_symlink() {
            return Some(Source {
                path: path.to_path_buf(),
                link: std::fs::read_link(path).ok(),
                fd: None,
                is_dir: false,
            });
        }
        let fd = rustix::fs::open(
            path,
            rustix::fs::OFlags::PATH | rustix::fs::OFlags::CLOEXEC | rustix::fs::OFlags::NOFOLLOW,
            rustix::fs::Mode::empty(),
        )
        .ok()?;
        Some(Source {
            path: path.to_path_buf(),
            link: None,
            fd: Some(fd),
            is_dir: meta.is_dir(),
        })
    }
}

/// Run by the jail's first process (PID 1 of its namespaces, in the working folder
/// `work`): opens what the jail shows, takes the identity of the mapped user, builds the
/// root and enters it.
pub(crate) fn enter(spec: &Spec, work: &Path) -> Result<(), SetupError> {
    use rustix::mount::{self, MountFlags, MountPropagationFlags};
    let sources = shown(spec);
    // The host folder itself, kept open: the root's tmpfs is mounted over it.
    let host_work = step(
        || format!("opening {}", work.display()),
        std::fs::File::open(work),
    )?;
    // SAFETY: setresgid/setresuid/setgroups change this process's credentials only.
    unsafe {
        libc::setresgid(0, 0, 0);
        libc::setresuid(0, 0, 0);
        libc::setgroups(0, std::ptr::null());
    }
    step(
        || "making the mounts private".into(),
        mount::mount_change(
            "/",
            MountPropagationFlags::REC | MountPropagationFlags::PRIVATE,
        )
        .map_err(rx),
    )?;
    let root = work;
    step(
        || "mounting the root (tmpfs)".into(),
        mount::mount(
            "grundy",
            root,
            "tmpfs",
            MountFlags::NOSUID | MountFlags::NODEV,
            c"size=4m,nr_inodes=4096,mode=0755",
        )
        .map_err(rx),
    )?;
    let at = |p: &Path| root.join(p.strip_prefix("/").unwrap_or(p));
    // One call makes the whole tree read-only where the kernel has it (5.12 and later);
    // else each bind is remounted on its own, and the root after pivot_root.
    let at_once = read_only_tree_supported();
    for s in &sources {
        place(s, &at(&s.path), !at_once)?;
    }
    devices(&at(Path::new("/dev")))?;
    let proc = at(Path::new("/proc"));
    step(|| "creating /proc".into(), std::fs::create_dir_all(&proc))?;
    let scratch = at(work);
    step(
        || "creating the working folder".into(),
        std::fs::create_dir_all(&scratch),
    )?;
    if at_once {
        step(|| "making the root read-only".into(), read_only_tree(root))?;
    }
    step(
        || "mounting /proc".into(),
        mount::mount(
            "proc",
            &proc,
            "proc",
            MountFlags::NOSUID | MountFlags::NODEV | MountFlags::NOEXEC,
            c"",
        )
        .map_err(rx),
    )?;
    working_folder(spec.scratch, &scratch, &host_work)?;
    drop(host_work);
    drop(sources);
    pivot(root, at_once)?;
    // No user namespace inside this one (a way back to capabilities).
    let _ = std::fs::write("/proc/sys/user/max_user_namespaces", "0");
    let _ = rustix::system::sethostname(b"grundy");
    step(
        || format!("entering {}", work.display()),
        std::env::set_current_dir(work),
    )?;
    Ok(())
}

/// Makes host path `s` appear at `target` (under the new root): a link as the same link,
/// a small settings file of `/etc` copied, a folder or a file bound — and, with
/// `remount`, the bind remounted read-only on its own (where the whole root cannot be
/// made read-only at once: [`read_only_tree`]).
fn place(s: &Source, target: &Path, remount: bool) -> Result<(), SetupError> {
    use rustix::mount::{self, MountFlags};
    use std::os::fd::AsRawFd;
    let p = &s.path;
    let parent = target.parent().unwrap_or(target);
    step(
        || format!("creating {}", parent.display()),
        std::fs::create_dir_all(parent),
    )?;
    if std::fs::symlink_metadata(target).is_ok() {
        return Ok(());
    }
    let Some(fd) = &s.fd else {
        return match &s.link {
            Some(to) => step(
                || format!("linking {}", p.display()),
                std::os::unix::fs::symlink(to, target),
            ),
            None => Ok(()),
        };
    };
    if s.is_dir {
        step(
            || format!("creating {}", target.display()),
            std::fs::create_dir(target),
        )?;
    } else if p.starts_with("/etc") {
        // A small settings file (the loader's cache, `passwd`) is copied into the root,
        // which is made read-only with it: cheaper than a mount of its own, made and
        // torn down at every run.
        return step(
            || format!("copying {}", p.display()),
            std::fs::copy(p, target).map(drop),
        );
    } else {
        step(
            || format!("creating {}", target.display()),
            std::fs::File::create(target).map(drop),
        )?;
    }
    let from = format!("/proc/self/fd/{}", fd.as_raw_fd());
    step(
        || format!("binding {}", p.display()),
        mount::mount_bind_recursive(from.as_str(), target).map_err(rx),
    )?;
    if !remount {
        return Ok(());
    }
    // A remount must keep the flags the host's mount has (the kernel refuses to clear
    // them in a user namespace).
    let mut flags = MountFlags::BIND | MountFlags::RDONLY | MountFlags::NOSUID;
    if let Ok(st) = rustix::fs::fstatvfs(fd) {
        use rustix::fs::StatVfsMountFlags as F;
        for (has, set) in [
            (F::NODEV, MountFlags::NODEV),
            (F::NOEXEC, MountFlags::NOEXEC),
            (F::NOATIME, MountFlags::NOATIME),
            (F::NODIRATIME, MountFlags::NODIRATIME),
            (F::RELATIME, MountFlags::RELATIME),
        ] {
            if st.f_flag.contains(has) {
                flags |= set;
            }
        }
    }
    step(
        || format!("making {} read-only", p.display()),
        mount::mount_remount(target, flags, c"").map_err(rx),
    )
}

/// The devices a program may open (`/dev/null`, `zero`, `full`, `random`, `urandom`) and
/// the links to its own descriptors.
/// `struct mount_attr` of `mount_setattr(2)`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// `MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID`.
const READ_ONLY_NOSUID: u64 = 0x1 | 0x2;

/// `mount_setattr(path, flags, {attr_set: set})` from the current folder: the raw call
/// (rustix has no wrapper for it); its result, or the errno.
fn mount_setattr(path: &std::ffi::CStr, flags: libc::c_uint, set: u64) -> io::Result<()> {
    let attr = MountAttr {
        attr_set: set,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: the path is a valid C string and the attribute struct lives across the
    // call, its size given.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            path.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// Makes the mount at `root` and every mount under it read-only and nosuid in one
/// `mount_setattr(AT_RECURSIVE)` call: the flags a host mount has are kept, only these
/// two are added.
fn read_only_tree(root: &Path) -> io::Result<()> {
    let path = std::ffi::CString::new(root.as_os_str().as_encoded_bytes())
        .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))?;
    mount_setattr(&path, libc::AT_RECURSIVE as libc::c_uint, READ_ONLY_NOSUID)
}

/// True when the kernel has `mount_setattr` (Linux 5.12): a call with no attributes on
/// the empty path fails with EINVAL or ENOENT where it exists, ENOSYS where not.
fn read_only_tree_supported() -> bool {
    !matches!(
        mount_setattr(c"", 0, 0),
        Err(e) if e.raw_os_error() == Some(libc::ENOSYS)
    )
}

fn devices(dev: &Path) -> Result<(), SetupError> {
    use rustix::mount;
    step(|| "creating /dev".into(), std::fs::create_dir_all(dev))?;
    for name in ["null", "zero", "full", "random", "urandom"] {
        let host = Path::new("/dev").join(name);
        if !host.exists() {
            continue;
        }
        let target = dev.join(name);
        step(
            || format!("creating /dev/{name}"),
            std::fs::File::create(&target).map(drop),
        )?;
        step(
            || format!("binding /dev/{name}"),
            mount::mount_bind(&host, &target).map_err(rx),
        )?;
    }
    for (name, to) in [
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ] {
        step(
            || format!("linking /dev/{name}"),
            std::os::unix::fs::symlink(to, dev.join(name)),
        )?;
    }
    Ok(())
}

/// Run by the program's process just before its exec: every capability gone for good
/// (the bounding set emptied, root in the namespace given nothing at exec), no new
/// privileges, and the process cap.
///
/// # Safety
/// Only in a forked child before exec: plain system calls, no allocation.
pub(crate) unsafe fn drop_privileges(processes: u32) {
    for cap in 0..64 {
        if libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 {
            break;
        }
    }
    // SECBIT_NOROOT | _LOCKED | SECBIT_NO_SETUID_FIXUP | _LOCKED | SECBIT_KEEP_CAPS_LOCKED
    // | SECBIT_NO_CAP_AMBIENT_RAISE | _LOCKED.
    libc::prctl(
        libc::PR_SET_SECUREBITS,
        0x1 | 0x2 | 0x4 | 0x8 | 0x20 | 0x40 | 0x80,
        0,
        0,
        0,
    );
    libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    let lim = libc::rlimit {
        rlim_cur: libc::rlim_t::from(processes),
        rlim_max: libc::rlim_t::from(processes),
    };
    libc::setrlimit(libc::RLIMIT_NPROC, &lim);
}

/// Writes a line for the launcher's report.
pub(crate) fn report_line(step: &str, e: &io::Error) -> Vec<u8> {
    let mut line = format!("J {} ", e.raw_os_error().unwrap_or(0)).into_bytes();
    line.extend(
        step.as_bytes()
            .iter()
            .map(|&b| if b == b'\n' { b' ' } else { b }),
    );
    line.push(b'\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_survives_the_launcher_s_arguments() {
        let spec = Spec {
            read_only: vec!["/a b/c".into(), "/d".into()],
            scratch: Some(1 << 20),
            processes: 7,
            network: Some(42),
        };
        let args = spec.args();
        assert_eq!(args[0], "ns");
        let (back, used) = Spec::parse(&args[1..]).unwrap();
        assert_eq!(used, args.len() - 1);
        assert_eq!(back.read_only, spec.read_only);
        assert_eq!(back.scratch, Some(1 << 20));
        assert_eq!(back.processes, 7);
        assert_eq!(back.network, Some(42));
    }

    #[test]
    fn an_installation_is_the_folder_above_bin() {
        assert_eq!(
            installation(Path::new("/root/.pyenv/versions/3.11.7/bin/python3.11")),
            Some(PathBuf::from("/root/.pyenv/versions/3.11.7"))
        );
        assert_eq!(installation(Path::new("/home/me/bin/tool")), None);
        assert_eq!(installation(Path::new("/home/me/sol")), None);
    }
}
