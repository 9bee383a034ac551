//! End-to-end tests of `grundy check` with the solutions kept in tests/solutions/:
//! correct ones are never flagged (also on maximum-size inputs), each classic mistake gets
//! its verdict with a small shrunk case, and misbehaving programs are contained.
//! Needs g++ and python3 (both on the CI machine).

use crate::common;

use common::solution;
use grundy_games::Problem;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Checked {
    out: Output,
    save: tempfile::TempDir,
}

impl Checked {
    fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.out.stderr).into_owned()
    }

    fn verdict(&self) -> String {
        self.stderr()
            .lines()
            .find_map(|l| l.strip_prefix("verdict: ").map(String::from))
            .unwrap_or_default()
    }

    /// The saved failing input, parsed: (vertices over all test cases, file).
    fn saved(&self, problem: Problem) -> (usize, PathBuf) {
        let dir = self.save.path().join(problem.name());
        let input = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}\n{}", dir.display(), self.stderr()))
            .map(|e| e.unwrap().path())
            .find(|p| p.extension().is_some_and(|x| x == "in"))
            .expect("a saved .in");
        assert!(input.with_extension("out").is_file());
        assert!(input.with_extension("actual").is_file());
        let cases = problem
            .parse(&std::fs::read(&input).unwrap(), true)
            .unwrap();
        (cases.iter().map(|c| c.vertices()).sum(), input)
    }
}

/// `grundy check` stopping at the first failure (the quick loop these tests are about).
fn check(problem: &str, args: &[&str], program: &[String]) -> Checked {
    check_plan(problem, &[args, &["--first"]].concat(), program)
}

/// `grundy check` over the whole plan, every group of failures reported.
fn check_plan(problem: &str, args: &[&str], program: &[String]) -> Checked {
    let save = tempfile::tempdir().unwrap();
    let cache = std::env::temp_dir().join("grundy-test-cache");
    let out = common::grundy()
        .args(["check", problem, "--save"])
        .arg(save.path())
        .args(args)
        .arg("--")
        .args(program)
        .env("GRUNDY_CACHE", cache)
        .output()
        .unwrap();
    Checked { out, save }
}

#[test]
fn correct_solutions_pass_everything_including_maximum_inputs() {
    for (sol, cases) in [("agc017d_correct.cpp", "120"), ("agc017d_correct.py", "30")] {
        let c = check("agc017d", &["--cases", cases], &[solution(sol)]);
        assert_eq!(c.out.status.code(), Some(0), "{sol}: {}", c.stderr());
        let stdout = String::from_utf8_lossy(&c.out.stdout);
        assert!(stdout.contains(" passed, 0 failed"), "{stdout}");
        // The family sweep and the adversarial inputs reach every mark of the statement.
        let err = c.stderr();
        assert!(
            err.contains("reached: vertices 2–100,000 · degree 1–99,999 · depth 1–99,999"),
            "{err}"
        );
        assert!(!err.contains("never reached"), "{err}");
    }
}

#[test]
fn wrong_answers_are_shrunk_to_tiny_cases() {
    let cases = [
        ("agc017d", "agc017d_mex.cpp", "WA"),
        ("agc017d", "agc017d_missing_plus_one.py", "WA"),
        ("cot3", "cot3_unsorted.cpp", "WA"),
        ("p2972", "p2972_mod_l.py", "WA"),
        ("poj3710", "poj3710_cycle_is_one.py", "WA"),
        ("cot3", "cot3_missing_minus_one.cpp", "PE"),
    ];
    for (problem, sol, verdict) in cases {
        let c = check(
            problem,
            &["--cases", "150", "--no-adversarial", "--no-families"],
            &[solution(sol)],
        );
        assert_eq!(c.out.status.code(), Some(1), "{sol}: {}", c.stderr());
        assert!(c.verdict().starts_with(verdict), "{sol}: {}", c.stderr());
        let (vertices, _) = c.saved(Problem::from_name(problem).unwrap());
        assert!(
            vertices <= 6,
            "{sol}: shrunk to {vertices} vertices\n{}",
            c.stderr()
        );
    }
}

#[test]
fn poj3710_failures_name_the_test_case_in_the_file() {
    let c = check(
        "poj3710",
        &["--cases", "50", "--no-adversarial", "--no-families"],
        &[solution("poj3710_cycle_is_one.py")],
    );
    assert!(c.stderr().contains("test case"), "{}", c.stderr());
}

