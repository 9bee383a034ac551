//! End-to-end tests of the `grundy` command line: statement samples, malformed inputs
//! (exit 2 and a one-line message naming the line), and million-vertex inputs.

use crate::common;

use grundy_fuzzing::gen::{self, TreeShape};
use grundy_fuzzing::Rng;
use grundy_games::{CutPos, PaintPos, Position, Problem};
use std::io::Write;
use std::process::{Output, Stdio};

fn grundy(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = common::grundy()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn solve(problem: &str, input: &str) -> String {
    let out = grundy(&["solve", problem], input.as_bytes());
    assert!(
        out.status.success(),
        "{problem}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn statement_samples() {
    let cases = [
        ("agc017d", "5\n1 2\n2 3\n2 4\n4 5\n", "Alice\n"),
        ("agc017d", "5\n1 2\n2 3\n1 4\n4 5\n", "Bob\n"),
        ("agc017d", "6\n1 2\n2 4\n5 1\n6 3\n3 2\n", "Alice\n"),
        ("agc017d", "7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n", "Bob\n"),
        (
            "cot3",
            "8\n1 1 0 1 0 0 1 0\n1 2\n1 3\n2 6\n3 4\n3 5\n5 7\n7 8\n",
            "5\n",
        ),
        (
            "cot3",
            "20\n1 1 1 0 1 1 1 0 1 0 0 0 1 0 1 0 0 0 0 0\n1 2\n2 3\n2 4\n1 5\n1 6\n5 7\n5 8\n2 9\n8 10\n1 11\n1 12\n9 13\n6 14\n14 15\n7 16\n11 17\n2 18\n7 19\n12 20\n",
            "8\n11\n12\n",
        ),
        ("poj3710", "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n", "Sally\n"),
        ("p2972", "3 2 10\n1 5\n1 3\n2 3\n3 1\n", "No\nYes\n"),
    ];
    for (problem, input, expected) in cases {
        assert_eq!(solve(problem, input), expected, "{problem} {input:?}");
        // Every sample is also a valid input of its statement.
        let v = grundy(&["validate", problem], input.as_bytes());
        assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    }
}

#[test]
fn native_formats_answer_every_query() {
    assert_eq!(
        solve("cut", "5\n1 2\n1 3\n1 4\n1 5\n"),
        "0\n-1\n0 2 2 2 2\n"
    );
    assert_eq!(solve("cut", "4\n1 2\n2 3\n3 4\n"), "3\n2\n3 3 3 3\n");
    assert_eq!(
        solve("chip", "4 1\n1 2\n1 3\n1 4\n1\n"),
        "1\n1 2\n1 3\n1 4\n"
    );
    assert_eq!(solve("hackenbush", "1\n3 3\n1 2\n2 3\n3 1\n"), "1\n1 2\n");
    assert_eq!(solve("hackenbush", "1\n2 2\n1 2\n2 1\n"), "0\n-1\n");
    assert_eq!(solve("hackenbush", "1\n1 1\n1 1\n"), "1\n1 1\n");
    assert_eq!(
        solve("staircase", "3 2 10\n1 5\n1 3\n2 3\n3 1\n"),
        "6\n0\n2\n"
    );
    // Painting the root leaves the child (value 1); painting 2 paints both.
    assert_eq!(solve("paint", "2\n0 0\n1 2\n"), "2\n2\n");
}

#[test]
fn the_oracle_engine_prints_what_the_solver_prints() {
    for (problem, input) in [
        ("agc017d", "7\n1 2\n3 7\n4 6\n2 3\n2 4\n1 5\n"),
        ("cut", "6\n1 2\n2 4\n5 1\n6 3\n3 2\n"),
        ("hackenbush", "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n"),
        ("p2972", "3 2 10\n1 5\n1 3\n2 3\n3 1\n"),
    ] {
        let oracle = grundy(&["solve", problem, "--engine", "oracle"], input.as_bytes());
        assert!(oracle.status.success());
        assert_eq!(
            String::from_utf8(oracle.stdout).unwrap(),
            solve(problem, input)
        );
    }
}

#[test]
fn the_oracle_refuses_past_its_budget_quickly() {
    // A star of 40 rays has 2^40 positions.
    let mut input = String::from("41\n");
    for v in 2..=41 {
        input += &format!("1 {v}\n");
    }
    let start = std::time::Instant::now();
    let out = grundy(&["solve", "cut", "--engine", "oracle"], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "position too large for exhaustive search: 1000000 states explored, limit 1000000"
        ),
        "{err}"
    );
    assert!(start.elapsed().as_secs_f64() < 10.0);
}

#[test]
fn the_oracle_refuses_huge_stone_counts_without_running_out_of_memory() {
    for input in [
        "2 1 1000000000000000000\n1 1000000000000000000\n2 999999999999999999\n",
        "3 0 100000\n1 100000\n2 100000\n",
    ] {
        let out = grundy(
            &["solve", "staircase", "--engine", "oracle"],
            input.as_bytes(),
        );
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("position too large for exhaustive search"),
            "{err}"
        );
        // The solver answers the same input at once.
        assert!(grundy(&["solve", "staircase"], input.as_bytes())
            .status
            .success());
    }
}

