//! Control groups: a run as one accounted unit, as isolate and the judges make it. Every
//! process a run starts (the program, its children whether or not anyone waits for them,
//! a compiler's own passes) is in the run's group, so that:
//!
//! - **CPU time** is the group's (`cpuacct.usage`, `cpu.stat`): a child that burns CPU
//!   and is never waited for counts;
//! - **memory** is limited over the group (`memory.limit_in_bytes`, `memory.max`),
//!   shared memory and `memfd` included, *during* the run (a JVM's or Node's real use,
//!   not only its address space), and the kernel's kill at the limit is counted
//!   (`oom_kill`) and its peak read;
//! - **processes and threads** are capped over the group (`pids.max`).
//!
//! Version 1 (one hierarchy per controller: `memory`, `pids`, `cpuacct`, as this kind of
//! machine has) and version 2 (one unified hierarchy) are both read from
//! `/proc/self/mountinfo` and `/proc/self/cgroup`. grundy makes a folder of its own,
//! `grundy-PID`, under its own group (v2: under its own group or the hierarchy's root,
//! wherever the controllers can be delegated), and one `run-N` folder in it per run,
//! removed when the run ends. The launcher joins the run's group before it starts
//! anything ([`join`]), so every process of the run is born in it. Where no group can be
//! made (no hierarchy, no right to write it), [`support`] says why and runs keep
//! per-process limits.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

/// Which kind of hierarchy the groups are made in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// One hierarchy per controller (`memory`, `pids`, `cpuacct`).
    V1,
    /// The unified hierarchy.
    V2,
}

/// Where this grundy makes its run groups: its own folder in each hierarchy.
#[derive(Clone, Debug)]
struct Place {
    version: Version,
    /// v1: the `memory`, `pids` and `cpuacct` folders of this grundy (`grundy-PID`);
    /// v2: the one folder, three times.
    memory: PathBuf,
    pids: PathBuf,
    cpu: PathBuf,
}

/// Whether runs get a control group here.
#[derive(Clone, Debug)]
pub enum Support {
    /// They do, in this version's hierarchy.
    Full(Version),
    /// They do not: why.
    Missing(String),
}

static PLACE: OnceLock<Result<Place, String>> = OnceLock::new();

fn place() -> &'static Result<Place, String> {
    PLACE.get_or_init(|| {
        let place = find().and_then(|p| prepare(&p).map(|()| p))?;
        // The probe: a group made, limited and removed.
        Group::create_in(&place, Some(64 << 20), Some(8))
            .map(drop)
            .map_err(|e| format!("cannot make a run's control group: {e}"))?;
        Ok(place)
    })
}

/// True when run groups are made in version 1 hierarchies, where moving a process into a
/// group is slow and a group is reused instead ([`crate::cell`]).
pub(crate) fn reusable() -> bool {
    matches!(support(), Support::Full(Version::V1))
}

/// Whether runs get a control group on this machine (found once).
pub fn support() -> Support {
    match place() {
        Ok(p) => Support::Full(p.version),
        Err(why) => Support::Missing(why.clone()),
    }
}

/// The groups in a few words for a report's header: `control groups v1 (memory, pids,
/// cpuacct)`, or `no control groups` where they are missing.
pub fn describe() -> String {
    match support() {
        Support::Full(Version::V1) => "control groups v1 (memory, pids, cpuacct)".into(),
        Support::Full(Version::V2) => "control groups v2 (memory, pids, cpu)".into(),
        Support::Missing(_) => "no control groups".into(),
    }
}

/// One line of `/proc/self/mountinfo`: the mount point, the root of the mount, the file
/// system type and its super options.
struct Mount {
    point: PathBuf,
    root: String,
    fstype: String,
    options: String,
}

fn mounts() -> Vec<Mount> {
    let text = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let (left, right) = line.split_once(" - ")?;
            let l: Vec<&str> = left.split(' ').collect();
            let r: Vec<&str> = right.split(' ').collect();
            Some(Mount {
                root: l.get(3)?.to_string(),
                point: PathBuf::from(unescape(l.get(4)?)),
                fstype: r.first()?.to_string(),
                options: r.get(2).unwrap_or(&"").to_string(),
            })
        })
        .collect()
}

