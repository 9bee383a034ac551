//! The sandbox's guarantees (`sandbox/src/jail.rs`), each held by one hostile program of
//! `tests/hostile/` run through `grundy check agc017d --case 0`: the program tries one
//! thing, prints `ESCAPED: …` (a wrong answer) where it worked and answers correctly
//! where it did not. Each test asserts the check passed (the action failed and the
//! program was judged by its answer) and, on the host, that nothing was left. The harmless
//! ones are run with `--sandbox none` too, where they must escape (so the programs do
//! test something), and the machine without user namespaces is made with `unshare`.

use crate::common;

use common::{grundy, repo, stderr};
use std::path::Path;
use std::process::Output;

/// `grundy check agc017d --case 0 [extra] -- python3 tests/hostile/NAME.py …`.
fn hostile(name: &str, extra: &[&str], args: &[&str]) -> Output {
    hostile_in(grundy(), name, extra, args)
}

/// [`hostile`], with `cmd` the way grundy is started.
fn hostile_in(mut cmd: std::process::Command, name: &str, extra: &[&str], args: &[&str]) -> Output {
    let dir = repo("tests/hostile");
    cmd.args(["check", "agc017d", "--case", "0", "--color", "never"])
        .args(extra)
        .arg("--")
        .arg("python3")
        .arg(dir.join(format!("{name}.py")))
        .arg(&dir)
        .arg(repo("tests/solutions/agc017d_correct.py"))
        .args(args);
    let scratch = tempfile::tempdir().unwrap();
    cmd.current_dir(scratch.path()).output().unwrap()
}

/// What a run printed, stdout and stderr.
fn said(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(out))
}

/// The check passed: the program answered right, so its action failed.
fn contained(out: &Output) {
    let err = said(out);
    assert!(out.status.success(), "{:?} {err}", out.status);
    assert!(err.contains("1 passed, 0 failed"), "{err}");
    assert!(!err.contains("ESCAPED"), "{err}");
    assert!(
        err.contains("sandbox: namespaces (user, mount, pid, network), "),
        "{err}"
    );
}

/// The check failed on the program's `ESCAPED: what` line.
fn escaped(out: &Output, what: &str) {
    let err = said(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("ESCAPED: {what}")), "{err}");
}

#[test]
fn a_program_cannot_write_outside_its_folder() {
    let host = tempfile::tempdir().unwrap();
    let target = host.path().join("written");
    let arg = format!("file={}", target.display());
    contained(&hostile("writes_outside", &[], &[&arg]));
    assert!(!target.exists());
    // Without the sandbox it can: the program tests something.
    escaped(
        &hostile("writes_outside", &["--sandbox", "none"], &[&arg]),
        "wrote",
    );
    assert!(target.exists());
}

#[test]
fn a_program_cannot_read_or_list_the_host_s_files() {
    let host = tempfile::tempdir().unwrap();
    let secret = host.path().join("expected-answer.ans");
    std::fs::write(&secret, "Alice\n").unwrap();
    let file = format!("file={}", secret.display());
    let folder = format!("folder={}", host.path().display());
    contained(&hostile("reads_host_files", &[], &[&file, &folder]));
    escaped(
        &hostile(
            "reads_host_files",
            &["--sandbox", "none"],
            &[&file, &folder],
        ),
        "read",
    );
}

/// A shell that opens a file and a folder on descriptors 7 and 8 (not close-on-exec, as
/// a CI runner's log or a make jobserver's pipe is) and then runs grundy with them open.
fn grundy_inheriting(file: &Path, folder: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new("sh");
    cmd.arg("-c")
        .arg(r#"exec 7<"$1" 8<"$2"; shift 2; exec "$@""#)
        .arg("sh")
        .arg(file)
        .arg(folder)
        .arg(env!("CARGO_BIN_EXE_grundy"));
    cmd
}

#[test]
fn a_program_inherits_no_descriptor_of_the_caller_of_grundy() {
    let host = tempfile::tempdir().unwrap();
    let secret = host.path().join("secret.txt");
    std::fs::write(&secret, "the host's secret\n").unwrap();
    let cmd = grundy_inheriting(&secret, host.path());
    contained(&hostile_in(cmd, "reads_inherited", &[], &[]));
    // Compiles and the programs of a package go through the same launcher; without the
    // sandbox too, the descriptors are closed.
    let cmd = grundy_inheriting(&secret, host.path());
    let out = hostile_in(cmd, "reads_inherited", &["--sandbox", "none"], &[]);
    let err = said(&out);
    assert!(out.status.success(), "{err}");
    assert!(!err.contains("ESCAPED"), "{err}");
}

/// The check failed on test 0 with `verdict`, and the report's resource line says `said`.
fn judged(out: &Output, verdict: &str, said_too: &str) {
    let err = said(out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&format!("verdict: {verdict}")), "{err}");
    assert!(err.contains(said_too), "{err}");
    assert!(
        err.contains("control groups v1 (memory, pids, cpuacct)")
            || err.contains("control groups v2 (memory, pids, cpu)"),
        "{err}"
    );
}