#[test]
fn misere_outcomes() {
    // One heap of one: the player to move must take it and then loses (misère).
    let out = grundy(&["solve", "cut", "--misere"], b"2\n1 2\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "Second\n");
    let out = grundy(&["solve", "cut", "--misere"], b"3\n1 2\n2 3\n");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "First\n");
}

/// The hand-verified answers of the shared test data (`games/testdata/hand_verified.toml`,
/// also replayed against both engines by the fuzzing crate) through `grundy solve GAME`
/// and `grundy solve GAME --misere`.
#[test]
fn grundy_solve_gives_every_hand_verified_answer() {
    let data: grundy_games::testdata::HandVerified =
        toml::from_str(grundy_games::testdata::HAND_VERIFIED).expect("the test data parses");
    for case in &data.case {
        let what = format!("{} case\n{}why: {}", case.game, case.input, case.why);
        if let Some(expected) = &case.output {
            let out = grundy(&["solve", &case.game], case.input.as_bytes());
            assert!(out.status.success(), "{what}");
            assert_eq!(String::from_utf8_lossy(&out.stdout), *expected, "{what}");
        }
        if let Some(wins) = &case.misere {
            let out = grundy(&["solve", &case.game, "--misere"], case.input.as_bytes());
            assert!(out.status.success(), "{what}");
            let lines: Vec<&str> = wins
                .iter()
                .map(|&w| if w { "First" } else { "Second" })
                .collect();
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                format!("{}\n", lines.join("\n")),
                "misère, {what}"
            );
        }
    }
}