/// A mountinfo field with its octal escapes (`\040` for a space) decoded.
fn unescape(field: &str) -> String {
    let b = field.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 4 <= b.len() && b[i + 1..i + 4].iter().all(u8::is_ascii_digit) {
            let v = b[i + 1..i + 4]
                .iter()
                .fold(0u32, |v, d| v * 8 + u32::from(d - b'0'));
            out.push(v as u8);
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// This process's group in the hierarchy of `controller` (`""`: the unified one), from
/// `/proc/self/cgroup`.
fn own_group(controller: &str) -> Option<String> {
    let text = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    text.lines().find_map(|line| {
        let mut f = line.splitn(3, ':');
        let (_, controllers, path) = (f.next()?, f.next()?, f.next()?);
        let hit = if controller.is_empty() {
            controllers.is_empty()
        } else {
            controllers.split(',').any(|c| c == controller)
        };
        hit.then(|| path.to_string())
    })
}

/// The folder of this process's group under a mount of its hierarchy.
fn folder(m: &Mount, group: &str) -> PathBuf {
    let rel = if m.root != "/" && group.starts_with(&m.root) {
        &group[m.root.len()..]
    } else {
        group
    };
    m.point.join(rel.trim_start_matches('/'))
}

/// Where this grundy's groups go: version 1 where the `memory`, `pids` and `cpuacct`
/// hierarchies are mounted, else version 2.
fn find() -> Result<Place, String> {
    let mounts = mounts();
    let v1 = |controller: &str| {
        let m = mounts
            .iter()
            .find(|m| m.fstype == "cgroup" && m.options.split(',').any(|o| o == controller))?;
        Some(folder(m, &own_group(controller)?))
    };
    let mine = format!("grundy-{}", std::process::id());
    if let (Some(memory), Some(pids), Some(cpu)) = (v1("memory"), v1("pids"), v1("cpuacct")) {
        return Ok(Place {
            version: Version::V1,
            memory: memory.join(&mine),
            pids: pids.join(&mine),
            cpu: cpu.join(&mine),
        });
    }
    let Some(unified) = mounts.iter().find(|m| m.fstype == "cgroup2") else {
        return Err(
            "no control group hierarchy is mounted (neither v1's memory, pids and cpuacct nor v2)"
                .into(),
        );
    };
    let own = folder(unified, &own_group("").unwrap_or_default());
    // Where the controllers reach: its own group, else the group above it (a delegated
    // slice: grundy's own group holds grundy, and a group with processes cannot hand
    // controllers down), else the hierarchy's root.
    let above = own.parent().map(Path::to_path_buf);
    for base in [Some(own.clone()), above, Some(unified.point.clone())]
        .into_iter()
        .flatten()
        .filter(|b| b.starts_with(&unified.point))
    {
        let controllers =
            std::fs::read_to_string(base.join("cgroup.subtree_control")).unwrap_or_default();
        let has = |c: &str| controllers.split_whitespace().any(|w| w == c);
        if has("memory") && has("pids") {
            let dir = base.join(&mine);
            return Ok(Place {
                version: Version::V2,
                memory: dir.clone(),
                pids: dir.clone(),
                cpu: dir,
            });
        }
    }
    Err(format!(
        "the unified control group hierarchy at {} delegates no memory and pids controllers to this process",
        unified.point.display()
    ))
}

/// Makes this grundy's folders (and removes those of grundy processes that ended without
/// removing theirs); in v2, lets its run groups have the controllers.
fn prepare(p: &Place) -> Result<(), String> {
    for dir in p.folders() {
        if let Some(parent) = dir.parent() {
            sweep_ended(parent);
        }
        match std::fs::create_dir(dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(format!("cannot make {}: {e}", dir.display())),
        }
    }
    if p.version == Version::V2 {
        std::fs::write(p.memory.join("cgroup.subtree_control"), "+memory +pids").map_err(|e| {
            format!(
                "cannot delegate memory and pids in {}: {e}",
                p.memory.display()
            )
        })?;
    }
    Ok(())
}

/// Removes the `grundy-PID` folders under `parent` whose grundy is gone (killed before it
/// could remove its own): their run folders first, all empty by then.
fn sweep_ended(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("grundy-"))
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if Path::new(&format!("/proc/{pid}")).exists() {
            continue;
        }
        for run in std::fs::read_dir(e.path()).into_iter().flatten().flatten() {
            if run.path().is_dir() {
                let _ = std::fs::remove_dir(run.path());
            }
        }
        let _ = std::fs::remove_dir(e.path());
    }
}

