//! The evil-programs suite: each test reproduces one way a judged program, a signal or an
//! argument used to defeat the harness (numbered as in the containment issue), and checks
//! that it no longer does. The programs live in tests/evil/. Self-limiting: every process
//! a test starts is found by a unique marker and killed when the test ends, whatever its
//! outcome. Needs python3 and a POSIX shell.

use crate::common;

use common::{grundy, repo, stderr};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn file(dir: &str, name: &str) -> String {
    repo("tests").join(dir).join(name).display().to_string()
}

fn correct_py() -> String {
    file("solutions", "agc017d_correct.py")
}

/// Processes whose command line is `sleep SECONDS` (each test uses its own SECONDS).
fn sleepers(seconds: &str) -> Vec<i32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            continue;
        };
        let args: Vec<&[u8]> = cmdline.split(|&b| b == 0).collect();
        if args.len() >= 2 && args[0].ends_with(b"sleep") && args[1] == seconds.as_bytes() {
            // A zombie has an empty cmdline, so this one is alive.
            found.push(pid);
        }
    }
    found
}

/// Kills the test's sleepers when the test ends, pass or fail.
struct Reaper(&'static str);

impl Drop for Reaper {
    fn drop(&mut self) {
        for pid in sleepers(self.0) {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
    }
}

/// Waits for `child` at most `limit`; kills it past that (and fails the test).
fn wait_at_most(mut child: std::process::Child, limit: Duration) -> Output {
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "still running after {limit:?}; stderr:\n{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn check_args(extra: &[&str], program: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "check",
        "agc017d",
        "--cases",
        "3",
        "--no-adversarial",
        "--no-families",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    args.extend(extra.iter().map(|s| s.to_string()));
    args.push("--".into());
    args.extend(program.iter().map(|s| s.to_string()));
    args
}

fn run_check(cwd: &Path, extra: &[&str], program: &[&str], limit: Duration) -> Output {
    let child = grundy()
        .args(check_args(extra, program))
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_at_most(child, limit)
}

// 1. A child that calls setsid() and keeps stdout open no longer stretches the time
//    limit: the run ends when the program ends, and the child is killed.
#[test]
fn e01_a_setsid_child_holding_stdout_neither_hangs_the_judge_nor_survives() {
    let _reaper = Reaper("601.25");
    let dir = tempfile::tempdir().unwrap();
    let out = run_check(
        dir.path(),
        &["--tl", "5"],
        &[
            "python3",
            &file("evil", "setsid_child.py"),
            "601.25",
            "keep",
            &correct_py(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(sleepers("601.25").is_empty(), "the setsid child survived");
}

// 2. The same child with its descriptors on /dev/null is not left behind either.
#[test]
fn e02_a_setsid_child_on_dev_null_is_not_left_behind() {
    let _reaper = Reaper("602.25");
    let dir = tempfile::tempdir().unwrap();
    let out = run_check(
        dir.path(),
        &[],
        &[
            "python3",
            &file("evil", "setsid_child.py"),
            "602.25",
            "devnull",
            &correct_py(),
        ],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(sleepers("602.25").is_empty(), "orphaned sleepers remain");
}

/// 3. SIGTERM, SIGHUP or SIGINT to `grundy check` kills the judged program and exits
///    128 + the signal.
fn signal_stops_the_judged_program(signal: &str, seconds: &'static str, code: i32) {
    let _reaper = Reaper(seconds);
    let dir = tempfile::tempdir().unwrap();
    let child = grundy()
        .args(check_args(
            &["--tl", "100"],
            &[&file("evil", "sleeps_forever.sh"), seconds],
        ))
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while sleepers(seconds).is_empty() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the program never started"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(status.success());
    let out = wait_at_most(child, Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(code), "{}", stderr(&out));
    assert!(
        sleepers(seconds).is_empty(),
        "the judged program outlived grundy"
    );
}

#[test]
fn e03_sigterm_kills_the_judged_program() {
    signal_stops_the_judged_program("TERM", "603.25", 143);
}

#[test]
fn e03_sighup_kills_the_judged_program() {
    signal_stops_the_judged_program("HUP", "603.5", 129);
}

#[test]
fn e03_sigint_kills_the_judged_program() {
    signal_stops_the_judged_program("INT", "603.75", 130);
}

// 4. A program that deletes ./failures, ./corpus and everything around it runs in an
//    empty directory of its own: the caller's files survive, and nothing is left behind.
#[test]
fn e04_a_program_that_deletes_its_working_directory_harms_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for d in ["failures", "corpus"] {
        std::fs::create_dir(dir.path().join(d)).unwrap();
        std::fs::write(dir.path().join(d).join("keep.txt"), "precious").unwrap();
    }
    let out = run_check(
        dir.path(),
        &[],
        &[&file("evil", "deletes_files.sh"), &correct_py()],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    for d in ["failures", "corpus"] {
        assert!(
            dir.path().join(d).join("keep.txt").is_file(),
            "{d} was deleted"
        );
    }
    assert!(!dir.path().join("left-behind").exists());
}

fn small_input(dir: &Path) -> PathBuf {
    let p = dir.join("in.txt");
    std::fs::write(&p, "3\n1 2\n1 3\n").unwrap();
    p
}

fn to_dev_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    grundy().args(args).stdout(full).output().unwrap()
}

// 5. A full disk on stdout is an error (exit 2, one line), never a panic or the
//    "finding" code; a closed pipe ends quietly with 141, like other Unix tools.
#[test]
fn e05_write_errors_on_stdout_are_reported_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let input = small_input(dir.path());
    let input = input.to_str().unwrap();
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/agc017d");
    let corpus_parent = corpus.parent().unwrap().to_str().unwrap().to_string();
    for args in [
        vec!["validate", "agc017d", input],
        vec!["solve", "agc017d", input],
        vec!["gen", "agc017d", "--seed", "3"],
        vec!["replay", &corpus_parent],
    ] {
        let out = to_dev_full(&args);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("standard output"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // `grundy gen … | head -c1`: the reader goes away after one byte.
    let mut child = grundy()
        .args(["gen", "agc017d", "--size", "100000", "--tier", "large"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut byte = [0u8; 1];
    child.stdout.take().unwrap().read_exact(&mut byte).unwrap();
    let out = wait_at_most(child, Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(141), "{}", stderr(&out));
    assert!(out.stderr.is_empty(), "{}", stderr(&out));
}

// 6. Durations that overflow, are negative, NaN or infinite are refused (exit 2).
#[test]
fn e06_absurd_durations_are_refused_not_panics() {
    let cases: &[&[&str]] = &[
        &["check", "agc017d", "--tl", "1e30", "--", "true"],
        &["check", "agc017d", "--tl", "1e19", "--", "true"],
        &["check", "agc017d", "--time", "1e30", "--", "true"],
        &["check", "agc017d", "--time", "inf", "--", "true"],
        &["check", "agc017d", "--shrink-time", "1e30", "--", "true"],
        &["check", "agc017d", "--tl", "-1", "--", "true"],
        &["check", "agc017d", "--tl", "0", "--", "true"],
        &["check", "agc017d", "--wall-factor", "0.5", "--", "true"],
        &["replay", "corpus", "--tl", "1e30"],
        &["selftest", "--seconds", "-1"],
        &["selftest", "--seconds", "nan"],
        &["fuzz", "--time", "1e300"],
        &["fuzz", "--case-time", "0"],
    ];
    for args in cases {
        let out = grundy().args(*args).output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // The benchmarks' own binary parses durations the same way: bench/tests/durations.rs.
}

fn one_case_corpus(dir: &Path, name: &str) -> PathBuf {
    let corpus = dir.join("corpus");
    std::fs::create_dir_all(corpus.join("agc017d")).unwrap();
    std::fs::write(
        corpus.join("agc017d").join(format!("{name}.in")),
        "3\n1 2\n1 3\n",
    )
    .unwrap();
    std::fs::write(corpus.join("agc017d").join(format!("{name}.out")), "Bob\n").unwrap();
    corpus
}

// 7. `--report` after `--against CMD` is grundy's option, not the program's argument.
#[test]
fn e07_replay_report_after_against_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = one_case_corpus(dir.path(), "star");
    let report = dir.path().join("report.xml");
    let out = grundy()
        .arg("replay")
        .arg(&corpus)
        .arg("--against")
        .arg(file("solutions", "agc017d_correct.py"))
        .arg("--report")
        .arg("junit")
        .arg(&report)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let xml = std::fs::read_to_string(&report).expect("the report is written");
    assert!(xml.contains("tests=\"1\""), "{xml}");
    // A command with arguments goes after `--`.
    let out = grundy()
        .arg("replay")
        .arg(&corpus)
        .args(["--report", "json"])
        .arg(dir.path().join("r.json"))
        .arg("--")
        .args(["python3", &correct_py()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(dir.path().join("r.json").is_file());
}

// 8. A missing or non-executable program is bad usage (exit 2), not a runtime error.
#[test]
fn e08_a_missing_or_non_executable_program_is_bad_usage() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("not-executable");
    std::fs::write(&plain, "#!/bin/sh\necho Bob\n").unwrap();
    // Executable, but its interpreter is missing: only the exec in the launcher fails.
    let shebang = dir.path().join("bad-interpreter");
    std::fs::write(&shebang, "#!/nonexistent/interpreter\necho Bob\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&shebang, std::fs::Permissions::from_mode(0o755)).unwrap();
    for program in [
        dir.path().join("does-not-exist").display().to_string(),
        plain.display().to_string(),
        "no-such-program-anywhere".to_string(),
        shebang.display().to_string(),
    ] {
        let out = run_check(dir.path(), &[], &[&program], Duration::from_secs(30));
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{program}: {err}");
        assert!(!err.contains("RE"), "{program}: {err}");
        assert!(!dir.path().join("failures").exists(), "nothing is saved");
    }
}

// 9. Control bytes in case names and program output: JUnit XML stays well-formed, an
//    invalid-UTF-8 file name is still named, and the terminal sees them escaped.
#[test]
fn e09_control_bytes_are_escaped_in_reports_and_terminals() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let corpus = one_case_corpus(dir.path(), "esc\x1b[2Jname\x01");
    let bad = std::ffi::OsStr::from_bytes(b"bad\xffname.in");
    std::fs::write(corpus.join("agc017d").join(bad), "3\n1 2\n1 3\n").unwrap();
    std::fs::write(
        corpus
            .join("agc017d")
            .join(std::ffi::OsStr::from_bytes(b"bad\xffname.out")),
        "Bob\n",
    )
    .unwrap();
    let report = dir.path().join("report.xml");
    let out = grundy()
        .arg("replay")
        .arg(&corpus)
        .arg("--report")
        .arg("junit")
        .arg(&report)
        .arg("--")
        .args(["python3", &file("evil", "prints_escapes.py")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!out.stderr.contains(&0x1b), "raw ESC reached the terminal");
    let xml = std::fs::read(&report).unwrap();
    assert!(
        xml.iter()
            .all(|&b| b >= 0x20 || b == b'\n' || b == b'\t' || b == b'\r'),
        "control bytes in the XML"
    );
    let parsed = Command::new("python3")
        .arg("-c")
        .arg("import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])")
        .arg(&report)
        .output()
        .unwrap();
    assert!(parsed.status.success(), "{}", stderr(&parsed));
    let text = String::from_utf8_lossy(&xml);
    assert!(text.contains("name=\"bad\u{fffd}name\""), "{text}");
    // grundy check shows the program's output and stderr escaped too.
    let out = run_check(
        dir.path(),
        &["--shrink-time", "2"],
        &["python3", &file("evil", "prints_escapes.py")],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!out.stderr.contains(&0x1b), "raw ESC reached the terminal");
    assert!(!out.stderr.contains(&0x07), "raw BEL reached the terminal");
    assert!(stderr(&out).contains("\\x1b[2J"), "{}", stderr(&out));
}

// 10. A `.git/` folder (or any hidden folder) inside a corpus is not a problem folder.
#[test]
fn e10_hidden_folders_in_a_corpus_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = one_case_corpus(dir.path(), "star");
    std::fs::create_dir_all(corpus.join(".git/objects")).unwrap();
    std::fs::write(corpus.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
    let out = grundy().arg("replay").arg(&corpus).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 passed, 0 failed"));
}

// 11. An endless stream of tokens (`yes 1 | grundy solve cut`) stops at the first token
//     after a complete input, with bounded memory.
#[test]
fn e11_an_endless_input_stream_is_refused() {
    let mut child = grundy()
        .args(["solve", "cut"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = b"1\n".repeat(1 << 16);
        // Stops when grundy closes the pipe; bounded in any case (2 GiB).
        for _ in 0..(1 << 14) {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
    });
    let out = wait_at_most(child, Duration::from_secs(60));
    writer.join().unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("after the end of the input"), "{err}");
}

// 12. A huge oracle budget under a memory rlimit is refused (exit 2), not an abort.
#[test]
fn e12_a_huge_oracle_budget_under_a_memory_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let star = dir.path().join("star.txt");
    let mut text = String::from("40\n");
    for v in 2..=40 {
        text += &format!("1 {v}\n");
    }
    std::fs::write(&star, text).unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 300000; exec '{}' solve agc017d '{}' --engine oracle --max-states 1000000000000",
            env!("CARGO_BIN_EXE_grundy"),
            star.display()
        ))
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("out of memory"), "{err}");
}

// 13. Two programs checked with the same --save DIR never overwrite each other.
#[test]
fn e13_findings_of_two_programs_in_one_save_folder_are_both_kept() {
    let dir = tempfile::tempdir().unwrap();
    let wrong = [
        file("solutions", "agc017d_mex.cpp"),
        file("solutions", "agc017d_missing_plus_one.py"),
    ];
    for w in &wrong {
        let out = run_check(
            dir.path(),
            // Seed 2: the three random inputs of seed 1 are all trees mex values right.
            &["--seed", "2", "--shrink-time", "5", "--first"],
            &[w],
            Duration::from_secs(120),
        );
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    }
    let saved: Vec<String> = std::fs::read_dir(dir.path().join("failures/agc017d"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".in"))
        .collect();
    assert_eq!(saved.len(), 2, "{saved:?}");
}

// 14. `import --corpus /typo/path` creates nothing; a shrink cut short says so; `fuzz`
//     stopped by Ctrl-C exits 130.
#[test]
fn e14_typos_interruptions_and_cut_short_shrinks_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let artifact = dir.path().join("artifact");
    std::fs::write(&artifact, b"#2\n1 2\n").unwrap();
    let typo = dir.path().join("typo/path/corpus");
    let out = grundy()
        .arg("import")
        .arg(&artifact)
        .args(["--target", "check_cut", "--corpus"])
        .arg(&typo)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!dir.path().join("typo").exists(), "a typo created a tree");

    let out = run_check(
        dir.path(),
        &["--seed", "2", "--shrink-time", "0"],
        &[&file("solutions", "agc017d_mex.cpp")],
        Duration::from_secs(60),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("cut short"), "{}", stderr(&out));

    let child = grundy()
        .args(["fuzz", "--time", "60", "--corpus"])
        .arg(dir.path().join("corpus"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    Command::new("kill")
        .arg("-INT")
        .arg(child.id().to_string())
        .status()
        .unwrap();
    let out = wait_at_most(child, Duration::from_secs(20));
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("interrupted"));
}

// 15. A panicking solver is a finding — shrunk, saved, printed with its reproduce line —
//     not a crash of the campaign; a hanging one is flagged by the watchdog and shrunk.
// Long (about 90 lines): one scenario, a panic then a hang, each followed from the
// campaign's report to the saved files and the reproduce line.
#[test]
fn e15_a_panicking_or_hanging_solver_is_a_finding_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    let out = grundy()
        .args(["fuzz", "cut", "--seed", "5", "--time", "20"])
        .args(["--subject", "cut-panics-on-wide", "--corpus"])
        .arg(&corpus)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("PANIC in cut"), "{err}");
    assert!(err.contains("index out of bounds"), "{err}");
    assert!(
        !err.contains("panicked at"),
        "the default panic message leaked: {err}"
    );
    assert!(
        err.contains("reproduce: grundy fuzz cut --seed 0x5 --case"),
        "{err}"
    );
    assert!(err.contains("--subject cut-panics-on-wide"), "{err}");
    let saved = std::fs::read_dir(corpus.join("cut")).unwrap().count();
    assert!(saved >= 2, "the case and its README are saved");

    let out = grundy()
        .args([
            "fuzz",
            "chip",
            "--seed",
            "5",
            "--time",
            "20",
            "--case-time",
            "0.3",
        ])
        .args(["--subject", "chip-hangs-on-deep", "--corpus"])
        .arg(&corpus)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("HANG in chip"), "{err}");
    // Shrunk through contained probes to the smallest tree of depth 4: a 5-vertex chain.
    assert!(err.contains("shrunk to 5 in"), "{err}");
    assert!(corpus.join("chip").is_dir());

    // The same in `exhaust`, whose findings re-run with `--case K`.
    let out = grundy()
        .args([
            "exhaust",
            "cut",
            "--max-nodes",
            "6",
            "--subject",
            "cut-panics-on-wide",
        ])
        .arg("--corpus")
        .arg(&corpus)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("PANIC in cut"), "{err}");
    assert!(
        err.contains(
            "reproduce: grundy exhaust cut --max-nodes 6 --case 7 --subject cut-panics-on-wide"
        ),
        "{err}"
    );
    let out = grundy()
        .args([
            "exhaust",
            "chip",
            "--max-nodes",
            "6",
            "--chips",
            "1",
            "--case-time",
            "0.3",
        ])
        .args(["--subject", "chip-hangs-on-deep", "--corpus"])
        .arg(&corpus)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("HANG in chip"), "{err}");
    assert!(err.contains("shrunk to 5 in"), "{err}");
}