#[test]
fn crashes_and_deep_recursion_are_runtime_errors() {
    let c = check(
        "agc017d",
        &["--cases", "50"],
        &[solution("agc017d_crash.cpp")],
    );
    assert!(c.verdict().contains("SIGABRT"), "{}", c.stderr());
    assert!(c.saved(Problem::Agc017d).0 <= 6);
    // Python without a raised recursion limit: RecursionError on the deep chain.
    let c = check(
        "agc017d",
        &["--cases", "0", "--shrink-time", "5"],
        &[solution("agc017d_recursive.py")],
    );
    assert!(c.verdict().starts_with("RE: exit code 1"), "{}", c.stderr());
    // The family sweep's first chain past Python's recursion limit of 1,000.
    assert!(
        c.stderr().contains("(family: chain of 1023 vertices)"),
        "{}",
        c.stderr()
    );
    // Seed 001's recursive C++ DFS overflows a 2 MiB stack on the 10^5 chain.
    let c = check(
        "agc017d",
        &["--cases", "0", "--stack", "2", "--shrink-time", "5"],
        &[solution("agc017d_recursive.cpp")],
    );
    assert!(c.verdict().contains("SIGSEGV"), "{}", c.stderr());
}

#[test]
fn quadratic_solutions_time_out() {
    let c = check(
        "agc017d",
        &["--cases", "0", "--tl", "0.5", "--shrink-time", "4"],
        &[solution("agc017d_quadratic.cpp")],
    );
    assert_eq!(c.out.status.code(), Some(1), "{}", c.stderr());
    assert!(c.verdict().starts_with("TLE: "), "{}", c.stderr());
    // The report shows both figures: CPU time against the limit, wall time against the
    // backstop.
    assert!(
        c.verdict().contains("s CPU (limit 0.5 s)"),
        "{}",
        c.stderr()
    );
    assert!(
        c.verdict().contains("s wall (backstop 1 s)"),
        "{}",
        c.stderr()
    );
}

/// Guards the live CPU limit: a busy loop is stopped when its CPU time passes the limit,
/// long before the wall backstop, and the report gives its own CPU time (once a lost pid
/// let such a program run to the backstop and reported the launcher's 0.00x s instead).
#[test]
fn a_busy_loop_is_stopped_at_its_cpu_limit_and_its_cpu_time_shown() {
    let c = check(
        "agc017d",
        &[
            "--cases",
            "1",
            "--no-adversarial",
            "--no-families",
            "--tl",
            "0.5",
            "--wall-factor",
            "20",
            "--shrink-time",
            "1",
        ],
        &["sh".into(), "-c".into(), "while :; do :; done".into()],
    );
    assert_eq!(c.out.status.code(), Some(1), "{}", c.stderr());
    let v = c.verdict();
    let figure = |unit: &str| -> f64 {
        let before = v.split(unit).next().unwrap_or("");
        before
            .rsplit(' ')
            .next()
            .and_then(|x| x.parse().ok())
            .unwrap_or(-1.0)
    };
    let (cpu, wall) = (figure(" s CPU"), figure(" s wall"));
    assert!(v.starts_with("TLE: "), "{}", c.stderr());
    assert!((0.5..3.0).contains(&cpu), "CPU {cpu}: {v}");
    assert!(
        wall < 5.0,
        "stopped by the CPU limit, not the 10 s backstop: {v}"
    );
}

#[test]
fn memory_hogs_exceed_the_memory_limit() {
    let c = check(
        "agc017d",
        &[
            "--cases",
            "3",
            "--no-adversarial",
            "--no-families",
            "--ml",
            "256",
            "--shrink-time",
            "2",
        ],
        &[solution("agc017d_memory_hog.cpp")],
    );
    assert_eq!(c.verdict(), "MLE", "{}", c.stderr());
    // Without --ml the default limit holds it too (256 MiB, as judges give)...
    let c = check(
        "agc017d",
        &["--cases", "3", "--no-adversarial", "--no-families"],
        &[solution("agc017d_memory_hog.cpp")],
    );
    assert_eq!(c.verdict(), "MLE", "{}", c.stderr());
    assert!(c.stderr().contains("memory 256 MiB"), "{}", c.stderr());
    // ...and with `--ml unlimited` the same program is accepted. Touching 512 MiB is
    // system time (page faults): 0.3 s alone, but once 2.05 s on a 2-core machine busy
    // with other tests, over the default 2 s; this test is about memory, so the time
    // limit is generous.
    let c = check(
        "agc017d",
        &[
            "--cases",
            "3",
            "--no-adversarial",
            "--no-families",
            "--tl",
            "8",
            "--ml",
            "unlimited",
        ],
        &[solution("agc017d_memory_hog.cpp")],
    );
    assert_eq!(c.out.status.code(), Some(0), "{}", c.stderr());
    assert!(c.stderr().contains("memory unlimited"), "{}", c.stderr());
}