/// Every malformed input of the shared test data (`games/testdata/bad.toml`, also replayed
/// against the parser by the games crate) through `grundy solve`, or `grundy validate`
/// for the statement's constraints: exit 2, one line naming the line and what was expected.
#[test]
fn malformed_inputs_exit_2_naming_the_line() {
    let bad: grundy_games::testdata::Bad =
        toml::from_str(grundy_games::testdata::BAD).expect("the test data parses");
    for case in &bad.input {
        let command = if case.strict { "validate" } else { "solve" };
        let out = grundy(&[command, &case.problem], case.text.as_bytes());
        let err = String::from_utf8_lossy(&out.stderr);
        let what = format!("{command} {} {:?}", case.problem, case.text);
        assert_eq!(out.status.code(), Some(2), "{what}: {err}");
        assert!(err.contains(&case.error), "{what}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(out.stdout.is_empty());
    }
}

fn million(shape: TreeShape, seed: u64) -> grundy_games::Tree {
    gen::tree(&mut Rng::new(seed), 1_000_000, shape)
}

#[test]
fn million_vertex_inputs_without_stack_overflow() {
    for (i, shape) in [TreeShape::Chain, TreeShape::Star, TreeShape::Prufer]
        .into_iter()
        .enumerate()
    {
        let tree = million(shape, i as u64);
        let cut = Problem::Agc017d.write_input(&[Position::Cut(CutPos { tree: tree.clone() })]);
        let out = grundy(&["solve", "agc017d"], cut.as_bytes());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let out = grundy(&["solve", "cut"], cut.as_bytes());
        assert!(out.status.success());
        assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
        let white = (0..tree.len()).map(|v| v % 3 != 0).collect();
        let paint = Problem::Cot3.write_input(&[Position::Paint(PaintPos { tree, white })]);
        let out = grundy(&["solve", "cot3"], paint.as_bytes());
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn long_cycles_get_their_winning_moves_in_linear_time() {
    // An odd cycle of 100,001 edges at the root is worth 1; the only winning cut is the
    // middle edge, which leaves two chains of 50,000 (values equal, XOR 0).
    let n = 100_001;
    let mut input = format!("1\n{n} {n}\n");
    for v in 1..n {
        input += &format!("{v} {}\n", v + 1);
    }
    input += &format!("{n} 1\n");
    let out = grundy(&["solve", "hackenbush"], input.as_bytes());
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1\n1 50001\n");
}

#[test]
fn fuzz_prints_and_reports_the_shape_census() {
    let dir = std::env::temp_dir().join(format!("grundy-census-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let report = dir.join("campaign.json");
    let out = grundy(
        &[
            "fuzz",
            "hackenbush",
            "--cases",
            "3000",
            "--seed",
            "1",
            "--jobs",
            "1",
            "--corpus",
            dir.to_str().unwrap(),
            "--report",
            "json",
            report.to_str().unwrap(),
        ],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("census"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 100), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let census = &json["games"]["hackenbush"]["census"];
    let buckets = grundy_fuzzing::census::buckets(grundy_games::Game::Hackenbush);
    assert_eq!(census.as_object().unwrap().len(), buckets.len());
    for b in buckets {
        assert!(
            census[b.name].as_u64().unwrap() > 0,
            "{} is 0: {census}",
            b.name
        );
    }
    assert_eq!(json["games"]["hackenbush"]["cases"], 3000);
    assert_eq!(json["seed"], "0x1");
    // An unknown format is refused before any work.
    let out = grundy(&["fuzz", "--report", "xml", "x.xml"], b"");
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn exhaust_on_several_threads_reports_the_first_failing_position() {
    let dir = std::env::temp_dir().join(format!("grundy-exhaust-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let reproduce = |jobs: &str| {
        let out = grundy(
            &[
                "exhaust",
                "cut",
                "--max-nodes",
                "7",
                "--subject",
                "cut-xor-constant",
                "--jobs",
                jobs,
                "--corpus",
                dir.to_str().unwrap(),
            ],
            b"",
        );
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        err.lines()
            .find(|l| l.contains("reproduce:"))
            .unwrap_or_else(|| panic!("{err}"))
            .to_string()
    };
    let one = reproduce("1");
    assert!(one.contains("--case 5"), "{one}");
    assert_eq!(reproduce("2"), one);
    assert_eq!(reproduce("3"), one);
    // A position past the enumeration is refused, not passed.
    let out = grundy(
        &[
            "exhaust",
            "cut",
            "--max-nodes",
            "5",
            "--case",
            "99999999",
            "--corpus",
            dir.to_str().unwrap(),
        ],
        b"",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains(
            "--case 99999999: the enumeration of cut with --max-nodes 5 has no position 99999999"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tree_problems_from_a_file_or_a_redirect_are_answered_by_peeling_and_errors_are_the_parsers() {
    let dir = std::env::temp_dir().join(format!("grundy-peel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run_problem = |problem: &str, text: &str, redirect: bool| {
        let path = dir.join("input.txt");
        std::fs::write(&path, text).unwrap();
        let mut cmd = common::grundy();
        cmd.args(["solve", problem]);
        if redirect {
            cmd.stdin(std::fs::File::open(&path).unwrap());
        } else {
            cmd.arg(&path).stdin(Stdio::null());
        }
        let out = cmd.output().unwrap();
        let err =
            String::from_utf8_lossy(&out.stderr).replace(&path.display().to_string(), "<stdin>");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            err,
        )
    };
    let run = |text: &str, redirect: bool| run_problem("agc017d", text, redirect);
    for redirect in [false, true] {
        // `cut` reads the same layout and prints the whole answer: the value, the
        // winning cuts by their child end, the value for every root.
        let (code, out, _) = run_problem("cut", "5\n1 2\n2 3\n2 4\n4 5\n", redirect);
        assert_eq!((code, out.as_str()), (Some(0), "4\n2\n4 2 4 0 2\n"));
        let (code, out, _) = run_problem("cut", "3\n3 1\n1 2\n", redirect);
        assert_eq!((code, out.as_str()), (Some(0), "0\n-1\n0 2 2\n"));
        let (code, _, err) = run_problem("cut", "4\n1 2\n2 3\n3 1\n", redirect);
        assert_eq!(code, Some(2));
        assert!(err.contains("line 4") && err.contains("edge 3 1"), "{err}");
        // Statement samples (Alice wins the first two).
        assert_eq!(run("5\n1 2\n2 3\n2 4\n4 5\n", redirect).1, "Alice\n");
        assert_eq!(run("5\n1 2\n2 3\n1 4\n4 5\n", redirect).1, "Bob\n");
        let (code, _, err) = run("4\n1 2\n2 3\n3 1\n", redirect);
        assert_eq!(code, Some(2));
        assert!(err.contains("line 4") && err.contains("edge 3 1"), "{err}");
        let (code, _, err) = run("3\n1 2\n2 3\n7\n", redirect);
        assert_eq!(code, Some(2));
        assert!(
            err.contains("line 4, column 1: unexpected token '7'"),
            "{err}"
        );
        let (code, _, err) = run("3\n1 2\n2 x\n", redirect);
        assert_eq!(code, Some(2));
        assert!(
            err.contains("line 3, column 3: expected edge 2 of 2: second endpoint"),
            "{err}"
        );
        // COT 3 and `paint` (N, the colours, the edges) the same way: the answers are the
        // oracle's, the errors the parser's.
        for problem in ["cot3", "paint"] {
            for text in [
                "1\n0\n",
                "1\n1\n",
                "3\n0 0 0\n1 2\n2 3\n",
                "6\n0 1 0 0 1 0\n1 2\n1 3\n3 4\n3 5\n6 5\n",
                "7\n0 0 0 0 0 0 0\n4 1\n1 2\n2 7\n4 5\n6 4\n3 4\n",
            ] {
                let (code, out, err) = run_problem(problem, text, redirect);
                assert_eq!(code, Some(0), "{err}");
                let path = dir.join("input.txt");
                let oracle = common::grundy()
                    .args(["solve", problem, "--engine", "oracle"])
                    .arg(&path)
                    .output()
                    .unwrap();
                assert_eq!(
                    out,
                    String::from_utf8_lossy(&oracle.stdout),
                    "{problem} {text:?}"
                );
            }
            let (code, _, err) = run_problem(problem, "3\n0 2 0\n1 2\n2 3\n", redirect);
            assert_eq!(code, Some(2));
            assert!(
                err.contains("line 2") && err.contains("colour of vertex 2"),
                "{err}"
            );
            let (code, _, err) = run_problem(problem, "4\n0 0 0 0\n1 2\n2 3\n3 1\n", redirect);
            assert_eq!(code, Some(2));
            assert!(err.contains("line 5") && err.contains("edge 3 1"), "{err}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `grundy gen GAME --size N` gives N vertices for every native game played on a tree,
/// with or without `--shape` (a size used to cap a random size instead).
#[test]
fn gen_size_is_the_vertex_count_of_native_tree_games() {
    for game in ["cut", "chip", "paint", "staircase"] {
        for shape in [None, Some("star")] {
            let mut args = vec!["gen", game, "--size", "300"];
            args.extend(shape.iter().flat_map(|s| ["--shape", s]));
            let out = grundy(&args, b"");
            assert!(out.status.success(), "{args:?}");
            let text = String::from_utf8_lossy(&out.stdout);
            let n = text.split_whitespace().next().unwrap_or("");
            assert_eq!(n, "300", "{args:?}: {}", text.lines().next().unwrap_or(""));
        }
    }
}

/// `grundy validate` holds an input to the strict layout (one space, `\n` line ends, a
/// final newline, no blank lines, no leading zeros, the format's tokens on each line),
/// naming the line and column; `--lenient` accepts what `solve` reads.
#[test]
fn validate_is_strict_about_the_layout_and_says_where() {
    for (input, says) in [
        (
            "3\n1  2\n2 3\n",
            "line 2, column 2: two spaces between tokens",
        ),
        (
            "3\n1 2 \n2 3\n",
            "line 2, column 4: a space at the end of the line",
        ),
        ("3\n\n1 2\n2 3\n", "line 2, column 1: a blank line"),
        ("3\r\n1 2\r\n2 3\r\n", "line 1, column 2: a carriage return"),
        (
            "3\n1 2\n2 3",
            "line 3, column 4: no newline at the end of the input",
        ),
        (
            "03\n1 2\n2 3\n",
            "line 1, column 1: `03` has a leading zero",
        ),
        (
            "3\n1 2 2 3\n",
            "line 2, column 5: 4 tokens on this line, where the format puts 2",
        ),
    ] {
        let out = grundy(&["validate", "agc017d"], input.as_bytes());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{input:?}: {err}");
        assert!(err.contains(says), "{input:?}: {err}");
        let lenient = grundy(&["validate", "agc017d", "--lenient"], input.as_bytes());
        assert!(lenient.status.success(), "{input:?}");
    }
    // A package's inputs too, by its schema's writer.
    let dir = common::example("game-on-leaves");
    let dir = dir.to_str().unwrap();
    let ok = grundy(&["validate", dir], b"1\n3 2\n1 2\n2 3\n");
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let out = grundy(&["validate", dir], b"1\n3 2 1 2\n2 3\n");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2, column 5: 4 tokens on this line, where the format puts 2"),
        "{err}"
    );
}