/// The flags of a run judged by its CPU time and memory alone: a wall-clock backstop 20
/// times the time limit, so that a loaded machine (children that wait for a core) decides
/// nothing.
const BY_CPU: [&str; 4] = ["--shrink-time", "0", "--wall-factor", "20"];

/// Without the sandbox (per-process limits), the same program is accepted under the same
/// limits: what the test asserts is the run's accounting, not the program's answer.
fn accepted_per_process(name: &str, args: &[&str]) {
    let out = hostile(name, &[&["--sandbox", "none"][..], &BY_CPU].concat(), args);
    let err = said(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("1 passed, 0 failed"), "{err}");
}

#[test]
fn the_cpu_time_of_children_nobody_waits_for_is_the_run_s() {
    // 2 × 1.2 s of CPU time under a 2 s limit, the program itself idle.
    judged(
        &hostile("children_burn_cpu", &BY_CPU, &["seconds=1.2"]),
        "TLE",
        "s CPU (limit 2 s)",
    );
    accepted_per_process("children_burn_cpu", &["seconds=1.2"]);
}

#[test]
fn the_memory_of_all_a_run_s_processes_is_limited_together() {
    // 8 × 100 MiB under 256 MiB: each child under it, all together far over it.
    judged(
        &hostile("children_hold_memory", &BY_CPU, &["mib=100"]),
        "MLE",
        "killed by the kernel at the memory limit",
    );
    accepted_per_process("children_hold_memory", &["mib=100"]);
}

#[test]
fn memory_in_a_memfd_counts_against_the_limit() {
    judged(
        &hostile("fills_memfd", &BY_CPU, &["mib=512"]),
        "MLE",
        "killed by the kernel at the memory limit",
    );
    accepted_per_process("fills_memfd", &["mib=512"]);
}

/// A run is pinned to one core, its children with it (a program of a judge's own tests
/// checks it); `--jobs 2` gives each job's runs a core of its own.
#[test]
fn a_run_and_its_children_are_pinned_to_one_core() {
    contained(&hostile("checks_its_core", &[], &[]));
    contained(&hostile("checks_its_core", &["--jobs", "2"], &[]));
    let err = said(&hostile("checks_its_core", &[], &[]));
    assert!(err.contains(", one core per job\n"), "{err}");
}

#[test]
fn a_program_cannot_connect_to_a_listener_on_the_host() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = format!("port={}", listener.local_addr().unwrap().port());
    contained(&hostile("connects", &[], &[&port]));
    assert!(listener.accept().is_err(), "a connection reached the host");
    escaped(
        &hostile("connects", &["--sandbox", "none"], &[&port]),
        "connected",
    );
}

#[test]
fn a_program_sees_and_signals_only_its_own_processes() {
    // It looks for grundy among the processes it sees and stops it; it sees two.
    contained(&hostile("sees_processes", &[], &[]));
}

#[test]
fn a_program_cannot_hold_more_processes_than_the_cap() {
    contained(&hostile("forks_past_the_cap", &[], &["cap=64"]));
    contained(&hostile(
        "forks_past_the_cap",
        &["--processes", "8"],
        &["cap=8"],
    ));
}

#[test]
fn an_orphan_in_a_session_of_its_own_does_not_outlive_the_run() {
    contained(&hostile("orphans", &[], &["seconds=383"]));
    assert!(
        !common::processes_running("sleep", "383"),
        "the orphan outlived the run"
    );
}

#[test]
fn a_program_cannot_fill_more_than_its_scratch_folder() {
    contained(&hostile("fills_scratch", &[], &["mib=64"]));
}

#[test]
fn a_program_opens_no_device_of_the_host() {
    contained(&hostile("opens_devices", &[], &[]));
}

#[test]
fn a_program_cannot_chroot_mount_or_make_namespaces() {
    contained(&hostile("chroots", &[], &[]));
}