#[test]
fn misbehaving_programs_are_contained() {
    let c = check(
        "agc017d",
        &["--cases", "40", "--no-adversarial", "--no-families"],
        &[solution("never_reads.py")],
    );
    assert!(c.verdict().starts_with("WA"), "{}", c.stderr());
    let c = check(
        "agc017d",
        &[
            "--cases",
            "5",
            "--no-adversarial",
            "--no-families",
            "--output-limit",
            "1",
        ],
        &[solution("prints_forever.py")],
    );
    assert!(c.verdict().starts_with("OLE"), "{}", c.stderr());
    let c = check(
        "agc017d",
        &["--cases", "5", "--no-adversarial", "--no-families"],
        &[solution("closes_stdout.py")],
    );
    assert!(c.verdict().starts_with("PE"), "{}", c.stderr());
    // The sleepers sleep a time no other process of the machine does (300 s and this
    // test's pid as a fraction): only they are looked for.
    let marker = format!("300.{}", std::process::id());
    let c = check(
        "agc017d",
        &[
            "--cases",
            "5",
            "--no-adversarial",
            "--no-families",
            "--shrink-time",
            "2",
        ],
        &[solution("forks_sleepers.sh"), marker.clone()],
    );
    // It always answers Bob: the first failure is a wrong answer (its sleepers hold the
    // pipes open but do not stretch the run).
    assert!(c.verdict().starts_with("WA"), "{}", c.stderr());
    // Its children (sleep 300) went with its process group: gone within 5 s (a kill in
    // flight on a loaded machine may take a moment; a sleeper that escaped would stay for
    // 300 s).
    let mut left = Vec::new();
    for _ in 0..50 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        left = Command::new("pgrep")
            .args(["-f", &format!("^sleep {marker}$")])
            .output()
            .unwrap()
            .stdout;
        if left.is_empty() {
            break;
        }
    }
    // The sleepers and their ancestors up to init, so that a failure shows who still
    // holds them (once, on a loaded CI machine, a sleeper's parent shell was alive).
    let mut chain: Vec<String> = String::from_utf8_lossy(&left)
        .split_whitespace()
        .map(String::from)
        .collect();
    let mut at = chain.clone();
    while let Some(pid) = at.pop() {
        let ppid = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| Some(s.rsplit_once(')')?.1.split_whitespace().nth(1)?.to_string()));
        if let Some(ppid) = ppid.filter(|p| p != "0" && !chain.contains(p)) {
            chain.push(ppid.clone());
            at.push(ppid);
        }
    }
    let pids = chain.join(",");
    let what = Command::new("ps")
        .args(["-o", "pid,ppid,pgid,sid,stat,etime,args", "-p", &pids])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    // Which grundy process and run each belongs to (`GRUNDY_RUN_ID` is `PID:RUN`).
    let runs: Vec<String> = chain
        .iter()
        .map(|pid| {
            let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
            let run = env
                .split(|&b| b == 0)
                .find_map(|kv| kv.strip_prefix(b"GRUNDY_RUN_ID="))
                .map(|v| String::from_utf8_lossy(v).into_owned());
            format!("{pid}: run {}", run.as_deref().unwrap_or("-"))
        })
        .collect();
    assert!(
        left.is_empty(),
        "processes left behind:\n{what}\n{}\nthis test's pid: {}",
        runs.join("\n"),
        std::process::id()
    );
}

#[test]
fn replay_judges_a_program_and_writes_reports() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let dir = tempfile::tempdir().unwrap();
    let (json, xml) = (dir.path().join("r.json"), dir.path().join("r.xml"));
    let out = common::grundy()
        .arg("replay")
        .arg(&corpus)
        .arg("--report")
        .arg("json")
        .arg(&json)
        .arg("--report")
        .arg("junit")
        .arg(&xml)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(report["failed"], 0);
    assert!(std::fs::read_to_string(&xml)
        .unwrap()
        .contains("<testsuite name=\"agc017d\""));
    // Against a wrong program only its problem's cases can pass; agc017d cases fail.
    let sub = tempfile::tempdir().unwrap();
    let target = sub.path().join("agc017d");
    std::fs::create_dir(&target).unwrap();
    for e in std::fs::read_dir(corpus.join("agc017d")).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, target.join(p.file_name().unwrap())).unwrap();
    }
    let out = common::grundy()
        .arg("replay")
        .arg(sub.path())
        .arg("--against")
        .arg(solution("agc017d_missing_plus_one.py"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("failed"));
    let out = common::grundy()
        .arg("replay")
        .arg(sub.path())
        .arg("--against")
        .arg(solution("agc017d_correct.py"))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn gen_is_deterministic_and_valid() {
    for problem in ["agc017d", "cot3", "poj3710", "p2972", "cut", "hackenbush"] {
        let run = || {
            common::grundy()
                .args([
                    "gen",
                    problem,
                    "--seed",
                    "42",
                    "--size",
                    "9",
                    "--shape",
                    "caterpillar",
                ])
                .output()
                .unwrap()
                .stdout
        };
        let a = run();
        assert_eq!(a, run());
        let p = Problem::from_name(problem).unwrap();
        p.parse(&a, p.is_contest()).unwrap();
    }
}

/// Every `.in` saved by a check, with its vertex count.
fn saved_inputs(c: &Checked, problem: Problem) -> Vec<(usize, PathBuf)> {
    let dir = c.save.path().join(problem.name());
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "in") {
            let cases = problem.parse(&std::fs::read(&p).unwrap(), true).unwrap();
            out.push((cases.iter().map(|c| c.vertices()).sum(), p));
        }
    }
    out.sort();
    out
}