impl Place {
    /// Its folders, each once.
    fn folders(&self) -> Vec<&PathBuf> {
        let mut v = vec![&self.memory];
        for d in [&self.pids, &self.cpu] {
            if !v.contains(&d) {
                v.push(d);
            }
        }
        v
    }
}

/// Removes this grundy's own folders (their run groups are gone by then): called once
/// when grundy ends.
pub fn remove_own() {
    crate::cell::close_all();
    if let Some(Ok(p)) = PLACE.get() {
        for dir in p.folders() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// The control group of one run: made with its limits, joined by the run's launcher,
/// read while it runs, and emptied and removed when it is dropped.
#[derive(Debug)]
pub struct Group {
    version: Version,
    memory: PathBuf,
    pids: PathBuf,
    cpu: PathBuf,
    /// The kernel's kills at the memory limit before the current run (a reused group's
    /// count cannot be reset).
    oom_base: AtomicU64,
    /// The limits last written by [`Group::reset`] (memory, processes): a reused group's
    /// files are written only when the next run's limits differ.
    written: std::sync::Mutex<Option<(Option<u64>, Option<u32>)>>,
}

/// Memory a run's group is given above its memory limit: the launcher, the jail's init
/// and the jail's root (its copied settings files) are in the group too, about 2 MiB.
pub const MEMORY_SLACK: u64 = 4 << 20;

/// Processes and threads a run's group is given above its cap: the launcher and the
/// jail's init.
pub const PROCESS_SLACK: u32 = 2;

impl Group {
    /// A new run group, where groups are [supported](support): memory limited to `memory`
    /// bytes (plus [`MEMORY_SLACK`]; `None`: accounted only), at most `processes`
    /// processes and threads (plus [`PROCESS_SLACK`]). `None` where groups are missing.
    pub fn create(memory: Option<u64>, processes: Option<u32>) -> Option<io::Result<Group>> {
        let place = place().as_ref().ok()?;
        Some(Group::create_in(place, memory, processes))
    }

    fn create_in(p: &Place, memory: Option<u64>, processes: Option<u32>) -> io::Result<Group> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!("run-{}", NEXT.fetch_add(1, Ordering::Relaxed));
        let g = Group {
            version: p.version,
            memory: p.memory.join(&name),
            pids: p.pids.join(&name),
            cpu: p.cpu.join(&name),
            oom_base: AtomicU64::new(0),
            written: std::sync::Mutex::new(None),
        };
        for dir in g.folders() {
            std::fs::create_dir(dir)?;
        }
        // From here on, the group is removed when `g` is dropped.
        if let Some(bytes) = memory {
            let bytes = bytes.saturating_add(MEMORY_SLACK);
            match g.version {
                Version::V1 => {
                    std::fs::write(g.memory.join("memory.limit_in_bytes"), bytes.to_string())?;
                    // With swap, the limit of memory and swap together (no file: no swap).
                    let _ = std::fs::write(
                        g.memory.join("memory.memsw.limit_in_bytes"),
                        bytes.to_string(),
                    );
                }
                Version::V2 => {
                    std::fs::write(g.memory.join("memory.max"), bytes.to_string())?;
                    let _ = std::fs::write(g.memory.join("memory.swap.max"), "0");
                }
            }
        }
        if let Some(n) = processes {
            let n = n.saturating_add(PROCESS_SLACK);
            std::fs::write(g.pids.join("pids.max"), n.to_string())?;
        }
        Ok(g)
    }

    fn folders(&self) -> Vec<&PathBuf> {
        let mut v = vec![&self.memory];
        for d in [&self.pids, &self.cpu] {
            if !v.contains(&d) {
                v.push(d);
            }
        }
        v
    }

    /// The `cgroup.procs` files a process writes `0` into to join the group.
    pub fn procs_files(&self) -> Vec<PathBuf> {
        self.folders()
            .into_iter()
            .map(|d| d.join("cgroup.procs"))
            .collect()
    }

    /// The file the group's CPU time is read from.
    pub fn cpu_file(&self) -> PathBuf {
        match self.version {
            Version::V1 => self.cpu.join("cpuacct.usage"),
            Version::V2 => self.cpu.join("cpu.stat"),
        }
    }

    /// The CPU time of every process that was ever in the group.
    pub fn cpu(&self) -> Duration {
        Duration::from_nanos(read_cpu_ns(&self.cpu_file()).unwrap_or(0))
    }

    /// The group's peak memory (bytes; 0 where the kernel does not say).
    pub fn peak(&self) -> u64 {
        let file = match self.version {
            Version::V1 => "memory.max_usage_in_bytes",
            Version::V2 => "memory.peak",
        };
        read_number(&self.memory.join(file)).unwrap_or(0)
    }

    /// How many times the kernel killed a process of the group for its memory limit.
    pub fn oom_kills(&self) -> u64 {
        let file = match self.version {
            Version::V1 => "memory.oom_control",
            Version::V2 => "memory.events",
        };
        let text = std::fs::read_to_string(self.memory.join(file)).unwrap_or_default();
        keyed(&text, "oom_kill")
            .unwrap_or(0)
            .saturating_sub(self.oom_base.load(Ordering::Relaxed))
    }

    /// Makes a version 1 group ready for its next run: its CPU time and peak memory at
    /// zero, its kills counted from now, and the run's limits: memory (plus
    /// [`MEMORY_SLACK`]; `None`: unlimited) and processes (plus [`PROCESS_SLACK`]).
    pub(crate) fn reset(&self, memory: Option<u64>, processes: Option<u32>) -> io::Result<()> {
        std::fs::write(self.cpu.join("cpuacct.usage"), "0")?;
        std::fs::write(self.memory.join("memory.max_usage_in_bytes"), "0")?;
        self.oom_base.store(0, Ordering::Relaxed);
        let now = self.oom_kills();
        self.oom_base.store(now, Ordering::Relaxed);
        // The limits, written only when they differ from the last run's.
        let mut written = self.written.lock().unwrap_or_else(|e| e.into_inner());
        if *written == Some((memory, processes)) {
            return Ok(());
        }
        *written = None;
        let limit = memory.map_or("-1".to_string(), |m| {
            m.saturating_add(MEMORY_SLACK).to_string()
        });
        // Memory and swap together is never below memory alone: lifted first.
        let memsw = self.memory.join("memory.memsw.limit_in_bytes");
        let swap = memsw.exists();
        if swap {
            std::fs::write(&memsw, "-1")?;
        }
        std::fs::write(self.memory.join("memory.limit_in_bytes"), &limit)?;
        if swap {
            std::fs::write(&memsw, &limit)?;
        }
        let pids = processes.map_or("max".to_string(), |n| {
            n.saturating_add(PROCESS_SLACK).to_string()
        });
        std::fs::write(self.pids.join("pids.max"), pids)?;
        *written = Some((memory, processes));
        Ok(())
    }

    /// How many processes and threads the group holds now.
    pub fn processes(&self) -> usize {
        read_number(&self.pids.join("pids.current")).unwrap_or(0) as usize
    }

    /// The pids of the group's processes now.
    fn members(&self) -> Vec<i32> {
        std::fs::read_to_string(self.memory.join("cgroup.procs"))
            .unwrap_or_default()
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect()
    }

    /// Kills every process of the group (v2: `cgroup.kill` where the kernel has it) and
    /// waits, briefly, until none is left.
    pub fn kill(&self) {
        if self.version == Version::V2 {
            let _ = std::fs::write(self.memory.join("cgroup.kill"), "1");
        }
        self.kill_except(None);
    }

    /// Kills every process of the group but `keep` (a cell's zygote) and waits, briefly,
    /// until none is left.
    pub(crate) fn kill_except(&self, keep: Option<i32>) {
        for round in 0..400 {
            let members: Vec<i32> = self
                .members()
                .into_iter()
                .filter(|&p| Some(p) != keep)
                .collect();
            if members.is_empty() {
                return;
            }
            for pid in members {
                // SAFETY: a signal to a process of the run's own group.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_micros(if round < 20 { 100 } else { 5000 }));
        }
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
        for dir in self.folders() {
            // A group whose last process is still being torn down is busy a moment.
            for _ in 0..200 {
                match std::fs::remove_dir(dir) {
                    Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    _ => break,
                }
            }
        }
    }
}

/// A file holding one number.
fn read_number(file: &Path) -> Option<u64> {
    std::fs::read_to_string(file).ok()?.trim().parse().ok()
}

/// The value of `key` in a `key value` per line file (`memory.events`, `cpu.stat`).
fn keyed(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|l| {
        let (k, v) = l.split_once(' ')?;
        (k == key).then(|| v.trim().parse().ok())?
    })
}

/// The CPU time in nanoseconds in a group's CPU file: v1's `cpuacct.usage` (one number,
/// nanoseconds) or v2's `cpu.stat` (`usage_usec N`).
pub fn read_cpu_ns(file: &Path) -> Option<u64> {
    let text = std::fs::read_to_string(file).ok()?;
    if file.file_name().is_some_and(|n| n == "cpu.stat") {
        keyed(&text, "usage_usec").map(|us| us * 1000)
    } else {
        text.trim().parse().ok()
    }
}

/// Moves the calling process into the groups whose `cgroup.procs` files are given (the
/// launcher, before it starts anything). Async-signal-safe: plain `open`/`write`.
///
/// # Safety
/// `files` are valid C strings.
pub(crate) unsafe fn join(files: &[std::ffi::CString]) -> Result<(), i32> {
    for f in files {
        let fd = libc::open(f.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if fd < 0 {
            return Err(errno());
        }
        let r = libc::write(fd, b"0".as_ptr().cast(), 1);
        let e = errno();
        libc::close(fd);
        if r != 1 {
            return Err(e);
        }
    }
    Ok(())
}

fn errno() -> i32 {
    io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_of_a_group_are_read() {
        assert_eq!(
            keyed("low 0\nhigh 0\nmax 0\noom 2\noom_kill 1\n", "oom_kill"),
            Some(1)
        );
        assert_eq!(
            keyed("oom_kill_disable 0\nunder_oom 0\noom_kill 3\n", "oom_kill"),
            Some(3)
        );
        assert_eq!(
            keyed("usage_usec 1500\nuser_usec 1000\n", "usage_usec"),
            Some(1500)
        );
        assert_eq!(unescape("/sys/fs/cgroup/a\\040b"), "/sys/fs/cgroup/a b");
    }

    /// Where this machine has groups, a shell's children are counted together: the CPU
    /// of two that are never waited for, and the memory limit over all of them.
    #[test]
    fn a_group_accounts_for_every_process_in_it() {
        let Some(group) = Group::create(Some(64 << 20), Some(16)) else {
            return;
        };
        let group = group.expect("a run's group");
        assert_eq!(group.cpu(), Duration::ZERO);
        let procs = group.procs_files();
        let joins: String = procs
            .iter()
            .map(|p| format!("echo 0 > '{}'; ", p.display()))
            .collect();
        // Two children burn 0.2 s of CPU time each; the parent reads that they are done
        // and exits without waiting for them.
        let burn = "import os, time\nr, w = os.pipe()\nfor _ in range(2):\n    if os.fork() == 0:\n        end = time.process_time() + 0.2\n        while time.process_time() < end: pass\n        os.write(w, b'd'); os._exit(0)\nos.close(w)\nwhile os.read(r, 1): pass\n";
        let script = format!("{joins} python3 -c \"{burn}\"");
        let out =
            crate::contain::output(std::process::Command::new("sh").args(["-c", &script])).unwrap();
        assert!(out.status.success(), "{out:?}");
        assert!(
            group.cpu() >= Duration::from_millis(400),
            "{:?}",
            group.cpu()
        );
        assert!(group.peak() > 0);
        assert_eq!(group.oom_kills(), 0);
        // 100 MiB in a child over a 64 MiB group: killed by the kernel, and counted.
        let script = format!("{joins} python3 -c 'b = bytearray(100 << 20)'");
        let out =
            crate::contain::output(std::process::Command::new("sh").args(["-c", &script])).unwrap();
        assert!(!out.status.success(), "{out:?}");
        assert_eq!(group.oom_kills(), 1);
    }
}