#[test]
fn a_fork_bomb_is_a_time_limit_and_leaves_nothing() {
    let out = hostile("fork_bomb", &["--tl", "0.5", "--shrink-time", "0"], &[]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("TLE on test 0"), "{err}");
    // The verdict says how many processes it held, at most the cap.
    let held = err
        .split("; it held ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or_else(|| panic!("no count of processes: {err}"));
    // How many it reached depends on how fast the machine forks: the run's CPU time,
    // every process's together, may end it before the cap.
    assert!((2..=64).contains(&held), "{held}: {err}");
    assert!(
        err.contains("processes when stopped (the sandbox's cap: 64)"),
        "{err}"
    );
    assert!(
        !common::processes_running("python3", "fork_bomb.py"),
        "a fork bomb's process outlived the run"
    );
}

/// Where the kernel makes no user namespace (here: a user namespace whose limit of
/// nested ones is 0, as `user.max_user_namespaces = 0` makes a machine), `auto` says so
/// once and judges without the sandbox; `strict` refuses to run.
#[test]
fn without_user_namespaces_auto_says_so_and_strict_refuses() {
    let exe = env!("CARGO_BIN_EXE_grundy");
    let solution = repo("tests/solutions/agc017d_correct.py");
    let script = format!(
        "echo 0 > /proc/sys/user/max_user_namespaces || exit 99
'{exe}' check agc017d --case 0 -- '{s}'; echo \"auto: $?\"
'{exe}' check agc017d --case 0 --sandbox strict -- '{s}'; echo \"strict: $?\"",
        s = solution.display()
    );
    let out = std::process::Command::new("unshare")
        .args(["--user", "--map-root-user", "sh", "-c", &script])
        .current_dir(tempfile::tempdir().unwrap().path())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    assert!(text.contains("auto: 0"), "{text}");
    assert!(text.contains("note: no sandbox:"), "{text}");
    assert!(
        text.contains("they can read and write your files"),
        "{text}"
    );
    assert!(
        text.contains("sandbox: none (this machine does not allow one"),
        "{text}"
    );
    assert!(text.contains("strict: 2"), "{text}");
    assert!(
        text.contains("error: sandbox strict: no run without the sandbox"),
        "{text}"
    );
    assert_eq!(text.matches("note: no sandbox:").count(), 1, "{text}");
}

/// Compiles run in the sandbox too: a C++ and a Rust solution are built and judged.
#[test]
fn compiles_run_in_the_sandbox() {
    let cache = tempfile::tempdir().unwrap();
    for source in ["agc017d_correct.cpp", "agc017d_mex.cpp"] {
        let out = grundy()
            .env("GRUNDY_CACHE", cache.path())
            .args(["check", "agc017d", "--case", "0", "--color", "never", "--"])
            .arg(repo("tests/solutions").join(source))
            .output()
            .unwrap();
        let err = said(&out);
        assert!(!err.contains("compilation failed"), "{err}");
        assert!(err.contains("sandbox: namespaces"), "{err}");
    }
    let rust = cache.path().join("answer.rs");
    std::fs::write(
        &rust,
        "fn main() { let mut s = String::new(); std::io::stdin().read_line(&mut s).unwrap(); println!(\"Alice\"); }\n",
    )
    .unwrap();
    let out = grundy()
        .env("GRUNDY_CACHE", cache.path())
        .args(["check", "agc017d", "--case", "0", "--color", "never", "--"])
        .arg(&rust)
        .output()
        .unwrap();
    let err = said(&out);
    assert!(!err.contains("compilation failed"), "{err}");
    assert!(err.contains("1 passed"), "{err}");
    assert!(Path::new(&rust).exists());
}

/// A compile is bounded as a run is: a 600 MiB initialized array makes the assembler
/// write past the compile output cap (256 MiB), which stops it there; the check says CE
/// with the compiler's words, and the build cache keeps nothing of it.
#[test]
fn a_compile_cannot_write_past_its_output_cap() {
    let cache = tempfile::tempdir().unwrap();
    let source = repo("tests/hostile/writes_past_the_compile_cap.cpp");
    let out = grundy()
        .env("GRUNDY_CACHE", cache.path().join("cache"))
        .args(["check", "agc017d", "--case", "0", "--color", "never", "--"])
        .arg(&source)
        .output()
        .unwrap();
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("CE: "), "{err}");
    assert!(err.contains("File size limit exceeded"), "{err}");
    let build = cache.path().join("cache/build");
    let kept: Vec<_> = std::fs::read_dir(&build)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(kept.is_empty(), "the cache kept {kept:?}");
}

/// An interactive contestant that closes its output mid-game and waits, alive: the jury
/// sees the end of its output (WA, stopped mid-game) at once, not a time limit, with the
/// sandbox and without.
#[test]
fn an_interactive_contestant_that_closes_its_output_ends_the_game() {
    for sandbox in ["auto", "none"] {
        let out = grundy()
            .args(["check"])
            .arg(repo("examples/problems/node-kayles-interactive"))
            .args(["--case", "0", "--color", "never", "--shrink-time", "0"])
            .args(["--sandbox", sandbox, "--", "python3"])
            .arg(repo("tests/hostile/closes_output_mid_game.py"))
            .output()
            .unwrap();
        let err = said(&out);
        assert_eq!(out.status.code(), Some(1), "{sandbox}: {err}");
        assert!(err.contains("verdict: WA: "), "{sandbox}: {err}");
        assert!(
            err.contains("stopped mid-game: its output ended where the side it takes was expected"),
            "{sandbox}: {err}"
        );
    }
}

/// The holder of the jails' shared network namespace (`sandbox/src/network.rs`) makes
/// it, says `ready`, and ends when its stdin closes (when grundy ends, or is killed):
/// it outlives no grundy.
#[test]
fn the_network_holder_ends_with_its_grundy() {
    use std::io::{BufRead, BufReader, Write};
    let mut holder = grundy()
        .arg("__grundy-network")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(holder.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert_eq!(line, "ready\n");
    let net = std::fs::read_link(format!("/proc/{}/ns/net", holder.id())).unwrap();
    let own = std::fs::read_link("/proc/self/ns/net").unwrap();
    assert_ne!(net, own, "the holder's network namespace is a new one");
    let mut stdin = holder.stdin.take().unwrap();
    stdin.write_all(b"go\n").unwrap();
    drop(stdin);
    assert!(holder.wait().unwrap().success());
}