#[test]
fn a_stack_overflow_is_re_run_with_an_unlimited_stack_and_its_depth_found() {
    // Seed 001's recursive DFS: fine with an unlimited stack, overflows 2 MiB on a chain.
    let c = check_plan(
        "agc017d",
        &["--cases", "40", "--stack", "2", "--shrink-time", "5"],
        &[solution("agc017d_recursive.cpp")],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "RE SIGSEGV with a 2 MiB stack; its failing test re-run with an unlimited stack (memory capped at 512 MiB): OK"
        ) || (err.contains("RE SIGSEGV with a 2 MiB stack; ")
            && err.contains(
                "failing tests re-run with an unlimited stack (memory capped at 512 MiB): OK"
            ))
            || err.contains("failing tests (the 3 smallest, and the smallest of each other shape) re-run with an unlimited stack (memory capped at 512 MiB): OK"),
        "{err}"
    );
    // The threshold is searched on cuts of the group's smallest failing input itself.
    assert!(
        err.contains("bisection on breadth-first cuts of test "),
        "{err}"
    );
}

#[test]
fn two_crash_causes_behind_one_signal_are_two_groups_with_true_notes() {
    // A deep recursion (fixed by a larger stack) and a per-vertex cap that raises SIGSEGV
    // on a star's centre (not): one signal, two causes, told apart by re-running each
    // crash with an unlimited stack.
    let c = check_plan(
        "agc017d",
        &["--cases", "10", "--stack", "1", "--shrink-time", "10"],
        &[solution("agc017d_deep_and_star.cpp")],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(err.contains("2 groups of failures:"), "{err}");
    assert!(
        err.contains("RE SIGSEGV fixed by an unlimited stack on family and maximum inputs"),
        "{err}"
    );
    assert!(
        err.contains("RE SIGSEGV not fixed by an unlimited stack on maximum inputs (star)"),
        "{err}"
    );
    assert!(
        err.contains("re-run with an unlimited stack (memory capped at 512 MiB): OK"),
        "{err}"
    );
    assert!(
        err.contains(
            "re-run with an unlimited stack (memory capped at 512 MiB): still failing, its memory well below the 512 MiB cap (not a stack overflow)"
        ),
        "{err}"
    );
}

#[test]
fn a_mistake_on_every_size_is_one_group_with_a_tiny_witness() {
    // Mex instead of XOR: wrong on small and on large inputs alike. The group of larger
    // inputs shrinks to the small group's size and joins it.
    let c = check_plan(
        "agc017d",
        &["--cases", "60", "--shrink-time", "10"],
        &[solution("agc017d_mex.cpp")],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(!err.contains("groups of failures:"), "one group:\n{err}");
    assert!(err.contains("the same failure, reported once"), "{err}");
    let saved = saved_inputs(&c, Problem::Agc017d);
    assert!(saved[0].0 <= 6, "{saved:?}");
}

#[test]
fn a_fixed_size_pool_is_reported_with_its_threshold() {
    // Edges in a pool sized for 60,000 vertices: aborts on any larger tree.
    let c = check_plan(
        "agc017d",
        &["--cases", "40", "--shrink-time", "5"],
        &[solution("agc017d_small_pool.cpp")],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "its first 60,001 vertices pass, its first 60,002 vertices fail with RE SIGABRT"
        ),
        "{err}"
    );
}

#[test]
fn check_reports_every_test_s_verdict() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let xml = dir.path().join("r.xml");
    let c = check_plan(
        "agc017d",
        &[
            "--cases",
            "30",
            "--no-adversarial",
            "--no-families",
            "--shrink-time",
            "2",
            "--report",
            "json",
            json.to_str().unwrap(),
            "--report",
            "junit",
            xml.to_str().unwrap(),
        ],
        &[solution("agc017d_mex.cpp")],
    );
    assert_eq!(c.out.status.code(), Some(1), "{}", c.stderr());
    let r: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    // Each distinct input once; a test that drew one judged already is counted apart.
    let repeated = r["repeated"].as_u64().unwrap_or(0);
    assert_eq!(r["cases"].as_array().unwrap().len() as u64 + repeated, 30);
    assert_eq!(
        r["passed"].as_u64().unwrap() + r["failed"].as_u64().unwrap() + repeated,
        30
    );
    assert!(!r["groups"].as_array().unwrap().is_empty());
    // The dimensions reached, as the report's line says them; without the family sweep
    // and the adversarial inputs, 30 random inputs never reach the largest tree.
    let reach = &r["reach"];
    assert_eq!(reach["reached"]["vertices"][0], 2, "{reach}");
    assert!(reach["reached"]["degree"].is_array(), "{reach}");
    assert!(reach["reached"]["value"].is_array(), "{reach}");
    let never = reach["never_reached"].as_array().unwrap();
    assert!(
        never.iter().any(|n| n
            .as_str()
            .unwrap()
            .starts_with("vertices 100,000 (the largest allowed")),
        "{reach}"
    );
    assert!(
        c.stderr().contains("\nreached: vertices 2–"),
        "{}",
        c.stderr()
    );
    assert!(
        c.stderr().contains("\nnever reached: vertices 100,000"),
        "{}",
        c.stderr()
    );
    // A reproduce line for every group and every failing case.
    for g in r["groups"].as_array().unwrap() {
        assert!(
            g["reproduce"][0].as_str().unwrap().contains(" < "),
            "the program on the saved input: {g}"
        );
        assert!(g["reproduce"][1]
            .as_str()
            .unwrap()
            .starts_with("grundy check agc017d"));
    }
    for case in r["cases"].as_array().unwrap() {
        if case["status"] == "fail" {
            assert!(
                case["reproduce"].as_str().unwrap().contains("--case "),
                "{case}"
            );
            assert!(
                case["details"].as_str().unwrap().contains("Alice"),
                "{case}"
            );
            // The program's own time, not grundy's work on the test.
            assert!(case["seconds"].as_f64().unwrap() < 1.0, "{case}");
        }
    }
    let x = std::fs::read_to_string(&xml).unwrap();
    assert!(x.contains(&format!("tests=\"{}\"", 30 - repeated)), "{x}");
    junit_keeps_the_schema_facts(&x);
    assert!(x.contains("reproduce: grundy check agc017d"), "{x}");
}

/// Every element of a JUnit report carries the attributes the schema requires and no
/// other than it allows (`tests/data/junit-schema-facts.toml`), and a failure has a body.
fn junit_keeps_the_schema_facts(x: &str) {
    let facts: toml::Table = toml::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/junit-schema-facts.toml"),
        )
        .unwrap(),
    )
    .unwrap();
    let names = |element: &str, key: &str| -> Vec<String> {
        facts[element][key]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    for element in ["testsuites", "testsuite", "testcase", "failure"] {
        let open = format!("<{element} ");
        let mut seen = 0;
        for piece in x.split(open.as_str()).skip(1) {
            seen += 1;
            let tag = &piece[..piece.find('>').unwrap()];
            // Attribute names: the words before each `="`.
            let attrs: Vec<&str> = tag
                .split("\" ")
                .map(|a| a.trim().trim_end_matches('/'))
                .filter_map(|a| a.split_once("=\"").map(|(n, _)| n.trim()))
                .collect();
            for a in &attrs {
                assert!(
                    names(element, "allowed").iter().any(|n| n == a),
                    "<{element}> may not carry `{a}`: {tag}"
                );
            }
            for r in names(element, "required") {
                assert!(
                    attrs.contains(&r.as_str()),
                    "<{element}> needs `{r}`: {tag}"
                );
            }
            if element == "failure" {
                assert!(!tag.ends_with('/'), "a failure has a body: {tag}");
            }
        }
        assert!(seen > 0, "no <{element}> in {x}");
    }
}

/// Every built-in problem's package lists its solutions (from tests/solutions/) with the
/// verdict each must get, and one `grundy check problems/NAME` with no program judges
/// them all: every one meets its tag.
#[test]
fn every_builtin_problem_package_meets_its_solution_tags() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for problem in ["agc017d", "cot3", "p2972", "poj3710"] {
        let save = tempfile::tempdir().unwrap();
        let out = common::grundy()
            .arg("check")
            .arg(root.join("problems").join(problem))
            // A time limit of 1.5 s, not the statements' 2 s (the correct Python
            // solution takes 0.3 s on a 10^5 chain here): the TLE-tagged solutions are
            // run to the limit several times (the plan, the growth, the shrink).
            .args([
                "--cases",
                "20",
                "--first",
                "--shrink-time",
                "1",
                "--tl",
                "1.5",
            ])
            .arg("--save")
            .arg(save.path())
            .env(
                "GRUNDY_CACHE",
                std::env::temp_dir().join("grundy-test-cache"),
            )
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{problem}:\n{report}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            report.contains("every solution got its expected verdict"),
            "{report}"
        );
    }
}

/// The figure of the first `peak memory N MiB` line of a report (exact ones only).
fn peak_mib(report: &str) -> Option<f64> {
    report.lines().find_map(|l| {
        let rest = l.split("; peak memory ").nth(1)?;
        rest.strip_suffix(" MiB")?.parse().ok()
    })
}

/// The peak memory a report shows is the program's own, whatever grundy holds: a crash
/// on a 10^5-vertex chain, while grundy holds several trees of that size, shows the
/// program's own ~11 MiB (started from a copy of grundy it showed grundy's size); a
/// program that touches 96 MiB shows at least that.
#[test]
fn the_peak_memory_shown_is_the_programs_own() {
    let c = check(
        "agc017d",
        &["--cases", "0", "--stack", "4", "--shrink-time", "1"],
        &[solution("agc017d_recursive.cpp")],
    );
    assert_eq!(c.verdict().split(':').next(), Some("RE"), "{}", c.stderr());
    let peak = peak_mib(&c.stderr()).unwrap_or_else(|| panic!("{}", c.stderr()));
    assert!(peak < 30.0, "{peak} MiB\n{}", c.stderr());
    let c = check(
        "agc017d",
        &[
            "--cases",
            "20",
            "--no-adversarial",
            "--no-families",
            "--shrink-time",
            "1",
        ],
        &[solution("agc017d_fat_wrong.py")],
    );
    let peak = peak_mib(&c.stderr()).unwrap_or_else(|| panic!("{}", c.stderr()));
    assert!((96.0..160.0).contains(&peak), "{peak} MiB\n{}", c.stderr());
    // A small C++ program (about 3 MiB) is measured exactly too: the launcher's pages the
    // fork copies (about 1 MiB) are below it. With the launcher's whole resident size as
    // the floor (over 3 MiB, and 5 with an allocator's huge page), it read "at most 4 MiB".
    let c = check(
        "agc017d",
        &["--cases", "5", "--no-adversarial", "--no-families"],
        &[solution("agc017d_mex.cpp")],
    );
    assert_eq!(c.verdict().split(':').next(), Some("WA"), "{}", c.stderr());
    let peak = peak_mib(&c.stderr()).unwrap_or_else(|| panic!("{}", c.stderr()));
    assert!((1.0..10.0).contains(&peak), "{peak} MiB\n{}", c.stderr());
}

#[test]
fn an_endless_recursion_is_named_from_a_sample_of_capped_re_runs_and_its_line() {
    // The recursion passes the wrong parent down and never ends, from 2 vertices on. Its
    // cause is established on the smallest few failing tests, each re-run with an
    // unlimited stack whose memory is capped at 512 MiB (it grows there, so no stack size
    // cures it); the sanitized build names the recursion's line.
    let c = check_plan(
        "agc017d",
        &["--cases", "30", "--shrink-time", "10"],
        &[solution("agc017d_wrong_parent.cpp")],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(err.contains("memory 256 MiB"), "{err}");
    assert!(
        err.contains("RE SIGSEGV, unbounded recursion (no stack size cures it) on small"),
        "{err}"
    );
    assert!(
        err.contains("re-run with an unlimited stack (memory capped at 512 MiB): its memory grew to the 512 MiB cap and it still failed: an unbounded recursion, which no stack size cures"),
        "{err}"
    );
    // A sample, not every failing test, and the report says how many.
    let sampled = err
        .split("stack; ")
        .nth(1)
        .and_then(|t| t.split(" failing tests").next())
        .unwrap_or_else(|| panic!("{err}"));
    let numbers: Vec<usize> = sampled
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(
        numbers.len() == 2 && numbers[0] < numbers[1] / 4,
        "a sample: {sampled}\n{err}"
    );
    assert!(!err.contains("not a stack overflow"), "{err}");
    assert!(
        err.contains("on the sanitized build: stack-overflow at agc017d_wrong_parent.cpp:"),
        "{err}"
    );
    let saved = saved_inputs(&c, Problem::Agc017d);
    assert_eq!(saved[0].0, 2, "{saved:?}");
}

/// Mistakes that only a dimension shows, caught by the family sweep of every check: a
/// value kept in a byte (wrong only when the root's value is a non-zero multiple of 256:
/// random trees of up to 10^5 vertices rarely reach one) and a fixed row of 16 neighbours
/// (wrong only beside a vertex of degree 17 or more whose neighbours have subtrees, on a
/// tree whose winner the damage flips). Each is one group, shrunk small, under three seeds.
#[test]
fn the_family_sweep_reaches_values_and_degrees_random_trees_miss() {
    // The chains do not depend on the seed; the hubs' subtrees do. A witness of ~40
    // vertices is judged by the oracle, whose search of a hub's states is the slow part.
    for (seed, sol, most, member, shrink) in [
        (
            "1",
            "agc017d_byte_value.cpp",
            300,
            "(family: chain of 257 vertices)",
            "1",
        ),
        (
            "2",
            "agc017d_byte_value.cpp",
            300,
            "(family: chain of 257 vertices)",
            "1",
        ),
        (
            "3",
            "agc017d_byte_value.cpp",
            300,
            "(family: chain of 257 vertices)",
            "1",
        ),
        (
            "1",
            "agc017d_neighbours16.cpp",
            40,
            "(family: hub of degree ",
            "5",
        ),
    ] {
        let c = check_plan(
            "agc017d",
            &["--seed", seed, "--cases", "20", "--shrink-time", shrink],
            &[solution(sol)],
        );
        let err = c.stderr();
        assert_eq!(c.out.status.code(), Some(1), "{sol} seed {seed}: {err}");
        assert!(err.contains(member), "{sol} seed {seed}: {err}");
        let saved = saved_inputs(&c, Problem::Agc017d);
        assert_eq!(saved.len(), 1, "{sol} seed {seed}: one group: {err}");
        assert!(saved[0].0 <= most, "{sol} seed {seed}: {saved:?}\n{err}");
    }
}

#[test]
fn sanitize_finds_undefined_behaviour_that_an_o2_build_survives_at_its_line() {
    // Vertex 100,000 indexes one past an array of 100,000: the -O2 build passes every
    // test...
    let c = check_plan(
        "agc017d",
        &["--cases", "10"],
        &[solution("agc017d_latent_oob.cpp")],
    );
    assert_eq!(c.out.status.code(), Some(0), "{}", c.stderr());
    // ...the sanitized build names the read at its line, as a group of its own.
    let c = check_plan(
        "agc017d",
        &["--cases", "10", "--sanitize", "--shrink-time", "3"],
        &[solution("agc017d_latent_oob.cpp")],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    let line = line_of("agc017d_latent_oob.cpp", "order_of[v] = ");
    assert!(
        err.contains(&format!(
            "UB: index 100000 out of bounds for type 'int [100000]' at agc017d_latent_oob.cpp:{line} on maximum inputs"
        )),
        "{err}"
    );
    assert!(
        err.contains("ASAN_OPTIONS="),
        "the reproduce line runs the sanitized build: {err}"
    );
    assert!(err.contains(" --sanitize -- "), "{err}");
    // A fixed row of 16 children per vertex, written past by a vertex of degree 17.
    let c = check_plan(
        "agc017d",
        &["--cases", "10", "--sanitize", "--shrink-time", "5"],
        &[solution("agc017d_row16.cpp")],
    );
    let err = c.stderr();
    let line = line_of("agc017d_row16.cpp", "child[u][count_of[u]++]");
    assert!(
        err.contains(&format!(
            "UB: index 16 out of bounds for type 'int [16]' at agc017d_row16.cpp:{line}"
        )),
        "{err}"
    );
}

/// The line (from 1) of a solution's source that holds `text`.
fn line_of(file: &str, text: &str) -> usize {
    let src = std::fs::read_to_string(solution(file)).unwrap();
    1 + src.lines().position(|l| l.contains(text)).expect(text)
}

/// One test number per finding: each group announces `X on test N`, and its reproduce
/// lines bring back exactly that: `grundy check … --case N` announces the same test with
/// the same verdict, and the program on the saved file (named after the program and N)
/// fails again. The RE group of this program has failing tests before the one it shows
/// and shrinks (the smallest), which the group table, the file and `--case` once named
/// instead.
#[test]
fn every_reproduce_line_brings_back_the_test_shown() {
    let dir = tempfile::tempdir().unwrap();
    let run = |line: &str| common::grundy_shell(line, dir.path()).output().unwrap();
    let out = common::grundy()
        .args([
            "check",
            "agc017d",
            "--cases",
            "20",
            "--shrink-time",
            "2",
            "--color",
            "never",
            "--",
        ])
        .arg(solution("agc017d_two_bugs.py"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    let err = common::stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    let mut groups = 0;
    for (k, line) in lines.iter().enumerate() {
        let Some((verdict, rest)) = line.split_once(" on test ") else {
            continue;
        };
        if !["WA", "RE"].contains(&verdict) {
            continue;
        }
        groups += 1;
        let test: u64 = rest.split(' ').next().unwrap().parse().unwrap();
        let saved = lines[k..]
            .iter()
            .find_map(|l| l.strip_prefix("saved: "))
            .map(|s| s.split(' ').next().unwrap().to_string())
            .unwrap();
        assert!(
            saved.ends_with(&format!("/agc017d_two_bugs.check-1-{test}.in")),
            "{saved}: {err}"
        );
        let program = lines[k..]
            .iter()
            .find_map(|l| l.strip_prefix("reproduce: "))
            .unwrap();
        let again = run(program);
        let expected =
            std::fs::read_to_string(dir.path().join(&saved).with_extension("out")).unwrap();
        assert!(
            !again.status.success()
                || String::from_utf8_lossy(&again.stdout)
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    != expected.split_whitespace().collect::<Vec<_>>(),
            "the program on {saved} did not fail again"
        );
        let grundy = lines[k..]
            .iter()
            .find_map(|l| l.trim_start().strip_prefix("or: "))
            .unwrap();
        assert!(grundy.contains(&format!(" --case {test} ")), "{grundy}");
        // (Its shrink cut short: the test it brings back is what is looked at.)
        let again = common::stderr(&run(&grundy.replacen(" -- ", " --shrink-time 1 -- ", 1)));
        assert!(
            again.contains(&format!("{verdict} on test {test} ")),
            "`{grundy}` did not bring back test {test}: {again}"
        );
        // The group table names the same test.
        let row = lines
            .iter()
            .find(|l| l.trim_start().starts_with(&format!("{verdict} ")) && l.contains(&saved))
            .unwrap();
        assert!(row.contains(&format!("  {test}  ")), "{row}");
    }
    assert_eq!(groups, 2, "{err}");
}

/// A program that sleeps is stopped by the wall-clock backstop with its CPU time under
/// the limit: the verdict says so, and its group is not shrunk (a shrink would chase the
/// machine's load). The sleep is far past the backstop and uses no CPU time, so the
/// test does not depend on the machine's load.
#[test]
fn a_tle_by_the_wall_clock_is_said_and_not_shrunk() {
    let c = check_plan(
        "agc017d",
        &[
            "--cases",
            "2",
            "--no-adversarial",
            "--no-families",
            "--tl",
            "0.5",
        ],
        &[
            "python3".into(),
            "-c".into(),
            "import time; time.sleep(60)".into(),
        ],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("TLE by the wall clock on small inputs"),
        "{err}"
    );
    assert!(
        err.contains("verdict: TLE: stopped by the wall-clock backstop after 1.0"),
        "{err}"
    );
    assert!(
        err.contains("not shrunk: stopped by the wall-clock backstop (1 s)"),
        "{err}"
    );
    assert!(!err.contains("shrunk in"), "{err}");
}

/// A failure that does not repeat when its test is run again is not shrunk (the shrink
/// would chase it for its whole budget): said, with what the re-run did.
#[test]
fn a_failure_that_does_not_repeat_is_not_shrunk() {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("ran-once");
    let c = check_plan(
        "agc017d",
        &[
            "--cases",
            "1",
            "--no-adversarial",
            "--no-families",
            "--sandbox",
            "none",
        ],
        &[
            "python3".into(),
            solution("fails_once.py"),
            marker.display().to_string(),
            solution("agc017d_correct.py"),
        ],
    );
    let err = c.stderr();
    assert_eq!(c.out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(
            "not shrunk: the failure did not repeat when test 0 was run again (it passed)"
        ),
        "{err}"
    );
    assert!(!err.contains("shrunk in"), "{err}");
}

/// A TLE by the wall clock far under the CPU limit is run again alone before it counts:
/// a run that waited (here: its first run sleeps, as on a busy machine) and passes the
/// second time passes the check, which says so with both runs' figures. Where the limit
/// is the elapsed time itself (`--wall-factor 1`, AtCoder's), the TLE stands.
#[test]
fn a_busy_machine_decides_nothing() {
    let check = |extra: &[&str]| {
        let marks = tempfile::tempdir().unwrap();
        common::grundy()
            .args([
                "check",
                "agc017d",
                "--case",
                "0",
                "--tl",
                "0.5",
                "--sandbox",
                "none",
            ])
            .args(["--shrink-time", "0", "--color", "never"])
            .args(extra)
            .args(["--", "python3"])
            .arg(common::repo("tests/solutions/agc017d_slow_first_run.py"))
            .arg(marks.path())
            .output()
            .unwrap()
    };
    let said = |out: &Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            common::stderr(out)
        )
    };
    let out = check(&[]);
    let err = said(&out);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("1 passed, 0 failed"), "{err}");
    assert!(
        err.contains("test 0: stopped by the wall clock after "),
        "{err}"
    );
    assert!(err.contains("run again alone, it passed in "), "{err}");
    assert!(err.contains("the machine was busy"), "{err}");
    let out = check(&["--wall-factor", "1"]);
    let err = said(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("TLE on test 0"), "{err}");
    assert!(!err.contains("the machine was busy"), "{err}");
}
